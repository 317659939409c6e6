//! Issue 38, step 5, as the attacker's script, on both backends (a real
//! SQLite file and a real PostgreSQL): the daily ChessMemory has no board
//! to learn in advance.
//!
//! The script maps the day's board the way the issue found it could: with
//! throwaway player ids, as many games as it likes, each turning all 64
//! squares (the server's clock is moved instead of sleeping, so the real
//! pace limits are what it meets). Then it plays a new game with a fresh id
//! using its map: the pieces it expects and the pairs it turns hit at the
//! rate chance gives, because every game has its own board. Nor is the new
//! board one of the 16 symmetric variants of a mapped one.
//!
//! A player who does know a game's board (here the test itself, reading
//! the daily secret from the database as an insider with a leak would)
//! plays the perfect game, 32 moves: it is held for review, in the review
//! queue with its reason, and on no public table, while an honest game
//! played after it is on the table alone.

use gridforge_chessmemory::{attacks, solve, Piece, Setup, Square, Symmetry};
use gridforge_server::clock::Clock;
use gridforge_server::dailies::{Dailies, Day, SECRET_NAME};
use gridforge_server::daily::chess::{game_board, PERFECT_MOVES};
use reqwest::StatusCode;
use serde_json::{json, Value};
use std::collections::HashMap;

#[macro_use]
mod common {
    #[macro_use]
    pub mod harness;
    pub mod postgres;
}
use common::harness::{test_db, Backend, TestServer};

/// Games the mapper plays to the last square, each with its own throwaway id.
const MAPS: usize = 5;
/// Squares of 64 a new game may share with a map (or a variant of one)
/// before it counts as learned: chance gives about 8 (the same piece on
/// one square in eight), a board learned in advance 64.
const CHANCE_SQUARES: usize = 24;
/// Of the 32 pairs a map predicts, how many may hold in a new game: chance
/// gives about 1.3 (a binomial tail of 9 or more is about 3 in a million).
const CHANCE_PAIRS: usize = 8;

/// One game through the API, turning squares at the pace the server asks
/// (the clock moved by each answer's `wait_ms`).
struct Game<'s> {
    server: &'s TestServer,
    date: String,
    id: String,
}

