//! Fuzz target: reads a position from the first line of the input (any JSON, valid or not), then plays the
//! moves that the remaining bytes choose, legal ones and illegal ones alike. Nothing may panic, seeds are
//! conserved, illegal moves are refused, legal ones play. `cargo fuzz run play` in crates/bao-core.
#![no_main]

use bao_core::{Dir, Move, Pit, Position, Variant};
use libfuzzer_sys::fuzz_target;

fn seeds(p: &Position) -> u32 {
    let s = p.to_setup();
    [s.south, s.north]
        .iter()
        .map(|x| x.front.iter().chain(&x.back).map(|&c| u32::from(c)).sum::<u32>() + u32::from(x.hand))
        .sum()
}

fuzz_target!(|data: &[u8]| {
    let (head, rest) = match data.iter().position(|&b| b == b'\n') {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &[][..]),
    };
    let mut pos = match std::str::from_utf8(head).ok().and_then(|t| Position::from_json(t).ok()) {
        Some(p) => p,
        None => Position::new(Variant::ALL[head.first().copied().unwrap_or(0) as usize % 4]),
    };
    let total = seeds(&pos);
    for &b in rest {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let mv = if b & 0x80 == 0 {
            legal[b as usize % legal.len()]
        } else {
            // An arbitrary move, most likely illegal.
            let pit = Pit::from_index((b & 31) as usize).unwrap_or(legal[0].pit);
            let dir = [None, Some(Dir::Left), Some(Dir::Right)][(b as usize >> 5) % 3];
            Move { pit, dir, safari: b & 0x40 != 0 && dir.is_some() }
        };
        match pos.play(mv) {
            Ok((next, _)) => {
                assert!(legal.contains(&mv));
                assert_eq!(seeds(&next), total);
                pos = next;
            }
            Err(e) => assert!(!legal.contains(&mv) && e.legal == legal.to_vec()),
        }
    }
});
