//! What the player accounts keep (issue 38): accounts, their passkeys,
//! signed-in sessions, WebAuthn ceremonies in progress and the account
//! creations per network and day. One trait, [`AccountStore`], which every
//! [`super::Store`] also is; the queries are the same on both backends
//! ([`AccountQueries`], generic over the sqlx database as `daily.rs` is).

use super::shared::RowsAffected;
use super::StoreError;
use async_trait::async_trait;
use sqlx::{ColumnIndex, Database, Decode, Encode, Executor, IntoArguments, Pool, Row, Type};

/// An account as the server reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Account {
    /// The row id (never shown to clients).
    pub id: i64,
    /// The WebAuthn user handle: a random UUID, what a discoverable
    /// passkey gives back at sign-in.
    pub handle: String,
    /// The display name, NFKC-normalised.
    pub name: String,
    /// When it was made, Unix ms.
    pub created_at: i64,
    /// Until when it is provisional, Unix ms.
    pub provisional_until: i64,
    /// When an operator banned it, if one did.
    pub banned_at: Option<i64>,
}

/// A new account with its first passkey and first session, made in one
/// transaction.
#[derive(Clone, Debug)]
pub struct NewAccount<'a> {
    /// The WebAuthn user handle.
    pub handle: &'a str,
    /// The display name, NFKC-normalised.
    pub name: &'a str,
    /// The name's uniqueness key ([`crate::names::name_key`]).
    pub name_key: &'a str,
    /// When, Unix ms.
    pub now: i64,
    /// Until when the account is provisional, Unix ms.
    pub provisional_until: i64,
    /// The first passkey.
    pub passkey: NewPasskey<'a>,
    /// The first session.
    pub session: NewSession<'a>,
    /// The network the request came from (for the creation limit).
    pub network: &'a str,
    /// The UTC day, ISO (for the creation limit).
    pub day: &'a str,
    /// Accounts one network may make a day.
    pub limit: i64,
}

/// A passkey to keep.
#[derive(Clone, Copy, Debug)]
pub struct NewPasskey<'a> {
    /// The credential id.
    pub credential_id: &'a [u8],
    /// webauthn-rs's credential, as JSON.
    pub passkey: &'a str,
}

/// A session to open.
#[derive(Clone, Copy, Debug)]
pub struct NewSession<'a> {
    /// SHA-256 of the cookie's token.
    pub token_hash: &'a [u8],
    /// When it ends, Unix ms.
    pub expires_at: i64,
}

/// What making an account did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AccountCreated {
    /// Made, with this row id.
    Created(i64),
    /// Another account has the name (case-insensitively).
    NameTaken,
    /// The passkey is registered to an account already.
    CredentialTaken,
    /// The network made its accounts for the day.
    LimitReached,
}

/// A kept passkey.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredPasskey {
    /// The credential id.
    pub credential_id: Vec<u8>,
    /// webauthn-rs's credential, as JSON.
    pub passkey: String,
}

/// A WebAuthn ceremony in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ceremony {
    /// Random id (the client sends it back with the credential).
    pub id: Vec<u8>,
    /// `register`, `signin` or `add_passkey`.
    pub kind: String,
    /// webauthn-rs's state, as JSON.
    pub state: String,
    /// The signed-in account adding a passkey.
    pub account_id: Option<i64>,
    /// The name a new account asked for.
    pub name: Option<String>,
    /// The user handle of a new account.
    pub handle: Option<String>,
    /// When it lapses, Unix ms.
    pub expires_at: i64,
}

/// Storage of the accounts; both backends implement it.
#[async_trait]
pub trait AccountStore {
    /// Accounts made from `network` on `day`.
    async fn accounts_made(&self, network: &str, day: &str) -> Result<i64, StoreError>;

    /// Whether an account has the name key `name_key`.
    async fn name_taken(&self, name_key: &str) -> Result<bool, StoreError>;

