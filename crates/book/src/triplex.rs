//! Triplex (and BlockPuzzle) books: each level's empty rectangle with its
//! pieces laid out under it (the rotatable piece marked with a ring, as in
//! the game), several a page, then the solutions: the rectangle with every
//! piece's outline.

use crate::layout::{self, Book, Mark, Page, SlotSpec};
use crate::{BookError, Paper};
use gridforge_triplex::Level;
use std::collections::HashSet;

/// One level of a book.
#[derive(Clone, Debug)]
pub struct TriplexLevel {
    /// Its number (the pack's level number, or its place in the input).
    pub number: usize,
    /// The level.
    pub level: Level,
    /// The solver's node count, shown as its difficulty.
    pub difficulty: u64,
    /// The solution: `height` strings of `width` letters, one letter a piece
    /// ([`Level::solution_grid`]).
    pub solution: Vec<String>,
}

/// Grey of a piece's cells.
const PIECE_GREY: u8 = 215;
/// Caption font size under a level.
const CAPTION_SIZE: f32 = 10.0;
/// Caption font size under a solution.
const SOLUTION_CAPTION_SIZE: f32 = 7.0;
/// The tray of pieces under a rectangle is at least this many cells wide.
const MIN_TRAY: usize = 8;

/// Where each piece goes in the tray under the rectangle, in cells from the
/// tray's top-left (`(piece, row, col)`), and the tray's width and height:
/// pieces left to right with a cell between them, a new row when the next
/// would pass the tray's width.
fn tray(level: &Level) -> (Vec<(usize, usize, usize)>, usize, usize) {
    let width = level.width().max(MIN_TRAY);
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

/// Lays out a Triplex book: a title page, the levels, the solutions.
pub fn book(
    paper: Paper,
    title: &str,
    lines: &[String],
    levels: &[TriplexLevel],
) -> Result<Book, BookError> {
    if levels.is_empty() {
        return Err(BookError::Empty);
    }
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
    let trays: Vec<_> = levels.iter().map(|l| tray(&l.level)).collect();
    let cols = trays.iter().map(|t| t.1).max().unwrap_or(1) as f32;
    let rows = levels
        .iter()
        .zip(&trays)
        .map(|(l, t)| l.level.height() + 1 + t.2)
        .max()
        .unwrap_or(1) as f32;
    let level_pages = layout::section(
        paper,
        "",
        SlotSpec {
            cols,
            rows,
            caption: CAPTION_SIZE * 2.0,
            min_pitch: 12.0,
            max_pitch: 24.0,
        },
        levels.len(),
        |i, slot, page| draw_level(page, slot, &levels[i], &trays[i]),
    );
    let sol_cols = levels.iter().map(|l| l.level.width()).max().unwrap_or(1) as f32;
    let sol_rows = levels.iter().map(|l| l.level.height()).max().unwrap_or(1) as f32;
    let solution_pages = layout::section(
        paper,
        "Solutions",
        SlotSpec {
            cols: sol_cols,
            rows: sol_rows,
            caption: SOLUTION_CAPTION_SIZE * 2.0,
            min_pitch: 8.0,
            max_pitch: 14.0,
        },
        levels.len(),
        |i, slot, page| draw_solution(page, slot, &levels[i]),
    );
    let mut lines = lines.to_vec();
    lines.push(
        "Lay every piece into the rectangle; the ringed piece may be turned and flipped.".into(),
    );
    Ok(layout::assemble(
        paper,
        title,
        lines,
        level_pages,
        solution_pages,
    ))
}

fn draw_level(
    page: &mut Page,
    slot: &layout::Slot,
    level: &TriplexLevel,
    tray: &(Vec<(usize, usize, usize)>, usize, usize),
) {
    let p = slot.pitch;
    let l = &level.level;
    let (places, tray_w, tray_h) = tray;
    let x0 = slot.x + (slot.width - *tray_w as f32 * p) / 2.0;
    let y0 = slot.y;
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
    let caption = format!(
        "No. {} · {}×{} · difficulty {}",
        level.number,
        l.width(),
        l.height(),
        level.difficulty
    );
    page.marks.push(Mark::text(
        x0,
        tray_y + *tray_h as f32 * p + CAPTION_SIZE * 1.5,
        CAPTION_SIZE,
        caption,
        layout::Anchor::Start,
    ));
}

fn draw_solution(page: &mut Page, slot: &layout::Slot, level: &TriplexLevel) {
    let p = slot.pitch;
    let l = &level.level;
    let x0 = slot.x + (slot.width - l.width() as f32 * p) / 2.0;
    let grid: Vec<Vec<usize>> = level
        .solution
        .iter()
        .map(|row| row.chars().map(|ch| ch as usize + 1).collect())
        .collect();
    outline(page, x0, slot.y, p, &grid, None, false);
    page.marks.push(Mark::text(
        x0,
        slot.y + l.height() as f32 * p + SOLUTION_CAPTION_SIZE * 1.5,
        SOLUTION_CAPTION_SIZE,
        format!("No. {}", level.number),
        layout::Anchor::Start,
    ));
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
