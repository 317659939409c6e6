//! The board model and its text format.
//!
//! A board is R×C cells; each is blank, a clue (a sum for the run below and/or the
//! run to the right) or a digit cell (empty or holding 1..=9). The text format is
//! the one of the shared Janko corpus:
//!
//! ```text
//! 4 4
//! - 4, 16, -
//! ,3 0 0 -
//! ,17 0 0 6,
//! - ,8 0 0
//! ```
//!
//! The first line is `R C`; then come R lines of C tokens separated by spaces:
//! `-` blank, `0` empty digit cell, `1`..`9` a filled digit cell, and
//! `down,across` a clue where either side may be empty (`16,` or `,23`).
//! Whitespace around each line is ignored and blank lines after the grid are
//! allowed; [`Board`]'s `Display` writes the canonical form, so parse then format
//! round-trips exactly.
//!
//! A [`Solution`] uses the same header and `-` for every cell that is not a digit
//! cell and `1`..`9` for the digit cells, as the corpus's solutions do.

use crate::digits::{sum_is_possible, MAX_RUN};
use gridforge_game::excerpt;
use std::fmt;
use std::str::FromStr;

/// Largest number of rows or columns a board may have.
pub const MAX_SIDE: usize = 100;

/// The two directions a run goes in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// A run to the right of its clue.
    Across,
    /// A run below its clue.
    Down,
}

impl Direction {
    /// The `(row, column)` step from one cell of a run to the next.
    pub fn step(self) -> (usize, usize) {
        match self {
            Direction::Across => (0, 1),
            Direction::Down => (1, 0),
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Direction::Across => "across",
            Direction::Down => "down",
        })
    }
}

/// One cell of a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// A cell that is neither a clue nor a digit cell.
    Blank,
    /// A clue: the sum of the run below (`down`) and/or to the right (`across`).
    Clue {
        /// Sum of the run below, if this clue has one.
        down: Option<u8>,
        /// Sum of the run to the right, if this clue has one.
        across: Option<u8>,
    },
    /// A digit cell: `None` while empty, or the digit 1..=9 written in it.
    Digit(Option<u8>),
}

impl Cell {
    /// Whether this is a digit cell (empty or filled).
    pub fn is_digit_cell(self) -> bool {
        matches!(self, Cell::Digit(_))
    }
}

/// A rule of the board structure that a cell breaks (see [`BoardError`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    /// The board has no rows or columns, or more than [`MAX_SIDE`].
    #[error("a board has 1 to {MAX_SIDE} rows and columns, not {rows}×{cols}")]
    BadSize {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
    },
    /// The number of cells does not match rows × columns.
    #[error("{found} cells given for a {rows}×{cols} board")]
    CellCount {
        /// Rows of the board.
        rows: usize,
        /// Columns of the board.
        cols: usize,
        /// Cells given.
        found: usize,
    },
    /// A digit cell holds a value outside 1..=9.
    #[error("digit {0} is not in 1..=9")]
    BadDigit(u8),
    /// A clue cell carries no sum at all.
    #[error("clue cell without a sum")]
    EmptyClue,
    /// A run is longer than 9 cells.
    #[error("{direction} run of {len} cells (at most {MAX_RUN})")]
    RunTooLong {
        /// Which run of the clue.
        direction: Direction,
        /// Its length.
        len: usize,
    },
    /// A digit cell starts a run but the cell before it is not a clue with a sum
    /// for that direction.
    #[error("{direction} run without a clue")]
    RunWithoutClue {
        /// Direction of the run.
        direction: Direction,
    },
    /// A clue has a sum for a direction in which no digit cell follows it.
    #[error("{direction} clue without a run")]
    ClueWithoutRun {
        /// Direction of the clue's sum.
        direction: Direction,
    },
    /// No set of distinct digits of the run's length makes the clue's sum.
    #[error("impossible sum: {len} distinct digits cannot make {sum} ({direction})")]
    ImpossibleSum {
        /// Direction of the run.
        direction: Direction,
        /// The clue's sum.
        sum: u32,
        /// The run's length.
        len: usize,
    },
}

