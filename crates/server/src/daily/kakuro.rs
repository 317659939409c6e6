//! The daily Kakuro: four puzzles a day (one per difficulty, sizes growing
//! with it), a signed start token per play that alone hands out the clues
//! (the day's listing does not: issue 38), the solve checked against the
//! puzzle's one solution and timed from the token (for a signed-in account
//! from its first start of the daily, kept in the database), one counted
//! solve per player per daily, and the tables. The daily's own help routes
//! are `super::help`.

use super::{check_player, served_day, today, Day, TABLE_LINES};
use crate::accounts::session::SignedIn;
use crate::error::{ApiError, ErrorBody};
use crate::etag::{cached, ETagged};
use crate::state::AppState;
use crate::storage::daily::{ranks, DailyKey, DailyRecorded, DailySolve, StoredPuzzle};
use crate::token::{TokenError, NONCE_BYTES};
use crate::triplex::play::{check_name, elapsed_since_issue};
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use gridforge_kakuro::{generate, Board, Difficulty, RectParams, Solution};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The side of each difficulty's daily board (clue row and column included).
pub use crate::dailies::KAKURO_SIZES as SIZES;
/// The believable minimum: this many milliseconds per digit cell (a
/// person reads the clues and writes every digit).
pub const MIN_MS_PER_CELL: u64 = 150;
/// Separates the daily Kakuro's tokens from every other MAC of the key
/// (v2: the token names the account that started, issue 38).
const TOKEN_DOMAIN: &[u8] = b"gridforge/daily/kakuro/start/v2";

/// The daily's key.
pub(super) fn key_of(day: Day, difficulty: Difficulty) -> DailyKey {
    crate::dailies::kakuro_key(day, difficulty)
}

/// Makes a daily Kakuro of `difficulty` from a seed.
fn maker(difficulty: Difficulty) -> fn(u64) -> Result<StoredPuzzle, String> {
    fn make(difficulty: Difficulty, seed: u64) -> Result<StoredPuzzle, String> {
        let side = SIZES
            .iter()
            .find(|(d, _)| *d == difficulty)
            .map_or(10, |(_, side)| *side);
        let params = RectParams::square(side, difficulty).map_err(|e| e.to_string())?;
        let made = generate(&params, seed).map_err(|e| e.to_string())?;
        Ok(StoredPuzzle {
            puzzle: made.puzzle.to_string(),
            solution: made.solution.to_string(),
            detail: made.hardest.name().to_string(),
        })
    }
    match difficulty {
        Difficulty::Easy => |seed| make(Difficulty::Easy, seed),
        Difficulty::Medium => |seed| make(Difficulty::Medium, seed),
        Difficulty::Hard => |seed| make(Difficulty::Hard, seed),
        _ => |seed| make(Difficulty::Expert, seed),
    }
}

/// Each difficulty's daily of `day` with its maker, for
/// [`super::ahead`], which makes them before anyone asks.
pub(super) fn dailies_of(day: Day) -> impl Iterator<Item = (DailyKey, super::Maker<String>)> {
    SIZES
        .iter()
        .map(move |(difficulty, _)| (key_of(day, *difficulty), maker(*difficulty)))
}

/// A daily Kakuro, parsed, with its human floor.
pub(super) struct Daily {
    stored: Arc<StoredPuzzle>,
    parsed: Arc<Parsed>,
}

/// What a daily's text gives: its board, its solution, and the human floor
/// a solving path is held to.
pub(super) struct Parsed {
    /// The puzzle (no digits).
    board: Board,
    solution: Solution,
    /// [`gridforge_kakuro::path::human_floor_ms`] (0 when the rater gives
    /// up: no floor then).
    floor_ms: u64,
}

impl Daily {
    /// The puzzle (no digits).
    pub(super) fn board(&self) -> &Board {
        &self.parsed.board
    }

    fn digit_cells(&self) -> u64 {
        self.board()
            .cells()
            .iter()
            .filter(|c| c.is_digit_cell())
            .count() as u64
    }

    fn min_time_ms(&self) -> u64 {
        MIN_MS_PER_CELL * self.digit_cells()
    }
}

