//! What the daily puzzles keep (issue 29): each day's puzzles, the verified
//! solves of the tables, and the ChessMemory games played through the API.
//! One trait, [`DailyStore`], which every [`super::Store`] also is; the
//! queries are the same on both backends ([`DailyQueries`], generic over
//! the sqlx database as `shared.rs` is).

use super::accounts::live_session;
use super::group_commit::{QueuedSolve, RecordBatch};
use super::review::{bind_entering, Entering, ReviewState, LISTED};
use super::shared::{RowsAffected, INSERT_AUDIT};
use super::{Moderated, NameChange, StoreError};
use async_trait::async_trait;
use sqlx::{ColumnIndex, Database, Decode, Encode, Executor, IntoArguments, Pool, Row, Type};
use std::sync::LazyLock;

/// Which daily: the game (`kakuro`, `chess`), the day (`YYYY-MM-DD`) and the
/// variant (a Kakuro difficulty, `setup` for ChessMemory).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DailyKey {
    /// `kakuro` or `chess`.
    pub game: &'static str,
    /// The UTC day, ISO.
    pub day: String,
    /// The difficulty, or `setup`.
    pub variant: &'static str,
}

/// A stored daily puzzle: its text, its solution's text (never sent before
/// it is solved) and a detail (a Kakuro's hardest technique).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredPuzzle {
    /// The puzzle (a Kakuro board, a ChessMemory setup).
    pub puzzle: String,
    /// Its solution (a Kakuro solution; for ChessMemory the setup again).
    pub solution: String,
    /// The hardest technique of a Kakuro; empty for ChessMemory.
    pub detail: String,
}

/// A verified daily solve to record.
#[derive(Clone, Debug)]
pub struct DailySolve<'a> {
    /// Which daily.
    pub key: &'a DailyKey,
    /// The start token's nonce or the game's id: recorded once.
    pub nonce: &'a [u8],
    /// The client's player id.
    pub player: &'a str,
    /// The time the server measured.
    pub time_ms: i64,
    /// ChessMemory's move count.
    pub moves: Option<i64>,
    /// Hints or checks were used.
    pub assisted: bool,
    /// The starter (`daily_starts.starter`: `account:<id>` or `token:<hex>`)
    /// whose start the daily's own help may have marked: if it did, the
    /// solve is recorded assisted too. Read in the INSERT itself, so a
    /// solve costs no separate read of `daily_starts` (issue 46).
    pub helped_starter: Option<&'a str>,
    /// Started and finished within the day and its grace: on the table.
    pub counted: bool,
    /// The name to show on the table.
    pub name: Option<&'a str>,
    /// When, Unix milliseconds.
    pub solved_at: i64,
    /// Its account, solving path and hold (issue 38).
    pub entering: Entering<'a>,
    /// The hash of the session the solve was sent with, when its account
    /// ([`Entering::account_id`]) must still be signed in by it as the
    /// solve is recorded (a live session of that account, not banned);
    /// otherwise nothing is recorded ([`DailyRecorded::SignedOut`]). Checked
    /// in the recording statement itself, so a signed-in solve costs no
    /// separate read of its session. Honoured by
    /// [`DailyStore::record_daily_solve`].
    pub session: Option<&'a [u8]>,
}

/// What recording a daily solve did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DailyRecorded {
    /// Recorded; a clean counted solve with its rank (as
    /// [`DailyStore::daily_rank`] gives it), read in the same statement.
    Recorded {
        /// The rank of a clean counted solve; `None` for the others.
        rank: Option<i64>,
        /// Recorded assisted: hints or checks, or a help mark on
        /// [`DailySolve::helped_starter`].
        assisted: bool,
    },
    /// The token (nonce) was used before: nothing recorded.
    NonceUsed,
    /// A counted solve, but the player has one for this daily already.
    AlreadySolved,
    /// The solve's [`DailySolve::session`] had ended, was another account's
    /// or its account was banned: nothing recorded.
    SignedOut,
}

/// One line of a daily table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DailyEntry {
    /// The name, unless none was given or it is hidden.
    pub name: Option<String>,
    /// The time.
    pub time_ms: i64,
    /// ChessMemory's moves.
    pub moves: Option<i64>,
    /// The solve's key (its path's entry id is `daily-<hex>`).
    pub nonce: Vec<u8>,
    /// Until when the account that made it is provisional, Unix ms (shown
    /// with a provisional mark before).
    pub provisional_until: i64,
}

/// A player's own counted solve and where it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DailyOwn {
    /// 1 + the clean solves strictly faster (fewer moves at the same
    /// time); `None` for an assisted solve.
    pub rank: Option<i64>,
    /// The time.
    pub time_ms: i64,
    /// ChessMemory's moves.
    pub moves: Option<i64>,
    /// Hints or checks were used.
    pub assisted: bool,
    /// Its review: held or voided, it is on no public table (its rank is
    /// the one it would have).
    pub review: ReviewState,
    /// An account made it; an anonymous solve is on no public table (its
    /// rank is the one it would have).
    pub by_account: bool,
}

