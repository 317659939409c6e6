//! The daily ChessMemory, played through the API: the day's setup never
//! leaves the server during play. The client turns squares over one at a
//! time; the server answers with the piece under each, keeps the game
//! (open squares, move count, log) in the database, so every server on it
//! shares the game, and decides itself when the game is won, in how many
//! moves and how long. Turns come no faster than [`MIN_TURN_MS`] apart, and
//! after a miss no sooner than [`MISS_SHOW_MS`] (the time the missed pair
//! shows), so a time on the table was played at a person's pace.
//!
//! Every game has its own board (issue 38, step 5): a fresh valid setup made
//! by the day's generator from a nonce only the server can compute (an HMAC
//! of the game's id under the daily secret, [`game_board`]). Mapping one
//! game's board, with as many throwaway player ids and addresses as one
//! likes, tells nothing about another game's, so there is no board to learn
//! before play. A game won in [`PERFECT_MOVES`] moves (not one miss) is
//! held for review: a person cannot know where a partner lies before seeing
//! it, so such a game says the board was known.

use super::kakuro::{no_store, table};
use super::{check_player, served_day, today, Day};
use crate::dailies::Dailies;
use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;
use crate::storage::daily::{ChessGame, DailyKey, DailySolve, StoredPuzzle};
use crate::storage::review::Entering;
use crate::triplex::play::check_name;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::Json;
use gridforge_chessmemory::{
    attacks, generate, generate_for_game, GenerateError, GenerateParams, Setup, Square,
};
use serde::{Deserialize, Serialize};

/// The shortest time between two turns.
pub const MIN_TURN_MS: u64 = 120;
/// After a miss, the missed pair shows this long before the next turn.
pub const MISS_SHOW_MS: u64 = 500;
/// Most squares turned in one game (a game is won in at least 64).
pub const MAX_TURNS: i64 = 4096;
/// Bytes of a game id.
const GAME_ID_BYTES: usize = 16;
/// The moves of a game without a miss: held for review when it counts.
pub const PERFECT_MOVES: i64 = 32;
/// The node budget of one game's board: the day's generator (backtracking,
/// the daily's own method) stopped early. A start draws game ids until one's
/// board is made within it, so every later turn, which makes the board
/// again, costs at most this much search. Boards take a median of 43
/// nodes and at most 589 in 10,000 measured games (see
/// docs/src/playing/chessmemory-daily.md), so a draw is almost never spent.
pub const GAME_NODE_BUDGET: u64 = 10_000;
/// Game ids a start draws before it gives up (503): each id's board fails
/// its budget rarely, so more than one is almost never needed.
const GAME_ID_TRIES: usize = 8;
/// Why a perfect game is held (the review queue shows it).
const PERFECT_HOLD: &str =
    "perfect game: 32 pairs in 32 moves without a miss (the board was known before play?)";

fn key_of(day: Day) -> DailyKey {
    DailyKey {
        game: "chess",
        day: day.to_string(),
        variant: "setup",
    }
}

fn make(seed: u64) -> Result<StoredPuzzle, gridforge_chessmemory::GenerateError> {
    let made = generate(&GenerateParams::default(), seed)?;
    let text = made.setup.to_string();
    Ok(StoredPuzzle {
        puzzle: text.clone(),
        solution: text,
        detail: String::new(),
    })
}

/// The daily of `day` with its maker, for [`super::ahead`].
pub(super) fn daily_of(day: Day) -> (DailyKey, super::Maker<gridforge_chessmemory::GenerateError>) {
    (key_of(day), make)
}

/// The generator of a game's board: the daily's, with [`GAME_NODE_BUDGET`].
fn game_params() -> GenerateParams {
    GenerateParams {
        node_budget: GAME_NODE_BUDGET,
        ..GenerateParams::default()
    }
}

