//! The review hold (issue 38, steps 3 and 4): every table entry (a daily
//! solve, a Triplex or BlockPuzzle solve) has a review state, the solving
//! path it was sent with and that path's statistics and flags. A held or
//! voided entry is on no public table (the queries test [`LISTED`]); an
//! operator approves or voids held entries, bans accounts, and every action
//! lands in the `review_audit` table. One trait, [`ReviewStore`], which
//! every [`super::Store`] also is; the queries are the same on both
//! backends (generic over the sqlx database, as `shared.rs` is).

use super::shared::RowsAffected;
use super::StoreError;
use async_trait::async_trait;
use sqlx::{ColumnIndex, Database, Decode, Encode, Executor, IntoArguments, Pool, Row, Type};
use std::fmt;
use std::str::FromStr;

/// The SQL condition of an entry that may be shown on a public table: made
/// by an account (issue 38: anonymous solves are recorded, never listed),
/// and never held, or approved. Every public table query and first-solver
/// lookup includes it (verbatim, so that SQLite uses the partial rank
/// index of migration 12).
pub const LISTED: &str = "review IN ('none', 'approved') AND account_id IS NOT NULL";

/// The SQL condition of an entry that counts in a statistic naming no one
/// (a level's solve count and median time): not held, not voided, whoever
/// made it.
pub const NOT_HELD: &str = "review IN ('none', 'approved')";

/// Where an entry is kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EntryTable {
    /// `daily_solves`: daily Kakuro and ChessMemory solves.
    Daily,
    /// `triplex_solves`: Triplex and BlockPuzzle solves (the first solve of
    /// a level is its first-solver claim).
    Triplex,
}

impl EntryTable {
    /// The id prefix and the SQL table.
    fn names(self) -> (&'static str, &'static str) {
        match self {
            EntryTable::Daily => ("daily", "daily_solves"),
            EntryTable::Triplex => ("triplex", "triplex_solves"),
        }
    }
}

/// A table entry's id: `daily-<nonce hex>` or `triplex-<nonce hex>` (the
/// nonce is the solve row's key: the start token's nonce, or a ChessMemory
/// game's id). What `gridforge admin approve|void` take.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct EntryId {
    /// Which table.
    pub table: EntryTable,
    /// The solve row's key.
    pub nonce: Vec<u8>,
}

impl fmt::Display for EntryId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.table.names().0, hex::encode(&self.nonce))
    }
}

/// An entry id that does not parse.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("not an entry id (daily-<hex> or triplex-<hex>, as `gridforge admin review` lists them)")]
pub struct BadEntryId;

impl FromStr for EntryId {
    type Err = BadEntryId;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let (prefix, hex_nonce) = text.split_once('-').ok_or(BadEntryId)?;
        let table = match prefix {
            "daily" => EntryTable::Daily,
            "triplex" => EntryTable::Triplex,
            _ => return Err(BadEntryId),
        };
        let nonce = hex::decode(hex_nonce).map_err(|_| BadEntryId)?;
        if nonce.is_empty() || nonce.len() > 64 {
            return Err(BadEntryId);
        }
        Ok(EntryId { table, nonce })
    }
}

/// An entry's review state (the `review` column).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReviewState {
    /// Never held: public.
    None,
    /// Held off every public table until an operator decides.
    Held,
    /// Held, then approved by an operator: public.
    Approved,
    /// Voided by an operator (or a ban): off every table for good.
    Voided,
}

impl ReviewState {
    /// The column's value.
    pub fn as_str(self) -> &'static str {
        match self {
            ReviewState::None => "none",
            ReviewState::Held => "held",
            ReviewState::Approved => "approved",
            ReviewState::Voided => "voided",
        }
    }

    /// The state a column value names (unknown values read as held: never
    /// shown by mistake).
    pub fn parse(text: &str) -> ReviewState {
        match text {
            "none" => ReviewState::None,
            "approved" => ReviewState::Approved,
            "voided" => ReviewState::Voided,
            _ => ReviewState::Held,
        }
    }

    /// Does the review let the entry be shown on a public table (the
    /// review half of [`LISTED`]; an anonymous entry is never shown).
    pub fn listed(self) -> bool {
        matches!(self, ReviewState::None | ReviewState::Approved)
    }
}

