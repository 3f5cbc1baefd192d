//! The computer opponent: it plays, rematches, stops thinking when its human leaves, and shares the cores.

use super::*;
use std::time::Duration;

#[tokio::test]
async fn computer_opponent_plays_and_rematches() {
    let s = Server::fresh().await;
    let (id, seat, token) = s
        .create(json!({"variant": "kujifunza", "seat": "north", "opponent": "computer", "level": "easy"}))
        .await;
    assert_eq!(seat, "north");
    let (_, snap) = s.get_json(&format!("/api/games/{id}")).await;
    assert_eq!(snap["status"], "playing");
    assert_eq!(snap["seats"]["south"]["kind"], "computer");
    assert_eq!(snap["seats"]["south"]["online"], true);
    assert_eq!(
        snap["moves"],
        json!([]),
        "no thinking while the human is away"
    );
    let mut h = s.ws(&id).await;
    h.hello(Some(&token), 0).await;
    let first = h.recv_t("moved").await;
    assert_eq!(first["by"], "south");
    let mv = first["legal"][0].as_str().unwrap().to_owned();
    h.send(json!({"t": "move", "ply": 1, "move": mv})).await;
    assert_eq!(h.recv_t("moved").await["by"], "north");
    assert_eq!(h.recv_t("moved").await["by"], "south");
    h.send(json!({"t": "resign"})).await;
    h.recv_t("ended").await;
    h.send(json!({"t": "rematch"})).await;
    let r = h.recv_t("rematch").await;
    assert_eq!(r["seat"], "south");
    let game = r["game"].as_str().unwrap().to_owned();
    let mut h2 = s.ws(&game).await;
    assert_eq!(h2.hello(r["token"].as_str(), 0).await["you"], "south");
    let (_, snap) = s.get_json(&format!("/api/games/{game}")).await;
    assert_eq!(snap["seats"]["north"]["kind"], "computer");
    assert_eq!(snap["level"], "easy");
    s.stop().await;
}

