//! The lobby (protocol.md, "Lobby and quick pairing"; issue 32): seeks opened, listed, withdrawn and accepted
//! exactly once (also by many at once, and across two nodes), the creator told on their lobby socket with a seat
//! token that works, a live seek gone with its creator's socket after the grace and kept over a reload, quick
//! pairing in pools (on one node and across two), listed games on `GET /api/games/live`, and the limits.

use crate::common;

use std::time::{Duration, Instant};

use common::services::{ensure, TestDb};
use common::{test_config, Server, Ws, WAIT};
use futures_util::future::join_all;
use reqwest::header::AUTHORIZATION;
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

/// A new player on `s`: its id and key.
pub(crate) async fn player(s: &Server, name: &str) -> (String, String) {
    let (status, p) = s.post("/api/players", json!({ "name": name })).await;
    assert_eq!(status, 201, "{p}");
    (
        p["id"].as_str().unwrap().to_owned(),
        p["key"].as_str().unwrap().to_owned(),
    )
}

/// `method path` with `body` as the player of `key`: the status, the `Retry-After` and the JSON answer.
pub(crate) async fn as_player(
    s: &Server,
    key: &str,
    method: reqwest::Method,
    path: &str,
    body: Option<Value>,
) -> (u16, Option<String>, Value) {
    let mut req = s
        .http
        .request(method, s.url(path))
        .header(AUTHORIZATION, format!("Bearer {key}"));
    if let Some(b) = body {
        req = req.json(&b);
    }
    let r = req.send().await.unwrap();
    let status = r.status().as_u16();
    let retry = r
        .headers()
        .get("retry-after")
        .map(|v| v.to_str().unwrap().to_owned());
    (status, retry, r.json().await.unwrap_or(Value::Null))
}

pub(crate) async fn open_seek(s: &Server, key: &str, body: Value) -> String {
    let (status, _, v) = as_player(s, key, reqwest::Method::POST, "/api/seeks", Some(body)).await;
    assert_eq!(status, 201, "{v}");
    v["id"].as_str().unwrap().to_owned()
}

pub(crate) async fn accept(s: &Server, key: &str, seek: &str) -> (u16, Value) {
    let path = format!("/api/seeks/{seek}/accept");
    let (status, _, v) = as_player(s, key, reqwest::Method::POST, &path, Some(json!({}))).await;
    (status, v)
}

/// A lobby socket on `s` that said hello (as the player of `key`, or watching); the `seeks` it was sent.
pub(crate) async fn lobby(s: &Server, key: Option<&str>) -> (Ws, Value) {
    let url = format!("ws://{}/ws/lobby", s.addr);
    let (stream, _) = tokio::time::timeout(WAIT, tokio_tungstenite::connect_async(url))
        .await
        .expect("connect in time")
        .expect("connect");
    let mut ws = Ws { stream };
    let mut hello = json!({ "t": "hello" });
    if let Some(k) = key {
        hello["player"] = json!(k);
    }
    ws.send(hello).await;
    let seeks = ws.recv_t("seeks").await;
    (ws, seeks)
}

/// The messages of `ws` until one of type `t`, or `None` when none comes `within`.
pub(crate) async fn within(ws: &mut Ws, t: &str, within: Duration) -> Option<Value> {
    use futures_util::StreamExt;
    let until = Instant::now() + within;
    loop {
        let left = until.checked_duration_since(Instant::now())?;
        match tokio::time::timeout(left, ws.stream.next()).await {
            Err(_) | Ok(None) | Ok(Some(Err(_))) | Ok(Some(Ok(Message::Close(_)))) => return None,
            Ok(Some(Ok(Message::Text(text)))) => {
                let v: Value = serde_json::from_str(&text).expect("JSON");
                if v["t"] == t {
                    return Some(v);
                }
            }
            Ok(Some(Ok(_))) => continue,
        }
    }
}

/// Says hello on game `id`'s socket with `token`: the welcome's seat.
async fn seat_of(s: &Server, id: &str, token: &str) -> Value {
    let mut ws = s.ws(id).await;
    let welcome = ws.hello(Some(token), 0).await;
    welcome["you"].clone()
}

fn casual(clock: Value) -> Value {
    json!({ "variant": "kujifunza", "clock": clock, "seat": "random", "rated": false })
}

fn live_3_2() -> Value {
    json!({ "kind": "live", "initial_s": 180, "increment_s": 2 })
}

