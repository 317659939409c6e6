//! Layouts: which cells of a board are digit cells, before any sum is known.
//!
//! The editor's user draws a layout and [`crate::fill`] turns it into a puzzle;
//! the generator draws random layouts itself. Clue cells are not part of a
//! layout: every non-digit cell left of or above a digit cell becomes one.
//!
//! Text format: the board header `R C`, then `-` for a non-digit cell and `0`
//! for a digit cell, as in a puzzle without its clues.

use crate::board::{Direction, MAX_SIDE};
use crate::digits::MAX_RUN;
use rand::Rng;
use std::fmt;
use std::str::FromStr;

/// The pattern of digit cells of a board.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Layout {
    rows: usize,
    cols: usize,
    /// Row-major: whether each cell is a digit cell.
    digit: Vec<bool>,
}

/// What breaks the layout rules (see [`LayoutError`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LayoutRule {
    /// The layout has no digit cell.
    #[error("the layout has no digit cell")]
    NoDigitCells,
    /// A digit cell in the first row, where the clues for down runs go.
    #[error("digit cell in the first row (it holds the clues)")]
    DigitInFirstRow,
    /// A digit cell in the first column, where the clues for across runs go.
    #[error("digit cell in the first column (it holds the clues)")]
    DigitInFirstColumn,
    /// A run of a single cell.
    #[error("{direction} run of {len} cell (runs have 2 to {MAX_RUN} cells)")]
    RunTooShort {
        /// Direction of the run.
        direction: Direction,
        /// Its length.
        len: usize,
    },
    /// A run of more than 9 cells.
    #[error("{direction} run of {len} cells (runs have 2 to {MAX_RUN} cells)")]
    RunTooLong {
        /// Direction of the run.
        direction: Direction,
        /// Its length.
        len: usize,
    },
}

/// A layout that breaks the run rules, with the cell where it does (for a run,
/// its first cell).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("row {row}, column {col}: {rule}")]
pub struct LayoutError {
    /// Row of the offending cell (0-based).
    pub row: usize,
    /// Column of the offending cell (0-based).
    pub col: usize,
    /// What is wrong.
    pub rule: LayoutRule,
}

impl Layout {
    /// A layout of `rows` × `cols` without digit cells, or `None` when the size
    /// is outside 1..=[`MAX_SIDE`].
    pub fn empty(rows: usize, cols: usize) -> Option<Layout> {
        ((1..=MAX_SIDE).contains(&rows) && (1..=MAX_SIDE).contains(&cols)).then(|| Layout {
            rows,
            cols,
            digit: vec![false; rows * cols],
        })
    }

