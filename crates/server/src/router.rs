//! The routes and the middleware around them.
//!
//! Outermost first: the client's address (from `X-Forwarded-For` behind a
//! trusted proxy), tracing of each request, the request metrics, gzip
//! compression, the security headers, a JSON 500 if a handler panics, JSON bodies for every error, the time limit of a
//! whole request (408), the whole body (at most 64 KiB, else 413) read before
//! anything answers, and the per-address rate
//! limit on POST requests.

use crate::http::{client_addr, json_errors, rate_limit, read_whole_body, security_headers};
use crate::telemetry::{count_solves, track_requests};
use crate::{breaker, chess, kakuro, triplex, web, AppState};
use axum::extract::Request;
use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{middleware, Json, Router};
use serde_json::json;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;
use tower_http::timeout::TimeoutLayer;
use tower_http::trace::TraceLayer;

/// Largest request body accepted; larger ones get 413.
pub const MAX_BODY_BYTES: usize = 64 * 1024;

/// Every route of the server, as `(method, path)`, in the OpenAPI
/// description's spelling. The tests check that the description lists
/// exactly these.
pub const ROUTES: &[(&str, &str)] = &[
    ("get", "/healthz"),
    ("get", "/api/openapi.json"),
    ("get", "/api/triplex/levels"),
    ("get", "/api/triplex/levels/{number}"),
    ("post", "/api/triplex/levels/{number}/start"),
    ("post", "/api/triplex/levels/{number}/solves"),
    ("post", "/api/triplex/levels/{number}/name"),
    ("get", "/api/triplex/levels/{number}/records"),
    ("get", "/api/triplex/medians"),
    ("get", "/api/blockpuzzle/levels"),
    ("get", "/api/blockpuzzle/levels/{number}"),
    ("post", "/api/blockpuzzle/levels/{number}/start"),
    ("post", "/api/blockpuzzle/levels/{number}/solves"),
    ("post", "/api/blockpuzzle/levels/{number}/name"),
    ("get", "/api/blockpuzzle/levels/{number}/records"),
    ("get", "/api/blockpuzzle/medians"),
    ("post", "/api/kakuro/generate"),
    ("post", "/api/kakuro/solve"),
    ("post", "/api/kakuro/fill"),
    ("post", "/api/kakuro/candidates"),
    ("post", "/api/kakuro/hint"),
    ("post", "/api/chess/setup"),
];

/// The application: routes, fallback to the embedded web client, layers;
/// a request not answered within `request_timeout` (reading a slow body
/// included) gets 408.
pub fn router(state: AppState, request_timeout: std::time::Duration) -> Router {
    // The routes that use the database go through the circuit breaker.
    let guarded = || middleware::from_fn_with_state(state.clone(), breaker::guard);
    Router::new()
        .route("/healthz", get(health).layer(guarded()))
        .route("/api/openapi.json", get(web::openapi))
        .route("/api/triplex/levels", get(triplex::list_levels))
        .route("/api/triplex/levels/{number}", get(triplex::get_level))
        .route("/api/triplex/levels/{number}/start", post(triplex::start))
        .route(
            "/api/triplex/levels/{number}/solves",
            post(triplex::submit_solve)
                .layer(guarded())
                .layer(middleware::from_fn(count_solves)),
        )
        .route(
            "/api/triplex/levels/{number}/name",
            post(triplex::name_first_solver).layer(guarded()),
        )
        .route(
            "/api/triplex/levels/{number}/records",
            get(triplex::records).layer(guarded()),
        )
        .route(
            "/api/triplex/medians",
            get(triplex::medians).layer(guarded()),
        )
        .route(
            "/api/blockpuzzle/levels",
            get(triplex::blockpuzzle_list_levels),
        )
        .route(
            "/api/blockpuzzle/levels/{number}",
            get(triplex::blockpuzzle_get_level),
        )
        .route(
            "/api/blockpuzzle/levels/{number}/start",
            post(triplex::blockpuzzle_start),
        )
        .route(
            "/api/blockpuzzle/levels/{number}/solves",
            post(triplex::blockpuzzle_submit_solve)
                .layer(guarded())
                .layer(middleware::from_fn(count_solves)),
        )
        .route(
            "/api/blockpuzzle/levels/{number}/name",
            post(triplex::blockpuzzle_name_first_solver).layer(guarded()),
        )
        .route(
            "/api/blockpuzzle/levels/{number}/records",
            get(triplex::blockpuzzle_records).layer(guarded()),
        )
        .route(
            "/api/blockpuzzle/medians",
            get(triplex::blockpuzzle_medians).layer(guarded()),
        )
        .route("/api/kakuro/generate", post(kakuro::generate_puzzle))
        .route("/api/kakuro/solve", post(kakuro::solve_board))
        .route("/api/kakuro/fill", post(kakuro::fill_layout))
        .route("/api/kakuro/candidates", post(kakuro::board_candidates))
        .route("/api/kakuro/hint", post(kakuro::board_hint))
        .route("/api/chess/setup", post(chess::new_setup))
        .fallback(web::static_file)
        .layer(middleware::from_fn_with_state(state.clone(), rate_limit))
        .layer(middleware::from_fn(read_whole_body))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            request_timeout,
        ))
        .layer(middleware::from_fn(json_errors))
        .layer(CatchPanicLayer::custom(panic_response))
        .layer(middleware::from_fn(security_headers))
        .layer(CompressionLayer::new())
        .layer(middleware::from_fn(track_requests))
        .layer(TraceLayer::new_for_http().make_span_with(request_span))
        .layer(middleware::from_fn_with_state(state.clone(), client_addr))
        .with_state(state)
}

/// The log span of a request, with the client's address
/// ([`crate::http::ClientAddr`]: behind a trusted proxy, the one it names).
fn request_span(request: &Request) -> tracing::Span {
    let client = request
        .extensions()
        .get::<crate::http::ClientAddr>()
        .map(|c| c.0.to_string())
        .unwrap_or_default();
    tracing::info_span!(
        "request",
        method = %request.method(),
        uri = %request.uri(),
        client = %client,
    )
}

/// `GET /healthz`: 200 when the database answers, 503 otherwise.
#[utoipa::path(get, path = "/healthz", tag = "server", summary = "Health probe",
    responses(
        (status = 200, description = "Database answers: `{status, database, backend, levels}`.", body = serde_json::Value),
        (status = 503, description = "Database does not answer (or is known to be down).", body = serde_json::Value),
    ))]
pub(crate) async fn health(State(app): State<AppState>) -> Response {
    let (status, db) = match app.store.ping().await {
        Ok(()) => (StatusCode::OK, "ok"),
        Err(err) => {
            tracing::warn!(%err, "health check: database down");
            (StatusCode::SERVICE_UNAVAILABLE, "unavailable")
        }
    };
    let body = json!({
        "status": if status == StatusCode::OK { "ok" } else { "degraded" },
        "database": db,
        "backend": format!("{:?}", app.store.backend()).to_lowercase(),
        "levels": app.catalogue.len(),
    });
    let mut response = (status, [(header::CACHE_CONTROL, "no-store")], Json(body)).into_response();
    if status != StatusCode::OK {
        response.extensions_mut().insert(breaker::DatabaseDown);
    }
    response
}

fn panic_response(_: Box<dyn std::any::Any + Send + 'static>) -> Response {
    tracing::error!("a handler panicked");
    (
        StatusCode::INTERNAL_SERVER_ERROR,
        Json(json!({"error": "internal server error"})),
    )
        .into_response()
}
