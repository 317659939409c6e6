//! A circuit breaker in front of the routes that use the database, so that
//! an outage costs clients a quick JSON 503 instead of a wait.
//!
//! When the database is gone (PostgreSQL stopped, connections refused or
//! lost), a request that needs it waits for a connection for up to
//! [`crate::storage::ACQUIRE_TIMEOUT`] before it fails. Once one such
//! failure is seen, the breaker opens: from then on one request at a time
//! (the probe) goes through to the database, and every other request on
//! these routes is answered 503 at once. The first probe that succeeds
//! closes the breaker, so the server recovers by itself, as soon as the
//! database is back and a request comes.

use crate::error::{ApiError, DatabaseDown};
use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// The breaker's state; see the module documentation.
#[derive(Debug, Default)]
pub struct Breaker {
    open: AtomicBool,
    probing: AtomicBool,
}

/// What the breaker lets a request do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Admission {
    /// The database is believed up.
    Pass,
    /// The database is believed down; this request tries it.
    Probe,
    /// The database is believed down and another request is trying it.
    Refuse,
}

impl Breaker {
    /// Whether the breaker is open (the database is believed down).
    pub fn is_open(&self) -> bool {
        self.open.load(Ordering::Acquire)
    }

    fn admit(&self) -> Admission {
        if !self.is_open() {
            Admission::Pass
        } else if self
            .probing
            .compare_exchange(false, true, Ordering::AcqRel, Ordering::Acquire)
            .is_ok()
        {
            Admission::Probe
        } else {
            Admission::Refuse
        }
    }

    fn record(&self, admission: Admission, database_down: bool) {
        if database_down {
            if !self.open.swap(true, Ordering::AcqRel) {
                tracing::warn!("the database is unavailable: answering 503 until it is back");
            }
        } else if admission == Admission::Probe && self.open.swap(false, Ordering::AcqRel) {
            tracing::info!("the database is back");
        }
        if admission == Admission::Probe {
            self.probing.store(false, Ordering::Release);
        }
    }
}

/// Middleware on each route that uses the database (its state is the
/// server's one breaker).
pub async fn guard(State(breaker): State<Arc<Breaker>>, request: Request, next: Next) -> Response {
    let admission = breaker.admit();
    if admission == Admission::Refuse {
        let mut response =
            ApiError::busy("the database is unavailable; try again shortly").into_response();
        response
            .headers_mut()
            .insert(axum::http::header::RETRY_AFTER, 1.into());
        return response;
    }
    // Clears the probe flag even if the request is dropped mid-way (a
    // client hanging up, the request timeout).
    struct Done<'a>(&'a Breaker, Admission, bool);
    impl Drop for Done<'_> {
        fn drop(&mut self) {
            self.0.record(self.1, self.2);
        }
    }
    let mut done = Done(&breaker, admission, false);
    let response = next.run(request).await;
    done.2 = response.extensions().get::<DatabaseDown>().is_some();
    drop(done);
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_probe_at_a_time_while_open() {
        let breaker = Breaker::default();
        assert_eq!(breaker.admit(), Admission::Pass);
        breaker.record(Admission::Pass, true);
        assert!(breaker.is_open());
        let probe = breaker.admit();
        assert_eq!(probe, Admission::Probe);
        assert_eq!(breaker.admit(), Admission::Refuse);
        // The probe fails: still open, and the next request probes.
        breaker.record(probe, true);
        assert!(breaker.is_open());
        let probe = breaker.admit();
        assert_eq!(probe, Admission::Probe);
        // It succeeds: closed.
        breaker.record(probe, false);
        assert!(!breaker.is_open());
        assert_eq!(breaker.admit(), Admission::Pass);
        // A request let through before the outage that ends well does not
        // close a breaker another request opened meanwhile.
        breaker.record(Admission::Pass, true);
        breaker.record(Admission::Pass, false);
        assert!(breaker.is_open());
    }
}
