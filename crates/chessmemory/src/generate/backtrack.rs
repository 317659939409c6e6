//! The default generator: depth-first search over pair placements with propagation.
//!
//! The board is an exact cover problem with side conditions: every square must be
//! covered by exactly one *pair* (two squares attacking each other, given to one of
//! the 8 pieces), each piece gets 4 pairs, and a piece's pairs may not attack each
//! other. The search keeps, per piece, the free squares it may still use (`allowed`:
//! free and not attacked by one of its placed pairs). At each node it
//!
//! 1. propagates: counts, for every free square, the options that would cover it (a
//!    piece with pairs left that may use the square, times its allowed partners
//!    there), and prunes if some free square has no option or some piece has fewer
//!    usable squares (allowed and with an allowed partner) than twice its pairs left;
//! 2. branches. Queens come first, white then black, because each queen shuts up to
//!    27 squares to its colour and they only fit while the board is open: take the
//!    queen's most constrained usable square and either pair it with one of its
//!    allowed partners or rule the queen out of it. Once the queens stand, take the
//!    free square with the fewest options and cover it, trying the pieces that could
//!    take it tightest first (least room per pair left, so knights and bishops are
//!    not starved by the many rook options) and their partners in random order.
//!
//! A failed branch steps back to the latest decision with options left, as far as
//! needed. Randomised backtracking has a heavy tail (a bad early choice that only
//! shows near the end of the board), so a run that exceeds its node limit starts over
//! with a fresh random square order; the limits follow the Luby sequence times
//! [`RESTART_UNIT`], which bounds the expected work within a log factor of the best
//! fixed limit. The node budget covers all runs together and turns a runaway search
//! into an error.
//!
//! Ties between equally constrained squares follow the run's random square order, so
//! seeds give varied setups. White and black pieces of one kind are interchangeable
//! while both are in the same state, so only the white twin is branched on then; at
//! the end each kind's colours are swapped with probability one half so both colours
//! stay equally likely.

use super::GenerateError;
use crate::attacks::ATTACKS;
use crate::{Kind, Setup};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Pairs each piece needs.
const PAIRS: u8 = 4;

/// The pieces placed first (by index into `Piece::ALL`): white queen, black queen.
const QUEENS: [usize; 2] = [Kind::Queen.index(), Kind::Queen.index() + 4];

/// Nodes per unit of the Luby restart sequence. In one run half the setups need at
/// most about 40 nodes and nine in ten at most about 140; over 5,000 seeds, units
/// from 50 to 300 give nearly the same mean (63 to 70 nodes) and 100 the lowest,
/// against 143 nodes and a tail past 50,000 without restarts.
const RESTART_UNIT: u64 = 100;

/// Searches for a setup; returns it with the number of nodes visited over all runs.
pub(super) fn generate(seed: u64, budget: u64) -> Result<(Setup, u64), GenerateError> {
    let mut search = Search {
        rng: ChaCha8Rng::seed_from_u64(seed),
        priority: [0; 64],
        nodes: 0,
        limit: 0,
    };
    let start = State {
        free: u64::MAX,
        allowed: [u64::MAX; 8],
        pairs_left: [PAIRS; 8],
        boards: [0; 8],
    };
    let mut run = 1;
    let mut boards = loop {
        search.shuffle_priority();
        let run_limit = RESTART_UNIT.saturating_mul(luby(run));
        search.limit = budget.min(search.nodes.saturating_add(run_limit));
        match search.run(&start) {
            Ok(Some(boards)) => break boards,
            // The whole tree was searched without reaching the limit.
            Ok(None) => return Err(GenerateError::SearchExhausted),
            Err(Cutoff) if search.nodes >= budget => {
                return Err(GenerateError::NodeBudgetExhausted { budget })
            }
            Err(Cutoff) => run += 1,
        }
    };
    for kind in 0..4 {
        if search.rng.random::<bool>() {
            boards.swap(kind, kind + 4);
        }
    }
    Ok((Setup::from_bitboards(&boards), search.nodes))
}

