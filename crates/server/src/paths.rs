//! Solving paths on the server (issue 38, step 3): a solve's `path` (the
//! wire text of `gridforge_game::path`) is replayed with the game's library
//! against the puzzle and the submitted solution, its statistics and review
//! flags are computed, and what the store keeps comes out of here: the
//! path, its statistics and flags as JSON, and the hold of a flagged entry.
//!
//! Decisions, documented in the README:
//! - A path that does not replay is refused with a 422 (`bad_path`) before
//!   anything is recorded, so the start token is NOT used up: the client
//!   may send the solve again with a good path. Nothing is gained by it,
//!   since the time still runs from the token's issue.
//! - A daily Kakuro solve with no path is recorded but, when it would be
//!   public, held for review ([`without_path`]): a script could otherwise
//!   dodge the flags by leaving the path out. The web client sends a path
//!   with every daily solve; a private solve (not counted) needs none.
//!   A Triplex or BlockPuzzle solve with no path is held likewise when it
//!   would be public; the web client sends a path with every level solve.
//! - Flags hold only entries that would be public: counted daily solves and
//!   an account's unhinted Triplex/BlockPuzzle solves (a first-solver claim
//!   and a best time are an account's). An anonymous level solve is on no
//!   table, so it is not held: holding it would only fill the review queue
//!   with entries nobody sees. Bursts of the client's own help
//!   (many digits 1 ms apart) look mechanical, so an assisted daily solve is
//!   not held for mechanical pacing alone.

use crate::error::ApiError;
use crate::storage::review::{Entering, KeptPath};
use gridforge_kakuro::{review_flags, PathError, PathStats, ReviewFlag, Timing};
use serde_json::json;

/// How far the path's last event may fall before the solve's time as the
/// server measured it (the request's trip over the network and the time
/// the player takes to press "done" are in between).
pub const PATH_SLACK_MS: u64 = 15_000;

/// A replayed path and what the store keeps of it.
#[derive(Debug)]
pub struct CheckedPath {
    /// The wire text.
    text: String,
    /// Statistics, JSON.
    stats: String,
    /// Flags' one-line texts, JSON array.
    flags: String,
    /// Why the entry is held, if it is.
    hold: Option<String>,
    /// The hold would be lifted had the solve been assisted (a public,
    /// unassisted solve flagged for mechanical pacing).
    held_unless_assisted: bool,
}

impl CheckedPath {
    /// What a solve brings to the store (no account: that is the account
    /// step's to fill).
    pub fn entering(&self) -> Entering<'_> {
        Entering {
            account_id: None,
            path: (!self.text.is_empty()).then_some(KeptPath {
                text: &self.text,
                stats: &self.stats,
                flags: &self.flags,
            }),
            hold: self.hold.as_deref(),
        }
    }

    /// Whether the entry is held for review.
    pub fn held(&self) -> bool {
        self.hold.is_some()
    }

    /// Whether checking it again as assisted could change the hold: the
    /// caller that learns of help only later (the daily's own help marks)
    /// need look for it first only then.
    pub fn held_unless_assisted(&self) -> bool {
        self.held_unless_assisted
    }
}

/// Who may be held for what: the entry would be on a public table, and
/// whether the solve used the client's help.
#[derive(Clone, Copy, Debug)]
pub struct Exposure {
    /// The entry would be on a public table (a counted daily solve, an
    /// account's unhinted level solve).
    pub public: bool,
    /// Hints or checks were used.
    pub assisted: bool,
}

/// A path that is not there or does not replay, as the API's 422.
fn bad_path(message: String) -> ApiError {
    ApiError::unprocessable(format!(
        "the solving path is refused ({message}); nothing was recorded and the start token is not used"
    ))
    .because("bad_path")
}

/// Replays a daily Kakuro's path against the puzzle and its solution;
/// `floor_ms` is the puzzle's human floor ([`gridforge_kakuro::path::human_floor_ms`],
/// worked out once per daily by the caller; 0: none).
pub fn check_kakuro(
    text: Option<&str>,
    puzzle: &gridforge_kakuro::Board,
    solution: &gridforge_kakuro::Solution,
    floor_ms: u64,
    time_ms: u64,
    exposure: Exposure,
) -> Result<CheckedPath, ApiError> {
    let Some(text) = text else {
        return Ok(without_path(exposure));
    };
    let path: gridforge_kakuro::KakuroPath = text
        .parse()
        .map_err(|e: PathError| bad_path(e.to_string()))?;
    let stats = gridforge_kakuro::path::replay(puzzle, solution, &path, timing(time_ms))
        .map_err(|e| bad_path(e.to_string()))?;
    Ok(checked(text, &stats, time_ms, floor_ms, exposure))
}

/// Replays a Triplex or BlockPuzzle path against the level and the
/// submitted placements (`difficulty`: the catalogue's solver node count).
pub fn check_triplex(
    text: Option<&str>,
    level: &gridforge_triplex::Level,
    difficulty: u64,
    submitted: &[gridforge_triplex::Placement],
    time_ms: u64,
    exposure: Exposure,
) -> Result<CheckedPath, ApiError> {
    let Some(text) = text else {
        return Ok(without_path(exposure));
    };
    let path: gridforge_triplex::TriplexPath = text
        .parse()
        .map_err(|e: PathError| bad_path(e.to_string()))?;
    let stats = gridforge_triplex::path::replay(level, submitted, &path, timing(time_ms))
        .map_err(|e| bad_path(e.to_string()))?;
    let floor = gridforge_triplex::path::human_floor_ms(level, difficulty);
    Ok(checked(text, &stats, time_ms, floor, exposure))
}

