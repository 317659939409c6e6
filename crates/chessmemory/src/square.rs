//! Squares of the board.

use std::fmt;

/// A square of the board, `a1` to `h8`.
///
/// Its index (0 to 63) is `rank * 8 + file`, so `a1` is 0, `h1` is 7 and `h8` is 63;
/// bit `index` of a bitboard (`u64`) stands for this square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square on `file` (0 = a to 7 = h) and `rank` (0 = rank 1 to 7 = rank 8),
    /// or `None` off the board.
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < 8 && rank < 8 {
            Some(Square(rank * 8 + file))
        } else {
            None
        }
    }

    /// The square with this bitboard index, or `None` for 64 and above.
    pub const fn from_index(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square written at `position` (0 to 63) of a setup's text, which runs from
    /// rank 8 down to rank 1 and within a rank from file a to h; `None` past 63.
    pub const fn from_text_position(position: usize) -> Option<Square> {
        if position < 64 {
            Some(Square(((7 - position / 8) * 8 + position % 8) as u8))
        } else {
            None
        }
    }

    /// Where this square is written in a setup's text (0 to 63).
    pub const fn text_position(self) -> usize {
        (7 - self.rank() as usize) * 8 + self.file() as usize
    }

    /// The bitboard index, `rank * 8 + file`.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 0 (a) to 7 (h).
    pub const fn file(self) -> u8 {
        self.0 % 8
    }

    /// The rank, 0 (rank 1) to 7 (rank 8).
    pub const fn rank(self) -> u8 {
        self.0 / 8
    }

    /// The bitboard holding only this square.
    pub const fn bit(self) -> u64 {
        1 << self.0
    }

    /// Every square, a1 to h8 in index order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(Square)
    }
}

/// Shows the square in chess notation, e.g. `e4`.
impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_positions_run_from_a8_to_h1() {
        assert_eq!(Square::from_text_position(0).unwrap().to_string(), "a8");
        assert_eq!(Square::from_text_position(7).unwrap().to_string(), "h8");
        assert_eq!(Square::from_text_position(56).unwrap().to_string(), "a1");
        assert_eq!(Square::from_text_position(63).unwrap().to_string(), "h1");
        assert_eq!(Square::from_text_position(64), None);
        for square in Square::all() {
            assert_eq!(
                Square::from_text_position(square.text_position()),
                Some(square)
            );
        }
    }
}
