//! Sets of digits 1..=9 and the table of every digit combination by (sum, length).
//!
//! A run of `len` cells summing to `sum` must hold one of the sets returned by
//! [`combos`]; the table behind it is built once, at compile time, from all 511
//! non-empty subsets of 1..=9, so the solvers look combinations up instead of
//! enumerating them.

use std::fmt;

/// A set of digits 1..=9, stored as a bitmask (bit `d` stands for digit `d`).
///
/// Used for candidate digits of a cell, for the digits of a run and for the
/// combinations returned by [`combos`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct DigitSet(u16);

/// Bits 1..=9: every digit.
pub(crate) const ALL_DIGITS: u16 = 0b11_1111_1110;

impl DigitSet {
    /// The empty set.
    pub const EMPTY: DigitSet = DigitSet(0);
    /// All digits 1..=9.
    pub const ALL: DigitSet = DigitSet(ALL_DIGITS);

    /// The set whose bitmask is `bits` (bit `d` for digit `d`), or `None` when a
    /// bit outside 1..=9 is set.
    pub fn from_bits(bits: u16) -> Option<DigitSet> {
        (bits & !ALL_DIGITS == 0).then_some(DigitSet(bits))
    }

    /// The set holding only `digit`, or `None` when `digit` is not in 1..=9.
    pub fn single(digit: u8) -> Option<DigitSet> {
        (1..=9).contains(&digit).then(|| DigitSet(1 << digit))
    }

    /// The bitmask: bit `d` is set when digit `d` is in the set.
    pub fn bits(self) -> u16 {
        self.0
    }

    /// Whether `digit` is in the set (always false outside 1..=9).
    pub fn contains(self, digit: u8) -> bool {
        (1..=9).contains(&digit) && self.0 & (1 << digit) != 0
    }

    /// Adds `digit`; digits outside 1..=9 are ignored.
    pub fn insert(&mut self, digit: u8) {
        if (1..=9).contains(&digit) {
            self.0 |= 1 << digit;
        }
    }

    /// Removes `digit` if present.
    pub fn remove(&mut self, digit: u8) {
        if (1..=9).contains(&digit) {
            self.0 &= !(1 << digit);
        }
    }

    /// How many digits the set holds.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set holds no digit.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The digit when the set holds exactly one.
    pub fn only(self) -> Option<u8> {
        (self.0 != 0 && self.0 & (self.0 - 1) == 0).then(|| self.0.trailing_zeros() as u8)
    }

    /// The sum of the digits in the set.
    pub fn sum(self) -> u32 {
        self.iter().map(u32::from).sum()
    }

    /// Digits in either set.
    pub fn union(self, other: DigitSet) -> DigitSet {
        DigitSet(self.0 | other.0)
    }

    /// Digits in both sets.
    pub fn intersection(self, other: DigitSet) -> DigitSet {
        DigitSet(self.0 & other.0)
    }

    /// Digits of `self` that are not in `other`.
    pub fn difference(self, other: DigitSet) -> DigitSet {
        DigitSet(self.0 & !other.0)
    }

