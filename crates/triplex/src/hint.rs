//! The game's hint for programs: given a level and the pieces a player has
//! placed, which of them lie wrong and which piece goes where next (the
//! client's "show one piece", `hintPositions` in `web/js/triplex-solve.js`).
//!
//! The level's one solution is found by the solver within a node budget. A
//! placed piece is right when it covers exactly the cells of a piece of its
//! kind in that solution (identical pieces are interchangeable); the next
//! piece is the first place of the solution in reading order (top-left
//! corner of its box, row by row) that no right piece covers, filled by a
//! piece of that kind not yet placed, or else by a wrong one, moved there.

use crate::error::{PlacementError, SolveError};
use crate::level::{piece_letter, Level, Placement, Solution};
use crate::solve::solve;
use gridforge_game::{excerpt, Uniqueness};

/// What [`hint`] answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TriplexHint {
    /// Placed pieces (their indices, ascending) that lie where no piece of
    /// their kind lies in the solution.
    pub wrong: Vec<usize>,
    /// The piece to place next and where; `None` when every piece lies right.
    pub next: Option<Placement>,
}

/// Why [`hint`] could not answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HintError {
    /// The level has no solution.
    #[error("the level has no solution")]
    NoSolution,
    /// The level has more than one solution, so no piece can be called wrong.
    #[error("the level has more than one solution")]
    SeveralSolutions,
    /// The solver could not decide within its budget.
    #[error(transparent)]
    Search(#[from] SolveError),
    /// The placed pieces break the level's rules (a piece in a shape it does
    /// not have, outside the rectangle, …); a piece not yet placed is fine.
    #[error("the placed pieces: {0}")]
    Placement(PlacementError),
    /// The grid of placed pieces cannot be read.
    #[error("the placed pieces: {0}")]
    Grid(String),
}

/// The next hint for `level` with the pieces `placed` (any subset of the
/// level's pieces, each at most once), the solver spending at most `budget`
/// nodes.
pub fn hint(level: &Level, placed: &[Placement], budget: u64) -> Result<TriplexHint, HintError> {
    check_placed(level, placed)?;
    let outcome = solve(level, 2, budget)?;
    match outcome.uniqueness() {
        Uniqueness::Unique => Ok(hint_from_solution(level, &outcome.solutions[0], placed)),
        Uniqueness::None => Err(HintError::NoSolution),
        _ => Err(HintError::SeveralSolutions),
    }
}

/// Refuses placed pieces that break the level's rules (a piece not yet
/// placed is fine): the check [`hint`] makes before it answers.
pub fn check_placed(level: &Level, placed: &[Placement]) -> Result<(), HintError> {
    match level
        .check_placements(placed)
        .into_iter()
        .find(|e| !matches!(e, PlacementError::Missing { .. }))
    {
        Some(err) => Err(HintError::Placement(err)),
        None => Ok(()),
    }
}

/// The hint for `placed` given the level's one solution, already known (the
/// server's catalogue has it): what [`hint`] answers once it has solved.
/// `placed` must have passed [`check_placed`].
pub fn hint_from_solution(level: &Level, solution: &Solution, placed: &[Placement]) -> TriplexHint {
    let kind = |k: usize| (&level.pieces()[k], level.rotatable() == Some(k));
    let mut slots: Vec<&Placement> = solution.placements.iter().collect();
    slots.sort_by_key(|p| (p.row, p.col));
    let mut taken = vec![false; slots.len()];
    let mut right = vec![false; level.pieces().len()];
    let mut wrong = Vec::new();
    for p in placed {
        let cells = cells_of(p);
        let slot = (0..slots.len()).find(|&s| {
            !taken[s] && kind(slots[s].piece) == kind(p.piece) && cells_of(slots[s]) == cells
        });
        match slot {
            Some(s) => {
                taken[s] = true;
                right[p.piece] = true;
            }
            None => wrong.push(p.piece),
        }
    }
    wrong.sort_unstable();
    let next = (0..slots.len()).find(|&s| !taken[s]).and_then(|s| {
        let slot = slots[s];
        let unplaced = |k: &usize| !placed.iter().any(|p| p.piece == *k);
        let candidates: Vec<usize> = (0..right.len())
            .filter(|&k| !right[k] && kind(k) == kind(slot.piece))
            .collect();
        let mover = candidates
            .iter()
            .copied()
            .find(unplaced)
            .or_else(|| candidates.first().copied())?;
        Some(Placement {
            piece: mover,
            ..slot.clone()
        })
    });
    TriplexHint { wrong, next }
}

