//! [`Technique::RegionSum`](super::Technique::RegionSum): regions made of whole
//! runs, found once per layout ([`find_regions`]), and the digits their innies
//! and outies can take ([`region_support`]).

use crate::board::Direction;
use crate::model::Model;

/// A region for [`Technique::RegionSum`](super::Technique::RegionSum): whole
/// runs counted in (`plus`) and runs of the other direction counted out
/// (`minus`); the cells of the plus runs that no minus run covers
/// (`plus_cells`, the innies) less the cells of the minus runs outside the plus
/// runs (`minus_cells`, the outies) sum to the plus runs' sums less the minus
/// runs' sums.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Region {
    pub plus_runs: Vec<u32>,
    pub minus_runs: Vec<u32>,
    pub plus_cells: Vec<u16>,
    pub minus_cells: Vec<u16>,
}

/// Innies and outies kept per region at most.
const REGION_CELLS: usize = 5;
/// Runs of one direction a region grows to at most.
const REGION_RUNS: usize = 12;

/// The regions of [`Technique::RegionSum`](super::Technique::RegionSum) in a
/// layout. From every run, a region of runs of its direction grows one run at a
/// time (up to [`REGION_RUNS`]), always by the run that leaves the fewest cells
/// where the two directions do not cover each other; the runs of the other
/// direction counted out are those with more than half their cells inside.
/// Every state with 1 to [`REGION_CELLS`] such cells is a region. Depends only
/// on the layout, so an engine finds them once.
pub(super) fn find_regions(model: &Model) -> Vec<Region> {
    let n = model.cell_count();
    let mut out = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut inside = vec![false; n];
    let mut count = vec![0u32; model.runs.len()];
    for (first, data) in model.runs.iter().enumerate() {
        let slot = match data.direction {
            Direction::Across => 0,
            Direction::Down => 1,
        };
        inside.fill(false);
        let mut plus = vec![first as u32];
        for &c in data.cells() {
            inside[c as usize] = true;
        }
        for _ in 0..REGION_RUNS {
            let region = cover(model, slot, &plus, &inside, &mut count);
            let size = region.plus_cells.len() + region.minus_cells.len();
            if (1..=REGION_CELLS).contains(&size) {
                let mut key = region.plus_runs.clone();
                key.push(u32::MAX);
                key.extend(&region.minus_runs);
                if seen.insert(key) {
                    out.push(region.clone());
                }
            }
            // Grow by the run of this direction that covers best.
            let mut options: Vec<u32> = Vec::new();
            for &run in &plus {
                for &c in model.runs[run as usize].cells() {
                    let other = model.cell_runs[c as usize][1 - slot];
                    for &d in model.runs[other as usize].cells() {
                        let candidate = model.cell_runs[d as usize][slot];
                        if !plus.contains(&candidate) && !options.contains(&candidate) {
                            options.push(candidate);
                        }
                    }
                }
            }
            let mut best: Option<(usize, u32)> = None;
            for &candidate in &options {
                for &c in model.runs[candidate as usize].cells() {
                    inside[c as usize] = true;
                }
                plus.push(candidate);
                let trial = cover(model, slot, &plus, &inside, &mut count);
                plus.pop();
                for &c in model.runs[candidate as usize].cells() {
                    inside[c as usize] = false;
                }
                let size = trial.plus_cells.len() + trial.minus_cells.len();
                if best.is_none_or(|(s, _)| size < s) {
                    best = Some((size, candidate));
                }
            }
            let Some((_, chosen)) = best else { break };
            for &c in model.runs[chosen as usize].cells() {
                inside[c as usize] = true;
            }
            plus.push(chosen);
        }
    }
    out
}

/// The region of the runs `plus` (direction `slot`, cells marked in
/// `inside`): the runs of the other direction with more than half their cells
/// inside are counted out, and what neither covers is listed.
fn cover(model: &Model, slot: usize, plus: &[u32], inside: &[bool], count: &mut [u32]) -> Region {
    let mut touched = Vec::new();
    for &run in plus {
        for &c in model.runs[run as usize].cells() {
            let other = model.cell_runs[c as usize][1 - slot];
            if count[other as usize] == 0 {
                touched.push(other);
            }
            count[other as usize] += 1;
        }
    }
    let mut minus: Vec<u32> = touched
        .iter()
        .copied()
        .filter(|&o| 2 * count[o as usize] as usize > model.runs[o as usize].len)
        .collect();
    minus.sort_unstable();
    let mut plus_cells = Vec::new();
    for &run in plus {
        for &c in model.runs[run as usize].cells() {
            let other = model.cell_runs[c as usize][1 - slot];
            if minus.binary_search(&other).is_err() {
                plus_cells.push(c);
            }
        }
    }
    let mut minus_cells = Vec::new();
    for &o in &minus {
        for &c in model.runs[o as usize].cells() {
            if !inside[c as usize] {
                minus_cells.push(c);
            }
        }
    }
    for &o in &touched {
        count[o as usize] = 0;
    }
    let mut plus_runs = plus.to_vec();
    plus_runs.sort_unstable();
    plus_cells.sort_unstable();
    minus_cells.sort_unstable();
    Region {
        plus_runs,
        minus_runs: minus,
        plus_cells,
        minus_cells,
    }
}

