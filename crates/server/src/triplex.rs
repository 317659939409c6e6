//! Triplex over HTTP: the level list (without solutions), start tokens,
//! verified solves and the table of records.

use crate::error::{ApiError, ErrorBody};
use crate::http::{cached, cached_json, ETagged};
use crate::storage::LevelMedian;
use crate::storage::{NameOutcome, NewSolve, SolveRecorded};
use crate::token::{StartToken, TokenError, NONCE_BYTES};
use crate::AppState;
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use gridforge_triplex::pack::{blockpuzzle_levels, game_levels, GameLevel};
use gridforge_triplex::{Level, Pack, Placement, PublicLevel};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// The fastest believable solve: this many milliseconds per piece.
pub const MIN_MS_PER_PIECE: u64 = 250;
/// A start token is good for this long.
pub const TOKEN_LIFETIME_MS: u64 = 30 * 24 * 60 * 60 * 1000;
/// Tolerated clock difference between servers sharing a database.
pub const CLOCK_SKEW_MS: u64 = 5_000;
/// Longest name in the table of records, in characters.
pub const MAX_NAME_CHARS: usize = 32;
/// Name under which the token key is kept in the database.
pub const TOKEN_SECRET_NAME: &str = "triplex-start-token";
/// How long the answer of `GET /api/triplex/medians` is reused before the
/// solves are read again.
pub const MEDIANS_TTL: Duration = Duration::from_secs(60);

/// One level as the API shows it: the level without its solution, and the
/// shortest solve time the server accepts.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = Level)]
pub struct ApiLevel {
    /// The level, as every client sees it.
    #[serde(flatten)]
    #[schema(value_type = PublicLevelDoc)]
    pub level: PublicLevel,
    /// Solves faster than this are refused.
    pub min_time_ms: u64,
}

/// The OpenAPI schema of [`PublicLevel`] (a type of the Triplex crate,
/// which knows nothing of OpenAPI); a test checks that it names exactly the
/// fields a level serialises to.
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
pub(crate) struct PublicLevelDoc {
    /// Position in the pack, from 1.
    number: usize,
    /// Width of the rectangle.
    width: usize,
    /// Height of the rectangle.
    height: usize,
    /// The level description, e.g. `4x3:2h,v,Lnw,Lse@`.
    description: String,
    /// Piece k as given to the player: its cells `[row, col]`, normalised to
    /// start at row 0 and column 0.
    pieces: Vec<Vec<[usize; 2]>>,
    /// Index of the piece the player may rotate and reflect.
    rotatable: Option<usize>,
    /// The solver's node count: higher is harder.
    difficulty: u64,
}

/// A level the server can verify solves of.
#[derive(Debug)]
pub struct CatalogueLevel {
    /// What clients see.
    pub public: ApiLevel,
    /// The parsed level, for checking placements.
    pub level: Level,
    /// `public` as JSON, made once.
    json: ETagged,
}

/// The Triplex levels this server serves, with the list's JSON made once.
#[derive(Debug)]
pub struct Catalogue {
    levels: Vec<CatalogueLevel>,
    list: ETagged,
    /// Level number by description (the records' key).
    numbers: HashMap<String, usize>,
    /// The last answer of the medians endpoint and when it was made.
    medians: Mutex<Option<(Instant, Arc<ETagged>)>>,
    /// The family's prefix of the records' level key (empty for Triplex,
    /// whose records are keyed by the bare description as always).
    key_prefix: &'static str,
    /// Added to a level number in the family's start tokens, so a token of
    /// one family's level never serves another's.
    token_offset: u32,
}

/// Records of BlockPuzzle levels are kept under this prefix + description.
pub const BLOCKPUZZLE_KEY_PREFIX: &str = "blockpuzzle:";
/// BlockPuzzle start tokens carry level numbers from this offset + 1.
pub const BLOCKPUZZLE_TOKEN_OFFSET: u32 = 1 << 24;

/// The level list's JSON.
/// The level list.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = LevelList)]
pub(crate) struct LevelList<'a> {
    /// Number of levels.
    count: usize,
    /// Every level, by number.
    levels: Vec<&'a ApiLevel>,
}

impl Catalogue {
    /// The catalogue of a pack.
    pub fn from_pack(pack: &Pack) -> Result<Catalogue, String> {
        let levels = pack
            .levels
            .iter()
            .enumerate()
            .map(|(i, record)| {
                let level = record
                    .level()
                    .map_err(|e| format!("level {} does not parse: {e}", i + 1))?;
                Ok(GameLevel {
                    number: i + 1,
                    level,
                    difficulty: record.difficulty,
                    solution: record.solution.clone(),
                })
            })
            .collect::<Result<Vec<_>, String>>()?;
        Ok(Catalogue::from_levels(levels))
    }

