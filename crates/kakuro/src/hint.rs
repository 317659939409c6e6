//! Hints that explain: from a position (the puzzle with the player's digits
//! and, optionally, pencil marks), the deductions of the logical solver up to
//! and including the next digit it places, each with the technique, the runs
//! and cells it looks at, what it removes and places, and a sentence as a
//! message key with parameters (the client words it in each language).
//!
//! The steps come from the same code that rates puzzles: the engine of
//! [`crate::logic`] runs technique by technique with a trace switched on, and
//! every narrowing of a cell's candidates is recorded with the step that made
//! it. Of the steps before the first placement only those the placement
//! depends on are kept: a step is kept when it changed a cell that a later
//! kept step looked at.
//!
//! Message keys (`kakuro.explain.*`) and their parameters:
//!
//! | key | technique | parameters |
//! | --- | --- | --- |
//! | `kakuro.explain.last-candidate` | single | `digit`: a cell whose pencil marks hold only this digit |
//! | `kakuro.explain.single` | single | `sum`, `digits`: the digits already placed in the run |
//! | `kakuro.explain.run-digits` | run-digits | `sum`, `rest`, `count` (open cells), `sets`, `digits` (what the open cells keep) |
//! | `kakuro.explain.fitting-sets` | fitting-sets | `sum`, `rest`, `count`, `sets` (the sets that still fit), `digits` |
//! | `kakuro.explain.required-digit` | required-digit | `sum`, `sets`, `digit` (in every fitting set, only one cell can take it) |
//! | `kakuro.explain.sum-bounds` | sum-bounds | `sum`, `rest`, `count` |
//! | `kakuro.explain.subset` | subset | `sum`, `size` (cells), `digits` (the digits they own) |
//! | `kakuro.explain.run-completion` | run-completion | `sum`, `rest`, `count` |
//! | `kakuro.explain.region-sum` | region-sum | `total` (the region's sum from its clues), `inside`, `outside` (cells counted in and out), `difference` |
//! | `kakuro.explain.contradiction` | contradiction | `digit` (the digit tried), `sum` (the clue of the run that breaks) |
//!
//! Digit lists and sets are text: digits in increasing order separated by
//! `, ` (`"1, 3"`), sets written as their digits joined by `+` and separated
//! by ` / ` (`"1+2+6 / 1+3+5"`).

use crate::board::{Board, Cell, Direction, SetDigitError};
use crate::digits::{combo_masks, is_single, DigitSet, ALL_DIGITS};
use crate::logic::{
    others_extremes, Difficulty, Engine, EngineEnd, Focus, Granularity, LogicGaveUp, Technique,
    Trace,
};
use crate::model::{sum_bound, Model};
use crate::search::{solve, SolveError};
use gridforge_game::Uniqueness;
use std::collections::BTreeMap;

/// A cell position `(row, column)`, 0-based in the board's text grid.
pub type Pos = (usize, usize);

/// The player's pencil marks: candidate digits per white cell. A cell left out
/// (or given an empty set) may hold any digit the solver starts with.
pub type Marks = BTreeMap<Pos, DigitSet>;

/// A run a step looks at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HintRun {
    /// The clue cell.
    pub clue: Pos,
    /// Which way the run goes from its clue.
    pub direction: Direction,
    /// The clue's sum.
    pub sum: u32,
    /// The run's cells in order.
    pub cells: Vec<Pos>,
}

/// Digits a step removes from one cell's candidates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Removal {
    /// The cell.
    pub cell: Pos,
    /// The digits removed.
    pub digits: DigitSet,
}

/// A digit a step places (the cell's last candidate).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    /// The cell.
    pub cell: Pos,
    /// The digit.
    pub digit: u8,
}

/// A parameter of a hint's message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Param {
    /// A number.
    Number(u32),
    /// A text (digit lists, sets).
    Text(String),
}

/// A sentence as a message key (`kakuro.explain.*`) and its parameters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    /// The key in the web client's catalogues.
    pub key: &'static str,
    /// Parameter name and value, in a fixed order per key.
    pub params: Vec<(&'static str, Param)>,
}

