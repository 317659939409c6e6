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

    /// Sets this clock (and its clones) to the system's plus `ms`.
    pub fn set_offset(&self, ms: i64) {
        self.0.store(ms, Ordering::Relaxed);
    }

    /// Follows the offset written in the file at `path` (ms, a decimal
    /// integer; a missing or unreadable file leaves the clock as it is),
    /// read again every `every`, on a thread of its own for the life of the
    /// process: how the browser tests move a running server's day
    /// (`gridforge serve --test-clock-file`, a hidden flag).
    pub fn follow_file(&self, path: std::path::PathBuf, every: std::time::Duration) {
        tracing::warn!(file = %path.display(), "the server's clock follows a test clock file");
        let clock = self.clone();
        std::thread::spawn(move || loop {
            if let Some(ms) = std::fs::read_to_string(&path)
                .ok()
                .and_then(|text| text.trim().parse::<i64>().ok())
            {
                clock.set_offset(ms);
            }
            std::thread::sleep(every);
        });
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

    #[test]
    fn a_followed_file_sets_the_offset() {
        let dir = std::env::temp_dir().join(format!("gridforge-clock-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("offset");
        let clock = Clock::default();
        let before = clock.now_ms();
        clock.follow_file(file.clone(), std::time::Duration::from_millis(5));
        std::fs::write(&file, "-172800000\n").unwrap();
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
        while clock.now_ms() + 86_400_000 > before && std::time::Instant::now() < deadline {
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        let behind = before as i64 - clock.now_ms() as i64;
        assert!((172_700_000..172_900_000).contains(&behind), "{behind}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
