//! Solving the shared Janko corpus (999 puzzles, up to 31×46) with a
//! uniqueness proof (limit 2), one puzzle after another and with rayon; and
//! rating it with the logical solver.
//!
//! `cargo bench -p gridforge-kakuro --bench solve_corpus`

use criterion::{criterion_group, criterion_main, Criterion};
use gridforge_kakuro::{rate, solve, Board, Uniqueness};
use rayon::prelude::*;
use std::time::Duration;

const CORPUS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../../shared/data/kakuro/janko-kakuro.json"
);

fn load() -> Option<Vec<Board>> {
    let text = std::fs::read_to_string(CORPUS).ok()?;
    let json: serde_json::Value = serde_json::from_str(&text).ok()?;
    let boards = json["data"]
        .as_object()?
        .values()
        .map(|entry| entry["problem"].as_str()?.parse().ok())
        .collect::<Option<Vec<Board>>>()?;
    Some(boards)
}

/// Solves every puzzle with limit 2; returns how many are unique.
fn solve_all(boards: &[Board]) -> usize {
    boards
        .iter()
        .map(|b| solve(b, 2, 10_000_000).expect("within budget"))
        .filter(|o| o.uniqueness() == Uniqueness::Unique)
        .count()
}

fn corpus(c: &mut Criterion) {
    let Some(boards) = load() else {
        eprintln!("skipped: {CORPUS} is missing");
        return;
    };
    assert_eq!(
        solve_all(&boards),
        998,
        "998 unique puzzles and one with two solutions"
    );
    let mut group = c.benchmark_group("corpus");
    group.sample_size(20);
    group.measurement_time(Duration::from_secs(10));
    group.bench_function("solve all 999, limit 2", |b| b.iter(|| solve_all(&boards)));
    group.bench_function("solve all 999, limit 2, rayon", |b| {
        b.iter(|| {
            boards
                .par_iter()
                .map(|b| {
                    solve(b, 2, 10_000_000)
                        .expect("within budget")
                        .solutions
                        .len()
                })
                .sum::<usize>()
        })
    });
    group.bench_function("rate all 999 (logical solver)", |b| {
        b.iter(|| {
            boards
                .iter()
                .filter(|b| rate(b).difficulty().is_some())
                .count()
        })
    });
    group.finish();
}

criterion_group!(benches, corpus);
criterion_main!(benches);
