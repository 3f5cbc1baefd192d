//! The WebSocket messages: what a client sends ([`ClientMsg`]) and what the server sends ([`ServerMsg`]).

use bao_core::{Blocked, Move, Position, Side, Stage, Step};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{BlockedPits, ErrorCode, Outcome, Seats, Snapshot, Status, You};
use crate::clock::ClockView;
use crate::schema;

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
    /// End the game without a result, before both sides have moved (or, for its creator, a game nobody
    /// joined).
    Abort,
    /// Offer to undo the moves back to just before the sender's latest move, or accept the opponent's offer.
    Takeback,
    /// Decline the opponent's takeback offer.
    TakebackDecline,
    /// A quick message to everyone in the game: one of a few fixed phrases (no free text, nothing to
    /// moderate), from a seated player.
    Say {
        /// The phrase.
        phrase: Phrase,
    },
    /// Keep-alive; answered with `pong`.
    Ping,
}

/// A quick message's phrase: the page shows it in each reader's language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Phrase {
    /// "Hello!"
    Hello,
    /// "Good luck!"
    GoodLuck,
    /// "Well played!"
    WellPlayed,
    /// "Thanks!"
    Thanks,
    /// "Rematch?"
    Rematch,
}

/// The `moved` event: a move, its trace and what follows.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Moved {
    /// Its version.
    pub v: u64,
    /// Moves played before it.
    pub ply: u64,
    /// Who played it.
    #[schema(value_type = schema::Side)]
    pub by: Side,
    /// The move.
    #[serde(rename = "move")]
    #[schema(value_type = schema::Move)]
    pub mv: Move,
    /// The sowing steps, for the seed-by-seed animation.
    #[schema(value_type = Vec<schema::Step>)]
    pub trace: Vec<Step>,
    /// The trace was left out because it was too long to send ([`MAX_EVENT_BYTES`]); the client shows the
    /// position after the move without animating it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub trace_truncated: bool,
    /// The position after it.
    #[schema(value_type = schema::Position)]
    pub position: Position,
    /// The stage of the side to move next.
    #[schema(value_type = schema::Stage)]
    pub stage: Stage,
    /// The legal moves next.
    #[schema(value_type = Vec<schema::Move>)]
    pub legal: Vec<Move>,
    /// The pits of the side to move next that cannot start a move, with the reason of each (empty once the
    /// game is over).
    #[serde(default)]
    #[schema(value_type = schema::BlockedPits)]
    pub blocked: BlockedPits,
    /// The game's result, when the move ended it (by the rules, or drawn).
    #[schema(required = true)]
    pub result: Option<Outcome>,
    /// The clock after the move (`null`: the game has none).
    #[serde(default)]
    #[schema(required = true)]
    pub clock: Option<ClockView>,
}

/// The `presence` event: who is connected.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
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

/// Who is connected to a game, as `welcome` tells it (not an event: no version).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Online {
    /// South's seat holder is connected.
    pub south: bool,
    /// North's seat holder is connected.
    pub north: bool,
    /// Spectators connected.
    pub watchers: u32,
}

/// The `rematch` event: an offer, or the agreed game (with the new seat and token for each player alone).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Rematch {
    /// Its version.
    pub v: u64,
    /// Who offered (an offer).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<schema::Side>)]
    pub offered_by: Option<Side>,
    /// The new game (an agreement).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    /// The receiving player's seat in the new game (sent to that player only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<schema::Side>)]
    pub seat: Option<Side>,
    /// The new game's page.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    /// The receiving player's seat token for the new game (sent to that player only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
}

/// The `undone` event: a takeback was agreed; the game goes on from ply `ply` (the moves from it on are gone).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Undone {
    /// Its version.
    pub v: u64,
    /// Moves left: the game continues from this ply.
    pub ply: u64,
    /// The position after those moves.
    #[schema(value_type = schema::Position)]
    pub position: Position,
    /// The stage of the side to move.
    #[schema(value_type = schema::Stage)]
    pub stage: Stage,
    /// The legal moves now.
    #[schema(value_type = Vec<schema::Move>)]
    pub legal: Vec<Move>,
    /// The clock now (`null`: the game has none).
    #[schema(required = true)]
    pub clock: Option<ClockView>,
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
        /// Who is connected now, this connection counted: a page that reloads (its snapshot fetched while its
        /// old socket was closing, which showed its own seat offline) is right at once, although no `presence`
        /// event follows (the room publishes none when what it last published is true again).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        online: Option<Online>,
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
        /// The clock, stopped (`null`: the game has none).
        #[serde(default)]
        #[schema(required = true)]
        clock: Option<ClockView>,
        /// In a rated game, each side's rating before and after it (absent otherwise, or while the database
        /// cannot be written: the change is applied later and shown on the profiles).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ratings: Option<crate::players::GameRatings>,
    },
    /// A rematch offer or agreement.
    Rematch(Rematch),
    /// A takeback offer.
    Takeback {
        /// Its version.
        v: u64,
        /// The side that offers.
        #[schema(value_type = schema::Side)]
        offered_by: Side,
    },
    /// The takeback offer was declined.
    TakebackDeclined {
        /// Its version.
        v: u64,
    },
    /// A takeback was agreed: moves were undone.
    Undone(Box<Undone>),
    /// A player's quick message, to everyone in the game. Not an event of the game: no version, not kept,
    /// not replayed to a client that reconnects.
    Said {
        /// Who said it.
        #[schema(value_type = schema::Side)]
        side: Side,
        /// What.
        phrase: Phrase,
    },
    /// An error, to the sender only.
    Error {
        /// The code, the same as the HTTP API's for the same error.
        #[schema(value_type = String)]
        code: ErrorCode,
        /// For people.
        message: String,
        /// Why a move is illegal (`illegal_move` only).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[schema(value_type = Option<schema::BlockedCode>)]
        reason: Option<Blocked>,
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
    /// The JSON text. Serialising these types cannot fail (string keys, no maps of other keys), but the
    /// fallback keeps a socket alive should it ever.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|_| {
            r#"{"t":"error","code":"internal","message":"internal error"}"#.to_owned()
        })
    }
}
