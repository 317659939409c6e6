//! The game's level list (crates/triplex/data/game-levels.txt): levels 1 to
//! 724 are the pack of area 36 as it always was, the rest continue in pack
//! order up to area 64, and every level is unique with the listed difficulty.

use gridforge_triplex::census::{census_rectangles, CensusOptions};
use gridforge_triplex::pack::{
    game_levels, parse_level_list, FIRST_TIER_LEVELS, GAME_PACK_MAX_AREA,
};
use gridforge_triplex::{solve, CensusLevel, Pack, Uniqueness, DEFAULT_NODE_BUDGET};
use std::collections::HashSet;

#[test]
fn the_first_724_levels_keep_their_numbers() {
    let old = Pack::build(36, &CensusOptions::default()).unwrap();
    let listed = game_levels().unwrap();
    assert_eq!(old.levels.len(), FIRST_TIER_LEVELS);
    for (record, game) in old.levels.iter().zip(&listed) {
        assert_eq!(Some(game.number), record.number);
        assert_eq!(game.level.to_string(), record.description);
        assert_eq!(game.difficulty, record.difficulty);
    }
}

#[test]
fn the_rest_go_up_to_area_64_in_pack_order() {
    let listed = game_levels().unwrap();
    assert_eq!(listed.len(), 5843);
    let area = |k: usize| listed[k].level.width() * listed[k].level.height();
    for k in FIRST_TIER_LEVELS..listed.len() {
        assert!(
            area(k) > 36 && area(k) <= GAME_PACK_MAX_AREA,
            "level {}",
            k + 1
        );
        assert_eq!(listed[k].number, k + 1);
        if k > FIRST_TIER_LEVELS {
            let key = |k: usize| (listed[k].difficulty, area(k), listed[k].level.to_string());
            assert!(
                key(k - 1) < key(k),
                "levels {} and {} out of order",
                k,
                k + 1
            );
        }
    }
    let distinct: HashSet<String> = listed.iter().map(|g| g.level.to_string()).collect();
    assert_eq!(distinct.len(), listed.len(), "a level is listed twice");
}

#[test]
fn the_list_holds_what_the_census_finds_for_areas_37_to_40() {
    let rects: Vec<(usize, usize)> = vec![(13, 3), (10, 4), (8, 5)];
    let found: Vec<CensusLevel> = census_rectangles(&rects, &CensusOptions::default(), |_| {})
        .unwrap()
        .into_iter()
        .flat_map(|(levels, _)| levels)
        .collect();
    let listed: HashSet<(String, u64)> = game_levels()
        .unwrap()
        .into_iter()
        .filter(|g| (37..=40).contains(&(g.level.width() * g.level.height())))
        .map(|g| (g.level.to_string(), g.difficulty))
        .collect();
    let census: HashSet<(String, u64)> = found
        .iter()
        .map(|f| (f.level.to_string(), f.difficulty))
        .collect();
    assert_eq!(listed, census);
}

#[test]
fn the_game_pack_checks_every_listed_solution() {
    // Pack::game checks each listed solution against its level.
    let pack = Pack::game().unwrap();
    assert_eq!(pack.levels.len(), 5843);
    assert!(pack
        .levels
        .iter()
        .enumerate()
        .all(|(i, r)| r.number == Some(i + 1)));
    // A wrong solution is refused.
    let text = "4x2:v@,H,Lnw 16 ccaa/cbbb\n3x3:2h,v@,Lnw 16 aac/ddc/dbb\n";
    assert_eq!(parse_level_list(text).unwrap().len(), 2);
    assert!(parse_level_list("4x2:v@,H,Lnw 16\n").is_err());
    assert!(parse_level_list("4x2:v@,H,Lnw x ccaa/cbbb\n").is_err());
}

#[test]
fn a_sample_of_game_levels_solves_uniquely_with_its_listed_difficulty() {
    // Every 100th level, the seam and the last ones: the solver again.
    let listed = game_levels().unwrap();
    let n = listed.len();
    let picked = (0..n)
        .step_by(100)
        .chain([723, 724, 725, n - 1])
        .filter(|&k| k < n);
    for k in picked {
        let g = &listed[k];
        let report = solve(&g.level, 2, DEFAULT_NODE_BUDGET).unwrap();
        assert_eq!(
            report.uniqueness(),
            Uniqueness::Unique,
            "level {}",
            g.number
        );
        assert_eq!(report.stats.nodes, g.difficulty, "level {}", g.number);
        assert_eq!(g.level.solution_grid(&report.solutions[0]), g.solution);
    }
}
