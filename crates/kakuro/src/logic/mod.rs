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
//!
//! This module holds the public types and entry points; the parts live in
//! its children: `engine` (the ladder loop and its bookkeeping),
//! `run_techniques` (Single to RunCompletion), `completion` (run completion's
//! dynamic program and memo), `region` (region sums) and `contradiction`
//! (the trials).

mod completion;
mod contradiction;
mod engine;
mod region;
mod region_sum;
mod run_techniques;

use crate::board::{Board, Direction, Solution};
use crate::digits::{is_single, largest_sum, smallest_sum, DigitSet};
use crate::model::{Model, RunData};
use std::fmt;
use std::str::FromStr;

pub(crate) use engine::{Engine, EngineEnd, Focus, Granularity, Trace, TraceStep};

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

#[cfg(test)]
mod tests {
    use super::*;

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
        assert!(crate::RectParams::square(10, Difficulty::Master).is_err());
    }
}
