//! `gridforge serve`: run the game server (see the `gridforge-server` crate).

use gridforge_server::config::{
    DEFAULT_ADDR, DEFAULT_DATABASE, DEFAULT_DB_CONNECTIONS, DEFAULT_HEADER_TIMEOUT,
    DEFAULT_IDLE_TIMEOUT, DEFAULT_MAX_CONNECTIONS, DEFAULT_RATE_BURST, DEFAULT_RATE_PER_SECOND,
    DEFAULT_REQUEST_TIMEOUT,
};
use gridforge_server::listen::ListenAddr;
use gridforge_server::tls::TlsFiles;
use gridforge_server::{Config, LogFormat};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

/// Flags of `gridforge serve`; each can also come from the environment.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Address to listen on: IP:PORT, or unix:/PATH for a Unix socket
    /// (for a proxy on the same host; its peer is trusted as a proxy, so
    /// the client is the one its X-Forwarded-For names). A socket passed by
    /// systemd (gridforge.socket, LISTEN_FDS) is used instead when present.
    #[arg(long, env = "GRIDFORGE_ADDR", default_value = DEFAULT_ADDR,
          value_parser = listen_addr)]
    addr: ListenAddr,
    /// The Unix socket's file mode, in octal (e.g. 0660: the owner and its
    /// group, such as the proxy's, may connect) [default: what the umask
    /// leaves].
    #[arg(long, env = "GRIDFORGE_SOCKET_MODE", value_name = "OCTAL", value_parser = octal_mode)]
    socket_mode: Option<u32>,
    /// Serve HTTPS with the certificate chain in this PEM file (the
    /// server's certificate first); with --tls-key. Both files are read
    /// again on SIGHUP: new connections get the new certificate, open ones
    /// go on.
    #[arg(
        long,
        env = "GRIDFORGE_TLS_CERT",
        value_name = "FILE",
        requires = "tls_key"
    )]
    tls_cert: Option<PathBuf>,
    /// The private key of --tls-cert, a PEM file (PKCS#8, PKCS#1 or SEC1).
    #[arg(
        long,
        env = "GRIDFORGE_TLS_KEY",
        value_name = "FILE",
        requires = "tls_cert"
    )]
    tls_key: Option<PathBuf>,
    /// For the browser tests only: the server's clock is the system's plus
    /// the milliseconds written in this file, read again every 100 ms (so a
    /// test can move a running server past a daily's close). Hidden.
    #[arg(long, hide = true, value_name = "FILE")]
    test_clock_file: Option<PathBuf>,
    /// Database: `sqlite://FILE` (created on first start, WAL journal) or a
    /// `postgres://USER@HOST/DB` URL. Without it, the URL is read from the
    /// file GRIDFORGE_DATABASE_URL_FILE names, or from the systemd
    /// credential `database-url` (LoadCredential=) [default:
    /// sqlite://gridforge.db].
    #[arg(long, env = "GRIDFORGE_DATABASE_URL")]
    database: Option<String>,
    /// Database connections this server may hold.
    #[arg(long, env = "GRIDFORGE_DB_CONNECTIONS", default_value_t = DEFAULT_DB_CONNECTIONS,
          value_parser = clap::value_parser!(u32).range(1..=1000))]
    db_connections: u32,
    /// Write (POST) requests per second one client network (an IPv4
    /// address, an IPv6 prefix: --ipv6-prefix), and one signed-in account,
    /// may make on average; 0 turns the limit off.
    #[arg(long, env = "GRIDFORGE_RATE_LIMIT", default_value_t = DEFAULT_RATE_PER_SECOND,
          value_parser = rate)]
    rate_limit: f64,
    /// Write requests one client network or account may make in a burst.
    #[arg(long, env = "GRIDFORGE_RATE_BURST", default_value_t = DEFAULT_RATE_BURST,
          value_parser = clap::value_parser!(u32).range(1..))]
    rate_burst: u32,
    /// Generator and solver runs at once [default: one per core].
    #[arg(long, env = "GRIDFORGE_COMPUTE_SLOTS",
          value_parser = clap::value_parser!(u32).range(1..=256))]
    compute_slots: Option<u32>,
    /// Seconds a client has to send a request's headers, from the
    /// connection's opening or the end of the previous answer; then the
    /// connection is closed.
    #[arg(long, env = "GRIDFORGE_HEADER_TIMEOUT", value_name = "SECONDS",
          default_value_t = DEFAULT_HEADER_TIMEOUT.as_secs_f64(), value_parser = seconds)]
    header_timeout: f64,
    /// Seconds a kept-alive connection may wait idle for its next request
    /// before it is closed (the header timeout closes it first if shorter).
    #[arg(long, env = "GRIDFORGE_IDLE_TIMEOUT", value_name = "SECONDS",
          default_value_t = DEFAULT_IDLE_TIMEOUT.as_secs_f64(), value_parser = seconds)]
    idle_timeout: f64,
    /// Seconds a whole request, body included, may take; then the answer is
    /// 408 with a JSON error.
    #[arg(long, env = "GRIDFORGE_REQUEST_TIMEOUT", value_name = "SECONDS",
          default_value_t = DEFAULT_REQUEST_TIMEOUT.as_secs_f64(), value_parser = seconds)]
    request_timeout: f64,
    /// Client connections open at once; further ones wait to be accepted
    /// until one closes. Lowered at start if the open-file limit is too low.
    #[arg(long, env = "GRIDFORGE_MAX_CONNECTIONS", default_value_t = DEFAULT_MAX_CONNECTIONS,
          value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    max_connections: u32,
    /// A proxy (CIDR, or one address) whose `X-Forwarded-For` names the
    /// client, for the rate limit and the logs; repeat for several. From
    /// any other peer the header is ignored.
    #[arg(long = "trusted-proxy", value_name = "CIDR", env = "GRIDFORGE_TRUSTED_PROXIES",
          value_delimiter = ',', value_parser = cidr)]
    trusted_proxies: Vec<ipnet::IpNet>,
    /// Serve Prometheus metrics at http://ADDR/metrics, a listener of their
    /// own (keep it off the public network) [default: no metrics].
    #[arg(long, env = "GRIDFORGE_METRICS_ADDR", value_name = "ADDR")]
    metrics_addr: Option<SocketAddr>,
    /// The URL people open the server at, e.g. `https://puzzles.example.org`:
    /// its host name is the passkeys' relying-party id, its origin the only
    /// one account requests may come from, and https makes the session
    /// cookie `Secure` [default: http://localhost on any port; open the
    /// client at localhost, not 127.0.0.1, to use passkeys].
    #[arg(long, env = "GRIDFORGE_PUBLIC_URL", value_name = "URL")]
    public_url: Option<String>,
    /// Accounts one network (an IPv4 address, an IPv6 /64) may make a UTC
    /// day.
    #[arg(long, env = "GRIDFORGE_ACCOUNTS_PER_DAY", value_name = "N",
          default_value_t = gridforge_server::passkeys::DEFAULT_ACCOUNTS_PER_NETWORK_PER_DAY,
          value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    accounts_per_day: u32,
    /// Days a new account stays provisional: marked so on the tables, its
    /// first-solver claims held for review (0: never provisional).
    #[arg(long, env = "GRIDFORGE_PROVISIONAL_DAYS", value_name = "DAYS",
          default_value_t = gridforge_server::passkeys::PROVISIONAL_DAYS,
          value_parser = clap::value_parser!(u32).range(0..=365))]
    provisional_days: u32,
    /// Fair use: dailies ahead of time, limits by network and account.
    #[command(flatten)]
    fair_use: super::fair_use::FairUseArgs,
    /// Log format on stderr.
    #[arg(long, env = "GRIDFORGE_LOG_FORMAT", value_enum, default_value_t = LogFormatArg::Text)]
    log_format: LogFormatArg,
    /// Log filter, e.g. `info` or `gridforge_server=debug,tower_http=debug`.
    #[arg(long, env = "GRIDFORGE_LOG", default_value = "info")]
    log: String,
    /// The access log: one line per request (method, route and path,
    /// status, bytes, latency in µs, client address, user agent, request
    /// id, also sent as X-Request-Id), as text or JSON, or off; not
    /// subject to --log [default: the --log-format].
    #[arg(long, env = "GRIDFORGE_ACCESS_LOG", value_enum, value_name = "FORMAT")]
    access_log: Option<AccessLogArg>,
}

