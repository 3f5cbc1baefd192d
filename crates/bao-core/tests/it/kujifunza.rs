//! Bao la Kujifunza (rules.md sections 3 and 4): one test per rule, named after it.

use crate::common;
use common::*;

use bao_core::{Position, Reason, Side, Step, Variant};

const Z: [u8; 8] = [0; 8];

#[test]
fn setup_two_seeds_in_every_pit_no_hands_south_first() {
    let p = Position::new(Variant::Kujifunza);
    assert_eq!(p.to_move(), Side::South);
    for s in [Side::South, Side::North] {
        assert_eq!(front(&p, s), [2; 8]);
        assert_eq!(back(&p, s), [2; 8]);
        assert_eq!(p.hand(s), 0);
        assert!(!p.owns_house(s));
    }
    assert_eq!(total(&p), 64);
}

#[test]
fn start_position_has_sixteen_capture_moves() {
    let p = Position::new(Variant::Kujifunza);
    assert_eq!(
        sorted_moves(&p),
        [
            "A1R", "A2R", "A3L", "A3R", "A4L", "A4R", "A5L", "A5R", "A6L", "A6R", "A7L", "A8L",
            "B1L", "B2L", "B7R", "B8R"
        ]
    );
}

#[test]
fn lifted_seeds_start_in_the_next_pit() {
    let p = Position::new(Variant::Kujifunza);
    let (_, trace) = play_traced(&p, "A3R");
    assert_eq!(
        trace[0],
        Step::Lift {
            pit: pit("A3"),
            count: 2,
            tax: false
        }
    );
    assert_eq!(trace[1], Step::Sow { pit: pit("A4") });
    assert_eq!(trace[2], Step::Sow { pit: pit("A5") });
}

#[test]
fn a_lap_of_16_or_more_seeds_passes_its_origin() {
    // No front pit holds 2, so the takasa starts from the back row: B4 with 17 seeds.
    let p = kujifunza(
        [0, 0, 0, 1, 0, 0, 0, 0],
        [0, 0, 0, 17, 0, 0, 0, 0],
        [1, 0, 0, 0, 0, 0, 0, 0],
        Z,
    );
    let (after, trace) = play_traced(&p, "B4L");
    let first_lap: Vec<_> = trace.iter().skip(1).take(17).collect();
    assert!(
        first_lap.contains(&&Step::Sow { pit: pit("B4") }),
        "origin receives a seed"
    );
    replay_trace(&p, &trace, &after);
}

#[test]
fn a_pit_with_one_seed_cannot_start_a_move() {
    let p = kujifunza([1, 0, 0, 3, 0, 0, 0, 1], Z, [1, 0, 0, 0, 0, 0, 0, 0], Z);
    assert_eq!(sorted_moves(&p), ["A4L", "A4R"]);
}

#[test]
fn capture_is_mandatory_and_only_captures_are_listed() {
    // A2R captures (ends in A4, facing a5); A6 could sow a takasa but may not.
    let p = kujifunza([0, 2, 0, 1, 0, 3, 0, 0], Z, [2, 0, 0, 0, 2, 0, 0, 0], Z);
    assert_eq!(sorted_moves(&p), ["A2R"]);
}

#[test]
fn capture_needs_at_most_15_seeds() {
    // A1 with 17 seeds sowing right ends in A2 (which it filled twice, so occupied) facing a7: not a capture,
    // because a capture move starts from 2..15 seeds. So the move is a takasa and takes nothing.
    let p = kujifunza([17, 0, 0, 0, 0, 0, 0, 1], Z, [0, 3, 0, 0, 0, 0, 3, 0], Z);
    let after = play(&p, "A1R");
    assert_eq!(front(&after, Side::North), [0, 3, 0, 0, 0, 0, 3, 0]);
    // With 15 seeds the first lap can capture: A2R ends in A1 (occupied), facing a8.
    let q = kujifunza([1, 15, 0, 0, 0, 0, 0, 0], Z, [1, 0, 0, 0, 0, 0, 0, 2], Z);
    assert_eq!(sorted_moves(&q), ["A2R"]);
    let (_, trace) = play_traced(&q, "A2R");
    assert!(trace.contains(&Step::Capture {
        pit: pit("a8"),
        count: 2,
        into: pit("A1")
    }));
}

