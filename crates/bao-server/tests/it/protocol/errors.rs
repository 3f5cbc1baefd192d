//! Refusals: every error code, over the socket and over HTTP, and the reasons an illegal move is refused.

use super::*;
use std::time::Duration;

#[tokio::test]
async fn every_error_code() {
    let s = Server::fresh().await;
    let (id, south, north) = s.friends_game("kiswahili").await;
    let (mut a, mut b) = two_players(&s, &id, &south, &north).await;

    // bad_message: garbage, unknown type, missing fields, binary; the connection stays open.
    for bad in [
        "{not json",
        "[]",
        "{\"t\":\"dance\"}",
        "{\"t\":\"move\",\"ply\":-1}",
        "",
    ] {
        a.send_text(bad).await;
        let e = a.recv_t("error").await;
        assert_eq!(e["code"], "bad_message", "{bad}");
        assert!(e["message"].as_str().is_some_and(|m| !m.is_empty()));
    }
    a.send(json!({"t": "ping"})).await;
    assert_eq!(a.recv().await, json!({"t": "pong"}));

    // not_your_turn
    b.send(json!({"t": "move", "ply": 0, "move": "a6L"})).await;
    assert_eq!(b.recv_t("error").await["code"], "not_your_turn");
    // illegal_move, with its reason, listing the legal moves
    a.send(json!({"t": "move", "ply": 0, "move": "A1L"})).await;
    let e = a.recv_t("error").await;
    assert_eq!(e["code"], "illegal_move");
    assert_eq!(e["reason"], "empty");
    let msg = e["message"].as_str().unwrap();
    for m in ["A6L", "A6R", "A7L", "A7R"] {
        assert!(msg.contains(m), "{msg}");
    }
    a.send(json!({"t": "move", "ply": 0, "move": "xyz"})).await;
    let e = a.recv_t("error").await;
    assert_eq!(
        (&e["code"], &e["reason"]),
        (&json!("illegal_move"), &json!("not_legal"))
    );
    // Errors other than illegal_move carry no reason.
    b.send(json!({"t": "move", "ply": 0, "move": "a6L"})).await;
    assert_eq!(b.recv_t("error").await.get("reason"), None);
    // stale_ply: ahead of the game, then a different move for a played ply
    a.send(json!({"t": "move", "ply": 5, "move": "A6L"})).await;
    assert_eq!(a.recv_t("error").await["code"], "stale_ply");
    a.send(json!({"t": "move", "ply": 0, "move": "A6L"})).await;
    a.recv_t("moved").await;
    b.recv_t("moved").await;
    a.send(json!({"t": "move", "ply": 0, "move": "A7L"})).await;
    assert_eq!(a.recv_t("error").await["code"], "stale_ply");
    // not_a_player: a token of no seat (then watching), and moves without a seat
    let mut x = s.ws(&id).await;
    x.send(json!({"t": "hello", "token": "00000000-0000-4000-8000-000000000000", "v": 0}))
        .await;
    let e = x.recv().await;
    assert_eq!(e["t"], "error");
    assert_eq!(e["code"], "not_a_player");
    assert_eq!(x.recv_t("welcome").await["you"], "spectator");
    x.send(json!({"t": "move", "ply": 1, "move": "a6L"})).await;
    assert_eq!(x.recv_t("error").await["code"], "not_a_player");
    // A move before hello.
    let mut y = s.ws(&id).await;
    y.send(json!({"t": "move", "ply": 1, "move": "a6L"})).await;
    assert_eq!(y.recv_t("error").await["code"], "bad_message");
    // rematch before the end
    a.send(json!({"t": "rematch"})).await;
    assert_eq!(a.recv_t("error").await["code"], "bad_message");
    // game_over after resignation
    b.send(json!({"t": "resign"})).await;
    let e = a.recv_t("ended").await;
    assert_eq!(e["result"], json!({"winner": "south", "reason": "resign"}));
    b.send(json!({"t": "move", "ply": 1, "move": "a6L"})).await;
    assert_eq!(b.recv_t("error").await["code"], "game_over");
    b.send(json!({"t": "resign"})).await;
    assert_eq!(b.recv_t("error").await["code"], "game_over");
    let (_, snap) = s.get_json(&format!("/api/games/{id}")).await;
    assert_eq!(snap["status"], "finished");
    assert_eq!(snap["result"]["reason"], "resign");
    assert_eq!(snap["legal"], json!([]));
    s.stop().await;
}

