//! Level records and level packs: the JSON the census prints and the web
//! client plays.

use crate::census::{census_rectangles, rectangles_up_to, CensusLevel, CensusOptions};
use crate::error::{CensusError, ParseError};
use crate::level::{piece_letter, Level};
use serde::{Deserialize, Serialize};

/// Identifies the pack format in its JSON.
pub const PACK_FORMAT: &str = "gridforge-triplex-pack";
/// Version of the pack format.
pub const PACK_VERSION: u32 = 1;
/// The largest rectangle area of [`Pack::game`], the pack the game is played
/// with.
pub const GAME_PACK_MAX_AREA: usize = 36;

/// One level as data: everything a client needs to show and check it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LevelRecord {
    /// Position in a pack, from 1 (absent outside a pack).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub number: Option<usize>,
    /// Width of the rectangle.
    pub width: usize,
    /// Height of the rectangle.
    pub height: usize,
    /// The level description (see [`Level`]'s `Display`).
    pub description: String,
    /// `pieces[k]`: the cells `[row, col]` of piece k as the player is given it.
    pub pieces: Vec<Vec<[usize; 2]>>,
    /// Index into `pieces` of the rotatable piece, if any.
    pub rotatable: Option<usize>,
    /// The solver's node count: higher is harder.
    pub difficulty: u64,
    /// `height` strings of `width` letters; piece k is `a`+k (then `A`…).
    pub solution: Vec<String>,
}

impl LevelRecord {
    /// The record of a census level.
    pub fn from_census(found: &CensusLevel) -> LevelRecord {
        let level = &found.level;
        LevelRecord {
            number: None,
            width: level.width(),
            height: level.height(),
            description: level.to_string(),
            pieces: level
                .pieces()
                .iter()
                .map(|p| p.cells().map(|(r, c)| [r, c]).collect())
                .collect(),
            rotatable: level.rotatable(),
            difficulty: found.difficulty,
            solution: level.solution_grid(&found.solution),
        }
    }

    /// Parses the record's description back into a level.
    pub fn level(&self) -> Result<Level, ParseError> {
        self.description.parse()
    }

    /// `cells[k]`: the cells `[row, col]` piece k covers in the solution,
    /// row by row (the placements a client submits for a solved board).
    pub fn solution_cells(&self) -> Vec<Vec<[usize; 2]>> {
        let mut cells = vec![Vec::new(); self.pieces.len()];
        for (r, row) in self.solution.iter().enumerate() {
            for (c, letter) in row.chars().enumerate() {
                if let Some(k) = (0..cells.len()).find(|&k| piece_letter(k) == letter) {
                    cells[k].push([r, c]);
                }
            }
        }
        cells
    }
}

/// A level as clients see it (the server's level list, the web client's
/// chained pack): everything but the solution.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PublicLevel {
    /// Position in the pack, from 1.
    pub number: usize,
    /// Width of the rectangle.
    pub width: usize,
    /// Height of the rectangle.
    pub height: usize,
    /// The level description.
    pub description: String,
    /// `pieces[k]`: the cells `[row, col]` of piece k as the player is given it.
    pub pieces: Vec<Vec<[usize; 2]>>,
    /// Index into `pieces` of the rotatable piece, if any.
    pub rotatable: Option<usize>,
    /// The solver's node count.
    pub difficulty: u64,
}

impl PublicLevel {
    /// The record without its solution; `number` is the record's position in
    /// the pack.
    pub fn of_record(number: usize, record: &LevelRecord) -> PublicLevel {
        PublicLevel {
            number,
            width: record.width,
            height: record.height,
            description: record.description.clone(),
            pieces: record.pieces.clone(),
            rotatable: record.rotatable,
            difficulty: record.difficulty,
        }
    }
}

/// A line of `census --json`: the record plus `code`, the level description
/// under the name the census format uses.
#[derive(Clone, Debug, Serialize)]
pub struct CensusLine<'a> {
    /// The level.
    #[serde(flatten)]
    pub record: &'a LevelRecord,
    /// The level description again, as `code`.
    pub code: &'a str,
}

/// A level pack: levels numbered from 1 in increasing difficulty.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pack {
    /// Always [`PACK_FORMAT`].
    pub format: String,
    /// Always [`PACK_VERSION`] when written by this crate.
    pub version: u32,
    /// Rectangles of area up to this were searched.
    pub max_area: usize,
    /// Seed of the census that made the pack.
    pub seed: u64,
    /// The levels, easiest first.
    pub levels: Vec<LevelRecord>,
}

impl Pack {
    /// Runs the census of every rectangle up to `max_area` and makes the pack.
    pub fn build(max_area: usize, options: &CensusOptions) -> Result<Pack, CensusError> {
        let found: Vec<CensusLevel> =
            census_rectangles(&rectangles_up_to(max_area), options, |_| {})?
                .into_iter()
                .flat_map(|(levels, _)| levels)
                .collect();
        Ok(Pack::new(max_area, options.seed, &found))
    }

    /// The pack the game is played with: every level up to
    /// [`GAME_PACK_MAX_AREA`], census seed 0. The server and the web client's
    /// pack are both built from it, so their level numbers agree.
    pub fn game() -> Result<Pack, CensusError> {
        Pack::build(GAME_PACK_MAX_AREA, &CensusOptions::default())
    }

    /// Orders census levels by difficulty (then size, then description) and
    /// numbers them from 1.
    pub fn new(max_area: usize, seed: u64, found: &[CensusLevel]) -> Pack {
        let mut levels: Vec<LevelRecord> = found.iter().map(LevelRecord::from_census).collect();
        levels.sort_by(|a, b| {
            (a.difficulty, a.width * a.height, &a.description).cmp(&(
                b.difficulty,
                b.width * b.height,
                &b.description,
            ))
        });
        for (i, record) in levels.iter_mut().enumerate() {
            record.number = Some(i + 1);
        }
        Pack {
            format: PACK_FORMAT.to_string(),
            version: PACK_VERSION,
            max_area,
            seed,
            levels,
        }
    }
}
