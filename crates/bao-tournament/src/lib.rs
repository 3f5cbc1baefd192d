//! Tournament pairing and standings for Bao: lichess-style **arenas** and **Swiss** events.
//!
//! Pure logic, like `bao-core`: no I/O, no clock, no randomness. The server keeps a tournament's players and
//! games in its database and asks this crate two questions: who plays whom next (and on which seat: South
//! moves first), and what the standings are. Both answers are functions of the recorded games alone, so
//! every node of a cluster computes the same pairing from the same rows.
//!
//! - [`swiss`]: a fixed number of rounds; pairs within score groups, never the same two players twice while
//!   that can be avoided, balances the seats, gives an odd player out a bye (one point) never twice; ranks by
//!   score, then Buchholz, then Sonneborn-Berger.
//! - [`arena`]: players join and leave while it runs and are paired again as soon as another player waits;
//!   never the same opponent twice in a row, closest scores and ratings first; 2 points a win (4 on a streak
//!   of two wins), 1 a draw.
//!
//! A round's pairing is one optimisation: a minimum-cost perfect matching (the blossom algorithm, from the
//! `integer-blossom` crate) over a cost that orders the pairing rules strictly (a repeated pairing costs more
//! than any number of score differences, and so on), instead of a backtracking search that gives up on big
//! events.
//!
//! ```
//! use bao_tournament::swiss::{pair_round, Player};
//!
//! let players: Vec<Player<&str>> = [("ana", 2000), ("ben", 1900), ("cy", 1800), ("di", 1700)]
//!     .into_iter()
//!     .map(|(id, rating)| Player { id, rating, active: true })
//!     .collect();
//! let round = pair_round(&players, &[]);
//! // The top half meets the bottom half: ana plays cy, ben plays di.
//! assert_eq!(round.games.len(), 2);
//! assert!(round.games.iter().any(|g| g.has(&"ana") && g.has(&"cy")));
//! assert_eq!(round.bye, None);
//! ```

pub mod arena;
mod matching;
pub mod swiss;

use serde::{Deserialize, Serialize};

/// The seat of a player in a game: South moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Seat {
    /// Moves first.
    South,
    /// Moves second.
    North,
}

/// How a finished game ended, from the board's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// South won.
    SouthWins,
    /// North won.
    NorthWins,
    /// Drawn (the draw rule: a threefold repetition or the move limit), or aborted by agreement.
    Draw,
}

/// One game of a tournament between two of its players.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game<P> {
    /// The player who moves first.
    pub south: P,
    /// The player who moves second.
    pub north: P,
    /// How it ended; `None` while it is being played.
    pub outcome: Option<Outcome>,
}

impl<P: PartialEq> Game<P> {
    /// Whether `player` plays in this game.
    pub fn has(&self, player: &P) -> bool {
        &self.south == player || &self.north == player
    }

    /// The seat `player` has in this game, if they play in it.
    pub fn seat_of(&self, player: &P) -> Option<Seat> {
        if &self.south == player {
            Some(Seat::South)
        } else if &self.north == player {
            Some(Seat::North)
        } else {
            None
        }
    }

    /// The result for the player on `seat`: `Some(Win | Draw | Loss)` once the game has ended.
    pub fn result_for(&self, seat: Seat) -> Option<PlayerResult> {
        Some(match (self.outcome?, seat) {
            (Outcome::Draw, _) => PlayerResult::Draw,
            (Outcome::SouthWins, Seat::South) | (Outcome::NorthWins, Seat::North) => {
                PlayerResult::Win
            }
            _ => PlayerResult::Loss,
        })
    }
}

/// A finished game from one player's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlayerResult {
    /// The player won.
    Win,
    /// Drawn.
    Draw,
    /// The player lost.
    Loss,
}
