//! The one error type of the HTTP API. Every variant maps to a status code and a JSON body
//! `{"error": CODE, "message": TEXT}` (protocol.md).

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;

/// An error answered to an HTTP client.
#[derive(Debug)]
pub enum AppError {
    /// 400 `bad_request`: a body that is not the expected JSON.
    BadRequest(String),
    /// 400 `unknown_variant`.
    UnknownVariant(String),
    /// 404 `not_found`.
    NotFound,
    /// 409 `seat_taken`: no seat is free.
    SeatTaken,
    /// 409 `game_over`: the game is finished.
    GameOver,
    /// 413 `payload_too_large`.
    PayloadTooLarge,
    /// 429 `rate_limited`.
    RateLimited,
    /// 503 `unavailable`: shutting down.
    Unavailable,
    /// 503 `busy`: as many games are in memory as the server is configured to hold.
    Busy,
    /// 500 `internal`: the details are logged, not sent.
    Internal(String),
}

impl AppError {
    /// A database error; logged when answered, never shown to the client.
    pub fn db(e: impl std::fmt::Display) -> AppError {
        AppError::Internal(format!("database: {e}"))
    }

    /// The status code and the machine-readable code.
    pub fn parts(&self) -> (StatusCode, &'static str) {
        match self {
            AppError::BadRequest(_) => (StatusCode::BAD_REQUEST, "bad_request"),
            AppError::UnknownVariant(_) => (StatusCode::BAD_REQUEST, "unknown_variant"),
            AppError::NotFound => (StatusCode::NOT_FOUND, "not_found"),
            AppError::SeatTaken => (StatusCode::CONFLICT, "seat_taken"),
            AppError::GameOver => (StatusCode::CONFLICT, "game_over"),
            AppError::PayloadTooLarge => (StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large"),
            AppError::RateLimited => (StatusCode::TOO_MANY_REQUESTS, "rate_limited"),
            AppError::Unavailable => (StatusCode::SERVICE_UNAVAILABLE, "unavailable"),
            AppError::Busy => (StatusCode::SERVICE_UNAVAILABLE, "busy"),
            AppError::Internal(_) => (StatusCode::INTERNAL_SERVER_ERROR, "internal"),
        }
    }

    /// The human-readable message.
    pub fn message(&self) -> String {
        match self {
            AppError::BadRequest(m) => m.clone(),
            AppError::UnknownVariant(v) => format!(
                "unknown variant {v:?}; the variants are kujifunza, kiswahili, kiswahili-malawi and kimasai"
            ),
            AppError::NotFound => "no such game".into(),
            AppError::SeatTaken => "both seats are taken; open the link to watch".into(),
            AppError::GameOver => "the game is over".into(),
            AppError::PayloadTooLarge => "the request body is too large".into(),
            AppError::RateLimited => "too many requests; try again in a moment".into(),
            AppError::Unavailable => "the server is shutting down".into(),
            AppError::Busy => "the server holds as many games as it may; try again later".into(),
            AppError::Internal(_) => "internal error".into(),
        }
    }
}

impl std::fmt::Display for AppError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AppError::Internal(m) => write!(f, "internal error: {m}"),
            other => f.write_str(&other.message()),
        }
    }
}

impl std::error::Error for AppError {}

/// The JSON body of an error with `code` and `message`.
pub fn error_body(code: &str, message: &str) -> serde_json::Value {
    serde_json::json!({ "error": code, "message": message })
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        if let AppError::Internal(m) = &self {
            tracing::error!("{m}");
        }
        let (status, code) = self.parts();
        (status, Json(error_body(code, &self.message()))).into_response()
    }
}