/// A cell's bounds in a [`Technique::SumBounds`] step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bound {
    /// The cell.
    pub cell: Pos,
    /// The run's open cells must make this together.
    pub rest: u32,
    /// The least the run's other open cells can make (distinct digits).
    pub others_least: u32,
    /// The most they can make.
    pub others_most: u32,
}

/// The arithmetic behind a step that its sentence leaves to the picture
/// (the web client highlights runs and cells); a reader without the board,
/// such as the CLI's, needs it written out. Not part of the API's JSON.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Detail {
    /// The sentence and the runs' cells say it all.
    None,
    /// Sum bounds: every cell the step narrowed, with its bounds.
    Bounds(Vec<Bound>),
    /// A region sum (innies and outies).
    Region {
        /// Runs of one direction whose sums are counted in.
        counted_in: Vec<HintRun>,
        /// Runs of the other direction counted out.
        counted_out: Vec<HintRun>,
        /// Cells of the counted-in runs that no counted-out run covers.
        inside: Vec<Pos>,
        /// Cells of the counted-out runs outside the counted-in runs.
        outside: Vec<Pos>,
    },
    /// A contradiction: the digit tried, the digits the other techniques
    /// then place one after another, and the run that cannot be completed.
    Chain {
        /// The cell tried.
        cell: Pos,
        /// The digit tried in it.
        digit: u8,
        /// The placements that follow, in the order they were made.
        placed: Vec<Placement>,
        /// The run the chain breaks.
        broken: HintRun,
    },
}

/// One deduction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The technique.
    pub technique: Technique,
    /// The runs it looks at.
    pub runs: Vec<HintRun>,
    /// The cells it looks at.
    pub cells: Vec<Pos>,
    /// The candidates it removes (cells in row-major order).
    pub removes: Vec<Removal>,
    /// The digits it places.
    pub places: Vec<Placement>,
    /// Why, as a message key and parameters.
    pub message: Message,
    /// The arithmetic behind it, for a reader without the board.
    pub detail: Detail,
}

impl Step {
    /// The difficulty level of the step's technique.
    pub fn level(&self) -> Difficulty {
        self.technique.difficulty()
    }

    /// Applies the step to a player's position, as the client's "show" does:
    /// its removals to `marks` (a cell without marks starts from every digit)
    /// and its placements to `board` (a placed cell's marks are dropped).
    /// Fails only for a placement off `board`'s white cells, that is a step
    /// made for another board.
    pub fn apply(&self, board: &mut Board, marks: &mut Marks) -> Result<(), SetDigitError> {
        for removal in &self.removes {
            let set = marks.entry(removal.cell).or_insert(DigitSet::ALL);
            *set = set.difference(removal.digits);
        }
        for place in &self.places {
            board.set_digit(place.cell.0, place.cell.1, Some(place.digit))?;
            marks.remove(&place.cell);
        }
        Ok(())
    }
}

/// What [`hint`] answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hint {
    /// These cells disagree with the unique solution: a written digit that is
    /// wrong, or pencil marks without the right digit (row-major order).
    Mistakes(Vec<Pos>),
    /// Every white cell holds the right digit.
    Solved,
    /// The deductions up to and including the first that places a digit.
    /// Empty only when the logical solver cannot go on from this position
    /// (never for a puzzle it rates).
    Steps(Vec<Step>),
}

/// Why [`hint`] could not answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HintError {
    /// The puzzle (without the player's digits) has no solution.
    #[error("the puzzle has no solution")]
    NoSolution,
    /// The puzzle has more than one solution, so no digit can be checked.
    #[error("the puzzle has more than one solution")]
    SeveralSolutions,
    /// The search could not decide uniqueness within its budget.
    #[error("cannot decide within the budget whether the puzzle has one solution: {0}")]
    Undecided(SolveError),
    /// The logical solver spent the budget before the next placed digit.
    #[error("cannot find the next deduction within the budget: {0}")]
    GaveUp(LogicGaveUp),
    /// A pencil mark names a cell that is not a white cell of the board.
    #[error("pencil marks for row {row}, column {col}, which is not a white cell")]
    NotAWhiteCell {
        /// Row of the mark.
        row: usize,
        /// Column of the mark.
        col: usize,
    },
}

