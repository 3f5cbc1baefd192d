//! Errors on the wire: the [`ErrorCode`] list (every code of protocol.md, each with its HTTP status) and the
//! HTTP error body ([`ErrorBody`]). A socket's `error` message ([`crate::ServerMsg::Error`]) carries the same
//! codes.

use std::fmt;

use bao_core::Blocked;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::schema;

/// Declares [`ErrorCode`] from one list: each code's variant, its name on the wire and its HTTP status.
macro_rules! codes {
    ($($(#[$doc:meta])* $variant:ident = $name:literal, $status:literal;)*) => {
        /// A machine-readable error code: the `error` of an HTTP error body and the `code` of a socket's
        /// `error` message (protocol.md, "Errors"). Serialised as its name (`"not_found"`); reading a name that
        /// is not in this list fails (a client built with this crate knows the server's list).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        pub enum ErrorCode {
            $(
                $(#[$doc])*
                #[serde(rename = $name)]
                $variant,
            )*
        }

        impl ErrorCode {
            /// Every code, in protocol.md's order of statuses.
            pub const ALL: &'static [ErrorCode] = &[$(ErrorCode::$variant),*];

            /// The name on the wire.
            pub fn as_str(self) -> &'static str {
                match self {
                    $(ErrorCode::$variant => $name,)*
                }
            }

            /// The HTTP status an error of this code is answered with (named apart from a game's
            /// [`Status`](crate::Status)).
            pub fn http_status(self) -> u16 {
                match self {
                    $(ErrorCode::$variant => $status,)*
                }
            }
        }
    };
}

codes! {
    /// A body or query that is not the expected JSON.
    BadRequest = "bad_request", 400;
    /// A variant name that is not one of the four.
    UnknownVariant = "unknown_variant", 400;
    /// A `clock` that is not one of protocol.md's time controls.
    BadClock = "bad_clock", 400;
    /// A position that bao-core refuses (`POST /api/analysis`).
    BadPosition = "bad_position", 400;
    /// A player's name that is not 2 to 20 letters, digits, inner spaces, `-` and `_` of one direction.
    BadName = "bad_name", 400;
    /// A passkey the server cannot accept: the authenticator's answer failed the checks, or it names no
    /// passkey of a player.
    BadPasskey = "bad_passkey", 400;
    /// Passkeys need the site's name: it was reached by an IP address (no valid relying party id).
    PasskeysUnavailable = "passkeys_unavailable", 400;
    /// A socket message that is not one of the protocol's (or not now).
    BadMessage = "bad_message", 400;
    /// The request is not made as a player (no player cookie or `Authorization: Bearer` key, or an unknown
    /// one).
    NoPlayer = "no_player", 401;
    /// Only a seat holder may do that.
    NotAPlayer = "not_a_player", 403;
    /// A seek withdrawn by someone other than its creator.
    NotYourSeek = "not_your_seek", 403;
    /// A WebSocket opened by a page of another site.
    ForbiddenOrigin = "forbidden_origin", 403;
    /// No such game, puzzle or `/api/` path.
    NotFound = "not_found", 404;
    /// A known `/api/` path with another method.
    MethodNotAllowed = "method_not_allowed", 405;
    /// No seat is free.
    SeatTaken = "seat_taken", 409;
    /// The game is over.
    GameOver = "game_over", 409;
    /// A player accepting their own seek.
    OwnSeek = "own_seek", 409;
    /// A move or an offer out of turn.
    NotYourTurn = "not_your_turn", 409;
    /// A move for another ply than the game's.
    StalePly = "stale_ply", 409;
    /// A review asked for a game that is not finished.
    NotFinished = "not_finished", 409;
    /// A seek already accepted or withdrawn (or never opened); a passkey ceremony or a sign-in link used,
    /// expired or revoked.
    Gone = "gone", 410;
    /// A body over the server's limit.
    PayloadTooLarge = "payload_too_large", 413;
    /// A move the rules do not allow (the error's `reason` says why).
    IllegalMove = "illegal_move", 422;
    /// A position whose moves take too long to tell apart to be analysed.
    TooComplex = "too_complex", 422;
    /// Too many requests or messages; over HTTP with a `Retry-After` header.
    RateLimited = "rate_limited", 429;
    /// A fault of the server: the details are logged, never sent.
    Internal = "internal", 500;
    /// Shutting down, or the database cannot take a write: nothing was changed; try again.
    Unavailable = "unavailable", 503;
    /// As many games (or reviews) as the server may hold.
    Busy = "busy", 503;
}

impl ErrorCode {
    /// The code of a wire name, if it is one.
    pub fn parse(name: &str) -> Option<ErrorCode> {
        ErrorCode::ALL.iter().copied().find(|c| c.as_str() == name)
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A code equals its wire name.
impl PartialEq<str> for ErrorCode {
    fn eq(&self, name: &str) -> bool {
        self.as_str() == name
    }
}

/// A code equals its wire name.
impl PartialEq<&str> for ErrorCode {
    fn eq(&self, name: &&str) -> bool {
        self.as_str() == *name
    }
}

/// An HTTP error body.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ErrorBody {
    /// The code (`not_found`, `seat_taken`, ...: see each answer's description).
    #[schema(value_type = String, example = "not_found")]
    pub error: ErrorCode,
    /// For people.
    pub message: String,
    /// Why a move is illegal (`illegal_move` only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<schema::BlockedCode>)]
    pub reason: Option<Blocked>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_is_written_as_its_name_and_parses_back() {
        for &code in ErrorCode::ALL {
            let json = serde_json::to_value(code).unwrap();
            assert_eq!(json, serde_json::json!(code.as_str()));
            assert_eq!(serde_json::from_value::<ErrorCode>(json).unwrap(), code);
            assert_eq!(ErrorCode::parse(code.as_str()), Some(code));
            assert_eq!(code, code.as_str());
            assert!((400..600).contains(&code.http_status()), "{code}");
        }
        assert_eq!(ErrorCode::parse("dance"), None);
        let mut names: Vec<&str> = ErrorCode::ALL.iter().map(|c| c.as_str()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), ErrorCode::ALL.len(), "a name given twice");
    }

    #[test]
    fn an_error_body_reads_as_the_server_writes_it() {
        let body: ErrorBody = serde_json::from_str(
            r#"{"error": "illegal_move", "message": "no", "reason": "empty"}"#,
        )
        .unwrap();
        assert_eq!(body.error, ErrorCode::IllegalMove);
        assert_eq!(body.reason, Some(Blocked::Empty));
        assert_eq!(
            serde_json::to_string(&ErrorBody {
                error: ErrorCode::NotFound,
                message: "no such game".into(),
                reason: None
            })
            .unwrap(),
            r#"{"error":"not_found","message":"no such game"}"#
        );
    }
}
