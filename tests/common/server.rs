//! A `gridforge serve` process for the binary's server tests (`serve.rs`,
//! `operations.rs` include this file by path), and the Triplex helpers they
//! share: starts, correct solutions, submissions, tables of records.

// Each test file uses only part of this.
#![allow(dead_code)]

use gridforge_triplex::{LevelRecord, Pack};

#[path = "../../crates/server/tests/common/triplex_paths.rs"]
mod triplex_paths;
use reqwest::StatusCode;
use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::{mpsc, Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

/// A running `gridforge serve` process.
pub struct ServerProcess {
    pub child: Child,
    pub base: String,
    log: Arc<Mutex<Vec<String>>>,
}

impl ServerProcess {
    /// Starts `gridforge serve` on a free loopback port with `args` added,
    /// in `cwd`, and waits until it listens.
    pub fn spawn(args: &[&str], cwd: &Path) -> ServerProcess {
        let mut all = vec!["--rate-limit", "0"];
        all.extend_from_slice(args);
        ServerProcess::spawn_exactly(&all, cwd)
    }

    /// [`ServerProcess::spawn`] without turning the rate limit off.
    pub fn spawn_exactly(args: &[&str], cwd: &Path) -> ServerProcess {
        ServerProcess::spawn_with_env(args, cwd, &[])
    }

    /// [`ServerProcess::spawn_exactly`] with the variables `env` set.
    pub fn spawn_with_env(args: &[&str], cwd: &Path, env: &[(&str, &str)]) -> ServerProcess {
        let mut child = Command::new(env!("CARGO_BIN_EXE_gridforge"))
            .envs(env.iter().copied())
            .arg("serve")
            .args(["--addr", "127.0.0.1:0"])
            .args(args)
            .current_dir(cwd)
            .env_remove("GRIDFORGE_DATABASE_URL")
            .env_remove("GRIDFORGE_ADDR")
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("gridforge serve starts");
        let stderr = child.stderr.take().unwrap();
        let log = Arc::new(Mutex::new(Vec::new()));
        let (found, address) = mpsc::channel();
        let lines = log.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                // `http://ADDR`, `https://ADDR` or `unix:PATH`.
                if let Some(rest) = line.split("listening on ").nth(1) {
                    let at: String = rest
                        .chars()
                        .take_while(|c| !c.is_whitespace() && *c != '"')
                        .collect();
                    found.send(at).ok();
                }
                lines.lock().unwrap().push(line);
            }
        });
        match address.recv_timeout(Duration::from_secs(60)) {
            Ok(base) => ServerProcess { child, base, log },
            Err(_) => {
                child.kill().ok();
                panic!(
                    "gridforge serve did not start:\n{}",
                    log.lock().unwrap().join("\n")
                );
            }
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// The metrics listener's base URL, from the start-up log (the server
    /// logs it before it says it is listening).
    pub fn metrics_base(&self) -> Option<String> {
        let logs = self.logs();
        let rest = logs.split("metrics on http://").nth(1)?;
        let addr: String = rest.chars().take_while(|c| !c.is_whitespace()).collect();
        Some(format!("http://{}", addr.trim_end_matches("/metrics")))
    }

    pub fn logs(&self) -> String {
        self.log.lock().unwrap().join("\n")
    }

    /// Sends SIGTERM and waits for a clean exit.
    pub fn terminate(mut self) -> String {
        let status = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(status.success());
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            if let Some(exit) = self.child.try_wait().unwrap() {
                std::thread::sleep(Duration::from_millis(100));
                let logs = self.logs();
                assert!(exit.success(), "exit {exit}: {logs}");
                return logs;
            }
            assert!(Instant::now() < deadline, "no exit after SIGTERM");
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        self.child.kill().ok();
        self.child.wait().ok();
    }
}

pub fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .no_proxy()
        .timeout(Duration::from_secs(30))
        .build()
        .unwrap()
}

pub fn pack() -> &'static Pack {
    static PACK: OnceLock<Pack> = OnceLock::new();
    PACK.get_or_init(|| Pack::game().expect("the game pack loads"))
}

pub fn record(n: usize) -> &'static LevelRecord {
    &pack().levels[n - 1]
}

/// The correct placements of level `n`, from its solution grid.
pub fn solution_of(n: usize) -> Value {
    let cells = record(n).solution_cells();
    let placements = cells.iter().enumerate();
    Value::Array(
        placements
            .map(|(k, cells)| json!({"piece": k, "cells": cells}))
            .collect(),
    )
}

