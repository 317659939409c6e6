//! The review hold (issue 38, steps 3 and 4) in the store, on both backends
//! (a real SQLite file and a real PostgreSQL): held and voided entries are on
//! no public table, in no rank and no first-solver lookup; approving puts an
//! entry back; voiding a first-solver claim frees the level; a ban voids the
//! account's solves; every action is audited.

#[macro_use]
mod common {
    #[macro_use]
    pub mod harness;
    pub mod passkey;
    pub mod paths;
    pub mod postgres;
}
use common::harness::{test_db, Backend};
use common::passkey::Browser;
use gridforge_server::storage::accounts::{AccountCreated, NewAccount, NewPasskey, NewSession};
use gridforge_server::storage::daily::{DailyKey, DailyRecorded, DailySolve};
use gridforge_server::storage::review::{
    Entering, EntryId, EntryTable, KeptPath, ReviewState, Reviewed,
};
use gridforge_server::storage::{NewSolve, SolveRecorded, Store};

const ACTOR: &str = "test-operator";

/// Makes an account and returns its id.
async fn account(store: &dyn Store, name: &str) -> i64 {
    let created = store
        .create_account(&NewAccount {
            handle: &format!("handle-{name}"),
            name,
            name_key: &name.to_lowercase(),
            now: 1,
            provisional_until: 2,
            passkey: NewPasskey {
                credential_id: name.as_bytes(),
                passkey: "{}",
            },
            session: NewSession {
                token_hash: name.as_bytes(),
                expires_at: i64::MAX,
            },
            network: name,
            day: "2026-11-26",
            limit: 10,
        })
        .await
        .expect("account");
    match created {
        AccountCreated::Created(id) => id,
        other => panic!("account not made: {other:?}"),
    }
}

fn daily_id(nonce: &[u8]) -> EntryId {
    EntryId {
        table: EntryTable::Daily,
        nonce: nonce.to_vec(),
    }
}

