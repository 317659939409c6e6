//! The server's configuration. The binary fills it from flags and the
//! environment (`gridforge serve --help`); tests build it directly.

use crate::listen::ListenAddr;
use crate::tls::TlsFiles;
use std::net::SocketAddr;
use std::time::Duration;

/// Everything a server needs to start.
#[derive(Clone, Debug)]
pub struct Config {
    /// Address to listen on: TCP (port 0 picks a free port) or a Unix
    /// socket. A socket passed by systemd (socket activation) goes first.
    pub addr: ListenAddr,
    /// The Unix socket file's mode (such as 0o660); `None`: what the umask
    /// leaves.
    pub socket_mode: Option<u32>,
    /// Serve HTTPS with this certificate and key (reloaded on SIGHUP);
    /// `None`: plain HTTP.
    pub tls: Option<TlsFiles>,
    /// Database URL: `sqlite://file.db` or `postgres://user@host/db`.
    pub database: String,
    /// Connections to the database this server may hold.
    pub db_connections: u32,
    /// Write requests (POST) per second one client network (an IPv4
    /// address, an IPv6 prefix), and one signed-in account, may make on
    /// average; 0 turns the limit off.
    pub rate_per_second: f64,
    /// Write requests a client address may make in a burst.
    pub rate_burst: u32,
    /// Read requests (GET, HEAD) per second one client network may make on
    /// average; 0 turns the limit off.
    pub read_rate_per_second: f64,
    /// Read requests a client network may make in a burst.
    pub read_rate_burst: u32,
    /// Generator and solver runs at once (each on a blocking thread).
    pub compute_slots: usize,
    /// The compute queue's deadline: how long a generator or solver
    /// request waits for a free slot before the server answers 503 (rather
    /// than run it late).
    pub compute_wait: Duration,
    /// Generator and solver requests that may wait for a slot at once;
    /// further ones get 503 at once. `None`: four per slot.
    pub compute_queue: Option<usize>,
    /// Compute time (time holding a slot) one client network, and one
    /// account, may spend per [`Config::compute_window`]; zero turns the
    /// budget off.
    pub compute_budget: Duration,
    /// The window the compute budget refills over.
    pub compute_window: Duration,
    /// How long one Kakuro generation may run in its slot before the server
    /// answers 422 ("could not generate … within the time budget") and frees
    /// the slot; a 30×30 expert takes about a second.
    pub generate_time: Duration,
    /// How long a client has to send a request's headers, counted from the
    /// connection's opening or the end of the previous response; after
    /// that the connection is closed without an answer.
    pub header_timeout: Duration,
    /// How long a connection may stay open with no request in flight
    /// before the server closes it (the header timeout, if shorter, closes
    /// it first).
    pub idle_timeout: Duration,
    /// How long a whole request (body included) may take before the server
    /// answers 408 with a JSON error.
    pub request_timeout: Duration,
    /// Client connections open at once; further ones wait in the listening
    /// socket's queue until one closes.
    pub max_connections: u32,
    /// Peers (proxies) whose `X-Forwarded-For` names the client, for the
    /// rate limit and the logs; from any other peer the header is ignored.
    pub trusted_proxies: Vec<ipnet::IpNet>,
    /// Where to serve Prometheus metrics (`GET /metrics`); `None`: nowhere.
    pub metrics_addr: Option<SocketAddr>,
    /// The clock the daily puzzles read (the system's; tests shift it).
    pub clock: crate::clock::Clock,
    /// The URL people open the server at (`https://puzzles.example.org`):
    /// its host is the passkeys' relying-party id and its origin the only
    /// one accepted; `None`: `http://localhost` on any port.
    pub public_url: Option<String>,
    /// Accounts one network (an IPv4 address, an IPv6 /64) may make a UTC
    /// day.
    pub accounts_per_network_per_day: u32,
    /// How long a new account is provisional, ms (shown so on the tables,
    /// its first-solver claims held for review).
    pub provisional_ms: i64,
    /// How often the background task looks whether today's and tomorrow's
    /// dailies (and one missing archive day) need making; `None`: no
    /// background task (each daily is made by its first request).
    pub dailies_every: Option<Duration>,
    /// Bits of an IPv6 client's prefix that count as one network for the
    /// limits (64: a /64, what one household or host is given).
    pub ipv6_prefix: u8,
    /// How many archive days the background task makes (newest first, one
    /// per look); 0: today and tomorrow only.
    pub dailies_archive_days: i64,
    /// How often the maintenance task prunes storage ([`crate::maintenance`]);
    /// `None`: never.
    pub prune_every: Option<Duration>,
    /// How long a ChessMemory game that never turned a square is kept.
    pub abandoned_after: Duration,
    /// Uncounted solves (past days, replays) kept per player and daily:
    /// the fastest.
    pub uncounted_per_daily: u32,
    /// The commit the binary was built from, for `gridforge_build_info`
    /// ("unknown" unless the binary says).
    pub commit: String,
}

