//! The puzzle files of `puzzles/` and `GET /api/puzzles`: enough puzzles with unique ids and themes; every
//! puzzle checked with bao-core's rules (no forced first move, every solution move legal) and proved again by
//! the exhaustive prover that mined them (bao-ai's `proof`); the endpoints answering them, the attempts that
//! rate them, and their refusals.

use crate::common;

use bao_ai::proof::Prover;
use bao_core::Move;
use bao_server::puzzles::{all, parse, FILES};
use common::Server;
use reqwest::header::{AUTHORIZATION, ORIGIN};
use serde_json::{json, Value};
use std::collections::HashSet;

/// The most positions one proof may walk (what `bao puzzles` mined with by default).
const PROOF_NODES: u64 = 200_000;

#[test]
fn the_files_hold_enough_puzzles_with_unique_ids_and_their_command() {
    let mut ids = std::collections::HashSet::new();
    for (variant, text) in FILES {
        let puzzles = parse(variant, text).unwrap();
        assert!(puzzles.len() >= 1000, "{variant}: {}", puzzles.len());
        for p in &puzzles {
            assert!(ids.insert(p.id.clone()), "{} twice", p.id);
            assert_eq!(
                p.id.rsplit_once('-').map(|(v, _)| v),
                Some(variant.name()),
                "{}",
                p.id
            );
            assert_eq!(p.solution.len() as u32, 2 * p.depth - 1, "{}", p.id);
            assert!(!p.themes.is_empty(), "{}: no theme", p.id);
        }
        // One puzzle a line: the header, the puzzles, the closing line.
        assert_eq!(text.lines().count(), puzzles.len() + 2, "{variant}");
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

/// Every puzzle of every file proved again by the exhaustive prover that mined them (4,000 in about 1.3 s in
/// the test profile, docs/benchmarks.md): its winner's moves are the only wins at each step and its defender's
/// replies the best defence, the longest resistance.
#[test]
fn every_puzzle_is_proved_again() {
    let mut proved = 0;
    for (variant, text) in FILES {
        for p in parse(variant, text).unwrap() {
            Prover::new(PROOF_NODES)
                .check(&p.position, &p.solution, p.depth)
                .unwrap_or_else(|e| panic!("{}: {e}", p.id));
            proved += 1;
        }
    }
    assert!(proved >= 4000, "{proved}");
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
    for variant in ["kiswahili", "kiswahili-malawi", "kujifunza", "kimasai"] {
        let (code, p) = s.get_json(&format!("/api/puzzles?variant={variant}")).await;
        assert_eq!(code, 200, "{p}");
        assert_eq!(p["variant"], variant);
        assert_eq!(p["goal"], "win");
        assert_eq!(p["position"]["variant"], variant);
        assert!(p["solution"].as_array().is_some_and(|s| !s.is_empty()));
        assert!(p["themes"].as_array().is_some_and(|t| !t.is_empty()));
        assert!(p["rating"]["rating"].as_f64().is_some_and(|r| r >= 1000.0));
        let id = p["id"].as_str().unwrap();
        let (code, again) = s.get_json(&format!("/api/puzzles/{id}")).await;
        assert_eq!((code, &again), (200, &p));
    }
    let (code, p) = s.get_json("/api/puzzles").await;
    assert_eq!(code, 200, "{p}");
    let (code, e) = s.get_json("/api/puzzles?variant=chess").await;
    assert_eq!((code, e["error"].as_str()), (400, Some("unknown_variant")));
    let (code, e) = s.get_json("/api/puzzles?theme=mate").await;
    assert_eq!((code, e["error"].as_str()), (400, Some("bad_request")));
    let (code, e) = s.get_json("/api/puzzles/kiswahili-99999").await;
    assert_eq!((code, e["error"].as_str()), (404, Some("not_found")));
    // Kujifunza has no nyumba: no puzzle of that theme.
    let (code, e) = s
        .get_json("/api/puzzles?variant=kujifunza&theme=nyumba")
        .await;
    assert_eq!((code, e["error"].as_str()), (404, Some("not_found")));
    s.stop().await;
}

/// Themed practice: every puzzle answered for a theme has it, and near the rating asked for.
#[tokio::test]
async fn a_theme_and_a_rating_choose_the_puzzle() {
    let s = Server::fresh().await;
    for theme in ["capture_chain", "takasa", "one_move", "long"] {
        for _ in 0..5 {
            let (code, p) = s
                .get_json(&format!("/api/puzzles?variant=kiswahili&theme={theme}"))
                .await;
            assert_eq!(code, 200, "{p}");
            let themes: Vec<&str> = p["themes"]
                .as_array()
                .unwrap()
                .iter()
                .filter_map(Value::as_str)
                .collect();
            assert!(themes.contains(&theme), "{theme}: {themes:?}");
        }
    }
    // Before any attempt a puzzle's rating is its depth's prior: the easiest are wins in one.
    let (_, p) = s.get_json("/api/puzzles?variant=kimasai&rating=400").await;
    assert_eq!(p["depth"], 1, "{p}");
    let (_, p) = s.get_json("/api/puzzles?variant=kimasai&rating=2500").await;
    assert_eq!(p["depth"], 3, "{p}");
    s.stop().await;
}

/// "Next puzzle" moves on: `after` (the puzzle just shown) is never drawn again while others match, although
/// the draw is among the 20 nearest the rating, many of them with the same prior (a browser's next puzzle came
/// out the same one about one time in twenty).
#[tokio::test]
async fn the_next_puzzle_is_never_the_one_just_shown() {
    let s = Server::fresh().await;
    let (_, first) = s
        .get_json("/api/puzzles?variant=kujifunza&rating=1000")
        .await;
    let id = first["id"].as_str().unwrap().to_owned();
    let mut others = std::collections::HashSet::new();
    for _ in 0..100 {
        let (code, p) = s
            .get_json(&format!(
                "/api/puzzles?variant=kujifunza&rating=1000&after={id}"
            ))
            .await;
        assert_eq!(code, 200, "{p}");
        assert_ne!(p["id"], first["id"], "the puzzle just shown came again");
        others.insert(p["id"].as_str().unwrap().to_owned());
    }
    assert!(others.len() > 1, "still a draw among several: {others:?}");
    // Without `after` the same draw gives it back now and then (which is what `after` prevents).
    let mut again = false;
    for _ in 0..400 {
        let (_, p) = s
            .get_json("/api/puzzles?variant=kujifunza&rating=1000")
            .await;
        again |= p["id"] == first["id"];
    }
    assert!(again, "the draw without `after` includes it");
    s.stop().await;
}

/// The list by page: 50 a page, in file order, the theme's only; nothing past the last page.
#[tokio::test]
async fn the_puzzles_are_listed_by_page() {
    let s = Server::fresh().await;
    let (code, page) = s.get_json("/api/puzzles/list?variant=kujifunza").await;
    assert_eq!(code, 200, "{page}");
    assert_eq!(page["puzzles"].as_array().unwrap().len(), 50);
    assert_eq!(page["puzzles"][0]["id"], "kujifunza-0001");
    assert!(page["total"].as_u64().unwrap() >= 1000);
    let (_, second) = s
        .get_json("/api/puzzles/list?variant=kujifunza&page=1")
        .await;
    assert_eq!(second["puzzles"][0]["id"], "kujifunza-0051");
    let (_, chains) = s
        .get_json("/api/puzzles/list?variant=kiswahili&theme=capture_chain")
        .await;
    for p in chains["puzzles"].as_array().unwrap() {
        assert!(p["themes"]
            .as_array()
            .unwrap()
            .contains(&json!("capture_chain")));
    }
    let (_, past) = s
        .get_json("/api/puzzles/list?variant=kujifunza&page=999")
        .await;
    assert_eq!(past["puzzles"].as_array().unwrap().len(), 0);
    s.stop().await;
}

/// An attempt without a player rates the puzzle against the browser's rating and answers that back; a
/// player's first try rates both and counts by theme, a second try changes no rating; streaks count.
#[tokio::test]
async fn attempts_rate_the_puzzle_and_the_solver() {
    let s = Server::fresh().await;
    let id = "kujifunza-0002";
    let (_, before) = s.get_json(&format!("/api/puzzles/{id}")).await;
    let prior = before["rating"]["rating"].as_f64().unwrap();
    let mine = json!({"rating": 1500.0, "deviation": 200.0, "volatility": 0.06});
    let (code, a) = s
        .post(
            &format!("/api/puzzles/{id}/attempt"),
            json!({"solved": true, "rating": mine}),
        )
        .await;
    assert_eq!(code, 200, "{a}");
    assert_eq!(a["rated"], true);
    assert!(a["rating"]["rating"].as_f64().unwrap() > 1500.0, "{a}");
    assert!(a["puzzle"]["rating"].as_f64().unwrap() < prior, "{a}");
    assert_eq!(a["puzzle"]["plays"], 1);
    assert!(a["progress"].is_null());
    let (_, after) = s.get_json(&format!("/api/puzzles/{id}")).await;
    assert_eq!(after["rating"], a["puzzle"]);

    // A player: by the bearer key (a program), then the same puzzle again.
    let (_, p) = s.post("/api/players", json!({"name": "Zuri"})).await;
    let key = p["key"].as_str().unwrap().to_owned();
    let pid = p["id"].as_str().unwrap().to_owned();
    let attempt = |id: &str, body: Value| {
        s.http
            .post(s.url(&format!("/api/puzzles/{id}/attempt")))
            .header(AUTHORIZATION, format!("Bearer {key}"))
            .json(&body)
            .send()
    };
    let puzzle = bao_server::puzzles::by_id("kiswahili-0001").unwrap();
    let r = attempt(&puzzle.id, json!({"solved": false, "streak": true}))
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let a: Value = r.json().await.unwrap();
    assert_eq!(a["rated"], true);
    assert!(a["rating"]["rating"].as_f64().unwrap() < 1500.0, "{a}");
    assert_eq!(a["progress"]["counts"], json!({"solved": 0, "failed": 1}));
    for t in &puzzle.themes {
        assert_eq!(
            a["progress"]["themes"][t.name()],
            json!({"solved": 0, "failed": 1}),
            "{a}"
        );
    }
    let again: Value = attempt(&puzzle.id, json!({"solved": true, "streak": true}))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(again["rated"], false);
    assert_eq!(again["rating"], a["rating"]);
    assert_eq!(again["progress"]["counts"], a["progress"]["counts"]);
    assert_eq!(
        (
            &again["progress"]["streak"],
            &again["progress"]["best_streak"]
        ),
        (&json!(1), &json!(1))
    );
    for id in ["kimasai-0001", "kimasai-0002"] {
        attempt(id, json!({"solved": true, "streak": true}))
            .await
            .unwrap();
    }
    let missed: Value = attempt("kimasai-0003", json!({"solved": false, "streak": true}))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(
        (
            &missed["progress"]["streak"],
            &missed["progress"]["best_streak"]
        ),
        (&json!(0), &json!(3))
    );
    let (code, progress) = s.get_json(&format!("/api/players/{pid}/puzzles")).await;
    assert_eq!(code, 200);
    assert_eq!(progress, missed["progress"]);
    // And in the player's own data.
    let export: Value = s
        .http
        .get(s.url("/api/players/me/export"))
        .header(AUTHORIZATION, format!("Bearer {key}"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(export["puzzles"], progress);
    // The next puzzle is one not tried yet.
    let r = s
        .http
        .get(s.url("/api/puzzles?variant=kimasai"))
        .header(AUTHORIZATION, format!("Bearer {key}"))
        .send()
        .await
        .unwrap();
    let next: Value = r.json().await.unwrap();
    assert!(
        !["kimasai-0001", "kimasai-0002", "kimasai-0003"].contains(&next["id"].as_str().unwrap()),
        "{next}"
    );
    // Someone who never tried a puzzle: the start, no counts.
    let (_, other) = s.post("/api/players", json!({})).await;
    let (code, fresh) = s
        .get_json(&format!(
            "/api/players/{}/puzzles",
            other["id"].as_str().unwrap()
        ))
        .await;
    assert_eq!(code, 200);
    assert_eq!(fresh["rating"]["rating"], 1500.0);
    assert_eq!(fresh["counts"], json!({"solved": 0, "failed": 0}));
    let (code, _) = s.get_json("/api/players/nobody/puzzles").await;
    assert_eq!(code, 404);
    s.stop().await;
}

#[tokio::test]
async fn attempts_are_refused_from_another_site_unknown_or_too_many() {
    let s = Server::fresh_with(|c| c.puzzle_attempts_per_minute = 3.0).await;
    let r = s
        .http
        .post(s.url("/api/puzzles/kujifunza-0001/attempt"))
        .header(ORIGIN, "https://evil.example")
        .json(&json!({"solved": true}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 403);
    assert_eq!(
        r.json::<Value>().await.unwrap()["error"],
        "forbidden_origin"
    );
    let (code, e) = s
        .post(
            "/api/puzzles/kujifunza-99999/attempt",
            json!({"solved": true}),
        )
        .await;
    assert_eq!((code, e["error"].as_str()), (404, Some("not_found")));
    let (code, e) = s
        .post(
            "/api/puzzles/kujifunza-0001/attempt",
            json!({"solved": "yes"}),
        )
        .await;
    assert_eq!(
        (code, e["error"].as_str()),
        (400, Some("bad_request")),
        "{e}"
    );
    // The page's own origin goes through, up to the limit.
    let own = format!("http://{}", s.addr);
    let mut codes = Vec::new();
    for _ in 0..5 {
        let r = s
            .http
            .post(s.url("/api/puzzles/kujifunza-0001/attempt"))
            .header(ORIGIN, &own)
            .json(&json!({"solved": true}))
            .send()
            .await
            .unwrap();
        codes.push(r.status().as_u16());
    }
    assert_eq!(codes, [200, 200, 200, 429, 429]);
    s.stop().await;
}
