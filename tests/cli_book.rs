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

/// Page `page` of `pdf` rendered greyscale at `dpi` by `pdftoppm`: its
/// width, height and one byte a pixel (0 black, 255 white).
fn gray_page(pdf: &str, dpi: u32, page: usize, name: &str) -> (usize, usize, Vec<u8>) {
    let prefix = temp_file(name);
    let (dpi, page_s) = (dpi.to_string(), page.to_string());
    poppler(
        "pdftoppm",
        &[
            "-r", &dpi, "-gray", "-f", &page_s, "-l", &page_s, pdf, &prefix,
        ],
    );
    let image = std::fs::read(format!("{prefix}-{page}.pgm")).unwrap();
    // A binary PGM: "P5", width, height, 255, one whitespace, the bytes.
    let header: Vec<usize> = String::from_utf8_lossy(&image[..20])
        .split_whitespace()
        .skip(1)
        .take(3)
        .map(|n| n.parse().unwrap())
        .collect();
    let (w, h) = (header[0], header[1]);
    (w, h, image[image.len() - w * h..].to_vec())
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
    // The title page names no seed; the colophon names it and the command.
    let page_text = |page: &[Word]| {
        page.iter()
            .map(|w| w.text.as_str())
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert!(
        !page_text(&text[0]).contains("seed"),
        "{}",
        page_text(&text[0])
    );
    assert!(page_text(&text[0]).contains("7 puzzles · hard · 12×12"));
    let colophon = page_text(&text[1]);
    assert!(colophon.contains("Seed 3"), "{colophon}");
    assert!(
        colophon.contains("gridforge kakuro book --size 12 --difficulty hard --count 7 --seed 3"),
        "{colophon}"
    );
    assert!(!colophon.contains(pdf.as_str()), "{colophon}");

    let mut puzzles = BTreeMap::new();
    let mut solutions = BTreeMap::new();
    for page in &text[2..] {
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

    // A rendered page of puzzles is not blank: a share of its pixels are dark.
    let (w, h, pixels) = gray_page(&pdf, 30, 3, "kakuro-page");
    assert_eq!((w, h), (249, 351), "A4 at 30 dpi");
    let dark = pixels.iter().filter(|&&p| p < 128).count();
    assert!(
        dark * 100 > pixels.len(),
        "page 3 is blank: {dark} dark pixels"
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
    assert_eq!(pages, 4, "title, colophon, puzzles, solutions");
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
        "triplex", "book", "--input", &input, "--out", &pdf, "--json", "--force",
    ]);
    assert!(out.contains(r#""puzzles":2"#), "{out}");
    // A level with more than one solution is refused (exit 1).
    std::fs::write(&input, "4x3:2h,v,Lnw,Lse@\n").unwrap();
    let out = gridforge(&[
        "triplex", "book", "--input", &input, "--out", &pdf, "--force",
    ]);
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
        "--force",
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

/// A page's boxes as `pdfinfo -box` gives them, turned into `pdftotext
/// -bbox`'s frame (the MediaBox's top-left corner, y downwards):
/// `(left, top, right, bottom)`.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Boxes {
    media: (f32, f32, f32, f32),
    trim: (f32, f32, f32, f32),
    bleed: (f32, f32, f32, f32),
}

/// Every page's boxes.
fn boxes(pdf: &str, pages: usize) -> Vec<Boxes> {
    let text = poppler(
        "pdfinfo",
        &["-box", "-f", "1", "-l", &pages.to_string(), pdf],
    );
    let mut found: BTreeMap<(usize, String), [f32; 4]> = BTreeMap::new();
    for line in text.lines().filter(|l| l.starts_with("Page ")) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let (Ok(page), Some(name)) = (fields[1].parse::<usize>(), fields[2].strip_suffix("Box:"))
        else {
            continue;
        };
        let v: Vec<f32> = fields[3..7].iter().map(|f| f.parse().unwrap()).collect();
        found.insert((page, name.to_string()), [v[0], v[1], v[2], v[3]]);
    }
    (1..=pages)
        .map(|page| {
            let media = found[&(page, "Media".to_string())];
            let flip = |name: &str| {
                let b = found[&(page, name.to_string())];
                (
                    b[0] - media[0],
                    media[3] - b[3],
                    b[2] - media[0],
                    media[3] - b[1],
                )
            };
            Boxes {
                media: flip("Media"),
                trim: flip("Trim"),
                bleed: flip("Bleed"),
            }
        })
        .collect()
}

/// A caption found on a page: its number and the box of its words.
#[derive(Debug)]
struct Caption {
    number: usize,
    area: (f32, f32, f32, f32),
    words: Vec<String>,
}

/// The captions of a page: each starts with the word `No.` and runs on the
/// same line while the words follow each other closely.
fn captions(page: &[Word]) -> Vec<Caption> {
    let mut found = Vec::new();
    for (i, w) in page.iter().enumerate() {
        let Some(number) = page
            .get(i + 1)
            .filter(|_| w.text == "No.")
            .and_then(|n| n.text.parse().ok())
        else {
            continue;
        };
        let mut line: Vec<&Word> = page
            .iter()
            .filter(|o| (o.y - w.y).abs() < 0.5 && o.x >= w.x - 0.5)
            .collect();
        line.sort_by(|a, b| a.x.total_cmp(&b.x));
        let mut area = (w.x, w.y, w.x1, w.y1);
        let mut words = Vec::new();
        for o in line {
            if o.x > area.2 + (w.y1 - w.y) {
                break;
            }
            area = (area.0, area.1.min(o.y), area.2.max(o.x1), area.3.max(o.y1));
            words.push(o.text.clone());
        }
        found.push(Caption {
            number,
            area,
            words,
        });
    }
    found
}

fn overlap(a: (f32, f32, f32, f32), b: (f32, f32, f32, f32)) -> bool {
    // A hair of tolerance: poppler's boxes are rounded.
    a.0 < b.2 - 0.3 && b.0 < a.2 - 0.3 && a.1 < b.3 - 0.3 && b.1 < a.3 - 0.3
}

/// Reads a book back as a printer would and checks it whole: every word
/// inside its page's TrimBox (and the TrimBox inside the BleedBox inside
/// the MediaBox), every number of `numbers` exactly once among the
/// puzzles' captions and, when `solutions`, once among the solutions'
/// (which start at the page the title page names); no caption overlapping
/// another caption or any other word; page numbers on every page but the
/// first. Returns the pages' words.
fn check_whole(pdf: &str, numbers: &[usize], solutions: bool) -> Vec<Vec<Word>> {
    let (pages, _) = info(pdf);
    let text = words(pdf);
    assert_eq!(text.len(), pages);
    let boxes = boxes(pdf, pages);
    for (i, (page, b)) in text.iter().zip(&boxes).enumerate() {
        let inside = |a: (f32, f32, f32, f32), o: (f32, f32, f32, f32)| {
            a.0 >= o.0 - 0.01 && a.1 >= o.1 - 0.01 && a.2 <= o.2 + 0.01 && a.3 <= o.3 + 0.01
        };
        assert!(
            inside(b.trim, b.bleed) && inside(b.bleed, b.media),
            "{pdf} page {}: {b:?}",
            i + 1
        );
        for w in page {
            assert!(
                inside((w.x, w.y, w.x1, w.y1), b.trim),
                "{pdf} page {}: {w:?} outside the TrimBox {:?}",
                i + 1,
                b.trim
            );
        }
        if i > 0 {
            let lowest = page.iter().max_by(|a, b| a.y1.total_cmp(&b.y1)).unwrap();
            assert_eq!(
                lowest.text,
                (i + 1).to_string(),
                "{pdf}: page {}'s number",
                i + 1
            );
        }
        let found = captions(page);
        for (k, c) in found.iter().enumerate() {
            for d in &found[k + 1..] {
                assert!(
                    !overlap(c.area, d.area),
                    "{pdf} page {}: {c:?} overlaps {d:?}",
                    i + 1
                );
            }
            for w in page {
                let own =
                    (w.y - c.area.1).abs() < 0.5 && w.x >= c.area.0 - 0.5 && w.x1 <= c.area.2 + 0.5;
                assert!(
                    own || !overlap(c.area, (w.x, w.y, w.x1, w.y1)),
                    "{pdf} page {}: {w:?} overlaps {c:?}",
                    i + 1
                );
            }
        }
    }
    let first_solutions = text
        .iter()
        .position(|p| p.first().is_some_and(|w| w.text == "Solutions"));
    let title: Vec<&str> = text[0].iter().map(|w| w.text.as_str()).collect();
    let title = title.join(" ");
    // The sections' page ranges: puzzles (after the title and colophon),
    // then the solutions.
    let sections: Vec<std::ops::Range<usize>> = match first_solutions {
        Some(first) => {
            assert!(solutions, "{pdf}: a solutions page in a book without them");
            assert!(
                title.contains(&format!("Solutions from page {}", first + 1)),
                "{pdf}: the title page says {title:?}, the solutions start on page {}",
                first + 1
            );
            vec![2..first, first..pages]
        }
        None => {
            assert!(!solutions, "{pdf}: no solutions page");
            std::iter::once(2..pages).collect()
        }
    };
    for range in sections {
        let mut seen: Vec<usize> = text[range.clone()]
            .iter()
            .flat_map(|p| captions(p).into_iter().map(|c| c.number))
            .collect();
        seen.sort_unstable();
        assert_eq!(seen, numbers, "{pdf}: the captions of pages {range:?}");
    }
    text
}

/// A sweep case's command (without sheet or output) and its puzzle numbers.
type Case = (Vec<String>, Vec<usize>);

/// The read-back sweep: books of the three games over board sizes, counts
/// from 1 to 200 and every trim size, some with bleed, crop marks and a
/// number a page, each read back whole ([`check_whole`]).
#[test]
fn every_book_of_the_sweep_reads_back_whole() {
    let kakuro = |size: &str, difficulty: &str, count: usize, seed: &str| -> Case {
        let args = [
            "kakuro",
            "book",
            "--size",
            size,
            "--difficulty",
            difficulty,
            "--count",
            &count.to_string(),
            "--seed",
            seed,
        ];
        (
            args.iter().map(|s| s.to_string()).collect(),
            (1..=count).collect(),
        )
    };
    let triplex = |family: &str, first: usize, last: usize| -> Case {
        let args = [
            "triplex",
            "book",
            "--family",
            family,
            "--levels",
            &format!("{first}-{last}"),
        ];
        (
            args.iter().map(|s| s.to_string()).collect(),
            (first..=last).collect(),
        )
    };
    let chess = |count: usize| -> Case {
        let args = ["chess", "book", "--count", &count.to_string()];
        (
            args.iter().map(|s| s.to_string()).collect(),
            (1..=count).collect(),
        )
    };
    let cases: Vec<(Case, &[&str], bool)> = vec![
        // The issue's losses: 10×10 on A4 and Letter, 30 a size; 8×8 on A4.
        (kakuro("10", "easy", 30, "5"), &["--paper", "a4"], true),
        (kakuro("10", "easy", 30, "5"), &["--paper", "letter"], true),
        (kakuro("8", "easy", 30, "0"), &["--paper", "a4"], true),
        (kakuro("6", "easy", 200, "0"), &["--paper", "a4"], true),
        (kakuro("6", "easy", 1, "0"), &["--paper", "6x9"], true),
        (
            kakuro("12", "medium", 13, "1"),
            &["--paper", "a5", "--bleed", "--crop-marks"],
            true,
        ),
        (
            kakuro("14", "easy", 16, "2"),
            &["--paper", "6x9", "--per-page", "2"],
            true,
        ),
        (
            kakuro("16", "easy", 7, "0"),
            &["--paper", "letter", "--bleed"],
            true,
        ),
        (
            kakuro("20", "easy", 3, "0"),
            &["--paper", "6x9", "--crop-marks"],
            true,
        ),
        (kakuro("30", "easy", 2, "0"), &["--paper", "a4"], true),
        (
            (
                [
                    "kakuro",
                    "book",
                    "--width",
                    "30",
                    "--height",
                    "14",
                    "--difficulty",
                    "easy",
                    "--count",
                    "3",
                ]
                .iter()
                .map(|s| s.to_string())
                .collect(),
                vec![1, 2, 3],
            ),
            &["--paper", "a4", "--per-page", "1"],
            true,
        ),
        (triplex("triplex", 1, 200), &["--paper", "a4"], true),
        (
            triplex("triplex", 5790, 5843),
            &["--paper", "6x9", "--bleed", "--crop-marks"],
            true,
        ),
        (
            triplex("blockpuzzle", 1, 60),
            &["--paper", "letter", "--per-page", "6"],
            true,
        ),
        (chess(1), &["--paper", "a5"], false),
        (chess(25), &["--paper", "6x9", "--per-page", "1"], false),
        (chess(40), &["--paper", "a4"], false),
    ];
    let (mut books, mut puzzles) = (0, 0);
    for (i, ((args, numbers), sheet, solutions)) in cases.into_iter().enumerate() {
        let pdf = temp_file(&format!("sweep-{i}.pdf"));
        let mut all: Vec<&str> = args.iter().map(String::as_str).collect();
        all.extend(sheet);
        all.extend(["--out", &pdf, "--force"]);
        succeeded(&all);
        check_whole(&pdf, &numbers, solutions);
        books += 1;
        puzzles += numbers.len();
        std::fs::remove_file(&pdf).ok();
    }
    println!("read-back sweep: {books} books, {puzzles} puzzles");
}

#[test]
fn paper_bleed_and_crop_marks_set_the_boxes_a_printer_reads() {
    let pdf = temp_file("boxes.pdf");
    for (paper, trim) in [
        ("a4", (595.28, 841.89)),
        ("letter", (612.0, 792.0)),
        ("8.5x11", (612.0, 792.0)),
        ("a5", (419.53, 595.28)),
        ("6x9", (432.0, 648.0)),
    ] {
        for (extra, bleed, slug) in [
            (&[][..], 0.0, 0.0),
            (&["--bleed"][..], 9.0, 0.0),
            (&["--bleed", "--crop-marks"][..], 9.0, 24.0),
        ] {
            let mut args = vec!["chess", "book", "--paper", paper, "--out", &pdf, "--force"];
            args.extend(extra);
            succeeded(&args);
            let b = boxes(&pdf, 1)[0];
            let off = bleed + slug;
            let near = |a: f32, b: f32| (a - b).abs() < 0.02;
            assert!(
                near(b.media.2, trim.0 + 2.0 * off) && near(b.media.3, trim.1 + 2.0 * off),
                "{paper} {extra:?}: {b:?}"
            );
            assert!(
                near(b.trim.0, off) && near(b.trim.2, off + trim.0) && near(b.trim.3, off + trim.1),
                "{paper} {extra:?}: {b:?}"
            );
            assert!(
                near(b.bleed.0, off - bleed) && near(b.bleed.2, off + trim.0 + bleed),
                "{paper} {extra:?}: {b:?}"
            );
        }
    }
    // Crop marks print outside the bleed: a rendered corner beyond it is
    // dark where the marks run, the trimmed page's corner is white.
    let (w, h, pixels) = gray_page(&pdf, 72, 1, "crop");
    assert_eq!((w, h), (498, 714), "6x9 with bleed and slug at 72 dpi");
    // The vertical mark at the trim's left edge (x = 33), above the bleed.
    let column_dark = (2..20).any(|y| pixels[y * w + 33] < 200 || pixels[y * w + 32] < 200);
    assert!(column_dark, "no crop mark above the top-left corner");
    assert!(pixels[40 * w + 40] > 250, "the page's corner is not white");
}

#[test]
fn a_book_is_written_whole_or_not_at_all() {
    let dir = tempfile::tempdir().unwrap();
    let pdf = dir.path().join("book.pdf");
    let pdf_s = pdf.to_str().unwrap();
    std::fs::write(&pdf, "an older book").unwrap();
    // An existing file is refused before any work (a book of 10000 30×30
    // expert puzzles would take hours), and kept.
    let started = std::time::Instant::now();
    let big = [
        "kakuro",
        "book",
        "--size",
        "30",
        "--difficulty",
        "expert",
        "--count",
        "10000",
        "--out",
        pdf_s,
    ];
    let out = gridforge(&big);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("exists (give --force to replace it)"),
        "{}",
        stderr(&out)
    );
    assert!(started.elapsed() < std::time::Duration::from_secs(5));
    assert_eq!(std::fs::read_to_string(&pdf).unwrap(), "an older book");
    // So is a folder that is not there, or a directory as --out.
    for (out_path, says) in [
        (
            "/nonexistent/dir/x.pdf",
            "cannot write /nonexistent/dir/x.pdf",
        ),
        (dir.path().to_str().unwrap(), "is a directory"),
    ] {
        let mut args = big.to_vec();
        args[9] = out_path;
        let started = std::time::Instant::now();
        let out = gridforge(&args);
        assert_eq!(out.status.code(), Some(2));
        assert!(stderr(&out).contains(says), "{}", stderr(&out));
        assert!(started.elapsed() < std::time::Duration::from_secs(5));
    }
    // A failure after the work started (a level with two solutions) leaves
    // the old file as it was and no temporary file.
    let input = dir.path().join("levels.txt");
    std::fs::write(&input, "4x2:v@,H,Lnw\n4x3:2h,v,Lnw,Lse@\n").unwrap();
    let out = gridforge(&[
        "triplex",
        "book",
        "--input",
        input.to_str().unwrap(),
        "--out",
        pdf_s,
        "--force",
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(&pdf).unwrap(), "an older book");
    // A full disk: the file size limit stops the write (SIGXFSZ ignored,
    // so the write fails with EFBIG as on a full disk); the old file stays
    // and nothing else is left.
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "trap '' XFSZ; ulimit -f 8; exec {} kakuro book --size 10 --difficulty easy --count 4 --out {pdf_s} --force",
            env!("CARGO_BIN_EXE_gridforge")
        ))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("cannot write"), "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(&pdf).unwrap(), "an older book");
    let left: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    let mut left = left;
    left.sort();
    assert_eq!(left, vec!["book.pdf", "levels.txt"]);
    // A new book gets the permissions a plain create gives (not the
    // temporary file's private 0600).
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let fresh = dir.path().join("fresh.pdf");
        let plain = dir.path().join("plain.txt");
        std::fs::write(&plain, "x").unwrap();
        succeeded(&["chess", "book", "--out", fresh.to_str().unwrap()]);
        let mode = |p: &std::path::Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&fresh), mode(&plain));
        std::fs::remove_file(&fresh).unwrap();
        std::fs::remove_file(&plain).unwrap();
    }
    // With --force the book replaces the file.
    succeeded(&[
        "kakuro",
        "book",
        "--size",
        "6",
        "--difficulty",
        "easy",
        "--out",
        pdf_s,
        "--force",
    ]);
    assert!(std::fs::read(&pdf).unwrap().starts_with(b"%PDF-"));
}

