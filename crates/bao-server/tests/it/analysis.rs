//! `POST /api/analysis`, the rules help of protocol.md, spoken to the real server over loopback.

use crate::common;

use bao_core::{Position, Variant};
use common::Server;
use serde_json::{json, Value};

/// The blocked pits of `pos` as bao-core gives them, in the JSON of the protocol.
fn blocked_json(pos: &Position) -> Value {
    let map: serde_json::Map<String, Value> = pos
        .blocked()
        .iter()
        .map(|(p, r)| (p.to_string(), json!(r.as_str())))
        .collect();
    Value::Object(map)
}

/// Every legal move with its position and trace, as bao-core plays it; and the blocked pits.
#[tokio::test]
async fn legal_moves_and_blocked_pits_are_bao_cores() {
    let s = Server::fresh().await;
    let mut pos = Position::new(Variant::Kiswahili);
    // The start, then a few plies into the game (a capture position for North).
    for m in ["", "A6L"] {
        if !m.is_empty() {
            pos = pos.play(m.parse().unwrap()).unwrap().0;
        }
        let (status, a) = s.post("/api/analysis", json!({ "position": pos })).await;
        assert_eq!(status, 200, "{a}");
        let legal = a["legal"].as_array().unwrap();
        let want = pos.legal_moves();
        assert_eq!(legal.len(), want.len());
        for (got, mv) in legal.iter().zip(&want) {
            assert_eq!(got["move"], mv.to_string());
            let (after, trace) = pos.play(*mv).unwrap();
            assert_eq!(got["position"], serde_json::to_value(after).unwrap());
            assert_eq!(got["trace"], serde_json::to_value(trace).unwrap());
        }
        assert_eq!(a["blocked"], blocked_json(&pos));
        assert!(!a["blocked"].as_object().unwrap().is_empty());
        assert_eq!(a["stage"], "namua");
        assert!(a.get("best").is_none(), "no best move unless asked: {a}");
    }
    // The start: A5 is the nyumba, the back row never starts a namua move.
    let (_, a) = s
        .post(
            "/api/analysis",
            json!({ "position": Position::new(Variant::Kiswahili) }),
        )
        .await;
    assert_eq!(a["blocked"]["A5"], "nyumba");
    assert_eq!(a["blocked"]["B2"], "front_row_first");
    s.stop().await;
}

#[tokio::test]
async fn a_finished_position_has_no_moves_and_nothing_blocked() {
    let s = Server::fresh().await;
    let mut setup = Position::new(Variant::Kujifunza).to_setup();
    setup.result = Some(bao_core::GameResult {
        winner: bao_core::Side::North,
        reason: bao_core::Reason::NoLegalMove,
    });
    let pos = Position::from_setup(setup).unwrap();
    let (status, a) = s
        .post("/api/analysis", json!({ "position": pos, "think_ms": 10 }))
        .await;
    assert_eq!(status, 200, "{a}");
    assert_eq!((&a["legal"], &a["blocked"]), (&json!([]), &json!({})));
    assert!(a.get("best").is_none());
    s.stop().await;
}

/// `think_ms` asks for the computer's best move (one of the legal ones); it is bounded to 1..=2000.
#[tokio::test]
async fn think_ms_gives_the_best_move_within_bounds() {
    let s = Server::fresh().await;
    let pos = Position::new(Variant::Kimasai);
    let (status, a) = s
        .post("/api/analysis", json!({ "position": pos, "think_ms": 30 }))
        .await;
    assert_eq!(status, 200, "{a}");
    let best = &a["best"];
    let mv = best["move"].as_str().unwrap();
    assert!(
        a["legal"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["move"] == mv),
        "{a}"
    );
    assert!(best["depth"].as_u64().unwrap() >= 1, "{best}");
    assert!(best["score"].is_i64(), "{best}");
    for bad in [json!(0), json!(2001), json!(-5), json!("fast")] {
        let (status, e) = s
            .post("/api/analysis", json!({ "position": pos, "think_ms": bad }))
            .await;
        assert_eq!(
            (status, e["error"].as_str()),
            (400, Some("bad_request")),
            "{bad}: {e}"
        );
    }
    s.stop().await;
}

