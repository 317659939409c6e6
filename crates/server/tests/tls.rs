//! HTTPS and Unix sockets (issue 42), with real certificates made here
//! (a CA and a server certificate signed by it, by OpenSSL), real rustls
//! clients (reqwest) and a real Unix socket file:
//!
//! - HTTPS answers with the configured certificate; a key that is not the
//!   certificate's is refused at start, naming both files;
//! - a certificate swap under load: clients on kept-alive connections and
//!   clients opening new ones send requests while the files are replaced
//!   and the server reloads them (what SIGHUP calls); no request fails, the
//!   kept connections go on, and new connections get the new certificate;
//! - a Unix socket with the mode asked for, whose peer is trusted as a
//!   proxy: the rate limit keys by the forwarded client.

use gridforge_server::listen::ListenAddr;
use gridforge_server::tls::TlsFiles;
use gridforge_server::{Config, Server};
use openssl::asn1::Asn1Time;
use openssl::bn::BigNum;
use openssl::ec::{EcGroup, EcKey};
use openssl::hash::MessageDigest;
use openssl::nid::Nid;
use openssl::pkey::{PKey, Private};
use openssl::x509::extension::{
    BasicConstraints, ExtendedKeyUsage, KeyUsage, SubjectAlternativeName,
};
use openssl::x509::{X509Builder, X509NameBuilder, X509};
use reqwest::StatusCode;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

#[macro_use]
mod common {
    #[macro_use]
    pub mod harness;
    pub mod postgres;
}
use common::harness::{test_db, Backend};

/// A P-256 key.
fn new_key() -> PKey<Private> {
    let group = EcGroup::from_curve_name(Nid::X9_62_PRIME256V1).unwrap();
    PKey::from_ec_key(EcKey::generate(&group).unwrap()).unwrap()
}

/// A certificate for `subject`'s common name, signed by `issuer` (itself
/// when `None`): a CA, or a server certificate for 127.0.0.1 and localhost.
fn certificate(
    common_name: &str,
    key: &PKey<Private>,
    issuer: Option<(&X509, &PKey<Private>)>,
) -> X509 {
    let mut name = X509NameBuilder::new().unwrap();
    name.append_entry_by_text("CN", common_name).unwrap();
    let name = name.build();
    let mut builder = X509Builder::new().unwrap();
    builder.set_version(2).unwrap();
    let mut serial = BigNum::new().unwrap();
    serial
        .rand(64, openssl::bn::MsbOption::MAYBE_ZERO, false)
        .unwrap();
    builder
        .set_serial_number(&serial.to_asn1_integer().unwrap())
        .unwrap();
    builder.set_subject_name(&name).unwrap();
    builder.set_pubkey(key).unwrap();
    builder
        .set_not_before(&Asn1Time::days_from_now(0).unwrap())
        .unwrap();
    builder
        .set_not_after(&Asn1Time::days_from_now(2).unwrap())
        .unwrap();
    match issuer {
        None => {
            builder.set_issuer_name(&name).unwrap();
            builder
                .append_extension(BasicConstraints::new().critical().ca().build().unwrap())
                .unwrap();
            builder
                .append_extension(
                    KeyUsage::new()
                        .critical()
                        .key_cert_sign()
                        .crl_sign()
                        .build()
                        .unwrap(),
                )
                .unwrap();
            builder.sign(key, MessageDigest::sha256()).unwrap();
        }
        Some((ca, ca_key)) => {
            builder.set_issuer_name(ca.subject_name()).unwrap();
            let san = SubjectAlternativeName::new()
                .ip("127.0.0.1")
                .dns("localhost")
                .build(&builder.x509v3_context(Some(&**ca), None))
                .unwrap();
            builder.append_extension(san).unwrap();
            builder
                .append_extension(ExtendedKeyUsage::new().server_auth().build().unwrap())
                .unwrap();
            builder.sign(ca_key, MessageDigest::sha256()).unwrap();
        }
    }
    builder.build()
}

/// A CA and a server certificate it signed, as PEM.
struct Issued {
    ca_pem: Vec<u8>,
    /// The server certificate (DER), as a client sees it.
    server_der: Vec<u8>,
    /// The chain file's text: the server certificate, then the CA.
    chain_pem: Vec<u8>,
    key_pem: Vec<u8>,
}

