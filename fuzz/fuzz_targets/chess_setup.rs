//! The ChessMemory setup (64 letters, `gridforge_chessmemory::Setup`'s
//! `FromStr`): any text is read or refused without a panic; a setup read
//! writes back to the same text and reads as the same setup; every pairing
//! the solver finds is 32 pairs of the same piece attacking each other that
//! cover the board once; and a setup the validator passes (every piece has
//! exactly one partner) pairs exactly one way. (A setup with violations may
//! still pair: a piece with two partners can leave one to another piece.)

#![no_main]

use gridforge_chessmemory::{attacks, solve, validate, Setup};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(setup) = text.parse::<Setup>() else {
        return;
    };
    let written = setup.to_string();
    let again: Setup = written
        .parse()
        .unwrap_or_else(|e| panic!("{written:?} (from {text:?}) does not read back: {e}"));
    assert_eq!(again, setup);
    assert_eq!(again.to_string(), written);
    let valid = validate(&setup).is_empty();
    let outcome = match solve(&setup, 2, 1_000_000) {
        Ok(outcome) => outcome,
        // Every piece has its one partner: the search cannot branch.
        Err(e) if valid => panic!("{written}: a valid setup without an answer ({e})"),
        // A broken setup may branch past the budget: a refusal is an answer.
        Err(_) => return,
    };
    for pairing in &outcome.solutions {
        assert_eq!(pairing.pairs.len(), 32);
        let mut covered = 0u64;
        for &(a, b) in &pairing.pairs {
            let piece = setup.piece_at(a);
            assert_eq!(piece, setup.piece_at(b), "{written}: {a:?}–{b:?}");
            assert_ne!(
                attacks(piece.kind, a) & (1u64 << b.index()),
                0,
                "{written}: {a:?}–{b:?}"
            );
            for square in [a, b] {
                let bit = 1u64 << square.index();
                assert_eq!(covered & bit, 0, "{written}: a square in two pairs");
                covered |= bit;
            }
        }
        assert_eq!(covered, u64::MAX);
    }
    if valid {
        assert_eq!(
            outcome.solutions.len(),
            1,
            "{written}: a valid setup pairs one way"
        );
    }
});
