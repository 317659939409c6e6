//! Kakuro solving paths: the digits a player set and erased on the way to a
//! solve, each with its time; their text (the wire format of
//! [`gridforge_game::path`]), their [`replay`] against the puzzle and the
//! puzzle's [`human_floor_ms`].
//!
//! # Event body
//!
//! One varint, `cell * 10 + digit`: `cell` is `row * cols + col`, `digit`
//! 1..=9 writes that digit (over whatever the cell held), 0 erases the cell.
//!
//! ```
//! use gridforge_kakuro::{path, Board, KakuroPath, Solution, Timing};
//!
//! let puzzle: Board = "3 3\n- 4, 6,\n,3 0 0\n,7 0 0".parse()?;
//! let solution: Solution = "3 3\n- - -\n- 1 2\n- 3 4".parse()?;
//! // 2 at (1,1), then 1 over it, 2 at (1,2), 3 at (2,1), 4 at (2,2).
//! let path: KakuroPath = "AQEF6Acq3Asp3As00A9JxBNU".parse()?;
//! let stats = path::replay(&puzzle, &solution, &path, Timing { solve_ms: 9_000, slack_ms: 1_000 })?;
//! assert_eq!((stats.events, stats.corrections), (5, 1));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::board::{Board, Solution, MAX_SIDE};
use crate::logic::{rate_within, LogicGaveUp, Technique};
use gridforge_game::path::{
    PathError, PathGame, PathReader, PathStats, PathTally, PathWriter, TalliedEvent, Timing,
};
use std::collections::BTreeSet;
use std::fmt;
use std::str::FromStr;

/// One input: a digit written into a cell, or the cell erased.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KakuroEvent {
    /// When, in ms since the start.
    pub t_ms: u64,
    /// Which cell: `row * cols + col`.
    pub cell: usize,
    /// The digit written (1..=9), or `None` for an erase.
    pub digit: Option<u8>,
}

/// A Kakuro solving path: its events in time order. `Display` writes the
/// wire text, `FromStr` reads it (refusing anything out of the format).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct KakuroPath {
    /// The inputs, in time order.
    pub events: Vec<KakuroEvent>,
}

impl FromStr for KakuroPath {
    type Err = PathError;

    fn from_str(text: &str) -> Result<KakuroPath, PathError> {
        let mut reader = PathReader::open(text, PathGame::Kakuro)?;
        let mut events = Vec::with_capacity(reader.events());
        while let Some(t_ms) = reader.next_event()? {
            let value = reader.value("cell and digit", (MAX_SIDE * MAX_SIDE * 10 - 1) as u64)?;
            let digit = (value % 10) as u8;
            events.push(KakuroEvent {
                t_ms,
                cell: (value / 10) as usize,
                digit: (digit != 0).then_some(digit),
            });
        }
        Ok(KakuroPath { events })
    }
}

/// The wire text. A path whose times do not strictly increase, or with a
/// digit above 9, writes a text no reader accepts.
impl fmt::Display for KakuroPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut writer = PathWriter::new(PathGame::Kakuro, self.events.len());
        for event in &self.events {
            writer.event(event.t_ms);
            let digit = event.digit.map_or(0, |d| if d > 9 { 10 } else { d });
            writer.varint(event.cell as u64 * 10 + u64::from(digit));
        }
        f.write_str(&writer.finish())
    }
}

