//! The daily puzzles themselves (issue 29), below the server's state: a
//! UTC [`Day`] and the window in which its play counts, and [`Dailies`],
//! each day's puzzles derived from a secret, stored and cached. The HTTP
//! side is `crate::daily`.
//!
//! A daily's seed is HMAC-SHA256 under a secret kept in the database
//! ([`SECRET_NAME`], made at first start like the token key), so every
//! server on one database makes the same puzzle and nobody can compute
//! tomorrow's from the code. A background task (`crate::daily::ahead`)
//! makes the next UTC day's dailies and the archive's before anyone asks,
//! in the compute slot reserved for them; a day nobody made yet is made on
//! first request (today's and tomorrow's in the reserved slot, archive
//! days in the client slots), stored with `INSERT … ON CONFLICT DO
//! NOTHING` and read back, so two servers making one daily at once serve
//! the one stored, then cached in the process.

use crate::error::ApiError;
use crate::limits::Compute;
use crate::storage::daily::{DailyKey, StoredPuzzle};
use crate::storage::Store;
use crate::token::TokenSigner;
use gridforge_kakuro::{Board, Cell, Difficulty};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// Name under which the daily secret is kept in the database.
pub const SECRET_NAME: &str = "daily-puzzles";
/// How long after a day's end its play still counts for its table.
pub const GRACE_MS: u64 = 2 * 60 * 60 * 1000;
/// Milliseconds in a day.
pub const DAY_MS: u64 = 24 * 60 * 60 * 1000;
/// How many past days are served (the archive).
pub const ARCHIVE_DAYS: i64 = 366;
/// Lines of a table's best times.
pub const TABLE_LINES: i64 = 10;
/// Most puzzles cached in a process (five a day; the whole archive fits).
const CACHE_CAP: usize = 4096;
/// Seeds tried for one daily before the server gives up (each generator
/// run is bounded by its own budget; the first seed nearly always works).
const ATTEMPTS: u32 = 4;

/// The side of each difficulty's daily Kakuro board (clue row and column
/// included).
pub const KAKURO_SIZES: [(Difficulty, usize); 4] = [
    (Difficulty::Easy, 10),
    (Difficulty::Medium, 12),
    (Difficulty::Hard, 13),
    (Difficulty::Expert, 15),
];

/// The key of a daily Kakuro.
pub fn kakuro_key(day: Day, difficulty: Difficulty) -> DailyKey {
    DailyKey {
        game: "kakuro",
        day: day.to_string(),
        variant: difficulty.name(),
    }
}

/// The board with rows and columns swapped (down and across clues swap
/// too): the same puzzle to a solver.
fn transposed(board: &Board) -> Option<Board> {
    let (rows, cols) = (board.rows(), board.cols());
    let cells = (0..cols * rows)
        .map(|i| {
            let (r, c) = (i / rows, i % rows);
            match board.cell(c, r)? {
                Cell::Clue { down, across } => Some(Cell::Clue {
                    down: across,
                    across: down,
                }),
                other => Some(other),
            }
        })
        .collect::<Option<Vec<Cell>>>()?;
    Board::from_cells(cols, rows, cells).ok()
}

/// A UTC day: days since 1970-01-01.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Day(pub i64);

impl Day {
    /// The day `ms` (Unix milliseconds) falls in.
    pub fn of_ms(ms: u64) -> Day {
        Day((ms / DAY_MS) as i64)
    }

    /// Its first millisecond.
    pub fn start_ms(self) -> u64 {
        (self.0.max(0) as u64) * DAY_MS
    }

    /// When its daily closes (the end of the day plus the grace): the
    /// paths of its daily solves are published from then on.
    pub fn closes_at(self) -> u64 {
        self.start_ms() + DAY_MS + GRACE_MS
    }

    /// Whether play at `ms` counts for this day: from its midnight to the
    /// next plus the grace.
    pub fn counts_at(self, ms: u64) -> bool {
        let start = self.start_ms();
        ms >= start && ms < start + DAY_MS + GRACE_MS
    }

    /// Year, month and day (Howard Hinnant's `civil_from_days`).
    pub fn civil(self) -> (i64, u32, u32) {
        let z = self.0 + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z.rem_euclid(146_097);
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
        let month = (if mp < 10 { mp + 3 } else { mp - 9 }) as u32;
        (yoe + era * 400 + i64::from(month <= 2), month, day)
    }

