//! Solving paths published (issue 38, step 3): `GET /api/paths/{entry}`
//! gives a table entry's kept path once it may be public, so anyone can
//! play back how a place on a table was won.
//!
//! When a path is public:
//! - a daily's entries: once the daily closes, at the end of its day plus
//!   the grace ([`GRACE_MS`](crate::dailies::GRACE_MS)), when no one can still play it for the
//!   table (a path published earlier would be a solution to copy);
//! - Triplex and BlockPuzzle solves (a level's first solve among them):
//!   [`LEVEL_PATH_DELAY_MS`] after the solve. The levels stay public, so
//!   the path gives away nothing a solver could not find; the day lets the
//!   review hold a flagged claim before anyone studies it.
//!
//! Before that the route answers 403 (`not_yet_public`) naming the time it
//! opens. A held or voided entry, one without a path (a ChessMemory game,
//! an old solve) and an unknown id all answer 404 (`no_public_path`): the
//! answer does not tell a held entry from a missing one.
//!
//! The tables give each line's entry id once the daily's paths are public
//! ([`Day::closes_at`]).

use crate::dailies::{Day, DAY_MS};
use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;
use crate::storage::review::{EntryId, EntryTable};
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::Json;
use serde::Serialize;

/// How long after a Triplex or BlockPuzzle solve its path is published.
pub const LEVEL_PATH_DELAY_MS: u64 = DAY_MS;

/// A published path.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = PublishedPath)]
pub(crate) struct PublishedJson {
    /// The entry's id, as the table gives it.
    entry: String,
    /// The path's game: `kakuro` (a daily Kakuro) or `triplex` (a Triplex
    /// or BlockPuzzle level).
    game: &'static str,
    /// What it was played on: `kakuro/<day>/<difficulty>`, or the level.
    what: String,
    /// The time the server measured for the solve.
    time_ms: i64,
    /// When it was solved, Unix ms.
    solved_at: i64,
    /// When the path became public, Unix ms.
    public_at: u64,
    /// The solving path in the wire format of `web/js/solve-path.js`:
    /// every input with its time since the start.
    path: String,
    /// A daily Kakuro's clues (the text format of `gridforge kakuro
    /// generate --json`'s `puzzle`), to play the path back on; absent for a
    /// level (the level list has it).
    #[serde(skip_serializing_if = "Option::is_none")]
    puzzle: Option<String>,
}

fn no_public_path() -> ApiError {
    ApiError::not_found("no published solving path for this entry").because("no_public_path")
}

/// `GET /api/paths/{entry}`.
#[utoipa::path(get, path = "/api/paths/{entry}", tag = "daily",
    summary = "A table entry's solving path, once it is public (a daily's after it closes, a level solve's a day after it)",
    params(("entry" = String, Path, description = "The entry id a table line gives (`daily-<hex>`, `triplex-<hex>`).")),
    responses(
        (status = 200, description = "The path, what it was played on and the clues to play it back on.", body = PublishedJson),
        (status = 400, description = "Not an entry id.", body = ErrorBody),
        (status = 403, description = "Not public yet (`not_yet_public`): the daily has not closed, or the level solve is less than a day old.", body = ErrorBody),
        (status = 404, description = "No public path: no such entry, an entry held for review or voided, or one kept without a path.", body = ErrorBody),
        (status = 503, description = "The database is unavailable; try again shortly.", body = ErrorBody),
    ))]
pub async fn published_path(
    State(app): State<AppState>,
    Path(entry): Path<String>,
) -> Result<Response, ApiError> {
    let id: EntryId = entry
        .parse()
        .map_err(|e: crate::storage::review::BadEntryId| ApiError::bad_request(e.to_string()))?;
    let Some(stored) = app.store.stored_path(&id).await? else {
        return Err(no_public_path());
    };
    let Some(path) = stored.path.filter(|_| stored.review.listed()) else {
        return Err(no_public_path());
    };
    let (game, public_at, puzzle) = match id.table {
        EntryTable::Daily => {
            // `kakuro/<day>/<difficulty>`: only the daily Kakuro keeps paths.
            let mut parts = stored.what.splitn(3, '/');
            let (Some("kakuro"), Some(date), Some(variant)) =
                (parts.next(), parts.next(), parts.next())
            else {
                return Err(no_public_path());
            };
            let day = Day::parse(date).ok_or_else(no_public_path)?;
            let public_at = day.closes_at();
            if app.clock.now_ms() < public_at {
                return Err(not_yet(public_at, "the daily closes"));
            }
            let clues = crate::daily::kakuro::clues(&app, day, variant).await?;
            ("kakuro", public_at, Some(clues))
        }
        EntryTable::Triplex => {
            let public_at = (stored.solved_at.max(0) as u64).saturating_add(LEVEL_PATH_DELAY_MS);
            if app.clock.now_ms() < public_at {
                return Err(not_yet(public_at, "a day has passed since the solve"));
            }
            ("triplex", public_at, None)
        }
    };
    Ok(crate::daily::kakuro::no_store(Json(PublishedJson {
        entry: id.to_string(),
        game,
        what: stored.what,
        time_ms: stored.time_ms,
        solved_at: stored.solved_at,
        public_at,
        path,
        puzzle,
    })))
}

/// 403: the path is published at `public_at`, when `when`.
fn not_yet(public_at: u64, when: &str) -> ApiError {
    let day = Day::of_ms(public_at);
    let in_day = public_at % DAY_MS;
    ApiError::new(
        StatusCode::FORBIDDEN,
        format!(
            "this solving path is not public yet: it is published when {when}, at {day} {:02}:{:02} UTC (Unix ms {public_at})",
            in_day / 3_600_000,
            in_day / 60_000 % 60
        ),
    )
    .because("not_yet_public")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dailys_paths_open_at_the_end_of_its_grace() {
        let day = Day::parse("2026-11-28").expect("a date");
        let at = day.closes_at();
        assert!(day.counts_at(at - 1), "still counting one ms before");
        assert!(!day.counts_at(at), "no longer counting when published");
        let refused = not_yet(at, "the daily closes");
        assert_eq!(refused.status, StatusCode::FORBIDDEN);
        assert!(
            refused.message.contains("2026-11-29 02:00 UTC"),
            "{}",
            refused.message
        );
    }
}
