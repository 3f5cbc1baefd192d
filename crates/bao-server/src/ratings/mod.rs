//! Ratings (protocol.md, "Ratings and leaderboards"): a Glicko-2 rating per player and variant, computed by the
//! `skillratings` crate, changed once by each rated game (`store/ratings.rs` makes it once, in the transaction
//! that records it).
//!
//! Glicko-2 updates ratings over *rating periods*; like lichess, each game is its own period here, and the time
//! a player stays away counts too: their deviation grows by one period's worth for each week without a rated
//! game in that variant (so that a returning player's rating moves quickly again), up to the starting 350.

pub mod api;

use bao_core::Side;
use bao_protocol::{Outcome, RatingView};
use skillratings::glicko2::{decay_deviation, glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

/// Everyone's first rating.
pub const START_RATING: f64 = 1500.0;
/// The first deviation.
pub const START_DEVIATION: f64 = 350.0;
/// The first volatility (Glickman's suggestion).
pub const START_VOLATILITY: f64 = 0.06;
/// A rating is provisional while its deviation is above this (protocol.md).
pub const PROVISIONAL_ABOVE: f64 = 110.0;
/// The system constant τ, which limits how fast volatility changes: Glickman suggests 0.3 to 1.2; lichess
/// uses 0.75 (his paper's example, checked in the tests, uses 0.5).
pub const TAU: f64 = 0.75;
/// One rating period of absence: a week.
pub const PERIOD_MS: i64 = 7 * 24 * 3600 * 1000;
/// The most periods of absence counted (after a year the deviation is back near its start anyway).
const MAX_ABSENT_PERIODS: i64 = 52;

/// A player's rating in one variant as stored.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The rating.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Its volatility.
    pub volatility: f64,
    /// Rated games played.
    pub games: u64,
    /// When the last one ended, Unix ms (0: never).
    pub played_at: i64,
}

impl Default for Rating {
    fn default() -> Rating {
        Rating {
            rating: START_RATING,
            deviation: START_DEVIATION,
            volatility: START_VOLATILITY,
            games: 0,
            played_at: 0,
        }
    }
}

impl Rating {
    /// Whether the rating is still provisional.
    pub fn provisional(&self) -> bool {
        self.deviation > PROVISIONAL_ABOVE
    }

    /// As the API shows it (rounded).
    pub fn view(&self) -> RatingView {
        RatingView {
            rating: self.rating.round(),
            deviation: self.deviation.round(),
            games: self.games,
            provisional: self.provisional(),
        }
    }

    fn glicko(&self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }

    /// The rating as it stands at `now` (Unix ms): its deviation grown for each whole period without a game.
    fn aged(&self, now: i64) -> Glicko2Rating {
        let mut g = self.glicko();
        if self.played_at > 0 {
            let periods = ((now - self.played_at) / PERIOD_MS).clamp(0, MAX_ABSENT_PERIODS);
            for _ in 0..periods {
                g = decay_deviation(&g);
            }
            g.deviation = g.deviation.min(START_DEVIATION);
        }
        g
    }
}

/// How often each node looks for rated games that ended without being counted.
pub const SWEEP_EVERY: std::time::Duration = std::time::Duration::from_secs(60);

/// Counts, at start-up and then every [`SWEEP_EVERY`], the rated games that ended without being counted: their
/// node stopped between writing the end and counting it, or the database refused the count. Counting is once
/// whatever the number of nodes sweeping (`Store::settle_ratings`).
pub async fn sweep(store: crate::store::Store) {
    let mut every = tokio::time::interval(SWEEP_EVERY);
    loop {
        every.tick().await;
        match store.uncounted_rated_games(100).await {
            Ok(ids) => {
                for id in ids {
                    match store.settle_ratings(&id).await {
                        Ok(_) => tracing::info!(game = %id, "rated game counted by the sweep"),
                        Err(e) => {
                            tracing::warn!(game = %id, "cannot count the rated game yet: {e}");
                            break;
                        }
                    }
                }
            }
            Err(e) => tracing::debug!("ratings sweep: {e}"),
        }
    }
}

/// The configuration of every update.
fn config() -> Glicko2Config {
    Glicko2Config {
        tau: TAU,
        ..Glicko2Config::new()
    }
}

/// The two players' ratings after a game between them (south's first) that ended with `outcome` at `now`
/// (Unix ms). A draw is half a win for each.
pub fn after_game(south: &Rating, north: &Rating, outcome: Outcome, now: i64) -> (Rating, Rating) {
    let result = match outcome.winner {
        Some(Side::South) => Outcomes::WIN,
        Some(Side::North) => Outcomes::LOSS,
        None => Outcomes::DRAW,
    };
    let (s, n) = glicko2(&south.aged(now), &north.aged(now), &result, &config());
    let next = |before: &Rating, g: Glicko2Rating| Rating {
        rating: g.rating,
        deviation: g.deviation.min(START_DEVIATION),
        volatility: g.volatility,
        games: before.games + 1,
        played_at: now,
    };
    (next(south, s), next(north, n))
}

