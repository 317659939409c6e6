//! Generating unique puzzles: time per puzzle at each difficulty, for 10×10
//! and 15×15, and the 30×30 expert on one thread (the large boards' slots
//! otherwise run on every thread), each iteration with a new seed. Criterion
//! reports medians; the 99th percentiles and maxima come from
//! `examples/gen_stats.rs`. For a one-core figure run it under `taskset -c 1`.
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
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("a pool of one thread");
    let mut group = c.benchmark_group("generate 30x30 one thread");
    group.sampling_mode(SamplingMode::Flat);
    group.sample_size(20);
    group.measurement_time(Duration::from_secs(20));
    let mut seed = 0u64;
    group.bench_function(BenchmarkId::from_parameter(Difficulty::Expert), |b| {
        b.iter(|| {
            seed += 1;
            let params = RectParams::square(30, Difficulty::Expert).expect("a size made");
            one.install(|| generate(&params, seed)).expect("a puzzle")
        })
    });
    group.finish();
}

criterion_group!(benches, generation);
criterion_main!(benches);
