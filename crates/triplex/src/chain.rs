//! The chained pack: the level pack the offline client carries, in which each
//! level after the first is sealed with a key that only the solution of the
//! level before it (or the level's short code) yields.
//!
//! # The derivation (version 1)
//!
//! The web client (`web/js/triplex-chain.js`) implements the same steps; both sides
//! are tested against the same values.
//!
//! 1. **Cover.** A solved `W`×`H` board is written as its *cover*: for every
//!    cell in row-major order, the row-major index of the first cell (in
//!    row-major order) of the piece that covers it. The cover names no piece,
//!    so identical pieces are interchangeable and the rotatable piece may lie
//!    in any orientation: every correct solution has the same cover.
//!    Its text is `"{W}x{H}:"` followed by the indices joined by `,`, e.g.
//!    `4x2:0,0,2,3,4,4,2,3`.
//! 2. **Code.** The code of level `n` is derived from the cover text of level
//!    `n − 1`'s solution: `d = SHA-256("gridforge-triplex/code/v1\n{n}\n{cover}")`;
//!    the first 50 bits of `d` (most significant bit first) written as 10
//!    symbols of Crockford's base 32 (`0123456789ABCDEFGHJKMNPQRSTVWXYZ`: no
//!    I, L, O or U). Level 1 has no previous level: its code uses the empty
//!    cover text, and level 1 is stored in the clear anyway.
//! 3. **Key.** `key = SHA-256("gridforge-triplex/key/v1\n{n}\n{code}")`, an
//!    AES-256 key.
//! 4. **Seal.** The level (a [`PublicLevel`], as JSON) is encrypted with
//!    AES-256-GCM under that key with the nonce
//!    `SHA-256("gridforge-triplex/nonce/v1\n{n}")[0..12]` and no associated
//!    data; the ciphertext with its 16-byte tag is stored in standard base64.
//!    Each key seals exactly one message, so a nonce fixed per level is never
//!    reused under one key, and the pack is reproducible byte for byte.
//!
//! Everything here is a pure function: building the pack file is the
//! binary's job (`gridforge triplex web-pack`).

use crate::pack::{Pack, PublicLevel};
use aes_gcm::aead::{Aead, KeyInit};
use aes_gcm::{Aes256Gcm, Key, Nonce};
use base64::Engine;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use thiserror::Error;

/// Identifies the chained pack format in its JSON.
pub const CHAIN_FORMAT: &str = "gridforge-triplex-chain";
/// Version of the chained pack format and of the derivation above.
pub const CHAIN_VERSION: u32 = 1;
/// Number of symbols in a level code.
pub const CODE_LENGTH: usize = 10;
/// Crockford's base-32 alphabet, the symbols of level codes.
pub const CODE_ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

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
    /// A sealed level is not valid base64.
    #[error("sealed level {number} is not base64")]
    BadBase64 {
        /// The level.
        number: usize,
    },
    /// The code does not open the level (wrong code, or tampered data).
    #[error("the code does not open level {number}")]
    WrongCode {
        /// The level.
        number: usize,
    },
    /// The opened level is not the JSON of a level.
    #[error("level {number} opened but is not a level: {message}")]
    BadLevel {
        /// The level.
        number: usize,
        /// What the JSON reader said.
        message: String,
    },
}

/// One level of a chained pack: level 1 in the clear, the others sealed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChainedLevel {
    /// Position in the pack, from 1.
    pub number: usize,
    /// The level's code; only level 1's is given (it opens nothing secret).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub code: Option<String>,
    /// The level in the clear (level 1 only).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub level: Option<PublicLevel>,
    /// The level sealed with its key (every level but the first), base64.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub sealed: Option<String>,
}

/// The pack the web client carries: no solution in it, and each level after
/// the first sealed with a key derived from the previous level's solution.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChainedPack {
    /// Always [`CHAIN_FORMAT`].
    pub format: String,
    /// Always [`CHAIN_VERSION`] when written by this crate.
    pub version: u32,
    /// The `max_area` of the pack it was made from.
    pub max_area: usize,
    /// The census seed of the pack it was made from.
    pub seed: u64,
    /// The levels, level 1 first.
    pub levels: Vec<ChainedLevel>,
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