#[test]
fn capture_in_left_kimbi_enters_at_a1_clockwise() {
    let p = kujifunza(
        [0, 1, 0, 0, 0, 0, 0, 0],
        [2, 0, 0, 0, 0, 0, 0, 0],
        [2, 0, 0, 0, 0, 0, 3, 0],
        Z,
    );
    assert_eq!(sorted_moves(&p), ["B1L"]);
    let (after, trace) = play_traced(&p, "B1L");
    assert!(trace.contains(&Step::Capture {
        pit: pit("a7"),
        count: 3,
        into: pit("A1")
    }));
    assert_eq!(front(&after, Side::South), [2, 3, 1, 0, 0, 0, 0, 0]);
    assert_eq!(back(&after, Side::South), Z);
    assert_eq!(front(&after, Side::North), [2, 0, 0, 0, 0, 0, 0, 0]);
    replay_trace(&p, &trace, &after);
}

#[test]
fn capture_in_right_kimbi_enters_at_a8_anticlockwise() {
    let p = kujifunza(
        [0, 0, 0, 0, 0, 0, 1, 0],
        [0, 0, 0, 0, 0, 0, 0, 2],
        [0, 3, 0, 0, 0, 0, 0, 2],
        Z,
    );
    assert_eq!(sorted_moves(&p), ["B8R"]);
    let (after, trace) = play_traced(&p, "B8R");
    assert!(trace.contains(&Step::Capture {
        pit: pit("a2"),
        count: 3,
        into: pit("A8")
    }));
    assert_eq!(front(&after, Side::South), [0, 0, 0, 0, 0, 1, 3, 2]);
    replay_trace(&p, &trace, &after);
}

#[test]
fn capture_in_the_middle_keeps_the_direction() {
    let p = kujifunza([0, 2, 0, 1, 0, 2, 0, 0], Z, [2, 0, 0, 0, 2, 0, 0, 0], Z);
    assert_eq!(sorted_moves(&p), ["A2R", "A6L"]);
    // Clockwise: the captured seeds enter at A1.
    let (after, trace) = play_traced(&p, "A2R");
    assert!(trace.contains(&Step::Capture {
        pit: pit("a5"),
        count: 2,
        into: pit("A1")
    }));
    assert_eq!(front(&after, Side::South), [1, 1, 1, 2, 0, 2, 0, 0]);
    // Anticlockwise: at A8.
    let (after, trace) = play_traced(&p, "A6L");
    assert!(trace.contains(&Step::Capture {
        pit: pit("a5"),
        count: 2,
        into: pit("A8")
    }));
    assert_eq!(front(&after, Side::South), [0, 2, 0, 2, 1, 0, 1, 1]);
}

#[test]
fn capture_move_captures_again_then_relays_then_ends_in_an_empty_pit() {
    let p = kujifunza([0, 2, 0, 1, 0, 0, 0, 0], Z, [2, 0, 0, 0, 3, 4, 0, 0], Z);
    assert_eq!(sorted_moves(&p), ["A2R"]);
    let (after, trace) = play_traced(&p, "A2R");
    let captures: Vec<_> = trace
        .iter()
        .filter(|s| matches!(s, Step::Capture { .. }))
        .collect();
    assert_eq!(captures.len(), 2, "{trace:?}");
    assert!(trace.contains(&Step::Relay {
        pit: pit("A4"),
        count: 3
    }));
    assert_eq!(front(&after, Side::South), [2, 2, 3, 0, 1, 1, 1, 0]);
    assert_eq!(front(&after, Side::North), [2, 0, 0, 0, 0, 0, 0, 0]);
    replay_trace(&p, &trace, &after);
}

#[test]
fn takasa_starts_in_the_front_row_when_a_front_pit_holds_two() {
    let p = kujifunza(
        [0, 0, 3, 0, 0, 0, 0, 0],
        [2, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 1],
        Z,
    );
    assert_eq!(sorted_moves(&p), ["A3L", "A3R"]);
}

#[test]
fn takasa_starts_in_the_back_row_when_no_front_pit_holds_two() {
    let p = kujifunza(
        [1, 0, 0, 0, 0, 0, 0, 0],
        [2, 0, 0, 3, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 1],
        Z,
    );
    assert_eq!(sorted_moves(&p), ["B1L", "B1R", "B4L", "B4R"]);
}

