//! What a first-solve claim's path costs the server: parsing, replaying and
//! flagging a path of the game's hardest level (8×8, 22 pieces), each piece
//! placed once, in the solution's piece order.
//!
//! `cargo bench -p gridforge-triplex --bench path`.

use criterion::{criterion_group, criterion_main, Criterion};
use gridforge_game::{review_flags, Timing};
use gridforge_triplex::pack::game_levels;
use gridforge_triplex::path::{human_floor_ms, replay};
use gridforge_triplex::{placements_from_grid, TriplexAction, TriplexEvent, TriplexPath};
use std::hint::black_box;

fn path(c: &mut Criterion) {
    let game = game_levels().unwrap().pop().unwrap();
    let level = &game.level;
    let solution = placements_from_grid(level, &game.solution.join("/")).unwrap();
    let width = level.width();
    let mut events = Vec::new();
    let mut t = 0;
    for (k, p) in solution.iter().enumerate() {
        t += 1_500 + (k as u64 * 977) % 6_000;
        let cells: Vec<usize> = p
            .shape
            .cells()
            .map(|(r, c)| (p.row + r) * width + p.col + c)
            .collect();
        events.push(TriplexEvent {
            t_ms: t,
            action: TriplexAction::Place {
                piece: p.piece,
                cells,
            },
        });
    }
    let text = TriplexPath { events }.to_string();
    let timing = Timing {
        solve_ms: t + 200,
        slack_ms: 10_000,
    };
    let floor = human_floor_ms(level, game.difficulty);
    c.bench_function("triplex_path/parse_replay_flag_8x8", |b| {
        b.iter(|| {
            let path: TriplexPath = black_box(&text).parse().unwrap();
            let stats = replay(level, &solution, &path, timing).unwrap();
            black_box(review_flags(&stats, timing.solve_ms, floor))
        })
    });
}

criterion_group!(benches, path);
criterion_main!(benches);
