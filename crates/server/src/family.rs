//! A family of Triplex levels (Triplex, BlockPuzzle) as a value: a row of
//! [`FAMILIES`] says everything that tells one family from another, and a
//! [`Family`] is that row with its catalogue and this server's medians
//! cache. The router mounts the same handlers once per family under
//! `/api/{name}/…` (`crate::triplex::family_router`) and the OpenAPI
//! document lists them once per family (`crate::openapi`), so a third
//! family is one more row.

use crate::catalogue::{Catalogue, CatalogueLevel};
use crate::etag::ETagged;
use gridforge_triplex::pack::{blockpuzzle_levels, game_levels, GameLevel};
use gridforge_triplex::CensusError;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

/// How long a family's medians answer is reused before the solves are read
/// again.
pub const MEDIANS_TTL: Duration = Duration::from_secs(60);

/// Each family's start tokens carry level numbers from its
/// [`FamilyRow::token_offset`] + 1 to its offset + this - 1.
pub const FAMILY_TOKEN_SPAN: u32 = 1 << 24;

/// What tells one family from another: one row of [`FAMILIES`].
#[derive(Debug)]
pub struct FamilyRow {
    /// The family's name: its routes' `/api/{name}/…`, its OpenAPI tag (the
    /// client's folder and pack name, `gridforge_triplex::pack::Family::name`).
    pub name: &'static str,
    /// Its name for people, in the OpenAPI summaries.
    pub label: &'static str,
    /// Its level list, with solutions.
    pub levels: fn() -> Result<Vec<GameLevel>, CensusError>,
    /// Its records are kept under this prefix + the level's description
    /// (empty for Triplex, whose records are keyed by the bare description
    /// as always; a prefix, not a column, so no migration).
    pub key_prefix: &'static str,
    /// Added to a level number in the family's start tokens (a multiple of
    /// [`FAMILY_TOKEN_SPAN`]), so a token of one family's level never serves
    /// another's.
    pub token_offset: u32,
    /// The start of its operations' OpenAPI `operationId` (empty for
    /// Triplex, whose handlers' names were the ids before BlockPuzzle came).
    pub operation_prefix: &'static str,
    /// Its catalogue, made once per process (it does not change; the
    /// medians, which do, are each server's own, in [`Family`]).
    catalogue: OnceLock<Result<Arc<Catalogue>, String>>,
}

/// Triplex: dominoes and trominoes; records by bare description, tokens from 1.
pub static TRIPLEX: FamilyRow = FamilyRow {
    name: "triplex",
    label: "Triplex",
    levels: game_levels,
    key_prefix: "",
    token_offset: 0,
    operation_prefix: "",
    catalogue: OnceLock::new(),
};

/// BlockPuzzle: 500 levels of distinct pieces of 2 to 5 cells.
pub static BLOCKPUZZLE: FamilyRow = FamilyRow {
    name: "blockpuzzle",
    label: "BlockPuzzle",
    levels: blockpuzzle_levels,
    key_prefix: "blockpuzzle:",
    token_offset: FAMILY_TOKEN_SPAN,
    operation_prefix: "blockpuzzle_",
    catalogue: OnceLock::new(),
};

/// Every family the server mounts, in the order the API lists them.
pub static FAMILIES: [&FamilyRow; 2] = [&TRIPLEX, &BLOCKPUZZLE];

impl FamilyRow {
    /// The family's catalogue: its level list read (milliseconds) and made
    /// into the API's levels once per process.
    pub fn catalogue(&'static self) -> Result<Arc<Catalogue>, String> {
        self.catalogue
            .get_or_init(|| {
                let started = Instant::now();
                let levels = (self.levels)().map_err(|e| format!("{}: {e}", self.label))?;
                let catalogue =
                    Catalogue::from_levels(levels).map_err(|e| format!("{}: {e}", self.label))?;
                tracing::info!(
                    levels = catalogue.len(),
                    elapsed_ms = started.elapsed().as_millis() as u64,
                    "built the {} pack",
                    self.label
                );
                Ok(Arc::new(catalogue))
            })
            .clone()
    }
}

impl Catalogue {
    /// The Triplex family's catalogue, made once per process.
    pub fn shared() -> Result<Arc<Catalogue>, String> {
        TRIPLEX.catalogue()
    }
}

