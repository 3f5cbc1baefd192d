//! `GET /api/games/{id}/review` (protocol.md, "Review and puzzles"): 404 and 409 before a game can be
//! reviewed, 202 while the computer reviews it, then the same 200 for everyone, kept across a restart; a full
//! queue refused with 503 `busy`. The searches use a tiny budget (`review_ms`) to keep the tests fast.

use crate::common;

use std::time::Duration;

use common::{test_config, Server, Ws};
use serde_json::{json, Value};

/// South and north of a new friends' game of `variant`, connected and welcomed. Returns (id, south, north).
async fn friends(s: &Server, variant: &str) -> (String, Ws, Ws) {
    let (id, south, north) = s.friends_game(variant).await;
    let (a, b) = s.seated(&id, &south, &north).await;
    (id, a, b)
}

/// Plays `plies` moves (the first legal move each time) and has the side to move resign: a short finished
/// game. Returns its id and the moves played.
async fn short_finished_game(s: &Server, variant: &str, plies: u64) -> (String, Vec<String>) {
    short_game_from(s, variant, plies, None).await
}

/// [`short_finished_game`], with `first` as the first move instead of the first legal one.
async fn short_game_from(
    s: &Server,
    variant: &str,
    plies: u64,
    first: Option<String>,
) -> (String, Vec<String>) {
    let (id, mut a, mut b) = friends(s, variant).await;
    let (_, snap) = s.get_json(&format!("/api/games/{id}")).await;
    let mut legal = snap["legal"].as_array().unwrap().clone();
    let mut moves = Vec::new();
    for ply in 0..plies {
        let mv = match (&first, ply) {
            (Some(f), 0) => f.clone(),
            _ => legal[0].as_str().unwrap().to_owned(),
        };
        let mover = if ply % 2 == 0 { &mut a } else { &mut b };
        mover
            .send(json!({"t": "move", "ply": ply, "move": mv}))
            .await;
        let ev = a.recv_t("moved").await;
        assert!(ev["result"].is_null(), "the game ended early: {ev}");
        legal = ev["legal"].as_array().unwrap().clone();
        moves.push(mv);
    }
    a.send(json!({"t": "resign"})).await;
    b.recv_t("ended").await;
    (id, moves)
}

/// Asks for the review until it is ready; returns it, after checking that the first answer was 202.
pub async fn review(s: &Server, id: &str) -> Value {
    let path = format!("/api/games/{id}/review");
    let r = s.http.get(s.url(&path)).send().await.unwrap();
    assert_eq!(r.status(), 202);
    assert_eq!(r.headers()["retry-after"], "1");
    assert_eq!(r.json::<Value>().await.unwrap()["status"], "reviewing");
    for _ in 0..500 {
        let (code, body) = s.get_json(&path).await;
        match code {
            200 => return body,
            202 => tokio::time::sleep(Duration::from_millis(20)).await,
            other => panic!("review answered {other}: {body}"),
        }
    }
    panic!("the review of {id} did not finish");
}

/// Checks a review of `moves` (from the start of `variant`): every field, and `book` against the opening
/// book itself.
fn check_review(review: &Value, variant: &str, moves: &[String]) {
    let list = review["moves"].as_array().unwrap();
    assert_eq!(list.len(), moves.len(), "{review}");
    let mut pos = bao_core::Position::new(variant.parse().unwrap());
    for (i, m) in list.iter().enumerate() {
        let mv: bao_core::Move = moves[i].parse().unwrap();
        let booked = bao_ai::book::lookup(&pos).is_some_and(|e| e.mv == mv);
        assert_eq!(m["book"], booked, "{m}");
        if booked {
            assert_eq!(m["best"], m["move"], "the book's move is the best: {m}");
        }
        pos = pos.play(mv).unwrap().0;
        assert_eq!(m["ply"], i as u64);
        assert_eq!(m["move"], moves[i].as_str());
        assert!(m["best"].is_string(), "{m}");
        assert!(
            m["score_before"].is_i64() && m["score_after"].is_i64(),
            "{m}"
        );
        let class = m["class"].as_str().unwrap();
        assert!(
            ["best", "good", "inaccuracy", "mistake", "blunder"].contains(&class),
            "{m}"
        );
        if m["move"] == m["best"] {
            assert_eq!(class, "best", "the computer's own move is best: {m}");
        }
        if matches!(class, "mistake" | "blunder") {
            assert_eq!(
                m["line"][0], m["best"],
                "the better line starts with best: {m}"
            );
        } else {
            assert!(m.get("line").is_none(), "{m}");
        }
    }
}

