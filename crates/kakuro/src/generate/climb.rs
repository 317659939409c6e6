//! The climb to the difficulty on boards up to [`super::RANKED_FILL_MAX_SIDE`]:
//! digit changes near the cells the logical solver leaves open, each kept
//! when a full rating leaves no more open candidates ([`Maker::climb`]); and
//! the pieces the large boards' climb shares: the local rating
//! ([`Maker::rate_near`]), the proposed change ([`Maker::propose`]) and the
//! shake of a puzzle that came out too easy ([`Maker::shake`]).

use super::filling::random_bit;
use super::maker::Maker;
use super::GenerateStats;
use crate::digits::{combo_masks, is_single, ALL_DIGITS};
use crate::logic::{Difficulty, EngineEnd, Granularity, Technique};
use rand::seq::IndexedRandom;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// Digit changes per climb, per digit cell.
pub(super) const MOVES_PER_CELL: usize = 12;
/// Rated digit changes without a new best before a climb is abandoned (a
/// fresh filling is cheaper than a long plateau).
const PLATEAU_MOVES: usize = 150;

impl Maker<'_> {
    /// Changes digits until the logical solver, limited to `target`'s
    /// techniques, finishes the puzzle (and, if `exact`, needs a technique of
    /// that level). Returns the hardest technique needed.
    pub(super) fn climb(
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

    /// A quick guess whether the digit just written into `cell` is worth a
    /// full rating: does [`Maker::rate_near`] leave no more open candidates
    /// than `cost`? Most changes make things worse, and this local check costs
    /// a fraction of a rating.
    pub(super) fn promising(&mut self, cell: usize, target: Difficulty, cost: usize) -> bool {
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
    pub(super) fn rate_near(
        &mut self,
        cell: usize,
        rings: usize,
        target: Difficulty,
    ) -> Option<usize> {
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
            Granularity::State,
        );
        self.scratch = start;
        self.first = first;
        match end {
            EngineEnd::Solved => Some(0),
            EngineEnd::Stuck | EngineEnd::GaveUp => Some(self.engine.open_candidates()),
            EngineEnd::Contradiction(_) => None,
        }
    }

    /// How many digit combinations the sums of `cell`'s runs would allow if it held `digit`.
    pub(super) fn ambiguity(&self, cell: usize, digit: u8) -> usize {
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
    pub(super) fn propose(&mut self, rng: &mut ChaCha8Rng) -> Option<(usize, u8, u8)> {
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
    pub(super) fn shake(&mut self, rng: &mut ChaCha8Rng) {
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
