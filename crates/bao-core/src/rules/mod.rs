//! Which moves are legal and how each one is set going, per variant and [`Stage`].
//!
//! - [`mtaji`]: Bao la Kujifunza and the mtaji stage of Bao la Kiswahili (lift from the board).
//! - [`namua`]: the namua stage of Bao la Kiswahili (a seed from the hand first; nyumba tax, stop, safari).
//! - [`kimasai`]: both phases of Bao la Kimasai.
//! - [`takasia`]: the takasia mark set after a mtaji takasa.
//!
//! Every module works the same way: enumerate the candidate moves cheaply, then play each one through the
//! sowing engine ([`crate::sow`]), which drops moves whose sowing never ends. The end of a move (who won, whose
//! turn, takasia) is settled once, in [`finish`].

pub(crate) mod kimasai;
pub(crate) mod mtaji;
pub(crate) mod namua;
pub(crate) mod takasia;

use arrayvec::ArrayVec;

use crate::moves::{Dir, Move};
use crate::pit::{Pit, Row, Side};
use crate::position::Position;
use crate::result::{GameResult, Reason};
use crate::sow::{End, LapRules, Safari, Sowing};
use crate::stage::Stage;
use crate::trace::{Recorder, Step};
use crate::why::Blocked;

/// Most legal moves a position can have (8 namua captures × 2 kichwa × stop/safari; 16 pits × 2 directions).
pub const MAX_MOVES: usize = 32;

/// A fixed-capacity list of moves (or moves with their positions): no heap allocation.
pub type MoveList<T> = ArrayVec<T, MAX_MOVES>;

/// Calls `f` with every legal move and the position it leads to.
pub(crate) fn for_each_legal(pos: &Position, f: impl FnMut(Move, &Position)) {
    for_each_legal_with(pos, &mut (), f);
}

/// [`for_each_legal`] with a recorder that may abandon long moves ([`crate::sow::LapBudget`]); such moves are
/// left out, so the caller must ask the recorder whether the list is complete.
pub(crate) fn for_each_legal_with<R: Recorder>(
    pos: &Position,
    rec: &mut R,
    mut f: impl FnMut(Move, &Position),
) {
    if pos.result.is_some() {
        return;
    }
    match pos.stage(pos.to_move) {
        Stage::Mtaji => mtaji::for_each_legal(pos, rec, &mut f),
        Stage::Namua => namua::for_each_legal(pos, rec, &mut f),
        Stage::Phase1 | Stage::Phase2 => kimasai::for_each_legal(pos, rec, &mut f),
    }
}

/// Why each pit of the side to move (by ring index) can start no move, as far as the start checks the move
/// generator uses tell (`None`: they allow a move from it, which may still never end).
pub(crate) fn pit_reasons(pos: &Position) -> [Option<Blocked>; 16] {
    let mut out = [None; 16];
    match pos.stage(pos.to_move) {
        Stage::Mtaji => {
            let starts = mtaji::Starts::of(pos);
            for (s, why) in (0..16u8).zip(&mut out) {
                *why = starts.pit(s).err();
            }
        }
        Stage::Namua => {
            let starts = namua::Starts::of(pos);
            for (s, why) in (0..16u8).zip(&mut out) {
                *why = starts.pit(s).err();
            }
        }
        Stage::Phase1 | Stage::Phase2 => {
            for (s, why) in (0..16u8).zip(&mut out) {
                *why = kimasai::pit(pos, s).err();
            }
        }
    }
    out
}

/// Why `mv`, a move from a pit of the side to move of a game that is not over, is not a move, as far as the
/// start checks the move generator uses tell (`None`: they allow it, but it may still never end, or ask for a
/// safari its capture does not reach).
pub(crate) fn move_blocked(pos: &Position, mv: Move) -> Option<Blocked> {
    match pos.stage(pos.to_move) {
        Stage::Mtaji => mtaji::Starts::of(pos).why_not(mv),
        Stage::Namua => namua::Starts::of(pos).why_not(mv),
        Stage::Phase1 | Stage::Phase2 => kimasai::why_not(pos, mv),
    }
}

/// Whether the namua capture `mv` (without safari) ends a lap at the nyumba stop, where it could go on
/// with safari. Plays the move.
pub(crate) fn reaches_nyumba_stop(pos: &Position, mv: Move) -> bool {
    matches!(namua::simulate(pos, mv, &mut ()), Some((_, true)))
}

