//! Layout choice: random layouts of the asked size and difficulty's share of
//! digit cells and longest run ([`crate::Layout::random`]), redrawn until one
//! passes the rules.

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
