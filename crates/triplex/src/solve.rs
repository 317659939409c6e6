//! The solver: a depth-first search that always fills the first empty cell.
//!
//! Wide boards are searched transposed, so rows run along the short side.
//! The board is a bitboard; each kind of piece has a table of its placements
//! anchored at every cell (the anchor is the shape's first cell in row-major
//! order), so a step is one table lookup and one AND. Identical pieces form one
//! kind with a count, so k identical pieces never yield k! copies of a
//! solution. A rotatable piece is handled by solving once per orientation: the
//! multisets differ, so their tilings never coincide and nothing is counted
//! twice.

use crate::bits::{Bits, Wide};
use crate::error::SolveError;
use crate::level::{Level, Placement, Solution};
use crate::piece::{Piece, Transform};

/// A node budget generous enough for every level up to area 64 while still
/// stopping a hopeless search in seconds.
pub const DEFAULT_NODE_BUDGET: u64 = 200_000_000;

/// What a search cost.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SolveStats {
    /// Search nodes visited: one per piece laid, plus one for the start.
    /// Deterministic, so it doubles as the level's difficulty.
    pub nodes: u64,
}

/// What a search found: up to `limit` solutions and its [`SolveStats`] (the
/// outcome type every gridforge game shares; `uniqueness()` claims `Unique`
/// only when the search could have found a second solution, limit ≥ 2).
pub type SolveOutcome = gridforge_game::SolveOutcome<Solution, SolveStats>;

/// Finds up to `limit` solutions of a level; `limit` 2 proves uniqueness.
///
/// Fails with [`SolveError::BudgetExceeded`] when the search would visit more
/// than `node_budget` nodes.
pub fn solve(level: &Level, limit: usize, node_budget: u64) -> Result<SolveOutcome, SolveError> {
    let mut groups = group_pieces(level);
    let mut report = SolveOutcome {
        solutions: Vec::new(),
        limit,
        stats: SolveStats::default(),
    };
    let Some(rot) = level.rotatable() else {
        solve_groups(
            level.width(),
            level.height(),
            &groups,
            node_budget,
            &mut report,
        )?;
        return Ok(report);
    };
    // Take the rotatable piece out of its group and try each orientation.
    for group in &mut groups {
        group.indices.retain(|&i| i != rot);
    }
    groups.retain(|g| !g.indices.is_empty());
    for shape in level.pieces()[rot].orientations() {
        if report.solutions.len() >= limit {
            break;
        }
        let mut with_rot = groups.clone();
        match with_rot.iter_mut().find(|g| g.shape == shape) {
            Some(g) => g.indices.push(rot),
            None => {
                with_rot.push(Group {
                    shape,
                    indices: vec![rot],
                });
                with_rot.sort_by(|a, b| a.shape.cmp(&b.shape));
            }
        }
        solve_groups(
            level.width(),
            level.height(),
            &with_rot,
            node_budget,
            &mut report,
        )?;
    }
    Ok(report)
}

/// Tiles a `width`×`height` rectangle with a multiset of fixed pieces, given as
/// `(shape, count)`; solutions number the pieces in the order given, each
/// shape's copies consecutively.
pub fn solve_multiset(
    width: usize,
    height: usize,
    multiset: &[(Piece, usize)],
    limit: usize,
    node_budget: u64,
) -> Result<SolveOutcome, SolveError> {
    let mut next = 0;
    let groups: Vec<Group> = multiset
        .iter()
        .filter(|(_, n)| *n > 0)
        .map(|(shape, n)| {
            let indices = (next..next + n).collect();
            next += n;
            Group {
                shape: shape.clone(),
                indices,
            }
        })
        .collect();
    let mut report = SolveOutcome {
        solutions: Vec::new(),
        limit,
        stats: SolveStats::default(),
    };
    solve_groups(width, height, &groups, node_budget, &mut report)?;
    Ok(report)
}

/// Identical pieces: one shape and the indices of the pieces that have it.
#[derive(Clone, Debug)]
struct Group {
    shape: Piece,
    indices: Vec<usize>,
}

fn group_pieces(level: &Level) -> Vec<Group> {
    let mut groups: Vec<Group> = Vec::new();
    for (i, piece) in level.pieces().iter().enumerate() {
        match groups.last_mut() {
            Some(g) if g.shape == *piece => g.indices.push(i),
            _ => groups.push(Group {
                shape: piece.clone(),
                indices: vec![i],
            }),
        }
    }
    groups
}

