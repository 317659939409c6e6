//! Where the server listens (issue 42): a TCP address, a Unix socket
//! (`unix:/run/gridforge/gridforge.sock`, with a file mode), or the socket
//! systemd passed (socket activation, `LISTEN_FDS`).
//!
//! A connection on a Unix socket has no IP address: its peer counts as
//! [`UNIX_PEER`] (127.0.0.1), and the server trusts that peer as a proxy
//! (whoever may open the socket file is the proxy in front), so the client
//! is the one the proxy's `X-Forwarded-For` names.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::pin::Pin;
use std::task::{Context, Poll};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
#[cfg(unix)]
use tokio::net::{UnixListener, UnixStream};

/// The address a connection on a Unix socket counts as coming from.
pub const UNIX_PEER: SocketAddr =
    SocketAddr::new(std::net::IpAddr::V4(std::net::Ipv4Addr::LOCALHOST), 0);

/// The prefix of a Unix socket's path in `--addr`.
pub const UNIX_PREFIX: &str = "unix:";

/// What `--addr` names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ListenAddr {
    /// A TCP address (port 0 picks a free port).
    Tcp(SocketAddr),
    /// A Unix socket's path.
    Unix(PathBuf),
}

impl From<SocketAddr> for ListenAddr {
    fn from(addr: SocketAddr) -> ListenAddr {
        ListenAddr::Tcp(addr)
    }
}

impl std::str::FromStr for ListenAddr {
    type Err = String;

    fn from_str(text: &str) -> Result<ListenAddr, String> {
        if let Some(path) = text.strip_prefix(UNIX_PREFIX) {
            if !path.starts_with('/') {
                return Err(format!(
                    "'{text}': a Unix socket needs an absolute path, such as unix:/run/gridforge/gridforge.sock"
                ));
            }
            return Ok(ListenAddr::Unix(PathBuf::from(path)));
        }
        text.parse::<SocketAddr>()
            .map(ListenAddr::Tcp)
            .map_err(|_| {
                format!(
                "'{text}' is not an address such as 127.0.0.1:8080 or [::]:8080, nor unix:/PATH"
            )
            })
    }
}

impl std::fmt::Display for ListenAddr {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ListenAddr::Tcp(addr) => write!(f, "{addr}"),
            ListenAddr::Unix(path) => write!(f, "{UNIX_PREFIX}{}", path.display()),
        }
    }
}

/// A bound listening socket.
#[derive(Debug)]
pub enum Listener {
    /// TCP.
    Tcp(TcpListener),
    /// A Unix socket, and its path when this server made the file (removed
    /// when the listener is dropped).
    #[cfg(unix)]
    Unix(UnixListener, Option<PathBuf>),
}

impl Listener {
    /// Binds `addr`; a Unix socket gets `mode` (such as 0o660) when given.
    /// A socket file left by a server that is gone is replaced; one a
    /// server still answers on is "in use".
    pub async fn bind(addr: &ListenAddr, mode: Option<u32>) -> std::io::Result<Listener> {
        match addr {
            ListenAddr::Tcp(addr) => TcpListener::bind(addr).await.map(Listener::Tcp),
            #[cfg(unix)]
            ListenAddr::Unix(path) => bind_unix(path, mode),
            #[cfg(not(unix))]
            ListenAddr::Unix(_) => Err(std::io::Error::new(
                std::io::ErrorKind::Unsupported,
                "Unix sockets need a Unix system",
            )),
        }
    }

    /// The socket systemd passed (socket activation: `LISTEN_PID` is this
    /// process and `LISTEN_FDS` at least 1), the first one, TCP or Unix;
    /// `None` without one. The variables are removed so that no child
    /// process takes them for its own.
    #[cfg(unix)]
    pub fn from_systemd() -> std::io::Result<Option<Listener>> {
        use std::os::fd::FromRawFd;
        /// systemd's first passed descriptor (`SD_LISTEN_FDS_START`).
        const FIRST_FD: i32 = 3;
        let ours = std::env::var("LISTEN_PID")
            .ok()
            .and_then(|pid| pid.trim().parse::<u32>().ok())
            == Some(std::process::id());
        let count = std::env::var("LISTEN_FDS")
            .ok()
            .and_then(|n| n.trim().parse::<u32>().ok())
            .unwrap_or(0);
        if !ours || count == 0 {
            return Ok(None);
        }
        // Called at start, before the runtime's threads read the
        // environment.
        std::env::remove_var("LISTEN_PID");
        std::env::remove_var("LISTEN_FDS");
        std::env::remove_var("LISTEN_FDNAMES");
        let mut family: libc::sockaddr_storage = unsafe { std::mem::zeroed() };
        let mut len = std::mem::size_of::<libc::sockaddr_storage>() as libc::socklen_t;
        // SAFETY: `family` is a sockaddr_storage of `len` bytes.
        let got =
            unsafe { libc::getsockname(FIRST_FD, std::ptr::addr_of_mut!(family).cast(), &mut len) };
        if got != 0 {
            return Err(std::io::Error::last_os_error());
        }
        if i32::from(family.ss_family) == libc::AF_UNIX {
            // SAFETY: systemd hands this descriptor to this process alone.
            let std_listener = unsafe { std::os::unix::net::UnixListener::from_raw_fd(FIRST_FD) };
            std_listener.set_nonblocking(true)?;
            return Ok(Some(Listener::Unix(
                UnixListener::from_std(std_listener)?,
                None,
            )));
        }
        // SAFETY: as above; a TCP socket (AF_INET or AF_INET6).
        let std_listener = unsafe { std::net::TcpListener::from_raw_fd(FIRST_FD) };
        std_listener.set_nonblocking(true)?;
        Ok(Some(Listener::Tcp(TcpListener::from_std(std_listener)?)))
    }

