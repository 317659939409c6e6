//! Who started which daily, and when first (issue 38, migration 9): an
//! account's time runs from its first start of a daily, and the daily's own
//! help marks its starter's solve assisted. Also an account's first start
//! of a Triplex or BlockPuzzle level (migration 12), which times its
//! first-solver claims, and its claims of the last hour. One trait, [`StartStore`],
//! which every [`super::Store`] also is; the queries are the same on both
//! backends.

use super::daily::DailyKey;
use super::StoreError;
use async_trait::async_trait;
use sqlx::{ColumnIndex, Database, Decode, Encode, Executor, IntoArguments, Pool, Row, Type};

/// A starter's record of a daily.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DailyStart {
    /// Its first start, Unix ms.
    pub started_at: i64,
    /// The daily's own help answered it.
    pub assisted: bool,
}

/// Storage of daily starts; both backends implement it.
#[async_trait]
pub trait StartStore {
    /// Records `starter`'s start of a daily at `now` unless it started it
    /// before, and returns its first start (one statement: two devices
    /// starting at once agree on one).
    async fn first_daily_start(
        &self,
        key: &DailyKey,
        starter: &str,
        now: i64,
    ) -> Result<i64, StoreError>;

    /// Marks `starter`'s solve of a daily assisted (recording its start at
    /// `started_at` if it has none).
    async fn mark_daily_assisted(
        &self,
        key: &DailyKey,
        starter: &str,
        started_at: i64,
    ) -> Result<(), StoreError>;

    /// `starter`'s record of a daily, if it has one.
    async fn daily_start(
        &self,
        key: &DailyKey,
        starter: &str,
    ) -> Result<Option<DailyStart>, StoreError>;

    /// Records `account`'s start of a Triplex or BlockPuzzle level (its
    /// description) at `now` unless it started it before, and returns its
    /// first start (one statement, like [`Self::first_daily_start`]).
    async fn first_level_start(
        &self,
        level: &str,
        account: i64,
        now: i64,
    ) -> Result<i64, StoreError>;

    /// `account`'s first start of a level, if it started it.
    async fn level_start(&self, level: &str, account: i64) -> Result<Option<i64>, StoreError>;

    /// How many first-solver claims `account` made since `since` (Unix
    /// ms), held ones included: its hourly cap counts them.
    async fn claims_since(&self, account: i64, since: i64) -> Result<i64, StoreError>;
}

/// The start queries on one pool.
pub(super) struct StartQueries<'p, DB: Database>(pub &'p Pool<DB>);

