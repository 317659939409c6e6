//! The database's own limit for `scripts/load --db-limit` (issue 46): plain
//! INSERTs per second of the rows a verified solve writes, into a database
//! the server's migrations made, with the server's durability (SQLite: the
//! server's connection options, WAL with `synchronous=NORMAL`, one writer
//! connection; PostgreSQL: its own settings, a commit waits for the WAL's
//! flush), and nothing else: no HTTP, no token, no placement check.
//!
//! ```text
//! cargo run --release -p gridforge-server --example db_limit -- \
//!     DATABASE_URL [seconds=5] [workers=16] [per_commit=1] [triplex|daily]
//! ```
//!
//! `workers` tasks insert at once (PostgreSQL: on as many connections;
//! SQLite: queued on the one writer, as the server's solves are), each commit
//! holding `per_commit` INSERTs (1: every INSERT commits by itself, as a
//! solve does; more: what group commit could reach). `triplex` writes
//! `triplex_solves` rows, `daily` writes `daily_solves` rows (clean and
//! counted, so the rank trigger runs as for a daily Kakuro solve).

use gridforge_server::storage::{self, sqlite, Backend};
use sqlx::{Database, Executor, IntoArguments, Pool};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let url = args
        .first()
        .cloned()
        .ok_or("usage: db_limit DATABASE_URL [seconds] [workers] [per_commit] [triplex|daily]")?;
    let seconds: u64 = args.get(1).map_or(Ok(5), |a| a.parse())?;
    let workers: usize = args.get(2).map_or(Ok(16), |a| a.parse())?;
    let per_commit: usize = args.get(3).map_or(Ok(1), |a| a.parse())?;
    let table = match args.get(4).map(String::as_str) {
        None | Some("triplex") => Table::Triplex,
        Some("daily") => Table::Daily,
        Some(other) => return Err(format!("unknown table {other} (triplex or daily)").into()),
    };
    if !(1..=60).contains(&seconds) || !(1..=256).contains(&workers) || per_commit == 0 {
        return Err("seconds 1 to 60, workers 1 to 256, per_commit at least 1".into());
    }
    // The schema as the server has it: open the store (migrations), close.
    storage::open(&url, 1).await?.close().await;
    let backend = Backend::of_url(&url).ok_or("unsupported database URL")?;
    let (inserts, elapsed) = match backend {
        Backend::Sqlite => {
            let pool = sqlx::sqlite::SqlitePoolOptions::new()
                .max_connections(1)
                .connect_with(sqlite::connect_options(&url)?)
                .await?;
            run(&pool, seconds, workers, per_commit, table).await?
        }
        Backend::Postgres => {
            let pool = sqlx::postgres::PgPoolOptions::new()
                .max_connections(workers as u32)
                .connect(&url)
                .await?;
            run(&pool, seconds, workers, per_commit, table).await?
        }
    };
    println!(
        "backend={} table={} workers={workers} per_commit={per_commit} inserts={inserts} seconds={elapsed:.2} rate={:.0}/s",
        format!("{backend:?}").to_lowercase(),
        table.name(),
        inserts as f64 / elapsed
    );
    Ok(())
}

/// Which rows to insert.
#[derive(Clone, Copy)]
enum Table {
    /// A Triplex solve's row.
    Triplex,
    /// A daily Kakuro solve's row.
    Daily,
}

impl Table {
    fn name(self) -> &'static str {
        match self {
            Table::Triplex => "triplex_solves",
            Table::Daily => "daily_solves",
        }
    }

    /// The INSERT the server runs for a solve of this kind (without the
    /// server's hint and conflict checks, which find nothing here).
    fn sql(self) -> &'static str {
        match self {
            Table::Triplex => {
                "INSERT INTO triplex_solves (nonce, level, time_ms, solved_at, hinted) \
                 VALUES ($1, '4x3:2h,v,Lnw,Lse@', $2, $3, FALSE)"
            }
            Table::Daily => {
                "INSERT INTO daily_solves (nonce, game, day, variant, player, time_ms, moves, \
                 assisted, counted, name, solved_at) \
                 VALUES ($1, 'kakuro', '2026-11-26', 'easy', $4, $2, NULL, FALSE, TRUE, NULL, $3)"
            }
        }
    }
}

/// `workers` tasks inserting for `seconds`: rows inserted and seconds taken.
async fn run<DB>(
    pool: &Pool<DB>,
    seconds: u64,
    workers: usize,
    per_commit: usize,
    table: Table,
) -> Result<(u64, f64), Box<dyn std::error::Error>>
where
    DB: Database,
    for<'q> Vec<u8>: sqlx::Encode<'q, DB> + sqlx::Type<DB>,
    for<'q> i64: sqlx::Encode<'q, DB> + sqlx::Type<DB>,
    for<'q> String: sqlx::Encode<'q, DB> + sqlx::Type<DB>,
    for<'q> <DB as Database>::Arguments<'q>: IntoArguments<'q, DB>,
    for<'c> &'c mut <DB as Database>::Connection: Executor<'c, Database = DB>,
    for<'p> &'p Pool<DB>: Executor<'p, Database = DB>,
{
    let inserted = Arc::new(AtomicU64::new(0));
    let started = Instant::now();
    let deadline = started + Duration::from_secs(seconds);
    let tasks: Vec<_> = (0..workers)
        .map(|worker| {
            let (pool, inserted) = (pool.clone(), inserted.clone());
            tokio::spawn(async move {
                let mut k = 0u64;
                // The k-th row of this worker.
                let row = |k: u64| {
                    let nonce: [u8; 16] = rand::random();
                    let query = sqlx::query(table.sql())
                        .bind(nonce.to_vec())
                        .bind(5_000 + (k % 7_919) as i64)
                        .bind(k as i64);
                    match table {
                        Table::Triplex => query,
                        Table::Daily => query.bind(format!("limit-{worker:03}-{k:09}")),
                    }
                };
                while Instant::now() < deadline {
                    if per_commit == 1 {
                        // One autocommit statement, as a solve is.
                        k += 1;
                        row(k).execute(&pool).await?;
                    } else {
                        let mut tx = pool.begin().await?;
                        for _ in 0..per_commit {
                            k += 1;
                            row(k).execute(&mut *tx).await?;
                        }
                        tx.commit().await?;
                    }
                    inserted.fetch_add(per_commit as u64, Ordering::Relaxed);
                }
                Ok::<(), sqlx::Error>(())
            })
        })
        .collect();
    for task in tasks {
        task.await??;
    }
    Ok((
        inserted.load(Ordering::Relaxed),
        started.elapsed().as_secs_f64(),
    ))
}
