//! A fresh PostgreSQL database for each test, on the server that
//! `GRIDFORGE_TEST_POSTGRES_URL` names with a role that may create databases
//! (scripts/test starts one). Shared by the server crate's API tests and the
//! binary's process tests (`tests/serve.rs` includes this file by path).

use sqlx::Connection;
use std::sync::atomic::{AtomicUsize, Ordering};

static NEXT_DATABASE: AtomicUsize = AtomicUsize::new(0);

/// The URL of a new, empty database, or `None` when
/// `GRIDFORGE_TEST_SKIP_POSTGRES=1` says to skip the PostgreSQL tests.
/// Without either variable the test fails: a PostgreSQL test that silently
/// passes without a server would test nothing.
pub async fn fresh_database() -> Option<String> {
    let admin = match std::env::var("GRIDFORGE_TEST_POSTGRES_URL") {
        Ok(url) if !url.is_empty() => url,
        _ if std::env::var("GRIDFORGE_TEST_SKIP_POSTGRES").as_deref() == Ok("1") => {
            eprintln!("skipping a PostgreSQL test: GRIDFORGE_TEST_SKIP_POSTGRES=1");
            return None;
        }
        _ => panic!(
            "GRIDFORGE_TEST_POSTGRES_URL is not set: the PostgreSQL tests need a server \
             (scripts/test starts one); set GRIDFORGE_TEST_SKIP_POSTGRES=1 to skip them"
        ),
    };
    // Unique across the test binaries that share the server at once.
    let name = format!(
        "gridforge_test_{}_{}",
        std::process::id(),
        NEXT_DATABASE.fetch_add(1, Ordering::Relaxed)
    );
    let mut conn = sqlx::PgConnection::connect(&admin)
        .await
        .expect("connect to the test PostgreSQL server");
    sqlx::raw_sql(&format!("CREATE DATABASE {name}"))
        .execute(&mut conn)
        .await
        .expect("create a test database");
    conn.close().await.ok();
    Some(with_database_name(&admin, &name))
}

/// The URL with its database name replaced (query parameters kept).
fn with_database_name(url: &str, name: &str) -> String {
    let (base, query) = match url.split_once('?') {
        Some((b, q)) => (b, Some(q)),
        None => (url, None),
    };
    let scheme_end = base.find("://").map_or(0, |i| i + 3);
    let path_start = base[scheme_end..]
        .find('/')
        .map_or(base.len(), |i| scheme_end + i);
    let mut out = format!("{}/{name}", &base[..path_start]);
    if let Some(q) = query {
        out.push('?');
        out.push_str(q);
    }
    out
}
