//! Protection against abuse and overload: who a request counts against
//! ([`client_of`]: a network, and a signed-in account as well), a rate
//! limit per such key for write requests and a bounded pool of slots for
//! generator and solver runs.
//!
//! The rate limit is the `governor` crate's keyed GCRA limiter (a sharded
//! concurrent map, one atomic state per address) rather than a token bucket
//! of our own behind one mutex: the same behaviour (a burst, then a steady
//! rate), maintained elsewhere, and no global lock on the request path.

use crate::error::ApiError;
use axum::http::HeaderMap;
use governor::clock::{Clock, DefaultClock};
use governor::middleware::NoOpMiddleware;
use governor::state::keyed::DefaultKeyedStateStore;
use governor::Quota;
use ipnet::{IpNet, Ipv4Net, Ipv6Net};
use std::net::{IpAddr, SocketAddr};
use std::num::NonZeroU32;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;

/// Default length of the IPv6 prefix that counts as one client's network:
/// a /64 is what one household or host is given, and a client holds every
/// address in it.
pub const DEFAULT_IPV6_PREFIX: u8 = 64;

/// What a limit counts against.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ClientKey {
    /// A network: an IPv4 address (/32), or an IPv6 prefix (a /64 unless
    /// configured otherwise).
    Network(IpNet),
    /// A signed-in account, by its row id.
    Account(i64),
}

impl ClientKey {
    /// The key as text, as account creation counts it per day: an IPv4
    /// address alone, an IPv6 prefix with its length, an account as
    /// `account:<id>`.
    pub fn label(&self) -> String {
        match self {
            ClientKey::Network(IpNet::V4(net)) => net.addr().to_string(),
            ClientKey::Network(net) => net.to_string(),
            ClientKey::Account(id) => format!("account:{id}"),
        }
    }
}

/// Who a request comes from, for the limits and the logs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Client {
    /// The client's address: the peer, or behind a trusted proxy the
    /// address it forwards.
    pub addr: IpAddr,
    /// The network its limits count against.
    pub network: ClientKey,
}

/// The one place that says who a request is, from the peer's address and
/// the request's headers: behind a trusted proxy the client its
/// `X-Forwarded-For` names ([`client_ip`]; an untrusted peer's
/// header is ignored), counted as its network, an IPv4 address or the
/// IPv6 prefix of `ipv6_prefix` bits around it (an IPv4-mapped IPv6 address
/// is the IPv4 one). The limits, the logs and account creation use it.
pub fn client_of(peer: IpAddr, headers: &HeaderMap, trusted: &[IpNet], ipv6_prefix: u8) -> Client {
    let forwarded = headers
        .get_all("x-forwarded-for")
        .into_iter()
        .filter_map(|v| v.to_str().ok());
    let addr = client_ip(canonical(peer), forwarded, trusted);
    Client {
        addr,
        network: ClientKey::Network(network_of(addr, ipv6_prefix)),
    }
}

/// The network `addr` counts as: itself for IPv4, its prefix of
/// `ipv6_prefix` bits (at most 128) for IPv6.
pub fn network_of(addr: IpAddr, ipv6_prefix: u8) -> IpNet {
    match addr {
        IpAddr::V4(v4) => IpNet::V4(Ipv4Net::from(v4)),
        IpAddr::V6(v6) => IpNet::V6(
            Ipv6Net::new(v6, ipv6_prefix.min(128))
                .unwrap_or_else(|_| Ipv6Net::from(v6))
                .trunc(),
        ),
    }
}

/// The keyed limiter behind [`RateLimiter`].
type Keyed<C> = governor::RateLimiter<
    ClientKey,
    DefaultKeyedStateStore<ClientKey>,
    C,
    NoOpMiddleware<<C as Clock>::Instant>,
>;

/// A rate limit per [`ClientKey`]: each write request takes a cell, cells
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

    /// Takes a cell for `key`; on refusal, how long until the next one.
    pub fn check(&self, key: ClientKey) -> Result<(), Duration> {
        let Some(keyed) = &self.keyed else {
            return Ok(());
        };
        if self.checks.fetch_add(1, Ordering::Relaxed) % PRUNE_EVERY == PRUNE_EVERY - 1 {
            keyed.retain_recent();
            keyed.shrink_to_fit();
        }
        keyed
            .check_key(&key)
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
    /// Clients with an expensive request in flight ([`Compute::claim`]).
    in_flight: Arc<std::sync::Mutex<std::collections::HashSet<ClientKey>>>,
}

impl Compute {
    /// `slots` runs at once; a request waits up to `wait` for a slot.
    pub fn new(slots: usize, wait: Duration) -> Compute {
        Compute {
            slots: Arc::new(Semaphore::new(slots.max(1))),
            reserved: Arc::new(Semaphore::new(1)),
            total: slots.max(1),
            wait,
            in_flight: Arc::default(),
        }
    }

