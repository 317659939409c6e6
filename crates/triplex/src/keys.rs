//! Packed multisets ([`Key`]: `u64`, `u128` or [`U256`]) and the compact
//! sorted lists the census's dynamic program keeps them in ([`KeyList`]).

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

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
    /// The key without its low 32 bits.
    fn high(self) -> Self;
    /// The low 32 bits.
    fn low(self) -> u32;
    /// `high` (low 32 bits clear) with `low` as its low 32 bits.
    fn join(high: Self, low: u32) -> Self;
}

pub(crate) mod sealed {
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
            #[inline]
            fn high(self) -> Self {
                self & !(u32::MAX as $t)
            }
            #[inline]
            fn low(self) -> u32 {
                self as u32
            }
            #[inline]
            fn join(high: Self, low: u32) -> Self {
                high | low as $t
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
    #[inline]
    fn high(mut self) -> Self {
        self.0[3] &= !(u32::MAX as u64);
        self
    }
    #[inline]
    fn low(self) -> u32 {
        self.0[3] as u32
    }
    #[inline]
    fn join(mut high: Self, low: u32) -> Self {
        high.0[3] |= low as u64;
        high
    }
}

/// A sorted list of keys in about half the memory of a `Vec` of them: each
/// key's low 32 bits in one array, and its high part once for every run of
/// keys that share it (few runs: the dynamic program's lists hold the
/// multisets of one profile, whose high fields vary little).
///
/// Keys are pushed in increasing order and read back in that order, which is
/// all the dynamic program's merges need.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "RawKeyList<K>", bound(deserialize = "K: Key"))]
pub struct KeyList<K> {
    /// `(high part, index in lows where its run starts)`, by increasing
    /// high part.
    runs: Vec<(K, usize)>,
    lows: Vec<u32>,
}

impl<K: Key> KeyList<K> {
    /// An empty list with room for `n` keys.
    pub fn with_capacity(n: usize) -> KeyList<K> {
        KeyList {
            runs: Vec::new(),
            lows: Vec::with_capacity(n),
        }
    }

    /// A list of one key.
    pub fn single(key: K) -> KeyList<K> {
        let mut list = KeyList::with_capacity(1);
        list.push(key);
        list
    }

    /// Number of keys.
    pub fn len(&self) -> usize {
        self.lows.len()
    }

    /// True when the list holds no key.
    pub fn is_empty(&self) -> bool {
        self.lows.is_empty()
    }

    /// Appends a key, which must be larger than every key in the list.
    #[inline]
    pub fn push(&mut self, key: K) {
        debug_assert!(
            self.last().is_none_or(|last| last < key),
            "keys out of order"
        );
        let high = key.high();
        if self.runs.last().is_none_or(|&(h, _)| h != high) {
            self.runs.push((high, self.lows.len()));
        }
        self.lows.push(key.low());
    }

    /// The keys in increasing order.
    pub fn iter(&self) -> KeyIter<'_, K> {
        KeyIter {
            runs: &self.runs,
            lows: &self.lows,
            run: 0,
            high: K::default(),
            current: [].iter(),
            left: self.lows.len(),
        }
    }

    /// The first key, if any.
    pub fn first(&self) -> Option<K> {
        self.iter().next()
    }

    /// The last key, if any.
    pub fn last(&self) -> Option<K> {
        let (&(high, _), &low) = (self.runs.last()?, self.lows.last()?);
        Some(K::join(high, low))
    }

    /// Merges this list with `other` shifted by `delta` (only the keys of
    /// `other` that `keep` allows): keys that meet become one key with the
    /// "several" flag, as their counts add up to two or more.
    #[inline(always)]
    pub fn merge_with(&self, other: &KeyList<K>, delta: K, keep: impl Fn(K) -> bool) -> KeyList<K> {
        let shifted = other.iter().filter(|&e| keep(e)).map(|e| e.add(delta));
        KeyList::merged(self.iter(), shifted, self.len() + other.len())
    }

    /// Merges two increasing sequences of keys (see [`Self::merge_with`])
    /// into a list with room for `capacity` keys.
    #[inline(always)]
    pub fn merged(
        mut a: impl Iterator<Item = K>,
        mut b: impl Iterator<Item = K>,
        capacity: usize,
    ) -> KeyList<K> {
        let mut out = KeyList::with_capacity(capacity);
        let (mut x, mut y) = (a.next(), b.next());
        while let (Some(p), Some(q)) = (x, y) {
            match p.unflagged().cmp(&q.unflagged()) {
                std::cmp::Ordering::Less => {
                    out.push(p);
                    x = a.next();
                }
                std::cmp::Ordering::Greater => {
                    out.push(q);
                    y = b.next();
                }
                std::cmp::Ordering::Equal => {
                    out.push(p.flagged());
                    x = a.next();
                    y = b.next();
                }
            }
        }
        for rest in x.into_iter().chain(a).chain(y).chain(b) {
            out.push(rest);
        }
        out
    }

    /// Room for keys: the list holds `len` of them.
    pub fn capacity(&self) -> usize {
        self.lows.capacity()
    }

    /// Gives back memory the list does not use.
    pub fn shrink_to_fit(&mut self) {
        self.runs.shrink_to_fit();
        self.lows.shrink_to_fit();
    }
}

/// A [`KeyList`] as it arrives from elsewhere (another process of the
/// sharded census), checked before it is one: runs that start at 0, in
/// increasing order of start and of high part, each with at least one key.
#[derive(Deserialize)]
struct RawKeyList<K> {
    runs: Vec<(K, usize)>,
    lows: Vec<u32>,
}

