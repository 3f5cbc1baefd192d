//! Abort and takeback (protocol.md, "Abort, takeback, rematch"), spoken to the real server: the rules of
//! each, the events, the database, and the races (an offer crossing a move, both offering at once).

use crate::common;

use common::{Server, Ws};
use serde_json::{json, Value};

/// A friends' game (south created it), both connected and past their snapshots. Returns (id, south, north).
async fn game(s: &Server) -> (String, Ws, Ws) {
    let (id, south, north) = s.friends_game("kujifunza").await;
    let (a, b) = s.seated(&id, &south, &north).await;
    (id, a, b)
}

/// Plays `n` plies (first legal move each), south first; returns the last `moved` event.
async fn play(s: &Server, id: &str, a: &mut Ws, b: &mut Ws, n: u64) -> Value {
    let (_, snap) = s.get_json(&format!("/api/games/{id}")).await;
    let mut legal = snap["legal"].clone();
    let mut last = Value::Null;
    for ply in 0..n {
        let mover = if ply % 2 == 0 { &mut *a } else { &mut *b };
        let mv = legal[0].as_str().unwrap().to_owned();
        mover
            .send(json!({"t": "move", "ply": ply, "move": mv}))
            .await;
        last = a.recv_t("moved").await;
        assert_eq!(b.recv_t("moved").await, last);
        assert!(last["result"].is_null(), "the game ended early");
        legal = last["legal"].clone();
    }
    last
}

/// The next event of one of the given types.
async fn next_of(ws: &mut Ws, types: &[&str]) -> Value {
    loop {
        let m = ws.recv().await;
        if types.iter().any(|t| m["t"] == *t) {
            return m;
        }
    }
}

#[tokio::test]
async fn either_player_may_abort_until_both_have_moved() {
    let s = Server::fresh().await;
    let (id, mut a, mut b) = game(&s).await;
    play(&s, &id, &mut a, &mut b, 1).await;
    // North has not moved yet: it may abort.
    b.send(json!({"t": "abort"})).await;
    let end = a.recv_t("ended").await;
    assert_eq!(end["result"], json!({"winner": null, "reason": "aborted"}));
    assert_eq!(b.recv_t("ended").await, end);
    let (_, snap) = s.get_json(&format!("/api/games/{id}")).await;
    assert_eq!(snap["status"], "finished");
    assert_eq!(snap["result"], json!({"winner": null, "reason": "aborted"}));
    let (_, record) = s.get_text(&format!("/api/games/{id}/record")).await;
    assert!(record.contains("aborted"), "{record}");

    // Once both have moved, abort is refused (resign instead); spectators may not abort.
    let (id, mut a, mut b) = game(&s).await;
    play(&s, &id, &mut a, &mut b, 2).await;
    a.send(json!({"t": "abort"})).await;
    let err = a.recv_t("error").await;
    assert_eq!(err["code"], "bad_message", "{err}");
    let mut w = s.ws(&id).await;
    w.hello(None, 0).await;
    w.send(json!({"t": "abort"})).await;
    assert_eq!(w.recv_t("error").await["code"], "not_a_player");
    let (_, snap) = s.get_json(&format!("/api/games/{id}")).await;
    assert_eq!(snap["status"], "playing");
}

#[tokio::test]
async fn the_creator_cancels_a_game_nobody_joined() {
    let s = Server::fresh().await;
    let (id, _, token) = s.create(json!({"variant": "kiswahili"})).await;
    let mut a = s.ws(&id).await;
    a.hello(Some(&token), 0).await;
    a.send(json!({"t": "abort"})).await;
    let end = a.recv_t("ended").await;
    assert_eq!(end["result"], json!({"winner": null, "reason": "aborted"}));
    // Nobody can join it any more.
    let (status, body) = s.post(&format!("/api/games/{id}/join"), json!({})).await;
    assert_eq!((status, body["error"].as_str()), (409, Some("game_over")));
}