/// The next hint for a position: `board` is the puzzle with the player's
/// digits written in, `marks` the player's pencil marks. The puzzle's unique
/// solution is found first by the search solver within `budget` nodes; wrong
/// digits (and marks that exclude the right digit) are answered as
/// [`Hint::Mistakes`] without saying more. Otherwise the logical solver runs
/// from the position, easiest technique first, and the answer is the chain of
/// steps that leads to the next placed digit; it too may spend `budget` nodes.
pub fn hint(board: &Board, marks: &Marks, budget: u64) -> Result<Hint, HintError> {
    for &(row, col) in marks.keys() {
        if !board.cell(row, col).is_some_and(Cell::is_digit_cell) {
            return Err(HintError::NotAWhiteCell { row, col });
        }
    }
    let outcome = solve(&board.cleared(), 2, budget).map_err(HintError::Undecided)?;
    let solution = match outcome.uniqueness() {
        Uniqueness::Unique => &outcome.solutions[0],
        Uniqueness::None => return Err(HintError::NoSolution),
        _ => return Err(HintError::SeveralSolutions),
    };
    let model = Model::from_board(board);
    let mut masks = model.givens.clone();
    let mut mistakes = Vec::new();
    let mut open = false;
    for (cell, &pos) in model.cell_pos.iter().enumerate() {
        let (row, col) = (pos as usize / model.cols, pos as usize % model.cols);
        let Some(right) = solution.digit(row, col) else {
            continue;
        };
        let right_bit = 1u16 << right;
        match board.cell(row, col) {
            Some(Cell::Digit(Some(d))) => {
                if d != right {
                    mistakes.push((row, col));
                }
            }
            _ => {
                open = true;
                if let Some(set) = marks.get(&(row, col)).filter(|s| !s.is_empty()) {
                    if set.bits() & right_bit == 0 {
                        mistakes.push((row, col));
                    }
                    masks[cell] &= set.bits();
                }
            }
        }
    }
    if !mistakes.is_empty() {
        return Ok(Hint::Mistakes(mistakes));
    }
    if !open {
        return Ok(Hint::Solved);
    }
    // A cell whose pencil marks hold one digit: that digit goes there.
    for (cell, (&mask, &given)) in masks.iter().zip(&model.givens).enumerate() {
        if !is_single(given) && is_single(mask) {
            let at = position(&model, cell as u16);
            let digit = mask.trailing_zeros() as u8;
            return Ok(Hint::Steps(vec![Step {
                technique: Technique::Single,
                runs: Vec::new(),
                cells: vec![at],
                removes: Vec::new(),
                places: vec![Placement { cell: at, digit }],
                message: Message {
                    key: "kakuro.explain.last-candidate",
                    params: vec![("digit", Param::Number(u32::from(digit)))],
                },
                detail: Detail::None,
            }]));
        }
    }
    let mut engine = Engine::new(&model);
    engine.trace = Some(Box::default());
    // The same budget bounds the logic as the search: a trial per candidate
    // of every open cell is a lot on a large board.
    engine.budget = budget;
    let runs = 0..model.runs.len() as u32;
    let end = engine.run_from(
        &model,
        &masks,
        runs,
        Technique::Contradiction,
        Granularity::Technique,
    );
    if end == EngineEnd::GaveUp {
        return Err(HintError::GaveUp(LogicGaveUp {
            nodes: engine.nodes,
        }));
    }
    let trace = engine.trace.take().unwrap_or_default();
    Ok(Hint::Steps(explain(&model, &engine, &masks, &trace)))
}

