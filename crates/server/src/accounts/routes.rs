//! `/api/account/...`: making an account with a passkey, signing in with
//! it, more passkeys, signing out, deleting the account.
//!
//! Each WebAuthn ceremony is two requests: `.../start` answers the options
//! for `navigator.credentials.create()` or `.get()` (base64url where the
//! browser wants bytes) and a ceremony id; `.../finish` takes the id and the
//! browser's credential. The state between them is server-side, used once,
//! good for [`CEREMONY_LIFETIME_MS`].

use super::session::{check_same_site, clear_cookie, new_token, set_cookie, SignedIn};
use crate::error::{ApiError, ErrorBody};
use crate::limits::Client;
use crate::names::{name_key, normalise_name};
use crate::passkeys::{CEREMONY_LIFETIME_MS, SESSION_LIFETIME_MS};
use crate::state::AppState;
use crate::storage::accounts::{
    Account, AccountCreated, Ceremony, NewAccount, NewPasskey, NewSession,
};
use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};
use serde::{Deserialize, Serialize};
use webauthn_rs::prelude::{
    CreationChallengeResponse, CredentialID, DiscoverableAuthentication, DiscoverableKey, Passkey,
    PasskeyRegistration, PublicKeyCredential, RegisterPublicKeyCredential,
    RequestChallengeResponse, Uuid,
};

/// Ceremony kinds as stored.
const REGISTER: &str = "register";
const SIGN_IN: &str = "signin";
const ADD_PASSKEY: &str = "add_passkey";

/// An account as its owner sees it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct AccountView {
    /// The display name (NFKC-normalised as stored).
    name: String,
    /// When it was made, Unix ms.
    created_at: i64,
    /// Still provisional (new): shown so on the tables.
    provisional: bool,
    /// Until when it is provisional, Unix ms.
    provisional_until: i64,
    /// Passkeys it has.
    passkeys: usize,
}

impl AccountView {
    fn of(account: &Account, passkeys: usize, now: i64) -> AccountView {
        AccountView {
            name: account.name.clone(),
            created_at: account.created_at,
            provisional: now < account.provisional_until,
            provisional_until: account.provisional_until,
            passkeys,
        }
    }
}

/// Body of `POST /api/account/register/start`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct RegisterStart {
    /// The display name: 1 to 32 characters, unique case-insensitively.
    name: String,
}

/// A ceremony's first answer: its id and the options for the browser.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CeremonyStarted {
    /// Send back with the credential.
    ceremony: String,
    /// The `publicKey` options (and `mediation`) for
    /// `navigator.credentials.create()` / `.get()`; binary fields base64url.
    #[schema(value_type = Object)]
    options: serde_json::Value,
}

/// Body of `POST /api/account/register/finish` and `/passkeys/finish`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct RegisterFinish {
    /// The ceremony id from the start.
    ceremony: String,
    /// The browser's `PublicKeyCredential` from `create()`, binary fields
    /// base64url.
    #[schema(value_type = Object)]
    credential: RegisterPublicKeyCredential,
}

/// Body of `POST /api/account/signin/finish`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct SignInFinish {
    /// The ceremony id from the start.
    ceremony: String,
    /// The browser's `PublicKeyCredential` from `get()`, binary fields
    /// base64url.
    #[schema(value_type = Object)]
    credential: PublicKeyCredential,
}

/// Answer to signing out everywhere.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SignedOut {
    /// Sessions ended.
    sessions: u64,
}

fn now(app: &AppState) -> i64 {
    app.clock.now_ms() as i64
}

/// Keeps a ceremony's state and answers its options.
async fn begin<S: Serialize>(
    app: &AppState,
    kind: &str,
    options: serde_json::Value,
    state: &S,
    account_id: Option<i64>,
    name: Option<String>,
    handle: Option<String>,
) -> Result<Response, ApiError> {
    let mut id = [0u8; 16];
    rand::fill(&mut id);
    let state = serde_json::to_string(state)
        .map_err(|e| ApiError::internal("cannot keep a WebAuthn state", &e))?;
    let now = now(app);
    app.store
        .put_ceremony(
            &Ceremony {
                id: id.to_vec(),
                kind: kind.into(),
                state,
                account_id,
                name,
                handle,
                expires_at: now + CEREMONY_LIFETIME_MS,
            },
            now,
        )
        .await?;
    Ok(no_store(Json(CeremonyStarted {
        ceremony: hex::encode(id),
        options,
    })))
}

