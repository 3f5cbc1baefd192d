//! The puzzle files of `puzzles/` and `GET /api/puzzles`: enough puzzles with unique ids, a random sample of
//! them proved again on every run by the exhaustive prover that mined them (bao-ai's `proof`), and the
//! endpoints answering them.

use crate::common;

use bao_ai::proof::Prover;
use bao_core::Variant;
use bao_server::puzzles::{all, parse, FILES};
use common::Server;
use rand::seq::IndexedRandom;
use serde_json::Value;

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

/// Four puzzles of each file (all of them with `BAO_PROVE_ALL=1`, a few seconds in release).
#[test]
fn a_random_sample_is_proved_again() {
    let mut rng = rand::rng();
    let every = std::env::var_os("BAO_PROVE_ALL").is_some();
    for (variant, text) in FILES {
        let puzzles = parse(variant, text).unwrap();
        let n = if every { puzzles.len() } else { 4 };
        for p in puzzles.choose_multiple(&mut rng, n) {
            // The id is printed so that a failure can be replayed.
            eprintln!("proving {}", p.id);
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