/// A board whose structure breaks a rule, with the cell where it does.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("row {row}, column {col}: {rule}")]
pub struct BoardError {
    /// Row of the offending cell (0-based).
    pub row: usize,
    /// Column of the offending cell (0-based).
    pub col: usize,
    /// What is wrong.
    pub rule: RuleError,
}

/// What is wrong with a text description (see [`ParseError`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseErrorKind {
    /// The text is empty.
    #[error("empty description: expected a first line `ROWS COLS`")]
    Empty,
    /// The first line is not two numbers.
    #[error("bad header {0:?}: expected `ROWS COLS`")]
    BadHeader(String),
    /// Fewer grid lines than the header announced.
    #[error("expected {expected} rows, found {found}")]
    MissingRows {
        /// Rows announced.
        expected: usize,
        /// Rows present.
        found: usize,
    },
    /// Text after the last grid row.
    #[error("unexpected text after the last row")]
    ExtraRow,
    /// A row with the wrong number of tokens.
    #[error("expected {expected} cells in this row, found {found}")]
    RowLength {
        /// Columns announced.
        expected: usize,
        /// Tokens present.
        found: usize,
    },
    /// A token that is not one the format allows here.
    #[error("bad token {token:?}: expected {expected}")]
    BadToken {
        /// The token as written.
        token: String,
        /// What the format allows at this place.
        expected: &'static str,
    },
    /// The tokens parse but the board breaks a structural rule.
    #[error(transparent)]
    Rule(RuleError),
    /// The board has no digit cell, so no run: it is not a puzzle.
    #[error("the board has no digit cells (no runs): not a puzzle")]
    NoRuns,
}

/// A text description that cannot be read, with where and what.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct ParseError {
    /// 1-based line of the text.
    pub line: usize,
    /// 1-based character column in that line.
    pub column: usize,
    /// What is wrong.
    pub kind: ParseErrorKind,
}

/// A Kakuro board: the puzzle, or a puzzle partly or completely filled in.
///
/// Built by parsing the text format or by [`Board::from_cells`]; either way the
/// structure is checked: every run has a clue, every clue sum has a run, runs
/// are at most 9 cells and every sum is possible. Runs of a single cell are
/// accepted (published puzzles have a few); the generator never makes them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    rows: usize,
    cols: usize,
    cells: Vec<Cell>,
}

/// One run of a board: a clue's sum and the digit cells it covers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    /// Which way the run goes from its clue.
    pub direction: Direction,
    /// The clue cell, `(row, col)`.
    pub clue: (usize, usize),
    /// The required sum.
    pub sum: u32,
    /// The digit cells, `(row, col)`, in order from the clue.
    pub cells: Vec<(usize, usize)>,
}