#[tokio::test]
async fn unknown_and_unfinished_games_are_refused_and_finished_ones_reviewed() {
    let s = Server::fresh_with(|c| c.review_ms = 5).await;
    let (code, body) = s.get_json("/api/games/nosuchgame/review").await;
    assert_eq!((code, body["error"].as_str()), (404, Some("not_found")));

    let (id, mut a, _b) = friends(&s, "kujifunza").await;
    let (code, body) = s.get_json(&format!("/api/games/{id}/review")).await;
    assert_eq!((code, body["error"].as_str()), (409, Some("not_finished")));
    a.send(json!({"t": "resign"})).await;
    a.recv_t("ended").await;
    // A game with no move has an empty review.
    assert_eq!(review(&s, &id).await, json!({"moves": []}));

    let (id, moves) = short_finished_game(&s, "kiswahili", 6).await;
    let first = review(&s, &id).await;
    check_review(&first, "kiswahili", &moves);
    assert_eq!(
        s.metric("bao_reviews_waiting").await,
        0.0,
        "nothing waits once done"
    );
    // Computed once: asked again (as anyone: no token is sent), the same answer at once.
    let (code, again) = s.get_json(&format!("/api/games/{id}/review")).await;
    assert_eq!((code, &again), (200, &first));
    s.stop().await;
}

/// A game opened with the opening book's move: the review marks that move as the book's (and the others by
/// the book too, which `check_review` compares).
#[tokio::test]
async fn the_opening_books_move_is_marked_in_the_review() {
    let s = Server::fresh_with(|c| c.review_ms = 5).await;
    for variant in ["kiswahili", "kujifunza"] {
        let start = bao_core::Position::new(variant.parse().unwrap());
        let book = bao_ai::book::lookup(&start).expect("the book holds the start");
        let (id, moves) = short_game_from(&s, variant, 3, Some(book.mv.to_string())).await;
        let r = review(&s, &id).await;
        check_review(&r, variant, &moves);
        assert_eq!(r["moves"][0]["book"], true, "{r}");
        // Kujifunza is solved: the proof's forced win comes before the book's score.
        let score = bao_ai::solved::verdict(&start)
            .map_or(book.score, |v| bao_ai::solved::score(&start, &v));
        assert_eq!(
            r["moves"][0]["score_before"], score,
            "the book's (or the proof's) score: {r}"
        );
    }
    s.stop().await;
}

#[tokio::test]
async fn a_review_is_kept_across_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = test_config(dir.path());
    config.review_ms = 5;
    let s = Server::start_with(config.clone()).await;
    let (id, moves) = short_finished_game(&s, "kimasai", 4).await;
    let first = review(&s, &id).await;
    check_review(&first, "kimasai", &moves);
    s.stop().await;

    let s = Server::start_with(config).await;
    let (code, body) = s.get_json(&format!("/api/games/{id}/review")).await;
    assert_eq!(code, 200, "not computed again: {body}");
    assert_eq!(body, first);
    s.stop().await;
}

#[tokio::test]
async fn a_full_queue_is_refused_with_busy() {
    // One game reviewed at a time and one waiting: a third is refused. Long searches keep the first busy:
    // 6 plies, so that at least the last position is past the opening book (at most 5 plies deep) and
    // searched.
    let s = Server::fresh_with(|c| {
        c.review_ms = 1000;
        c.review_queue = 1;
    })
    .await;
    let mut ids = Vec::new();
    for _ in 0..3 {
        ids.push(short_finished_game(&s, "kiswahili", 6).await.0);
    }
    let (code, _) = s.get_json(&format!("/api/games/{}/review", ids[0])).await;
    assert_eq!(code, 202);
    let (code, body) = s.get_json(&format!("/api/games/{}/review", ids[1])).await;
    let (code3, body3) = s.get_json(&format!("/api/games/{}/review", ids[2])).await;
    // The worker may not have taken the first game yet, in which case the second is the one refused.
    let refused = if code == 503 { body } else { body3.clone() };
    assert!(code == 503 || code3 == 503, "{code} {code3}");
    assert_eq!(refused["error"], "busy");
    // Asking again for a queued game does not queue it twice.
    let (code, _) = s.get_json(&format!("/api/games/{}/review", ids[0])).await;
    assert_eq!(code, 202);
    // Two games are queued or being reviewed (the first search alone takes a second).
    assert_eq!(s.metric("bao_reviews_waiting").await, 2.0);
    s.stop().await;
}
