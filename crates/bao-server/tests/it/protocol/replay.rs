//! Events again: a move sent twice, a reconnect, a snapshot instead of a long replay, a lean room rebuilding old events.

use super::*;

#[tokio::test]
async fn resent_move_gets_the_same_event_to_the_sender_only() {
    let s = Server::fresh().await;
    let (id, south, north) = s.friends_game("kujifunza").await;
    let (mut a, mut b) = two_players(&s, &id, &south, &north).await;
    let mv = send_first_legal(&s, &id, 0, &mut a, &mut b).await;
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
    send_first_legal(&s, &id, 0, &mut a, &mut b).await;
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
        send_first_legal(&s, &id, ply, &mut a, &mut b).await;
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
