//! Group commit of daily solves (issue 46). A verified daily solve is one
//! INSERT, and what a database accepts is bounded by its commits (each one
//! a WAL write, on PostgreSQL a flush to disk), not by its INSERTs. So the
//! solves go to one writer task through a queue; it takes every solve
//! waiting (up to [`MAX_BATCH`]), records them in one transaction and
//! answers each after the commit; under load many share a commit. On
//! PostgreSQL a batch is one statement (`daily_batch.rs`, issue 38).
//!
//! One writer, on both backends: on PostgreSQL four gave 5 % more solves a
//! second but half again the p99 latency (issue 46, with a statement a
//! solve).

use super::daily::{DailyKey, DailyRecorded, DailySolve};
use super::review::{Entering, KeptPath};
use super::StoreError;
use tokio::sync::{mpsc, oneshot};

/// The most solves one transaction records: enough to share a commit among
/// every connection a load test holds, few enough that the first solve of
/// a batch does not wait long for the last.
pub(super) const MAX_BATCH: usize = 64;

/// How long the writer waits idle before it readies its statement again
/// ([`RecordBatch::keep_ready`]).
const KEEP_READY_AFTER: std::time::Duration = std::time::Duration::from_secs(1);

/// Solves waiting beyond the one being written before a request waits to
/// queue its own (the requests' timeout bounds that wait).
const QUEUE: usize = 1024;

/// Records queued solves: implemented for each backend's pool in
/// `daily.rs` (PostgreSQL's batch in `daily_batch.rs`).
#[async_trait::async_trait]
pub(super) trait RecordBatch: Send + Sync + 'static {
    /// Records every solve of `batch` in one transaction and answers each
    /// solve's outcome in order; on an error none is recorded.
    async fn record_together(
        &self,
        batch: &[QueuedSolve],
    ) -> Result<Vec<DailyRecorded>, StoreError>;

    /// Records one solve in a transaction of its own.
    async fn record_alone(&self, solve: &QueuedSolve) -> Result<DailyRecorded, StoreError>;

    /// Called while the writer is idle: makes whatever the next batch needs
    /// ready, so that a solve does not wait for it. PostgreSQL drops a
    /// prepared statement's plan when the tables it reads are analyzed
    /// (autovacuum does so as they grow) and plans it again at its next
    /// execution: a few milliseconds (10 under load) that the first batch
    /// after a quiet spell, all of its players, waited for.
    async fn keep_ready(&self) -> Result<(), StoreError> {
        Ok(())
    }
}

/// Records `batch` together, or, if that fails with more than one solve
/// (one solve's error rolls back all), each alone, so that each gets its
/// own outcome.
async fn record_batch(
    pool: &impl RecordBatch,
    batch: &[QueuedSolve],
) -> Vec<Result<DailyRecorded, StoreError>> {
    match pool.record_together(batch).await {
        Ok(outcomes) => outcomes.into_iter().map(Ok).collect(),
        Err(err) if batch.len() == 1 => vec![Err(err)],
        Err(err) => {
            tracing::warn!(
                %err,
                solves = batch.len(),
                "a group commit failed; recording its solves one by one"
            );
            let mut outcomes = Vec::with_capacity(batch.len());
            for solve in batch {
                outcomes.push(pool.record_alone(solve).await);
            }
            outcomes
        }
    }
}

/// The queue to the writer task. Dropping it (the store) ends the task once
/// the queued solves are written.
#[derive(Debug)]
pub(super) struct DailyWriter {
    jobs: mpsc::Sender<Job>,
}

/// A queued solve and where its outcome goes.
struct Job {
    solve: QueuedSolve,
    reply: oneshot::Sender<Result<DailyRecorded, StoreError>>,
}

impl DailyWriter {
    /// Starts the writer task on the current Tokio runtime.
    pub(super) fn start(pool: impl RecordBatch) -> DailyWriter {
        let (jobs, queue) = mpsc::channel(QUEUE);
        tokio::spawn(write_queued(pool, queue));
        DailyWriter { jobs }
    }

    /// Queues `solve` and waits for its outcome (after its commit).
    pub(super) async fn record(&self, solve: &DailySolve<'_>) -> Result<DailyRecorded, StoreError> {
        let stopped = || StoreError::Unavailable("the daily solves' writer has stopped".into());
        let (reply, outcome) = oneshot::channel();
        let job = Job {
            solve: QueuedSolve::of(solve),
            reply,
        };
        self.jobs.send(job).await.map_err(|_| stopped())?;
        outcome.await.map_err(|_| stopped())?
    }
}

/// The writer task: takes what is queued, up to [`MAX_BATCH`] at a time,
/// and records it.
async fn write_queued(pool: impl RecordBatch, mut queue: mpsc::Receiver<Job>) {
    let mut jobs = Vec::with_capacity(MAX_BATCH);
    let mut solves = Vec::with_capacity(MAX_BATCH);
    loop {
        // `recv_many` is cancel safe: a timeout loses no solve.
        let received =
            tokio::time::timeout(KEEP_READY_AFTER, queue.recv_many(&mut jobs, MAX_BATCH));
        match received.await {
            Ok(0) => break,
            Ok(_) => {}
            Err(_idle) => {
                if let Err(err) = pool.keep_ready().await {
                    tracing::debug!(%err, "readying the daily solves' statement failed");
                }
                continue;
            }
        }
        let replies: Vec<_> = jobs
            .drain(..)
            .map(|job| {
                solves.push(job.solve);
                job.reply
            })
            .collect();
        metrics::histogram!("gridforge_daily_solves_per_commit").record(solves.len() as f64);
        let outcomes = record_batch(&pool, &solves).await;
        solves.clear();
        for (reply, outcome) in replies.into_iter().zip(outcomes) {
            // A request that timed out meanwhile has dropped its receiver;
            // its solve is recorded all the same, as it would have been
            // had its own statement been running.
            let _ = reply.send(outcome);
        }
    }
}

