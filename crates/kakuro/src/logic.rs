//! The graded logical solver: solves the way a person does, one named
//! technique at a time, and reports the hardest technique it needed.
//!
//! Every technique looks at one run (a clue's sum and its cells) and the
//! candidate digits of those cells, and removes candidates. A cell with one
//! candidate left is *placed*. The techniques, easiest first:
//!
//! | level | technique | what it does |
//! | --- | --- | --- |
//! | Easy | [`Technique::Single`] | a placed digit is removed from the other cells of its runs |
//! | Easy | [`Technique::RunDigits`] | a run's empty cells keep only digits of the sets of unused digits that make the rest of its sum (the sum minus the placed digits) over that many cells. Where runs cross, the cell keeps what both allow; a run with one possible set, and the last empty cell of a run, are the simplest cases |
//! | Medium | [`Technique::FittingSets`] | as above, but a set only counts if it still fits the cells: every digit of it is a candidate of some empty cell and every empty cell has a candidate in it |
//! | Medium | [`Technique::RequiredDigit`] | a digit in every set that still fits a run, which only one cell of the run can take, is placed there |
//! | Hard | [`Technique::SumBounds`] | a cell is at least the rest of the sum minus the most the other cells can hold, and at most the rest minus the least they can hold (distinct digits) |
//! | Expert | [`Technique::Subset`] | k cells of a run whose candidates together are k digits own those digits: they are removed from the run's other cells (pairs, triples, …) |
//! | Expert | [`Technique::RunCompletion`] | a digit is removed from a cell when no way of filling the whole run with distinct candidates to the right sum puts it there |
//! | Master | [`Technique::RegionSum`] | a region made of whole runs of one direction has the sum of their clues; the runs of the other direction that lie mostly inside it cover it but for a few cells inside (innies) and a few outside (outies), so the innies minus the outies make a known number, which bounds their digits (killer sudoku's innies and outies) |
//! | Master | [`Technique::Contradiction`] | a candidate is tried: when the techniques above (up to region sums) then find a run that cannot be completed, the candidate is removed. Only one candidate is tried at a time, never two in a chain |
//!
//! Every technique the solvers of published puzzles use inside one run —
//! hidden singles among a run's remaining sets, naked and hidden subsets,
//! a cell restricted to the digits of the sets of both its runs
//! (combination intersection) — is covered by the table: Single, RunDigits
//! and FittingSets intersect a cell's two runs, RequiredDigit is the hidden
//! single, Subset the naked subset, and RunCompletion removes exactly what no
//! filling of the run allows, which includes every hidden subset. What the
//! per-run techniques cannot see is a sum shared by several runs (RegionSum)
//! and a chain of consequences through many runs (Contradiction).
//!
//! The Master level is a rating only: the generator makes the four levels of
//! [`DIFFICULTIES`]; a published puzzle that needs a region sum or a
//! contradiction is rated [`Difficulty::Master`] instead of "needs guessing".
//!
//! The solver always applies the easiest technique that still changes
//! something, going back to the easiest after every change. Every technique
//! only removes candidates and stays valid when other candidates are removed,
//! so the state where the techniques up to level *d* stop is the same whatever
//! order they ran in: a puzzle is rated at level *d* when it is solved with
//! techniques up to *d* and not with those below *d*, in the manner of Simon
//! Tatham's graded solvers. When even the Master techniques stop before every
//! cell is placed, the puzzle cannot be finished without guessing (or has
//! several solutions). The solver does a bounded amount of work: every step
//! removes at least one of at most 9 candidates per cell.

use crate::board::{Board, Direction, Solution};
use crate::digits::{combo_masks, is_single, largest_sum, smallest_sum, DigitSet};
use crate::model::{sum_bound, Holder, Model, RunData, RunView};
use std::fmt;
use std::str::FromStr;

/// How hard a puzzle is: the level of the hardest technique needed to solve it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Difficulty {
    /// Digit sets of each run's sum, crossed with the other run; singles.
    Easy,
    /// Sets checked against the cells' candidates; required digits.
    Medium,
    /// Sum bounds.
    Hard,
    /// Subsets and whole-run completion (the seeds' "very hard").
    Expert,
    /// Region sums and one-candidate contradictions: a rating only, for
    /// published puzzles the four generator levels cannot finish.
    Master,
}

/// What the solver and the generator do at one [`Difficulty`]: its column of
/// [`DIFFICULTIES`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LevelFacts {
    /// The hardest technique the logical solver may use at this level.
    pub hardest: Technique,
    /// Longest run of a generated layout.
    pub max_run: usize,
    /// How strongly the generator's first filling leans to small digits in some
    /// runs and large ones in others (sums with few combinations); 0 is uniform.
    pub lean: f64,
    /// The band of digit-cell shares (digit cells among the cells outside the
    /// first row and column) of generated layouts.
    pub digit_share: (f64, f64),
}

/// One row of [`DIFFICULTIES`] (or [`MASTER`]).
pub type Grade = gridforge_game::Grade<Difficulty, LevelFacts>;

/// The difficulty table, easiest first (after the `DIFFLIST` of Tatham's
/// puzzles): name, code, the solver's hardest technique and the generator's
/// layout and filling per level. Every fact that depends on the level is here.
pub const DIFFICULTIES: [Grade; 4] = [
    Grade {
        difficulty: Difficulty::Easy,
        name: "easy",
        code: 'e',
        level: LevelFacts {
            hardest: Technique::RunDigits,
            max_run: 6,
            lean: 3.0,
            digit_share: (0.46, 0.54),
        },
    },
    Grade {
        difficulty: Difficulty::Medium,
        name: "medium",
        code: 'm',
        level: LevelFacts {
            hardest: Technique::RequiredDigit,
            max_run: 7,
            lean: 2.0,
            digit_share: (0.52, 0.60),
        },
    },
    Grade {
        difficulty: Difficulty::Hard,
        name: "hard",
        code: 'h',
        level: LevelFacts {
            hardest: Technique::SumBounds,
            max_run: 8,
            lean: 1.5,
            digit_share: (0.56, 0.64),
        },
    },
    Grade {
        difficulty: Difficulty::Expert,
        name: "expert",
        code: 'x',
        level: LevelFacts {
            hardest: Technique::RunCompletion,
            max_run: 8,
            lean: 1.0,
            digit_share: (0.60, 0.66),
        },
    },
];

/// The rating-only fifth level: what the solver may use at
/// [`Difficulty::Master`]. Not in [`DIFFICULTIES`], whose four levels are
/// the generator's; its generator settings are those of Expert (unused).
pub const MASTER: Grade = Grade {
    difficulty: Difficulty::Master,
    name: "master",
    code: 'z',
    level: LevelFacts {
        hardest: Technique::Contradiction,
        max_run: 9,
        lean: 1.0,
        digit_share: (0.60, 0.66),
    },
};

impl Difficulty {
    /// Every level a rating can report, easiest first: the generator's four
    /// and [`Difficulty::Master`].
    pub const RATINGS: [Difficulty; 5] = [
        Difficulty::Easy,
        Difficulty::Medium,
        Difficulty::Hard,
        Difficulty::Expert,
        Difficulty::Master,
    ];

    /// The generator's levels (the rows of [`DIFFICULTIES`]), easiest first.
    pub const ALL: [Difficulty; 4] = [
        Difficulty::Easy,
        Difficulty::Medium,
        Difficulty::Hard,
        Difficulty::Expert,
    ];

