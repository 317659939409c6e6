//! Kakuro in the shape every gridforge game has ([`gridforge_game::Game`]).

use crate::board::{Board, ParseError, Solution};
use crate::generate::{generate, GenerateError, Generated, RectParams};
use crate::logic::{Difficulty, LevelFacts, DIFFICULTIES};
use crate::search::{solve, SearchStats, SolveError, SolveOutcome};
use crate::validate::{validate, Violation};
use gridforge_game::{Game, Grade};

/// Kakuro as a [`Game`]: a [`Board`] is the puzzle and the position validated
/// (digits written in are checked), the search counts solutions within a node
/// budget, and [`generate`] makes a puzzle of a size and difficulty.
#[derive(Clone, Copy, Debug, Default)]
pub struct Kakuro;

impl Game for Kakuro {
    const NAME: &'static str = "kakuro";
    type Params = RectParams;
    type Puzzle = Board;
    type ParseError = ParseError;
    type Position<'a> = &'a Board;
    type Violation = Violation;
    type Solution = Solution;
    type Stats = SearchStats;
    type SolveError = SolveError;
    type Generated = Generated;
    type GenerateError = GenerateError;
    type Difficulty = Difficulty;
    type Level = LevelFacts;

    const DIFFICULTIES: &'static [Grade<Difficulty, LevelFacts>] = &DIFFICULTIES;

    fn validate(board: &Board) -> Vec<Violation> {
        validate(board)
    }

    fn solve(board: &Board, limit: usize, budget: u64) -> Result<SolveOutcome, SolveError> {
        solve(board, limit, budget)
    }

    fn generate(params: &RectParams, seed: u64) -> Result<Generated, GenerateError> {
        generate(params, seed)
    }
}
