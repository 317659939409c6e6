//! Clues only after start (issue 38, step 2), on both backends, as an
//! attacker with the public API would try it: the day's listing carries no
//! clues (only a start gives them); an account's time runs from its first
//! start of a daily, whatever it restarts or starts on a second device; a
//! token an account started is not sent without that account; the free
//! solve, hint and candidates routes refuse a counting daily (as given,
//! with digits written in, transposed) and answer again once it stops
//! counting; the daily's own help marks the solve assisted, for an account
//! across its devices. The server's clock is moved, never slept on.

use gridforge_kakuro::{Board, Cell};
use gridforge_server::dailies::Day;
use reqwest::StatusCode;
use serde_json::{json, Value};

#[macro_use]
mod common {
    #[macro_use]
    pub mod harness;
    pub mod passkey;
    pub mod postgres;
}
use common::harness::{test_db, Backend, TestServer};
use common::passkey::Browser;

const DAY_MS: i64 = 24 * 60 * 60 * 1000;
/// The grace after a day's end in which its play still counts (GRACE_MS).
const GRACE_MS: i64 = 2 * 60 * 60 * 1000;

/// The one solution of a puzzle text, by the library's search.
fn solution_of(puzzle: &str) -> String {
    let board: Board = puzzle.parse().unwrap();
    let outcome = gridforge_kakuro::solve(&board, 2, 5_000_000).unwrap();
    assert_eq!(outcome.solutions.len(), 1);
    outcome.solutions[0].to_string()
}

/// The board with rows and columns swapped, written here independently of
/// the server's own.
fn transpose(text: &str) -> String {
    let board: Board = text.parse().unwrap();
    let (rows, cols) = (board.rows(), board.cols());
    let mut cells = Vec::new();
    for r in 0..cols {
        for c in 0..rows {
            cells.push(match board.cell(c, r).unwrap() {
                Cell::Clue { down, across } => Cell::Clue {
                    down: across,
                    across: down,
                },
                other => other,
            });
        }
    }
    Board::from_cells(cols, rows, cells).unwrap().to_string()
}

/// The puzzle with its first `n` digits of `solution` written in.
fn partly_filled(puzzle: &str, solution: &str, n: usize) -> String {
    let mut board: Board = puzzle.parse().unwrap();
    let solved: Board = puzzle
        .parse::<Board>()
        .unwrap()
        .filled_with(&solution.parse().unwrap())
        .unwrap();
    let mut written = 0;
    for r in 0..board.rows() {
        for c in 0..board.cols() {
            if let Some(Cell::Digit(Some(d))) = solved.cell(r, c) {
                if written < n {
                    board.set_digit(r, c, Some(d)).unwrap();
                    written += 1;
                }
            }
        }
    }
    board.to_string()
}

async fn today(server: &TestServer) -> String {
    let (status, day) = server.get("/api/kakuro/daily/today").await;
    assert_eq!(status, StatusCode::OK, "{day}");
    day["date"].as_str().unwrap().to_string()
}

