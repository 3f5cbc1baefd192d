//! How a reviewed move is classed, from the computer's scores before and after it.
//!
//! Scores are turned into *chances* first, a number from -1 (lost) to 1 (won) that grows like the score
//! near equality and flattens out in decided positions: `chances(s) = 2 / (1 + e^(-s / SCALE)) - 1`, a forced
//! win or loss being 1 or -1. A move is classed by how much of its side's chances it gave away:
//!
//! | class | chances lost |
//! |---|---|
//! | `best` | the computer's own move, or nothing lost |
//! | `good` | less than 0.1 |
//! | `inaccuracy` | 0.1 to 0.2 |
//! | `mistake` | 0.2 to 0.3 |
//! | `blunder` | 0.3 or more |
//!
//! Why chances and not raw points: in Bao a few seeds decide a balanced game, but once one side leads by a
//! whole row of seeds, giving back a few changes nothing. Near equality, [`SCALE`] = 150 makes 0.1 about 3
//! front seeds (30 points, a typical single capture), 0.2 about 6 and 0.3 about 9 (a capture of a
//! well-filled pit); a side 60 front seeds up (600 points) may give back 20 and the move is still `good`.
//! Missing a forced win, or walking into a forced loss from a balanced position, is always a blunder. The
//! steps of 0.1, 0.2 and 0.3 are the ones lichess uses for chess, on its own scale of chances.

use bao_protocol::MoveClass;

/// Points (a front seed is about 10) at which the chances are about 0.46 (e^-1 of the way to certain).
pub const SCALE: f64 = 150.0;

/// Scores beyond this (in absolute value) are forced wins or losses.
const MATE_BOUND: i32 = bao_ai::search::MATE_BOUND;

/// The chances of a score, from -1 (lost) to 1 (won).
pub fn chances(score: i32) -> f64 {
    if score >= MATE_BOUND {
        return 1.0;
    }
    if score <= -MATE_BOUND {
        return -1.0;
    }
    2.0 / (1.0 + (-f64::from(score) / SCALE).exp()) - 1.0
}

/// The class of a move scored `before` (the position it was played in) and `after` (the position it led
/// to), both for the side that played it; `is_best` when it is the computer's own choice.
pub fn classify(before: i32, after: i32, is_best: bool) -> MoveClass {
    let lost = chances(before) - chances(after);
    if is_best || lost <= 0.0 {
        MoveClass::Best
    } else if lost < 0.1 {
        MoveClass::Good
    } else if lost < 0.2 {
        MoveClass::Inaccuracy
    } else if lost < 0.3 {
        MoveClass::Mistake
    } else {
        MoveClass::Blunder
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bao_ai::MATE;

    #[test]
    fn the_thresholds() {
        use MoveClass::*;
        // Near equality: about 3, 6 and 9 front seeds.
        assert_eq!(classify(0, 0, false), Best);
        assert_eq!(classify(0, -29, false), Good);
        assert_eq!(classify(0, -31, false), Inaccuracy);
        assert_eq!(classify(0, -60, false), Inaccuracy);
        assert_eq!(classify(0, -62, false), Mistake);
        assert_eq!(classify(0, -92, false), Mistake);
        assert_eq!(classify(0, -95, false), Blunder);
        // The computer's own move is best whatever the scores say (its second search may see more).
        assert_eq!(classify(0, -95, true), Best);
        // A better score after than before (the search saw more) is best too.
        assert_eq!(classify(0, 20, false), Best);
        // Far ahead, giving back 20 front seeds is still good, 27 an inaccuracy.
        assert_eq!(classify(600, 400, false), Good);
        assert_eq!(classify(600, 330, false), Inaccuracy);
        // Forced wins and losses.
        assert_eq!(classify(MATE - 3, 100, false), Blunder);
        assert_eq!(classify(0, -MATE + 2, false), Blunder);
        assert_eq!(classify(-MATE + 5, -MATE + 1, false), Best);
        assert_eq!(classify(MATE - 3, MATE - 5, false), Best);
    }

    #[test]
    fn chances_are_bounded_and_odd() {
        assert_eq!(chances(MATE - 1), 1.0);
        assert_eq!(chances(-MATE + 1), -1.0);
        assert!((chances(150) + chances(-150)).abs() < 1e-12);
        assert!(chances(1_000) < 1.0 && chances(1_000) > 0.99);
    }
}
