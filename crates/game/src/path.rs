//! Solving paths ("input logs"): what two games share of them.
//!
//! A solving path is every input a player made on the way to a solve, each
//! with its time in ms since the start: Kakuro's digits set and erased,
//! Triplex's and BlockPuzzle's pieces placed and removed. The client sends it
//! with the solve as one compact text; the server replays it against the
//! puzzle (each game crate has its `path::replay`) and gets [`PathStats`],
//! from which [`review_flags`] says whether a person is likely to have made
//! it.
//!
//! # Wire format, version 1
//!
//! The text is base64url (RFC 4648 §5, alphabet `A-Z a-z 0-9 - _`) without
//! padding, of these bytes:
//!
//! ```text
//! u8      version = 1
//! u8      game    = 1 Kakuro, 2 Triplex and BlockPuzzle (PathGame)
//! varint  n       = number of events, 1 ..= MAX_PATH_EVENTS
//! n × { varint dt_ms (>= 1, since the previous event or the start), game body }
//! ```
//!
//! with nothing after the last event. A varint is unsigned LEB128 (seven bits
//! a byte, lowest first, the high bit set on every byte but the last), in its
//! shortest form only, below 2^53 (so JavaScript numbers hold it exactly).
//! Each game crate documents its event body. `web/js/solve-path.js` writes
//! the same bytes; the fixtures in `web-tests/unit/fixtures/solve-paths.json`
//! are read by the tests of both sides.
//!
//! Every `dt` is at least 1, so times strictly increase; the text, the event
//! count and the last time are capped ([`MAX_PATH_CHARS`],
//! [`MAX_PATH_EVENTS`], [`MAX_PATH_MS`]) so a path costs little to read
//! whatever a client sends.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use std::fmt;

/// Longest path text accepted, in characters (24 KiB of bytes).
pub const MAX_PATH_CHARS: usize = 32_768;
/// Most events a path may have: many times the inputs of any daily puzzle.
pub const MAX_PATH_EVENTS: usize = 4_096;
/// Latest time an event may have: 31 days after the start.
pub const MAX_PATH_MS: u64 = 31 * 86_400_000;
/// The wire format's version byte.
pub const PATH_VERSION: u8 = 1;
/// Largest varint value (2^53 − 1, JavaScript's largest exact integer).
pub const MAX_VARINT: u64 = (1 << 53) - 1;

/// Which game a path is for (the second byte of the wire format).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PathGame {
    /// Kakuro: digits set and erased.
    Kakuro = 1,
    /// Triplex and BlockPuzzle: pieces placed and removed.
    Triplex = 2,
}

impl PathGame {
    /// The game's name in error messages.
    pub fn name(self) -> &'static str {
        match self {
            PathGame::Kakuro => "kakuro",
            PathGame::Triplex => "triplex",
        }
    }
}

