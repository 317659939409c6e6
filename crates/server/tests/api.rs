//! The API test suite, run against both backends: SQLite (a real file in a
//! temporary folder) and a real PostgreSQL server.
//!
//! PostgreSQL: `GRIDFORGE_TEST_POSTGRES_URL` names a server and a role that
//! may create databases (scripts/test starts one); each test makes its own
//! database. Without it the PostgreSQL tests fail, unless
//! `GRIDFORGE_TEST_SKIP_POSTGRES=1` says to skip them.

use gridforge_server::router::ROUTES;
use gridforge_triplex::{LevelRecord, Pack};
use reqwest::StatusCode;
use serde_json::{json, Value};
use std::sync::OnceLock;
use std::time::Duration;

// ---------------------------------------------------------------- harness

#[macro_use]
mod common {
    #[macro_use]
    pub mod harness;
    pub mod passkey;
    pub mod postgres;
    pub mod triplex_paths;
}
use common::harness::{read, test_db, Backend, TestServer};
use common::passkey::Browser;

/// Triplex's own requests.
impl TestServer {
    /// A start token for level `n`.
    async fn start_level(&self, n: usize) -> String {
        let (status, body) = self
            .post(&format!("/api/triplex/levels/{n}/start"), &json!(null))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        body["token"].as_str().unwrap().to_string()
    }

    async fn solve(&self, n: usize, token: &str, placements: Value) -> (StatusCode, Value) {
        self.post(
            &format!("/api/triplex/levels/{n}/solves"),
            &json!({"token": token, "placements": placements}),
        )
        .await
    }
}

/// The pack the server plays, with solutions (built independently of the
/// server's own copy).
fn pack() -> &'static Pack {
    static PACK: OnceLock<Pack> = OnceLock::new();
    PACK.get_or_init(|| Pack::game().expect("the game pack loads"))
}

fn record(n: usize) -> &'static LevelRecord {
    &pack().levels[n - 1]
}

fn placements_json(cells: &[Vec<[usize; 2]>]) -> Value {
    Value::Array(
        cells
            .iter()
            .enumerate()
            .map(|(k, cells)| json!({"piece": k, "cells": cells}))
            .collect(),
    )
}

/// The correct placements of level `n`.
fn solution_of(n: usize) -> Value {
    placements_json(&record(n).solution_cells())
}

/// `body`, a solve's JSON (`token`, `placements` in piece order on a
/// rectangle `width` wide), with a person's solving path ending now on the
/// server's clock, as the web client sends it: an account's solve without
/// one is held for review (issue 38).
fn with_path(server: &TestServer, width: usize, mut body: Value) -> Value {
    let token = body["token"].as_str().expect("a token");
    let end_ms = server.clock.now_ms() - common::triplex_paths::issued_at(token);
    let cells: Vec<Vec<[usize; 2]>> = body["placements"]
        .as_array()
        .expect("placements")
        .iter()
        .map(|p| serde_json::from_value(p["cells"].clone()).expect("cells"))
        .collect();
    body["path"] = json!(common::triplex_paths::person_path_of_cells(
        &cells, width, end_ms
    ));
    body
}

/// An account past its provisional period, signed in: only an account
/// claims a level's first solve, and a provisional one's claims wait for
/// review (issue 38). Moves the server's clock a week on.
async fn aged_account<'s>(server: &'s TestServer, name: &str) -> Browser<'s> {
    let mut browser = Browser::new(server);
    let (_, status, body) = browser.register(name).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    server
        .clock
        .shift(gridforge_server::passkeys::PROVISIONAL_MS + 1_000);
    browser
}

/// Level `n`'s human floor (a first-solver claim sooner after the
/// account's first start is held for review).
fn human_floor(n: usize) -> u64 {
    let level = record(n).level().expect("the level parses");
    gridforge_triplex::path::human_floor_ms(&level, record(n).difficulty)
}

/// Moves the server's clock past the human floor of the slowest of
/// `levels`.
fn pass_floor(server: &TestServer, levels: &[usize]) {
    let floor = levels.iter().map(|&n| human_floor(n)).max().unwrap_or(0);
    server.clock.shift(floor as i64 + 500);
}

/// Waits out the fastest believable time of level `n`.
async fn wait_floor(n: usize) {
    wait_floor_all(&[n]).await;
}

/// Waits out the fastest believable time of the slowest of `levels`.
async fn wait_floor_all(levels: &[usize]) {
    let pieces = levels
        .iter()
        .map(|&n| record(n).pieces.len())
        .max()
        .unwrap_or(0) as u64;
    tokio::time::sleep(Duration::from_millis(250 * pieces + 50)).await;
}

// ---------------------------------------------------------------- Triplex

