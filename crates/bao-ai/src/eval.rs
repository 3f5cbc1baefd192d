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
//! The weights differ per variant ([`Weights::for_variant`]); they were tuned by self-play with
//! `examples/tune.rs` (see docs/benchmarks.md).

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
    /// The tuned weights of `variant`.
    pub const fn for_variant(variant: Variant) -> Weights {
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
}

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

#[inline]
fn side_terms(
    w: &Weights,
    pos: &Position,
    side: Side,
    stage: Stage,
    threat_bits: u8,
    threat_weight: i32,
) -> i32 {
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
    w.front * front + w.back * back + w.hand * i32::from(pos.hand(side)) + w.occupied * occupied
        - thin
        + w.mobility * mobility
        + threat_weight * threat
        + house
}

/// The evaluation of a position that is not finished, from the side to move's point of view.
pub fn evaluate(pos: &Position, w: &Weights) -> i32 {
    evaluate_with_targets(pos, w, mover_targets(pos))
}

/// [`evaluate`] with the side to move's [`mover_targets`] already known.
#[inline]
pub fn evaluate_with_targets(pos: &Position, w: &Weights, my_targets: u8) -> i32 {
    let me = pos.to_move();
    let opp = me.opponent();
    let my_stage = pos.stage(me);
    let opp_stage = pos.stage(opp);
    let opp_targets = targets(opp_stage, pos.ring(opp), pos.ring(me), None);
    w.tempo + side_terms(w, pos, me, my_stage, my_targets, w.threat_to_move)
        - side_terms(w, pos, opp, opp_stage, opp_targets, w.threat_waiting)
}