    /// The catalogue of a level list.
    pub fn from_levels(listed: Vec<GameLevel>) -> Catalogue {
        let levels: Vec<CatalogueLevel> = listed.into_iter().map(catalogue_level).collect();
        let list = LevelList {
            count: levels.len(),
            levels: levels.iter().map(|l| &l.public).collect(),
        };
        let list = ETagged::json(&list);
        let numbers = levels
            .iter()
            .map(|l| (l.public.level.description.clone(), l.public.level.number))
            .collect();
        Catalogue {
            levels,
            list,
            numbers,
            medians: Mutex::new(None),
            key_prefix: "",
            token_offset: 0,
        }
    }

    /// The catalogue of a second family's level list: its records keyed by
    /// `key_prefix` + description, its tokens numbered from
    /// `token_offset` + 1.
    pub fn for_family(
        listed: Vec<GameLevel>,
        key_prefix: &'static str,
        token_offset: u32,
    ) -> Catalogue {
        let mut catalogue = Catalogue::from_levels(listed);
        catalogue.numbers = catalogue
            .levels
            .iter()
            .map(|l| {
                (
                    format!("{key_prefix}{}", l.public.level.description),
                    l.public.level.number,
                )
            })
            .collect();
        catalogue.key_prefix = key_prefix;
        catalogue.token_offset = token_offset;
        catalogue
    }

    /// The BlockPuzzle family's catalogue (its 500 levels, read in about a
    /// millisecond), made for each server: its medians cache is the server's
    /// own, as two servers in one process (the tests) use two databases.
    pub fn blockpuzzle() -> Result<Arc<Catalogue>, String> {
        let levels = blockpuzzle_levels().map_err(|e| e.to_string())?;
        Ok(Arc::new(Catalogue::for_family(
            levels,
            BLOCKPUZZLE_KEY_PREFIX,
            BLOCKPUZZLE_TOKEN_OFFSET,
        )))
    }

    /// The key the store keeps a level's records under.
    fn record_key(&self, level: &CatalogueLevel) -> String {
        format!("{}{}", self.key_prefix, level.public.level.description)
    }

    /// The catalogue of the game's level list (every level up to area 64,
    /// read from the list compiled in, in milliseconds), built once per
    /// process.
    pub fn shared() -> Result<Arc<Catalogue>, String> {
        static SHARED: OnceLock<Result<Arc<Catalogue>, String>> = OnceLock::new();
        SHARED
            .get_or_init(|| {
                let started = std::time::Instant::now();
                let levels = game_levels().map_err(|e| e.to_string())?;
                let catalogue = Catalogue::from_levels(levels);
                tracing::info!(
                    levels = catalogue.len(),
                    elapsed_ms = started.elapsed().as_millis() as u64,
                    "built the Triplex pack"
                );
                Ok(Arc::new(catalogue))
            })
            .clone()
    }

    /// Number of levels.
    pub fn len(&self) -> usize {
        self.levels.len()
    }

    /// True when there are no levels.
    pub fn is_empty(&self) -> bool {
        self.levels.is_empty()
    }

    /// Level `number` (from 1).
    pub fn get(&self, number: usize) -> Option<&CatalogueLevel> {
        number.checked_sub(1).and_then(|i| self.levels.get(i))
    }

    /// Level `number` from a path segment: 400 for a non-number, 404 for a
    /// number with no level.
    fn lookup(&self, segment: &str) -> Result<(usize, &CatalogueLevel), ApiError> {
        let number: usize = segment.parse().map_err(|_| {
            ApiError::bad_request(format!(
                "level number must be a positive integer, not '{}'",
                clip(segment)
            ))
        })?;
        self.get(number).map(|l| (number, l)).ok_or_else(|| {
            ApiError::not_found(format!(
                "there is no level {number} (levels are 1 to {})",
                self.len()
            ))
        })
    }
}

fn catalogue_level(listed: GameLevel) -> CatalogueLevel {
    let GameLevel {
        number,
        level,
        difficulty,
        ..
    } = listed;
    let public = ApiLevel {
        level: PublicLevel::of_level(number, &level, difficulty),
        min_time_ms: MIN_MS_PER_PIECE * level.pieces().len() as u64,
    };
    let json = ETagged::json(&public);
    CatalogueLevel {
        public,
        level,
        json,
    }
}

/// The first characters of user input, for error messages.
fn clip(text: &str) -> String {
    text.chars().take(24).collect()
}

/// Now, Unix milliseconds.
pub fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// Checks a name for the table of records: 1 to 32 characters, no control
/// characters. Names are stored exactly as given.
pub fn check_name(name: &str) -> Result<(), ApiError> {
    let chars = name.chars().count();
    if chars == 0 || chars > MAX_NAME_CHARS {
        return Err(ApiError::bad_request(format!(
            "a name has 1 to {MAX_NAME_CHARS} characters, this one has {chars}"
        )));
    }
    if name.chars().any(char::is_control) {
        return Err(ApiError::bad_request(
            "a name may not contain control characters",
        ));
    }
    Ok(())
}

