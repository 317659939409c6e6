//! Triplex: pack dominoes and trominoes into a rectangle (work in progress).
