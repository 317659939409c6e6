//! Piece sets: which shapes the census may use, how many of each, and
//! whether one piece of a level may be rotatable.
//!
//! A set is written as a comma-separated list in the level-description piece
//! syntax (see [`crate::Level`]): a short name (`h`, `v`, `H`, `V`, `Lnw`,
//! `Lne`, `Lsw`, `Lse`) or a picture such as `(##/#.)`. Every shape is a
//! *fixed* polyomino: `(##/#.)` and `(##/.#)` are two shapes.
//!
//! - A shape written alone may be used any number of times (*free*).
//! - A count in front caps it: `1(##/#.)` means "at most once", `3h` "at
//!   most three". (In a level description a count means "that many"; in a
//!   set it is the most a level may hold.)
//! - A last item `@` allows one piece of a level to be rotatable (the census
//!   still decides, per level, whether one becomes so).
//! - The names `triplex` and `blockpuzzle` stand for the two presets.
//!
//! Example: `h,v,1(###/#..),1(##/##),@`.

use crate::error::{ParseError, PieceSetError};
use crate::level::Cursor;
use crate::piece::{Piece, Transform};
use std::collections::BTreeSet;
use std::fmt;
use std::str::FromStr;

/// How many pieces of one shape a level may hold.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Limit {
    /// Any number.
    Free,
    /// At most this many (at least 1).
    AtMost(usize),
}

impl Limit {
    /// The cap in a rectangle of `area` cells for a shape of `size` cells:
    /// never more than fit.
    pub fn cap(self, area: usize, size: usize) -> usize {
        let fit = area / size.max(1);
        match self {
            Limit::Free => fit,
            Limit::AtMost(n) => n.min(fit),
        }
    }
}

/// The shapes a census may use, each with its [`Limit`], and whether one
/// piece of a level may be rotatable.
///
/// Shapes are kept in canonical [`Piece`] order, so a shape's index (the
/// index counts are kept under in a [`crate::tilings::Multiset`]) does not
/// depend on the order the set was written in.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct PieceSet {
    shapes: Vec<Piece>,
    limits: Vec<Limit>,
    rotatable: bool,
}

impl PieceSet {
    /// Builds a set from shapes and their limits. Errors on an empty set, a
    /// shape given twice or a limit of 0.
    pub fn new(shapes: Vec<(Piece, Limit)>, rotatable: bool) -> Result<PieceSet, PieceSetError> {
        if shapes.is_empty() {
            return Err(PieceSetError::Empty);
        }
        let mut shapes = shapes;
        shapes.sort_by(|a, b| a.0.cmp(&b.0));
        for pair in shapes.windows(2) {
            if pair[0].0 == pair[1].0 {
                return Err(PieceSetError::Duplicate {
                    piece: pair[0].0.to_string(),
                });
            }
        }
        if let Some((p, _)) = shapes.iter().find(|(_, l)| *l == Limit::AtMost(0)) {
            return Err(PieceSetError::ZeroLimit {
                piece: p.to_string(),
            });
        }
        let (shapes, limits) = shapes.into_iter().unzip();
        Ok(PieceSet {
            shapes,
            limits,
            rotatable,
        })
    }

    /// Triplex: the eight shapes of [`Piece::triplex_shapes`], each free, one
    /// piece of a level may be rotatable.
    pub fn triplex() -> PieceSet {
        let shapes = Piece::triplex_shapes();
        let limits = vec![Limit::Free; shapes.len()];
        PieceSet {
            shapes,
            limits,
            rotatable: true,
        }
    }

    /// BlockPuzzle: every fixed polyomino of 2 to 5 cells (2 + 6 + 19 + 63 =
    /// 90 shapes), each at most once, no rotatable piece.
    pub fn blockpuzzle() -> PieceSet {
        let shapes: Vec<Piece> = (2..=5).flat_map(fixed_polyominoes).collect();
        let mut shapes = shapes;
        shapes.sort();
        let limits = vec![Limit::AtMost(1); shapes.len()];
        PieceSet {
            shapes,
            limits,
            rotatable: false,
        }
    }

