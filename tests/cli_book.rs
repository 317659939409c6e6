//! `gridforge … book`: the PDF read back by an independent tool, Debian's
//! poppler-utils (`pdfinfo`, `pdftotext -bbox`, `pdftoppm`). Every Kakuro's
//! clues are recovered from the words' positions on the page and re-solved:
//! unique, and equal to the printed solution.

mod common;

use common::{gridforge, stderr, stdout, succeeded, temp_file};
use gridforge_kakuro::{solve, Board, Uniqueness};
use std::collections::BTreeMap;
use std::process::Command;

/// Runs a poppler tool, which must be installed (scripts/test installs
/// poppler-utils), and returns its standard output.
fn poppler(tool: &str, args: &[&str]) -> String {
    let out = Command::new(tool)
        .args(args)
        .output()
        .unwrap_or_else(|err| {
            panic!("{tool} does not run ({err}): install Debian's poppler-utils")
        });
    assert!(out.status.success(), "{tool} {args:?}: {}", stderr(&out));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// `pdfinfo`'s pages and page size line.
fn info(pdf: &str) -> (usize, String) {
    let text = poppler("pdfinfo", &[pdf]);
    let field = |name: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(name))
            .map(|v| v.trim().to_string())
            .unwrap_or_else(|| panic!("pdfinfo gives no {name}: {text}"))
    };
    (field("Pages:").parse().unwrap(), field("Page size:"))
}

/// One word on a page, as `pdftotext -bbox` gives it: its box and text.
#[derive(Clone, Debug)]
struct Word {
    x: f32,
    y: f32,
    x1: f32,
    y1: f32,
    text: String,
}

/// The words of every page.
fn words(pdf: &str) -> Vec<Vec<Word>> {
    let html = poppler("pdftotext", &["-bbox", pdf, "-"]);
    let attr = |line: &str, name: &str| -> f32 {
        let start = line.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
        line[start..].split('"').next().unwrap().parse().unwrap()
    };
    let mut pages = Vec::new();
    for line in html.lines().map(str::trim) {
        if line.starts_with("<page") {
            pages.push(Vec::new());
        } else if line.starts_with("<word") {
            let text = line.split('>').nth(1).unwrap().split('<').next().unwrap();
            let text = text
                .replace("&amp;", "&")
                .replace("&lt;", "<")
                .replace("&gt;", ">");
            pages.last_mut().unwrap().push(Word {
                x: attr(line, "xMin"),
                y: attr(line, "yMin"),
                x1: attr(line, "xMax"),
                y1: attr(line, "yMax"),
                text,
            });
        }
    }
    pages
}

/// A grid found on a page: its caption's words, its left edge (where its
/// caption starts) and the words drawn in it.
#[derive(Debug, Default)]
struct Grid {
    caption: Vec<String>,
    left: f32,
    words: Vec<Word>,
}

/// Splits a page's words into grids: each caption starts with `No.` at
/// its grid's left edge, under the grid; a word belongs to the nearest
/// caption below it whose left edge is at or left of it.
fn grids(page: &[Word]) -> BTreeMap<usize, Grid> {
    let captions: Vec<(usize, f32, f32)> = page
        .iter()
        .enumerate()
        .filter(|(i, w)| w.text == "No." && page.get(i + 1).is_some())
        .map(|(i, w)| (page[i + 1].text.parse().unwrap(), w.x, w.y))
        .collect();
    let mut grids: BTreeMap<usize, Grid> = BTreeMap::new();
    for &(number, x, y) in &captions {
        let line = page
            .iter()
            .filter(|w| (w.y - y).abs() < 0.5 && w.x >= x - 0.5);
        let caption = line.map(|w| w.text.clone()).collect();
        let grid = grids.entry(number).or_default();
        grid.caption = caption;
        grid.left = x;
    }
    let on_a_caption = |w: &Word| captions.iter().any(|c| (c.2 - w.y).abs() < 0.5);
    for word in page.iter().filter(|w| !on_a_caption(w)) {
        let owner = captions
            .iter()
            .filter(|&&(_, x, y)| y > word.y + 0.5 && x <= word.x + 0.5)
            .min_by(|a, b| {
                (a.2 - word.y, word.x - a.1)
                    .partial_cmp(&(b.2 - word.y, word.x - b.1))
                    .unwrap()
            });
        if let Some(&(number, _, _)) = owner {
            grids.get_mut(&number).unwrap().words.push(word.clone());
        }
    }
    grids
}

