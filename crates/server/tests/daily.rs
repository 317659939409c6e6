//! The daily puzzles (issue 29) through the API, on both backends: a real
//! SQLite file and a real PostgreSQL (`GRIDFORGE_TEST_POSTGRES_URL`, as in
//! `api.rs`). The server's clock is shifted instead of sleeping, so the
//! real limits (the Kakuro's believable minimum, ChessMemory's turn pace)
//! are what is tested, and "yesterday" or "past the grace" are reached at
//! once. The puzzles are checked independently: each Kakuro is solved here
//! with the library's search (exactly one solution), and the ChessMemory
//! setup is put together from the pieces the turns showed and validated.

use gridforge_chessmemory::{attacks, validate, Piece, Setup, Square};
use gridforge_server::clock::Clock;
use reqwest::StatusCode;
use serde_json::{json, Value};
use std::collections::HashMap;

#[macro_use]
mod common {
    #[macro_use]
    pub mod harness;
    pub mod passkey;
    pub mod paths;
    pub mod postgres;
}
use common::harness::{test_db, Backend, TestServer};
use common::passkey::Browser;

const DAY_MS: i64 = 24 * 60 * 60 * 1000;

/// A server whose clock is `clock`, which the test moves.
async fn start(url: &str, clock: &Clock) -> TestServer {
    TestServer::start_with(url, |config| config.clock = clock.clone()).await
}

/// The one solution of a puzzle text, found here by the library's search
/// (which also proves there is no other).
fn solve_independently(puzzle: &str) -> String {
    let board: gridforge_kakuro::Board = puzzle.parse().expect("the daily parses");
    let outcome = gridforge_kakuro::solve(&board, 2, 5_000_000).expect("solved in budget");
    assert_eq!(
        outcome.solutions.len(),
        1,
        "a daily Kakuro has one solution"
    );
    outcome.solutions[0].to_string()
}

fn player(n: u32) -> String {
    format!("test-player-{n:04}")
}

/// Makes an account (a software passkey) and returns its session cookie:
/// only accounts' solves are on the tables (issue 38).
async fn account_cookie(server: &TestServer, name: &str) -> String {
    let mut browser = Browser::new(server);
    let (_, status, body) = browser.register(name).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    browser.cookie.clone().expect("a session")
}

/// A POST as the web client makes it, signed in with `cookie` (or not).
async fn post_as(
    server: &TestServer,
    cookie: Option<&str>,
    path: &str,
    body: &Value,
) -> (StatusCode, Value) {
    let Some(cookie) = cookie else {
        return server.post(path, body).await;
    };
    let response = server
        .client
        .post(server.url(path))
        .header("cookie", format!("gridforge_session={cookie}"))
        .header("origin", common::passkey::origin(server))
        .header("x-gridforge-request", "1")
        .json(body)
        .send()
        .await
        .unwrap();
    common::harness::read(response).await
}

