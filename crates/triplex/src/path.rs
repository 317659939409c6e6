//! Triplex and BlockPuzzle solving paths: the pieces a player laid into the
//! rectangle and took out of it on the way to a solve, each with its time;
//! their text (the wire format of [`gridforge_game::path`]), their [`replay`]
//! against the level and the level's [`human_floor_ms`].
//!
//! A piece is *in the rectangle* when all its cells lie inside it; the board
//! around the rectangle (where pieces wait) is not part of the path. A move
//! that ends with a piece wholly inside is a placement (a move of a piece
//! already inside too); a move that takes a piece from inside to anywhere
//! else is a removal.
//!
//! # Event body
//!
//! One varint `piece * 2 + op`. `op` 0 removes piece `piece` (its index in
//! [`Level::pieces`]); `op` 1 places it and is followed by a varint `k` (1 to
//! [`MAX_PIECE_CELLS`]) and `k` varints, the cells it covers, each
//! `row * width + col` inside the rectangle, in any order.

use crate::level::{Level, Placement, MAX_AREA};
use crate::piece::MAX_PIECE_CELLS;
use gridforge_game::path::{
    PathError, PathGame, PathReader, PathStats, PathTally, PathWriter, TalliedEvent, Timing,
};
use std::fmt;
use std::str::FromStr;

/// What one event does.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TriplexAction {
    /// Piece `piece` now lies on `cells` (`row * width + col` each).
    Place {
        /// The piece's index in [`Level::pieces`].
        piece: usize,
        /// The cells it covers, in any order.
        cells: Vec<usize>,
    },
    /// Piece `piece` left the rectangle.
    Remove {
        /// The piece's index in [`Level::pieces`].
        piece: usize,
    },
}

/// One input with its time.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TriplexEvent {
    /// When, in ms since the start.
    pub t_ms: u64,
    /// What happened.
    pub action: TriplexAction,
}

/// A Triplex or BlockPuzzle solving path: its events in time order.
/// `Display` writes the wire text, `FromStr` reads it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct TriplexPath {
    /// The inputs, in time order.
    pub events: Vec<TriplexEvent>,
}

impl FromStr for TriplexPath {
    type Err = PathError;

    fn from_str(text: &str) -> Result<TriplexPath, PathError> {
        let mut reader = PathReader::open(text, PathGame::Triplex)?;
        let mut events = Vec::with_capacity(reader.events());
        while let Some(t_ms) = reader.next_event()? {
            let head = reader.value("piece and operation", (MAX_AREA * 2 - 1) as u64)?;
            let piece = (head / 2) as usize;
            let action = if head % 2 == 0 {
                TriplexAction::Remove { piece }
            } else {
                let count = reader.value("cell count", MAX_PIECE_CELLS as u64)?;
                if count == 0 {
                    return Err(PathError::BadValue {
                        event: reader.event_index(),
                        what: "cell count",
                        value: 0,
                    });
                }
                let cells = (0..count)
                    .map(|_| Ok(reader.value("cell", (MAX_AREA - 1) as u64)? as usize))
                    .collect::<Result<Vec<usize>, PathError>>()?;
                TriplexAction::Place { piece, cells }
            };
            events.push(TriplexEvent { t_ms, action });
        }
        Ok(TriplexPath { events })
    }
}

/// The wire text (a path whose times do not strictly increase writes a text
/// no reader accepts).
impl fmt::Display for TriplexPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut writer = PathWriter::new(PathGame::Triplex, self.events.len());
        for event in &self.events {
            writer.event(event.t_ms);
            match &event.action {
                TriplexAction::Remove { piece } => writer.varint(*piece as u64 * 2),
                TriplexAction::Place { piece, cells } => {
                    writer.varint(*piece as u64 * 2 + 1);
                    writer.varint(cells.len() as u64);
                    for &cell in cells {
                        writer.varint(cell as u64);
                    }
                }
            }
        }
        f.write_str(&writer.finish())
    }
}

/// Why a path is not the way to the submitted placements.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// An event names a piece the level does not have.
    #[error("event {event}: the level has no piece {piece}")]
    UnknownPiece {
        /// The event.
        event: usize,
        /// The piece index.
        piece: usize,
    },
    /// A placement covers a cell outside the rectangle.
    #[error("event {event}: cell {cell} is outside the rectangle")]
    OutsideRectangle {
        /// The event.
        event: usize,
        /// The cell.
        cell: usize,
    },
    /// A placement's cells are not a shape the piece may take.
    #[error("event {event}: piece {piece} cannot take that shape")]
    WrongShape {
        /// The event.
        event: usize,
        /// The piece.
        piece: usize,
    },
    /// A placement covers a cell another piece covers.
    #[error("event {event}: piece {piece} overlaps another piece at cell {cell}")]
    Overlap {
        /// The event.
        event: usize,
        /// The piece placed.
        piece: usize,
        /// The first cell both cover.
        cell: usize,
    },
    /// An event changes nothing: the piece already lay there, or a removed
    /// piece was not in the rectangle. The recorder never writes such events.
    #[error("event {event}: piece {piece} already lies so")]
    NoChange {
        /// The event.
        event: usize,
        /// The piece.
        piece: usize,
    },
    /// The submitted placements do not solve the level.
    #[error("the submitted placements do not solve the level")]
    NotASolution,
    /// After the last event, a piece lies elsewhere than submitted.
    #[error("the path does not end at the submitted placements: piece {piece} differs")]
    EndsElsewhere {
        /// The first piece that differs.
        piece: usize,
    },
    /// The last event's time does not meet the solve's time.
    #[error("the path ends at {last_ms} ms, the solve took {} ms (slack {} ms)", timing.solve_ms, timing.slack_ms)]
    EndTime {
        /// The last event's time.
        last_ms: u64,
        /// What it had to meet.
        timing: Timing,
    },
}

