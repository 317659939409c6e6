//! PostgreSQL records a group commit's daily solves (issue 38's load with
//! accounts) in one statement. A statement a solve made the one writer
//! ([`super::group_commit`]) wait out a round trip for each, one after the
//! other: with a few hundred microseconds of work a listed solve, that
//! capped a server near 2,000 solves a second however idle the database.
//! So the batch goes as arrays (one per column), is inserted by one
//! `INSERT … SELECT FROM unnest(…)`, and each inserted solve comes back
//! with the solves better than it as the statement found the daily
//! *before* it (a statement does not see its own rows); the solves of the
//! same batch that are better are added after
//! ([`super::group_commit::rank_after_commit`]), so every rank is the rank
//! after the commit. A statement-level trigger tallies the batch in one
//! upsert (migration 13). A solve sent signed in
//! ([`DailySolve::session`]) is inserted only while its session lives, a
//! condition of the same statement.

use super::daily::{
    better_solves, helped, insert_daily_solves, rank_bucket, session_lives, DailyRecorded,
    DailySolve, SOLVE_COLUMNS,
};
use super::group_commit::{rank_after_commit, QueuedSolve};
use super::StoreError;
use sqlx::{Executor, PgConnection, PgPool, Row};
use std::collections::{HashMap, HashSet};
use std::sync::LazyLock;

/// The batch's INSERT: `$1` to `$19` are [`SOLVE_COLUMNS`]' arrays, `$20`
/// and `$22` the 2- and 3-digit [`rank_bucket`]s, `$21` the starters the
/// daily's help may have marked, `$23` the sessions that must be live
/// ([`session_lives`]). Answers each inserted solve's nonce,
/// whether it is assisted and, for a clean counted solve, the solves
/// better than it before this statement.
static INSERT_BATCH: LazyLock<String> = LazyLock::new(|| {
    format!(
        "WITH batch AS (SELECT * FROM unnest($1::bytea[], $2::text[], $3::text[], $4::text[], \
           $5::text[], $6::int8[], $7::int8[], $8::bool[], $9::bool[], $10::text[], $11::int8[], \
           $12::int8[], $13::text[], $14::text[], $15::text[], $16::text[], $17::int8[], \
           $18::text[], $19::text[], $20::int8[], $21::text[], $22::int8[], $23::bytea[]) \
           AS b ({SOLVE_COLUMNS}, coarse, starter, fine, session)), \
         inserted AS ({} RETURNING nonce, game, day, variant, time_ms, moves, assisted, counted) \
         SELECT i.nonce, i.assisted, \
           CASE WHEN i.counted AND NOT i.assisted THEN {} END AS better \
         FROM inserted i JOIN batch b ON b.nonce = i.nonce",
        insert_daily_solves(&format!(
            "SELECT b.nonce, b.game, b.day, b.variant, b.player, b.time_ms, b.moves, \
             b.assisted OR {}, b.counted, b.name, b.solved_at, b.account_id, b.path, \
             b.path_stats, b.flags, b.review, b.review_at, b.review_by, b.review_reason \
             FROM batch b WHERE b.session IS NULL OR {}",
            helped(["b.game", "b.day", "b.variant"], "b.starter"),
            session_lives("b.session", "b.account_id", "b.solved_at")
        )),
        better_solves(
            ["i.game", "i.day", "i.variant"],
            "i.time_ms",
            "COALESCE(i.moves, 0)",
            ["b.coarse", "b.fine"]
        ),
    )
});

/// Of the solves not inserted that were sent signed in (`$1` to `$4`:
/// nonce, session, account, time), the nonces whose session is not live.
static SIGNED_OUT: LazyLock<String> = LazyLock::new(|| {
    format!(
        "SELECT b.nonce FROM unnest($1::bytea[], $2::bytea[], $3::int8[], $4::int8[]) \
         AS b (nonce, session, account_id, solved_at) WHERE NOT {}",
        session_lives("b.session", "b.account_id", "b.solved_at")
    )
});

/// Readies the writer's own connection for [`record`]: its plans are made
/// once and kept (`plan_cache_mode = force_generic_plan`: PostgreSQL would
/// otherwise plan each of the first five batches anew, and the first of a
/// fresh server's solves would wait for those), and the batch statement is
/// prepared before the first solve comes.
pub(super) async fn ready_writer(connection: &mut PgConnection) -> Result<(), sqlx::Error> {
    connection
        .execute("SET plan_cache_mode = force_generic_plan")
        .await?;
    connection.prepare(INSERT_BATCH.as_str()).await?;
    Ok(())
}

/// One column of the sent solves, as an array to bind.
fn column<'a, T>(solves: &[&'a DailySolve<'a>], value: impl Fn(&'a DailySolve<'a>) -> T) -> Vec<T> {
    solves.iter().map(|&s| value(s)).collect()
}