/// `GET /api/triplex/levels`: every level, without solutions.
#[utoipa::path(get, path = "/api/triplex/levels", tag = "triplex",
    summary = "Every Triplex level, without solutions",
    responses(
        (status = 200, description = "The level list.", body = LevelList),
        (status = 304, description = "Not modified."),
    ))]
pub async fn list_levels(State(app): State<AppState>, headers: HeaderMap) -> Response {
    list_levels_in(&app.catalogue, headers).await
}

/// `GET /api/blockpuzzle/levels`: every level, without solutions.
#[utoipa::path(get, path = "/api/blockpuzzle/levels", tag = "blockpuzzle",
    summary = "Every BlockPuzzle level, without solutions",
    responses(
        (status = 200, description = "The level list.", body = LevelList),
        (status = 304, description = "Not modified."),
    ))]
pub async fn blockpuzzle_list_levels(State(app): State<AppState>, headers: HeaderMap) -> Response {
    list_levels_in(&app.blockpuzzle, headers).await
}

async fn list_levels_in(cat: &Catalogue, headers: HeaderMap) -> Response {
    cached_json(&cat.list, &headers)
}

/// `GET /api/triplex/levels/{number}`: one level, without its solution.
#[utoipa::path(get, path = "/api/triplex/levels/{number}", tag = "triplex",
    summary = "One level, without its solution",
    params(("number" = String, Path, description = "The level number, from 1.")),
    responses(
        (status = 200, description = "The level.", body = ApiLevel),
        (status = 304, description = "Not modified."),
        (status = 400, description = "Not a level number.", body = ErrorBody),
        (status = 404, description = "No such level.", body = ErrorBody),
    ))]
pub async fn get_level(
    State(app): State<AppState>,
    Path(number): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    get_level_in(&app.catalogue, number, headers).await
}

/// `GET /api/blockpuzzle/levels/{number}`: one level, without its solution.
#[utoipa::path(get, path = "/api/blockpuzzle/levels/{number}", tag = "blockpuzzle",
    summary = "One level, without its solution",
    params(("number" = String, Path, description = "The level number, from 1.")),
    responses(
        (status = 200, description = "The level.", body = ApiLevel),
        (status = 304, description = "Not modified."),
        (status = 400, description = "Not a level number.", body = ErrorBody),
        (status = 404, description = "No such level.", body = ErrorBody),
    ))]
pub async fn blockpuzzle_get_level(
    State(app): State<AppState>,
    Path(number): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    get_level_in(&app.blockpuzzle, number, headers).await
}

async fn get_level_in(
    cat: &Catalogue,
    number: String,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let (_, level) = cat.lookup(&number)?;
    Ok(cached_json(&level.json, &headers))
}

/// Answer to a start.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub(crate) struct Started {
    /// The level number.
    level: usize,
    /// The signed start token, to send with the solve.
    token: String,
    /// When the token was issued, Unix milliseconds.
    issued_at: u64,
    /// Solves faster than this are refused.
    min_time_ms: u64,
}

/// `POST /api/triplex/levels/{number}/start`: a signed start token.
#[utoipa::path(post, path = "/api/triplex/levels/{number}/start", tag = "triplex",
    summary = "Start a level: a signed start token",
    params(("number" = String, Path, description = "The level number, from 1.")),
    responses(
        (status = 200, description = "The token.", body = Started),
        (status = 400, description = "Not a level number.", body = ErrorBody),
        (status = 404, description = "No such level.", body = ErrorBody),
        (status = 429, description = "Too many write requests from this address (see `Retry-After`).", body = ErrorBody),
    ))]
pub async fn start(
    State(app): State<AppState>,
    Path(number): Path<String>,
) -> Result<Response, ApiError> {
    start_in(&app, &app.catalogue, number).await
}

/// `POST /api/blockpuzzle/levels/{number}/start`: a signed start token.
#[utoipa::path(post, path = "/api/blockpuzzle/levels/{number}/start", tag = "blockpuzzle",
    summary = "Start a level: a signed start token",
    params(("number" = String, Path, description = "The level number, from 1.")),
    responses(
        (status = 200, description = "The token.", body = Started),
        (status = 400, description = "Not a level number.", body = ErrorBody),
        (status = 404, description = "No such level.", body = ErrorBody),
        (status = 429, description = "Too many write requests from this address (see `Retry-After`).", body = ErrorBody),
    ))]
pub async fn blockpuzzle_start(
    State(app): State<AppState>,
    Path(number): Path<String>,
) -> Result<Response, ApiError> {
    start_in(&app, &app.blockpuzzle, number).await
}

async fn start_in(app: &AppState, cat: &Catalogue, number: String) -> Result<Response, ApiError> {
    let (number, level) = cat.lookup(&number)?;
    let mut nonce = [0u8; NONCE_BYTES];
    rand::fill(&mut nonce);
    let issued_at = now_ms();
    let token = app.signer.sign(&StartToken {
        level: number as u32 + cat.token_offset,
        issued_at,
        nonce,
    });
    Ok(no_store(Json(Started {
        level: number,
        token,
        issued_at,
        min_time_ms: level.public.min_time_ms,
    })))
}

