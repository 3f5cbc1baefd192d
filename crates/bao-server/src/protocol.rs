//! The typed messages of protocol.md: what clients send ([`ClientMsg`]), what the server sends
//! ([`ServerMsg`], the [`Snapshot`] of a game), the HTTP bodies, and the small enums they use (game
//! [`Status`], [`SeatKind`], result [`Reason`]).
//!
//! Every message is built from these types and serialised by serde, never by hand; the load generator and
//! the tests use the same types. They all deserialise too, so that a client written in Rust reads what the
//! server writes.

use bao_ai::Level;
use bao_core::{DrawRule, GameResult, Move, Position, Side, Stage, Step, Variant};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::openapi::rules;

/// A message from a client (protocol.md, "WebSocket").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum ClientMsg {
    /// The first message, and again after a gap: the seat token (none for spectators) and the last version
    /// the client has.
    Hello {
        /// The seat token.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        token: Option<String>,
        /// The last event version the client has (0: none).
        #[serde(default)]
        v: u64,
    },
    /// A move for ply `ply` (moves played before it).
    Move {
        /// Moves played before this one.
        ply: u64,
        /// The move in notation (kept as text: a bad one is answered with the legal moves).
        #[serde(rename = "move")]
        mv: String,
    },
    /// Resign the game.
    Resign,
    /// Offer a rematch, or accept the opponent's offer.
    Rematch,
    /// Keep-alive; answered with `pong`.
    Ping,
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
    #[schema(value_type = Option<rules::Side>, required = true)]
    pub winner: Option<Side>,
    /// Why.
    pub reason: Reason,
}

impl Outcome {
    /// `winner` won for `reason`.
    pub fn win(winner: Side, reason: Reason) -> Outcome {
        Outcome {
            winner: Some(winner),
            reason,
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Seat {
    /// Held by a person or the computer.
    pub taken: bool,
    /// Someone holding it is connected (the computer always is).
    pub online: bool,
    /// Who holds it.
    pub kind: SeatKind,
}

/// Both seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
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
    #[schema(value_type = Option<rules::Side>, required = true)]
    pub offered_by: Option<Side>,
    /// The rematch's game id, once agreed.
    #[schema(required = true)]
    pub game: Option<String>,
}

/// Serde for a computer level as its name (`"easy"`, `"medium"`, `"hard"`).
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
            Some(n) => Level::parse(&n)
                .map(Some)
                .ok_or_else(|| serde::de::Error::custom(format!("unknown level {n:?}"))),
        }
    }
}

/// A game as `GET /api/games/{id}` and the socket's `snapshot` show it (protocol.md, "Game snapshot").
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Snapshot {
    /// Game id.
    pub id: String,
    /// The variant.
    #[schema(value_type = rules::Variant)]
    pub variant: Variant,
    /// Where the game stands.
    pub status: Status,
    /// Both seats.
    pub seats: Seats,
    /// The current position.
    #[schema(value_type = rules::Position)]
    pub position: Position,
    /// The stage the side to move plays in (namua, mtaji, phase1, phase2), so that the page need not derive it.
    #[schema(value_type = rules::Stage)]
    pub stage: Stage,
    /// Moves played, in notation.
    #[schema(value_type = Vec<rules::Move>)]
    pub moves: Vec<Move>,
    /// The legal moves of the side to move (empty unless playing).
    #[schema(value_type = Vec<rules::Move>)]
    pub legal: Vec<Move>,
    /// The result once finished.
    #[schema(required = true)]
    pub result: Option<Outcome>,
    /// The game's event version.
    pub v: u64,
    /// Spectators connected.
    pub watchers: u32,
    /// The computer's level in a game against the computer.
    #[serde(with = "level_name")]
    #[schema(value_type = Option<rules::Level>, required = true)]
    pub level: Option<Level>,
    /// The rematch offer or agreement.
    pub rematch: RematchState,
    /// The game this one is a rematch of.
    #[schema(required = true)]
    pub rematch_of: Option<String>,
    /// Creation time, Unix seconds.
    pub created_at: i64,
    /// The latest positions of the game (`history[i]`: after `history_from + i` moves; the last one is
    /// `position`), so that a page opened mid-game can step back through it without knowing the rules. At most
    /// [`HISTORY_WINDOW`] of them; older ones come from `GET /api/games/{id}/history`.
    #[schema(value_type = Vec<rules::Position>)]
    pub history: Vec<Position>,
    /// The ply of `history[0]`.
    pub history_from: u64,
    /// `stages[i]`: the stage of the side to move in `history[i]`.
    #[schema(value_type = Vec<rules::Stage>)]
    pub stages: Vec<Stage>,
    /// The absolute share link when the server knows its public address.
    #[schema(required = true)]
    pub share_url: Option<String>,
}

