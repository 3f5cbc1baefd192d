//! The protocol of docs/protocol.md, spoken to the real server over loopback.

use crate::common;

use std::time::Duration;

use bao_core::{Position, Variant};
use common::{test_config, Got, Server, Ws};
use serde_json::{json, Value};

const PLY_CAP: u64 = 600;

/// Both players connected and welcomed, with their presence events read. Returns (south, north).
async fn two_players(s: &Server, id: &str, south: &str, north: &str) -> (Ws, Ws) {
    let mut a = s.ws(id).await;
    let w = a.hello(Some(south), 0).await;
    assert_eq!(w["you"], "south");
    a.recv_t("snapshot").await;
    let mut b = s.ws(id).await;
    let w = b.hello(Some(north), 0).await;
    assert_eq!(w["you"], "north");
    b.recv_t("snapshot").await;
    // Both see north come online.
    for ws in [&mut a, &mut b] {
        loop {
            let p = ws.recv_t("presence").await;
            if p["north"] == true && p["south"] == true {
                break;
            }
        }
    }
    (a, b)
}

/// Plays the first legal move each ply until the game ends or `cap` plies; returns the last event seen.
async fn play_out(a: &mut Ws, b: &mut Ws, first_legal: Vec<Value>, cap: u64) -> (u64, Value) {
    let mut legal = first_legal;
    let mut to_move = "south".to_owned();
    let mut ply = 0u64;
    let mut last = Value::Null;
    while ply < cap {
        let mv = legal[0].as_str().unwrap().to_owned();
        let mover = if to_move == "south" { &mut *a } else { &mut *b };
        mover
            .send(json!({ "t": "move", "ply": ply, "move": mv }))
            .await;
        let ev_a = a.recv_t("moved").await;
        let ev_b = b.recv_t("moved").await;
        assert_eq!(ev_a, ev_b, "both players get the same event");
        assert_eq!(ev_a["ply"], ply);
        assert_eq!(ev_a["move"], mv.as_str());
        assert_eq!(ev_a["by"], to_move.as_str());
        assert!(ev_a["trace"].as_array().is_some_and(|t| !t.is_empty()));
        ply += 1;
        last = ev_a.clone();
        if !ev_a["result"].is_null() {
            let end_a = a.recv_t("ended").await;
            let end_b = b.recv_t("ended").await;
            assert_eq!(end_a, end_b);
            assert_eq!(end_a["result"], ev_a["result"]);
            assert_eq!(end_a["v"].as_u64(), Some(ev_a["v"].as_u64().unwrap() + 1));
            return (ply, last);
        }
        to_move = ev_a["position"]["to_move"].as_str().unwrap().to_owned();
        legal = ev_a["legal"].as_array().unwrap().clone();
        assert!(!legal.is_empty());
    }
    (ply, last)
}

#[tokio::test]
async fn complete_game_in_every_variant() {
    let s = Server::fresh().await;
    for variant in Variant::ALL {
        let name = variant.name();
        let (id, south, north) = s.friends_game(name).await;
        let (_, snap) = s.get_json(&format!("/api/games/{id}")).await;
        assert_eq!(snap["status"], "playing");
        assert_eq!(snap["variant"], name);
        let (mut a, mut b) = two_players(&s, &id, &south, &north).await;
        let legal = snap["legal"].as_array().unwrap().clone();
        let (plies, last) = play_out(&mut a, &mut b, legal, PLY_CAP).await;
        let (_, snap) = s.get_json(&format!("/api/games/{id}")).await;
        if last["result"].is_null() {
            // Capped: finish by resignation so the game still ends.
            a.send(json!({"t": "resign"})).await;
            let e = b.recv_t("ended").await;
            assert_eq!(e["result"], json!({"winner": "north", "reason": "resign"}));
        } else {
            assert_eq!(snap["status"], "finished");
            assert_eq!(snap["result"], last["result"]);
            assert_eq!(snap["legal"], json!([]));
        }
        assert_eq!(snap["moves"].as_array().unwrap().len() as u64, plies);
        assert_eq!(snap["position"], last["position"]);
        // The record replays to the same position.
        let (code, rec) = s.get_text(&format!("/api/games/{id}/record")).await;
        assert_eq!(code, 200);
        assert!(rec.contains(&format!("[Variant \"{name}\"]")), "{rec}");
        let moves: Vec<&str> = rec
            .lines()
            .filter(|l| !l.starts_with('[') && !l.is_empty())
            .flat_map(|l| l.split_whitespace())
            .filter(|w| !w.ends_with('.'))
            .collect();
        assert_eq!(moves.len() as u64, plies);
        let mut pos = Position::new(variant);
        for m in moves {
            pos = pos.play(m.parse().unwrap()).unwrap().0;
        }
        assert_eq!(serde_json::to_value(pos).unwrap(), last["position"]);
        eprintln!("{name}: {plies} plies, result {}", last["result"]);
    }
    s.stop().await;
}