on_both_backends!(held_and_voided_entries_leave_every_table);
async fn held_and_voided_entries_leave_every_table(url: &str) {
    let store = gridforge_server::storage::open(url, 4)
        .await
        .expect("store");
    let store = store.as_ref();
    let key = DailyKey {
        game: "kakuro",
        day: "2026-11-26".to_string(),
        variant: "medium",
    };
    let banned = account(store, "Banned").await;
    // Only accounts are on public tables: every player here has one.
    let mut accounts = Vec::new();
    for i in 1..=5u8 {
        accounts.push(if i == 3 {
            banned
        } else {
            account(store, &format!("Player{i}")).await
        });
    }
    let path = KeptPath {
        text: "AQEB",
        stats: r#"{"events":1}"#,
        flags: r#"["reading_order: 100 % of placements in reading order"]"#,
    };
    // Five players: 1 (fastest) is held from the start by its flags, 2 is
    // public, 3 is the banned account's, 4 and 5 are public and slower.
    let mut ranks = Vec::new();
    for (i, time_ms) in [
        (1u8, 10_000i64),
        (2, 20_000),
        (3, 30_000),
        (4, 40_000),
        (5, 50_000),
    ] {
        let nonce = [i; 16];
        let player = format!("player-{i}");
        let entering = Entering {
            account_id: Some(accounts[usize::from(i) - 1]),
            path: Some(path),
            hold: (i == 1).then_some("flagged: reading_order"),
        };
        let recorded = store
            .record_daily_solve(&DailySolve {
                key: &key,
                nonce: &nonce,
                player: &player,
                time_ms,
                moves: None,
                assisted: false,
                helped_starter: None,
                counted: true,
                name: Some(&player),
                solved_at: 1_000 + i64::from(i),
                entering,
                session: None,
            })
            .await
            .expect("recorded");
        ranks.push(recorded);
    }
    // The held solve is in no one's rank: player 2 is first.
    let rank = |r: i64| DailyRecorded::Recorded {
        rank: Some(r),
        assisted: false,
    };
    assert_eq!(ranks, vec![rank(1), rank(1), rank(2), rank(3), rank(4)]);
    let names = |table: &gridforge_server::storage::daily::DailyTable| {
        table
            .best
            .iter()
            .map(|e| e.name.clone().unwrap_or_default())
            .collect::<Vec<_>>()
    };
    let table = store
        .daily_table(&key, Some("player-1"), 10)
        .await
        .expect("table");
    assert_eq!(
        names(&table),
        ["player-2", "player-3", "player-4", "player-5"]
    );
    assert_eq!(table.solvers, 4);
    // The held player sees their own time, the rank it would have, and
    // that it is held.
    let own = table.own.expect("own line");
    assert_eq!(
        (own.time_ms, own.rank, own.review),
        (10_000, Some(1), ReviewState::Held)
    );

    // The queue lists it with its flags.
    let queue = store.review_queue().await.expect("queue");
    assert_eq!(queue.len(), 1);
    assert_eq!(queue[0].id, daily_id(&[1; 16]));
    assert_eq!(queue[0].what, "kakuro/2026-11-26/medium");
    assert_eq!(queue[0].flags.as_deref(), Some(path.flags));
    assert_eq!(queue[0].reason.as_deref(), Some("flagged: reading_order"));

    // Approve: back on the table and in the ranks (player 5 is 5th now).
    let held = daily_id(&[1; 16]);
    assert_eq!(
        store.approve(&held, ACTOR, 2_000).await.expect("approve"),
        Reviewed::Changed
    );
    assert_eq!(
        store.approve(&held, ACTOR, 2_001).await.expect("again"),
        Reviewed::Unchanged
    );
    assert_eq!(store.daily_rank(&key, 50_000, None).await.expect("rank"), 5);
    // Hold player 4, void player 2: both leave the table and the ranks.
    let fourth = daily_id(&[4; 16]);
    assert_eq!(
        store
            .hold(&fourth, "operator's look", ACTOR, 2_002)
            .await
            .expect("hold"),
        Reviewed::Changed
    );
    let second = daily_id(&[2; 16]);
    assert_eq!(
        store
            .void(&second, "a bot", ACTOR, 2_003)
            .await
            .expect("void"),
        Reviewed::Changed
    );
    assert_eq!(
        store.approve(&second, ACTOR, 2_004).await.expect("approve"),
        Reviewed::Unchanged,
        "a voided entry stays voided"
    );
    assert_eq!(
        store
            .void(&daily_id(&[9; 16]), "nothing", ACTOR, 2_005)
            .await
            .expect("void"),
        Reviewed::NoSuchEntry
    );
    let table = store.daily_table(&key, None, 10).await.expect("table");
    assert_eq!(names(&table), ["player-1", "player-3", "player-5"]);
    assert_eq!(store.daily_rank(&key, 50_000, None).await.expect("rank"), 3);
    // Ban the account of player 3: its solve is voided, its sessions end.
    assert_eq!(
        store
            .ban(banned, "bot farm", ACTOR, 2_006)
            .await
            .expect("ban"),
        Reviewed::Changed
    );
    assert_eq!(
        store
            .ban(banned, "bot farm", ACTOR, 2_007)
            .await
            .expect("again"),
        Reviewed::Unchanged
    );
    assert_eq!(
        store
            .ban(banned + 100, "nobody", ACTOR, 2_008)
            .await
            .expect("none"),
        Reviewed::NoSuchEntry
    );
    assert!(store
        .session_account(b"Banned", 3)
        .await
        .expect("session")
        .is_none());
    let table = store.daily_table(&key, None, 10).await.expect("table");
    assert_eq!(names(&table), ["player-1", "player-5"]);
    assert_eq!(store.daily_rank(&key, 50_000, None).await.expect("rank"), 2);
    let stored = store
        .stored_path(&daily_id(&[3; 16]))
        .await
        .expect("path")
        .expect("kept");
    assert_eq!(stored.review, ReviewState::Voided);
    assert_eq!(stored.path.as_deref(), Some(path.text));

    // The audit has every action, in order, with its actor.
    let audit = store.review_audit().await.expect("audit");
    let actions: Vec<(&str, &str)> = audit
        .iter()
        .map(|a| (a.action.as_str(), a.entry.as_str()))
        .collect();
    let banned_entry = format!("account-{banned}");
    assert_eq!(
        actions,
        [
            ("approve", held.to_string().as_str()),
            ("hold", fourth.to_string().as_str()),
            ("void", second.to_string().as_str()),
            ("ban", banned_entry.as_str()),
        ]
    );
    assert!(audit.iter().all(|a| a.actor == ACTOR));
    assert_eq!(audit[2].reason.as_deref(), Some("a bot"));
    store.close().await;
}

