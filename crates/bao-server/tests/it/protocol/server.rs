//! The server around the games: health, metrics, static files, and idle rooms leaving memory.

use super::*;
use crate::common::test_config;
use std::time::Duration;

#[tokio::test]
async fn health_metrics_static_files_and_idle_rooms() {
    let dir = tempfile::tempdir().unwrap();
    let web = dir.path().join("web");
    std::fs::create_dir_all(&web).unwrap();
    std::fs::write(web.join("game.html"), "<!doctype html><title>game</title>").unwrap();
    std::fs::write(web.join("index.html"), "<!doctype html><title>home</title>").unwrap();
    let mut c = test_config(&dir.path().join("data"));
    c.web_dir = Some(web);
    c.room_idle_secs = 1;
    let s = Server::start_with(c).await;
    let (st, body) = s.get_text("/healthz").await;
    assert_eq!(st, 200, "{body}");
    let (id, _, token) = s.create(json!({"variant": "kiswahili"})).await;
    let r = s.http.get(s.url(&format!("/g/{id}"))).send().await.unwrap();
    assert_eq!(r.status(), 200);
    assert!(r.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/html"));
    assert!(r.text().await.unwrap().contains("game"));
    let (st, home) = s.get_text("/").await;
    assert_eq!((st, home.contains("home")), (200, true));
    // A socket and a game in memory show in the metrics.
    let mut w = s.ws(&id).await;
    w.hello(Some(&token), 0).await;
    assert_eq!(s.metric("bao_open_sockets").await, 1.0);
    assert_eq!(s.metric("bao_games_in_memory").await, 1.0);
    let (_, text) = s.get_text("/metrics").await;
    assert!(text.contains("# TYPE bao_move_duration_seconds histogram"));
    assert!(text.contains("bao_moves_total 0"));
    w.close().await;
    // Idle: the room leaves memory, and comes back on first access.
    let mut gone = false;
    for _ in 0..50 {
        tokio::time::sleep(Duration::from_millis(100)).await;
        if s.metric("bao_games_in_memory").await == 0.0 && s.metric("bao_open_sockets").await == 0.0
        {
            gone = true;
            break;
        }
    }
    assert!(gone, "idle room left memory");
    let (st, snap) = s.get_json(&format!("/api/games/{id}")).await;
    assert_eq!(st, 200);
    assert_eq!(snap["status"], "waiting");
    assert_eq!(s.metric("bao_games_in_memory").await, 1.0);
    s.stop().await;
}