/// A daily's table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DailyTable {
    /// Players with a counted solve (assisted ones included).
    pub solvers: i64,
    /// The best clean counted solves, by time then moves.
    pub best: Vec<DailyEntry>,
    /// The best assisted counted solves.
    pub assisted: Vec<DailyEntry>,
    /// The asking player's counted solve.
    pub own: Option<DailyOwn>,
}

/// A named daily solve as moderation sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DailyName {
    /// `daily/<game>/<day>/<variant>/<player>` (what `gridforge admin names`
    /// takes to hide, show or rename it).
    pub key: String,
    /// The name given, hidden or not.
    pub name: String,
    /// Whether an operator hid it.
    pub hidden: bool,
    /// When the daily was solved, Unix milliseconds.
    pub solved_at: i64,
}

/// A ChessMemory daily game played through the API.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChessGame {
    /// Random id (the client's opaque game id).
    pub id: Vec<u8>,
    /// The UTC day, ISO.
    pub day: String,
    /// The client's player id.
    pub player: String,
    /// The name for the table.
    pub name: Option<String>,
    /// When the game was started, Unix ms.
    pub started_at: i64,
    /// No turn is accepted before this, Unix ms.
    pub next_turn_at: i64,
    /// The squares of the pairs found, a bit per square (as i64).
    pub matched: i64,
    /// The squares open in the current move, one or two.
    pub shown: Vec<u8>,
    /// Pairs of squares turned so far.
    pub moves: i64,
    /// Squares turned so far (the row's version).
    pub turns: i64,
    /// Every square turned, in order, space-separated.
    pub log: String,
    /// When the game was won.
    pub finished_at: Option<i64>,
}

/// Storage of the dailies; both backends implement it.
#[async_trait]
pub trait DailyStore {
    /// The stored puzzle of a daily, if it was made already.
    async fn daily_puzzle(&self, key: &DailyKey) -> Result<Option<StoredPuzzle>, StoreError>;

    /// Stores `made` unless the daily has a puzzle already, and returns the
    /// one stored: servers racing to make a day's puzzle store one.
    async fn store_daily_puzzle(
        &self,
        key: &DailyKey,
        made: &StoredPuzzle,
        now: i64,
    ) -> Result<StoredPuzzle, StoreError>;

    /// Records a verified solve and, if it is clean and counted, answers
    /// its rank (one round trip).
    async fn record_daily_solve(&self, solve: &DailySolve<'_>)
        -> Result<DailyRecorded, StoreError>;

    /// A daily's table: up to `limit` best clean and assisted solves, and
    /// `player`'s own.
    async fn daily_table(
        &self,
        key: &DailyKey,
        player: Option<&str>,
        limit: i64,
    ) -> Result<DailyTable, StoreError>;

    /// The rank a clean counted solve of `time_ms` (and `moves`) has: 1 +
    /// the clean counted solves strictly better (one query).
    async fn daily_rank(
        &self,
        key: &DailyKey,
        time_ms: i64,
        moves: Option<i64>,
    ) -> Result<i64, StoreError>;

    /// `player`'s counted solve of a daily and its rank.
    async fn daily_own(&self, key: &DailyKey, player: &str)
        -> Result<Option<DailyOwn>, StoreError>;

    /// Starts a ChessMemory game, replacing the player's unfinished games of
    /// that day that turned no square yet. Returns whether the player has
    /// turned a square of that day's board in an earlier game: such a game
    /// is a replay, and a replay never counts (its player has seen the board).
    async fn start_chess_game(&self, game: &ChessGame) -> Result<bool, StoreError>;

    /// A ChessMemory game by id.
    async fn chess_game(&self, id: &[u8]) -> Result<Option<ChessGame>, StoreError>;

    /// Writes a game after a turn if its version is still `turns_before`
    /// (else `false`: another turn came first), and when the turn won it,
    /// records `solve` in the same transaction (a second counted solve of
    /// the player is recorded as not counted); returns whether the written
    /// solve counted.
    async fn update_chess_game(
        &self,
        game: &ChessGame,
        turns_before: i64,
        solve: Option<&DailySolve<'_>>,
    ) -> Result<Option<bool>, StoreError>;

    /// Every named counted daily solve, for moderation.
    async fn daily_names(&self) -> Result<Vec<DailyName>, StoreError>;

    /// Hides, shows or renames the name of the counted daily solve `key`
    /// (`daily/<game>/<day>/<variant>/<player>`), audited like a first
    /// solver's.
    async fn moderate_daily(
        &self,
        key: &str,
        change: &NameChange,
        actor: &str,
        now: i64,
    ) -> Result<Moderated, StoreError>;
}

/// The daily queries on one pool.
pub(super) struct DailyQueries<'p, DB: Database>(pub &'p Pool<DB>);

/// The columns of a daily solve, in the order of [`bind_solve`] and of
/// the arrays of `daily_batch.rs`.
pub(super) const SOLVE_COLUMNS: &str =
    "nonce, game, day, variant, player, time_ms, moves, assisted, \
     counted, name, solved_at, account_id, path, path_stats, flags, review, review_at, \
     review_by, review_reason";

