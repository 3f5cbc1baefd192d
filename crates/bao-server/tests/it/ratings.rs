//! Ratings and leaderboards (protocol.md, "Ratings and leaderboards"; issue 33), spoken to the real server: a
//! rated game from a rated seek changes both ratings once, `ended` and the snapshot say by how much, the
//! profiles, graphs, summaries and seats show them, a restart counts nothing twice, rated games cannot be taken
//! back, casual and aborted games change nothing, and the leaderboard's answers.

use crate::common;
use crate::lobby::{accept, as_player, lobby, open_seek, player, within};

use common::{Server, Ws, WAIT};
use serde_json::{json, Value};

/// The two players of a game made from a seek: ids, keys, seat tokens, south's first.
struct Pair {
    game: String,
    ids: [String; 2],
    keys: [String; 2],
    tokens: [String; 2],
}

/// A game between two new players from a seek of `variant` (south's, rated or not), correspondence clock.
async fn seek_game(s: &Server, variant: &str, rated: bool) -> Pair {
    let (a, a_key) = player(s, "Asha").await;
    let (b, b_key) = player(s, "Baraka").await;
    let (mut a_ws, _) = lobby(s, Some(&a_key)).await;
    let seek = open_seek(
        s,
        &a_key,
        json!({ "variant": variant, "clock": { "kind": "correspondence", "days": 2 }, "seat": "south",
                "rated": rated }),
    )
    .await;
    let (status, took) = accept(s, &b_key, &seek).await;
    assert_eq!(status, 201, "{took}");
    assert_eq!(took["seat"], "north");
    let paired = within(&mut a_ws, "paired", WAIT).await.expect("told");
    Pair {
        game: took["game"].as_str().unwrap().to_owned(),
        ids: [a, b],
        keys: [a_key, b_key],
        tokens: [
            paired["token"].as_str().unwrap().to_owned(),
            took["token"].as_str().unwrap().to_owned(),
        ],
    }
}

/// South plays its first legal move; both see it.
async fn south_moves(s: &Server, g: &Pair, a: &mut Ws, b: &mut Ws) {
    let (_, snap) = s.get_json(&format!("/api/games/{}", g.game)).await;
    let mv = snap["legal"][0].as_str().unwrap().to_owned();
    a.send(json!({"t": "move", "ply": 0, "move": mv})).await;
    a.recv_t("moved").await;
    b.recv_t("moved").await;
}