/// The code of level `number`, derived from the cover text of the previous
/// level's solution (empty for level 1). See the module documentation.
pub fn level_code(number: usize, previous_cover: &str) -> String {
    let digest = Sha256::digest(format!(
        "gridforge-triplex/code/v1\n{number}\n{previous_cover}"
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

/// The AES-256 key of level `number`, derived from its code.
pub fn level_key(number: usize, code: &str) -> [u8; 32] {
    Sha256::digest(format!("gridforge-triplex/key/v1\n{number}\n{code}")).into()
}

/// The AES-GCM nonce of level `number`.
pub fn level_nonce(number: usize) -> [u8; 12] {
    let digest = Sha256::digest(format!("gridforge-triplex/nonce/v1\n{number}"));
    let mut nonce = [0u8; 12];
    nonce.copy_from_slice(&digest[..12]);
    nonce
}

/// Seals a level with the key of its code: base64 of AES-256-GCM ciphertext
/// and tag.
pub fn seal_level(level: &PublicLevel, code: &str) -> String {
    let key = level_key(level.number, code);
    let cipher = Aes256Gcm::new(Key::<Aes256Gcm>::from_slice(&key));
    let plain = serde_json::to_vec(level).expect("a level always serializes");
    let sealed = cipher
        .encrypt(
            Nonce::from_slice(&level_nonce(level.number)),
            plain.as_ref(),
        )
        .expect("AES-GCM encrypts any message shorter than 64 GiB");
    base64::engine::general_purpose::STANDARD.encode(sealed)
}

/// Opens a sealed level with a code; fails when the code is wrong.
pub fn open_level(number: usize, code: &str, sealed: &str) -> Result<PublicLevel, ChainError> {
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(sealed)
        .map_err(|_| ChainError::BadBase64 { number })?;
    let key = level_key(number, code);
    let cipher = Aes256Gcm::new(Key::<Aes256Gcm>::from_slice(&key));
    let plain = cipher
        .decrypt(Nonce::from_slice(&level_nonce(number)), bytes.as_ref())
        .map_err(|_| ChainError::WrongCode { number })?;
    serde_json::from_slice(&plain).map_err(|e| ChainError::BadLevel {
        number,
        message: e.to_string(),
    })
}

/// The codes of every level of a pack: `codes[k]` is level k+1's.
pub fn pack_codes(pack: &Pack) -> Result<Vec<String>, ChainError> {
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
        codes.push(level_code(number, &previous_cover));
        previous_cover = cover_text(number, record.width, record.height, &record.solution)?;
    }
    Ok(codes)
}

impl ChainedPack {
    /// Chains a pack: level 1 in the clear with its code, every later level
    /// sealed with the code derived from the previous level's solution.
    pub fn from_pack(pack: &Pack) -> Result<ChainedPack, ChainError> {
        if pack.levels.is_empty() {
            return Err(ChainError::EmptyPack);
        }
        let codes = pack_codes(pack)?;
        let levels = pack
            .levels
            .iter()
            .zip(&codes)
            .enumerate()
            .map(|(position, (record, code))| {
                let level = PublicLevel::of_record(position + 1, record);
                if position == 0 {
                    ChainedLevel {
                        number: 1,
                        code: Some(code.clone()),
                        level: Some(level),
                        sealed: None,
                    }
                } else {
                    ChainedLevel {
                        number: position + 1,
                        code: None,
                        level: None,
                        sealed: Some(seal_level(&level, code)),
                    }
                }
            })
            .collect();
        Ok(ChainedPack {
            format: CHAIN_FORMAT.to_string(),
            version: CHAIN_VERSION,
            max_area: pack.max_area,
            seed: pack.seed,
            levels,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let code = level_code(2, "4x2:0,0,2,3,4,4,2,3");
        assert_eq!(code.len(), CODE_LENGTH);
        assert!(code.bytes().all(|b| CODE_ALPHABET.contains(&b)), "{code}");
        assert_eq!(code, level_code(2, "4x2:0,0,2,3,4,4,2,3"));
        assert_ne!(code, level_code(3, "4x2:0,0,2,3,4,4,2,3"));
        assert_ne!(code, level_code(2, "4x2:0,1,2,2,0,1,6,6"));
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
        assert_eq!(level_code(7, "3x3:0,0,2,3,4,2,3,4,4"), expected);
    }

    fn sample_level(number: usize) -> PublicLevel {
        PublicLevel {
            number,
            width: 3,
            height: 3,
            description: "3x3:2h,v@,Lnw".into(),
            pieces: vec![
                vec![[0, 0], [0, 1]],
                vec![[0, 0], [0, 1]],
                vec![[0, 0], [1, 0]],
                vec![[0, 0], [0, 1], [1, 0]],
            ],
            rotatable: Some(2),
            difficulty: 5,
        }
    }

    #[test]
    fn a_sealed_level_opens_with_its_code_only() {
        let level = sample_level(9);
        let code = level_code(9, "whatever");
        let sealed = seal_level(&level, &code);
        assert_eq!(open_level(9, &code, &sealed), Ok(level.clone()));
        let wrong = level_code(9, "something else");
        assert_eq!(
            open_level(9, &wrong, &sealed),
            Err(ChainError::WrongCode { number: 9 })
        );
        // The number is part of the key and the nonce.
        assert_eq!(
            open_level(10, &code, &sealed),
            Err(ChainError::WrongCode { number: 10 })
        );
        assert_eq!(
            open_level(9, &code, "not base64!"),
            Err(ChainError::BadBase64 { number: 9 })
        );
        // Sealing is deterministic, so the pack file is reproducible.
        assert_eq!(seal_level(&level, &code), sealed);
    }
}
