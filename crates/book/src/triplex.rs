//! Triplex (and BlockPuzzle) books: each level's empty rectangle with its
//! pieces laid out under it (the rotatable piece marked with a ring, as in
//! the game), several a page, each captioned with its named [`grade`], then
//! the solutions: the rectangle with every piece's outline.

use crate::layout::{self, BoardSpec, Book, FrontMatter, Mark, Page, SectionSpec};
use crate::{BookError, Sheet};
use gridforge_triplex::Level;
use std::collections::HashSet;

/// One level of a book.
#[derive(Clone, Debug)]
pub struct TriplexLevel {
    /// Its number (the pack's level number, or its place in the input).
    pub number: usize,
    /// The level.
    pub level: Level,
    /// The solver's node count, captioned as its [`grade`] and the count
    /// as the game's level list shows it ([`compact_count`]).
    pub difficulty: u64,
    /// The solution: `height` strings of `width` letters, one letter a piece
    /// ([`Level::solution_grid`]).
    pub solution: Vec<String>,
}

/// Grey of a piece's cells.
const PIECE_GREY: u8 = 215;
/// The named grade of a level from its solver node count, the one rule for
/// Triplex and BlockPuzzle: under 10 thousand steps `easy`, under 100
/// thousand `medium`, under a million `hard`, from a million `expert`
/// (the game pack's levels fall about 20 %, 35 %, 35 % and 10 % in them;
/// BlockPuzzle's all under a thousand, `easy`).
pub fn grade(nodes: u64) -> &'static str {
    match nodes {
        0..10_000 => "easy",
        10_000..100_000 => "medium",
        100_000..1_000_000 => "hard",
        _ => "expert",
    }
}

/// A node count in a few characters, as the game's level list shows it
/// (`Intl.NumberFormat("en", {notation: "compact", maximumFractionDigits:
/// 1})` in web/js/triplex-list.js): 950, 1.2K, 34K, 7.9M.
pub fn compact_count(nodes: u64) -> String {
    const UNITS: [(f64, &str); 4] = [(1e12, "T"), (1e9, "B"), (1e6, "M"), (1e3, "K")];
    let value = nodes as f64;
    let tenths = |scale: f64| (value / scale * 10.0).round() / 10.0;
    // The unit of the count's magnitude; a value that rounds up to 1000 of
    // it moves to the next larger unit.
    let Some(i) = UNITS.iter().position(|&(scale, _)| value >= scale) else {
        return nodes.to_string();
    };
    let (mut v, mut unit) = (tenths(UNITS[i].0), UNITS[i].1);
    if v >= 1000.0 && i > 0 {
        (v, unit) = (tenths(UNITS[i - 1].0), UNITS[i - 1].1);
    }
    if v.fract() == 0.0 {
        format!("{v:.0}{unit}")
    } else {
        format!("{v:.1}{unit}")
    }
}

/// The tray of pieces under a rectangle is at least this many cells wide.
const MIN_TRAY: usize = 8;

/// Where each piece goes in the tray under a level's rectangle, in cells
/// from the tray's top-left (`(piece, row, col)`), and the width of the
/// drawing and the tray's height.
type Tray = (Vec<(usize, usize, usize)>, usize, usize);

/// The tray of `level`: pieces left to right with a cell between them, a
/// new row when the next would pass the tray's width.
fn tray(level: &Level) -> Tray {
    // A level of many pieces gets a wider tray, so that the drawing stays
    // about as wide as it is tall instead of a tall column that leaves a
    // page's bottom blank: the tray is as wide as the square holding the
    // pieces' boxes (with their gaps) would be, and a third more.
    let area: usize = level
        .pieces()
        .iter()
        .map(|p| (p.width() + 1) * (p.height() + 1))
        .sum();
    let square = (area as f64).sqrt() * 4.0 / 3.0;
    let width = level.width().max(MIN_TRAY).max(square.ceil() as usize);
    let (mut row, mut col, mut row_height, mut used) = (0, 0, 0, 0);
    let mut places = Vec::new();
    for (k, piece) in level.pieces().iter().enumerate() {
        if col > 0 && col + piece.width() > width {
            row += row_height + 1;
            col = 0;
            row_height = 0;
        }
        places.push((k, row, col));
        used = used.max(col + piece.width());
        col += piece.width() + 1;
        row_height = row_height.max(piece.height());
    }
    (places, used.max(level.width()), row + row_height)
}

/// The levels' section: captions of 10 pt, cells of 12 to 24 pt.
pub fn level_spec(per_page: Option<usize>) -> SectionSpec {
    SectionSpec {
        name: "Levels".into(),
        heading: String::new(),
        caption_size: 10.0,
        min_pitch: 12.0,
        max_pitch: 24.0,
        min_text: 10.0,
        per_page,
    }
}