#[tokio::test]
async fn a_seek_is_listed_accepted_once_and_its_creator_told_with_a_token_that_works() {
    let s = Server::fresh().await;
    let (alice, alice_key) = player(&s, "Alice").await;
    let (bob, bob_key) = player(&s, "Bob").await;
    let (mut alice_ws, first) = lobby(&s, Some(&alice_key)).await;
    assert_eq!(first["seeks"], json!([]), "an empty lobby");
    let (mut watcher, _) = lobby(&s, None).await;

    let seek = open_seek(&s, &alice_key, casual(live_3_2())).await;
    let added = within(&mut watcher, "seek_added", WAIT)
        .await
        .expect("the watcher is told of the new seek");
    assert_eq!(added["seek"]["id"], seek.as_str());
    assert_eq!(added["seek"]["player"]["name"], "Alice");
    assert_eq!(added["seek"]["clock"], live_3_2());
    assert_eq!(added["seek"]["rated"], false);
    let (status, list) = s.get_json("/api/seeks").await;
    assert_eq!(status, 200);
    assert_eq!(list[0]["id"], seek.as_str(), "{list}");
    assert_eq!(list[0]["player"]["id"], alice.as_str());
    assert_eq!(list[0]["variant"], "kujifunza");

    let (status, took) = accept(&s, &bob_key, &seek).await;
    assert_eq!(status, 201, "{took}");
    let game = took["game"].as_str().unwrap().to_owned();
    let paired = within(&mut alice_ws, "paired", WAIT)
        .await
        .expect("the creator is told");
    assert_eq!(paired["seek"], seek.as_str());
    assert_eq!(paired["game"], game.as_str());
    assert_ne!(paired["seat"], took["seat"], "one seat each");
    assert!(
        within(&mut watcher, "seek_removed", WAIT).await.is_some(),
        "a taken seek leaves the lobby"
    );
    // Both tokens hold their seats; the seats carry the players; the game is listed and clocked.
    assert_eq!(
        seat_of(&s, &game, paired["token"].as_str().unwrap()).await,
        paired["seat"]
    );
    assert_eq!(
        seat_of(&s, &game, took["token"].as_str().unwrap()).await,
        took["seat"]
    );
    let (_, snap) = s.get_json(&format!("/api/games/{game}")).await;
    assert_eq!(snap["status"], "playing");
    let alice_seat = paired["seat"].as_str().unwrap();
    let bob_seat = took["seat"].as_str().unwrap();
    assert_eq!(snap["seats"][alice_seat]["player"]["name"], "Alice");
    assert_eq!(snap["seats"][bob_seat]["player"]["id"], bob.as_str());
    assert_eq!(snap["clock"]["initial_s"], 180, "the seek's clock");
    let (status, live) = s.get_json("/api/games/live").await;
    assert_eq!(status, 200);
    assert!(
        live.as_array()
            .unwrap()
            .iter()
            .any(|g| g["id"] == game.as_str()),
        "a lobby game is listed: {live}"
    );
    // Taken once: a second accept finds it gone.
    let (_, carol_key) = player(&s, "Carol").await;
    let (status, again) = accept(&s, &carol_key, &seek).await;
    assert_eq!((status, again["error"].as_str()), (410, Some("gone")));
    let (_, list) = s.get_json("/api/seeks").await;
    assert_eq!(list, json!([]));
}

