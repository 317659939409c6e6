//! `gridforge health`: asks a running server's `/healthz` and exits 0 when
//! it answers 200. For a container's HEALTHCHECK (the image has no curl)
//! and for scripts; plain HTTP only (a server with --tls-cert is probed by
//! the proxy or the orchestrator in front of it).

use gridforge_server::config::DEFAULT_ADDR;
use gridforge_server::listen::ListenAddr;
use std::io::{Read, Write};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::process::ExitCode;
use std::time::Duration;

/// Flags of `gridforge health`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The server's address, as `gridforge serve --addr` takes it (an
    /// unspecified address such as 0.0.0.0 is asked on loopback).
    #[arg(long, env = "GRIDFORGE_ADDR", default_value = DEFAULT_ADDR,
          value_parser = |text: &str| text.trim().parse::<ListenAddr>())]
    addr: ListenAddr,
    /// Seconds to wait for the answer.
    #[arg(long, value_name = "SECONDS", default_value_t = 5.0, value_parser = super::serve::seconds)]
    timeout: f64,
}

/// The request: HTTP/1.0, so the server closes the connection after it.
const REQUEST: &[u8] =
    b"GET /healthz HTTP/1.0\r\nHost: localhost\r\nUser-Agent: gridforge-health\r\n\r\n";

/// Asks `/healthz`; prints the status line; exit 0 on 200, 1 otherwise.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let timeout = Duration::from_secs_f64(args.timeout);
    let answer = match &args.addr {
        ListenAddr::Tcp(addr) => {
            let ip = match addr.ip() {
                IpAddr::V4(v4) if v4.is_unspecified() => IpAddr::V4(Ipv4Addr::LOCALHOST),
                IpAddr::V6(v6) if v6.is_unspecified() => IpAddr::V6(Ipv6Addr::LOCALHOST),
                ip => ip,
            };
            let target = SocketAddr::new(ip, addr.port());
            let mut stream = std::net::TcpStream::connect_timeout(&target, timeout)
                .map_err(|e| anyhow::anyhow!("cannot connect to {target}: {e}"))?;
            stream.set_read_timeout(Some(timeout))?;
            stream.set_write_timeout(Some(timeout))?;
            exchange(&mut stream)?
        }
        #[cfg(unix)]
        ListenAddr::Unix(path) => {
            let mut stream = std::os::unix::net::UnixStream::connect(path)
                .map_err(|e| anyhow::anyhow!("cannot connect to {}: {e}", args.addr))?;
            stream.set_read_timeout(Some(timeout))?;
            stream.set_write_timeout(Some(timeout))?;
            exchange(&mut stream)?
        }
        #[cfg(not(unix))]
        ListenAddr::Unix(_) => anyhow::bail!("Unix sockets need a Unix system"),
    };
    let status_line = answer.lines().next().unwrap_or_default().to_string();
    println!("{status_line}");
    let ok = status_line.split_whitespace().nth(1) == Some("200");
    Ok(if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// Sends the request and reads the answer (at most 64 KiB).
fn exchange(stream: &mut (impl Read + Write)) -> anyhow::Result<String> {
    stream.write_all(REQUEST)?;
    let mut answer = Vec::new();
    stream.take(64 * 1024).read_to_end(&mut answer)?;
    Ok(String::from_utf8_lossy(&answer).into_owned())
}
