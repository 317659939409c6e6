//! Pieces: a kind and a colour.

use std::fmt;

/// The four kinds of piece on a ChessMemory board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// Moves along ranks, files and diagonals.
    Queen,
    /// Jumps one square straight and one diagonally.
    Knight,
    /// Moves along diagonals.
    Bishop,
    /// Moves along ranks and files.
    Rook,
}

impl Kind {
    /// Every kind, in the order the restart generator places them.
    pub const ALL: [Kind; 4] = [Kind::Queen, Kind::Knight, Kind::Bishop, Kind::Rook];

    /// The kind's position in [`Kind::ALL`] (0 to 3).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The kind's English name in lower case, e.g. `"queen"`.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Queen => "queen",
            Kind::Knight => "knight",
            Kind::Bishop => "bishop",
            Kind::Rook => "rook",
        }
    }
}

/// The two colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Written with capital letters in a setup.
    White,
    /// Written with small letters in a setup.
    Black,
}

impl Color {
    /// The colour's English name in lower case.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

/// A piece: a kind in a colour. Partners must agree in both.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece {
    /// What the piece is.
    pub kind: Kind,
    /// Whose piece it is.
    pub color: Color,
}

impl Piece {
    /// The eight pieces, white `Q N B R` then black `q n b r`; a piece's position here
    /// is its [`Piece::index`].
    pub const ALL: [Piece; 8] = [
        Piece::new(Kind::Queen, Color::White),
        Piece::new(Kind::Knight, Color::White),
        Piece::new(Kind::Bishop, Color::White),
        Piece::new(Kind::Rook, Color::White),
        Piece::new(Kind::Queen, Color::Black),
        Piece::new(Kind::Knight, Color::Black),
        Piece::new(Kind::Bishop, Color::Black),
        Piece::new(Kind::Rook, Color::Black),
    ];

    /// How many of each piece a setup holds (so 4 partner pairs).
    pub const COUNT_PER_SETUP: usize = 8;

    /// The piece of this kind and colour.
    pub const fn new(kind: Kind, color: Color) -> Piece {
        Piece { kind, color }
    }

    /// The piece's position in [`Piece::ALL`] (0 to 7).
    pub const fn index(self) -> usize {
        self.kind.index()
            + match self.color {
                Color::White => 0,
                Color::Black => 4,
            }
    }

    /// The piece's letter in a setup: `Q N B R` white, `q n b r` black.
    pub const fn letter(self) -> char {
        let upper = match self.kind {
            Kind::Queen => 'Q',
            Kind::Knight => 'N',
            Kind::Bishop => 'B',
            Kind::Rook => 'R',
        };
        match self.color {
            Color::White => upper,
            Color::Black => upper.to_ascii_lowercase(),
        }
    }

    /// The piece a setup letter stands for, or `None` for any other character.
    pub const fn from_letter(letter: char) -> Option<Piece> {
        let color = if letter.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let kind = match letter.to_ascii_uppercase() {
            'Q' => Kind::Queen,
            'N' => Kind::Knight,
            'B' => Kind::Bishop,
            'R' => Kind::Rook,
            _ => return None,
        };
        Some(Piece::new(kind, color))
    }
}

/// Shows the piece as words, e.g. `white queen`.
impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.color.name(), self.kind.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_round_trip_and_indices_match_all() {
        for (i, piece) in Piece::ALL.into_iter().enumerate() {
            assert_eq!(piece.index(), i);
            assert_eq!(Piece::from_letter(piece.letter()), Some(piece));
        }
        assert_eq!(Piece::from_letter('k'), None);
        assert_eq!(Piece::from_letter('1'), None);
    }
}
