//! The namua stage of Bao la Kiswahili (rules.md sections 5.3 and 5.4): every move starts by putting a seed
//! from the hand into an occupied front pit; captures are mandatory and take the facing pit at once; the owned
//! nyumba is taxed, stops laps, and offers safari.

use super::mtaji::is_outward_from_kichwa;
use super::{lift, own_pit, put_hand_seed, run_and_finish, start};
use crate::moves::{Dir, Move};
use crate::pit::{Row, NYUMBA};
use crate::position::Position;
use crate::sow::{LapRules, Safari};
use crate::trace::Recorder;
use crate::why::Blocked;

/// What the side to move may start a namua move with (rules.md section 5.3), decided once per position. The
/// move generator asks it for every pit and direction, and [`crate::why`] asks it why a pit or a move is
/// refused: the one place for these rules.
pub(crate) struct Starts<'a> {
    me: &'a [u8; 16],
    opp: &'a [u8; 16],
    /// Some occupied front pit faces an occupied pit: only captures may be played.
    captures: bool,
    /// The owned nyumba holds 6 or more seeds while other front pits are occupied, so it may not start a
    /// takasa.
    house_barred: bool,
    /// A single seed may start a takasa: the nyumba is owned, or no allowed front pit holds 2 or more.
    singles_ok: bool,
    /// Only one front pit is occupied: the kichwa rule applies.
    lone_front: bool,
}

impl<'a> Starts<'a> {
    #[inline]
    pub(crate) fn of(pos: &'a Position) -> Starts<'a> {
        let side = pos.to_move.index();
        let me = &pos.board[side];
        let opp = &pos.board[1 - side];
        let captures = (0..8).any(|s| me[s] > 0 && opp[7 - s] > 0);
        let occupied = me[..8].iter().filter(|&&c| c > 0).count();
        let owned = pos.house[side];
        let house_barred = owned && me[NYUMBA as usize] >= 6 && occupied > 1;
        let any_two = (0..8u8).any(|s| me[s as usize] >= 2 && !(house_barred && s == NYUMBA));
        Starts {
            me,
            opp,
            captures,
            house_barred,
            singles_ok: owned || !any_two,
            lone_front: occupied == 1,
        }
    }

    /// Whether pit `s` may start a namua move in some direction, or why not.
    #[inline]
    pub(crate) fn pit(&self, s: u8) -> Result<(), Blocked> {
        if s >= 8 {
            return Err(Blocked::FrontRowFirst);
        }
        let n = self.me[s as usize];
        if n == 0 {
            return Err(Blocked::Empty);
        }
        if self.captures {
            if self.opp[7 - s as usize] == 0 {
                return Err(Blocked::CaptureRequired);
            }
        } else if s == NYUMBA && self.house_barred {
            return Err(Blocked::Nyumba);
        } else if n == 1 && !self.singles_ok {
            return Err(Blocked::Singleton);
        }
        Ok(())
    }

    /// Whether the move from pit `s` (which [`Starts::pit`] allows) with letter `d` is a move, and whether
    /// it is a capture; or why it is not a move. A capture's letter names the kichwa the captured seeds
    /// enter, which `A1`/`A2` and `A7`/`A8` do not choose.
    #[inline]
    pub(crate) fn dir(&self, s: u8, d: Dir) -> Result<bool, Blocked> {
        if self.captures {
            match (s, d) {
                (0 | 1, Dir::Right) | (6 | 7, Dir::Left) => Err(Blocked::Direction),
                _ => Ok(true),
            }
        } else if self.lone_front && is_outward_from_kichwa(s, d.is_clockwise_in(Row::Front)) {
            Err(Blocked::Direction)
        } else {
            Ok(false)
        }
    }

    /// Why `mv` (from a pit of the side to move) is not a move here, as far as these checks tell. A safari
    /// on a capture is left to the caller (only playing the capture tells whether it reaches the nyumba).
    pub(crate) fn why_not(&self, mv: Move) -> Option<Blocked> {
        let s = mv.pit.ring();
        if let Err(why) = self.pit(s) {
            return Some(why);
        }
        let Some(d) = mv.dir else {
            return Some(Blocked::Direction);
        };
        match self.dir(s, d) {
            Err(why) => Some(why),
            Ok(false) if mv.safari => Some(Blocked::Safari),
            Ok(_) => None,
        }
    }
}

pub(crate) fn for_each_legal<R: Recorder>(
    pos: &Position,
    rec: &mut R,
    f: &mut impl FnMut(Move, &Position),
) {
    let starts = Starts::of(pos);
    for s in 0..8u8 {
        if starts.pit(s).is_err() {
            continue;
        }
        let pit = own_pit(pos, s);
        for d in [Dir::Left, Dir::Right] {
            match starts.dir(s, d) {
                Err(_) => {}
                Ok(true) => {
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
                Ok(false) => {
                    if let Some(p) = takasa(pos, s, d.is_clockwise_in(Row::Front), rec) {
                        f(Move::new(pit, d), &p);
                    }
                }
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
