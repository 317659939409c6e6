//! Load generator for `scripts/load`: verified solve submissions per
//! second and their latency, at a fixed number of concurrent connections.
//!
//! ```text
//! cargo run --release -p gridforge-server --example load -- \
//!     http://127.0.0.1:8080 [connections=64] [seconds=8] [max_tokens=120000] [triplex|daily|daily-accounts]
//! ```
//!
//! 1. Fetches start tokens (at most `max_tokens`, for at most 6 s): Triplex
//!    for the levels with the fewest pieces, so the anti-cheat floor is
//!    short; `daily`: today's easy daily Kakuro, one token per player (a
//!    player has one counted solve a daily); `daily-accounts`: the same,
//!    each player a signed-in account made for it (a WebAuthn registration
//!    with the tests' software passkey; the server must allow that many
//!    accounts a day: `--accounts-per-day`), so every solve is listed on the
//!    table (issue 38: only accounts are).
//! 2. Waits out the floor (the daily's: its human floor, which is above its
//!    believable minimum of 150 ms a cell, so the solves are not held).
//! 3. Submits one correct solve per token from `connections` workers for
//!    `seconds` (or until the tokens run out) and reports solves per second
//!    and latency percentiles, and when the slowest 1% were sent (a stall
//!    shows as one or two tenths of a second). Each worker opens its
//!    connection first (a `/healthz`) and the workers start 0.5 ms apart.
//!    Anything but 200 counts as an error (a daily
//!    solve must also come back counted and not held for review). Every
//!    daily solve carries a solving path (issue 38: a counted solve without
//!    one is held), a person's: the digits in a shuffled order, one written
//!    wrong and corrected, uneven gaps, the last one just before the
//!    submission; it is made as the solve is sent, so the server's replay
//!    and checks are part of what is measured.
//!
//! Only loopback addresses are accepted: this is a local measurement.

mod support;