/// One piece of a claimed solution.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Placement)]
pub struct PlacedPiece {
    /// Index of the piece in the level's `pieces`.
    pub piece: usize,
    /// The cells `[row, col]` it covers on the board.
    pub cells: Vec<[u32; 2]>,
}

/// Body of a solve submission.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SolveRequest {
    /// The start token.
    pub token: String,
    /// Where every piece lies.
    pub placements: Vec<PlacedPiece>,
    /// A name for the table of records, used if this solve is the first.
    #[serde(default)]
    pub name: Option<String>,
    /// The player used a hint: the solve is recorded, but never as the first
    /// solve nor the best time.
    #[serde(default)]
    pub hinted: bool,
}

/// Answer to a recorded solve.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub(crate) struct Solved {
    /// The level number.
    level: usize,
    /// The solve time: from the token's issue to the solve.
    time_ms: u64,
    /// This solve is the level's first.
    first: bool,
    /// The name sent with it is now in the table of records.
    named: bool,
    /// The solve used a hint: recorded, never first or best.
    hinted: bool,
}

/// `POST /api/triplex/levels/{number}/solves`: verify and record a solve.
#[utoipa::path(post, path = "/api/triplex/levels/{number}/solves", tag = "triplex",
    summary = "Submit a solve",
    params(("number" = String, Path, description = "The level number, from 1.")),
    request_body = SolveRequest,
    responses(
        (status = 200, description = "Verified and recorded (durably).", body = Solved),
        (status = 400, description = "Malformed JSON, unknown fields, a bad name, a token that is malformed, forged, expired, issued in the future or issued for another level.", body = ErrorBody),
        (status = 404, description = "No such level.", body = ErrorBody),
        (status = 409, description = "The token was already used for a solve.", body = ErrorBody),
        (status = 422, description = "Wrong JSON types, or not a solution, or solved faster than `min_time_ms`.", body = ErrorBody),
        (status = 503, description = "The database is unavailable; try again shortly.", body = ErrorBody),
        (status = 413, description = "Body larger than 64 KiB.", body = ErrorBody),
        (status = 415, description = "Body is not `application/json`.", body = ErrorBody),
        (status = 429, description = "Too many write requests from this address (see `Retry-After`).", body = ErrorBody),
    ))]
pub async fn submit_solve(
    State(app): State<AppState>,
    Path(number): Path<String>,
    Json(request): Json<SolveRequest>,
) -> Result<Response, ApiError> {
    submit_solve_in(&app, &app.catalogue, number, request).await
}

/// `POST /api/blockpuzzle/levels/{number}/solves`: verify and record a solve.
#[utoipa::path(post, path = "/api/blockpuzzle/levels/{number}/solves", tag = "blockpuzzle",
    summary = "Submit a solve",
    params(("number" = String, Path, description = "The level number, from 1.")),
    request_body = SolveRequest,
    responses(
        (status = 200, description = "Verified and recorded (durably).", body = Solved),
        (status = 400, description = "Malformed JSON, unknown fields, a bad name, a token that is malformed, forged, expired, issued in the future or issued for another level.", body = ErrorBody),
        (status = 404, description = "No such level.", body = ErrorBody),
        (status = 409, description = "The token was already used for a solve.", body = ErrorBody),
        (status = 422, description = "Wrong JSON types, or not a solution, or solved faster than `min_time_ms`.", body = ErrorBody),
        (status = 503, description = "The database is unavailable; try again shortly.", body = ErrorBody),
        (status = 413, description = "Body larger than 64 KiB.", body = ErrorBody),
        (status = 415, description = "Body is not `application/json`.", body = ErrorBody),
        (status = 429, description = "Too many write requests from this address (see `Retry-After`).", body = ErrorBody),
    ))]
pub async fn blockpuzzle_submit_solve(
    State(app): State<AppState>,
    Path(number): Path<String>,
    Json(request): Json<SolveRequest>,
) -> Result<Response, ApiError> {
    submit_solve_in(&app, &app.blockpuzzle, number, request).await
}

