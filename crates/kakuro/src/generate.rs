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
//!    difficulty faster; the finished puzzle is rated once technique by
//!    technique to name the hardest one. On boards with a side over 16 a
//!    full rating per tried change is too slow (a 30×30 climb tries tens of
//!    thousands): there a change is kept on a wider local rating alone (two
//!    rings of runs around it re-solved), the board is rated in full after a
//!    batch of kept changes, and a batch the full rating finds worse is taken
//!    back (`Maker::climb_locally`). Up to 16 the climb is unchanged, so
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
//! seed always gives the same puzzle. On boards with a side over 16 most
//! layouts' climbs fail, so there each layout is a slot with its own stream
//! of that generator, the slots run on every thread of the rayon pool at once,
//! and the lowest slot that makes a puzzle gives it (`generate_large`): the
//! same puzzle on one thread or many; every loop has a fixed bound and the
//! functions return an error instead of running on. [`generate_within`] adds
//! a time budget: the same puzzle, or an error once the time is up.

use crate::board::{Board, Solution};
use crate::digits::{combo_masks, is_single, ALL_DIGITS};
use crate::layout::{Layout, LayoutError};
use crate::logic::{Difficulty, Engine, EngineEnd, Granularity, Technique};
use crate::model::Model;
use crate::search::search;
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::ops::RangeInclusive;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Mutex;
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
/// Digit fillings tried per layout.
const FILLS_PER_LAYOUT: u32 = 3;
/// Fillings [`fill`] tries before reporting that it found no unique puzzle.
const FILL_ATTEMPTS: u32 = 24;
/// Digit changes per climb, per digit cell.
const MOVES_PER_CELL: usize = 12;
/// Rated digit changes without a new best before a climb is abandoned (a
/// fresh filling is cheaper than a long plateau).
const PLATEAU_MOVES: usize = 150;
/// Rings of runs around a changed cell that [`Maker::climb_locally`] re-rates.
const LOCAL_RINGS: usize = 2;
/// Kept changes between full ratings in [`Maker::climb_locally`].
const LOCAL_MOVES_PER_RATING: usize = 8;
/// Full ratings without a new best before [`Maker::climb_locally`] gives up.
const LOCAL_PLATEAU_RATINGS: usize = 20;
/// Times [`Maker::climb_locally`] takes a change that makes things worse to
/// leave a plateau before it gives up.
const LOCAL_KICKS: usize = 4;
/// Largest board side filled in rank order; larger boards are filled in
/// reading order (see [`Maker::fill_digits`]). Up to this side the rank order
/// is kept so that every seed gives the puzzle it always gave.
const RANKED_FILL_MAX_SIDE: usize = 16;
/// Backtracking steps allowed to write the first digits, per digit cell.
const FILL_STEPS_PER_CELL: u32 = 200;
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
    while stats.layout_draws < MAX_LAYOUT_DRAWS && layouts < MAX_LAYOUTS {
        stats.layout_draws += 1;
        let facts = difficulty.grade().level;
        let Some(layout) = Layout::random(rows, cols, facts.digit_share, facts.max_run, &mut rng)
        else {
            continue;
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

/// What one layout slot of [`generate_large`] came to.
enum SlotOutcome {
    /// The slot's puzzle.
    Made(Box<Generated>),
    /// No puzzle on this slot's layout (or no layout drawn).
    Failed,
    /// Stopped because a lower slot made its puzzle first: never used.
    Cancelled,
    /// The deadline came first.
    OutOfTime,
}

/// [`generate`] for boards with a side over [`RANKED_FILL_MAX_SIDE`], where
/// most layouts' climbs fail and each failure costs a tenth of a second or
/// more: every layout is a *slot* with its own random stream (the seed's
/// stream `slot + 1`), so the slots are independent and as many run at once
/// as the rayon pool has threads. The answer is the lowest slot that makes a
/// puzzle, which is the same whatever the threads and their timing (a slot
/// is only ever stopped early when a lower one has succeeded), and so is
/// every counter: the stats are those of the slots up to it.
fn generate_large(
    params: &RectParams,
    seed: u64,
    deadline: Option<Instant>,
) -> Result<Generated, GenerateError> {
    let found = AtomicU32::new(u32::MAX);
    let next = AtomicU32::new(0);
    let outcomes = Mutex::new(Vec::new());
    let workers = rayon::current_num_threads().max(1);
    rayon::in_place_scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|_| loop {
                // Past the deadline no slot is begun (one begun records its
                // outcome, so the slots taken stay a run from 0).
                if deadline.is_some_and(|deadline| Instant::now() >= deadline) {
                    return;
                }
                let slot = next.fetch_add(1, Ordering::Relaxed);
                if slot >= MAX_LAYOUTS || slot > found.load(Ordering::Acquire) {
                    return;
                }
                let (outcome, stats) = make_slot(params, seed, slot, deadline, &found);
                let stop = matches!(outcome, SlotOutcome::OutOfTime);
                if let SlotOutcome::Made(_) = outcome {
                    found.fetch_min(slot, Ordering::AcqRel);
                }
                if let Ok(mut outcomes) = outcomes.lock() {
                    outcomes.push((slot, outcome, stats));
                }
                if stop {
                    return;
                }
            });
        }
    });
    let mut outcomes = outcomes.into_inner().unwrap_or_else(|e| e.into_inner());
    outcomes.sort_by_key(|(slot, _, _)| *slot);
    let mut total = GenerateStats::default();
    let RectParams {
        rows,
        cols,
        difficulty,
    } = *params;
    // Slots are taken in order, so those below the first success or time-out
    // are all here, failed.
    let out_of_time = |stats| GenerateError::OutOfTime {
        rows,
        cols,
        difficulty,
        millis: 0,
        stats,
    };
    for (_, outcome, stats) in outcomes {
        total.add(&stats);
        match outcome {
            SlotOutcome::Made(mut made) => {
                made.stats = total;
                return Ok(*made);
            }
            SlotOutcome::Failed => {}
            SlotOutcome::Cancelled | SlotOutcome::OutOfTime => return Err(out_of_time(total)),
        }
    }
    // No slot made a puzzle: every slot failed, or the deadline stopped the
    // slots before they were all tried.
    if next.load(Ordering::Relaxed) < MAX_LAYOUTS {
        return Err(out_of_time(total));
    }
    Err(GenerateError::GaveUp {
        rows,
        cols,
        difficulty,
        stats: total,
    })
}

