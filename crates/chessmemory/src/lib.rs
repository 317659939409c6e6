//! ChessMemory: the rules, validator, generators and board symmetries of a memory
//! game played on a full chessboard.
//!
//! The board holds 64 pieces, one on each square: queens, knights, bishops and rooks
//! in white and black, 8 of each kind and colour. A [`Setup`] is valid when every
//! piece has exactly one *partner*: a piece of the same kind and colour inside its
//! attack range, attack ranges taken as on an empty board. The player uncovers two
//! face-down pieces at a time; a partner pair stays open.
//!
//! The crate has the shape every gridforge game has: [`ChessMemory`] implements
//! [`gridforge_game::Game`] (see ARCHITECTURE.md):
//!
//! | part | here |
//! | --- | --- |
//! | params | [`GenerateParams`]: the [`Method`] and its work budget |
//! | text description | [`Setup`]: 64 characters, `Display` and `FromStr` round-trip |
//! | validate | [`validate`]: every piece without exactly one partner |
//! | solve | [`solve`]: the setup's [`Pairing`]s into 32 partner pairs (a valid setup has exactly one) |
//! | generate | [`generate`] (and `ChessMemory::generate_batch` for many seeds in parallel) |
//! | difficulty | none: setups have no difficulty levels |
//!
//! Daily games: [`generate_for_game`] gives every game its own fresh setup
//! (seeded from the day's seed and a secret per-game nonce) rather than one of
//! the day's 16 symmetric variants, which a mapper tells apart in a few
//! squares; [`per_game`] says why and what it costs.
//!
//! The game is Memory, so there is no puzzle to search; a setup's solution is
//! how its pieces pair off, which [`solve`] finds and counts.
//!
//! ```
//! use gridforge_chessmemory::{generate, validate, GenerateParams, Setup};
//!
//! let generated = generate(&GenerateParams::default(), 7).unwrap();
//! assert!(validate(&generated.setup).is_empty());
//! let text = generated.setup.to_string();
//! assert_eq!(text.parse::<Setup>().unwrap(), generated.setup);
//! ```

#![deny(missing_docs)]

mod attacks;
mod game;
mod generate;
pub mod per_game;
mod piece;
mod setup;
mod solve;
mod square;
mod symmetry;
mod validate;

pub use attacks::attacks;
pub use game::ChessMemory;
pub use generate::{
    generate, Effort, GenerateError, GenerateParams, Generated, Method, DEFAULT_NODE_BUDGET,
    DEFAULT_RESTART_BUDGET,
};
pub use gridforge_game::{Game, Uniqueness};
pub use per_game::{game_seed, generate_for_game};
pub use piece::{Color, Kind, Piece};
pub use setup::{ParseSetupError, Setup};
pub use solve::{solve, Pairing, SolveError, SolveOutcome, SolveStats};
pub use square::Square;
pub use symmetry::Symmetry;
pub use validate::{validate, Violation};