/// The board of the game `game_id` of the daily of `day`: a fresh valid
/// setup made by `generate_for_game` from the day's seed and the game's
/// secret nonce ([`Dailies::game_nonce`]). The same secret, day and id
/// always give the same board, so every server on the database makes it
/// again for each turn instead of storing it; without the secret the id
/// tells nothing about it. Bounded by [`GAME_NODE_BUDGET`].
pub fn game_board(dailies: &Dailies, day: Day, game_id: &[u8]) -> Result<Setup, GenerateError> {
    let key = key_of(day);
    let made = generate_for_game(
        &game_params(),
        dailies.seed(&key, 0),
        dailies.game_nonce(&key, game_id),
    )?;
    Ok(made.setup)
}

/// The board of a stored game (its id was drawn so that its board is made
/// within the budget; a failure here is the server's).
fn board_of(app: &AppState, game: &ChessGame) -> Result<Setup, ApiError> {
    let day = Day::parse(&game.day)
        .ok_or_else(|| ApiError::internal("a stored game's day", &game.day))?;
    game_board(&app.daily, day, &game.id)
        .map_err(|e| ApiError::internal("a started game's board is not made again", &e))
}

/// A day's daily ChessMemory (never its layout).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = ChessDailyDay)]
pub(crate) struct DayJson {
    /// The UTC day, ISO.
    date: String,
    /// Play started now counts for this day's table.
    counts: bool,
    /// The shortest time between two turns.
    min_turn_ms: u64,
    /// After a miss, the wait before the next turn.
    miss_show_ms: u64,
}

fn day_answer(app: &AppState, day: Day) -> Response {
    no_store(Json(DayJson {
        date: day.to_string(),
        counts: day.counts_at(app.clock.now_ms()),
        min_turn_ms: MIN_TURN_MS,
        miss_show_ms: MISS_SHOW_MS,
    }))
}

/// `GET /api/chess/daily/today`.
#[utoipa::path(get, path = "/api/chess/daily/today", tag = "daily",
    summary = "Today's daily ChessMemory (no layout: it is played through the API)",
    responses((status = 200, description = "The day.", body = DayJson)))]
pub async fn chess_today(State(app): State<AppState>) -> Response {
    day_answer(&app, today(&app))
}

/// `GET /api/chess/daily/{date}`.
#[utoipa::path(get, path = "/api/chess/daily/{date}", tag = "daily",
    summary = "A day's daily ChessMemory (the archive; no layout)",
    params(("date" = String, Path, description = "The UTC day, YYYY-MM-DD: today or up to 366 days before.")),
    responses(
        (status = 200, description = "The day.", body = DayJson),
        (status = 400, description = "Not a date.", body = ErrorBody),
        (status = 404, description = "A day after today or older than the archive.", body = ErrorBody),
    ))]
pub async fn chess_day(
    State(app): State<AppState>,
    Path(date): Path<String>,
) -> Result<Response, ApiError> {
    Ok(day_answer(&app, served_day(&app, &date)?))
}

/// Body of a daily ChessMemory start.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = ChessDailyStartRequest)]
pub struct ChessStartRequest {
    /// The client's player id (8 to 64 characters of `A-Za-z0-9_-`).
    pub player: String,
    /// A name for the table (1 to 32 characters, no control characters).
    #[serde(default)]
    pub name: Option<String>,
}

/// Answer to a start.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = ChessDailyStarted)]
pub(crate) struct StartedJson {
    /// The game's id, for its turns.
    game: String,
    /// A game won before the day's grace ends counts, unless it is a replay.
    counts: bool,
    /// The player id turned a square in an earlier game of this day: only
    /// a player's first game counts (every game has its own board, so this
    /// is not about the board: a player who could drop the games going
    /// badly would keep its luckiest).
    replay: bool,
    /// The shortest time between two turns.
    min_turn_ms: u64,
    /// After a miss, the wait before the next turn.
    miss_show_ms: u64,
    /// When the game started (its clock runs from here), Unix ms.
    started_at: u64,
}

