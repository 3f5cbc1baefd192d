//! The server on PostgreSQL (`--database-url postgres://…`): a game played over the socket with a spectator,
//! a graceful restart and a kill -9 that keep every acknowledged move. PostgreSQL is the machine's, or one
//! started by `scripts/services.sh` (`common/services.rs`); each test has a schema of its own.

use crate::common;

use common::services::{PrivatePostgres, TestDb};
use common::{create_and_join, spawn_binary, test_config, ws_connect, Server, Ws};
use serde_json::{json, Value};

/// The server in-process on the database `db`.
async fn server_on(db: &TestDb, data: &std::path::Path) -> Server {
    let mut c = test_config(data);
    c.database_url = Some(db.url.clone());
    Server::start_with(c).await
}

/// Both players connected, presence seen.
async fn seat(ws: &mut Ws, token: &str, side: &str) {
    assert_eq!(ws.hello(Some(token), 0).await["you"], side);
    ws.recv_t("snapshot").await;
}

/// Plays `n` moves from ply `from` (the first legal move each time, read from the game's snapshot at
/// `base`); returns every `moved` event as the spectator saw it.
async fn play(
    base: &str,
    id: &str,
    from: u64,
    n: u64,
    south: &mut Ws,
    north: &mut Ws,
    watcher: &mut Ws,
) -> Vec<Value> {
    let http = reqwest::Client::new();
    let mut seen = Vec::new();
    for ply in from..from + n {
        let snap: Value = http
            .get(format!("{base}/api/games/{id}"))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        if snap["status"] != "playing" {
            break;
        }
        let mv = snap["legal"][0].as_str().unwrap().to_owned();
        let mover = if snap["position"]["to_move"] == "south" {
            &mut *south
        } else {
            &mut *north
        };
        mover
            .send(json!({"t": "move", "ply": ply, "move": mv}))
            .await;
        let ev = south.recv_t("moved").await;
        assert_eq!(ev["ply"], ply);
        assert_eq!(north.recv_t("moved").await, ev);
        let w = watcher.recv_t("moved").await;
        assert_eq!(w, ev, "the spectator sees the same event");
        seen.push(w);
    }
    seen
}

#[tokio::test]
async fn a_game_is_played_and_a_restart_keeps_every_move() {
    let Some(db) = TestDb::create().await else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let s = server_on(&db, dir.path()).await;
    let (id, south, north) = s.friends_game("kiswahili").await;
    let (mut a, mut b, mut w) = (s.ws(&id).await, s.ws(&id).await, s.ws(&id).await);
    seat(&mut a, &south, "south").await;
    seat(&mut b, &north, "north").await;
    w.hello(None, 0).await;
    w.recv_t("snapshot").await;
    let base = s.url("");
    let played = play(&base, &id, 0, 10, &mut a, &mut b, &mut w).await;
    assert_eq!(played.len(), 10);
    let (_, before) = s.get_json(&format!("/api/games/{id}")).await;
    s.stop().await;
    assert!(
        !dir.path().join("bao.db").exists(),
        "nothing is written to SQLite"
    );

    let s = server_on(&db, dir.path()).await;
    let (_, after) = s.get_json(&format!("/api/games/{id}")).await;
    assert_eq!(after["moves"], before["moves"]);
    assert_eq!(after["position"], before["position"]);
    // A resent move gets the very same event; play goes on with growing versions.
    let (mut a, mut b, mut w) = (s.ws(&id).await, s.ws(&id).await, s.ws(&id).await);
    seat(&mut a, &south, "south").await;
    seat(&mut b, &north, "north").await;
    w.hello(None, 0).await;
    w.recv_t("snapshot").await;
    let old = &played[4];
    let resender = if old["by"] == "south" { &mut a } else { &mut b };
    resender
        .send(json!({"t": "move", "ply": 4, "move": old["move"]}))
        .await;
    assert_eq!(&resender.recv_t("moved").await, old);
    let more = play(&s.url(""), &id, 10, 2, &mut a, &mut b, &mut w).await;
    assert!(more[0]["v"].as_u64() > before["v"].as_u64());
    let (status, list) = s.post("/api/games/status", json!({ "ids": [id] })).await;
    assert_eq!(status, 200, "{list}");
    s.stop().await;
}

