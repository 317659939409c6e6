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
//! The multiset is packed into one integer (`u64`, `u128` or 256 bits, the
//! narrowest that holds the rectangle's fields): one field per shape, as
//! wide as that shape's cap in the rectangle needs (a free shape's cap is how
//! many fit; an "at most once" shape takes one bit), above a low bit that
//! flags "several". Laying a piece adds a constant, which keeps a list of
//! packed multisets sorted; a shape whose count already sits at its cap is
//! not laid (one AND and one compare, only for shapes whose cap is below what
//! fits), which drops states without breaking the order. So every step is a
//! handful of linear merges: no hashing, no allocation per state.
//!
//! Live profiles are few next to the `2^(frontier bits)` possible ones (a
//! frontier of 5·height bits for pentominoes), so they are kept as a sorted
//! vector of `(profile, list)` pairs rather than a dense table.

use crate::error::CensusError;
use crate::piece::Piece;
use crate::piece_set::{Limit, PieceSet};
use rayon::prelude::*;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
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
#[derive(Clone, Debug)]
struct Layout {
    /// Bit offset of each shape's field (the flag is bit 0).
    shift: Vec<u32>,
    /// Width of each field (0 for a shape that cannot be laid).
    bits: Vec<u32>,
    /// The most pieces of each shape the rectangle may hold.
    cap: Vec<usize>,
    /// Total bits, flag included.
    total: u32,
}

impl Layout {
    fn new(set: &PieceSet, width: usize, height: usize) -> Layout {
        let area = width * height;
        let mut shift = Vec::with_capacity(set.len());
        let mut bits = Vec::with_capacity(set.len());
        let mut cap = Vec::with_capacity(set.len());
        let mut total = 1;
        for (shape, limit) in set.shapes().iter().zip(set.limits()) {
            let fits = shape.width() <= width && shape.height() <= height;
            let c = if fits {
                limit.cap(area, shape.size())
            } else {
                0
            };
            let b = usize::BITS - c.leading_zeros();
            shift.push(total);
            bits.push(b);
            cap.push(c);
            total += b;
        }
        Layout {
            shift,
            bits,
            cap,
            total,
        }
    }

    fn pack<K: Key>(&self, m: &Multiset) -> Option<K> {
        if m.0.len() != self.cap.len() {
            return None;
        }
        let mut key = K::default();
        for (s, &n) in m.0.iter().enumerate() {
            if n as usize > self.cap[s] {
                return None;
            }
            if n > 0 {
                key = key.add(K::shifted(n as u64, self.shift[s]));
            }
        }
        Some(key)
    }

    fn unpack<K: Key>(&self, key: K) -> Multiset {
        Multiset(
            self.shift
                .iter()
                .zip(&self.bits)
                .map(|(&sh, &b)| if b == 0 { 0 } else { key.field(sh, b) as u8 })
                .collect(),
        )
    }
}

/// A packed multiset: an unsigned integer whose order is its numeric order,
/// `u64`, `u128` or [`U256`] ([`KeyWidth`] says which a rectangle needs).
///
/// Public so that a caller driving a [`Program`] itself (the sharded census)
/// can hold, hash and ship states; sealed, since the program relies on its
/// arithmetic.
pub trait Key:
    sealed::Sealed
    + Copy
    + Ord
    + Default
    + std::hash::Hash
    + std::fmt::Debug
    + Send
    + Sync
    + Serialize
    + DeserializeOwned
    + 'static
{
    /// `value << shift` (the value fits below bit `MAX_KEY_BITS`).
    fn shifted(value: u64, shift: u32) -> Self;
    /// Sum (never overflows: fields are sized by their caps).
    fn add(self, other: Self) -> Self;
    /// Bitwise and.
    fn and(self, other: Self) -> Self;
    /// The key with the "several" flag (bit 0) set.
    fn flagged(self) -> Self;
    /// The key without the flag.
    fn unflagged(self) -> Self;
    /// True when the flag is set.
    fn is_flagged(self) -> bool;
    /// The `bits`-wide field at `shift`.
    fn field(self, shift: u32, bits: u32) -> u64;
    /// The key folded into 64 bits (for hashing it to a shard).
    fn fold64(self) -> u64;
}