    /// Claims `key`'s one expensive request in flight; `None` if it has
    /// one already.
    pub fn claim(&self, key: ClientKey) -> Option<InFlight> {
        let mut held = self.in_flight.lock().unwrap_or_else(|p| p.into_inner());
        held.insert(key).then(|| InFlight {
            held: self.in_flight.clone(),
            key,
        })
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

/// A client's claim on its one expensive request in flight; dropping it
/// (the answer sent, or the request dropped) frees it.
#[derive(Debug)]
pub struct InFlight {
    held: Arc<std::sync::Mutex<std::collections::HashSet<ClientKey>>>,
    key: ClientKey,
}

impl Drop for InFlight {
    fn drop(&mut self) {
        let mut held = self.held.lock().unwrap_or_else(|p| p.into_inner());
        held.remove(&self.key);
    }
}

/// The client behind `peer`: `X-Forwarded-For` (all its headers, in order,
/// as one comma-separated list) is read from the right only while the hop
/// that added an entry is trusted. The first address not in `trusted` is
/// the client; if every hop is trusted, the leftmost. An entry that is not
/// an address stops the walk at the last trusted hop, and an untrusted peer's
/// header is ignored, so a client cannot choose its own address.
pub fn client_ip<'a>(
    peer: IpAddr,
    forwarded_for: impl DoubleEndedIterator<Item = &'a str>,
    trusted: &[IpNet],
) -> IpAddr {
    let is_trusted = |ip: &IpAddr| trusted.iter().any(|net| net.contains(&canonical(*ip)));
    let mut client = peer;
    if !is_trusted(&client) {
        return client;
    }
    let hops: Vec<&str> = forwarded_for
        .flat_map(|value| value.split(','))
        .map(str::trim)
        .filter(|hop| !hop.is_empty())
        .collect();
    for hop in hops.iter().rev() {
        let Some(ip) = parse_hop(hop) else {
            break;
        };
        client = ip;
        if !is_trusted(&ip) {
            break;
        }
    }
    client
}

/// An IPv4 address mapped into IPv6 (`::ffff:a.b.c.d`) as the IPv4 one.
pub(crate) fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        v4 => v4,
    }
}

