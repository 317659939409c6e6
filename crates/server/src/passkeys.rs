//! The passkeys' relying party and the account settings (issue 38):
//! [`AccountSettings`] (webauthn-rs from `--public-url`, the cookie and
//! cross-site check settings, the creation limit) and the lifetimes. Below the server's state, which holds them; the routes
//! and sessions are `crate::accounts`.

use webauthn_rs::prelude::Url;
use webauthn_rs::{Webauthn, WebauthnBuilder};

/// A session lasts this long from sign-in.
pub const SESSION_LIFETIME_MS: i64 = 30 * 24 * 60 * 60 * 1000;
/// A ceremony (from its start to its finish) may take this long.
pub const CEREMONY_LIFETIME_MS: i64 = 5 * 60 * 1000;
/// A new account is provisional for this long by default
/// (`--provisional-days`): shown as such on the tables, its first-solver
/// claims wait for review. A week: an account made for an attack stays
/// marked through it, and a real player loses the mark soon.
pub const PROVISIONAL_MS: i64 = PROVISIONAL_DAYS as i64 * 24 * 60 * 60 * 1000;
/// [`PROVISIONAL_MS`] in days: `--provisional-days`'s default.
pub const PROVISIONAL_DAYS: u32 = 7;
/// Default accounts one network (an IPv4 address, an IPv6 /64) may make
/// a UTC day.
pub const DEFAULT_ACCOUNTS_PER_NETWORK_PER_DAY: u32 = 3;

/// The relying party and the account settings every handler shares.
pub struct AccountSettings {
    /// webauthn-rs's relying party.
    pub webauthn: Webauthn,
    /// The origin pages are served from (`Origin` of same-site requests).
    pub origin: Url,
    /// Without `--public-url`: any `localhost` or `127.0.0.1` port is
    /// the server's own origin (tests listen on port 0).
    pub local_default: bool,
    /// Cookies carry `Secure` (the public URL is https).
    pub secure_cookies: bool,
    /// Accounts one network may make a UTC day.
    pub per_network_per_day: i64,
    /// How long a new account is provisional, ms.
    pub provisional_ms: i64,
}

/// Why the account settings cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum AccountsError {
    /// `--public-url` is not an http(s) URL with a host name.
    #[error("--public-url '{0}' is not an http:// or https:// URL with a host name (e.g. https://puzzles.example.org)")]
    BadUrl(String),
    /// webauthn-rs refused the relying party.
    #[error("--public-url '{url}' cannot be a WebAuthn relying party: {cause}")]
    RelyingParty {
        /// The URL.
        url: String,
        /// webauthn-rs's reason.
        cause: String,
    },
}

impl AccountSettings {
    /// The relying party of `public_url` (its host is the RP id, its
    /// origin the only one accepted), or without it `localhost` on any
    /// port: browsers refuse IP addresses as RP ids, so a local server is
    /// used with passkeys at `http://localhost:PORT`.
    pub fn new(
        public_url: Option<&str>,
        per_network_per_day: u32,
    ) -> Result<AccountSettings, AccountsError> {
        let (origin, local_default) = match public_url {
            Some(text) => {
                let url = Url::parse(text).map_err(|_| AccountsError::BadUrl(text.into()))?;
                if !matches!(url.scheme(), "http" | "https") || url.domain().is_none() {
                    return Err(AccountsError::BadUrl(text.into()));
                }
                (url, false)
            }
            None => (
                Url::parse("http://localhost").expect("a fixed URL parses"),
                true,
            ),
        };
        let url_text = origin.to_string();
        let rp_id = origin.domain().unwrap_or("localhost").to_string();
        let refused = |e: webauthn_rs::prelude::WebauthnError| AccountsError::RelyingParty {
            url: url_text.clone(),
            cause: e.to_string(),
        };
        let webauthn = WebauthnBuilder::new(&rp_id, &origin)
            .map_err(refused)?
            .rp_name("gridforge")
            .allow_any_port(local_default)
            .build()
            .map_err(refused)?;
        Ok(AccountSettings {
            webauthn,
            secure_cookies: origin.scheme() == "https",
            origin,
            local_default,
            per_network_per_day: i64::from(per_network_per_day),
            provisional_ms: PROVISIONAL_MS,
        })
    }

    /// Whether an `Origin` header names this server.
    pub fn is_own_origin(&self, origin: &str) -> bool {
        let Ok(url) = Url::parse(origin) else {
            return false;
        };
        if self.local_default {
            url.scheme() == "http" && matches!(url.host_str(), Some("localhost" | "127.0.0.1"))
        } else {
            url.origin() == self.origin.origin()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins() {
        let local = AccountSettings::new(None, 3).unwrap();
        assert!(local.is_own_origin("http://localhost:39211"));
        assert!(local.is_own_origin("http://127.0.0.1:8080"));
        assert!(!local.is_own_origin("http://evil.example"));
        assert!(!local.is_own_origin("null"));
        let public = AccountSettings::new(Some("https://puzzles.example.org"), 3).unwrap();
        assert!(public.secure_cookies);
        assert!(public.is_own_origin("https://puzzles.example.org"));
        assert!(!public.is_own_origin("http://puzzles.example.org"));
        assert!(!public.is_own_origin("https://puzzles.example.org.evil.example"));
        assert!(AccountSettings::new(Some("ftp://x.example"), 3).is_err());
        assert!(AccountSettings::new(Some("https://203.0.113.9"), 3).is_err());
        assert!(AccountSettings::new(Some("not a url"), 3).is_err());
    }
}
