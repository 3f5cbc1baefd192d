//! What the nodes of a cluster say to each other over NATS: the requests a node forwards to a game's owner
//! and their replies ([`Request`], [`Reply`]), and the events the owner publishes ([`Relayed`]). All JSON.
//!
//! A [`Reply`] is also what a room answers in this process ([`crate::room::handle`]), so the socket and HTTP
//! layers speak to a game the same way whether its room is here or on another node.

use std::sync::Arc;

use axum::extract::ws::Utf8Bytes;
use bao_core::Side;
use bao_protocol::{ErrorBody, History, Phrase, Snapshot};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use tokio::sync::broadcast;

use crate::error::AppError;
use crate::room::Event;

/// A request to a game's room, from a socket or an HTTP handler of any node. Connection ids are unique
/// across nodes (`AppState::next_conn_id`), so the owner's room tells every node's sockets apart.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum Request {
    /// Is the room there? (a relay's check that the owner lives).
    Ping,
    /// A socket says hello (again) with its token and the last version it has.
    Hello {
        /// The connection.
        conn: u64,
        /// Its seat token, if any.
        token: Option<String>,
        /// The last version it has.
        v: u64,
    },
    /// A socket lagged behind: a snapshot.
    Resync {
        /// The connection.
        conn: u64,
    },
    /// A socket closed.
    Leave {
        /// The connection.
        conn: u64,
    },
    /// A move in notation for ply `ply`.
    Move {
        /// The connection.
        conn: u64,
        /// The ply it is for.
        ply: u64,
        /// The move.
        mv: String,
    },
    /// A resignation.
    Resign {
        /// The connection.
        conn: u64,
    },
    /// A rematch offer or acceptance.
    Rematch {
        /// The connection.
        conn: u64,
    },
    /// An abort.
    Abort {
        /// The connection.
        conn: u64,
    },
    /// A takeback offer or acceptance.
    Takeback {
        /// The connection.
        conn: u64,
    },
    /// A takeback declined.
    TakebackDecline {
        /// The connection.
        conn: u64,
    },
    /// A quick message.
    Say {
        /// The connection.
        conn: u64,
        /// The phrase.
        phrase: Phrase,
    },
    /// Take the free seat.
    Join,
    /// The snapshot.
    Snapshot,
    /// Positions `from..to`.
    History {
        /// The first ply.
        from: u64,
        /// The end (exclusive).
        to: u64,
    },
    /// The game record.
    Record,
    /// The events after version `v`, for a relay that missed some.
    Since {
        /// The last version the relay has.
        v: u64,
    },
}

/// A text sent as is: the JSON of a message, serialised once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Text(pub Utf8Bytes);

impl Serialize for Text {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.0.as_str())
    }
}

impl<'de> Deserialize<'de> for Text {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Text, D::Error> {
        Ok(Text(Utf8Bytes::from(String::deserialize(d)?)))
    }
}

/// An error answered by the room, carried between nodes as its HTTP body (code, message, reason).
#[derive(Debug)]
pub struct Failed(pub AppError);

impl Serialize for Failed {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.body().serialize(s)
    }
}

impl<'de> Deserialize<'de> for Failed {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Failed, D::Error> {
        Ok(Failed(AppError::from(ErrorBody::deserialize(d)?)))
    }
}

impl From<AppError> for Failed {
    fn from(e: AppError) -> Failed {
        Failed(e)
    }
}

/// A room's answer to a [`Request`].
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum Reply {
    /// Done, nothing to tell (`ping`, `leave`).
    Done,
    /// The answer to `hello` or `resync`.
    Hello {
        /// The seat the token holds; `None` for spectators.
        you: Option<Side>,
        /// A token was given but holds no seat.
        token_rejected: bool,
        /// `welcome` and the missed events, or a snapshot.
        messages: Vec<Text>,
        /// The version the messages bring the socket to: later events only are to be sent to it.
        v: u64,
        /// The room's events from then on (in the room's process only; another node's socket gets its
        /// node's relay instead).
        #[serde(skip)]
        rx: Option<broadcast::Receiver<Arc<Event>>>,
    },
    /// The answer to a command that changes the game: a text for the sender alone, or nothing.
    Answer {
        /// The answer.
        r: Result<Option<Text>, Failed>,
    },
    /// The seat taken and its token.
    Joined {
        /// The answer.
        r: Result<(Side, String), Failed>,
    },
    /// The snapshot.
    Snapshot {
        /// It.
        game: Box<Snapshot>,
    },
    /// Positions.
    History {
        /// The answer.
        r: Result<History, Failed>,
    },
    /// The record text.
    Record {
        /// It.
        text: String,
    },
    /// The events after a version, or `None` when they are no longer kept.
    Events {
        /// Them.
        events: Option<Vec<Relayed>>,
    },
    /// The room is not here (any more): look for the game's owner again.
    Gone,
}

