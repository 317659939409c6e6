//! What the ChessMemory web client is built from: the offline pack of setups in
//! `web/chess/setups.json` is the one `gridforge chess web-pack` makes today, and
//! every setup in it is valid; `gridforge chess pairs`, which the web tests use to
//! know the partners of a setup, lists each piece's one partner.

use gridforge_chessmemory::{attacks, validate, Setup, Square};
use std::collections::HashSet;

mod common;
use common::{committed_web_pack, gridforge, succeeded, temp_file};

fn square(name: &str) -> Square {
    let bytes = name.as_bytes();
    assert_eq!(bytes.len(), 2, "{name}");
    Square::new(bytes[0].wrapping_sub(b'a'), bytes[1].wrapping_sub(b'1')).expect(name)
}

#[test]
fn the_offline_pack_in_web_is_up_to_date_and_valid() {
    let committed = committed_web_pack(&["chess", "web-pack"], "chess/setups.json");
    let pack: serde_json::Value = serde_json::from_str(&committed).unwrap();
    assert_eq!(pack["format"], "gridforge-chess-setups");
    let setups = pack["setups"].as_array().unwrap();
    assert_eq!(setups.len(), 256);
    let mut classes = HashSet::new();
    for (i, text) in setups.iter().enumerate() {
        let setup: Setup = text.as_str().unwrap().parse().unwrap();
        let violations = validate(&setup);
        assert!(violations.is_empty(), "setup {i}: {violations:?}");
        // No setup is a turned or mirrored copy of another: each of the 8
        // orientations the client makes of it is a new game.
        let images: HashSet<String> = setup.images().iter().map(|(_, s)| s.to_string()).collect();
        assert!(
            images.is_disjoint(&classes),
            "setup {i} is an image of an earlier one"
        );
        classes.extend(images);
    }
}

#[test]
fn the_pack_is_seeded() {
    let a = temp_file("a.json");
    let b = temp_file("b.json");
    gridforge(&[
        "chess", "web-pack", "--out", &a, "--count", "5", "--seed", "40",
    ]);
    gridforge(&[
        "chess", "web-pack", "--out", &b, "--count", "5", "--seed", "41",
    ]);
    let a: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&a).unwrap()).unwrap();
    let b: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&b).unwrap()).unwrap();
    assert_eq!(a["seed"], 40);
    let a = a["setups"].as_array().unwrap();
    let b = b["setups"].as_array().unwrap();
    assert_eq!(a.len(), 5);
    // Seed 40's second setup is seed 41's first: setup i comes from seed + i.
    assert_eq!(a[1], b[0]);
    let generated = succeeded(&["chess", "generate", "--seed", "40"]);
    assert_eq!(a[0].as_str().unwrap(), generated.trim());
}

#[test]
fn pairs_lists_each_pieces_one_partner() {
    let setup = succeeded(&["chess", "generate", "--seed", "12"])
        .trim()
        .to_string();
    let parsed: Setup = setup.parse().unwrap();
    let json: serde_json::Value =
        serde_json::from_str(&succeeded(&["chess", "pairs", "--json", &setup])).unwrap();
    let pairs = json["pairs"].as_array().unwrap();
    assert_eq!(pairs.len(), 32);
    let mut seen = HashSet::new();
    for pair in pairs {
        let squares = pair["squares"].as_array().unwrap();
        let (a, b) = (
            square(squares[0].as_str().unwrap()),
            square(squares[1].as_str().unwrap()),
        );
        let piece = parsed.piece_at(a);
        assert_eq!(parsed.piece_at(b), piece, "{pair}");
        assert_eq!(pair["piece"], piece.letter().to_string());
        assert_ne!(attacks(piece.kind, a) & b.bit(), 0, "{pair}: no attack");
        assert!(seen.insert(a) && seen.insert(b), "{pair}: a square twice");
    }
    assert_eq!(seen.len(), 64);

    // The text form says the same, one pair per line.
    let text = succeeded(&["chess", "pairs", &setup]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 32);
    for (line, pair) in lines.iter().zip(pairs) {
        let squares = pair["squares"].as_array().unwrap();
        let expected = format!(
            "{} {} {}",
            squares[0].as_str().unwrap(),
            squares[1].as_str().unwrap(),
            pair["piece"].as_str().unwrap()
        );
        assert_eq!(*line, expected);
    }
}

#[test]
fn pairs_of_an_invalid_setup_is_a_one_line_error() {
    let setup = succeeded(&["chess", "generate", "--seed", "12"])
        .trim()
        .to_string();
    let mut letters: Vec<char> = setup.chars().collect();
    let other = (1..64).find(|&i| letters[i] != letters[0]).unwrap();
    letters.swap(0, other);
    let broken: String = letters.into_iter().collect();
    let out = gridforge(&["chess", "pairs", &broken]);
    // No pairing, as a puzzle without one solution: exit 1 (README).
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let message = String::from_utf8(out.stderr).unwrap();
    assert_eq!(message.lines().count(), 1, "{message}");
    assert!(
        message.starts_with("gridforge: the setup is not valid:"),
        "{message}"
    );
}

#[test]
fn web_pack_bad_arguments_are_one_line() {
    for args in [
        &["chess", "web-pack", "--out", "x.json", "--count", "0"][..],
        &["chess", "web-pack"][..],
    ] {
        let out = gridforge(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&out.stderr).lines().count(), 1);
    }
    let out = gridforge(&[
        "chess",
        "web-pack",
        "--out",
        "/nonexistent/dir/x.json",
        "--count",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let message = String::from_utf8(out.stderr).unwrap();
    assert!(
        message.starts_with("gridforge: cannot write /nonexistent/dir/x.json"),
        "{message}"
    );
}
