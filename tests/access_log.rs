//! The access log of `gridforge serve` (issue 42): one line per request
//! with the fields an operator greps for, in JSON or text, or none with
//! `--access-log off`; the request id in the line is the one the answer's
//! `X-Request-Id` header carries.

#[path = "common/server.rs"]
mod server;
use server::*;

use serde_json::Value;
use std::time::Duration;

/// The JSON access-log lines among a server's log lines.
fn access_lines(logs: &str) -> Vec<Value> {
    logs.lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .filter(|line| line["target"] == "gridforge_access")
        .collect()
}

/// One request: its status, `X-Request-Id` and body length.
async fn request(
    client: &reqwest::Client,
    builder: reqwest::RequestBuilder,
) -> (u16, String, usize) {
    let response = client.execute(builder.build().unwrap()).await.unwrap();
    let status = response.status().as_u16();
    let id = response
        .headers()
        .get("x-request-id")
        .expect("every answer has X-Request-Id")
        .to_str()
        .unwrap()
        .to_string();
    assert!(
        id.len() == 16 && id.chars().all(|c| c.is_ascii_hexdigit()),
        "{id}"
    );
    let body = response.bytes().await.unwrap();
    (status, id, body.len())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn json_access_log_has_one_line_per_request_with_its_fields() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("a.db").display());
    let server = ServerProcess::spawn(
        &[
            "--database",
            &db,
            "--access-log",
            "json",
            "--trusted-proxy",
            "127.0.0.0/8",
        ],
        dir.path(),
    );
    let client = client();
    let agent = "access-log-test/1.0 (\"quoted\")";
    let health = request(
        &client,
        client
            .get(server.url("/healthz"))
            .header("user-agent", agent),
    )
    .await;
    let day = request(
        &client,
        client.get(server.url("/api/kakuro/daily/2026-01-02")),
    )
    .await;
    // Behind the trusted proxy (loopback), the client is the address it
    // names, as for the rate limit.
    let proxied = request(
        &client,
        client
            .post(server.url("/api/triplex/levels/1/start"))
            .header("x-forwarded-for", "198.51.100.7"),
    )
    .await;
    let missing = request(&client, client.get(server.url("/no/such/file"))).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let logs = server.terminate();
    let lines = access_lines(&logs);
    assert_eq!(lines.len(), 4, "{logs}");
    let line = |id: &str| {
        let found: Vec<&Value> = lines.iter().filter(|l| l["request_id"] == id).collect();
        assert_eq!(found.len(), 1, "one line for request {id}: {logs}");
        found[0].clone()
    };

    let l = line(&health.1);
    assert_eq!(l["level"], "INFO");
    assert_eq!(l["method"], "GET");
    assert_eq!(l["route"], "/healthz");
    assert_eq!(l["path"], "/healthz");
    assert_eq!(l["status"], health.0);
    assert_eq!(l["bytes"], health.2 as u64);
    assert_eq!(l["client"], "127.0.0.1");
    assert_eq!(l["user_agent"], agent);
    assert_eq!(l["complete"], true);
    let latency = l["latency_us"].as_u64().expect("latency in µs");
    assert!(latency > 0 && latency < 10_000_000, "{latency}");

    let l = line(&day.1);
    assert_eq!(l["route"], "/api/kakuro/daily/{date}");
    assert_eq!(l["path"], "/api/kakuro/daily/2026-01-02");
    assert_eq!(l["status"], day.0);
    assert_eq!(l["bytes"], day.2 as u64);
    assert_eq!(l["user_agent"], "-");

    let l = line(&proxied.1);
    assert_eq!(proxied.0, 200);
    assert_eq!(l["method"], "POST");
    assert_eq!(l["route"], "/api/triplex/levels/{number}/start");
    assert_eq!(l["client"], "198.51.100.7");
    assert_eq!(l["bytes"], proxied.2 as u64);

    let l = line(&missing.1);
    assert_eq!(l["status"], 404);
    assert_eq!(l["route"], "-");
    assert_eq!(l["path"], "/no/such/file");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn text_access_log_by_default_and_none_when_off() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("a.db").display());
    let client = client();

    // Without the flag: the log format's (text).
    let server = ServerProcess::spawn(&["--database", &db], dir.path());
    let (status, id, bytes) = request(&client, client.get(server.url("/healthz"))).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let logs = server.terminate();
    let line = logs
        .lines()
        .find(|l| l.contains("gridforge_access") && l.contains(&id))
        .unwrap_or_else(|| panic!("no access line for {id}: {logs}"));
    for field in [
        "method=\"GET\"".to_string(),
        "route=\"/healthz\"".to_string(),
        format!("status={status}"),
        format!("bytes={bytes}"),
        "client=\"127.0.0.1\"".to_string(),
        format!("request_id={id}"),
        "latency_us=".to_string(),
    ] {
        assert!(line.contains(&field), "{field} missing: {line}");
    }

    // Off: no access line, even with request tracing on, but the id header
    // stays.
    let server = ServerProcess::spawn(
        &[
            "--database",
            &db,
            "--access-log",
            "off",
            "--log",
            "info,tower_http=debug",
        ],
        dir.path(),
    );
    let (_, id, _) = request(&client, client.get(server.url("/healthz"))).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let logs = server.terminate();
    assert!(!logs.contains("gridforge_access"), "{logs}");
    assert!(
        logs.contains(&id),
        "the request's span names its id: {logs}"
    );
}
