//! Census speed: the profile dynamic program against the baseline the issue
//! names, a plain enumeration of every tiling grouped by piece multiset.
//!
//! `cargo bench -p gridforge-triplex` runs both on every rectangle up to area
//! `GRIDFORGE_BENCH_BASELINE_AREA` (default 30; the baseline alone needs about
//! a minute per run at 36) and the full census up to area 36.

use criterion::{criterion_group, criterion_main, Criterion};
use gridforge_triplex::{census_rectangle, rectangles_up_to, CensusOptions, Piece};
use rayon::prelude::*;
use std::collections::HashMap;
use std::time::Duration;

/// Every tiling of w×h by the eight shapes, one at a time, counting tilings
/// per multiset (saturated at 2), then the census's level rules that need no
/// tiling: unique, at least three pieces.
fn plain_enumeration(w: usize, h: usize) -> usize {
    let shapes = Piece::triplex_shapes();
    let area = w * h;
    // placements[s * area + cell]: shape s with its first row-major cell on `cell`.
    let mut placements = vec![0u64; shapes.len() * area];
    for (s, shape) in shapes.iter().enumerate() {
        let anchor_col = shape.cells().next().unwrap().1;
        for r in 0..h {
            for c in 0..w {
                if c < anchor_col || c - anchor_col + shape.width() > w || r + shape.height() > h {
                    continue;
                }
                placements[s * area + r * w + c] = shape.cells().fold(0u64, |m, (dr, dc)| {
                    m | 1 << ((r + dr) * w + c - anchor_col + dc)
                });
            }
        }
    }
    fn rec(
        filled: u64,
        multiset: u64,
        full: u64,
        area: usize,
        placements: &[u64],
        seen: &mut HashMap<u64, u8>,
    ) {
        if filled == full {
            let n = seen.entry(multiset).or_insert(0);
            *n = (*n + 1).min(2);
            return;
        }
        let cell = filled.trailing_ones() as usize;
        for s in 0..8 {
            let m = placements[s * area + cell];
            if m != 0 && m & filled == 0 {
                rec(
                    filled | m,
                    multiset + (1 << (6 * s)),
                    full,
                    area,
                    placements,
                    seen,
                );
            }
        }
    }
    let full = if area == 64 {
        u64::MAX
    } else {
        (1u64 << area) - 1
    };
    let mut seen = HashMap::new();
    rec(0, 0, full, area, &placements, &mut seen);
    seen.iter()
        .filter(|(m, n)| **n == 1 && (0..8).map(|s| (**m >> (6 * s)) & 63).sum::<u64>() >= 3)
        .count()
}

fn dp_census(max_area: usize) -> usize {
    rectangles_up_to(max_area)
        .par_iter()
        .map(|&(w, h)| {
            census_rectangle(w, h, &CensusOptions::default())
                .unwrap()
                .0
                .len()
        })
        .sum()
}

fn baseline(max_area: usize) -> usize {
    // One core, as the baseline was described.
    rectangles_up_to(max_area)
        .iter()
        .map(|&(w, h)| plain_enumeration(w, h))
        .sum()
}

fn benches(c: &mut Criterion) {
    let area: usize = std::env::var("GRIDFORGE_BENCH_BASELINE_AREA")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(30);
    let mut group = c.benchmark_group(format!("census_up_to_area_{area}"));
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(20));
    group.bench_function("profile_dp_census", |b| b.iter(|| dp_census(area)));
    group.bench_function("plain_enumeration_baseline", |b| b.iter(|| baseline(area)));
    group.finish();

    if area != 36 {
        let mut group = c.benchmark_group("census_up_to_area_36");
        group
            .sample_size(10)
            .measurement_time(Duration::from_secs(10));
        group.bench_function("profile_dp_census", |b| b.iter(|| dp_census(36)));
        group.finish();
    }
}

criterion_group!(census, benches);
criterion_main!(census);
