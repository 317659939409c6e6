//! HTTP middleware around every route: the whole body read first (at most
//! [`MAX_BODY_BYTES`]), JSON error bodies for every 4xx and 5xx, the
//! client's address (behind trusted proxies), the rate limit on writes, and
//! the security headers.

use crate::error::ApiError;
use crate::state::AppState;
use axum::body::Body;
use axum::extract::{ConnectInfo, Request, State};
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use ipnet::IpNet;
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

/// The client behind `peer`: `X-Forwarded-For` (all its headers, in order,
/// as one comma-separated list) is read from the right only while the hop
/// that added an entry is trusted. The first address not in `trusted` is
/// the client; if every hop is trusted, the leftmost. An entry that is not
/// an address stops the walk at the last trusted hop, and an untrusted peer's
/// header is ignored, so a client cannot choose its own address.
pub fn client_ip<'a>(
    peer: IpAddr,
    forwarded_for: impl DoubleEndedIterator<Item = &'a str>,
    trusted: &[IpNet],
) -> IpAddr {
    let is_trusted = |ip: &IpAddr| trusted.iter().any(|net| net.contains(&canonical(*ip)));
    let mut client = peer;
    if !is_trusted(&client) {
        return client;
    }
    let hops: Vec<&str> = forwarded_for
        .flat_map(|value| value.split(','))
        .map(str::trim)
        .filter(|hop| !hop.is_empty())
        .collect();
    for hop in hops.iter().rev() {
        let Some(ip) = parse_hop(hop) else {
            break;
        };
        client = ip;
        if !is_trusted(&ip) {
            break;
        }
    }
    client
}

/// An IPv4 address mapped into IPv6 (`::ffff:a.b.c.d`) as the IPv4 one.
pub(crate) fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        v4 => v4,
    }
}

/// One `X-Forwarded-For` entry: an address, perhaps with a port
/// (`1.2.3.4:5678`, `[::1]:5678`).
fn parse_hop(hop: &str) -> Option<IpAddr> {
    if let Ok(ip) = hop.parse::<IpAddr>() {
        return Some(canonical(ip));
    }
    hop.parse::<SocketAddr>().ok().map(|a| canonical(a.ip()))
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
/// nothing from many networks, nor a network from many accounts); over
/// either, 429 with `Retry-After`.
pub async fn rate_limit(State(app): State<AppState>, request: Request, next: Next) -> Response {
    if request.method() == Method::POST {
        let client = request.extensions().get::<crate::limits::Client>().copied();
        if let Some(client) = client {
            let mut checked = app
                .limiter
                .check(client.network)
                .map_err(|w| (w, "network"));
            if checked.is_ok() {
                if let Some(account) = crate::limits::account_key(&app, request.headers()).await {
                    checked = app.limiter.check(account).map_err(|w| (w, "account"));
                }
            }
            if let Err((wait, by)) = checked {
                metrics::counter!("gridforge_rate_limited_total", "by" => by).increment(1);
                let seconds = wait.as_secs_f64().ceil().max(1.0) as u64;
                let mut response = ApiError::new(
                    StatusCode::TOO_MANY_REQUESTS,
                    format!("too many requests from this {by}; retry in {seconds} s"),
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

/// The Content-Security-Policy of every answer: scripts, styles and
/// everything else only from this server (no inline script or style, no
/// `eval`), images also as `data:` URLs (saved Kakuro thumbnails), and no
/// page may frame the client.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; \
manifest-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'none'; \
form-action 'self'; frame-ancestors 'none'";

/// Middleware: the security headers on every answer (the web client's pages
/// and the API alike): the policy above, `nosniff`, no referrer sent to
/// other sites, and no framing for browsers that predate `frame-ancestors`.
pub async fn security_headers(request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    let h = response.headers_mut();
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CONTENT_SECURITY_POLICY),
    );
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

#[cfg(test)]
mod tests {
    use super::*;

    fn nets(list: &[&str]) -> Vec<IpNet> {
        list.iter().map(|n| n.parse().unwrap()).collect()
    }

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn forwarded_for_only_from_trusted_peers() {
        let trusted = nets(&["10.0.0.0/8", "::1/128"]);
        // An untrusted peer's header is ignored.
        assert_eq!(
            client_ip(ip("203.0.113.9"), ["1.2.3.4"].into_iter(), &trusted),
            ip("203.0.113.9")
        );
        // A trusted peer: the entry it added.
        assert_eq!(
            client_ip(ip("10.1.1.1"), ["1.2.3.4"].into_iter(), &trusted),
            ip("1.2.3.4")
        );
        // A chain of proxies: the first untrusted hop from the right, not the
        // spoofed leftmost entry.
        assert_eq!(
            client_ip(
                ip("10.1.1.1"),
                ["6.6.6.6, 1.2.3.4", "10.2.2.2"].into_iter(),
                &trusted
            ),
            ip("1.2.3.4")
        );
        // No header: the peer.
        assert_eq!(
            client_ip(ip("10.1.1.1"), std::iter::empty(), &trusted),
            ip("10.1.1.1")
        );
        // Garbage stops the walk at the last trusted hop.
        assert_eq!(
            client_ip(ip("10.1.1.1"), ["1.2.3.4, junk"].into_iter(), &trusted),
            ip("10.1.1.1")
        );
        // Ports and IPv6, and IPv4-mapped peers.
        assert_eq!(
            client_ip(ip("::1"), ["[2001:db8::1]:443"].into_iter(), &trusted),
            ip("2001:db8::1")
        );
        assert_eq!(
            client_ip(ip("::ffff:10.0.0.5"), ["5.6.7.8:99"].into_iter(), &trusted),
            ip("5.6.7.8")
        );
        // Nothing trusted: always the peer.
        assert_eq!(
            client_ip(ip("10.1.1.1"), ["1.2.3.4"].into_iter(), &[]),
            ip("10.1.1.1")
        );
    }
}
