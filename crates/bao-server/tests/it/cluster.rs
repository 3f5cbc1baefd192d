//! Three server nodes (`--nats-url`, issue 19) as processes on loopback ports, sharing one fresh PostgreSQL
//! schema and the machine's NATS server (both started by `scripts/services.sh` when missing: in CI a
//! missing one is a failure). A game with its two players and a spectator on three different nodes; every
//! player action and its refusals through a node that does not own the game; the owner killed with SIGKILL
//! in the middle of a game; a clocked game whose owner dies still flags.
//!
//! `NODE_LOGS=1` shows the nodes' debug logs, each line after its node's name.

use crate::common;

use std::time::{Duration, Instant};

use common::services::{ensure, TestDb};
use common::{
    create_and_join, free_port, metric_at, post_json, spawn_binary_with, test_config,
    until_listening, ws_connect, Got, Guard, Server, Ws, WAIT,
};
use serde_json::{json, Value};

/// Leases of the test nodes: short, so that a dead node's games are taken over quickly.
const LEASE_MS: &str = "1000";
/// How long play may stop when the owner dies (issue 19: "play resumes within 5 s").
const FAILOVER: Duration = Duration::from_secs(5);

/// One node process.
struct Node {
    proc: Guard,
    addr: String,
    name: String,
}

/// Three nodes on the database `db`, or `None` (outside CI) when NATS cannot be had.
fn three_nodes(db: &TestDb, dirs: &[tempfile::TempDir; 3]) -> Option<Vec<Node>> {
    if !ensure("nats", 4222) {
        return None;
    }
    let tag = rand::random::<u32>();
    let logs = std::env::var_os("NODE_LOGS").is_some();
    let level = if logs {
        "debug,sqlx=warn,hyper=info"
    } else {
        "info"
    };
    Some(
        dirs.iter()
            .enumerate()
            .map(|(i, dir)| {
                let name = format!("node{}-{tag}", i + 1);
                let env = [
                    ("BAO_DATABASE_URL", db.url.as_str()),
                    ("BAO_NATS_URL", "nats://127.0.0.1:4222"),
                    ("BAO_NODE_NAME", name.as_str()),
                    ("BAO_LEASE_MS", LEASE_MS),
                    ("BAO_WS_RATE", "1000"),
                    ("BAO_WS_BURST", "1000"),
                    // The load test's games and sockets all come from 127.0.0.1.
                    ("BAO_CREATE_PER_MINUTE", "1000000"),
                    ("BAO_WS_PER_ADDRESS", "1000000"),
                    ("BAO_WS_CONNECT_RATE", "1000000"),
                    ("BAO_WS_CONNECT_BURST", "1000000"),
                    ("BAO_WS_ADDRESS_RATE", "1000000"),
                    ("BAO_WS_ADDRESS_BURST", "1000000"),
                    ("BAO_LOG_LEVEL", level),
                ];
                let (proc, _, addr, rx) = spawn_binary_with(dir.path(), &env, None);
                if logs {
                    let n = i + 1;
                    std::thread::spawn(move || {
                        for l in rx {
                            eprintln!("node{n}: {l}");
                        }
                    });
                }
                Node { proc, addr, name }
            })
            .collect(),
    )
}

fn dirs() -> [tempfile::TempDir; 3] {
    [(); 3].map(|_| tempfile::tempdir().unwrap())
}

/// Three nodes and a game between friends created on the first, both seats taken.
struct Game {
    db: TestDb,
    _dirs: [tempfile::TempDir; 3],
    nodes: Vec<Node>,
    id: String,
    south: String,
    north: String,
}

impl Game {
    /// A Kujifunza game with the creator south and `clock`, on three fresh nodes; `None` (outside CI) when
    /// PostgreSQL or NATS cannot be had.
    async fn start(clock: Value) -> Option<Game> {
        let db = TestDb::create().await?;
        let dirs = dirs();
        let nodes = three_nodes(&db, &dirs)?;
        let body = json!({"variant": "kujifunza", "seat": "south", "clock": clock});
        let (id, created, joined) =
            create_and_join(&format!("http://{}", nodes[0].addr), body).await;
        Some(Game {
            db,
            _dirs: dirs,
            nodes,
            id,
            south: created["token"].as_str().unwrap().to_owned(),
            north: joined["token"].as_str().unwrap().to_owned(),
        })
    }

    fn addr(&self, i: usize) -> &str {
        &self.nodes[i].addr
    }

    /// Connects south to node `nodes[0]`, north to `nodes[1]`, the spectator to `nodes[2]`, each saying
    /// hello with version `v`.
    async fn seat(&self, nodes: [usize; 3], v: u64) -> Table {
        Table::seat(
            &self.id,
            (&self.south, &self.north),
            nodes.map(|i| self.addr(i)),
            v,
        )
        .await
    }