/// The solving path kept with a solve, and what the server made of it.
#[derive(Clone, Copy, Debug)]
pub struct KeptPath<'a> {
    /// The path's wire text, as the client sent it.
    pub text: &'a str,
    /// Its statistics, a JSON object.
    pub stats: &'a str,
    /// Its review flags, a JSON array of one-line texts (`[]` for none).
    pub flags: &'a str,
}

/// What a new solve brings for review: its account, its path, and why it is
/// held (if it is). Part of [`super::NewSolve`] and
/// [`super::daily::DailySolve`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Entering<'a> {
    /// The account that made the solve (`None`: anonymous).
    pub account_id: Option<i64>,
    /// The solving path, if one was sent.
    pub path: Option<KeptPath<'a>>,
    /// Why the entry is held from the start (a flagged path, a provisional
    /// account's claim, a perfect ChessMemory game); `None`: public.
    pub hold: Option<&'a str>,
}

impl Entering<'_> {
    /// The review column's value.
    pub fn review(&self) -> &'static str {
        match self.hold {
            Some(_) => ReviewState::Held.as_str(),
            None => ReviewState::None.as_str(),
        }
    }

    /// `review_at`: the solve's time when it is held.
    pub fn review_at(&self, solved_at: i64) -> Option<i64> {
        self.hold.map(|_| solved_at)
    }

    /// `review_by`: the server, when it held the entry.
    pub fn review_by(&self) -> Option<&'static str> {
        self.hold.map(|_| SERVER_ACTOR)
    }
}

/// The actor of the holds the server makes itself.
pub const SERVER_ACTOR: &str = "server";

/// Binds the columns [`Entering`] fills, in this order: `account_id, path,
/// path_stats, flags, review, review_at, review_by, review_reason`
/// (`solved_at` for `review_at`).
pub(super) fn bind_entering<'q, DB>(
    query: sqlx::query::Query<'q, DB, <DB as Database>::Arguments<'q>>,
    entering: &Entering<'q>,
    solved_at: i64,
) -> sqlx::query::Query<'q, DB, <DB as Database>::Arguments<'q>>
where
    DB: Database,
    Option<&'q str>: Encode<'q, DB> + Type<DB>,
    &'q str: Encode<'q, DB> + Type<DB>,
    Option<i64>: Encode<'q, DB> + Type<DB>,
{
    query
        .bind(entering.account_id)
        .bind(entering.path.map(|p| p.text))
        .bind(entering.path.map(|p| p.stats))
        .bind(entering.path.map(|p| p.flags))
        .bind(entering.review())
        .bind(entering.review_at(solved_at))
        .bind(entering.review_by())
        .bind(entering.hold)
}

/// What a review action did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reviewed {
    /// Done and audited.
    Changed,
    /// No entry has that id (or no account that number, for a ban).
    NoSuchEntry,
    /// The entry's state does not allow it (approving an entry that is not
    /// held, voiding a voided one, banning a banned account): not audited.
    Unchanged,
}

/// A held entry as the review queue shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueuedEntry {
    /// Its id.
    pub id: EntryId,
    /// What it is on: `kakuro/<day>/<difficulty>`, `chess/<day>/setup`, or
    /// the Triplex/BlockPuzzle level description.
    pub what: String,
    /// Whether it is (or would be) the level's first solve (Triplex).
    pub first: bool,
    /// The client's player id (dailies).
    pub player: Option<String>,
    /// The account, if any.
    pub account_id: Option<i64>,
    /// The time the server measured.
    pub time_ms: i64,
    /// When it was solved, Unix ms.
    pub solved_at: i64,
    /// Why it is held.
    pub reason: Option<String>,
    /// The path's statistics (JSON object), if a path was sent.
    pub path_stats: Option<String>,
    /// The path's flags (JSON array of texts), if a path was sent.
    pub flags: Option<String>,
}

