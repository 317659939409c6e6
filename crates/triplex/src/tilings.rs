//! Counting tilings per piece multiset with a broken-profile dynamic program,
//! for any [`PieceSet`].
//!
//! The rectangle is scanned cell by cell down each column (column-major), so
//! the frontier is the next `(reach + 1)·height` cells, `reach` being the
//! farthest column any shape reaches from the cell where it is laid (1 for
//! Triplex, 4 for an I-pentomino). A state is that frontier's occupancy (the
//! *profile*) plus the multiset of pieces laid so far, and its value is the
//! number of ways to reach it, saturated at 2 because the census only asks
//! "none, one or several".
//!
//! The multiset is packed into one integer (a [`Key`]: `u64`, `u128` or 256
//! bits, the narrowest that holds the rectangle's fields): a field per shape,
//! as wide as that shape's cap in the rectangle needs (a free shape's cap is
//! how many fit; an "at most once" shape takes one bit), above a low bit that
//! flags "several". The first shape has no field when its cap never binds:
//! its count follows from the cells covered (see `Layout`). Laying a piece
//! adds a constant, which keeps a list of packed multisets sorted; a shape
//! whose count already sits at its cap is not laid (one AND and one compare,
//! only for shapes whose cap is below what fits), which drops states without
//! breaking the order. So every step is a handful of linear merges: no
//! hashing, no allocation per state.
//!
//! Live profiles are few next to the `2^(frontier bits)` possible ones (a
//! frontier of 5·height bits for pentominoes), so they are kept as a sorted
//! vector of `(profile, list)` pairs rather than a dense table, each list a
//! [`KeyList`] (about 4 bytes a state). A [`Program`] runs the steps over
//! states its caller holds, which is how the sharded census splits them.

use crate::error::CensusError;
use crate::keys::sealed::Entries;
pub use crate::keys::{Key, KeyList, U256};
use crate::piece::Piece;
use crate::piece_set::{Limit, PieceSet};
use rayon::prelude::*;
use std::cmp::Ordering;

/// The tallest rectangle (shorter side, or the height of a rectangle of a set
/// that is not closed under transposition) the census supports.
pub const MAX_TABLE_HEIGHT: usize = 8;
/// The largest area the census supports.
pub const MAX_TABLE_AREA: usize = 126;
/// The most bits a packed multiset may take (flag bit included).
pub const MAX_KEY_BITS: u32 = 256;

/// A multiset of the shapes of a [`PieceSet`]: a count per shape, in the
/// set's shape order.
///
/// Multisets are ordered by their counts read from the *last* shape to the
/// first, which is the order of their packed form (the last shape in the
/// highest bits); the census keeps the smallest multiset of each symmetry
/// class.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Multiset(Vec<u8>);

impl Ord for Multiset {
    fn cmp(&self, other: &Self) -> Ordering {
        self.0.iter().rev().cmp(other.0.iter().rev())
    }
}

impl PartialOrd for Multiset {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Multiset {
    /// A multiset from one count per shape of the set.
    pub fn from_counts(counts: &[usize]) -> Multiset {
        Multiset(
            counts
                .iter()
                .map(|&n| n.min(u8::MAX as usize) as u8)
                .collect(),
        )
    }

    /// How many pieces of shape `s`.
    pub fn count(&self, s: usize) -> usize {
        self.0.get(s).copied().unwrap_or(0) as usize
    }

    /// The count of every shape.
    pub fn counts(&self) -> Vec<usize> {
        self.0.iter().map(|&n| n as usize).collect()
    }

    /// Total number of pieces.
    pub fn len(&self) -> usize {
        self.0.iter().map(|&n| n as usize).sum()
    }

    /// True when no piece is in it.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&n| n == 0)
    }

    /// This multiset with one piece of shape `from` exchanged for one of shape
    /// `to` (the caller makes sure a `from` piece is present).
    pub fn swap_one(&self, from: usize, to: usize) -> Multiset {
        let mut m = self.clone();
        m.0[from] -= 1;
        m.0[to] += 1;
        m
    }

