//! Tournaments' HTTP bodies (protocol.md, "Tournaments"): arenas and Swiss events.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::clock::TimeControl;
use crate::schema;

/// The body of `POST /api/tournaments`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewTournament {
    /// `arena` or `swiss`.
    pub kind: String,
    /// Variant name.
    #[schema(value_type = schema::Variant)]
    pub variant: String,
    /// The time control, as `POST /api/games` takes it: a live clock for an arena, a live or
    /// correspondence clock for a Swiss event.
    #[schema(value_type = TimeControl)]
    pub clock: serde_json::Value,
    /// An arena's duration in minutes (5 to 720).
    #[serde(default)]
    pub minutes: Option<u32>,
    /// A Swiss event's number of rounds (2 to 30).
    #[serde(default)]
    pub rounds: Option<u32>,
    /// When it starts, Unix ms (default: in a minute; at most 30 days ahead).
    #[serde(default)]
    pub starts_at: Option<i64>,
    /// Whether its games are rated (default: as the creator's games are by default).
    #[serde(default)]
    pub rated: Option<bool>,
}

/// The answer to `POST /api/tournaments`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct TournamentCreated {
    /// The tournament's id.
    pub id: String,
    /// Its page, `/t/{id}`.
    pub url: String,
}

/// A player as a tournament names them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct TournamentPlayer {
    /// Player id.
    pub id: String,
    /// Display name.
    pub name: String,
}

/// One line of a tournament's standings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct StandingLine {
    /// The player.
    pub player: TournamentPlayer,
    /// Points: an arena's (2 a win, 4 on a streak, 1 a draw) or a Swiss event's (1 a win or a bye, ½ a draw).
    pub score: f64,
    /// Finished games.
    pub games: u32,
    /// The rating they joined with.
    pub rating: i64,
    /// False once withdrawn.
    pub active: bool,
    /// Arena: the next win counts double.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub on_streak: bool,
    /// Swiss: the sum of the opponents' scores.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub buchholz: Option<f64>,
    /// Swiss: the scores of the opponents beaten plus half those drawn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sonneborn_berger: Option<f64>,
}

/// `GET /api/tournaments/{id}`, and each entry of `GET /api/tournaments`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct TournamentView {
    /// Its id.
    pub id: String,
    /// `arena` or `swiss`.
    pub kind: String,
    /// Variant name.
    #[schema(value_type = schema::Variant)]
    pub variant: String,
    /// The time control.
    pub clock: TimeControl,
    /// `created`, `started` or `finished`.
    pub status: String,
    /// When it starts, Unix ms.
    pub starts_at: i64,
    /// An arena's end, Unix ms.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ends_at: Option<i64>,
    /// An arena's duration in minutes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub minutes: Option<i64>,
    /// A Swiss event's rounds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds: Option<i64>,
    /// A Swiss event's current round (0 before the first).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round: Option<i64>,
    /// Players joined (withdrawn ones included).
    pub players: usize,
    /// Best first (empty in the list).
    pub standings: Vec<StandingLine>,
    /// Its games' ids, oldest first (empty in the list).
    pub games: Vec<String>,
}

/// `GET /api/tournaments/{id}/me`: the asking player in a tournament.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct TournamentMe {
    /// Whether they are in it (and not withdrawn).
    pub joined: bool,
    /// Their game being played, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    /// Their seat in it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<schema::Side>)]
    pub seat: Option<bao_core::Side>,
    /// Their seat token in it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
    /// The Swiss round being played in which they sit out with a bye (a point without a game), if they do.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bye: Option<i64>,
}
