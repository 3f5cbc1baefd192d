//! Search speed: a fixed-node search (200 000 nodes) from mid-game positions of each variant. Criterion
//! reports the time per search; nodes per second = 200 000 / that time.
//! `CARGO_TARGET_DIR=/work/target-ai cargo bench -p bao-ai --bench search`

// criterion_group! generates an undocumented public function.
#![allow(missing_docs)]

use std::time::Duration;

use bao_ai::search::{search, Limits, Options};
use bao_ai::Rng;
use bao_core::{Position, Variant};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

const NODES: u64 = 200_000;

/// A position 12 to 20 random plies into a seeded game that is still going.
fn mid_game(variant: Variant) -> Position {
    let mut rng = Rng::new(17);
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

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("search");
    g.sample_size(10)
        .measurement_time(Duration::from_secs(5))
        .throughput(Throughput::Elements(NODES));
    for variant in Variant::ALL {
        let pos = mid_game(variant);
        let opts = Options::new(Limits {
            max_depth: 64,
            nodes: Some(NODES),
            time: None,
        });
        g.bench_function(variant.name(), |b| b.iter(|| search(&pos, &opts)));
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