    /// The index of the node that holds the game's lease.
    async fn owner(&self) -> usize {
        use sqlx::Connection;
        let mut c = sqlx::PgConnection::connect(&self.db.url).await.unwrap();
        let (owner,): (String,) = sqlx::query_as("SELECT node FROM leases WHERE game_id = $1")
            .bind(&self.id)
            .fetch_one(&mut c)
            .await
            .unwrap();
        self.nodes.iter().position(|n| n.name == owner).unwrap()
    }

    /// Kills (SIGKILL) the node that holds the game's lease; returns its index.
    async fn kill_owner(&mut self) -> usize {
        let dead = self.owner().await;
        self.nodes[dead].proc.0.kill().unwrap();
        self.nodes[dead].proc.0.wait().unwrap();
        dead
    }
}

/// The game's snapshot from node `at`.
async fn snapshot(at: &str, id: &str) -> Value {
    reqwest::get(format!("http://{at}/api/games/{id}"))
        .await
        .unwrap()
        .json()
        .await
        .unwrap()
}

/// How a socket of a [`Table`] learnt of a move.
enum Heard {
    /// From its `moved` event.
    Moved(Value),
    /// From a snapshot that holds it (the move's notation).
    InSnapshot(String),
}

/// The three sockets of a game: south, north, a spectator; and for each, what it needs to come back as a
/// browser does when a node closes it with 1001 (its relay ended in a failover): its node, its token and the
/// version of the last event it got.
struct Table {
    south: Ws,
    north: Ws,
    watcher: Ws,
    id: String,
    seats: [(String, Option<String>, u64); 3],
}

impl Table {
    /// Connects south to node `a`, north to `b`, the spectator to `c`, each saying hello with `v`.
    async fn seat(id: &str, tokens: (&str, &str), nodes: [&str; 3], v: u64) -> Table {
        let mut south = ws_connect(nodes[0], id).await;
        assert_eq!(south.hello(Some(tokens.0), v).await["you"], "south");
        let mut north = ws_connect(nodes[1], id).await;
        assert_eq!(north.hello(Some(tokens.1), v).await["you"], "north");
        let mut watcher = ws_connect(nodes[2], id).await;
        assert_eq!(watcher.hello(None, v).await["you"], "spectator");
        Table {
            south,
            north,
            watcher,
            id: id.to_owned(),
            seats: [
                (nodes[0].to_owned(), Some(tokens.0.to_owned()), v),
                (nodes[1].to_owned(), Some(tokens.1.to_owned()), v),
                (nodes[2].to_owned(), None, v),
            ],
        }
    }

    /// Socket `i`: 0 south, 1 north, 2 the spectator.
    fn socket(&mut self, i: usize) -> &mut Ws {
        match i {
            0 => &mut self.south,
            1 => &mut self.north,
            _ => &mut self.watcher,
        }
    }

    /// How socket `i` learns of the move at `ply`: its `moved` event, not seen before, or a snapshot that
    /// already holds the move (a socket that comes back, or is resynced, after the game changed owners gets a
    /// snapshot of the game as it is, as the protocol allows). A socket closed with 1001 (a relay that ended
    /// while the game changed owners) says hello again on its node from the last version it got, as the
    /// browser does; events of versions already seen are not counted twice. When `resend` is given and socket
    /// `i` had to come back, or was told `unavailable`, the move is sent again (the server answers a move it has
    /// already played with the same event).
    async fn next_moved(&mut self, i: usize, ply: u64, resend: Option<&Value>) -> Heard {
        loop {
            // A second less than the socket's own wait, so that this message, which names the socket, is the one.
            let quiet = WAIT - Duration::from_secs(1);
            let next = tokio::time::timeout(quiet, self.socket(i).next()).await;
            let Ok(got) = next else {
                panic!(
                    "socket {i} (node, token, last version: {:?}) heard nothing of ply {ply} in {quiet:?}",
                    self.seats[i]
                );
            };
            match got {
                Got::Json(m) => {
                    if m["t"] == "error" && m["code"] == "unavailable" {
                        if let Some(mv) = resend {
                            tokio::time::sleep(Duration::from_millis(200)).await;
                            self.socket(i).send(mv.clone()).await;
                        }
                        continue;
                    }
                    if m["t"] == "snapshot" {
                        let game = &m["game"];
                        if let Some(v) = game["v"].as_u64() {
                            self.seats[i].2 = self.seats[i].2.max(v);
                        }
                        let moves = game["moves"].as_array().cloned().unwrap_or_default();
                        if let Some(mv) = moves.get(ply as usize) {
                            return Heard::InSnapshot(mv.as_str().unwrap_or_default().to_owned());
                        }
                        continue;
                    }
                    let Some(v) = m["v"].as_u64() else { continue };
                    if v <= self.seats[i].2 {
                        continue;
                    }
                    self.seats[i].2 = v;
                    if m["t"] == "moved" {
                        return Heard::Moved(m);
                    }
                }
                Got::Closed(Some(1001)) => {
                    let (node, token, v) = self.seats[i].clone();
                    let mut ws = ws_connect(&node, &self.id).await;
                    ws.hello(token.as_deref(), v).await;
                    *self.socket(i) = ws;
                    if let Some(mv) = resend {
                        self.socket(i).send(mv.clone()).await;
                    }
                }
                Got::Closed(code) => {
                    panic!("socket {i} closed ({code:?}) while ply {ply} was expected")
                }
            }
        }
    }

