//! `gridforge kakuro …` end to end: the real binary, its output and exit codes.

use gridforge_kakuro::{solve, Board, Difficulty, Solution, Uniqueness};

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

    let output = gridforge(&["kakuro", "generate", "--size", "9", "--difficulty", "easy"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stderr(&output).lines().count(), 1);
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
