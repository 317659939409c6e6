//! Checking a puzzle or a (partly) filled board against the rules.

use crate::board::{Board, Cell, Direction};
use crate::digits::{combos_with, DigitSet};
use std::fmt;

/// What is wrong with one run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ViolationKind {
    /// The digit appears more than once in the run.
    DuplicateDigit(u8),
    /// The run is full but its digits do not add up to the clue.
    WrongSum {
        /// The clue's sum.
        expected: u32,
        /// The sum of the digits written.
        actual: u32,
    },
    /// The run is not full yet, and no set of distinct digits containing the
    /// ones written makes the clue's sum.
    Unreachable,
}

/// A run that breaks the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// The run's clue cell, `(row, col)`.
    pub clue: (usize, usize),
    /// Which run of the clue.
    pub direction: Direction,
    /// What is wrong.
    pub kind: ViolationKind,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (row, col) = self.clue;
        write!(
            f,
            "{} run of the clue at row {row}, column {col}: ",
            self.direction
        )?;
        match &self.kind {
            ViolationKind::DuplicateDigit(d) => write!(f, "digit {d} appears more than once"),
            ViolationKind::WrongSum { expected, actual } => {
                write!(f, "digits add up to {actual}, not {expected}")
            }
            ViolationKind::Unreachable => {
                f.write_str("the digits written cannot be completed to the sum")
            }
        }
    }
}

/// Checks every run of `board` and reports every violation: repeated digits,
/// full runs with the wrong sum, and partly filled runs that can no longer
/// reach their sum. Empty cells are not violations; a board is solved when
/// [`is_solved`] says so.
pub fn validate(board: &Board) -> Vec<Violation> {
    let mut violations = Vec::new();
    for run in board.runs() {
        let digits: Vec<u8> = run
            .cells
            .iter()
            .filter_map(|&(r, c)| match board.cell(r, c) {
                Some(Cell::Digit(Some(d))) => Some(d),
                _ => None,
            })
            .collect();
        let mut report = |kind| {
            violations.push(Violation {
                clue: run.clue,
                direction: run.direction,
                kind,
            })
        };
        let mut seen = DigitSet::EMPTY;
        let mut repeated = DigitSet::EMPTY;
        for &d in &digits {
            if seen.contains(d) {
                repeated.insert(d);
            }
            seen.insert(d);
        }
        for d in repeated.iter() {
            report(ViolationKind::DuplicateDigit(d));
        }
        let actual: u32 = digits.iter().map(|&d| u32::from(d)).sum();
        if digits.len() == run.cells.len() {
            if actual != run.sum {
                report(ViolationKind::WrongSum {
                    expected: run.sum,
                    actual,
                });
            }
        } else if repeated.is_empty()
            && combos_with(run.sum, run.cells.len(), seen, DigitSet::EMPTY).is_empty()
        {
            report(ViolationKind::Unreachable);
        }
    }
    violations
}

/// Whether every digit cell of `board` is filled and no run breaks the rules.
pub fn is_solved(board: &Board) -> bool {
    board
        .cells()
        .iter()
        .all(|c| !matches!(c, Cell::Digit(None)))
        && validate(board).is_empty()
}
