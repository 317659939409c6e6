//! `gridforge serve`: the HTTP server of the gridforge games.
//!
//! - [`config`]: what a server is started with (flags and environment in the
//!   binary) and the log setup.
//! - [`router`]: the routes and the middleware stack; [`http`]: the
//!   middleware; [`access_log`]: one line per request; [`health`]: `/healthz`; [`openapi`]: the API description.
//! - [`family`]: a family of Triplex levels as a value (its [`catalogue`],
//!   records' key prefix, token range, medians cache); [`triplex`]: the
//!   handlers every family is mounted with; [`kakuro`], [`chess`]: the
//!   handlers of the other games.
//! - [`state`]: what every handler shares; [`etag`]: fixed answers with ETags.
//! - [`storage`]: the [`Store`](storage::Store) trait and its SQLite and
//!   PostgreSQL implementations, with embedded migrations.
//! - [`maintenance`]: storage pruned on a schedule (issue 39).
//! - [`token`]: signed start tokens; [`limits`]: rate limit and compute
//!   slots; [`web`]: the embedded web client and OpenAPI description;
//!   [`docs`]: the embedded manual under `/docs/`.
//! - [`dailies`]: today's puzzles (a daily Kakuro per difficulty and a daily
//!   ChessMemory), derived, stored and cached; [`daily`]: their routes and
//!   verified tables; [`clock`]: the time they read.
//! - [`accounts`]: player accounts with passkeys (webauthn-rs), sessions
//!   and the cross-site request check; [`passkeys`]: the relying party and
//!   account settings; [`names`]: the one check of the
//!   names people give themselves.
//! - [`admin`]: operator tools on the database (name moderation, backups).
//! - [`telemetry`]: Prometheus metrics on a listener of their own.
//! - [`breaker`]: quick 503s while the database is down.
//! - [`connections`]: accepting and serving connections with their time
//!   limits and cap; [`fd_limit`]: the open-file limit raised at start;
//!   [`listen`]: TCP, Unix socket or systemd's socket; [`tls`]: HTTPS with
//!   rustls, the certificate reloaded on SIGHUP.
//!
//! [`Server::start`] opens the database, builds the Triplex pack and binds
//! the socket; [`Server::serve`] answers until a shutdown future completes.
//! [`run`] does both and stops on SIGINT or SIGTERM.

#![deny(missing_docs)]

pub mod access_log;
pub mod accounts;
pub mod admin;
pub mod breaker;
pub mod catalogue;
pub mod chess;
pub mod clock;
pub mod config;
pub mod connections;
pub mod dailies;
pub mod daily;
pub mod docs;
pub mod error;
pub mod etag;
pub mod family;
pub mod fd_limit;
pub mod health;
pub mod http;
pub mod kakuro;
pub mod limits;
pub mod listen;
pub mod maintenance;
pub mod names;
pub mod openapi;
pub mod passkeys;
pub mod paths;
pub mod process_metrics;
pub mod published;
pub mod router;
pub mod secrets;
pub mod session_cookie;
pub mod state;
pub mod storage;
pub mod sync;
pub mod telemetry;
pub mod tls;
pub mod token;
pub mod triplex;
pub mod web;

pub use config::{init_tracing, Config, LogFormat};
pub use connections::SHUTDOWN_GRACE;
pub use error::{ApiError, ServerError};
pub use state::{random_seed, AppState, Shared};

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;

/// A server with its database open and its socket bound, not yet serving.
pub struct Server {
    listener: listen::Listener,
    /// HTTPS, when the server has a certificate.
    tls: Option<tls::Tls>,
    /// SIGHUP, installed at start so that one sent as soon as the server
    /// listens does not end it (the default action).
    #[cfg(unix)]
    hangup: Option<tokio::signal::unix::Signal>,
    metrics: Option<(
        tokio::net::TcpListener,
        metrics_exporter_prometheus::PrometheusHandle,
    )>,
    state: AppState,
    limits: connections::ConnectionLimits,
    request_timeout: std::time::Duration,
    commit: String,
    /// The dailies' background task: its interval and archive days.
    dailies: Option<(std::time::Duration, i64)>,
    /// The maintenance task: its interval and what it prunes.
    maintenance: Option<(std::time::Duration, maintenance::Retention)>,
}