    /// This level's row of [`DIFFICULTIES`] ([`MASTER`] for the rating-only level).
    pub fn grade(self) -> &'static Grade {
        match self {
            Difficulty::Master => &MASTER,
            // The table lists the levels in declaration order (a test checks it).
            _ => &DIFFICULTIES[self as usize],
        }
    }

    /// Whether the generator makes puzzles of this level.
    pub fn is_generated(self) -> bool {
        self != Difficulty::Master
    }

    /// The lowercase name used in the CLI and JSON (`easy`, …, `expert`, `master`).
    pub fn name(self) -> &'static str {
        self.grade().name
    }

    /// The hardest technique allowed at this level.
    pub fn hardest_technique(self) -> Technique {
        self.grade().level.hardest
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A difficulty name that is not `easy`, `medium`, `hard` or `expert`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown difficulty {0:?}: expected easy, medium, hard or expert")]
pub struct UnknownDifficulty(pub String);

impl FromStr for Difficulty {
    type Err = UnknownDifficulty;

    fn from_str(s: &str) -> Result<Difficulty, UnknownDifficulty> {
        gridforge_game::grade_named(&DIFFICULTIES, s)
            .map(|grade| grade.difficulty)
            .ok_or_else(|| UnknownDifficulty(s.to_string()))
    }
}

/// A deduction technique of the logical solver (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Technique {
    /// A placed digit is removed from the other cells of its runs.
    Single,
    /// Cells keep only digits of the sets that make the rest of their runs' sums.
    RunDigits,
    /// Cells keep only digits of the sets that still fit the run's cells.
    FittingSets,
    /// A digit every fitting set needs, which only one cell can take, goes there.
    RequiredDigit,
    /// A cell is bounded by the rest of the sum and the extremes of the other cells.
    SumBounds,
    /// k cells whose candidates are k digits own them within the run.
    Subset,
    /// A digit that no complete filling of the run puts in the cell is removed.
    RunCompletion,
    /// Innies and outies: the sum of a region of whole runs bounds the few
    /// cells where the runs of the two directions do not cover each other.
    RegionSum,
    /// A candidate that makes the techniques below break a run is removed.
    Contradiction,
}

impl Technique {
    /// How many techniques there are.
    pub const COUNT: usize = 9;

    /// All techniques, easiest first.
    pub const ALL: [Technique; Technique::COUNT] = [
        Technique::Single,
        Technique::RunDigits,
        Technique::FittingSets,
        Technique::RequiredDigit,
        Technique::SumBounds,
        Technique::Subset,
        Technique::RunCompletion,
        Technique::RegionSum,
        Technique::Contradiction,
    ];

    /// The difficulty level this technique belongs to: the easiest level of
    /// [`DIFFICULTIES`] that allows it.
    pub fn difficulty(self) -> Difficulty {
        DIFFICULTIES
            .iter()
            .find(|grade| grade.level.hardest >= self)
            .map_or(Difficulty::Master, |grade| grade.difficulty)
    }

    /// The kebab-case name used in the CLI and JSON (`run-digits`, …).
    pub fn name(self) -> &'static str {
        match self {
            Technique::Single => "single",
            Technique::RunDigits => "run-digits",
            Technique::FittingSets => "fitting-sets",
            Technique::RequiredDigit => "required-digit",
            Technique::SumBounds => "sum-bounds",
            Technique::Subset => "subset",
            Technique::RunCompletion => "run-completion",
            Technique::RegionSum => "region-sum",
            Technique::Contradiction => "contradiction",
        }
    }

    /// The key of the hint's sentence for this technique
    /// (`kakuro.explain.<name>`, see [`crate::hint`]).
    pub fn explain_key(self) -> &'static str {
        match self {
            Technique::Single => "kakuro.explain.single",
            Technique::RunDigits => "kakuro.explain.run-digits",
            Technique::FittingSets => "kakuro.explain.fitting-sets",
            Technique::RequiredDigit => "kakuro.explain.required-digit",
            Technique::SumBounds => "kakuro.explain.sum-bounds",
            Technique::Subset => "kakuro.explain.subset",
            Technique::RunCompletion => "kakuro.explain.run-completion",
            Technique::RegionSum => "kakuro.explain.region-sum",
            Technique::Contradiction => "kakuro.explain.contradiction",
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How a logical solve ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LogicOutcome {
    /// Every cell was placed: the puzzle has exactly this one solution.
    Solved(Solution),
    /// The techniques allowed ran out: the rest needs guessing (or has several solutions).
    Stuck,
    /// A run cannot be completed: the puzzle (with its written digits) has no solution.
    Contradiction(Contradiction),
}

/// A run that cannot be completed with the digits and candidates it has.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the {direction} run of the clue at row {row}, column {col} cannot be completed")]
pub struct Contradiction {
    /// Row of the run's clue.
    pub row: usize,
    /// Column of the run's clue.
    pub col: usize,
    /// Direction of the run.
    pub direction: Direction,
}

/// What the logical solver did with a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogicReport {
    /// Solved, stuck or contradictory.
    pub outcome: LogicOutcome,
    /// The hardest technique that changed something (`None` if nothing was needed).
    pub hardest: Option<Technique>,
    /// Steps (runs narrowed) per technique, indexed like [`Technique::ALL`].
    pub steps: [u32; Technique::COUNT],
    /// Digit cells still open (more than one candidate) when it stopped.
    pub open_cells: usize,
    /// Candidates of every cell when it stopped.
    pub candidates: Candidates,
}

impl LogicReport {
    /// The puzzle's difficulty: the level of the hardest technique, when solved
    /// (a puzzle that needs nothing is Easy); `None` when stuck or contradictory.
    pub fn difficulty(&self) -> Option<Difficulty> {
        match self.outcome {
            LogicOutcome::Solved(_) => Some(
                self.hardest
                    .map_or(Difficulty::Easy, |technique| technique.difficulty()),
            ),
            _ => None,
        }
    }

    /// Steps taken with `technique`.
    pub fn steps_with(&self, technique: Technique) -> u32 {
        self.steps[technique.index()]
    }
}

/// Candidate digits of every digit cell of a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidates {
    rows: usize,
    cols: usize,
    /// Row-major; `None` for cells that are not digit cells.
    sets: Vec<Option<DigitSet>>,
}

