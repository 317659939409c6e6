//! The census: every level of a rectangle, found exhaustively, for any
//! [`PieceSet`].
//!
//! For a `width`×`height` rectangle (width ≥ height ≥ 2 when the set is
//! closed under transposition, as both presets are; otherwise as given):
//! 1. [`TilingTable`] counts the tilings of every piece multiset the set
//!    allows (saturated at 2);
//! 2. the multisets with exactly one tiling are kept if they have at least
//!    three pieces and are the smallest of their class under the symmetries
//!    of the rectangle *that map the set onto itself, limits included*
//!    ([`PieceSet::symmetries`]): a symmetry maps each shape to its image, so
//!    it only relates two levels of the set when every image is in the set
//!    with the same limit;
//! 3. the solver recovers each one's tiling, and tilings with a straight cut
//!    (a full line between two rows or columns that crosses no piece) go;
//! 4. when the set allows it, a piece may become rotatable when every other
//!    orientation of it leaves a multiset that cannot tile at all (asked of
//!    the table when that multiset is one the set allows, else of the
//!    solver); of those, the one that makes the solver work hardest is chosen
//!    and shown in a seeded random orientation;
//! 5. the difficulty is the solver's node count on the level as shown, which
//!    also re-proves uniqueness with the rotation allowed.
//!
//! [`select_levels`] picks a family pack from a census.

use crate::error::CensusError;
use crate::level::{Level, Solution};
use crate::piece_set::PieceSet;
use crate::solve::{solve, solve_multiset};
use crate::tilings::{Multiset, TilingTable, MAX_TABLE_AREA, MAX_TABLE_HEIGHT};
use gridforge_game::Uniqueness;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use std::collections::BTreeMap;
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
    /// The most dynamic-programming states alive after one step.
    pub peak_states: u64,
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

