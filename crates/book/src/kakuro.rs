//! Kakuro books: the puzzles several a page (one a page when large), each
//! with its number and difficulty under it, then the solutions, smaller,
//! with the same numbers.
//!
//! A clue cell is grey and split by a diagonal, as printed Kakuro are: the
//! down sum in the lower-left half, the across sum in the upper-right, each
//! its own text run at a fixed place in the cell (so a PDF reader's text,
//! and the tests, tell them apart by position). The solution grids draw the
//! clues the same way and a digit in every white cell.

use crate::layout::{self, Anchor, Book, Mark, Page, SlotSpec};
use crate::{BookError, Paper};
use gridforge_kakuro::{Board, Cell, Solution};

/// One puzzle of a book.
#[derive(Clone, Debug)]
pub struct KakuroPuzzle {
    /// Its number in the book (shown under the puzzle and its solution).
    pub number: usize,
    /// Its difficulty as shown (`hard`, …).
    pub difficulty: String,
    /// The puzzle: clues and empty digit cells.
    pub puzzle: Board,
    /// Its solution.
    pub solution: Solution,
}

/// Grey of clue and blank cells.
const CLUE_GREY: u8 = 205;
/// Caption font size under a puzzle.
const CAPTION_SIZE: f32 = 10.0;
/// Caption font size under a solution.
const SOLUTION_CAPTION_SIZE: f32 = 7.0;

/// A clue's font size, in cells: the largest at which `45` sits whole in
/// its half of a clue cell (the across sum above the diagonal, the down sum
/// below it).
const CLUE_SIZE: f32 = 0.34;
/// Where a down sum starts, in cells from its cell's left, and its baseline
/// from the cell's top: the lower-left half.
const DOWN_AT: (f32, f32) = (0.07, 0.9);
/// The same for an across sum: the upper-right half.
const ACROSS_AT: (f32, f32) = (0.52, 0.4);

/// Lays out a Kakuro book: a title page (`title`, then `lines` and where
/// the solutions start), the puzzles, then the solutions.
pub fn book(
    paper: Paper,
    title: &str,
    lines: &[String],
    puzzles: &[KakuroPuzzle],
) -> Result<Book, BookError> {
    if puzzles.is_empty() {
        return Err(BookError::Empty);
    }
    for p in puzzles {
        p.puzzle
            .filled_with(&p.solution)
            .map_err(|err| BookError::Mismatch {
                number: p.number,
                what: err.to_string(),
            })?;
    }
    let cols = puzzles.iter().map(|p| p.puzzle.cols()).max().unwrap_or(1) as f32;
    let rows = puzzles.iter().map(|p| p.puzzle.rows()).max().unwrap_or(1) as f32;
    let puzzle_pages = layout::section(
        paper,
        "",
        SlotSpec {
            cols,
            rows,
            caption: CAPTION_SIZE * 2.0,
            min_pitch: 20.0,
            max_pitch: 28.0,
        },
        puzzles.len(),
        |i, slot, page| {
            let p = &puzzles[i];
            let caption = format!(
                "No. {} · {} · {}×{}",
                p.number,
                p.difficulty,
                p.puzzle.cols(),
                p.puzzle.rows()
            );
            draw(page, slot, &p.puzzle, None, &caption, CAPTION_SIZE);
        },
    );
    let solution_pages = layout::section(
        paper,
        "Solutions",
        SlotSpec {
            cols,
            rows,
            caption: SOLUTION_CAPTION_SIZE * 2.0,
            min_pitch: 9.0,
            max_pitch: 12.0,
        },
        puzzles.len(),
        |i, slot, page| {
            let p = &puzzles[i];
            let caption = format!("No. {}", p.number);
            draw(
                page,
                slot,
                &p.puzzle,
                Some(&p.solution),
                &caption,
                SOLUTION_CAPTION_SIZE,
            );
        },
    );
    Ok(layout::assemble(
        paper,
        title,
        lines.to_vec(),
        puzzle_pages,
        solution_pages,
    ))
}

/// Draws one grid, centred in its slot, and its caption under it: the
/// clues, and the digits when a solution is given.
fn draw(
    page: &mut Page,
    slot: &layout::Slot,
    board: &Board,
    solution: Option<&Solution>,
    caption: &str,
    caption_size: f32,
) {
    let p = slot.pitch;
    let (rows, cols) = (board.rows(), board.cols());
    let x0 = slot.x + (slot.width - cols as f32 * p) / 2.0;
    let y0 = slot.y;
    for r in 0..rows {
        for c in 0..cols {
            let (x, y) = (x0 + c as f32 * p, y0 + r as f32 * p);
            match board.cell(r, c) {
                Some(Cell::Digit(_)) => {
                    if let Some(d) = solution.and_then(|s| s.digit(r, c)) {
                        page.marks.push(Mark::text(
                            x + p / 2.0,
                            y + p * 0.78,
                            p * 0.6,
                            d.to_string(),
                            Anchor::Middle,
                        ));
                    }
                }
                Some(Cell::Clue { down, across }) => {
                    // As printed Kakuro are: a diagonal splits the cell, the
                    // down sum below it, the across sum above.
                    page.marks.push(grey_cell(x, y, p));
                    page.marks.push(Mark::Line {
                        from: (x, y),
                        to: (x + p, y + p),
                        width: (p * 0.03).max(0.4),
                    });
                    for (sum, (dx, dy)) in [(down, DOWN_AT), (across, ACROSS_AT)] {
                        if let Some(sum) = sum {
                            page.marks.push(Mark::text(
                                x + p * dx,
                                y + p * dy,
                                p * CLUE_SIZE,
                                sum.to_string(),
                                Anchor::Start,
                            ));
                        }
                    }
                }
                Some(Cell::Blank) | None => page.marks.push(grey_cell(x, y, p)),
            }
        }
    }
    let thin = (p * 0.03).max(0.4);
    for r in 1..rows {
        let y = y0 + r as f32 * p;
        page.marks.push(Mark::Line {
            from: (x0, y),
            to: (x0 + cols as f32 * p, y),
            width: thin,
        });
    }
    for c in 1..cols {
        let x = x0 + c as f32 * p;
        page.marks.push(Mark::Line {
            from: (x, y0),
            to: (x, y0 + rows as f32 * p),
            width: thin,
        });
    }
    page.marks.push(Mark::Rect {
        x: x0,
        y: y0,
        w: cols as f32 * p,
        h: rows as f32 * p,
        fill: None,
        stroke: Some(thin * 3.0),
    });
    page.marks.push(Mark::text(
        x0,
        y0 + rows as f32 * p + caption_size * 1.5,
        caption_size,
        caption,
        Anchor::Start,
    ));
}

fn grey_cell(x: f32, y: f32, p: f32) -> Mark {
    Mark::Rect {
        x,
        y,
        w: p,
        h: p,
        fill: Some(CLUE_GREY),
        stroke: None,
    }
}