on_both_backends!(the_listing_has_no_clues_and_the_start_gives_them);
async fn the_listing_has_no_clues_and_the_start_gives_them(url: &str) {
    let server = TestServer::start(url).await;
    let date = today(&server).await;
    let mut clues = Vec::new();
    for difficulty in ["easy", "medium", "hard", "expert"] {
        let (status, started) = server
            .post(
                &format!("/api/kakuro/daily/{date}/{difficulty}/start"),
                &json!({"player": "clue-asker-1"}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{started}");
        let puzzle = started["puzzle"].as_str().unwrap().to_string();
        solution_of(&puzzle);
        clues.push(puzzle);
    }
    // Asked before and after a start, by date and as today: not a clue.
    for path in [
        "/api/kakuro/daily/today".to_string(),
        format!("/api/kakuro/daily/{date}"),
    ] {
        let (status, listing) = server.get(&path).await;
        assert_eq!(status, StatusCode::OK);
        let text = listing.to_string();
        for (puzzle, entry) in clues.iter().zip(listing["puzzles"].as_array().unwrap()) {
            assert!(entry.get("puzzle").is_none(), "{entry}");
            // No line of clues (a row of the text format) is in the listing.
            for line in puzzle.lines().skip(1).filter(|l| l.contains(',')) {
                assert!(!text.contains(line), "{path} gives away {line:?}");
            }
        }
    }
    server.stop().await;
}

on_both_backends!(an_accounts_time_runs_from_its_first_start);
async fn an_accounts_time_runs_from_its_first_start(url: &str) {
    let server = TestServer::start(url).await;
    let date = today(&server).await;
    let base = format!("/api/kakuro/daily/{date}/easy");
    let mut phone = Browser::new(&server);
    let (passkey, status, body) = phone.register("First Starter").await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let mut passkey = passkey.unwrap();
    let (status, first) = phone
        .post(
            &format!("{base}/start"),
            &json!({"player": "phone-player-1"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{first}");
    let first_at = first["issued_at"].as_i64().unwrap();
    let min = first["min_time_ms"].as_i64().unwrap();
    let grid = solution_of(first["puzzle"].as_str().unwrap());

    // An hour with the clues, then a restart: the clock is not reset.
    server.clock.shift(60 * 60 * 1000);
    let (status, restarted) = phone
        .post(
            &format!("{base}/start"),
            &json!({"player": "phone-player-1"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{restarted}");
    assert_eq!(restarted["issued_at"].as_i64(), Some(first_at));
    assert_ne!(restarted["token"], first["token"], "a fresh token");

    // A second device signed in to the account: the same first start.
    let mut laptop = Browser::new(&server);
    let (status, body) = laptop.sign_in(&mut passkey).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, second) = laptop
        .post(
            &format!("{base}/start"),
            &json!({"player": "laptop-player-1"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{second}");
    assert_eq!(second["issued_at"].as_i64(), Some(first_at));

    // The account's token sent anonymously (no session): refused.
    let anonymous = json!({"token": second["token"], "player": "laptop-player-1", "grid": grid});
    let (status, body) = server.post(&format!("{base}/solve"), &anonymous).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    // ... and by another account: refused.
    let mut other = Browser::new(&server);
    let (_, status, body) = other.register("Other Starter").await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let (status, body) = other.post(&format!("{base}/solve"), &anonymous).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");

    // Solved on the laptop a few seconds after its start: the time is from
    // the phone's first start, an hour and more.
    server.clock.shift(min.max(5_000));
    let (status, solved) = laptop.post(&format!("{base}/solve"), &anonymous).await;
    assert_eq!(status, StatusCode::OK, "{solved}");
    assert!(
        solved["time_ms"].as_i64().unwrap() >= 60 * 60 * 1000 + min.max(5_000),
        "{solved}"
    );

    // An anonymous start's clock runs from its own start (as before).
    let (_, anon) = server
        .post(
            &format!("{base}/start"),
            &json!({"player": "anon-player-1"}),
        )
        .await;
    assert!(anon["issued_at"].as_i64().unwrap() > first_at);
    server.stop().await;
}

/// Asks every route of `asks`: each is refused with 403 naming the medium
/// daily of `date`, and gives no solution.
async fn refused(server: &TestServer, asks: &[(&str, Value)], date: &str, grid: &str) {
    for (path, body) in asks {
        let (status, answer) = server.post(path, body).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{path}: {answer}");
        let message = answer["error"].as_str().unwrap();
        assert!(
            message.contains(date) && message.contains("medium"),
            "{path} names the daily: {message}"
        );
        assert!(!answer.to_string().contains(grid), "no solution given");
    }
}

on_both_backends!(the_free_routes_refuse_a_counting_daily);
async fn the_free_routes_refuse_a_counting_daily(url: &str) {
    let server = TestServer::start(url).await;
    let date = today(&server).await;
    let (_, started) = server
        .post(
            &format!("/api/kakuro/daily/{date}/medium/start"),
            &json!({"player": "solver-bot-1"}),
        )
        .await;
    let puzzle = started["puzzle"].as_str().unwrap().to_string();
    let grid = solution_of(&puzzle);
    let half = partly_filled(&puzzle, &grid, 10);
    let asks = [
        ("/api/kakuro/solve", json!({"puzzle": puzzle})),
        ("/api/kakuro/solve", json!({"puzzle": transpose(&puzzle)})),
        ("/api/kakuro/solve", json!({"puzzle": half})),
        ("/api/kakuro/hint", json!({"board": puzzle})),
        ("/api/kakuro/hint", json!({"board": half})),
        ("/api/kakuro/hint", json!({"board": transpose(&half)})),
        ("/api/kakuro/candidates", json!({"board": half})),
        (
            "/api/kakuro/candidates",
            json!({"board": transpose(&puzzle)}),
        ),
    ];
    refused(&server, &asks, &date, &grid).await;
    // Another board of the same size is solved as ever.
    let (status, other) = server
        .post(
            "/api/kakuro/generate",
            &json!({"size": 12, "difficulty": "medium", "seed": 38}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{other}");
    let (status, solved) = server
        .post("/api/kakuro/solve", &json!({"puzzle": other["puzzle"]}))
        .await;
    assert_eq!(status, StatusCode::OK, "{solved}");
    assert_eq!(solved["uniqueness"], "unique");

    // Tomorrow, within the grace, yesterday's daily still counts: refused.
    let day_start = Day::parse(&date).unwrap().start_ms() as i64;
    let now = server.clock.now_ms() as i64;
    server
        .clock
        .shift(day_start + DAY_MS + GRACE_MS - 60_000 - now);
    refused(&server, &asks, &date, &grid).await;
    // Past the grace it counts no more: the free routes answer.
    server.clock.shift(120_000);
    let (status, solved) = server
        .post("/api/kakuro/solve", &json!({"puzzle": puzzle}))
        .await;
    assert_eq!(status, StatusCode::OK, "{solved}");
    assert_eq!(solved["solutions"][0].as_str(), Some(grid.as_str()));
    server.stop().await;
}

on_both_backends!(the_dailys_own_help_makes_the_solve_assisted);
async fn the_dailys_own_help_makes_the_solve_assisted(url: &str) {
    let server = TestServer::start(url).await;
    let date = today(&server).await;
    let base = format!("/api/kakuro/daily/{date}/easy");
    let start = |who: &'static str| {
        let server = &server;
        let path = format!("{base}/start");
        async move {
            let (status, started) = server.post(&path, &json!({"player": who})).await;
            assert_eq!(status, StatusCode::OK, "{started}");
            started
        }
    };
    let anon = start("helped-anon-1").await;
    let puzzle = anon["puzzle"].as_str().unwrap().to_string();
    let grid = solution_of(&puzzle);
    let min = anon["min_time_ms"].as_i64().unwrap();
    let help = |token: &Value, who: &str, board: &str| json!({"token": token, "player": who, "board": board});

    // Bad asks: a forged token, another player, a board of another puzzle.
    let mut forged = anon["token"].as_str().unwrap().to_string();
    let last = forged.pop().unwrap();
    forged.push(if last == '0' { '1' } else { '0' });
    let (status, body) = server
        .post(
            &format!("{base}/hint"),
            &help(&json!(forged), "helped-anon-1", &puzzle),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let (status, body) = server
        .post(
            &format!("{base}/hint"),
            &help(&anon["token"], "someone-else-1", &puzzle),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let (status, body) = server
        .post(
            &format!("{base}/candidates"),
            &help(&anon["token"], "helped-anon-1", &transpose(&puzzle)),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");

    // An anonymous player asks a hint, then says it used none: assisted.
    let half = partly_filled(&puzzle, &grid, 6);
    let (status, hint) = server
        .post(
            &format!("{base}/hint"),
            &help(&anon["token"], "helped-anon-1", &half),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{hint}");
    assert!(hint["kind"].is_string(), "{hint}");
    // A clean player of the same daily is not touched by it.
    let clean = start("clean-anon-1").await;
    server.clock.shift(min + 1_000);
    let solve = |token: &Value, who: &str| json!({"token": token, "player": who, "grid": grid, "hints": 0, "checks": 0});
    let (status, solved) = server
        .post(
            &format!("{base}/solve"),
            &solve(&anon["token"], "helped-anon-1"),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{solved}");
    assert_eq!(solved["assisted"], true, "{solved}");
    let (status, solved) = server
        .post(
            &format!("{base}/solve"),
            &solve(&clean["token"], "clean-anon-1"),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{solved}");
    assert_eq!(solved["assisted"], false, "{solved}");

    // An account asks candidates on one device and solves on another,
    // with another token: assisted all the same.
    let mut phone = Browser::new(&server);
    let (passkey, status, body) = phone.register("Helped Account").await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let (_, on_phone) = phone
        .post(
            &format!("{base}/start"),
            &json!({"player": "helped-phone-1"}),
        )
        .await;
    let (status, candidates) = phone
        .post(
            &format!("{base}/candidates"),
            &help(&on_phone["token"], "helped-phone-1", &half),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{candidates}");
    assert!(candidates["candidates"].is_array());
    // The account's token without its session gets no help either.
    let (status, body) = server
        .post(
            &format!("{base}/candidates"),
            &help(&on_phone["token"], "helped-phone-1", &half),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    let mut laptop = Browser::new(&server);
    let (status, body) = laptop.sign_in(&mut passkey.unwrap()).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, on_laptop) = laptop
        .post(
            &format!("{base}/start"),
            &json!({"player": "helped-laptop-1"}),
        )
        .await;
    server.clock.shift(min + 1_000);
    let (status, solved) = laptop
        .post(
            &format!("{base}/solve"),
            &solve(&on_laptop["token"], "helped-laptop-1"),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{solved}");
    assert_eq!(solved["assisted"], true, "{solved}");
    server.stop().await;
}