/// Takes the ceremony `id` of `kind` out of the database, once.
async fn take(app: &AppState, id: &str, kind: &str) -> Result<Ceremony, ApiError> {
    let lapsed = || {
        ApiError::bad_request(
            "no such ceremony: it was finished, lapsed (5 minutes) or never started; start again",
        )
    };
    let bytes = hex::decode(id).map_err(|_| lapsed())?;
    let ceremony = app
        .store
        .take_ceremony(&bytes, now(app))
        .await?
        .ok_or_else(lapsed)?;
    if ceremony.kind != kind {
        return Err(lapsed());
    }
    Ok(ceremony)
}

/// The state a ceremony kept.
fn state_of<T: serde::de::DeserializeOwned>(ceremony: &Ceremony) -> Result<T, ApiError> {
    serde_json::from_str(&ceremony.state)
        .map_err(|e| ApiError::internal("a kept WebAuthn state does not read", &e))
}

/// Registration options that ask for a discoverable credential (a passkey
/// the browser offers at sign-in without a name typed first): webauthn-rs's
/// passkey options with `residentKey: "required"`. Its registration check
/// does not depend on the flag; the sign-in needs the credential to be
/// discoverable.
fn discoverable(options: CreationChallengeResponse) -> Result<serde_json::Value, ApiError> {
    let mut value = serde_json::to_value(options)
        .map_err(|e| ApiError::internal("cannot write WebAuthn options", &e))?;
    let selection = &mut value["publicKey"]["authenticatorSelection"];
    selection["residentKey"] = "required".into();
    selection["requireResidentKey"] = true.into();
    Ok(value)
}

/// An answer with `Cache-Control: no-store`.
fn no_store(body: impl IntoResponse) -> Response {
    let mut response = body.into_response();
    response.headers_mut().insert(
        header::CACHE_CONTROL,
        header::HeaderValue::from_static("no-store"),
    );
    response
}

/// An answer that sets a new session cookie.
fn with_session(app: &AppState, token: &str, status: StatusCode, body: AccountView) -> Response {
    let mut response = no_store((status, Json(body)));
    response
        .headers_mut()
        .insert(header::SET_COOKIE, set_cookie(app, token));
    response
}

/// An answer that removes the session cookie.
fn without_session(app: &AppState, body: impl IntoResponse) -> Response {
    let mut response = no_store(body);
    response
        .headers_mut()
        .insert(header::SET_COOKIE, clear_cookie(app));
    response
}

fn refused_passkey(e: impl std::fmt::Display) -> ApiError {
    ApiError::bad_request(format!("the passkey was not accepted: {e}"))
}

/// The network an account is made from, as the limits key it
/// (`limits::client_of`: IPv4 address, IPv6 by `--ipv6-prefix`).
fn network(client: Option<Extension<Client>>) -> String {
    client.map_or_else(|| "unknown".into(), |Extension(c)| c.network.label())
}

fn today(app: &AppState) -> String {
    crate::dailies::Day::of_ms(app.clock.now_ms()).to_string()
}

/// `POST /api/account/register/start`: checks the name and the network's
/// creation limit, and answers the options to create a passkey.
#[utoipa::path(post, path = "/api/account/register/start", tag = "account",
    summary = "Start making an account: the options to create its passkey",
    request_body = RegisterStart,
    responses(
        (status = 200, description = "The ceremony id and `navigator.credentials.create()` options.", body = CeremonyStarted),
        (status = 400, description = "A bad name (control, bidi-override or invisible characters, blank, imitating the tables' marks, too long).", body = ErrorBody),
        (status = 403, description = "A cross-site request (no `X-Gridforge-Request: 1`, another `Origin`).", body = ErrorBody),
        (status = 409, description = "An account has this name (names are unique case-insensitively).", body = ErrorBody),
        (status = 429, description = "This network made its accounts for today, or too many write requests.", body = ErrorBody),
        (status = 503, description = "The database is unavailable; try again shortly.", body = ErrorBody),
    ))]
