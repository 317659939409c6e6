//! Level records and level packs: the JSON the census prints and the web
//! client plays.

use crate::census::{census_rectangles, rectangles_up_to, CensusLevel, CensusOptions};
use crate::error::{CensusError, ParseError, PieceError};
use crate::level::{piece_letter, Level, Placement, Solution};
use crate::piece_set::PieceSet;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

/// Identifies the pack format in its JSON.
pub const PACK_FORMAT: &str = "gridforge-triplex-pack";
/// Version of the pack format.
pub const PACK_VERSION: u32 = 1;
/// The largest rectangle area of [`Pack::game`], the pack the game is played
/// with.
pub const GAME_PACK_MAX_AREA: usize = 64;
/// The tiers of the game pack: every level up to area 36 first (the 724
/// levels the game had before, under the numbers they had), then the levels
/// of area 37 to 64; each tier in pack order (see [`Pack::tiered`]).
pub const GAME_PACK_TIERS: &[usize] = &[36, GAME_PACK_MAX_AREA];
/// Number of levels in the game pack's first tier (area up to 36).
pub const FIRST_TIER_LEVELS: usize = 724;

/// The game pack's levels in order, one per line: the description, the
/// solver's node count and the solution rows joined by `/`
/// (`gridforge triplex game-levels` writes it from the census; the census to
/// area 64 takes minutes and proving every level unique again about three
/// billion search nodes, while this file is read in milliseconds).
const GAME_LEVELS: &str = include_str!("../data/game-levels.txt");

/// The largest rectangle area of the BlockPuzzle family's census (every
/// rectangle up to this area: 189,308 levels in about 13 s on two cores;
/// area 28 takes about ten minutes).
pub const BLOCKPUZZLE_MAX_AREA: usize = 24;
/// Number of levels in the BlockPuzzle family's pack.
pub const BLOCKPUZZLE_PACK_LEVELS: usize = 500;

/// The BlockPuzzle family's levels in order, in the format of
/// [`parse_level_list`] (`gridforge triplex blockpuzzle-levels` writes it:
/// the census of every rectangle up to [`BLOCKPUZZLE_MAX_AREA`] with the
/// BlockPuzzle pieces, then [`crate::select_levels`] of 500).
const BLOCKPUZZLE_LEVELS: &str = include_str!("../data/blockpuzzle-levels.txt");

/// The BlockPuzzle family's level list (see [`BLOCKPUZZLE_LEVELS`]).
pub fn blockpuzzle_levels() -> Result<Vec<GameLevel>, CensusError> {
    parse_level_list(BLOCKPUZZLE_LEVELS)
}

/// The level list text of a family's chosen census levels, in the order
/// given, as [`parse_level_list`] reads it; `header` is written as a `#` line.
pub fn census_level_list_text(header: &str, levels: &[CensusLevel]) -> String {
    let mut text = format!("# {header}\n");
    for found in levels {
        let record = LevelRecord::from_census(found);
        text.push_str(&format!(
            "{} {} {}\n",
            record.description,
            record.difficulty,
            record.solution.join("/")
        ));
    }
    text
}

/// A family of puzzles the game offers, each with its own level list, level
/// numbers, chained web pack (`web/<name>/levels.json`, see [`crate::chain`])
/// and records.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// Triplex: dominoes and trominoes, any number of each, one piece may be
    /// rotatable ([`Pack::game`]).
    Triplex,
    /// BlockPuzzle: distinct fixed pieces of 2 to 5 cells, none rotatable
    /// ([`Pack::blockpuzzle`]).
    BlockPuzzle,
}

impl Family {
    /// Every family, in the order the game shows them.
    pub const ALL: [Family; 2] = [Family::Triplex, Family::BlockPuzzle];

