//! Clocks during outages (issue 31, point 1): a player does not lose on time because the server could not
//! take their move (PostgreSQL stopped under one node) or could not show them the move to answer (NATS
//! stopped under a cluster). Each test runs a PostgreSQL or a NATS server of its own (`common/services.rs`),
//! stops it for longer than the player's time left, starts it again, and checks that the game goes on with
//! the player's clock not charged for the outage.
//!
//! These take real seconds (a server's pool and async-nats's reconnection run on real time): short clocks,
//! outages of a few seconds.

use crate::common;

use std::time::{Duration, Instant};

use common::services::{PrivateNats, PrivatePostgres, TestDb};
use common::{test_config, Server, Ws, WAIT};
use serde_json::{json, Value};

/// A live clock of `s` seconds each, no increment: short, so that the outages below outlast it.
fn clock(s: i64) -> Value {
    json!({"kind": "live", "initial_s": s, "increment_s": 0})
}

/// Milliseconds since `t`.
fn since_ms(t: Instant) -> i64 {
    t.elapsed().as_millis() as i64
}

fn ms(ev: &Value, side: &str) -> i64 {
    ev["clock"][format!("{side}_ms")]
        .as_i64()
        .unwrap_or_else(|| panic!("no clock in {ev}"))
}

/// The game's snapshot from `base`.
async fn snapshot(base: &str, id: &str) -> Value {
    let r = reqwest::Client::new()
        .get(format!("{base}/api/games/{id}"))
        .timeout(WAIT)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    r.json().await.unwrap()
}

/// A socket to `base`'s game `id` as the holder of `token`, greeted with a snapshot.
async fn seated(base: &str, id: &str, token: &str, side: &str) -> Ws {
    let addr = base.trim_start_matches("http://");
    let mut ws = common::ws_connect(addr, id).await;
    assert_eq!(ws.hello(Some(token), 0).await["you"], side);
    ws.recv_t("snapshot").await;
    ws
}

/// `mover` plays the first legal move of `legal` at `ply`; returns the `moved` event it gets back.
async fn play(mover: &mut Ws, ply: u64, legal: &Value) -> Value {
    let mv = legal[0].as_str().unwrap();
    mover
        .send(json!({"t": "move", "ply": ply, "move": mv}))
        .await;
    // The earlier moves the socket has not read yet come first.
    loop {
        let ev = mover.recv_t("moved").await;
        if ev["ply"] == ply {
            return ev;
        }
    }
}

/// The next `moved` of `ply`, `error` or `ended` message on `ws` (other events, and earlier moves, skipped).
async fn answer(ws: &mut Ws, ply: u64) -> Value {
    loop {
        let m = ws.recv().await;
        if (m["t"] == "moved" && m["ply"] == ply) || m["t"] == "error" || m["t"] == "ended" {
            return m;
        }
    }
}

/// One node on a PostgreSQL of the test's own, a live game with 4 s each, south to move. PostgreSQL is
/// stopped for 7 s while south tries to move (refused `unavailable`, or after the pool's 5 s): longer than
/// south's time. When PostgreSQL is back the game is still being played, south's move is taken, and south
/// was charged only the second or so before its first refused move, not the outage.
#[tokio::test]
async fn a_move_refused_while_postgresql_is_stopped_is_not_charged() {
    let Some(mut pg) = PrivatePostgres::start(&[], |_| {}) else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let mut config = test_config(dir.path());
    config.database_url = Some(pg.url());
    let s = Server::start_with(config).await;
    let base = s.url("");
    let (id, _, south_token) = s
        .create(json!({"variant": "kujifunza", "seat": "south", "clock": clock(4)}))
        .await;
    let (status, j) = s.post(&format!("/api/games/{id}/join"), json!({})).await;
    assert_eq!(status, 200, "{j}");
    let north_token = j["token"].as_str().unwrap().to_owned();
    let mut south = seated(&base, &id, &south_token, "south").await;
    let mut north = seated(&base, &id, &north_token, "north").await;
    let first = play(&mut south, 0, &snapshot(&base, &id).await["legal"]).await;
    let second = play(&mut north, 1, &first["legal"]).await;
    assert_eq!(second["clock"]["running"], "south", "{second}");
    let legal = second["legal"].clone();
    let mv = json!({"t": "move", "ply": 2, "move": legal[0]});

    // South thinks for half a second, then PostgreSQL goes.
    tokio::time::sleep(Duration::from_millis(500)).await;
    pg.stop();
    let stopped = Instant::now();
    let mut refusals = 0;
    while stopped.elapsed() < Duration::from_secs(7) {
        south.send(mv.clone()).await;
        let a = answer(&mut south, 2).await;
        assert_eq!(a["t"], "error", "a move taken with PostgreSQL stopped: {a}");
        assert_eq!(a["code"], "unavailable", "{a}");
        refusals += 1;
    }
    assert!(refusals >= 1);
    pg.start_again();
    let back = Instant::now();

    // The flag did not fall meanwhile, nor once the database is back.
    south.send(mv.clone()).await;
    let moved = answer(&mut south, 2).await;
    assert_eq!(
        moved["t"], "moved",
        "south's move after the outage: {moved}"
    );
    // Charged at most its half second of thought before the outage and the time since PostgreSQL is back
    // (after an outage the side to move has at least its initial time here, 4 s being under 5 s).
    let charged = 4_000 - ms(&moved, "south");
    assert!(
        charged <= 500 + since_ms(back) + 200,
        "south was charged {charged} ms for a move refused for {:?}: {moved}",
        back - stopped
    );
    let seen = answer(&mut north, 2).await;
    assert_eq!(seen["t"], "moved", "{seen}");
    assert_eq!(seen["ply"], 2);
    // The game goes on: north's clock runs and north moves.
    let third = play(&mut north, 3, &moved["legal"]).await;
    assert_eq!(third["clock"]["running"], "south", "{third}");
    let snap = snapshot(&base, &id).await;
    assert_eq!(snap["status"], "playing", "{snap}");
    s.stop().await;
}

