//! The original "compromise" generator, kept exactly as the baseline.
//!
//! Kinds are placed in the order queens, knights, bishops, rooks (white before black
//! within a kind). For each of a piece's 4 pairs the first piece goes on a random free
//! square the piece may still use, the second on a random such square in the first's
//! attack range, and then the piece is forbidden on every square either attacks. A
//! dead end (no square for the first or the second piece) throws the whole board away
//! and starts over.

use super::{nth_set_bit, GenerateError};
use crate::{attacks, Color, Kind, Piece, Setup, Square};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The order pieces are placed in: queens, knights, bishops, rooks.
const PLACEMENT_ORDER: [Piece; 8] = [
    Piece::new(Kind::Queen, Color::White),
    Piece::new(Kind::Queen, Color::Black),
    Piece::new(Kind::Knight, Color::White),
    Piece::new(Kind::Knight, Color::Black),
    Piece::new(Kind::Bishop, Color::White),
    Piece::new(Kind::Bishop, Color::Black),
    Piece::new(Kind::Rook, Color::White),
    Piece::new(Kind::Rook, Color::Black),
];

/// Runs attempts until one fills the board; returns the setup and the number of
/// restarts, or an error once `budget` restarts have been spent.
pub(super) fn generate(seed: u64, budget: u64) -> Result<(Setup, u64), GenerateError> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut restarts = 0;
    loop {
        if let Some(boards) = attempt(&mut rng) {
            return Ok((Setup::from_bitboards(&boards), restarts));
        }
        if restarts == budget {
            return Err(GenerateError::RestartBudgetExhausted { budget });
        }
        restarts += 1;
    }
}

/// One greedy pass over the whole board: the per-piece bitboards, or `None` at the
/// first dead end.
fn attempt(rng: &mut ChaCha8Rng) -> Option<[u64; 8]> {
    let mut free = u64::MAX;
    let mut boards = [0u64; 8];
    for piece in PLACEMENT_ORDER {
        // Squares this piece may still use: not attacked by one already placed.
        let mut allowed = u64::MAX;
        for _pair in 0..Piece::COUNT_PER_SETUP / 2 {
            let first = pick(rng, free & allowed)?;
            let first_attacks = attacks(piece.kind, first);
            let second = pick(rng, free & allowed & first_attacks)?;
            let pair = first.bit() | second.bit();
            free &= !pair;
            boards[piece.index()] |= pair;
            allowed &= !(first_attacks | attacks(piece.kind, second));
        }
    }
    Some(boards)
}

/// A uniformly random square of `choices`, or `None` if it is empty.
fn pick(rng: &mut ChaCha8Rng, choices: u64) -> Option<Square> {
    if choices == 0 {
        return None;
    }
    let n = rng.random_range(0..choices.count_ones());
    Square::from_index(nth_set_bit(choices, n) as u8)
}
