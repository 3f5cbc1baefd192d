//! Tournaments (protocol.md, "Tournaments"; issue 38): a Swiss event played through on one node (pairings told
//! on the lobby socket with tokens that work, the bye, the next round once the last has ended, the end and the
//! standings), an arena pairing its waiting players again, the requests refused, and exactly one pairing per
//! round across two nodes on PostgreSQL.

use crate::common;
use crate::lobby::{as_player, lobby, player, within};

use std::collections::HashSet;
use std::time::{Duration, Instant};

use common::{Server, Ws};
use reqwest::Method;
use serde_json::{json, Value};

fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64
}

/// A Swiss event starting in two seconds (its players join first: it starts with those in at its start).
fn swiss(rounds: u32) -> Value {
    json!({
        "kind": "swiss", "variant": "kujifunza", "rounds": rounds, "starts_at": now_ms() + 2000, "rated": false,
        "clock": { "kind": "live", "initial_s": 180, "increment_s": 2 },
    })
}

fn arena(minutes: u32) -> Value {
    json!({
        "kind": "arena", "variant": "kujifunza", "minutes": minutes, "starts_at": now_ms(), "rated": false,
        "clock": { "kind": "live", "initial_s": 180, "increment_s": 2 },
    })
}

async fn create(s: &Server, key: &str, body: Value) -> String {
    let (status, _, v) = as_player(s, key, Method::POST, "/api/tournaments", Some(body)).await;
    assert_eq!(status, 201, "{v}");
    let id = v["id"].as_str().unwrap().to_owned();
    assert_eq!(v["url"], format!("/t/{id}"));
    id
}

async fn join(s: &Server, key: &str, id: &str) {
    let (status, _, v) = as_player(
        s,
        key,
        Method::POST,
        &format!("/api/tournaments/{id}/join"),
        None,
    )
    .await;
    assert_eq!(status, 204, "{v}");
}

async fn get(s: &Server, id: &str) -> Value {
    let (status, v) = s.get_json(&format!("/api/tournaments/{id}")).await;
    assert_eq!(status, 200, "{v}");
    v
}

/// `GET /api/tournaments/{id}/me` as the player of `key`.
async fn me(s: &Server, key: &str, id: &str) -> Value {
    let (status, _, v) = as_player(
        s,
        key,
        Method::GET,
        &format!("/api/tournaments/{id}/me"),
        None,
    )
    .await;
    assert_eq!(status, 200, "{v}");
    v
}

