//! The server's clock: Unix milliseconds, the system's plus an offset that
//! only tests move ([`Clock::shift`]), so a test can play "yesterday" or
//! "past the grace" without sleeping. Every time the daily puzzles measure
//! comes from here; it is a field of [`crate::Config`], not a flag.

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

/// A clock shared by whoever holds a clone.
#[derive(Clone, Debug, Default)]
pub struct Clock(Arc<AtomicI64>);

impl Clock {
    /// Now, Unix milliseconds.
    pub fn now_ms(&self) -> u64 {
        let system = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as i64);
        (system + self.0.load(Ordering::Relaxed)).max(0) as u64
    }

    /// Moves this clock (and its clones) by `ms`, forward or back.
    pub fn shift(&self, ms: i64) {
        self.0.fetch_add(ms, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::Clock;

    #[test]
    fn a_shift_moves_every_clone() {
        let clock = Clock::default();
        let other = clock.clone();
        let before = clock.now_ms();
        other.shift(86_400_000);
        let after = clock.now_ms();
        assert!(
            (86_400_000..86_500_000).contains(&(after - before)),
            "{}",
            after - before
        );
    }
}