async fn submit_solve_in(
    app: &AppState,
    cat: &Catalogue,
    number: String,
    request: SolveRequest,
) -> Result<Response, ApiError> {
    let (number, level) = cat.lookup(&number)?;
    if let Some(name) = &request.name {
        check_name(name).map_err(|e| e.because("bad_name"))?;
    }
    let token =
        verify_token(app, cat, &request.token, number).map_err(|e| e.because("bad_token"))?;
    let placements = to_placements(&request.placements).map_err(|e| e.because("not_a_solution"))?;
    let violations = level.level.check_placements(&placements);
    if !violations.is_empty() {
        let all: Vec<String> = violations.iter().map(ToString::to_string).collect();
        return Err(
            ApiError::unprocessable(format!("not a solution: {}", all.join("; ")))
                .because("not_a_solution"),
        );
    }
    let now = now_ms();
    let time_ms = elapsed_since_issue(&token, now).map_err(|e| e.because("bad_token"))?;
    if time_ms < level.public.min_time_ms {
        return Err(ApiError::unprocessable(format!(
            "solved in {time_ms} ms, faster than this level allows ({} ms: {MIN_MS_PER_PIECE} ms per piece)",
            level.public.min_time_ms
        ))
        .because("too_fast"));
    }
    let outcome = app
        .store
        .record_solve(&NewSolve {
            level: &cat.record_key(level),
            nonce: &token.nonce,
            time_ms: time_ms as i64,
            solved_at: now as i64,
            name: request.name.as_deref(),
            hinted: request.hinted,
        })
        .await?;
    match outcome {
        SolveRecorded::TokenUsed => Err(ApiError::new(
            StatusCode::CONFLICT,
            "this start token was already used for a solve",
        )
        .because("token_used")),
        SolveRecorded::Recorded { first } => {
            if !request.hinted {
                // This server's medians are stale now (others' within a minute).
                *cat.medians.lock().unwrap_or_else(|p| p.into_inner()) = None;
            }
            let named = first && request.name.is_some();
            if first {
                tracing::info!(level = number, time_ms, named, "first solve of a level");
            } else {
                tracing::debug!(level = number, time_ms, "solve recorded");
            }
            Ok(no_store(Json(Solved {
                level: number,
                time_ms,
                first,
                named,
                hinted: request.hinted,
            })))
        }
    }
}

/// Body of a first solver's naming.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NameRequest {
    /// The start token of the first solve.
    pub token: String,
    /// The name for the table of records.
    pub name: String,
}

/// Answer to a naming.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub(crate) struct Named<'a> {
    /// The level number.
    level: usize,
    /// The name recorded.
    name: &'a str,
}

/// `POST /api/triplex/levels/{number}/name`: the first solver names
/// themselves, proving it with the token of their solve.
#[utoipa::path(post, path = "/api/triplex/levels/{number}/name", tag = "triplex",
    summary = "The first solver names themselves",
    params(("number" = String, Path, description = "The level number, from 1.")),
    request_body = NameRequest,
    responses(
        (status = 200, description = "Name recorded.", body = Named),
        (status = 400, description = "Malformed JSON, a bad name, or a malformed, forged or other level's token.", body = ErrorBody),
        (status = 403, description = "The token is not the one of the level's first solve.", body = ErrorBody),
        (status = 404, description = "No such level.", body = ErrorBody),
        (status = 409, description = "The first solver already has a name.", body = ErrorBody),
        (status = 503, description = "The database is unavailable; try again shortly.", body = ErrorBody),
        (status = 413, description = "Body larger than 64 KiB.", body = ErrorBody),
        (status = 415, description = "Body is not `application/json`.", body = ErrorBody),
        (status = 429, description = "Too many write requests from this address (see `Retry-After`).", body = ErrorBody),
    ))]
pub async fn name_first_solver(
    State(app): State<AppState>,
    Path(number): Path<String>,
    Json(request): Json<NameRequest>,
) -> Result<Response, ApiError> {
    name_first_solver_in(&app, &app.catalogue, number, request).await
}

/// `POST /api/blockpuzzle/levels/{number}/name`: the first solver names
/// themselves, proving it with the token of their solve.
#[utoipa::path(post, path = "/api/blockpuzzle/levels/{number}/name", tag = "blockpuzzle",
    summary = "The first solver names themselves",
    params(("number" = String, Path, description = "The level number, from 1.")),
    request_body = NameRequest,
    responses(
        (status = 200, description = "Name recorded.", body = Named),
        (status = 400, description = "Malformed JSON, a bad name, or a malformed, forged or other level's token.", body = ErrorBody),
        (status = 403, description = "The token is not the one of the level's first solve.", body = ErrorBody),
        (status = 404, description = "No such level.", body = ErrorBody),
        (status = 409, description = "The first solver already has a name.", body = ErrorBody),
        (status = 503, description = "The database is unavailable; try again shortly.", body = ErrorBody),
        (status = 413, description = "Body larger than 64 KiB.", body = ErrorBody),
        (status = 415, description = "Body is not `application/json`.", body = ErrorBody),
        (status = 429, description = "Too many write requests from this address (see `Retry-After`).", body = ErrorBody),
    ))]
pub async fn blockpuzzle_name_first_solver(
    State(app): State<AppState>,
    Path(number): Path<String>,
    Json(request): Json<NameRequest>,
) -> Result<Response, ApiError> {
    name_first_solver_in(&app, &app.blockpuzzle, number, request).await
}

