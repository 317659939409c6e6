//! The chained pack: the level pack the offline client carries, in which each
//! level after the first is sealed with a key that only the solution of the
//! level before it (or the level's short code) yields.
//!
//! # The derivation
//!
//! The web client (`web/js/triplex-chain.js`) implements the same steps; both sides
//! are tested against the same values. Steps 1 to 3 and the cipher of step 4
//! are those of version 1; version 2 changed only what is sealed (a few bytes
//! instead of JSON, see "The pack" below).
//!
//! Every family of puzzles ([`Family`]) has its own chain: `{family}` below
//! is the pack's `family` (`triplex`, `blockpuzzle`), so a code, key or nonce
//! of one family's level is never another's.
//!
//! 1. **Cover.** A solved `W`×`H` board is written as its *cover*: for every
//!    cell in row-major order, the row-major index of the first cell (in
//!    row-major order) of the piece that covers it. The cover names no piece,
//!    so identical pieces are interchangeable and the rotatable piece may lie
//!    in any orientation: every correct solution has the same cover.
//!    Its text is `"{W}x{H}:"` followed by the indices joined by `,`, e.g.
//!    `4x2:0,0,2,3,4,4,2,3`.
//! 2. **Code.** The code of level `n` is derived from the cover text of level
//!    `n − 1`'s solution: `d = SHA-256("gridforge-{family}/code/v1\n{n}\n{cover}")`;
//!    the first 50 bits of `d` (most significant bit first) written as 10
//!    symbols of Crockford's base 32 (`0123456789ABCDEFGHJKMNPQRSTVWXYZ`: no
//!    I, L, O or U). Level 1 has no previous level: its code uses the empty
//!    cover text, and level 1 is stored in the clear anyway.
//! 3. **Key.** `key = SHA-256("gridforge-{family}/key/v1\n{n}\n{code}")`, an
//!    AES-256 key.
//! 4. **Seal.** The level's pieces (below) are encrypted with AES-256-GCM
//!    under that key with the nonce
//!    `SHA-256("gridforge-{family}/nonce/v1\n{n}")[0..12]` and no associated
//!    data; the ciphertext is followed by the first 8 bytes of its tag (a
//!    64-bit GCM tag, as NIST SP 800-38D and WebCrypto's `tagLength: 64`
//!    allow; version 1 kept all 16). A code has 50 bits, so a longer tag adds
//!    nothing against guessing codes; a wrong code passes with chance 2⁻⁶⁴.
//!    Each key seals exactly one message, so a nonce fixed per level is never
//!    reused under one key, and the pack is reproducible byte for byte.
//!
//! # The pack (version 2)
//!
//! A [`ChainedPack`] is JSON: a header (`family`, `count`, `max_area`,
//! `seed`), `shapes` (every shape a piece may have, as cells `[row, col]`),
//! `rectangles` (every `[width, height]` a level has), level 1 in the clear
//! (`first`, with `first_code`) and `table`, standard base64 of one record per
//! level, level 1 first:
//!
//! | bytes | what |
//! | --- | --- |
//! | 1 | index into `rectangles` of the level's size |
//! | 1 to 10 | the solver's difficulty minus the previous level's (0 before level 1), zigzag-coded (`2d` for `d ≥ 0`, `−2d − 1` below) in unsigned LEB128 (7 bits a byte, low first, high bit: more follows) |
//! | 1 | length `L` of the sealed bytes (0 for level 1) |
//! | `L` | the sealed pieces: ciphertext and tag |
//!
//! The size and the difficulty are in the clear: the level list shows them
//! for locked levels too. The sealed pieces are in the level's canonical
//! piece order (the order of [`Level::pieces`]), in one of two forms, which
//! the length of the pack's `shapes` decides:
//!
//! - up to [`MAX_SHAPES`] (16) shapes, as Triplex's 8: one byte per run of
//!   identical pieces: bits 0–3 the index into `shapes`, bit 4 set for the
//!   rotatable piece (a run of its own, in the orientation it is shown in),
//!   bits 5–7 the run's length minus one (a longer run takes several bytes).
//!   A Triplex level is 4 to 9 bytes before the 8-byte tag.
//! - 17 to [`MAX_WIDE_SHAPES`] (128) shapes, as BlockPuzzle's 90: one byte
//!   per piece: bits 0–6 the index into `shapes`, bit 7 set for the
//!   rotatable piece. A BlockPuzzle level (3 to 8 distinct pieces) is 3 to 8
//!   bytes before the tag.
//!
//! So a Triplex pack reads exactly as before the wide form existed.
//!
//! A family of puzzles brings its own pack of this form: its `family` (which
//! names its chain, above), its `shapes` and its level numbers.
//!
//! Everything here is a pure function: building the pack file is the
//! binary's job (`gridforge triplex web-pack`).

