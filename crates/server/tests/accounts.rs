//! Accounts with passkeys (issue 38) through the API, on both backends: a
//! software passkey (`common/passkey.rs`: a real P-256 key) registers,
//! signs in on a "second device" (a second cookie jar), adds a second
//! passkey, signs out here and everywhere, deletes the account. And the
//! attacks, scripted: cross-site requests, forged and replayed assertions,
//! a passkey of another origin, stolen-looking cookies, the creation limit
//! per network (IPv6 by /64) and day, and the names the issue lists.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

#[macro_use]
mod common {
    #[macro_use]
    pub mod harness;
    pub mod passkey;
    pub mod postgres;
}
use common::harness::{test_db, Backend, TestServer};
use common::passkey::{Browser, SoftPasskey};

const DAY_MS: i64 = 24 * 60 * 60 * 1000;

on_both_backends!(an_account_lives_its_whole_life);
async fn an_account_lives_its_whole_life(url: &str) {
    let server = TestServer::start(url).await;
    let mut phone = Browser::new(&server);
    let (status, body) = phone.get("/api/account").await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");

    // Register: the name is stored NFKC-normalised and trimmed.
    let (status, started) = phone
        .post("/api/account/register/start", &json!({"name": "  Ａｄａ "}))
        .await;
    assert_eq!(status, StatusCode::OK, "{started}");
    let options = &started["options"]["publicKey"];
    assert_eq!(options["rp"]["id"], "localhost");
    assert_eq!(options["user"]["name"], "Ada");
    assert_eq!(
        options["authenticatorSelection"]["userVerification"],
        "required"
    );
    let (mut first_key, credential) = SoftPasskey::create(&started["options"], &phone.origin);
    let (status, account, set_cookie) = phone
        .send(
            Method::POST,
            "/api/account/register/finish",
            Some(&json!({"ceremony": started["ceremony"], "credential": credential})),
            &[],
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{account}");
    assert_eq!(account["name"], "Ada");
    assert_eq!(account["provisional"], true);
    assert_eq!(account["passkeys"], 1);
    let set_cookie = set_cookie.expect("a session cookie");
    for attribute in ["HttpOnly", "SameSite=Strict", "Path=/"] {
        assert!(set_cookie.contains(attribute), "{set_cookie}");
    }
    assert!(!set_cookie.contains("Secure"), "plain http: {set_cookie}");
    let (status, me) = phone.get("/api/account").await;
    assert_eq!(status, StatusCode::OK, "{me}");
    assert_eq!(me["name"], "Ada");
    let week = me["provisional_until"].as_i64().unwrap() - me["created_at"].as_i64().unwrap();
    assert_eq!(week, 7 * DAY_MS);

    // The ceremony was used once: finishing it again fails.
    let (_, credential) = SoftPasskey::create(&started["options"], &phone.origin);
    let (status, body) = phone
        .post(
            "/api/account/register/finish",
            &json!({"ceremony": started["ceremony"], "credential": credential}),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");

    // Names are unique whatever their case.
    let mut other = Browser::new(&server);
    let (status, body) = other
        .post("/api/account/register/start", &json!({"name": "ADA"}))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");

    // A second device signs in with the same (discoverable) passkey.
    let mut laptop = Browser::new(&server);
    let (status, body) = laptop.sign_in(&mut first_key).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["name"], "Ada");
    assert_ne!(laptop.cookie, phone.cookie);

    // The phone adds a second passkey; a tablet signs in with it.
    let (status, started) = phone.post("/api/account/passkeys/start", &json!({})).await;
    assert_eq!(status, StatusCode::OK, "{started}");
    let excluded = started["options"]["publicKey"]["excludeCredentials"]
        .as_array()
        .map_or(0, Vec::len);
    assert_eq!(excluded, 1, "the account's passkey is excluded");
    let (mut second_key, credential) = SoftPasskey::create(&started["options"], &phone.origin);
    assert_eq!(second_key.user_handle, first_key.user_handle);
    let (status, body) = phone
        .post(
            "/api/account/passkeys/finish",
            &json!({"ceremony": started["ceremony"], "credential": credential}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["passkeys"], 2);
    let mut tablet = Browser::new(&server);
    let (status, body) = tablet.sign_in(&mut second_key).await;
    assert_eq!(status, StatusCode::OK, "{body}");

    // Sign out on the phone: the phone is out, the others are not.
    let (status, body) = phone.post("/api/account/signout", &json!({})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(phone.cookie, None, "the cookie is removed");
    let (status, _) = laptop.get("/api/account").await;
    assert_eq!(status, StatusCode::OK);

    // Sign out everywhere from the laptop: the tablet is out too.
    let (status, body) = laptop
        .post("/api/account/signout-everywhere", &json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["sessions"], 2);
    let (status, body) = tablet.get("/api/account").await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");

    // Delete: the account, its passkeys and its name are gone.
    let (status, body) = tablet.sign_in(&mut first_key).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, _, _) = tablet.send(Method::DELETE, "/api/account", None, &[]).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, _) = tablet.get("/api/account").await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let mut again = Browser::new(&server);
    let (status, started) = again.post("/api/account/signin/start", &json!({})).await;
    assert_eq!(status, StatusCode::OK);
    let credential = second_key.get(&started["options"], &again.origin);
    let (status, body) = again
        .post(
            "/api/account/signin/finish",
            &json!({"ceremony": started["ceremony"], "credential": credential}),
        )
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
    let (_, status, body) = again.register("ada").await;
    assert_eq!(
        status,
        StatusCode::CREATED,
        "the name is free again: {body}"
    );
    server.stop().await;
}

on_both_backends!(cross_site_and_forged_requests_are_refused);
async fn cross_site_and_forged_requests_are_refused(url: &str) {
    let server = TestServer::start(url).await;
    let mut victim = Browser::new(&server);
    let (key, status, body) = victim.register("Victim").await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let mut key = key.unwrap();
    let cookie = victim.cookie.clone().unwrap();

    // A page of another site: a form post carries the cookie (were it not
    // SameSite) but no custom header; a script may send neither that
    // header nor its own Origin without a preflight we never grant.
    let raw = |method: Method, path: &str| {
        server
            .client
            .request(method, server.url(path))
            .header("cookie", format!("gridforge_session={cookie}"))
    };
    for (request, what) in [
        (raw(Method::POST, "/api/account/signout"), "no header"),
        (
            raw(Method::POST, "/api/account/signout-everywhere")
                .header("x-gridforge-request", "1")
                .header("origin", "http://evil.example"),
            "foreign origin",
        ),
        (
            raw(Method::DELETE, "/api/account")
                .header("x-gridforge-request", "1")
                .header("sec-fetch-site", "cross-site"),
            "cross-site fetch",
        ),
        (
            raw(Method::POST, "/api/account/passkeys/start")
                .header("x-gridforge-request", "1")
                .header("origin", "null"),
            "opaque origin",
        ),
    ] {
        let (status, body) = common::harness::read(request.send().await.unwrap()).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{what}: {body}");
    }
    let (status, me) = victim.get("/api/account").await;
    assert_eq!(status, StatusCode::OK, "the session survives: {me}");

    // Login CSRF: another site cannot start or finish a sign-in or a
    // registration either.
    let (status, body) = common::harness::read(
        server
            .client
            .post(server.url("/api/account/register/start"))
            .json(&json!({"name": "Mallory"}))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");

    // A forged assertion: the victim's credential id and user handle,
    // signed with the attacker's key.
    let mut attacker = Browser::new(&server);
    let (attacker_key, status, body) = attacker.register("Mallory").await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let attacker_key = attacker_key.unwrap();
    let mut thief = Browser::new(&server);
    let (_, started) = thief.post("/api/account/signin/start", &json!({})).await;
    let forged = key.get_signed_by(&started["options"], &thief.origin, Some(&attacker_key));
    let (status, body) = thief
        .post(
            "/api/account/signin/finish",
            &json!({"ceremony": started["ceremony"], "credential": forged}),
        )
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
    assert_eq!(thief.cookie, None);

    // A replayed assertion: a good one for an old challenge, sent to a new
    // ceremony.
    let (_, old) = thief.post("/api/account/signin/start", &json!({})).await;
    let (_, new) = thief.post("/api/account/signin/start", &json!({})).await;
    let replayed = key.get(&old["options"], &thief.origin);
    let (status, body) = thief
        .post(
            "/api/account/signin/finish",
            &json!({"ceremony": new["ceremony"], "credential": replayed}),
        )
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");

    // A phishing page's assertion: the right key, the client data of
    // another origin.
    let (_, started) = thief.post("/api/account/signin/start", &json!({})).await;
    let phished = key.get(&started["options"], "http://localhost.evil.example");
    let (status, body) = thief
        .post(
            "/api/account/signin/finish",
            &json!({"ceremony": started["ceremony"], "credential": phished}),
        )
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");

    // A ceremony started by one account cannot add a passkey to another.
    let (_, started) = victim.post("/api/account/passkeys/start", &json!({})).await;
    let (_, credential) = SoftPasskey::create(&started["options"], &attacker.origin);
    let (status, body) = attacker
        .post(
            "/api/account/passkeys/finish",
            &json!({"ceremony": started["ceremony"], "credential": credential}),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");

    // Made-up and malformed cookies are no session.
    for cookie in ["0".repeat(64), "zz".repeat(32), "1".into()] {
        let mut guess = Browser::new(&server);
        guess.cookie = Some(cookie);
        let (status, _) = guess.get("/api/account").await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }

    // The real passkey still signs in (its counter moved on each use).
    let mut back = Browser::new(&server);
    let (status, body) = back.sign_in(&mut key).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["name"], "Victim");
    server.stop().await;
}

on_both_backends!(account_creation_is_limited_per_network_and_day);
async fn account_creation_is_limited_per_network_and_day(url: &str) {
    let clock = gridforge_server::clock::Clock::default();
    let server = TestServer::start_with(url, |config| {
        config.clock = clock.clone();
        config.accounts_per_network_per_day = 2;
        // The test's requests come through a "proxy" on loopback that names
        // the client, so networks other than 127.0.0.1 can be played.
        config.trusted_proxies = vec!["127.0.0.1/32".parse().unwrap()];
    })
    .await;
    let from = |client: &'static str| [("x-forwarded-for", client)];
    let mut made = 0;
    let mut make = |client: &'static str| {
        made += 1;
        let name = format!("player {made}");
        let server = &server;
        async move {
            let mut browser = Browser::new(server);
            let (status, started, _) = browser
                .send(
                    Method::POST,
                    "/api/account/register/start",
                    Some(&json!({ "name": name })),
                    &from(client),
                )
                .await;
            if status != StatusCode::OK {
                return (status, started);
            }
            let (_, credential) = SoftPasskey::create(&started["options"], &browser.origin);
            let (status, body, _) = browser
                .send(
                    Method::POST,
                    "/api/account/register/finish",
                    Some(&json!({"ceremony": started["ceremony"], "credential": credential})),
                    &from(client),
                )
                .await;
            (status, body)
        }
    };
    // One /64: two addresses in it share its two accounts.
    assert_eq!(make("2001:db8:1:2::1").await.0, StatusCode::CREATED);
    assert_eq!(make("2001:db8:1:2:ffff::9").await.0, StatusCode::CREATED);
    let (status, body) = make("2001:db8:1:2::77").await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    // Another /64 and an IPv4 address have their own.
    assert_eq!(make("2001:db8:1:3::1").await.0, StatusCode::CREATED);
    assert_eq!(make("198.51.100.7").await.0, StatusCode::CREATED);
    assert_eq!(make("198.51.100.7").await.0, StatusCode::CREATED);
    assert_eq!(make("198.51.100.7").await.0, StatusCode::TOO_MANY_REQUESTS);
    // Starts that never finish cost nothing; the limit is checked again at
    // the finish (two starts before either finished cannot make three).
    let mut a = Browser::new(&server);
    let mut b = Browser::new(&server);
    let mut starts = Vec::new();
    for (browser, name) in [(&mut a, "racer a"), (&mut b, "racer b")] {
        let (status, started, _) = browser
            .send(
                Method::POST,
                "/api/account/register/start",
                Some(&json!({ "name": name })),
                &from("203.0.113.5"),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{started}");
        starts.push(started);
    }
    assert_eq!(make("203.0.113.5").await.0, StatusCode::CREATED);
    let mut finished = Vec::new();
    for (browser, started) in [(&mut a, &starts[0]), (&mut b, &starts[1])] {
        let (_, credential) = SoftPasskey::create(&started["options"], &browser.origin);
        let (status, body, _) = browser
            .send(
                Method::POST,
                "/api/account/register/finish",
                Some(&json!({"ceremony": started["ceremony"], "credential": credential})),
                &from("203.0.113.5"),
            )
            .await;
        finished.push((status, body));
    }
    let statuses: Vec<StatusCode> = finished.iter().map(|(s, _)| *s).collect();
    assert_eq!(
        statuses,
        [StatusCode::CREATED, StatusCode::TOO_MANY_REQUESTS],
        "{finished:?}"
    );
    // The next UTC day the network may make accounts again.
    clock.shift(DAY_MS);
    assert_eq!(make("2001:db8:1:2::1").await.0, StatusCode::CREATED);
    server.stop().await;
}

on_both_backends!(bad_names_are_refused_everywhere);
async fn bad_names_are_refused_everywhere(url: &str) {
    let server = TestServer::start(url).await;
    let mut browser = Browser::new(&server);
    let long = "x".repeat(33);
    let attacks = [
        ("evil\u{202E}gnp.exe", "bidi"),
        ("\u{2066}Ada", "bidi"),
        ("\u{200B}\u{200B}\u{200B}", "invisible"),
        ("Ada\u{200D}", "invisible"),
        ("\u{3164}", "invisible"),
        ("   ", "blank"),
        ("", "blank"),
        ("tab\there", "control"),
        ("Ada (you)", "marks"),
        ("Ada (YOU)", "marks"),
        ("Ada（ｙｏｕ）", "marks"),
        ("Anonymous", "marks"),
        ("Ada [provisional]", "marks"),
        (long.as_str(), "characters"),
    ];
    for (name, why) in attacks {
        let (status, body) = browser
            .post("/api/account/register/start", &json!({ "name": name }))
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{name:?}: {body}");
        let message = body["error"].as_str().unwrap();
        assert!(message.contains(why), "{name:?}: {message}");
        // The same check guards the first-solver names.
        let (status, body) = server
            .post(
                "/api/triplex/levels/1/name",
                &json!({ "name": name, "token": "x" }),
            )
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{name:?}: {body}");
        assert!(body["error"].as_str().unwrap().contains(why), "{body}");
    }
    // Names that only look alike after NFKC and case are one name.
    let (_, status, body) = browser.register("Ｚｏë").await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let mut other = Browser::new(&server);
    let (status, body) = other
        .post("/api/account/register/start", &json!({ "name": "ZOË" }))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    server.stop().await;
}

/// The OpenAPI document lists the account routes (the route-list test in
/// `api.rs` checks every route; this one that they are tagged).
#[tokio::test]
async fn the_account_routes_are_described() {
    let Some(db) = test_db(Backend::Sqlite).await else {
        return;
    };
    let server = TestServer::start(&db.url).await;
    let (status, doc) = server.get("/api/openapi.json").await;
    assert_eq!(status, StatusCode::OK);
    let paths = doc["paths"].as_object().unwrap();
    for path in [
        "/api/account",
        "/api/account/register/start",
        "/api/account/signin/finish",
        "/api/account/signout-everywhere",
    ] {
        let item: &Value = &paths[path];
        let tagged = item
            .as_object()
            .unwrap()
            .values()
            .all(|op| op["tags"][0] == "account");
        assert!(tagged, "{path}: {item}");
    }
    server.stop().await;
}