/// Why a path text does not read; each says what and where (byte offsets are
/// of the decoded bytes, events count from 0).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PathError {
    /// The text is longer than [`MAX_PATH_CHARS`].
    #[error("the path is {chars} characters long, more than the {max} allowed")]
    TooLong {
        /// Its length.
        chars: usize,
        /// The cap.
        max: usize,
    },
    /// The text is not unpadded base64url.
    #[error("the path is not unpadded base64url")]
    NotBase64,
    /// The bytes end in the middle of something.
    #[error("the path is cut short at byte {at}")]
    Truncated {
        /// Where the bytes ended.
        at: usize,
    },
    /// The version byte is not [`PATH_VERSION`].
    #[error("the path has version {found}, this server reads version {PATH_VERSION}")]
    Version {
        /// The version found.
        found: u8,
    },
    /// The path is for another game.
    #[error("the path is for game {found}, not {} ({})", *expected as u8, expected.name())]
    WrongGame {
        /// The game the reader expected.
        expected: PathGame,
        /// The game byte found.
        found: u8,
    },
    /// The event count is 0 or above [`MAX_PATH_EVENTS`].
    #[error("the path has {count} events; it needs 1 to {max}")]
    EventCount {
        /// The count given.
        count: u64,
        /// The cap.
        max: usize,
    },
    /// A varint is longer than its shortest form or above [`MAX_VARINT`].
    #[error("the number at byte {at} is not a shortest varint below 2^53")]
    BadVarint {
        /// Where it starts.
        at: usize,
    },
    /// An event comes 0 ms after the one before: times must strictly increase.
    #[error("event {event} comes 0 ms after the one before; times must strictly increase")]
    NotIncreasing {
        /// The event.
        event: usize,
    },
    /// An event comes later than [`MAX_PATH_MS`] after the start.
    #[error("event {event} comes more than {MAX_PATH_MS} ms after the start")]
    TooLate {
        /// The event.
        event: usize,
    },
    /// An event's body holds a value the game does not have.
    #[error("event {event}: {what} {value} is out of range")]
    BadValue {
        /// The event.
        event: usize,
        /// What the value is (e.g. "cell count").
        what: &'static str,
        /// The value.
        value: u64,
    },
    /// Bytes follow the last event.
    #[error("{extra} bytes follow the last event")]
    Trailing {
        /// How many.
        extra: usize,
    },
}

/// Writes a path in the wire format: [`PathWriter::event`] before each
/// event's body, [`PathWriter::varint`] for the body's numbers.
#[derive(Debug)]
pub struct PathWriter {
    bytes: Vec<u8>,
    last_ms: u64,
}

impl PathWriter {
    /// A path of `game` with `events` events to come.
    pub fn new(game: PathGame, events: usize) -> PathWriter {
        let mut writer = PathWriter {
            bytes: vec![PATH_VERSION, game as u8],
            last_ms: 0,
        };
        writer.varint(events as u64);
        writer
    }

    /// Starts an event at `t_ms` since the start (written as the gap since the
    /// previous event; a time not after it writes a gap of 0, which no reader
    /// accepts).
    pub fn event(&mut self, t_ms: u64) {
        self.varint(t_ms.saturating_sub(self.last_ms));
        self.last_ms = t_ms;
    }

    /// Writes one number as a varint.
    pub fn varint(&mut self, mut value: u64) {
        while value >= 0x80 {
            self.bytes.push((value as u8 & 0x7f) | 0x80);
            value >>= 7;
        }
        self.bytes.push(value as u8);
    }

    /// The path's text.
    pub fn finish(self) -> String {
        URL_SAFE_NO_PAD.encode(self.bytes)
    }
}

/// Reads a path in the wire format: [`PathReader::open`] checks the header,
/// then [`PathReader::next_event`] gives each event's time and
/// [`PathReader::varint`] its body's numbers.
#[derive(Debug)]
pub struct PathReader {
    bytes: Vec<u8>,
    at: usize,
    events: usize,
    read: usize,
    last_ms: u64,
}

impl PathReader {
    /// Decodes `text` and reads its header, expecting a path of `game`.
    pub fn open(text: &str, game: PathGame) -> Result<PathReader, PathError> {
        let chars = text.chars().count();
        if chars > MAX_PATH_CHARS {
            return Err(PathError::TooLong {
                chars,
                max: MAX_PATH_CHARS,
            });
        }
        let bytes = URL_SAFE_NO_PAD
            .decode(text)
            .map_err(|_| PathError::NotBase64)?;
        let mut reader = PathReader {
            bytes,
            at: 0,
            events: 0,
            read: 0,
            last_ms: 0,
        };
        let version = reader.byte()?;
        if version != PATH_VERSION {
            return Err(PathError::Version { found: version });
        }
        let found = reader.byte()?;
        if found != game as u8 {
            return Err(PathError::WrongGame {
                expected: game,
                found,
            });
        }
        let count = reader.varint()?;
        if count == 0 || count > MAX_PATH_EVENTS as u64 {
            return Err(PathError::EventCount {
                count,
                max: MAX_PATH_EVENTS,
            });
        }
        reader.events = count as usize;
        Ok(reader)
    }