    /// The day of a civil date (`days_from_civil`), if the date exists.
    pub fn from_civil(year: i64, month: u32, day: u32) -> Option<Day> {
        if !(1..=12).contains(&month) || day == 0 || day > 31 {
            return None;
        }
        let y = year - i64::from(month <= 2);
        let era = y.div_euclid(400);
        let yoe = y.rem_euclid(400);
        let m = i64::from(month);
        let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(day) - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        let found = Day(era * 146_097 + doe - 719_468);
        // 31 February comes back as 3 March: not a date.
        (found.civil() == (year, month, day)).then_some(found)
    }

    /// Reads `YYYY-MM-DD`.
    pub fn parse(text: &str) -> Option<Day> {
        let b = text.as_bytes();
        let digits = |r: std::ops::Range<usize>| {
            b[r.clone()]
                .iter()
                .all(u8::is_ascii_digit)
                .then(|| text[r].parse::<u32>().ok())
                .flatten()
        };
        if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
            return None;
        }
        Day::from_civil(i64::from(digits(0..4)?), digits(5..7)?, digits(8..10)?)
    }
}

impl std::fmt::Display for Day {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (y, m, d) = self.civil();
        write!(f, "{y:04}-{m:02}-{d:02}")
    }
}

/// The daily puzzles of this server: the seed key and the cache.
pub struct Dailies {
    /// HMAC under the daily secret.
    seeder: TokenSigner,
    /// Puzzles read or made, by daily.
    cache: Mutex<HashMap<DailyKey, Arc<StoredPuzzle>>>,
    /// One generation per daily at a time in this process (the first
    /// request for a daily makes it, the others wait for it); a lock per
    /// daily, so that an archive day waiting for a client slot never holds
    /// up today's.
    making: Mutex<HashMap<DailyKey, Arc<tokio::sync::Mutex<()>>>>,
}

impl std::fmt::Debug for Dailies {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Dailies(..)")
    }
}

impl Dailies {
    /// The dailies with the secret read from the database.
    pub fn new(secret: &[u8]) -> Dailies {
        Dailies {
            seeder: TokenSigner::new(secret),
            cache: Mutex::new(HashMap::new()),
            making: Mutex::new(HashMap::new()),
        }
    }

    /// The seed of a daily's `attempt`-th try: the first 8 bytes of
    /// HMAC-SHA256(secret, "gridforge/daily/v1" ‖ "game/day/variant/attempt").
    pub fn seed(&self, key: &DailyKey, attempt: u32) -> u64 {
        let message = format!("{}/{}/{}/{attempt}", key.game, key.day, key.variant);
        let text = self
            .seeder
            .sign_payload(b"gridforge/daily/v1", message.as_bytes());
        // The MAC is the last 64 hex digits.
        let mac = &text[text.len() - 64..];
        u64::from_str_radix(&mac[..16], 16).expect("hex digits")
    }

    /// The secret nonce of one game of a daily played on the server (a
    /// ChessMemory game, whose board is made from it): the first 8 bytes of
    /// HMAC-SHA256(secret, "gridforge/daily/game/v1" ‖ "game/day/variant/"
    /// ‖ the game's id). Every server on the database gets the same nonce
    /// for a game; without the secret, the id tells nothing about it.
    pub fn game_nonce(&self, key: &DailyKey, game_id: &[u8]) -> u64 {
        let mut message = format!("{}/{}/{}/", key.game, key.day, key.variant).into_bytes();
        message.extend_from_slice(game_id);
        let text = self
            .seeder
            .sign_payload(b"gridforge/daily/game/v1", &message);
        let mac = &text[text.len() - 64..];
        u64::from_str_radix(&mac[..16], 16).expect("hex digits")
    }

    fn cached(&self, key: &DailyKey) -> Option<Arc<StoredPuzzle>> {
        let cache = self.cache.lock().unwrap_or_else(|p| p.into_inner());
        cache.get(key).cloned()
    }

    fn remember(&self, key: &DailyKey, puzzle: StoredPuzzle) -> Arc<StoredPuzzle> {
        let puzzle = Arc::new(puzzle);
        let mut cache = self.cache.lock().unwrap_or_else(|p| p.into_inner());
        if cache.len() >= CACHE_CAP {
            cache.clear();
        }
        cache.insert(key.clone(), puzzle.clone());
        puzzle
    }