use gridforge_triplex::{CensusOptions, Pack};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Levels used: those with at most this many pieces (floor 250 ms each).
const MAX_PIECES: usize = 4;
/// Longest time spent fetching tokens.
const TOKEN_PHASE: Duration = Duration::from_secs(6);
/// Client networks the accounts are made from (127.0.0.100 and on), when
/// the server is on 127.0.0.0/8.
const REGISTRAR_NETWORKS: u8 = 16;
/// How far apart the solve workers send their first solve: players' solves
/// do not all arrive in one instant, and a closed loop started so keeps
/// its connections in step for the whole run (64 workers: 32 ms).
const RAMP_STEP: Duration = Duration::from_micros(500);
/// Longest time spent making accounts and fetching their tokens (each
/// account is a WebAuthn registration first).
const ACCOUNT_TOKEN_PHASE: Duration = Duration::from_secs(20);

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let base = args.first().cloned().ok_or(
        "usage: load BASE_URL [connections] [seconds] [max_tokens] [triplex|daily|daily-accounts]",
    )?;
    let host = base
        .strip_prefix("http://")
        .ok_or("the base URL must be http://")?;
    if !(host.starts_with("127.") || host.starts_with("localhost") || host.starts_with("[::1]")) {
        return Err("load only targets loopback addresses".into());
    }
    let connections: usize = args.get(1).map_or(Ok(64), |a| a.parse())?;
    let seconds: u64 = args.get(2).map_or(Ok(8), |a| a.parse())?;
    let max_tokens: usize = args.get(3).map_or(Ok(120_000), |a| a.parse())?;
    if seconds > 30 {
        return Err("at most 30 s of load".into());
    }

    let (daily, signed) = match args.get(4).map(String::as_str) {
        None | Some("triplex") => (false, false),
        Some("daily") => (true, false),
        Some("daily-accounts") => (true, true),
        Some(other) => {
            return Err(format!("unknown mode {other} (triplex, daily or daily-accounts)").into())
        }
    };
    let token_phase = if signed {
        ACCOUNT_TOKEN_PHASE
    } else {
        TOKEN_PHASE
    };

    let client = reqwest::Client::builder()
        .no_proxy()
        .pool_max_idle_per_host(connections)
        .timeout(Duration::from_secs(10))
        .build()?;

    // What to start and what to submit for the k-th token: (start path,
    // start body) and, given the token, (submit path, submit body).
    let plan: Arc<Plan> = Arc::new(if daily {
        daily_plan(&client, &base).await?
    } else {
        triplex_plan()?
    });

    // 1. Tokens.
    let started = Instant::now();
    let tokens: Arc<Mutex<Vec<Token>>> = Arc::new(Mutex::new(Vec::new()));
    let fetched = Arc::new(AtomicUsize::new(0));
    let registrars: Arc<Vec<reqwest::Client>> = Arc::new(if signed && host.starts_with("127.") {
        (0..REGISTRAR_NETWORKS)
            .map(|i| support::client_from(100 + i, Duration::from_secs(10)))
            .collect()
    } else {
        Vec::new()
    });
    let fetchers: Vec<_> = (0..connections)
        .map(|_| {
            let registrars = registrars.clone();
            let (client, base, plan, tokens, fetched) = (
                client.clone(),
                base.clone(),
                plan.clone(),
                tokens.clone(),
                fetched.clone(),
            );
            tokio::spawn(async move {
                loop {
                    let k = fetched.fetch_add(1, Ordering::Relaxed);
                    if started.elapsed() >= token_phase || k >= max_tokens {
                        break;
                    }
                    let cookie = if signed {
                        // Each account from one of several client networks:
                        // a network's accounts are made one after another
                        // (its count of the day is one row), and the players
                        // of a popular daily come from many.
                        let from = registrars.get(k % registrars.len().max(1));
                        let registrar = from.unwrap_or(&client).clone();
                        match support::accounts::register(registrar, base.clone(), k).await {
                            Ok(cookie) => Some(cookie),
                            Err(_) => continue,
                        }
                    } else {
                        None
                    };
                    let (path, body) = (plan.start)(k);
                    let request = client
                        .post(format!("{base}{path}"))
                        .header("content-type", "application/json")
                        .body(body);
                    let Ok(response) = as_player(request, cookie.as_deref()).send().await else {
                        continue;
                    };
                    if !response.status().is_success() {
                        continue;
                    }
                    let Ok(body) = response.json::<serde_json::Value>().await else {
                        continue;
                    };
                    if let Some(token) = body["token"].as_str() {
                        let issued_at = body["issued_at"].as_u64().unwrap_or(0);
                        tokens.lock().unwrap().push(Token {
                            k,
                            token: token.to_string(),
                            issued_at,
                            cookie,
                        });
                    }
                }
            })
        })
        .collect();
    for f in fetchers {
        f.await?;
    }
    let token_count = tokens.lock().unwrap().len();
    let token_secs = started.elapsed().as_secs_f64();
    if token_count == 0 {
        return Err("no start tokens (is the server up?)".into());
    }
    eprintln!(
        "load: {token_count} start tokens{} in {token_secs:.1} s ({:.0}/s)",
        if signed {
            ", each of an account made for it,"
        } else {
            ""
        },
        token_count as f64 / token_secs
    );

    // 2. The anti-cheat floor, counted from the end of the token phase.
    tokio::time::sleep(plan.floor + Duration::from_millis(100)).await;

    // 3. Solves.
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let run_start = Instant::now();
    let errors = Arc::new(AtomicUsize::new(0));
    let workers: Vec<_> = (0..connections)
        .map(|worker| {
            let (client, base, plan, tokens, errors) = (
                client.clone(),
                base.clone(),
                plan.clone(),
                tokens.clone(),
                errors.clone(),
            );
            tokio::spawn(async move {
                // (latency, when it was sent after the run's start), µs.
                let mut latencies: Vec<(u32, u32)> = Vec::new();
                // Its connection again (the server's idle timeout closed
                // the token phase's during the floor), then its first solve
                // a step after the previous worker's.
                let _ = client.get(format!("{base}/healthz")).send().await;
                tokio::time::sleep(RAMP_STEP * worker as u32).await;
                while Instant::now() < deadline {
                    let Some(token) = tokens.lock().unwrap().pop() else {
                        break;
                    };
                    let (path, body) = (plan.submit)(token.k, &token.token, token.issued_at);
                    let sent = Instant::now();
                    let request = client
                        .post(format!("{base}{path}"))
                        .header("content-type", "application/json")
                        .body(body);
                    let ok = match as_player(request, token.cookie.as_deref()).send().await {
                        Ok(response) => {
                            let ok = response.status().is_success();
                            let answer = response.bytes().await.unwrap_or_default();
                            // A daily solve must be on the table, not held.
                            ok && !answer.windows(16).any(|w| w == b"\"counted\":false")
                                && !answer.windows(19).any(|w| w == b"\"under_review\":true")
                        }
                        Err(_) => false,
                    };
                    if ok {
                        let at = sent.duration_since(run_start).as_micros() as u32;
                        latencies.push((sent.elapsed().as_micros() as u32, at));
                    } else {
                        errors.fetch_add(1, Ordering::Relaxed);
                    }
                }
                latencies
            })
        })
        .collect();
    let mut timed: Vec<(u32, u32)> = Vec::new();
    for w in workers {
        timed.extend(w.await?);
    }
    let elapsed = run_start.elapsed().as_secs_f64();
    timed.sort_unstable();
    let latencies: Vec<u32> = timed.iter().map(|&(latency, _)| latency).collect();
    let pct = |p: f64| -> f64 {
        if latencies.is_empty() {
            return 0.0;
        }
        let i = ((latencies.len() as f64 * p).ceil() as usize).clamp(1, latencies.len()) - 1;
        latencies[i] as f64 / 1000.0
    };
    let errors = errors.load(Ordering::Relaxed);
    println!(
        "mode={} solves={} errors={} seconds={:.2} rate={:.0}/s p50={:.2}ms p90={:.2}ms p99={:.2}ms max={:.2}ms connections={}",
        match (daily, signed) {
            (true, true) => "daily-kakuro-accounts",
            (true, false) => "daily-kakuro",
            _ => "triplex",
        },
        latencies.len(),
        errors,
        elapsed,
        latencies.len() as f64 / elapsed,
        pct(0.50),
        pct(0.90),
        pct(0.99),
        pct(1.0),
        connections
    );
    println!("{}", tail_report(&timed));
    let rate = latencies.len() as f64 / elapsed;
    println!(
        "target (2000/s, p99 <= 50 ms): {}",
        if rate >= 2000.0 && pct(0.99) <= 50.0 {
            "met"
        } else {
            "NOT met"
        }
    );
    if errors > 0 {
        return Err(format!("{errors} submissions failed").into());
    }
    Ok(())
}

