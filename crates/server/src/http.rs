//! HTTP plumbing shared by the handlers: cacheable bodies with ETags, JSON
//! error bodies for every 4xx and 5xx, and the rate limit on writes.

use crate::error::ApiError;
use crate::AppState;
use axum::body::{Body, Bytes};
use axum::extract::{ConnectInfo, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use sha2::{Digest, Sha256};
use std::net::SocketAddr;

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

/// Reads a request's whole body (at most `MAX_BODY_BYTES`) before anything
/// answers it. A handler that takes no body (`/start`) or an early refusal
/// (429) would otherwise answer with part of the body still unread; the
/// connection then closes under a client that is still sending, which sees
/// a broken pipe instead of the answer.
pub async fn read_whole_body(request: Request, next: Next) -> Response {
    let (parts, body) = request.into_parts();
    match axum::body::to_bytes(body, crate::router::MAX_BODY_BYTES).await {
        Ok(bytes) => {
            next.run(Request::from_parts(parts, Body::from(bytes)))
                .await
        }
        Err(_) => ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "request body larger than {} bytes or cut off",
                crate::router::MAX_BODY_BYTES
            ),
        )
        .into_response(),
    }
}

/// Answers with a fixed body, or 304 when the client's copy is current.
pub fn cached(item: &ETagged, headers: &HeaderMap, cache_control: &'static str) -> Response {
    let current = headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|tag| {
            let tag = tag.trim();
            tag == "*" || weak(tag) == weak(&item.etag)
        });
    let mut response = if current {
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

/// An entity tag without its weakness mark (`If-None-Match` compares weakly).
fn weak(tag: &str) -> &str {
    tag.strip_prefix("W/").unwrap_or(tag)
}

/// [`cached`] for the fixed JSON answers of the API.
pub fn cached_json(item: &ETagged, headers: &HeaderMap) -> Response {
    cached(item, headers, FIXED_MAX_AGE)
}

/// Largest error body rewritten into JSON; anything longer is cut.
const MAX_ERROR_TEXT: usize = 4096;

/// Middleware: every error answer gets a JSON body `{"error": "..."}`.
/// Handlers already answer so; this catches the framework's own plain-text
/// rejections (malformed JSON, wrong content type, body too large, unknown
/// method) and keeps their message.
pub async fn json_errors(request: Request, next: Next) -> Response {
    let response = next.run(request).await;
    let status = response.status();
    if !(status.is_client_error() || status.is_server_error()) {
        return response;
    }
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if is_json {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let text = match axum::body::to_bytes(body, MAX_ERROR_TEXT).await {
        Ok(bytes) => String::from_utf8_lossy(&bytes).trim().to_string(),
        Err(_) => String::new(),
    };
    let message = if text.is_empty() {
        status.canonical_reason().unwrap_or("error").to_string()
    } else {
        text
    };
    parts.headers.remove(header::CONTENT_LENGTH);
    parts.headers.remove(header::CONTENT_TYPE);
    let rewritten = ApiError::new(status, message).into_response();
    let (new_parts, body) = rewritten.into_parts();
    for (name, value) in new_parts.headers.iter() {
        parts.headers.insert(name.clone(), value.clone());
    }
    Response::from_parts(parts, Body::new(body))
}

/// Middleware: POST requests take a token from their client address's
/// bucket; an empty bucket gets 429 with `Retry-After`.
pub async fn rate_limit(State(app): State<AppState>, request: Request, next: Next) -> Response {
    if request.method() == Method::POST {
        let peer = request
            .extensions()
            .get::<ConnectInfo<SocketAddr>>()
            .map(|info| info.0.ip());
        if let Some(ip) = peer {
            if let Err(wait) = app.limiter.check(ip, std::time::Instant::now()) {
                let seconds = wait.as_secs_f64().ceil().max(1.0) as u64;
                let mut response = ApiError::new(
                    StatusCode::TOO_MANY_REQUESTS,
                    format!("too many requests from this address; retry in {seconds} s"),
                )
                .into_response();
                response
                    .headers_mut()
                    .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
                return response;
            }
        }
    }
    next.run(request).await
}