use crate::level::Level;
use crate::pack::{Family, Pack, PublicLevel};
use crate::piece::Piece;
use aes_gcm::aead::{Aead, AeadInPlace, KeyInit};
use aes_gcm::{Aes256Gcm, Key, Nonce};
use base64::Engine;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use thiserror::Error;

/// Identifies the chained pack format in its JSON.
pub const CHAIN_FORMAT: &str = "gridforge-triplex-chain";
/// Version of the chained pack format (the derivation of codes and keys is
/// version 1's).
pub const CHAIN_VERSION: u32 = 2;
/// Number of symbols in a level code.
pub const CODE_LENGTH: usize = 10;
/// Crockford's base-32 alphabet, the symbols of level codes.
pub const CODE_ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/// Most shapes a pack may have for one byte per run of pieces (4 bits of a
/// run byte).
pub const MAX_SHAPES: usize = 16;
/// Most shapes a pack may have at all (7 bits of a piece byte, the wide form).
pub const MAX_WIDE_SHAPES: usize = 128;
/// Longest run one byte holds.
const MAX_RUN: usize = 8;
/// Bit of a run byte that marks the rotatable piece.
const ROTATABLE_BIT: u8 = 0x10;
/// Bit of a piece byte (the wide form) that marks the rotatable piece.
const WIDE_ROTATABLE_BIT: u8 = 0x80;
/// Bytes of the GCM tag kept after a sealed level's ciphertext.
pub const TAG_BYTES: usize = 8;

/// Why a chained pack or one of its values could not be made or opened.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum ChainError {
    /// A solution grid does not have the level's size.
    #[error("the solution of level {number} is not a {width}x{height} grid")]
    GridSize {
        /// The level.
        number: usize,
        /// Width the level has.
        width: usize,
        /// Height the level has.
        height: usize,
    },
    /// A pack level has no number, or numbers are not 1, 2, 3, …
    #[error("pack levels must be numbered 1, 2, 3, …; found {found:?} at position {position}")]
    Numbering {
        /// Position in the pack (from 0).
        position: usize,
        /// The number found there.
        found: Option<usize>,
    },
    /// The pack has no level.
    #[error("the pack has no level")]
    EmptyPack,
    /// A level cannot be written in the compact form (a piece with no
    /// shape in the pack's list, or too many shapes or rectangles).
    #[error("level {number} has no compact form: {what}")]
    NotCompact {
        /// The level.
        number: usize,
        /// What does not fit.
        what: String,
    },
    /// The level table is not base64, or its records are cut short or
    /// point outside the pack's lists.
    #[error("the level table is broken: {what}")]
    BadTable {
        /// What is wrong.
        what: String,
    },
    /// The pack has no level of this number.
    #[error("the pack has no level {number}")]
    NoSuchLevel {
        /// The level asked for.
        number: usize,
    },
    /// The code does not open the level (wrong code, or tampered data).
    #[error("the code does not open level {number}")]
    WrongCode {
        /// The level.
        number: usize,
    },
    /// The opened bytes are not a level.
    #[error("level {number} opened but is not a level: {message}")]
    BadLevel {
        /// The level.
        number: usize,
        /// What is wrong with it.
        message: String,
    },
}

/// The pack the web client carries: no solution in it, and each level after
/// the first sealed with a key derived from the previous level's solution.
/// See the module documentation for its form.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChainedPack {
    /// Always [`CHAIN_FORMAT`].
    pub format: String,
    /// Always [`CHAIN_VERSION`] when written by this crate.
    pub version: u32,
    /// The family of puzzles ([`Family::name`]); it names the chain.
    pub family: String,
    /// The `max_area` of the pack it was made from.
    pub max_area: usize,
    /// The census seed of the pack it was made from.
    pub seed: u64,
    /// Number of levels.
    pub count: usize,
    /// The shapes sealed pieces name by index: cells `[row, col]`.
    pub shapes: Vec<Vec<[usize; 2]>>,
    /// The level sizes the table names by index: `[width, height]`.
    pub rectangles: Vec<[usize; 2]>,
    /// Level 1, in the clear.
    pub first: PublicLevel,
    /// Level 1's code (it opens nothing secret).
    pub first_code: String,
    /// One record per level, base64 (see the module documentation).
    pub table: String,
}