/// Issue 13: the snapshot and every `moved` event say why each blocked pit of the side to move cannot be
/// played, and an illegal move's error says why it is illegal, in the codes of bao-core's `Blocked`.
#[tokio::test]
async fn blocked_pits_and_illegal_move_reasons() {
    let s = Server::fresh().await;
    let (id, south, north) = s.friends_game("kiswahili").await;
    let (_, snap) = s.get_json(&format!("/api/games/{id}")).await;
    // The Kiswahili start: A6 and A7 can be played; the nyumba may not; the rest are empty or in the back row.
    let mut expected = serde_json::Map::new();
    for p in ["A1", "A2", "A3", "A4", "A8"] {
        expected.insert(p.into(), json!("empty"));
    }
    expected.insert("A5".into(), json!("nyumba"));
    for n in 1..=8 {
        expected.insert(format!("B{n}"), json!("front_row_first"));
    }
    assert_eq!(snap["blocked"], Value::Object(expected));
    let (mut a, mut b) = two_players(&s, &id, &south, &north).await;
    a.send(json!({"t": "move", "ply": 0, "move": "A5L"})).await;
    let e = a.recv_t("error").await;
    assert_eq!(
        (&e["code"], &e["reason"]),
        (&json!("illegal_move"), &json!("nyumba"))
    );
    a.send(json!({"t": "move", "ply": 0, "move": "A6L"})).await;
    let ev = b.recv_t("moved").await;
    a.recv_t("moved").await;
    // North must capture now (a5 and a6 face occupied pits); its blocked pits are bao-core's.
    let after: Position = serde_json::from_value(ev["position"].clone()).unwrap();
    let want: serde_json::Map<String, Value> = after
        .blocked()
        .iter()
        .map(|(p, r)| (p.to_string(), json!(r.as_str())))
        .collect();
    assert_eq!(ev["blocked"], Value::Object(want));
    assert_eq!(ev["blocked"]["a7"], "capture_required");
    assert_eq!(ev["blocked"]["b1"], "front_row_first");
    // a7 faces the empty A2: not a capture, while captures exist.
    b.send(json!({"t": "move", "ply": 1, "move": "a7L"})).await;
    let e = b.recv_t("error").await;
    assert_eq!(e["reason"], "capture_required");
    // Once the game is over, nothing is blocked.
    b.send(json!({"t": "resign"})).await;
    a.recv_t("ended").await;
    let (_, snap) = s.get_json(&format!("/api/games/{id}")).await;
    assert_eq!(snap["blocked"], json!({}));
    // A game still waiting for its second player shows none either (its legal list is empty too).
    let (id, _, _) = s.create(json!({"variant": "kujifunza"})).await;
    let (_, snap) = s.get_json(&format!("/api/games/{id}")).await;
    assert_eq!(
        (&snap["status"], &snap["blocked"]),
        (&json!("waiting"), &json!({}))
    );
    s.stop().await;
}

/// An illegal move's message names all the legal moves when there are a few, and sums them up otherwise.
#[tokio::test]
async fn illegal_move_message_stays_short() {
    let s = Server::fresh().await;
    let (id, south, north) = s.friends_game("kimasai").await;
    let (mut a, _b) = two_players(&s, &id, &south, &north).await;
    // Kimasai's opening: all 8 front pits can be played; the back row is empty.
    a.send(json!({"t": "move", "ply": 0, "move": "B2"})).await;
    let e = a.recv_t("error").await;
    assert_eq!(e["reason"], "empty");
    let msg = e["message"].as_str().unwrap();
    assert!(
        msg.contains("There are 8 legal moves, such as A1, A2, A3, A4."),
        "{msg}"
    );
    assert!(!msg.contains("A8"), "{msg}");
    a.send(json!({"t": "move", "ply": 0, "move": "A3R"})).await;
    assert_eq!(a.recv_t("error").await["reason"], "clockwise_only");
    s.stop().await;
}

