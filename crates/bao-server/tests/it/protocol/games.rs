//! Whole games: played out in every variant, watched, rematched, kept over a restart, many at once.

use super::*;
use crate::common::Got;
use std::time::Duration;

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
async fn restart_keeps_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let s = Server::start(dir.path()).await;
    let (id, south, north) = s.friends_game("kiswahili-malawi").await;
    let (mut a, mut b) = two_players(&s, &id, &south, &north).await;
    let mut events = Vec::new();
    for ply in 0..8u64 {
        send_first_legal(&s, &id, ply, &mut a, &mut b).await;
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

/// A player who reloads mid-game: the snapshot the page fetched while its old socket was closing shows its
/// own seat offline, and no `presence` follows (the opponent never saw it go: it came back within the grace).
/// The `welcome` of the new socket says who is connected now, this one counted.
#[tokio::test]
async fn the_welcome_after_a_reload_says_who_is_online_now() {
    let s = Server::fresh().await;
    let (id, south, north) = s.friends_game("kujifunza").await;
    let (a, mut b) = s.seated(&id, &south, &north).await;
    let v = b.recv_t("presence").await["v"].as_u64().unwrap();
    a.close().await;
    // The page's snapshot over HTTP, taken between the two sockets.
    let mut offline = false;
    for _ in 0..100 {
        let (_, snap) = s.get_json(&format!("/api/games/{id}")).await;
        if snap["seats"]["south"]["online"] == false {
            offline = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    assert!(offline, "the closed socket has left the room");
    let mut a = s.ws(&id).await;
    let welcome = a.hello(Some(&south), v).await;
    assert_eq!(welcome["you"], "south");
    assert_eq!(
        welcome["online"],
        json!({"south": true, "north": true, "watchers": 0}),
        "{welcome}"
    );
    // A spectator is counted in the next welcome.
    let mut c = s.ws(&id).await;
    let welcome = c.hello(None, v).await;
    assert_eq!(welcome["online"]["watchers"], 1, "{welcome}");
}
