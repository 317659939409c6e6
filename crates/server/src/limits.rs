//! Protection against abuse and overload: a per-address rate limit for write
//! requests and a bounded pool of slots for generator and solver runs.
//!
//! The rate limit is the `governor` crate's keyed GCRA limiter (a sharded
//! concurrent map, one atomic state per address) rather than a token bucket
//! of our own behind one mutex: the same behaviour (a burst, then a steady
//! rate), maintained elsewhere, and no global lock on the request path.

use crate::error::ApiError;
use governor::clock::{Clock, DefaultClock};
use governor::middleware::NoOpMiddleware;
use governor::state::keyed::DefaultKeyedStateStore;
use governor::Quota;
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;

/// The keyed limiter behind [`RateLimiter`].
type Keyed<C> = governor::RateLimiter<
    IpAddr,
    DefaultKeyedStateStore<IpAddr>,
    C,
    NoOpMiddleware<<C as Clock>::Instant>,
>;

/// A rate limit per client address: each write request takes a cell, cells
/// come back at `per_second`, at most `burst` are saved up.
pub struct RateLimiter<C: Clock = DefaultClock> {
    keyed: Option<Keyed<C>>,
    clock: C,
    checks: AtomicU64,
}

impl<C: Clock> std::fmt::Debug for RateLimiter<C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RateLimiter")
            .field("enabled", &self.keyed.is_some())
            .finish()
    }
}

/// Every this many checks, addresses whose limit is back to a full burst
/// are forgotten.
const PRUNE_EVERY: u64 = 8192;

impl RateLimiter<DefaultClock> {
    /// A limiter; `per_second <= 0` lets everything through.
    pub fn new(per_second: f64, burst: u32) -> RateLimiter {
        RateLimiter::with_clock(per_second, burst, DefaultClock::default())
    }
}

impl<C: Clock + Clone> RateLimiter<C> {
    /// A limiter reading time from `clock` (a fake clock in tests).
    pub fn with_clock(per_second: f64, burst: u32, clock: C) -> RateLimiter<C> {
        let quota = (per_second > 0.0 && per_second.is_finite())
            .then(|| Quota::with_period(Duration::from_secs_f64(1.0 / per_second)))
            .flatten()
            .map(|q| q.allow_burst(NonZeroU32::new(burst.max(1)).unwrap_or(NonZeroU32::MIN)));
        RateLimiter {
            keyed: quota.map(|q| governor::RateLimiter::dashmap_with_clock(q, clock.clone())),
            clock,
            checks: AtomicU64::new(0),
        }
    }

    /// Takes a cell for `addr`; on refusal, how long until the next one.
    pub fn check(&self, addr: IpAddr) -> Result<(), Duration> {
        let Some(keyed) = &self.keyed else {
            return Ok(());
        };
        if self.checks.fetch_add(1, Ordering::Relaxed) % PRUNE_EVERY == PRUNE_EVERY - 1 {
            keyed.retain_recent();
            keyed.shrink_to_fit();
        }
        keyed
            .check_key(&addr)
            .map_err(|not_until| not_until.wait_time_from(self.clock.now()))
    }
}

/// Slots for CPU-heavy work (generators, solvers): at most `slots` run at
/// once, each on a blocking thread, so the async threads keep serving.
/// One more slot, [`Compute::run_reserved`], is the daily puzzles' own:
/// client work never takes it, so however busy the client slots are, the
/// day's puzzles can still be made.
#[derive(Debug, Clone)]
pub struct Compute {
    slots: Arc<Semaphore>,
    reserved: Arc<Semaphore>,
    total: usize,
    wait: Duration,
}

impl Compute {
    /// `slots` runs at once; a request waits up to `wait` for a slot.
    pub fn new(slots: usize, wait: Duration) -> Compute {
        Compute {
            slots: Arc::new(Semaphore::new(slots.max(1))),
            reserved: Arc::new(Semaphore::new(1)),
            total: slots.max(1),
            wait,
        }
    }

    /// Slots in all.
    pub fn total(&self) -> usize {
        self.total
    }

    /// Slots running work now.
    pub fn busy(&self) -> usize {
        self.total.saturating_sub(self.slots.available_permits())
    }

    /// Runs `work` on a blocking thread once a slot is free; 503 if none
    /// frees up in time.
    pub async fn run<T, F>(&self, work: F) -> Result<T, ApiError>
    where
        F: FnOnce() -> T + Send + 'static,
        T: Send + 'static,
    {
        let permit = tokio::time::timeout(self.wait, self.slots.clone().acquire_owned())
            .await
            .map_err(|_| ApiError::busy("the server is busy generating; try again shortly"))?
            .map_err(|e| ApiError::internal("compute slots closed", &e))?;
        Self::on_blocking_thread(permit, work).await
    }

    /// Runs `work` in the reserved slot (the daily puzzles'), waiting as
    /// long as it takes: only daily generation queues here, one at a time.
    pub async fn run_reserved<T, F>(&self, work: F) -> Result<T, ApiError>
    where
        F: FnOnce() -> T + Send + 'static,
        T: Send + 'static,
    {
        let permit = self
            .reserved
            .clone()
            .acquire_owned()
            .await
            .map_err(|e| ApiError::internal("the reserved compute slot closed", &e))?;
        Self::on_blocking_thread(permit, work).await
    }

    async fn on_blocking_thread<T, F>(
        permit: tokio::sync::OwnedSemaphorePermit,
        work: F,
    ) -> Result<T, ApiError>
    where
        F: FnOnce() -> T + Send + 'static,
        T: Send + 'static,
    {
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            work()
        })
        .await
        .map_err(|e| ApiError::internal("compute task failed", &e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limit_allows_a_burst_then_the_rate() {
        let clock = governor::clock::FakeRelativeClock::default();
        let limiter = RateLimiter::with_clock(2.0, 3, clock.clone());
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        for _ in 0..3 {
            assert!(limiter.check(a).is_ok());
        }
        let wait = limiter.check(a).unwrap_err();
        assert!(
            wait > Duration::from_millis(400) && wait <= Duration::from_millis(500),
            "{wait:?}"
        );
        // Another address has its own limit.
        assert!(limiter.check(b).is_ok());
        // Half a second later one cell is back, and only one.
        clock.advance(Duration::from_millis(500));
        assert!(limiter.check(a).is_ok());
        assert!(limiter.check(a).is_err());
    }

    #[test]
    fn zero_rate_means_no_limit() {
        let limiter = RateLimiter::new(0.0, 1);
        let a: IpAddr = "::1".parse().unwrap();
        for _ in 0..1000 {
            assert!(limiter.check(a).is_ok());
        }
    }

    #[tokio::test]
    async fn compute_runs_work_and_bounds_concurrency() {
        let compute = Compute::new(1, Duration::from_millis(50));
        assert_eq!(compute.run(|| 6 * 7).await, Ok(42));
        assert_eq!((compute.busy(), compute.total()), (0, 1));
        // Hold the only slot: a second request waits, then gets 503.
        let held = compute.slots.clone().acquire_owned().await.unwrap();
        assert_eq!(compute.busy(), 1);
        let err = compute.run(|| ()).await.unwrap_err();
        assert_eq!(err.status, axum::http::StatusCode::SERVICE_UNAVAILABLE);
        // The reserved slot still runs work while every client slot is held.
        assert_eq!(compute.run_reserved(|| 7).await, Ok(7));
        drop(held);
        assert_eq!(compute.run(|| 1).await, Ok(1));
    }
}
