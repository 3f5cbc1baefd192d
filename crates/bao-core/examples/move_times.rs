//! Times every legal move of positions read from stdin (one JSON per line): how long generating and playing
//! each one takes. `cargo run --release -p bao-core --example move_times < positions.jsonl`

use std::io::BufRead;
use std::time::Instant;

use bao_core::Position;

fn main() {
    for line in std::io::stdin().lock().lines().map_while(Result::ok) {
        let Ok(pos) = Position::from_json(&line) else {
            eprintln!("unreadable position");
            continue;
        };
        let t = Instant::now();
        let moves = pos.legal_moves();
        println!("legal_moves: {} moves in {:?}", moves.len(), t.elapsed());
        for m in moves {
            let t = Instant::now();
            let ok = pos.play_unchecked(m).is_some();
            println!(
                "  {m}: {:?} ({})",
                t.elapsed(),
                if ok { "ends" } else { "never ends" }
            );
        }
    }
}