impl Server {
    /// Opens the database (applying migrations), loads or creates the token
    /// key, builds the Triplex pack, raises the open-file limit and binds
    /// the address.
    pub async fn start(config: &Config) -> Result<Server, ServerError> {
        let mut accounts = passkeys::AccountSettings::new(
            config.public_url.as_deref(),
            config.accounts_per_network_per_day,
        )?;
        // Read before anything else: a bad file is said at once.
        let tls = match &config.tls {
            Some(files) => Some(tls::Tls::load(files)?),
            None => None,
        };
        // Served over HTTPS, the session cookie is only ever sent back
        // over HTTPS.
        accounts.secure_cookies |= tls.is_some();
        accounts.provisional_ms = config.provisional_ms.max(0);
        let max_connections = open_file_room(config);
        let shown = error::redacted_url(&config.database);
        let store = storage::open(&config.database, config.db_connections)
            .await
            .map_err(|cause| ServerError::Database {
                what: format!("cannot open the database {shown}"),
                cause,
            })?;
        tracing::info!(backend = ?store.backend(), "database ready");
        let mut fresh = [0u8; token::KEY_BYTES];
        rand::fill(&mut fresh);
        // A write at start: a database that cannot be written fails here,
        // not at the first solve.
        let key = store
            .secret(triplex::TOKEN_SECRET_NAME, &fresh, triplex::now_ms() as i64)
            .await
            .map_err(|cause| ServerError::Database {
                what: format!("cannot write to the database {shown}"),
                cause,
            })?;
        let mut fresh = [0u8; token::KEY_BYTES];
        rand::fill(&mut fresh);
        let daily_secret = store
            .secret(dailies::SECRET_NAME, &fresh, config.clock.now_ms() as i64)
            .await
            .map_err(|cause| ServerError::Database {
                what: format!("cannot write to the database {shown}"),
                cause,
            })?;
        // Bound before the packs are built (a second), so that an address
        // in use is said at once.
        let listener = bind(config).await?;
        let mut trusted_proxies = config.trusted_proxies.clone();
        if matches!(listener.local_addr(), Ok(listen::ListenAddr::Unix(_))) {
            // The peer on a Unix socket is the proxy that may open the
            // socket file: trusted, so the client is the one it forwards.
            let peer = ipnet::IpNet::from(listen::UNIX_PEER.ip());
            if !trusted_proxies.iter().any(|net| net.contains(&peer)) {
                trusted_proxies.push(peer);
            }
        }
        let mut families = Vec::with_capacity(family::FAMILIES.len());
        for row in family::FAMILIES {
            let opened = tokio::task::spawn_blocking(move || family::Family::open(row))
                .await
                .map_err(|e| ServerError::Pack(e.to_string()))?
                .map_err(ServerError::Pack)?;
            families.push(Arc::new(opened));
        }
        let metrics = match config.metrics_addr {
            Some(addr) => {
                let handle = telemetry::recorder()?;
                let listener = tokio::net::TcpListener::bind(addr).await.map_err(|cause| {
                    listen_error(format!("cannot listen for metrics on {addr}"), cause)
                })?;
                Some((listener, handle))
            }
            None => None,
        };
        let state = AppState(Arc::new(Shared {
            store,
            families,
            signer: token::TokenSigner::new(&key),
            limiter: limits::RateLimiter::new(config.rate_per_second, config.rate_burst),
            read_limiter: limits::RateLimiter::new(
                config.read_rate_per_second,
                config.read_rate_burst,
            ),
            account_keys: limits::AccountKeys::default(),
            compute: limits::Compute::new(config.compute_slots, config.compute_wait)
                .with_queue(
                    config
                        .compute_queue
                        .unwrap_or(4 * config.compute_slots.max(1)),
                )
                .with_budget(limits::Budget::new(
                    config.compute_budget,
                    config.compute_window,
                )),
            generate_time: config.generate_time,
            trusted_proxies,
            ipv6_prefix: config.ipv6_prefix,
            breaker: Arc::new(breaker::Breaker::default()),
            clock: config.clock.clone(),
            daily: dailies::Dailies::new(&daily_secret),
            accounts,
        }));
        let limits = connections::ConnectionLimits {
            header_timeout: config.header_timeout,
            idle_timeout: config.idle_timeout,
            max_connections,
        };
        #[cfg(unix)]
        let hangup = match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::hangup()) {
            Ok(signal) => Some(signal),
            Err(err) => {
                tracing::warn!(%err, "cannot wait for SIGHUP; the certificate cannot be reloaded");
                None
            }
        };
        Ok(Server {
            listener,
            tls,
            #[cfg(unix)]
            hangup,
            metrics,
            state,
            limits,
            request_timeout: config.request_timeout,
            commit: config.commit.clone(),
            dailies: config
                .dailies_every
                .map(|every| (every, config.dailies_archive_days)),
            maintenance: config.prune_every.map(|every| {
                (
                    every,
                    maintenance::Retention {
                        abandoned_after: config.abandoned_after,
                        uncounted_per_daily: config.uncounted_per_daily,
                    },
                )
            }),
        })
    }

    /// The TCP address the server listens on (useful with port 0); an
    /// error on a Unix socket ([`Server::listen_addr`] names both).
    pub fn local_addr(&self) -> Result<SocketAddr, ServerError> {
        match self.listen_addr()? {
            listen::ListenAddr::Tcp(addr) => Ok(addr),
            unix => Err(ServerError::Io {
                what: format!("the server listens on {unix}, not on TCP"),
                cause: std::io::Error::from(std::io::ErrorKind::Unsupported),
            }),
        }
    }

    /// What the server listens on: a TCP address or a Unix socket.
    pub fn listen_addr(&self) -> Result<listen::ListenAddr, ServerError> {
        self.listener.local_addr().map_err(|cause| ServerError::Io {
            what: "cannot read the listening address".into(),
            cause,
        })
    }

    /// The server's TLS, if it serves HTTPS: [`tls::Tls::reload`] is what
    /// SIGHUP calls.
    pub fn tls(&self) -> Option<tls::Tls> {
        self.tls.clone()
    }

    /// The address the metrics listener is bound to, if metrics are on.
    pub fn metrics_addr(&self) -> Option<SocketAddr> {
        self.metrics
            .as_ref()
            .and_then(|(listener, _)| listener.local_addr().ok())
    }

    /// The application (routes and layers) over this server's state, to
    /// drive it in-process without the socket (the fuzz targets in `fuzz/`).
    pub fn router(&self) -> axum::Router {
        router::router(self.state.clone(), self.request_timeout)
    }

    /// Serves until `shutdown` completes, then finishes the requests in
    /// flight (for at most [`SHUTDOWN_GRACE`]) and closes the database.
    pub async fn serve(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> Result<(), ServerError> {
        let addr = self.listen_addr()?;
        let store = self.state.store.clone();
        let metrics = self.metrics.map(|(listener, handle)| {
            let addr = listener.local_addr().ok();
            let app = telemetry::metrics_router(self.state.clone(), handle, &self.commit);
            if let Some(addr) = addr {
                tracing::info!(%addr, "metrics on http://{addr}/metrics");
            }
            tokio::spawn(async move {
                if let Err(err) = axum::serve(listener, app).await {
                    tracing::error!(%err, "the metrics listener failed");
                }
            })
        });
        let ahead = self
            .dailies
            .map(|(every, days)| daily::ahead::spawn(self.state.clone(), every, days));
        let maintenance = self
            .maintenance
            .map(|(every, keep)| maintenance::spawn(self.state.clone(), every, keep));
        #[cfg(unix)]
        let reloads = self
            .hangup
            .map(|hangup| tokio::spawn(reload_on_hangup(hangup, self.tls.clone())));
        let app = router::router(self.state, self.request_timeout);
        let shown = match (&addr, &self.tls) {
            (listen::ListenAddr::Tcp(_), None) => format!("http://{addr}"),
            (listen::ListenAddr::Tcp(_), Some(_)) => format!("https://{addr}"),
            (listen::ListenAddr::Unix(_), None) => addr.to_string(),
            (listen::ListenAddr::Unix(_), Some(_)) => format!("{addr} (TLS)"),
        };
        tracing::info!(%addr, tls = self.tls.is_some(), "listening on {shown}");
        let acceptor = self.tls.as_ref().map(tls::Tls::acceptor);
        connections::serve(self.listener, app, self.limits, acceptor, shutdown).await;
        #[cfg(unix)]
        if let Some(task) = reloads {
            task.abort();
        }
        if let Some(task) = metrics {
            task.abort();
        }
        for task in [ahead, maintenance].into_iter().flatten() {
            task.abort();
        }
        store.close().await;
        tracing::info!("stopped");
        Ok(())
    }
}