impl Candidates {
    /// The candidates of the cell at `(row, col)`; `None` for non-digit cells
    /// and positions outside the board.
    pub fn get(&self, row: usize, col: usize) -> Option<DigitSet> {
        if row >= self.rows || col >= self.cols {
            return None;
        }
        self.sets[row * self.cols + col]
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    fn from_masks(model: &Model, masks: &[u16]) -> Candidates {
        let mut sets = vec![None; model.rows * model.cols];
        for (cell, &pos) in model.cell_pos.iter().enumerate() {
            sets[pos as usize] = DigitSet::from_bits(masks[cell]);
        }
        Candidates {
            rows: model.rows,
            cols: model.cols,
            sets,
        }
    }
}

/// The logical solver spent its whole node budget ([`rate_within`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the logical solver gave up after {nodes} nodes (its budget)")]
pub struct LogicGaveUp {
    /// Nodes spent: a technique tried on one run, a region looked at, a
    /// candidate tried in a contradiction.
    pub nodes: u64,
}

/// Solves `board` (keeping the digits written in it) with the techniques up to
/// level `max`, easiest first. Unbounded: for puzzles of the generator's sizes
/// and the corpus; input from elsewhere goes through [`rate_within`].
pub fn solve_logically(board: &Board, max: Difficulty) -> LogicReport {
    let model = Model::from_board(board);
    let mut engine = Engine::new(&model);
    let end = engine.run(&model, max.hardest_technique(), Granularity::Technique);
    report_of(&model, &engine, end)
}

/// Rates a puzzle: [`solve_logically`] with every technique allowed (up to
/// [`Difficulty::Master`]).
pub fn rate(board: &Board) -> LogicReport {
    solve_logically(board, Difficulty::Master)
}

/// [`rate`] within a budget of `budget` nodes, for puzzles of any size: a
/// board with many solutions (a lattice of short runs) makes the Master
/// techniques try every candidate of every cell, which on a 100×100 board
/// takes minutes without a bound.
pub fn rate_within(board: &Board, budget: u64) -> Result<LogicReport, LogicGaveUp> {
    let model = Model::from_board(board);
    let mut engine = Engine::new(&model);
    engine.budget = budget;
    let hardest = Difficulty::Master.hardest_technique();
    let end = engine.run(&model, hardest, Granularity::Technique);
    if end == EngineEnd::GaveUp {
        return Err(LogicGaveUp {
            nodes: engine.nodes,
        });
    }
    Ok(report_of(&model, &engine, end))
}

/// The report of an engine that stopped with `end` (not [`EngineEnd::GaveUp`],
/// which an unbounded engine never reaches: reported as stuck).
fn report_of(model: &Model, engine: &Engine, end: EngineEnd) -> LogicReport {
    let outcome = match end {
        EngineEnd::Solved => LogicOutcome::Solved(model.solution(&engine.masks)),
        EngineEnd::Stuck | EngineEnd::GaveUp => LogicOutcome::Stuck,
        EngineEnd::Contradiction(run) => {
            LogicOutcome::Contradiction(contradiction_at(model, &model.runs[run as usize]))
        }
    };
    LogicReport {
        outcome,
        hardest: engine.hardest(),
        steps: engine.steps,
        open_cells: engine.masks.iter().filter(|&&m| !is_single(m)).count(),
        candidates: Candidates::from_masks(model, &engine.masks),
    }
}

/// The digits still possible in each cell of a partly filled board: what the
/// techniques of the logical solver up to Expert leave, starting from the
/// digits written in. Digits of every solution are always kept. Errors when
/// the written digits already break a run.
pub fn candidates(board: &Board) -> Result<Candidates, Contradiction> {
    let report = solve_logically(board, Difficulty::Expert);
    match report.outcome {
        LogicOutcome::Contradiction(c) => Err(c),
        _ => Ok(report.candidates),
    }
}

fn contradiction_at(model: &Model, run: &RunData) -> Contradiction {
    Contradiction {
        row: run.clue as usize / model.cols,
        col: run.clue as usize % model.cols,
        direction: run.direction,
    }
}

/// [`Technique::SumBounds`]' view of the open cells of a run other than
/// `open[i]`: the least and the most they can make together, each cell
/// between its smallest and largest candidate and all of them distinct.
/// `None` when their candidates cannot be distinct digits.
pub(crate) fn others_extremes(masks: &[u16], open: &[u16], i: usize) -> Option<(u32, u32)> {
    let mut least = 0;
    let mut most = 0;
    let mut union = 0u16;
    for (j, &cell) in open.iter().enumerate() {
        if j != i {
            let m = masks[cell as usize];
            least += m.trailing_zeros();
            most += 15 - m.leading_zeros();
            union |= m;
        }
    }
    let others = open.len() - 1;
    Some((
        least.max(smallest_sum(union, others)?),
        most.min(largest_sum(union, others)?),
    ))
}

/// How the engine stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum EngineEnd {
    Solved,
    Stuck,
    /// The run (its index) that cannot be completed.
    Contradiction(u32),
    /// The work budget ([`Engine::budget`]) ran out first.
    GaveUp,
}

/// Marker error: the run being worked on cannot be completed.
struct Broken;

/// How finely the engine orders its deductions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Granularity {
    /// Easiest technique first: exact report of the hardest technique.
    Technique,
    /// Easiest difficulty level first, the techniques of one level applied
    /// together: the same final state and the same difficulty (the state where
    /// the levels below stop does not depend on the order), with fewer passes.
    /// The generator rates thousands of candidates this way.
    Level,
}

/// What one traced step looked at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Focus {
    /// One run (its index).
    Run(u32),
    /// A region of [`Engine::regions`] (its index).
    Region(usize),
    /// A candidate tried in a cell, and the run that then broke.
    Trial { cell: u16, digit: u8, broken: u32 },
}

/// One step of a trace: the technique, what it looked at, and where its
/// changes start in [`Trace::changes`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct TraceStep {
    pub technique: Technique,
    pub focus: Focus,
    pub start: usize,
}

/// What the engine did, step by step, when tracing (for hints).
#[derive(Clone, Debug, Default)]
pub(crate) struct Trace {
    pub steps: Vec<TraceStep>,
    /// Every narrowing: cell, old mask, new mask.
    pub changes: Vec<(u16, u16, u16)>,
    /// Set when the engine stopped after the first step that placed a digit.
    pub stopped: bool,
    /// Record on past placements instead of stopping (a contradiction's
    /// trial, replayed to show its chain).
    pub keep_going: bool,
}

/// A region for [`Technique::RegionSum`]: whole runs counted in (`plus`) and
/// runs of the other direction counted out (`minus`); the cells of the plus
/// runs that no minus run covers (`plus_cells`, the innies) less the cells of
/// the minus runs outside the plus runs (`minus_cells`, the outies) sum to the
/// plus runs' sums less the minus runs' sums.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Region {
    pub plus_runs: Vec<u32>,
    pub minus_runs: Vec<u32>,
    pub plus_cells: Vec<u16>,
    pub minus_cells: Vec<u16>,
}

/// Innies and outies kept per region at most.
const REGION_CELLS: usize = 5;
/// Runs of one direction a region grows to at most.
const REGION_RUNS: usize = 12;

/// The logical solver's state, reusable across puzzles of one layout (the
/// generator re-rates after every change of a sum).
pub(crate) struct Engine {
    pub masks: Vec<u16>,
    /// Runs waiting for each technique (or level).
    queues: [Vec<u32>; Technique::COUNT],
    /// Bit `q` set when the run waits in queue `q`.
    queued: Vec<u16>,
    /// Open cells (more than one candidate) per run.
    open: Vec<u8>,
    /// Steps per technique in the last run (with [`Granularity::Level`], a
    /// level's steps are counted on its hardest technique).
    pub steps: [u32; Technique::COUNT],
    /// Highest queue in use.
    max: usize,
    /// The hardest technique this run may use (region sums and
    /// contradictions only when it is one of them).
    hardest: Technique,
    /// Answers of the most expensive technique, kept across runs.
    completions: CompletionMemo,
    /// The regions of the layout, found when first needed.
    regions: Option<Vec<Region>>,
    /// The engine that tries candidates for [`Technique::Contradiction`].
    trial: Option<Box<Engine>>,
    /// Set to record every step (hints); stops after the first placement.
    pub trace: Option<Box<Trace>>,
    /// Work done so far, in nodes: a technique tried on one run, a region
    /// looked at, a candidate tried (with its trial engine's nodes). Counted
    /// across runs of the engine, so one budget bounds a whole rating.
    pub nodes: u64,
    /// The nodes the engine may spend ([`u64::MAX`]: no bound, for the
    /// generator, whose layouts are small); past it the engine stops with
    /// [`EngineEnd::GaveUp`].
    pub budget: u64,
}

/// A run's placed digits and open cells.
impl Engine {
    pub fn new(model: &Model) -> Engine {
        Engine {
            masks: vec![0; model.cell_count()],
            queues: Default::default(),
            queued: vec![0; model.runs.len()],
            open: vec![0; model.runs.len()],
            steps: [0; Technique::COUNT],
            max: 0,
            hardest: Technique::Single,
            completions: CompletionMemo::new(),
            regions: None,
            trial: None,
            trace: None,
            nodes: 0,
            budget: u64::MAX,
        }
    }