/// The INSERT of daily solves given as SQL rows (a `VALUES` list or a
/// `SELECT` of [`SOLVE_COLUMNS`]); a solve whose nonce was used, or a second
/// counted solve of a player, is not inserted.
pub(super) fn insert_daily_solves(rows: &str) -> String {
    format!("INSERT INTO daily_solves ({SOLVE_COLUMNS}) {rows} ON CONFLICT DO NOTHING")
}

/// The `VALUES` of one solve bound by [`bind_solve`] (`$1` to `$19`), with
/// its `assisted` given as SQL.
fn one_solve(assisted: &str) -> String {
    format!(
        "VALUES ($1, $2, $3, $4, $5, $6, $7, {assisted}, $9, $10, $11, $12, $13, $14, $15, $16, \
         $17, $18, $19)"
    )
}

/// The INSERT of one solve ([`bind_solve`]).
static INSERT_DAILY_SOLVE: LazyLock<String> =
    LazyLock::new(|| insert_daily_solves(&one_solve("$8")));

/// The clean counted solves of a daily (game, day, variant) better than a
/// time with a number of moves (its rank less one), given the placeholders
/// (or column names) of those and of the time's [`rank_bucket`]s of 2 and
/// 3 digits: the 2-digit tallies below its 2-digit bucket, the 3-digit
/// tallies of that bucket below its 3-digit bucket, the faster solves of
/// its 3-digit bucket and the equal times with fewer moves, each of the
/// last two a range of the index `daily_solves_clean_rank` (migration 13).
pub(super) fn better_solves(
    daily: [&str; 3],
    time: &str,
    moves: &str,
    buckets: [&str; 2],
) -> String {
    let [game, day, variant] = daily;
    let [coarse, fine] = buckets;
    let daily = format!("game = {game} AND day = {day} AND variant = {variant}");
    // The clean solves' condition is the rank index's, verbatim.
    let clean = format!("counted AND NOT assisted AND {LISTED}");
    format!(
        "CAST( \
            (SELECT COALESCE(SUM(solves), 0) FROM daily_rank_tallies \
             WHERE {daily} AND digits = 2 AND bucket < {coarse}) \
          + (SELECT COALESCE(SUM(solves), 0) FROM daily_rank_tallies \
             WHERE {daily} AND digits = 3 AND bucket >= {coarse} AND bucket < {fine}) \
          + (SELECT count(*) FROM daily_solves WHERE {daily} AND {clean} \
             AND time_ms >= {fine} AND time_ms < {time}) \
          + (SELECT count(*) FROM daily_solves WHERE {daily} AND {clean} \
             AND time_ms = {time} AND COALESCE(moves, 0) < {moves}) AS BIGINT)"
    )
}

/// Whether the daily's help marked a starter
/// ([`DailySolve::helped_starter`]), for an INSERT's `assisted`, given the
/// SQL of the daily's game, day and variant and of the starter. A scalar
/// subquery, not `EXISTS`: PostgreSQL would hash every start of the table
/// for a batch's `EXISTS`, where this probes the key of each solve.
pub(super) fn helped(daily: [&str; 3], starter: &str) -> String {
    let [game, day, variant] = daily;
    format!(
        "COALESCE((SELECT assisted FROM daily_starts WHERE game = {game} AND day = {day} \
         AND variant = {variant} AND starter = {starter}), FALSE)"
    )
}

/// Whether the session whose token hash is `session` is live at `now` and
/// belongs to the account `account`, not banned ([`DailySolve::session`]),
/// given as SQL (placeholders or column names).
pub(super) fn session_lives(session: &str, account: &str, now: &str) -> String {
    format!(
        "EXISTS (SELECT 1 FROM account_sessions s JOIN accounts a ON a.id = s.account_id \
         WHERE {} AND s.account_id = {account} AND a.banned_at IS NULL)",
        live_session(session, now)
    )
}

/// Whether a solve's session is live ([`session_lives`]).
static SESSION_LIVES: LazyLock<String> =
    LazyLock::new(|| format!("SELECT {} AS lives", session_lives("$1", "$2", "$3")));

/// [`INSERT_DAILY_SOLVE`] that also makes the solve assisted when the
/// daily's help marked its starter (`$21`) and returns whether it is
/// assisted and, for a clean counted solve, the solves better than it
/// (`$20` and `$22` are its time's [`rank_bucket`]s of 2 and 3 digits),
/// so recording and ranking a daily Kakuro solve is one round trip (issue
/// 46). The subqueries do not count the row being inserted: it is not
/// better than itself.
static INSERT_RANKED_DAILY_SOLVE: LazyLock<String> = LazyLock::new(|| {
    let daily = ["$2", "$3", "$4"];
    format!(
        "{} RETURNING assisted, CASE WHEN counted AND NOT assisted THEN {} END AS better",
        insert_daily_solves(&one_solve(&format!("($8 OR {})", helped(daily, "$21")))),
        better_solves(daily, "$6", "COALESCE($7, 0)", ["$20", "$22"])
    )
});

/// The solves better than a time (`daily_rank`'s query).
static BETTER_SOLVES: LazyLock<String> = LazyLock::new(|| {
    format!(
        "SELECT {} AS n",
        better_solves(["$1", "$2", "$3"], "$4", "$5", ["$6", "$7"])
    )
});

