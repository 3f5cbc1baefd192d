//! Arenas (as on lichess): a variant, a clock and a duration; players join and leave while it runs and a
//! player whose game has ended is paired again as soon as another player waits.
//!
//! Scoring: 2 points a win, 1 a draw, 0 a loss; a player who won their last two games is *on a streak* and
//! their next win counts 4 (double), until a game that is not a win ends the streak.
//!
//! Pairing of the players waiting at one moment, strongest rule first:
//! 1. never the opponent of one's last game (two players who just met wait for someone else);
//! 2. as many games as possible;
//! 3. when one must wait (an odd count), the one who has waited least;
//! 4. closest in points, then in rating.
//!
//! Seats: the player who had South less often takes it (then the one with fewer points).

use std::hash::Hash;

use serde::{Deserialize, Serialize};

use crate::matching::pair_at_least_cost;
use crate::{Game, PlayerResult};

/// A player's arena score from their finished games in the order they ended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score {
    /// Points: 2 a win (4 on a streak), 1 a draw.
    pub points: u32,
    /// Wins in a row at the end of the games so far; from 2 on, the next win counts double.
    pub win_run: u32,
    /// Finished games.
    pub games: u32,
    /// Wins.
    pub wins: u32,
}

impl Score {
    /// Whether the next win counts double (the last two games were wins).
    pub fn on_streak(self) -> bool {
        self.win_run >= 2
    }

    /// The points a result is worth from this score.
    pub fn points_for(self, result: PlayerResult) -> u32 {
        match result {
            PlayerResult::Win if self.on_streak() => 4,
            PlayerResult::Win => 2,
            PlayerResult::Draw => 1,
            PlayerResult::Loss => 0,
        }
    }

    /// The score after one more finished game.
    #[must_use]
    pub fn after(self, result: PlayerResult) -> Score {
        let won = result == PlayerResult::Win;
        Score {
            points: self.points + self.points_for(result),
            win_run: if won { self.win_run + 1 } else { 0 },
            games: self.games + 1,
            wins: self.wins + u32::from(won),
        }
    }
}

/// A player's score from their finished games, oldest first.
pub fn score(results: impl IntoIterator<Item = PlayerResult>) -> Score {
    results.into_iter().fold(Score::default(), Score::after)
}

/// A player waiting to be paired.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Waiting<P> {
    /// The player.
    pub id: P,
    /// Their rating in the arena's variant.
    pub rating: i32,
    /// Their points so far.
    pub points: u32,
    /// The opponent of their last game, never paired with them again at once.
    pub last_opponent: Option<P>,
    /// How long they have waited, in milliseconds (only compared with the others').
    pub waited_ms: u64,
    /// Games played as South minus games as North.
    pub seat_balance: i32,
}

// Cost tiers, each unit above the most the tiers below can add up to with up to 2^12 players waiting (2^11
// pairs): rating differences (under 2^12 each) add at most 2^23; point differences (under 2^11 each) 2^46; the
// wait of the one left out (in ms, capped at a minute: under 2^16) 2^63; a repeat of one's last game is worth
// more than all of them.
const POINTS: i128 = 1 << 24;
const WAIT_MS: i128 = 1 << 47;
const FORBIDDEN: i128 = 1 << 100;

/// Pairs players waiting in a running arena (see the module's documentation for the rules). Players who
/// cannot be paired now (the odd one, or two who just played each other) are left to wait; the result
/// lists the games with their seats. Deterministic for the same input.
pub fn pair_waiting<P: Clone + Eq + Hash + Ord>(waiting: &[Waiting<P>]) -> Vec<Game<P>> {
    let n = waiting.len();
    // At most one wait tier step per pairing: 60 s or more all count alike.
    let wait = |i: usize| i128::from(waiting[i].waited_ms.min(60_000));
    let just_met = |a: &Waiting<P>, b: &Waiting<P>| {
        a.last_opponent.as_ref() == Some(&b.id) || b.last_opponent.as_ref() == Some(&a.id)
    };
    let cost = |i: usize, j: usize| -> i128 {
        let (a, b) = (&waiting[i], &waiting[j]);
        if just_met(a, b) {
            // Two unpaired players rather than this pair.
            return FORBIDDEN;
        }
        POINTS * i128::from(a.points.abs_diff(b.points)) + i128::from(a.rating.abs_diff(b.rating))
    };
    // Leaving a player out (an odd count): the longer they have waited, the dearer.
    let alone = |i: usize| WAIT_MS * wait(i);
    // An even count pairs everyone unless a forbidden pair is forced; the stand-in vertex only exists for odd
    // counts, so a forced forbidden pair is dropped below and its two players wait.
    let (pairs, _) = pair_at_least_cost(n, cost, alone);
    let mut games: Vec<Game<P>> = pairs
        .into_iter()
        .filter(|&(i, j)| !just_met(&waiting[i], &waiting[j]))
        .map(|(i, j)| {
            let (a, b) = (&waiting[i], &waiting[j]);
            let a_south = (a.seat_balance, a.points, &a.id) < (b.seat_balance, b.points, &b.id);
            let (south, north) = if a_south {
                (a.id.clone(), b.id.clone())
            } else {
                (b.id.clone(), a.id.clone())
            };
            Game {
                south,
                north,
                outcome: None,
            }
        })
        .collect();
    games.sort_by(|x, y| x.south.cmp(&y.south));
    games
}

/// An arena's standings line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing<P> {
    /// The player.
    pub id: P,
    /// Their score.
    pub score: Score,
}

/// Ranks arena players by points, then wins, then fewer games, then rating, then id.
pub fn standings<P: Clone + Ord>(players: &[(P, i32, Score)]) -> Vec<Standing<P>> {
    let mut lines: Vec<&(P, i32, Score)> = players.iter().collect();
    lines.sort_by(|(ia, ra, sa), (ib, rb, sb)| {
        sb.points
            .cmp(&sa.points)
            .then(sb.wins.cmp(&sa.wins))
            .then(sa.games.cmp(&sb.games))
            .then(rb.cmp(ra))
            .then(ia.cmp(ib))
    });
    lines
        .into_iter()
        .map(|(id, _, score)| Standing {
            id: id.clone(),
            score: *score,
        })
        .collect()
}