    /// Makes an account with its first passkey and session, counting it
    /// against its network's day; nothing is kept unless all of it is.
    async fn create_account(&self, new: &NewAccount<'_>) -> Result<AccountCreated, StoreError>;

    /// The account with a WebAuthn user handle.
    async fn account_by_handle(&self, handle: &str) -> Result<Option<Account>, StoreError>;

    /// An account's passkeys.
    async fn account_passkeys(&self, account_id: i64) -> Result<Vec<StoredPasskey>, StoreError>;

    /// Adds a passkey to an account; `false` if the credential is
    /// registered already (to any account).
    async fn add_passkey(
        &self,
        account_id: i64,
        passkey: &NewPasskey<'_>,
        now: i64,
    ) -> Result<bool, StoreError>;

    /// Writes a passkey after a sign-in (its counter may have moved).
    async fn passkey_used(&self, passkey: &NewPasskey<'_>, now: i64) -> Result<(), StoreError>;

    /// Opens a session for an account.
    async fn create_session(
        &self,
        account_id: i64,
        session: &NewSession<'_>,
        now: i64,
    ) -> Result<(), StoreError>;

    /// The account of an unexpired session.
    async fn session_account(
        &self,
        token_hash: &[u8],
        now: i64,
    ) -> Result<Option<Account>, StoreError>;

    /// Ends one session.
    async fn end_session(&self, token_hash: &[u8]) -> Result<(), StoreError>;

    /// Ends every session of an account; returns how many there were.
    async fn end_sessions(&self, account_id: i64) -> Result<u64, StoreError>;

    /// Deletes an account with its passkeys and sessions; its solves leave
    /// every table (voided, first-solver claims freed) and its name goes.
    async fn delete_account(&self, account_id: i64) -> Result<(), StoreError>;

    /// Keeps a ceremony (and drops lapsed ones).
    async fn put_ceremony(&self, ceremony: &Ceremony, now: i64) -> Result<(), StoreError>;

    /// Takes a ceremony out, once: a second take of the same id finds
    /// nothing, nor does a take after it lapsed.
    async fn take_ceremony(&self, id: &[u8], now: i64) -> Result<Option<Ceremony>, StoreError>;
}

/// The account queries on one pool.
pub(super) struct AccountQueries<'p, DB: Database>(pub &'p Pool<DB>);

/// That the session `s` (a row of `account_sessions s`) is the one whose
/// token hashes to `token_hash` and is live at `now`, as SQL (placeholders
/// or column names): what a live session is, for [`AccountStore::session_account`]
/// and the daily solves' check (`daily::session_lives`).
pub(super) fn live_session(token_hash: &str, now: &str) -> String {
    format!("s.token_hash = {token_hash} AND s.expires_at > {now}")
}

const ACCOUNT_COLUMNS: &str =
    "a.id, a.handle, a.name, a.created_at, a.provisional_until, a.banned_at";

fn account_of<R: Row>(row: &R) -> Result<Account, StoreError>
where
    for<'r> i64: Decode<'r, R::Database> + Type<R::Database>,
    for<'r> Option<i64>: Decode<'r, R::Database> + Type<R::Database>,
    for<'r> String: Decode<'r, R::Database> + Type<R::Database>,
    &'static str: ColumnIndex<R>,
{
    Ok(Account {
        id: row.try_get("id")?,
        handle: row.try_get("handle")?,
        name: row.try_get("name")?,
        created_at: row.try_get("created_at")?,
        provisional_until: row.try_get("provisional_until")?,
        banned_at: row.try_get("banned_at")?,
    })
}

const INSERT_SESSION: &str =
    "INSERT INTO account_sessions (token_hash, account_id, created_at, expires_at) \
     VALUES ($1, $2, $3, $4)";
const INSERT_PASSKEY: &str =
    "INSERT INTO account_passkeys (credential_id, account_id, passkey, created_at) \
     VALUES ($1, $2, $3, $4) ON CONFLICT (credential_id) DO NOTHING";

impl<DB> AccountQueries<'_, DB>
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
    pub(super) async fn accounts_made(&self, network: &str, day: &str) -> Result<i64, StoreError> {
        let row = sqlx::query("SELECT made FROM account_creations WHERE network = $1 AND day = $2")
            .bind(network)
            .bind(day)
            .fetch_optional(self.0)
            .await?;
        Ok(match row {
            Some(row) => row.try_get("made")?,
            None => 0,
        })
    }

