//! The `gridforge triplex` commands, run as a user would run them.

mod common;
use common::{gridforge, stderr, stdout};

#[test]
fn solve_prints_the_grid_and_the_verdict() {
    let o = gridforge(&["triplex", "solve", "3x3:2h,v@,Lnw"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert!(lines[..3].iter().all(|l| l.len() == 3));
    assert!(lines[3].starts_with("unique"), "{out}");

    let o = gridforge(&["triplex", "solve", "4x2:2h,2v"]);
    assert!(stdout(&o).lines().last().unwrap().starts_with("several"));
    // A picture of a vertical domino is the same piece as `v`.
    let o = gridforge(&["triplex", "solve", "4x2:v,v,v,(#/#)"]);
    assert!(
        stdout(&o).lines().last().unwrap().starts_with("unique"),
        "{}",
        stdout(&o)
    );
    let o = gridforge(&["triplex", "solve", "4x2:H,H,h"]);
    assert!(stdout(&o).trim().starts_with("none"));

    let o = gridforge(&["triplex", "solve", "--json", "4x2:2h,2v"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["verdict"], "several");
    assert_eq!(v["solutions"].as_array().unwrap().len(), 2);
}

#[test]
fn bad_input_is_one_line_and_non_zero() {
    for args in [
        &["triplex", "solve", "4x3:2h,Lxx"][..],
        &["triplex", "census", "--width", "3"],
        &["triplex", "census", "--width", "30", "--height", "20"],
        &["triplex", "census", "--max-area", "1000"],
        &[
            "triplex",
            "solve",
            "8x8:16h,16v",
            "--limit",
            "1000",
            "--budget",
            "10",
        ],
        &["triplex", "frobnicate"],
    ] {
        let o = gridforge(args);
        assert!(!o.status.success(), "{args:?}");
        let err = stderr(&o);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("gridforge: "), "{err}");
    }
    let o = gridforge(&["triplex", "solve", "4x3:2h,Lxx"]);
    assert!(stderr(&o).contains("at character 7"), "{}", stderr(&o));
}

#[test]
fn census_json_lines_have_the_agreed_shape() {
    let o = gridforge(&[
        "triplex", "census", "--width", "4", "--height", "3", "--json",
    ]);
    assert!(o.status.success());
    let out = stdout(&o);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 4);
    for v in &lines {
        assert_eq!(v["width"], 4);
        assert_eq!(v["height"], 3);
        let pieces = v["pieces"].as_array().unwrap();
        let solution: Vec<&str> = v["solution"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r.as_str().unwrap())
            .collect();
        assert_eq!(solution.len(), 3);
        let letters: std::collections::BTreeSet<char> =
            solution.iter().flat_map(|r| r.chars()).collect();
        assert_eq!(letters.len(), pieces.len());
        assert!(v["difficulty"].as_u64().unwrap() > 0);
        assert!(v["rotatable"].is_null() || v["rotatable"].as_u64().unwrap() < pieces.len() as u64);
        let code = v["code"].as_str().unwrap();
        assert!(code.starts_with("4x3:"));
        let again = gridforge(&["triplex", "solve", code]);
        assert!(stdout(&again).lines().last().unwrap().starts_with("unique"));
    }
    let report = stderr(&o);
    assert!(
        report.contains("levels") && report.contains("4x3"),
        "{report}"
    );

    // A range is the union of its rectangles.
    let o = gridforge(&[
        "triplex",
        "census",
        "--max-area",
        "16",
        "--json",
        "--threads",
        "1",
    ]);
    let all = stdout(&o).lines().count();
    let mut sum = 0;
    for (w, h) in [
        (2, 2),
        (3, 2),
        (4, 2),
        (3, 3),
        (5, 2),
        (6, 2),
        (4, 3),
        (7, 2),
        (5, 3),
        (8, 2),
        (4, 4),
    ] {
        let o = gridforge(&[
            "triplex",
            "census",
            "--width",
            &w.to_string(),
            "--height",
            &h.to_string(),
            "--json",
        ]);
        sum += stdout(&o).lines().count();
    }
    assert_eq!(all, sum);
}

#[test]
fn pack_numbers_levels_by_difficulty() {
    let path = std::env::temp_dir().join(format!("gridforge-pack-{}.json", std::process::id()));
    let o = gridforge(&[
        "triplex",
        "pack",
        "--max-area",
        "20",
        "--out",
        path.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let pack: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    std::fs::remove_file(&path).ok();
    let levels = pack["levels"].as_array().unwrap();
    assert!(levels.len() > 50);
    let mut last = 0;
    for (i, l) in levels.iter().enumerate() {
        assert_eq!(l["number"], i + 1);
        let d = l["difficulty"].as_u64().unwrap();
        assert!(d >= last);
        last = d;
        let level: gridforge_triplex::Level = l["description"].as_str().unwrap().parse().unwrap();
        let solved = gridforge_triplex::solve(&level, 2, 1_000_000).unwrap();
        assert_eq!(solved.uniqueness(), gridforge_triplex::Uniqueness::Unique);
        let grid: Vec<String> = serde_json::from_value(l["solution"].clone()).unwrap();
        assert_eq!(level.solution_grid(&solved.solutions[0]), grid);
    }
}
