//! Operator tools that work on the database directly, with no surface on the
//! network: first-solver name moderation (`gridforge admin names`) and online
//! backups of an SQLite database (`gridforge backup`).

use crate::storage::{self, Backend, Store, StoreError};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode};
use sqlx::{ConnectOptions, Connection};
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::Arc;
use thiserror::Error;

/// Why an operator tool failed.
#[derive(Debug, Error)]
pub enum AdminError {
    /// The database failed or could not be opened.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// An SQLite URL names a file that does not exist (the tools never
    /// create a database).
    #[error("no SQLite database at {0}")]
    NoSuchFile(PathBuf),
    /// Backups of PostgreSQL are pg_dump's job.
    #[error("gridforge backup copies SQLite databases; back up PostgreSQL with pg_dump (see the README)")]
    PostgresBackup,
    /// The backup file exists already.
    #[error("{0} exists already; the backup never overwrites a file")]
    OutExists(PathBuf),
    /// The copy failed its check.
    #[error("the copy at {path} failed its check: {what}")]
    BadCopy {
        /// The copy.
        path: PathBuf,
        /// What was wrong.
        what: String,
    },
    /// A file operation failed.
    #[error("{what}: {source}")]
    Io {
        /// What was being done.
        what: String,
        /// The I/O error.
        source: std::io::Error,
    },
}

/// The file an `sqlite:` URL names.
fn sqlite_file(url: &str) -> Result<PathBuf, AdminError> {
    let options = SqliteConnectOptions::from_str(url).map_err(StoreError::from)?;
    Ok(options.get_filename().to_path_buf())
}

/// Opens an existing database for moderation (applying any new migrations,
/// as a server starting on it would); an SQLite file must exist already.
pub async fn open_existing(url: &str) -> Result<Arc<dyn Store>, AdminError> {
    if Backend::of_url(url) == Some(Backend::Sqlite) {
        let file = sqlite_file(url)?;
        if !file.is_file() {
            return Err(AdminError::NoSuchFile(file));
        }
    }
    Ok(storage::open(url, 2).await?)
}

/// What a backup wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BackupReport {
    /// The copy.
    pub out: PathBuf,
    /// Its size in bytes.
    pub bytes: u64,
    /// Triplex solves in the copy.
    pub solves: i64,
}

/// Copies the SQLite database `url` names to `out` while servers may be
/// writing to it: `VACUUM INTO` reads one consistent snapshot (a read
/// transaction; writers go on in the WAL meanwhile) into a new, compacted
/// file. The copy is written beside `out` under a temporary name, checked
/// (`PRAGMA integrity_check`, solves counted) and only then renamed to `out`,
/// so `out` is either complete or absent.
pub async fn backup(url: &str, out: &Path) -> Result<BackupReport, AdminError> {
    match Backend::of_url(url) {
        Some(Backend::Sqlite) => {}
        Some(Backend::Postgres) => return Err(AdminError::PostgresBackup),
        None => return Err(StoreError::UnsupportedUrl.into()),
    }
    let file = sqlite_file(url)?;
    if !file.is_file() {
        return Err(AdminError::NoSuchFile(file));
    }
    if out.exists() {
        return Err(AdminError::OutExists(out.to_path_buf()));
    }
    let partial = partial_name(out);
    // A leftover from an interrupted backup: VACUUM INTO refuses a file
    // that is not empty.
    let _ = std::fs::remove_file(&partial);
    let source = SqliteConnectOptions::new()
        .filename(&file)
        .read_only(true)
        .busy_timeout(storage::ACQUIRE_TIMEOUT);
    let mut conn = source.connect().await.map_err(StoreError::from)?;
    let copied = sqlx::query("VACUUM INTO $1")
        .bind(partial.to_string_lossy().into_owned())
        .execute(&mut conn)
        .await;
    conn.close().await.ok();
    if let Err(err) = copied {
        let _ = std::fs::remove_file(&partial);
        return Err(StoreError::from(err).into());
    }
    let checked = check_copy(&partial).await;
    let solves = match checked {
        Ok(solves) => solves,
        Err(err) => {
            let _ = std::fs::remove_file(&partial);
            return Err(err);
        }
    };
    std::fs::rename(&partial, out).map_err(|source| AdminError::Io {
        what: format!("cannot move the copy to {}", out.display()),
        source,
    })?;
    let bytes = std::fs::metadata(out).map(|m| m.len()).unwrap_or(0);
    Ok(BackupReport {
        out: out.to_path_buf(),
        bytes,
        solves,
    })
}

/// `out` with `.partial` added to its name.
fn partial_name(out: &Path) -> PathBuf {
    let mut name = out.file_name().unwrap_or_default().to_os_string();
    name.push(".partial");
    out.with_file_name(name)
}

/// Opens a copy read-only, runs SQLite's integrity check and counts its
/// solves.
async fn check_copy(path: &Path) -> Result<i64, AdminError> {
    let bad = |what: String| AdminError::BadCopy {
        path: path.to_path_buf(),
        what,
    };
    let mut conn = SqliteConnectOptions::new()
        .filename(path)
        .read_only(true)
        .journal_mode(SqliteJournalMode::Delete)
        .connect()
        .await
        .map_err(|e| bad(e.to_string()))?;
    let integrity: String = sqlx::query_scalar("PRAGMA integrity_check")
        .fetch_one(&mut conn)
        .await
        .map_err(|e| bad(e.to_string()))?;
    if integrity != "ok" {
        return Err(bad(integrity));
    }
    let solves: i64 = sqlx::query_scalar("SELECT count(*) FROM triplex_solves")
        .fetch_one(&mut conn)
        .await
        .map_err(|e| bad(e.to_string()))?;
    conn.close().await.ok();
    Ok(solves)
}

/// The OS user running this process, for the audit table: `$USER`, then
/// `$LOGNAME`, then the numeric user id.
pub fn os_user() -> String {
    for var in ["USER", "LOGNAME"] {
        if let Ok(name) = std::env::var(var) {
            if !name.trim().is_empty() {
                return name;
            }
        }
    }
    #[cfg(unix)]
    {
        // SAFETY: getuid has no preconditions and cannot fail.
        let uid = unsafe { libc::getuid() };
        format!("uid {uid}")
    }
    #[cfg(not(unix))]
    {
        "unknown".to_string()
    }
}

/// A runtime for the operator tools, which are not async.
pub fn runtime() -> Result<tokio::runtime::Runtime, AdminError> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|source| AdminError::Io {
            what: "cannot start the async runtime".into(),
            source,
        })
}