#[cfg(test)]
mod tests {
    use super::*;
    use bao_protocol::Reason;
    use skillratings::glicko2::glicko2_rating_period;

    /// The worked example of Glickman's "Example of the Glicko-2 system" (2013): a player rated 1500, RD 200,
    /// volatility 0.06, with τ = 0.5, beats a 1400 (RD 30) and loses to a 1550 (RD 100) and a 1700 (RD 300) in
    /// one period, and ends at 1464.06, RD 151.52, volatility 0.05999. The crate this module relies on must
    /// give those figures.
    #[test]
    fn the_crate_reproduces_glickmans_published_example() {
        let player = Glicko2Rating {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
        };
        let opponent = |rating, deviation| Glicko2Rating {
            rating,
            deviation,
            volatility: 0.06,
        };
        let games = [
            (opponent(1400.0, 30.0), Outcomes::WIN),
            (opponent(1550.0, 100.0), Outcomes::LOSS),
            (opponent(1700.0, 300.0), Outcomes::LOSS),
        ];
        let config = Glicko2Config {
            tau: 0.5,
            ..Glicko2Config::new()
        };
        let after = glicko2_rating_period(&player, &games, &config);
        assert!((after.rating - 1464.06).abs() < 0.01, "{}", after.rating);
        assert!(
            (after.deviation - 151.52).abs() < 0.01,
            "{}",
            after.deviation
        );
        assert!(
            (after.volatility - 0.05999).abs() < 0.00001,
            "{}",
            after.volatility
        );
    }

    #[test]
    fn a_win_moves_both_ratings_by_the_same_amount_between_equals() {
        let new = Rating::default();
        let won = Outcome::win(Side::North, Reason::Resign);
        let (s, n) = after_game(&new, &new, won, 1_000);
        assert!(n.rating > START_RATING + 100.0, "{}", n.rating);
        assert!(((START_RATING - s.rating) - (n.rating - START_RATING)).abs() < 1e-6);
        assert!(s.deviation < START_DEVIATION && n.deviation < START_DEVIATION);
        assert_eq!((s.games, n.games), (1, 1));
        assert_eq!((s.played_at, n.played_at), (1_000, 1_000));
        assert!(s.provisional() && n.provisional());
    }

    #[test]
    fn a_draw_between_equals_changes_no_rating_but_narrows_the_deviations() {
        let new = Rating::default();
        let draw = Outcome {
            winner: None,
            reason: Reason::Repetition,
        };
        let (s, n) = after_game(&new, &new, draw, 5);
        assert!((s.rating - START_RATING).abs() < 1e-6 && (n.rating - START_RATING).abs() < 1e-6);
        assert!(s.deviation < START_DEVIATION);
    }

    #[test]
    fn an_upset_moves_the_favourite_down_more_than_a_win_would_move_it_up() {
        let strong = Rating {
            rating: 1900.0,
            deviation: 60.0,
            games: 80,
            played_at: 10,
            ..Rating::default()
        };
        let weak = Rating {
            rating: 1400.0,
            deviation: 60.0,
            games: 80,
            played_at: 10,
            ..Rating::default()
        };
        let (lost, _) = after_game(&strong, &weak, Outcome::win(Side::North, Reason::Time), 20);
        let (won, _) = after_game(&strong, &weak, Outcome::win(Side::South, Reason::Time), 20);
        assert!(strong.rating - lost.rating > 3.0 * (won.rating - strong.rating));
        assert!(!lost.provisional());
    }

    #[test]
    fn time_away_widens_the_deviation_up_to_the_start() {
        let settled = Rating {
            rating: 1700.0,
            deviation: 60.0,
            played_at: 1,
            games: 50,
            ..Rating::default()
        };
        assert_eq!(settled.aged(1 + PERIOD_MS - 1).deviation, 60.0);
        let later = settled.aged(1 + 10 * PERIOD_MS).deviation;
        assert!(later > 60.0 && later < START_DEVIATION, "{later}");
        assert!(settled.aged(1 + 1000 * PERIOD_MS).deviation <= START_DEVIATION);
        assert!(settled.aged(1 + 1000 * PERIOD_MS).deviation > later);
        // A rating not yet played from starts where it is.
        assert_eq!(Rating::default().aged(i64::MAX).deviation, START_DEVIATION);
    }

    #[test]
    fn provisional_is_a_deviation_above_110() {
        let at = |deviation| Rating {
            deviation,
            ..Rating::default()
        };
        assert!(at(110.5).provisional());
        assert!(!at(110.0).provisional());
        assert_eq!(at(109.6).view().deviation, 110.0);
    }
}
