//! The sharded census on worker threads of one process gives exactly the
//! one-process census: levels (descriptions, solutions, difficulties) and
//! every counter, for Triplex (rotatable pieces: the final multisets are
//! shared), BlockPuzzle (256-bit keys, caps) and a set that is not closed
//! under transposition. The multi-process runs are tested through the binary
//! (`tests/cli_census_cluster.rs`).

use gridforge_sharded_census::{census_sharded, Cluster};
use gridforge_triplex::census::{census_rectangles_with, rectangles_for, RectangleCensus};
use gridforge_triplex::{CensusOptions, LevelRecord, PieceSet};
use std::sync::Arc;

/// Everything a census result says except its wall time.
fn comparable(results: &[RectangleCensus]) -> Vec<(String, Vec<String>)> {
    results
        .iter()
        .map(|(levels, report)| {
            let mut report = report.clone();
            report.elapsed = Default::default();
            let levels = levels
                .iter()
                .map(|l| {
                    let r = LevelRecord::from_census(l);
                    format!(
                        "{} {} {}",
                        r.description,
                        r.difficulty,
                        r.solution.join("/")
                    )
                })
                .collect();
            (format!("{report:?}"), levels)
        })
        .collect()
}

fn check(set: &PieceSet, max_area: usize, workers: usize) {
    let rects = rectangles_for(set, max_area);
    let options = CensusOptions::default();
    let one = census_rectangles_with(set, &rects, &options, |_| {}).unwrap();
    let sharded = census_sharded(
        set,
        &rects,
        &options,
        &Cluster::single(workers),
        Arc::new(|_| {}),
    )
    .unwrap()
    .expect("process 0 gets the results");
    assert_eq!(sharded.len(), rects.len());
    let (a, b) = (comparable(&one), comparable(&sharded));
    for (x, y) in a.iter().zip(&b) {
        assert_eq!(x, y);
    }
    // The comparison saw levels, not only empty rectangles.
    assert!(one.iter().map(|(l, _)| l.len()).sum::<usize>() > 0);
}

#[test]
fn triplex_on_three_workers() {
    check(&PieceSet::triplex(), 30, 3);
}

#[test]
fn triplex_on_one_worker() {
    check(&PieceSet::triplex(), 20, 1);
}

#[test]
fn blockpuzzle_on_two_workers() {
    check(&PieceSet::blockpuzzle(), 14, 2);
}

#[test]
fn a_set_not_closed_under_transposition_on_four_workers() {
    let set: PieceSet = "h,v,1(###/#..),1(##/##)".parse().unwrap();
    check(&set, 20, 4);
}

#[test]
fn a_bad_hostfile_is_an_error() {
    assert!(Cluster::from_hostfile("", 0, 1).is_err());
    assert!(Cluster::from_hostfile("localhost:2101\n", 1, 1).is_err());
    assert!(Cluster::from_hostfile("localhost\n", 0, 1).is_err());
    let c = Cluster::from_hostfile("# two\nlocalhost:2101\n\nlocalhost:2102\n", 1, 2).unwrap();
    assert_eq!(c.processes(), 2);
    assert_eq!(c.addresses, ["localhost:2101", "localhost:2102"]);
}
