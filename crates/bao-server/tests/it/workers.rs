//! Workers for the computer (issue 36; protocol.md, "Workers for the computer"): nodes on PostgreSQL and the
//! machine's NATS with JetStream (as in `cluster.rs`), each test on a queue of its own (`BAO_JOBS_QUEUE`).
//! The test itself plays a worker that dies (it takes a job from JetStream and never acknowledges it) and
//! one that answers late and twice; real workers are `bao-server worker` processes.
//!
//! `NODE_LOGS=1` shows the nodes' and workers' logs.

use crate::common;

use std::time::{Duration, Instant};

use async_nats::jetstream;
use bao_server::jobs::wire::{Done, Job, Outcome};
use common::services::{ensure, TestDb};
use common::{metric_at, spawn_binary_with, ws_connect, Guard, WAIT};
use futures_util::StreamExt;
use serde_json::{json, Value};

/// How long a test job may stay with a worker that died before it is delivered again.
const ACK_MS: &str = "1000";

/// A node process.
struct Node {
    _proc: Guard,
    addr: String,
    _dir: tempfile::TempDir,
}

/// A queue of its own for one test, and what the tests need to reach it.
struct Queue {
    name: String,
    db: TestDb,
    js: jetstream::Context,
}

impl Queue {
    /// A fresh queue and database, or `None` (outside CI) without PostgreSQL or NATS.
    async fn new() -> Option<Queue> {
        if !ensure("nats", 4222) {
            return None;
        }
        let db = TestDb::create().await?;
        let client = async_nats::connect("nats://127.0.0.1:4222").await.unwrap();
        Some(Queue {
            name: format!("t{}", rand::random::<u32>()),
            db,
            js: jetstream::new(client),
        })
    }

    /// The environment of a node or worker on this queue, with `extra`.
    fn env<'a>(&'a self, name: &'a str, extra: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
        let level = if std::env::var_os("NODE_LOGS").is_some() {
            "debug,sqlx=warn,hyper=info,async_nats=info"
        } else {
            "info"
        };
        let mut env = vec![
            ("BAO_DATABASE_URL", self.db.url.as_str()),
            ("BAO_NATS_URL", "nats://127.0.0.1:4222"),
            ("BAO_NODE_NAME", name),
            ("BAO_LEASE_MS", "1000"),
            ("BAO_JOBS_QUEUE", self.name.as_str()),
            ("BAO_JOB_ACK_MS", ACK_MS),
            ("BAO_CREATE_PER_MINUTE", "1000"),
            ("BAO_LOG_LEVEL", level),
        ];
        env.extend_from_slice(extra);
        env
    }

    /// A node on this queue with `extra` settings.
    fn node(&self, name: &str, extra: &[(&str, &str)]) -> Node {
        let dir = tempfile::tempdir().unwrap();
        let name = format!("{name}-{}", self.name);
        let (proc, _, addr, rx) = spawn_binary_with(dir.path(), &self.env(&name, extra), None);
        show_logs(name, rx);
        Node {
            _proc: proc,
            addr,
            _dir: dir,
        }
    }

    /// A `bao-server worker` with one search slot on this queue.
    fn worker(&self, name: &str) -> Guard {
        let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_bao-server"));
        cmd.args(["worker", "--threads", "1", "--name", name])
            .env_remove("RUST_LOG")
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped());
        for (k, v) in self.env(name, &[]) {
            cmd.env(k, v);
        }
        let mut child = cmd.spawn().expect("spawn bao-server worker");
        let stderr = child.stderr.take().expect("stderr");
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for l in std::io::BufRead::lines(std::io::BufReader::new(stderr)).map_while(Result::ok)
            {
                let _ = tx.send(l);
            }
        });
        show_logs(name.to_owned(), rx);
        Guard(child)
    }

    /// The durable consumer of the jobs of `kind` (`move`, `review`, `analysis`), made by the node.
    async fn consumer(&self, kind: &str) -> jetstream::consumer::PullConsumer {
        let stream = self
            .js
            .get_stream(format!("BAO_JOBS_{}", self.name))
            .await
            .unwrap();
        stream.get_consumer(&format!("bao-{kind}")).await.unwrap()
    }

    /// Queues `job` as a review's search straight into the stream, as a node would.
    async fn queue_review(&self, job: &impl serde::Serialize) {
        let subject = format!("bao.jobs.{}.q.review", self.name);
        let ack = self
            .js
            .publish(subject, serde_json::to_vec(job).unwrap().into());
        ack.await.unwrap().await.unwrap();
    }

    /// Takes the next job of `kind` as a worker would, waiting for one to be queued.
    async fn take(&self, kind: &str) -> (Job, jetstream::Message) {
        let consumer = self.consumer(kind).await;
        let deadline = Instant::now() + WAIT;
        loop {
            let mut batch = consumer
                .fetch()
                .max_messages(1)
                .expires(Duration::from_millis(200))
                .messages()
                .await
                .unwrap();
            if let Some(msg) = batch.next().await {
                let msg = msg.unwrap();
                let job: Job = serde_json::from_slice(&msg.payload).unwrap();
                return (job, msg);
            }
            assert!(Instant::now() < deadline, "no {kind} job queued");
        }
    }
}