    /// How many events the header announced.
    pub fn events(&self) -> usize {
        self.events
    }

    /// The next event's time in ms since the start, or `None` after the last
    /// event (then checks that no bytes follow).
    pub fn next_event(&mut self) -> Result<Option<u64>, PathError> {
        if self.read == self.events {
            let extra = self.bytes.len() - self.at;
            return if extra == 0 {
                Ok(None)
            } else {
                Err(PathError::Trailing { extra })
            };
        }
        let event = self.read;
        let dt = self.varint()?;
        if dt == 0 {
            return Err(PathError::NotIncreasing { event });
        }
        let t = self.last_ms.saturating_add(dt);
        if t > MAX_PATH_MS {
            return Err(PathError::TooLate { event });
        }
        self.last_ms = t;
        self.read += 1;
        Ok(Some(t))
    }

    /// The index of the event being read (for error messages).
    pub fn event_index(&self) -> usize {
        self.read.saturating_sub(1)
    }

    /// Reads one number of the current event's body, refusing one above `max`
    /// as a [`PathError::BadValue`] named `what`.
    pub fn value(&mut self, what: &'static str, max: u64) -> Result<u64, PathError> {
        let value = self.varint()?;
        if value > max {
            return Err(PathError::BadValue {
                event: self.event_index(),
                what,
                value,
            });
        }
        Ok(value)
    }

    /// Reads one varint.
    pub fn varint(&mut self) -> Result<u64, PathError> {
        let start = self.at;
        let mut value = 0u64;
        // Eight bytes hold 56 bits, more than 53: a ninth is never needed.
        for shift in (0..56).step_by(7) {
            let byte = self.byte()?;
            value |= u64::from(byte & 0x7f) << shift;
            if byte & 0x80 == 0 {
                // The shortest form never ends in a zero byte (except 0 itself).
                if byte == 0 && shift > 0 {
                    return Err(PathError::BadVarint { at: start });
                }
                if value > MAX_VARINT {
                    return Err(PathError::BadVarint { at: start });
                }
                return Ok(value);
            }
        }
        Err(PathError::BadVarint { at: start })
    }

    fn byte(&mut self) -> Result<u8, PathError> {
        let byte = *self
            .bytes
            .get(self.at)
            .ok_or(PathError::Truncated { at: self.at })?;
        self.at += 1;
        Ok(byte)
    }
}

/// How the end of a path must meet the solve's time as the server measured
/// it: the last event at most `solve_ms`, and at least `solve_ms - slack_ms`
/// (the slack covers the way from the client's last input to the server).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timing {
    /// The solve's time, ms from the start to the server's receipt.
    pub solve_ms: u64,
    /// How much earlier than `solve_ms` the last event may be.
    pub slack_ms: u64,
}

impl Timing {
    /// Whether a path whose last event is at `last_ms` ends at the solve's time.
    pub fn accepts(self, last_ms: u64) -> bool {
        last_ms <= self.solve_ms && last_ms.saturating_add(self.slack_ms) >= self.solve_ms
    }
}

/// What a replayed path looks like: the figures the review and the
/// moderators look at.
#[derive(Clone, Debug, PartialEq)]
pub struct PathStats {
    /// Every event.
    pub events: usize,
    /// Digits set / pieces placed (a move of a placed piece included).
    pub placements: usize,
    /// Erases and overwrites / removals and moves of a placed piece: the
    /// inputs a person makes when they change their mind.
    pub corrections: usize,
    /// The last event's time, ms since the start.
    pub duration_ms: u64,
    /// Coefficient of variation (standard deviation / mean) of the gaps
    /// between consecutive events (the wait before the first is left out:
    /// it is reading time); 0 with fewer than two gaps.
    pub pacing_cv: f64,
    /// Quartile coefficient of dispersion of the same gaps,
    /// (Q3 − Q1) / (Q3 + Q1): like the CV, but a few long pauses in a
    /// metronome do not raise it.
    pub pacing_dispersion: f64,
    /// Fraction of placements that filled the first empty cell in reading
    /// order (row by row) or, whichever is higher, column by column; 0..=1.
    pub reading_order: f64,
}

