//! Errors: what a request gets back (`{"error": "..."}` with a status), and
//! why the server could not start.

use crate::storage::StoreError;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;
use thiserror::Error;

/// The JSON body of every error response.
#[derive(Debug, Serialize)]
pub struct ErrorBody<'a> {
    /// What went wrong, for people.
    pub error: &'a str,
}

/// An error answer: a status and a message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// What went wrong.
    pub message: String,
}

impl ApiError {
    /// An error with a status and message.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
        }
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
                ApiError::busy(err.to_string())
            }
            other => ApiError::internal("storage failed", &other),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (
            self.status,
            Json(ErrorBody {
                error: &self.message,
            }),
        )
            .into_response()
    }
}

/// Why the server could not start or stopped with an error.
#[derive(Debug, Error)]
pub enum ServerError {
    /// The database could not be opened or migrated.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The Triplex level pack could not be built.
    #[error("cannot build the Triplex level pack: {0}")]
    Pack(String),
    /// Binding or serving the socket failed.
    #[error("{what}: {source}")]
    Io {
        /// What was being done.
        what: String,
        /// The I/O error.
        source: std::io::Error,
    },
}