/// One `X-Forwarded-For` entry: an address, perhaps with a port
/// (`1.2.3.4:5678`, `[::1]:5678`).
fn parse_hop(hop: &str) -> Option<IpAddr> {
    if let Ok(ip) = hop.parse::<IpAddr>() {
        return Some(canonical(ip));
    }
    hop.parse::<SocketAddr>().ok().map(|a| canonical(a.ip()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limit_allows_a_burst_then_the_rate() {
        let clock = governor::clock::FakeRelativeClock::default();
        let limiter = RateLimiter::with_clock(2.0, 3, clock.clone());
        let a = ClientKey::Network("10.0.0.1/32".parse().unwrap());
        let b = ClientKey::Account(1);
        for _ in 0..3 {
            assert!(limiter.check(a).is_ok());
        }
        let wait = limiter.check(a).unwrap_err();
        assert!(
            wait > Duration::from_millis(400) && wait <= Duration::from_millis(500),
            "{wait:?}"
        );
        // Another key has its own limit.
        assert!(limiter.check(b).is_ok());
        // Half a second later one cell is back, and only one.
        clock.advance(Duration::from_millis(500));
        assert!(limiter.check(a).is_ok());
        assert!(limiter.check(a).is_err());
    }

    #[test]
    fn zero_rate_means_no_limit() {
        let limiter = RateLimiter::new(0.0, 1);
        let a = ClientKey::Account(7);
        for _ in 0..1000 {
            assert!(limiter.check(a).is_ok());
        }
    }

    fn headers(forwarded: &[&str]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for value in forwarded {
            map.append("x-forwarded-for", value.parse().unwrap());
        }
        map
    }

    fn peer(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn an_ipv6_client_keeps_one_budget_across_its_64() {
        let limiter =
            RateLimiter::with_clock(1.0, 3, governor::clock::FakeRelativeClock::default());
        let none = headers(&[]);
        // Three requests from three addresses of one /64 spend its burst...
        for addr in [
            "2001:db8:7:9::1",
            "2001:db8:7:9::abcd:1",
            "2001:db8:7:9:ffff:ffff:ffff:fffe",
        ] {
            let client = client_of(peer(addr), &none, &[], DEFAULT_IPV6_PREFIX);
            assert_eq!(client.addr, peer(addr));
            assert!(limiter.check(client.network).is_ok(), "{addr}");
        }
        // ...so a fourth from yet another address of it is refused,
        let fourth = client_of(peer("2001:db8:7:9:1234:5678:9abc:def0"), &none, &[], 64);
        assert!(limiter.check(fourth.network).is_err());
        // while the next /64 has its own.
        let next = client_of(peer("2001:db8:7:a::1"), &none, &[], 64);
        assert!(limiter.check(next.network).is_ok());
        // With --ipv6-prefix 56 the next /64 shares the /56's budget.
        let wide = |text| client_of(peer(text), &none, &[], 56).network;
        assert_eq!(wide("2001:db8:7:9::1"), wide("2001:db8:7:ff::2"));
        assert_ne!(wide("2001:db8:7:9::1"), wide("2001:db8:7:100::1"));
        // IPv4 by address; an IPv4-mapped peer is the IPv4 address.
        assert_ne!(
            client_of(peer("198.51.100.1"), &none, &[], 64).network,
            client_of(peer("198.51.100.2"), &none, &[], 64).network
        );
        assert_eq!(
            client_of(peer("::ffff:198.51.100.1"), &none, &[], 64),
            client_of(peer("198.51.100.1"), &none, &[], 64)
        );
    }

    #[test]
    fn only_trusted_proxies_name_the_client() {
        let trusted: Vec<IpNet> = vec!["10.0.0.0/8".parse().unwrap()];
        let spoof = headers(&["2001:db8::1"]);
        // An untrusted peer cannot choose its network with the header.
        let direct = client_of(peer("203.0.113.5"), &spoof, &trusted, 64);
        assert_eq!(direct.addr, peer("203.0.113.5"));
        assert_eq!(
            direct.network,
            ClientKey::Network("203.0.113.5/32".parse().unwrap())
        );
        // A trusted proxy's forwarded client is the key, by its /64.
        let proxied = client_of(
            peer("10.1.2.3"),
            &headers(&["6.6.6.6, 2001:db8::1"]),
            &trusted,
            64,
        );
        assert_eq!(proxied.addr, peer("2001:db8::1"));
        assert_eq!(
            proxied.network,
            ClientKey::Network("2001:db8::/64".parse().unwrap())
        );
        // Two clients behind one proxy do not share a budget.
        let other = client_of(peer("10.1.2.3"), &headers(&["192.0.2.9"]), &trusted, 64);
        assert_ne!(other.network, proxied.network);
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
        // One claim per client at a time, freed when dropped.
        let key = ClientKey::Account(3);
        let claim = compute.claim(key).unwrap();
        assert!(compute.claim(key).is_none());
        assert!(compute.claim(ClientKey::Account(4)).is_some());
        drop(claim);
        assert!(compute.claim(key).is_some());
        // The reserved slot still runs work while every client slot is held.
        assert_eq!(compute.run_reserved(|| 7).await, Ok(7));
        drop(held);
        assert_eq!(compute.run(|| 1).await, Ok(1));
    }

    #[test]
    fn forwarded_for_only_from_trusted_peers() {
        let nets =
            |list: &[&str]| -> Vec<IpNet> { list.iter().map(|n| n.parse().unwrap()).collect() };
        let ip = |text: &str| -> IpAddr { text.parse().unwrap() };
        let trusted = nets(&["10.0.0.0/8", "::1/128"]);
        // An untrusted peer's header is ignored.
        assert_eq!(
            client_ip(ip("203.0.113.9"), ["1.2.3.4"].into_iter(), &trusted),
            ip("203.0.113.9")
        );
        // A trusted peer: the entry it added.
        assert_eq!(
            client_ip(ip("10.1.1.1"), ["1.2.3.4"].into_iter(), &trusted),
            ip("1.2.3.4")
        );
        // A chain of proxies: the first untrusted hop from the right, not the
        // spoofed leftmost entry.
        assert_eq!(
            client_ip(
                ip("10.1.1.1"),
                ["6.6.6.6, 1.2.3.4", "10.2.2.2"].into_iter(),
                &trusted
            ),
            ip("1.2.3.4")
        );
        // No header: the peer.
        assert_eq!(
            client_ip(ip("10.1.1.1"), std::iter::empty(), &trusted),
            ip("10.1.1.1")
        );
        // Garbage stops the walk at the last trusted hop.
        assert_eq!(
            client_ip(ip("10.1.1.1"), ["1.2.3.4, junk"].into_iter(), &trusted),
            ip("10.1.1.1")
        );
        // Ports and IPv6, and IPv4-mapped peers.
        assert_eq!(
            client_ip(ip("::1"), ["[2001:db8::1]:443"].into_iter(), &trusted),
            ip("2001:db8::1")
        );
        assert_eq!(
            client_ip(ip("::ffff:10.0.0.5"), ["5.6.7.8:99"].into_iter(), &trusted),
            ip("5.6.7.8")
        );
        // Nothing trusted: always the peer.
        assert_eq!(
            client_ip(ip("10.1.1.1"), ["1.2.3.4"].into_iter(), &[]),
            ip("10.1.1.1")
        );
    }

    #[test]
    fn a_network_key_reads_as_account_creation_counts_it() {
        let label = |t: &str| {
            ClientKey::Network(network_of(t.parse().unwrap(), DEFAULT_IPV6_PREFIX)).label()
        };
        assert_eq!(label("203.0.113.9"), "203.0.113.9");
        assert_eq!(label("2001:db8:1:2:aaaa::1"), "2001:db8:1:2::/64");
        assert_eq!(label("2001:db8:1:2:ffff:1:2:3"), label("2001:db8:1:2::9"));
        assert_ne!(label("2001:db8:1:3::1"), label("2001:db8:1:2::1"));
        assert_eq!(ClientKey::Account(7).label(), "account:7");
    }
}
