//! `gridforge serve` as a process: start-up and shutdown, the first-solver
//! race through two servers on one PostgreSQL, `kill -9` in the middle of
//! submissions on SQLite and PostgreSQL, and slow or idle clients on raw
//! sockets (time limits, the connection cap).
//!
//! PostgreSQL: `GRIDFORGE_TEST_POSTGRES_URL` names a server and a role that
//! may create databases (scripts/test starts one). Without it the PostgreSQL
//! tests fail, unless `GRIDFORGE_TEST_SKIP_POSTGRES=1` says to skip them.

use reqwest::StatusCode;
use serde_json::Value;
use sqlx::Connection;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

// ---------------------------------------------------------------- harness

#[path = "../crates/server/tests/common/postgres.rs"]
mod postgres;

#[path = "common/server.rs"]
mod server;
use server::*;

// ---------------------------------------------------------------- tests

#[test]
fn serve_help_and_bad_flags() {
    let help = Command::new(env!("CARGO_BIN_EXE_gridforge"))
        .args(["serve", "--help"])
        .output()
        .unwrap();
    assert!(help.status.success());
    let text = String::from_utf8(help.stdout).unwrap();
    for flag in [
        "--addr",
        "--database",
        "GRIDFORGE_ADDR",
        "GRIDFORGE_DATABASE_URL",
        "--header-timeout",
        "GRIDFORGE_HEADER_TIMEOUT",
        "--idle-timeout",
        "GRIDFORGE_IDLE_TIMEOUT",
        "--request-timeout",
        "GRIDFORGE_REQUEST_TIMEOUT",
        "--max-connections",
        "GRIDFORGE_MAX_CONNECTIONS",
    ] {
        assert!(text.contains(flag), "help lacks {flag}:\n{text}");
    }

    let dir = tempfile::tempdir().unwrap();
    for (args, says) in [
        (
            vec!["--database", "mysql://localhost/x"],
            "unsupported database URL",
        ),
        (vec!["--database", "sqlite::memory:"], "in-memory"),
        (vec!["--addr", "not-an-address"], "not-an-address"),
        (vec!["--rate-limit=-3"], "rate"),
        (vec!["--header-timeout", "0"], "seconds"),
        (vec!["--request-timeout", "soon"], "seconds"),
        (vec!["--max-connections", "0"], "max-connections"),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_gridforge"))
            .arg("serve")
            .args(&args)
            .current_dir(dir.path())
            .env_remove("GRIDFORGE_DATABASE_URL")
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8(out.stderr).unwrap();
        let last = stderr.lines().last().unwrap_or_default();
        assert!(last.starts_with("gridforge: "), "{args:?}: {stderr}");
        assert!(last.contains(says), "{args:?}: {stderr}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn default_database_is_created_and_sigterm_stops_cleanly() {
    let dir = tempfile::tempdir().unwrap();
    let server = ServerProcess::spawn(&[], dir.path());
    let client = client();
    let health: Value = client
        .get(server.url("/healthz"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(health["status"], "ok");
    assert_eq!(health["backend"], "sqlite");
    assert!(dir.path().join("gridforge.db").is_file());
    let journal: String = sqlx::query_scalar("PRAGMA journal_mode")
        .fetch_one(
            &mut sqlx::SqliteConnection::connect(&format!(
                "sqlite://{}",
                dir.path().join("gridforge.db").display()
            ))
            .await
            .unwrap(),
        )
        .await
        .unwrap();
    assert_eq!(journal, "wal");
    let logs = server.terminate();
    assert!(logs.contains("SIGTERM"), "{logs}");
    assert!(logs.contains("stopped"), "{logs}");
}

/// Many first solves of the same levels at once, through two server
/// processes sharing one PostgreSQL database (each token submitted to the
/// server that did not issue it): exactly one first solver per level.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn first_solver_race_through_two_servers_on_postgres() {
    let Some(url) = postgres::fresh_database().await else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    // Started together: migrations and the token key must cope.
    let (a, b) = std::thread::scope(|s| {
        let a = s.spawn(|| ServerProcess::spawn(&["--database", &url], dir.path()));
        let b = s.spawn(|| ServerProcess::spawn(&["--database", &url], dir.path()));
        (a.join().unwrap(), b.join().unwrap())
    });
    let client = client();
    // Only accounts claim first solves (issue 38): every racer is signed in
    // to one of four accounts.
    let mut cookies = Vec::new();
    for k in 0..4 {
        cookies.push(account_session(&url, &format!("Racer{k}")).await);
    }
    let levels: Vec<usize> = (11..=14).collect();
    const PER_LEVEL: usize = 32;
    let mut jobs = Vec::new();
    for &n in &levels {
        for i in 0..PER_LEVEL {
            let (issuer, other) = if i % 2 == 0 { (&a, &b) } else { (&b, &a) };
            let token = start(&client, issuer, n).await;
            jobs.push((n, i, token, other.base.clone()));
        }
    }
    wait_human_floor(levels.iter().copied()).await;
    let gate = Arc::new(tokio::sync::Barrier::new(jobs.len()));
    let tasks: Vec<_> = jobs
        .into_iter()
        .map(|(n, i, token, base)| {
            let client = client.clone();
            let gate = gate.clone();
            let cookie = cookies[i % cookies.len()].clone();
            tokio::spawn(async move {
                let name = format!("racer-{n}-{i}");
                gate.wait().await;
                let (status, body) = submit_as(&client, &base, n, &token, Some(&name), &cookie)
                    .await
                    .expect("the server answers");
                assert_eq!(status, StatusCode::OK, "{body}");
                (n, name, body["first"] == true)
            })
        })
        .collect();
    let mut winners: Vec<(usize, String)> = Vec::new();
    for task in tasks {
        let (n, name, first) = task.await.unwrap();
        if first {
            winners.push((n, name));
        }
    }
    for &n in &levels {
        let won: Vec<&String> = winners
            .iter()
            .filter(|(level, _)| *level == n)
            .map(|(_, name)| name)
            .collect();
        assert_eq!(won.len(), 1, "level {n}: first solvers {won:?}");
        for server in [&a, &b] {
            let table = records(&client, server, n).await;
            assert_eq!(table["solves"], PER_LEVEL, "level {n}: {table}");
            assert_eq!(table["first"]["name"], won[0].as_str(), "level {n}");
        }
    }
}

/// Submits solves from many connections, kills the server with SIGKILL in
/// the middle, restarts it and checks that every solve answered 200 is
/// there (its token is refused as used, and the counts add up).
async fn kill_9_keeps_acknowledged_solves(database: &str) {
    let dir = tempfile::tempdir().unwrap();
    let server = ServerProcess::spawn(&["--database", database], dir.path());
    let client = client();
    let levels: Vec<usize> = (1..=40).collect();
    let mut tokens = Vec::new();
    for round in 0..15 {
        for &n in &levels {
            tokens.push((n, start(&client, &server, n).await, round));
        }
    }
    let attempted_total = tokens.len();
    wait_floor(levels.iter().copied()).await;

    let queue = Arc::new(Mutex::new(tokens));
    let acked: Arc<Mutex<Vec<(usize, String)>>> = Arc::new(Mutex::new(Vec::new()));
    let failed = Arc::new(AtomicUsize::new(0));
    let base = server.base.clone();
    let workers: Vec<_> = (0..16)
        .map(|_| {
            let (queue, acked, failed, client, base) = (
                queue.clone(),
                acked.clone(),
                failed.clone(),
                client.clone(),
                base.clone(),
            );
            tokio::spawn(async move {
                loop {
                    let Some((n, token, _)) = queue.lock().unwrap().pop() else {
                        break;
                    };
                    match submit(&client, &base, n, &token, None).await {
                        Ok((StatusCode::OK, _)) => acked.lock().unwrap().push((n, token)),
                        Ok((status, body)) => panic!("unexpected {status}: {body}"),
                        Err(_) => {
                            failed.fetch_add(1, Ordering::Relaxed);
                        }
                    }
                }
            })
        })
        .collect();

    // Kill once a good share is acknowledged, with submissions in flight.
    let deadline = Instant::now() + Duration::from_secs(60);
    while acked.lock().unwrap().len() < attempted_total / 4 {
        assert!(Instant::now() < deadline, "submissions too slow");
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
    let mut server = server;
    let left_at_kill = queue.lock().unwrap().len();
    server.child.kill().expect("SIGKILL");
    server.child.wait().unwrap();
    for worker in workers {
        worker.await.unwrap();
    }
    let acked = acked.lock().unwrap().clone();
    eprintln!(
        "{database}: {} acknowledged, {} refused or cut off, {left_at_kill} still queued at the kill, of {attempted_total}",
        acked.len(),
        failed.load(Ordering::Relaxed)
    );
    assert!(left_at_kill > 0, "the kill came after the last submission");
    assert!(
        failed.load(Ordering::Relaxed) > 0,
        "no submission saw the kill"
    );
    drop(server);

    let server = ServerProcess::spawn(&["--database", database], dir.path());
    for (n, token) in &acked {
        let (status, body) = submit(&client, &server.base, *n, token, None)
            .await
            .unwrap();
        assert_eq!(
            status,
            StatusCode::CONFLICT,
            "an acknowledged solve of level {n} is missing: {body}"
        );
    }
    let mut recorded = 0;
    for &n in &levels {
        recorded += records(&client, &server, n).await["solves"]
            .as_u64()
            .unwrap() as usize;
    }
    assert!(
        recorded >= acked.len() && recorded <= attempted_total,
        "recorded {recorded}, acknowledged {}, attempted {attempted_total}",
        acked.len()
    );
    server.terminate();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kill_9_keeps_acknowledged_solves_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("kill.db").display());
    kill_9_keeps_acknowledged_solves(&url).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kill_9_keeps_acknowledged_solves_on_postgres() {
    if let Some(url) = postgres::fresh_database().await {
        kill_9_keeps_acknowledged_solves(&url).await;
    }
}

// ------------------------------------------------- slow and idle clients

/// The `host:port` a server listens on.
fn socket_addr(server: &ServerProcess) -> String {
    server.base.trim_start_matches("http://").to_string()
}

/// A connection that has sent the start of a request and stops there.
async fn half_sent(addr: &str) -> tokio::net::TcpStream {
    use tokio::io::AsyncWriteExt;
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    stream
        .write_all(b"GET / HTTP/1.1\r\nHost: gridforge\r\n")
        .await
        .unwrap();
    stream
}

/// Reads from `stream` until the server closes it (end of stream or reset);
/// how long after `since` that was, or `None` if it stays open until
/// `until`.
async fn closed_within(
    mut stream: tokio::net::TcpStream,
    since: Instant,
    until: Instant,
) -> Option<Duration> {
    use tokio::io::AsyncReadExt;
    let mut buffer = [0u8; 1024];
    let closing = async {
        loop {
            match stream.read(&mut buffer).await {
                Ok(0) | Err(_) => return,
                Ok(_) => continue,
            }
        }
    };
    let limit = until.saturating_duration_since(Instant::now());
    tokio::time::timeout(limit, closing)
        .await
        .ok()
        .map(|()| since.elapsed())
}

/// Reads one HTTP/1.1 answer with a `Content-Length` body: status, body.
async fn read_answer(stream: &mut tokio::net::TcpStream) -> (u16, String) {
    use tokio::io::AsyncReadExt;
    let mut bytes = Vec::new();
    let mut buffer = [0u8; 4096];
    loop {
        let text = String::from_utf8_lossy(&bytes).into_owned();
        if let Some(end) = text.find("\r\n\r\n") {
            let head = text[..end].to_ascii_lowercase();
            let length: usize = head
                .lines()
                .find_map(|l| l.strip_prefix("content-length:"))
                .map(|v| v.trim().parse().unwrap())
                .expect("the answer has a Content-Length");
            if bytes.len() >= end + 4 + length {
                let status = text[9..12].parse().unwrap();
                return (status, text[end + 4..end + 4 + length].to_string());
            }
        }
        let n = stream.read(&mut buffer).await.unwrap();
        assert!(n > 0, "the server closed mid-answer: {text}");
        bytes.extend_from_slice(&buffer[..n]);
    }
}

/// A client that opens a fresh connection for each request, so that no
/// kept-alive connection hides the server's behaviour.
fn fresh_client() -> reqwest::Client {
    reqwest::Client::builder()
        .no_proxy()
        .pool_max_idle_per_host(0)
        .timeout(Duration::from_secs(30))
        .build()
        .unwrap()
}

/// Idle connections, connections whose headers stop half-way and a
/// kept-alive connection after its answer are all closed after the
/// configured 1 s, while requests on other connections are answered as
/// quickly as before.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_and_half_sent_connections_are_closed_after_their_time() {
    use tokio::io::AsyncWriteExt;
    let dir = tempfile::tempdir().unwrap();
    let server = ServerProcess::spawn(
        &["--header-timeout", "1", "--idle-timeout", "1"],
        dir.path(),
    );
    let addr = socket_addr(&server);
    let client = fresh_client();
    let health = server.url("/healthz");
    let mut usual = Duration::ZERO;
    for _ in 0..5 {
        let begun = Instant::now();
        let status = client.get(&health).send().await.unwrap().status();
        assert_eq!(status, StatusCode::OK);
        usual = usual.max(begun.elapsed());
    }

    let silent_since = Instant::now();
    let silent = tokio::net::TcpStream::connect(&addr).await.unwrap();
    let partial_since = Instant::now();
    let partial = half_sent(&addr).await;
    let mut kept = tokio::net::TcpStream::connect(&addr).await.unwrap();
    kept.write_all(b"GET /healthz HTTP/1.1\r\nHost: gridforge\r\n\r\n")
        .await
        .unwrap();
    let (status, body) = read_answer(&mut kept).await;
    assert_eq!(status, 200, "{body}");
    let kept_since = Instant::now();
    let until = Instant::now() + Duration::from_secs(15);
    let closings = tokio::spawn(async move {
        tokio::join!(
            closed_within(silent, silent_since, until),
            closed_within(partial, partial_since, until),
            closed_within(kept, kept_since, until),
        )
    });

    // Meanwhile, on other connections, answers come as usual (with room
    // for a loaded machine).
    let allowed = usual * 4 + Duration::from_millis(500);
    for _ in 0..10 {
        let begun = Instant::now();
        let status = client.get(&health).send().await.unwrap().status();
        let took = begun.elapsed();
        assert_eq!(status, StatusCode::OK);
        assert!(took < allowed, "took {took:?}, usually {usual:?}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    let (silent, partial, kept) = closings.await.unwrap();
    for (what, closed) in [
        ("silent", silent),
        ("half-sent", partial),
        ("kept-alive", kept),
    ] {
        let took = closed.unwrap_or_else(|| panic!("the {what} connection is still open"));
        // Timers do not fire early: closing sooner than the configured
        // second would mean some other limit closed it.
        assert!(
            took >= Duration::from_millis(900),
            "the {what} connection closed after {took:?}"
        );
    }
}

/// With a cap of 8 connections, 40 connections that never finish their
/// headers: the server keeps answering /healthz and takes a Triplex solve,
/// and the flood itself is closed by the header timeout.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_above_the_connection_cap_leaves_the_server_answering() {
    let dir = tempfile::tempdir().unwrap();
    let server = ServerProcess::spawn(
        &[
            "--max-connections",
            "8",
            "--header-timeout",
            "1",
            "--idle-timeout",
            "1",
        ],
        dir.path(),
    );
    let addr = socket_addr(&server);
    let client = fresh_client();
    let token = start(&client, &server, 1).await;

    let mut flood = Vec::new();
    for _ in 0..40 {
        flood.push(half_sent(&addr).await);
    }
    let deadline = Duration::from_secs(30);
    let begun = Instant::now();
    let health = tokio::time::timeout(deadline, client.get(server.url("/healthz")).send())
        .await
        .expect("/healthz answers during the flood")
        .unwrap();
    assert_eq!(health.status(), StatusCode::OK);
    let health_took = begun.elapsed();

    wait_floor([1]).await;
    let solved = tokio::time::timeout(deadline, submit(&client, &server.base, 1, &token, None))
        .await
        .expect("a solve is taken during the flood")
        .unwrap();
    assert_eq!(solved.0, StatusCode::OK, "{}", solved.1);

    // The flood filled the cap: the server said so.
    let logs = server.logs();
    assert!(
        logs.contains("connection cap reached"),
        "health took {health_took:?}; logs:\n{logs}"
    );
    let until = Instant::now() + deadline;
    for stream in flood {
        let closed = closed_within(stream, begun, until).await;
        assert!(closed.is_some(), "a flood connection is still open");
    }
}

/// A body sent a byte at a time is cut off after the request time limit
/// with 408 and the API's JSON error.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_body_upload_is_cut_off_with_a_json_error() {
    use tokio::io::AsyncWriteExt;
    let dir = tempfile::tempdir().unwrap();
    let server = ServerProcess::spawn(&["--request-timeout", "1"], dir.path());
    let stream = tokio::net::TcpStream::connect(socket_addr(&server))
        .await
        .unwrap();
    let (mut reading, mut writing) = stream.into_split();
    writing
        .write_all(
            b"POST /api/kakuro/solve HTTP/1.1\r\nHost: gridforge\r\n\
              Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{",
        )
        .await
        .unwrap();
    let begun = Instant::now();
    // At most 10 s of dribbling, a byte every 100 ms; stops when the
    // server has closed its side.
    let dribble = tokio::spawn(async move {
        for _ in 0..100 {
            tokio::time::sleep(Duration::from_millis(100)).await;
            if writing.write_all(b" ").await.is_err() {
                return;
            }
        }
    });
    let answer = tokio::time::timeout(Duration::from_secs(20), async {
        use tokio::io::AsyncReadExt;
        let mut bytes = Vec::new();
        let mut buffer = [0u8; 1024];
        loop {
            match reading.read(&mut buffer).await {
                Ok(0) | Err(_) => break,
                Ok(n) => bytes.extend_from_slice(&buffer[..n]),
            }
            if String::from_utf8_lossy(&bytes).contains('}') {
                break;
            }
        }
        String::from_utf8_lossy(&bytes).into_owned()
    })
    .await
    .expect("an answer within 20 s");
    let took = begun.elapsed();
    dribble.abort();
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    let body = &answer[answer.find("\r\n\r\n").expect("a whole head") + 4..];
    let error: Value = serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: {body}"));
    assert!(error["error"].is_string(), "{error}");
    assert!(took >= Duration::from_millis(900), "cut off after {took:?}");
}

/// Clients that hang up in the middle of a large answer cost the server
/// nothing but those connections: it keeps running and answering. (It once
/// died of SIGPIPE here, which the command-line tools reset for `head`.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn clients_hanging_up_mid_answer_leave_the_server_running() {
    use tokio::io::AsyncWriteExt;
    let dir = tempfile::tempdir().unwrap();
    let mut server = ServerProcess::spawn(&[], dir.path());
    let addr = socket_addr(&server);
    for _ in 0..30 {
        // Ask for a large answer through a small receive window and close
        // at once: the server's writes meet a closed socket.
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.set_recv_buffer_size(4096).unwrap();
        let mut stream = socket.connect(addr.parse().unwrap()).await.unwrap();
        stream
            .write_all(b"GET /triplex/levels.json HTTP/1.1\r\nHost: gridforge\r\n\r\n")
            .await
            .unwrap();
        drop(stream);
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(
        server.child.try_wait().unwrap().is_none(),
        "the server died: {}",
        server.logs()
    );
    let health = client().get(server.url("/healthz")).send().await.unwrap();
    assert_eq!(health.status(), StatusCode::OK);
}
