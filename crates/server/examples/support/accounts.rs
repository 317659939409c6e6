//! Accounts for the load generators (`load --mode daily-accounts`,
//! `load_sync`): a WebAuthn registration with the tests' software passkey,
//! and requests sent signed in. The server must allow the accounts a day
//! from loopback (`--accounts-per-day`).

use super::passkey::SoftPasskey;
use serde_json::{json, Value};

/// The error of a load generator's step.
pub type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// Makes account `k` of this run with a software passkey; its session
/// cookie (`name=value`).
pub async fn register(client: reqwest::Client, base: String, k: usize) -> Result<String, BoxError> {
    let origin = base.replace("127.0.0.1", "localhost");
    let name = format!("load{k}-{}", std::process::id());
    let started: Value = client
        .post(format!("{base}/api/account/register/start"))
        .header("x-gridforge-request", "1")
        .header("origin", &origin)
        .json(&json!({ "name": name }))
        .send()
        .await?
        .error_for_status()?
        .json()
        .await?;
    let (_, credential) = SoftPasskey::create(&started["options"], &origin);
    let finished = client
        .post(format!("{base}/api/account/register/finish"))
        .header("x-gridforge-request", "1")
        .header("origin", &origin)
        .json(&json!({ "ceremony": started["ceremony"], "credential": credential }))
        .send()
        .await?
        .error_for_status()?;
    let cookie = finished
        .headers()
        .get("set-cookie")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .ok_or("no session cookie")?
        .to_string();
    Ok(cookie)
}

/// `request` sent as the account of `cookie`: the session cookie and the
/// header that shows the server it is not a cross-site request.
pub fn signed_in(request: reqwest::RequestBuilder, cookie: &str) -> reqwest::RequestBuilder {
    request
        .header("cookie", cookie)
        .header("x-gridforge-request", "1")
}