/// One level's record in a chained pack's table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChainEntry {
    /// Position in the pack, from 1.
    pub number: usize,
    /// Width of the rectangle.
    pub width: usize,
    /// Height of the rectangle.
    pub height: usize,
    /// The solver's node count.
    pub difficulty: u64,
    /// The sealed pieces (empty for level 1).
    pub sealed: Vec<u8>,
}

/// The cover text of a solved board: `"{W}x{H}:"` then, for every cell in
/// row-major order, the row-major index of the first cell of the piece
/// covering it, joined by `,`.
///
/// `grid` holds `height` rows of `width` symbols, one symbol per piece (as in
/// [`LevelRecord::solution`](crate::LevelRecord::solution)); which symbol stands for which piece does not
/// matter. `number` only labels the error.
pub fn cover_text(
    number: usize,
    width: usize,
    height: usize,
    grid: &[String],
) -> Result<String, ChainError> {
    let bad_size = || ChainError::GridSize {
        number,
        width,
        height,
    };
    let rows: Vec<Vec<char>> = grid.iter().map(|r| r.chars().collect()).collect();
    if rows.len() != height || rows.iter().any(|r| r.len() != width) {
        return Err(bad_size());
    }
    // The first cell of a piece is the first cell, in row-major order,
    // carrying its symbol.
    let mut first_of: Vec<(char, usize)> = Vec::new();
    let mut text = format!("{width}x{height}:");
    for (i, symbol) in rows.iter().flatten().enumerate() {
        let anchor = match first_of.iter().find(|(s, _)| s == symbol) {
            Some(&(_, at)) => at,
            None => {
                first_of.push((*symbol, i));
                i
            }
        };
        if i > 0 {
            text.push(',');
        }
        text.push_str(&anchor.to_string());
    }
    Ok(text)
}

/// The code of level `number` of `family`'s chain, derived from the cover
/// text of the previous level's solution (empty for level 1). See the module
/// documentation.
pub fn level_code(family: &str, number: usize, previous_cover: &str) -> String {
    let digest = Sha256::digest(format!(
        "gridforge-{family}/code/v1\n{number}\n{previous_cover}"
    ));
    let mut head = [0u8; 8];
    head[..7].copy_from_slice(&digest[..7]);
    // 56 bits in the top of a u64; keep the first 50.
    let bits = u64::from_be_bytes(head) >> 14;
    (0..CODE_LENGTH)
        .map(|i| {
            let shift = 5 * (CODE_LENGTH - 1 - i);
            CODE_ALPHABET[((bits >> shift) & 31) as usize] as char
        })
        .collect()
}

/// The AES-256 key of level `number` of `family`'s chain, derived from its code.
pub fn level_key(family: &str, number: usize, code: &str) -> [u8; 32] {
    Sha256::digest(format!("gridforge-{family}/key/v1\n{number}\n{code}")).into()
}

/// The AES-GCM nonce of level `number` of `family`'s chain.
pub fn level_nonce(family: &str, number: usize) -> [u8; 12] {
    let digest = Sha256::digest(format!("gridforge-{family}/nonce/v1\n{number}"));
    let mut nonce = [0u8; 12];
    nonce.copy_from_slice(&digest[..12]);
    nonce
}

fn cipher(family: &str, number: usize, code: &str) -> Aes256Gcm {
    let key = level_key(family, number, code);
    Aes256Gcm::new(Key::<Aes256Gcm>::from_slice(&key))
}

/// Seals bytes with the key of level `number`'s code in `family`'s chain:
/// AES-256-GCM ciphertext and the first [`TAG_BYTES`] of its tag.
pub fn seal(family: &str, number: usize, code: &str, plain: &[u8]) -> Vec<u8> {
    let mut sealed = cipher(family, number, code)
        .encrypt(Nonce::from_slice(&level_nonce(family, number)), plain)
        .expect("AES-GCM encrypts any message shorter than 64 GiB");
    sealed.truncate(plain.len() + TAG_BYTES);
    sealed
}

/// Opens bytes sealed for level `number` of `family`'s chain; fails when the
/// code is wrong.
///
/// The cipher has no call for a truncated tag, so the ciphertext is run
/// through the same key stream (GCM's encryption is CTR: its own inverse),
/// and the plain bytes found are sealed again and compared.
pub fn unseal(
    family: &str,
    number: usize,
    code: &str,
    sealed: &[u8],
) -> Result<Vec<u8>, ChainError> {
    let wrong = ChainError::WrongCode { number };
    let Some(length) = sealed.len().checked_sub(TAG_BYTES) else {
        return Err(wrong);
    };
    let cipher = cipher(family, number, code);
    let nonce = level_nonce(family, number);
    let mut plain = sealed[..length].to_vec();
    cipher
        .encrypt_in_place_detached(Nonce::from_slice(&nonce), b"", &mut plain)
        .map_err(|_| wrong.clone())?;
    if seal(family, number, code, &plain) != sealed {
        return Err(wrong);
    }
    Ok(plain)
}

