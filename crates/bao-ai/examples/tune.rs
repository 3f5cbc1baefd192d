//! Self-play tuning of the evaluation: a weight set with one or more changed weights plays paired games
//! against the variant's current weights (those of `hard`), both at the same fixed depth (so the games are fast and
//! reproducible), from balanced random openings.
//!
//! `cargo run --release -p bao-ai --example tune -- VARIANT GAMES DEPTH name=value [name=value…]`
//! Names: front back hand occupied thin_front mobility threat_to_move threat_waiting house tempo.
//! Prints the changed set's score with a 95% interval over the pairs.

use bao_ai::search::{search, Limits, Options};
use bao_ai::{Rng, Weights};
use bao_core::{Position, Variant};

fn set(w: &mut Weights, name: &str, v: i32) {
    match name {
        "front" => w.front = v,
        "back" => w.back = v,
        "hand" => w.hand = v,
        "occupied" => w.occupied = v,
        "thin_front" => w.thin_front = v,
        "mobility" => w.mobility = v,
        "threat_to_move" => w.threat_to_move = v,
        "threat_waiting" => w.threat_waiting = v,
        "house" => w.house = v,
        "tempo" => w.tempo = v,
        _ => panic!("unknown weight {name}"),
    }
}

fn opts(depth: u32, w: Weights) -> Options {
    let mut o = Options::new(Limits {
        max_depth: depth,
        nodes: Some(2_000_000),
        time: None,
    });
    o.weights = Some(w);
    o.tt_bits = 18;
    o
}

/// A balanced random opening (2 plies in Kujifunza, whose games are short, 4 elsewhere).
fn opening(variant: Variant, rng: &mut Rng) -> Position {
    let plies = if variant == Variant::Kujifunza { 2 } else { 4 };
    bao_ai::openings::opening(variant, plies, Some((100, 20_000)), rng)
}

/// 1.0 if the player with weights `a` wins, 0.5 for a game stopped after 600 plies.
fn game(start: Position, a: &Options, b: &Options, a_moves_first: bool) -> f64 {
    let mut pos = start;
    let first = pos.to_move();
    for _ in 0..600 {
        if let Some(r) = pos.result() {
            return if (r.winner == first) == a_moves_first {
                1.0
            } else {
                0.0
            };
        }
        let a_turn = (pos.to_move() == first) == a_moves_first;
        let o = if a_turn { a } else { b };
        let Some(mv) = search(&pos, o).best else {
            // No legal move: the side to move loses.
            return if a_turn { 0.0 } else { 1.0 };
        };
        pos = pos.play_unchecked(mv).expect("legal move");
    }
    0.5
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let variant: Variant = args[1].parse().expect("variant");
    let games: usize = args[2].parse().expect("games");
    let depth: u32 = args[3].parse().expect("depth");
    let base = Weights::tuned(variant);
    let mut tuned = base;
    for kv in &args[4..] {
        let (k, v) = kv.split_once('=').expect("name=value");
        set(&mut tuned, k, v.parse().expect("number"));
    }
    let (a, b) = (opts(depth, tuned), opts(depth, base));
    let mut rng = Rng::new(99);
    let mut pairs = Vec::new();
    for _ in 0..games.div_ceil(2) {
        let start = opening(variant, &mut rng);
        pairs.push((game(start, &a, &b, true) + game(start, &a, &b, false)) / 2.0);
    }
    let n = pairs.len() as f64;
    let mean = pairs.iter().sum::<f64>() / n;
    let var = pairs.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    let half = 1.96 * (var / n).sqrt();
    println!(
        "{variant} depth {depth} {:?}: score {:.1}% [{:.1}%, {:.1}%] over {} games",
        &args[4..],
        mean * 100.0,
        (mean - half) * 100.0,
        (mean + half) * 100.0,
        pairs.len() * 2
    );
}
