//! `gridforge serve`: the HTTP server of the gridforge games.
//!
//! - [`config`]: what a server is started with (flags and environment in the
//!   binary) and the log setup.
//! - [`router`]: the routes and the middleware stack.
//! - [`triplex`], [`kakuro`], [`chess`]: the handlers of each game.
//! - [`storage`]: the [`Store`](storage::Store) trait and its SQLite and
//!   PostgreSQL implementations, with embedded migrations.
//! - [`token`]: signed start tokens; [`limits`]: rate limit and compute
//!   slots; [`web`]: the embedded web client and OpenAPI description.
//!
//! [`Server::start`] opens the database, builds the Triplex pack and binds
//! the socket; [`Server::serve`] answers until a shutdown future completes.
//! [`run`] does both and stops on SIGINT or SIGTERM.

#![warn(missing_docs)]

pub mod chess;
pub mod config;
pub mod error;
pub mod http;
pub mod kakuro;
pub mod limits;
pub mod router;
pub mod storage;
pub mod token;
pub mod triplex;
pub mod web;

pub use config::{init_tracing, Config, LogFormat};
pub use error::{ApiError, ServerError};

use std::future::{Future, IntoFuture};
use std::net::SocketAddr;
use std::sync::Arc;

/// A seed the server draws when a client gives none: below 2^53, so
/// JavaScript numbers hold it exactly.
pub fn random_seed() -> u64 {
    rand::random::<u64>() >> 11
}

/// How long a stopping server waits for requests in flight.
pub const SHUTDOWN_GRACE: std::time::Duration = std::time::Duration::from_secs(10);

/// What every handler shares.
#[derive(Clone)]
pub struct AppState(Arc<Shared>);

/// The contents of [`AppState`].
pub struct Shared {
    /// The database.
    pub store: Arc<dyn storage::Store>,
    /// The Triplex levels.
    pub catalogue: Arc<triplex::Catalogue>,
    /// Signs and checks start tokens with the shared key.
    pub signer: token::TokenSigner,
    /// The write-rate limit per client address.
    pub limiter: limits::RateLimiter,
    /// Slots for generator and solver runs.
    pub compute: limits::Compute,
}

impl std::ops::Deref for AppState {
    type Target = Shared;
    fn deref(&self) -> &Shared {
        &self.0
    }
}

/// A server with its database open and its socket bound, not yet serving.
pub struct Server {
    listener: tokio::net::TcpListener,
    state: AppState,
}

impl Server {
    /// Opens the database (applying migrations), loads or creates the token
    /// key, builds the Triplex pack and binds the address.
    pub async fn start(config: &Config) -> Result<Server, ServerError> {
        let store = storage::open(&config.database, config.db_connections).await?;
        tracing::info!(backend = ?store.backend(), "database ready");
        let mut fresh = [0u8; token::KEY_BYTES];
        rand::fill(&mut fresh);
        let key = store
            .secret(triplex::TOKEN_SECRET_NAME, &fresh, triplex::now_ms() as i64)
            .await?;
        let catalogue = tokio::task::spawn_blocking(triplex::Catalogue::shared)
            .await
            .map_err(|e| ServerError::Pack(e.to_string()))?
            .map_err(ServerError::Pack)?;
        let listener = tokio::net::TcpListener::bind(config.addr)
            .await
            .map_err(|source| ServerError::Io {
                what: format!("cannot listen on {}", config.addr),
                source,
            })?;
        let state = AppState(Arc::new(Shared {
            store,
            catalogue,
            signer: token::TokenSigner::new(&key),
            limiter: limits::RateLimiter::new(config.rate_per_second, config.rate_burst),
            compute: limits::Compute::new(config.compute_slots, config.compute_wait),
        }));
        Ok(Server { listener, state })
    }

    /// The address the server listens on (useful with port 0).
    pub fn local_addr(&self) -> Result<SocketAddr, ServerError> {
        self.listener
            .local_addr()
            .map_err(|source| ServerError::Io {
                what: "cannot read the listening address".into(),
                source,
            })
    }

    /// Serves until `shutdown` completes, then finishes the requests in
    /// flight (for at most [`SHUTDOWN_GRACE`]) and closes the database.
    pub async fn serve(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> Result<(), ServerError> {
        let addr = self.local_addr()?;
        let store = self.state.store.clone();
        let app = router::router(self.state);
        tracing::info!(%addr, "listening on http://{addr}");
        let (stopping, stop_seen) = tokio::sync::oneshot::channel::<()>();
        let serving = axum::serve(
            self.listener,
            app.into_make_service_with_connect_info::<SocketAddr>(),
        )
        .with_graceful_shutdown(async move {
            shutdown.await;
            stopping.send(()).ok();
        })
        .into_future();
        let grace = async {
            if stop_seen.await.is_ok() {
                tokio::time::sleep(SHUTDOWN_GRACE).await;
            } else {
                std::future::pending::<()>().await;
            }
        };
        let served = tokio::select! {
            served = serving => served,
            () = grace => {
                tracing::warn!("requests still open {} s after the shutdown signal; closing", SHUTDOWN_GRACE.as_secs());
                Ok(())
            }
        };
        store.close().await;
        tracing::info!("stopped");
        served.map_err(|source| ServerError::Io {
            what: "serving failed".into(),
            source,
        })
    }
}

/// Completes on SIGINT (Ctrl-C) or SIGTERM.
pub async fn shutdown_signal() {
    let interrupt = async {
        if let Err(err) = tokio::signal::ctrl_c().await {
            tracing::error!(%err, "cannot wait for SIGINT");
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(err) => {
                tracing::error!(%err, "cannot wait for SIGTERM");
                std::future::pending::<()>().await;
            }
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => tracing::info!("SIGINT: shutting down"),
        () = terminate => tracing::info!("SIGTERM: shutting down"),
    }
}

/// Starts a server and serves until SIGINT or SIGTERM, on a runtime of its
/// own (for the binary, which is not async).
pub fn run(config: Config) -> Result<(), ServerError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|source| ServerError::Io {
            what: "cannot start the async runtime".into(),
            source,
        })?;
    runtime.block_on(async {
        let server = Server::start(&config).await?;
        server.serve(shutdown_signal()).await
    })
}
