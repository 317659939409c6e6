//! What the game commands and the book commands both use to make puzzles:
//! the generators' batch sizes and a ChessMemory setup's partner pairs. It
//! imports neither, so `book` and the per-game commands do not import each
//! other in a circle (the games take `book`'s arguments; `book` takes these).

use crate::cli;
use gridforge_chessmemory::{attacks, validate, Setup, Square};

/// Kakuro puzzles generated per parallel batch, between progress updates
/// and output.
pub const KAKURO_BATCH: u64 = 16;

/// ChessMemory setups generated per parallel batch, between progress updates
/// and output.
pub const CHESS_BATCH: u64 = 512;

/// The partner of the piece on each square: the one square holding the same piece
/// inside its attack range, or an error naming how many pieces lack exactly one.
pub fn partner_pairs(setup: &Setup) -> anyhow::Result<Vec<(Square, Square)>> {
    let violations = validate(setup);
    if !violations.is_empty() {
        // No pairing, as a puzzle without one solution: exit 1.
        return Err(cli::NotOneSolution(format!(
            "the setup is not valid: {} pieces do not have exactly one partner \
             (see `gridforge chess check`)",
            violations.len()
        ))
        .into());
    }
    let mut pairs = Vec::with_capacity(32);
    // In the order of the setup's text, each pair once, by its first square.
    for position in 0..64 {
        let square = Square::from_text_position(position).expect("0..64 is on the board");
        let piece = setup.piece_at(square);
        let partners = attacks(piece.kind, square) & setup.squares_of(piece);
        let partner = Square::from_index(partners.trailing_zeros() as u8)
            .expect("a valid setup gives every piece one partner");
        if partner.text_position() > position {
            pairs.push((square, partner));
        }
    }
    Ok(pairs)
}
