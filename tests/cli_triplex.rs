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
        &["triplex", "census", "--pieces", "h,h", "--max-area", "8"],
        &[
            "triplex",
            "census",
            "--pieces",
            "h,(#.#)",
            "--max-area",
            "8",
        ],
        &["triplex", "census", "--pieces", "h,0v", "--max-area", "8"],
        &["triplex", "census", "--pieces", "tetris", "--max-area", "8"],
        &["triplex", "census", "--max-area", "8", "--select", "5"],
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

/// `triplex stats` on an SQLite file: empty, then with solves whose medians
/// run against the solver's order (hinted solves left out).
#[test]
fn stats_rank_levels_by_solver_and_players() {
    use sqlx::Connection;
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("stats.db").display());
    // A fresh file: the schema is made, nothing is ranked.
    let out = gridforge(&["triplex", "stats", "--database", &url]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).starts_with("0 levels with at least 3 solves"));

    let levels: Vec<String> = gridforge_triplex::pack::game_levels()
        .unwrap()
        .iter()
        .take(3)
        .map(|g| g.level.to_string())
        .collect();
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async {
        let mut db = sqlx::SqliteConnection::connect(&url).await.unwrap();
        let mut nonce = 0u32;
        // Level 1 is the slowest for players, level 3 the fastest.
        for (k, level) in levels.iter().enumerate() {
            for s in 0..3 {
                nonce += 1;
                sqlx::query(
                    "INSERT INTO triplex_solves (nonce, level, time_ms, solved_at, hinted) \
                     VALUES ($1, $2, $3, 0, $4)",
                )
                .bind(nonce.to_be_bytes().to_vec())
                .bind(level)
                .bind(30_000 - 10_000 * k as i64 + s)
                .bind(false)
                .execute(&mut db)
                .await
                .unwrap();
            }
            // A fast hinted solve changes nothing.
            nonce += 1;
            sqlx::query(
                "INSERT INTO triplex_solves (nonce, level, time_ms, solved_at, hinted) \
                 VALUES ($1, $2, 1, 0, TRUE)",
            )
            .bind(nonce.to_be_bytes().to_vec())
            .bind(level)
            .execute(&mut db)
            .await
            .unwrap();
        }
    });
    let out = gridforge(&["triplex", "stats", "--database", &url, "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(v["ranked"], 3);
    let rows = v["levels"].as_array().unwrap();
    // Levels 1 and 3 swap places: shift ±2, largest first; level 2 stays.
    assert_eq!(rows[0]["level"], 1);
    assert_eq!(rows[0]["solver_rank"], 1);
    assert_eq!(rows[0]["player_rank"], 3);
    assert_eq!(rows[0]["shift"], 2);
    assert_eq!(rows[0]["median_ms"], 30_001);
    assert_eq!(rows[0]["solves"], 3);
    assert_eq!(rows[1]["level"], 3);
    assert_eq!(rows[1]["shift"], -2);
    assert_eq!(rows[2]["shift"], 0);
    let table = stdout(&gridforge(&[
        "triplex",
        "stats",
        "--database",
        &url,
        "--top",
        "1",
    ]));
    assert_eq!(table.lines().count(), 3, "{table}");
    // One solve is "1 solve", one level "1 level".
    let one = stdout(&gridforge(&[
        "triplex",
        "stats",
        "--database",
        &url,
        "--min-solves",
        "1",
        "--top",
        "1",
    ]));
    assert!(
        one.starts_with("3 levels with at least 1 solve without hints;"),
        "{one}"
    );

    // A bad URL: one line and a failure.
    let out = gridforge(&["triplex", "stats", "--database", "mysql://nope"]);
    assert!(!out.status.success());
    assert_eq!(stderr(&out).trim().lines().count(), 1, "{}", stderr(&out));
}

#[test]
fn blockpuzzle_census_levels_solve_uniquely() {
    let o = gridforge(&[
        "triplex",
        "census",
        "--pieces",
        "blockpuzzle",
        "--width",
        "3",
        "--height",
        "4",
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    // Checked against an independent brute force in the library's tests.
    assert_eq!(lines.len(), 88);
    for v in lines.iter().step_by(11) {
        assert_eq!(
            (v["width"].as_u64(), v["height"].as_u64()),
            (Some(4), Some(3))
        );
        assert!(v["rotatable"].is_null());
        let code = v["code"].as_str().unwrap();
        let shapes: Vec<&str> = code[4..].split(',').collect();
        let mut distinct = shapes.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), shapes.len(), "{code}: a shape twice");
        let again = gridforge(&["triplex", "solve", code]);
        assert!(
            stdout(&again).lines().last().unwrap().starts_with("unique"),
            "{code}"
        );
    }
    assert!(stderr(&o).contains("4x3"), "{}", stderr(&o));
}

#[test]
fn select_writes_a_family_pack_in_census_lines() {
    let args = [
        "triplex",
        "census",
        "--pieces",
        "blockpuzzle",
        "--max-area",
        "16",
        "--json",
    ];
    let all = gridforge(&args);
    assert!(all.status.success(), "{}", stderr(&all));
    let all: Vec<serde_json::Value> = stdout(&all)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let mut with_select = args.to_vec();
    with_select.extend(["--select", "40"]);
    let o = gridforge(&with_select);
    assert!(o.status.success(), "{}", stderr(&o));
    let picked: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(picked.len(), 40);
    let codes: std::collections::BTreeSet<&str> =
        picked.iter().map(|v| v["code"].as_str().unwrap()).collect();
    assert_eq!(codes.len(), 40, "distinct levels");
    // Every line is one of the full census's, difficulty never goes down,
    // and every area with levels is represented.
    let difficulties: Vec<u64> = picked
        .iter()
        .map(|v| v["difficulty"].as_u64().unwrap())
        .collect();
    assert!(difficulties.windows(2).all(|w| w[0] <= w[1]));
    for v in &picked {
        assert!(all.contains(v), "{v}");
    }
    let area = |v: &serde_json::Value| v["width"].as_u64().unwrap() * v["height"].as_u64().unwrap();
    let areas_all: std::collections::BTreeSet<u64> = all.iter().map(area).collect();
    let areas_picked: std::collections::BTreeSet<u64> = picked.iter().map(area).collect();
    assert_eq!(areas_all, areas_picked);
}

#[test]
fn plot_is_an_svg_with_both_series() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("census.svg");
    let o = gridforge(&[
        "triplex",
        "census",
        "--pieces",
        "blockpuzzle",
        "--max-area",
        "12",
        "--plot",
        path.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&path).unwrap();
    let doc = roxmltree::Document::parse(&text).expect("the plot is well-formed XML");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    let texts: Vec<String> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text().map(|t| t.trim().to_string()))
        .collect();
    for want in [
        "levels",
        "time (ms)",
        "levels per rectangle",
        "census time per rectangle (ms)",
    ] {
        assert!(texts.iter().any(|t| t == want), "{want} in {texts:?}");
    }
    assert!(texts.iter().any(|t| t.contains("blockpuzzle")), "{texts:?}");
    // One line per series, one point per rectangle in each: 7 rectangles up
    // to area 12, of which 2x2 and 3x2 have no level.
    let count = |tag: &str| doc.descendants().filter(|n| n.has_tag_name(tag)).count();
    assert!(count("polyline") >= 2);
    assert_eq!(count("circle"), 5 + 7);
}

