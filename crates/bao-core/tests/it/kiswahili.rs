//! Bao la Kiswahili (rules.md sections 5 and 6): namua moves, the nyumba, mtaji, takasia. One test per rule.

use crate::common;
use common::*;

use bao_core::{Position, Setup, Side, Step, Variant};

const Z: [u8; 8] = [0; 8];

#[allow(clippy::too_many_arguments)] // one argument per field of the position: reads like a diagram
fn kis(
    sf: [u8; 8],
    sb: [u8; 8],
    sh: u8,
    shouse: bool,
    nf: [u8; 8],
    nb: [u8; 8],
    nh: u8,
    nhouse: bool,
) -> Position {
    setup(
        Variant::Kiswahili,
        side(sf, sb, sh, shouse),
        side(nf, nb, nh, nhouse),
    )
}

// ---- 5.1 setup -------------------------------------------------------------------------------------------

#[test]
fn setup_six_in_nyumba_two_and_two_twenty_two_in_hand_houses_owned() {
    let p = Position::new(Variant::Kiswahili);
    for s in [Side::South, Side::North] {
        assert_eq!(front(&p, s), [0, 0, 0, 0, 6, 2, 2, 0]);
        assert_eq!(back(&p, s), Z);
        assert_eq!(p.hand(s), 22);
        assert!(p.owns_house(s));
    }
    assert_eq!(total(&p), 64);
}

#[test]
fn malawi_opening_eight_in_nyumba_twenty_in_hand() {
    let p = Position::new(Variant::KiswahiliMalawi);
    for s in [Side::South, Side::North] {
        assert_eq!(front(&p, s), [0, 0, 0, 0, 8, 2, 2, 0]);
        assert_eq!(p.hand(s), 20);
        assert!(p.owns_house(s));
    }
    assert_eq!(total(&p), 64);
    assert_eq!(sorted_moves(&p), ["A6L", "A6R", "A7L", "A7R"]);
}

// ---- 5.2 stages ------------------------------------------------------------------------------------------

#[test]
fn hands_empty_alternately_then_mtaji_begins() {
    for (variant, namua_moves) in [(Variant::Kiswahili, 44), (Variant::KiswahiliMalawi, 40)] {
        let mut p = Position::new(variant);
        let mut ply = 0;
        while p.result().is_none() && ply < 60 {
            assert_eq!(p.is_first_stage(), ply < namua_moves, "{variant} ply {ply}");
            if ply < namua_moves {
                let expected = Position::new(variant).hand(Side::South) - (ply / 2) as u8;
                assert_eq!(p.hand(p.to_move()), expected);
            }
            let m = p.legal_moves()[0];
            p = p.play(m).expect("legal").0;
            ply += 1;
        }
        assert!(ply >= namua_moves || p.result().is_some());
    }
}

// ---- 5.3 namua moves -------------------------------------------------------------------------------------

#[test]
fn namua_seed_goes_into_an_occupied_front_pit() {
    let p = Position::new(Variant::Kiswahili);
    let (after, trace) = play_traced(&p, "A6L");
    assert_eq!(trace[0], Step::Hand { pit: pit("A6") });
    assert_eq!(
        trace[1],
        Step::Lift {
            pit: pit("A6"),
            count: 3,
            tax: false
        }
    );
    assert_eq!(after.hand(Side::South), 21);
    replay_trace(&p, &trace, &after);
    // Empty pits and back-row pits are never namua start pits.
    for m in Position::new(Variant::Kiswahili).legal_moves() {
        assert!(m.pit.ring() < 8 && p.count(m.pit) > 0);
    }
}

#[test]
fn namua_capture_is_mandatory_and_the_kimbi_decides_the_kichwa() {
    // A2 and A7 face seeds: A2 may only capture to the left kichwa, A7 only to the right one.
    let p = kis(
        [0, 1, 0, 0, 0, 0, 1, 0],
        Z,
        5,
        false,
        [0, 1, 0, 0, 0, 0, 1, 0],
        Z,
        5,
        false,
    );
    assert_eq!(sorted_moves(&p), ["A2L", "A7R"]);
    let (after, trace) = play_traced(&p, "A2L");
    assert!(trace.contains(&Step::Capture {
        pit: pit("a7"),
        count: 1,
        into: pit("A1")
    }));
    assert_eq!(front(&after, Side::South), [1, 2, 0, 0, 0, 0, 1, 0]);
}