impl Board {
    /// Builds a board from its cells in row-major order, checking the structure.
    pub fn from_cells(rows: usize, cols: usize, cells: Vec<Cell>) -> Result<Board, BoardError> {
        if rows == 0 || cols == 0 || rows > MAX_SIDE || cols > MAX_SIDE {
            return Err(BoardError {
                row: 0,
                col: 0,
                rule: RuleError::BadSize { rows, cols },
            });
        }
        if cells.len() != rows * cols {
            return Err(BoardError {
                row: 0,
                col: 0,
                rule: RuleError::CellCount {
                    rows,
                    cols,
                    found: cells.len(),
                },
            });
        }
        let board = Board { rows, cols, cells };
        board.check_structure()?;
        Ok(board)
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The cell at `(row, col)`, or `None` outside the board.
    pub fn cell(&self, row: usize, col: usize) -> Option<Cell> {
        (row < self.rows && col < self.cols).then(|| self.cells[row * self.cols + col])
    }

    /// All cells in row-major order.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// Writes `digit` (1..=9, or `None` to erase) into the digit cell at
    /// `(row, col)`. Errors when the cell is not a digit cell or the digit is
    /// out of range; it does not check the rules (see [`crate::validate`]).
    pub fn set_digit(
        &mut self,
        row: usize,
        col: usize,
        digit: Option<u8>,
    ) -> Result<(), SetDigitError> {
        let cell = self
            .cell(row, col)
            .ok_or(SetDigitError::OutOfBoard { row, col })?;
        if !cell.is_digit_cell() {
            return Err(SetDigitError::NotADigitCell { row, col });
        }
        if let Some(d) = digit {
            if !(1..=9).contains(&d) {
                return Err(SetDigitError::BadDigit(d));
            }
        }
        self.cells[row * self.cols + col] = Cell::Digit(digit);
        Ok(())
    }

    /// The same board with every digit cell emptied: the bare puzzle.
    pub fn cleared(&self) -> Board {
        let cells = self
            .cells
            .iter()
            .map(|&c| {
                if c.is_digit_cell() {
                    Cell::Digit(None)
                } else {
                    c
                }
            })
            .collect();
        Board {
            rows: self.rows,
            cols: self.cols,
            cells,
        }
    }

    /// The board with the digits of `solution` written in. Errors when the
    /// solution's shape or digit cells differ from the board's.
    pub fn filled_with(&self, solution: &Solution) -> Result<Board, ShapeMismatch> {
        if solution.rows() != self.rows || solution.cols() != self.cols {
            return Err(ShapeMismatch::Size);
        }
        let mut cells = self.cells.clone();
        for (i, cell) in cells.iter_mut().enumerate() {
            let (row, col) = (i / self.cols, i % self.cols);
            match (cell.is_digit_cell(), solution.digit(row, col)) {
                (true, Some(d)) => *cell = Cell::Digit(Some(d)),
                (false, None) => {}
                _ => return Err(ShapeMismatch::Cell { row, col }),
            }
        }
        Ok(Board {
            rows: self.rows,
            cols: self.cols,
            cells,
        })
    }

    /// Every run of the board, across runs first, each in reading order of its clue.
    pub fn runs(&self) -> Vec<Run> {
        let mut runs = Vec::new();
        for direction in [Direction::Across, Direction::Down] {
            for row in 0..self.rows {
                for col in 0..self.cols {
                    let sum = match (self.cells[row * self.cols + col], direction) {
                        (
                            Cell::Clue {
                                across: Some(s), ..
                            },
                            Direction::Across,
                        ) => s,
                        (Cell::Clue { down: Some(s), .. }, Direction::Down) => s,
                        _ => continue,
                    };
                    runs.push(Run {
                        direction,
                        clue: (row, col),
                        sum: u32::from(sum),
                        cells: self.run_cells(row, col, direction),
                    });
                }
            }
        }
        runs
    }

    /// The digit cells following `(row, col)` in `direction` up to the next
    /// non-digit cell or the edge.
    fn run_cells(&self, row: usize, col: usize, direction: Direction) -> Vec<(usize, usize)> {
        let (dr, dc) = direction.step();
        let mut cells = Vec::new();
        let (mut r, mut c) = (row + dr, col + dc);
        while r < self.rows && c < self.cols && self.cells[r * self.cols + c].is_digit_cell() {
            cells.push((r, c));
            r += dr;
            c += dc;
        }
        cells
    }

    fn check_structure(&self) -> Result<(), BoardError> {
        for row in 0..self.rows {
            for col in 0..self.cols {
                let fail = |rule| Err(BoardError { row, col, rule });
                match self.cells[row * self.cols + col] {
                    Cell::Blank => {}
                    Cell::Digit(Some(d)) if !(1..=9).contains(&d) => {
                        return fail(RuleError::BadDigit(d))
                    }
                    Cell::Digit(_) => {
                        for direction in [Direction::Across, Direction::Down] {
                            let before = match direction {
                                Direction::Across => col.checked_sub(1).map(|c| (row, c)),
                                Direction::Down => row.checked_sub(1).map(|r| (r, col)),
                            };
                            let clued = match before.and_then(|(r, c)| self.cell(r, c)) {
                                Some(Cell::Digit(_)) => true,
                                Some(Cell::Clue { down, across }) => match direction {
                                    Direction::Across => across.is_some(),
                                    Direction::Down => down.is_some(),
                                },
                                _ => false,
                            };
                            if !clued {
                                return fail(RuleError::RunWithoutClue { direction });
                            }
                        }
                    }
                    Cell::Clue {
                        down: None,
                        across: None,
                    } => return fail(RuleError::EmptyClue),
                    Cell::Clue { down, across } => {
                        for (direction, sum) in
                            [(Direction::Down, down), (Direction::Across, across)]
                        {
                            let Some(sum) = sum else { continue };
                            let len = self.run_cells(row, col, direction).len();
                            if len == 0 {
                                return fail(RuleError::ClueWithoutRun { direction });
                            }
                            if len > MAX_RUN {
                                return fail(RuleError::RunTooLong { direction, len });
                            }
                            if !sum_is_possible(u32::from(sum), len) {
                                return fail(RuleError::ImpossibleSum {
                                    direction,
                                    sum: u32::from(sum),
                                    len,
                                });
                            }
                        }
                    }
                }
            }
        }
        Ok(())
    }
}

/// Why [`Board::set_digit`] refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetDigitError {
    /// The position is outside the board.
    #[error("row {row}, column {col} is outside the board")]
    OutOfBoard {
        /// Row asked for.
        row: usize,
        /// Column asked for.
        col: usize,
    },
    /// The cell is a clue or blank.
    #[error("row {row}, column {col} is not a digit cell")]
    NotADigitCell {
        /// Row asked for.
        row: usize,
        /// Column asked for.
        col: usize,
    },
    /// The digit is not in 1..=9.
    #[error("digit {0} is not in 1..=9")]
    BadDigit(u8),
}

