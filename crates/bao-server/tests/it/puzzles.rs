//! The puzzle files of `puzzles/` and `GET /api/puzzles`: enough puzzles with unique ids; every puzzle checked
//! with bao-core's rules (no forced first move, every solution move legal) and proved again by the exhaustive
//! prover that mined them (bao-ai's `proof`); and the endpoints answering them.

use crate::common;

use bao_ai::proof::Prover;
use bao_core::{Move, Variant};
use bao_server::puzzles::{all, parse, FILES};
use common::Server;
use serde_json::Value;
use std::collections::HashSet;

/// The most positions one proof may walk (what `bao puzzles` mined with by default).
const PROOF_NODES: u64 = 200_000;

#[test]
fn the_files_hold_enough_puzzles_with_unique_ids_and_their_command() {
    let mut ids = std::collections::HashSet::new();
    for (variant, text) in FILES {
        let puzzles = parse(variant, text).unwrap();
        let least = if variant == Variant::Kiswahili {
            300
        } else {
            200
        };
        assert!(puzzles.len() >= least, "{variant}: {}", puzzles.len());
        for p in &puzzles {
            assert!(ids.insert(p.id.clone()), "{} twice", p.id);
            assert!(p.id.starts_with(variant.name()), "{}", p.id);
            assert_eq!(p.solution.len() as u32, 2 * p.depth - 1, "{}", p.id);
        }
        let header: Value = serde_json::from_str(text).unwrap();
        let command = header["command"].as_str().unwrap();
        assert!(
            command.starts_with(&format!("bao puzzles --variant {variant} ")),
            "{command}"
        );
    }
}

/// Every puzzle of every file, checked with bao-core's rules alone (no second rules implementation): it does
/// not start with a forced move (the side to move has at least two distinct legal moves, or the first move
/// is no choice at all), and every move of its solution, the defender's replies included, is legal in its
/// position. All the faults are listed, not only the first.
#[test]
fn no_puzzle_starts_with_a_forced_move_and_every_solution_move_is_legal() {
    let mut faults = Vec::new();
    for (variant, text) in FILES {
        let puzzles = parse(variant, text).unwrap();
        let mut forced = 0;
        for p in &puzzles {
            let first: HashSet<Move> = p.position.legal_moves().into_iter().collect();
            if first.len() < 2 {
                forced += 1;
                faults.push(format!(
                    "{}: the first move is forced ({} legal)",
                    p.id,
                    first.len()
                ));
            }
            let mut at = p.position;
            for (i, mv) in p.solution.iter().enumerate() {
                let who = if at.to_move() == p.position.to_move() {
                    "winner"
                } else {
                    "defender"
                };
                match at.play(*mv) {
                    Ok((next, _)) => at = next,
                    Err(e) => {
                        faults.push(format!("{}: move {} ({mv}, {who}): {e}", p.id, i + 1));
                        break;
                    }
                }
            }
        }
        eprintln!("{variant}: {} puzzles, {forced} forced", puzzles.len());
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

/// Every puzzle of every file proved again by the exhaustive prover that mined them (well under a second
/// in the test profile): its winner's moves are the only wins at each step and its defender's replies the
/// best defence, the longest resistance.
#[test]
fn every_puzzle_is_proved_again() {
    for (variant, text) in FILES {
        for p in parse(variant, text).unwrap() {
            Prover::new(PROOF_NODES)
                .check(&p.position, &p.solution, p.depth)
                .unwrap_or_else(|e| panic!("{}: {e}", p.id));
        }
    }
}

#[test]
fn the_prover_refuses_a_wrong_solution() {
    let p = all()
        .unwrap()
        .iter()
        .find(|p| p.depth == 2 && p.position.legal_moves().len() > 1)
        .unwrap();
    let other = p
        .position
        .legal_moves()
        .into_iter()
        .find(|m| *m != p.solution[0])
        .unwrap();
    let mut wrong = p.solution.clone();
    wrong[0] = other;
    assert!(Prover::new(PROOF_NODES)
        .check(&p.position, &wrong, p.depth)
        .is_err());
    // Cut short, the line does not end with the game won.
    assert!(Prover::new(PROOF_NODES)
        .check(&p.position, &p.solution[..1], p.depth)
        .is_err());
}

#[tokio::test]
async fn the_endpoints_answer_puzzles() {
    let s = Server::fresh().await;
    for variant in ["kiswahili", "kujifunza", "kimasai"] {
        let (code, p) = s.get_json(&format!("/api/puzzles?variant={variant}")).await;
        assert_eq!(code, 200, "{p}");
        assert_eq!(p["variant"], variant);
        assert_eq!(p["goal"], "win");
        assert_eq!(p["position"]["variant"], variant);
        assert!(p["solution"].as_array().is_some_and(|s| !s.is_empty()));
        let id = p["id"].as_str().unwrap();
        let (code, again) = s.get_json(&format!("/api/puzzles/{id}")).await;
        assert_eq!((code, &again), (200, &p));
    }
    let (code, p) = s.get_json("/api/puzzles").await;
    assert_eq!(code, 200, "{p}");
    let (code, e) = s.get_json("/api/puzzles?variant=chess").await;
    assert_eq!((code, e["error"].as_str()), (400, Some("unknown_variant")));
    let (code, e) = s.get_json("/api/puzzles?variant=kiswahili-malawi").await;
    assert_eq!((code, e["error"].as_str()), (404, Some("not_found")));
    let (code, e) = s.get_json("/api/puzzles/kiswahili-99999").await;
    assert_eq!((code, e["error"].as_str()), (404, Some("not_found")));
    s.stop().await;
}
