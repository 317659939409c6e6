//! Playing a level: a signed start token, a verified solve (the placement
//! checked, the time measured from the token's issue) and the first
//! solver's name.

use super::{no_store, FamilyState};
use crate::accounts::session::SignedIn;
use crate::catalogue::{CatalogueLevel, MIN_MS_PER_PIECE};
use crate::error::{ApiError, ErrorBody};
use crate::storage::{NameOutcome, NewSolve, SolveRecorded};
use crate::token::{StartToken, TokenError, NONCE_BYTES};
use axum::extract::{Path, State};
use axum::http::{HeaderMap, Method, StatusCode};
use axum::response::Response;
use axum::Json;
use gridforge_triplex::Placement;
use serde::{Deserialize, Serialize};

/// A start token is good for this long.
pub const TOKEN_LIFETIME_MS: u64 = 30 * 24 * 60 * 60 * 1000;
/// Tolerated clock difference between servers sharing a database.
pub const CLOCK_SKEW_MS: u64 = 5_000;
/// Longest name in the table of records, in characters.
pub const MAX_NAME_CHARS: usize = crate::names::MAX_NAME_CHARS;

/// Checks a name for the table of records ([`crate::names::normalise_name`]:
/// no control, bidi-override or invisible characters, not blank, no
/// imitation of the client's marks) and returns it as stored: NFKC, trimmed.
pub fn check_name(name: &str) -> Result<String, ApiError> {
    crate::names::normalise_name(name).map_err(|e| ApiError::bad_request(e.to_string()))
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
    /// For a signed-in account: its first start of this level, Unix ms,
    /// from which its first-solver claim is timed (a restart does not
    /// reset it). Absent for an anonymous start.
    #[serde(skip_serializing_if = "Option::is_none")]
    first_started_at: Option<u64>,
}

/// The fewest milliseconds a person needs for a level: the Triplex crate's
/// human floor (a motor time per piece and a thinking time per doubling of
/// the solver's nodes). A first-solver claim faster than this from the
/// account's first start is held for review.
pub fn claim_floor_ms(level: &CatalogueLevel) -> u64 {
    gridforge_triplex::path::human_floor_ms(&level.level, level.public.level.difficulty)
}

/// How many times its floor a person takes on a level, on average over
/// an hour of claiming: the hourly cap allows one claim per this many
/// floors.
pub const FLOORS_PER_CLAIM: u64 = 10;

/// The most first-solver claims an account makes in an hour of levels like
/// this one: an hour over [`FLOORS_PER_CLAIM`] times the level's floor
/// (harder levels, fewer claims), at least 1. A claim beyond it is held.
pub fn claims_per_hour(floor_ms: u64) -> i64 {
    (3_600_000 / (FLOORS_PER_CLAIM * floor_ms.max(1))).max(1) as i64
}

/// One hour in milliseconds: the window of the claim cap.
const HOUR_MS: i64 = 3_600_000;

/// `POST /api/{family}/levels/{number}/start`: a signed start token.
#[utoipa::path(post, path = "/levels/{number}/start", tag = "family",
    summary = "Start a level: a signed start token",
    params(("number" = String, Path, description = "The level number, from 1.")),
    responses(
        (status = 200, description = "The token.", body = Started),
        (status = 400, description = "Not a level number.", body = ErrorBody),
        (status = 404, description = "No such level.", body = ErrorBody),
        (status = 429, description = "Too many write requests from this address (see `Retry-After`).", body = ErrorBody),
    ))]
pub async fn start(
    State(family): State<FamilyState>,
    Path(number): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let (number, level) = family.catalogue.lookup(&number)?;
    let signed = SignedIn::of(&family.app, &Method::POST, &headers).await?;
    let mut nonce = [0u8; NONCE_BYTES];
    rand::fill(&mut nonce);
    let issued_at = family.app.clock.now_ms();
    // An account's first start of the level times its claim (issue 38).
    let first_started_at = match &signed {
        Some(signed) => Some(
            family
                .app
                .store
                .first_level_start(
                    &family.record_key(level),
                    signed.account.id,
                    issued_at as i64,
                )
                .await?
                .max(0) as u64,
        ),
        None => None,
    };
    let token = family.app.signer.sign(&StartToken {
        level: family.token_level(number),
        issued_at,
        nonce,
    });
    Ok(no_store(Json(Started {
        level: number,
        token,
        issued_at,
        min_time_ms: level.public.min_time_ms,
        first_started_at,
    })))
}