#[test]
fn namua_capture_from_the_middle_lets_the_mover_choose_the_kichwa() {
    let p = kis(
        [0, 0, 0, 1, 0, 0, 0, 0],
        Z,
        5,
        false,
        [0, 0, 0, 0, 2, 0, 0, 1],
        Z,
        5,
        false,
    );
    assert_eq!(sorted_moves(&p), ["A4L", "A4R"]);
    assert_eq!(
        front(&play(&p, "A4L"), Side::South),
        [1, 1, 0, 2, 0, 0, 0, 0]
    );
    assert_eq!(
        front(&play(&p, "A4R"), Side::South),
        [0, 0, 0, 2, 0, 0, 1, 1]
    );
}

#[test]
fn capturing_the_opponents_nyumba_ends_its_ownership() {
    let p = kis(
        [0, 0, 0, 1, 0, 0, 0, 0],
        Z,
        5,
        false,
        [0, 0, 0, 0, 6, 0, 0, 1],
        Z,
        5,
        true,
    );
    let after = play(&p, "A4L");
    assert!(!after.owns_house(Side::North));
    assert_eq!(front(&after, Side::South), [1, 1, 1, 3, 1, 1, 0, 0]);
}

#[test]
fn lone_owned_nyumba_with_six_or_more_is_taxed_two_seeds_and_stays_owned() {
    let p = kis(
        [0, 0, 0, 0, 8, 0, 0, 0],
        Z,
        5,
        true,
        [1, 0, 0, 0, 0, 0, 0, 0],
        Z,
        5,
        true,
    );
    assert_eq!(sorted_moves(&p), ["A5L", "A5R"]);
    let (after, trace) = play_traced(&p, "A5L");
    assert!(trace.contains(&Step::Lift {
        pit: pit("A5"),
        count: 2,
        tax: true
    }));
    assert_eq!(front(&after, Side::South), [0, 0, 1, 1, 7, 0, 0, 0]);
    assert!(after.owns_house(Side::South));
    assert_eq!(after.hand(Side::South), 4);
    replay_trace(&p, &trace, &after);
}

#[test]
fn lone_owned_nyumba_with_five_is_not_taxed_sows_all_and_is_lost() {
    let p = kis(
        [0, 0, 0, 0, 5, 0, 0, 0],
        Z,
        5,
        true,
        [1, 0, 0, 0, 0, 0, 0, 0],
        Z,
        5,
        true,
    );
    let after = play(&p, "A5L");
    assert_eq!(front(&after, Side::South), [1, 1, 1, 1, 0, 0, 0, 0]);
    assert_eq!(back(&after, Side::South), [1, 1, 0, 0, 0, 0, 0, 0]);
    assert!(!after.owns_house(Side::South));
}

#[test]
fn owned_nyumba_with_six_or_more_may_not_start_a_takasa_while_other_front_pits_are_occupied() {
    let p = kis(
        [0, 1, 0, 0, 7, 0, 2, 0],
        Z,
        5,
        true,
        [1, 0, 0, 0, 0, 0, 0, 0],
        Z,
        5,
        true,
    );
    assert_eq!(sorted_moves(&p), ["A2L", "A2R", "A7L", "A7R"]);
}

#[test]
fn owned_nyumba_with_fewer_than_six_is_an_ordinary_start_pit() {
    let p = kis(
        [0, 0, 0, 0, 4, 0, 2, 0],
        Z,
        5,
        true,
        [1, 0, 0, 0, 0, 0, 0, 0],
        Z,
        5,
        true,
    );
    assert_eq!(sorted_moves(&p), ["A5L", "A5R", "A7L", "A7R"]);
    let after = play(&p, "A5R");
    assert!(!after.owns_house(Side::South), "emptied as a start pit");
    assert_eq!(front(&after, Side::South), [0, 0, 0, 0, 0, 1, 3, 1]);
    assert_eq!(back(&after, Side::South), [0, 0, 0, 0, 0, 0, 1, 1]);
}

