//! The namua stage of Bao la Kiswahili (rules.md sections 5.3 and 5.4): every move starts by putting a seed
//! from the hand into an occupied front pit; captures are mandatory and take the facing pit at once; the owned
//! nyumba is taxed, stops laps, and offers safari.

use super::mtaji::is_outward_from_kichwa;
use super::{letter, lift, own_pit, put_hand_seed, run_and_finish, start};
use crate::moves::{Dir, Move};
use crate::pit::NYUMBA;
use crate::position::Position;
use crate::sow::{LapRules, Safari};
use crate::trace::Recorder;

pub(crate) fn for_each_legal<R: Recorder>(
    pos: &Position,
    rec: &mut R,
    f: &mut impl FnMut(Move, &Position),
) {
    let meside = pos.to_move;
    let me = &pos.board[meside.index()];
    let opp = &pos.board[meside.opponent().index()];
    let mut any_capture = false;
    for s in 0..8u8 {
        if me[s as usize] == 0 || opp[7 - s as usize] == 0 {
            continue;
        }
        any_capture = true;
        let letters: &[Dir] = match s {
            0 | 1 => &[Dir::Left],
            6 | 7 => &[Dir::Right],
            _ => &[Dir::Left, Dir::Right],
        };
        for &d in letters {
            let pit = own_pit(pos, s);
            if let Some((p, reached)) = capture(pos, s, d, Safari::Stop, rec) {
                f(Move::new(pit, d), &p);
                if reached {
                    if let Some((p, _)) = capture(pos, s, d, Safari::Go, rec) {
                        f(
                            Move {
                                pit,
                                dir: Some(d),
                                safari: true,
                            },
                            &p,
                        );
                    }
                }
            }
        }
    }
    if any_capture {
        return;
    }
    let occupied = me[..8].iter().filter(|&&c| c > 0).count();
    let big_house = pos.house[meside.index()] && me[NYUMBA as usize] >= 6;
    // The owned nyumba with 6 or more seeds may start a takasa only as the only occupied front pit (taxed).
    let allowed = |s: u8| me[s as usize] > 0 && !(big_house && s == NYUMBA && occupied > 1);
    let any_two = (0..8u8).any(|s| allowed(s) && me[s as usize] >= 2);
    let singles_ok = pos.house[meside.index()] || !any_two;
    for s in 0..8u8 {
        if !allowed(s) || (me[s as usize] == 1 && !singles_ok) {
            continue;
        }
        for cw in [false, true] {
            if occupied == 1 && is_outward_from_kichwa(s, cw) {
                continue;
            }
            if let Some(p) = takasa(pos, s, cw, rec) {
                f(Move::new(own_pit(pos, s), letter(s, cw)), &p);
            }
        }
    }
}

/// Plays a namua move without checking it; also says whether the nyumba stop was reached.
pub(crate) fn simulate<R: Recorder>(
    pos: &Position,
    mv: Move,
    rec: &mut R,
) -> Option<(Position, bool)> {
    let dir = mv.dir?;
    let s = mv.pit.ring();
    let me = pos.to_move.index();
    if s >= 8 || pos.board[me][s as usize] == 0 {
        return None;
    }
    if pos.board[1 - me][7 - s as usize] > 0 {
        let safari = if mv.safari { Safari::Go } else { Safari::Stop };
        capture(pos, s, dir, safari, rec)
    } else {
        takasa(pos, s, dir.is_clockwise_in(mv.pit.row()), rec).map(|p| (p, false))
    }
}

/// A namua capture from front pit `s`, the captured seeds entering at the kichwa the letter names.
fn capture<R: Recorder>(
    pos: &Position,
    s: u8,
    kichwa: Dir,
    safari: Safari,
    rec: &mut R,
) -> Option<(Position, bool)> {
    let mut p = *pos;
    put_hand_seed(&mut p, s, rec);
    let rules = LapRules {
        capture: true,
        kimasai: false,
        nyumba_stop: true,
        capture_ends_houses: false,
        takasia: None,
    };
    let mut sw = start(&p, rules, rec);
    let (into, cw) = match kichwa {
        Dir::Left => (0, true),
        Dir::Right => (7, false),
    };
    sw.capture_into(s, into, cw);
    run_and_finish(sw, safari, false)
}

/// A namua takasa from front pit `s` (taxed when it is the owned nyumba with 6 or more seeds).
fn takasa<R: Recorder>(pos: &Position, s: u8, cw: bool, rec: &mut R) -> Option<Position> {
    let me = pos.to_move.index();
    let taxed = s == NYUMBA && pos.house[me] && pos.board[me][s as usize] >= 6;
    let mut p = *pos;
    put_hand_seed(&mut p, s, rec);
    let rules = LapRules {
        capture: false,
        kimasai: false,
        nyumba_stop: true,
        capture_ends_houses: false,
        takasia: None,
    };
    let sw = lift(&p, rules, rec, s, cw, taxed);
    run_and_finish(sw, Safari::Stop, false).map(|(p, _)| p)
}