async fn name_first_solver_in(
    app: &AppState,
    cat: &Catalogue,
    number: String,
    request: NameRequest,
) -> Result<Response, ApiError> {
    let (number, level) = cat.lookup(&number)?;
    check_name(&request.name)?;
    let token = verify_token(app, cat, &request.token, number)?;
    let outcome = app
        .store
        .name_first_solver(&cat.record_key(level), &token.nonce, &request.name)
        .await?;
    match outcome {
        NameOutcome::Named => Ok(no_store(Json(Named {
            level: number,
            name: &request.name,
        }))),
        NameOutcome::NotFirstSolver => Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "this token is not the one of the level's first solve",
        )),
        NameOutcome::AlreadyNamed => Err(ApiError::new(
            StatusCode::CONFLICT,
            "the first solver of this level already has a name",
        )),
    }
}

/// The first solver in a records answer.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = FirstSolver)]
pub(crate) struct FirstJson {
    /// Their name; null if they gave none or an operator hid it.
    name: Option<String>,
    /// When they solved the level, Unix milliseconds.
    solved_at: i64,
}

/// Answer to a records request.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = Records)]
pub(crate) struct RecordsJson {
    /// The level number.
    level: usize,
    /// The first solver, if anyone solved the level.
    first: Option<FirstJson>,
    /// Number of recorded solves.
    solves: i64,
    /// Of those, solves that used a hint.
    hinted: i64,
    /// Median solve time over the solves without hints.
    median_ms: Option<i64>,
    /// Fastest solve time.
    best_ms: Option<i64>,
    /// The server's clock, Unix milliseconds (for "solved 3 days ago").
    now: u64,
}

/// `GET /api/triplex/levels/{number}/records`: the table of records.
#[utoipa::path(get, path = "/api/triplex/levels/{number}/records", tag = "triplex",
    summary = "A level's table of records",
    params(("number" = String, Path, description = "The level number, from 1.")),
    responses(
        (status = 200, description = "The records.", body = RecordsJson),
        (status = 400, description = "Not a level number.", body = ErrorBody),
        (status = 404, description = "No such level.", body = ErrorBody),
        (status = 503, description = "The database is unavailable; try again shortly.", body = ErrorBody),
    ))]
pub async fn records(
    State(app): State<AppState>,
    Path(number): Path<String>,
) -> Result<Response, ApiError> {
    records_in(&app, &app.catalogue, number).await
}

/// `GET /api/blockpuzzle/levels/{number}/records`: the table of records.
#[utoipa::path(get, path = "/api/blockpuzzle/levels/{number}/records", tag = "blockpuzzle",
    summary = "A level's table of records",
    params(("number" = String, Path, description = "The level number, from 1.")),
    responses(
        (status = 200, description = "The records.", body = RecordsJson),
        (status = 400, description = "Not a level number.", body = ErrorBody),
        (status = 404, description = "No such level.", body = ErrorBody),
        (status = 503, description = "The database is unavailable; try again shortly.", body = ErrorBody),
    ))]
pub async fn blockpuzzle_records(
    State(app): State<AppState>,
    Path(number): Path<String>,
) -> Result<Response, ApiError> {
    records_in(&app, &app.blockpuzzle, number).await
}

async fn records_in(app: &AppState, cat: &Catalogue, number: String) -> Result<Response, ApiError> {
    let (number, level) = cat.lookup(&number)?;
    let records = app.store.records(&cat.record_key(level)).await?;
    Ok(no_store(Json(RecordsJson {
        level: number,
        first: records.first.map(|f| FirstJson {
            name: f.name,
            solved_at: f.solved_at,
        }),
        solves: records.solves,
        hinted: records.hinted,
        median_ms: records.median_ms,
        best_ms: records.best_ms,
        now: now_ms(),
    })))
}

/// The medians answer: `[level, median_ms, solves]` for every level with
/// solves without hints, in level order.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = Medians)]
pub(crate) struct MediansJson {
    /// `[level, median_ms, solves]` per level with solves without hints.
    levels: Vec<[i64; 3]>,
}

/// `GET /api/triplex/medians`: every level's players' median time (solves
/// without hints), remade at most once a minute, and after a solve on this
/// server.
#[utoipa::path(get, path = "/api/triplex/medians", tag = "triplex",
    summary = "Every level's players' median time",
    description = "For every level with verified solves made without a hint: `[level, median_ms, solves]`, in level order. Remade from the database at most once a minute and after a solve on this server; `Cache-Control: no-cache` with an `ETag` (`If-None-Match` answers 304).",
    responses(
        (status = 200, description = "The medians.", body = MediansJson),
        (status = 304, description = "Not modified (the `ETag` matched)."),
        (status = 503, description = "The database is unavailable; try again shortly.", body = ErrorBody),
    ))]
pub async fn medians(
    State(app): State<AppState>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    medians_in(&app, &app.catalogue, headers).await
}

