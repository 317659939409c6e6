//! ChessMemory books: a memory game has nothing to solve on paper, so each
//! setup is an answer sheet for players who play on a real board: the board
//! with its 64 pieces, and the pairing key, its 32 partner pairs, under it.

use crate::layout::{self, Anchor, BoardSpec, Book, FrontMatter, Mark, Page, SectionSpec};
use crate::{BookError, Sheet};
use gridforge_chessmemory::{Color, Kind, Piece, Setup, Square};

/// One setup of a book.
#[derive(Clone, Debug)]
pub struct ChessSetup {
    /// Its number in the book.
    pub number: usize,
    /// The setup.
    pub setup: Setup,
    /// Its 32 partner pairs ([`gridforge_chessmemory::Pairing::pairs`]).
    pub pairs: Vec<(Square, Square)>,
}

/// Grey of the dark squares.
const DARK_GREY: u8 = 200;
/// Board cells taken by the rank labels (left) and file labels (below).
const LABEL: f32 = 0.6;
/// Lines of the key (32 pairs in four columns).
const KEY_LINES: usize = 8;
/// Height of one key line, in board cells.
const KEY_LINE: f32 = 0.45;

/// The chess symbol of a piece (U+2654 to U+265F, in the embedded font).
pub fn symbol(piece: Piece) -> char {
    match (piece.color, piece.kind) {
        (Color::White, Kind::Queen) => '♕',
        (Color::White, Kind::Rook) => '♖',
        (Color::White, Kind::Bishop) => '♗',
        (Color::White, Kind::Knight) => '♘',
        (Color::Black, Kind::Queen) => '♛',
        (Color::Black, Kind::Rook) => '♜',
        (Color::Black, Kind::Bishop) => '♝',
        (Color::Black, Kind::Knight) => '♞',
    }
}

/// One entry of the key: the piece's symbol and its two squares.
pub fn key_entry(setup: &Setup, pair: (Square, Square)) -> String {
    format!("{} {}–{}", symbol(setup.piece_at(pair.0)), pair.0, pair.1)
}

/// The setups' section: captions of 10 pt, squares of 22 to 36 pt (labels
/// and key at 0.3 of a square, 6.6 pt at least).
pub fn setup_spec(per_page: Option<usize>) -> SectionSpec {
    SectionSpec {
        name: "Setups".into(),
        heading: String::new(),
        caption_size: 10.0,
        min_pitch: 22.0,
        max_pitch: 36.0,
        min_text: 6.6,
        per_page,
    }
}

fn setup_board(setup: &ChessSetup) -> BoardSpec {
    BoardSpec {
        cols: 8.0 + LABEL,
        rows: 8.0 + LABEL + 0.5 + KEY_LINES as f32 * KEY_LINE,
        caption: format!("No. {}", setup.number),
        outline: format!("No. {}", setup.number),
    }
}

/// Refuses a setup whose pairing is not 32 pairs.
fn check(setups: &[ChessSetup]) -> Result<(), BookError> {
    for s in setups {
        if s.pairs.len() != 32 {
            return Err(BookError::Mismatch {
                number: s.number,
                what: format!("a pairing has 32 pairs, this one {}", s.pairs.len()),
            });
        }
    }
    Ok(())
}

/// Lays out a ChessMemory book: the front matter, then the setups with
/// their keys (`per_page` a page, or as many as fit).
pub fn book(
    sheet: Sheet,
    front: &FrontMatter,
    setups: &[ChessSetup],
    per_page: Option<usize>,
) -> Result<Book, BookError> {
    if setups.is_empty() {
        return Err(BookError::Empty);
    }
    check(setups)?;
    let boards: Vec<BoardSpec> = setups.iter().map(setup_board).collect();
    let setup_pages =
        layout::section(sheet, &setup_spec(per_page), &boards, |i, x, y, p, page| {
            draw(page, x, y, p, &setups[i])
        })?;
    let mut front = front.clone();
    front
        .lines
        .push("Set each board up on a real board; the key under it names every pair.".into());
    // The key under each board is its solution: no solution pages.
    layout::assemble(sheet, &front, vec![setup_pages])
}

/// One setup with its key drawn alone, as in the book; its "solution" is
/// the key, so the second picture is the same.
pub fn single(setup: &ChessSetup) -> Result<[(Page, f32, f32); 2], BookError> {
    check(std::slice::from_ref(setup))?;
    let spec = setup_spec(None);
    let one = layout::single(
        &setup_board(setup),
        &spec,
        spec.max_pitch,
        6.0,
        |x, y, p, page| draw(page, x, y, p, setup),
    );
    Ok([one.clone(), one])
}

/// Draws a setup with its top-left corner (the rank labels') at `(x0, y0)`:
/// the board, its labels and the key under it.
fn draw(page: &mut Page, x0: f32, y0: f32, p: f32, setup: &ChessSetup) {
    let board_x = x0 + LABEL * p;
    let label_size = p * 0.3;
    for rank in (0..8u8).rev() {
        let row = 7 - rank as usize;
        let y = y0 + row as f32 * p;
        page.marks.push(Mark::text(
            board_x - LABEL * p / 2.0,
            y + p * 0.6,
            label_size,
            (rank + 1).to_string(),
            Anchor::Middle,
        ));
        for file in 0..8u8 {
            let x = board_x + file as f32 * p;
            let Some(square) = Square::new(file, rank) else {
                continue;
            };
            if (file + rank) % 2 == 0 {
                page.marks.push(Mark::Rect {
                    x,
                    y,
                    w: p,
                    h: p,
                    fill: Some(DARK_GREY),
                    stroke: None,
                });
            }
            page.marks.push(Mark::text(
                x + p / 2.0,
                y + p * 0.8,
                p * 0.75,
                symbol(setup.setup.piece_at(square)).to_string(),
                Anchor::Middle,
            ));
        }
    }
    for file in 0..8u8 {
        page.marks.push(Mark::text(
            board_x + (file as f32 + 0.5) * p,
            y0 + 8.0 * p + LABEL * p * 0.7,
            label_size,
            char::from(b'a' + file).to_string(),
            Anchor::Middle,
        ));
    }
    page.marks.push(Mark::Rect {
        x: board_x,
        y: y0,
        w: 8.0 * p,
        h: 8.0 * p,
        fill: None,
        stroke: Some((p * 0.04).max(1.0)),
    });
    let key_y = y0 + (8.0 + LABEL + 0.5) * p;
    let key_size = p * 0.3;
    let column_w = 8.0 * p / 4.0;
    for (i, &pair) in setup.pairs.iter().enumerate() {
        let (col, line) = (i / KEY_LINES, i % KEY_LINES);
        page.marks.push(Mark::text(
            board_x + col as f32 * column_w,
            key_y + line as f32 * KEY_LINE * p,
            key_size,
            key_entry(&setup.setup, pair),
            Anchor::Start,
        ));
    }
}
