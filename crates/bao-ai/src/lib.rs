//! The computer opponent. **Placeholder API** (the search itself is the computer-opponent issue): the
//! functions below are the interface the server and the `bao` command call.

use std::time::Duration;

use bao_core::{Move, Position};

/// Playing strength.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// Shallow, with deliberate mistakes.
    Easy,
    /// A fair opponent.
    Medium,
    /// Full time budget.
    Hard,
}

impl Level {
    /// `"easy"`, `"medium"` or `"hard"`.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }

    /// Parses `"easy"`, `"medium"` or `"hard"`.
    pub fn parse(s: &str) -> Option<Level> {
        match s {
            "easy" => Some(Level::Easy),
            "medium" => Some(Level::Medium),
            "hard" => Some(Level::Hard),
            _ => None,
        }
    }

    /// The time the level may think for one move.
    pub fn budget(self) -> Duration {
        match self {
            Level::Easy => Duration::from_millis(100),
            Level::Medium => Duration::from_millis(500),
            Level::Hard => Duration::from_millis(1500),
        }
    }
}

/// Chooses a move for the side to move, or `None` when the game is over. Deterministic for a given `seed`.
/// Blocking: call it from a blocking thread.
pub fn choose_move(pos: &Position, level: Level, seed: u64) -> Option<Move> {
    let _ = (level, seed);
    pos.legal_moves().first().copied()
}
