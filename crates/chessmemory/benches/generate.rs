//! Both generators side by side, per valid setup, each iteration on a new seed.
//!
//! `cargo bench -p gridforge-chessmemory` reports `generate/backtrack` and
//! `generate/restart`; the ratio of their medians is the speed-up of the search over
//! the original restart method. The restart method's spread is large (thousands of
//! restarts, from a handful to tens of thousands), so it gets more time per sample.

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode};
use gridforge_chessmemory::{generate, GenerateParams, Method};
use std::hint::black_box;
use std::time::Duration;

fn generators(c: &mut Criterion) {
    let mut group = c.benchmark_group("generate");
    // Flat sampling: every sample runs the same number of setups, so a sample's mean
    // is over the same number of seeds for both methods.
    group.sampling_mode(SamplingMode::Flat);
    group.sample_size(50);
    group.measurement_time(Duration::from_secs(20));
    for method in [Method::Backtrack, Method::Restart] {
        let params = GenerateParams {
            method,
            ..GenerateParams::default()
        };
        let mut seed = 0u64;
        group.bench_function(method.name(), |b| {
            b.iter(|| {
                seed += 1;
                black_box(generate(&params, black_box(seed)).expect("the default budget suffices"))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, generators);
criterion_main!(benches);