/// How sealed pieces are written for a pack of `shapes` shapes (see the
/// module documentation): `true` for the wide form, one byte per piece.
fn wide_form(shapes: usize) -> Option<bool> {
    if shapes <= MAX_SHAPES {
        Some(false)
    } else if shapes <= MAX_WIDE_SHAPES {
        Some(true)
    } else {
        None
    }
}

/// A level's pieces in the compact form (one byte per run of identical
/// pieces, or per piece for a pack of more than [`MAX_SHAPES`] shapes) in
/// canonical order, naming shapes by their index in `shapes`.
pub fn encode_pieces(
    number: usize,
    level: &Level,
    shapes: &[Piece],
) -> Result<Vec<u8>, ChainError> {
    let wide = wide_form(shapes.len()).ok_or_else(|| ChainError::NotCompact {
        number,
        what: format!("{} shapes, at most {MAX_WIDE_SHAPES}", shapes.len()),
    })?;
    let longest = if wide { 1 } else { MAX_RUN };
    let pieces = level.pieces();
    let mut bytes = Vec::new();
    let mut i = 0;
    while i < pieces.len() {
        let piece = &pieces[i];
        let shape =
            shapes
                .iter()
                .position(|s| s == piece)
                .ok_or_else(|| ChainError::NotCompact {
                    number,
                    what: format!("piece {piece} is not one of the pack's shapes"),
                })?;
        let rotatable = level.rotatable() == Some(i);
        let mut run = 1;
        if !rotatable {
            while run < longest
                && i + run < pieces.len()
                && pieces[i + run] == *piece
                && level.rotatable() != Some(i + run)
            {
                run += 1;
            }
        }
        // `shape` is below MAX_WIDE_SHAPES (or MAX_SHAPES): it fits its bits.
        bytes.push(match (wide, rotatable) {
            (true, false) => shape as u8,
            (true, true) => shape as u8 | WIDE_ROTATABLE_BIT,
            (false, false) => shape as u8 | (((run - 1) as u8) << 5),
            (false, true) => shape as u8 | ROTATABLE_BIT,
        });
        i += run;
    }
    Ok(bytes)
}

/// The level whose compact pieces are `bytes` (see [`encode_pieces`]);
/// `number` and `difficulty` only go into the answer.
pub fn decode_pieces(
    number: usize,
    width: usize,
    height: usize,
    difficulty: u64,
    bytes: &[u8],
    shapes: &[Piece],
) -> Result<PublicLevel, ChainError> {
    let bad = |message: String| ChainError::BadLevel { number, message };
    let wide = wide_form(shapes.len()).ok_or_else(|| {
        bad(format!(
            "{} shapes, at most {MAX_WIDE_SHAPES}",
            shapes.len()
        ))
    })?;
    let mut pieces = Vec::new();
    let mut rotatable = None;
    for &byte in bytes {
        let (index, flagged, run) = if wide {
            (
                byte & !WIDE_ROTATABLE_BIT,
                byte & WIDE_ROTATABLE_BIT != 0,
                1,
            )
        } else {
            (
                byte & 0x0f,
                byte & ROTATABLE_BIT != 0,
                (byte >> 5) as usize + 1,
            )
        };
        let shape = shapes
            .get(index as usize)
            .ok_or_else(|| bad(format!("shape {index} is not in the pack")))?;
        if flagged {
            if run != 1 || rotatable.is_some() {
                return Err(bad("more than one rotatable piece".into()));
            }
            rotatable = Some(pieces.len());
        }
        pieces.extend(std::iter::repeat_n(shape.clone(), run));
    }
    let given = pieces.clone();
    let level = Level::new(width, height, pieces, rotatable).map_err(|e| bad(e.to_string()))?;
    if level.pieces() != given.as_slice() || level.rotatable() != rotatable {
        return Err(bad("the pieces are not in canonical order".into()));
    }
    Ok(PublicLevel::of_level(number, &level, difficulty))
}

/// `next − previous`, zigzag-coded: 0, −1, 1, −2, 2 … → 0, 1, 2, 3, 4 …
fn zigzag(previous: u64, next: u64) -> u64 {
    if next >= previous {
        2 * (next - previous)
    } else {
        2 * (previous - next) - 1
    }
}