/// The trace's steps up to the first placement, trimmed to those it depends on.
fn explain(model: &Model, engine: &Engine, start: &[u16], trace: &Trace) -> Vec<Step> {
    let Some(last) = trace.steps.len().checked_sub(1) else {
        return Vec::new();
    };
    if !trace.stopped {
        // Stuck before any placement: nothing certain to show.
        return Vec::new();
    }
    // Masks before each step, replayed from the start.
    let mut before = Vec::with_capacity(trace.steps.len());
    let mut masks = start.to_vec();
    for (i, step) in trace.steps.iter().enumerate() {
        before.push(masks.clone());
        let end = trace
            .steps
            .get(i + 1)
            .map_or(trace.changes.len(), |s| s.start);
        for &(cell, _, new) in &trace.changes[step.start..end] {
            masks[cell as usize] = new;
        }
    }
    // Backwards: keep a step when it changed a cell a kept step looks at.
    let mut needed = vec![false; model.cell_count()];
    let mut keep = vec![false; trace.steps.len()];
    let mut everything = false;
    for i in (0..=last).rev() {
        let step = &trace.steps[i];
        let end = trace
            .steps
            .get(i + 1)
            .map_or(trace.changes.len(), |s| s.start);
        let changes = &trace.changes[step.start..end];
        let wanted =
            i == last || everything || changes.iter().any(|&(cell, _, _)| needed[cell as usize]);
        if !wanted {
            continue;
        }
        keep[i] = true;
        match step.focus {
            // A trial may look at any cell.
            Focus::Trial { .. } => everything = true,
            _ => {
                for cell in looked_at(model, engine, step.focus) {
                    needed[cell as usize] = true;
                }
            }
        }
    }
    let mut steps = Vec::new();
    for (i, step) in trace.steps.iter().enumerate() {
        if !keep[i] {
            continue;
        }
        let end = trace
            .steps
            .get(i + 1)
            .map_or(trace.changes.len(), |s| s.start);
        let mut removes = Vec::new();
        let mut places = Vec::new();
        for &(cell, old, new) in &trace.changes[step.start..end] {
            let at = position(model, cell);
            removes.push(Removal {
                cell: at,
                digits: DigitSet::from_bits(old & !new).unwrap_or_default(),
            });
            if is_single(new) {
                places.push(Placement {
                    cell: at,
                    digit: new.trailing_zeros() as u8,
                });
            }
        }
        removes.sort_by_key(|r| r.cell);
        places.sort_by_key(|p| p.cell);
        let cells = looked_at(model, engine, step.focus)
            .into_iter()
            .map(|c| position(model, c))
            .collect();
        let runs = runs_of(engine, step.focus)
            .into_iter()
            .map(|r| hint_run(model, r))
            .collect();
        let changes = &trace.changes[step.start..end];
        steps.push(Step {
            technique: step.technique,
            runs,
            cells,
            detail: detail(model, engine, step, &before[i], changes),
            message: message(
                model,
                engine,
                step,
                &before[i],
                &trace.changes[step.start..end],
            ),
            removes,
            places,
        });
    }
    steps
}

