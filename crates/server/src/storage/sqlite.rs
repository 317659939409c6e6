//! The SQLite store: one file, WAL journal, one writer connection and a pool
//! of readers.
//!
//! SQLite lets one writer in at a time; a single writer connection queues
//! writes inside the server instead of letting connections wait on SQLite's
//! busy handler (which sleeps). `synchronous=NORMAL` in WAL mode makes every
//! commit survive the death of the process (the WAL is written before the
//! commit returns; only the fsync waits for checkpoints), which is the
//! durability a 200 promises.

use super::migrations;
use super::{
    median_of_middle, median_window, Backend, FirstSolver, LevelRecords, NameOutcome, NewSolve,
    SettledLevels, SolveRecorded, Store, StoreError, ACQUIRE_TIMEOUT,
};
use async_trait::async_trait;
use sqlx::sqlite::{
    Sqlite, SqliteArguments, SqliteConnectOptions, SqliteJournalMode, SqlitePool,
    SqlitePoolOptions, SqliteSynchronous,
};
use sqlx::Row;
use std::str::FromStr;
use std::time::Duration;

/// Records a solve unless its nonce was used before.
const INSERT_SOLVE: &str = "INSERT INTO triplex_solves (nonce, level, time_ms, solved_at) \
                            VALUES (?1, ?2, ?3, ?4) ON CONFLICT (nonce) DO NOTHING";

/// [`INSERT_SOLVE`] for `solve`, to run on the pool or in a transaction.
fn insert_solve<'q>(solve: &NewSolve<'q>) -> sqlx::query::Query<'q, Sqlite, SqliteArguments<'q>> {
    sqlx::query(INSERT_SOLVE)
        .bind(solve.nonce)
        .bind(solve.level)
        .bind(solve.time_ms)
        .bind(solve.solved_at)
}

/// The SQLite implementation of [`Store`].
#[derive(Debug)]
pub struct SqliteStore {
    writer: SqlitePool,
    readers: SqlitePool,
    settled: SettledLevels,
}

impl SqliteStore {
    /// Opens (creating if needed) the database file a `sqlite:` URL names,
    /// applies the migrations and opens up to `connections` readers.
    pub async fn open(url: &str, connections: u32) -> Result<SqliteStore, StoreError> {
        if url.contains(":memory:") || url.contains("mode=memory") {
            return Err(StoreError::InMemory);
        }
        let options = SqliteConnectOptions::from_str(url)?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Normal)
            .busy_timeout(Duration::from_secs(5))
            .foreign_keys(true);
        let writer = SqlitePoolOptions::new()
            .max_connections(1)
            .min_connections(1)
            .acquire_timeout(ACQUIRE_TIMEOUT)
            .connect_with(options.clone())
            .await?;
        migrate(&writer).await?;
        let readers = SqlitePoolOptions::new()
            .max_connections(connections.max(1))
            .acquire_timeout(ACQUIRE_TIMEOUT)
            .connect_with(options.read_only(true))
            .await?;
        Ok(SqliteStore {
            writer,
            readers,
            settled: SettledLevels::default(),
        })
    }
}

/// Applies the migrations. sqlx takes no lock on SQLite, so two servers
/// starting on one new file at once can collide; the loser sees the winner's
/// work on a retry.
async fn migrate(pool: &SqlitePool) -> Result<(), StoreError> {
    let migrator = migrations::SQLITE.migrator().await?;
    let mut attempt = 0;
    loop {
        match migrator.run(pool).await {
            Ok(()) => return Ok(()),
            Err(err) if attempt < 3 => {
                attempt += 1;
                tracing::warn!(%err, attempt, "SQLite migration failed, retrying");
                tokio::time::sleep(Duration::from_millis(100 * attempt)).await;
            }
            Err(err) => return Err(err.into()),
        }
    }
}

#[async_trait]
impl Store for SqliteStore {
    fn backend(&self) -> Backend {
        Backend::Sqlite
    }

    async fn ping(&self) -> Result<(), StoreError> {
        sqlx::query("SELECT 1").execute(&self.readers).await?;
        Ok(())
    }

