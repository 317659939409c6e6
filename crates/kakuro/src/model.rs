//! The compiled form of a board that the solvers and the generator work on:
//! digit cells numbered 0..n, runs as fixed arrays of cell numbers, and for
//! every cell the two runs through it. Candidates are `u16` masks in
//! [`crate::DigitSet`] layout, one per digit cell.

use crate::board::{Board, Cell, Direction, Solution};
use crate::digits::{combo_masks, digit_of, digit_range, is_single, ALL_DIGITS, MAX_RUN};
use crate::layout::Layout;

/// One run: its sum and its cells (digit-cell numbers).
#[derive(Clone, Copy, Debug)]
pub(crate) struct RunData {
    /// The clue's sum (0 while a generator has not chosen it).
    pub sum: u32,
    /// Number of cells, 1..=9.
    pub len: usize,
    /// Cell numbers; only the first `len` are used.
    pub cells: [u16; MAX_RUN],
    /// Board index of the clue cell.
    pub clue: u32,
    /// Which way the run goes.
    pub direction: Direction,
}

impl RunData {
    /// The cells of the run.
    #[inline]
    pub fn cells(&self) -> &[u16] {
        &self.cells[..self.len]
    }

    /// The run under candidate `masks`, or None when it cannot be completed
    /// (a digit placed twice, the placed digits over the sum, or no open cell
    /// left and the sum not met). Both solvers start every run step here.
    #[inline]
    pub fn view(&self, masks: &[u16]) -> Option<RunView> {
        let mut view = RunView {
            placed: 0,
            rest: self.sum,
            open: [0; MAX_RUN],
            count: 0,
            union: 0,
        };
        for &cell in self.cells() {
            let m = masks[cell as usize];
            if is_single(m) {
                if view.placed & m != 0 {
                    return None;
                }
                view.placed |= m;
                view.rest = view.rest.checked_sub(digit_of(m))?;
            } else {
                view.open[view.count] = cell;
                view.count += 1;
                view.union |= m;
            }
        }
        if view.count == 0 && view.rest != 0 {
            return None;
        }
        Some(view)
    }
}

/// A run under some candidate masks: see [`RunData::view`].
pub(crate) struct RunView {
    /// The digits of its cells with a single candidate.
    pub placed: u16,
    /// The sum less the placed digits.
    pub rest: u32,
    /// Its cells with more than one candidate; the first `count` are used.
    pub open: [u16; MAX_RUN],
    /// Number of open cells.
    pub count: usize,
    /// Every candidate of the open cells.
    pub union: u16,
}

impl RunView {
    /// The open cells.
    #[inline]
    pub fn open(&self) -> &[u16] {
        &self.open[..self.count]
    }

    /// The digit sets for the open cells that avoid the placed digits, use
    /// only digits some open cell has and meet every open cell: their union
    /// and intersection, or None when no set fits.
    #[inline]
    pub fn fitting_sets(&self, masks: &[u16]) -> Option<(u16, u16)> {
        let mut union = 0u16;
        let mut intersection = ALL_DIGITS;
        for &combo in combo_masks(self.rest, self.count) {
            if combo & self.placed != 0 || combo & !self.union != 0 {
                continue;
            }
            if self.open().iter().all(|&c| masks[c as usize] & combo != 0) {
                union |= combo;
                intersection &= combo;
            }
        }
        (union != 0).then_some((union, intersection))
    }

    /// Which open cells can take digit `bit` under `masks`. The required-digit
    /// rule of both solvers: a digit every fitting set needs goes into its only
    /// holder, and a needed digit without a holder breaks the run.
    #[inline]
    pub fn holder(&self, masks: &[u16], bit: u16) -> Holder {
        let mut holders = self
            .open()
            .iter()
            .filter(|&&cell| masks[cell as usize] & bit != 0);
        match (holders.next(), holders.next()) {
            (None, _) => Holder::Nobody,
            (Some(&cell), None) => Holder::One(cell),
            (Some(_), Some(_)) => Holder::Several,
        }
    }
}

/// Which open cells of a run can take a digit (see [`RunView::holder`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Holder {
    /// No open cell can: the run cannot be completed if it needs the digit.
    Nobody,
    /// Exactly this cell can.
    One(u16),
    /// Two or more cells can.
    Several,
}

/// The digits an open cell of a run can hold when the open cells must make
/// `rest` together and the other open cells hold at least `others_least` and
/// at most `others_most`: at least the rest minus what the others hold at
/// most, and at most the rest minus what they hold at least. None when no
/// digit fits. The sum-bound rule of both solvers: the search feeds it each
/// cell's extremes, the logical solver (Technique::SumBounds) tightens them
/// with the distinct digits the other cells can hold.
#[inline]
pub(crate) fn sum_bound(rest: u32, others_least: u32, others_most: u32) -> Option<u16> {
    let high = rest.saturating_sub(others_least).min(9);
    let low = rest.saturating_sub(others_most).max(1);
    (low <= high).then(|| digit_range(low, high))
}

