//! The offline Kakuro pack the web client carries (web/kakuro/puzzles.json):
//! it is the one `gridforge kakuro web-pack` makes today, it covers every
//! size and difficulty, and every puzzle in it (one string of layout and
//! digits, the clues summed from them) has exactly one solution by the search
//! solver's own count: the pack's digits.

use gridforge_kakuro::{solve, Board, Difficulty, Uniqueness, PACK_SIZES};
use std::collections::BTreeMap;

mod common;
use common::{committed_web_pack, gridforge};

const COMMITTED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/web/kakuro/puzzles.json");
/// Puzzles per size and difficulty the issue asks for, at least.
const AT_LEAST: usize = 10;
/// What the pack may weigh (the client downloads it for offline play, and
/// the exported single file carries it): 150 KB as text, 26 KB as codes.
const MAX_BYTES: usize = 40 * 1024;
/// Node budget of each uniqueness proof (generated puzzles need far fewer).
const PROOF_BUDGET: u64 = 2_000_000;

fn committed() -> String {
    std::fs::read_to_string(COMMITTED).expect("web/kakuro/puzzles.json is readable")
}

#[test]
fn the_committed_pack_is_up_to_date() {
    committed_web_pack(&["kakuro", "web-pack"], "kakuro/puzzles.json");
}

/// Reads a pack code (see `pack_code` in src/cli/kakuro.rs) into the puzzle
/// text, clues summed from the digits, and the row-major digits, written
/// here apart from the CLI's own reader.
fn decode(size: usize, code: &str) -> (String, Vec<u8>) {
    const ALPHABET: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let values: Vec<usize> = code
        .chars()
        .map(|c| ALPHABET.find(c).expect("a base64url character"))
        .collect();
    let n = size * size;
    let (layout, rest) = values.split_at(n.div_ceil(6));
    let mut digits: Vec<u8> = (0..n)
        .map(|i| (layout[i / 6] >> (5 - i % 6) & 1) as u8)
        .collect();
    let mut placed = rest.chunks(2).flat_map(|pair| {
        let v = pair[0] * 64 + pair[1];
        assert!(v < 729, "{code}");
        [v / 81, v / 9 % 9, v % 9].map(|d| d as u8 + 1)
    });
    for d in digits.iter_mut().filter(|d| **d == 1) {
        *d = placed.next().expect("a digit for every digit cell");
    }
    assert!(placed.count() < 3, "at most two digits of padding: {code}");
    let run = |mut i: usize, step: usize, end: usize| {
        let mut sum = 0;
        while i < end && digits[i] != 0 {
            sum += u32::from(digits[i]);
            i += step;
        }
        if sum == 0 {
            String::new()
        } else {
            sum.to_string()
        }
    };
    let mut text = format!("{size} {size}");
    for row in 0..size {
        text.push('\n');
        for col in 0..size {
            let i = row * size + col;
            if col > 0 {
                text.push(' ');
            }
            if digits[i] != 0 {
                text.push('0');
                continue;
            }
            let across = if col + 1 < size {
                run(i + 1, 1, (row + 1) * size)
            } else {
                String::new()
            };
            let down = if row + 1 < size {
                run(i + size, size, n)
            } else {
                String::new()
            };
            if across.is_empty() && down.is_empty() {
                text.push('-');
            } else {
                text.push_str(&format!("{down},{across}"));
            }
        }
    }
    (text, digits)
}

#[test]
fn every_size_and_difficulty_has_unique_puzzles_whose_digits_are_their_solution() {
    let text = committed();
    assert!(
        text.len() < MAX_BYTES,
        "the pack weighs {} bytes",
        text.len()
    );
    let pack: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(pack["format"], "gridforge-kakuro-pack");
    assert_eq!(pack["version"], 2);
    let mut per_bucket: BTreeMap<(usize, String), usize> = BTreeMap::new();
    let mut seen = std::collections::HashSet::new();
    for bucket in pack["buckets"].as_array().unwrap() {
        let size = bucket["size"].as_u64().unwrap() as usize;
        let difficulty: Difficulty = bucket["difficulty"].as_str().unwrap().parse().unwrap();
        for (i, code) in bucket["puzzles"].as_array().unwrap().iter().enumerate() {
            let (text, digits) = decode(size, code.as_str().unwrap());
            let board: Board = text.parse().unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!((board.rows(), board.cols()), (size, size));
            assert!(seen.insert(text.clone()), "a puzzle appears twice");
            let outcome = solve(&board, 2, PROOF_BUDGET).unwrap();
            assert_eq!(
                outcome.uniqueness(),
                Uniqueness::Unique,
                "size {size}, {difficulty}, puzzle {i}"
            );
            assert_eq!(
                outcome.solutions[0].digits(),
                &digits[..],
                "the pack's digits are the one solution"
            );
            *per_bucket
                .entry((size, difficulty.name().to_string()))
                .or_default() += 1;
        }
    }
    for size in PACK_SIZES {
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