    async fn secret(&self, name: &str, fresh: &[u8], now: i64) -> Result<Vec<u8>, StoreError> {
        sqlx::query(
            "INSERT INTO server_secrets (name, secret, created_at) VALUES (?1, ?2, ?3) \
             ON CONFLICT (name) DO NOTHING",
        )
        .bind(name)
        .bind(fresh)
        .bind(now)
        .execute(&self.writer)
        .await?;
        let row = sqlx::query("SELECT secret FROM server_secrets WHERE name = ?1")
            .bind(name)
            .fetch_one(&self.writer)
            .await?;
        Ok(row.try_get("secret")?)
    }

    async fn record_solve(&self, solve: &NewSolve<'_>) -> Result<SolveRecorded, StoreError> {
        if self.settled.contains(solve.level) {
            // The level's first solver is settled: one autocommit statement.
            let inserted = insert_solve(solve)
                .execute(&self.writer)
                .await?
                .rows_affected();
            return Ok(if inserted == 0 {
                SolveRecorded::TokenUsed
            } else {
                SolveRecorded::Recorded { first: false }
            });
        }
        // IMMEDIATE takes the write lock up front, so a second process on the
        // same file waits at BEGIN rather than failing at the first write.
        let mut tx = self.writer.begin_with("BEGIN IMMEDIATE").await?;
        let inserted = insert_solve(solve).execute(&mut *tx).await?.rows_affected();
        if inserted == 0 {
            tx.rollback().await?;
            return Ok(SolveRecorded::TokenUsed);
        }
        let first = sqlx::query(
            "INSERT INTO triplex_first_solvers (level, nonce, name, solved_at) \
             VALUES (?1, ?2, ?3, ?4) ON CONFLICT (level) DO NOTHING",
        )
        .bind(solve.level)
        .bind(solve.nonce)
        .bind(solve.name)
        .bind(solve.solved_at)
        .execute(&mut *tx)
        .await?
        .rows_affected()
            == 1;
        tx.commit().await?;
        self.settled.insert(solve.level);
        Ok(SolveRecorded::Recorded { first })
    }

    async fn name_first_solver(
        &self,
        level: &str,
        nonce: &[u8],
        name: &str,
    ) -> Result<NameOutcome, StoreError> {
        let named = sqlx::query(
            "UPDATE triplex_first_solvers SET name = ?1 \
             WHERE level = ?2 AND nonce = ?3 AND name IS NULL",
        )
        .bind(name)
        .bind(level)
        .bind(nonce)
        .execute(&self.writer)
        .await?
        .rows_affected();
        if named == 1 {
            return Ok(NameOutcome::Named);
        }
        let row = sqlx::query("SELECT nonce FROM triplex_first_solvers WHERE level = ?1")
            .bind(level)
            .fetch_optional(&self.writer)
            .await?;
        let first_nonce: Option<Vec<u8>> = row.map(|r| r.try_get("nonce")).transpose()?;
        Ok(match first_nonce {
            Some(first) if first == nonce => NameOutcome::AlreadyNamed,
            _ => NameOutcome::NotFirstSolver,
        })
    }

    async fn records(&self, level: &str) -> Result<LevelRecords, StoreError> {
        let first =
            sqlx::query("SELECT name, solved_at FROM triplex_first_solvers WHERE level = ?1")
                .bind(level)
                .fetch_optional(&self.readers)
                .await?
                .map(|row| -> Result<FirstSolver, sqlx::Error> {
                    Ok(FirstSolver {
                        name: row.try_get("name")?,
                        solved_at: row.try_get("solved_at")?,
                    })
                })
                .transpose()?;
        let totals = sqlx::query(
            "SELECT count(*) AS solves, min(time_ms) AS best FROM triplex_solves WHERE level = ?1",
        )
        .bind(level)
        .fetch_one(&self.readers)
        .await?;
        let solves: i64 = totals.try_get("solves")?;
        let best_ms: Option<i64> = totals.try_get("best")?;
        let median_ms = if solves == 0 {
            None
        } else {
            let (limit, offset) = median_window(solves);
            let middle: Vec<i64> = sqlx::query_scalar(
                "SELECT time_ms FROM triplex_solves WHERE level = ?1 \
                 ORDER BY time_ms LIMIT ?2 OFFSET ?3",
            )
            .bind(level)
            .bind(limit)
            .bind(offset)
            .fetch_all(&self.readers)
            .await?;
            median_of_middle(&middle)
        };
        Ok(LevelRecords {
            first,
            solves,
            median_ms,
            best_ms,
        })
    }

    async fn close(&self) {
        self.readers.close().await;
        self.writer.close().await;
    }
}