/// An entry's kept path and where it stands, for publishing it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredPath {
    /// The path's wire text (`None`: the solve came without one).
    pub path: Option<String>,
    /// Its review state.
    pub review: ReviewState,
    /// `kakuro/<day>/<difficulty>` or `chess/<day>/setup` for a daily, the
    /// level description for a Triplex/BlockPuzzle solve.
    pub what: String,
    /// The time the server measured.
    pub time_ms: i64,
    /// When it was solved, Unix ms.
    pub solved_at: i64,
    /// It is the level's first-solver claim (Triplex).
    pub first: bool,
}

/// One row of the review audit, oldest first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReviewAudit {
    /// Order of the actions.
    pub id: i64,
    /// When, Unix ms.
    pub at: i64,
    /// Who: `server`, the operator's OS user or `--actor`.
    pub actor: String,
    /// `hold`, `approve`, `void` or `ban`.
    pub action: String,
    /// The entry's id, or `account-<id>`.
    pub entry: String,
    /// Why (a void's or ban's reason, a hold's flags).
    pub reason: Option<String>,
}

/// Storage of the review hold; both backends implement it.
#[async_trait]
pub trait ReviewStore {
    /// Holds an entry off the public tables (from `none` or `approved`),
    /// audited.
    async fn hold(
        &self,
        id: &EntryId,
        reason: &str,
        actor: &str,
        now: i64,
    ) -> Result<Reviewed, StoreError>;

    /// Approves a held entry: it is public again, audited.
    async fn approve(&self, id: &EntryId, actor: &str, now: i64) -> Result<Reviewed, StoreError>;

    /// Voids an entry: off every table for good (a Triplex first-solver
    /// claim is removed, so the level can be claimed again), audited.
    async fn void(
        &self,
        id: &EntryId,
        reason: &str,
        actor: &str,
        now: i64,
    ) -> Result<Reviewed, StoreError>;

    /// Bans an account (`banned_at`) and voids every solve it made, audited
    /// once as `ban`.
    async fn ban(
        &self,
        account_id: i64,
        reason: &str,
        actor: &str,
        now: i64,
    ) -> Result<Reviewed, StoreError>;

    /// Every held entry, oldest first.
    async fn review_queue(&self) -> Result<Vec<QueuedEntry>, StoreError>;

    /// An entry's kept path and review state.
    async fn stored_path(&self, id: &EntryId) -> Result<Option<StoredPath>, StoreError>;

    /// The review audit, oldest first.
    async fn review_audit(&self) -> Result<Vec<ReviewAudit>, StoreError>;
}

/// Records one review action.
const INSERT_REVIEW_AUDIT: &str =
    "INSERT INTO review_audit (at, actor, action, entry, reason) VALUES ($1, $2, $3, $4, $5)";

/// The review queries on one pool.
pub(super) struct ReviewQueries<'p, DB: Database>(pub &'p Pool<DB>);

/// `what` of a row: the daily's key or the level.
const WHAT_DAILY: &str = "game || '/' || day || '/' || variant";

