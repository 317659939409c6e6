//! The search solver: counts solutions up to a limit (limit 2 proves uniqueness).
//!
//! Each digit cell keeps a bitmask of candidate digits. Propagation revises one
//! run at a time: from the run's placed digits and the candidates of its other
//! cells it keeps only the digit sets (looked up in the precomputed table for
//! the remaining sum and cell count) that still fit, narrows every cell to the
//! union of those sets, bounds each cell by the rest of the sum minus the
//! least and most the other cells can hold, and places a digit that every
//! fitting set needs when only one cell can take it. Runs whose cells changed are queued again until
//! nothing changes. The search then branches on the open cell with the fewest
//! candidates, copying the candidate array into a preallocated stack (no
//! allocation per node), and stops at `limit` solutions or when the node budget
//! runs out.

use crate::board::{Board, Solution};
use crate::model::{sum_bound, Holder, Model, RunData};

/// Counters of one search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Branching decisions tried (one per digit tried in a branching cell).
    pub nodes: u64,
    /// Run revisions performed by propagation.
    pub revisions: u64,
    /// Deepest level of branching reached.
    pub max_depth: usize,
}

/// The solutions [`solve`] found and what the search cost (the outcome type
/// every gridforge game shares; its `uniqueness()` says "at least one" rather
/// than "unique" when the limit was 1).
pub type SolveOutcome = gridforge_game::SolveOutcome<Solution, SearchStats>;

/// Why a search stopped without an answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The node budget ran out before the search finished.
    #[error("the search gave up after {budget} nodes (its budget), {found} solution(s) found")]
    BudgetExceeded {
        /// The budget given.
        budget: u64,
        /// Solutions found before it ran out.
        found: usize,
        /// Counters at the moment it stopped.
        stats: SearchStats,
    },
    /// A limit of 0 solutions asks for nothing.
    #[error("the solution limit must be at least 1")]
    ZeroLimit,
}

/// Finds up to `limit` solutions of `board` (digits already written in it are
/// kept), exploring at most `budget` branching nodes. With `limit` 2 the
/// outcome proves uniqueness.
pub fn solve(board: &Board, limit: usize, budget: u64) -> Result<SolveOutcome, SolveError> {
    let model = Model::from_board(board);
    let (found, stats) = search(&model, limit, budget)?;
    Ok(SolveOutcome {
        solutions: found.iter().map(|masks| model.solution(masks)).collect(),
        limit,
        stats,
    })
}

/// Searches `model` from its givens; returns the candidate masks (all
/// single digits) of up to `limit` solutions.
pub(crate) fn search(
    model: &Model,
    limit: usize,
    budget: u64,
) -> Result<(Vec<Vec<u16>>, SearchStats), SolveError> {
    if limit == 0 {
        return Err(SolveError::ZeroLimit);
    }
    let n = model.cell_count();
    let mut search = Search {
        model,
        stack: Vec::with_capacity(n * 8),
        propagator: Propagator::new(model),
        limit,
        budget,
        solutions: Vec::new(),
        stats: SearchStats::default(),
    };
    search.stack.extend_from_slice(&model.givens);
    search.propagator.queue_all();
    let consistent = search
        .propagator
        .run(model, &mut search.stack[..n], &mut search.stats);
    if consistent {
        search.descend(0)?;
    }
    Ok((search.solutions, search.stats))
}

/// Run-by-run propagation with a queue of runs to revise.
pub(crate) struct Propagator {
    queue: Vec<u32>,
    queued: Vec<bool>,
}

impl Propagator {
    pub fn new(model: &Model) -> Propagator {
        Propagator {
            queue: Vec::with_capacity(model.runs.len()),
            queued: vec![false; model.runs.len()],
        }
    }

    /// Queues every run.
    pub fn queue_all(&mut self) {
        self.queue.clear();
        self.queue.extend(0..self.queued.len() as u32);
        self.queued.fill(true);
    }

    /// Queues the two runs of `cell`.
    #[inline]
    fn queue_cell(&mut self, model: &Model, cell: u16) {
        for run in model.cell_runs[cell as usize] {
            if !self.queued[run as usize] {
                self.queued[run as usize] = true;
                self.queue.push(run);
            }
        }
    }

    /// Revises queued runs until none is left. False on a contradiction (the
    /// queue is then cleared).
    pub fn run(&mut self, model: &Model, masks: &mut [u16], stats: &mut SearchStats) -> bool {
        while let Some(run) = self.queue.pop() {
            self.queued[run as usize] = false;
            stats.revisions += 1;
            let mut changed = Changed::default();
            if !revise(&model.runs[run as usize], masks, &mut changed) {
                for &r in &self.queue {
                    self.queued[r as usize] = false;
                }
                self.queue.clear();
                return false;
            }
            for &cell in &changed.cells[..changed.count] {
                self.queue_cell(model, cell);
            }
        }
        true
    }
}

