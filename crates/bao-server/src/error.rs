//! The server's one error type. Every variant has a machine-readable [`code`](AppError::code) and an HTTP
//! [`http_status`](AppError::http_status): the HTTP API answers it as `{"error": CODE, "message": TEXT}`
//! ([`IntoResponse`]) and a socket sends it as `{"t":"error","code":CODE,"message":TEXT}`
//! ([`crate::protocol::ServerMsg::error`]), so both speak the same codes (protocol.md).

use std::time::Duration;

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use bao_core::Blocked;

use crate::logs;
use crate::protocol::ErrorBody;

/// The code of an HTTP error answer, left in the response's extensions so that the router can count it in
/// `/metrics` (`bao_errors_total`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ErrorCode(pub &'static str);

/// An error answered to a client, over HTTP or a socket.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// 400 `bad_request`: a body that is not the expected JSON.
    #[error("{0}")]
    BadRequest(String),
    /// 400 `unknown_variant`.
    #[error(
        "unknown variant {0:?}; the variants are kujifunza, kiswahili, kiswahili-malawi and kimasai"
    )]
    UnknownVariant(String),
    /// 400 `bad_clock`: a `clock` that is not one of protocol.md's time controls.
    #[error("{0}")]
    BadClock(String),
    /// 400 `bad_position`: a position that bao-core refuses (the `bao` command's message).
    #[error("{0}")]
    BadPosition(String),
    /// 422 `too_complex`: a position whose moves take too long to tell apart to be analysed.
    #[error("this position has a move whose sowing goes on too long to analyse it here")]
    TooComplex,
    /// 400 `bad_message`: a socket message that is not one of the protocol's (or not now).
    #[error("{0}")]
    BadMessage(String),
    /// 403 `not_a_player`: only a seat holder may do that.
    #[error("{0}")]
    NotAPlayer(String),
    /// 403 `forbidden_origin`: a WebSocket opened by a page of another site.
    #[error("this server's games cannot be opened from pages of {0}")]
    ForbiddenOrigin(String),
    /// 404 `not_found`: no game of that id.
    #[error("no such game")]
    NotFound,
    /// 404 `not_found`: no such path under `/api/`.
    #[error("not found")]
    UnknownPath,
    /// 405 `method_not_allowed`.
    #[error("this path does not take that method")]
    MethodNotAllowed,
    /// 409 `seat_taken`: no seat is free.
    #[error("both seats are taken; open the link to watch")]
    SeatTaken,
    /// 409 `game_over`: the game is finished.
    #[error("the game is over")]
    GameOver,
    /// 409 `not_your_turn`.
    #[error("{0}")]
    NotYourTurn(String),
    /// 409 `stale_ply`: the move is for another ply than the game's.
    #[error("{0}")]
    StalePly(String),
    /// 422 `illegal_move`: the message says why and names the legal moves; `reason` is the code of why
    /// (bao-core's [`Blocked`]).
    #[error("{message}")]
    IllegalMove {
        /// For people.
        message: String,
        /// Why the move is illegal.
        reason: Blocked,
    },
    /// 413 `payload_too_large`.
    #[error("the request body is too large")]
    PayloadTooLarge,
    /// 429 `rate_limited`; over HTTP with a `Retry-After` header.
    #[error("{message}")]
    RateLimited {
        /// For people.
        message: &'static str,
        /// When the client may try again.
        retry_after: Duration,
    },
    /// 503 `unavailable`: shutting down, or the room could not be reached.
    #[error("the server is shutting down")]
    Unavailable,
    /// 503 `unavailable`: the database could not take a write (a full disk, a read-only or failing file
    /// system), so nothing was changed. The detail is logged, never sent.
    #[error("the game could not be saved; try again in a moment")]
    NotSaved(String),
    /// 503 `busy`: as many games are in memory as the server is configured to hold.
    #[error("the server holds as many games as it may; try again later")]
    Busy,
    /// 409 `not_finished`: a review asked for a game that is still being played (or waits for a player).
    #[error("the game is not finished; it can be reviewed once it is over")]
    NotFinished,
    /// 503 `busy`: the queue of games waiting for the computer's review is full.
    #[error("the computer has as many games to review as it may; try again later")]
    ReviewsBusy,
    /// 404 `not_found`: no puzzle of that id (or none of that variant).
    #[error("no such puzzle")]
    NoSuchPuzzle,
    /// 500 `internal`: the details are logged, never sent.
    #[error("internal error: {0}")]
    Internal(String),
    /// The server cannot start (a data directory it cannot use); never answered to a client.
    #[error("cannot start: {0}")]
    Startup(String),
}

