//! `gridforge triplex stats`: where the solver and the players disagree
//! on a level's difficulty (no HTTP; the CLI reads the medians itself).

use crate::storage::LevelMedian;
use gridforge_triplex::pack::GameLevel;
use std::collections::HashMap;

/// One level in `gridforge triplex stats`: where the solver and the players
/// rank it among the levels with enough solves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Disagreement {
    /// The level number.
    pub number: usize,
    /// Its description.
    pub description: String,
    /// Width of the rectangle.
    pub width: usize,
    /// Height of the rectangle.
    pub height: usize,
    /// The solver's node count.
    pub difficulty: u64,
    /// Rank by difficulty, 1 the easiest (ties by level number).
    pub solver_rank: usize,
    /// The players' median time.
    pub median_ms: i64,
    /// Rank by median time, 1 the fastest (ties by level number).
    pub player_rank: usize,
    /// Solves without hints.
    pub solves: i64,
}

impl Disagreement {
    /// Players' rank minus solver's rank: positive when players find the
    /// level harder than the solver does.
    pub fn shift(&self) -> i64 {
        self.player_rank as i64 - self.solver_rank as i64
    }
}

/// The levels with at least `min_solves` solves without hints, ranked by
/// the solver and by the players, largest disagreement first (ties by level
/// number). Medians of levels not in `levels` are ignored.
pub fn disagreements(
    levels: &[GameLevel],
    medians: &[LevelMedian],
    min_solves: i64,
) -> Vec<Disagreement> {
    let by_description: HashMap<String, &GameLevel> =
        levels.iter().map(|g| (g.level.to_string(), g)).collect();
    let mut rows: Vec<Disagreement> = medians
        .iter()
        .filter(|m| m.solves >= min_solves)
        .filter_map(|m| {
            let g = by_description.get(&m.level)?;
            Some(Disagreement {
                number: g.number,
                description: m.level.clone(),
                width: g.level.width(),
                height: g.level.height(),
                difficulty: g.difficulty,
                solver_rank: 0,
                median_ms: m.median_ms,
                player_rank: 0,
                solves: m.solves,
            })
        })
        .collect();
    rows.sort_by_key(|r| (r.difficulty, r.number));
    for (i, r) in rows.iter_mut().enumerate() {
        r.solver_rank = i + 1;
    }
    rows.sort_by_key(|r| (r.median_ms, r.number));
    for (i, r) in rows.iter_mut().enumerate() {
        r.player_rank = i + 1;
    }
    rows.sort_by_key(|r| (std::cmp::Reverse(r.shift().abs()), r.number));
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn disagreements_rank_both_ways() {
        let levels: Vec<GameLevel> = ["4x2:v@,H,Lnw", "3x3:2h,v@,Lnw", "4x3:3v,H@,Lnw"]
            .iter()
            .enumerate()
            .filter_map(|(i, d)| {
                Some(GameLevel {
                    number: i + 1,
                    level: d.parse().ok()?,
                    difficulty: 10 * (i as u64 + 1),
                    solution: Vec::new(),
                })
            })
            .collect();
        assert_eq!(levels.len(), 3, "the sample levels parse");
        let median = |g: &GameLevel, median_ms, solves| LevelMedian {
            level: g.level.to_string(),
            solves,
            median_ms,
        };
        // Players find the easiest level the slowest.
        let mut medians: Vec<LevelMedian> = levels
            .iter()
            .enumerate()
            .map(|(i, g)| median(g, 1000 * (10 - i as i64), 5))
            .collect();
        medians.push(LevelMedian {
            level: "9x9:unknown".into(),
            solves: 9,
            median_ms: 1,
        });
        let rows = disagreements(&levels, &medians, 3);
        assert_eq!(rows.len(), levels.len());
        let n = levels.len();
        assert_eq!(rows[0].number, 1);
        assert_eq!((rows[0].solver_rank, rows[0].player_rank), (1, n));
        assert_eq!(rows[0].shift(), n as i64 - 1);
        // Too few solves leaves a level out.
        medians[0].solves = 2;
        assert!(disagreements(&levels, &medians, 3)
            .iter()
            .all(|r| r.number != 1));
    }
}
