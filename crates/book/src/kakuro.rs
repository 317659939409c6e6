//! Kakuro books: the puzzles several a page (one a page when large), each
//! with its number and difficulty under it, then the solutions, smaller,
//! with the same numbers. Clues are never smaller than
//! [`MIN_PUZZLE_CLUE`] in the puzzles and [`MIN_SOLUTION_CLUE`] in the
//! solutions.
//!
//! A clue cell is grey and split by a diagonal, as printed Kakuro are: the
//! down sum in the lower-left half, the across sum in the upper-right, each
//! its own text run at a fixed place in the cell (so a PDF reader's text,
//! and the tests, tell them apart by position). The solution grids draw the
//! clues the same way and a digit in every white cell.

use crate::layout::{self, Anchor, BoardSpec, Book, FrontMatter, Mark, Page, SectionSpec};
use crate::{BookError, Sheet};
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

/// A clue's font size, in cells: the largest at which `45` sits whole in
/// its half of a clue cell (the across sum above the diagonal, the down sum
/// below it).
pub const CLUE_SIZE: f32 = 0.34;
/// Where a down sum starts, in cells from its cell's left, and its baseline
/// from the cell's top: the lower-left half.
const DOWN_AT: (f32, f32) = (0.07, 0.9);
/// The same for an across sum: the upper-right half.
const ACROSS_AT: (f32, f32) = (0.52, 0.4);
/// The smallest clue in a puzzle, in points.
pub const MIN_PUZZLE_CLUE: f32 = 6.0;
/// The smallest clue in a solution, in points.
pub const MIN_SOLUTION_CLUE: f32 = 4.5;

/// The puzzles' section: captions of 10 pt, clues of at least
/// [`MIN_PUZZLE_CLUE`], `per_page` puzzles a page or as many as fit.
pub fn puzzle_spec(per_page: Option<usize>) -> SectionSpec {
    SectionSpec {
        name: "Puzzles".into(),
        heading: String::new(),
        caption_size: 10.0,
        min_pitch: MIN_PUZZLE_CLUE / CLUE_SIZE,
        max_pitch: 28.0,
        min_text: MIN_PUZZLE_CLUE,
        per_page,
    }
}

/// The solutions' section: smaller, clues of at least [`MIN_SOLUTION_CLUE`].
pub fn solution_spec() -> SectionSpec {
    SectionSpec {
        name: "Solutions".into(),
        heading: "Solutions".into(),
        caption_size: 7.0,
        min_pitch: MIN_SOLUTION_CLUE / CLUE_SIZE,
        max_pitch: 15.0,
        min_text: MIN_SOLUTION_CLUE,
        per_page: None,
    }
}

fn puzzle_board(p: &KakuroPuzzle) -> BoardSpec {
    BoardSpec {
        cols: p.puzzle.cols() as f32,
        rows: p.puzzle.rows() as f32,
        caption: format!(
            "No. {} · {} · {}×{}",
            p.number,
            p.difficulty,
            p.puzzle.cols(),
            p.puzzle.rows()
        ),
        outline: format!("No. {} · {}", p.number, p.difficulty),
    }
}

fn solution_board(p: &KakuroPuzzle) -> BoardSpec {
    BoardSpec {
        caption: format!("No. {}", p.number),
        outline: format!("No. {}", p.number),
        ..puzzle_board(p)
    }
}

/// Refuses puzzles whose solution does not fit them.
fn check(puzzles: &[KakuroPuzzle]) -> Result<(), BookError> {
    for p in puzzles {
        p.puzzle
            .filled_with(&p.solution)
            .map_err(|err| BookError::Mismatch {
                number: p.number,
                what: err.to_string(),
            })?;
    }
    Ok(())
}

/// Lays out a Kakuro book: the front matter, the puzzles (`per_page` a
/// page, or as many as fit), then the solutions.
pub fn book(
    sheet: Sheet,
    front: &FrontMatter,
    puzzles: &[KakuroPuzzle],
    per_page: Option<usize>,
) -> Result<Book, BookError> {
    if puzzles.is_empty() {
        return Err(BookError::Empty);
    }
    check(puzzles)?;
    let boards: Vec<BoardSpec> = puzzles.iter().map(puzzle_board).collect();
    let puzzle_pages = layout::section(
        sheet,
        &puzzle_spec(per_page),
        &boards,
        |i, x, y, p, page| draw(page, x, y, p, &puzzles[i].puzzle, None),
    )?;
    let boards: Vec<BoardSpec> = puzzles.iter().map(solution_board).collect();
    let solution_pages = layout::section(sheet, &solution_spec(), &boards, |i, x, y, p, page| {
        let puzzle = &puzzles[i];
        draw(page, x, y, p, &puzzle.puzzle, Some(&puzzle.solution))
    })?;
    layout::assemble(sheet, front, vec![puzzle_pages, solution_pages])
}

/// One puzzle and its solution drawn alone, as in the book (each at its
/// section's largest pitch): `[(puzzle, width, height), (solution, …)]`.
pub fn single(puzzle: &KakuroPuzzle) -> Result<[(Page, f32, f32); 2], BookError> {
    check(std::slice::from_ref(puzzle))?;
    let (spec, solution) = (puzzle_spec(None), solution_spec());
    Ok([
        layout::single(
            &puzzle_board(puzzle),
            &spec,
            spec.max_pitch,
            6.0,
            |x, y, p, page| draw(page, x, y, p, &puzzle.puzzle, None),
        ),
        layout::single(
            &solution_board(puzzle),
            &solution,
            solution.max_pitch,
            6.0,
            |x, y, p, page| draw(page, x, y, p, &puzzle.puzzle, Some(&puzzle.solution)),
        ),
    ])
}

/// Draws one grid with its top-left corner at `(x0, y0)`, `p` points a
/// cell: the clues, and the digits when a solution is given.
fn draw(page: &mut Page, x0: f32, y0: f32, p: f32, board: &Board, solution: Option<&Solution>) {
    let (rows, cols) = (board.rows(), board.cols());
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
