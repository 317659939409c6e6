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
        config.generate_time = Duration::from_secs(5);
        config.trusted_proxies = loopback_proxy();
    })
    .await;
    let generate = |client: &'static str| {
        let request = server
            .client
            .post(server.url("/api/kakuro/generate"))
            .header("x-forwarded-for", client)
            .json(&json!({"size": 30, "difficulty": "hard"}));
        async move {
            let response = request.send().await.unwrap();
            let retry = response.headers().get("retry-after").cloned();
            let (status, _) = common::harness::read(response).await;
            (status, retry)
        }
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
    // While one of its generations runs, a client's second expensive
    // request is refused at once; another network's is let through. (A
    // generation that ended before the second request makes the round
    // inconclusive; a few rounds settle it.)
    let mut seen = false;
    for _ in 0..5 {
        let first = tokio::spawn(generate("192.0.2.1"));
        tokio::time::sleep(Duration::from_millis(150)).await;
        let second = candidates("192.0.2.1").await;
        let other = candidates("198.51.100.1").await;
        let still_running = !first.is_finished();
        let (status, _) = first.await.unwrap();
        assert_eq!(other, StatusCode::BAD_REQUEST);
        if still_running {
            assert_eq!(second, StatusCode::TOO_MANY_REQUESTS);
            assert!(status == StatusCode::OK || status == StatusCode::UNPROCESSABLE_ENTITY);
            seen = true;
            break;
        }
    }
    assert!(seen, "no generation lasted 150 ms");
    // Once the answer is sent, the client may ask again.
    assert_eq!(candidates("192.0.2.1").await, StatusCode::BAD_REQUEST);
    server.stop().await;
}