/// `lines` (with `think_ms`) gives the best moves, best first, each with its score and a line of moves that
/// bao-core plays one after the other; the first is `best`. In a forced win it is scored as one, and its line
/// is the win.
#[tokio::test]
async fn lines_give_the_three_best_moves_with_their_lines() {
    let s = Server::fresh().await;
    let pos = Position::new(Variant::Kimasai);
    let (status, a) = s
        .post(
            "/api/analysis",
            json!({ "position": pos, "think_ms": 60, "lines": 3 }),
        )
        .await;
    assert_eq!(status, 200, "{a}");
    let lines = a["lines"].as_array().unwrap();
    assert_eq!(lines.len(), 3, "{a}");
    assert_eq!(a["best"]["move"], lines[0]["move"], "{a}");
    assert_eq!(a["best"]["score"], lines[0]["score"], "{a}");
    let mut seen = std::collections::HashSet::new();
    for l in lines {
        assert!(seen.insert(l["move"].as_str().unwrap().to_string()), "{a}");
        assert!(
            l["score"].is_i64() && l["depth"].as_u64().unwrap() >= 1,
            "{l}"
        );
        let moves = l["line"].as_array().unwrap();
        assert_eq!(moves[0], l["move"], "{l}");
        let mut at = pos;
        for m in moves {
            at = at.play(m.as_str().unwrap().parse().unwrap()).unwrap().0;
        }
    }

    // South wins in 2 (puzzle kujifunza-0002: A5L, b6R, B2L): 3 plies, the score 30000 - 3.
    let won: Position = Position::from_json(
        r#"{"variant":"kujifunza","to_move":"south",
            "south":{"front":[1,4,7,2,15,1,2,3],"back":[0,2,5,0,5,0,2,3],"hand":0,"house":false},
            "north":{"front":[1,1,1,1,1,0,0,0],"back":[0,1,0,2,2,2,0,0],"hand":0,"house":false},
            "takasia":null,"result":null}"#,
    )
    .unwrap();
    let (status, a) = s
        .post(
            "/api/analysis",
            json!({ "position": won, "think_ms": 600, "lines": 3 }),
        )
        .await;
    assert_eq!(status, 200, "{a}");
    let first = &a["lines"][0];
    assert_eq!(first["score"], 30_000 - 3, "{a}");
    let line = first["line"].as_array().unwrap();
    let mut at = won;
    for m in line {
        at = at.play(m.as_str().unwrap().parse().unwrap()).unwrap().0;
    }
    assert_eq!(line.len(), 3, "{a}");
    assert_eq!(at.result().map(|r| r.winner), Some(bao_core::Side::South));

    // Without `lines`: none; `lines` needs a search, and at most three.
    let (_, plain) = s
        .post("/api/analysis", json!({ "position": pos, "think_ms": 20 }))
        .await;
    assert!(plain.get("lines").is_none(), "{plain}");
    for (bad, why) in [
        (json!({ "position": pos, "lines": 2 }), "needs think_ms"),
        (
            json!({ "position": pos, "think_ms": 20, "lines": 4 }),
            "between 1 and 3",
        ),
        (
            json!({ "position": pos, "think_ms": 20, "lines": 0 }),
            "between 1 and 3",
        ),
    ] {
        let (status, e) = s.post("/api/analysis", bad.clone()).await;
        assert_eq!(
            (status, e["error"].as_str()),
            (400, Some("bad_request")),
            "{bad}: {e}"
        );
        assert!(e["message"].as_str().unwrap().contains(why), "{e}");
    }
    s.stop().await;
}

/// A position bao-core refuses is answered with 400 `bad_position` and the `bao` command's message.
#[tokio::test]
async fn bad_positions_get_the_bao_commands_message() {
    let s = Server::fresh().await;
    let mut short = serde_json::to_value(Position::new(Variant::Kujifunza)).unwrap();
    short["south"]["front"][0] = json!(1);
    let mut kimasai_house = serde_json::to_value(Position::new(Variant::Kimasai)).unwrap();
    kimasai_house["north"]["house"] = json!(true);
    let mut bad_variant = serde_json::to_value(Position::new(Variant::Kujifunza)).unwrap();
    bad_variant["variant"] = json!("chess");
    for position in [short, kimasai_house, bad_variant, json!({}), json!(7)] {
        let (status, e) = s
            .post("/api/analysis", json!({ "position": position }))
            .await;
        assert_eq!(status, 400, "{position}: {e}");
        assert_eq!(e["error"], "bad_position");
        let want = Position::from_json(&position.to_string()).unwrap_err();
        assert_eq!(e["message"], want.to_string());
    }
    let (status, e) = s.post("/api/analysis", json!({})).await;
    assert_eq!((status, e["error"].as_str()), (400, Some("bad_request")));
    // A body over the limit.
    let big = json!({ "position": "x".repeat(20_000) });
    let (status, e) = s.post("/api/analysis", big).await;
    assert_eq!(
        (status, e["error"].as_str()),
        (413, Some("payload_too_large"))
    );
    s.stop().await;
}

