//! gridforge behind Debian's nginx and Caddy (issue 42), run here on
//! loopback ports with the configurations shipped in `packaging/nginx/`
//! and `packaging/caddy/` (ports, upstream and certificate paths replaced),
//! each proxy as this user with its pid, logs and state in a temporary
//! folder. Checked:
//!
//! - the client the rate limit and the access log see is the one the
//!   trusted proxy forwards (the client connects from 127.0.0.3 or .4, the
//!   proxy from 127.0.0.1, the one `--trusted-proxy`), and an
//!   `X-Forwarded-For` the client sent does not change it;
//! - an untrusted peer (127.0.0.2, straight to gridforge) cannot name a
//!   client with `X-Forwarded-For`;
//! - what the proxy sends upstream (to a recording server in its place):
//!   `X-Forwarded-Proto: https`, and a websocket upgrade passed through
//!   both ways (`Upgrade`, `Connection: upgrade`, 101, bytes echoed).
//!
//! A missing proxy binary prints one "skipped: ..." line; scripts/test
//! installs both.

#[path = "common/server.rs"]
mod server;
use server::*;

#[path = "common/certs.rs"]
mod certs;
use serde_json::Value;
use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// The repository's packaging folder.
fn packaging(file: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("packaging")
        .join(file)
}

/// A free loopback port (bound, read, released).
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Which proxy.
#[derive(Clone, Copy, Debug)]
enum Kind {
    Nginx,
    Caddy,
}

impl Kind {
    fn binary(self) -> &'static str {
        match self {
            Kind::Nginx => "/usr/sbin/nginx",
            Kind::Caddy => "/usr/bin/caddy",
        }
    }
}

/// A running proxy, stopped (SIGTERM, then its workers with it) on drop.
struct Proxy {
    child: Child,
    /// Its HTTPS port on 127.0.0.1.
    port: u16,
    dir: PathBuf,
}

impl Proxy {
    /// Starts `kind` with its shipped configuration, forwarding to
    /// `upstream`, its files in `dir` (which holds cert.pem and key.pem).
    fn start(kind: Kind, upstream: SocketAddr, dir: &Path) -> Proxy {
        let port = free_port();
        let plain = free_port();
        let cert = dir.join("cert.pem").display().to_string();
        let key = dir.join("key.pem").display().to_string();
        let mut command = match kind {
            Kind::Nginx => {
                let shipped = std::fs::read_to_string(packaging("nginx/gridforge.conf")).unwrap();
                let site = replace_all(
                    &shipped,
                    &[
                        ("listen 80;", &format!("listen 127.0.0.1:{plain};")),
                        ("listen [::]:80;", ""),
                        ("listen [::]:443 ssl http2;", ""),
                        ("listen 443 ssl", &format!("listen 127.0.0.1:{port} ssl")),
                        ("server 127.0.0.1:8080;", &format!("server {upstream};")),
                        (
                            "/etc/letsencrypt/live/puzzles.example.org/fullchain.pem",
                            &cert,
                        ),
                        (
                            "/etc/letsencrypt/live/puzzles.example.org/privkey.pem",
                            &key,
                        ),
                    ],
                );
                std::fs::write(dir.join("gridforge.conf"), site).unwrap();
                let d = dir.display();
                // As root, nginx's workers would become nobody, who cannot
                // enter the temporary folder.
                let user = if is_root() { "user root;" } else { "" };
                let main = format!(
                    "{user}\nworker_processes 1;\npid {d}/nginx.pid;\nerror_log {d}/error.log;\n\
                     events {{ worker_connections 64; }}\n\
                     http {{\n  access_log {d}/access.log;\n  client_body_temp_path {d}/body;\n\
                     proxy_temp_path {d}/proxy;\n  fastcgi_temp_path {d}/fastcgi;\n\
                     uwsgi_temp_path {d}/uwsgi;\n  scgi_temp_path {d}/scgi;\n\
                     include {d}/gridforge.conf;\n}}\n"
                );
                std::fs::write(dir.join("nginx.conf"), main).unwrap();
                let mut c = Command::new(kind.binary());
                c.arg("-p")
                    .arg(dir)
                    .arg("-c")
                    .arg(dir.join("nginx.conf"))
                    .args(["-g", "daemon off;"]);
                c
            }
            Kind::Caddy => {
                let shipped = std::fs::read_to_string(packaging("caddy/Caddyfile")).unwrap();
                let site = replace_all(
                    &shipped,
                    &[
                        (
                            "puzzles.example.org {",
                            &format!("https://127.0.0.1:{port} {{\n\ttls {cert} {key}"),
                        ),
                        (
                            "reverse_proxy 127.0.0.1:8080",
                            &format!("reverse_proxy {upstream}"),
                        ),
                    ],
                );
                let global = format!(
                    "{{\n\tadmin off\n\tauto_https disable_redirects\n\
                     \thttp_port {plain}\n\thttps_port {port}\n\tstorage file_system {}\n}}\n\n",
                    dir.join("caddy-data").display()
                );
                std::fs::write(dir.join("Caddyfile"), global + &site).unwrap();
                let mut c = Command::new(kind.binary());
                c.args(["run", "--adapter", "caddyfile", "--config"])
                    .arg(dir.join("Caddyfile"))
                    .env("HOME", dir)
                    .env("XDG_DATA_HOME", dir.join("xdg-data"))
                    .env("XDG_CONFIG_HOME", dir.join("xdg-config"));
                c
            }
        };
        let child = command
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(dir.join("stderr.log")).unwrap())
            .spawn()
            .expect("the proxy starts");
        let mut proxy = Proxy {
            child,
            port,
            dir: dir.to_path_buf(),
        };
        let deadline = Instant::now() + Duration::from_secs(20);
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            if let Some(exit) = proxy.child.try_wait().unwrap() {
                panic!("{kind:?} exited ({exit}): {}", proxy.logs());
            }
            assert!(
                Instant::now() < deadline,
                "{kind:?} does not listen: {}",
                proxy.logs()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        proxy
    }