#[test]
fn titles_are_set_wrapped_or_refused_before_any_work() {
    let pdf = temp_file("titled.pdf");
    succeeded(&[
        "kakuro",
        "book",
        "--size",
        "8",
        "--difficulty",
        "easy",
        "--count",
        "1",
        "--paper",
        "a5",
        "--title",
        "Kakuro for long winter evenings by the fire",
        "--subtitle",
        "Volume 1: Größe 8",
        "--out",
        &pdf,
        "--force",
    ]);
    let text = words(&pdf);
    let title: Vec<&str> = text[0].iter().map(|w| w.text.as_str()).collect();
    let title = title.join(" ");
    assert!(
        title.contains("Kakuro for long winter evenings by the fire"),
        "{title}"
    );
    assert!(title.contains("Volume 1: Größe 8"), "{title}");
    assert!(title.contains("1 puzzle · easy · 8×8"), "singular: {title}");
    // The title wraps: its words sit on more than one line.
    let lines: std::collections::BTreeSet<i32> = text[0]
        .iter()
        .filter(|w| ["Kakuro", "fire"].contains(&w.text.as_str()))
        .map(|w| w.y as i32)
        .collect();
    assert_eq!(lines.len(), 2, "{title}");
    let long = "Kakuro ".repeat(40);
    for (title, says) in [
        ("Sudoku 数独", "'数' (U+6570), '独' (U+72EC)"),
        (long.as_str(), "lines at 26 pt, 3 at most"),
    ] {
        let started = std::time::Instant::now();
        let out = gridforge(&[
            "kakuro",
            "book",
            "--size",
            "30",
            "--difficulty",
            "expert",
            "--count",
            "10000",
            "--title",
            title,
            "--out",
            &pdf,
            "--force",
        ]);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(says), "{err}");
        assert!(started.elapsed() < std::time::Duration::from_secs(5));
    }
}

