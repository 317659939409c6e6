//! Seeded generators of valid setups: the author's restart method (the baseline) and
//! a backtracking search with propagation (the default).

mod backtrack;
mod restart;

use crate::Setup;
use std::fmt;

/// How a setup is generated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Method {
    /// A depth-first search that steps back any number of placements, places the
    /// pair for the most constrained square next and prunes as soon as some square or
    /// piece has no room left. Reports search nodes.
    #[default]
    Backtrack,
    /// The original "compromise": kinds in the order queens, knights, bishops, rooks,
    /// each pair placed greedily at random, and a fresh start at any dead end.
    /// Reports restarts. Kept as the baseline.
    Restart,
}

impl Method {
    /// The method's name as the CLI and JSON write it: `backtrack` or `restart`.
    pub const fn name(self) -> &'static str {
        match self {
            Method::Backtrack => "backtrack",
            Method::Restart => "restart",
        }
    }
}

/// Writes [`Method::name`].
impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The default most search nodes [`Method::Backtrack`] may visit for one setup; a
/// typical setup needs well under a hundred.
pub const DEFAULT_NODE_BUDGET: u64 = 1_000_000;

/// The default most restarts [`Method::Restart`] may make for one setup; it needs
/// thousands on average.
pub const DEFAULT_RESTART_BUDGET: u64 = 10_000_000;

/// What [`generate`] is asked for: a method and the work it may spend.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GenerateParams {
    /// The generator to run.
    pub method: Method,
    /// Most search nodes for [`Method::Backtrack`] before it gives up with an error.
    pub node_budget: u64,
    /// Most restarts for [`Method::Restart`] before it gives up with an error.
    pub restart_budget: u64,
}

impl Default for GenerateParams {
    /// The backtracking method with the default budgets.
    fn default() -> GenerateParams {
        GenerateParams {
            method: Method::default(),
            node_budget: DEFAULT_NODE_BUDGET,
            restart_budget: DEFAULT_RESTART_BUDGET,
        }
    }
}

/// How much work a generator spent on one setup.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Effort {
    /// Search nodes (pair placements tried) of [`Method::Backtrack`].
    Nodes(u64),
    /// Dead ends that made [`Method::Restart`] start over (0 if the first try worked).
    Restarts(u64),
}

/// A generated setup and what it cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Generated {
    /// The setup; always valid.
    pub setup: Setup,
    /// The method that made it.
    pub method: Method,
    /// The work it took.
    pub effort: Effort,
}

/// Why no setup was generated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    /// The backtracking search visited its whole node budget without finishing.
    #[error("the backtracking search gave up after its budget of {budget} nodes")]
    NodeBudgetExhausted {
        /// The budget that ran out.
        budget: u64,
    },
    /// The restart method hit its restart budget without finishing.
    #[error("the restart method gave up after its budget of {budget} restarts")]
    RestartBudgetExhausted {
        /// The budget that ran out.
        budget: u64,
    },
    /// The backtracking search tried everything and found no setup. Valid setups
    /// exist, so this would mean a bug in the search; it is reported, not hidden.
    #[error("the backtracking search exhausted every possibility without a setup")]
    SearchExhausted,
    /// A generated setup broke the pairing rule ([`crate::validate`] found
    /// pieces without exactly one partner). Generators make valid setups, so
    /// this would mean a bug; [`crate::generate_for_game`] checks every board
    /// it hands out and reports one rather than serve it.
    #[error("a generated setup breaks the pairing rule at {violations} squares")]
    Invalid {
        /// How many pieces lack exactly one partner.
        violations: usize,
    },
}

/// Generates a valid setup with `params.method`; the same seed and params always give
/// the same setup.
pub fn generate(params: &GenerateParams, seed: u64) -> Result<Generated, GenerateError> {
    match params.method {
        Method::Backtrack => {
            let (setup, nodes) = backtrack::generate(seed, params.node_budget)?;
            Ok(Generated {
                setup,
                method: Method::Backtrack,
                effort: Effort::Nodes(nodes),
            })
        }
        Method::Restart => {
            let (setup, restarts) = restart::generate(seed, params.restart_budget)?;
            Ok(Generated {
                setup,
                method: Method::Restart,
                effort: Effort::Restarts(restarts),
            })
        }
    }
}

/// Picks the `n`-th set bit of `board` (counting from the lowest, `n` below its
/// population count) and returns its index.
#[inline]
fn nth_set_bit(mut board: u64, n: u32) -> u32 {
    for _ in 0..n {
        board &= board - 1;
    }
    board.trailing_zeros()
}