/// The arithmetic of a step ([`Detail`]), from the masks before it and its
/// changes.
fn detail(
    model: &Model,
    engine: &Engine,
    step: &crate::logic::TraceStep,
    masks: &[u16],
    changes: &[(u16, u16, u16)],
) -> Detail {
    match (step.technique, step.focus) {
        (Technique::SumBounds, Focus::Run(run)) => {
            // Replayed cell by cell as the technique goes: each cell sees
            // the ones before it narrowed.
            let mut masks = masks.to_vec();
            let Some(view) = model.runs[run as usize].view(&masks) else {
                return Detail::None;
            };
            let mut bounds = Vec::new();
            for (i, &cell) in view.open().iter().enumerate() {
                let Some((least, most)) = others_extremes(&masks, view.open(), i) else {
                    break;
                };
                if let Some(range) = sum_bound(view.rest, least, most) {
                    masks[cell as usize] &= range;
                }
                if changes.iter().any(|&(c, _, _)| c == cell) {
                    bounds.push(Bound {
                        cell: position(model, cell),
                        rest: view.rest,
                        others_least: least,
                        others_most: most,
                    });
                }
            }
            Detail::Bounds(bounds)
        }
        (_, Focus::Region(region)) => {
            let region = &engine.regions()[region];
            let runs = |list: &[u32]| list.iter().map(|&r| hint_run(model, r)).collect();
            let cells = |list: &[u16]| list.iter().map(|&c| position(model, c)).collect();
            Detail::Region {
                counted_in: runs(&region.plus_runs),
                counted_out: runs(&region.minus_runs),
                inside: cells(&region.plus_cells),
                outside: cells(&region.minus_cells),
            }
        }
        (_, Focus::Trial { cell, digit, .. }) => {
            let mut start = masks.to_vec();
            start[cell as usize] = 1 << digit;
            let (end, trial) = engine.replay_trial(model, &start, cell);
            let EngineEnd::Contradiction(broken) = end else {
                return Detail::None;
            };
            let placed = trial
                .changes
                .iter()
                .filter(|&&(_, _, new)| is_single(new))
                .map(|&(c, _, new)| Placement {
                    cell: position(model, c),
                    digit: new.trailing_zeros() as u8,
                })
                .collect();
            Detail::Chain {
                cell: position(model, cell),
                digit,
                placed,
                broken: hint_run(model, broken),
            }
        }
        _ => Detail::None,
    }
}

fn position(model: &Model, cell: u16) -> Pos {
    let pos = model.cell_pos[cell as usize] as usize;
    (pos / model.cols, pos % model.cols)
}

fn hint_run(model: &Model, run: u32) -> HintRun {
    let data = &model.runs[run as usize];
    HintRun {
        clue: (
            data.clue as usize / model.cols,
            data.clue as usize % model.cols,
        ),
        direction: data.direction,
        sum: data.sum,
        cells: data.cells().iter().map(|&c| position(model, c)).collect(),
    }
}

/// The runs a step looks at.
fn runs_of(engine: &Engine, focus: Focus) -> Vec<u32> {
    match focus {
        Focus::Run(run) => vec![run],
        Focus::Region(region) => {
            let region = &engine.regions()[region];
            region
                .plus_runs
                .iter()
                .chain(&region.minus_runs)
                .copied()
                .collect()
        }
        Focus::Trial { broken, .. } => vec![broken],
    }
}

/// The cells a step looks at.
fn looked_at(model: &Model, engine: &Engine, focus: Focus) -> Vec<u16> {
    match focus {
        Focus::Run(run) => model.runs[run as usize].cells().to_vec(),
        Focus::Region(region) => {
            let region = &engine.regions()[region];
            region
                .plus_cells
                .iter()
                .chain(&region.minus_cells)
                .copied()
                .collect()
        }
        Focus::Trial { cell, .. } => vec![cell],
    }
}

fn digits_text(mask: u16) -> String {
    let digits: Vec<String> = DigitSet::from_bits(mask & ALL_DIGITS)
        .unwrap_or_default()
        .iter()
        .map(|d| d.to_string())
        .collect();
    digits.join(", ")
}

fn sets_text(sets: &[u16]) -> String {
    let mut sets: Vec<DigitSet> = sets
        .iter()
        .filter_map(|&m| DigitSet::from_bits(m))
        .collect();
    sets.sort_by(|a, b| a.iter().cmp(b.iter()));
    let texts: Vec<String> = sets
        .iter()
        .map(|s| {
            let digits: Vec<String> = s.iter().map(|d| d.to_string()).collect();
            digits.join("+")
        })
        .collect();
    texts.join(" / ")
}