/// Something in each of a grid's cells, by (row, column).
type Cells<T> = BTreeMap<(usize, usize), T>;

/// What a Kakuro grid's words say: each clue cell's sums in the text
/// format's notation (`down,across`, a side empty when absent) and each
/// digit, by cell. The grid's left edge is its caption's; a clue sum is the
/// smallest kind of word (a digit, in a solution, is taller); the pitch is the
/// least step between two sums on one line (two neighbours' down sums, or
/// across sums); a sum's place in its cell says which it is (a down sum
/// starts near the cell's left, an across sum past its middle, and sits half
/// a cell higher); the top row of sums is row 0.
fn cells(grid: &Grid) -> (Cells<String>, Cells<u8>) {
    let height = |w: &Word| w.y1 - w.y;
    let least = grid.words.iter().map(height).fold(f32::MAX, f32::min);
    let (sums, digits): (Vec<&Word>, Vec<&Word>) =
        grid.words.iter().partition(|w| height(w) < least * 1.3);
    let mut pitch = f32::MAX;
    for a in &sums {
        for b in &sums {
            if (a.y - b.y).abs() < 0.5 && b.x - a.x > 2.0 {
                pitch = pitch.min(b.x - a.x);
            }
        }
    }
    let x0 = grid.left;
    // The column, and where in it the word starts (0 to 1 of a cell).
    let place = |x: f32| {
        let f = (x - x0) / pitch;
        (f.floor() as usize, f - f.floor())
    };
    let across = |w: &Word| place(w.x).1 > 0.3;
    // A down sum's top is half a cell below an across sum's in its row.
    let top = |w: &Word| w.y - if across(w) { 0.0 } else { pitch * 0.5 };
    let y0 = sums.iter().map(|w| top(w)).fold(f32::MAX, f32::min);
    let row = |w: &Word| ((top(w) - y0) / pitch).round() as usize;
    let mut sides: Cells<(String, String)> = BTreeMap::new();
    for w in &sums {
        let sum: u8 = w
            .text
            .parse()
            .unwrap_or_else(|_| panic!("a clue sum is a number: {w:?}"));
        assert!((3..=45).contains(&sum), "a clue sum is 3 to 45: {w:?}");
        let side = sides.entry((row(w), place(w.x).0)).or_default();
        let slot = if across(w) { &mut side.1 } else { &mut side.0 };
        assert!(slot.is_empty(), "two sums in one place: {w:?}");
        *slot = sum.to_string();
    }
    let clue_cells = sides
        .into_iter()
        .map(|(cell, (down, across))| (cell, format!("{down},{across}")))
        .collect();
    let mut found = BTreeMap::new();
    for w in digits {
        let d = match w.text.parse::<u8>() {
            Ok(d @ 1..=9) => d,
            _ => panic!("a word in a grid is neither a clue sum nor a digit: {w:?}"),
        };
        // A digit is centred in its cell, whose top is a little above y0.
        let (cx, cy) = ((w.x + w.x1) / 2.0, (w.y + w.y1) / 2.0);
        let cell = (((cy - y0) / pitch - 0.4).round() as usize, place(cx).0);
        assert!(found.insert(cell, d).is_none(), "two digits in {cell:?}");
    }
    (clue_cells, found)
}