/// A daily Kakuro's clues, which only a start gives (issue 38).
async fn clues_of(server: &TestServer, date: &str, difficulty: &str) -> String {
    let (status, started) = server
        .post(
            &format!("/api/kakuro/daily/{date}/{difficulty}/start"),
            &json!({"player": "clue-reader-1"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{started}");
    started["puzzle"].as_str().unwrap().to_string()
}

// ------------------------------------------------------------------ Kakuro

on_both_backends!(kakuro_daily_is_verified_and_ranked);
async fn kakuro_daily_is_verified_and_ranked(url: &str) {
    let clock = Clock::default();
    let server = start(url, &clock).await;
    let (status, today) = server.get("/api/kakuro/daily/today").await;
    assert_eq!(status, StatusCode::OK, "{today}");
    assert_eq!(today["counts"], true);
    let date = today["date"].as_str().unwrap().to_string();
    let puzzles = today["puzzles"].as_array().unwrap();
    let names: Vec<&str> = puzzles
        .iter()
        .map(|p| p["difficulty"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["easy", "medium", "hard", "expert"]);
    let sides: Vec<u64> = puzzles
        .iter()
        .map(|p| p["width"].as_u64().unwrap())
        .collect();
    assert!(sides.windows(2).all(|w| w[0] < w[1]), "{sides:?}");
    assert!(
        !today.to_string().contains("solution"),
        "no solution is sent"
    );
    assert!(
        puzzles.iter().all(|p| p.get("puzzle").is_none()),
        "no clues before the start: {today}"
    );
    for p in puzzles {
        // Every daily has exactly one solution (and its text is generate
        // --json's); the start gives it.
        let clues = clues_of(&server, &date, p["difficulty"].as_str().unwrap()).await;
        solve_independently(&clues);
    }
    // The same day by its date is the same puzzles.
    let (status, by_date) = server.get(&format!("/api/kakuro/daily/{date}")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(by_date["puzzles"], today["puzzles"]);

    let easy = &puzzles[0];
    let clues = clues_of(&server, &date, "easy").await;
    let grid = solve_independently(&clues);
    let min = easy["min_time_ms"].as_i64().unwrap();
    assert!(min >= 150 * 20, "a believable minimum: {min}");
    // The solves below wait out the human floor, so their (person's) paths
    // are not held for review.
    let min = min.max(common::paths::floor_ms(&clues) as i64);
    let base = format!("/api/kakuro/daily/{date}/easy");
    // Players 1 to 3 have accounts (their solves are listed); 4 and 5 play
    // anonymously.
    let mut cookies = HashMap::new();
    for (n, name) in [(1, "Ann"), (2, "Bo"), (3, "Cat")] {
        cookies.insert(player(n), account_cookie(&server, name).await);
    }
    let cookies = &cookies;
    let started_at = std::sync::Mutex::new(HashMap::<String, u64>::new());
    let start = |who: String| {
        let server = &server;
        let base = base.clone();
        let (clock, started_at) = (&clock, &started_at);
        async move {
            let cookie = cookies.get(&who).map(String::as_str);
            let (status, body) = post_as(
                server,
                cookie,
                &format!("{base}/start"),
                &json!({"player": who}),
            )
            .await;
            assert_eq!(status, StatusCode::OK, "{body}");
            assert_eq!(body["counts"], true);
            let token = body["token"].as_str().unwrap().to_string();
            // The server's start: now, or an account's first start of the
            // daily (a restart keeps it), which its path is timed from.
            let since = body["issued_at"].as_u64().unwrap_or_else(|| clock.now_ms());
            started_at.lock().unwrap().insert(token.clone(), since);
            token
        }
    };
    let solve = |token: &str, who: &str, grid: &str, extra: Value| {
        let since = started_at.lock().unwrap().get(token).copied();
        let elapsed = since.map_or(1_000, |s| clock.now_ms().saturating_sub(s).max(1_000));
        let path = common::paths::person_path(grid, elapsed, elapsed);
        let mut body = json!({"token": token, "player": who, "grid": grid, "path": path});
        for (k, v) in extra.as_object().unwrap() {
            body[k] = v.clone();
        }
        let server = &server;
        let path = format!("{base}/solve");
        let cookie = cookies.get(who).cloned();
        async move { post_as(server, cookie.as_deref(), &path, &body).await }
    };

    // Too fast: below the believable minimum.
    let token = start(player(1)).await;
    let (status, body) = solve(&token, &player(1), &grid, json!({})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(body["error"].as_str().unwrap().contains("faster"), "{body}");
    clock.shift(min + 1_000);

    // Not the solution: one digit changed.
    let wrong: String = {
        let mut lines: Vec<String> = grid.lines().map(str::to_string).collect();
        let row = lines
            .iter()
            .position(|l| l.split(' ').any(|c| c.parse::<u8>().is_ok()))
            .unwrap();
        let cells: Vec<String> = lines[row]
            .split(' ')
            .map(|c| match c.parse::<u8>() {
                Ok(d) => (d % 9 + 1).to_string(),
                Err(_) => c.to_string(),
            })
            .collect();
        lines[row] = cells.join(" ");
        lines.join("\n")
    };
    let (status, body) = solve(&token, &player(1), &wrong, json!({})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    // Forged: one hex digit of the token changed.
    let mut forged = token.clone().into_bytes();
    forged[3] = if forged[3] == b'0' { b'1' } else { b'0' };
    let forged = String::from_utf8(forged).unwrap();
    let (status, body) = solve(&forged, &player(1), &grid, json!({})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    // Another player's token.
    let (status, body) = solve(&token, &player(2), &grid, json!({})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    // Another difficulty's path.
    let (status, body) = server
        .post(
            &format!("/api/kakuro/daily/{date}/hard/solve"),
            &json!({"token": token, "player": player(1), "grid": grid}),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(body["error"].as_str().unwrap().contains("another daily"));

    // The real solve counts, with a name.
    let (status, body) = solve(&token, &player(1), &grid, json!({"name": "Ann"})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["counted"], true);
    assert_eq!(body["assisted"], false);
    assert_eq!(body["rank"], 1);
    assert!(body["time_ms"].as_i64().unwrap() >= min);
    // Replayed token.
    let (status, body) = solve(&token, &player(1), &grid, json!({})).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    // A second counted solve by the same player.
    let again = start(player(1)).await;
    clock.shift(min + 1_000);
    let (status, body) = solve(&again, &player(1), &grid, json!({})).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert!(
        body["error"].as_str().unwrap().contains("already"),
        "{body}"
    );

    // An assisted solve is counted apart, with no rank.
    let helped = start(player(2)).await;
    let slower = start(player(3)).await;
    clock.shift(min + 1_000);
    let (status, body) = solve(
        &helped,
        &player(2),
        &grid,
        json!({"name": "Bo", "hints": 2}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        (body["counted"].clone(), body["assisted"].clone()),
        (json!(true), json!(true))
    );
    assert_eq!(body["rank"], Value::Null);
    clock.shift(5_000);
    let (status, body) = solve(&slower, &player(3), &grid, json!({})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["rank"], 2);

    let (status, table) = server
        .get(&format!("{base}/table?player={}", player(3)))
        .await;
    assert_eq!(status, StatusCode::OK, "{table}");
    assert_eq!(table["solvers"], 3);
    assert_eq!(table["difficulty"], "easy");
    let best = table["best"].as_array().unwrap();
    assert_eq!(best.len(), 2);
    assert_eq!(
        (best[0]["rank"].clone(), best[0]["name"].clone()),
        (json!(1), json!("Ann"))
    );
    assert_eq!(
        (best[1]["rank"].clone(), best[1]["name"].clone()),
        (json!(2), Value::Null)
    );
    assert_eq!(table["assisted"][0]["name"], "Bo");
    assert_eq!(table["you"]["rank"], 2);
    assert_eq!(table["you"]["assisted"], false);
    let (_, table) = server
        .get(&format!("{base}/table?player={}", player(9)))
        .await;
    assert_eq!(table["you"], Value::Null);
    let (status, _) = server.get(&format!("{base}/table?player=no")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);

    // Started today, finished past the grace: answered, not counted.
    let late = start(player(4)).await;
    clock.shift(DAY_MS + 3 * 60 * 60 * 1000);
    let (status, body) = solve(&late, &player(4), &grid, json!({})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["counted"], false);
    assert_eq!(body["rank"], Value::Null);
    // Yesterday is now the archive: its play does not count.
    let (status, day) = server.get(&format!("/api/kakuro/daily/{date}")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(day["counts"], false);
    let (status, body) = server
        .post(&format!("{base}/start"), &json!({"player": player(5)}))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["counts"], false);
    // Yesterday's token is refused on today's daily (a foreign day).
    let (_, now) = server.get("/api/kakuro/daily/today").await;
    let new_date = now["date"].as_str().unwrap();
    assert_ne!(new_date, date);
    let foreign = body["token"].as_str().unwrap();
    clock.shift(60_000);
    let (status, body) = server
        .post(
            &format!("/api/kakuro/daily/{new_date}/easy/solve"),
            &json!({"token": foreign, "player": player(5), "grid": grid}),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let (_, table) = server.get(&format!("{base}/table")).await;
    assert_eq!(table["solvers"], 3, "late play is not on the table");
    server.stop().await;
}

on_both_backends!(kakuro_daily_archive_bounds);
async fn kakuro_daily_archive_bounds(url: &str) {
    let clock = Clock::default();
    let server = start(url, &clock).await;
    let (_, today) = server.get("/api/chess/daily/today").await;
    let date = today["date"].as_str().unwrap().to_string();
    clock.shift(DAY_MS);
    let (_, tomorrow) = server.get("/api/chess/daily/today").await;
    let tomorrow = tomorrow["date"].as_str().unwrap().to_string();
    clock.shift(-DAY_MS);
    for path in [
        format!("/api/kakuro/daily/{tomorrow}"),
        format!("/api/chess/daily/{tomorrow}"),
        "/api/kakuro/daily/2000-01-01".to_string(),
        format!("/api/kakuro/daily/{date}/master/table"),
    ] {
        let (status, body) = server.get(&path).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}: {body}");
    }
    for path in ["/api/kakuro/daily/2026-02-30", "/api/chess/daily/yesterday"] {
        let (status, body) = server.get(path).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{path}: {body}");
    }
    let (status, body) = server
        .post(
            &format!("/api/kakuro/daily/{date}/easy/start"),
            &json!({"player": "bad id!"}),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    // 366 days back is served, and it is another puzzle than today's.
    clock.shift(-366 * DAY_MS);
    let (_, old) = server.get("/api/chess/daily/today").await;
    clock.shift(366 * DAY_MS);
    let old = old["date"].as_str().unwrap();
    let (status, archived) = server.get(&format!("/api/kakuro/daily/{old}")).await;
    assert_eq!(status, StatusCode::OK, "{archived}");
    let (_, current) = server.get("/api/kakuro/daily/today").await;
    assert_ne!(
        clues_of(&server, old, "easy").await,
        clues_of(&server, current["date"].as_str().unwrap(), "easy").await
    );
    server.stop().await;
}

// ------------------------------------------------------------ ChessMemory

/// A player who remembers every piece it has seen and knows the partner
/// rule, playing through the API at the pace the server allows (the clock
/// moved by each answer's `wait_ms`). Returns the last answer, the pieces
/// seen and the moves it counted.
async fn play_chess(
    server: &TestServer,
    date: &str,
    game: &str,
    cookie: Option<&str>,
) -> (Value, HashMap<u32, char>, i64) {
    let mut seen: HashMap<u32, char> = HashMap::new();
    let mut matched = vec![false; 64];
    let mut moves = 0;
    let turn = |square: u32| async move {
        let (status, body) = post_as(
            server,
            cookie,
            &format!("/api/chess/daily/{date}/turn"),
            &json!({"game": game, "square": square}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "square {square}: {body}");
        server.clock.shift(body["wait_ms"].as_i64().unwrap());
        body
    };
    let partner = |seen: &HashMap<u32, char>, matched: &[bool], a: u32| {
        let piece = Piece::from_letter(seen[&a]).unwrap();
        let sa = Square::from_text_position(a as usize).unwrap();
        seen.iter().find_map(|(&b, &letter)| {
            let sb = Square::from_text_position(b as usize).unwrap();
            (b != a
                && !matched[b as usize]
                && letter == seen[&a]
                && attacks(piece.kind, sa) & sb.bit() != 0)
                .then_some(b)
        })
    };
    let mut last = Value::Null;
    while matched.iter().any(|m| !m) {
        // A known pair first; else the first unseen square.
        let known = (0..64u32).find(|&a| {
            !matched[a as usize] && seen.contains_key(&a) && partner(&seen, &matched, a).is_some()
        });
        let first = known.unwrap_or_else(|| {
            (0..64u32)
                .find(|a| !seen.contains_key(a))
                .expect("an unseen square is left")
        });
        let body = turn(first).await;
        seen.insert(
            first,
            body["piece"].as_str().unwrap().chars().next().unwrap(),
        );
        let second = match partner(&seen, &matched, first) {
            Some(b) => b,
            None => (0..64u32)
                .find(|a| !seen.contains_key(a))
                .expect("an unseen square is left"),
        };
        let body = turn(second).await;
        moves += 1;
        seen.insert(
            second,
            body["piece"].as_str().unwrap().chars().next().unwrap(),
        );
        if body["result"] == "pair" {
            matched[first as usize] = true;
            matched[second as usize] = true;
        } else {
            assert_eq!(body["result"], "miss", "{body}");
            assert!(body["wait_ms"].as_i64().unwrap() >= 500);
        }
        last = body;
    }
    (last, seen, moves)
}

on_both_backends!(chess_daily_is_played_on_the_server);
async fn chess_daily_is_played_on_the_server(url: &str) {
    let clock = Clock::default();
    let server = start(url, &clock).await;
    let (status, today) = server.get("/api/chess/daily/today").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(today["counts"], true);
    let date = today["date"].as_str().unwrap().to_string();
    assert_eq!(today.as_object().unwrap().len(), 4, "no layout: {today}");
    let start = |who: String, name: Option<&str>| {
        let server = &server;
        let path = format!("/api/chess/daily/{date}/start");
        let body = json!({"player": who, "name": name});
        async move {
            let (status, body) = server.post(&path, &body).await;
            assert_eq!(status, StatusCode::OK, "{body}");
            assert!(!body.to_string().contains("setup"), "{body}");
            body["game"].as_str().unwrap().to_string()
        }
    };
    let turn_path = format!("/api/chess/daily/{date}/turn");

    // The pace: a turn sooner than the wait is refused, and the third
    // square of a missed pair too.
    let game = start(player(1), Some("Cy")).await;
    let (status, first) = server
        .post(&turn_path, &json!({"game": game, "square": 0}))
        .await;
    assert_eq!(status, StatusCode::OK, "{first}");
    assert_eq!(first["result"], "first");
    let (status, body) = server
        .post(&turn_path, &json!({"game": game, "square": 1}))
        .await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert!(body["error"].as_str().unwrap().contains("too fast"));
    clock.shift(first["wait_ms"].as_i64().unwrap());
    let (status, body) = server
        .post(&turn_path, &json!({"game": game, "square": 0}))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "open already: {body}");
    let (status, body) = server
        .post(&turn_path, &json!({"game": game, "square": 64}))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let (status, body) = server
        .post(&turn_path, &json!({"game": "00".repeat(16), "square": 5}))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    // Find a missed pair: 0 and 63, else 1 and 62, … (a square has one
    // partner, so a miss comes within two tries).
    let (status, mut second) = server
        .post(&turn_path, &json!({"game": game, "square": 63}))
        .await;
    assert_eq!(status, StatusCode::OK, "{second}");
    let mut missed_first = 0;
    while second["result"] != "miss" {
        assert_eq!(second["result"], "pair", "{second}");
        missed_first += 1;
        assert!(missed_first < 4, "a miss comes within two tries");
        for square in [missed_first, 63 - missed_first] {
            clock.shift(second["wait_ms"].as_i64().unwrap());
            let (status, body) = server
                .post(&turn_path, &json!({"game": game, "square": square}))
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
            second = body;
        }
    }
    {
        clock.shift(second["wait_ms"].as_i64().unwrap() - 300);
        let (status, body) = server
            .post(&turn_path, &json!({"game": game, "square": 9}))
            .await;
        assert_eq!(
            status,
            StatusCode::TOO_MANY_REQUESTS,
            "third square too soon: {body}"
        );
        clock.shift(300);
        let (_, state) = server
            .get(&format!("/api/chess/daily/{date}/game?game={game}"))
            .await;
        assert_eq!(state["shown"].as_array().unwrap().len(), 2, "{state}");
        assert_eq!(state["moves"], missed_first + 1);
        // Once the missed pair has shown, the next turn puts it face down:
        // one of its squares may start the next move.
        let (status, body) = server
            .post(&turn_path, &json!({"game": game, "square": missed_first}))
            .await;
        assert_eq!(status, StatusCode::OK, "a missed square again: {body}");
        assert_eq!(body["result"], "first", "{body}");
    }

    // A new game of a player who has turned squares of today's board is a
    // replay: it is played, and it does not count, even as the first won.
    let (status, replay) = server
        .post(
            &format!("/api/chess/daily/{date}/start"),
            &json!({"player": player(1), "name": "Cy"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{replay}");
    assert_eq!(
        (&replay["replay"], &replay["counts"]),
        (&json!(true), &json!(false))
    );
    let (last, _, _) = play_chess(&server, &date, replay["game"].as_str().unwrap(), None).await;
    assert_eq!(last["done"], true, "{last}");
    assert_eq!(
        (&last["counted"], &last["rank"]),
        (&json!(false), &Value::Null)
    );

    // A player's first game counts. A new game replaces an unfinished one
    // that turned no square, and is no replay.
    let unplayed = start(player(2), Some("Cy")).await;
    let (status, started) = server
        .post(
            &format!("/api/chess/daily/{date}/start"),
            &json!({"player": player(2), "name": "Cy"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{started}");
    assert_eq!(
        (&started["replay"], &started["counts"]),
        (&json!(false), &json!(true))
    );
    let game = started["game"].as_str().unwrap().to_string();
    let (status, _) = server
        .post(&turn_path, &json!({"game": unplayed, "square": 5}))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "the replaced game is gone");
    let (status, _) = server
        .post(&turn_path, &json!({"game": "zz", "square": 5}))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // Player 2 wins signed in: the game is the account's, on the table.
    let cookie = account_cookie(&server, "Cy").await;
    let begun = clock.now_ms();
    let (last, seen, moves) = play_chess(&server, &date, &game, Some(&cookie)).await;
    assert_eq!(last["done"], true, "{last}");
    assert_eq!(last["counted"], true);
    assert_eq!(last["rank"], 1);
    assert_eq!(last["anonymous"], false);
    assert_eq!(last["pairs"], 32);
    assert_eq!(last["moves"], moves, "the server's count is the moves made");
    let time_ms = last["time_ms"].as_u64().unwrap();
    assert!(
        time_ms <= clock.now_ms() - begun && time_ms >= 64 * 120,
        "{time_ms}"
    );
    // The setup the turns showed is a valid one (independent check).
    let text: String = (0..64u32).map(|s| seen[&s]).collect();
    let setup: Setup = text.parse().expect("8 of each piece");
    assert!(validate(&setup).is_empty(), "valid setup {text}");
    // A finished game takes no more turns; its state is all open.
    let (status, body) = server
        .post(&turn_path, &json!({"game": game, "square": 1}))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    let (status, state) = server
        .get(&format!("/api/chess/daily/{date}/game?game={game}"))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(state["open"].as_array().unwrap().len(), 64);
    assert_eq!(state["done"], true);
    assert_eq!(state["moves"], moves);

    // Only the first finished game counts.
    let again = start(player(2), Some("Cy")).await;
    let (last, _, _) = play_chess(&server, &date, &again, None).await;
    assert_eq!(last["counted"], false);
    assert_eq!(last["rank"], Value::Null);
    let (status, table) = server
        .get(&format!(
            "/api/chess/daily/{date}/table?player={}",
            player(2)
        ))
        .await;
    assert_eq!(status, StatusCode::OK, "{table}");
    assert_eq!(table["solvers"], 1);
    assert_eq!(table["best"][0]["name"], "Cy");
    assert_eq!(table["best"][0]["moves"], moves);
    assert_eq!(table["best"][0]["time_ms"], time_ms);
    assert_eq!(table["you"]["rank"], 1);
    assert_eq!(table["you"]["moves"], moves);
    server.stop().await;
}

// ------------------------------------------------------------ two servers

on_both_backends!(two_servers_share_the_dailies);
async fn two_servers_share_the_dailies(url: &str) {
    let clock = Clock::default();
    let (a, b) = tokio::join!(start(url, &clock), start(url, &clock));
    // Both ask for today's at once: one puzzle is stored and both serve it.
    let ((sa, da), (sb, db)) = tokio::join!(
        a.get("/api/kakuro/daily/today"),
        b.get("/api/kakuro/daily/today")
    );
    assert_eq!((sa, sb), (StatusCode::OK, StatusCode::OK));
    assert_eq!(da["puzzles"], db["puzzles"]);
    let date = da["date"].as_str().unwrap().to_string();
    // A token from one server is solved on the other, and both tables show
    // it (an account's: its session is valid on both).
    let cookie = account_cookie(&a, "Dee").await;
    let (_, started) = post_as(
        &a,
        Some(&cookie),
        &format!("/api/kakuro/daily/{date}/easy/start"),
        &json!({"player": player(7)}),
    )
    .await;
    let clues = started["puzzle"].as_str().unwrap().to_string();
    let grid = solve_independently(&clues);
    assert_eq!(
        clues,
        clues_of(&b, &date, "easy").await,
        "both servers give one daily's clues"
    );
    let floor = common::paths::floor_ms(&clues);
    clock.shift(floor as i64 + 100);
    let path = common::paths::person_path(&grid, floor, 7);
    let (status, body) = post_as(
        &b,
        Some(&cookie),
        &format!("/api/kakuro/daily/{date}/easy/solve"),
        &json!({"token": started["token"], "player": player(7), "grid": grid, "name": "Dee", "path": path}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    for server in [&a, &b] {
        let (_, table) = server
            .get(&format!("/api/kakuro/daily/{date}/easy/table"))
            .await;
        assert_eq!(table["best"][0]["name"], "Dee", "{table}");
    }
    // A ChessMemory game started on one server is played on both.
    let (_, started) = a
        .post(
            &format!("/api/chess/daily/{date}/start"),
            &json!({"player": player(8)}),
        )
        .await;
    let game = started["game"].as_str().unwrap();
    let (status, first) = a
        .post(
            &format!("/api/chess/daily/{date}/turn"),
            &json!({"game": game, "square": 10}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{first}");
    // The other server knows the pace too.
    let (status, _) = b
        .post(
            &format!("/api/chess/daily/{date}/turn"),
            &json!({"game": game, "square": 11}),
        )
        .await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    clock.shift(first["wait_ms"].as_i64().unwrap());
    let (status, second) = b
        .post(
            &format!("/api/chess/daily/{date}/turn"),
            &json!({"game": game, "square": 11}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{second}");
    assert_eq!(second["moves"], 1);
    a.stop().await;
    b.stop().await;
}

// ------------------------------------------------------------ ranks

on_both_backends!(ranks_are_one_plus_the_faster_clean_solves);
/// The store's rank (bucket counts plus the solves of the time's own bucket)
/// against a count of the faster clean solves made here, over times spread
/// across many buckets and shards, ties, equal times with other move
/// counts, and assisted and uncounted solves, which never rank.
async fn ranks_are_one_plus_the_faster_clean_solves(url: &str) {
    use gridforge_server::storage::daily::{DailyKey, DailyRecorded, DailySolve};
    let store = gridforge_server::storage::open(url, 4)
        .await
        .expect("store");
    let key = DailyKey {
        game: "chess",
        day: "2026-11-26".to_string(),
        variant: "setup",
    };
    // A small generator of times: clusters (many in one bucket), a spread
    // over seven powers of ten, repeats.
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut clean: Vec<(i64, i64)> = Vec::new();
    for i in 0..600u32 {
        let r = next();
        let time_ms = match r % 4 {
            0 => 12_000 + (r >> 8) as i64 % 1_000,
            1 => 10i64.pow(1 + (r >> 8) as u32 % 7) + (r >> 16) as i64 % 1_000,
            2 => clean
                .get((r >> 8) as usize % clean.len().max(1))
                .map_or(5, |c| c.0),
            _ => (r >> 8) as i64 % 3_000_000,
        };
        let moves = 32 + (r >> 40) as i64 % 8;
        let assisted = r % 11 == 0;
        let counted = r % 13 != 0;
        // Anonymous solves are recorded and told the rank they would have,
        // and are in no one's rank (issue 38).
        let anonymous = r % 17 == 0;
        let nonce = i.to_be_bytes().repeat(4);
        let player = format!("player-{i:04}");
        let recorded = store
            .record_daily_solve(&DailySolve {
                key: &key,
                nonce: &nonce,
                player: &player,
                time_ms,
                moves: Some(moves),
                assisted,
                helped_starter: None,
                counted,
                name: None,
                solved_at: i64::from(i),
                entering: gridforge_server::storage::review::Entering {
                    account_id: (!anonymous).then_some(1 + i64::from(i % 7)),
                    ..Default::default()
                },
                session: None,
            })
            .await
            .expect("recorded");
        // A clean counted solve's rank comes with its recording: 1 + the
        // clean solves by accounts recorded before it that are better.
        let rank = (counted && !assisted)
            .then(|| 1 + clean.iter().filter(|c| **c < (time_ms, moves)).count() as i64);
        assert_eq!(
            recorded,
            DailyRecorded::Recorded { rank, assisted },
            "solve {i}"
        );
        if counted && !assisted && !anonymous {
            clean.push((time_ms, moves));
        }
    }
    for probe in 0..300 {
        let (time_ms, moves) = match probe % 3 {
            0 => clean[probe % clean.len()],
            1 => (clean[probe % clean.len()].0, 35),
            _ => ((next() >> 8) as i64 % 20_000_000, 33),
        };
        let faster = clean.iter().filter(|c| **c < (time_ms, moves)).count() as i64;
        let rank = store
            .daily_rank(&key, time_ms, Some(moves))
            .await
            .expect("rank");
        assert_eq!(rank, 1 + faster, "time {time_ms} ms, {moves} moves");
    }
}

on_both_backends!(a_batch_counts_its_own_better_solves_in_each_rank);
/// A group commit answers each solve the rank it has after the commit
/// (issue 38): on PostgreSQL a batch is one statement, which does not see
/// its own rows, and on SQLite a statement a solve sees only the ones
/// before it, so the better solves of the batch are added afterwards. A
/// lock on the database holds the writer on a first solve while 40 more
/// queue, so they share one batch; each is answered 1 + the clean public
/// solves better than it, of the batch and before it (an assisted, an
/// anonymous and a held solve are in no rank, and another daily's solves
/// are in no rank of this one).
async fn a_batch_counts_its_own_better_solves_in_each_rank(url: &str) {
    use gridforge_server::storage::daily::{DailyKey, DailyRecorded, DailySolve};
    use sqlx::Connection;
    let store = std::sync::Arc::new(
        gridforge_server::storage::open(url, 4)
            .await
            .expect("store"),
    );
    let key = DailyKey {
        game: "kakuro",
        day: "2026-11-27".to_string(),
        variant: "easy",
    };
    let other = DailyKey {
        variant: "hard",
        ..key.clone()
    };
    // (time, account, assisted, held, other daily) of each solve; the
    // first is recorded while the lock holds the writer.
    let solve = |i: u32| {
        let time_ms = 30_000 + i64::from((i * 7_919) % 41) * 250 + i64::from(i % 3);
        (time_ms, i % 11 != 5, i % 13 == 4, i % 17 == 6, i % 19 == 7)
    };
    // Held until the COMMIT below: PostgreSQL's INSERT waits for the table
    // lock, SQLite's writer for the write lock (its busy timeout is 5 s).
    let (mut pg_lock, mut sqlite_lock) = if url.starts_with("postgres") {
        let mut lock = sqlx::PgConnection::connect(url).await.expect("connect");
        sqlx::raw_sql("BEGIN; LOCK TABLE daily_solves IN SHARE MODE")
            .execute(&mut lock)
            .await
            .expect("lock");
        (Some(lock), None)
    } else {
        let mut lock = sqlx::SqliteConnection::connect(url).await.expect("connect");
        sqlx::raw_sql("BEGIN IMMEDIATE")
            .execute(&mut lock)
            .await
            .expect("lock");
        (None, Some(lock))
    };
    let mut tasks = tokio::task::JoinSet::new();
    for i in 0..41u32 {
        let store = store.clone();
        let (key, other) = (key.clone(), other.clone());
        tasks.spawn(async move {
            let (time_ms, by_account, assisted, held, on_other) = solve(i);
            let nonce = (i + 1000).to_be_bytes().repeat(4);
            let player = format!("player-{i:02}");
            let recorded = store
                .record_daily_solve(&DailySolve {
                    key: if on_other { &other } else { &key },
                    nonce: &nonce,
                    player: &player,
                    time_ms,
                    moves: None,
                    assisted,
                    helped_starter: None,
                    counted: true,
                    name: None,
                    solved_at: 1_000 + i64::from(i),
                    entering: gridforge_server::storage::review::Entering {
                        account_id: by_account.then_some(1),
                        hold: held.then_some("pacing"),
                        ..Default::default()
                    },
                    session: None,
                })
                .await
                .expect("recorded");
            (i, recorded)
        });
        if i == 0 {
            // The first solve reaches the writer, which waits on the lock.
            tokio::time::sleep(std::time::Duration::from_millis(300)).await;
        }
    }
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    match (&mut pg_lock, &mut sqlite_lock) {
        (Some(lock), _) => sqlx::raw_sql("COMMIT").execute(lock).await.map(drop),
        (_, Some(lock)) => sqlx::raw_sql("COMMIT").execute(lock).await.map(drop),
        _ => unreachable!("one lock is held"),
    }
    .expect("unlock");
    let mut outcomes = Vec::new();
    while let Some(joined) = tasks.join_next().await {
        outcomes.push(joined.expect("task"));
    }
    let listed = |i: u32| {
        let (_, by_account, assisted, held, _) = solve(i);
        by_account && !assisted && !held
    };
    let mut batch_ahead_seen = false;
    for (i, recorded) in outcomes {
        let (time_ms, _, assisted, _, on_other) = solve(i);
        // The first was recorded alone, into an empty daily.
        let better = (0..41u32)
            .filter(|&j| i != 0 && listed(j) && solve(j).4 == on_other && solve(j).0 < time_ms)
            .count() as i64;
        batch_ahead_seen |= i != 0 && better > 1;
        let rank = (!assisted).then_some(1 + better);
        assert_eq!(
            recorded,
            DailyRecorded::Recorded { rank, assisted },
            "solve {i} ({time_ms} ms)"
        );
    }
    assert!(batch_ahead_seen, "the batch ranked no solve behind another");
    // And the store's own rank of the slowest time agrees.
    let slowest = 50_000;
    let listed_here = (0..41u32).filter(|&j| listed(j) && !solve(j).4).count() as i64;
    let rank = store.daily_rank(&key, slowest, None).await.expect("rank");
    assert_eq!(rank, 1 + listed_here);
}

on_both_backends!(solves_sharing_a_commit_each_keep_their_own_outcome);
/// Group commit (issue 46): 400 solves sent at once share commits, and each
/// is answered its own outcome: a clean solve its rank, an assisted one
/// none, a reused token "used", a second counted solve of a player
/// "already solved"; on PostgreSQL a solve the database refuses (a NUL in
/// its name) fails alone and the others of its commit are recorded.
async fn solves_sharing_a_commit_each_keep_their_own_outcome(url: &str) {
    use gridforge_server::storage::daily::{DailyKey, DailyRecorded, DailySolve};
    let store = gridforge_server::storage::open(url, 4)
        .await
        .expect("store");
    let postgres = url.starts_with("postgres");
    let key = DailyKey {
        game: "kakuro",
        day: "2026-11-28".to_string(),
        variant: "easy",
    };
    /// What solve `i` is.
    #[derive(Clone, Copy, PartialEq, Debug)]
    enum Kind {
        Clean,
        Assisted,
        /// The token of solve `i - 1`.
        ReusedToken,
        /// The player of solve `i - 1`, counted again.
        SamePlayer,
        /// A NUL in the name.
        Refused,
    }
    let kind = |i: u32| match i % 10 {
        3 => Kind::Assisted,
        5 => Kind::ReusedToken,
        7 => Kind::SamePlayer,
        9 if i % 100 == 99 => Kind::Refused,
        _ => Kind::Clean,
    };
    let mut tasks = tokio::task::JoinSet::new();
    for i in 0..400u32 {
        let store = store.clone();
        let key = key.clone();
        tasks.spawn(async move {
            let kind = kind(i);
            let own = |n: u32| n.to_be_bytes().repeat(4);
            let nonce = if kind == Kind::ReusedToken {
                own(i - 1)
            } else {
                own(i)
            };
            let player = match kind {
                Kind::SamePlayer => format!("player-{:04}", i - 1),
                _ => format!("player-{i:04}"),
            };
            let name = (kind == Kind::Refused).then_some("nul\0name");
            let recorded = store
                .record_daily_solve(&DailySolve {
                    key: &key,
                    nonce: &nonce,
                    player: &player,
                    // Distinct times, so that every clean solve has a rank of its own.
                    time_ms: 20_000 + i64::from(i) * 7,
                    moves: None,
                    assisted: kind == Kind::Assisted,
                    helped_starter: None,
                    counted: true,
                    name,
                    solved_at: i64::from(i),
                    entering: gridforge_server::storage::review::Entering {
                        account_id: Some(1),
                        ..Default::default()
                    },
                    session: None,
                })
                .await;
            (i, kind, recorded)
        });
    }
    let mut clean_times = Vec::new();
    let mut seen = 0;
    while let Some(joined) = tasks.join_next().await {
        let (i, kind, recorded) = joined.expect("task");
        seen += 1;
        // The solve a reused token or a repeated player collides with may
        // be written after this one (they race): either may win.
        let first_of_pair = matches!(kind, Kind::Clean) && matches!(i % 10, 4 | 6);
        match (kind, recorded) {
            (Kind::Refused, Err(_)) if postgres => {}
            (Kind::Refused, Ok(DailyRecorded::Recorded { rank: Some(_), .. })) if !postgres => {
                clean_times.push(i)
            }
            (Kind::Clean, Ok(DailyRecorded::Recorded { rank: Some(_), .. })) => clean_times.push(i),
            (Kind::Clean, Ok(DailyRecorded::NonceUsed)) if first_of_pair && i % 10 == 4 => {}
            (Kind::Clean, Ok(DailyRecorded::AlreadySolved)) if first_of_pair && i % 10 == 6 => {}
            (
                Kind::Assisted,
                Ok(DailyRecorded::Recorded {
                    rank: None,
                    assisted: true,
                }),
            ) => {}
            (Kind::ReusedToken, Ok(DailyRecorded::NonceUsed)) => {}
            (Kind::ReusedToken, Ok(DailyRecorded::Recorded { rank: Some(_), .. })) => {
                clean_times.push(i)
            }
            (Kind::SamePlayer, Ok(DailyRecorded::AlreadySolved)) => {}
            (Kind::SamePlayer, Ok(DailyRecorded::Recorded { rank: Some(_), .. })) => {
                clean_times.push(i)
            }
            (kind, outcome) => panic!("solve {i} ({kind:?}): {outcome:?}"),
        }
    }
    assert_eq!(seen, 400);
    // Exactly one of each colliding pair was recorded.
    for pair in (0..400u32).filter(|i| matches!(i % 10, 5 | 7)) {
        let both = [pair - 1, pair]
            .iter()
            .filter(|i| clean_times.contains(i))
            .count();
        assert_eq!(both, 1, "solves {} and {pair}", pair - 1);
    }
    // Every clean solve is in the ranks, once.
    let slowest = 20_000 + 400 * 7;
    let rank = store.daily_rank(&key, slowest, None).await.expect("rank");
    assert_eq!(rank, 1 + clean_times.len() as i64);
}

#[test]
fn rank_buckets_keep_two_or_three_leading_digits() {
    use gridforge_server::storage::daily::rank_bucket;
    for (time, two, three) in [
        (0, 0, 0),
        (99, 99, 99),
        (100, 100, 100),
        (109, 100, 109),
        (999, 990, 999),
        (1_000, 1_000, 1_000),
        (12_345, 12_000, 12_300),
        (99_999, 99_000, 99_900),
        (100_000, 100_000, 100_000),
        (3_456_789, 3_400_000, 3_450_000),
        (99_999_999_999_999, 99_000_000_000_000, 99_900_000_000_000),
        (
            123_456_789_012_345_678,
            123_456_000_000_000_000,
            123_456_000_000_000_000,
        ),
    ] {
        assert_eq!(rank_bucket(time, 2), two, "{time}");
        assert_eq!(rank_bucket(time, 3), three, "{time}");
        // A 3-digit bucket lies inside its time's 2-digit bucket.
        assert_eq!(rank_bucket(three, 2), two, "{time}");
    }
}

on_both_backends!(a_game_left_for_a_replay_does_not_count_either);
/// A player turns a square of game A, starts B (a replay) and turns squares
/// there, then goes back to A and wins it: A does not count either, since B
/// showed the board while A waited. A player with one game counts.
async fn a_game_left_for_a_replay_does_not_count_either(url: &str) {
    use gridforge_server::storage::daily::{ChessGame, DailyKey, DailySolve};
    let store = gridforge_server::storage::open(url, 4)
        .await
        .expect("store");
    let day = "2026-11-26";
    let key = DailyKey {
        game: "chess",
        day: day.to_string(),
        variant: "setup",
    };
    let game = |id: u8, player: &str, started_at: i64| ChessGame {
        id: vec![id; 16],
        day: day.to_string(),
        player: player.to_string(),
        name: None,
        started_at,
        next_turn_at: started_at,
        matched: 0,
        shown: Vec::new(),
        moves: 0,
        turns: 0,
        log: String::new(),
        finished_at: None,
    };
    let turned = |g: &ChessGame, square: u8| ChessGame {
        turns: g.turns + 1,
        shown: vec![square],
        log: square.to_string(),
        ..g.clone()
    };
    // Wins `g` (its version `turns`) and says whether the solve counted.
    let win = |g: &ChessGame| {
        let won = ChessGame {
            turns: g.turns + 1,
            matched: -1,
            moves: 32,
            finished_at: Some(g.started_at + 60_000),
            ..g.clone()
        };
        let store = &store;
        let key = &key;
        let before = g.turns;
        async move {
            let solve = DailySolve {
                key,
                nonce: &won.id,
                player: &won.player,
                time_ms: 60_000,
                moves: Some(32),
                assisted: false,
                helped_starter: None,
                counted: true,
                name: None,
                solved_at: won.started_at + 60_000,
                entering: Default::default(),
                session: None,
            };
            store
                .update_chess_game(&won, before, Some(&solve))
                .await
                .expect("written")
                .expect("no other turn came first")
        }
    };

    let a = game(1, "player-a-0001", 1_000);
    assert!(!store.start_chess_game(&a).await.unwrap(), "a first game");
    let a = turned(&a, 0);
    assert_eq!(
        store.update_chess_game(&a, 0, None).await.unwrap(),
        Some(false)
    );
    let b = game(2, "player-a-0001", 2_000);
    assert!(store.start_chess_game(&b).await.unwrap(), "a replay");
    let b = turned(&b, 5);
    assert_eq!(
        store.update_chess_game(&b, 0, None).await.unwrap(),
        Some(false)
    );
    assert!(!win(&a).await, "A waited while B showed the board");

    let c = game(3, "player-c-0001", 3_000);
    assert!(!store.start_chess_game(&c).await.unwrap());
    let c = turned(&c, 9);
    assert_eq!(
        store.update_chess_game(&c, 0, None).await.unwrap(),
        Some(false)
    );
    assert!(win(&c).await, "one game, counted");
}