/// The parsed dailies by puzzle text: parsing a daily and rating it for its
/// floor on every solve was a tenth of a daily solve's CPU (issue 46). A
/// pure function of the text, so one memo serves every server in the
/// process; cleared when it holds [`PARSED_CAP`] (a few days of dailies).
static PARSED: std::sync::LazyLock<
    std::sync::Mutex<std::collections::HashMap<String, Arc<Parsed>>>,
> = std::sync::LazyLock::new(Default::default);

/// See [`PARSED`].
const PARSED_CAP: usize = 64;

/// `stored` parsed and rated, from [`PARSED`] or now.
fn parsed(stored: &StoredPuzzle) -> Result<Arc<Parsed>, ApiError> {
    let memo = || PARSED.lock().unwrap_or_else(|p| p.into_inner());
    if let Some(found) = memo().get(&stored.puzzle) {
        return Ok(found.clone());
    }
    let board: Board = stored
        .puzzle
        .parse()
        .map_err(|e| ApiError::internal("a stored daily Kakuro does not parse", &e))?;
    let solution: Solution = stored
        .solution
        .parse()
        .map_err(|e| ApiError::internal("a stored daily solution does not parse", &e))?;
    let floor_ms = gridforge_kakuro::path::human_floor_ms(&board).unwrap_or(0);
    let parsed = Arc::new(Parsed {
        board,
        solution,
        floor_ms,
    });
    let mut memo = memo();
    if memo.len() >= PARSED_CAP {
        memo.clear();
    }
    memo.insert(stored.puzzle.clone(), parsed.clone());
    Ok(parsed)
}

/// The daily of `day` and `difficulty`, made if needed.
pub(super) async fn daily(
    app: &AppState,
    day: Day,
    difficulty: Difficulty,
) -> Result<Daily, ApiError> {
    let key = key_of(day, difficulty);
    let stored = super::puzzle(app, &key, maker(difficulty)).await?;
    let parsed = parsed(&stored)?;
    Ok(Daily { stored, parsed })
}

/// The clues of the daily Kakuro of `day` and `difficulty` (its name), for
/// playing a published path back (`crate::published`: only after it
/// closes).
pub(crate) async fn clues(app: &AppState, day: Day, difficulty: &str) -> Result<String, ApiError> {
    let made = daily(app, day, difficulty_of(difficulty)?).await?;
    Ok(made.stored.puzzle.clone())
}

pub(super) fn difficulty_of(text: &str) -> Result<Difficulty, ApiError> {
    SIZES
        .iter()
        .map(|(d, _)| *d)
        .find(|d| d.name() == text)
        .ok_or_else(|| {
            ApiError::not_found("no such daily difficulty (easy, medium, hard or expert)")
        })
}

/// One difficulty's daily.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = KakuroDailyPuzzle)]
pub(crate) struct DailyPuzzleJson {
    /// `easy`, `medium`, `hard` or `expert`.
    difficulty: &'static str,
    /// Columns, clue column included.
    width: usize,
    /// Rows, clue row included.
    height: usize,
    /// The hardest technique its logical solution needs.
    technique: String,
    /// A solve faster than this is refused (150 ms per digit cell).
    min_time_ms: u64,
}

/// A day's daily Kakuros.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = KakuroDailyDay)]
pub(crate) struct DailyDayJson {
    /// The UTC day, ISO.
    date: String,
    /// Play started now counts for this day's tables.
    counts: bool,
    /// Easy, medium, hard, expert.
    puzzles: Vec<DailyPuzzleJson>,
}

async fn day_answer(app: &AppState, day: Day, headers: &HeaderMap) -> Result<Response, ApiError> {
    let mut puzzles = Vec::with_capacity(SIZES.len());
    for (difficulty, _) in SIZES {
        let made = daily(app, day, difficulty).await?;
        puzzles.push(DailyPuzzleJson {
            difficulty: difficulty.name(),
            width: made.board().cols(),
            height: made.board().rows(),
            technique: made.stored.detail.clone(),
            min_time_ms: made.min_time_ms(),
        });
    }
    let answer = DailyDayJson {
        date: day.to_string(),
        counts: day.counts_at(app.clock.now_ms()),
        puzzles,
    };
    Ok(cached(&ETagged::json(&answer), headers, "no-cache"))
}