    /// Whether every digit of `self` is in `other`.
    pub fn is_subset(self, other: DigitSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// The digits in increasing order.
    pub fn iter(self) -> impl Iterator<Item = u8> {
        (1..=9u8).filter(move |&d| self.0 & (1 << d) != 0)
    }
}

impl FromIterator<u8> for DigitSet {
    /// Collects digits; digits outside 1..=9 are ignored.
    fn from_iter<I: IntoIterator<Item = u8>>(iter: I) -> Self {
        let mut set = DigitSet::EMPTY;
        for digit in iter {
            set.insert(digit);
        }
        set
    }
}

impl fmt::Display for DigitSet {
    /// The digits in increasing order, without separators: `{1, 2, 4}` is `124`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for digit in self.iter() {
            write!(f, "{digit}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for DigitSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "DigitSet({self})")
    }
}

/// Largest possible run sum: 1 + 2 + … + 9.
pub const MAX_SUM: u32 = 45;
/// Longest possible run.
pub const MAX_RUN: usize = 9;

const KEYS: usize = (MAX_RUN + 1) * (MAX_SUM as usize + 1);

/// Every subset of 1..=9 grouped by (length, sum), as bitmasks in [`DigitSet`]
/// layout: the subsets of key `k` are `masks[start[k]..start[k + 1]]`.
struct ComboTable {
    masks: [u16; 512],
    start: [u16; KEYS + 1],
}

const fn key(sum: usize, len: usize) -> usize {
    len * (MAX_SUM as usize + 1) + sum
}

const fn build_table() -> ComboTable {
    let mut count = [0u16; KEYS + 1];
    let mut subset = 0usize;
    while subset < 512 {
        let mask = (subset as u16) << 1;
        let (sum, len) = sum_and_len(mask);
        count[key(sum, len)] += 1;
        subset += 1;
    }
    let mut start = [0u16; KEYS + 1];
    let mut k = 0;
    while k < KEYS {
        start[k + 1] = start[k] + count[k];
        k += 1;
    }
    let mut fill = [0u16; KEYS + 1];
    let mut masks = [0u16; 512];
    let mut subset = 0usize;
    while subset < 512 {
        let mask = (subset as u16) << 1;
        let (sum, len) = sum_and_len(mask);
        let k = key(sum, len);
        masks[(start[k] + fill[k]) as usize] = mask;
        fill[k] += 1;
        subset += 1;
    }
    ComboTable { masks, start }
}

const fn sum_and_len(mask: u16) -> (usize, usize) {
    let mut sum = 0;
    let mut len = 0;
    let mut digit = 1;
    while digit <= 9 {
        if mask & (1 << digit) != 0 {
            sum += digit;
            len += 1;
        }
        digit += 1;
    }
    (sum, len)
}

static TABLE: ComboTable = build_table();

/// The combinations of `len` distinct digits summing to `sum`, as bitmasks,
/// in increasing order of bitmask. Empty when there are none.
pub(crate) fn combo_masks(sum: u32, len: usize) -> &'static [u16] {
    if sum > MAX_SUM || len > MAX_RUN {
        return &[];
    }
    let k = key(sum as usize, len);
    &TABLE.masks[TABLE.start[k] as usize..TABLE.start[k + 1] as usize]
}

/// Every set of `len` distinct digits 1..=9 that sums to `sum` (the "hint" a
/// player asks for), in dictionary order of their digits (`127` before `136`).
/// Empty when no set fits, for example 2 cells summing to 18.
pub fn combos(sum: u32, len: usize) -> Vec<DigitSet> {
    combos_with(sum, len, DigitSet::EMPTY, DigitSet::EMPTY)
}

/// The combinations of [`combos`] that contain every digit of `placed` (digits
/// already written in the run) and none of `excluded` (digits ruled out).
pub fn combos_with(sum: u32, len: usize, placed: DigitSet, excluded: DigitSet) -> Vec<DigitSet> {
    let mut sets: Vec<DigitSet> = combo_masks(sum, len)
        .iter()
        .map(|&m| DigitSet(m))
        .filter(|set| placed.is_subset(*set) && set.intersection(excluded).is_empty())
        .collect();
    // Ascending digit lists, compared digit by digit.
    sets.sort_by(|a, b| a.iter().cmp(b.iter()));
    sets
}

/// Whether some run of `len` cells can sum to `sum`.
pub fn sum_is_possible(sum: u32, len: usize) -> bool {
    !combo_masks(sum, len).is_empty()
}

/// Sum of the `count` smallest digits of `mask` (or `None` if it has fewer).
pub(crate) fn smallest_sum(mask: u16, count: usize) -> Option<u32> {
    let mut m = mask;
    let mut sum = 0;
    for _ in 0..count {
        if m == 0 {
            return None;
        }
        sum += m.trailing_zeros();
        m &= m - 1;
    }
    Some(sum)
}

/// Sum of the `count` largest digits of `mask` (or `None` if it has fewer).
pub(crate) fn largest_sum(mask: u16, count: usize) -> Option<u32> {
    let mut m = mask;
    let mut sum = 0;
    for _ in 0..count {
        if m == 0 {
            return None;
        }
        let top = 15 - m.leading_zeros();
        sum += top;
        m &= !(1 << top);
    }
    Some(sum)
}

/// The digit of a single-bit mask.
#[inline]
pub(crate) fn digit_of(mask: u16) -> u32 {
    mask.trailing_zeros()
}

/// The mask of the digits `low..=high` (1 ≤ low ≤ high ≤ 9).
#[inline]
pub(crate) fn digit_range(low: u32, high: u32) -> u16 {
    ((1u16 << (high + 1)) - 1) & !((1u16 << low) - 1)
}

/// Whether a mask holds exactly one digit.
#[inline]
pub(crate) fn is_single(mask: u16) -> bool {
    mask != 0 && mask & (mask - 1) == 0
}
