//! `/api/sync`: a signed-in player's progress on every device (issue 43).
//!
//! The server keeps one progress document per account (JSON, format 1, as
//! `web/js/progress-doc.js` builds it) with a version. The client merges;
//! the server only stores, bounds and versions:
//!
//! - `GET /api/sync?known=N` answers the document and its version, or only
//!   "unchanged" when the stored version is still `N` (a cheap poll).
//! - `PUT /api/sync` with `{base, document}` stores the document if the
//!   stored version is still `base`; otherwise it answers 409 with what is
//!   stored (what the writer missed), which the client merges with its own
//!   by the same rules and sends again: two devices converge.
//! - `DELETE /api/sync` forgets the document ("your data").
//!
//! Bounds: a request body of at most [`MAX_REQUEST_BYTES`] (413 from
//! [`crate::http::read_whole_body`]), a stored document of at most
//! [`MAX_DOCUMENT_BYTES`] per account (413 here); a refused write leaves
//! what was stored untouched.

use crate::accounts::session::SignedIn;
use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;
use crate::storage::sync::{SyncDocument, SyncWritten};
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The path of the sync routes.
pub const PATH: &str = crate::http::SYNC_PATH;
/// Largest request body `/api/sync` accepts (other routes: 64 KiB), read
/// by [`crate::http::read_whole_body`].
pub const MAX_REQUEST_BYTES: usize = crate::http::SYNC_MAX_BODY_BYTES;
/// Largest progress document an account keeps, in bytes of JSON.
pub const MAX_DOCUMENT_BYTES: usize = 192 * 1024;
/// The document format the server takes.
pub const FORMAT: i64 = 1;

/// The `known` query parameter of `GET /api/sync`.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct KnownQuery {
    /// The version the device holds: when it is still the stored one, the
    /// answer leaves the document out (`unchanged`).
    pub known: Option<i64>,
}

/// The stored progress as `GET /api/sync` answers it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SyncView {
    /// Which account this is (its opaque handle): a device that held
    /// another account's progress, or none, merges instead of following.
    account: String,
    /// The stored version (0: nothing was ever stored).
    version: i64,
    /// The version is the one the device said it knows: no document sent.
    unchanged: bool,
    /// The progress document (null: none stored, deleted, or unchanged).
    #[schema(value_type = Object)]
    document: Option<Value>,
    /// Its size in bytes.
    bytes: i64,
    /// The most an account may store, in bytes.
    max_bytes: usize,
    /// When it was last written, Unix ms (null: never).
    updated_at: Option<i64>,
}

/// Body of `PUT /api/sync`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct SyncPut {
    /// The version the document was merged from (0: none yet).
    base: i64,
    /// The merged progress document: a JSON object with `"format": 1`.
    #[schema(value_type = Object)]
    document: Value,
}

/// Answer to a stored write.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SyncStored {
    /// The new version.
    version: i64,
    /// When, Unix ms.
    updated_at: i64,
}

/// Answer to a stale write (409): what is stored now.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SyncStale {
    /// Why: the base version is not the stored one.
    error: String,
    /// The stored version.
    version: i64,
    /// The stored document (null: none).
    #[schema(value_type = Object)]
    document: Option<Value>,
    /// When it was written, Unix ms (null: never).
    updated_at: Option<i64>,
}

/// Answer to a deletion.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SyncDeleted {
    /// There was a document, and now there is none.
    deleted: bool,
}

/// A stored document's text as JSON (stored text this server wrote).
fn parsed(stored: &SyncDocument) -> Result<Option<Value>, ApiError> {
    stored
        .document
        .as_deref()
        .map(serde_json::from_str)
        .transpose()
        .map_err(|e| ApiError::internal("a stored progress document is not JSON", &e))
}

/// `GET /api/sync`: the account's progress document.
#[utoipa::path(get, path = "/api/sync", tag = "sync",
    summary = "The signed-in account's progress document and its version",
    params(KnownQuery),
    responses(
        (status = 200, description = "The document (or only `unchanged`).", body = SyncView),
        (status = 401, description = "Not signed in.", body = ErrorBody),
        (status = 403, description = "A banned account.", body = ErrorBody),
        (status = 503, description = "The database is unavailable; try again shortly.", body = ErrorBody),
    ))]
