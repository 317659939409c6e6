//! Prometheus metrics, with the `metrics` crate and its Prometheus exporter,
//! served on a listener of their own (`--metrics-addr`, off by default) so
//! that they never share the public address.
//!
//! What is measured:
//!
//! - `gridforge_http_requests_total{route,method,status}` and
//!   `gridforge_http_request_duration_seconds{route,method}` (a histogram):
//!   every answer, by the matched route template (`/api/triplex/levels/{number}`,
//!   never the raw path, so the label set stays bounded; the web client's files
//!   are `static`);
//! - `gridforge_triplex_solves_total{outcome}`: solves accepted and refused,
//!   by reason (see [`SolveOutcome`]);
//! - `gridforge_daily_solves_total{game,outcome}`: daily solves (a Kakuro
//!   solve, a ChessMemory turn that wins the game) accepted and refused, by
//!   reason;
//! - `gridforge_rate_limited_total{by}`: requests refused by the rate limit,
//!   by what refused them (`network`, `account`: writes; `network_reads`:
//!   reads);
//! - `gridforge_pruned_total{what}`: rows the maintenance task deleted
//!   (`abandoned_games`, `uncounted_solves`, `help_marks`;
//!   `crate::maintenance`);
//! - `gridforge_refused_total{route,reason}`: generator and solver requests
//!   refused (`in_flight`: the client has one running; `budget`: it spent
//!   its compute budget; `queue_full`: the compute queue is full;
//!   `deadline`: no compute slot before the queue's deadline), counted by
//!   `crate::http::metered`;
//! - `gridforge_daily_solves_per_commit` (a histogram): how many daily
//!   solves shared each commit of the group commit
//!   (`crate::storage` `group_commit.rs`);
//! - `gridforge_db_connections{state}` (`in_use`, `idle`) and
//!   `gridforge_db_connections_max`: the database pool;
//! - `gridforge_compute_slots{state}` (`busy`, `total`): generator and
//!   solver slots;
//! - `gridforge_build_info{version,commit}`: always 1, the running build;
//! - the standard `process_*` metrics ([`crate::process_metrics`]).
//!
//! Without `--metrics-addr` no recorder is installed and every `metrics`
//! call is a no-op.