/// The rank bucket of a time at `digits` significant digits: the time with
/// all but its `digits` leading digits zeroed (12,345 ms is in the 2-digit
/// bucket 12,000 to 12,999 and the 3-digit bucket 12,300 to 12,399). A
/// rank sums a few tallies of 2-digit buckets, at most nine of 3-digit
/// ones, and counts the solves of its own 3-digit bucket alone, however
/// many solves the daily has. The database keeps the tallies with triggers
/// that compute the same buckets (migration 13); the rank test on both
/// backends holds the two together.
pub fn rank_bucket(time_ms: i64, digits: u32) -> i64 {
    // The migration stops growing the width at 10^12 ms (31 years).
    let limit = 10_i64.pow(digits);
    let mut width = 1;
    while time_ms / width >= limit && width < 1_000_000_000_000 {
        width *= 10;
    }
    time_ms - time_ms % width
}

/// Another ChessMemory game of the same day and player than `$3` that turned
/// a square, whenever it started: the player has seen the board outside this
/// game (an earlier game, or a later one played while this one waited), so
/// this game is a replay.
const SEEN_BEFORE: &str = "SELECT 1 FROM daily_chess_games \
     WHERE day = $1 AND player = $2 AND id <> $3 AND turns > 0 LIMIT 1";

const GAME_COLUMNS: &str =
    "id, day, player, name, started_at, next_turn_at, matched, shown, moves, turns, log, finished_at";

/// Splits a moderation key into (game, day, variant, player).
fn split_key(key: &str) -> Option<(&str, &str, &str, &str)> {
    let rest = key.strip_prefix("daily/")?;
    let mut parts = rest.splitn(4, '/');
    Some((parts.next()?, parts.next()?, parts.next()?, parts.next()?))
}

/// Competition ranks of entries sorted best first: ties share a rank.
pub fn ranks(entries: &[DailyEntry]) -> Vec<i64> {
    let mut out = Vec::with_capacity(entries.len());
    for (i, e) in entries.iter().enumerate() {
        let tied = i > 0 && {
            let p = &entries[i - 1];
            p.time_ms == e.time_ms && p.moves == e.moves
        };
        out.push(if tied { out[i - 1] } else { i as i64 + 1 });
    }
    out
}

