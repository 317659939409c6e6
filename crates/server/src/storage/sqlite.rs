//! The SQLite store: one file, WAL journal, one writer connection and a pool
//! of readers.
//!
//! SQLite lets one writer in at a time; a single writer connection queues
//! writes inside the server instead of letting connections wait on SQLite's
//! busy handler (which sleeps). `synchronous=NORMAL` in WAL mode makes every
//! commit survive the death of the process (the WAL is written before the
//! commit returns; only the fsync waits for checkpoints), which is the
//! durability a 200 promises.

use super::group_commit::DailyWriter;
use super::migrations;
use super::shared::{bind_solve, Shared, INSERT_SOLVE};
use super::{
    AuditEntry, Backend, HintNoted, LevelMedian, LevelRecords, Moderated, NameChange, NameOutcome,
    NamedSolver, NewSolve, PoolStats, SettledLevels, SolveRecorded, Store, StoreError,
    ACQUIRE_TIMEOUT,
};
use async_trait::async_trait;
use sqlx::sqlite::{
    Sqlite, SqliteArguments, SqliteConnectOptions, SqliteJournalMode, SqlitePool,
    SqlitePoolOptions, SqliteSynchronous,
};
use sqlx::Row;
use std::str::FromStr;
use std::time::Duration;

/// [`INSERT_SOLVE`] for `solve`, to run in a transaction: the solve's
/// `hinted`, or no row for a used token.
fn insert_solve<'q>(solve: &NewSolve<'q>) -> sqlx::query::Query<'q, Sqlite, SqliteArguments<'q>> {
    bind_solve(sqlx::query(INSERT_SOLVE), solve)
}

/// The SQLite implementation of [`Store`].
#[derive(Debug)]
pub struct SqliteStore {
    pub(super) writer: SqlitePool,
    pub(super) readers: SqlitePool,
    settled: SettledLevels,
    /// The daily solves' group commit, on `writer`.
    pub(super) daily_writer: DailyWriter,
    /// The WAL's checkpoints, off the writer.
    _checkpoints: Checkpoints,
}

/// How often [`Checkpoints`] checkpoints the WAL.
const CHECKPOINT_EVERY: Duration = Duration::from_millis(250);

/// The WAL's length, in frames (pages), past which [`Checkpoints`] also
/// starts it again from its beginning and truncates its file: 64 MiB at
/// SQLite's 4 KiB pages.
const WAL_RESET_FRAMES: i64 = 16_384;

/// How long a checkpoint that resets the WAL waits for the writer's
/// transaction and for the readers still inside the WAL: while it waits
/// for readers it holds the write lock, so this is also the longest it
/// holds up a commit. Not had in time, it is tried again a period later.
const WAL_RESET_WAIT: Duration = Duration::from_millis(5);

/// The WAL's checkpoints, on a connection of their own. By default SQLite
/// runs one in the connection whose commit takes the WAL past 1,000 pages,
/// here the writer: copying the WAL into the database file and its fsyncs
/// (tens of milliseconds) held up every solve queued behind that commit,
/// the load's p99 stalls. So the writer's automatic checkpoints are off, and
/// a task checkpoints every [`CHECKPOINT_EVERY`] in `PASSIVE` mode (waiting
/// for no reader and no writer).
///
/// A passive checkpoint never starts the WAL again: only a writer does,
/// and only at a moment when no reader is inside the WAL, which a busy
/// server never has. Under a sustained load the WAL grew without end
/// (835 MB in a 30-second load test) and its file kept that size after.
/// So once the WAL is longer than [`WAL_RESET_FRAMES`] and wholly copied,
/// the task runs a `TRUNCATE` checkpoint, which waits (at most
/// [`WAL_RESET_WAIT`]) for the readers to leave and empties the file.
///
/// Dropping the task (the store) stops it; SQLite checkpoints once more
/// when the last connection closes.
#[derive(Debug)]
struct Checkpoints(tokio::task::AbortHandle);

