//! `gridforge admin names` covers the daily puzzles' names (issue 29): a
//! named daily Kakuro solve made through the API of a server in this
//! process (its clock shifted past the believable minimum instead of
//! sleeping) is listed, hidden, renamed and shown again by the command, and
//! the table answers accordingly; every change is in the audit log. On
//! SQLite and on PostgreSQL (`GRIDFORGE_TEST_POSTGRES_URL`, as elsewhere).

use gridforge_server::clock::Clock;
use gridforge_server::{Config, Server};
use serde_json::{json, Value};
use std::process::{Command, Output};

#[path = "../crates/server/tests/common/postgres.rs"]
mod postgres;

/// A person's solving path for the solve (issue 38: a counted daily solve
/// without one is held off the table).
#[path = "../crates/server/tests/common/paths.rs"]
mod paths;

fn gridforge(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gridforge"))
        .args(args)
        .env_remove("GRIDFORGE_DATABASE_URL")
        .output()
        .expect("gridforge runs")
}

fn names(args: &[&str], database: &str) -> String {
    let mut all = vec!["admin", "names"];
    all.extend_from_slice(args);
    all.extend(["--database", database]);
    let out = gridforge(&all);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// An account with a live session, made in the database: its cookie value.
async fn account_session(database: &str) -> String {
    use gridforge_server::storage::accounts::{AccountCreated, NewAccount, NewPasskey, NewSession};
    let store = gridforge_server::storage::open(database, 1)
        .await
        .expect("the database opens");
    let token = "5e".repeat(32);
    let created = store
        .create_account(&NewAccount {
            handle: "handle-eve",
            name: "Eve",
            name_key: "eve",
            now: 0,
            provisional_until: 0,
            passkey: NewPasskey {
                credential_id: b"eve",
                passkey: "{}",
            },
            session: NewSession {
                token_hash: &gridforge_server::session_cookie::hash_of(&token),
                expires_at: i64::MAX,
            },
            network: "test",
            day: "2026-01-01",
            limit: 10,
        })
        .await
        .expect("account");
    assert!(matches!(created, AccountCreated::Created(_)), "{created:?}");
    store.close().await;
    token
}

async fn daily_names_are_moderated(database: &str) {
    let clock = Clock::default();
    let mut config = Config::new("127.0.0.1:0".parse().unwrap(), database);
    config.rate_per_second = 0.0;
    config.clock = clock.clone();
    let server = Server::start(&config).await.expect("server starts");
    let base = format!("http://{}", server.local_addr().unwrap());
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let task = tokio::spawn(server.serve(async {
        stopped.await.ok();
    }));
    let client = reqwest::Client::builder().no_proxy().build().unwrap();
    let get = |path: String| {
        let client = client.clone();
        let base = base.clone();
        async move {
            let response = client.get(format!("{base}{path}")).send().await.unwrap();
            response.json::<Value>().await.unwrap()
        }
    };
    // Only accounts are on the tables (issue 38): the player is signed in
    // to an account made straight in the database.
    let cookie = account_session(database).await;
    let post = |path: String, body: Value| {
        let client = client.clone();
        let base = base.clone();
        let cookie = cookie.clone();
        async move {
            let response = client
                .post(format!("{base}{path}"))
                .header("cookie", format!("gridforge_session={cookie}"))
                .header("x-gridforge-request", "1")
                .json(&body)
                .send()
                .await
                .unwrap();
            (response.status(), response.json::<Value>().await.unwrap())
        }
    };

    let today = get("/api/kakuro/daily/today".into()).await;
    let date = today["date"].as_str().unwrap().to_string();
    let player = "names-player-1";
    let (_, started) = post(
        format!("/api/kakuro/daily/{date}/easy/start"),
        json!({"player": player}),
    )
    .await;
    // The start gives the clues (issue 38).
    let board: gridforge_kakuro::Board = started["puzzle"].as_str().unwrap().parse().unwrap();
    let solved = gridforge_kakuro::solve(&board, 1, 5_000_000).unwrap();
    let grid = solved.solutions[0].to_string();
    // Past the human floor, so the person's path is not held for review.
    let floor = paths::floor_ms(started["puzzle"].as_str().unwrap());
    let wait = started["min_time_ms"].as_u64().unwrap().max(floor) + 100;
    clock.shift(wait as i64);
    let path = paths::person_path(&grid, wait, 29);
    let (status, body) = post(
        format!("/api/kakuro/daily/{date}/easy/solve"),
        json!({"token": started["token"], "player": player, "grid": grid, "name": "Eve", "path": path}),
    )
    .await;
    assert!(status.is_success(), "{body}");
    let table = format!("/api/kakuro/daily/{date}/easy/table");
    assert_eq!(get(table.clone()).await["best"][0]["name"], "Eve");

    let key = format!("daily/kakuro/{date}/easy/{player}");
    let listed: Value = serde_json::from_str(&names(&["list", "--json"], database)).unwrap();
    let entry = listed
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["level"] == key.as_str())
        .unwrap_or_else(|| panic!("{key} in {listed}"));
    assert_eq!(
        (entry["name"].clone(), entry["hidden"].clone()),
        (json!("Eve"), json!(false))
    );

    assert!(names(&["hide", &key], database).contains("name hidden"));
    assert_eq!(get(table.clone()).await["best"][0]["name"], Value::Null);
    let text = names(&["list"], database);
    assert!(
        text.lines()
            .any(|l| l.starts_with(&key) && l.contains("[hidden]")),
        "{text}"
    );
    names(&["rename", &key, "Fay", "--actor", "mod"], database);
    names(&["unhide", &key], database);
    assert_eq!(get(table.clone()).await["best"][0]["name"], "Fay");
    // A daily key with no named counted solve: one line, exit 2.
    let out = gridforge(&[
        "admin",
        "names",
        "hide",
        &format!("daily/kakuro/{date}/easy/nobody-at-all"),
        "--database",
        database,
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no named counted daily solve"));

    let log: Value = serde_json::from_str(&names(&["log", "--json"], database)).unwrap();
    let seen: Vec<(&str, &str, Option<&str>, Option<&str>)> = log
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["action"].as_str().unwrap(),
                e["level"].as_str().unwrap(),
                e["old_name"].as_str(),
                e["new_name"].as_str(),
            )
        })
        .collect();
    assert_eq!(
        seen,
        vec![
            ("hide", key.as_str(), Some("Eve"), None),
            ("rename", key.as_str(), Some("Eve"), Some("Fay")),
            ("unhide", key.as_str(), Some("Fay"), None),
        ]
    );
    stop.send(()).ok();
    task.await.unwrap().unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn daily_names_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("names.db").display());
    daily_names_are_moderated(&url).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn daily_names_on_postgres() {
    if let Some(url) = postgres::fresh_database().await {
        daily_names_are_moderated(&url).await;
    }
}
