//! The wire of the Bao server (docs/protocol.md): what clients send ([`ClientMsg`]), what the server sends
//! ([`ServerMsg`], the [`Snapshot`] of a game), the HTTP bodies, the clock values ([`clock`]), the error codes
//! ([`ErrorCode`], [`ErrorBody`]) and the small enums they use (game [`Status`], [`SeatKind`], result
//! [`Reason`]).
//!
//! Every message is built from these types and serialised by serde, never by hand; the server, the load
//! generator and the tests use the same types. They all deserialise too, so that a client written in Rust
//! reads what the server writes. Each type also describes itself for the server's OpenAPI document
//! (utoipa's `ToSchema`); the JSON of bao-core's and bao-ai's own types is described by hand in [`schema`].
//!
//! This crate depends on the rules (bao-core, bao-ai for the computer's levels), serde and utoipa only: no
//! server, no runtime, no database.
//!
//! ```
//! use bao_protocol::{ClientMsg, ErrorCode, ServerMsg};
//!
//! let msg: ClientMsg = serde_json::from_str(r#"{"t": "move", "ply": 0, "move": "A6L"}"#)?;
//! assert_eq!(msg, ClientMsg::Move { ply: 0, mv: "A6L".into() });
//!
//! let refused: ServerMsg = serde_json::from_str(
//!     r#"{"t": "error", "code": "not_your_turn", "message": "wait for north"}"#,
//! )?;
//! let ServerMsg::Error { code, .. } = refused else { unreachable!() };
//! assert_eq!((code, code.http_status()), (ErrorCode::NotYourTurn, 409));
//! # Ok::<(), serde_json::Error>(())
//! ```
//!
//! `socket.rs` holds the WebSocket messages, `http.rs` the HTTP bodies of games, `analysis.rs` those of the
//! rules help, `review.rs` those of reviews and puzzles, `error.rs` the error codes; all are re-exported here.

mod analysis;
pub mod clock;
mod error;
mod http;
mod lobby;
mod mistakes;
mod players;
mod puzzles;
mod review;
pub mod schema;
mod socket;
mod tournaments;

pub use analysis::*;
pub use error::*;
pub use http::*;
pub use lobby::*;
pub use mistakes::*;
pub use players::*;
pub use puzzles::*;
pub use review::*;
pub use socket::*;
pub use tournaments::*;

use std::collections::BTreeMap;

use bao_ai::Level;
use bao_core::{Blocked, DrawRule, GameResult, Move, Pit, Position, Side};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The `blocked` field of snapshots and `moved` events: the pits of the side to move that cannot start a
/// move, each with its reason (issue 13). Serialised as `{"A1": "empty", …}`, in pit order.
pub type BlockedPits = BTreeMap<Pit, Blocked>;

/// The [`BlockedPits`] of `pos` whose legal moves are `legal`, as bao-core's [`Position::blocked_among`]
/// gives them; empty when `playing` is false (a game that is over or still waiting shows none, as its
/// `legal` list is empty too).
pub fn blocked_pits(pos: &Position, legal: &[Move], playing: bool) -> BlockedPits {
    if !playing {
        return BlockedPits::new();
    }
    pos.blocked_among(legal).into_iter().collect()
}

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// A seat is still free.
    Waiting,
    /// Both seats are held and the game goes on.
    Playing,
    /// The game has a result.
    Finished,
}

impl Status {
    /// The JSON name (also the database's).
    pub fn name(self) -> &'static str {
        match self {
            Status::Waiting => "waiting",
            Status::Playing => "playing",
            Status::Finished => "finished",
        }
    }

    /// Parses the JSON/database name.
    pub fn parse(s: &str) -> Option<Status> {
        match s {
            "waiting" => Some(Status::Waiting),
            "playing" => Some(Status::Playing),
            "finished" => Some(Status::Finished),
            _ => None,
        }
    }
}

/// Who holds a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum SeatKind {
    /// A person with a seat token.
    Human,
    /// The computer opponent.
    Computer,
}

impl SeatKind {
    /// The JSON name (also the database's).
    pub fn name(self) -> &'static str {
        match self {
            SeatKind::Human => "human",
            SeatKind::Computer => "computer",
        }
    }

    /// Parses the JSON/database name.
    pub fn parse(s: &str) -> Option<SeatKind> {
        match s {
            "human" => Some(SeatKind::Human),
            "computer" => Some(SeatKind::Computer),
            _ => None,
        }
    }
}

/// Why a game ended: the rules' reasons (bao-core's [`bao_core::Reason`]), the draws that keep a game from
/// going on for ever (bao-core's [`DrawRule`]), or a player's decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// A front row was emptied.
    FrontRowEmpty,
    /// The player to move had no legal move.
    NoLegalMove,
    /// The loser resigned.
    Resign,
    /// Drawn: the same position stood on the board for the third time.
    Repetition,
    /// Drawn: the move limit was reached.
    MoveLimit,
    /// The loser's time ran out.
    Time,
    /// Ended before both sides had moved: by a player, the creator of a game nobody joined, or the server
    /// when a first move did not come in time. No winner; the game does not count.
    Aborted,
}

