//! Progress sync (issue 43) through the API, on both backends: two devices
//! of one account (two cookie jars, a software passkey) write in turn, a
//! stale writer is answered with what it missed and converges; the caps
//! answer 413 and lose nothing stored; "your data" deletes; and the
//! attacks, scripted: no session, another account, a cross-site write,
//! something that is not a progress document.

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
use common::passkey::Browser;

/// A progress document with `solved` as Triplex's solved levels.
fn doc(solved: &[u32]) -> Value {
    let solved: serde_json::Map<String, Value> = solved
        .iter()
        .map(|n| (n.to_string(), json!({"ms": 1000 * n, "at": 1})))
        .collect();
    json!({"format": 1, "keys": {"gridforge.triplex.v1": {"solved": solved}}, "at": {}})
}

async fn put(device: &mut Browser<'_>, base: i64, document: &Value) -> (StatusCode, Value) {
    let (status, body, _) = device
        .send(
            Method::PUT,
            "/api/sync",
            Some(&json!({"base": base, "document": document})),
            &[],
        )
        .await;
    (status, body)
}

on_both_backends!(two_devices_converge);
async fn two_devices_converge(url: &str) {
    let server = TestServer::start(url).await;
    let mut phone = Browser::new(&server);
    let (passkey, status, body) = phone.register("Sync").await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let mut passkey = passkey.unwrap();
    let mut laptop = Browser::new(&server);
    let (status, body) = laptop.sign_in(&mut passkey).await;
    assert_eq!(status, StatusCode::OK, "{body}");

    // Nothing stored yet: version 0, no document.
    let (status, empty) = phone.get("/api/sync").await;
    assert_eq!(status, StatusCode::OK, "{empty}");
    assert_eq!(empty["version"], 0);
    assert_eq!(empty["document"], Value::Null);
    assert_eq!(empty["max_bytes"], 192 * 1024);

    // The phone writes first; the laptop reads it.
    let (status, body) = put(&mut phone, 0, &doc(&[1])).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["version"], 1);
    let (_, seen) = laptop.get("/api/sync").await;
    assert_eq!(seen["version"], 1);
    assert_eq!(seen["document"], doc(&[1]));
    assert_eq!(seen["account"], empty["account"], "one account");
    // A poll with the version it knows gets no document.
    let (_, poll) = laptop.get("/api/sync?known=1").await;
    assert_eq!(poll["unchanged"], true);
    assert_eq!(poll["document"], Value::Null);

    // Both write from version 1: the phone first, so the laptop is stale
    // and is answered with what it missed.
    let (status, body) = put(&mut phone, 1, &doc(&[1, 2])).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["version"], 2);
    let (status, stale) = put(&mut laptop, 1, &doc(&[1, 3])).await;
    assert_eq!(status, StatusCode::CONFLICT, "{stale}");
    assert_eq!(stale["version"], 2);
    assert_eq!(stale["document"], doc(&[1, 2]));
    assert!(
        stale["error"].as_str().unwrap().contains("stale"),
        "{stale}"
    );
    // A writer that never read (base 0 with a document stored) is stale too.
    let (status, body) = put(&mut laptop, 0, &doc(&[9])).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    // The laptop merges (the client's union) and sends from version 2.
    let (status, body) = put(&mut laptop, 2, &doc(&[1, 2, 3])).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["version"], 3);
    let (_, seen) = phone.get("/api/sync?known=2").await;
    assert_eq!(seen["unchanged"], false);
    assert_eq!(seen["document"], doc(&[1, 2, 3]));
    server.stop().await;
}