    /// The lock of one daily's generation (made on first use, forgotten
    /// once nobody holds it).
    fn making_lock(&self, key: &DailyKey) -> Arc<tokio::sync::Mutex<()>> {
        let mut making = self.making.lock().unwrap_or_else(|p| p.into_inner());
        making.retain(|_, lock| Arc::strong_count(lock) > 1);
        making.entry(key.clone()).or_default().clone()
    }

    /// Whether a daily is made: in this process's cache, or stored (then
    /// cached).
    pub async fn is_made(&self, store: &dyn Store, key: &DailyKey) -> Result<bool, ApiError> {
        if self.cached(key).is_some() {
            return Ok(true);
        }
        Ok(match store.daily_puzzle(key).await? {
            Some(found) => {
                self.remember(key, found);
                true
            }
            None => false,
        })
    }

    /// The stored puzzle of a daily if it was made already (cached or
    /// read), never making it: what the free Kakuro routes compare a board
    /// against (a daily nobody asked for has no clues anyone could send).
    pub async fn known(
        &self,
        store: &dyn Store,
        key: &DailyKey,
    ) -> Result<Option<Arc<StoredPuzzle>>, ApiError> {
        if let Some(found) = self.cached(key) {
            return Ok(Some(found));
        }
        Ok(store
            .daily_puzzle(key)
            .await?
            .map(|found| self.remember(key, found)))
    }

    /// The daily Kakuro counting at `now` (today's, or yesterday's in its
    /// grace) whose clues `board` has, as given or transposed, with or
    /// without digits written in: its day and difficulty. Only dailies
    /// already made are compared (one nobody started has no clues anyone
    /// could send); a board of no daily's size is not looked at.
    pub async fn counting_kakuro(
        &self,
        store: &dyn Store,
        now: u64,
        board: &Board,
    ) -> Result<Option<(Day, Difficulty)>, ApiError> {
        let side = board.rows();
        let Some(&(difficulty, _)) = KAKURO_SIZES
            .iter()
            .find(|(_, s)| *s == side && board.cols() == side)
        else {
            return Ok(None);
        };
        let cleared = board.cleared();
        let flipped = transposed(&cleared);
        let today = Day::of_ms(now);
        for day in [today, Day(today.0 - 1)] {
            if !day.counts_at(now) {
                continue;
            }
            let Some(stored) = self.known(store, &kakuro_key(day, difficulty)).await? else {
                continue;
            };
            let Ok(puzzle) = stored.puzzle.parse::<Board>() else {
                continue;
            };
            if puzzle == cleared || Some(&puzzle) == flipped.as_ref() {
                return Ok(Some((day, difficulty)));
            }
        }
        Ok(None)
    }