impl RectangleReport {
    /// Fills in `levels` and `rotatable` from the rectangle's levels.
    pub fn count_levels(&mut self, levels: &[CensusLevel]) {
        self.levels = levels.len();
        self.rotatable = levels
            .iter()
            .filter(|l| l.level.rotatable().is_some())
            .count();
    }
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

/// The rectangles of [`rectangles_up_to`] for a piece set: when the set is
/// not closed under transposition, also every H×W with H > W (height at most
/// [`MAX_TABLE_HEIGHT`]), since its levels are not the W×H ones transposed.
pub fn rectangles_for(set: &PieceSet, max_area: usize) -> Vec<(usize, usize)> {
    let mut all = rectangles_up_to(max_area);
    if !set.transpose_closed() {
        let tall: Vec<(usize, usize)> = all
            .iter()
            .filter(|&&(w, h)| w != h && w <= MAX_TABLE_HEIGHT)
            .map(|&(w, h)| (h, w))
            .collect();
        all.extend(tall);
        all.sort_by_key(|&(w, h)| (w * h, h));
    }
    all
}

/// The rectangle the census of `width`×`height` runs on: width ≥ height when
/// the set is closed under transposition, otherwise as given.
pub fn oriented(set: &PieceSet, width: usize, height: usize) -> (usize, usize) {
    if set.transpose_closed() {
        (width.max(height), width.min(height))
    } else {
        (width, height)
    }
}

/// Checks that the census can handle a rectangle for a piece set.
pub fn check_size(set: &PieceSet, width: usize, height: usize) -> Result<(), CensusError> {
    let (w, h) = oriented(set, width, height);
    if w < 2 || !(2..=MAX_TABLE_HEIGHT).contains(&h) || w * h > MAX_TABLE_AREA {
        return Err(CensusError::TooLarge {
            width,
            height,
            max_height: MAX_TABLE_HEIGHT,
            max_area: MAX_TABLE_AREA,
        });
    }
    Ok(())
}

/// Finds every Triplex level of one rectangle (given either way round;
/// levels use width ≥ height), in increasing difficulty:
/// [`census_rectangle_with`] for [`PieceSet::triplex`].
pub fn census_rectangle(
    width: usize,
    height: usize,
    options: &CensusOptions,
) -> Result<(Vec<CensusLevel>, RectangleReport), CensusError> {
    census_rectangle_with(&PieceSet::triplex(), width, height, options)
}

/// Finds every level of one rectangle for a piece set, in increasing
/// difficulty. For a set closed under transposition the rectangle may be
/// given either way round and levels use width ≥ height.
pub fn census_rectangle_with(
    set: &PieceSet,
    width: usize,
    height: usize,
    options: &CensusOptions,
) -> Result<(Vec<CensusLevel>, RectangleReport), CensusError> {
    check_size(set, width, height)?;
    let (width, height) = oriented(set, width, height);
    let start = Instant::now();
    let table = TilingTable::build(set, width, height)?;
    let found = candidates(set, width, height, &table);
    let mut levels = levels_of(set, width, height, &found.classes, &table, options)?;
    sort_levels(&mut levels);
    let mut report = RectangleReport {
        width,
        height,
        states: table.states_examined,
        peak_states: table.peak_states,
        multisets: table.len(),
        unique: found.unique,
        three_pieces: found.three_pieces,
        classes: found.classes.len(),
        ..RectangleReport::default()
    };
    report.count_levels(&levels);
    report.elapsed = start.elapsed();
    Ok((levels, report))
}

/// Stage 2 of the census: what a table's uniquely tiling multisets leave as
/// level candidates, and how many passed each rule on the way.
#[derive(Clone, Debug, Default)]
pub struct Candidates {
    /// Multisets with exactly one tiling.
    pub unique: usize,
    /// … of those, with at least three pieces.
    pub three_pieces: usize,
    /// … of those, the smallest of their symmetry class: the candidates.
    pub classes: Vec<Multiset>,
}

/// Stage 2 for the multisets of `table` (a whole rectangle's, or one
/// shard's share of it: every rule looks at one multiset alone).
pub fn candidates(set: &PieceSet, width: usize, height: usize, table: &TilingTable) -> Candidates {
    let inverses = set.inverse_symmetries(width, height);
    let mut unique = 0;
    let three: Vec<Multiset> = table
        .unique()
        .inspect(|_| unique += 1)
        .filter(|m| m.len() >= 3)
        .collect();
    let three_pieces = three.len();
    let classes = three
        .into_par_iter()
        .filter(|m| m.is_smallest_of_class(&inverses))
        .collect();
    Candidates {
        unique,
        three_pieces,
        classes,
    }
}

/// Stages 3 to 5 for candidates of stage 2, in parallel: the levels they
/// make (a candidate whose tiling has a straight cut makes none), in no
/// particular order. `table` is asked whether the multisets one piece away
/// tile at all, which only a set with a rotatable piece needs; it must then
/// be the whole rectangle's table.
pub fn levels_of(
    set: &PieceSet,
    width: usize,
    height: usize,
    classes: &[Multiset],
    table: &TilingTable,
    options: &CensusOptions,
) -> Result<Vec<CensusLevel>, CensusError> {
    let found: Vec<Option<CensusLevel>> = classes
        .par_iter()
        .map(|m| make_level(set, width, height, m, table, options))
        .collect::<Result<_, _>>()?;
    Ok(found.into_iter().flatten().collect())
}

/// Puts levels in the census's order: by difficulty, then description.
pub fn sort_levels(levels: &mut [CensusLevel]) {
    levels.sort_by_cached_key(|l| (l.difficulty, l.level.to_string()));
}

/// The census of one rectangle: its levels (easiest first) and its report.
pub type RectangleCensus = (Vec<CensusLevel>, RectangleReport);

/// Runs the Triplex census of many rectangles: [`census_rectangles_with`]
/// for [`PieceSet::triplex`].
pub fn census_rectangles(
    rects: &[(usize, usize)],
    options: &CensusOptions,
    on_done: impl Fn(&RectangleReport) + Sync,
) -> Result<Vec<RectangleCensus>, CensusError> {
    census_rectangles_with(&PieceSet::triplex(), rects, options, on_done)
}

/// Runs the census of many rectangles for a piece set in parallel, largest
/// first so the longest job starts at once, calling `on_done` as each one
/// finishes. Results come back in the order the rectangles were given.
pub fn census_rectangles_with(
    set: &PieceSet,
    rects: &[(usize, usize)],
    options: &CensusOptions,
    on_done: impl Fn(&RectangleReport) + Sync,
) -> Result<Vec<RectangleCensus>, CensusError> {
    for &(w, h) in rects {
        check_size(set, w, h)?;
    }
    let mut order: Vec<usize> = (0..rects.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(rects[i].0 * rects[i].1));
    let mut done: Vec<(usize, RectangleCensus)> = order
        .par_iter()
        .map(|&i| {
            let (w, h) = rects[i];
            let result = census_rectangle_with(set, w, h, options).map_err(|e| {
                CensusError::InRectangle {
                    width: w,
                    height: h,
                    source: Box::new(e),
                }
            })?;
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
    set: &PieceSet,
    width: usize,
    height: usize,
    m: &Multiset,
    table: &TilingTable,
    options: &CensusOptions,
) -> Result<Option<CensusLevel>, CensusError> {
    let shapes = set.shapes();
    if !set.rotatable() {
        // No rotatable piece to choose: one search proves uniqueness, rates
        // the level and gives the tiling the straight-cut rule looks at.
        let level = level_from(width, height, m, shapes, None)?;
        let report = solve(&level, 2, options.node_budget)?;
        return match (report.uniqueness(), report.solutions.first()) {
            (Uniqueness::Unique, Some(solution)) => Ok((!has_straight_cut(
                width, height, solution,
            ))
            .then(|| CensusLevel {
                solution: solution.clone(),
                difficulty: report.stats.nodes,
                level,
            })),
            _ => Err(CensusError::Inconsistent {
                what: format!("{level} is not unique when re-solved"),
            }),
        };
    }
    let pieces = m.to_pieces(shapes);
    let tiling = solve_multiset(width, height, &pieces, 1, options.node_budget)?;
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
        let mut qualifies = true;
        for o in shape.orientations() {
            if o == *shape {
                continue;
            }
            let tiles = match set.index_of(&o).map(|t| m.swap_one(s, t)) {
                Some(other) if table.covers(&other) => table.tilings(&other) > 0,
                // Outside what the table knows (another shape, or over a
                // cap): ask the solver.
                _ => {
                    let mut others = pieces.clone();
                    for (p, n) in &mut others {
                        if p == shape {
                            *n -= 1;
                        }
                    }
                    others.push((o.clone(), 1));
                    !solve_multiset(width, height, &others, 1, options.node_budget)?
                        .solutions
                        .is_empty()
                }
            };
            if tiles {
                qualifies = false;
                break;
            }
        }
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
    m: &Multiset,
    shapes: &[crate::piece::Piece],
    rotatable: Option<(usize, crate::piece::Piece)>,
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
fn mix(seed: u64, width: usize, height: usize, m: &Multiset) -> u64 {
    splitmix64(seed ^ (width as u64) << 56 ^ (height as u64) << 48 ^ m.fingerprint())
}

/// splitmix64's finaliser: spreads nearby inputs over all 64 bits (seeds,
/// and the sharded census's choice of worker for a state).
pub fn splitmix64(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// Picks up to `n` levels of a census for a family pack, chosen across sizes
/// and ordered by difficulty:
///
/// 1. *A quota per area*, so every size is represented: the `n` places are
///    shared equally among the areas that have levels; an area with fewer
///    levels than its share gives all it has, and what it leaves goes to the
///    other areas in equal parts again (so exactly `min(n, levels)` are
///    picked).
/// 2. *Spread within an area*: its levels, sorted by difficulty, are cut into
///    as many equal slices as the area's quota, and the hardest level of each
///    slice is taken, so every band of difficulty is represented and the
///    area's hardest level always is.
/// 3. *Order*: the picks sorted by the solver's difficulty (node count), then
///    area, then description, so the pack's difficulty never goes down.
///
/// Levels are distinct as long as the census's are (one per class).
pub fn select_levels(levels: &[CensusLevel], n: usize) -> Vec<CensusLevel> {
    let mut by_area: BTreeMap<usize, Vec<&CensusLevel>> = BTreeMap::new();
    for l in levels {
        by_area
            .entry(l.level.width() * l.level.height())
            .or_default()
            .push(l);
    }
    for list in by_area.values_mut() {
        list.sort_by_cached_key(|l| (l.difficulty, l.level.to_string()));
    }
    // Water-filling: smallest areas (by how many levels they have) first.
    let mut order: Vec<(usize, usize)> = by_area.iter().map(|(&a, l)| (l.len(), a)).collect();
    order.sort();
    let mut quota: BTreeMap<usize, usize> = BTreeMap::new();
    let mut remaining = n;
    for (k, &(available, area)) in order.iter().enumerate() {
        let share = remaining / (order.len() - k);
        // Hand out the remainder of the division to the largest areas.
        let share = if k == order.len() - 1 {
            remaining
        } else {
            share
        };
        let q = share.min(available);
        quota.insert(area, q);
        remaining -= q;
    }
    let mut picked: Vec<CensusLevel> = Vec::with_capacity(n.min(levels.len()));
    for (area, list) in &by_area {
        let q = quota[area];
        let len = list.len();
        for i in 0..q {
            // The hardest of slice i of q: index ceil((i+1)·len/q) − 1.
            let index = ((i + 1) * len).div_ceil(q) - 1;
            picked.push(list[index].clone());
        }
    }
    picked.sort_by_cached_key(|l| {
        (
            l.difficulty,
            l.level.width() * l.level.height(),
            l.level.to_string(),
        )
    });
    picked
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
