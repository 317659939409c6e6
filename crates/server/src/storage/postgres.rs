//! The PostgreSQL store: a connection pool; every write is one statement, so
//! one round trip and one commit.
//!
//! Several servers may share one database: migrations run under sqlx's
//! advisory lock, and "first solver" is a unique key that concurrent inserts
//! resolve (`ON CONFLICT DO NOTHING` waits for the competing transaction and
//! then does nothing), so exactly one solve is ever first.

use super::migrations;
use super::{
    median_of_middle, median_window, Backend, FirstSolver, LevelRecords, NameOutcome, NewSolve,
    SettledLevels, SolveRecorded, Store, StoreError, ACQUIRE_TIMEOUT,
};
use async_trait::async_trait;
use sqlx::postgres::{PgConnectOptions, PgPool, PgPoolOptions};
use sqlx::Row;
use std::str::FromStr;

/// Records a solve unless its nonce was used before.
const INSERT_SOLVE: &str = "INSERT INTO triplex_solves (nonce, level, time_ms, solved_at) \
                            VALUES ($1, $2, $3, $4) ON CONFLICT (nonce) DO NOTHING";

/// The PostgreSQL implementation of [`Store`].
#[derive(Debug)]
pub struct PostgresStore {
    pool: PgPool,
    settled: SettledLevels,
}

impl PostgresStore {
    /// Connects to the database a `postgres://` URL names with up to
    /// `connections` connections and applies the migrations.
    pub async fn open(url: &str, connections: u32) -> Result<PostgresStore, StoreError> {
        let options = PgConnectOptions::from_str(url)?.application_name("gridforge");
        let pool = PgPoolOptions::new()
            .max_connections(connections.max(1))
            .acquire_timeout(ACQUIRE_TIMEOUT)
            .connect_with(options)
            .await?;
        migrations::POSTGRES.migrator().await?.run(&pool).await?;
        Ok(PostgresStore {
            pool,
            settled: SettledLevels::default(),
        })
    }
}

#[async_trait]
impl Store for PostgresStore {
    fn backend(&self) -> Backend {
        Backend::Postgres
    }

    async fn ping(&self) -> Result<(), StoreError> {
        sqlx::query("SELECT 1").execute(&self.pool).await?;
        Ok(())
    }

    async fn secret(&self, name: &str, fresh: &[u8], now: i64) -> Result<Vec<u8>, StoreError> {
        sqlx::query(
            "INSERT INTO server_secrets (name, secret, created_at) VALUES ($1, $2, $3) \
             ON CONFLICT (name) DO NOTHING",
        )
        .bind(name)
        .bind(fresh)
        .bind(now)
        .execute(&self.pool)
        .await?;
        let row = sqlx::query("SELECT secret FROM server_secrets WHERE name = $1")
            .bind(name)
            .fetch_one(&self.pool)
            .await?;
        Ok(row.try_get("secret")?)
    }

    async fn record_solve(&self, solve: &NewSolve<'_>) -> Result<SolveRecorded, StoreError> {
        if self.settled.contains(solve.level) {
            // The level's first solver is settled: just the solve.
            let inserted = sqlx::query(INSERT_SOLVE)
                .bind(solve.nonce)
                .bind(solve.level)
                .bind(solve.time_ms)
                .bind(solve.solved_at)
                .execute(&self.pool)
                .await?
                .rows_affected();
            return Ok(if inserted == 0 {
                SolveRecorded::TokenUsed
            } else {
                SolveRecorded::Recorded { first: false }
            });
        }
        // One statement: the solve, and the first-solver row only if the
        // solve was inserted (a used token inserts nothing at all).
        let row = sqlx::query(
            "WITH solve AS ( \
                 INSERT INTO triplex_solves (nonce, level, time_ms, solved_at) \
                 VALUES ($1, $2::text, $3, $4) ON CONFLICT (nonce) DO NOTHING \
                 RETURNING nonce \
             ), first AS ( \
                 INSERT INTO triplex_first_solvers (level, nonce, name, solved_at) \
                 SELECT $2::text, nonce, $5::text, $4 FROM solve \
                 ON CONFLICT (level) DO NOTHING \
                 RETURNING nonce \
             ) \
             SELECT (SELECT count(*) FROM solve) AS recorded, \
                    (SELECT count(*) FROM first) AS first",
        )
        .bind(solve.nonce)
        .bind(solve.level)
        .bind(solve.time_ms)
        .bind(solve.solved_at)
        .bind(solve.name)
        .fetch_one(&self.pool)
        .await?;
        let recorded: i64 = row.try_get("recorded")?;
        let first: i64 = row.try_get("first")?;
        if recorded == 0 {
            return Ok(SolveRecorded::TokenUsed);
        }
        // Inserted or not, the level now has a first solver.
        self.settled.insert(solve.level);
        Ok(SolveRecorded::Recorded { first: first == 1 })
    }

    async fn name_first_solver(
        &self,
        level: &str,
        nonce: &[u8],
        name: &str,
    ) -> Result<NameOutcome, StoreError> {
        let named = sqlx::query(
            "UPDATE triplex_first_solvers SET name = $1 \
             WHERE level = $2 AND nonce = $3 AND name IS NULL",
        )
        .bind(name)
        .bind(level)
        .bind(nonce)
        .execute(&self.pool)
        .await?
        .rows_affected();
        if named == 1 {
            return Ok(NameOutcome::Named);
        }
        let first_nonce: Option<Vec<u8>> =
            sqlx::query_scalar("SELECT nonce FROM triplex_first_solvers WHERE level = $1")
                .bind(level)
                .fetch_optional(&self.pool)
                .await?;
        Ok(match first_nonce {
            Some(first) if first == nonce => NameOutcome::AlreadyNamed,
            _ => NameOutcome::NotFirstSolver,
        })
    }

    async fn records(&self, level: &str) -> Result<LevelRecords, StoreError> {
        let first =
            sqlx::query("SELECT name, solved_at FROM triplex_first_solvers WHERE level = $1")
                .bind(level)
                .fetch_optional(&self.pool)
                .await?
                .map(|row| -> Result<FirstSolver, sqlx::Error> {
                    Ok(FirstSolver {
                        name: row.try_get("name")?,
                        solved_at: row.try_get("solved_at")?,
                    })
                })
                .transpose()?;
        let totals = sqlx::query(
            "SELECT count(*) AS solves, min(time_ms) AS best FROM triplex_solves WHERE level = $1",
        )
        .bind(level)
        .fetch_one(&self.pool)
        .await?;
        let solves: i64 = totals.try_get("solves")?;
        let best_ms: Option<i64> = totals.try_get("best")?;
        let median_ms = if solves == 0 {
            None
        } else {
            let (limit, offset) = median_window(solves);
            let middle: Vec<i64> = sqlx::query_scalar(
                "SELECT time_ms FROM triplex_solves WHERE level = $1 \
                 ORDER BY time_ms LIMIT $2 OFFSET $3",
            )
            .bind(level)
            .bind(limit)
            .bind(offset)
            .fetch_all(&self.pool)
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
        self.pool.close().await;
    }
}
