//! Accepting and serving client connections with hyper, so that slow or
//! idle clients cannot hold the server:
//!
//! - at most `max_connections` are open at once (a semaphore permit per
//!   connection); at the cap the server stops accepting, and new clients
//!   wait in the listening socket's queue while those being served go on;
//! - hyper's header read timeout closes a connection whose request headers
//!   do not arrive in time (it also runs while a kept-alive connection
//!   waits for its next request);
//! - a connection with no request in flight for `idle_timeout` is shut down
//!   gracefully, and dropped if it has not closed one header timeout later.
//!
//! The listener is TCP or a Unix socket ([`crate::listen`]); with TLS
//! ([`crate::tls`]) each connection's handshake runs in its own task, within
//! the header timeout, before hyper sees the connection.
//!
//! The whole-request time limit is a layer of the router
//! ([`crate::router`]). On shutdown the listener closes, every connection
//! finishes its request in flight and closes, and [`serve`] returns once
//! all have (or after [`SHUTDOWN_GRACE`]).

use crate::listen::Listener;
use axum::extract::ConnectInfo;
use axum::Router;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::future::Future;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::sync::{watch, OwnedSemaphorePermit, Semaphore};
use tokio::time::Instant;
use tower::ServiceExt;

/// How long a stopping server waits for requests in flight.
pub const SHUTDOWN_GRACE: std::time::Duration = std::time::Duration::from_secs(10);

/// The limits on client connections.
#[derive(Debug, Clone, Copy)]
pub struct ConnectionLimits {
    /// Time to send a request's headers (see [`crate::Config::header_timeout`]).
    pub header_timeout: Duration,
    /// Time a connection may stay open with no request in flight.
    pub idle_timeout: Duration,
    /// Connections open at once.
    pub max_connections: usize,
}

/// Pause after a failed accept (such as running out of file descriptors),
/// so the loop does not spin while the cause lasts.
const ACCEPT_RETRY: Duration = Duration::from_millis(50);