/// The board cells a placement covers, sorted.
pub fn cells_of(p: &Placement) -> Vec<(usize, usize)> {
    let mut cells: Vec<(usize, usize)> = p
        .shape
        .cells()
        .map(|(r, c)| (p.row + r, p.col + c))
        .collect();
    cells.sort_unstable();
    cells
}

/// Reads placed pieces from a grid in the form `triplex solve` prints a
/// solution: one row per line or rows joined by `/`, each cell the letter of
/// the piece on it ([`piece_letter`]: `a` is piece 0) or `.` when empty.
pub fn placements_from_grid(level: &Level, text: &str) -> Result<Vec<Placement>, HintError> {
    let bad = |what: String| HintError::Grid(what);
    let rows: Vec<&str> = text
        .split(['/', '\n'])
        .map(str::trim)
        .filter(|r| !r.is_empty())
        .collect();
    if rows.len() != level.height() {
        return Err(bad(format!(
            "the grid has {} rows, the level {}",
            rows.len(),
            level.height()
        )));
    }
    let count = level.pieces().len();
    let mut cells = vec![Vec::new(); count];
    for (r, row) in rows.iter().enumerate() {
        if row.chars().count() != level.width() {
            return Err(bad(format!(
                "row {} {:?} has {} cells, the level {}",
                r + 1,
                excerpt(row),
                row.chars().count(),
                level.width()
            )));
        }
        for (c, letter) in row.chars().enumerate() {
            if letter == '.' {
                continue;
            }
            let k = (0..count)
                .find(|&k| piece_letter(k) == letter)
                .ok_or_else(|| {
                    bad(format!(
                        "{letter:?} at row {}, column {} names no piece (a to {} or .)",
                        r + 1,
                        c + 1,
                        piece_letter(count - 1)
                    ))
                })?;
            cells[k].push((r, c));
        }
    }
    cells
        .iter()
        .enumerate()
        .filter(|(_, cells)| !cells.is_empty())
        .map(|(k, cells)| {
            Placement::from_cells(k, cells)
                .map_err(|e| bad(format!("piece {}: {e}", piece_letter(k))))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn level(text: &str) -> Level {
        text.parse().unwrap()
    }

    #[test]
    fn an_empty_board_gets_the_first_piece_in_reading_order() {
        // 2x2 of two horizontal dominoes: one solution.
        let level = level("2x2:2h");
        let answer = hint(&level, &[], 1000).unwrap();
        assert!(answer.wrong.is_empty());
        let next = answer.next.unwrap();
        assert_eq!((next.row, next.col), (0, 0));
        assert_eq!(cells_of(&next), [(0, 0), (0, 1)]);
    }

    #[test]
    fn wrong_pieces_are_named_and_a_right_board_has_no_next() {
        // Two L-trominoes tile 3x2 one way: Lnw on the left, Lse on the right.
        let level = level("3x2:Lnw,Lse");
        let lse = (0..2)
            .find(|&k| level.pieces()[k].short_name() == Some("Lse"))
            .unwrap();
        let lnw = 1 - lse;
        let outcome = solve(&level, 2, 1000).unwrap();
        let all = &outcome.solutions[0].placements;
        assert_eq!(
            hint(&level, all, 1000),
            Ok(TriplexHint {
                wrong: vec![],
                next: None
            })
        );
        // Lse in the left box is wrong; the next piece is Lnw, at the left.
        let off = Placement {
            piece: lse,
            shape: level.pieces()[lse].clone(),
            row: 0,
            col: 0,
        };
        let answer = hint(&level, &[off], 1000).unwrap();
        assert_eq!(answer.wrong, [lse]);
        let next = answer.next.unwrap();
        assert_eq!(next.piece, lnw);
        assert_eq!(cells_of(&next), [(0, 0), (0, 1), (1, 0)]);
    }

    #[test]
    fn grids_read_back_and_bad_grids_are_refused() {
        let level = level("2x2:2h");
        let placed = placements_from_grid(&level, "aa/..").unwrap();
        assert_eq!(placed.len(), 1);
        assert_eq!(cells_of(&placed[0]), [(0, 0), (0, 1)]);
        assert!(matches!(
            placements_from_grid(&level, "aa"),
            Err(HintError::Grid(_))
        ));
        assert!(matches!(
            placements_from_grid(&level, "az/.."),
            Err(HintError::Grid(_))
        ));
        // Three tilings: two vertical dominoes left, right, or at both ends.
        assert_eq!(
            hint(&self::level("4x2:2h,2v"), &[], 1000),
            Err(HintError::SeveralSolutions)
        );
    }
}