pub async fn register_start(
    State(app): State<AppState>,
    client: Option<Extension<Client>>,
    headers: HeaderMap,
    Json(request): Json<RegisterStart>,
) -> Result<Response, ApiError> {
    check_same_site(&app, &headers)?;
    let name = normalise_name(&request.name).map_err(|e| ApiError::bad_request(e.to_string()))?;
    if app.store.name_taken(&name_key(&name)).await? {
        return Err(name_taken());
    }
    let made = app
        .store
        .accounts_made(&network(client), &today(&app))
        .await?;
    if made >= app.accounts.per_network_per_day {
        return Err(limit_reached(&app));
    }
    let handle = Uuid::new_v4();
    let (options, state) = app
        .accounts
        .webauthn
        .start_passkey_registration(handle, &name, &name, None)
        .map_err(|e| ApiError::internal("cannot start a passkey registration", &e))?;
    begin(
        &app,
        REGISTER,
        discoverable(options)?,
        &state,
        None,
        Some(name),
        Some(handle.to_string()),
    )
    .await
}

fn name_taken() -> ApiError {
    ApiError::new(
        StatusCode::CONFLICT,
        "an account has this name already (names are unique whatever their case)",
    )
}

fn limit_reached(app: &AppState) -> ApiError {
    ApiError::new(
        StatusCode::TOO_MANY_REQUESTS,
        format!(
            "this network has made its {} accounts for today; try again tomorrow (UTC)",
            app.accounts.per_network_per_day
        ),
    )
}

/// `POST /api/account/register/finish`: checks the new passkey, makes the
/// account and signs it in.
#[utoipa::path(post, path = "/api/account/register/finish", tag = "account",
    summary = "Finish making an account: the new passkey; signs in",
    request_body = RegisterFinish,
    responses(
        (status = 201, description = "The account; `Set-Cookie` carries the session.", body = AccountView),
        (status = 400, description = "No such ceremony (finished, lapsed) or a passkey that does not verify.", body = ErrorBody),
        (status = 403, description = "A cross-site request.", body = ErrorBody),
        (status = 409, description = "The name was taken meanwhile, or the passkey belongs to an account.", body = ErrorBody),
        (status = 422, description = "Not a credential (JSON shape).", body = ErrorBody),
        (status = 429, description = "This network made its accounts for today.", body = ErrorBody),
        (status = 503, description = "The database is unavailable; try again shortly.", body = ErrorBody),
    ))]
pub async fn register_finish(
    State(app): State<AppState>,
    client: Option<Extension<Client>>,
    headers: HeaderMap,
    Json(request): Json<RegisterFinish>,
) -> Result<Response, ApiError> {
    check_same_site(&app, &headers)?;
    let ceremony = take(&app, &request.ceremony, REGISTER).await?;
    let state: PasskeyRegistration = state_of(&ceremony)?;
    let passkey = app
        .accounts
        .webauthn
        .finish_passkey_registration(&request.credential, &state)
        .map_err(refused_passkey)?;
    let (Some(name), Some(handle)) = (ceremony.name.as_deref(), ceremony.handle.as_deref()) else {
        return Err(ApiError::internal(
            "a registration without a name",
            &"no name",
        ));
    };
    let passkey_json = serde_json::to_string(&passkey)
        .map_err(|e| ApiError::internal("cannot keep a passkey", &e))?;
    let (token, token_hash) = new_token();
    let now = now(&app);
    let network = network(client);
    let day = today(&app);
    let created = app
        .store
        .create_account(&NewAccount {
            handle,
            name,
            name_key: &name_key(name),
            now,
            provisional_until: now + app.accounts.provisional_ms,
            passkey: NewPasskey {
                credential_id: passkey.cred_id().as_ref(),
                passkey: &passkey_json,
            },
            session: NewSession {
                token_hash: &token_hash,
                expires_at: now + SESSION_LIFETIME_MS,
            },
            network: &network,
            day: &day,
            limit: app.accounts.per_network_per_day,
        })
        .await?;
    match created {
        AccountCreated::Created(id) => {
            let account = Account {
                id,
                handle: handle.into(),
                name: name.into(),
                created_at: now,
                provisional_until: now + app.accounts.provisional_ms,
                banned_at: None,
            };
            tracing::info!(account = id, "account made");
            Ok(with_session(
                &app,
                &token,
                StatusCode::CREATED,
                AccountView::of(&account, 1, now),
            ))
        }
        AccountCreated::NameTaken => Err(name_taken()),
        AccountCreated::CredentialTaken => Err(credential_taken()),
        AccountCreated::LimitReached => Err(limit_reached(&app)),
    }
}