/// Counts a replay's events into [`PathStats`]; each game's replay feeds it.
#[derive(Clone, Debug, Default)]
pub struct PathTally {
    events: usize,
    placements: usize,
    corrections: usize,
    in_row_order: usize,
    in_column_order: usize,
    last_ms: u64,
    gaps: Vec<u64>,
}

/// One event as [`PathTally::record`] counts it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TalliedEvent {
    /// Its time, ms since the start.
    pub t_ms: u64,
    /// It set a digit / placed a piece.
    pub placement: bool,
    /// It changed or took back an earlier input.
    pub correction: bool,
    /// It filled the first empty cell row by row.
    pub first_in_rows: bool,
    /// It filled the first empty cell column by column.
    pub first_in_columns: bool,
}

impl PathTally {
    /// An empty tally for a path of `events` events.
    pub fn with_capacity(events: usize) -> PathTally {
        PathTally {
            gaps: Vec::with_capacity(events),
            ..PathTally::default()
        }
    }

    /// Counts one event (events come in time order).
    pub fn record(&mut self, event: TalliedEvent) {
        if self.events > 0 {
            self.gaps.push(event.t_ms.saturating_sub(self.last_ms));
        }
        self.events += 1;
        self.last_ms = event.t_ms;
        self.placements += usize::from(event.placement);
        self.corrections += usize::from(event.correction);
        self.in_row_order += usize::from(event.placement && event.first_in_rows);
        self.in_column_order += usize::from(event.placement && event.first_in_columns);
    }

    /// The statistics of the events counted.
    pub fn finish(mut self) -> PathStats {
        let (pacing_cv, pacing_dispersion) = pacing(&mut self.gaps);
        let in_order = self.in_row_order.max(self.in_column_order);
        PathStats {
            events: self.events,
            placements: self.placements,
            corrections: self.corrections,
            duration_ms: self.last_ms,
            pacing_cv,
            pacing_dispersion,
            reading_order: if self.placements == 0 {
                0.0
            } else {
                in_order as f64 / self.placements as f64
            },
        }
    }
}

/// The coefficient of variation and the quartile coefficient of dispersion
/// of `gaps` (sorted in place); both 0 with fewer than two gaps.
fn pacing(gaps: &mut [u64]) -> (f64, f64) {
    if gaps.len() < 2 {
        return (0.0, 0.0);
    }
    let n = gaps.len() as f64;
    let mean = gaps.iter().map(|&g| g as f64).sum::<f64>() / n;
    let variance = gaps.iter().map(|&g| (g as f64 - mean).powi(2)).sum::<f64>() / n;
    let cv = if mean > 0.0 {
        variance.sqrt() / mean
    } else {
        0.0
    };
    gaps.sort_unstable();
    let quartile = |q: f64| {
        // Linear interpolation between the closest ranks.
        let rank = q * (n - 1.0);
        let low = rank.floor() as usize;
        let high = rank.ceil() as usize;
        let frac = rank - low as f64;
        gaps[low] as f64 * (1.0 - frac) + gaps[high] as f64 * frac
    };
    let (q1, q3) = (quartile(0.25), quartile(0.75));
    let dispersion = if q1 + q3 > 0.0 {
        (q3 - q1) / (q3 + q1)
    } else {
        0.0
    };
    (cv, dispersion)
}