/// The solutions' section: captions of 7 pt, cells of 8 to 14 pt.
pub fn solution_spec() -> SectionSpec {
    SectionSpec {
        name: "Solutions".into(),
        heading: "Solutions".into(),
        caption_size: 7.0,
        min_pitch: 8.0,
        max_pitch: 14.0,
        min_text: 7.0,
        per_page: None,
    }
}

fn level_board(level: &TriplexLevel, tray: &Tray) -> BoardSpec {
    let l = &level.level;
    BoardSpec {
        cols: tray.1 as f32,
        rows: (l.height() + 1 + tray.2) as f32,
        caption: format!(
            "No. {} · {}×{} · {} · {} steps",
            level.number,
            l.width(),
            l.height(),
            grade(level.difficulty),
            compact_count(level.difficulty)
        ),
        outline: format!("No. {} · {}", level.number, grade(level.difficulty)),
    }
}

fn solution_board(level: &TriplexLevel) -> BoardSpec {
    BoardSpec {
        cols: level.level.width() as f32,
        rows: level.level.height() as f32,
        caption: format!("No. {}", level.number),
        outline: format!("No. {}", level.number),
    }
}

/// Refuses levels whose solution is not a grid of their size.
fn check(levels: &[TriplexLevel]) -> Result<(), BookError> {
    for l in levels {
        let ok = l.solution.len() == l.level.height()
            && l.solution
                .iter()
                .all(|row| row.chars().count() == l.level.width());
        if !ok {
            return Err(BookError::Mismatch {
                number: l.number,
                what: format!(
                    "the solution is not {}×{}",
                    l.level.width(),
                    l.level.height()
                ),
            });
        }
    }
    Ok(())
}

/// Lays out a Triplex book: the front matter, the levels (`per_page` a
/// page, or as many as fit), the solutions.
pub fn book(
    sheet: Sheet,
    front: &FrontMatter,
    levels: &[TriplexLevel],
    per_page: Option<usize>,
) -> Result<Book, BookError> {
    if levels.is_empty() {
        return Err(BookError::Empty);
    }
    check(levels)?;
    let trays: Vec<Tray> = levels.iter().map(|l| tray(&l.level)).collect();
    let boards: Vec<BoardSpec> = levels
        .iter()
        .zip(&trays)
        .map(|(l, t)| level_board(l, t))
        .collect();
    let level_pages =
        layout::section(sheet, &level_spec(per_page), &boards, |i, x, y, p, page| {
            draw_level(page, x, y, p, &levels[i], &trays[i])
        })?;
    let boards: Vec<BoardSpec> = levels.iter().map(solution_board).collect();
    let solution_pages = layout::section(sheet, &solution_spec(), &boards, |i, x, y, p, page| {
        draw_solution(page, x, y, p, &levels[i])
    })?;
    let mut front = front.clone();
    front.lines.push(
        "Lay every piece into the rectangle; the ringed piece may be turned and flipped.".into(),
    );
    layout::assemble(sheet, &front, vec![level_pages, solution_pages])
}

/// One level and its solution drawn alone, as in the book.
pub fn single(level: &TriplexLevel) -> Result<[(Page, f32, f32); 2], BookError> {
    check(std::slice::from_ref(level))?;
    let tray = tray(&level.level);
    let (spec, solution) = (level_spec(None), solution_spec());
    Ok([
        layout::single(
            &level_board(level, &tray),
            &spec,
            spec.max_pitch,
            6.0,
            |x, y, p, page| draw_level(page, x, y, p, level, &tray),
        ),
        layout::single(
            &solution_board(level),
            &solution,
            solution.max_pitch,
            6.0,
            |x, y, p, page| draw_solution(page, x, y, p, level),
        ),
    ])
}

/// Draws a level with its top-left corner at `(x0, y0)`: the empty
/// rectangle, and its pieces in their tray under it.
fn draw_level(page: &mut Page, x0: f32, y0: f32, p: f32, level: &TriplexLevel, tray: &Tray) {
    let l = &level.level;
    let (places, _, _) = tray;
    // The empty rectangle: one region, thin lines between its cells.
    let empty = vec![vec![1; l.width()]; l.height()];
    outline(page, x0, y0, p, &empty, None, false);
    page.marks.push(Mark::Rect {
        x: x0,
        y: y0,
        w: l.width() as f32 * p,
        h: l.height() as f32 * p,
        fill: None,
        stroke: Some((p * 0.1).max(1.2)),
    });
    let tray_y = y0 + (l.height() + 1) as f32 * p;
    for &(k, row, col) in places {
        let piece = &l.pieces()[k];
        let cells: HashSet<(usize, usize)> = piece.cells().collect();
        let grid: Vec<Vec<usize>> = (0..piece.height())
            .map(|r| {
                (0..piece.width())
                    .map(|c| usize::from(cells.contains(&(r, c))))
                    .collect()
            })
            .collect();
        let (px, py) = (x0 + col as f32 * p, tray_y + row as f32 * p);
        outline(page, px, py, p, &grid, Some(PIECE_GREY), true);
        if l.rotatable() == Some(k) {
            if let Some((r, c)) = piece.cells().next() {
                page.marks.push(Mark::Circle {
                    cx: px + (c as f32 + 0.5) * p,
                    cy: py + (r as f32 + 0.5) * p,
                    r: p * 0.3,
                    width: (p * 0.08).max(1.0),
                });
            }
        }
    }
}