fn issue(name: &str) -> Issued {
    let ca_key = new_key();
    let ca = certificate(&format!("{name} test CA"), &ca_key, None);
    let key = new_key();
    let server = certificate(name, &key, Some((&ca, &ca_key)));
    let mut chain_pem = server.to_pem().unwrap();
    chain_pem.extend(ca.to_pem().unwrap());
    Issued {
        ca_pem: ca.to_pem().unwrap(),
        server_der: server.to_der().unwrap(),
        chain_pem,
        key_pem: key.private_key_to_pem_pkcs8().unwrap(),
    }
}

/// Writes `issued` as the files the server reads, each replaced at once
/// (written beside, then renamed), as a certificate tool does.
fn install(issued: &Issued, files: &TlsFiles) {
    for (path, bytes) in [
        (&files.cert, &issued.chain_pem),
        (&files.key, &issued.key_pem),
    ] {
        let fresh = path.with_extension("new");
        std::fs::write(&fresh, bytes).unwrap();
        std::fs::rename(&fresh, path).unwrap();
    }
}

/// A client that trusts the CAs `cas` and reports the server's certificate.
fn client(cas: &[&Issued]) -> reqwest::Client {
    let mut builder = reqwest::Client::builder()
        .use_rustls_tls()
        .tls_info(true)
        .no_proxy()
        .timeout(Duration::from_secs(20));
    for ca in cas {
        builder = builder.add_root_certificate(reqwest::Certificate::from_pem(&ca.ca_pem).unwrap());
    }
    builder.build().unwrap()
}

/// The certificate (DER) the server showed for `response`.
fn peer_certificate(response: &reqwest::Response) -> Vec<u8> {
    response
        .extensions()
        .get::<reqwest::tls::TlsInfo>()
        .and_then(|info| info.peer_certificate())
        .expect("the answer came over TLS")
        .to_vec()
}

/// A server started in this process with `tweak`, stopped by the sender.
async fn start(
    database: &str,
    tweak: impl FnOnce(&mut Config),
) -> (
    Server,
    tokio::sync::oneshot::Sender<()>,
    tokio::sync::oneshot::Receiver<()>,
) {
    let mut config = Config::new("127.0.0.1:0".parse().unwrap(), database);
    // No limits: the swap test's clients send thousands of reads a second
    // from one address, which the read limit (issue 39) would refuse.
    config.rate_per_second = 0.0;
    config.read_rate_per_second = 0.0;
    config.dailies_every = None;
    config.db_connections = 4;
    tweak(&mut config);
    let server = Server::start(&config).await.expect("server starts");
    let (stop, stopped) = tokio::sync::oneshot::channel();
    (server, stop, stopped)
}

/// The TLS files in `dir`.
fn files_in(dir: &Path) -> TlsFiles {
    TlsFiles {
        cert: dir.join("cert.pem"),
        key: dir.join("key.pem"),
    }
}