/// `--access-log` values.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum AccessLogArg {
    /// Human-readable lines with key=value fields.
    Text,
    /// One JSON object per line, the fields at its top level.
    Json,
    /// No access log.
    Off,
}

/// `--addr`: IP:PORT or unix:/PATH.
fn listen_addr(text: &str) -> Result<ListenAddr, String> {
    text.trim().parse()
}

/// A file mode in octal, at most 0777 (`660`, `0660`, `0o660`).
fn octal_mode(text: &str) -> Result<u32, String> {
    let digits = text.trim();
    let digits = digits.strip_prefix("0o").unwrap_or(digits);
    match u32::from_str_radix(digits, 8) {
        Ok(mode) if mode <= 0o777 && !digits.is_empty() => Ok(mode),
        _ => Err(format!("'{text}' is not a file mode in octal such as 0660")),
    }
}

/// A network in CIDR notation, or a single address (as /32 or /128).
fn cidr(text: &str) -> Result<ipnet::IpNet, String> {
    let text = text.trim();
    text.parse::<ipnet::IpNet>()
        .or_else(|_| text.parse::<std::net::IpAddr>().map(ipnet::IpNet::from))
        .map(|net| net.trunc())
        .map_err(|_| format!("'{text}' is not an address or a network such as 10.0.0.0/8"))
}