/// A solution that does not fit a board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShapeMismatch {
    /// Different numbers of rows or columns.
    #[error("the solution and the board differ in size")]
    Size,
    /// A digit where the board has none, or none where it has a digit cell.
    #[error("row {row}, column {col}: the solution and the board disagree on the digit cells")]
    Cell {
        /// Row of the first disagreement.
        row: usize,
        /// Column of the first disagreement.
        col: usize,
    },
}

impl fmt::Display for Board {
    /// The canonical text format (see the module documentation).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.rows, self.cols)?;
        for row in self.cells.chunks(self.cols) {
            f.write_str("\n")?;
            for (i, cell) in row.iter().enumerate() {
                if i > 0 {
                    f.write_str(" ")?;
                }
                match *cell {
                    Cell::Blank => f.write_str("-")?,
                    Cell::Digit(None) => f.write_str("0")?,
                    Cell::Digit(Some(d)) => write!(f, "{d}")?,
                    Cell::Clue { down, across } => {
                        if let Some(s) = down {
                            write!(f, "{s}")?;
                        }
                        f.write_str(",")?;
                        if let Some(s) = across {
                            write!(f, "{s}")?;
                        }
                    }
                }
            }
        }
        Ok(())
    }
}

/// A grid read from text: its size and each row's tokens with their columns.
struct Tokens<'a> {
    rows: usize,
    cols: usize,
    /// `(line, column, token)` for every cell, row-major.
    cells: Vec<(usize, usize, &'a str)>,
}

/// The 1-based column of a line's first non-blank character.
fn indent_column(line: &str) -> usize {
    line.chars().take_while(|c| c.is_whitespace()).count() + 1
}