/// One family on one server: its row, its catalogue and the last answer of
/// its medians endpoint.
#[derive(Debug)]
pub struct Family {
    /// What tells it from the other families.
    pub row: &'static FamilyRow,
    /// Its levels.
    pub catalogue: Arc<Catalogue>,
    /// The last medians answer and when it was made: this server's own, as
    /// two servers in one process (the tests) use two databases.
    medians: Mutex<Option<(Instant, Arc<ETagged>)>>,
}

impl Family {
    /// The family of a row, with the process's catalogue and an empty
    /// medians cache.
    pub fn open(row: &'static FamilyRow) -> Result<Family, String> {
        Ok(Family {
            row,
            catalogue: row.catalogue()?,
            medians: Mutex::new(None),
        })
    }

    /// The key the store keeps a level's records under.
    pub fn record_key(&self, level: &CatalogueLevel) -> String {
        format!("{}{}", self.row.key_prefix, level.public.level.description)
    }

    /// The number of the level a record key names, if it is this family's.
    pub fn number_of_record_key(&self, key: &str) -> Option<usize> {
        self.catalogue
            .number_of(key.strip_prefix(self.row.key_prefix)?)
    }

    /// The level number a start token of level `number` carries.
    pub fn token_level(&self, number: usize) -> u32 {
        number as u32 + self.row.token_offset
    }

    /// The level number of this family's a token's level is, or `None`
    /// when the token was issued for another family's level.
    pub fn number_of_token_level(&self, token_level: u32) -> Option<usize> {
        token_level
            .checked_sub(self.row.token_offset)
            .filter(|&n| n > 0 && n < FAMILY_TOKEN_SPAN)
            .map(|n| n as usize)
    }

    /// The medians answer, if it was made less than [`MEDIANS_TTL`] ago.
    pub(crate) fn fresh_medians(&self) -> Option<Arc<ETagged>> {
        let cached = self.medians.lock().unwrap_or_else(|p| p.into_inner());
        cached
            .as_ref()
            .filter(|(made, _)| made.elapsed() < MEDIANS_TTL)
            .map(|(_, answer)| answer.clone())
    }

    /// Keeps a medians answer made now.
    pub(crate) fn keep_medians(&self, answer: Arc<ETagged>) {
        *self.medians.lock().unwrap_or_else(|p| p.into_inner()) = Some((Instant::now(), answer));
    }

    /// Drops the medians answer (a solve on this server made it stale;
    /// other servers' within [`MEDIANS_TTL`]).
    pub(crate) fn forget_medians(&self) {
        *self.medians.lock().unwrap_or_else(|p| p.into_inner()) = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_names_a_family_of_the_triplex_crate() {
        for row in FAMILIES {
            let family = gridforge_triplex::pack::Family::named(row.name)
                .unwrap_or_else(|| panic!("{} is no family of the Triplex crate", row.name));
            assert_eq!(family.name(), row.name);
        }
    }

    #[test]
    fn token_ranges_and_key_prefixes_are_apart() {
        for (i, a) in FAMILIES.iter().enumerate() {
            assert_eq!(a.token_offset % FAMILY_TOKEN_SPAN, 0, "{}", a.name);
            for b in &FAMILIES[i + 1..] {
                assert_ne!(a.token_offset, b.token_offset);
                assert_ne!(a.key_prefix, b.key_prefix);
                assert_ne!(a.operation_prefix, b.operation_prefix);
            }
        }
        let blockpuzzle = Family::open(&BLOCKPUZZLE).unwrap();
        let triplex = Family::open(&TRIPLEX).unwrap();
        let token = blockpuzzle.token_level(7);
        assert_eq!(blockpuzzle.number_of_token_level(token), Some(7));
        assert_eq!(triplex.number_of_token_level(token), None);
        assert_eq!(
            blockpuzzle.number_of_token_level(triplex.token_level(7)),
            None
        );
        let level = blockpuzzle.catalogue.get(3).unwrap();
        let key = blockpuzzle.record_key(level);
        assert_eq!(blockpuzzle.number_of_record_key(&key), Some(3));
        assert_eq!(triplex.number_of_record_key(&key), None);
    }
}