    /// The shapes, in canonical order.
    pub fn shapes(&self) -> &[Piece] {
        &self.shapes
    }

    /// The limit of each shape (same order as [`Self::shapes`]).
    pub fn limits(&self) -> &[Limit] {
        &self.limits
    }

    /// True when one piece of a level may be rotatable.
    pub fn rotatable(&self) -> bool {
        self.rotatable
    }

    /// Number of shapes.
    pub fn len(&self) -> usize {
        self.shapes.len()
    }

    /// Never true: a set has at least one shape.
    pub fn is_empty(&self) -> bool {
        self.shapes.is_empty()
    }

    /// Index of a shape in the set.
    pub fn index_of(&self, piece: &Piece) -> Option<usize> {
        self.shapes.binary_search(piece).ok()
    }

    /// The index of each shape's image under `t`, when `t` maps the set onto
    /// itself with the limits (a shape's image is in the set with the same
    /// limit); `None` otherwise.
    pub fn permutation(&self, t: Transform) -> Option<Vec<usize>> {
        self.shapes
            .iter()
            .enumerate()
            .map(|(s, shape)| {
                let image = self.index_of(&shape.transformed(t))?;
                (self.limits[image] == self.limits[s]).then_some(image)
            })
            .collect()
    }

    /// True when transposing (exchanging rows and columns) maps the set onto
    /// itself, so a W×H rectangle and an H×W one have the same levels up to
    /// transposition. Both presets are.
    pub fn transpose_closed(&self) -> bool {
        self.permutation(Transform::new(1, true)).is_some()
    }

    /// How the symmetries of a `width`×`height` rectangle permute the shapes
    /// (`perm[s]` is the index of the image of shape `s`), the identity
    /// first. Only the symmetries of the rectangle (8 for a square, 4
    /// otherwise) that also map the set onto itself are listed: those are
    /// the ones under which two levels count as one.
    pub fn symmetries(&self, width: usize, height: usize) -> Vec<Vec<usize>> {
        Transform::ALL
            .iter()
            .filter(|t| width == height || !t.swaps_axes())
            .filter_map(|&t| self.permutation(t))
            .collect()
    }

    /// [`Self::symmetries`] inverted: `inv[t]` is the shape whose image is
    /// `t` (what [`crate::tilings::Multiset::is_smallest_of_class`] takes).
    pub fn inverse_symmetries(&self, width: usize, height: usize) -> Vec<Vec<usize>> {
        self.symmetries(width, height)
            .into_iter()
            .map(|perm| {
                let mut inv = vec![0; perm.len()];
                for (s, &t) in perm.iter().enumerate() {
                    inv[t] = s;
                }
                inv
            })
            .collect()
    }

    /// The farthest any shape reaches, in columns, from its first cell in
    /// column-major order (0 for a shape one column wide).
    pub fn reach(&self) -> usize {
        self.shapes.iter().map(|p| p.width() - 1).max().unwrap_or(0)
    }
}

/// Every fixed polyomino with `cells` cells, grown cell by cell from a
/// monomino.
fn fixed_polyominoes(cells: usize) -> Vec<Piece> {
    let mut current: BTreeSet<Vec<(usize, usize)>> = BTreeSet::new();
    current.insert(vec![(0, 0)]);
    for _ in 1..cells {
        let mut next = BTreeSet::new();
        for shape in &current {
            for &(r, c) in shape {
                // Offset by one so a neighbour above or left stays unsigned.
                let moved: Vec<(usize, usize)> =
                    shape.iter().map(|&(a, b)| (a + 1, b + 1)).collect();
                let (r, c) = (r + 1, c + 1);
                for (nr, nc) in [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)] {
                    if moved.contains(&(nr, nc)) {
                        continue;
                    }
                    let mut grown = moved.clone();
                    grown.push((nr, nc));
                    let piece = Piece::new(&grown).expect("a grown polyomino is valid");
                    next.insert(piece.cells().collect::<Vec<_>>());
                }
            }
        }
        current = next;
    }
    current
        .into_iter()
        .map(|cells| Piece::new(&cells).expect("valid"))
        .collect()
}

