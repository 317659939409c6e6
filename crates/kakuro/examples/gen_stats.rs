//! Times the generator over many seeds and prints the median and 95th
//! percentile per size and difficulty (criterion gives medians only), the
//! mean share of digit cells and the median number of logical-solver ratings.
//!
//! `cargo run --release -p gridforge-kakuro --example gen_stats [SEEDS] [SIZES...]`
//! (default: 50 seeds, sizes 10 and 15; a size is `N` for N×N or `RxC`).
//! Besides wall time it prints the CPU time of all the process's threads
//! (from Linux's `/proc/self/task/*/schedstat`): boards with a side over 16
//! run several layouts at once on the rayon pool, so the CPU time is the
//! work done, and the wall time what a caller waits on an idle machine.
//! Difficulty names among the arguments (`expert`, …) limit the run to them.

use gridforge_kakuro::{generate, Difficulty, RectParams};
use std::time::{Duration, Instant};

fn main() {
    let mut args = std::env::args().skip(1);
    let seeds: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(50);
    let args: Vec<String> = args.collect();
    let mut difficulties: Vec<Difficulty> = Difficulty::ALL
        .into_iter()
        .filter(|d| args.iter().any(|a| a == d.name()))
        .collect();
    if difficulties.is_empty() {
        difficulties = Difficulty::ALL.to_vec();
    }
    let mut sizes: Vec<(usize, usize)> = args
        .iter()
        .filter_map(|s| match s.split_once('x') {
            Some((r, c)) => Some((r.parse().ok()?, c.parse().ok()?)),
            None => s.parse().ok().map(|n| (n, n)),
        })
        .collect();
    if sizes.is_empty() {
        sizes = vec![(10, 10), (15, 15)];
    }
    println!(
        "size    difficulty  seeds  median      p95         max         cpu median  cpu p95     share  ratings(median)"
    );
    for &(rows, cols) in &sizes {
        let size = format!("{rows}x{cols}");
        for &difficulty in &difficulties {
            let mut times = Vec::new();
            let mut cpu_times = Vec::new();
            let mut ratings = Vec::new();
            let mut share = 0.0;
            for seed in 0..seeds {
                let start = Instant::now();
                let cpu_start = process_cpu_time();
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
                        cpu_times.push(process_cpu_time().saturating_sub(cpu_start));
                        ratings.push(made.stats.ratings);
                        let layout = gridforge_kakuro::Layout::of_board(&made.puzzle);
                        share += layout.digit_share();
                    }
                    Err(err) => println!("size {size} {difficulty} seed {seed}: {err}"),
                }
            }
            times.sort();
            cpu_times.sort();
            ratings.sort();
            println!(
                "{size:>6}  {:<10}  {:>5}  {:<10.2?}  {:<10.2?}  {:<10.2?}  {:<10.2?}  {:<10.2?}  {:.2}   {}",
                difficulty.name(),
                times.len(),
                quantile(&times, 0.5),
                quantile(&times, 0.95),
                times.last().copied().unwrap_or_default(),
                quantile(&cpu_times, 0.5),
                quantile(&cpu_times, 0.95),
                share / times.len().max(1) as f64,
                ratings.get(ratings.len() / 2).copied().unwrap_or(0),
            );
        }
    }
}

/// The `q` quantile of sorted `times` (nearest rank; zero when empty).
fn quantile(times: &[Duration], q: f64) -> Duration {
    let i = ((times.len() as f64 - 1.0) * q).round() as usize;
    times.get(i).copied().unwrap_or_default()
}

/// CPU time the process's threads have run (zero where Linux's schedstat is
/// missing). The rayon pool's threads live as long as the process, so the
/// difference of two readings is the work done between them.
fn process_cpu_time() -> Duration {
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else {
        return Duration::ZERO;
    };
    tasks
        .filter_map(|task| {
            let text = std::fs::read_to_string(task.ok()?.path().join("schedstat")).ok()?;
            text.split_whitespace().next()?.parse().ok()
        })
        .map(Duration::from_nanos)
        .sum()
}