    /// The stored puzzle of a daily: cached, or read, or made with `make`
    /// (given the seed of each attempt; run in the reserved compute slot
    /// when `reserved`, else in a client slot) and stored with `now`.
    pub async fn puzzle<E: std::fmt::Display + Send + 'static>(
        &self,
        store: &dyn Store,
        compute: &Compute,
        now: i64,
        key: &DailyKey,
        make: fn(u64) -> Result<StoredPuzzle, E>,
        reserved: bool,
    ) -> Result<Arc<StoredPuzzle>, ApiError> {
        if let Some(found) = self.cached(key) {
            return Ok(found);
        }
        if let Some(found) = store.daily_puzzle(key).await? {
            return Ok(self.remember(key, found));
        }
        let lock = self.making_lock(key);
        let _making = lock.lock().await;
        // Made meanwhile by another request of this process?
        if let Some(found) = self.cached(key) {
            return Ok(found);
        }
        let seeds: Vec<u64> = (0..ATTEMPTS).map(|a| self.seed(key, a)).collect();
        let work = move || {
            let mut last = String::new();
            for seed in seeds {
                match make(seed) {
                    Ok(made) => return Ok(made),
                    Err(e) => last = e.to_string(),
                }
            }
            Err(last)
        };
        let made = if reserved {
            compute.run_reserved(work).await?
        } else {
            compute.run(work).await?
        }
        .map_err(|e| ApiError::internal("the daily puzzle could not be made", &e))?;
        let stored = store.store_daily_puzzle(key, &made, now).await?;
        if stored != made {
            tracing::info!(game = key.game, day = %key.day, "another server stored this daily first");
        }
        Ok(self.remember(key, stored))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_and_dates() {
        assert_eq!(Day(0).to_string(), "1970-01-01");
        assert_eq!(
            Day::parse("2000-02-29").map(|d| d.start_ms()),
            Some(951_782_400_000)
        );
        assert_eq!(Day::parse("2026-11-25").unwrap().to_string(), "2026-11-25");
        for bad in [
            "2026-02-29",
            "2026-13-01",
            "2026-1-01",
            "2026/11/25",
            "+026-11-25",
            "",
            "2026-11-25x",
        ] {
            assert_eq!(Day::parse(bad), None, "{bad}");
        }
        for n in [-1000, 0, 59, 60, 20_000, 20_782] {
            assert_eq!(Day::parse(&Day(n).to_string()), Some(Day(n)));
        }
    }

    #[test]
    fn a_days_window_has_its_grace() {
        let day = Day::parse("2026-11-25").unwrap();
        let start = day.start_ms();
        assert!(!day.counts_at(start - 1));
        assert!(day.counts_at(start));
        assert!(day.counts_at(start + DAY_MS + GRACE_MS - 1));
        assert!(!day.counts_at(start + DAY_MS + GRACE_MS));
        assert_eq!(Day::of_ms(start + DAY_MS - 1), day);
    }

    #[test]
    fn a_transposed_board_is_the_same_puzzle_turned() {
        let params = gridforge_kakuro::RectParams::square(10, Difficulty::Easy).unwrap();
        let board = gridforge_kakuro::generate(&params, 38).unwrap().puzzle;
        let flipped = transposed(&board).unwrap();
        assert_ne!(flipped, board);
        assert_eq!(transposed(&flipped).unwrap(), board);
        // The solver finds the transposed puzzle's one solution: the same
        // digits, turned.
        let a = gridforge_kakuro::solve(&board, 2, 2_000_000).unwrap();
        let b = gridforge_kakuro::solve(&flipped, 2, 2_000_000).unwrap();
        assert_eq!((a.solutions.len(), b.solutions.len()), (1, 1));
        for r in 0..board.rows() {
            for c in 0..board.cols() {
                assert_eq!(
                    a.solutions[0].digit(r, c),
                    b.solutions[0].digit(c, r),
                    "({r},{c})"
                );
            }
        }
    }

    #[test]
    fn seeds_depend_on_the_secret_and_the_daily() {
        let key = |day: &str| DailyKey {
            game: "kakuro",
            day: day.into(),
            variant: "easy",
        };
        let a = Dailies::new(b"one");
        let b = Dailies::new(b"two");
        assert_eq!(a.seed(&key("2026-11-25"), 0), a.seed(&key("2026-11-25"), 0));
        assert_ne!(a.seed(&key("2026-11-25"), 0), b.seed(&key("2026-11-25"), 0));
        assert_ne!(a.seed(&key("2026-11-25"), 0), a.seed(&key("2026-11-26"), 0));
        assert_ne!(a.seed(&key("2026-11-25"), 0), a.seed(&key("2026-11-25"), 1));
    }

    #[test]
    fn game_nonces_depend_on_the_secret_the_daily_and_the_game() {
        let key = |day: &str| DailyKey {
            game: "chess",
            day: day.into(),
            variant: "setup",
        };
        let a = Dailies::new(b"one");
        let b = Dailies::new(b"two");
        let today = key("2026-11-25");
        assert_eq!(
            a.game_nonce(&today, &[1; 16]),
            a.game_nonce(&today, &[1; 16])
        );
        assert_ne!(
            a.game_nonce(&today, &[1; 16]),
            b.game_nonce(&today, &[1; 16])
        );
        assert_ne!(
            a.game_nonce(&today, &[1; 16]),
            a.game_nonce(&today, &[2; 16])
        );
        assert_ne!(
            a.game_nonce(&today, &[1; 16]),
            a.game_nonce(&key("2026-11-26"), &[1; 16])
        );
        // Another domain than the day's seed: no game's nonce is a day's seed.
        assert_ne!(a.game_nonce(&today, &[]), a.seed(&today, 0));
    }
}
