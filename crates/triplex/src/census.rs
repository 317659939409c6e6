//! The census: every level of a rectangle, found exhaustively.
//!
//! For a `width`×`height` rectangle (width ≥ height ≥ 2):
//! 1. [`TilingTable`] counts the tilings of every piece multiset (saturated at 2);
//! 2. the multisets with exactly one tiling are kept if they have at least
//!    three pieces and are the smallest of their class under the rectangle's
//!    symmetries;
//! 3. the solver recovers each one's tiling, and tilings with a straight cut
//!    (a full line between two rows or columns that crosses no piece) go;
//! 4. a piece may become rotatable when every other orientation of it leaves a
//!    multiset the table says cannot tile at all; of those, the one that makes
//!    the solver work hardest is chosen and shown in a seeded random
//!    orientation;
//! 5. the difficulty is the solver's node count on the level as shown, which
//!    also re-proves uniqueness with the rotation allowed.

use crate::error::CensusError;
use crate::level::{Level, Solution};
use crate::piece::Piece;
use crate::solve::{solve, solve_multiset};
use crate::tilings::{shape_permutations, Multiset, TilingTable, MAX_TABLE_AREA, MAX_TABLE_HEIGHT};
use gridforge_game::Uniqueness;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use std::time::{Duration, Instant};

/// Settings of a census run.
#[derive(Clone, Copy, Debug)]
pub struct CensusOptions {
    /// Seed for the orientations rotatable pieces are shown in.
    pub seed: u64,
    /// Node budget for each solver run.
    pub node_budget: u64,
}

impl Default for CensusOptions {
    fn default() -> Self {
        CensusOptions {
            seed: 0,
            node_budget: crate::solve::DEFAULT_NODE_BUDGET,
        }
    }
}

/// One level the census found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CensusLevel {
    /// The level as the player is given it.
    pub level: Level,
    /// Its only solution (the rotatable piece in its solving orientation).
    pub solution: Solution,
    /// The solver's node count on the level as shown.
    pub difficulty: u64,
}

/// What the census of one rectangle examined and kept at each stage, in the
/// spirit of the original generator's filter table.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RectangleReport {
    /// Width of the rectangle.
    pub width: usize,
    /// Height of the rectangle.
    pub height: usize,
    /// Dynamic-programming states examined (profile + multiset pairs, all steps).
    pub states: u64,
    /// Piece multisets that tile the rectangle at all.
    pub multisets: usize,
    /// … of those, with exactly one tiling.
    pub unique: usize,
    /// … of those, with at least three pieces.
    pub three_pieces: usize,
    /// … of those, one per symmetry class.
    pub classes: usize,
    /// … of those, without a straight cut: the levels.
    pub levels: usize,
    /// … of those, levels with a rotatable piece.
    pub rotatable: usize,
    /// Wall time for the rectangle.
    pub elapsed: Duration,
}

/// Every rectangle W×H with W ≥ H ≥ 2 and W·H ≤ `max_area`, by area, then by
/// height.
pub fn rectangles_up_to(max_area: usize) -> Vec<(usize, usize)> {
    let mut all: Vec<(usize, usize)> = (2..=max_area)
        .flat_map(|h| (h..=max_area / h.max(1)).map(move |w| (w, h)))
        .filter(|&(w, h)| w * h <= max_area)
        .collect();
    all.sort_by_key(|&(w, h)| (w * h, h));
    all
}

/// Checks that the census can handle a rectangle.
pub fn check_size(width: usize, height: usize) -> Result<(), CensusError> {
    let (w, h) = (width.max(height), width.min(height));
    if !(2..=MAX_TABLE_HEIGHT).contains(&h) || w * h > MAX_TABLE_AREA {
        return Err(CensusError::TooLarge {
            width,
            height,
            max_height: MAX_TABLE_HEIGHT,
            max_area: MAX_TABLE_AREA,
        });
    }
    Ok(())
}

