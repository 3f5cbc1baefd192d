//! Three server nodes (`--nats-url`, issue 19) as processes on loopback ports, sharing one fresh PostgreSQL
//! schema and the machine's NATS server (both started by `scripts/services.sh` when missing: in CI a
//! missing one is a failure). A game with its two players and a spectator on three different nodes; every
//! player action and its refusals through a node that does not own the game; the owner killed with SIGKILL
//! in the middle of a game; a clocked game whose owner dies still flags.
//!
//! `NODE_LOGS=1` shows the nodes' debug logs, each line after its node's name.

use crate::common;

use std::time::{Duration, Instant};

use common::services::{ensure, PrivateNats, TestDb};
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

/// Three nodes on the database `db` and the machine's NATS, or `None` (outside CI) when NATS cannot be had.
fn three_nodes(db: &TestDb, dirs: &[tempfile::TempDir; 3]) -> Option<Vec<Node>> {
    if !ensure("nats", 4222) {
        return None;
    }
    Some(nodes_on(&db.url, dirs, &["nats://127.0.0.1:4222"; 3]))
}

/// The environment of a test node called `name` on the database at `db` and the NATS server `nats`.
fn node_env<'a>(db: &'a str, nats: &'a str, name: &'a str) -> Vec<(&'a str, &'a str)> {
    let logs = std::env::var_os("NODE_LOGS").is_some();
    let level = if logs {
        "debug,sqlx=warn,hyper=info"
    } else {
        "info"
    };
    vec![
        ("BAO_DATABASE_URL", db),
        ("BAO_NATS_URL", nats),
        ("BAO_NODE_NAME", name),
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
    ]
}

/// With `NODE_LOGS=1`, shows node `n`'s log lines as they come.
fn show_logs(n: usize, rx: std::sync::mpsc::Receiver<String>) {
    if std::env::var_os("NODE_LOGS").is_some() {
        std::thread::spawn(move || {
            for l in rx {
                eprintln!("node{n}: {l}");
            }
        });
    }
}

