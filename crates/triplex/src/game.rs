//! Triplex in the shape every gridforge game has ([`gridforge_game::Game`]).

use crate::census::{census_rectangle, CensusOptions, RectangleCensus};
use crate::error::{CensusError, ParseError, PlacementError, SolveError};
use crate::level::{Level, Placement, Solution};
use crate::solve::{solve, SolveOutcome, SolveStats, DEFAULT_NODE_BUDGET};
use gridforge_game::{Game, Grade};

/// What [`Triplex::generate`] is asked for: the census of one rectangle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CensusParams {
    /// Width of the rectangle.
    pub width: usize,
    /// Height of the rectangle.
    pub height: usize,
    /// Node budget of each solver run.
    pub node_budget: u64,
}

impl CensusParams {
    /// The census of a `width`×`height` rectangle with the default node budget.
    pub fn rectangle(width: usize, height: usize) -> CensusParams {
        CensusParams {
            width,
            height,
            node_budget: DEFAULT_NODE_BUDGET,
        }
    }
}

/// Triplex as a [`Game`]: a [`Level`] is the puzzle, a level with the
/// player's placements is the position validated, the solver counts tilings
/// within a node budget, and generating is the census of one rectangle (every
/// level it has, easiest first; the seed picks the orientations rotatable
/// pieces are shown in). Triplex has no difficulty levels: a level's difficulty
/// is its solver node count ([`crate::CensusLevel::difficulty`]), so its table is empty.
#[derive(Clone, Copy, Debug, Default)]
pub struct Triplex;

impl Game for Triplex {
    const NAME: &'static str = "triplex";
    type Params = CensusParams;
    type Puzzle = Level;
    type ParseError = ParseError;
    type Position<'a> = (&'a Level, &'a [Placement]);
    type Violation = PlacementError;
    type Solution = Solution;
    type Stats = SolveStats;
    type SolveError = SolveError;
    type Generated = RectangleCensus;
    type GenerateError = CensusError;
    type Difficulty = ();
    type Level = ();

    const DIFFICULTIES: &'static [Grade<(), ()>] = &[];

    fn validate((level, placements): (&Level, &[Placement])) -> Vec<PlacementError> {
        level.check_placements(placements)
    }

    fn solve(level: &Level, limit: usize, budget: u64) -> Result<SolveOutcome, SolveError> {
        solve(level, limit, budget)
    }

    fn generate(params: &CensusParams, seed: u64) -> Result<RectangleCensus, CensusError> {
        let options = CensusOptions {
            seed,
            node_budget: params.node_budget,
        };
        census_rectangle(params.width, params.height, &options)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generate_is_the_census_of_one_rectangle() {
        let (levels, report) = Triplex::generate(&CensusParams::rectangle(4, 3), 0).unwrap();
        assert_eq!((report.width, report.height), (4, 3));
        assert_eq!(levels.len(), report.levels);
        assert!(!levels.is_empty());
        for found in &levels {
            let outcome = Triplex::solve(&found.level, 2, DEFAULT_NODE_BUDGET).unwrap();
            assert_eq!(outcome.uniqueness(), gridforge_game::Uniqueness::Unique);
            let placements = &outcome.solutions[0].placements;
            assert_eq!(Triplex::validate((&found.level, placements)), []);
        }
        assert!(Triplex::generate(&CensusParams::rectangle(5, 1), 0).is_err());
    }
}
