//! Per-game daily boards: every board a day's games get obeys the pairing
//! rule (checked by the brute-force checker in `common`, written apart from
//! the generator and the library's validator), the same nonce gives the same
//! board, and a board mapped in one game tells nothing about another: it is
//! none of the day's 16 variants, and the pairs of one game are almost never
//! pairs of another.

mod common;

use gridforge_chessmemory::{
    game_seed, generate, generate_for_game, solve, validate, GenerateParams, Method, Setup, Square,
    Symmetry,
};
use std::collections::HashSet;

const DAY_SEED: u64 = 20_261_126;

fn board(nonce: u64) -> Setup {
    generate_for_game(&GenerateParams::default(), DAY_SEED, nonce)
        .unwrap()
        .setup
}

/// A game's partner pairs, each as the two squares in order.
fn pairs(setup: &Setup) -> HashSet<(Square, Square)> {
    let outcome = solve(setup, 2, 1_000_000).unwrap();
    assert_eq!(
        outcome.solutions.len(),
        1,
        "a valid setup pairs off one way"
    );
    outcome.solutions[0]
        .pairs
        .iter()
        .map(|&(a, b)| if a < b { (a, b) } else { (b, a) })
        .collect()
}

#[test]
fn every_game_board_obeys_the_pairing_rule() {
    let mut nonce = 0xdead_beef_u64;
    for _ in 0..300 {
        // Nonces as a server's random source gives them: anything.
        nonce = nonce
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1);
        let setup = board(nonce);
        assert_eq!(
            common::violations(&setup.to_string()),
            vec![],
            "nonce {nonce}"
        );
        assert!(validate(&setup).is_empty());
    }
    // The restart method (the other class of setups) as the day's params.
    let restart = GenerateParams {
        method: Method::Restart,
        ..GenerateParams::default()
    };
    for nonce in 0..20 {
        let setup = generate_for_game(&restart, DAY_SEED, nonce).unwrap().setup;
        assert_eq!(
            common::violations(&setup.to_string()),
            vec![],
            "nonce {nonce}"
        );
    }
}

#[test]
fn a_nonce_gives_the_same_board_again_and_another_nonce_another() {
    assert_eq!(board(7), board(7));
    let boards: HashSet<String> = (0..200).map(|n| board(n).to_string()).collect();
    assert_eq!(boards.len(), 200);
    assert_ne!(game_seed(DAY_SEED, 1), game_seed(DAY_SEED + 1, 1));
    assert_ne!(game_seed(DAY_SEED, 1), game_seed(DAY_SEED, 2));
}

#[test]
fn a_game_board_is_none_of_the_days_variants() {
    let day = generate(&GenerateParams::default(), DAY_SEED)
        .unwrap()
        .setup;
    let variants: HashSet<String> = Symmetry::ALL
        .iter()
        .flat_map(|s| {
            let image = s.apply(&day).to_string();
            let swapped: String = image
                .chars()
                .map(|c| {
                    if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect();
            [image, swapped]
        })
        .collect();
    assert_eq!(variants.len(), 16);
    for nonce in 0..200 {
        assert!(
            !variants.contains(&board(nonce).to_string()),
            "nonce {nonce}"
        );
    }
}

#[test]
fn a_mapped_board_tells_nothing_about_another_game() {
    // The attack: map game A completely (all 64 squares and its 32 pairs),
    // then play game B by that map.
    let (mut same_squares, mut same_pairs, games) = (0usize, 0usize, 100u64);
    for nonce in 0..games {
        let (a, b) = (board(2 * nonce), board(2 * nonce + 1));
        same_squares += Square::all()
            .filter(|&s| a.piece_at(s) == b.piece_at(s))
            .count();
        same_pairs += pairs(&a).intersection(&pairs(&b)).count();
    }
    let squares = same_squares as f64 / games as f64;
    let pairs = same_pairs as f64 / games as f64;
    // Chance alone (8 kinds × colours equally common) puts the same piece on
    // about 8 of 64 squares; a variant of the same setup would give 64.
    assert!(squares < 12.0, "{squares} squares of 64 alike on average");
    // Of the 32 pairs the map predicts, about one holds in the other game
    // (1.3 on average here), by chance.
    assert!(pairs < 2.0, "{pairs} pairs of 32 alike on average");
}
