//! The rule check: every piece needs exactly one partner.

use crate::{attacks, Piece, Setup, Square};
use std::fmt;

/// A piece that breaks the rule: it has no partner, or more than one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Violation {
    /// Where the piece stands.
    pub square: Square,
    /// The piece.
    pub piece: Piece,
    /// How many pieces of its kind and colour it attacks (never 1).
    pub partners: u32,
}

/// Writes e.g. `e4: white queen (Q) has 2 partners, needs exactly 1`.
impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let partners = match self.partners {
            0 => "no partner".to_string(),
            1 => "1 partner".to_string(),
            n => format!("{n} partners"),
        };
        write!(
            f,
            "{}: {} ({}) has {partners}, needs exactly 1",
            self.square,
            self.piece,
            self.piece.letter()
        )
    }
}

/// Every piece of `setup` that does not have exactly one partner (a piece of the
/// same kind and colour in its attack range on an empty board), in text order
/// (a8 to h1). The setup is valid when the list is empty.
pub fn validate(setup: &Setup) -> Vec<Violation> {
    let boards = Piece::ALL.map(|piece| setup.squares_of(piece));
    (0..64)
        .filter_map(Square::from_text_position)
        .filter_map(|square| {
            let piece = setup.piece_at(square);
            let partners = (attacks(piece.kind, square) & boards[piece.index()]).count_ones();
            (partners != 1).then_some(Violation {
                square,
                piece,
                partners,
            })
        })
        .collect()
}
