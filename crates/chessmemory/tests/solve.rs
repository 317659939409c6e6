//! `solve`: a valid setup pairs off one way, into its partner pairs; invalid
//! setups pair off in no way, one way or several, and every pairing found is
//! checked with the brute-force rule checker in `common`, independently of the
//! crate's attack tables.

mod common;

use gridforge_chessmemory::{
    generate, solve, validate, ChessMemory, Game, GenerateParams, Pairing, Setup, SolveError,
    Square, Uniqueness,
};

/// The brute-force checker's coordinates of a square.
fn coordinates(square: Square) -> (i32, i32) {
    common::coordinates(square.text_position())
}

/// Every pair is two partners and every square is used once.
fn check_pairing(setup: &Setup, pairing: &Pairing) {
    assert_eq!(pairing.pairs.len(), 32);
    let mut used = 0u64;
    for &(a, b) in &pairing.pairs {
        let (pa, pb) = (setup.piece_at(a), setup.piece_at(b));
        assert_eq!(pa, pb, "{a} and {b} hold different pieces");
        assert!(
            common::attacks(pa.letter(), coordinates(a), coordinates(b)),
            "{a} does not reach {b}"
        );
        assert_eq!(used & (a.bit() | b.bit()), 0, "{a} or {b} paired twice");
        used |= a.bit() | b.bit();
    }
    assert_eq!(used, u64::MAX);
}

#[test]
fn a_valid_setup_pairs_off_exactly_one_way() {
    for seed in 0..20 {
        let setup = generate(&GenerateParams::default(), seed).unwrap().setup;
        let outcome = solve(&setup, 2, 1_000).unwrap();
        assert_eq!(outcome.uniqueness(), Uniqueness::Unique, "seed {seed}");
        check_pairing(&setup, &outcome.solutions[0]);
        // Every piece has one partner, so the search never backs up.
        assert_eq!(outcome.stats.nodes, 32, "seed {seed}");
        // With limit 1, one pairing found proves nothing about a second.
        assert_eq!(
            solve(&setup, 1, 1_000).unwrap().uniqueness(),
            Uniqueness::AtLeastOne
        );
        // The trait is the same solver.
        assert_eq!(ChessMemory::solve(&setup, 2, 1_000).unwrap(), outcome);
    }
}

#[test]
fn invalid_setups_pair_off_in_none_one_or_several_ways() {
    let text = generate(&GenerateParams::default(), 3)
        .unwrap()
        .setup
        .to_string();
    let chars: Vec<char> = text.chars().collect();
    let mut seen = [0usize; 3];
    for i in 0..64 {
        for j in i + 1..64 {
            if chars[i] == chars[j] {
                continue;
            }
            let mut swapped = chars.clone();
            swapped.swap(i, j);
            let setup: Setup = swapped.iter().collect::<String>().parse().unwrap();
            let outcome = solve(&setup, 2, 100_000).unwrap();
            for pairing in &outcome.solutions {
                check_pairing(&setup, pairing);
            }
            if validate(&setup).is_empty() {
                // A swap that happens to give another valid setup.
                assert_eq!(outcome.uniqueness(), Uniqueness::Unique);
                continue;
            }
            match outcome.uniqueness() {
                Uniqueness::None => seen[0] += 1,
                Uniqueness::Unique => seen[1] += 1,
                Uniqueness::Several => seen[2] += 1,
                Uniqueness::AtLeastOne => panic!("limit 2 decides"),
            }
        }
    }
    // Most swaps leave a piece without a partner; some still pair off in
    // exactly one way (several ways need a cycle of partners: see the unit
    // test of the search).
    assert!(seen[0] > 0 && seen[1] > 0, "none, one, several: {seen:?}");
}

#[test]
fn the_budget_stops_the_search() {
    let setup = generate(&GenerateParams::default(), 0).unwrap().setup;
    assert_eq!(
        solve(&setup, 2, 10),
        Err(SolveError::BudgetExceeded { budget: 10 })
    );
}