on_both_backends!(caps_answer_413_and_lose_nothing);
async fn caps_answer_413_and_lose_nothing(url: &str) {
    let server = TestServer::start(url).await;
    let mut phone = Browser::new(&server);
    let (_, status, body) = phone.register("Capped").await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let (status, body) = put(&mut phone, 0, &doc(&[1, 2])).await;
    assert_eq!(status, StatusCode::OK, "{body}");

    // Over the account's cap (192 KiB) but within the request cap.
    let mut big = doc(&[1, 2]);
    big["padding"] = json!("x".repeat(200 * 1024));
    let (status, body) = put(&mut phone, 1, &big).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{body}");
    let message = body["error"].as_str().unwrap();
    assert!(
        message.contains("at most 196608") && message.contains("nothing was stored"),
        "{message}"
    );
    // Over the request cap (256 KiB).
    big["padding"] = json!("x".repeat(300 * 1024));
    let (status, body) = put(&mut phone, 1, &big).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{body}");
    assert!(body["error"].as_str().unwrap().contains("262144"), "{body}");
    // Just under the account's cap is stored: the caps are where they say.
    let mut fits = doc(&[1, 2]);
    fits["padding"] = json!("x".repeat(190 * 1024));
    // What was stored is still there, unchanged.
    let (_, seen) = phone.get("/api/sync").await;
    assert_eq!(seen["version"], 1);
    assert_eq!(seen["document"], doc(&[1, 2]));
    let (status, body) = put(&mut phone, 1, &fits).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // Other routes keep their 64 KiB cap.
    let (status, body) = phone
        .post(
            "/api/account/signin/start",
            &json!({"padding": "x".repeat(100 * 1024)}),
        )
        .await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{body}");
    server.stop().await;
}

on_both_backends!(sync_refuses_what_it_must);
async fn sync_refuses_what_it_must(url: &str) {
    let server = TestServer::start(url).await;
    let mut owner = Browser::new(&server);
    let (_, status, body) = owner.register("Owner").await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let (status, body) = put(&mut owner, 0, &doc(&[7])).await;
    assert_eq!(status, StatusCode::OK, "{body}");

    // No session: 401 for reading, writing and deleting.
    let mut stranger = Browser::new(&server);
    let (status, body) = stranger.get("/api/sync").await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
    let (status, body) = put(&mut stranger, 1, &doc(&[])).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
    // Another account sees and overwrites only its own document.
    let (_, status, body) = stranger.register("Stranger").await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let (_, theirs) = stranger.get("/api/sync").await;
    assert_eq!(theirs["version"], 0);
    assert_eq!(theirs["document"], Value::Null);
    let (status, body) = put(&mut stranger, 0, &doc(&[])).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, mine) = owner.get("/api/sync").await;
    assert_eq!(mine["document"], doc(&[7]));
    assert_ne!(mine["account"], theirs["account"]);

    // A write another site could make: no CSRF header, or a foreign origin.
    let body = json!({"base": 1, "document": doc(&[])});
    let headerless = server
        .client
        .put(server.url("/api/sync"))
        .header(
            "cookie",
            format!("gridforge_session={}", owner.cookie.clone().unwrap()),
        )
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(headerless.status(), StatusCode::FORBIDDEN);
    let foreign = server
        .client
        .put(server.url("/api/sync"))
        .header(
            "cookie",
            format!("gridforge_session={}", owner.cookie.clone().unwrap()),
        )
        .header("x-gridforge-request", "1")
        .header("origin", "https://evil.example")
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(foreign.status(), StatusCode::FORBIDDEN);
    // Not a progress document, a negative base.
    for (base, document) in [
        (1, json!([1, 2])),
        (1, json!({"format": 2})),
        (1, json!("text")),
        (-1, doc(&[])),
    ] {
        let (status, answer) = put(&mut owner, base, &document).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{document}: {answer}");
    }
    let (_, mine) = owner.get("/api/sync").await;
    assert_eq!(mine["version"], 1, "nothing refused was stored");

    // "Your data": delete; the version moves on so no device mistakes an
    // old version for the current one; a second delete finds nothing.
    let (status, deleted, _) = owner.send(Method::DELETE, "/api/sync", None, &[]).await;
    assert_eq!(status, StatusCode::OK, "{deleted}");
    assert_eq!(deleted["deleted"], true);
    let (_, after) = owner.get("/api/sync?known=1").await;
    assert_eq!(after["version"], 2);
    assert_eq!(after["unchanged"], false);
    assert_eq!(after["document"], Value::Null);
    assert_eq!(after["bytes"], 0);
    let (_, deleted, _) = owner.send(Method::DELETE, "/api/sync", None, &[]).await;
    assert_eq!(deleted["deleted"], false);
    // Deleting the account takes the row with it: a device that writes
    // afterwards has no session.
    let (status, _, _) = owner.send(Method::DELETE, "/api/account", None, &[]).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, _) = put(&mut owner, 2, &doc(&[1])).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    server.stop().await;
}