/// The `i`-th term (from 1) of the Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, …
fn luby(mut i: u64) -> u64 {
    loop {
        let bits = 64 - i.leading_zeros();
        if i == (1 << bits) - 1 {
            return 1 << (bits - 1);
        }
        i -= (1 << (bits - 1)) - 1;
    }
}

/// The search ran into its node limit.
struct Cutoff;

/// The search's random state and counters.
struct Search {
    rng: ChaCha8Rng,
    /// Tie-break among equally constrained squares: lower goes first.
    priority: [u8; 64],
    /// Nodes visited so far, over all runs.
    nodes: u64,
    /// The node count at which the current run stops.
    limit: u64,
}

/// A partial board; copied on each step so stepping back costs nothing.
#[derive(Clone, Copy)]
struct State {
    /// Squares not yet covered.
    free: u64,
    /// Per piece (indexed like `Piece::ALL`): free squares it may still use, i.e. not
    /// attacked by its pairs and not ruled out by a branch.
    allowed: [u64; 8],
    pairs_left: [u8; 8],
    /// Per piece: squares it holds.
    boards: [u64; 8],
}

impl State {
    /// Whether piece `piece` takes part in branching: it has pairs left and is not the
    /// black twin of a white piece of its kind in the very same state.
    #[inline]
    fn is_open(&self, piece: usize) -> bool {
        self.pairs_left[piece] > 0
            && !(piece >= 4
                && self.pairs_left[piece] == self.pairs_left[piece - 4]
                && self.allowed[piece] == self.allowed[piece - 4])
    }

    /// The state after giving squares `a` and `b` (which attack each other) to
    /// `piece`.
    #[inline]
    fn place(&self, piece: usize, a: usize, b: usize) -> State {
        let table = &ATTACKS[piece % 4];
        let pair = 1u64 << a | 1u64 << b;
        let mut next = *self;
        next.free &= !pair;
        for allowed in &mut next.allowed {
            *allowed &= !pair;
        }
        next.allowed[piece] &= !(table[a] | table[b]);
        next.pairs_left[piece] -= 1;
        if next.pairs_left[piece] == 0 {
            next.allowed[piece] = 0;
        }
        next.boards[piece] |= pair;
        next
    }
}

/// What propagation found out about a state that is still viable.
struct Counts {
    /// Per free square: how many (piece, partner) options could cover it.
    options: [u8; 64],
    /// Per open piece: allowed squares that have an allowed partner.
    usable: [u64; 8],
}

impl Search {
    /// Draws a new random order of the squares for breaking ties.
    fn shuffle_priority(&mut self) {
        let mut order: [u8; 64] = std::array::from_fn(|i| i as u8);
        order.shuffle(&mut self.rng);
        for (rank, &square) in order.iter().enumerate() {
            self.priority[usize::from(square)] = rank as u8;
        }
    }

    /// Depth-first search from `state`: the finished boards, `None` if this branch has
    /// no setup, or `Cutoff` when the run's node limit is reached.
    fn run(&mut self, state: &State) -> Result<Option<[u64; 8]>, Cutoff> {
        if state.free == 0 {
            return Ok(Some(state.boards));
        }
        self.nodes += 1;
        if self.nodes > self.limit {
            return Err(Cutoff);
        }
        let Some(counts) = propagate(state) else {
            return Ok(None);
        };
        match QUEENS
            .into_iter()
            .find(|&queen| state.pairs_left[queen] > 0)
        {
            Some(queen) => self.branch_on_queen(state, &counts, queen),
            None => self.branch_on_square(state, &counts),
        }
    }

    /// Takes `queen`'s most constrained usable square and either pairs it with one of
    /// the queen's allowed partners or rules the queen out of it.
    fn branch_on_queen(
        &mut self,
        state: &State,
        counts: &Counts,
        queen: usize,
    ) -> Result<Option<[u64; 8]>, Cutoff> {
        let square = self.most_constrained(counts.usable[queen], &counts.options);
        if let Some(boards) = self.try_partners(state, queen, square)? {
            return Ok(Some(boards));
        }
        let mut without = *state;
        without.allowed[queen] &= !(1u64 << square);
        self.run(&without)
    }