#[test]
fn takasa_never_captures_even_when_a_later_lap_ends_facing_seeds() {
    let p = kujifunza([0, 0, 2, 0, 1, 0, 1, 0], Z, [0, 2, 0, 0, 0, 0, 0, 0], Z);
    assert_eq!(sorted_moves(&p), ["A3L", "A3R"]);
    let (after, trace) = play_traced(&p, "A3R");
    assert!(!trace.iter().any(|s| matches!(s, Step::Capture { .. })));
    assert_eq!(front(&after, Side::South), [0, 0, 0, 1, 0, 1, 0, 1]);
    assert_eq!(back(&after, Side::South), [0, 0, 0, 0, 0, 0, 0, 1]);
    assert_eq!(front(&after, Side::North), [0, 2, 0, 0, 0, 0, 0, 0]);
}

#[test]
fn takasa_may_not_sow_the_only_occupied_front_pit_outward_from_a_kichwa() {
    let p = kujifunza([3, 0, 0, 0, 0, 0, 0, 0], Z, [1, 0, 0, 0, 0, 0, 0, 0], Z);
    assert_eq!(sorted_moves(&p), ["A1R"]);
    let p = kujifunza([0, 0, 0, 0, 0, 0, 0, 3], Z, [0, 0, 0, 0, 0, 0, 0, 1], Z);
    assert_eq!(sorted_moves(&p), ["A8L"]);
    // With another occupied front pit the kichwa may be sown outward.
    let p = kujifunza([3, 0, 0, 0, 1, 0, 0, 0], Z, [1, 0, 0, 0, 0, 0, 0, 0], Z);
    assert_eq!(sorted_moves(&p), ["A1L", "A1R"]);
}

#[test]
fn no_takasia_in_kujifunza() {
    // The takasia position of the Kiswahili tests, played as Kujifunza: no mark.
    let p = kujifunza([0, 2, 0, 0, 0, 3, 0, 0], Z, [2, 0, 1, 0, 2, 0, 0, 0], Z);
    let after = play(&p, "A6L");
    assert_eq!(after.takasia(), None);
}

#[test]
fn capture_that_empties_the_opponents_front_row_wins_at_once_and_keeps_the_seeds() {
    let p = kujifunza(
        [0, 2, 0, 1, 0, 0, 0, 0],
        Z,
        [0, 0, 0, 0, 3, 0, 0, 0],
        [1, 0, 0, 0, 0, 0, 0, 0],
    );
    let (after, trace) = play_traced(&p, "A2R");
    let r = after.result().expect("game over");
    assert_eq!((r.winner, r.reason), (Side::South, Reason::FrontRowEmpty));
    assert_eq!(
        after.hand(Side::South),
        3,
        "captured seeds are kept, not sown"
    );
    assert_eq!(front(&after, Side::South), [0, 0, 1, 2, 0, 0, 0, 0]);
    assert!(matches!(trace.last(), Some(Step::Win { .. })));
    assert!(after.legal_moves().is_empty());
    assert_eq!(after.to_move(), Side::North);
    assert_eq!(total(&after), total(&p));
    replay_trace(&p, &trace, &after);
}

#[test]
fn opponent_front_row_empty_after_a_move_wins() {
    let p = kujifunza([0, 0, 2, 0, 0, 0, 0, 0], Z, Z, [2, 0, 0, 0, 0, 0, 0, 0]);
    let after = play(&p, "A3R");
    let r = after.result().expect("game over");
    assert_eq!((r.winner, r.reason), (Side::South, Reason::FrontRowEmpty));
}

#[test]
fn no_legal_move_loses() {
    let p = kujifunza(
        [1, 0, 1, 0, 0, 0, 0, 0],
        [0, 1, 0, 0, 0, 0, 0, 0],
        [2, 0, 0, 0, 0, 0, 0, 0],
        Z,
    );
    assert!(p.legal_moves().is_empty());
    let r = p.outcome().expect("over");
    assert_eq!((r.winner, r.reason), (Side::North, Reason::NoLegalMove));
    // A move after which the opponent cannot move wins, and `play` records it.
    let p = kujifunza(
        [0, 0, 0, 2, 0, 0, 0, 0],
        Z,
        [1, 0, 0, 0, 0, 0, 0, 0],
        [1, 0, 0, 0, 0, 0, 0, 0],
    );
    let after = play(&p, "A4R");
    let r = after.result().expect("over");
    assert_eq!((r.winner, r.reason), (Side::South, Reason::NoLegalMove));
    assert!(after.legal_moves().is_empty());
}
