//! Pieces: fixed-orientation polyominoes, their orientations and the Triplex set.

use crate::error::PieceError;
use std::fmt;

/// Largest number of cells one piece may have.
pub const MAX_PIECE_CELLS: usize = 16;

/// A polyomino in one fixed orientation.
///
/// Cells are `(row, col)` offsets normalised so that the smallest row and the
/// smallest column are both 0, kept sorted in row-major order. The ordering of
/// pieces (by size, then cells) is the canonical order of pieces in a level.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Piece {
    // Size first, so that the derived order sorts small pieces first.
    size: usize,
    cells: Vec<(u8, u8)>,
}

/// One of the 8 symmetries of a square: rotations by quarter turns, each
/// optionally followed by a mirror image.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Transform {
    /// Quarter turns clockwise, 0..4.
    pub quarter_turns: u8,
    /// Mirror left-right after turning.
    pub mirror: bool,
}

impl Transform {
    /// All 8 symmetries, the identity first.
    pub const ALL: [Transform; 8] = [
        Transform::new(0, false),
        Transform::new(1, false),
        Transform::new(2, false),
        Transform::new(3, false),
        Transform::new(0, true),
        Transform::new(1, true),
        Transform::new(2, true),
        Transform::new(3, true),
    ];

    /// A symmetry from quarter turns (taken modulo 4) and a mirror flag.
    pub const fn new(quarter_turns: u8, mirror: bool) -> Self {
        Transform {
            quarter_turns: quarter_turns % 4,
            mirror,
        }
    }

    /// True when the symmetry swaps the roles of width and height.
    pub fn swaps_axes(self) -> bool {
        self.quarter_turns % 2 == 1
    }

    /// Maps cell `(row, col)` of a `width`×`height` box to its image in the
    /// transformed box (which is `height`×`width` when [`Self::swaps_axes`]).
    pub fn apply(self, row: usize, col: usize, width: usize, height: usize) -> (usize, usize) {
        let (mut r, mut c, mut w, mut h) = (row, col, width, height);
        for _ in 0..self.quarter_turns {
            // A clockwise quarter turn: (r, c) in w×h goes to (c, h-1-r) in h×w.
            (r, c) = (c, h - 1 - r);
            (w, h) = (h, w);
        }
        if self.mirror {
            c = w - 1 - c;
        }
        (r, c)
    }
}

impl Piece {
    /// Builds a piece from cells in any order and position.
    ///
    /// The cells must be distinct, at most [`MAX_PIECE_CELLS`], and connected
    /// edge to edge.
    pub fn new(cells: &[(usize, usize)]) -> Result<Piece, PieceError> {
        if cells.is_empty() {
            return Err(PieceError::Empty);
        }
        if cells.len() > MAX_PIECE_CELLS {
            return Err(PieceError::TooLarge {
                cells: cells.len(),
                max: MAX_PIECE_CELLS,
            });
        }
        let min_r = cells.iter().map(|c| c.0).min().unwrap_or(0);
        let min_c = cells.iter().map(|c| c.1).min().unwrap_or(0);
        let mut norm: Vec<(u8, u8)> = Vec::with_capacity(cells.len());
        for &(r, c) in cells {
            let (r, c) = (r - min_r, c - min_c);
            if r >= MAX_PIECE_CELLS || c >= MAX_PIECE_CELLS {
                return Err(PieceError::NotConnected);
            }
            norm.push((r as u8, c as u8));
        }
        norm.sort_unstable();
        if norm.windows(2).any(|w| w[0] == w[1]) {
            return Err(PieceError::DuplicateCell);
        }
        let piece = Piece {
            size: norm.len(),
            cells: norm,
        };
        if !piece.is_connected() {
            return Err(PieceError::NotConnected);
        }
        Ok(piece)
    }