/// The computer stops thinking as soon as its human opponent leaves (its hard search would take 1.5 s),
/// plays nothing while they are away, and thinks again in full when they come back. The human first plays
/// past the opening book, whose moves the computer plays at once.
#[tokio::test]
async fn computer_stops_thinking_when_the_human_leaves() {
    let s = Server::fresh().await;
    let (id, _, token) = s
        .create(json!({"variant": "kiswahili", "seat": "south", "opponent": "computer", "level": "hard"}))
        .await;
    let mut h = s.ws(&id).await;
    h.hello(Some(&token), 0).await;
    let ply = h.play_out_of_the_book("kiswahili").await;
    let until = |ms| std::time::Instant::now() + Duration::from_millis(ms);
    let deadline = until(1_000);
    while s.metric("bao_computer_searches").await < 1.0 {
        assert!(
            std::time::Instant::now() < deadline,
            "the computer never started thinking"
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    h.close().await;
    let left = std::time::Instant::now();
    while s.metric("bao_computer_searches").await > 0.0 {
        assert!(
            left.elapsed() < Duration::from_millis(1_000),
            "the computer kept thinking after its opponent left"
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    tokio::time::sleep(Duration::from_millis(100)).await;
    let (_, snap) = s.get_json(&format!("/api/games/{id}")).await;
    assert_eq!(
        snap["moves"].as_array().map(Vec::len),
        Some(ply as usize),
        "a cut-short search plays nothing"
    );
    let mut h = s.ws(&id).await;
    h.hello(Some(&token), 0).await;
    // (Moves from before, if the server sends them again, come first.)
    let mut m = h.recv_t("moved").await;
    while m["ply"].as_u64() < Some(ply) {
        m = h.recv_t("moved").await;
    }
    assert_eq!(
        (m["by"].as_str(), m["ply"].as_u64()),
        (Some("north"), Some(ply)),
        "{m}"
    );
    s.stop().await;
}

/// With `--computer-threads 1`, three computer games thinking at once take turns: never more than one search
/// runs, and every game still gets its move.
#[tokio::test]
async fn computer_searches_take_turns_for_the_cores() {
    let s = Server::fresh_with(|c| {
        c.computer_threads = 1;
    })
    .await;
    let mut humans = Vec::new();
    for _ in 0..3 {
        let (id, _, token) = s
            .create(json!({"variant": "kiswahili", "seat": "south", "opponent": "computer", "level": "hard"}))
            .await;
        let mut h = s.ws(&id).await;
        h.hello(Some(&token), 0).await;
        humans.push(h);
    }
    // The searches that wait their turn show in `bao_computer_searches_waiting`.
    let most_waiting = std::cell::Cell::new(0.0f64);
    let watch = async {
        let mut most = 0.0f64;
        loop {
            most = most.max(s.metric("bao_computer_searches").await);
            let waiting = s.metric("bao_computer_searches_waiting").await;
            most_waiting.set(most_waiting.get().max(waiting));
            tokio::time::sleep(Duration::from_millis(10)).await;
            if most > 1.0 {
                return most;
            }
        }
    };
    // Each human plays past the opening book (whose moves the computer plays at once, though each holds a
    // slot meanwhile), then waits for a searched move, all three at once.
    let moves = async {
        futures_util::future::join_all(humans.iter_mut().map(|h| async move {
            h.play_out_of_the_book("kiswahili").await;
            assert_eq!(h.recv_t("moved").await["by"], "north");
        }))
        .await;
    };
    tokio::select! {
        most = watch => panic!("{most} computer searches ran at once"),
        () = moves => {}
    }
    assert!(s.metric("bao_computer_searches").await <= 1.0);
    assert!(
        most_waiting.get() >= 1.0,
        "no search was seen waiting for its turn"
    );
    assert_eq!(s.metric("bao_computer_searches_waiting").await, 0.0);
    s.stop().await;
}

/// With `--computer-seed` every game's computer draws its random choices from that one seed (xor the ply), so
/// the same moves get the same replies in every game: each reply here is the one bao-ai gives at that seed.
#[tokio::test]
async fn a_computer_seed_makes_the_computers_replies_reproducible() {
    const SEED: u64 = 7;
    let s = Server::fresh_with(|c| c.computer_seed = Some(SEED)).await;
    let mut games = Vec::new();
    for _ in 0..2 {
        let (id, _, token) = s
            .create(json!({"variant": "kujifunza", "seat": "north", "opponent": "computer", "level": "easy"}))
            .await;
        let mut h = s.ws(&id).await;
        h.hello(Some(&token), 0).await;
        let mut pos = Position::new(Variant::Kujifunza);
        let mut played = Vec::new();
        for ply in 0..6u64 {
            let ev = h.recv_t("moved").await;
            let mv: bao_core::Move = ev["move"].as_str().unwrap().parse().unwrap();
            if ply % 2 == 0 {
                assert_eq!(ev["by"], "south", "the computer moves at even plies");
                let want =
                    bao_ai::choose_move_within(&pos, bao_ai::Level::Easy, SEED ^ ply, None, None);
                assert_eq!(
                    Some(mv),
                    want,
                    "the computer's reply at ply {ply} is the seed's"
                );
            }
            pos = pos.play(mv).unwrap().0;
            played.push(mv.to_string());
            if !ev["result"].is_null() {
                break;
            }
            if ply % 2 == 0 {
                let reply = ev["legal"][0].as_str().unwrap().to_owned();
                h.send(json!({"t": "move", "ply": ply + 1, "move": reply}))
                    .await;
            }
        }
        games.push(played);
    }
    assert_eq!(games[0], games[1], "two games, the same moves");
    s.stop().await;
}

/// The eight numbered levels (`"1"`-`"8"`) are accepted beside easy, medium and hard, a game keeps the value
/// it was created with across a restart (stored and read back), the computer plays at a numbered level, and
/// anything else is refused with the accepted values named.
#[tokio::test]
async fn numbered_levels_are_accepted_kept_and_bad_ones_refused() {
    let dir = tempfile::tempdir().unwrap();
    let s = Server::start(dir.path()).await;
    let mut ids = Vec::new();
    for level in ["easy", "medium", "hard", "1", "3", "8"] {
        let (id, _, _) = s
            .create(json!({"variant": "kiswahili", "seat": "south", "opponent": "computer", "level": level}))
            .await;
        let (_, snap) = s.get_json(&format!("/api/games/{id}")).await;
        assert_eq!(snap["level"], level);
        ids.push((id, level));
    }
    for bad in [
        json!("9"),
        json!("0"),
        json!("10"),
        json!("hard-v1"),
        json!("Easy"),
        json!(3),
        json!(""),
    ] {
        let (status, body) = s
            .post(
                "/api/games",
                json!({"variant": "kiswahili", "opponent": "computer", "level": bad}),
            )
            .await;
        assert_eq!(status, 400, "{bad}: {body}");
        assert_eq!(body["error"], "bad_request", "{bad}: {body}");
        let msg = body["message"].as_str().unwrap_or_default();
        // A number is refused by the JSON's type (levels are strings, "3"); a string names the levels.
        let expect = if bad.is_number() { "string" } else { "1 to 8" };
        assert!(msg.contains(expect), "{bad}: the message says why: {msg}");
    }
    // The computer answers at level 3 (North, after the human's first move).
    let (id, _, token) = s
        .create(
            json!({"variant": "kujifunza", "seat": "south", "opponent": "computer", "level": "3"}),
        )
        .await;
    let (_, snap) = s.get_json(&format!("/api/games/{id}")).await;
    let mv = snap["legal"][0].as_str().unwrap().to_owned();
    let mut h = s.ws(&id).await;
    h.hello(Some(&token), 0).await;
    h.send(json!({"t": "move", "ply": 0, "move": mv})).await;
    assert_eq!(h.recv_t("moved").await["by"], "south");
    assert_eq!(h.recv_t("moved").await["by"], "north");
    let (_, record) = s.get_text(&format!("/api/games/{id}/record")).await;
    assert!(record.contains("computer (level 3)"), "{record}");
    drop(h);
    s.stop().await;
    let s = Server::start(dir.path()).await;
    for (id, level) in &ids {
        let (status, snap) = s.get_json(&format!("/api/games/{id}")).await;
        assert_eq!(status, 200, "{id}");
        assert_eq!(snap["level"], *level, "{id} after the restart");
    }
    s.stop().await;
}

/// `GET /api/levels`: the eight levels, weakest first, with their aliases and the measured ratings, level 1
/// at the anchor.
#[tokio::test]
async fn the_levels_are_served_with_their_ratings() {
    let s = Server::fresh().await;
    let (status, body) = s.get_json("/api/levels").await;
    assert_eq!(status, 200, "{body}");
    let levels = body["levels"].as_array().unwrap();
    assert_eq!(levels.len(), 8);
    for (i, l) in levels.iter().enumerate() {
        assert_eq!(l["level"], (i + 1).to_string());
        assert_eq!(l["number"], i + 1);
    }
    assert_eq!(levels[1]["alias"], "easy");
    assert_eq!(levels[4]["alias"], "medium");
    assert_eq!(levels[7]["alias"], "hard");
    assert_eq!(levels[0]["alias"], Value::Null);
    for variant in ["kujifunza", "kiswahili"] {
        let r = |i: usize| levels[i]["ratings"][variant]["rating"].as_i64().unwrap();
        assert_eq!(r(0) as f64, body["anchor"].as_f64().unwrap(), "{variant}");
        assert!(r(7) > r(0) + 400, "{variant}: the top is far above level 1");
        for l in levels {
            let x = &l["ratings"][variant];
            assert!(
                x["low"].as_i64() <= x["rating"].as_i64()
                    && x["rating"].as_i64() <= x["high"].as_i64()
            );
        }
    }
    s.stop().await;
}
