//! A request refused or failed, as the page is told: an HTTP status and a
//! message in the page's words, never a trace. Below every other part of
//! the server: the files, the children and the jobs answer with it.

use crate::report::Failure;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

/// A request refused or failed: its status and a message for the page.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    message: String,
}

impl ApiError {
    /// The same status, another message (the paths named as the page
    /// names them).
    pub fn with_message(self, message: String) -> ApiError {
        ApiError { message, ..self }
    }

    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            message: message.into(),
        }
    }

    pub fn forbidden(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::FORBIDDEN,
            message: message.into(),
        }
    }

    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::NOT_FOUND,
            message: message.into(),
        }
    }

    pub fn too_large(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::PAYLOAD_TOO_LARGE,
            message: message.into(),
        }
    }

    /// A file of that name is there already.
    pub fn conflict(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::CONFLICT,
            message: message.into(),
        }
    }

    /// The file's fault: it does not read.
    pub fn invalid(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            message: message.into(),
        }
    }

    /// Too much is asked of the server at once.
    pub fn busy(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::TOO_MANY_REQUESTS,
            message: message.into(),
        }
    }

    /// The private folder is full.
    pub fn insufficient(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::INSUFFICIENT_STORAGE,
            message: message.into(),
        }
    }

    /// Stopped: past its deadline, cancelled, or the server stopping.
    pub fn unavailable(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::SERVICE_UNAVAILABLE,
            message: message.into(),
        }
    }

    /// The server's own trouble (a temporary file, a thread).
    pub fn internal(e: impl std::fmt::Display) -> ApiError {
        ApiError {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            message: e.to_string(),
        }
    }
}

/// What a command's failure is to the page: the file's fault (422, its
/// message with the place) or the request's.
impl From<Failure> for ApiError {
    fn from(f: Failure) -> ApiError {
        let status = match f.status() {
            crate::report::Outcome::Invalid => StatusCode::UNPROCESSABLE_ENTITY,
            _ => StatusCode::BAD_REQUEST,
        };
        ApiError {
            status,
            message: f.message().to_string(),
        }
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(json!({ "error": self.message }))).into_response()
    }
}
