//! Helpers shared by the integration tests.
#![allow(dead_code)]

use bao_core::{Position, Setup, Side, SideSetup, Variant};

/// Builds a validated position, South to move (any seed total: the published positions leave seeds out).
pub fn setup(variant: Variant, south: SideSetup, north: SideSetup) -> Position {
    Position::from_setup_any_total(Setup {
        variant,
        to_move: Side::South,
        south,
        north,
        takasia: None,
        result: None,
    })
    .expect("valid test position")
}

/// A Kiswahili position, South to move, both nyumbas owned.
pub fn kiswahili(sf: [u8; 8], sb: [u8; 8], nf: [u8; 8], nb: [u8; 8], sh: u8, nh: u8) -> Position {
    setup(
        Variant::Kiswahili,
        SideSetup {
            front: sf,
            back: sb,
            hand: sh,
            house: true,
        },
        SideSetup {
            front: nf,
            back: nb,
            hand: nh,
            house: true,
        },
    )
}

/// The legal moves in notation, sorted.
pub fn sorted_moves(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

/// Plays a move given in notation; panics with the legal moves if it is illegal.
pub fn play(p: &Position, mv: &str) -> Position {
    let m = mv.parse().expect("move notation");
    match p.play(m) {
        Ok((next, _)) => next,
        Err(e) => panic!("{e}"),
    }
}
