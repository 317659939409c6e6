//! Protection against abuse and overload: a per-address rate limit for write
//! requests and a bounded pool of slots for generator and solver runs.

use crate::error::ApiError;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::Semaphore;

/// A token bucket per client address: each write request takes a token,
/// tokens come back at `per_second`, at most `burst` are saved up.
#[derive(Debug)]
pub struct RateLimiter {
    per_second: f64,
    burst: f64,
    buckets: Mutex<HashMap<IpAddr, Bucket>>,
}

#[derive(Debug, Clone, Copy)]
struct Bucket {
    tokens: f64,
    updated: Instant,
}

/// Addresses tracked before idle (full) buckets are dropped.
const PRUNE_AT: usize = 10_000;

impl RateLimiter {
    /// A limiter; `per_second <= 0` lets everything through.
    pub fn new(per_second: f64, burst: u32) -> RateLimiter {
        RateLimiter {
            per_second,
            burst: f64::from(burst.max(1)),
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Takes a token for `addr` at time `now`; on refusal, how long until
    /// the next token.
    pub fn check(&self, addr: IpAddr, now: Instant) -> Result<(), Duration> {
        if self.per_second <= 0.0 {
            return Ok(());
        }
        let mut buckets = self.buckets.lock().unwrap_or_else(|p| p.into_inner());
        if buckets.len() >= PRUNE_AT {
            let (rate, burst) = (self.per_second, self.burst);
            buckets.retain(|_, b| {
                b.tokens + now.duration_since(b.updated).as_secs_f64() * rate < burst
            });
        }
        let bucket = buckets.entry(addr).or_insert(Bucket {
            tokens: self.burst,
            updated: now,
        });
        let refill = now.duration_since(bucket.updated).as_secs_f64() * self.per_second;
        bucket.tokens = (bucket.tokens + refill).min(self.burst);
        bucket.updated = now;
        if bucket.tokens >= 1.0 {
            bucket.tokens -= 1.0;
            Ok(())
        } else {
            Err(Duration::from_secs_f64(
                (1.0 - bucket.tokens) / self.per_second,
            ))
        }
    }
}

/// Slots for CPU-heavy work (generators, solvers): at most `slots` run at
/// once, each on a blocking thread, so the async threads keep serving.
#[derive(Debug, Clone)]
pub struct Compute {
    slots: Arc<Semaphore>,
    wait: Duration,
}

impl Compute {
    /// `slots` runs at once; a request waits up to `wait` for a slot.
    pub fn new(slots: usize, wait: Duration) -> Compute {
        Compute {
            slots: Arc::new(Semaphore::new(slots.max(1))),
            wait,
        }
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
    fn bucket_allows_a_burst_then_the_rate() {
        let limiter = RateLimiter::new(2.0, 3);
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        let t0 = Instant::now();
        for _ in 0..3 {
            assert!(limiter.check(a, t0).is_ok());
        }
        let wait = limiter.check(a, t0).unwrap_err();
        assert!(wait > Duration::from_millis(400) && wait <= Duration::from_millis(500));
        // Another address has its own bucket.
        assert!(limiter.check(b, t0).is_ok());
        // Half a second later one token is back, and only one.
        let t1 = t0 + Duration::from_millis(500);
        assert!(limiter.check(a, t1).is_ok());
        assert!(limiter.check(a, t1).is_err());
    }

    #[test]
    fn zero_rate_means_no_limit() {
        let limiter = RateLimiter::new(0.0, 1);
        let a: IpAddr = "::1".parse().unwrap();
        let now = Instant::now();
        for _ in 0..1000 {
            assert!(limiter.check(a, now).is_ok());
        }
    }

    #[tokio::test]
    async fn compute_runs_work_and_bounds_concurrency() {
        let compute = Compute::new(1, Duration::from_millis(50));
        assert_eq!(compute.run(|| 6 * 7).await, Ok(42));
        // Hold the only slot: a second request waits, then gets 503.
        let held = compute.slots.clone().acquire_owned().await.unwrap();
        let err = compute.run(|| ()).await.unwrap_err();
        assert_eq!(err.status, axum::http::StatusCode::SERVICE_UNAVAILABLE);
        drop(held);
        assert_eq!(compute.run(|| 1).await, Ok(1));
    }
}