    /// What the listener is bound to, as `--addr` would name it.
    pub fn local_addr(&self) -> std::io::Result<ListenAddr> {
        match self {
            Listener::Tcp(listener) => listener.local_addr().map(ListenAddr::Tcp),
            #[cfg(unix)]
            Listener::Unix(listener, _) => {
                let addr = listener.local_addr()?;
                let path = addr
                    .as_pathname()
                    .map(Path::to_path_buf)
                    .unwrap_or_default();
                Ok(ListenAddr::Unix(path))
            }
        }
    }

    /// The next connection and its peer ([`UNIX_PEER`] on a Unix socket).
    pub async fn accept(&self) -> std::io::Result<(Stream, SocketAddr)> {
        match self {
            Listener::Tcp(listener) => {
                let (stream, peer) = listener.accept().await?;
                Ok((Stream::Tcp(stream), peer))
            }
            #[cfg(unix)]
            Listener::Unix(listener, _) => {
                let (stream, _) = listener.accept().await?;
                Ok((Stream::Unix(stream), UNIX_PEER))
            }
        }
    }
}

impl Drop for Listener {
    fn drop(&mut self) {
        #[cfg(unix)]
        if let Listener::Unix(_, Some(path)) = self {
            std::fs::remove_file(path).ok();
        }
    }
}

/// Binds a Unix socket at `path`, replacing a stale socket file.
#[cfg(unix)]
fn bind_unix(path: &Path, mode: Option<u32>) -> std::io::Result<Listener> {
    use std::os::unix::fs::{FileTypeExt, PermissionsExt};
    if let Ok(meta) = std::fs::symlink_metadata(path) {
        if !meta.file_type().is_socket() {
            return Err(std::io::Error::new(
                std::io::ErrorKind::AlreadyExists,
                "the path exists and is not a socket",
            ));
        }
        if std::os::unix::net::UnixStream::connect(path).is_ok() {
            return Err(std::io::Error::new(
                std::io::ErrorKind::AddrInUse,
                "a server answers on this socket",
            ));
        }
        // Left by a server that is gone.
        std::fs::remove_file(path)?;
    }
    let listener = UnixListener::bind(path)?;
    if let Some(mode) = mode {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode))?;
    }
    Ok(Listener::Unix(listener, Some(path.to_path_buf())))
}

/// An accepted connection.
#[derive(Debug)]
pub enum Stream {
    /// Over TCP.
    Tcp(TcpStream),
    /// Over a Unix socket.
    #[cfg(unix)]
    Unix(UnixStream),
}

impl AsyncRead for Stream {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        match self.get_mut() {
            Stream::Tcp(s) => Pin::new(s).poll_read(cx, buf),
            #[cfg(unix)]
            Stream::Unix(s) => Pin::new(s).poll_read(cx, buf),
        }
    }
}

impl AsyncWrite for Stream {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        match self.get_mut() {
            Stream::Tcp(s) => Pin::new(s).poll_write(cx, buf),
            #[cfg(unix)]
            Stream::Unix(s) => Pin::new(s).poll_write(cx, buf),
        }
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        match self.get_mut() {
            Stream::Tcp(s) => Pin::new(s).poll_flush(cx),
            #[cfg(unix)]
            Stream::Unix(s) => Pin::new(s).poll_flush(cx),
        }
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        match self.get_mut() {
            Stream::Tcp(s) => Pin::new(s).poll_shutdown(cx),
            #[cfg(unix)]
            Stream::Unix(s) => Pin::new(s).poll_shutdown(cx),
        }
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        match self.get_mut() {
            Stream::Tcp(s) => Pin::new(s).poll_write_vectored(cx, bufs),
            #[cfg(unix)]
            Stream::Unix(s) => Pin::new(s).poll_write_vectored(cx, bufs),
        }
    }

    fn is_write_vectored(&self) -> bool {
        match self {
            Stream::Tcp(s) => s.is_write_vectored(),
            #[cfg(unix)]
            Stream::Unix(s) => s.is_write_vectored(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_parse_and_print_back() {
        let tcp: ListenAddr = "127.0.0.1:8080".parse().unwrap();
        assert_eq!(tcp, ListenAddr::Tcp("127.0.0.1:8080".parse().unwrap()));
        let unix: ListenAddr = "unix:/run/gridforge/gridforge.sock".parse().unwrap();
        assert_eq!(
            unix,
            ListenAddr::Unix(PathBuf::from("/run/gridforge/gridforge.sock"))
        );
        assert_eq!(unix.to_string(), "unix:/run/gridforge/gridforge.sock");
        assert!("unix:relative.sock"
            .parse::<ListenAddr>()
            .unwrap_err()
            .contains("absolute path"));
        assert!("localhost:80"
            .parse::<ListenAddr>()
            .unwrap_err()
            .contains("unix:/PATH"));
    }
}