/// `/healthz` of `s` until it answers 200 (bounded).
async fn healthy(s: &Server) {
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        if let Ok(r) = s.http.get(s.url("/healthz")).send().await {
            if r.status() == 200 {
                return;
            }
        }
        assert!(Instant::now() < deadline, "{} never became healthy", s.addr);
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Two nodes on a NATS server of the test's own: north on the node that owns the game, south on the other.
/// NATS is stopped, north moves (taken by its own node), and south's socket cannot be shown that move; NATS
/// stays down for 7 s, longer than south's 5 s. When it is back the game is still being played, south sees
/// north's move (over a fresh socket to its node), south was charged nothing before NATS came back, and
/// south's move is taken.
#[tokio::test]
async fn a_move_never_delivered_while_nats_is_stopped_is_not_charged() {
    let Some(db) = TestDb::create().await else {
        return;
    };
    let Some(mut nats) = PrivateNats::start(&[]) else {
        return;
    };
    let dirs = [(); 2].map(|_| tempfile::tempdir().unwrap());
    let tag = rand::random::<u32>();
    let mut nodes = Vec::new();
    for (i, dir) in dirs.iter().enumerate() {
        let mut config = test_config(dir.path());
        config.database_url = Some(db.url.clone());
        config.nats_url = Some(nats.url());
        config.node_name = Some(format!("outage{i}-{tag}"));
        config.lease_ms = 1000;
        nodes.push(Server::start_with(config).await);
    }
    let (owner, other) = (nodes[0].url(""), nodes[1].url(""));
    let (id, _, south_token) = nodes[0]
        .create(json!({"variant": "kujifunza", "seat": "south", "clock": clock(5)}))
        .await;
    let (status, j) = nodes[0]
        .post(&format!("/api/games/{id}/join"), json!({}))
        .await;
    assert_eq!(status, 200, "{j}");
    let north_token = j["token"].as_str().unwrap().to_owned();
    // North's hello loads the room on the first node; south's goes through the second.
    let mut north = seated(&owner, &id, &north_token, "north").await;
    let mut south = seated(&other, &id, &south_token, "south").await;
    let first = play(&mut south, 0, &snapshot(&owner, &id).await["legal"]).await;
    let second = play(&mut north, 1, &first["legal"]).await;
    let third = play(&mut south, 2, &second["legal"]).await;
    assert_eq!(third["clock"]["running"], "north", "{third}");

    nats.stop();
    let stopped = Instant::now();
    // Until both nodes know, a move could still be on its way.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let fourth = play(&mut north, 3, &third["legal"]).await;
    assert_eq!(fourth["clock"]["running"], "south", "{fourth}");
    tokio::time::sleep(Duration::from_secs(7).saturating_sub(stopped.elapsed())).await;
    nats.start_again();
    let back = Instant::now();
    for n in &nodes {
        healthy(n).await;
    }

    // South, on the other node, reconnects and is shown north's move with its time not charged.
    south.close().await;
    let mut south = common::ws_connect(other.trim_start_matches("http://"), &id).await;
    assert_eq!(south.hello(Some(&south_token), 0).await["you"], "south");
    let snap = south.recv_t("snapshot").await;
    let game = &snap["game"];
    assert_eq!(game["status"], "playing", "the flag fell: {game}");
    assert_eq!(game["moves"].as_array().map(Vec::len), Some(4), "{game}");
    let charged = 5_000 - ms(game, "south");
    assert!(
        charged <= since_ms(back) + 200,
        "south was charged {charged} ms for a move it was never shown, NATS back {} ms ago: {game}",
        since_ms(back)
    );
    let fifth = play(&mut south, 4, &game["legal"]).await;
    assert_eq!(fifth["clock"]["running"], "north", "{fifth}");
    assert!(ms(&fifth, "south") > 0, "{fifth}");
    for n in nodes {
        n.stop().await;
    }
}