    /// The family's name: its chained pack's `family`, the start of its
    /// chain's derivation strings, its folder in `web/`.
    pub fn name(self) -> &'static str {
        match self {
            Family::Triplex => "triplex",
            Family::BlockPuzzle => "blockpuzzle",
        }
    }

    /// The family of a name (see [`Family::name`]).
    pub fn named(name: &str) -> Option<Family> {
        Family::ALL.into_iter().find(|f| f.name() == name)
    }

    /// The piece set its levels are made of.
    pub fn piece_set(self) -> PieceSet {
        match self {
            Family::Triplex => PieceSet::triplex(),
            Family::BlockPuzzle => PieceSet::blockpuzzle(),
        }
    }

    /// The family's pack, with solutions, from its committed level list.
    pub fn pack(self) -> Result<Pack, CensusError> {
        match self {
            Family::Triplex => Pack::game(),
            Family::BlockPuzzle => Pack::blockpuzzle(),
        }
    }
}

/// One level of the game pack as its level list holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameLevel {
    /// Position in the pack, from 1.
    pub number: usize,
    /// The level as shown.
    pub level: Level,
    /// The solver's node count (the census's difficulty).
    pub difficulty: u64,
    /// The solution grid, as [`LevelRecord::solution`].
    pub solution: Vec<String>,
}

impl GameLevel {
    /// The level as a record (numbered, with its listed solution).
    pub fn record(&self) -> LevelRecord {
        LevelRecord {
            number: Some(self.number),
            width: self.level.width(),
            height: self.level.height(),
            description: self.level.to_string(),
            pieces: piece_cells(&self.level),
            rotatable: self.level.rotatable(),
            difficulty: self.difficulty,
            solution: self.solution.clone(),
        }
    }
}

/// The game pack's level list (see [`GAME_PACK_TIERS`]), without solutions:
/// what the server needs to serve levels and check solves.
pub fn game_levels() -> Result<Vec<GameLevel>, CensusError> {
    parse_level_list(GAME_LEVELS)
}

/// Reads a level list: lines `description difficulty solution` (the
/// solution's rows joined by `/`), `#` lines and blank lines skipped; levels
/// are numbered from 1 in the order of the lines.
pub fn parse_level_list(text: &str) -> Result<Vec<GameLevel>, CensusError> {
    let mut levels = Vec::new();
    for (line_number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = |what: String| CensusError::Inconsistent {
            what: format!("level list line {}: {what}", line_number + 1),
        };
        let fields: Vec<&str> = line.split(' ').collect();
        let [description, difficulty, solution] = fields[..] else {
            return Err(bad("expected `description difficulty solution`".into()));
        };
        let level: Level = description.parse().map_err(|e| bad(format!("{e}")))?;
        let difficulty: u64 = difficulty
            .parse()
            .map_err(|_| bad(format!("bad difficulty '{difficulty}'")))?;
        levels.push(GameLevel {
            number: levels.len() + 1,
            level,
            difficulty,
            solution: solution.split('/').map(str::to_string).collect(),
        });
    }
    Ok(levels)
}

/// The level list of a pack, as [`parse_level_list`] reads it.
pub fn level_list_text(pack: &Pack) -> String {
    let mut text = format!(
        "# gridforge triplex game levels: every level up to area {}, in the tiers {:?}, \
         one per line (description, solver nodes, solution rows joined by /); \
         written by `gridforge triplex game-levels`\n",
        pack.max_area, GAME_PACK_TIERS
    );
    for record in &pack.levels {
        text.push_str(&format!(
            "{} {} {}\n",
            record.description,
            record.difficulty,
            record.solution.join("/")
        ));
    }
    text
}

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

