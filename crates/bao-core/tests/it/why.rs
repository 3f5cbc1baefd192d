//! Why a pit or a move cannot be played (issue 13): one hand-built position per reason and variant where the
//! reason applies. The property tests (`properties.rs`) check over random games that a pit has a reason iff
//! no legal move starts there, and a move iff it is illegal; these check that each reason is the right one.

use crate::common;
use common::*;

use bao_core::{Blocked, GameResult, Position, Reason, Setup, Side, Variant};

/// The reason `pit` of the side to move is blocked, if it is.
fn reason(p: &Position, name: &str) -> Option<Blocked> {
    let at = pit(name);
    p.blocked().iter().find(|(b, _)| *b == at).map(|(_, r)| *r)
}

/// Why the move `m` is illegal.
fn why(p: &Position, m: &str) -> Option<Blocked> {
    p.why_illegal(mv(m))
}

#[test]
fn codes_are_snake_case_and_parse_back() {
    let mut seen = std::collections::HashSet::new();
    for b in Blocked::ALL {
        let code = b.as_str();
        assert!(
            code.chars().all(|c| c.is_ascii_lowercase() || c == '_'),
            "{code}"
        );
        assert!(seen.insert(code), "{code} twice");
        assert_eq!(Blocked::parse(code), Some(b));
        assert_eq!(b.to_string(), code);
    }
    assert_eq!(Blocked::parse("nope"), None);
}

#[test]
fn json_form_is_the_code() {
    for b in Blocked::ALL {
        let json = serde_json::to_string(&b).expect("serialises");
        assert_eq!(json, format!("\"{}\"", b.as_str()));
        assert_eq!(
            serde_json::from_str::<Blocked>(&json).expect("reads back"),
            b
        );
    }
}

// ---- Bao la Kujifunza (the same rules as the mtaji stage) ----

/// South: A2 = 1, A3 = 2, A5 = 1, B8 = 3; North: a4 = 1 (facing A5), a6 = 1. `A3R` ends its first lap in A5,
/// occupied and facing an occupied pit: a capture, so every move that does not capture is refused.
fn kujifunza_capture() -> Position {
    kujifunza(
        [0, 1, 2, 0, 1, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 3],
        [0, 0, 0, 1, 0, 1, 0, 0],
        [0; 8],
    )
}

#[test]
fn kujifunza_empty_singleton_and_capture_required() {
    let p = kujifunza_capture();
    assert_eq!(sorted_moves(&p), ["A3R"]);
    assert_eq!(reason(&p, "A1"), Some(Blocked::Empty));
    assert_eq!(reason(&p, "A2"), Some(Blocked::Singleton));
    assert_eq!(reason(&p, "A5"), Some(Blocked::Singleton));
    // B8's 3 seeds end in B5 or A6, neither a capture.
    assert_eq!(reason(&p, "B8"), Some(Blocked::CaptureRequired));
    assert_eq!(reason(&p, "A3"), None);
    // A3L ends in the empty A1: not a capture, while A3R is.
    assert_eq!(why(&p, "A3L"), Some(Blocked::CaptureRequired));
    assert_eq!(why(&p, "A2R"), Some(Blocked::Singleton));
    assert_eq!(
        why(&p, "A3"),
        Some(Blocked::Direction),
        "no direction given"
    );
    assert_eq!(why(&p, "A3R+"), Some(Blocked::Safari));
    assert_eq!(why(&p, "a4L"), Some(Blocked::OpponentPit));
    assert_eq!(why(&p, "A3R"), None);
}

#[test]
fn kujifunza_front_row_first() {
    // No capture: A3's 2 seeds end in the empty A1 or A5; B8's in B6 or the empty A7.
    let p = kujifunza(
        [0, 0, 2, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 2],
        [1, 1, 1, 1, 1, 1, 1, 1],
        [0; 8],
    );
    assert_eq!(sorted_moves(&p), ["A3L", "A3R"]);
    assert_eq!(reason(&p, "B8"), Some(Blocked::FrontRowFirst));
    assert_eq!(why(&p, "B8L"), Some(Blocked::FrontRowFirst));
    // Once no front pit holds 2, the back row may start a takasa and the front singletons may not.
    let p = kujifunza(
        [0, 0, 1, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 2],
        [1, 1, 1, 1, 1, 1, 1, 1],
        [0; 8],
    );
    assert_eq!(sorted_moves(&p), ["B8L", "B8R"]);
    assert_eq!(reason(&p, "A3"), Some(Blocked::Singleton));
}