/// A node on the database at `db` for each data directory of `dirs`, node `i` on the NATS server at
/// `nats[i]`.
fn nodes_on(db: &str, dirs: &[tempfile::TempDir], nats: &[&str]) -> Vec<Node> {
    let tag = rand::random::<u32>();
    dirs.iter()
        .take(nats.len())
        .enumerate()
        .map(|(i, dir)| {
            let name = format!("node{}-{tag}", i + 1);
            let env = node_env(db, nats[i], &name);
            let (proc, _, addr, rx) = spawn_binary_with(dir.path(), &env, None);
            show_logs(i + 1, rx);
            Node { proc, addr, name }
        })
        .collect()
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
            // The mover's socket first: it is the one that sends the move again when its socket was closed
            // under it (a relay that ended) or the move was answered `unavailable`; the others only hear.
            let mut heard = vec![None, None, None];
            for i in std::iter::once(mover).chain((0..3).filter(|&i| i != mover)) {
                heard[i] = Some(self.next_moved(i, ply, (i == mover).then_some(&msg)).await);
            }
            let heard: Vec<Heard> = heard.into_iter().flatten().collect();
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

/// Everything published on a NATS server, from its start: every subject and payload, as one listener
/// subscribed to `>` sees them.
struct BusSpy {
    seen: Seen,
    client: async_nats::Client,
}

/// The messages a [`BusSpy`] saw: subject and payload.
type Seen = std::sync::Arc<std::sync::Mutex<Vec<(String, Vec<u8>)>>>;

impl BusSpy {
    async fn start(url: &str) -> BusSpy {
        let client = async_nats::connect(url).await.expect("the spy connects");
        let mut all = client.subscribe(">").await.expect("subscribe to >");
        client.flush().await.expect("flush");
        let seen = Seen::default();
        let into = seen.clone();
        tokio::spawn(async move {
            while let Some(m) = futures_util::StreamExt::next(&mut all).await {
                into.lock()
                    .unwrap()
                    .push((m.subject.to_string(), m.payload.to_vec()));
            }
        });
        BusSpy { seen, client }
    }

    /// The messages seen so far (after a round trip, so that the ones already sent are in).
    async fn messages(&self) -> Vec<(String, Vec<u8>)> {
        self.client.flush().await.unwrap();
        tokio::time::sleep(Duration::from_millis(300)).await;
        self.seen.lock().unwrap().clone()
    }
}

/// Issue 31, point 5: seat tokens stay on the node that holds the socket. A whole game through three nodes
/// on a NATS server of the test's own, watched by a listener subscribed to `>`: the seat claimed through a
/// node that does not own the game, both players' `hello` through such nodes, their moves, a resignation,
/// a rematch agreed and both players in the new game; both players are players with a key, the guest's
/// made on another node than the game. The players get their tokens, and no message on the bus holds one or
/// a player's key (requests, answers, events: only hashes and names cross).
#[tokio::test]
async fn no_seat_token_crosses_the_bus_in_a_game_and_its_rematch() {
    let Some(db) = TestDb::create().await else {
        return;
    };
    let Some(nats) = PrivateNats::start(&[]) else {
        return;
    };
    let spy = BusSpy::start(&nats.url()).await;
    let dirs = dirs();
    let url = nats.url();
    let nodes = nodes_on(&db.url, &dirs, &[url.as_str(); 3]);
    let addr = |i: usize| nodes[i].addr.as_str();
    // Both players are players (a name and a secret key), made on different nodes.
    let http = reqwest::Client::new();
    let as_player = |node: usize, what: &str, body: Value| {
        let (http, url) = (http.clone(), format!("http://{}{what}", addr(node)));
        async move {
            let r = http.post(url).json(&body).send().await.unwrap();
            assert!(r.status().is_success(), "{}", r.status());
            r.json::<Value>().await.unwrap()
        }
    };
    let host = as_player(0, "/api/players", json!({"name": "Simba"})).await;
    let guest = as_player(1, "/api/players", json!({"name": "Twiga"})).await;
    let keys = [&host, &guest].map(|p| p["key"].as_str().expect("a key").to_owned());
    let with_key = |node: usize, what: String, key: &str, body: Value| {
        let (http, url) = (http.clone(), format!("http://{}{what}", addr(node)));
        let bearer = format!("Bearer {key}");
        async move {
            let r = http
                .post(url)
                .header("authorization", bearer)
                .json(&body)
                .send()
                .await
                .unwrap();
            assert!(r.status().is_success(), "{}", r.status());
            r.json::<Value>().await.unwrap()
        }
    };
    let created = with_key(
        0,
        "/api/games".into(),
        &keys[0],
        json!({"variant": "kujifunza", "seat": "south"}),
    )
    .await;
    let id = created["id"].as_str().unwrap().to_owned();
    let south = created["token"].as_str().unwrap().to_owned();
    // A spectator on the first node loads the game there: it owns it. North's seat is claimed through the
    // second node, as a player, and both players play through the other two.
    let mut watcher = ws_connect(addr(0), &id).await;
    assert_eq!(watcher.hello(None, 0).await["you"], "spectator");
    let joined = with_key(1, format!("/api/games/{id}/join"), &keys[1], json!({})).await;
    let north = joined["token"].as_str().expect("a token").to_owned();
    let mut t = Table {
        south: ws_connect(addr(1), &id).await,
        north: ws_connect(addr(2), &id).await,
        watcher,
        id: id.clone(),
        seats: [
            (addr(1).to_owned(), Some(south.clone()), 0),
            (addr(2).to_owned(), Some(north.clone()), 0),
            (addr(0).to_owned(), None, 0),
        ],
    };
    assert_eq!(t.south.hello(Some(&south), 0).await["you"], "south");
    assert_eq!(t.north.hello(Some(&north), 0).await["you"], "north");
    t.play(addr(0), &id, 0, 4).await;
    t.north.send(json!({"t": "resign"})).await;
    t.south.recv_t("ended").await;
    t.north.send(json!({"t": "rematch"})).await;
    t.south.recv_t("rematch").await;
    t.south.send(json!({"t": "rematch"})).await;
    let mut tokens = vec![south.clone(), north.clone()];
    let mut new_game = None;
    for (ws, seat) in [(&mut t.south, "north"), (&mut t.north, "south")] {
        let agreed = loop {
            let m = ws.recv_t("rematch").await;
            if m["game"].is_string() {
                break m;
            }
        };
        assert_eq!(agreed["seat"], seat, "{agreed}");
        let token = agreed["token"]
            .as_str()
            .expect("the player's token")
            .to_owned();
        new_game = Some(agreed["game"].as_str().unwrap().to_owned());
        tokens.push(token);
    }
    // The tokens hold their seats in the new game, through nodes that do not own it.
    let new_game = new_game.unwrap();
    let mut a = ws_connect(addr(2), &new_game).await;
    assert_eq!(a.hello(Some(&tokens[2]), 0).await["you"], "north");
    let mut b = ws_connect(addr(1), &new_game).await;
    assert_eq!(b.hello(Some(&tokens[3]), 0).await["you"], "south");

    let messages = spy.messages().await;
    let on = |what: &str| {
        messages
            .iter()
            .any(|(s, p)| s.ends_with(what) && !p.is_empty())
    };
    assert!(on(".cmd") && on(".ev"), "the spy saw the game's traffic");
    // The seat claimed through another node went to the player, whose name crossed (not its key).
    assert!(
        messages
            .iter()
            .any(|(_, p)| String::from_utf8_lossy(p).contains("Twiga")),
        "the join as a player crossed the bus"
    );
    tokens.extend(keys);
    for (subject, payload) in &messages {
        let text = String::from_utf8_lossy(payload);
        for token in &tokens {
            assert!(
                !text.contains(token.as_str()),
                "a seat token or player key on the bus, on {subject}: {text}"
            );
        }
    }
}

/// A TCP relay between one node and a NATS server that drops the first message delivered to the node on a
/// game's event subject whose payload holds `needle`, and every event message after it: events lost on the
/// way (as after a NATS restart), everything else (requests, answers) passed on as it is.
struct LossyLink {
    addr: std::net::SocketAddr,
    dropped: std::sync::Arc<std::sync::atomic::AtomicBool>,
}

impl LossyLink {
    async fn start(nats: &str, needle: &'static [u8]) -> LossyLink {
        use std::sync::atomic::{AtomicBool, Ordering};
        use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt};
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let dropped = std::sync::Arc::new(AtomicBool::new(false));
        let (nats, flag) = (nats.to_owned(), dropped.clone());
        tokio::spawn(async move {
            while let Ok((client, _)) = listener.accept().await {
                let Ok(server) = tokio::net::TcpStream::connect(&nats).await else {
                    continue;
                };
                let (mut client_rd, mut client_wr) = client.into_split();
                let (server_rd, mut server_wr) = server.into_split();
                tokio::spawn(async move {
                    let _ = tokio::io::copy(&mut client_rd, &mut server_wr).await;
                });
                let flag = flag.clone();
                tokio::spawn(async move {
                    // The server's side, read as NATS's protocol: a line, and for MSG and HMSG the payload
                    // whose length ends the line.
                    let mut from = tokio::io::BufReader::new(server_rd);
                    let mut line = Vec::new();
                    loop {
                        line.clear();
                        if from.read_until(b'\n', &mut line).await.unwrap_or(0) == 0 {
                            return;
                        }
                        let head = String::from_utf8_lossy(&line).trim_end().to_owned();
                        let words: Vec<&str> = head.split(' ').collect();
                        let mut frame = line.clone();
                        if matches!(words[0], "MSG" | "HMSG") {
                            let len: usize = words.last().and_then(|n| n.parse().ok()).unwrap_or(0);
                            let mut payload = vec![0; len + 2];
                            if from.read_exact(&mut payload).await.is_err() {
                                return;
                            }
                            // From the needle on, every event is lost: the owner's later events (a
                            // presence follows a move) would otherwise show the gap.
                            let lose = words.get(1).is_some_and(|s| s.ends_with(".ev"))
                                && (flag.load(Ordering::SeqCst)
                                    || payload.windows(needle.len()).any(|w| w == needle));
                            if lose {
                                flag.store(true, Ordering::SeqCst);
                                continue;
                            }
                            frame.extend_from_slice(&payload);
                        }
                        if client_wr.write_all(&frame).await.is_err() {
                            return;
                        }
                    }
                });
            }
        });
        LossyLink { addr, dropped }
    }

    fn url(&self) -> String {
        format!("nats://{}", self.addr)
    }
}