    fn mover(&mut self, side: &Value) -> &mut Ws {
        if side == "south" {
            &mut self.south
        } else {
            &mut self.north
        }
    }

    /// Plays `n` moves from ply `from` (the first legal move each time, read from node `at`'s snapshot);
    /// every socket must get every `moved` event, the same text with the same version. Returns them.
    async fn play(&mut self, at: &str, id: &str, from: u64, n: u64) -> Vec<Value> {
        let mut seen = Vec::new();
        for ply in from..from + n {
            let snap = snapshot(at, id).await;
            assert_eq!(snap["status"], "playing", "{snap}");
            let mv = snap["legal"][0].as_str().unwrap().to_owned();
            let msg = json!({"t": "move", "ply": ply, "move": mv});
            let mover = usize::from(snap["position"]["to_move"] != "south");
            self.socket(mover).send(msg.clone()).await;
            let mut heard = Vec::new();
            for i in 0..3 {
                heard.push(self.next_moved(i, ply, (i == mover).then_some(&msg)).await);
            }
            // The event itself, from whichever socket got it (south's unless a snapshot told south).
            let ev = heard
                .iter()
                .find_map(|h| match h {
                    Heard::Moved(m) => Some(m.clone()),
                    Heard::InSnapshot(_) => None,
                })
                .expect("a socket got the moved event");
            assert_eq!(ev["ply"], ply);
            for (h, who) in heard.iter().zip(["south", "north", "the spectator"]) {
                match h {
                    Heard::Moved(m) => assert_eq!(m, &ev, "{who} sees it"),
                    Heard::InSnapshot(mv) => {
                        assert_eq!(mv, &ev["move"], "{who} sees it in a snapshot")
                    }
                }
            }
            seen.push(ev);
        }
        seen
    }
}

/// Collects the versioned events a socket gets until nothing has come for `quiet_ms`.
async fn drain(ws: &mut Ws, quiet_ms: u64) -> Vec<Value> {
    let mut out = Vec::new();
    while let Ok(Some(Ok(m))) = tokio::time::timeout(
        Duration::from_millis(quiet_ms),
        futures_util::StreamExt::next(&mut ws.stream),
    )
    .await
    {
        if let tokio_tungstenite::tungstenite::Message::Text(t) = m {
            let v: Value = serde_json::from_str(&t).unwrap();
            if v.get("v").is_some() && v["t"] != "welcome" && v["t"] != "snapshot" {
                out.push(v);
            }
        }
    }
    out
}

