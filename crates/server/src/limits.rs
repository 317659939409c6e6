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
use axum::http::StatusCode;
use governor::clock::{Clock, DefaultClock};
use governor::middleware::NoOpMiddleware;
use governor::state::keyed::DefaultKeyedStateStore;
use governor::Quota;
use ipnet::{IpNet, Ipv4Net, Ipv6Net};
use std::collections::{HashMap, HashSet};
use std::net::{IpAddr, SocketAddr};
use std::num::NonZeroU32;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
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

    /// Whether it limits anything (a rate above 0).
    pub fn enabled(&self) -> bool {
        self.keyed.is_some()
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

/// How long [`AccountKeys`] keeps which account a session names.
pub const ACCOUNT_KEY_LIFETIME: Duration = Duration::from_secs(60);

/// At most this many sessions are kept in [`AccountKeys`].
const MAX_ACCOUNT_KEYS: usize = 1 << 16;

/// Which account the session of a recently seen cookie names, by the
/// session's token hash, as the limits key it: kept
/// [`ACCOUNT_KEY_LIFETIME`] per server, so a signed-in write is limited
/// without a read of its session (issue 38's load). A session that ended
/// within that time is still charged to its account, which only limits
/// more; whatever acts for an account checks the session itself.
#[derive(Debug, Default)]
pub struct AccountKeys {
    kept: std::sync::Mutex<HashMap<[u8; 32], (i64, Instant)>>,
}

impl AccountKeys {
    /// The account kept for the session `token_hash`, if seen within
    /// [`ACCOUNT_KEY_LIFETIME`] of `now`.
    pub fn get(&self, token_hash: &[u8; 32], now: Instant) -> Option<i64> {
        let kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        kept.get(token_hash)
            .filter(|(_, seen)| now.saturating_duration_since(*seen) < ACCOUNT_KEY_LIFETIME)
            .map(|&(account, _)| account)
    }

    /// Keeps that the session `token_hash` names `account`; when full,
    /// forgets the lapsed ones first and, if that is not enough, all.
    pub fn keep(&self, token_hash: [u8; 32], account: i64, now: Instant) {
        let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        if kept.len() >= MAX_ACCOUNT_KEYS {
            kept.retain(|_, (_, seen)| now.saturating_duration_since(*seen) < ACCOUNT_KEY_LIFETIME);
            if kept.len() >= MAX_ACCOUNT_KEYS {
                kept.clear();
            }
        }
        kept.insert(token_hash, (account, now));
    }
}

/// A client's compute budget: the compute time (time holding a compute
/// slot) its requests may spend per window, refilled continuously, like a
/// leaky bucket. A client that has spent its budget is refused with the
/// time until enough has leaked back; one request may overspend (its cost
/// is known only once it ran), which then shuts the client out longer.
#[derive(Debug)]
pub struct Budget {
    allowance: Duration,
    window: Duration,
    spent: std::sync::Mutex<HashMap<ClientKey, Spent>>,
    charges: AtomicU64,
}

/// What one client has spent, as of an instant.
#[derive(Debug, Clone, Copy)]
struct Spent {
    level: Duration,
    at: Instant,
}

impl Budget {
    /// `allowance` of compute time per `window`; a zero allowance or
    /// window turns the budget off.
    pub fn new(allowance: Duration, window: Duration) -> Budget {
        Budget {
            allowance,
            window,
            spent: std::sync::Mutex::default(),
            charges: AtomicU64::new(0),
        }
    }

    fn is_on(&self) -> bool {
        !self.allowance.is_zero() && !self.window.is_zero()
    }

    /// Compute time per second of the window that comes back.
    fn refill_per_second(&self) -> f64 {
        self.allowance.as_secs_f64() / self.window.as_secs_f64()
    }

    fn level(&self, spent: Spent, now: Instant) -> Duration {
        let back = now.saturating_duration_since(spent.at).as_secs_f64() * self.refill_per_second();
        spent
            .level
            .saturating_sub(Duration::try_from_secs_f64(back).unwrap_or(Duration::MAX))
    }

    /// What the most spending of `keys` has spent as of `now` (and not yet
    /// got back).
    pub fn spent(&self, keys: &[ClientKey], now: Instant) -> Duration {
        if !self.is_on() {
            return Duration::ZERO;
        }
        let spent = self.spent.lock().unwrap_or_else(|p| p.into_inner());
        keys.iter()
            .filter_map(|key| spent.get(key))
            .map(|s| self.level(*s, now))
            .max()
            .unwrap_or_default()
    }

    /// `Ok` while every key is within its budget; else how long until the
    /// most spending one is.
    pub fn check(&self, keys: &[ClientKey], now: Instant) -> Result<(), Duration> {
        let spent = self.spent(keys, now);
        if !self.is_on() || spent < self.allowance {
            return Ok(());
        }
        let over = (spent - self.allowance).as_secs_f64() / self.refill_per_second();
        Err(Duration::try_from_secs_f64(over)
            .unwrap_or(Duration::MAX)
            .saturating_add(Duration::from_millis(1)))
    }

    /// Charges `cost` to every key as of `now`.
    pub fn charge(&self, keys: &[ClientKey], cost: Duration, now: Instant) {
        if !self.is_on() {
            return;
        }
        let mut spent = self.spent.lock().unwrap_or_else(|p| p.into_inner());
        if self.charges.fetch_add(1, Ordering::Relaxed) % PRUNE_EVERY == PRUNE_EVERY - 1 {
            // Clients that got everything back are forgotten.
            spent.retain(|_, s| !self.level(*s, now).is_zero());
        }
        for key in keys {
            let before = spent
                .get(key)
                .map_or(Duration::ZERO, |s| self.level(*s, now));
            spent.insert(
                *key,
                Spent {
                    level: before + cost,
                    at: now,
                },
            );
        }
    }
}

tokio::task_local! {
    /// The client a request's compute is for, set by
    /// [`crate::http::metered`] around the handler.
    static METER: Meter;
}

/// Who a request's compute counts against: its network and, signed in,
/// its account; whether it already holds their claim on one expensive
/// request in flight ([`Compute::claim`]).
#[derive(Debug, Clone)]
pub struct Meter {
    /// The keys charged.
    pub keys: Vec<ClientKey>,
    /// The keys' in-flight claim is held by the caller (the expensive
    /// routes claim before the handler runs); otherwise [`Compute::run`]
    /// claims it for the run.
    pub claimed: bool,
}

impl Meter {
    /// Runs `work` (a request's handler) with this meter: every
    /// [`Compute::run`] inside it is checked against and charged to its
    /// keys.
    pub async fn scope<F: std::future::Future>(self, work: F) -> F::Output {
        METER.scope(self, work).await
    }
}

/// Why a compute request was refused, for the metrics
/// (`gridforge_refused_total{reason}`) and the answer's status.
pub mod refusal {
    /// The client has an expensive request running (429).
    pub const IN_FLIGHT: &str = "in_flight";
    /// The client spent its compute budget (429).
    pub const BUDGET: &str = "budget";
    /// The compute queue is full (503).
    pub const QUEUE_FULL: &str = "queue_full";
    /// No slot freed up before the deadline (503).
    pub const DEADLINE: &str = "deadline";
}

/// Slots for CPU-heavy work (generators, solvers): at most `slots` run at
/// once, each on a blocking thread, so the async threads keep serving.
/// Waiting requests form a queue of at most `queue`, served least-spent
/// client first (a client that has used little of its [`Budget`] goes
/// before one that has used much), each waiting at most `wait` (the
/// deadline) before it is refused rather than run late.
/// One more slot, [`Compute::run_reserved`], is the daily puzzles' own:
/// client work never takes it, so however busy the client slots are, the
/// day's puzzles can still be made.
#[derive(Debug, Clone)]
pub struct Compute {
    slots: Arc<Slots>,
    reserved: Arc<Semaphore>,
    wait: Duration,
    budget: Arc<Budget>,
    /// Clients with an expensive request in flight ([`Compute::claim`]).
    in_flight: Arc<std::sync::Mutex<HashSet<ClientKey>>>,
}

/// The client slots and their queue.
#[derive(Debug)]
struct Slots {
    total: usize,
    queue: usize,
    state: std::sync::Mutex<SlotState>,
}

#[derive(Debug, Default)]
struct SlotState {
    free: usize,
    waiting: std::collections::BinaryHeap<Waiter>,
    next: u64,
}

/// A request waiting for a slot: served lowest `spent` first, then in
/// order of arrival.
#[derive(Debug)]
struct Waiter {
    spent: Duration,
    order: u64,
    give: tokio::sync::oneshot::Sender<SlotPermit>,
}

impl PartialEq for Waiter {
    fn eq(&self, other: &Self) -> bool {
        (self.spent, self.order) == (other.spent, other.order)
    }
}
impl Eq for Waiter {}
impl PartialOrd for Waiter {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Waiter {
    /// The heap pops the greatest: the least spent, then the earliest.
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        (other.spent, other.order).cmp(&(self.spent, self.order))
    }
}

/// A client slot held; dropping it hands the slot to the next waiter.
#[derive(Debug)]
struct SlotPermit {
    slots: Arc<Slots>,
}

impl Drop for SlotPermit {
    fn drop(&mut self) {
        let mut state = self.slots.lock();
        while let Some(next) = state.waiting.pop() {
            let handed = SlotPermit {
                slots: self.slots.clone(),
            };
            match next.give.send(handed) {
                Ok(()) => return,
                // That waiter gave up (its deadline); the permit comes back
                // unused and must not release the slot a second time.
                Err(unused) => std::mem::forget(unused),
            }
        }
        state.free += 1;
    }
}

impl Slots {
    fn lock(&self) -> std::sync::MutexGuard<'_, SlotState> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A slot now, or a place in the queue; `Err` if the queue is full.
    fn acquire(
        self: &Arc<Self>,
        spent: Duration,
    ) -> Result<Result<SlotPermit, tokio::sync::oneshot::Receiver<SlotPermit>>, ()> {
        let mut state = self.lock();
        if state.free > 0 {
            state.free -= 1;
            return Ok(Ok(SlotPermit {
                slots: self.clone(),
            }));
        }
        if state.waiting.len() >= self.queue {
            // Waiters past their deadline leave their places only now.
            state.waiting.retain(|w| !w.give.is_closed());
            if state.waiting.len() >= self.queue {
                return Err(());
            }
        }
        let (give, take) = tokio::sync::oneshot::channel();
        state.next += 1;
        let order = state.next;
        state.waiting.push(Waiter { spent, order, give });
        Ok(Err(take))
    }
}

impl Compute {
    /// `slots` runs at once; a request waits up to `wait` for a slot, in a
    /// queue of at most four per slot; no budget.
    pub fn new(slots: usize, wait: Duration) -> Compute {
        let total = slots.max(1);
        Compute {
            slots: Arc::new(Slots {
                total,
                queue: 4 * total,
                state: std::sync::Mutex::new(SlotState {
                    free: total,
                    ..SlotState::default()
                }),
            }),
            reserved: Arc::new(Semaphore::new(1)),
            wait,
            budget: Arc::new(Budget::new(Duration::ZERO, Duration::ZERO)),
            in_flight: Arc::default(),
        }
    }

    /// The same slots with a queue of at most `queue` waiting requests
    /// (0: none waits; a request finding every slot busy is refused).
    pub fn with_queue(self, queue: usize) -> Compute {
        let total = self.slots.total;
        Compute {
            slots: Arc::new(Slots {
                total,
                queue,
                state: std::sync::Mutex::new(SlotState {
                    free: total,
                    ..SlotState::default()
                }),
            }),
            ..self
        }
    }

    /// With a compute budget per client ([`Budget`]).
    pub fn with_budget(self, budget: Budget) -> Compute {
        Compute {
            budget: Arc::new(budget),
            ..self
        }
    }

    /// Claims one expensive request in flight for each of `keys` (a
    /// network and perhaps an account); `None` if one of them has one
    /// already.
    pub fn claim(&self, keys: &[ClientKey]) -> Option<InFlight> {
        let mut held = self.in_flight.lock().unwrap_or_else(|p| p.into_inner());
        if keys.iter().any(|key| held.contains(key)) {
            return None;
        }
        held.extend(keys.iter().copied());
        Some(InFlight {
            held: self.in_flight.clone(),
            keys: keys.to_vec(),
        })
    }

    /// Slots in all.
    pub fn total(&self) -> usize {
        self.slots.total
    }

    /// Slots running work now.
    pub fn busy(&self) -> usize {
        self.slots.total.saturating_sub(self.slots.lock().free)
    }

    /// Runs `work` on a blocking thread once a slot is free. Inside a
    /// [`Meter`]'s scope, the client is checked first (429 when it spent
    /// its budget or, unless claimed already, has another expensive request
    /// in flight), queued by what it spent, and charged the time its work
    /// held the slot. 503 when the queue is full or no slot frees up before
    /// the deadline. Every refusal carries `Retry-After` and its reason.
    pub async fn run<T, F>(&self, work: F) -> Result<T, ApiError>
    where
        F: FnOnce() -> T + Send + 'static,
        T: Send + 'static,
    {
        let meter = METER.try_with(Meter::clone).ok();
        let keys = meter.as_ref().map_or_else(Vec::new, |m| m.keys.clone());
        if let Err(wait) = self.budget.check(&keys, Instant::now()) {
            let seconds = retry_seconds(wait);
            return Err(ApiError::refused(
                StatusCode::TOO_MANY_REQUESTS,
                format!("this client has spent its compute budget; retry in {seconds} s"),
                refusal::BUDGET,
                seconds,
            ));
        }
        let _claim = match &meter {
            Some(meter) if !meter.claimed => Some(self.claim(&keys).ok_or_else(in_flight)?),
            _ => None,
        };
        let busy = |message: &str, reason| {
            ApiError::refused(StatusCode::SERVICE_UNAVAILABLE, message, reason, 1)
        };
        let spent = self.budget.spent(&keys, Instant::now());
        let permit = match self.slots.acquire(spent) {
            Err(()) => {
                return Err(busy(
                    "the server is busy generating (its queue is full); try again shortly",
                    refusal::QUEUE_FULL,
                ))
            }
            Ok(Ok(permit)) => permit,
            Ok(Err(queued)) => match tokio::time::timeout(self.wait, queued).await {
                Ok(Ok(permit)) => permit,
                Ok(Err(closed)) => return Err(ApiError::internal("compute slots closed", &closed)),
                Err(_) => {
                    return Err(busy(
                        "the server is busy generating; try again shortly",
                        refusal::DEADLINE,
                    ))
                }
            },
        };
        let (result, cost) = Self::on_blocking_thread(permit, move || {
            let began = Instant::now();
            let result = work();
            (result, began.elapsed())
        })
        .await?;
        self.budget.charge(&keys, cost, Instant::now());
        Ok(result)
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

    async fn on_blocking_thread<P, T, F>(permit: P, work: F) -> Result<T, ApiError>
    where
        P: Send + 'static,
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

/// Whole seconds to wait, at least one, for `Retry-After`.
pub fn retry_seconds(wait: Duration) -> u64 {
    wait.as_secs_f64().ceil().max(1.0) as u64
}

/// The refusal of a client's second expensive request in flight.
pub fn in_flight() -> ApiError {
    ApiError::refused(
        StatusCode::TOO_MANY_REQUESTS,
        "one expensive request at a time per client: wait for the answer of the one in flight",
        refusal::IN_FLIGHT,
        1,
    )
}

/// A client's claim on its one expensive request in flight (for its
/// network and its account); dropping it (the answer sent, or the request
/// dropped) frees it.
#[derive(Debug)]
pub struct InFlight {
    held: Arc<std::sync::Mutex<HashSet<ClientKey>>>,
    keys: Vec<ClientKey>,
}

impl Drop for InFlight {
    fn drop(&mut self) {
        let mut held = self.held.lock().unwrap_or_else(|p| p.into_inner());
        for key in &self.keys {
            held.remove(key);
        }
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
    fn account_keys_are_kept_a_minute_and_bounded() {
        let keys = AccountKeys::default();
        let start = Instant::now();
        keys.keep([1; 32], 7, start);
        assert_eq!(keys.get(&[1; 32], start), Some(7));
        assert_eq!(keys.get(&[2; 32], start), None);
        let almost = start + ACCOUNT_KEY_LIFETIME - Duration::from_millis(1);
        assert_eq!(keys.get(&[1; 32], almost), Some(7));
        assert_eq!(keys.get(&[1; 32], start + ACCOUNT_KEY_LIFETIME), None);
        // Full: the lapsed are forgotten, the fresh kept.
        let later = start + ACCOUNT_KEY_LIFETIME;
        for i in 1..MAX_ACCOUNT_KEYS as u32 {
            let mut hash = [0; 32];
            hash[..4].copy_from_slice(&i.to_le_bytes());
            keys.keep(hash, i64::from(i), later);
        }
        keys.keep([9; 32], 9, later);
        {
            let kept = keys.kept.lock().unwrap();
            assert_eq!(kept.len(), MAX_ACCOUNT_KEYS);
            assert!(!kept.contains_key(&[1; 32]));
        }
        assert_eq!(keys.get(&[9; 32], later), Some(9));
        // Full of fresh ones: all are forgotten but the newest.
        keys.keep([10; 32], 10, later);
        keys.keep([11; 32], 11, later);
        assert_eq!(keys.get(&[9; 32], later), None);
        assert_eq!(keys.get(&[11; 32], later), Some(11));
        assert_eq!(keys.kept.lock().unwrap().len(), 2);
    }

    #[test]
    fn zero_rate_means_no_limit() {
        let limiter = RateLimiter::new(0.0, 1);
        assert!(!limiter.enabled());
        assert!(RateLimiter::new(1.0, 1).enabled());
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
        let held = compute.slots.acquire(Duration::ZERO).unwrap().unwrap();
        assert_eq!(compute.busy(), 1);
        let err = compute.run(|| ()).await.unwrap_err();
        assert_eq!(err.status, StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(err.refusal, Some(refusal::DEADLINE));
        assert_eq!(err.retry_after, Some(1));
        // One claim per client at a time, freed when dropped; a network
        // and an account are claimed together.
        let (net, account) = (ClientKey::Account(3), ClientKey::Account(5));
        let claim = compute.claim(&[net, account]).unwrap();
        assert!(compute.claim(&[net]).is_none());
        assert!(compute.claim(&[ClientKey::Account(4), account]).is_none());
        assert!(compute.claim(&[ClientKey::Account(4)]).is_some());
        drop(claim);
        assert!(compute.claim(&[net, account]).is_some());
        // The reserved slot still runs work while every client slot is held.
        assert_eq!(compute.run_reserved(|| 7).await, Ok(7));
        drop(held);
        assert_eq!(compute.run(|| 1).await, Ok(1));
        assert_eq!(compute.busy(), 0);
    }

    fn net(text: &str) -> ClientKey {
        ClientKey::Network(text.parse().unwrap())
    }

    #[tokio::test]
    async fn a_full_queue_refuses_at_once_and_the_least_spent_goes_first() {
        let compute = Compute::new(1, Duration::from_secs(5))
            .with_queue(2)
            .with_budget(Budget::new(
                Duration::from_secs(10),
                Duration::from_secs(100),
            ));
        let (greedy, modest, victim) = (net("10.0.0.1/32"), net("10.0.0.2/32"), net("10.0.0.3/32"));
        let now = Instant::now();
        compute
            .budget
            .charge(&[greedy], Duration::from_secs(5), now);
        compute
            .budget
            .charge(&[modest], Duration::from_secs(1), now);
        let held = compute.slots.acquire(Duration::ZERO).unwrap().unwrap();
        let order = Arc::new(std::sync::Mutex::new(Vec::new()));
        let queued =
            |key: ClientKey| {
                let (compute, order) = (compute.clone(), order.clone());
                let meter = Meter {
                    keys: vec![key],
                    claimed: false,
                };
                tokio::spawn(meter.scope(async move {
                    compute.run(move || order.lock().unwrap().push(key)).await
                }))
            };
        // The greedy client and the modest one wait; the queue is full.
        let first = queued(greedy);
        tokio::time::sleep(Duration::from_millis(50)).await;
        let second = queued(modest);
        tokio::time::sleep(Duration::from_millis(50)).await;
        let began = Instant::now();
        let full = Meter {
            keys: vec![victim],
            claimed: false,
        }
        .scope(compute.run(|| ()))
        .await
        .unwrap_err();
        assert!(began.elapsed() < Duration::from_millis(500));
        assert_eq!(full.refusal, Some(refusal::QUEUE_FULL));
        assert_eq!(full.status, StatusCode::SERVICE_UNAVAILABLE);
        // Freed, the slot goes to the modest client first, though it came
        // second.
        drop(held);
        first.await.unwrap().unwrap();
        second.await.unwrap().unwrap();
        assert_eq!(*order.lock().unwrap(), vec![modest, greedy]);
        assert_eq!(compute.busy(), 0);
    }

    #[tokio::test]
    async fn a_client_that_spent_its_budget_waits_for_it_to_refill() {
        let budget = Budget::new(Duration::from_secs(2), Duration::from_secs(20));
        let (a, b) = (net("192.0.2.1/32"), ClientKey::Account(9));
        let t0 = Instant::now();
        assert_eq!(budget.check(&[a, b], t0), Ok(()));
        // One request overspends: 3 s of a 2 s budget, charged to both keys.
        budget.charge(&[a, b], Duration::from_secs(3), t0);
        let wait = budget.check(&[a], t0).unwrap_err();
        // 1 s over at 0.1 s back per second: 10 s.
        assert!(
            wait >= Duration::from_secs(10) && wait < Duration::from_millis(10_100),
            "{wait:?}"
        );
        assert!(
            budget.check(&[b], t0).is_err(),
            "the account is charged too"
        );
        assert_eq!(budget.check(&[net("192.0.2.2/32")], t0), Ok(()));
        // Refilled enough after that wait.
        assert_eq!(budget.check(&[a], t0 + Duration::from_secs(11)), Ok(()));
        assert_eq!(
            budget.spent(&[a], t0 + Duration::from_secs(40)),
            Duration::ZERO
        );
        // Through the compute slots: a metered run is charged what it took,
        // and the next is refused with 429 and the wait.
        let compute = Compute::new(1, Duration::from_secs(1)).with_budget(Budget::new(
            Duration::from_millis(20),
            Duration::from_secs(60),
        ));
        let meter = Meter {
            keys: vec![a],
            claimed: false,
        };
        let slow = || std::thread::sleep(Duration::from_millis(40));
        assert_eq!(meter.clone().scope(compute.run(slow)).await, Ok(()));
        let refused = meter.clone().scope(compute.run(|| ())).await.unwrap_err();
        assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(refused.refusal, Some(refusal::BUDGET));
        assert!(refused.retry_after.unwrap() >= 1);
        // Unmetered work (no client) is not refused.
        assert_eq!(compute.run(|| 1).await, Ok(1));
        // A metered run claims the client's one request in flight.
        let claim = compute.claim(&[b]).unwrap();
        let busy = Meter {
            keys: vec![b],
            claimed: false,
        }
        .scope(compute.run(|| ()))
        .await
        .unwrap_err();
        assert_eq!(busy.refusal, Some(refusal::IN_FLIGHT));
        drop(claim);
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
