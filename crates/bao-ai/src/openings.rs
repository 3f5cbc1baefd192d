//! Test openings for matches and tuning: a few seeded random plies from the start, optionally kept only when
//! a search judges them balanced.

use bao_core::{Position, Variant};

use crate::Rng;

/// A seeded random opening: `plies` random moves from the start that do not end the game. With
/// `balance: Some((points, nodes))`, only an opening that [`judge`] (a `nodes`-node search) scores within
/// `points` of even is kept: a random move
/// often throws the game away at once (Kujifunza above all), and an opening that is already decided is
/// won by whoever gets the winning side, so both games of its pair split and measure nothing.
pub fn opening(
    variant: Variant,
    plies: u32,
    balance: Option<(i32, u64)>,
    rng: &mut Rng,
) -> Position {
    'retry: loop {
        let mut pos = Position::new(variant);
        for _ in 0..plies {
            let children = pos.children();
            if children.is_empty() {
                continue 'retry;
            }
            pos = children[rng.below(children.len() as u64) as usize].1;
            if pos.result().is_some() {
                continue 'retry;
            }
        }
        if pos.children().is_empty() {
            continue 'retry;
        }
        if let Some((b, nodes)) = balance {
            if judge(&pos, nodes).abs() > b {
                continue 'retry;
            }
        }
        return pos;
    }
}

/// How good `pos` is for the side to move, by a `nodes`-node search. A forced move is played first and the
/// position after it judged: the search answers a lone legal move at once, without a score.
pub fn judge(pos: &Position, nodes: u64) -> i32 {
    let mut pos = *pos;
    let mut sign = 1;
    for _ in 0..64 {
        let children = pos.children();
        if children.len() != 1 || pos.result().is_some() {
            break;
        }
        pos = children[0].1;
        sign = -sign;
    }
    if let Some(r) = pos.result() {
        return sign
            * if r.winner == pos.to_move() {
                crate::MATE
            } else {
                -crate::MATE
            };
    }
    let opts = crate::Options::new(crate::Limits {
        max_depth: 64,
        nodes: Some(nodes),
        time: None,
    });
    sign * crate::search::search(&pos, &opts).score
}

/// A position 12 to 20 random plies into a game seeded by `seed` that is still going and offers a choice of
/// moves: the fixed positions of the search bench and of the reproducibility test (tests/reproducible.rs).
pub fn mid_game(variant: Variant, seed: u64) -> Position {
    let mut rng = Rng::new(seed);
    loop {
        let mut pos = Position::new(variant);
        let plies = 12 + rng.below(9);
        for _ in 0..plies {
            let children = pos.children();
            if children.is_empty() {
                break;
            }
            pos = children[rng.below(children.len() as u64) as usize].1;
        }
        if pos.result().is_none() && pos.children().len() > 1 {
            return pos;
        }
    }
}
