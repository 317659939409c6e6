//! Kakuro over HTTP: generate a puzzle, solve a board, fill a user's layout
//! into a unique puzzle, list the candidates of a partly filled board, and
//! give a hint that explains the next deduction. A daily Kakuro that counts
//! for its table is refused by solve, candidates and hint (issue 38): it has
//! its own help routes, which mark the solve assisted (`crate::daily::help`).
//! See [`refuse_counting_daily`].
//!
//! Boards, layouts and solutions travel in the crate's text format (see
//! `gridforge_kakuro::board`). Every run goes through the compute slots and
//! is bounded by the engines' own budgets (a generation also by
//! [`crate::Config::generate_time`]).

use crate::error::{ApiError, ErrorBody};
use crate::state::{random_seed, AppState};
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use gridforge_kakuro::{
    candidates, fill, generate_within, hint, solve, Board, Difficulty, DigitSet, Generated, Hint,
    HintError, Layout, Marks, Param, RectParams, SolveError, Step,
};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// Node budget of a solve request (a published 29×39 puzzle needs far
/// fewer; a board with no clues worth the name runs out and gets 422).
pub const SOLVE_NODE_BUDGET: u64 = 2_000_000;
/// Node budget of the uniqueness proof behind a hint.
pub const HINT_NODE_BUDGET: u64 = 2_000_000;
/// Largest side of a board a hint is given for (the generator makes up to 30,
/// published puzzles reach 31×46).
pub const MAX_HINT_SIDE: usize = 50;
/// Largest side of a layout the filler accepts.
pub const MAX_FILL_SIDE: usize = 32;

/// Body of a generate request.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = KakuroGenerateRequest)]
pub struct GenerateRequest {
    /// Board size N (N×N including the clue row and column), 6 to 30; or
    /// give `width` and `height` instead.
    #[serde(default)]
    pub size: Option<usize>,
    /// Columns of a rectangular board (clue column included), 6 to 30; with `height`.
    #[serde(default)]
    pub width: Option<usize>,
    /// Rows of a rectangular board (clue row included), 6 to 30; with `width`.
    #[serde(default)]
    pub height: Option<usize>,
    /// `easy`, `medium`, `hard` or `expert`.
    pub difficulty: String,
    /// The seed; the same seed gives the same puzzle.
    #[serde(default)]
    pub seed: Option<u64>,
}

/// A puzzle without its solution.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = KakuroPuzzle)]
pub(crate) struct PuzzleJson {
    /// The seed it was made from.
    seed: u64,
    /// Rows, clue row included.
    rows: usize,
    /// Columns, clue column included.
    cols: usize,
    /// Its difficulty: `easy`, `medium`, `hard` or `expert`.
    difficulty: &'static str,
    /// The hardest technique its logical solution needs.
    hardest: &'static str,
    /// The puzzle in the text format.
    puzzle: String,
}

impl PuzzleJson {
    /// What a client may see of a generated or filled puzzle.
    fn of(seed: u64, made: &Generated) -> PuzzleJson {
        PuzzleJson {
            seed,
            rows: made.puzzle.rows(),
            cols: made.puzzle.cols(),
            difficulty: made.difficulty.name(),
            hardest: made.hardest.name(),
            puzzle: made.puzzle.to_string(),
        }
    }
}

/// `POST /api/kakuro/generate`.
#[utoipa::path(post, path = "/api/kakuro/generate", tag = "kakuro",
    summary = "Generate a Kakuro puzzle (without its solution)",
    request_body = GenerateRequest,
    responses(
        (status = 200, description = "A puzzle with exactly one solution.", body = PuzzleJson),
        (status = 400, description = "Size out of range (sides 6 to 30), neither `size` nor `width` with `height` (or both), unknown difficulty or malformed JSON.", body = ErrorBody),
        (status = 422, description = "Wrong JSON types, or the generator gave up within its budget (tries or time).", body = ErrorBody),
        (status = 503, description = "All compute slots stayed busy; try again shortly.", body = ErrorBody),
        (status = 413, description = "Body larger than 64 KiB.", body = ErrorBody),
        (status = 415, description = "Body is not `application/json`.", body = ErrorBody),
        (status = 429, description = "Too many write requests from this address (see `Retry-After`).", body = ErrorBody),
    ))]
