//! Rough figures, not checks: `cargo test -p bao-server --test measure -- --ignored --nocapture`.

use crate::common;

use std::time::Instant;

use common::Server;
use futures_util::SinkExt;
use serde_json::json;
use tokio_tungstenite::tungstenite::Message;

fn rss_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1).and_then(|v| v.parse().ok()))
        })
        .unwrap_or(0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore]
async fn figures() {
    let s = Server::fresh().await;

    // Moves through one room, one after the other (each waits for its event): games of Kujifunza.
    let started = Instant::now();
    let mut moves = 0u64;
    for _ in 0..20 {
        let (id, south, north) = s.friends_game("kujifunza").await;
        let mut a = s.ws(&id).await;
        a.hello(Some(&south), 0).await;
        let mut b = s.ws(&id).await;
        b.hello(Some(&north), 0).await;
        let (_, snap) = s.get_json(&format!("/api/games/{id}")).await;
        let mut legal = snap["legal"].as_array().unwrap().clone();
        let mut to_move = "south".to_owned();
        for ply in 0..400u64 {
            let mover = if to_move == "south" { &mut a } else { &mut b };
            mover
                .send(json!({"t": "move", "ply": ply, "move": legal[0]}))
                .await;
            let ev = loop {
                let ev = mover.recv_t("moved").await;
                if ev["ply"] == ply {
                    break ev;
                }
            };
            moves += 1;
            if !ev["result"].is_null() {
                break;
            }
            to_move = ev["position"]["to_move"].as_str().unwrap().to_owned();
            legal = ev["legal"].as_array().unwrap().clone();
        }
        a.close().await;
        b.close().await;
    }
    let secs = started.elapsed().as_secs_f64();
    let sum = s.metric("bao_move_duration_seconds_sum").await;
    let count = s.metric("bao_move_duration_seconds_count").await;
    eprintln!(
        "sequential moves: {moves} in {secs:.2} s = {:.0} moves/s; server-side mean {:.3} ms per move",
        moves as f64 / secs,
        sum / count * 1000.0
    );

    // Memory per idle room.
    let mut ids = Vec::new();
    for _ in 0..1000 {
        ids.push(s.create(json!({"variant": "kiswahili"})).await.0);
    }
    let before = rss_kib();
    for id in &ids {
        let (st, _) = s.get_json(&format!("/api/games/{id}")).await;
        assert_eq!(st, 200);
    }
    let after = rss_kib();
    eprintln!(
        "1000 idle rooms: +{} KiB RSS = {:.1} KiB per room",
        after.saturating_sub(before),
        after.saturating_sub(before) as f64 / 1000.0
    );

    // Memory per idle spectator socket (client and server side together: both are in this process).
    let id = &ids[0];
    let before = rss_kib();
    let mut socks = Vec::new();
    for _ in 0..1000 {
        let mut w = s.ws(id).await;
        w.hello(None, 0).await;
        socks.push(w);
    }
    let after = rss_kib();
    eprintln!(
        "1000 sockets: +{} KiB RSS = {:.1} KiB per socket (client + server)",
        after.saturating_sub(before),
        after.saturating_sub(before) as f64 / 1000.0
    );
    drop(socks);
    s.stop().await;
    long_game_rooms().await;
}