on_both_backends!(a_held_first_solve_is_no_first_solver_and_a_void_frees_the_level);
async fn a_held_first_solve_is_no_first_solver_and_a_void_frees_the_level(url: &str) {
    let store = gridforge_server::storage::open(url, 4)
        .await
        .expect("store");
    let store = store.as_ref();
    let level = "level-under-test";
    let claimer = account(store, "Claimer").await;
    let solve = |nonce: &'static [u8], time_ms: i64, hold: Option<&'static str>| NewSolve {
        level,
        nonce,
        time_ms,
        solved_at: 5_000 + time_ms,
        name: Some("claimer"),
        hinted: false,
        entering: Entering {
            account_id: Some(claimer),
            path: None,
            hold,
        },
        claim_hold: None,
    };
    // A held claim: the level's first solve, but no first solver is shown,
    // and its time is in no record.
    let first = store
        .record_solve(&solve(
            b"bot-nonce-000001",
            900,
            Some("provisional account"),
        ))
        .await
        .expect("solve");
    assert_eq!(
        first,
        SolveRecorded::Recorded {
            first: true,
            hinted: false,
            would_be_first: false
        }
    );
    let second = store
        .record_solve(&solve(b"person-nonce-002", 60_000, None))
        .await
        .expect("solve");
    assert_eq!(
        second,
        SolveRecorded::Recorded {
            first: false,
            hinted: false,
            would_be_first: false
        }
    );
    let records = store.records(level).await.expect("records");
    assert_eq!(records.first, None, "a held claim is shown to no one");
    assert_eq!((records.solves, records.best_ms), (1, Some(60_000)));
    let queue = store.review_queue().await.expect("queue");
    assert_eq!(queue.len(), 1);
    assert!(queue[0].first, "the queue says it is the level's claim");
    assert_eq!(queue[0].what, level);
    // Voided: the level is free; the next solve claims it.
    let bot = EntryId {
        table: EntryTable::Triplex,
        nonce: b"bot-nonce-000001".to_vec(),
    };
    assert_eq!(
        store.void(&bot, "bot", ACTOR, 6_000).await.expect("void"),
        Reviewed::Changed
    );
    assert!(store.review_queue().await.expect("queue").is_empty());
    // A fresh store (another server, or this one after a restart) has no
    // cached "settled" level.
    let fresh = gridforge_server::storage::open(url, 2)
        .await
        .expect("store");
    let third = fresh
        .record_solve(&solve(b"person-nonce-003", 70_000, None))
        .await
        .expect("solve");
    assert_eq!(
        third,
        SolveRecorded::Recorded {
            first: true,
            hinted: false,
            would_be_first: false
        }
    );
    let records = fresh.records(level).await.expect("records");
    assert_eq!(records.first.map(|f| f.solved_at), Some(5_000 + 70_000));
    assert_eq!(records.solves, 2);
    fresh.close().await;
    store.close().await;
}

// ------------------------------------------------------------ the API

mod paths_api {
    pub use crate::common::harness::TestServer;
    pub use gridforge_server::clock::Clock;
    pub use reqwest::StatusCode;
    pub use serde_json::json;
}

use common::paths;

/// The easy daily of today: its date, puzzle text (from a start of its
/// own) and solution (found here with the library's search).
async fn easy_daily(server: &paths_api::TestServer) -> (String, String, String) {
    let (_, today) = server.get("/api/kakuro/daily/today").await;
    let date = today["date"].as_str().unwrap().to_string();
    // The listing carries no clues: a start gives them (issue 38).
    let (status, started) = server
        .post(
            &format!("/api/kakuro/daily/{date}/easy/start"),
            &serde_json::json!({"player": "player-clue-reader"}),
        )
        .await;
    assert_eq!(status, reqwest::StatusCode::OK, "{started}");
    let puzzle = started["puzzle"].as_str().unwrap().to_string();
    let board: gridforge_kakuro::Board = puzzle.parse().unwrap();
    let solved = gridforge_kakuro::solve(&board, 2, 5_000_000).expect("solved");
    assert_eq!(solved.solutions.len(), 1);
    (date, puzzle, solved.solutions[0].to_string())
}

/// A signed-in start of the daily at `base`: its token.
async fn account_start(browser: &mut Browser<'_>, base: &str, who: &str) -> String {
    let (status, body) = browser
        .post(
            &format!("{base}/start"),
            &serde_json::json!({"player": who}),
        )
        .await;
    assert_eq!(status, reqwest::StatusCode::OK, "{body}");
    body["token"].as_str().unwrap().to_string()
}