/// Replays `path` from the empty rectangle of `level`: every placement must
/// lay a piece of the level in a shape it may take, inside the rectangle, on
/// no other piece; every event must change something; after the last event
/// every piece must lie as in `submitted` (which must solve the level); and
/// the last event must meet `timing`. Returns the path's statistics for
/// [`gridforge_game::review_flags`].
///
/// Work is at most the events times the rectangle's area (256).
pub fn replay(
    level: &Level,
    submitted: &[Placement],
    path: &TriplexPath,
    timing: Timing,
) -> Result<PathStats, ReplayError> {
    if !level.check_placements(submitted).is_empty() {
        return Err(ReplayError::NotASolution);
    }
    let (width, height) = (level.width(), level.height());
    let area = width * height;
    let count = level.pieces().len();
    // Where each piece lies (sorted cells) and who covers each cell.
    let mut lies: Vec<Option<Vec<usize>>> = vec![None; count];
    let mut owner: Vec<Option<usize>> = vec![None; area];
    let mut tally = PathTally::with_capacity(path.events.len());
    for (event, e) in path.events.iter().enumerate() {
        let piece = match &e.action {
            TriplexAction::Place { piece, .. } | TriplexAction::Remove { piece } => *piece,
        };
        if piece >= count {
            return Err(ReplayError::UnknownPiece { event, piece });
        }
        let was = lies[piece].take();
        for &cell in was.iter().flatten() {
            owner[cell] = None;
        }
        let TriplexAction::Place { cells, .. } = &e.action else {
            if was.is_none() {
                return Err(ReplayError::NoChange { event, piece });
            }
            tally.record(TalliedEvent {
                t_ms: e.t_ms,
                correction: true,
                ..TalliedEvent::default()
            });
            continue;
        };
        let mut cells = cells.clone();
        cells.sort_unstable();
        if let Some(&cell) = cells.iter().find(|&&c| c >= area) {
            return Err(ReplayError::OutsideRectangle { event, cell });
        }
        let spots: Vec<(usize, usize)> = cells.iter().map(|&c| (c / width, c % width)).collect();
        let fits = Placement::from_cells(piece, &spots)
            .is_ok_and(|p| level.allowed_shapes(piece).contains(&p.shape));
        if !fits {
            return Err(ReplayError::WrongShape { event, piece });
        }
        if let Some(&cell) = cells.iter().find(|&&c| owner[c].is_some()) {
            return Err(ReplayError::Overlap { event, piece, cell });
        }
        if was.as_ref() == Some(&cells) {
            return Err(ReplayError::NoChange { event, piece });
        }
        let first_in_rows = (0..area).find(|&c| owner[c].is_none());
        let first_in_columns = (0..area)
            .map(|k| (k % height) * width + k / height)
            .find(|&c| owner[c].is_none());
        tally.record(TalliedEvent {
            t_ms: e.t_ms,
            placement: true,
            correction: was.is_some(),
            first_in_rows: first_in_rows.is_some_and(|c| cells.binary_search(&c).is_ok()),
            first_in_columns: first_in_columns.is_some_and(|c| cells.binary_search(&c).is_ok()),
        });
        for &cell in &cells {
            owner[cell] = Some(piece);
        }
        lies[piece] = Some(cells);
    }
    for p in submitted {
        let mut cells: Vec<usize> = p
            .shape
            .cells()
            .map(|(r, c)| (p.row + r) * width + p.col + c)
            .collect();
        cells.sort_unstable();
        if lies[p.piece].as_ref() != Some(&cells) {
            return Err(ReplayError::EndsElsewhere { piece: p.piece });
        }
    }
    let last_ms = path.events.last().map_or(0, |e| e.t_ms);
    if !timing.accepts(last_ms) {
        return Err(ReplayError::EndTime { last_ms, timing });
    }
    Ok(tally.finish())
}

/// The least time a person needs to drag one piece into place, in ms (pick
/// it up, carry it, drop it on the right cells): 500 ms is below what fast
/// players do on a phone or with a mouse.
pub const MOTOR_MS_PER_PIECE: u64 = 500;

/// The least thinking, in ms, per doubling of the solver's node count: the
/// solver's nodes (the level's difficulty) measure how much trying the level
/// needs, and a person's trying grows with its logarithm at best (they see
/// shapes the solver tries one by one).
pub const THINK_MS_PER_DOUBLING: u64 = 600;

/// The least time a person needs to solve `level`, in ms: every piece dragged
/// ([`MOTOR_MS_PER_PIECE`]) plus [`THINK_MS_PER_DOUBLING`] per doubling of
/// `difficulty`, the solver's node count for the level (the catalogue's
/// `difficulty`). A solve below it is flagged for review, not refused.
///
/// The game pack's levels span 16 to 48 million nodes: a 3-piece 4×2 level
/// of 16 nodes gets 4.5 s, the hardest 8×8 level (22 pieces) 26.6 s, where
/// the rule it replaces gave 0.75 s and 5.5 s.
pub fn human_floor_ms(level: &Level, difficulty: u64) -> u64 {
    let doublings = u64::from(64 - difficulty.leading_zeros());
    level.pieces().len() as u64 * MOTOR_MS_PER_PIECE + doublings * THINK_MS_PER_DOUBLING
}
