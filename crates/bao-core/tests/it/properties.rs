//! Property tests over random games of every variant: seed conservation, legality, notation and JSON round
//! trips, traces that replay, and games that end.

use crate::common;
use common::*;

use bao_core::{Blocked, Dir, Move, Pit, Position, Variant};
use proptest::prelude::*;

/// Longest random game allowed before the test calls it endless.
const MAX_PLIES: usize = 3000;

fn rng(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// Every move in notation that could be written for the side to move (legal or not).
fn all_candidate_moves(p: &Position) -> Vec<Move> {
    let mut out = Vec::new();
    for ring in 0..16u8 {
        let pit = Pit::from_ring(p.to_move(), ring);
        out.push(Move::pit_only(pit));
        for d in [Dir::Left, Dir::Right] {
            out.push(Move::new(pit, d));
            out.push(Move {
                pit,
                dir: Some(d),
                safari: true,
            });
        }
    }
    out
}

fn check_position(p: &Position) {
    assert_eq!(total(p), 64, "{}", p.to_json());
    // JSON round trip.
    let back = Position::from_json(&p.to_json()).expect("own JSON reads back");
    assert_eq!(&back, p);
    let legal = p.legal_moves();
    // Notation round trip.
    for m in &legal {
        assert_eq!(m.to_string().parse::<Move>().as_ref(), Ok(m));
    }
    // children() and legal_moves() agree, and play_unchecked gives the same positions.
    let children = p.children();
    assert_eq!(children.len(), legal.len());
    for (m, child) in &children {
        assert!(legal.contains(m));
        assert_eq!(p.play_unchecked(*m).as_ref(), Some(child));
    }
    // children_within() is children() when its budget suffices, and never a partial list.
    assert_eq!(p.children_within(u64::MAX), Some(children.clone()));
    if let Some(bounded) = p.children_within(0) {
        assert_eq!(bounded, children);
    }
    // children_settled() gives exactly what play() gives.
    for (m, settled) in p.children_settled() {
        assert_eq!(p.play(m).map(|r| r.0), Ok(settled));
    }
    // Every listed move plays, with a trace that replays; every other move is refused with the list.
    for m in all_candidate_moves(p) {
        match p.play(m) {
            Ok((after, trace)) => {
                assert!(legal.contains(&m), "{m} played but is not listed");
                let full = p.play_full(m).expect("legal");
                assert_eq!(full.position, after);
                assert_eq!(
                    full.legal,
                    after.legal_moves(),
                    "play_full lists the next moves"
                );
                replay_trace(p, &trace, &after);
                assert_eq!(total(&after), 64);
            }
            Err(e) => {
                assert!(!legal.contains(&m), "{m} is listed but refused");
                assert_eq!(e.legal, legal.to_vec());
                assert_eq!(Some(e.reason), p.why_illegal(m), "{m}");
            }
        }
    }
    check_reasons(p, &legal);
}

/// The reasons of issue 13: a pit has a reason iff no legal move starts there, a move iff it is illegal, and
/// they agree with each other and with what playing the moves shows.
fn check_reasons(p: &Position, legal: &[Move]) {
    let blocked = p.blocked();
    assert_eq!(blocked, p.blocked_among(legal));
    let me = p.to_move();
    for ring in 0..16u8 {
        let pit = Pit::from_ring(me, ring);
        let starts = legal.iter().any(|m| m.pit == pit);
        let reason = blocked.iter().find(|(b, _)| *b == pit).map(|(_, r)| *r);
        if p.result().is_some() {
            assert_eq!(reason, None, "a finished game blocks nothing");
        } else {
            assert_eq!(reason.is_some(), !starts, "{pit} in {}", p.to_json());
        }
        for m in all_candidate_moves(p).into_iter().filter(|m| m.pit == pit) {
            let why = p.why_illegal(m);
            assert_eq!(why.is_some(), !legal.contains(&m), "{m} in {}", p.to_json());
            assert_eq!(why, p.why_illegal_among(m, legal));
            match (reason, why) {
                // A pit refused by the start checks refuses every move from it for the same reason.
                (Some(r), Some(w)) if r != Blocked::NeverEnding => assert_eq!(r, w, "{m}"),
                _ => {}
            }
            if why == Some(Blocked::NeverEnding) {
                assert!(p.play_unchecked(m).is_none(), "{m} is said never to end");
            }
        }
        if reason == Some(Blocked::NeverEnding) {
            let endless = all_candidate_moves(p)
                .into_iter()
                .any(|m| m.pit == pit && p.play_unchecked(m).is_none());
            assert!(endless, "{pit} has no never-ending move in {}", p.to_json());
        }
        if p.result().is_some() {
            assert_eq!(
                p.why_illegal(Move::new(pit, Dir::Left)),
                Some(Blocked::GameOver)
            );
        }
    }
    if p.result().is_none() {
        let theirs = Pit::from_ring(me.opponent(), 3);
        for m in [Move::pit_only(theirs), Move::new(theirs, Dir::Right)] {
            assert_eq!(p.why_illegal(m), Some(Blocked::OpponentPit));
        }
    }
}

fn random_game(variant: Variant, seed: u64, check_every: usize) -> usize {
    let mut st = seed | 1;
    let mut p = Position::new(variant);
    let mut plies: usize = 0;
    loop {
        if plies.is_multiple_of(check_every) {
            check_position(&p);
        }
        let legal = p.legal_moves();
        if legal.is_empty() {
            assert!(
                p.result().is_some(),
                "a position without moves has a result after play()"
            );
            return plies;
        }
        let m = legal[(rng(&mut st) % legal.len() as u64) as usize];
        p = p.play(m).expect("listed moves play").0;
        plies += 1;
        assert!(
            plies < MAX_PLIES,
            "game of {variant} did not end: {}",
            p.to_json()
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 48,
        failure_persistence: None,
        .. ProptestConfig::default()
    })]

    #[test]
    fn random_kujifunza_games_keep_the_rules(seed in any::<u64>()) {
        random_game(Variant::Kujifunza, seed, 3);
    }

    #[test]
    fn random_kiswahili_games_keep_the_rules(seed in any::<u64>()) {
        random_game(Variant::Kiswahili, seed, 3);
    }

    #[test]
    fn random_malawi_games_keep_the_rules(seed in any::<u64>()) {
        random_game(Variant::KiswahiliMalawi, seed, 3);
    }

    #[test]
    fn random_kimasai_games_keep_the_rules(seed in any::<u64>()) {
        random_game(Variant::Kimasai, seed, 3);
    }

    #[test]
    fn move_notation_round_trips(ring in 0u8..32, dir in 0u8..3, safari in any::<bool>()) {
        let pit = Pit::from_index(ring as usize).expect("pit");
        let dir = [None, Some(Dir::Left), Some(Dir::Right)][dir as usize];
        let m = Move { pit, dir, safari: safari && dir.is_some() };
        prop_assert_eq!(m.to_string().parse::<Move>(), Ok(m));
    }

    #[test]
    fn arbitrary_text_never_panics_the_parsers(s in ".{0,200}") {
        let _ = s.parse::<Move>();
        let _ = Position::from_json(&s);
    }
}

/// Many quick random games per variant (checking only every 50th position): all end.
#[test]
fn random_games_end() {
    for v in Variant::ALL {
        let mut longest = 0;
        for seed in 1..200u64 {
            longest = longest.max(random_game(v, seed * 0x9E37_79B9, 50));
        }
        eprintln!("{v}: longest random game {longest} plies");
    }
}
