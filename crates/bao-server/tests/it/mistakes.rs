//! A player's own mistakes as puzzles (protocol.md, "Your mistakes as puzzles"): a Bao la Kujifunza game in which
//! South throws away the proven win at once, reviewed, offers that move back to South's player only; a wrong
//! try changes nothing, the better move solves it (and shows its line), and the routes refuse what they must.
//! It is also issue 39's server test of the review judging by the proof: the thrown-away win is a blunder with the
//! proof's move and line beside it.

use crate::common;

use bao_core::{Position, Variant};
use common::Server;
use reqwest::header::{AUTHORIZATION, ORIGIN};
use serde_json::{json, Value};

/// A new player's id and key.
async fn player(s: &Server, name: &str) -> (String, String) {
    let (code, p) = s.post("/api/players", json!({ "name": name })).await;
    assert_eq!(code, 201, "{p}");
    (
        p["id"].as_str().unwrap().to_owned(),
        p["key"].as_str().unwrap().to_owned(),
    )
}

/// `GET path` with the player's key.
async fn get_as(s: &Server, key: &str, path: &str) -> (u16, Value) {
    let r = s
        .http
        .get(s.url(path))
        .header(AUTHORIZATION, format!("Bearer {key}"))
        .send()
        .await
        .unwrap();
    (r.status().as_u16(), r.json().await.unwrap_or(Value::Null))
}

/// `POST /api/mistakes/{id}/attempt` with the player's key (and an `Origin` when given).
async fn try_move(s: &Server, key: &str, id: &str, mv: &str, origin: Option<&str>) -> (u16, Value) {
    let mut r = s
        .http
        .post(s.url(&format!("/api/mistakes/{id}/attempt")))
        .header(AUTHORIZATION, format!("Bearer {key}"))
        .json(&json!({ "move": mv }));
    if let Some(o) = origin {
        r = r.header(ORIGIN, o);
    }
    let r = r.send().await.unwrap();
    (r.status().as_u16(), r.json().await.unwrap_or(Value::Null))
}