/// A board compiled for solving.
#[derive(Clone, Debug)]
pub(crate) struct Model {
    pub rows: usize,
    pub cols: usize,
    /// Board index of each digit cell.
    pub cell_pos: Vec<u32>,
    /// Digit cell at each board index (`u32::MAX` for other cells).
    pub cell_at: Vec<u32>,
    /// The across and down run of each digit cell.
    pub cell_runs: Vec<[u32; 2]>,
    pub runs: Vec<RunData>,
    /// Starting candidates: a single digit for filled cells, all digits otherwise.
    pub givens: Vec<u16>,
}

impl Model {
    /// Compiles a board (whose structure [`Board`] has already checked).
    pub fn from_board(board: &Board) -> Model {
        let digit: Vec<bool> = board.cells().iter().map(|c| c.is_digit_cell()).collect();
        let mut model = Model::from_pattern(board.rows(), board.cols(), &digit);
        for run in &mut model.runs {
            if let Cell::Clue { down, across } = board.cells()[run.clue as usize] {
                let sum = match run.direction {
                    Direction::Across => across,
                    Direction::Down => down,
                };
                run.sum = u32::from(sum.unwrap_or(0));
            }
        }
        for (cell, &pos) in model.cell_pos.iter().enumerate() {
            if let Cell::Digit(Some(d)) = board.cells()[pos as usize] {
                model.givens[cell] = 1 << d;
            }
        }
        model
    }

    /// Compiles a layout; every run sum is 0 until the generator sets it.
    pub fn from_layout(layout: &Layout) -> Model {
        let digit: Vec<bool> = (0..layout.rows() * layout.cols())
            .map(|i| layout.is_digit(i / layout.cols(), i % layout.cols()))
            .collect();
        Model::from_pattern(layout.rows(), layout.cols(), &digit)
    }

    /// Numbers the digit cells and finds the runs. A run's clue is the cell
    /// before its first cell; a run starting at the edge (impossible in a
    /// checked board) gets the clue index of its first cell.
    fn from_pattern(rows: usize, cols: usize, digit: &[bool]) -> Model {
        let mut number = vec![u32::MAX; rows * cols];
        let mut cell_pos = Vec::new();
        for (i, &d) in digit.iter().enumerate() {
            if d {
                number[i] = cell_pos.len() as u32;
                cell_pos.push(i as u32);
            }
        }
        let mut cell_runs = vec![[u32::MAX; 2]; cell_pos.len()];
        let mut runs = Vec::new();
        for (slot, direction) in [Direction::Across, Direction::Down].into_iter().enumerate() {
            let step = match direction {
                Direction::Across => 1,
                Direction::Down => cols,
            };
            for (i, &d) in digit.iter().enumerate() {
                let (r, c) = (i / cols, i % cols);
                let at_start = match direction {
                    Direction::Across => c == 0 || !digit[i - 1],
                    Direction::Down => r == 0 || !digit[i - cols],
                };
                if !d || !at_start {
                    continue;
                }
                let mut run = RunData {
                    sum: 0,
                    len: 0,
                    cells: [0; MAX_RUN],
                    clue: match direction {
                        Direction::Across if c > 0 => (i - 1) as u32,
                        Direction::Down if r > 0 => (i - cols) as u32,
                        _ => i as u32,
                    },
                    direction,
                };
                let mut j = i;
                loop {
                    // Runs longer than 9 are rejected before compiling; stop
                    // filling at 9 all the same rather than overflow.
                    if run.len < MAX_RUN {
                        run.cells[run.len] = number[j] as u16;
                        run.len += 1;
                    }
                    cell_runs[number[j] as usize][slot] = runs.len() as u32;
                    let next = j + step;
                    let same_line = direction == Direction::Down || next % cols != 0;
                    if next >= digit.len() || !same_line || !digit[next] {
                        break;
                    }
                    j = next;
                }
                runs.push(run);
            }
        }
        Model {
            rows,
            cols,
            givens: vec![ALL_DIGITS; cell_pos.len()],
            cell_pos,
            cell_at: number,
            cell_runs,
            runs,
        }
    }

    /// Number of digit cells.
    #[inline]
    pub fn cell_count(&self) -> usize {
        self.cell_pos.len()
    }

    /// The solution whose digits are the single candidates of `masks`.
    pub fn solution(&self, masks: &[u16]) -> Solution {
        let mut digits = vec![0u8; self.rows * self.cols];
        for (cell, &pos) in self.cell_pos.iter().enumerate() {
            digits[pos as usize] = digit_of(masks[cell]) as u8;
        }
        Solution::from_digits(self.rows, self.cols, digits)
            .expect("a model's size comes from a checked board or layout")
    }

    /// The puzzle board: clue sums from the runs, empty digit cells.
    /// `None` if a run's sum is impossible (the caller set a bad sum).
    pub fn puzzle(&self) -> Option<Board> {
        let mut cells = vec![Cell::Blank; self.rows * self.cols];
        for &pos in &self.cell_pos {
            cells[pos as usize] = Cell::Digit(None);
        }
        for run in &self.runs {
            let sum = Some(u8::try_from(run.sum).ok()?);
            let clue = &mut cells[run.clue as usize];
            let (mut down, mut across) = match *clue {
                Cell::Clue { down, across } => (down, across),
                _ => (None, None),
            };
            match run.direction {
                Direction::Across => across = sum,
                Direction::Down => down = sum,
            }
            *clue = Cell::Clue { down, across };
        }
        Board::from_cells(self.rows, self.cols, cells).ok()
    }
}
