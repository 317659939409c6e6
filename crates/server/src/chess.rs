//! ChessMemory over HTTP: a new valid setup from a seed.

use crate::error::ApiError;
use crate::{random_seed, AppState};
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::Json;
use gridforge_chessmemory::{generate, Effort, GenerateParams};
use serde::{Deserialize, Serialize};

/// Body of a setup request (may be `{}`).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetupRequest {
    /// The seed; the same seed gives the same setup.
    #[serde(default)]
    pub seed: Option<u64>,
}

/// A setup.
#[derive(Debug, Serialize)]
struct SetupJson {
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
