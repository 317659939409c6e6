//! The routes and the middleware around them.
//!
//! Outermost first: the client's address (from `X-Forwarded-For` behind a
//! trusted proxy), the access log and request id, tracing of each request, the request metrics, gzip
//! compression, the security headers, a JSON 500 if a handler panics, JSON bodies for every error, the time limit of a
//! whole request (408), the whole body (at most 64 KiB, else 413) read before
//! anything answers, and the rate limits per client network (and account)
//! on writes and reads; the expensive routes and the dailies' are metered
//! (`crate::http::metered`: compute budget, queue, one in flight).

use crate::family::FAMILIES;
use crate::health::health;
use crate::http::{client_addr, json_errors, rate_limit, read_whole_body, security_headers};
use crate::state::AppState;
use crate::telemetry::{count_daily_solves, track_requests};
use crate::triplex::{family_router, FAMILY_ROUTES};
use crate::{breaker, chess, kakuro, openapi, web};
use axum::extract::Request;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{middleware, Json, Router};
use serde_json::json;
use std::sync::LazyLock;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;
use tower_http::timeout::TimeoutLayer;
use tower_http::trace::TraceLayer;

/// Every route of the server, as `(method, path)`, in the OpenAPI
/// description's spelling: the server's own, every family's
/// ([`FAMILY_ROUTES`] under `/api/{name}`), Kakuro's and ChessMemory's. The
/// tests check that the description lists exactly these and that each is
/// served; the fuzz target picks from them.
pub static ROUTES: LazyLock<Vec<(&'static str, String)>> = LazyLock::new(|| {
    let own = [("get", "/healthz"), ("get", "/api/openapi.json")];
    let games = [
        ("post", "/api/kakuro/generate"),
        ("post", "/api/kakuro/solve"),
        ("post", "/api/kakuro/fill"),
        ("post", "/api/kakuro/candidates"),
        ("post", "/api/kakuro/hint"),
        ("post", "/api/chess/setup"),
        ("get", "/api/kakuro/daily/today"),
        ("get", "/api/kakuro/daily/{date}"),
        ("post", "/api/kakuro/daily/{date}/{difficulty}/start"),
        ("post", "/api/kakuro/daily/{date}/{difficulty}/solve"),
        ("post", "/api/kakuro/daily/{date}/{difficulty}/hint"),
        ("post", "/api/kakuro/daily/{date}/{difficulty}/candidates"),
        ("get", "/api/kakuro/daily/{date}/{difficulty}/table"),
        ("get", "/api/paths/{entry}"),
        ("get", "/api/chess/daily/today"),
        ("get", "/api/chess/daily/{date}"),
        ("post", "/api/chess/daily/{date}/start"),
        ("post", "/api/chess/daily/{date}/turn"),
        ("get", "/api/chess/daily/{date}/game"),
        ("get", "/api/chess/daily/{date}/table"),
        ("get", "/api/account"),
        ("delete", "/api/account"),
        ("post", "/api/account/register/start"),
        ("post", "/api/account/register/finish"),
        ("post", "/api/account/signin/start"),
        ("post", "/api/account/signin/finish"),
        ("post", "/api/account/passkeys/start"),
        ("post", "/api/account/passkeys/finish"),
        ("post", "/api/account/signout"),
        ("post", "/api/account/signout-everywhere"),
        ("get", "/api/sync"),
        ("put", "/api/sync"),
        ("delete", "/api/sync"),
    ];
    let families = FAMILIES.iter().flat_map(|row| {
        FAMILY_ROUTES
            .iter()
            .map(move |route| (route.method, format!("/api/{}{}", row.name, route.path)))
    });
    own.iter()
        .map(|&(method, path)| (method, path.to_string()))
        .chain(families)
        .chain(
            games
                .iter()
                .map(|&(method, path)| (method, path.to_string())),
        )
        .collect()
});

/// The application: routes, fallback to the embedded web client, layers;
/// a request not answered within `request_timeout` (reading a slow body
/// included) gets 408.
pub fn router(state: AppState, request_timeout: std::time::Duration) -> Router {
    // The routes that use the database go through the circuit breaker.
    let guarded = || middleware::from_fn_with_state(state.breaker.clone(), breaker::guard);
    let families = state.families.iter().fold(Router::new(), |routes, family| {
        routes.merge(family_router(&state, family.clone()))
    });
    Router::new()
        .route("/healthz", get(health).layer(guarded()))
        .route("/api/openapi.json", get(openapi::openapi))
        .route("/docs", get(crate::docs::root))
        .route("/docs/", get(crate::docs::page))
        .route("/docs/{*path}", get(crate::docs::page))
        .merge(families)
        .merge(expensive_routes(&state))
        .merge(daily_routes(&state))
        .merge(account_routes(&state))
        .route(
            crate::sync::PATH,
            get(crate::sync::get_progress)
                .put(crate::sync::put_progress)
                .delete(crate::sync::delete_progress)
                .layer(guarded()),
        )
        .fallback(web::static_file)
        .layer(middleware::from_fn_with_state(state.clone(), rate_limit))
        .layer(middleware::from_fn(
            crate::accounts::session::one_lookup_per_request,
        ))
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
        .layer(middleware::from_fn(crate::access_log::access_log))
        .layer(middleware::from_fn_with_state(state.clone(), client_addr))
        .with_state(state)
}