/// The message of a step, from the masks before it and its changes.
fn message(
    model: &Model,
    engine: &Engine,
    step: &crate::logic::TraceStep,
    masks: &[u16],
    changes: &[(u16, u16, u16)],
) -> Message {
    let n = |v: u32| Param::Number(v);
    let t = |s: String| Param::Text(s);
    let key = step.technique.explain_key();
    let params = match step.focus {
        Focus::Run(run) => {
            let data = &model.runs[run as usize];
            let (placed, rest, open, union) = run_state(data.cells(), data.sum, masks);
            let count = open.len() as u32;
            let sets: Vec<u16> = combo_masks(rest, open.len())
                .iter()
                .copied()
                .filter(|&c| c & placed == 0)
                .collect();
            let fitting: Vec<u16> = sets
                .iter()
                .copied()
                .filter(|&c| c & !union == 0 && open.iter().all(|&m| m & c != 0))
                .collect();
            match step.technique {
                Technique::Single => vec![("sum", n(data.sum)), ("digits", t(digits_text(placed)))],
                Technique::RunDigits => vec![
                    ("sum", n(data.sum)),
                    ("rest", n(rest)),
                    ("count", n(count)),
                    ("sets", t(sets_text(&sets))),
                    ("digits", t(digits_text(sets.iter().fold(0, |a, &c| a | c)))),
                ],
                Technique::FittingSets => vec![
                    ("sum", n(data.sum)),
                    ("rest", n(rest)),
                    ("count", n(count)),
                    ("sets", t(sets_text(&fitting))),
                    (
                        "digits",
                        t(digits_text(fitting.iter().fold(0, |a, &c| a | c))),
                    ),
                ],
                Technique::RequiredDigit => {
                    let required = fitting.iter().fold(ALL_DIGITS, |a, &c| a & c);
                    // The digit placed: a required digit the step wrote.
                    let digit = changes
                        .iter()
                        .map(|&(_, _, new)| new)
                        .find(|&m| is_single(m) && m & required != 0)
                        .map_or(0, |m| m.trailing_zeros());
                    vec![
                        ("sum", n(data.sum)),
                        ("sets", t(sets_text(&fitting))),
                        ("digit", n(digit)),
                    ]
                }
                Technique::Subset => {
                    // The owners: open cells the step did not change, whose
                    // candidates are as many digits as there are of them.
                    let changed: Vec<u16> = changes.iter().map(|&(c, _, _)| c).collect();
                    let owners: Vec<u16> = data
                        .cells()
                        .iter()
                        .filter(|&&c| !is_single(masks[c as usize]) && !changed.contains(&c))
                        .map(|&c| masks[c as usize])
                        .collect();
                    let removed: u16 = changes.iter().fold(0, |a, &(_, old, new)| a | (old & !new));
                    // The smallest group of unchanged cells owning the removed digits.
                    let mut best = (u32::MAX, 0u16);
                    for chosen in 1u32..(1 << owners.len()) {
                        let union = owners
                            .iter()
                            .enumerate()
                            .filter(|(j, _)| chosen & (1 << j) != 0)
                            .fold(0u16, |a, (_, &m)| a | m);
                        if union.count_ones() == chosen.count_ones()
                            && union & removed == removed
                            && chosen.count_ones() < best.0
                        {
                            best = (chosen.count_ones(), union);
                        }
                    }
                    let (size, digits) = if best.0 == u32::MAX {
                        (0, removed)
                    } else {
                        best
                    };
                    vec![
                        ("sum", n(data.sum)),
                        ("size", n(size)),
                        ("digits", t(digits_text(digits))),
                    ]
                }
                _ => vec![("sum", n(data.sum)), ("rest", n(rest)), ("count", n(count))],
            }
        }
        Focus::Region(region) => {
            let region = &engine.regions()[region];
            let plus: u32 = region
                .plus_runs
                .iter()
                .map(|&r| model.runs[r as usize].sum)
                .sum();
            let minus: u32 = region
                .minus_runs
                .iter()
                .map(|&r| model.runs[r as usize].sum)
                .sum();
            vec![
                ("total", n(plus)),
                ("inside", n(region.plus_cells.len() as u32)),
                ("outside", n(region.minus_cells.len() as u32)),
                (
                    "difference",
                    Param::Text((i64::from(plus) - i64::from(minus)).to_string()),
                ),
            ]
        }
        Focus::Trial { digit, broken, .. } => vec![
            ("digit", n(u32::from(digit))),
            ("sum", n(model.runs[broken as usize].sum)),
        ],
    };
    Message { key, params }
}

