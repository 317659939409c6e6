//! Running `gridforge serve` for real, as an operator would: name moderation
//! (`gridforge admin names`), online backups (`gridforge backup`), the client
//! address behind a trusted proxy, Prometheus metrics, the security headers,
//! start-up on a database that cannot be opened or written, and a fault
//! campaign that stops PostgreSQL under load and starts it again.
//!
//! PostgreSQL: `GRIDFORGE_TEST_POSTGRES_URL` names a server and a role that
//! may create databases (scripts/test starts one). Without it the PostgreSQL
//! tests fail, unless `GRIDFORGE_TEST_SKIP_POSTGRES=1` says to skip them.
//! The fault campaign never stops that shared server: it starts a cluster of
//! its own (initdb and pg_ctl from the same installation) on a free port.

use reqwest::StatusCode;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

#[path = "../crates/server/tests/common/postgres.rs"]
mod postgres;

#[path = "common/server.rs"]
mod server;
use server::*;

/// Runs `gridforge` with `args` (no database from the environment).
fn gridforge(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gridforge"))
        .args(args)
        .env_remove("GRIDFORGE_DATABASE_URL")
        .output()
        .expect("gridforge runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The JSON answer to `request`.
async fn json_of(request: reqwest::RequestBuilder) -> Value {
    request.send().await.unwrap().json().await.unwrap()
}

/// Claims level `n` as the account of session `cookie` with a fresh token
/// (after its human floor) and returns the answer.
async fn claim_once(
    server: &ServerProcess,
    n: usize,
    name: Option<&str>,
    cookie: &str,
) -> (StatusCode, Value) {
    let client = client();
    let token = start(&client, server, n).await;
    wait_human_floor([n]).await;
    submit_as(&client, &server.base, n, &token, name, cookie)
        .await
        .unwrap()
}

// ------------------------------------------------------------- moderation

/// `admin names` on a database a server is using: list, hide, unhide,
/// rename, the audit log, and the API's view after each.
async fn moderation(database: &str) {
    let dir = tempfile::tempdir().unwrap();
    let server = ServerProcess::spawn(&["--database", database], dir.path());
    let client = client();
    // Only accounts claim first solves (issue 38).
    let cookie = account_session(database, "Claimer").await;
    let (status, body) = claim_once(&server, 1, Some("Ada"), &cookie).await;
    assert_eq!(
        (status, body["first"].as_bool()),
        (StatusCode::OK, Some(true)),
        "{body}"
    );
    let (status, _) = claim_once(&server, 2, None, &cookie).await;
    assert_eq!(status, StatusCode::OK);

    let list = gridforge(&["admin", "names", "list", "--json", "--database", database]);
    assert!(list.status.success(), "{}", stderr(&list));
    let listed: Value = serde_json::from_str(&stdout(&list)).unwrap();
    let by_number: HashMap<u64, &Value> = listed
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["number"].as_u64().unwrap(), e))
        .collect();
    assert_eq!(by_number.len(), 2, "{listed}");
    assert_eq!(by_number[&1]["name"], "Ada");
    assert_eq!(by_number[&1]["hidden"], false);
    assert_eq!(by_number[&2]["name"], Value::Null);

    // Hide: the API shows the first solver as anonymous; the list still
    // shows the name, marked hidden.
    let hide = gridforge(&["admin", "names", "hide", "1", "--database", database]);
    assert!(hide.status.success(), "{}", stderr(&hide));
    assert!(stdout(&hide).contains("name hidden"), "{}", stdout(&hide));
    let table = records(&client, &server, 1).await;
    assert_eq!(table["first"]["name"], Value::Null, "{table}");
    assert!(table["first"]["solved_at"].as_i64().is_some());
    let list = stdout(&gridforge(&[
        "admin",
        "names",
        "list",
        "--database",
        database,
    ]));
    assert!(
        list.lines()
            .any(|l| l.starts_with("level 1\t") && l.contains("\"Ada\"") && l.contains("[hidden]")),
        "{list}"
    );
    // Hiding twice changes nothing and is not audited.
    let again = gridforge(&["admin", "names", "hide", "1", "--database", database]);
    assert!(again.status.success());
    assert!(
        stdout(&again).contains("nothing changed"),
        "{}",
        stdout(&again)
    );

    // Rename while hidden: still anonymous until shown again.
    let rename = gridforge(&[
        "admin",
        "names",
        "rename",
        "1",
        "Bea",
        "--actor",
        "alice",
        "--database",
        database,
    ]);
    assert!(rename.status.success(), "{}", stderr(&rename));
    assert_eq!(
        records(&client, &server, 1).await["first"]["name"],
        Value::Null
    );
    let unhide = gridforge(&["admin", "names", "unhide", "1", "--database", database]);
    assert!(unhide.status.success(), "{}", stderr(&unhide));
    assert_eq!(records(&client, &server, 1).await["first"]["name"], "Bea");
    // Naming an unnamed first solver works too.
    let rename2 = gridforge(&[
        "admin",
        "names",
        "rename",
        "2",
        "Cy",
        "--database",
        database,
    ]);
    assert!(rename2.status.success(), "{}", stderr(&rename2));
    assert_eq!(records(&client, &server, 2).await["first"]["name"], "Cy");

    // Refusals: one line, non-zero exit, nothing audited.
    for (args, says) in [
        (vec!["rename", "1", &"x".repeat(33)], "1 to 32 characters"),
        (vec!["rename", "1", "tab\there"], "control characters"),
        (vec!["hide", "3"], "no first solver"),
        (vec!["hide", "99999"], "there is no level 99999"),
        (vec!["hide", "first"], "neither a level number"),
        (
            vec!["hide", "1", "--actor", " "],
            "--actor may not be empty",
        ),
    ] {
        let mut all = vec!["admin", "names"];
        all.extend(args.iter().copied());
        all.extend(["--database", database]);
        let out = gridforge(&all);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stdout(&out));
        let err = stderr(&out);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.starts_with("gridforge: ") && err.contains(says),
            "{args:?}: {err}"
        );
    }

    // The audit table: who, what, old, new, when; in order.
    let log = gridforge(&["admin", "names", "log", "--json", "--database", database]);
    assert!(log.status.success(), "{}", stderr(&log));
    let log: Value = serde_json::from_str(&stdout(&log)).unwrap();
    let entries = log.as_array().unwrap();
    let seen: Vec<(&str, u64, Option<&str>, Option<&str>)> = entries
        .iter()
        .map(|e| {
            (
                e["action"].as_str().unwrap(),
                e["number"].as_u64().unwrap(),
                e["old_name"].as_str(),
                e["new_name"].as_str(),
            )
        })
        .collect();
    assert_eq!(
        seen,
        vec![
            ("hide", 1, Some("Ada"), None),
            ("rename", 1, Some("Ada"), Some("Bea")),
            ("unhide", 1, Some("Bea"), None),
            ("rename", 2, None, Some("Cy")),
        ],
        "{log}"
    );
    assert_eq!(entries[1]["actor"], "alice");
    let os_user = entries[0]["actor"].as_str().unwrap();
    assert!(!os_user.is_empty() && os_user != "alice", "{os_user}");
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64;
    for e in entries {
        let at = e["at"].as_i64().unwrap();
        assert!(at > now - 600_000 && at <= now, "{e}");
    }
    let text = stdout(&gridforge(&[
        "admin",
        "names",
        "log",
        "--database",
        database,
    ]));
    assert!(
        text.lines()
            .any(|l| l.contains("alice\trename\tlevel 1\t\"Ada\" -> \"Bea\"")),
        "{text}"
    );
    server.terminate();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moderation_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("names.db").display());
    moderation(&url).await;
    // The tools never create a database.
    let missing = format!("sqlite://{}", dir.path().join("missing.db").display());
    let out = gridforge(&["admin", "names", "list", "--database", &missing]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("no SQLite database at"),
        "{}",
        stderr(&out)
    );
    assert!(!dir.path().join("missing.db").exists());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moderation_on_postgres() {
    if let Some(url) = postgres::fresh_database().await {
        moderation(&url).await;
    }
}