on_both_backends!(full_solve_flow);
async fn full_solve_flow(url: &str) {
    let server = TestServer::start(url).await;

    let (status, list) = server.get("/api/triplex/levels").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(list["count"], pack().levels.len());
    let levels = list["levels"].as_array().unwrap();
    assert_eq!(levels.len(), pack().levels.len());
    for (shown, full) in levels.iter().zip(&pack().levels) {
        assert!(shown.get("solution").is_none(), "solution leaked: {shown}");
        assert_eq!(shown["description"], full.description.as_str());
        assert_eq!(shown["number"], full.number.unwrap());
    }
    let text = serde_json::to_string(&list).unwrap();
    assert!(!text.contains("solution"));

    let n = 1;
    let mut ada = aged_account(&server, "Ada").await;
    let (status, one) = server.get("/api/triplex/levels/1").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(one, levels[0]);

    let (status, records) = server.get("/api/triplex/levels/1/records").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(records["first"], Value::Null);
    assert_eq!(records["solves"], 0);
    assert_eq!(records["median_ms"], Value::Null);

    // Too fast: refused, and the token stays usable.
    let token = server.start_level(n).await;
    let (status, body) = server.solve(n, &token, solution_of(n)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(body["error"].as_str().unwrap().contains("faster"));

    // Ada's account claims the level (a person's pace).
    pass_floor(&server, &[n]);
    let (status, solved) = ada
        .post(
            "/api/triplex/levels/1/solves",
            &with_path(
                &server,
                record(n).width,
                json!({"token": token, "placements": solution_of(n), "name": "Ada"}),
            ),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{solved}");
    assert_eq!(solved["first"], true);
    assert_eq!(solved["named"], true);
    assert_eq!(solved["under_review"], false, "{solved}");
    let first_time = solved["time_ms"].as_i64().unwrap();
    assert!(first_time >= 750);

    // A second player, with a new token.
    let token2 = server.start_level(n).await;
    wait_floor(n).await;
    let (status, second) = server
        .post(
            "/api/triplex/levels/1/solves",
            &json!({"token": token2, "placements": solution_of(n), "name": "Bob"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{second}");
    assert_eq!(second["first"], false);
    assert_eq!(second["named"], false);
    let second_time = second["time_ms"].as_i64().unwrap();

    let (status, records) = server.get("/api/triplex/levels/1/records").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(records["first"]["name"], "Ada");
    assert_eq!(records["first"]["provisional"], false);
    assert!(records["first"]["solved_at"].as_i64().unwrap() <= records["now"].as_i64().unwrap());
    assert_eq!(records["solves"], 2);
    let (lo, hi) = (first_time.min(second_time), first_time.max(second_time));
    // Bob played anonymously: in the count and the median, never the record.
    assert!(second_time < first_time);
    assert_eq!(records["best_ms"], first_time);
    assert_eq!(records["median_ms"], lo + (hi - lo) / 2);

    // Other levels are untouched.
    let (_, other) = server.get("/api/triplex/levels/2/records").await;
    assert_eq!(other["solves"], 0);
    server.stop().await;
}

on_both_backends!(blockpuzzle_family_has_its_own_levels_tokens_and_records);
async fn blockpuzzle_family_has_its_own_levels_tokens_and_records(url: &str) {
    let server = TestServer::start(url).await;
    let listed = gridforge_triplex::pack::blockpuzzle_levels().unwrap();
    let (status, list) = server.get("/api/blockpuzzle/levels").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(list["count"], 500);
    let levels = list["levels"].as_array().unwrap();
    for (shown, game) in levels.iter().zip(&listed) {
        assert_eq!(shown["description"], game.level.to_string());
        assert_eq!(shown["rotatable"], Value::Null);
    }
    assert!(!serde_json::to_string(&list).unwrap().contains("solution"));
    let (status, one) = server.get("/api/blockpuzzle/levels/1").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(one, levels[0]);
    let (status, _) = server.get("/api/blockpuzzle/levels/501").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = server.get("/api/blockpuzzle/levels/x/records").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);

    // Level 1 solved by the solver from the description the server shows.
    let level: gridforge_triplex::Level = one["description"].as_str().unwrap().parse().unwrap();
    let report =
        gridforge_triplex::solve(&level, 2, gridforge_triplex::DEFAULT_NODE_BUDGET).unwrap();
    assert_eq!(report.solutions.len(), 1);
    let grid = level.solution_grid(&report.solutions[0]);
    let cells: Vec<Vec<[usize; 2]>> = (0..level.pieces().len())
        .map(|k| {
            let letter = gridforge_triplex::piece_letter(k);
            grid.iter()
                .enumerate()
                .flat_map(|(r, row)| {
                    row.chars()
                        .enumerate()
                        .filter(move |&(_, ch)| ch == letter)
                        .map(move |(c, _)| [r, c])
                })
                .collect()
        })
        .collect();
    let placements = placements_json(&cells);
    let floor = one["min_time_ms"].as_u64().unwrap();
    assert_eq!(floor, 250 * level.pieces().len() as u64);
    let mut ada = aged_account(&server, "Ada").await;

    // A Triplex token does not open a BlockPuzzle level, nor the reverse.
    let triplex_token = server.start_level(1).await;
    let (status, started) = server
        .post("/api/blockpuzzle/levels/1/start", &json!(null))
        .await;
    assert_eq!(status, StatusCode::OK, "{started}");
    assert_eq!(started["level"], 1);
    let token = started["token"].as_str().unwrap().to_string();
    tokio::time::sleep(Duration::from_millis(floor + 50)).await;
    let (status, body) = server
        .post(
            "/api/blockpuzzle/levels/1/solves",
            &json!({"token": triplex_token, "placements": placements}),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let (status, body) = server.solve(1, &token, solution_of(1)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    // A wrong placement is refused.
    let mut wrong = cells.clone();
    wrong.swap(0, 1);
    let (status, body) = server
        .post(
            "/api/blockpuzzle/levels/1/solves",
            &json!({"token": token, "placements": placements_json(&wrong)}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");

    let human =
        gridforge_triplex::path::human_floor_ms(&level, one["difficulty"].as_u64().unwrap());
    server.clock.shift(human as i64 + 500);
    let (status, solved) = ada
        .post(
            "/api/blockpuzzle/levels/1/solves",
            &with_path(
                &server,
                level.width(),
                json!({"token": token, "placements": placements, "name": "Ada"}),
            ),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{solved}");
    assert_eq!(solved["first"], true);
    assert_eq!(solved["named"], true);
    assert_eq!(solved["under_review"], false, "{solved}");

    let (status, records) = server.get("/api/blockpuzzle/levels/1/records").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(records["first"]["name"], "Ada");
    assert_eq!(records["solves"], 1);
    assert_eq!(records["best_ms"], solved["time_ms"]);
    let (status, medians) = server.get("/api/blockpuzzle/medians").await;
    assert_eq!(status, StatusCode::OK, "{medians}");
    assert_eq!(
        medians["levels"],
        json!([[1, solved["time_ms"], 1]]),
        "{records}"
    );

    // Triplex's records are untouched.
    let (_, triplex) = server.get("/api/triplex/levels/1/records").await;
    assert_eq!(triplex["solves"], 0);
    let (_, medians) = server.get("/api/triplex/medians").await;
    assert_eq!(medians["levels"], json!([]));
    server.stop().await;
}

on_both_backends!(hinted_solves_count_but_are_never_first_nor_best);
async fn hinted_solves_count_but_are_never_first_nor_best(url: &str) {
    let server = TestServer::start(url).await;
    // A level past the old pack's 724, and one of the first ones.
    let n = 5000;
    assert!(record(n).width * record(n).height > 36);
    let (status, medians) = server.get("/api/triplex/medians").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(medians["levels"], json!([]));

    // A hinted solve first: recorded, counted, but not the first solve.
    let hinted = server.start_level(n).await;
    wait_floor(n).await;
    let (status, solved) = server
        .post(
            &format!("/api/triplex/levels/{n}/solves"),
            &json!({"token": hinted, "placements": solution_of(n), "name": "Hinter", "hinted": true}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{solved}");
    assert_eq!(solved["first"], false);
    assert_eq!(solved["named"], false);
    assert_eq!(solved["hinted"], true);
    let (_, records) = server
        .get(&format!("/api/triplex/levels/{n}/records"))
        .await;
    assert_eq!(records["solves"], 1);
    assert_eq!(records["hinted"], 1);
    assert_eq!(records["first"], Value::Null);
    assert_eq!(records["best_ms"], Value::Null);
    assert_eq!(records["median_ms"], Value::Null);
    // The hinted token cannot name anyone either.
    let (status, _) = server
        .post(
            &format!("/api/triplex/levels/{n}/name"),
            &json!({"token": hinted, "name": "Hinter"}),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (_, medians) = server.get("/api/triplex/medians").await;
    assert_eq!(medians["levels"], json!([]), "a hinted solve has no median");

    // Then one without hints, an account's: the first solver and the best
    // time.
    let mut claimer = aged_account(&server, "Claimer").await;
    let plain = server.start_level(n).await;
    pass_floor(&server, &[n]);
    let (status, solved) = claimer
        .post(
            &format!("/api/triplex/levels/{n}/solves"),
            &with_path(
                &server,
                record(n).width,
                json!({"token": plain, "placements": solution_of(n)}),
            ),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{solved}");
    assert_eq!(solved["first"], true);
    assert_eq!(solved["hinted"], false);
    let time = solved["time_ms"].as_i64().unwrap();
    let (_, records) = server
        .get(&format!("/api/triplex/levels/{n}/records"))
        .await;
    assert_eq!(records["solves"], 2);
    assert_eq!(records["hinted"], 1);
    assert_eq!(records["best_ms"], time);
    assert_eq!(records["median_ms"], time);
    assert!(records["first"].is_object());
    let (_, medians) = server.get("/api/triplex/medians").await;
    assert_eq!(medians["levels"], json!([[n, time, 1]]));
    // hinted must be a boolean.
    let token = server.start_level(n).await;
    let (status, body) = server
        .post(
            &format!("/api/triplex/levels/{n}/solves"),
            &json!({"token": token, "placements": solution_of(n), "hinted": "yes"}),
        )
        .await;
    assert!(status.is_client_error(), "{status} {body}");
    assert!(body["error"].is_string());
    server.stop().await;
}

/// Cells sorted, to compare pieces' places.
fn sorted_cells(cells: &[[usize; 2]]) -> Vec<[usize; 2]> {
    let mut cells = cells.to_vec();
    cells.sort_unstable();
    cells
}

/// Cells as the API sends them.
fn cells_from_json(cells: &Value) -> Vec<[usize; 2]> {
    cells
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            [
                c[0].as_u64().unwrap() as usize,
                c[1].as_u64().unwrap() as usize,
            ]
        })
        .collect()
}

/// Whether `cells` is where some piece of `piece`'s kind (the same shape,
/// neither rotatable) lies in level `n`'s listed solution.
fn in_a_slot_of_its_kind(n: usize, piece: usize, cells: &[[usize; 2]]) -> bool {
    let record = record(n);
    let solution = record.solution_cells();
    (0..record.pieces.len())
        .filter(|&k| {
            k == piece
                || (record.rotatable != Some(k)
                    && record.rotatable != Some(piece)
                    && record.pieces[k] == record.pieces[piece])
        })
        .any(|k| sorted_cells(&solution[k]) == sorted_cells(cells))
}

on_both_backends!(server_hints_are_noted_against_the_token);
async fn server_hints_are_noted_against_the_token(url: &str) {
    let server = TestServer::start(url).await;
    let n = 3000;
    let hint_path = format!("/api/triplex/levels/{n}/hint");
    let token = server.start_level(n).await;

    // Hints alone solve the level: each next piece lies where a piece of its
    // kind lies in the listed solution, and the last hint has none.
    let mut placed: Vec<Value> = Vec::new();
    let pieces = record(n).pieces.len();
    for _ in 0..=pieces {
        let (status, hint) = server
            .post(&hint_path, &json!({"token": token, "placements": placed}))
            .await;
        assert_eq!(status, StatusCode::OK, "{hint}");
        assert_eq!(hint["level"], n);
        assert_eq!(hint["wrong"], json!([]));
        if hint["next"].is_null() {
            break;
        }
        let piece = hint["next"]["piece"].as_u64().unwrap() as usize;
        let cells = cells_from_json(&hint["next"]["cells"]);
        assert!(in_a_slot_of_its_kind(n, piece, &cells), "{hint}");
        assert!(
            placed.iter().all(|p| p["piece"] != piece),
            "piece {piece} twice"
        );
        placed.push(json!({"piece": piece, "cells": cells}));
    }
    assert_eq!(
        placed.len(),
        pieces,
        "the hints stopped before the level was full"
    );

    // A piece where its kind does not lie is wrong; the next piece is still
    // the first one of the solution.
    let (_, first) = server
        .post(&hint_path, &json!({"token": token, "placements": []}))
        .await;
    let first_piece = first["next"]["piece"].as_u64().unwrap() as usize;
    let first_cells = cells_from_json(&first["next"]["cells"]);
    let record = record(n);
    let other = (0..pieces)
        .find(|&k| record.pieces[k] != record.pieces[first_piece])
        .unwrap();
    let moved = moved_onto(
        &record.pieces[other],
        &first_cells,
        record.width,
        record.height,
    );
    let (status, hint) = server
        .post(
            &hint_path,
            &json!({"token": token, "placements": [{"piece": other, "cells": moved}]}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{hint}");
    assert!(!in_a_slot_of_its_kind(n, other, &moved));
    assert_eq!(hint["wrong"], json!([other]));
    assert_eq!(cells_from_json(&hint["next"]["cells"]), first_cells);
    // Pieces that break the rules (two on one cell) are refused.
    let (status, body) = server
        .post(
            &hint_path,
            &json!({"token": token, "placements": [
                {"piece": other, "cells": moved},
                {"piece": first_piece, "cells": first_cells},
            ]}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");

    // The solve with the hinted token is recorded as hinted, although the
    // client does not say so: counted, never first nor best.
    wait_floor(n).await;
    let (status, solved) = server.solve(n, &token, Value::Array(placed)).await;
    assert_eq!(status, StatusCode::OK, "{solved}");
    assert_eq!(solved["hinted"], true);
    assert_eq!(solved["first"], false);
    let (_, records) = server
        .get(&format!("/api/triplex/levels/{n}/records"))
        .await;
    assert_eq!(records["solves"], 1);
    assert_eq!(records["hinted"], 1);
    assert_eq!(records["first"], Value::Null);

    // A used token gets no hint.
    let (status, body) = server
        .post(&hint_path, &json!({"token": token, "placements": []}))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");

    // Another level's token, another family's, a forged one: refused.
    let other_level = server.start_level(n + 1).await;
    let (status, body) = server
        .post(&hint_path, &json!({"token": other_level, "placements": []}))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let (_, started) = server
        .post("/api/blockpuzzle/levels/2/start", &json!(null))
        .await;
    let blockpuzzle = started["token"].as_str().unwrap();
    let (status, body) = server
        .post(&hint_path, &json!({"token": blockpuzzle, "placements": []}))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let mut forged = other_level.clone().into_bytes();
    let last = forged.len() - 1;
    forged[last] = if forged[last] == b'0' { b'1' } else { b'0' };
    let forged = String::from_utf8(forged).unwrap();
    let (status, body) = server
        .post(&hint_path, &json!({"token": forged, "placements": []}))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let (status, _) = server
        .post(
            "/api/triplex/levels/999999/hint",
            &json!({"token": other_level, "placements": []}),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // BlockPuzzle has the route too, with its own tokens; a token without
    // a hint still solves unhinted.
    let (status, hint) = server
        .post(
            "/api/blockpuzzle/levels/2/hint",
            &json!({"token": blockpuzzle, "placements": []}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{hint}");
    assert!(hint["next"]["cells"].is_array());
    // An account claims level n + 1 (its token was issued a week before the
    // account is old enough: well past the floor).
    let mut claimer = aged_account(&server, "Claimer").await;
    let (status, solved) = claimer
        .post(
            &format!("/api/triplex/levels/{}/solves", n + 1),
            &with_path(
                &server,
                pack().levels[n].width,
                json!({"token": other_level, "placements": solution_of(n + 1)}),
            ),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{solved}");
    assert_eq!(solved["hinted"], false);
    assert_eq!(solved["first"], true);
    assert_eq!(solved["under_review"], false, "{solved}");

    // On a level with a first solver (a solve is then one INSERT, which
    // reads the hint in the same statement), a hinted token still solves
    // hinted, and one without a hint unhinted.
    let hinted = server.start_level(n + 1).await;
    let plain = server.start_level(n + 1).await;
    let (status, hint) = server
        .post(
            &format!("/api/triplex/levels/{}/hint", n + 1),
            &json!({"token": hinted, "placements": []}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{hint}");
    wait_floor(n + 1).await;
    for (token, expected) in [(&hinted, true), (&plain, false)] {
        let (status, solved) = server.solve(n + 1, token, solution_of(n + 1)).await;
        assert_eq!(status, StatusCode::OK, "{solved}");
        assert_eq!(solved["hinted"], expected, "{solved}");
        assert_eq!(solved["first"], false);
    }
    let (_, records) = server
        .get(&format!("/api/triplex/levels/{}/records", n + 1))
        .await;
    assert_eq!(records["solves"], 3);
    assert_eq!(records["hinted"], 1);
    server.stop().await;
}

on_both_backends!(forged_placements_are_rejected);
async fn forged_placements_are_rejected(url: &str) {
    let server = TestServer::start(url).await;
    // A level with a few pieces of different shapes and no rotatable piece
    // keeps every forgery below meaningful.
    let n = pack()
        .levels
        .iter()
        .position(|l| {
            l.pieces.len() >= 4
                && l.rotatable.is_none()
                && l.pieces.iter().any(|p| p != &l.pieces[0])
        })
        .expect("such a level exists")
        + 1;
    let good = record(n).solution_cells();
    let token = server.start_level(n).await;
    wait_floor(n).await;

    let mut forgeries: Vec<(&str, Value)> = Vec::new();
    // Wrong piece: two pieces of different shapes swap indices.
    let other = (1..good.len())
        .find(|&k| record(n).pieces[k] != record(n).pieces[0])
        .unwrap();
    let mut swapped = good.clone();
    swapped.swap(0, other);
    forgeries.push(("wrong piece", placements_json(&swapped)));
    // Missing piece.
    let mut missing = placements_json(&good);
    missing.as_array_mut().unwrap().pop();
    forgeries.push(("missing piece", missing));
    // Same piece twice.
    let mut twice = placements_json(&good);
    let copy = twice[0].clone();
    twice.as_array_mut().unwrap().push(copy);
    forgeries.push(("piece twice", twice));
    // Overlap: piece 1 moved onto a cell of piece 0.
    let mut overlap = good.clone();
    overlap[1] = moved_onto(&good[1], &good[0], record(n).width, record(n).height);
    forgeries.push(("overlap", placements_json(&overlap)));
    // Out of bounds: piece 0 moved past the right edge.
    let mut outside = good.clone();
    let width = record(n).width;
    outside[0] = good[0].iter().map(|&[r, c]| [r, c + width]).collect();
    forgeries.push(("out of bounds", placements_json(&outside)));
    // Another level's solution.
    let other_level = if n == 1 { 2 } else { 1 };
    forgeries.push(("another level's solution", solution_of(other_level)));
    // A piece index the level does not have.
    let mut unknown = placements_json(&good);
    unknown[0]["piece"] = json!(99);
    forgeries.push(("unknown piece", unknown));
    // Cells that are not a piece at all.
    let mut scattered = placements_json(&good);
    scattered[0]["cells"] = json!([[0, 0], [2, 2]]);
    forgeries.push(("scattered cells", scattered));
    // No placements.
    forgeries.push(("nothing", json!([])));
    // Negative coordinates.
    let mut negative = placements_json(&good);
    negative[0]["cells"] = json!([[-1, 0], [0, 0]]);
    forgeries.push(("negative cell", negative));

    for (what, placements) in forgeries {
        let (status, body) = server.solve(n, &token, placements).await;
        assert!(
            status.is_client_error(),
            "{what}: expected a 4xx, got {status}: {body}"
        );
    }
    let (_, records) = server
        .get(&format!("/api/triplex/levels/{n}/records"))
        .await;
    assert_eq!(records["solves"], 0, "a forgery was recorded");

    // The token was not spent by the rejected forgeries.
    let (status, body) = server.solve(n, &token, placements_json(&good)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    server.stop().await;
}

/// `piece` moved so that it covers one of `onto`'s cells and stays inside
/// the `width`×`height` rectangle.
fn moved_onto(
    piece: &[[usize; 2]],
    onto: &[[usize; 2]],
    width: usize,
    height: usize,
) -> Vec<[usize; 2]> {
    for &[tr, tc] in onto {
        for &[ar, ac] in piece {
            let moved: Option<Vec<[usize; 2]>> = piece
                .iter()
                .map(|&[r, c]| {
                    let r = (r + tr).checked_sub(ar).filter(|&r| r < height)?;
                    let c = (c + tc).checked_sub(ac).filter(|&c| c < width)?;
                    Some([r, c])
                })
                .collect();
            if let Some(moved) = moved {
                return moved;
            }
        }
    }
    panic!("no overlapping position inside the rectangle")
}

on_both_backends!(token_rules);
async fn token_rules(url: &str) {
    let server = TestServer::start(url).await;
    let (a, b) = (3, 4);
    let mut alice = aged_account(&server, "Alice").await;
    let token_a = server.start_level(a).await;
    let token_b = server.start_level(b).await;
    pass_floor(&server, &[a, b]);

    // A token for another level.
    let (status, body) = server.solve(a, &token_b, solution_of(a)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(body["error"].as_str().unwrap().contains("level"));
    // Garbage and tampered tokens.
    for bad in ["", "hello", &"0".repeat(120)] {
        let (status, body) = server.solve(a, bad, solution_of(a)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{bad:?}: {body}");
    }
    let mut tampered = token_a.clone().into_bytes();
    let last = tampered.len() - 1;
    tampered[last] = if tampered[last] == b'0' { b'1' } else { b'0' };
    let tampered = String::from_utf8(tampered).unwrap();
    let (status, _) = server.solve(a, &tampered, solution_of(a)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);

    // First use works (Alice's account claims the level); the replay is
    // refused and records nothing.
    let (status, body) = alice
        .post(
            &format!("/api/triplex/levels/{a}/solves"),
            &with_path(
                &server,
                record(a).width,
                json!({"token": token_a, "placements": solution_of(a)}),
            ),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["first"], true);
    assert_eq!(body["named"], false);
    let (status, body) = server.solve(a, &token_a, solution_of(a)).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    let (_, records) = server
        .get(&format!("/api/triplex/levels/{a}/records"))
        .await;
    assert_eq!(records["solves"], 1);
    assert_eq!(records["first"]["name"], Value::Null);

    // Naming: only the first solve's token, only once.
    let token_late = server.start_level(a).await;
    wait_floor(a).await;
    let (status, _) = server.solve(a, &token_late, solution_of(a)).await;
    assert_eq!(status, StatusCode::OK);
    let name_path = format!("/api/triplex/levels/{a}/name");
    let (status, body) = server
        .post(&name_path, &json!({"token": token_late, "name": "Mallory"}))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    let (status, body) = server
        .post(&name_path, &json!({"token": token_a, "name": "Alice"}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["name"], "Alice");
    let (status, _) = server
        .post(
            &name_path,
            &json!({"token": token_a, "name": "Alice again"}),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    // The first solve's token names nothing on another level.
    let (status, _) = server
        .post(
            &format!("/api/triplex/levels/{b}/name"),
            &json!({"token": token_a, "name": "Alice"}),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (_, records) = server
        .get(&format!("/api/triplex/levels/{a}/records"))
        .await;
    assert_eq!(records["first"]["name"], "Alice");
    assert_eq!(records["solves"], 2);
    server.stop().await;
}

on_both_backends!(names_are_stored_verbatim);
async fn names_are_stored_verbatim(url: &str) {
    let server = TestServer::start(url).await;
    let names = [
        "<script>alert(\"x\")</script>",
        "'); DROP TABLE triplex_solves;--",
        "' OR 1=1 --",
        "&amp; \\ \"quoted\" 名前 🧩",
        " spaced  ",
    ];
    let levels: Vec<usize> = (5..5 + names.len()).collect();
    let mut claimer = aged_account(&server, "Claimer").await;
    let mut tokens = Vec::new();
    for &n in &levels {
        tokens.push(server.start_level(n).await);
    }
    pass_floor(&server, &levels);
    for (i, ((&n, token), name)) in levels.iter().zip(&tokens).zip(names).enumerate() {
        if i % 2 == 0 {
            // In the solve itself.
            let (status, body) = claimer
                .post(
                    &format!("/api/triplex/levels/{n}/solves"),
                    &with_path(
                        &server,
                        record(n).width,
                        json!({"token": token, "placements": solution_of(n), "name": name}),
                    ),
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
            assert_eq!(body["named"], true);
        } else {
            // Right after, with the solve's token.
            let (status, body) = claimer
                .post(
                    &format!("/api/triplex/levels/{n}/solves"),
                    &with_path(
                        &server,
                        record(n).width,
                        json!({"token": token, "placements": solution_of(n)}),
                    ),
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
            let (status, body) = server
                .post(
                    &format!("/api/triplex/levels/{n}/name"),
                    &json!({"token": token, "name": name}),
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
    }
    for (&n, name) in levels.iter().zip(names) {
        let (_, records) = server
            .get(&format!("/api/triplex/levels/{n}/records"))
            .await;
        // Trimmed (and NFKC-normalised, which leaves these as they are:
        // issue 38); nothing else is changed or escaped.
        assert_eq!(records["first"]["name"], name.trim());
    }
    // The tables are still there.
    let (_, records) = server.get("/api/triplex/levels/1/records").await;
    assert_eq!(records["solves"], 0);

    // Bad names are refused before anything is recorded.
    let n = 20;
    let token = server.start_level(n).await;
    wait_floor(n).await;
    for bad in [
        "",
        &"x".repeat(33),
        "tab\there",
        "new\nline",
        "nul\u{0}",
        "\u{7f}",
    ] {
        let (status, body) = server
            .post(
                &format!("/api/triplex/levels/{n}/solves"),
                &json!({"token": token, "placements": solution_of(n), "name": bad}),
            )
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{bad:?}: {body}");
    }
    let (_, records) = server
        .get(&format!("/api/triplex/levels/{n}/records"))
        .await;
    assert_eq!(records["solves"], 0);
    // 32 characters of any script are fine.
    let long = "é".repeat(32);
    let (status, body) = server
        .post(
            &format!("/api/triplex/levels/{n}/solves"),
            &json!({"token": token, "placements": solution_of(n), "name": long}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    server.stop().await;
}

on_both_backends!(concurrent_first_solves_have_one_winner);
async fn concurrent_first_solves_have_one_winner(url: &str) {
    let server = TestServer::start(url).await;
    let n = 7;
    // One account's session on every request: only accounts claim.
    let claimer = aged_account(&server, "Claimer").await;
    let cookie = format!("gridforge_session={}", claimer.cookie.clone().unwrap());
    let origin = claimer.origin.clone();
    let mut tokens = Vec::new();
    for _ in 0..32 {
        tokens.push(server.start_level(n).await);
    }
    pass_floor(&server, &[n]);
    let server = std::sync::Arc::new(server);
    let mut tasks = Vec::new();
    for (i, token) in tokens.into_iter().enumerate() {
        let server = server.clone();
        let (cookie, origin) = (cookie.clone(), origin.clone());
        tasks.push(tokio::spawn(async move {
            let response = server
                .client
                .post(server.url(&format!("/api/triplex/levels/{n}/solves")))
                .header("cookie", cookie)
                .header("origin", origin)
                .header("x-gridforge-request", "1")
                .json(&with_path(
                    &server,
                    record(n).width,
                    json!({"token": token, "placements": solution_of(n), "name": format!("p{i}")}),
                ))
                .send()
                .await
                .unwrap();
            read(response).await
        }));
    }
    let mut winners = Vec::new();
    for (i, task) in tasks.into_iter().enumerate() {
        let (status, body) = task.await.unwrap();
        assert_eq!(status, StatusCode::OK, "{body}");
        if body["first"] == true {
            winners.push(format!("p{i}"));
        }
    }
    assert_eq!(winners.len(), 1, "first solvers: {winners:?}");
    let (_, records) = server
        .get(&format!("/api/triplex/levels/{n}/records"))
        .await;
    assert_eq!(records["solves"], 32);
    assert_eq!(records["first"]["name"], winners[0].as_str());
    if let Ok(server) = std::sync::Arc::try_unwrap(server) {
        server.stop().await;
    }
}

on_both_backends!(servers_share_the_token_key);
async fn servers_share_the_token_key(url: &str) {
    let one = TestServer::start(url).await;
    let two = TestServer::start(url).await;
    let n = 2;
    let token = one.start_level(n).await;
    wait_floor(n).await;
    let (status, body) = two.solve(n, &token, solution_of(n)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, _) = one.solve(n, &token, solution_of(n)).await;
    assert_eq!(status, StatusCode::CONFLICT);
    one.stop().await;
    two.stop().await;
    // A restarted server still accepts tokens issued before.
    let three = TestServer::start(url).await;
    let (status, _) = three.solve(n, &token, solution_of(n)).await;
    assert_eq!(status, StatusCode::CONFLICT);
    three.stop().await;
}

// ------------------------------------------------------ bad input, limits

on_both_backends!(malformed_requests_get_json_errors);
async fn malformed_requests_get_json_errors(url: &str) {
    let server = TestServer::start(url).await;
    let solves = "/api/triplex/levels/1/solves";
    let json_type = "application/json";
    let cases: Vec<(&str, &str, Vec<u8>, StatusCode)> = vec![
        (
            "syntax",
            json_type,
            b"{\"token\": ".to_vec(),
            StatusCode::BAD_REQUEST,
        ),
        (
            "not JSON",
            json_type,
            b"hello".to_vec(),
            StatusCode::BAD_REQUEST,
        ),
        ("empty body", json_type, Vec::new(), StatusCode::BAD_REQUEST),
        (
            "bad UTF-8",
            json_type,
            b"{\"token\": \"\xff\"}".to_vec(),
            StatusCode::BAD_REQUEST,
        ),
        (
            "wrong type",
            json_type,
            br#"{"token": 5, "placements": []}"#.to_vec(),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            "missing field",
            json_type,
            br#"{"placements": []}"#.to_vec(),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            "unknown field",
            json_type,
            br#"{"token": "", "placements": [], "admin": true}"#.to_vec(),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            "huge number",
            json_type,
            br#"{"token": "", "placements": [{"piece": 1e99, "cells": []}]}"#.to_vec(),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            "no content type",
            "text/plain",
            b"{}".to_vec(),
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
        ),
    ];
    for (what, content_type, body, expected) in cases {
        let (status, answer) = server.post_raw(solves, content_type, body).await;
        assert_eq!(status, expected, "{what}: {answer}");
    }
    for (path, expected) in [
        ("/api/triplex/levels/abc", StatusCode::BAD_REQUEST),
        ("/api/triplex/levels/0", StatusCode::NOT_FOUND),
        ("/api/triplex/levels/99999", StatusCode::NOT_FOUND),
        (
            "/api/triplex/levels/99999999999999999999999/records",
            StatusCode::BAD_REQUEST,
        ),
        ("/api/triplex/levels/-1/records", StatusCode::BAD_REQUEST),
        ("/api/nothing/here", StatusCode::NOT_FOUND),
        ("/no-such-page.html", StatusCode::NOT_FOUND),
        (
            "/api/triplex/levels/1/start",
            StatusCode::METHOD_NOT_ALLOWED,
        ),
    ] {
        let (status, body) = server.get(path).await;
        assert_eq!(status, expected, "{path}: {body}");
    }
    let (status, _) = server
        .post("/api/triplex/levels/1/records", &json!({}))
        .await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
    let (status, _) = server.post("/api/triplex/levels", &json!({})).await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
    server.stop().await;
}

on_both_backends!(garbage_never_gets_a_5xx);
async fn garbage_never_gets_a_5xx(url: &str) {
    let server = TestServer::start(url).await;
    let deep = format!("{}{}", "[".repeat(5000), "]".repeat(5000));
    let long = format!("{{\"token\": \"{}\"}}", "x".repeat(60_000));
    let bodies: Vec<Vec<u8>> = vec![
        Vec::new(),
        b"null".to_vec(),
        b"[]".to_vec(),
        b"{}".to_vec(),
        b"\"text\"".to_vec(),
        br#"{"seed": -1}"#.to_vec(),
        br#"{"seed": 1e400}"#.to_vec(),
        br#"{"size": 16, "difficulty": null}"#.to_vec(),
        br#"{"puzzle": "99999999 99999999"}"#.to_vec(),
        br#"{"board": "100 100"}"#.to_vec(),
        br#"{"layout": "1 1\n0"}"#.to_vec(),
        br#"{"token": "", "placements": [{"piece": 0, "cells": [[4294967295, 4294967295]]}]}"#
            .to_vec(),
        br#"{"token": "", "placements": [{"piece": 18446744073709551615, "cells": []}]}"#.to_vec(),
        br#"{"token": "", "name": "\u0000"}"#.to_vec(),
        deep.into_bytes(),
        long.into_bytes(),
        vec![0xff, 0xfe, 0x00, 0x7b],
    ];
    let mut paths: Vec<String> = ROUTES
        .iter()
        .filter(|(method, _)| *method == "post")
        .map(|(_, path)| path.replace("{number}", "1"))
        .collect();
    paths.push("/api/triplex/levels/724/solves".into());
    paths.push("/api/triplex/levels/725/solves".into());
    paths.push("/api/triplex/levels/%00/solves".into());
    paths.push("/api/triplex/levels/1%2F2/name".into());
    for path in &paths {
        for body in &bodies {
            let (status, answer) = server
                .post_raw(path, "application/json", body.clone())
                .await;
            assert!(
                status.is_success() || status.is_client_error(),
                "{path} {:?}: {status} {answer}",
                String::from_utf8_lossy(&body[..body.len().min(60)])
            );
        }
    }
    server.stop().await;
}

on_both_backends!(oversized_bodies_get_413);
async fn oversized_bodies_get_413(url: &str) {
    let server = TestServer::start(url).await;
    let token = "0".repeat(100 * 1024);
    let body = serde_json::to_vec(&json!({"token": token, "placements": []})).unwrap();
    for path in [
        "/api/triplex/levels/1/solves",
        "/api/triplex/levels/1/name",
        "/api/kakuro/solve",
        "/api/chess/setup",
    ] {
        let (status, answer) = server
            .post_raw(path, "application/json", body.clone())
            .await;
        assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{path}: {answer}");
    }
    // Just under the limit is read (and refused for what it says).
    let token = "0".repeat(60 * 1024);
    let (status, _) = server
        .post(
            "/api/triplex/levels/1/solves",
            &json!({"token": token, "placements": []}),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    server.stop().await;
}

on_both_backends!(writes_are_rate_limited);
async fn writes_are_rate_limited(url: &str) {
    let server = TestServer::start_with(url, |c| {
        c.rate_per_second = 0.5;
        c.rate_burst = 3;
    })
    .await;
    for _ in 0..3 {
        server.start_level(1).await;
    }
    let response = server
        .client
        .post(server.url("/api/triplex/levels/1/start"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    let retry: u64 = response.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=2).contains(&retry), "Retry-After {retry}");
    let (_, body) = read(response).await;
    assert!(body["error"].as_str().unwrap().contains("too many"));
    // Reads are not limited.
    for _ in 0..10 {
        let (status, _) = server.get("/api/triplex/levels/1/records").await;
        assert_eq!(status, StatusCode::OK);
    }
    server.stop().await;
}

// ------------------------------------------------------ infrastructure

on_both_backends!(health_static_files_and_caching);
async fn health_static_files_and_caching(url: &str) {
    let server = TestServer::start(url).await;
    let (status, health) = server.get("/healthz").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(health["status"], "ok");
    assert_eq!(health["levels"], pack().levels.len());

    // The embedded web client's index page, with an ETag that revalidates.
    let page = server.client.get(server.url("/")).send().await.unwrap();
    assert_eq!(page.status(), StatusCode::OK);
    assert!(page.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/html"));
    assert_eq!(page.headers()["cache-control"], "no-cache");
    let etag = page.headers()["etag"].clone();
    let html = page.text().await.unwrap();
    assert!(html.to_lowercase().contains("<html"));
    let again = server
        .client
        .get(server.url("/index.html"))
        .header("if-none-match", etag)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);

    // The level list: cacheable, compressed when asked.
    let list = server
        .client
        .get(server.url("/api/triplex/levels"))
        .header("accept-encoding", "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(list.status(), StatusCode::OK);
    assert_eq!(list.headers()["content-encoding"], "gzip");
    assert!(list.headers()["cache-control"]
        .to_str()
        .unwrap()
        .contains("max-age"));
    let etag = list.headers()["etag"].clone();
    let compressed = list.bytes().await.unwrap();
    let plain = server
        .client
        .get(server.url("/api/triplex/levels"))
        .send()
        .await
        .unwrap()
        .bytes()
        .await
        .unwrap();
    assert!(compressed.len() * 3 < plain.len());
    let again = server
        .client
        .get(server.url("/api/triplex/levels"))
        .header("if-none-match", etag)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);

    // Records carry the server's time: never cached. The medians change
    // with the data: kept but asked again each time (issue 39), and 304
    // while unchanged.
    let records = server
        .client
        .get(server.url("/api/triplex/levels/1/records"))
        .send()
        .await
        .unwrap();
    assert_eq!(records.headers()["cache-control"], "no-store");
    let medians = server
        .client
        .get(server.url("/api/triplex/medians"))
        .send()
        .await
        .unwrap();
    assert_eq!(medians.headers()["cache-control"], "no-cache");
    let etag = medians.headers()["etag"].clone();
    let again = server
        .client
        .get(server.url("/api/triplex/medians"))
        .header("if-none-match", etag)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
    assert!(again.bytes().await.unwrap().is_empty());
    server.stop().await;
}

#[tokio::test]
async fn openapi_describes_exactly_the_routes() {
    let db = test_db(Backend::Sqlite).await.unwrap();
    let server = TestServer::start(&db.url).await;
    let (status, doc) = server.get("/api/openapi.json").await;
    assert_eq!(status, StatusCode::OK);
    let mut documented: Vec<(String, String)> = Vec::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for method in ["get", "post", "put", "delete", "patch"] {
            if item.get(method).is_some() {
                documented.push((method.to_string(), path.clone()));
            }
        }
    }
    let mut routes: Vec<(String, String)> = ROUTES
        .iter()
        .map(|(m, p)| (m.to_string(), p.to_string()))
        .collect();
    documented.sort();
    routes.sort();
    assert_eq!(documented, routes);
    // Every `$ref` points at a schema that exists.
    let text = doc.to_string();
    for piece in text.split("\"$ref\":\"#/components/schemas/").skip(1) {
        let name = &piece[..piece.find('"').unwrap()];
        assert!(
            doc["components"]["schemas"].get(name).is_some(),
            "missing schema {name}"
        );
    }
    // And every documented route is served (not 404 or 405).
    for (method, path) in &routes {
        let path = path.replace("{number}", "1");
        let request = match method.as_str() {
            "get" => server.client.get(server.url(&path)),
            "delete" => server.client.delete(server.url(&path)),
            "put" => server.client.put(server.url(&path)).json(&json!({})),
            _ => server.client.post(server.url(&path)).json(&json!({})),
        };
        let status = request.send().await.unwrap().status();
        assert!(
            status != StatusCode::NOT_FOUND && status != StatusCode::METHOD_NOT_ALLOWED,
            "{method} {path}: {status}"
        );
    }
    server.stop().await;
}

// ------------------------------------------------------ Kakuro and ChessMemory

/// A generation past its time budget answers 422 and frees its compute slot:
/// with one slot and a 1 ms budget, two 30×30 expert requests in a row both
/// get the budget's 422 quickly (the second would wait and get a 503 if the
/// first still held the slot).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kakuro_generation_is_bounded_in_time() {
    let db = test_db(Backend::Sqlite).await.unwrap();
    let server = TestServer::start_with(&db.url, |config| {
        config.compute_slots = 1;
        config.compute_wait = std::time::Duration::from_secs(2);
        config.generate_time = std::time::Duration::from_millis(1);
    })
    .await;
    for seed in [1, 2] {
        let started = std::time::Instant::now();
        let request = json!({"size": 30, "difficulty": "expert", "seed": seed});
        let (status, body) = server.post("/api/kakuro/generate", &request).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        let message = body["error"].as_str().unwrap();
        assert!(
            message.contains("within the time budget of 1 ms"),
            "{message}"
        );
        assert!(
            started.elapsed() < std::time::Duration::from_secs(2),
            "took {:?}",
            started.elapsed()
        );
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kakuro_endpoints() {
    use gridforge_kakuro::{is_solved, Board, Layout, Solution};
    let db = test_db(Backend::Sqlite).await.unwrap();
    let server = TestServer::start(&db.url).await;

    let request = json!({"size": 10, "difficulty": "easy", "seed": 11});
    let (status, made) = server.post("/api/kakuro/generate", &request).await;
    assert_eq!(status, StatusCode::OK, "{made}");
    assert_eq!(made["seed"], 11);
    assert_eq!(made["difficulty"], "easy");
    let text = made["puzzle"].as_str().unwrap();
    let puzzle: Board = text.parse().expect("the puzzle parses");
    assert_eq!((puzzle.rows(), puzzle.cols()), (10, 10));
    // No solution leaks: every digit cell is empty.
    assert!(puzzle
        .cells()
        .iter()
        .all(|c| !matches!(c, gridforge_kakuro::Cell::Digit(Some(_)))));
    let (_, again) = server.post("/api/kakuro/generate", &request).await;
    assert_eq!(again["puzzle"], made["puzzle"], "same seed, same puzzle");

    // Solving it: exactly one solution, which fills the board legally.
    let (status, solved) = server
        .post("/api/kakuro/solve", &json!({"puzzle": text}))
        .await;
    assert_eq!(status, StatusCode::OK, "{solved}");
    assert_eq!(solved["uniqueness"], "unique");
    let solution: Solution = solved["solutions"][0].as_str().unwrap().parse().unwrap();
    assert!(is_solved(&puzzle.filled_with(&solution).unwrap()));

    // Candidates of the empty puzzle: a list per digit cell, null elsewhere,
    // always holding the solution's digit.
    let (status, cands) = server
        .post("/api/kakuro/candidates", &json!({"board": text}))
        .await;
    assert_eq!(status, StatusCode::OK, "{cands}");
    for r in 0..puzzle.rows() {
        for c in 0..puzzle.cols() {
            let cell = &cands["candidates"][r][c];
            match solution.digit(r, c) {
                Some(d) if d > 0 => assert!(
                    cell.as_array().unwrap().contains(&json!(d)),
                    "({r},{c}) lost digit {d}: {cell}"
                ),
                _ => assert!(cell.is_null() || puzzle.cell(r, c).unwrap().is_digit_cell()),
            }
        }
    }

    // Filling the puzzle's own layout gives a puzzle with one solution.
    let layout = Layout::of_board(&puzzle).to_string();
    let (status, filled) = server
        .post("/api/kakuro/fill", &json!({"layout": layout, "seed": 5}))
        .await;
    assert_eq!(status, StatusCode::OK, "{filled}");
    let (_, check) = server
        .post("/api/kakuro/solve", &json!({"puzzle": filled["puzzle"]}))
        .await;
    assert_eq!(check["uniqueness"], "unique");

    // A rectangle: width and height instead of size, up to 30.
    let request = json!({"width": 30, "height": 12, "difficulty": "medium", "seed": 3});
    let (status, made) = server.post("/api/kakuro/generate", &request).await;
    assert_eq!(status, StatusCode::OK, "{made}");
    assert_eq!(
        (made["rows"].as_u64(), made["cols"].as_u64()),
        (Some(12), Some(30))
    );
    let wide: Board = made["puzzle"].as_str().unwrap().parse().unwrap();
    assert_eq!((wide.rows(), wide.cols()), (12, 30));
    assert_eq!(
        gridforge_kakuro::solve(&wide, 2, 10_000_000)
            .unwrap()
            .uniqueness(),
        gridforge_kakuro::Uniqueness::Unique
    );

    // Bad input: 4xx with a message, never 5xx.
    let bad: Vec<(&str, Value, StatusCode)> = vec![
        (
            "/api/kakuro/generate",
            json!({"size": 5, "difficulty": "easy"}),
            StatusCode::BAD_REQUEST,
        ),
        (
            "/api/kakuro/generate",
            json!({"size": 31, "difficulty": "easy"}),
            StatusCode::BAD_REQUEST,
        ),
        (
            "/api/kakuro/generate",
            json!({"width": 20, "difficulty": "easy"}),
            StatusCode::BAD_REQUEST,
        ),
        (
            "/api/kakuro/generate",
            json!({"size": 20, "width": 20, "height": 20, "difficulty": "easy"}),
            StatusCode::BAD_REQUEST,
        ),
        (
            "/api/kakuro/generate",
            json!({"difficulty": "easy"}),
            StatusCode::BAD_REQUEST,
        ),
        (
            "/api/kakuro/generate",
            json!({"size": 10, "difficulty": "insane"}),
            StatusCode::BAD_REQUEST,
        ),
        (
            "/api/kakuro/generate",
            json!({"size": -1, "difficulty": "easy"}),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            "/api/kakuro/solve",
            json!({"puzzle": "not a board"}),
            StatusCode::BAD_REQUEST,
        ),
        (
            "/api/kakuro/solve",
            json!({"puzzle": "2 2\n- 12,\n,4 0"}),
            StatusCode::BAD_REQUEST,
        ),
        (
            "/api/kakuro/candidates",
            json!({"board": ""}),
            StatusCode::BAD_REQUEST,
        ),
        (
            "/api/kakuro/candidates",
            json!({"board": "3 3\n- 4, 6,\n,3 1 1\n,7 0 0"}),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            "/api/kakuro/fill",
            json!({"layout": "3 3\n- - -\n- 0 -\n- - -"}),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            "/api/kakuro/fill",
            json!({"layout": "x"}),
            StatusCode::BAD_REQUEST,
        ),
    ];
    for (path, body, expected) in bad {
        let (status, answer) = server.post(path, &body).await;
        assert_eq!(status, expected, "{path} {body}: {answer}");
    }
    // A board with no solution is an answer, not an error.
    let (status, none) = server
        .post(
            "/api/kakuro/solve",
            &json!({"puzzle": "3 3\n- 4, 6,\n,3 1 0\n,7 1 0"}),
        )
        .await;
    assert!(
        status == StatusCode::OK || status == StatusCode::UNPROCESSABLE_ENTITY,
        "{none}"
    );
    if status == StatusCode::OK {
        assert_eq!(none["uniqueness"], "none");
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kakuro_hint_endpoint() {
    use gridforge_kakuro::{Board, Solution};
    let db = test_db(Backend::Sqlite).await.unwrap();
    let server = TestServer::start(&db.url).await;
    let request = json!({"size": 10, "difficulty": "medium", "seed": 4});
    let (_, made) = server.post("/api/kakuro/generate", &request).await;
    let text = made["puzzle"].as_str().unwrap().to_string();
    let puzzle: Board = text.parse().unwrap();
    let (_, solved) = server
        .post("/api/kakuro/solve", &json!({"puzzle": text}))
        .await;
    let solution: Solution = solved["solutions"][0].as_str().unwrap().parse().unwrap();
    let digit = |cell: &Value| {
        let (r, c) = (cell[0].as_u64().unwrap(), cell[1].as_u64().unwrap());
        solution.digit(r as usize, c as usize).unwrap() as u64
    };

    // From the empty board: steps, the last one placing a right digit, none
    // removing a right digit, each with a technique, a level and a message.
    let (status, answer) = server
        .post("/api/kakuro/hint", &json!({"board": text}))
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["kind"], "steps", "{answer}");
    let steps = answer["steps"].as_array().unwrap();
    assert!(!steps.is_empty());
    for step in steps {
        assert!(
            step["technique"].is_string() && step["level"].is_string(),
            "{step}"
        );
        let key = step["message"]["key"].as_str().unwrap();
        assert!(key.starts_with("kakuro.explain."), "{key}");
        assert!(step["message"]["params"].is_object());
        for run in step["runs"].as_array().unwrap() {
            assert!(["across", "down"].contains(&run["direction"].as_str().unwrap()));
            assert!(run["sum"].as_u64().unwrap() >= 1);
        }
        for removal in step["removes"].as_array().unwrap() {
            let right = digit(&removal["cell"]);
            assert!(
                !removal["digits"]
                    .as_array()
                    .unwrap()
                    .contains(&json!(right)),
                "removes the right digit: {step}"
            );
        }
    }
    let places = steps.last().unwrap()["places"].as_array().unwrap();
    assert!(!places.is_empty(), "the last step places a digit");
    for place in places {
        assert_eq!(place["digit"].as_u64().unwrap(), digit(&place["cell"]));
    }

    // A wrong digit is a mistake, named alone; right ones are not.
    let white: Vec<(usize, usize)> = (0..puzzle.rows())
        .flat_map(|r| (0..puzzle.cols()).map(move |c| (r, c)))
        .filter(|&(r, c)| solution.digit(r, c).is_some())
        .collect();
    let mut board = puzzle.clone();
    let (wr, wc) = white[0];
    let wrong = solution.digit(wr, wc).unwrap() % 9 + 1;
    board.set_digit(wr, wc, Some(wrong)).unwrap();
    let (rr, rc) = white[1];
    board.set_digit(rr, rc, solution.digit(rr, rc)).unwrap();
    let (status, answer) = server
        .post("/api/kakuro/hint", &json!({"board": board.to_string()}))
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer, json!({"kind": "mistakes", "cells": [[wr, wc]]}));

    // Pencil marks: a cell marked with only its right digit is placed first;
    // marks without the right digit are a mistake.
    let (mr, mc) = white[2];
    let right = solution.digit(mr, mc).unwrap();
    let key = format!("{mr},{mc}");
    let (status, answer) = server
        .post(
            "/api/kakuro/hint",
            &json!({"board": text, "candidates": {key.clone(): [right]}}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(
        answer["steps"][0]["places"],
        json!([{"cell": [mr, mc], "digit": right}])
    );
    assert_eq!(
        answer["steps"][0]["message"]["key"],
        "kakuro.explain.last-candidate"
    );
    let (_, answer) = server
        .post(
            "/api/kakuro/hint",
            &json!({"board": text, "candidates": {key.clone(): [right % 9 + 1]}}),
        )
        .await;
    assert_eq!(answer, json!({"kind": "mistakes", "cells": [[mr, mc]]}));

    // The whole solution written in: solved.
    let full = puzzle.filled_with(&solution).unwrap().to_string();
    let (status, answer) = server
        .post("/api/kakuro/hint", &json!({"board": full}))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(answer, json!({"kind": "solved"}));

    // Bad input: 4xx with a message.
    let bad: Vec<(Value, StatusCode)> = vec![
        (json!({"board": "not a board"}), StatusCode::BAD_REQUEST),
        // Two solutions: no hint can be checked.
        (
            json!({"board": "3 3\n- 3, 3,\n,3 0 0\n,3 0 0"}),
            StatusCode::BAD_REQUEST,
        ),
        (
            json!({"board": text, "candidates": {"x": [1]}}),
            StatusCode::BAD_REQUEST,
        ),
        (
            json!({"board": text, "candidates": {key.clone(): [0]}}),
            StatusCode::BAD_REQUEST,
        ),
        // (0, 0) is a clue cell, not a white cell.
        (
            json!({"board": text, "candidates": {"0,0": [1]}}),
            StatusCode::BAD_REQUEST,
        ),
        (
            json!({"board": text, "candidates": {key: "12"}}),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            json!({"board": text, "extra": 1}),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
    ];
    for (body, expected) in bad {
        let (status, answer) = server.post("/api/kakuro/hint", &body).await;
        assert_eq!(status, expected, "{body}: {answer}");
        assert!(answer["error"].is_string(), "{answer}");
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chess_setup_endpoint() {
    use gridforge_chessmemory::{validate, Setup};
    let db = test_db(Backend::Sqlite).await.unwrap();
    let server = TestServer::start(&db.url).await;
    let (status, made) = server.post("/api/chess/setup", &json!({"seed": 7})).await;
    assert_eq!(status, StatusCode::OK, "{made}");
    let setup: Setup = made["setup"].as_str().unwrap().parse().unwrap();
    assert!(validate(&setup).is_empty(), "the setup is valid");
    assert_eq!(made["ranks"].as_array().unwrap().len(), 8);
    assert_eq!(
        made["ranks"].as_array().unwrap().concat_strings(),
        made["setup"].as_str().unwrap()
    );
    let (_, again) = server.post("/api/chess/setup", &json!({"seed": 7})).await;
    assert_eq!(again["setup"], made["setup"]);
    let (status, random) = server.post("/api/chess/setup", &json!({})).await;
    assert_eq!(status, StatusCode::OK);
    assert!(random["seed"].as_u64().unwrap() < 1 << 53);
    let (status, _) = server.post("/api/chess/setup", &json!({"seed": "x"})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    server.stop().await;
}

trait ConcatStrings {
    fn concat_strings(&self) -> String;
}

impl ConcatStrings for Vec<Value> {
    fn concat_strings(&self) -> String {
        self.iter().filter_map(Value::as_str).collect()
    }
}