#[test]
fn single_seed_start_pits_only_while_the_nyumba_is_owned_or_no_pit_holds_two() {
    // Owned: the singleton A2 may be chosen.
    let p = kis(
        [0, 1, 0, 0, 7, 0, 2, 0],
        Z,
        5,
        true,
        [1, 0, 0, 0, 0, 0, 0, 0],
        Z,
        5,
        true,
    );
    assert!(sorted_moves(&p).contains(&"A2L".to_owned()));
    // Not owned: A2 may not, since A5 and A7 hold 2 or more.
    let p = kis(
        [0, 1, 0, 0, 7, 0, 2, 0],
        Z,
        5,
        false,
        [1, 0, 0, 0, 0, 0, 0, 0],
        Z,
        5,
        true,
    );
    assert_eq!(sorted_moves(&p), ["A5L", "A5R", "A7L", "A7R"]);
    // Not owned and no pit holds two: singletons are allowed.
    let p = kis(
        [0, 1, 0, 1, 0, 0, 0, 0],
        Z,
        5,
        false,
        [1, 0, 0, 0, 0, 0, 0, 0],
        Z,
        5,
        true,
    );
    assert_eq!(sorted_moves(&p), ["A2L", "A2R", "A4L", "A4R"]);
}

#[test]
fn namua_kichwa_restriction() {
    let p = kis(
        [2, 0, 0, 0, 0, 0, 0, 0],
        Z,
        5,
        false,
        [1, 0, 0, 0, 0, 0, 0, 0],
        Z,
        5,
        true,
    );
    assert_eq!(sorted_moves(&p), ["A1R"]);
}

#[test]
fn nyumba_stop_ends_a_namua_takasa() {
    let p = kis(
        [0, 0, 0, 0, 6, 0, 1, 0],
        Z,
        5,
        true,
        [0, 0, 0, 0, 0, 0, 0, 1],
        Z,
        5,
        true,
    );
    assert_eq!(sorted_moves(&p), ["A7L", "A7R"]);
    let (after, trace) = play_traced(&p, "A7L");
    assert_eq!(trace.last(), Some(&Step::NyumbaStop { pit: pit("A5") }));
    assert_eq!(front(&after, Side::South), [0, 0, 0, 0, 7, 1, 0, 0]);
    assert!(after.owns_house(Side::South));
}

#[test]
fn nyumba_with_fewer_than_six_relays_like_any_pit_and_is_lost() {
    let p = kis(
        [0, 0, 0, 0, 3, 0, 1, 0],
        Z,
        5,
        true,
        [0, 0, 0, 0, 0, 0, 0, 1],
        Z,
        5,
        true,
    );
    let (after, trace) = play_traced(&p, "A7L");
    assert!(trace.contains(&Step::Relay {
        pit: pit("A5"),
        count: 4
    }));
    assert_eq!(front(&after, Side::South), [1, 1, 1, 1, 0, 1, 0, 0]);
    assert!(!after.owns_house(Side::South));
}

#[test]
fn nyumba_stop_in_a_capture_move_offers_stop_or_safari_and_safari_loses_the_nyumba() {
    let p = kiswahili(
        [0, 2, 1, 0, 8, 0, 3, 4],
        Z,
        [6, 5, 2, 0, 8, 4, 3, 0],
        Z,
        10,
        10,
    );
    let (stop, trace) = play_traced(&p, "A8R");
    assert_eq!(trace.last(), Some(&Step::NyumbaStop { pit: pit("A5") }));
    assert!(stop.owns_house(Side::South));
    let (safari, trace) = play_traced(&p, "A8R+");
    assert!(trace.iter().any(|s| matches!(s, Step::Safari { .. })));
    assert!(!safari.owns_house(Side::South));
    // No safari where the move never reaches the stop.
    assert!(p.play(mv("A2L+")).is_err());
}