    /// The piece's cells as `(row, col)`, row-major, normalised to start at 0.
    pub fn cells(&self) -> impl ExactSizeIterator<Item = (usize, usize)> + '_ {
        self.cells.iter().map(|&(r, c)| (r as usize, c as usize))
    }

    /// Number of unit squares.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Width of the bounding box.
    pub fn width(&self) -> usize {
        self.cells.iter().map(|c| c.1 as usize).max().unwrap_or(0) + 1
    }

    /// Height of the bounding box.
    pub fn height(&self) -> usize {
        self.cells.iter().map(|c| c.0 as usize).max().unwrap_or(0) + 1
    }

    /// The image of this piece under a symmetry.
    pub fn transformed(&self, t: Transform) -> Piece {
        let (w, h) = (self.width(), self.height());
        let cells: Vec<(usize, usize)> = self.cells().map(|(r, c)| t.apply(r, c, w, h)).collect();
        Piece::new(&cells).expect("the image of a valid piece is valid")
    }

    /// Every distinct orientation (rotations and reflections), sorted, so the
    /// list is the same whichever orientation it is computed from.
    pub fn orientations(&self) -> Vec<Piece> {
        let mut all: Vec<Piece> = Transform::ALL
            .iter()
            .map(|&t| self.transformed(t))
            .collect();
        all.sort();
        all.dedup();
        all
    }

    /// The eight Triplex shapes in canonical order: the two dominoes, the
    /// straight tromino lying down, the four L-trominoes and the straight
    /// tromino standing up.
    pub fn triplex_shapes() -> Vec<Piece> {
        let mut shapes: Vec<Piece> = [
            Piece::new(&[(0, 0), (0, 1)]),
            Piece::new(&[(0, 0), (0, 1), (0, 2)]),
            Piece::new(&[(0, 0), (0, 1), (1, 0)]),
        ]
        .into_iter()
        .map(|p| p.expect("static shapes are valid"))
        .flat_map(|p| p.orientations())
        .collect();
        shapes.sort();
        shapes.dedup();
        shapes
    }

    /// The short name of a Triplex shape (`h`, `v`, `H`, `V`, `Lnw`, `Lne`,
    /// `Lsw`, `Lse`), or `None` for any other polyomino.
    ///
    /// Dominoes are `h`/`v`, straight trominoes `H`/`V` (horizontal,
    /// vertical); an L-tromino is named by the corner of its 2×2 box that holds
    /// its elbow, the cell touching both others.
    pub fn short_name(&self) -> Option<&'static str> {
        let cells: Vec<(u8, u8)> = self.cells.clone();
        Some(match cells.as_slice() {
            [(0, 0), (0, 1)] => "h",
            [(0, 0), (1, 0)] => "v",
            [(0, 0), (0, 1), (0, 2)] => "H",
            [(0, 0), (1, 0), (2, 0)] => "V",
            [(0, 0), (0, 1), (1, 0)] => "Lnw",
            [(0, 0), (0, 1), (1, 1)] => "Lne",
            [(0, 0), (1, 0), (1, 1)] => "Lsw",
            [(0, 1), (1, 0), (1, 1)] => "Lse",
            _ => return None,
        })
    }

    /// The piece with a given short name (see [`Self::short_name`]).
    pub fn from_short_name(name: &str) -> Option<Piece> {
        Piece::triplex_shapes()
            .into_iter()
            .find(|p| p.short_name() == Some(name))
    }

    /// The piece drawn as rows of `#` (cell) and `.` (gap) joined by `/`.
    pub fn picture(&self) -> String {
        let (w, h) = (self.width(), self.height());
        let mut rows = vec![vec!['.'; w]; h];
        for (r, c) in self.cells() {
            rows[r][c] = '#';
        }
        rows.into_iter()
            .map(|r| r.into_iter().collect::<String>())
            .collect::<Vec<_>>()
            .join("/")
    }

    fn is_connected(&self) -> bool {
        let mut seen = vec![false; self.cells.len()];
        let mut stack = vec![0usize];
        seen[0] = true;
        while let Some(i) = stack.pop() {
            let (r, c) = self.cells[i];
            for (j, &(r2, c2)) in self.cells.iter().enumerate() {
                if !seen[j] && r.abs_diff(r2) + c.abs_diff(c2) == 1 {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        seen.into_iter().all(|s| s)
    }
}

impl fmt::Display for Piece {
    /// The short name for a Triplex shape, otherwise the picture in brackets.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.short_name() {
            Some(name) => f.write_str(name),
            None => write!(f, "({})", self.picture()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn triplex_has_eight_named_shapes() {
        let shapes = Piece::triplex_shapes();
        let names: Vec<_> = shapes.iter().map(|p| p.short_name().unwrap()).collect();
        assert_eq!(names, ["h", "v", "H", "Lnw", "Lne", "Lsw", "V", "Lse"]);
    }

    #[test]
    fn orientation_counts() {
        let count = |cells: &[(usize, usize)]| Piece::new(cells).unwrap().orientations().len();
        assert_eq!(count(&[(0, 0)]), 1);
        assert_eq!(count(&[(0, 0), (0, 1)]), 2);
        assert_eq!(count(&[(0, 0), (0, 1), (1, 0)]), 4);
        assert_eq!(count(&[(0, 0), (0, 1), (1, 0), (1, 1)]), 1);
        // The F-pentomino is chiral and asymmetric: all 8 images differ.
        assert_eq!(count(&[(0, 1), (0, 2), (1, 0), (1, 1), (2, 1)]), 8);
    }

    #[test]
    fn transforms_compose_to_identity() {
        let p = Piece::new(&[(0, 1), (0, 2), (1, 0), (1, 1), (2, 1)]).unwrap();
        let turned = (0..4).fold(p.clone(), |q, _| q.transformed(Transform::new(1, false)));
        assert_eq!(turned, p);
        let twice = p
            .transformed(Transform::new(0, true))
            .transformed(Transform::new(0, true));
        assert_eq!(twice, p);
    }

    #[test]
    fn rejects_bad_cells() {
        assert!(matches!(Piece::new(&[]), Err(PieceError::Empty)));
        assert!(matches!(
            Piece::new(&[(0, 0), (0, 0)]),
            Err(PieceError::DuplicateCell)
        ));
        assert!(matches!(
            Piece::new(&[(0, 0), (1, 1)]),
            Err(PieceError::NotConnected)
        ));
    }
}
