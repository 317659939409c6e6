//! The shape every gridforge game implements, after Simon Tatham's `struct game`:
//! one trait, [`Game`], that the compiler checks for Triplex, Kakuro and
//! ChessMemory, and the types the games share: one solve outcome
//! ([`SolveOutcome`] with its [`Uniqueness`]) and one row of a difficulty table
//! ([`Grade`], after the puzzles' `DIFFLIST`).
//!
//! A front end (the CLI, the server) that holds a `G: Game` can parse a puzzle,
//! validate it, solve it with a limit and a budget, and generate one from params
//! and a seed without knowing which game it is.
//!
//! [`path`] holds what the games share of solving paths: the wire format's
//! codec, the path statistics and the review flags.

#![deny(missing_docs)]

pub mod path;

pub use path::{review_flags, PathError, PathGame, PathStats, ReviewFlag, Timing};

use rayon::prelude::*;
use std::fmt;
use std::str::FromStr;

/// What a search can say about the number of solutions, given its limit.
///
/// One solution found with a limit of 1 proves nothing about uniqueness: that is
/// [`Uniqueness::AtLeastOne`], never [`Uniqueness::Unique`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Uniqueness {
    /// No solution.
    None,
    /// One solution found by a search that stopped at a limit of 1: there may be more.
    AtLeastOne,
    /// Exactly one solution (the search could have found a second one).
    Unique,
    /// Two or more solutions.
    Several,
}

impl Uniqueness {
    /// What `found` solutions mean for a search that stops at `limit`.
    pub fn of(found: usize, limit: usize) -> Uniqueness {
        match found {
            0 => Uniqueness::None,
            1 if limit >= 2 => Uniqueness::Unique,
            1 => Uniqueness::AtLeastOne,
            _ => Uniqueness::Several,
        }
    }

    /// Lower-case name, as the CLI and the API print it: `none`, `at-least-one`,
    /// `unique`, `several`.
    pub fn name(self) -> &'static str {
        match self {
            Uniqueness::None => "none",
            Uniqueness::AtLeastOne => "at-least-one",
            Uniqueness::Unique => "unique",
            Uniqueness::Several => "several",
        }
    }
}

/// Writes [`Uniqueness::name`].
impl fmt::Display for Uniqueness {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a bounded search found: up to `limit` solutions and what it cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolveOutcome<S, Stats> {
    /// Up to `limit` solutions, in the order the search met them.
    pub solutions: Vec<S>,
    /// The limit the search ran with.
    pub limit: usize,
    /// The game's search counters.
    pub stats: Stats,
}

impl<S, Stats> SolveOutcome<S, Stats> {
    /// None, at least one, unique or several, as far as the limit lets the
    /// search tell (see [`Uniqueness::of`]).
    pub fn uniqueness(&self) -> Uniqueness {
        Uniqueness::of(self.solutions.len(), self.limit)
    }
}

/// One row of a game's difficulty table (after the `DIFFLIST` of Tatham's
/// puzzles): the level, its name and one-letter code, and what the game's
/// solver and generator do at that level.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Grade<D, L> {
    /// The level.
    pub difficulty: D,
    /// Lower-case name, as the CLI, the API and the JSON packs write it.
    pub name: &'static str,
    /// One-letter code (for compact descriptions and seeds).
    pub code: char,
    /// The game's facts for this level: the hardest deduction its solver may
    /// use, and whatever the generator tunes by level.
    pub level: L,
}

/// The row of `table` for `difficulty`, if it has one.
pub fn grade_of<D: PartialEq, L>(table: &[Grade<D, L>], difficulty: D) -> Option<&Grade<D, L>> {
    table.iter().find(|grade| grade.difficulty == difficulty)
}

/// The row of `table` whose name is `text` (any case, trimmed).
pub fn grade_named<'t, D, L>(table: &'t [Grade<D, L>], text: &str) -> Option<&'t Grade<D, L>> {
    let text = text.trim();
    table
        .iter()
        .find(|grade| grade.name.eq_ignore_ascii_case(text))
}

/// The shape of a gridforge game: every engine crate implements it on a unit
/// type named for the game, so the names and signatures cannot drift apart.
pub trait Game {
    /// The game's name, lower case (`triplex`, `kakuro`, `chess`).
    const NAME: &'static str;