/// Splits a description into header and tokens, checking only the shape.
fn tokenize(text: &str) -> Result<Tokens<'_>, ParseError> {
    let mut lines = text.lines().enumerate().map(|(i, line)| (i + 1, line));
    let err = |line, column, kind| ParseError { line, column, kind };
    let Some((header_line, header)) = lines.find(|(_, line)| !line.trim().is_empty()) else {
        return Err(err(1, 1, ParseErrorKind::Empty));
    };
    let header_column = indent_column(header);
    let numbers: Vec<&str> = header.split_whitespace().collect();
    let bad_header = || {
        err(
            header_line,
            header_column,
            ParseErrorKind::BadHeader(excerpt(header.trim())),
        )
    };
    let [rows, cols] = numbers[..] else {
        return Err(bad_header());
    };
    let (Ok(rows), Ok(cols)) = (rows.parse::<usize>(), cols.parse::<usize>()) else {
        return Err(bad_header());
    };
    if rows == 0 || cols == 0 || rows > MAX_SIDE || cols > MAX_SIDE {
        return Err(err(
            header_line,
            header_column,
            ParseErrorKind::Rule(RuleError::BadSize { rows, cols }),
        ));
    }
    let mut cells = Vec::with_capacity(rows * cols);
    let mut last_line = header_line;
    for found in 0..rows {
        let Some((n, line)) = lines.next() else {
            return Err(err(
                last_line + 1,
                1,
                ParseErrorKind::MissingRows {
                    expected: rows,
                    found,
                },
            ));
        };
        last_line = n;
        let before = cells.len();
        let mut start: Option<(usize, usize)> = None;
        for (column, (byte, ch)) in line.char_indices().enumerate() {
            if ch.is_whitespace() {
                if let Some((from, at)) = start.take() {
                    cells.push((n, at, &line[from..byte]));
                }
            } else if start.is_none() {
                start = Some((byte, column + 1));
            }
        }
        if let Some((from, at)) = start {
            cells.push((n, at, &line[from..]));
        }
        let in_row = cells.len() - before;
        if in_row != cols {
            let column = if in_row > cols {
                cells[before + cols].1
            } else {
                line.trim_end().chars().count() + 1
            };
            return Err(err(
                n,
                column,
                ParseErrorKind::RowLength {
                    expected: cols,
                    found: in_row,
                },
            ));
        }
    }
    if let Some((n, line)) = lines.find(|(_, l)| !l.trim().is_empty()) {
        return Err(err(n, indent_column(line), ParseErrorKind::ExtraRow));
    }
    Ok(Tokens { rows, cols, cells })
}

/// Reads the layout format (`-` and `0` tokens): rows, columns and, row-major,
/// whether each cell is a digit cell.
pub(crate) fn parse_layout_tokens(text: &str) -> Result<(usize, usize, Vec<bool>), ParseError> {
    let tokens = tokenize(text)?;
    let digit = tokens
        .cells
        .iter()
        .map(|&(line, column, token)| match token {
            "-" => Ok(false),
            "0" => Ok(true),
            _ => Err(ParseError {
                line,
                column,
                kind: ParseErrorKind::BadToken {
                    token: excerpt(token),
                    expected: "`-` (no digit) or `0` (digit cell)",
                },
            }),
        })
        .collect::<Result<Vec<bool>, ParseError>>()?;
    Ok((tokens.rows, tokens.cols, digit))
}

