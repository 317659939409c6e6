//! Triplex: pack dominoes and trominoes into a rectangle (and, for the
//! census, any [`PieceSet`] of fixed polyominoes, such as BlockPuzzle's).
//!
//! The crate has the shape every gridforge game has: [`Triplex`] implements
//! [`gridforge_game::Game`] (see ARCHITECTURE.md):
//!
//! | part | here |
//! | --- | --- |
//! | params | [`CensusParams`]: the rectangle and the solver's node budget |
//! | text description | [`Level`] (`Display` / `FromStr`) |
//! | validate | [`Level::check_placements`]: every [`PlacementError`] of a claimed solution |
//! | solve | [`solve()`] (limit and node budget → [`SolveOutcome`]) |
//! | generate | [`census_rectangle`] (the [`census`] of one rectangle: every level it has) |
//! | difficulty | the solver's node count ([`CensusLevel::difficulty`]); no named levels |
//!
//! [`path`] reads and replays solving paths (the pieces placed and removed,
//! with their times) of Triplex and BlockPuzzle levels.
//!
//! [`chain`] seals a pack for the offline web client, each level opened by the
//! previous level's solution.

#![deny(missing_docs)]

pub mod bits;
pub mod census;
pub mod chain;
pub mod error;
mod game;
pub mod hint;
mod keys;
pub mod level;
pub mod pack;
pub mod path;
pub mod piece;
pub mod piece_set;
pub mod solve;
pub mod tilings;

pub use census::{
    census_rectangle, census_rectangle_with, census_rectangles, census_rectangles_with,
    rectangles_for, rectangles_up_to, select_levels, CensusLevel, CensusOptions, RectangleCensus,
    RectangleReport,
};
pub use chain::{ChainEntry, ChainError, ChainedPack};
pub use error::{
    CensusError, LevelError, ParseError, PieceError, PieceSetError, PlacementError, SolveError,
};
pub use game::{CensusParams, Triplex};
pub use gridforge_game::{Game, Uniqueness};
pub use hint::{
    check_placed, hint, hint_from_solution, placements_from_grid, HintError, TriplexHint,
};
pub use level::{piece_letter, Level, Placement, Solution};
pub use pack::{CensusLine, Family, GameLevel, LevelRecord, Pack, PublicLevel, GAME_PACK_MAX_AREA};
pub use path::{TriplexAction, TriplexEvent, TriplexPath};
pub use piece::{Piece, Transform};
pub use piece_set::{Limit, PieceSet};
pub use solve::{solve, solve_multiset, SolveOutcome, SolveStats, DEFAULT_NODE_BUDGET};
