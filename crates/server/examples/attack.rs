//! The attack of `scripts/load --attack` (issue 39): a victim on one
//! loopback address (127.0.0.2) plays as a person does, a solve and a few
//! cheap reads a few times a second, while (with `attack`) eight clients on
//! other addresses (127.0.0.10 to .17) hammer the expensive routes as fast
//! as the server answers: 30x30 hard generations, solves and candidates of
//! a 20x20 board, fills of a 12x12 layout. Prints the victim's latencies
//! (solve, cheap reads, `/healthz`: p50, p99, max) and what the attackers
//! got, by status.
//!
//! ```text
//! cargo run --release -p gridforge-server --example attack -- \
//!     http://127.0.0.1:8080 [seconds=10] [attack|alone]
//! ```
//!
//! The server must listen on 127.0.0.1 (every 127.0.0.0/8 address reaches
//! it), and trust no proxy: each address is a network of its own.

// Only its loopback clients are used here.
#[allow(dead_code)]
mod support;

use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A client whose requests come from `127.0.0.<last>`.
fn client_from(last: u8) -> reqwest::Client {
    support::client_from(last, Duration::from_secs(60))
}

/// POSTs `body`, retrying a 429 or 503 after its `Retry-After` (at most
/// 20 tries): for the setup's own boards.
async fn post_until_answered(client: &reqwest::Client, url: &str, body: &Value) -> Value {
    for _ in 0..20 {
        let response = client
            .post(url)
            .json(body)
            .send()
            .await
            .expect("the server answers");
        let status = response.status();
        let retry = response
            .headers()
            .get("retry-after")
            .and_then(|v| v.to_str().ok()?.parse::<u64>().ok())
            .unwrap_or(1);
        let value: Value = response.json().await.unwrap_or(Value::Null);
        if status.is_success() {
            return value;
        }
        eprintln!("setup: {url} answered {status}; again in {retry} s");
        tokio::time::sleep(Duration::from_secs(retry.min(5))).await;
    }
    panic!("{url} never answered 200");
}

/// How long `request` took to be answered 200 in full; `None` otherwise.
async fn took(request: reqwest::RequestBuilder) -> Option<Duration> {
    let began = Instant::now();
    let response = request.send().await.ok()?;
    if !response.status().is_success() {
        return None;
    }
    response.bytes().await.ok()?;
    Some(began.elapsed())
}

/// Percentiles of `times`, in ms.
fn summary(name: &str, mut times: Vec<Duration>, errors: usize) -> String {
    if times.is_empty() {
        return format!("{name}: no answers ({errors} errors)");
    }
    times.sort();
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize].as_secs_f64() * 1000.0;
    format!(
        "{name}: n={} p50={:.1} p99={:.1} max={:.1} ms errors={errors}",
        times.len(),
        at(0.5),
        at(0.99),
        at(1.0)
    )
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let base = args
        .first()
        .cloned()
        .ok_or("usage: attack BASE_URL [seconds] [attack|alone]")?;
    if !base.starts_with("http://127.") {
        return Err("attack only targets a server on 127.0.0.0/8".into());
    }
    let seconds: u64 = args.get(1).map_or(Ok(10), |a| a.parse())?;
    if seconds > 60 {
        return Err("at most 60 s".into());
    }
    let attack = match args.get(2).map(String::as_str) {
        None | Some("attack") => true,
        Some("alone") => false,
        Some(other) => return Err(format!("unknown mode {other} (attack or alone)").into()),
    };
    // The boards: the victim's own 10x10, and the attackers' (made by a
    // bystander on 127.0.0.3).
    let victim = client_from(2);
    let own = post_until_answered(
        &victim,
        &format!("{base}/api/kakuro/generate"),
        &json!({"size": 10, "difficulty": "easy", "seed": 8}),
    )
    .await;
    let bystander = client_from(3);
    let big = post_until_answered(
        &bystander,
        &format!("{base}/api/kakuro/generate"),
        &json!({"size": 20, "difficulty": "hard", "seed": 1}),
    )
    .await;
    let mid = post_until_answered(
        &bystander,
        &format!("{base}/api/kakuro/generate"),
        &json!({"size": 12, "difficulty": "hard", "seed": 1}),
    )
    .await;
    let layout =
        gridforge_kakuro::Layout::of_board(&mid["puzzle"].as_str().ok_or("no board")?.parse()?)
            .to_string();

    let stop = Arc::new(AtomicBool::new(false));
    let statuses = Arc::new(Mutex::new(BTreeMap::<String, usize>::new()));
    let attackers: Vec<_> = (0..if attack { 8 } else { 0 })
        .map(|i| {
            let (stop, statuses) = (stop.clone(), statuses.clone());
            let client = client_from(10 + i);
            let requests = [
                (
                    "/api/kakuro/generate",
                    json!({"size": 30, "difficulty": "hard"}),
                ),
                ("/api/kakuro/solve", json!({"puzzle": big["puzzle"]})),
                ("/api/kakuro/fill", json!({"layout": layout})),
                ("/api/kakuro/candidates", json!({"board": big["puzzle"]})),
            ];
            let base = base.clone();
            tokio::spawn(async move {
                let mut k = 0;
                while !stop.load(Ordering::Relaxed) {
                    let (path, body) = &requests[k % requests.len()];
                    k += 1;
                    let label = match client.post(format!("{base}{path}")).json(body).send().await {
                        Ok(response) => {
                            let status = response.status().as_u16();
                            response.bytes().await.ok();
                            format!("{path} {status}")
                        }
                        Err(_) => format!("{path} failed"),
                    };
                    *statuses.lock().unwrap().entry(label).or_default() += 1;
                }
            })
        })
        .collect();
    if attack {
        // Every attacker has had a request or two answered.
        tokio::time::sleep(Duration::from_secs(2)).await;
    }

    // The victim: a solve, two cheap reads and a health probe, five times a
    // second.
    let (mut solves, mut reads, mut health) = (Vec::new(), Vec::new(), Vec::new());
    let (mut solve_errors, mut read_errors, mut health_errors) = (0, 0, 0);
    let solve = json!({"puzzle": own["puzzle"]});
    let ends = Instant::now() + Duration::from_secs(seconds);
    while Instant::now() < ends {
        let began = Instant::now();
        match took(victim.post(format!("{base}/api/kakuro/solve")).json(&solve)).await {
            Some(t) => solves.push(t),
            None => solve_errors += 1,
        }
        for path in ["/api/triplex/levels", "/api/triplex/levels/1/records"] {
            match took(victim.get(format!("{base}{path}"))).await {
                Some(t) => reads.push(t),
                None => read_errors += 1,
            }
        }
        match took(victim.get(format!("{base}/healthz"))).await {
            Some(t) => health.push(t),
            None => health_errors += 1,
        }
        tokio::time::sleep(Duration::from_millis(200).saturating_sub(began.elapsed())).await;
    }
    stop.store(true, Ordering::Relaxed);
    for task in attackers {
        task.await?;
    }
    let mode = if attack { "attack" } else { "alone" };
    println!("mode={mode} seconds={seconds}");
    println!("victim {}", summary("solve", solves, solve_errors));
    println!("victim {}", summary("reads", reads, read_errors));
    println!("victim {}", summary("healthz", health, health_errors));
    for (label, n) in statuses.lock().unwrap().iter() {
        println!("attackers {label}: {n}");
    }
    Ok(())
}
