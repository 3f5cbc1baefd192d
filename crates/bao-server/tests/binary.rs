//! The `bao-server` binary: configuration from flags and environment, the log line with the address, and a
//! graceful stop on SIGTERM that keeps every accepted move.

mod common;

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::Server;
use serde_json::json;

#[tokio::test]
async fn sigterm_stops_gracefully_and_keeps_moves() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let mut child = Command::new(env!("CARGO_BIN_EXE_bao-server"))
        .args(["--bind", "127.0.0.1:0"])
        .env("BAO_DATA_DIR", &data)
        .env("BAO_WEB_DIR", dir.path().join("web"))
        .env("RUST_LOG", "info")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = child.stderr.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    let deadline = Instant::now() + Duration::from_secs(20);
    let addr = loop {
        let line = rx
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
            .expect("a log line with the address");
        if let Some(rest) = line.split("listening on http://").nth(1) {
            break rest.split_whitespace().next().unwrap().to_owned();
        }
    };
    assert!(
        data.join("bao.db").exists(),
        "database created in the data directory"
    );

    let http = reqwest::Client::new();
    let base = format!("http://{addr}");
    let created: serde_json::Value = http
        .post(format!("{base}/api/games"))
        .json(&json!({"variant": "kiswahili", "opponent": "computer", "seat": "south"}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let id = created["id"].as_str().unwrap().to_owned();
    let token = created["token"].as_str().unwrap().to_owned();
    let mut ws = common::ws_connect(&addr, &id).await;
    ws.hello(Some(&token), 0).await;
    ws.send(json!({"t": "move", "ply": 0, "move": "A6L"})).await;
    loop {
        let m = ws.recv_t("moved").await;
        if m["by"] == "north" {
            break;
        }
    }

    let status = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let started = Instant::now();
    let exit = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        assert!(started.elapsed() < Duration::from_secs(20), "stops in time");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert!(exit.success(), "{exit:?}");
    // The socket was closed by the server with "going away".
    assert!(matches!(ws.next().await, common::Got::Closed(_)));

    let s = Server::start(&data).await;
    let (_, snap) = s.get_json(&format!("/api/games/{id}")).await;
    assert_eq!(snap["moves"].as_array().unwrap().len(), 2);
    assert_eq!(snap["moves"][0], "A6L");
    s.stop().await;
}