/// Plays `mv` as the rules of the position's stage read it, recording its steps. `None` when the sowing never
/// ends. The move is not checked for legality.
pub(crate) fn simulate<R: Recorder>(pos: &Position, mv: Move, rec: &mut R) -> Option<Position> {
    if pos.result.is_some() || mv.pit.side() != pos.to_move {
        return None;
    }
    match pos.stage(pos.to_move) {
        Stage::Mtaji => mtaji::simulate(pos, mv, rec),
        Stage::Namua => namua::simulate(pos, mv, rec).map(|(p, _)| p),
        Stage::Phase1 | Stage::Phase2 => kimasai::simulate(pos, mv, rec),
    }
}

/// The letter of a move that sows from `ring` in the given direction.
#[inline]
pub(crate) fn letter(ring: u8, clockwise: bool) -> Dir {
    let row = if ring < 8 { Row::Front } else { Row::Back };
    if Dir::Right.is_clockwise_in(row) == clockwise {
        Dir::Right
    } else {
        Dir::Left
    }
}

/// A fresh sowing for the side to move of `pos`, with nothing in the air yet.
#[inline]
pub(crate) fn start<'r, R: Recorder>(
    pos: &Position,
    rules: LapRules,
    rec: &'r mut R,
) -> Sowing<'r, R> {
    Sowing {
        pos: *pos,
        me: pos.to_move,
        held: 0,
        next: 0,
        clockwise: true,
        reached_nyumba_stop: false,
        rules,
        rec,
    }
}

/// Puts a seed from the mover's hand (Kimasai: a cow from the reserve) into its pit `s` (ring index): the
/// first step of a namua move and of a Kimasai phase-1 move.
#[inline]
pub(crate) fn put_hand_seed<R: Recorder>(pos: &mut Position, s: u8, rec: &mut R) {
    let me = pos.to_move.index();
    pos.hand[me] -= 1;
    pos.board[me][s as usize] += 1;
    rec.step(Step::Hand {
        pit: own_pit(pos, s),
    });
}

/// A sowing for the side to move of `pos` set going by lifting its pit `s` (ring index) in the given
/// direction: every seed of the pit, or with `tax` only the two seeds of the namua nyumba tax (rules.md
/// section 5.3), which leave the nyumba owned.
#[inline]
pub(crate) fn lift<'r, R: Recorder>(
    pos: &Position,
    rules: LapRules,
    rec: &'r mut R,
    s: u8,
    clockwise: bool,
    tax: bool,
) -> Sowing<'r, R> {
    let mut sw = start(pos, rules, rec);
    sw.clockwise = clockwise;
    let count = if tax {
        sw.pos.board[pos.to_move.index()][s as usize] -= 2;
        sw.held = 2;
        sw.next = if clockwise { s + 1 } else { s - 1 };
        2
    } else {
        sw.lift_all(s)
    };
    sw.rec.step(Step::Lift {
        pit: own_pit(pos, s),
        count,
        tax,
    });
    sw
}

/// Runs the sowing to its end and settles the move: result, side to move, takasia. `None` if it never ends.
/// Also reports whether the nyumba stop was reached.
#[inline]
pub(crate) fn run_and_finish<R: Recorder>(
    mut s: Sowing<'_, R>,
    safari: Safari,
    takasa_in_mtaji: bool,
) -> Option<(Position, bool)> {
    if s.run(safari) != End::Finished {
        return None;
    }
    let reached = s.reached_nyumba_stop;
    Some((finish(s, takasa_in_mtaji), reached))
}

/// Settles a finished move (rules.md section 7 and section 6).
fn finish<R: Recorder>(s: Sowing<'_, R>, takasa_in_mtaji: bool) -> Position {
    let me = s.me;
    let mut pos = s.pos;
    pos.to_move = me.opponent();
    pos.takasia = None;
    if pos.result.is_none() {
        if front_row_empty(&pos, me.opponent()) {
            pos.result = Some(GameResult {
                winner: me,
                reason: Reason::FrontRowEmpty,
            });
        } else if front_row_empty(&pos, me) {
            pos.result = Some(GameResult {
                winner: me.opponent(),
                reason: Reason::FrontRowEmpty,
            });
        }
    }
    if let Some(r) = pos.result {
        s.rec.step(Step::Win {
            winner: r.winner,
            reason: r.reason,
        });
    } else if takasa_in_mtaji && pos.variant.has_house() && pos.hand == [0, 0] {
        pos.takasia = takasia::mark(&pos);
    }
    pos
}

/// Whether `side`'s front row is empty.
#[inline(always)]
pub(crate) fn front_row_empty(pos: &Position, side: Side) -> bool {
    pos.board[side.index()][..8].iter().all(|&c| c == 0)
}

/// The pit of the side to move at ring index `ring`.
#[inline(always)]
pub(crate) fn own_pit(pos: &Position, ring: u8) -> Pit {
    Pit::from_ring(pos.to_move, ring)
}