#[tokio::test]
async fn a_seek_is_withdrawn_by_its_creator_only_and_not_accepted_by_them() {
    let s = Server::fresh().await;
    let (_, alice_key) = player(&s, "Alice").await;
    let (_, bob_key) = player(&s, "Bob").await;
    let (_alice_ws, _) = lobby(&s, Some(&alice_key)).await;
    let seek = open_seek(&s, &alice_key, casual(Value::Null)).await;
    let (status, own) = accept(&s, &alice_key, &seek).await;
    assert_eq!((status, own["error"].as_str()), (409, Some("own_seek")));
    let path = format!("/api/seeks/{seek}");
    let (status, _, other) = as_player(&s, &bob_key, reqwest::Method::DELETE, &path, None).await;
    assert_eq!(
        (status, other["error"].as_str()),
        (403, Some("not_your_seek"))
    );
    let (status, _, _) = as_player(&s, &alice_key, reqwest::Method::DELETE, &path, None).await;
    assert_eq!(status, 204);
    let (status, _, again) = as_player(&s, &alice_key, reqwest::Method::DELETE, &path, None).await;
    assert_eq!((status, again["error"].as_str()), (410, Some("gone")));
    let (status, taken) = accept(&s, &bob_key, &seek).await;
    assert_eq!((status, taken["error"].as_str()), (410, Some("gone")));
    // Without a player: 401; with a bad body: 400; an unknown variant or clock: their codes.
    let (status, body) = s.post("/api/seeks", casual(Value::Null)).await;
    assert_eq!((status, body["error"].as_str()), (401, Some("no_player")));
    let (status, _, bad) = as_player(
        &s,
        &alice_key,
        reqwest::Method::POST,
        "/api/seeks",
        Some(json!({ "variant": "chess" })),
    )
    .await;
    assert_eq!(
        (status, bad["error"].as_str()),
        (400, Some("unknown_variant"))
    );
    let (status, _, bad) = as_player(
        &s,
        &alice_key,
        reqwest::Method::POST,
        "/api/seeks",
        Some(json!({ "variant": "kujifunza", "clock": { "kind": "blitz" } })),
    )
    .await;
    assert_eq!((status, bad["error"].as_str()), (400, Some("bad_clock")));
}

#[tokio::test]
async fn twelve_players_accepting_one_seek_at_once_make_one_game() {
    let s = Server::fresh().await;
    let (_, alice_key) = player(&s, "Alice").await;
    let (_alice_ws, _) = lobby(&s, Some(&alice_key)).await;
    let seek = open_seek(&s, &alice_key, casual(Value::Null)).await;
    let mut keys = Vec::new();
    for i in 0..12 {
        keys.push(player(&s, &format!("Mchezaji {i}")).await.1);
    }
    let answers = join_all(keys.iter().map(|k| accept(&s, k, &seek))).await;
    let won: Vec<&Value> = answers
        .iter()
        .filter(|(st, _)| *st == 201)
        .map(|(_, v)| v)
        .collect();
    assert_eq!(won.len(), 1, "{answers:?}");
    assert!(
        answers
            .iter()
            .all(|(st, v)| *st == 201 || (*st == 410 && v["error"] == "gone")),
        "{answers:?}"
    );
}

#[tokio::test]
async fn a_live_seek_survives_a_reload_and_goes_when_its_creator_leaves() {
    let s = Server::fresh_with(|c| c.lobby_grace_ms = 1500).await;
    let (_, alice_key) = player(&s, "Alice").await;
    let (alice_ws, _) = lobby(&s, Some(&alice_key)).await;
    let live = open_seek(&s, &alice_key, casual(live_3_2())).await;
    let corr = open_seek(
        &s,
        &alice_key,
        casual(json!({ "kind": "correspondence", "days": 2 })),
    )
    .await;
    // A reload: the socket closes and another opens at once; the seek stays past the grace.
    alice_ws.close().await;
    let (alice_again, _) = lobby(&s, Some(&alice_key)).await;
    let (_, seeks) = s.get_json("/api/seeks").await;
    assert_eq!(seeks.as_array().unwrap().len(), 2, "{seeks}");
    let (mut watcher, _) = lobby(&s, None).await;
    assert!(
        within(&mut watcher, "seek_removed", Duration::from_millis(2500))
            .await
            .is_none(),
        "renewed by the new socket"
    );
    // Gone for good: the live seek leaves after the grace, the correspondence one stays.
    alice_again.close().await;
    let removed = within(&mut watcher, "seek_removed", Duration::from_secs(6))
        .await
        .expect("the live seek lapses");
    assert_eq!(removed["id"], live.as_str());
    let (_, list) = s.get_json("/api/seeks").await;
    assert_eq!(list.as_array().unwrap().len(), 1, "{list}");
    assert_eq!(list[0]["id"], corr.as_str());
}