    pub(super) async fn name_taken(&self, name_key: &str) -> Result<bool, StoreError> {
        Ok(sqlx::query("SELECT 1 FROM accounts WHERE name_key = $1")
            .bind(name_key)
            .fetch_optional(self.0)
            .await?
            .is_some())
    }

    pub(super) async fn create_account(
        &self,
        new: &NewAccount<'_>,
    ) -> Result<AccountCreated, StoreError> {
        let mut tx = self.0.begin().await?;
        // The upsert locks the network's row for the day: concurrent
        // creations from one network count one after the other.
        let made: i64 = sqlx::query(
            "INSERT INTO account_creations (network, day, made) VALUES ($1, $2, 1) \
             ON CONFLICT (network, day) DO UPDATE SET made = account_creations.made + 1 \
             RETURNING made",
        )
        .bind(new.network)
        .bind(new.day)
        .fetch_one(&mut *tx)
        .await?
        .try_get("made")?;
        if made > new.limit {
            tx.rollback().await?;
            return Ok(AccountCreated::LimitReached);
        }
        let id = sqlx::query(
            "INSERT INTO accounts (handle, name, name_key, created_at, provisional_until) \
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING id",
        )
        .bind(new.handle)
        .bind(new.name)
        .bind(new.name_key)
        .bind(new.now)
        .bind(new.provisional_until)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(id) = id else {
            tx.rollback().await?;
            return Ok(AccountCreated::NameTaken);
        };
        let id: i64 = id.try_get("id")?;
        let kept = sqlx::query(INSERT_PASSKEY)
            .bind(new.passkey.credential_id)
            .bind(id)
            .bind(new.passkey.passkey)
            .bind(new.now)
            .execute(&mut *tx)
            .await?
            .rows();
        if kept == 0 {
            tx.rollback().await?;
            return Ok(AccountCreated::CredentialTaken);
        }
        sqlx::query(INSERT_SESSION)
            .bind(new.session.token_hash)
            .bind(id)
            .bind(new.now)
            .bind(new.session.expires_at)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(AccountCreated::Created(id))
    }

    pub(super) async fn account_by_handle(
        &self,
        handle: &str,
    ) -> Result<Option<Account>, StoreError> {
        let row = sqlx::query(&format!(
            "SELECT {ACCOUNT_COLUMNS} FROM accounts a WHERE a.handle = $1"
        ))
        .bind(handle)
        .fetch_optional(self.0)
        .await?;
        row.as_ref().map(account_of).transpose()
    }

