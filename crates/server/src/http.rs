//! HTTP middleware around every route: the whole body read first (at most
//! [`MAX_BODY_BYTES`]), JSON error bodies for every 4xx and 5xx, the
//! client's address (behind trusted proxies), the rate limits on writes and
//! reads, the compute meter of the expensive routes ([`metered`]), and the
//! security headers.

use crate::error::ApiError;
use crate::state::AppState;
use axum::body::Body;
use axum::extract::{ConnectInfo, Request, State};
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::net::{IpAddr, SocketAddr};

/// Largest request body accepted (except [`SYNC_PATH`]); larger ones get 413.
pub const MAX_BODY_BYTES: usize = 64 * 1024;
/// The progress sync route (issue 43), which carries a whole progress document.
pub const SYNC_PATH: &str = "/api/sync";
/// Largest request body [`SYNC_PATH`] accepts.
pub const SYNC_MAX_BODY_BYTES: usize = 256 * 1024;

/// Reads a request's whole body (at most `MAX_BODY_BYTES`) before anything
/// answers it. A handler that takes no body (`/start`) or an early refusal
/// (429) would otherwise answer with part of the body still unread; the
/// connection then closes under a client that is still sending, which sees
/// a broken pipe instead of the answer.
pub async fn read_whole_body(request: Request, next: Next) -> Response {
    let (parts, body) = request.into_parts();
    // Progress sync carries a whole progress document: its own cap.
    let limit = if parts.uri.path() == SYNC_PATH {
        SYNC_MAX_BODY_BYTES
    } else {
        MAX_BODY_BYTES
    };
    match axum::body::to_bytes(body, limit).await {
        Ok(bytes) => {
            next.run(Request::from_parts(parts, Body::from(bytes)))
                .await
        }
        Err(_) => ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("request body larger than {limit} bytes or cut off"),
        )
        .into_response(),
    }
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

/// The address of the client a request comes from: the peer, or, when the
/// peer is a trusted proxy, the address it names in `X-Forwarded-For`.
/// Set by [`client_addr`]; the rate limit and the request logs use it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClientAddr(pub IpAddr);

/// The account of a request's session cookie, if it has a live one, as a
/// limit key: kept a minute ([`crate::limits::AccountKeys`]), so a request
/// without a cookie, or with one seen lately, costs no database read; a
/// cookie that names no session, or a database that does not answer,
/// counts as signed out: the network's limit still holds.
async fn account_key(
    app: &AppState,
    headers: &axum::http::HeaderMap,
) -> Option<crate::limits::ClientKey> {
    let token = crate::session_cookie::token_of(headers)?;
    let hash = crate::session_cookie::hash_of(token);
    let seen = std::time::Instant::now();
    if let Some(account) = app.account_keys.get(&hash, seen) {
        return Some(crate::limits::ClientKey::Account(account));
    }
    let now = app.clock.now_ms() as i64;
    match crate::accounts::session::session_account(app, &hash, now).await {
        Ok(Some(account)) => {
            app.account_keys.keep(hash, account.id, seen);
            Some(crate::limits::ClientKey::Account(account.id))
        }
        Ok(None) | Err(_) => None,
    }
}

/// The account a request's session cookie names, as found by
/// [`rate_limit`] (a POST's) or [`metered`], so it is read once.
#[derive(Debug, Clone, Copy)]
struct AccountOf(Option<crate::limits::ClientKey>);

/// The account of `request` as a limit key: from [`AccountOf`] if found
/// already, else read (and kept).
async fn account_of(app: &AppState, request: &mut Request) -> Option<crate::limits::ClientKey> {
    if let Some(found) = request.extensions().get::<AccountOf>() {
        return found.0;
    }
    let account = account_key(app, request.headers()).await;
    request.extensions_mut().insert(AccountOf(account));
    account
}

/// Middleware on the routes that may run a generator or solver
/// (issue 39): every compute run inside the handler is checked against and
/// charged to the client's network and, signed in, its account
/// ([`crate::limits::Meter`]: the compute budget, the queue, the deadline).
/// With `claim`, the expensive routes (generate, fill, solve, hint,
/// candidates, a ChessMemory setup) also hold the client's one expensive
/// request in flight for the whole request: a second gets 429 at once.
/// Other metered routes (an archive day made on request) claim it only
/// while their generator runs. Every refusal is counted in
/// `gridforge_refused_total{route,reason}`.
pub async fn metered(app: AppState, claim: bool, mut request: Request, next: Next) -> Response {
    let route = request
        .extensions()
        .get::<axum::extract::MatchedPath>()
        .map_or_else(String::new, |p| p.as_str().to_owned());
    let Some(client) = request.extensions().get::<crate::limits::Client>().copied() else {
        return next.run(request).await;
    };
    let mut keys = vec![client.network];
    keys.extend(account_of(&app, &mut request).await);
    let _claim = if claim {
        match app.compute.claim(&keys) {
            Some(held) => Some(held),
            None => {
                refused(&route, crate::limits::refusal::IN_FLIGHT);
                return crate::limits::in_flight().into_response();
            }
        }
    } else {
        None
    };
    let meter = crate::limits::Meter {
        keys,
        claimed: claim,
    };
    let response = meter.scope(next.run(request)).await;
    if let Some(crate::error::Refusal(reason)) = response.extensions().get() {
        refused(&route, reason);
    }
    response
}