/// Makes each rank of a recorded batch the rank after its commit: adds to
/// a clean counted solve's rank the solves of its batch that are better
/// and on a public table but that its own statement did not see
/// (`seen(i, j)`: solve `i`'s statement saw solve `j`; SQLite, a statement
/// a solve, sees the earlier ones; PostgreSQL's one statement none).
pub(super) fn rank_after_commit(
    batch: &[QueuedSolve],
    outcomes: &mut [DailyRecorded],
    seen: impl Fn(usize, usize) -> bool,
) {
    let listed: Vec<bool> = batch
        .iter()
        .zip(outcomes.iter())
        .map(|(solve, outcome)| {
            matches!(
                outcome,
                DailyRecorded::Recorded {
                    assisted: false,
                    ..
                }
            ) && solve.counted
                && solve.hold.is_none()
                && solve.account_id.is_some()
        })
        .collect();
    let place = |s: &QueuedSolve| (s.time_ms, s.moves.unwrap_or(0));
    for i in 0..batch.len() {
        if let DailyRecorded::Recorded {
            rank: Some(rank), ..
        } = &mut outcomes[i]
        {
            *rank += (0..batch.len())
                .filter(|&j| {
                    j != i
                        && listed[j]
                        && !seen(i, j)
                        && batch[j].key == batch[i].key
                        && place(&batch[j]) < place(&batch[i])
                })
                .count() as i64;
        }
    }
}

/// A [`DailySolve`] that owns its parts, to wait in the queue.
#[derive(Debug)]
pub(super) struct QueuedSolve {
    key: DailyKey,
    nonce: Vec<u8>,
    player: String,
    time_ms: i64,
    moves: Option<i64>,
    assisted: bool,
    helped_starter: Option<String>,
    counted: bool,
    name: Option<String>,
    solved_at: i64,
    account_id: Option<i64>,
    /// The path's text, statistics and flags.
    path: Option<[String; 3]>,
    hold: Option<String>,
    session: Option<Vec<u8>>,
}

impl QueuedSolve {
    fn of(solve: &DailySolve<'_>) -> QueuedSolve {
        QueuedSolve {
            key: solve.key.clone(),
            nonce: solve.nonce.to_vec(),
            player: solve.player.to_owned(),
            time_ms: solve.time_ms,
            moves: solve.moves,
            assisted: solve.assisted,
            helped_starter: solve.helped_starter.map(str::to_owned),
            counted: solve.counted,
            name: solve.name.map(str::to_owned),
            solved_at: solve.solved_at,
            account_id: solve.entering.account_id,
            path: solve
                .entering
                .path
                .map(|p| [p.text.to_owned(), p.stats.to_owned(), p.flags.to_owned()]),
            hold: solve.entering.hold.map(str::to_owned),
            session: solve.session.map(<[u8]>::to_vec),
        }
    }

    /// The solve, borrowing from the queued one.
    pub(super) fn solve(&self) -> DailySolve<'_> {
        DailySolve {
            key: &self.key,
            nonce: &self.nonce,
            player: &self.player,
            time_ms: self.time_ms,
            moves: self.moves,
            assisted: self.assisted,
            helped_starter: self.helped_starter.as_deref(),
            counted: self.counted,
            name: self.name.as_deref(),
            solved_at: self.solved_at,
            entering: Entering {
                account_id: self.account_id,
                path: self.path.as_ref().map(|[text, stats, flags]| KeptPath {
                    text,
                    stats,
                    flags,
                }),
                hold: self.hold.as_deref(),
            },
            session: self.session.as_deref(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;

    /// Counts the writer's idle calls; records nothing.
    struct Idle(Arc<AtomicUsize>);

    #[async_trait::async_trait]
    impl RecordBatch for Idle {
        async fn record_together(
            &self,
            _batch: &[QueuedSolve],
        ) -> Result<Vec<DailyRecorded>, StoreError> {
            Ok(Vec::new())
        }

        async fn record_alone(&self, _solve: &QueuedSolve) -> Result<DailyRecorded, StoreError> {
            Err(StoreError::Unavailable("not in this test".into()))
        }

        async fn keep_ready(&self) -> Result<(), StoreError> {
            self.0.fetch_add(1, Ordering::Relaxed);
            Ok(())
        }
    }

    #[tokio::test]
    async fn an_idle_writer_keeps_its_statement_ready_and_stops_with_its_queue() {
        let calls = Arc::new(AtomicUsize::new(0));
        let writer = DailyWriter::start(Idle(calls.clone()));
        tokio::time::sleep(KEEP_READY_AFTER * 2 + KEEP_READY_AFTER / 2).await;
        let idle_calls = calls.load(Ordering::Relaxed);
        assert!(
            (2..=3).contains(&idle_calls),
            "{idle_calls} idle calls in 2.5 idle periods"
        );
        // The task ends when the queue does: no more calls.
        drop(writer);
        tokio::time::sleep(KEEP_READY_AFTER + KEEP_READY_AFTER / 2).await;
        assert!(calls.load(Ordering::Relaxed) <= idle_calls + 1);
    }
}
