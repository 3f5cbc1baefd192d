//! Static evaluation, from the point of view of the side to move, in "centiseeds"-like units (a front-row
//! seed is worth about 10).
//!
//! Bao is won by emptying the opponent's front row (or leaving them without a move), not by counting, so the
//! terms measure how safe each front row is and how much the sides can capture next:
//!
//! - **material**: seeds on the front row count more than back-row seeds because only front seeds can be
//!   captured and only they keep the front row alive; seeds in hand (Kiswahili namua, Kimasai reserve) will be
//!   put on the board later and count in between;
//! - **occupied front pits**: a front row with few occupied pits is one capture away from losing, so each
//!   occupied pit is worth something and the last two carry an extra penalty;
//! - **mobility**: pits that can start a move (2 seeds in mtaji; 1 in Kimasai phase 2). A side that runs out
//!   of moves loses;
//! - **capture threats**: the opponent's front seeds each side could capture with the first lap of a capture
//!   move if it were to move. The side to move will actually capture (captures are mandatory), so its threats
//!   weigh more;
//! - **nyumba**: an owned nyumba with 6 or more seeds gives the namua stop/safari choice and tax moves.
//!
//! The weights differ per variant. [`Weights::v1`] are the weights before issue 21 (hand-set, a few tuned by
//! self-play matches with `examples/tune.rs`); [`Weights::tuned`] are fitted to self-play results (and, for
//! Kiswahili, deeper searches) by `bao tune` (Texel tuning). See docs/benchmarks.md.

use bao_core::{Position, Side, Stage, Variant};

/// Evaluation weights. All terms are differences "side to move minus opponent" unless said otherwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Per seed on the front row.
    pub front: i32,
    /// Per seed on the back row.
    pub back: i32,
    /// Per seed in hand.
    pub hand: i32,
    /// Per occupied front pit.
    pub occupied: i32,
    /// Penalty when only two front pits are occupied (doubled when only one is).
    pub thin_front: i32,
    /// Per pit that can start a move.
    pub mobility: i32,
    /// Per opponent front seed the side to move can capture now.
    pub threat_to_move: i32,
    /// Per opponent front seed the side not to move could capture on its turn.
    pub threat_waiting: i32,
    /// For an owned nyumba holding 6 or more seeds.
    pub house: i32,
    /// Bonus for the side to move (the initiative).
    pub tempo: i32,
}

impl Weights {
    /// The names of the weights, in the order of [`Weights::to_array`] and [`features`].
    pub const NAMES: [&'static str; FEATURES] = [
        "front",
        "back",
        "hand",
        "occupied",
        "thin_front",
        "mobility",
        "threat_to_move",
        "threat_waiting",
        "house",
        "tempo",
    ];

    /// The weights as an array, in the order of [`Weights::NAMES`].
    pub const fn to_array(self) -> [i32; FEATURES] {
        [
            self.front,
            self.back,
            self.hand,
            self.occupied,
            self.thin_front,
            self.mobility,
            self.threat_to_move,
            self.threat_waiting,
            self.house,
            self.tempo,
        ]
    }

    /// The inverse of [`Weights::to_array`].
    pub const fn from_array(a: [i32; FEATURES]) -> Weights {
        Weights {
            front: a[0],
            back: a[1],
            hand: a[2],
            occupied: a[3],
            thin_front: a[4],
            mobility: a[5],
            threat_to_move: a[6],
            threat_waiting: a[7],
            house: a[8],
            tempo: a[9],
        }
    }

    /// The weights of `variant` as they were before issue 21 (hand-set, then tuned by self-play matches):
    /// what `hard-v1`, `medium` and `easy` use. Frozen: a test keeps them from drifting.
    pub const fn v1(variant: Variant) -> Weights {
        match variant {
            Variant::Kujifunza => Weights {
                front: 10,
                back: 5,
                hand: 7,
                occupied: 8,
                thin_front: 40,
                mobility: 3,
                threat_to_move: 4,
                threat_waiting: 3,
                house: 0,
                tempo: 5,
            },
            Variant::Kiswahili | Variant::KiswahiliMalawi => Weights {
                front: 10,
                // Self-play at depth 3: back 8 scored 58% [51, 65] against back 5 (docs/benchmarks.md).
                back: 8,
                hand: 7,
                occupied: 8,
                thin_front: 40,
                mobility: 3,
                threat_to_move: 4,
                threat_waiting: 3,
                house: 30,
                tempo: 5,
            },
            Variant::Kimasai => Weights {
                front: 10,
                // Self-play at depth 3: back 8 scored 55.5% [49, 62] against back 6.
                back: 8,
                hand: 8,
                occupied: 8,
                thin_front: 40,
                mobility: 2,
                threat_to_move: 4,
                threat_waiting: 3,
                house: 0,
                tempo: 5,
            },
        }
    }

