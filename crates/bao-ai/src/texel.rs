//! Texel tuning: fitting the evaluation weights to game results.
//!
//! Each sample is a quiet position (the side to move has no capture, so the capture extension would return
//! the static evaluation unchanged) with the result of the game it came from, from the side to move's point
//! of view (1 won, 0 lost, ½ unfinished). The evaluation `e` predicts that result as `sigmoid(K·e)`; the
//! tuner first fits `K` to the current weights, then moves the integer weights one at a time (coordinate
//! descent) to lower the mean squared error `(result − sigmoid(K·e))²`. With `K` fixed, the scale of the
//! weights stays that of the current ones (a front seed about 10).
//!
//! The evaluation is linear in its weights ([`eval::features`]), so a sample is stored as its terms and the
//! loss of a weight set costs one dot product per sample.

use bao_core::Position;

use crate::eval::{self, Weights, FEATURES};

/// A quiet position reduced to its evaluation terms, with the result of its game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    /// [`eval::features`] of the position.
    pub features: [i32; FEATURES],
    /// The game's result for the side to move: 1 won, 0 lost, 0.5 unfinished.
    pub result: f64,
}

/// Whether the static evaluation of `pos` is what the search's capture extension would return for it: the
/// game is not over and the side to move has no capture.
pub fn is_quiet(pos: &Position) -> bool {
    pos.result().is_none() && eval::mover_targets(pos) == 0
}

/// A sample of `pos` with `result` (for the side to move), or `None` when `pos` is not quiet.
pub fn sample(pos: &Position, result: f64) -> Option<Sample> {
    is_quiet(pos).then(|| Sample {
        features: eval::features(pos),
        result,
    })
}

/// The evaluation of a sample with weights `w` (as [`eval::evaluate`] would give for its position).
#[inline]
pub fn eval_of(s: &Sample, w: &[i32; FEATURES]) -> i32 {
    s.features.iter().zip(w).map(|(f, w)| f * w).sum()
}

/// The predicted result of an evaluation `e`.
#[inline]
pub fn sigmoid(k: f64, e: i32) -> f64 {
    1.0 / (1.0 + (-k * f64::from(e)).exp())
}

/// Mean squared error of the predictions of `w` over `samples` (0 for no samples).
pub fn loss(samples: &[Sample], w: &Weights, k: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let w = w.to_array();
    let sum: f64 = samples
        .iter()
        .map(|s| (s.result - sigmoid(k, eval_of(s, &w))).powi(2))
        .sum();
    sum / samples.len() as f64
}

/// The `K` that minimises the loss of `w`: a golden-section search of log K over [1e-5, 1].
pub fn fit_k(samples: &[Sample], w: &Weights) -> f64 {
    let f = |lk: f64| loss(samples, w, lk.exp());
    let (mut a, mut b) = (1e-5f64.ln(), 0.0f64);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    let mut c = b - g * (b - a);
    let mut d = a + g * (b - a);
    let (mut fc, mut fd) = (f(c), f(d));
    for _ in 0..60 {
        if fc < fd {
            b = d;
            d = c;
            fd = fc;
            c = b - g * (b - a);
            fc = f(c);
        } else {
            a = c;
            c = d;
            fc = fd;
            d = a + g * (b - a);
            fd = f(d);
        }
    }
    ((a + b) / 2.0).exp()
}

/// Coordinate descent on the integer weights: each weight not in `fixed` (indices of
/// [`Weights::NAMES`]) is moved by ±1 as long as that lowers the loss, for at most `passes` passes over
/// all weights or until a pass changes nothing. Returns the weights and their loss.
pub fn tune(
    samples: &[Sample],
    start: &Weights,
    k: f64,
    passes: u32,
    fixed: &[usize],
) -> (Weights, f64) {
    let mut w = *start;
    let mut best = loss(samples, &w, k);
    for _ in 0..passes {
        let mut changed = false;
        for i in (0..FEATURES).filter(|i| !fixed.contains(i)) {
            for step in [1, -1] {
                let mut moved = false;
                loop {
                    let mut a = w.to_array();
                    a[i] += step;
                    let cand = Weights::from_array(a);
                    let l = loss(samples, &cand, k);
                    if l < best {
                        best = l;
                        w = cand;
                        moved = true;
                        changed = true;
                    } else {
                        break;
                    }
                }
                // Once a direction helped, the other cannot (the loss is convex along one weight).
                if moved {
                    break;
                }
            }
        }
        if !changed {
            break;
        }
    }
    (w, best)
}

#[cfg(test)]
mod tests {
    use super::*;
    use bao_core::Variant;

    /// A fixture where the result follows the front-row seeds and not the back-row seeds: the tuner
    /// must lower the loss, raise `front` and lower `back`.
    #[test]
    fn tuning_lowers_the_loss_on_a_small_fixture() {
        let mut samples = Vec::new();
        let mut seed = 3u64;
        for _ in 0..400 {
            seed = crate::rng::mix(seed);
            let front = (seed % 21) as i32 - 10;
            let back = ((seed >> 8) % 21) as i32 - 10;
            let mut f = [0; FEATURES];
            f[0] = front;
            f[1] = back;
            f[9] = 1;
            // Mostly decided by the front row, with some noise.
            let result = if (front + ((seed >> 16) % 5) as i32 - 2) > 0 {
                1.0
            } else {
                0.0
            };
            samples.push(Sample {
                features: f,
                result,
            });
        }
        let start = Weights::v1(Variant::Kiswahili);
        let k = fit_k(&samples, &start);
        assert!(k > 1e-5 && k < 1.0, "{k}");
        let before = loss(&samples, &start, k);
        let (w, after) = tune(&samples, &start, k, 50, &[]);
        assert!(after < before * 0.9, "{before} -> {after}");
        assert_eq!(after, loss(&samples, &w, k));
        assert!(w.front > start.front, "{w:?}");
        assert!(w.back < start.back, "{w:?}");
        // Fixed weights do not move.
        let (w2, _) = tune(&samples, &start, k, 50, &[0]);
        assert_eq!(w2.front, start.front);
    }

    #[test]
    fn samples_are_taken_from_quiet_positions_only() {
        let pos = Position::new(Variant::Kiswahili);
        let s = sample(&pos, 1.0);
        assert_eq!(s.is_some(), is_quiet(&pos));
        if let Some(s) = s {
            let w = Weights::v1(Variant::Kiswahili);
            assert_eq!(eval_of(&s, &w.to_array()), eval::evaluate(&pos, &w));
        }
    }
}