pub async fn generate_puzzle(
    State(app): State<AppState>,
    Json(request): Json<GenerateRequest>,
) -> Result<Response, ApiError> {
    let difficulty: Difficulty = request
        .difficulty
        .parse()
        .map_err(|e: gridforge_kakuro::UnknownDifficulty| ApiError::bad_request(e.to_string()))?;
    let (rows, cols) = match (request.size, request.width, request.height) {
        (Some(size), None, None) => (size, size),
        (None, Some(width), Some(height)) => (height, width),
        _ => {
            return Err(ApiError::bad_request(
                "give size, or width and height (not both)",
            ))
        }
    };
    // The engine says which sizes it makes; a size it refuses is the client's error.
    let params = RectParams::new(rows, cols, difficulty)
        .map_err(|e| ApiError::bad_request(e.to_string()))?;
    let seed = request.seed.unwrap_or_else(random_seed);
    // A time budget frees the slot even when a big board takes long: the
    // answer is then a 422 saying so.
    let time = app.generate_time;
    let made = app
        .compute
        .run(move || generate_within(&params, seed, time))
        .await?
        .map_err(|e| ApiError::unprocessable(e.to_string()))?;
    Ok(Json(PuzzleJson::of(seed, &made)).into_response())
}

/// Body of a solve request.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = KakuroSolveRequest)]
pub struct SolveRequest {
    /// The board in the text format (digits written in are kept).
    pub puzzle: String,
}

/// Answer to a solve.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = KakuroSolved)]
pub(crate) struct SolvedJson {
    /// `none`, `unique` or `several`.
    uniqueness: &'static str,
    /// Up to two solutions, in the text format.
    solutions: Vec<String>,
    /// Search nodes used.
    nodes: u64,
}

/// `POST /api/kakuro/solve`: up to two solutions, which tells whether the
/// board has none, one or several.
#[utoipa::path(post, path = "/api/kakuro/solve", tag = "kakuro",
    summary = "Solve a Kakuro board",
    request_body = SolveRequest,
    responses(
        (status = 200, description = "The outcome.", body = SolvedJson),
        (status = 400, description = "The board does not parse (the message says where) or malformed JSON.", body = ErrorBody),
        (status = 403, description = "The board is a daily Kakuro that counts for its table (`reason`: `counting_daily`; the message names it).", body = ErrorBody),
        (status = 422, description = "Wrong JSON types, or the search ran out of budget.", body = ErrorBody),
        (status = 503, description = "All compute slots stayed busy; try again shortly.", body = ErrorBody),
        (status = 413, description = "Body larger than 64 KiB.", body = ErrorBody),
        (status = 415, description = "Body is not `application/json`.", body = ErrorBody),
        (status = 429, description = "Too many write requests from this address (see `Retry-After`).", body = ErrorBody),
    ))]
pub async fn solve_board(
    State(app): State<AppState>,
    Json(request): Json<SolveRequest>,
) -> Result<Response, ApiError> {
    let board = parse_board(&request.puzzle)?;
    refuse_counting_daily(&app, &board).await?;
    let outcome = app
        .compute
        .run(move || solve(&board, 2, SOLVE_NODE_BUDGET))
        .await?
        .map_err(|e| match e {
            SolveError::BudgetExceeded { .. } => {
                ApiError::unprocessable(format!("the board is too open to solve here: {e}"))
            }
            other => ApiError::unprocessable(other.to_string()),
        })?;
    Ok(Json(SolvedJson {
        uniqueness: outcome.uniqueness().name(),
        solutions: outcome.solutions.iter().map(ToString::to_string).collect(),
        nodes: outcome.stats.nodes,
    })
    .into_response())
}