/// The inverse of [`zigzag`]; `None` when the value leaves `u64`.
fn unzigzag(previous: u64, coded: u64) -> Option<u64> {
    if coded.is_multiple_of(2) {
        previous.checked_add(coded / 2)
    } else {
        previous.checked_sub(coded / 2 + 1)
    }
}

fn push_leb128(out: &mut Vec<u8>, mut value: u64) {
    loop {
        let low = (value & 0x7f) as u8;
        value >>= 7;
        if value == 0 {
            out.push(low);
            return;
        }
        out.push(low | 0x80);
    }
}

/// The codes of every level of a pack in `family`'s chain: `codes[k]` is
/// level k+1's.
pub fn pack_codes(family: &str, pack: &Pack) -> Result<Vec<String>, ChainError> {
    let mut codes = Vec::with_capacity(pack.levels.len());
    let mut previous_cover = String::new();
    for (position, record) in pack.levels.iter().enumerate() {
        let number = position + 1;
        if record.number != Some(number) {
            return Err(ChainError::Numbering {
                position,
                found: record.number,
            });
        }
        codes.push(level_code(family, number, &previous_cover));
        previous_cover = cover_text(number, record.width, record.height, &record.solution)?;
    }
    Ok(codes)
}

impl ChainedPack {
    /// Chains a pack of `family`'s levels: level 1 in the clear with its
    /// code, every later level sealed with the code derived from the
    /// previous level's solution; the shapes are the family's piece set's.
    pub fn from_pack(pack: &Pack, family: Family) -> Result<ChainedPack, ChainError> {
        if pack.levels.is_empty() {
            return Err(ChainError::EmptyPack);
        }
        let name = family.name();
        let codes = pack_codes(name, pack)?;
        let set = family.piece_set();
        let shapes = set.shapes();
        let mut rectangles: Vec<[usize; 2]> = Vec::new();
        let mut table = Vec::new();
        let mut first = None;
        let mut previous_difficulty = 0u64;
        for (position, (record, code)) in pack.levels.iter().zip(&codes).enumerate() {
            let number = position + 1;
            let rectangle = [record.width, record.height];
            let index = match rectangles.iter().position(|r| *r == rectangle) {
                Some(i) => i,
                None => {
                    rectangles.push(rectangle);
                    rectangles.len() - 1
                }
            };
            let not_compact = |what: String| ChainError::NotCompact { number, what };
            let index = u8::try_from(index).map_err(|_| not_compact("over 256 sizes".into()))?;
            table.push(index);
            push_leb128(&mut table, zigzag(previous_difficulty, record.difficulty));
            previous_difficulty = record.difficulty;
            if number == 1 {
                table.push(0);
                first = Some(PublicLevel::of_record(1, record));
                continue;
            }
            let level = record.level().map_err(|e| not_compact(e.to_string()))?;
            let sealed = seal(name, number, code, &encode_pieces(number, &level, shapes)?);
            table.push(
                u8::try_from(sealed.len()).map_err(|_| not_compact("too many pieces".into()))?,
            );
            table.extend_from_slice(&sealed);
        }
        Ok(ChainedPack {
            format: CHAIN_FORMAT.to_string(),
            version: CHAIN_VERSION,
            family: name.to_string(),
            max_area: pack.max_area,
            seed: pack.seed,
            count: pack.levels.len(),
            shapes: shapes
                .iter()
                .map(|p| p.cells().map(|(r, c)| [r, c]).collect())
                .collect(),
            rectangles,
            first: first.ok_or(ChainError::EmptyPack)?,
            first_code: codes[0].clone(),
            table: base64::engine::general_purpose::STANDARD.encode(table),
        })
    }

    /// The pack's shapes as pieces.
    pub fn shape_pieces(&self) -> Result<Vec<Piece>, ChainError> {
        self.shapes
            .iter()
            .map(|cells| {
                let cells: Vec<(usize, usize)> = cells.iter().map(|&[r, c]| (r, c)).collect();
                Piece::new(&cells).map_err(|e| ChainError::BadTable {
                    what: format!("a shape is not a piece: {e}"),
                })
            })
            .collect()
    }

