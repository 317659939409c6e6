//! The start token (crates/server/src/token.rs): any text is verified or
//! refused without a panic, and never accepted under another key; a token
//! the signer accepts is exactly one it signs (the text it would write, up
//! to the case of the hex digits); a token built from the input signs and
//! verifies back to itself, and changing any one digit of it is refused.

#![no_main]

use gridforge_server::token::{StartToken, TokenSigner, NONCE_BYTES};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let signer = TokenSigner::new(b"the fuzzing key, 32 bytes long..");
    let other = TokenSigner::new(b"another key, also 32 bytes long.");
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(token) = signer.verify(text) {
            assert_eq!(signer.sign(&token), text.to_ascii_lowercase());
        }
        if let Ok(token) = other.verify(text) {
            assert!(signer.verify(&other.sign(&token)).is_err());
        }
    }
    // A token of the input's bytes: level, issue time, nonce.
    let mut bytes = [0u8; 4 + 8 + NONCE_BYTES];
    for (slot, byte) in bytes.iter_mut().zip(data) {
        *slot = *byte;
    }
    let token = StartToken {
        level: u32::from_be_bytes(bytes[0..4].try_into().unwrap()),
        issued_at: u64::from_be_bytes(bytes[4..12].try_into().unwrap()),
        nonce: bytes[12..].try_into().unwrap(),
    };
    let text = signer.sign(&token);
    assert_eq!(signer.verify(&text), Ok(token));
    assert!(other.verify(&text).is_err(), "another key refuses it");
    let at = data.len() % text.len();
    let mut changed = text.clone().into_bytes();
    changed[at] = if changed[at] == b'0' { b'1' } else { b'0' };
    let changed = String::from_utf8(changed).unwrap();
    assert!(
        signer.verify(&changed).is_err(),
        "digit {at} changed: {changed}"
    );
});
