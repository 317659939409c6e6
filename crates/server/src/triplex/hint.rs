//! The server's "show one piece": from the catalogue's solution of a level,
//! which placed pieces are wrong and which piece goes where next, noted
//! against the play's start token so that the solve made with it is
//! recorded as hinted whatever the client says.

use super::play::{elapsed_since_issue, to_placements, verify_token, PlacedPiece};
use super::{no_store, FamilyState};
use crate::error::{ApiError, ErrorBody};
use crate::storage::HintNoted;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::Json;
use gridforge_triplex::hint::cells_of;
use gridforge_triplex::{check_placed, hint_from_solution};
use serde::{Deserialize, Serialize};

/// Body of a hint request.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct HintRequest {
    /// The start token of the play the hint is for.
    pub token: String,
    /// The pieces on the board so far (any of the level's pieces, each at
    /// most once), as a solve sends them.
    pub placements: Vec<PlacedPiece>,
}

/// Answer to a hint request.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub(crate) struct HintAnswer {
    /// The level number.
    level: usize,
    /// The placed pieces (indices, ascending) that lie where no piece of
    /// their kind lies in the level's solution.
    wrong: Vec<usize>,
    /// The piece to place next and its cells; null when every piece lies
    /// right.
    next: Option<PlacedPiece>,
}

/// `POST /api/{family}/levels/{number}/hint`: one piece to place next.
#[utoipa::path(post, path = "/levels/{number}/hint", tag = "family",
    summary = "Show one piece: the wrong pieces and the next piece to place",
    description = "The server answers from the level's solution and notes the hint against the start token: a solve with that token is recorded as hinted (never first, best or in the median), whatever its `hinted` says.",
    params(("number" = String, Path, description = "The level number, from 1.")),
    request_body = HintRequest,
    responses(
        (status = 200, description = "The hint, noted against the token.", body = HintAnswer),
        (status = 400, description = "Malformed JSON, unknown fields, or a token that is malformed, forged, expired, issued in the future or issued for another level.", body = ErrorBody),
        (status = 404, description = "No such level.", body = ErrorBody),
        (status = 409, description = "The token was already used for a solve.", body = ErrorBody),
        (status = 422, description = "Wrong JSON types, or placed pieces that break the level's rules.", body = ErrorBody),
        (status = 503, description = "The database is unavailable; try again shortly.", body = ErrorBody),
        (status = 413, description = "Body larger than 64 KiB.", body = ErrorBody),
        (status = 415, description = "Body is not `application/json`.", body = ErrorBody),
        (status = 429, description = "Too many write requests from this address (see `Retry-After`).", body = ErrorBody),
    ))]
pub async fn give_hint(
    State(family): State<FamilyState>,
    Path(number): Path<String>,
    Json(request): Json<HintRequest>,
) -> Result<Response, ApiError> {
    let (number, level) = family.catalogue.lookup(&number)?;
    let token = verify_token(&family, &request.token, number)?;
    let now = family.app.clock.now_ms();
    elapsed_since_issue(&token, now)?;
    let placed = to_placements(&request.placements)?;
    check_placed(&level.level, &placed).map_err(|e| ApiError::unprocessable(e.to_string()))?;
    let noted = family
        .app
        .store
        .note_hint(&family.record_key(level), &token.nonce, now as i64)
        .await?;
    if noted == HintNoted::TokenUsed {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "this start token was already used for a solve",
        ));
    }
    let hint = hint_from_solution(&level.level, &level.solution, &placed);
    Ok(no_store(Json(HintAnswer {
        level: number,
        wrong: hint.wrong,
        next: hint.next.map(|p| PlacedPiece {
            piece: p.piece,
            cells: cells_of(&p)
                .into_iter()
                .map(|(r, c)| [r as u32, c as u32])
                .collect(),
        }),
    })))
}