    /// The weights fitted to self-play results by `bao tune` (Texel tuning, docs/benchmarks.md), for the
    /// variants where a match against `hard-v1` showed they pay; [`Weights::v1`] elsewhere.
    pub const fn tuned(variant: Variant) -> Weights {
        match variant {
            // `bao tune --variant kujifunza` (front, hand and tempo fixed), on 1,135 self-play games of
            // hard-v1 at 10,000 nodes: loss 0.0676 -> 0.0355 (held out 0.0801 -> 0.0338). Against hard-v1
            // at 100,000 nodes: 57.0% [53.1, 60.9] over 200 paired games. Back-row seeds (out of reach
            // of captures) count six times a front seed; a front row down to one or two pits is nearly lost.
            Variant::Kujifunza => Weights {
                front: 10,
                back: 62,
                hand: 7,
                occupied: -58,
                thin_front: 479,
                mobility: 42,
                threat_to_move: 4,
                threat_waiting: 47,
                house: 0,
                tempo: 5,
            },
            // `bao tune --variant kimasai` (front, hand and tempo fixed), on 517 self-play games of hard-v1
            // at 10,000 nodes: loss 0.2296 -> 0.2239 (held out 0.2278 -> 0.2252). Against hard-v1 at
            // 100,000 nodes: 73.5% [68.0, 79.0] over 200 paired games. Back 8 -> 13; occupied pits, a thin
            // front row and the waiting side's threats count (nearly) nothing.
            Variant::Kimasai => Weights {
                front: 10,
                back: 13,
                hand: 8,
                occupied: -1,
                thin_front: -11,
                mobility: 3,
                threat_to_move: 4,
                threat_waiting: 0,
                house: 0,
                tempo: 5,
            },
            // Fitted to game results alone, Kiswahili's weights lost to hard-v1 (40.5% [33.2, 47.8]). These
            // are fitted to labels that blend the result (0.3) with a 300,000-node search of the position
            // (0.7): `bao tune --variant kiswahili --games 400 --nodes 10000 --balance 100 --fixed
            // front,hand,tempo --search-label 300000 --lambda 0.3`, 3,248 quiet positions, loss 0.0463 ->
            // 0.0360 (held out 0.0469 -> 0.0357). Against hard-v1 at 100,000 nodes: 74.0% [68.0, 80.0]
            // over 200 paired games (77.0% over 100 more with another seed); Kiswahili-Malawi, the same
            // weights: see docs/benchmarks.md. Back-row seeds and mobility count far more, many occupied
            // front pits are targets rather than strength, and a strong nyumba is worth 7 front seeds.
            Variant::Kiswahili | Variant::KiswahiliMalawi => Weights {
                front: 10,
                back: 25,
                hand: 7,
                occupied: -38,
                thin_front: 30,
                mobility: 50,
                threat_to_move: 4,
                threat_waiting: 6,
                house: 70,
                tempo: 5,
            },
        }
    }
}

/// Which weight set a level evaluates with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum WeightSet {
    /// [`Weights::v1`]: the weights before issue 21.
    #[default]
    V1,
    /// [`Weights::tuned`]: fitted to self-play results.
    Tuned,
}

impl WeightSet {
    /// The weights of the set for `variant`.
    pub const fn weights(self, variant: Variant) -> Weights {
        match self {
            WeightSet::V1 => Weights::v1(variant),
            WeightSet::Tuned => Weights::tuned(variant),
        }
    }
}

/// Number of evaluation terms (and weights).
pub const FEATURES: usize = 10;