#[test]
fn unowned_nyumba_has_no_stop() {
    let owned = kis(
        [0, 0, 0, 0, 6, 0, 0, 2],
        Z,
        5,
        true,
        [0, 0, 0, 0, 0, 0, 0, 1],
        Z,
        5,
        true,
    );
    let (_, trace) = play_traced(&owned, "A8L");
    assert_eq!(trace.last(), Some(&Step::NyumbaStop { pit: pit("A5") }));
    let lost = kis(
        [0, 0, 0, 0, 6, 0, 0, 2],
        Z,
        5,
        false,
        [0, 0, 0, 0, 0, 0, 0, 1],
        Z,
        5,
        true,
    );
    let (after, trace) = play_traced(&lost, "A8L");
    assert!(trace.contains(&Step::Relay {
        pit: pit("A5"),
        count: 7
    }));
    assert_eq!(front(&after, Side::South), [1, 1, 1, 1, 0, 1, 1, 0]);
}

// ---- 5.4 mtaji -------------------------------------------------------------------------------------------

#[test]
fn first_mtaji_capture_ends_both_nyumbas() {
    let p = kis(
        [0, 0, 0, 2, 5, 1, 0, 0],
        Z,
        0,
        true,
        [1, 0, 2, 0, 6, 0, 0, 0],
        Z,
        0,
        true,
    );
    assert_eq!(sorted_moves(&p), ["A4R"]);
    let after = play(&p, "A4R");
    assert_eq!(front(&after, Side::South), [1, 1, 0, 0, 6, 2, 0, 0]);
    assert!(!after.owns_house(Side::South));
    assert!(!after.owns_house(Side::North));
    assert_eq!(after.takasia(), None, "no takasia after a capture move");
}

#[test]
fn namua_captures_do_not_end_the_nyumbas() {
    let p = kis(
        [0, 0, 0, 1, 6, 0, 0, 0],
        Z,
        5,
        true,
        [0, 0, 0, 0, 0, 2, 0, 1],
        Z,
        5,
        true,
    );
    let after = play(&p, "A4L");
    assert!(after.owns_house(Side::South));
    assert!(after.owns_house(Side::North));
}

#[test]
fn mtaji_owned_nyumba_relays_and_may_start_a_takasa() {
    let p = kis(
        [0, 0, 0, 0, 6, 0, 2, 0],
        Z,
        0,
        true,
        [1, 0, 0, 0, 0, 0, 0, 0],
        Z,
        0,
        true,
    );
    assert_eq!(sorted_moves(&p), ["A5L", "A5R", "A7L", "A7R"]);
    let (after, trace) = play_traced(&p, "A7L");
    assert!(trace.contains(&Step::Relay {
        pit: pit("A5"),
        count: 7
    }));
    assert_eq!(front(&after, Side::South), [1, 1, 1, 1, 0, 1, 0, 0]);
    assert_eq!(back(&after, Side::South), [1, 1, 1, 0, 0, 0, 0, 0]);
    assert!(!after.owns_house(Side::South));
    assert!(!play(&p, "A5L").owns_house(Side::South));
}

// ---- 6 takasia -------------------------------------------------------------------------------------------

/// After South's takasa `A6L`, South threatens only a5 (by `A2R`), and North has no capture.
fn takasia_position(north_front: [u8; 8], north_house: bool) -> Position {
    kis(
        [0, 2, 0, 0, 0, 3, 0, 0],
        Z,
        0,
        false,
        north_front,
        Z,
        0,
        north_house,
    )
}

#[test]
fn takasia_marks_the_one_threatened_pit_after_a_mtaji_takasa() {
    let p = takasia_position([2, 0, 1, 0, 2, 0, 0, 0], false);
    assert_eq!(sorted_moves(&p), ["A2L", "A2R", "A6L", "A6R"]);
    let after = play(&p, "A6L");
    assert_eq!(after.takasia(), Some(pit("a5")));
    assert!(after.to_json().contains("\"takasia\":\"a5\""));
}

