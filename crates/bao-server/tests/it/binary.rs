//! The `bao-server` binary: configuration from flags and environment, the log line with the address, and a
//! graceful stop on SIGTERM that keeps every accepted move.

use crate::common;

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use common::{spawn_binary, Guard, Server};
use serde_json::json;

/// Starts the binary on a free port with the web files of `web`; returns the child and the address from its
/// log line.
fn spawn_server(data: &Path, web: &Path) -> (Guard, String) {
    let web = web.to_string_lossy().into_owned();
    let (guard, _, addr) = spawn_binary(data, &[("BAO_WEB_DIR", &web), ("RUST_LOG", "info")]);
    (guard, addr)
}

async fn wait_exit(child: &mut Guard) -> std::process::ExitStatus {
    let started = Instant::now();
    loop {
        if let Some(s) = child.0.try_wait().unwrap() {
            return s;
        }
        assert!(started.elapsed() < Duration::from_secs(20), "stops in time");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn sigterm_stops_gracefully_and_keeps_moves() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let (mut child, addr) = spawn_server(&data, &dir.path().join("web"));
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
        .args(["-TERM", &child.0.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let exit = wait_exit(&mut child).await;
    assert!(exit.success(), "{exit:?}");
    // The socket was closed by the server with "going away".
    assert!(matches!(ws.next().await, common::Got::Closed(_)));

    let s = Server::start(&data).await;
    let (_, snap) = s.get_json(&format!("/api/games/{id}")).await;
    assert_eq!(snap["moves"].as_array().unwrap().len(), 2);
    assert_eq!(snap["moves"][0], "A6L");
    s.stop().await;
}

#[tokio::test]
async fn sigkill_loses_no_move_and_reuses_no_version() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let web = dir.path().join("web");
    let (mut child, addr) = spawn_server(&data, &web);
    let http = reqwest::Client::new();
    let base = format!("http://{addr}");
    let created: serde_json::Value = http
        .post(format!("{base}/api/games"))
        .json(&json!({"variant": "kujifunza", "seat": "south"}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let id = created["id"].as_str().unwrap().to_owned();
    let south = created["token"].as_str().unwrap().to_owned();
    let joined: serde_json::Value = http
        .post(format!("{base}/api/games/{id}/join"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let north = joined["token"].as_str().unwrap().to_owned();
    let mut a = common::ws_connect(&addr, &id).await;
    a.hello(Some(&south), 0).await;
    let snap = a.recv_t("snapshot").await;
    let mv = snap["game"]["legal"][0].clone();
    a.send(json!({"t": "move", "ply": 0, "move": mv})).await;
    a.recv_t("moved").await;
    // Presence events after the last write: north comes and goes.
    let mut last_v = 0;
    for _ in 0..3 {
        let mut b = common::ws_connect(&addr, &id).await;
        b.hello(Some(&north), 0).await;
        last_v = a.recv_t("presence").await["v"].as_u64().unwrap();
        b.close().await;
        last_v = last_v.max(a.recv_t("presence").await["v"].as_u64().unwrap());
    }

    let status = Command::new("kill")
        .args(["-KILL", &child.0.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    wait_exit(&mut child).await;

    let (mut child, addr) = spawn_server(&data, &web);
    let mut a = common::ws_connect(&addr, &id).await;
    let welcome = a.hello(Some(&south), last_v).await;
    assert!(
        welcome["v"].as_u64().unwrap() > last_v,
        "versions skip past the lost events: {welcome} after {last_v}"
    );
    let snap = a.recv().await;
    assert_eq!(
        snap["t"], "snapshot",
        "a version from before the crash is unknown: {snap}"
    );
    assert_eq!(snap["game"]["moves"], json!([mv]));
    let _ = Command::new("kill")
        .args(["-TERM", &child.0.id().to_string()])
        .status();
    wait_exit(&mut child).await;
}