    /// The image under a permutation of shapes (`perm[s]` is the image of s).
    pub fn permuted(&self, perm: &[usize]) -> Multiset {
        let mut counts = vec![0; self.0.len()];
        for (s, &n) in self.0.iter().enumerate() {
            counts[perm[s]] = n;
        }
        Multiset(counts)
    }

    /// True when no image under the permutations is smaller (see the order
    /// above). `inverses[k][t]` is the shape whose image under permutation k
    /// is `t`. Allocates nothing.
    pub fn is_smallest_of_class(&self, inverses: &[Vec<usize>]) -> bool {
        inverses.iter().all(|inv| {
            let image = (0..self.0.len()).rev().map(|t| &self.0[inv[t]]);
            self.0.iter().rev().cmp(image) != Ordering::Greater
        })
    }

    /// The multiset as `(shape, count)` pairs for the solver.
    pub fn to_pieces(&self, shapes: &[Piece]) -> Vec<(Piece, usize)> {
        shapes
            .iter()
            .enumerate()
            .filter(|(s, _)| self.count(*s) > 0)
            .map(|(s, p)| (p.clone(), self.count(s)))
            .collect()
    }

    /// A 64-bit digest: the counts packed 6 bits apart (wrapping around), so
    /// for Triplex it is the packed form earlier versions seeded from.
    pub fn fingerprint(&self) -> u64 {
        self.0.iter().enumerate().fold(0u64, |x, (s, &n)| {
            x.wrapping_add((n as u64).rotate_left((6 * s % 64) as u32))
        })
    }
}

/// How each shape's count sits in a packed multiset for one rectangle.
///
/// The first shape's count may be left out: when its cap never binds, it
/// follows from the others, since the cells covered so far are known from
/// the scan position and the profile (two states of one profile with the
/// same other counts have the same first count). That saves its field, the
/// widest one for Triplex (horizontal dominoes), and keeps the packed order
/// the [`Multiset`] order, since the first shape is the least significant.
#[derive(Clone, Debug)]
struct Layout {
    /// Bit offset of each shape's field (the flag is bit 0).
    shift: Vec<u32>,
    /// Width of each field (0 for a shape that cannot be laid, and for the
    /// first shape when its count is implied).
    bits: Vec<u32>,
    /// The most pieces of each shape the rectangle may hold.
    cap: Vec<usize>,
    /// Cells of each shape.
    sizes: Vec<usize>,
    /// Cells of the rectangle.
    area: usize,
    /// The first shape's count is not stored but follows from the area.
    implied: bool,
    /// Total bits, flag included.
    total: u32,
}

impl Layout {
    fn new(set: &PieceSet, width: usize, height: usize) -> Layout {
        let area = width * height;
        let mut shift = Vec::with_capacity(set.len());
        let mut bits = Vec::with_capacity(set.len());
        let mut cap = Vec::with_capacity(set.len());
        let mut sizes = Vec::with_capacity(set.len());
        let mut total = 1;
        let mut implied = false;
        for (s, (shape, limit)) in set.shapes().iter().zip(set.limits()).enumerate() {
            let fits = shape.width() <= width && shape.height() <= height;
            let c = if fits {
                limit.cap(area, shape.size())
            } else {
                0
            };
            let b = if s == 0 && c > 0 && c == Limit::Free.cap(area, shape.size()) {
                implied = true;
                0
            } else {
                usize::BITS - c.leading_zeros()
            };
            shift.push(total);
            bits.push(b);
            cap.push(c);
            sizes.push(shape.size());
            total += b;
        }
        Layout {
            shift,
            bits,
            cap,
            sizes,
            area,
            implied,
            total,
        }
    }

    /// True when shape `s` has no field of its own.
    fn is_implied(&self, s: usize) -> bool {
        s == 0 && self.implied
    }