/// `GET /api/kakuro/daily/today`.
#[utoipa::path(get, path = "/api/kakuro/daily/today", tag = "daily",
    summary = "Today's daily Kakuro in each difficulty (UTC day)",
    responses(
        (status = 200, description = "The day's four dailies: sizes, techniques and minimum times, no clues (the start gives them).", body = DailyDayJson),
        (status = 503, description = "The database is unavailable or the server is busy; try again shortly.", body = ErrorBody),
    ))]
pub async fn kakuro_today(
    State(app): State<AppState>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    day_answer(&app, today(&app), &headers).await
}

/// `GET /api/kakuro/daily/{date}`.
#[utoipa::path(get, path = "/api/kakuro/daily/{date}", tag = "daily",
    summary = "A day's daily Kakuro in each difficulty (the archive)",
    params(("date" = String, Path, description = "The UTC day, YYYY-MM-DD: today or up to 366 days before.")),
    responses(
        (status = 200, description = "The day's four dailies: sizes, techniques and minimum times, no clues (the start gives them).", body = DailyDayJson),
        (status = 400, description = "Not a date.", body = ErrorBody),
        (status = 404, description = "A day after today or older than the archive.", body = ErrorBody),
        (status = 503, description = "The database is unavailable or the server is busy; try again shortly.", body = ErrorBody),
    ))]
pub async fn kakuro_day(
    State(app): State<AppState>,
    Path(date): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let day = served_day(&app, &date)?;
    day_answer(&app, day, &headers).await
}

/// Body of a daily start.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = DailyStartRequest)]
pub struct StartRequest {
    /// The client's player id (8 to 64 characters of `A-Za-z0-9_-`).
    pub player: String,
}

/// Answer to a daily start.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = KakuroDailyStarted)]
pub(crate) struct StartedJson {
    /// The signed start token (day, difficulty, player, account, time).
    token: String,
    /// A solve with this token, sent before the day's grace ends, counts.
    counts: bool,
    /// When the clock started, Unix ms: now, or for a signed-in account its
    /// first start of this daily (a restart, reload or second device does
    /// not reset it).
    issued_at: u64,
    /// How long the clock has run, ms: now minus `issued_at` by the
    /// server's clock (0 for a fresh start; an account's second device
    /// shows its time from this, not from its own clock).
    elapsed_ms: u64,
    /// A solve faster than this is refused.
    min_time_ms: u64,
    /// The clues: the board in the text format of `gridforge kakuro
    /// generate --json`'s `puzzle` (no solution). Only a start gives them.
    puzzle: String,
}

/// What a daily start token says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct DailyToken {
    pub(super) day: Day,
    difficulty: u8,
    /// When its clock started (an account's first start).
    pub(super) issued_at: u64,
    pub(super) nonce: [u8; NONCE_BYTES],
    /// The account that started, 0 for an anonymous start.
    pub(super) account: i64,
    player: String,
}

impl DailyToken {
    /// Whose start this is, as `daily_starts` keys it: the account, or for
    /// an anonymous start the token itself.
    pub(super) fn starter(&self) -> String {
        if self.account != 0 {
            account_starter(self.account)
        } else {
            format!("token:{}", hex::encode(self.nonce))
        }
    }
}

/// The `daily_starts` key of an account.
fn account_starter(account: i64) -> String {
    format!("account:{account}")
}

const FIXED: usize = 8 + 1 + 8 + NONCE_BYTES + 8;

fn token_payload(t: &DailyToken) -> Vec<u8> {
    let mut out = Vec::with_capacity(FIXED + t.player.len());
    out.extend_from_slice(&t.day.0.to_be_bytes());
    out.push(t.difficulty);
    out.extend_from_slice(&t.issued_at.to_be_bytes());
    out.extend_from_slice(&t.nonce);
    out.extend_from_slice(&t.account.to_be_bytes());
    out.extend_from_slice(t.player.as_bytes());
    out
}

