//! Levels, their text description, solutions and the check of a placement.

use crate::error::{LevelError, ParseError, PieceError, PlacementError};
use crate::piece::Piece;
use std::fmt;
use std::str::FromStr;

/// Longest side of a level's rectangle.
pub const MAX_SIDE: usize = 64;
/// Largest area of a level's rectangle (the solver's widest bitboard).
pub const MAX_AREA: usize = 256;

/// A Triplex level: a `width`×`height` rectangle, the pieces to lay into it
/// and at most one piece the player may rotate and reflect.
///
/// Pieces are kept in canonical order (see [`Piece`]'s ordering; the rotatable
/// piece after its identical fixed siblings), so two levels with the same
/// pieces compare equal and have the same description.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Level {
    width: usize,
    height: usize,
    pieces: Vec<Piece>,
    rotatable: Option<usize>,
}

/// One piece laid on the board: which piece, in which orientation, where.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Placement {
    /// Index of the piece in [`Level::pieces`].
    pub piece: usize,
    /// The orientation it is laid in (the piece itself unless it is rotatable).
    pub shape: Piece,
    /// Row of the top edge of the shape's bounding box.
    pub row: usize,
    /// Column of the left edge of the shape's bounding box.
    pub col: usize,
}

impl Placement {
    /// The placement of piece `piece` that covers exactly `cells` (`(row, col)`
    /// on the board, in any order): its shape and the top-left corner of the
    /// shape's bounding box. Errors when the cells are not a piece.
    pub fn from_cells(piece: usize, cells: &[(usize, usize)]) -> Result<Placement, PieceError> {
        let shape = Piece::new(cells)?;
        let row = cells.iter().map(|c| c.0).min().unwrap_or(0);
        let col = cells.iter().map(|c| c.1).min().unwrap_or(0);
        Ok(Placement {
            piece,
            shape,
            row,
            col,
        })
    }
}

/// A solution: one placement per piece, in piece order.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Solution {
    /// `placements[k]` places piece `k`.
    pub placements: Vec<Placement>,
}

impl Level {
    /// Builds a level, checking that the pieces exactly cover the rectangle's
    /// area and each fits in it; the pieces are put in canonical order.
    pub fn new(
        width: usize,
        height: usize,
        pieces: Vec<Piece>,
        rotatable: Option<usize>,
    ) -> Result<Level, LevelError> {
        if width == 0
            || height == 0
            || width > MAX_SIDE
            || height > MAX_SIDE
            || width * height > MAX_AREA
        {
            return Err(LevelError::BadSize {
                width,
                height,
                max_side: MAX_SIDE,
                max_area: MAX_AREA,
            });
        }
        if pieces.is_empty() {
            return Err(LevelError::NoPieces);
        }
        if let Some(index) = rotatable {
            if index >= pieces.len() {
                return Err(LevelError::BadRotatable {
                    index,
                    count: pieces.len(),
                });
            }
        }
        let covered: usize = pieces.iter().map(Piece::size).sum();
        if covered != width * height {
            return Err(LevelError::AreaMismatch {
                pieces: covered,
                area: width * height,
            });
        }
        for (index, piece) in pieces.iter().enumerate() {
            let fits = |p: &Piece| p.width() <= width && p.height() <= height;
            let ok = if rotatable == Some(index) {
                piece.orientations().iter().any(fits)
            } else {
                fits(piece)
            };
            if !ok {
                return Err(LevelError::PieceTooBig {
                    index,
                    piece: piece.to_string(),
                });
            }
        }
        let mut keyed: Vec<(Piece, bool)> = pieces
            .into_iter()
            .enumerate()
            .map(|(i, p)| (p, rotatable == Some(i)))
            .collect();
        keyed.sort();
        let rotatable = keyed.iter().position(|(_, r)| *r);
        Ok(Level {
            width,
            height,
            pieces: keyed.into_iter().map(|(p, _)| p).collect(),
            rotatable,
        })
    }

    /// Width of the rectangle (columns).
    pub fn width(&self) -> usize {
        self.width
    }

    /// Height of the rectangle (rows).
    pub fn height(&self) -> usize {
        self.height
    }