#[tokio::test]
async fn spectator_watches_and_cannot_act() {
    let s = Server::fresh().await;
    let (id, south, north) = s.friends_game("kiswahili").await;
    let (mut a, mut b) = two_players(&s, &id, &south, &north).await;
    let mut w = s.ws(&id).await;
    let welcome = w.hello(None, 0).await;
    assert_eq!(welcome["you"], "spectator");
    let snap = w.recv_t("snapshot").await;
    assert_eq!(snap["game"]["id"], id.as_str());
    assert_eq!(snap["game"]["seats"]["south"]["online"], true);
    // The watcher count reaches the players (throttled, within a second or so).
    loop {
        let p = a.recv_t("presence").await;
        if p["watchers"] == 1 {
            break;
        }
    }
    a.send(json!({"t": "move", "ply": 0, "move": "A6L"})).await;
    let seen = w.recv_t("moved").await;
    assert_eq!(seen["move"], "A6L");
    assert_eq!(b.recv_t("moved").await, seen);
    w.send(json!({"t": "move", "ply": 1, "move": "a6L"})).await;
    let e = w.recv_t("error").await;
    assert_eq!(e["code"], "not_a_player");
    w.send(json!({"t": "resign"})).await;
    assert_eq!(w.recv_t("error").await["code"], "not_a_player");
    w.send(json!({"t": "rematch"})).await;
    assert_eq!(w.recv_t("error").await["code"], "not_a_player");
    s.stop().await;
}

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
async fn rate_limited_then_disconnected() {
    let (s, id) = Server::strict_rate().await;
    let mut w = s.ws(&id).await;
    for _ in 0..60 {
        w.send(json!({"t": "ping"})).await;
    }
    let (mut pongs, mut limited) = (0, 0);
    let code = loop {
        match w.next().await {
            Got::Json(v) if v["t"] == "pong" => pongs += 1,
            Got::Json(v) if v["code"] == "rate_limited" => limited += 1,
            Got::Json(v) => panic!("unexpected {v}"),
            Got::Closed(code) => break code,
        }
    };
    assert!((5..=10).contains(&pongs), "{pongs} pongs");
    assert!(limited >= 1);
    assert_eq!(code, Some(1008));
    s.stop().await;
}

#[tokio::test]
async fn frame_over_8_kib_closes_with_1009() {
    let s = Server::fresh().await;
    let (id, _, _) = s.create(json!({"variant": "kujifunza"})).await;
    let mut w = s.ws(&id).await;
    w.hello(None, 0).await;
    // 8 KiB exactly is fine (a bad message, answered).
    let frame = |n: usize| format!("{{\"t\":\"ping\",\"pad\":\"{}\"}}", "x".repeat(n));
    let ok = frame(8 * 1024 - frame(0).len());
    assert_eq!(ok.len(), 8 * 1024);
    w.send_text(&ok).await;
    assert_eq!(w.recv_t("pong").await, json!({"t": "pong"}));
    w.send_text(&"x".repeat(9 * 1024)).await;
    loop {
        match w.next().await {
            Got::Json(_) => continue,
            Got::Closed(code) => {
                assert_eq!(code, Some(1009));
                break;
            }
        }
    }
    s.stop().await;
}