/// One piece of a claimed solution (or of a hint's answer).
#[derive(Debug, Deserialize, Serialize, utoipa::ToSchema)]
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
    /// solve nor the best time. A token the server gave a hint for
    /// (`/hint`) makes the solve hinted whatever this says.
    #[serde(default)]
    pub hinted: bool,
    /// The solving path (issue 38): every placement and removal with its
    /// time since the start, in the wire format of `web/js/solve-path.js`.
    /// The server replays it; an account's unhinted solve without one, or
    /// with a path a person does not make, is held for review (never shown
    /// as first).
    #[serde(default)]
    pub path: Option<String>,
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
    /// The solve used a hint (the client said so, or the server gave one
    /// for its token): recorded, never first or best.
    hinted: bool,
    /// Held for review (issue 38): not in the records until an operator
    /// approves it.
    under_review: bool,
    /// Made without an account and nobody has claimed the level: it would
    /// have been the first solve, had an account made it (only accounts
    /// claim first solves; the client offers to make one).
    would_be_first: bool,
}

/// `POST /api/{family}/levels/{number}/solves`: verify and record a solve.
#[utoipa::path(post, path = "/levels/{number}/solves", tag = "family",
    summary = "Submit a solve",
    params(("number" = String, Path, description = "The level number, from 1.")),
    request_body = SolveRequest,
    responses(
        (status = 200, description = "Verified and recorded (durably).", body = Solved),
        (status = 400, description = "Malformed JSON, unknown fields, a bad name, a token that is malformed, forged, expired, issued in the future or issued for another level.", body = ErrorBody),
        (status = 404, description = "No such level.", body = ErrorBody),
        (status = 409, description = "The token was already used for a solve.", body = ErrorBody),
        (status = 422, description = "Wrong JSON types, or not a solution, or solved faster than `min_time_ms`, or a solving path that does not replay (`bad_path`: nothing recorded, the token is not used).", body = ErrorBody),
        (status = 503, description = "The database is unavailable; try again shortly.", body = ErrorBody),
        (status = 413, description = "Body larger than 64 KiB.", body = ErrorBody),
        (status = 415, description = "Body is not `application/json`.", body = ErrorBody),
        (status = 429, description = "Too many write requests from this address (see `Retry-After`).", body = ErrorBody),
    ))]
pub async fn submit_solve(
    State(family): State<FamilyState>,
    Path(number): Path<String>,
    headers: HeaderMap,
    Json(mut request): Json<SolveRequest>,
) -> Result<Response, ApiError> {
    let (number, level) = family.catalogue.lookup(&number)?;
    let signed = SignedIn::of(&family.app, &Method::POST, &headers).await?;
    if let Some(name) = &mut request.name {
        *name = check_name(name).map_err(|e| e.because("bad_name"))?;
    }
    let token =
        verify_token(&family, &request.token, number).map_err(|e| e.because("bad_token"))?;
    let placements = to_placements(&request.placements).map_err(|e| e.because("not_a_solution"))?;
    let violations = level.level.check_placements(&placements);
    if !violations.is_empty() {
        let all: Vec<String> = violations.iter().map(ToString::to_string).collect();
        return Err(
            ApiError::unprocessable(format!("not a solution: {}", all.join("; ")))
                .because("not_a_solution"),
        );
    }
    let now = family.app.clock.now_ms();
    let time_ms = elapsed_since_issue(&token, now).map_err(|e| e.because("bad_token"))?;
    if time_ms < level.public.min_time_ms {
        return Err(ApiError::unprocessable(format!(
            "solved in {time_ms} ms, faster than this level allows ({} ms: {MIN_MS_PER_PIECE} ms per piece)",
            level.public.min_time_ms
        ))
        .because("too_fast"));
    }
    // Only an account's solve is on a table (issue 38): an anonymous one is
    // neither held nor listed, whatever its path.
    let exposure = crate::paths::Exposure {
        public: !request.hinted && signed.is_some(),
        assisted: request.hinted,
    };
    let path = crate::paths::check_triplex(
        request.path.as_deref(),
        &level.level,
        level.public.level.difficulty,
        &placements,
        time_ms,
        exposure,
    )?;
    let record_key = family.record_key(level);
    let account = signed.as_ref().map(|s| &s.account);
    let claim_hold = match account {
        Some(account) if !request.hinted => {
            claim_hold(&family, &record_key, level, account, &token, now).await?
        }
        _ => None,
    };
    let name = request.name.as_deref();
    let outcome = family
        .app
        .store
        .record_solve(&NewSolve {
            level: &record_key,
            nonce: &token.nonce,
            time_ms: time_ms as i64,
            solved_at: now as i64,
            name,
            hinted: request.hinted,
            entering: crate::storage::review::Entering {
                account_id: account.map(|a| a.id),
                ..path.entering()
            },
            claim_hold: claim_hold.as_deref(),
        })
        .await?;
    match outcome {
        SolveRecorded::TokenUsed => Err(ApiError::new(
            StatusCode::CONFLICT,
            "this start token was already used for a solve",
        )
        .because("token_used")),
        SolveRecorded::Recorded {
            first,
            hinted,
            would_be_first,
        } => {
            if !hinted {
                family.forget_medians();
            }
            let named = first && name.is_some();
            let claim_held = first && claim_hold.is_some();
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
                hinted,
                under_review: (path.held() || claim_held) && !hinted,
                would_be_first,
            })))
        }
    }
}

