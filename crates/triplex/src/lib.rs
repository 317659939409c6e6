//! Triplex: pack dominoes and trominoes into a rectangle.
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
//! [`chain`] seals a pack for the offline web client, each level opened by the
//! previous level's solution.

#![deny(missing_docs)]

pub mod bits;
pub mod census;
pub mod chain;
pub mod error;
mod game;
pub mod level;
pub mod pack;
pub mod piece;
pub mod solve;
pub mod tilings;

pub use census::{
    census_rectangle, census_rectangles, rectangles_up_to, CensusLevel, CensusOptions,
    RectangleCensus, RectangleReport,
};
pub use chain::{ChainEntry, ChainError, ChainedPack};
pub use error::{CensusError, LevelError, ParseError, PieceError, PlacementError, SolveError};
pub use game::{CensusParams, Triplex};
pub use gridforge_game::{Game, Uniqueness};
pub use level::{piece_letter, Level, Placement, Solution};
pub use pack::{CensusLine, GameLevel, LevelRecord, Pack, PublicLevel, GAME_PACK_MAX_AREA};
pub use piece::{Piece, Transform};
pub use solve::{solve, solve_multiset, SolveOutcome, SolveStats, DEFAULT_NODE_BUDGET};
