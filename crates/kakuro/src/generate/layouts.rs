//! Layout choice: random layouts of the asked size and difficulty's share of
//! digit cells and longest run ([`crate::Layout::random`]), redrawn until one
//! passes the rules ([`draw_layout`]); on large boards the best of several
//! such draws, the one known likeliest to fill ([`choose_layout`]).

use super::{GenerateStats, RectParams};
use crate::layout::Layout;
use rand_chacha::ChaCha8Rng;

/// Draws layouts for `params` until one passes the rules, counting every
/// draw in `stats.layout_draws`; None once that count reaches `max_draws`.
pub(super) fn draw_layout(
    params: &RectParams,
    rng: &mut ChaCha8Rng,
    stats: &mut GenerateStats,
    max_draws: u32,
) -> Option<Layout> {
    let facts = params.difficulty.grade().level;
    while stats.layout_draws < max_draws {
        stats.layout_draws += 1;
        let layout = Layout::random(
            params.rows,
            params.cols,
            facts.digit_share,
            facts.max_run,
            rng,
        );
        if layout.is_some() {
            return layout;
        }
    }
    None
}

/// Draws up to `choices` layouts for `params` (as [`draw_layout`], all
/// within `max_draws` draws in all) and keeps the one whose runs are the
/// shortest on average; None when no draw passed the rules.
///
/// Why: on 30×30 expert boards (112 layouts of seeds 0–59) the climb made a
/// puzzle on 82 % of the layouts in the quarter with the shortest mean run
/// (3.2 to 3.5 cells), in about 2,100 changes, and on 29 % of those in the
/// longest quarter (3.7 to 4.0), in about 9,300. Long runs and wide blocks of
/// digit cells give sums with many combinations that no single change of a
/// digit settles. A layout costs a few milliseconds; a failed climb costs
/// hundreds.
pub(super) fn choose_layout(
    params: &RectParams,
    rng: &mut ChaCha8Rng,
    stats: &mut GenerateStats,
    max_draws: u32,
    choices: u32,
) -> Option<Layout> {
    let mut best: Option<(usize, Layout)> = None;
    for _ in 0..choices {
        let Some(layout) = draw_layout(params, rng, stats, max_draws) else {
            break;
        };
        let score = mean_run_millicells(&layout);
        if best.as_ref().is_none_or(|(least, _)| score < *least) {
            best = Some((score, layout));
        }
    }
    best.map(|(_, layout)| layout)
}

/// The mean length of `layout`'s runs, in thousandths of a cell.
fn mean_run_millicells(layout: &Layout) -> usize {
    let (mut cells, mut runs) = (0, 0);
    for row in 1..layout.rows() {
        for col in 1..layout.cols() {
            if layout.is_digit(row, col) {
                // A digit cell counts in two runs; it starts one on each
                // side with a non-digit cell before it.
                cells += 2;
                runs += usize::from(!layout.is_digit(row - 1, col));
                runs += usize::from(!layout.is_digit(row, col - 1));
            }
        }
    }
    cells * 1000 / runs.max(1)
}
