//! The 8 symmetries of the board: 4 rotations, each with its mirror image.

use crate::{Piece, Setup, Square};
use std::fmt;

/// One of the 8 symmetries of the square board. Attack ranges map onto attack
/// ranges under each, so a valid setup stays valid.
///
/// Rotations turn the board clockwise as seen from White (rank 1 at the bottom).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// Leaves every square where it is.
    Identity,
    /// A quarter turn clockwise: a1 goes to a8.
    Rotate90,
    /// A half turn: a1 goes to h8.
    Rotate180,
    /// A quarter turn anticlockwise: a1 goes to h1.
    Rotate270,
    /// Files mirrored (a ↔ h), ranks kept.
    MirrorFiles,
    /// Ranks mirrored (1 ↔ 8), files kept.
    MirrorRanks,
    /// Mirrored in the a1–h8 diagonal: b1 goes to a2.
    MirrorDiagonal,
    /// Mirrored in the a8–h1 diagonal: a1 goes to h8, b1 to h7.
    MirrorAntiDiagonal,
}

impl Symmetry {
    /// All 8 symmetries, the identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::MirrorFiles,
        Symmetry::MirrorRanks,
        Symmetry::MirrorDiagonal,
        Symmetry::MirrorAntiDiagonal,
    ];

    /// A short lower-case name, e.g. `rotate-90`.
    pub const fn name(self) -> &'static str {
        match self {
            Symmetry::Identity => "identity",
            Symmetry::Rotate90 => "rotate-90",
            Symmetry::Rotate180 => "rotate-180",
            Symmetry::Rotate270 => "rotate-270",
            Symmetry::MirrorFiles => "mirror-files",
            Symmetry::MirrorRanks => "mirror-ranks",
            Symmetry::MirrorDiagonal => "mirror-diagonal",
            Symmetry::MirrorAntiDiagonal => "mirror-anti-diagonal",
        }
    }

    /// Where this symmetry moves `square`.
    pub fn map(self, square: Square) -> Square {
        let (f, r) = (square.file(), square.rank());
        let (file, rank) = match self {
            Symmetry::Identity => (f, r),
            Symmetry::Rotate90 => (r, 7 - f),
            Symmetry::Rotate180 => (7 - f, 7 - r),
            Symmetry::Rotate270 => (7 - r, f),
            Symmetry::MirrorFiles => (7 - f, r),
            Symmetry::MirrorRanks => (f, 7 - r),
            Symmetry::MirrorDiagonal => (r, f),
            Symmetry::MirrorAntiDiagonal => (7 - r, 7 - f),
        };
        Square::new(file, rank).expect("a symmetry keeps squares on the board")
    }

    /// The image of `setup`: the piece on `s` moves to `self.map(s)`.
    pub fn apply(self, setup: &Setup) -> Setup {
        let mut pieces = [Piece::ALL[0]; 64];
        for square in Square::all() {
            pieces[self.map(square).index()] = setup.piece_at(square);
        }
        Setup::from_pieces(pieces).expect("moving pieces around keeps every count")
    }
}

/// Writes [`Symmetry::name`].
impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Setup {
    /// The 8 images of this setup, in the order of [`Symmetry::ALL`] (the first is the
    /// setup itself). They are all valid when the setup is; images coincide only when
    /// the setup itself is symmetric.
    pub fn images(&self) -> [(Symmetry, Setup); 8] {
        Symmetry::ALL.map(|symmetry| (symmetry, symmetry.apply(self)))
    }
}