    /// The pieces in canonical order, the rotatable one in the orientation it
    /// is shown in.
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// Index of the piece the player may rotate and reflect, if any.
    pub fn rotatable(&self) -> Option<usize> {
        self.rotatable
    }

    /// The shapes piece `index` may be laid in.
    pub fn allowed_shapes(&self, index: usize) -> Vec<Piece> {
        if self.rotatable == Some(index) {
            self.pieces[index].orientations()
        } else {
            vec![self.pieces[index].clone()]
        }
    }

    /// Checks a claimed solution: every piece placed exactly once, in a shape
    /// it may take, inside the rectangle, without overlap, covering every cell.
    /// Returns every violation, in the order the placements are read (pieces
    /// never placed last); the placements solve the level when it is empty.
    ///
    /// Placements may come in any order. Identical pieces are interchangeable,
    /// so which of them lies where does not matter. A placement of an unknown
    /// piece, of a piece placed before or in a shape it does not have is
    /// reported and its cells are not laid.
    pub fn check_placements(&self, placements: &[Placement]) -> Vec<PlacementError> {
        let count = self.pieces.len();
        let mut violations = Vec::new();
        let mut seen = vec![false; count];
        let mut covered = vec![false; self.width * self.height];
        for p in placements {
            if p.piece >= count {
                violations.push(PlacementError::UnknownPiece {
                    index: p.piece,
                    count,
                });
                continue;
            }
            if std::mem::replace(&mut seen[p.piece], true) {
                violations.push(PlacementError::PlacedTwice { index: p.piece });
                continue;
            }
            if !self.allowed_shapes(p.piece).contains(&p.shape) {
                violations.push(PlacementError::WrongShape { index: p.piece });
                continue;
            }
            let mut outside = false;
            for (r, c) in p.shape.cells() {
                let (row, col) = (p.row.saturating_add(r), p.col.saturating_add(c));
                if row >= self.height || col >= self.width {
                    if !std::mem::replace(&mut outside, true) {
                        violations.push(PlacementError::OutOfBounds { index: p.piece });
                    }
                    continue;
                }
                if std::mem::replace(&mut covered[row * self.width + col], true) {
                    violations.push(PlacementError::Overlap { row, col });
                }
            }
        }
        violations.extend(
            seen.iter()
                .enumerate()
                .filter(|(_, &placed)| !placed)
                .map(|(index, _)| PlacementError::Missing { index }),
        );
        // Every piece placed without overlap and the areas match, so every
        // cell is covered.
        violations
    }

    /// The solution drawn as `height` strings of `width` letters: piece `k` is
    /// `a`+k for k < 26, then `A`+(k−26), then further symbols.
    pub fn solution_grid(&self, solution: &Solution) -> Vec<String> {
        let mut grid = vec![vec!['?'; self.width]; self.height];
        for p in &solution.placements {
            for (r, c) in p.shape.cells() {
                if let Some(cell) = grid
                    .get_mut(p.row + r)
                    .and_then(|row| row.get_mut(p.col + c))
                {
                    *cell = piece_letter(p.piece);
                }
            }
        }
        grid.into_iter().map(|r| r.into_iter().collect()).collect()
    }
}

/// The letter that stands for piece `k` in a solution grid.
pub fn piece_letter(k: usize) -> char {
    const SYMBOLS: &[u8] =
        b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+*#%&=?!$<>^~";
    SYMBOLS.get(k).map(|&b| b as char).unwrap_or('.')
}

impl fmt::Display for Level {
    /// The level description: `WxH:` then the pieces in canonical order,
    /// comma-separated, a run of identical fixed pieces written once with its
    /// count in front, the rotatable piece followed by `@`.
    /// Example: `4x3:2h,v,Lnw,Lse@`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}:", self.width, self.height)?;
        let mut i = 0;
        let mut first = true;
        while i < self.pieces.len() {
            let piece = &self.pieces[i];
            let mut run = 1;
            if self.rotatable != Some(i) {
                while i + run < self.pieces.len()
                    && self.pieces[i + run] == *piece
                    && self.rotatable != Some(i + run)
                {
                    run += 1;
                }
            }
            if !first {
                f.write_str(",")?;
            }
            first = false;
            if run > 1 {
                write!(f, "{run}")?;
            }
            write!(f, "{piece}")?;
            if self.rotatable == Some(i) {
                f.write_str("@")?;
            }
            i += run;
        }
        Ok(())
    }
}