#[tokio::test]
async fn players_and_a_spectator_on_three_nodes_see_every_event_in_order() {
    let Some(g) = Game::start(Value::Null).await else {
        return;
    };
    let id = g.id.as_str();
    let mut t = g.seat([0, 1, 2], 0).await;
    // Each reads up to the presence that shows everyone (a spectator is counted at most a second after it
    // came); from then on they must see the same events.
    for ws in [&mut t.south, &mut t.north, &mut t.watcher] {
        ws.recv_t("snapshot").await;
        loop {
            let p = ws.recv_t("presence").await;
            if p["south"] == true && p["north"] == true && p["watchers"] == 1 {
                break;
            }
        }
    }
    // The snapshot through any node is the owner's.
    let snaps = [
        snapshot(g.addr(0), id).await,
        snapshot(g.addr(1), id).await,
        snapshot(g.addr(2), id).await,
    ];
    assert_eq!(snaps[0]["id"], snaps[1]["id"]);
    assert_eq!(snaps[0]["position"], snaps[1]["position"]);
    assert_eq!(snaps[0]["position"], snaps[2]["position"]);

    let played = t.play(g.addr(2), id, 0, 12).await;
    let versions: Vec<u64> = played.iter().map(|e| e["v"].as_u64().unwrap()).collect();
    assert!(versions.windows(2).all(|w| w[0] < w[1]), "{versions:?}");
    // A quick message from north's node reaches the others.
    t.north
        .send(json!({"t": "say", "phrase": "good_luck"}))
        .await;
    assert_eq!(t.south.recv_t("said").await["phrase"], "good_luck");
    assert_eq!(t.watcher.recv_t("said").await["phrase"], "good_luck");
    // Every versioned event after the moves, in the same order with the same versions, everywhere (the
    // presence of a socket that leaves, here; presence is published at most once a second).
    t.watcher.close().await;
    let a = drain(&mut t.south, 1500).await;
    let b = drain(&mut t.north, 1500).await;
    assert_eq!(a, b);
    assert!(a.iter().any(|e| e["t"] == "presence"), "{a:?}");

    // A reconnect through another node replays exactly the missed events.
    let last = versions[7];
    let mut late = ws_connect(g.addr(1), id).await;
    late.hello(None, last).await;
    let replayed = drain(&mut late, 500).await;
    let moved: Vec<&Value> = replayed.iter().filter(|e| e["t"] == "moved").collect();
    let expected: Vec<&Value> = played[8..].iter().collect();
    assert_eq!(
        moved, expected,
        "the moves after v {last}, replayed by node 2"
    );
    // The record and the history answer through any node.
    let record = reqwest::get(format!("http://{}/api/games/{id}/record", g.addr(1)))
        .await
        .unwrap();
    assert_eq!(record.status(), 200);
    let history: Value = reqwest::get(format!(
        "http://{}/api/games/{id}/history?from=0&to=3",
        g.addr(2)
    ))
    .await
    .unwrap()
    .json()
    .await
    .unwrap();
    assert_eq!(
        history["positions"].as_array().map(Vec::len),
        Some(3),
        "{history}"
    );

    // The cluster's metrics: the other nodes forwarded their clients' requests and relayed the owner's
    // events, the owner served them; each node says its name.
    let owner = g.owner().await;
    let served = metric_at(g.addr(owner), "bao_cluster_served_requests_total").await;
    assert!(served >= 3.0, "the owner served {served} requests");
    for (i, node) in g.nodes.iter().enumerate() {
        let info = format!("bao_node_info{{node=\"{}\"}}", node.name);
        assert_eq!(metric_at(&node.addr, &info).await, 1.0);
        if i == owner {
            continue;
        }
        let answered = r#"bao_cluster_forwarded_requests_total{outcome="answered"}"#;
        assert!(metric_at(&node.addr, answered).await >= 1.0, "node {i}");
        assert!(
            metric_at(&node.addr, "bao_cluster_relayed_events_total").await >= 1.0,
            "node {i}"
        );
    }
}

/// The `code` of the next `error` message `ws` gets (skipping the events before it).
async fn error_code(ws: &mut Ws) -> Value {
    ws.recv_t("error").await["code"].clone()
}

