//! Prints positions from seeded random games, one JSON line each, for `bao think` measurements:
//! `cargo run --release -p bao-ai --example positions -- VARIANT COUNT [SEED]`.
//! Each position is taken at a random ply of a game whose moves are random except that the side to move
//! avoids moves that lose at once, so the positions look like games, not like collapses.

use bao_ai::Rng;
use bao_core::{Position, Variant};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let variant: Variant = args
        .get(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(Variant::Kiswahili);
    let count: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(25);
    let seed: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(7);
    let mut rng = Rng::new(seed);
    let mut printed = 0;
    while printed < count {
        let stop_at = 2 + rng.below(80);
        let mut pos = Position::new(variant);
        let mut ply = 0;
        while pos.result().is_none() && ply < stop_at {
            let me = pos.to_move();
            let children = pos.children();
            let safe: Vec<Position> = children
                .iter()
                .map(|(_, c)| *c)
                .filter(|c| !matches!(c.result(), Some(r) if r.winner != me))
                .collect();
            if safe.is_empty() {
                break;
            }
            pos = safe[rng.below(safe.len() as u64) as usize];
            ply += 1;
        }
        if ply == stop_at && pos.result().is_none() && !pos.children().is_empty() {
            println!("{}", pos.to_json());
            printed += 1;
        }
    }
}