impl FromStr for Level {
    type Err = ParseError;

    /// Reads a level description (see [`Level`]'s `Display`). Pieces may come
    /// in any order; the level keeps them in canonical order.
    fn from_str(text: &str) -> Result<Level, ParseError> {
        let mut cur = Cursor { text, pos: 0 };
        let width = cur.number("the width")?;
        cur.expect('x', "an 'x' between width and height")?;
        let height = cur.number("the height")?;
        cur.expect(':', "a ':' after the size")?;
        let list_start = cur.pos;
        let mut pieces = Vec::new();
        let mut rotatable = None;
        loop {
            let item_start = cur.pos;
            let count = if cur.peek().is_some_and(|c| c.is_ascii_digit()) {
                cur.number("a piece count")?
            } else {
                1
            };
            if count == 0 || count > MAX_AREA {
                return Err(ParseError::new(
                    item_start,
                    format!("a piece count must be 1..={MAX_AREA}"),
                ));
            }
            let piece = cur.piece()?;
            if cur.peek() == Some('@') {
                if count != 1 {
                    return Err(ParseError::new(
                        item_start,
                        "a count cannot go with '@': only one piece is rotatable",
                    ));
                }
                if rotatable.is_some() {
                    return Err(ParseError::new(
                        cur.pos,
                        "a second '@': at most one piece is rotatable",
                    ));
                }
                cur.pos += 1;
                rotatable = Some(pieces.len());
            }
            pieces.extend(std::iter::repeat_n(piece, count));
            if !cur.item_separator()? {
                break;
            }
        }
        Level::new(width, height, pieces, rotatable)
            .map_err(|e| ParseError::new(list_start, e.to_string()))
    }
}

/// A read position in a description (also reads piece-set lists, see
/// [`crate::piece_set`]).
pub(crate) struct Cursor<'a> {
    pub(crate) text: &'a str,
    pub(crate) pos: usize,
}

