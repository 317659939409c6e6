//! Bitboards: one bit per cell, row-major. `u64` up to 64 cells, wider above.

/// A set of cells of a board, one bit per cell in row-major order.
pub trait Bits: Copy + Eq + Default + Send + Sync + 'static {
    /// Number of cells this type can hold.
    const CAPACITY: usize;
    /// The set of every cell index below `n`.
    fn below(n: usize) -> Self;
    /// Every bit set, including those past the board.
    fn all() -> Self;
    /// Adds cell `i`.
    fn with(self, i: usize) -> Self;
    /// Union.
    fn or(self, other: Self) -> Self;
    /// Complement.
    fn not(self) -> Self;
    /// True when no cell is shared.
    fn disjoint(self, other: Self) -> bool;
    /// True when empty.
    fn is_empty(self) -> bool;
    /// Number of lowest cells that are all set (the first empty cell's index).
    fn trailing_ones(self) -> usize;
}

/// Implements [`Bits`] for a primitive unsigned integer.
macro_rules! impl_bits_for_uint {
    ($t:ty) => {
        impl Bits for $t {
            const CAPACITY: usize = <$t>::BITS as usize;
            fn below(n: usize) -> Self {
                if n >= Self::CAPACITY {
                    <$t>::MAX
                } else {
                    (1 << n) - 1
                }
            }
            fn all() -> Self {
                <$t>::MAX
            }
            fn with(self, i: usize) -> Self {
                self | 1 << i
            }
            fn or(self, other: Self) -> Self {
                self | other
            }
            fn not(self) -> Self {
                !self
            }
            fn disjoint(self, other: Self) -> bool {
                self & other == 0
            }
            fn is_empty(self) -> bool {
                self == 0
            }
            fn trailing_ones(self) -> usize {
                <$t>::trailing_ones(self) as usize
            }
        }
    };
}

impl_bits_for_uint!(u64);
impl_bits_for_uint!(u128);

/// A 256-cell bitboard for the largest levels.
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
pub struct Wide([u64; 4]);

impl Bits for Wide {
    const CAPACITY: usize = 256;
    fn below(n: usize) -> Self {
        let mut w = [0u64; 4];
        for (k, word) in w.iter_mut().enumerate() {
            *word = u64::below(n.saturating_sub(64 * k));
        }
        Wide(w)
    }
    fn all() -> Self {
        Wide([u64::MAX; 4])
    }
    fn with(mut self, i: usize) -> Self {
        self.0[i / 64] |= 1u64 << (i % 64);
        self
    }
    fn or(self, o: Self) -> Self {
        Wide(std::array::from_fn(|k| self.0[k] | o.0[k]))
    }
    fn not(self) -> Self {
        Wide(self.0.map(|w| !w))
    }
    fn disjoint(self, o: Self) -> bool {
        (0..4).all(|k| self.0[k] & o.0[k] == 0)
    }
    fn is_empty(self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    fn trailing_ones(self) -> usize {
        let mut n = 0;
        for w in self.0 {
            let t = w.trailing_ones() as usize;
            n += t;
            if t < 64 {
                break;
            }
        }
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check<B: Bits + std::fmt::Debug>() {
        let n = B::CAPACITY;
        assert_eq!(B::below(0), B::default());
        assert_eq!(B::below(n), B::all());
        let b = B::below(n - 3).with(n - 2);
        assert_eq!(b.trailing_ones(), n - 3);
        assert!(!b.disjoint(B::default().with(n - 2)));
        assert!(b.disjoint(B::default().with(n - 1)));
        assert_eq!(b.or(B::below(n - 3).not()), B::all());
        assert!(B::default().is_empty());
    }

    #[test]
    fn every_width_behaves_alike() {
        check::<u64>();
        check::<u128>();
        check::<Wide>();
    }
}