#[tokio::test]
async fn two_players_of_one_pool_are_paired_and_others_are_not() {
    let s = Server::fresh().await;
    let (_, a_key) = player(&s, "Asha").await;
    let (_, b_key) = player(&s, "Baraka").await;
    let (_, c_key) = player(&s, "Chausiku").await;
    let (mut a, _) = lobby(&s, Some(&a_key)).await;
    let (mut b, _) = lobby(&s, Some(&b_key)).await;
    let (mut c, _) = lobby(&s, Some(&c_key)).await;
    let join = |variant: &str, clock: Value| json!({ "t": "pool_join", "variant": variant, "clock": clock });
    a.send(join("kujifunza", live_3_2())).await;
    assert_eq!(a.recv_t("pooled").await["variant"], "kujifunza");
    // Another pool (another clock): not paired with a.
    c.send(join(
        "kujifunza",
        json!({ "kind": "live", "initial_s": 600, "increment_s": 5 }),
    ))
    .await;
    c.recv_t("pooled").await;
    b.send(join("kujifunza", live_3_2())).await;
    let pa = within(&mut a, "paired", WAIT).await.expect("a is paired");
    let pb = within(&mut b, "paired", WAIT).await.expect("b is paired");
    assert_eq!(pa["game"], pb["game"]);
    assert_ne!(pa["seat"], pb["seat"]);
    let game = pa["game"].as_str().unwrap();
    assert_eq!(
        seat_of(&s, game, pa["token"].as_str().unwrap()).await,
        pa["seat"]
    );
    assert_eq!(
        seat_of(&s, game, pb["token"].as_str().unwrap()).await,
        pb["seat"]
    );
    assert!(
        within(&mut c, "paired", Duration::from_millis(1500))
            .await
            .is_none(),
        "alone in its pool"
    );
    c.send(json!({ "t": "pool_leave" })).await;
    c.recv_t("unpooled").await;
    // Refusals: a correspondence clock, no player, before hello.
    c.send(join(
        "kujifunza",
        json!({ "kind": "correspondence", "days": 1 }),
    ))
    .await;
    assert_eq!(c.recv_t("error").await["code"], "bad_clock");
    c.send(join("chess", live_3_2())).await;
    assert_eq!(c.recv_t("error").await["code"], "unknown_variant");
    let (mut anon, _) = lobby(&s, None).await;
    anon.send(join("kujifunza", live_3_2())).await;
    assert_eq!(anon.recv_t("error").await["code"], "no_player");
    anon.send_text("{\"t\":\"nonsense\"}").await;
    assert_eq!(anon.recv_t("error").await["code"], "bad_message");
    anon.send(json!({ "t": "ping" })).await;
    anon.recv_t("pong").await;
}

#[tokio::test]
async fn leaving_the_pool_by_closing_the_socket_pairs_nobody_with_the_gone() {
    let s = Server::fresh().await;
    let (_, a_key) = player(&s, "Asha").await;
    let (_, b_key) = player(&s, "Baraka").await;
    let (mut a, _) = lobby(&s, Some(&a_key)).await;
    a.send(json!({ "t": "pool_join", "variant": "kimasai", "clock": live_3_2() }))
        .await;
    a.recv_t("pooled").await;
    a.close().await;
    let (mut b, _) = lobby(&s, Some(&b_key)).await;
    b.send(json!({ "t": "pool_join", "variant": "kimasai", "clock": live_3_2() }))
        .await;
    b.recv_t("pooled").await;
    assert!(
        within(&mut b, "paired", Duration::from_millis(2500))
            .await
            .is_none(),
        "the player who left is not paired"
    );
}

#[tokio::test]
async fn games_by_link_are_unlisted_unless_asked() {
    let s = Server::fresh().await;
    let (hidden, _, _) = s.friends_game("kujifunza").await;
    let (status, made) = s
        .post(
            "/api/games",
            json!({ "variant": "kimasai", "listed": true }),
        )
        .await;
    assert_eq!(status, 201);
    let shown = made["id"].as_str().unwrap();
    let (status, _) = s.post(&format!("/api/games/{shown}/join"), json!({})).await;
    assert_eq!(status, 200);
    let (_, live) = s.get_json("/api/games/live").await;
    let ids: Vec<&str> = live
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, vec![shown], "{live}");
    assert_eq!(live[0]["moves"], 0);
    assert!(
        live[0]["position"].is_object() || live[0]["position"].is_string(),
        "{live}"
    );
    assert!(!ids.contains(&hidden.as_str()));
    let (_, only) = s.get_json("/api/games/live?variant=kujifunza").await;
    assert_eq!(only, json!([]));
    let (status, bad) = s.get_json("/api/games/live?variant=chess").await;
    assert_eq!(
        (status, bad["error"].as_str()),
        (400, Some("unknown_variant"))
    );
}