/// Records `batch` in one statement and answers each solve's outcome in
/// order; on an error none is recorded.
pub(super) async fn record(
    pool: &PgPool,
    batch: &[QueuedSolve],
) -> Result<Vec<DailyRecorded>, StoreError> {
    let solves: Vec<_> = batch.iter().map(QueuedSolve::solve).collect();
    // A nonce twice in one batch (one token sent twice at once) is sent
    // once; the repeat is answered from the first below.
    let mut first_of: HashMap<&[u8], usize> = HashMap::with_capacity(solves.len());
    let sent_solves: Vec<&DailySolve> = (0..solves.len())
        .filter(|&i| *first_of.entry(solves[i].nonce).or_insert(i) == i)
        .map(|i| &solves[i])
        .collect();
    // The INSERT and the look-up of the nonces it skipped in one
    // transaction: an error after a committed INSERT would have the solves
    // recorded again one by one, and each told its token was used.
    let mut transaction = pool.begin().await?;
    let rows = sqlx::query(&INSERT_BATCH)
        .bind(column(&sent_solves, |s| s.nonce))
        .bind(column(&sent_solves, |s| s.key.game))
        .bind(column(&sent_solves, |s| s.key.day.as_str()))
        .bind(column(&sent_solves, |s| s.key.variant))
        .bind(column(&sent_solves, |s| s.player))
        .bind(column(&sent_solves, |s| s.time_ms))
        .bind(column(&sent_solves, |s| s.moves))
        .bind(column(&sent_solves, |s| s.assisted))
        .bind(column(&sent_solves, |s| s.counted))
        .bind(column(&sent_solves, |s| s.name))
        .bind(column(&sent_solves, |s| s.solved_at))
        .bind(column(&sent_solves, |s| s.entering.account_id))
        .bind(column(&sent_solves, |s| s.entering.path.map(|p| p.text)))
        .bind(column(&sent_solves, |s| s.entering.path.map(|p| p.stats)))
        .bind(column(&sent_solves, |s| s.entering.path.map(|p| p.flags)))
        .bind(column(&sent_solves, |s| s.entering.review()))
        .bind(column(&sent_solves, |s| s.entering.review_at(s.solved_at)))
        .bind(column(&sent_solves, |s| s.entering.review_by()))
        .bind(column(&sent_solves, |s| s.entering.hold))
        .bind(column(&sent_solves, |s| rank_bucket(s.time_ms, 2)))
        .bind(column(&sent_solves, |s| s.helped_starter))
        .bind(column(&sent_solves, |s| rank_bucket(s.time_ms, 3)))
        .bind(column(&sent_solves, |s| s.session))
        .fetch_all(&mut *transaction)
        .await?;
    // (assisted, better) of each inserted solve, by nonce.
    let mut inserted: HashMap<Vec<u8>, (bool, Option<i64>)> = HashMap::with_capacity(rows.len());
    for row in &rows {
        inserted.insert(
            row.try_get("nonce")?,
            (row.try_get("assisted")?, row.try_get("better")?),
        );
    }
    // The sent solves not inserted: an ended session, a used nonce, or a
    // second counted solve of the player.
    let missing: Vec<&DailySolve> = sent_solves
        .iter()
        .copied()
        .filter(|s| !inserted.contains_key(s.nonce))
        .collect();
    let mut used: HashSet<Vec<u8>> = HashSet::new();
    let mut signed_out: HashSet<Vec<u8>> = HashSet::new();
    if !missing.is_empty() {
        let nonces: Vec<&[u8]> = missing.iter().map(|s| s.nonce).collect();
        used = sqlx::query_scalar("SELECT nonce FROM daily_solves WHERE nonce = ANY($1)")
            .bind(&nonces)
            .fetch_all(&mut *transaction)
            .await?
            .into_iter()
            .collect();
        let signed: Vec<&DailySolve> = missing
            .iter()
            .copied()
            .filter(|s| s.session.is_some())
            .collect();
        if !signed.is_empty() {
            signed_out = sqlx::query_scalar(&SIGNED_OUT)
                .bind(column(&signed, |s| s.nonce))
                .bind(column(&signed, |s| s.session))
                .bind(column(&signed, |s| s.entering.account_id))
                .bind(column(&signed, |s| s.solved_at))
                .fetch_all(&mut *transaction)
                .await?
                .into_iter()
                .collect();
        }
    }
    transaction.commit().await?;
    // As a lone solve is answered: an ended session first.
    let outcome = |nonce: &[u8]| match inserted.get(nonce) {
        Some(&(assisted, better)) => DailyRecorded::Recorded {
            rank: better.map(|better| better + 1),
            assisted,
        },
        None if signed_out.contains(nonce) => DailyRecorded::SignedOut,
        None if used.contains(nonce) => DailyRecorded::NonceUsed,
        None => DailyRecorded::AlreadySolved,
    };
    let mut outcomes: Vec<DailyRecorded> = solves
        .iter()
        .enumerate()
        .map(|(i, solve)| match outcome(solve.nonce) {
            // The repeat of a recorded solve: its token is used.
            DailyRecorded::Recorded { .. } if first_of[solve.nonce] != i => {
                DailyRecorded::NonceUsed
            }
            recorded => recorded,
        })
        .collect();
    // The statement saw none of its own solves.
    rank_after_commit(batch, &mut outcomes, |_, _| false);
    Ok(outcomes)
}