#[test]
fn every_reading_command_refuses_what_is_not_a_level() {
    common::check_bad_inputs(&["triplex", "solve", "{}"]);
    common::check_bad_inputs(&["triplex", "hint", "{}"]);
    common::check_bad_inputs(&["triplex", "hint", "3x2:Lnw,Lse", "--placed", "{}"]);
    // A long piece list is quoted short.
    let pieces = format!("h,{}", "v".repeat(100_000));
    let o = gridforge(&["triplex", "census", "--pieces", &pieces, "--max-area", "8"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).len() < 300, "{}", &stderr(&o)[..300]);
}

#[test]
fn exit_codes_follow_one_rule() {
    for (args, code) in [
        (&["triplex", "solve", "3x2:Lnw,Lse"][..], 0),
        (&["triplex", "solve", "4x2:2h,2v"], 1),
        (&["triplex", "solve", "4x2:H,H,h"], 1),
        (&["triplex", "solve", "4x2:2h,2v", "--limit", "1"], 0),
        (&["triplex", "hint", "3x2:Lnw,Lse"], 0),
        (&["triplex", "hint", "4x2:2h,2v"], 1),
        (&["triplex", "hint", "4x2:H,H,h"], 1),
        (&["triplex", "solve", "8x8:16h,16v", "--budget", "0"], 3),
        (&["triplex", "hint", "8x8:16h,16v", "--budget", "0"], 3),
        (&["triplex", "solve", "3x2:Lnw,Lse", "--limit", "0"], 2),
        (&["triplex", "solve", "3x2:Lnw,Lse", "--timeout", "0"], 2),
        (&["triplex", "hint", "3x2:Lnw,Lse", "--placed", "ab"], 2),
        (
            &["triplex", "hint", "3x2:Lnw,Lse", "--placed", "az./..."],
            2,
        ),
        (&["triplex", "census", "--width", "0", "--height", "4"], 2),
        (
            &[
                "triplex",
                "census",
                "--width",
                "18446744073709551615",
                "--height",
                "2",
            ],
            2,
        ),
        (&["triplex", "chain-vectors", "--count", "0"], 2),
        (
            &["triplex", "pack", "--max-area", "3", "--out", "/dev/null"],
            2,
        ),
    ] {
        let o = gridforge(args);
        assert_eq!(o.status.code(), Some(code), "{args:?}: {}", stderr(&o));
        if code >= 2 {
            assert_eq!(stderr(&o).lines().count(), 1, "{args:?}: {}", stderr(&o));
        }
    }
}