impl Cursor<'_> {
    /// After a list item: consumes a ',' and says whether another item
    /// follows (false at the end); anything else is an error.
    pub(crate) fn item_separator(&mut self) -> Result<bool, ParseError> {
        match self.peek() {
            Some(',') => {
                self.pos += 1;
                Ok(true)
            }
            None => Ok(false),
            Some(c) => Err(ParseError::new(
                self.pos,
                format!("unexpected '{c}', expected ',' or the end"),
            )),
        }
    }

    pub(crate) fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    fn expect(&mut self, want: char, what: &str) -> Result<(), ParseError> {
        match self.peek() {
            Some(c) if c == want => {
                self.pos += 1;
                Ok(())
            }
            Some(c) => Err(ParseError::new(
                self.pos,
                format!("expected {what}, found '{c}'"),
            )),
            None => Err(ParseError::new(
                self.pos,
                format!("expected {what}, found the end"),
            )),
        }
    }

    pub(crate) fn number(&mut self, what: &str) -> Result<usize, ParseError> {
        let start = self.pos;
        let digits = self.text[start..]
            .bytes()
            .take_while(u8::is_ascii_digit)
            .count();
        if digits == 0 {
            return Err(ParseError::new(start, format!("expected {what}")));
        }
        self.pos += digits;
        self.text[start..self.pos]
            .parse::<usize>()
            .ok()
            .filter(|&n| n <= 1_000_000)
            .ok_or_else(|| ParseError::new(start, format!("{what} is too large")))
    }

    pub(crate) fn piece(&mut self) -> Result<Piece, ParseError> {
        let start = self.pos;
        let rest = &self.text[start..];
        if let Some(body) = rest.strip_prefix('(') {
            let Some(close) = body.find(')') else {
                return Err(ParseError::new(start, "a '(' piece picture is not closed"));
            };
            let picture = &body[..close];
            let mut cells = Vec::new();
            for (r, row) in picture.split('/').enumerate() {
                for (c, ch) in row.chars().enumerate() {
                    match ch {
                        '#' => cells.push((r, c)),
                        '.' => {}
                        other => {
                            return Err(ParseError::new(
                                start + 1,
                                format!(
                                "a piece picture may hold only '#', '.' and '/', found '{other}'"
                            ),
                            ))
                        }
                    }
                }
            }
            let piece = Piece::new(&cells).map_err(|e| ParseError::new(start, e.to_string()))?;
            self.pos += close + 2;
            return Ok(piece);
        }
        for name in ["Lnw", "Lne", "Lsw", "Lse", "h", "v", "H", "V"] {
            if rest.starts_with(name) {
                self.pos += name.len();
                return Ok(Piece::from_short_name(name).expect("names are the Triplex shapes"));
            }
        }
        let found: String = rest
            .chars()
            .take_while(|c| *c != ',' && *c != '@')
            .take(8)
            .collect();
        Err(ParseError::new(
            start,
            if found.is_empty() {
                "expected a piece (h, v, H, V, Lnw, Lne, Lsw, Lse or a picture like (##/#.))"
                    .to_string()
            } else {
                format!("unknown piece '{found}' (known: h, v, H, V, Lnw, Lne, Lsw, Lse or a picture like (##/#.))")
            },
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(piece: usize, shape: &str, row: usize, col: usize) -> Placement {
        Placement {
            piece,
            shape: Piece::from_short_name(shape).unwrap(),
            row,
            col,
        }
    }

    #[test]
    fn the_placement_check_reports_every_violation() {
        // Pieces in canonical order: 0 and 1 are `h`, 2 and 3 are `v`.
        let level: Level = "4x2:2h,2v".parse().unwrap();
        let placements = [
            at(0, "h", 0, 0),
            at(0, "h", 1, 0),
            at(2, "v", 0, 1),
            at(9, "h", 0, 0),
            at(3, "h", 1, 2),
        ];
        assert_eq!(
            level.check_placements(&placements),
            [
                PlacementError::PlacedTwice { index: 0 },
                PlacementError::Overlap { row: 0, col: 1 },
                PlacementError::UnknownPiece { index: 9, count: 4 },
                PlacementError::WrongShape { index: 3 },
                PlacementError::Missing { index: 1 },
            ]
        );
        assert_eq!(
            level.check_placements(&[at(3, "v", 1, 3)]),
            [
                PlacementError::OutOfBounds { index: 3 },
                PlacementError::Missing { index: 0 },
                PlacementError::Missing { index: 1 },
                PlacementError::Missing { index: 2 },
            ]
        );
        let solved = [
            at(0, "h", 0, 0),
            at(1, "h", 1, 0),
            at(2, "v", 0, 2),
            at(3, "v", 0, 3),
        ];
        assert_eq!(level.check_placements(&solved), []);
    }

    #[test]
    fn placements_from_cells() {
        let p = Placement::from_cells(2, &[(3, 5), (2, 5), (2, 4)]).unwrap();
        assert_eq!((p.piece, p.row, p.col), (2, 2, 4));
        assert_eq!(p.shape, Piece::from_short_name("Lne").unwrap());
        assert_eq!(
            Placement::from_cells(0, &[(0, 0), (5, 5)]),
            Err(PieceError::NotConnected)
        );
    }

    #[test]
    fn description_round_trips_and_is_canonical() {
        let level: Level = "4x3:Lse@,v,h,h,Lnw".parse().unwrap();
        assert_eq!(level.to_string(), "4x3:2h,v,Lnw,Lse@");
        let again: Level = level.to_string().parse().unwrap();
        assert_eq!(again, level);
        assert_eq!(again.to_string(), level.to_string());
    }

    #[test]
    fn pictures_for_other_polyominoes() {
        let level: Level = "5x1:(#####)".parse().unwrap();
        assert_eq!(level.to_string(), "5x1:(#####)");
        let level: Level = "3x3:(###/#../#..),(##/##)@".parse().unwrap();
        assert_eq!(level.to_string(), "3x3:(##/##)@,(###/#../#..)");
    }

    #[test]
    fn rotatable_sibling_is_kept_apart() {
        let level: Level = "4x2:h,h@,h,h".parse().unwrap();
        assert_eq!(level.to_string(), "4x2:3h,h@");
        assert_eq!(level.rotatable(), Some(3));
    }
}
