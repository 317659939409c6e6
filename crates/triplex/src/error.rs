//! Typed errors of the Triplex crate.

use thiserror::Error;

/// Why a set of cells is not a piece.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum PieceError {
    /// A piece needs at least one cell.
    #[error("a piece needs at least one cell")]
    Empty,
    /// The piece is larger than the crate supports.
    #[error("a piece has {cells} cells, at most {max} are allowed")]
    TooLarge {
        /// Cells given.
        cells: usize,
        /// The limit.
        max: usize,
    },
    /// The same cell was given twice.
    #[error("a piece lists the same cell twice")]
    DuplicateCell,
    /// The cells do not form one edge-connected shape.
    #[error("the cells of a piece are not connected edge to edge")]
    NotConnected,
}

/// Why a level is not well formed.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum LevelError {
    /// Width or height out of range.
    #[error("the rectangle {width}x{height} is not allowed: sides must be 1..={max_side} and the area at most {max_area}")]
    BadSize {
        /// Width asked for.
        width: usize,
        /// Height asked for.
        height: usize,
        /// Longest side allowed.
        max_side: usize,
        /// Largest area allowed.
        max_area: usize,
    },
    /// A level needs pieces.
    #[error("a level needs at least one piece")]
    NoPieces,
    /// The pieces' cells do not add up to the rectangle's area.
    #[error("the pieces cover {pieces} cells but the rectangle has {area}")]
    AreaMismatch {
        /// Sum of piece sizes.
        pieces: usize,
        /// Width times height.
        area: usize,
    },
    /// A piece cannot fit in the rectangle in any allowed orientation.
    #[error("piece {index} ({piece}) does not fit in the rectangle")]
    PieceTooBig {
        /// Index of the piece.
        index: usize,
        /// The piece as text.
        piece: String,
    },
    /// The rotatable index points past the pieces.
    #[error("the rotatable piece {index} does not exist (the level has {count} pieces)")]
    BadRotatable {
        /// Index given.
        index: usize,
        /// Number of pieces.
        count: usize,
    },
}

/// A level description that could not be read: what is wrong and at which
/// byte offset of the text.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[error("at character {position}: {message}")]
pub struct ParseError {
    /// Byte offset (0-based) into the description where the problem starts.
    pub position: usize,
    /// What is wrong.
    pub message: String,
}

impl ParseError {
    pub(crate) fn new(position: usize, message: impl Into<String>) -> Self {
        ParseError {
            position,
            message: message.into(),
        }
    }
}

/// Why the solver stopped without an answer.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum SolveError {
    /// The search needed more nodes than it was allowed.
    #[error("the search gave up after {nodes} nodes (its budget)")]
    BudgetExceeded {
        /// Nodes visited before giving up.
        nodes: u64,
    },
}

/// Why a claimed solution (a placement of every piece) is wrong.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum PlacementError {
    /// A piece index does not exist.
    #[error("piece {index} does not exist (the level has {count} pieces)")]
    UnknownPiece {
        /// Index given.
        index: usize,
        /// Number of pieces.
        count: usize,
    },
    /// The same piece was placed twice.
    #[error("piece {index} is placed more than once")]
    PlacedTwice {
        /// The piece.
        index: usize,
    },
    /// A piece was not placed.
    #[error("piece {index} is not placed")]
    Missing {
        /// The piece.
        index: usize,
    },
    /// A piece was placed in an orientation it may not take.
    #[error("piece {index} is placed in a shape it does not have")]
    WrongShape {
        /// The piece.
        index: usize,
    },
    /// A piece sticks out of the rectangle.
    #[error("piece {index} lies outside the rectangle")]
    OutOfBounds {
        /// The piece.
        index: usize,
    },
    /// Two pieces cover the same cell.
    #[error("pieces overlap at row {row}, column {col}")]
    Overlap {
        /// Row of the cell.
        row: usize,
        /// Column of the cell.
        col: usize,
    },
}

/// Why a census could not run.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum CensusError {
    /// The rectangle is too large for the census.
    #[error("the census handles rectangles with height 2..={max_height} and area at most {max_area}; {width}x{height} is out of range")]
    TooLarge {
        /// Width asked for.
        width: usize,
        /// Height asked for.
        height: usize,
        /// Largest height (shorter side) supported.
        max_height: usize,
        /// Largest area supported.
        max_area: usize,
    },
    /// The piece set needs more counters than the dynamic program holds in
    /// this rectangle.
    #[error("the piece set needs {bits} bits of counters in a {width}x{height} rectangle; at most {max} are supported")]
    TooManyShapes {
        /// Width asked for.
        width: usize,
        /// Height asked for.
        height: usize,
        /// Bits the multiset would need.
        bits: u32,
        /// Bits supported.
        max: u32,
    },
    /// Two parts of the census disagree (a bug, reported rather than hidden).
    #[error("census inconsistency: {what}")]
    Inconsistent {
        /// What disagreed.
        what: String,
    },
    /// The census of one rectangle failed (which one, and why).
    #[error("the census of {width}x{height}: {source}")]
    InRectangle {
        /// Width of the rectangle.
        width: usize,
        /// Height of the rectangle.
        height: usize,
        /// What went wrong.
        source: Box<CensusError>,
    },
    /// The solver failed while recovering or rating a level.
    #[error(transparent)]
    Solve(#[from] SolveError),
}

/// Why a piece set could not be read or built.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum PieceSetError {
    /// The text is not a piece-set list.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// A set needs at least one shape.
    #[error("a piece set needs at least one shape")]
    Empty,
    /// The same fixed shape was listed twice.
    #[error("the shape {piece} is listed twice")]
    Duplicate {
        /// The shape as text.
        piece: String,
    },
    /// A limit of 0 would leave the shape out.
    #[error("the shape {piece} has a limit of 0 (a limit must be at least 1)")]
    ZeroLimit {
        /// The shape as text.
        piece: String,
    },
}
