//! The lobby's bodies and messages (protocol.md, "Lobby and quick pairing", and the live games of
//! "Games to watch"): seeks over HTTP, the lobby's WebSocket `GET /ws/lobby`, `GET /api/games/live`.

use bao_core::{Position, Side};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::clock::TimeControl;
use crate::{schema, SeatChoice, SeatPlayer, Seats};

/// The body of `POST /api/seeks`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewSeek {
    /// Variant name (read as text: an unknown one is answered with `unknown_variant`).
    #[schema(value_type = schema::Variant)]
    pub variant: String,
    /// The time control (`null`: no clock), as `POST /api/games` takes it.
    #[serde(default)]
    #[schema(value_type = Option<TimeControl>)]
    pub clock: Option<serde_json::Value>,
    /// The creator's seat (default: random).
    #[serde(default)]
    pub seat: Option<SeatChoice>,
    /// Whether the game is to be rated (default: casual; ratings come with players' passkeys).
    #[serde(default)]
    pub rated: Option<bool>,
}

/// The answer to `POST /api/seeks`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct SeekCreated {
    /// The seek's id.
    pub id: String,
}

/// An open seek, as `GET /api/seeks` and the lobby socket show it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Seek {
    /// The seek's id.
    pub id: String,
    /// The variant.
    #[schema(value_type = schema::Variant)]
    pub variant: String,
    /// The time control, `null` for none.
    #[schema(required = true)]
    pub clock: Option<TimeControl>,
    /// The seat its creator takes.
    pub seat: SeatChoice,
    /// Whether the game will be rated.
    pub rated: bool,
    /// Who seeks.
    pub player: SeatPlayer,
}

/// The answer to `POST /api/seeks/{id}/accept` (the accepter's seat of the new game).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct SeekAccepted {
    /// The new game's id.
    pub game: String,
    /// The accepter's seat.
    #[schema(value_type = schema::Side)]
    pub seat: Side,
    /// The accepter's seat token.
    pub token: String,
}

/// A message from a client on the lobby's socket.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum LobbyClientMsg {
    /// The first message: the player's key (the cookie does as well; none to watch the lobby only).
    Hello {
        /// The player's key.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<String>,
    },
    /// Wait in the pool of a variant and a live clock to be paired with the next player who does.
    PoolJoin {
        /// Variant name.
        #[schema(value_type = schema::Variant)]
        variant: String,
        /// A live time control (read as JSON: a bad one is answered with `bad_clock`).
        #[schema(value_type = TimeControl)]
        clock: serde_json::Value,
        /// Rated or casual (default: casual).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rated: Option<bool>,
    },
    /// Leave the pool.
    PoolLeave,
    /// Keep-alive; answered with `pong`.
    Ping,
}

/// A message from the server on the lobby's socket.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum LobbyServerMsg {
    /// The open seeks, oldest first: the answer to `hello`.
    Seeks {
        /// The seeks.
        seeks: Vec<Seek>,
    },
    /// A seek was opened.
    SeekAdded {
        /// The seek.
        seek: Seek,
    },
    /// A seek was accepted, withdrawn, or left by its creator.
    SeekRemoved {
        /// The seek's id.
        id: String,
    },
    /// To a seek's creator or a pool's player: a game was made; its seat and token are this player's.
    Paired {
        /// The seek accepted (absent for a pool's pairing).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seek: Option<String>,
        /// The tournament the game belongs to (absent for a seek's or a pool's game).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tournament: Option<String>,
        /// The game's id.
        game: String,
        /// This player's seat.
        #[schema(value_type = schema::Side)]
        seat: Side,
        /// This player's seat token.
        token: String,
    },
    /// The player waits in a pool now (the answer to `pool_join`).
    Pooled {
        /// Variant name.
        #[schema(value_type = schema::Variant)]
        variant: String,
        /// The live time control.
        clock: TimeControl,
        /// Rated or casual.
        rated: bool,
    },
    /// The player left the pool (after `pool_leave`).
    Unpooled,
    /// A message was refused; the socket stays open.
    Error {
        /// The machine-readable code, the same as the HTTP API's for the same error.
        #[schema(value_type = String)]
        code: crate::ErrorCode,
        /// For people.
        message: String,
    },
    /// The answer to `ping`.
    Pong,
}

impl LobbyServerMsg {
    /// The message as JSON text.
    pub fn to_json(&self) -> String {
        // Only strings, numbers and enums: serialising cannot fail.
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// A listed game being played now (`GET /api/games/live`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct LiveGame {
    /// Game id.
    pub id: String,
    /// The variant.
    #[schema(value_type = schema::Variant)]
    pub variant: String,
    /// The clock now (as in the snapshot), `null` for none.
    #[schema(required = true)]
    pub clock: Option<crate::clock::ClockView>,
    /// Both seats, with their players.
    pub seats: Seats,
    /// Moves played.
    pub moves: u64,
    /// The position now.
    #[schema(value_type = schema::Position)]
    pub position: Position,
}
