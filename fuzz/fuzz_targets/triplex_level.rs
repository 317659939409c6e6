//! The Triplex level description (`WxH:pieces`, `gridforge_triplex::Level`'s
//! `FromStr`): any text is read or refused without a panic; a level read
//! writes back (Display) to a text that reads as the same level and writes
//! the same again; a bounded solve never panics and every solution it finds
//! passes the level's own placement check.

#![no_main]

use gridforge_triplex::{solve, Level};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(level) = text.parse::<Level>() else {
        return;
    };
    let written = level.to_string();
    let again: Level = written
        .parse()
        .unwrap_or_else(|e| panic!("{written:?} (from {text:?}) does not read back: {e}"));
    assert_eq!(again, level, "{text:?} → {written:?}");
    assert_eq!(again.to_string(), written, "Display is canonical");
    if let Ok(outcome) = solve(&level, 2, 20_000) {
        assert!(outcome.solutions.len() <= 2);
        for solution in &outcome.solutions {
            let violations = level.check_placements(&solution.placements);
            assert!(violations.is_empty(), "{written}: {violations:?}");
        }
    }
});
