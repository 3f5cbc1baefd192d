//! Bao la Kimasai (rules.md section 9): clockwise relay sowing; phase 1 brings cows from the reserve and never
//! captures; phase 2 lifts any occupied pit and raids the facing pit automatically.

use super::{lift, own_pit, put_hand_seed, run_and_finish};
use crate::moves::Move;
use crate::pit::Side;
use crate::position::Position;
use crate::sow::{LapRules, Safari};
use crate::stage::Stage;
use crate::trace::Recorder;
use crate::why::Blocked;

pub(crate) fn for_each_legal<R: Recorder>(
    pos: &Position,
    rec: &mut R,
    f: &mut impl FnMut(Move, &Position),
) {
    let start_as = MoveStart::of(pos);
    for s in 0..16u8 {
        if pit(pos, s).is_err() {
            continue;
        }
        if let Some(p) = play(pos, start_as, s, rec) {
            f(Move::pit_only(own_pit(pos, s)), &p);
        }
    }
}

pub(crate) fn simulate<R: Recorder>(pos: &Position, mv: Move, rec: &mut R) -> Option<Position> {
    if why_not(pos, mv).is_some() {
        return None;
    }
    let s = mv.pit.ring();
    play(pos, MoveStart::of(pos), s, rec)
}

/// Whether pit `s` of the side to move may start a move, or why not: any occupied pit may, in both phases
/// (phase 1: a cow goes into an occupied pit; phase 2: a single seed is enough).
#[inline]
pub(crate) fn pit(pos: &Position, s: u8) -> Result<(), Blocked> {
    if pos.board[pos.to_move.index()][s as usize] == 0 {
        Err(Blocked::Empty)
    } else {
        Ok(())
    }
}

/// Why `mv` (from a pit of the side to move) is not a move, as far as the start checks tell.
pub(crate) fn why_not(pos: &Position, mv: Move) -> Option<Blocked> {
    if let Err(why) = pit(pos, mv.pit.ring()) {
        return Some(why);
    }
    // All sowing is clockwise: a move is its pit alone.
    (mv.dir.is_some() || mv.safari).then_some(Blocked::ClockwiseOnly)
}

/// What the mover's [`Stage`] means for how its moves start: whether laps capture (phase 2) and whether a cow
/// from the reserve goes in first (phase 1, but for the exceptions below).
#[derive(Clone, Copy)]
struct MoveStart {
    /// Phase 2: laps may capture.
    capture: bool,
    /// A cow from the reserve goes in first.
    cow: bool,
}

impl MoveStart {
    #[inline]
    fn of(pos: &Position) -> MoveStart {
        let me = pos.to_move;
        let phase1 = pos.stage(me) == Stage::Phase1;
        // South's opening move takes no cow from the reserve (rules.md section 9). A phase-1 mover whose own
        // reserve is empty while the other's is not sows without one (and still cannot capture).
        let opening = me == Side::South && pos.hand == [24, 24];
        MoveStart {
            capture: !phase1,
            cow: phase1 && pos.hand[me.index()] > 0 && !opening,
        }
    }
}

fn play<R: Recorder>(pos: &Position, start_as: MoveStart, s: u8, rec: &mut R) -> Option<Position> {
    let mut p = *pos;
    if start_as.cow {
        put_hand_seed(&mut p, s, rec);
    }
    let rules = LapRules {
        capture: start_as.capture,
        kimasai: true,
        nyumba_stop: false,
        capture_ends_houses: false,
        takasia: None,
    };
    let sw = lift(&p, rules, rec, s, true, false);
    run_and_finish(sw, Safari::Stop, false).map(|(p, _)| p)
}