impl AppError {
    /// Every [`code`](AppError::code), so that `/metrics` can show each one from the start.
    pub const CODES: [&'static str; 21] = [
        "bad_request",
        "unknown_variant",
        "bad_clock",
        "bad_message",
        "not_a_player",
        "forbidden_origin",
        "not_found",
        "method_not_allowed",
        "seat_taken",
        "game_over",
        "not_your_turn",
        "stale_ply",
        "illegal_move",
        "bad_position",
        "too_complex",
        "payload_too_large",
        "rate_limited",
        "unavailable",
        "busy",
        "not_finished",
        "internal",
    ];

    /// A database error; logged when answered, never shown to the client.
    pub fn db(e: impl std::fmt::Display) -> AppError {
        AppError::Internal(format!("database: {e}"))
    }

    /// The machine-readable code.
    pub fn code(&self) -> &'static str {
        match self {
            AppError::BadRequest(_) => "bad_request",
            AppError::UnknownVariant(_) => "unknown_variant",
            AppError::BadClock(_) => "bad_clock",
            AppError::BadMessage(_) => "bad_message",
            AppError::BadPosition(_) => "bad_position",
            AppError::TooComplex => "too_complex",
            AppError::NotAPlayer(_) => "not_a_player",
            AppError::ForbiddenOrigin(_) => "forbidden_origin",
            AppError::NotFound | AppError::UnknownPath | AppError::NoSuchPuzzle => "not_found",
            AppError::MethodNotAllowed => "method_not_allowed",
            AppError::SeatTaken => "seat_taken",
            AppError::GameOver => "game_over",
            AppError::NotYourTurn(_) => "not_your_turn",
            AppError::StalePly(_) => "stale_ply",
            AppError::IllegalMove { .. } => "illegal_move",
            AppError::PayloadTooLarge => "payload_too_large",
            AppError::RateLimited { .. } => "rate_limited",
            AppError::Unavailable | AppError::NotSaved(_) => "unavailable",
            AppError::Busy | AppError::ReviewsBusy => "busy",
            AppError::NotFinished => "not_finished",
            AppError::Internal(_) | AppError::Startup(_) => "internal",
        }
    }

    /// The HTTP status code (named apart from a game's [`Status`](crate::protocol::Status)).
    pub fn http_status(&self) -> StatusCode {
        match self {
            AppError::BadRequest(_)
            | AppError::UnknownVariant(_)
            | AppError::BadClock(_)
            | AppError::BadMessage(_)
            | AppError::BadPosition(_) => StatusCode::BAD_REQUEST,
            AppError::NotAPlayer(_) | AppError::ForbiddenOrigin(_) => StatusCode::FORBIDDEN,
            AppError::NotFound | AppError::UnknownPath | AppError::NoSuchPuzzle => {
                StatusCode::NOT_FOUND
            }
            AppError::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            AppError::SeatTaken
            | AppError::GameOver
            | AppError::NotYourTurn(_)
            | AppError::StalePly(_)
            | AppError::NotFinished => StatusCode::CONFLICT,
            AppError::IllegalMove { .. } | AppError::TooComplex => StatusCode::UNPROCESSABLE_ENTITY,
            AppError::PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            AppError::RateLimited { .. } => StatusCode::TOO_MANY_REQUESTS,
            AppError::Unavailable
            | AppError::NotSaved(_)
            | AppError::Busy
            | AppError::ReviewsBusy => StatusCode::SERVICE_UNAVAILABLE,
            AppError::Internal(_) | AppError::Startup(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// The human-readable message sent to the client (internal details are left out).
    pub fn message(&self) -> String {
        match self {
            AppError::Internal(_) | AppError::Startup(_) => "internal error".into(),
            other => other.to_string(),
        }
    }

    /// What the logs get: the details left out of [`AppError::message`].
    pub fn detail(&self) -> String {
        match self {
            AppError::Internal(d) | AppError::NotSaved(d) | AppError::Startup(d) => d.clone(),
            other => other.to_string(),
        }
    }

    /// Why a move is illegal, for `illegal_move`: the `reason` field of the answer.
    pub fn reason(&self) -> Option<Blocked> {
        match self {
            AppError::IllegalMove { reason, .. } => Some(*reason),
            _ => None,
        }
    }

    /// The JSON body of the HTTP answer.
    pub fn body(&self) -> ErrorBody {
        ErrorBody {
            error: self.code().to_owned(),
            message: self.message(),
            reason: self.reason(),
        }
    }

    /// Logs the error at its level: server-side faults (the client only hears "internal error") as errors,
    /// a full server as a warning, and refusals that are the client's business (4xx) at debug level. Errors
    /// and warnings are rate-limited, so that a client provoking them cannot flood the logs.
    pub fn log(&self) {
        match self {
            AppError::Internal(m) => {
                if let Some(suppressed) = logs::errors().pass() {
                    tracing::error!(suppressed, "{m}");
                }
            }
            AppError::Busy | AppError::ReviewsBusy | AppError::Unavailable => {
                if let Some(suppressed) = logs::warnings().pass() {
                    tracing::warn!(suppressed, code = self.code(), "refused: {self}");
                }
            }
            other => tracing::debug!(code = other.code(), "refused: {other}"),
        }
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        self.log();
        let mut r = (self.http_status(), Json(self.body())).into_response();
        r.extensions_mut().insert(ErrorCode(self.code()));
        if let AppError::RateLimited { retry_after, .. } = self {
            r.headers_mut().insert(
                header::RETRY_AFTER,
                HeaderValue::from(retry_secs(retry_after)),
            );
        }
        r
    }
}

/// `Retry-After` in whole seconds, rounded up and at least 1 (0 would invite an immediate retry).
fn retry_secs(wait: Duration) -> u64 {
    (wait.as_secs() + u64::from(wait.subsec_nanos() > 0)).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_has_its_status() {
        let cases = [
            (AppError::NotFound, "not_found", 404),
            (AppError::Busy, "busy", 503),
            (AppError::Unavailable, "unavailable", 503),
            (AppError::NotSaved("disk full".into()), "unavailable", 503),
            (AppError::SeatTaken, "seat_taken", 409),
            (
                AppError::IllegalMove {
                    message: "x".into(),
                    reason: Blocked::Empty,
                },
                "illegal_move",
                422,
            ),
            (
                AppError::RateLimited {
                    message: "slow down",
                    retry_after: Duration::from_secs(1),
                },
                "rate_limited",
                429,
            ),
            (AppError::UnknownPath, "not_found", 404),
            (AppError::BadPosition("x".into()), "bad_position", 400),
            (AppError::TooComplex, "too_complex", 422),
            (
                AppError::ForbiddenOrigin("x".into()),
                "forbidden_origin",
                403,
            ),
            (AppError::Internal("secret".into()), "internal", 500),
            (AppError::NotFinished, "not_finished", 409),
            (AppError::ReviewsBusy, "busy", 503),
            (AppError::NoSuchPuzzle, "not_found", 404),
        ];
        for (e, code, status) in cases {
            assert_eq!(e.code(), code);
            assert_eq!(e.http_status().as_u16(), status);
        }
    }

    #[test]
    fn every_code_is_listed() {
        let s = || String::new();
        let all = [
            AppError::BadRequest(s()),
            AppError::UnknownVariant(s()),
            AppError::BadMessage(s()),
            AppError::NotAPlayer(s()),
            AppError::ForbiddenOrigin(s()),
            AppError::NotFound,
            AppError::UnknownPath,
            AppError::MethodNotAllowed,
            AppError::SeatTaken,
            AppError::GameOver,
            AppError::NotYourTurn(s()),
            AppError::StalePly(s()),
            AppError::IllegalMove {
                message: s(),
                reason: Blocked::Empty,
            },
            AppError::BadPosition(s()),
            AppError::BadClock(s()),
            AppError::TooComplex,
            AppError::PayloadTooLarge,
            AppError::RateLimited {
                message: "",
                retry_after: Duration::ZERO,
            },
            AppError::Unavailable,
            AppError::NotSaved(s()),
            AppError::Busy,
            AppError::NotFinished,
            AppError::ReviewsBusy,
            AppError::NoSuchPuzzle,
            AppError::Internal(s()),
            AppError::Startup(s()),
        ];
        let codes: std::collections::BTreeSet<&str> = all.iter().map(AppError::code).collect();
        let listed: std::collections::BTreeSet<&str> = AppError::CODES.into_iter().collect();
        assert_eq!(codes, listed);
    }

    #[test]
    fn retry_after_is_whole_seconds_rounded_up() {
        assert_eq!(retry_secs(Duration::ZERO), 1);
        assert_eq!(retry_secs(Duration::from_millis(1)), 1);
        assert_eq!(retry_secs(Duration::from_millis(59_001)), 60);
        let r = AppError::RateLimited {
            message: "x",
            retry_after: Duration::from_millis(2_500),
        }
        .into_response();
        assert_eq!(r.headers()[header::RETRY_AFTER], "3");
    }

    #[test]
    fn internal_details_stay_in_the_logs() {
        let e = AppError::Internal("disk I/O error at /data/bao.db".into());
        assert_eq!(e.message(), "internal error");
        assert!(e.to_string().contains("disk I/O"));
        let e = AppError::NotSaved("cannot store move 3: database or disk is full".into());
        assert_eq!(
            e.message(),
            "the game could not be saved; try again in a moment"
        );
        assert!(e.detail().contains("disk is full"));
    }
}