/// `cells[k]`: the cells `[row, col]` of piece k as the player is given it.
fn piece_cells(level: &Level) -> Vec<Vec<[usize; 2]>> {
    level
        .pieces()
        .iter()
        .map(|p| p.cells().map(|(r, c)| [r, c]).collect())
        .collect()
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
            pieces: piece_cells(level),
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

    /// The solution as placements, piece k on `solution_cells()[k]`; an
    /// error names the first piece whose cells are not a piece.
    pub fn solution_placements(&self) -> Result<Vec<Placement>, (usize, PieceError)> {
        self.solution_cells()
            .iter()
            .enumerate()
            .map(|(k, cells)| {
                let cells: Vec<(usize, usize)> = cells.iter().map(|&[r, c]| (r, c)).collect();
                Placement::from_cells(k, &cells).map_err(|e| (k, e))
            })
            .collect()
    }

    /// The census level this record was made from ([`Self::from_census`]
    /// backwards), for records that travel as data.
    pub fn to_census(&self) -> Result<CensusLevel, CensusError> {
        let bad = |what: String| CensusError::Inconsistent {
            what: format!("level record {}: {what}", self.description),
        };
        let level = self.level().map_err(|e| bad(e.to_string()))?;
        let placements = self
            .solution_placements()
            .map_err(|(k, e)| bad(format!("piece {k} of the solution: {e}")))?;
        Ok(CensusLevel {
            level,
            solution: Solution { placements },
            difficulty: self.difficulty,
        })
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
    /// A level as clients see it, from the level itself.
    pub fn of_level(number: usize, level: &Level, difficulty: u64) -> PublicLevel {
        PublicLevel {
            number,
            width: level.width(),
            height: level.height(),
            description: level.to_string(),
            pieces: piece_cells(level),
            rotatable: level.rotatable(),
            difficulty,
        }
    }

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
    /// [`GAME_PACK_MAX_AREA`] in the tiers [`GAME_PACK_TIERS`], census seed 0,
    /// from the committed level list ([`game_levels`]). Each listed solution
    /// is checked against its level ([`Level::check_placements`]); that the
    /// levels are unique is the census's finding (and a test's, on a
    /// sample). The server and the web client's pack are both built from the
    /// list, so their level numbers agree.
    pub fn game() -> Result<Pack, CensusError> {
        Pack::from_level_list(game_levels()?, GAME_PACK_MAX_AREA)
    }

    /// The BlockPuzzle family's pack, from its committed level list
    /// ([`blockpuzzle_levels`]), each listed solution checked as in
    /// [`Pack::game`].
    pub fn blockpuzzle() -> Result<Pack, CensusError> {
        Pack::from_level_list(blockpuzzle_levels()?, BLOCKPUZZLE_MAX_AREA)
    }

    /// The pack of a level list (census seed 0), every listed solution
    /// checked against its level.
    fn from_level_list(listed: Vec<GameLevel>, max_area: usize) -> Result<Pack, CensusError> {
        let levels = listed
            .into_par_iter()
            .map(|g| {
                let record = g.record();
                let bad = |what: String| CensusError::Inconsistent {
                    what: format!("listed level {} ({}): {what}", g.number, g.level),
                };
                let placements = record
                    .solution_placements()
                    .map_err(|(k, e)| bad(format!("piece {k} of the solution: {e}")))?;
                let violations = g.level.check_placements(&placements);
                if !violations.is_empty()
                    || record.solution.len() != record.height
                    || record
                        .solution
                        .iter()
                        .any(|r| r.chars().count() != record.width)
                {
                    return Err(bad(format!("the listed solution is wrong: {violations:?}")));
                }
                Ok(record)
            })
            .collect::<Result<Vec<_>, CensusError>>()?;
        Ok(Pack {
            format: PACK_FORMAT.to_string(),
            version: PACK_VERSION,
            max_area,
            seed: 0,
            levels,
        })
    }

    /// Orders census levels by difficulty (then size, then description) and
    /// numbers them from 1.
    pub fn new(max_area: usize, seed: u64, found: &[CensusLevel]) -> Pack {
        Pack::tiered(&[max_area], seed, found)
    }

    /// Orders census levels in tiers: a level belongs to the first tier
    /// whose area bound its rectangle fits (the last tier takes the rest);
    /// tier by tier, each in pack order (difficulty, then size, then
    /// description), numbered from 1. With one tier this is [`Pack::new`];
    /// the game pack's tiers keep the numbers of an older, smaller pack
    /// while it grows.
    pub fn tiered(tiers: &[usize], seed: u64, found: &[CensusLevel]) -> Pack {
        let max_area = tiers.last().copied().unwrap_or(0);
        let tier = |r: &LevelRecord| {
            let area = r.width * r.height;
            tiers
                .iter()
                .position(|&bound| area <= bound)
                .unwrap_or(tiers.len())
        };
        let mut levels: Vec<LevelRecord> = found.iter().map(LevelRecord::from_census).collect();
        levels.sort_by(|a, b| {
            (tier(a), a.difficulty, a.width * a.height, &a.description).cmp(&(
                tier(b),
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