/// Below this pacing CV a path without a single correction is mechanical.
///
/// People's gaps between inputs are heavy-tailed (quick strings of easy
/// inputs, long thinks): a log-normal with σ = 0.6 (a steady solver) has a
/// CV of 0.66, and most people are far above; over the 7 to 22 gaps of a
/// small level the sample CV of such a steady person still stays above 0.35
/// (the tests' simulated players). A script sleeping a constant time with
/// ±20 % uniform jitter has a CV of 0.12, with ±50 % of 0.29.
pub const MECHANICAL_CV: f64 = 0.3;
/// Below this quartile dispersion a path without a single correction is
/// mechanical, so a metronome with a few long pauses added (which raise the
/// CV, not the quartiles) is caught too: ±10 % jitter gives 0.05, ±20 %
/// 0.1. A steady person's (σ = 0.6) is 0.38, but over 20 gaps a sample can
/// fall to 0.12, hence the low threshold.
pub const MECHANICAL_DISPERSION: f64 = 0.1;
/// At or above this fraction of placements in reading (or column) order, a
/// path is a fill, not a solve: a person follows the deductions, which jump
/// around the grid.
pub const READING_ORDER_FRACTION: f64 = 0.9;
/// The pacing and order flags need at least this many placements: on a
/// tiny puzzle a few inputs in order or at an even pace prove nothing.
pub const MIN_PLACEMENTS_TO_FLAG: usize = 6;

/// Why a path goes to the review queue: what a person does not do.
#[derive(Clone, Debug, PartialEq)]
pub enum ReviewFlag {
    /// Not one correction and near-constant pacing ([`MECHANICAL_CV`],
    /// [`MECHANICAL_DISPERSION`]).
    MechanicalPacing {
        /// The path's pacing CV.
        pacing_cv: f64,
        /// The path's quartile dispersion.
        pacing_dispersion: f64,
    },
    /// The grid filled in reading order ([`READING_ORDER_FRACTION`]).
    ReadingOrder {
        /// The fraction of placements in order.
        fraction: f64,
    },
    /// Solved faster than the puzzle's human floor (each game's
    /// `path::human_floor_ms`).
    BelowHumanFloor {
        /// The solve's time.
        time_ms: u64,
        /// The floor.
        floor_ms: u64,
    },
}

impl ReviewFlag {
    /// A short stable name for storage and JSON: `mechanical_pacing`,
    /// `reading_order` or `below_human_floor`.
    pub fn code(&self) -> &'static str {
        match self {
            ReviewFlag::MechanicalPacing { .. } => "mechanical_pacing",
            ReviewFlag::ReadingOrder { .. } => "reading_order",
            ReviewFlag::BelowHumanFloor { .. } => "below_human_floor",
        }
    }
}

/// Writes one line for the review queue, e.g. `reading_order: 97% of placements`.
impl fmt::Display for ReviewFlag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReviewFlag::MechanicalPacing {
                pacing_cv,
                pacing_dispersion,
            } => write!(
                f,
                "{}: no correction, pacing CV {pacing_cv:.2}, dispersion {pacing_dispersion:.2}",
                self.code()
            ),
            ReviewFlag::ReadingOrder { fraction } => write!(
                f,
                "{}: {:.0}% of placements in order",
                self.code(),
                fraction * 100.0
            ),
            ReviewFlag::BelowHumanFloor { time_ms, floor_ms } => write!(
                f,
                "{}: {time_ms} ms, the floor is {floor_ms} ms",
                self.code()
            ),
        }
    }
}