    pub(super) async fn account_passkeys(
        &self,
        account_id: i64,
    ) -> Result<Vec<StoredPasskey>, StoreError> {
        let rows = sqlx::query(
            "SELECT credential_id, passkey FROM account_passkeys WHERE account_id = $1 \
             ORDER BY created_at",
        )
        .bind(account_id)
        .fetch_all(self.0)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(StoredPasskey {
                    credential_id: row.try_get("credential_id")?,
                    passkey: row.try_get("passkey")?,
                })
            })
            .collect()
    }

    pub(super) async fn add_passkey(
        &self,
        account_id: i64,
        passkey: &NewPasskey<'_>,
        now: i64,
    ) -> Result<bool, StoreError> {
        Ok(sqlx::query(INSERT_PASSKEY)
            .bind(passkey.credential_id)
            .bind(account_id)
            .bind(passkey.passkey)
            .bind(now)
            .execute(self.0)
            .await?
            .rows()
            == 1)
    }

    pub(super) async fn passkey_used(
        &self,
        passkey: &NewPasskey<'_>,
        now: i64,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE account_passkeys SET passkey = $1, used_at = $2 WHERE credential_id = $3",
        )
        .bind(passkey.passkey)
        .bind(now)
        .bind(passkey.credential_id)
        .execute(self.0)
        .await?;
        Ok(())
    }

    pub(super) async fn create_session(
        &self,
        account_id: i64,
        session: &NewSession<'_>,
        now: i64,
    ) -> Result<(), StoreError> {
        sqlx::query(INSERT_SESSION)
            .bind(session.token_hash)
            .bind(account_id)
            .bind(now)
            .bind(session.expires_at)
            .execute(self.0)
            .await?;
        Ok(())
    }

    pub(super) async fn session_account(
        &self,
        token_hash: &[u8],
        now: i64,
    ) -> Result<Option<Account>, StoreError> {
        let row = sqlx::query(&format!(
            "SELECT {ACCOUNT_COLUMNS} FROM account_sessions s \
             JOIN accounts a ON a.id = s.account_id WHERE {}",
            live_session("$1", "$2")
        ))
        .bind(token_hash)
        .bind(now)
        .fetch_optional(self.0)
        .await?;
        row.as_ref().map(account_of).transpose()
    }

    pub(super) async fn end_session(&self, token_hash: &[u8]) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM account_sessions WHERE token_hash = $1")
            .bind(token_hash)
            .execute(self.0)
            .await?;
        Ok(())
    }

    pub(super) async fn end_sessions(&self, account_id: i64) -> Result<u64, StoreError> {
        Ok(
            sqlx::query("DELETE FROM account_sessions WHERE account_id = $1")
                .bind(account_id)
                .execute(self.0)
                .await?
                .rows(),
        )
    }

    pub(super) async fn delete_account(&self, account_id: i64) -> Result<(), StoreError> {
        // Passkeys, sessions, ceremonies and the progress document go with it (ON DELETE CASCADE);
        // deleted explicitly too, so nothing depends on the pragma.
        let mut tx = self.0.begin().await?;
        // Its solves leave every table, as a ban's do (issue 38), and its
        // name goes: the first-solver claims are freed, the solves voided
        // (the rank counts follow by trigger) and the names they carried
        // forgotten; the review audit says why.
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as i64);
        sqlx::query(
            "DELETE FROM triplex_first_solvers WHERE nonce IN \
             (SELECT nonce FROM triplex_solves WHERE account_id = $1)",
        )
        .bind(account_id)
        .execute(&mut *tx)
        .await?;
        for table in ["daily_solves", "triplex_solves"] {
            sqlx::query(&format!(
                "UPDATE {table} SET review = 'voided', review_at = $1, review_by = 'account', \
                 review_reason = 'account deleted' WHERE account_id = $2 AND review <> 'voided'"
            ))
            .bind(now)
            .bind(account_id)
            .execute(&mut *tx)
            .await?;
        }
        sqlx::query("UPDATE daily_solves SET name = NULL WHERE account_id = $1")
            .bind(account_id)
            .execute(&mut *tx)
            .await?;
        let entry = format!("account-{account_id}");
        sqlx::query(
            "INSERT INTO review_audit (at, actor, action, entry, reason) \
             VALUES ($1, 'account', 'delete', $2, 'account deleted')",
        )
        .bind(now)
        .bind(entry.as_str())
        .execute(&mut *tx)
        .await?;
        sqlx::query("DELETE FROM triplex_starts WHERE account_id = $1")
            .bind(account_id)
            .execute(&mut *tx)
            .await?;
        for table in [
            "account_sessions",
            "account_passkeys",
            "account_ceremonies",
            "sync_documents",
        ] {
            sqlx::query(&format!("DELETE FROM {table} WHERE account_id = $1"))
                .bind(account_id)
                .execute(&mut *tx)
                .await?;
        }
        sqlx::query("DELETE FROM accounts WHERE id = $1")
            .bind(account_id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    pub(super) async fn put_ceremony(&self, c: &Ceremony, now: i64) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM account_ceremonies WHERE expires_at <= $1")
            .bind(now)
            .execute(self.0)
            .await?;
        sqlx::query(
            "INSERT INTO account_ceremonies (id, kind, state, account_id, name, handle, expires_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(c.id.as_slice())
        .bind(c.kind.as_str())
        .bind(c.state.as_str())
        .bind(c.account_id)
        .bind(c.name.as_deref())
        .bind(c.handle.as_deref())
        .bind(c.expires_at)
        .execute(self.0)
        .await?;
        Ok(())
    }

    pub(super) async fn take_ceremony(
        &self,
        id: &[u8],
        now: i64,
    ) -> Result<Option<Ceremony>, StoreError> {
        // One statement: of two requests finishing the same ceremony, one
        // gets it.
        let row = sqlx::query(
            "DELETE FROM account_ceremonies WHERE id = $1 \
             RETURNING id, kind, state, account_id, name, handle, expires_at",
        )
        .bind(id)
        .fetch_optional(self.0)
        .await?;
        let Some(row) = row else {
            return Ok(None);
        };
        let ceremony = Ceremony {
            id: row.try_get("id")?,
            kind: row.try_get("kind")?,
            state: row.try_get("state")?,
            account_id: row.try_get("account_id")?,
            name: row.try_get("name")?,
            handle: row.try_get("handle")?,
            expires_at: row.try_get("expires_at")?,
        };
        Ok((ceremony.expires_at > now).then_some(ceremony))
    }
}

