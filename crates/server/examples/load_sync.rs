//! Load generator for `scripts/load --mode sync` (issue 43): progress syncs
//! per second and their latency at a fixed number of concurrent
//! connections, each connection a signed-in device of its own account.
//!
//! ```text
//! cargo run --release -p gridforge-server --example load_sync -- \
//!     http://127.0.0.1:8080 [connections=64] [seconds=8]
//! ```
//!
//! 1. Makes one account per connection (a software passkey, the tests'
//!    `common/passkey.rs`; the server must allow that many accounts a day
//!    from loopback: `--accounts-per-day`).
//! 2. `sync-put`: for `seconds`, every connection sends its account's
//!    progress document (about 16 KB: 300 solved levels, 60 days of
//!    dailies, one changed each time) with the version it holds, as a
//!    device does after a change; a 200 moves it to the new version.
//! 3. `sync-poll`: for `seconds`, every connection asks whether its
//!    account changed (`GET /api/sync?known=N`), as an open page does
//!    every few seconds.
//!
//! Anything but 200 counts as an error. Only loopback addresses are accepted.

mod support;

use serde_json::{json, Value};
use std::time::{Duration, Instant};
use support::accounts::{register, signed_in, BoxError};

#[tokio::main]
async fn main() -> Result<(), BoxError> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let base = args
        .first()
        .cloned()
        .ok_or("usage: load_sync BASE_URL [connections] [seconds]")?;
    let host = base
        .strip_prefix("http://")
        .ok_or("the base URL must be http://")?;
    if !(host.starts_with("127.") || host.starts_with("localhost")) {
        return Err("load_sync only targets loopback addresses".into());
    }
    let base = base.trim_end_matches('/').to_string();
    let connections: usize = args.get(1).map_or(Ok(64), |a| a.parse())?;
    let seconds: u64 = args.get(2).map_or(Ok(8), |a| a.parse())?;
    if seconds > 30 {
        return Err("at most 30 s of load".into());
    }
    let client = reqwest::Client::builder()
        .no_proxy()
        .pool_max_idle_per_host(connections)
        .timeout(Duration::from_secs(10))
        .build()?;

    // 1. Accounts, a few at a time (each is a WebAuthn registration).
    let started = Instant::now();
    let mut cookies = Vec::new();
    for chunk in (0..connections).collect::<Vec<_>>().chunks(8) {
        let made: Vec<_> = chunk
            .iter()
            .map(|&k| tokio::spawn(register(client.clone(), base.clone(), k)))
            .collect();
        for m in made {
            cookies.push(m.await??);
        }
    }
    eprintln!(
        "load_sync: {connections} accounts in {:.1} s",
        started.elapsed().as_secs_f64()
    );

    for mode in ["sync-put", "sync-poll"] {
        let deadline = Instant::now() + Duration::from_secs(seconds);
        let run_start = Instant::now();
        let workers: Vec<_> = cookies
            .iter()
            .cloned()
            .map(|cookie| {
                tokio::spawn(device(client.clone(), base.clone(), cookie, mode, deadline))
            })
            .collect();
        let mut latencies = Vec::new();
        let mut errors = 0;
        for w in workers {
            let (l, e) = w.await?;
            latencies.extend(l);
            errors += e;
        }
        let elapsed = run_start.elapsed().as_secs_f64();
        report(mode, &mut latencies, errors, elapsed, connections);
        if errors > 0 {
            return Err(format!("{errors} {mode} requests failed").into());
        }
    }
    Ok(())
}

/// A progress document of a player well into the games; `n` changes one level.
fn document(n: u64) -> Value {
    let solved: serde_json::Map<String, Value> = (1..=300)
        .map(|level| {
            let ms = 20_000 + level * 37 + if level == 1 { n } else { 0 };
            (
                level.to_string(),
                json!({ "ms": ms, "at": 1_764_000_000_000u64 + level }),
            )
        })
        .collect();
    let days: serde_json::Map<String, Value> = (0..60)
        .map(|d| {
            let (month, day) = if d < 30 { (9, d + 1) } else { (10, d - 29) };
            (
                format!("2026-{month:02}-{day:02}"),
                json!({ "kakuro-easy": { "ms": 90_000 + d, "counted": true, "assisted": false } }),
            )
        })
        .collect();
    json!({
        "format": 1,
        "keys": {
            "gridforge.triplex.v1": { "version": 1, "current": 301, "solved": solved, "codes": {}, "boards": {} },
            "gridforge.daily.v1": { "version": 1, "days": days, "kakuro": {}, "chess": {} },
            "gridforge.settings.v1": { "lang": "en", "theme": "auto" },
        },
        "at": { "gridforge.triplex.v1": 1_764_000_000_000u64 + n },
    })
}

/// One device until `deadline`: its latencies (µs) and errors.
async fn device(
    client: reqwest::Client,
    base: String,
    cookie: String,
    mode: &str,
    deadline: Instant,
) -> (Vec<u32>, usize) {
    let mut latencies = Vec::new();
    let mut errors = 0;
    let mut version = current_version(&client, &base, &cookie).await.unwrap_or(0);
    let mut n = 0;
    while Instant::now() < deadline {
        n += 1;
        let sent = Instant::now();
        let request = if mode == "sync-put" {
            client
                .put(format!("{base}/api/sync"))
                .json(&json!({ "base": version, "document": document(n) }))
        } else {
            client.get(format!("{base}/api/sync?known={version}"))
        };
        let answer = signed_in(request, &cookie).send().await;
        let ok = match answer {
            Ok(r) if r.status().is_success() => match r.json::<Value>().await {
                Ok(body) if mode == "sync-put" => {
                    version = body["version"].as_i64().unwrap_or(version);
                    true
                }
                Ok(body) => body["unchanged"] == true,
                Err(_) => false,
            },
            _ => false,
        };
        if ok {
            latencies.push(sent.elapsed().as_micros() as u32);
        } else {
            errors += 1;
        }
    }
    (latencies, errors)
}

async fn current_version(client: &reqwest::Client, base: &str, cookie: &str) -> Option<i64> {
    let body: Value = client
        .get(format!("{base}/api/sync"))
        .header("cookie", cookie)
        .send()
        .await
        .ok()?
        .json()
        .await
        .ok()?;
    body["version"].as_i64()
}

fn report(mode: &str, latencies: &mut [u32], errors: usize, elapsed: f64, connections: usize) {
    latencies.sort_unstable();
    let pct = |p: f64| -> f64 {
        if latencies.is_empty() {
            return 0.0;
        }
        let i = ((latencies.len() as f64 * p).ceil() as usize).clamp(1, latencies.len()) - 1;
        latencies[i] as f64 / 1000.0
    };
    println!(
        "mode={mode} syncs={} errors={errors} seconds={elapsed:.2} rate={:.0}/s p50={:.2}ms p90={:.2}ms p99={:.2}ms max={:.2}ms connections={connections} document_bytes={}",
        latencies.len(),
        latencies.len() as f64 / elapsed,
        pct(0.50),
        pct(0.90),
        pct(0.99),
        pct(1.0),
        document(1).to_string().len(),
    );
}