/// Why an account's solve, if it is the level's first, is held for review
/// (issue 38): the account is provisional; the claim, timed from the
/// account's first start of the level, is below the level's human floor;
/// or the account reached its hourly cap of claims. `None`: a first solve
/// would be public at once. A solve whose token was never seen by the
/// account's start route has its start recorded now, at the token's issue.
async fn claim_hold(
    family: &FamilyState,
    record_key: &str,
    level: &CatalogueLevel,
    account: &crate::storage::accounts::Account,
    token: &StartToken,
    now: u64,
) -> Result<Option<String>, ApiError> {
    let store = &family.app.store;
    let mut why = Vec::new();
    if account.provisional_until > now as i64 {
        why.push("a provisional account's claim".to_string());
    }
    let first_start = store
        .first_level_start(record_key, account.id, token.issued_at as i64)
        .await?;
    let claim_ms = (now as i64 - first_start).max(0) as u64;
    let floor = claim_floor_ms(level);
    if claim_ms < floor {
        why.push(format!(
            "claimed {claim_ms} ms after the account's first start, below the level's human floor of {floor} ms"
        ));
    }
    let cap = claims_per_hour(floor);
    let made = store.claims_since(account.id, now as i64 - HOUR_MS).await?;
    if made >= cap {
        why.push(format!(
            "the account's {made} claims in the last hour reach the cap of {cap} for levels like this"
        ));
    }
    Ok((!why.is_empty()).then(|| why.join("; ")))
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

/// `POST /api/{family}/levels/{number}/name`: the first solver names
/// themselves, proving it with the token of their solve.
#[utoipa::path(post, path = "/levels/{number}/name", tag = "family",
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
    State(family): State<FamilyState>,
    Path(number): Path<String>,
    Json(mut request): Json<NameRequest>,
) -> Result<Response, ApiError> {
    let (number, level) = family.catalogue.lookup(&number)?;
    request.name = check_name(&request.name)?;
    let token = verify_token(&family, &request.token, number)?;
    let outcome = family
        .app
        .store
        .name_first_solver(&family.record_key(level), &token.nonce, &request.name)
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

/// Checks a token's signature and that it was issued for `number`.
pub(super) fn verify_token(
    family: &FamilyState,
    text: &str,
    number: usize,
) -> Result<StartToken, ApiError> {
    let token = family.app.signer.verify(text).map_err(|e| match e {
        TokenError::Malformed | TokenError::BadSignature => ApiError::bad_request(e.to_string()),
    })?;
    if token.level != family.token_level(number) {
        return Err(match family.number_of_token_level(token.level) {
            Some(other) => ApiError::bad_request(format!(
                "the token was issued for level {other}, not level {number}"
            )),
            None => ApiError::bad_request(format!(
                "the token was issued for another family's level, not level {number}"
            )),
        });
    }
    Ok(token)
}

/// Milliseconds from the token's issue to `now`; refuses tokens from the
/// future (beyond clock skew) and expired ones.
pub(crate) fn elapsed_since_issue(token: &StartToken, now: u64) -> Result<u64, ApiError> {
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
pub(super) fn to_placements(placed: &[PlacedPiece]) -> Result<Vec<Placement>, ApiError> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::StatusCode;

    #[test]
    fn names() {
        assert_eq!(check_name(" Ada ").unwrap(), "Ada");
        assert!(check_name("Robert'); DROP TABLE x;--").is_ok());
        assert!(check_name(&"é".repeat(33)).is_err());
        assert!(check_name("").is_err());
        assert!(check_name("tab\there").is_err());
        assert!(check_name("Ada (you)").is_err());
        assert_eq!(
            check_name("\u{200B}").unwrap_err().status,
            StatusCode::BAD_REQUEST
        );
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