/// The flags of a solve whose path has `stats`, solved in `time_ms` on a
/// puzzle whose human floor is `floor_ms`; empty when nothing looks scripted.
pub fn review_flags(stats: &PathStats, time_ms: u64, floor_ms: u64) -> Vec<ReviewFlag> {
    let mut flags = Vec::new();
    let enough = stats.placements >= MIN_PLACEMENTS_TO_FLAG;
    if enough
        && stats.corrections == 0
        && (stats.pacing_cv < MECHANICAL_CV || stats.pacing_dispersion < MECHANICAL_DISPERSION)
    {
        flags.push(ReviewFlag::MechanicalPacing {
            pacing_cv: stats.pacing_cv,
            pacing_dispersion: stats.pacing_dispersion,
        });
    }
    if enough && stats.reading_order >= READING_ORDER_FRACTION {
        flags.push(ReviewFlag::ReadingOrder {
            fraction: stats.reading_order,
        });
    }
    if time_ms < floor_ms {
        flags.push(ReviewFlag::BelowHumanFloor { time_ms, floor_ms });
    }
    flags
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(values: &[u64]) -> String {
        let mut w = PathWriter::new(PathGame::Kakuro, values.len());
        for (i, &v) in values.iter().enumerate() {
            w.event(10 * (i as u64 + 1));
            w.varint(v);
        }
        w.finish()
    }

    #[test]
    fn varints_round_trip_at_every_width() {
        let values = [0, 1, 127, 128, 16_383, 16_384, 1 << 35, MAX_VARINT];
        let text = write(&values);
        let mut r = PathReader::open(&text, PathGame::Kakuro).unwrap();
        for (i, &v) in values.iter().enumerate() {
            assert_eq!(r.next_event().unwrap(), Some(10 * (i as u64 + 1)));
            assert_eq!(r.varint().unwrap(), v);
        }
        assert_eq!(r.next_event().unwrap(), None);
    }

    fn bytes_text(bytes: &[u8]) -> String {
        URL_SAFE_NO_PAD.encode(bytes)
    }

    #[test]
    fn overlong_and_huge_varints_are_refused() {
        // One event, dt = 1 written as 0x81 0x00 (overlong).
        let overlong = bytes_text(&[1, 1, 1, 0x81, 0x00, 5]);
        let mut r = PathReader::open(&overlong, PathGame::Kakuro).unwrap();
        assert_eq!(r.next_event(), Err(PathError::BadVarint { at: 3 }));
        // 2^53 in a body.
        let mut w = PathWriter::new(PathGame::Kakuro, 1);
        w.event(1);
        w.varint(MAX_VARINT + 1);
        let mut r = PathReader::open(&w.finish(), PathGame::Kakuro).unwrap();
        r.next_event().unwrap();
        assert!(matches!(r.varint(), Err(PathError::BadVarint { .. })));
        // Ten bytes of continuation never overflow a shift.
        let long = bytes_text(&[
            1, 1, 1, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f,
        ]);
        let mut r = PathReader::open(&long, PathGame::Kakuro).unwrap();
        assert!(matches!(r.next_event(), Err(PathError::BadVarint { .. })));
    }

    #[test]
    fn headers_times_and_tails_are_checked() {
        assert_eq!(
            PathReader::open("!!", PathGame::Kakuro).unwrap_err(),
            PathError::NotBase64
        );
        assert_eq!(
            PathReader::open(&bytes_text(&[2, 1, 1]), PathGame::Kakuro).unwrap_err(),
            PathError::Version { found: 2 }
        );
        assert_eq!(
            PathReader::open(&bytes_text(&[1, 2, 1]), PathGame::Kakuro).unwrap_err(),
            PathError::WrongGame {
                expected: PathGame::Kakuro,
                found: 2
            }
        );
        assert!(matches!(
            PathReader::open(&bytes_text(&[1, 1, 0]), PathGame::Kakuro),
            Err(PathError::EventCount { count: 0, .. })
        ));
        assert!(matches!(
            PathReader::open(&bytes_text(&[1, 1, 0x81, 0x20]), PathGame::Kakuro),
            Err(PathError::EventCount { count: 4097, .. })
        ));
        assert_eq!(
            PathReader::open(&bytes_text(&[1]), PathGame::Kakuro).unwrap_err(),
            PathError::Truncated { at: 1 }
        );
        assert_eq!(
            PathReader::open(&"A".repeat(MAX_PATH_CHARS + 1), PathGame::Kakuro).unwrap_err(),
            PathError::TooLong {
                chars: MAX_PATH_CHARS + 1,
                max: MAX_PATH_CHARS
            }
        );
        let mut zero_gap =
            PathReader::open(&bytes_text(&[1, 1, 1, 0, 3]), PathGame::Kakuro).unwrap();
        assert_eq!(
            zero_gap.next_event(),
            Err(PathError::NotIncreasing { event: 0 })
        );
        let mut trailing =
            PathReader::open(&bytes_text(&[1, 1, 1, 5, 3, 9, 9]), PathGame::Kakuro).unwrap();
        assert_eq!(trailing.next_event(), Ok(Some(5)));
        assert_eq!(trailing.varint(), Ok(3));
        assert_eq!(trailing.next_event(), Err(PathError::Trailing { extra: 2 }));
        let mut late = PathWriter::new(PathGame::Kakuro, 1);
        late.event(MAX_PATH_MS + 1);
        let mut late = PathReader::open(&late.finish(), PathGame::Kakuro).unwrap();
        assert_eq!(late.next_event(), Err(PathError::TooLate { event: 0 }));
    }

    fn tally(gaps: &[u64], corrections: usize, in_order: usize) -> PathStats {
        let mut t = PathTally::with_capacity(gaps.len());
        let mut now = 0;
        for (i, &g) in gaps.iter().enumerate() {
            now += g;
            t.record(TalliedEvent {
                t_ms: now,
                placement: true,
                correction: i < corrections,
                first_in_rows: i < in_order,
                first_in_columns: false,
            });
        }
        t.finish()
    }

    #[test]
    fn pacing_figures_match_hand_computed_ones() {
        // Gaps after the first: 100, 300 → mean 200, sd 100, CV 0.5;
        // quartiles 150 and 250 → dispersion 0.25.
        let s = tally(&[5000, 100, 300], 0, 0);
        assert!((s.pacing_cv - 0.5).abs() < 1e-9, "{}", s.pacing_cv);
        assert!(
            (s.pacing_dispersion - 0.25).abs() < 1e-9,
            "{}",
            s.pacing_dispersion
        );
        assert_eq!(s.duration_ms, 5400);
        assert_eq!(s.events, 3);
    }

    #[test]
    fn flags_need_enough_placements_and_name_what_they_saw() {
        let metronome = tally(&[900; 20], 0, 0);
        let flags = review_flags(&metronome, 18_000, 1_000);
        assert_eq!(flags.len(), 1);
        assert_eq!(flags[0].code(), "mechanical_pacing");
        // The same pace with corrections is not mechanical.
        assert!(review_flags(&tally(&[900; 20], 3, 0), 18_000, 1_000).is_empty());
        // Too few placements to judge pace or order; the floor still counts.
        let short = tally(&[900; 5], 0, 5);
        assert_eq!(review_flags(&short, 4_500, 1_000), vec![]);
        let flags = review_flags(&short, 4_500, 5_000);
        assert_eq!(
            flags[0].to_string(),
            "below_human_floor: 4500 ms, the floor is 5000 ms"
        );
        let ordered = tally(
            &[900, 2000, 300, 4000, 700, 1500, 800, 9000, 400, 1200],
            1,
            10,
        );
        let flags = review_flags(&ordered, 30_000, 1_000);
        assert_eq!(flags.len(), 1);
        assert_eq!(
            flags[0].to_string(),
            "reading_order: 100% of placements in order"
        );
    }

    #[test]
    fn timing_accepts_only_an_end_within_the_slack() {
        let timing = Timing {
            solve_ms: 10_000,
            slack_ms: 2_000,
        };
        assert!(timing.accepts(10_000));
        assert!(timing.accepts(8_000));
        assert!(!timing.accepts(7_999));
        assert!(!timing.accepts(10_001));
    }
}