/// Placed digits, rest of the sum, open cells' masks and their union.
fn run_state(cells: &[u16], sum: u32, masks: &[u16]) -> (u16, u32, Vec<u16>, u16) {
    let mut placed = 0;
    let mut rest = sum;
    let mut open = Vec::new();
    let mut union = 0;
    for &c in cells {
        let m = masks[c as usize];
        if is_single(m) {
            placed |= m;
            rest = rest.saturating_sub(m.trailing_zeros());
        } else {
            open.push(m);
            union |= m;
        }
    }
    (placed, rest, open, union)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// a+b = 3, c+d = 7, a+c = 4, b+d = 6: only 1 2 / 3 4.
    const UNIQUE: &str = "3 3\n- 4, 6,\n,3 0 0\n,7 0 0";

    /// Worked example: the across 3 keeps 1, 2 in its cells, the across 7
    /// keeps 1..6, and the down 4 (1+3) then leaves only 1 in the top-left
    /// cell. The trimmed chain is exactly those three steps.
    #[test]
    fn hint_on_the_empty_board_explains_the_first_digit() {
        let board: Board = UNIQUE.parse().unwrap();
        let Ok(Hint::Steps(steps)) = hint(&board, &Marks::new(), 1000) else {
            panic!("steps expected")
        };
        let techniques: Vec<Technique> = steps.iter().map(|s| s.technique).collect();
        assert_eq!(techniques, [Technique::RunDigits; 3]);
        let first = &steps[0];
        assert_eq!(first.runs[0].sum, 3);
        assert_eq!(first.runs[0].direction, Direction::Across);
        assert_eq!(first.cells, [(1, 1), (1, 2)]);
        assert_eq!(first.message.key, "kakuro.explain.run-digits");
        assert_eq!(
            first.message.params,
            [
                ("sum", Param::Number(3)),
                ("rest", Param::Number(3)),
                ("count", Param::Number(2)),
                ("sets", Param::Text("1+2".into())),
                ("digits", Param::Text("1, 2".into())),
            ]
        );
        assert_eq!(first.removes[0].digits.to_string(), "3456789");
        let last = steps.last().unwrap();
        assert_eq!(last.runs[0].direction, Direction::Down);
        assert_eq!(
            last.places,
            [Placement {
                cell: (1, 1),
                digit: 1
            }]
        );
        assert_eq!(last.level(), Difficulty::Easy);
    }

    #[test]
    fn mistakes_solved_and_marks() {
        let mut board: Board = UNIQUE.parse().unwrap();
        board.set_digit(1, 1, Some(2)).unwrap();
        board.set_digit(2, 2, Some(4)).unwrap();
        assert_eq!(
            hint(&board, &Marks::new(), 1000),
            Ok(Hint::Mistakes(vec![(1, 1)]))
        );
        let solved: Board = "3 3\n- 4, 6,\n,3 1 2\n,7 3 4".parse().unwrap();
        assert_eq!(hint(&solved, &Marks::new(), 1000), Ok(Hint::Solved));
        let empty: Board = UNIQUE.parse().unwrap();
        let marks = Marks::from([((2, 1), DigitSet::single(3).unwrap())]);
        let Ok(Hint::Steps(steps)) = hint(&empty, &marks, 1000) else {
            panic!("steps expected")
        };
        assert_eq!(steps[0].message.key, "kakuro.explain.last-candidate");
        assert_eq!(
            steps[0].places,
            [Placement {
                cell: (2, 1),
                digit: 3
            }]
        );
        let marks = Marks::from([((0, 0), DigitSet::ALL)]);
        assert_eq!(
            hint(&empty, &marks, 1000),
            Err(HintError::NotAWhiteCell { row: 0, col: 0 })
        );
        let two: Board = "3 3\n- 3, 3,\n,3 0 0\n,3 0 0".parse().unwrap();
        assert_eq!(
            hint(&two, &Marks::new(), 1000),
            Err(HintError::SeveralSolutions)
        );
    }
}