// ---------------------------------------------------------------- backups

/// Solves flow into a running server while `gridforge backup` copies its
/// database; a server started on the copy knows every solve acknowledged
/// before the backup began (their tokens are refused as used) and accepts
/// the tokens of the original (the key is in the copy too).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn backup_of_a_running_server_holds_every_acknowledged_solve() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("live.db").display());
    let server = ServerProcess::spawn(&["--database", &url], dir.path());
    let client = client();
    let levels: Vec<usize> = (1..=30).collect();
    let mut tokens = Vec::new();
    for _ in 0..10 {
        for &n in &levels {
            tokens.push((n, start(&client, &server, n).await));
        }
    }
    let total = tokens.len();
    wait_floor(levels.iter().copied()).await;

    let queue = Arc::new(Mutex::new(tokens));
    let acked: Arc<Mutex<Vec<(usize, String)>>> = Arc::new(Mutex::new(Vec::new()));
    let workers: Vec<_> = (0..4)
        .map(|_| {
            let (queue, acked, client, base) = (
                queue.clone(),
                acked.clone(),
                client.clone(),
                server.base.clone(),
            );
            tokio::spawn(async move {
                loop {
                    let next = queue.lock().unwrap().pop();
                    let Some((n, token)) = next else { break };
                    let (status, body) = submit(&client, &base, n, &token, None).await.unwrap();
                    assert_eq!(status, StatusCode::OK, "{body}");
                    acked.lock().unwrap().push((n, token));
                    // Keep the flow going through the backup.
                    tokio::time::sleep(Duration::from_millis(2)).await;
                }
            })
        })
        .collect();
    let deadline = Instant::now() + Duration::from_secs(60);
    while acked.lock().unwrap().len() < total / 3 {
        assert!(Instant::now() < deadline, "submissions too slow");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let before: Vec<(usize, String)> = acked.lock().unwrap().clone();
    let copy = dir.path().join("copy.db");
    let copy_arg = copy.display().to_string();
    let url_arg = url.clone();
    let backup = tokio::task::spawn_blocking(move || {
        gridforge(&[
            "backup",
            "--json",
            "--database",
            &url_arg,
            "--out",
            &copy_arg,
        ])
    })
    .await
    .unwrap();
    let during = queue.lock().unwrap().len();
    for worker in workers {
        worker.await.unwrap();
    }
    assert!(backup.status.success(), "{}", stderr(&backup));
    assert!(during > 0, "the backup did not overlap the submissions");
    let report: Value = serde_json::from_str(&stdout(&backup)).unwrap();
    let copied = report["solves"].as_u64().unwrap() as usize;
    eprintln!(
        "backup: {copied} solves copied; {} acknowledged before it began, {total} in all",
        before.len()
    );
    assert!(copied >= before.len() && copied <= total, "{report}");
    assert!(report["bytes"].as_u64().unwrap() > 0);
    assert!(!dir.path().join("copy.db.partial").exists());
    let all_acked = acked.lock().unwrap().len();
    assert_eq!(all_acked, total);
    server.terminate();

    // Restore: serve the copy.
    let restored_dir = tempfile::tempdir().unwrap();
    let restored = ServerProcess::spawn(
        &["--database", &format!("sqlite://{}", copy.display())],
        restored_dir.path(),
    );
    for (n, token) in &before {
        let (status, body) = submit(&client, &restored.base, *n, token, None)
            .await
            .unwrap();
        assert_eq!(
            status,
            StatusCode::CONFLICT,
            "a solve acknowledged before the backup is missing from the copy: {body}"
        );
    }
    let mut recorded = 0;
    for &n in &levels {
        recorded += records(&client, &restored, n).await["solves"]
            .as_u64()
            .unwrap() as usize;
    }
    assert_eq!(recorded, copied);
    restored.terminate();

    // Refusals: an existing file is never overwritten; PostgreSQL is
    // pg_dump's job; a missing database is not created.
    for (args, says) in [
        (
            vec!["--database", url.as_str(), "--out", copy.to_str().unwrap()],
            "exists already",
        ),
        (
            vec![
                "--database",
                "postgres://u@127.0.0.1:1/x",
                "--out",
                "/tmp/never.db",
            ],
            "pg_dump",
        ),
        (
            vec![
                "--database",
                "sqlite:///nonexistent/gridforge.db",
                "--out",
                "/tmp/never.db",
            ],
            "no SQLite database",
        ),
    ] {
        let mut all = vec!["backup"];
        all.extend(args.iter().copied());
        let out = gridforge(&all);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr(&out);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
    assert!(!Path::new("/tmp/never.db").exists());
}

// ---------------------------------------------------------- trusted proxy

async fn start_from(
    client: &reqwest::Client,
    server: &ServerProcess,
    forwarded: &str,
) -> StatusCode {
    client
        .post(server.url("/api/triplex/levels/1/start"))
        .header("x-forwarded-for", forwarded)
        .send()
        .await
        .unwrap()
        .status()
}

/// Behind a trusted proxy the rate limit and the logs go by the address in
/// `X-Forwarded-For`; from any other peer the header changes nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forwarded_for_is_believed_only_from_trusted_proxies() {
    let dir = tempfile::tempdir().unwrap();
    let db = |name: &str| format!("sqlite://{}", dir.path().join(name).display());
    let limits = [
        "--rate-limit",
        "0.01",
        "--rate-burst",
        "2",
        "--log",
        "info,tower_http=debug",
    ];
    let client = client();

    let (db_trusted, db_untrusted) = (db("trusted.db"), db("untrusted.db"));
    let mut args = vec![
        "--database",
        db_trusted.as_str(),
        "--trusted-proxy",
        "127.0.0.0/8",
    ];
    args.extend(limits);
    let trusting = ServerProcess::spawn_exactly(&args, dir.path());
    // Client 198.51.100.7 via a chain; the leftmost entry is a spoof the
    // proxy passed on.
    let chain = "203.0.113.66, 198.51.100.7";
    assert_eq!(start_from(&client, &trusting, chain).await, StatusCode::OK);
    assert_eq!(start_from(&client, &trusting, chain).await, StatusCode::OK);
    assert_eq!(
        start_from(&client, &trusting, chain).await,
        StatusCode::TOO_MANY_REQUESTS
    );
    // Another client behind the same proxy has its own limit.
    assert_eq!(
        start_from(&client, &trusting, "198.51.100.8").await,
        StatusCode::OK
    );
    // Give the log lines a moment.
    tokio::time::sleep(Duration::from_millis(200)).await;
    let logs = trusting.terminate();
    assert!(logs.contains("client=198.51.100.7"), "{logs}");
    assert!(logs.contains("client=198.51.100.8"), "{logs}");
    assert!(!logs.contains("client=203.0.113.66"), "{logs}");

    // Trusting only another network: the header is ignored, every request
    // is the peer's (127.0.0.1), whatever it claims.
    let mut args = vec![
        "--database",
        db_untrusted.as_str(),
        "--trusted-proxy",
        "10.0.0.0/8",
    ];
    args.extend(limits);
    let wary = ServerProcess::spawn_exactly(&args, dir.path());
    assert_eq!(
        start_from(&client, &wary, "198.51.100.7").await,
        StatusCode::OK
    );
    assert_eq!(
        start_from(&client, &wary, "198.51.100.8").await,
        StatusCode::OK
    );
    assert_eq!(
        start_from(&client, &wary, "198.51.100.9").await,
        StatusCode::TOO_MANY_REQUESTS
    );
    tokio::time::sleep(Duration::from_millis(200)).await;
    let logs = wary.terminate();
    assert!(logs.contains("client=127.0.0.1"), "{logs}");
    assert!(!logs.contains("client=198.51.100"), "{logs}");

    // A bad network is refused at start.
    let out = gridforge(&["serve", "--trusted-proxy", "10.0.0.0/33"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("10.0.0.0/33"), "{}", stderr(&out));
}

// ---------------------------------------------------------------- metrics

/// One sample of the Prometheus text format: name, labels, value.
fn samples(text: &str) -> Vec<(String, HashMap<String, String>, f64)> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let (series, value) = line.rsplit_once(' ').unwrap();
            let (name, labels) = match series.split_once('{') {
                Some((name, rest)) => (name, rest.trim_end_matches('}')),
                None => (series, ""),
            };
            let labels = labels
                .split("\",")
                .filter(|p| !p.is_empty())
                .map(|p| {
                    let (k, v) = p.split_once("=\"").unwrap();
                    (k.to_string(), v.trim_end_matches('"').to_string())
                })
                .collect();
            (name.to_string(), labels, value.parse().unwrap())
        })
        .collect()
}

