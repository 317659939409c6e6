//! What every handler shares: the server's state ([`AppState`]).

use crate::breaker::Breaker;
use crate::family::Family;
use crate::{limits, storage, token};
use std::sync::Arc;

/// A seed the server draws when a client gives none: below 2^53, so
/// JavaScript numbers hold it exactly.
pub fn random_seed() -> u64 {
    rand::random::<u64>() >> 11
}

/// What every handler shares.
#[derive(Clone)]
pub struct AppState(pub Arc<Shared>);

/// The contents of [`AppState`].
pub struct Shared {
    /// The database.
    pub store: Arc<dyn storage::Store>,
    /// The families of Triplex levels, in the order of
    /// [`crate::family::FAMILIES`].
    pub families: Vec<Arc<Family>>,
    /// Signs and checks start tokens with the shared key.
    pub signer: token::TokenSigner,
    /// The write-rate limit per client address.
    pub limiter: limits::RateLimiter,
    /// The read-rate limit (GET, HEAD) per client network.
    pub read_limiter: limits::RateLimiter,
    /// Which account recently seen sessions name, for the limits.
    pub account_keys: limits::AccountKeys,
    /// Slots for generator and solver runs.
    pub compute: limits::Compute,
    /// Time budget of one Kakuro generation ([`crate::Config::generate_time`]).
    pub generate_time: std::time::Duration,
    /// Proxies whose `X-Forwarded-For` is believed.
    pub trusted_proxies: Vec<ipnet::IpNet>,
    /// Bits of an IPv6 client's prefix that count as its network.
    pub ipv6_prefix: u8,
    /// Quick refusals while the database is down.
    pub breaker: Arc<Breaker>,
    /// The clock of the daily puzzles (shifted in tests).
    pub clock: crate::clock::Clock,
    /// The daily puzzles: their seed key and cache.
    pub daily: crate::dailies::Dailies,
    /// Accounts: the WebAuthn relying party, cookie and creation settings.
    pub accounts: crate::passkeys::AccountSettings,
}

impl std::ops::Deref for AppState {
    type Target = Shared;
    fn deref(&self) -> &Shared {
        &self.0
    }
}
