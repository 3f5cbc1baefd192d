//! A game cannot go on for ever, nor grow without bound: a line of play that avoids every capture (the
//! kind that kept a Kimasai game open for thousands of moves) is drawn at the move limit, the snapshot stays
//! small, and older positions come page by page.

use crate::common;

use bao_core::{Move, Position, Side, Variant, MOVE_LIMIT};
use common::{Server, Ws};
use serde_json::{json, Value};

/// The legal moves that capture nothing (the opponent keeps every seed) and do not end the game.
fn quiet_moves(pos: &Position) -> Vec<(Move, Position)> {
    let opp = pos.to_move().opponent();
    let seeds = |p: &Position| -> u32 {
        p.ring(opp).iter().map(|&c| u32::from(c)).sum::<u32>() + u32::from(p.hand(opp))
    };
    pos.children()
        .into_iter()
        .filter(|(_, after)| after.result().is_none() && seeds(after) == seeds(pos))
        .collect()
}

/// A quiet move after which both players can go on quietly for `depth` more moves.
fn quiet_move(pos: &Position, depth: u32) -> Option<(Move, Position)> {
    quiet_moves(pos)
        .into_iter()
        .find(|(_, after)| depth == 0 || quiet_move(after, depth - 1).is_some())
}

/// `n` quiet Kimasai moves from the start, with the side that plays each.
fn quiet_line(n: u64) -> Vec<(Side, Move)> {
    let mut pos = Position::new(Variant::Kimasai);
    let mut line = Vec::new();
    for _ in 0..n {
        let (mv, after) = quiet_move(&pos, 3).expect("the quiet line goes on");
        line.push((pos.to_move(), mv));
        pos = after;
    }
    line
}

async fn player(s: &Server, id: &str, token: &str) -> Ws {
    let mut ws = s.ws(id).await;
    ws.hello(Some(token), 0).await;
    ws.recv_t("snapshot").await;
    ws
}

#[tokio::test]
async fn an_endless_line_is_drawn_at_the_move_limit() {
    let dir = tempfile::tempdir().unwrap();
    let s = Server::start(dir.path()).await;
    let (id, south, north) = s.friends_game("kimasai").await;
    let mut a = player(&s, &id, &south).await;
    let mut b = player(&s, &id, &north).await;
    let line = quiet_line(MOVE_LIMIT);
    let mut last = Value::Null;
    for (ply, (side, mv)) in line.iter().enumerate() {
        let mover = if *side == Side::South { &mut a } else { &mut b };
        mover
            .send(json!({"t": "move", "ply": ply, "move": mv.to_string()}))
            .await;
        let ev = a.recv_t("moved").await;
        assert_eq!(b.recv_t("moved").await, ev);
        assert_eq!(ev["ply"], ply as u64);
        if (ply as u64) < MOVE_LIMIT - 1 {
            assert!(ev["result"].is_null(), "ply {ply}: {}", ev["result"]);
        }
        last = ev;
    }
    let draw = json!({"winner": null, "reason": "move_limit"});
    assert_eq!(last["result"], draw);
    assert_eq!(last["legal"], json!([]));
    assert_eq!(a.recv_t("ended").await["result"], draw);
    // No move after the end.
    a.send(json!({"t": "move", "ply": MOVE_LIMIT, "move": "B1"}))
        .await;
    assert_eq!(a.recv_t("error").await["code"], "game_over");

    // The snapshot carries the latest positions only, and stays small.
    let (_, snap) = s.get_json(&format!("/api/games/{id}")).await;
    assert_eq!(snap["status"], "finished");
    assert_eq!(snap["result"], draw);
    assert_eq!(snap["moves"].as_array().unwrap().len() as u64, MOVE_LIMIT);
    let history = snap["history"].as_array().unwrap();
    assert_eq!(history.len(), 100);
    assert_eq!(snap["history_from"], MOVE_LIMIT + 1 - 100);
    assert_eq!(history.last(), Some(&snap["position"]));
    let size = snap.to_string().len();
    assert!(size < 64 * 1024, "snapshot of {size} bytes");

    // Older positions, page by page.
    let (status, page) = s
        .get_json(&format!("/api/games/{id}/history?from=0&to=3"))
        .await;
    assert_eq!(status, 200, "{page}");
    assert_eq!(page["from"], 0);
    assert_eq!(
        page["positions"][0],
        serde_json::to_value(Position::new(Variant::Kimasai)).unwrap()
    );
    assert_eq!(page["positions"].as_array().unwrap().len(), 3);
    assert_eq!(page["stages"], json!(["phase1", "phase1", "phase1"]));
    let (_, page) = s
        .get_json(&format!("/api/games/{id}/history?from=10"))
        .await;
    assert_eq!(page["positions"].as_array().unwrap().len(), 500);
    let (status, _) = s.get_json(&format!("/api/games/{id}/history?from=x")).await;
    assert_eq!(status, 400);

    let (_, record) = s.get_text(&format!("/api/games/{id}/record")).await;
    assert!(
        record.contains("[Result \"draw (move_limit)\"]"),
        "{record}"
    );
    s.stop().await;

    // The draw survives a restart.
    let s = Server::start(dir.path()).await;
    let (_, again) = s.get_json(&format!("/api/games/{id}")).await;
    assert_eq!(again["result"], draw);
    assert_eq!(again["status"], "finished");
    s.stop().await;
}
