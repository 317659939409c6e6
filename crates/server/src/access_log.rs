//! The access log: one line per request at `info` under the target
//! [`TARGET`], written when the answer's body has been sent (or dropped, if
//! the client hung up), with the method, the route's path template and the
//! path, the status, the body bytes sent, the latency in µs, the client's
//! address as the rate limit sees it ([`ClientAddr`]), the user agent and a
//! request id, which the answer also carries in [`REQUEST_ID_HEADER`].
//!
//! Its format (text or JSON) and whether it is written at all are the log
//! setup's ([`crate::config::init_tracing`]); with it off the middleware only
//! sets the request id.

use crate::http::ClientAddr;
use axum::body::{Body, Bytes};
use axum::extract::{MatchedPath, Request};
use axum::http::{header, HeaderValue};
use axum::middleware::Next;
use axum::response::Response;
use http_body::{Frame, SizeHint};
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Instant;

/// The tracing target of the access log's lines (a filter of its own in
/// the log setup, independent of `--log`).
pub const TARGET: &str = "gridforge_access";

/// The answer header carrying the request's id, the one its log line has.
pub const REQUEST_ID_HEADER: &str = "x-request-id";

/// Longest user agent logged; the rest is cut.
const MAX_USER_AGENT: usize = 256;

/// A request's id: 64 random bits, written as 16 hex digits. Set by
/// [`access_log`] in the request's extensions (the request's tracing span
/// shows it too).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RequestId(pub u64);

impl std::fmt::Display for RequestId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:016x}", self.0)
    }
}

/// Middleware: gives the request its id, sends the id back as a header,
/// and logs the request once its answer's body is done.
pub async fn access_log(mut request: Request, next: Next) -> Response {
    let started = Instant::now();
    let id = RequestId(rand::random());
    request.extensions_mut().insert(id);
    let line = tracing::enabled!(target: TARGET, tracing::Level::INFO).then(|| Line {
        started,
        id,
        method: request.method().as_str().to_string(),
        route: request
            .extensions()
            .get::<MatchedPath>()
            .map(|p| p.as_str().to_string()),
        path: request.uri().path().to_string(),
        client: request.extensions().get::<ClientAddr>().map(|c| c.0),
        user_agent: request
            .headers()
            .get(header::USER_AGENT)
            .map(|v| user_agent(v.as_bytes())),
        status: 0,
    });
    let mut response = next.run(request).await;
    if let Ok(value) = HeaderValue::from_str(&id.to_string()) {
        response.headers_mut().insert(REQUEST_ID_HEADER, value);
    }
    match line {
        Some(mut line) => {
            line.status = response.status().as_u16();
            response.map(|inner| {
                Body::new(Counted {
                    inner,
                    bytes: 0,
                    line: Some(line),
                })
            })
        }
        None => response,
    }
}

/// A user agent as logged: at most [`MAX_USER_AGENT`] bytes, anything not
/// printable ASCII replaced.
fn user_agent(raw: &[u8]) -> String {
    raw.iter()
        .take(MAX_USER_AGENT)
        .map(|&b| {
            if (0x20..0x7f).contains(&b) {
                b as char
            } else {
                '\u{fffd}'
            }
        })
        .collect()
}

/// What a request's line says, but the bytes and the latency, known when
/// the body is done.
struct Line {
    started: Instant,
    id: RequestId,
    method: String,
    route: Option<String>,
    path: String,
    client: Option<std::net::IpAddr>,
    user_agent: Option<String>,
    status: u16,
}

impl Line {
    /// Writes the line: `complete` is false when the body was dropped
    /// before its end (the client hung up).
    fn write(self, bytes: u64, complete: bool) {
        let latency_us = u64::try_from(self.started.elapsed().as_micros()).unwrap_or(u64::MAX);
        let client = self
            .client
            .map_or_else(|| "-".to_string(), |ip| ip.to_string());
        tracing::info!(
            target: TARGET,
            method = self.method.as_str(),
            route = self.route.as_deref().unwrap_or("-"),
            path = self.path.as_str(),
            status = self.status,
            bytes,
            latency_us,
            client = client.as_str(),
            user_agent = self.user_agent.as_deref().unwrap_or("-"),
            request_id = %self.id,
            complete,
            "request"
        );
    }
}

/// An answer body that counts the bytes sent and writes the request's line
/// when it ends or is dropped.
struct Counted {
    inner: Body,
    bytes: u64,
    line: Option<Line>,
}

impl http_body::Body for Counted {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        let this = self.get_mut();
        let polled = Pin::new(&mut this.inner).poll_frame(cx);
        match &polled {
            Poll::Ready(Some(Ok(frame))) => {
                if let Some(data) = frame.data_ref() {
                    this.bytes += data.len() as u64;
                }
            }
            Poll::Ready(None) => {
                if let Some(line) = this.line.take() {
                    line.write(this.bytes, true);
                }
            }
            _ => {}
        }
        polled
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

impl Drop for Counted {
    fn drop(&mut self) {
        // An empty body may never be polled: it is complete all the same.
        if let Some(line) = self.line.take() {
            line.write(self.bytes, http_body::Body::is_end_stream(&self.inner));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn user_agents_are_cut_and_kept_printable() {
        assert_eq!(user_agent(b"curl/8.1"), "curl/8.1");
        assert_eq!(user_agent(b"a\tb\xffc"), "a\u{fffd}b\u{fffd}c");
        let long = vec![b'x'; 1000];
        assert_eq!(user_agent(&long).len(), MAX_USER_AGENT);
    }

    #[test]
    fn request_ids_are_sixteen_hex_digits() {
        assert_eq!(RequestId(0xab).to_string(), "00000000000000ab");
        assert_eq!(RequestId(u64::MAX).to_string(), "ffffffffffffffff");
    }
}