impl Reason {
    /// The JSON name (also the database's).
    pub fn name(self) -> &'static str {
        match self {
            Reason::FrontRowEmpty => "front_row_empty",
            Reason::NoLegalMove => "no_legal_move",
            Reason::Resign => "resign",
            Reason::Repetition => "repetition",
            Reason::MoveLimit => "move_limit",
            Reason::Time => "time",
            Reason::Aborted => "aborted",
        }
    }

    /// Parses the JSON/database name.
    pub fn parse(s: &str) -> Option<Reason> {
        match s {
            "front_row_empty" => Some(Reason::FrontRowEmpty),
            "no_legal_move" => Some(Reason::NoLegalMove),
            "resign" => Some(Reason::Resign),
            "repetition" => Some(Reason::Repetition),
            "move_limit" => Some(Reason::MoveLimit),
            "time" => Some(Reason::Time),
            "aborted" => Some(Reason::Aborted),
            _ => None,
        }
    }
}

impl From<bao_core::Reason> for Reason {
    fn from(r: bao_core::Reason) -> Reason {
        match r {
            bao_core::Reason::FrontRowEmpty => Reason::FrontRowEmpty,
            bao_core::Reason::NoLegalMove => Reason::NoLegalMove,
        }
    }
}

impl From<DrawRule> for Reason {
    fn from(r: DrawRule) -> Reason {
        match r {
            DrawRule::Repetition => Reason::Repetition,
            DrawRule::MoveLimit => Reason::MoveLimit,
        }
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Outcome {
    /// The winner; `null` for a draw.
    #[schema(value_type = Option<schema::Side>, required = true)]
    pub winner: Option<Side>,
    /// Why.
    pub reason: Reason,
}

impl Outcome {
    /// The side that lost on time, if the game was lost on time.
    pub fn lost_on_time(&self) -> Option<Side> {
        match self.reason {
            Reason::Time => self.winner.map(Side::opponent),
            _ => None,
        }
    }

    /// `winner` won for `reason`.
    pub fn win(winner: Side, reason: Reason) -> Outcome {
        Outcome {
            winner: Some(winner),
            reason,
        }
    }

    /// The game was aborted (no winner, not counted).
    pub fn aborted() -> Outcome {
        Outcome {
            winner: None,
            reason: Reason::Aborted,
        }
    }

    /// A draw by `rule`.
    pub fn draw(rule: DrawRule) -> Outcome {
        Outcome {
            winner: None,
            reason: rule.into(),
        }
    }
}

impl From<GameResult> for Outcome {
    fn from(r: GameResult) -> Outcome {
        Outcome::win(r.winner, r.reason.into())
    }
}

/// Who a connection is in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum You {
    /// Holds the south seat.
    South,
    /// Holds the north seat.
    North,
    /// Watches.
    Spectator,
}

impl From<Option<Side>> for You {
    fn from(seat: Option<Side>) -> You {
        match seat {
            Some(Side::South) => You::South,
            Some(Side::North) => You::North,
            None => You::Spectator,
        }
    }
}

/// One seat as the snapshot and presence events show it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Seat {
    /// Held by a person or the computer.
    pub taken: bool,
    /// Someone holding it is connected (the computer always is).
    pub online: bool,
    /// Who holds it.
    pub kind: SeatKind,
    /// The player who took it, when one did (`null` for a seat taken by link alone, a free seat and the
    /// computer's).
    #[serde(default)]
    #[schema(required = true)]
    pub player: Option<SeatPlayer>,
}

/// The player who took a seat, as games show them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct SeatPlayer {
    /// The player's public id (their profile: `/@/{id}`).
    pub id: String,
    /// Their name; empty once the player was deleted (shown as "deleted player").
    pub name: String,
    /// Their rating in the game's variant, rounded (`null` until they have one).
    #[schema(required = true)]
    pub rating: Option<u32>,
    /// Whether the player was deleted.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub deleted: bool,
}

/// Both seats.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Seats {
    /// South's seat.
    pub south: Seat,
    /// North's seat.
    pub north: Seat,
}

/// The rematch as the snapshot shows it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct RematchState {
    /// The side that offered a rematch, while the offer stands.
    #[schema(value_type = Option<schema::Side>, required = true)]
    pub offered_by: Option<Side>,
    /// The rematch's game id, once agreed.
    #[schema(required = true)]
    pub game: Option<String>,
}

/// Serde for a computer level as its name (`"easy"`, `"medium"`, `"hard"`, `"1"`-`"8"`).
mod level_name {
    use super::*;
    use serde::{Deserializer, Serializer};

