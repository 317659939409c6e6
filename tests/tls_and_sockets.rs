//! `gridforge serve --tls-cert --tls-key` as the binary runs (issue 42):
//! HTTPS with a certificate made here, and SIGHUP sent to the process
//! after the files were replaced: a connection opened before goes on, new
//! connections get the new certificate. Also the flags' words: one of the
//! pair alone, a bad socket mode from the environment.

#[path = "common/server.rs"]
mod server;
use server::*;

#[path = "common/certs.rs"]
mod certs;

use std::process::Command;
use std::time::{Duration, Instant};

/// A client trusting the certificates `trusted` (PEM), showing the
/// server's certificate in each answer.
fn client_trusting(trusted: &[&[u8]]) -> reqwest::Client {
    let mut builder = reqwest::Client::builder()
        .use_rustls_tls()
        .tls_info(true)
        .no_proxy()
        .timeout(Duration::from_secs(20));
    for pem in trusted {
        builder = builder.add_root_certificate(reqwest::Certificate::from_pem(pem).unwrap());
    }
    builder.build().unwrap()
}

/// The certificate (DER) the server showed.
fn shown(response: &reqwest::Response) -> Vec<u8> {
    response
        .extensions()
        .get::<reqwest::tls::TlsInfo>()
        .and_then(|info| info.peer_certificate())
        .expect("over TLS")
        .to_vec()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sighup_reloads_the_certificate_and_open_connections_go_on() {
    let dir = tempfile::tempdir().unwrap();
    let (old_pem, old_der) = certs::self_signed(dir.path(), "old");
    let db = format!("sqlite://{}", dir.path().join("g.db").display());
    let cert = dir.path().join("cert.pem").display().to_string();
    let key = dir.path().join("key.pem").display().to_string();
    let server = ServerProcess::spawn(
        &["--database", &db, "--tls-cert", &cert, "--tls-key", &key],
        dir.path(),
    );
    assert!(server.base.starts_with("https://"), "{}", server.base);
    let kept = client_trusting(&[old_pem.as_slice()]);
    let first = kept.get(server.url("/healthz")).send().await.unwrap();
    assert_eq!(first.status(), 200);
    assert_eq!(shown(&first), old_der);

    let (new_pem, new_der) = certs::self_signed(dir.path(), "new");
    let status = Command::new("kill")
        .args(["-HUP", &server.child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let deadline = Instant::now() + Duration::from_secs(10);
    while !server.logs().contains("certificate reloaded") {
        assert!(Instant::now() < deadline, "no reload: {}", server.logs());
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // The kept-alive connection of the old certificate still answers.
    let again = kept.get(server.url("/healthz")).send().await.unwrap();
    assert_eq!(again.status(), 200);
    assert_eq!(shown(&again), old_der, "the open connection went on");
    // A new connection gets the new certificate.
    let fresh = client_trusting(&[new_pem.as_slice()])
        .get(server.url("/healthz"))
        .send()
        .await
        .unwrap();
    assert_eq!(fresh.status(), 200);
    assert_eq!(shown(&fresh), new_der);
    let logs = server.terminate();
    assert!(!logs.contains("not reloaded"), "{logs}");
}

#[test]
fn half_a_tls_pair_and_a_bad_socket_mode_are_refused() {
    let out = Command::new(env!("CARGO_BIN_EXE_gridforge"))
        .args(["serve", "--tls-cert", "/nonexistent/cert.pem"])
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{said}");
    assert!(said.contains("--tls-key"), "{said}");
    let out = Command::new(env!("CARGO_BIN_EXE_gridforge"))
        .args(["serve", "--addr", "unix:/nonexistent/g.sock"])
        .env("GRIDFORGE_SOCKET_MODE", "999")
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{said}");
    assert!(said.contains("GRIDFORGE_SOCKET_MODE"), "{said}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn takes_the_socket_systemd_passes() {
    let activate = "/usr/bin/systemd-socket-activate";
    if !std::path::Path::new(activate).exists() {
        println!("skipped: {activate} is not installed");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let db = format!("sqlite://{}", dir.path().join("g.db").display());
    let log = dir.path().join("stderr.log");
    // systemd's own tool: it listens, and on the first connection starts
    // the server with LISTEN_FDS=1 and LISTEN_PID set, as systemd does for
    // gridforge.socket. --addr names a port the server must not use.
    let mut child = Command::new(activate)
        .args(["-l", &format!("127.0.0.1:{port}")])
        .arg(env!("CARGO_BIN_EXE_gridforge"))
        .args(["serve", "--addr", "127.0.0.1:1", "--database", &db])
        .current_dir(dir.path())
        .stdout(std::process::Stdio::null())
        .stderr(std::fs::File::create(&log).unwrap())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(10);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            Instant::now() < deadline,
            "systemd-socket-activate does not listen"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let answer = client()
        .get(format!("http://127.0.0.1:{port}/healthz"))
        .send()
        .await;
    let logs = std::fs::read_to_string(&log).unwrap_or_default();
    Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .ok();
    let exit = child.wait().unwrap();
    let answer = answer.unwrap_or_else(|e| panic!("{e}: {logs}"));
    assert_eq!(answer.status(), 200, "{logs}");
    assert!(logs.contains("using the socket systemd passed"), "{logs}");
    assert!(exit.success(), "{exit}: {logs}");
}