/// Finds every level of one rectangle (given either way round; levels use
/// width ≥ height), in increasing difficulty.
pub fn census_rectangle(
    width: usize,
    height: usize,
    options: &CensusOptions,
) -> Result<(Vec<CensusLevel>, RectangleReport), CensusError> {
    check_size(width, height)?;
    let (width, height) = (width.max(height), width.min(height));
    let start = Instant::now();
    let table = TilingTable::build(width, height).ok_or(CensusError::TooLarge {
        width,
        height,
        max_height: MAX_TABLE_HEIGHT,
        max_area: MAX_TABLE_AREA,
    })?;
    let perms = shape_permutations(width, height);
    let unique: Vec<Multiset> = table
        .iter()
        .filter(|&(_, n)| n == 1)
        .map(|(m, _)| m)
        .collect();
    let three: Vec<Multiset> = unique.iter().copied().filter(|m| m.len() >= 3).collect();
    let classes: Vec<Multiset> = three
        .iter()
        .copied()
        .filter(|&m| perms.iter().all(|p| m <= m.permuted(p)))
        .collect();
    let shapes = Piece::triplex_shapes();
    let found: Vec<Option<CensusLevel>> = classes
        .par_iter()
        .map(|&m| make_level(width, height, m, &table, &shapes, options))
        .collect::<Result<_, _>>()?;
    let mut levels: Vec<CensusLevel> = found.into_iter().flatten().collect();
    levels.sort_by(|a, b| {
        (a.difficulty, a.level.to_string()).cmp(&(b.difficulty, b.level.to_string()))
    });
    let report = RectangleReport {
        width,
        height,
        states: table.states_examined,
        multisets: table.len(),
        unique: unique.len(),
        three_pieces: three.len(),
        classes: classes.len(),
        levels: levels.len(),
        rotatable: levels
            .iter()
            .filter(|l| l.level.rotatable().is_some())
            .count(),
        elapsed: start.elapsed(),
    };
    Ok((levels, report))
}

/// The census of one rectangle: its levels (easiest first) and its report.
pub type RectangleCensus = (Vec<CensusLevel>, RectangleReport);

/// Runs the census of many rectangles in parallel, largest first so the
/// longest job starts at once, calling `on_done` as each one finishes.
/// Results come back in the order the rectangles were given.
pub fn census_rectangles(
    rects: &[(usize, usize)],
    options: &CensusOptions,
    on_done: impl Fn(&RectangleReport) + Sync,
) -> Result<Vec<RectangleCensus>, CensusError> {
    for &(w, h) in rects {
        check_size(w, h)?;
    }
    let mut order: Vec<usize> = (0..rects.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(rects[i].0 * rects[i].1));
    let mut done: Vec<(usize, RectangleCensus)> = order
        .par_iter()
        .map(|&i| {
            let (w, h) = rects[i];
            let result = census_rectangle(w, h, options)?;
            on_done(&result.1);
            Ok((i, result))
        })
        .collect::<Result<_, CensusError>>()?;
    done.sort_by_key(|(i, _)| *i);
    Ok(done.into_iter().map(|(_, r)| r).collect())
}