/// `GET /api/blockpuzzle/medians`: every level's players' median time (solves
/// without hints), remade at most once a minute, and after a solve on this
/// server.
#[utoipa::path(get, path = "/api/blockpuzzle/medians", tag = "blockpuzzle",
    summary = "Every level's players' median time",
    description = "For every level with verified solves made without a hint: `[level, median_ms, solves]`, in level order. Remade from the database at most once a minute and after a solve on this server; `Cache-Control: no-cache` with an `ETag` (`If-None-Match` answers 304).",
    responses(
        (status = 200, description = "The medians.", body = MediansJson),
        (status = 304, description = "Not modified (the `ETag` matched)."),
        (status = 503, description = "The database is unavailable; try again shortly.", body = ErrorBody),
    ))]
pub async fn blockpuzzle_medians(
    State(app): State<AppState>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    medians_in(&app, &app.blockpuzzle, headers).await
}

async fn medians_in(
    app: &AppState,
    cat: &Catalogue,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let fresh = {
        let cached = cat.medians.lock().unwrap_or_else(|p| p.into_inner());
        cached
            .as_ref()
            .filter(|(made, _)| made.elapsed() < MEDIANS_TTL)
            .map(|(_, answer)| answer.clone())
    };
    let answer = match fresh {
        Some(answer) => answer,
        None => {
            let rows = app.store.medians().await?;
            let mut levels: Vec<[i64; 3]> = rows
                .iter()
                .filter_map(|m| {
                    let number = *cat.numbers.get(&m.level)?;
                    Some([number as i64, m.median_ms, m.solves])
                })
                .collect();
            levels.sort_unstable();
            let answer = Arc::new(ETagged::json(&MediansJson { levels }));
            *cat.medians.lock().unwrap_or_else(|p| p.into_inner()) =
                Some((Instant::now(), answer.clone()));
            answer
        }
    };
    // Revalidated on every use: the ETag spares the body when nothing changed.
    Ok(cached(&answer, &headers, "no-cache"))
}

/// One level in `gridforge triplex stats`: where the solver and the players
/// rank it among the levels with enough solves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Disagreement {
    /// The level number.
    pub number: usize,
    /// Its description.
    pub description: String,
    /// Width of the rectangle.
    pub width: usize,
    /// Height of the rectangle.
    pub height: usize,
    /// The solver's node count.
    pub difficulty: u64,
    /// Rank by difficulty, 1 the easiest (ties by level number).
    pub solver_rank: usize,
    /// The players' median time.
    pub median_ms: i64,
    /// Rank by median time, 1 the fastest (ties by level number).
    pub player_rank: usize,
    /// Solves without hints.
    pub solves: i64,
}

impl Disagreement {
    /// Players' rank minus solver's rank: positive when players find the
    /// level harder than the solver does.
    pub fn shift(&self) -> i64 {
        self.player_rank as i64 - self.solver_rank as i64
    }
}

/// The levels with at least `min_solves` solves without hints, ranked by
/// the solver and by the players, largest disagreement first (ties by level
/// number). Medians of levels not in `levels` are ignored.
pub fn disagreements(
    levels: &[GameLevel],
    medians: &[LevelMedian],
    min_solves: i64,
) -> Vec<Disagreement> {
    let by_description: HashMap<String, &GameLevel> =
        levels.iter().map(|g| (g.level.to_string(), g)).collect();
    let mut rows: Vec<Disagreement> = medians
        .iter()
        .filter(|m| m.solves >= min_solves)
        .filter_map(|m| {
            let g = by_description.get(&m.level)?;
            Some(Disagreement {
                number: g.number,
                description: m.level.clone(),
                width: g.level.width(),
                height: g.level.height(),
                difficulty: g.difficulty,
                solver_rank: 0,
                median_ms: m.median_ms,
                player_rank: 0,
                solves: m.solves,
            })
        })
        .collect();
    rows.sort_by_key(|r| (r.difficulty, r.number));
    for (i, r) in rows.iter_mut().enumerate() {
        r.solver_rank = i + 1;
    }
    rows.sort_by_key(|r| (r.median_ms, r.number));
    for (i, r) in rows.iter_mut().enumerate() {
        r.player_rank = i + 1;
    }
    rows.sort_by_key(|r| (std::cmp::Reverse(r.shift().abs()), r.number));
    rows
}

/// Checks a token's signature and that it was issued for `number`.
fn verify_token(
    app: &AppState,
    cat: &Catalogue,
    text: &str,
    number: usize,
) -> Result<StartToken, ApiError> {
    let token = app.signer.verify(text).map_err(|e| match e {
        TokenError::Malformed | TokenError::BadSignature => ApiError::bad_request(e.to_string()),
    })?;
    if token.level as usize != number + cat.token_offset as usize {
        return Err(match token.level.checked_sub(cat.token_offset) {
            Some(other) if other > 0 && other < BLOCKPUZZLE_TOKEN_OFFSET => ApiError::bad_request(
                format!("the token was issued for level {other}, not level {number}"),
            ),
            _ => ApiError::bad_request(format!(
                "the token was issued for another family's level, not level {number}"
            )),
        });
    }
    Ok(token)
}

