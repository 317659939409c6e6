//! `gridforge chess …` end to end: the real binary, its output and exit codes.

use gridforge_chessmemory::{validate, Setup};

mod common;
use common::{gridforge, stderr, stdout};

fn generated_setup(seed: u64) -> String {
    let output = gridforge(&["chess", "generate", "--seed", &seed.to_string()]);
    assert!(output.status.success(), "{}", stderr(&output));
    stdout(&output).trim().to_string()
}

#[test]
fn generate_json_gives_one_valid_setup_per_line() {
    for (method, effort) in [("backtrack", "nodes"), ("restart", "restarts")] {
        let output = gridforge(&[
            "chess", "generate", "--count", "3", "--seed", "9", "--method", method, "--json",
        ]);
        assert!(output.status.success(), "{}", stderr(&output));
        let text = stdout(&output);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 3, "{text}");
        for line in lines {
            let value: serde_json::Value = serde_json::from_str(line).expect("valid JSON");
            assert!(line.starts_with(r#"{"setup":""#), "{line}");
            let object = value.as_object().expect("an object");
            assert_eq!(object.len(), 3, "{line}");
            assert_eq!(object["method"], method, "{line}");
            assert!(object[effort].is_u64(), "{line}");
            let setup: Setup = object["setup"].as_str().unwrap().parse().unwrap();
            assert!(validate(&setup).is_empty(), "{line}");
        }
    }
}

#[test]
fn generate_is_seeded_across_batches() {
    let output = gridforge(&["chess", "generate", "--count", "600", "--seed", "100"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 600);
    // Setup i comes from seed 100 + i, also past the first parallel batch.
    for i in [0, 1, 511, 512, 599] {
        assert_eq!(lines[i], generated_setup(100 + i as u64), "line {i}");
    }
    assert_ne!(lines[0], lines[1]);
}

#[test]
fn check_accepts_a_valid_setup() {
    let setup = generated_setup(4);
    let output = gridforge(&["chess", "check", &setup]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(stdout(&output), "valid\n");
}

#[test]
fn check_lists_every_violation_and_exits_1() {
    let setup = generated_setup(4);
    let mut letters: Vec<char> = setup.chars().collect();
    let other = (1..64).find(|&i| letters[i] != letters[0]).unwrap();
    letters.swap(0, other);
    let broken: String = letters.into_iter().collect();
    let expected = validate(&broken.parse().unwrap());
    assert!(expected.len() >= 2);

    let output = gridforge(&["chess", "check", &broken]);
    assert_eq!(output.status.code(), Some(1));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    let expected_lines: Vec<String> = expected.iter().map(ToString::to_string).collect();
    assert_eq!(lines, expected_lines, "{text}");
    for line in lines {
        assert!(line.contains("partner"), "{line}");
    }

    let output = gridforge(&["chess", "check", "--json", &broken]);
    assert_eq!(output.status.code(), Some(1));
    let value: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(value["valid"], false);
    assert_eq!(
        value["violations"].as_array().unwrap().len(),
        expected.len()
    );
}

#[test]
fn check_reads_a_file() {
    let setup = generated_setup(8);
    let path = std::env::temp_dir().join(format!("gridforge-chess-{}.txt", std::process::id()));
    std::fs::write(&path, format!("{setup}\n")).unwrap();
    let output = gridforge(&["chess", "check", path.to_str().unwrap()]);
    std::fs::remove_file(&path).unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(stdout(&output), "valid\n");
}

#[test]
fn bad_text_is_a_one_line_error() {
    let setup = generated_setup(4);
    let with_king = format!("K{}", &setup[1..]);
    for (bad, says) in [("xyz", "64 characters"), (with_king.as_str(), "'K' at a8")] {
        for command in ["check", "symmetries"] {
            let output = gridforge(&["chess", command, bad]);
            assert!(!output.status.success(), "{command} {bad}");
            assert_eq!(output.status.code(), Some(2));
            let message = stderr(&output);
            assert_eq!(message.lines().count(), 1, "{message}");
            assert!(message.starts_with("gridforge: "), "{message}");
            assert!(message.contains(says), "{message}");
            assert!(stdout(&output).is_empty());
        }
    }
}

#[test]
fn symmetries_prints_eight_valid_images() {
    let setup = generated_setup(6);
    let output = gridforge(&["chess", "symmetries", &setup]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 8, "{text}");
    let mut images = std::collections::HashSet::new();
    for line in &lines {
        let image = line.split_whitespace().last().unwrap();
        let parsed: Setup = image.parse().unwrap();
        assert!(validate(&parsed).is_empty(), "{line}");
        images.insert(image.to_string());
    }
    assert!(lines[0].starts_with("identity") && lines[0].ends_with(&setup));
    assert_eq!(images.len(), 8);

    let output = gridforge(&["chess", "symmetries", "--json", &setup]);
    let json_lines: Vec<serde_json::Value> = stdout(&output)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(json_lines.len(), 8);
    assert_eq!(json_lines[1]["symmetry"], "rotate-90");
}

#[test]
fn bad_arguments_are_one_line() {
    let output = gridforge(&["chess", "generate", "--method", "greedy"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stderr(&output).lines().count(), 1, "{}", stderr(&output));
    let output = gridforge(&["chess", "generate", "--count", "0"]);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn every_reading_command_refuses_what_is_not_a_setup() {
    for command in ["check", "symmetries", "pairs"] {
        common::check_bad_inputs(&["chess", command, "{}"]);
    }
}

#[test]
fn exit_codes_follow_one_rule() {
    let valid = generated_setup(2);
    // Swapping the first two different letters breaks the pairing.
    let mut broken: Vec<char> = valid.chars().collect();
    let other = broken.iter().position(|&c| c != broken[0]).unwrap();
    broken.swap(0, other);
    let broken: String = broken.into_iter().collect();
    assert_eq!(
        gridforge(&["chess", "check", &valid]).status.code(),
        Some(0)
    );
    assert_eq!(
        gridforge(&["chess", "pairs", &valid]).status.code(),
        Some(0)
    );
    assert_eq!(
        gridforge(&["chess", "symmetries", &valid]).status.code(),
        Some(0)
    );
    assert!(!validate(&broken.parse::<Setup>().unwrap()).is_empty());
    assert_eq!(
        gridforge(&["chess", "check", &broken]).status.code(),
        Some(1)
    );
    let output = gridforge(&["chess", "pairs", &broken]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(stderr(&output).lines().count(), 1);
    for args in [
        &["chess", "web-pack", "--out", "/dev/null", "--count", "0"][..],
        &[
            "chess",
            "web-pack",
            "--out",
            "/dev/null",
            "--count",
            "100001",
        ],
        &["chess", "generate", "--count", "-1"],
    ] {
        assert_eq!(gridforge(args).status.code(), Some(2), "{args:?}");
    }
}
