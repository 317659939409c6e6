//! The generator and the editor's filler: puzzles with exactly one solution,
//! rated by the logical solver.
//!
//! Both work the same way on a layout (the generator draws one, the editor's
//! user supplies one):
//!
//! 1. **Fill.** Digits are written by backtracking, as the seeds describe: cells
//!    in order of rank (the number of cells sharing their runs, highest first;
//!    in reading order on boards with a side over 16, where rank order thrashes),
//!    each taking a random digit not yet used in its two runs, remembering the
//!    digits tried so far, and backing up on a dead end. Each run leans to
//!    small or to large digits (more strongly for easier targets), so many sums
//!    have few digit combinations. A digit that would complete a *shiftable
//!    rectangle* is never written: four cells on two across and two down runs
//!    whose digits `a b / c d` could become `a+k b−k / c−k d+k`, keeping every
//!    sum, which always means a second solution. The clue sums follow.
//! 2. **Climb.** The logical solver, limited to the techniques of the target
//!    difficulty, runs on the puzzle. Where it gets stuck, one digit of the
//!    solution on a run through a cell it could not decide is changed (keeping
//!    runs distinct and completing no shiftable rectangle), usually to the digit
//!    that leaves the two affected sums with the fewest combinations. A quick
//!    local check (re-solving only around the two changed runs) discards most
//!    changes that would not help; the others are rated in full and kept when
//!    the solver leaves no more open candidates than before. The climb ends
//!    when the solver places every cell; it is abandoned for a fresh filling
//!    after a long plateau. A puzzle that needed only easier techniques than
//!    asked for is shaken (a digit changed to make its sums less telling) and
//!    climbs on. While climbing, the solver applies the techniques of a
//!    difficulty level together, which gives the same
//!    difficulty faster (and until a rating finishes the puzzle it skips
//!    the Hard level below Expert: run completion removes all that sum
//!    bounds remove, and only the candidates left count); the finished puzzle is rated once technique by
//!    technique to name the hardest one. On boards with a side over 16 a
//!    full rating per tried change is too slow (a 30×30 climb tries tens of
//!    thousands): there a change is kept on a wider local rating alone (two
//!    rings of runs around it re-solved), the board is rated in full after a
//!    batch of kept changes, and a batch the full rating finds worse is taken
//!    back (`Maker::climb_locally`). There a climb that gets stuck (a run of
//!    changes all turned down, or full ratings without progress) is not
//!    abandoned but *repaired*: the cells the solver left open and the rest
//!    of their runs get new digits by backtracking, the rest of the board
//!    stays, and the climb goes on (`Maker::refill_open`). Most failed
//!    climbs were stuck on a handful of cells, and a fresh filling threw the
//!    solved rest of the board away. Up to 16 the climb is unchanged, so
//!    those sizes (and the offline pack) give the puzzles they always gave.
//! 3. **Prove.** A puzzle the logical solver finishes has one solution; the
//!    search solver proves it again independently (limit 2) before the puzzle
//!    is returned.
//!
//! Difficulty is exact in Tatham's sense: the logical solver finishes the
//! puzzle with the techniques of the asked level and not with those of the
//! level below. Layouts ([`crate::Layout`] rules): symmetric under a half
//! turn, digit cells connected, runs of 2 to 9 cells (at most 6, 7, 8, 8 from
//! easy to expert), none in the first row or column. The share of digit cells
//! grows with the difficulty (see [`DIFFICULTIES`](crate::DIFFICULTIES), which holds every
//! fact of a level), after the seeds' idea.
//!
//! Everything is driven by one `ChaCha8Rng` seeded from the caller's seed, so a
//! seed always gives the same puzzle. On boards with a side over 16 the
//! layout decides most of the cost: a climb on a layout with long runs and
//! wide blocks of digit cells fails three times in four, one on short runs
//! succeeds four times in five. So there each layout is the best of several
//! drawn, the one whose runs are shortest on average (`choose_layout`). A
//! layout's climb can still fail even with its repairs, so there each layout
//! is a slot (one filling each: a climb that fails repaired points to its
//! layout) with its own stream of that generator, the slots run on every thread of the rayon pool at once,
//! and the lowest slot that makes a puzzle gives it (`generate_large`): the
//! same puzzle on one thread or many; every loop has a fixed bound and the
//! functions return an error instead of running on. [`generate_within`] adds
//! a time budget: the same puzzle, or an error once the time is up.
//!
//! The modules: `layouts` draws layouts (and chooses among them), `maker` holds one layout's working
//! state and one attempt (fill, climb, rate, prove), `filling` writes digits
//! (and repairs them), `climb` climbs to the difficulty on boards up to 16,
//! and `large` runs the slots and the local climb of the larger boards.