/// Issue 31, point 4: a relay notices a lost event by itself. The spectator's node gets the game's events
/// through a link that loses the `moved` event of ply 2 and every event after it, and nobody moves after it:
/// no later event will show the gap (nor will the room leave memory, both players being there), and the
/// spectator must still get it
/// within a couple of seconds (the owner's answer to the relay's check carries its last version).
// Multi-threaded: the relays of the test's own run while a node is started (which blocks its thread).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spectator_gets_the_last_event_of_a_game_even_when_the_bus_lost_it() {
    let Some(db) = TestDb::create().await else {
        return;
    };
    let Some(nats) = PrivateNats::start(&[]) else {
        return;
    };
    let lossy = LossyLink::start(&format!("127.0.0.1:{}", nats.port), br#"\"ply\":2,\"by\""#).await;
    let dirs = dirs();
    let (url, lossy_url) = (nats.url(), lossy.url());
    let nodes = nodes_on(
        &db.url,
        &dirs,
        &[url.as_str(), url.as_str(), lossy_url.as_str()],
    );
    let addr = |i: usize| nodes[i].addr.as_str();
    // Created and joined on the first node, which owns the game; the spectator on the third.
    let body = json!({"variant": "kujifunza", "seat": "south"});
    let (id, created, joined) = create_and_join(&format!("http://{}", addr(0)), body).await;
    let tokens = (
        created["token"].as_str().unwrap(),
        joined["token"].as_str().unwrap(),
    );
    let mut t = Table::seat(&id, tokens, [addr(0), addr(1), addr(2)], 0).await;
    t.play(addr(0), &id, 0, 2).await;
    let snap = snapshot(addr(0), &id).await;
    assert_eq!(snap["position"]["to_move"], "south", "{snap}");
    let mv = snap["legal"][0].as_str().unwrap().to_owned();
    t.south
        .send(json!({"t": "move", "ply": 2, "move": mv}))
        .await;
    let moved = t.south.recv_t("moved").await;
    let sent = Instant::now();
    let got = tokio::time::timeout(Duration::from_secs(3), t.watcher.recv_t("moved")).await;
    assert!(
        lossy.dropped.load(std::sync::atomic::Ordering::SeqCst),
        "the link lost the event"
    );
    let got = got.expect("the spectator gets the lost `moved` within 3 s");
    assert_eq!(got, moved);
    eprintln!(
        "the lost event reached the spectator {:?} after it was sent",
        sent.elapsed()
    );
}

