//! The bodies of the HTTP API: the game [`Snapshot`] (also sent on the socket), history pages, creating and
//! joining games.

use bao_ai::Level;
use bao_core::{Move, Position, Side, Stage, Variant};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{BlockedPits, Outcome, RematchState, SeatKind, SeatPlayer, Seats, Status};
use crate::clock::{ClockView, TimeControl};
use crate::schema;

/// A game as `GET /api/games/{id}` and the socket's `snapshot` show it (protocol.md, "Game snapshot").
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Snapshot {
    /// Game id.
    pub id: String,
    /// The variant.
    #[schema(value_type = schema::Variant)]
    pub variant: Variant,
    /// Where the game stands.
    pub status: Status,
    /// Both seats.
    pub seats: Seats,
    /// The current position.
    #[schema(value_type = schema::Position)]
    pub position: Position,
    /// The stage the side to move plays in (namua, mtaji, phase1, phase2), so that the page need not derive it.
    #[schema(value_type = schema::Stage)]
    pub stage: Stage,
    /// Moves played, in notation.
    #[schema(value_type = Vec<schema::Move>)]
    pub moves: Vec<Move>,
    /// The legal moves of the side to move (empty unless playing).
    #[schema(value_type = Vec<schema::Move>)]
    pub legal: Vec<Move>,
    /// The pits of the side to move that cannot start a move, with the reason of each (empty unless
    /// playing), so that a click on one can say why.
    #[serde(default)]
    #[schema(value_type = schema::BlockedPits)]
    pub blocked: BlockedPits,
    /// The result once finished.
    #[schema(required = true)]
    pub result: Option<Outcome>,
    /// The game's event version.
    pub v: u64,
    /// Spectators connected.
    pub watchers: u32,
    /// The computer's level in a game against the computer.
    #[serde(with = "super::level_name")]
    #[schema(value_type = Option<schema::Level>, required = true)]
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
    #[schema(value_type = Vec<schema::Position>)]
    pub history: Vec<Position>,
    /// The ply of `history[0]`.
    pub history_from: u64,
    /// `stages[i]`: the stage of the side to move in `history[i]`.
    #[schema(value_type = Vec<schema::Stage>)]
    pub stages: Vec<Stage>,
    /// The absolute share link when the server knows its public address.
    #[schema(required = true)]
    pub share_url: Option<String>,
    /// The clock (`null`: the game has none).
    #[serde(default)]
    #[schema(required = true)]
    pub clock: Option<ClockView>,
    /// The side whose takeback offer stands (`null`: none), so that a page opened during an offer shows it.
    #[serde(default)]
    #[schema(value_type = Option<schema::Side>, required = true)]
    pub takeback_offered_by: Option<Side>,
    /// Whether the game counts for the ratings.
    #[serde(default)]
    pub rated: bool,
    /// Once a rated game is over and counted: each side's rating before and after it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ratings: Option<crate::players::GameRatings>,
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
    #[schema(value_type = Vec<schema::Position>)]
    pub positions: Vec<Position>,
    /// `stages[i]`: the stage of the side to move in `positions[i]`.
    #[schema(value_type = Vec<schema::Stage>)]
    pub stages: Vec<Stage>,
}

/// The body of `POST /api/games`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct CreateGame {
    /// Variant name (read as text: an unknown one is answered with `unknown_variant`).
    #[schema(value_type = schema::Variant)]
    pub variant: String,
    /// The creator's seat (default: random).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<SeatChoice>,
    /// Who holds the other seat (default: a friend).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opponent: Option<Opponent>,
    /// `1` to `8`, or `easy`, `medium` (default), `hard` (levels 2, 5 and 8); read only with `computer`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<schema::Level>)]
    pub level: Option<String>,
    /// The time control: `null` (the default: no clock), a live Fischer clock or days per move (read as
    /// JSON: a bad one is answered with `bad_clock`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<TimeControl>)]
    pub clock: Option<serde_json::Value>,
    /// Whether the game is listed on `/watch` and `GET /api/games/live` (default: unlisted).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub listed: Option<bool>,
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
    #[schema(value_type = schema::Side)]
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
    #[schema(value_type = schema::Side)]
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

/// The page of game `id`.
pub fn game_path(id: &str) -> String {
    format!("/g/{id}")
}

/// The absolute share link of game `id` under the public base address, if the server has one.
pub fn share_url(public_url: Option<&str>, id: &str) -> Option<String> {
    public_url.map(|base| format!("{}{}", base.trim_end_matches('/'), game_path(id)))
}

/// The body of `POST /api/games/status`: the games a browser remembers.
// Named after the route in the OpenAPI document, as it was before the Rust type was named a summary.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = StatusQuery)]
pub struct SummaryQuery {
    /// Game ids, at most [`MAX_SUMMARY_IDS`].
    pub ids: Vec<String>,
}

/// Ids one `POST /api/games/status` may ask about.
pub const MAX_SUMMARY_IDS: usize = 100;

/// One game in the answer to `POST /api/games/status`: public facts only.
// Named after the route in the OpenAPI document, as it was before the Rust type was named a summary (its
// `status` is the game's `Status`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = GameStatus)]
pub struct GameSummary {
    /// Game id.
    pub id: String,
    /// The variant.
    #[schema(value_type = schema::Variant)]
    pub variant: Variant,
    /// Where the game stands.
    pub status: Status,
    /// The side to move while the game is being played (`null` otherwise).
    #[schema(value_type = Option<schema::Side>, required = true)]
    pub to_move: Option<Side>,
    /// The result once finished.
    #[schema(required = true)]
    pub result: Option<Outcome>,
    /// The clock now (`null`: the game has none).
    #[schema(required = true)]
    pub clock: Option<ClockView>,
    /// Moves played.
    pub moves: u64,
    /// Who holds each seat (no presence here: `online` is the game page's).
    #[serde(default)]
    pub seats: Option<SummarySeats>,
    /// The computer's level, in a game against the computer.
    #[serde(default)]
    #[schema(value_type = Option<String>, required = true)]
    pub level: Option<String>,
    /// When the game was created, Unix ms.
    #[serde(default)]
    pub created: i64,
    /// Whether the game counts for the ratings.
    #[serde(default)]
    pub rated: bool,
}

/// One seat of a [`GameSummary`]: who holds it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct SeatSummary {
    /// A person's or the computer's.
    pub kind: SeatKind,
    /// Held (by a token or the computer).
    pub taken: bool,
    /// The player who took it, when one did.
    #[schema(required = true)]
    pub player: Option<SeatPlayer>,
}

/// Both seats of a [`GameSummary`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct SummarySeats {
    /// South's seat.
    pub south: SeatSummary,
    /// North's seat.
    pub north: SeatSummary,
}
