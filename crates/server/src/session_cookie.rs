//! The session cookie as a request carries it: its name, and the token's
//! parsing and hash. Apart from `accounts` (which makes and checks sessions)
//! so the rate limiter can key a request by its session without importing
//! the accounts module (the modules form no import circle).

use axum::http::{header, HeaderMap};
use sha2::{Digest, Sha256};

/// The session cookie's name.
pub const COOKIE: &str = "gridforge_session";
/// Bytes of a session token.
pub const TOKEN_BYTES: usize = 32;

/// The stored hash of a cookie's token.
pub fn hash_of(token: &str) -> [u8; 32] {
    Sha256::digest(token.as_bytes()).into()
}

/// The session token a request's cookies carry, if any.
pub fn token_of(headers: &HeaderMap) -> Option<&str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == COOKIE)
        .map(|(_, value)| value)
        .filter(|v| v.len() == 2 * TOKEN_BYTES && v.bytes().all(|b| b.is_ascii_hexdigit()))
}