    /// The regions of [`Technique::RegionSum`] (empty until first needed).
    pub fn regions(&self) -> &[Region] {
        self.regions.as_deref().unwrap_or(&[])
    }

    /// Candidates beyond one per cell left after the last run: how far a
    /// stuck board is from solved (0 when solved).
    pub fn open_candidates(&self) -> usize {
        self.masks.iter().map(|m| m.count_ones() as usize - 1).sum()
    }

    /// The hardest technique that changed something in the last run.
    pub fn hardest(&self) -> Option<Technique> {
        (0..Technique::COUNT)
            .rev()
            .find(|&t| self.steps[t] > 0)
            .map(|t| Technique::ALL[t])
    }

    /// Solves `model` from its givens with techniques up to `max`.
    pub fn run(&mut self, model: &Model, max: Technique, granularity: Granularity) -> EngineEnd {
        let runs = 0..model.runs.len() as u32;
        self.run_from(model, &model.givens, runs, max, granularity)
    }

    /// Solves from candidate masks `start` with techniques up to `max`,
    /// looking first only at the runs in `first` (the others are assumed to
    /// be at rest in `start`).
    pub fn run_from(
        &mut self,
        model: &Model,
        start: &[u16],
        first: impl DoubleEndedIterator<Item = u32> + Clone,
        max: Technique,
        granularity: Granularity,
    ) -> EngineEnd {
        self.masks.clear();
        self.masks.extend_from_slice(start);
        self.steps = [0; Technique::COUNT];
        // The per-run techniques go through the queues; the Master ones look
        // at several runs and run when the queues are empty.
        let per_run = max.min(Technique::RunCompletion);
        self.max = match granularity {
            Granularity::Technique => per_run.index(),
            Granularity::Level => per_run.difficulty() as usize,
        };
        self.hardest = max;
        for queue in &mut self.queues {
            queue.clear();
        }
        self.queued.fill(0);
        let all_queued = (1u16 << (self.max + 1)) - 1;
        for run in first.clone() {
            self.queued[run as usize] = all_queued;
        }
        for q in 0..=self.max {
            // Reversed so runs are popped in their natural order.
            self.queues[q].extend(first.clone().rev());
        }
        for (open, run) in self.open.iter_mut().zip(&model.runs) {
            *open = run
                .cells()
                .iter()
                .filter(|&&c| !is_single(self.masks[c as usize]))
                .count() as u8;
        }
        loop {
            if let Some(end) = self.run_queues(model, granularity) {
                return end;
            }
            if self.masks.iter().all(|&m| is_single(m)) {
                return EngineEnd::Solved;
            }
            if self.out_of_budget() {
                return EngineEnd::GaveUp;
            }
            // The easiest multi-run technique allowed that changes something.
            let mut applied = None;
            for technique in [Technique::RegionSum, Technique::Contradiction] {
                if technique > self.hardest {
                    break;
                }
                let mark = self.trace_mark();
                let found = match technique {
                    Technique::RegionSum => self.region_sums(model).map(|r| r.map(Focus::Region)),
                    _ => self.contradiction(model),
                };
                match found {
                    Err(run) => return EngineEnd::Contradiction(run),
                    // Stopped part way, the technique's "nothing" is no answer.
                    Ok(_) if self.out_of_budget() => return EngineEnd::GaveUp,
                    Ok(Some(focus)) => {
                        self.trace_step(technique, focus, mark);
                        applied = Some(technique);
                        break;
                    }
                    Ok(None) => {}
                }
            }
            let Some(technique) = applied else {
                return EngineEnd::Stuck;
            };
            self.steps[technique.index()] += 1;
            if self.trace.as_ref().is_some_and(|t| t.stopped) {
                return EngineEnd::Stuck;
            }
        }
    }

    /// Runs a contradiction's trial again, from `start` (the tried digit
    /// already in `cell`), with a trace that goes on past placements: how
    /// the digit leads to the run that breaks (for hints). The same trial
    /// as [`Technique::Contradiction`]'s: its techniques, its regions.
    pub(crate) fn replay_trial(
        &self,
        model: &Model,
        start: &[u16],
        cell: u16,
    ) -> (EngineEnd, Trace) {
        let mut trial = Engine::new(model);
        trial.regions = self.regions.clone();
        trial.budget = self.budget;
        trial.trace = Some(Box::new(Trace {
            keep_going: true,
            ..Trace::default()
        }));
        let end = trial.run_from(
            model,
            start,
            model.cell_runs[cell as usize].into_iter(),
            Technique::RegionSum,
            Granularity::Level,
        );
        (end, *trial.trace.take().unwrap_or_default())
    }

    /// True once the engine has spent more nodes than its budget.
    fn out_of_budget(&self) -> bool {
        self.nodes > self.budget
    }

    /// Where the next traced step's changes start.
    fn trace_mark(&self) -> usize {
        self.trace.as_ref().map_or(0, |t| t.changes.len())
    }

    /// Records a step that changed something (when tracing), and stops the
    /// trace after a step that placed a digit.
    fn trace_step(&mut self, technique: Technique, focus: Focus, start: usize) {
        if let Some(trace) = &mut self.trace {
            let placed = trace.changes[start..]
                .iter()
                .any(|&(_, _, new)| is_single(new));
            trace.steps.push(TraceStep {
                technique,
                focus,
                start,
            });
            if placed && !trace.keep_going {
                trace.stopped = true;
            }
        }
    }

    /// Works the queues of the per-run techniques until they are empty
    /// (`None`), a run breaks, or a traced placement stops the engine.
    fn run_queues(&mut self, model: &Model, granularity: Granularity) -> Option<EngineEnd> {
        // Always the easiest queue that has work: lowest-first.
        while let Some(q) = (0..=self.max).find(|&q| !self.queues[q].is_empty()) {
            let Some(run) = self.queues[q].pop() else {
                break;
            };
            self.nodes += 1;
            if self.out_of_budget() {
                return Some(EngineEnd::GaveUp);
            }
            self.queued[run as usize] &= !(1 << q);
            // A full run only needs its check that the digits are distinct
            // and make the sum, which the first queue does.
            if q > 0 && self.open[run as usize] == 0 {
                continue;
            }
            let data = &model.runs[run as usize];
            let mark = self.trace_mark();
            let (technique, applied) = match granularity {
                Granularity::Technique => {
                    let technique = Technique::ALL[q];
                    (technique, self.apply(technique, model, data))
                }
                Granularity::Level => {
                    let level = Difficulty::ALL[q];
                    (
                        level.hardest_technique(),
                        self.apply_level(level, model, data),
                    )
                }
            };
            match applied {
                Err(Broken) => return Some(EngineEnd::Contradiction(run)),
                Ok(true) => {
                    self.steps[technique.index()] += 1;
                    if self.trace.is_some() {
                        self.trace_step(technique, Focus::Run(run), mark);
                        if self.trace.as_ref().is_some_and(|t| t.stopped) {
                            return Some(EngineEnd::Stuck);
                        }
                    }
                }
                Ok(false) => {}
            }
        }
        None
    }

    fn apply(
        &mut self,
        technique: Technique,
        model: &Model,
        run: &RunData,
    ) -> Result<bool, Broken> {
        match technique {
            Technique::Single => self.single(model, run),
            Technique::RunDigits => self.run_digits(model, run),
            Technique::FittingSets => self.fitting(model, run),
            Technique::RequiredDigit => self.required_digit(model, run),
            Technique::SumBounds => self.sum_bounds(model, run),
            Technique::Subset => self.subset(model, run),
            Technique::RunCompletion => self.run_completion(model, run),
            // Not per run: they work when the queues are empty.
            Technique::RegionSum | Technique::Contradiction => Ok(false),
        }
    }

