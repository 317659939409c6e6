//! `gridforge kakuro …` end to end: the real binary, its output and exit codes.

use gridforge_kakuro::{
    hint, solve, Board, Difficulty, Hint, Marks, Solution, Technique, Uniqueness,
};

mod common;
use common::{gridforge, gridforge_with_stdin, stderr, stdout};

/// a+b = 3, c+d = 7, a+c = 4, b+d = 6: only 1 2 / 3 4.
const UNIQUE: &str = "3 3\n- 4, 6,\n,3 0 0\n,7 0 0";
/// Every sum 3: two solutions.
const TWO: &str = "3 3\n- 3, 3,\n,3 0 0\n,3 0 0";

#[test]
fn generate_json_gives_unique_puzzles_in_the_documented_shape() {
    let output = gridforge(&[
        "kakuro",
        "generate",
        "--size",
        "11",
        "--difficulty",
        "hard",
        "--seed",
        "7",
        "--count",
        "3",
        "--json",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    for (i, line) in lines.iter().enumerate() {
        assert!(
            line.starts_with(r#"{"size":11,"difficulty":"hard","seed":"#),
            "{line}"
        );
        let value: serde_json::Value = serde_json::from_str(line).expect("valid JSON");
        let object = value.as_object().unwrap();
        let keys: Vec<&str> = object.keys().map(String::as_str).collect();
        let mut expected = [
            "size",
            "difficulty",
            "seed",
            "puzzle",
            "solution",
            "technique",
        ];
        expected.sort();
        let mut sorted = keys.clone();
        sorted.sort();
        assert_eq!(sorted, expected);
        assert_eq!(object["seed"], 7 + i as u64);
        let puzzle: Board = object["puzzle"].as_str().unwrap().parse().unwrap();
        let solution: Solution = object["solution"].as_str().unwrap().parse().unwrap();
        let outcome = solve(&puzzle, 2, 1_000_000).unwrap();
        assert_eq!(outcome.uniqueness(), Uniqueness::Unique, "{line}");
        assert_eq!(outcome.solutions[0], solution);
        let report = gridforge_kakuro::rate(&puzzle);
        assert_eq!(report.difficulty(), Some(Difficulty::Hard));
        assert_eq!(object["technique"], report.hardest.unwrap().name());
    }
    // Puzzle i is the one seed 7 + i gives alone.
    let alone = gridforge(&[
        "kakuro",
        "generate",
        "--size",
        "11",
        "--difficulty",
        "hard",
        "--seed",
        "9",
        "--json",
    ]);
    assert_eq!(stdout(&alone).trim(), lines[2]);
}

#[test]
fn generate_makes_rectangles_and_30_by_30() {
    for (args, rows, cols, key) in [
        (
            &["--width", "24", "--height", "28"][..],
            28,
            24,
            r#"{"width":24,"height":28,"#,
        ),
        (&["--size", "30"][..], 30, 30, r#"{"size":30,"#),
    ] {
        let mut all = vec!["kakuro", "generate", "--difficulty", "easy", "--json"];
        all.extend(args);
        let output = gridforge(&all);
        assert!(output.status.success(), "{}", stderr(&output));
        let line = stdout(&output);
        assert!(line.starts_with(key), "{line}");
        let value: serde_json::Value = serde_json::from_str(line.trim()).expect("valid JSON");
        let puzzle: Board = value["puzzle"].as_str().unwrap().parse().unwrap();
        assert_eq!((puzzle.rows(), puzzle.cols()), (rows, cols));
        let outcome = solve(&puzzle, 2, 10_000_000).unwrap();
        assert_eq!(outcome.uniqueness(), Uniqueness::Unique, "{line}");
    }
}

#[test]
fn generate_prints_puzzle_and_solution() {
    let output = gridforge(&["kakuro", "generate", "--size", "10", "--difficulty", "easy"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let (head, solution) = text.split_once("# solution\n").expect("a solution part");
    let puzzle = head.lines().skip(1).collect::<Vec<_>>().join("\n");
    assert!(head.starts_with("# size 10, easy, seed 0"), "{text}");
    let puzzle: Board = puzzle.parse().unwrap();
    let solution: Solution = solution.parse().unwrap();
    assert_eq!(solve(&puzzle, 2, 100_000).unwrap().solutions, [solution]);
}

#[test]
fn solve_reads_standard_input_and_says_unique() {
    let output = gridforge_with_stdin(&["kakuro", "solve", "-"], UNIQUE);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stdout(&output), "3 3\n- - -\n- 1 2\n- 3 4\nunique\n");
}

#[test]
fn solve_reads_a_file_and_reports_several_as_json() {
    let dir = std::env::temp_dir().join(format!("gridforge-kakuro-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("two.txt");
    std::fs::write(&path, TWO).unwrap();
    let output = gridforge(&["kakuro", "solve", path.to_str().unwrap(), "--json"]);
    std::fs::remove_dir_all(&dir).unwrap();
    // Several solutions is "not one": exit 1, the answer still on stdout.
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let value: serde_json::Value = serde_json::from_str(stdout(&output).trim()).unwrap();
    assert_eq!(value["status"], "several");
    assert_eq!(value["solutions"].as_array().unwrap().len(), 2);
    assert!(value["nodes"].is_u64());
}

#[test]
fn solve_without_solution_exits_with_1() {
    let output = gridforge_with_stdin(&["kakuro", "solve", "-"], "3 3\n- 4, 6,\n,3 2 0\n,7 0 0");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(stdout(&output), "none\n");
}

#[test]
fn bad_puzzles_get_one_line_and_a_non_zero_exit() {
    let output = gridforge_with_stdin(&["kakuro", "solve", "-"], "3 3\n- 4, 6,\n,3 0 x\n,7 0 0");
    assert_eq!(output.status.code(), Some(2));
    let err = stderr(&output);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("line 3, column 6"), "{err}");
    assert!(err.contains("bad token \"x\""), "{err}");

    let output = gridforge_with_stdin(&["kakuro", "rate", "-"], "3 2\n- 18,\n,1 0\n,2 0");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("impossible sum"),
        "{}",
        stderr(&output)
    );

    // Below 6 and above 30 are refused with one line naming the range.
    for size in ["2", "3", "5", "31"] {
        let output = gridforge(&["kakuro", "generate", "--size", size, "--difficulty", "easy"]);
        assert_eq!(output.status.code(), Some(2));
        assert_eq!(stderr(&output).lines().count(), 1);
        assert!(stderr(&output).contains("6..=30"), "{}", stderr(&output));
    }
    let output = gridforge(&[
        "kakuro",
        "generate",
        "--size",
        "10",
        "--difficulty",
        "fiendish",
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("fiendish"), "{}", stderr(&output));
}

#[test]
fn rate_reports_technique_and_search() {
    let output = gridforge_with_stdin(&["kakuro", "rate", "-", "--json"], UNIQUE);
    assert!(output.status.success(), "{}", stderr(&output));
    let value: serde_json::Value = serde_json::from_str(stdout(&output).trim()).unwrap();
    assert_eq!(value["difficulty"], "easy");
    assert_eq!(value["technique"], "run-digits");
    assert_eq!(value["outcome"], "solved");
    assert_eq!(value["search"]["status"], "unique");
    assert!(value["steps"]["run-digits"].as_u64().unwrap() > 0);

    // Not one solution: no rating, exit 1.
    let output = gridforge_with_stdin(&["kakuro", "rate", "-"], TWO);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.starts_with("difficulty: none (the puzzle has more than one solution)"),
        "{text}"
    );
    assert!(text.contains("search: several"), "{text}");
}

#[test]
fn combos_lists_digit_sets() {
    let output = gridforge(&["kakuro", "combos", "10", "3"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stdout(&output), "1+2+7\n1+3+6\n1+4+5\n2+3+5\n");

    let output = gridforge(&[
        "kakuro",
        "combos",
        "20",
        "4",
        "--placed",
        "9",
        "--excluded",
        "1",
        "--json",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stdout(&output).trim(), "[[2,3,6,9],[2,4,5,9]]");

    let output = gridforge(&["kakuro", "combos", "18", "2"]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(stdout(&output), "none\n");

    let output = gridforge(&["kakuro", "combos", "46", "2"]);
    assert_eq!(output.status.code(), Some(2));
    let output = gridforge(&["kakuro", "combos", "10", "3", "--placed", "0"]);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn hint_explains_the_next_digit() {
    // From the empty board: the steps end with a placed digit of the solution.
    let output = gridforge(&["kakuro", "hint", UNIQUE, "--json"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let answer: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(answer["kind"], "steps", "{answer}");
    let steps = answer["steps"].as_array().unwrap();
    let last = steps.last().unwrap();
    let solution = [[1, 2], [3, 4]];
    for place in last["places"].as_array().unwrap() {
        let (r, c) = (
            place["cell"][0].as_u64().unwrap() as usize,
            place["cell"][1].as_u64().unwrap() as usize,
        );
        assert_eq!(place["digit"], solution[r - 1][c - 1], "{place}");
    }
    assert!(!last["places"].as_array().unwrap().is_empty());
    assert_eq!(last["technique"], "run-digits");
    assert_eq!(last["level"], "easy");
    assert_eq!(last["message"]["key"], "kakuro.explain.run-digits");
    // Readable: the English sentence with its parameters filled in.
    let output = gridforge(&["kakuro", "hint", UNIQUE]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.contains("run-digits (easy): The 2 empty cells"),
        "{text}"
    );
    assert!(text.contains("place "), "{text}");
    assert!(!text.contains('{'), "a parameter left unfilled: {text}");
}

#[test]
fn hint_checks_digits_and_pencil_marks() {
    // A wrong digit is named, the right one is not.
    let wrong = "3 3\n- 4, 6,\n,3 2 0\n,7 3 0";
    let output = gridforge(&["kakuro", "hint", wrong, "--json"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(
        stdout(&output).trim(),
        r#"{"cells":[[1,1]],"kind":"mistakes"}"#
    );
    // The text counts rows and columns from 1, the JSON from 0 as the API.
    let output = gridforge(&["kakuro", "hint", wrong]);
    assert_eq!(stdout(&output).trim(), "mistakes: (2,2)");
    // Solved.
    let output = gridforge(&["kakuro", "hint", "3 3\n- 4, 6,\n,3 1 2\n,7 3 4"]);
    assert_eq!(stdout(&output).trim(), "solved");
    // Pencil marks from a file: one left is placed at once.
    let dir = std::env::temp_dir().join(format!("gridforge-hint-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let marks = dir.join("marks.json");
    std::fs::write(&marks, r#"{"2,2": [4], "1,1": [1, 2]}"#).unwrap();
    let output = gridforge(&[
        "kakuro",
        "hint",
        UNIQUE,
        "--candidates",
        marks.to_str().unwrap(),
        "--json",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let answer: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(
        answer["steps"][0]["places"],
        serde_json::json!([{"cell": [2, 2], "digit": 4}])
    );
    assert_eq!(
        answer["steps"][0]["message"]["key"],
        "kakuro.explain.last-candidate"
    );
    // Marks without the right digit are a mistake.
    std::fs::write(&marks, r#"{"2,2": [1, 2]}"#).unwrap();
    let output = gridforge(&[
        "kakuro",
        "hint",
        UNIQUE,
        "--candidates",
        marks.to_str().unwrap(),
    ]);
    assert_eq!(stdout(&output).trim(), "mistakes: (3,3)");
    // Bad marks and puzzles without one solution: one line, non-zero exit.
    for (board, content) in [
        (UNIQUE, r#"{"0,0": [1]}"#),
        (UNIQUE, r#"{"1,1": [0]}"#),
        (UNIQUE, r#"{"x": [1]}"#),
        (UNIQUE, "not json"),
        (TWO, "{}"),
    ] {
        std::fs::write(&marks, content).unwrap();
        let output = gridforge(&[
            "kakuro",
            "hint",
            board,
            "--candidates",
            marks.to_str().unwrap(),
        ]);
        assert!(!output.status.success(), "{content}");
        let err = stderr(&output);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.starts_with("gridforge: "), "{err}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// Where the shared corpus lies (tests that need it say "skipped" without it).
const CORPUS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../shared/data/kakuro/janko-kakuro.json"
);

/// Walks `puzzle` digit by digit with the library's hints (only their
/// placements written in) and keeps, per technique, the first position whose
/// hint uses it.
fn positions_by_technique(
    puzzle: &Board,
    found: &mut std::collections::BTreeMap<Technique, Board>,
) {
    let mut board = puzzle.clone();
    let mut marks = Marks::new();
    for _ in 0..10_000 {
        let Ok(Hint::Steps(steps)) = hint(&board, &Marks::new(), 1_000_000) else {
            return;
        };
        let Some(last) = steps.last() else { return };
        for step in &steps {
            found.entry(step.technique).or_insert_with(|| board.clone());
        }
        let mut placed = last.clone();
        placed.removes.clear();
        placed.apply(&mut board, &mut marks).unwrap();
    }
}

/// `(row,col)` names in a text, as numbers.
fn named_cells(text: &str) -> Vec<(usize, usize)> {
    let mut cells = Vec::new();
    for part in text.split('(').skip(1) {
        let Some((inside, _)) = part.split_once(')') else {
            continue;
        };
        if let Some((r, c)) = inside.split_once(',') {
            if let (Ok(r), Ok(c)) = (r.parse(), c.parse()) {
                cells.push((r, c));
            }
        }
    }
    cells
}

/// The digits of `remove D from (r,c)` lines, per cell.
fn removals(text: &str) -> std::collections::BTreeMap<(usize, usize), Vec<u32>> {
    let mut out = std::collections::BTreeMap::new();
    for line in text.lines() {
        if let Some(rest) = line.trim().strip_prefix("remove ") {
            let (digits, cell) = rest.split_once(" from ").unwrap();
            let digits: Vec<u32> = digits.chars().filter_map(|c| c.to_digit(10)).collect();
            out.insert(named_cells(cell)[0], digits);
        }
    }
    out
}

/// Checks the text of a hint that uses `technique` on `board`: named the
/// people's way, no "highlighted", and the arithmetic of the steps that
/// have some holds.
fn check_hint_text(technique: Technique, board: &Board) {
    let text_in = board.to_string();
    let output = gridforge(&["kakuro", "hint", &text_in]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let context = format!("{technique}:\n{text_in}\n{text}");
    assert!(!text.contains("highlighted"), "{context}");
    assert!(!text.contains('{'), "a parameter left unfilled: {context}");
    // Every cell named lies on the board, counted from 1.
    for (r, c) in named_cells(&text) {
        assert!(
            (1..=board.rows()).contains(&r) && (1..=board.cols()).contains(&c),
            "({r},{c}) {context}"
        );
    }
    // The step of the technique, up to the next numbered step.
    let start = text
        .find(&format!(". {technique} ("))
        .unwrap_or_else(|| panic!("no {technique} step: {context}"));
    let mut lines = text[start..].lines();
    let mut step = lines.next().unwrap_or_default().to_string();
    for line in lines.take_while(|l| l.starts_with("   ")) {
        step.push('\n');
        step.push_str(line);
    }
    let step = step.as_str();
    match technique {
        Technique::SumBounds => {
            let removed = removals(step);
            let mut checked = 0;
            for line in step.lines() {
                let Some((cell, rest)) = line.trim().split_once(": the other open cells make ")
                else {
                    continue;
                };
                let numbers: Vec<u32> = rest
                    .split(|c: char| !c.is_ascii_digit())
                    .filter_map(|n| n.parse().ok())
                    .collect();
                // least to most, so it holds rest - most to rest - least: low to high
                let [least, most, sum, most2, sum2, least2, low, high] = numbers[..] else {
                    panic!("{line}: {context}");
                };
                assert_eq!((most, least, sum), (most2, least2, sum2), "{context}");
                assert_eq!(low, sum.saturating_sub(most).max(1), "{context}");
                assert_eq!(high, sum.saturating_sub(least).min(9), "{context}");
                let cell = named_cells(cell)[0];
                for d in &removed[&cell] {
                    assert!(
                        *d < low || *d > high,
                        "{d} removed inside {low}..{high}: {context}"
                    );
                }
                checked += 1;
            }
            assert!(checked > 0, "no bounds: {context}");
        }
        Technique::RegionSum => {
            let sum_of = |prefix: &str| -> i64 {
                step.lines()
                    .filter_map(|l| l.trim().strip_prefix(prefix))
                    .map(|l| l.split(' ').nth(1).unwrap().parse::<i64>().unwrap())
                    .sum()
            };
            let expected = sum_of("counted in: ") - sum_of("counted out: ");
            let line = step
                .lines()
                .find(|l| l.trim().starts_with("so the cells") || l.trim().starts_with("so minus"))
                .unwrap_or_else(|| panic!("no arithmetic: {context}"));
            let total: i64 = line.rsplit(" = ").next().unwrap().trim().parse().unwrap();
            assert_eq!(total, expected, "{context}");
            assert!(step.contains("counted in: "), "{context}");
        }
        Technique::Contradiction => {
            let chain = step
                .lines()
                .find_map(|l| l.trim().strip_prefix("chain: "))
                .unwrap_or_else(|| panic!("no chain: {context}"));
            let broken = step
                .lines()
                .find_map(|l| l.trim().strip_prefix("then the run "))
                .unwrap_or_else(|| panic!("no broken run: {context}"));
            // The run named in the sentence is the one the chain breaks, and
            // the chain reaches it: a digit of the chain lies in it.
            let sum = broken.split(' ').nth(1).unwrap();
            assert!(
                step.contains(&format!("the run of {sum} could")),
                "{context}"
            );
            let run_cells = named_cells(broken.split_once(": ").unwrap().1);
            assert!(
                named_cells(chain).iter().any(|c| run_cells.contains(c)),
                "{context}"
            );
        }
        _ => {
            // A one-run technique names its run's cells.
            assert!(step.contains("   run: "), "{context}");
            assert!(step.contains(" from the clue at ("), "{context}");
        }
    }
}

#[test]
fn hint_text_of_every_technique_names_cells_and_shows_its_arithmetic() {
    let mut found = std::collections::BTreeMap::new();
    // Generated puzzles hold the techniques up to Expert.
    for difficulty in Difficulty::ALL {
        for seed in 0..3 {
            let params =
                gridforge_kakuro::RectParams::square(10 + seed as usize, difficulty).unwrap();
            let made = gridforge_kakuro::generate(&params, seed).unwrap();
            positions_by_technique(&made.puzzle, &mut found);
        }
    }
    // The Master techniques need published puzzles.
    match std::fs::read_to_string(CORPUS) {
        Ok(text) => {
            let json: serde_json::Value = serde_json::from_str(&text).unwrap();
            // One needs region sums, one a contradiction (rated so).
            for name in ["134_12x16", "169_12x18"] {
                let puzzle: Board = json["data"][name]["problem"]
                    .as_str()
                    .unwrap()
                    .parse()
                    .unwrap();
                positions_by_technique(&puzzle, &mut found);
            }
            assert!(found.contains_key(&Technique::RegionSum));
            assert!(found.contains_key(&Technique::Contradiction));
        }
        Err(_) => eprintln!("skipped: region-sum and contradiction texts (no corpus at {CORPUS})"),
    }
    for technique in [
        Technique::RunDigits,
        Technique::FittingSets,
        Technique::RequiredDigit,
        Technique::SumBounds,
        Technique::RunCompletion,
    ] {
        assert!(
            found.contains_key(&technique),
            "{technique}: {:?}",
            found.keys()
        );
    }
    for (technique, board) in &found {
        check_hint_text(*technique, board);
    }
}

#[test]
fn every_reading_command_refuses_what_is_not_a_puzzle() {
    for command in ["solve", "rate", "hint"] {
        common::check_bad_inputs(&["kakuro", command, "{}"]);
        // A board of blanks only has no runs: not a puzzle.
        let output = gridforge(&["kakuro", command, "2 2\n- -\n- -"]);
        assert_eq!(output.status.code(), Some(2), "{command}");
        assert!(
            stderr(&output).contains("no digit cells (no runs)"),
            "{command}: {}",
            stderr(&output)
        );
    }
    common::check_bad_inputs(&["kakuro", "hint", UNIQUE, "--candidates", "{}"]);
}

/// Runs gridforge and checks its exit code; failures say why on one line,
/// and a search that gives up says so.
fn expect_exit(args: &[&str], code: i32) {
    let output = gridforge(args);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(code), "{args:?}: {err}");
    if code >= 2 {
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
    if code == 3 {
        assert!(err.contains("gave up after"), "{err}");
    }
}

#[test]
fn exit_codes_follow_one_rule() {
    // The across sums make 11, the down ones 10.
    let none = "3 3\n- 4, 6,\n,3 0 0\n,8 0 0";
    for command in ["solve", "rate", "hint"] {
        expect_exit(&["kakuro", command, UNIQUE], 0);
        expect_exit(&["kakuro", command, none], 1);
        expect_exit(&["kakuro", command, TWO], 1);
        // Flags out of range are usage errors.
        expect_exit(&["kakuro", command, UNIQUE, "--timeout", "0"], 2);
        expect_exit(&["kakuro", command, UNIQUE, "--timeout", "86401"], 2);
        expect_exit(&["kakuro", command, UNIQUE, "--budget", "-1"], 2);
    }
    // Budgets at their limit: the search gives up, exit 3.
    expect_exit(&["kakuro", "solve", TWO, "--budget", "0"], 3);
    expect_exit(&["kakuro", "rate", UNIQUE, "--budget", "0"], 3);
    expect_exit(&["kakuro", "hint", UNIQUE, "--budget", "0"], 3);
    for (line, code) in [
        ("combos 10 2", 0),
        ("combos 45 2", 1),
        ("combos 46 2", 2),
        ("combos 10 10", 2),
        ("generate --size 5 --difficulty easy", 2),
        ("generate --size 31 --difficulty easy", 2),
        ("generate --size 2 --difficulty easy", 2),
        ("generate --width 24 --difficulty easy", 2),
        ("generate --width 5 --height 20 --difficulty easy", 2),
        (
            "generate --size 20 --width 20 --height 20 --difficulty easy",
            2,
        ),
        ("generate --size 10 --difficulty master", 2),
        ("generate --size 10 --difficulty easy --count 0", 2),
        ("web-pack --out /nonexistent/dir/pack.json --count 1", 2),
        // The largest seed wraps to the next puzzles instead of failing.
        (
            "generate --size 10 --difficulty easy --seed 18446744073709551615 --count 2",
            0,
        ),
    ] {
        let args: Vec<&str> = std::iter::once("kakuro")
            .chain(line.split_whitespace())
            .collect();
        expect_exit(&args, code);
    }
}

#[test]
fn rate_of_a_lattice_with_many_solutions_is_quick_and_bounded() {
    // A 96x96 lattice of 4x4 blocks, every run 4 cells making 10: very many
    // solutions. The search says so at once; no rating is tried.
    let blocks = 19;
    let n = 5 * blocks + 1;
    let mut text = format!("{n} {n}\n");
    for r in 0..n {
        let row: Vec<String> = (0..n)
            .map(|c| {
                if r % 5 != 0 && c % 5 != 0 {
                    return "0".to_string();
                }
                let down = r % 5 == 0 && c % 5 != 0 && r + 1 < n;
                let across = c % 5 == 0 && r % 5 != 0 && c + 1 < n;
                match (down, across) {
                    (false, false) => "-".to_string(),
                    (d, a) => format!(
                        "{},{}",
                        if d { "10" } else { "" },
                        if a { "10" } else { "" }
                    ),
                }
            })
            .collect();
        text.push_str(&row.join(" "));
        text.push('\n');
    }
    let started = std::time::Instant::now();
    let output = gridforge_with_stdin(&["kakuro", "rate", "-", "--timeout", "30"], &text);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(stdout(&output).starts_with("difficulty: none (the puzzle has more than one solution)"));
    assert!(started.elapsed() < std::time::Duration::from_secs(10));
    // And a budget too small for a puzzle that has a rating gives up.
    let output = gridforge(&["kakuro", "rate", UNIQUE, "--budget", "2"]);
    assert_eq!(output.status.code(), Some(3));
    assert!(
        stderr(&output).contains("gave up after"),
        "{}",
        stderr(&output)
    );
}