/// A network namespace of the test's own (a second host on this machine, `/work/shared/recipes.md`) with two
/// links to the host: one that carries its HTTP and its PostgreSQL, one that carries its NATS, each a veth
/// pair with a /30 of its own. `cut` sets the NATS link's host end down: packets are lost, nothing is
/// refused, as when a network fails. Removed, links and all, when dropped.
struct Netns {
    name: String,
    /// The host's end of the NATS link.
    nats_dev: String,
    /// The host's and the namespace's address on the first link, and on the NATS link.
    host: std::net::Ipv4Addr,
    inside: std::net::Ipv4Addr,
    nats_host: std::net::Ipv4Addr,
}

/// Runs `ip ARGS`; `Err` with its output when it fails.
fn ip(args: &[&str]) -> Result<(), String> {
    let out = std::process::Command::new("ip")
        .args(args)
        .output()
        .map_err(|e| format!("ip {}: {e}", args.join(" ")))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(format!(
            "ip {}: {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr).trim()
        ))
    }
}

impl Netns {
    /// A new namespace, or `None` (outside CI) when it cannot be made (not root, no `ip`): in CI that fails.
    fn create() -> Option<Netns> {
        let n = std::process::id() % 200 + rand::random::<u32>() % 50;
        let name = format!("bao-test-{}-{}", std::process::id(), rand::random::<u16>());
        let tag = rand::random::<u16>() % 10000;
        let ns = Netns {
            nats_dev: format!("bnh{tag}"),
            host: std::net::Ipv4Addr::new(10, 231, n as u8, 1),
            inside: std::net::Ipv4Addr::new(10, 231, n as u8, 2),
            nats_host: std::net::Ipv4Addr::new(10, 232, n as u8, 1),
            name,
        };
        let made = ns.set_up(tag);
        match made {
            Ok(()) => Some(ns),
            Err(e) if std::env::var_os("CI").is_some() => {
                panic!("a network namespace is needed (root and iproute2's ip netns): {e}")
            }
            Err(e) => {
                eprintln!(
                    "SKIPPED: cannot make a network namespace (root and iproute2's ip netns are \
                     needed): {e}; in CI this fails"
                );
                None
            }
        }
    }

