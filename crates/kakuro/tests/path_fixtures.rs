//! The solving-path fixtures the web client's encoder is tested against
//! (web-tests/unit/fixtures/solve-paths.json, read by
//! web-tests/unit/solve-path.test.mjs too): the Rust side decodes every
//! Kakuro text to the fixture's events, writes the same text back, and
//! refuses the broken texts with the error the fixture names.

use gridforge_kakuro::path::replay;
use gridforge_kakuro::{Board, KakuroEvent, KakuroPath, Solution, Timing};
use serde_json::Value;

#[path = "../../game/tests/common/path_fixtures.rs"]
mod path_fixtures;
use path_fixtures::{check_refusals, fixtures};

fn events_of(fixture: &Value) -> Vec<KakuroEvent> {
    fixture["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            let digit = e["digit"].as_u64().unwrap() as u8;
            KakuroEvent {
                t_ms: e["t"].as_u64().unwrap(),
                cell: e["cell"].as_u64().unwrap() as usize,
                digit: (digit != 0).then_some(digit),
            }
        })
        .collect()
}

#[test]
fn every_kakuro_fixture_decodes_to_its_events_and_back() {
    let all = fixtures();
    let kakuro = all["kakuro"].as_array().unwrap();
    assert!(kakuro.len() >= 2);
    for fixture in kakuro {
        let text = fixture["text"].as_str().unwrap();
        let path: KakuroPath = text.parse().unwrap();
        assert_eq!(path.events, events_of(fixture), "{}", fixture["name"]);
        assert_eq!(path.to_string(), text, "{}", fixture["name"]);
    }
}

#[test]
fn the_first_fixture_solves_the_docs_puzzle() {
    let all = fixtures();
    let path: KakuroPath = all["kakuro"][0]["text"].as_str().unwrap().parse().unwrap();
    let puzzle: Board = "3 3\n- 4, 6,\n,3 0 0\n,7 0 0".parse().unwrap();
    let solution: Solution = "3 3\n- - -\n- 1 2\n- 3 4".parse().unwrap();
    let timing = Timing {
        solve_ms: 8_600,
        slack_ms: 500,
    };
    let stats = replay(&puzzle, &solution, &path, timing).unwrap();
    assert_eq!((stats.placements, stats.corrections), (5, 1));
}

#[test]
fn broken_kakuro_texts_are_refused_with_the_named_error() {
    let checked = check_refusals::<KakuroPath>("kakuro");
    assert!(checked >= 7, "{checked}");
}
