//! `validate` against the brute-force checker in `common`, on valid, slightly broken
//! and random boards.

mod common;

use gridforge_chessmemory::{generate, validate, GenerateParams, Setup};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The library's violations in the brute force's terms.
fn library_violations(setup: &Setup) -> Vec<(String, char, u32)> {
    validate(setup)
        .into_iter()
        .map(|v| (v.square.to_string(), v.piece.letter(), v.partners))
        .collect()
}

fn cross_check(text: &str) -> usize {
    let setup: Setup = text.parse().expect("test boards have 8 of each piece");
    let expected = common::violations(text);
    assert_eq!(library_violations(&setup), expected, "setup {text}");
    expected.len()
}

#[test]
fn agrees_with_brute_force_on_generated_setups() {
    for seed in 0..200 {
        let setup = generate(&GenerateParams::default(), seed).unwrap().setup;
        assert_eq!(cross_check(&setup.to_string()), 0, "seed {seed}");
    }
}

#[test]
fn agrees_with_brute_force_after_swapping_two_pieces() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut broken = 0;
    for seed in 0..300 {
        let text = generate(&GenerateParams::default(), seed)
            .unwrap()
            .setup
            .to_string();
        let mut letters: Vec<char> = text.chars().collect();
        let a = rng.random_range(0..64);
        let b = rng.random_range(0..64);
        letters.swap(a, b);
        let swapped: String = letters.into_iter().collect();
        let found = cross_check(&swapped);
        if text.as_bytes()[a] != text.as_bytes()[b] {
            // Moving a piece away breaks its old pair at least.
            assert!(found >= 2, "swap {a} {b} of {text} left {found} violations");
            broken += 1;
        }
    }
    assert!(broken > 200, "only {broken} swaps moved different pieces");
}

#[test]
fn agrees_with_brute_force_on_random_boards() {
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let mut letters: Vec<char> = "QNBRqnbr".chars().cycle().take(64).collect();
    let mut with_partner_counts = [0usize; 4];
    for _ in 0..2000 {
        letters.shuffle(&mut rng);
        let text: String = letters.iter().collect();
        cross_check(&text);
        // Make sure the random boards exercise 0, 2 and more partners.
        for (_, _, partners) in common::violations(&text) {
            with_partner_counts[(partners as usize).min(3)] += 1;
        }
    }
    assert!(with_partner_counts[0] > 0 && with_partner_counts[2] > 0 && with_partner_counts[3] > 0);
}

#[test]
fn violation_lines_name_square_piece_and_count() {
    // A valid setup with its a8 and b8 swapped: the pieces there lose their pairs.
    let setup = generate(&GenerateParams::default(), 3).unwrap().setup;
    let mut letters: Vec<char> = setup.to_string().chars().collect();
    let b = (1..64).find(|&i| letters[i] != letters[0]).unwrap();
    letters.swap(0, b);
    let broken: Setup = letters.into_iter().collect::<String>().parse().unwrap();
    let violations = validate(&broken);
    assert!(!violations.is_empty());
    for violation in violations {
        let line = violation.to_string();
        assert!(
            line.starts_with(&format!("{}: ", violation.square)),
            "{line}"
        );
        assert!(line.contains(&violation.piece.to_string()), "{line}");
        let count = match violation.partners {
            0 => "no partner".to_string(),
            n => format!("{n} partners"),
        };
        assert!(line.contains(&count), "{line}");
    }
}