/// One slot of [`generate_large`]: a layout drawn from the slot's own random
/// stream (up to its share of [`MAX_LAYOUT_DRAWS`]) and up to
/// [`FILLS_PER_LAYOUT`] fillings of it.
fn make_slot(
    params: &RectParams,
    seed: u64,
    slot: u32,
    deadline: Option<Instant>,
    found: &AtomicU32,
) -> (SlotOutcome, GenerateStats) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(u64::from(slot) + 1);
    let mut stats = GenerateStats::default();
    let facts = params.difficulty.grade().level;
    let mut layout = None;
    while layout.is_none() && stats.layout_draws < MAX_LAYOUT_DRAWS / MAX_LAYOUTS {
        stats.layout_draws += 1;
        layout = Layout::random(
            params.rows,
            params.cols,
            facts.digit_share,
            facts.max_run,
            &mut rng,
        );
    }
    let Some(layout) = layout else {
        return (SlotOutcome::Failed, stats);
    };
    let mut maker = Maker::new(&layout);
    maker.deadline = deadline;
    maker.cancel = Some((found, slot));
    for _ in 0..FILLS_PER_LAYOUT {
        if let Some(made) = maker.attempt(params.difficulty, true, &mut rng, &mut stats) {
            return (SlotOutcome::Made(Box::new(made)), stats);
        }
        if maker.cancelled() {
            return (SlotOutcome::Cancelled, stats);
        }
        if maker.out_of_time() {
            return (SlotOutcome::OutOfTime, stats);
        }
    }
    (SlotOutcome::Failed, stats)
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

/// A full rating in [`Maker::climb_locally`]: the digits rated, the
/// candidates the solver left, their cost and the hardest technique used.
struct FullRating {
    digits: Vec<u8>,
    masks: Vec<u16>,
    cost: usize,
    hardest: Option<Technique>,
}

/// The working state for one layout.
struct Maker<'s> {
    model: Model,
    engine: Engine,
    /// The solution being shaped: a digit per digit cell.
    digits: Vec<u8>,
    /// Cells in filling order (rank, highest first).
    order: Vec<u16>,
    /// Candidates the logical solver left in the accepted state.
    current: Vec<u16>,
    /// Scratch list of open cells.
    open: Vec<u16>,
    /// Digits used in each run of the solution being shaped.
    run_used: Vec<u16>,
    /// Scratch candidates and run list for [`Maker::promising`].
    scratch: Vec<u16>,
    first: Vec<u32>,
    /// When to stop climbing ([`generate_within`]); None: never.
    deadline: Option<Instant>,
    /// In [`generate_large`]: the lowest slot that made a puzzle, and this
    /// maker's slot; a maker whose slot is above it stops.
    cancel: Option<(&'s AtomicU32, u32)>,
}

