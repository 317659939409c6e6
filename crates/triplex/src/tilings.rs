//! Counting tilings per piece multiset with a broken-profile dynamic program.
//!
//! The rectangle is scanned cell by cell down each column (column-major), so
//! the frontier is the next `2·height` cells: the farthest any Triplex piece
//! reaches from the cell where it is laid. A state is that frontier's occupancy
//! (the *profile*) plus the multiset of pieces laid so far, and its value is the
//! number of ways to reach it, saturated at 2 because the census only asks
//! "none, one or several".
//!
//! States are kept per profile as a sorted list of packed multisets. Laying a
//! piece adds a constant to the packed multiset, which keeps a list sorted, so
//! every step is a handful of linear merges: no hashing, no allocation per
//! state.

use crate::piece::{Piece, Transform};
use rayon::prelude::*;

/// Bits per shape count in a packed multiset.
const FIELD_BITS: u32 = 6;
/// Largest count a packed field holds.
const FIELD_MAX: u64 = (1 << FIELD_BITS) - 1;
/// The tallest rectangle (shorter side) the table supports: profiles of
/// `2·height` bits must index a table of lists.
pub const MAX_TABLE_HEIGHT: usize = 8;
/// The largest area the table supports (counts must fit their fields).
pub const MAX_TABLE_AREA: usize = 2 * FIELD_MAX as usize;

/// A multiset of the eight Triplex shapes (in [`Piece::triplex_shapes`]
/// order), packed 6 bits per count into a `u64`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Multiset(pub u64);

impl Multiset {
    /// The multiset with one piece of shape `s`.
    pub fn unit(s: usize) -> Multiset {
        Multiset(1 << (FIELD_BITS * s as u32))
    }

    /// How many pieces of shape `s`.
    pub fn count(self, s: usize) -> usize {
        ((self.0 >> (FIELD_BITS * s as u32)) & FIELD_MAX) as usize
    }

    /// Counts of all eight shapes.
    pub fn counts(self) -> [usize; 8] {
        std::array::from_fn(|s| self.count(s))
    }

    /// Builds a multiset from eight counts (each at most 63).
    pub fn from_counts(counts: [usize; 8]) -> Multiset {
        Multiset(
            counts
                .iter()
                .enumerate()
                .map(|(s, &n)| (n as u64 & FIELD_MAX) << (FIELD_BITS * s as u32))
                .sum(),
        )
    }

    /// Total number of pieces.
    pub fn len(self) -> usize {
        self.counts().iter().sum()
    }

    /// True when no piece is in it.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// This multiset with one piece of shape `from` exchanged for one of shape
    /// `to` (the caller makes sure a `from` piece is present).
    pub fn swap_one(self, from: usize, to: usize) -> Multiset {
        Multiset(self.0 - Multiset::unit(from).0 + Multiset::unit(to).0)
    }

    /// The image under a permutation of shapes (`perm[s]` is the image of s).
    pub fn permuted(self, perm: &[usize; 8]) -> Multiset {
        let mut counts = [0; 8];
        for (s, n) in self.counts().into_iter().enumerate() {
            counts[perm[s]] = n;
        }
        Multiset::from_counts(counts)
    }

    /// The multiset as `(shape, count)` pairs for the solver.
    pub fn to_pieces(self, shapes: &[Piece]) -> Vec<(Piece, usize)> {
        shapes
            .iter()
            .enumerate()
            .filter(|(s, _)| self.count(*s) > 0)
            .map(|(s, p)| (p.clone(), self.count(s)))
            .collect()
    }
}

/// How each rectangle symmetry permutes the eight shapes: `perm[s]` is the
/// index of the image of shape `s`. Only symmetries that map the `width`×
/// `height` rectangle onto itself are listed (8 for a square, 4 otherwise).
pub fn shape_permutations(width: usize, height: usize) -> Vec<[usize; 8]> {
    let shapes = Piece::triplex_shapes();
    Transform::ALL
        .iter()
        .filter(|t| width == height || !t.swaps_axes())
        .map(|&t| {
            std::array::from_fn(|s| {
                let image = shapes[s].transformed(t);
                shapes
                    .iter()
                    .position(|p| *p == image)
                    .expect("the Triplex set is closed under symmetry")
            })
        })
        .collect()
}