/// The database URL: the flag or `GRIDFORGE_DATABASE_URL`, else the file
/// `GRIDFORGE_DATABASE_URL_FILE` names or the systemd credential
/// `database-url`, else the default. Both a URL and a file is an error: one
/// of them would be silently ignored.
fn database_url(given: Option<String>) -> anyhow::Result<String> {
    use gridforge_server::secrets;
    const VARIABLE: &str = "GRIDFORGE_DATABASE_URL";
    let source = secrets::source_of(VARIABLE, "database-url", |name| std::env::var(name).ok());
    match (given, source) {
        (Some(_), Some(secrets::SecretSource::File(_))) => {
            anyhow::bail!("both {VARIABLE} (or --database) and {VARIABLE}_FILE are set; keep one")
        }
        (Some(url), _) => Ok(url),
        (None, Some(source)) => Ok(secrets::read(VARIABLE, &source)?),
        (None, None) => Ok(DEFAULT_DATABASE.to_string()),
    }
}

/// A rate in requests per second: a finite number, 0 or more.
pub(super) fn rate(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(r) if r.is_finite() && r >= 0.0 => Ok(r),
        _ => Err(format!(
            "'{text}' is not a number of requests per second, 0 or more"
        )),
    }
}

/// A time limit in seconds: more than 0, at most a day.
pub(super) fn seconds(text: &str) -> Result<f64, String> {
    seconds_up_to(text, 86_400.0)
}

/// Seconds, more than 0 and at most `max`.
pub(super) fn seconds_up_to(text: &str, max: f64) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s > 0.0 && s <= max => Ok(s),
        _ => Err(format!(
            "'{text}' is not a number of seconds above 0 and at most {max}"
        )),
    }
}

/// `--log-format` values.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum LogFormatArg {
    /// Human-readable lines with key=value fields.
    Text,
    /// One JSON object per line.
    Json,
}

/// Starts the server and serves until SIGINT or SIGTERM.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let format = match args.log_format {
        LogFormatArg::Text => LogFormat::Text,
        LogFormatArg::Json => LogFormat::Json,
    };
    let access_log = match args.access_log {
        None => Some(format),
        Some(AccessLogArg::Text) => Some(LogFormat::Text),
        Some(AccessLogArg::Json) => Some(LogFormat::Json),
        Some(AccessLogArg::Off) => None,
    };
    gridforge_server::init_tracing(format, &args.log, access_log).map_err(anyhow::Error::msg)?;
    let database = database_url(args.database)?;
    let mut config = Config::new(DEFAULT_ADDR.parse()?, database);
    config.addr = args.addr;
    config.socket_mode = args.socket_mode;
    if let (Some(cert), Some(key)) = (args.tls_cert, args.tls_key) {
        config.tls = Some(TlsFiles { cert, key });
    }
    config.db_connections = args.db_connections;
    config.rate_per_second = args.rate_limit;
    config.rate_burst = args.rate_burst;
    // Without the flag, Config::new's one slot per core stands.
    config.header_timeout = Duration::from_secs_f64(args.header_timeout);
    config.idle_timeout = Duration::from_secs_f64(args.idle_timeout);
    config.request_timeout = Duration::from_secs_f64(args.request_timeout);
    config.max_connections = args.max_connections;
    config.trusted_proxies = args.trusted_proxies;
    config.metrics_addr = args.metrics_addr;
    config.public_url = args.public_url;
    config.accounts_per_network_per_day = args.accounts_per_day;
    config.provisional_ms = i64::from(args.provisional_days) * 24 * 60 * 60 * 1000;
    args.fair_use.apply(&mut config);
    config.commit = env!("GRIDFORGE_BUILD_COMMIT").to_string();
    if let Some(slots) = args.compute_slots {
        config.compute_slots = slots as usize;
    }
    if let Some(file) = args.test_clock_file {
        config.clock.follow_file(file, Duration::from_millis(100));
    }
    gridforge_server::run(config)?;
    Ok(ExitCode::SUCCESS)
}