    /// The techniques of one level on one run, in one pass where one
    /// technique covers the others: RunDigits removes what Single removes,
    /// and RunCompletion what Subset removes.
    fn apply_level(
        &mut self,
        level: Difficulty,
        model: &Model,
        run: &RunData,
    ) -> Result<bool, Broken> {
        match level {
            Difficulty::Easy => self.run_digits(model, run),
            Difficulty::Medium => {
                let fitting = self.fitting(model, run)?;
                Ok(self.required_digit(model, run)? || fitting)
            }
            Difficulty::Hard => self.sum_bounds(model, run),
            Difficulty::Expert | Difficulty::Master => self.run_completion(model, run),
        }
    }

    /// [`Technique::RegionSum`]: the first region whose innies and outies
    /// lose a candidate (its index), `None` when no region changes anything,
    /// or the first run of a region that cannot be met.
    fn region_sums(&mut self, model: &Model) -> Result<Option<usize>, u32> {
        let regions = self.regions.take().unwrap_or_else(|| find_regions(model));
        let mut found = Ok(None);
        for (index, region) in regions.iter().enumerate() {
            self.nodes += 1;
            if self.out_of_budget() {
                break;
            }
            let plus: i32 = region
                .plus_runs
                .iter()
                .map(|&r| model.runs[r as usize].sum as i32)
                .sum();
            let minus: i32 = region
                .minus_runs
                .iter()
                .map(|&r| model.runs[r as usize].sum as i32)
                .sum();
            let cells: Vec<(u16, i32)> = region
                .plus_cells
                .iter()
                .map(|&c| (c, 1))
                .chain(region.minus_cells.iter().map(|&c| (c, -1)))
                .collect();
            if cells
                .iter()
                .all(|&(c, _)| is_single(self.masks[c as usize]))
            {
                continue;
            }
            let masks: Vec<u16> = cells.iter().map(|&(c, _)| self.masks[c as usize]).collect();
            let support = region_support(model, &cells, &masks, plus - minus);
            let first_run = region.plus_runs[0];
            let mut changed = false;
            for (i, &(cell, _)) in cells.iter().enumerate() {
                match self.narrow(model, cell, support[i]) {
                    Ok(c) => changed |= c,
                    Err(Broken) => {
                        found = Err(first_run);
                        break;
                    }
                }
            }
            if found.is_err() {
                break;
            }
            if changed {
                found = Ok(Some(index));
                break;
            }
        }
        self.regions = Some(regions);
        found
    }

    /// [`Technique::Contradiction`]: tries each candidate of each open cell
    /// (cells with fewest candidates first) with the techniques up to region
    /// sums; the first candidate that breaks a run is removed. `None` when no
    /// candidate breaks anything. At most one trial per candidate, each a
    /// bounded solve, so the step is bounded.
    fn contradiction(&mut self, model: &Model) -> Result<Option<Focus>, u32> {
        let mut trial = self.trial.take().unwrap_or_else(|| {
            let mut engine = Box::new(Engine::new(model));
            engine.regions = self.regions.clone();
            engine
        });
        let mut order: Vec<u16> = (0..self.masks.len() as u16)
            .filter(|&c| !is_single(self.masks[c as usize]))
            .collect();
        order.sort_by_key(|&c| self.masks[c as usize].count_ones());
        let mut start = self.masks.clone();
        let mut found = None;
        'cells: for &cell in &order {
            let mask = self.masks[cell as usize];
            let mut rest = mask;
            while rest != 0 {
                let bit = rest & rest.wrapping_neg();
                rest &= rest - 1;
                start[cell as usize] = bit;
                self.nodes += 1;
                trial.nodes = 0;
                trial.budget = self.budget.saturating_sub(self.nodes);
                let end = trial.run_from(
                    model,
                    &start,
                    model.cell_runs[cell as usize].into_iter(),
                    Technique::RegionSum,
                    Granularity::Level,
                );
                self.nodes += trial.nodes;
                if let EngineEnd::Contradiction(broken) = end {
                    found = Some((cell, bit, broken));
                    break 'cells;
                }
                if self.out_of_budget() {
                    break 'cells;
                }
            }
            start[cell as usize] = mask;
        }
        self.trial = Some(trial);
        let Some((cell, bit, broken)) = found else {
            return Ok(None);
        };
        match self.narrow(model, cell, !bit) {
            Ok(_) => Ok(Some(Focus::Trial {
                cell,
                digit: bit.trailing_zeros() as u8,
                broken,
            })),
            Err(Broken) => Err(broken),
        }
    }

    /// Sets `cell`'s candidates to `mask` (a subset of the old ones) and queues
    /// its runs for every technique. True when this changed something.
    #[inline]
    fn narrow(&mut self, model: &Model, cell: u16, mask: u16) -> Result<bool, Broken> {
        let old = self.masks[cell as usize];
        let new = old & mask;
        if new == 0 {
            return Err(Broken);
        }
        if new == old {
            return Ok(false);
        }
        self.masks[cell as usize] = new;
        if let Some(trace) = &mut self.trace {
            trace.changes.push((cell, old, new));
        }
        let placed = is_single(new);
        for run in model.cell_runs[cell as usize] {
            if placed {
                self.open[run as usize] -= 1;
            }
            let flags = &mut self.queued[run as usize];
            for t in 0..=self.max {
                if *flags & (1 << t) == 0 {
                    *flags |= 1 << t;
                    self.queues[t].push(run);
                }
            }
        }
        Ok(true)
    }

    fn view(&self, run: &RunData) -> Result<RunView, Broken> {
        run.view(&self.masks).ok_or(Broken)
    }

    /// Narrows every open cell of the run to `mask`.
    fn narrow_open(&mut self, model: &Model, view: &RunView, mask: u16) -> Result<bool, Broken> {
        let mut changed = false;
        for &cell in view.open() {
            changed |= self.narrow(model, cell, mask)?;
        }
        Ok(changed)
    }

    /// [`RunView::fitting_sets`]; no fitting set is a contradiction.
    fn fitting_sets(&self, view: &RunView) -> Result<(u16, u16), Broken> {
        view.fitting_sets(&self.masks).ok_or(Broken)
    }

    fn single(&mut self, model: &Model, run: &RunData) -> Result<bool, Broken> {
        let view = self.view(run)?;
        if view.placed == 0 || view.count == 0 {
            return Ok(false);
        }
        self.narrow_open(model, &view, !view.placed)
    }

    fn run_digits(&mut self, model: &Model, run: &RunData) -> Result<bool, Broken> {
        let view = self.view(run)?;
        if view.count == 0 {
            return Ok(false);
        }
        let union = combo_masks(view.rest, view.count)
            .iter()
            .filter(|&&combo| combo & view.placed == 0)
            .fold(0, |union, &combo| union | combo);
        self.narrow_open(model, &view, union)
    }

    fn fitting(&mut self, model: &Model, run: &RunData) -> Result<bool, Broken> {
        let view = self.view(run)?;
        if view.count == 0 {
            return Ok(false);
        }
        let (union, _) = self.fitting_sets(&view)?;
        self.narrow_open(model, &view, union)
    }

    fn required_digit(&mut self, model: &Model, run: &RunData) -> Result<bool, Broken> {
        let view = self.view(run)?;
        if view.count == 0 {
            return Ok(false);
        }
        let (_, mut required) = self.fitting_sets(&view)?;
        let mut changed = false;
        while required != 0 {
            let bit = required & required.wrapping_neg();
            required &= required - 1;
            match view.holder(&self.masks, bit) {
                Holder::Nobody => return Err(Broken),
                Holder::One(cell) => changed |= self.narrow(model, cell, bit)?,
                Holder::Several => {}
            }
        }
        Ok(changed)
    }

    fn sum_bounds(&mut self, model: &Model, run: &RunData) -> Result<bool, Broken> {
        let view = self.view(run)?;
        if view.count < 2 {
            return Ok(false);
        }
        let mut changed = false;
        for i in 0..view.count {
            let (least, most) = others_extremes(&self.masks, view.open(), i).ok_or(Broken)?;
            let range = sum_bound(view.rest, least, most).ok_or(Broken)?;
            changed |= self.narrow(model, view.open[i], range)?;
        }
        Ok(changed)
    }

    fn subset(&mut self, model: &Model, run: &RunData) -> Result<bool, Broken> {
        let view = self.view(run)?;
        if view.count < 3 {
            return Ok(false);
        }
        let full = (1u16 << view.count) - 1;
        let mut changed = false;
        for chosen in 1..full {
            let size = chosen.count_ones();
            if size < 2 {
                continue;
            }
            let mut union = 0u16;
            for (j, &cell) in view.open().iter().enumerate() {
                if chosen & (1 << j) != 0 {
                    union |= self.masks[cell as usize];
                }
            }
            match union.count_ones().cmp(&size) {
                std::cmp::Ordering::Less => return Err(Broken),
                std::cmp::Ordering::Greater => continue,
                std::cmp::Ordering::Equal => {}
            }
            for (j, &cell) in view.open().iter().enumerate() {
                if chosen & (1 << j) == 0 {
                    changed |= self.narrow(model, cell, !union)?;
                }
            }
        }
        Ok(changed)
    }

    fn run_completion(&mut self, model: &Model, run: &RunData) -> Result<bool, Broken> {
        let view = self.view(run)?;
        if view.count == 0 {
            return Ok(false);
        }
        let mut cell_masks = [0u16; 9];
        for (i, &cell) in view.open().iter().enumerate() {
            cell_masks[i] = self.masks[cell as usize];
        }
        let cells = &cell_masks[..view.count];
        let support = self.completions.support(cells, view.rest, view.placed);
        let mut changed = false;
        for (i, &cell) in view.open().iter().enumerate() {
            changed |= self.narrow(model, cell, support[i])?;
        }
        Ok(changed)
    }
}

