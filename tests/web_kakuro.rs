//! The offline Kakuro pack the web client carries (web/kakuro/puzzles.json):
//! it is the one `gridforge kakuro web-pack` makes today, it covers every
//! size and difficulty, and every puzzle in it has exactly one solution by the
//! search solver's own count.

use gridforge_kakuro::{solve, Board, Difficulty, Uniqueness, SIZES};
use std::collections::BTreeMap;

mod common;
use common::{committed_web_pack, gridforge};

const COMMITTED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/web/kakuro/puzzles.json");
/// Puzzles per size and difficulty the issue asks for, at least.
const AT_LEAST: usize = 10;
/// What the pack may weigh (the client downloads it for offline play).
const MAX_BYTES: usize = 400 * 1024;
/// Node budget of each uniqueness proof (generated puzzles need far fewer).
const PROOF_BUDGET: u64 = 2_000_000;

fn committed() -> String {
    std::fs::read_to_string(COMMITTED).expect("web/kakuro/puzzles.json is readable")
}

#[test]
fn the_committed_pack_is_up_to_date() {
    committed_web_pack("kakuro", "kakuro/puzzles.json");
}

#[test]
fn every_size_and_difficulty_has_unique_puzzles_without_solutions() {
    let text = committed();
    assert!(
        text.len() < MAX_BYTES,
        "the pack weighs {} bytes",
        text.len()
    );
    let pack: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(pack["format"], "gridforge-kakuro-pack");
    assert_eq!(pack["version"], 1);
    let mut per_bucket: BTreeMap<(usize, String), usize> = BTreeMap::new();
    let mut seen = std::collections::HashSet::new();
    for entry in pack["puzzles"].as_array().unwrap() {
        let size = entry["size"].as_u64().unwrap() as usize;
        let difficulty: Difficulty = entry["difficulty"].as_str().unwrap().parse().unwrap();
        let text = entry["puzzle"].as_str().unwrap();
        let board: Board = text.parse().unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!((board.rows(), board.cols()), (size, size));
        assert!(
            board
                .cells()
                .iter()
                .all(|c| !matches!(c, gridforge_kakuro::Cell::Digit(Some(_)))),
            "a pack puzzle gives no digits away"
        );
        assert!(seen.insert(text.to_string()), "a puzzle appears twice");
        let outcome = solve(&board, 2, PROOF_BUDGET).unwrap();
        assert_eq!(
            outcome.uniqueness(),
            Uniqueness::Unique,
            "size {size}, {difficulty}, seed {}",
            entry["seed"]
        );
        *per_bucket
            .entry((size, difficulty.name().to_string()))
            .or_default() += 1;
    }
    for size in SIZES {
        for difficulty in Difficulty::ALL {
            let n = per_bucket
                .get(&(size, difficulty.name().to_string()))
                .copied()
                .unwrap_or(0);
            assert!(n >= AT_LEAST, "size {size}, {difficulty}: {n} puzzles");
        }
    }
}

#[test]
fn web_pack_reports_an_unwritable_file_in_one_line() {
    let out = gridforge(&[
        "kakuro",
        "web-pack",
        "--count",
        "1",
        "--out",
        "/nonexistent/dir/puzzles.json",
    ]);
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("gridforge: cannot write /nonexistent/dir/puzzles.json"),
        "{err}"
    );
}