impl Config {
    /// A server on `addr` with `database`, and the default limits (those of
    /// `gridforge serve` without flags).
    /// (`addr` is TCP; set [`Config::addr`] to a [`ListenAddr::Unix`] for
    /// a Unix socket.)
    pub fn new(addr: SocketAddr, database: impl Into<String>) -> Config {
        Config {
            addr: ListenAddr::Tcp(addr),
            socket_mode: None,
            tls: None,
            database: database.into(),
            db_connections: DEFAULT_DB_CONNECTIONS,
            rate_per_second: DEFAULT_RATE_PER_SECOND,
            rate_burst: DEFAULT_RATE_BURST,
            read_rate_per_second: DEFAULT_READ_RATE_PER_SECOND,
            read_rate_burst: DEFAULT_READ_RATE_BURST,
            compute_slots: default_compute_slots(),
            compute_wait: DEFAULT_COMPUTE_DEADLINE,
            compute_queue: None,
            compute_budget: DEFAULT_COMPUTE_BUDGET,
            compute_window: DEFAULT_COMPUTE_WINDOW,
            generate_time: DEFAULT_GENERATE_TIME,
            header_timeout: DEFAULT_HEADER_TIMEOUT,
            idle_timeout: DEFAULT_IDLE_TIMEOUT,
            request_timeout: DEFAULT_REQUEST_TIMEOUT,
            max_connections: DEFAULT_MAX_CONNECTIONS,
            trusted_proxies: Vec::new(),
            metrics_addr: None,
            clock: crate::clock::Clock::default(),
            public_url: None,
            accounts_per_network_per_day: crate::passkeys::DEFAULT_ACCOUNTS_PER_NETWORK_PER_DAY,
            provisional_ms: crate::passkeys::PROVISIONAL_MS,
            dailies_every: Some(DEFAULT_DAILIES_EVERY),
            ipv6_prefix: crate::limits::DEFAULT_IPV6_PREFIX,
            dailies_archive_days: crate::dailies::ARCHIVE_DAYS,
            prune_every: Some(DEFAULT_PRUNE_EVERY),
            abandoned_after: DEFAULT_ABANDONED_AFTER,
            uncounted_per_daily: DEFAULT_UNCOUNTED_PER_DAILY,
            commit: "unknown".to_string(),
        }
    }
}

/// Default listening address.
pub const DEFAULT_ADDR: &str = "127.0.0.1:8080";
/// Default database: an SQLite file in the working directory.
pub const DEFAULT_DATABASE: &str = "sqlite://gridforge.db";
/// Default database connections per server.
pub const DEFAULT_DB_CONNECTIONS: u32 = 16;
/// Default sustained write requests per second per client address.
pub const DEFAULT_RATE_PER_SECOND: f64 = 10.0;
/// Default burst of write requests per client address.
pub const DEFAULT_RATE_BURST: u32 = 60;

/// Default sustained read requests (GET, HEAD) per second per client
/// network: a page of the web client loads about 60 files at once.
pub const DEFAULT_READ_RATE_PER_SECOND: f64 = 100.0;
/// Default burst of read requests per client network.
pub const DEFAULT_READ_RATE_BURST: u32 = 1000;
/// Default deadline of the compute queue.
pub const DEFAULT_COMPUTE_DEADLINE: Duration = Duration::from_secs(5);
/// Default compute budget of a client per window: a minute of a core's
/// time (a 30x30 expert Kakuro takes about a second; a hint or a check a
/// few milliseconds).
pub const DEFAULT_COMPUTE_BUDGET: Duration = Duration::from_secs(60);
/// Default window of the compute budget: ten minutes, so a client may use
/// a tenth of a core on average.
pub const DEFAULT_COMPUTE_WINDOW: Duration = Duration::from_secs(600);