    /// The layout of a board: its digit cells.
    pub fn of_board(board: &crate::Board) -> Layout {
        Layout {
            rows: board.rows(),
            cols: board.cols(),
            digit: board.cells().iter().map(|c| c.is_digit_cell()).collect(),
        }
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Whether `(row, col)` is a digit cell (false outside the layout).
    pub fn is_digit(&self, row: usize, col: usize) -> bool {
        row < self.rows && col < self.cols && self.digit[row * self.cols + col]
    }

    /// Makes `(row, col)` a digit cell or not; positions outside are ignored.
    pub fn set_digit(&mut self, row: usize, col: usize, digit: bool) {
        if row < self.rows && col < self.cols {
            self.digit[row * self.cols + col] = digit;
        }
    }

    /// Number of digit cells.
    pub fn digit_cells(&self) -> usize {
        self.digit.iter().filter(|&&d| d).count()
    }

    /// Share of digit cells among the cells outside the first row and column.
    pub fn digit_share(&self) -> f64 {
        let inner = (self.rows.saturating_sub(1) * self.cols.saturating_sub(1)).max(1);
        self.digit_cells() as f64 / inner as f64
    }

    /// Checks the rules every generated or edited puzzle follows: at least one
    /// digit cell, none in the first row or column, every run 2 to 9 cells.
    /// Reports the first problem in reading order.
    pub fn check(&self) -> Result<(), LayoutError> {
        if self.digit_cells() == 0 {
            return Err(LayoutError {
                row: 0,
                col: 0,
                rule: LayoutRule::NoDigitCells,
            });
        }
        if let Some(col) = (0..self.cols).find(|&c| self.is_digit(0, c)) {
            return Err(LayoutError {
                row: 0,
                col,
                rule: LayoutRule::DigitInFirstRow,
            });
        }
        if let Some(row) = (0..self.rows).find(|&r| self.is_digit(r, 0)) {
            return Err(LayoutError {
                row,
                col: 0,
                rule: LayoutRule::DigitInFirstColumn,
            });
        }
        for row in 0..self.rows {
            for col in 0..self.cols {
                for direction in [Direction::Across, Direction::Down] {
                    if let Some(len) = self.run_starting_at(row, col, direction) {
                        let rule = if len < 2 {
                            LayoutRule::RunTooShort { direction, len }
                        } else if len > MAX_RUN {
                            LayoutRule::RunTooLong { direction, len }
                        } else {
                            continue;
                        };
                        return Err(LayoutError { row, col, rule });
                    }
                }
            }
        }
        Ok(())
    }

    /// The length of the run starting at `(row, col)` in `direction`, if a run
    /// starts there.
    fn run_starting_at(&self, row: usize, col: usize, direction: Direction) -> Option<usize> {
        let (dr, dc) = direction.step();
        let starts =
            self.is_digit(row, col) && (row < dr || col < dc || !self.is_digit(row - dr, col - dc));
        // Nothing lies before a run's first cell, so its whole length is ahead.
        starts.then(|| self.run_through(row, col, direction))
    }

    /// Whether the digit cells look the same after a half turn of the area
    /// outside the first row and column (cell `(r, c)` maps to `(R − r, C − c)`),
    /// as published puzzles do.
    pub fn is_symmetric(&self) -> bool {
        (1..self.rows).all(|r| {
            (1..self.cols)
                .all(|c| self.is_digit(r, c) == self.is_digit(self.rows - r, self.cols - c))
        }) && (0..self.cols).all(|c| !self.is_digit(0, c))
            && (0..self.rows).all(|r| !self.is_digit(r, 0))
    }

    /// Whether all digit cells form one group joined through shared sides.
    pub fn is_connected(&self) -> bool {
        self.is_connected_using(&mut Vec::new())
    }

    /// Draws a random layout of `rows` × `cols` that follows [`Layout::check`],
    /// is symmetric under a half turn, has connected digit cells, runs of at
    /// most `max_run` cells and a digit share within `share`. `None` when this
    /// draw failed (the caller draws again).
    ///
    /// It starts with every cell outside the first row and column a digit cell
    /// and turns mirrored pairs of cells into non-digit cells in random order,
    /// skipping any pair that would leave a run of one cell or split the digit
    /// cells, until the share is reached and no run is too long.
    pub(crate) fn random(
        rows: usize,
        cols: usize,
        share: (f64, f64),
        max_run: usize,
        rng: &mut impl Rng,
    ) -> Option<Layout> {
        if rows < 3 || cols < 3 {
            return None;
        }
        let mut layout = Layout::empty(rows, cols)?;
        for r in 1..rows {
            for c in 1..cols {
                layout.set_digit(r, c, true);
            }
        }
        let target = rng.random_range(share.0..=share.1);
        let orbits: Vec<(usize, usize)> = (1..rows)
            .flat_map(|r| (1..cols).map(move |c| (r, c)))
            .filter(|&(r, c)| (r, c) <= (rows - r, cols - c))
            .collect();
        // Cells whose removal was refused since the last change.
        let mut refused = vec![false; orbits.len()];
        let mut weights = vec![0.0f64; orbits.len()];
        let mut scratch = Vec::new();
        let mut removed = Vec::new();
        // The lengths of the runs across and down through every cell, kept
        // up to date line by line as cells go.
        let (mut across, mut down) = (vec![0u8; rows * cols], vec![0u8; rows * cols]);
        for row in 0..rows {
            layout.run_lengths_along(&mut across, row * cols, 1, cols);
        }
        for col in 0..cols {
            layout.run_lengths_along(&mut down, col, cols, rows);
        }
        loop {
            let share_reached = layout.digit_share() <= target;
            let mut total = 0.0;
            for (i, &(r, c)) in orbits.iter().enumerate() {
                let through = usize::from(across[r * cols + c].max(down[r * cols + c]));
                weights[i] = if refused[i] || through == 0 || (share_reached && through <= max_run)
                {
                    0.0
                } else {
                    // Cut long runs first, so runs end up of similar lengths.
                    (through * through) as f64
                };
                total += weights[i];
            }
            if total == 0.0 {
                break;
            }
            let mut pick = rng.random_range(0.0..total);
            let chosen = weights
                .iter()
                .position(|&w| {
                    pick -= w;
                    pick < 0.0
                })
                .unwrap_or(weights.len() - 1);
            let (r, c) = orbits[chosen];
            if layout.block_pair(r, c, &mut removed, &mut scratch) {
                refused.fill(false);
                for &(r, c) in &removed {
                    layout.run_lengths_along(&mut across, r * cols, 1, cols);
                    layout.run_lengths_along(&mut down, c, cols, rows);
                }
            } else {
                refused[chosen] = true;
            }
        }
        let s = layout.digit_share();
        let ok = s >= share.0
            && s <= share.1
            && layout.longest_run() <= max_run
            && layout.check().is_ok();
        ok.then_some(layout)
    }

    /// Turns the digit cell `(row, col)` and its mirror cell into non-digit
    /// cells, together with the few cells this leaves on runs of one cell (and
    /// their mirror cells). Undone, returning false, when that would take more
    /// than a handful of cells or split the digit cells.
    fn block_pair(
        &mut self,
        row: usize,
        col: usize,
        removed: &mut Vec<(usize, usize)>,
        scratch: &mut Vec<usize>,
    ) -> bool {
        const MOST_REMOVED: usize = 8;
        removed.clear();
        let mut next = Some((row, col));
        while let Some((r, c)) = next {
            for (r, c) in [(r, c), (self.rows - r, self.cols - c)] {
                if self.is_digit(r, c) {
                    self.set_digit(r, c, false);
                    removed.push((r, c));
                }
            }
            next = if removed.len() > MOST_REMOVED {
                None
            } else {
                removed
                    .iter()
                    .find_map(|&(r, c)| self.single_cell_run_near(r, c))
            };
        }
        let ok = removed.len() <= MOST_REMOVED
            && (self.removed_locally(removed) || self.is_connected_using(scratch));
        if !ok {
            for &(r, c) in removed.iter() {
                self.set_digit(r, c, true);
            }
        }
        ok
    }

    /// Length of the longest run.
    fn longest_run(&self) -> usize {
        let mut longest = 0;
        for row in 0..self.rows {
            for col in 0..self.cols {
                for direction in [Direction::Across, Direction::Down] {
                    if let Some(len) = self.run_starting_at(row, col, direction) {
                        longest = longest.max(len);
                    }
                }
            }
        }
        longest
    }

    /// Writes into `table` (row-major, one entry a cell) the length of the
    /// run through each cell of one line (0 for a non-digit cell): the line
    /// of `len` cells from index `first` in steps of `step` (1 for a row,
    /// the width for a column). [`Layout::random`] keeps its tables of run
    /// lengths with it, a line at a time, instead of walking both runs from
    /// every cell at every step, which was a quarter of a 30×30's generation.
    fn run_lengths_along(&self, table: &mut [u8], first: usize, step: usize, len: usize) {
        let mut pos = 0;
        while pos < len {
            let start = pos;
            while pos < len && self.digit[first + pos * step] {
                pos += 1;
            }
            let run = (pos - start).min(usize::from(u8::MAX)) as u8;
            for i in start..pos {
                table[first + i * step] = run;
            }
            if pos < len {
                table[first + pos * step] = 0;
                pos += 1;
            }
        }
    }

    /// Length of the run through `(row, col)` in `direction` (0 if not a digit cell).
    fn run_through(&self, row: usize, col: usize, direction: Direction) -> usize {
        if !self.is_digit(row, col) {
            return 0;
        }
        let (dr, dc) = direction.step();
        let mut len = 1;
        let (mut r, mut c) = (row + dr, col + dc);
        while self.is_digit(r, c) {
            len += 1;
            r += dr;
            c += dc;
        }
        let (mut r, mut c) = (row.wrapping_sub(dr), col.wrapping_sub(dc));
        while self.is_digit(r, c) {
            len += 1;
            r = r.wrapping_sub(dr);
            c = c.wrapping_sub(dc);
        }
        len
    }

    /// A digit cell next to `(row, col)` that lies on a run of one cell.
    fn single_cell_run_near(&self, row: usize, col: usize) -> Option<(usize, usize)> {
        let neighbours = [
            (row.wrapping_sub(1), col),
            (row + 1, col),
            (row, col.wrapping_sub(1)),
            (row, col + 1),
        ];
        neighbours.into_iter().find(|&(r, c)| {
            self.is_digit(r, c)
                && (self.run_through(r, c, Direction::Across) == 1
                    || self.run_through(r, c, Direction::Down) == 1)
        })
    }

    /// True when taking out the `removed` cells (already non-digit cells),
    /// one after the other, provably kept the digit cells connected: each
    /// cell's digit neighbours were joined around it, through the eight
    /// cells that ring it, when it went. A path through the cell then goes
    /// around it instead. False says nothing (the full search decides); it
    /// spares that search almost every time.
    fn removed_locally(&mut self, removed: &[(usize, usize)]) -> bool {
        for &(r, c) in removed {
            self.set_digit(r, c, true);
        }
        for (i, &(r, c)) in removed.iter().enumerate() {
            if !self.joined_around(r, c) {
                for &(r, c) in &removed[i..] {
                    self.set_digit(r, c, false);
                }
                return false;
            }
            self.set_digit(r, c, false);
        }
        true
    }

    /// True when the digit cells beside `(row, col)` (up, down, left, right)
    /// all lie on one unbroken arc of digit cells in the ring of eight cells
    /// around it (consecutive ring cells share a side).
    fn joined_around(&self, row: usize, col: usize) -> bool {
        // The ring in order; even places are the cells beside (row, col).
        let (up, left) = (row.wrapping_sub(1), col.wrapping_sub(1));
        let ring = [
            (up, col),
            (up, col + 1),
            (row, col + 1),
            (row + 1, col + 1),
            (row + 1, col),
            (row + 1, left),
            (row, left),
            (up, left),
        ];
        let digit = ring.map(|(r, c)| self.is_digit(r, c));
        let Some(gap) = digit.iter().position(|&d| !d) else {
            return true;
        };
        // Walk the ring from a gap: count the arcs holding a side cell.
        let mut arcs = 0;
        let mut in_arc_with_side = false;
        for step in 1..=8 {
            let i = (gap + step) % 8;
            if digit[i] {
                if i % 2 == 0 && !in_arc_with_side {
                    in_arc_with_side = true;
                    arcs += 1;
                }
            } else {
                in_arc_with_side = false;
            }
        }
        arcs <= 1
    }

    /// [`Layout::is_connected`] with a reusable stack.
    fn is_connected_using(&self, stack: &mut Vec<usize>) -> bool {
        let Some(start) = self.digit.iter().position(|&d| d) else {
            return true;
        };
        let mut seen = vec![false; self.digit.len()];
        seen[start] = true;
        stack.clear();
        stack.push(start);
        let mut reached = 1;
        while let Some(i) = stack.pop() {
            let (r, c) = (i / self.cols, i % self.cols);
            let neighbours = [
                (r.wrapping_sub(1), c),
                (r + 1, c),
                (r, c.wrapping_sub(1)),
                (r, c + 1),
            ];
            for (nr, nc) in neighbours {
                if self.is_digit(nr, nc) && !seen[nr * self.cols + nc] {
                    seen[nr * self.cols + nc] = true;
                    reached += 1;
                    stack.push(nr * self.cols + nc);
                }
            }
        }
        reached == self.digit_cells()
    }
}

impl fmt::Display for Layout {
    /// The header, then `-` or `0` per cell.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.rows, self.cols)?;
        for row in self.digit.chunks(self.cols) {
            f.write_str("\n")?;
            for (i, &d) in row.iter().enumerate() {
                if i > 0 {
                    f.write_str(" ")?;
                }
                f.write_str(if d { "0" } else { "-" })?;
            }
        }
        Ok(())
    }
}

impl FromStr for Layout {
    type Err = crate::board::ParseError;

    /// Reads the `-` / `0` format. Only the tokens are checked here; the run
    /// rules are checked by [`Layout::check`].
    fn from_str(text: &str) -> Result<Layout, Self::Err> {
        let (rows, cols, digit) = crate::board::parse_layout_tokens(text)?;
        Ok(Layout { rows, cols, digit })
    }
}
