//! Kakuro: the board model and text format, a search solver that counts
//! solutions, a graded logical solver, a generator of puzzles with exactly one
//! solution, the editor's filler and the players' hints.
//!
//! The crate has the shape every gridforge game has (see ARCHITECTURE.md):
//!
//! | part | here |
//! | --- | --- |
//! | params | a size in [`SIZES`] and a [`Difficulty`] |
//! | text description | [`Board`] (`Display` / `FromStr`, see [`board`]), [`Solution`], [`Layout`] |
//! | validate | [`validate`], [`is_solved`] |
//! | solve | [`solve`] (search, limit and node budget), [`solve_logically`] / [`rate`] (graded techniques, see [`logic`]) |
//! | generate | [`generate()`], and [`fill`] for the editor (see the [`generate` module](mod@generate)) |
//! | difficulty | the hardest [`Technique`] the logical solver needed |
//!
//! Hints: [`combos`] and [`combos_with`] list the digit sets of a run;
//! [`candidates`] gives the digits still possible in each cell of a partly
//! filled board.
//!
//! ```
//! use gridforge_kakuro::{solve, Board, Uniqueness};
//!
//! let board: Board = "3 3\n- 4, 6,\n,3 0 0\n,7 0 0".parse()?;
//! let outcome = solve(&board, 2, 10_000)?;
//! assert_eq!(outcome.uniqueness(), Uniqueness::Unique);
//! assert_eq!(outcome.solutions[0].to_string(), "3 3\n- - -\n- 1 2\n- 3 4");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod board;
mod digits;
pub mod generate;
mod layout;
pub mod logic;
mod model;
mod search;
mod validate;

pub use board::{
    Board, BoardError, Cell, Direction, ParseError, ParseErrorKind, RuleError, Run, SetDigitError,
    ShapeMismatch, Solution, MAX_SIDE,
};
pub use digits::{combos, combos_with, sum_is_possible, DigitSet, MAX_RUN, MAX_SUM};
pub use generate::{
    digit_share, fill, generate, generate_batch, FillError, GenerateError, GenerateStats,
    Generated, SIZES,
};
pub use layout::{Layout, LayoutError, LayoutRule};
pub use logic::{
    candidates, rate, solve_logically, Candidates, Contradiction, Difficulty, LogicOutcome,
    LogicReport, Technique, UnknownDifficulty,
};
pub use search::{solve, SearchStats, SolveError, SolveOutcome, Uniqueness};
pub use validate::{is_solved, validate, Violation, ViolationKind};