impl<DB> DailyQueries<'_, DB>
where
    DB: Database,
    for<'q> &'q str: Encode<'q, DB> + Type<DB>,
    for<'q> &'q [u8]: Encode<'q, DB> + Type<DB>,
    for<'q> Option<&'q str>: Encode<'q, DB> + Type<DB>,
    for<'q> Option<i64>: Encode<'q, DB> + Type<DB>,
    for<'q> i64: Encode<'q, DB> + Decode<'q, DB> + Type<DB>,
    for<'q> bool: Encode<'q, DB> + Decode<'q, DB> + Type<DB>,
    for<'r> Vec<u8>: Decode<'r, DB> + Type<DB>,
    for<'r> String: Decode<'r, DB> + Type<DB>,
    for<'q> <DB as Database>::Arguments<'q>: IntoArguments<'q, DB>,
    for<'p> &'p Pool<DB>: Executor<'p, Database = DB>,
    for<'c> &'c mut <DB as Database>::Connection: Executor<'c, Database = DB>,
    &'static str: ColumnIndex<<DB as Database>::Row>,
    usize: ColumnIndex<<DB as Database>::Row>,
    <DB as Database>::QueryResult: RowsAffected,
{
    pub(super) async fn daily_puzzle(
        &self,
        key: &DailyKey,
    ) -> Result<Option<StoredPuzzle>, StoreError> {
        let row = sqlx::query(
            "SELECT puzzle, solution, detail FROM daily_puzzles \
             WHERE game = $1 AND day = $2 AND variant = $3",
        )
        .bind(key.game)
        .bind(key.day.as_str())
        .bind(key.variant)
        .fetch_optional(self.0)
        .await?;
        Ok(match row {
            Some(row) => Some(StoredPuzzle {
                puzzle: row.try_get("puzzle")?,
                solution: row.try_get("solution")?,
                detail: row.try_get("detail")?,
            }),
            None => None,
        })
    }

    pub(super) async fn store_daily_puzzle(
        &self,
        key: &DailyKey,
        made: &StoredPuzzle,
        now: i64,
    ) -> Result<StoredPuzzle, StoreError> {
        sqlx::query(
            "INSERT INTO daily_puzzles (game, day, variant, puzzle, solution, detail, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (game, day, variant) DO NOTHING",
        )
        .bind(key.game)
        .bind(key.day.as_str())
        .bind(key.variant)
        .bind(made.puzzle.as_str())
        .bind(made.solution.as_str())
        .bind(made.detail.as_str())
        .bind(now)
        .execute(self.0)
        .await?;
        self.daily_puzzle(key)
            .await?
            .ok_or_else(|| StoreError::Database(sqlx::Error::RowNotFound))
    }

    pub(super) async fn record_daily_solve(
        &self,
        solve: &DailySolve<'_>,
    ) -> Result<DailyRecorded, StoreError> {
        Self::record_on(&mut *self.0.acquire().await?, solve).await
    }

    /// Records `solve` on `connection` (the pool's or a transaction's).
    async fn record_on(
        connection: &mut DB::Connection,
        solve: &DailySolve<'_>,
    ) -> Result<DailyRecorded, StoreError> {
        if let Some(session) = solve.session {
            let lives: bool = sqlx::query_scalar(&SESSION_LIVES)
                .bind(session)
                .bind(solve.entering.account_id)
                .bind(solve.solved_at)
                .fetch_one(&mut *connection)
                .await?;
            if !lives {
                return Ok(DailyRecorded::SignedOut);
            }
        }
        // One statement: the trigger of migration 13 tallies a clean solve,
        // and the answer is its rank.
        let inserted = bind_solve(sqlx::query(&INSERT_RANKED_DAILY_SOLVE), solve)
            .bind(rank_bucket(solve.time_ms, 2))
            .bind(solve.helped_starter)
            .bind(rank_bucket(solve.time_ms, 3))
            .fetch_optional(&mut *connection)
            .await?;
        if let Some(row) = inserted {
            let better: Option<i64> = row.try_get("better")?;
            return Ok(DailyRecorded::Recorded {
                rank: better.map(|n| n + 1),
                assisted: row.try_get("assisted")?,
            });
        }
        let used = sqlx::query("SELECT 1 FROM daily_solves WHERE nonce = $1")
            .bind(solve.nonce)
            .fetch_optional(&mut *connection)
            .await?
            .is_some();
        Ok(if used {
            DailyRecorded::NonceUsed
        } else {
            DailyRecorded::AlreadySolved
        })
    }

    /// Records the solves [`super::group_commit`] queued in one
    /// transaction, a statement each; each rank is the one after the
    /// commit.
    pub(super) async fn record_in_one_transaction(
        &self,
        batch: &[QueuedSolve],
    ) -> Result<Vec<DailyRecorded>, StoreError> {
        let mut transaction = self.0.begin().await?;
        let mut outcomes = Vec::with_capacity(batch.len());
        for queued in batch {
            outcomes.push(Self::record_on(&mut transaction, &queued.solve()).await?);
        }
        transaction.commit().await?;
        // Each statement saw the solves recorded before it.
        super::group_commit::rank_after_commit(batch, &mut outcomes, |i, j| j < i);
        Ok(outcomes)
    }

    async fn entries(
        &self,
        key: &DailyKey,
        assisted: bool,
        limit: i64,
    ) -> Result<Vec<DailyEntry>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT CASE WHEN d.hidden_at IS NULL THEN d.name END AS name, d.time_ms, d.moves, \
                    d.nonce, a.provisional_until \
             FROM daily_solves d JOIN accounts a ON a.id = d.account_id \
             WHERE game = $1 AND day = $2 AND variant = $3 AND counted \
             AND assisted = $4 AND {LISTED} ORDER BY d.time_ms, d.moves, d.solved_at LIMIT $5"
        ))
        .bind(key.game)
        .bind(key.day.as_str())
        .bind(key.variant)
        .bind(assisted)
        .bind(limit)
        .fetch_all(self.0)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(DailyEntry {
                    name: row.try_get("name")?,
                    time_ms: row.try_get("time_ms")?,
                    moves: row.try_get("moves")?,
                    nonce: row.try_get("nonce")?,
                    provisional_until: row.try_get("provisional_until")?,
                })
            })
            .collect()
    }

    pub(super) async fn daily_table(
        &self,
        key: &DailyKey,
        player: Option<&str>,
        limit: i64,
    ) -> Result<DailyTable, StoreError> {
        let solvers: i64 = sqlx::query(&format!(
            "SELECT count(*) AS n FROM daily_solves \
             WHERE game = $1 AND day = $2 AND variant = $3 AND counted AND {LISTED}"
        ))
        .bind(key.game)
        .bind(key.day.as_str())
        .bind(key.variant)
        .fetch_one(self.0)
        .await?
        .try_get("n")?;
        let best = self.entries(key, false, limit).await?;
        let assisted = self.entries(key, true, limit).await?;
        let own = match player {
            Some(player) => self.daily_own(key, player).await?,
            None => None,
        };
        Ok(DailyTable {
            solvers,
            best,
            assisted,
            own,
        })
    }

    pub(super) async fn daily_own(
        &self,
        key: &DailyKey,
        player: &str,
    ) -> Result<Option<DailyOwn>, StoreError> {
        let row = sqlx::query(
            "SELECT time_ms, moves, assisted, review, account_id FROM daily_solves \
             WHERE game = $1 AND day = $2 AND variant = $3 AND player = $4 AND counted",
        )
        .bind(key.game)
        .bind(key.day.as_str())
        .bind(key.variant)
        .bind(player)
        .fetch_optional(self.0)
        .await?;
        let Some(row) = row else { return Ok(None) };
        let time_ms: i64 = row.try_get("time_ms")?;
        let moves: Option<i64> = row.try_get("moves")?;
        let assisted: bool = row.try_get("assisted")?;
        let review: String = row.try_get("review")?;
        let account_id: Option<i64> = row.try_get("account_id")?;
        let rank = if assisted {
            None
        } else {
            Some(self.daily_rank(key, time_ms, moves).await?)
        };
        Ok(Some(DailyOwn {
            rank,
            time_ms,
            moves,
            assisted,
            review: ReviewState::parse(&review),
            by_account: account_id.is_some(),
        }))
    }

    pub(super) async fn daily_rank(
        &self,
        key: &DailyKey,
        time_ms: i64,
        moves: Option<i64>,
    ) -> Result<i64, StoreError> {
        let better: i64 = sqlx::query(&BETTER_SOLVES)
            .bind(key.game)
            .bind(key.day.as_str())
            .bind(key.variant)
            .bind(time_ms)
            .bind(moves.unwrap_or(0))
            .bind(rank_bucket(time_ms, 2))
            .bind(rank_bucket(time_ms, 3))
            .fetch_one(self.0)
            .await?
            .try_get("n")?;
        Ok(better + 1)
    }

    pub(super) async fn start_chess_game(&self, game: &ChessGame) -> Result<bool, StoreError> {
        let mut tx = self.0.begin().await?;
        // Games that turned a square stay: each makes the player's other
        // games of the day replays (see `SEEN_BEFORE`).
        sqlx::query(
            "DELETE FROM daily_chess_games \
             WHERE day = $1 AND player = $2 AND finished_at IS NULL AND turns = 0",
        )
        .bind(game.day.as_str())
        .bind(game.player.as_str())
        .execute(&mut *tx)
        .await?;
        let replay = seen_before(game).fetch_optional(&mut *tx).await?.is_some();
        sqlx::query(&format!(
            "INSERT INTO daily_chess_games ({GAME_COLUMNS}) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)"
        ))
        .bind(game.id.as_slice())
        .bind(game.day.as_str())
        .bind(game.player.as_str())
        .bind(game.name.as_deref())
        .bind(game.started_at)
        .bind(game.next_turn_at)
        .bind(game.matched)
        .bind(shown_text(&game.shown).as_str())
        .bind(game.moves)
        .bind(game.turns)
        .bind(game.log.as_str())
        .bind(game.finished_at)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(replay)
    }

    pub(super) async fn chess_game(&self, id: &[u8]) -> Result<Option<ChessGame>, StoreError> {
        let row = sqlx::query(&format!(
            "SELECT {GAME_COLUMNS} FROM daily_chess_games WHERE id = $1"
        ))
        .bind(id)
        .fetch_optional(self.0)
        .await?;
        let Some(row) = row else { return Ok(None) };
        let shown: String = row.try_get("shown")?;
        Ok(Some(ChessGame {
            id: row.try_get("id")?,
            day: row.try_get("day")?,
            player: row.try_get("player")?,
            name: row.try_get("name")?,
            started_at: row.try_get("started_at")?,
            next_turn_at: row.try_get("next_turn_at")?,
            matched: row.try_get("matched")?,
            shown: shown
                .split_whitespace()
                .filter_map(|s| s.parse().ok())
                .collect(),
            moves: row.try_get("moves")?,
            turns: row.try_get("turns")?,
            log: row.try_get("log")?,
            finished_at: row.try_get("finished_at")?,
        }))
    }

    pub(super) async fn update_chess_game(
        &self,
        game: &ChessGame,
        turns_before: i64,
        solve: Option<&DailySolve<'_>>,
    ) -> Result<Option<bool>, StoreError> {
        let mut tx = self.0.begin().await?;
        let updated = sqlx::query(
            "UPDATE daily_chess_games SET next_turn_at = $1, matched = $2, shown = $3, \
             moves = $4, turns = $5, log = $6, finished_at = $7 WHERE id = $8 AND turns = $9",
        )
        .bind(game.next_turn_at)
        .bind(game.matched)
        .bind(shown_text(&game.shown).as_str())
        .bind(game.moves)
        .bind(game.turns)
        .bind(game.log.as_str())
        .bind(game.finished_at)
        .bind(game.id.as_slice())
        .bind(turns_before)
        .execute(&mut *tx)
        .await?
        .rows();
        if updated == 0 {
            tx.rollback().await?;
            return Ok(None);
        }
        let mut counted = false;
        if let Some(solve) = solve {
            let replay =
                solve.counted && seen_before(game).fetch_optional(&mut *tx).await?.is_some();
            let solve = &DailySolve {
                counted: solve.counted && !replay,
                ..solve.clone()
            };
            let inserted = bind_solve(sqlx::query(&INSERT_DAILY_SOLVE), solve)
                .execute(&mut *tx)
                .await?
                .rows();
            counted = solve.counted && inserted == 1;
            if inserted == 0 && solve.counted {
                // The player's first finished game counted already.
                let later = DailySolve {
                    counted: false,
                    ..solve.clone()
                };
                bind_solve(sqlx::query(&INSERT_DAILY_SOLVE), &later)
                    .execute(&mut *tx)
                    .await?;
            }
        }
        tx.commit().await?;
        Ok(Some(counted))
    }

    pub(super) async fn daily_names(&self) -> Result<Vec<DailyName>, StoreError> {
        let rows = sqlx::query(
            "SELECT game, day, variant, player, name, hidden_at, solved_at FROM daily_solves \
             WHERE counted AND name IS NOT NULL ORDER BY solved_at, game, day, variant, player",
        )
        .fetch_all(self.0)
        .await?;
        rows.iter()
            .map(|row| {
                let part = |c: &'static str| row.try_get::<String, _>(c);
                let hidden_at: Option<i64> = row.try_get("hidden_at")?;
                Ok(DailyName {
                    key: format!(
                        "daily/{}/{}/{}/{}",
                        part("game")?,
                        part("day")?,
                        part("variant")?,
                        part("player")?
                    ),
                    name: part("name")?,
                    hidden: hidden_at.is_some(),
                    solved_at: row.try_get("solved_at")?,
                })
            })
            .collect()
    }

    /// As `Shared::moderate`: the first statement writes, so the row is
    /// locked before the old name is read.
    pub(super) async fn moderate_daily(
        &self,
        key: &str,
        change: &NameChange,
        actor: &str,
        now: i64,
    ) -> Result<Moderated, StoreError> {
        let Some((game, day, variant, player)) = split_key(key) else {
            return Ok(Moderated::NoFirstSolver);
        };
        const WHERE: &str = "WHERE game = $1 AND day = $2 AND variant = $3 AND player = $4 \
                             AND counted AND name IS NOT NULL";
        let mut tx = self.0.begin().await?;
        let locked = sqlx::query(&format!("UPDATE daily_solves SET game = game {WHERE}"))
            .bind(game)
            .bind(day)
            .bind(variant)
            .bind(player)
            .execute(&mut *tx)
            .await?
            .rows();
        if locked == 0 {
            tx.rollback().await?;
            return Ok(Moderated::NoFirstSolver);
        }
        let row = sqlx::query(&format!("SELECT name, hidden_at FROM daily_solves {WHERE}"))
            .bind(game)
            .bind(day)
            .bind(variant)
            .bind(player)
            .fetch_one(&mut *tx)
            .await?;
        let old_name: Option<String> = row.try_get("name")?;
        let hidden_at: Option<i64> = row.try_get("hidden_at")?;
        let (set, value, new_name): (&str, Option<i64>, Option<&str>) = match change {
            NameChange::Hide if hidden_at.is_none() => ("hidden_at = $5", Some(now), None),
            NameChange::Unhide if hidden_at.is_some() => ("hidden_at = NULL", None, None),
            NameChange::Rename(name) if old_name.as_deref() != Some(name.as_str()) => {
                ("name = $5", None, Some(name.as_str()))
            }
            _ => {
                tx.rollback().await?;
                return Ok(Moderated::Unchanged);
            }
        };
        let update = format!("UPDATE daily_solves SET {set} {WHERE}");
        let query = sqlx::query(&update)
            .bind(game)
            .bind(day)
            .bind(variant)
            .bind(player);
        let query = match (value, new_name) {
            (Some(at), _) => query.bind(at),
            (None, Some(name)) => query.bind(name),
            (None, None) => query,
        };
        query.execute(&mut *tx).await?;
        sqlx::query(INSERT_AUDIT)
            .bind(now)
            .bind(actor)
            .bind(change.action())
            .bind(key)
            .bind(old_name.as_deref())
            .bind(new_name)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(Moderated::Changed)
    }
}