/// For one rectangle: every multiset that tiles it, with how many tilings
/// (1, or 2 meaning "two or more").
pub struct TilingTable {
    /// Sorted; each entry is `multiset << 1 | several`.
    entries: Vec<u64>,
    /// States the dynamic program went through, summed over all steps.
    pub states_examined: u64,
}

impl TilingTable {
    /// Runs the dynamic program for a `width`×`height` rectangle. Returns
    /// `None` when the height or area exceeds what the table supports.
    pub fn build(width: usize, height: usize) -> Option<TilingTable> {
        if height == 0 || height > MAX_TABLE_HEIGHT || width * height > MAX_TABLE_AREA {
            return None;
        }
        Some(run(width, height))
    }

    /// How many tilings the multiset has: 0, 1 or 2 (meaning two or more).
    pub fn tilings(&self, m: Multiset) -> u8 {
        match self.entries.binary_search_by(|e| (e >> 1).cmp(&m.0)) {
            Ok(i) => 1 + (self.entries[i] & 1) as u8,
            Err(_) => 0,
        }
    }

    /// Every multiset that tiles the rectangle, with its tiling count (1 or 2).
    pub fn iter(&self) -> impl Iterator<Item = (Multiset, u8)> + '_ {
        self.entries
            .iter()
            .map(|&e| (Multiset(e >> 1), 1 + (e & 1) as u8))
    }

    /// Number of multisets that tile the rectangle.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True when nothing tiles the rectangle (never for the census's sizes).
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

/// A way to lay a shape with its first cell (in column-major order) on the
/// current cell: the frontier bits it covers and what it adds to the multiset.
#[derive(Clone, Copy)]
struct Move {
    mask: u32,
    delta: u64,
    /// The move needs `row + min_dr >= 0` …
    min_dr: i32,
    /// … `row + max_dr < height` …
    max_dr: i32,
    /// … and `col + max_dc < width`.
    max_dc: i32,
}

fn moves(height: usize) -> Vec<Move> {
    Piece::triplex_shapes()
        .iter()
        .enumerate()
        .map(|(s, shape)| {
            // Column-major first cell: smallest column, then smallest row.
            let cells: Vec<(i32, i32)> = shape.cells().map(|(r, c)| (r as i32, c as i32)).collect();
            let &(ar, ac) = cells
                .iter()
                .min_by_key(|(r, c)| (*c, *r))
                .expect("non-empty");
            let mut mv = Move {
                mask: 0,
                delta: Multiset::unit(s).0 << 1,
                min_dr: 0,
                max_dr: 0,
                max_dc: 0,
            };
            for (r, c) in cells {
                let (dr, dc) = (r - ar, c - ac);
                mv.mask |= 1 << (dc * height as i32 + dr);
                mv.min_dr = mv.min_dr.min(dr);
                mv.max_dr = mv.max_dr.max(dr);
                mv.max_dc = mv.max_dc.max(dc);
            }
            mv
        })
        .collect()
}

