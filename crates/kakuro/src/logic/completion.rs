//! Run completion's work: [`completion_support`], the digits each open cell
//! of a run takes in some complete filling, with its scratch lists and the
//! memo that keeps its answers across ratings.

use crate::digits::combo_masks;

/// A set of digit sets, as 512 bits indexed by `mask >> 1`.
#[derive(Clone, Copy)]
struct SetOfSets([u64; 8]);

impl SetOfSets {
    const EMPTY: SetOfSets = SetOfSets([0; 8]);

    /// Adds `mask`; true when it was not there yet.
    #[inline]
    fn insert(&mut self, mask: u16) -> bool {
        let i = (mask >> 1) as usize;
        let bit = 1u64 << (i & 63);
        let fresh = self.0[i >> 6] & bit == 0;
        self.0[i >> 6] |= bit;
        fresh
    }

    #[inline]
    fn contains(&self, mask: u16) -> bool {
        let i = (mask >> 1) as usize;
        self.0[i >> 6] & (1 << (i & 63)) != 0
    }
}

/// The digit sets some cells can take, listed (at most C(9, 4) = 126 of a size).
struct SetList {
    sets: [u16; 128],
    len: usize,
}

impl SetList {
    const EMPTY: SetList = SetList {
        sets: [0; 128],
        len: 0,
    };

    fn as_slice(&self) -> &[u16] {
        &self.sets[..self.len]
    }

    fn push(&mut self, set: u16) {
        self.sets[self.len] = set;
        self.len += 1;
    }
}

/// For open cells with candidate masks `cells`, which must take distinct digits
/// avoiding `placed` and summing to `rest`: the digits each cell takes in at
/// least one complete filling.
///
/// For each digit set that makes the sum, a dynamic program over the cells in
/// order whose states are the digits used so far: forward, the sets the first
/// `i` cells can take; backward, the sets the last cells can take. Cell `i`
/// supports digit `d` when a forward set without `d` and the backward set of
/// the remaining digits meet. It stops early once every candidate is supported.
fn completion_support(
    cells: &[u16],
    rest: u32,
    placed: u16,
    scratch: &mut CompletionScratch,
) -> [u16; 9] {
    let k = cells.len();
    let mut support = [0u16; 9];
    let CompletionScratch {
        forward,
        behind,
        behind_list,
    } = scratch;
    for &combo in combo_masks(rest, k) {
        if combo & placed != 0 {
            continue;
        }
        let mut restricted = [0u16; 9];
        let mut union = 0;
        for (r, &m) in restricted.iter_mut().zip(cells) {
            *r = m & combo;
            union |= *r;
        }
        if union != combo || restricted[..k].contains(&0) {
            continue;
        }
        forward[0].len = 0;
        forward[0].push(0);
        for i in 0..k {
            let mut seen = SetOfSets::EMPTY;
            let (done, next) = forward.split_at_mut(i + 1);
            let next = &mut next[0];
            next.len = 0;
            for &taken in done[i].as_slice() {
                let mut free = restricted[i] & !taken;
                while free != 0 {
                    let bit = free & free.wrapping_neg();
                    free &= free - 1;
                    if seen.insert(taken | bit) {
                        next.push(taken | bit);
                    }
                }
            }
        }
        if forward[k].len == 0 {
            continue;
        }
        behind[k] = SetOfSets::EMPTY;
        behind[k].insert(0);
        behind_list[k].len = 0;
        behind_list[k].push(0);
        for i in (0..k).rev() {
            let (head, tail) = behind_list.split_at_mut(i + 1);
            let (list, after) = (&mut head[i], &tail[0]);
            let mut set = SetOfSets::EMPTY;
            list.len = 0;
            for &taken in after.as_slice() {
                let mut free = restricted[i] & !taken;
                while free != 0 {
                    let bit = free & free.wrapping_neg();
                    free &= free - 1;
                    if set.insert(taken | bit) {
                        list.push(taken | bit);
                    }
                }
            }
            behind[i] = set;
        }
        for i in 0..k {
            let after = &behind[i + 1];
            let mut found = support[i];
            for &taken in forward[i].as_slice() {
                let mut free = restricted[i] & !taken & !found;
                while free != 0 {
                    let bit = free & free.wrapping_neg();
                    free &= free - 1;
                    if after.contains(combo & !taken & !bit) {
                        found |= bit;
                    }
                }
            }
            support[i] = found;
        }
        if support[..k] == cells[..k] {
            // Every candidate is supported: other sets cannot add anything.
            break;
        }
    }
    support
}

/// Working lists of [`completion_support`], kept to avoid clearing them per call.
pub(crate) struct CompletionScratch {
    forward: [SetList; 10],
    behind: [SetOfSets; 10],
    behind_list: [SetList; 10],
}