#[tokio::test]
async fn a_rated_game_changes_both_ratings_once_and_every_view_shows_it() {
    let dir = tempfile::tempdir().unwrap();
    let s = Server::start(dir.path()).await;
    let g = seek_game(&s, "kiswahili", true).await;
    let (_, snap) = s.get_json(&format!("/api/games/{}", g.game)).await;
    assert_eq!(snap["rated"], true, "{snap}");
    assert_eq!(
        snap["seats"]["south"]["player"]["rating"],
        Value::Null,
        "no rating before the first game"
    );
    let (mut a, mut b) = s.seated(&g.game, &g.tokens[0], &g.tokens[1]).await;
    south_moves(&s, &g, &mut a, &mut b).await;
    // No takeback in a rated game.
    a.send(json!({"t": "takeback"})).await;
    let refused = a.recv_t("error").await;
    assert_eq!(refused["code"], "bad_message", "{refused}");
    assert!(
        refused["message"].as_str().unwrap().contains("rated"),
        "{refused}"
    );
    // North resigns: both sockets are told the change.
    b.send(json!({"t": "resign"})).await;
    let ended = a.recv_t("ended").await;
    assert_eq!(b.recv_t("ended").await, ended);
    assert_eq!(ended["result"]["winner"], "south");
    assert_eq!(
        ended["ratings"],
        json!({"south": {"before": 1500, "after": 1662}, "north": {"before": 1500, "after": 1338}}),
        "Glicko-2 from 1500 and 350 each"
    );
    // The profiles, the graphs, the game's snapshot and summary, the players' game lists.
    let (status, profile) = s.get_json(&format!("/api/players/{}", g.ids[0])).await;
    assert_eq!(status, 200);
    let r = &profile["ratings"]["kiswahili"];
    assert_eq!(
        (r["rating"].as_f64(), r["games"].as_u64()),
        (Some(1662.0), Some(1)),
        "{profile}"
    );
    assert_eq!(r["provisional"], true);
    assert!(r["deviation"].as_f64().unwrap() < 350.0);
    assert!(
        profile["ratings"].get("kiswahili-malawi").is_none(),
        "variants apart: {profile}"
    );
    let (_, _, me) = as_player(
        &s,
        &g.keys[1],
        reqwest::Method::GET,
        "/api/players/me",
        None,
    )
    .await;
    assert_eq!(me["ratings"]["kiswahili"]["rating"], 1338.0);
    let (status, graph) = s
        .get_json(&format!("/api/players/{}/rating-history", g.ids[1]))
        .await;
    assert_eq!(status, 200);
    assert_eq!(graph["kiswahili"][0]["rating"], 1338, "{graph}");
    assert_eq!(graph["kiswahili"][0]["game"], g.game.as_str());
    let (_, snap) = s.get_json(&format!("/api/games/{}", g.game)).await;
    assert_eq!(
        snap["ratings"], ended["ratings"],
        "a page opened later shows the change too"
    );
    let (_, games) = s
        .get_json(&format!("/api/players/{}/games", g.ids[0]))
        .await;
    assert_eq!(games[0]["id"], g.game.as_str());
    assert_eq!(games[0]["rated"], true);
    assert_eq!(games[0]["seats"]["south"]["player"]["rating"], 1662);
    // The export carries the same.
    let (status, _, export) = as_player(
        &s,
        &g.keys[0],
        reqwest::Method::GET,
        "/api/players/me/export",
        None,
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(export["player"]["id"], g.ids[0].as_str());
    assert_eq!(export["rating_history"]["kiswahili"][0]["rating"], 1662);
    assert_eq!(export["games"][0]["id"], g.game.as_str());
    let (status, _, _) = as_player(
        &s,
        "nobody",
        reqwest::Method::GET,
        "/api/players/me/export",
        None,
    )
    .await;
    assert_eq!(status, 401);
    assert_eq!(s.metric("bao_rated_games_counted_total").await, 1.0);
    a.close().await;
    b.close().await;

    // After a restart the game loads again (its room counts nothing twice) and the sweep finds nothing.
    s.stop().await;
    let s = Server::start(dir.path()).await;
    let (_, snap) = s.get_json(&format!("/api/games/{}", g.game)).await;
    assert_eq!(snap["ratings"]["south"]["after"], 1662);
    let (_, profile) = s.get_json(&format!("/api/players/{}", g.ids[0])).await;
    assert_eq!(
        profile["ratings"]["kiswahili"]["games"], 1,
        "counted once: {profile}"
    );
    assert_eq!(
        s.metric("bao_rated_games_counted_total").await,
        0.0,
        "nothing counted again"
    );
}

#[tokio::test]
async fn casual_and_aborted_games_change_no_rating_and_casual_ones_may_be_taken_back() {
    let s = Server::fresh().await;
    let casual = seek_game(&s, "kujifunza", false).await;
    let (mut a, mut b) = s
        .seated(&casual.game, &casual.tokens[0], &casual.tokens[1])
        .await;
    south_moves(&s, &casual, &mut a, &mut b).await;
    a.send(json!({"t": "takeback"})).await;
    let offer = b.recv_t("takeback").await;
    assert_eq!(offer["offered_by"], "south", "{offer}");
    b.send(json!({"t": "resign"})).await;
    let ended = a.recv_t("ended").await;
    assert!(ended.get("ratings").is_none(), "{ended}");
    let (_, profile) = s.get_json(&format!("/api/players/{}", casual.ids[0])).await;
    assert_eq!(profile["ratings"], json!({}), "{profile}");

    let rated = seek_game(&s, "kujifunza", true).await;
    let (mut a, mut b) = s
        .seated(&rated.game, &rated.tokens[0], &rated.tokens[1])
        .await;
    south_moves(&s, &rated, &mut a, &mut b).await;
    b.send(json!({"t": "abort"})).await;
    let ended = a.recv_t("ended").await;
    assert_eq!(ended["result"]["reason"], "aborted");
    assert!(ended.get("ratings").is_none(), "{ended}");
    let (_, profile) = s.get_json(&format!("/api/players/{}", rated.ids[1])).await;
    assert_eq!(
        profile["ratings"],
        json!({}),
        "an aborted game counts for nothing: {profile}"
    );
}

#[tokio::test]
async fn the_leaderboard_answers_per_variant_and_refuses_what_is_not_one() {
    let s = Server::fresh().await;
    let (status, board) = s.get_json("/api/leaderboard?variant=kimasai").await;
    assert_eq!((status, board), (200, json!([])));
    // One rated game makes nobody settled enough for the board.
    let g = seek_game(&s, "kimasai", true).await;
    let (_, mut b) = s.seated(&g.game, &g.tokens[0], &g.tokens[1]).await;
    b.send(json!({"t": "resign"})).await;
    b.recv_t("ended").await;
    let (_, board) = s.get_json("/api/leaderboard?variant=kimasai").await;
    assert_eq!(board, json!([]), "provisional players are left out");
    let (status, err) = s.get_json("/api/leaderboard?variant=chess").await;
    assert_eq!(
        (status, err["error"].as_str()),
        (400, Some("unknown_variant")),
        "{err}"
    );
    let (status, err) = s.get_json("/api/leaderboard").await;
    assert_eq!(status, 400, "{err}");
    let (status, err) = s.get_json("/api/players/nobody/rating-history").await;
    assert_eq!(
        (status, err["error"].as_str()),
        (404, Some("not_found")),
        "{err}"
    );
}
