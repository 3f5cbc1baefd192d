//! The protocol of docs/protocol.md, spoken to the real server over loopback; one module per part of it, and
//! here the set-up they share.

mod computer;
mod errors;
mod games;
mod replay;
mod server;
mod socket_limits;

use crate::common;

use bao_core::{Position, Variant};
use common::{Server, Ws};
use serde_json::{json, Value};

/// How many plies a played-out game may take before the test stops it.
pub(super) const PLY_CAP: u64 = 600;

/// Both players connected and welcomed, with their presence events read. Returns (south, north).
pub(super) async fn two_players(s: &Server, id: &str, south: &str, north: &str) -> (Ws, Ws) {
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

/// Sends the first legal move of game `id`'s position (from its snapshot) as move `ply`, from `south` or `north`,
/// whichever is to move; returns the move.
pub(super) async fn send_first_legal(
    s: &Server,
    id: &str,
    ply: u64,
    south: &mut Ws,
    north: &mut Ws,
) -> String {
    let (_, snap) = s.get_json(&format!("/api/games/{id}")).await;
    let mv = snap["legal"][0].as_str().unwrap().to_owned();
    let mover = if snap["position"]["to_move"] == "south" {
        south
    } else {
        north
    };
    mover
        .send(json!({"t": "move", "ply": ply, "move": mv}))
        .await;
    mv
}

/// Plays the first legal move each ply until the game ends or `cap` plies; returns the last event seen.
pub(super) async fn play_out(
    a: &mut Ws,
    b: &mut Ws,
    first_legal: Vec<Value>,
    cap: u64,
) -> (u64, Value) {
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

/// `n` Kimasai moves from the start that capture nothing and leave both sides able to go on quietly: a game
/// that lasts (random moves end a game within about 50).
pub(super) fn long_line(n: usize) -> Vec<(String, String)> {
    let mut pos = Position::new(Variant::Kimasai);
    let mut line = Vec::new();
    for _ in 0..n {
        let (mv, after) = common::quiet_move(&pos, 3).expect("the quiet line goes on");
        line.push((pos.to_move().name().to_owned(), mv.to_string()));
        pos = after;
    }
    line
}
