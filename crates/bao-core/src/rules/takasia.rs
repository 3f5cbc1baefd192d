//! Takasia (rules.md section 6): after a takasa in the mtaji stage, the one front pit the mover threatens may
//! not be emptied by the opponent's next move.

use super::mtaji::{capture_targets, captures_exist};
use crate::pit::NYUMBA;
use crate::position::Position;

/// The takasia mark for the side to move of `pos`, just after the opponent's mtaji takasa (ring index), if
/// any.
pub(crate) fn mark(pos: &Position) -> Option<u8> {
    let q = pos.to_move;
    let p = q.opponent();
    let qb = &pos.board[q.index()];
    let pb = &pos.board[p.index()];
    // 1. Q has no capture move.
    if captures_exist(qb, pb, None) {
        return None;
    }
    // 2. P threatens exactly one of Q's front pits.
    let targets = capture_targets(pb, qb);
    if targets.count_ones() != 1 {
        return None;
    }
    let x = targets.trailing_zeros() as u8;
    // 3. The exceptions.
    let occupied = qb[..8].iter().filter(|&&c| c > 0).count();
    let with_two = qb[..8].iter().filter(|&&c| c >= 2).count();
    let holds = qb[x as usize];
    if holds <= 1 || occupied == 1 || with_two == 1 || (x == NYUMBA && pos.house[q.index()]) {
        return None;
    }
    Some(x)
}
