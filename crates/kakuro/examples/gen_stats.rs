//! Times the generator over many seeds and prints the median and 95th
//! percentile per size and difficulty (criterion gives medians only), the
//! mean share of digit cells and the median number of logical-solver ratings.
//!
//! `cargo run --release -p gridforge-kakuro --example gen_stats [SEEDS] [SIZES...]`
//! (default: 50 seeds, sizes 10 and 15; a size is `N` for N×N or `RxC`).

use gridforge_kakuro::{generate, Difficulty, RectParams};
use std::time::{Duration, Instant};

fn main() {
    let mut args = std::env::args().skip(1);
    let seeds: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(50);
    let mut sizes: Vec<(usize, usize)> = args
        .filter_map(|s| match s.split_once('x') {
            Some((r, c)) => Some((r.parse().ok()?, c.parse().ok()?)),
            None => s.parse().ok().map(|n| (n, n)),
        })
        .collect();
    if sizes.is_empty() {
        sizes = vec![(10, 10), (15, 15)];
    }
    println!(
        "size    difficulty  seeds  median      p95         max         share  ratings(median)"
    );
    for &(rows, cols) in &sizes {
        let size = format!("{rows}x{cols}");
        for difficulty in Difficulty::ALL {
            let mut times = Vec::new();
            let mut ratings = Vec::new();
            let mut share = 0.0;
            for seed in 0..seeds {
                let start = Instant::now();
                match generate(
                    &RectParams {
                        rows,
                        cols,
                        difficulty,
                    },
                    seed,
                ) {
                    Ok(made) => {
                        times.push(start.elapsed());
                        ratings.push(made.stats.ratings);
                        let layout = gridforge_kakuro::Layout::of_board(&made.puzzle);
                        share += layout.digit_share();
                    }
                    Err(err) => println!("size {size} {difficulty} seed {seed}: {err}"),
                }
            }
            times.sort();
            ratings.sort();
            let at = |q: f64| -> Duration {
                let i = ((times.len() as f64 - 1.0) * q).round() as usize;
                times.get(i).copied().unwrap_or_default()
            };
            println!(
                "{size:>6}  {:<10}  {:>5}  {:<10.2?}  {:<10.2?}  {:<10.2?}  {:.2}   {}",
                difficulty.name(),
                times.len(),
                at(0.5),
                at(0.95),
                times.last().copied().unwrap_or_default(),
                share / times.len().max(1) as f64,
                ratings.get(ratings.len() / 2).copied().unwrap_or(0),
            );
        }
    }
}
