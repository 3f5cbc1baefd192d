//! The trace of a move: its sowing steps in order, so that a client can animate the move seed by seed.
//!
//! Replaying a trace on the position before the move gives the position after it: keep a count of seeds
//! "in the air"; `hand` moves one seed from the mover's hand into a pit; `lift`, `relay` and `safari` empty a
//! pit into the air (a taxed nyumba lifts only `count` seeds); `capture` empties an opponent pit into the air;
//! `sow` drops one seed from the air; `win` puts the seeds still in the air into the winner's hand.

use crate::pit::{Pit, Side};
use crate::result::Reason;

/// One step of a move, in the order it happens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "step", rename_all = "snake_case"))]
pub enum Step {
    /// One seed from the mover's hand (Kimasai: reserve) is put into `pit`.
    Hand {
        /// The pit that receives the seed.
        #[cfg_attr(feature = "serde", serde(with = "crate::json::pit_str"))]
        pit: Pit,
    },
    /// `count` seeds are lifted from the start pit (`tax`: only two, from a taxed nyumba that stays owned).
    Lift {
        /// The start pit.
        #[cfg_attr(feature = "serde", serde(with = "crate::json::pit_str"))]
        pit: Pit,
        /// Seeds lifted.
        count: u8,
        /// The nyumba is taxed: only two seeds leave it.
        #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "is_false"))]
        tax: bool,
    },
    /// One seed is dropped into `pit`.
    Sow {
        /// The pit that receives the seed.
        #[cfg_attr(feature = "serde", serde(with = "crate::json::pit_str"))]
        pit: Pit,
    },
    /// The seeds of the opponent's pit `pit` are captured; they are sown next, the first into `into`.
    Capture {
        /// The opponent's pit that is emptied.
        #[cfg_attr(feature = "serde", serde(with = "crate::json::pit_str"))]
        pit: Pit,
        /// Seeds taken.
        count: u8,
        /// Where the first captured seed goes (a kichwa; in Kimasai the capturing pit).
        #[cfg_attr(feature = "serde", serde(with = "crate::json::pit_str"))]
        into: Pit,
    },
    /// The lap ended in an occupied pit: all its seeds are lifted and sown on.
    Relay {
        /// The pit that is emptied.
        #[cfg_attr(feature = "serde", serde(with = "crate::json::pit_str"))]
        pit: Pit,
        /// Seeds lifted.
        count: u8,
    },
    /// The move stops in the mover's owned nyumba (namua stage).
    NyumbaStop {
        /// The nyumba.
        #[cfg_attr(feature = "serde", serde(with = "crate::json::pit_str"))]
        pit: Pit,
    },
    /// Safari: the mover empties the nyumba and sows on; the nyumba is no longer owned.
    Safari {
        /// The nyumba.
        #[cfg_attr(feature = "serde", serde(with = "crate::json::pit_str"))]
        pit: Pit,
        /// Seeds lifted.
        count: u8,
    },
    /// The move stops in the takasia'd pit instead of relaying.
    TakasiaStop {
        /// The takasia'd pit.
        #[cfg_attr(feature = "serde", serde(with = "crate::json::pit_str"))]
        pit: Pit,
    },
    /// The game is over; seeds still in the air go to the winner's hand.
    Win {
        /// The winner.
        #[cfg_attr(feature = "serde", serde(with = "crate::json::side_str"))]
        winner: Side,
        /// Why.
        reason: Reason,
    },
}

#[cfg(feature = "serde")]
fn is_false(b: &bool) -> bool {
    !*b
}

/// The steps of one move, in order.
pub type Trace = Vec<Step>;

/// Where the sowing engine reports its steps. The search uses `()`, which records nothing and costs nothing.
pub(crate) trait Recorder {
    /// Whether steps are recorded (lets the engine take shortcuts when they are not).
    const ENABLED: bool;
    fn step(&mut self, step: Step);
    /// Asked before every lap of a long move (past the laps that ordinary moves need): `false` abandons the
    /// move unfinished. Only [`crate::sow::LapBudget`] ever says no.
    #[inline(always)]
    fn more_laps(&mut self) -> bool {
        true
    }
}

impl Recorder for () {
    const ENABLED: bool = false;
    #[inline(always)]
    fn step(&mut self, _: Step) {}
}

impl Recorder for Vec<Step> {
    const ENABLED: bool = true;
    #[inline]
    fn step(&mut self, step: Step) {
        self.push(step);
    }
}