/// Memory per idle room of a long game: games of 150 moves written to the database, then loaded.
async fn long_game_rooms() {
    use bao_core::{Position, Variant};
    const GAMES: usize = 300;
    const PLIES: usize = 150;
    let dir = tempfile::tempdir().unwrap();
    let s = Server::start(dir.path()).await;
    let mut ids = Vec::new();
    for _ in 0..GAMES {
        ids.push(s.create(json!({"variant": "kimasai"})).await.0);
    }
    s.stop().await;
    // Moves that capture nothing, so that the game goes on (random moves end it within about 50).
    let mut moves = Vec::new();
    let mut pos = Position::new(Variant::Kimasai);
    while moves.len() < PLIES {
        let (m, after) = common::quiet_move(&pos, 3).expect("the quiet line goes on");
        moves.push(m.to_string());
        pos = after;
    }
    let url = format!("sqlite://{}", dir.path().join("bao.db").display());
    let mut db = <sqlx::SqliteConnection as sqlx::Connection>::connect(&url)
        .await
        .unwrap();
    for id in &ids {
        for (ply, m) in moves.iter().enumerate() {
            sqlx::query("INSERT INTO moves (game_id, ply, notation, v, played_at) VALUES ($1, $2, $3, $4, 0)")
                .bind(id)
                .bind(ply as i64)
                .bind(m)
                .bind(ply as i64 + 1)
                .execute(&mut db)
                .await
                .unwrap();
        }
        sqlx::query("UPDATE games SET v = $1, closed_v = $1 WHERE id = $2")
            .bind(moves.len() as i64)
            .bind(id)
            .execute(&mut db)
            .await
            .unwrap();
    }
    drop(db);
    let mut config = common::test_config(dir.path());
    config.preload_limit = 0;
    let s = Server::start_with(config).await;
    let before = rss_kib();
    for id in &ids {
        let (st, snap) = s.get_json(&format!("/api/games/{id}")).await;
        assert_eq!(st, 200);
        assert_eq!(snap["moves"].as_array().unwrap().len(), moves.len());
    }
    let after = rss_kib();
    eprintln!(
        "{GAMES} idle rooms of {}-move games: +{} KiB RSS = {:.1} KiB per room",
        moves.len(),
        after.saturating_sub(before),
        after.saturating_sub(before) as f64 / GAMES as f64
    );
    s.stop().await;
}

/// The per-address limits at their defaults against one address in a reconnect loop (issue 12, point 3):
/// `cargo test -p bao-server --test measure per_address -- --ignored --nocapture`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore]
async fn per_address_figures() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = bao_server::config::Config::defaults();
    config.bind = "127.0.0.1:0".into();
    config.data_dir = dir.path().to_path_buf();
    let s = Server::start_with(config).await;
    let (id, north, _south, mut w) = s.south_and_spectator().await;
    let looping = std::time::Duration::from_secs(6);
    let started = Instant::now();
    let (mut answered, mut sockets, mut refused) = (0u64, 0u64, 0u64);
    let spectator = async {
        let mut events = 0u64;
        while started.elapsed() < looping {
            if w.silent_for(50).await {
                continue;
            }
            events += 1;
        }
        events
    };
    let reconnect_loop = async {
        while started.elapsed() < looping {
            let url = format!("ws://{}/ws/{id}", s.addr);
            let Ok((stream, _)) = tokio_tungstenite::connect_async(url).await else {
                refused += 1;
                tokio::time::sleep(std::time::Duration::from_millis(10)).await;
                continue;
            };
            let mut b = common::Ws { stream };
            sockets += 1;
            // No waiting for the welcome: over the address's rate even the hello is refused.
            // Sends fail once the server closed the socket for its strikes.
            let mut texts = vec![json!({"t": "hello", "token": north, "v": 0}).to_string()];
            texts.extend((0..50).map(|_| json!({"t": "ping"}).to_string()));
            for t in texts {
                if b.stream.send(Message::Text(t.into())).await.is_err() {
                    break;
                }
            }
            let wait = std::time::Duration::from_millis(50);
            while let Ok(common::Got::Json(v)) = tokio::time::timeout(wait, b.next()).await {
                answered += u64::from(v["t"] == "pong");
            }
            b.close().await;
        }
    };
    let (events, ()) = tokio::join!(spectator, reconnect_loop);
    let secs = started.elapsed().as_secs_f64();
    eprintln!(
        "default limits, {secs:.1} s of a reconnect loop from one address: {sockets} sockets ({refused} upgrades \
         refused), {answered} messages answered = {:.0}/s; the spectator got {events} events = {:.1}/s",
        answered as f64 / secs,
        events as f64 / secs
    );
    s.stop().await;
}