    fn url(&self, path: &str) -> String {
        format!("https://127.0.0.1:{}{path}", self.port)
    }

    /// What the proxy wrote to its error log and stderr.
    fn logs(&self) -> String {
        let read = |name: &str| std::fs::read_to_string(self.dir.join(name)).unwrap_or_default();
        format!("{}{}", read("error.log"), read("stderr.log"))
    }
}

impl Drop for Proxy {
    fn drop(&mut self) {
        Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .ok();
        let deadline = Instant::now() + Duration::from_secs(10);
        while self.child.try_wait().ok().flatten().is_none() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(50));
        }
        self.child.kill().ok();
        self.child.wait().ok();
    }
}

fn replace_all(text: &str, pairs: &[(&str, &str)]) -> String {
    let mut out = text.to_string();
    for (from, to) in pairs {
        assert!(out.contains(from), "the shipped config has no '{from}'");
        out = out.replace(from, to);
    }
    out
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
        .unwrap_or(false)
}

/// A client from `local` (a loopback address of its own) that trusts the
/// test certificate `cert`.
fn client_from(local: &str, cert: &[u8]) -> reqwest::Client {
    reqwest::Client::builder()
        .use_rustls_tls()
        .add_root_certificate(reqwest::Certificate::from_pem(cert).unwrap())
        .local_address(local.parse::<IpAddr>().unwrap())
        .no_proxy()
        .timeout(Duration::from_secs(20))
        .build()
        .unwrap()
}

/// Request heads a stand-in upstream received.
type Heads = Arc<Mutex<Vec<String>>>;

/// A stand-in upstream on a free port: it records each request's head and
/// answers 200, or 101 to a websocket upgrade and then echoes every byte.
async fn recording_upstream() -> (SocketAddr, Heads) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let heads: Heads = Arc::default();
    let kept = heads.clone();
    tokio::spawn(async move {
        loop {
            let Ok((mut stream, _)) = listener.accept().await else {
                return;
            };
            let heads = kept.clone();
            tokio::spawn(async move {
                let mut head = Vec::new();
                let mut byte = [0u8; 1];
                while !head.ends_with(b"\r\n\r\n") {
                    if stream.read(&mut byte).await.unwrap_or(0) == 0 {
                        return;
                    }
                    head.push(byte[0]);
                }
                let head = String::from_utf8_lossy(&head).to_lowercase();
                let upgrade = head.contains("\r\nupgrade: websocket");
                heads.lock().unwrap().push(head);
                if upgrade {
                    let answer = "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n\
                                  Connection: Upgrade\r\n\r\n";
                    stream.write_all(answer.as_bytes()).await.ok();
                    let mut buf = [0u8; 256];
                    while let Ok(n) = stream.read(&mut buf).await {
                        if n == 0 || stream.write_all(&buf[..n]).await.is_err() {
                            break;
                        }
                    }
                } else {
                    let answer =
                        "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok";
                    stream.write_all(answer.as_bytes()).await.ok();
                }
            });
        }
    });
    (addr, heads)
}

/// A header's value in a recorded (lower-cased) head.
fn header<'h>(head: &'h str, name: &str) -> Option<&'h str> {
    head.lines()
        .find_map(|line| line.strip_prefix(&format!("{name}: ")))
        .map(str::trim)
}

/// The JSON access-log lines among a server's log lines.
fn access_lines(logs: &str) -> Vec<Value> {
    logs.lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .filter(|line| line["target"] == "gridforge_access")
        .collect()
}

