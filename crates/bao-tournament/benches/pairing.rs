//! How long a pairing takes for big events: a Swiss round of 500 players after four rounds, and 500 arena
//! players waiting at once (the worst moment of an arena: its start).
//!
//! `cargo bench -p bao-tournament --bench pairing`

// criterion_group! generates an undocumented public function.
#![allow(missing_docs)]

use bao_tournament::arena::{pair_waiting, Waiting};
use bao_tournament::swiss::{pair_round, Player, Round};
use bao_tournament::Outcome;
use criterion::{criterion_group, criterion_main, Criterion};

/// A fixed pseudo-random sequence (no dependency for it).
fn lcg(state: &mut u64) -> u64 {
    *state = state
        .wrapping_mul(6_364_136_223_846_793_005)
        .wrapping_add(1_442_695_040_888_963_407);
    *state >> 33
}

fn swiss_event(n: usize, rounds: usize) -> (Vec<Player<u32>>, Vec<Round<u32>>) {
    let mut seed = 7;
    let players: Vec<Player<u32>> = (0..n as u32)
        .map(|id| Player {
            id,
            rating: 1000 + (lcg(&mut seed) % 1200) as i32,
            active: true,
        })
        .collect();
    let mut played = Vec::new();
    for _ in 0..rounds {
        let mut round = pair_round(&players, &played);
        for g in &mut round.games {
            g.outcome = Some(match lcg(&mut seed) % 3 {
                0 => Outcome::SouthWins,
                1 => Outcome::NorthWins,
                _ => Outcome::Draw,
            });
        }
        played.push(round);
    }
    (players, played)
}

fn pairing(c: &mut Criterion) {
    let mut group = c.benchmark_group("pairing");
    group.sample_size(10);
    let (players, rounds) = swiss_event(500, 4);
    group.bench_function("swiss round 5 of 500 players", |b| {
        b.iter(|| pair_round(&players, &rounds))
    });
    let mut seed = 11;
    let waiting: Vec<Waiting<u32>> = (0..500u32)
        .map(|id| Waiting {
            id,
            rating: 1000 + (lcg(&mut seed) % 1200) as i32,
            points: (lcg(&mut seed) % 40) as u32,
            last_opponent: Some((id + 1) % 500),
            waited_ms: lcg(&mut seed) % 60_000,
            seat_balance: (lcg(&mut seed) % 3) as i32 - 1,
        })
        .collect();
    group.bench_function("arena 500 players waiting", |b| {
        b.iter(|| pair_waiting(&waiting))
    });
    group.finish();
}

criterion_group!(benches, pairing);
criterion_main!(benches);
