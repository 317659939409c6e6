//! `GET /healthz`: whether the database answers, for load balancers and
//! orchestrators.

use crate::error::DatabaseDown;
use crate::state::AppState;
use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

/// `GET /healthz`: 200 when the database answers, 503 otherwise.
#[utoipa::path(get, path = "/healthz", tag = "server", summary = "Health probe",
    responses(
        (status = 200, description = "Database answers: `{status, database, backend, levels}`.", body = serde_json::Value),
        (status = 503, description = "Database does not answer (or is known to be down).", body = serde_json::Value),
    ))]
pub async fn health(State(app): State<AppState>) -> Response {
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
        "levels": app.families.first().map_or(0, |f| f.catalogue.len()),
    });
    let mut response = (status, [(header::CACHE_CONTROL, "no-store")], Json(body)).into_response();
    if status != StatusCode::OK {
        response.extensions_mut().insert(DatabaseDown);
    }
    response
}
