//! Player accounts with passkeys (issue 38): playing needs no account; an
//! account is what puts a player on the public tables.
//!
//! - [`crate::passkeys`] (below the server's state, which holds it): the
//!   relying party (webauthn-rs, from `--public-url`), the cookie and CSRF
//!   settings, the creation limit.
//! - [`session`]: the session cookie, the signed-in extractor and the
//!   cross-site request check every state-changing account request passes.
//! - [`routes`]: `/api/account/...`: register with a display name and a
//!   discoverable passkey, sign in with it, add a passkey, sign out (here
//!   or everywhere), delete the account.
//!
//! WebAuthn itself (CBOR, COSE keys, signatures, counters) is webauthn-rs's;
//! ceremonies in progress and sessions are in the database
//! ([`crate::storage::accounts`]), so several servers behave as one.

pub mod routes;
pub mod session;
