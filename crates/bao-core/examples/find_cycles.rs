//! Searches random positions for never-ending moves (moves whose sowing repeats a state), and prints some.
//! `cargo run --release -p bao-core --example find_cycles -- VARIANT COUNT`

use bao_core::{Dir, Move, Pit, Position, Row, Setup, Side, SideSetup, Variant};

fn rng(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let variant: Variant = args
        .get(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(Variant::Kujifunza);
    let want: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(5);
    let mut st = 0x9e37_79b9_7f4a_7c15_u64;
    let mut found = 0;
    let mut tried = 0u64;
    while found < want && tried < 20_000_000 {
        tried += 1;
        // A random 64-seed distribution over the 32 pits.
        let mut pits = [0u8; 32];
        for _ in 0..64 {
            pits[(rng(&mut st) % 32) as usize] += 1;
        }
        let side = |o: usize| SideSetup {
            front: pits[o..o + 8].try_into().unwrap(),
            back: pits[o + 8..o + 16].try_into().unwrap(),
            hand: 0,
            house: false,
        };
        let Ok(pos) = Position::from_setup(Setup {
            variant,
            to_move: Side::South,
            south: side(0),
            north: side(16),
            takasia: None,
            result: None,
        }) else {
            continue;
        };
        for n in 1..=8u8 {
            for row in [Row::Front, Row::Back] {
                let pit = Pit::new(Side::South, row, n).unwrap();
                let moves: Vec<Move> = if variant == Variant::Kimasai {
                    vec![Move::pit_only(pit)]
                } else {
                    vec![Move::new(pit, Dir::Left), Move::new(pit, Dir::Right)]
                };
                for mv in moves {
                    if pos.count(pit) >= 2 && pos.play_unchecked(mv).is_none() {
                        found += 1;
                        println!("{} {}", mv, pos.to_json());
                    }
                }
            }
        }
    }
    eprintln!("tried {tried}, found {found}");
}