on_both_backends!(daily_paths_are_replayed_kept_and_flagged);
async fn daily_paths_are_replayed_kept_and_flagged(url: &str) {
    use paths_api::*;
    let clock = Clock::default();
    let server = TestServer::start_with(url, |c| c.clock = clock.clone()).await;
    let (date, puzzle, grid) = easy_daily(&server).await;
    let floor = paths::floor_ms(&puzzle);
    let base = format!("/api/kakuro/daily/{date}/easy");
    let start = |who: &'static str| {
        let server = &server;
        let base = base.clone();
        async move {
            let (status, body) = server
                .post(&format!("{base}/start"), &json!({"player": who}))
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
            body["token"].as_str().unwrap().to_string()
        }
    };
    // The person and the pathless player have accounts (only accounts are
    // listed); the bots play anonymously or would be held anyway.
    let mut person_account = Browser::new(&server);
    let mut pathless_account = Browser::new(&server);
    for (browser, name) in [
        (&mut person_account, "Person"),
        (&mut pathless_account, "Pathless"),
    ] {
        let (_, status, body) = browser.register(name).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
    }
    let person = account_start(&mut person_account, &base, "player-person").await;
    let bot = start("player-metronome").await;
    let reader = start("player-reader").await;
    // A metronome that asked the daily's own help: its solve is assisted,
    // and an assisted solve is not held for pacing alone.
    let helped = start("player-helped-metronome").await;
    let (status, body) = server
        .post(
            &format!("{base}/hint"),
            &json!({"token": helped, "player": "player-helped-metronome", "board": puzzle}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let pathless = account_start(&mut pathless_account, &base, "player-pathless").await;
    clock.shift(floor as i64 + 2_000);
    let solve_body = |token: String, who: &'static str, path: Option<String>| {
        let mut body = json!({"token": token, "player": who, "grid": grid, "name": who});
        if let Some(path) = path {
            body["path"] = json!(path);
        }
        body
    };
    let solve_path = format!("{base}/solve");
    let solve = |token: String, who: &'static str, path: Option<String>| {
        let server = &server;
        let body = solve_body(token, who, path);
        let solve_path = solve_path.clone();
        async move { server.post(&solve_path, &body).await }
    };
    // Paths that do not replay: refused, nothing kept, the token still good.
    let cells = paths::digit_cells(&grid);
    let broken = [
        "not base64!".to_string(),
        String::new(),
        // Ends elsewhere: one digit short.
        {
            let full = paths::person_path(&grid, floor, 1);
            let mut path: gridforge_kakuro::KakuroPath = full.parse().unwrap();
            path.events.pop();
            path.to_string()
        },
        // Ends long before the solve's time.
        paths::person_path(&grid, 1_000 + cells.len() as u64, 2),
        // Ends after it.
        paths::person_path(&grid, floor + 60_000, 3),
    ];
    for path in broken {
        let (status, body) = person_account
            .post(
                &solve_path,
                &solve_body(person.clone(), "player-person", Some(path.clone())),
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{path}: {body}");
        let error = body["error"].as_str().unwrap();
        assert!(error.contains("solving path is refused"), "{body}");
    }
    let (status, body) = person_account
        .post(
            &solve_path,
            &solve_body(
                person,
                "player-person",
                Some(paths::person_path(&grid, floor + 1_000, 4)),
            ),
        )
        .await;
    assert_eq!(
        status,
        StatusCode::OK,
        "the token survived the refusals: {body}"
    );
    assert_eq!(body["under_review"], false);
    // Bots' paths: recorded, held, on no public table.
    for (token, who, path) in [
        (
            bot,
            "player-metronome",
            Some(paths::metronome_path(&grid, floor + 1_000, 5)),
        ),
        (
            reader,
            "player-reader",
            Some(paths::reading_order_path(&grid, floor + 1_000, 6)),
        ),
    ] {
        let (status, body) = solve(token, who, path).await;
        assert_eq!(status, StatusCode::OK, "{who}: {body}");
        assert_eq!(body["under_review"], true, "{who}: {body}");
        let (_, table) = server.get(&format!("{base}/table?player={who}")).await;
        assert_eq!(table["you"]["under_review"], true, "{table}");
    }
    let (status, body) = solve(
        helped,
        "player-helped-metronome",
        Some(paths::metronome_path(&grid, floor + 1_000, 7)),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["assisted"], true, "{body}");
    assert_eq!(body["under_review"], false, "{body}");
    // No path: recorded, but held (there is nothing to check it by).
    let (status, body) = pathless_account
        .post(&solve_path, &solve_body(pathless, "player-pathless", None))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["under_review"], true, "{body}");
    let (_, table) = server.get(&format!("{base}/table")).await;
    assert_eq!(table["solvers"], 1, "{table}");
    let best: Vec<&str> = table["best"]
        .as_array()
        .unwrap()
        .iter()
        .map(|line| line["name"].as_str().unwrap())
        .collect();
    assert_eq!(best, ["player-person"], "{table}");
    // The store has the held ones, with their flags, for the operator.
    let store = gridforge_server::storage::open(url, 1)
        .await
        .expect("store");
    let queue = store.review_queue().await.expect("queue");
    let reasons: Vec<&str> = queue
        .iter()
        .map(|q| q.reason.as_deref().unwrap_or(""))
        .collect();
    assert_eq!(queue.len(), 3, "{reasons:?}");
    assert!(reasons[0].contains("mechanical_pacing"), "{reasons:?}");
    assert!(reasons[1].contains("reading_order"), "{reasons:?}");
    assert_eq!(reasons[2], gridforge_server::paths::NO_PATH_REASON);
    assert!(queue[2].path_stats.is_none(), "no path, no statistics");
    assert!(queue[0]
        .path_stats
        .as_deref()
        .unwrap()
        .contains("\"corrections\":0"));
    store.close().await;
    server.stop().await;
}

