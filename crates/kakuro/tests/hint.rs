//! Hints replayed: from the empty board, apply hints until solved, for
//! generated puzzles of all four difficulties and (when the shared corpus is
//! beside this clone) published puzzles, the Master-rated ones among them.
//! Every placed digit must be the solution's, no removed candidate may be the
//! solution's digit, and every hint must end with a placement.

use gridforge_kakuro::{
    generate, hint, rate, Board, Difficulty, Hint, Marks, RectParams, Solution, Technique,
};
use std::collections::{BTreeMap, BTreeSet};

/// The web client's English catalogue, which has a sentence per message key.
const ENGLISH: &str = include_str!("../../../web/i18n/en.json");

/// Message keys seen in replays, with the names of their parameters.
type Keys = BTreeMap<&'static str, BTreeSet<&'static str>>;

/// Every key seen has an English sentence whose placeholders are exactly
/// the parameters the hints give.
fn check_sentences(keys: &Keys) {
    let english: serde_json::Value = serde_json::from_str(ENGLISH).unwrap();
    for (key, params) in keys {
        let sentence = english[*key]
            .as_str()
            .unwrap_or_else(|| panic!("web/i18n/en.json lacks {key}"));
        let mut placeholders = BTreeSet::new();
        let mut rest = sentence;
        while let Some(start) = rest.find('{') {
            let end = rest[start..].find('}').unwrap() + start;
            placeholders.insert(&rest[start + 1..end]);
            rest = &rest[end + 1..];
        }
        let params: BTreeSet<&str> = params.iter().copied().collect();
        assert_eq!(placeholders, params, "{key}: {sentence}");
    }
}

const CORPUS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../../shared/data/kakuro/janko-kakuro.json"
);

const BUDGET: u64 = 5_000_000;

/// Replays hints on `puzzle` until solved; returns the steps per technique.
fn replay(
    name: &str,
    puzzle: &Board,
    solution: &Solution,
    counts: &mut BTreeMap<Technique, u32>,
    keys: &mut Keys,
) {
    let mut board = puzzle.clone();
    let mut marks = Marks::new();
    let white = solution.digits().iter().filter(|&&d| d > 0).count();
    for round in 0..=white {
        let answer = hint(&board, &marks, BUDGET).unwrap_or_else(|e| panic!("{name}: {e}"));
        let steps = match answer {
            Hint::Solved => {
                assert_eq!(board.filled_with(solution).unwrap(), board, "{name}");
                return;
            }
            Hint::Mistakes(cells) => panic!("{name}, round {round}: mistakes {cells:?}"),
            Hint::Steps(steps) => steps,
        };
        assert!(!steps.is_empty(), "{name}, round {round}: no step");
        assert!(
            !steps.last().unwrap().places.is_empty(),
            "{name}, round {round}: the last step places nothing"
        );
        for step in &steps {
            *counts.entry(step.technique).or_insert(0) += 1;
            assert!(step.message.key.starts_with("kakuro.explain."));
            keys.entry(step.message.key)
                .or_default()
                .extend(step.message.params.iter().map(|(name, _)| *name));
            for removal in &step.removes {
                let (r, c) = removal.cell;
                let right = solution.digit(r, c).unwrap();
                assert!(
                    !removal.digits.contains(right),
                    "{name}, round {round}: {} removes the right digit {right} at ({r},{c})",
                    step.technique
                );
            }
            for place in &step.places {
                let (r, c) = place.cell;
                assert_eq!(
                    Some(place.digit),
                    solution.digit(r, c),
                    "{name}, round {round}: {} places a wrong digit at ({r},{c})",
                    step.technique
                );
            }
            step.apply(&mut board, &mut marks).unwrap();
        }
    }
    panic!("{name}: not solved after one hint per white cell");
}

#[test]
fn hints_replay_generated_puzzles_to_the_solution() {
    let mut counts = BTreeMap::new();
    let mut keys = Keys::new();
    let mut puzzles = 0;
    for difficulty in Difficulty::ALL {
        for seed in 0..6 {
            let size = 10 + (seed as usize % 3);
            let made = generate(
                &RectParams {
                    rows: size,
                    cols: size,
                    difficulty,
                },
                seed,
            )
            .unwrap();
            let name = format!("{size} {difficulty} seed {seed}");
            replay(&name, &made.puzzle, &made.solution, &mut counts, &mut keys);
            puzzles += 1;
        }
    }
    eprintln!("generated: {puzzles} puzzles replayed, steps per technique {counts:?}");
    assert_eq!(puzzles, 24);
    check_sentences(&keys);
    // The harder levels' techniques show up in the explanations.
    assert!(
        counts.contains_key(&Technique::RunCompletion) || counts.contains_key(&Technique::Subset)
    );
    assert!(counts.contains_key(&Technique::SumBounds));
}

#[test]
fn hints_replay_corpus_puzzles_to_the_solution() {
    let text = match std::fs::read_to_string(CORPUS) {
        Ok(text) => text,
        Err(_) => {
            eprintln!(
                "skipped: the Kakuro corpus {CORPUS} is not there (no ../shared beside this clone)"
            );
            return;
        }
    };
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut counts = BTreeMap::new();
    let mut keys = Keys::new();
    let mut master = 0;
    let mut others = 0;
    for (name, entry) in json["data"].as_object().unwrap() {
        let puzzle: Board = entry["problem"].as_str().unwrap().parse().unwrap();
        let level = rate(&puzzle).difficulty();
        // Every Master puzzle, and every 40th of the others.
        let take = match level {
            Some(Difficulty::Master) => {
                master += 1;
                true
            }
            Some(_) if others < 30 && name.len() % 2 == 0 => {
                others += 1;
                true
            }
            _ => false,
        };
        if !take {
            continue;
        }
        let solution: Solution = entry["solution"].as_str().unwrap().parse().unwrap();
        replay(name, &puzzle, &solution, &mut counts, &mut keys);
    }
    eprintln!("corpus: {master} master and {others} other puzzles replayed, steps per technique {counts:?}");
    assert_eq!(master, 25);
    check_sentences(&keys);
    assert!(counts.contains_key(&Technique::RegionSum));
    assert!(counts.contains_key(&Technique::Contradiction));
}