fn read_token(app: &AppState, text: &str) -> Result<DailyToken, ApiError> {
    let payload = app
        .signer
        .verify_payload(TOKEN_DOMAIN, text)
        .map_err(|e| match e {
            TokenError::Malformed => ApiError::bad_request("the token is not a daily start token"),
            TokenError::BadSignature => ApiError::bad_request(e.to_string()),
        })?;
    if payload.len() < FIXED {
        return Err(ApiError::bad_request(
            "the token is not a daily start token",
        ));
    }
    let be8 = |at: usize| -> [u8; 8] { payload[at..at + 8].try_into().expect("8 bytes") };
    Ok(DailyToken {
        day: Day(i64::from_be_bytes(be8(0))),
        difficulty: payload[8],
        issued_at: u64::from_be_bytes(be8(9)),
        nonce: payload[17..17 + NONCE_BYTES]
            .try_into()
            .expect("nonce bytes"),
        account: i64::from_be_bytes(be8(17 + NONCE_BYTES)),
        player: String::from_utf8_lossy(&payload[FIXED..]).into_owned(),
    })
}

fn difficulty_index(difficulty: Difficulty) -> u8 {
    SIZES
        .iter()
        .position(|(d, _)| *d == difficulty)
        .unwrap_or(0) as u8
}

/// `POST /api/kakuro/daily/{date}/{difficulty}/start`: the clues and a
/// start token. A signed-in account's clock runs from its first start of
/// the daily (stored); an anonymous start's from now.
#[utoipa::path(post, path = "/api/kakuro/daily/{date}/{difficulty}/start", tag = "daily",
    summary = "Start a daily Kakuro: its clues and a signed start token (an account's time runs from its first start)",
    params(
        ("date" = String, Path, description = "The UTC day, YYYY-MM-DD."),
        ("difficulty" = String, Path, description = "`easy`, `medium`, `hard` or `expert`."),
    ),
    request_body = StartRequest,
    responses(
        (status = 200, description = "The clues and the token.", body = StartedJson),
        (status = 400, description = "Not a date, a bad player id or malformed JSON.", body = ErrorBody),
        (status = 403, description = "A session cookie without the CSRF header, or a banned account.", body = ErrorBody),
        (status = 404, description = "No such daily (a day outside the archive, an unknown difficulty).", body = ErrorBody),
        (status = 422, description = "Wrong JSON types.", body = ErrorBody),
        (status = 429, description = "Too many write requests from this address (see `Retry-After`).", body = ErrorBody),
        (status = 503, description = "The database is unavailable or the server is busy; try again shortly.", body = ErrorBody),
    ))]
pub async fn kakuro_start(
    State(app): State<AppState>,
    Path((date, difficulty)): Path<(String, String)>,
    headers: HeaderMap,
    Json(request): Json<StartRequest>,
) -> Result<Response, ApiError> {
    let day = served_day(&app, &date)?;
    let difficulty = difficulty_of(&difficulty)?;
    check_player(&request.player)?;
    let signed = SignedIn::of(&app, &Method::POST, &headers).await?;
    let made = daily(&app, day, difficulty).await?;
    let mut nonce = [0u8; NONCE_BYTES];
    rand::fill(&mut nonce);
    let now = app.clock.now_ms();
    let (account, issued_at) = match &signed {
        Some(signed) => {
            let first = app
                .store
                .first_daily_start(
                    &key_of(day, difficulty),
                    &account_starter(signed.account.id),
                    now as i64,
                )
                .await?;
            (signed.account.id, first.max(0) as u64)
        }
        None => (0, now),
    };
    let token = app.signer.sign_payload(
        TOKEN_DOMAIN,
        &token_payload(&DailyToken {
            day,
            difficulty: difficulty_index(difficulty),
            issued_at,
            nonce,
            account,
            player: request.player,
        }),
    );
    Ok(no_store(Json(StartedJson {
        token,
        counts: day.counts_at(issued_at),
        issued_at,
        elapsed_ms: now.saturating_sub(issued_at),
        min_time_ms: made.min_time_ms(),
        puzzle: made.stored.puzzle.clone(),
    })))
}