#[tokio::test]
async fn resent_move_gets_the_same_event_to_the_sender_only() {
    let s = Server::fresh().await;
    let (id, south, north) = s.friends_game("kujifunza").await;
    let (mut a, mut b) = two_players(&s, &id, &south, &north).await;
    let (_, snap) = s.get_json(&format!("/api/games/{id}")).await;
    let mv = snap["legal"][0].as_str().unwrap().to_owned();
    a.send(json!({"t": "move", "ply": 0, "move": mv})).await;
    let first = a.recv_t("moved").await;
    assert_eq!(b.recv_t("moved").await, first);
    a.send(json!({"t": "move", "ply": 0, "move": mv})).await;
    let again = a.recv_t("moved").await;
    assert_eq!(again, first);
    assert!(b.silent_for(300).await, "the other player gets nothing");
    let (_, snap) = s.get_json(&format!("/api/games/{id}")).await;
    assert_eq!(snap["moves"].as_array().unwrap().len(), 1);
    s.stop().await;
}

#[tokio::test]
async fn reconnect_gets_exactly_the_missed_events() {
    let s = Server::fresh().await;
    let (id, south, north) = s.friends_game("kujifunza").await;
    let (mut a, mut b) = two_players(&s, &id, &south, &north).await;
    let (_, snap) = s.get_json(&format!("/api/games/{id}")).await;
    let mv = snap["legal"][0].as_str().unwrap().to_owned();
    a.send(json!({"t": "move", "ply": 0, "move": mv})).await;
    let m0 = b.recv_t("moved").await;
    let seen_v = m0["v"].as_u64().unwrap();
    b.close().await;
    // South sees north leave, and keeps playing... north's turn, so south can only watch. Let north
    // reconnect after south's presence event and a spectator's arrival changed the version.
    let p = a.recv_t("presence").await;
    assert_eq!(p["north"], false);
    let mut w = s.ws(&id).await;
    w.hello(None, 0).await;
    let mut b = s.ws(&id).await;
    let welcome = b.hello(Some(&north), seen_v).await;
    assert_eq!(welcome["you"], "north");
    let now_v = welcome["v"].as_u64().unwrap();
    assert!(now_v > seen_v);
    // The missed events, in order, then nothing older.
    let mut expect = seen_v + 1;
    while expect <= now_v {
        let ev = b.recv().await;
        assert_ne!(ev["t"], "snapshot");
        assert_eq!(ev["v"].as_u64(), Some(expect), "{ev}");
        expect += 1;
    }
    // Then its own presence event, live.
    let p = b.recv_t("presence").await;
    assert_eq!(p["v"].as_u64(), Some(now_v + 1));
    assert_eq!(p["north"], true);
    s.stop().await;
}

#[tokio::test]
async fn snapshot_when_new_ahead_or_too_far_behind() {
    let s = Server::fresh_with(|c| {
        c.max_replay = 3;
    })
    .await;
    let (id, south, north) = s.friends_game("kujifunza").await;
    let (mut a, mut b) = two_players(&s, &id, &south, &north).await;
    let mut v_after_first = 0;
    for ply in 0..6u64 {
        let (_, snap) = s.get_json(&format!("/api/games/{id}")).await;
        let mv = snap["legal"][0].as_str().unwrap().to_owned();
        let mover = if snap["position"]["to_move"] == "south" {
            &mut a
        } else {
            &mut b
        };
        mover
            .send(json!({"t": "move", "ply": ply, "move": mv}))
            .await;
        let ev = a.recv_t("moved").await;
        b.recv_t("moved").await;
        if ply == 0 {
            v_after_first = ev["v"].as_u64().unwrap();
        }
    }
    for v in [0, v_after_first, 1_000_000] {
        let mut w = s.ws(&id).await;
        let welcome = w.hello(None, v).await;
        let next = w.recv().await;
        assert_eq!(next["t"], "snapshot", "hello v={v}");
        assert_eq!(next["game"]["v"], welcome["v"]);
        assert_eq!(next["game"]["moves"].as_array().unwrap().len(), 6);
    }
    s.stop().await;
}