/// Body of a fill request.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = KakuroFillRequest)]
pub struct FillRequest {
    /// The layout: `R C` then `-` (not a digit cell) or `0` (digit cell).
    pub layout: String,
    /// The seed; the same seed gives the same puzzle.
    #[serde(default)]
    pub seed: Option<u64>,
}

/// `POST /api/kakuro/fill`: a puzzle with exactly one solution on the
/// user's layout.
#[utoipa::path(post, path = "/api/kakuro/fill", tag = "kakuro",
    summary = "Fill a layout into a puzzle with exactly one solution",
    request_body = FillRequest,
    responses(
        (status = 200, description = "The puzzle.", body = PuzzleJson),
        (status = 400, description = "The layout does not parse, is larger than 32×32, or malformed JSON.", body = ErrorBody),
        (status = 422, description = "Wrong JSON types, the layout breaks a run rule, or no unique filling was found (try another seed).", body = ErrorBody),
        (status = 503, description = "All compute slots stayed busy; try again shortly.", body = ErrorBody),
        (status = 413, description = "Body larger than 64 KiB.", body = ErrorBody),
        (status = 415, description = "Body is not `application/json`.", body = ErrorBody),
        (status = 429, description = "Too many write requests from this address (see `Retry-After`).", body = ErrorBody),
    ))]
pub async fn fill_layout(
    State(app): State<AppState>,
    Json(request): Json<FillRequest>,
) -> Result<Response, ApiError> {
    let layout: Layout = request
        .layout
        .parse()
        .map_err(|e| ApiError::bad_request(format!("the layout does not parse: {e}")))?;
    if layout.rows() > MAX_FILL_SIDE || layout.cols() > MAX_FILL_SIDE {
        return Err(ApiError::bad_request(format!(
            "layouts up to {MAX_FILL_SIDE}×{MAX_FILL_SIDE} are filled here, this one is {}×{}",
            layout.rows(),
            layout.cols()
        )));
    }
    let seed = request.seed.unwrap_or_else(random_seed);
    let made = app
        .compute
        .run(move || fill(&layout, seed))
        .await?
        .map_err(|e| ApiError::unprocessable(e.to_string()))?;
    Ok(Json(PuzzleJson::of(seed, &made)).into_response())
}

/// Body of a candidates request.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = KakuroCandidatesRequest)]
pub struct CandidatesRequest {
    /// A partly filled board in the text format.
    pub board: String,
}

/// Answer to a candidates request.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = KakuroCandidates)]
pub(crate) struct CandidatesJson {
    /// Rows of the board.
    rows: usize,
    /// Columns of the board.
    cols: usize,
    /// Row-major rows; `null` for cells that are not digit cells.
    candidates: Vec<Vec<Option<Vec<u8>>>>,
}

/// `POST /api/kakuro/candidates`: the digits still possible in each cell.
#[utoipa::path(post, path = "/api/kakuro/candidates", tag = "kakuro",
    summary = "Candidates of a partly filled board",
    request_body = CandidatesRequest,
    responses(
        (status = 200, description = "The candidates.", body = CandidatesJson),
        (status = 400, description = "The board does not parse or malformed JSON.", body = ErrorBody),
        (status = 403, description = "The board is a daily Kakuro that counts for its table (`reason`: `counting_daily`; use the daily's own candidates route).", body = ErrorBody),
        (status = 422, description = "Wrong JSON types, or the written digits already break a run.", body = ErrorBody),
        (status = 503, description = "All compute slots stayed busy; try again shortly.", body = ErrorBody),
        (status = 413, description = "Body larger than 64 KiB.", body = ErrorBody),
        (status = 415, description = "Body is not `application/json`.", body = ErrorBody),
        (status = 429, description = "Too many write requests from this address (see `Retry-After`).", body = ErrorBody),
    ))]
pub async fn board_candidates(
    State(app): State<AppState>,
    Json(request): Json<CandidatesRequest>,
) -> Result<Response, ApiError> {
    let board = parse_board(&request.board)?;
    refuse_counting_daily(&app, &board).await?;
    candidates_answer(&app, board).await
}

