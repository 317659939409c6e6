//! Storage kept bounded (issue 39): what the maintenance task
//! ([`crate::maintenance`]) deletes on a schedule. A ChessMemory game that
//! never turned a square expires; a player's solves of a daily that do not
//! count (past days, replays) are kept only up to a cap, its fastest, which
//! is all they serve (its own best time); an anonymous start token's help
//! mark (`daily_starts`, `token:<nonce>`) goes once the token is spent (its
//! solve recorded) or expired. Counted solves, games played and everything
//! an account owns stay. Start tokens are signed, not stored, so a start
//! never used costs nothing. One trait, [`PruneStore`], which every
//! [`super::Store`] also is; the statements are the same on both backends.

use super::StoreError;
use async_trait::async_trait;
use sqlx::{Database, Encode, Executor, IntoArguments, Pool, Type};

/// What to prune.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PrunePolicy {
    /// ChessMemory games started before this (Unix ms) that never turned a
    /// square are deleted.
    pub abandoned_before: i64,
    /// Uncounted solves kept per player and daily (the fastest).
    pub uncounted_per_daily: i64,
    /// Anonymous help marks made before this (Unix ms) are deleted: their
    /// start tokens, issued before them, can no longer be used.
    pub tokens_expired_before: i64,
}

/// What a prune deleted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pruned {
    /// ChessMemory games that never turned a square.
    pub abandoned_games: u64,
    /// Uncounted solves past the cap.
    pub uncounted_solves: u64,
    /// Anonymous help marks of spent or expired start tokens.
    pub help_marks: u64,
}

/// Pruning; both backends implement it.
#[async_trait]
pub trait PruneStore {
    /// Deletes what `policy` says is no longer needed.
    async fn prune(&self, policy: PrunePolicy) -> Result<Pruned, StoreError>;
}

/// The prune statements on one pool; `nonce_hex` is the backend's SQL for
/// a solve's nonce `s.nonce` in lower-case hex (as a `token:` starter
/// writes it).
pub(super) struct PruneQueries<'p, DB: Database> {
    pub pool: &'p Pool<DB>,
    pub nonce_hex: &'static str,
}

impl<DB> PruneQueries<'_, DB>
where
    DB: Database,
    for<'q> i64: Encode<'q, DB> + Type<DB>,
    for<'q> <DB as Database>::Arguments<'q>: IntoArguments<'q, DB>,
    for<'p> &'p Pool<DB>: Executor<'p, Database = DB>,
    <DB as Database>::QueryResult: RowsAffected,
{
    pub(super) async fn prune(&self, policy: PrunePolicy) -> Result<Pruned, StoreError> {
        let games = sqlx::query(
            "DELETE FROM daily_chess_games WHERE turns = 0 AND finished_at IS NULL \
             AND started_at < $1",
        )
        .bind(policy.abandoned_before)
        .execute(self.pool)
        .await?;
        // Each player's fastest uncounted solves of a daily stay (ties: the
        // earlier); the rest go.
        let solves = sqlx::query(
            "DELETE FROM daily_solves WHERE nonce IN (\
               SELECT nonce FROM (\
                 SELECT nonce, row_number() OVER (\
                   PARTITION BY game, day, variant, player \
                   ORDER BY time_ms, solved_at, nonce) AS n \
                 FROM daily_solves WHERE NOT counted) AS ranked \
               WHERE n > $1)",
        )
        .bind(policy.uncounted_per_daily)
        .execute(self.pool)
        .await?;
        // A help mark serves the one solve its token may still make.
        let marks = sqlx::query(&format!(
            "DELETE FROM daily_starts WHERE starter LIKE 'token:%' AND (started_at < $1 \
               OR EXISTS (SELECT 1 FROM daily_solves s WHERE s.game = daily_starts.game \
                 AND s.day = daily_starts.day AND s.variant = daily_starts.variant \
                 AND 'token:' || {} = daily_starts.starter))",
            self.nonce_hex
        ))
        .bind(policy.tokens_expired_before)
        .execute(self.pool)
        .await?;
        Ok(Pruned {
            abandoned_games: games.affected(),
            uncounted_solves: solves.affected(),
            help_marks: marks.affected(),
        })
    }
}

/// Rows a statement changed, on either backend.
pub(super) trait RowsAffected {
    /// How many.
    fn affected(&self) -> u64;
}

impl RowsAffected for sqlx::sqlite::SqliteQueryResult {
    fn affected(&self) -> u64 {
        self.rows_affected()
    }
}

impl RowsAffected for sqlx::postgres::PgQueryResult {
    fn affected(&self) -> u64 {
        self.rows_affected()
    }
}

#[async_trait]
impl PruneStore for super::sqlite::SqliteStore {
    async fn prune(&self, policy: PrunePolicy) -> Result<Pruned, StoreError> {
        PruneQueries {
            pool: &self.writer,
            nonce_hex: "lower(hex(s.nonce))",
        }
        .prune(policy)
        .await
    }
}

#[async_trait]
impl PruneStore for super::postgres::PostgresStore {
    async fn prune(&self, policy: PrunePolicy) -> Result<Pruned, StoreError> {
        PruneQueries {
            pool: &self.pool,
            nonce_hex: "encode(s.nonce, 'hex')",
        }
        .prune(policy)
        .await
    }
}
