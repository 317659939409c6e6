//! ChessMemory books: a memory game has nothing to solve on paper, so each
//! setup is an answer sheet for players who play on a real board: the board
//! with its 64 pieces, and the pairing key, its 32 partner pairs, under it.

use crate::layout::{self, Anchor, Book, Mark, Page, SlotSpec};
use crate::{BookError, Paper};
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
/// Caption font size.
const CAPTION_SIZE: f32 = 10.0;
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

/// Lays out a ChessMemory book: a title page, then the setups with their keys.
pub fn book(
    paper: Paper,
    title: &str,
    lines: &[String],
    setups: &[ChessSetup],
) -> Result<Book, BookError> {
    if setups.is_empty() {
        return Err(BookError::Empty);
    }
    for s in setups {
        if s.pairs.len() != 32 {
            return Err(BookError::Mismatch {
                number: s.number,
                what: format!("a pairing has 32 pairs, this one {}", s.pairs.len()),
            });
        }
    }
    let spec = SlotSpec {
        cols: 8.0 + LABEL,
        rows: 8.0 + LABEL + 0.5 + KEY_LINES as f32 * KEY_LINE,
        caption: CAPTION_SIZE * 2.0,
        min_pitch: 22.0,
        max_pitch: 36.0,
    };
    let setup_pages = layout::section(paper, "", spec, setups.len(), |i, slot, page| {
        draw(page, slot, &setups[i])
    });
    let mut lines = lines.to_vec();
    lines.push("Set each board up on a real board; the key under it names every pair.".into());
    // The key under each board is its solution: no solution pages.
    Ok(layout::assemble(
        paper,
        title,
        lines,
        setup_pages,
        Vec::new(),
    ))
}

fn draw(page: &mut Page, slot: &layout::Slot, setup: &ChessSetup) {
    let p = slot.pitch;
    let board_x = slot.x + (slot.width - (8.0 + LABEL) * p) / 2.0 + LABEL * p;
    let y0 = slot.y;
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
    page.marks.push(Mark::text(
        board_x,
        key_y + (KEY_LINES as f32 * KEY_LINE) * p + CAPTION_SIZE,
        CAPTION_SIZE,
        format!("No. {}", setup.number),
        Anchor::Start,
    ));
}
