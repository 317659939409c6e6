//! Storage: everything the server keeps, behind one trait ([`Store`]) with an
//! SQLite and a PostgreSQL implementation (`sqlite.rs`, `postgres.rs`) and a
//! module for what they share (`shared.rs`: the SQL both run, and the queries
//! whose code is the same).
//!
//! Nothing that matters lives in a server process: the token key, the solves
//! and the first solvers are all in the database, so several servers on one
//! PostgreSQL behave as one service. Each backend embeds its migrations
//! (`migrations/<backend>/*.sql`) and applies them at start.

pub mod accounts;
pub mod daily;
mod daily_batch;
mod group_commit;
mod migrations;
pub mod postgres;
pub mod prune;
pub mod review;
mod shared;
pub mod sqlite;
pub mod starts;
pub mod sync;

use async_trait::async_trait;
use std::collections::HashMap;
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};
use thiserror::Error;

/// Which database a URL selects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// An SQLite file (`sqlite://path` or `sqlite:path`).
    Sqlite,
    /// A PostgreSQL server (`postgres://…` or `postgresql://…`).
    Postgres,
}

impl Backend {
    /// The backend a database URL names, or `None` for an unknown scheme.
    pub fn of_url(url: &str) -> Option<Backend> {
        if url.starts_with("sqlite:") {
            Some(Backend::Sqlite)
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Some(Backend::Postgres)
        } else {
            None
        }
    }
}

/// A storage failure: the database is unreachable or answered with an error.
#[derive(Debug, Error)]
pub enum StoreError {
    /// The database URL names no backend this server has.
    #[error("unsupported database URL (expected sqlite:… or postgres://…)")]
    UnsupportedUrl,
    /// An in-memory SQLite database: each connection would see its own, and
    /// nothing would be durable.
    #[error("an in-memory SQLite database cannot be served; give a file (sqlite://path)")]
    InMemory,
    /// No connection became free in time: the database is overloaded or down.
    #[error("the database is busy (no connection within {0} s)")]
    Busy(u64),
    /// The database cannot be reached or is shutting down (connection
    /// refused or lost, PostgreSQL stopping): a request may succeed later.
    #[error("the database is unavailable: {0}")]
    Unavailable(String),
    /// The database holds a migration newer than any this binary knows: a
    /// newer gridforge wrote it, and this one must not touch it.
    #[error(
        "this database was written by a newer gridforge (migration {found}); this binary knows up to {known}"
    )]
    NewerDatabase {
        /// The newest migration applied to the database.
        found: i64,
        /// The newest migration this binary has.
        known: i64,
    },
    /// Applying the embedded migrations failed.
    #[error("database migration failed: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// Any other database error.
    #[error("database error: {0}")]
    Database(sqlx::Error),
}

impl From<sqlx::Error> for StoreError {
    fn from(err: sqlx::Error) -> Self {
        match err {
            sqlx::Error::PoolTimedOut => StoreError::Busy(ACQUIRE_TIMEOUT.as_secs()),
            sqlx::Error::Io(_)
            | sqlx::Error::Tls(_)
            | sqlx::Error::Protocol(_)
            | sqlx::Error::PoolClosed
            | sqlx::Error::WorkerCrashed => StoreError::Unavailable(err.to_string()),
            sqlx::Error::Database(ref db) if db.code().is_some_and(|c| is_unavailable_code(&c)) => {
                StoreError::Unavailable(err.to_string())
            }
            other => StoreError::Database(other),
        }
    }
}

/// SQLSTATEs of a PostgreSQL that is going away or not there: class 08
/// (connection exception) and 57P (operator intervention: shutdown, crash,
/// cannot connect now).
fn is_unavailable_code(code: &str) -> bool {
    code.starts_with("08") || code.starts_with("57P")
}

/// How long a request waits for a database connection before giving up.
pub const ACQUIRE_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(5);