#[tokio::test]
async fn http_errors() {
    let s = Server::fresh_with(|c| {
        c.create_per_minute = 3.0;
    })
    .await;
    // 400: bad JSON, unknown variant, bad seat
    let r = s
        .http
        .post(s.url("/api/games"))
        .body("{oops")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 400);
    let v: Value = r.json().await.unwrap();
    assert_eq!(v["error"], "bad_request");
    assert!(v["message"].is_string());
    let (st, v) = s.post("/api/games", json!({"variant": "chess"})).await;
    assert_eq!((st, v["error"].as_str()), (400, Some("unknown_variant")));
    let (st, _) = s
        .post(
            "/api/games",
            json!({"variant": "kiswahili", "seat": "east"}),
        )
        .await;
    assert_eq!(st, 400);
    // 413
    let big = json!({"variant": "x".repeat(20_000)});
    let (st, v) = s.post("/api/games", big).await;
    assert_eq!((st, v["error"].as_str()), (413, Some("payload_too_large")));
    // 404
    for path in [
        "/api/games/nosuchgame12",
        "/api/games/x/record",
        "/api/nothing",
    ] {
        let (st, v) = s.get_json(path).await;
        assert_eq!(
            (st, v["error"].as_str()),
            (404, Some("not_found")),
            "{path}"
        );
    }
    let (st, v) = s.post("/api/games/nosuchgame12/join", json!({})).await;
    assert_eq!((st, v["error"].as_str()), (404, Some("not_found")));
    let r = s
        .http
        .get(s.url("/ws/nosuchgame12"))
        .header("connection", "upgrade")
        .header("upgrade", "websocket")
        .header("sec-websocket-version", "13")
        .header("sec-websocket-key", "dGhlIHNhbXBsZSBub25jZQ==")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 404);
    // 405, still JSON
    let r = s.http.delete(s.url("/api/games")).send().await.unwrap();
    assert_eq!(r.status(), 405);
    assert_eq!(
        r.json::<Value>().await.unwrap()["error"],
        "method_not_allowed"
    );
    // 409
    let (id, _, _) = s.create(json!({"variant": "kiswahili"})).await;
    let (st, _) = s.post(&format!("/api/games/{id}/join"), json!({})).await;
    assert_eq!(st, 200);
    let (st, v) = s.post(&format!("/api/games/{id}/join"), json!({})).await;
    assert_eq!((st, v["error"].as_str()), (409, Some("seat_taken")));
    // 429 (three per minute: the one above and two more)
    let mut codes = Vec::new();
    for _ in 0..3 {
        codes.push(s.post("/api/games", json!({"variant": "kimasai"})).await);
    }
    assert_eq!(codes[0].0, 201);
    assert_eq!(codes[1].0, 201);
    assert_eq!(
        (codes[2].0, codes[2].1["error"].as_str()),
        (429, Some("rate_limited"))
    );
    s.stop().await;
}

/// A socket hears the same error code as HTTP would: here `busy`, when the game's room cannot be loaded back
/// because the server holds as many games as it may (it was once sent as `internal`).
#[tokio::test]
async fn socket_errors_carry_the_server_error_code() {
    let s = Server::fresh_with(|c| {
        c.max_rooms = 1;
        c.room_idle_secs = 1;
    })
    .await;
    let (a, _, token) = s.create(json!({"variant": "kujifunza"})).await;
    let (b, _, _) = s.create(json!({"variant": "kujifunza"})).await;
    // The socket to game A is open, but nobody said hello: A's room leaves memory once idle.
    let mut ws = s.ws(&a).await;
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while s.metric("bao_games_in_memory").await > 0.0 {
        assert!(
            std::time::Instant::now() < deadline,
            "room A never left memory"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // Game B takes the one place; A cannot come back for the hello.
    let (status, _) = s.get_json(&format!("/api/games/{b}")).await;
    assert_eq!(status, 200);
    ws.send(json!({"t": "hello", "token": token, "v": 0})).await;
    let e = ws.recv_t("error").await;
    assert_eq!(e["code"], "busy", "{e}");
    s.stop().await;
}
