//! The digit-set hints against a brute force over all 512 subsets of 1..=9.

use gridforge_kakuro::{combos, combos_with, sum_is_possible, DigitSet};

/// Every subset of 1..=9 as its list of digits, in increasing order.
fn all_subsets() -> Vec<Vec<u8>> {
    (0u32..512)
        .map(|bits| (1..=9u8).filter(|d| bits & (1 << (d - 1)) != 0).collect())
        .collect()
}

/// The subsets with that sum and length, in dictionary order.
fn brute(sum: u32, len: usize, placed: &[u8], excluded: &[u8]) -> Vec<Vec<u8>> {
    let mut found: Vec<Vec<u8>> = all_subsets()
        .into_iter()
        .filter(|s| s.len() == len && s.iter().map(|&d| u32::from(d)).sum::<u32>() == sum)
        .filter(|s| placed.iter().all(|d| s.contains(d)))
        .filter(|s| !excluded.iter().any(|d| s.contains(d)))
        .collect();
    found.sort();
    found
}

fn digits(set: DigitSet) -> Vec<u8> {
    set.iter().collect()
}

#[test]
fn combos_match_brute_force_for_every_sum_and_length() {
    let mut total = 0;
    for len in 0..=10 {
        for sum in 0..=50 {
            let got: Vec<Vec<u8>> = combos(sum, len).into_iter().map(digits).collect();
            assert_eq!(got, brute(sum, len, &[], &[]), "sum {sum}, len {len}");
            assert_eq!(
                sum_is_possible(sum, len),
                !got.is_empty(),
                "sum {sum}, len {len}"
            );
            total += got.len();
        }
    }
    // Every non-empty subset appears exactly once, plus the empty one (sum 0, len 0).
    assert_eq!(total, 512);
}

#[test]
fn known_values() {
    let show =
        |sum, len| -> Vec<String> { combos(sum, len).iter().map(|s| s.to_string()).collect() };
    assert_eq!(show(10, 3), ["127", "136", "145", "235"]);
    assert_eq!(show(17, 2), ["89"]);
    assert!(show(18, 2).is_empty());
    assert_eq!(show(45, 9), ["123456789"]);
}

#[test]
fn restricted_combos_match_brute_force() {
    let subsets = all_subsets();
    // A spread of placed / excluded sets, including overlapping ones.
    let picks: Vec<&Vec<u8>> = subsets.iter().filter(|s| s.len() <= 3).step_by(7).collect();
    for len in 1..=9 {
        for sum in 1..=45 {
            for placed in &picks {
                for excluded in picks.iter().step_by(5) {
                    let got: Vec<Vec<u8>> = combos_with(
                        sum,
                        len,
                        placed.iter().copied().collect(),
                        excluded.iter().copied().collect(),
                    )
                    .into_iter()
                    .map(digits)
                    .collect();
                    assert_eq!(
                        got,
                        brute(sum, len, placed, excluded),
                        "sum {sum}, len {len}, placed {placed:?}, excluded {excluded:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn digit_sets_behave_like_sets() {
    let mut set: DigitSet = [3u8, 1, 3, 9].into_iter().collect();
    assert_eq!(set.to_string(), "139");
    assert_eq!(set.len(), 3);
    assert_eq!(set.sum(), 13);
    set.insert(0);
    set.insert(10);
    assert_eq!(set.len(), 3);
    set.remove(3);
    assert_eq!(digits(set), [1, 9]);
    assert!(set.contains(9) && !set.contains(3) && !set.contains(0));
    assert_eq!(DigitSet::single(7).and_then(DigitSet::only), Some(7));
    assert_eq!(DigitSet::single(0), None);
    assert_eq!(DigitSet::from_bits(1), None);
    assert_eq!(DigitSet::ALL.len(), 9);
    assert_eq!(set.union(DigitSet::single(2).unwrap()).to_string(), "129");
    assert!(set.is_subset(DigitSet::ALL));
}