impl Checkpoints {
    /// Starts the task on a connection of its own; it resets the WAL past
    /// `reset_frames`.
    async fn start(
        options: &SqliteConnectOptions,
        reset_frames: i64,
    ) -> Result<Checkpoints, StoreError> {
        let connection = one_connection(&options.clone().busy_timeout(WAL_RESET_WAIT)).await?;
        let task = tokio::spawn(async move {
            let mut every = tokio::time::interval(CHECKPOINT_EVERY);
            every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                every.tick().await;
                if let Err(err) = checkpoint(&connection, reset_frames).await {
                    tracing::warn!(%err, "checkpointing the SQLite WAL failed");
                }
            }
        });
        Ok(Checkpoints(task.abort_handle()))
    }
}

/// One period's checkpoint: a passive one, then, if that copied the whole
/// WAL and it is longer than `reset_frames`, one that starts it again.
async fn checkpoint(connection: &SqlitePool, reset_frames: i64) -> Result<(), sqlx::Error> {
    // SQLite answers (busy, frames in the WAL, frames copied).
    let (busy, frames, copied): (i64, i64, i64) = sqlx::query_as("PRAGMA wal_checkpoint(PASSIVE)")
        .fetch_one(connection)
        .await?;
    if busy == 0 && frames > reset_frames && copied == frames {
        // Busy (readers stayed) is no error: the next period tries again.
        sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
            .execute(connection)
            .await?;
    }
    Ok(())
}

impl Drop for Checkpoints {
    fn drop(&mut self) {
        self.0.abort();
    }
}

impl SqliteStore {
    /// Opens (creating if needed) the database file a `sqlite:` URL names,
    /// applies the migrations and opens up to `connections` readers.
    pub async fn open(url: &str, connections: u32) -> Result<SqliteStore, StoreError> {
        let options = connect_options(url)?;
        let writer = open_writer(&options.clone().pragma("wal_autocheckpoint", "0")).await?;
        let checkpoints = Checkpoints::start(&options, WAL_RESET_FRAMES).await?;
        let readers = SqlitePoolOptions::new()
            .max_connections(connections.max(1))
            .acquire_timeout(ACQUIRE_TIMEOUT)
            .connect_with(options.read_only(true))
            .await?;
        Ok(SqliteStore {
            daily_writer: DailyWriter::start(writer.clone()),
            writer,
            readers,
            settled: SettledLevels::default(),
            _checkpoints: checkpoints,
        })
    }
}

/// The options every connection of the store opens with (the file a
/// `sqlite:` URL names, created if missing; WAL; `synchronous=NORMAL`), also
/// for measuring the file's own limit (`examples/db_limit.rs`).
pub fn connect_options(url: &str) -> Result<SqliteConnectOptions, StoreError> {
    if url.contains(":memory:") || url.contains("mode=memory") {
        return Err(StoreError::InMemory);
    }
    Ok(SqliteConnectOptions::from_str(url)?
        .create_if_missing(true)
        .journal_mode(SqliteJournalMode::Wal)
        .synchronous(SqliteSynchronous::Normal)
        .busy_timeout(Duration::from_secs(5))
        .foreign_keys(true))
}

/// A pool of one connection, kept open: the writer's, the checkpoints'.
async fn one_connection(options: &SqliteConnectOptions) -> Result<SqlitePool, sqlx::Error> {
    SqlitePoolOptions::new()
        .max_connections(1)
        .min_connections(1)
        .acquire_timeout(ACQUIRE_TIMEOUT)
        .connect_with(options.clone())
        .await
}

/// Opens the writer's connection and applies the migrations. sqlx takes no
/// lock on SQLite, so two servers starting on one new file at once can
/// collide (switching the new file to WAL, creating the migrations' table,
/// a migration the other applied meanwhile: "database is locked" or
/// "already exists"); the loser sees the winner's work on a retry. It may
/// collide again while the winner is still going (each migration is a
/// transaction of its own), so the retries span a few seconds, longer than
/// the winner takes on a busy machine. Any other error (a path that cannot
/// be opened, a database newer than this server) is answered at once.
async fn open_writer(options: &SqliteConnectOptions) -> Result<SqlitePool, StoreError> {
    let mut attempt = 0;
    loop {
        let opened = async {
            let writer = one_connection(options).await?;
            migrations::SQLITE
                .refuse_newer(&mut *writer.acquire().await?)
                .await?;
            migrations::SQLITE.migrator().await?.run(&writer).await?;
            Ok::<_, StoreError>(writer)
        }
        .await;
        match opened {
            Ok(writer) => return Ok(writer),
            Err(err) if attempt < 12 && collided(&err) => {
                attempt += 1;
                tracing::warn!(%err, attempt, "opening the SQLite database failed, retrying");
                tokio::time::sleep(Duration::from_millis(60 * attempt)).await;
            }
            Err(err) => return Err(err),
        }
    }
}