impl CompletionScratch {
    pub(super) fn new() -> Box<CompletionScratch> {
        Box::new(CompletionScratch {
            forward: [SetList::EMPTY; 10],
            behind: [SetOfSets::EMPTY; 10],
            behind_list: [SetList::EMPTY; 10],
        })
    }
}

/// A memo of [`completion_support`] results. The answer depends only on the
/// run's open cells, rest and placed digits, and when the generator re-rates a
/// puzzle after changing one digit most runs end in the same state as before,
/// so most lookups hit.
pub(crate) struct CompletionMemo {
    /// Direct-mapped: key (masks, rest, placed) and answer per slot; empty
    /// until the first lookup (ratings below Expert never make one).
    keys: Vec<[u16; 11]>,
    answers: Vec<[u16; 9]>,
    /// The hash's top bits that pick a slot (the slots are a power of two).
    slot_bits: u32,
    scratch: Box<CompletionScratch>,
}

impl CompletionMemo {
    /// Slots of a memo for one rating: enough for a board of 16×16.
    pub(super) const SLOTS: usize = 2048;
    /// Most slots a memo gets (650 KB): on 30×30 expert climbs 2,048 slots
    /// missed 30 % of the lookups and this many 20 %; four times as many
    /// save only 7 % of the misses left, at 2.6 MB a memo.
    pub(super) const MOST_SLOTS: usize = 16_384;

    /// A memo of `slots` slots (a power of two), made at its first lookup.
    pub(super) fn new(slots: usize) -> CompletionMemo {
        debug_assert!(slots.is_power_of_two());
        CompletionMemo {
            keys: Vec::new(),
            answers: Vec::new(),
            slot_bits: slots.trailing_zeros(),
            scratch: CompletionScratch::new(),
        }
    }

    pub(super) fn support(&mut self, cells: &[u16], rest: u32, placed: u16) -> [u16; 9] {
        let mut key = [0u16; 11];
        key[..cells.len()].copy_from_slice(cells);
        key[9] = rest as u16 | ((cells.len() as u16) << 8);
        key[10] = placed;
        let mut hash: u64 = 0;
        for &part in &key {
            hash = (hash.rotate_left(5) ^ u64::from(part)).wrapping_mul(0x517c_c1b7_2722_0a95);
        }
        if self.keys.is_empty() {
            let slots = 1 << self.slot_bits;
            self.keys = vec![[u16::MAX; 11]; slots];
            self.answers = vec![[0; 9]; slots];
        }
        let slot = (hash >> (64 - self.slot_bits)) as usize;
        if self.keys[slot] != key {
            self.keys[slot] = key;
            self.answers[slot] = completion_support(cells, rest, placed, &mut self.scratch);
        }
        self.answers[slot]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::digits::ALL_DIGITS;
    use rand::{Rng, SeedableRng};

    /// Every way to give the cells distinct digits from their masks.
    fn brute_support(cells: &[u16], rest: u32, placed: u16) -> [u16; 9] {
        fn go(
            cells: &[u16],
            i: usize,
            used: u16,
            sum: u32,
            rest: u32,
            pick: &mut [u8; 9],
            out: &mut [u16; 9],
        ) {
            if i == cells.len() {
                if sum == rest {
                    for j in 0..cells.len() {
                        out[j] |= 1 << pick[j];
                    }
                }
                return;
            }
            for d in 1..=9u8 {
                if cells[i] & (1 << d) != 0 && used & (1 << d) == 0 {
                    pick[i] = d;
                    go(
                        cells,
                        i + 1,
                        used | (1 << d),
                        sum + u32::from(d),
                        rest,
                        pick,
                        out,
                    );
                }
            }
        }
        let mut out = [0u16; 9];
        go(cells, 0, placed, 0, rest, &mut [0; 9], &mut out);
        out
    }

    #[test]
    fn completion_support_matches_brute_force() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let mut scratch = CompletionScratch::new();
        for _ in 0..3000 {
            let k = rng.random_range(1..=6);
            let placed = if rng.random_bool(0.3) {
                1u16 << rng.random_range(1..=9)
            } else {
                0
            };
            let cells: Vec<u16> = (0..k)
                .map(|_| {
                    (rng.random_range(0..1024u16) & ALL_DIGITS) | (1 << rng.random_range(1..=9))
                })
                .collect();
            let rest = rng.random_range(1..=45);
            assert_eq!(
                completion_support(&cells, rest, placed, &mut scratch),
                brute_support(&cells, rest, placed),
                "cells {cells:?} rest {rest} placed {placed}"
            );
        }
    }
}
