//! What a daily solve's path costs the server: parsing and replaying a
//! person-like path of the 12×12 Medium daily (every cell once, a few
//! corrections), and the puzzle's human floor (a full rating: the server
//! computes it once per daily, not per solve).
//!
//! `cargo bench -p gridforge-kakuro --bench path`.

use criterion::{criterion_group, criterion_main, Criterion};
use gridforge_kakuro::path::{human_floor_ms, replay};
use gridforge_kakuro::{
    generate, review_flags, Difficulty, KakuroEvent, KakuroPath, RectParams, Timing,
};
use std::hint::black_box;

fn path(c: &mut Criterion) {
    let made = generate(&RectParams::square(12, Difficulty::Medium).unwrap(), 38).unwrap();
    let (puzzle, solution) = (made.puzzle, made.solution);
    let cells: Vec<usize> = (0..puzzle.cells().len())
        .filter(|&i| puzzle.cells()[i].is_digit_cell())
        .collect();
    // Every cell once in a scattered order (a stride prime to the count), a
    // wrong digit first on every tenth, uneven gaps.
    let gcd = |mut a: usize, mut b: usize| {
        while b != 0 {
            (a, b) = (b, a % b);
        }
        a
    };
    let stride = [7, 11, 13, 17]
        .into_iter()
        .find(|&s| gcd(s, cells.len()) == 1)
        .unwrap();
    let mut events = Vec::new();
    let mut t = 0;
    for k in 0..cells.len() {
        let cell = cells[(k * stride) % cells.len()];
        let right = solution.digits()[cell];
        if k % 10 == 3 {
            t += 2_000 + (k as u64 * 613) % 5_000;
            events.push(KakuroEvent {
                t_ms: t,
                cell,
                digit: Some(right % 9 + 1),
            });
        }
        t += 1_000 + (k as u64 * 977) % 7_000;
        events.push(KakuroEvent {
            t_ms: t,
            cell,
            digit: Some(right),
        });
    }
    let text = KakuroPath { events }.to_string();
    let timing = Timing {
        solve_ms: t + 200,
        slack_ms: 10_000,
    };
    let floor = human_floor_ms(&puzzle).unwrap();
    let mut group = c.benchmark_group("kakuro_path");
    group.bench_function("parse_replay_flag_12x12", |b| {
        b.iter(|| {
            let path: KakuroPath = black_box(&text).parse().unwrap();
            let stats = replay(&puzzle, &solution, &path, timing).unwrap();
            black_box(review_flags(&stats, timing.solve_ms, floor))
        })
    });
    group.bench_function("human_floor_12x12", |b| {
        b.iter(|| black_box(human_floor_ms(black_box(&puzzle)).unwrap()))
    });
    group.finish();
}

criterion_group!(benches, path);
criterion_main!(benches);