impl<DB> ReviewQueries<'_, DB>
where
    DB: Database,
    for<'q> &'q str: Encode<'q, DB> + Type<DB>,
    for<'q> &'q [u8]: Encode<'q, DB> + Type<DB>,
    for<'q> Option<&'q str>: Encode<'q, DB> + Type<DB>,
    for<'q> Option<i64>: Encode<'q, DB> + Decode<'q, DB> + Type<DB>,
    for<'q> i64: Encode<'q, DB> + Decode<'q, DB> + Type<DB>,
    for<'r> Vec<u8>: Decode<'r, DB> + Type<DB>,
    for<'r> String: Decode<'r, DB> + Type<DB>,
    for<'r> Option<String>: Decode<'r, DB> + Type<DB>,
    for<'q> <DB as Database>::Arguments<'q>: IntoArguments<'q, DB>,
    for<'p> &'p Pool<DB>: Executor<'p, Database = DB>,
    for<'c> &'c mut <DB as Database>::Connection: Executor<'c, Database = DB>,
    &'static str: ColumnIndex<<DB as Database>::Row>,
    usize: ColumnIndex<<DB as Database>::Row>,
    <DB as Database>::QueryResult: RowsAffected,
{
    /// Moves an entry from one of `from` to `to` (`hold`, `approve` or
    /// `void` in the audit), and audits it, in one
    /// transaction. The update is the first statement, so the row is locked
    /// (SQLite: the write lock) before anything else is read.
    async fn change(
        &self,
        id: &EntryId,
        from: &[ReviewState],
        to: ReviewState,
        reason: Option<&str>,
        actor: &str,
        now: i64,
    ) -> Result<Reviewed, StoreError> {
        let table = id.table.names().1;
        let action = match to {
            ReviewState::Held => "hold",
            ReviewState::Approved => "approve",
            _ => "void",
        };
        let from_sql = from
            .iter()
            .map(|s| format!("'{}'", s.as_str()))
            .collect::<Vec<_>>()
            .join(", ");
        let mut tx = self.0.begin().await?;
        let changed = sqlx::query(&format!(
            "UPDATE {table} SET review = $1, review_at = $2, review_by = $3, \
             review_reason = COALESCE($4, review_reason) WHERE nonce = $5 AND review IN ({from_sql})"
        ))
        .bind(to.as_str())
        .bind(now)
        .bind(actor)
        .bind(reason)
        .bind(id.nonce.as_slice())
        .execute(&mut *tx)
        .await?
        .rows();
        if changed == 0 {
            let exists = sqlx::query(&format!("SELECT 1 FROM {table} WHERE nonce = $1"))
                .bind(id.nonce.as_slice())
                .fetch_optional(&mut *tx)
                .await?
                .is_some();
            tx.rollback().await?;
            return Ok(if exists {
                Reviewed::Unchanged
            } else {
                Reviewed::NoSuchEntry
            });
        }
        if to == ReviewState::Voided && id.table == EntryTable::Triplex {
            // A voided claim frees its level for the next solver.
            sqlx::query("DELETE FROM triplex_first_solvers WHERE nonce = $1")
                .bind(id.nonce.as_slice())
                .execute(&mut *tx)
                .await?;
        }
        let entry = id.to_string();
        sqlx::query(INSERT_REVIEW_AUDIT)
            .bind(now)
            .bind(actor)
            .bind(action)
            .bind(entry.as_str())
            .bind(reason)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(Reviewed::Changed)
    }

    pub(super) async fn hold(
        &self,
        id: &EntryId,
        reason: &str,
        actor: &str,
        now: i64,
    ) -> Result<Reviewed, StoreError> {
        use ReviewState::*;
        self.change(id, &[None, Approved], Held, Some(reason), actor, now)
            .await
    }

    pub(super) async fn approve(
        &self,
        id: &EntryId,
        actor: &str,
        now: i64,
    ) -> Result<Reviewed, StoreError> {
        use ReviewState::*;
        self.change(id, &[Held], Approved, Option::None, actor, now)
            .await
    }

    pub(super) async fn void(
        &self,
        id: &EntryId,
        reason: &str,
        actor: &str,
        now: i64,
    ) -> Result<Reviewed, StoreError> {
        use ReviewState::*;
        let from = [None, Held, Approved];
        self.change(id, &from, Voided, Some(reason), actor, now)
            .await
    }

    pub(super) async fn ban(
        &self,
        account_id: i64,
        reason: &str,
        actor: &str,
        now: i64,
    ) -> Result<Reviewed, StoreError> {
        let mut tx = self.0.begin().await?;
        let banned =
            sqlx::query("UPDATE accounts SET banned_at = $1 WHERE id = $2 AND banned_at IS NULL")
                .bind(now)
                .bind(account_id)
                .execute(&mut *tx)
                .await?
                .rows();
        if banned == 0 {
            let exists = sqlx::query("SELECT 1 FROM accounts WHERE id = $1")
                .bind(account_id)
                .fetch_optional(&mut *tx)
                .await?
                .is_some();
            tx.rollback().await?;
            return Ok(if exists {
                Reviewed::Unchanged
            } else {
                Reviewed::NoSuchEntry
            });
        }
        sqlx::query(
            "DELETE FROM triplex_first_solvers WHERE nonce IN \
             (SELECT nonce FROM triplex_solves WHERE account_id = $1)",
        )
        .bind(account_id)
        .execute(&mut *tx)
        .await?;
        for table in ["daily_solves", "triplex_solves"] {
            sqlx::query(&format!(
                "UPDATE {table} SET review = 'voided', review_at = $1, review_by = $2, \
                 review_reason = $3 WHERE account_id = $4 AND review <> 'voided'"
            ))
            .bind(now)
            .bind(actor)
            .bind(reason)
            .bind(account_id)
            .execute(&mut *tx)
            .await?;
        }
        // The account's sessions end: a banned account acts no more.
        sqlx::query("DELETE FROM account_sessions WHERE account_id = $1")
            .bind(account_id)
            .execute(&mut *tx)
            .await?;
        let entry = format!("account-{account_id}");
        sqlx::query(INSERT_REVIEW_AUDIT)
            .bind(now)
            .bind(actor)
            .bind("ban")
            .bind(entry.as_str())
            .bind(Some(reason))
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(Reviewed::Changed)
    }

    pub(super) async fn review_queue(&self) -> Result<Vec<QueuedEntry>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT 'daily' AS tbl, nonce, {WHAT_DAILY} AS what, CAST(0 AS BIGINT) AS first, player, account_id, \
                    time_ms, solved_at, review_reason, path_stats, flags \
             FROM daily_solves WHERE review = 'held' \
             UNION ALL \
             SELECT 'triplex', s.nonce, s.level, \
                    CAST(CASE WHEN f.nonce IS NULL THEN 0 ELSE 1 END AS BIGINT), NULL, s.account_id, \
                    s.time_ms, s.solved_at, s.review_reason, s.path_stats, s.flags \
             FROM triplex_solves s LEFT JOIN triplex_first_solvers f ON f.nonce = s.nonce \
             WHERE s.review = 'held' \
             ORDER BY solved_at, tbl"
        ))
        .fetch_all(self.0)
        .await?;
        rows.iter()
            .map(|row| {
                let tbl: String = row.try_get(0usize)?;
                let first: i64 = row.try_get(3usize)?;
                Ok(QueuedEntry {
                    id: EntryId {
                        table: if tbl == "daily" {
                            EntryTable::Daily
                        } else {
                            EntryTable::Triplex
                        },
                        nonce: row.try_get(1usize)?,
                    },
                    what: row.try_get(2usize)?,
                    first: first == 1,
                    player: row.try_get(4usize)?,
                    account_id: row.try_get(5usize)?,
                    time_ms: row.try_get(6usize)?,
                    solved_at: row.try_get(7usize)?,
                    reason: row.try_get(8usize)?,
                    path_stats: row.try_get(9usize)?,
                    flags: row.try_get(10usize)?,
                })
            })
            .collect()
    }

    pub(super) async fn stored_path(&self, id: &EntryId) -> Result<Option<StoredPath>, StoreError> {
        let query = match id.table {
            EntryTable::Daily => format!(
                "SELECT path, review, {WHAT_DAILY} AS what, time_ms, solved_at, CAST(0 AS BIGINT) AS first \
                 FROM daily_solves WHERE nonce = $1"
            ),
            EntryTable::Triplex => "SELECT s.path, s.review, s.level AS what, s.time_ms, \
                 s.solved_at, CAST(CASE WHEN f.nonce IS NULL THEN 0 ELSE 1 END AS BIGINT) AS first \
                 FROM triplex_solves s LEFT JOIN triplex_first_solvers f ON f.nonce = s.nonce \
                 WHERE s.nonce = $1"
                .to_string(),
        };
        let Some(row) = sqlx::query(&query)
            .bind(id.nonce.as_slice())
            .fetch_optional(self.0)
            .await?
        else {
            return Ok(None);
        };
        let review: String = row.try_get("review")?;
        let first: i64 = row.try_get("first")?;
        Ok(Some(StoredPath {
            path: row.try_get("path")?,
            review: ReviewState::parse(&review),
            what: row.try_get("what")?,
            time_ms: row.try_get("time_ms")?,
            solved_at: row.try_get("solved_at")?,
            first: first == 1,
        }))
    }

    pub(super) async fn review_audit(&self) -> Result<Vec<ReviewAudit>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, at, actor, action, entry, reason FROM review_audit ORDER BY id",
        )
        .fetch_all(self.0)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(ReviewAudit {
                    id: row.try_get("id")?,
                    at: row.try_get("at")?,
                    actor: row.try_get("actor")?,
                    action: row.try_get("action")?,
                    entry: row.try_get("entry")?,
                    reason: row.try_get("reason")?,
                })
            })
            .collect()
    }
}

