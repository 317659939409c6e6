//! What the API test files share: a database per test on either backend
//! (a real SQLite file in a temporary folder, or a fresh PostgreSQL
//! database), a server running in the test's process, JSON requests whose
//! error bodies are checked, and `on_both_backends!`, which runs a test
//! body once per backend.

// Each test file uses its own part of the harness.
#![allow(dead_code)]

use super::postgres;
use gridforge_server::clock::Clock;
use gridforge_server::{Config, Server};
use reqwest::StatusCode;
use serde_json::Value;

/// The two storage backends.
#[derive(Clone, Copy, Debug)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// A database for one test: a file in a temporary folder, or a fresh
/// PostgreSQL database.
pub struct TestDb {
    pub url: String,
    _dir: Option<tempfile::TempDir>,
}

/// A new database on `backend`; `None` when PostgreSQL tests are skipped.
pub async fn test_db(backend: Backend) -> Option<TestDb> {
    match backend {
        Backend::Sqlite => {
            let dir = tempfile::tempdir().expect("temp dir");
            let url = format!("sqlite://{}", dir.path().join("gridforge.db").display());
            Some(TestDb {
                url,
                _dir: Some(dir),
            })
        }
        Backend::Postgres => postgres::fresh_database()
            .await
            .map(|url| TestDb { url, _dir: None }),
    }
}

/// A server running in this process on a free port.
pub struct TestServer {
    pub base: String,
    pub client: reqwest::Client,
    /// The server's clock (a test that shifts it moves the server's time).
    pub clock: Clock,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    task: Option<tokio::task::JoinHandle<()>>,
}

impl TestServer {
    /// A server on `url` with no rate limit and four connections.
    pub async fn start(url: &str) -> TestServer {
        TestServer::start_with(url, |_| {}).await
    }

    /// As `start`, with `tweak` applied to the configuration first.
    pub async fn start_with(url: &str, tweak: impl FnOnce(&mut Config)) -> TestServer {
        let mut config = Config::new("127.0.0.1:0".parse().unwrap(), url);
        config.rate_per_second = 0.0;
        config.read_rate_per_second = 0.0;
        // Dailies are made by their first request unless a test asks for
        // the background task.
        config.dailies_every = None;
        config.db_connections = 4;
        tweak(&mut config);
        let server = Server::start(&config).await.expect("server starts");
        let addr = server.local_addr().unwrap();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let task = tokio::spawn(async move {
            server
                .serve(async {
                    stopped.await.ok();
                })
                .await
                .expect("server runs");
        });
        TestServer {
            base: format!("http://{addr}"),
            client: reqwest::Client::builder().no_proxy().build().unwrap(),
            clock: config.clock.clone(),
            stop: Some(stop),
            task: Some(task),
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    pub async fn get(&self, path: &str) -> (StatusCode, Value) {
        let response = self.client.get(self.url(path)).send().await.unwrap();
        read(response).await
    }

    pub async fn post(&self, path: &str, body: &Value) -> (StatusCode, Value) {
        let response = self
            .client
            .post(self.url(path))
            .json(body)
            .send()
            .await
            .unwrap();
        read(response).await
    }

    pub async fn post_raw(
        &self,
        path: &str,
        content_type: &str,
        body: Vec<u8>,
    ) -> (StatusCode, Value) {
        let response = self
            .client
            .post(self.url(path))
            .header("content-type", content_type)
            .body(body)
            .send()
            .await
            .unwrap();
        read(response).await
    }

    /// Stops the server and waits for it to finish.
    pub async fn stop(mut self) {
        if let Some(stop) = self.stop.take() {
            stop.send(()).ok();
        }
        if let Some(task) = self.task.take() {
            task.await.unwrap();
        }
    }
}

/// The status and JSON body of a response; every error body must be JSON
/// with an `error` string.
pub async fn read(response: reqwest::Response) -> (StatusCode, Value) {
    let status = response.status();
    let text = response.text().await.unwrap();
    let body: Value = if text.is_empty() {
        Value::Null
    } else {
        serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("{status}: body is not JSON ({e}): {text:?}"))
    };
    if status.is_client_error() || status.is_server_error() {
        assert!(
            body["error"].as_str().is_some_and(|m| !m.is_empty()),
            "{status}: error body without a message: {body}"
        );
    }
    (status, body)
}

/// A test body `async fn name(url: &str)` run once per backend.
macro_rules! on_both_backends {
    ($name:ident) => {
        mod $name {
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                if let Some(db) = super::test_db(super::Backend::Sqlite).await {
                    super::$name(&db.url).await;
                }
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                if let Some(db) = super::test_db(super::Backend::Postgres).await {
                    super::$name(&db.url).await;
                }
            }
        }
    };
}
