//! The solving-path fixtures both sides read
//! (web-tests/unit/fixtures/solve-paths.json, also read by
//! web-tests/unit/solve-path.test.mjs), for the path tests of the game
//! crates, which include this file with `#[path]` (it needs serde_json).

use gridforge_game::PathError;
use serde_json::Value;
use std::str::FromStr;

const FIXTURES: &str = include_str!("../../../../web-tests/unit/fixtures/solve-paths.json");

/// The fixture file, parsed.
pub fn fixtures() -> Value {
    serde_json::from_str(FIXTURES).unwrap()
}

/// Parses every broken text of `game` (`kakuro` or `triplex`) as a `P` and
/// checks it is refused with the `PathError` variant the fixture names;
/// returns how many were checked.
pub fn check_refusals<P: FromStr<Err = PathError>>(game: &str) -> usize {
    let all = fixtures();
    let mut checked = 0;
    for fixture in all["invalid"].as_array().unwrap() {
        if fixture["game"] != game {
            continue;
        }
        let Err(error) = fixture["text"].as_str().unwrap().parse::<P>() else {
            panic!("{} was read", fixture["name"]);
        };
        let name = fixture["error"].as_str().unwrap();
        assert!(
            format!("{error:?}").starts_with(name),
            "{}: {error:?}, expected {name}",
            fixture["name"]
        );
        checked += 1;
    }
    checked
}