/// Every kind of player action, and the room's refusals of them, cross nodes as they are: sockets on the two
/// nodes that do not own the game get the same events, the same texts for the sender alone (a move sent
/// again, a rematch already agreed) and the same error codes as the owner's own sockets would.
#[tokio::test]
async fn every_action_and_its_refusals_cross_nodes_unchanged() {
    let Some(g) = Game::start(Value::Null).await else {
        return;
    };
    let id = g.id.as_str();
    let owner = g.owner().await;
    let others: Vec<usize> = (0..3).filter(|&i| i != owner).collect();
    // South on the owner, north and the spectator each on another node.
    let mut t = g.seat([owner, others[0], others[1]], 0).await;
    let north_node = g.addr(others[0]);

    // Refusals before any move: a spectator's resignation, a takeback with nothing to take back, the free
    // seat asked for through a third node.
    t.watcher.send(json!({"t": "resign"})).await;
    assert_eq!(error_code(&mut t.watcher).await, "not_a_player");
    t.north.send(json!({"t": "takeback"})).await;
    assert_eq!(error_code(&mut t.north).await, "bad_message");
    let join = reqwest::Client::new()
        .post(format!("http://{}/api/games/{id}/join", g.addr(others[1])))
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(join.status(), 409);
    let body: Value = join.json().await.unwrap();
    assert_eq!(body["error"], "seat_taken", "{body}");

    let played = t.play(north_node, id, 0, 2).await;
    // North's move sent again: the same `moved` text, to north alone.
    t.north
        .send(json!({"t": "move", "ply": 1, "move": played[1]["move"]}))
        .await;
    assert_eq!(t.north.recv_t("moved").await, played[1]);
    // Too late to abort; a takeback offered from north's node, declined from the owner's.
    t.north.send(json!({"t": "abort"})).await;
    assert_eq!(error_code(&mut t.north).await, "bad_message");
    t.north.send(json!({"t": "takeback"})).await;
    let offer = t.south.recv_t("takeback").await;
    assert_eq!(offer["offered_by"], "north");
    assert_eq!(t.watcher.recv_t("takeback").await, offer);
    t.south.send(json!({"t": "takeback_decline"})).await;
    let declined = t.north.recv_t("takeback_declined").await;
    assert_eq!(t.watcher.recv_t("takeback_declined").await, declined);
    t.north.send(json!({"t": "takeback_decline"})).await;
    assert_eq!(error_code(&mut t.north).await, "bad_message");
    // A quick message, and a second one too soon.
    t.north.send(json!({"t": "say", "phrase": "hello"})).await;
    assert_eq!(t.south.recv_t("said").await["phrase"], "hello");
    t.north.send(json!({"t": "say", "phrase": "thanks"})).await;
    assert_eq!(error_code(&mut t.north).await, "rate_limited");

    // North resigns from its node; then a rematch offered there and accepted on the owner's.
    t.north.send(json!({"t": "resign"})).await;
    let ended = t.south.recv_t("ended").await;
    assert_eq!(
        ended["result"],
        json!({"winner": "south", "reason": "resign"})
    );
    assert_eq!(t.watcher.recv_t("ended").await, ended);
    t.north.send(json!({"t": "resign"})).await;
    assert_eq!(error_code(&mut t.north).await, "game_over");
    t.north.send(json!({"t": "rematch"})).await;
    let offer = t.south.recv_t("rematch").await;
    assert_eq!(offer["offered_by"], "north");
    t.south.send(json!({"t": "rematch"})).await;
    // Everyone gets the offer, then the agreed rematch: each player with its own seat and token.
    assert_eq!(t.north.recv_t("rematch").await, offer);
    let north_new = t.north.recv_t("rematch").await;
    assert_eq!(north_new["seat"], "south", "sides swap: {north_new}");
    assert!(north_new["token"].is_string(), "{north_new}");
    assert_eq!(t.watcher.recv_t("rematch").await, offer);
    let public = t.watcher.recv_t("rematch").await;
    assert_eq!(public["game"], north_new["game"]);
    assert!(public.get("token").is_none(), "{public}");
    // Asked again from north's node: its own text of the agreed rematch, token and all.
    t.north.send(json!({"t": "rematch"})).await;
    assert_eq!(t.north.recv_t("rematch").await, north_new);
}