#[test]
fn kujifunza_kichwa_direction() {
    // A1 is South's only occupied front pit: sowing it outward (A1L) would empty the front row.
    let p = kujifunza(
        [2, 0, 0, 0, 0, 0, 0, 0],
        [0; 8],
        [1, 1, 1, 1, 1, 1, 1, 1],
        [0; 8],
    );
    assert_eq!(sorted_moves(&p), ["A1R"]);
    assert_eq!(reason(&p, "A1"), None);
    assert_eq!(why(&p, "A1L"), Some(Blocked::Direction));
    let err = p.play(mv("A1L")).expect_err("kichwa rule");
    assert_eq!(err.reason, Blocked::Direction);
    assert!(err.to_string().contains("(direction)"), "{err}");
}

#[test]
fn kujifunza_never_ending_moves() {
    // A2L is a takasa the start rules allow, but its relays go round for ever; A2R ends.
    let p = Position::from_json(
        r#"{"variant":"kujifunza","to_move":"south","south":{"front":[3,2,1,2,3,2,0,6],"back":[2,0,1,2,1,2,1,3],"hand":0,"house":false},"north":{"front":[0,0,0,0,0,0,0,1],"back":[6,4,4,4,4,4,2,4],"hand":0,"house":false},"takasia":null,"result":null}"#,
    )
    .expect("valid");
    assert!(p.play_unchecked(mv("A2L")).is_none());
    assert_eq!(why(&p, "A2L"), Some(Blocked::NeverEnding));
    assert_eq!(p.play(mv("A2L")).unwrap_err().reason, Blocked::NeverEnding);
    assert_eq!(reason(&p, "A2"), None);
    // Here both directions from A3 never end, so the pit itself is blocked for that reason.
    let p = Position::from_json(
        r#"{"variant":"kujifunza","to_move":"south","south":{"front":[0,1,3,1,2,1,4,5],"back":[3,0,1,2,3,2,5,2],"hand":0,"house":false},"north":{"front":[0,0,0,0,1,0,0,0],"back":[8,5,1,4,2,1,5,2],"hand":0,"house":false},"takasia":null,"result":null}"#,
    )
    .expect("valid");
    assert_eq!(reason(&p, "A3"), Some(Blocked::NeverEnding));
    assert_eq!(why(&p, "A3R"), Some(Blocked::NeverEnding));
    // B6L was refused for never ending in never_ending.rs; its first reason is that a capture exists.
    let p = Position::from_json(
        r#"{"variant":"kujifunza","to_move":"south","south":{"front":[1,2,1,0,1,3,2,3],"back":[2,1,2,1,2,4,5,2],"hand":0,"house":false},"north":{"front":[1,5,1,3,2,1,0,3],"back":[2,2,3,2,2,2,2,1],"hand":0,"house":false},"takasia":null,"result":null}"#,
    )
    .expect("valid");
    assert_eq!(why(&p, "B6L"), Some(Blocked::CaptureRequired));
}

#[test]
fn a_finished_game_blocks_nothing_and_refuses_everything() {
    let mut setup: Setup = Position::new(Variant::Kujifunza).to_setup();
    setup.result = Some(GameResult {
        winner: Side::North,
        reason: Reason::NoLegalMove,
    });
    let p = Position::from_setup(setup).expect("valid");
    assert!(p.blocked().is_empty());
    assert_eq!(why(&p, "A1R"), Some(Blocked::GameOver));
}

// ---- Bao la Kiswahili, namua stage ----