    /// Covers the free square with the fewest options: the pieces that could take it
    /// tightest first, each with its partners in random order.
    fn branch_on_square(
        &mut self,
        state: &State,
        counts: &Counts,
    ) -> Result<Option<[u64; 8]>, Cutoff> {
        let square = self.most_constrained(state.free, &counts.options);
        // (room per pair left, random tie-break) and the piece, for each candidate.
        let mut pieces = [(0u32, 0usize); 8];
        let mut count = 0;
        for piece in 0..8 {
            if !state.is_open(piece) || counts.usable[piece] & 1 << square == 0 {
                continue;
            }
            let room = counts.usable[piece].count_ones() * 64 / u32::from(state.pairs_left[piece]);
            pieces[count] = (room << 8 | self.rng.random_range(0..256u32), piece);
            count += 1;
        }
        let pieces = &mut pieces[..count];
        pieces.sort_unstable();
        for &(_, piece) in pieces.iter() {
            if let Some(boards) = self.try_partners(state, piece, square)? {
                return Ok(Some(boards));
            }
        }
        Ok(None)
    }

    /// Pairs `square` for `piece` with each of its allowed partners in random order,
    /// searching on from each, until one leads to a setup.
    fn try_partners(
        &mut self,
        state: &State,
        piece: usize,
        square: usize,
    ) -> Result<Option<[u64; 8]>, Cutoff> {
        // A queen attacks at most 27 squares.
        let mut partners = [0u8; 27];
        let mut count = 0;
        let mut rest = ATTACKS[piece % 4][square] & state.allowed[piece];
        while rest != 0 {
            partners[count] = rest.trailing_zeros() as u8;
            count += 1;
            rest &= rest - 1;
        }
        // Draw each partner only when it is needed: most nodes need just one.
        while count > 0 {
            let pick = self.rng.random_range(0..count);
            let partner = partners[pick];
            count -= 1;
            partners[pick] = partners[count];
            let next = state.place(piece, square, usize::from(partner));
            if let Some(boards) = self.run(&next)? {
                return Ok(Some(boards));
            }
        }
        Ok(None)
    }

    /// The square of `candidates` (not empty) with the fewest options, ties broken by
    /// the run's square order.
    fn most_constrained(&self, candidates: u64, options: &[u8; 64]) -> usize {
        let mut best_key = u32::MAX;
        let mut best = 0;
        let mut rest = candidates;
        while rest != 0 {
            let square = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let key = u32::from(options[square]) << 8 | u32::from(self.priority[square]);
            if key < best_key {
                best_key = key;
                best = square;
            }
        }
        best
    }
}

/// Counts every free square's options and checks that every square can still be
/// covered and every piece still has room for its pairs; `None` if not.
fn propagate(state: &State) -> Option<Counts> {
    let mut counts = Counts {
        options: [0; 64],
        usable: [0; 8],
    };
    let mut covered = 0u64;
    for piece in 0..8 {
        if !state.is_open(piece) {
            continue;
        }
        let table = &ATTACKS[piece % 4];
        let allowed = state.allowed[piece];
        let mut usable = 0u64;
        let mut rest = allowed;
        while rest != 0 {
            let square = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let partners = (table[square] & allowed).count_ones();
            if partners != 0 {
                // At most 8 pieces times 27 partners in all: fits in a u8.
                counts.options[square] += partners as u8;
                usable |= 1 << square;
            }
        }
        if usable.count_ones() < 2 * u32::from(state.pairs_left[piece]) {
            return None;
        }
        counts.usable[piece] = usable;
        covered |= usable;
    }
    // A black twin skipped above covers the same squares as its white twin.
    (covered == state.free).then_some(counts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn luby_sequence_starts_as_published() {
        let terms: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(terms, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }
}