/// When [`sent_token`] has the session of a token an account started
/// checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum SessionCheck {
    /// Now, with a read of the session (the help routes).
    Now,
    /// By the statement that records the solve ([`DailySolve::session`]):
    /// a signed-in solve costs no read of its own (issue 38's load).
    WhenRecorded,
}

/// The 403 of a token an account started, sent without that account's
/// session.
fn other_account() -> ApiError {
    ApiError::new(
        StatusCode::FORBIDDEN,
        "the token was started by an account: send it signed in to that account",
    )
    .because("other_account")
}

/// Reads a start token sent for the daily of `day` and `difficulty` by
/// `player`: 400 for a forged or malformed token or one of another daily or
/// player, 403 for a token an account started sent without that account's
/// session (an anonymous token stays anonymous, whoever sends it), checked
/// `when` the caller says. Answers the token and, for an account's, the
/// hash of the session it was sent with.
pub(super) async fn sent_token(
    app: &AppState,
    headers: &HeaderMap,
    day: Day,
    difficulty: Difficulty,
    text: &str,
    player: &str,
    when: SessionCheck,
) -> Result<(DailyToken, Option<[u8; 32]>), ApiError> {
    let token = read_token(app, text).map_err(|e| e.because("bad_token"))?;
    if token.day != day || token.difficulty != difficulty_index(difficulty) {
        return Err(ApiError::bad_request(
            "the token was issued for another daily (day or difficulty)",
        )
        .because("other_daily"));
    }
    if token.player != player {
        return Err(
            ApiError::bad_request("the token was issued to another player").because("bad_token"),
        );
    }
    if token.account == 0 {
        return Ok((token, None));
    }
    let session = match when {
        SessionCheck::Now => match SignedIn::of(app, &Method::POST, headers).await? {
            Some(signed) if signed.account.id == token.account => signed.token_hash,
            _ => return Err(other_account()),
        },
        SessionCheck::WhenRecorded => {
            SignedIn::sent_session(app, &Method::POST, headers)?.ok_or_else(other_account)?
        }
    };
    Ok((token, Some(session)))
}

/// Body of a daily solve.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = KakuroDailySolveRequest)]
pub struct SolveRequest {
    /// The start token.
    pub token: String,
    /// The player id the token was issued to.
    pub player: String,
    /// The solved board in the text format of `generate --json`'s `solution`.
    pub grid: String,
    /// A name for the table (1 to 32 characters, no control characters).
    #[serde(default)]
    pub name: Option<String>,
    /// Hints used: more than 0 makes the solve assisted.
    #[serde(default)]
    pub hints: u32,
    /// "Check my grid" used: more than 0 makes the solve assisted.
    #[serde(default)]
    pub checks: u32,
    /// The solving path (issue 38): every digit set or erased with its time
    /// since the start, in the wire format of `web/js/solve-path.js`. The
    /// server replays it; a counted solve without one, or with a path a
    /// person does not make, is held for review.
    #[serde(default)]
    pub path: Option<String>,
}

/// Answer to a daily solve.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = KakuroDailySolved)]
pub(crate) struct SolvedJson {
    /// On the day's table (started and solved within the day and its grace).
    counted: bool,
    /// Hints or checks were used: shown apart from the clean times.
    assisted: bool,
    /// The time from the token's issue to the solve, by the server's clock.
    time_ms: u64,
    /// Rank among the clean times; null when not counted or assisted.
    /// For an anonymous or held solve, the rank it would have: only
    /// accounts' solves are listed (issue 38).
    rank: Option<i64>,
    /// Held for review (issue 38): off the public table until an operator
    /// approves it; the time and rank are the player's own.
    under_review: bool,
    /// Made without an account: recorded, never on the public table; the
    /// rank is the one it would have ("would be #N").
    anonymous: bool,
}

