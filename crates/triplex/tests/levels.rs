//! Levels from the census re-proved by the solver, the level rules on
//! hand-made cases, description parse errors and search budgets.

use gridforge_triplex::census::has_straight_cut;
use gridforge_triplex::tilings::{Multiset, TilingTable};
use gridforge_triplex::{
    census_rectangle, rectangles_up_to, solve, CensusError, CensusOptions, Level, LevelRecord,
    Piece, PieceSet, SolveError, Uniqueness,
};

fn level(text: &str) -> Level {
    text.parse().unwrap()
}

fn counts_of(names: &[(&str, usize)]) -> Multiset {
    let shapes = Piece::triplex_shapes();
    let mut counts = [0; 8];
    for (name, n) in names {
        let p = Piece::from_short_name(name).unwrap();
        counts[shapes.iter().position(|s| *s == p).unwrap()] += n;
    }
    Multiset::from_counts(&counts)
}

#[test]
fn every_level_up_to_area_30_is_unique_with_rotation_allowed() {
    let mut checked = 0;
    for (w, h) in rectangles_up_to(30) {
        let (levels, _) = census_rectangle(w, h, &CensusOptions::default()).unwrap();
        for found in levels {
            let record = LevelRecord::from_census(&found);
            // Through the text description, as a client would receive it.
            let parsed: Level = record.description.parse().unwrap();
            assert_eq!(parsed.to_string(), record.description);
            assert_eq!(parsed, found.level);
            let report = solve(&parsed, 2, 10_000_000).unwrap();
            assert_eq!(
                report.uniqueness(),
                Uniqueness::Unique,
                "{}",
                record.description
            );
            assert_eq!(
                report.stats.nodes, record.difficulty,
                "difficulty is the node count"
            );
            let solution = &report.solutions[0];
            assert_eq!(parsed.check_placements(&solution.placements), []);
            assert_eq!(parsed.solution_grid(solution), record.solution);
            // The record's cells per piece are the solver's placements.
            for (k, cells) in record.solution_cells().iter().enumerate() {
                let p = &solution.placements[k];
                let mut placed: Vec<[usize; 2]> = p
                    .shape
                    .cells()
                    .map(|(r, c)| [p.row + r, p.col + c])
                    .collect();
                placed.sort();
                assert_eq!(cells, &placed, "piece {k} of {}", record.description);
            }
            checked += 1;
        }
    }
    assert!(checked >= 250, "only {checked} levels up to area 30");
}

#[test]
fn straight_cut_rule() {
    // Four horizontal dominoes tile 4x2 in one way, but the tiling has cuts.
    let table = TilingTable::build(&PieceSet::triplex(), 4, 2).unwrap();
    assert_eq!(table.tilings(&counts_of(&[("h", 4)])), 1);
    let four_h = level("4x2:4h");
    let sol = &solve(&four_h, 1, 1000).unwrap().solutions[0];
    assert!(has_straight_cut(4, 2, sol));
    let (levels, report) = census_rectangle(4, 2, &CensusOptions::default()).unwrap();
    assert!(report.classes > report.levels, "some class was cut");
    assert!(levels.iter().all(|l| l.level.to_string() != "4x2:4h"));
    // Two straight trominoes stacked: only a horizontal cut.
    let two_h = level("3x2:2H");
    assert!(has_straight_cut(
        3,
        2,
        &solve(&two_h, 1, 100).unwrap().solutions[0]
    ));
    // The 3x3 level interlocks: no cut.
    let (levels, _) = census_rectangle(3, 3, &CensusOptions::default()).unwrap();
    assert!(!has_straight_cut(3, 3, &levels[0].solution));
}

#[test]
fn symmetric_images_count_once() {
    // {2H, Lne, Lsw} tiles 4x3 uniquely, and so does
    // its mirror image {2H, Lnw, Lse}; the census keeps exactly one of the two.
    let table = TilingTable::build(&PieceSet::triplex(), 4, 3).unwrap();
    let a = counts_of(&[("H", 2), ("Lne", 1), ("Lsw", 1)]);
    let b = counts_of(&[("H", 2), ("Lnw", 1), ("Lse", 1)]);
    assert_eq!(table.tilings(&a), 1);
    assert_eq!(table.tilings(&b), 1);
    let (levels, report) = census_rectangle(4, 3, &CensusOptions::default()).unwrap();
    assert!(report.three_pieces > report.classes);
    let multiset_of = |l: &gridforge_triplex::CensusLevel| {
        let shapes = Piece::triplex_shapes();
        let mut counts = [0; 8];
        for p in &l.solution.placements {
            counts[shapes.iter().position(|s| *s == p.shape).unwrap()] += 1;
        }
        Multiset::from_counts(&counts)
    };
    let found: Vec<Multiset> = levels.iter().map(multiset_of).collect();
    assert_eq!(found.iter().filter(|m| **m == a || **m == b).count(), 1);
}

