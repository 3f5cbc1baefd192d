//! The two rules that end a game without a winner, so that no game goes on for ever.
//!
//! `spec/rules.md` knows no draw: a game of Bao ends when a front row is emptied or a player cannot move.
//! Real games end that way within a few hundred moves, but a line of play that avoids captures (Kimasai's
//! second phase allows one) can go on indefinitely, and a game server must not keep a game open for ever.
//! So a game played through this crate's [`DrawWatch`] is **drawn**:
//!
//! - **by repetition** when the same position (every pit, both hands, both nyumba flags, the takasia mark and
//!   the side to move) occurs for the [`REPETITION_LIMIT`]th time, as in chess: the players are going round in
//!   circles and neither can force progress;
//! - **by the move limit** once [`MOVE_LIMIT`] moves (plies) have been played without a result. Games between
//!   people end far sooner, and none of the thousands of games the computer played against itself in this
//!   project's matches reached half of it.
//!
//! A result of the rules on the last move wins over both.

use std::collections::HashMap;

use crate::position::Position;

/// Moves (plies, both sides counted) after which a game without a result is drawn.
pub const MOVE_LIMIT: u64 = 2_000;

/// The occurrence of a position that draws the game by repetition (the third time it stands on the board).
pub const REPETITION_LIMIT: u32 = 3;

/// Why a game was drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum DrawRule {
    /// The same position occurred [`REPETITION_LIMIT`] times.
    Repetition,
    /// [`MOVE_LIMIT`] moves were played.
    MoveLimit,
}

impl DrawRule {
    /// The JSON name.
    pub const fn name(self) -> &'static str {
        match self {
            DrawRule::Repetition => "repetition",
            DrawRule::MoveLimit => "move_limit",
        }
    }
}

/// Counts the positions of one game to tell when it is drawn.
#[derive(Clone, Debug, Default)]
pub struct DrawWatch {
    seen: HashMap<Position, u32>,
    plies: u64,
}

impl DrawWatch {
    /// A watch over a game that starts at `start`.
    pub fn new(start: &Position) -> DrawWatch {
        let mut w = DrawWatch::default();
        w.seen.insert(*start, 1);
        w
    }

    /// The draw that the position after the next move would make, without recording it (a caller that must
    /// store the move first records it once stored). A position with a result of the rules is never a draw.
    pub fn check(&self, after: &Position) -> Option<DrawRule> {
        if after.result().is_some() {
            return None;
        }
        let count = self.seen.get(after).copied().unwrap_or(0) + 1;
        if count >= REPETITION_LIMIT {
            return Some(DrawRule::Repetition);
        }
        if self.plies + 1 >= MOVE_LIMIT {
            return Some(DrawRule::MoveLimit);
        }
        None
    }

    /// Records the position after the next move; returns the draw it makes, if any.
    pub fn record(&mut self, after: &Position) -> Option<DrawRule> {
        let draw = self.check(after);
        self.plies += 1;
        *self.seen.entry(*after).or_insert(0) += 1;
        draw
    }

    /// Moves recorded.
    pub fn plies(&self) -> u64 {
        self.plies
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Move, Variant};

    #[test]
    fn a_position_standing_for_the_third_time_draws() {
        let start = Position::new(Variant::Kujifunza);
        let mut w = DrawWatch::new(&start);
        assert_eq!(w.record(&start), None);
        assert_eq!(w.record(&start), Some(DrawRule::Repetition));
    }

    #[test]
    fn going_back_and_forth_draws_on_the_third_visit() {
        let start = Position::new(Variant::Kiswahili);
        let mv: Move = "A6L".parse().unwrap();
        let after = start.play(mv).unwrap().0;
        let mut w = DrawWatch::new(&start);
        assert_eq!(w.record(&after), None);
        assert_eq!(w.record(&start), None);
        assert_eq!(w.record(&after), None);
        assert_eq!(w.record(&start), Some(DrawRule::Repetition));
        assert_eq!(w.plies(), 4);
    }

    #[test]
    fn the_move_limit_draws() {
        let start = Position::new(Variant::Kimasai);
        let mut w = DrawWatch::new(&start);
        let mut pos = start;
        let mut drawn = None;
        // Distinct positions: play real moves; the limit is reached only by counting.
        w.plies = MOVE_LIMIT - 2;
        for _ in 0..2 {
            let mv = pos.legal_moves()[0];
            pos = pos.play(mv).unwrap().0;
            drawn = w.record(&pos);
        }
        assert_eq!(drawn, Some(DrawRule::MoveLimit));
    }

    #[test]
    fn a_result_of_the_rules_wins_over_a_draw() {
        let start = Position::new(Variant::Kujifunza);
        let mut pos = start;
        let mut w = DrawWatch::new(&start);
        w.plies = MOVE_LIMIT + 10;
        // Play to the end of a game (first legal move each time): the last position has a result.
        while pos.outcome().is_none() {
            pos = pos.play(pos.legal_moves()[0]).unwrap().0;
        }
        assert!(pos.result().is_some());
        assert_eq!(w.record(&pos), None);
    }
}