mod sealed {
    /// Keeps [`super::Key`] to the three widths below and lets a table
    /// hold any of them.
    pub trait Sealed: Sized {
        /// The table's sorted entries in this width.
        fn entries(list: Vec<Self>) -> Entries;
    }

    /// The final list of the dynamic program, in the width it ran with.
    pub enum Entries {
        N64(Vec<u64>),
        N128(Vec<u128>),
        N256(Vec<super::U256>),
    }

    impl Sealed for u64 {
        fn entries(list: Vec<Self>) -> Entries {
            Entries::N64(list)
        }
    }
    impl Sealed for u128 {
        fn entries(list: Vec<Self>) -> Entries {
            Entries::N128(list)
        }
    }
    impl Sealed for super::U256 {
        fn entries(list: Vec<Self>) -> Entries {
            Entries::N256(list)
        }
    }
}
use sealed::Entries;

macro_rules! impl_key_for_uint {
    ($t:ty) => {
        impl Key for $t {
            #[inline]
            fn shifted(value: u64, shift: u32) -> Self {
                (value as $t) << shift
            }
            #[inline]
            fn add(self, other: Self) -> Self {
                self + other
            }
            #[inline]
            fn and(self, other: Self) -> Self {
                self & other
            }
            #[inline]
            fn flagged(self) -> Self {
                self | 1
            }
            #[inline]
            fn unflagged(self) -> Self {
                self & !1
            }
            #[inline]
            fn is_flagged(self) -> bool {
                self & 1 == 1
            }
            #[inline]
            fn field(self, shift: u32, bits: u32) -> u64 {
                ((self >> shift) & ((1 << bits) - 1)) as u64
            }
            #[inline]
            fn fold64(self) -> u64 {
                (self as u128 as u64) ^ ((self as u128 >> 64) as u64)
            }
        }
    };
}

impl_key_for_uint!(u64);
impl_key_for_uint!(u128);

/// A 256-bit key, most significant word first so the derived order is the
/// numeric one.
#[derive(
    Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default, Debug, Hash, Serialize, Deserialize,
)]
pub struct U256([u64; 4]);