fn credential_taken() -> ApiError {
    ApiError::new(
        StatusCode::CONFLICT,
        "this passkey belongs to an account already",
    )
}

/// `POST /api/account/signin/start`: options to sign in with any passkey
/// of this site the browser has (discoverable: no name typed).
#[utoipa::path(post, path = "/api/account/signin/start", tag = "account",
    summary = "Start signing in: the options for a discoverable passkey",
    responses(
        (status = 200, description = "The ceremony id and `navigator.credentials.get()` options.", body = CeremonyStarted),
        (status = 403, description = "A cross-site request.", body = ErrorBody),
        (status = 429, description = "Too many write requests from this address.", body = ErrorBody),
        (status = 503, description = "The database is unavailable; try again shortly.", body = ErrorBody),
    ))]
pub async fn signin_start(
    State(app): State<AppState>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    check_same_site(&app, &headers)?;
    let (mut options, state): (RequestChallengeResponse, DiscoverableAuthentication) = app
        .accounts
        .webauthn
        .start_discoverable_authentication()
        .map_err(|e| ApiError::internal("cannot start a passkey sign-in", &e))?;
    // A sign-in button asks at once (webauthn-rs marks these requests for
    // conditional mediation, the autofill flow).
    options.mediation = None;
    let options = serde_json::to_value(options)
        .map_err(|e| ApiError::internal("cannot write WebAuthn options", &e))?;
    begin(&app, SIGN_IN, options, &state, None, None, None).await
}

/// `POST /api/account/signin/finish`: checks the passkey's signature and
/// opens a session for its account.
#[utoipa::path(post, path = "/api/account/signin/finish", tag = "account",
    summary = "Finish signing in: the passkey's assertion; opens a session",
    request_body = SignInFinish,
    responses(
        (status = 200, description = "The account; `Set-Cookie` carries the session.", body = AccountView),
        (status = 400, description = "No such ceremony (finished, lapsed).", body = ErrorBody),
        (status = 401, description = "The passkey is unknown here or its assertion does not verify.", body = ErrorBody),
        (status = 403, description = "A cross-site request, or a banned account.", body = ErrorBody),
        (status = 422, description = "Not a credential (JSON shape).", body = ErrorBody),
        (status = 503, description = "The database is unavailable; try again shortly.", body = ErrorBody),
    ))]
pub async fn signin_finish(
    State(app): State<AppState>,
    headers: HeaderMap,
    Json(request): Json<SignInFinish>,
) -> Result<Response, ApiError> {
    check_same_site(&app, &headers)?;
    let ceremony = take(&app, &request.ceremony, SIGN_IN).await?;
    let state: DiscoverableAuthentication = state_of(&ceremony)?;
    let unknown = || ApiError::new(StatusCode::UNAUTHORIZED, "this passkey is not known here");
    let (handle, _) = app
        .accounts
        .webauthn
        .identify_discoverable_authentication(&request.credential)
        .map_err(|_| unknown())?;
    let account = app
        .store
        .account_by_handle(&handle.to_string())
        .await?
        .ok_or_else(unknown)?;
    if account.banned_at.is_some() {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "this account is banned",
        ));
    }
    let mut passkeys = read_passkeys(&app, account.id).await?;
    let keys: Vec<DiscoverableKey> = passkeys.iter().map(DiscoverableKey::from).collect();
    let result = app
        .accounts
        .webauthn
        .finish_discoverable_authentication(&request.credential, state, &keys)
        .map_err(|e| {
            ApiError::new(
                StatusCode::UNAUTHORIZED,
                format!("the passkey did not verify: {e}"),
            )
        })?;
    let now = now(&app);
    if let Some(used) = passkeys
        .iter_mut()
        .find(|p| p.cred_id() == result.cred_id())
    {
        // The counter and backup state move with each use.
        used.update_credential(&result);
        let json = serde_json::to_string(used)
            .map_err(|e| ApiError::internal("cannot keep a passkey", &e))?;
        app.store
            .passkey_used(
                &NewPasskey {
                    credential_id: used.cred_id().as_ref(),
                    passkey: &json,
                },
                now,
            )
            .await?;
    }
    let (token, token_hash) = new_token();
    app.store
        .create_session(
            account.id,
            &NewSession {
                token_hash: &token_hash,
                expires_at: now + SESSION_LIFETIME_MS,
            },
            now,
        )
        .await?;
    Ok(with_session(
        &app,
        &token,
        StatusCode::OK,
        AccountView::of(&account, passkeys.len(), now),
    ))
}