#[test]
fn kiswahili_start_nyumba_and_front_row_first() {
    let p = Position::new(Variant::Kiswahili);
    assert_eq!(reason(&p, "A5"), Some(Blocked::Nyumba));
    for empty in ["A1", "A2", "A3", "A4", "A8"] {
        assert_eq!(reason(&p, empty), Some(Blocked::Empty), "{empty}");
    }
    // The back row never starts a namua move, whether it holds seeds or not.
    for back in ["B1", "B5", "B8"] {
        assert_eq!(reason(&p, back), Some(Blocked::FrontRowFirst), "{back}");
    }
    assert_eq!(p.blocked().len(), 14, "all but A6 and A7");
    assert_eq!(why(&p, "A5L"), Some(Blocked::Nyumba));
    assert_eq!(
        why(&p, "A6L+"),
        Some(Blocked::Safari),
        "a takasa has no safari"
    );
    assert_eq!(why(&p, "A6L"), None);
}

#[test]
fn malawi_start_nyumba() {
    let p = Position::new(Variant::KiswahiliMalawi);
    assert_eq!(p.count(pit("A5")), 8);
    assert_eq!(reason(&p, "A5"), Some(Blocked::Nyumba));
    assert_eq!(why(&p, "A5R"), Some(Blocked::Nyumba));
}

#[test]
fn namua_lone_nyumba_is_taxed_not_blocked() {
    let p = kiswahili(
        [0, 0, 0, 0, 6, 0, 0, 0],
        [0; 8],
        [1, 1, 1, 0, 1, 1, 1, 1],
        [0; 8],
        10,
        10,
    );
    assert_eq!(reason(&p, "A5"), None);
    assert_eq!(sorted_moves(&p), ["A5L", "A5R"]);
}

#[test]
fn namua_capture_required() {
    // rules.md section 10: the only captures are at A5 (facing a4).
    let p = kiswahili(
        [0, 0, 0, 0, 7, 0, 2, 1],
        [0; 8],
        [0, 0, 2, 1, 8, 1, 0, 1],
        [0; 8],
        10,
        10,
    );
    assert_eq!(reason(&p, "A7"), Some(Blocked::CaptureRequired));
    assert_eq!(reason(&p, "A8"), Some(Blocked::CaptureRequired));
    assert_eq!(reason(&p, "A5"), None);
    assert_eq!(why(&p, "A7L"), Some(Blocked::CaptureRequired));
}

#[test]
fn namua_capture_kichwa_and_safari() {
    // rules.md section 10: legal A2L, A3L, A3R, A3R+, A7R, A8R, A8R+.
    let p = kiswahili(
        [0, 2, 1, 0, 8, 0, 3, 4],
        [0; 8],
        [6, 5, 2, 0, 8, 4, 3, 0],
        [0; 8],
        10,
        10,
    );
    assert_eq!(
        sorted_moves(&p),
        ["A2L", "A3L", "A3R", "A3R+", "A7R", "A8R", "A8R+"]
    );
    // A capture from A2 enters at A1; from A7 at A8.
    assert_eq!(why(&p, "A2R"), Some(Blocked::Direction));
    assert_eq!(why(&p, "A7L"), Some(Blocked::Direction));
    // A3L is a capture that never stops at the nyumba, so it has no safari; A3R+ has one.
    assert_eq!(why(&p, "A3L+"), Some(Blocked::Safari));
    assert_eq!(why(&p, "A2L+"), Some(Blocked::Safari));
    assert_eq!(why(&p, "A3R+"), None);
    // A5 faces the empty a4.
    assert_eq!(reason(&p, "A5"), Some(Blocked::CaptureRequired));
    assert_eq!(why(&p, "A5L"), Some(Blocked::CaptureRequired));
}

#[test]
fn namua_singleton_only_without_the_nyumba() {
    // No capture: A1 and A2 face the empty a8 and a7.
    let front = [1, 2, 0, 0, 0, 0, 0, 0];
    let north = side([1, 1, 1, 1, 1, 1, 0, 0], [0; 8], 10, true);
    let without = setup(Variant::Kiswahili, side(front, [0; 8], 10, false), north);
    assert_eq!(reason(&without, "A1"), Some(Blocked::Singleton));
    assert_eq!(why(&without, "A1R"), Some(Blocked::Singleton));
    assert_eq!(reason(&without, "A2"), None);
    // While the nyumba is owned, a single seed may start a takasa.
    let with = setup(Variant::Kiswahili, side(front, [0; 8], 10, true), north);
    assert_eq!(reason(&with, "A1"), None);
}

