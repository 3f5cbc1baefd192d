//! `POST /api/games/import` (protocol.md, "Games played in the browser"): a game against the computer played in
//! the browser, replayed by the server and stored finished, so that its review works; illegal moves, unknown
//! variants, unfinished games without a resignation and oversized bodies refused with clear errors.

use crate::common;

use bao_core::{DrawWatch, Position, Variant};
use bao_protocol::Outcome;
use common::Server;
use serde_json::{json, Value};

/// A whole game of `variant` between two easy computers, as bao-core ends it (a rule, or a draw): its moves and
/// its result as the API writes it.
fn whole_game(variant: Variant, seed: u64) -> (Vec<String>, Value) {
    let mut pos = Position::new(variant);
    let mut draws = DrawWatch::new(&pos);
    let mut moves = Vec::new();
    loop {
        let mv = bao_ai::choose_move(&pos, bao_ai::Level::Easy, seed + moves.len() as u64, None)
            .expect("a game that is not over has a move");
        pos = pos.play(mv).unwrap().0;
        moves.push(mv.to_string());
        let end = pos
            .result()
            .map(Outcome::from)
            .or_else(|| draws.record(&pos).map(Outcome::draw));
        if let Some(o) = end {
            return (moves, serde_json::to_value(o).unwrap());
        }
    }
}

/// The first `n` moves of `variant` (the first legal move each time), none of them ending the game.
fn first_moves(variant: Variant, n: usize) -> Vec<String> {
    let mut pos = Position::new(variant);
    let mut moves = Vec::new();
    for _ in 0..n {
        let mv = pos.legal_moves()[0];
        pos = pos.play(mv).unwrap().0;
        assert!(pos.result().is_none());
        moves.push(mv.to_string());
    }
    moves
}

#[tokio::test]
async fn a_game_played_to_its_end_is_stored_finished_with_the_rules_result() {
    let s = Server::fresh().await;
    let (moves, result) = whole_game(Variant::Kujifunza, 7);
    let start = serde_json::to_value(Position::new(Variant::Kujifunza)).unwrap();
    let (code, made) = s
        .post(
            "/api/games/import",
            json!({"variant": "kujifunza", "seat": "north", "level": "easy", "start": start, "moves": moves}),
        )
        .await;
    assert_eq!(code, 201, "{made}");
    let id = made["id"].as_str().unwrap();
    assert_eq!(made["seat"], "north");
    assert_eq!(made["url"], format!("/g/{id}"));
    assert!(made["token"].as_str().is_some_and(|t| !t.is_empty()));

    let (code, snap) = s.get_json(&format!("/api/games/{id}")).await;
    assert_eq!(code, 200, "{snap}");
    assert_eq!(snap["status"], "finished");
    assert_eq!(snap["result"], result);
    assert_eq!(snap["moves"], json!(moves));
    assert_eq!(snap["seats"]["south"]["kind"], "computer");
    assert_eq!(snap["seats"]["north"]["kind"], "human");
    // Listed among the browser's games with the seat it holds.
    let (code, list) = s.post("/api/games/status", json!({ "ids": [id] })).await;
    assert_eq!(code, 200, "{list}");
    assert_eq!(list[0]["result"], result);

    // A result that says otherwise than the moves is refused.
    let (code, body) = s
        .post(
            "/api/games/import",
            json!({"variant": "kujifunza", "seat": "south", "moves": moves,
                   "result": {"winner": "south", "reason": "resign"}}),
        )
        .await;
    assert_eq!(
        (code, body["error"].as_str()),
        (400, Some("bad_request")),
        "{body}"
    );
    s.stop().await;
}

#[tokio::test]
async fn a_resigned_game_is_stored_and_its_review_works() {
    let s = Server::fresh().await;
    let moves = first_moves(Variant::Kiswahili, 6);
    let (code, made) = s
        .post(
            "/api/games/import",
            json!({"variant": "kiswahili", "seat": "south", "level": "medium", "moves": moves,
                   "result": {"winner": "north", "reason": "resign"}}),
        )
        .await;
    assert_eq!(code, 201, "{made}");
    let id = made["id"].as_str().unwrap();
    let (_, snap) = s.get_json(&format!("/api/games/{id}")).await;
    assert_eq!(snap["status"], "finished");
    assert_eq!(
        snap["result"],
        json!({"winner": "north", "reason": "resign"})
    );
    let (code, record) = s.get_text(&format!("/api/games/{id}/record")).await;
    assert_eq!(code, 200);
    assert!(record.contains(&moves[5]), "{record}");
    let r = crate::review::review(&s, id).await;
    let list = r["moves"].as_array().unwrap();
    assert_eq!(list.len(), moves.len(), "{r}");
    for (m, played) in list.iter().zip(&moves) {
        assert_eq!(m["move"], played.as_str());
    }
    s.stop().await;
}

