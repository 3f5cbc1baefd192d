//! Search speed: a fixed-node search (200 000 nodes) from mid-game positions of each variant. Criterion
//! reports the time per search; nodes per second = 200 000 / that time.
//! `CARGO_TARGET_DIR=/work/target-ai cargo bench -p bao-ai --bench search`

// criterion_group! generates an undocumented public function.
#![allow(missing_docs)]

use std::time::Duration;

use bao_ai::openings::mid_game;
use bao_ai::search::{search, Limits, Options};
use bao_core::Variant;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

const NODES: u64 = 200_000;

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("search");
    g.sample_size(10)
        .measurement_time(Duration::from_secs(5))
        .throughput(Throughput::Elements(NODES));
    for variant in Variant::ALL {
        let pos = mid_game(variant, 17);
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