/// A clue sum: one or two decimal digits. Sums above 45 are impossible sums.
fn parse_sum(text: &str) -> Option<u8> {
    if text.is_empty() || text.len() > 2 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

fn parse_cell(token: &str) -> Option<Cell> {
    match token {
        "-" => Some(Cell::Blank),
        "0" => Some(Cell::Digit(None)),
        _ if token.len() == 1 && token.as_bytes()[0].is_ascii_digit() => {
            Some(Cell::Digit(Some(token.as_bytes()[0] - b'0')))
        }
        _ => {
            let (down, across) = token.split_once(',')?;
            let down = if down.is_empty() {
                None
            } else {
                Some(parse_sum(down)?)
            };
            let across = if across.is_empty() {
                None
            } else {
                Some(parse_sum(across)?)
            };
            if down.is_none() && across.is_none() {
                return None;
            }
            Some(Cell::Clue { down, across })
        }
    }
}

impl FromStr for Board {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Board, ParseError> {
        let tokens = tokenize(text)?;
        let mut cells = Vec::with_capacity(tokens.cells.len());
        for &(line, column, token) in &tokens.cells {
            let cell = parse_cell(token).ok_or_else(|| ParseError {
                line,
                column,
                kind: ParseErrorKind::BadToken {
                    token: excerpt(token),
                    expected:
                        "`-`, `0`, a digit 1-9 or a clue `down,across` such as `16,` or `,23`",
                },
            })?;
            cells.push(cell);
        }
        let board = Board::from_cells(tokens.rows, tokens.cols, cells).map_err(|e| {
            let (line, column, _) = tokens.cells[e.row * tokens.cols + e.col];
            ParseError {
                line,
                column,
                kind: ParseErrorKind::Rule(e.rule),
            }
        })?;
        // A puzzle is its runs: a board of blanks and nothing else would be
        // "unique", "easy" and "solved" at once.
        if !board.cells.iter().any(|c| c.is_digit_cell()) {
            return Err(ParseError {
                line: 1,
                column: 1,
                kind: ParseErrorKind::NoRuns,
            });
        }
        Ok(board)
    }
}

/// The digits of a solved board: a digit 1..=9 for each digit cell and nothing
/// elsewhere. Its text format is the corpus's: the `R C` header, then `-` for
/// every non-digit cell and the digit for every digit cell.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Solution {
    rows: usize,
    cols: usize,
    /// Row-major; 0 for cells that are not digit cells.
    digits: Vec<u8>,
}

impl Solution {
    /// Builds a solution from row-major digits (0 for non-digit cells).
    /// `None` when the size is out of range, the count is wrong or a digit is above 9.
    pub fn from_digits(rows: usize, cols: usize, digits: Vec<u8>) -> Option<Solution> {
        let ok = rows > 0
            && cols > 0
            && rows <= MAX_SIDE
            && cols <= MAX_SIDE
            && digits.len() == rows * cols
            && digits.iter().all(|&d| d <= 9);
        ok.then_some(Solution { rows, cols, digits })
    }

    /// The solution written in a filled board, or `None` when a digit cell is empty.
    pub fn of_board(board: &Board) -> Option<Solution> {
        let digits = board
            .cells()
            .iter()
            .map(|cell| match cell {
                Cell::Digit(Some(d)) => Some(*d),
                Cell::Digit(None) => None,
                _ => Some(0),
            })
            .collect::<Option<Vec<u8>>>()?;
        Some(Solution {
            rows: board.rows(),
            cols: board.cols(),
            digits,
        })
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The digit at `(row, col)`, or `None` for a non-digit cell or outside the grid.
    pub fn digit(&self, row: usize, col: usize) -> Option<u8> {
        if row >= self.rows || col >= self.cols {
            return None;
        }
        Some(self.digits[row * self.cols + col]).filter(|&d| d != 0)
    }

    /// Row-major digits, 0 for cells that are not digit cells.
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }
}

impl fmt::Display for Solution {
    /// The canonical text format: header, then `-` or a digit per cell.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.rows, self.cols)?;
        for row in self.digits.chunks(self.cols) {
            f.write_str("\n")?;
            for (i, &d) in row.iter().enumerate() {
                if i > 0 {
                    f.write_str(" ")?;
                }
                if d == 0 {
                    f.write_str("-")?;
                } else {
                    write!(f, "{d}")?;
                }
            }
        }
        Ok(())
    }
}

impl FromStr for Solution {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Solution, ParseError> {
        let tokens = tokenize(text)?;
        let digits = tokens
            .cells
            .iter()
            .map(|&(line, column, token)| match token.as_bytes() {
                b"-" => Ok(0),
                [d @ b'1'..=b'9'] => Ok(d - b'0'),
                _ => Err(ParseError {
                    line,
                    column,
                    kind: ParseErrorKind::BadToken {
                        token: excerpt(token),
                        expected: "`-` or a digit 1-9",
                    },
                }),
            })
            .collect::<Result<Vec<u8>, ParseError>>()?;
        Ok(Solution {
            rows: tokens.rows,
            cols: tokens.cols,
            digits,
        })
    }
}