    /// Every level's record in the table, level 1 first.
    pub fn entries(&self) -> Result<Vec<ChainEntry>, ChainError> {
        let bad = |what: String| ChainError::BadTable { what };
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(&self.table)
            .map_err(|e| bad(format!("not base64: {e}")))?;
        let mut entries = Vec::with_capacity(self.count);
        let mut previous_difficulty = 0u64;
        let mut at = 0;
        let mut next = |what: &str| -> Result<u8, ChainError> {
            let byte = *bytes
                .get(at)
                .ok_or_else(|| bad(format!("cut short in {what}")))?;
            at += 1;
            Ok(byte)
        };
        while entries.len() < self.count {
            let number = entries.len() + 1;
            let [width, height] = *self
                .rectangles
                .get(next("a size")? as usize)
                .ok_or_else(|| bad(format!("level {number}'s size is not in the list")))?;
            let mut coded = 0u64;
            for shift in (0..64).step_by(7) {
                let byte = next("a difficulty")?;
                coded |= u64::from(byte & 0x7f) << shift;
                if byte & 0x80 == 0 {
                    break;
                }
            }
            let difficulty = unzigzag(previous_difficulty, coded)
                .ok_or_else(|| bad(format!("level {number}'s difficulty is out of range")))?;
            previous_difficulty = difficulty;
            let length = next("a length")? as usize;
            let sealed = (0..length)
                .map(|_| next("sealed bytes"))
                .collect::<Result<Vec<u8>, _>>()?;
            entries.push(ChainEntry {
                number,
                width,
                height,
                difficulty,
                sealed,
            });
        }
        if at != bytes.len() {
            return Err(bad(format!(
                "{} bytes after the last level",
                bytes.len() - at
            )));
        }
        Ok(entries)
    }

