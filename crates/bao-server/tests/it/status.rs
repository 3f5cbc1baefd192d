//! `POST /api/games/status` (protocol.md, "Games of this browser").

use crate::common;

use common::Server;
use serde_json::{json, Value};

#[tokio::test]
async fn the_status_of_each_known_game_in_the_order_asked() {
    let s = Server::fresh().await;
    let clock = json!({"kind": "live", "initial_s": 180, "increment_s": 2});
    let (waiting, _, _) = s
        .create(json!({"variant": "kimasai", "clock": clock}))
        .await;
    let (playing, south, _) = s.friends_game("kujifunza").await;
    // One move in the game being played: north is to move.
    let mut a = s.ws(&playing).await;
    a.hello(Some(&south), 0).await;
    let snap = a.recv_t("snapshot").await;
    let mv = snap["game"]["legal"][0].clone();
    a.send(json!({"t": "move", "ply": 0, "move": mv})).await;
    a.recv_t("moved").await;
    a.send(json!({"t": "resign"})).await;
    a.recv_t("ended").await;
    let (fresh, _, _) = s.friends_game("kiswahili").await;

    let ids = json!([
        fresh,
        "nosuchgame00",
        waiting,
        "not a valid id!",
        playing,
        fresh
    ]);
    let (status, list) = s.post("/api/games/status", json!({ "ids": ids })).await;
    assert_eq!(status, 200, "{list}");
    let list = list.as_array().unwrap();
    let got: Vec<&str> = list.iter().map(|g| g["id"].as_str().unwrap()).collect();
    assert_eq!(got, [fresh.as_str(), waiting.as_str(), playing.as_str()]);
    let by_id = |id: &str| list.iter().find(|g| g["id"] == id).unwrap().clone();

    let f = by_id(&fresh);
    assert_eq!(
        (
            &f["variant"],
            &f["status"],
            &f["to_move"],
            &f["moves"],
            &f["clock"]
        ),
        (
            &json!("kiswahili"),
            &json!("playing"),
            &json!("south"),
            &json!(0),
            &Value::Null
        )
    );
    let w = by_id(&waiting);
    assert_eq!(
        (&w["status"], &w["to_move"]),
        (&json!("waiting"), &Value::Null)
    );
    assert_eq!(w["clock"]["kind"], "live");
    assert_eq!(w["clock"]["south_ms"], 180_000);
    assert_eq!(w["clock"]["running"], Value::Null);
    let p = by_id(&playing);
    assert_eq!(p["status"], "finished");
    assert_eq!(p["moves"], 1);
    assert_eq!(p["result"], json!({"winner": "north", "reason": "resign"}));
    assert_eq!(p["to_move"], Value::Null);
    // Public facts only.
    for g in list {
        let keys: Vec<&str> = g.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(
            keys,
            [
                "id", "variant", "status", "to_move", "result", "clock", "moves", "seats", "level",
                "created", "rated"
            ],
            "{g}"
        );
        assert!(!g.to_string().contains("token"));
    }
}

#[tokio::test]
async fn at_most_a_hundred_ids() {
    let s = Server::fresh().await;
    let ids: Vec<String> = (0..101).map(|i| format!("game{i:08}")).collect();
    let (status, body) = s.post("/api/games/status", json!({ "ids": ids })).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (400, Some("bad_request")),
        "{body}"
    );
    let (status, body) = s
        .post("/api/games/status", json!({ "ids": ids[..100] }))
        .await;
    assert_eq!((status, body), (200, json!([])));
    let (status, _) = s.post("/api/games/status", json!({ "ids": "abc" })).await;
    assert_eq!(status, 400);
}

/// Status requests are rate-limited per address: over `--status-per-minute`, 429 with `Retry-After`, counted
/// in `bao_rate_limited_total{limit="status"}`.
#[tokio::test]
async fn over_the_rate_gets_429() {
    let s = Server::fresh_with(|c| c.status_per_minute = 3.0).await;
    let (id, _, _) = s.create(json!({"variant": "kujifunza"})).await;
    for _ in 0..3 {
        let (status, list) = s.post("/api/games/status", json!({ "ids": [id] })).await;
        assert_eq!((status, list.as_array().map(Vec::len)), (200, Some(1)));
    }
    let r = s
        .http
        .post(s.url("/api/games/status"))
        .json(&json!({ "ids": [id] }))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 429);
    let wait: u64 = r.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=21).contains(&wait), "Retry-After {wait}");
    let e: Value = r.json().await.unwrap();
    assert_eq!(e["error"], "rate_limited");
    assert_eq!(
        s.metric("bao_rate_limited_total{limit=\"status\"}").await,
        1.0
    );
    s.stop().await;
}

/// The home page's list says whom each game is against: the seats with their players (a seat by link has
/// none), the computer's level, and when the game was created.
#[tokio::test]
async fn summaries_name_the_seats_players_the_computer_and_the_date() {
    let s = Server::fresh().await;
    let created: Value = s
        .http
        .post(s.url("/api/players"))
        .json(&json!({"name": "Kobe 12"}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let key = created["key"].as_str().unwrap();
    let by_player: Value = s
        .http
        .post(s.url("/api/games"))
        .header("authorization", format!("Bearer {key}"))
        .json(&json!({"variant": "kujifunza", "seat": "north"}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let (computer, _, _) = s
        .create(
            json!({"variant": "kimasai", "opponent": "computer", "level": "hard", "seat": "south"}),
        )
        .await;
    let ids = json!([by_player["id"], computer]);
    let (status, list) = s.post("/api/games/status", json!({ "ids": ids })).await;
    assert_eq!(status, 200);
    let [mine, against_computer] = list.as_array().unwrap().as_slice() else {
        panic!("two summaries: {list}");
    };
    assert_eq!(mine["seats"]["north"]["player"]["name"], "Kobe 12");
    assert_eq!(mine["seats"]["north"]["taken"], true);
    assert_eq!(mine["seats"]["south"]["taken"], false, "nobody has joined");
    assert!(mine["seats"]["south"]["player"].is_null());
    assert!(mine["level"].is_null());
    assert_eq!(against_computer["seats"]["north"]["kind"], "computer");
    assert_eq!(against_computer["seats"]["north"]["taken"], true);
    assert!(
        against_computer["seats"]["south"]["player"].is_null(),
        "created by link"
    );
    assert_eq!(against_computer["level"], "hard");
    let now_ms = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64;
    let created_ms = mine["created"].as_i64().unwrap();
    assert!(
        (now_ms - created_ms).abs() < 120_000,
        "{created_ms} vs {now_ms}"
    );
    s.stop().await;
}
