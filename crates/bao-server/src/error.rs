//! The server's errors by layer. [`AppError`] is the one error answered to a client: every variant has a
//! machine-readable [`code`](AppError::code) (bao-protocol's [`ErrorCode`], the one list of codes, which also
//! gives each code's HTTP status): the HTTP API answers it as `{"error": CODE, "message": TEXT}`
//! ([`IntoResponse`]) and a socket sends it as `{"t":"error","code":CODE,"message":TEXT}`
//! ([`AppError::server_msg`]), so both speak the same codes (protocol.md). The store's errors
//! ([`StoreError`], which keep the database's error as their source) become an `AppError` whole, and their
//! code is decided here, once. The server's start-up fails with a [`StartupError`], which no client hears.
//!
//! An error is logged where it leaves the server, at its level ([`AppError::log`]): an HTTP answer by the
//! router's error layer (`app.rs`, which reads the [`Answered`] the answer carries), a socket's `error`
//! message by the socket loop (`ws.rs`).

use std::sync::Arc;
use std::time::Duration;

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use bao_core::Blocked;
use bao_protocol::{ErrorBody, ErrorCode, ServerMsg};

use crate::logs;
use crate::store::StoreError;

/// The `Retry-After` of a 503 `unavailable` (and of `/healthz`'s 503): a stopping server is replaced, a
/// game's lease moves to a live node and a database comes back within seconds; sooner would only ask again
/// for the same answer.
pub const RETRY_UNAVAILABLE: Duration = Duration::from_secs(5);

/// The `Retry-After` of a 503 `busy`: a place opens when a game leaves memory or a queued review is done,
/// which takes longer than a stop.
pub const RETRY_BUSY: Duration = Duration::from_secs(30);