#[tokio::test]
async fn the_owner_killed_mid_game_loses_no_move_and_play_resumes_within_5_s() {
    let Some(mut g) = Game::start(Value::Null).await else {
        return;
    };
    let id = g.id.clone();
    let mut t = g.seat([0, 1, 2], 0).await;
    let mut acked = t.play(g.addr(1), &id, 0, 8).await;

    // The next move is sent, and the game's node killed at once: it may or may not have been applied.
    let snap = snapshot(g.addr(2), &id).await;
    let (side, mv) = (
        snap["position"]["to_move"].clone(),
        snap["legal"][0].as_str().unwrap().to_owned(),
    );
    t.mover(&side)
        .send(json!({"t": "move", "ply": 8, "move": mv}))
        .await;
    let dead = g.kill_owner().await;
    let killed = Instant::now();

    // Sockets on the other nodes are closed (their relay lost the owner) or were on the dead node: all
    // reconnect, each to a node that lives, with the last version it had.
    for ws in [&mut t.south, &mut t.north, &mut t.watcher] {
        while let Got::Json(_) = ws.next().await {}
    }
    assert!(
        killed.elapsed() < FAILOVER,
        "sockets learn of the death in {:?}",
        killed.elapsed()
    );
    drop(t);
    let alive: Vec<usize> = (0..3).filter(|i| *i != dead).collect();
    let last_v = acked.last().unwrap()["v"].as_u64().unwrap();
    let mut t = g.seat([alive[0], alive[1], alive[0]], last_v).await;
    // The move sent before the kill, sent again: applied now, or answered as already played; once.
    t.mover(&side)
        .send(json!({"t": "move", "ply": 8, "move": mv}))
        .await;
    let again = t.mover(&side).recv_t("moved").await;
    assert_eq!(again["ply"], 8);
    assert_eq!(again["move"], mv.as_str());
    let resumed = killed.elapsed();
    assert!(resumed < FAILOVER, "play resumed after {resumed:?}");
    acked.push(again);
    drop(t);
    // Play goes on through the nodes that live.
    let mut t = g.seat([alive[1], alive[0], alive[1]], 0).await;
    acked.extend(t.play(g.addr(alive[0]), &id, 9, 4).await);

    let after = snapshot(g.addr(alive[1]), &id).await;
    let moves: Vec<&str> = after["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    let acked_moves: Vec<&str> = acked.iter().map(|e| e["move"].as_str().unwrap()).collect();
    assert_eq!(moves, acked_moves, "every acknowledged move, once each");
    // The new owner counts the game's lease as taken over (the dead node never gave it back); the other
    // node took nothing over.
    let new_owner = g.owner().await;
    assert_ne!(new_owner, dead);
    let takeovers = |i: usize| metric_at(g.addr(i), "bao_lease_takeovers_total");
    assert_eq!(takeovers(new_owner).await, 1.0);
    let other = alive.iter().copied().find(|&i| i != new_owner).unwrap();
    assert_eq!(takeovers(other).await, 0.0);
    eprintln!("failover: play resumed {resumed:?} after the kill");
}

/// Moves stored in the database `url` so far.
async fn moves_stored(url: &str) -> i64 {
    use sqlx::Connection;
    let mut c = sqlx::PgConnection::connect(url).await.unwrap();
    let (n,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM moves")
        .fetch_one(&mut c)
        .await
        .unwrap();
    n
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_killed_under_load_loses_no_acknowledged_move_and_play_resumes_within_5_s() {
    let Some(db) = TestDb::create().await else {
        return;
    };
    let dirs = dirs();
    let Some(mut nodes) = three_nodes(&db, &dirs) else {
        return;
    };
    // The load generator on the three nodes: each game created on one node in turn (which owns it), its
    // players and spectator on different nodes; sockets that close are opened again elsewhere.
    let mut args = bao_loadtest::args::Args::defaults();
    args.target = nodes.iter().map(|n| format!("http://{}", n.addr)).collect();
    args.games = 60;
    args.spectators = 1;
    args.rate = 150.0;
    args.think = "exp:200ms".parse().unwrap();
    args.duration = Duration::from_secs(8);
    args.connect_rate = 0.0;
    args.progress = Duration::ZERO;
    args.json = true;
    args.seed = Some(19);
    args.reconnect = true;
    args.verify_moves = true;
    let run = tokio::spawn(bao_loadtest::run::run(args));

    // Once play is under way, the second node (the owner of a third of the games, and the node of a third of
    // the sockets) is killed.
    let under_way = Instant::now();
    while moves_stored(&db.url).await < 150 {
        assert!(
            under_way.elapsed() < Duration::from_secs(60),
            "the load never got going"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    nodes[1].proc.0.kill().unwrap();
    nodes[1].proc.0.wait().unwrap();
    let at_kill = moves_stored(&db.url).await;

    let report = run.await.unwrap().unwrap();
    println!("{}", report.human());
    let d = report.durability.as_ref().expect("moves verified");
    assert_eq!(d.games_short, 0, "games that lost acknowledged moves");
    assert_eq!(
        d.games_long, 0,
        "games with a move applied twice or unacknowledged"
    );
    assert_eq!(d.games_missing, 0);
    assert_eq!(d.moves_found, d.moves_acknowledged);
    assert_eq!(d.games_checked, report.games_ready);
    assert!(report.errors.is_empty(), "errors: {:?}", report.errors);
    assert_eq!(report.moves_lost, 0, "moves never answered");
    assert_eq!(report.moves_acked, report.moves_sent);
    assert!(report.reconnects > 0, "no socket was on the dead node?");
    assert!(
        report.resume_max_ms < FAILOVER.as_secs_f64() * 1000.0,
        "a game waited {:.0} ms to go on",
        report.resume_max_ms
    );
    // Play went on after the kill, on the games of the dead node too.
    assert!(moves_stored(&db.url).await > at_kill + 150);
}

#[tokio::test]
async fn an_owner_frozen_past_its_lease_never_writes_again_when_it_wakes() {
    let Some(g) = Game::start(Value::Null).await else {
        return;
    };
    let id = g.id.clone();
    let owner = g.owner().await;
    let (b, c) = ((owner + 1) % 3, (owner + 2) % 3);
    // South on the owner, north and the spectator elsewhere.
    let mut t = g.seat([owner, b, c], 0).await;
    let mut acked = t.play(g.addr(b), &id, 0, 4).await;
    let before = snapshot(g.addr(b), &id).await;
    let stale_south = t.south;
    drop((t.north, t.watcher));

    // The owner freezes. The players come back through the two other nodes; the first command finds no owner
    // and, once the lease has run out, one of them takes the game over.
    common::signal(g.nodes[owner].proc.0.id(), "-STOP");
    let frozen = Instant::now();
    let mut t = Table::seat(
        &id,
        (&g.south, &g.north),
        [g.addr(b), g.addr(c), g.addr(b)],
        0,
    )
    .await;
    acked.extend(t.play(g.addr(c), &id, 4, 4).await);
    assert!(frozen.elapsed() < FAILOVER + Duration::from_secs(5));

    // South's socket on the frozen node sends a move for ply 4 (legal in the position the frozen node still
    // holds, and not the one played) and resigns: writes that only the fence can stop. The node wakes.
    let legal = before["legal"].as_array().unwrap();
    let stale_move = legal.last().unwrap().as_str().unwrap().to_owned();
    let mut stale = stale_south;
    stale
        .send(json!({"t": "move", "ply": 4, "move": stale_move}))
        .await;
    stale.send(json!({"t": "resign"})).await;
    common::signal(g.nodes[owner].proc.0.id(), "-CONT");
    // It answers its player somehow (an error, the true move of ply 4 from the new owner, or closing the
    // socket), but never with a move or an end it wrote itself.
    let mut refused = 0;
    loop {
        match stale.next().await {
            Got::Json(m) if m["t"] == "ended" => panic!("the frozen node ended the game: {m}"),
            Got::Json(m) if m["t"] == "moved" => {
                let ply = m["ply"].as_u64().unwrap() as usize;
                assert_eq!(m, acked[ply], "a move it wrote itself");
            }
            Got::Json(m) if m["t"] == "error" => {
                assert_eq!(m["code"], "unavailable", "{m}");
                refused += 1;
                if refused == 2 {
                    break;
                }
            }
            Got::Json(_) => continue,
            _ => break,
        }
    }
    // The players on the other nodes see nothing of it.
    assert!(drain(&mut t.south, 300).await.is_empty());
    assert!(drain(&mut t.north, 300).await.is_empty());
    // The woken node gives the game up and serves the new owner's game.
    let woke = Instant::now();
    loop {
        let snap = snapshot(g.addr(owner), &id).await;
        if snap["moves"].as_array().map(Vec::len) == Some(8) {
            assert_eq!(snap["status"], "playing");
            break;
        }
        assert!(
            woke.elapsed() < Duration::from_secs(5),
            "the woken node still serves its own game: {snap}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // The database holds the acknowledged moves, once each, and the game goes on.
    use sqlx::Connection;
    let mut pg = sqlx::PgConnection::connect(&g.db.url).await.unwrap();
    let stored: Vec<(String,)> =
        sqlx::query_as("SELECT notation FROM moves WHERE game_id = $1 ORDER BY ply")
            .bind(&id)
            .fetch_all(&mut pg)
            .await
            .unwrap();
    let acked_moves: Vec<String> = acked
        .iter()
        .map(|e| e["move"].as_str().unwrap().to_owned())
        .collect();
    let stored: Vec<String> = stored.into_iter().map(|(m,)| m).collect();
    assert_eq!(stored, acked_moves);
    let (status,): (String,) = sqlx::query_as("SELECT status FROM games WHERE id = $1")
        .bind(&id)
        .fetch_one(&mut pg)
        .await
        .unwrap();
    assert_eq!(status, "playing", "the resignation was not written");
    t.play(g.addr(owner), &id, 8, 2).await;
}

#[tokio::test]
async fn a_clocked_game_whose_owner_dies_still_flags() {
    let clock = json!({"kind": "live", "initial_s": 3, "increment_s": 0});
    let Some(mut g) = Game::start(clock).await else {
        return;
    };
    let id = g.id.clone();
    let mut t = g.seat([0, 1, 2], 0).await;
    // Both first moves start the clock; south has 3 s for the next.
    t.play(g.addr(2), &id, 0, 2).await;
    let dead = g.kill_owner().await;
    drop(t);
    let killed = Instant::now();
    // Nobody comes back to the game: only the other nodes' watchdogs can end it. The status is read from
    // the database, which loads no room.
    let alive = g.addr((dead + 1) % 3).to_owned();
    loop {
        let url = format!("http://{alive}/api/games/status");
        let list = post_json(&url, &json!({"ids": [id]})).await;
        let game = &list[0];
        if game["status"] == "finished" {
            assert_eq!(game["result"]["reason"], "time", "{game}");
            assert_eq!(game["result"]["winner"], "north", "{game}");
            break;
        }
        assert!(
            killed.elapsed() < Duration::from_secs(10),
            "the game did not flag: {game}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test]
async fn nats_without_postgres_is_refused_with_a_clear_message() {
    let dir = tempfile::tempdir().unwrap();
    let out = common::binary(dir.path(), &[("BAO_NATS_URL", "nats://127.0.0.1:4222")])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--nats-url") && err.contains("PostgreSQL"),
        "{err}"
    );
}

/// A TCP relay between a node and the machine's NATS server that the test can cut (every connection closed,
/// new ones refused) and mend: a node that loses NATS while its database is fine.
struct NatsLink {
    addr: std::net::SocketAddr,
    up: tokio::sync::watch::Sender<bool>,
}

impl NatsLink {
    async fn start() -> NatsLink {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let (up, rx) = tokio::sync::watch::channel(true);
        tokio::spawn(async move {
            while let Ok((mut client, _)) = listener.accept().await {
                if !*rx.borrow() {
                    // Cut: refused (closed at once).
                    continue;
                }
                let mut cut = rx.clone();
                tokio::spawn(async move {
                    let Ok(mut nats) = tokio::net::TcpStream::connect("127.0.0.1:4222").await
                    else {
                        return;
                    };
                    tokio::select! {
                        _ = tokio::io::copy_bidirectional(&mut client, &mut nats) => {}
                        _ = cut.wait_for(|up| !*up) => {}
                    }
                });
            }
        });
        NatsLink { addr, up }
    }

    fn set(&self, up: bool) {
        self.up.send_replace(up);
    }
}

/// `/healthz` of `s` until its status is `want` (bounded): the answer.
async fn healthz_until(s: &Server, want: u16) -> reqwest::Response {
    let deadline = Instant::now() + WAIT;
    loop {
        let r = s.http.get(s.url("/healthz")).send().await.unwrap();
        if r.status() == want {
            return r;
        }
        assert!(Instant::now() < deadline, "/healthz never answered {want}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// A node that has lost NATS cannot reach the games of the others nor serve its own to them: its `/healthz`
/// says so (503 with the reason and a `Retry-After`, so that a load balancer leaves it out), `/metrics`
/// shows it, and both recover when the connection is back.
#[tokio::test]
async fn a_node_that_lost_nats_is_unhealthy_until_it_is_back() {
    let Some(db) = TestDb::create().await else {
        return;
    };
    if !ensure("nats", 4222) {
        return;
    }
    let link = NatsLink::start().await;
    let dir = tempfile::tempdir().unwrap();
    let mut config = test_config(dir.path());
    config.database_url = Some(db.url.clone());
    config.nats_url = Some(format!("nats://{}", link.addr));
    config.node_name = Some("cut-off".into());
    let s = Server::start_with(config).await;
    assert_eq!(s.metric("bao_nats_lost").await, 0.0);
    assert_eq!(s.metric(r#"bao_node_info{node="cut-off"}"#).await, 1.0);

    link.set(false);
    let r = healthz_until(&s, 503).await;
    assert_eq!(r.headers()["retry-after"], "5");
    let body = r.text().await.unwrap();
    assert!(body.contains("lost its connection to NATS"), "{body}");
    assert!(!body.contains("database"), "the database is fine: {body}");
    assert_eq!(s.metric("bao_nats_lost").await, 1.0);
    assert_eq!(s.metric("bao_database_writable").await, 1.0);

    // async-nats reconnects by itself (at most 4 s between tries).
    link.set(true);
    let r = healthz_until(&s, 200).await;
    assert_eq!(r.text().await.unwrap(), "ok\n");
    assert_eq!(s.metric("bao_nats_lost").await, 0.0);
    s.stop().await;
}

/// A NATS server of the test's own that asks for a user and a password, as `deploy/cluster/nats.conf` does: a
/// node given them in its `--nats-url` (`nats://USER:PASSWORD@HOST:PORT`, which async-nats alone ignores)
/// logs in; one with a wrong password is refused at start-up, and its error does not show the password.
#[tokio::test]
async fn a_node_logs_in_to_nats_with_the_credentials_of_its_url() {
    let Some(db) = TestDb::create().await else {
        return;
    };
    // Installs and starts the machine's NATS when missing, so that nats-server is there.
    if !ensure("nats", 4222) {
        return;
    }
    let port = free_port();
    let _nats = Guard(
        std::process::Command::new("nats-server")
            .args(["-a", "127.0.0.1", "-p", &port.to_string()])
            .args(["--user", "bao", "--pass", "s3cret"])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("nats-server"),
    );
    until_listening(&format!("127.0.0.1:{port}"), "nats-server").await;
    let dir = tempfile::tempdir().unwrap();
    let mut config = test_config(dir.path());
    config.database_url = Some(db.url.clone());
    config.nats_url = Some(format!("nats://bao:s3cret@127.0.0.1:{port}"));
    let s = Server::start_with(config.clone()).await;
    assert_eq!(s.metric("bao_nats_lost").await, 0.0);
    s.stop().await;

    config.nats_url = Some(format!("nats://bao:wrong@127.0.0.1:{port}"));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let started = bao_server::app::serve(config, listener, std::future::pending());
    let err = tokio::time::timeout(WAIT, started)
        .await
        .expect("refused at once")
        .expect_err("a wrong password is refused");
    let text = format!("{err}");
    assert!(
        text.contains("cannot connect to NATS at nats://***@127.0.0.1:"),
        "{text}"
    );
    assert!(!text.contains("wrong"), "{text}");
}
