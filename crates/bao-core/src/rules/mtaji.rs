//! Bao la Kujifunza, and the mtaji stage of Bao la Kiswahili (rules.md sections 4 and 5.4): lift all seeds of
//! a pit holding at least 2, captures mandatory, takasa from the front row first, the kichwa restriction.

use super::{letter, lift, own_pit, run_and_finish};
use crate::moves::Move;
use crate::position::Position;
use crate::sow::{LapRules, Safari};
use crate::trace::Recorder;
use crate::why::Blocked;

/// Where the first lap from ring index `s` with `n` seeds ends.
#[inline(always)]
fn lap_end(s: u8, n: u8, clockwise: bool) -> u8 {
    if clockwise {
        (s + n) & 15
    } else {
        s.wrapping_sub(n) & 15
    }
}

/// Whether sowing pit `s` in this direction is a capture move: 2..=15 seeds whose first lap ends in an own
/// front pit that was occupied, facing an occupied pit.
#[inline(always)]
pub(crate) fn is_capture(me: &[u8; 16], opp: &[u8; 16], s: u8, clockwise: bool) -> bool {
    let n = me[s as usize];
    if !(2..=15).contains(&n) {
        return false;
    }
    // With fewer than 16 seeds the end pit receives only the last seed, so its count before the lap is its
    // count before the drop.
    let e = lap_end(s, n, clockwise);
    e < 8 && me[e as usize] > 0 && opp[7 - e as usize] > 0
}

/// Whether the player owning `me` has a capture move, not counting start pit `skip`.
#[inline]
pub(crate) fn captures_exist(me: &[u8; 16], opp: &[u8; 16], skip: Option<u8>) -> bool {
    (0..16u8)
        .any(|s| Some(s) != skip && (is_capture(me, opp, s, true) || is_capture(me, opp, s, false)))
}

/// The opponent's front pits (bit i = opponent ring index i) that the owner of `me` could capture with the
/// first lap of a capture move.
#[inline]
pub(crate) fn capture_targets(me: &[u8; 16], opp: &[u8; 16]) -> u8 {
    let mut bits = 0u8;
    for s in 0..16u8 {
        for cw in [true, false] {
            if is_capture(me, opp, s, cw) {
                let e = lap_end(s, me[s as usize], cw);
                bits |= 1 << (7 - e);
            }
        }
    }
    bits
}

/// What the side to move may start a move with (rules.md section 4 and the takasia of section 6), decided
/// once per position. The move generator asks it for every pit and direction, and [`crate::why`] asks it why
/// a pit or a move is refused: the one place for these rules.
pub(crate) struct Starts<'a> {
    me: &'a [u8; 16],
    opp: &'a [u8; 16],
    /// The takasia'd pit (ring index), which may not start a move.
    takasia: Option<u8>,
    /// A capture move exists (the takasia'd pit left out), so only capture moves may be played.
    captures: bool,
    /// Some front pit holds 2 or more: a takasa starts in the front row, otherwise in the back row.
    front_has_two: bool,
    /// Only one front pit is occupied: the kichwa rule applies.
    lone_front: bool,
}

impl<'a> Starts<'a> {
    #[inline]
    pub(crate) fn of(pos: &'a Position) -> Starts<'a> {
        let me = &pos.board[pos.to_move.index()];
        let opp = &pos.board[pos.to_move.opponent().index()];
        Starts {
            me,
            opp,
            takasia: pos.takasia,
            captures: captures_exist(me, opp, pos.takasia),
            front_has_two: me[..8].iter().any(|&c| c >= 2),
            lone_front: me[..8].iter().filter(|&&c| c > 0).count() == 1,
        }
    }

    /// Whether pit `s` may start a move in some direction, or why not.
    #[inline]
    pub(crate) fn pit(&self, s: u8) -> Result<(), Blocked> {
        let n = self.me[s as usize];
        if n == 0 {
            return Err(Blocked::Empty);
        }
        if Some(s) == self.takasia {
            return Err(Blocked::Takasia);
        }
        if n == 1 {
            return Err(Blocked::Singleton);
        }
        if self.captures {
            if !is_capture(self.me, self.opp, s, true) && !is_capture(self.me, self.opp, s, false) {
                return Err(Blocked::CaptureRequired);
            }
        } else if (s < 8) != self.front_has_two {
            return Err(Blocked::FrontRowFirst);
        }
        Ok(())
    }

    /// Whether sowing pit `s` (which [`Starts::pit`] allows) in this direction is a move, and whether it is a
    /// capture move; or why it is not a move.
    #[inline]
    pub(crate) fn dir(&self, s: u8, clockwise: bool) -> Result<bool, Blocked> {
        if self.captures {
            if is_capture(self.me, self.opp, s, clockwise) {
                Ok(true)
            } else {
                Err(Blocked::CaptureRequired)
            }
        } else if self.lone_front && is_outward_from_kichwa(s, clockwise) {
            Err(Blocked::Direction)
        } else {
            Ok(false)
        }
    }

    /// Why `mv` (from a pit of the side to move) is not a move here, as far as these checks tell.
    pub(crate) fn why_not(&self, mv: Move) -> Option<Blocked> {
        let s = mv.pit.ring();
        if let Err(why) = self.pit(s) {
            return Some(why);
        }
        let Some(d) = mv.dir else {
            return Some(Blocked::Direction);
        };
        if let Err(why) = self.dir(s, d.is_clockwise_in(mv.pit.row())) {
            return Some(why);
        }
        // Safari belongs to the namua stage.
        mv.safari.then_some(Blocked::Safari)
    }
}

pub(crate) fn for_each_legal<R: Recorder>(
    pos: &Position,
    rec: &mut R,
    f: &mut impl FnMut(Move, &Position),
) {
    let starts = Starts::of(pos);
    for s in 0..16u8 {
        if starts.pit(s).is_err() {
            continue;
        }
        for cw in [false, true] {
            if let Ok(capture) = starts.dir(s, cw) {
                if let Some(p) = play(pos, s, cw, capture, rec) {
                    f(Move::new(own_pit(pos, s), letter(s, cw)), &p);
                }
            }
        }
    }
}

/// `A1L` or `A8R`: sowing a kichwa away from the front row.
#[inline(always)]
pub(crate) fn is_outward_from_kichwa(s: u8, clockwise: bool) -> bool {
    (s == 0 && !clockwise) || (s == 7 && clockwise)
}

pub(crate) fn simulate<R: Recorder>(pos: &Position, mv: Move, rec: &mut R) -> Option<Position> {
    let dir = mv.dir?;
    if mv.safari {
        return None;
    }
    let s = mv.pit.ring();
    let cw = dir.is_clockwise_in(mv.pit.row());
    let me = &pos.board[pos.to_move.index()];
    if me[s as usize] < 2 {
        return None;
    }
    let capture = is_capture(me, &pos.board[pos.to_move.opponent().index()], s, cw);
    play(pos, s, cw, capture, rec)
}

/// Lifts pit `s` and sows it as a capture move or a takasa.
#[inline]
fn play<R: Recorder>(
    pos: &Position,
    s: u8,
    cw: bool,
    capture: bool,
    rec: &mut R,
) -> Option<Position> {
    let rules = LapRules {
        capture,
        kimasai: false,
        nyumba_stop: false,
        capture_ends_houses: pos.variant.has_house(),
        takasia: pos.takasia,
    };
    let sw = lift(pos, rules, rec, s, cw, false);
    run_and_finish(sw, Safari::Stop, !capture).map(|(p, _)| p)
}