/// Waits out the fastest believable time of the slowest of `levels`.
pub async fn wait_floor(levels: impl IntoIterator<Item = usize>) {
    let pieces = levels
        .into_iter()
        .map(|n| record(n).pieces.len())
        .max()
        .unwrap_or(0) as u64;
    tokio::time::sleep(Duration::from_millis(250 * pieces + 100)).await;
}

pub async fn start(client: &reqwest::Client, server: &ServerProcess, n: usize) -> String {
    let response = client
        .post(server.url(&format!("/api/triplex/levels/{n}/start")))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    body["token"].as_str().unwrap().to_string()
}

pub async fn submit(
    client: &reqwest::Client,
    base: &str,
    n: usize,
    token: &str,
    name: Option<&str>,
) -> Result<(StatusCode, Value), reqwest::Error> {
    let mut body = json!({"token": token, "placements": solution_of(n)});
    if let Some(name) = name {
        body["name"] = json!(name);
    }
    let response = client
        .post(format!("{base}/api/triplex/levels/{n}/solves"))
        .json(&body)
        .send()
        .await?;
    let status = response.status();
    let body = response.json().await?;
    Ok((status, body))
}

/// Submits a solve as the web client does when signed in with the session
/// `cookie` (the CSRF header with it) and with a person's solving path
/// (an account's solve without one is held): only accounts claim first
/// solves (issue 38).
pub async fn submit_as(
    client: &reqwest::Client,
    base: &str,
    n: usize,
    token: &str,
    name: Option<&str>,
    cookie: &str,
) -> Result<(StatusCode, Value), reqwest::Error> {
    // The path ends a little before now, as the client's ends at the last
    // piece laid.
    let issued_at = triplex_paths::issued_at(token);
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("after 1970")
        .as_millis() as u64;
    let path = triplex_paths::person_path(record(n), now.saturating_sub(issued_at + 20));
    let mut body = json!({"token": token, "placements": solution_of(n), "path": path});
    if let Some(name) = name {
        body["name"] = json!(name);
    }
    let response = client
        .post(format!("{base}/api/triplex/levels/{n}/solves"))
        .header("cookie", format!("gridforge_session={cookie}"))
        .header("x-gridforge-request", "1")
        .json(&body)
        .send()
        .await?;
    let status = response.status();
    let body = response.json().await?;
    Ok((status, body))
}

/// An account made straight in the database at `url`, past its
/// provisional period, with a live session; returns the session cookie's
/// value. (The passkey ceremonies have their own tests; these tests need an
/// account that may claim first solves.)
pub async fn account_session(url: &str, name: &str) -> String {
    use gridforge_server::storage::accounts::{AccountCreated, NewAccount, NewPasskey, NewSession};
    let store = gridforge_server::storage::open(url, 1)
        .await
        .expect("the database opens");
    let hex: String = name.bytes().map(|b| format!("{b:02x}")).collect();
    let token = format!("{hex:0>64}");
    let created = store
        .create_account(&NewAccount {
            handle: &format!("handle-{name}"),
            name,
            name_key: &name.to_lowercase(),
            now: 0,
            provisional_until: 0,
            passkey: NewPasskey {
                credential_id: name.as_bytes(),
                passkey: "{}",
            },
            session: NewSession {
                token_hash: &gridforge_server::session_cookie::hash_of(&token),
                expires_at: i64::MAX,
            },
            network: name,
            day: "2026-01-01",
            limit: 1_000,
        })
        .await
        .expect("account");
    assert!(matches!(created, AccountCreated::Created(_)), "{created:?}");
    store.close().await;
    token
}

/// Waits out the human floor of the slowest of `levels` (a first-solver
/// claim sooner after its start is held for review).
pub async fn wait_human_floor(levels: impl IntoIterator<Item = usize>) {
    let floor = levels
        .into_iter()
        .map(|n| {
            let level = record(n).level().expect("the level parses");
            gridforge_triplex::path::human_floor_ms(&level, record(n).difficulty)
        })
        .max()
        .unwrap_or(0);
    tokio::time::sleep(Duration::from_millis(floor + 200)).await;
}

pub async fn records(client: &reqwest::Client, server: &ServerProcess, n: usize) -> Value {
    client
        .get(server.url(&format!("/api/triplex/levels/{n}/records")))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap()
}
