//! The [`Engine`]'s ladder loop and bookkeeping: its state, the queues of
//! runs waiting for each technique, the budget, the trace for hints, and
//! [`Engine::narrow`], through which every technique removes candidates.
//! The techniques themselves live in the sibling modules.

use super::completion::CompletionMemo;
use super::region::Region;
use super::{Difficulty, Technique};
use crate::digits::is_single;
use crate::model::{Model, RunData};

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
pub(super) struct Broken;

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
    /// Only the final state counts (how many candidates are left), not
    /// which level was needed: as [`Granularity::Level`], but when
    /// [`Technique::RunCompletion`] is allowed the Hard level is skipped,
    /// since run completion removes everything SumBounds removes (it keeps
    /// exactly the digits some filling of the run puts in a cell). The
    /// same final state for less work; [`Engine::hardest`] then means
    /// nothing. The generator's climb rates this way and asks
    /// [`Granularity::Level`] for the level once a puzzle is solved.
    State,
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

/// The logical solver's state, reusable across puzzles of one layout (the
/// generator re-rates after every change of a sum).
pub(crate) struct Engine {
    pub masks: Vec<u16>,
    /// Runs waiting for each technique (or level).
    pub(super) queues: [Vec<u32>; Technique::COUNT],
    /// Bit `q` set when the run waits in queue `q`.
    pub(super) queued: Vec<u16>,
    /// Open cells (more than one candidate) per run.
    pub(super) open: Vec<u8>,
    /// Steps per technique in the last run (with [`Granularity::Level`], a
    /// level's steps are counted on its hardest technique).
    pub steps: [u32; Technique::COUNT],
    /// Highest queue in use.
    pub(super) max: usize,
    /// Set when the queue of the Hard level applies the Expert level's
    /// techniques ([`Granularity::State`]).
    pub(super) skip_hard: bool,
    /// The hardest technique this run may use (region sums and
    /// contradictions only when it is one of them).
    pub(super) hardest: Technique,
    /// Answers of the most expensive technique, kept across runs.
    pub(super) completions: CompletionMemo,
    /// The regions of the layout, found when first needed.
    pub(super) regions: Option<Vec<Region>>,
    /// The engine that tries candidates for [`Technique::Contradiction`].
    pub(super) trial: Option<Box<Engine>>,
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

/// The ladder loop and its bookkeeping (the techniques add their own `impl`
/// blocks in the sibling modules).
impl Engine {
    pub fn new(model: &Model) -> Engine {
        Engine::with_memo(model, CompletionMemo::SLOTS)
    }

    /// An engine for the generator, which rates one layout thousands of
    /// times: its memo of run completions grows with the board's runs (a
    /// memo that misses costs a dynamic program per run state).
    pub fn for_generator(model: &Model) -> Engine {
        let slots = (model.runs.len() * 64)
            .next_power_of_two()
            .clamp(CompletionMemo::SLOTS, CompletionMemo::MOST_SLOTS);
        Engine::with_memo(model, slots)
    }

    fn with_memo(model: &Model, memo_slots: usize) -> Engine {
        Engine {
            masks: vec![0; model.cell_count()],
            queues: Default::default(),
            queued: vec![0; model.runs.len()],
            open: vec![0; model.runs.len()],
            steps: [0; Technique::COUNT],
            max: 0,
            skip_hard: false,
            hardest: Technique::Single,
            completions: CompletionMemo::new(memo_slots),
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
        self.skip_hard = granularity == Granularity::State && per_run == Technique::RunCompletion;
        self.max = match granularity {
            Granularity::Technique => per_run.index(),
            Granularity::State if self.skip_hard => Difficulty::Hard as usize,
            Granularity::Level | Granularity::State => per_run.difficulty() as usize,
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

    /// True once the engine has spent more nodes than its budget.
    pub(super) fn out_of_budget(&self) -> bool {
        self.nodes > self.budget
    }

    /// Where the next traced step's changes start.
    pub(super) fn trace_mark(&self) -> usize {
        self.trace.as_ref().map_or(0, |t| t.changes.len())
    }

    /// Records a step that changed something (when tracing), and stops the
    /// trace after a step that placed a digit.
    pub(super) fn trace_step(&mut self, technique: Technique, focus: Focus, start: usize) {
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
                Granularity::Level | Granularity::State => {
                    let level = match Difficulty::ALL[q] {
                        Difficulty::Hard if self.skip_hard => Difficulty::Expert,
                        level => level,
                    };
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
    /// and RunCompletion what Subset removes; FittingSets and RequiredDigit
    /// share one reading of the run's fitting sets.
    fn apply_level(
        &mut self,
        level: Difficulty,
        model: &Model,
        run: &RunData,
    ) -> Result<bool, Broken> {
        match level {
            Difficulty::Easy => self.run_digits(model, run),
            Difficulty::Medium => self.fitting_and_required(model, run),
            Difficulty::Hard => self.sum_bounds(model, run),
            Difficulty::Expert | Difficulty::Master => self.run_completion(model, run),
        }
    }

    /// Sets `cell`'s candidates to `mask` (a subset of the old ones) and queues
    /// its runs for every technique. True when this changed something.
    #[inline]
    pub(super) fn narrow(&mut self, model: &Model, cell: u16, mask: u16) -> Result<bool, Broken> {
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
}
