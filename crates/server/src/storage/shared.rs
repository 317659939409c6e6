//! What the two backends have in common: the SQL they both run (SQLite reads
//! PostgreSQL's `$1` placeholders too) and the queries whose code is the same
//! for both, generic over the sqlx database.

use super::review::{bind_entering, NOT_HELD};
use super::{
    median_of_middle, median_window, AuditEntry, FirstSolver, HintNoted, LevelMedian, LevelRecords,
    Moderated, NameChange, NameOutcome, NamedSolver, NewSolve, SolveRecorded, StoreError,
};
use sqlx::{ColumnIndex, Database, Decode, Encode, Executor, IntoArguments, Pool, Row, Type};

/// Records a solve unless its nonce was used before, and returns its
/// `hinted` (no row for a used token). The solve is hinted when the client
/// says so (`$5`) or the server gave a hint for its token (a row of
/// `triplex_hinted_tokens`): read in the same statement, so the server's hint
/// costs the solve no round trip of its own (issue 46).
/// The solve's account, path and review are `$6` to `$13` ([`bind_entering`]).
pub(super) const INSERT_SOLVE: &str =
    "INSERT INTO triplex_solves (nonce, level, time_ms, solved_at, hinted, account_id, path, \
     path_stats, flags, review, review_at, review_by, review_reason) \
     VALUES ($1, $2, $3, $4, $5 OR EXISTS (SELECT 1 FROM triplex_hinted_tokens WHERE nonce = $1), \
     $6, $7, $8, $9, $10, $11, $12, $13) \
     ON CONFLICT (nonce) DO NOTHING RETURNING hinted";

/// Holds a first-solver claim just made (`$1` the time, `$2` why, `$3` the
/// nonce): the solve leaves the public tables until an operator approves it.
/// A solve its path already held keeps that reason, and gains this one.
pub(super) const HOLD_CLAIM: &str =
    "UPDATE triplex_solves SET review = 'held', review_at = $1, review_by = 'server', \
     review_reason = CASE WHEN review_reason IS NULL THEN CAST($2 AS TEXT) \
     ELSE review_reason || '; ' || CAST($2 AS TEXT) END \
     WHERE nonce = $3 AND review IN ('none', 'held')";

/// Audits a claim's hold (`$1` the time, `$2` why, `$3` the entry id).
pub(super) const AUDIT_CLAIM_HOLD: &str =
    "INSERT INTO review_audit (at, actor, action, entry, reason) \
     VALUES ($1, 'server', 'hold', $2, $3)";

/// Records one moderation change in the audit table: at, actor, action,
/// level (or daily key), old name, new name.
pub(super) const INSERT_AUDIT: &str =
    "INSERT INTO name_audit (at, actor, action, level, old_name, new_name) \
     VALUES ($1, $2, $3, $4, $5, $6)";

/// [`INSERT_SOLVE`]'s parameters.
pub(super) fn bind_solve<'q, DB>(
    query: sqlx::query::Query<'q, DB, <DB as Database>::Arguments<'q>>,
    solve: &NewSolve<'q>,
) -> sqlx::query::Query<'q, DB, <DB as Database>::Arguments<'q>>
where
    DB: Database,
    &'q str: Encode<'q, DB> + Type<DB>,
    &'q [u8]: Encode<'q, DB> + Type<DB>,
    Option<&'q str>: Encode<'q, DB> + Type<DB>,
    Option<i64>: Encode<'q, DB> + Type<DB>,
    i64: Encode<'q, DB> + Type<DB>,
    bool: Encode<'q, DB> + Type<DB>,
{
    let query = query
        .bind(solve.nonce)
        .bind(solve.level)
        .bind(solve.time_ms)
        .bind(solve.solved_at)
        .bind(solve.hinted);
    bind_entering(query, &solve.entering, solve.solved_at)
}

/// The queries both backends run the same way, on one of their pools.
pub(super) struct Shared<'p, DB: Database>(pub &'p Pool<DB>);