/// A verified solve to record.
#[derive(Clone, Debug)]
pub struct NewSolve<'a> {
    /// The level description (the level's lasting identity).
    pub level: &'a str,
    /// The start token's nonce: a token is recorded at most once.
    pub nonce: &'a [u8],
    /// Milliseconds from the token's issue to the solve.
    pub time_ms: i64,
    /// When the solve was recorded, Unix milliseconds.
    pub solved_at: i64,
    /// The name to put in the table of records if this solve is the first.
    pub name: Option<&'a str>,
    /// The client says the player used a hint. The store records the solve
    /// as hinted also when the server gave a hint for its token
    /// ([`Store::note_hint`]); a hinted solve counts, but is never the
    /// first, the best or part of the median.
    pub hinted: bool,
    /// Its account, solving path and hold (issue 38). Only a solve with an
    /// account can be a level's first (an anonymous one is recorded and
    /// never claims).
    pub entering: review::Entering<'a>,
    /// Why the solve is held for review if it turns out to be the level's
    /// first (a provisional account, a claim faster than the level's human
    /// floor from the account's first start, over the hourly cap); `None`:
    /// a first solve is public at once.
    pub claim_hold: Option<&'a str>,
}

/// What recording a solve did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolveRecorded {
    /// The token was used before: nothing recorded.
    TokenUsed,
    /// The solve is recorded; `first` when it is the level's first solve.
    Recorded {
        /// This solve made its player the level's first solver.
        first: bool,
        /// It is recorded as hinted: the client said so, or the server gave
        /// a hint for its token.
        hinted: bool,
        /// An anonymous unhinted solve of a level nobody has claimed: it
        /// would have been the first, had an account made it.
        would_be_first: bool,
    },
}

/// What noting a hint against a start token did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HintNoted {
    /// The token is noted as hinted (now or before).
    Noted,
    /// The token was already used for a solve: nothing noted.
    TokenUsed,
}

/// What naming the first solver did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NameOutcome {
    /// The name is recorded.
    Named,
    /// The token is not the one of the level's first solve.
    NotFirstSolver,
    /// The first solver already has a name.
    AlreadyNamed,
}

/// The first solver of a level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FirstSolver {
    /// The name they gave, if they gave one yet.
    pub name: Option<String>,
    /// When they solved it, Unix milliseconds.
    pub solved_at: i64,
    /// Until when their account is provisional, Unix ms (shown with a
    /// provisional mark before).
    pub provisional_until: i64,
}

/// A level's table of records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelRecords {
    /// The first solver, if an account claimed the level and the claim is
    /// public (never held, or approved).
    pub first: Option<FirstSolver>,
    /// An account claimed the level and the claim is held for review: no
    /// one else claims it until an operator decides (a void frees it).
    pub claim_held: bool,
    /// Number of recorded solves (hinted ones included).
    pub solves: i64,
    /// How many of them used a hint.
    pub hinted: i64,
    /// Median solve time without hints (the mean of the two middle times, rounded down,
    /// for an even count).
    pub median_ms: Option<i64>,
    /// Fastest solve time without hints of an account (anonymous solves
    /// count in `solves` and the median, never as a record).
    pub best_ms: Option<i64>,
}

/// A level's first solver as moderation sees it (`gridforge admin names`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedSolver {
    /// The level description.
    pub level: String,
    /// The name the solver gave, hidden or not.
    pub name: Option<String>,
    /// Whether an operator hid the name (the API then shows no name).
    pub hidden: bool,
    /// When they solved the level, Unix milliseconds.
    pub solved_at: i64,
}

/// A moderation change to a first solver's name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NameChange {
    /// Show the solver as anonymous (the name is kept).
    Hide,
    /// Show the name again.
    Unhide,
    /// Replace the name.
    Rename(String),
}

impl NameChange {
    /// The action as the audit table records it.
    pub fn action(&self) -> &'static str {
        match self {
            NameChange::Hide => "hide",
            NameChange::Unhide => "unhide",
            NameChange::Rename(_) => "rename",
        }
    }
}

