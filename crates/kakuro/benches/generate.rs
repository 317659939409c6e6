//! Generating unique puzzles: time per puzzle at each difficulty, for 10×10
//! and 15×15, each iteration with a new seed. Criterion reports medians; the
//! 95th percentiles come from `examples/gen_stats.rs`.
//!
//! `cargo bench -p gridforge-kakuro --bench generate`

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, SamplingMode};
use gridforge_kakuro::{generate, Difficulty, RectParams};
use std::time::Duration;

fn generation(c: &mut Criterion) {
    for size in [10, 15] {
        let mut group = c.benchmark_group(format!("generate {size}x{size}"));
        group.sampling_mode(SamplingMode::Flat);
        group.sample_size(60);
        group.measurement_time(Duration::from_secs(if size == 15 { 12 } else { 4 }));
        for difficulty in Difficulty::ALL {
            let mut seed = 0u64;
            group.bench_with_input(
                BenchmarkId::from_parameter(difficulty),
                &difficulty,
                |b, &difficulty| {
                    b.iter(|| {
                        seed += 1;
                        generate(
                            &RectParams {
                                rows: size,
                                cols: size,
                                difficulty,
                            },
                            seed,
                        )
                        .expect("a puzzle")
                    })
                },
            );
        }
        group.finish();
    }
}

criterion_group!(benches, generation);
criterion_main!(benches);
