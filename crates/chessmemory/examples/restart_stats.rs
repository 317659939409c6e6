//! Prints how much work each generator needs per setup over many seeds: the
//! distribution of the restart method's restarts and of the backtracking search's
//! nodes, with the wall time per setup.
//!
//! `cargo run --release -p gridforge-chessmemory --example restart_stats [SEEDS]`
//! (1,000 seeds unless told).

use gridforge_chessmemory::{generate, Effort, GenerateParams, Method};
use std::time::Instant;

fn main() {
    let seeds: u64 = match std::env::args().nth(1).map(|arg| arg.parse()) {
        None => 1_000,
        Some(Ok(seeds)) if seeds > 0 => seeds,
        Some(_) => {
            eprintln!("restart_stats: the argument is the number of seeds, a positive integer");
            std::process::exit(2);
        }
    };
    for (method, unit) in [(Method::Restart, "restarts"), (Method::Backtrack, "nodes")] {
        let params = GenerateParams {
            method,
            ..GenerateParams::default()
        };
        let started = Instant::now();
        let mut work = Vec::with_capacity(seeds as usize);
        for seed in 0..seeds {
            let generated = match generate(&params, seed) {
                Ok(generated) => generated,
                Err(err) => {
                    eprintln!("restart_stats: seed {seed}: {err}");
                    std::process::exit(1);
                }
            };
            work.push(match generated.effort {
                Effort::Restarts(n) | Effort::Nodes(n) => n,
            });
        }
        let per_setup = started.elapsed() / seeds as u32;
        work.sort_unstable();
        let quantile = |q: f64| work[((work.len() - 1) as f64 * q).round() as usize];
        let mean = work.iter().sum::<u64>() as f64 / work.len() as f64;
        println!(
            "{method:>9} over {seeds} seeds, {unit}: min {} median {} mean {mean:.1} p90 {} p99 {} max {} ({per_setup:.2?} per setup)",
            work[0],
            quantile(0.5),
            quantile(0.9),
            quantile(0.99),
            work[work.len() - 1],
        );
    }
}