/// The open squares as stored: `12 40`.
fn shown_text(shown: &[u8]) -> String {
    shown
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// [`SEEN_BEFORE`] for `game`: is it a replay?
fn seen_before<'q, DB>(
    game: &'q ChessGame,
) -> sqlx::query::Query<'q, DB, <DB as Database>::Arguments<'q>>
where
    DB: Database,
    &'q str: Encode<'q, DB> + Type<DB>,
    &'q [u8]: Encode<'q, DB> + Type<DB>,
{
    sqlx::query(SEEN_BEFORE)
        .bind(game.day.as_str())
        .bind(game.player.as_str())
        .bind(game.id.as_slice())
}

/// [`INSERT_DAILY_SOLVE`]'s parameters.
fn bind_solve<'q, DB>(
    query: sqlx::query::Query<'q, DB, <DB as Database>::Arguments<'q>>,
    solve: &DailySolve<'q>,
) -> sqlx::query::Query<'q, DB, <DB as Database>::Arguments<'q>>
where
    DB: Database,
    &'q str: Encode<'q, DB> + Type<DB>,
    &'q [u8]: Encode<'q, DB> + Type<DB>,
    Option<&'q str>: Encode<'q, DB> + Type<DB>,
    Option<i64>: Encode<'q, DB> + Type<DB>,
    i64: Encode<'q, DB> + Type<DB>,
    bool: Encode<'q, DB> + Type<DB>,
{
    let query = query
        .bind(solve.nonce)
        .bind(solve.key.game)
        .bind(solve.key.day.as_str())
        .bind(solve.key.variant)
        .bind(solve.player)
        .bind(solve.time_ms)
        .bind(solve.moves)
        .bind(solve.assisted)
        .bind(solve.counted)
        .bind(solve.name)
        .bind(solve.solved_at);
    bind_entering(query, &solve.entering, solve.solved_at)
}

