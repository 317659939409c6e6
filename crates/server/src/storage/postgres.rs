//! The PostgreSQL store: a connection pool; every write is one statement, so
//! one round trip and one commit.
//!
//! Several servers may share one database: migrations run under sqlx's
//! advisory lock, and "first solver" is a unique key that concurrent inserts
//! resolve (`ON CONFLICT DO NOTHING` waits for the competing transaction and
//! then does nothing), so exactly one solve is ever first.

use super::group_commit::DailyWriter;
use super::migrations;
use super::review::bind_entering;
use super::shared::Shared;
use super::{
    AuditEntry, Backend, HintNoted, LevelMedian, LevelRecords, Moderated, NameChange, NameOutcome,
    NamedSolver, NewSolve, PoolStats, SettledLevels, SolveRecorded, Store, StoreError,
    ACQUIRE_TIMEOUT,
};
use async_trait::async_trait;
use sqlx::postgres::{PgConnectOptions, PgPool, PgPoolOptions};
use sqlx::{ConnectOptions, Connection, Row};
use std::str::FromStr;

/// The PostgreSQL implementation of [`Store`].
#[derive(Debug)]
pub struct PostgresStore {
    pub(super) pool: PgPool,
    settled: SettledLevels,
    /// The daily solves' group commit.
    pub(super) daily_writer: DailyWriter,
}