#[tokio::test]
async fn an_accepted_takeback_undoes_the_moves_everywhere_and_versions_go_on() {
    let dir = tempfile::tempdir().unwrap();
    let s = Server::start(dir.path()).await;
    let (id, mut a, mut b) = game(&s).await;
    let third = play(&s, &id, &mut a, &mut b, 3).await;
    let (_, before) = s.get_json(&format!("/api/games/{id}")).await;
    // Three plies were played (0, 1, 2): ply 2 is south's latest move, and the game goes back to just before it.
    a.send(json!({"t": "takeback"})).await;
    let offer = a.recv_t("takeback").await;
    assert_eq!(offer["offered_by"], "south");
    assert_eq!(b.recv_t("takeback").await, offer);
    assert!(offer["v"].as_u64() > third["v"].as_u64());
    // A page opened now sees the standing offer in the snapshot.
    assert_eq!(before["takeback_offered_by"], Value::Null);
    let (_, during) = s.get_json(&format!("/api/games/{id}")).await;
    assert_eq!(during["takeback_offered_by"], "south");
    b.send(json!({"t": "takeback"})).await;
    let undone = a.recv_t("undone").await;
    assert_eq!(b.recv_t("undone").await, undone);
    assert_eq!(undone["ply"], 2);
    assert_eq!(undone["v"].as_u64(), Some(offer["v"].as_u64().unwrap() + 1));
    // The position is the one after two moves, as the snapshot's history had it.
    let from = before["history_from"].as_u64().unwrap();
    assert_eq!(undone["position"], before["history"][(2 - from) as usize]);
    assert!(!undone["legal"].as_array().unwrap().is_empty());
    let (_, snap) = s.get_json(&format!("/api/games/{id}")).await;
    assert_eq!(
        snap["moves"],
        json!(before["moves"].as_array().unwrap()[..2])
    );
    assert_eq!(snap["v"], undone["v"]);
    assert_eq!(snap["takeback_offered_by"], Value::Null);
    // The game goes on from ply 2 with a new move, which gets the next version.
    let mv = undone["legal"].as_array().unwrap().last().unwrap().clone();
    a.send(json!({"t": "move", "ply": 2, "move": mv})).await;
    let moved = a.recv_t("moved").await;
    assert_eq!(moved["ply"], 2);
    assert!(moved["v"].as_u64() > undone["v"].as_u64());
    a.close().await;
    b.close().await;
    s.stop().await;
    // The database agrees: the undone moves are gone, the new one is there.
    let s = Server::start(dir.path()).await;
    let (_, snap) = s.get_json(&format!("/api/games/{id}")).await;
    assert_eq!(snap["moves"].as_array().unwrap().len(), 3);
    assert_eq!(snap["moves"][2], mv);
    s.stop().await;
}

#[tokio::test]
async fn a_takeback_can_be_declined_and_lapses_when_a_move_is_played() {
    let s = Server::fresh().await;
    let (id, mut a, mut b) = game(&s).await;
    let second = play(&s, &id, &mut a, &mut b, 2).await;
    // Nothing to decline yet.
    b.send(json!({"t": "takeback_decline"})).await;
    assert_eq!(b.recv_t("error").await["code"], "bad_message");
    b.send(json!({"t": "takeback"})).await;
    a.recv_t("takeback").await;
    a.send(json!({"t": "takeback_decline"})).await;
    let declined = b.recv_t("takeback_declined").await;
    assert_eq!(a.recv_t("takeback_declined").await, declined);
    // Offered again, then south moves: the offer lapses, and south's takeback is an offer of its own.
    b.send(json!({"t": "takeback"})).await;
    a.recv_t("takeback").await;
    let mv = second["legal"][0].clone();
    a.send(json!({"t": "move", "ply": 2, "move": mv})).await;
    a.recv_t("moved").await;
    a.send(json!({"t": "takeback"})).await;
    let offer = next_of(&mut a, &["takeback", "undone"]).await;
    assert_eq!(offer["t"], "takeback", "{offer}");
    assert_eq!(offer["offered_by"], "south");
    let (_, snap) = s.get_json(&format!("/api/games/{id}")).await;
    assert_eq!(snap["moves"].as_array().unwrap().len(), 3);
}

