//! Fair use (issue 39) through the API, on both backends: the daily puzzles
//! are there at midnight however hard other clients hammer the generators.
//! The server's clock is moved to midnight instead of waiting for it; the
//! database is read directly (a second connection, the server's own
//! storage code) to see what the background task stored.

use gridforge_server::clock::Clock;
use gridforge_server::dailies::Day;
use gridforge_server::storage::daily::DailyKey;
use reqwest::StatusCode;
use serde_json::{json, Value};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

#[macro_use]
mod common {
    #[macro_use]
    pub mod harness;
    pub mod passkey;
    pub mod paths;
    pub mod postgres;
}
use common::harness::{test_db, Backend, TestServer};

/// Clients hammering `POST /api/kakuro/generate` with the largest hard
/// board until stopped; they count their answers. The server must trust
/// 127.0.0.1 as a proxy ([`loopback_proxy`]).
struct Attack {
    stop: Arc<AtomicBool>,
    answers: Arc<AtomicU32>,
    tasks: Vec<tokio::task::JoinHandle<()>>,
}

impl Attack {
    fn start(server: &TestServer, clients: usize) -> Attack {
        let stop = Arc::new(AtomicBool::new(false));
        let answers = Arc::new(AtomicU32::new(0));
        // Each from a network of its own (through the trusted loopback
        // "proxy"), so that each may have its one expensive request in
        // flight.
        let tasks = (0..clients)
            .map(|i| {
                let (stop, answers) = (stop.clone(), answers.clone());
                let url = server.url("/api/kakuro/generate");
                let client = reqwest::Client::builder().no_proxy().build().unwrap();
                tokio::spawn(async move {
                    while !stop.load(Ordering::Relaxed) {
                        let sent = client
                            .post(&url)
                            .header("x-forwarded-for", format!("10.9.0.{i}"))
                            .json(&json!({"size": 30, "difficulty": "hard"}))
                            .send()
                            .await;
                        if let Ok(response) = sent {
                            response.bytes().await.ok();
                            answers.fetch_add(1, Ordering::Relaxed);
                        }
                    }
                })
            })
            .collect();
        Attack {
            stop,
            answers,
            tasks,
        }
    }

    async fn stop(self) -> u32 {
        self.stop.store(true, Ordering::Relaxed);
        for task in self.tasks {
            task.await.unwrap();
        }
        self.answers.load(Ordering::Relaxed)
    }
}

/// The test's requests come through a "proxy" on loopback that names the
/// client, so that other networks can be played.
fn loopback_proxy() -> Vec<ipnet::IpNet> {
    vec!["127.0.0.1/32".parse().unwrap()]
}

/// The five dailies of `day`.
fn keys_of(day: Day) -> Vec<DailyKey> {
    ["easy", "medium", "hard", "expert"]
        .into_iter()
        .map(|variant| DailyKey {
            game: "kakuro",
            day: day.to_string(),
            variant,
        })
        .chain([DailyKey {
            game: "chess",
            day: day.to_string(),
            variant: "setup",
        }])
        .collect()
}

/// `GET path`, timed.
async fn timed_get(server: &TestServer, path: &str) -> (StatusCode, Value, Duration) {
    let began = Instant::now();
    let (status, body) = server.get(path).await;
    (status, body, began.elapsed())
}

