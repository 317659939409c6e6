//! The flags of `gridforge serve` that keep one client from starving the
//! others (issue 39): the dailies made ahead of time, the limits by
//! network. Flattened into
//! [`super::serve::Args`].

use gridforge_server::config::DEFAULT_DAILIES_EVERY;
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
}

impl FairUseArgs {
    /// Sets these flags' fields of `config`.
    pub fn apply(&self, config: &mut Config) {
        config.dailies_every = Some(Duration::from_secs_f64(self.dailies_every));
        config.dailies_archive_days = self.dailies_archive_days;
        config.ipv6_prefix = self.ipv6_prefix;
    }
}
