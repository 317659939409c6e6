//! The flags of `gridforge serve` that keep one client from starving the
//! others (issue 39): the dailies made ahead of time, the limits by
//! network, the compute budget and queue, the read limit, storage pruned.
//! Flattened into
//! [`super::serve::Args`].

use gridforge_server::config::{
    DEFAULT_ABANDONED_AFTER, DEFAULT_COMPUTE_BUDGET, DEFAULT_COMPUTE_DEADLINE,
    DEFAULT_COMPUTE_WINDOW, DEFAULT_DAILIES_EVERY, DEFAULT_PRUNE_EVERY, DEFAULT_READ_RATE_BURST,
    DEFAULT_READ_RATE_PER_SECOND, DEFAULT_UNCOUNTED_PER_DAILY,
};
use gridforge_server::Config;
use std::time::Duration;

/// Fair-use flags; each can also come from the environment.
#[derive(clap::Args, Debug)]
pub struct FairUseArgs {
    /// Seconds between two looks of the background task that makes today's
    /// and tomorrow's dailies (and one missing archive day per look) before
    /// anyone asks for them, in a compute slot of their own.
    #[arg(long, env = "GRIDFORGE_DAILIES_EVERY", value_name = "SECONDS",
          default_value_t = DEFAULT_DAILIES_EVERY.as_secs_f64(), value_parser = super::serve::seconds)]
    dailies_every: f64,
    /// Past days whose dailies the background task makes (newest first);
    /// older archive days are made on first request. 0: today and tomorrow
    /// only.
    #[arg(long, env = "GRIDFORGE_DAILIES_ARCHIVE_DAYS", value_name = "DAYS",
          default_value_t = gridforge_server::dailies::ARCHIVE_DAYS,
          value_parser = clap::value_parser!(i64).range(0..=gridforge_server::dailies::ARCHIVE_DAYS))]
    dailies_archive_days: i64,
    /// Bits of an IPv6 client's prefix that count as one network for the
    /// rate limits (an IPv4 client counts by its address): 64 gives a /64,
    /// what one household or host is given; 56 a /56.
    #[arg(long, env = "GRIDFORGE_IPV6_PREFIX", value_name = "BITS",
          default_value_t = gridforge_server::limits::DEFAULT_IPV6_PREFIX,
          value_parser = clap::value_parser!(u8).range(16..=128))]
    ipv6_prefix: u8,
    /// Compute time (seconds a generator or solver holds a compute slot)
    /// one client network, and one signed-in account, may spend per
    /// --compute-window; past it, its generator and solver requests (and
    /// archive days made on request) get 429 with Retry-After until enough
    /// has come back. 0 turns the budget off.
    #[arg(long, env = "GRIDFORGE_COMPUTE_BUDGET", value_name = "SECONDS",
          default_value_t = DEFAULT_COMPUTE_BUDGET.as_secs_f64(), value_parser = seconds_or_zero)]
    compute_budget: f64,
    /// The window the compute budget refills over, evenly.
    #[arg(long, env = "GRIDFORGE_COMPUTE_WINDOW", value_name = "SECONDS",
          default_value_t = DEFAULT_COMPUTE_WINDOW.as_secs_f64(), value_parser = super::serve::seconds)]
    compute_window: f64,
    /// Generator and solver requests that may wait for a compute slot at
    /// once (the least-spent client first); further ones get 503 with
    /// Retry-After at once. Default: four per compute slot.
    #[arg(long, env = "GRIDFORGE_COMPUTE_QUEUE", value_name = "N")]
    compute_queue: Option<u32>,
    /// The compute queue's deadline: a request that waited this long for a
    /// slot gets 503 with Retry-After instead of running late.
    #[arg(long, env = "GRIDFORGE_COMPUTE_DEADLINE", value_name = "SECONDS",
          default_value_t = DEFAULT_COMPUTE_DEADLINE.as_secs_f64(), value_parser = super::serve::seconds)]
    compute_deadline: f64,
    /// Read requests (GET, HEAD: pages, levels, tables, health) per second
    /// one client network may make on average; 0 turns the limit off.
    #[arg(long, env = "GRIDFORGE_READ_RATE_LIMIT", value_name = "PER_SECOND",
          default_value_t = DEFAULT_READ_RATE_PER_SECOND, value_parser = super::serve::rate)]
    read_rate_limit: f64,
    /// Read requests one client network may make in a burst.
    #[arg(long, env = "GRIDFORGE_READ_RATE_BURST", value_name = "N",
          default_value_t = DEFAULT_READ_RATE_BURST,
          value_parser = clap::value_parser!(u32).range(1..))]
    read_rate_burst: u32,
    /// Seconds between two prunes of storage by the maintenance task
    /// (ChessMemory games that never turned a square, uncounted solves past
    /// --uncounted-per-daily); 0: never.
    #[arg(long, env = "GRIDFORGE_PRUNE_EVERY", value_name = "SECONDS",
          default_value_t = DEFAULT_PRUNE_EVERY.as_secs_f64(), value_parser = seconds_or_zero)]
    prune_every: f64,
    /// Seconds after its start a ChessMemory game that never turned a
    /// square is deleted.
    #[arg(long, env = "GRIDFORGE_ABANDONED_AFTER", value_name = "SECONDS",
          default_value_t = DEFAULT_ABANDONED_AFTER.as_secs_f64(), value_parser = age_seconds)]
    abandoned_after: f64,
    /// Uncounted solves (past days, replays) kept per player and daily,
    /// the fastest; the rest are pruned.
    #[arg(long, env = "GRIDFORGE_UNCOUNTED_PER_DAILY", value_name = "N",
          default_value_t = DEFAULT_UNCOUNTED_PER_DAILY)]
    uncounted_per_daily: u32,
}

/// Seconds, 0 (off) or more, at most a day.
fn seconds_or_zero(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if (0.0..=86_400.0).contains(&s) => Ok(s),
        _ => Err(format!(
            "'{text}' is not a number of seconds from 0 to 86400"
        )),
    }
}

/// An age in seconds: more than 0, at most 30 days (the default is two
/// days, past the one-day bound of the time limits).
fn age_seconds(text: &str) -> Result<f64, String> {
    super::serve::seconds_up_to(text, 30.0 * 86_400.0)
}

impl FairUseArgs {
    /// Sets these flags' fields of `config`.
    pub fn apply(&self, config: &mut Config) {
        config.dailies_every = Some(Duration::from_secs_f64(self.dailies_every));
        config.dailies_archive_days = self.dailies_archive_days;
        config.ipv6_prefix = self.ipv6_prefix;
        config.compute_budget = Duration::from_secs_f64(self.compute_budget);
        config.compute_window = Duration::from_secs_f64(self.compute_window);
        config.compute_queue = self.compute_queue.map(|n| n as usize);
        config.compute_wait = Duration::from_secs_f64(self.compute_deadline);
        config.read_rate_per_second = self.read_rate_limit;
        config.read_rate_burst = self.read_rate_burst;
        config.prune_every =
            (self.prune_every > 0.0).then(|| Duration::from_secs_f64(self.prune_every));
        config.abandoned_after = Duration::from_secs_f64(self.abandoned_after);
        config.uncounted_per_daily = self.uncounted_per_daily;
    }
}
