//! Kakuro (work in progress).
