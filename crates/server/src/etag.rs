//! Fixed answers with ETags: a body made once (the level list, a level, the
//! web client's files, the OpenAPI document) is sent whole, or as 304 when
//! the client's copy is current.

use axum::body::Bytes;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use sha2::{Digest, Sha256};

/// A body that does not change while the server runs, with its ETag.
#[derive(Debug, Clone)]
pub struct ETagged {
    /// The bytes.
    pub body: Bytes,
    /// Its content type.
    pub content_type: &'static str,
    /// A weak ETag (`W/"…"`, from a hash of the bytes): weak because the
    /// gzip layer may send the same content in another encoding.
    pub etag: String,
}

impl ETagged {
    /// Bytes of a given type.
    pub fn new(body: impl Into<Bytes>, content_type: &'static str) -> ETagged {
        let body = body.into();
        let digest = Sha256::digest(&body);
        let etag = format!("W/\"{}\"", hex::encode(&digest[..12]));
        ETagged {
            body,
            content_type,
            etag,
        }
    }

    /// A value serialised as JSON.
    pub fn json(value: &impl Serialize) -> ETagged {
        let body = serde_json::to_vec(value).expect("API types serialise");
        ETagged::new(body, "application/json")
    }
}

/// How long clients may reuse the level list and other fixed answers
/// without asking again.
pub const FIXED_MAX_AGE: &str = "public, max-age=300";

/// Answers with a fixed body, or 304 when the client's copy is current.
pub fn cached(item: &ETagged, headers: &HeaderMap, cache_control: &'static str) -> Response {
    let mut response = if is_current(headers, &item.etag) {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        (
            [(header::CONTENT_TYPE, item.content_type)],
            item.body.clone(),
        )
            .into_response()
    };
    let h = response.headers_mut();
    h.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static(cache_control),
    );
    if let Ok(etag) = HeaderValue::from_str(&item.etag) {
        h.insert(header::ETAG, etag);
    }
    response
}

/// Whether the request's `If-None-Match` names `etag` (or `*`).
fn is_current(headers: &HeaderMap, etag: &str) -> bool {
    headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|tag| {
            let tag = tag.trim();
            tag == "*" || weak(tag) == weak(etag)
        })
}

/// Largest answer [`revalidated`] tags; a longer one passes as it is.
const MAX_REVALIDATED_BYTES: usize = 1 << 20;

/// Middleware for reads whose answer changes with the data (tables,
/// records, medians, published paths): a weak ETag from a hash of the
/// answer, `Cache-Control: no-cache` instead of `no-store` (a client may
/// keep it but must ask again), and 304 with no body when the client's copy
/// is current. The server still reads the data; the client is spared the
/// body.
pub async fn revalidated(
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let asked = request.headers().clone();
    let response = next.run(request).await;
    if response.status() != StatusCode::OK || response.headers().contains_key(header::ETAG) {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let Ok(bytes) = axum::body::to_bytes(body, MAX_REVALIDATED_BYTES).await else {
        return StatusCode::INTERNAL_SERVER_ERROR.into_response();
    };
    let etag = ETagged::new(bytes.clone(), "").etag;
    let cache_control = HeaderValue::from_static("no-cache");
    if is_current(&asked, &etag) {
        let mut not_modified = StatusCode::NOT_MODIFIED.into_response();
        let h = not_modified.headers_mut();
        h.insert(header::CACHE_CONTROL, cache_control);
        if let Ok(etag) = HeaderValue::from_str(&etag) {
            h.insert(header::ETAG, etag);
        }
        return not_modified;
    }
    parts.headers.insert(header::CACHE_CONTROL, cache_control);
    if let Ok(etag) = HeaderValue::from_str(&etag) {
        parts.headers.insert(header::ETAG, etag);
    }
    Response::from_parts(parts, axum::body::Body::from(bytes))
}

/// An entity tag without its weakness mark (`If-None-Match` compares weakly).
fn weak(tag: &str) -> &str {
    tag.strip_prefix("W/").unwrap_or(tag)
}

/// [`cached`] for the fixed JSON answers of the API.
pub fn cached_json(item: &ETagged, headers: &HeaderMap) -> Response {
    cached(item, headers, FIXED_MAX_AGE)
}
