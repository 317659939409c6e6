//! ChessMemory over HTTP: a new valid setup from a seed.

use crate::error::{ApiError, ErrorBody};
use crate::state::{random_seed, AppState};
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::Json;
use gridforge_chessmemory::{generate, Effort, GenerateParams};
use serde::{Deserialize, Serialize};

/// Body of a setup request (may be `{}`).
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = ChessSetupRequest)]
pub struct SetupRequest {
    /// The seed; the same seed gives the same setup.
    #[serde(default)]
    pub seed: Option<u64>,
}

/// A setup.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = ChessSetup)]
pub(crate) struct SetupJson {
    /// The seed it was made from.
    seed: u64,
    /// 64 letters, rank 8 first, files a to h (`QNBR` white, `qnbr` black).
    setup: String,
    /// The same, one string per rank, rank 8 first.
    ranks: Vec<String>,
    /// Search nodes the generator used.
    nodes: u64,
}

/// `POST /api/chess/setup`: a valid setup made by the backtracking
/// generator with its default node budget.
#[utoipa::path(post, path = "/api/chess/setup", tag = "chess",
    summary = "A valid ChessMemory setup",
    request_body = SetupRequest,
    responses(
        (status = 200, description = "The setup.", body = SetupJson),
        (status = 400, description = "Malformed JSON.", body = ErrorBody),
        (status = 422, description = "Wrong JSON types, or the generator's budget ran out for this seed.", body = ErrorBody),
        (status = 503, description = "All compute slots stayed busy; try again shortly.", body = ErrorBody),
        (status = 413, description = "Body larger than 64 KiB.", body = ErrorBody),
        (status = 415, description = "Body is not `application/json`.", body = ErrorBody),
        (status = 429, description = "Too many write requests from this address (see `Retry-After`).", body = ErrorBody),
    ))]
pub async fn new_setup(
    State(app): State<AppState>,
    Json(request): Json<SetupRequest>,
) -> Result<Response, ApiError> {
    let seed = request.seed.unwrap_or_else(random_seed);
    let made = app
        .compute
        .run(move || generate(&GenerateParams::default(), seed))
        .await?
        .map_err(|e| ApiError::unprocessable(e.to_string()))?;
    let setup = made.setup.to_string();
    let ranks = setup
        .chars()
        .collect::<Vec<_>>()
        .chunks(8)
        .map(|rank| rank.iter().collect())
        .collect();
    let nodes = match made.effort {
        Effort::Nodes(n) | Effort::Restarts(n) => n,
    };
    Ok(Json(SetupJson {
        seed,
        setup,
        ranks,
        nodes,
    })
    .into_response())
}
