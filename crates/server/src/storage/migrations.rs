//! The migrations, embedded in the binary: one list per backend, applied by
//! sqlx's migrator (which records them in `_sqlx_migrations`).

use sqlx::error::BoxDynError;
use sqlx::migrate::{Migrate, Migration, MigrationSource, MigrationType, Migrator};
use std::future::Future;
use std::pin::Pin;

/// One backend's migrations as `(version, description, sql)`.
#[derive(Debug, Clone, Copy)]
pub(super) struct Embedded(&'static [(i64, &'static str, &'static str)]);

/// The SQLite schema.
pub(super) const SQLITE: Embedded = Embedded(&[
    (
        1,
        "records",
        include_str!("../../migrations/sqlite/0001_records.sql"),
    ),
    (
        2,
        "name moderation",
        include_str!("../../migrations/sqlite/0002_name_moderation.sql"),
    ),
    (
        3,
        "hinted solves",
        include_str!("../../migrations/sqlite/0003_hinted_solves.sql"),
    ),
    (
        4,
        "server hints",
        include_str!("../../migrations/sqlite/0004_server_hints.sql"),
    ),
    (
        5,
        "daily puzzles",
        include_str!("../../migrations/sqlite/0005_daily.sql"),
    ),
    (
        6,
        "daily ranks",
        include_str!("../../migrations/sqlite/0006_daily_ranks.sql"),
    ),
    (
        7,
        "accounts",
        include_str!("../../migrations/sqlite/0007_accounts.sql"),
    ),
    (
        8,
        "review",
        include_str!("../../migrations/sqlite/0008_review.sql"),
    ),
    (
        9,
        "daily starts",
        include_str!("../../migrations/sqlite/0009_daily_starts.sql"),
    ),
    (
        11,
        "progress sync",
        include_str!("../../migrations/sqlite/0011_sync.sql"),
    ),
    (
        12,
        "account tables",
        include_str!("../../migrations/sqlite/0012_account_tables.sql"),
    ),
    (
        13,
        "rank tallies",
        include_str!("../../migrations/sqlite/0013_rank_tallies.sql"),
    ),
]);

/// The PostgreSQL schema.
pub(super) const POSTGRES: Embedded = Embedded(&[
    (
        1,
        "records",
        include_str!("../../migrations/postgres/0001_records.sql"),
    ),
    (
        2,
        "name moderation",
        include_str!("../../migrations/postgres/0002_name_moderation.sql"),
    ),
    (
        3,
        "hinted solves",
        include_str!("../../migrations/postgres/0003_hinted_solves.sql"),
    ),
    (
        4,
        "server hints",
        include_str!("../../migrations/postgres/0004_server_hints.sql"),
    ),
    (
        5,
        "daily puzzles",
        include_str!("../../migrations/postgres/0005_daily.sql"),
    ),
    (
        6,
        "daily ranks",
        include_str!("../../migrations/postgres/0006_daily_ranks.sql"),
    ),
    (
        7,
        "accounts",
        include_str!("../../migrations/postgres/0007_accounts.sql"),
    ),
    (
        8,
        "review",
        include_str!("../../migrations/postgres/0008_review.sql"),
    ),
    (
        9,
        "daily starts",
        include_str!("../../migrations/postgres/0009_daily_starts.sql"),
    ),
    (
        11,
        "progress sync",
        include_str!("../../migrations/postgres/0011_sync.sql"),
    ),
    (
        12,
        "account tables",
        include_str!("../../migrations/postgres/0012_account_tables.sql"),
    ),
    (
        13,
        "rank tallies",
        include_str!("../../migrations/postgres/0013_rank_tallies.sql"),
    ),
]);

impl MigrationSource<'static> for Embedded {
    fn resolve(
        self,
    ) -> Pin<Box<dyn Future<Output = Result<Vec<Migration>, BoxDynError>> + Send + 'static>> {
        Box::pin(async move {
            Ok(self
                .0
                .iter()
                .map(|&(version, description, sql)| {
                    Migration::new(
                        version,
                        description.into(),
                        MigrationType::Simple,
                        sql.into(),
                        false,
                    )
                })
                .collect())
        })
    }
}

impl Embedded {
    /// The newest migration this binary knows.
    fn newest(self) -> i64 {
        self.0
            .iter()
            .map(|&(version, _, _)| version)
            .max()
            .unwrap_or(0)
    }

    /// Refuses at once a database a newer gridforge has migrated past what
    /// this binary knows (sqlx would refuse it too, but in its own words and
    /// only after the SQLite retries).
    pub(super) async fn refuse_newer(
        self,
        conn: &mut (impl Migrate + Send),
    ) -> Result<(), super::StoreError> {
        // Under the migrator's lock (an advisory lock on PostgreSQL): two
        // servers starting on a new database would otherwise both create
        // the migrations table at once, and one would fail.
        conn.lock().await?;
        let applied = match conn.ensure_migrations_table().await {
            Ok(()) => conn.list_applied_migrations().await,
            Err(err) => Err(err),
        };
        conn.unlock().await?;
        let applied = applied?;
        let known = self.newest();
        match applied.iter().map(|m| m.version).max() {
            Some(found) if found > known => Err(super::StoreError::NewerDatabase { found, known }),
            _ => Ok(()),
        }
    }

    /// The migrator for these migrations.
    pub(super) async fn migrator(self) -> Result<Migrator, sqlx::migrate::MigrateError> {
        Migrator::new(self).await
    }
}