fn solve_groups(
    width: usize,
    height: usize,
    groups: &[Group],
    node_budget: u64,
    report: &mut SolveOutcome,
) -> Result<(), SolveError> {
    if width > height {
        // Filling row by row keeps the frontier one row wide, so search the
        // transposed board, whose rows are the short side, and map back.
        let transpose = Transform::new(1, true);
        let turned: Vec<Group> = groups
            .iter()
            .map(|g| Group {
                shape: g.shape.transformed(transpose),
                indices: g.indices.clone(),
            })
            .collect();
        let first_new = report.solutions.len();
        search_groups(height, width, &turned, node_budget, report)?;
        for solution in &mut report.solutions[first_new..] {
            for p in &mut solution.placements {
                p.shape = p.shape.transformed(transpose);
                std::mem::swap(&mut p.row, &mut p.col);
            }
        }
        return Ok(());
    }
    search_groups(width, height, groups, node_budget, report)
}

fn search_groups(
    width: usize,
    height: usize,
    groups: &[Group],
    node_budget: u64,
    report: &mut SolveOutcome,
) -> Result<(), SolveError> {
    let area = width * height;
    if area <= u64::CAPACITY {
        Search::<u64>::new(width, height, groups).run(node_budget, report)
    } else if area <= u128::CAPACITY {
        Search::<u128>::new(width, height, groups).run(node_budget, report)
    } else {
        Search::<Wide>::new(width, height, groups).run(node_budget, report)
    }
}

struct Search<'g, B: Bits> {
    width: usize,
    groups: &'g [Group],
    /// `table[g * area + cell]`: group g's shape anchored at `cell`, or empty.
    table: Vec<B>,
    area: usize,
    remaining: Vec<usize>,
    /// `(group, anchor cell)` of every piece laid so far.
    stack: Vec<(usize, usize)>,
    nodes: u64,
    budget: u64,
    limit: usize,
    found: Vec<Vec<(usize, usize)>>,
}

impl<'g, B: Bits> Search<'g, B> {
    fn new(width: usize, height: usize, groups: &'g [Group]) -> Self {
        let area = width * height;
        let mut table = vec![B::default(); groups.len() * area];
        for (g, group) in groups.iter().enumerate() {
            let shape = &group.shape;
            let (w, h) = (shape.width(), shape.height());
            let anchor_col = shape.cells().next().map(|c| c.1).unwrap_or(0);
            for row in 0..height {
                for col in 0..width {
                    if col < anchor_col || col - anchor_col + w > width || row + h > height {
                        continue;
                    }
                    let left = col - anchor_col;
                    table[g * area + row * width + col] =
                        shape.cells().fold(B::default(), |m, (r, c)| {
                            m.with((row + r) * width + left + c)
                        });
                }
            }
        }
        Search {
            width,
            groups,
            table,
            area,
            remaining: groups.iter().map(|g| g.indices.len()).collect(),
            stack: Vec::new(),
            nodes: 0,
            budget: 0,
            limit: 0,
            found: Vec::new(),
        }
    }

    fn run(mut self, node_budget: u64, report: &mut SolveOutcome) -> Result<(), SolveError> {
        self.limit = report.limit.saturating_sub(report.solutions.len());
        self.budget = node_budget.saturating_sub(report.stats.nodes);
        let total: usize = self
            .groups
            .iter()
            .map(|g| g.indices.len() * g.shape.size())
            .sum();
        let outcome = if total == self.area && self.limit > 0 {
            self.nodes = 1;
            // Cells past the board count as filled, so a full board is all ones.
            self.dfs(B::below(self.area).not())
        } else {
            Ok(())
        };
        report.stats.nodes += self.nodes;
        outcome.map_err(|_| SolveError::BudgetExceeded {
            nodes: report.stats.nodes,
        })?;
        for steps in &self.found {
            report.solutions.push(self.to_solution(steps));
        }
        Ok(())
    }