/// `POST /api/kakuro/daily/{date}/{difficulty}/solve`.
#[utoipa::path(post, path = "/api/kakuro/daily/{date}/{difficulty}/solve", tag = "daily",
    summary = "Submit a daily Kakuro solve (verified and timed by the server)",
    params(
        ("date" = String, Path, description = "The UTC day, YYYY-MM-DD."),
        ("difficulty" = String, Path, description = "`easy`, `medium`, `hard` or `expert`."),
    ),
    request_body = SolveRequest,
    responses(
        (status = 200, description = "Verified and recorded.", body = SolvedJson),
        (status = 400, description = "Malformed JSON, a bad player id or name, a malformed or forged token, a token of another day, difficulty or player, from the future or expired.", body = ErrorBody),
        (status = 403, description = "A token an account started, sent without that account's session.", body = ErrorBody),
        (status = 404, description = "No such daily.", body = ErrorBody),
        (status = 409, description = "The token was used before, or the player has a counted solve of this daily already.", body = ErrorBody),
        (status = 422, description = "Wrong JSON types, a grid that is not the solution, a time below the puzzle's believable minimum, or a solving path that does not replay (`bad_path`: nothing recorded, the token is not used).", body = ErrorBody),
        (status = 429, description = "Too many write requests from this address (see `Retry-After`).", body = ErrorBody),
        (status = 503, description = "The database is unavailable; try again shortly.", body = ErrorBody),
    ))]
pub async fn kakuro_solve(
    State(app): State<AppState>,
    Path((date, difficulty)): Path<(String, String)>,
    headers: HeaderMap,
    Json(mut request): Json<SolveRequest>,
) -> Result<Response, ApiError> {
    let day = served_day(&app, &date).map_err(|e| e.because("no_such_daily"))?;
    let difficulty = difficulty_of(&difficulty).map_err(|e| e.because("no_such_daily"))?;
    check_player(&request.player)?;
    if let Some(name) = &mut request.name {
        *name = check_name(name).map_err(|e| e.because("bad_name"))?;
    }
    let (token, session) = sent_token(
        &app,
        &headers,
        day,
        difficulty,
        &request.token,
        &request.player,
        SessionCheck::WhenRecorded,
    )
    .await?;
    let made = daily(&app, day, difficulty).await?;
    let grid: Solution = request.grid.parse().map_err(|e| {
        ApiError::unprocessable(format!("the grid does not parse: {e}")).because("not_a_solution")
    })?;
    if grid != made.parsed.solution {
        return Err(
            ApiError::unprocessable("the grid is not the puzzle's solution")
                .because("not_a_solution"),
        );
    }
    let now = app.clock.now_ms();
    let issued = crate::token::StartToken {
        level: 0,
        issued_at: token.issued_at,
        nonce: token.nonce,
    };
    let time_ms = elapsed_since_issue(&issued, now).map_err(|e| e.because("bad_token"))?;
    let min = made.min_time_ms();
    if time_ms < min {
        return Err(ApiError::unprocessable(format!(
            "solved in {time_ms} ms, faster than this puzzle allows ({min} ms: {} ms per digit cell)",
            super::kakuro::MIN_MS_PER_CELL
        ))
        .because("too_fast"));
    }
    let counted = day.counts_at(token.issued_at) && day.counts_at(now);
    let key = key_of(day, difficulty);
    let mut exposure = crate::paths::Exposure {
        public: counted,
        assisted: request.hints > 0 || request.checks > 0,
    };
    let check = |exposure| {
        crate::paths::check_kakuro(
            request.path.as_deref(),
            made.board(),
            &made.parsed.solution,
            made.parsed.floor_ms,
            time_ms,
            exposure,
        )
    };
    let mut path = check(exposure)?;
    // The daily's own help marked the starter (the account, or this token)
    // if it answered it: the INSERT reads that mark, so a solve costs no
    // read of its own, but when the mark would lift a pacing hold (rare: a
    // public solve whose pacing looks mechanical) it is read first.
    let starter = token.starter();
    if path.held_unless_assisted()
        && app
            .store
            .daily_start(&key, &starter)
            .await?
            .is_some_and(|s| s.assisted)
    {
        exposure.assisted = true;
        path = check(exposure)?;
    }
    let recorded = app
        .store
        .record_daily_solve(&DailySolve {
            key: &key,
            nonce: &token.nonce,
            player: &request.player,
            time_ms: time_ms as i64,
            moves: None,
            assisted: exposure.assisted,
            helped_starter: Some(&starter),
            counted,
            name: request.name.as_deref(),
            solved_at: now as i64,
            // The account that started (its session was checked with the
            // token), so a ban or a deletion finds the solve.
            entering: crate::storage::review::Entering {
                account_id: (token.account != 0).then_some(token.account),
                ..path.entering()
            },
            session: session.as_ref().map(|hash| hash.as_slice()),
        })
        .await?;
    match recorded {
        DailyRecorded::NonceUsed => Err(ApiError::new(
            StatusCode::CONFLICT,
            "this start token was already used for a solve",
        )
        .because("token_used")),
        DailyRecorded::AlreadySolved => Err(ApiError::new(
            StatusCode::CONFLICT,
            "this player has a counted solve of this daily already",
        )
        .because("already_solved")),
        // Signed out or banned (which ends the sessions) since the start.
        DailyRecorded::SignedOut => Err(other_account()),
        DailyRecorded::Recorded { rank, assisted } => Ok(no_store(Json(SolvedJson {
            counted,
            assisted,
            time_ms,
            rank,
            under_review: path.held(),
            anonymous: token.account == 0,
        }))),
    }
}