#[tokio::test]
async fn seeks_pool_joins_and_renames_are_limited() {
    let s = Server::fresh_with(|c| {
        c.seeks_per_player = 2;
        c.seeks_per_address = 3;
        c.pool_joins_per_minute = 2.0;
        c.renames_per_hour = 2.0;
    })
    .await;
    let (_, a_key) = player(&s, "Asha").await;
    let (_, b_key) = player(&s, "Baraka").await;
    let (_a_ws, _) = lobby(&s, Some(&a_key)).await;
    for _ in 0..2 {
        open_seek(&s, &a_key, casual(Value::Null)).await;
    }
    let (status, retry, v) = as_player(
        &s,
        &a_key,
        reqwest::Method::POST,
        "/api/seeks",
        Some(casual(Value::Null)),
    )
    .await;
    assert_eq!(
        (status, v["error"].as_str()),
        (429, Some("rate_limited")),
        "{v}"
    );
    assert!(retry.is_some(), "a Retry-After");
    // The address's limit: another player from the same address gets one more, then no more.
    open_seek(&s, &b_key, casual(Value::Null)).await;
    let (status, _, _) = as_player(
        &s,
        &b_key,
        reqwest::Method::POST,
        "/api/seeks",
        Some(casual(Value::Null)),
    )
    .await;
    assert_eq!(status, 429);
    // Pool joins per minute.
    let (mut ws, _) = lobby(&s, Some(&b_key)).await;
    for _ in 0..2 {
        ws.send(json!({ "t": "pool_join", "variant": "kujifunza", "clock": live_3_2() }))
            .await;
        ws.recv_t("pooled").await;
    }
    ws.send(json!({ "t": "pool_join", "variant": "kujifunza", "clock": live_3_2() }))
        .await;
    assert_eq!(ws.recv_t("error").await["code"], "rate_limited");
    // Renames per hour.
    for name in ["Asha A", "Asha B"] {
        let (status, _, _) = as_player(
            &s,
            &a_key,
            reqwest::Method::PATCH,
            "/api/players/me",
            Some(json!({ "name": name })),
        )
        .await;
        assert_eq!(status, 200);
    }
    let (status, retry, _) = as_player(
        &s,
        &a_key,
        reqwest::Method::PATCH,
        "/api/players/me",
        Some(json!({ "name": "Asha C" })),
    )
    .await;
    assert_eq!(status, 429);
    assert!(retry.is_some());
    for (limit, n) in [("seeks", 2.0), ("pool_joins", 1.0), ("renames", 1.0)] {
        let refused = s
            .metric(&format!("bao_rate_limited_total{{limit=\"{limit}\"}}"))
            .await;
        assert_eq!(refused, n, "the refusals of {limit} are counted");
    }
}

/// Two nodes on one fresh PostgreSQL schema and the machine's NATS, in this process; `None` outside CI when
/// either is missing.
pub(crate) async fn two_nodes() -> Option<(TestDb, [Server; 2], [tempfile::TempDir; 2])> {
    let db = TestDb::create().await?;
    if !ensure("nats", 4222) {
        return None;
    }
    let dirs = [(); 2].map(|_| tempfile::tempdir().unwrap());
    let tag = rand::random::<u32>();
    let mut servers = Vec::new();
    for (i, dir) in dirs.iter().enumerate() {
        let mut c = test_config(dir.path());
        c.database_url = Some(db.url.clone());
        c.nats_url = Some("nats://127.0.0.1:4222".into());
        c.node_name = Some(format!("lobby{i}-{tag}"));
        c.lease_ms = 1000;
        servers.push(Server::start_with(c).await);
    }
    let [a, b]: [Server; 2] = servers.try_into().ok()?;
    Some((db, [a, b], dirs))
}