    /// Opens one entry of [`ChainedPack::entries`] with a code (level 1
    /// needs none and is given whatever the code).
    pub fn open(&self, entry: &ChainEntry, code: &str) -> Result<PublicLevel, ChainError> {
        if entry.number == 1 {
            return Ok(self.first.clone());
        }
        let plain = unseal(&self.family, entry.number, code, &entry.sealed)?;
        decode_pieces(
            entry.number,
            entry.width,
            entry.height,
            entry.difficulty,
            &plain,
            &self.shape_pieces()?,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::PieceSet;

    const T: &str = "triplex";

    fn grid(rows: &[&str]) -> Vec<String> {
        rows.iter().map(|r| r.to_string()).collect()
    }

    #[test]
    fn cover_ignores_which_identical_piece_lies_where() {
        // 4x2 with two vertical dominoes and two horizontal ones: swapping
        // the letters of the two horizontal dominoes gives the same cover.
        let one = cover_text(1, 4, 2, &grid(&["aabc", "ddbc"])).unwrap();
        let two = cover_text(1, 4, 2, &grid(&["ddbc", "aabc"])).unwrap();
        assert_eq!(one, "4x2:0,0,2,3,4,4,2,3");
        assert_eq!(one, two);
        let other = cover_text(1, 4, 2, &grid(&["abcc", "abdd"])).unwrap();
        assert_eq!(other, "4x2:0,1,2,2,0,1,6,6");
    }

    #[test]
    fn cover_rejects_a_grid_of_the_wrong_size() {
        assert_eq!(
            cover_text(3, 4, 2, &grid(&["aabc"])),
            Err(ChainError::GridSize {
                number: 3,
                width: 4,
                height: 2
            })
        );
        assert!(cover_text(3, 4, 2, &grid(&["aab", "ddbc"])).is_err());
    }

    #[test]
    fn codes_are_ten_crockford_symbols_and_depend_on_everything() {
        let code = level_code(T, 2, "4x2:0,0,2,3,4,4,2,3");
        assert_eq!(code.len(), CODE_LENGTH);
        assert!(code.bytes().all(|b| CODE_ALPHABET.contains(&b)), "{code}");
        assert_eq!(code, level_code(T, 2, "4x2:0,0,2,3,4,4,2,3"));
        assert_ne!(code, level_code(T, 3, "4x2:0,0,2,3,4,4,2,3"));
        assert_ne!(code, level_code(T, 2, "4x2:0,1,2,2,0,1,6,6"));
    }

    #[test]
    fn code_takes_the_first_fifty_bits_of_the_digest() {
        // An independent reading of the rule, bit by bit.
        let text = "gridforge-triplex/code/v1\n7\n3x3:0,0,2,3,4,2,3,4,4";
        let digest = Sha256::digest(text);
        let bits: Vec<u8> = digest
            .iter()
            .flat_map(|byte| (0..8).rev().map(move |i| (byte >> i) & 1))
            .take(50)
            .collect();
        let expected: String = bits
            .chunks(5)
            .map(|c| CODE_ALPHABET[c.iter().fold(0usize, |v, b| v * 2 + *b as usize)] as char)
            .collect();
        assert_eq!(level_code(T, 7, "3x3:0,0,2,3,4,2,3,4,4"), expected);
    }

    #[test]
    fn a_sealed_level_opens_with_its_code_only() {
        let code = level_code(T, 9, "whatever");
        let plain = [1u8, 2, 3];
        let sealed = seal(T, 9, &code, &plain);
        assert_eq!(sealed.len(), plain.len() + TAG_BYTES);
        // The kept tag is the head of the full GCM tag.
        let full = cipher(T, 9, &code)
            .encrypt(Nonce::from_slice(&level_nonce(T, 9)), plain.as_ref())
            .unwrap();
        assert_eq!(sealed[..], full[..plain.len() + TAG_BYTES]);
        let mut tampered = sealed.clone();
        tampered[0] ^= 1;
        assert!(unseal(T, 9, &code, &tampered).is_err());
        assert!(unseal(T, 9, &code, &sealed[..TAG_BYTES - 1]).is_err());
        assert_eq!(unseal(T, 9, &code, &sealed), Ok(plain.to_vec()));
        let wrong = level_code(T, 9, "something else");
        assert_eq!(
            unseal(T, 9, &wrong, &sealed),
            Err(ChainError::WrongCode { number: 9 })
        );
        // The number is part of the key and the nonce.
        assert_eq!(
            unseal(T, 10, &code, &sealed),
            Err(ChainError::WrongCode { number: 10 })
        );
        // Sealing is deterministic, so the pack file is reproducible.
        assert_eq!(seal(T, 9, &code, &plain), sealed);
    }

    #[test]
    fn each_family_has_its_own_chain() {
        let b = "blockpuzzle";
        let cover = "4x2:0,0,2,3,4,4,2,3";
        assert_ne!(level_code(T, 2, cover), level_code(b, 2, cover));
        assert_ne!(level_key(T, 2, "0123456789"), level_key(b, 2, "0123456789"));
        assert_ne!(level_nonce(T, 2), level_nonce(b, 2));
        // The family is read from the strings as documented.
        let digest = Sha256::digest(format!("gridforge-{b}/nonce/v1\n2"));
        assert_eq!(level_nonce(b, 2)[..], digest[..12]);
        // A level sealed in one family's chain does not open in another's,
        // even with the same code.
        let code = level_code(b, 5, cover);
        let sealed = seal(b, 5, &code, &[1, 2, 3]);
        assert_eq!(unseal(b, 5, &code, &sealed), Ok(vec![1, 2, 3]));
        assert!(unseal(T, 5, &code, &sealed).is_err());
    }

    #[test]
    fn a_pack_of_many_shapes_writes_a_byte_per_piece() {
        let set = PieceSet::blockpuzzle();
        let shapes = set.shapes();
        assert!(shapes.len() > MAX_SHAPES && shapes.len() <= MAX_WIDE_SHAPES);
        for text in [
            "5x2:Lsw,Lse,(###/.#.)",
            "6x4:h,v,H,Lnw,Lne,Lsw,(###/..#),(#./##/#.)",
            "5x1:(#####)",
            "1x5:(#/#/#/#/#)",
            "3x3:h,v,(#.#/###)",
        ] {
            let level: Level = text.parse().unwrap();
            let bytes = encode_pieces(4, &level, shapes).unwrap();
            assert_eq!(bytes.len(), level.pieces().len(), "{text}");
            let index = |p: &Piece| shapes.iter().position(|s| s == p).unwrap() as u8;
            let expected: Vec<u8> = level.pieces().iter().map(index).collect();
            assert_eq!(bytes, expected, "{text}");
            let back = decode_pieces(4, level.width(), level.height(), 9, &bytes, shapes).unwrap();
            assert_eq!(back, PublicLevel::of_level(4, &level, 9), "{text}");
            assert_eq!(back.description, text);
        }
        // Shape indices past 15 are where the one-byte runs could not go.
        let tall: Level = "1x5:(#/#/#/#/#)".parse().unwrap();
        assert!(encode_pieces(1, &tall, shapes).unwrap()[0] >= 16);
        // Repeated shapes repeat their byte; the rotatable piece has bit 7.
        let twice: Level = "4x1:2h".parse().unwrap();
        let h = shapes
            .iter()
            .position(|s| s.short_name() == Some("h"))
            .unwrap() as u8;
        assert_eq!(encode_pieces(1, &twice, shapes).unwrap(), [h, h]);
        let turned: Level = "4x2:2h,(##/##)@".parse().unwrap();
        let bytes = encode_pieces(1, &turned, shapes).unwrap();
        assert_eq!(bytes.iter().filter(|b| **b & 0x80 != 0).count(), 1);
        let back = decode_pieces(1, 4, 2, 0, &bytes, shapes).unwrap();
        assert_eq!(back, PublicLevel::of_level(1, &turned, 0));
        // Broken bytes are errors: two rotatable pieces, an index past the
        // shapes, out of order.
        assert!(decode_pieces(1, 4, 1, 0, &[h | 0x80, h | 0x80], shapes).is_err());
        assert!(decode_pieces(1, 4, 1, 0, &[h, 127], shapes).is_err());
        let v = shapes
            .iter()
            .position(|s| s.short_name() == Some("v"))
            .unwrap() as u8;
        let (lo, hi) = (h.min(v), h.max(v));
        assert!(decode_pieces(1, 2, 2, 0, &[lo, hi], shapes).is_ok());
        assert!(decode_pieces(1, 2, 2, 0, &[hi, lo], shapes).is_err());
        // More shapes than a byte can name: no compact form at all.
        let too_many: Vec<Piece> = std::iter::repeat_n(shapes[0].clone(), 129).collect();
        assert!(matches!(
            encode_pieces(2, &twice, &too_many),
            Err(ChainError::NotCompact { number: 2, .. })
        ));
        assert!(decode_pieces(2, 4, 1, 0, &[0, 0], &too_many).is_err());
    }

    #[test]
    fn compact_pieces_round_trip_and_refuse_what_is_not_a_level() {
        let shapes = Piece::triplex_shapes();
        for text in [
            "3x3:2h,v@,Lnw",
            "4x3:2h,v,Lnw,Lse@",
            "5x4:4h,2Lnw,Lne,Lsw",
            "8x8:12h,10v,2H,V,Lnw,Lne,Lsw,Lse@",
        ] {
            let Ok(level) = text.parse::<Level>() else {
                continue;
            };
            let bytes = encode_pieces(7, &level, &shapes).unwrap();
            let back =
                decode_pieces(7, level.width(), level.height(), 42, &bytes, &shapes).unwrap();
            assert_eq!(back, PublicLevel::of_level(7, &level, 42), "{text}");
            assert_eq!(back.description, level.to_string());
        }
        // Twelve dominoes take two bytes (runs of at most eight).
        let level: Level = "4x6:12h".parse().unwrap();
        assert_eq!(encode_pieces(1, &level, &shapes).unwrap().len(), 2);
        // Out of canonical order, two rotatable pieces, unknown shapes, bad areas.
        let h = shapes
            .iter()
            .position(|p| p.short_name() == Some("h"))
            .unwrap() as u8;
        let v = shapes
            .iter()
            .position(|p| p.short_name() == Some("v"))
            .unwrap() as u8;
        let (lo, hi) = (h.min(v), h.max(v));
        assert!(decode_pieces(1, 2, 2, 0, &[hi, lo], &shapes).is_err());
        assert!(decode_pieces(1, 2, 2, 0, &[lo, hi], &shapes).is_ok());
        assert!(decode_pieces(1, 2, 2, 0, &[lo | 0x10, hi | 0x10], &shapes).is_err());
        assert!(decode_pieces(1, 2, 2, 0, &[15], &shapes).is_err());
        assert!(decode_pieces(1, 3, 2, 0, &[lo, hi], &shapes).is_err());
        assert!(decode_pieces(1, 2, 2, 0, &[], &shapes).is_err());
        // A piece the shapes do not have has no compact form.
        let odd: Level = "4x1:(####)".parse().unwrap();
        assert!(matches!(
            encode_pieces(3, &odd, &shapes),
            Err(ChainError::NotCompact { number: 3, .. })
        ));
    }

    #[test]
    fn difficulty_steps_are_zigzag() {
        for (a, b) in [
            (0, 0),
            (0, 5),
            (5, 0),
            (100, 7),
            (7, 48_266_629),
            (1 << 40, 0),
        ] {
            assert_eq!(unzigzag(a, zigzag(a, b)), Some(b), "{a} → {b}");
        }
        assert_eq!(zigzag(10, 9), 1);
        assert_eq!(zigzag(10, 11), 2);
        assert_eq!(unzigzag(0, 1), None);
    }

    #[test]
    fn difficulties_are_leb128() {
        let mut out = Vec::new();
        push_leb128(&mut out, 0);
        push_leb128(&mut out, 127);
        push_leb128(&mut out, 128);
        push_leb128(&mut out, 300);
        assert_eq!(out, [0, 127, 0x80, 1, 0xac, 2]);
    }
}