/// The `player` query parameter of a table.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct TableQuery {
    /// The asking player's id: the answer's `you`.
    pub player: Option<String>,
}

/// One line of a table.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = DailyTableLine)]
pub(crate) struct LineJson {
    /// Competition rank (ties share one); absent for assisted lines.
    #[serde(skip_serializing_if = "Option::is_none")]
    rank: Option<i64>,
    /// The name, null when none was given or it is hidden.
    name: Option<String>,
    /// The time.
    time_ms: i64,
    /// ChessMemory's moves; absent for Kakuro.
    #[serde(skip_serializing_if = "Option::is_none")]
    moves: Option<i64>,
    /// The entry's id for `GET /api/paths/{entry}` (its solving path),
    /// given once the daily's paths are public (a daily Kakuro after it
    /// closes); absent before and for ChessMemory.
    #[serde(skip_serializing_if = "Option::is_none")]
    entry: Option<String>,
    /// The account that made it is provisional (new): the client shows
    /// `account.provisional` with it.
    provisional: bool,
}

/// The asking player's own line.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = DailyTableYou)]
pub(crate) struct YouJson {
    /// Rank among the clean times; null for an assisted solve.
    rank: Option<i64>,
    /// The time.
    time_ms: i64,
    /// ChessMemory's moves; absent for Kakuro.
    #[serde(skip_serializing_if = "Option::is_none")]
    moves: Option<i64>,
    /// Hints or checks were used.
    assisted: bool,
    /// Held for review (or voided): on no public table; the rank is the
    /// one it would have.
    under_review: bool,
    /// Made without an account: recorded, never on the public table; the
    /// rank is the one it would have (issue 38).
    anonymous: bool,
}

/// A daily's table.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = DailyTable)]
pub(crate) struct TableJson {
    /// The UTC day.
    date: String,
    /// The Kakuro difficulty; absent for ChessMemory.
    #[serde(skip_serializing_if = "Option::is_none")]
    difficulty: Option<&'static str>,
    /// Players with a counted solve (assisted ones included).
    solvers: i64,
    /// The best clean times (up to 10), by time then moves.
    best: Vec<LineJson>,
    /// The best assisted times (up to 10; Kakuro only).
    assisted: Vec<LineJson>,
    /// The asking player's counted solve, or null.
    you: Option<YouJson>,
    /// When the lines' solving paths are public (Unix ms: the daily's
    /// close); absent for ChessMemory, which keeps no paths.
    #[serde(skip_serializing_if = "Option::is_none")]
    paths_public_at: Option<u64>,
}