#[tokio::test]
async fn illegal_moves_unknown_variants_unfinished_games_and_big_bodies_are_refused() {
    let s = Server::fresh().await;
    let mut moves = first_moves(Variant::Kiswahili, 3);
    let resign = json!({"winner": "north", "reason": "resign"});
    let import = |body: Value| s.post("/api/games/import", body);

    // The third move replaced by one the rules do not allow: refused, saying which.
    moves[2] = "a1L".into();
    let (code, body) =
        import(json!({"variant": "kiswahili", "seat": "south", "moves": moves, "result": resign}))
            .await;
    assert_eq!(
        (code, body["error"].as_str()),
        (422, Some("illegal_move")),
        "{body}"
    );
    assert!(
        body["message"].as_str().unwrap().starts_with("move 3 "),
        "{body}"
    );
    moves[2] = "nonsense".into();
    let (code, body) =
        import(json!({"variant": "kiswahili", "seat": "south", "moves": moves, "result": resign}))
            .await;
    assert_eq!(
        (code, body["error"].as_str()),
        (422, Some("illegal_move")),
        "{body}"
    );

    let moves = first_moves(Variant::Kiswahili, 3);
    let (code, body) =
        import(json!({"variant": "chess", "seat": "south", "moves": moves, "result": resign}))
            .await;
    assert_eq!(
        (code, body["error"].as_str()),
        (400, Some("unknown_variant")),
        "{body}"
    );
    // Not over, and no resignation.
    let (code, body) =
        import(json!({"variant": "kiswahili", "seat": "south", "moves": moves})).await;
    assert_eq!(
        (code, body["error"].as_str()),
        (400, Some("bad_request")),
        "{body}"
    );
    assert!(
        body["message"].as_str().unwrap().contains("not over"),
        "{body}"
    );
    // Another start than the variant's.
    let other = serde_json::to_value(Position::new(Variant::Kimasai)).unwrap();
    let (code, body) = import(json!({"variant": "kiswahili", "seat": "south", "start": other, "moves": moves, "result": resign})).await;
    assert_eq!(
        (code, body["error"].as_str()),
        (400, Some("bad_request")),
        "{body}"
    );
    // Moves after the end.
    let (mut whole, _) = whole_game(Variant::Kujifunza, 3);
    whole.push(whole[0].clone());
    let (code, body) =
        import(json!({"variant": "kujifunza", "seat": "south", "moves": whole})).await;
    assert_eq!(
        (code, body["error"].as_str()),
        (400, Some("bad_request")),
        "{body}"
    );
    assert!(
        body["message"].as_str().unwrap().contains("was over"),
        "{body}"
    );
    // A body over the server's limit (16 KiB by default).
    let long: Vec<String> = (0..4000).map(|_| "A6L".to_owned()).collect();
    let (code, body) =
        import(json!({"variant": "kiswahili", "seat": "south", "moves": long})).await;
    assert_eq!(
        (code, body["error"].as_str()),
        (413, Some("payload_too_large")),
        "{body}"
    );
    // More moves than a game may hold, in a body within the limit.
    let (code, body) =
        import(json!({"variant": "kiswahili", "seat": "south", "moves": vec![""; 2001]})).await;
    assert_eq!(
        (code, body["error"].as_str()),
        (400, Some("bad_request")),
        "{body}"
    );
    assert!(body["message"].as_str().unwrap().contains("2000"), "{body}");

    s.stop().await;
}

#[tokio::test]
async fn imports_count_against_the_rate_of_new_games() {
    let s = Server::fresh_with(|c| c.create_per_minute = 1.0).await;
    let moves = first_moves(Variant::Kiswahili, 2);
    let body = json!({"variant": "kiswahili", "seat": "south", "moves": moves,
                      "result": {"winner": "north", "reason": "resign"}});
    let (code, made) = s.post("/api/games/import", body.clone()).await;
    assert_eq!(code, 201, "{made}");
    let (code, refused) = s.post("/api/games/import", body).await;
    assert_eq!(
        (code, refused["error"].as_str()),
        (429, Some("rate_limited")),
        "{refused}"
    );
    s.stop().await;
}