/// Whether opening failed on a collision with another server opening the
/// same file: the file busy or locked (SQLite's codes 5 and 6, with their
/// extended codes), or a migration the other applied meanwhile.
fn collided(err: &StoreError) -> bool {
    match err {
        StoreError::Migrate(_) => true,
        StoreError::Database(sqlx::Error::Database(db)) => db
            .code()
            .and_then(|code| code.parse::<i32>().ok())
            .is_some_and(|code| matches!(code & 0xff, 5 | 6)),
        _ => false,
    }
}

#[async_trait]
impl Store for SqliteStore {
    fn backend(&self) -> Backend {
        Backend::Sqlite
    }

    fn pool_stats(&self) -> PoolStats {
        let (w, r) = (&self.writer, &self.readers);
        PoolStats {
            size: w.size() + r.size(),
            idle: (w.num_idle() + r.num_idle()) as u32,
            max: w.options().get_max_connections() + r.options().get_max_connections(),
        }
    }

    async fn ping(&self) -> Result<(), StoreError> {
        Shared(&self.readers).ping().await
    }

    async fn secret(&self, name: &str, fresh: &[u8], now: i64) -> Result<Vec<u8>, StoreError> {
        Shared(&self.writer).secret(name, fresh, now).await
    }

    async fn record_solve(&self, solve: &NewSolve<'_>) -> Result<SolveRecorded, StoreError> {
        if solve.hinted || self.settled.contains(solve.level) {
            // The level's first solver is settled, or the solve is hinted
            // and can never be first: one autocommit statement.
            return Shared(&self.writer).record_settled_solve(solve).await;
        }
        if solve.entering.account_id.is_none() {
            // Only accounts claim first solves (issue 38).
            return Shared(&self.writer)
                .record_anonymous_solve(&self.readers, solve)
                .await;
        }
        // IMMEDIATE takes the write lock up front, so a second process on the
        // same file waits at BEGIN rather than failing at the first write.
        let mut tx = self.writer.begin_with("BEGIN IMMEDIATE").await?;
        let inserted = insert_solve(solve).fetch_optional(&mut *tx).await?;
        let Some(hinted) = inserted
            .map(|row| row.try_get::<bool, _>("hinted"))
            .transpose()?
        else {
            tx.rollback().await?;
            return Ok(SolveRecorded::TokenUsed);
        };
        if hinted {
            // The server gave a hint for the token: never first.
            tx.commit().await?;
            return Ok(SolveRecorded::Recorded {
                first: false,
                hinted,
                would_be_first: false,
            });
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
        if let (true, Some(why)) = (first, solve.claim_hold) {
            hold_claim(&mut tx, solve, why).await?;
        }
        tx.commit().await?;
        self.settled.insert(solve.level);
        Ok(SolveRecorded::Recorded {
            first,
            hinted: false,
            would_be_first: false,
        })
    }

    async fn note_hint(
        &self,
        level: &str,
        nonce: &[u8],
        now: i64,
    ) -> Result<HintNoted, StoreError> {
        Shared(&self.writer).note_hint(level, nonce, now).await
    }

    async fn name_first_solver(
        &self,
        level: &str,
        nonce: &[u8],
        name: &str,
    ) -> Result<NameOutcome, StoreError> {
        Shared(&self.writer)
            .name_first_solver(level, nonce, name)
            .await
    }

    async fn records(&self, level: &str) -> Result<LevelRecords, StoreError> {
        Shared(&self.readers).records(level).await
    }

    async fn first_solvers(&self) -> Result<Vec<NamedSolver>, StoreError> {
        Shared(&self.readers).first_solvers().await
    }

    async fn moderate(
        &self,
        level: &str,
        change: &NameChange,
        actor: &str,
        now: i64,
    ) -> Result<Moderated, StoreError> {
        Shared(&self.writer)
            .moderate(level, change, actor, now)
            .await
    }

    async fn name_audit(&self) -> Result<Vec<AuditEntry>, StoreError> {
        Shared(&self.readers).name_audit().await
    }

    async fn medians(&self) -> Result<Vec<LevelMedian>, StoreError> {
        Shared(&self.readers).medians().await
    }

    async fn close(&self) {
        self.readers.close().await;
        self.writer.close().await;
    }
}

/// Holds a first-solver claim just made, and audits the hold, in the
/// claim's transaction.
async fn hold_claim(
    tx: &mut sqlx::Transaction<'_, sqlx::Sqlite>,
    solve: &NewSolve<'_>,
    why: &str,
) -> Result<(), StoreError> {
    sqlx::query(super::shared::HOLD_CLAIM)
        .bind(solve.solved_at)
        .bind(why)
        .bind(solve.nonce)
        .execute(&mut **tx)
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
        .execute(&mut **tx)
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_wal_is_checkpointed_off_the_writer() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let file = dir.path().join("store.db");
        let store = SqliteStore::open(&format!("sqlite://{}", file.display()), 2)
            .await
            .expect("store");
        let autocheckpoint: i64 = sqlx::query_scalar("PRAGMA wal_autocheckpoint")
            .fetch_one(&store.writer)
            .await
            .expect("pragma");
        assert_eq!(autocheckpoint, 0, "the writer checkpoints itself");
        sqlx::query("CREATE TABLE filler (x BLOB)")
            .execute(&store.writer)
            .await
            .expect("table");
        tokio::time::sleep(CHECKPOINT_EVERY * 4).await;
        let before = std::fs::metadata(&file).expect("database file").len();
        for _ in 0..50 {
            sqlx::query("INSERT INTO filler VALUES (randomblob(4000))")
                .execute(&store.writer)
                .await
                .expect("insert");
        }
        // The inserts are in the WAL (far from SQLite's own 1,000-page
        // threshold); only the task copies them into the database file.
        tokio::time::sleep(CHECKPOINT_EVERY * 4).await;
        let after = std::fs::metadata(&file).expect("database file").len();
        assert!(
            after >= before + 50 * 4000,
            "the database file grew from {before} to {after} bytes only"
        );
    }

