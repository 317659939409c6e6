//! `gridforge admin review|approve|void|ban|audit` (issue 38, step 4) on a
//! database holding entries the server held (recorded here through the
//! store, as the solve handlers record them): the queue lists them with
//! their flags, approve and void move them, a ban voids an account's
//! solves, bad ids and empty reasons are one line and a non-zero exit, and
//! the audit has every action. On SQLite and on PostgreSQL
//! (`GRIDFORGE_TEST_POSTGRES_URL`, as elsewhere).

use gridforge_server::storage::accounts::{AccountCreated, NewAccount, NewPasskey, NewSession};
use gridforge_server::storage::daily::{DailyKey, DailySolve};
use gridforge_server::storage::review::{Entering, KeptPath};
use serde_json::Value;
use std::process::{Command, Output};

#[path = "../crates/server/tests/common/postgres.rs"]
mod postgres;

fn gridforge(args: &[&str], database: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gridforge"))
        .args(["admin"])
        .args(args)
        .args(["--database", database])
        .env_remove("GRIDFORGE_DATABASE_URL")
        .output()
        .expect("gridforge runs")
}

/// Runs a command that must succeed; its standard output.
fn ok(args: &[&str], database: &str) -> String {
    let out = gridforge(args, database);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Runs a command that must fail with one line on stderr.
fn fails(args: &[&str], database: &str, says: &str) {
    let out = gridforge(args, database);
    assert!(!out.status.success(), "{args:?} succeeded");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
    assert!(err.contains(says), "{args:?}: {err}");
}

fn queue(database: &str) -> Vec<Value> {
    let out = ok(&["review", "--json"], database);
    serde_json::from_str::<Value>(&out)
        .expect("json")
        .as_array()
        .unwrap()
        .clone()
}

async fn moderation(database: &str) {
    let store = gridforge_server::storage::open(database, 2)
        .await
        .expect("store");
    let AccountCreated::Created(account) = store
        .create_account(&NewAccount {
            handle: "handle-bot",
            name: "Bot",
            name_key: "bot",
            now: 1,
            provisional_until: 2,
            passkey: NewPasskey {
                credential_id: b"bot",
                passkey: "{}",
            },
            session: NewSession {
                token_hash: b"bot",
                expires_at: i64::MAX,
            },
            network: "net",
            day: "2026-11-26",
            limit: 5,
        })
        .await
        .expect("account")
    else {
        panic!("no account");
    };
    // Only accounts are listed (issue 38): the solve the operator approves is
    // a second account's, so approving it puts it on the table.
    let AccountCreated::Created(person) = store
        .create_account(&NewAccount {
            handle: "handle-person",
            name: "Person",
            name_key: "person",
            now: 1,
            provisional_until: 2,
            passkey: NewPasskey {
                credential_id: b"person",
                passkey: "{}",
            },
            session: NewSession {
                token_hash: b"person",
                expires_at: i64::MAX,
            },
            network: "net",
            day: "2026-11-26",
            limit: 5,
        })
        .await
        .expect("account")
    else {
        panic!("no account");
    };
    let key = DailyKey {
        game: "kakuro",
        day: "2026-11-26".to_string(),
        variant: "easy",
    };
    let flags = r#"["reading_order: 100 % of the placements in reading order"]"#;
    for (i, account_id) in [(1u8, Some(person)), (2, None), (3, Some(account))] {
        let player = format!("player-{i}");
        store
            .record_daily_solve(&DailySolve {
                key: &key,
                nonce: &[i; 16],
                player: &player,
                time_ms: 30_000 + i64::from(i),
                moves: None,
                assisted: false,
                helped_starter: None,
                counted: true,
                name: None,
                solved_at: 1_000 + i64::from(i),
                entering: Entering {
                    account_id,
                    path: Some(KeptPath {
                        text: "AQEB",
                        stats: r#"{"corrections":0}"#,
                        flags,
                    }),
                    hold: (i < 3).then_some("flagged: reading_order"),
                },
                session: None,
            })
            .await
            .expect("recorded");
    }
    let table = |store: &std::sync::Arc<dyn gridforge_server::storage::Store>| {
        let store = store.clone();
        let key = key.clone();
        async move { store.daily_table(&key, None, 10).await.unwrap().solvers }
    };
    assert_eq!(table(&store).await, 1);

    let held = queue(database);
    assert_eq!(held.len(), 2);
    let first = held[0]["id"].as_str().unwrap().to_string();
    let second = held[1]["id"].as_str().unwrap().to_string();
    assert_eq!(first, format!("daily-{}", "01".repeat(16)));
    assert_eq!(
        held[0]["flags"][0],
        "reading_order: 100 % of the placements in reading order"
    );
    assert_eq!(held[0]["path_stats"]["corrections"], 0);
    let text = ok(&["review"], database);
    assert!(
        text.contains(&first) && text.contains("flag: reading_order"),
        "{text}"
    );

    // Approve one, void the other: one more on the table, the queue empty.
    let by = ["--actor", "moderator"];
    assert!(ok(&[&["approve", &first][..], &by].concat(), database).contains("approved"));
    let void = [&["void", &second, "--reason", "scripted"][..], &by].concat();
    assert!(ok(&void, database).contains("voided"));
    assert!(queue(database).is_empty());
    assert_eq!(table(&store).await, 2);
    // Ban the account: its (public) solve leaves the table.
    let account_text = account.to_string();
    let ban = [&["ban", &account_text, "--reason", "bot farm"][..], &by].concat();
    assert!(ok(&ban, database).contains("banned"));
    assert_eq!(table(&store).await, 1);

    // Mistakes: one line each, non-zero.
    fails(&["approve", "daily-zz"], database, "not an entry id");
    fails(
        &["approve", &format!("daily-{}", "09".repeat(16))],
        database,
        "no such entry",
    );
    fails(
        &["void", &first, "--reason", " "],
        database,
        "--reason may not be empty",
    );
    fails(
        &["ban", "999999", "--reason", "x"],
        database,
        "no such entry",
    );

    let audit: Value = serde_json::from_str(&ok(&["audit", "--json"], database)).unwrap();
    let seen: Vec<(&str, &str, &str)> = audit
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["action"].as_str().unwrap(),
                e["entry"].as_str().unwrap(),
                e["actor"].as_str().unwrap(),
            )
        })
        .collect();
    let banned = format!("account-{account}");
    assert_eq!(
        seen,
        [
            ("approve", first.as_str(), "moderator"),
            ("void", second.as_str(), "moderator"),
            ("ban", banned.as_str(), "moderator"),
        ]
    );
    store.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn review_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("review.db").display());
    moderation(&url).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn review_on_postgres() {
    if let Some(url) = postgres::fresh_database().await {
        moderation(&url).await;
    }
}