/// An account's passkeys as webauthn-rs credentials.
async fn read_passkeys(app: &AppState, account_id: i64) -> Result<Vec<Passkey>, ApiError> {
    app.store
        .account_passkeys(account_id)
        .await?
        .iter()
        .map(|p| {
            serde_json::from_str(&p.passkey)
                .map_err(|e| ApiError::internal("a kept passkey does not read", &e))
        })
        .collect()
}

/// `GET /api/account`: the signed-in account.
#[utoipa::path(get, path = "/api/account", tag = "account",
    summary = "The signed-in account",
    responses(
        (status = 200, description = "The account.", body = AccountView),
        (status = 401, description = "Not signed in.", body = ErrorBody),
        (status = 403, description = "The account is banned.", body = ErrorBody),
        (status = 503, description = "The database is unavailable; try again shortly.", body = ErrorBody),
    ))]
pub async fn account(State(app): State<AppState>, signed: SignedIn) -> Result<Response, ApiError> {
    let passkeys = app.store.account_passkeys(signed.account.id).await?.len();
    Ok(no_store(Json(AccountView::of(
        &signed.account,
        passkeys,
        now(&app),
    ))))
}

/// `POST /api/account/passkeys/start`: options to add a passkey (another
/// device's) to the signed-in account.
#[utoipa::path(post, path = "/api/account/passkeys/start", tag = "account",
    summary = "Start adding a passkey to the signed-in account",
    responses(
        (status = 200, description = "The ceremony id and `navigator.credentials.create()` options.", body = CeremonyStarted),
        (status = 401, description = "Not signed in.", body = ErrorBody),
        (status = 403, description = "A cross-site request, or a banned account.", body = ErrorBody),
        (status = 503, description = "The database is unavailable; try again shortly.", body = ErrorBody),
    ))]
pub async fn passkey_start(
    State(app): State<AppState>,
    signed: SignedIn,
) -> Result<Response, ApiError> {
    let account = &signed.account;
    let handle = Uuid::parse_str(&account.handle)
        .map_err(|e| ApiError::internal("an account handle is not a UUID", &e))?;
    let existing: Vec<CredentialID> = app
        .store
        .account_passkeys(account.id)
        .await?
        .into_iter()
        .map(|p| CredentialID::from(p.credential_id))
        .collect();
    let (options, state) = app
        .accounts
        .webauthn
        .start_passkey_registration(handle, &account.name, &account.name, Some(existing))
        .map_err(|e| ApiError::internal("cannot start a passkey registration", &e))?;
    begin(
        &app,
        ADD_PASSKEY,
        discoverable(options)?,
        &state,
        Some(account.id),
        None,
        None,
    )
    .await
}

