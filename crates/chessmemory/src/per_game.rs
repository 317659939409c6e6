//! Each daily game gets its own board: a fresh valid setup made by the day's
//! generator (the day's [`GenerateParams`]: its class of setups) from a seed
//! that mixes the day's seed with a per-game nonce.
//!
//! # Why a fresh setup, not one of the day's 16 variants
//!
//! The alternative is the day's setup under one of its 16 variants (8 board
//! symmetries, each with or without a colour swap). A player who has mapped
//! the day's setup once (with throwaway games) needs only a few squares of a
//! new game to tell which variant it is: the first square narrows the 16
//! variants to those that put that piece there, the second almost always to
//! one, and the other 62 squares are then known. Nothing of the game is left
//! to remember.
//!
//! A fresh setup leaves nothing to learn: two games share no more than two
//! random valid setups do: by chance about one square in eight holds the
//! same piece (8.4 of 64 on average over the tests' 100 pairs of games) and
//! about one of the 32 pairs is a pair in both (1.3), so a mapped board of
//! one game tells nothing about another. Every setup still obeys the pairing rule
//! (every generated setup does, and the tests check each with a validator
//! written apart from the generator), and every game of a day comes from the
//! same generator with the same budget, so the games are equally hard: a
//! Memory game's difficulty is the 64 face-down squares, not the layout.
//!
//! The cost is one generation and one rule check per game: a median of 32
//! to 42 µs (two runs on a shared 2-core machine) with the default
//! backtracking search (`cargo bench -p gridforge-chessmemory --bench
//! per_game`), far below a request's budget, so the server can make a board
//! at every start.
//!
//! # The nonce is a secret
//!
//! Whoever knows the day's seed and a game's nonce knows its board. The
//! server draws the nonce from the operating system's random source, keeps
//! it with the game and never sends it (not as the game id either); it may
//! then store only the nonce and make the board again when needed.

use crate::{generate, validate, GenerateError, GenerateParams, Generated};

/// SplitMix64's finaliser: a bijection of `u64` that spreads every input bit
/// over every output bit.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The generator seed of the game with nonce `game_nonce` on the day whose
/// seed is `day_seed`: different nonces give unrelated seeds (for a fixed
/// day the map from nonce to seed is a bijection, so two nonces never share
/// a seed).
pub fn game_seed(day_seed: u64, game_nonce: u64) -> u64 {
    mix(day_seed ^ mix(game_nonce.wrapping_add(0x9e37_79b9_7f4a_7c15)))
        .wrapping_add(0x6a09_e667_f3bc_c909)
}

/// The board of one daily game: a fresh valid setup made with the day's
/// `params` from [`game_seed`]`(day_seed, game_nonce)`; the same arguments
/// always give the same setup. Bounded by `params`' budget, like
/// [`generate`]. The board is checked with [`validate`] (the rule check, not
/// the generator's own bookkeeping) before it is handed out: a board that
/// broke the pairing rule would be [`GenerateError::Invalid`], never served.
pub fn generate_for_game(
    params: &GenerateParams,
    day_seed: u64,
    game_nonce: u64,
) -> Result<Generated, GenerateError> {
    let made = generate(params, game_seed(day_seed, game_nonce))?;
    match validate(&made.setup).len() {
        0 => Ok(made),
        violations => Err(GenerateError::Invalid { violations }),
    }
}