/// When the slowest 1% of the solves (`timed`: latency and send time, µs,
/// sorted by latency) were sent, in 100 ms bins of the run: a stall shows
/// as one or two bins, queueing as a spread over the run.
fn tail_report(timed: &[(u32, u32)]) -> String {
    let tail = &timed[timed.len() - timed.len().div_ceil(100).min(timed.len())..];
    let Some(&(fastest, _)) = tail.first() else {
        return "tail: no solves".to_string();
    };
    let mut bins = std::collections::BTreeMap::<u32, usize>::new();
    for &(_, at) in tail {
        *bins.entry(at / 100_000).or_default() += 1;
    }
    let bins: Vec<String> = bins
        .iter()
        .map(|(bin, n)| format!("{:.1}s:{n}", *bin as f64 / 10.0))
        .collect();
    format!(
        "tail: the slowest {} solves (>= {:.1} ms) were sent at {}",
        tail.len(),
        fastest as f64 / 1000.0,
        bins.join(" ")
    )
}

/// A start token to submit a solve with.
struct Token {
    /// Which start it was (the plan's k).
    k: usize,
    /// The signed token.
    token: String,
    /// When its clock started, Unix ms by the server's clock.
    issued_at: u64,
    /// The session cookie of the account that started, if one did.
    cookie: Option<String>,
}

/// `request` as the player: signed in when there is a session `cookie`.
fn as_player(request: reqwest::RequestBuilder, cookie: Option<&str>) -> reqwest::RequestBuilder {
    match cookie {
        Some(cookie) => support::accounts::signed_in(request, cookie),
        None => request,
    }
}

/// A request to send: path and JSON body.
type Call = (String, String);
/// The k-th start.
type Start = dyn Fn(usize) -> Call + Send + Sync;
/// The submission of the k-th token, given the token and its issue time
/// (Unix ms), made as it is sent.
type Submit = dyn Fn(usize, &str, u64) -> Call + Send + Sync;

/// What the load starts and submits.
struct Plan {
    /// The k-th start.
    start: Box<Start>,
    /// The k-th submission, given its token.
    submit: Box<Submit>,
    /// The anti-cheat floor to wait out before submitting.
    floor: Duration,
}

