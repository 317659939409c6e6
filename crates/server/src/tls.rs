//! HTTPS (issue 42): the certificate chain and private key read from two
//! PEM files (`--tls-cert`, `--tls-key`), served by rustls with the `ring`
//! provider, HTTP/1.1 only (as the plain listener).
//!
//! The files can be read again ([`Tls::reload`], on SIGHUP in `serve`):
//! the server's one rustls configuration asks a resolver for the
//! certificate at each handshake, and a reload swaps what the resolver
//! holds. New handshakes get the new certificate; connections already
//! established keep their session and go on. A reload that fails (a file
//! missing, a key that does not match the certificate) keeps the old
//! certificate and says why.

use rustls::crypto::CryptoProvider;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer};
use rustls::server::{ClientHello, ResolvesServerCert};
use rustls::sign::CertifiedKey;
use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};

/// Where the certificate chain and its private key are read from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TlsFiles {
    /// PEM file with the certificate chain, the server's own first.
    pub cert: PathBuf,
    /// PEM file with the private key (PKCS#8, PKCS#1 or SEC1).
    pub key: PathBuf,
}

/// Why a certificate and key could not be used.
#[derive(Debug, thiserror::Error)]
pub enum TlsError {
    /// A file could not be read or holds no valid PEM.
    #[error("cannot read {what} from {path}: {reason}")]
    Read {
        /// "the certificate chain" or "the private key".
        what: &'static str,
        /// The file.
        path: PathBuf,
        /// What went wrong.
        reason: String,
    },
    /// The certificate file holds no certificate.
    #[error("{0} holds no PEM certificate (-----BEGIN CERTIFICATE-----)")]
    NoCertificate(PathBuf),
    /// The key is of a kind or curve the provider cannot sign with.
    #[error("the private key in {path} cannot be used: {reason}")]
    Key {
        /// The key file.
        path: PathBuf,
        /// What rustls said.
        reason: String,
    },
    /// The key is not the one of the certificate.
    #[error("the private key in {key} does not belong to the certificate in {cert}")]
    Mismatch {
        /// The certificate file.
        cert: PathBuf,
        /// The key file.
        key: PathBuf,
    },
    /// rustls refused the configuration.
    #[error("cannot set up TLS: {0}")]
    Config(String),
}

/// The certificate the next handshake gets; swapped by a reload.
#[derive(Debug)]
struct Current(RwLock<Arc<CertifiedKey>>);

impl ResolvesServerCert for Current {
    fn resolve(&self, _hello: ClientHello<'_>) -> Option<Arc<CertifiedKey>> {
        // A poisoned lock still holds a whole Arc: use it.
        let held = match self.0.read() {
            Ok(held) => held,
            Err(poisoned) => poisoned.into_inner(),
        };
        Some(held.clone())
    }
}

/// A server's TLS: the acceptor for new connections and the files it
/// reloads from.
#[derive(Clone, Debug)]
pub struct Tls {
    files: TlsFiles,
    provider: Arc<CryptoProvider>,
    current: Arc<Current>,
    config: Arc<rustls::ServerConfig>,
}

impl Tls {
    /// Reads the files and builds the configuration; errors say which file
    /// and why.
    pub fn load(files: &TlsFiles) -> Result<Tls, TlsError> {
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let first = certified_key(files, &provider)?;
        let current = Arc::new(Current(RwLock::new(Arc::new(first))));
        let mut config = rustls::ServerConfig::builder_with_provider(provider.clone())
            .with_safe_default_protocol_versions()
            .map_err(|e| TlsError::Config(e.to_string()))?
            .with_no_client_auth()
            .with_cert_resolver(current.clone());
        // The server speaks HTTP/1.1 only (hyper's http1 builder).
        config.alpn_protocols = vec![b"http/1.1".to_vec()];
        Ok(Tls {
            files: files.clone(),
            provider,
            current,
            config: Arc::new(config),
        })
    }

    /// Reads the files again and, if they hold a usable certificate and
    /// key, gives the next handshakes the new certificate. Established
    /// connections are not touched. On an error the old certificate stays.
    pub fn reload(&self) -> Result<(), TlsError> {
        let fresh = Arc::new(certified_key(&self.files, &self.provider)?);
        let mut held = match self.current.0.write() {
            Ok(held) => held,
            Err(poisoned) => poisoned.into_inner(),
        };
        *held = fresh;
        Ok(())
    }

    /// The acceptor for new connections (cheap to clone).
    pub fn acceptor(&self) -> tokio_rustls::TlsAcceptor {
        tokio_rustls::TlsAcceptor::from(self.config.clone())
    }

    /// The files this TLS reads.
    pub fn files(&self) -> &TlsFiles {
        &self.files
    }
}

/// The chain and key of `files`, checked to belong together.
fn certified_key(files: &TlsFiles, provider: &CryptoProvider) -> Result<CertifiedKey, TlsError> {
    let chain = read_chain(&files.cert)?;
    let key = PrivateKeyDer::from_pem_file(&files.key).map_err(|e| TlsError::Read {
        what: "the private key",
        path: files.key.clone(),
        reason: pem_reason(e),
    })?;
    let signing = provider
        .key_provider
        .load_private_key(key)
        .map_err(|e| TlsError::Key {
            path: files.key.clone(),
            reason: e.to_string(),
        })?;
    let certified = CertifiedKey::new(chain, signing);
    match certified.keys_match() {
        Ok(()) => Ok(certified),
        Err(rustls::Error::InconsistentKeys(rustls::InconsistentKeys::KeyMismatch)) => {
            Err(TlsError::Mismatch {
                cert: files.cert.clone(),
                key: files.key.clone(),
            })
        }
        // The key's public half could not be computed (rare key types):
        // rustls cannot tell, so the handshake will.
        Err(_) => Ok(certified),
    }
}

/// Every certificate in the PEM file `path`, in order.
fn read_chain(path: &Path) -> Result<Vec<CertificateDer<'static>>, TlsError> {
    let read = |e| TlsError::Read {
        what: "the certificate chain",
        path: path.to_path_buf(),
        reason: pem_reason(e),
    };
    let chain = CertificateDer::pem_file_iter(path)
        .map_err(read)?
        .collect::<Result<Vec<_>, _>>()
        .map_err(read)?;
    if chain.is_empty() {
        return Err(TlsError::NoCertificate(path.to_path_buf()));
    }
    Ok(chain)
}

/// A PEM error in words (the I/O error's own, or "no key found" and such).
fn pem_reason(error: rustls::pki_types::pem::Error) -> String {
    use rustls::pki_types::pem::Error;
    match error {
        Error::Io(e) => e.to_string(),
        Error::NoItemsFound => "no PEM item of that kind in the file".to_string(),
        other => format!("{other:?}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_and_empty_files_are_named() {
        let dir = std::env::temp_dir().join(format!("gridforge-tls-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let empty = dir.join("empty.pem");
        std::fs::write(&empty, "not a certificate\n").unwrap();
        let files = TlsFiles {
            cert: dir.join("missing.pem"),
            key: empty.clone(),
        };
        let error = Tls::load(&files).unwrap_err().to_string();
        assert!(
            error.contains("missing.pem") && error.contains("certificate chain"),
            "{error}"
        );
        let files = TlsFiles {
            cert: empty.clone(),
            key: empty.clone(),
        };
        let error = Tls::load(&files).unwrap_err().to_string();
        assert!(error.contains("holds no PEM certificate"), "{error}");
        std::fs::remove_dir_all(&dir).ok();
    }
}
