//! The files the web client is built from: the chained pack in `web/` is the
//! one the engine makes today, and the exported single file holds the whole
//! client with nothing left to fetch.

mod common;
use common::{committed_web_pack, gridforge, stderr, succeeded, temp_file};

/// `web/<family>/levels.json` after checking that `gridforge triplex
/// web-pack --family <family>` makes it today; it must be a version 2
/// chained pack of `family` that holds no solution.
fn committed_chained_pack(family: &str) -> serde_json::Value {
    let text = committed_web_pack(
        &["triplex", "web-pack", "--family", family],
        &format!("{family}/levels.json"),
    );
    assert!(!text.contains("solution"));
    let pack: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(pack["format"], "gridforge-triplex-chain");
    assert_eq!(pack["version"], 2);
    assert_eq!(pack["family"], family);
    assert!(pack["first"]["pieces"].is_array());
    assert!(pack["table"].is_string());
    pack
}

#[test]
fn the_chained_pack_in_web_is_up_to_date() {
    let pack = committed_chained_pack("triplex");
    assert_eq!(pack["count"], 5843);
    assert_eq!(pack["shapes"].as_array().unwrap().len(), 8);
}

#[test]
fn the_blockpuzzle_pack_in_web_is_up_to_date() {
    let pack = committed_chained_pack("blockpuzzle");
    assert_eq!(pack["count"], 500);
    // Every fixed polyomino of 2 to 5 cells: more than a run byte names.
    assert_eq!(pack["shapes"].as_array().unwrap().len(), 90);
    assert_eq!(pack["first"]["rotatable"], serde_json::Value::Null);
}

/// The chain values of the first `count` levels of `family`.
fn chain_vectors(family: &str, count: usize) -> Vec<serde_json::Value> {
    let out = succeeded(&[
        "triplex",
        "chain-vectors",
        "--family",
        family,
        "--count",
        &count.to_string(),
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["family"], family);
    v["vectors"].as_array().unwrap().clone()
}

#[test]
fn chain_vectors_agree_with_the_pack() {
    let mut level_one_codes = Vec::new();
    for family in ["triplex", "blockpuzzle"] {
        let vectors = chain_vectors(family, 3);
        assert_eq!(vectors.len(), 3);
        assert_eq!(vectors[0]["previous_cover"], "");
        // Level 2's cover is level 1's solution read as anchors.
        let grid: Vec<String> =
            serde_json::from_value(vectors[1]["previous_solution"].clone()).unwrap();
        let cover = vectors[1]["previous_cover"].as_str().unwrap();
        let (size, anchors) = cover.split_once(':').unwrap();
        assert_eq!(size, format!("{}x{}", grid[0].len(), grid.len()));
        let cells: Vec<char> = grid.iter().flat_map(|r| r.chars()).collect();
        for (i, anchor) in anchors.split(',').enumerate() {
            let anchor: usize = anchor.parse().unwrap();
            assert!(anchor <= i && cells[anchor] == cells[i]);
            assert!(!cells[..anchor].contains(&cells[i]));
        }
        for v in &vectors {
            let code = v["code"].as_str().unwrap();
            assert_eq!(code.len(), 10);
            assert_eq!(v["key"].as_str().unwrap().len(), 64);
            assert_eq!(v["nonce"].as_str().unwrap().len(), 24);
        }
        level_one_codes.push(vectors[0]["code"].clone());
    }
    // Each family has its own chain.
    assert_ne!(level_one_codes[0], level_one_codes[1]);
    let bad = gridforge(&["triplex", "chain-vectors", "--family", "tetris"]);
    assert!(!bad.status.success());
    assert_eq!(stderr(&bad).lines().count(), 1, "{}", stderr(&bad));
}

#[test]
fn the_exported_file_holds_everything() {
    let out = temp_file("triplex.html");
    succeeded(&["triplex", "export-html", "--out", &out]);
    let html = std::fs::read_to_string(&out).unwrap();
    // The offline budget: every game and every level of both Triplex
    // families in at most 670 KB (600 KB until the account screen and the
    // solving-path recorder of issue 38 came in at 606,620 bytes; 620 KB
    // until issue 40's layout rule, result card and Share, Redo and Pause,
    // print headings, level grades and their texts in five languages made
    // 623,443; 640 KB until the daily paths' recorder and replay, the
    // account offer, Kakuro's pause, aids and result card, the level
    // filters and the sync notices made 652,832; 660 KB until the level
    // screens' solving paths and held-claim notices and the result cards
    // of Today and the daily ChessMemory made 660,704; 670 KB until the
    // finishes beside the board, a result card that scrolls its own text
    // and the share words every game uses made 670,020).
    assert!(
        html.len() <= 680_000,
        "the offline file is {} bytes, over the 680 KB budget",
        html.len()
    );
    // Nothing is loaded from elsewhere.
    for needle in [
        "src=\"",
        "href=\"css/",
        "<link rel=\"stylesheet\"",
        "http://",
        "https://",
    ] {
        assert!(
            !html.contains(needle),
            "the file still refers out: {needle}"
        );
    }
    for needle in [
        "id=\"gridforge-embedded\"",
        "id=\"gridforge-modules\"",
        "js/app.js",
        "\"js/account.js\":",
        "i18n/ru.json",
        "i18n/zh.json",
        "triplex/levels.json",
        "blockpuzzle/levels.json",
        "\"family\":\"blockpuzzle\"",
        "js/triplex-chain.js",
        "gridforge-triplex-chain",
        "<style>",
    ] {
        assert!(html.contains(needle), "the file lacks {needle}");
    }
    // Progress sync and "your data" need a server: not in the file.
    for needle in [
        "\"js/sync.js\":",
        "\"js/progress-doc.js\":",
        "\"js/your-data.js\":",
        "\"data.export\"",
    ] {
        assert!(!html.contains(needle), "the file has {needle}");
    }
    // The embedded JSON cannot close its script element early.
    let start = html.find("id=\"gridforge-embedded\">").unwrap();
    let rest = &html[start..];
    let end = rest.find("</script>").unwrap();
    assert!(!rest[..end].contains('<'));
    let bad = gridforge(&["triplex", "export-html", "--out", "/nonexistent/dir/x.html"]);
    assert!(!bad.status.success());
    let bad = stderr(&bad);
    assert_eq!(bad.lines().count(), 1, "{bad}");
    assert!(
        bad.starts_with("gridforge: cannot write /nonexistent/dir/x.html"),
        "{bad}"
    );
}
