//! The cost of a fresh board per daily game: `generate_for_game` with the
//! day's default params, each iteration a new nonce (as each start would be).
//!
//! `cargo bench -p gridforge-chessmemory --bench per_game` reports
//! `per_game/fresh_setup`; its median is what the server spends on a board
//! at each start.

use criterion::{criterion_group, criterion_main, Criterion};
use gridforge_chessmemory::{generate_for_game, GenerateParams};
use std::hint::black_box;
use std::time::Duration;

fn per_game(c: &mut Criterion) {
    let mut group = c.benchmark_group("per_game");
    group.sample_size(100);
    group.measurement_time(Duration::from_secs(5));
    let params = GenerateParams::default();
    let mut nonce = 0u64;
    group.bench_function("fresh_setup", |b| {
        b.iter(|| {
            nonce += 1;
            black_box(
                generate_for_game(&params, black_box(20_261_126), black_box(nonce))
                    .expect("the default budget suffices"),
            )
        })
    });
    group.finish();
}

criterion_group!(benches, per_game);
criterion_main!(benches);
