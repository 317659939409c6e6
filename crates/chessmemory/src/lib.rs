//! ChessMemory: the rules, validator, generators and board symmetries of a memory
//! game played on a full chessboard.
//!
//! The board holds 64 pieces, one on each square: queens, knights, bishops and rooks
//! in white and black, 8 of each kind and colour. A [`Setup`] is valid when every
//! piece has exactly one *partner*: a piece of the same kind and colour inside its
//! attack range, attack ranges taken as on an empty board. The player uncovers two
//! face-down pieces at a time; a partner pair stays open.
//!
//! The crate follows the shape every gridforge game crate has:
//!
//! | part | here |
//! | --- | --- |
//! | params | [`GenerateParams`]: the [`Method`] and its work budget |
//! | text description | [`Setup`]: 64 characters, `Display` and `FromStr` round-trip |
//! | validate | [`validate`]: every piece without exactly one partner |
//! | generate | [`generate`] (and [`generate_batch`] for many seeds in parallel) |
//!
//! A setup has nothing to solve (the game is Memory), so there is no solver.
//!
//! ```
//! use gridforge_chessmemory::{generate, validate, GenerateParams, Setup};
//!
//! let generated = generate(&GenerateParams::default(), 7).unwrap();
//! assert!(validate(&generated.setup).is_empty());
//! let text = generated.setup.to_string();
//! assert_eq!(text.parse::<Setup>().unwrap(), generated.setup);
//! ```

#![warn(missing_docs)]

mod attacks;
mod generate;
mod piece;
mod setup;
mod square;
mod symmetry;
mod validate;

pub use attacks::attacks;
pub use generate::{
    generate, generate_batch, Effort, GenerateError, GenerateParams, Generated, Method,
    DEFAULT_NODE_BUDGET, DEFAULT_RESTART_BUDGET,
};
pub use piece::{Color, Kind, Piece};
pub use setup::{ParseSetupError, Setup};
pub use square::Square;
pub use symmetry::Symmetry;
pub use validate::{validate, Violation};