/// Default time a client has to send a request's headers.
pub const DEFAULT_HEADER_TIMEOUT: Duration = Duration::from_secs(5);
/// Default time a kept-alive connection may wait for its next request.
pub const DEFAULT_IDLE_TIMEOUT: Duration = Duration::from_secs(5);
/// Default time limit of a whole request, body and answer included.
pub const DEFAULT_REQUEST_TIMEOUT: Duration = Duration::from_secs(30);
/// Default time budget of one Kakuro generation: well inside the request
/// timeout, so the answer is the generator's 422 and not a 408.
pub const DEFAULT_GENERATE_TIME: Duration = Duration::from_secs(15);
/// Default interval of the dailies' background task.
pub const DEFAULT_DAILIES_EVERY: Duration = Duration::from_secs(60);
/// Default interval of the maintenance task.
pub const DEFAULT_PRUNE_EVERY: Duration = Duration::from_secs(3600);
/// Default age at which a ChessMemory game that never turned a square
/// expires: two days, past the day's counting window and its grace.
pub const DEFAULT_ABANDONED_AFTER: Duration = Duration::from_secs(2 * 24 * 3600);
/// Default cap of uncounted solves per player and daily.
pub const DEFAULT_UNCOUNTED_PER_DAILY: u32 = 3;
/// Default cap on client connections open at once.
pub const DEFAULT_MAX_CONNECTIONS: u32 = 1024;

/// One compute slot per core.
fn default_compute_slots() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get())
}

/// How logs are written (to stderr).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogFormat {
    /// Human-readable lines with key=value fields.
    Text,
    /// One JSON object per line.
    Json,
}

/// Starts the tracing subscriber: `filter` is an `EnvFilter` directive such
/// as `info` or `gridforge_server=debug,sqlx=warn`. The access log
/// ([`crate::access_log`]) has a layer of its own, in `access_log`'s format
/// (`None`: no access log), and is not subject to `filter`.
pub fn init_tracing(
    format: LogFormat,
    filter: &str,
    access_log: Option<LogFormat>,
) -> Result<(), String> {
    use std::io::IsTerminal;
    use tracing_subscriber::filter::{EnvFilter, Targets};
    use tracing_subscriber::prelude::*;
    use tracing_subscriber::{fmt, Layer};
    let access_target = crate::access_log::TARGET;
    let filter = EnvFilter::try_new(filter)
        .map_err(|e| format!("bad log filter '{filter}': {e}"))?
        .add_directive(
            format!("{access_target}=off")
                .parse()
                .map_err(|e| format!("{e}"))?,
        );
    let ansi = std::io::stderr().is_terminal();
    let general = fmt::layer()
        .with_writer(std::io::stderr)
        .with_ansi(ansi)
        .with_target(true);
    let general = match format {
        LogFormat::Text => general.boxed(),
        LogFormat::Json => general.json().boxed(),
    };
    // Always a layer, filtered to nothing when off: an absent (`None`)
    // layer beside a filtered one hides the request spans from the latter.
    let layer = fmt::layer()
        .with_writer(std::io::stderr)
        .with_ansi(ansi)
        .with_target(true);
    let (layer, wanted) = match access_log {
        Some(LogFormat::Text) => (
            layer.boxed(),
            Targets::new().with_target(access_target, tracing::Level::INFO),
        ),
        Some(LogFormat::Json) => (
            layer
                .json()
                .flatten_event(true)
                .with_current_span(false)
                .with_span_list(false)
                .boxed(),
            Targets::new().with_target(access_target, tracing::Level::INFO),
        ),
        None => (layer.boxed(), Targets::new()),
    };
    let access = layer.with_filter(wanted);
    tracing_subscriber::registry()
        .with(general.with_filter(filter))
        .with(access)
        .try_init()
        .map_err(|e| format!("cannot start logging: {e}"))
}