pub async fn get_progress(
    State(app): State<AppState>,
    signed: SignedIn,
    Query(query): Query<KnownQuery>,
) -> Result<Response, ApiError> {
    let stored = app.store.sync_document(signed.account.id).await?;
    let version = stored.as_ref().map_or(0, |s| s.version);
    let unchanged = query.known == Some(version);
    let document = match &stored {
        Some(s) if !unchanged => parsed(s)?,
        _ => None,
    };
    Ok(Json(SyncView {
        account: signed.account.handle,
        version,
        unchanged,
        document,
        bytes: stored.as_ref().map_or(0, |s| s.bytes),
        max_bytes: MAX_DOCUMENT_BYTES,
        updated_at: stored.map(|s| s.updated_at),
    })
    .into_response())
}

/// `PUT /api/sync`: stores a merged document if nothing was written since
/// the version it was merged from.
#[utoipa::path(put, path = "/api/sync", tag = "sync",
    summary = "Store the merged progress document (compare and swap on the version)",
    request_body = SyncPut,
    responses(
        (status = 200, description = "Stored; the new version.", body = SyncStored),
        (status = 400, description = "Not a progress document (a JSON object with `format` 1), or a negative base.", body = ErrorBody),
        (status = 401, description = "Not signed in.", body = ErrorBody),
        (status = 403, description = "A cross-site request, or a banned account.", body = ErrorBody),
        (status = 409, description = "Stale: another device wrote since `base`; the stored document, to merge and send again.", body = SyncStale),
        (status = 413, description = "The request is over 256 KiB, or the document over the account's 192 KiB; nothing is stored.", body = ErrorBody),
        (status = 503, description = "The database is unavailable; try again shortly.", body = ErrorBody),
    ))]
pub async fn put_progress(
    State(app): State<AppState>,
    signed: SignedIn,
    Json(put): Json<SyncPut>,
) -> Result<Response, ApiError> {
    if put.base < 0 {
        return Err(ApiError::bad_request("base must be a version, 0 or more"));
    }
    let format = put.document.get("format").and_then(Value::as_i64);
    if !put.document.is_object() || format != Some(FORMAT) {
        return Err(ApiError::bad_request(format!(
            "document must be a progress document: a JSON object with \"format\": {FORMAT}"
        )));
    }
    let text = put.document.to_string();
    if text.len() > MAX_DOCUMENT_BYTES {
        return Err(ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "the progress document is {} bytes; an account keeps at most {MAX_DOCUMENT_BYTES} \
                 (nothing was stored)",
                text.len()
            ),
        ));
    }
    let now = app.clock.now_ms() as i64;
    match app
        .store
        .put_sync_document(signed.account.id, put.base, &text, now)
        .await?
    {
        SyncWritten::Stored(version) => Ok(Json(SyncStored {
            version,
            updated_at: now,
        })
        .into_response()),
        SyncWritten::Stale(stored) => {
            let document = stored.as_ref().map(parsed).transpose()?.flatten();
            let version = stored.as_ref().map_or(0, |s| s.version);
            Ok((
                StatusCode::CONFLICT,
                Json(SyncStale {
                    error: format!(
                        "stale: the stored version is {version}, not {}; merge this document and send again",
                        put.base
                    ),
                    version,
                    document,
                    updated_at: stored.map(|s| s.updated_at),
                }),
            )
                .into_response())
        }
    }
}

/// `DELETE /api/sync`: forgets the account's progress document.
#[utoipa::path(delete, path = "/api/sync", tag = "sync",
    summary = "Delete the progress stored for the account",
    responses(
        (status = 200, description = "Whether there was a document.", body = SyncDeleted),
        (status = 401, description = "Not signed in.", body = ErrorBody),
        (status = 403, description = "A cross-site request, or a banned account.", body = ErrorBody),
        (status = 503, description = "The database is unavailable; try again shortly.", body = ErrorBody),
    ))]
pub async fn delete_progress(
    State(app): State<AppState>,
    signed: SignedIn,
) -> Result<Response, ApiError> {
    let now = app.clock.now_ms() as i64;
    let deleted = app
        .store
        .delete_sync_document(signed.account.id, now)
        .await?;
    tracing::info!(account = signed.account.id, deleted, "progress deleted");
    Ok(Json(SyncDeleted { deleted }).into_response())
}
