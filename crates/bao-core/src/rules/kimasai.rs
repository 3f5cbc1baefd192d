//! Bao la Kimasai (rules.md section 9): clockwise relay sowing; phase 1 brings cows from the reserve and never
//! captures; phase 2 lifts any occupied pit and raids the facing pit automatically.

use super::{own_pit, run_and_finish, start, Stage};
use crate::moves::Move;
use crate::position::Position;
use crate::sow::{LapRules, Safari};
use crate::trace::{Recorder, Step};

pub(crate) fn for_each_legal<R: Recorder>(
    pos: &Position,
    rec: &mut R,
    f: &mut impl FnMut(Move, &Position),
) {
    let stage = pos.stage();
    for s in 0..16u8 {
        if pos.board[pos.to_move.index()][s as usize] == 0 {
            continue;
        }
        if let Some(p) = play(pos, stage, s, rec) {
            f(Move::pit_only(own_pit(pos, s)), &p);
        }
    }
}

pub(crate) fn simulate<R: Recorder>(pos: &Position, mv: Move, rec: &mut R) -> Option<Position> {
    if mv.dir.is_some() || mv.safari {
        return None;
    }
    let s = mv.pit.ring();
    if pos.board[pos.to_move.index()][s as usize] == 0 {
        return None;
    }
    play(pos, pos.stage(), s, rec)
}

fn play<R: Recorder>(pos: &Position, stage: Stage, s: u8, rec: &mut R) -> Option<Position> {
    let me = pos.to_move.index();
    let mut p = *pos;
    let phase2 = stage == Stage::KimasaiPhase2;
    if stage == (Stage::KimasaiPhase1 { hand: true }) {
        p.hand[me] -= 1;
        p.board[me][s as usize] += 1;
        rec.step(Step::Hand {
            pit: own_pit(pos, s),
        });
    }
    let rules = LapRules {
        capture: phase2,
        kimasai: true,
        nyumba_stop: false,
        capture_ends_houses: false,
        takasia: None,
    };
    let mut sw = start(&p, rules, rec);
    sw.clockwise = true;
    let n = sw.lift_all(s);
    sw.rec.step(Step::Lift {
        pit: own_pit(pos, s),
        count: n,
        tax: false,
    });
    run_and_finish(sw, Safari::Stop, false).map(|(p, _)| p)
}