/// For cells with coefficients +1 (innies) and −1 (outies) and candidate
/// `masks`: the digits each takes in some assignment that makes the signed
/// sum `target`, with cells sharing a run holding distinct digits.
pub(super) fn region_support(
    model: &Model,
    cells: &[(u16, i32)],
    masks: &[u16],
    target: i32,
) -> Vec<u16> {
    let k = cells.len();
    let mut conflict = vec![0u32; k];
    for i in 0..k {
        for j in 0..k {
            let (a, b) = (
                model.cell_runs[cells[i].0 as usize],
                model.cell_runs[cells[j].0 as usize],
            );
            if i != j && (a[0] == b[0] || a[1] == b[1]) {
                conflict[i] |= 1 << j;
            }
        }
    }
    // Least and most the cells from i on can add.
    let mut low = vec![0i32; k + 1];
    let mut high = vec![0i32; k + 1];
    for i in (0..k).rev() {
        let m = masks[i];
        let (small, large) = (m.trailing_zeros() as i32, 15 - m.leading_zeros() as i32);
        let (lo, hi) = if cells[i].1 > 0 {
            (small, large)
        } else {
            (-large, -small)
        };
        low[i] = low[i + 1] + lo;
        high[i] = high[i + 1] + hi;
    }
    struct Walk<'a> {
        cells: &'a [(u16, i32)],
        masks: &'a [u16],
        conflict: &'a [u32],
        low: &'a [i32],
        high: &'a [i32],
        target: i32,
        picks: [u16; 16],
        support: Vec<u16>,
    }
    fn go(w: &mut Walk, i: usize, sum: i32) {
        if sum + w.low[i] > w.target || sum + w.high[i] < w.target {
            return;
        }
        if i == w.cells.len() {
            for j in 0..i {
                w.support[j] |= w.picks[j];
            }
            return;
        }
        let mut taken = 0u16;
        for j in 0..i {
            if w.conflict[i] & (1 << j) != 0 {
                taken |= w.picks[j];
            }
        }
        let mut free = w.masks[i] & !taken;
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free &= free - 1;
            w.picks[i] = bit;
            go(w, i + 1, sum + w.cells[i].1 * bit.trailing_zeros() as i32);
        }
    }
    let mut walk = Walk {
        cells,
        masks,
        conflict: &conflict,
        low: &low,
        high: &high,
        target,
        picks: [0; 16],
        support: vec![0; k],
    };
    go(&mut walk, 0, 0);
    walk.support
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::digits::DigitSet;
    use crate::logic::Difficulty;

    /// Region sums, worked example: innies `x`, `y` (sharing a run, so
    /// distinct) and an outie `z`, with `x + y − z = 14`, `x, y` in 5..=9 and
    /// `z` in {1, 2}. Then `x + y` is 15 or 16: {6, 9}, {7, 8} or {7, 9}; 5
    /// never fits, and with `z = 2` (16 = 7 + 9) as with `z = 1`, both outie
    /// digits stay.
    #[test]
    fn region_sum_worked_example() {
        let board: Board = "4 4\n- 16, 17, -\n,16 0 0 -\n,17 0 0 -\n- - - -"
            .parse()
            .unwrap();
        let model = Model::from_board(&board);
        // Cells 0, 1 share the first across run; cell 3 (an outie here)
        // shares a down run with cell 1, which changes nothing below.
        let cells = [(0u16, 1), (1u16, 1), (3u16, -1)];
        let masks = [
            crate::digits::digit_range(5, 9),
            crate::digits::digit_range(5, 9),
            0b110,
        ];
        let support = region_support(&model, &cells, &masks, 14);
        assert_eq!(DigitSet::from_bits(support[0]).unwrap().to_string(), "6789");
        assert_eq!(DigitSet::from_bits(support[1]).unwrap().to_string(), "6789");
        assert_eq!(DigitSet::from_bits(support[2]).unwrap().to_string(), "12");
        // With z = 2 only: x + y = 16, so {7, 9}.
        let support = region_support(&model, &cells, &[masks[0], masks[1], 0b100], 14);
        assert_eq!(DigitSet::from_bits(support[0]).unwrap().to_string(), "79");
        // No assignment: nothing is supported (the engine calls it broken).
        let support = region_support(&model, &cells, &[0b10, 0b100, 0b100], 14);
        assert_eq!(support, vec![0, 0, 0]);
    }

    /// Every region of generated puzzles holds on their solution: innies
    /// less outies make the plus runs' sums less the minus runs' sums.
    #[test]
    fn regions_hold_on_solutions() {
        let mut regions = 0;
        for (seed, difficulty) in [(1, Difficulty::Expert), (2, Difficulty::Hard)] {
            let made = crate::generate(
                &crate::RectParams {
                    rows: 12,
                    cols: 12,
                    difficulty,
                },
                seed,
            )
            .unwrap();
            let model = Model::from_board(&made.puzzle);
            let digit = |c: u16| {
                let pos = model.cell_pos[c as usize] as usize;
                i32::from(
                    made.solution
                        .digit(pos / model.cols, pos % model.cols)
                        .unwrap(),
                )
            };
            for region in find_regions(&model) {
                let plus: i32 = region.plus_cells.iter().map(|&c| digit(c)).sum();
                let minus: i32 = region.minus_cells.iter().map(|&c| digit(c)).sum();
                let sums = |runs: &[u32]| -> i32 {
                    runs.iter()
                        .map(|&r| model.runs[r as usize].sum as i32)
                        .sum()
                };
                assert_eq!(
                    plus - minus,
                    sums(&region.plus_runs) - sums(&region.minus_runs)
                );
                assert!((1..=REGION_CELLS)
                    .contains(&(region.plus_cells.len() + region.minus_cells.len())));
                regions += 1;
            }
        }
        assert!(regions > 10, "only {regions} regions found");
    }
}