/// `POST /api/chess/daily/{date}/start`.
#[utoipa::path(post, path = "/api/chess/daily/{date}/start", tag = "daily",
    summary = "Start a daily ChessMemory game (replaces the player's unfinished one that turned no square; a replay does not count)",
    params(("date" = String, Path, description = "The UTC day, YYYY-MM-DD.")),
    request_body = ChessStartRequest,
    responses(
        (status = 200, description = "The game.", body = StartedJson),
        (status = 400, description = "Not a date, a bad player id or name, or malformed JSON.", body = ErrorBody),
        (status = 404, description = "A day outside the archive.", body = ErrorBody),
        (status = 422, description = "Wrong JSON types.", body = ErrorBody),
        (status = 429, description = "Too many write requests from this address (see `Retry-After`).", body = ErrorBody),
        (status = 503, description = "The database is unavailable or the server is busy; try again shortly.", body = ErrorBody),
    ))]
pub async fn chess_start(
    State(app): State<AppState>,
    Path(date): Path<String>,
    Json(mut request): Json<ChessStartRequest>,
) -> Result<Response, ApiError> {
    let day = served_day(&app, &date)?;
    check_player(&request.player)?;
    if let Some(name) = &mut request.name {
        *name = check_name(name)?;
    }
    // A fresh id whose board is made within the budget (nearly always
    // the first drawn).
    let id = (0..GAME_ID_TRIES)
        .map(|_| {
            let mut id = [0u8; GAME_ID_BYTES];
            rand::fill(&mut id);
            id
        })
        .find(|id| game_board(&app.daily, day, id).is_ok())
        .ok_or_else(|| {
            ApiError::busy("no board could be made for a new game; try again shortly")
        })?;
    let now = app.clock.now_ms();
    let replay = app
        .store
        .start_chess_game(&ChessGame {
            id: id.to_vec(),
            day: day.to_string(),
            player: request.player,
            name: request.name,
            started_at: now as i64,
            next_turn_at: now as i64,
            matched: 0,
            shown: Vec::new(),
            moves: 0,
            turns: 0,
            log: String::new(),
            finished_at: None,
        })
        .await?;
    Ok(no_store(Json(StartedJson {
        game: hex::encode(id),
        counts: day.counts_at(now) && !replay,
        replay,
        min_turn_ms: MIN_TURN_MS,
        miss_show_ms: MISS_SHOW_MS,
        started_at: now,
    })))
}

/// The game an id names, on the day the path names.
async fn game_of(app: &AppState, day: Day, id: &str) -> Result<ChessGame, ApiError> {
    let unknown = || ApiError::not_found("no such game on this day").because("no_such_game");
    let bytes = hex::decode(id).map_err(|_| unknown())?;
    if bytes.len() != GAME_ID_BYTES {
        return Err(unknown());
    }
    let game = app.store.chess_game(&bytes).await?.ok_or_else(unknown)?;
    if game.day != day.to_string() {
        return Err(unknown());
    }
    Ok(game)
}

/// Body of a turn.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = ChessDailyTurnRequest)]
pub struct TurnRequest {
    /// The game's id.
    pub game: String,
    /// The square to turn over: 0 = a8, 7 = h8, 63 = h1.
    pub square: u32,
}

