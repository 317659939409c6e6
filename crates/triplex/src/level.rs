//! Levels, their text description, solutions and the check of a placement.

use crate::error::{LevelError, ParseError, PlacementError};
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
    ///
    /// Placements may come in any order. Identical pieces are interchangeable,
    /// so which of them lies where does not matter.
    pub fn check_placements(&self, placements: &[Placement]) -> Result<(), PlacementError> {
        let count = self.pieces.len();
        let mut seen = vec![false; count];
        let mut owner = vec![usize::MAX; self.width * self.height];
        for p in placements {
            if p.piece >= count {
                return Err(PlacementError::UnknownPiece {
                    index: p.piece,
                    count,
                });
            }
            if std::mem::replace(&mut seen[p.piece], true) {
                return Err(PlacementError::PlacedTwice { index: p.piece });
            }
            if !self.allowed_shapes(p.piece).contains(&p.shape) {
                return Err(PlacementError::WrongShape { index: p.piece });
            }
            for (r, c) in p.shape.cells() {
                let (row, col) = (p.row.saturating_add(r), p.col.saturating_add(c));
                if row >= self.height || col >= self.width {
                    return Err(PlacementError::OutOfBounds { index: p.piece });
                }
                let cell = &mut owner[row * self.width + col];
                if *cell != usize::MAX {
                    return Err(PlacementError::Overlap { row, col });
                }
                *cell = p.piece;
            }
        }
        if let Some(index) = seen.iter().position(|s| !s) {
            return Err(PlacementError::Missing { index });
        }
        // Every piece placed without overlap and the areas match, so every
        // cell is covered.
        Ok(())
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
            match cur.peek() {
                Some(',') => cur.pos += 1,
                None => break,
                Some(c) => {
                    return Err(ParseError::new(
                        cur.pos,
                        format!("unexpected '{c}', expected ',' or the end"),
                    ))
                }
            }
        }
        Level::new(width, height, pieces, rotatable)
            .map_err(|e| ParseError::new(list_start, e.to_string()))
    }
}

/// A read position in a description.
struct Cursor<'a> {
    text: &'a str,
    pos: usize,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<char> {
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

    fn number(&mut self, what: &str) -> Result<usize, ParseError> {
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

    fn piece(&mut self) -> Result<Piece, ParseError> {
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