/// The regions of [`Technique::RegionSum`] in a layout. From every run, a
/// region of runs of its direction grows one run at a time (up to
/// [`REGION_RUNS`]), always by the run that leaves the fewest cells where the
/// two directions do not cover each other; the runs of the other direction
/// counted out are those with more than half their cells inside. Every state
/// with 1 to [`REGION_CELLS`] such cells is a region. Depends only on the
/// layout, so an engine finds them once.
fn find_regions(model: &Model) -> Vec<Region> {
    let n = model.cell_count();
    let mut out = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut inside = vec![false; n];
    let mut count = vec![0u32; model.runs.len()];
    for (first, data) in model.runs.iter().enumerate() {
        let slot = match data.direction {
            Direction::Across => 0,
            Direction::Down => 1,
        };
        inside.fill(false);
        let mut plus = vec![first as u32];
        for &c in data.cells() {
            inside[c as usize] = true;
        }
        for _ in 0..REGION_RUNS {
            let region = cover(model, slot, &plus, &inside, &mut count);
            let size = region.plus_cells.len() + region.minus_cells.len();
            if (1..=REGION_CELLS).contains(&size) {
                let mut key = region.plus_runs.clone();
                key.push(u32::MAX);
                key.extend(&region.minus_runs);
                if seen.insert(key) {
                    out.push(region.clone());
                }
            }
            // Grow by the run of this direction that covers best.
            let mut options: Vec<u32> = Vec::new();
            for &run in &plus {
                for &c in model.runs[run as usize].cells() {
                    let other = model.cell_runs[c as usize][1 - slot];
                    for &d in model.runs[other as usize].cells() {
                        let candidate = model.cell_runs[d as usize][slot];
                        if !plus.contains(&candidate) && !options.contains(&candidate) {
                            options.push(candidate);
                        }
                    }
                }
            }
            let mut best: Option<(usize, u32)> = None;
            for &candidate in &options {
                for &c in model.runs[candidate as usize].cells() {
                    inside[c as usize] = true;
                }
                plus.push(candidate);
                let trial = cover(model, slot, &plus, &inside, &mut count);
                plus.pop();
                for &c in model.runs[candidate as usize].cells() {
                    inside[c as usize] = false;
                }
                let size = trial.plus_cells.len() + trial.minus_cells.len();
                if best.is_none_or(|(s, _)| size < s) {
                    best = Some((size, candidate));
                }
            }
            let Some((_, chosen)) = best else { break };
            for &c in model.runs[chosen as usize].cells() {
                inside[c as usize] = true;
            }
            plus.push(chosen);
        }
    }
    out
}

/// The region of the runs `plus` (direction `slot`, cells marked in
/// `inside`): the runs of the other direction with more than half their cells
/// inside are counted out, and what neither covers is listed.
fn cover(model: &Model, slot: usize, plus: &[u32], inside: &[bool], count: &mut [u32]) -> Region {
    let mut touched = Vec::new();
    for &run in plus {
        for &c in model.runs[run as usize].cells() {
            let other = model.cell_runs[c as usize][1 - slot];
            if count[other as usize] == 0 {
                touched.push(other);
            }
            count[other as usize] += 1;
        }
    }
    let mut minus: Vec<u32> = touched
        .iter()
        .copied()
        .filter(|&o| 2 * count[o as usize] as usize > model.runs[o as usize].len)
        .collect();
    minus.sort_unstable();
    let mut plus_cells = Vec::new();
    for &run in plus {
        for &c in model.runs[run as usize].cells() {
            let other = model.cell_runs[c as usize][1 - slot];
            if minus.binary_search(&other).is_err() {
                plus_cells.push(c);
            }
        }
    }
    let mut minus_cells = Vec::new();
    for &o in &minus {
        for &c in model.runs[o as usize].cells() {
            if !inside[c as usize] {
                minus_cells.push(c);
            }
        }
    }
    for &o in &touched {
        count[o as usize] = 0;
    }
    let mut plus_runs = plus.to_vec();
    plus_runs.sort_unstable();
    plus_cells.sort_unstable();
    minus_cells.sort_unstable();
    Region {
        plus_runs,
        minus_runs: minus,
        plus_cells,
        minus_cells,
    }
}

/// For cells with coefficients +1 (innies) and −1 (outies) and candidate
/// `masks`: the digits each takes in some assignment that makes the signed
/// sum `target`, with cells sharing a run holding distinct digits.
fn region_support(model: &Model, cells: &[(u16, i32)], masks: &[u16], target: i32) -> Vec<u16> {
    let k = cells.len();
    let mut conflict = vec![0u32; k];
    for i in 0..k {
        for j in 0..k {
            let (a, b) = (
                model.cell_runs[cells[i].0 as usize],
                model.cell_runs[cells[j].0 as usize],
            );
            if i != j && (a[0] == b[0] || a[1] == b[1]) {
                conflict[i] |= 1 << j;
            }
        }
    }
    // Least and most the cells from i on can add.
    let mut low = vec![0i32; k + 1];
    let mut high = vec![0i32; k + 1];
    for i in (0..k).rev() {
        let m = masks[i];
        let (small, large) = (m.trailing_zeros() as i32, 15 - m.leading_zeros() as i32);
        let (lo, hi) = if cells[i].1 > 0 {
            (small, large)
        } else {
            (-large, -small)
        };
        low[i] = low[i + 1] + lo;
        high[i] = high[i + 1] + hi;
    }
    struct Walk<'a> {
        cells: &'a [(u16, i32)],
        masks: &'a [u16],
        conflict: &'a [u32],
        low: &'a [i32],
        high: &'a [i32],
        target: i32,
        picks: [u16; 16],
        support: Vec<u16>,
    }
    fn go(w: &mut Walk, i: usize, sum: i32) {
        if sum + w.low[i] > w.target || sum + w.high[i] < w.target {
            return;
        }
        if i == w.cells.len() {
            for j in 0..i {
                w.support[j] |= w.picks[j];
            }
            return;
        }
        let mut taken = 0u16;
        for j in 0..i {
            if w.conflict[i] & (1 << j) != 0 {
                taken |= w.picks[j];
            }
        }
        let mut free = w.masks[i] & !taken;
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free &= free - 1;
            w.picks[i] = bit;
            go(w, i + 1, sum + w.cells[i].1 * bit.trailing_zeros() as i32);
        }
    }
    let mut walk = Walk {
        cells,
        masks,
        conflict: &conflict,
        low: &low,
        high: &high,
        target,
        picks: [0; 16],
        support: vec![0; k],
    };
    go(&mut walk, 0, 0);
    walk.support
}