    fn pack<K: Key>(&self, m: &Multiset) -> Option<K> {
        if m.0.len() != self.cap.len() {
            return None;
        }
        let covered: usize =
            m.0.iter()
                .zip(&self.sizes)
                .map(|(&n, &z)| n as usize * z)
                .sum();
        if self.implied && covered != self.area {
            return None;
        }
        let mut key = K::default();
        for (s, &n) in m.0.iter().enumerate() {
            if n as usize > self.cap[s] {
                return None;
            }
            if n > 0 && !self.is_implied(s) {
                key = key.add(K::shifted(n as u64, self.shift[s]));
            }
        }
        Some(key)
    }

    fn unpack<K: Key>(&self, key: K) -> Multiset {
        let mut counts: Vec<u8> = self
            .shift
            .iter()
            .zip(&self.bits)
            .map(|(&sh, &b)| if b == 0 { 0 } else { key.field(sh, b) as u8 })
            .collect();
        if self.implied {
            let others: usize = counts
                .iter()
                .zip(&self.sizes)
                .map(|(&n, &z)| n as usize * z)
                .sum();
            counts[0] = (self.area.saturating_sub(others) / self.sizes[0]) as u8;
        }
        Multiset(counts)
    }
}

/// Which integer a rectangle's packed multisets need: the narrowest that
/// holds every shape's field and the flag bit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyWidth {
    /// `u64`.
    U64,
    /// `u128`.
    U128,
    /// [`U256`].
    U256,
}

/// Checks that the dynamic program can run a `width`×`height` rectangle for a
/// set (taken as given: columns of `height` cells) and says which key width
/// it needs.
pub fn key_width(set: &PieceSet, width: usize, height: usize) -> Result<KeyWidth, CensusError> {
    let too_large = CensusError::TooLarge {
        width,
        height,
        max_height: MAX_TABLE_HEIGHT,
        max_area: MAX_TABLE_AREA,
    };
    if width == 0 || height == 0 || height > MAX_TABLE_HEIGHT || width * height > MAX_TABLE_AREA {
        return Err(too_large);
    }
    if (set.reach() + 1) * height > 63 {
        return Err(too_large);
    }
    match Layout::new(set, width, height).total {
        0..=64 => Ok(KeyWidth::U64),
        65..=128 => Ok(KeyWidth::U128),
        bits if bits <= MAX_KEY_BITS => Ok(KeyWidth::U256),
        bits => Err(CensusError::TooManyShapes {
            width,
            height,
            bits,
            max: MAX_KEY_BITS,
        }),
    }
}

/// For one rectangle: every multiset of a piece set that tiles it, with how
/// many tilings (1, or 2 meaning "two or more").
pub struct TilingTable {
    layout: Layout,
    /// Sorted packed multisets, each with its flag.
    entries: Entries,
    /// States the dynamic program went through, summed over all steps.
    pub states_examined: u64,
    /// The most states alive after any one step.
    pub peak_states: u64,
}

impl TilingTable {
    /// Runs the dynamic program for a `width`×`height` rectangle (taken as
    /// given: the scan runs down columns of `height` cells).
    pub fn build(set: &PieceSet, width: usize, height: usize) -> Result<TilingTable, CensusError> {
        fn run<K: Key>(
            set: &PieceSet,
            width: usize,
            height: usize,
        ) -> Result<TilingTable, CensusError> {
            let program = Program::<K>::new(set, width, height)?;
            let mut live = program.start();
            let (mut examined, mut peak) = (0, 1);
            for cell in 0..program.cells() {
                examined += state_count(&live);
                live = program.step(cell, live);
                peak = peak.max(state_count(&live));
            }
            Ok(program.table(Program::finish(live), examined, peak))
        }
        match key_width(set, width, height)? {
            KeyWidth::U64 => run::<u64>(set, width, height),
            KeyWidth::U128 => run::<u128>(set, width, height),
            KeyWidth::U256 => run::<U256>(set, width, height),
        }
    }

