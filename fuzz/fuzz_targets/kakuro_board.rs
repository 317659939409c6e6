//! The Kakuro text format (`gridforge_kakuro::Board`'s `FromStr`): any text
//! is read or refused without a panic; a board read writes back to a text
//! that reads as the same board and writes the same again; the rule check
//! and a bounded search never panic, and a solution the search finds fills
//! the board into one the validator calls solved.

#![no_main]

use gridforge_kakuro::{is_solved, solve, validate, Board};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(board) = text.parse::<Board>() else {
        return;
    };
    let written = board.to_string();
    let again: Board = written
        .parse()
        .unwrap_or_else(|e| panic!("{written:?} (from {text:?}) does not read back: {e}"));
    assert_eq!(again, board, "{text:?} → {written:?}");
    assert_eq!(again.to_string(), written, "Display is canonical");
    let _ = validate(&board);
    if let Ok(outcome) = solve(&board.cleared(), 2, 5_000) {
        for solution in &outcome.solutions {
            let filled = board
                .cleared()
                .filled_with(solution)
                .expect("a solution has the board's shape");
            assert!(is_solved(&filled), "{written}\n{solution}");
            assert!(validate(&filled).is_empty(), "{written}\n{solution}");
        }
    }
});