/// A set of digit sets, as 512 bits indexed by `mask >> 1`.
#[derive(Clone, Copy)]
struct SetOfSets([u64; 8]);

impl SetOfSets {
    const EMPTY: SetOfSets = SetOfSets([0; 8]);

    /// Adds `mask`; true when it was not there yet.
    #[inline]
    fn insert(&mut self, mask: u16) -> bool {
        let i = (mask >> 1) as usize;
        let bit = 1u64 << (i & 63);
        let fresh = self.0[i >> 6] & bit == 0;
        self.0[i >> 6] |= bit;
        fresh
    }

    #[inline]
    fn contains(&self, mask: u16) -> bool {
        let i = (mask >> 1) as usize;
        self.0[i >> 6] & (1 << (i & 63)) != 0
    }
}

/// The digit sets some cells can take, listed (at most C(9, 4) = 126 of a size).
struct SetList {
    sets: [u16; 128],
    len: usize,
}

impl SetList {
    const EMPTY: SetList = SetList {
        sets: [0; 128],
        len: 0,
    };

    fn as_slice(&self) -> &[u16] {
        &self.sets[..self.len]
    }

    fn push(&mut self, set: u16) {
        self.sets[self.len] = set;
        self.len += 1;
    }
}

/// For open cells with candidate masks `cells`, which must take distinct digits
/// avoiding `placed` and summing to `rest`: the digits each cell takes in at
/// least one complete filling.
///
/// For each digit set that makes the sum, a dynamic program over the cells in
/// order whose states are the digits used so far: forward, the sets the first
/// `i` cells can take; backward, the sets the last cells can take. Cell `i`
/// supports digit `d` when a forward set without `d` and the backward set of
/// the remaining digits meet. It stops early once every candidate is supported.
fn completion_support(
    cells: &[u16],
    rest: u32,
    placed: u16,
    scratch: &mut CompletionScratch,
) -> [u16; 9] {
    let k = cells.len();
    let mut support = [0u16; 9];
    let CompletionScratch {
        forward,
        behind,
        behind_list,
    } = scratch;
    for &combo in combo_masks(rest, k) {
        if combo & placed != 0 {
            continue;
        }
        let mut restricted = [0u16; 9];
        let mut union = 0;
        for (r, &m) in restricted.iter_mut().zip(cells) {
            *r = m & combo;
            union |= *r;
        }
        if union != combo || restricted[..k].contains(&0) {
            continue;
        }
        forward[0].len = 0;
        forward[0].push(0);
        for i in 0..k {
            let mut seen = SetOfSets::EMPTY;
            let (done, next) = forward.split_at_mut(i + 1);
            let next = &mut next[0];
            next.len = 0;
            for &taken in done[i].as_slice() {
                let mut free = restricted[i] & !taken;
                while free != 0 {
                    let bit = free & free.wrapping_neg();
                    free &= free - 1;
                    if seen.insert(taken | bit) {
                        next.push(taken | bit);
                    }
                }
            }
        }
        if forward[k].len == 0 {
            continue;
        }
        behind[k] = SetOfSets::EMPTY;
        behind[k].insert(0);
        behind_list[k].len = 0;
        behind_list[k].push(0);
        for i in (0..k).rev() {
            let (head, tail) = behind_list.split_at_mut(i + 1);
            let (list, after) = (&mut head[i], &tail[0]);
            let mut set = SetOfSets::EMPTY;
            list.len = 0;
            for &taken in after.as_slice() {
                let mut free = restricted[i] & !taken;
                while free != 0 {
                    let bit = free & free.wrapping_neg();
                    free &= free - 1;
                    if set.insert(taken | bit) {
                        list.push(taken | bit);
                    }
                }
            }
            behind[i] = set;
        }
        for i in 0..k {
            let after = &behind[i + 1];
            let mut found = support[i];
            for &taken in forward[i].as_slice() {
                let mut free = restricted[i] & !taken & !found;
                while free != 0 {
                    let bit = free & free.wrapping_neg();
                    free &= free - 1;
                    if after.contains(combo & !taken & !bit) {
                        found |= bit;
                    }
                }
            }
            support[i] = found;
        }
        if support[..k] == cells[..k] {
            // Every candidate is supported: other sets cannot add anything.
            break;
        }
    }
    support
}

/// Working lists of [`completion_support`], kept to avoid clearing them per call.
pub(crate) struct CompletionScratch {
    forward: [SetList; 10],
    behind: [SetOfSets; 10],
    behind_list: [SetList; 10],
}

impl CompletionScratch {
    fn new() -> Box<CompletionScratch> {
        Box::new(CompletionScratch {
            forward: [SetList::EMPTY; 10],
            behind: [SetOfSets::EMPTY; 10],
            behind_list: [SetList::EMPTY; 10],
        })
    }
}

/// A memo of [`completion_support`] results. The answer depends only on the
/// run's open cells, rest and placed digits, and when the generator re-rates a
/// puzzle after changing one digit most runs end in the same state as before,
/// so most lookups hit.
pub(crate) struct CompletionMemo {
    /// Direct-mapped: key (masks, rest, placed) and answer per slot.
    keys: Vec<[u16; 11]>,
    answers: Vec<[u16; 9]>,
    scratch: Box<CompletionScratch>,
}

impl CompletionMemo {
    const SLOTS: usize = 2048;

    fn new() -> CompletionMemo {
        CompletionMemo {
            keys: vec![[u16::MAX; 11]; Self::SLOTS],
            answers: vec![[0; 9]; Self::SLOTS],
            scratch: CompletionScratch::new(),
        }
    }