on_both_backends!(tomorrows_dailies_are_made_ahead_and_answer_at_midnight);
async fn tomorrows_dailies_are_made_ahead_and_answer_at_midnight(url: &str) {
    let clock = Clock::default();
    let server = TestServer::start_with(url, |config| {
        config.clock = clock.clone();
        config.compute_slots = 1;
        config.generate_time = Duration::from_secs(3);
        config.dailies_every = Some(Duration::from_millis(100));
        config.dailies_archive_days = 1;
        config.trusted_proxies = loopback_proxy();
    })
    .await;
    let today = Day::of_ms(clock.now_ms());
    let tomorrow = Day(today.0 + 1);
    // Nobody asked for anything: the background task makes today's,
    // tomorrow's and yesterday's dailies; another connection sees them
    // stored.
    let store = gridforge_server::storage::open(url, 1).await.unwrap();
    let began = Instant::now();
    for day in [today, tomorrow, Day(today.0 - 1)] {
        for key in keys_of(day) {
            while store.daily_puzzle(&key).await.unwrap().is_none() {
                assert!(
                    began.elapsed() < Duration::from_secs(120),
                    "{key:?} not made ahead"
                );
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
    }
    // Eight clients keep the one client slot busy and queued.
    let attack = Attack::start(&server, 8);
    tokio::time::sleep(Duration::from_millis(500)).await;
    // Midnight.
    clock.shift((tomorrow.start_ms() - clock.now_ms()) as i64);
    let (status, body, took) = timed_get(&server, "/api/kakuro/daily/today").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["date"], tomorrow.to_string());
    assert_eq!(body["puzzles"].as_array().unwrap().len(), 4);
    // A start of the new day's ChessMemory needs its setup too.
    let (status, start) = server
        .post(
            &format!("/api/chess/daily/{tomorrow}/start"),
            &json!({"player": "test-player-midnight"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{start}");
    let answers = attack.stop().await;
    eprintln!("today's dailies at midnight under attack: {took:?} ({answers} attack answers)");
    assert!(
        took < Duration::from_secs(1),
        "today's dailies took {took:?}"
    );
    store.close().await;
    server.stop().await;
}

on_both_backends!(the_reserved_slot_makes_todays_dailies_while_clients_hold_every_slot);
async fn the_reserved_slot_makes_todays_dailies_while_clients_hold_every_slot(url: &str) {
    // No background task: today's dailies are made by the first request,
    // in the reserved slot, while attackers hold the one client slot and a
    // client waiting longer than 200 ms for it gets 503.
    let server = TestServer::start_with(url, |config| {
        config.compute_slots = 1;
        config.compute_wait = Duration::from_millis(200);
        config.generate_time = Duration::from_secs(3);
        config.trusted_proxies = loopback_proxy();
    })
    .await;
    let attack = Attack::start(&server, 8);
    tokio::time::sleep(Duration::from_millis(500)).await;
    // The attackers' requests follow each other, so at one instant the slot
    // can be between two of them: a few probes, one of which must wait
    // past 200 ms and be refused.
    let mut probes = Vec::new();
    for _ in 0..5 {
        let (status, answer) = server
            .post(
                "/api/kakuro/generate",
                &json!({"size": 6, "difficulty": "easy"}),
            )
            .await;
        probes.push((status, answer));
        if status == StatusCode::SERVICE_UNAVAILABLE {
            break;
        }
    }
    let (status, refused) = probes.pop().unwrap();
    let (today, body, took) = timed_get(&server, "/api/kakuro/daily/today").await;
    attack.stop().await;
    assert_eq!(
        status,
        StatusCode::SERVICE_UNAVAILABLE,
        "the client slot was free at each of {} probes: {refused}",
        probes.len() + 1
    );
    assert_eq!(today, StatusCode::OK, "{body}");
    assert_eq!(body["puzzles"].as_array().unwrap().len(), 4);
    eprintln!("today's dailies made on request under attack: {took:?}");
    server.stop().await;
}

on_both_backends!(write_limits_count_by_network);
async fn write_limits_count_by_network(url: &str) {
    // The requests come through a "proxy" on loopback that names the
    // client, so other networks can be played.
    let server = TestServer::start_with(url, |config| {
        config.rate_per_second = 0.001;
        config.rate_burst = 3;
        config.trusted_proxies = loopback_proxy();
    })
    .await;
    // A board that does not parse: 400 at once when let through, 429 when
    // the limit refuses it first.
    let post = |client: &'static str| {
        let request = server
            .client
            .post(server.url("/api/kakuro/candidates"))
            .header("x-forwarded-for", client)
            .json(&json!({"board": "not a board"}));
        async move {
            let response = request.send().await.unwrap();
            let retry = response.headers().get("retry-after").cloned();
            let (status, body) = common::harness::read(response).await;
            (status, body, retry)
        }
    };
    for client in ["2001:db8:1:2::1", "2001:db8:1:2::2", "2001:db8:1:2:ffff::9"] {
        assert_eq!(post(client).await.0, StatusCode::BAD_REQUEST, "{client}");
    }
    // A new address in the same /64 is the same client.
    let (status, body, retry) = post("2001:db8:1:2:1234:5678:9abc:def0").await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert!(retry.is_some(), "a 429 says when to retry");
    // The next /64 and another IPv4 address have budgets of their own.
    assert_eq!(post("2001:db8:1:3::1").await.0, StatusCode::BAD_REQUEST);
    assert_eq!(post("198.51.100.7").await.0, StatusCode::BAD_REQUEST);
    server.stop().await;
}

on_both_backends!(one_expensive_request_in_flight_per_client);
async fn one_expensive_request_in_flight_per_client(url: &str) {
    let server = TestServer::start_with(url, |config| {
        config.compute_slots = 1;
        config.trusted_proxies = loopback_proxy();
    })
    .await;
    let generate = |client: &'static str, body: Value| {
        let request = server
            .client
            .post(server.url("/api/kakuro/generate"))
            .header("x-forwarded-for", client)
            .json(&body);
        async move { request.send().await.unwrap().status() }
    };
    // A board that does not parse: 400 from the handler, if let through.
    let candidates = |client: &'static str| {
        let request = server
            .client
            .post(server.url("/api/kakuro/candidates"))
            .header("x-forwarded-for", client)
            .json(&json!({"board": "not a board"}));
        async move { request.send().await.unwrap().status() }
    };
    assert_eq!(candidates("192.0.2.1").await, StatusCode::BAD_REQUEST);
    // While one of its generations runs, a client's second expensive
    // request is refused at once; another network's is let through.
    let generation = json!({"size": 30, "difficulty": "expert"});
    let mut seen = false;
    for _ in 0..5 {
        let first = tokio::spawn(generate("192.0.2.1", generation.clone()));
        seen = refused_while_running(&first, || candidates("192.0.2.1")).await;
        assert_eq!(candidates("198.51.100.1").await, StatusCode::BAD_REQUEST);
        // A probe that reaches the server before the generation holds the
        // slot refuses the generation instead (429): an inconclusive round.
        let status = first.await.unwrap();
        assert!(
            [
                StatusCode::OK,
                StatusCode::UNPROCESSABLE_ENTITY,
                StatusCode::TOO_MANY_REQUESTS
            ]
            .contains(&status),
            "{status}"
        );
        if seen {
            break;
        }
    }
    assert!(seen, "no second request was refused in five generations");
    // A request whose body is still arriving is not in flight yet (the
    // body is read whole before the limits): a slow sender holds nothing.
    let small = json!({"size": 10, "difficulty": "easy", "seed": 1});
    let slow = HeldRequest::send(&server, "192.0.2.1", None, "/api/kakuro/generate", &small).await;
    assert_eq!(candidates("192.0.2.1").await, StatusCode::BAD_REQUEST);
    assert_eq!(slow.finish().await, StatusCode::OK);
    // Once the answer is sent, the client may ask again.
    assert_eq!(candidates("192.0.2.1").await, StatusCode::BAD_REQUEST);
    server.stop().await;
}

/// An expensive request held in flight: its headers and the first byte of
/// its body are sent, the rest waits for [`HeldRequest::finish`]. The
/// server holds the client's one expensive request from the moment it has
/// read the headers, so a test sees the hold however fast the handler is
/// (a slow generation would make the test depend on the machine's speed).
struct HeldRequest {
    stream: tokio::net::TcpStream,
    rest: Vec<u8>,
}

impl HeldRequest {
    async fn send(
        server: &TestServer,
        network: &str,
        cookie: Option<&str>,
        path: &str,
        body: &Value,
    ) -> HeldRequest {
        use tokio::io::AsyncWriteExt;
        let body = body.to_string().into_bytes();
        let host = server.base.trim_start_matches("http://");
        let cookie = cookie
            .map(|c| format!("cookie: {c}\r\n"))
            .unwrap_or_default();
        let head = format!(
            "POST {path} HTTP/1.1\r\nhost: {host}\r\nx-forwarded-for: {network}\r\n{cookie}\
             content-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
            body.len()
        );
        let mut stream = tokio::net::TcpStream::connect(host).await.unwrap();
        stream.write_all(head.as_bytes()).await.unwrap();
        stream.write_all(&body[..1]).await.unwrap();
        stream.flush().await.unwrap();
        HeldRequest {
            stream,
            rest: body[1..].to_vec(),
        }
    }

    /// Sends the rest of the body; the answer's status.
    async fn finish(mut self) -> StatusCode {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        self.stream.write_all(&self.rest).await.unwrap();
        let mut answer = Vec::new();
        self.stream.read_to_end(&mut answer).await.unwrap();
        let answer = String::from_utf8_lossy(&answer);
        let code = answer
            .split(' ')
            .nth(1)
            .and_then(|code| code.parse().ok())
            .unwrap_or_else(|| panic!("no status line in {answer:?}"));
        StatusCode::from_u16(code).unwrap()
    }
}

/// Asks with `probe` over and over while `first` runs: true once a probe
/// is refused (429, the one request in flight), false if `first` ended
/// first. Every other answer must be the probe's own 400.
async fn refused_while_running<T, F, Fut>(first: &tokio::task::JoinHandle<T>, probe: F) -> bool
where
    F: Fn() -> Fut,
    Fut: std::future::Future<Output = StatusCode>,
{
    // A moment for `first` to reach the server before the probes race it.
    tokio::time::sleep(Duration::from_millis(10)).await;
    while !first.is_finished() {
        let status = probe().await;
        if status == StatusCode::TOO_MANY_REQUESTS {
            return true;
        }
        assert_eq!(status, StatusCode::BAD_REQUEST);
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
    false
}

/// A request from `client` (a network the loopback "proxy" names): its
/// status, its `Retry-After` and its body.
async fn from(
    server: &TestServer,
    client: &str,
    method: reqwest::Method,
    path: &str,
    body: Option<Value>,
) -> (StatusCode, Option<u64>, Value) {
    let mut request = server
        .client
        .request(method, server.url(path))
        .header("x-forwarded-for", client);
    if let Some(body) = body {
        request = request.json(&body);
    }
    let response = request.send().await.unwrap();
    let retry = response
        .headers()
        .get("retry-after")
        .and_then(|v| v.to_str().ok()?.parse().ok());
    let (status, body) = common::harness::read(response).await;
    (status, retry, body)
}

on_both_backends!(compute_is_charged_to_the_client_that_asked_for_it);
async fn compute_is_charged_to_the_client_that_asked_for_it(url: &str) {
    // A budget of a microsecond per ten minutes: one run of anything
    // spends it.
    let server = TestServer::start_with(url, |config| {
        config.compute_budget = Duration::from_micros(1);
        config.compute_window = Duration::from_secs(600);
        config.trusted_proxies = loopback_proxy();
    })
    .await;
    let post = reqwest::Method::POST;
    let get = reqwest::Method::GET;
    let small = json!({"size": 6, "difficulty": "easy", "seed": 3});
    let (status, _, made) = from(
        &server,
        "192.0.2.1",
        post.clone(),
        "/api/kakuro/generate",
        Some(small.clone()),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{made}");
    // Its budget spent, the client's solve is refused until it refills,
    // and so is an archive day nobody made yet, which it would pay for.
    let solve = json!({"puzzle": made["puzzle"]});
    let (status, retry, body) = from(
        &server,
        "192.0.2.1",
        post.clone(),
        "/api/kakuro/solve",
        Some(solve.clone()),
    )
    .await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert!(
        body["error"].as_str().unwrap().contains("compute budget"),
        "{body}"
    );
    assert!(retry.is_some_and(|s| s >= 1), "{retry:?}");
    let today = Day::of_ms(server.clock.now_ms());
    let old = format!("/api/kakuro/daily/{}", Day(today.0 - 30));
    let (status, retry, body) = from(&server, "192.0.2.1", get.clone(), &old, None).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert!(retry.is_some());
    // Another network has its own budget: its request has the archive
    // day's first puzzle made, and pays for it (so the day's next puzzle,
    // and its next generation, are refused).
    let (status, _, body) = from(&server, "198.51.100.9", get.clone(), &old, None).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    let (status, _, body) = from(
        &server,
        "198.51.100.9",
        post.clone(),
        "/api/kakuro/generate",
        Some(small.clone()),
    )
    .await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    // A third network is untouched.
    let (status, _, body) = from(
        &server,
        "203.0.113.3",
        post,
        "/api/kakuro/solve",
        Some(solve),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    server.stop().await;
}

on_both_backends!(cheap_reads_are_limited_per_network_too);
async fn cheap_reads_are_limited_per_network_too(url: &str) {
    let server = TestServer::start_with(url, |config| {
        config.read_rate_per_second = 0.001;
        config.read_rate_burst = 5;
        config.trusted_proxies = loopback_proxy();
    })
    .await;
    let get = reqwest::Method::GET;
    // The script an attacker writes: the same cheap reads, from new
    // addresses of one /64 each time.
    for i in 0..5 {
        let client = format!("2001:db8:5:6::{i:x}");
        let path = [
            "/healthz",
            "/api/triplex/levels",
            "/api/triplex/levels/1/records",
        ][i % 3];
        let (status, _, body) = from(&server, &client, get.clone(), path, None).await;
        assert_eq!(status, StatusCode::OK, "{path}: {body}");
    }
    let (status, retry, body) = from(
        &server,
        "2001:db8:5:6:ffff::1",
        get.clone(),
        "/healthz",
        None,
    )
    .await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert!(retry.is_some_and(|s| s >= 1));
    // Another network reads on; writes have their own limit.
    let (status, _, _) = from(&server, "2001:db8:5:7::1", get, "/healthz", None).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _, _) = from(
        &server,
        "2001:db8:5:6::1",
        reqwest::Method::POST,
        "/api/kakuro/candidates",
        Some(json!({"board": "not a board"})),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    server.stop().await;
}

/// Eight clients, each from a network of its own, hammering the expensive
/// routes in turn (a 30x30 hard generation, a solve and the candidates of
/// a big board, a fill of a 12x12 layout) until stopped.
struct Hammer {
    stop: Arc<AtomicBool>,
    tasks: Vec<tokio::task::JoinHandle<u32>>,
}

impl Hammer {
    fn start(server: &TestServer, big: &str, small: &str) -> Hammer {
        let stop = Arc::new(AtomicBool::new(false));
        let board = big.to_string();
        let small = small.parse::<gridforge_kakuro::Board>().unwrap();
        let layout = gridforge_kakuro::Layout::of_board(&small).to_string();
        let tasks = (0..8)
            .map(|i| {
                let stop = stop.clone();
                let base = server.base.clone();
                let (board, layout) = (board.clone(), layout.clone());
                let client = reqwest::Client::builder().no_proxy().build().unwrap();
                tokio::spawn(async move {
                    let mut answers = 0;
                    let requests = [
                        (
                            "/api/kakuro/generate",
                            json!({"size": 30, "difficulty": "hard"}),
                        ),
                        ("/api/kakuro/solve", json!({"puzzle": board})),
                        ("/api/kakuro/fill", json!({"layout": layout})),
                        ("/api/kakuro/candidates", json!({"board": board})),
                    ];
                    while !stop.load(Ordering::Relaxed) {
                        let (path, body) = &requests[answers as usize % requests.len()];
                        let sent = client
                            .post(format!("{base}{path}"))
                            .header("x-forwarded-for", format!("10.9.1.{i}"))
                            .json(body)
                            .send()
                            .await;
                        if let Ok(response) = sent {
                            response.bytes().await.ok();
                        }
                        answers += 1;
                    }
                    answers
                })
            })
            .collect();
        Hammer { stop, tasks }
    }

    async fn stop(self) -> u32 {
        self.stop.store(true, Ordering::Relaxed);
        let mut answers = 0;
        for task in self.tasks {
            answers += task.await.unwrap();
        }
        answers
    }
}

/// The `n`-th of `sorted` durations at fraction `q`.
fn quantile(sorted: &[Duration], q: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * q).round() as usize]
}

on_both_backends!(a_victim_is_served_while_eight_clients_hammer_the_expensive_routes);
async fn a_victim_is_served_while_eight_clients_hammer_the_expensive_routes(url: &str) {
    // Default limits, but a generation gives up after 0.5 s (the default is
    // 15 s): a victim can at worst wait for the shortest running
    // generation, as everything queued behind it is served least-spent
    // first.
    let server = TestServer::start_with(url, |config| {
        config.generate_time = Duration::from_millis(500);
        config.trusted_proxies = loopback_proxy();
    })
    .await;
    let post = reqwest::Method::POST;
    let victim = "10.200.0.1";
    // The attackers' boards (made by a bystander; a big one may take more
    // than the 0.5 s, so a few seeds).
    let board = |size: u32, seed: u32| {
        let post = post.clone();
        let server = &server;
        async move {
            let request = json!({"size": size, "difficulty": "hard", "seed": seed});
            let (status, _, made) = from(
                server,
                "10.200.0.2",
                post,
                "/api/kakuro/generate",
                Some(request),
            )
            .await;
            (status == StatusCode::OK).then(|| made["puzzle"].as_str().unwrap().to_string())
        }
    };
    let mut big = None;
    for seed in 1..=6 {
        big = board(20, seed).await;
        if big.is_some() {
            break;
        }
    }
    let big = big.expect("a 20x20 hard Kakuro within 0.5 s for one of six seeds");
    let mid = board(12, 1).await.expect("a 12x12 hard Kakuro");
    let (status, _, own) = from(
        &server,
        victim,
        post.clone(),
        "/api/kakuro/generate",
        Some(json!({"size": 10, "difficulty": "easy", "seed": 8})),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{own}");
    let hammer = Hammer::start(&server, &big, &mid);
    // Each attacker has had a generation charged.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let mut solves = Vec::new();
    let mut health = Vec::new();
    for _ in 0..8 {
        let began = Instant::now();
        let (status, _, body) = from(
            &server,
            victim,
            post.clone(),
            "/api/kakuro/solve",
            Some(json!({"puzzle": own["puzzle"]})),
        )
        .await;
        solves.push(began.elapsed());
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["uniqueness"], "unique");
        let began = Instant::now();
        let (status, _, body) = from(&server, victim, reqwest::Method::GET, "/healthz", None).await;
        health.push(began.elapsed());
        assert_eq!(status, StatusCode::OK, "{body}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let answers = hammer.stop().await;
    solves.sort();
    health.sort();
    eprintln!(
        "under attack ({answers} attack answers): victim solve p50 {:?} max {:?}; /healthz p50 {:?} max {:?}",
        quantile(&solves, 0.5),
        solves[solves.len() - 1],
        quantile(&health, 0.5),
        health[health.len() - 1]
    );
    assert!(
        solves[solves.len() - 1] <= Duration::from_secs(1),
        "{solves:?}"
    );
    assert!(
        health[health.len() - 1] <= Duration::from_millis(100),
        "{health:?}"
    );
    server.stop().await;
}

/// Runs `statements` on the test's database (a second connection); the
/// last one's number.
async fn scalar_after(url: &str, statements: &[&str]) -> i64 {
    let (last, before) = statements.split_last().unwrap();
    if url.starts_with("sqlite:") {
        let pool = sqlx::SqlitePool::connect(url).await.unwrap();
        for statement in before {
            sqlx::query(statement).execute(&pool).await.unwrap();
        }
        let value = sqlx::query_scalar(last).fetch_one(&pool).await.unwrap();
        pool.close().await;
        value
    } else {
        let pool = sqlx::PgPool::connect(url).await.unwrap();
        for statement in before {
            sqlx::query(statement).execute(&pool).await.unwrap();
        }
        let value = sqlx::query_scalar(last).fetch_one(&pool).await.unwrap();
        pool.close().await;
        value
    }
}

/// One number from the test's database.
async fn scalar(url: &str, sql: &str) -> i64 {
    scalar_after(url, &[sql]).await
}

/// The bytes the database uses: SQLite's pages in use (the file's pages
/// less the free ones, which later writes reuse), PostgreSQL's database
/// size.
async fn used_bytes(url: &str) -> i64 {
    if url.starts_with("sqlite:") {
        scalar(
            url,
            "SELECT (p.page_count - f.freelist_count) * s.page_size \
             FROM pragma_page_count() p, pragma_freelist_count() f, pragma_page_size() s",
        )
        .await
    } else {
        scalar(url, "SELECT pg_database_size(current_database())").await
    }
}

/// `n` requests sent by `parallel` tasks, `request(k)` the k-th; each must
/// answer 200; their bodies in order.
async fn in_parallel(
    server: &TestServer,
    n: usize,
    parallel: usize,
    request: impl Fn(usize) -> (String, Value) + Send + Sync + 'static,
) -> Vec<Value> {
    let request = Arc::new(request);
    let next = Arc::new(AtomicU32::new(0));
    let tasks: Vec<_> = (0..parallel)
        .map(|_| {
            let (request, next) = (request.clone(), next.clone());
            let (client, base) = (server.client.clone(), server.base.clone());
            tokio::spawn(async move {
                let mut answers = Vec::new();
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed) as usize;
                    if k >= n {
                        return answers;
                    }
                    let (path, body) = request(k);
                    let response = client
                        .post(format!("{base}{path}"))
                        .json(&body)
                        .send()
                        .await
                        .unwrap();
                    let (status, body) = common::harness::read(response).await;
                    assert_eq!(status, StatusCode::OK, "{path}: {body}");
                    answers.push((k, body));
                }
            })
        })
        .collect();
    let mut all = Vec::with_capacity(n);
    for task in tasks {
        all.extend(task.await.unwrap());
    }
    all.sort_by_key(|(k, _)| *k);
    all.into_iter().map(|(_, body)| body).collect()
}

on_both_backends!(ten_thousand_abandoned_starts_are_pruned);
async fn ten_thousand_abandoned_starts_are_pruned(url: &str) {
    use gridforge_server::storage::daily::{ChessGame, DailyRecorded, DailySolve};
    let server = TestServer::start_with(url, |config| {
        config.prune_every = Some(Duration::from_millis(200));
    })
    .await;
    let today = Day::of_ms(server.clock.now_ms());
    let before = used_bytes(url).await;
    // The attacker's script: ChessMemory starts with new player ids, never
    // a square turned; a thousand through the API, and (to keep the test
    // short) nine thousand more rows just like them written at once.
    let began = Instant::now();
    let path = format!("/api/chess/daily/{today}/start");
    in_parallel(&server, 1000, 16, move |k| {
        (path.clone(), json!({"player": format!("abandoned-{k:05}")}))
    })
    .await;
    let now = server.clock.now_ms();
    let columns = "INSERT INTO daily_chess_games (id, day, player, name, started_at, \
                   next_turn_at, matched, shown, moves, turns, log, finished_at)";
    let rows = format!("'{today}', 'bulk-' || i, NULL, {now}, {now}, 0, '', 0, 0, '', NULL");
    let bulk = if url.starts_with("sqlite:") {
        format!(
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 9000) \
             {columns} SELECT randomblob(16), {rows} FROM n"
        )
    } else {
        format!(
            "{columns} SELECT decode(md5(i::text), 'hex'), {rows} \
             FROM generate_series(1, 9000) AS i"
        )
    };
    let games = "SELECT count(*) FROM daily_chess_games";
    assert_eq!(scalar_after(url, &[&bulk, games]).await, 10_000);
    let started = began.elapsed();
    // A game played (a square turned) stays, as do a player's three fastest
    // uncounted solves of a past daily (of ten), and its counted solve.
    let store = gridforge_server::storage::open(url, 1).await.unwrap();
    let now = server.clock.now_ms() as i64;
    let played = ChessGame {
        id: vec![7; 16],
        day: today.to_string(),
        player: "player-who-turned".into(),
        name: None,
        started_at: now,
        next_turn_at: now,
        matched: 0,
        shown: vec![12],
        moves: 0,
        turns: 1,
        log: "12".into(),
        finished_at: None,
    };
    store.start_chess_game(&played).await.unwrap();
    let past = DailyKey {
        game: "kakuro",
        day: Day(today.0 - 3).to_string(),
        variant: "easy",
    };
    for k in 0..11u8 {
        let solve = DailySolve {
            key: &past,
            nonce: &[k; 16],
            player: "replayer",
            time_ms: 60_000 + 1000 * i64::from(10 - k),
            moves: None,
            assisted: false,
            helped_starter: None,
            counted: k == 10,
            name: None,
            solved_at: now,
            entering: Default::default(),
            session: None,
        };
        let recorded = store.record_daily_solve(&solve).await.unwrap();
        assert!(
            matches!(recorded, DailyRecorded::Recorded { .. }),
            "{recorded:?}"
        );
    }
    let attacked = used_bytes(url).await;
    assert_eq!(scalar(url, games).await, 10_001);
    // Two days and a second later, the maintenance task prunes.
    server.clock.shift(2 * 24 * 3600 * 1000 + 1000);
    // The prune takes one table after another: wait for the last it
    // touches (the solves) as well as the games.
    let replays = "SELECT count(*) FROM daily_solves WHERE player = 'replayer'";
    let waited = Instant::now();
    while scalar(url, games).await > 1 || scalar(url, replays).await > 4 {
        assert!(waited.elapsed() < Duration::from_secs(30), "not pruned");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let pruned = used_bytes(url).await;
    let kept: i64 = scalar(
        url,
        "SELECT count(*) FROM daily_chess_games WHERE turns > 0",
    )
    .await;
    assert_eq!(kept, 1, "the played game stays");
    // The three fastest uncounted (61, 62, 63 s) and the counted one.
    assert_eq!(scalar(url, replays).await, 4);
    assert_eq!(
        scalar(
            url,
            "SELECT max(time_ms) FROM daily_solves WHERE player = 'replayer' AND NOT counted"
        )
        .await,
        63_000
    );
    eprintln!(
        "10,000 abandoned starts in {started:?}: {} bytes used before, {attacked} after, {pruned} after the prune; \
         daily_chess_games rows after the prune: 1",
        before
    );
    // The bound: nothing of the attack is left but space the next writes
    // reuse. SQLite counts pages in use; PostgreSQL's size shrinks only on
    // VACUUM, so there the rows are the bound.
    if url.starts_with("sqlite:") {
        assert!(
            pruned <= before + 64 * 1024,
            "{pruned} bytes in use after the prune, {before} before"
        );
    }
    store.close().await;
    server.stop().await;
}

on_both_backends!(anonymous_help_marks_go_once_their_token_is_spent_or_expired);
/// An anonymous start token that asked a daily's own help leaves a mark in
/// `daily_starts` (its solve will be assisted). The mark goes once the
/// token's solve is recorded, or once the token has expired (30 days); a
/// mark whose token may still solve stays, and so does an account's start.
async fn anonymous_help_marks_go_once_their_token_is_spent_or_expired(url: &str) {
    use gridforge_server::storage::daily::{DailyRecorded, DailySolve};
    let server = TestServer::start(url).await;
    let store = gridforge_server::storage::open(url, 1).await.unwrap();
    let today = Day::of_ms(server.clock.now_ms());
    let key = DailyKey {
        game: "kakuro",
        day: today.to_string(),
        variant: "easy",
    };
    let now = server.clock.now_ms() as i64;
    let month = 30 * 24 * 3600 * 1000;
    let starter = |nonce: &[u8]| {
        let hex: String = nonce.iter().map(|b| format!("{b:02x}")).collect();
        format!("token:{hex}")
    };
    let (spent, waiting, expired) = ([0xa5; 16], [0x5a; 16], [0x0f; 16]);
    for (nonce, at) in [(spent, now), (waiting, now), (expired, now - month - 1000)] {
        store
            .mark_daily_assisted(&key, &starter(&nonce), at)
            .await
            .unwrap();
    }
    store
        .mark_daily_assisted(&key, "account:1", now - 2 * month)
        .await
        .unwrap();
    // A clean counted solve sent as unhelped by its token's starter: the
    // INSERT finds the starter's mark, if it has one.
    let record = |nonce: [u8; 16], player: &'static str, time_ms: i64| {
        let (store, key, starter) = (&store, &key, starter(&nonce));
        async move {
            store
                .record_daily_solve(&DailySolve {
                    key,
                    nonce: &nonce,
                    player,
                    time_ms,
                    moves: None,
                    assisted: false,
                    helped_starter: Some(&starter),
                    counted: true,
                    name: None,
                    solved_at: now,
                    entering: Default::default(),
                    session: None,
                })
                .await
                .unwrap()
        }
    };
    assert_eq!(
        record(spent, "helped-player", 90_000).await,
        DailyRecorded::Recorded {
            rank: None,
            assisted: true
        }
    );
    // A starter without a mark: clean, and ranked.
    assert_eq!(
        record([0x33; 16], "unhelped-player", 95_000).await,
        DailyRecorded::Recorded {
            rank: Some(1),
            assisted: false
        }
    );
    let marks = "SELECT count(*) FROM daily_starts";
    assert_eq!(scalar(url, marks).await, 4);
    // The maintenance task's policy as of now, its defaults.
    let policy = gridforge_server::maintenance::Retention {
        abandoned_after: Duration::from_secs(2 * 24 * 3600),
        uncounted_per_daily: 3,
    }
    .policy(server.clock.now_ms());
    let pruned = store.prune(policy).await.expect("pruned");
    assert_eq!(pruned.help_marks, 2, "{pruned:?}");
    assert!(store
        .daily_start(&key, &starter(&waiting))
        .await
        .unwrap()
        .is_some_and(|s| s.assisted));
    assert!(store
        .daily_start(&key, "account:1")
        .await
        .unwrap()
        .is_some());
    for gone in [spent, expired] {
        assert!(store
            .daily_start(&key, &starter(&gone))
            .await
            .unwrap()
            .is_none());
    }
    store.close().await;
    server.stop().await;
}

on_both_backends!(storage_per_thousand_daily_players);
async fn storage_per_thousand_daily_players(url: &str) {
    // A thousand players each solve the four daily Kakuros through the API,
    // each solve with a person's solving path; the database's growth is
    // measured (after the dailies are made, so only the play is counted).
    let server = TestServer::start(url).await;
    let today = Day::of_ms(server.clock.now_ms());
    let mut boards = Vec::new();
    for difficulty in ["easy", "medium", "hard", "expert"] {
        let (status, started) = server
            .post(
                &format!("/api/kakuro/daily/{today}/{difficulty}/start"),
                &json!({"player": "clue-reader"}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{started}");
        let board: gridforge_kakuro::Board = started["puzzle"].as_str().unwrap().parse().unwrap();
        let solved = gridforge_kakuro::solve(&board, 1, 5_000_000).unwrap();
        let floor = gridforge_kakuro::path::human_floor_ms(&board)
            .unwrap_or(0)
            .max(started["min_time_ms"].as_u64().unwrap());
        boards.push((difficulty, solved.solutions[0].to_string(), floor));
    }
    let players = 1000;
    let before = used_bytes(url).await;
    let began = Instant::now();
    let mut tokens = Vec::new();
    for (difficulty, _, _) in &boards {
        let path = format!("/api/kakuro/daily/{today}/{difficulty}/start");
        tokens.push(
            in_parallel(&server, players, 8, move |k| {
                (path.clone(), json!({"player": format!("player-{k:04}")}))
            })
            .await,
        );
    }
    // Past every daily's floor, without waiting for it.
    let floor = boards.iter().map(|b| b.2).max().unwrap();
    server.clock.shift(floor as i64 + 60_000);
    for ((difficulty, grid, _), started) in boards.iter().zip(tokens) {
        let grid = grid.clone();
        let path = format!("/api/kakuro/daily/{today}/{difficulty}/solve");
        let started = Arc::new(started);
        let clock = server.clock.clone();
        in_parallel(&server, players, 8, move |k| {
            let token = &started[k];
            // The last digit a second before the solve is sent.
            let elapsed = clock.now_ms() - token["issued_at"].as_u64().unwrap() - 1000;
            let walk = common::paths::person_path(&grid, elapsed, k as u64);
            (
                path.clone(),
                json!({"token": token["token"], "player": format!("player-{k:04}"), "grid": grid, "path": walk}),
            )
        })
        .await;
    }
    let after = used_bytes(url).await;
    let solves: i64 = scalar(url, "SELECT count(*) FROM daily_solves WHERE counted").await;
    assert_eq!(solves, 4 * players as i64);
    let grown = after - before;
    eprintln!(
        "{players} daily players (4 Kakuro solves each, with paths) in {:?}: the database grew {grown} bytes ({:.0} per player)",
        began.elapsed(),
        grown as f64 / players as f64
    );
    assert!(grown < 40 * 1024 * 1024, "{grown} bytes");
    server.stop().await;
}

on_both_backends!(one_expensive_request_in_flight_per_account_across_networks);
async fn one_expensive_request_in_flight_per_account_across_networks(url: &str) {
    let server = TestServer::start_with(url, |config| {
        config.compute_slots = 1;
        config.trusted_proxies = loopback_proxy();
    })
    .await;
    let mut browser = common::passkey::Browser::new(&server);
    let (_, status, body) = browser.register("Hammerer").await;
    assert!(status.is_success(), "{status}: {body}");
    let cookie = format!("gridforge_session={}", browser.cookie.clone().unwrap());
    let request = |network: &str, path: &str, body: Value, signed_in: bool| {
        let mut request = server
            .client
            .post(server.url(path))
            .header("x-forwarded-for", network)
            .json(&body);
        if signed_in {
            request = request.header("cookie", cookie.clone());
        }
        async move { request.send().await.unwrap().status() }
    };
    // The attacker's script: the same account from a second network while
    // its first request runs.
    let bad = json!({"board": "not a board"});
    let mut seen = false;
    for _ in 0..5 {
        let first = tokio::spawn(request(
            "192.0.2.50",
            "/api/kakuro/generate",
            json!({"size": 30, "difficulty": "expert"}),
            true,
        ));
        seen = refused_while_running(&first, || {
            request("198.51.100.50", "/api/kakuro/candidates", bad.clone(), true)
        })
        .await;
        // The other network on its own is let through.
        assert_eq!(
            request(
                "198.51.100.50",
                "/api/kakuro/candidates",
                bad.clone(),
                false
            )
            .await,
            StatusCode::BAD_REQUEST
        );
        first.await.unwrap();
        if seen {
            break;
        }
    }
    assert!(seen, "no second request was refused in five generations");
    assert_eq!(
        request("198.51.100.50", "/api/kakuro/candidates", bad, true).await,
        StatusCode::BAD_REQUEST
    );
    server.stop().await;
}