/// A daily's table as JSON.
pub(crate) async fn table(
    app: &AppState,
    key: &DailyKey,
    difficulty: Option<&'static str>,
    player: Option<&str>,
) -> Result<Response, ApiError> {
    if let Some(player) = player {
        check_player(player)?;
    }
    let table = app.store.daily_table(key, player, TABLE_LINES).await?;
    let best_ranks = ranks(&table.best);
    // Only the daily Kakuro keeps paths; they are public once it closes.
    let paths_public_at = (key.game == "kakuro")
        .then(|| Day::parse(&key.day).map(Day::closes_at))
        .flatten();
    let published = paths_public_at.is_some_and(|at| app.clock.now_ms() >= at);
    let now = app.clock.now_ms() as i64;
    let line = |(e, rank): (crate::storage::daily::DailyEntry, Option<i64>)| LineJson {
        rank,
        name: e.name,
        time_ms: e.time_ms,
        moves: e.moves,
        entry: published.then(|| {
            crate::storage::review::EntryId {
                table: crate::storage::review::EntryTable::Daily,
                nonce: e.nonce,
            }
            .to_string()
        }),
        provisional: e.provisional_until > now,
    };
    let answer = TableJson {
        date: key.day.clone(),
        difficulty,
        solvers: table.solvers,
        best: table
            .best
            .into_iter()
            .zip(best_ranks.into_iter().map(Some))
            .map(line)
            .collect(),
        assisted: table
            .assisted
            .into_iter()
            .map(|e| line((e, None)))
            .collect(),
        you: table.own.map(|own| YouJson {
            rank: own.rank,
            time_ms: own.time_ms,
            moves: own.moves,
            assisted: own.assisted,
            under_review: !own.review.listed(),
            anonymous: !own.by_account,
        }),
        paths_public_at,
    };
    Ok(no_store(Json(answer)))
}

/// `GET /api/kakuro/daily/{date}/{difficulty}/table`.
#[utoipa::path(get, path = "/api/kakuro/daily/{date}/{difficulty}/table", tag = "daily",
    summary = "A daily Kakuro's table: best clean and assisted times, solvers, your rank",
    params(
        ("date" = String, Path, description = "The UTC day, YYYY-MM-DD."),
        ("difficulty" = String, Path, description = "`easy`, `medium`, `hard` or `expert`."),
        TableQuery,
    ),
    responses(
        (status = 200, description = "The table.", body = TableJson),
        (status = 400, description = "Not a date, or a bad player id.", body = ErrorBody),
        (status = 404, description = "No such daily.", body = ErrorBody),
        (status = 503, description = "The database is unavailable; try again shortly.", body = ErrorBody),
    ))]
pub async fn kakuro_table(
    State(app): State<AppState>,
    Path((date, difficulty)): Path<(String, String)>,
    Query(query): Query<TableQuery>,
) -> Result<Response, ApiError> {
    let day = served_day(&app, &date)?;
    let difficulty = difficulty_of(&difficulty)?;
    table(
        &app,
        &key_of(day, difficulty),
        Some(difficulty.name()),
        query.player.as_deref(),
    )
    .await
}

/// Marks a dynamic answer as not cacheable.
pub(crate) fn no_store(body: impl IntoResponse) -> Response {
    ([(header::CACHE_CONTROL, "no-store")], body).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_round_trip_and_refuse_edits() {
        let signer = crate::token::TokenSigner::new(b"k");
        let token = DailyToken {
            day: Day(20_000),
            difficulty: 3,
            issued_at: 1_700_000_000_000,
            nonce: [9; NONCE_BYTES],
            account: 77,
            player: "player-0001".into(),
        };
        let text = signer.sign_payload(TOKEN_DOMAIN, &token_payload(&token));
        let payload = signer.verify_payload(TOKEN_DOMAIN, &text).unwrap();
        assert_eq!(payload, token_payload(&token));
        // A Triplex start token's domain does not verify a daily token.
        assert!(signer.verify(&text).is_err());
        let mut forged = text.into_bytes();
        forged[15] = if forged[15] == b'0' { b'1' } else { b'0' };
        let forged = String::from_utf8(forged).unwrap();
        assert!(signer.verify_payload(TOKEN_DOMAIN, &forged).is_err());
    }

    #[test]
    fn every_difficulty_has_a_size_that_grows() {
        let sides: Vec<usize> = SIZES.iter().map(|(_, s)| *s).collect();
        assert!(sides.windows(2).all(|w| w[0] < w[1]));
        for (d, side) in SIZES {
            assert!(RectParams::square(side, d).is_ok(), "{}", d.name());
            assert_eq!(difficulty_of(d.name()).unwrap(), d);
        }
        assert!(difficulty_of("master").is_err());
    }
}
