//! Rates every puzzle of the shared Janko corpus and prints the count per
//! level, the techniques the Master puzzles needed and the time taken.
//!
//! `cargo run --release -p gridforge-kakuro --example rate_corpus`

use gridforge_kakuro::{rate, solve_logically, Board, Difficulty, LogicOutcome, Technique};
use std::collections::BTreeMap;
use std::time::Instant;

const CORPUS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../../shared/data/kakuro/janko-kakuro.json"
);

fn main() {
    let Ok(text) = std::fs::read_to_string(CORPUS) else {
        eprintln!("skipped: {CORPUS} is missing");
        return;
    };
    let json: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let mut counts = BTreeMap::new();
    let mut slowest = (0.0, String::new());
    let started = Instant::now();
    for (name, entry) in json["data"].as_object().expect("data") {
        let board: Board = entry["problem"].as_str().unwrap().parse().unwrap();
        let t = Instant::now();
        let report = rate(&board);
        let secs = t.elapsed().as_secs_f64();
        if secs > slowest.0 {
            slowest = (secs, name.clone());
        }
        let key = report
            .difficulty()
            .map_or("needs guessing".to_string(), |d| d.to_string());
        if report.difficulty() == Some(Difficulty::Master) {
            let stuck = solve_logically(&board, Difficulty::Expert).outcome == LogicOutcome::Stuck;
            println!(
                "{name}: master, region-sum {} contradiction {} ({secs:.3} s), stuck at expert: {stuck}",
                report.steps_with(Technique::RegionSum),
                report.steps_with(Technique::Contradiction)
            );
        }
        *counts.entry(key).or_insert(0) += 1;
    }
    println!("{counts:?}");
    println!(
        "all in {:.2} s; slowest {} in {:.3} s",
        started.elapsed().as_secs_f64(),
        slowest.1,
        slowest.0
    );
}