use crate::error::{ServerError, SolveOutcome};
use crate::state::AppState;
use axum::extract::{MatchedPath, Request, State};
use axum::http::{header, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use std::sync::OnceLock;
use std::time::Instant;

/// Latency buckets, seconds: fine below 50 ms (the load target's p99),
/// coarse above.
const LATENCY_BUCKETS: &[f64] = &[
    0.000_25, 0.000_5, 0.001, 0.002_5, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0,
    10.0, 30.0,
];

/// Installs the process's Prometheus recorder (once; later servers in the
/// same process share it) and returns its handle.
pub fn recorder() -> Result<PrometheusHandle, ServerError> {
    static HANDLE: OnceLock<Result<PrometheusHandle, String>> = OnceLock::new();
    HANDLE
        .get_or_init(|| {
            let recorder = PrometheusBuilder::new()
                .set_buckets_for_metric(Matcher::Suffix("_seconds".into()), LATENCY_BUCKETS)
                .map_err(|e| e.to_string())?
                .build_recorder();
            let handle = recorder.handle();
            metrics::set_global_recorder(recorder).map_err(|e| e.to_string())?;
            describe();
            Ok(handle)
        })
        .clone()
        .map_err(ServerError::Metrics)
}

/// The help text of each metric.
fn describe() {
    use metrics::{describe_counter, describe_gauge, describe_histogram, Unit};
    describe_counter!(
        "gridforge_http_requests_total",
        "HTTP answers by matched route template, method and status"
    );
    describe_histogram!(
        "gridforge_http_request_duration_seconds",
        Unit::Seconds,
        "Time from a request's arrival to its answer's headers, by route and method"
    );
    describe_counter!(
        "gridforge_triplex_solves_total",
        "Triplex solve submissions: accepted, or refused by reason"
    );
    describe_counter!(
        "gridforge_daily_solves_total",
        "Daily solves (Kakuro solves, ChessMemory games won): accepted, or refused by reason"
    );
    describe_histogram!(
        "gridforge_daily_solves_per_commit",
        "Daily solves recorded in one transaction by the group commit"
    );
    describe_counter!(
        "gridforge_pruned_total",
        "Rows the maintenance task deleted (abandoned_games, uncounted_solves, help_marks)"
    );
    describe_counter!(
        "gridforge_rate_limited_total",
        "Requests refused by the rate limits, by key (network, account: writes; network_reads: reads)"
    );
    describe_gauge!(
        "gridforge_db_connections",
        "Database connections by state (in_use, idle), at scrape time"
    );
    describe_gauge!(
        "gridforge_db_connections_max",
        "Database connections this server may hold"
    );
    describe_gauge!(
        "gridforge_compute_slots",
        "Generator and solver slots by state (busy, total), at scrape time"
    );
}

/// The route label of a request: its matched template, or `static` for the
/// fallback (the web client's files and unknown paths).
fn route_label(request: &Request) -> String {
    request
        .extensions()
        .get::<MatchedPath>()
        .map_or_else(|| "static".to_string(), |p| p.as_str().to_string())
}

/// Middleware (a layer of every route and the fallback): counts the answer
/// and times it.
pub async fn track_requests(request: Request, next: Next) -> Response {
    let started = Instant::now();
    let route = route_label(&request);
    let method = request.method().as_str().to_string();
    let response = next.run(request).await;
    let status = response.status().as_u16().to_string();
    metrics::histogram!(
        "gridforge_http_request_duration_seconds",
        "route" => route.clone(),
        "method" => method.clone()
    )
    .record(started.elapsed().as_secs_f64());
    metrics::counter!(
        "gridforge_http_requests_total",
        "route" => route,
        "method" => method,
        "status" => status
    )
    .increment(1);
    response
}

/// Middleware on the solve route: counts each submission by the outcome its
/// handler gave, or by status when it gave none (refused before the
/// handler: malformed JSON, rate limit, overload).
pub async fn count_solves(request: Request, next: Next) -> Response {
    let response = next.run(request).await;
    let outcome = solve_outcome(&response);
    metrics::counter!("gridforge_triplex_solves_total", "outcome" => outcome).increment(1);
    response
}

/// Middleware on a daily's solve route (the Kakuro solve, the ChessMemory
/// turn): counts daily solves accepted and refused, by game and reason. A
/// ChessMemory turn that is neither refused nor wins the game is no solve
/// and is not counted.
pub async fn count_daily_solves(game: &'static str, request: Request, next: Next) -> Response {
    let response = next.run(request).await;
    let marked = response.extensions().get::<SolveOutcome>().is_some();
    if marked || !response.status().is_success() {
        let outcome = solve_outcome(&response);
        metrics::counter!("gridforge_daily_solves_total", "game" => game, "outcome" => outcome)
            .increment(1);
    }
    response
}

/// The outcome of a solve answer: the handler's mark, or one read off the
/// status.
fn solve_outcome(response: &Response) -> &'static str {
    match response.extensions().get::<SolveOutcome>() {
        Some(outcome) => outcome.0,
        None => match response.status() {
            StatusCode::OK => "accepted",
            StatusCode::CONFLICT => "token_used",
            StatusCode::TOO_MANY_REQUESTS => "rate_limited",
            StatusCode::SERVICE_UNAVAILABLE => "unavailable",
            StatusCode::NOT_FOUND => "no_such_level",
            s if s.is_client_error() => "bad_request",
            _ => "error",
        },
    }
}

/// Sets the gauges read at scrape time.
fn sample(app: &AppState) {
    let pool = app.store.pool_stats();
    metrics::gauge!("gridforge_db_connections", "state" => "in_use")
        .set(f64::from(pool.size.saturating_sub(pool.idle)));
    metrics::gauge!("gridforge_db_connections", "state" => "idle").set(f64::from(pool.idle));
    metrics::gauge!("gridforge_db_connections_max").set(f64::from(pool.max));
    metrics::gauge!("gridforge_compute_slots", "state" => "busy").set(app.compute.busy() as f64);
    metrics::gauge!("gridforge_compute_slots", "state" => "total").set(app.compute.total() as f64);
}

/// `gridforge_build_info` in the text format: the package version and
/// `commit` as labels (quotes and backslashes escaped), value 1.
fn build_info(commit: &str) -> String {
    let escape = |v: &str| {
        v.replace('\\', "\\\\")
            .replace('"', "\\\"")
            .replace('\n', "\\n")
    };
    format!(
        "# HELP gridforge_build_info The running build: its version and commit\n\
         # TYPE gridforge_build_info gauge\n\
         gridforge_build_info{{version=\"{}\",commit=\"{}\"}} 1\n\n",
        escape(env!("CARGO_PKG_VERSION")),
        escape(commit)
    )
}

/// The metrics listener's application: `GET /metrics` (the recorder's
/// metrics, the build and the process's figures).
pub fn metrics_router(app: AppState, handle: PrometheusHandle, commit: &str) -> Router {
    let build = build_info(commit);
    Router::new()
        .route(
            "/metrics",
            get(move |State(app): State<AppState>| {
                let handle = handle.clone();
                let build = build.clone();
                async move {
                    sample(&app);
                    let mut text = handle.render();
                    text.push_str(&build);
                    if let Some(figures) = crate::process_metrics::read() {
                        text.push_str(&crate::process_metrics::render(&figures));
                    }
                    ([(header::CONTENT_TYPE, "text/plain; version=0.0.4")], text).into_response()
                }
            }),
        )
        .with_state(app)
}
