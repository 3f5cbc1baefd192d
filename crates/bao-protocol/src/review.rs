//! The bodies of `GET /api/games/{id}/review` and `GET /api/puzzles` (protocol.md, "Review and puzzles").

use bao_core::{Move, Position, Variant};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::schema;

/// How good a move was, by how much it lost against the computer's best (docs/protocol.md gives the
/// thresholds and why).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum MoveClass {
    /// The computer's own choice, or as good.
    Best,
    /// Loses less than an inaccuracy.
    Good,
    /// Loses a little of the game's chances.
    Inaccuracy,
    /// Loses a good part of them.
    Mistake,
    /// Throws the game away (or a forced win).
    Blunder,
}

impl MoveClass {
    /// The JSON name.
    pub fn name(self) -> &'static str {
        match self {
            MoveClass::Best => "best",
            MoveClass::Good => "good",
            MoveClass::Inaccuracy => "inaccuracy",
            MoveClass::Mistake => "mistake",
            MoveClass::Blunder => "blunder",
        }
    }
}

/// One reviewed move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ReviewedMove {
    /// Moves before it.
    pub ply: u64,
    /// The move played.
    #[serde(rename = "move")]
    #[schema(value_type = schema::Move)]
    pub mv: Move,
    /// The computer's best move in its place.
    #[schema(value_type = schema::Move)]
    pub best: Move,
    /// The position before the move, for the side that moved, in the evaluation's units (a front-row seed
    /// is worth about 10; above 29,000 a forced win, below -29,000 a forced loss).
    pub score_before: i32,
    /// The position after the move, for the same side.
    pub score_after: i32,
    /// How good the move was.
    pub class: MoveClass,
    /// The move is the opening book's move for the position before it (`hard`'s book of long searches,
    /// bao_ai::book); `best` is then the same move.
    #[serde(default)]
    pub book: bool,
    /// For a mistake or a blunder: the better line, `best` first, then the replies the computer expects.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schema(value_type = Vec<schema::Move>)]
    pub line: Vec<Move>,
}

/// The answer of `GET /api/games/{id}/review` once the review is done.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Review {
    /// Every move of the game, in order.
    pub moves: Vec<ReviewedMove>,
}

/// The answer of `GET /api/games/{id}/review` while the computer reviews the game (`202`): ask again.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Reviewing {
    /// Always `"reviewing"`.
    pub status: String,
}

/// A puzzle (`GET /api/puzzles`): the side to move wins by playing `solution`.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct Puzzle {
    /// Its id (`kiswahili-0042`).
    pub id: String,
    /// The variant.
    #[schema(value_type = schema::Variant)]
    pub variant: Variant,
    /// The position to solve (spec/position.md).
    #[schema(value_type = schema::Position)]
    pub position: Position,
    /// The winner's moves and the defender's longest resistance, alternating, the side to move first; after
    /// the last the game is over, won by the side to move at the start.
    #[schema(value_type = Vec<schema::Move>)]
    pub solution: Vec<Move>,
    /// Always `"win"`.
    pub goal: String,
    /// The most moves of the winner the win takes (as proved: every other first move fails within as many).
    pub depth: u32,
    /// What it is about, found from its solution.
    pub themes: Vec<crate::PuzzleTheme>,
    /// Its rating: how hard its solvers found it (Glicko-2, every rated attempt counts).
    pub rating: crate::PuzzleRatingView,
}