impl<'s> Game<'s> {
    /// Starts a game for `player` and checks what the start says.
    async fn start(server: &'s TestServer, date: &str, player: &str) -> (Game<'s>, Value) {
        let (status, started) = server
            .post(
                &format!("/api/chess/daily/{date}/start"),
                &json!({"player": player, "name": player}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{started}");
        let id = started["game"].as_str().unwrap().to_string();
        (
            Game {
                server,
                date: date.to_string(),
                id,
            },
            started,
        )
    }

    /// Turns `square` over: the answer.
    async fn turn(&self, square: usize) -> Value {
        let (status, body) = self
            .server
            .post(
                &format!("/api/chess/daily/{}/turn", self.date),
                &json!({"game": self.id, "square": square}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "square {square}: {body}");
        self.server.clock.shift(body["wait_ms"].as_i64().unwrap());
        body
    }
}

/// The piece letter of an answer.
fn piece_of(answer: &Value) -> char {
    answer["piece"].as_str().unwrap().chars().next().unwrap()
}

/// The 32 partner pairs of a board, as text positions (0 = a8).
fn pairs_of(board: &Setup) -> Vec<(usize, usize)> {
    let outcome = solve(board, 2, 1_000_000).expect("solved in budget");
    assert_eq!(
        outcome.solutions.len(),
        1,
        "a valid board pairs off one way"
    );
    outcome.solutions[0]
        .pairs
        .iter()
        .map(|&(a, b)| (a.text_position(), b.text_position()))
        .collect()
}

/// The 16 variants of a board: its 8 symmetric images, each with and
/// without the colours swapped.
fn variants(board: &Setup) -> Vec<String> {
    Symmetry::ALL
        .iter()
        .flat_map(|s| {
            let image = s.apply(board).to_string();
            let swapped: String = image
                .chars()
                .map(|c| {
                    if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect();
            [image, swapped]
        })
        .collect()
}

/// Squares on which two boards' texts hold the same piece.
fn alike(a: &str, b: &str) -> usize {
    a.chars().zip(b.chars()).filter(|(x, y)| x == y).count()
}

/// Plays a game to its end as a person with a perfect memory would (who
/// knows the partner rule but not the board): a known pair first, else an
/// unseen square and, if its partner was seen, that partner. Returns the
/// last answer.
async fn play_from_memory(game: &Game<'_>) -> Value {
    let mut seen: HashMap<usize, char> = HashMap::new();
    let mut matched = [false; 64];
    let partner = |seen: &HashMap<usize, char>, matched: &[bool; 64], a: usize| {
        let letter = seen[&a];
        let kind = Piece::from_letter(letter).unwrap().kind;
        let sa = Square::from_text_position(a).unwrap();
        seen.iter().find_map(|(&b, &other)| {
            let sb = Square::from_text_position(b).unwrap();
            (b != a && !matched[b] && other == letter && attacks(kind, sa) & sb.bit() != 0)
                .then_some(b)
        })
    };
    let unseen = |seen: &HashMap<usize, char>| (0..64).find(|s| !seen.contains_key(s)).unwrap();
    loop {
        let known = (0..64).find(|&a| {
            !matched[a] && seen.contains_key(&a) && partner(&seen, &matched, a).is_some()
        });
        let first = known.unwrap_or_else(|| unseen(&seen));
        let answer = game.turn(first).await;
        seen.insert(first, piece_of(&answer));
        let second = partner(&seen, &matched, first).unwrap_or_else(|| unseen(&seen));
        let answer = game.turn(second).await;
        seen.insert(second, piece_of(&answer));
        if answer["result"] == "pair" {
            matched[first] = true;
            matched[second] = true;
        }
        if answer["done"] == true {
            return answer;
        }
    }
}

on_both_backends!(a_mapped_board_teaches_nothing_and_a_perfect_game_is_held);
async fn a_mapped_board_teaches_nothing_and_a_perfect_game_is_held(url: &str) {
    let clock = Clock::default();
    let server = TestServer::start_with(url, |config| config.clock = clock.clone()).await;
    let (_, today) = server.get("/api/chess/daily/today").await;
    let date = today["date"].as_str().unwrap().to_string();

    // The mapper: each throwaway id turns every square, two by two.
    let mut maps: Vec<String> = Vec::new();
    for n in 0..MAPS {
        let (game, started) = Game::start(&server, &date, &format!("throwaway-{n:04}")).await;
        assert_eq!(started["replay"], false, "a fresh id is never a replay");
        let mut board = ['?'; 64];
        for (square, cell) in board.iter_mut().enumerate() {
            *cell = piece_of(&game.turn(square).await);
        }
        let text: String = board.iter().collect();
        let setup: Setup = text.parse().expect("the turns showed 8 of each piece");
        assert!(gridforge_chessmemory::validate(&setup).is_empty(), "{text}");
        maps.push(text);
    }
    // Every mapped game had a board of its own: no two maps, nor any map
    // and another's variants, share more than chance does.
    for (i, a) in maps.iter().enumerate() {
        for b in &maps[i + 1..] {
            let setup: Setup = b.parse().unwrap();
            for variant in variants(&setup) {
                let same = alike(a, &variant);
                assert!(same < CHANCE_SQUARES, "two games alike on {same} squares");
            }
        }
    }

    // The attack: a fresh id plays by the first map, turning its 32 pairs
    // in order. The squares it expects and the pairs it turns hit at
    // chance.
    let map: Setup = maps[0].parse().unwrap();
    let (game, _) = Game::start(&server, &date, "mapper-attack-1").await;
    let mut board = ['?'; 64];
    let mut pairs_hit = 0;
    let mut last = Value::Null;
    for (a, b) in pairs_of(&map) {
        board[a] = piece_of(&game.turn(a).await);
        last = game.turn(b).await;
        board[b] = piece_of(&last);
        if last["result"] == "pair" {
            pairs_hit += 1;
        }
    }
    let played: String = board.iter().collect();
    let expected_hits = alike(&maps[0], &played);
    assert!(
        expected_hits < CHANCE_SQUARES,
        "the map foretold {expected_hits} of 64 squares"
    );
    assert!(
        pairs_hit < CHANCE_PAIRS,
        "the map's pairs held {pairs_hit} of 32 times"
    );
    assert_eq!(last["moves"], 32);
    assert_ne!(last["done"], true, "{last}");
    // Guessing the variant (the best fitting of 16, of any map) does no
    // better than chance either.
    let best_variant = maps
        .iter()
        .flat_map(|m| variants(&m.parse().unwrap()))
        .map(|v| alike(&v, &played))
        .max()
        .unwrap();
    assert!(
        best_variant < CHANCE_SQUARES,
        "a variant of a map foretold {best_variant} of 64 squares"
    );

    // The insider: with the daily secret, a game's board is known, and the
    // perfect game it allows is held.
    let store = gridforge_server::storage::open(url, 2)
        .await
        .expect("store");
    let secret = store
        .secret(SECRET_NAME, &[0; 32], clock.now_ms() as i64)
        .await
        .unwrap();
    let dailies = Dailies::new(&secret);
    let day = Day::parse(&date).unwrap();
    let (perfect, _) = Game::start(&server, &date, "insider-0001").await;
    let known = game_board(&dailies, day, &hex::decode(&perfect.id).unwrap()).unwrap();
    for (a, b) in pairs_of(&known) {
        let first = perfect.turn(a).await;
        assert_eq!(piece_of(&first), known.to_string().as_bytes()[a] as char);
        last = perfect.turn(b).await;
        assert_eq!(last["result"], "pair", "{last}");
    }
    assert_eq!(last["done"], true, "{last}");
    assert_eq!(last["moves"], PERFECT_MOVES);
    assert_eq!(last["counted"], true, "{last}");
    assert_eq!(last["under_review"], true, "{last}");
    assert_eq!(last["rank"], 1, "the rank it would have");
    let (_, table) = server
        .get(&format!(
            "/api/chess/daily/{date}/table?player=insider-0001"
        ))
        .await;
    assert_eq!(table["solvers"], 0, "{table}");
    assert_eq!(table["best"], json!([]), "{table}");
    assert_eq!(table["you"]["under_review"], true, "{table}");
    let queue = store.review_queue().await.unwrap();
    assert_eq!(queue.len(), 1, "{queue:?}");
    assert_eq!(queue[0].what, format!("chess/{date}/setup"));
    assert_eq!(queue[0].player.as_deref(), Some("insider-0001"));
    assert!(
        queue[0].reason.as_deref().unwrap().contains("perfect game"),
        "{queue:?}"
    );

    // An honest game, played from memory, counts and is not held; played
    // without an account it is told the rank it would have and, as every
    // anonymous game, stays off the public table (issue 38: only accounts
    // are listed).
    let (honest, _) = Game::start(&server, &date, "honest-player-1").await;
    let end = play_from_memory(&honest).await;
    let moves = end["moves"].as_i64().unwrap();
    assert!(moves > PERFECT_MOVES, "{end}");
    assert_eq!(end["counted"], true, "{end}");
    assert_eq!(end["under_review"], false, "{end}");
    assert_eq!(end["anonymous"], true, "{end}");
    assert_eq!(end["rank"], 1, "the rank it would have: {end}");
    let (_, table) = server
        .get(&format!(
            "/api/chess/daily/{date}/table?player=honest-player-1"
        ))
        .await;
    assert_eq!(table["solvers"], 0, "{table}");
    assert_eq!(table["best"], json!([]), "{table}");
    assert_eq!(table["you"]["moves"], moves, "{table}");
    assert_eq!(table["you"]["under_review"], false, "{table}");
    server.stop().await;
}