#[test]
fn takasia_pit_may_not_start_a_move() {
    let after = play(&takasia_position([2, 0, 1, 0, 2, 0, 0, 0], false), "A6L");
    assert_eq!(sorted_moves(&after), ["a1L", "a1R"]);
}

#[test]
fn a_lap_ending_in_the_takasia_pit_stops_there() {
    let after = play(&takasia_position([2, 0, 1, 0, 2, 0, 0, 0], false), "A6L");
    let (next, trace) = play_traced(&after, "a1R");
    assert_eq!(trace.last(), Some(&Step::TakasiaStop { pit: pit("a5") }));
    assert_eq!(front(&next, Side::North), [0, 1, 0, 1, 3, 0, 0, 0]);
    // The mark lasts one move only.
    assert_ne!(next.takasia(), Some(pit("a5")));
    assert!(next.takasia().is_none_or(|p| p.side() == Side::South));
}

#[test]
fn takasia_exceptions() {
    // X holds a single seed.
    assert_eq!(
        play(&takasia_position([2, 0, 0, 0, 1, 0, 0, 0], false), "A6L").takasia(),
        None
    );
    // X is the only occupied front pit.
    assert_eq!(
        play(&takasia_position([0, 0, 0, 0, 2, 0, 0, 0], false), "A6L").takasia(),
        None
    );
    // X is the only front pit with two or more seeds.
    assert_eq!(
        play(&takasia_position([1, 0, 1, 0, 2, 0, 0, 0], false), "A6L").takasia(),
        None
    );
    // X is the opponent's owned nyumba.
    assert_eq!(
        play(&takasia_position([2, 0, 1, 0, 2, 0, 0, 0], true), "A6L").takasia(),
        None
    );
}

#[test]
fn no_takasia_when_two_pits_are_threatened() {
    // With A1 holding 2, South's A6L also makes A1R end in an occupied A3, facing a6: two threats.
    let control = kis(
        [2, 2, 0, 0, 0, 3, 0, 0],
        Z,
        0,
        false,
        [2, 0, 1, 0, 2, 0, 0, 0],
        Z,
        0,
        false,
    );
    assert_eq!(play(&control, "A6L").takasia(), Some(pit("a5")));
    let p = kis(
        [2, 2, 0, 0, 0, 3, 0, 0],
        Z,
        0,
        false,
        [2, 0, 1, 0, 2, 2, 0, 0],
        Z,
        0,
        false,
    );
    assert_eq!(play(&p, "A6L").takasia(), None);
}

#[test]
fn no_takasia_when_the_opponent_can_capture() {
    // a2 faces A7; with A7 occupied after South's move... use a North capture: a3 (1 -> 2 seeds) ending in
    // a5 would need seeds; simplest: North a4 with 2 seeds sowing a5, a6 ends in a6 facing A3, which South's
    // A6L fills.
    let p = kis(
        [0, 2, 0, 0, 0, 3, 0, 0],
        Z,
        0,
        false,
        [2, 0, 1, 2, 2, 1, 0, 0],
        Z,
        0,
        false,
    );
    let after = play(&p, "A6L");
    assert!(
        sorted_moves(&after).iter().all(|m| m != "a1L"),
        "North must capture"
    );
    assert_eq!(after.takasia(), None);
}

#[test]
fn no_takasia_in_the_namua_stage() {
    let p = kis(
        [0, 2, 0, 0, 0, 3, 0, 0],
        Z,
        3,
        false,
        [2, 0, 1, 0, 2, 0, 0, 0],
        Z,
        3,
        false,
    );
    let after = play(&p, "A6L");
    assert_eq!(after.takasia(), None);
}

#[test]
fn takasia_round_trips_through_setup() {
    let after = play(&takasia_position([2, 0, 1, 0, 2, 0, 0, 0], false), "A6L");
    let again = Position::from_setup_any_total(after.to_setup()).expect("valid");
    assert_eq!(again, after);
    let mut bad: Setup = after.to_setup();
    bad.takasia = Some(pit("A2"));
    assert!(Position::from_setup_any_total(bad).is_err());
}