impl fmt::Display for PieceSet {
    /// The set in the syntax [`FromStr`] reads (never a preset name).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (shape, limit)) in self.shapes.iter().zip(&self.limits).enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            if let Limit::AtMost(n) = limit {
                write!(f, "{n}")?;
            }
            write!(f, "{shape}")?;
        }
        if self.rotatable {
            f.write_str(",@")?;
        }
        Ok(())
    }
}

impl FromStr for PieceSet {
    type Err = PieceSetError;

    /// Reads a preset name or a list (see the module documentation).
    fn from_str(text: &str) -> Result<PieceSet, PieceSetError> {
        match text.trim() {
            "triplex" => return Ok(PieceSet::triplex()),
            "blockpuzzle" => return Ok(PieceSet::blockpuzzle()),
            _ => {}
        }
        let mut cur = Cursor { text, pos: 0 };
        let mut shapes = Vec::new();
        let mut rotatable = false;
        loop {
            if cur.peek() == Some('@') {
                cur.pos += 1;
                rotatable = true;
                if cur.peek().is_some() {
                    return Err(ParseError::new(cur.pos, "'@' must be the last item").into());
                }
                break;
            }
            let limit = if cur.peek().is_some_and(|c| c.is_ascii_digit()) {
                let at = cur.pos;
                match cur.number("a limit")? {
                    0 => return Err(ParseError::new(at, "a limit must be at least 1").into()),
                    n => Limit::AtMost(n),
                }
            } else {
                Limit::Free
            };
            shapes.push((cur.piece()?, limit));
            if !cur.item_separator()? {
                break;
            }
        }
        PieceSet::new(shapes, rotatable)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets() {
        let t = PieceSet::triplex();
        assert_eq!(t.len(), 8);
        assert!(t.rotatable() && t.transpose_closed());
        assert_eq!(t.to_string(), "h,v,H,Lnw,Lne,Lsw,V,Lse,@");
        assert_eq!(t.to_string().parse::<PieceSet>().unwrap(), t);
        let b = PieceSet::blockpuzzle();
        assert_eq!(b.len(), 90);
        assert!(!b.rotatable() && b.transpose_closed());
        assert_eq!(b.reach(), 4);
        assert_eq!(b.to_string().parse::<PieceSet>().unwrap(), b);
        assert_eq!(b.symmetries(4, 4).len(), 8);
    }

    #[test]
    fn parses_limits_and_rotation() {
        let s: PieceSet = "h,v,1(###/#..),2(##/##),@".parse().unwrap();
        assert_eq!(s.len(), 4);
        assert!(s.rotatable());
        let l = Piece::new(&[(0, 0), (0, 1), (0, 2), (1, 0)]).unwrap();
        assert_eq!(s.limits()[s.index_of(&l).unwrap()], Limit::AtMost(1));
        // Only the identity maps this set onto itself.
        assert_eq!(s.symmetries(4, 3).len(), 1);
        assert!(!s.transpose_closed());
    }

    #[test]
    fn rejects_bad_sets() {
        for (text, what) in [
            ("", "expected a piece"),
            ("h,h", "twice"),
            ("h,0v", "at least 1"),
            ("h,@,v", "last"),
            ("h;v", "unexpected ';'"),
            ("h,(#.#)", "connected"),
        ] {
            let e = text.parse::<PieceSet>().unwrap_err().to_string();
            assert!(e.contains(what), "{text}: {e}");
        }
    }
}