#[test]
fn rotatable_rule_on_hand_made_cases() {
    // 4x2 with a domino, a straight tromino and an L: turning the domino
    // upright or standing the tromino up leaves nothing that tiles, so the
    // census makes one of them rotatable.
    let (levels, _) = census_rectangle(4, 2, &CensusOptions::default()).unwrap();
    let l = levels
        .iter()
        .find(|l| l.level.pieces().iter().any(|p| p.to_string() == "H"))
        .unwrap();
    let rot = l.level.rotatable().expect("a rotatable piece");
    assert!(matches!(l.level.pieces()[rot].size(), 2 | 3));
    assert_eq!(
        solve(&l.level, 2, 1000).unwrap().uniqueness(),
        Uniqueness::Unique
    );

    // A level where no piece may rotate: freeing any piece adds a solution.
    let (levels, _) = census_rectangle(5, 4, &CensusOptions::default()).unwrap();
    let fixed = levels
        .iter()
        .find(|l| l.level.rotatable().is_none())
        .expect("5x4 has levels without a rotatable piece");
    for k in 0..fixed.level.pieces().len() {
        let freed = Level::new(5, 4, fixed.level.pieces().to_vec(), Some(k)).unwrap();
        let verdict = solve(&freed, 2, 1_000_000).unwrap().uniqueness();
        assert_eq!(
            verdict,
            Uniqueness::Several,
            "freeing piece {k} of {}",
            fixed.level
        );
    }
}

#[test]
fn parse_errors_say_what_and_where() {
    let cases: &[(&str, usize, &str)] = &[
        ("", 0, "expected the width"),
        ("4y3:h", 1, "expected an 'x'"),
        ("4x3h", 3, "expected a ':'"),
        ("4x3:", 4, "expected a piece"),
        ("4x3:Lxx", 4, "unknown piece 'Lxx'"),
        ("4x2:H,Lnw;v", 9, "unexpected ';'"),
        ("4x2:2h@,2h", 4, "a count cannot go with '@'"),
        ("4x2:h@,h@,2h", 8, "a second '@'"),
        ("4x3:(#a)", 5, "only '#', '.' and '/'"),
        ("4x3:(##", 4, "not closed"),
        ("4x3:(#./.#)", 4, "not connected"),
        ("4x3:0h", 4, "count must be"),
        ("4x2:h,h", 4, "cover 4 cells but the rectangle has 8"),
        ("2x2:H,(#)", 4, "does not fit"),
        ("99999999x2:h", 0, "too large"),
        ("0x2:h", 4, "not allowed"),
    ];
    for &(text, position, message) in cases {
        let err = text.parse::<Level>().unwrap_err();
        assert_eq!(err.position, position, "{text:?}: {err}");
        assert!(err.message.contains(message), "{text:?}: {err}");
    }
}

#[test]
fn searches_stop_at_their_budget() {
    // Thousands of solutions asked for, a thousand nodes allowed.
    let err = solve(&level("8x8:16h,16v"), 100_000, 1000).unwrap_err();
    assert!(matches!(err, SolveError::BudgetExceeded { nodes } if nodes > 1000));
    let options = CensusOptions {
        seed: 0,
        node_budget: 5,
    };
    let err = census_rectangle(5, 4, &options).unwrap_err();
    assert!(matches!(
        err,
        CensusError::Solve(SolveError::BudgetExceeded { .. })
    ));
}

#[test]
fn the_seed_picks_the_shown_orientation_reproducibly() {
    let run = |seed| {
        census_rectangle(
            6,
            5,
            &CensusOptions {
                seed,
                ..Default::default()
            },
        )
        .unwrap()
        .0
        .into_iter()
        .map(|l| l.level.to_string())
        .collect::<Vec<_>>()
    };
    assert_eq!(run(7), run(7));
    assert_ne!(run(7), run(8));
}

#[test]
fn select_levels_spreads_a_pack_across_sizes() {
    use gridforge_triplex::{census_rectangles_with, select_levels, CensusLevel};
    use std::collections::{BTreeMap, BTreeSet};
    let set = PieceSet::blockpuzzle();
    let rects = gridforge_triplex::rectangles_for(&set, 16);
    let all: Vec<CensusLevel> =
        census_rectangles_with(&set, &rects, &CensusOptions::default(), |_| {})
            .unwrap()
            .into_iter()
            .flat_map(|(l, _)| l)
            .collect();
    assert!(all.len() > 1000);
    let area = |l: &CensusLevel| l.level.width() * l.level.height();
    let mut per_area: BTreeMap<usize, usize> = BTreeMap::new();
    for l in &all {
        *per_area.entry(area(l)).or_default() += 1;
    }
    let picked = select_levels(&all, 500);
    assert_eq!(picked.len(), 500);
    let distinct: BTreeSet<String> = picked.iter().map(|l| l.level.to_string()).collect();
    assert_eq!(distinct.len(), 500);
    assert!(picked
        .windows(2)
        .all(|w| w[0].difficulty <= w[1].difficulty));
    for l in &picked {
        let solved = solve(&l.level, 2, 10_000_000).unwrap();
        assert_eq!(solved.uniqueness(), Uniqueness::Unique, "{}", l.level);
        assert_eq!(solved.stats.nodes, l.difficulty);
    }
    // Every area is represented; a small area gives all it has; the hardest
    // level of every area is in.
    let mut picked_per_area: BTreeMap<usize, usize> = BTreeMap::new();
    for l in &picked {
        *picked_per_area.entry(area(l)).or_default() += 1;
    }
    assert_eq!(
        picked_per_area.keys().collect::<Vec<_>>(),
        per_area.keys().collect::<Vec<_>>()
    );
    let share = 500 / per_area.len();
    for (a, &n) in &per_area {
        assert_eq!(picked_per_area[a], n.min(picked_per_area[a].max(share)));
        if n <= share {
            assert_eq!(picked_per_area[a], n, "area {a} gives all it has");
        }
        let hardest = all
            .iter()
            .filter(|l| area(l) == *a)
            .max_by_key(|l| (l.difficulty, l.level.to_string()))
            .unwrap();
        assert!(picked.contains(hardest), "hardest of area {a}");
    }
    // Asking for more than there is gives everything.
    assert_eq!(select_levels(&all[..30], 500).len(), 30);
}