#[tokio::test]
async fn kill_9_loses_no_acknowledged_move() {
    let Some(db) = TestDb::create().await else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let env = [("BAO_DATABASE_URL", db.url.as_str())];
    let (mut node, _, addr) = spawn_binary(dir.path(), &env);
    let base = format!("http://{addr}");
    let http = reqwest::Client::new();
    let (id, created, joined) = friend_game(&base).await;
    let (mut a, mut b, mut w) = (
        ws_connect(&addr, &id).await,
        ws_connect(&addr, &id).await,
        ws_connect(&addr, &id).await,
    );
    seat(&mut a, created["token"].as_str().unwrap(), "south").await;
    seat(&mut b, joined["token"].as_str().unwrap(), "north").await;
    w.hello(None, 0).await;
    w.recv_t("snapshot").await;
    let acked = play(&base, &id, 0, 12, &mut a, &mut b, &mut w).await;
    node.0.kill().unwrap();
    node.0.wait().unwrap();

    // Another node (a new process has a new name) gets the game once the dead one's lease has expired.
    let killed = std::time::Instant::now();
    let (_node, _, addr) = spawn_binary(dir.path(), &env);
    let after: Value = loop {
        let r = http
            .get(format!("http://{addr}/api/games/{id}"))
            .send()
            .await
            .unwrap();
        if r.status() == 200 {
            break r.json().await.unwrap();
        }
        assert_eq!(r.status(), 503, "unavailable while the lease runs");
        assert!(
            killed.elapsed() < std::time::Duration::from_secs(8),
            "the game is taken over once the lease (3 s) has expired"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    };
    let moves: Vec<&Value> = after["moves"].as_array().unwrap().iter().collect();
    let acked_moves: Vec<&Value> = acked.iter().map(|e| &e["move"]).collect();
    assert_eq!(moves, acked_moves, "every acknowledged move, once each");
}

/// GETs `path` of `base` until it answers 200 (the node took the game), for at most `within`.
async fn until_served(base: &str, path: &str, within: std::time::Duration) -> Value {
    let http = reqwest::Client::new();
    let start = std::time::Instant::now();
    loop {
        let r = http.get(format!("{base}{path}")).send().await.unwrap();
        if r.status() == 200 {
            return r.json().await.unwrap();
        }
        assert!(
            start.elapsed() < within,
            "{path} still answers {}",
            r.status()
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn a_node_frozen_past_its_lease_never_writes_again() {
    let Some(db) = TestDb::create().await else {
        return;
    };
    let (da, db_dir) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let node = |name: &'static str| {
        [
            ("BAO_DATABASE_URL", db.url.clone()),
            ("BAO_NODE_NAME", name.to_owned()),
            ("BAO_LEASE_MS", "1000".to_owned()),
        ]
    };
    let env_a = node("a");
    let env_a: Vec<(&str, &str)> = env_a.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let (a, _, addr_a) = spawn_binary(da.path(), &env_a);
    let s = format!("http://{addr_a}");
    let (id, created, joined) = friend_game(&s).await;
    let (south, north) = (
        created["token"].as_str().unwrap().to_owned(),
        joined["token"].as_str().unwrap().to_owned(),
    );
    let (mut a1, mut a2, mut aw) = (
        ws_connect(&addr_a, &id).await,
        ws_connect(&addr_a, &id).await,
        ws_connect(&addr_a, &id).await,
    );
    seat(&mut a1, &south, "south").await;
    seat(&mut a2, &north, "north").await;
    aw.hello(None, 0).await;
    aw.recv_t("snapshot").await;
    play(&s, &id, 0, 2, &mut a1, &mut a2, &mut aw).await;

    // a freezes; once its lease has run out, b takes the game and plays the next move.
    common::signal(a.0.id(), "-STOP");
    let env_b = node("b");
    let env_b: Vec<(&str, &str)> = env_b.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let (_b, _, addr_b) = spawn_binary(db_dir.path(), &env_b);
    let t = format!("http://{addr_b}");
    until_served(
        &t,
        &format!("/api/games/{id}"),
        std::time::Duration::from_secs(10),
    )
    .await;
    let (mut b1, mut b2, mut bw) = (
        ws_connect(&addr_b, &id).await,
        ws_connect(&addr_b, &id).await,
        ws_connect(&addr_b, &id).await,
    );
    seat(&mut b1, &south, "south").await;
    seat(&mut b2, &north, "north").await;
    bw.hello(None, 0).await;
    bw.recv_t("snapshot").await;
    let by_b = play(&t, &id, 2, 1, &mut b1, &mut b2, &mut bw).await;
    assert_eq!(by_b.len(), 1);

    // a's player, still connected to a, resigns while a is frozen: a write that no constraint of the
    // database would stop, only the fence. a wakes.
    a1.send(json!({"t": "resign"})).await;
    common::signal(a.0.id(), "-CONT");
    // a answers its player somehow (an error, or closing the socket), but never with the game's end.
    loop {
        match a1.next().await {
            common::Got::Json(m) if m["t"] == "ended" => {
                panic!("a wrote to the game after losing it: {m}")
            }
            common::Got::Json(m) if m["t"] == "error" => break,
            common::Got::Json(_) => continue,
            _ => break,
        }
    }
    let after = until_served(
        &t,
        &format!("/api/games/{id}"),
        std::time::Duration::from_secs(5),
    )
    .await;
    let moves: Vec<String> = serde_json::from_value(after["moves"].clone()).unwrap();
    assert_eq!(moves.len(), 3, "{moves:?}");
    assert_eq!(
        after["status"], "playing",
        "a's resignation was not written"
    );
    assert_eq!(moves[2], by_b[0]["move"].as_str().unwrap());
    let mut pg = <sqlx::PgConnection as sqlx::Connection>::connect(&db.url)
        .await
        .unwrap();
    let (n, status): (i64, String) = sqlx::query_as(
        "SELECT (SELECT COUNT(*) FROM moves WHERE game_id = $1), status FROM games WHERE id = $1",
    )
    .bind(&id)
    .fetch_one(&mut pg)
    .await
    .unwrap();
    assert_eq!(
        (n, status.as_str()),
        (3, "playing"),
        "the database holds b's writes only"
    );
}

/// A Kujifunza game between friends created on the node at `base` (South) and joined (North): its id, the
/// creation's answer and the join's answer.
async fn friend_game(base: &str) -> (String, Value, Value) {
    create_and_join(base, json!({"variant": "kujifunza", "seat": "south"})).await
}

/// PostgreSQL over TLS (`sslmode=require`): a database that accepts TLS connections only (`hostssl` in its
/// `pg_hba.conf`, a self-signed certificate) serves a game; the same address without TLS is refused, so the
/// game really went over TLS.
#[tokio::test]
async fn a_database_that_takes_only_tls_connections_serves_games() {
    let Some(pg) = common::services::PrivatePostgres::start(&["ssl=on"], |data| {
        let made = std::process::Command::new("openssl")
            .args([
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
            ])
            .args(["-subj", "/CN=127.0.0.1", "-keyout"])
            .arg(data.join("server.key"))
            .arg("-out")
            .arg(data.join("server.crt"))
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .status()
            .expect("openssl (Debian's package openssl)");
        assert!(made.success(), "openssl req: {made}");
        let key = data.join("server.key");
        let mut mode = std::fs::metadata(&key).unwrap().permissions();
        std::os::unix::fs::PermissionsExt::set_mode(&mut mode, 0o600);
        std::fs::set_permissions(&key, mode).unwrap();
        // TCP only with TLS (the local socket, used by createdb through -h 127.0.0.1, is TCP too).
        std::fs::write(
            data.join("pg_hba.conf"),
            "hostssl all all 127.0.0.1/32 trust\nhostnossl all all 127.0.0.1/32 reject\n",
        )
        .unwrap();
    }) else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let plain = pg.url() + "?sslmode=disable";
    let refused = sqlx::PgPool::connect(&plain).await;
    assert!(refused.is_err(), "a connection without TLS must be refused");
    let mut c = test_config(dir.path());
    c.database_url = Some(pg.url() + "?sslmode=require");
    let s = Server::start_with(c).await;
    let (id, south, north) = s.friends_game("kujifunza").await;
    let (mut a, mut b, mut w) = (s.ws(&id).await, s.ws(&id).await, s.ws(&id).await);
    seat(&mut a, &south, "south").await;
    seat(&mut b, &north, "north").await;
    w.hello(None, 0).await;
    w.recv_t("snapshot").await;
    let played = play(&s.url(""), &id, 0, 2, &mut a, &mut b, &mut w).await;
    assert_eq!(played.len(), 2);
    s.stop().await;
}

/// The side to move and its first legal move, from the snapshot at `base`.
async fn next_move(base: &str, id: &str) -> (String, String, u64) {
    let snap: Value = reqwest::get(format!("{base}/api/games/{id}"))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    (
        snap["position"]["to_move"].as_str().unwrap().to_owned(),
        snap["legal"][0].as_str().unwrap().to_owned(),
        snap["moves"].as_array().unwrap().len() as u64,
    )
}

/// `/healthz`'s status and how long it took to answer.
async fn timed_healthz(base: &str) -> (u16, std::time::Duration) {
    let http = reqwest::Client::builder()
        .timeout(common::WAIT)
        .build()
        .unwrap();
    let asked = std::time::Instant::now();
    let status = http
        .get(format!("{base}/healthz"))
        .send()
        .await
        .map(|r| r.status().as_u16())
        .unwrap_or(0);
    (status, asked.elapsed())
}

/// A frozen PostgreSQL (SIGSTOP of every one of its processes: a hung database machine, issue 31): a move is
/// answered `unavailable` within a couple of seconds, not when the database wakes, and `/healthz` answers
/// 503 within one second; once it wakes, the move is played and every acknowledged move is there. The
/// database is the test's own (`PrivatePostgres`), frozen for a few seconds, beyond the bounds asserted.
#[tokio::test]
async fn a_frozen_database_answers_moves_unavailable_and_healthz_within_a_second() {
    let Some(pg) = PrivatePostgres::start(&[], |_| {}) else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let url = pg.url();
    let (_server, _, addr) = spawn_binary(dir.path(), &[("BAO_DATABASE_URL", url.as_str())]);
    let base = format!("http://{addr}");
    let (id, created, joined) = friend_game(&base).await;
    let (mut south, mut north) = (ws_connect(&addr, &id).await, ws_connect(&addr, &id).await);
    seat(&mut south, created["token"].as_str().unwrap(), "south").await;
    seat(&mut north, joined["token"].as_str().unwrap(), "north").await;
    let mut watcher = ws_connect(&addr, &id).await;
    watcher.hello(None, 0).await;
    watcher.recv_t("snapshot").await;
    play(&base, &id, 0, 2, &mut south, &mut north, &mut watcher).await;
    let (side, mv, ply) = next_move(&base, &id).await;
    let mover = if side == "south" {
        &mut south
    } else {
        &mut north
    };

    pg.freeze();
    let frozen = std::time::Instant::now();
    mover
        .send(json!({"t": "move", "ply": ply, "move": mv}))
        .await;
    let refused = mover.recv_t("error").await;
    let move_refused_in = frozen.elapsed();
    let (health, health_took) = timed_healthz(&base).await;
    let (health_again, health_again_took) = timed_healthz(&base).await;
    eprintln!(
        "frozen PostgreSQL: the move refused ({}) after {move_refused_in:?}; /healthz {health} in \
         {health_took:?}, then {health_again} in {health_again_took:?}",
        refused["code"]
    );
    assert_eq!(refused["code"], "unavailable", "{refused}");
    assert!(
        !refused["message"]
            .as_str()
            .unwrap()
            .contains("shutting down"),
        "{refused}"
    );
    assert!(
        move_refused_in < std::time::Duration::from_secs(3),
        "the move was answered after {move_refused_in:?}"
    );
    for (status, took) in [(health, health_took), (health_again, health_again_took)] {
        assert_eq!(status, 503, "/healthz with the database frozen");
        assert!(
            took < std::time::Duration::from_secs(1),
            "/healthz took {took:?}"
        );
    }
    // Frozen a little longer than the bounds above, then it wakes.
    let frozen_for = std::time::Duration::from_secs(4);
    tokio::time::sleep(frozen_for.saturating_sub(frozen.elapsed())).await;
    pg.thaw();

    // The same move again: played (it was not written while the database was frozen).
    let thawed = std::time::Instant::now();
    let played = loop {
        mover
            .send(json!({"t": "move", "ply": ply, "move": mv}))
            .await;
        let m = loop {
            let m = mover.recv().await;
            if m["t"] == "moved" || m["t"] == "error" {
                break m;
            }
        };
        if m["t"] == "moved" {
            break m;
        }
        assert_eq!(m["code"], "unavailable", "{m}");
        assert!(
            thawed.elapsed() < common::WAIT,
            "moves accepted again once the database woke"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    };
    let back_in = thawed.elapsed();
    eprintln!("frozen PostgreSQL: the move played {back_in:?} after the database woke");
    assert_eq!(played["ply"], ply);
    assert_eq!(watcher.recv_t("moved").await["ply"], ply);
    let mut db = <sqlx::PgConnection as sqlx::Connection>::connect(&url)
        .await
        .unwrap();
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM moves WHERE game_id = $1")
        .bind(&id)
        .fetch_one(&mut db)
        .await
        .unwrap();
    assert_eq!(n as u64, ply + 1, "every acknowledged move, once each");
}

/// `POST /api/games/status` while the database is down answers 503 `unavailable` (try again), not 500
/// `internal` (issue 31), and 200 again once it is back.
#[tokio::test]
async fn the_games_status_is_unavailable_while_the_database_is_down() {
    let Some(mut pg) = PrivatePostgres::start(&[], |_| {}) else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let url = pg.url();
    let (_server, _, addr) = spawn_binary(dir.path(), &[("BAO_DATABASE_URL", url.as_str())]);
    let base = format!("http://{addr}");
    let (id, _, _) = friend_game(&base).await;
    let http = reqwest::Client::builder()
        .timeout(common::WAIT)
        .build()
        .unwrap();
    let status = || async {
        let r = http
            .post(format!("{base}/api/games/status"))
            .json(&json!({"ids": [id]}))
            .send()
            .await
            .unwrap();
        (r.status().as_u16(), r.json::<Value>().await.unwrap())
    };
    assert_eq!(status().await.0, 200);
    pg.stop();
    let (code, body) = status().await;
    assert_eq!(
        (code, body["error"].as_str()),
        (503, Some("unavailable")),
        "{body}"
    );
    assert!(
        !body["message"].as_str().unwrap().contains("shutting down"),
        "{body}"
    );
    pg.start_again();
    let back = std::time::Instant::now();
    while status().await.0 != 200 {
        assert!(back.elapsed() < common::WAIT, "the status answers again");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

/// A node without NATS cannot ask the node that holds a game: its 503 `unavailable` says that the game
/// cannot be reached, not that the server is shutting down, which it is not (issue 31).
#[tokio::test]
async fn a_game_held_by_another_node_is_unavailable_in_words_that_say_so() {
    let Some(db) = TestDb::create().await else {
        return;
    };
    let (da, dbd) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let node = |name: &'static str| {
        [
            ("BAO_DATABASE_URL", db.url.clone()),
            ("BAO_NODE_NAME", name.to_owned()),
        ]
    };
    let (env_a, env_b) = (node("a"), node("b"));
    let env_a: Vec<(&str, &str)> = env_a.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let env_b: Vec<(&str, &str)> = env_b.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let (_a, _, addr_a) = spawn_binary(da.path(), &env_a);
    let (_b, _, addr_b) = spawn_binary(dbd.path(), &env_b);
    let (id, created, _) = friend_game(&format!("http://{addr_a}")).await;
    // Its room is on a, which holds the game's lease.
    let mut south = ws_connect(&addr_a, &id).await;
    seat(&mut south, created["token"].as_str().unwrap(), "south").await;
    let r = reqwest::get(format!("http://{addr_b}/api/games/{id}"))
        .await
        .unwrap();
    let status = r.status().as_u16();
    let body: Value = r.json().await.unwrap();
    assert_eq!(
        (status, body["error"].as_str()),
        (503, Some("unavailable")),
        "{body}"
    );
    let message = body["message"].as_str().unwrap();
    assert!(!message.contains("shutting down"), "{body}");
    assert!(message.contains("cannot be reached"), "{body}");
}