async fn certificate_swap_under_load(database: &str) {
    let dir = tempfile::tempdir().unwrap();
    let files = files_in(dir.path());
    let old = issue("old.gridforge.test");
    let new = issue("new.gridforge.test");
    install(&old, &files);
    let tls_files = files.clone();
    let (server, stop, stopped) = start(database, |c| c.tls = Some(tls_files)).await;
    let tls = server.tls().expect("the server has TLS");
    let base = format!("https://{}", server.local_addr().unwrap());
    let serving = tokio::spawn(async move {
        server
            .serve(async {
                stopped.await.ok();
            })
            .await
            .unwrap()
    });

    // The handshake works and shows the configured certificate.
    let first = client(&[&old])
        .get(format!("{base}/healthz"))
        .send()
        .await
        .unwrap();
    assert_eq!(first.status(), StatusCode::OK);
    assert_eq!(peer_certificate(&first), old.server_der);
    assert_eq!(first.version(), reqwest::Version::HTTP_11);

    // Load: clients on kept-alive connections, and clients that open a
    // new connection (a new client: no session to resume) per request.
    let running = Arc::new(AtomicBool::new(true));
    let sent = Arc::new(AtomicU64::new(0));
    let failed = Arc::new(AtomicU64::new(0));
    let swapped = Arc::new(AtomicBool::new(false));
    let kept_after_swap = Arc::new(AtomicU64::new(0));
    let mut tasks = Vec::new();
    for kept in [true, true, true, false, false] {
        let (running, sent, failed) = (running.clone(), sent.clone(), failed.clone());
        let (swapped, kept_after_swap) = (swapped.clone(), kept_after_swap.clone());
        let url = format!("{base}/healthz");
        let (old_ca, new_ca) = (issue_ca(&old), issue_ca(&new));
        tasks.push(tokio::spawn(async move {
            let both = [&old_ca, &new_ca];
            let steady = client(&both);
            while running.load(Ordering::Acquire) {
                let fresh;
                let this = if kept {
                    &steady
                } else {
                    fresh = client(&both);
                    &fresh
                };
                let was_swapped = swapped.load(Ordering::Acquire);
                sent.fetch_add(1, Ordering::AcqRel);
                match this.get(&url).send().await {
                    Ok(answer) if answer.status() == StatusCode::OK => {
                        if answer.bytes().await.is_err() {
                            failed.fetch_add(1, Ordering::AcqRel);
                        } else if kept && was_swapped {
                            kept_after_swap.fetch_add(1, Ordering::AcqRel);
                        }
                    }
                    Ok(answer) => {
                        eprintln!("failed: {}", answer.status());
                        failed.fetch_add(1, Ordering::AcqRel);
                    }
                    Err(err) => {
                        eprintln!("failed: {err:?}");
                        failed.fetch_add(1, Ordering::AcqRel);
                    }
                }
            }
        }));
    }
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let before = sent.load(Ordering::Acquire);
    install(&new, &files);
    tls.reload().expect("the new certificate loads");
    swapped.store(true, Ordering::Release);
    tokio::time::sleep(Duration::from_millis(1500)).await;
    running.store(false, Ordering::Release);
    for task in tasks {
        task.await.unwrap();
    }
    let (sent, failed) = (sent.load(Ordering::Acquire), failed.load(Ordering::Acquire));
    println!(
        "certificate swap under load: {sent} requests sent ({before} before the swap), {failed} failed"
    );
    assert_eq!(failed, 0, "requests failed during the swap");
    assert!(
        before >= 20 && sent - before >= 20,
        "too little load: {before}, {sent}"
    );
    assert!(
        kept_after_swap.load(Ordering::Acquire) >= 10,
        "kept-alive connections went on after the swap"
    );

    // A new connection gets the new certificate; a client that trusts only
    // the old CA is refused.
    let after = client(&[&new])
        .get(format!("{base}/healthz"))
        .send()
        .await
        .unwrap();
    assert_eq!(after.status(), StatusCode::OK);
    assert_eq!(peer_certificate(&after), new.server_der);
    let stale = client(&[&old]).get(format!("{base}/healthz")).send().await;
    assert!(stale.is_err(), "a client trusting only the old CA got in");

    // A reload of a broken pair keeps the certificate in use.
    std::fs::write(&files.key, old.key_pem.clone()).unwrap();
    let refused = tls.reload().unwrap_err().to_string();
    assert!(refused.contains("does not belong"), "{refused}");
    let still = client(&[&new])
        .get(format!("{base}/healthz"))
        .send()
        .await
        .unwrap();
    assert_eq!(peer_certificate(&still), new.server_der);

    stop.send(()).ok();
    serving.await.unwrap();
}
on_both_backends!(certificate_swap_under_load);

