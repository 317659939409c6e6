//! Errors: what a request gets back (`{"error": "..."}` with a status, and
//! the marks the breaker and the metrics read off it), and why the server
//! could not start.

use crate::storage::StoreError;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;
use thiserror::Error;

/// The JSON body of every error response.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = Error)]
pub struct ErrorBody<'a> {
    /// What went wrong, for people.
    pub error: &'a str,
}

/// Put in an answer's extensions when the database was unavailable (busy
/// past the acquire timeout, or unreachable) while answering it; the circuit
/// breaker (`crate::breaker`) opens on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DatabaseDown;

/// Why a solve submission was refused, or that it was accepted; a handler
/// puts it in the answer's extensions (through [`ApiError::because`]) and
/// the metrics (`crate::telemetry::count_solves`) count it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SolveOutcome(pub &'static str);

/// An error answer: a status and a message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// What went wrong.
    pub message: String,
    /// Why a solve was refused, for the metrics: the answer carries it as
    /// a [`SolveOutcome`].
    pub reason: Option<&'static str>,
    /// The database was unavailable: the answer carries [`DatabaseDown`].
    pub database_down: bool,
    /// Seconds the client should wait before asking again (`Retry-After`).
    pub retry_after: Option<u64>,
    /// Why a limit refused the request ([`crate::limits::refusal`]): the
    /// answer carries it as a [`Refusal`], for the metrics.
    pub refusal: Option<&'static str>,
}

/// Carried by an answer a limit refused: why
/// ([`crate::limits::refusal`]), counted by `gridforge_refused_total`.
#[derive(Debug, Clone, Copy)]
pub struct Refusal(pub &'static str);

impl ApiError {
    /// An error with a status and message.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
            reason: None,
            database_down: false,
            retry_after: None,
            refusal: None,
        }
    }

    /// A limit's refusal (429 or 503): `reason` for the metrics, and
    /// `Retry-After: retry_after`.
    pub fn refused(
        status: StatusCode,
        message: impl Into<String>,
        reason: &'static str,
        retry_after: u64,
    ) -> ApiError {
        ApiError {
            retry_after: Some(retry_after),
            refusal: Some(reason),
            ..ApiError::new(status, message)
        }
    }

    /// The same error, labelled with why a solve was refused (counted by
    /// `gridforge_triplex_solves_total{outcome}`).
    pub fn because(mut self, reason: &'static str) -> ApiError {
        self.reason = Some(reason);
        self
    }

    /// 400: the request is not usable as given.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// 404: no such thing.
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, message)
    }

    /// 422: well formed, but the content is wrong (a placement that does not
    /// solve the level, a puzzle with a broken rule).
    pub fn unprocessable(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, message)
    }

    /// 503: the server is overloaded; try again later.
    pub fn busy(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, message)
    }

    /// 500: a fault of the server, logged; the client sees a generic message.
    pub fn internal(what: &str, err: &dyn std::fmt::Display) -> ApiError {
        tracing::error!(%err, "{what}");
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal server error")
    }
}

impl From<StoreError> for ApiError {
    fn from(err: StoreError) -> ApiError {
        match err {
            StoreError::Busy(_) => {
                tracing::warn!(%err, "database busy");
                ApiError {
                    database_down: true,
                    ..ApiError::busy(err.to_string())
                }
            }
            StoreError::Unavailable(_) => {
                tracing::warn!(%err, "database unavailable");
                ApiError {
                    database_down: true,
                    ..ApiError::busy("the database is unavailable; try again shortly")
                }
            }
            other => ApiError::internal("storage failed", &other),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (
            self.status,
            Json(ErrorBody {
                error: &self.message,
            }),
        )
            .into_response();
        if self.database_down {
            response.extensions_mut().insert(DatabaseDown);
        }
        if let Some(reason) = self.reason {
            response.extensions_mut().insert(SolveOutcome(reason));
        }
        if let Some(seconds) = self.retry_after {
            response
                .headers_mut()
                .insert(axum::http::header::RETRY_AFTER, seconds.into());
        }
        if let Some(reason) = self.refusal {
            response.extensions_mut().insert(Refusal(reason));
        }
        response
    }
}

/// Why the server could not start or stopped with an error.
#[derive(Debug, Error)]
pub enum ServerError {
    /// The database could not be opened or migrated.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The database could not be opened, migrated or written at start.
    /// The cause is part of the message and not a `source`, so that the
    /// error prints as one line without the cause's own chain repeating it.
    #[error("{what}: {cause}")]
    Database {
        /// What was being done, with the database (its password hidden).
        what: String,
        /// The storage error.
        cause: StoreError,
    },
    /// The account settings (`--public-url`) cannot be used.
    #[error(transparent)]
    Accounts(#[from] crate::passkeys::AccountsError),
    /// The TLS certificate or key cannot be used (the message names the
    /// file).
    #[error(transparent)]
    Tls(#[from] crate::tls::TlsError),
    /// The metrics recorder could not be installed.
    #[error("cannot start the metrics: {0}")]
    Metrics(String),
    /// A family's level pack could not be built (the message names it).
    #[error("cannot build a level pack: {0}")]
    Pack(String),
    /// Binding or serving the socket failed. As with `Database`, the cause
    /// is part of the message and not a `source`, so it is said once.
    #[error("{what}: {cause}")]
    Io {
        /// What was being done.
        what: String,
        /// The I/O error.
        cause: std::io::Error,
    },
}

/// A database URL fit for a log or an error message: a password in it is
/// replaced by `***`.
pub fn redacted_url(url: &str) -> String {
    let Some(scheme_end) = url.find("://").map(|i| i + 3) else {
        return url.to_string();
    };
    let rest = &url[scheme_end..];
    let authority_end = rest.find('/').unwrap_or(rest.len());
    let Some(at) = rest[..authority_end].rfind('@') else {
        return url.to_string();
    };
    match rest[..at].find(':') {
        Some(colon) => format!(
            "{}{}:***{}",
            &url[..scheme_end],
            &rest[..colon],
            &rest[at..]
        ),
        None => url.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::redacted_url;

    #[test]
    fn passwords_are_hidden() {
        assert_eq!(
            redacted_url("postgres://u:secret@h:5432/db?x=1"),
            "postgres://u:***@h:5432/db?x=1"
        );
        assert_eq!(redacted_url("postgres://u@h/db"), "postgres://u@h/db");
        assert_eq!(redacted_url("sqlite://a/b.db"), "sqlite://a/b.db");
        assert_eq!(redacted_url("sqlite:x.db"), "sqlite:x.db");
    }
}
