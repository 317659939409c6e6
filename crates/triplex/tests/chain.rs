//! The chained pack of the whole census: every level opens with the code that
//! any correct solution of the level before it yields, and nothing in the
//! pack's JSON gives a solution away.

use gridforge_triplex::chain::{cover_text, level_code, open_level, pack_codes};
use gridforge_triplex::PublicLevel;
use gridforge_triplex::{piece_letter, solve, CensusOptions, ChainedPack, Level, Pack};

/// A solution grid of `level` found by the solver (not read from the pack),
/// with the letters of identical pieces handed out in reverse order, so the
/// grid differs from the pack's wherever a level has twins.
fn solver_grid_with_twins_swapped(level: &Level) -> Vec<String> {
    let report = solve(level, 1, 50_000_000).expect("levels solve within budget");
    let grid = level.solution_grid(&report.solutions[0]);
    let pieces = level.pieces();
    let fixed = |k: usize| level.rotatable() != Some(k);
    // Piece k takes the letter of its mirror in its run of identical pieces.
    let relabel: Vec<char> = (0..pieces.len())
        .map(|k| {
            if !fixed(k) {
                return piece_letter(k);
            }
            let twins: Vec<usize> = (0..pieces.len())
                .filter(|&j| fixed(j) && pieces[j] == pieces[k])
                .collect();
            let at = twins.iter().position(|&j| j == k).unwrap();
            piece_letter(twins[twins.len() - 1 - at])
        })
        .collect();
    grid.iter()
        .map(|row| {
            row.chars()
                .map(|c| relabel[(0..pieces.len()).find(|&k| piece_letter(k) == c).unwrap()])
                .collect()
        })
        .collect()
}

#[test]
fn every_level_opens_with_the_previous_solution_and_nothing_else() {
    let pack = Pack::build(36, &CensusOptions::default()).unwrap();
    let chained = ChainedPack::from_pack(&pack).unwrap();
    assert_eq!(chained.levels.len(), pack.levels.len());
    assert!(chained.levels.len() > 700);
    let codes = pack_codes(&pack).unwrap();

    let first = &chained.levels[0];
    assert_eq!(
        first.level.as_ref(),
        Some(&PublicLevel::of_record(1, &pack.levels[0]))
    );
    assert_eq!(first.code.as_deref(), Some(level_code(1, "").as_str()));

    let mut twins_swapped = 0;
    for k in 1..pack.levels.len() {
        let previous = &pack.levels[k - 1];
        let level: Level = previous.description.parse().unwrap();
        let grid = solver_grid_with_twins_swapped(&level);
        if grid != previous.solution {
            twins_swapped += 1;
        }
        let cover = cover_text(k, level.width(), level.height(), &grid).unwrap();
        let code = level_code(k + 1, &cover);
        assert_eq!(code, codes[k], "level {}", k + 1);
        let entry = &chained.levels[k];
        assert_eq!(entry.number, k + 1);
        assert!(entry.level.is_none() && entry.code.is_none());
        let sealed = entry.sealed.as_deref().unwrap();
        let opened = open_level(k + 1, &code, sealed).unwrap();
        assert_eq!(opened, PublicLevel::of_record(k + 1, &pack.levels[k]));
        // The code of another level does not open it.
        assert!(open_level(k + 1, &codes[k - 1], sealed).is_err());
    }
    assert!(twins_swapped > 100, "only {twins_swapped} grids differed");

    let json = serde_json::to_string(&chained).unwrap();
    assert!(!json.contains("solution"));
    // Level 1's solution rows do not appear in the clear either.
    for row in &pack.levels[0].solution {
        assert!(!json.contains(&format!("\"{row}\"")), "{row}");
    }
}
