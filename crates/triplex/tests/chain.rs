//! The chained packs of the Triplex census and of the BlockPuzzle family:
//! every level opens with the code that any correct solution of the level
//! before it yields, and nothing in the pack's JSON gives a solution away.

use gridforge_triplex::chain::{cover_text, level_code, pack_codes, MAX_SHAPES};
use gridforge_triplex::pack::Family;
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

/// Chains `pack` in `family`'s chain and checks every level against the
/// solver's solutions of the level before it; `sealed_pieces` bounds the
/// bytes of a level's pieces. Returns how many solver grids differed from
/// the pack's (identical pieces lettered the other way).
fn check_chain(
    pack: &Pack,
    family: Family,
    sealed_pieces: std::ops::RangeInclusive<usize>,
) -> usize {
    let name = family.name();
    let chained = ChainedPack::from_pack(pack, family).unwrap();
    assert_eq!(chained.family, name);
    let entries = chained.entries().unwrap();
    assert_eq!(entries.len(), pack.levels.len());
    assert_eq!(chained.count, pack.levels.len());
    let codes = pack_codes(name, pack).unwrap();

    assert_eq!(chained.first, PublicLevel::of_record(1, &pack.levels[0]));
    assert_eq!(chained.first_code, level_code(name, 1, ""));
    assert!(entries[0].sealed.is_empty());

    let mut twins_swapped = 0;
    for k in 1..pack.levels.len() {
        let previous = &pack.levels[k - 1];
        let level: Level = previous.description.parse().unwrap();
        let grid = solver_grid_with_twins_swapped(&level);
        if grid != previous.solution {
            twins_swapped += 1;
        }
        let cover = cover_text(k, level.width(), level.height(), &grid).unwrap();
        let code = level_code(name, k + 1, &cover);
        assert_eq!(code, codes[k], "level {}", k + 1);
        let entry = &entries[k];
        assert_eq!(entry.number, k + 1);
        let record = &pack.levels[k];
        // Size and difficulty are in the clear; the pieces are sealed.
        assert_eq!((entry.width, entry.height), (record.width, record.height));
        assert_eq!(entry.difficulty, record.difficulty);
        let pieces = entry.sealed.len() - 8;
        assert!(sealed_pieces.contains(&pieces), "level {}: {pieces}", k + 1);
        let opened = chained.open(entry, &code).unwrap();
        assert_eq!(opened, PublicLevel::of_record(k + 1, record));
        // The code of another level does not open it.
        assert!(chained.open(entry, &codes[k - 1]).is_err());
    }

    let json = serde_json::to_string(&chained).unwrap();
    assert!(!json.contains("solution"));
    // Level 1's solution rows do not appear in the clear either.
    for row in &pack.levels[0].solution {
        assert!(!json.contains(&format!("\"{row}\"")), "{row}");
    }
    // The JSON reads back to the same pack.
    let back: ChainedPack = serde_json::from_str(&json).unwrap();
    assert_eq!(back, chained);
    twins_swapped
}

#[test]
fn every_level_opens_with_the_previous_solution_and_nothing_else() {
    let pack = Pack::build(36, &CensusOptions::default()).unwrap();
    assert!(pack.levels.len() > 700);
    // A Triplex level is 4 to 9 run bytes.
    let twins_swapped = check_chain(&pack, Family::Triplex, 1..=9);
    assert!(twins_swapped > 100, "only {twins_swapped} grids differed");
}

#[test]
fn every_blockpuzzle_level_opens_with_the_previous_solution_and_nothing_else() {
    let pack = Pack::blockpuzzle().unwrap();
    assert_eq!(pack.levels.len(), 500);
    let shapes = Family::BlockPuzzle.piece_set().shapes().len();
    assert!(shapes > MAX_SHAPES, "{shapes} shapes need the wide form");
    // One byte per piece: 3 to 8 distinct pieces, none twins.
    let twins_swapped = check_chain(&pack, Family::BlockPuzzle, 3..=8);
    assert_eq!(twins_swapped, 0);
    // The two families' chains differ from level 1 on.
    let triplex = Pack::game().unwrap();
    assert_ne!(
        pack_codes("blockpuzzle", &pack).unwrap()[0],
        pack_codes("triplex", &triplex).unwrap()[0]
    );
}

#[test]
fn a_broken_table_is_an_error_not_a_panic() {
    let pack = Pack::build(16, &CensusOptions::default()).unwrap();
    let chained = ChainedPack::from_pack(&pack, Family::Triplex).unwrap();
    let mut cut = chained.clone();
    cut.table.truncate(cut.table.len() / 2 / 4 * 4);
    assert!(cut.entries().is_err());
    let mut more = chained.clone();
    more.count += 1;
    assert!(more.entries().is_err());
    let mut junk = chained.clone();
    junk.table = "not base64!".into();
    assert!(junk.entries().is_err());
    let mut fewer = chained.clone();
    fewer.count -= 1;
    assert!(fewer.entries().is_err(), "bytes left over");
    let mut no_sizes = chained.clone();
    no_sizes.rectangles.clear();
    assert!(no_sizes.entries().is_err());
}