#[test]
fn namua_kichwa_direction() {
    // A8 is South's only occupied front pit (facing the empty a1): A8R would empty the front row.
    let p = kiswahili(
        [0, 0, 0, 0, 0, 0, 0, 3],
        [0; 8],
        [0, 1, 1, 1, 1, 1, 1, 1],
        [0; 8],
        10,
        10,
    );
    assert_eq!(sorted_moves(&p), ["A8L"]);
    assert_eq!(why(&p, "A8R"), Some(Blocked::Direction));
}

// ---- Bao la Kiswahili, mtaji stage ----

#[test]
fn mtaji_takasia() {
    // No capture: A3's 3 seeds end in A6 (empty) or B8; A4's 2 in A6 or A3, which faces the empty a6.
    let mut s = Setup {
        takasia: Some(pit("A3")),
        ..kiswahili(
            [0, 0, 3, 2, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 0, 0, 2],
            [1, 1, 1, 1, 1, 0, 1, 1],
            [0; 8],
            0,
            0,
        )
        .to_setup()
    };
    s.south.house = false;
    s.north.house = false;
    let p = Position::from_setup_any_total(s).expect("valid");
    assert_eq!(sorted_moves(&p), ["A4L", "A4R"]);
    assert_eq!(reason(&p, "A3"), Some(Blocked::Takasia));
    assert_eq!(why(&p, "A3R"), Some(Blocked::Takasia));
    assert_eq!(reason(&p, "B8"), Some(Blocked::FrontRowFirst));
    assert_eq!(reason(&p, "A1"), Some(Blocked::Empty));
    // Without the mark, A3 may be played.
    s.takasia = None;
    let p = Position::from_setup_any_total(s).expect("valid");
    assert_eq!(reason(&p, "A3"), None);
}

#[test]
fn mtaji_capture_required_and_singleton() {
    let mut s = kujifunza_capture().to_setup();
    s.variant = Variant::Kiswahili;
    let p = Position::from_setup_any_total(s).expect("valid");
    assert_eq!(p.stage(Side::South), bao_core::Stage::Mtaji);
    assert_eq!(reason(&p, "B8"), Some(Blocked::CaptureRequired));
    assert_eq!(reason(&p, "A2"), Some(Blocked::Singleton));
    assert_eq!(why(&p, "A3L"), Some(Blocked::CaptureRequired));
}

// ---- Bao la Kimasai ----

#[test]
fn kimasai_phase_one() {
    let p = Position::new(Variant::Kimasai);
    // A cow goes only into an occupied pit: the empty back row is blocked, every front pit may be played.
    let blocked = p.blocked();
    assert_eq!(blocked.len(), 8);
    assert!(blocked
        .iter()
        .all(|(b, r)| *r == Blocked::Empty && b.to_string().starts_with('B')));
    assert_eq!(why(&p, "A3"), None);
    assert_eq!(why(&p, "A3R"), Some(Blocked::ClockwiseOnly));
    assert_eq!(why(&p, "A3L+"), Some(Blocked::ClockwiseOnly));
    assert_eq!(why(&p, "B3"), Some(Blocked::Empty));
}

#[test]
fn kimasai_phase_two_single_seeds_play() {
    let p = setup(
        Variant::Kimasai,
        side([1, 0, 0, 0, 0, 0, 0, 0], [0; 8], 0, false),
        side([0, 0, 0, 0, 0, 0, 1, 1], [0; 8], 0, false),
    );
    assert_eq!(p.stage(Side::South), bao_core::Stage::Phase2);
    assert_eq!(reason(&p, "A1"), None);
    assert_eq!(reason(&p, "A2"), Some(Blocked::Empty));
    assert_eq!(p.blocked().len(), 15);
}