    /// How many tilings the multiset has: 0, 1 or 2 (meaning two or more).
    /// A multiset over a shape's cap (or of another set) has none here.
    pub fn tilings(&self, m: &Multiset) -> u8 {
        fn find<K: Key>(layout: &Layout, entries: &[K], m: &Multiset) -> u8 {
            let Some(key) = layout.pack::<K>(m) else {
                return 0;
            };
            match entries.binary_search_by(|e| e.unflagged().cmp(&key)) {
                Ok(i) => 1 + entries[i].is_flagged() as u8,
                Err(_) => 0,
            }
        }
        match &self.entries {
            Entries::N64(e) => find(&self.layout, e, m),
            Entries::N128(e) => find(&self.layout, e, m),
            Entries::N256(e) => find(&self.layout, e, m),
        }
    }

    /// True when `m` is within every shape's cap in this rectangle, so
    /// [`Self::tilings`] answers for it.
    pub fn covers(&self, m: &Multiset) -> bool {
        m.0.len() == self.layout.cap.len()
            && m.0
                .iter()
                .zip(&self.layout.cap)
                .all(|(&n, &c)| n as usize <= c)
    }

    /// The `i`-th multiset that tiles the rectangle (in [`Multiset`] order),
    /// with its tiling count (1 or 2).
    pub fn get(&self, i: usize) -> (Multiset, u8) {
        fn at<K: Key>(layout: &Layout, entries: &[K], i: usize) -> (Multiset, u8) {
            let e = entries[i];
            (layout.unpack(e.unflagged()), 1 + e.is_flagged() as u8)
        }
        match &self.entries {
            Entries::N64(e) => at(&self.layout, e, i),
            Entries::N128(e) => at(&self.layout, e, i),
            Entries::N256(e) => at(&self.layout, e, i),
        }
    }

    /// Every multiset that tiles the rectangle, with its tiling count (1 or 2).
    pub fn iter(&self) -> impl Iterator<Item = (Multiset, u8)> + '_ {
        (0..self.len()).map(|i| self.get(i))
    }

    /// Every multiset with exactly one tiling, in order; the others are
    /// skipped without being unpacked.
    pub fn unique(&self) -> impl Iterator<Item = Multiset> + '_ {
        fn all<'a, K: Key>(
            layout: &'a Layout,
            entries: &'a [K],
        ) -> Box<dyn Iterator<Item = Multiset> + 'a> {
            Box::new(
                entries
                    .iter()
                    .filter(|e| !e.is_flagged())
                    .map(move |&e| layout.unpack(e)),
            )
        }
        match &self.entries {
            Entries::N64(e) => all(&self.layout, e),
            Entries::N128(e) => all(&self.layout, e),
            Entries::N256(e) => all(&self.layout, e),
        }
    }

    /// Number of multisets that tile the rectangle.
    pub fn len(&self) -> usize {
        match &self.entries {
            Entries::N64(e) => e.len(),
            Entries::N128(e) => e.len(),
            Entries::N256(e) => e.len(),
        }
    }

    /// True when nothing tiles the rectangle.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Bits of the packed multiset in this rectangle (flag included).
    pub fn key_bits(&self) -> u32 {
        self.layout.total
    }
}

/// The states alive between two steps of a [`Program`]: the live profiles,
/// sorted, each with its sorted, non-empty list of packed multisets (each
/// with its "several" flag).
pub type Live<K> = Vec<(u64, KeyList<K>)>;

/// How many states a [`Live`] holds.
pub fn state_count<K: Key>(live: &Live<K>) -> u64 {
    live.iter().map(|(_, list)| list.len() as u64).sum()
}

/// One rectangle's dynamic program as a sequence of steps, one per cell, over
/// states the caller holds between steps. [`TilingTable::build`] runs the
/// steps one after another; the sharded census runs each step on every
/// shard's states and exchanges the results between steps.
pub struct Program<K> {
    width: usize,
    height: usize,
    layout: Layout,
    moves: Vec<Move<K>>,
}