/// Only the CA of `issued` (clients are moved into tasks).
fn issue_ca(issued: &Issued) -> Issued {
    Issued {
        ca_pem: issued.ca_pem.clone(),
        server_der: Vec::new(),
        chain_pem: Vec::new(),
        key_pem: Vec::new(),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_key_that_is_not_the_certificates_is_refused_at_start() {
    let db = test_db(Backend::Sqlite).await.unwrap();
    let dir = tempfile::tempdir().unwrap();
    let files = files_in(dir.path());
    let one = issue("one.gridforge.test");
    let other = issue("other.gridforge.test");
    std::fs::write(&files.cert, &one.chain_pem).unwrap();
    std::fs::write(&files.key, &other.key_pem).unwrap();
    let mut config = Config::new(
        "127.0.0.1:0".parse::<std::net::SocketAddr>().unwrap(),
        db.url.clone(),
    );
    config.tls = Some(files.clone());
    let error = Server::start(&config)
        .await
        .err()
        .expect("refused")
        .to_string();
    assert!(
        error.contains("does not belong")
            && error.contains("key.pem")
            && error.contains("cert.pem"),
        "{error}"
    );
    std::fs::write(
        &files.key,
        b"-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n",
    )
    .unwrap();
    let error = Server::start(&config)
        .await
        .err()
        .expect("refused")
        .to_string();
    assert!(error.contains("key.pem"), "{error}");
}

/// One HTTP/1.1 request over the Unix socket at `path`: the status.
async fn over_unix(path: &Path, request: &str) -> u16 {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::UnixStream::connect(path).await.unwrap();
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await.unwrap();
    let text = String::from_utf8_lossy(&answer);
    let status = text
        .strip_prefix("HTTP/1.1 ")
        .and_then(|rest| rest.get(..3))
        .unwrap_or_else(|| panic!("not an HTTP answer: {text}"));
    status.parse().unwrap()
}

/// `POST /api/triplex/levels/1/start` over the socket, forwarded for `client`.
async fn start_for(path: &Path, client: &str) -> u16 {
    over_unix(
        path,
        &format!(
            "POST /api/triplex/levels/1/start HTTP/1.1\r\nHost: gridforge\r\n\
             X-Forwarded-For: {client}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
        ),
    )
    .await
}

async fn unix_socket_with_a_mode_and_a_trusted_peer(database: &str) {
    use std::os::unix::fs::{FileTypeExt, PermissionsExt};
    let dir = tempfile::tempdir().unwrap();
    let socket = dir.path().join("gridforge.sock");
    // A socket file left by a server that is gone is replaced.
    drop(std::os::unix::net::UnixListener::bind(&socket).unwrap());
    let (server, stop, stopped) = start(database, |c| {
        c.addr = ListenAddr::Unix(socket.clone());
        c.socket_mode = Some(0o660);
        c.rate_per_second = 0.01;
        c.rate_burst = 2;
    })
    .await;
    assert_eq!(
        server.listen_addr().unwrap(),
        ListenAddr::Unix(socket.clone())
    );
    assert!(server.local_addr().is_err(), "no TCP address on a socket");
    let serving = tokio::spawn(async move {
        server
            .serve(async {
                stopped.await.ok();
            })
            .await
            .unwrap()
    });
    let meta = std::fs::metadata(&socket).unwrap();
    assert!(meta.file_type().is_socket());
    assert_eq!(meta.permissions().mode() & 0o777, 0o660);

    // A second server on the same path is refused while this one answers.
    let mut again = Config::new("127.0.0.1:0".parse().unwrap(), database);
    again.addr = ListenAddr::Unix(socket.clone());
    again.dailies_every = None;
    let refused = Server::start(&again)
        .await
        .err()
        .expect("the socket is in use")
        .to_string();
    assert!(refused.contains("in use"), "{refused}");

    let health = over_unix(
        &socket,
        "GET /healthz HTTP/1.1\r\nHost: gridforge\r\nConnection: close\r\n\r\n",
    )
    .await;
    assert_eq!(health, 200);
    // The rate limit counts per forwarded client: the proxy's peer is
    // trusted on a socket.
    assert_eq!(start_for(&socket, "198.51.100.1").await, 200);
    assert_eq!(start_for(&socket, "198.51.100.1").await, 200);
    assert_eq!(start_for(&socket, "198.51.100.1").await, 429);
    assert_eq!(start_for(&socket, "198.51.100.2").await, 200);

    stop.send(()).ok();
    serving.await.unwrap();
    assert!(!socket.exists(), "the socket file is removed at stop");
}
on_both_backends!(unix_socket_with_a_mode_and_a_trusted_peer);