impl<DB> StartQueries<'_, DB>
where
    DB: Database,
    for<'q> &'q str: Encode<'q, DB> + Type<DB>,
    for<'q> i64: Encode<'q, DB> + Decode<'q, DB> + Type<DB>,
    for<'q> bool: Encode<'q, DB> + Decode<'q, DB> + Type<DB>,
    for<'q> <DB as Database>::Arguments<'q>: IntoArguments<'q, DB>,
    for<'p> &'p Pool<DB>: Executor<'p, Database = DB>,
    &'static str: ColumnIndex<<DB as Database>::Row>,
{
    /// Inserts a start, or on conflict keeps the first one (and raises
    /// `assisted` when `$6` is true), returning the row's first start.
    async fn upsert(
        &self,
        key: &DailyKey,
        starter: &str,
        at: i64,
        assisted: bool,
    ) -> Result<i64, StoreError> {
        let row = sqlx::query(
            "INSERT INTO daily_starts (game, day, variant, starter, started_at, assisted) \
             VALUES ($1, $2, $3, $4, $5, $6) \
             ON CONFLICT (game, day, variant, starter) DO UPDATE \
             SET assisted = daily_starts.assisted OR excluded.assisted \
             RETURNING started_at",
        )
        .bind(key.game)
        .bind(key.day.as_str())
        .bind(key.variant)
        .bind(starter)
        .bind(at)
        .bind(assisted)
        .fetch_one(self.0)
        .await?;
        Ok(row.try_get("started_at")?)
    }

    async fn first_level_start(
        &self,
        level: &str,
        account: i64,
        now: i64,
    ) -> Result<i64, StoreError> {
        // The no-op update makes the conflicting row come back.
        let row = sqlx::query(
            "INSERT INTO triplex_starts (level, account_id, started_at) VALUES ($1, $2, $3) \
             ON CONFLICT (level, account_id) DO UPDATE SET started_at = triplex_starts.started_at \
             RETURNING started_at",
        )
        .bind(level)
        .bind(account)
        .bind(now)
        .fetch_one(self.0)
        .await?;
        Ok(row.try_get("started_at")?)
    }

    async fn level_start(&self, level: &str, account: i64) -> Result<Option<i64>, StoreError> {
        let row = sqlx::query(
            "SELECT started_at FROM triplex_starts WHERE level = $1 AND account_id = $2",
        )
        .bind(level)
        .bind(account)
        .fetch_optional(self.0)
        .await?;
        row.map(|row| Ok(row.try_get("started_at")?)).transpose()
    }

    async fn claims_since(&self, account: i64, since: i64) -> Result<i64, StoreError> {
        let row = sqlx::query(
            "SELECT count(*) AS n FROM triplex_solves s \
             JOIN triplex_first_solvers f ON f.nonce = s.nonce \
             WHERE s.account_id = $1 AND s.solved_at >= $2",
        )
        .bind(account)
        .bind(since)
        .fetch_one(self.0)
        .await?;
        Ok(row.try_get("n")?)
    }

    async fn daily_start(
        &self,
        key: &DailyKey,
        starter: &str,
    ) -> Result<Option<DailyStart>, StoreError> {
        let row = sqlx::query(
            "SELECT started_at, assisted FROM daily_starts \
             WHERE game = $1 AND day = $2 AND variant = $3 AND starter = $4",
        )
        .bind(key.game)
        .bind(key.day.as_str())
        .bind(key.variant)
        .bind(starter)
        .fetch_optional(self.0)
        .await?;
        row.map(|row| {
            Ok(DailyStart {
                started_at: row.try_get("started_at")?,
                assisted: row.try_get("assisted")?,
            })
        })
        .transpose()
    }
}

/// Implements [`StartStore`] for a store type with its read and write pools.
macro_rules! start_store {
    ($store:ty, $read:ident, $write:ident) => {
        #[async_trait]
        impl StartStore for $store {
            async fn first_daily_start(
                &self,
                key: &DailyKey,
                starter: &str,
                now: i64,
            ) -> Result<i64, StoreError> {
                StartQueries(&self.$write)
                    .upsert(key, starter, now, false)
                    .await
            }
            async fn mark_daily_assisted(
                &self,
                key: &DailyKey,
                starter: &str,
                started_at: i64,
            ) -> Result<(), StoreError> {
                StartQueries(&self.$write)
                    .upsert(key, starter, started_at, true)
                    .await
                    .map(|_| ())
            }
            async fn daily_start(
                &self,
                key: &DailyKey,
                starter: &str,
            ) -> Result<Option<DailyStart>, StoreError> {
                StartQueries(&self.$read).daily_start(key, starter).await
            }
            async fn first_level_start(
                &self,
                level: &str,
                account: i64,
                now: i64,
            ) -> Result<i64, StoreError> {
                StartQueries(&self.$write)
                    .first_level_start(level, account, now)
                    .await
            }
            async fn level_start(
                &self,
                level: &str,
                account: i64,
            ) -> Result<Option<i64>, StoreError> {
                StartQueries(&self.$read).level_start(level, account).await
            }
            async fn claims_since(&self, account: i64, since: i64) -> Result<i64, StoreError> {
                // The writer: a claim just made is counted at once.
                StartQueries(&self.$write)
                    .claims_since(account, since)
                    .await
            }
        }
    };
}

start_store!(super::sqlite::SqliteStore, readers, writer);
start_store!(super::postgres::PostgresStore, pool, pool);