    pub fn serialize<S: Serializer>(l: &Option<Level>, s: S) -> Result<S::Ok, S::Error> {
        match l {
            Some(l) => s.serialize_some(l.name()),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Level>, D::Error> {
        match Option::<String>::deserialize(d)? {
            None => Ok(None),
            Some(n) => Level::parse(&n).map(Some).ok_or_else(|| {
                serde::de::Error::custom(format!(
                    "unknown level {n:?}; use easy, medium, hard or a level from 1 to 8"
                ))
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bao_core::{Move, Position, Stage, Variant};
    use serde_json::json;

    #[test]
    fn client_messages_read_as_the_protocol_writes_them() {
        let m: ClientMsg =
            serde_json::from_value(json!({"t": "move", "ply": 3, "move": "A6L"})).unwrap();
        assert_eq!(
            m,
            ClientMsg::Move {
                ply: 3,
                mv: "A6L".into()
            }
        );
        let m: ClientMsg = serde_json::from_value(json!({"t": "hello"})).unwrap();
        assert_eq!(m, ClientMsg::Hello { token: None, v: 0 });
        assert!(serde_json::from_value::<ClientMsg>(json!({"t": "dance"})).is_err());
    }

    #[test]
    fn server_messages_have_their_type_tag() {
        let w = ServerMsg::Welcome {
            you: You::Spectator,
            v: 7,
            online: None,
        };
        assert_eq!(
            serde_json::to_value(&w).unwrap(),
            json!({"t": "welcome", "you": "spectator", "v": 7})
        );
        let w = ServerMsg::Welcome {
            you: You::South,
            v: 7,
            online: Some(Online {
                south: true,
                north: false,
                watchers: 2,
            }),
        };
        assert_eq!(
            serde_json::to_value(&w).unwrap(),
            json!({"t": "welcome", "you": "south", "v": 7,
                   "online": {"south": true, "north": false, "watchers": 2}})
        );
        let e = ServerMsg::Ended {
            v: 9,
            result: Outcome::win(Side::North, Reason::Resign),
            clock: None,
            ratings: None,
        };
        assert_eq!(
            serde_json::to_value(&e).unwrap(),
            json!({"t": "ended", "v": 9, "result": {"winner": "north", "reason": "resign"},
                   "clock": null})
        );
        let offer = ServerMsg::Rematch(Rematch {
            v: 3,
            offered_by: Some(Side::South),
            ..Rematch::default()
        });
        assert_eq!(
            serde_json::to_value(&offer).unwrap(),
            json!({"t": "rematch", "v": 3, "offered_by": "south"})
        );
        assert_eq!(ServerMsg::Pong.to_json(), r#"{"t":"pong"}"#);
    }

    #[test]
    fn a_moved_event_round_trips() {
        let start = Position::new(Variant::Kiswahili);
        let mv: Move = "A6L".parse().unwrap();
        let played = start.play_full(mv).unwrap();
        let ev = ServerMsg::Moved(Box::new(Moved {
            v: 1,
            ply: 0,
            by: Side::South,
            mv,
            trace: played.trace.clone(),
            trace_truncated: false,
            position: played.position,
            stage: played.position.stage(played.position.to_move()),
            legal: played.legal.to_vec(),
            blocked: blocked_pits(&played.position, &played.legal, true),
            result: None,
            clock: None,
        }));
        let text = ev.to_json();
        let back: ServerMsg = serde_json::from_str(&text).unwrap();
        assert_eq!(back, ev);
    }

    #[test]
    fn an_overlong_trace_is_left_out() {
        let start = Position::new(Variant::Kujifunza);
        let mv: Move = "A1R".parse().unwrap();
        let played = start.play_full(mv).unwrap();
        let step = played.trace[0];
        let ev = Moved {
            v: 1,
            ply: 0,
            by: Side::South,
            mv,
            trace: vec![step; MAX_EVENT_BYTES / 8],
            trace_truncated: false,
            position: played.position,
            stage: Stage::Mtaji,
            legal: played.legal.to_vec(),
            blocked: BlockedPits::new(),
            result: None,
            clock: None,
        };
        let text = ev.clone().to_bounded_json();
        assert!(text.len() < MAX_EVENT_BYTES, "{} bytes", text.len());
        let back: ServerMsg = serde_json::from_str(&text).unwrap();
        let ServerMsg::Moved(m) = back else {
            panic!("not a moved event")
        };
        assert!(m.trace_truncated && m.trace.is_empty());
        assert_eq!(m.position, ev.position);
        // A normal move keeps its trace.
        let short = Moved {
            trace: played.trace.clone(),
            ..ev
        };
        assert!(!short.to_bounded_json().contains("trace_truncated"));
    }

    #[test]
    fn names_parse_back() {
        for s in [Status::Waiting, Status::Playing, Status::Finished] {
            assert_eq!(Status::parse(s.name()), Some(s));
        }
        for k in [SeatKind::Human, SeatKind::Computer] {
            assert_eq!(SeatKind::parse(k.name()), Some(k));
        }
        for r in [
            Reason::FrontRowEmpty,
            Reason::NoLegalMove,
            Reason::Resign,
            Reason::Repetition,
            Reason::MoveLimit,
            Reason::Time,
            Reason::Aborted,
        ] {
            assert_eq!(Reason::parse(r.name()), Some(r));
            assert_eq!(serde_json::to_value(r).unwrap(), json!(r.name()));
        }
    }
}
