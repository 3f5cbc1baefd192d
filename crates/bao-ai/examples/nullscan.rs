//! Looks for positions where null-move pruning misses a forced win that the plain search finds (zugzwang):
//! `cargo run --release -p bao-ai --example nullscan -- VARIANT GAMES DEPTH`. Prints each such position as
//! JSON with the three answers (plain, null move, guarded null move).

use bao_ai::search::{search, Features, Limits, Options, MATE_BOUND};
use bao_ai::Rng;
use bao_core::{Position, Variant};

fn opts(depth: u32, null_move: bool, null_guard: bool) -> Options {
    let mut o = Options::new(Limits {
        max_depth: depth,
        nodes: Some(20_000_000),
        time: None,
    });
    o.features = Features {
        null_move,
        null_guard,
        ..Features::NONE
    };
    o
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let variant: Variant = args[1].parse().expect("variant");
    let depth: u32 = args[3].parse().expect("depth");
    let mut rng = Rng::new(11);
    let (plain, null, guarded) = (
        opts(depth, false, false),
        opts(depth, true, false),
        opts(depth, true, true),
    );
    // `-` instead of GAMES: check the positions (one JSON per line, anything after it ignored) on stdin.
    if args[2] == "-" {
        for line in std::io::stdin().lines() {
            let line = line.expect("stdin");
            let json = line.split(" plain").next().unwrap_or("");
            let pos = Position::from_json(json).expect("position");
            let (a, b, c) = (
                search(&pos, &plain),
                search(&pos, &null),
                search(&pos, &guarded),
            );
            println!(
                "plain {:?} {} null {:?} {} guarded {:?} {}",
                a.best, a.score, b.best, b.score, c.best, c.score
            );
        }
        return;
    }
    let games: u64 = args[2].parse().expect("games");
    for _ in 0..games {
        let mut pos = Position::new(variant);
        for _ in 0..300 {
            if pos.result().is_some() {
                break;
            }
            let a = search(&pos, &plain);
            if a.score > MATE_BOUND && a.depth > 1 {
                let b = search(&pos, &null);
                let c = search(&pos, &guarded);
                if b.score <= MATE_BOUND {
                    println!(
                        "{} plain {:?} {} null {:?} {} guarded {:?} {}",
                        pos.to_json(),
                        a.best,
                        a.score,
                        b.best,
                        b.score,
                        c.best,
                        c.score
                    );
                }
            }
            let children = pos.children();
            if children.is_empty() {
                break;
            }
            // Mostly the engine's own moves (realistic positions), sometimes a random one (variety).
            pos = if rng.below(3) == 0 {
                children[rng.below(children.len() as u64) as usize].1
            } else {
                let m = search(&pos, &opts(2, false, false)).best.expect("a move");
                children.iter().find(|(x, _)| *x == m).expect("legal").1
            };
        }
    }
}