#[tokio::test]
async fn across_two_nodes_a_seek_is_accepted_once_and_a_pool_pairs() {
    let Some((_db, [one, two], _dirs)) = two_nodes().await else {
        return;
    };
    let (_, alice_key) = player(&one, "Alice").await;
    let (mut alice_ws, _) = lobby(&one, Some(&alice_key)).await;
    let (mut watcher_two, _) = lobby(&two, None).await;
    let seek = open_seek(&one, &alice_key, casual(live_3_2())).await;
    let added = within(&mut watcher_two, "seek_added", WAIT)
        .await
        .expect("the other node's lobby shows the seek");
    assert_eq!(added["seek"]["id"], seek.as_str());
    // Players on both nodes accept at once: one game.
    let mut keys = Vec::new();
    for i in 0..6 {
        let at = if i % 2 == 0 { &one } else { &two };
        keys.push((at, player(at, &format!("Mgeni {i}")).await.1));
    }
    let answers = join_all(keys.iter().map(|(at, k)| accept(at, k, &seek))).await;
    let won: Vec<&Value> = answers
        .iter()
        .filter(|(st, _)| *st == 201)
        .map(|(_, v)| v)
        .collect();
    assert_eq!(won.len(), 1, "{answers:?}");
    let paired = within(&mut alice_ws, "paired", WAIT)
        .await
        .expect("the creator is told");
    assert_eq!(paired["game"], won[0]["game"]);
    let game = paired["game"].as_str().unwrap();
    assert_eq!(
        seat_of(&two, game, paired["token"].as_str().unwrap()).await,
        paired["seat"]
    );

    // A pool with one player on each node.
    let (_, a_key) = player(&one, "Asha").await;
    let (_, b_key) = player(&two, "Baraka").await;
    let (mut a, _) = lobby(&one, Some(&a_key)).await;
    let (mut b, _) = lobby(&two, Some(&b_key)).await;
    for ws in [&mut a, &mut b] {
        ws.send(json!({ "t": "pool_join", "variant": "kiswahili", "clock": live_3_2() }))
            .await;
        ws.recv_t("pooled").await;
    }
    let pa = within(&mut a, "paired", WAIT).await.expect("a is paired");
    let pb = within(&mut b, "paired", WAIT).await.expect("b is paired");
    assert_eq!(pa["game"], pb["game"]);
    assert_ne!(pa["seat"], pb["seat"]);
    let game = pa["game"].as_str().unwrap();
    assert_eq!(
        seat_of(&one, game, pb["token"].as_str().unwrap()).await,
        pb["seat"]
    );
    assert!(
        within(&mut alice_ws, "paired", Duration::from_millis(1500))
            .await
            .is_none(),
        "the creator is told once"
    );
}

#[tokio::test]
async fn a_players_games_are_paged_newest_first() {
    let s = Server::fresh().await;
    let (alice, alice_key) = player(&s, "Alice").await;
    let (_, bob_key) = player(&s, "Bob").await;
    let (_alice_ws, _) = lobby(&s, Some(&alice_key)).await;
    let mut games = Vec::new();
    for _ in 0..2 {
        let seek = open_seek(&s, &alice_key, casual(Value::Null)).await;
        let (status, took) = accept(&s, &bob_key, &seek).await;
        assert_eq!(status, 201);
        games.push(took["game"].as_str().unwrap().to_owned());
    }
    let (status, page) = s.get_json(&format!("/api/players/{alice}/games")).await;
    assert_eq!(status, 200, "{page}");
    let ids: Vec<&str> = page
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids.len(), 2, "{page}");
    assert!(games.iter().all(|g| ids.contains(&g.as_str())));
    assert!(
        page[0]["created"].as_i64() >= page[1]["created"].as_i64(),
        "newest first"
    );
    // Before the oldest's second: nothing older.
    let oldest = page[1]["created"].as_i64().unwrap();
    let (_, none) = s
        .get_json(&format!(
            "/api/players/{alice}/games?before={}",
            oldest - oldest % 1000
        ))
        .await;
    assert_eq!(none, json!([]));
    // After the newest, by its `created` and `id`: the other game, even when both are of the same second
    // (games are dated to the second: without the id, one of that second would be skipped or repeated).
    let (_, rest) = s
        .get_json(&format!(
            "/api/players/{alice}/games?before={}&before_id={}",
            page[0]["created"], ids[0]
        ))
        .await;
    let rest: Vec<&str> = rest
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap())
        .collect();
    assert_eq!(
        rest,
        [ids[1]],
        "the next page is the one game after the first"
    );
    let (_, rest) = s
        .get_json(&format!(
            "/api/players/{alice}/games?before={}&before_id={}",
            page[1]["created"], ids[1]
        ))
        .await;
    assert_eq!(rest, json!([]), "nothing after the last");
    let (status, unknown) = s.get_json("/api/players/NoSuchPlayer1/games").await;
    assert_eq!(
        (status, unknown["error"].as_str()),
        (404, Some("not_found"))
    );
}