/// The bounds say what the queries need of a database: bind text, bytes and
/// integers, read them back, count rows changed. Both backends meet them.
impl<DB> Shared<'_, DB>
where
    DB: Database,
    for<'q> &'q str: Encode<'q, DB> + Type<DB>,
    for<'q> &'q [u8]: Encode<'q, DB> + Type<DB>,
    for<'q> Option<&'q str>: Encode<'q, DB> + Type<DB>,
    for<'q> Option<i64>: Encode<'q, DB> + Type<DB>,
    for<'q> i64: Encode<'q, DB> + Decode<'q, DB> + Type<DB>,
    for<'q> bool: Encode<'q, DB> + Decode<'q, DB> + Type<DB>,
    for<'r> Vec<u8>: Decode<'r, DB> + Type<DB>,
    for<'r> String: Decode<'r, DB> + Type<DB>,
    for<'q> <DB as Database>::Arguments<'q>: IntoArguments<'q, DB>,
    for<'p> &'p Pool<DB>: Executor<'p, Database = DB>,
    for<'c> &'c mut <DB as Database>::Connection: Executor<'c, Database = DB>,
    &'static str: ColumnIndex<<DB as Database>::Row>,
    usize: ColumnIndex<<DB as Database>::Row>,
    <DB as Database>::QueryResult: RowsAffected,
{
    /// Checks that the database answers.
    pub(super) async fn ping(&self) -> Result<(), StoreError> {
        sqlx::query("SELECT 1").execute(self.0).await?;
        Ok(())
    }

    /// Records a solve of a level whose first solver is settled: one
    /// autocommit statement, which inserts nothing for a used token.
    pub(super) async fn record_settled_solve(
        &self,
        solve: &NewSolve<'_>,
    ) -> Result<SolveRecorded, StoreError> {
        let hinted: Option<bool> = bind_solve(sqlx::query(INSERT_SOLVE), solve)
            .fetch_optional(self.0)
            .await?
            .map(|row| row.try_get("hinted"))
            .transpose()?;
        Ok(match hinted {
            None => SolveRecorded::TokenUsed,
            Some(hinted) => SolveRecorded::Recorded {
                first: false,
                hinted,
                would_be_first: false,
            },
        })
    }

    /// Records an anonymous solve: never a first solve, but its player is
    /// told whether the level was still unclaimed (what an account would
    /// have claimed). That is a read, asked of `readers` (SQLite's readers;
    /// PostgreSQL's one pool) beside the insert, so the writer does one
    /// statement a solve (issue 46: a second statement on SQLite's one
    /// writer cost a quarter of the solves per second).
    pub(super) async fn record_anonymous_solve(
        &self,
        readers: &Pool<DB>,
        solve: &NewSolve<'_>,
    ) -> Result<SolveRecorded, StoreError> {
        let claimed = async {
            Ok::<_, StoreError>(
                sqlx::query("SELECT 1 FROM triplex_first_solvers WHERE level = $1")
                    .bind(solve.level)
                    .fetch_optional(readers)
                    .await?
                    .is_some(),
            )
        };
        let (recorded, claimed) = tokio::join!(self.record_settled_solve(solve), claimed);
        let recorded = recorded?;
        let SolveRecorded::Recorded { hinted: false, .. } = recorded else {
            return Ok(recorded);
        };
        Ok(SolveRecorded::Recorded {
            first: false,
            hinted: false,
            would_be_first: !claimed?,
        })
    }

    /// Notes a hint for a start token not yet used for a solve (the note
    /// is inserted only while no solve has the token).
    pub(super) async fn note_hint(
        &self,
        level: &str,
        nonce: &[u8],
        now: i64,
    ) -> Result<HintNoted, StoreError> {
        sqlx::query(
            "INSERT INTO triplex_hinted_tokens (nonce, level, hinted_at) \
             SELECT $1, $2, $3 WHERE NOT EXISTS (SELECT 1 FROM triplex_solves WHERE nonce = $1) \
             ON CONFLICT (nonce) DO NOTHING",
        )
        .bind(nonce)
        .bind(level)
        .bind(now)
        .execute(self.0)
        .await?;
        // Noted now or before, unless a solve used the token (before the
        // insert, or since: then the hint is refused, and the solve did not
        // see a note either).
        let row = sqlx::query("SELECT count(*) AS used FROM triplex_solves WHERE nonce = $1")
            .bind(nonce)
            .fetch_one(self.0)
            .await?;
        let used: i64 = row.try_get("used")?;
        Ok(if used > 0 {
            HintNoted::TokenUsed
        } else {
            HintNoted::Noted
        })
    }

    /// The secret stored under `name`, storing `fresh` first if there is none.
    pub(super) async fn secret(
        &self,
        name: &str,
        fresh: &[u8],
        now: i64,
    ) -> Result<Vec<u8>, StoreError> {
        sqlx::query(
            "INSERT INTO server_secrets (name, secret, created_at) VALUES ($1, $2, $3) \
             ON CONFLICT (name) DO NOTHING",
        )
        .bind(name)
        .bind(fresh)
        .bind(now)
        .execute(self.0)
        .await?;
        let row = sqlx::query("SELECT secret FROM server_secrets WHERE name = $1")
            .bind(name)
            .fetch_one(self.0)
            .await?;
        Ok(row.try_get("secret")?)
    }

    /// Names the first solver of `level` if `nonce` is that solve's and no name
    /// is set yet.
    pub(super) async fn name_first_solver(
        &self,
        level: &str,
        nonce: &[u8],
        name: &str,
    ) -> Result<NameOutcome, StoreError> {
        let pool = self.0;
        let named = sqlx::query(
            "UPDATE triplex_first_solvers SET name = $1 \
         WHERE level = $2 AND nonce = $3 AND name IS NULL",
        )
        .bind(name)
        .bind(level)
        .bind(nonce)
        .execute(pool)
        .await?
        .rows();
        if named == 1 {
            return Ok(NameOutcome::Named);
        }
        let row = sqlx::query("SELECT nonce FROM triplex_first_solvers WHERE level = $1")
            .bind(level)
            .fetch_optional(pool)
            .await?;
        let first_nonce: Option<Vec<u8>> = row.map(|r| r.try_get("nonce")).transpose()?;
        Ok(match first_nonce {
            Some(first) if first == nonce => NameOutcome::AlreadyNamed,
            _ => NameOutcome::NotFirstSolver,
        })
    }

    /// The table of records of `level`.
    pub(super) async fn records(&self, level: &str) -> Result<LevelRecords, StoreError> {
        let pool = self.0;
        // The claim, listed or held (a held claim still holds the level).
        let claim = sqlx::query(
            "SELECT CASE WHEN f.hidden_at IS NULL THEN f.name END AS name, f.solved_at, \
                    a.provisional_until, s.review IN ('none', 'approved') AS listed \
                 FROM triplex_first_solvers f JOIN triplex_solves s ON s.nonce = f.nonce \
                 JOIN accounts a ON a.id = s.account_id \
                 WHERE f.level = $1",
        )
        .bind(level)
        .fetch_optional(pool)
        .await?;
        let listed = claim
            .as_ref()
            .map(|row| row.try_get::<bool, _>("listed"))
            .transpose()?;
        let first = match (&claim, listed) {
            (Some(row), Some(true)) => Some(FirstSolver {
                name: row.try_get("name")?,
                solved_at: row.try_get("solved_at")?,
                provisional_until: row.try_get("provisional_until")?,
            }),
            _ => None,
        };
        // The counts and the median name no one: every solve not held
        // counts; the best time is a record, an account's only.
        let totals = sqlx::query(&format!(
            "SELECT count(*) AS solves, \
                    count(CASE WHEN hinted THEN 1 END) AS hinted, \
                    min(CASE WHEN hinted OR account_id IS NULL THEN NULL ELSE time_ms END) AS best \
             FROM triplex_solves WHERE level = $1 AND {NOT_HELD}"
        ))
        .bind(level)
        .fetch_one(pool)
        .await?;
        let solves: i64 = totals.try_get("solves")?;
        let hinted: i64 = totals.try_get("hinted")?;
        let best_ms: Option<i64> = totals.try_get("best")?;
        let unhinted = solves - hinted;
        let median_ms = if unhinted == 0 {
            None
        } else {
            let (limit, offset) = median_window(unhinted);
            let middle: Vec<i64> = sqlx::query_scalar(&format!(
                "SELECT time_ms FROM triplex_solves WHERE level = $1 AND NOT hinted \
                 AND {NOT_HELD} ORDER BY time_ms LIMIT $2 OFFSET $3"
            ))
            .bind(level)
            .bind(limit)
            .bind(offset)
            .fetch_all(pool)
            .await?;
            median_of_middle(&middle)
        };
        Ok(LevelRecords {
            first,
            claim_held: listed == Some(false),
            solves,
            hinted,
            median_ms,
            best_ms,
        })
    }

    /// Every first solver, hidden names included, by level.
    pub(super) async fn first_solvers(&self) -> Result<Vec<NamedSolver>, StoreError> {
        let rows = sqlx::query(
            "SELECT level, name, hidden_at, solved_at FROM triplex_first_solvers ORDER BY solved_at, level",
        )
        .fetch_all(self.0)
        .await?;
        rows.iter()
            .map(|row| {
                let hidden_at: Option<i64> = row.try_get("hidden_at")?;
                Ok(NamedSolver {
                    level: row.try_get("level")?,
                    name: row.try_get("name")?,
                    hidden: hidden_at.is_some(),
                    solved_at: row.try_get("solved_at")?,
                })
            })
            .collect()
    }

    /// Applies a moderation change and audits it, in one transaction. The
    /// first statement writes (a no-op update of the row), so SQLite takes
    /// its write lock and PostgreSQL locks the row before the old name is
    /// read: the audit's old name is the one replaced.
    pub(super) async fn moderate(
        &self,
        level: &str,
        change: &NameChange,
        actor: &str,
        now: i64,
    ) -> Result<Moderated, StoreError> {
        let mut tx = self.0.begin().await?;
        let locked = sqlx::query("UPDATE triplex_first_solvers SET level = level WHERE level = $1")
            .bind(level)
            .execute(&mut *tx)
            .await?
            .rows();
        if locked == 0 {
            tx.rollback().await?;
            return Ok(Moderated::NoFirstSolver);
        }
        let row = sqlx::query("SELECT name, hidden_at FROM triplex_first_solvers WHERE level = $1")
            .bind(level)
            .fetch_one(&mut *tx)
            .await?;
        let old_name: Option<String> = row.try_get("name")?;
        let hidden_at: Option<i64> = row.try_get("hidden_at")?;
        let new_name = match change {
            NameChange::Hide if hidden_at.is_none() => {
                sqlx::query("UPDATE triplex_first_solvers SET hidden_at = $1 WHERE level = $2")
                    .bind(now)
                    .bind(level)
                    .execute(&mut *tx)
                    .await?;
                None
            }
            NameChange::Unhide if hidden_at.is_some() => {
                sqlx::query("UPDATE triplex_first_solvers SET hidden_at = NULL WHERE level = $1")
                    .bind(level)
                    .execute(&mut *tx)
                    .await?;
                None
            }
            NameChange::Rename(name) if old_name.as_deref() != Some(name.as_str()) => {
                sqlx::query("UPDATE triplex_first_solvers SET name = $1 WHERE level = $2")
                    .bind(name.as_str())
                    .bind(level)
                    .execute(&mut *tx)
                    .await?;
                Some(name.as_str())
            }
            _ => {
                tx.rollback().await?;
                return Ok(Moderated::Unchanged);
            }
        };
        sqlx::query(INSERT_AUDIT)
            .bind(now)
            .bind(actor)
            .bind(change.action())
            .bind(level)
            .bind(old_name.as_deref())
            .bind(new_name)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(Moderated::Changed)
    }

    /// The audit table, oldest first.
    pub(super) async fn name_audit(&self) -> Result<Vec<AuditEntry>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, at, actor, action, level, old_name, new_name FROM name_audit ORDER BY id",
        )
        .fetch_all(self.0)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(AuditEntry {
                    id: row.try_get("id")?,
                    at: row.try_get("at")?,
                    actor: row.try_get("actor")?,
                    action: row.try_get("action")?,
                    level: row.try_get("level")?,
                    old_name: row.try_get("old_name")?,
                    new_name: row.try_get("new_name")?,
                })
            })
            .collect()
    }
}

