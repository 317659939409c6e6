//! What the load generators share: the tests' software passkey (and what it
//! leans on), by path, and the accounts made with it.

#[allow(unused_macros)]
#[path = "../../tests/common/harness.rs"]
pub mod harness;
#[path = "../../tests/common/passkey.rs"]
pub mod passkey;
#[allow(dead_code)]
#[path = "../../tests/common/postgres.rs"]
pub mod postgres;

pub mod accounts;
