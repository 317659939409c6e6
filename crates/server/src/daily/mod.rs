//! Today's puzzles (issue 29): every UTC day has a daily Kakuro in each of
//! the four difficulties and one daily ChessMemory setup, with verified
//! tables.
//!
//! A daily is a family of levels with one level a day, but not a Triplex
//! family (its levels are made, not listed, and ChessMemory is played on the
//! server), so it has a shape of its own: the days, seeds and stored
//! puzzles are `crate::dailies` (below the server's state); here are the
//! routes over them:
//!
//! - [`kakuro`]: start tokens (which alone give the clues), verified solves
//!   and tables;
//! - [`help`]: a counting daily's own hint and candidates (the free Kakuro
//!   routes refuse it);
//! - [`chess`]: games played square by square through the API;
//! - [`ahead`]: the background task that makes the dailies before they
//!   are asked for.
//!
//! Days from [`ARCHIVE_DAYS`] ago to today are served; a day's own play
//! counts when started and finished from its midnight to the next midnight
//! plus [`GRACE_MS`].

pub mod ahead;
pub mod chess;
pub mod help;
pub mod kakuro;

pub use crate::dailies::{Day, ARCHIVE_DAYS, GRACE_MS, TABLE_LINES};
use crate::error::ApiError;
use crate::state::AppState;
use crate::storage::daily::{DailyKey, StoredPuzzle};
use std::sync::Arc;

/// Checks a player id: 8 to 64 characters of `A-Z a-z 0-9 _ -`.
pub fn check_player(player: &str) -> Result<(), ApiError> {
    let ok = (8..=64).contains(&player.len())
        && player
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    if ok {
        Ok(())
    } else {
        Err(
            ApiError::bad_request("a player id has 8 to 64 characters from A-Z a-z 0-9 _ -")
                .because("bad_player"),
        )
    }
}

/// Today, by the server's clock.
pub fn today(app: &AppState) -> Day {
    Day::of_ms(app.clock.now_ms())
}

/// The day a path names, if it is served: an ISO date from
/// [`ARCHIVE_DAYS`] ago to today (400 for a text that is not a date, 404
/// for a day outside the archive).
pub fn served_day(app: &AppState, text: &str) -> Result<Day, ApiError> {
    let day = Day::parse(text).ok_or_else(|| {
        ApiError::bad_request(format!(
            "{:?} is not a date (YYYY-MM-DD)",
            text.chars().take(40).collect::<String>()
        ))
    })?;
    let today = today(app);
    if day > today {
        return Err(ApiError::not_found(format!(
            "{day} has not come yet (today is {today} UTC)"
        )));
    }
    if day.0 < today.0 - ARCHIVE_DAYS {
        return Err(ApiError::not_found(format!(
            "{day} is older than the archive ({ARCHIVE_DAYS} days)"
        )));
    }
    Ok(day)
}

/// Makes a daily's puzzle from a seed.
pub(crate) type Maker<E> = fn(u64) -> Result<StoredPuzzle, E>;

/// The stored puzzle of a daily (made if needed; see `crate::dailies`):
/// today's in the reserved compute slot, an archive day's in a client slot.
pub(crate) async fn puzzle<E: std::fmt::Display + Send + 'static>(
    app: &AppState,
    key: &DailyKey,
    make: fn(u64) -> Result<StoredPuzzle, E>,
) -> Result<Arc<StoredPuzzle>, ApiError> {
    let now = app.clock.now_ms();
    // ISO dates compare as text.
    let reserved = key.day >= Day::of_ms(now).to_string();
    app.daily
        .puzzle(
            app.store.as_ref(),
            &app.compute,
            now as i64,
            key,
            make,
            reserved,
        )
        .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn player_ids() {
        assert!(check_player("abcd-123_XY").is_ok());
        assert!(check_player(&"a".repeat(64)).is_ok());
        for bad in ["short", "", "has space 1", "ünïcode-id", &"a".repeat(65)] {
            assert!(check_player(bad).is_err(), "{bad}");
        }
    }
}