/// The socket systemd passed, else `config.addr` bound.
async fn bind(config: &Config) -> Result<listen::Listener, ServerError> {
    #[cfg(unix)]
    match listen::Listener::from_systemd() {
        Ok(Some(listener)) => {
            tracing::info!(ignored = %config.addr, "using the socket systemd passed (LISTEN_FDS)");
            return Ok(listener);
        }
        Ok(None) => {}
        Err(cause) => {
            return Err(ServerError::Io {
                what: "cannot use the socket systemd passed (LISTEN_FDS)".into(),
                cause,
            })
        }
    }
    listen::Listener::bind(&config.addr, config.socket_mode)
        .await
        .map_err(|cause| listen_error(format!("cannot listen on {}", config.addr), cause))
}

/// Reloads the certificate on every SIGHUP; a failed reload keeps the
/// certificate in use and says why.
#[cfg(unix)]
async fn reload_on_hangup(mut hangup: tokio::signal::unix::Signal, tls: Option<tls::Tls>) {
    while hangup.recv().await.is_some() {
        match &tls {
            None => tracing::info!("SIGHUP: no certificate to reload (plain HTTP)"),
            Some(tls) => match tls.reload() {
                Ok(()) => tracing::info!(
                    cert = %tls.files().cert.display(),
                    "SIGHUP: certificate reloaded; new connections get it"
                ),
                Err(err) => {
                    tracing::error!(%err, "SIGHUP: certificate not reloaded; the old one stays")
                }
            },
        }
    }
}