impl<K: Key> Program<K> {
    /// The program of a `width`×`height` rectangle (as given: columns of
    /// `height` cells); an error when the rectangle is too large or `K` is
    /// not the width [`key_width`] asks for.
    pub fn new(set: &PieceSet, width: usize, height: usize) -> Result<Program<K>, CensusError> {
        let layout = Layout::new(set, width, height);
        let fits = match key_width(set, width, height)? {
            KeyWidth::U64 => std::any::TypeId::of::<K>() == std::any::TypeId::of::<u64>(),
            KeyWidth::U128 => std::any::TypeId::of::<K>() == std::any::TypeId::of::<u128>(),
            KeyWidth::U256 => std::any::TypeId::of::<K>() == std::any::TypeId::of::<U256>(),
        };
        if !fits {
            return Err(CensusError::Inconsistent {
                what: format!(
                    "a {width}x{height} program needs {} key bits, not {}",
                    layout.total,
                    8 * std::mem::size_of::<K>()
                ),
            });
        }
        let moves = moves::<K>(height, set, &layout, width * height);
        Ok(Program {
            width,
            height,
            layout,
            moves,
        })
    }

    /// The number of steps: one per cell.
    pub fn cells(&self) -> usize {
        self.width * self.height
    }

    /// The states before the first step: nothing laid.
    pub fn start(&self) -> Live<K> {
        vec![(0, KeyList::single(K::default()))]
    }

    /// Step `cell`: lays every shape that fits with its first cell on `cell`
    /// (or passes over it when it is covered already) in every state of
    /// `live`, and merges the states that meet, adding up their counts (a
    /// flagged state counts as "several"). Any subset of the states may be
    /// given; the result covers exactly the successors of those.
    ///
    /// Source lists are freed as soon as the last target they feed is
    /// merged, so the two generations are never both whole in memory.
    pub fn step(&self, cell: usize, mut live: Live<K>) -> Live<K> {
        let height = self.height as i32;
        let (row, col) = ((cell % self.height) as i32, (cell / self.height) as i32);
        let fitting: Vec<Move<K>> = self
            .moves
            .iter()
            .copied()
            .filter(|m| {
                row + m.min_dr >= 0 && row + m.max_dr < height && col + m.max_dc < self.width as i32
            })
            .collect();
        let mut edges: Vec<Edge> = Vec::new();
        for (i, (p, _)) in live.iter().enumerate() {
            let p = *p;
            if p & 1 == 1 {
                edges.push((p >> 1, i as u32, PASS));
                continue;
            }
            for (k, m) in fitting.iter().enumerate() {
                if p & m.mask == 0 {
                    edges.push(((p | m.mask) >> 1, i as u32, k as u32));
                }
            }
        }
        edges.sort_unstable();
        // Group the edges by target profile; each group merges independently.
        let mut groups: Vec<std::ops::Range<usize>> = Vec::new();
        let mut start = 0;
        while start < edges.len() {
            let q = edges[start].0;
            let end = start + edges[start..].iter().take_while(|e| e.0 == q).count();
            groups.push(start..end);
            start = end;
        }
        // The last group that reads each source, and how many edges do.
        let mut last_use = vec![0u32; live.len()];
        let mut uses = vec![0u32; live.len()];
        for (g, range) in groups.iter().enumerate() {
            for &(_, i, _) in &edges[range.clone()] {
                last_use[i as usize] = g as u32;
                uses[i as usize] += 1;
            }
        }
        let mut by_last_use: Vec<u32> = (0..live.len() as u32).collect();
        by_last_use.sort_unstable_by_key(|&i| last_use[i as usize]);
        let mut freed = 0;
        let step_of = |k: u32| {
            if k == PASS {
                Step {
                    delta: K::default(),
                    cap: None,
                }
            } else {
                fitting[k as usize].step
            }
        };
        let mut next: Live<K> = Vec::with_capacity(groups.len());
        for (c, chunk) in groups.chunks(GROUPS_PER_CHUNK).enumerate() {
            // A source no other edge reads is handed over, not copied: the
            // group starts from it (merging is order-free).
            let owned: Vec<(usize, Option<KeyList<K>>)> = chunk
                .iter()
                .map(|range| {
                    let group = &edges[range.clone()];
                    match group.iter().position(|e| uses[e.1 as usize] == 1) {
                        Some(f) => (f, Some(std::mem::take(&mut live[group[f].1 as usize].1))),
                        None => (0, None),
                    }
                })
                .collect();
            let merged: Live<K> = chunk
                .par_iter()
                .zip(owned)
                .map(|(range, (f, first))| {
                    let group = &edges[range.clone()];
                    let rest = group
                        .iter()
                        .enumerate()
                        .filter(|&(e, _)| e != f)
                        .map(|(_, &(_, i, k))| (&live[i as usize].1, step_of(k)));
                    let first = match first {
                        Some(list) => First::Owned(list),
                        None => First::Shared(&live[group[f].1 as usize].1),
                    };
                    (group[0].0, merge_group(first, step_of(group[f].2), rest))
                })
                .filter(|(_, list)| !list.is_empty())
                .collect();
            next.extend(merged);
            let done = ((c + 1) * GROUPS_PER_CHUNK) as u32;
            while freed < by_last_use.len() && last_use[by_last_use[freed] as usize] < done {
                live[by_last_use[freed] as usize].1 = KeyList::default();
                freed += 1;
            }
        }
        next
    }