/// The routes that run a generator or solver (issue 39): one request in
/// flight per client, refusals counted and 503s with `Retry-After`
/// ([`crate::http::one_expensive_at_a_time`]).
fn expensive_routes(state: &AppState) -> Router<AppState> {
    let one = || middleware::from_fn_with_state(state.clone(), crate::http::expensive);
    Router::new()
        .route(
            "/api/kakuro/generate",
            post(kakuro::generate_puzzle).layer(one()),
        )
        .route("/api/kakuro/solve", post(kakuro::solve_board).layer(one()))
        .route("/api/kakuro/fill", post(kakuro::fill_layout).layer(one()))
        .route(
            "/api/kakuro/candidates",
            post(kakuro::board_candidates).layer(one()),
        )
        .route("/api/kakuro/hint", post(kakuro::board_hint).layer(one()))
        .route("/api/chess/setup", post(chess::new_setup).layer(one()))
}

/// The daily puzzles' routes (issue 29): all use the database, so all go
/// through the circuit breaker; the solves are counted by outcome.
fn daily_routes(state: &AppState) -> Router<AppState> {
    use crate::daily::chess as c;
    use crate::daily::help;
    use crate::daily::kakuro as k;
    let guarded = || middleware::from_fn_with_state(state.breaker.clone(), breaker::guard);
    let revalidated = || middleware::from_fn(crate::etag::revalidated);
    let counted = |game: &'static str| {
        middleware::from_fn(move |request, next| count_daily_solves(game, request, next))
    };
    Router::new()
        .route(
            "/api/kakuro/daily/today",
            get(k::kakuro_today).layer(guarded()),
        )
        .route(
            "/api/kakuro/daily/{date}",
            get(k::kakuro_day).layer(guarded()),
        )
        .route(
            "/api/kakuro/daily/{date}/{difficulty}/start",
            post(k::kakuro_start).layer(guarded()),
        )
        .route(
            "/api/kakuro/daily/{date}/{difficulty}/solve",
            post(k::kakuro_solve)
                .layer(guarded())
                .layer(counted("kakuro")),
        )
        .route(
            "/api/kakuro/daily/{date}/{difficulty}/hint",
            post(help::daily_hint).layer(guarded()),
        )
        .route(
            "/api/kakuro/daily/{date}/{difficulty}/candidates",
            post(help::daily_candidates).layer(guarded()),
        )
        .route(
            "/api/kakuro/daily/{date}/{difficulty}/table",
            get(k::kakuro_table).layer(guarded()).layer(revalidated()),
        )
        .route(
            "/api/paths/{entry}",
            get(crate::published::published_path)
                .layer(guarded())
                .layer(revalidated()),
        )
        .route("/api/chess/daily/today", get(c::chess_today))
        .route("/api/chess/daily/{date}", get(c::chess_day))
        .route(
            "/api/chess/daily/{date}/start",
            post(c::chess_start).layer(guarded()),
        )
        .route(
            "/api/chess/daily/{date}/turn",
            post(c::chess_turn).layer(guarded()).layer(counted("chess")),
        )
        .route(
            "/api/chess/daily/{date}/game",
            get(c::chess_game).layer(guarded()),
        )
        .route(
            "/api/chess/daily/{date}/table",
            get(c::chess_table).layer(guarded()).layer(revalidated()),
        )
        // An archive day nobody made yet is made on request, charged to
        // the requesting client.
        .route_layer(middleware::from_fn_with_state(
            state.clone(),
            crate::http::metered_compute,
        ))
}

/// The account routes (issue 38): all use the database, so all go through
/// the circuit breaker.
fn account_routes(state: &AppState) -> Router<AppState> {
    use crate::accounts::routes as a;
    let guarded = || middleware::from_fn_with_state(state.breaker.clone(), breaker::guard);
    Router::new()
        .route(
            "/api/account",
            get(a::account).delete(a::delete_account).layer(guarded()),
        )
        .route(
            "/api/account/register/start",
            post(a::register_start).layer(guarded()),
        )
        .route(
            "/api/account/register/finish",
            post(a::register_finish).layer(guarded()),
        )
        .route(
            "/api/account/signin/start",
            post(a::signin_start).layer(guarded()),
        )
        .route(
            "/api/account/signin/finish",
            post(a::signin_finish).layer(guarded()),
        )
        .route(
            "/api/account/passkeys/start",
            post(a::passkey_start).layer(guarded()),
        )
        .route(
            "/api/account/passkeys/finish",
            post(a::passkey_finish).layer(guarded()),
        )
        .route("/api/account/signout", post(a::signout).layer(guarded()))
        .route(
            "/api/account/signout-everywhere",
            post(a::signout_everywhere).layer(guarded()),
        )
}

/// The log span of a request, with the client's address
/// ([`crate::http::ClientAddr`]: behind a trusted proxy, the one it names).
fn request_span(request: &Request) -> tracing::Span {
    let client = request
        .extensions()
        .get::<crate::http::ClientAddr>()
        .map(|c| c.0.to_string())
        .unwrap_or_default();
    let id = request
        .extensions()
        .get::<crate::access_log::RequestId>()
        .map(|id| id.to_string())
        .unwrap_or_default();
    tracing::info_span!(
        "request",
        method = %request.method(),
        uri = %request.uri(),
        client = %client,
        request_id = %id,
    )
}

fn panic_response(_: Box<dyn std::any::Any + Send + 'static>) -> Response {
    tracing::error!("a handler panicked");
    (
        StatusCode::INTERNAL_SERVER_ERROR,
        Json(json!({"error": "internal server error"})),
    )
        .into_response()
}
