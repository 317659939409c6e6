//! A family's levels as the API shows them: each level without its solution
//! and with the shortest solve time accepted, its JSON made once, and the
//! whole list's JSON made once.

use crate::error::ApiError;
use crate::etag::ETagged;
use gridforge_triplex::pack::GameLevel;
use gridforge_triplex::{Level, PublicLevel, Solution};
use serde::Serialize;
use std::collections::HashMap;

/// The fastest believable solve: this many milliseconds per piece.
pub const MIN_MS_PER_PIECE: u64 = 250;

/// One level as the API shows it: the level without its solution, and the
/// shortest solve time the server accepts.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = Level)]
pub struct ApiLevel {
    /// The level, as every client sees it.
    #[serde(flatten)]
    #[schema(value_type = PublicLevelDoc)]
    pub level: PublicLevel,
    /// Solves faster than this are refused.
    pub min_time_ms: u64,
}

/// The OpenAPI schema of [`PublicLevel`] (a type of the Triplex crate,
/// which knows nothing of OpenAPI); a test checks that it names exactly the
/// fields a level serialises to.
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
pub(crate) struct PublicLevelDoc {
    /// Position in the pack, from 1.
    number: usize,
    /// Width of the rectangle.
    width: usize,
    /// Height of the rectangle.
    height: usize,
    /// The level description, e.g. `4x3:2h,v,Lnw,Lse@`.
    description: String,
    /// Piece k as given to the player: its cells `[row, col]`, normalised to
    /// start at row 0 and column 0.
    pieces: Vec<Vec<[usize; 2]>>,
    /// Index of the piece the player may rotate and reflect.
    rotatable: Option<usize>,
    /// The solver's node count: higher is harder.
    difficulty: u64,
}

/// A level the server can verify solves of.
#[derive(Debug)]
pub struct CatalogueLevel {
    /// What clients see.
    pub public: ApiLevel,
    /// The parsed level, for checking placements.
    pub level: Level,
    /// The level's one solution (from its level list), for hints.
    pub solution: Solution,
    /// `public` as JSON, made once.
    pub(crate) json: ETagged,
}

/// The levels of one family, with the list's JSON made once. It knows
/// nothing of the family (records' keys, tokens): that is
/// [`crate::family::Family`]'s.
#[derive(Debug)]
pub struct Catalogue {
    levels: Vec<CatalogueLevel>,
    /// The level list's JSON.
    pub(crate) list: ETagged,
    /// Level number by description.
    numbers: HashMap<String, usize>,
}

/// The level list's JSON.
/// The level list.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = LevelList)]
pub(crate) struct LevelList<'a> {
    /// Number of levels.
    count: usize,
    /// Every level, by number.
    levels: Vec<&'a ApiLevel>,
}

impl Catalogue {
    /// The catalogue of a level list; an error names a level whose listed
    /// solution does not read as placements.
    pub fn from_levels(listed: Vec<GameLevel>) -> Result<Catalogue, String> {
        let levels: Vec<CatalogueLevel> = listed
            .into_iter()
            .map(catalogue_level)
            .collect::<Result<_, _>>()?;
        let list = LevelList {
            count: levels.len(),
            levels: levels.iter().map(|l| &l.public).collect(),
        };
        let list = ETagged::json(&list);
        let numbers = levels
            .iter()
            .map(|l| (l.public.level.description.clone(), l.public.level.number))
            .collect();
        Ok(Catalogue {
            levels,
            list,
            numbers,
        })
    }

    /// Number of levels.
    pub fn len(&self) -> usize {
        self.levels.len()
    }

    /// True when there are no levels.
    pub fn is_empty(&self) -> bool {
        self.levels.is_empty()
    }

    /// Level `number` (from 1).
    pub fn get(&self, number: usize) -> Option<&CatalogueLevel> {
        number.checked_sub(1).and_then(|i| self.levels.get(i))
    }

    /// The number of the level with this description.
    pub fn number_of(&self, description: &str) -> Option<usize> {
        self.numbers.get(description).copied()
    }

    /// Level `number` from a path segment: 400 for a non-number, 404 for a
    /// number with no level.
    pub(crate) fn lookup(&self, segment: &str) -> Result<(usize, &CatalogueLevel), ApiError> {
        let number: usize = segment.parse().map_err(|_| {
            ApiError::bad_request(format!(
                "level number must be a positive integer, not '{}'",
                clip(segment)
            ))
        })?;
        self.get(number).map(|l| (number, l)).ok_or_else(|| {
            ApiError::not_found(format!(
                "there is no level {number} (levels are 1 to {})",
                self.len()
            ))
        })
    }
}

fn catalogue_level(listed: GameLevel) -> Result<CatalogueLevel, String> {
    let placements = listed
        .record()
        .solution_placements()
        .map_err(|(k, e)| format!("level {}: piece {k} of the solution: {e}", listed.number))?;
    let solution = Solution { placements };
    let GameLevel {
        number,
        level,
        difficulty,
        ..
    } = listed;
    let public = ApiLevel {
        level: PublicLevel::of_level(number, &level, difficulty),
        min_time_ms: MIN_MS_PER_PIECE * level.pieces().len() as u64,
    };
    let json = ETagged::json(&public);
    Ok(CatalogueLevel {
        public,
        level,
        solution,
        json,
    })
}

/// The first characters of user input, for error messages.
fn clip(text: &str) -> String {
    text.chars().take(24).collect()
}
