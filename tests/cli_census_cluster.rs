//! The census sharded over processes (`--local-processes`, which starts real
//! `gridforge` processes that talk over loopback TCP) gives exactly the
//! one-process census: the same JSON lines (levels, solutions, difficulties)
//! and the same filter table (every counter but the time), for every
//! rectangle up to area 36 and for 8×6; and the cluster flags fail in one line.

mod common;

use common::{gridforge, stderr, stdout};

/// The JSON lines and the filter table without its time column.
fn census(args: &[&str]) -> (String, Vec<String>) {
    let out = gridforge(args);
    assert!(out.status.success(), "gridforge {args:?}: {}", stderr(&out));
    let table = stderr(&out)
        .lines()
        .filter(|l| {
            let l = l.trim_start();
            l.starts_with("rect") || l.split(' ').next().is_some_and(|r| r.contains('x'))
        })
        .map(|l| {
            // Drop the last column, the time.
            let mut cells: Vec<&str> = l.split_whitespace().collect();
            cells.pop();
            cells.join(" ")
        })
        .collect();
    (stdout(&out), table)
}

fn same_as_one_process(sizes: &[&str]) {
    let mut one_args = vec!["triplex", "census", "--json"];
    one_args.extend_from_slice(sizes);
    let (one_json, one_table) = census(&one_args);
    let mut two_args = one_args.clone();
    two_args.extend_from_slice(&["--local-processes", "2"]);
    let two = gridforge(&two_args);
    assert!(two.status.success(), "{}", stderr(&two));
    // The launcher reports both processes and their memory.
    let report = stderr(&two);
    assert!(report.contains("2 local processes"), "{report}");
    for p in 0..2 {
        assert!(report.contains(&format!("process {p}: ")), "{report}");
    }
    let (two_json, two_table) = census(&two_args);
    assert!(one_json.lines().count() > 0, "the census found levels");
    assert_eq!(one_json, two_json);
    assert!(one_table.len() >= 2, "a header and at least one rectangle");
    assert_eq!(one_table, two_table);
}

#[test]
fn two_processes_find_what_one_finds_up_to_area_36() {
    same_as_one_process(&["--max-area", "36"]);
}

#[test]
fn two_processes_find_what_one_finds_in_8x6() {
    same_as_one_process(&["--width", "8", "--height", "6"]);
}

#[test]
fn two_processes_of_blockpuzzle_find_what_one_finds() {
    same_as_one_process(&["--pieces", "blockpuzzle", "--max-area", "16"]);
}

#[test]
fn cluster_flags_fail_in_one_line() {
    let missing = common::temp_file("no-such-hostfile");
    let bad = common::temp_file("bad-hostfile");
    std::fs::write(&bad, "localhost:2101\n").unwrap();
    for args in [
        vec!["--hostfile", missing.as_str(), "--process", "0"],
        vec!["--hostfile", bad.as_str(), "--process", "3"],
        vec!["--hostfile", bad.as_str()],
        vec!["--workers", "0"],
        vec!["--local-processes", "0"],
        vec![
            "--local-processes",
            "2",
            "--hostfile",
            bad.as_str(),
            "--process",
            "0",
        ],
    ] {
        let mut all = vec!["triplex", "census", "--max-area", "8"];
        all.extend(args);
        let out = gridforge(&all);
        assert!(!out.status.success(), "{all:?} succeeded");
        let err = stderr(&out);
        assert_eq!(err.lines().count(), 1, "{all:?}: {err}");
        assert!(err.starts_with("gridforge: "), "{all:?}: {err}");
    }
}