/// Why received data is not a [`KeyList`].
#[derive(Debug, thiserror::Error)]
#[error("not a sorted key list: {0}")]
pub struct KeyListError(&'static str);

impl<K: Key> TryFrom<RawKeyList<K>> for KeyList<K> {
    type Error = KeyListError;

    fn try_from(raw: RawKeyList<K>) -> Result<Self, Self::Error> {
        if raw.runs.first().is_some_and(|&(_, start)| start != 0) {
            return Err(KeyListError("the first run does not start at 0"));
        }
        if raw.runs.is_empty() != raw.lows.is_empty() {
            return Err(KeyListError("keys without runs, or runs without keys"));
        }
        if raw
            .runs
            .iter()
            .any(|&(high, start)| high.low() != 0 || start >= raw.lows.len())
        {
            return Err(KeyListError("a run's high part or start is out of range"));
        }
        if raw
            .runs
            .windows(2)
            .any(|w| w[0].0 >= w[1].0 || w[0].1 >= w[1].1)
        {
            return Err(KeyListError("runs out of order"));
        }
        let in_order = raw.runs.iter().enumerate().all(|(i, &(_, start))| {
            let end = raw.runs.get(i + 1).map_or(raw.lows.len(), |r| r.1);
            raw.lows[start..end].windows(2).all(|w| w[0] < w[1])
        });
        if !in_order {
            return Err(KeyListError("keys out of order"));
        }
        Ok(KeyList {
            runs: raw.runs,
            lows: raw.lows,
        })
    }
}

impl<K: Key> FromIterator<K> for KeyList<K> {
    /// Collects keys given in increasing order.
    fn from_iter<I: IntoIterator<Item = K>>(keys: I) -> Self {
        let keys = keys.into_iter();
        let mut list = KeyList::with_capacity(keys.size_hint().0);
        keys.for_each(|k| list.push(k));
        list
    }
}

/// The keys of a [`KeyList`], in increasing order.
pub struct KeyIter<'a, K> {
    runs: &'a [(K, usize)],
    lows: &'a [u32],
    /// The next run to start.
    run: usize,
    /// The high part of the run being read …
    high: K,
    /// … and its low parts not read yet.
    current: std::slice::Iter<'a, u32>,
    /// Keys not read yet.
    left: usize,
}

impl<K: Key> Iterator for KeyIter<'_, K> {
    type Item = K;

    #[inline]
    fn next(&mut self) -> Option<K> {
        loop {
            if let Some(&low) = self.current.next() {
                self.left -= 1;
                return Some(K::join(self.high, low));
            }
            let &(high, start) = self.runs.get(self.run)?;
            self.run += 1;
            let end = self.runs.get(self.run).map_or(self.lows.len(), |r| r.1);
            self.high = high;
            self.current = self.lows.get(start..end).unwrap_or_default().iter();
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_give_back_what_was_pushed_across_high_parts() {
        // Keys on both sides of several 2^32 boundaries, in order.
        let keys: Vec<u64> = (0..5u64)
            .flat_map(|h| [0u64, 1, 2, 0xffff_fffe, 0xffff_ffff].map(move |l| (h << 32) | l))
            .collect();
        let list: KeyList<u64> = keys.iter().copied().collect();
        assert_eq!(list.len(), keys.len());
        assert_eq!(list.iter().collect::<Vec<_>>(), keys);
        assert_eq!(list.first(), keys.first().copied());
        assert_eq!(list.last(), keys.last().copied());
        let wide: KeyList<U256> = keys.iter().map(|&k| U256::shifted(k, 100)).collect();
        assert_eq!(
            wide.iter().collect::<Vec<_>>(),
            keys.iter()
                .map(|&k| U256::shifted(k, 100))
                .collect::<Vec<_>>()
        );
    }

    #[test]
    fn merging_flags_the_keys_that_meet() {
        // Keys are even (bit 0 is the flag); 6 arrives flagged.
        let a: KeyList<u64> = [2u64, 6 | 1, 10, 1 << 33].into_iter().collect();
        let b: KeyList<u64> = [0u64, 4, 8, (1 << 33) - 2].into_iter().collect();
        // b shifted by 2: 2, 6, 10, 2^33; all but 6 meet a once; the filter
        // drops 4 (6 after the shift) before it can meet.
        let merged = a.merge_with(&b, 2, |k| k != 4);
        assert_eq!(
            merged.iter().collect::<Vec<_>>(),
            [2 | 1, 6 | 1, 10 | 1, (1 << 33) | 1]
        );
        let plain = a.merge_with(&KeyList::default(), 0, |_| true);
        assert_eq!(plain, a);
    }

    #[test]
    fn a_received_list_is_checked() {
        let good: KeyList<u64> = [4u64, 7, 1 << 40].into_iter().collect();
        let text = serde_json::to_string(&good).unwrap();
        assert_eq!(serde_json::from_str::<KeyList<u64>>(&text).unwrap(), good);
        for bad in [
            r#"{"runs":[[0,1]],"lows":[1,2]}"#,
            r#"{"runs":[[0,0]],"lows":[]}"#,
            r#"{"runs":[[0,0],[0,1]],"lows":[1,2]}"#,
            r#"{"runs":[[0,0]],"lows":[2,1]}"#,
            r#"{"runs":[[5,0]],"lows":[1]}"#,
            r#"{"runs":[],"lows":[1]}"#,
        ] {
            assert!(serde_json::from_str::<KeyList<u64>>(bad).is_err(), "{bad}");
        }
    }
}