/// The value of the sample `name` whose labels include `want`, if any.
fn value(
    all: &[(String, HashMap<String, String>, f64)],
    name: &str,
    want: &[(&str, &str)],
) -> Option<f64> {
    all.iter()
        .find(|(n, labels, _)| {
            n == name
                && want
                    .iter()
                    .all(|(k, v)| labels.get(*k).map(String::as_str) == Some(*v))
        })
        .map(|s| s.2)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_are_scraped_from_their_own_listener() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("m.db").display());
    let server = ServerProcess::spawn(
        &["--database", &db, "--metrics-addr", "127.0.0.1:0"],
        dir.path(),
    );
    let metrics = server
        .metrics_base()
        .expect("the metrics address is logged");
    assert_ne!(metrics, server.base);
    let client = client();
    for path in [
        "/api/triplex/levels/1",
        "/api/triplex/levels/2",
        "/index.html",
        "/nope",
    ] {
        client.get(server.url(path)).send().await.unwrap();
    }
    // Accepted, then the same token again, then too fast, then a bad body.
    let token = start(&client, &server, 1).await;
    wait_floor([1]).await;
    let ok = submit(&client, &server.base, 1, &token, None)
        .await
        .unwrap();
    assert_eq!(ok.0, StatusCode::OK);
    let again = submit(&client, &server.base, 1, &token, None)
        .await
        .unwrap();
    assert_eq!(again.0, StatusCode::CONFLICT);
    let quick = start(&client, &server, 1).await;
    let fast = submit(&client, &server.base, 1, &quick, None)
        .await
        .unwrap();
    assert_eq!(fast.0, StatusCode::UNPROCESSABLE_ENTITY);
    let wrong = client
        .post(server.url("/api/triplex/levels/1/solves"))
        .json(&json!({"token": quick, "placements": []}))
        .send()
        .await
        .unwrap();
    assert_eq!(wrong.status(), StatusCode::UNPROCESSABLE_ENTITY);

    // Daily Kakuro solves refused, each for its reason: a grid that is not
    // the solution, the solution sooner than a person writes it, a forged
    // token.
    let today = json_of(client.get(server.url("/api/kakuro/daily/today"))).await;
    let date = today["date"].as_str().unwrap();
    let daily = |path: &str| server.url(&format!("/api/kakuro/daily/{date}/easy/{path}"));
    let player = "metrics-player-1";
    let started = json_of(client.post(daily("start")).json(&json!({"player": player}))).await;
    // The listing carries no clues: the start gives them (issue 38).
    let easy: gridforge_kakuro::Board = started["puzzle"].as_str().unwrap().parse().unwrap();
    let solution = gridforge_kakuro::solve(&easy, 2, 5_000_000)
        .unwrap()
        .solutions;
    assert_eq!(solution.len(), 1, "the daily has one solution");
    for (token, grid, status) in [
        (
            &started["token"],
            json!("2 2\n- -\n- 1"),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            &started["token"],
            json!(solution[0].to_string()),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            &json!("forged"),
            json!(solution[0].to_string()),
            StatusCode::BAD_REQUEST,
        ),
    ] {
        let answer = client
            .post(daily("solve"))
            .json(&json!({"token": token, "player": player, "grid": grid}))
            .send()
            .await
            .unwrap();
        assert_eq!(answer.status(), status);
    }

    // The public listener has no /metrics.
    let public = client.get(server.url("/metrics")).send().await.unwrap();
    assert_eq!(public.status(), StatusCode::NOT_FOUND);

    let scrape = client
        .get(format!("{metrics}/metrics"))
        .send()
        .await
        .unwrap();
    assert_eq!(scrape.status(), StatusCode::OK);
    let text = scrape.text().await.unwrap();
    let all = samples(&text);
    let requests = "gridforge_http_requests_total";
    let level = "/api/triplex/levels/{number}";
    assert_eq!(
        value(
            &all,
            requests,
            &[("route", level), ("method", "GET"), ("status", "200")]
        ),
        Some(2.0),
        "{text}"
    );
    // `/nope` and the public `/metrics`.
    assert_eq!(
        value(&all, requests, &[("route", "static"), ("status", "404")]),
        Some(2.0),
        "{text}"
    );
    // Route templates only: no raw path is ever a label.
    assert!(!text.contains("route=\"/api/triplex/levels/1"), "{text}");
    let solves = "/api/triplex/levels/{number}/solves";
    assert_eq!(
        value(&all, requests, &[("route", solves), ("status", "422")]),
        Some(2.0),
        "{text}"
    );
    // A latency histogram per route.
    let buckets = "gridforge_http_request_duration_seconds_bucket";
    assert_eq!(
        value(
            &all,
            buckets,
            &[("route", level), ("method", "GET"), ("le", "+Inf")]
        ),
        Some(2.0),
        "{text}"
    );
    assert!(value(&all, buckets, &[("route", level), ("le", "0.05")]).is_some());
    // Solves by outcome.
    let outcomes = "gridforge_triplex_solves_total";
    for (outcome, count) in [
        ("accepted", 1.0),
        ("token_used", 1.0),
        ("too_fast", 1.0),
        ("not_a_solution", 1.0),
    ] {
        assert_eq!(
            value(&all, outcomes, &[("outcome", outcome)]),
            Some(count),
            "{outcome}: {text}"
        );
    }
    let daily = "gridforge_daily_solves_total";
    for outcome in ["not_a_solution", "too_fast", "bad_token"] {
        assert_eq!(
            value(&all, daily, &[("game", "kakuro"), ("outcome", outcome)]),
            Some(1.0),
            "{outcome}: {text}"
        );
    }
    // The pool and the compute slots.
    assert!(value(&all, "gridforge_db_connections", &[("state", "idle")]).is_some());
    assert!(value(&all, "gridforge_db_connections", &[("state", "in_use")]).is_some());
    assert!(value(&all, "gridforge_db_connections_max", &[]).unwrap() >= 2.0);
    assert_eq!(
        value(&all, "gridforge_compute_slots", &[("state", "busy")]),
        Some(0.0)
    );
    assert!(value(&all, "gridforge_compute_slots", &[("state", "total")]).unwrap() >= 1.0);
    assert!(
        text.contains("# HELP gridforge_triplex_solves_total"),
        "{text}"
    );
    // The build, as --version names it, and the process's own figures.
    let version = stdout(&gridforge(&["--version"]));
    let commit = version
        .trim_end()
        .rsplit_once("(commit ")
        .and_then(|(_, c)| c.strip_suffix(')'))
        .expect("--version names the commit");
    assert_eq!(
        value(
            &all,
            "gridforge_build_info",
            &[("version", env!("CARGO_PKG_VERSION")), ("commit", commit)]
        ),
        Some(1.0),
        "{text}"
    );
    assert!(
        text.contains("# TYPE process_cpu_seconds_total counter"),
        "{text}"
    );
    assert!(value(&all, "process_cpu_seconds_total", &[]).unwrap() > 0.0);
    // The server holds a database file, sockets and a pack in memory.
    assert!(value(&all, "process_resident_memory_bytes", &[]).unwrap() > 1e6);
    let open = value(&all, "process_open_fds", &[]).unwrap();
    assert!(open >= 4.0 && open <= value(&all, "process_max_fds", &[]).unwrap());
    let started = value(&all, "process_start_time_seconds", &[]).unwrap();
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs_f64();
    assert!(
        started <= now + 1.0 && started > now - 600.0,
        "{started} vs {now}"
    );
    server.terminate();

    // Off by default.
    let quiet = ServerProcess::spawn(&["--database", &db], dir.path());
    assert!(quiet.metrics_base().is_none());
    quiet.terminate();
}