#[test]
fn hint_names_wrong_pieces_and_the_next_one() {
    // Two L-trominoes tile 3x2 one way: a (Lnw) on the left, b (Lse) right.
    let o = gridforge(&["triplex", "hint", "3x2:Lnw,Lse"]);
    assert_eq!(stdout(&o), "next: a (Lnw) on (1,1) (1,2) (2,1)\n");
    // b laid in the left box is wrong; a goes there.
    let o = gridforge(&["triplex", "hint", "3x2:Lnw,Lse", "--placed", ".b./bb."]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "wrong: b\nnext: a (Lnw) on (1,1) (1,2) (2,1)\n");
    let o = gridforge(&[
        "triplex",
        "hint",
        "3x2:Lnw,Lse",
        "--placed",
        ".b./bb.",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["wrong"], serde_json::json!([1]));
    assert_eq!(v["next"]["letter"], "a");
    assert_eq!(
        v["next"]["cells"],
        serde_json::json!([[1, 1], [1, 2], [2, 1]])
    );
    // The solution `solve` prints, given back, is solved.
    let grid = stdout(&gridforge(&["triplex", "solve", "3x2:Lnw,Lse"]));
    let rows: Vec<&str> = grid.lines().take(2).collect();
    let o = gridforge(&[
        "triplex",
        "hint",
        "3x2:Lnw,Lse",
        "--placed",
        &rows.join("/"),
    ]);
    assert_eq!(stdout(&o), "solved\n", "{}", stderr(&o));
}

#[test]
fn census_writes_the_levels_to_stdout() {
    let o = gridforge(&["triplex", "census", "--width", "4", "--height", "3"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.starts_with("# census of triplex: 4 levels\n"), "{out}");
    let lines: Vec<&str> = out.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(lines.len(), 4, "{out}");
    for line in lines {
        // description, solver nodes, solution rows: the level solves.
        let description = line.split(' ').next().unwrap();
        assert!(description.starts_with("4x3:"), "{line}");
        let solved = gridforge(&["triplex", "solve", description]);
        assert_eq!(solved.status.code(), Some(0), "{line}");
    }
}