/// [`metered`] holding the client's one expensive request in flight: the
/// generator and solver routes.
pub async fn expensive(State(app): State<AppState>, request: Request, next: Next) -> Response {
    metered(app, true, request, next).await
}

/// [`metered`] without the claim: routes that may run a generator (an
/// archive day made on request).
pub async fn metered_compute(
    State(app): State<AppState>,
    request: Request,
    next: Next,
) -> Response {
    metered(app, false, request, next).await
}

/// Counts a refusal of an expensive request.
fn refused(route: &str, reason: &'static str) {
    metrics::counter!("gridforge_refused_total", "route" => route.to_owned(), "reason" => reason)
        .increment(1);
}

/// Middleware: finds who the request comes from ([`crate::limits::client_of`]:
/// the client's address, behind trusted proxies the one `X-Forwarded-For`
/// names, and its network) and puts it in the request as [`ClientAddr`]
/// and [`crate::limits::Client`].
pub async fn client_addr(
    State(app): State<AppState>,
    mut request: Request,
    next: Next,
) -> Response {
    let peer = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|info| info.0.ip());
    if let Some(peer) = peer {
        let client = crate::limits::client_of(
            peer,
            request.headers(),
            &app.trusted_proxies,
            app.ipv6_prefix,
        );
        request.extensions_mut().insert(ClientAddr(client.addr));
        request.extensions_mut().insert(client);
    }
    next.run(request).await
}

/// Middleware: POST requests take a cell from their client network's limit
/// and, signed in, from their account's as well (so an account gains
/// nothing from many networks, nor a network from many accounts); reads
/// (GET, HEAD) take a cell from their network's far more generous read
/// limit. Over either, 429 with `Retry-After`.
pub async fn rate_limit(State(app): State<AppState>, mut request: Request, next: Next) -> Response {
    let client = request.extensions().get::<crate::limits::Client>().copied();
    if let Some(client) = client {
        let checked = if request.method() == Method::POST {
            let mut checked = app
                .limiter
                .check(client.network)
                .map_err(|w| (w, "network"));
            if checked.is_ok() && app.limiter.enabled() {
                if let Some(account) = account_of(&app, &mut request).await {
                    checked = app.limiter.check(account).map_err(|w| (w, "account"));
                }
            }
            checked
        } else if request.method() == Method::GET || request.method() == Method::HEAD {
            app.read_limiter
                .check(client.network)
                .map_err(|w| (w, "network_reads"))
        } else {
            Ok(())
        };
        if let Err((wait, by)) = checked {
            metrics::counter!("gridforge_rate_limited_total", "by" => by).increment(1);
            let seconds = crate::limits::retry_seconds(wait);
            let what = if by == "account" {
                "account"
            } else {
                "network"
            };
            let mut response = ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                format!("too many requests from this {what}; retry in {seconds} s"),
            )
            .into_response();
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
            return response;
        }
    }
    next.run(request).await
}

/// The Content-Security-Policy of every answer: scripts, styles and
/// everything else only from this server (no inline script or style, no
/// `eval`), images also as `data:` URLs (saved Kakuro thumbnails), and no
/// page may frame the client.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; \
manifest-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'none'; \
form-action 'self'; frame-ancestors 'none'";

/// Middleware: the security headers on every answer (the web client's pages
/// and the API alike): the policy above (unless the answer set its own, as
/// the manual's pages do), `nosniff`, no referrer sent to
/// other sites, and no framing for browsers that predate `frame-ancestors`.
pub async fn security_headers(request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    let h = response.headers_mut();
    // The manual's pages set a policy of their own (`crate::docs`): the
    // same one with their inline scripts named by hash.
    if !h.contains_key(header::CONTENT_SECURITY_POLICY) {
        h.insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CONTENT_SECURITY_POLICY),
        );
    }
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    response
}