/// Implements [`AccountStore`] for a store type with its read and write
/// pools (SQLite's readers see every committed write: WAL).
macro_rules! account_store {
    ($store:ty, $read:ident, $write:ident) => {
        #[async_trait::async_trait]
        impl AccountStore for $store {
            async fn accounts_made(&self, network: &str, day: &str) -> Result<i64, StoreError> {
                AccountQueries(&self.$read)
                    .accounts_made(network, day)
                    .await
            }
            async fn name_taken(&self, name_key: &str) -> Result<bool, StoreError> {
                AccountQueries(&self.$read).name_taken(name_key).await
            }
            async fn create_account(
                &self,
                new: &NewAccount<'_>,
            ) -> Result<AccountCreated, StoreError> {
                AccountQueries(&self.$write).create_account(new).await
            }
            async fn account_by_handle(&self, handle: &str) -> Result<Option<Account>, StoreError> {
                AccountQueries(&self.$read).account_by_handle(handle).await
            }
            async fn account_passkeys(
                &self,
                account_id: i64,
            ) -> Result<Vec<StoredPasskey>, StoreError> {
                AccountQueries(&self.$read)
                    .account_passkeys(account_id)
                    .await
            }
            async fn add_passkey(
                &self,
                account_id: i64,
                passkey: &NewPasskey<'_>,
                now: i64,
            ) -> Result<bool, StoreError> {
                AccountQueries(&self.$write)
                    .add_passkey(account_id, passkey, now)
                    .await
            }
            async fn passkey_used(
                &self,
                passkey: &NewPasskey<'_>,
                now: i64,
            ) -> Result<(), StoreError> {
                AccountQueries(&self.$write)
                    .passkey_used(passkey, now)
                    .await
            }
            async fn create_session(
                &self,
                account_id: i64,
                session: &NewSession<'_>,
                now: i64,
            ) -> Result<(), StoreError> {
                AccountQueries(&self.$write)
                    .create_session(account_id, session, now)
                    .await
            }
            async fn session_account(
                &self,
                token_hash: &[u8],
                now: i64,
            ) -> Result<Option<Account>, StoreError> {
                AccountQueries(&self.$read)
                    .session_account(token_hash, now)
                    .await
            }
            async fn end_session(&self, token_hash: &[u8]) -> Result<(), StoreError> {
                AccountQueries(&self.$write).end_session(token_hash).await
            }
            async fn end_sessions(&self, account_id: i64) -> Result<u64, StoreError> {
                AccountQueries(&self.$write).end_sessions(account_id).await
            }
            async fn delete_account(&self, account_id: i64) -> Result<(), StoreError> {
                AccountQueries(&self.$write)
                    .delete_account(account_id)
                    .await
            }
            async fn put_ceremony(&self, ceremony: &Ceremony, now: i64) -> Result<(), StoreError> {
                AccountQueries(&self.$write)
                    .put_ceremony(ceremony, now)
                    .await
            }
            async fn take_ceremony(
                &self,
                id: &[u8],
                now: i64,
            ) -> Result<Option<Ceremony>, StoreError> {
                AccountQueries(&self.$write).take_ceremony(id, now).await
            }
        }
    };
}

account_store!(super::sqlite::SqliteStore, readers, writer);
account_store!(super::postgres::PostgresStore, pool, pool);
