//! The setup: which piece stands on each square, and its 64-character text.

use crate::{Piece, Square};
use std::fmt;
use std::str::FromStr;

/// A full board: one piece on each of the 64 squares, 8 of each [`Piece`].
///
/// Its text is 64 letters (`Q N B R` white, `q n b r` black), ranks 8 down to 1 and
/// files a to h within a rank, as in FEN but without digits or slashes because the
/// board is full. `Display` writes that text and `FromStr` reads it back exactly.
/// A `Setup` always holds 8 of each piece; whether the pieces are paired correctly
/// is [`validate`](crate::validate)'s business.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Setup {
    /// Indexed by [`Square::index`].
    pieces: [Piece; 64],
}

/// Why a text is not a setup.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ParseSetupError {
    /// The text does not have exactly 64 characters.
    #[error("a setup has 64 characters (one per square), this one has {found}")]
    WrongLength {
        /// How many characters the text has.
        found: usize,
    },
    /// A character is not one of `QNBRqnbr`.
    #[error("{character:?} at {square} is not a piece (expected one of QNBRqnbr)")]
    BadCharacter {
        /// The offending character.
        character: char,
        /// The square it stands for.
        square: Square,
    },
    /// Some piece does not appear exactly 8 times (the first such piece, in the order
    /// `Q N B R q n b r`).
    #[error("a setup has 8 of each piece, this one has {found} of {letter} ({piece})", letter = piece.letter())]
    WrongCount {
        /// The piece whose count is off.
        piece: Piece,
        /// How many of it the text has.
        found: usize,
    },
}

impl Setup {
    /// The setup with these pieces (indexed by [`Square::index`]), or the first
    /// piece whose count is not 8.
    pub fn from_pieces(pieces: [Piece; 64]) -> Result<Setup, ParseSetupError> {
        let mut counts = [0usize; 8];
        for piece in pieces {
            counts[piece.index()] += 1;
        }
        for piece in Piece::ALL {
            let found = counts[piece.index()];
            if found != Piece::COUNT_PER_SETUP {
                return Err(ParseSetupError::WrongCount { piece, found });
            }
        }
        Ok(Setup { pieces })
    }

    /// Builds a setup from per-piece bitboards that the caller knows partition the
    /// board 8 squares each (the generators' output).
    pub(crate) fn from_bitboards(boards: &[u64; 8]) -> Setup {
        debug_assert_eq!(boards.iter().fold(0, |all, b| all | b), u64::MAX);
        debug_assert!(boards.iter().all(|b| b.count_ones() == 8));
        let mut pieces = [Piece::ALL[0]; 64];
        for piece in Piece::ALL {
            let mut board = boards[piece.index()];
            while board != 0 {
                pieces[board.trailing_zeros() as usize] = piece;
                board &= board - 1;
            }
        }
        Setup { pieces }
    }

    /// The piece on `square`.
    pub fn piece_at(&self, square: Square) -> Piece {
        self.pieces[square.index()]
    }

    /// The squares holding `piece`, as a bitboard.
    pub fn squares_of(&self, piece: Piece) -> u64 {
        self.pieces
            .iter()
            .enumerate()
            .filter(|(_, p)| **p == piece)
            .fold(0, |board, (index, _)| board | 1 << index)
    }
}

/// Writes the 64-letter text, rank 8 first.
impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write;
        for position in 0..64 {
            let square = Square::from_text_position(position).expect("0..64 is on the board");
            f.write_char(self.piece_at(square).letter())?;
        }
        Ok(())
    }
}

/// Reads the 64-letter text exactly as [`Display`](fmt::Display) writes it (no
/// surrounding whitespace).
impl FromStr for Setup {
    type Err = ParseSetupError;

    fn from_str(text: &str) -> Result<Setup, ParseSetupError> {
        let found = text.chars().count();
        if found != 64 {
            return Err(ParseSetupError::WrongLength { found });
        }
        let mut pieces = [Piece::ALL[0]; 64];
        for (position, character) in text.chars().enumerate() {
            let square = Square::from_text_position(position).expect("length checked above");
            pieces[square.index()] = Piece::from_letter(character)
                .ok_or(ParseSetupError::BadCharacter { character, square })?;
        }
        Setup::from_pieces(pieces)
    }
}