/// The error of a failed bind: an address in use is said in words that
/// point at the likely cause, once.
fn listen_error(what: String, cause: std::io::Error) -> ServerError {
    if cause.kind() == std::io::ErrorKind::AddrInUse {
        let words =
            "the address is in use (another program, perhaps another gridforge, listens there)";
        return ServerError::Io {
            what,
            cause: std::io::Error::new(cause.kind(), words),
        };
    }
    ServerError::Io { what, cause }
}

/// Raises the soft open-file limit to the hard one, logs both, and returns
/// the connection cap that fits in it (the configured one unless the limit
/// is too low for it).
fn open_file_room(config: &Config) -> usize {
    let limits = fd_limit::raise_to_hard();
    match limits {
        Some(l) => tracing::info!(
            soft_before = l.soft_before,
            soft = l.soft,
            hard = l.hard,
            "open-file limit (RLIMIT_NOFILE)"
        ),
        None => tracing::info!("no open-file limit to raise on this platform"),
    }
    let wanted = config.max_connections as usize;
    let cap = fd_limit::fitting_cap(wanted, config.db_connections, limits);
    if cap < wanted {
        tracing::warn!(
            wanted = config.max_connections,
            max_connections = cap,
            "the open-file limit is too low for the connection cap; lowered"
        );
    }
    cap
}

/// Completes on SIGINT (Ctrl-C) or SIGTERM. On Unix the handlers are
/// installed when this is called, not when the future is first polled, so
/// a signal that comes as soon as the server says it listens is not lost
/// (it would kill the process with the default action). Call it within the
/// runtime.
pub fn shutdown_signal() -> impl Future<Output = ()> + Send + 'static {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        let interrupt = signal(SignalKind::interrupt());
        let terminate = signal(SignalKind::terminate());
        async move {
            let wait = |installed: std::io::Result<tokio::signal::unix::Signal>, name| async move {
                match installed {
                    Ok(mut signal) => {
                        signal.recv().await;
                    }
                    Err(err) => {
                        tracing::error!(%err, "cannot wait for {name}");
                        std::future::pending::<()>().await;
                    }
                }
            };
            tokio::select! {
                () = wait(interrupt, "SIGINT") => tracing::info!("SIGINT: shutting down"),
                () = wait(terminate, "SIGTERM") => tracing::info!("SIGTERM: shutting down"),
            }
        }
    }
    #[cfg(not(unix))]
    async {
        if let Err(err) = tokio::signal::ctrl_c().await {
            tracing::error!(%err, "cannot wait for Ctrl-C");
            std::future::pending::<()>().await;
        }
        tracing::info!("Ctrl-C: shutting down");
    }
}

/// Starts a server and serves until SIGINT or SIGTERM, on a runtime of its
/// own (for the binary, which is not async).
pub fn run(config: Config) -> Result<(), ServerError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|cause| ServerError::Io {
            what: "cannot start the async runtime".into(),
            cause,
        })?;
    runtime.block_on(async {
        let server = Server::start(&config).await?;
        let shutdown = shutdown_signal();
        server.serve(shutdown).await
    })
}
