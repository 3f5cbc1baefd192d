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