#[test]
fn a_mixed_book_runs_easy_first_each_captioned_with_its_grade() {
    let pdf = temp_file("mix.pdf");
    let report: serde_json::Value = serde_json::from_str(&succeeded(&[
        "kakuro",
        "book",
        "--size",
        "8",
        "--mix",
        "hard:2,easy:3,medium:2",
        "--out",
        &pdf,
        "--force",
        "--json",
    ]))
    .unwrap();
    assert_eq!(report["puzzles"], 7);
    let text = check_whole(&pdf, &(1..=7).collect::<Vec<_>>(), true);
    let grades: Vec<String> = text[2..]
        .iter()
        .take_while(|p| p.first().is_none_or(|w| w.text != "Solutions"))
        .flat_map(|p| captions(p))
        .map(|c| c.words[3].clone())
        .collect();
    assert_eq!(
        grades,
        ["easy", "easy", "easy", "medium", "medium", "hard", "hard"]
    );
    let title: Vec<&str> = text[0].iter().map(|w| w.text.as_str()).collect();
    assert!(
        title
            .join(" ")
            .contains("7 puzzles · 3 easy, 2 medium, 2 hard · 8×8"),
        "{title:?}"
    );
    let out = gridforge(&[
        "kakuro",
        "book",
        "--size",
        "8",
        "--mix",
        "easy:3,easy:2",
        "--out",
        &pdf,
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("easy is given twice"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn triplex_levels_are_captioned_with_a_named_grade_not_the_count() {
    let pdf = temp_file("grades.pdf");
    // Levels 5840 to 5843 are the pack's last, and among its hardest.
    succeeded(&[
        "triplex",
        "book",
        "--levels",
        "5840-5843",
        "--out",
        &pdf,
        "--force",
    ]);
    let text = words(&pdf);
    let pack = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/crates/triplex/data/game-levels.txt"
    ))
    .unwrap();
    let counts: Vec<u64> = pack
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split_whitespace().nth(1).unwrap().parse().unwrap())
        .collect();
    let found: Vec<Caption> = text[2..]
        .iter()
        .flat_map(|p| captions(p))
        .filter(|c| c.words.len() > 2)
        .collect();
    assert_eq!(found.len(), 4);
    for c in found {
        let nodes = counts[c.number - 1];
        // "No. n · W×H · grade · 1.2M steps"
        let grade = &c.words[5];
        let expected = match nodes {
            0..10_000 => "easy",
            10_000..100_000 => "medium",
            100_000..1_000_000 => "hard",
            _ => "expert",
        };
        assert_eq!(grade, expected, "{c:?}: {nodes} nodes");
        assert!(
            !c.words.contains(&nodes.to_string()),
            "{c:?} shows the raw count"
        );
        assert_eq!(c.words.last().map(String::as_str), Some("steps"), "{c:?}");
    }
}

#[test]
fn per_page_puts_that_many_boards_on_every_page_but_the_last() {
    let pdf = temp_file("per-page.pdf");
    for n in 1..=6usize {
        succeeded(&[
            "kakuro",
            "book",
            "--size",
            "9",
            "--difficulty",
            "easy",
            "--count",
            "13",
            "--per-page",
            &n.to_string(),
            "--out",
            &pdf,
            "--force",
        ]);
        let text = check_whole(&pdf, &(1..=13).collect::<Vec<_>>(), true);
        let per_page: Vec<usize> = text[2..]
            .iter()
            .take_while(|p| p.first().is_none_or(|w| w.text != "Solutions"))
            .map(|p| captions(p).len())
            .collect();
        let (last, full) = per_page.split_last().unwrap();
        assert!(
            full.iter().all(|&k| k == n) && *last >= 1 && *last <= n,
            "--per-page {n}: {per_page:?}"
        );
    }
    // More than fit legibly are refused, saying how many fit.
    let out = gridforge(&[
        "kakuro",
        "book",
        "--size",
        "20",
        "--difficulty",
        "easy",
        "--per-page",
        "6",
        "--paper",
        "a5",
        "--out",
        &pdf,
        "--force",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("at most"), "{}", stderr(&out));
    let out = gridforge(&[
        "kakuro",
        "book",
        "--size",
        "9",
        "--difficulty",
        "easy",
        "--per-page",
        "7",
        "--out",
        &pdf,
    ]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn one_puzzle_exports_as_svg_with_the_books_drawing() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("p.svg");
    let args = [
        "kakuro",
        "book",
        "--size",
        "9",
        "--difficulty",
        "medium",
        "--seed",
        "4",
    ];
    let mut svg_args = args.to_vec();
    svg_args.extend(["--format", "svg", "--out", svg.to_str().unwrap()]);
    let out = succeeded(&svg_args);
    let solution = dir.path().join("p-solution.svg");
    assert!(out.contains("p-solution.svg"), "{out}");
    let texts = |path: &std::path::Path| -> Vec<String> {
        let doc = std::fs::read_to_string(path).unwrap();
        let doc = roxmltree::Document::parse(&doc).unwrap();
        doc.descendants()
            .filter(|n| n.has_tag_name("text"))
            .map(|n| n.text().unwrap_or("").to_string())
            .collect()
    };
    let puzzle_texts = texts(&svg);
    let solution_texts = texts(&solution);
    // The book of the same puzzle: its page of puzzles holds the same words.
    let pdf = dir.path().join("p.pdf");
    let mut pdf_args = args.to_vec();
    pdf_args.extend(["--out", pdf.to_str().unwrap()]);
    succeeded(&pdf_args);
    let pages = words(pdf.to_str().unwrap());
    // All but the page number, the lowest word.
    let lowest = pages[2].iter().map(|w| w.y1).fold(0.0, f32::max);
    let mut book: Vec<String> = pages[2]
        .iter()
        .filter(|w| w.y1 < lowest)
        .map(|w| w.text.clone())
        .collect();
    let mut from_svg: Vec<String> = puzzle_texts
        .iter()
        .flat_map(|t| t.split(' ').map(str::to_string))
        .collect();
    from_svg.sort();
    book.sort();
    assert_eq!(from_svg, book);
    // The solution holds every clue and a digit in each white cell.
    assert!(solution_texts.len() > puzzle_texts.len());
    assert!(solution_texts.iter().any(|t| t == "No. 1"));
    // The PNG pictures: 300 dpi greyscale, the SVG's size.
    let png = dir.path().join("p.png");
    let mut png_args = args.to_vec();
    png_args.extend(["--format", "png", "--out", png.to_str().unwrap()]);
    succeeded(&png_args);
    for (png, svg) in [
        (png.clone(), svg.clone()),
        (dir.path().join("p-solution.png"), solution.clone()),
    ] {
        let bytes = std::fs::read(&png).unwrap();
        assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"), "{png:?}");
        let width = u32::from_be_bytes(bytes[16..20].try_into().unwrap()) as f32;
        let height = u32::from_be_bytes(bytes[20..24].try_into().unwrap()) as f32;
        let doc = std::fs::read_to_string(&svg).unwrap();
        let doc = roxmltree::Document::parse(&doc).unwrap();
        let size = |name: &str| -> f32 {
            doc.root_element()
                .attribute(name)
                .unwrap()
                .trim_end_matches("pt")
                .parse()
                .unwrap()
        };
        assert_eq!(
            (width, height),
            (
                (size("width") * 300.0 / 72.0).ceil(),
                (size("height") * 300.0 / 72.0).ceil()
            ),
            "{png:?}"
        );
        assert_eq!(bytes[24..26], [8, 0], "8-bit greyscale");
    }
    // More than one puzzle is refused before any work; so is an existing file.
    let mut many = args.to_vec();
    many.extend(["--count", "2", "--format", "svg", "--out", "/tmp/never.svg"]);
    let out = gridforge(&many);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("one puzzle"), "{}", stderr(&out));
    let out = gridforge(&svg_args);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("exists"), "{}", stderr(&out));
}