#[test]
fn a_kakuro_book_reads_back_and_every_puzzle_solves_to_its_printed_solution() {
    let pdf = temp_file("kakuro.pdf");
    let args = [
        "kakuro",
        "book",
        "--size",
        "12",
        "--difficulty",
        "hard",
        "--count",
        "7",
        "--seed",
        "3",
        "--out",
        &pdf,
        "--json",
    ];
    let report: serde_json::Value = serde_json::from_str(&succeeded(&args)).unwrap();
    assert_eq!(report["out"], pdf.as_str());
    assert_eq!(report["puzzles"], 7);
    assert_eq!(report["paper"], "a4");
    let (pages, size) = info(&pdf);
    assert_eq!(report["pages"], pages);
    assert!(size.ends_with("(A4)"), "{size}");
    let text = words(&pdf);
    assert_eq!(text.len(), pages);
    assert!(text[0].iter().any(|w| w.text == "Kakuro"));

    let mut puzzles = BTreeMap::new();
    let mut solutions = BTreeMap::new();
    for page in &text[1..] {
        let is_solutions = page.first().is_some_and(|w| w.text == "Solutions");
        // The heading is not a grid's.
        let page = &page[usize::from(is_solutions)..];
        for (number, grid) in grids(page) {
            let found = cells(&grid);
            if is_solutions {
                assert!(solutions.insert(number, found).is_none());
            } else {
                // "No. n · hard · 12×12"
                assert_eq!(grid.caption[3], "hard", "{:?}", grid.caption);
                let (cols, rows) = grid.caption[5].split_once('×').unwrap();
                let shape: (usize, usize) = (rows.parse().unwrap(), cols.parse().unwrap());
                assert!(puzzles.insert(number, (shape, found)).is_none());
            }
        }
    }
    assert_eq!(
        puzzles.keys().copied().collect::<Vec<_>>(),
        (1..=7).collect::<Vec<_>>()
    );
    assert_eq!(solutions.len(), 7);
    for (number, ((rows, cols), (clues, none))) in &puzzles {
        assert!(none.is_empty(), "puzzle {number} shows digits");
        let (solution_clues, digits) = &solutions[number];
        assert_eq!(
            clues, solution_clues,
            "puzzle {number}: the solution's clues differ"
        );
        // The board in the text format: a clue is `d,a`, a white cell (a
        // digit in the solution) is 0, anything else blank.
        let mut board = format!("{rows} {cols}\n");
        let mut printed = format!("{rows} {cols}\n");
        for r in 0..*rows {
            let row: Vec<String> = (0..*cols)
                .map(|c| match (clues.get(&(r, c)), digits.get(&(r, c))) {
                    (Some(clue), None) => clue.clone(),
                    (None, Some(_)) => "0".to_string(),
                    (None, None) => "-".to_string(),
                    (Some(_), Some(_)) => panic!("puzzle {number}: a clue and a digit in one cell"),
                })
                .collect();
            board += &(row.join(" ") + "\n");
            let row: Vec<String> = (0..*cols)
                .map(|c| digits.get(&(r, c)).map_or("-".to_string(), u8::to_string))
                .collect();
            printed += &(row.join(" ") + "\n");
        }
        let board: Board = board
            .parse()
            .unwrap_or_else(|e| panic!("puzzle {number}: {e}"));
        let outcome = solve(&board, 2, 10_000_000).unwrap();
        assert_eq!(outcome.uniqueness(), Uniqueness::Unique, "puzzle {number}");
        assert_eq!(
            outcome.solutions[0].to_string().trim(),
            printed.trim(),
            "puzzle {number}"
        );
    }

    // The same arguments give the same bytes.
    let again = temp_file("kakuro-again.pdf");
    let mut args_again = args;
    args_again[11] = &again;
    succeeded(&args_again);
    assert!(std::fs::read(&pdf).unwrap() == std::fs::read(&again).unwrap());

    // A rendered page is not blank: a share of its pixels are dark.
    let prefix = temp_file("kakuro-page");
    poppler(
        "pdftoppm",
        &["-r", "30", "-gray", "-f", "2", "-l", "2", &pdf, &prefix],
    );
    let image = std::fs::read(format!("{prefix}-2.pgm")).unwrap();
    // A binary PGM: "P5", width, height, 255, one whitespace, the bytes.
    let header: Vec<usize> = String::from_utf8_lossy(&image[..20])
        .split_whitespace()
        .skip(1)
        .take(3)
        .map(|n| n.parse().unwrap())
        .collect();
    assert_eq!((header[0], header[1]), (249, 351), "A4 at 30 dpi");
    let pixels = &image[image.len() - header[0] * header[1]..];
    let dark = pixels.iter().filter(|&&p| p < 128).count();
    assert!(
        dark * 100 > pixels.len(),
        "page 2 is blank: {dark} dark pixels"
    );
}

#[test]
fn kakuro_books_take_puzzles_from_a_file_and_letter_paper() {
    let input = temp_file("kakuro-input.txt");
    let generated = succeeded(&[
        "kakuro",
        "generate",
        "--size",
        "10",
        "--difficulty",
        "medium",
        "--count",
        "3",
    ]);
    std::fs::write(&input, &generated).unwrap();
    let pdf = temp_file("kakuro-input.pdf");
    let out = succeeded(&[
        "kakuro", "book", "--input", &input, "--paper", "letter", "--out", &pdf,
    ]);
    assert!(out.starts_with(&format!("wrote {pdf}: ")), "{out}");
    let (pages, size) = info(&pdf);
    assert_eq!(pages, 3, "title, puzzles, solutions");
    assert!(size.starts_with("612 x 792"), "{size}");
    let text = poppler("pdftotext", &[&pdf, "-"]);
    assert_eq!(text.matches("· medium · 10×10").count(), 3, "{text}");
}