/// Answer to a turn.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = ChessDailyTurn)]
pub(crate) struct TurnJson {
    /// The square turned.
    square: u32,
    /// The piece on it (`QNBR` white, `qnbr` black).
    piece: String,
    /// `first` (the first square of a move), `pair` (its partner: both stay
    /// open) or `miss` (both show until the next turn).
    result: &'static str,
    /// Moves (pairs of squares turned) so far.
    moves: i64,
    /// Pairs found so far.
    pairs: i64,
    /// The game is won.
    done: bool,
    /// The next turn is accepted no sooner than this.
    wait_ms: u64,
    /// When won: the time from the start to the last turn, by the server.
    #[serde(skip_serializing_if = "Option::is_none")]
    time_ms: Option<u64>,
    /// When won: on the day's table (the player's first finished game,
    /// started and won within the day and its grace).
    #[serde(skip_serializing_if = "Option::is_none")]
    counted: Option<bool>,
    /// When won and counted: the rank on the table (null otherwise); for
    /// a game won without an account, the rank it would have.
    #[serde(skip_serializing_if = "Option::is_none")]
    rank: Option<Option<i64>>,
    /// When won: no account's session made the winning turn, so the game
    /// is recorded but never listed (issue 38).
    #[serde(skip_serializing_if = "Option::is_none")]
    anonymous: Option<bool>,
    /// When won: held for review (a counted perfect game, issue 38): off
    /// the public table until an operator approves it; the time and rank
    /// are the player's own.
    #[serde(skip_serializing_if = "Option::is_none")]
    under_review: Option<bool>,
}

/// Whether the pieces on `a` and `b` are partners: the same piece, each in
/// the other's attack range.
fn partners(setup: &Setup, a: Square, b: Square) -> bool {
    let piece = setup.piece_at(a);
    a != b && piece == setup.piece_at(b) && attacks(piece.kind, a) & b.bit() != 0
}

fn square_at(position: u32) -> Option<Square> {
    Square::from_text_position(position as usize)
}

/// `POST /api/chess/daily/{date}/turn`.
#[utoipa::path(post, path = "/api/chess/daily/{date}/turn", tag = "daily",
    summary = "Turn one square of a daily ChessMemory game over",
    params(("date" = String, Path, description = "The UTC day, YYYY-MM-DD.")),
    request_body = TurnRequest,
    responses(
        (status = 200, description = "The piece and what the turn did; when the game is won, the server's time and move count.", body = TurnJson),
        (status = 400, description = "Not a date, a square out of range (0 to 63) or already open, or malformed JSON.", body = ErrorBody),
        (status = 404, description = "No such game on this day.", body = ErrorBody),
        (status = 409, description = "The game is over, or another turn of it came at the same time.", body = ErrorBody),
        (status = 422, description = "Wrong JSON types.", body = ErrorBody),
        (status = 429, description = "Too fast: sooner than `wait_ms` after the previous turn (or too many write requests from this address).", body = ErrorBody),
        (status = 503, description = "The database is unavailable; try again shortly.", body = ErrorBody),
    ))]