/// The first position of Kujifunza, as position JSON.
fn start() -> Value {
    bao_server::jobs::wire::position_json(&bao_core::Position::new(bao_core::Variant::Kujifunza))
}

impl Drop for Queue {
    /// Deletes the queue's streams from the machine's NATS (on a connection and runtime of its own: the
    /// test's runtime is busy dropping this).
    fn drop(&mut self) {
        let streams = [
            format!("BAO_JOBS_{}", self.name),
            format!("BAO_ANALYSES_{}", self.name),
        ];
        let _ = std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .unwrap();
            rt.block_on(async {
                let Ok(client) = async_nats::connect("nats://127.0.0.1:4222").await else {
                    return;
                };
                let js = jetstream::new(client);
                for s in streams {
                    let _ = js.delete_stream(s).await;
                }
            });
        })
        .join();
    }
}

/// With `NODE_LOGS=1`, shows a process's log lines as they come.
fn show_logs(name: String, rx: std::sync::mpsc::Receiver<String>) {
    if std::env::var_os("NODE_LOGS").is_some() {
        std::thread::spawn(move || {
            for l in rx {
                eprintln!("{name}: {l}");
            }
        });
    }
}

/// Polls metric `name` of the node at `addr` until `ok` holds, within [`WAIT`].
async fn until_metric(addr: &str, name: &str, ok: impl Fn(f64) -> bool) -> f64 {
    let deadline = Instant::now() + WAIT;
    loop {
        let v = metric_at(addr, name).await;
        if ok(v) {
            return v;
        }
        assert!(Instant::now() < deadline, "{name} stayed at {v}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Game `id`'s snapshot from the node at `addr`.
async fn snapshot(addr: &str, id: &str) -> Value {
    let r = reqwest::get(format!("http://{addr}/api/games/{id}")).await;
    r.unwrap().json().await.unwrap()
}

/// A game against the computer (`easy`) created on the node at `addr`, the human south and seated with a
/// socket: its id, the socket, the legal moves of the first position and the human's token.
async fn computer_game(addr: &str) -> (String, common::Ws, Value, String) {
    let r = reqwest::Client::new()
        .post(format!("http://{addr}/api/games"))
        .json(&json!({"variant": "kujifunza", "seat": "south", "opponent": "computer", "level": "easy"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 201);
    let created: Value = r.json().await.unwrap();
    let id = created["id"].as_str().unwrap().to_owned();
    let mut ws = ws_connect(addr, &id).await;
    ws.hello(created["token"].as_str(), 0).await;
    let snap = ws.recv_t("snapshot").await;
    let token = created["token"].as_str().unwrap().to_owned();
    (id, ws, snap["game"]["legal"].clone(), token)
}

/// A worker killed mid-search (here: the test takes the job and never acknowledges it): the job is
/// delivered again after its ack wait to a real worker, and the game gets its move, once. The dead worker's
/// answer arriving late, and twice, changes nothing: both are dropped, counted, and the game stays as it was.
#[tokio::test]
async fn a_dead_workers_job_is_done_by_another_and_its_late_answers_change_nothing() {
    let Some(q) = Queue::new().await else { return };
    let node = q.node("node", &[("BAO_WORK_LOCAL", "false")]);
    let (id, mut ws, legal, _) = computer_game(&node.addr).await;
    let mv = legal[0].as_str().unwrap().to_owned();
    ws.send(json!({"t": "move", "ply": 0, "move": mv})).await;
    assert_eq!(ws.recv_t("moved").await["by"], "south");

    // The first worker takes the computer's move and dies: no answer, no acknowledgement.
    let (job, msg) = q.take("move").await;
    assert_eq!(msg.info().unwrap().delivered, 1);
    drop(msg);

    // A real worker gets the job once its ack wait is over; the game gets its move.
    let _worker = q.worker(&format!("worker-{}", q.name));
    let reply = ws.recv_t("moved").await;
    assert_eq!(reply["by"], "north", "{reply}");
    let played = reply["move"].as_str().unwrap().to_owned();
    let redelivered = until_metric(
        &node.addr,
        "bao_job_redeliveries_total{kind=\"move\"}",
        |v| v >= 1.0,
    )
    .await;
    assert_eq!(redelivered, 1.0);

    // The dead worker's answer comes after all, with another move, and then again.
    let snap = snapshot(&node.addr, &id).await;
    let other = snap["legal"]
        .as_array()
        .unwrap()
        .iter()
        .find_map(|m| m.as_str())
        .unwrap()
        .to_owned();
    let late = Done {
        id: job.id.clone(),
        delivered: 1,
        search_ms: 1,
        outcome: Outcome::Move {
            mv: Some(other.parse().unwrap()),
        },
    };
    let client = async_nats::connect("nats://127.0.0.1:4222").await.unwrap();
    for n in 1..=2 {
        client
            .publish(job.reply.clone(), serde_json::to_vec(&late).unwrap().into())
            .await
            .unwrap();
        client.flush().await.unwrap();
        let dropped = until_metric(&node.addr, "bao_job_results_dropped_total", |v| {
            v >= f64::from(n)
        })
        .await;
        assert_eq!(dropped, f64::from(n));
    }
    let after = snapshot(&node.addr, &id).await;
    assert_eq!(after["moves"], json!([mv, played]), "{after}");
    assert_eq!(after["legal"], snap["legal"], "{after}");
}

/// A game's move is taken before the reviews queued ahead of it: with two long review searches waiting and
/// one worker, the computer answers the game before either review's answer exists.
#[tokio::test]
async fn a_games_move_is_taken_before_the_reviews_queued_before_it() {
    let Some(q) = Queue::new().await else { return };
    let node = q.node("node", &[("BAO_WORK_LOCAL", "false")]);
    let (_, mut ws, legal, _) = computer_game(&node.addr).await;
    // Two review searches of 5 s each, queued first, answered to the test.
    let client = async_nats::connect("nats://127.0.0.1:4222").await.unwrap();
    let inbox = client.new_inbox();
    let mut reviews = client.subscribe(inbox.clone()).await.unwrap();
    // Twelve plies into Kiswahili, out of the opening book: a search that ends only at its time.
    let mut start = bao_core::Position::new(bao_core::Variant::Kiswahili);
    for _ in 0..12 {
        let mv = start.legal_moves()[0];
        start = start.play(mv).unwrap().0;
    }
    for n in 0..2 {
        let job = Job {
            id: format!("review-{n}"),
            queued_ms: 0,
            deadline_ms: i64::MAX,
            reply: inbox.clone(),
            task: bao_server::jobs::Task::Search {
                position: bao_server::jobs::wire::position_json(&start),
                time_ms: 5_000,
            },
        };
        q.queue_review(&job).await;
    }
    let mv = legal[0].as_str().unwrap().to_owned();
    ws.send(json!({"t": "move", "ply": 0, "move": mv})).await;
    assert_eq!(ws.recv_t("moved").await["by"], "south");
    until_metric(&node.addr, "bao_jobs_queued{kind=\"move\"}", |v| v == 1.0).await;
    let _worker = q.worker(&format!("worker-{}", q.name));
    assert_eq!(ws.recv_t("moved").await["by"], "north");
    // A review taken first would have been answered (after 5 s) before the move.
    let answered = tokio::time::timeout(Duration::ZERO, reviews.next()).await;
    let answered = answered.map(|m| m.map(|m| String::from_utf8_lossy(&m.payload).into_owned()));
    assert!(
        answered.is_err(),
        "a review was answered before the move: {answered:?}"
    );
}

/// A queue past its bound sheds analyses (429), then reviews and new games against the computer (503),
/// each with `Retry-After`, and counts them; the jobs waiting are shown by kind.
#[tokio::test]
async fn a_full_queue_sheds_analyses_before_reviews_before_games() {
    let Some(q) = Queue::new().await else { return };
    let node = q.node(
        "node",
        &[("BAO_WORK_LOCAL", "false"), ("BAO_JOB_QUEUE", "8")],
    );
    let base = format!("http://{}", node.addr);
    let http = reqwest::Client::new();
    let analyse = || async {
        http.post(format!("{base}/api/analysis"))
            .json(&json!({"position": start(), "think_ms": 10}))
            .send()
            .await
            .unwrap()
    };
    let new_game = || async {
        http.post(format!("{base}/api/games"))
            .json(&json!({"variant": "kujifunza", "seat": "south", "opponent": "computer"}))
            .send()
            .await
            .unwrap()
    };
    // Jobs nobody takes (no worker), queued straight into the stream: 4 (half of 8) sheds analyses only.
    let queue = |n: usize| {
        let q = &q;
        async move {
            for i in 0..n {
                let job = json!({"id": format!("filler-{i}-{}", rand::random::<u32>()), "queued_ms": 0,
                    "deadline_ms": 0, "reply": "nobody", "task": {"t": "search", "position": {}, "time_ms": 1}});
                q.queue_review(&job).await;
            }
        }
    };
    queue(4).await;
    until_metric(&node.addr, "bao_jobs_queued{kind=\"review\"}", |v| v == 4.0).await;
    let r = analyse().await;
    assert_eq!(r.status(), 429);
    assert!(r.headers().contains_key("retry-after"));
    assert_eq!(new_game().await.status(), 201, "games are not shed yet");
    // 8: new games against the computer too (the review queue of a finished game is refused before, at 6).
    queue(4).await;
    until_metric(&node.addr, "bao_jobs_queued{kind=\"review\"}", |v| v == 8.0).await;
    let r = new_game().await;
    assert_eq!(r.status(), 503);
    assert!(r.headers().contains_key("retry-after"));
    assert_eq!(
        metric_at(&node.addr, "bao_jobs_shed_total{kind=\"analysis\"}").await,
        1.0
    );
    assert_eq!(
        metric_at(&node.addr, "bao_jobs_shed_total{kind=\"move\"}").await,
        1.0
    );
}

/// The per-address limit of analyses holds across the nodes: with 2 a minute, two on one node and a third
/// on another is refused.
#[tokio::test]
async fn the_analysis_limit_per_address_holds_across_nodes() {
    let Some(q) = Queue::new().await else { return };
    let limit = [("BAO_ANALYSIS_PER_MINUTE", "2")];
    let nodes = [q.node("a", &limit), q.node("b", &limit)];
    let http = reqwest::Client::new();
    let analyse = |addr: &str| {
        http.post(format!("http://{addr}/api/analysis"))
            .json(&json!({"position": start(), "think_ms": 5}))
            .send()
    };
    // The count is per minute: a minute that turned during the three requests starts them again.
    for _ in 0..3 {
        let minute = bao_server::jobs::unix_ms() / 60_000;
        let first = analyse(&nodes[0].addr).await.unwrap().status();
        let second = analyse(&nodes[0].addr).await.unwrap().status();
        let third = analyse(&nodes[1].addr).await.unwrap();
        if bao_server::jobs::unix_ms() / 60_000 != minute {
            continue;
        }
        assert_eq!((first.as_u16(), second.as_u16()), (200, 200));
        assert_eq!(third.status(), 429);
        assert!(third.headers().contains_key("retry-after"));
        return;
    }
    panic!("three minutes turned during three requests");
}

/// A node killed with a computer's move waiting in the queue loses no job: started again, it gets its game's
/// move once a worker comes, and the job queued before the restart is done too (its answer, which nobody waits
/// for any more, dropped): one computer move, not two.
#[tokio::test]
async fn a_job_queued_before_its_node_restarts_is_not_lost() {
    let Some(q) = Queue::new().await else { return };
    let local = [("BAO_WORK_LOCAL", "false")];
    let mut node = q.node("node", &local);
    let (id, mut ws, legal, token) = computer_game(&node.addr).await;
    let mv = legal[0].as_str().unwrap().to_owned();
    ws.send(json!({"t": "move", "ply": 0, "move": mv})).await;
    assert_eq!(ws.recv_t("moved").await["by"], "south");
    until_metric(&node.addr, "bao_jobs_queued{kind=\"move\"}", |v| v == 1.0).await;
    node._proc.0.kill().unwrap();
    node._proc.0.wait().unwrap();
    drop(ws);

    node = q.node("node", &local);
    let _worker = q.worker(&format!("worker-{}", q.name));
    // The human comes back: the room asks for the computer's move again.
    let deadline = Instant::now() + WAIT;
    let _human = loop {
        let mut ws = ws_connect(&node.addr, &id).await;
        ws.send(json!({"t": "hello", "v": 0, "token": token})).await;
        let first = ws.recv().await;
        if first["t"] == "welcome" {
            break ws;
        }
        assert!(Instant::now() < deadline, "the game stays away: {first}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let dropped = until_metric(&node.addr, "bao_job_results_dropped_total", |v| v >= 1.0).await;
    assert_eq!(dropped, 1.0, "the job queued before the restart was done");
    let deadline = Instant::now() + WAIT;
    loop {
        let snap = snapshot(&node.addr, &id).await;
        let moves = snap["moves"].as_array().map_or(0, Vec::len);
        if moves == 2 {
            break;
        }
        assert!(moves < 2, "{snap}");
        assert!(Instant::now() < deadline, "no computer move: {snap}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// A review is searched through the queue (here by the node's own worker): every position a job, each counted,
/// and the review stored as without a cluster; the workers are counted too.
#[tokio::test]
async fn a_review_is_searched_by_jobs() {
    let Some(q) = Queue::new().await else { return };
    let node = q.node("node", &[("BAO_REVIEW_MS", "20")]);
    let base = format!("http://{}", node.addr);
    let body = json!({"variant": "kujifunza", "seat": "south"});
    let (id, created, joined) = common::create_and_join(&base, body).await;
    let mut south = ws_connect(&node.addr, &id).await;
    south.hello(created["token"].as_str(), 0).await;
    let mut north = ws_connect(&node.addr, &id).await;
    north.hello(joined["token"].as_str(), 0).await;
    let mut legal = snapshot(&node.addr, &id).await["legal"].clone();
    for ply in 0..2u64 {
        let mover = if ply == 0 { &mut south } else { &mut north };
        let mv = legal[0].as_str().unwrap().to_owned();
        mover
            .send(json!({"t": "move", "ply": ply, "move": mv}))
            .await;
        legal = south.recv_t("moved").await["legal"].clone();
    }
    south.send(json!({"t": "resign"})).await;
    north.recv_t("ended").await;
    let url = format!("{base}/api/games/{id}/review");
    let deadline = Instant::now() + WAIT;
    let review: Value = loop {
        let r = reqwest::get(&url).await.unwrap();
        match r.status().as_u16() {
            200 => break r.json().await.unwrap(),
            202 => {}
            other => panic!("review answered {other}"),
        }
        assert!(Instant::now() < deadline, "the review did not finish");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(
        review["moves"].as_array().map(Vec::len),
        Some(2),
        "{review}"
    );
    let searched = metric_at(&node.addr, "bao_job_seconds_count{kind=\"review\"}").await;
    assert!(searched >= 1.0, "{searched} review jobs");
    until_metric(&node.addr, "bao_job_workers", |v| v >= 1.0).await;
}
