//! The solver: how a setup's pieces pair off into partners.
//!
//! ChessMemory has no search to play: the player uncovers pieces two at a time,
//! and a partner pair (same kind and colour, each in the other's attack range on
//! an empty board) stays open. A setup's *solution* is therefore its pairing:
//! 32 partner pairs that use every square once. A valid setup (every piece with
//! exactly one partner, see [`validate`](crate::validate())) has exactly one
//! pairing, its partner pairs; an invalid one may have none, one or several,
//! which [`solve`] counts with a limit and a node budget like every gridforge
//! solver.

use crate::{attacks, Piece, Setup, Square};

/// One way to pair off every piece of a setup with a partner.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pairing {
    /// 32 pairs of squares, each pair's first square the lower in text order
    /// (a8 to h1), pairs in text order of their first square.
    pub pairs: Vec<(Square, Square)>,
}

/// What a pairing search cost.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SolveStats {
    /// Pairs tried.
    pub nodes: u64,
}

/// The pairings [`solve`] found and what the search cost.
pub type SolveOutcome = gridforge_game::SolveOutcome<Pairing, SolveStats>;

/// Why a pairing search stopped without an answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The node budget ran out before the search finished.
    #[error("the pairing search gave up after {budget} nodes (its budget)")]
    BudgetExceeded {
        /// The budget given.
        budget: u64,
    },
}

/// Finds up to `limit` pairings of `setup` (limit 2 proves that it has exactly
/// one), trying at most `budget` pairs. Always pairs the unpaired piece with the
/// fewest unpaired partners first, so a valid setup costs 32 nodes.
pub fn solve(setup: &Setup, limit: usize, budget: u64) -> Result<SolveOutcome, SolveError> {
    let boards = Piece::ALL.map(|piece| setup.squares_of(piece));
    let mut partners = [0u64; 64];
    for square in Square::all() {
        let piece = setup.piece_at(square);
        partners[square.index()] = attacks(piece.kind, square) & boards[piece.index()];
    }
    pairings(partners, limit, budget)
}

/// Up to `limit` pairings of the partner graph `partners` (bitboard of the
/// partners of each square index), within `budget` nodes.
fn pairings(partners: [u64; 64], limit: usize, budget: u64) -> Result<SolveOutcome, SolveError> {
    let mut search = Search {
        partners,
        limit,
        budget,
        stack: Vec::with_capacity(32),
        outcome: SolveOutcome {
            solutions: Vec::new(),
            limit,
            stats: SolveStats::default(),
        },
    };
    if limit > 0 {
        search.descend(u64::MAX)?;
    }
    Ok(search.outcome)
}

struct Search {
    /// Bitboard of the partners of the piece on each square (by square index).
    partners: [u64; 64],
    limit: usize,
    budget: u64,
    /// Pairs made so far, as square indices.
    stack: Vec<(usize, usize)>,
    outcome: SolveOutcome,
}

impl Search {
    /// Pairs off the pieces on the squares of `open`; true once `limit`
    /// pairings are found.
    fn descend(&mut self, open: u64) -> Result<bool, SolveError> {
        if open == 0 {
            self.outcome.solutions.push(self.pairing());
            return Ok(self.outcome.solutions.len() >= self.limit);
        }
        let mut rest = open;
        let mut best = (u32::MAX, 0usize);
        while rest != 0 {
            let index = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let choices = (self.partners[index] & open).count_ones();
            if choices < best.0 {
                best = (choices, index);
            }
        }
        let index = best.1;
        let mut choices = self.partners[index] & open;
        while choices != 0 {
            let partner = choices.trailing_zeros() as usize;
            choices &= choices - 1;
            self.outcome.stats.nodes += 1;
            if self.outcome.stats.nodes > self.budget {
                return Err(SolveError::BudgetExceeded {
                    budget: self.budget,
                });
            }
            self.stack.push((index, partner));
            let done = self.descend(open & !(1 << index) & !(1 << partner))?;
            self.stack.pop();
            if done {
                return Ok(true);
            }
        }
        Ok(false)
    }

    fn pairing(&self) -> Pairing {
        let square = |index: usize| Square::from_index(index as u8).expect("a board index");
        let mut pairs: Vec<(Square, Square)> = self
            .stack
            .iter()
            .map(|&(a, b)| {
                let (a, b) = (square(a), square(b));
                if a.text_position() <= b.text_position() {
                    (a, b)
                } else {
                    (b, a)
                }
            })
            .collect();
        pairs.sort_by_key(|(a, _)| a.text_position());
        Pairing { pairs }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Squares 0..4 form a cycle of partners (two pairings), the others pair
    /// off as 4–5, 6–7, … .
    fn cycle_and_pairs() -> [u64; 64] {
        let mut partners = [0u64; 64];
        for (a, b) in [(0, 1), (1, 2), (2, 3), (3, 0)] {
            partners[a] |= 1 << b;
            partners[b] |= 1 << a;
        }
        for a in (4..64).step_by(2) {
            partners[a] |= 1 << (a + 1);
            partners[a + 1] |= 1 << a;
        }
        partners
    }

    #[test]
    fn a_cycle_of_partners_pairs_off_two_ways() {
        let outcome = pairings(cycle_and_pairs(), 10, 1_000).unwrap();
        assert_eq!(outcome.solutions.len(), 2);
        assert_ne!(outcome.solutions[0], outcome.solutions[1]);
        let two = pairings(cycle_and_pairs(), 2, 1_000).unwrap();
        assert_eq!(two.uniqueness(), gridforge_game::Uniqueness::Several);
        let mut lonely = cycle_and_pairs();
        lonely[4] = 0;
        lonely[5] = 0;
        assert_eq!(
            pairings(lonely, 2, 1_000).unwrap().uniqueness(),
            gridforge_game::Uniqueness::None
        );
    }
}