impl<DB> Shared<'_, DB>
where
    DB: Database,
    for<'q> i64: Decode<'q, DB> + Type<DB>,
    for<'r> String: Decode<'r, DB> + Type<DB>,
    for<'p> &'p Pool<DB>: Executor<'p, Database = DB>,
    &'static str: ColumnIndex<<DB as Database>::Row>,
    usize: ColumnIndex<<DB as Database>::Row>,
    for<'q> <DB as Database>::Arguments<'q>: IntoArguments<'q, DB>,
{
    /// Every level's median time over its solves without hints (levels
    /// without such solves are left out), in level order. One pass over the
    /// solves, sorted by the database along its (level, time) index.
    pub(super) async fn medians(&self) -> Result<Vec<LevelMedian>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT level, time_ms FROM triplex_solves WHERE NOT hinted AND {NOT_HELD} \
             ORDER BY level, time_ms"
        ))
        .fetch_all(self.0)
        .await?;
        let mut medians = Vec::new();
        let mut level: Option<String> = None;
        let mut times: Vec<i64> = Vec::new();
        let mut flush = |level: &Option<String>, times: &mut Vec<i64>| {
            if let Some(level) = level {
                let (limit, offset) = median_window(times.len() as i64);
                let middle = &times[offset as usize..(offset + limit) as usize];
                if let Some(median_ms) = median_of_middle(middle) {
                    medians.push(LevelMedian {
                        level: level.clone(),
                        solves: times.len() as i64,
                        median_ms,
                    });
                }
            }
            times.clear();
        };
        for row in rows {
            let this: String = row.try_get(0usize)?;
            let time: i64 = row.try_get(1usize)?;
            if level.as_deref() != Some(this.as_str()) {
                flush(&level, &mut times);
                level = Some(this);
            }
            times.push(time);
        }
        flush(&level, &mut times);
        Ok(medians)
    }
}

/// Rows a statement changed, whatever the backend's result type.
pub(super) trait RowsAffected {
    /// Rows the statement inserted, updated or deleted.
    fn rows(&self) -> u64;
}

impl RowsAffected for sqlx::sqlite::SqliteQueryResult {
    fn rows(&self) -> u64 {
        self.rows_affected()
    }
}

impl RowsAffected for sqlx::postgres::PgQueryResult {
    fn rows(&self) -> u64 {
        self.rows_affected()
    }
}