    #[tokio::test]
    async fn a_long_wal_is_started_again_and_its_file_emptied() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let file = dir.path().join("store.db");
        let options = connect_options(&format!("sqlite://{}", file.display())).expect("options");
        let writer = one_connection(&options.clone().pragma("wal_autocheckpoint", "0"))
            .await
            .expect("writer");
        sqlx::query("CREATE TABLE filler (x BLOB)")
            .execute(&writer)
            .await
            .expect("table");
        for _ in 0..100 {
            sqlx::query("INSERT INTO filler VALUES (randomblob(4000))")
                .execute(&writer)
                .await
                .expect("insert");
        }
        let wal = dir.path().join("store.db-wal");
        let page = 4096;
        // A frame a row at least: past the reset length. Without the reset
        // the file keeps its length after a checkpoint.
        let grown = std::fs::metadata(&wal).expect("WAL file").len();
        assert!(grown > 100 * page, "the WAL is {grown} bytes only");
        // Started after the inserts, so that a checkpoint in their midst
        // cannot reset the WAL before its length is read.
        let reset_frames = 64;
        let _checkpoints = Checkpoints::start(&options, reset_frames)
            .await
            .expect("checkpoints");
        tokio::time::sleep(CHECKPOINT_EVERY * 4).await;
        let after = std::fs::metadata(&wal).expect("WAL file").len();
        assert!(
            after < reset_frames as u64 * page,
            "the WAL file is still {after} bytes (was {grown})"
        );
        let rows: i64 = sqlx::query_scalar("SELECT count(*) FROM filler")
            .fetch_one(&writer)
            .await
            .expect("count");
        assert_eq!(rows, 100, "rows lost in the reset");
    }
}