    /// The packed multisets that tile the whole rectangle, from the states
    /// after the last step (the profile with nothing ahead).
    pub fn finish(live: Live<K>) -> Vec<K> {
        live.into_iter()
            .find(|(p, _)| *p == 0)
            .map(|(_, list)| list.iter().collect())
            .unwrap_or_default()
    }

    /// The table of a finished program: `entries` sorted, with flags, as
    /// [`Self::finish`] gives them (or any subset of them, such as one
    /// shard's), and the counters to report.
    pub fn table(&self, entries: Vec<K>, states_examined: u64, peak_states: u64) -> TilingTable {
        TilingTable {
            layout: self.layout.clone(),
            entries: K::entries(entries),
            states_examined,
            peak_states,
        }
    }
}

/// Groups merged in parallel between two rounds of freeing sources: enough
/// to keep the threads busy, few enough that freeing keeps up.
const GROUPS_PER_CHUNK: usize = 256;

/// The move index of an edge over a cell that is covered already.
const PASS: u32 = u32::MAX;

/// A way to lay a shape with its first cell (in column-major order) on the
/// current cell: the frontier bits it covers and what it adds to the multiset.
#[derive(Clone, Copy)]
struct Move<K> {
    mask: u64,
    step: Step<K>,
    /// The move needs `row + min_dr >= 0` …
    min_dr: i32,
    /// … `row + max_dr < height` …
    max_dr: i32,
    /// … and `col + max_dc < width`.
    max_dc: i32,
}

/// What an edge does to each packed multiset of its source list.
#[derive(Clone, Copy)]
struct Step<K> {
    delta: K,
    /// `(field mask, field at cap)`: a multiset whose field equals the second
    /// is already at the shape's cap and is dropped. `None` when the cap is
    /// what fits anyway, so it can never be reached with room to spare.
    cap: Option<(K, K)>,
}

impl<K: Key> Step<K> {
    #[inline]
    fn keeps(&self, key: K) -> bool {
        match self.cap {
            None => true,
            Some((mask, full)) => key.and(mask) != full,
        }
    }
}