/// Bit `i` set: the opponent's front pit at ring index `i` is capturable by `me` with a first lap, were `me` to
/// move. `skip` is a start pit `me` may not use (takasia).
#[inline]
fn targets(stage: Stage, me: &[u8; 16], opp: &[u8; 16], skip: Option<u8>) -> u8 {
    let mut bits = 0u8;
    match stage {
        // Lift a pit of 2+ seeds; captures on the first lap from 2..=15 seeds.
        Stage::Mtaji => {
            for s in 0..16u8 {
                let n = me[s as usize];
                if !(2..=15).contains(&n) || Some(s) == skip {
                    continue;
                }
                for e in [(s + n) & 15, s.wrapping_sub(n) & 15] {
                    if e < 8 && me[e as usize] > 0 && opp[7 - e as usize] > 0 {
                        bits |= 1 << (7 - e);
                    }
                }
            }
        }
        // A hand seed into an occupied front pit captures the facing pit if that is occupied.
        Stage::Namua => {
            for e in 0..8usize {
                if me[e] > 0 && opp[7 - e] > 0 {
                    bits |= 1 << (7 - e);
                }
            }
        }
        // Phase 1 never captures.
        Stage::Phase1 => {}
        // Lift any occupied pit, clockwise; captures at a lap end in an occupied front pit.
        Stage::Phase2 => {
            for s in 0..16u8 {
                let n = me[s as usize];
                if n == 0 {
                    continue;
                }
                let e = ((s as u32 + n as u32) & 15) as usize;
                // With 16 or more seeds the end pit got a seed on the way round, so it is occupied.
                if e < 8 && (me[e] > 0 || n >= 16) && opp[7 - e] > 0 {
                    bits |= 1 << (7 - e);
                }
            }
        }
    }
    bits
}

/// Whether the side to move has a capture move, by the first-lap rule of its stage (Kimasai phase 2: whether
/// some move captures on its first lap). Cheap: no sowing is simulated.
pub fn capture_available(pos: &Position) -> bool {
    mover_targets(pos) != 0
}

/// The opponent front pits (bit i: ring index i) the side to move can capture with a first lap; 0 when it
/// has no capture. Pass it to [`evaluate_with_targets`] to avoid computing it twice.
#[inline]
pub fn mover_targets(pos: &Position) -> u8 {
    let me = pos.to_move();
    let skip = pos.takasia().map(|p| p.ring());
    targets(pos.stage(me), pos.ring(me), pos.ring(me.opponent()), skip)
}

/// Whether the side to move must capture (every legal move is a capture): Kujifunza and Kiswahili, where
/// captures are mandatory. Kimasai captures are automatic, not obligatory, so this is false there.
pub fn must_capture(pos: &Position) -> bool {
    !matches!(pos.variant(), Variant::Kimasai) && capture_available(pos)
}

/// Seeds a side holds in all (board and hand): a capture moves seeds from one side to the other.
#[inline]
pub fn material(pos: &Position, side: Side) -> u32 {
    pos.ring(side).iter().map(|&c| u32::from(c)).sum::<u32>() + u32::from(pos.hand(side))
}

/// The raw terms of one side, in the order of [`Weights::NAMES`]; the threat term is the threatened seeds
/// (weighted by the caller according to who moves) and the tempo term is 0.
#[inline]
fn side_terms(pos: &Position, side: Side, stage: Stage, threat_bits: u8) -> [i32; FEATURES] {
    let me = pos.ring(side);
    let opp = pos.ring(side.opponent());
    let mut front = 0i32;
    let mut occupied = 0i32;
    for &c in &me[..8] {
        front += i32::from(c);
        occupied += i32::from(c > 0);
    }
    let back: i32 = me[8..].iter().map(|&c| i32::from(c)).sum();
    let min_start = match stage {
        Stage::Phase2 => 1,
        _ => 2,
    };
    let mobility = match stage {
        Stage::Namua => occupied,
        _ => me.iter().filter(|&&c| c >= min_start).count() as i32,
    };
    let mut threat = 0i32;
    let mut bits = threat_bits;
    while bits != 0 {
        let i = bits.trailing_zeros() as usize;
        threat += i32::from(opp[i]);
        bits &= bits - 1;
    }
    // A penalty: counted negatively so that every weight multiplies its term.
    let thin = match occupied {
        0 | 1 => -2,
        2 => -1,
        _ => 0,
    };
    let house = i32::from(pos.owns_house(side) && me[4] >= 6);
    [
        front,
        back,
        i32::from(pos.hand(side)),
        occupied,
        thin,
        mobility,
        threat,
        0,
        house,
        0,
    ]
}

/// The terms of the evaluation of `pos` (not finished), side to move minus opponent, in the order of
/// [`Weights::NAMES`]: [`evaluate`] is their dot product with [`Weights::to_array`]. The tuner fits
/// weights to them.
pub fn features(pos: &Position) -> [i32; FEATURES] {
    features_with_targets(pos, mover_targets(pos))
}

#[inline]
fn features_with_targets(pos: &Position, my_targets: u8) -> [i32; FEATURES] {
    let me = pos.to_move();
    let opp = me.opponent();
    let opp_stage = pos.stage(opp);
    let opp_targets = targets(opp_stage, pos.ring(opp), pos.ring(me), None);
    let mine = side_terms(pos, me, pos.stage(me), my_targets);
    let theirs = side_terms(pos, opp, opp_stage, opp_targets);
    let mut f = [0i32; FEATURES];
    for i in 0..FEATURES {
        f[i] = mine[i] - theirs[i];
    }
    // The threats weigh differently for the side to move (it will capture) and the other side.
    f[6] = mine[6];
    f[7] = -theirs[6];
    f[9] = 1;
    f
}

