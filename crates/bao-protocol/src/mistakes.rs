//! A player's own mistakes as puzzles (protocol.md, "Your mistakes as puzzles"): the blunders of their reviewed
//! games where the better move won by force or clearly, offered back to them to find that move.

use bao_core::{Move, Position, Variant};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::schema;

/// One of the player's mistakes (`GET /api/mistakes`, `GET /api/mistakes/{id}`): the position before a blunder
/// of theirs, the move they played and the better one.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Mistake {
    /// Its id: the game's id, `-`, and the ply of the move (`Ab3dE9xQ-17`).
    pub id: String,
    /// The game it was made in.
    pub game: String,
    /// Moves before it in that game.
    pub ply: u64,
    /// The variant.
    #[schema(value_type = schema::Variant)]
    pub variant: Variant,
    /// The position the mistake was made in, the player to move (spec/position.md).
    #[schema(value_type = schema::Position)]
    pub position: Position,
    /// The move the player made.
    #[schema(value_type = schema::Move)]
    pub played: Move,
    /// What the computer expected after the better move: the better move first, then the replies and
    /// answers it foresaw. Sent only once the mistake is solved (the answer would give it away).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schema(value_type = Vec<schema::Move>)]
    pub line: Vec<Move>,
    /// `"win"` when the better move wins by force, `"advantage"` when it wins clearly.
    pub goal: String,
    /// The computer's score of the position for the player (a front-row seed is about 10; above 29,000 a
    /// forced win).
    pub score: i32,
    /// Whether the player has found the better move since.
    pub solved: bool,
}

/// The answer of `GET /api/mistakes`: the signed-in player's mistakes, newest game first.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct MistakeList {
    /// The mistakes of the player's most recent reviewed games (at most 50 games), newest game first.
    pub mistakes: Vec<Mistake>,
    /// How many of them are not solved yet.
    pub unsolved: u64,
}

/// `POST /api/mistakes/{id}/attempt`: a move tried in the mistake's position.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct MistakeAttempt {
    /// The move (a legal move of the position, in the notation of spec/rules.md).
    #[serde(rename = "move")]
    pub mv: String,
}

/// The answer of `POST /api/mistakes/{id}/attempt`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct MistakeAttemptResult {
    /// Whether the move is the better move (or, where Bao la Kujifunza's proof decides, one that keeps the
    /// proven win as well).
    pub solved: bool,
    /// The mistake after the try, with its line once solved.
    pub mistake: Mistake,
}