/// `POST /api/account/passkeys/finish`: adds the new passkey.
#[utoipa::path(post, path = "/api/account/passkeys/finish", tag = "account",
    summary = "Finish adding a passkey",
    request_body = RegisterFinish,
    responses(
        (status = 201, description = "Added; the account.", body = AccountView),
        (status = 400, description = "No such ceremony of this account, or a passkey that does not verify.", body = ErrorBody),
        (status = 401, description = "Not signed in.", body = ErrorBody),
        (status = 403, description = "A cross-site request, or a banned account.", body = ErrorBody),
        (status = 409, description = "The passkey belongs to an account already.", body = ErrorBody),
        (status = 422, description = "Not a credential (JSON shape).", body = ErrorBody),
        (status = 503, description = "The database is unavailable; try again shortly.", body = ErrorBody),
    ))]
pub async fn passkey_finish(
    State(app): State<AppState>,
    signed: SignedIn,
    Json(request): Json<RegisterFinish>,
) -> Result<Response, ApiError> {
    let ceremony = take(&app, &request.ceremony, ADD_PASSKEY).await?;
    if ceremony.account_id != Some(signed.account.id) {
        return Err(ApiError::bad_request(
            "this ceremony was started by another account",
        ));
    }
    let state: PasskeyRegistration = state_of(&ceremony)?;
    let passkey = app
        .accounts
        .webauthn
        .finish_passkey_registration(&request.credential, &state)
        .map_err(refused_passkey)?;
    let json = serde_json::to_string(&passkey)
        .map_err(|e| ApiError::internal("cannot keep a passkey", &e))?;
    let now = now(&app);
    let added = app
        .store
        .add_passkey(
            signed.account.id,
            &NewPasskey {
                credential_id: passkey.cred_id().as_ref(),
                passkey: &json,
            },
            now,
        )
        .await?;
    if !added {
        return Err(credential_taken());
    }
    let passkeys = app.store.account_passkeys(signed.account.id).await?.len();
    Ok(no_store((
        StatusCode::CREATED,
        Json(AccountView::of(&signed.account, passkeys, now)),
    )))
}

/// `POST /api/account/signout`: ends this session.
#[utoipa::path(post, path = "/api/account/signout", tag = "account",
    summary = "Sign out here",
    responses(
        (status = 200, description = "Signed out; the cookie is removed.", body = SignedOut),
        (status = 401, description = "Not signed in.", body = ErrorBody),
        (status = 403, description = "A cross-site request.", body = ErrorBody),
        (status = 503, description = "The database is unavailable; try again shortly.", body = ErrorBody),
    ))]
pub async fn signout(State(app): State<AppState>, signed: SignedIn) -> Result<Response, ApiError> {
    app.store.end_session(&signed.token_hash).await?;
    Ok(without_session(&app, Json(SignedOut { sessions: 1 })))
}

/// `POST /api/account/signout-everywhere`: ends every session of the
/// account (other devices included).
#[utoipa::path(post, path = "/api/account/signout-everywhere", tag = "account",
    summary = "Sign out on every device",
    responses(
        (status = 200, description = "Every session ended; the cookie is removed.", body = SignedOut),
        (status = 401, description = "Not signed in.", body = ErrorBody),
        (status = 403, description = "A cross-site request.", body = ErrorBody),
        (status = 503, description = "The database is unavailable; try again shortly.", body = ErrorBody),
    ))]
pub async fn signout_everywhere(
    State(app): State<AppState>,
    signed: SignedIn,
) -> Result<Response, ApiError> {
    let sessions = app.store.end_sessions(signed.account.id).await?;
    Ok(without_session(&app, Json(SignedOut { sessions })))
}

/// `DELETE /api/account`: deletes the signed-in account, its passkeys and
/// sessions; its name is free again.
#[utoipa::path(delete, path = "/api/account", tag = "account",
    summary = "Delete the signed-in account",
    responses(
        (status = 204, description = "Deleted; the cookie is removed."),
        (status = 401, description = "Not signed in.", body = ErrorBody),
        (status = 403, description = "A cross-site request.", body = ErrorBody),
        (status = 503, description = "The database is unavailable; try again shortly.", body = ErrorBody),
    ))]
pub async fn delete_account(
    State(app): State<AppState>,
    signed: SignedIn,
) -> Result<Response, ApiError> {
    app.store.delete_account(signed.account.id).await?;
    tracing::info!(account = signed.account.id, "account deleted");
    Ok(without_session(&app, StatusCode::NO_CONTENT))
}