impl PostgresStore {
    /// Connects to the database a `postgres://` URL names with up to
    /// `connections` connections and applies the migrations.
    pub async fn open(url: &str, connections: u32) -> Result<PostgresStore, StoreError> {
        let options = PgConnectOptions::from_str(url)?.application_name("gridforge");
        // One plain connection first: a server that is not there is said so
        // at once (the pool would retry a refused connection until its
        // acquire timeout and report only that).
        options.connect().await?.close().await?;
        // With two connections or more, one is the daily solves' writer's
        // own, made now (after the migrations: it prepares the batch
        // statement) and kept, so the batch statement it repeats is planned
        // once for good (PostgreSQL keeps a connection's prepared plan), not
        // on each of the pool's.
        let own_writer = connections >= 2;
        let pool = PgPoolOptions::new()
            .max_connections(if own_writer { connections - 1 } else { 1 })
            .acquire_timeout(ACQUIRE_TIMEOUT)
            .connect_with(options.clone())
            .await?;
        migrations::POSTGRES
            .refuse_newer(&mut *pool.acquire().await?)
            .await?;
        migrations::POSTGRES.migrator().await?.run(&pool).await?;
        let writer = if own_writer {
            PgPoolOptions::new()
                .max_connections(1)
                .min_connections(1)
                .idle_timeout(None)
                .max_lifetime(None)
                .acquire_timeout(ACQUIRE_TIMEOUT)
                .after_connect(|connection, _| {
                    Box::pin(super::daily_batch::ready_writer(connection))
                })
                .connect_with(options)
                .await?
        } else {
            pool.clone()
        };
        Ok(PostgresStore {
            daily_writer: DailyWriter::start(writer),
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

    fn pool_stats(&self) -> PoolStats {
        PoolStats {
            size: self.pool.size(),
            idle: self.pool.num_idle() as u32,
            max: self.pool.options().get_max_connections(),
        }
    }

    async fn ping(&self) -> Result<(), StoreError> {
        Shared(&self.pool).ping().await
    }

    async fn secret(&self, name: &str, fresh: &[u8], now: i64) -> Result<Vec<u8>, StoreError> {
        Shared(&self.pool).secret(name, fresh, now).await
    }

    async fn record_solve(&self, solve: &NewSolve<'_>) -> Result<SolveRecorded, StoreError> {
        if solve.hinted || self.settled.contains(solve.level) {
            // The level's first solver is settled, or the solve is hinted
            // and can never be first: just the solve.
            return Shared(&self.pool).record_settled_solve(solve).await;
        }
        if solve.entering.account_id.is_none() {
            // Only accounts claim first solves (issue 38).
            return Shared(&self.pool)
                .record_anonymous_solve(&self.pool, solve)
                .await;
        }
        if let Some(why) = solve.claim_hold {
            return self.record_held_claim(solve, why).await;
        }
        // One statement: the solve (hinted if the server gave a hint for
        // its token), and the first-solver row only if the solve was
        // inserted and is not hinted (a used token inserts nothing at all).
        let row = sqlx::query(
            "WITH solve AS ( \
                 INSERT INTO triplex_solves (nonce, level, time_ms, solved_at, hinted, \
                     account_id, path, path_stats, flags, review, review_at, review_by, \
                     review_reason) \
                 VALUES ($1, $2::text, $3, $4, \
                         EXISTS (SELECT 1 FROM triplex_hinted_tokens WHERE nonce = $1), \
                         $6, $7, $8, $9, $10, $11, $12, $13) \
                 ON CONFLICT (nonce) DO NOTHING \
                 RETURNING nonce, hinted \
             ), first AS ( \
                 INSERT INTO triplex_first_solvers (level, nonce, name, solved_at) \
                 SELECT $2::text, nonce, $5::text, $4 FROM solve WHERE NOT hinted \
                 ON CONFLICT (level) DO NOTHING \
                 RETURNING nonce \
             ) \
             SELECT (SELECT count(*) FROM solve) AS recorded, \
                    (SELECT count(*) FROM solve WHERE hinted) AS hinted, \
                    (SELECT count(*) FROM first) AS first",
        )
        .bind(solve.nonce)
        .bind(solve.level)
        .bind(solve.time_ms)
        .bind(solve.solved_at)
        .bind(solve.name);
        let row = bind_entering(row, &solve.entering, solve.solved_at)
            .fetch_one(&self.pool)
            .await?;
        let recorded: i64 = row.try_get("recorded")?;
        let hinted = row.try_get::<i64, _>("hinted")? > 0;
        let first: i64 = row.try_get("first")?;
        if recorded == 0 {
            return Ok(SolveRecorded::TokenUsed);
        }
        if !hinted {
            // Inserted or not, the level now has a first solver.
            self.settled.insert(solve.level);
        }
        Ok(SolveRecorded::Recorded {
            first: first == 1,
            hinted,
            would_be_first: false,
        })
    }

    async fn note_hint(
        &self,
        level: &str,
        nonce: &[u8],
        now: i64,
    ) -> Result<HintNoted, StoreError> {
        Shared(&self.pool).note_hint(level, nonce, now).await
    }

    async fn name_first_solver(
        &self,
        level: &str,
        nonce: &[u8],
        name: &str,
    ) -> Result<NameOutcome, StoreError> {
        Shared(&self.pool)
            .name_first_solver(level, nonce, name)
            .await
    }

    async fn records(&self, level: &str) -> Result<LevelRecords, StoreError> {
        Shared(&self.pool).records(level).await
    }

    async fn first_solvers(&self) -> Result<Vec<NamedSolver>, StoreError> {
        Shared(&self.pool).first_solvers().await
    }

    async fn moderate(
        &self,
        level: &str,
        change: &NameChange,
        actor: &str,
        now: i64,
    ) -> Result<Moderated, StoreError> {
        Shared(&self.pool).moderate(level, change, actor, now).await
    }

    async fn name_audit(&self) -> Result<Vec<AuditEntry>, StoreError> {
        Shared(&self.pool).name_audit().await
    }

    async fn medians(&self) -> Result<Vec<LevelMedian>, StoreError> {
        Shared(&self.pool).medians().await
    }

    async fn close(&self) {
        self.pool.close().await;
    }
}

impl PostgresStore {
    /// Records an account's solve whose claim, if it is the level's first,
    /// is held: the solve, the first-solver row, the hold and its audit in
    /// one transaction (the row inserted must be seen by the hold's
    /// update, which one statement's parts would not).
    async fn record_held_claim(
        &self,
        solve: &NewSolve<'_>,
        why: &str,
    ) -> Result<SolveRecorded, StoreError> {
        let mut tx = self.pool.begin().await?;
        let inserted = super::shared::bind_solve(sqlx::query(super::shared::INSERT_SOLVE), solve)
            .fetch_optional(&mut *tx)
            .await?;
        let Some(hinted) = inserted
            .map(|row| row.try_get::<bool, _>("hinted"))
            .transpose()?
        else {
            tx.rollback().await?;
            return Ok(SolveRecorded::TokenUsed);
        };
        let first = !hinted
            && sqlx::query(
                "INSERT INTO triplex_first_solvers (level, nonce, name, solved_at) \
                 VALUES ($1, $2, $3, $4) ON CONFLICT (level) DO NOTHING",
            )
            .bind(solve.level)
            .bind(solve.nonce)
            .bind(solve.name)
            .bind(solve.solved_at)
            .execute(&mut *tx)
            .await?
            .rows_affected()
                == 1;
        if first {
            sqlx::query(super::shared::HOLD_CLAIM)
                .bind(solve.solved_at)
                .bind(why)
                .bind(solve.nonce)
                .execute(&mut *tx)
                .await?;
            let entry = super::review::EntryId {
                table: super::review::EntryTable::Triplex,
                nonce: solve.nonce.to_vec(),
            }
            .to_string();
            sqlx::query(super::shared::AUDIT_CLAIM_HOLD)
                .bind(solve.solved_at)
                .bind(entry)
                .bind(why)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        if !hinted {
            self.settled.insert(solve.level);
        }
        Ok(SolveRecorded::Recorded {
            first,
            hinted,
            would_be_first: false,
        })
    }
}