async fn behind(kind: Kind) {
    if !Path::new(kind.binary()).exists() {
        println!("skipped: {} is not installed", kind.binary());
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let (cert, _) = certs::self_signed(dir.path(), "localhost");

    // What the proxy sends upstream, seen by a stand-in.
    let (recorder, heads) = recording_upstream().await;
    let recording_dir = dir.path().join("recording");
    std::fs::create_dir(&recording_dir).unwrap();
    for file in ["cert.pem", "key.pem"] {
        std::fs::copy(dir.path().join(file), recording_dir.join(file)).unwrap();
    }
    let proxy = Proxy::start(kind, recorder, &recording_dir);
    let from3 = client_from("127.0.0.3", &cert);
    let plain = from3
        .get(proxy.url("/anything"))
        .header("x-forwarded-for", "203.0.113.66")
        .send()
        .await
        .unwrap();
    assert_eq!(plain.status(), 200, "{}", proxy.logs());
    let head = heads.lock().unwrap().last().cloned().unwrap();
    assert_eq!(header(&head, "x-forwarded-proto"), Some("https"), "{head}");
    let forwarded = header(&head, "x-forwarded-for").unwrap_or_default();
    assert_eq!(
        forwarded.rsplit(',').next().map(str::trim),
        Some("127.0.0.3"),
        "the proxy names its peer last: {head}"
    );
    // A websocket upgrade goes through, both ways.
    let upgrade = from3
        .get(proxy.url("/socket"))
        .header("connection", "upgrade")
        .header("upgrade", "websocket")
        .header("sec-websocket-version", "13")
        .header("sec-websocket-key", "dGhlIHNhbXBsZSBub25jZQ==")
        .send()
        .await
        .unwrap();
    assert_eq!(upgrade.status(), 101, "{}", proxy.logs());
    let head = heads.lock().unwrap().last().cloned().unwrap();
    assert_eq!(header(&head, "upgrade"), Some("websocket"), "{head}");
    assert_eq!(header(&head, "connection"), Some("upgrade"), "{head}");
    let mut tunnel = upgrade.upgrade().await.unwrap();
    tunnel.write_all(b"ping").await.unwrap();
    let mut echoed = [0u8; 4];
    tokio::time::timeout(Duration::from_secs(10), tunnel.read_exact(&mut echoed))
        .await
        .expect("the echo comes back")
        .unwrap();
    assert_eq!(&echoed, b"ping");
    drop(tunnel);
    drop(proxy);

    // gridforge itself behind the proxy, trusting it (127.0.0.1) only.
    let data = dir.path().join("data");
    std::fs::create_dir(&data).unwrap();
    let db = format!("sqlite://{}", data.join("gridforge.db").display());
    let gridforge = ServerProcess::spawn_exactly(
        &[
            "--database",
            &db,
            "--access-log",
            "json",
            "--trusted-proxy",
            "127.0.0.1",
            "--rate-limit",
            "0.01",
            "--rate-burst",
            "2",
        ],
        &data,
    );
    let upstream: SocketAddr = gridforge
        .base
        .trim_start_matches("http://")
        .parse()
        .unwrap();
    let proxy = Proxy::start(kind, upstream, dir.path());
    let from4 = client_from("127.0.0.4", &cert);
    let spoofed = from3
        .get(proxy.url("/healthz"))
        .header("x-forwarded-for", "203.0.113.66")
        .header("user-agent", "through-the-proxy")
        .send()
        .await
        .unwrap();
    assert_eq!(spoofed.status(), 200, "{}", proxy.logs());
    // The rate limit counts 127.0.0.3 and 127.0.0.4 apart: the forwarded
    // clients, not the proxy.
    let mut statuses = Vec::new();
    for client in [&from3, &from3, &from3, &from4] {
        let answer = client
            .post(proxy.url("/api/triplex/levels/1/start"))
            .send()
            .await
            .unwrap();
        statuses.push(answer.status().as_u16());
    }
    assert_eq!(statuses, [200, 200, 429, 200], "{}", gridforge.logs());
    // Straight to gridforge from an untrusted peer: its header is ignored.
    let direct = reqwest::Client::builder()
        .local_address("127.0.0.2".parse::<IpAddr>().unwrap())
        .no_proxy()
        .build()
        .unwrap()
        .get(gridforge.url("/healthz"))
        .header("x-forwarded-for", "198.51.100.9")
        .header("user-agent", "straight-to-gridforge")
        .send()
        .await
        .unwrap();
    assert_eq!(direct.status(), 200);
    tokio::time::sleep(Duration::from_millis(300)).await;
    drop(proxy);
    let logs = gridforge.terminate();
    let lines = access_lines(&logs);
    let client_of = |agent: &str| -> Vec<String> {
        lines
            .iter()
            .filter(|l| l["user_agent"] == agent)
            .map(|l| l["client"].as_str().unwrap_or_default().to_string())
            .collect()
    };
    assert_eq!(client_of("through-the-proxy"), ["127.0.0.3"], "{logs}");
    assert_eq!(client_of("straight-to-gridforge"), ["127.0.0.2"], "{logs}");
    let starts: Vec<(String, u64)> = lines
        .iter()
        .filter(|l| l["route"] == "/api/triplex/levels/{number}/start")
        .map(|l| {
            (
                l["client"].as_str().unwrap_or_default().to_string(),
                l["status"].as_u64().unwrap_or_default(),
            )
        })
        .collect();
    assert_eq!(
        starts,
        [
            ("127.0.0.3".to_string(), 200),
            ("127.0.0.3".to_string(), 200),
            ("127.0.0.3".to_string(), 429),
            ("127.0.0.4".to_string(), 200)
        ],
        "{logs}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn behind_nginx() {
    behind(Kind::Nginx).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn behind_caddy() {
    behind(Kind::Caddy).await;
}