// --------------------------------------------------------------- headers

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn security_headers_on_pages_and_api() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("h.db").display());
    let server = ServerProcess::spawn(&["--database", &db], dir.path());
    let client = client();
    for path in ["/", "/js/app.js", "/api/triplex/levels", "/api/nope"] {
        let response = client.get(server.url(path)).send().await.unwrap();
        let h = response.headers();
        let csp = h["content-security-policy"].to_str().unwrap();
        let directives: HashMap<&str, &str> = csp
            .split(';')
            .filter_map(|d| d.trim().split_once(' '))
            .collect();
        assert_eq!(directives["script-src"], "'self'", "{path}: {csp}");
        assert_eq!(directives["style-src"], "'self'", "{path}: {csp}");
        assert_eq!(directives["default-src"], "'self'", "{path}: {csp}");
        assert_eq!(directives["frame-ancestors"], "'none'", "{path}: {csp}");
        assert_eq!(directives["object-src"], "'none'", "{path}: {csp}");
        assert!(!csp.contains("unsafe"), "{path}: {csp}");
        assert_eq!(h["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(h["referrer-policy"], "no-referrer", "{path}");
        assert_eq!(h["x-frame-options"], "DENY", "{path}");
    }
    server.terminate();
}

/// The policy allows no inline script or style: the page has none.
#[test]
fn the_web_client_has_no_inline_script_or_style() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("web");
    let html = std::fs::read_to_string(root.join("index.html")).unwrap();
    for piece in html.split("<script").skip(1) {
        let tag = &piece[..piece.find('>').unwrap()];
        assert!(tag.contains("src="), "an inline script: <script{tag}>");
    }
    assert!(!html.contains("<style"), "an inline style sheet");
    let lower = html.to_lowercase();
    for attribute in [
        " style=",
        " onclick=",
        " onload=",
        " onerror=",
        " onsubmit=",
        " oninput=",
        "javascript:",
    ] {
        assert!(!lower.contains(attribute), "index.html uses {attribute}");
    }
    // Nor do scripts write inline handlers or style attributes as markup.
    for entry in std::fs::read_dir(root.join("js")).unwrap() {
        let path = entry.unwrap().path();
        let js = std::fs::read_to_string(&path).unwrap();
        for bad in [
            "setAttribute(\"style\"",
            "setAttribute('style'",
            "eval(",
            "new Function(",
        ] {
            assert!(!js.contains(bad), "{} uses {bad}", path.display());
        }
    }
}