    fn support(&mut self, cells: &[u16], rest: u32, placed: u16) -> [u16; 9] {
        let mut key = [0u16; 11];
        key[..cells.len()].copy_from_slice(cells);
        key[9] = rest as u16 | ((cells.len() as u16) << 8);
        key[10] = placed;
        let mut hash: u64 = 0;
        for &part in &key {
            hash = (hash.rotate_left(5) ^ u64::from(part)).wrapping_mul(0x517c_c1b7_2722_0a95);
        }
        let slot = (hash >> 53) as usize % Self::SLOTS;
        if self.keys[slot] != key {
            self.keys[slot] = key;
            self.answers[slot] = completion_support(cells, rest, placed, &mut self.scratch);
        }
        self.answers[slot]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::digits::ALL_DIGITS;
    use rand::{Rng, SeedableRng};

    #[test]
    fn difficulty_table_is_in_level_order() {
        for (index, grade) in DIFFICULTIES.iter().enumerate() {
            assert_eq!(grade.difficulty, Difficulty::ALL[index]);
            assert_eq!(grade.difficulty.grade(), grade);
            assert_eq!(grade.name.parse::<Difficulty>(), Ok(grade.difficulty));
        }
        // Each level allows a harder technique than the one below it.
        assert!(DIFFICULTIES
            .windows(2)
            .all(|pair| pair[0].level.hardest < pair[1].level.hardest));
        assert_eq!(Technique::SumBounds.difficulty(), Difficulty::Hard);
        assert_eq!(Technique::FittingSets.difficulty(), Difficulty::Medium);
        assert_eq!(Technique::Single.difficulty(), Difficulty::Easy);
    }

    /// Region sums, worked example: innies `x`, `y` (sharing a run, so
    /// distinct) and an outie `z`, with `x + y − z = 14`, `x, y` in 5..=9 and
    /// `z` in {1, 2}. Then `x + y` is 15 or 16: {6, 9}, {7, 8} or {7, 9}; 5
    /// never fits, and with `z = 2` (16 = 7 + 9) as with `z = 1`, both outie
    /// digits stay.
    #[test]
    fn region_sum_worked_example() {
        let board: Board = "4 4\n- 16, 17, -\n,16 0 0 -\n,17 0 0 -\n- - - -"
            .parse()
            .unwrap();
        let model = Model::from_board(&board);
        // Cells 0, 1 share the first across run; cell 3 (an outie here)
        // shares a down run with cell 1, which changes nothing below.
        let cells = [(0u16, 1), (1u16, 1), (3u16, -1)];
        let masks = [
            crate::digits::digit_range(5, 9),
            crate::digits::digit_range(5, 9),
            0b110,
        ];
        let support = region_support(&model, &cells, &masks, 14);
        assert_eq!(DigitSet::from_bits(support[0]).unwrap().to_string(), "6789");
        assert_eq!(DigitSet::from_bits(support[1]).unwrap().to_string(), "6789");
        assert_eq!(DigitSet::from_bits(support[2]).unwrap().to_string(), "12");
        // With z = 2 only: x + y = 16, so {7, 9}.
        let support = region_support(&model, &cells, &[masks[0], masks[1], 0b100], 14);
        assert_eq!(DigitSet::from_bits(support[0]).unwrap().to_string(), "79");
        // No assignment: nothing is supported (the engine calls it broken).
        let support = region_support(&model, &cells, &[0b10, 0b100, 0b100], 14);
        assert_eq!(support, vec![0, 0, 0]);
    }

    /// Every region of generated puzzles holds on their solution: innies
    /// less outies make the plus runs' sums less the minus runs' sums.
    #[test]
    fn regions_hold_on_solutions() {
        let mut regions = 0;
        for (seed, difficulty) in [(1, Difficulty::Expert), (2, Difficulty::Hard)] {
            let made = crate::generate(
                &crate::GenerateParams {
                    size: 12,
                    difficulty,
                },
                seed,
            )
            .unwrap();
            let model = Model::from_board(&made.puzzle);
            let digit = |c: u16| {
                let pos = model.cell_pos[c as usize] as usize;
                i32::from(
                    made.solution
                        .digit(pos / model.cols, pos % model.cols)
                        .unwrap(),
                )
            };
            for region in find_regions(&model) {
                let plus: i32 = region.plus_cells.iter().map(|&c| digit(c)).sum();
                let minus: i32 = region.minus_cells.iter().map(|&c| digit(c)).sum();
                let sums = |runs: &[u32]| -> i32 {
                    runs.iter()
                        .map(|&r| model.runs[r as usize].sum as i32)
                        .sum()
                };
                assert_eq!(
                    plus - minus,
                    sums(&region.plus_runs) - sums(&region.minus_runs)
                );
                assert!((1..=REGION_CELLS)
                    .contains(&(region.plus_cells.len() + region.minus_cells.len())));
                regions += 1;
            }
        }
        assert!(regions > 10, "only {regions} regions found");
    }

    /// Contradiction, worked example: in `3 3 / 4 6 / 3 7` (a+b = 3,
    /// c+d = 7, a+c = 4, b+d = 6), try a = 1: nothing breaks (it is the
    /// solution). Try a = 2: the across 3 leaves b = 1, the down 4 leaves
    /// c = 2, the same digit twice in one down run, so 2 is removed from a.
    #[test]
    fn contradiction_worked_example() {
        let board: Board = "3 3\n- 4, 6,\n,3 0 0\n,7 0 0".parse().unwrap();
        let model = Model::from_board(&board);
        let mut engine = Engine::new(&model);
        engine.masks = vec![crate::digits::ALL_DIGITS; 4];
        engine.regions = Some(find_regions(&model));
        engine.trace = Some(Box::default());
        let focus = engine.contradiction(&model).unwrap().unwrap();
        let Focus::Trial {
            cell,
            digit,
            broken,
        } = focus
        else {
            panic!("{focus:?}")
        };
        assert_eq!((cell, digit), (0, 2));
        assert_eq!(model.runs[broken as usize].direction, Direction::Down);
        assert_eq!(engine.masks[0], crate::digits::ALL_DIGITS & !(1 << 2));
        // Rated: the easy techniques solve it, so it never needs a trial.
        assert_eq!(rate(&board).steps_with(Technique::Contradiction), 0);
    }

    #[test]
    fn master_is_a_rating_only_level() {
        assert_eq!(Technique::RegionSum.difficulty(), Difficulty::Master);
        assert_eq!(Technique::Contradiction.difficulty(), Difficulty::Master);
        assert_eq!(Difficulty::Master.grade(), &MASTER);
        assert_eq!(Difficulty::Master.name(), "master");
        assert!(
            "master".parse::<Difficulty>().is_err(),
            "not a generator level"
        );
        assert!(!Difficulty::ALL.contains(&Difficulty::Master));
        assert_eq!(Difficulty::RATINGS[..4], Difficulty::ALL);
        assert!(crate::GenerateParams::new(10, Difficulty::Master).is_err());
    }

    /// Every way to give the cells distinct digits from their masks.
    fn brute_support(cells: &[u16], rest: u32, placed: u16) -> [u16; 9] {
        fn go(
            cells: &[u16],
            i: usize,
            used: u16,
            sum: u32,
            rest: u32,
            pick: &mut [u8; 9],
            out: &mut [u16; 9],
        ) {
            if i == cells.len() {
                if sum == rest {
                    for j in 0..cells.len() {
                        out[j] |= 1 << pick[j];
                    }
                }
                return;
            }
            for d in 1..=9u8 {
                if cells[i] & (1 << d) != 0 && used & (1 << d) == 0 {
                    pick[i] = d;
                    go(
                        cells,
                        i + 1,
                        used | (1 << d),
                        sum + u32::from(d),
                        rest,
                        pick,
                        out,
                    );
                }
            }
        }
        let mut out = [0u16; 9];
        go(cells, 0, placed, 0, rest, &mut [0; 9], &mut out);
        out
    }

    #[test]
    fn completion_support_matches_brute_force() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let mut scratch = CompletionScratch::new();
        for _ in 0..3000 {
            let k = rng.random_range(1..=6);
            let placed = if rng.random_bool(0.3) {
                1u16 << rng.random_range(1..=9)
            } else {
                0
            };
            let cells: Vec<u16> = (0..k)
                .map(|_| {
                    (rng.random_range(0..1024u16) & ALL_DIGITS) | (1 << rng.random_range(1..=9))
                })
                .collect();
            let rest = rng.random_range(1..=45);
            assert_eq!(
                completion_support(&cells, rest, placed, &mut scratch),
                brute_support(&cells, rest, placed),
                "cells {cells:?} rest {rest} placed {placed}"
            );
        }
    }
}