/// Implements [`DailyStore`] for a store type with its read and write pools.
macro_rules! daily_store {
    ($store:ty, $read:ident, $write:ident) => {
        #[async_trait::async_trait]
        impl $crate::storage::daily::DailyStore for $store {
            async fn daily_puzzle(
                &self,
                key: &DailyKey,
            ) -> Result<Option<StoredPuzzle>, StoreError> {
                DailyQueries(&self.$read).daily_puzzle(key).await
            }
            async fn store_daily_puzzle(
                &self,
                key: &DailyKey,
                made: &StoredPuzzle,
                now: i64,
            ) -> Result<StoredPuzzle, StoreError> {
                DailyQueries(&self.$write)
                    .store_daily_puzzle(key, made, now)
                    .await
            }
            async fn record_daily_solve(
                &self,
                solve: &DailySolve<'_>,
            ) -> Result<DailyRecorded, StoreError> {
                self.daily_writer.record(solve).await
            }
            async fn daily_table(
                &self,
                key: &DailyKey,
                player: Option<&str>,
                limit: i64,
            ) -> Result<DailyTable, StoreError> {
                DailyQueries(&self.$read)
                    .daily_table(key, player, limit)
                    .await
            }
            async fn daily_own(
                &self,
                key: &DailyKey,
                player: &str,
            ) -> Result<Option<DailyOwn>, StoreError> {
                DailyQueries(&self.$read).daily_own(key, player).await
            }
            async fn daily_rank(
                &self,
                key: &DailyKey,
                time_ms: i64,
                moves: Option<i64>,
            ) -> Result<i64, StoreError> {
                DailyQueries(&self.$read)
                    .daily_rank(key, time_ms, moves)
                    .await
            }
            async fn start_chess_game(&self, game: &ChessGame) -> Result<bool, StoreError> {
                DailyQueries(&self.$write).start_chess_game(game).await
            }
            async fn chess_game(&self, id: &[u8]) -> Result<Option<ChessGame>, StoreError> {
                // The writer: a turn reads what the previous turn wrote.
                DailyQueries(&self.$write).chess_game(id).await
            }
            async fn update_chess_game(
                &self,
                game: &ChessGame,
                turns_before: i64,
                solve: Option<&DailySolve<'_>>,
            ) -> Result<Option<bool>, StoreError> {
                DailyQueries(&self.$write)
                    .update_chess_game(game, turns_before, solve)
                    .await
            }
            async fn daily_names(&self) -> Result<Vec<DailyName>, StoreError> {
                DailyQueries(&self.$read).daily_names().await
            }
            async fn moderate_daily(
                &self,
                key: &str,
                change: &NameChange,
                actor: &str,
                now: i64,
            ) -> Result<Moderated, StoreError> {
                DailyQueries(&self.$write)
                    .moderate_daily(key, change, actor, now)
                    .await
            }
        }
    };
}