/// What a moderation change did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Moderated {
    /// The change is made and audited.
    Changed,
    /// The level has no first solver.
    NoFirstSolver,
    /// Nothing to change (already hidden, shown, or so named): not audited.
    Unchanged,
}

/// One row of the moderation audit table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AuditEntry {
    /// Order of the changes.
    pub id: i64,
    /// When, Unix milliseconds.
    pub at: i64,
    /// Who: the operator's OS user or the `--actor` given.
    pub actor: String,
    /// `hide`, `unhide` or `rename`.
    pub action: String,
    /// The level description.
    pub level: String,
    /// The name before (for a rename) or the name hidden or shown.
    pub old_name: Option<String>,
    /// The name after a rename.
    pub new_name: Option<String>,
}

/// The connection pool at one moment, for the metrics.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PoolStats {
    /// Connections open.
    pub size: u32,
    /// Open connections not lent out.
    pub idle: u32,
    /// Connections the pool may open.
    pub max: u32,
}

/// One level's median time over its solves without hints.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelMedian {
    /// The level description.
    pub level: String,
    /// Number of solves without hints.
    pub solves: i64,
    /// Their median time (as in [`LevelRecords::median_ms`]).
    pub median_ms: i64,
}

/// The server's storage. Implementations keep every write durable once the
/// call returns `Ok` (SQLite WAL, PostgreSQL commit).
#[async_trait]
pub trait Store:
    daily::DailyStore
    + accounts::AccountStore
    + review::ReviewStore
    + starts::StartStore
    + sync::SyncStore
    + prune::PruneStore
    + Send
    + Sync
    + 'static
{
    /// Which backend this is.
    fn backend(&self) -> Backend;

    /// The connection pool's use now (SQLite: writer and readers together).
    fn pool_stats(&self) -> PoolStats;

    /// Checks that the database answers.
    async fn ping(&self) -> Result<(), StoreError>;

    /// The secret stored under `name`; if there is none yet, `fresh` is
    /// stored and returned. Servers starting together agree on one secret.
    async fn secret(&self, name: &str, fresh: &[u8], now: i64) -> Result<Vec<u8>, StoreError>;

    /// Records a verified solve (as hinted if the server gave a hint for
    /// its token, whatever `solve.hinted` says) and, atomically with it,
    /// makes it the level's first solve if there is none yet, it is not
    /// hinted and an account made it (held for review, with
    /// `solve.claim_hold`, when that is set).
    async fn record_solve(&self, solve: &NewSolve<'_>) -> Result<SolveRecorded, StoreError>;

    /// Notes that the server gave a hint for the start token `nonce` of
    /// `level`, unless the token was already used for a solve.
    async fn note_hint(&self, level: &str, nonce: &[u8], now: i64)
        -> Result<HintNoted, StoreError>;

    /// Names the first solver of `level`, if `nonce` is the nonce of that
    /// first solve and no name is set yet.
    async fn name_first_solver(
        &self,
        level: &str,
        nonce: &[u8],
        name: &str,
    ) -> Result<NameOutcome, StoreError>;

    /// The table of records of `level` (a hidden first solver's name is
    /// left out).
    async fn records(&self, level: &str) -> Result<LevelRecords, StoreError>;

    /// Every level's first solver, with hidden names, for moderation.
    async fn first_solvers(&self) -> Result<Vec<NamedSolver>, StoreError>;

    /// Hides, shows or renames the first solver of `level`, and records the
    /// change with `actor` and `now` in the audit table, in one transaction.
    async fn moderate(
        &self,
        level: &str,
        change: &NameChange,
        actor: &str,
        now: i64,
    ) -> Result<Moderated, StoreError>;

    /// The moderation audit table, oldest first.
    async fn name_audit(&self) -> Result<Vec<AuditEntry>, StoreError>;

    /// Every level's median time over its solves without hints.
    async fn medians(&self) -> Result<Vec<LevelMedian>, StoreError>;

    /// Closes the connections (on shutdown).
    async fn close(&self);
}

/// Opens the database a URL names, creating it (SQLite) and applying the
/// embedded migrations; `connections` bounds the connections this server
/// holds.
pub async fn open(url: &str, connections: u32) -> Result<Arc<dyn Store>, StoreError> {
    match Backend::of_url(url) {
        Some(Backend::Sqlite) => Ok(Arc::new(sqlite::SqliteStore::open(url, connections).await?)),
        Some(Backend::Postgres) => Ok(Arc::new(
            postgres::PostgresStore::open(url, connections).await?,
        )),
        None => Err(StoreError::UnsupportedUrl),
    }
}

/// Every level's median over the solves without hints in the database at
/// `url` (for `gridforge triplex stats`): opens it as a server would (the
/// migrations are applied), reads, closes. Runs its own small runtime.
pub fn read_medians(url: &str) -> Result<Vec<LevelMedian>, StoreError> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| StoreError::Database(sqlx::Error::Io(e)))?;
    runtime.block_on(async {
        let store = open(url, 1).await?;
        let medians = store.medians().await;
        store.close().await;
        medians
    })
}

