//! The BlockPuzzle family's level list (crates/triplex/data/blockpuzzle-levels.txt):
//! 500 distinct levels of distinct BlockPuzzle pieces, spread over every area
//! of the census, in non-decreasing difficulty, each unique by the solver
//! with its listed difficulty and its listed solution a tiling of the level.

use gridforge_triplex::pack::{blockpuzzle_levels, BLOCKPUZZLE_MAX_AREA, BLOCKPUZZLE_PACK_LEVELS};
use gridforge_triplex::{
    census_rectangles_with, rectangles_for, select_levels, solve, CensusLevel, CensusOptions,
    PieceSet, Placement, Uniqueness, DEFAULT_NODE_BUDGET,
};
use std::collections::{BTreeSet, HashSet};

fn cells_of(cells: impl Iterator<Item = (usize, usize)>) -> Vec<(usize, usize)> {
    let mut v: Vec<(usize, usize)> = cells.collect();
    v.sort();
    v
}

#[test]
fn the_list_has_500_distinct_levels_in_order() {
    let listed = blockpuzzle_levels().unwrap();
    assert_eq!(listed.len(), BLOCKPUZZLE_PACK_LEVELS);
    let distinct: HashSet<String> = listed.iter().map(|g| g.level.to_string()).collect();
    assert_eq!(distinct.len(), listed.len(), "a level is listed twice");
    for pair in listed.windows(2) {
        assert!(
            pair[0].difficulty <= pair[1].difficulty,
            "levels {} and {} out of order",
            pair[0].number,
            pair[1].number
        );
    }
    let areas: BTreeSet<usize> = listed
        .iter()
        .map(|g| g.level.width() * g.level.height())
        .collect();
    assert!(areas.iter().all(|&a| a <= BLOCKPUZZLE_MAX_AREA));
    // Every area with BlockPuzzle levels (8 to the largest) is represented.
    assert_eq!(areas.first(), Some(&8));
    assert_eq!(areas.last(), Some(&BLOCKPUZZLE_MAX_AREA));
}

#[test]
fn every_level_uses_distinct_blockpuzzle_pieces_and_no_rotatable_one() {
    let shapes: HashSet<Vec<(usize, usize)>> = PieceSet::blockpuzzle()
        .shapes()
        .iter()
        .map(|s| cells_of(s.cells()))
        .collect();
    assert_eq!(shapes.len(), 90);
    for g in blockpuzzle_levels().unwrap() {
        assert_eq!(g.level.rotatable(), None, "level {}", g.number);
        let pieces: Vec<Vec<(usize, usize)>> = g
            .level
            .pieces()
            .iter()
            .map(|p| cells_of(p.cells()))
            .collect();
        assert!(pieces.len() >= 3, "level {}", g.number);
        let set: HashSet<&Vec<(usize, usize)>> = pieces.iter().collect();
        assert_eq!(set.len(), pieces.len(), "level {}: a piece twice", g.number);
        for p in &pieces {
            assert!(shapes.contains(p), "level {}: {p:?}", g.number);
            assert!((2..=5).contains(&p.len()));
        }
    }
}

#[test]
fn every_level_is_unique_with_its_listed_difficulty_and_solution() {
    for g in blockpuzzle_levels().unwrap() {
        let report = solve(&g.level, 2, DEFAULT_NODE_BUDGET).unwrap();
        assert_eq!(
            report.uniqueness(),
            Uniqueness::Unique,
            "level {}",
            g.number
        );
        assert_eq!(report.stats.nodes, g.difficulty, "level {}", g.number);
        assert_eq!(g.level.solution_grid(&report.solutions[0]), g.solution);
        // The listed grid, read independently of the solver, tiles the level.
        let mut placements = Vec::new();
        for k in 0..g.level.pieces().len() {
            let letter = gridforge_triplex::piece_letter(k);
            let cells: Vec<(usize, usize)> = g
                .solution
                .iter()
                .enumerate()
                .flat_map(|(r, row)| {
                    row.chars()
                        .enumerate()
                        .filter(move |&(_, ch)| ch == letter)
                        .map(move |(c, _)| (r, c))
                })
                .collect();
            placements.push(Placement::from_cells(k, &cells).unwrap());
        }
        assert!(
            g.level.check_placements(&placements).is_empty(),
            "level {}",
            g.number
        );
    }
}

#[test]
fn the_list_is_what_the_census_selects() {
    let set = PieceSet::blockpuzzle();
    let found: Vec<CensusLevel> = census_rectangles_with(
        &set,
        &rectangles_for(&set, BLOCKPUZZLE_MAX_AREA),
        &CensusOptions::default(),
        |_| {},
    )
    .unwrap()
    .into_iter()
    .flat_map(|(levels, _)| levels)
    .collect();
    let chosen: Vec<(String, u64)> = select_levels(&found, BLOCKPUZZLE_PACK_LEVELS)
        .iter()
        .map(|l| (l.level.to_string(), l.difficulty))
        .collect();
    let listed: Vec<(String, u64)> = blockpuzzle_levels()
        .unwrap()
        .into_iter()
        .map(|g| (g.level.to_string(), g.difficulty))
        .collect();
    assert_eq!(listed, chosen);
}