/// Positions a snapshot carries at most.
pub const HISTORY_WINDOW: usize = 100;

/// Positions one `GET /api/games/{id}/history` answers at most.
pub const HISTORY_PAGE: usize = 500;

/// The answer to `GET /api/games/{id}/history?from=A&to=B`: the positions after `from`, `from + 1`, … moves.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct History {
    /// The ply of `positions[0]`.
    pub from: u64,
    /// The positions.
    #[schema(value_type = Vec<rules::Position>)]
    pub positions: Vec<Position>,
    /// `stages[i]`: the stage of the side to move in `positions[i]`.
    #[schema(value_type = Vec<rules::Stage>)]
    pub stages: Vec<Stage>,
}

/// The `moved` event: a move, its trace and what follows.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Moved {
    /// Its version.
    pub v: u64,
    /// Moves played before it.
    pub ply: u64,
    /// Who played it.
    #[schema(value_type = rules::Side)]
    pub by: Side,
    /// The move.
    #[serde(rename = "move")]
    #[schema(value_type = rules::Move)]
    pub mv: Move,
    /// The sowing steps, for the seed-by-seed animation.
    #[schema(value_type = Vec<rules::Step>)]
    pub trace: Vec<Step>,
    /// The trace was left out because it was too long to send ([`MAX_EVENT_BYTES`]); the client shows the
    /// position after the move without animating it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub trace_truncated: bool,
    /// The position after it.
    #[schema(value_type = rules::Position)]
    pub position: Position,
    /// The stage of the side to move next.
    #[schema(value_type = rules::Stage)]
    pub stage: Stage,
    /// The legal moves next.
    #[schema(value_type = Vec<rules::Move>)]
    pub legal: Vec<Move>,
    /// The game's result, when the move ended it (by the rules, or drawn).
    #[schema(required = true)]
    pub result: Option<Outcome>,
}

/// The `presence` event: who is connected.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Presence {
    /// Its version.
    pub v: u64,
    /// South's seat holder is connected.
    pub south: bool,
    /// North's seat holder is connected.
    pub north: bool,
    /// Spectators connected.
    pub watchers: u32,
    /// Where the game stands (a join turns waiting into playing).
    pub status: Status,
    /// Both seats.
    pub seats: Seats,
}

/// The `rematch` event: an offer, or the agreed game (with the new seat and token for each player alone).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Rematch {
    /// Its version.
    pub v: u64,
    /// Who offered (an offer).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<rules::Side>)]
    pub offered_by: Option<Side>,
    /// The new game (an agreement).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    /// The receiving player's seat in the new game (sent to that player only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<rules::Side>)]
    pub seat: Option<Side>,
    /// The new game's page.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    /// The receiving player's seat token for the new game (sent to that player only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
}

/// A message from the server (protocol.md, "WebSocket").
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum ServerMsg {
    /// The answer to `hello`.
    Welcome {
        /// Who the connection is.
        you: You,
        /// The game's current version.
        v: u64,
    },
    /// The whole game, for a client that is new or too far behind.
    Snapshot {
        /// The game.
        game: Box<Snapshot>,
    },
    /// A move was played.
    Moved(Box<Moved>),
    /// Who is connected changed.
    Presence(Presence),
    /// The game ended.
    Ended {
        /// Its version.
        v: u64,
        /// How.
        result: Outcome,
    },
    /// A rematch offer or agreement.
    Rematch(Rematch),
    /// An error, to the sender only.
    Error {
        /// The code (see [`crate::error::AppError::code`]).
        code: String,
        /// For people.
        message: String,
    },
    /// The answer to `ping`.
    Pong,
}