impl Reply {
    /// An answer of another kind than the request's: a bug.
    pub fn unexpected(&self) -> AppError {
        let kind = match self {
            Reply::Done => "done",
            Reply::Hello { .. } => "hello",
            Reply::Answer { .. } => "answer",
            Reply::Joined { .. } => "joined",
            Reply::Snapshot { .. } => "snapshot",
            Reply::History { .. } => "history",
            Reply::Record { .. } => "record",
            Reply::Events { .. } => "events",
            Reply::Gone => "gone",
        };
        AppError::Internal(format!("unexpected answer from the game's room: {kind}"))
    }
}

/// What the owner publishes on a game's event subject: each event its room sends its sockets, or that the
/// room left this node (its relays close their sockets, which reconnect to wherever the game is now).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum Relayed {
    /// An event.
    Event {
        /// Its version.
        v: u64,
        /// `false` for a message without a version of its own (a quick message).
        versioned: bool,
        /// Its text for everybody.
        json: Text,
        /// Per-seat texts (south, north).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        private: Option<[Text; 2]>,
    },
    /// The room left the owner's memory.
    Closed,
}

impl Relayed {
    /// The wire form of `ev`.
    pub fn of(ev: &Event) -> Relayed {
        Relayed::Event {
            v: ev.v,
            versioned: ev.versioned,
            json: Text(ev.json.clone()),
            private: ev
                .private
                .as_ref()
                .map(|[s, n]| [Text(s.clone()), Text(n.clone())]),
        }
    }

    /// The event again, or `None` for [`Relayed::Closed`].
    pub fn into_event(self) -> Option<Event> {
        match self {
            Relayed::Event {
                v,
                versioned,
                json,
                private,
            } => Some(Event {
                v,
                versioned,
                json: json.0,
                private: private.map(|[s, n]| [s.0, n.0]),
            }),
            Relayed::Closed => None,
        }
    }
}

/// `value` as JSON bytes for NATS.
pub fn encode<T: Serialize>(value: &T) -> Result<bytes::Bytes, AppError> {
    serde_json::to_vec(value)
        .map(bytes::Bytes::from)
        .map_err(|e| AppError::Internal(format!("cannot write a cluster message: {e}")))
}

/// A value from JSON bytes of NATS.
pub fn decode<'a, T: Deserialize<'a>>(bytes: &'a [u8]) -> Result<T, AppError> {
    serde_json::from_slice(bytes)
        .map_err(|e| AppError::Internal(format!("cannot read a cluster message: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use bao_core::Blocked;

    fn text(s: &str) -> Text {
        Text(Utf8Bytes::from(s.to_owned()))
    }

    #[test]
    fn requests_and_replies_cross_the_wire() {
        let req = Request::Move {
            conn: 7,
            ply: 3,
            mv: "A6L".into(),
        };
        let back: Request = decode(&encode(&req).unwrap()).unwrap();
        assert_eq!(back, req);
        let reply = Reply::Answer {
            r: Err(Failed(AppError::IllegalMove {
                message: "no".into(),
                reason: Blocked::Empty,
            })),
        };
        let Reply::Answer { r: Err(Failed(e)) } = decode(&encode(&reply).unwrap()).unwrap() else {
            panic!("an answer");
        };
        assert_eq!(e.code(), "illegal_move");
        assert_eq!(e.reason(), Some(Blocked::Empty));
        assert_eq!(e.message(), "no");
    }

    #[test]
    fn errors_keep_their_codes() {
        let errors = [
            AppError::NotFound,
            AppError::SeatTaken,
            AppError::GameOver,
            AppError::NotYourTurn("wait".into()),
            AppError::StalePly("ply 3".into()),
            AppError::NotAPlayer("watch".into()),
            AppError::BadMessage("hello first".into()),
            AppError::from(crate::store::StoreError::WriterStopped),
            AppError::Busy,
            AppError::Internal("x".into()),
        ];
        for e in errors {
            let back = AppError::from(e.body());
            assert_eq!(back.code(), e.code());
            assert_eq!(back.status(), e.status());
            assert_eq!(back.message(), e.message());
        }
    }

    #[test]
    fn events_keep_their_texts_and_versions() {
        let ev = Event {
            v: 12,
            versioned: true,
            json: Utf8Bytes::from_static("{\"t\":\"rematch\"}"),
            private: Some([
                Utf8Bytes::from_static("south's"),
                Utf8Bytes::from_static("north's"),
            ]),
        };
        let wire = Relayed::of(&ev);
        let back: Relayed = decode(&encode(&wire).unwrap()).unwrap();
        let got = back.into_event().unwrap();
        assert_eq!(got.v, 12);
        assert!(got.versioned);
        assert_eq!(got.json, ev.json);
        assert_eq!(got.text_for(Some(Side::North)).as_str(), "north's");
        let closed: Relayed = decode(&encode(&Relayed::Closed).unwrap()).unwrap();
        assert_eq!(closed, Relayed::Closed);
        assert_eq!(decode::<Text>(b"\"a\"").ok(), Some(text("a")));
    }
}
