//! Never-ending moves (rules.md section 7): a move whose sowing returns to an earlier state is not legal.
//!
//! The engine detects cycles exactly. These tests compare it with a deliberately naive reference
//! implementation of Bao la Kujifunza, written separately, that sows seed by seed and gives up only after a
//! very large number of laps: on random positions both must agree on every move, finite or not.

use crate::common;
use common::*;

use bao_core::{Dir, Move, Pit, Position, Row, Setup, Side, SideSetup, Variant};

/// The naive reference: board as `[side][ring]`, sowing one seed at a time. Returns the board after the move,
/// or `None` if it has not ended after `max_laps` laps.
fn reference_kujifunza(
    board: [[u8; 16]; 2],
    start: usize,
    clockwise: bool,
    capture: bool,
    max_laps: u32,
) -> Option<[[u8; 16]; 2]> {
    let mut b = board;
    let me = 0usize;
    let opp = 1usize;
    let mut dir: i32 = if clockwise { 1 } else { -1 };
    let mut hand = b[me][start];
    b[me][start] = 0;
    let mut at = start as i32;
    let mut first_into: Option<i32> = None;
    for _ in 0..max_laps {
        // Sow the seeds in hand.
        if let Some(k) = first_into.take() {
            at = k - dir; // the first captured seed goes into the kichwa itself
        }
        while hand > 0 {
            at = (at + dir).rem_euclid(16);
            b[me][at as usize] += 1;
            hand -= 1;
        }
        let here = at as usize;
        if b[me][here] == 1 {
            return Some(b);
        }
        if capture && here < 8 && b[opp][7 - here] > 0 {
            hand = b[opp][7 - here];
            b[opp][7 - here] = 0;
            if b[opp][..8].iter().all(|&c| c == 0) {
                return Some(b); // won; the seeds stay in hand
            }
            let (kichwa, d) = match here {
                0 | 1 => (0, 1),
                6 | 7 => (7, -1),
                _ if dir == 1 => (0, 1),
                _ => (7, -1),
            };
            dir = d;
            first_into = Some(kichwa);
            continue;
        }
        hand = b[me][here];
        b[me][here] = 0;
    }
    None
}

