//! What the nodes of a cluster say to each other over NATS, all JSON: the requests a node forwards to a
//! game's owner ([`Forwarded`]: a room's [`Request`](crate::room::Request) without its reply channel), the
//! owner's replies ([`Reply`], in the wire form of each request's typed answer), and the events the owner
//! publishes ([`Relayed`]).
//!
//! Only what crosses nodes is here: a room's requests and answers are typed in `room/request.rs`, and turned
//! into these forms at the edge (`cluster/mod.rs`).

use std::sync::Arc;

use axum::extract::ws::Utf8Bytes;
use bao_core::Side;
use bao_protocol::{ErrorBody, SeatPlayer};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use tokio::sync::broadcast;

use crate::error::AppError;
use crate::room::{Action, ActionReply, Event, Greeting};

/// A request to a game's room forwarded to the game's owner: a [`Request`](crate::room::Request) without its
/// reply channel.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum Forwarded {
    /// Is the room there? (a relay's check that the owner lives). Answered `u64`: the version of the last
    /// event the owner published for the game (0: none yet), so that a relay that lost it notices.
    Ping,
    /// A socket says hello (again) with its token and the last version it has. Answered [`Greeted`].
    Hello {
        /// The connection.
        conn: u64,
        /// The hash of its seat token, if any: the token itself stays on the socket's node.
        token_hash: Option<String>,
        /// The last version it has.
        v: u64,
    },
    /// A socket lagged behind: a snapshot. Answered [`Greeted`].
    Resync {
        /// The connection.
        conn: u64,
    },
    /// A socket closed (published, not answered).
    Leave {
        /// The connection.
        conn: u64,
    },
    /// A player's action. Answered [`Acted`].
    Act {
        /// The connection.
        conn: u64,
        /// The action.
        action: Action,
    },
    /// Take the free seat, as `player` if one does, for the token whose hash is `hash` (the token stays on
    /// the node that made it). Answered `Result<Side, Failed>`.
    Join {
        /// The hash of the new seat token.
        hash: String,
        /// The player taking it, if one does.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<SeatPlayer>,
    },
    /// The snapshot. Answered `Box<Snapshot>`.
    Snapshot,
    /// Positions `from..to`. Answered `Result<History, Failed>`.
    History {
        /// The first ply.
        from: u64,
        /// The end (exclusive).
        to: u64,
    },
    /// The game record. Answered `String`.
    Record,
    /// The events after version `v`, for a relay that missed some. Answered `Option<Vec<Relayed>>`.
    Since {
        /// The last version the relay has.
        v: u64,
    },
}

/// The owner's reply to a [`Forwarded`] request: the wire form of its room's answer, or that the room is not
/// there (any more), and the game's owner is to be looked for again.
#[derive(Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reply<T> {
    /// The room's answer.
    Room(T),
    /// The room is gone.
    Gone,
}

/// The wire form of a [`Greeting`]: without its receiver of events (another node's socket gets its node's
/// relay instead).
#[derive(Debug, PartialEq, Serialize, Deserialize)]
pub struct Greeted {
    /// The seat the token holds; `None` for spectators.
    pub you: Option<Side>,
    /// A token was given but holds no seat.
    pub token_rejected: bool,
    /// `welcome` and the missed events, or a snapshot.
    pub messages: Vec<Text>,
    /// The version the messages bring the socket to: later events only are to be sent to it.
    pub v: u64,
}

impl Greeted {
    /// The wire form of `g`.
    pub fn of(g: Greeting) -> Greeted {
        Greeted {
            you: g.you,
            token_rejected: g.token_rejected,
            messages: g.messages.into_iter().map(Text).collect(),
            v: g.v,
        }
    }

    /// The greeting again, its events coming from `rx`.
    pub fn with(self, rx: broadcast::Receiver<Arc<Event>>) -> Greeting {
        Greeting {
            you: self.you,
            token_rejected: self.token_rejected,
            messages: self.messages.into_iter().map(|t| t.0).collect(),
            v: self.v,
            rx,
        }
    }
}

/// The wire form of an [`ActionReply`].
pub type Acted = Result<Option<Text>, Failed>;

/// The wire form of `r`.
pub fn acted(r: ActionReply) -> Acted {
    r.map(|t| t.map(Text)).map_err(Failed)
}

/// The action's reply again.
pub fn action_reply(r: Acted) -> ActionReply {
    r.map(|t| t.map(|t| t.0)).map_err(|f| f.0)
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
        let req = Forwarded::Act {
            conn: 7,
            action: Action::Move {
                ply: 3,
                mv: "A6L".into(),
            },
        };
        let back: Forwarded = decode(&encode(&req).unwrap()).unwrap();
        assert_eq!(back, req);
        let reply = Reply::Room(acted(Err(AppError::IllegalMove {
            message: "no".into(),
            reason: Blocked::Empty,
        })));
        let Reply::Room(Err(Failed(e))) = decode::<Reply<Acted>>(&encode(&reply).unwrap()).unwrap()
        else {
            panic!("an answer");
        };
        assert_eq!(e.code(), "illegal_move");
        assert_eq!(e.reason(), Some(Blocked::Empty));
        assert_eq!(e.message(), "no");
    }

    #[test]
    fn a_room_gone_is_told_apart_from_an_answer_of_nothing() {
        let none: Reply<Option<Vec<Relayed>>> = Reply::Room(None);
        let back: Reply<Option<Vec<Relayed>>> = decode(&encode(&none).unwrap()).unwrap();
        assert_eq!(back, Reply::Room(None));
        let gone: Reply<Option<Vec<Relayed>>> =
            decode(&encode(&Reply::<()>::Gone).unwrap()).unwrap();
        assert_eq!(gone, Reply::Gone);
        let pong: Reply<()> = decode(&encode(&Reply::Room(())).unwrap()).unwrap();
        assert_eq!(pong, Reply::Room(()));
        // A reply of another kind than the request's is no answer: it cannot be read as one.
        assert!(decode::<Reply<String>>(&encode(&Reply::Room(3u64)).unwrap()).is_err());
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
            assert_eq!(back.http_status(), e.http_status());
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
