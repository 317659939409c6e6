//! Hint latency over whole solves of 15×15 generated puzzles: every hint from
//! the empty board to the solution (pencil marks kept as the hints leave
//! them), timed one by one; prints p50, p90, p99 and the maximum per
//! difficulty and over all.
//!
//! `cargo run --release -p gridforge-kakuro --example hint_latency [puzzles per difficulty]`

use gridforge_kakuro::{generate, hint, Difficulty, Hint, Marks, RectParams};
use std::time::Instant;

fn percentile(sorted: &[f64], p: f64) -> f64 {
    let i = ((p / 100.0) * (sorted.len() - 1) as f64).round() as usize;
    sorted[i]
}

fn report(label: &str, times: &mut [f64]) {
    times.sort_by(f64::total_cmp);
    println!(
        "{label}: {} hints, p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        times.len(),
        percentile(times, 50.0),
        percentile(times, 90.0),
        percentile(times, 99.0),
        times[times.len() - 1]
    );
}

fn main() {
    let per: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(5);
    let mut all = Vec::new();
    for difficulty in Difficulty::ALL {
        let mut times = Vec::new();
        for seed in 0..per {
            let made = generate(
                &RectParams {
                    rows: 15,
                    cols: 15,
                    difficulty,
                },
                seed,
            )
            .expect("a puzzle");
            let mut board = made.puzzle.clone();
            let mut marks = Marks::new();
            loop {
                let started = Instant::now();
                let answer = hint(&board, &marks, 5_000_000).expect("a hint");
                times.push(started.elapsed().as_secs_f64() * 1000.0);
                let Hint::Steps(steps) = answer else { break };
                assert!(!steps.is_empty());
                for step in steps {
                    step.apply(&mut board, &mut marks).unwrap();
                }
            }
        }
        all.extend_from_slice(&times);
        report(&format!("15x15 {difficulty}"), &mut times);
    }
    report("15x15 all", &mut all);
}
