//! Move generation + play, the work the search does at every node, measured in nodes (moves generated and
//! played) per second; and the reasons of the blocked pits (issue 13), per position.
//! `cargo bench -p bao-core --bench movegen`

#![allow(missing_docs)] // criterion_group! generates an undocumented function

use bao_core::{perft, Position, Variant};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

/// Positions along a fixed game of each variant (every 7th ply of a game played with the middle legal move),
/// so that the bench sees openings, middle games and long relays.
fn sample_positions(variant: Variant) -> Vec<Position> {
    let mut out = Vec::new();
    let mut p = Position::new(variant);
    for ply in 0..120 {
        let moves = p.legal_moves();
        if moves.is_empty() {
            break;
        }
        if ply % 7 == 0 {
            out.push(p);
        }
        p = p
            .play_unchecked(moves[moves.len() / 2])
            .expect("legal move ends");
    }
    out
}

fn children(c: &mut Criterion) {
    let mut group = c.benchmark_group("children");
    for v in Variant::ALL {
        let positions = sample_positions(v);
        let nodes: u64 = positions.iter().map(|p| p.children().len() as u64).sum();
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(v.name(), |b| {
            b.iter(|| {
                let mut n = 0;
                for p in &positions {
                    n += std::hint::black_box(p.children()).len();
                }
                n
            })
        });
    }
    group.finish();
}

/// The blocked pits of issue 13 (why a pit cannot start a move) for the same positions: `blocked_among` given
/// the legal moves, as the server computes it after every move, and `blocked` which generates them first.
fn blocked(c: &mut Criterion) {
    let mut group = c.benchmark_group("blocked");
    for v in Variant::ALL {
        let positions: Vec<(Position, Vec<bao_core::Move>)> = sample_positions(v)
            .into_iter()
            .map(|p| (p, p.legal_moves().to_vec()))
            .collect();
        group.throughput(Throughput::Elements(positions.len() as u64));
        group.bench_function(format!("among/{}", v.name()), |b| {
            b.iter(|| {
                let mut n = 0;
                for (p, legal) in &positions {
                    n += std::hint::black_box(p.blocked_among(legal)).len();
                }
                n
            })
        });
        group.bench_function(format!("with_movegen/{}", v.name()), |b| {
            b.iter(|| {
                let mut n = 0;
                for (p, _) in &positions {
                    n += std::hint::black_box(p.blocked()).len();
                }
                n
            })
        });
    }
    group.finish();
}

fn perft_from_start(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (v, depth) in [
        (Variant::Kujifunza, 6),
        (Variant::Kiswahili, 9),
        (Variant::KiswahiliMalawi, 9),
        (Variant::Kimasai, 6),
    ] {
        let start = Position::new(v);
        let nodes: u64 = bao_core::perft_by_depth(&start, depth).iter().sum();
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{}-{depth}", v.name()), |b| {
            b.iter(|| perft(std::hint::black_box(&start), depth))
        });
    }
    group.finish();
}

criterion_group!(benches, children, blocked, perft_from_start);
criterion_main!(benches);
