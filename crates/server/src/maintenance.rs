//! The maintenance task (issue 39): every [`crate::Config::prune_every`]
//! it deletes what no longer serves anybody
//! ([`crate::storage::prune`]: ChessMemory games that never turned a
//! square, uncounted solves past the cap per player and daily), so that
//! anonymous writes cannot grow storage without bound. Every server of a
//! PostgreSQL cluster may run it: a second prune finds nothing to delete.

use crate::state::AppState;
use crate::storage::prune::{PrunePolicy, Pruned};
use std::time::Duration;

/// How long what is pruned is kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Retention {
    /// A ChessMemory game that never turned a square expires this long
    /// after its start.
    pub abandoned_after: Duration,
    /// Uncounted solves kept per player and daily.
    pub uncounted_per_daily: u32,
}

impl Retention {
    /// The policy as of `now_ms` (Unix ms, the server's clock).
    pub fn policy(&self, now_ms: u64) -> PrunePolicy {
        PrunePolicy {
            abandoned_before: (now_ms as i64)
                .saturating_sub(self.abandoned_after.as_millis() as i64),
            uncounted_per_daily: i64::from(self.uncounted_per_daily),
            tokens_expired_before: (now_ms as i64)
                .saturating_sub(crate::triplex::play::TOKEN_LIFETIME_MS as i64),
        }
    }
}

/// Starts the task (it runs until the runtime stops): a prune at once, then
/// one every `every`.
pub fn spawn(app: AppState, every: Duration, keep: Retention) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        loop {
            prune(&app, keep).await;
            tokio::time::sleep(every).await;
        }
    })
}

/// One prune, logged and counted in `gridforge_pruned_total{what}`.
pub async fn prune(app: &AppState, keep: Retention) -> Option<Pruned> {
    let policy = keep.policy(app.clock.now_ms());
    match app.store.prune(policy).await {
        Ok(pruned) => {
            metrics::counter!("gridforge_pruned_total", "what" => "abandoned_games")
                .increment(pruned.abandoned_games);
            metrics::counter!("gridforge_pruned_total", "what" => "uncounted_solves")
                .increment(pruned.uncounted_solves);
            metrics::counter!("gridforge_pruned_total", "what" => "help_marks")
                .increment(pruned.help_marks);
            if pruned != Pruned::default() {
                tracing::info!(
                    abandoned_games = pruned.abandoned_games,
                    uncounted_solves = pruned.uncounted_solves,
                    help_marks = pruned.help_marks,
                    "storage pruned"
                );
            }
            Some(pruned)
        }
        Err(err) => {
            tracing::warn!(%err, "storage could not be pruned; the next round tries again");
            None
        }
    }
}
