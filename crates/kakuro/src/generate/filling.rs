//! Filling: digits written into a layout's runs by backtracking, never
//! completing a shiftable rectangle ([`Maker::fill_digits`]); the clue sums
//! follow from them.

use super::maker::Maker;
use super::RANKED_FILL_MAX_SIDE;
use crate::digits::{is_single, ALL_DIGITS};
use rand::seq::SliceRandom;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// Backtracking steps allowed to write the first digits, per digit cell.
const FILL_STEPS_PER_CELL: u32 = 200;

impl Maker<'_> {
    /// Writes distinct digits into every run by ranked backtracking. Each run
    /// leans to small or to large digits (by `lean`), so that many sums have
    /// few combinations.
    pub(super) fn fill_digits(&mut self, lean: f64, rng: &mut ChaCha8Rng) -> bool {
        let model = &self.model;
        let rank = |c: &u16| {
            let [a, d] = model.cell_runs[*c as usize];
            std::cmp::Reverse(model.runs[a as usize].len + model.runs[d as usize].len)
        };
        self.order.shuffle(rng);
        if model.rows.max(model.cols) > RANKED_FILL_MAX_SIDE {
            // On a large board cells far apart in rank order clash late and
            // the backtracking thrashes; reading order keeps each dead end next
            // to the cells that caused it.
            self.order.sort_by_key(|&c| model.cell_pos[c as usize]);
        } else {
            self.order.sort_by_key(rank);
        }
        let n = self.order.len();
        self.run_used.fill(0);
        let small: Vec<bool> = (0..model.runs.len())
            .map(|_| rng.random_bool(0.5))
            .collect();
        let lean_table: [f64; 10] = std::array::from_fn(|rank| (rank as f64).powf(lean));
        let weight = |run: usize, digit: u32| -> f64 {
            let rank = if small[run] { 10 - digit } else { digit };
            lean_table[rank as usize]
        };
        let mut tried = vec![0u16; n];
        self.digits.fill(0);
        let budget = FILL_STEPS_PER_CELL.saturating_mul(n as u32);
        let mut pos = 0;
        let mut steps = 0;
        while pos < n {
            steps += 1;
            if steps > budget {
                return false;
            }
            let cell = self.order[pos] as usize;
            let [a, d_run] = model.cell_runs[cell];
            let (a, d_run) = (a as usize, d_run as usize);
            if self.digits[cell] != 0 {
                let bit = !(1u16 << self.digits[cell]);
                self.run_used[a] &= bit;
                self.run_used[d_run] &= bit;
                self.digits[cell] = 0;
            }
            let free = ALL_DIGITS & !self.run_used[a] & !self.run_used[d_run] & !tried[pos];
            // The rectangle check is the costly part: skip it at a dead end.
            let options = if free == 0 {
                0
            } else {
                free & !self.cycle_digits(cell)
            };
            if options == 0 {
                tried[pos] = 0;
                if pos == 0 {
                    return false;
                }
                pos -= 1;
                continue;
            }
            let bit = weighted_bit(options, |d| weight(a, d) * weight(d_run, d), rng);
            tried[pos] |= bit;
            self.digits[cell] = bit.trailing_zeros() as u8;
            self.run_used[a] |= bit;
            self.run_used[d_run] |= bit;
            pos += 1;
        }
        true
    }

    /// Writes new digits into the cells the solver left open in the
    /// accepted state and every other cell of their runs, by backtracking in
    /// reading order as [`Maker::fill_digits`] does on large boards, while the
    /// rest of the solution stays: the local repair of a climb stuck on a
    /// spot no single change improves. Returns false, with every digit as it
    /// was, when no refilling is found within the step budget.
    pub(super) fn refill_open(&mut self, rng: &mut ChaCha8Rng) -> bool {
        let model = &self.model;
        let mut chosen = vec![false; self.digits.len()];
        for (cell, &mask) in self.current.iter().enumerate() {
            if !is_single(mask) {
                for run in model.cell_runs[cell] {
                    for &c in model.runs[run as usize].cells() {
                        chosen[c as usize] = true;
                    }
                }
            }
        }
        let mut cells: Vec<usize> = (0..chosen.len()).filter(|&c| chosen[c]).collect();
        cells.sort_by_key(|&c| model.cell_pos[c]);
        let old: Vec<u8> = cells.iter().map(|&c| self.digits[c]).collect();
        for &cell in &cells {
            self.set_digit(cell, 0);
        }
        let mut tried = vec![0u16; cells.len()];
        let budget = FILL_STEPS_PER_CELL.saturating_mul(cells.len() as u32);
        let (mut pos, mut steps) = (0, 0);
        while pos < cells.len() {
            steps += 1;
            let cell = cells[pos];
            self.set_digit(cell, 0);
            let [across, down] = self.model.cell_runs[cell];
            let free = ALL_DIGITS
                & !self.run_used[across as usize]
                & !self.run_used[down as usize]
                & !tried[pos];
            // As in the filling: the rectangle check only when a digit is free.
            let options = if free == 0 {
                0
            } else {
                free & !self.cycle_digits(cell)
            };
            if options == 0 || steps > budget {
                tried[pos] = 0;
                if pos == 0 || steps > budget {
                    // Clear first, so no run holds an old digit twice on the way.
                    for &cell in &cells {
                        self.set_digit(cell, 0);
                    }
                    for (&cell, &digit) in cells.iter().zip(&old) {
                        self.set_digit(cell, digit);
                    }
                    return false;
                }
                pos -= 1;
                continue;
            }
            let bit = random_bit(options, rng);
            tried[pos] |= bit;
            self.set_digit(cell, bit.trailing_zeros() as u8);
            pos += 1;
        }
        true
    }

    /// The digits that, written into `cell`, would complete a shiftable
    /// rectangle: four cells, two on each of two across runs and two on each
    /// of two down runs, whose digits `a b / c d` can become
    /// `a+k b−k / c−k d+k` for some `k` while every run keeps distinct digits.
    /// That keeps every sum, so the puzzle would have a second solution.
    /// Rectangles with a cell still 0 are ignored.
    pub(super) fn cycle_digits(&self, cell: usize) -> u16 {
        let model = &self.model;
        let [across, down] = model.cell_runs[cell];
        let cols = model.cols;
        // Digits of a run other than those of two of its cells (digits in a
        // run are distinct, so removing theirs leaves the others).
        let others = |run: u32, skip: [u8; 2]| -> u16 {
            self.run_used[run as usize] & !(1 << skip[0]) & !(1 << skip[1]) & ALL_DIGITS
        };
        let mine = self.digits[cell];
        let mut forbidden = 0u16;
        for &beside in model.runs[across as usize].cells() {
            let beside = beside as usize;
            let b = self.digits[beside];
            if beside == cell || b == 0 {
                continue;
            }
            let beside_down = model.cell_runs[beside][1];
            let beside_col = model.cell_pos[beside] as usize % cols;
            for &below in model.runs[down as usize].cells() {
                let below = below as usize;
                let c = self.digits[below];
                if below == cell || c == 0 {
                    continue;
                }
                let row = model.cell_pos[below] as usize / cols;
                let corner = model.cell_at[row * cols + beside_col];
                if corner == u32::MAX {
                    continue;
                }
                let corner = corner as usize;
                let d = self.digits[corner];
                let below_across = model.cell_runs[below][0];
                if d == 0
                    || model.cell_runs[corner][0] != below_across
                    || model.cell_runs[corner][1] != beside_down
                {
                    continue;
                }
                let top = others(across, [mine, b]);
                let left = others(down, [mine, c]);
                let bottom = others(below_across, [c, d]);
                let right = others(beside_down, [b, d]);
                let (b, c, d) = (i32::from(b), i32::from(c), i32::from(d));
                let free = |v: i32, used: u16| (1..=9).contains(&v) && used & (1 << v) == 0;
                for k in (-8..=8).filter(|&k| k != 0) {
                    let (b2, c2, d2) = (b - k, c - k, d + k);
                    let rest_shifts = free(b2, top | right | (1 << d2.clamp(0, 15)))
                        && free(c2, left | bottom | (1 << d2.clamp(0, 15)))
                        && free(d2, bottom | right);
                    if !rest_shifts {
                        continue;
                    }
                    // New digits a + k the cell could take in the shifted
                    // rectangle; the cell's digit a is then forbidden.
                    let shifted = ALL_DIGITS & !top & !left & !(1 << b2) & !(1 << c2);
                    let digits = if k > 0 { shifted >> k } else { shifted << -k };
                    forbidden |= digits & ALL_DIGITS;
                }
            }
        }
        forbidden
    }

    /// Digits `cell` may change to: not used elsewhere in its two runs and
    /// completing no swappable rectangle.
    pub(super) fn free_digits(&self, cell: usize) -> u16 {
        let [across, down] = self.model.cell_runs[cell];
        let used = self.run_used[across as usize] | self.run_used[down as usize];
        let free = ALL_DIGITS & !used;
        if free == 0 {
            0
        } else {
            free & !self.cycle_digits(cell)
        }
    }
}

/// A random set bit of a non-empty mask, digit `d` drawn with weight `weight(d)`.
pub(super) fn weighted_bit(mask: u16, weight: impl Fn(u32) -> f64, rng: &mut impl Rng) -> u16 {
    let mut weights = [0.0f64; 10];
    let mut total = 0.0;
    for (d, w) in weights.iter_mut().enumerate().skip(1) {
        if mask & (1 << d) != 0 {
            *w = weight(d as u32);
            total += *w;
        }
    }
    let mut pick = rng.random_range(0.0..total);
    for (d, &w) in weights.iter().enumerate().skip(1) {
        if w > 0.0 {
            if pick < w {
                return 1 << d;
            }
            pick -= w;
        }
    }
    mask & mask.wrapping_neg()
}

/// A uniformly random set bit of a non-empty mask.
pub(super) fn random_bit(mask: u16, rng: &mut impl Rng) -> u16 {
    let mut skip = rng.random_range(0..mask.count_ones());
    let mut m = mask;
    while skip > 0 {
        m &= m - 1;
        skip -= 1;
    }
    m & m.wrapping_neg()
}
