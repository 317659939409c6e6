//! Help for a daily Kakuro while it counts (issue 38): the free routes
//! (`/api/kakuro/solve`, `/hint`, `/candidates`) refuse a board that is a
//! counting daily (`crate::kakuro`, with `Dailies::counting_kakuro`), and
//! the daily has its own hint and candidates routes here, which need its
//! start token and mark the starter's solve assisted (an account's, or the
//! anonymous token's).
//!
//! The refusal closes the server's own solver to a daily's clues; it does
//! not make a daily unsolvable by machine (the CLI and any solver of one's
//! own solve it offline). What keeps a machine's time off the table is the
//! time from the account's first start and the review of the solving path.

use super::kakuro::{daily, difficulty_of, key_of, sent_token, SessionCheck};
use super::served_day;
use crate::error::{ApiError, ErrorBody};
use crate::kakuro::{candidates_answer, hint_answer, parse_board};
use crate::state::AppState;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::Response;
use axum::Json;
use gridforge_kakuro::Board;
use serde::Deserialize;
use std::collections::BTreeMap;

/// Body of a daily's hint or candidates request.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = KakuroDailyHelpRequest)]
pub struct HelpRequest {
    /// The start token of this daily.
    pub token: String,
    /// The player id the token was issued to.
    pub player: String,
    /// The daily's board in the text format with the player's digits written in.
    pub board: String,
    /// The player's pencil marks (hint only): `"r,c"` → digits.
    #[serde(default)]
    pub candidates: Option<BTreeMap<String, Vec<u8>>>,
}

/// Checks a help request against its daily and marks the starter assisted:
/// the board it is to help with.
async fn helped_board(
    app: &AppState,
    headers: &HeaderMap,
    date: &str,
    difficulty: &str,
    request: &HelpRequest,
) -> Result<Board, ApiError> {
    let day = served_day(app, date)?;
    let difficulty = difficulty_of(difficulty)?;
    let (token, _) = sent_token(
        app,
        headers,
        day,
        difficulty,
        &request.token,
        &request.player,
        SessionCheck::Now,
    )
    .await?;
    let board = parse_board(&request.board)?;
    let made = daily(app, day, difficulty).await?;
    if board.cleared() != *made.board() {
        return Err(ApiError::unprocessable(
            "the board is not this daily's puzzle (its clues differ)",
        ));
    }
    app.store
        .mark_daily_assisted(
            &key_of(day, difficulty),
            &token.starter(),
            token.issued_at as i64,
        )
        .await?;
    Ok(board)
}

/// `POST /api/kakuro/daily/{date}/{difficulty}/hint`.
#[utoipa::path(post, path = "/api/kakuro/daily/{date}/{difficulty}/hint", tag = "daily",
    summary = "A hint for a daily Kakuro in play (makes its solve assisted)",
    params(
        ("date" = String, Path, description = "The UTC day, YYYY-MM-DD."),
        ("difficulty" = String, Path, description = "`easy`, `medium`, `hard` or `expert`."),
    ),
    request_body = HelpRequest,
    responses(
        (status = 200, description = "The hint, as `POST /api/kakuro/hint` gives it; the starter's solve of this daily is now assisted.", body = serde_json::Value),
        (status = 400, description = "Malformed JSON, a bad token (forged, of another daily or player), a board that does not parse, bad candidates.", body = ErrorBody),
        (status = 403, description = "A token an account started, sent without that account's session.", body = ErrorBody),
        (status = 404, description = "No such daily.", body = ErrorBody),
        (status = 422, description = "Wrong JSON types, or a board whose clues are not this daily's.", body = ErrorBody),
        (status = 429, description = "Too many write requests from this address (see `Retry-After`).", body = ErrorBody),
        (status = 503, description = "The database is unavailable or all compute slots stayed busy.", body = ErrorBody),
    ))]
pub async fn daily_hint(
    State(app): State<AppState>,
    Path((date, difficulty)): Path<(String, String)>,
    headers: HeaderMap,
    Json(request): Json<HelpRequest>,
) -> Result<Response, ApiError> {
    let board = helped_board(&app, &headers, &date, &difficulty, &request).await?;
    hint_answer(&app, board, request.candidates.as_ref()).await
}

/// `POST /api/kakuro/daily/{date}/{difficulty}/candidates`.
#[utoipa::path(post, path = "/api/kakuro/daily/{date}/{difficulty}/candidates", tag = "daily",
    summary = "Candidates of a daily Kakuro in play (makes its solve assisted)",
    params(
        ("date" = String, Path, description = "The UTC day, YYYY-MM-DD."),
        ("difficulty" = String, Path, description = "`easy`, `medium`, `hard` or `expert`."),
    ),
    request_body = HelpRequest,
    responses(
        (status = 200, description = "The candidates, as `POST /api/kakuro/candidates` gives them; the starter's solve of this daily is now assisted.", body = serde_json::Value),
        (status = 400, description = "Malformed JSON, a bad token (forged, of another daily or player), a board that does not parse.", body = ErrorBody),
        (status = 403, description = "A token an account started, sent without that account's session.", body = ErrorBody),
        (status = 404, description = "No such daily.", body = ErrorBody),
        (status = 422, description = "Wrong JSON types, a board whose clues are not this daily's, or digits that break a run.", body = ErrorBody),
        (status = 429, description = "Too many write requests from this address (see `Retry-After`).", body = ErrorBody),
        (status = 503, description = "The database is unavailable or all compute slots stayed busy.", body = ErrorBody),
    ))]
pub async fn daily_candidates(
    State(app): State<AppState>,
    Path((date, difficulty)): Path<(String, String)>,
    headers: HeaderMap,
    Json(request): Json<HelpRequest>,
) -> Result<Response, ApiError> {
    let board = helped_board(&app, &headers, &date, &difficulty, &request).await?;
    candidates_answer(&app, board).await
}
