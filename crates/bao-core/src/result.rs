//! How a game ends: the winner and the reason. A bottom module (it depends only on [`crate::pit`]) so that the
//! sowing engine, which can win a game by capture, does not need `position.rs` for it.

use crate::pit::Side;

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Reason {
    /// A front row was emptied (rules.md section 7).
    FrontRowEmpty,
    /// The player to move had no legal move.
    NoLegalMove,
}

impl Reason {
    /// The JSON name.
    pub const fn name(self) -> &'static str {
        match self {
            Reason::FrontRowEmpty => "front_row_empty",
            Reason::NoLegalMove => "no_legal_move",
        }
    }
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameResult {
    /// Who won.
    pub winner: Side,
    /// Why.
    pub reason: Reason,
}