/// The evaluation of a position that is not finished, from the side to move's point of view.
pub fn evaluate(pos: &Position, w: &Weights) -> i32 {
    evaluate_with_targets(pos, w, mover_targets(pos))
}

/// [`evaluate`] with the side to move's [`mover_targets`] already known.
#[inline]
pub fn evaluate_with_targets(pos: &Position, w: &Weights, my_targets: u8) -> i32 {
    let f = features_with_targets(pos, my_targets);
    let w = w.to_array();
    let mut e = 0;
    for i in 0..FEATURES {
        e += w[i] * f[i];
    }
    e
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The evaluation as it was written before the tuner needed its terms, kept to check [`features`].
    fn reference(pos: &Position, w: &Weights) -> i32 {
        fn side(w: &Weights, pos: &Position, side: Side, stage: Stage, bits: u8, tw: i32) -> i32 {
            let me = pos.ring(side);
            let opp = pos.ring(side.opponent());
            let front: i32 = me[..8].iter().map(|&c| i32::from(c)).sum();
            let occupied = me[..8].iter().filter(|&&c| c > 0).count() as i32;
            let back: i32 = me[8..].iter().map(|&c| i32::from(c)).sum();
            let min_start = if stage == Stage::Phase2 { 1 } else { 2 };
            let mobility = match stage {
                Stage::Namua => occupied,
                _ => me.iter().filter(|&&c| c >= min_start).count() as i32,
            };
            let threat: i32 = (0..8)
                .filter(|i| bits & (1 << i) != 0)
                .map(|i| i32::from(opp[i]))
                .sum();
            let thin = match occupied {
                0 | 1 => 2 * w.thin_front,
                2 => w.thin_front,
                _ => 0,
            };
            let house = if pos.owns_house(side) && me[4] >= 6 {
                w.house
            } else {
                0
            };
            w.front * front
                + w.back * back
                + w.hand * i32::from(pos.hand(side))
                + w.occupied * occupied
                - thin
                + w.mobility * mobility
                + tw * threat
                + house
        }
        let me = pos.to_move();
        let opp = me.opponent();
        let opp_targets = targets(pos.stage(opp), pos.ring(opp), pos.ring(me), None);
        w.tempo
            + side(
                w,
                pos,
                me,
                pos.stage(me),
                mover_targets(pos),
                w.threat_to_move,
            )
            - side(w, pos, opp, pos.stage(opp), opp_targets, w.threat_waiting)
    }

    #[test]
    fn the_features_give_the_evaluation() {
        let odd = Weights::from_array([11, 3, 5, 7, 13, 17, 19, 23, 29, 31]);
        let mut seed = 7u64;
        for variant in Variant::ALL {
            for _ in 0..20 {
                let mut pos = Position::new(variant);
                for _ in 0..60 {
                    if pos.result().is_some() {
                        break;
                    }
                    for w in [Weights::v1(variant), Weights::tuned(variant), odd] {
                        assert_eq!(evaluate(&pos, &w), reference(&pos, &w), "{}", pos.to_json());
                    }
                    let children = pos.children();
                    if children.is_empty() {
                        break;
                    }
                    seed = crate::rng::mix(seed);
                    pos = children[(seed % children.len() as u64) as usize].1;
                }
            }
        }
    }

    /// `hard-v1`, `medium` and `easy` play with these: they must not drift.
    #[test]
    fn the_v1_weights_are_frozen() {
        assert_eq!(
            Weights::v1(Variant::Kujifunza).to_array(),
            [10, 5, 7, 8, 40, 3, 4, 3, 0, 5]
        );
        for v in [Variant::Kiswahili, Variant::KiswahiliMalawi] {
            assert_eq!(Weights::v1(v).to_array(), [10, 8, 7, 8, 40, 3, 4, 3, 30, 5]);
        }
        assert_eq!(
            Weights::v1(Variant::Kimasai).to_array(),
            [10, 8, 8, 8, 40, 2, 4, 3, 0, 5]
        );
        for v in Variant::ALL {
            assert_eq!(WeightSet::V1.weights(v), Weights::v1(v));
            assert_eq!(
                Weights::from_array(Weights::v1(v).to_array()),
                Weights::v1(v)
            );
        }
    }
}