#[tokio::test]
async fn a_thrown_away_win_comes_back_to_its_player_as_a_puzzle() {
    let s = Server::fresh_with(|c| c.review_ms = 40).await;
    let (_, key) = player(&s, "Baraka").await;
    let (_, other_key) = player(&s, "Neema").await;

    // South's first moves that the proof shows throw Kujifunza's win away; the first of them is played.
    let start = Position::new(Variant::Kujifunza);
    let losing: Vec<String> = start
        .legal_moves()
        .iter()
        .filter(|mv| bao_ai::solved::after_move(&start, **mv, 200_000) == Some(Err(true)))
        .map(|mv| mv.to_string())
        .collect();
    assert!(!losing.is_empty(), "some first move of South loses");
    let blunder = losing[0].clone();
    let after = start.play(blunder.parse().unwrap()).unwrap().0;
    let reply = after.legal_moves()[0].to_string();
    let r = s
        .http
        .post(s.url("/api/games/import"))
        .header(AUTHORIZATION, format!("Bearer {key}"))
        .json(&json!({"variant": "kujifunza", "seat": "south", "level": "3", "moves": [blunder, reply],
                      "result": {"winner": "north", "reason": "resign"}}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 201);
    let made: Value = r.json().await.unwrap();
    let game = made["id"].as_str().unwrap().to_owned();

    // Not reviewed yet: nothing to practise.
    let (code, list) = get_as(&s, &key, "/api/mistakes").await;
    assert_eq!(code, 200, "{list}");
    assert_eq!(list, json!({"mistakes": [], "unsolved": 0}));

    let review = crate::review::review(&s, &game).await;
    let first = &review["moves"][0];
    assert_eq!(first["class"], "blunder", "{review}");
    let best = first["best"].as_str().unwrap().to_owned();
    assert_ne!(best, blunder);
    // The review judges by the proof (issue 39): the winning move beside the blunder is the proof's, with the
    // proof's line, and the position's score is a forced win.
    let proof = bao_ai::solved::verdict(&start).expect("the proof covers the start");
    assert_eq!(best, proof.mv.to_string(), "{review}");
    assert_eq!(first["line"][0], best.as_str(), "{review}");
    assert!(first["score_before"].as_i64().unwrap() >= i64::from(bao_ai::search::MATE_BOUND));

    let (code, list) = get_as(&s, &key, "/api/mistakes").await;
    assert_eq!(code, 200, "{list}");
    assert_eq!(list["unsolved"], 1, "{list}");
    let m = &list["mistakes"][0];
    let id = format!("{game}-0");
    assert_eq!(m["id"], id.as_str());
    assert_eq!((&m["game"], &m["ply"]), (&json!(game), &json!(0)));
    assert_eq!(
        (&m["variant"], &m["goal"]),
        (&json!("kujifunza"), &json!("win"))
    );
    assert_eq!(m["played"], blunder.as_str());
    assert_eq!(m["position"], serde_json::to_value(start).unwrap());
    assert_eq!(m["solved"], false);
    assert!(
        m.get("line").is_none(),
        "no answer before it is solved: {m}"
    );
    // North's reply was no mistake of South's player, and North had no player.
    assert_eq!(list["mistakes"].as_array().unwrap().len(), 1, "{list}");
    let (code, one) = get_as(&s, &key, &format!("/api/mistakes/{id}")).await;
    assert_eq!((code, &one), (200, m), "{one}");

    // Nobody else sees it: another player has none, no key is 401, an unknown id 404.
    let (code, theirs) = get_as(&s, &other_key, "/api/mistakes").await;
    assert_eq!(
        (code, theirs["unsolved"].as_u64()),
        (200, Some(0)),
        "{theirs}"
    );
    let (code, body) = get_as(&s, &other_key, &format!("/api/mistakes/{id}")).await;
    assert_eq!(
        (code, body["error"].as_str()),
        (404, Some("not_found")),
        "{body}"
    );
    let (code, body) = s.get_json("/api/mistakes").await;
    assert_eq!(
        (code, body["error"].as_str()),
        (401, Some("no_player")),
        "{body}"
    );
    let (code, body) = try_move(&s, &other_key, &id, &best, None).await;
    assert_eq!(code, 404, "{body}");

    // A page of another site cannot try for the player; a move that is not legal is refused.
    let (code, body) = try_move(&s, &key, &id, &best, Some("https://elsewhere.example")).await;
    assert_eq!(
        (code, body["error"].as_str()),
        (403, Some("forbidden_origin")),
        "{body}"
    );
    let (code, body) = try_move(&s, &key, &id, "B9R", None).await;
    assert_eq!(
        (code, body["error"].as_str()),
        (422, Some("illegal_move")),
        "{body}"
    );

    // The same blunder again is wrong and changes nothing.
    let (code, a) = try_move(&s, &key, &id, &blunder, None).await;
    assert_eq!(code, 200, "{a}");
    assert_eq!(
        (&a["solved"], &a["mistake"]["solved"]),
        (&json!(false), &json!(false))
    );
    assert!(a["mistake"].get("line").is_none(), "{a}");

    // The better move solves it; its line comes with it, and the list says so (also after a second solve).
    for _ in 0..2 {
        let (code, a) = try_move(&s, &key, &id, &best, None).await;
        assert_eq!(code, 200, "{a}");
        assert_eq!(
            (&a["solved"], &a["mistake"]["solved"]),
            (&json!(true), &json!(true))
        );
        assert_eq!(a["mistake"]["line"][0], best.as_str(), "{a}");
    }
    let (_, list) = get_as(&s, &key, "/api/mistakes").await;
    assert_eq!(list["unsolved"], 0, "{list}");
    assert_eq!(list["mistakes"][0]["solved"], true);
    assert_eq!(list["mistakes"][0]["line"][0], best.as_str());
    // The player's data export names it among the solved.
    let (code, export) = get_as(&s, &key, "/api/players/me/export").await;
    assert_eq!(code, 200, "{export}");
    assert_eq!(export["solved_mistakes"], json!([id]), "{export}");
    s.stop().await;
}