/// The longest event text the server sends: well below the socket's write buffer (1 MiB), so that no single
/// message can make a connection fail.
pub const MAX_EVENT_BYTES: usize = 256 * 1024;

impl Moved {
    /// The event's JSON text, without the trace if it would be longer than [`MAX_EVENT_BYTES`] (a move whose
    /// relay chain runs for thousands of laps).
    pub fn to_bounded_json(mut self) -> String {
        let text = ServerMsg::Moved(Box::new(self.clone())).to_json();
        if text.len() <= MAX_EVENT_BYTES {
            return text;
        }
        self.trace = Vec::new();
        self.trace_truncated = true;
        ServerMsg::Moved(Box::new(self)).to_json()
    }
}

impl ServerMsg {
    /// The `error` message for `e`, with the same code the HTTP API would answer.
    pub fn error(e: &crate::error::AppError) -> ServerMsg {
        e.log();
        ServerMsg::Error {
            code: e.code().to_owned(),
            message: e.message(),
        }
    }

    /// The JSON text. Serialising these types cannot fail (string keys, no maps of other keys), but the
    /// fallback keeps a socket alive should it ever.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|e| {
            tracing::error!("cannot serialise a server message: {e}");
            r#"{"t":"error","code":"internal","message":"internal error"}"#.to_owned()
        })
    }
}

/// The body of `POST /api/games`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct CreateGame {
    /// Variant name (read as text: an unknown one is answered with `unknown_variant`).
    #[schema(value_type = rules::Variant)]
    pub variant: String,
    /// The creator's seat (default: random).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<SeatChoice>,
    /// Who holds the other seat (default: a friend).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opponent: Option<Opponent>,
    /// `easy`, `medium` (default) or `hard`; read only with `computer`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<rules::Level>)]
    pub level: Option<String>,
}

/// The seat the creator of a game asks for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum SeatChoice {
    /// South, who moves first.
    South,
    /// North.
    North,
    /// Either, by a coin toss.
    #[default]
    Random,
}

/// Who the creator of a game plays against.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Opponent {
    /// A person who opens the share link.
    #[default]
    Friend,
    /// The computer, which takes the other seat at once.
    Computer,
}

/// The answer to `POST /api/games`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Created {
    /// Game id.
    pub id: String,
    /// The creator's seat.
    #[schema(value_type = rules::Side)]
    pub seat: Side,
    /// The creator's seat token.
    pub token: String,
    /// The game's page, `/g/{id}`.
    pub url: String,
    /// The absolute share link when the server knows its public address.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub share_url: Option<String>,
}

/// The answer to `POST /api/games/{id}/join`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Joined {
    /// The seat taken.
    #[schema(value_type = rules::Side)]
    pub seat: Side,
    /// Its token.
    pub token: String,
}

/// The answer to `GET /api/version`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Version {
    /// The server's version (Cargo's).
    #[schema(example = "0.1.0")]
    pub version: String,
    /// The commit it was built from (`unknown` when built outside git).
    pub commit: String,
}

/// An HTTP error body.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ErrorBody {
    /// The code (`not_found`, `seat_taken`, ...: see each answer's description).
    #[schema(example = "not_found")]
    pub error: String,
    /// For people.
    pub message: String,
}

/// The page of game `id`.
pub fn game_path(id: &str) -> String {
    format!("/g/{id}")
}

/// The absolute share link of game `id` under the public base address, if the server has one.
pub fn share_url(public_url: Option<&str>, id: &str) -> Option<String> {
    public_url.map(|base| format!("{}{}", base.trim_end_matches('/'), game_path(id)))
}

#[cfg(test)]
mod tests {
    use super::*;
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
        };
        assert_eq!(
            serde_json::to_value(&w).unwrap(),
            json!({"t": "welcome", "you": "spectator", "v": 7})
        );
        let e = ServerMsg::Ended {
            v: 9,
            result: Outcome::win(Side::North, Reason::Resign),
        };
        assert_eq!(
            serde_json::to_value(&e).unwrap(),
            json!({"t": "ended", "v": 9, "result": {"winner": "north", "reason": "resign"}})
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
            result: None,
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
            result: None,
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
        ] {
            assert_eq!(Reason::parse(r.name()), Some(r));
            assert_eq!(serde_json::to_value(r).unwrap(), json!(r.name()));
        }
    }
}
