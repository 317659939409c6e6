//! Triplex: pack dominoes and trominoes into a rectangle.
//!
//! The crate has the shape every gridforge game has (see ARCHITECTURE.md):
//! [`Level`] with a text description that round-trips, a check of a claimed
//! solution ([`Level::check_placements`]), [`solve`] with a limit and a node
//! budget, the [`census`] that generates every level of a rectangle, and the
//! difficulty (the solver's node count). [`chain`] seals a pack for the
//! offline web client, each level opened by the previous level's solution.

pub mod bits;
pub mod census;
pub mod chain;
pub mod error;
pub mod level;
pub mod pack;
pub mod piece;
pub mod solve;
pub mod tilings;

pub use census::{
    census_rectangle, census_rectangles, rectangles_up_to, CensusLevel, CensusOptions,
    RectangleCensus, RectangleReport,
};
pub use chain::{ChainError, ChainedLevel, ChainedPack};
pub use error::{CensusError, LevelError, ParseError, PieceError, PlacementError, SolveError};
pub use level::{piece_letter, Level, Placement, Solution};
pub use pack::{CensusLine, LevelRecord, Pack, PublicLevel, GAME_PACK_MAX_AREA};
pub use piece::{Piece, Transform};
pub use solve::{solve, solve_multiset, SolveReport, Verdict, DEFAULT_NODE_BUDGET};