fn timing(time_ms: u64) -> Timing {
    Timing {
        solve_ms: time_ms,
        slack_ms: PATH_SLACK_MS,
    }
}

/// Why a public solve sent without a path is held (the review queue and
/// the audit show it).
pub const NO_PATH_REASON: &str = "no solving path sent";

/// A solve sent without a path: recorded, and held when it would be public
/// (there is nothing to check it by; see the module's notes).
fn without_path(exposure: Exposure) -> CheckedPath {
    CheckedPath {
        text: String::new(),
        stats: String::new(),
        flags: String::new(),
        hold: exposure.public.then(|| NO_PATH_REASON.to_string()),
        held_unless_assisted: false,
    }
}

/// The stored form of a replayed path and its hold.
fn checked(
    text: &str,
    stats: &PathStats,
    time_ms: u64,
    floor_ms: u64,
    exposure: Exposure,
) -> CheckedPath {
    let flags = review_flags(stats, time_ms, floor_ms);
    let holding: Vec<&ReviewFlag> = flags
        .iter()
        .filter(|f| !(exposure.assisted && matches!(f, ReviewFlag::MechanicalPacing { .. })))
        .collect();
    let hold = (exposure.public && !holding.is_empty()).then(|| {
        let codes: Vec<&str> = holding.iter().map(|f| f.code()).collect();
        format!("flagged: {}", codes.join(", "))
    });
    let held_unless_assisted = exposure.public
        && !exposure.assisted
        && flags
            .iter()
            .any(|f| matches!(f, ReviewFlag::MechanicalPacing { .. }));
    let texts: Vec<String> = flags.iter().map(ToString::to_string).collect();
    CheckedPath {
        text: text.to_string(),
        stats: stats_json(stats, floor_ms).to_string(),
        flags: serde_json::Value::from(texts).to_string(),
        hold,
        held_unless_assisted,
    }
}

/// The statistics as the review queue shows them.
fn stats_json(stats: &PathStats, floor_ms: u64) -> serde_json::Value {
    json!({
        "events": stats.events,
        "placements": stats.placements,
        "corrections": stats.corrections,
        "duration_ms": stats.duration_ms,
        "pacing_cv": round3(stats.pacing_cv),
        "pacing_dispersion": round3(stats.pacing_dispersion),
        "reading_order": round3(stats.reading_order),
        "floor_ms": floor_ms,
    })
}

fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stats(corrections: usize, cv: f64, reading: f64, duration_ms: u64) -> PathStats {
        PathStats {
            events: 20 + corrections,
            placements: 20,
            corrections,
            duration_ms,
            pacing_cv: cv,
            pacing_dispersion: cv,
            reading_order: reading,
        }
    }

    const PUBLIC: Exposure = Exposure {
        public: true,
        assisted: false,
    };

    #[test]
    fn a_person_like_path_is_public_and_kept() {
        let c = checked("AQ", &stats(3, 0.9, 0.3, 60_000), 60_500, 30_000, PUBLIC);
        assert!(!c.held());
        assert_eq!(c.flags, "[]");
        let stats: serde_json::Value = serde_json::from_str(&c.stats).expect("json");
        assert_eq!(stats["corrections"], 3);
        assert_eq!(stats["floor_ms"], 30_000);
        assert_eq!(c.entering().path.map(|p| p.text), Some("AQ"));
    }

    #[test]
    fn flags_hold_public_entries_only() {
        let bot = stats(0, 0.01, 1.0, 9_000);
        let c = checked("AQ", &bot, 9_100, 30_000, PUBLIC);
        assert_eq!(
            c.hold.as_deref(),
            Some("flagged: mechanical_pacing, reading_order, below_human_floor")
        );
        let flags: Vec<String> = serde_json::from_str(&c.flags).expect("json");
        assert_eq!(flags.len(), 3);
        let private = Exposure {
            public: false,
            assisted: false,
        };
        assert!(!checked("AQ", &bot, 9_100, 30_000, private).held());
    }

    #[test]
    fn a_public_solve_without_a_path_is_held_and_a_private_one_is_not() {
        let held = without_path(PUBLIC);
        assert_eq!(held.hold.as_deref(), Some(NO_PATH_REASON));
        assert!(held.entering().path.is_none());
        assert_eq!(held.entering().review(), "held");
        let private = Exposure {
            public: false,
            assisted: true,
        };
        assert!(!without_path(private).held());
    }

    #[test]
    fn the_help_bursts_of_an_assisted_solve_do_not_hold_it() {
        let assisted = Exposure {
            public: true,
            assisted: true,
        };
        let burst = stats(0, 0.01, 0.2, 60_000);
        assert!(!checked("AQ", &burst, 60_000, 30_000, assisted).held());
        assert!(checked("AQ", &burst, 60_000, 30_000, PUBLIC).held());
    }
}
