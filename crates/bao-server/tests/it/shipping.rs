//! What a self-hoster relies on: the web client built into the binary, `bao-server healthcheck`, JSON logs,
//! the version endpoint and the cap on games in memory.

use crate::common;

use std::process::{Command, ExitStatus, Stdio};

use common::{spawn_binary as spawn, Server};
use serde_json::{json, Value};

fn healthcheck(addr: &str) -> ExitStatus {
    Command::new(env!("CARGO_BIN_EXE_bao-server"))
        .args(["--bind", addr, "healthcheck", "--timeout", "5"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("run healthcheck")
}

#[tokio::test]
async fn healthcheck_subcommand_says_whether_the_server_is_healthy() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (mut server, _, addr) = spawn(dir.path(), &[]);
    assert!(healthcheck(&addr).success(), "healthy server");
    let _ = server.0.kill();
    let _ = server.0.wait();
    assert!(!healthcheck(&addr).success(), "stopped server");
}

#[tokio::test]
async fn the_web_client_is_built_into_the_binary() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (_server, _, addr) = spawn(dir.path(), &[]);
    let http = reqwest::Client::new();
    let home = http
        .get(format!("http://{addr}/"))
        .send()
        .await
        .expect("GET /");
    assert_eq!(home.status(), 200);
    assert!(home.headers()["content-type"]
        .to_str()
        .unwrap_or("")
        .starts_with("text/html"));
    let etag = home.headers().get("etag").cloned().expect("etag");
    assert!(home
        .text()
        .await
        .expect("body")
        .contains("data-action=\"play-friend\""));
    let again = http
        .get(format!("http://{addr}/"))
        .header("if-none-match", etag)
        .send()
        .await
        .expect("GET / again");
    assert_eq!(again.status(), 304);
    let game = http
        .get(format!("http://{addr}/g/abcdefabcdef"))
        .send()
        .await
        .expect("game page");
    assert_eq!(game.status(), 200);
    assert!(game
        .text()
        .await
        .expect("body")
        .contains("data-role=\"moves\""));
    let css = http
        .get(format!("http://{addr}/style.css"))
        .send()
        .await
        .expect("css");
    assert!(css.headers()["content-type"]
        .to_str()
        .unwrap_or("")
        .starts_with("text/css"));
    let missing = http
        .get(format!("http://{addr}/no-such-file.js"))
        .send()
        .await
        .expect("404");
    assert_eq!(missing.status(), 404);
    let v: Value = http
        .get(format!("http://{addr}/api/version"))
        .send()
        .await
        .expect("version")
        .json()
        .await
        .expect("json");
    assert_eq!(v["version"], env!("CARGO_PKG_VERSION"));
    assert!(v["commit"].as_str().is_some_and(|c| !c.is_empty()));
}

#[tokio::test]
async fn json_logs_are_one_object_per_line() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (_server, lines, _) = spawn(
        dir.path(),
        &[("BAO_LOG_FORMAT", "json"), ("BAO_LOG_LEVEL", "info")],
    );
    let last: Value = serde_json::from_str(lines.last().expect("line")).expect("a JSON log line");
    assert_eq!(last["level"], "INFO");
    assert!(last["fields"]["message"]
        .as_str()
        .unwrap_or("")
        .contains("listening"));
}

#[tokio::test]
async fn games_in_memory_are_capped() {
    let server = Server::fresh_with(|config| {
        config.max_rooms = 2;
        config.room_idle_secs = 600;
    })
    .await;
    let mut ids = Vec::new();
    for _ in 0..3 {
        let (status, body) = server
            .post("/api/games", json!({"variant": "kujifunza"}))
            .await;
        assert_eq!(status, 201, "{body}");
        ids.push(body["id"].as_str().expect("id").to_owned());
    }
    let mut busy = 0;
    for id in &ids {
        let (status, body) = server.get_json(&format!("/api/games/{id}")).await;
        if status == 503 {
            assert_eq!(body["error"], "busy");
            busy += 1;
        } else {
            assert_eq!(status, 200);
        }
    }
    assert_eq!(busy, 1, "two games fit in memory, the third does not");
    // A full server says when to try again, and shows its cap beside what it holds.
    let r = server
        .http
        .post(server.url("/api/games"))
        .json(&json!({"variant": "kujifunza"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 503);
    assert_eq!(r.headers()["retry-after"], "30");
    assert_eq!(server.metric("bao_games_capacity").await, 2.0);
    assert_eq!(server.metric("bao_games_in_memory").await, 2.0);
    server.stop().await;
}

#[tokio::test]
async fn share_links_use_the_public_url_when_one_is_set() {
    let server = Server::fresh_with(|config| {
        config.public_url = Some("https://bao.example.org/".into());
    })
    .await;
    let (status, created) = server
        .post("/api/games", json!({"variant": "kimasai"}))
        .await;
    assert_eq!(status, 201);
    let id = created["id"].as_str().expect("id");
    let want = format!("https://bao.example.org/g/{id}");
    assert_eq!(created["share_url"], want.as_str());
    let (_, snap) = server.get_json(&format!("/api/games/{id}")).await;
    assert_eq!(snap["share_url"], want.as_str());
    server.stop().await;
    // Without it the snapshot says null and the page uses its own origin.
    let dir = tempfile::tempdir().expect("tempdir");
    let server = Server::start(dir.path()).await;
    let (_, created) = server
        .post("/api/games", json!({"variant": "kimasai"}))
        .await;
    let (_, snap) = server
        .get_json(&format!(
            "/api/games/{}",
            created["id"].as_str().expect("id")
        ))
        .await;
    assert_eq!(snap["share_url"], Value::Null);
    server.stop().await;
}

#[tokio::test]
async fn snapshots_carry_every_position_of_the_game() {
    let server = Server::fresh().await;
    let (id, south, north) = server.friends_game("kiswahili").await;
    let mut ws = [server.ws(&id).await, server.ws(&id).await];
    ws[0].hello(Some(&south), 0).await;
    ws[1].hello(Some(&north), 0).await;
    let mut pos = bao_core::Position::new(bao_core::Variant::Kiswahili);
    for ply in 0..4u64 {
        let mv = pos.legal_moves()[0];
        let side = pos.to_move().index();
        ws[side]
            .send(json!({"t": "move", "ply": ply, "move": mv.to_string()}))
            .await;
        ws[side].recv_t("moved").await;
        pos = pos.play(mv).expect("legal").0;
    }
    let (_, snap) = server.get_json(&format!("/api/games/{id}")).await;
    let history = snap["history"].as_array().expect("history");
    assert_eq!(history.len(), 5);
    assert_eq!(
        history[0],
        serde_json::to_value(bao_core::Position::new(bao_core::Variant::Kiswahili)).expect("json")
    );
    assert_eq!(history[4], snap["position"]);
    server.stop().await;
}
