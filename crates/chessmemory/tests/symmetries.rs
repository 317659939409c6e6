//! The 8 board symmetries, against transforms written here from coordinates.

mod common;

use gridforge_chessmemory::{validate, ChessMemory, Game, GenerateParams, Setup, Symmetry};
use std::collections::HashSet;

/// Where each named symmetry sends (file, rank), both 0..8, rank 0 = rank 1.
/// Rotations are clockwise with rank 1 at the bottom.
fn transform(name: &str, file: usize, rank: usize) -> (usize, usize) {
    match name {
        "identity" => (file, rank),
        "rotate-90" => (rank, 7 - file),
        "rotate-180" => (7 - file, 7 - rank),
        "rotate-270" => (7 - rank, file),
        "mirror-files" => (7 - file, rank),
        "mirror-ranks" => (file, 7 - rank),
        "mirror-diagonal" => (rank, file),
        "mirror-anti-diagonal" => (7 - rank, 7 - file),
        other => panic!("unknown symmetry {other}"),
    }
}

const NAMES: [&str; 8] = [
    "identity",
    "rotate-90",
    "rotate-180",
    "rotate-270",
    "mirror-files",
    "mirror-ranks",
    "mirror-diagonal",
    "mirror-anti-diagonal",
];

/// The image of a setup text under a named symmetry, on text positions.
fn image(text: &str, name: &str) -> String {
    let letters: Vec<char> = text.chars().collect();
    let mut out = ['?'; 64];
    for (position, &letter) in letters.iter().enumerate() {
        let (file, rank) = (position % 8, 7 - position / 8);
        let (new_file, new_rank) = transform(name, file, rank);
        out[(7 - new_rank) * 8 + new_file] = letter;
    }
    out.iter().collect()
}

fn setups(count: usize) -> Vec<Setup> {
    ChessMemory::generate_batch(&GenerateParams::default(), 1000, count)
        .into_iter()
        .map(|generated| generated.unwrap().setup)
        .collect()
}

#[test]
fn images_match_the_coordinate_transforms_and_stay_valid() {
    for setup in setups(300) {
        let text = setup.to_string();
        let images = setup.images();
        let names: Vec<&str> = images.iter().map(|(symmetry, _)| symmetry.name()).collect();
        assert_eq!(names, NAMES);
        for (symmetry, transformed) in images {
            let expected = image(&text, symmetry.name());
            assert_eq!(transformed.to_string(), expected, "{symmetry} of {text}");
            assert_eq!(common::violations(&expected), [], "{symmetry} of {text}");
            assert!(validate(&transformed).is_empty());
        }
    }
}

#[test]
fn images_are_distinct_unless_the_setup_is_symmetric() {
    let mut all_eight = 0;
    for setup in setups(1000) {
        let text = setup.to_string();
        // The stabiliser: symmetries that leave the setup as it is. The orbit has
        // 8 / |stabiliser| members.
        let fixed = NAMES
            .iter()
            .filter(|name| image(&text, name) == text)
            .count();
        let distinct: HashSet<Setup> = setup.images().iter().map(|(_, s)| *s).collect();
        assert_eq!(distinct.len() * fixed, 8, "{text}");
        if distinct.len() == 8 {
            all_eight += 1;
        }
    }
    // A generated setup is almost never symmetric.
    assert!(
        all_eight >= 990,
        "only {all_eight} of 1000 have 8 distinct images"
    );
}

#[test]
fn squares_map_as_documented() {
    let a1 = gridforge_chessmemory::Square::new(0, 0).unwrap();
    let b1 = gridforge_chessmemory::Square::new(1, 0).unwrap();
    let expected = [
        ("a1", "b1"),
        ("a8", "a7"),
        ("h8", "g8"),
        ("h1", "h2"),
        ("h1", "g1"),
        ("a8", "b8"),
        ("a1", "a2"),
        ("h8", "h7"),
    ];
    for (symmetry, (to_a1, to_b1)) in Symmetry::ALL.into_iter().zip(expected) {
        assert_eq!(symmetry.map(a1).to_string(), to_a1, "{symmetry}");
        assert_eq!(symmetry.map(b1).to_string(), to_b1, "{symmetry}");
    }
}