fn run(width: usize, height: usize) -> TilingTable {
    let profiles = 1usize << (2 * height);
    let all_moves = moves(height);
    let mut lists: Vec<Vec<u64>> = vec![Vec::new(); profiles];
    lists[0].push(0);
    let mut states_examined = 0u64;
    // (target profile, source profile, delta) for one step, reused.
    let mut edges: Vec<(u32, u32, u64)> = Vec::new();
    for cell in 0..width * height {
        let (row, col) = ((cell % height) as i32, (cell / height) as i32);
        let fitting: Vec<Move> = all_moves
            .iter()
            .copied()
            .filter(|m| {
                row + m.min_dr >= 0
                    && row + m.max_dr < height as i32
                    && col + m.max_dc < width as i32
            })
            .collect();
        edges.clear();
        for (p, list) in lists.iter().enumerate() {
            if list.is_empty() {
                continue;
            }
            states_examined += list.len() as u64;
            let p = p as u32;
            if p & 1 == 1 {
                edges.push((p >> 1, p, 0));
                continue;
            }
            for m in &fitting {
                if p & m.mask == 0 {
                    edges.push(((p | m.mask) >> 1, p, m.delta));
                }
            }
        }
        edges.sort_unstable();
        // Group the edges by target profile; each group merges independently.
        let mut groups: Vec<&[(u32, u32, u64)]> = Vec::new();
        let mut rest = &edges[..];
        while let Some(&(q, _, _)) = rest.first() {
            let n = rest.iter().take_while(|e| e.0 == q).count();
            groups.push(&rest[..n]);
            rest = &rest[n..];
        }
        let merged: Vec<(u32, Vec<u64>)> = groups
            .par_iter()
            .map(|group| (group[0].0, merge_group(group, &lists)))
            .collect();
        let mut next: Vec<Vec<u64>> = vec![Vec::new(); profiles];
        for (q, list) in merged {
            next[q as usize] = list;
        }
        lists = next;
    }
    TilingTable {
        entries: std::mem::take(&mut lists[0]),
        states_examined,
    }
}

/// Merges the source lists of one target profile, each shifted by its delta,
/// adding up counts that meet (saturating at "several").
fn merge_group(group: &[(u32, u32, u64)], lists: &[Vec<u64>]) -> Vec<u64> {
    let (_, p0, d0) = group[0];
    let mut acc: Vec<u64> = lists[p0 as usize].iter().map(|e| e + d0).collect();
    let mut out = Vec::new();
    for &(_, p, d) in &group[1..] {
        out.clear();
        out.reserve(acc.len() + lists[p as usize].len());
        let (a, b) = (&acc[..], &lists[p as usize][..]);
        let (mut i, mut j) = (0, 0);
        while i < a.len() && j < b.len() {
            let (x, y) = (a[i], b[j] + d);
            match (x >> 1).cmp(&(y >> 1)) {
                std::cmp::Ordering::Less => {
                    out.push(x);
                    i += 1;
                }
                std::cmp::Ordering::Greater => {
                    out.push(y);
                    j += 1;
                }
                std::cmp::Ordering::Equal => {
                    out.push(x | 1);
                    i += 1;
                    j += 1;
                }
            }
        }
        out.extend_from_slice(&a[i..]);
        out.extend(b[j..].iter().map(|e| e + d));
        std::mem::swap(&mut acc, &mut out);
    }
    acc
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_domino_tilings() {
        // Domino-only multisets: 2x2 with {2h} and {2v}; 4x2 with 4v: 1, 2h+2v: 3 → several.
        let t = TilingTable::build(2, 2).unwrap();
        assert_eq!(
            t.tilings(Multiset::from_counts([2, 0, 0, 0, 0, 0, 0, 0])),
            1
        );
        assert_eq!(
            t.tilings(Multiset::from_counts([0, 2, 0, 0, 0, 0, 0, 0])),
            1
        );
        let t = TilingTable::build(4, 2).unwrap();
        assert_eq!(
            t.tilings(Multiset::from_counts([0, 4, 0, 0, 0, 0, 0, 0])),
            1
        );
        assert_eq!(
            t.tilings(Multiset::from_counts([2, 2, 0, 0, 0, 0, 0, 0])),
            2
        );
        assert_eq!(
            t.tilings(Multiset::from_counts([1, 3, 0, 0, 0, 0, 0, 0])),
            0
        );
    }

    #[test]
    fn permutations_form_the_symmetry_group() {
        assert_eq!(shape_permutations(4, 3).len(), 4);
        assert_eq!(shape_permutations(4, 4).len(), 8);
        // A quarter turn swaps h and v.
        let perms = shape_permutations(3, 3);
        assert!(perms.iter().any(|p| p[0] == 1 && p[1] == 0));
    }
}