// ------------------------------------------------ databases that fail at start

/// Starts `gridforge serve` on `database` and expects it to give up: a
/// non-zero exit within `limit` and one `gridforge:` line, the last, that
/// says `says`. Returns what it wrote on stderr.
fn refuses_to_start(database: &str, says: &str, limit: Duration) -> String {
    let dir = tempfile::tempdir().unwrap();
    let started = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_gridforge"))
        .args(["serve", "--addr", "127.0.0.1:0", "--database", database])
        .current_dir(dir.path())
        .output()
        .unwrap();
    let took = started.elapsed();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{database}: {err}");
    assert!(took < limit, "{database}: gave up after {took:?}");
    let ours: Vec<&str> = err
        .lines()
        .filter(|l| l.starts_with("gridforge:"))
        .collect();
    assert_eq!(ours.len(), 1, "{database}: {err}");
    assert_eq!(err.lines().last(), Some(ours[0]), "{database}: {err}");
    assert!(ours[0].contains(says), "{database}: {err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(!err.contains("secret"), "a password in the log: {err}");
    eprintln!("{database}: {} ({took:?})", ours[0]);
    err
}

#[test]
fn sqlite_that_cannot_be_opened_or_written_stops_the_start() {
    let dir = tempfile::tempdir().unwrap();
    let not_a_dir = dir.path().join("file");
    std::fs::write(&not_a_dir, "x").unwrap();
    let garbage = dir.path().join("garbage.db");
    std::fs::write(&garbage, vec![b'x'; 8192]).unwrap();
    let limit = Duration::from_secs(30);
    refuses_to_start(
        &format!("sqlite://{}/gridforge.db", not_a_dir.display()),
        "cannot open the database",
        limit,
    );
    refuses_to_start(
        &format!("sqlite://{}", garbage.display()),
        "cannot open the database",
        limit,
    );
    // A good database opened read-only: the start writes (migrations, the
    // token key) and must fail there, not at the first solve.
    let good = dir.path().join("good.db");
    let url = format!("sqlite://{}", good.display());
    let server = ServerProcess::spawn(&["--database", &url], dir.path());
    server.terminate();
    refuses_to_start(&format!("{url}?mode=ro"), "readonly database", limit);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_that_cannot_be_reached_or_written_stops_the_start() {
    let Some(url) = postgres::fresh_database().await else {
        return;
    };
    // Nothing listens on port 1.
    refuses_to_start(
        "postgres://postgres:secret@127.0.0.1:1/gridforge",
        "cannot open the database postgres://postgres:***@127.0.0.1:1/gridforge",
        Duration::from_secs(30),
    );
    // A database where every transaction is read-only.
    use sqlx::Connection;
    let mut conn = sqlx::PgConnection::connect(&url).await.unwrap();
    let name: String = sqlx::query_scalar("SELECT current_database()")
        .fetch_one(&mut conn)
        .await
        .unwrap();
    sqlx::raw_sql(&format!(
        "ALTER DATABASE {name} SET default_transaction_read_only = on"
    ))
    .execute(&mut conn)
    .await
    .unwrap();
    conn.close().await.ok();
    refuses_to_start(&url, "read-only", Duration::from_secs(30));
}

/// The newest migration applied to the database at `url`, after a server
/// has started and stopped on it; then a migration one newer is recorded, as
/// a newer gridforge would have left it. Returns that newer one.
async fn written_by_a_newer_gridforge(url: &str, dir: &Path) -> i64 {
    let server = ServerProcess::spawn(&["--database", url], dir);
    server.terminate();
    let insert = "INSERT INTO _sqlx_migrations \
                  (version, description, success, checksum, execution_time) \
                  VALUES ($1, 'from the future', TRUE, $2, 0)";
    let newest = "SELECT MAX(version) FROM _sqlx_migrations";
    if url.starts_with("sqlite:") {
        use sqlx::Connection;
        let mut conn = sqlx::SqliteConnection::connect(url).await.unwrap();
        let known: i64 = sqlx::query_scalar(newest)
            .fetch_one(&mut conn)
            .await
            .unwrap();
        sqlx::query(insert)
            .bind(known + 1)
            .bind(vec![0u8; 48])
            .execute(&mut conn)
            .await
            .unwrap();
        conn.close().await.unwrap();
        known + 1
    } else {
        use sqlx::Connection;
        let mut conn = sqlx::PgConnection::connect(url).await.unwrap();
        let known: i64 = sqlx::query_scalar(newest)
            .fetch_one(&mut conn)
            .await
            .unwrap();
        sqlx::query(insert)
            .bind(known + 1)
            .bind(vec![0u8; 48])
            .execute(&mut conn)
            .await
            .unwrap();
        conn.close().await.unwrap();
        known + 1
    }
}

/// A database a newer gridforge migrated is refused at once, in words.
async fn a_newer_database_is_refused(url: &str) {
    let dir = tempfile::tempdir().unwrap();
    let newer = written_by_a_newer_gridforge(url, dir.path()).await;
    let err = refuses_to_start(
        url,
        &format!(
            "this database was written by a newer gridforge (migration {newer}); \
             this binary knows up to {}",
            newer - 1
        ),
        Duration::from_secs(30),
    );
    // At once: not after sqlx's own refusal and the SQLite retries.
    assert!(!err.contains("retrying"), "{err}");
    assert!(
        !err.contains("VersionMissing") && !err.contains("previously applied"),
        "{err}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_newer_sqlite_database_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("newer.db").display());
    a_newer_database_is_refused(&url).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_newer_postgres_database_is_refused() {
    if let Some(url) = postgres::fresh_database().await {
        a_newer_database_is_refused(&url).await;
    }
}

#[test]
fn an_address_in_use_is_said_once() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = taken.local_addr().unwrap().to_string();
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_gridforge"))
        .args(["serve", "--addr", &addr, "--database", "sqlite://in-use.db"])
        .current_dir(dir.path())
        .env_remove("GRIDFORGE_DATABASE_URL")
        .env_remove("GRIDFORGE_ADDR")
        .output()
        .unwrap();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    let last = err.lines().last().unwrap_or_default();
    assert_eq!(
        last,
        format!(
            "gridforge: cannot listen on {addr}: the address is in use \
             (another program, perhaps another gridforge, listens there)"
        ),
        "{err}"
    );
    assert_eq!(err.matches("in use").count(), 1, "{err}");
    // Said before the packs are built.
    assert!(!err.contains("built the Triplex pack"), "{err}");
}

#[test]
fn a_bad_value_from_the_environment_names_the_variable() {
    for (variable, value, flag) in [
        ("GRIDFORGE_RATE_LIMIT", "abc", "--rate-limit"),
        ("GRIDFORGE_RATE_LIMIT", "NaN", "--rate-limit"),
        ("GRIDFORGE_ADDR", "not-an-address", "--addr"),
        ("GRIDFORGE_MAX_CONNECTIONS", "0", "--max-connections"),
        ("GRIDFORGE_HEADER_TIMEOUT", "soon", "--header-timeout"),
    ] {
        let from_env = Command::new(env!("CARGO_BIN_EXE_gridforge"))
            .arg("serve")
            .env(variable, value)
            .output()
            .unwrap();
        let err = stderr(&from_env);
        assert_eq!(from_env.status.code(), Some(2), "{variable}: {err}");
        assert!(
            err.starts_with(&format!("gridforge: invalid value '{value}' for {variable} (set in the environment, for {flag})")),
            "{variable}={value}: {err}"
        );
        assert_eq!(err.lines().count(), 1, "{err}");
        // Typed on the command line, the flag is named even with the
        // variable set too.
        let typed = Command::new(env!("CARGO_BIN_EXE_gridforge"))
            .args(["serve", &format!("{flag}={value}")])
            .env(variable, value)
            .output()
            .unwrap();
        let err = stderr(&typed);
        assert!(err.contains(&format!("'{flag} <")), "{flag}={value}: {err}");
        assert!(!err.contains(variable), "{flag}={value}: {err}");
    }
}

// ---------------------------------------------------------------- secrets

/// The database URL from a file (`GRIDFORGE_DATABASE_URL_FILE`) or a
/// systemd credential; the password in it appears in no log line, at the
/// most talkative log level, whether the server runs or cannot connect.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn secrets_come_from_files_and_never_reach_the_logs() {
    let Some(admin_url) = postgres::fresh_database().await else {
        return;
    };
    let password = "pw-c0rrect-h0rse-42";
    use sqlx::Connection;
    let mut conn = sqlx::PgConnection::connect(&admin_url).await.unwrap();
    let database: String = sqlx::query_scalar("SELECT current_database()")
        .fetch_one(&mut conn)
        .await
        .unwrap();
    let role = format!("{database}_secret");
    sqlx::raw_sql(&format!(
        "CREATE ROLE {role} LOGIN PASSWORD '{password}'; \
         GRANT ALL ON DATABASE {database} TO {role}; \
         ALTER DATABASE {database} OWNER TO {role}"
    ))
    .execute(&mut conn)
    .await
    .unwrap();
    conn.close().await.ok();
    let host = admin_url
        .split_once('@')
        .and_then(|(_, rest)| rest.split_once('/'))
        .map(|(host, _)| host.to_string())
        .unwrap();
    let url = format!("postgres://{role}:{password}@{host}/{database}");

    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("database-url");
    std::fs::write(&file, format!("{url}\n")).unwrap();
    let file = file.to_str().unwrap().to_string();
    let loud = "trace,hyper=debug,h2=debug";
    let server = ServerProcess::spawn_with_env(
        &["--rate-limit", "0", "--log", loud],
        dir.path(),
        &[("GRIDFORGE_DATABASE_URL_FILE", &file)],
    );
    let client = client();
    let health = client.get(server.url("/healthz")).send().await.unwrap();
    assert_eq!(health.status(), StatusCode::OK);
    let token = start(&client, &server, 1).await;
    wait_floor([1]).await;
    let (status, _) = submit(&client, &server.base, 1, &token, Some("secret-test"))
        .await
        .unwrap();
    assert_eq!(status, StatusCode::OK, "the solve went to the database");
    let logs = server.terminate();
    assert!(logs.contains("database ready"), "{logs}");
    assert!(
        !logs.contains(password),
        "the password is in the log:\n{logs}"
    );

    // As a systemd credential, and a server that cannot connect (nothing
    // listens on port 1): the error names the URL without the password.
    let creds = dir.path().join("credentials");
    std::fs::create_dir(&creds).unwrap();
    let unreachable = format!("postgres://{role}:{password}@127.0.0.1:1/{database}");
    std::fs::write(creds.join("database-url"), &unreachable).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_gridforge"))
        .args(["serve", "--addr", "127.0.0.1:0", "--log", loud])
        .env_remove("GRIDFORGE_DATABASE_URL")
        .env("CREDENTIALS_DIRECTORY", &creds)
        .current_dir(dir.path())
        .output()
        .unwrap();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains(&format!(
            "cannot open the database postgres://{role}:***@127.0.0.1:1/"
        )),
        "{err}"
    );
    assert!(
        !err.contains(password),
        "the password is in the log:\n{err}"
    );

    // Both a URL and a file: refused, not one silently ignored.
    let out = Command::new(env!("CARGO_BIN_EXE_gridforge"))
        .args(["serve", "--database", "sqlite://x.db"])
        .env("GRIDFORGE_DATABASE_URL_FILE", &file)
        .current_dir(dir.path())
        .output()
        .unwrap();
    let err = stderr(&out);
    assert_ne!(out.status.code(), Some(0), "{err}");
    assert!(err.contains("keep one"), "{err}");
    assert!(!err.contains(password), "{err}");
}

// ------------------------------------------------------- fault campaign

/// A PostgreSQL cluster of this test's own, on a free port, that the test
/// may stop and start (never the shared server other tests use).
struct OwnCluster {
    bin: PathBuf,
    dir: tempfile::TempDir,
    port: u16,
}

impl OwnCluster {
    /// initdb and start; `None` when PostgreSQL is not installed and the
    /// PostgreSQL tests are skipped.
    fn start() -> Option<OwnCluster> {
        let bin = std::fs::read_dir("/usr/lib/postgresql")
            .ok()
            .into_iter()
            .flatten()
            .filter_map(|e| e.ok().map(|e| e.path().join("bin")))
            .filter(|b| b.join("initdb").exists())
            .max();
        let Some(bin) = bin else {
            if std::env::var("GRIDFORGE_TEST_SKIP_POSTGRES").as_deref() == Ok("1") {
                eprintln!("skipping the fault campaign: no PostgreSQL installed");
                return None;
            }
            panic!("the fault campaign needs PostgreSQL (initdb, pg_ctl) installed");
        };
        let dir = tempfile::Builder::new()
            .prefix("gridforge-fault-pg")
            .tempdir()
            .unwrap();
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let cluster = OwnCluster { bin, dir, port };
        if is_root() {
            Command::new("chown")
                .args(["postgres:", cluster.dir.path().to_str().unwrap()])
                .status()
                .unwrap();
        }
        let data = cluster.data();
        let init = cluster.run(&[
            "initdb",
            "-D",
            &data,
            "-U",
            "postgres",
            "-A",
            "trust",
            "--no-instructions",
        ]);
        assert!(init.status.success(), "initdb: {}", stderr(&init));
        cluster.pg_ctl_start();
        Some(cluster)
    }

    fn data(&self) -> String {
        self.dir.path().join("data").display().to_string()
    }

    fn url(&self) -> String {
        format!("postgres://postgres@127.0.0.1:{}/postgres", self.port)
    }

    /// Runs a PostgreSQL program as the `postgres` user when root.
    fn run(&self, args: &[&str]) -> Output {
        let program = self.bin.join(args[0]);
        let mut command = if is_root() {
            let mut c = Command::new("runuser");
            c.args(["-u", "postgres", "--"]).arg(program);
            c
        } else {
            Command::new(program)
        };
        command.args(&args[1..]).output().unwrap()
    }

    fn pg_ctl_start(&self) {
        let options = format!(
            "-c listen_addresses=127.0.0.1 -p {} -k {} -c max_connections=100",
            self.port,
            self.dir.path().display()
        );
        let log = self.dir.path().join("server.log").display().to_string();
        let out = self.run(&[
            "pg_ctl",
            "-D",
            &self.data(),
            "-l",
            &log,
            "-w",
            "-o",
            &options,
            "start",
        ]);
        assert!(out.status.success(), "pg_ctl start: {}", stderr(&out));
    }

    /// Stops the server the way an operator or a crash would: `fast` ends
    /// every session at once.
    fn pg_ctl_stop(&self) {
        let out = self.run(&["pg_ctl", "-D", &self.data(), "-m", "fast", "-w", "stop"]);
        assert!(out.status.success(), "pg_ctl stop: {}", stderr(&out));
    }
}

impl Drop for OwnCluster {
    fn drop(&mut self) {
        let _ = self.run(&[
            "pg_ctl",
            "-D",
            &self.data(),
            "-m",
            "immediate",
            "-w",
            "stop",
        ]);
    }
}

fn is_root() -> bool {
    // SAFETY: getuid has no preconditions.
    unsafe { libc::getuid() == 0 }
}

/// What one submission in the campaign got.
#[derive(Debug, Clone)]
struct Attempt {
    at: Instant,
    took: Duration,
    status: Option<StatusCode>,
    body: Value,
}

/// PostgreSQL stops in the middle of a stream of solves and starts again:
/// requests in the gap get a JSON 503 quickly, the server recovers without
/// a restart, and every acknowledged solve is there afterwards.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_stopped_under_load_and_started_again() {
    if std::env::var("GRIDFORGE_TEST_POSTGRES_URL").is_err()
        && std::env::var("GRIDFORGE_TEST_SKIP_POSTGRES").as_deref() == Ok("1")
    {
        eprintln!("skipping the fault campaign: GRIDFORGE_TEST_SKIP_POSTGRES=1");
        return;
    }
    let Some(cluster) = OwnCluster::start() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let server = ServerProcess::spawn(
        &["--database", &cluster.url(), "--db-connections", "8"],
        dir.path(),
    );
    let client = client();
    let levels: Vec<usize> = (1..=40).collect();
    let mut tokens = Vec::new();
    for _ in 0..20 {
        for &n in &levels {
            tokens.push((n, start(&client, &server, n).await));
        }
    }
    wait_floor(levels.iter().copied()).await;

    let queue = Arc::new(Mutex::new(tokens));
    let attempts: Arc<Mutex<Vec<Attempt>>> = Arc::new(Mutex::new(Vec::new()));
    let acked: Arc<Mutex<Vec<(usize, String)>>> = Arc::new(Mutex::new(Vec::new()));
    let stop = Arc::new(AtomicBool::new(false));
    let workers: Vec<_> = (0..8)
        .map(|_| {
            let (queue, attempts, acked, stop, client, base) = (
                queue.clone(),
                attempts.clone(),
                acked.clone(),
                stop.clone(),
                client.clone(),
                server.base.clone(),
            );
            tokio::spawn(async move {
                while !stop.load(Ordering::Relaxed) {
                    let next = queue.lock().unwrap().pop();
                    let Some((n, token)) = next else { break };
                    let at = Instant::now();
                    let answer = submit(&client, &base, n, &token, None).await;
                    let took = at.elapsed();
                    let (status, body) = match answer {
                        Ok((status, body)) => (Some(status), body),
                        Err(err) => (None, json!(err.to_string())),
                    };
                    match status {
                        Some(StatusCode::OK) => acked.lock().unwrap().push((n, token)),
                        // Refused in the gap: try the token again later.
                        _ => queue.lock().unwrap().insert(0, (n, token)),
                    }
                    attempts.lock().unwrap().push(Attempt {
                        at,
                        took,
                        status,
                        body,
                    });
                    // A steady stream, not a flood: the point is the gap.
                    tokio::time::sleep(Duration::from_millis(5)).await;
                }
            })
        })
        .collect();

    let wait_for_acks = |count: usize| {
        let acked = acked.clone();
        async move {
            let deadline = Instant::now() + Duration::from_secs(60);
            while acked.lock().unwrap().len() < count {
                assert!(Instant::now() < deadline, "submissions too slow");
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
        }
    };
    wait_for_acks(100).await;
    let stopping = Instant::now();
    tokio::task::block_in_place(|| cluster.pg_ctl_stop());
    let stopped = Instant::now();
    // The gap: a few seconds with the database gone.
    tokio::time::sleep(Duration::from_secs(6)).await;
    // Health says so, quickly.
    let asked = Instant::now();
    let health = client.get(server.url("/healthz")).send().await.unwrap();
    assert_eq!(health.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert!(asked.elapsed() < Duration::from_secs(6));
    let restarting = Instant::now();
    tokio::task::block_in_place(|| cluster.pg_ctl_start());
    let restarted = Instant::now();
    let acked_at_restart = acked.lock().unwrap().len();
    // Recovery without a restart of gridforge: solves are accepted again.
    wait_for_acks(acked_at_restart + 100).await;
    let recovered = Instant::now();
    stop.store(true, Ordering::Relaxed);
    for worker in workers {
        worker.await.unwrap();
    }

    let attempts = attempts.lock().unwrap().clone();
    let in_gap: Vec<&Attempt> = attempts
        .iter()
        .filter(|a| a.at >= stopped && a.at + a.took <= restarting)
        .collect();
    assert!(
        in_gap.len() >= 20,
        "only {} requests in the gap",
        in_gap.len()
    );
    let mut times: Vec<Duration> = in_gap.iter().map(|a| a.took).collect();
    times.sort();
    let median = times[times.len() / 2];
    let slowest = *times.last().unwrap();
    eprintln!(
        "fault campaign: stop took {:?}, {} requests in the {:?} gap (median {median:?}, slowest {slowest:?}), start took {:?}, recovered {:?} after it; {} attempts, {} acknowledged",
        stopped - stopping,
        in_gap.len(),
        restarting - stopped,
        restarted - restarting,
        recovered - restarted,
        attempts.len(),
        acked.lock().unwrap().len()
    );
    for a in &in_gap {
        assert_eq!(a.status, Some(StatusCode::SERVICE_UNAVAILABLE), "{a:?}");
        assert!(a.body["error"].as_str().is_some(), "{a:?}");
    }
    // Quickly: no request waits longer than one connection attempt's
    // timeout, and most are refused at once.
    assert!(slowest <= Duration::from_secs(6), "slowest {slowest:?}");
    assert!(median <= Duration::from_millis(100), "median {median:?}");
    // Nothing but 200 and 503 (and 409 for a retried token whose first
    // answer was lost) in the whole campaign.
    for a in &attempts {
        assert!(
            matches!(
                a.status,
                Some(StatusCode::OK | StatusCode::SERVICE_UNAVAILABLE | StatusCode::CONFLICT)
            ),
            "{a:?}"
        );
    }

    // Every acknowledged solve is there: its token is refused as used.
    let acked = acked.lock().unwrap().clone();
    for (n, token) in &acked {
        let (status, body) = submit(&client, &server.base, *n, token, None)
            .await
            .unwrap();
        assert_eq!(status, StatusCode::CONFLICT, "level {n}: {body}");
    }
    let mut recorded = 0;
    for &n in &levels {
        recorded += records(&client, &server, n).await["solves"]
            .as_u64()
            .unwrap() as usize;
    }
    assert!(
        recorded >= acked.len(),
        "recorded {recorded}, acknowledged {}",
        acked.len()
    );
    let health = client.get(server.url("/healthz")).send().await.unwrap();
    assert_eq!(health.status(), StatusCode::OK);
    server.terminate();
}
