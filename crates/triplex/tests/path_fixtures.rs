//! The solving-path fixtures the web client's encoder is tested against
//! (web-tests/unit/fixtures/solve-paths.json, read by
//! web-tests/unit/solve-path.test.mjs too): the Rust side decodes every
//! Triplex text to the fixture's events, writes the same text back, and
//! refuses the broken texts with the error the fixture names.

use gridforge_game::Timing;
use gridforge_triplex::pack::game_levels;
use gridforge_triplex::path::replay;
use gridforge_triplex::{placements_from_grid, TriplexAction, TriplexEvent, TriplexPath};
use serde_json::Value;

#[path = "../../game/tests/common/path_fixtures.rs"]
mod path_fixtures;
use path_fixtures::{check_refusals, fixtures};

fn events_of(fixture: &Value) -> Vec<TriplexEvent> {
    fixture["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            let piece = e["piece"].as_u64().unwrap() as usize;
            let action = match e["cells"].as_array() {
                None => TriplexAction::Remove { piece },
                Some(cells) => TriplexAction::Place {
                    piece,
                    cells: cells.iter().map(|c| c.as_u64().unwrap() as usize).collect(),
                },
            };
            TriplexEvent {
                t_ms: e["t"].as_u64().unwrap(),
                action,
            }
        })
        .collect()
}

#[test]
fn every_triplex_fixture_decodes_to_its_events_and_back() {
    let all = fixtures();
    let triplex = all["triplex"].as_array().unwrap();
    assert!(triplex.len() >= 2);
    for fixture in triplex {
        let text = fixture["text"].as_str().unwrap();
        let path: TriplexPath = text.parse().unwrap();
        assert_eq!(path.events, events_of(fixture), "{}", fixture["name"]);
        assert_eq!(path.to_string(), text, "{}", fixture["name"]);
    }
}

#[test]
fn the_first_fixture_solves_level_one() {
    let all = fixtures();
    let path: TriplexPath = all["triplex"][0]["text"].as_str().unwrap().parse().unwrap();
    let game = game_levels().unwrap().swap_remove(0);
    let solution = placements_from_grid(&game.level, &game.solution.join("/")).unwrap();
    let timing = Timing {
        solve_ms: 5_400,
        slack_ms: 500,
    };
    let stats = replay(&game.level, &solution, &path, timing).unwrap();
    assert_eq!((stats.placements, stats.corrections), (4, 1));
}

#[test]
fn broken_triplex_texts_are_refused_with_the_named_error() {
    let checked = check_refusals::<TriplexPath>("triplex");
    assert!(checked >= 3, "{checked}");
}