    fn set_up(&self, tag: u16) -> Result<(), String> {
        let ns = self.name.as_str();
        ip(&["netns", "add", ns])?;
        ip(&["netns", "exec", ns, "ip", "link", "set", "lo", "up"])?;
        let nats_inside = std::net::Ipv4Addr::new(10, 232, self.host.octets()[2], 2);
        let links = [
            (
                format!("bph{tag}"),
                format!("bpn{tag}"),
                self.host,
                self.inside,
            ),
            (
                self.nats_dev.clone(),
                format!("bnn{tag}"),
                self.nats_host,
                nats_inside,
            ),
        ];
        for (outside, inner, host, inside) in &links {
            ip(&[
                "link", "add", outside, "type", "veth", "peer", "name", inner,
            ])?;
            ip(&["link", "set", inner, "netns", ns])?;
            ip(&["addr", "add", &format!("{host}/30"), "dev", outside])?;
            ip(&["link", "set", outside, "up"])?;
            let inside = format!("{inside}/30");
            ip(&[
                "netns", "exec", ns, "ip", "addr", "add", &inside, "dev", inner,
            ])?;
            ip(&["netns", "exec", ns, "ip", "link", "set", inner, "up"])?;
        }
        Ok(())
    }

    /// Cuts the NATS link (`false`) or mends it (`true`).
    fn nats_link(&self, up: bool) {
        let state = if up { "up" } else { "down" };
        ip(&["link", "set", &self.nats_dev, state]).expect("set the NATS link");
    }
}

impl Drop for Netns {
    fn drop(&mut self) {
        // Deleting the namespace deletes the veth ends in it, and with them their pairs on the host.
        let _ = ip(&["netns", "del", &self.name]);
    }
}

/// Relays TCP connections made to `listen` to `target`, for as long as the test runs: how a node in a
/// namespace reaches the host's PostgreSQL and NATS, which listen on 127.0.0.1. Returns the port.
async fn tcp_forward(listen: std::net::Ipv4Addr, target: String) -> u16 {
    let listener = tokio::net::TcpListener::bind((listen, 0)).await.unwrap();
    let port = listener.local_addr().unwrap().port();
    tokio::spawn(async move {
        while let Ok((mut from, _)) = listener.accept().await {
            let target = target.clone();
            tokio::spawn(async move {
                if let Ok(mut to) = tokio::net::TcpStream::connect(&target).await {
                    let _ = tokio::io::copy_bidirectional(&mut from, &mut to).await;
                }
            });
        }
    });
    port
}

