//! Every endpoint's JSON body through the whole router, in process (no
//! socket): the first byte picks the route from the server's own route list
//! (`router::ROUTES`, every family's routes and the daily puzzles' included,
//! so a new route or family is fuzzed without touching this file); the
//! second byte picks, in its low three bits, a level number for the
//! `{number}` routes, in the next two a day for the `{date}` routes (today,
//! yesterday, tomorrow, 400 days ago) and in the next two a difficulty for
//! `{difficulty}`; the rest is the body, or for the GET routes the rest of
//! the path. In a body, `$T` stands for a fresh start token (or a daily
//! ChessMemory game id) from the same route's `/start` (Triplex,
//! BlockPuzzle, the daily Kakuro and ChessMemory), so solves, names and
//! turns get past the signature. Each daily start is made for a new player
//! id, which `$P` stands for; `$S` stands for the daily Kakuro's solution
//! (solved here), and for that solve the server's clock (the fuzzer's own,
//! `Config::clock`) moves past the puzzle's believable minimum and back after
//! it, so daily solves are accepted, recorded and ranked, not only refused.
//!
//! The published paths' route (`/api/paths/{entry}`, issue 38) gets
//! `daily-` and the GET's tail as its entry id.
//!
//! The account routes (issue 38) are fuzzed without a session (so their
//! 401s and the WebAuthn ceremonies' bodies), with the web client's
//! cross-site header.
//!
//! Properties: the server never answers 5xx to anything a client sends
//! (bad input is 4xx; the engines' budgets bound the work); every 4xx of an
//! API route is a JSON object with an `error` string; every 2xx of one is
//! JSON.

#![no_main]

use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use axum::Router;
use gridforge_server::clock::Clock;
use gridforge_server::dailies::Day;
use gridforge_server::router::ROUTES;
use gridforge_server::{Config, Server};
use libfuzzer_sys::fuzz_target;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};
use tower::ServiceExt;

struct App {
    runtime: tokio::runtime::Runtime,
    router: Router,
    /// The server's clock: moved on past a daily's believable minimum.
    clock: Clock,
    /// Daily starts made so far: each is for a new player id.
    players: AtomicU64,
    /// The daily Kakuro solutions by `date/difficulty`, solved here once.
    solutions: Mutex<HashMap<String, String>>,
}

/// One server for the whole run: a fresh SQLite file in the temp folder.
fn app() -> &'static App {
    static APP: OnceLock<App> = OnceLock::new();
    APP.get_or_init(|| {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a runtime");
        let dir = std::env::temp_dir().join(format!("gridforge-fuzz-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a temp folder");
        let url = format!("sqlite://{}", dir.join("fuzz.db").display());
        let mut config = Config::new("127.0.0.1:0".parse().unwrap(), url);
        // One engine run at a time, and no long waits for a slot; a
        // generation gets a quarter second (a 30×30 under the fuzzer's
        // instrumentation takes seconds, which would be most of the run),
        // past which the route's 422 is what is fuzzed.
        config.compute_slots = 1;
        config.generate_time = std::time::Duration::from_millis(250);
        let clock = Clock::default();
        config.clock = clock.clone();
        let server = runtime
            .block_on(Server::start(&config))
            .expect("the server starts");
        let router = server.router();
        // The socket stays bound but unused; the router is all we drive.
        std::mem::forget(server);
        App {
            runtime,
            router,
            clock,
            players: AtomicU64::new(0),
            solutions: Mutex::new(HashMap::new()),
        }
    })
}

async fn call(router: &Router, method: Method, uri: &str, body: Vec<u8>) -> (StatusCode, Vec<u8>) {
    let Ok(request) = Request::builder()
        .method(method)
        .uri(uri)
        .header("content-type", "application/json")
        // As the web client sends it: the account routes' cross-site check
        // passes, so their bodies (WebAuthn credentials) are what is fuzzed.
        .header("x-gridforge-request", "1")
        .body(Body::from(body))
    else {
        return (
            StatusCode::BAD_REQUEST,
            b"{\"error\":\"not a request\"}".to_vec(),
        );
    };
    let response = router
        .clone()
        .oneshot(request)
        .await
        .expect("the router is infallible");
    let status = response.status();
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .expect("a whole body");
    (status, bytes.to_vec())
}

fn check(uri: &str, status: StatusCode, body: &[u8]) {
    let text = String::from_utf8_lossy(body);
    assert!(!status.is_server_error(), "{uri}: {status} {text}");
    if !uri.starts_with("/api/") {
        return;
    }
    if status.is_client_error() {
        let value: serde_json::Value = serde_json::from_slice(body)
            .unwrap_or_else(|e| panic!("{uri}: {status} without a JSON body ({e}): {text}"));
        assert!(value["error"].is_string(), "{uri}: {status} {text}");
    } else if status.is_success() {
        serde_json::from_slice::<serde_json::Value>(body)
            .unwrap_or_else(|e| panic!("{uri}: {status} not JSON ({e}): {text}"));
    }
}

/// The player id of the `n`th daily start.
fn player(n: u64) -> String {
    format!("fuzz-player-{n:08}")
}