#[tokio::test]
async fn lagging_socket_gets_a_snapshot() {
    // A one-event buffer: the final move publishes `moved` and `ended` at once (the test runtime has one
    // thread, so no socket runs in between), which makes every socket lag.
    let s = Server::fresh_with(|c| {
        c.room_buffer = 1;
    })
    .await;
    let (id, south, north) = s.friends_game("kiswahili").await;
    let (mut a, mut b) = two_players(&s, &id, &south, &north).await;
    let mut w = s.ws(&id).await;
    w.hello(None, 0).await;
    w.recv_t("snapshot").await;
    // The (throttled) watcher presence is out before the moves start.
    loop {
        if w.recv_t("presence").await["watchers"] == 1 {
            break;
        }
    }
    a.recv_t("presence").await;
    b.recv_t("presence").await;
    let (_, snap) = s.get_json(&format!("/api/games/{id}")).await;
    let mut legal = snap["legal"].as_array().unwrap().clone();
    let mut to_move = "south".to_owned();
    let mut ply = 0;
    let final_snapshot = loop {
        assert!(ply < PLY_CAP, "the game ends");
        let mover = if to_move == "south" { &mut a } else { &mut b };
        mover
            .send(json!({"t": "move", "ply": ply, "move": legal[0]}))
            .await;
        let ev = loop {
            let ev = w.recv().await;
            if ev["t"] == "moved" || ev["t"] == "snapshot" {
                break ev;
            }
        };
        if ev["t"] == "snapshot" {
            break ev;
        }
        assert!(ev["result"].is_null(), "the final move should lag: {ev}");
        ply += 1;
        to_move = ev["position"]["to_move"].as_str().unwrap().to_owned();
        legal = ev["legal"].as_array().unwrap().clone();
        // Drain the players so that they do not lag themselves.
        a.recv_t("moved").await;
        b.recv_t("moved").await;
    };
    assert_eq!(final_snapshot["game"]["status"], "finished");
    let (_, snap) = s.get_json(&format!("/api/games/{id}")).await;
    assert_eq!(final_snapshot["game"]["v"], snap["v"]);
    s.stop().await;
}

/// `n` Kimasai moves from the start that capture nothing and leave both sides able to go on quietly: a game
/// that lasts (random moves end a game within about 50).
fn long_line(n: usize) -> Vec<(String, String)> {
    fn quiet(pos: &Position, depth: u32) -> Option<(bao_core::Move, Position)> {
        let opp = pos.to_move().opponent();
        let seeds = |p: &Position| -> u32 {
            p.ring(opp).iter().map(|&c| u32::from(c)).sum::<u32>() + u32::from(p.hand(opp))
        };
        pos.children().into_iter().find(|(_, after)| {
            after.result().is_none()
                && seeds(after) == seeds(pos)
                && (depth == 0 || quiet(after, depth - 1).is_some())
        })
    }
    let mut pos = Position::new(Variant::Kimasai);
    let mut line = Vec::new();
    for _ in 0..n {
        let (mv, after) = quiet(&pos, 3).expect("the quiet line goes on");
        line.push((pos.to_move().name().to_owned(), mv.to_string()));
        pos = after;
    }
    line
}

