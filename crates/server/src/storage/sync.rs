//! What progress sync keeps (issue 43): one progress document per account,
//! with a version raised by every write. One trait, [`SyncStore`], which
//! every [`super::Store`] also is; the queries are the same on both
//! backends ([`SyncQueries`], generic over the sqlx database as
//! `accounts.rs` is).
//!
//! A write names the version it was based on and succeeds only if that is
//! still the stored one (compare and swap in one statement), so of two
//! devices writing at once one wins and the other is told what it missed.

use super::shared::RowsAffected;
use super::StoreError;
use async_trait::async_trait;
use sqlx::{ColumnIndex, Database, Decode, Encode, Executor, IntoArguments, Pool, Row, Type};

/// An account's stored progress document.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyncDocument {
    /// Raised by one on every write (and on a deletion); 0 before the first.
    pub version: i64,
    /// The document as JSON text; `None` after the player deleted it.
    pub document: Option<String>,
    /// Its size in bytes (0 when deleted).
    pub bytes: i64,
    /// When it was last written (or deleted), Unix ms.
    pub updated_at: i64,
}

/// What a write did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SyncWritten {
    /// Stored as this version.
    Stored(i64),
    /// The stored version is not the one the write was based on: nothing
    /// written; here is what is stored (`None`: nothing ever was).
    Stale(Option<SyncDocument>),
}

/// Storage of the progress documents; both backends implement it.
#[async_trait]
pub trait SyncStore {
    /// The account's document, if one was ever written.
    async fn sync_document(&self, account_id: i64) -> Result<Option<SyncDocument>, StoreError>;

    /// Writes `document` (JSON text) for the account if its stored version
    /// is still `base` (0: none stored yet).
    async fn put_sync_document(
        &self,
        account_id: i64,
        base: i64,
        document: &str,
        now: i64,
    ) -> Result<SyncWritten, StoreError>;

    /// Forgets the account's document (the row stays, with a raised
    /// version and no document, so no device mistakes an old version for
    /// the current one); true if there was one.
    async fn delete_sync_document(&self, account_id: i64, now: i64) -> Result<bool, StoreError>;
}

/// The sync queries on one pool.
pub(super) struct SyncQueries<'p, DB: Database>(pub &'p Pool<DB>);

impl<DB> SyncQueries<'_, DB>
where
    DB: Database,
    for<'q> &'q str: Encode<'q, DB> + Type<DB>,
    for<'q> i64: Encode<'q, DB> + Decode<'q, DB> + Type<DB>,
    for<'r> Option<String>: Decode<'r, DB> + Type<DB>,
    for<'q> <DB as Database>::Arguments<'q>: IntoArguments<'q, DB>,
    for<'p> &'p Pool<DB>: Executor<'p, Database = DB>,
    &'static str: ColumnIndex<<DB as Database>::Row>,
    <DB as Database>::QueryResult: RowsAffected,
{
    pub(super) async fn get(&self, account_id: i64) -> Result<Option<SyncDocument>, StoreError> {
        let row = sqlx::query(
            "SELECT version, document, bytes, updated_at FROM sync_documents WHERE account_id = $1",
        )
        .bind(account_id)
        .fetch_optional(self.0)
        .await?;
        let Some(row) = row else {
            return Ok(None);
        };
        Ok(Some(SyncDocument {
            version: row.try_get("version")?,
            document: row.try_get("document")?,
            bytes: row.try_get("bytes")?,
            updated_at: row.try_get("updated_at")?,
        }))
    }

    pub(super) async fn put(
        &self,
        account_id: i64,
        base: i64,
        document: &str,
        now: i64,
    ) -> Result<SyncWritten, StoreError> {
        let bytes = document.len() as i64;
        let written = if base == 0 {
            sqlx::query(
                "INSERT INTO sync_documents (account_id, version, document, bytes, updated_at) \
                 VALUES ($1, 1, $2, $3, $4) ON CONFLICT (account_id) DO NOTHING",
            )
            .bind(account_id)
            .bind(document)
            .bind(bytes)
            .bind(now)
            .execute(self.0)
            .await?
            .rows()
        } else {
            sqlx::query(
                "UPDATE sync_documents SET version = version + 1, document = $1, bytes = $2, \
                 updated_at = $3 WHERE account_id = $4 AND version = $5",
            )
            .bind(document)
            .bind(bytes)
            .bind(now)
            .bind(account_id)
            .bind(base)
            .execute(self.0)
            .await?
            .rows()
        };
        if written == 1 {
            Ok(SyncWritten::Stored(base + 1))
        } else {
            Ok(SyncWritten::Stale(self.get(account_id).await?))
        }
    }

    pub(super) async fn delete(&self, account_id: i64, now: i64) -> Result<bool, StoreError> {
        Ok(sqlx::query(
            "UPDATE sync_documents SET version = version + 1, document = NULL, bytes = 0, \
             updated_at = $1 WHERE account_id = $2 AND document IS NOT NULL",
        )
        .bind(now)
        .bind(account_id)
        .execute(self.0)
        .await?
        .rows()
            == 1)
    }
}

/// Implements [`SyncStore`] for a store type with its read and write pools.
macro_rules! sync_store {
    ($store:ty, $read:ident, $write:ident) => {
        #[async_trait::async_trait]
        impl SyncStore for $store {
            async fn sync_document(
                &self,
                account_id: i64,
            ) -> Result<Option<SyncDocument>, StoreError> {
                SyncQueries(&self.$read).get(account_id).await
            }
            async fn put_sync_document(
                &self,
                account_id: i64,
                base: i64,
                document: &str,
                now: i64,
            ) -> Result<SyncWritten, StoreError> {
                // The stale answer is read on the writer too: a reader
                // could be a moment behind the write that made it stale.
                SyncQueries(&self.$write)
                    .put(account_id, base, document, now)
                    .await
            }
            async fn delete_sync_document(
                &self,
                account_id: i64,
                now: i64,
            ) -> Result<bool, StoreError> {
                SyncQueries(&self.$write).delete(account_id, now).await
            }
        }
    };
}

sync_store!(super::sqlite::SqliteStore, readers, writer);
sync_store!(super::postgres::PostgresStore, pool, pool);