/// The candidates of a board (the free route's and the daily's answer).
pub(crate) async fn candidates_answer(app: &AppState, board: Board) -> Result<Response, ApiError> {
    let found = app
        .compute
        .run(move || candidates(&board))
        .await?
        .map_err(|e| ApiError::unprocessable(e.to_string()))?;
    let grid = (0..found.rows())
        .map(|r| {
            (0..found.cols())
                .map(|c| found.get(r, c).map(|set| set.iter().collect()))
                .collect()
        })
        .collect();
    Ok(Json(CandidatesJson {
        rows: found.rows(),
        cols: found.cols(),
        candidates: grid,
    })
    .into_response())
}

/// Refuses (403, naming the daily) a board whose clues are those of a daily
/// Kakuro that counts now (`Dailies::counting_kakuro`: as given, with
/// digits written in, or transposed). This closes the server's own solver
/// to a counting daily, not every solver: the CLI and any solver of one's
/// own solve it offline; what keeps a machine's time off the table is the
/// time from the account's first start and the review of the path.
async fn refuse_counting_daily(app: &AppState, board: &Board) -> Result<(), ApiError> {
    let now = app.clock.now_ms();
    let Some((day, difficulty)) = app
        .daily
        .counting_kakuro(app.store.as_ref(), now, board)
        .await?
    else {
        return Ok(());
    };
    let name = difficulty.name();
    Err(ApiError::new(
        StatusCode::FORBIDDEN,
        format!(
            "this board is the daily Kakuro of {day} ({name}), which counts for its table: it \
             is not solved or helped here; its own routes /api/kakuro/daily/{day}/{name}/hint \
             and /candidates help with its start token and make the solve assisted"
        ),
    )
    .because("counting_daily"))
}

pub(crate) fn parse_board(text: &str) -> Result<Board, ApiError> {
    text.parse()
        .map_err(|e| ApiError::bad_request(format!("the board does not parse: {e}")))
}

/// Body of a hint request.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = KakuroHintRequest)]
pub struct HintRequest {
    /// The puzzle in the text format with the player's digits written in.
    pub board: String,
    /// The player's pencil marks: `"r,c"` → digits, for white cells without a
    /// digit; a cell left out may hold any digit.
    #[serde(default)]
    pub candidates: Option<BTreeMap<String, Vec<u8>>>,
}

/// Reads pencil marks in the contract's form (`{"r,c": [digits]}`); the error
/// says which entry is wrong.
pub fn parse_marks(marks: &BTreeMap<String, Vec<u8>>) -> Result<Marks, String> {
    let mut out = Marks::new();
    for (key, digits) in marks {
        let parsed = key.split_once(',').and_then(|(r, c)| {
            Some((
                r.trim().parse::<usize>().ok()?,
                c.trim().parse::<usize>().ok()?,
            ))
        });
        let Some(pos) = parsed else {
            return Err(format!("candidates key {key:?} is not \"row,column\""));
        };
        let mut set = DigitSet::EMPTY;
        for &d in digits {
            if !(1..=9).contains(&d) {
                return Err(format!("candidates of {key:?}: {d} is not a digit 1-9"));
            }
            set.insert(d);
        }
        out.insert(pos, set);
    }
    Ok(out)
}

fn pos_json((r, c): (usize, usize)) -> Value {
    json!([r, c])
}