/// A room keeps only the latest positions and `moved` texts: older ones are rebuilt, identical.
#[tokio::test]
async fn old_moves_and_positions_come_back_the_same_from_a_lean_room() {
    let s = Server::fresh().await;
    let (id, south, north) = s.friends_game("kimasai").await;
    let (mut a, mut b) = two_players(&s, &id, &south, &north).await;
    let (_, snap) = s.get_json(&format!("/api/games/{id}")).await;
    let mut positions = vec![snap["position"].clone()];
    let mut events = Vec::new();
    // More plies than a snapshot's 100 positions.
    for (ply, (side, mv)) in long_line(130).into_iter().enumerate() {
        let mover = if side == "south" { &mut a } else { &mut b };
        mover
            .send(json!({"t": "move", "ply": ply, "move": mv}))
            .await;
        let ev = a.recv_t("moved").await;
        b.recv_t("moved").await;
        assert!(ev["result"].is_null());
        positions.push(ev["position"].clone());
        events.push(ev);
    }
    assert!(events.len() > 110, "the game lasted {} plies", events.len());
    // An old move sent again gets its very event back, to the sender only.
    for old in [&events[0], &events[1], &events[57]] {
        let sender = if old["by"] == "south" { &mut a } else { &mut b };
        sender
            .send(json!({"t": "move", "ply": old["ply"], "move": old["move"]}))
            .await;
        assert_eq!(&sender.recv_t("moved").await, old);
    }
    // The same old move by the other seat is not theirs.
    let other = if events[0]["by"] == "south" {
        &mut b
    } else {
        &mut a
    };
    other
        .send(json!({"t": "move", "ply": 0, "move": events[0]["move"]}))
        .await;
    assert_eq!(other.recv_t("error").await["code"], "stale_ply");
    // Positions before the snapshot's window are replayed; those in it come from memory: the same either way.
    let (_, snap) = s.get_json(&format!("/api/games/{id}")).await;
    let window_from = snap["history_from"].as_u64().unwrap() as usize;
    assert!(window_from > 0);
    assert_eq!(
        snap["history"].as_array().unwrap()[..],
        positions[window_from..]
    );
    for (from, to) in [
        (0, positions.len()),
        (window_from - 3, window_from + 3),
        (window_from, positions.len()),
    ] {
        let (status, page) = s
            .get_json(&format!("/api/games/{id}/history?from={from}&to={to}"))
            .await;
        assert_eq!(status, 200, "{page}");
        assert_eq!(
            page["positions"].as_array().unwrap()[..],
            positions[from..to],
            "{from}..{to}"
        );
        assert_eq!(page["stages"].as_array().unwrap().len(), to - from);
    }
    s.stop().await;
}

#[tokio::test]
async fn restart_keeps_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let s = Server::start(dir.path()).await;
    let (id, south, north) = s.friends_game("kiswahili-malawi").await;
    let (mut a, mut b) = two_players(&s, &id, &south, &north).await;
    let mut events = Vec::new();
    for ply in 0..8u64 {
        let (_, snap) = s.get_json(&format!("/api/games/{id}")).await;
        let mv = snap["legal"][0].as_str().unwrap().to_owned();
        let mover = if snap["position"]["to_move"] == "south" {
            &mut a
        } else {
            &mut b
        };
        mover
            .send(json!({"t": "move", "ply": ply, "move": mv}))
            .await;
        events.push(a.recv_t("moved").await);
        b.recv_t("moved").await;
    }
    let (_, before) = s.get_json(&format!("/api/games/{id}")).await;
    s.stop().await;
    // Sockets are closed by the shutdown.
    assert!(matches!(a.next().await, Got::Closed(_)));

    let s = Server::start(dir.path()).await;
    assert_eq!(
        s.metric("bao_games_in_memory").await,
        1.0,
        "loaded back at start-up"
    );
    let (_, after) = s.get_json(&format!("/api/games/{id}")).await;
    assert_eq!(after["position"], before["position"]);
    assert_eq!(after["moves"], before["moves"]);
    assert_eq!(after["legal"], before["legal"]);
    assert_eq!(after["status"], "playing");
    assert!(after["v"].as_u64() >= before["v"].as_u64());
    // The same tokens still hold the seats, old moves replay identically, and play goes on.
    let mut a = s.ws(&id).await;
    assert_eq!(a.hello(Some(&south), 0).await["you"], "south");
    let mut b = s.ws(&id).await;
    assert_eq!(b.hello(Some(&north), 0).await["you"], "north");
    let old = &events[3];
    let resender = if old["by"] == "south" { &mut a } else { &mut b };
    resender
        .send(json!({"t": "move", "ply": 3, "move": old["move"]}))
        .await;
    assert_eq!(&resender.recv_t("moved").await, old);
    let mv = after["legal"][0].as_str().unwrap().to_owned();
    let mover = if after["position"]["to_move"] == "south" {
        &mut a
    } else {
        &mut b
    };
    mover.send(json!({"t": "move", "ply": 8, "move": mv})).await;
    let ev = a.recv_t("moved").await;
    assert_eq!(ev["ply"], 8);
    assert!(ev["v"].as_u64() > before["v"].as_u64());
    s.stop().await;
}