/// Turns one uniquely tiling multiset into a level, or `None` when its tiling
/// has a straight cut.
fn make_level(
    width: usize,
    height: usize,
    m: Multiset,
    table: &TilingTable,
    shapes: &[Piece],
    options: &CensusOptions,
) -> Result<Option<CensusLevel>, CensusError> {
    let tiling = solve_multiset(width, height, &m.to_pieces(shapes), 1, options.node_budget)?;
    let Some(solution) = tiling.solutions.first() else {
        return Err(CensusError::Inconsistent {
            what: format!("{width}x{height} multiset {:?} has no tiling", m.counts()),
        });
    };
    if has_straight_cut(width, height, solution) {
        return Ok(None);
    }
    let fixed = level_from(width, height, m, shapes, None)?;
    // Candidates for the rotatable piece: shapes none of whose other
    // orientations leaves a multiset that tiles the rectangle.
    let mut best: Option<(u64, usize)> = None;
    for (s, shape) in shapes.iter().enumerate() {
        if m.count(s) == 0 {
            continue;
        }
        let qualifies = shape.orientations().iter().all(|o| {
            let t = shapes.iter().position(|p| p == o).expect("closed set");
            t == s || table.tilings(m.swap_one(s, t)) == 0
        });
        if !qualifies {
            continue;
        }
        let free = level_from(width, height, m, shapes, Some((s, shape.clone())))?;
        let nodes = solve(&free, 2, options.node_budget)?.stats.nodes;
        if best.is_none_or(|(n, _)| nodes > n) {
            best = Some((nodes, s));
        }
    }
    let level = match best {
        None => fixed,
        Some((_, s)) => {
            let orientations = shapes[s].orientations();
            let mut rng = ChaCha8Rng::seed_from_u64(mix(options.seed, width, height, m));
            let shown = orientations[rng.random_range(0..orientations.len())].clone();
            level_from(width, height, m, shapes, Some((s, shown)))?
        }
    };
    let report = solve(&level, 2, options.node_budget)?;
    if report.uniqueness() != Uniqueness::Unique {
        return Err(CensusError::Inconsistent {
            what: format!("{level} is not unique when re-solved"),
        });
    }
    Ok(Some(CensusLevel {
        solution: report.solutions[0].clone(),
        difficulty: report.stats.nodes,
        level,
    }))
}

/// Builds the level of a multiset; `rotatable` names a shape index whose one
/// piece becomes rotatable, shown as the given orientation.
fn level_from(
    width: usize,
    height: usize,
    m: Multiset,
    shapes: &[Piece],
    rotatable: Option<(usize, Piece)>,
) -> Result<Level, CensusError> {
    let mut pieces = Vec::with_capacity(m.len());
    for (s, shape) in shapes.iter().enumerate() {
        let mut n = m.count(s);
        if rotatable.as_ref().is_some_and(|(r, _)| *r == s) {
            n -= 1;
        }
        pieces.extend(std::iter::repeat_n(shape.clone(), n));
    }
    let rot_index = rotatable.map(|(_, shown)| {
        pieces.push(shown);
        pieces.len() - 1
    });
    Level::new(width, height, pieces, rot_index).map_err(|e| CensusError::Inconsistent {
        what: e.to_string(),
    })
}

/// True when a full line between two rows or two columns crosses no piece.
pub fn has_straight_cut(width: usize, height: usize, solution: &Solution) -> bool {
    let mut owner = vec![usize::MAX; width * height];
    for p in &solution.placements {
        for (r, c) in p.shape.cells() {
            owner[(p.row + r) * width + p.col + c] = p.piece;
        }
    }
    let vertical =
        (1..width).any(|x| (0..height).all(|y| owner[y * width + x - 1] != owner[y * width + x]));
    let horizontal =
        (1..height).any(|y| (0..width).all(|x| owner[(y - 1) * width + x] != owner[y * width + x]));
    vertical || horizontal
}

/// A per-level seed, independent of the order levels are processed in.
fn mix(seed: u64, width: usize, height: usize, m: Multiset) -> u64 {
    let mut x = seed ^ (width as u64) << 56 ^ (height as u64) << 48 ^ m.0;
    // splitmix64 finaliser
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(w: usize, h: usize) -> usize {
        census_rectangle(w, h, &CensusOptions::default())
            .unwrap()
            .0
            .len()
    }

    #[test]
    fn sanity_values_from_the_original() {
        assert_eq!(count(3, 2), 0);
        assert_eq!(count(4, 2), 2);
        assert_eq!(count(3, 3), 1);
        assert_eq!(count(4, 3), 4);
        assert_eq!(count(4, 4), 5);
    }

    #[test]
    fn rectangles_are_listed_once_with_width_at_least_height() {
        let r = rectangles_up_to(12);
        assert_eq!(
            r,
            vec![(2, 2), (3, 2), (4, 2), (3, 3), (5, 2), (6, 2), (4, 3)]
        );
    }

    #[test]
    fn too_large_is_an_error() {
        assert!(matches!(
            census_rectangle(20, 10, &CensusOptions::default()),
            Err(CensusError::TooLarge { .. })
        ));
        assert!(census_rectangle(5, 1, &CensusOptions::default()).is_err());
    }
}
