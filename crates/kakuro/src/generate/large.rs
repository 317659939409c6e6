//! Large boards (a side over [`super::RANKED_FILL_MAX_SIDE`]): layouts tried as
//! independent slots on the rayon pool ([`generate_large`]), and the climb
//! that keeps a change on a local rating and checks batches of them with a
//! full one ([`Maker::climb_locally`]).

use super::layouts::choose_layout;
use super::maker::Maker;
use super::{GenerateError, GenerateStats, Generated, RectParams, MAX_LAYOUTS, MAX_LAYOUT_DRAWS};
use crate::logic::{Difficulty, Technique};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// Rings of runs around a changed cell that [`Maker::climb_locally`] re-rates.
const LOCAL_RINGS: usize = 2;
/// Kept changes between full ratings in [`Maker::climb_locally`].
const LOCAL_MOVES_PER_RATING: usize = 8;
/// Full ratings without a new best before [`Maker::climb_locally`] repairs
/// the filling.
const LOCAL_PLATEAU_RATINGS: usize = 5;
/// Changes in a row that the local rating turns down before
/// [`Maker::climb_locally`] repairs the filling: the solver is stuck on a
/// spot no single change improves.
const STUCK_MOVES: usize = 60;
/// Local repairs ([`Maker::refill_open`]) per climb before it gives up.
const LOCAL_REPAIRS: usize = 24;
/// Digit changes per climb, per digit cell (repairs make long climbs worth
/// finishing: a fresh filling starts far further from a puzzle).
const LOCAL_MOVES_PER_CELL: usize = 30;
/// Layouts each slot draws to keep the one likeliest to fill
/// ([`choose_layout`]): on 30×30 expert, seeds 0–29, 16 choices cut the
/// changes tried from 343,724 to 66,817 and the full ratings from 11,083 to
/// 2,838 (8 choices: 123,773 and 4,852; 32: 64,451 and 2,757).
const LAYOUT_CHOICES: u32 = 16;
/// Fillings per layout slot: when a climb fails even with its repairs, the
/// layout is the likelier cause, so the next slot's layout is tried.
const LOCAL_FILLS_PER_LAYOUT: u32 = 1;

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

/// [`generate`] for boards with a side over [`super::RANKED_FILL_MAX_SIDE`], where
/// most layouts' climbs fail and each failure costs a tenth of a second or
/// more: every layout is a *slot* with its own random stream (the seed's
/// stream `slot + 1`), so the slots are independent and as many run at once
/// as the rayon pool has threads. The answer is the lowest slot that makes a
/// puzzle, which is the same whatever the threads and their timing (a slot
/// is only ever stopped early when a lower one has succeeded), and so is
/// every counter: the stats are those of the slots up to it.
pub(super) fn generate_large(
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

/// One slot of [`generate_large`]: the best of [`LAYOUT_CHOICES`] layouts
/// drawn from the slot's own random stream (up to its share of
/// [`MAX_LAYOUT_DRAWS`]) and up to [`LOCAL_FILLS_PER_LAYOUT`] fillings of it.
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
    let layout = choose_layout(
        params,
        &mut rng,
        &mut stats,
        MAX_LAYOUT_DRAWS / MAX_LAYOUTS,
        LAYOUT_CHOICES,
    );
    let Some(layout) = layout else {
        return (SlotOutcome::Failed, stats);
    };
    let mut maker = Maker::new(&layout);
    maker.deadline = deadline;
    maker.cancel = Some((found, slot));
    for _ in 0..LOCAL_FILLS_PER_LAYOUT {
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

/// A full rating in [`Maker::climb_locally`]: the digits rated, the
/// candidates the solver left, their cost and the hardest technique used.
struct FullRating {
    digits: Vec<u8>,
    masks: Vec<u16>,
    cost: usize,
    hardest: Option<Technique>,
}

impl Maker<'_> {
    /// [`Maker::climb`] for large boards, where a full rating per tried
    /// change is what the time went to: a change is kept on its local rating
    /// alone ([`Maker::rate_near`], [`LOCAL_RINGS`] rings of runs around it),
    /// and the whole board is rated after a batch of kept changes and
    /// whenever the local state is solved. A batch that the full rating finds
    /// worse than the last one is taken back and the batch halved (a good
    /// one doubles it, up to [`LOCAL_MOVES_PER_RATING`]), so where the local
    /// ratings mislead the climb rates every change in full.
    ///
    /// Most climbs that fail get stuck on a few cells that no single change
    /// improves, and starting over from a fresh filling throws away the
    /// rest of the board that was already right. So when [`STUCK_MOVES`]
    /// changes in a row are turned down, or [`LOCAL_PLATEAU_RATINGS`] full
    /// ratings pass without a new best, the climb repairs the filling where
    /// the solver is stuck ([`Maker::refill_open`]) and climbs on, up to
    /// [`LOCAL_REPAIRS`] times. Only a full rating ends the climb.
    pub(super) fn climb_locally(
        &mut self,
        target: Difficulty,
        exact: bool,
        rng: &mut ChaCha8Rng,
        stats: &mut GenerateStats,
    ) -> Option<Technique> {
        let mut last = self.rate_in_full(target, stats);
        let mut cost = last.cost;
        let (mut kept, mut batch, mut since_best) = (0, LOCAL_MOVES_PER_RATING, 0);
        let (mut turned_down, mut repairs) = (0, 0);
        for _ in 0..LOCAL_MOVES_PER_CELL * self.digits.len() {
            if self.must_stop() {
                return None;
            }
            let stuck = turned_down >= STUCK_MOVES || since_best > LOCAL_PLATEAU_RATINGS;
            if kept > 0 && (cost == 0 || kept >= batch || stuck) {
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
                continue;
            }
            if kept == 0 && cost > 0 && stuck {
                if repairs == LOCAL_REPAIRS {
                    return None;
                }
                repairs += 1;
                (turned_down, since_best) = (0, 0);
                if self.refill_open(rng) {
                    last = self.rate_in_full(target, stats);
                    cost = last.cost;
                }
                continue;
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
                    turned_down = 0;
                }
                _ => {
                    self.set_digit(cell, old);
                    turned_down += 1;
                }
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
}
