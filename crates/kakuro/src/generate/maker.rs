//! The working state of one layout ([`Maker`]): its model, the solution
//! being shaped, the logical solver and the candidates it left, and one
//! attempt (fill, climb, rate, prove) over them. The steps live in the
//! sibling modules: [`super::filling`], [`super::climb`], [`super::large`].

use super::{GenerateStats, Generated, PROOF_BUDGET, RANKED_FILL_MAX_SIDE};
use crate::digits::ALL_DIGITS;
use crate::layout::Layout;
use crate::logic::{Difficulty, Engine, EngineEnd, Granularity, Technique};
use crate::model::Model;
use crate::search::search;
use rand_chacha::ChaCha8Rng;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Instant;

/// The working state for one layout.
pub(super) struct Maker<'s> {
    pub(super) model: Model,
    pub(super) engine: Engine,
    /// The solution being shaped: a digit per digit cell.
    pub(super) digits: Vec<u8>,
    /// Cells in filling order (rank, highest first).
    pub(super) order: Vec<u16>,
    /// Candidates the logical solver left in the accepted state.
    pub(super) current: Vec<u16>,
    /// Scratch list of open cells.
    pub(super) open: Vec<u16>,
    /// Digits used in each run of the solution being shaped.
    pub(super) run_used: Vec<u16>,
    /// Scratch candidates and run list for [`Maker::promising`].
    pub(super) scratch: Vec<u16>,
    pub(super) first: Vec<u32>,
    /// When to stop climbing ([`generate_within`]); None: never.
    pub(super) deadline: Option<Instant>,
    /// In [`generate_large`]: the lowest slot that made a puzzle, and this
    /// maker's slot; a maker whose slot is above it stops.
    pub(super) cancel: Option<(&'s AtomicU32, u32)>,
}

impl<'s> Maker<'s> {
    pub(super) fn new(layout: &Layout) -> Maker<'s> {
        let model = Model::from_layout(layout);
        let engine = Engine::for_generator(&model);
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
    pub(super) fn out_of_time(&self) -> bool {
        self.deadline
            .is_some_and(|deadline| Instant::now() >= deadline)
    }

    /// True once a lower slot than this maker's has made its puzzle.
    pub(super) fn cancelled(&self) -> bool {
        self.cancel
            .is_some_and(|(found, slot)| found.load(Ordering::Relaxed) < slot)
    }

    /// True when the climb must stop: out of time or cancelled.
    pub(super) fn must_stop(&self) -> bool {
        self.cancelled() || self.out_of_time()
    }

    /// One filling and climb; the puzzle when it worked.
    pub(super) fn attempt(
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

    /// Rates the current sums with `target`'s techniques. Returns the number
    /// of candidates beyond one per cell the solver could not remove (0 when
    /// it finished) and the hardest technique it used; the candidates it left
    /// are in `self.engine.masks`.
    pub(super) fn evaluate(
        &mut self,
        target: Difficulty,
        stats: &mut GenerateStats,
    ) -> (usize, Option<Technique>) {
        stats.ratings += 1;
        let max = target.hardest_technique();
        let mut end = self.engine.run(&self.model, max, Granularity::State);
        if end == EngineEnd::Solved {
            // The climb needs the level of a solved puzzle, which the
            // cheaper granularity does not tell (and solved is rare).
            end = self.engine.run(&self.model, max, Granularity::Level);
        }
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

    /// Writes `digit` into `cell` and updates the sums of its two runs.
    pub(super) fn set_digit(&mut self, cell: usize, digit: u8) {
        let old = u32::from(self.digits[cell]);
        for run in self.model.cell_runs[cell] {
            let used = &mut self.run_used[run as usize];
            *used = (*used & !(1 << old)) | (1 << digit);
            let run = &mut self.model.runs[run as usize];
            run.sum = run.sum - old + u32::from(digit);
        }
        self.digits[cell] = digit;
    }
}
