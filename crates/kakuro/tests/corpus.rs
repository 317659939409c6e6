//! The shared Janko corpus (999 published puzzles with their solutions).
//!
//! The corpus lives in the project's shared material beside the repository
//! (`../shared/data`), which a user's clone does not have: the tests run in
//! full when the file is there and otherwise say in one line that they were
//! skipped and why (`scripts/test` says so too, since `cargo test` keeps a
//! passing test's output to itself).

use gridforge_kakuro::{
    rate, solve, solve_logically, Board, Difficulty, LogicOutcome, Solution, Uniqueness,
};
use std::collections::BTreeMap;

const CORPUS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../../shared/data/kakuro/janko-kakuro.json"
);

/// Nodes allowed per puzzle; the hardest needs about 62 000.
const BUDGET: u64 = 5_000_000;

struct Entry {
    name: String,
    problem: String,
    puzzle: Board,
    solution_text: String,
    solution: Solution,
}

/// The corpus entries, or `None` when the corpus is not beside this clone.
fn corpus() -> Option<Vec<Entry>> {
    let text = match std::fs::read_to_string(CORPUS) {
        Ok(text) => text,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => {
            eprintln!(
                "skipped: the Kakuro corpus {CORPUS} is not there (no ../shared beside this clone)"
            );
            return None;
        }
        Err(err) => panic!("{CORPUS} is there but cannot be read: {err}"),
    };
    let json: serde_json::Value = serde_json::from_str(&text).expect("the corpus is JSON");
    let data = json["data"].as_object().expect("a `data` object");
    assert_eq!(json["count"], 999);
    assert_eq!(data.len(), 999);
    let entries = data
        .iter()
        .map(|(name, entry)| {
            let problem = entry["problem"].as_str().expect("a problem").to_string();
            let solution_text = entry["solution"].as_str().expect("a solution").to_string();
            let puzzle = problem
                .parse()
                .unwrap_or_else(|err| panic!("{name}: problem does not parse: {err}"));
            let solution = solution_text
                .parse()
                .unwrap_or_else(|err| panic!("{name}: solution does not parse: {err}"));
            Entry {
                name: name.clone(),
                problem,
                puzzle,
                solution_text,
                solution,
            }
        })
        .collect();
    Some(entries)
}

#[test]
fn corpus_formats_round_trip() {
    let Some(entries) = corpus() else { return };
    for entry in &entries {
        assert_eq!(entry.puzzle.to_string(), entry.problem, "{}", entry.name);
        // Solutions are stored with trailing spaces on some lines; the
        // canonical form has none.
        let canonical: Vec<&str> = entry.solution_text.lines().map(str::trim).collect();
        assert_eq!(
            entry.solution.to_string(),
            canonical.join("\n"),
            "{}",
            entry.name
        );
    }
}

#[test]
fn corpus_solves_with_uniqueness_proof() {
    let Some(entries) = corpus() else { return };
    let mut several = Vec::new();
    let mut nodes = 0;
    for entry in &entries {
        let outcome =
            solve(&entry.puzzle, 2, BUDGET).unwrap_or_else(|err| panic!("{}: {err}", entry.name));
        nodes += outcome.stats.nodes;
        match outcome.uniqueness() {
            Uniqueness::Unique => assert_eq!(
                outcome.solutions[0], entry.solution,
                "{}: the only solution differs from the stored one",
                entry.name
            ),
            Uniqueness::Several => {
                assert!(
                    outcome.solutions.contains(&entry.solution),
                    "{}: the stored solution is not among those found",
                    entry.name
                );
                several.push(entry.name.clone());
            }
            Uniqueness::None => panic!("{}: no solution", entry.name),
            Uniqueness::AtLeastOne => panic!("{}: limit 2 must decide uniqueness", entry.name),
        }
        // Every solution found really solves the puzzle.
        for solution in &outcome.solutions {
            let filled = entry.puzzle.filled_with(solution).unwrap();
            assert!(gridforge_kakuro::is_solved(&filled), "{}", entry.name);
        }
    }
    eprintln!(
        "corpus: {} puzzles, {nodes} search nodes in all, several solutions: {several:?}",
        entries.len()
    );
    assert_eq!(
        several.len(),
        1,
        "exactly one corpus puzzle has two solutions as transcribed, found {several:?}"
    );
}

#[test]
fn corpus_logic_is_sound() {
    let Some(entries) = corpus() else { return };
    let mut by_difficulty = BTreeMap::new();
    let mut guessing = Vec::new();
    for entry in &entries {
        let report = rate(&entry.puzzle);
        let unique = solve(&entry.puzzle, 2, BUDGET).unwrap().uniqueness() == Uniqueness::Unique;
        match report.difficulty() {
            Some(level) => {
                // Exact: solved with the techniques of its level (to the
                // stored solution), stuck with those of the level below.
                assert!(
                    matches!(
                        solve_logically(&entry.puzzle, level).outcome,
                        LogicOutcome::Solved(ref s) if *s == entry.solution
                    ),
                    "{}: not solved at its own level {level}",
                    entry.name
                );
                if let Some(&below) = Difficulty::RATINGS.iter().rev().find(|&&d| d < level) {
                    assert_eq!(
                        solve_logically(&entry.puzzle, below).outcome,
                        LogicOutcome::Stuck,
                        "{}: rated {level} but solved at {below}",
                        entry.name
                    );
                }
            }
            None if unique => guessing.push(entry.name.clone()),
            None => {}
        }
        match &report.outcome {
            LogicOutcome::Solved(solution) => {
                assert_eq!(solution, &entry.solution, "{}", entry.name)
            }
            LogicOutcome::Stuck => {
                // Whatever is left open still allows the stored solution.
                for row in 0..entry.solution.rows() {
                    for col in 0..entry.solution.cols() {
                        if let Some(d) = entry.solution.digit(row, col) {
                            let set = report.candidates.get(row, col).unwrap();
                            assert!(set.contains(d), "{} ({row}, {col})", entry.name);
                        }
                    }
                }
            }
            LogicOutcome::Contradiction(c) => panic!("{}: {c}", entry.name),
        }
        let key = report
            .difficulty()
            .map_or("needs guessing".to_string(), |d| d.to_string());
        *by_difficulty.entry(key).or_insert(0) += 1;
    }
    eprintln!("corpus ratings: {by_difficulty:?}");
    assert_eq!(by_difficulty.values().sum::<i32>(), 999);
    // Every puzzle with one solution is rated; only the one with two
    // solutions is left to guessing.
    assert!(
        guessing.is_empty(),
        "unique puzzles rated as needing guessing: {guessing:?}"
    );
    assert_eq!(by_difficulty.get("needs guessing"), Some(&1));
    assert!(by_difficulty.get("master").is_some_and(|&n| n > 0));
}
