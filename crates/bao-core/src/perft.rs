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

/// Counts for every depth at once, in one walk of the tree: `counts[n - 1]` is `perft(pos, n)` for
/// `n` in `1..=depth`. Every node is generated exactly once, so the sum is the number of nodes visited.
pub fn perft_by_depth(pos: &Position, depth: u32) -> Vec<u64> {
    fn walk(pos: &Position, ply: usize, depth: usize, counts: &mut [u64]) {
        if ply + 1 == depth {
            rules::for_each_legal(pos, |_, _| counts[ply] += 1);
            return;
        }
        rules::for_each_legal(pos, |_, child| {
            counts[ply] += 1;
            walk(child, ply + 1, depth, counts);
        });
    }
    let mut counts = vec![0u64; depth as usize];
    if depth > 0 {
        walk(pos, 0, depth as usize, &mut counts);
    }
    counts
}
