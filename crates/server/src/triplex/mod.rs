//! Triplex's families over HTTP: the same handlers for every family of
//! levels ([`crate::family::FAMILIES`]), mounted once per family under
//! `/api/{name}/…` by [`family_router`], each mount with its own
//! [`FamilyState`].
//!
//! - [`levels`]: the level list and one level, without solutions;
//! - [`play`]: start tokens, verified solves, the first solver's name;
//! - [`hint`]: the server's "show one piece", noted against the token;
//! - [`records`]: a level's table of records, every level's median time;
//! - [`stats`]: solver and players compared, for `gridforge triplex stats`.

pub mod hint;
pub mod levels;
pub mod play;
pub mod records;
pub mod stats;

// The names the CLI uses (`gridforge admin`, `gridforge triplex stats`).
pub use crate::catalogue::Catalogue;
pub use play::check_name;
pub use stats::{disagreements, Disagreement};

use crate::breaker::{self, Breaker};
use crate::family::Family;
use crate::state::AppState;
use crate::telemetry::count_solves;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, MethodRouter};
use axum::{middleware, Router};
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

/// Name under which the token key is kept in the database.
pub const TOKEN_SECRET_NAME: &str = "triplex-start-token";

/// One route of every family: its method and path below `/api/{name}`, in
/// the OpenAPI description's spelling, and its handler with the layers it
/// has.
pub struct FamilyRoute {
    /// `get` or `post`.
    pub method: &'static str,
    /// The path below `/api/{name}`.
    pub path: &'static str,
    /// The handler and its layers, given the server's breaker.
    handler: fn(&Arc<Breaker>) -> MethodRouter<FamilyState>,
}

/// Every family's routes: what [`family_router`] mounts, and so what
/// [`crate::router::ROUTES`] lists under each family.
pub const FAMILY_ROUTES: &[FamilyRoute] = &[
    FamilyRoute {
        method: "get",
        path: "/levels",
        handler: |_| get(levels::list_levels),
    },
    FamilyRoute {
        method: "get",
        path: "/levels/{number}",
        handler: |_| get(levels::get_level),
    },
    FamilyRoute {
        method: "post",
        path: "/levels/{number}/start",
        handler: |_| post(play::start),
    },
    FamilyRoute {
        method: "post",
        path: "/levels/{number}/solves",
        handler: |b| guarded(post(play::submit_solve), b).layer(middleware::from_fn(count_solves)),
    },
    FamilyRoute {
        method: "post",
        path: "/levels/{number}/hint",
        handler: |b| guarded(post(hint::give_hint), b),
    },
    FamilyRoute {
        method: "post",
        path: "/levels/{number}/name",
        handler: |b| guarded(post(play::name_first_solver), b),
    },
    FamilyRoute {
        method: "get",
        path: "/levels/{number}/records",
        // Carries the server's time (`now`): never the same twice, so no ETag.
        handler: |b| guarded(get(records::records), b),
    },
    FamilyRoute {
        method: "get",
        path: "/medians",
        handler: |b| {
            guarded(get(records::medians), b).layer(middleware::from_fn(crate::etag::revalidated))
        },
    },
];

/// A route that uses the database, behind the circuit breaker.
fn guarded(route: MethodRouter<FamilyState>, b: &Arc<Breaker>) -> MethodRouter<FamilyState> {
    route.layer(middleware::from_fn_with_state(b.clone(), breaker::guard))
}

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

/// One family's routes: [`FAMILY_ROUTES`] under `/api/{name}`.
pub fn family_router<S>(app: &AppState, family: Arc<Family>) -> Router<S> {
    let base = format!("/api/{}", family.row.name);
    FAMILY_ROUTES
        .iter()
        .fold(Router::new(), |routes, route| {
            routes.route(
                &format!("{base}{}", route.path),
                (route.handler)(&app.breaker),
            )
        })
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