/// Polls tournament `id` until `ok` holds of it (the ticker runs every second).
async fn until(s: &Server, id: &str, what: &str, ok: impl Fn(&Value) -> bool) -> Value {
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        let t = get(s, id).await;
        if ok(&t) {
            return t;
        }
        assert!(Instant::now() < deadline, "{what}: {t}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The player who holds `token` in game `game` resigns it.
async fn resign(s: &Server, game: &str, token: &str) {
    let mut ws: Ws = s.ws(game).await;
    let welcome = ws.hello(Some(token), 0).await;
    assert!(
        welcome["you"].is_string(),
        "the token holds a seat: {welcome}"
    );
    ws.send(json!({ "t": "resign" })).await;
    ws.recv_t("ended").await;
}

#[tokio::test]
async fn a_swiss_event_is_paired_round_by_round_with_a_bye_and_ends_with_its_standings() {
    let s = Server::fresh().await;
    let mut keys = Vec::new();
    let mut sockets = Vec::new();
    for name in ["Amina", "Baraka", "Chausiku"] {
        let (id, key) = player(&s, name).await;
        let (ws, _) = lobby(&s, Some(&key)).await;
        keys.push((id, key));
        sockets.push(ws);
    }
    let t = create(&s, &keys[0].1, swiss(2)).await;
    for (_, key) in &keys {
        join(&s, key, &t).await;
    }
    // Joining again changes nothing.
    join(&s, &keys[2].1, &t).await;

    let mut pairs: Vec<HashSet<String>> = Vec::new();
    let mut byes: Vec<String> = Vec::new();
    for round in 1..=2 {
        let view = until(&s, &t, "the round is paired", |v| v["round"] == round).await;
        assert_eq!(view["status"], "started");
        let games = view["games"].as_array().unwrap();
        assert_eq!(
            games.len(),
            round as usize,
            "one game a round (three players: one bye)"
        );
        let game = games.last().unwrap().as_str().unwrap().to_owned();
        // The two players of the game are told on their lobby sockets, with tokens that hold their seats.
        let mut seated = HashSet::new();
        let mut south_token = None;
        for (i, ws) in sockets.iter_mut().enumerate() {
            let Some(p) = within(
                ws,
                "paired",
                Duration::from_millis(if seated.len() == 2 { 300 } else { 3000 }),
            )
            .await
            else {
                continue;
            };
            assert_eq!(p["tournament"], t.as_str());
            assert_eq!(p["game"], game.as_str());
            let mut game_ws = s.ws(&game).await;
            let welcome = game_ws.hello(p["token"].as_str(), 0).await;
            assert_eq!(
                welcome["you"], p["seat"],
                "the token holds the seat it names"
            );
            // …and the same game and token from GET …/me.
            let me = me(&s, &keys[i].1, &t).await;
            assert_eq!(
                (
                    me["joined"].clone(),
                    me["game"].clone(),
                    me["token"].clone()
                ),
                (json!(true), p["game"].clone(), p["token"].clone())
            );
            if p["seat"] == "south" {
                south_token = p["token"].as_str().map(str::to_owned);
            }
            seated.insert(keys[i].0.clone());
        }
        assert_eq!(seated.len(), 2, "both players told");
        let bye: Vec<&String> = keys
            .iter()
            .map(|(id, _)| id)
            .filter(|id| !seated.contains(*id))
            .collect();
        assert!(!pairs.contains(&seated), "no pair twice");
        assert!(!byes.contains(bye[0]), "no bye twice");
        // The player with the bye is told so by GET …/me, with no game.
        let bye_key = &keys.iter().find(|(id, _)| id == bye[0]).unwrap().1;
        let me = me(&s, bye_key, &t).await;
        assert_eq!(
            (me["joined"].clone(), me["game"].clone(), me["bye"].clone()),
            (json!(true), Value::Null, json!(round)),
            "the bye of round {round}"
        );
        byes.push(bye[0].clone());
        pairs.push(seated);
        // Until the game ends the next round waits.
        tokio::time::sleep(Duration::from_millis(1500)).await;
        assert_eq!(get(&s, &t).await["round"], round);
        resign(&s, &game, &south_token.expect("a South player")).await;
    }
    let done = until(&s, &t, "the event ends after its last round", |v| {
        v["status"] == "finished"
    })
    .await;
    let standings = done["standings"].as_array().unwrap();
    assert_eq!(standings.len(), 3);
    let total: f64 = standings.iter().map(|l| l["score"].as_f64().unwrap()).sum();
    assert_eq!(total, 4.0, "a point a game and a point a bye: {done}");
    let scores: Vec<f64> = standings
        .iter()
        .map(|l| l["score"].as_f64().unwrap())
        .collect();
    assert!(
        scores.windows(2).all(|w| w[0] >= w[1]),
        "best first: {scores:?}"
    );
    assert!(standings
        .iter()
        .all(|l| l["buchholz"].is_number() && l["player"]["name"].is_string()));
    // Listed among the recent ones.
    let (status, list) = s.get_json("/api/tournaments").await;
    assert_eq!(status, 200);
    assert!(list
        .as_array()
        .unwrap()
        .iter()
        .any(|x| x["id"] == t.as_str() && x["players"] == 3));
}

#[tokio::test]
async fn an_arena_pairs_players_again_as_their_games_end_never_the_same_two_at_once() {
    let s = Server::fresh().await;
    let mut keys = Vec::new();
    for name in ["Asha", "Bahati", "Chiku", "Dalila"] {
        keys.push(player(&s, name).await);
    }
    let t = create(&s, &keys[0].1, arena(30)).await;
    for (_, key) in keys.iter().take(2) {
        join(&s, key, &t).await;
    }
    let view = until(&s, &t, "the two are paired", |v| {
        v["games"].as_array().unwrap().len() == 1
    })
    .await;
    let first = view["games"][0].as_str().unwrap().to_owned();
    // Dalila joins while both are playing (nobody to pair her with) and withdraws again.
    join(&s, &keys[3].1, &t).await;
    let (status, _, _) = as_player(
        &s,
        &keys[3].1,
        Method::POST,
        &format!("/api/tournaments/{t}/withdraw"),
        None,
    )
    .await;
    assert_eq!(status, 204);
    let (_, _, me) = as_player(
        &s,
        &keys[3].1,
        Method::GET,
        &format!("/api/tournaments/{t}/me"),
        None,
    )
    .await;
    assert_eq!(me, json!({ "joined": false }));
    // Asha resigns: Asha and Bahati are free, but they just met, and Dalila withdrew: nobody is paired.
    let (_, _, me) = as_player(
        &s,
        &keys[0].1,
        Method::GET,
        &format!("/api/tournaments/{t}/me"),
        None,
    )
    .await;
    resign(&s, &first, me["token"].as_str().unwrap()).await;
    tokio::time::sleep(Duration::from_millis(2500)).await;
    let view = get(&s, &t).await;
    assert_eq!(
        view["games"].as_array().unwrap().len(),
        1,
        "not the same two again at once: {view}"
    );
    // Chiku joins: paired with one of them.
    join(&s, &keys[2].1, &t).await;
    let view = until(&s, &t, "the newcomer is paired", |v| {
        v["games"].as_array().unwrap().len() == 2
    })
    .await;
    let standings = view["standings"].as_array().unwrap();
    assert_eq!(standings[0]["score"], 2.0, "a win is 2 points: {view}");
    assert_eq!(standings[0]["player"]["id"], keys[1].0.as_str());
    let dalila = standings
        .iter()
        .find(|l| l["player"]["id"] == keys[3].0.as_str())
        .unwrap();
    assert_eq!(
        (dalila["active"].clone(), dalila["games"].clone()),
        (json!(false), json!(0))
    );
}

#[tokio::test]
async fn an_arena_ends_on_time_and_lets_its_games_in_progress_finish() {
    // A minute of 200 ms: the shortest arena (5 minutes) lasts a second.
    let s = Server::fresh_with(|c| c.tournament_minute_ms = 200).await;
    let mut keys = Vec::new();
    for name in ["Eshe", "Faraji", "Gathoni"] {
        keys.push(player(&s, name).await);
    }
    let t = create(&s, &keys[0].1, arena(5)).await;
    join(&s, &keys[0].1, &t).await;
    join(&s, &keys[1].1, &t).await;
    let view = until(&s, &t, "the two are paired", |v| {
        v["games"].as_array().unwrap().len() == 1
    })
    .await;
    assert_eq!(
        view["ends_at"].as_i64().unwrap() - view["starts_at"].as_i64().unwrap(),
        1000
    );
    let done = until(&s, &t, "the arena ends on time", |v| {
        v["status"] == "finished"
    })
    .await;
    // A player joining now is refused; the game being played goes on and its result counts.
    let (status, _, v) = as_player(
        &s,
        &keys[2].1,
        Method::POST,
        &format!("/api/tournaments/{t}/join"),
        None,
    )
    .await;
    assert_eq!((status, v["error"].as_str()), (410, Some("gone")), "{v}");
    let game = done["games"][0].as_str().unwrap().to_owned();
    let (_, _, me) = as_player(
        &s,
        &keys[0].1,
        Method::GET,
        &format!("/api/tournaments/{t}/me"),
        None,
    )
    .await;
    assert_eq!(me["game"], game.as_str(), "the game goes on after the end");
    resign(&s, &game, me["token"].as_str().unwrap()).await;
    let view = until(&s, &t, "its result counts", |v| {
        v["standings"][0]["score"] == 2.0
    })
    .await;
    assert_eq!(view["standings"][0]["player"]["id"], keys[1].0.as_str());
    assert_eq!(
        view["games"].as_array().unwrap().len(),
        1,
        "nobody paired after the end: {view}"
    );
}

#[tokio::test]
async fn bad_tournaments_unknown_ones_and_the_daily_limit_are_refused() {
    let s = Server::fresh_with(|c| c.tournaments_per_day = 1).await;
    let (_, key) = player(&s, "Zuhura").await;
    for (body, code) in [
        (
            json!({ "kind": "knockout", "variant": "kujifunza", "clock": {"kind": "live", "initial_s": 180, "increment_s": 2} }),
            "bad_request",
        ),
        (
            json!({ "kind": "swiss", "variant": "kujifunza", "rounds": 1, "clock": {"kind": "live", "initial_s": 180, "increment_s": 2} }),
            "bad_request",
        ),
        (
            json!({ "kind": "arena", "variant": "kujifunza", "minutes": 30, "clock": {"kind": "correspondence", "days": 2} }),
            "bad_clock",
        ),
        (
            json!({ "kind": "arena", "variant": "chess", "minutes": 30, "clock": {"kind": "live", "initial_s": 180, "increment_s": 2} }),
            "unknown_variant",
        ),
        (
            json!({ "kind": "arena", "variant": "kujifunza", "minutes": 30, "clock": null }),
            "bad_clock",
        ),
        (
            json!({ "kind": "swiss", "variant": "kujifunza", "rounds": 3, "starts_at": now_ms() + 40 * 24 * 3600 * 1000_i64, "clock": {"kind": "live", "initial_s": 180, "increment_s": 2} }),
            "bad_request",
        ),
    ] {
        let (status, _, v) = as_player(
            &s,
            &key,
            Method::POST,
            "/api/tournaments",
            Some(body.clone()),
        )
        .await;
        assert_eq!(
            (status, v["error"].as_str()),
            (400, Some(code)),
            "{body} → {v}"
        );
    }
    // No player: refused.
    let (status, _) = s.post("/api/tournaments", swiss(3)).await;
    assert_eq!(status, 401);
    let id = create(&s, &key, swiss(3)).await;
    let (status, retry, v) =
        as_player(&s, &key, Method::POST, "/api/tournaments", Some(swiss(3))).await;
    assert_eq!(
        (status, v["error"].as_str()),
        (429, Some("rate_limited")),
        "{v}"
    );
    assert!(retry.is_some());
    for path in ["/api/tournaments/nosuch", "/api/tournaments/../x"] {
        let (status, v) = s.get_json(path).await;
        assert_eq!(status, 404, "{path}: {v}");
    }
    let (status, _, v) = as_player(
        &s,
        &key,
        Method::POST,
        "/api/tournaments/nosuchone/join",
        None,
    )
    .await;
    assert_eq!((status, v["error"].as_str()), (404, Some("not_found")));
    let (status, _, me) = as_player(
        &s,
        &key,
        Method::GET,
        &format!("/api/tournaments/{id}/me"),
        None,
    )
    .await;
    assert_eq!((status, me), (200, json!({ "joined": false })));
}

#[tokio::test]
async fn two_nodes_store_exactly_one_pairing_per_round() {
    let Some((_db, [one, two], _dirs)) = crate::lobby::two_nodes().await else {
        return;
    };
    let mut keys = Vec::new();
    for i in 0..6 {
        let at = if i % 2 == 0 { &one } else { &two };
        keys.push((at, player(at, &format!("Mchezaji {i}")).await));
    }
    let t = create(&one, &keys[0].1 .1, swiss(3)).await;
    for (at, (_, key)) in &keys {
        join(at, key, &t).await;
    }
    // Both nodes tick over the same rows: round 1 is paired once (three games, six players, no bye).
    let view = until(&two, &t, "round 1", |v| v["round"] == 1).await;
    tokio::time::sleep(Duration::from_millis(2500)).await;
    let view_later = get(&one, &t).await;
    assert_eq!(view_later["round"], 1, "{view_later}");
    let games = view_later["games"].as_array().unwrap();
    assert_eq!(games.len(), 3, "one pairing: {view} {view_later}");
    let mut players = HashSet::new();
    for g in games {
        let (status, snap) = one
            .get_json(&format!("/api/games/{}", g.as_str().unwrap()))
            .await;
        assert_eq!(status, 200);
        for side in ["south", "north"] {
            assert!(
                players.insert(
                    snap["seats"][side]["player"]["id"]
                        .as_str()
                        .unwrap_or_default()
                        .to_owned()
                ),
                "{snap}"
            );
        }
    }
    assert_eq!(players.len(), 6);
}

/// A node stops in the middle of a round: the other node takes its game over, and its own ticker pairs the next
/// round once that game ends, so the event goes on without the node that started it.
#[tokio::test]
async fn a_swiss_event_goes_on_when_the_node_that_paired_it_stops() {
    let Some((_db, [one, two], _dirs)) = crate::lobby::two_nodes().await else {
        return;
    };
    let (_, a) = player(&two, "Mwanaisha").await;
    let (_, b) = player(&two, "Juma").await;
    let t = create(&one, &a, swiss(2)).await;
    join(&two, &a, &t).await;
    join(&two, &b, &t).await;
    let round1 = until(&one, &t, "round 1", |v| v["round"] == 1).await;
    let game = round1["games"][0].as_str().unwrap().to_owned();
    one.stop().await;

    let me_a = me(&two, &a, &t).await;
    assert_eq!(me_a["game"], game.as_str(), "{me_a}");
    resign(&two, &game, me_a["token"].as_str().unwrap()).await;
    let view = until(&two, &t, "round 2 paired by the node left", |v| {
        v["round"] == 2
    })
    .await;
    let games = view["games"].as_array().unwrap();
    assert_eq!(games.len(), 2, "{view}");
    // Round 2's game is playable on the node left, seated from …/me.
    let me_b = me(&two, &b, &t).await;
    assert_eq!(me_b["game"], games[1], "{me_b}");
    resign(
        &two,
        games[1].as_str().unwrap(),
        me_b["token"].as_str().unwrap(),
    )
    .await;
    let done = until(&two, &t, "the event ends", |v| v["status"] == "finished").await;
    let scores: Vec<f64> = done["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["score"].as_f64().unwrap())
        .collect();
    assert_eq!(scores, [1.0, 1.0], "a win each: {done}");
    two.stop().await;
}

#[tokio::test]
async fn a_swiss_event_goes_on_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let s = Server::start(dir.path()).await;
    let (_, a) = player(&s, "Asha").await;
    let (_, b) = player(&s, "Bakari").await;
    let t = create(&s, &a, swiss(2)).await;
    join(&s, &a, &t).await;
    join(&s, &b, &t).await;
    let round1 = until(&s, &t, "round 1", |v| v["round"] == 1).await;
    let game = round1["games"][0].as_str().unwrap().to_owned();
    s.stop().await;

    // The restarted server knows the tournament, its players and its game, and pairs round 2 once it ends.
    let s = Server::start(dir.path()).await;
    let view = get(&s, &t).await;
    assert_eq!(
        (view["round"].clone(), view["players"].clone()),
        (json!(1), json!(2))
    );
    let (_, _, me) = as_player(
        &s,
        &a,
        Method::GET,
        &format!("/api/tournaments/{t}/me"),
        None,
    )
    .await;
    assert_eq!(me["game"], game.as_str());
    resign(&s, &game, me["token"].as_str().unwrap()).await;
    let view = until(&s, &t, "round 2 after the restart", |v| v["round"] == 2).await;
    assert_eq!(view["games"].as_array().unwrap().len(), 2, "{view}");
    s.stop().await;
}

/// The p-th percentile (0..=100) of `xs` (sorted here), in ms.
fn percentile(xs: &mut [f64], p: f64) -> f64 {
    xs.sort_by(f64::total_cmp);
    if xs.is_empty() {
        return f64::NAN;
    }
    let i = ((p / 100.0) * (xs.len() - 1) as f64).round() as usize;
    xs[i.min(xs.len() - 1)]
}

/// Figures, not checks (docs/benchmarks.md, "Tournaments"): an arena of 500 players, each with a lobby socket.
/// `cargo nextest run -p bao-server --run-ignored only arena_of_500 --no-capture`
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore]
async fn arena_of_500_figures() {
    const N: usize = 500;
    let s = Server::fresh_with(|c| {
        c.tournament_players = N as u32;
        c.create_per_minute = 1e9;
        c.ws_per_address = 10_000;
        c.ws_connect_rate = 1e6;
        c.ws_connect_burst = 1e6;
        c.ws_address_rate = 1e6;
        c.ws_address_burst = 1e6;
    })
    .await;
    let mut players = Vec::with_capacity(N);
    for i in 0..N {
        let (id, key) = player(&s, &format!("Load {i}")).await;
        let (ws, _) = lobby(&s, Some(&key)).await;
        players.push((id, key, ws));
    }
    let starts_in = 4000;
    let mut body = arena(60);
    body["starts_at"] = json!(now_ms() + starts_in);
    let t = create(&s, &players[0].1, body).await;
    let joined = Instant::now();
    for (_, key, _) in &players {
        join(&s, key, &t).await;
    }
    eprintln!("{N} joins in {:?}", joined.elapsed());
    let start = Instant::now() + Duration::from_millis(starts_in as u64) - joined.elapsed();
    // Every player's `paired`, timed from the arena's start.
    let mut waits = Vec::new();
    let mut games: Vec<(String, String)> = Vec::new();
    for (_, _, ws) in players.iter_mut() {
        let p = within(ws, "paired", Duration::from_secs(60))
            .await
            .expect("paired at the start");
        waits.push(start.elapsed().as_secs_f64() * 1000.0);
        if p["seat"] == "south" {
            games.push((
                p["game"].as_str().unwrap().to_owned(),
                p["token"].as_str().unwrap().to_owned(),
            ));
        }
    }
    eprintln!(
        "start: all {N} told; from the start p50 {:.0} ms, p99 {:.0} ms, last {:.0} ms",
        percentile(&mut waits, 50.0),
        percentile(&mut waits, 99.0),
        percentile(&mut waits, 100.0)
    );
    // Every South resigns; all 500 wait for their next pairing (never the same opponent).
    let resigned = Instant::now();
    for (game, token) in &games {
        resign(&s, game, token).await;
    }
    eprintln!("{} resignations in {:?}", games.len(), resigned.elapsed());
    let mut again = Vec::new();
    for (_, _, ws) in players.iter_mut() {
        if within(ws, "paired", Duration::from_secs(60))
            .await
            .is_some()
        {
            again.push(resigned.elapsed().as_secs_f64() * 1000.0);
        }
    }
    eprintln!(
        "re-pairing: {} told; from the first resignation p50 {:.0} ms, p99 {:.0} ms",
        again.len(),
        percentile(&mut again, 50.0),
        percentile(&mut again, 99.0)
    );
    // The standings as the pages read them.
    let mut reads = Vec::new();
    for _ in 0..50 {
        let at = Instant::now();
        let v = get(&s, &t).await;
        reads.push(at.elapsed().as_secs_f64() * 1000.0);
        assert_eq!(v["standings"].as_array().unwrap().len(), N);
    }
    eprintln!(
        "GET /api/tournaments/{{id}} with {N} players and {} games: p50 {:.0} ms, p99 {:.0} ms",
        games.len() * 2,
        percentile(&mut reads, 50.0),
        percentile(&mut reads, 99.0)
    );
}