/// Draws a solution with its top-left corner at `(x0, y0)`: the rectangle
/// with every piece's outline.
fn draw_solution(page: &mut Page, x0: f32, y0: f32, p: f32, level: &TriplexLevel) {
    let grid: Vec<Vec<usize>> = level
        .solution
        .iter()
        .map(|row| row.chars().map(|ch| ch as usize + 1).collect())
        .collect();
    outline(page, x0, y0, p, &grid, None, false);
}

/// Draws a grid of regions (`grid[r][c]`, 0 for no cell when `skip_zero`):
/// each cell filled with `fill`, a thin line between cells of one region and
/// a thick one between regions and around the outside.
fn outline(
    page: &mut Page,
    x0: f32,
    y0: f32,
    p: f32,
    grid: &[Vec<usize>],
    fill: Option<u8>,
    skip_zero: bool,
) {
    let thin = (p * 0.03).max(0.4);
    let thick = (p * 0.1).max(1.2);
    let at = |r: isize, c: isize| -> Option<usize> {
        let v = *grid
            .get(usize::try_from(r).ok()?)?
            .get(usize::try_from(c).ok()?)?;
        (!(skip_zero && v == 0)).then_some(v)
    };
    for (r, row) in grid.iter().enumerate() {
        for (c, _) in row.iter().enumerate() {
            let (ri, ci) = (r as isize, c as isize);
            let Some(here) = at(ri, ci) else { continue };
            let (x, y) = (x0 + c as f32 * p, y0 + r as f32 * p);
            if fill.is_some() {
                page.marks.push(Mark::Rect {
                    x,
                    y,
                    w: p,
                    h: p,
                    fill,
                    stroke: None,
                });
            }
            // Each cell draws its top and left edges, and its bottom and
            // right ones where no cell follows.
            let edges = [
                ((x, y), (x + p, y), at(ri - 1, ci), true),
                ((x, y), (x, y + p), at(ri, ci - 1), true),
                ((x, y + p), (x + p, y + p), at(ri + 1, ci), false),
                ((x + p, y), (x + p, y + p), at(ri, ci + 1), false),
            ];
            for (from, to, other, own) in edges {
                let width = match other {
                    Some(v) if v == here => thin,
                    Some(_) => thick,
                    None => thick,
                };
                if own || other.is_none() {
                    page.marks.push(Mark::Line { from, to, width });
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_read_as_the_game_shows_them_and_grades_follow_them() {
        for (nodes, shown) in [
            (16, "16"),
            (950, "950"),
            (1_000, "1K"),
            (1_234, "1.2K"),
            (15_280, "15.3K"),
            (34_000, "34K"),
            (999_999, "1M"),
            (999_499, "999.5K"),
            (7_913_636, "7.9M"),
            (48_266_629, "48.3M"),
        ] {
            assert_eq!(compact_count(nodes), shown, "{nodes}");
        }
        assert_eq!(grade(9_999), "easy");
        assert_eq!(grade(10_000), "medium");
        assert_eq!(grade(396_318), "hard");
        assert_eq!(grade(7_913_636), "expert");
    }

    /// The pack's largest levels (many pieces) are drawn about as wide as
    /// tall, so four fit an A4 page and its bottom is not left blank.
    #[test]
    fn a_level_of_many_pieces_gets_a_wide_tray() {
        let pack = gridforge_triplex::Family::Triplex.pack().unwrap();
        for record in &pack.levels[pack.levels.len() - 14..] {
            let level = TriplexLevel {
                number: 1,
                level: record.level().unwrap(),
                difficulty: record.difficulty,
                solution: record.solution.clone(),
            };
            let board = level_board(&level, &tray(&level.level));
            assert!(board.rows <= 1.5 * board.cols, "{board:?}");
        }
        let levels: Vec<TriplexLevel> = pack.levels[pack.levels.len() - 8..]
            .iter()
            .enumerate()
            .map(|(i, record)| TriplexLevel {
                number: i + 1,
                level: record.level().unwrap(),
                difficulty: record.difficulty,
                solution: record.solution.clone(),
            })
            .collect();
        let front = FrontMatter {
            title: "Triplex".into(),
            ..FrontMatter::default()
        };
        let book = book(crate::Sheet::plain(crate::Paper::A4), &front, &levels, None);
        // Title, colophon, two pages of four levels, one of solutions.
        assert_eq!(book.unwrap().pages.len(), 5);
    }
}
