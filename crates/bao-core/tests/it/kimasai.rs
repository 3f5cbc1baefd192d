//! Bao la Kimasai (rules.md section 9): reserve cows, clockwise relay sowing, phase-2 raids.

use crate::common;
use common::*;

use bao_core::{Position, Reason, Side, Step, Variant};

const Z: [u8; 8] = [0; 8];

fn kim(sf: [u8; 8], sb: [u8; 8], sh: u8, nf: [u8; 8], nb: [u8; 8], nh: u8) -> Position {
    setup(
        Variant::Kimasai,
        side(sf, sb, sh, false),
        side(nf, nb, nh, false),
    )
}

#[test]
fn setup_one_cow_per_front_pit_twenty_four_in_reserve() {
    let p = Position::new(Variant::Kimasai);
    for s in [Side::South, Side::North] {
        assert_eq!(front(&p, s), [1; 8]);
        assert_eq!(back(&p, s), Z);
        assert_eq!(p.hand(s), 24);
    }
    assert_eq!(total(&p), 64);
    assert_eq!(
        sorted_moves(&p),
        ["A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8"]
    );
}

#[test]
fn opening_move_takes_no_cow_from_the_reserve_and_relays_clockwise() {
    let p = Position::new(Variant::Kimasai);
    let (after, trace) = play_traced(&p, "A3");
    assert!(!trace.iter().any(|s| matches!(s, Step::Hand { .. })));
    assert_eq!(front(&after, Side::South), [1, 1, 0, 0, 2, 0, 2, 0]);
    assert_eq!(back(&after, Side::South), [0, 0, 0, 0, 0, 0, 1, 1]);
    assert_eq!(after.hand(Side::South), 24);
    // No captures in phase 1: North is untouched although laps ended facing its cows.
    assert_eq!(front(&after, Side::North), [1; 8]);
    replay_trace(&p, &trace, &after);
}

#[test]
fn phase_one_puts_a_cow_into_an_occupied_pit_front_or_back_then_lifts_it() {
    let p = kim(
        [0, 0, 1, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 2, 0],
        5,
        [1; 8],
        Z,
        5,
    );
    assert_eq!(sorted_moves(&p), ["A3", "B7"]);
    let (after, trace) = play_traced(&p, "B7");
    assert_eq!(trace[0], Step::Hand { pit: pit("B7") });
    assert_eq!(
        trace[1],
        Step::Lift {
            pit: pit("B7"),
            count: 3,
            tax: false
        }
    );
    // Clockwise on the back row runs towards B1: B6, B5, B4.
    assert_eq!(back(&after, Side::South), [0, 0, 0, 1, 1, 1, 0, 0]);
    assert_eq!(after.hand(Side::South), 4);
}

#[test]
fn phase_two_single_cow_moves_and_raids_into_the_capturing_pit() {
    let p = kim(
        [1, 1, 0, 0, 0, 0, 0, 0],
        Z,
        0,
        [1, 0, 0, 0, 0, 0, 3, 0],
        Z,
        0,
    );
    assert_eq!(sorted_moves(&p), ["A1", "A2"]);
    let (after, trace) = play_traced(&p, "A1");
    assert!(trace.contains(&Step::Capture {
        pit: pit("a7"),
        count: 3,
        into: pit("A2")
    }));
    assert_eq!(front(&after, Side::South), [0, 3, 1, 1, 0, 0, 0, 0]);
    assert_eq!(front(&after, Side::North), [1, 0, 0, 0, 0, 0, 0, 0]);
    replay_trace(&p, &trace, &after);
}

#[test]
fn phase_two_raid_that_empties_the_front_row_wins() {
    let p = kim(
        [1, 1, 0, 0, 0, 0, 0, 0],
        Z,
        0,
        [0, 0, 0, 0, 0, 0, 3, 0],
        [1, 0, 0, 0, 0, 0, 0, 0],
        0,
    );
    let after = play(&p, "A1");
    let r = after.result().expect("over");
    assert_eq!((r.winner, r.reason), (Side::South, Reason::FrontRowEmpty));
    assert_eq!(after.hand(Side::South), 3);
}

#[test]
fn emptying_your_own_front_row_loses() {
    let p = kim(
        [0, 0, 0, 0, 0, 0, 0, 1],
        [1, 0, 0, 0, 0, 0, 0, 0],
        0,
        [1, 0, 0, 0, 0, 0, 0, 0],
        Z,
        0,
    );
    let after = play(&p, "A8");
    let r = after.result().expect("over");
    assert_eq!((r.winner, r.reason), (Side::North, Reason::FrontRowEmpty));
}

#[test]
fn back_row_cows_are_never_raided() {
    // A lap ending in an occupied front pit whose facing pit is empty relays, whatever lies behind it.
    let p = kim(
        [1, 1, 0, 0, 0, 0, 0, 0],
        Z,
        0,
        [1, 0, 0, 0, 0, 0, 0, 0],
        [0, 5, 0, 0, 0, 0, 0, 0],
        0,
    );
    let after = play(&p, "A1");
    assert_eq!(back(&after, Side::North), [0, 5, 0, 0, 0, 0, 0, 0]);
    assert_eq!(front(&after, Side::South), [0, 0, 1, 1, 0, 0, 0, 0]);
}

#[test]
fn phase_two_begins_with_norths_25th_move() {
    let mut p = Position::new(Variant::Kimasai);
    let mut ply = 0;
    while p.result().is_none() && ply < 49 {
        // Plies 0..=48 are phase 1 (South's 25 moves, North's 24); ply 49 is North's 25th move.
        assert_eq!(p.is_first_stage(), ply < 49, "ply {ply}");
        let m = p.legal_moves()[p.legal_moves().len() / 2];
        p = p.play(m).expect("legal").0;
        ply += 1;
    }
    assert_eq!(ply, 49, "this game must reach phase 2");
    assert_eq!(p.hand(Side::South) + p.hand(Side::North), 0);
    assert_eq!(p.to_move(), Side::North);
    assert!(!p.is_first_stage());
}
