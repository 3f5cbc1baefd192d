//! Paired matches between two level settings, as `bao match` plays them: each seeded random opening is played
//! twice with the sides swapped, so neither the opening nor the first move favours one player. Used by
//! `bao rate-levels` (the levels' ratings) and by the test that the levels are ordered.

use bao_core::{Position, Side, Variant};

use crate::{think, LevelConfig, Rng};

/// How a paired match is played.
#[derive(Clone, Copy, Debug)]
pub struct MatchSpec {
    /// The variant.
    pub variant: Variant,
    /// Number of openings (each played twice).
    pub pairs: u32,
    /// Seed of the openings and the players' random choices.
    pub seed: u64,
    /// Random plies of each opening.
    pub opening_plies: u32,
    /// Keep only openings a search of this many nodes scores within this of even ([`crate::openings`]).
    pub balance: Option<(i32, u64)>,
    /// Games longer than this are stopped and count half a point each.
    pub max_plies: u32,
}

/// The first player's results.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MatchResult {
    /// Games won.
    pub wins: u32,
    /// Games lost.
    pub losses: u32,
    /// Games stopped at the ply cap.
    pub unfinished: u32,
    /// The first player's score of each pair (0, 0.25 ... 1: the two games' points over 2).
    pub pair_scores: Vec<f64>,
}

impl MatchResult {
    /// Points of the first player (a win 1, an unfinished game 1/2).
    pub fn points(&self) -> f64 {
        f64::from(self.wins) + f64::from(self.unfinished) / 2.0
    }

    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.unfinished
    }

    /// The first player's mean score and the half-width of its 95% interval, computed over the pairs.
    pub fn score(&self) -> (f64, f64) {
        let n = self.pair_scores.len() as f64;
        if n == 0.0 {
            return (0.5, 0.5);
        }
        let mean = self.pair_scores.iter().sum::<f64>() / n;
        let var = if n > 1.0 {
            self.pair_scores
                .iter()
                .map(|s| (s - mean).powi(2))
                .sum::<f64>()
                / (n - 1.0)
        } else {
            0.0
        };
        (mean, 1.96 * (var / n).sqrt())
    }
}

/// One game from `start`; `Some(side)` is the winner, `None` a game stopped at `max_plies`.
fn game(
    start: Position,
    south: &LevelConfig,
    north: &LevelConfig,
    rng: &mut Rng,
    max_plies: u32,
) -> Option<Side> {
    let mut pos = start;
    for _ in 0..max_plies {
        if let Some(r) = pos.result() {
            return Some(r.winner);
        }
        let me = pos.to_move();
        let cfg = if me == Side::South { south } else { north };
        let Some(mv) = think(&pos, cfg, rng.next_u64()).best else {
            // No legal move: the side to move loses.
            return Some(me.opponent());
        };
        match pos.children().into_iter().find(|(m, _)| *m == mv) {
            Some((_, next)) => pos = next,
            None => return Some(me.opponent()),
        }
    }
    pos.result().map(|r| r.winner)
}

/// Plays the paired match of `a` against `b`; `progress` is called after each pair.
pub fn paired_match(
    spec: &MatchSpec,
    a: &LevelConfig,
    b: &LevelConfig,
    mut progress: impl FnMut(&MatchResult),
) -> MatchResult {
    let mut rng = Rng::new(spec.seed);
    let mut r = MatchResult::default();
    for _ in 0..spec.pairs {
        let start =
            crate::openings::opening(spec.variant, spec.opening_plies, spec.balance, &mut rng);
        let mut pair = 0.0;
        for a_is_south in [true, false] {
            let mut game_rng = Rng::new(rng.next_u64());
            let (south, north) = if a_is_south { (a, b) } else { (b, a) };
            let a_side = if a_is_south { Side::South } else { Side::North };
            match game(start, south, north, &mut game_rng, spec.max_plies) {
                Some(w) if w == a_side => {
                    r.wins += 1;
                    pair += 1.0;
                }
                Some(_) => r.losses += 1,
                None => {
                    r.unfinished += 1;
                    pair += 0.5;
                }
            }
        }
        r.pair_scores.push(pair / 2.0);
        progress(&r);
    }
    r
}
