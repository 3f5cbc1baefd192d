//! The bodies of `POST /api/analysis` (protocol.md, "Rules help"): a position in, its legal moves with their
//! results and traces, the blocked pits with their reasons, and optionally the computer's best move.

use bao_core::{Move, Position, Stage, Step};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::BlockedPits;
use crate::schema;

/// The longest search `think_ms` may ask for, in milliseconds.
pub const MAX_THINK_MS: u64 = 2000;

/// The most moves `lines` may ask for.
pub const MAX_LINES: u32 = 3;

/// The body of `POST /api/analysis`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[schema(example = json!({
    "position": {"variant": "kiswahili", "to_move": "south",
        "south": {"front": [0,0,0,0,6,2,2,0], "back": [0,0,0,0,0,0,0,0], "hand": 22, "house": true},
        "north": {"front": [0,0,0,0,6,2,2,0], "back": [0,0,0,0,0,0,0,0], "hand": 22, "house": true},
        "takasia": null, "result": null},
    "think_ms": 100,
    "lines": 3
}))]
pub struct AnalysisRequest {
    /// The position (spec/position.md), read by bao-core: one that is not valid is answered with
    /// `bad_position` and the `bao` command's message.
    #[schema(value_type = schema::Position)]
    pub position: serde_json::Value,
    /// Ask the computer (at its `hard` settings) for the best move, searching this long: 1 to 2000 ms.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 1, maximum = 2000)]
    pub think_ms: Option<u64>,
    /// With `think_ms`: also give this many of the best moves (1 to 3), each with its score and expected
    /// line (`lines` in the answer); the search time is shared out between them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 1, maximum = 3)]
    pub lines: Option<u32>,
}

/// A legal move of the analysed position, with the position it leads to and its trace.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct AnalysedMove {
    /// The move.
    #[serde(rename = "move")]
    #[schema(value_type = schema::Move)]
    pub mv: Move,
    /// The position after it (with its result when the move ends the game).
    #[schema(value_type = schema::Position)]
    pub position: Position,
    /// The sowing steps, for the seed-by-seed animation.
    #[schema(value_type = Vec<schema::Step>)]
    pub trace: Vec<Step>,
}

/// The computer's choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Best {
    /// The move it would play.
    #[serde(rename = "move")]
    #[schema(value_type = schema::Move)]
    pub mv: Move,
    /// Its score for the side to move, in the evaluation's units (a front-row seed is worth about 10);
    /// above 29,000 a forced win (30,000 less the plies to it), below -29,000 a forced loss.
    pub score: i32,
    /// The depth (plies) of the deepest search finished.
    pub depth: u32,
}

/// One of the best moves (`lines`): its score and the moves the computer expects after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct AnalysisLine {
    /// The move.
    #[serde(rename = "move")]
    #[schema(value_type = schema::Move)]
    pub mv: Move,
    /// Its score for the side to move, as in [`Best`].
    pub score: i32,
    /// The depth (plies) of the deepest search finished for it.
    pub depth: u32,
    /// The move and the moves expected after it, alternately by each side (at least the move itself).
    #[schema(value_type = Vec<schema::Move>)]
    pub line: Vec<Move>,
}

/// The answer to `POST /api/analysis`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Analysis {
    /// The stage the side to move plays in.
    #[schema(value_type = schema::Stage)]
    pub stage: Stage,
    /// Every legal move (none when the game is over).
    pub legal: Vec<AnalysedMove>,
    /// The pits of the side to move that cannot start a move, with the reason of each.
    #[schema(value_type = schema::BlockedPits)]
    pub blocked: BlockedPits,
    /// The computer's best move: only when `think_ms` was given and the side to move has a move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub best: Option<Best>,
    /// The best moves, best first, when `lines` was asked for and the side to move has a move (fewer when it
    /// has fewer moves); the first is `best`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lines: Option<Vec<AnalysisLine>>,
}
