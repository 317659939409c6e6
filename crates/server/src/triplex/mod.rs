//! Triplex's families over HTTP: the same handlers for every family of
//! levels ([`crate::family::FAMILIES`]), mounted once per family under
//! `/api/{name}/…` by [`family_router`], each mount with its own
//! [`FamilyState`].
//!
//! - [`levels`]: the level list and one level, without solutions;
//! - [`play`]: start tokens, verified solves, the first solver's name;
//! - [`records`]: a level's table of records, every level's median time;
//! - [`stats`]: solver and players compared, for `gridforge triplex stats`.

pub mod levels;
pub mod play;
pub mod records;
pub mod stats;

pub use crate::catalogue::{ApiLevel, Catalogue, CatalogueLevel, MIN_MS_PER_PIECE};
pub use crate::family::MEDIANS_TTL;
pub use play::{
    check_name, NameRequest, PlacedPiece, SolveRequest, CLOCK_SKEW_MS, MAX_NAME_CHARS,
    TOKEN_LIFETIME_MS,
};
pub use stats::{disagreements, Disagreement};

use crate::breaker;
use crate::family::Family;
use crate::state::AppState;
use crate::telemetry::count_solves;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{middleware, Router};
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

/// Name under which the token key is kept in the database.
pub const TOKEN_SECRET_NAME: &str = "triplex-start-token";

/// Every family's routes, below `/api/{name}`, as `(method, path)` in the
/// OpenAPI description's spelling: what [`family_router`] mounts.
pub const FAMILY_ROUTES: &[(&str, &str)] = &[
    ("get", "/levels"),
    ("get", "/levels/{number}"),
    ("post", "/levels/{number}/start"),
    ("post", "/levels/{number}/solves"),
    ("post", "/levels/{number}/name"),
    ("get", "/levels/{number}/records"),
    ("get", "/medians"),
];

/// The state of one family's mount: the server's, and the family.
#[derive(Clone)]
pub struct FamilyState {
    /// The server's state.
    pub app: AppState,
    /// The family the routes of this mount serve.
    pub family: Arc<Family>,
}

impl std::ops::Deref for FamilyState {
    type Target = Family;
    fn deref(&self) -> &Family {
        &self.family
    }
}

/// One family's routes ([`FAMILY_ROUTES`] under `/api/{name}`); those that
/// use the database go through the circuit breaker.
pub fn family_router<S>(app: &AppState, family: Arc<Family>) -> Router<S> {
    let guarded = || middleware::from_fn_with_state(app.breaker.clone(), breaker::guard);
    let base = format!("/api/{}", family.row.name);
    let at = |path: &str| format!("{base}{path}");
    Router::new()
        .route(&at("/levels"), get(levels::list_levels))
        .route(&at("/levels/{number}"), get(levels::get_level))
        .route(&at("/levels/{number}/start"), post(play::start))
        .route(
            &at("/levels/{number}/solves"),
            post(play::submit_solve)
                .layer(guarded())
                .layer(middleware::from_fn(count_solves)),
        )
        .route(
            &at("/levels/{number}/name"),
            post(play::name_first_solver).layer(guarded()),
        )
        .route(
            &at("/levels/{number}/records"),
            get(records::records).layer(guarded()),
        )
        .route(&at("/medians"), get(records::medians).layer(guarded()))
        .with_state(FamilyState {
            app: app.clone(),
            family,
        })
}

/// Now, Unix milliseconds.
pub fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// Marks a dynamic answer as not cacheable.
fn no_store(body: impl IntoResponse) -> Response {
    ([(header::CACHE_CONTROL, "no-store")], body).into_response()
}