/// Serves `app` on `listener` (over TLS when `tls` is given) until
/// `shutdown` completes, then lets the open connections finish (for at most
/// [`SHUTDOWN_GRACE`]).
pub async fn serve(
    listener: Listener,
    app: Router,
    limits: ConnectionLimits,
    tls: Option<tokio_rustls::TlsAcceptor>,
    shutdown: impl Future<Output = ()>,
) {
    let cap = limits.max_connections.max(1);
    let permits = Arc::new(Semaphore::new(cap));
    let (stop, stopping) = watch::channel(false);
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .keep_alive(true);
    tokio::pin!(shutdown);
    // Warn once per stretch at the cap, not for every connection accepted
    // while it lasts.
    let mut waited_last = false;
    loop {
        let permit = match permits.clone().try_acquire_owned() {
            Ok(permit) => {
                waited_last = false;
                permit
            }
            Err(_) => {
                if !waited_last {
                    tracing::warn!(
                        max_connections = cap,
                        "connection cap reached; new connections wait"
                    );
                }
                waited_last = true;
                tokio::select! {
                    permit = permits.clone().acquire_owned() => match permit {
                        Ok(permit) => permit,
                        // Closed: never happens, as nothing closes it.
                        Err(_) => break,
                    },
                    () = &mut shutdown => break,
                }
            }
        };
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(err) => {
                    tracing::warn!(%err, "cannot accept a connection");
                    tokio::time::sleep(ACCEPT_RETRY).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let connection = Connection {
            http: http.clone(),
            app: app.clone(),
            peer,
            limits,
            stopping: stopping.clone(),
            _permit: permit,
        };
        match tls.clone() {
            None => {
                tokio::spawn(connection.serve(stream));
            }
            Some(acceptor) => {
                tokio::spawn(async move {
                    // A client that does not finish its handshake in time
                    // is dropped, as one that does not send its headers.
                    let handshake = acceptor.accept(stream);
                    match tokio::time::timeout(limits.header_timeout, handshake).await {
                        Ok(Ok(stream)) => connection.serve(stream).await,
                        Ok(Err(err)) => tracing::debug!(%peer, %err, "TLS handshake failed"),
                        Err(_) => tracing::debug!(%peer, "TLS handshake timed out"),
                    }
                });
            }
        }
    }
    drop(listener);
    stop.send_replace(true);
    // Every connection holds a permit until it ends: all permits back means
    // all connections are closed.
    let cap_u32 = u32::try_from(cap).unwrap_or(u32::MAX);
    let drained = tokio::time::timeout(SHUTDOWN_GRACE, permits.acquire_many(cap_u32))
        .await
        .is_ok();
    if drained {
        tracing::debug!("all connections closed");
    } else {
        tracing::warn!(
            "requests still open {} s after the shutdown signal; closing",
            SHUTDOWN_GRACE.as_secs()
        );
    }
}

/// One accepted connection and what serving it needs.
struct Connection {
    http: http1::Builder,
    app: Router,
    peer: SocketAddr,
    limits: ConnectionLimits,
    stopping: watch::Receiver<bool>,
    /// Held while the connection is open; counts it against the cap.
    _permit: OwnedSemaphorePermit,
}

impl Connection {
    /// Serves requests on `stream` until the client closes it, a time limit
    /// closes it, or the server stops.
    async fn serve<S>(mut self, stream: S)
    where
        S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
    {
        let activity = Arc::new(Activity::new());
        let (app, peer) = (self.app.clone(), self.peer);
        let requests = activity.clone();
        let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
            // The rate limit reads the client's address from here.
            request.extensions_mut().insert(ConnectInfo(peer));
            let in_flight = InFlight::begin(requests.clone());
            let answer = app.clone().oneshot(request);
            async move {
                let answer = answer.await;
                drop(in_flight);
                answer
            }
        });
        let conn = self.http.serve_connection(TokioIo::new(stream), service);
        tokio::pin!(conn);
        // Requests only touch atomics; this task wakes when a deadline
        // passes and then looks at how long the connection has been idle.
        let idle_for = self.limits.idle_timeout;
        let mut check_at = Instant::now() + idle_for;
        let mut closing = false;
        let mut stopped = false;
        loop {
            tokio::select! {
                result = conn.as_mut() => {
                    if let Err(err) = result {
                        tracing::debug!(%peer, %err, "connection closed");
                    }
                    return;
                }
                () = tokio::time::sleep_until(check_at), if !stopped => {
                    let now = Instant::now();
                    if closing {
                        // A graceful shutdown gave it one header timeout.
                        tracing::debug!(%peer, "idle connection did not close; dropping it");
                        return;
                    }
                    match activity.idle_since() {
                        Some(since) if since + idle_for <= now => {
                            tracing::debug!(%peer, "idle connection: closing");
                            conn.as_mut().graceful_shutdown();
                            closing = true;
                            check_at = now + self.limits.header_timeout;
                        }
                        Some(since) => check_at = since + idle_for,
                        None => check_at = now + idle_for,
                    }
                }
                _ = self.stopping.changed(), if !stopped => {
                    // The request in flight, if any, is answered first.
                    conn.as_mut().graceful_shutdown();
                    stopped = true;
                }
            }
        }
    }
}

/// What a connection's requests are doing: how many are in flight, and
/// when the last one ended.
struct Activity {
    opened: Instant,
    in_flight: AtomicUsize,
    /// Microseconds from `opened` to the end of the last request.
    last_done_us: AtomicU64,
}

impl Activity {
    fn new() -> Activity {
        Activity {
            opened: Instant::now(),
            in_flight: AtomicUsize::new(0),
            last_done_us: AtomicU64::new(0),
        }
    }

    /// Since when no request has been in flight; `None` while one is.
    fn idle_since(&self) -> Option<Instant> {
        if self.in_flight.load(Ordering::Acquire) > 0 {
            return None;
        }
        let us = self.last_done_us.load(Ordering::Acquire);
        Some(self.opened + Duration::from_micros(us))
    }
}

/// Counts a request as in flight on its connection while it lives.
struct InFlight(Arc<Activity>);

impl InFlight {
    fn begin(activity: Arc<Activity>) -> InFlight {
        activity.in_flight.fetch_add(1, Ordering::AcqRel);
        InFlight(activity)
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        let activity = &self.0;
        let us = u64::try_from(activity.opened.elapsed().as_micros()).unwrap_or(u64::MAX);
        activity.last_done_us.store(us, Ordering::Release);
        activity.in_flight.fetch_sub(1, Ordering::AcqRel);
    }
}