/// Triplex: correct placements of the small levels, as JSON ready to send.
fn triplex_plan() -> Result<Plan, Box<dyn std::error::Error>> {
    let pack = Pack::build(36, &CensusOptions::default())?;
    let levels: Vec<(usize, String)> = pack
        .levels
        .iter()
        .enumerate()
        .filter(|(_, l)| l.pieces.len() <= MAX_PIECES)
        .map(|(i, l)| {
            let placements: Vec<serde_json::Value> = (l.solution_cells().iter().enumerate())
                .map(|(k, cells)| serde_json::json!({"piece": k, "cells": cells}))
                .collect();
            (i + 1, serde_json::to_string(&placements).expect("JSON"))
        })
        .collect();
    let levels = Arc::new(levels);
    let for_submit = levels.clone();
    Ok(Plan {
        start: Box::new(move |k| {
            let level = levels[k % levels.len()].0;
            (format!("/api/triplex/levels/{level}/start"), String::new())
        }),
        submit: Box::new(move |k, token, _| {
            let (level, placements) = &for_submit[k % for_submit.len()];
            (
                format!("/api/triplex/levels/{level}/solves"),
                format!(r#"{{"token":"{token}","placements":{placements}}}"#),
            )
        }),
        floor: Duration::from_millis(250 * MAX_PIECES as u64),
    })
}

/// The daily Kakuro: today's easy puzzle, solved here by the library's
/// search, one player per token.
async fn daily_plan(
    client: &reqwest::Client,
    base: &str,
) -> Result<Plan, Box<dyn std::error::Error>> {
    let today: serde_json::Value = client
        .get(format!("{base}/api/kakuro/daily/today"))
        .send()
        .await?
        .json()
        .await?;
    let date = today["date"]
        .as_str()
        .ok_or("no date in today's daily")?
        .to_string();
    let path = format!("/api/kakuro/daily/{date}/easy");
    // Only a start gives the clues (issue 38).
    let started: serde_json::Value = client
        .post(format!("{base}{path}/start"))
        .json(&serde_json::json!({"player": "load-clue-reader"}))
        .send()
        .await?
        .json()
        .await?;
    let board: gridforge_kakuro::Board =
        started["puzzle"].as_str().ok_or("no easy daily")?.parse()?;
    let solved = gridforge_kakuro::solve(&board, 1, 5_000_000)?;
    let solution = solved.solutions[0].clone();
    let grid = serde_json::to_string(&solution.to_string())?;
    // The human floor: a faster solve's path is flagged and held.
    let human = gridforge_kakuro::path::human_floor_ms(&board).unwrap_or(0);
    let floor = Duration::from_millis(started["min_time_ms"].as_u64().unwrap_or(0).max(human));
    let cells: Vec<(usize, u8)> = solution
        .digits()
        .iter()
        .enumerate()
        .filter(|(_, &d)| d != 0)
        .map(|(cell, &d)| (cell, d))
        .collect();
    // Players differ between runs, so a second run on one database counts too.
    let run = std::process::id();
    let start_path = format!("{path}/start");
    let solve_path = format!("{path}/solve");
    Ok(Plan {
        start: Box::new(move |k| {
            (
                start_path.clone(),
                format!(r#"{{"player":"load-{run}-{k:07}"}}"#),
            )
        }),
        submit: Box::new(move |k, token, issued_at| {
            let elapsed = unix_ms().saturating_sub(issued_at);
            let path = person_path(&cells, elapsed, k as u64);
            (
                solve_path.clone(),
                format!(
                    r#"{{"token":"{token}","player":"load-{run}-{k:07}","grid":{grid},"path":"{path}"}}"#
                ),
            )
        }),
        floor,
    })
}

/// Now, Unix ms (the server is on this machine: the same clock).
fn unix_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// A person's solving path of the digit `cells` (cell, digit), its last
/// event `end_ms` after the start: the digits in an order shuffled by
/// `seed`, the first written wrong and corrected at the end, gaps of 1 to 8
/// units.
fn person_path(cells: &[(usize, u8)], end_ms: u64, seed: u64) -> String {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut order = cells.to_vec();
    for i in (1..order.len()).rev() {
        let j = (next() % (i as u64 + 1)) as usize;
        order.swap(i, j);
    }
    let Some(&(first_cell, first_digit)) = order.first() else {
        return String::new();
    };
    let mut events = vec![(first_cell, first_digit % 9 + 1)];
    events.extend(order[1..].iter().copied());
    events.push((first_cell, first_digit));
    let weights: Vec<u64> = events.iter().map(|_| 1 + next() % 8).collect();
    let total: u64 = weights.iter().sum();
    let mut at = 0;
    let mut last = 0;
    let events = events
        .into_iter()
        .zip(weights)
        .map(|((cell, digit), w)| {
            at += w;
            let t_ms = (end_ms * at / total).max(last + 1);
            last = t_ms;
            gridforge_kakuro::KakuroEvent {
                t_ms,
                cell,
                digit: Some(digit),
            }
        })
        .collect();
    gridforge_kakuro::KakuroPath { events }.to_string()
}
