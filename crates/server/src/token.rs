//! Start tokens: proof that the server let a player start a level at a time.
//!
//! A token is the level number, the issue time and a random nonce, signed
//! with HMAC-SHA256 under a key every server reads from the database. It is
//! written as 120 lowercase hex digits: 4 bytes level, 8 bytes issue time
//! (Unix ms), 16 bytes nonce, 32 bytes MAC, all big-endian. The nonce
//! identifies the token when it is used, so each token records one solve.

use hmac::{Hmac, Mac};
use sha2::Sha256;
use thiserror::Error;

type HmacSha256 = Hmac<Sha256>;

/// Length of the random nonce in bytes.
pub const NONCE_BYTES: usize = 16;
/// Length of the signing key in bytes.
pub const KEY_BYTES: usize = 32;
const MAC_BYTES: usize = 32;
const PAYLOAD_BYTES: usize = 4 + 8 + NONCE_BYTES;
const TOKEN_BYTES: usize = PAYLOAD_BYTES + MAC_BYTES;
/// Separates these MACs from any other use of the key.
const DOMAIN: &[u8] = b"gridforge/triplex/start/v1";

/// What a start token says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StartToken {
    /// The level number the token was issued for.
    pub level: u32,
    /// When it was issued, Unix milliseconds.
    pub issued_at: u64,
    /// Random bytes that make the token unique.
    pub nonce: [u8; NONCE_BYTES],
}

/// Why a token was refused.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum TokenError {
    /// Not hex digits of a token's length (120 for a start token).
    #[error("the token is not a start token (not the hex digits the server signs)")]
    Malformed,
    /// The MAC does not match: the token was not issued by this service.
    #[error("the token's signature is not valid")]
    BadSignature,
}

/// Signs and verifies start tokens with one key.
#[derive(Clone)]
pub struct TokenSigner {
    mac: HmacSha256,
}

impl std::fmt::Debug for TokenSigner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("TokenSigner(..)")
    }
}

impl TokenSigner {
    /// A signer with the given key (any length; [`KEY_BYTES`] random bytes
    /// are what the server stores).
    pub fn new(key: &[u8]) -> TokenSigner {
        TokenSigner {
            mac: HmacSha256::new_from_slice(key).expect("HMAC accepts keys of any length"),
        }
    }

    /// The token text for `token`.
    pub fn sign(&self, token: &StartToken) -> String {
        self.sign_payload(DOMAIN, &payload(token))
    }

    /// Reads a token and checks its signature (in constant time).
    pub fn verify(&self, text: &str) -> Result<StartToken, TokenError> {
        if text.len() != TOKEN_BYTES * 2 {
            return Err(TokenError::Malformed);
        }
        let payload = self.verify_payload(DOMAIN, text)?;
        let level = u32::from_be_bytes(payload[0..4].try_into().expect("4 bytes"));
        let issued_at = u64::from_be_bytes(payload[4..12].try_into().expect("8 bytes"));
        let nonce = payload[12..].try_into().expect("nonce bytes");
        Ok(StartToken {
            level,
            issued_at,
            nonce,
        })
    }

    /// Any payload signed under `domain` (which keeps the tokens of one use
    /// from passing for another's): payload then MAC, in hex.
    pub fn sign_payload(&self, domain: &[u8], payload: &[u8]) -> String {
        let mut mac = self.mac.clone();
        mac.update(domain);
        mac.update(payload);
        let tag = mac.finalize().into_bytes();
        let mut bytes = Vec::with_capacity(payload.len() + MAC_BYTES);
        bytes.extend_from_slice(payload);
        bytes.extend_from_slice(&tag);
        hex::encode(bytes)
    }

    /// The payload of a [`TokenSigner::sign_payload`] text, its signature
    /// under `domain` checked (in constant time). Texts over 1,024 hex
    /// digits are malformed.
    pub fn verify_payload(&self, domain: &[u8], text: &str) -> Result<Vec<u8>, TokenError> {
        if text.len() > 1024 {
            return Err(TokenError::Malformed);
        }
        let mut bytes = hex::decode(text).map_err(|_| TokenError::Malformed)?;
        if bytes.len() < MAC_BYTES {
            return Err(TokenError::Malformed);
        }
        let tag = bytes.split_off(bytes.len() - MAC_BYTES);
        let mut mac = self.mac.clone();
        mac.update(domain);
        mac.update(&bytes);
        mac.verify_slice(&tag)
            .map_err(|_| TokenError::BadSignature)?;
        Ok(bytes)
    }
}

fn payload(token: &StartToken) -> [u8; PAYLOAD_BYTES] {
    let mut out = [0u8; PAYLOAD_BYTES];
    out[0..4].copy_from_slice(&token.level.to_be_bytes());
    out[4..12].copy_from_slice(&token.issued_at.to_be_bytes());
    out[12..].copy_from_slice(&token.nonce);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> StartToken {
        StartToken {
            level: 17,
            issued_at: 1_700_000_000_123,
            nonce: [7; NONCE_BYTES],
        }
    }

    #[test]
    fn sign_then_verify_round_trips() {
        let signer = TokenSigner::new(b"key one");
        let text = signer.sign(&sample());
        assert_eq!(text.len(), TOKEN_BYTES * 2);
        assert_eq!(signer.verify(&text), Ok(sample()));
        assert_eq!(signer.verify(&text.to_uppercase()), Ok(sample()));
    }

    #[test]
    fn another_key_or_an_edit_is_refused() {
        let text = TokenSigner::new(b"key one").sign(&sample());
        assert_eq!(
            TokenSigner::new(b"key two").verify(&text),
            Err(TokenError::BadSignature)
        );
        // Change the level byte (a token for level 17 made into level 16).
        let mut forged = text.clone().into_bytes();
        forged[7] = b'0';
        let forged = String::from_utf8(forged).unwrap();
        assert_ne!(forged, text);
        assert_eq!(
            TokenSigner::new(b"key one").verify(&forged),
            Err(TokenError::BadSignature)
        );
    }

    #[test]
    fn malformed_tokens_are_refused() {
        let signer = TokenSigner::new(b"k");
        for bad in ["", "abc", "zz", &"0".repeat(118), &"g".repeat(120), "é"] {
            assert_eq!(signer.verify(bad), Err(TokenError::Malformed), "{bad:?}");
        }
    }
}