/// Implements [`ReviewStore`] for a store type with its read and write pools.
macro_rules! review_store {
    ($store:ty, $read:ident, $write:ident) => {
        #[async_trait]
        impl ReviewStore for $store {
            async fn hold(
                &self,
                id: &EntryId,
                reason: &str,
                actor: &str,
                now: i64,
            ) -> Result<Reviewed, StoreError> {
                ReviewQueries(&self.$write)
                    .hold(id, reason, actor, now)
                    .await
            }
            async fn approve(
                &self,
                id: &EntryId,
                actor: &str,
                now: i64,
            ) -> Result<Reviewed, StoreError> {
                ReviewQueries(&self.$write).approve(id, actor, now).await
            }
            async fn void(
                &self,
                id: &EntryId,
                reason: &str,
                actor: &str,
                now: i64,
            ) -> Result<Reviewed, StoreError> {
                ReviewQueries(&self.$write)
                    .void(id, reason, actor, now)
                    .await
            }
            async fn ban(
                &self,
                account_id: i64,
                reason: &str,
                actor: &str,
                now: i64,
            ) -> Result<Reviewed, StoreError> {
                ReviewQueries(&self.$write)
                    .ban(account_id, reason, actor, now)
                    .await
            }
            async fn review_queue(&self) -> Result<Vec<QueuedEntry>, StoreError> {
                ReviewQueries(&self.$read).review_queue().await
            }
            async fn stored_path(&self, id: &EntryId) -> Result<Option<StoredPath>, StoreError> {
                ReviewQueries(&self.$read).stored_path(id).await
            }
            async fn review_audit(&self) -> Result<Vec<ReviewAudit>, StoreError> {
                ReviewQueries(&self.$read).review_audit().await
            }
        }
    };
}