/// The error of an HTTP error answer, left in the response's extensions for the router's error layer, which
/// counts it in `/metrics` (`bao_errors_total`) and logs it.
#[derive(Clone, Debug)]
pub struct Answered(pub Arc<AppError>);

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
    /// 400 `bad_name`: a player's name the contract does not allow; the message says why.
    #[error("{0}")]
    BadName(#[from] crate::players::names::BadName),
    /// 400 `bad_name`: a passkey's name that is empty, too long or has control characters.
    #[error("{0}")]
    BadPasskeyName(&'static str),
    /// 400 `bad_passkey`: the authenticator's answer failed the checks (the message says which), or names no
    /// passkey of a player.
    #[error("{0}")]
    BadPasskey(String),
    /// 400 `passkeys_unavailable`: the site was reached by an IP address, which cannot be a relying party id.
    #[error("passkeys need the site's name, not an IP address: open it by its name (http://localhost:PORT for a server on this machine), or start the server with --public-url")]
    PasskeysUnavailable,
    /// 410 `gone`: a passkey ceremony that expired (5 minutes) or was already finished.
    #[error("this passkey request expired or was already answered; start again")]
    CeremonyGone,
    /// 410 `gone`: a sign-in link used, revoked, expired, or never made.
    #[error("this sign-in link no longer works: it was used already, revoked, or is more than a day old")]
    SignInLinkGone,
    /// 404 `not_found`: no passkey of that id among the player's.
    #[error("no such passkey")]
    NoSuchPasskey,
    /// 404 `not_found`: no sign-in link of that id among the player's still good.
    #[error("no such sign-in link")]
    NoSuchSignInLink,
    /// 401 `no_player`: the request is not made as a player.
    #[error("this needs a player: create one (POST /api/players) or send its key")]
    NoPlayer,
    /// 404 `not_found`: no player of that id.
    #[error("no such player")]
    NoSuchPlayer,
    /// 409 `own_seek`: a player accepting their own seek.
    #[error("this is your own seek; another player accepts it")]
    OwnSeek,
    /// 410 `gone`: a seek already accepted or withdrawn (or never opened).
    #[error("this seek is gone: someone accepted it, or its player withdrew it or left")]
    SeekGone,
    /// 404 `not_found`: no tournament of that id.
    #[error("no such tournament")]
    NoSuchTournament,
    /// 410 `gone`: joining a tournament that is over or full.
    #[error("{0}")]
    TournamentClosed(&'static str),
    /// 403 `not_your_seek`: withdrawing another player's seek.
    #[error("only the player who opened a seek may withdraw it")]
    NotYourSeek,
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
    /// 503 `unavailable`: the server is shutting down.
    #[error("the server is shutting down")]
    Unavailable,
    /// 503 `unavailable`: the game's room cannot be reached now (another node holds the game and cannot be
    /// asked, or the game is moving between nodes); the same request may work in a moment. Not worded as a
    /// shutdown: the server is not stopping (issue 31).
    #[error("the game cannot be reached right now; try again in a moment")]
    Unreachable,
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
    /// The store failed: 503 `unavailable` when the database could not take a write (a full disk, a read-only
    /// or failing file system: nothing was changed, try again) or the game's lease moved on, 500 `internal`
    /// otherwise. The detail is logged, never sent.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The error answered by the game's room on another node of the cluster, as its body tells it: the
    /// client hears the owner's code, status, message and reason.
    #[error("{message}")]
    Remote {
        /// The owner's code.
        code: ErrorCode,
        /// The owner's message (already without internal details).
        message: String,
        /// Why a move is illegal (`illegal_move` only).
        reason: Option<Blocked>,
    },
}

/// An error of another node's answer (`cluster/wire.rs`): what its body says, whatever the code.
impl From<ErrorBody> for AppError {
    fn from(b: ErrorBody) -> AppError {
        AppError::Remote {
            code: b.error,
            message: b.message,
            reason: b.reason,
        }
    }
}

impl AppError {
    /// The machine-readable code.
    pub fn code(&self) -> ErrorCode {
        match self {
            AppError::BadRequest(_) => ErrorCode::BadRequest,
            AppError::UnknownVariant(_) => ErrorCode::UnknownVariant,
            AppError::BadClock(_) => ErrorCode::BadClock,
            AppError::BadMessage(_) => ErrorCode::BadMessage,
            AppError::BadPosition(_) => ErrorCode::BadPosition,
            AppError::BadName(_) => ErrorCode::BadName,
            AppError::BadPasskeyName(_) => ErrorCode::BadName,
            AppError::BadPasskey(_) => ErrorCode::BadPasskey,
            AppError::PasskeysUnavailable => ErrorCode::PasskeysUnavailable,
            AppError::CeremonyGone | AppError::SignInLinkGone => ErrorCode::Gone,
            AppError::NoSuchPasskey | AppError::NoSuchSignInLink => ErrorCode::NotFound,
            AppError::NoPlayer => ErrorCode::NoPlayer,
            AppError::NoSuchPlayer => ErrorCode::NotFound,
            AppError::OwnSeek => ErrorCode::OwnSeek,
            AppError::SeekGone | AppError::TournamentClosed(_) => ErrorCode::Gone,
            AppError::NoSuchTournament => ErrorCode::NotFound,
            AppError::NotYourSeek => ErrorCode::NotYourSeek,
            AppError::TooComplex => ErrorCode::TooComplex,
            AppError::NotAPlayer(_) => ErrorCode::NotAPlayer,
            AppError::ForbiddenOrigin(_) => ErrorCode::ForbiddenOrigin,
            AppError::NotFound | AppError::UnknownPath | AppError::NoSuchPuzzle => {
                ErrorCode::NotFound
            }
            AppError::MethodNotAllowed => ErrorCode::MethodNotAllowed,
            AppError::SeatTaken => ErrorCode::SeatTaken,
            AppError::GameOver => ErrorCode::GameOver,
            AppError::NotYourTurn(_) => ErrorCode::NotYourTurn,
            AppError::StalePly(_) => ErrorCode::StalePly,
            AppError::IllegalMove { .. } => ErrorCode::IllegalMove,
            AppError::PayloadTooLarge => ErrorCode::PayloadTooLarge,
            AppError::RateLimited { .. } => ErrorCode::RateLimited,
            AppError::Unavailable | AppError::Unreachable => ErrorCode::Unavailable,
            AppError::Busy | AppError::ReviewsBusy => ErrorCode::Busy,
            AppError::NotFinished => ErrorCode::NotFinished,
            AppError::Internal(_) => ErrorCode::Internal,
            AppError::Store(e) => match e {
                StoreError::NotSaved { .. }
                | StoreError::LeaseLost { .. }
                | StoreError::WriterStopped => ErrorCode::Unavailable,
                e if e.is_outage() => ErrorCode::Unavailable,
                StoreError::Refused { .. }
                | StoreError::Read(_)
                | StoreError::BadRow(_)
                | StoreError::Open { .. } => ErrorCode::Internal,
            },
            AppError::Remote { code, .. } => *code,
        }
    }

    /// The HTTP status code: its code's ([`ErrorCode::http_status`]; named apart from a game's `Status`).
    pub fn http_status(&self) -> StatusCode {
        StatusCode::from_u16(self.code().http_status()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
    }

    /// The human-readable message sent to the client (internal details are left out).
    pub fn message(&self) -> String {
        match self {
            AppError::Internal(_) => "internal error".into(),
            AppError::Store(e) if e.is_outage() => {
                "the database cannot be reached; try again in a moment".into()
            }
            AppError::Store(_) if self.code() == ErrorCode::Unavailable => {
                "the game could not be saved; try again in a moment".into()
            }
            AppError::Store(_) => "internal error".into(),
            other => other.to_string(),
        }
    }

    /// What the logs get: the details left out of [`AppError::message`].
    pub fn detail(&self) -> String {
        match self {
            AppError::Internal(d) => d.clone(),
            AppError::Store(e) => logs::chain(e),
            AppError::Remote { code, message, .. } => {
                format!("the game's node answered {code}: {message}")
            }
            other => other.to_string(),
        }
    }

    /// Why a move is illegal, for `illegal_move`: the `reason` field of the answer.
    pub fn reason(&self) -> Option<Blocked> {
        match self {
            AppError::IllegalMove { reason, .. } => Some(*reason),
            AppError::Remote { reason, .. } => *reason,
            _ => None,
        }
    }

    /// How long a client is to wait before it tries again (over HTTP, `Retry-After`): a rate-limited one,
    /// and every 503.
    fn retry_after(&self) -> Option<Duration> {
        match (self, self.code()) {
            (AppError::RateLimited { retry_after, .. }, _) => Some(*retry_after),
            // The owner's wait is not in its body.
            (_, ErrorCode::RateLimited) => Some(Duration::from_secs(1)),
            (_, ErrorCode::Unavailable) => Some(RETRY_UNAVAILABLE),
            (_, ErrorCode::Busy) => Some(RETRY_BUSY),
            _ => None,
        }
    }

    /// The JSON body of the HTTP answer.
    pub fn body(&self) -> ErrorBody {
        ErrorBody {
            error: self.code(),
            message: self.message(),
            reason: self.reason(),
        }
    }

    /// The socket's `error` message, with the same code and message as the HTTP answer.
    pub fn server_msg(&self) -> ServerMsg {
        ServerMsg::Error {
            code: self.code(),
            message: self.message(),
            reason: self.reason(),
        }
    }

    /// Logs the error at its level: server-side faults (the client only hears "internal error") as errors,
    /// a full or stopping server as a warning, and refusals that are the client's business (4xx) and writes
    /// the database could not take (the store logs those once, when writes start failing) at debug level.
    /// Errors and warnings are rate-limited, so that a client provoking them cannot flood the logs.
    pub fn log(&self) {
        let code = self.code();
        match self {
            _ if code == ErrorCode::Internal => {
                if let Some(suppressed) = logs::errors().pass() {
                    tracing::error!(suppressed, "{}", self.detail());
                }
            }
            AppError::Busy
            | AppError::ReviewsBusy
            | AppError::Unavailable
            | AppError::Unreachable
            | AppError::Remote {
                code: ErrorCode::Busy,
                ..
            } => {
                if let Some(suppressed) = logs::warnings().pass() {
                    tracing::warn!(suppressed, code = code.as_str(), "refused: {self}");
                }
            }
            other => tracing::debug!(code = code.as_str(), "refused: {other}"),
        }
    }
}

impl IntoResponse for AppError {
    /// The JSON answer; the error itself goes along in the extensions ([`Answered`]), to be counted and logged
    /// by the router's error layer.
    fn into_response(self) -> Response {
        let mut r = (self.http_status(), Json(self.body())).into_response();
        if let Some(wait) = self.retry_after() {
            r.headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(retry_secs(wait)));
        }
        r.extensions_mut().insert(Answered(Arc::new(self)));
        r
    }
}

/// `Retry-After` in whole seconds, rounded up and at least 1 (0 would invite an immediate retry).
pub fn retry_secs(wait: Duration) -> u64 {
    (wait.as_secs() + u64::from(wait.subsec_nanos() > 0)).max(1)
}

/// Why the server cannot start (`app::serve`, and the listener in `main.rs`): logged once with its sources
/// ([`logs::chain`]) before the process exits with status 1; never answered to a client.
#[derive(Debug, thiserror::Error)]
pub enum StartupError {
    /// The configuration cannot be used as it is (`--database-url`, `--nats-url`).
    #[error("cannot start: {0}")]
    Config(String),
    /// The address to listen on cannot be bound.
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        /// `--bind`.
        addr: String,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// The database cannot be opened, checked, migrated or written; the message names it and the fault.
    #[error("cannot start: {0}")]
    Store(#[from] StoreError),
    /// The NATS server of `--nats-url` does not answer.
    #[error("cannot start: cannot connect to NATS at {url} (--nats-url): {source}")]
    Nats {
        /// `--nats-url`.
        url: String,
        /// Why.
        #[source]
        source: async_nats::ConnectError,
    },
    /// The unfinished games cannot be loaded back into memory.
    #[error("cannot start: cannot load the unfinished games: {}", .0.detail())]
    Preload(#[source] AppError),
    /// The listener has no local address.
    #[error("cannot start: the listener has no address: {0}")]
    Listener(#[source] std::io::Error),
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A store error of each kind.
    fn store_errors() -> Vec<StoreError> {
        let db = || Arc::new(sqlx::Error::PoolTimedOut);
        vec![
            StoreError::NotSaved {
                what: "store move 3 of game x".into(),
                hint: " (the disk is full)",
                source: Arc::new(sqlx::Error::Protocol("database or disk is full".into())),
            },
            StoreError::LeaseLost {
                what: "store move 3 of game x".into(),
            },
            StoreError::WriterStopped,
            StoreError::Refused {
                what: "store move 3 of game x".into(),
                source: db(),
            },
            StoreError::Read(Arc::new(sqlx::Error::RowNotFound)),
            StoreError::BadRow("game x: unknown status \"lost\" in the database".into()),
            StoreError::open("the database /data/bao.db is damaged".into()),
            // A read of a database that does not answer: an outage, which may be over in a moment.
            StoreError::Read(db()),
        ]
    }

    /// One error of every variant (and of every kind of store error).
    fn every_error() -> Vec<AppError> {
        let s = || "x".to_owned();
        let mut all = vec![
            AppError::BadRequest(s()),
            AppError::UnknownVariant(s()),
            AppError::BadClock(s()),
            AppError::BadPosition(s()),
            AppError::BadName(crate::players::names::BadName::Length),
            AppError::BadPasskeyName("x"),
            AppError::BadPasskey(s()),
            AppError::PasskeysUnavailable,
            AppError::CeremonyGone,
            AppError::SignInLinkGone,
            AppError::NoSuchPasskey,
            AppError::NoSuchSignInLink,
            AppError::NoPlayer,
            AppError::NoSuchPlayer,
            AppError::OwnSeek,
            AppError::SeekGone,
            AppError::NoSuchTournament,
            AppError::TournamentClosed("x"),
            AppError::NotYourSeek,
            AppError::TooComplex,
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
                reason: Blocked::Singleton,
            },
            AppError::PayloadTooLarge,
            AppError::RateLimited {
                message: "slow down",
                retry_after: Duration::from_secs(2),
            },
            AppError::Unavailable,
            AppError::Unreachable,
            AppError::Busy,
            AppError::NotFinished,
            AppError::ReviewsBusy,
            AppError::NoSuchPuzzle,
            AppError::Internal("secret".into()),
            AppError::Remote {
                code: ErrorCode::SeatTaken,
                message: s(),
                reason: None,
            },
        ];
        all.extend(store_errors().into_iter().map(AppError::from));
        // Fails to compile when a variant is added without being added above.
        for e in &all {
            match e {
                AppError::BadRequest(_)
                | AppError::UnknownVariant(_)
                | AppError::BadClock(_)
                | AppError::BadPosition(_)
                | AppError::BadName(_)
                | AppError::BadPasskeyName(_)
                | AppError::BadPasskey(_)
                | AppError::PasskeysUnavailable
                | AppError::CeremonyGone
                | AppError::SignInLinkGone
                | AppError::NoSuchPasskey
                | AppError::NoSuchSignInLink
                | AppError::NoPlayer
                | AppError::NoSuchPlayer
                | AppError::OwnSeek
                | AppError::SeekGone
                | AppError::NoSuchTournament
                | AppError::TournamentClosed(_)
                | AppError::NotYourSeek
                | AppError::TooComplex
                | AppError::BadMessage(_)
                | AppError::NotAPlayer(_)
                | AppError::ForbiddenOrigin(_)
                | AppError::NotFound
                | AppError::UnknownPath
                | AppError::MethodNotAllowed
                | AppError::SeatTaken
                | AppError::GameOver
                | AppError::NotYourTurn(_)
                | AppError::StalePly(_)
                | AppError::IllegalMove { .. }
                | AppError::PayloadTooLarge
                | AppError::RateLimited { .. }
                | AppError::Unavailable
                | AppError::Unreachable
                | AppError::Busy
                | AppError::NotFinished
                | AppError::ReviewsBusy
                | AppError::NoSuchPuzzle
                | AppError::Internal(_)
                | AppError::Store(_)
                | AppError::Remote { .. } => {}
            }
        }
        all
    }

    #[test]
    fn every_code_has_its_status() {
        let cases = [
            (AppError::NotFound, "not_found", 404),
            (AppError::Busy, "busy", 503),
            (AppError::Unavailable, "unavailable", 503),
            (AppError::Unreachable, "unavailable", 503),
            (store_errors().swap_remove(0).into(), "unavailable", 503),
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
            (AppError::BadPasskey("x".into()), "bad_passkey", 400),
            (AppError::PasskeysUnavailable, "passkeys_unavailable", 400),
            (AppError::CeremonyGone, "gone", 410),
            (AppError::SignInLinkGone, "gone", 410),
            (AppError::NoSuchPasskey, "not_found", 404),
            (AppError::BadPasskeyName("x"), "bad_name", 400),
        ];
        for (e, code, status) in cases {
            assert_eq!(e.code(), code);
            assert_eq!(e.http_status().as_u16(), status);
        }
    }

    #[test]
    fn every_code_is_listed() {
        let codes: std::collections::BTreeSet<ErrorCode> =
            every_error().iter().map(AppError::code).collect();
        let listed: std::collections::BTreeSet<ErrorCode> =
            ErrorCode::ALL.iter().copied().collect();
        assert_eq!(codes, listed);
    }

    #[test]
    fn the_store_errors_are_unavailable_when_a_write_may_work_again_and_internal_otherwise() {
        let codes: Vec<ErrorCode> = store_errors()
            .into_iter()
            .map(|e| AppError::from(e).code())
            .collect();
        use ErrorCode::{Internal, Unavailable};
        assert_eq!(
            codes,
            [
                Unavailable,
                Unavailable,
                Unavailable,
                Internal,
                Internal,
                Internal,
                Internal,
                Unavailable
            ]
        );
    }

    /// What a node answers for a game whose room is on another node: the owner's error, carried as its body
    /// (`cluster/wire.rs`), must reach the client with the same code, status, message and reason.
    #[test]
    fn every_error_crosses_the_wire_as_itself() {
        for e in every_error() {
            let json = serde_json::to_string(&e.body()).unwrap();
            let back = AppError::from(serde_json::from_str::<ErrorBody>(&json).unwrap());
            assert_eq!(back.code(), e.code(), "{e:?}");
            assert_eq!(back.http_status(), e.http_status(), "{e:?}");
            assert_eq!(back.message(), e.message(), "{e:?}");
            assert_eq!(back.reason(), e.reason(), "{e:?}");
            assert_eq!(
                back.retry_after().is_some(),
                e.retry_after().is_some(),
                "{e:?}"
            );
            assert_eq!(
                serde_json::to_value(back.server_msg()).unwrap(),
                serde_json::to_value(e.server_msg()).unwrap()
            );
        }
    }

    /// Every 503 tells when to try again, whichever error and whichever node answered it; no other status
    /// but 429 does.
    #[test]
    fn every_503_carries_retry_after() {
        let mut codes = std::collections::BTreeSet::new();
        for e in every_error()
            .into_iter()
            .chain(ErrorCode::ALL.iter().map(|&code| AppError::Remote {
                code,
                message: "x".into(),
                reason: None,
            }))
        {
            let status = e.http_status().as_u16();
            let code = e.code();
            let r = e.into_response();
            let wait = r.headers().get(header::RETRY_AFTER);
            match status {
                503 => {
                    let secs: u64 = wait
                        .unwrap_or_else(|| panic!("{code} has no Retry-After"))
                        .to_str()
                        .unwrap()
                        .parse()
                        .unwrap();
                    assert!(secs >= 1, "{code}");
                    codes.insert(code);
                }
                429 => assert!(wait.is_some(), "{code}"),
                _ => assert!(wait.is_none(), "{code}: Retry-After with {status}"),
            }
        }
        let all_503: std::collections::BTreeSet<ErrorCode> = ErrorCode::ALL
            .iter()
            .copied()
            .filter(|c| c.http_status() == 503)
            .collect();
        assert_eq!(codes, all_503);
        assert_eq!(all_503.len(), 2, "busy and unavailable");
        let r = AppError::Busy.into_response();
        assert_eq!(r.headers()[header::RETRY_AFTER], "30");
        let r = AppError::Unavailable.into_response();
        assert_eq!(r.headers()[header::RETRY_AFTER], "5");
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
    fn an_answer_carries_its_error_for_the_error_layer() {
        let r = AppError::SeatTaken.into_response();
        let Some(Answered(e)) = r.extensions().get::<Answered>() else {
            panic!("no error in the answer's extensions");
        };
        assert_eq!(e.code(), ErrorCode::SeatTaken);
    }

    #[test]
    fn internal_details_stay_in_the_logs() {
        let e = AppError::Internal("disk I/O error at /data/bao.db".into());
        assert_eq!(e.message(), "internal error");
        assert!(e.to_string().contains("disk I/O"));
        let e = AppError::from(store_errors().swap_remove(0));
        assert_eq!(
            e.message(),
            "the game could not be saved; try again in a moment"
        );
        assert!(e.detail().contains("disk is full"));
        let e = AppError::from(StoreError::Read(Arc::new(sqlx::Error::Protocol(
            "no such table: games".into(),
        ))));
        assert_eq!(e.message(), "internal error");
        assert!(e.detail().contains("no such table"), "{}", e.detail());
    }
}