impl<'s> Maker<'s> {
    fn new(layout: &Layout) -> Maker<'s> {
        let model = Model::from_layout(layout);
        let engine = Engine::new(&model);
        let n = model.cell_count();
        Maker {
            engine,
            digits: vec![0; n],
            order: (0..n as u16).collect(),
            current: vec![ALL_DIGITS; n],
            open: Vec::with_capacity(n),
            scratch: Vec::with_capacity(n),
            run_used: vec![0; model.runs.len()],
            first: Vec::new(),
            deadline: None,
            cancel: None,
            model,
        }
    }

    /// True once the deadline, if any, has passed.
    fn out_of_time(&self) -> bool {
        self.deadline
            .is_some_and(|deadline| Instant::now() >= deadline)
    }

    /// True once a lower slot than this maker's has made its puzzle.
    fn cancelled(&self) -> bool {
        self.cancel
            .is_some_and(|(found, slot)| found.load(Ordering::Relaxed) < slot)
    }

    /// True when the climb must stop: out of time or cancelled.
    fn must_stop(&self) -> bool {
        self.cancelled() || self.out_of_time()
    }

    /// One filling and climb; the puzzle when it worked.
    fn attempt(
        &mut self,
        target: Difficulty,
        exact: bool,
        rng: &mut ChaCha8Rng,
        stats: &mut GenerateStats,
    ) -> Option<Generated> {
        stats.fills += 1;
        if !self.fill_digits(target.grade().level.lean, rng) {
            return None;
        }
        for run in &mut self.model.runs {
            run.sum = run
                .cells()
                .iter()
                .map(|&c| u32::from(self.digits[c as usize]))
                .sum();
        }
        let level = if self.model.rows.max(self.model.cols) > RANKED_FILL_MAX_SIDE {
            self.climb_locally(target, exact, rng, stats)
        } else {
            self.climb(target, exact, rng, stats)
        }?
        .difficulty();
        // The climb rated level by level; one rating technique by technique
        // names the hardest technique (the level is the same either way).
        stats.ratings += 1;
        let end = self.engine.run(
            &self.model,
            level.hardest_technique(),
            Granularity::Technique,
        );
        let hardest = self.engine.hardest().filter(|_| end == EngineEnd::Solved)?;
        if hardest.difficulty() != level {
            return None;
        }
        // The logic finished, so the puzzle is unique; the search proves it
        // independently, and its solution is the one returned.
        let (found, _) = search(&self.model, 2, PROOF_BUDGET).ok()?;
        let [solution] = &found[..] else {
            return None;
        };
        Some(Generated {
            puzzle: self.model.puzzle()?,
            solution: self.model.solution(solution),
            difficulty: level,
            hardest,
            stats: *stats,
        })
    }

    /// Writes distinct digits into every run by ranked backtracking. Each run
    /// leans to small or to large digits (by `lean`), so that many sums have
    /// few combinations.
    fn fill_digits(&mut self, lean: f64, rng: &mut ChaCha8Rng) -> bool {
        let model = &self.model;
        let rank = |c: &u16| {
            let [a, d] = model.cell_runs[*c as usize];
            std::cmp::Reverse(model.runs[a as usize].len + model.runs[d as usize].len)
        };
        self.order.shuffle(rng);
        if model.rows.max(model.cols) > RANKED_FILL_MAX_SIDE {
            // On a large board cells far apart in rank order clash late and
            // the backtracking thrashes; reading order keeps each dead end next
            // to the cells that caused it.
            self.order.sort_by_key(|&c| model.cell_pos[c as usize]);
        } else {
            self.order.sort_by_key(rank);
        }
        let n = self.order.len();
        self.run_used.fill(0);
        let small: Vec<bool> = (0..model.runs.len())
            .map(|_| rng.random_bool(0.5))
            .collect();
        let lean_table: [f64; 10] = std::array::from_fn(|rank| (rank as f64).powf(lean));
        let weight = |run: usize, digit: u32| -> f64 {
            let rank = if small[run] { 10 - digit } else { digit };
            lean_table[rank as usize]
        };
        let mut tried = vec![0u16; n];
        self.digits.fill(0);
        let budget = FILL_STEPS_PER_CELL.saturating_mul(n as u32);
        let mut pos = 0;
        let mut steps = 0;
        while pos < n {
            steps += 1;
            if steps > budget {
                return false;
            }
            let cell = self.order[pos] as usize;
            let [a, d_run] = model.cell_runs[cell];
            let (a, d_run) = (a as usize, d_run as usize);
            if self.digits[cell] != 0 {
                let bit = !(1u16 << self.digits[cell]);
                self.run_used[a] &= bit;
                self.run_used[d_run] &= bit;
                self.digits[cell] = 0;
            }
            let free = ALL_DIGITS & !self.run_used[a] & !self.run_used[d_run] & !tried[pos];
            // The rectangle check is the costly part: skip it at a dead end.
            let options = if free == 0 {
                0
            } else {
                free & !self.cycle_digits(cell)
            };
            if options == 0 {
                tried[pos] = 0;
                if pos == 0 {
                    return false;
                }
                pos -= 1;
                continue;
            }
            let bit = weighted_bit(options, |d| weight(a, d) * weight(d_run, d), rng);
            tried[pos] |= bit;
            self.digits[cell] = bit.trailing_zeros() as u8;
            self.run_used[a] |= bit;
            self.run_used[d_run] |= bit;
            pos += 1;
        }
        true
    }

    /// Rates the current sums with `target`'s techniques. Returns the number
    /// of candidates beyond one per cell the solver could not remove (0 when
    /// it finished) and the hardest technique it used; the candidates it left
    /// are in `self.engine.masks`.
    fn evaluate(
        &mut self,
        target: Difficulty,
        stats: &mut GenerateStats,
    ) -> (usize, Option<Technique>) {
        stats.ratings += 1;
        let end = self
            .engine
            .run(&self.model, target.hardest_technique(), Granularity::Level);
        let cost = match end {
            EngineEnd::Solved => 0,
            // The generator's engine has no budget, so it never gives up.
            EngineEnd::Stuck | EngineEnd::GaveUp => self.engine.open_candidates(),
            // The sums come from a real filling, so the logic cannot find a
            // contradiction; treat one as the worst state all the same.
            EngineEnd::Contradiction(_) => usize::MAX,
        };
        (cost, self.engine.hardest())
    }

    /// Changes digits until the logical solver, limited to `target`'s
    /// techniques, finishes the puzzle (and, if `exact`, needs a technique of
    /// that level). Returns the hardest technique needed.
    fn climb(
        &mut self,
        target: Difficulty,
        exact: bool,
        rng: &mut ChaCha8Rng,
        stats: &mut GenerateStats,
    ) -> Option<Technique> {
        let (mut cost, mut hardest) = self.evaluate(target, stats);
        self.current.copy_from_slice(&self.engine.masks);
        let mut best = cost;
        let mut since_best = 0;
        for _ in 0..MOVES_PER_CELL * self.digits.len() {
            if self.must_stop() {
                return None;
            }
            if cost == 0 {
                let reached = hardest.unwrap_or(Technique::Single);
                if !exact || reached.difficulty() == target {
                    return Some(reached);
                }
                // Too easy: make a sum less telling and climb on.
                self.shake(rng);
                (cost, hardest) = self.evaluate(target, stats);
                self.current.copy_from_slice(&self.engine.masks);
                (best, since_best) = (cost, 0);
                continue;
            }
            stats.moves += 1;
            let (cell, old, new) = self.propose(rng)?;
            self.set_digit(cell, new);
            if !self.promising(cell, target, cost) {
                self.set_digit(cell, old);
                continue;
            }
            let (new_cost, new_hardest) = self.evaluate(target, stats);
            if new_cost < best {
                best = new_cost;
                since_best = 0;
            } else {
                since_best += 1;
                if since_best > PLATEAU_MOVES {
                    return None;
                }
            }
            if new_cost <= cost {
                (cost, hardest) = (new_cost, new_hardest);
                self.current.copy_from_slice(&self.engine.masks);
            } else {
                self.set_digit(cell, old);
            }
        }
        None
    }

    /// [`Maker::climb`] for large boards, where a full rating per tried
    /// change is what the time went to: a change is kept on its local rating
    /// alone ([`Maker::rate_near`], [`LOCAL_RINGS`] rings of runs around it),
    /// and the whole board is rated after a batch of kept changes and
    /// whenever the local state is solved. A batch that the full rating finds
    /// worse than the last one is taken back and the batch halved (a good
    /// one doubles it, up to [`LOCAL_MOVES_PER_RATING`]), so where the local
    /// ratings mislead the climb rates every change in full. After
    /// [`LOCAL_PLATEAU_RATINGS`] full ratings without progress the climb takes
    /// one change whatever it costs (at most [`LOCAL_KICKS`] times), then
    /// gives up. Only a full rating ends the climb.
    fn climb_locally(
        &mut self,
        target: Difficulty,
        exact: bool,
        rng: &mut ChaCha8Rng,
        stats: &mut GenerateStats,
    ) -> Option<Technique> {
        let mut last = self.rate_in_full(target, stats);
        let mut cost = last.cost;
        let (mut kept, mut batch, mut since_best, mut kicks) = (0, LOCAL_MOVES_PER_RATING, 0, 0);
        for _ in 0..MOVES_PER_CELL * self.digits.len() {
            if self.must_stop() {
                return None;
            }
            if kept > 0 && (cost == 0 || kept >= batch) {
                kept = 0;
                let rated = self.rate_in_full(target, stats);
                if rated.cost < last.cost {
                    since_best = 0;
                } else {
                    since_best += 1;
                }
                if rated.cost > last.cost {
                    batch = (batch / 2).max(1);
                    self.restore(&last.digits);
                    self.current.copy_from_slice(&last.masks);
                } else {
                    batch = (batch * 2).min(LOCAL_MOVES_PER_RATING);
                    last = rated;
                }
                cost = last.cost;
                if since_best > LOCAL_PLATEAU_RATINGS {
                    if kicks == LOCAL_KICKS {
                        return None;
                    }
                    // Stuck: take one change whatever it costs and climb on.
                    kicks += 1;
                    since_best = 0;
                    let (cell, _, new) = self.propose(rng)?;
                    self.set_digit(cell, new);
                    last = self.rate_in_full(target, stats);
                    cost = last.cost;
                }
            }
            if kept == 0 && cost == 0 {
                let reached = last.hardest.unwrap_or(Technique::Single);
                if !exact || reached.difficulty() == target {
                    return Some(reached);
                }
                // Too easy: make a sum less telling and climb on.
                self.shake(rng);
                last = self.rate_in_full(target, stats);
                cost = last.cost;
                since_best = 0;
                continue;
            }
            stats.moves += 1;
            let (cell, old, new) = self.propose(rng)?;
            self.set_digit(cell, new);
            match self.rate_near(cell, LOCAL_RINGS, target) {
                Some(near) if near <= cost => {
                    cost = near;
                    self.current.copy_from_slice(&self.engine.masks);
                    kept += 1;
                }
                _ => self.set_digit(cell, old),
            }
        }
        None
    }

    /// Rates the board in full ([`Maker::evaluate`]), makes the result the
    /// accepted state and returns it with the digits it was made for.
    fn rate_in_full(&mut self, target: Difficulty, stats: &mut GenerateStats) -> FullRating {
        let (cost, hardest) = self.evaluate(target, stats);
        self.current.copy_from_slice(&self.engine.masks);
        FullRating {
            digits: self.digits.clone(),
            masks: self.current.clone(),
            cost,
            hardest,
        }
    }

    /// Sets every digit back to `digits` (and the sums with them).
    fn restore(&mut self, digits: &[u8]) {
        for (cell, &digit) in digits.iter().enumerate() {
            if self.digits[cell] != digit {
                self.set_digit(cell, digit);
            }
        }
    }

    /// A quick guess whether the digit just written into `cell` is worth a
    /// full rating: does [`Maker::rate_near`] leave no more open candidates
    /// than `cost`? Most changes make things worse, and this local check costs
    /// a fraction of a rating.
    fn promising(&mut self, cell: usize, target: Difficulty, cost: usize) -> bool {
        // A contradiction is impossible for sums of a real filling; let the
        // full rating decide.
        self.rate_near(cell, 1, target)
            .is_none_or(|near| near <= cost)
    }

    /// Rates only around `cell` after a change of its digit: starting from
    /// the candidates of the accepted state with the cells of `cell`'s two
    /// runs reset, the solver works outward from the runs through those
    /// cells. The open candidates left (the solver's masks are in
    /// `self.engine.masks`), or None on a contradiction. Cheap, but not
    /// exact: eliminations elsewhere that the old sums allowed are kept.
    fn rate_near(&mut self, cell: usize, rings: usize, target: Difficulty) -> Option<usize> {
        let mut start = std::mem::take(&mut self.scratch);
        start.clear();
        start.extend_from_slice(&self.current);
        let mut first = std::mem::take(&mut self.first);
        first.clear();
        first.extend(self.model.cell_runs[cell]);
        let mut ring = 0..first.len();
        for _ in 0..rings {
            for i in ring.clone() {
                for &c in self.model.runs[first[i] as usize].cells() {
                    start[c as usize] = ALL_DIGITS;
                    for r in self.model.cell_runs[c as usize] {
                        if !first.contains(&r) {
                            first.push(r);
                        }
                    }
                }
            }
            ring = ring.end..first.len();
        }
        let end = self.engine.run_from(
            &self.model,
            &start,
            first.iter().copied(),
            target.hardest_technique(),
            Granularity::Level,
        );
        self.scratch = start;
        self.first = first;
        match end {
            EngineEnd::Solved => Some(0),
            EngineEnd::Stuck | EngineEnd::GaveUp => Some(self.engine.open_candidates()),
            EngineEnd::Contradiction(_) => None,
        }
    }

    /// Writes `digit` into `cell` and updates the sums of its two runs.
    fn set_digit(&mut self, cell: usize, digit: u8) {
        let old = u32::from(self.digits[cell]);
        for run in self.model.cell_runs[cell] {
            let used = &mut self.run_used[run as usize];
            *used = (*used & !(1 << old)) | (1 << digit);
            let run = &mut self.model.runs[run as usize];
            run.sum = run.sum - old + u32::from(digit);
        }
        self.digits[cell] = digit;
    }

    /// The digits that, written into `cell`, would complete a shiftable
    /// rectangle: four cells, two on each of two across runs and two on each
    /// of two down runs, whose digits `a b / c d` can become
    /// `a+k b−k / c−k d+k` for some `k` while every run keeps distinct digits.
    /// That keeps every sum, so the puzzle would have a second solution.
    /// Rectangles with a cell still 0 are ignored.
    fn cycle_digits(&self, cell: usize) -> u16 {
        let model = &self.model;
        let [across, down] = model.cell_runs[cell];
        let cols = model.cols;
        // Digits of a run other than those of two of its cells (digits in a
        // run are distinct, so removing theirs leaves the others).
        let others = |run: u32, skip: [u8; 2]| -> u16 {
            self.run_used[run as usize] & !(1 << skip[0]) & !(1 << skip[1]) & ALL_DIGITS
        };
        let mine = self.digits[cell];
        let mut forbidden = 0u16;
        for &beside in model.runs[across as usize].cells() {
            let beside = beside as usize;
            let b = self.digits[beside];
            if beside == cell || b == 0 {
                continue;
            }
            let beside_down = model.cell_runs[beside][1];
            let beside_col = model.cell_pos[beside] as usize % cols;
            for &below in model.runs[down as usize].cells() {
                let below = below as usize;
                let c = self.digits[below];
                if below == cell || c == 0 {
                    continue;
                }
                let row = model.cell_pos[below] as usize / cols;
                let corner = model.cell_at[row * cols + beside_col];
                if corner == u32::MAX {
                    continue;
                }
                let corner = corner as usize;
                let d = self.digits[corner];
                let below_across = model.cell_runs[below][0];
                if d == 0
                    || model.cell_runs[corner][0] != below_across
                    || model.cell_runs[corner][1] != beside_down
                {
                    continue;
                }
                let top = others(across, [mine, b]);
                let left = others(down, [mine, c]);
                let bottom = others(below_across, [c, d]);
                let right = others(beside_down, [b, d]);
                let (b, c, d) = (i32::from(b), i32::from(c), i32::from(d));
                let free = |v: i32, used: u16| (1..=9).contains(&v) && used & (1 << v) == 0;
                for k in (-8..=8).filter(|&k| k != 0) {
                    let (b2, c2, d2) = (b - k, c - k, d + k);
                    let rest_shifts = free(b2, top | right | (1 << d2.clamp(0, 15)))
                        && free(c2, left | bottom | (1 << d2.clamp(0, 15)))
                        && free(d2, bottom | right);
                    if !rest_shifts {
                        continue;
                    }
                    // New digits a + k the cell could take in the shifted
                    // rectangle; the cell's digit a is then forbidden.
                    let shifted = ALL_DIGITS & !top & !left & !(1 << b2) & !(1 << c2);
                    let digits = if k > 0 { shifted >> k } else { shifted << -k };
                    forbidden |= digits & ALL_DIGITS;
                }
            }
        }
        forbidden
    }

    /// Digits `cell` may change to: not used elsewhere in its two runs and
    /// completing no swappable rectangle.
    fn free_digits(&self, cell: usize) -> u16 {
        let [across, down] = self.model.cell_runs[cell];
        let used = self.run_used[across as usize] | self.run_used[down as usize];
        let free = ALL_DIGITS & !used;
        if free == 0 {
            0
        } else {
            free & !self.cycle_digits(cell)
        }
    }

    /// How many digit combinations the sums of `cell`'s runs would allow if it held `digit`.
    fn ambiguity(&self, cell: usize, digit: u8) -> usize {
        let old = u32::from(self.digits[cell]);
        self.model.cell_runs[cell]
            .iter()
            .map(|&run| {
                let run = &self.model.runs[run as usize];
                combo_masks(run.sum - old + u32::from(digit), run.len).len()
            })
            .sum()
    }

    /// A digit change near a cell the solver left open: `(cell, old, new)`.
    fn propose(&mut self, rng: &mut ChaCha8Rng) -> Option<(usize, u8, u8)> {
        self.open.clear();
        self.open.extend(
            self.current
                .iter()
                .enumerate()
                .filter(|(_, &m)| !is_single(m))
                .map(|(c, _)| c as u16),
        );
        for _ in 0..16 {
            let &anchor = self.open.choose(rng)?;
            let [a, d] = self.model.cell_runs[anchor as usize];
            let run = &self.model.runs[if rng.random_bool(0.5) { a } else { d } as usize];
            let cell = *run.cells().choose(rng)? as usize;
            let options = self.free_digits(cell);
            if options == 0 {
                continue;
            }
            let new = if rng.random_bool(0.2) {
                random_bit(options, rng).trailing_zeros() as u8
            } else {
                let mut best = u8::MAX;
                let mut best_score = usize::MAX;
                let mut ties = 0;
                for digit in 1..=9u8 {
                    if options & (1 << digit) == 0 {
                        continue;
                    }
                    let score = self.ambiguity(cell, digit);
                    if score < best_score {
                        (best, best_score, ties) = (digit, score, 1);
                    } else if score == best_score {
                        ties += 1;
                        if rng.random_range(0..ties) == 0 {
                            best = digit;
                        }
                    }
                }
                best
            };
            return Some((cell, self.digits[cell], new));
        }
        None
    }

    /// Changes a random digit to the one that leaves its sums most ambiguous.
    fn shake(&mut self, rng: &mut ChaCha8Rng) {
        for _ in 0..16 {
            let cell = rng.random_range(0..self.digits.len());
            let options = self.free_digits(cell);
            if options == 0 {
                continue;
            }
            let best = (1..=9u8)
                .filter(|d| options & (1 << d) != 0)
                .max_by_key(|&d| (self.ambiguity(cell, d), rng.random_range(0..16u32)));
            if let Some(digit) = best {
                self.set_digit(cell, digit);
                return;
            }
        }
    }
}

/// A random set bit of a non-empty mask, digit `d` drawn with weight `weight(d)`.
fn weighted_bit(mask: u16, weight: impl Fn(u32) -> f64, rng: &mut impl Rng) -> u16 {
    let mut weights = [0.0f64; 10];
    let mut total = 0.0;
    for (d, w) in weights.iter_mut().enumerate().skip(1) {
        if mask & (1 << d) != 0 {
            *w = weight(d as u32);
            total += *w;
        }
    }
    let mut pick = rng.random_range(0.0..total);
    for (d, &w) in weights.iter().enumerate().skip(1) {
        if w > 0.0 {
            if pick < w {
                return 1 << d;
            }
            pick -= w;
        }
    }
    mask & mask.wrapping_neg()
}

/// A uniformly random set bit of a non-empty mask.
fn random_bit(mask: u16, rng: &mut impl Rng) -> u16 {
    let mut skip = rng.random_range(0..mask.count_ones());
    let mut m = mask;
    while skip > 0 {
        m &= m - 1;
        skip -= 1;
    }
    m & m.wrapping_neg()
}