/// The daily Kakuro of `date` and `difficulty`'s solution in the text format
/// a solve sends, solved here with the library's search on the clues its
/// start gives (cached).
async fn daily_solution(app: &App, date: &str, difficulty: &str) -> Option<String> {
    let key = format!("{date}/{difficulty}");
    if let Some(found) = app.solutions.lock().unwrap().get(&key) {
        return Some(found.clone());
    }
    // Only a start gives a daily's clues (issue 38).
    let uri = format!("/api/kakuro/daily/{date}/{difficulty}/start");
    let body = format!(r#"{{"player":"{}"}}"#, player(u64::MAX / 2));
    let (status, answer) = call(&app.router, Method::POST, &uri, body.into_bytes()).await;
    check(&uri, status, &answer);
    if !status.is_success() {
        return None;
    }
    let started: serde_json::Value = serde_json::from_slice(&answer).ok()?;
    let puzzle = started["puzzle"]
        .as_str()?
        .parse::<gridforge_kakuro::Board>()
        .ok()?;
    let outcome = gridforge_kakuro::solve(&puzzle, 2, 5_000_000).ok()?;
    let [solution] = &outcome.solutions[..] else {
        panic!("{key}: a daily Kakuro with {} solutions", outcome.solutions.len());
    };
    let text = solution.to_string();
    app.solutions.lock().unwrap().insert(key, text.clone());
    Some(text)
}

fuzz_target!(|data: &[u8]| {
    let [pick, params, rest @ ..] = data else {
        return;
    };
    let app = app();
    let App { runtime, router, clock, .. } = app;
    // Levels 0 to 5 (0 does not exist), BlockPuzzle's last and a sealed
    // Triplex level past the first pack.
    let level = match params & 7 {
        6 => 500,
        7 => 725,
        n => u32::from(n),
    };
    let today = Day::of_ms(clock.now_ms());
    let day = Day(today.0 + [0, -1, 1, -400][usize::from((params >> 3) & 3)]);
    let difficulty = ["easy", "medium", "hard", "expert"][usize::from((params >> 5) & 3)];
    let (method, path) = &ROUTES[usize::from(*pick) % ROUTES.len()];
    let uri = path
        .replace("{number}", &level.to_string())
        .replace("{date}", &day.to_string())
        .replace("{difficulty}", difficulty)
        // A published path's entry id: the rest of the path (a GET's tail)
        // is its hex nonce, or whatever the fuzzer makes of it.
        .replace("{entry}", "daily-");
    runtime.block_on(async {
        if *method == "post" {
            let mut body = rest.to_vec();
            // How far the clock was moved for this solve, to move it back.
            let mut waited = 0;
            if body.windows(2).any(|w| w == b"$T") {
                // The start route of the same family and level.
                if let Some(prefix) = uri.rsplit_once('/').map(|(prefix, _)| prefix) {
                    let start = format!("{prefix}/start");
                    let who = player(app.players.fetch_add(1, Ordering::Relaxed));
                    let start_body = if start.contains("/daily/") {
                        format!(r#"{{"player":"{who}"}}"#).into_bytes()
                    } else {
                        Vec::new()
                    };
                    let (status, answer) = call(router, Method::POST, &start, start_body).await;
                    check(&start, status, &answer);
                    if status.is_success() {
                        let value: serde_json::Value = serde_json::from_slice(&answer).unwrap();
                        // A start that hands out no token (the account
                        // routes' `register/start` answers a ceremony) leaves
                        // `$T` empty: the route then answers its 4xx.
                        let token = value["token"]
                            .as_str()
                            .or(value["game"].as_str())
                            .unwrap_or_default()
                            .to_string();
                        let mut text = String::from_utf8_lossy(&body)
                            .replace("$T", &token)
                            .replace("$P", &who);
                        if text.contains("$S") && uri.starts_with("/api/kakuro/daily/") {
                            let solution =
                                daily_solution(app, &day.to_string(), difficulty).await;
                            // Inside a JSON string: its newlines escaped.
                            let escaped = serde_json::to_string(&solution.unwrap_or_default())
                                .unwrap_or_default();
                            let escaped = escaped.trim_matches('"');
                            text = text.replace("$S", escaped);
                            // A person takes the believable minimum at least.
                            if let Some(wait) = value["min_time_ms"].as_u64() {
                                waited = wait as i64 + 1;
                                clock.shift(waited);
                            }
                        }
                        body = text.into_bytes();
                    }
                }
            }
            let (status, answer) = call(router, Method::POST, &uri, body).await;
            check(&uri, status, &answer);
            // The clock stays by the real one, so the days do not run ahead
            // (each new day would make its dailies again).
            clock.shift(-waited);
        } else if *method == "delete" {
            let (status, answer) = call(router, Method::DELETE, &uri, rest.to_vec()).await;
            check(&uri, status, &answer);
        } else {
            let Ok(tail) = std::str::from_utf8(rest) else {
                return;
            };
            let uri = uri + tail;
            let (status, answer) = call(router, Method::GET, &uri, Vec::new()).await;
            check(&uri, status, &answer);
        }
    });
});