daily_store!(super::sqlite::SqliteStore, readers, writer);
daily_store!(super::postgres::PostgresStore, pool, pool);

/// SQLite records a batch of its store's
/// [`super::group_commit::DailyWriter`] a statement a solve (in process,
/// a statement costs no round trip); PostgreSQL in one statement
/// (`daily_batch.rs`).
#[async_trait::async_trait]
impl RecordBatch for sqlx::SqlitePool {
    async fn record_together(
        &self,
        batch: &[QueuedSolve],
    ) -> Result<Vec<DailyRecorded>, StoreError> {
        DailyQueries(self).record_in_one_transaction(batch).await
    }

    async fn record_alone(&self, solve: &QueuedSolve) -> Result<DailyRecorded, StoreError> {
        DailyQueries(self).record_daily_solve(&solve.solve()).await
    }
}

#[async_trait::async_trait]
impl RecordBatch for sqlx::PgPool {
    async fn record_together(
        &self,
        batch: &[QueuedSolve],
    ) -> Result<Vec<DailyRecorded>, StoreError> {
        super::daily_batch::record(self, batch).await
    }

    /// The same statement, for a batch of one: one way to record a solve.
    async fn record_alone(&self, solve: &QueuedSolve) -> Result<DailyRecorded, StoreError> {
        let mut outcomes = super::daily_batch::record(self, std::slice::from_ref(solve)).await?;
        outcomes
            .pop()
            .ok_or_else(|| StoreError::Database(sqlx::Error::RowNotFound))
    }

    /// An empty batch: the statement is planned again if its plan was
    /// dropped, and nothing is written.
    async fn keep_ready(&self) -> Result<(), StoreError> {
        super::daily_batch::record(self, &[]).await.map(drop)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_and_ranks() {
        assert_eq!(
            split_key("daily/kakuro/2026-11-25/hard/p-1"),
            Some(("kakuro", "2026-11-25", "hard", "p-1"))
        );
        assert_eq!(split_key("kakuro/2026-11-25/hard/p"), None);
        assert_eq!(split_key("daily/kakuro/2026-11-25"), None);
        let e = |time_ms, moves| DailyEntry {
            nonce: Vec::new(),
            name: None,
            time_ms,
            moves,
            provisional_until: 0,
        };
        let entries = [e(5, Some(3)), e(5, Some(3)), e(5, Some(4)), e(9, None)];
        assert_eq!(ranks(&entries), vec![1, 1, 3, 4]);
    }
}
