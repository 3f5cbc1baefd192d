//! Perft: counting move sequences, the standard check of a move generator.

use crate::position::Position;
use crate::rules;

/// The number of legal move sequences of exactly `depth` moves from `pos` (games that end earlier are not
/// counted). `perft(pos, 0) == 1`.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => {
            let mut n = 0;
            rules::for_each_legal(pos, |_, _| n += 1);
            n
        }
        _ => {
            let mut n = 0;
            rules::for_each_legal(pos, |_, child| n += perft(child, depth - 1));
            n
        }
    }
}