mod climb;
mod filling;
mod large;
mod layouts;
mod maker;

use crate::board::{Board, Solution};
use crate::layout::{Layout, LayoutError};
use crate::logic::{Difficulty, Technique};
use large::generate_large;
use layouts::draw_layout;
use maker::Maker;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::ops::RangeInclusive;
use std::time::{Duration, Instant};

/// Board sides the generator makes: rows and columns each, including the
/// clue row and column, so boards from 6×6 to 30×30, square or not. Below 6
/// the layout rules (runs of 2 to 9 cells, half-turn symmetry, a share of
/// digit cells) leave no room: a 3×3's one layout, a 2×2 block, always has a
/// second solution, and no 4×4 layout meets them.
pub const SIZES: RangeInclusive<usize> = 6..=30;

/// Board sizes (N×N) of the offline web pack: the pack's size budget keeps it
/// to the sizes a phone shows whole.
pub const PACK_SIZES: RangeInclusive<usize> = 10..=16;

/// Layouts drawn before [`generate`] gives up (draws that break a rule are
/// cheap and redrawn; this bounds them all).
const MAX_LAYOUT_DRAWS: u32 = 20_000;
/// Layouts that pass the rules before [`generate`] gives up.
const MAX_LAYOUTS: u32 = 200;
/// Digit fillings tried per layout on boards up to [`RANKED_FILL_MAX_SIDE`]
/// (the larger ones have their own, in [`large`]).
const FILLS_PER_LAYOUT: u32 = 3;
/// Fillings [`fill`] tries before reporting that it found no unique puzzle.
const FILL_ATTEMPTS: u32 = 24;
/// Largest board side filled in rank order; larger boards are filled in
/// reading order (see [`Maker::fill_digits`]). Up to this side the rank order
/// is kept so that every seed gives the puzzle it always gave.
const RANKED_FILL_MAX_SIDE: usize = 16;
/// Node budget of the uniqueness proof (a puzzle the logic solves needs few).
const PROOF_BUDGET: u64 = 100_000;

/// A puzzle made by [`generate`] or [`fill`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The puzzle: clues and empty digit cells.
    pub puzzle: Board,
    /// Its only solution.
    pub solution: Solution,
    /// Its difficulty as the logical solver rates it.
    pub difficulty: Difficulty,
    /// The hardest technique the logical solver needed.
    pub hardest: Technique,
    /// What the making cost.
    pub stats: GenerateStats,
}

/// Counters of one generation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GenerateStats {
    /// Layouts drawn (including those that broke a rule and were redrawn).
    pub layout_draws: u32,
    /// Digit fillings written.
    pub fills: u32,
    /// Digit changes tried while climbing.
    pub moves: u32,
    /// Runs of the logical solver.
    pub ratings: u32,
}

/// Why [`generate`] made nothing.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    /// A side (rows or columns) is not one the generator makes.
    #[error("size {0} is outside {min}..={max}", min = SIZES.start(), max = SIZES.end())]
    SizeOutOfRange(usize),
    /// The difficulty is a rating only ([`Difficulty::Master`]).
    #[error("{0} is a rating only: the generator makes easy, medium, hard and expert puzzles")]
    NotGenerated(Difficulty),
    /// The time budget of [`generate_within`] ran out first.
    #[error("no {difficulty} puzzle of {rows}×{cols} could be generated within the time budget of {millis} ms; try another seed or a smaller board")]
    OutOfTime {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
        /// Difficulty asked for.
        difficulty: Difficulty,
        /// The budget in milliseconds.
        millis: u128,
        /// What was tried.
        stats: GenerateStats,
    },
    /// Every attempt allowed failed (not expected in practice).
    #[error(
        "no {difficulty} puzzle of {rows}×{cols} found within the generator's budget ({stats:?})"
    )]
    GaveUp {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
        /// Difficulty asked for.
        difficulty: Difficulty,
        /// What was tried.
        stats: GenerateStats,
    },
}

/// Why [`fill`] made nothing.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FillError {
    /// The layout breaks the run rules.
    #[error("the layout breaks the run rules: {0}")]
    Layout(#[from] LayoutError),
    /// No filling with exactly one solution was found within the budget.
    #[error("no filling of this layout with exactly one solution was found in {attempts} attempts; try another seed or change the layout")]
    NoUniqueFilling {
        /// Fillings tried.
        attempts: u32,
    },
}