#[test]
fn a_triplex_book_holds_its_levels_and_their_solutions() {
    let pdf = temp_file("triplex.pdf");
    let report: serde_json::Value = serde_json::from_str(&succeeded(&[
        "triplex", "book", "--levels", "100-111", "--out", &pdf, "--json",
    ]))
    .unwrap();
    assert_eq!(report["puzzles"], 12);
    let (pages, _) = info(&pdf);
    assert_eq!(report["pages"], pages);
    let text = words(&pdf);
    let solutions_from = text
        .iter()
        .position(|p| p.first().is_some_and(|w| w.text == "Solutions"))
        .unwrap();
    for (range, what) in [
        (1..solutions_from, "levels"),
        (solutions_from..pages, "solutions"),
    ] {
        let numbers: Vec<usize> = text[range]
            .iter()
            .flat_map(|p| grids(p).into_keys())
            .collect();
        assert_eq!(numbers, (100..=111).collect::<Vec<_>>(), "{what}");
    }
    // BlockPuzzle and levels given as descriptions.
    let input = temp_file("levels.txt");
    std::fs::write(
        &input,
        "# two levels of the game's list\n4x2:v@,H,Lnw\n3x3:2h,v@,Lnw\n",
    )
    .unwrap();
    let out = succeeded(&[
        "triplex", "book", "--input", &input, "--out", &pdf, "--json",
    ]);
    assert!(out.contains(r#""puzzles":2"#), "{out}");
    // A level with more than one solution is refused (exit 1).
    std::fs::write(&input, "4x3:2h,v,Lnw,Lse@\n").unwrap();
    let out = gridforge(&["triplex", "book", "--input", &input, "--out", &pdf]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("more than one solution"));
    let out = succeeded(&[
        "triplex",
        "book",
        "--family",
        "blockpuzzle",
        "--levels",
        "1-3",
        "--out",
        &pdf,
    ]);
    assert!(out.contains("3 puzzles"), "{out}");
}

#[test]
fn a_chess_book_prints_each_setup_with_its_pairing_key() {
    let pdf = temp_file("chess.pdf");
    let report: serde_json::Value = serde_json::from_str(&succeeded(&[
        "chess", "book", "--count", "3", "--seed", "5", "--out", &pdf, "--json",
    ]))
    .unwrap();
    let (pages, _) = info(&pdf);
    assert_eq!(report["pages"], pages);
    let text = poppler("pdftotext", &[&pdf, "-"]);
    let setups = succeeded(&["chess", "generate", "--count", "3", "--seed", "5"]);
    for (i, setup) in setups.lines().enumerate() {
        assert!(text.contains(&format!("No. {}", i + 1)));
        let pairs = succeeded(&["chess", "pairs", setup]);
        assert_eq!(pairs.lines().count(), 32);
        for pair in pairs.lines() {
            let squares: Vec<&str> = pair.split(' ').collect();
            let key = format!("{}–{}", squares[0], squares[1]);
            assert!(text.contains(&key), "setup {}: no {key} in the key", i + 1);
        }
    }
}

#[test]
fn bad_book_arguments_get_one_line_and_exit_2() {
    let pdf = temp_file("bad.pdf");
    for (args, says) in [
        (
            vec!["kakuro", "book", "--size", "10", "--out", &pdf],
            "--difficulty",
        ),
        (
            vec![
                "kakuro",
                "book",
                "--size",
                "10",
                "--difficulty",
                "easy",
                "--paper",
                "b5",
                "--out",
                &pdf,
            ],
            "b5",
        ),
        (
            vec![
                "kakuro",
                "book",
                "--size",
                "5",
                "--difficulty",
                "easy",
                "--out",
                &pdf,
            ],
            "5",
        ),
        (
            vec![
                "kakuro",
                "book",
                "--size",
                "10",
                "--difficulty",
                "easy",
                "--out",
                "/nonexistent/dir/x.pdf",
            ],
            "cannot write",
        ),
        (
            vec!["triplex", "book", "--levels", "5-2", "--out", &pdf],
            "empty",
        ),
        (
            vec!["triplex", "book", "--levels", "1-100000", "--out", &pdf],
            "not 100000",
        ),
        (
            vec!["chess", "book", "--input", "QQQ", "--out", &pdf],
            "64 characters",
        ),
    ] {
        let out = gridforge(&args);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(stdout(&out).is_empty());
    }
}
