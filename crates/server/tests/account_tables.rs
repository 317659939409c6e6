//! Only accounts on public tables, and first-solver claims a script cannot
//! win (issue 38), through the API on both backends (a real SQLite file and
//! a real PostgreSQL), with software passkeys for the accounts and the
//! server's movable clock for the pace:
//!
//! - anonymous daily solves are recorded and answered with the rank they
//!   would have, never listed; a provisional account's line carries the
//!   provisional mark;
//! - first-solver claims scripted over 20 levels (anonymous, throwaway
//!   provisional accounts, one aged account claiming fast) end with
//!   nothing public that did not pass review;
//! - an account's claims are timed from its first start of the level, and
//!   capped per hour by the levels' difficulty;
//! - deleting an account takes its entries off every table and frees its
//!   claims and its name.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

#[macro_use]
mod common {
    #[macro_use]
    pub mod harness;
    pub mod passkey;
    pub mod paths;
    pub mod postgres;
    pub mod triplex_paths;
}
use common::harness::{test_db, Backend, TestServer};
use common::passkey::Browser;
use common::paths;
use common::triplex_paths;
use gridforge_server::passkeys::PROVISIONAL_MS;
use gridforge_server::storage::review::Reviewed;
use gridforge_server::triplex::play::claims_per_hour;
use gridforge_triplex::{LevelRecord, Pack};
use std::sync::OnceLock;

/// Levels the scripted claims go over.
const LEVELS: std::ops::RangeInclusive<usize> = 1..=20;

fn pack() -> &'static Pack {
    static PACK: OnceLock<Pack> = OnceLock::new();
    PACK.get_or_init(|| Pack::game().expect("the game pack loads"))
}

fn record(n: usize) -> &'static LevelRecord {
    &pack().levels[n - 1]
}

/// The correct placements of level `n`.
fn solution_of(n: usize) -> Value {
    Value::Array(
        record(n)
            .solution_cells()
            .iter()
            .enumerate()
            .map(|(k, cells)| json!({"piece": k, "cells": cells}))
            .collect(),
    )
}

/// Level `n`'s human floor, from the Triplex library (what the server
/// times claims against).
fn floor_of(n: usize) -> u64 {
    let level = record(n).level().expect("the level parses");
    gridforge_triplex::path::human_floor_ms(&level, record(n).difficulty)
}

/// A person's path to level `n`'s solution ending at `end_ms`.
fn person_path(n: usize, end_ms: u64) -> String {
    triplex_paths::person_path(record(n), end_ms)
}

/// The server's test config: many accounts from one network (the
/// throwaway attack is about provisional accounts, not the creation limit).
async fn server(url: &str) -> TestServer {
    TestServer::start_with(url, |c| c.accounts_per_network_per_day = 1_000).await
}

/// A new account, signed in.
async fn account<'s>(server: &'s TestServer, name: &str) -> Browser<'s> {
    let mut browser = Browser::new(server);
    let (_, status, body) = browser.register(name).await;
    assert_eq!(status, StatusCode::CREATED, "{name}: {body}");
    browser
}