fn rng(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// A random 64-seed position. Every other one keeps North's front row nearly empty, so that South has few
/// captures and many takasa moves (where long relays, and never-ending ones, are common).
fn random_kujifunza(st: &mut u64) -> Position {
    let mut pits = [0u8; 32];
    let sparse = rng(st).is_multiple_of(2);
    let spread = if sparse { 63 } else { 64 };
    for _ in 0..spread {
        let mut i = (rng(st) % 32) as usize;
        if sparse && (16..24).contains(&i) {
            i += 8; // North's back row instead of its front row
        }
        pits[i] += 1;
    }
    if sparse {
        pits[16 + (rng(st) % 8) as usize] += 1;
    }
    let side = |o: usize| SideSetup {
        front: pits[o..o + 8].try_into().expect("8"),
        back: pits[o + 8..o + 16].try_into().expect("8"),
        hand: 0,
        house: false,
    };
    Position::from_setup(Setup {
        variant: Variant::Kujifunza,
        to_move: Side::South,
        south: side(0),
        north: side(16),
        takasia: None,
        result: None,
    })
    .expect("64 seeds")
}

/// Every candidate move of a random position, finite or not, agrees with the reference; and never-ending
/// moves are found and kept out of the legal moves.
#[test]
fn engine_agrees_with_a_naive_reference_on_random_positions() {
    let mut st = 0x2545_f491_4f6c_dd1d_u64;
    let mut never_ending = 0;
    let mut finite = 0;
    for _ in 0..20_000 {
        let p = random_kujifunza(&mut st);
        let legal = p.legal_moves();
        let south = *p.ring(Side::South);
        let north = *p.ring(Side::North);
        let any_capture = (0..16).any(|s| {
            [true, false].into_iter().any(|cw| {
                let n = south[s] as usize;
                let e = if cw {
                    (s + n) % 16
                } else {
                    (s + 16 * 2 - n) % 16
                };
                (2..=15).contains(&n) && e < 8 && south[e] > 0 && north[7 - e] > 0
            })
        });
        for ring in 0..16u8 {
            let pit = Pit::from_ring(Side::South, ring);
            if p.count(pit) < 2 {
                continue;
            }
            for dir in [Dir::Left, Dir::Right] {
                let m = Move::new(pit, dir);
                let cw = dir.is_clockwise_in(pit.row());
                let n = south[ring as usize] as usize;
                let s = ring as usize;
                let e = if cw { (s + n) % 16 } else { (s + 32 - n) % 16 };
                let is_capture = (2..=15).contains(&n) && e < 8 && south[e] > 0 && north[7 - e] > 0;
                if any_capture && !is_capture {
                    assert!(
                        !legal.contains(&m),
                        "{m} is not a capture but captures exist"
                    );
                    continue;
                }
                let reference = reference_kujifunza([south, north], s, cw, is_capture, 100_000);
                match reference {
                    None => {
                        never_ending += 1;
                        assert!(
                            !legal.contains(&m),
                            "{m} never ends but is listed: {}",
                            p.to_json()
                        );
                        assert!(p.play_unchecked(m).is_none());
                        assert!(p.play(m).is_err());
                    }
                    Some(board) => {
                        let kichwa_rule = !any_capture
                            && pit.row() == Row::Front
                            && south[..8].iter().filter(|&&c| c > 0).count() == 1
                            && ((ring == 0 && dir == Dir::Left)
                                || (ring == 7 && dir == Dir::Right));
                        let front_first = !any_capture
                            && pit.row() == Row::Back
                            && south[..8].iter().any(|&c| c >= 2);
                        if kichwa_rule || front_first {
                            assert!(!legal.contains(&m));
                            continue;
                        }
                        finite += 1;
                        assert!(
                            legal.contains(&m),
                            "{m} ends but is not listed: {}",
                            p.to_json()
                        );
                        let after = p.play_unchecked(m).expect("finite");
                        assert_eq!(*after.ring(Side::South), board[0], "{m} in {}", p.to_json());
                        assert_eq!(*after.ring(Side::North), board[1], "{m} in {}", p.to_json());
                    }
                }
            }
        }
    }
    assert!(
        never_ending >= 5,
        "the random positions must contain never-ending moves ({never_ending})"
    );
    assert!(finite > 10_000, "{finite}");
    eprintln!("{never_ending} never-ending and {finite} finite moves checked");
}

/// A known never-ending takasa: `B6L` in this position relays for ever; the other moves end.
#[test]
fn a_never_ending_move_is_not_legal() {
    let p = Position::from_json(
        r#"{"variant":"kujifunza","to_move":"south","south":{"front":[1,2,1,0,1,3,2,3],"back":[2,1,2,1,2,4,5,2],"hand":0,"house":false},"north":{"front":[1,5,1,3,2,1,0,3],"back":[2,2,3,2,2,2,2,1],"hand":0,"house":false},"takasia":null,"result":null}"#,
    )
    .expect("valid");
    let m = mv("B6L");
    assert!(p.play_unchecked(m).is_none());
    assert!(!p.legal_moves().contains(&m));
    let err = p.play(m).expect_err("never ends");
    assert!(err.to_string().contains("legal moves"));
}

/// A never-ending move whose sowing repeats only after 71,078,192 laps (a cycle through its first state) is
/// still found and refused, and the other moves stay legal. `children_within` gives up on it instead.
#[test]
fn a_never_ending_move_with_a_long_cycle_is_found() {
    let p = Position::from_json(
        r#"{"variant":"kujifunza","to_move":"south","south":{"front":[1,0,9,4,0,9,1,9],"back":[2,3,0,5,0,5,0,3],"hand":0,"house":false},"north":{"front":[0,0,0,0,1,0,0,0],"back":[1,1,2,5,0,2,1,0],"hand":0,"house":false},"takasia":null,"result":null}"#,
    )
    .expect("valid");
    let legal: Vec<String> = p.legal_moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(legal, ["A3L", "A3R", "A4L", "A4R", "A6R", "A8L", "A8R"]);
    assert!(p.play_unchecked(mv("A6L")).is_none());
    assert_eq!(p.children_within(1_000_000), None);
    assert_eq!(p.children_within(80_000_000).map(|c| c.len()), Some(7));
    // Playing a move here with a small budget gives up too (the server then plays it off its task).
    assert!(p.play_full_within(mv("A8L"), 1_000_000).is_none());
}

/// With the budget enough, `play_full_within` is `play_full`: the same position, trace and legal moves, and
/// the same refusal of an illegal move.
#[test]
fn play_full_within_matches_play_full() {
    for variant in Variant::ALL {
        let mut pos = Position::new(variant);
        for _ in 0..60 {
            let legal = pos.legal_moves();
            let Some(&m) = legal.get(legal.len() / 2) else {
                break;
            };
            let full = pos.play_full(m).expect("legal");
            let within = pos
                .play_full_within(m, 100_000)
                .expect("ordinary positions need no long laps")
                .expect("legal");
            assert_eq!(within.position, full.position);
            assert_eq!(within.trace, full.trace);
            assert_eq!(within.legal, full.legal);
            let known = pos
                .play_full_known(m, &legal, 100_000)
                .expect("quick")
                .expect("legal");
            assert_eq!(known.position, full.position);
            assert_eq!(known.trace, full.trace);
            assert_eq!(known.legal, full.legal);
            pos = full.position;
        }
    }
    // North's pit while south is to move.
    let start = Position::new(Variant::Kiswahili);
    let wrong = mv("a5L");
    let full = start.play_full(wrong).expect_err("illegal");
    let within = start.play_full_within(wrong, 100_000).expect("quick");
    assert_eq!(within.expect_err("illegal").to_string(), full.to_string());
}
