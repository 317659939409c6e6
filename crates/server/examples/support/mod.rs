//! What the load generators share: the tests' software passkey (and what it
//! leans on), by path, the accounts made with it, and clients on other
//! loopback addresses.

use std::net::{IpAddr, Ipv4Addr};
use std::time::Duration;

#[allow(unused_macros)]
#[path = "../../tests/common/harness.rs"]
pub mod harness;
#[path = "../../tests/common/passkey.rs"]
pub mod passkey;
#[allow(dead_code)]
#[path = "../../tests/common/postgres.rs"]
pub mod postgres;

pub mod accounts;

/// A client whose requests come from `127.0.0.<last>`, so that the server
/// sees another client network (every 127.0.0.0/8 address reaches a server
/// listening on 127.0.0.1).
#[allow(dead_code)] // load_sync makes its accounts from one network
pub fn client_from(last: u8, timeout: Duration) -> reqwest::Client {
    reqwest::Client::builder()
        .no_proxy()
        .local_address(IpAddr::V4(Ipv4Addr::new(127, 0, 0, last)))
        .timeout(timeout)
        .build()
        .expect("a client")
}