/// Starts level `n` (signed in with `browser`, or anonymously).
async fn start(server: &TestServer, browser: Option<&mut Browser<'_>>, n: usize) -> Value {
    let path = format!("/api/triplex/levels/{n}/start");
    let (status, body) = match browser {
        Some(b) => b.post(&path, &json!(null)).await,
        None => server.post(&path, &json!(null)).await,
    };
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

/// Submits level `n`'s solution with `token` and a person's path ending
/// `path_end_ms` after the start, named as the account (or `Scripted`).
async fn solve(
    server: &TestServer,
    browser: Option<&mut Browser<'_>>,
    n: usize,
    token: &Value,
    path_end_ms: u64,
) -> Value {
    let path = format!("/api/triplex/levels/{n}/solves");
    let mut body = json!({
        "token": token,
        "placements": solution_of(n),
        "name": "Scripted",
        "path": person_path(n, path_end_ms),
    });
    let (status, answer) = match browser {
        Some(b) => {
            let (_, me) = b.get("/api/account").await;
            body["name"] = me["name"].clone();
            b.post(&path, &body).await
        }
        None => server.post(&path, &body).await,
    };
    assert_eq!(status, StatusCode::OK, "level {n}: {answer}");
    answer
}

/// Level `n`'s public first solver (null when none is shown).
async fn first_of(server: &TestServer, n: usize) -> Value {
    let (status, records) = server
        .get(&format!("/api/triplex/levels/{n}/records"))
        .await;
    assert_eq!(status, StatusCode::OK, "{records}");
    records["first"].clone()
}

/// The slowest minimum time of `levels`, plus a little.
fn min_time_of(levels: impl Iterator<Item = usize>) -> i64 {
    levels
        .map(|n| 250 * record(n).pieces.len() as i64 + 10)
        .max()
        .unwrap_or(0)
}

on_both_backends!(first_solver_claims_scripted_over_20_levels);
/// The attack of issue 38 on the first-solver tables: a script claims 20
/// levels anonymously, then with throwaway (provisional) accounts, then
/// with one aged account at the minimum time. Nothing of it is public
/// until an operator approves it.
async fn first_solver_claims_scripted_over_20_levels(url: &str) {
    let server = server(url).await;
    let store = gridforge_server::storage::open(url, 1)
        .await
        .expect("store");

    // 1. Anonymous: every solve recorded, none a claim; each answer says
    //    the level was open (the client offers an account).
    let mut tokens = Vec::new();
    for n in LEVELS {
        tokens.push((n, start(&server, None, n).await["token"].clone()));
    }
    let min = min_time_of(LEVELS);
    server.clock.shift(min);
    for (n, token) in &tokens {
        let answer = solve(&server, None, *n, token, min as u64 - 5).await;
        assert_eq!(answer["first"], false, "{answer}");
        assert_eq!(answer["would_be_first"], true, "{answer}");
    }
    for n in LEVELS {
        assert_eq!(first_of(&server, n).await, Value::Null, "level {n}");
    }
    // Their paths are below the floor, but anonymous solves are on no
    // table: nothing is held, nothing waits for the operator.
    let queue = store.review_queue().await.expect("queue");
    assert!(queue.is_empty(), "{queue:?}");

    // 2. Throwaway accounts (provisional), at a person's pace: every claim
    //    is made and held.
    let slowest_floor = LEVELS.map(floor_of).max().unwrap() as i64;
    for batch in 0..4 {
        let mut throwaway = account(&server, &format!("Throwaway{batch}")).await;
        let levels: Vec<usize> = LEVELS.skip(batch * 5).take(5).collect();
        let mut tokens = Vec::new();
        for &n in &levels {
            let started = start(&server, Some(&mut throwaway), n).await;
            tokens.push((n, started["token"].clone()));
        }
        server.clock.shift(slowest_floor + 1_000);
        for (n, token) in &tokens {
            let answer = solve(
                &server,
                Some(&mut throwaway),
                *n,
                token,
                slowest_floor as u64 + 500,
            )
            .await;
            assert_eq!(answer["first"], true, "level {n}: {answer}");
            assert_eq!(answer["under_review"], true, "level {n}: {answer}");
        }
    }
    for n in LEVELS {
        assert_eq!(first_of(&server, n).await, Value::Null, "level {n}");
    }
    let claims = |queue: Vec<gridforge_server::storage::review::QueuedEntry>| {
        queue.into_iter().filter(|q| q.first).collect::<Vec<_>>()
    };
    let queue = claims(store.review_queue().await.expect("queue"));
    assert_eq!(queue.len(), 20);
    assert!(queue.iter().all(
        |q| q.account_id.is_some() && q.reason.as_deref().unwrap_or("").contains("provisional")
    ));
    // The operator voids them: the levels are free again.
    for q in &queue {
        assert_eq!(
            store
                .void(&q.id, "throwaway accounts", "test-operator", 1)
                .await
                .expect("void"),
            Reviewed::Changed
        );
    }

    // A running server knows a level settled for up to a minute after a
    // void frees it (storage's SettledLevels); a fresh one sees it free.
    server.stop().await;
    let server = crate::server(url).await;

    // 3. One aged account claims all 20 at the minimum time: every claim is
    //    below its level's floor from the account's first start, and held.
    let mut fast = account(&server, "FastHands").await;
    server.clock.shift(PROVISIONAL_MS + 1_000);
    let mut tokens = Vec::new();
    for n in LEVELS {
        tokens.push((n, start(&server, Some(&mut fast), n).await["token"].clone()));
    }
    server.clock.shift(min);
    for (n, token) in &tokens {
        let answer = solve(&server, Some(&mut fast), *n, token, min as u64 - 5).await;
        assert_eq!(answer["first"], true, "level {n}: {answer}");
        assert_eq!(answer["under_review"], true, "level {n}: {answer}");
    }
    let queue = claims(store.review_queue().await.expect("queue"));
    assert_eq!(queue.len(), 20);
    for q in &queue {
        let reason = q.reason.as_deref().unwrap_or("");
        assert!(
            reason.contains("below the level's human floor") && !reason.contains("provisional"),
            "{reason}"
        );
    }
    // Nothing of all that is public; the one the operator approves is.
    for n in LEVELS {
        assert_eq!(first_of(&server, n).await, Value::Null, "level {n}");
    }
    let approved = &queue[0];
    assert_eq!(
        store
            .approve(&approved.id, "test-operator", 2)
            .await
            .expect("approve"),
        Reviewed::Changed
    );
    let mut public = Vec::new();
    for n in LEVELS {
        let first = first_of(&server, n).await;
        if !first.is_null() {
            assert_eq!(first["name"], "FastHands", "{first}");
            assert_eq!(first["provisional"], false, "{first}");
            public.push(n);
        }
    }
    assert_eq!(public.len(), 1, "only the approved claim is public");
    assert_eq!(record(public[0]).description, approved.what);
    // The audit names the server's holds and the operator's decisions.
    let audit = store.review_audit().await.expect("audit");
    assert_eq!(
        audit.iter().filter(|a| a.action == "hold").count(),
        40,
        "every held claim is audited"
    );
    store.close().await;
    server.stop().await;
}

on_both_backends!(claims_run_from_the_first_start_and_are_capped_per_hour);
/// An account's claim is timed from its first start of the level (a
/// restart keeps it), and an account claims at most
/// `claims_per_hour(floor)` levels an hour: the claim past the cap is held
/// however human its pace.
async fn claims_run_from_the_first_start_and_are_capped_per_hour(url: &str) {
    let server = server(url).await;
    let mut player = account(&server, "Steady").await;
    server.clock.shift(PROVISIONAL_MS + 1_000);

    // A restart keeps the first start; the claim is timed from it.
    let n = 21;
    let first = start(&server, Some(&mut player), n).await;
    let first_start = first["first_started_at"]
        .as_u64()
        .expect("an account's start");
    server.clock.shift(floor_of(n) as i64 + 1_000);
    let again = start(&server, Some(&mut player), n).await;
    assert_eq!(again["first_started_at"].as_u64(), Some(first_start));
    assert!(again["issued_at"].as_u64().unwrap() > first_start);
    server.clock.shift(floor_of(n) as i64 + 1_000);
    let answer = solve(
        &server,
        Some(&mut player),
        n,
        &again["token"],
        floor_of(n) + 500,
    )
    .await;
    assert_eq!(answer["first"], true, "{answer}");
    assert_eq!(answer["under_review"], false, "{answer}");
    assert_eq!(first_of(&server, n).await["name"], "Steady");
    // Anonymous starts carry no first start.
    assert!(start(&server, None, n)
        .await
        .get("first_started_at")
        .is_none());

    // At a person's pace, level after level, until the cap holds a claim.
    let mut capped = None;
    for (claims, n) in (1i64..).zip(22..=200) {
        let floor = floor_of(n);
        let token = start(&server, Some(&mut player), n).await["token"].clone();
        server.clock.shift(floor as i64 + 1_000);
        let answer = solve(&server, Some(&mut player), n, &token, floor + 500).await;
        assert_eq!(answer["first"], true, "level {n}: {answer}");
        let cap = claims_per_hour(floor);
        let held = answer["under_review"] == true;
        assert_eq!(held, claims >= cap, "level {n}: {claims} claims, cap {cap}");
        if held {
            capped = Some((n, cap));
            break;
        }
    }
    let (n, cap) = capped.expect("the cap holds a claim within 200 levels");
    assert!(cap >= 1);
    assert_eq!(first_of(&server, n).await, Value::Null);
    let store = gridforge_server::storage::open(url, 1)
        .await
        .expect("store");
    let queue = store.review_queue().await.expect("queue");
    assert_eq!(queue.len(), 1);
    assert!(
        queue[0].reason.as_deref().unwrap_or("").contains("cap"),
        "{:?}",
        queue[0].reason
    );
    // An hour later the account claims again.
    server.clock.shift(3_600_000);
    let n = n + 1;
    let token = start(&server, Some(&mut player), n).await["token"].clone();
    server.clock.shift(floor_of(n) as i64 + 1_000);
    let answer = solve(&server, Some(&mut player), n, &token, floor_of(n) + 500).await;
    assert_eq!(
        (answer["first"].clone(), answer["under_review"].clone()),
        (json!(true), json!(false)),
        "{answer}"
    );
    store.close().await;
    server.stop().await;
}

/// Today's easy daily Kakuro: its date, puzzle (from an anonymous start)
/// and solution (found with the library).
async fn easy_daily(server: &TestServer) -> (String, String, String) {
    let (_, today) = server.get("/api/kakuro/daily/today").await;
    let date = today["date"].as_str().unwrap().to_string();
    let (status, started) = server
        .post(
            &format!("/api/kakuro/daily/{date}/easy/start"),
            &json!({"player": "player-clue-reader"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{started}");
    let puzzle = started["puzzle"].as_str().unwrap().to_string();
    let board: gridforge_kakuro::Board = puzzle.parse().unwrap();
    let solved = gridforge_kakuro::solve(&board, 2, 5_000_000).expect("solved");
    (date, puzzle, solved.solutions[0].to_string())
}

/// A daily Kakuro start (signed in with `browser`, or anonymously): its
/// token.
async fn daily_start(
    server: &TestServer,
    browser: Option<&mut Browser<'_>>,
    base: &str,
    player: &str,
) -> Value {
    let path = format!("{base}/start");
    let body = json!({ "player": player });
    let (status, answer) = match browser {
        Some(b) => b.post(&path, &body).await,
        None => server.post(&path, &body).await,
    };
    assert_eq!(status, StatusCode::OK, "{answer}");
    answer["token"].clone()
}

/// A daily Kakuro solve with a person's path ending `end_ms` after start.
async fn daily_solve(
    server: &TestServer,
    browser: Option<&mut Browser<'_>>,
    base: &str,
    token: &Value,
    player: &str,
    grid: &str,
    end_ms: u64,
) -> Value {
    let path = format!("{base}/solve");
    let body = json!({
        "token": token, "player": player, "grid": grid, "name": player,
        "path": paths::person_path(grid, end_ms, end_ms),
    });
    let (status, answer) = match browser {
        Some(b) => b.post(&path, &body).await,
        None => server.post(&path, &body).await,
    };
    assert_eq!(status, StatusCode::OK, "{player}: {answer}");
    answer
}

on_both_backends!(anonymous_daily_solves_are_never_listed);
/// Anonymous players' daily solves are recorded and answered with the rank
/// they would have; only accounts' lines are on the table, a new account's
/// with the provisional mark.
async fn anonymous_daily_solves_are_never_listed(url: &str) {
    let server = server(url).await;
    let (date, puzzle, grid) = easy_daily(&server).await;
    let base = format!("/api/kakuro/daily/{date}/easy");
    let floor = paths::floor_ms(&puzzle);
    let mut ada = account(&server, "Ada").await;
    // Fastest: an anonymous player; then Ada (an account); then another
    // anonymous player.
    // (Started in the opposite order: the last to start has the best time.)
    let slow = daily_start(&server, None, &base, "player-slow").await;
    server.clock.shift(1_000);
    let ada_token = daily_start(&server, Some(&mut ada), &base, "player-ada").await;
    server.clock.shift(1_000);
    let quick = daily_start(&server, None, &base, "player-quick").await;
    server.clock.shift(floor as i64 + 2_000);
    let quick_answer = daily_solve(
        &server,
        None,
        &base,
        &quick,
        "player-quick",
        &grid,
        floor + 1_000,
    )
    .await;
    assert_eq!(quick_answer["anonymous"], true, "{quick_answer}");
    assert_eq!(quick_answer["rank"], 1, "would be #1: {quick_answer}");
    assert_eq!(quick_answer["under_review"], false, "{quick_answer}");
    let (_, table) = server
        .get(&format!("{base}/table?player=player-quick"))
        .await;
    assert_eq!(table["solvers"], 0, "{table}");
    assert_eq!(table["best"], json!([]), "{table}");
    assert_eq!(table["you"]["rank"], 1, "{table}");
    assert_eq!(table["you"]["anonymous"], true, "{table}");

    let ada_answer = daily_solve(
        &server,
        Some(&mut ada),
        &base,
        &ada_token,
        "player-ada",
        &grid,
        floor + 2_000,
    )
    .await;
    assert_eq!(ada_answer["anonymous"], false, "{ada_answer}");
    assert_eq!(ada_answer["rank"], 1, "{ada_answer}");
    let slow_answer = daily_solve(
        &server,
        None,
        &base,
        &slow,
        "player-slow",
        &grid,
        floor + 3_000,
    )
    .await;
    assert_eq!(slow_answer["anonymous"], true);
    assert_eq!(
        slow_answer["rank"], 2,
        "would be #2 behind Ada: {slow_answer}"
    );

    let (_, table) = server.get(&format!("{base}/table?player=player-ada")).await;
    assert_eq!(table["solvers"], 1, "{table}");
    let best = table["best"].as_array().unwrap();
    assert_eq!(best.len(), 1, "{table}");
    assert_eq!(best[0]["name"], "player-ada");
    assert_eq!(best[0]["rank"], 1);
    assert_eq!(best[0]["provisional"], true, "a new account: {table}");
    assert_eq!(table["you"]["anonymous"], false);
    // The anonymous player still sees the rank they would have.
    let (_, table) = server
        .get(&format!("{base}/table?player=player-quick"))
        .await;
    assert_eq!(table["you"]["rank"], 1, "{table}");
    // A week on, Ada is provisional no more.
    server.clock.shift(PROVISIONAL_MS);
    let (_, table) = server.get(&format!("{base}/table")).await;
    assert_eq!(table["best"][0]["provisional"], false, "{table}");
    server.stop().await;
}

on_both_backends!(deleting_an_account_takes_its_entries_off_every_table);
/// Deleting an account voids its solves (the daily line and the claim
/// leave the tables, the level is free), forgets its name and says so in
/// the review audit.
async fn deleting_an_account_takes_its_entries_off_every_table(url: &str) {
    let server = server(url).await;
    let mut leaving = account(&server, "Leaving").await;
    let mut staying = account(&server, "Staying").await;
    server.clock.shift(PROVISIONAL_MS + 1_000);
    let (date, puzzle, grid) = easy_daily(&server).await;
    let base = format!("/api/kakuro/daily/{date}/easy");
    let floor = paths::floor_ms(&puzzle);
    let n = 3;
    let level_token = start(&server, Some(&mut leaving), n).await["token"].clone();
    let leaving_daily = daily_start(&server, Some(&mut leaving), &base, "player-leaving").await;
    let staying_daily = daily_start(&server, Some(&mut staying), &base, "player-staying").await;
    let wait = floor.max(floor_of(n)) + 2_000;
    server.clock.shift(wait as i64);
    let answer = solve(&server, Some(&mut leaving), n, &level_token, wait - 1_000).await;
    assert_eq!(
        (answer["first"].clone(), answer["under_review"].clone()),
        (json!(true), json!(false)),
        "{answer}"
    );
    daily_solve(
        &server,
        Some(&mut leaving),
        &base,
        &leaving_daily,
        "player-leaving",
        &grid,
        wait - 1_000,
    )
    .await;
    daily_solve(
        &server,
        Some(&mut staying),
        &base,
        &staying_daily,
        "player-staying",
        &grid,
        wait - 900,
    )
    .await;
    assert_eq!(first_of(&server, n).await["name"], "Leaving");
    let (_, table) = server.get(&format!("{base}/table")).await;
    assert_eq!(table["solvers"], 2, "{table}");

    let (status, _, _) = leaving
        .send(Method::DELETE, "/api/account", None, &[])
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT);

    assert_eq!(first_of(&server, n).await, Value::Null, "the claim is gone");
    let (_, table) = server
        .get(&format!("{base}/table?player=player-leaving"))
        .await;
    assert_eq!(table["solvers"], 1, "{table}");
    let names: Vec<&str> = table["best"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["name"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(names, ["player-staying"], "{table}");
    assert_eq!(table["best"][0]["rank"], 1, "the ranks moved up: {table}");
    assert_eq!(table["you"]["under_review"], true, "voided: {table}");
    // The level is free: the next account's solve claims it (on a fresh
    // server: a running one knows the level settled for up to a minute).
    let cookie = staying.cookie.clone();
    server.stop().await;
    let server = crate::server(url).await;
    server.clock.shift(PROVISIONAL_MS + 1_000);
    let mut staying = Browser::new(&server);
    staying.cookie = cookie;
    let token = start(&server, Some(&mut staying), n).await["token"].clone();
    server.clock.shift(floor_of(n) as i64 + 1_000);
    let answer = solve(&server, Some(&mut staying), n, &token, floor_of(n) + 500).await;
    assert_eq!(answer["first"], true, "{answer}");
    assert_eq!(first_of(&server, n).await["name"], "Staying");
    // The name is free again, and the audit says what happened.
    let mut again = Browser::new(&server);
    let (_, status, body) = again.register("Leaving").await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let store = gridforge_server::storage::open(url, 1)
        .await
        .expect("store");
    let audit = store.review_audit().await.expect("audit");
    assert!(
        audit
            .iter()
            .any(|a| a.action == "delete" && a.entry.starts_with("account-")),
        "{audit:?}"
    );
    assert!(store.review_queue().await.expect("queue").is_empty());
    store.close().await;
    server.stop().await;
}

on_both_backends!(a_claim_without_a_path_is_held_and_reserves_its_level);
/// Issue 38: the web client sends a solving path with every level solve,
/// so an account's unhinted solve without one (a script leaving the path
/// out to dodge its flags) is held for review however human its pace; the
/// held claim keeps its level (the records say a claim waits for review)
/// until an operator voids it. An anonymous solve without a path is on no
/// table: recorded, counted, not held.
async fn a_claim_without_a_path_is_held_and_reserves_its_level(url: &str) {
    let server = server(url).await;
    let mut pathless = account(&server, "Pathless").await;
    let mut other = account(&server, "Other").await;
    server.clock.shift(PROVISIONAL_MS + 1_000);
    let post_without_path =
        |n: usize, token: &Value| json!({"token": token, "placements": solution_of(n)});
    let records = |n: usize| {
        let server = &server;
        async move {
            let (status, records) = server
                .get(&format!("/api/triplex/levels/{n}/records"))
                .await;
            assert_eq!(status, StatusCode::OK, "{records}");
            records
        }
    };

    let n = 7;
    let token = start(&server, Some(&mut pathless), n).await["token"].clone();
    server.clock.shift(floor_of(n) as i64 * 3);
    let (status, answer) = pathless
        .post(
            &format!("/api/triplex/levels/{n}/solves"),
            &post_without_path(n, &token),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(
        (answer["first"].clone(), answer["under_review"].clone()),
        (json!(true), json!(true)),
        "{answer}"
    );
    let store = gridforge_server::storage::open(url, 1)
        .await
        .expect("store");
    let queue = store.review_queue().await.expect("queue");
    assert_eq!(queue.len(), 1, "{queue:?}");
    assert!(queue[0].first);
    assert_eq!(
        queue[0].reason.as_deref(),
        Some(gridforge_server::paths::NO_PATH_REASON)
    );
    // The held claim keeps the level: another account's clean solve is not
    // first, and the records say a claim waits for review.
    let token = start(&server, Some(&mut other), n).await["token"].clone();
    server.clock.shift(floor_of(n) as i64 * 3);
    let answer = solve(&server, Some(&mut other), n, &token, floor_of(n) * 3 - 500).await;
    assert_eq!(
        (answer["first"].clone(), answer["under_review"].clone()),
        (json!(false), json!(false)),
        "{answer}"
    );
    let held = records(n).await;
    assert_eq!(
        (
            held["first"].clone(),
            held["claim_held"].clone(),
            held["solves"].clone()
        ),
        (Value::Null, json!(true), json!(1)),
        "{held}"
    );
    // Voided, the level is free: no claim waits.
    assert_eq!(
        store
            .void(&queue[0].id, "no path", "test-operator", 1)
            .await
            .expect("void"),
        Reviewed::Changed
    );
    assert_eq!(records(n).await["claim_held"], false);

    // Anonymous, without a path: recorded and counted, nothing held.
    let n = 8;
    let token = start(&server, None, n).await["token"].clone();
    server.clock.shift(floor_of(n) as i64 * 3);
    let (status, answer) = server
        .post(
            &format!("/api/triplex/levels/{n}/solves"),
            &post_without_path(n, &token),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(
        (
            answer["under_review"].clone(),
            answer["would_be_first"].clone()
        ),
        (json!(false), json!(true)),
        "{answer}"
    );
    let anonymous = records(n).await;
    assert_eq!(
        (anonymous["solves"].clone(), anonymous["claim_held"].clone()),
        (json!(1), json!(false)),
        "{anonymous}"
    );
    assert!(store.review_queue().await.expect("queue").is_empty());
    store.close().await;
    server.stop().await;
}

on_both_backends!(a_signed_in_daily_solve_needs_its_session_when_recorded);
/// A daily solve of a token an account started is recorded only while the
/// session it is sent with is that account's, live and not banned: the
/// store checks it as it records the solve (issue 38's load: no read of its
/// own). Sent without a session, with another account's, after signing
/// out, or banned, it is refused with 403, nothing is recorded and the
/// token is not used.
async fn a_signed_in_daily_solve_needs_its_session_when_recorded(url: &str) {
    let server = server(url).await;
    let store = gridforge_server::storage::open(url, 1)
        .await
        .expect("store");
    let mut ada = account(&server, "Ada").await;
    let mut bob = account(&server, "Bob").await;
    let mut cy = account(&server, "Cy").await;
    let (date, puzzle, grid) = easy_daily(&server).await;
    let base = format!("/api/kakuro/daily/{date}/easy");
    let floor = paths::floor_ms(&puzzle);
    let ada_token = daily_start(&server, Some(&mut ada), &base, "player-ada").await;
    let cy_token = daily_start(&server, Some(&mut cy), &base, "player-cy").await;
    server.clock.shift(floor as i64 + 2_000);
    let body = |token: &Value, player: &str| {
        json!({
            "token": token, "player": player, "grid": grid, "name": player,
            "path": paths::person_path(&grid, floor + 1_000, floor + 1_000),
        })
    };
    let path = format!("{base}/solve");
    let refused = |who: &str, status: StatusCode, answer: &Value, message: &str| {
        assert_eq!(status, StatusCode::FORBIDDEN, "{who}: {answer}");
        assert!(
            answer["error"].as_str().unwrap_or("").contains(message),
            "{who}: {answer}"
        );
    };
    // Without a session at all: refused before anything is read.
    let (status, answer) = Browser::new(&server)
        .post(&path, &body(&ada_token, "player-ada"))
        .await;
    refused("no session", status, &answer, "signed in to that account");
    // With Bob's session: refused as the solve is recorded.
    let (status, answer) = bob.post(&path, &body(&ada_token, "player-ada")).await;
    refused(
        "Bob's session",
        status,
        &answer,
        "signed in to that account",
    );
    let (_, table) = server.get(&format!("{base}/table")).await;
    assert_eq!(table["solvers"], 0, "nothing recorded: {table}");
    // The token is not used: Ada's own solve counts.
    let (status, answer) = ada.post(&path, &body(&ada_token, "player-ada")).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["rank"], 1, "{answer}");
    assert_eq!(answer["anonymous"], false, "{answer}");

    // Signed out since the start.
    let cookie = cy.cookie.clone().expect("Cy's cookie");
    let (status, answer) = cy.post("/api/account/signout", &json!({})).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    cy.cookie = Some(cookie.clone());
    let (status, answer) = cy.post(&path, &body(&cy_token, "player-cy")).await;
    refused("signed out", status, &answer, "signed in to that account");
    // Banned since the start (a live session of a banned account).
    let mut cy = Browser::new(&server);
    let (_, status, answer) = cy.register("Cy 2").await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    let cy2_token = daily_start(&server, Some(&mut cy), &base, "player-cy2").await;
    server.clock.shift(floor as i64 + 2_000);
    let hash = gridforge_server::session_cookie::hash_of(cy.cookie.as_deref().unwrap());
    let now = server.clock.now_ms() as i64;
    let cy2 = store
        .session_account(&hash, now)
        .await
        .expect("read")
        .expect("a live session");
    store
        .ban(cy2.id, "test", "tester", now)
        .await
        .expect("banned");
    let (status, answer) = cy.post(&path, &body(&cy2_token, "player-cy2")).await;
    // (A ban ends the account's sessions.)
    refused("banned", status, &answer, "signed in to that account");
    let (_, table) = server.get(&format!("{base}/table")).await;
    assert_eq!(table["solvers"], 1, "only Ada's: {table}");
    assert_eq!(table["best"][0]["name"], "player-ada", "{table}");
    store.close().await;
    server.stop().await;
}