on_both_backends!(fifty_scripted_players_at_the_minimum_are_all_held);
/// The attack of issue 38: 50 scripted players start a daily, wait the old
/// believable minimum (150 ms a digit cell) and submit with a bot's path (a
/// metronome, reading order, or a person-like path below the human floor).
/// Every one is recorded and held; the public table stays empty.
async fn fifty_scripted_players_at_the_minimum_are_all_held(url: &str) {
    use paths_api::*;
    let clock = Clock::default();
    let server = TestServer::start_with(url, |c| c.clock = clock.clone()).await;
    let (date, _, grid) = easy_daily(&server).await;
    let base = format!("/api/kakuro/daily/{date}/easy");
    let mut tokens = Vec::new();
    let mut min = 0;
    for i in 0..50 {
        let who = format!("bot-player-{i:02}");
        let (status, body) = server
            .post(&format!("{base}/start"), &json!({"player": who}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        min = body["min_time_ms"].as_u64().unwrap();
        tokens.push((who, body["token"].as_str().unwrap().to_string()));
    }
    clock.shift(min as i64 + 6);
    for (i, (who, token)) in tokens.into_iter().enumerate() {
        let path = match i % 3 {
            0 => paths::metronome_path(&grid, min, i as u64),
            1 => paths::reading_order_path(&grid, min, i as u64),
            _ => paths::person_path(&grid, min, i as u64),
        };
        let (status, body) = server
            .post(
                &format!("{base}/solve"),
                &json!({"token": token, "player": who, "grid": grid, "name": who, "path": path}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{who}: {body}");
        assert_eq!(body["under_review"], true, "{who}: {body}");
    }
    let (_, table) = server.get(&format!("{base}/table")).await;
    assert_eq!(table["solvers"], 0, "{table}");
    assert_eq!(table["best"], json!([]), "{table}");
    let store = gridforge_server::storage::open(url, 1)
        .await
        .expect("store");
    let queue = store.review_queue().await.expect("queue");
    assert_eq!(queue.len(), 50);
    assert!(
        queue.iter().all(|q| q
            .reason
            .as_deref()
            .unwrap_or("")
            .contains("below_human_floor")),
        "every one is below the floor"
    );
    store.close().await;
    server.stop().await;
}

on_both_backends!(paths_are_published_after_the_daily_closes_and_never_when_held);
/// `GET /api/paths/{entry}` (issue 38, step 3): the table gives no entry
/// ids and the route refuses (403) until the daily closes; after it, every
/// listed entry's path is served with the clues to play it back on, and a
/// held entry's path is not (404) until an operator approves it.
async fn paths_are_published_after_the_daily_closes_and_never_when_held(url: &str) {
    use paths_api::*;
    let clock = Clock::default();
    let server = TestServer::start_with(url, |c| c.clock = clock.clone()).await;
    let (date, puzzle, grid) = easy_daily(&server).await;
    let floor = paths::floor_ms(&puzzle);
    let base = format!("/api/kakuro/daily/{date}/easy");
    // The person plays with an account (only accounts are listed); the bot
    // plays anonymously and would be held anyway.
    let mut person = Browser::new(&server);
    let (_, status, body) = person.register("Person").await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let person_token = account_start(&mut person, &base, "player-person").await;
    let (status, body) = server
        .post(
            &format!("{base}/start"),
            &json!({"player": "player-metronome"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let bot_token = body["token"].as_str().unwrap().to_string();
    clock.shift(floor as i64 + 2_000);
    let person_path = paths::person_path(&grid, floor + 1_000, 11);
    let bot_path = paths::metronome_path(&grid, floor + 1_000, 12);
    let (status, body) = person
        .post(
            &format!("{base}/solve"),
            &json!({"token": person_token, "player": "player-person", "grid": grid,
                    "name": "player-person", "path": person_path}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["under_review"], false, "{body}");
    let (status, body) = server
        .post(
            &format!("{base}/solve"),
            &json!({"token": bot_token, "player": "player-metronome", "grid": grid,
                    "name": "player-metronome", "path": bot_path}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["under_review"], true, "{body}");
    // Before the close: no entry ids on the table, and the close's time.
    let (_, table) = server.get(&format!("{base}/table")).await;
    let close = table["paths_public_at"].as_u64().expect("paths_public_at");
    let now = clock.now_ms();
    assert!(close > now && close - now <= 26 * 3_600_000, "{table}");
    assert!(table["best"][0].get("entry").is_none(), "{table}");
    let store = gridforge_server::storage::open(url, 1)
        .await
        .expect("store");
    let held = store.review_queue().await.expect("queue")[0].id.to_string();
    assert!(held.starts_with("daily-"), "{held}");

    // After it (the clock moved past the day and its grace).
    clock.shift((close - now) as i64);
    let (_, table) = server.get(&format!("{base}/table")).await;
    assert_eq!(table["best"].as_array().unwrap().len(), 1, "{table}");
    let entry = table["best"][0]["entry"].as_str().expect("an entry id");
    let (status, published) = server.get(&format!("/api/paths/{entry}")).await;
    assert_eq!(status, StatusCode::OK, "{published}");
    assert_eq!(published["entry"], entry);
    assert_eq!(published["game"], "kakuro");
    assert_eq!(published["what"], format!("kakuro/{date}/easy"));
    assert_eq!(published["path"], person_path.as_str());
    assert_eq!(published["puzzle"], puzzle.as_str());
    assert_eq!(published["public_at"].as_u64(), Some(close));
    // What is served plays back: from the served clues to the solution.
    let board: gridforge_kakuro::Board = published["puzzle"].as_str().unwrap().parse().unwrap();
    let solution: gridforge_kakuro::Solution = grid.parse().unwrap();
    let path: gridforge_kakuro::KakuroPath = published["path"].as_str().unwrap().parse().unwrap();
    let timing = gridforge_kakuro::Timing {
        solve_ms: published["time_ms"].as_u64().unwrap(),
        slack_ms: gridforge_server::paths::PATH_SLACK_MS,
    };
    gridforge_kakuro::path::replay(&board, &solution, &path, timing).expect("it replays");

    // The held entry's path is not public, nor told apart from a missing one.
    let (status, body) = server.get(&format!("/api/paths/{held}")).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    assert!(body.get("path").is_none(), "{body}");
    let (status, missing) = server.get("/api/paths/daily-00112233").await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{missing}");
    assert_eq!(missing["error"], body["error"]);
    let (status, body) = server.get("/api/paths/not-an-entry").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    // Approved, it is public like the others.
    let id: gridforge_server::storage::review::EntryId = held.parse().unwrap();
    store
        .approve(&id, ACTOR, clock.now_ms() as i64)
        .await
        .expect("approve");
    let (status, body) = server.get(&format!("/api/paths/{held}")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["path"], bot_path.as_str());

    // Back before the close, the same entry is refused with a clear 403.
    clock.shift(-2 * 3_600_000);
    let (status, body) = server.get(&format!("/api/paths/{entry}")).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    let error = body["error"].as_str().unwrap();
    assert!(error.contains("not public yet"), "{body}");
    assert!(error.contains("02:00 UTC"), "{body}");
    let (_, table) = server.get(&format!("{base}/table")).await;
    assert!(table["best"][0].get("entry").is_none(), "{table}");
    store.close().await;
    server.stop().await;
}
