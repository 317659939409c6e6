//! ChessMemory in the shape every gridforge game has ([`gridforge_game::Game`]).

use crate::generate::{generate, GenerateError, GenerateParams, Generated};
use crate::setup::{ParseSetupError, Setup};
use crate::solve::{solve, Pairing, SolveError, SolveOutcome, SolveStats};
use crate::validate::{validate, Violation};
use gridforge_game::{Game, Grade};

/// ChessMemory as a [`Game`]: a [`Setup`] is the puzzle and the position
/// validated, its solution is its [`Pairing`] into 32 partner pairs (see
/// [`solve`](crate::solve())), and [`generate`](crate::generate()) makes a valid setup
/// with a method and its budgets. Setups have no difficulty levels, so the
/// table is empty.
#[derive(Clone, Copy, Debug, Default)]
pub struct ChessMemory;

impl Game for ChessMemory {
    const NAME: &'static str = "chess";
    type Params = GenerateParams;
    type Puzzle = Setup;
    type ParseError = ParseSetupError;
    type Position<'a> = &'a Setup;
    type Violation = Violation;
    type Solution = Pairing;
    type Stats = SolveStats;
    type SolveError = SolveError;
    type Generated = Generated;
    type GenerateError = GenerateError;
    type Difficulty = ();
    type Level = ();

    const DIFFICULTIES: &'static [Grade<(), ()>] = &[];

    fn validate(setup: &Setup) -> Vec<Violation> {
        validate(setup)
    }

    fn solve(setup: &Setup, limit: usize, budget: u64) -> Result<SolveOutcome, SolveError> {
        solve(setup, limit, budget)
    }

    fn generate(params: &GenerateParams, seed: u64) -> Result<Generated, GenerateError> {
        generate(params, seed)
    }
}