/// Issue 31, point 2: a node cut off from NATS, its database still reachable, gives its games up. The owner
/// of a game runs in a network namespace of its own, its NATS on a link of its own; the players and a
/// spectator are on the two other nodes. The link is cut for 12 s: within seconds the cut node's `/healthz`
/// answers 503, another node holds the game's lease, and play goes on there; the failover (from the cut to
/// the first move acknowledged after it) is printed for docs/benchmarks.md.
// Multi-threaded: the relays of the test's own run while a node is started (which blocks its thread).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_cut_off_from_nats_gives_its_games_up_within_seconds() {
    let Some(ns) = Netns::create() else {
        return;
    };
    let Some(db) = TestDb::create().await else {
        return;
    };
    let Some(nats) = PrivateNats::start(&[]) else {
        return;
    };
    let pg_port = tcp_forward(ns.host, "127.0.0.1:5432".into()).await;
    let nats_port = tcp_forward(ns.nats_host, format!("127.0.0.1:{}", nats.port)).await;
    let dirs = dirs();
    let url = nats.url();
    let mut nodes = nodes_on(&db.url, &dirs, &[url.as_str(); 2]);
    // The third node, in the namespace: its database through the first link, NATS through the second.
    let cut_db = db
        .url
        .replace("127.0.0.1:5432", &format!("{}:{pg_port}", ns.host));
    let cut_nats = format!("nats://{}:{nats_port}", ns.nats_host);
    let name = format!("cut-{}", rand::random::<u32>());
    let env = node_env(&cut_db, &cut_nats, &name);
    let (proc, _, addr, rx) =
        common::spawn_binary_in_netns(&ns.name, &format!("{}:0", ns.inside), dirs[2].path(), &env);
    show_logs(3, rx);
    nodes.push(Node { proc, addr, name });
    let addr = |i: usize| nodes[i].addr.clone();

    // The game is created and joined on the node in the namespace, which owns it; the players and the
    // spectator are on the other two.
    let body = json!({"variant": "kujifunza", "seat": "south"});
    let (id, created, joined) = create_and_join(&format!("http://{}", addr(2)), body).await;
    let tokens = (
        created["token"].as_str().unwrap(),
        joined["token"].as_str().unwrap(),
    );
    let (a, b) = (addr(0), addr(1));
    let mut t = Table::seat(&id, tokens, [a.as_str(), b.as_str(), a.as_str()], 0).await;
    t.play(&a, &id, 0, 4).await;
    let owner_of = |id: String| {
        let url = db.url.clone();
        async move {
            use sqlx::Connection;
            let mut c = sqlx::PgConnection::connect(&url).await.unwrap();
            let (owner,): (String,) = sqlx::query_as("SELECT node FROM leases WHERE game_id = $1")
                .bind(&id)
                .fetch_one(&mut c)
                .await
                .unwrap();
            owner
        }
    };
    assert_eq!(owner_of(id.clone()).await, nodes[2].name);

    ns.nats_link(false);
    let cut = Instant::now();
    // Play goes on: the next moves are acknowledged on another node (the sockets closed by their relays come
    // back, a move answered `unavailable` is sent again).
    let mut unhealthy = None;
    // Longer than a forwarded request's timeout (2 s), which the first request after the cut may wait for:
    // the NATS server still delivers the game's requests to the cut node's subscription.
    let http = reqwest::Client::builder()
        .timeout(Duration::from_secs(6))
        .build()
        .unwrap();
    let next = loop {
        // No answer in time is a retry too.
        let snap = http.get(format!("http://{a}/api/games/{id}")).send().await;
        if let Ok(r) = snap {
            if r.status() == 200 {
                break r.json::<Value>().await.unwrap();
            }
        }
        assert!(
            cut.elapsed() < Duration::from_secs(20),
            "no node took the game over in 20 s"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert_eq!(next["status"], "playing", "{next}");
    t.play(&a, &id, 4, 1).await;
    let failover = cut.elapsed();
    t.play(&b, &id, 5, 1).await;
    // The cut node says it is unhealthy, and no longer holds the game.
    while unhealthy.is_none() {
        let r = http
            .get(format!("http://{}/healthz", addr(2)))
            .send()
            .await
            .unwrap();
        if r.status() == 503 {
            unhealthy = Some(cut.elapsed());
            break;
        }
        assert!(
            cut.elapsed() < Duration::from_secs(20),
            "/healthz stays 200"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let owner = owner_of(id.clone()).await;
    assert_ne!(owner, nodes[2].name, "the cut node still holds the game");
    eprintln!(
        "cut off from NATS (leases of {LEASE_MS} ms): the first move acknowledged elsewhere {failover:?} \
         after the cut; the cut node's /healthz 503 after at most {:?}",
        unhealthy.unwrap()
    );
    assert!(
        failover < Duration::from_secs(8),
        "play stopped for {failover:?}"
    );
    // The cut lasts 12 s in all (several request timeouts: as good as for ever to the node): play goes on
    // meanwhile without a stall, then the node comes back and is healthy again.
    let mut ply = 6;
    while cut.elapsed() < Duration::from_secs(12) {
        tokio::time::sleep(Duration::from_secs(2)).await;
        let played = Instant::now();
        let at = if ply % 2 == 0 { a.as_str() } else { b.as_str() };
        t.play(at, &id, ply, 1).await;
        ply += 1;
        assert!(
            played.elapsed() < Duration::from_secs(2),
            "a move took {:?} during the cut",
            played.elapsed()
        );
    }
    ns.nats_link(true);
    let back = Instant::now();
    loop {
        let r = http
            .get(format!("http://{}/healthz", addr(2)))
            .send()
            .await
            .unwrap();
        if r.status() == 200 {
            break;
        }
        assert!(back.elapsed() < WAIT, "the node never came back");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    t.play(&a, &id, ply, 2).await;
}

/// `POST path` on node `at` as the player of `key`: the status and the JSON answer.
async fn post_as(at: &str, key: &str, path: &str, body: Value) -> (u16, Value) {
    let r = reqwest::Client::new()
        .post(format!("http://{at}{path}"))
        .bearer_auth(key)
        .json(&body)
        .send()
        .await
        .unwrap();
    (r.status().as_u16(), r.json().await.unwrap_or(Value::Null))
}

#[tokio::test]
async fn a_rated_game_resigned_as_its_owner_dies_is_counted_once() {
    let Some(db) = TestDb::create().await else {
        return;
    };
    let dirs = dirs();
    let Some(nodes) = three_nodes(&db, &dirs) else {
        return;
    };
    // Two players; a rated seek on the first node, accepted on the second.
    let new_player = |at: String, name: &str| {
        let body = json!({ "name": name });
        async move { post_json(&format!("http://{at}/api/players"), &body).await }
    };
    let asha = new_player(nodes[0].addr.clone(), "Asha").await;
    let baraka = new_player(nodes[1].addr.clone(), "Baraka").await;
    let key = |p: &Value| p["key"].as_str().unwrap().to_owned();
    let mut lobby = {
        let url = format!("ws://{}/ws/lobby", nodes[0].addr);
        let (stream, _) = tokio_tungstenite::connect_async(url).await.unwrap();
        Ws { stream }
    };
    lobby
        .send(json!({ "t": "hello", "player": key(&asha) }))
        .await;
    lobby.recv_t("seeks").await;
    let clock = json!({ "kind": "correspondence", "days": 2 });
    let seek = json!({ "variant": "kujifunza", "clock": clock, "seat": "south", "rated": true });
    let (status, seek) = post_as(&nodes[0].addr, &key(&asha), "/api/seeks", seek).await;
    assert_eq!(status, 201, "{seek}");
    let accept = format!("/api/seeks/{}/accept", seek["id"].as_str().unwrap());
    let (status, took) = post_as(&nodes[1].addr, &key(&baraka), &accept, json!({})).await;
    assert_eq!(status, 201, "{took}");
    let paired = lobby.recv_t("paired").await;
    let mut g = Game {
        db,
        _dirs: dirs,
        nodes,
        id: took["game"].as_str().unwrap().to_owned(),
        south: paired["token"].as_str().unwrap().to_owned(),
        north: took["token"].as_str().unwrap().to_owned(),
    };
    let id = g.id.clone();
    let mut t = g.seat([0, 1, 2], 0).await;
    t.play(g.addr(1), &id, 0, 2).await;

    // North resigns and the game's node is killed at once: the end may or may not have been written, and
    // counted, before it died.
    t.north.send(json!({"t": "resign"})).await;
    let dead = g.kill_owner().await;
    drop(t);
    let alive: Vec<usize> = (0..3).filter(|i| *i != dead).collect();
    // North comes back on a node that lives (which loads the game, counting a rated end left uncounted) and
    // resigns again if the first did not land.
    let started = Instant::now();
    let ended = loop {
        assert!(
            started.elapsed() < FAILOVER * 2,
            "the game was never taken over"
        );
        let mut north = ws_connect(g.addr(alive[0]), &id).await;
        north.hello(Some(&g.north), 0).await;
        let snap = north.recv_t("snapshot").await;
        if snap["game"]["status"] == "finished" {
            break snap["game"].clone();
        }
        north.send(json!({"t": "resign"})).await;
        match north.next().await {
            Got::Json(m) if m["t"] == "ended" => break m,
            _ => tokio::time::sleep(Duration::from_millis(200)).await,
        }
    };
    assert_eq!(ended["result"]["winner"], "south", "{ended}");
    assert_eq!(
        ended["ratings"]["south"],
        json!({"before": 1500, "after": 1662}),
        "{ended}"
    );
    // Both nodes that live, and the database: one count.
    for &i in &alive {
        let profile: Value = reqwest::get(format!(
            "http://{}/api/players/{}",
            g.addr(i),
            asha["id"].as_str().unwrap()
        ))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
        assert_eq!(profile["ratings"]["kujifunza"]["games"], 1, "{profile}");
        assert_eq!(profile["ratings"]["kujifunza"]["rating"], 1662.0);
    }
    use sqlx::Connection;
    let mut c = sqlx::PgConnection::connect(&g.db.url).await.unwrap();
    let (changes,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM rating_changes WHERE game_id = $1")
            .bind(&id)
            .fetch_one(&mut c)
            .await
            .unwrap();
    assert_eq!(changes, 2, "one change for each player, once");
}