/// Milliseconds from the token's issue to `now`; refuses tokens from the
/// future (beyond clock skew) and expired ones.
fn elapsed_since_issue(token: &StartToken, now: u64) -> Result<u64, ApiError> {
    if token.issued_at > now + CLOCK_SKEW_MS {
        return Err(ApiError::bad_request("the token was issued in the future"));
    }
    let elapsed = now.saturating_sub(token.issued_at);
    if elapsed > TOKEN_LIFETIME_MS {
        return Err(ApiError::bad_request(
            "the token has expired (tokens are good for 30 days)",
        ));
    }
    Ok(elapsed)
}

/// Turns the submitted cells into placements ([`Placement::from_cells`]).
fn to_placements(placed: &[PlacedPiece]) -> Result<Vec<Placement>, ApiError> {
    placed
        .iter()
        .enumerate()
        .map(|(k, p)| {
            let cells: Vec<(usize, usize)> = p
                .cells
                .iter()
                .map(|&[r, c]| (r as usize, c as usize))
                .collect();
            Placement::from_cells(p.piece, &cells).map_err(|e| {
                ApiError::unprocessable(format!("placement {k} (piece {}): {e}", p.piece))
            })
        })
        .collect()
}

/// Marks a dynamic answer as not cacheable.
fn no_store(body: impl IntoResponse) -> Response {
    ([(header::CACHE_CONTROL, "no-store")], body).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        assert!(check_name("Ada").is_ok());
        assert!(check_name("<script>alert(1)</script>").is_ok());
        assert!(check_name("Robert'); DROP TABLE x;--").is_ok());
        assert!(check_name(&"é".repeat(32)).is_ok());
        assert!(check_name(&"é".repeat(33)).is_err());
        assert!(check_name("").is_err());
        assert!(check_name("tab\there").is_err());
        assert!(check_name("nul\0").is_err());
        assert!(check_name("del\u{7f}").is_err());
    }

    #[test]
    fn disagreements_rank_both_ways() {
        let levels: Vec<GameLevel> = ["4x2:v@,H,Lnw", "3x3:2h,v@,Lnw", "4x3:3v,H@,Lnw"]
            .iter()
            .enumerate()
            .filter_map(|(i, d)| {
                Some(GameLevel {
                    number: i + 1,
                    level: d.parse().ok()?,
                    difficulty: 10 * (i as u64 + 1),
                    solution: Vec::new(),
                })
            })
            .collect();
        assert_eq!(levels.len(), 3, "the sample levels parse");
        let median = |g: &GameLevel, median_ms, solves| LevelMedian {
            level: g.level.to_string(),
            solves,
            median_ms,
        };
        // Players find the easiest level the slowest.
        let mut medians: Vec<LevelMedian> = levels
            .iter()
            .enumerate()
            .map(|(i, g)| median(g, 1000 * (10 - i as i64), 5))
            .collect();
        medians.push(LevelMedian {
            level: "9x9:unknown".into(),
            solves: 9,
            median_ms: 1,
        });
        let rows = disagreements(&levels, &medians, 3);
        assert_eq!(rows.len(), levels.len());
        let n = levels.len();
        assert_eq!(rows[0].number, 1);
        assert_eq!((rows[0].solver_rank, rows[0].player_rank), (1, n));
        assert_eq!(rows[0].shift(), n as i64 - 1);
        // Too few solves leaves a level out.
        medians[0].solves = 2;
        assert!(disagreements(&levels, &medians, 3)
            .iter()
            .all(|r| r.number != 1));
    }

    #[test]
    fn token_times() {
        let token = StartToken {
            level: 1,
            issued_at: 1_000_000,
            nonce: [0; NONCE_BYTES],
        };
        assert_eq!(elapsed_since_issue(&token, 1_000_750).unwrap(), 750);
        // A little clock skew between servers counts as zero time.
        assert_eq!(elapsed_since_issue(&token, 999_000).unwrap(), 0);
        assert!(elapsed_since_issue(&token, 1_000_000 - CLOCK_SKEW_MS - 1).is_err());
        assert!(elapsed_since_issue(&token, 1_000_000 + TOKEN_LIFETIME_MS + 1).is_err());
    }

    #[test]
    fn placements_from_cells() {
        let placed = vec![PlacedPiece {
            piece: 2,
            cells: vec![[3, 5], [2, 5], [2, 4]],
        }];
        let p = &to_placements(&placed).unwrap()[0];
        assert_eq!((p.piece, p.row, p.col), (2, 2, 4));
        let broken = vec![PlacedPiece {
            piece: 0,
            cells: vec![[0, 0], [5, 5]],
        }];
        assert_eq!(
            to_placements(&broken).unwrap_err().status,
            StatusCode::UNPROCESSABLE_ENTITY
        );
    }
}