#[tokio::test]
async fn an_offer_crossing_a_move_is_settled_by_the_order_the_server_saw() {
    let s = Server::fresh().await;
    let (id, mut a, mut b) = game(&s).await;
    let third = play(&s, &id, &mut a, &mut b, 3).await;
    // South offers while north plays ply 3: sent together, without waiting.
    let mv = third["legal"][0].clone();
    a.send(json!({"t": "takeback"})).await;
    b.send(json!({"t": "move", "ply": 3, "move": mv})).await;
    let first = next_of(&mut a, &["takeback", "moved"]).await;
    let second = next_of(&mut a, &["takeback", "moved"]).await;
    assert_ne!(first["t"], second["t"]);
    // North now sends takeback.
    b.send(json!({"t": "takeback"})).await;
    let after = next_of(&mut a, &["takeback", "undone"]).await;
    if first["t"] == "takeback" {
        // The offer came first and lapsed with north's move: north's takeback is a new offer.
        assert_eq!(after["t"], "takeback", "{after}");
        assert_eq!(after["offered_by"], "north");
        let (_, snap) = s.get_json(&format!("/api/games/{id}")).await;
        assert_eq!(snap["moves"].as_array().unwrap().len(), 4);
    } else {
        // The move came first: south's offer stood, north accepted it; south's latest move was ply 2.
        assert_eq!(after["t"], "undone", "{after}");
        assert_eq!(after["ply"], 2);
        let (_, snap) = s.get_json(&format!("/api/games/{id}")).await;
        assert_eq!(snap["moves"].as_array().unwrap().len(), 2);
    }
}

#[tokio::test]
async fn both_offering_at_once_is_one_offer_and_its_acceptance() {
    let s = Server::fresh().await;
    let (id, mut a, mut b) = game(&s).await;
    play(&s, &id, &mut a, &mut b, 3).await;
    a.send(json!({"t": "takeback"})).await;
    b.send(json!({"t": "takeback"})).await;
    let offer = next_of(&mut a, &["takeback", "undone"]).await;
    assert_eq!(offer["t"], "takeback");
    let undone = next_of(&mut a, &["takeback", "undone"]).await;
    assert_eq!(
        undone["t"], "undone",
        "one offer, then its acceptance: {undone}"
    );
    // The game goes back to just before the first offerer's latest move.
    let expected = if offer["offered_by"] == "south" { 2 } else { 1 };
    assert_eq!(undone["ply"], expected);
    let (_, snap) = s.get_json(&format!("/api/games/{id}")).await;
    assert_eq!(snap["moves"].as_array().unwrap().len(), expected);
    assert_eq!(snap["v"], undone["v"]);
}

#[tokio::test]
async fn against_the_computer_a_takeback_is_granted_at_once() {
    let s = Server::fresh().await;
    let (id, _, token) = s
        .create(
            json!({"variant": "kujifunza", "seat": "south", "opponent": "computer",
                       "level": "easy"}),
        )
        .await;
    let mut a = s.ws(&id).await;
    a.hello(Some(&token), 0).await;
    let snap = a.recv_t("snapshot").await;
    let mv = snap["game"]["legal"][0].clone();
    a.send(json!({"t": "move", "ply": 0, "move": mv})).await;
    assert_eq!(a.recv_t("moved").await["by"], "south");
    let reply = a.recv_t("moved").await;
    assert_eq!(reply["by"], "north");
    // Nothing to take back for a side that has not moved is refused; south's is granted with no offer.
    a.send(json!({"t": "takeback"})).await;
    let undone = next_of(&mut a, &["takeback", "undone"]).await;
    assert_eq!(undone["t"], "undone", "{undone}");
    assert_eq!(
        undone["ply"], 0,
        "the human's move and the computer's reply"
    );
    assert_eq!(undone["position"], snap["game"]["position"]);
    let (_, game) = s.get_json(&format!("/api/games/{id}")).await;
    assert_eq!(game["moves"], json!([]));
    // The game goes on: south plays again and the computer answers.
    a.send(json!({"t": "move", "ply": 0, "move": mv})).await;
    assert_eq!(a.recv_t("moved").await["by"], "south");
    assert_eq!(a.recv_t("moved").await["by"], "north");
}

#[tokio::test]
async fn nothing_to_take_back_is_refused() {
    let s = Server::fresh().await;
    let (id, mut a, mut b) = game(&s).await;
    play(&s, &id, &mut a, &mut b, 1).await;
    // North has not moved.
    b.send(json!({"t": "takeback"})).await;
    assert_eq!(b.recv_t("error").await["code"], "bad_message");
}