/// Cells whose candidates a revision narrowed (each at most once).
#[derive(Default)]
struct Changed {
    cells: [u16; 9],
    count: usize,
}

impl Changed {
    #[inline]
    fn push(&mut self, cell: u16) {
        if !self.cells[..self.count].contains(&cell) {
            self.cells[self.count] = cell;
            self.count += 1;
        }
    }
}

/// Narrows the cells of one run; false when the run cannot be completed.
fn revise(run: &RunData, masks: &mut [u16], changed: &mut Changed) -> bool {
    let Some(view) = run.view(masks) else {
        return false;
    };
    if view.count == 0 {
        return true;
    }
    let Some((allowed, required)) = view.fitting_sets(masks) else {
        return false;
    };
    let (open, rest) = (view.open(), view.rest);
    for &cell in open {
        let m = masks[cell as usize];
        let narrowed = m & allowed;
        if narrowed == 0 {
            return false;
        }
        if narrowed != m {
            masks[cell as usize] = narrowed;
            changed.push(cell);
        }
    }
    // Each cell is at least the rest minus what the others hold at most, and
    // at most the rest minus what they hold at least.
    if open.len() >= 2 {
        let (mut least, mut most) = (0u32, 0u32);
        for &cell in open {
            let m = masks[cell as usize];
            least += m.trailing_zeros();
            most += 15 - m.leading_zeros();
        }
        for &cell in open {
            let m = masks[cell as usize];
            let (low_here, high_here) = (m.trailing_zeros(), 15 - m.leading_zeros());
            let Some(range) = sum_bound(rest, least - low_here, most - high_here) else {
                return false;
            };
            let narrowed = m & range;
            if narrowed == 0 {
                return false;
            }
            if narrowed != m {
                masks[cell as usize] = narrowed;
                changed.push(cell);
            }
        }
    }
    // A digit every fitting set needs must go in one of the open cells.
    let mut need = required;
    while need != 0 {
        let bit = need & need.wrapping_neg();
        need &= need - 1;
        match view.holder(masks, bit) {
            Holder::Nobody => return false,
            Holder::One(cell) if masks[cell as usize] != bit => {
                masks[cell as usize] = bit;
                changed.push(cell);
            }
            Holder::One(_) | Holder::Several => {}
        }
    }
    true
}

struct Search<'a> {
    model: &'a Model,
    /// Candidate masks per depth: level `d` is `stack[d * n..(d + 1) * n]`.
    stack: Vec<u16>,
    propagator: Propagator,
    limit: usize,
    budget: u64,
    solutions: Vec<Vec<u16>>,
    stats: SearchStats,
}

impl Search<'_> {
    /// Explores the propagated state at `depth`; Ok(true) once `limit` solutions are found.
    fn descend(&mut self, depth: usize) -> Result<bool, SolveError> {
        let n = self.model.cell_count();
        self.stats.max_depth = self.stats.max_depth.max(depth);
        let level = depth * n;
        let Some(cell) = most_constrained(&self.stack[level..level + n]) else {
            self.solutions.push(self.stack[level..level + n].to_vec());
            return Ok(self.solutions.len() >= self.limit);
        };
        if self.stack.len() < level + 2 * n {
            self.stack.resize(level + 2 * n, 0);
        }
        let mut options = self.stack[level + cell];
        while options != 0 {
            let bit = options & options.wrapping_neg();
            options &= options - 1;
            self.stats.nodes += 1;
            if self.stats.nodes > self.budget {
                return Err(SolveError::BudgetExceeded {
                    budget: self.budget,
                    found: self.solutions.len(),
                    stats: self.stats,
                });
            }
            self.stack.copy_within(level..level + n, level + n);
            let next = &mut self.stack[level + n..level + 2 * n];
            next[cell] = bit;
            self.propagator.queue_cell(self.model, cell as u16);
            if self.propagator.run(self.model, next, &mut self.stats) && self.descend(depth + 1)? {
                return Ok(true);
            }
        }
        Ok(false)
    }
}

/// The open cell with the fewest candidates, or `None` when every cell is decided.
fn most_constrained(masks: &[u16]) -> Option<usize> {
    let mut best = None;
    let mut best_count = u32::MAX;
    for (cell, &m) in masks.iter().enumerate() {
        let count = m.count_ones();
        if count > 1 && count < best_count {
            best = Some(cell);
            best_count = count;
            if count == 2 {
                break;
            }
        }
    }
    best
}
