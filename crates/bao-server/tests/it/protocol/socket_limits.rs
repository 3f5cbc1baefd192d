//! A socket's limits: its message rate, its frame size, and a socket that cannot keep up.

use super::*;
use crate::common::Got;

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
