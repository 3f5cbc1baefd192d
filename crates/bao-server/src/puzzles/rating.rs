//! Puzzle ratings, Glicko-2 like lichess's: each rated attempt is a game between the solver and the puzzle,
//! won by the solver when solved. A puzzle starts from a prior by the moves its win takes; a solver from 1500.

use bao_protocol::Glicko;
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

use crate::ratings::{START_DEVIATION, START_RATING, START_VOLATILITY, TAU};

/// Every solver's first puzzle rating.
pub const START: Glicko = Glicko {
    rating: START_RATING,
    deviation: START_DEVIATION,
    volatility: START_VOLATILITY,
};

/// The rating a browser may claim for itself, at most and at least.
const BROWSER_RATING: (f64, f64) = (400.0, 3000.0);
/// Its deviation, at most and at least.
const BROWSER_DEVIATION: (f64, f64) = (45.0, START_DEVIATION);
/// Its volatility, at most and at least.
const BROWSER_VOLATILITY: (f64, f64) = (0.01, 0.2);

/// A puzzle's rating before anyone tried it: a win in one move 1200, each further move of the winner 250
/// more, a first move that loses at once elsewhere (`defence`) 100 more.
pub fn prior(depth: u32, defence: bool) -> Glicko {
    let moves = f64::from(depth.clamp(1, 8) - 1);
    Glicko {
        rating: 1200.0 + 250.0 * moves + if defence { 100.0 } else { 0.0 },
        deviation: START_DEVIATION,
        volatility: START_VOLATILITY,
    }
}

fn g(x: Glicko) -> Glicko2Rating {
    Glicko2Rating {
        rating: x.rating,
        deviation: x.deviation,
        volatility: x.volatility,
    }
}

fn back(x: Glicko2Rating) -> Glicko {
    Glicko {
        rating: x.rating,
        deviation: x.deviation.min(START_DEVIATION),
        volatility: x.volatility,
    }
}

/// The solver's and the puzzle's ratings after an attempt.
pub fn rate(solver: Glicko, puzzle: Glicko, solved: bool) -> (Glicko, Glicko) {
    let outcome = if solved {
        Outcomes::WIN
    } else {
        Outcomes::LOSS
    };
    let config = Glicko2Config {
        tau: TAU,
        ..Glicko2Config::new()
    };
    let (s, p) = glicko2(&g(solver), &g(puzzle), &outcome, &config);
    (back(s), back(p))
}

/// A browser's claimed rating, kept within bounds (a start rating for nothing or nonsense).
pub fn browser(claimed: Option<Glicko>) -> Glicko {
    let Some(c) = claimed else {
        return START;
    };
    if !(c.rating.is_finite() && c.deviation.is_finite() && c.volatility.is_finite()) {
        return START;
    }
    Glicko {
        rating: c.rating.clamp(BROWSER_RATING.0, BROWSER_RATING.1),
        deviation: c.deviation.clamp(BROWSER_DEVIATION.0, BROWSER_DEVIATION.1),
        volatility: c
            .volatility
            .clamp(BROWSER_VOLATILITY.0, BROWSER_VOLATILITY.1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_solve_lowers_the_puzzles_rating_and_raises_the_solvers() {
        let puzzle = prior(2, false);
        let (s, p) = rate(START, puzzle, true);
        assert!(s.rating > START.rating, "{s:?}");
        assert!(p.rating < puzzle.rating, "{p:?}");
        assert!(s.deviation < START.deviation);
        let (s, p) = rate(START, puzzle, false);
        assert!(s.rating < START.rating, "{s:?}");
        assert!(p.rating > puzzle.rating, "{p:?}");
    }

    #[test]
    fn solving_a_harder_puzzle_gains_more() {
        let (easy, _) = rate(START, prior(1, false), true);
        let (hard, _) = rate(START, prior(3, true), true);
        assert!(hard.rating > easy.rating, "{easy:?} {hard:?}");
    }

    #[test]
    fn a_browsers_claim_is_kept_within_bounds() {
        assert_eq!(browser(None), START);
        let wild = browser(Some(Glicko {
            rating: 1e9,
            deviation: 0.0,
            volatility: f64::NAN,
        }));
        assert_eq!(wild, START);
        let high = browser(Some(Glicko {
            rating: 1e9,
            deviation: 0.0,
            volatility: 1.0,
        }));
        assert_eq!(
            (high.rating, high.deviation, high.volatility),
            (3000.0, 45.0, 0.2)
        );
    }
}