    /// What a generator is asked for (size, difficulty, method, budgets).
    type Params;
    /// A puzzle; its text description round-trips through `Display` and `FromStr`.
    type Puzzle: fmt::Display + FromStr<Err = Self::ParseError>;
    /// Why a text description does not parse (says what and where).
    type ParseError: std::error::Error;
    /// What [`Game::validate`] checks: a puzzle as played (with the player's answer).
    type Position<'a>;
    /// One broken rule.
    type Violation: fmt::Display;
    /// One solution of a puzzle.
    type Solution;
    /// The search's counters.
    type Stats;
    /// Why a search stopped without an answer (its budget ran out, a bad limit).
    type SolveError: std::error::Error;
    /// What a generator makes (the puzzle, its solution and its rating).
    type Generated;
    /// Why a generator made nothing.
    type GenerateError: std::error::Error;
    /// A difficulty level.
    type Difficulty: Copy + PartialEq + 'static;
    /// What the solver and the generator do at one difficulty level.
    type Level: 'static;

    /// The difficulty table, easiest first; empty for a game whose puzzles
    /// have no difficulty levels.
    const DIFFICULTIES: &'static [Grade<Self::Difficulty, Self::Level>];

    /// Every rule `position` breaks; empty when it breaks none.
    fn validate(position: Self::Position<'_>) -> Vec<Self::Violation>;

    /// Up to `limit` solutions of `puzzle` (limit 2 proves uniqueness); a
    /// budget (the game's unit of search work) turns a runaway search into an error.
    fn solve(
        puzzle: &Self::Puzzle,
        limit: usize,
        budget: u64,
    ) -> Result<SolveOutcome<Self::Solution, Self::Stats>, Self::SolveError>;

    /// A puzzle made from `params` and `seed`: the same arguments give the same puzzle.
    fn generate(params: &Self::Params, seed: u64) -> Result<Self::Generated, Self::GenerateError>;

    /// `count` puzzles made in parallel (rayon): puzzle `i` is
    /// `generate(params, first_seed + i)` (wrapping), so each can be made again
    /// alone. Results come back in seed order.
    fn generate_batch(
        params: &Self::Params,
        first_seed: u64,
        count: usize,
    ) -> Vec<Result<Self::Generated, Self::GenerateError>>
    where
        Self::Params: Sync,
        Self::Generated: Send,
        Self::GenerateError: Send,
    {
        (0..count)
            .into_par_iter()
            .map(|i| Self::generate(params, first_seed.wrapping_add(i as u64)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uniqueness_needs_a_limit_of_two() {
        assert_eq!(Uniqueness::of(0, 1), Uniqueness::None);
        assert_eq!(Uniqueness::of(1, 1), Uniqueness::AtLeastOne);
        assert_eq!(Uniqueness::of(1, 2), Uniqueness::Unique);
        assert_eq!(Uniqueness::of(2, 2), Uniqueness::Several);
        assert_eq!(Uniqueness::AtLeastOne.to_string(), "at-least-one");
    }

    #[test]
    fn grades_by_value_name_and_code() {
        const TABLE: [Grade<u8, u32>; 2] = [
            Grade {
                difficulty: 0,
                name: "easy",
                code: 'e',
                level: 10,
            },
            Grade {
                difficulty: 1,
                name: "hard",
                code: 'h',
                level: 20,
            },
        ];
        assert_eq!(grade_of(&TABLE, 1).map(|g| g.level), Some(20));
        assert_eq!(grade_of(&TABLE, 2), None);
        assert_eq!(grade_named(&TABLE, " Hard ").map(|g| g.difficulty), Some(1));
        assert_eq!(grade_named(&TABLE, "e"), None, "codes are not names");
        assert_eq!(grade_named(&TABLE, "medium"), None);
    }
}

/// Characters of the input an error message quotes at most ([`excerpt`]).
pub const EXCERPT_CHARS: usize = 40;

/// A short quote of `text` for an error message: the first
/// [`EXCERPT_CHARS`] characters, and `…` when there were more, so that a
/// huge input never comes back whole inside its error.
pub fn excerpt(text: &str) -> String {
    match text.char_indices().nth(EXCERPT_CHARS) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_string(),
    }
}

#[cfg(test)]
mod excerpt_tests {
    use super::*;

    #[test]
    fn long_text_is_cut_short_text_is_kept() {
        assert_eq!(excerpt("4x3:h"), "4x3:h");
        let long = "é".repeat(10_000);
        let quoted = excerpt(&long);
        assert_eq!(quoted.chars().count(), EXCERPT_CHARS + 1);
        assert!(quoted.ends_with('…'));
        assert_eq!(
            excerpt(&"a".repeat(EXCERPT_CHARS)),
            "a".repeat(EXCERPT_CHARS)
        );
    }
}