impl Key for U256 {
    #[inline]
    fn shifted(value: u64, shift: u32) -> Self {
        let mut w = [0u64; 4];
        let (word, bit) = ((shift / 64) as usize, shift % 64);
        w[3 - word] = value << bit;
        if bit > 0 && word < 3 {
            w[2 - word] = value >> (64 - bit);
        }
        U256(w)
    }
    #[inline]
    fn add(self, other: Self) -> Self {
        let mut w = [0u64; 4];
        let mut carry = false;
        for i in (0..4).rev() {
            let (s, c1) = self.0[i].overflowing_add(other.0[i]);
            let (s, c2) = s.overflowing_add(carry as u64);
            w[i] = s;
            carry = c1 || c2;
        }
        U256(w)
    }
    #[inline]
    fn and(self, other: Self) -> Self {
        U256(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }
    #[inline]
    fn flagged(mut self) -> Self {
        self.0[3] |= 1;
        self
    }
    #[inline]
    fn unflagged(mut self) -> Self {
        self.0[3] &= !1;
        self
    }
    #[inline]
    fn is_flagged(self) -> bool {
        self.0[3] & 1 == 1
    }
    #[inline]
    fn field(self, shift: u32, bits: u32) -> u64 {
        let (word, bit) = ((shift / 64) as usize, shift % 64);
        let mut v = self.0[3 - word] >> bit;
        if bit > 0 && word < 3 {
            v |= self.0[2 - word] << (64 - bit);
        }
        v & ((1u64 << bits) - 1)
    }
    #[inline]
    fn fold64(self) -> u64 {
        self.0.iter().fold(0, |x, &w| x.rotate_left(17) ^ w)
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
pub type Live<K> = Vec<(u64, Vec<K>)>;

/// How many states a [`Live`] holds.
pub fn state_count<K>(live: &Live<K>) -> u64 {
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
        vec![(0, vec![K::default()])]
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
            let owned: Vec<(usize, Option<Vec<K>>)> = chunk
                .iter()
                .map(|range| {
                    let group = &edges[range.clone()];
                    match group.iter().position(|e| uses[e.1 as usize] == 1) {
                        Some(f) => (f, Some(std::mem::take(&mut live[group[f].1 as usize].1))),
                        None => (0, None),
                    }
                })
                .collect();
            let merged: Vec<(u64, Vec<K>)> = chunk
                .par_iter()
                .zip(owned)
                .map(|(range, (f, first))| {
                    let group = &edges[range.clone()];
                    let rest = group
                        .iter()
                        .enumerate()
                        .filter(|&(e, _)| e != f)
                        .map(|(_, &(_, i, k))| (&live[i as usize].1[..], step_of(k)));
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
                live[by_last_use[freed] as usize].1 = Vec::new();
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
            .map(|(_, list)| list)
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
            let mut mv = Move {
                mask: 0,
                step: Step {
                    delta: K::shifted(1, shift),
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
    Owned(Vec<K>),
    Shared(&'a [K]),
}

/// Merges the source lists of one target profile, each shifted by its step,
/// adding up counts that meet (saturating at "several"). The result's
/// capacity is its length: it lives until the next step.
fn merge_group<'a, K: Key>(
    first: First<'_, K>,
    s0: Step<K>,
    sources: impl Iterator<Item = (&'a [K], Step<K>)>,
) -> Vec<K> {
    let mut acc: Vec<K> = match first {
        First::Owned(mut list) => {
            // Adding one constant keeps the order; the cap only drops.
            if s0.cap.is_some() {
                list.retain(|&e| s0.keeps(e));
            }
            if s0.delta != K::default() {
                list.iter_mut().for_each(|e| *e = e.add(s0.delta));
            }
            list
        }
        First::Shared(list) => match s0.cap {
            None => list.iter().map(|&e| e.add(s0.delta)).collect(),
            Some(_) => list
                .iter()
                .filter(|&&e| s0.keeps(e))
                .map(|&e| e.add(s0.delta))
                .collect(),
        },
    };
    let mut out = Vec::new();
    for (b, step) in sources {
        out.clear();
        out.reserve(acc.len() + b.len());
        // One copy of the loop per kind of step, so the common uncapped one
        // tests nothing per state.
        match step.cap {
            None => merge_two(&acc, b, step.delta, |_| true, &mut out),
            Some(_) => merge_two(&acc, b, step.delta, |e| step.keeps(e), &mut out),
        }
        std::mem::swap(&mut acc, &mut out);
    }
    acc.shrink_to_fit();
    acc
}

/// Merges sorted `a` with sorted `b` shifted by `delta` (keeping only the
/// states `keep` allows) into `out`.
#[inline(always)]
fn merge_two<K: Key>(a: &[K], b: &[K], delta: K, keep: impl Fn(K) -> bool, out: &mut Vec<K>) {
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        if !keep(b[j]) {
            j += 1;
            continue;
        }
        let (x, y) = (a[i], b[j].add(delta));
        match x.unflagged().cmp(&y.unflagged()) {
            Ordering::Less => {
                out.push(x);
                i += 1;
            }
            Ordering::Greater => {
                out.push(y);
                j += 1;
            }
            Ordering::Equal => {
                out.push(x.flagged());
                i += 1;
                j += 1;
            }
        }
    }
    out.extend_from_slice(&a[i..]);
    out.extend(b[j..].iter().filter(|&&e| keep(e)).map(|&e| e.add(delta)));
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
