//! Zobrist keys of positions, for the transposition table.
//!
//! `children()` hands the search whole positions rather than moves to make and unmake, so the key is computed
//! from scratch for each node: 32 table look-ups and a few flags, cheap next to simulating a sowing.

use bao_core::{Position, Side};

use crate::rng::mix;

/// Pit counts are taken modulo this (a study position may hold up to 128 seeds; a real game at most 64 per
/// pit). A collision needs two positions equal but for a pit differing by 128: impossible.
const COUNTS: usize = 128;

struct Keys {
    pits: [[[u64; COUNTS]; 16]; 2],
    hand: [[u64; COUNTS]; 2],
    house: [u64; 2],
    north_to_move: u64,
    takasia: [u64; 8],
    variant: [u64; 4],
}

/// The n-th key of the table: fixed at compile time, so keys (and thus search results) never depend on
/// run-time state.
const fn key(n: u64) -> u64 {
    mix(n.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x5EED_BA0B_A0BA_0001)
}

const fn build() -> Keys {
    let mut k = Keys {
        pits: [[[0; COUNTS]; 16]; 2],
        hand: [[0; COUNTS]; 2],
        house: [0; 2],
        north_to_move: 0,
        takasia: [0; 8],
        variant: [0; 4],
    };
    let mut n = 1u64;
    let mut s = 0;
    while s < 2 {
        let mut p = 0;
        while p < 16 {
            let mut c = 0;
            while c < COUNTS {
                k.pits[s][p][c] = key(n);
                n += 1;
                c += 1;
            }
            p += 1;
        }
        let mut c = 0;
        while c < COUNTS {
            k.hand[s][c] = key(n);
            n += 1;
            c += 1;
        }
        k.house[s] = key(n);
        n += 1;
        s += 1;
    }
    k.north_to_move = key(n);
    n += 1;
    let mut t = 0;
    while t < 8 {
        k.takasia[t] = key(n);
        n += 1;
        t += 1;
    }
    let mut v = 0;
    while v < 4 {
        k.variant[v] = key(n);
        n += 1;
        v += 1;
    }
    k
}

static KEYS: Keys = build();

/// The Zobrist key of `pos`: pit counts, hands, nyumba flags, side to move, takasia mark and variant.
/// (The result is not hashed: the search never stores finished positions.)
#[inline]
pub fn hash(pos: &Position) -> u64 {
    let k = &KEYS;
    let mut h = k.variant[pos.variant() as usize];
    for side in Side::ALL {
        let s = side.index();
        let ring = pos.ring(side);
        for (i, &c) in ring.iter().enumerate() {
            h ^= k.pits[s][i][c as usize % COUNTS];
        }
        h ^= k.hand[s][pos.hand(side) as usize % COUNTS];
        if pos.owns_house(side) {
            h ^= k.house[s];
        }
    }
    if pos.to_move() == Side::North {
        h ^= k.north_to_move;
    }
    if let Some(p) = pos.takasia() {
        h ^= k.takasia[(p.ring() & 7) as usize];
    }
    h
}