#[tokio::test]
async fn rematch_between_friends_swaps_sides() {
    let s = Server::fresh().await;
    let (id, south, north) = s.friends_game("kimasai").await;
    let (mut a, mut b) = two_players(&s, &id, &south, &north).await;
    let mut w = s.ws(&id).await;
    w.hello(None, 0).await;
    a.send(json!({"t": "resign"})).await;
    b.recv_t("ended").await;
    a.send(json!({"t": "rematch"})).await;
    let offer = b.recv_t("rematch").await;
    assert_eq!(offer["offered_by"], "south");
    b.send(json!({"t": "rematch"})).await;
    async fn agreed(ws: &mut Ws) -> Value {
        loop {
            let r = ws.recv_t("rematch").await;
            if r.get("game").is_some() {
                return r;
            }
        }
    }
    let ra = agreed(&mut a).await;
    let rb = agreed(&mut b).await;
    let rw = agreed(&mut w).await;
    let game = ra["game"].as_str().unwrap().to_owned();
    assert_eq!(rb["game"], game.as_str());
    assert_eq!(rw["game"], game.as_str());
    assert!(rw.get("token").is_none(), "watchers get no token");
    assert_eq!(ra["seat"], "north");
    assert_eq!(rb["seat"], "south");
    let (ta, tb) = (ra["token"].as_str().unwrap(), rb["token"].as_str().unwrap());
    assert_ne!(ta, tb);
    let mut na = s.ws(&game).await;
    assert_eq!(na.hello(Some(ta), 0).await["you"], "north");
    let mut nb = s.ws(&game).await;
    assert_eq!(nb.hello(Some(tb), 0).await["you"], "south");
    let (_, snap) = s.get_json(&format!("/api/games/{game}")).await;
    assert_eq!(snap["status"], "playing");
    assert_eq!(snap["variant"], "kimasai");
    assert_eq!(snap["rematch_of"], id.as_str());
    s.stop().await;
}

#[tokio::test]
async fn computer_opponent_plays_and_rematches() {
    let s = Server::fresh().await;
    let (id, seat, token) = s
        .create(json!({"variant": "kujifunza", "seat": "north", "opponent": "computer", "level": "easy"}))
        .await;
    assert_eq!(seat, "north");
    let (_, snap) = s.get_json(&format!("/api/games/{id}")).await;
    assert_eq!(snap["status"], "playing");
    assert_eq!(snap["seats"]["south"]["kind"], "computer");
    assert_eq!(snap["seats"]["south"]["online"], true);
    assert_eq!(
        snap["moves"],
        json!([]),
        "no thinking while the human is away"
    );
    let mut h = s.ws(&id).await;
    h.hello(Some(&token), 0).await;
    let first = h.recv_t("moved").await;
    assert_eq!(first["by"], "south");
    let mv = first["legal"][0].as_str().unwrap().to_owned();
    h.send(json!({"t": "move", "ply": 1, "move": mv})).await;
    assert_eq!(h.recv_t("moved").await["by"], "north");
    assert_eq!(h.recv_t("moved").await["by"], "south");
    h.send(json!({"t": "resign"})).await;
    h.recv_t("ended").await;
    h.send(json!({"t": "rematch"})).await;
    let r = h.recv_t("rematch").await;
    assert_eq!(r["seat"], "south");
    let game = r["game"].as_str().unwrap().to_owned();
    let mut h2 = s.ws(&game).await;
    assert_eq!(h2.hello(r["token"].as_str(), 0).await["you"], "south");
    let (_, snap) = s.get_json(&format!("/api/games/{game}")).await;
    assert_eq!(snap["seats"]["north"]["kind"], "computer");
    assert_eq!(snap["level"], "easy");
    s.stop().await;
}

