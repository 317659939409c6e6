//! Times the generator over many seeds and prints, per size and difficulty,
//! the median, 99th percentile and maximum time on one thread and on every
//! thread of the rayon pool (criterion gives medians only), the mean share
//! of digit cells, the median number of logical-solver ratings, and the
//! rater's techniques: how many puzzles each technique was the hardest of,
//! and the mean share of the rater's steps each technique took.
//!
//! `cargo run --release -p gridforge-kakuro --example gen_stats [SEEDS] [SIZES...] [DIFFICULTIES...]`
//! (default: 50 seeds, 0 to SEEDS−1, or the seeds A to B−1 for `A..B`; sizes 10 and 15; a size is `N` for N×N
//! or `RxC`; difficulty names such as `expert` limit the run to them).
//!
//! Each seed is made twice: on a pool of one thread (the one-core figure;
//! run the example under `taskset -c 1` so that it is one core indeed) and
//! on the global pool (all cores; boards with a side over 16 try several
//! layouts at once there). The two puzzles must be the same, which the
//! example checks. `--one-thread` skips the second run; `--per-seed` prints
//! each seed's one-thread CPU time and counters (layouts drawn, fillings,
//! changes tried, ratings), which compare runs without the noise of a clock. The CPU columns are
//! the work of all the process's threads during each run (from Linux's
//! `/proc/self/task/*/schedstat`): on a shared machine the wall clock also
//! counts other programs' turns on the core, the CPU time does not.

use gridforge_kakuro::{generate, rate, Difficulty, RectParams, Technique};
use std::time::{Duration, Instant};

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let one_thread_only = args.iter().any(|a| a == "--one-thread");
    let per_seed = args.iter().any(|a| a == "--per-seed");
    args.retain(|a| a != "--one-thread" && a != "--per-seed");
    // SEEDS is a count N (seeds 0 to N−1) or a range A..B (seeds A to B−1).
    let seeds: std::ops::Range<u64> = args
        .first()
        .and_then(|s| match s.split_once("..") {
            Some((a, b)) => Some(a.parse().ok()?..b.parse().ok()?),
            None => Some(0..s.parse().ok()?),
        })
        .unwrap_or(0..50);
    let args = &args[1.min(args.len())..];
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
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("a pool of one thread");
    println!(
        "size    difficulty  seeds  1-thread p50  p99        max         | 1-thread cpu p50  p99        max         | {}-thread p50  p99        max         cpu p50     | share  ratings(p50)",
        rayon::current_num_threads()
    );
    let mut techniques = Vec::new();
    for &(rows, cols) in &sizes {
        let size = format!("{rows}x{cols}");
        for &difficulty in &difficulties {
            let params = RectParams {
                rows,
                cols,
                difficulty,
            };
            let (mut single, mut single_cpu) = (Vec::new(), Vec::new());
            let (mut all, mut cpu) = (Vec::new(), Vec::new());
            let mut ratings = Vec::new();
            let mut share = 0.0;
            let mut hardest = [0u32; Technique::COUNT];
            let mut step_share = [0.0f64; Technique::COUNT];
            for seed in seeds.clone() {
                let start = Instant::now();
                let cpu_start = process_cpu_time();
                let made = match one.install(|| generate(&params, seed)) {
                    Ok(made) => made,
                    Err(err) => {
                        println!("size {size} {difficulty} seed {seed}: {err}");
                        continue;
                    }
                };
                single.push(start.elapsed());
                single_cpu.push(process_cpu_time().saturating_sub(cpu_start));
                if per_seed {
                    let s = made.stats;
                    println!(
                        "seed {size} {difficulty} {seed}: cpu {:.1?} layouts {} fills {} moves {} ratings {}",
                        single_cpu.last().copied().unwrap_or_default(),
                        s.layout_draws,
                        s.fills,
                        s.moves,
                        s.ratings
                    );
                }
                if !one_thread_only {
                    let start = Instant::now();
                    let cpu_start = process_cpu_time();
                    let again = generate(&params, seed);
                    all.push(start.elapsed());
                    cpu.push(process_cpu_time().saturating_sub(cpu_start));
                    if again.as_ref() != Ok(&made) {
                        println!(
                            "size {size} {difficulty} seed {seed}: another puzzle on all threads"
                        );
                    }
                }
                ratings.push(made.stats.ratings);
                share += gridforge_kakuro::Layout::of_board(&made.puzzle).digit_share();
                let report = rate(&made.puzzle);
                let steps: u32 = report.steps.iter().sum();
                for (i, technique) in Technique::ALL.into_iter().enumerate() {
                    if report.hardest == Some(technique) {
                        hardest[i] += 1;
                    }
                    step_share[i] +=
                        f64::from(report.steps_with(technique)) / f64::from(steps.max(1));
                }
            }
            let made = single.len();
            techniques.push((size.clone(), difficulty, made, hardest, step_share));
            for times in [&mut single, &mut single_cpu, &mut all, &mut cpu] {
                times.sort();
            }
            ratings.sort();
            println!(
                "{size:>6}  {:<10}  {made:>5}  {:<12.1?}  {:<9.1?}  {:<10.1?}  | {:<16.1?}  {:<9.1?}  {:<10.1?}  | {:<12.1?}  {:<9.1?}  {:<10.1?}  {:<10.1?}  | {:.2}   {}",
                difficulty.name(),
                quantile(&single, 0.5),
                quantile(&single, 0.99),
                single.last().copied().unwrap_or_default(),
                quantile(&single_cpu, 0.5),
                quantile(&single_cpu, 0.99),
                single_cpu.last().copied().unwrap_or_default(),
                quantile(&all, 0.5),
                quantile(&all, 0.99),
                all.last().copied().unwrap_or_default(),
                quantile(&cpu, 0.5),
                share / made.max(1) as f64,
                ratings.get(ratings.len() / 2).copied().unwrap_or(0),
            );
        }
    }
    println!("\ntechniques: puzzles whose hardest technique it was / mean share of the rater's steps (%)");
    print!("size    difficulty ");
    for technique in Technique::ALL {
        print!(" {:>14}", format!("{technique:?}"));
    }
    println!();
    for (size, difficulty, made, hardest, step_share) in techniques {
        print!("{size:>6}  {:<10}", difficulty.name());
        for (count, share) in hardest.iter().zip(step_share) {
            print!(
                " {:>14}",
                format!("{count}/{:.1}", 100.0 * share / made.max(1) as f64)
            );
        }
        println!();
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