    fn dfs(&mut self, filled: B) -> Result<(), ()> {
        if filled == B::all() {
            self.found.push(self.stack.clone());
            return Ok(());
        }
        let cell = filled.trailing_ones();
        for g in 0..self.groups.len() {
            if self.remaining[g] == 0 {
                continue;
            }
            let mask = self.table[g * self.area + cell];
            if mask.is_empty() || !mask.disjoint(filled) {
                continue;
            }
            self.nodes += 1;
            if self.nodes > self.budget {
                return Err(());
            }
            self.remaining[g] -= 1;
            self.stack.push((g, cell));
            let result = self.dfs(filled.or(mask));
            self.stack.pop();
            self.remaining[g] += 1;
            result?;
            if self.found.len() >= self.limit {
                return Ok(());
            }
        }
        Ok(())
    }

    fn to_solution(&self, steps: &[(usize, usize)]) -> Solution {
        let mut used = vec![0usize; self.groups.len()];
        let mut placements: Vec<Placement> = steps
            .iter()
            .map(|&(g, cell)| {
                let group = &self.groups[g];
                let piece = group.indices[used[g]];
                used[g] += 1;
                let anchor_col = group.shape.cells().next().map(|c| c.1).unwrap_or(0);
                Placement {
                    piece,
                    shape: group.shape.clone(),
                    row: cell / self.width,
                    col: cell % self.width - anchor_col,
                }
            })
            .collect();
        placements.sort_by_key(|p| p.piece);
        Solution { placements }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gridforge_game::Uniqueness;

    fn level(text: &str) -> Level {
        text.parse().unwrap()
    }

    #[test]
    fn counts_without_duplicates_for_identical_pieces() {
        // 2x2 with two horizontal dominoes: exactly one tiling, not 2!.
        let report = solve(&level("2x2:2h"), 10, 1000).unwrap();
        assert_eq!(report.solutions.len(), 1);
        // 4x2 with four vertical dominoes: one way; with 2h+2v: h pair can sit
        // left, middle or right → 3 tilings.
        assert_eq!(
            solve(&level("4x2:4v"), 10, 1000).unwrap().solutions.len(),
            1
        );
        assert_eq!(
            solve(&level("4x2:2h,2v"), 10, 1000)
                .unwrap()
                .solutions
                .len(),
            3
        );
    }

    #[test]
    fn solutions_pass_the_placement_check() {
        for text in ["4x3:2h,v,Lnw,Lse", "4x2:2h,2v", "3x3:Lnw,Lse,H@"] {
            let lv = level(text);
            for s in solve(&lv, 10, 100_000).unwrap().solutions {
                assert_eq!(lv.check_placements(&s.placements), []);
            }
        }
    }

    #[test]
    fn rotatable_piece_takes_any_orientation() {
        // 3x1 with one straight tromino shown standing: only solvable turned.
        let fixed = solve(&level("3x3:V,V,V"), 2, 1000).unwrap();
        assert_eq!(fixed.uniqueness(), Uniqueness::Unique);
        let none = solve(&level("3x1:h,(#)"), 2, 1000).unwrap();
        assert_eq!(none.solutions.len(), 2);
        let turned = solve(&level("3x1:V@"), 2, 1000).unwrap();
        assert_eq!(turned.uniqueness(), Uniqueness::Unique);
        assert_eq!(turned.solutions[0].placements[0].shape.to_string(), "H");
    }

    #[test]
    fn one_solution_at_limit_one_proves_nothing() {
        let one = solve(&level("4x2:4v"), 1, 1000).unwrap();
        assert_eq!(one.solutions.len(), 1);
        assert_eq!(one.uniqueness(), Uniqueness::AtLeastOne);
        assert_eq!(
            solve(&level("4x2:2h,2v"), 1, 1000).unwrap().uniqueness(),
            Uniqueness::AtLeastOne
        );
    }

    #[test]
    fn budget_stops_the_search() {
        let err = solve(&level("8x8:16h,16v"), 2, 50).unwrap_err();
        assert_eq!(err, SolveError::BudgetExceeded { nodes: 51 });
    }

    #[test]
    fn wide_boards_use_wider_bitboards() {
        // 16x9 = 144 cells (Wide) and 10x10 (u128).
        let r = solve(&level("16x9:72v"), 2, 1_000_000);
        // 72 vertical dominoes cannot tile 9 rows.
        assert_eq!(r.unwrap().solutions.len(), 0);
        let r = solve(&level("16x8:64v"), 2, 1_000_000).unwrap();
        assert_eq!(r.uniqueness(), Uniqueness::Unique);
        let r = solve(&level("10x10:50h"), 2, 1_000_000).unwrap();
        assert_eq!(r.uniqueness(), Uniqueness::Unique);
    }
}