/// The computer stops thinking as soon as its human opponent leaves (its hard search would take 1.5 s),
/// plays nothing while they are away, and thinks again in full when they come back. The human first plays
/// past the opening book, whose moves the computer plays at once.
#[tokio::test]
async fn computer_stops_thinking_when_the_human_leaves() {
    let s = Server::fresh().await;
    let (id, _, token) = s
        .create(json!({"variant": "kiswahili", "seat": "south", "opponent": "computer", "level": "hard"}))
        .await;
    let mut h = s.ws(&id).await;
    h.hello(Some(&token), 0).await;
    let ply = h.play_out_of_the_book("kiswahili").await;
    let until = |ms| std::time::Instant::now() + Duration::from_millis(ms);
    let deadline = until(1_000);
    while s.metric("bao_computer_searches").await < 1.0 {
        assert!(
            std::time::Instant::now() < deadline,
            "the computer never started thinking"
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    h.close().await;
    let left = std::time::Instant::now();
    while s.metric("bao_computer_searches").await > 0.0 {
        assert!(
            left.elapsed() < Duration::from_millis(1_000),
            "the computer kept thinking after its opponent left"
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    tokio::time::sleep(Duration::from_millis(100)).await;
    let (_, snap) = s.get_json(&format!("/api/games/{id}")).await;
    assert_eq!(
        snap["moves"].as_array().map(Vec::len),
        Some(ply as usize),
        "a cut-short search plays nothing"
    );
    let mut h = s.ws(&id).await;
    h.hello(Some(&token), 0).await;
    // (Moves from before, if the server sends them again, come first.)
    let mut m = h.recv_t("moved").await;
    while m["ply"].as_u64() < Some(ply) {
        m = h.recv_t("moved").await;
    }
    assert_eq!(
        (m["by"].as_str(), m["ply"].as_u64()),
        (Some("north"), Some(ply)),
        "{m}"
    );
    s.stop().await;
}

/// With `--computer-threads 1`, three computer games thinking at once take turns: never more than one search
/// runs, and every game still gets its move.
#[tokio::test]
async fn computer_searches_take_turns_for_the_cores() {
    let s = Server::fresh_with(|c| {
        c.computer_threads = 1;
    })
    .await;
    let mut humans = Vec::new();
    for _ in 0..3 {
        let (id, _, token) = s
            .create(json!({"variant": "kiswahili", "seat": "south", "opponent": "computer", "level": "hard"}))
            .await;
        let mut h = s.ws(&id).await;
        h.hello(Some(&token), 0).await;
        humans.push(h);
    }
    // The searches that wait their turn show in `bao_computer_searches_waiting`.
    let most_waiting = std::cell::Cell::new(0.0f64);
    let watch = async {
        let mut most = 0.0f64;
        loop {
            most = most.max(s.metric("bao_computer_searches").await);
            let waiting = s.metric("bao_computer_searches_waiting").await;
            most_waiting.set(most_waiting.get().max(waiting));
            tokio::time::sleep(Duration::from_millis(10)).await;
            if most > 1.0 {
                return most;
            }
        }
    };
    // Each human plays past the opening book (whose moves the computer plays at once, though each holds a
    // slot meanwhile), then waits for a searched move, all three at once.
    let moves = async {
        futures_util::future::join_all(humans.iter_mut().map(|h| async move {
            h.play_out_of_the_book("kiswahili").await;
            assert_eq!(h.recv_t("moved").await["by"], "north");
        }))
        .await;
    };
    tokio::select! {
        most = watch => panic!("{most} computer searches ran at once"),
        () = moves => {}
    }
    assert!(s.metric("bao_computer_searches").await <= 1.0);
    assert!(
        most_waiting.get() >= 1.0,
        "no search was seen waiting for its turn"
    );
    assert_eq!(s.metric("bao_computer_searches_waiting").await, 0.0);
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

#[tokio::test]
async fn health_metrics_static_files_and_idle_rooms() {
    let dir = tempfile::tempdir().unwrap();
    let web = dir.path().join("web");
    std::fs::create_dir_all(&web).unwrap();
    std::fs::write(web.join("game.html"), "<!doctype html><title>game</title>").unwrap();
    std::fs::write(web.join("index.html"), "<!doctype html><title>home</title>").unwrap();
    let mut c = test_config(&dir.path().join("data"));
    c.web_dir = Some(web);
    c.room_idle_secs = 1;
    let s = Server::start_with(c).await;
    let (st, body) = s.get_text("/healthz").await;
    assert_eq!(st, 200, "{body}");
    let (id, _, token) = s.create(json!({"variant": "kiswahili"})).await;
    let r = s.http.get(s.url(&format!("/g/{id}"))).send().await.unwrap();
    assert_eq!(r.status(), 200);
    assert!(r.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/html"));
    assert!(r.text().await.unwrap().contains("game"));
    let (st, home) = s.get_text("/").await;
    assert_eq!((st, home.contains("home")), (200, true));
    // A socket and a game in memory show in the metrics.
    let mut w = s.ws(&id).await;
    w.hello(Some(&token), 0).await;
    assert_eq!(s.metric("bao_open_sockets").await, 1.0);
    assert_eq!(s.metric("bao_games_in_memory").await, 1.0);
    let (_, text) = s.get_text("/metrics").await;
    assert!(text.contains("# TYPE bao_move_duration_seconds histogram"));
    assert!(text.contains("bao_moves_total 0"));
    w.close().await;
    // Idle: the room leaves memory, and comes back on first access.
    let mut gone = false;
    for _ in 0..50 {
        tokio::time::sleep(Duration::from_millis(100)).await;
        if s.metric("bao_games_in_memory").await == 0.0 && s.metric("bao_open_sockets").await == 0.0
        {
            gone = true;
            break;
        }
    }
    assert!(gone, "idle room left memory");
    let (st, snap) = s.get_json(&format!("/api/games/{id}")).await;
    assert_eq!(st, 200);
    assert_eq!(snap["status"], "waiting");
    assert_eq!(s.metric("bao_games_in_memory").await, 1.0);
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn many_games_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let s = std::sync::Arc::new(Server::start(dir.path()).await);
    let mut tasks = Vec::new();
    for i in 0..16 {
        let s = s.clone();
        tasks.push(tokio::spawn(async move {
            let variant = Variant::ALL[i % 4].name();
            let (id, south, north) = s.friends_game(variant).await;
            let (mut a, mut b) = two_players(&s, &id, &south, &north).await;
            let (_, snap) = s.get_json(&format!("/api/games/{id}")).await;
            let legal = snap["legal"].as_array().unwrap().clone();
            let (plies, _) = play_out(&mut a, &mut b, legal, PLY_CAP).await;
            let (_, snap) = s.get_json(&format!("/api/games/{id}")).await;
            assert_eq!(snap["moves"].as_array().unwrap().len() as u64, plies);
            plies
        }));
    }
    let mut total = 0;
    for t in tasks {
        total += tokio::time::timeout(Duration::from_secs(60), t)
            .await
            .expect("games finish in time")
            .unwrap();
    }
    assert_eq!(s.metric("bao_moves_total").await as u64, total);
    match std::sync::Arc::try_unwrap(s) {
        Ok(s) => s.stop().await,
        Err(_) => panic!("server still shared"),
    }
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