/// Why a path is not the way to the submitted solution.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// An event names a cell that is not a digit cell of the puzzle.
    #[error("event {event}: cell {cell} is not a digit cell of the puzzle")]
    NotADigitCell {
        /// The event.
        event: usize,
        /// The cell.
        cell: usize,
    },
    /// An event changes nothing (the cell already held that digit, or was
    /// already empty): the recorder never writes such an event.
    #[error("event {event}: cell {cell} already holds that")]
    NoChange {
        /// The event.
        event: usize,
        /// The cell.
        cell: usize,
    },
    /// The submitted solution has another shape than the puzzle.
    #[error("the solution does not fit the puzzle")]
    SolutionShape,
    /// After the last event the board differs from the submitted solution.
    #[error("the path does not end at the solution: cell ({row}, {col}) differs")]
    EndsElsewhere {
        /// Row of the first cell that differs.
        row: usize,
        /// Column of that cell.
        col: usize,
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

/// Replays `path` from the empty board of `puzzle`: every event must write
/// into a digit cell and change it, the board after the last event must be
/// `solution`, and the last event must meet `timing`. Returns the path's
/// statistics for [`gridforge_game::review_flags`].
///
/// Work is linear in the events (at most [`gridforge_game::path::MAX_PATH_EVENTS`])
/// times a logarithm of the board.
pub fn replay(
    puzzle: &Board,
    solution: &Solution,
    path: &KakuroPath,
    timing: Timing,
) -> Result<PathStats, ReplayError> {
    let (rows, cols) = (puzzle.rows(), puzzle.cols());
    puzzle
        .filled_with(solution)
        .map_err(|_| ReplayError::SolutionShape)?;
    let digit_cell: Vec<bool> = puzzle.cells().iter().map(|c| c.is_digit_cell()).collect();
    let mut digits = vec![0u8; rows * cols];
    // The empty digit cells, keyed row by row and column by column, so the
    // first empty cell in either order is at hand.
    let mut empty_rows: BTreeSet<usize> = (0..rows * cols).filter(|&i| digit_cell[i]).collect();
    let mut empty_cols: BTreeSet<usize> = empty_rows
        .iter()
        .map(|&i| (i % cols) * rows + i / cols)
        .collect();
    let mut tally = PathTally::with_capacity(path.events.len());
    for (event, e) in path.events.iter().enumerate() {
        if !digit_cell.get(e.cell).copied().unwrap_or(false) {
            return Err(ReplayError::NotADigitCell {
                event,
                cell: e.cell,
            });
        }
        let before = digits[e.cell];
        let after = e.digit.unwrap_or(0);
        if before == after {
            return Err(ReplayError::NoChange {
                event,
                cell: e.cell,
            });
        }
        let column_key = (e.cell % cols) * rows + e.cell / cols;
        let placement = after != 0;
        tally.record(TalliedEvent {
            t_ms: e.t_ms,
            placement,
            correction: before != 0,
            first_in_rows: placement && empty_rows.first() == Some(&e.cell),
            first_in_columns: placement && empty_cols.first() == Some(&column_key),
        });
        digits[e.cell] = after;
        if after == 0 {
            empty_rows.insert(e.cell);
            empty_cols.insert(column_key);
        } else {
            empty_rows.remove(&e.cell);
            empty_cols.remove(&column_key);
        }
    }
    if let Some(i) = (0..rows * cols).find(|&i| digits[i] != solution.digits()[i]) {
        return Err(ReplayError::EndsElsewhere {
            row: i / cols,
            col: i % cols,
        });
    }
    let last_ms = path.events.last().map_or(0, |e| e.t_ms);
    if !timing.accepts(last_ms) {
        return Err(ReplayError::EndTime { last_ms, timing });
    }
    Ok(tally.finish())
}

/// The time a person needs at least to enter one digit: pick the cell and
/// type the digit, two inputs. 350 ms is below what fast players do even
/// when they know every digit in advance.
pub const MOTOR_MS_PER_CELL: u64 = 350;

/// The thinking a step of each technique takes at least, in ms, indexed like
/// [`Technique::ALL`]: a step (one run narrowed, as the logical rater counts
/// it) of the easy techniques is seen at a glance, one of the hard ones needs
/// a look at several runs. Conservative guesses, meant to be tuned from the
/// kept paths of real players.
pub const THINK_MS_PER_STEP: [u64; Technique::COUNT] =
    [100, 200, 500, 700, 1000, 1200, 1500, 2500, 4000];

/// Node budget of the rating behind [`human_floor_ms`] (a daily's rating needs
/// a few thousand).
pub const FLOOR_RATE_BUDGET: u64 = 5_000_000;

/// The least time a person needs to solve `puzzle`, in ms: every digit cell
/// entered ([`MOTOR_MS_PER_CELL`]) plus every step the logical rater needs,
/// each at its technique's [`THINK_MS_PER_STEP`]. A solve below it is flagged
/// for review, not refused (see [`gridforge_game::review_flags`]).
///
/// The rating runs within [`FLOOR_RATE_BUDGET`] nodes; a puzzle the rater
/// cannot finish counts the steps it made (the rest needs search, which only
/// adds to a person's time).
pub fn human_floor_ms(puzzle: &Board) -> Result<u64, LogicGaveUp> {
    let report = rate_within(&puzzle.cleared(), FLOOR_RATE_BUDGET)?;
    let cells = puzzle.cells().iter().filter(|c| c.is_digit_cell()).count() as u64;
    let thinking: u64 = report
        .steps
        .iter()
        .zip(THINK_MS_PER_STEP)
        .map(|(&steps, ms)| u64::from(steps) * ms)
        .sum();
    Ok(cells * MOTOR_MS_PER_CELL + thinking)
}
