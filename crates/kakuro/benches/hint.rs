//! Hint latency on 15×15 generated puzzles (one per difficulty), at positions
//! along a solve: the empty board, and the boards after a quarter, half and
//! three quarters of the white cells were placed by replaying hints (with the
//! pencil marks the hints left). Each iteration answers the position's hint,
//! uniqueness proof included. Criterion reports medians; p50/p99 over every
//! hint of whole solves come from `examples/hint_latency.rs`.
//!
//! `cargo bench -p gridforge-kakuro --bench hint`

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use gridforge_kakuro::{generate, hint, Board, Difficulty, Hint, Marks, RectParams};
use std::time::Duration;

const BUDGET: u64 = 5_000_000;

/// Positions reached by replaying hints: (fraction of white cells placed, board, marks).
fn positions(puzzle: &Board, fractions: &[f64]) -> Vec<(f64, Board, Marks)> {
    let white = puzzle.cells().iter().filter(|c| c.is_digit_cell()).count();
    let mut board = puzzle.clone();
    let mut marks = Marks::new();
    let mut placed = 0;
    let mut out = Vec::new();
    for &fraction in fractions {
        while (placed as f64) < fraction * white as f64 {
            let Ok(Hint::Steps(steps)) = hint(&board, &marks, BUDGET) else {
                break;
            };
            for step in steps {
                step.apply(&mut board, &mut marks).unwrap();
                placed += step.places.len();
            }
        }
        out.push((fraction, board.clone(), marks.clone()));
    }
    out
}

fn hints(c: &mut Criterion) {
    let mut group = c.benchmark_group("hint 15x15");
    group.sample_size(30);
    group.measurement_time(Duration::from_secs(3));
    for difficulty in Difficulty::ALL {
        let made = generate(
            &RectParams {
                rows: 15,
                cols: 15,
                difficulty,
            },
            1,
        )
        .expect("a puzzle");
        for (fraction, board, marks) in positions(&made.puzzle, &[0.0, 0.25, 0.5, 0.75]) {
            group.bench_with_input(
                BenchmarkId::new(difficulty.name(), format!("{:.0}%", fraction * 100.0)),
                &(board, marks),
                |b, (board, marks)| b.iter(|| hint(board, marks, BUDGET).expect("a hint")),
            );
        }
    }
    group.finish();
}

criterion_group!(benches, hints);
criterion_main!(benches);