fn moves<K: Key>(height: usize, set: &PieceSet, layout: &Layout, area: usize) -> Vec<Move<K>> {
    set.shapes()
        .iter()
        .enumerate()
        .filter(|(s, _)| layout.cap[*s] > 0)
        .map(|(s, shape)| {
            // Column-major first cell: smallest column, then smallest row.
            let cells: Vec<(i32, i32)> = shape.cells().map(|(r, c)| (r as i32, c as i32)).collect();
            let &(ar, ac) = cells
                .iter()
                .min_by_key(|(r, c)| (*c, *r))
                .expect("non-empty");
            let (shift, bits, cap) = (layout.shift[s], layout.bits[s], layout.cap[s]);
            let field_mask = K::shifted((1u64 << bits) - 1, shift);
            let capped = cap < Limit::Free.cap(area, shape.size());
            let delta = if layout.is_implied(s) {
                K::default()
            } else {
                K::shifted(1, shift)
            };
            let mut mv = Move {
                mask: 0,
                step: Step {
                    delta,
                    cap: capped.then(|| (field_mask, K::shifted(cap as u64, shift))),
                },
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

/// One step's edge: target profile, index of the source in the live list,
/// index of the move ([`PASS`]: the cell was already covered).
type Edge = (u64, u32, u32);

/// The first source list of a group: handed over when nothing else reads it.
enum First<'a, K> {
    Owned(KeyList<K>),
    Shared(&'a KeyList<K>),
}

/// Merges the source lists of one target profile, each shifted by its step,
/// adding up counts that meet (saturating at "several"). The result's
/// capacity is its length: it lives until the next step.
fn merge_group<'a, K: Key>(
    first: First<'_, K>,
    s0: Step<K>,
    sources: impl Iterator<Item = (&'a KeyList<K>, Step<K>)>,
) -> KeyList<K> {
    let shifted = |list: &KeyList<K>| -> KeyList<K> {
        match s0.cap {
            None => list.iter().map(|e| e.add(s0.delta)).collect(),
            Some(_) => list
                .iter()
                .filter(|&e| s0.keeps(e))
                .map(|e| e.add(s0.delta))
                .collect(),
        }
    };
    let mut acc = match first {
        // Passing over a covered cell, or laying the shape whose count is
        // implied, changes no key: the list moves on as it is.
        First::Owned(list) if s0.cap.is_none() && s0.delta == K::default() => list,
        First::Owned(list) => shifted(&list),
        First::Shared(list) => shifted(list),
    };
    for (b, step) in sources {
        // One copy of the loop per kind of step, so the common uncapped one
        // tests nothing per state.
        acc = match step.cap {
            None => acc.merge_with(b, step.delta, |_| true),
            Some(_) => acc.merge_with(b, step.delta, |e| step.keeps(e)),
        };
    }
    // Trimmed only when much is unused: a reallocation per list costs more
    // than a little slack.
    if acc.capacity() > acc.len() + acc.len() / 4 {
        acc.shrink_to_fit();
    }
    acc
}

#[cfg(test)]
mod tests {
    use super::*;

    fn triplex(counts: [usize; 8]) -> Multiset {
        Multiset::from_counts(&counts)
    }

    #[test]
    fn counts_domino_tilings() {
        // Domino-only multisets: 2x2 with {2h} and {2v}; 4x2 with 4v: 1, 2h+2v: 3 → several.
        let set = PieceSet::triplex();
        let t = TilingTable::build(&set, 2, 2).unwrap();
        assert_eq!(t.tilings(&triplex([2, 0, 0, 0, 0, 0, 0, 0])), 1);
        assert_eq!(t.tilings(&triplex([0, 2, 0, 0, 0, 0, 0, 0])), 1);
        let t = TilingTable::build(&set, 4, 2).unwrap();
        assert_eq!(t.tilings(&triplex([0, 4, 0, 0, 0, 0, 0, 0])), 1);
        assert_eq!(t.tilings(&triplex([2, 2, 0, 0, 0, 0, 0, 0])), 2);
        assert_eq!(t.tilings(&triplex([1, 3, 0, 0, 0, 0, 0, 0])), 0);
    }

    #[test]
    fn caps_drop_states() {
        // Dominoes at most once each: a 2x2 has no tiling; free h with one v:
        // 3x2 has h,h,v in two ways (v left or right).
        let once: PieceSet = "1h,1v".parse().unwrap();
        assert!(TilingTable::build(&once, 2, 2).unwrap().is_empty());
        let mixed: PieceSet = "h,1v".parse().unwrap();
        let t = TilingTable::build(&mixed, 3, 2).unwrap();
        assert_eq!(t.tilings(&Multiset::from_counts(&[2, 1])), 2);
        // Rows of three cells hold no horizontal dominoes only.
        assert_eq!(t.tilings(&Multiset::from_counts(&[3, 0])), 0);
        let t = TilingTable::build(&mixed, 4, 2).unwrap();
        assert_eq!(t.tilings(&Multiset::from_counts(&[4, 0])), 1);
        // 2h+2v tiles 4x2 in three ways, but at most one v is allowed.
        assert!(t.iter().all(|(m, _)| m.count(1) <= 1));
        assert_eq!(t.tilings(&Multiset::from_counts(&[1, 2])), 0);
        assert!(!t.covers(&Multiset::from_counts(&[1, 2])));
    }

    #[test]
    fn wide_keys_agree() {
        let set = PieceSet::blockpuzzle();
        let t = TilingTable::build(&set, 4, 4).unwrap();
        assert!(t.key_bits() > 64);
        for (m, n) in t.iter() {
            assert_eq!(t.tilings(&m), n);
        }
        // The packed order is the multiset order.
        let all: Vec<Multiset> = t.iter().map(|(m, _)| m).collect();
        assert!(all.windows(2).all(|w| w[0] < w[1]));
        let layout = Layout::new(&set, 4, 4);
        for m in &all {
            let k: U256 = layout.pack(m).unwrap();
            assert_eq!(layout.unpack(k), *m);
        }
    }

    #[test]
    fn the_first_count_is_implied_when_its_cap_never_binds() {
        let set = PieceSet::triplex();
        let t = TilingTable::build(&set, 5, 4).unwrap();
        let layout = Layout::new(&set, 5, 4);
        assert!(layout.implied);
        // Horizontal dominoes take no bits: 1 flag, 4 bits for v (cap 10)
        // and 3 for each tromino (cap 6).
        assert_eq!(t.key_bits(), 1 + 4 + 6 * 3);
        for (m, n) in t.iter() {
            let area: usize = (0..8).map(|s| m.count(s) * set.shapes()[s].size()).sum();
            assert_eq!(area, 20, "{m:?}");
            assert_eq!(t.tilings(&m), n);
        }
        // A multiset of another area packs to nothing.
        assert_eq!(t.tilings(&triplex([0, 9, 0, 0, 0, 0, 0, 0])), 0);
        assert_eq!(t.tilings(&triplex([0, 10, 0, 0, 0, 0, 0, 0])), 1);
        // A capped first shape keeps its field.
        let capped: PieceSet = "1h,v".parse().unwrap();
        assert!(!Layout::new(&capped, 4, 2).implied);
    }

    #[test]
    fn u256_arithmetic() {
        let a = U256::shifted(0b101, 62);
        assert_eq!(a.field(62, 3), 0b101);
        let b = a.add(U256::shifted(0b011, 62));
        assert_eq!(b.field(62, 4), 0b1000);
        assert!(U256::shifted(1, 200) > U256::shifted(u64::MAX, 100));
    }

    #[test]
    fn symmetries_form_the_group() {
        let set = PieceSet::triplex();
        assert_eq!(set.symmetries(4, 3).len(), 4);
        assert_eq!(set.symmetries(4, 4).len(), 8);
        // A quarter turn swaps h and v.
        assert!(set.symmetries(3, 3).iter().any(|p| p[0] == 1 && p[1] == 0));
    }
}
