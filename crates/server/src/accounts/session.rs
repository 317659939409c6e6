//! The session cookie, the signed-in extractor and the cross-site request
//! check.
//!
//! A session is a random 32-byte token in an `HttpOnly`, `SameSite=Strict`
//! cookie (`Secure` when the public URL is https); the database keeps only
//! its SHA-256. CSRF: a state-changing request that acts with a session
//! (and every account request, so no site can sign a visitor in to an
//! account of its own) must carry the header [`CSRF_HEADER`], which a page
//! of another site cannot send without a CORS preflight this server never
//! grants, and, when the browser says where it comes from (`Origin`,
//! `Sec-Fetch-Site`), come from this server's own origin.

use crate::error::ApiError;
pub use crate::session_cookie::{hash_of, token_of, COOKIE, TOKEN_BYTES};
use crate::state::AppState;
use crate::storage::accounts::Account;
use crate::storage::StoreError;
use axum::extract::{FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::Response;
use std::cell::RefCell;

tokio::task_local! {
    /// The session a request's cookie named, as the store answered the
    /// first time within the request: the rate limit and the handler both
    /// ask, and a signed-in solve should cost one read, not two.
    static LOOKED_UP: RefCell<Option<([u8; 32], Option<Account>)>>;
}

/// Middleware: the session is looked up at most once per request
/// ([`session_account`]).
pub async fn one_lookup_per_request(request: Request, next: Next) -> Response {
    LOOKED_UP.scope(RefCell::new(None), next.run(request)).await
}

/// The account of the live session whose token hashes to `token_hash`, if
/// there is one: within a request under [`one_lookup_per_request`], the
/// first answer is kept for the rest of the request.
pub async fn session_account(
    app: &AppState,
    token_hash: &[u8; 32],
    now: i64,
) -> Result<Option<Account>, StoreError> {
    let kept = LOOKED_UP.try_with(|kept| {
        kept.borrow()
            .as_ref()
            .filter(|(hash, _)| hash == token_hash)
            .map(|(_, account)| account.clone())
    });
    if let Ok(Some(account)) = kept {
        return Ok(account);
    }
    let account = app.store.session_account(token_hash, now).await?;
    // Outside the middleware (a test calling a handler) there is nothing to keep it in.
    let _ = LOOKED_UP.try_with(|kept| *kept.borrow_mut() = Some((*token_hash, account.clone())));
    Ok(account)
}

/// The header every state-changing request with a session must carry
/// (value `1`); the web client sends it on every request.
pub const CSRF_HEADER: &str = "x-gridforge-request";

/// A new session token: (cookie value, hash to store).
pub fn new_token() -> (String, [u8; 32]) {
    let mut token = [0u8; TOKEN_BYTES];
    rand::fill(&mut token);
    let text = hex::encode(token);
    let hash = hash_of(&text);
    (text, hash)
}

/// The `Set-Cookie` value that sets a session.
pub fn set_cookie(app: &AppState, token: &str) -> HeaderValue {
    let secure = if app.accounts.secure_cookies {
        "; Secure"
    } else {
        ""
    };
    let max_age = crate::passkeys::SESSION_LIFETIME_MS / 1000;
    HeaderValue::from_str(&format!(
        "{COOKIE}={token}; Path=/; HttpOnly; SameSite=Strict; Max-Age={max_age}{secure}"
    ))
    .unwrap_or_else(|_| HeaderValue::from_static(""))
}

/// The `Set-Cookie` value that removes the session cookie.
pub fn clear_cookie(app: &AppState) -> HeaderValue {
    let secure = if app.accounts.secure_cookies {
        "; Secure"
    } else {
        ""
    };
    HeaderValue::from_str(&format!(
        "{COOKIE}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0{secure}"
    ))
    .unwrap_or_else(|_| HeaderValue::from_static(""))
}

/// Refuses a request another site could have made: no [`CSRF_HEADER`], an
/// `Origin` other than this server's, or `Sec-Fetch-Site: cross-site`.
pub fn check_same_site(app: &AppState, headers: &HeaderMap) -> Result<(), ApiError> {
    let refused = |why: &str| {
        Err(ApiError::new(
            StatusCode::FORBIDDEN,
            format!("cross-site request refused: {why}"),
        ))
    };
    if headers.get(CSRF_HEADER).and_then(|v| v.to_str().ok()) != Some("1") {
        return refused(&format!("the request has no '{CSRF_HEADER}: 1' header"));
    }
    if let Some(origin) = headers.get(header::ORIGIN) {
        let own = origin.to_str().is_ok_and(|o| app.accounts.is_own_origin(o));
        if !own {
            return refused("it comes from another origin");
        }
    }
    if headers
        .get("sec-fetch-site")
        .is_some_and(|v| v.as_bytes() == b"cross-site")
    {
        return refused("the browser says it is cross-site");
    }
    Ok(())
}

/// A signed-in request: the session's account (not banned) and the hash of
/// its token. As an extractor it answers 401 without a live session, 403
/// for a banned account or a state-changing request that fails
/// [`check_same_site`].
#[derive(Clone, Debug)]
pub struct SignedIn {
    /// The account.
    pub account: Account,
    /// The session's token hash.
    pub token_hash: [u8; 32],
}

impl SignedIn {
    /// The hash of the session token a request's cookie sends (`None`
    /// without a cookie), once a state-changing request has passed
    /// [`check_same_site`]: the session it claims, not yet looked up.
    pub fn sent_session(
        app: &AppState,
        method: &Method,
        headers: &HeaderMap,
    ) -> Result<Option<[u8; 32]>, ApiError> {
        let Some(token) = token_of(headers) else {
            return Ok(None);
        };
        if !matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS) {
            check_same_site(app, headers)?;
        }
        Ok(Some(hash_of(token)))
    }

    /// The signed-in account of a request, if it has a live session:
    /// `Ok(None)` without one, an error for a banned account or a
    /// state-changing request that fails [`check_same_site`].
    pub async fn of(
        app: &AppState,
        method: &Method,
        headers: &HeaderMap,
    ) -> Result<Option<SignedIn>, ApiError> {
        let Some(token_hash) = Self::sent_session(app, method, headers)? else {
            return Ok(None);
        };
        let now = app.clock.now_ms() as i64;
        let Some(account) = session_account(app, &token_hash, now).await? else {
            return Ok(None);
        };
        if account.banned_at.is_some() {
            return Err(ApiError::new(
                StatusCode::FORBIDDEN,
                "this account is banned",
            ));
        }
        Ok(Some(SignedIn {
            account,
            token_hash,
        }))
    }
}

impl FromRequestParts<AppState> for SignedIn {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, app: &AppState) -> Result<Self, ApiError> {
        SignedIn::of(app, &parts.method, &parts.headers)
            .await?
            .ok_or_else(|| ApiError::new(StatusCode::UNAUTHORIZED, "not signed in"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cookie_tokens() {
        let (token, hash) = new_token();
        assert_eq!(hash, hash_of(&token));
        let mut headers = HeaderMap::new();
        headers.insert(
            header::COOKIE,
            HeaderValue::from_str(&format!("a=b; {COOKIE}={token}; c=d")).unwrap(),
        );
        assert_eq!(token_of(&headers), Some(token.as_str()));
        headers.insert(
            header::COOKIE,
            HeaderValue::from_static("gridforge_session=short"),
        );
        assert_eq!(token_of(&headers), None);
        assert_eq!(token_of(&HeaderMap::new()), None);
    }
}