fn step_json(step: &Step) -> Value {
    let params: serde_json::Map<String, Value> = step
        .message
        .params
        .iter()
        .map(|(name, value)| {
            let value = match value {
                Param::Number(n) => json!(n),
                Param::Text(t) => json!(t),
            };
            (name.to_string(), value)
        })
        .collect();
    json!({
        "technique": step.technique.name(),
        "level": step.level().name(),
        "runs": step.runs.iter().map(|run| json!({
            "cell": pos_json(run.clue),
            "direction": run.direction.to_string(),
            "sum": run.sum,
            "cells": run.cells.iter().map(|&p| pos_json(p)).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "cells": step.cells.iter().map(|&p| pos_json(p)).collect::<Vec<_>>(),
        "removes": step.removes.iter().map(|r| json!({
            "cell": pos_json(r.cell),
            "digits": r.digits.iter().collect::<Vec<u8>>(),
        })).collect::<Vec<_>>(),
        "places": step.places.iter().map(|p| json!({
            "cell": pos_json(p.cell),
            "digit": p.digit,
        })).collect::<Vec<_>>(),
        "message": {"key": step.message.key, "params": params},
    })
}

/// The JSON answer of a hint, as `POST /api/kakuro/hint` and
/// `gridforge kakuro hint --json` give it.
pub fn hint_json(answer: &Hint) -> Value {
    match answer {
        Hint::Mistakes(cells) => json!({
            "kind": "mistakes",
            "cells": cells.iter().map(|&p| pos_json(p)).collect::<Vec<_>>(),
        }),
        Hint::Solved => json!({"kind": "solved"}),
        Hint::Steps(steps) => json!({
            "kind": "steps",
            "steps": steps.iter().map(step_json).collect::<Vec<_>>(),
        }),
    }
}

/// `POST /api/kakuro/hint`: mistakes, solved, or the steps to the next digit.
#[utoipa::path(post, path = "/api/kakuro/hint", tag = "kakuro",
    summary = "A hint: mistakes, or the deductions up to the next digit",
    request_body = HintRequest,
    responses(
        (status = 200, description = "The hint: `kind` is `mistakes` (with `cells`), `solved`, or `steps` (each with technique, level, runs, cells, removes, places and a message key with parameters).", body = serde_json::Value),
        (status = 400, description = "The board does not parse or is larger than 50×50, the puzzle has no solution or several, bad candidates, or malformed JSON.", body = ErrorBody),
        (status = 403, description = "The board is a daily Kakuro that counts for its table (`reason`: `counting_daily`; use the daily's own hint route).", body = ErrorBody),
        (status = 422, description = "Wrong JSON types, or uniqueness not decided within the node budget.", body = ErrorBody),
        (status = 503, description = "All compute slots stayed busy; try again shortly.", body = ErrorBody),
        (status = 413, description = "Body larger than 64 KiB.", body = ErrorBody),
        (status = 415, description = "Body is not `application/json`.", body = ErrorBody),
        (status = 429, description = "Too many write requests from this address (see `Retry-After`).", body = ErrorBody),
    ))]
pub async fn board_hint(
    State(app): State<AppState>,
    Json(request): Json<HintRequest>,
) -> Result<Response, ApiError> {
    let board = parse_board(&request.board)?;
    refuse_counting_daily(&app, &board).await?;
    hint_answer(&app, board, request.candidates.as_ref()).await
}

/// The hint for a board with the player's pencil marks (the free route's
/// and the daily's answer).
pub(crate) async fn hint_answer(
    app: &AppState,
    board: Board,
    marks: Option<&BTreeMap<String, Vec<u8>>>,
) -> Result<Response, ApiError> {
    if board.rows() > MAX_HINT_SIDE || board.cols() > MAX_HINT_SIDE {
        return Err(ApiError::bad_request(format!(
            "hints are given for boards up to {MAX_HINT_SIDE}×{MAX_HINT_SIDE}, this one is {}×{}",
            board.rows(),
            board.cols()
        )));
    }
    let marks = match marks {
        Some(marks) => parse_marks(marks).map_err(ApiError::bad_request)?,
        None => Marks::new(),
    };
    let answer = app
        .compute
        .run(move || hint(&board, &marks, HINT_NODE_BUDGET))
        .await?
        .map_err(|e| match e {
            HintError::NotAWhiteCell { .. } => ApiError::bad_request(e.to_string()),
            HintError::Undecided(_) | HintError::GaveUp(_) => {
                ApiError::unprocessable(e.to_string())
            }
            HintError::NoSolution | HintError::SeveralSolutions => {
                ApiError::bad_request(e.to_string())
            }
        })?;
    Ok(Json(hint_json(&answer)).into_response())
}
