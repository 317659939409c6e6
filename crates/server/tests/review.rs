//! The review hold (issue 38, steps 3 and 4) in the store, on both backends
//! (a real SQLite file and a real PostgreSQL): held and voided entries are on
//! no public table, in no rank and no first-solver lookup; approving puts an
//! entry back; voiding a first-solver claim frees the level; a ban voids the
//! account's solves; every action is audited.

#[macro_use]
mod common {
    #[macro_use]
    pub mod harness;
    pub mod postgres;
}
use common::harness::{test_db, Backend};
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
            account_id: (i == 3).then_some(banned),
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
                counted: true,
                name: Some(&player),
                solved_at: 1_000 + i64::from(i),
                entering,
            })
            .await
            .expect("recorded");
        ranks.push(recorded);
    }
    // The held solve is in no one's rank: player 2 is first.
    let rank = |r: i64| DailyRecorded::Recorded { rank: Some(r) };
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
    let solve = |nonce: &'static [u8], time_ms: i64, hold: Option<&'static str>| NewSolve {
        level,
        nonce,
        time_ms,
        solved_at: 5_000 + time_ms,
        name: Some("claimer"),
        hinted: false,
        entering: Entering {
            account_id: None,
            path: None,
            hold,
        },
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
            hinted: false
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
            hinted: false
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
            hinted: false
        }
    );
    let records = fresh.records(level).await.expect("records");
    assert_eq!(records.first.map(|f| f.solved_at), Some(5_000 + 70_000));
    assert_eq!(records.solves, 2);
    fresh.close().await;
    store.close().await;
}
