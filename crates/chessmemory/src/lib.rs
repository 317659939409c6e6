//! ChessMemory (work in progress).