/// Levels known to have a first solver: their later solves need no
/// first-solver check and are a single insert. An operator voiding a claim
/// (`gridforge admin void`, another process) frees its level again, so a
/// level is known settled for [`SETTLED_FOR`] only and then checked again.
#[derive(Debug, Default)]
struct SettledLevels(RwLock<HashMap<String, Instant>>);

/// How long a level stays known settled: a level a void freed is claimable
/// again on every server within this time.
const SETTLED_FOR: Duration = Duration::from_secs(60);

impl SettledLevels {
    fn contains(&self, level: &str) -> bool {
        self.0
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .get(level)
            .is_some_and(|since| since.elapsed() < SETTLED_FOR)
    }

    fn insert(&self, level: &str) {
        let mut map = self.0.write().unwrap_or_else(|p| p.into_inner());
        map.insert(level.to_string(), Instant::now());
    }
}

/// The lower median of sorted middle values: the mean of the two middle
/// times for an even count, rounded down.
fn median_of_middle(middle: &[i64]) -> Option<i64> {
    match middle {
        [] => None,
        [one] => Some(*one),
        [a, b, ..] => Some(a + (b - a) / 2),
    }
}

/// `LIMIT` and `OFFSET` that select the middle value(s) of `count` sorted
/// values.
fn median_window(count: i64) -> (i64, i64) {
    if count % 2 == 1 {
        (1, count / 2)
    } else {
        (2, count / 2 - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backend_from_url() {
        assert_eq!(Backend::of_url("sqlite://x.db"), Some(Backend::Sqlite));
        assert_eq!(Backend::of_url("sqlite::memory:"), Some(Backend::Sqlite));
        assert_eq!(
            Backend::of_url("postgres://u@h/db"),
            Some(Backend::Postgres)
        );
        assert_eq!(
            Backend::of_url("postgresql://u@h/db"),
            Some(Backend::Postgres)
        );
        assert_eq!(Backend::of_url("mysql://u@h/db"), None);
    }

    #[test]
    fn median_window_picks_the_middle() {
        // Sorted values 10, 20, 30: one value at offset 1.
        assert_eq!(median_window(3), (1, 1));
        // 10, 20, 30, 40: two values from offset 1.
        assert_eq!(median_window(4), (2, 1));
        assert_eq!(median_window(1), (1, 0));
        assert_eq!(median_window(2), (2, 0));
        assert_eq!(median_of_middle(&[20, 30]), Some(25));
        assert_eq!(median_of_middle(&[20, 25]), Some(22));
        assert_eq!(median_of_middle(&[7]), Some(7));
        assert_eq!(median_of_middle(&[]), None);
    }
}