/// A position with a candidate move that relays for 71 million laps before it repeats (docs/benchmarks.md)
/// is refused at once rather than keep a core busy.
#[tokio::test]
async fn a_position_too_long_to_tell_apart_is_refused() {
    let s = Server::fresh().await;
    let position: Value = serde_json::from_str(
        r#"{"variant":"kujifunza","to_move":"south","south":{"front":[1,0,9,4,0,9,1,9],"back":[2,3,0,5,0,5,0,3],"hand":0,"house":false},"north":{"front":[0,0,0,0,1,0,0,0],"back":[1,1,2,5,0,2,1,0],"hand":0,"house":false},"takasia":null,"result":null}"#,
    )
    .unwrap();
    let (status, e) = s
        .post("/api/analysis", json!({ "position": position }))
        .await;
    assert_eq!(
        (status, e["error"].as_str()),
        (422, Some("too_complex")),
        "{e}"
    );
    s.stop().await;
}

/// Analyses are rate-limited per address: over `--analysis-per-minute`, 429 with `Retry-After`.
#[tokio::test]
async fn over_the_rate_gets_429() {
    let s = Server::fresh_with(|c| c.analysis_per_minute = 2.0).await;
    let body = json!({ "position": Position::new(Variant::Kujifunza) });
    for _ in 0..2 {
        assert_eq!(s.post("/api/analysis", body.clone()).await.0, 200);
    }
    let r = s
        .http
        .post(s.url("/api/analysis"))
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 429);
    assert!(r.headers().contains_key("retry-after"));
    let e: Value = r.json().await.unwrap();
    assert_eq!(e["error"], "rate_limited");
    // Refused positions do not use up the allowance; they are still answered.
    let (status, _) = s.post("/api/analysis", json!({ "position": {} })).await;
    assert_eq!(status, 400);
    s.stop().await;
}

/// At most `--analysis-concurrency` analyses at once: while one searches, another is refused at once with 429
/// (and the `bao_analyses` gauge shows the one running).
#[tokio::test]
async fn analyses_beyond_the_concurrency_cap_are_refused() {
    let s = Server::fresh_with(|c| {
        c.analysis_concurrency = 1;
        c.computer_threads = 1;
    })
    .await;
    // A position past the opening book, whose positions are answered without a search.
    let mut pos = Position::new(Variant::Kiswahili);
    while bao_ai::book::lookup(&pos).is_some() || pos.legal_moves().len() < 2 {
        pos = pos.children()[0].1;
    }
    let body = json!({ "position": pos, "think_ms": 2000 });
    let first = {
        let http = s.http.clone();
        let url = s.url("/api/analysis");
        let body = body.clone();
        tokio::spawn(async move { http.post(url).json(&body).send().await.unwrap() })
    };
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while s.metric("bao_analyses").await < 1.0 {
        assert!(
            std::time::Instant::now() < deadline,
            "the first analysis never started"
        );
        tokio::task::yield_now().await;
    }
    let (status, e) = s.post("/api/analysis", body).await;
    assert_eq!(
        (status, e["error"].as_str()),
        (429, Some("rate_limited")),
        "{e}"
    );
    assert!(e["message"].as_str().unwrap().contains("analysing"), "{e}");
    let r = first.await.unwrap();
    assert_eq!(r.status(), 200);
    let a: Value = r.json().await.unwrap();
    assert!(a["best"]["move"].is_string(), "{a}");
    assert_eq!(s.metric("bao_analyses").await, 0.0);
    s.stop().await;
}