pub async fn chess_turn(
    State(app): State<AppState>,
    Path(date): Path<String>,
    headers: axum::http::HeaderMap,
    Json(request): Json<TurnRequest>,
) -> Result<Response, ApiError> {
    let day = served_day(&app, &date).map_err(|e| e.because("no_such_daily"))?;
    let mut game = game_of(&app, day, &request.game).await?;
    if game.finished_at.is_some() {
        return Err(ApiError::new(StatusCode::CONFLICT, "this game is over").because("game_over"));
    }
    let square = square_at(request.square).ok_or_else(|| {
        ApiError::bad_request("a square is 0 (a8) to 63 (h1)").because("bad_square")
    })?;
    let position = request.square as u8;
    // A missed pair still in `shown` goes face down with this turn (as the
    // offline rules' next uncover does), so only the current move's first
    // square counts as open.
    let face_up = game.shown.len() == 1 && game.shown[0] == position;
    if game.matched & (square.bit() as i64) != 0 || face_up {
        return Err(ApiError::bad_request("this square is open already").because("square_open"));
    }
    let now = app.clock.now_ms();
    if (now as i64) < game.next_turn_at {
        return Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            format!(
                "too fast: the next turn is accepted in {} ms",
                game.next_turn_at - now as i64
            ),
        )
        .because("too_fast"));
    }
    if game.turns >= MAX_TURNS {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            format!("a game has at most {MAX_TURNS} turns; start a new one"),
        )
        .because("too_long"));
    }
    let setup = board_of(&app, &game)?;
    let turns_before = game.turns;
    if game.shown.len() == 2 {
        game.shown.clear();
    }
    let (result, wait_ms) = match game.shown.first().copied() {
        None => {
            game.shown = vec![position];
            ("first", MIN_TURN_MS)
        }
        Some(first) => {
            game.moves += 1;
            let first_square = square_at(u32::from(first)).expect("a stored square");
            if partners(&setup, first_square, square) {
                game.matched |= (first_square.bit() | square.bit()) as i64;
                game.shown.clear();
                ("pair", MIN_TURN_MS)
            } else {
                game.shown = vec![first, position];
                ("miss", MISS_SHOW_MS)
            }
        }
    };
    game.turns += 1;
    game.next_turn_at = (now + wait_ms) as i64;
    if !game.log.is_empty() {
        game.log.push(' ');
    }
    game.log.push_str(&position.to_string());
    let done = game.matched == -1;
    let time_ms = (now as i64 - game.started_at).max(0);
    let key = key_of(day);
    let started = game.started_at.max(0) as u64;
    // The winning turn's session owns the game (issue 38): only accounts'
    // games are listed; an anonymous one is told the rank it would have.
    let account_id = if done {
        crate::accounts::session::SignedIn::of(&app, &axum::http::Method::POST, &headers)
            .await?
            .map(|signed| signed.account.id)
    } else {
        None
    };
    let in_time = day.counts_at(started) && day.counts_at(now);
    // Only a game played within the day and its grace is held: the others
    // are on no table. (A replay or a player's second game is held too when
    // perfect, though the store records it as not counted: the operator
    // sees it.)
    let perfect = done && in_time && game.moves <= PERFECT_MOVES;
    let solve = done.then(|| DailySolve {
        key: &key,
        nonce: &game.id,
        player: &game.player,
        time_ms,
        moves: Some(game.moves),
        assisted: false,
        helped_starter: None,
        counted: in_time,
        name: game.name.as_deref(),
        solved_at: now as i64,
        entering: Entering {
            account_id,
            hold: perfect.then_some(PERFECT_HOLD),
            ..Default::default()
        },
        // The winning turn's session was read above.
        session: None,
    });
    let mut written = game.clone();
    if done {
        written.finished_at = Some(now as i64);
    }
    let counted = app
        .store
        .update_chess_game(&written, turns_before, solve.as_ref())
        .await?
        .ok_or_else(|| {
            ApiError::new(
                StatusCode::CONFLICT,
                "another turn of this game came at the same time",
            )
            .because("concurrent_turn")
        })?;
    let pairs = i64::from(game.matched.count_ones()) / 2;
    let mut answer = TurnJson {
        square: request.square,
        piece: setup.piece_at(square).letter().to_string(),
        result,
        moves: game.moves,
        pairs,
        done,
        wait_ms,
        time_ms: None,
        counted: None,
        rank: None,
        anonymous: None,
        under_review: None,
    };
    let mut response = if done {
        let rank = if counted {
            Some(
                app.store
                    .daily_rank(&key, time_ms, Some(game.moves))
                    .await?,
            )
        } else {
            None
        };
        answer.time_ms = Some(time_ms as u64);
        answer.counted = Some(counted);
        answer.rank = Some(rank);
        answer.anonymous = Some(account_id.is_none());
        answer.under_review = Some(counted && perfect);
        no_store(Json(answer))
    } else {
        return Ok(no_store(Json(answer)));
    };
    response
        .extensions_mut()
        .insert(crate::error::SolveOutcome("accepted"));
    Ok(response)
}

/// The `game` query parameter.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct GameQuery {
    /// The game's id.
    pub game: String,
}

/// An open square.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = ChessDailySquare)]
pub(crate) struct OpenSquare {
    /// 0 = a8 … 63 = h1.
    square: u32,
    /// The piece on it.
    piece: String,
}

