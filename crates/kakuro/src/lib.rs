//! Kakuro: the board model and text format, a search solver that counts
//! solutions, a graded logical solver, a generator of puzzles with exactly one
//! solution, the editor's filler and the players' hints.
//!
//! The crate has the shape every gridforge game has: [`Kakuro`] implements
//! [`gridforge_game::Game`] (see ARCHITECTURE.md):
//!
//! | part | here |
//! | --- | --- |
//! | params | [`RectParams`]: rows and columns in [`SIZES`] and a [`Difficulty`] (a square has equal sides: [`RectParams::square`]) |
//! | text description | [`Board`] (`Display` / `FromStr`, see [`board`]), [`Solution`], [`Layout`] |
//! | validate | [`validate`] (every [`Violation`]), [`is_solved`] |
//! | solve | [`solve`] (search, limit and node budget → [`SolveOutcome`]), [`solve_logically`] / [`rate`] (graded techniques, see [`logic`]) |
//! | generate | [`generate()`]`(&params, seed)`, and [`fill`] for the editor (see the [`generate` module](mod@generate)) |
//! | difficulty | [`DIFFICULTIES`]: name, code, the solver's hardest [`Technique`] and the generator's settings per level |
//!
//! Hints: [`combos`] and [`combos_with`] list the digit sets of a run;
//! [`candidates`] gives the digits still possible in each cell of a partly
//! filled board; [`hint()`] checks a position for mistakes or explains the
//! next deduction, step by step (see the [`hint` module](mod@hint)).
//!
//! Solving paths: [`KakuroPath`] (the digits set and erased, with their
//! times), [`path::replay`] and [`path::human_floor_ms`] (see [`path`]).
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

#![deny(missing_docs)]

pub mod board;
mod digits;
mod game;
pub mod generate;
pub mod hint;
mod layout;
pub mod logic;
mod model;
pub mod path;
mod search;
mod validate;

pub use board::{
    Board, BoardError, Cell, Direction, ParseError, ParseErrorKind, RuleError, Run, SetDigitError,
    ShapeMismatch, Solution, MAX_SIDE,
};
pub use digits::{combos, combos_with, sum_is_possible, DigitSet, MAX_RUN, MAX_SUM};
pub use game::Kakuro;
pub use generate::{
    fill, generate, generate_within, FillError, GenerateError, GenerateStats, Generated,
    RectParams, PACK_SIZES, SIZES,
};
pub use gridforge_game::{review_flags, PathError, PathStats, ReviewFlag, Timing};
pub use gridforge_game::{Game, Uniqueness};
pub use hint::{
    hint, Bound, Detail, Hint, HintError, HintRun, Marks, Message, Param, Placement, Pos, Removal,
    Step,
};
pub use layout::{Layout, LayoutError, LayoutRule};
pub use logic::{
    candidates, rate, rate_within, solve_logically, Candidates, Contradiction, Difficulty, Grade,
    LevelFacts, LogicGaveUp, LogicOutcome, LogicReport, Technique, UnknownDifficulty, DIFFICULTIES,
    MASTER,
};
pub use path::{KakuroEvent, KakuroPath};
pub use search::{solve, SearchStats, SolveError, SolveOutcome};
pub use validate::{is_solved, validate, Violation, ViolationKind};
