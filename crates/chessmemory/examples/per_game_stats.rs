//! Prints what a fresh board per daily game costs over many games: the
//! distribution (median, 99th and 99.9th percentile, maximum) of the wall
//! time of one `generate_for_game` (generation and rule check) and of its
//! backtracking nodes, each game with its own nonce as a server's would be.
//! The server bounds a game's board by a node budget (the daily's
//! `GAME_NODE_BUDGET`); the maximum here is what that budget must cover.
//!
//! `cargo run --release -p gridforge-chessmemory --example per_game_stats [GAMES]`
//! (10,000 games unless told).

use gridforge_chessmemory::{generate_for_game, Effort, GenerateParams};
use std::time::Instant;

/// The value at quantile `q` of sorted `values`.
fn quantile(values: &[u64], q: f64) -> u64 {
    let last = values.len() - 1;
    values[((last as f64) * q).round() as usize]
}

fn main() {
    let games: u64 = match std::env::args().nth(1).map(|arg| arg.parse()) {
        None => 10_000,
        Some(Ok(games)) if games > 0 => games,
        Some(_) => {
            eprintln!("per_game_stats: the argument is the number of games, a positive integer");
            std::process::exit(2);
        }
    };
    let params = GenerateParams::default();
    let day_seed = 20_261_128;
    let mut micros = Vec::with_capacity(games as usize);
    let mut nodes = Vec::with_capacity(games as usize);
    let mut failed = 0u64;
    // Nonces spread as a server's HMAC would spread them.
    let mut nonce = 0x5eed_u64;
    for _ in 0..games {
        nonce = nonce
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let started = Instant::now();
        let made = generate_for_game(&params, day_seed, nonce);
        micros.push(started.elapsed().as_micros() as u64);
        match made {
            Ok(made) => match made.effort {
                Effort::Nodes(n) | Effort::Restarts(n) => nodes.push(n),
            },
            Err(_) => failed += 1,
        }
    }
    micros.sort_unstable();
    nodes.sort_unstable();
    println!("games: {games}, failed within the default budget: {failed}");
    for (what, values) in [("time (µs)", &micros), ("nodes", &nodes)] {
        if values.is_empty() {
            continue;
        }
        println!(
            "{what}: median {}, p99 {}, p99.9 {}, max {}",
            quantile(values, 0.5),
            quantile(values, 0.99),
            quantile(values, 0.999),
            values[values.len() - 1]
        );
    }
}