review_store!(super::sqlite::SqliteStore, readers, writer);
review_store!(super::postgres::PostgresStore, pool, pool);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entry_ids_round_trip_and_refuse_junk() {
        let id = EntryId {
            table: EntryTable::Triplex,
            nonce: vec![0xab, 0x01],
        };
        assert_eq!(id.to_string(), "triplex-ab01");
        assert_eq!("triplex-ab01".parse::<EntryId>(), Ok(id));
        assert_eq!(
            "daily-00ff".parse::<EntryId>().map(|i| i.table),
            Ok(EntryTable::Daily)
        );
        for bad in ["", "daily", "daily-", "daily-xyz", "chess-00", "daily-0"] {
            assert_eq!(bad.parse::<EntryId>(), Err(BadEntryId), "{bad}");
        }
    }

    #[test]
    fn only_none_and_approved_are_listed() {
        for state in [
            ReviewState::None,
            ReviewState::Held,
            ReviewState::Approved,
            ReviewState::Voided,
        ] {
            assert_eq!(ReviewState::parse(state.as_str()), state);
            assert_eq!(
                state.listed(),
                LISTED.contains(&format!("'{}'", state.as_str()))
            );
        }
        assert_eq!(ReviewState::parse("junk"), ReviewState::Held);
    }
}