/// What [`generate`] is asked for: rows and columns each in [`SIZES`]
/// (including the clue row and column) and a difficulty.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RectParams {
    /// Rows, including the clue row.
    pub rows: usize,
    /// Columns, including the clue column.
    pub cols: usize,
    /// The difficulty the logical solver must rate the puzzle at, exactly.
    pub difficulty: Difficulty,
}

impl RectParams {
    /// Params for a `rows`×`cols` puzzle of `difficulty`; errors when the
    /// generator does not make that side or level.
    pub fn new(
        rows: usize,
        cols: usize,
        difficulty: Difficulty,
    ) -> Result<RectParams, GenerateError> {
        if let Some(&side) = [rows, cols].iter().find(|side| !SIZES.contains(side)) {
            return Err(GenerateError::SizeOutOfRange(side));
        }
        if !difficulty.is_generated() {
            return Err(GenerateError::NotGenerated(difficulty));
        }
        Ok(RectParams {
            rows,
            cols,
            difficulty,
        })
    }

    /// Params for a `size`×`size` puzzle of `difficulty` (a square is a
    /// rectangle with equal sides); errors as [`RectParams::new`] does.
    pub fn square(size: usize, difficulty: Difficulty) -> Result<RectParams, GenerateError> {
        RectParams::new(size, size, difficulty)
    }
}

/// Generates a puzzle of the params' size with exactly one solution that the
/// logical solver rates exactly the params' difficulty. The same arguments
/// give the same puzzle.
pub fn generate(params: &RectParams, seed: u64) -> Result<Generated, GenerateError> {
    generate_until(params, seed, None)
}

/// [`generate`] within a time budget, for callers that must answer (the
/// server): the same puzzle as [`generate`] when it is made in `time`, else
/// [`GenerateError::OutOfTime`]. The search stops at its next step after
/// the budget, which is a fraction of a millisecond on every size.
pub fn generate_within(
    params: &RectParams,
    seed: u64,
    time: Duration,
) -> Result<Generated, GenerateError> {
    // A budget too long to represent is no budget.
    generate_until(params, seed, Instant::now().checked_add(time)).map_err(|err| match err {
        GenerateError::OutOfTime { stats, .. } => GenerateError::OutOfTime {
            rows: params.rows,
            cols: params.cols,
            difficulty: params.difficulty,
            millis: time.as_millis(),
            stats,
        },
        other => other,
    })
}

/// [`generate`], giving up at `deadline` if there is one.
fn generate_until(
    params: &RectParams,
    seed: u64,
    deadline: Option<Instant>,
) -> Result<Generated, GenerateError> {
    let RectParams {
        rows,
        cols,
        difficulty,
    } = RectParams::new(params.rows, params.cols, params.difficulty)?;
    if rows.max(cols) > RANKED_FILL_MAX_SIDE {
        return generate_large(params, seed, deadline);
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut stats = GenerateStats::default();
    let mut layouts = 0;
    while layouts < MAX_LAYOUTS {
        let Some(layout) = draw_layout(params, &mut rng, &mut stats, MAX_LAYOUT_DRAWS) else {
            break;
        };
        layouts += 1;
        let mut maker = Maker::new(&layout);
        maker.deadline = deadline;
        for _ in 0..FILLS_PER_LAYOUT {
            if let Some(made) = maker.attempt(difficulty, true, &mut rng, &mut stats) {
                return Ok(made);
            }
            if maker.out_of_time() {
                return Err(GenerateError::OutOfTime {
                    rows,
                    cols,
                    difficulty,
                    millis: 0,
                    stats,
                });
            }
        }
    }
    Err(GenerateError::GaveUp {
        rows,
        cols,
        difficulty,
        stats,
    })
}

impl GenerateStats {
    /// Adds `other`'s counters to these.
    fn add(&mut self, other: &GenerateStats) {
        self.layout_draws += other.layout_draws;
        self.fills += other.fills;
        self.moves += other.moves;
        self.ratings += other.ratings;
    }
}

/// Turns a user's layout into a puzzle with exactly one solution, for the
/// editor: checks the run rules ([`Layout::check`]), then fills and climbs as
/// [`generate`] does, at whatever difficulty results (the logical solver must
/// finish it). Errors with the broken rule, or when no unique filling is found
/// within the budget.
pub fn fill(layout: &Layout, seed: u64) -> Result<Generated, FillError> {
    layout.check()?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut stats = GenerateStats::default();
    let mut maker = Maker::new(layout);
    for _ in 0..FILL_ATTEMPTS {
        if let Some(made) = maker.attempt(Difficulty::Expert, false, &mut rng, &mut stats) {
            return Ok(made);
        }
    }
    Err(FillError::NoUniqueFilling {
        attempts: FILL_ATTEMPTS,
    })
}