/// A game's state, for a page reload.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = ChessDailyGame)]
pub(crate) struct GameJson {
    /// The squares of the pairs found.
    open: Vec<OpenSquare>,
    /// The squares of the current move (one, or a missed pair still showing).
    shown: Vec<OpenSquare>,
    /// Moves so far.
    moves: i64,
    /// Pairs found.
    pairs: i64,
    /// The game is won.
    done: bool,
    /// When won: the time the server measured.
    #[serde(skip_serializing_if = "Option::is_none")]
    time_ms: Option<i64>,
}

/// `GET /api/chess/daily/{date}/game`.
#[utoipa::path(get, path = "/api/chess/daily/{date}/game", tag = "daily",
    summary = "A daily ChessMemory game's state (open squares, moves), for a reload",
    params(("date" = String, Path, description = "The UTC day, YYYY-MM-DD."), GameQuery),
    responses(
        (status = 200, description = "The game.", body = GameJson),
        (status = 400, description = "Not a date, or no game given.", body = ErrorBody),
        (status = 404, description = "No such game on this day.", body = ErrorBody),
        (status = 503, description = "The database is unavailable; try again shortly.", body = ErrorBody),
    ))]
pub async fn chess_game(
    State(app): State<AppState>,
    Path(date): Path<String>,
    Query(query): Query<GameQuery>,
) -> Result<Response, ApiError> {
    let day = served_day(&app, &date)?;
    let game = game_of(&app, day, &query.game).await?;
    let setup = board_of(&app, &game)?;
    let open_square = |position: u32| OpenSquare {
        square: position,
        piece: square_at(position)
            .map(|s| setup.piece_at(s).letter().to_string())
            .unwrap_or_default(),
    };
    let open = (0..64u32)
        .filter(|&p| square_at(p).is_some_and(|s| game.matched & (s.bit() as i64) != 0))
        .map(open_square)
        .collect();
    let shown = game
        .shown
        .iter()
        .map(|&p| open_square(u32::from(p)))
        .collect();
    Ok(no_store(Json(GameJson {
        open,
        shown,
        moves: game.moves,
        pairs: i64::from(game.matched.count_ones()) / 2,
        done: game.finished_at.is_some(),
        time_ms: game.finished_at.map(|at| at - game.started_at),
    })))
}

/// `GET /api/chess/daily/{date}/table`.
#[utoipa::path(get, path = "/api/chess/daily/{date}/table", tag = "daily",
    summary = "A daily ChessMemory's table: best times (then moves), solvers, your rank",
    params(
        ("date" = String, Path, description = "The UTC day, YYYY-MM-DD."),
        super::kakuro::TableQuery,
    ),
    responses(
        (status = 200, description = "The table (`assisted` is always empty).", body = super::kakuro::TableJson),
        (status = 400, description = "Not a date, or a bad player id.", body = ErrorBody),
        (status = 404, description = "A day outside the archive.", body = ErrorBody),
        (status = 503, description = "The database is unavailable; try again shortly.", body = ErrorBody),
    ))]
pub async fn chess_table(
    State(app): State<AppState>,
    Path(date): Path<String>,
    Query(query): Query<super::kakuro::TableQuery>,
) -> Result<Response, ApiError> {
    let day = served_day(&app, &date)?;
    table(&app, &key_of(day), None, query.player.as_deref()).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partners_follow_the_offline_rules() {
        let made = make(7).unwrap();
        let setup: Setup = made.puzzle.parse().unwrap();
        assert!(gridforge_chessmemory::validate(&setup).is_empty());
        // Every square has exactly one partner, as in chess-rules.js.
        for a in 0..64u32 {
            let sa = square_at(a).unwrap();
            let count = (0..64u32)
                .filter(|&b| partners(&setup, sa, square_at(b).unwrap()))
                .count();
            assert_eq!(count, 1, "square {a}");
        }
        assert!(square_at(64).is_none());
        assert_eq!(square_at(0).unwrap().to_string(), "a8");
        assert_eq!(square_at(63).unwrap().to_string(), "h1");
    }
}
