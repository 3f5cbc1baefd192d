//! Time controls (protocol.md, "Time controls"): the clock in the snapshot and events, charged by the
//! server, the flag, the first-move abort, and a restart that charges nobody for the downtime.
//!
//! Time is moved with tokio's paused clock (`pause`, `advance`, `resume`): the server runs on the test's
//! runtime, so its timers and its clock jump with it, and no test sleeps.

use crate::common;

use std::time::Duration;

use common::{Server, Ws};
use serde_json::{json, Value};

/// Moves the whole runtime's time (the server's too) forward by `d`, then lets it run in real time again.
async fn jump(d: Duration) {
    tokio::time::pause();
    tokio::time::advance(d).await;
    tokio::time::resume();
}

/// A live game between friends (south created it), both connected. Returns (id, south, north sockets).
async fn clocked_game(s: &Server, clock: Value) -> (String, Ws, Ws) {
    let (id, _, south) = s
        .create(json!({"variant": "kujifunza", "seat": "south", "clock": clock}))
        .await;
    let (status, j) = s.post(&format!("/api/games/{id}/join"), json!({})).await;
    assert_eq!(status, 200, "{j}");
    let north = j["token"].as_str().unwrap().to_owned();
    let (a, b) = s.seated(&id, &south, &north).await;
    (id, a, b)
}

/// Plays the first legal move at `ply` from `mover`; both sockets read the `moved` event, which is returned.
async fn play_first(mover: &mut Ws, other: &mut Ws, ply: u64, legal: &Value) -> Value {
    let mv = legal[0].as_str().unwrap().to_owned();
    mover
        .send(json!({"t": "move", "ply": ply, "move": mv}))
        .await;
    let ev = mover.recv_t("moved").await;
    assert_eq!(other.recv_t("moved").await, ev);
    ev
}

/// Both first moves; returns the second `moved` event.
async fn both_first_moves(s: &Server, id: &str, a: &mut Ws, b: &mut Ws) -> Value {
    let snap = snapshot(s, id).await;
    let first = play_first(a, b, 0, &snap["legal"]).await;
    assert_eq!(first["clock"]["running"], Value::Null, "not timed yet");
    play_first(b, a, 1, &first["legal"]).await
}

/// The game's snapshot, over a fresh connection (a jump in time lets the server close idle kept-alive ones).
async fn snapshot(s: &Server, id: &str) -> Value {
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(0)
        .timeout(common::WAIT)
        .build()
        .unwrap();
    let r = client
        .get(s.url(&format!("/api/games/{id}")))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    r.json().await.unwrap()
}

fn ms(v: &Value, side: &str) -> i64 {
    v["clock"][format!("{side}_ms")].as_i64().unwrap()
}

#[tokio::test]
async fn bad_clocks_are_refused_with_a_code() {
    let s = Server::fresh().await;
    for clock in [
        json!({"kind": "live", "initial_s": 0, "increment_s": 0}),
        json!({"kind": "live", "initial_s": 10_801, "increment_s": 0}),
        json!({"kind": "live", "initial_s": 300, "increment_s": 181}),
        json!({"kind": "correspondence", "days": 15}),
        json!({"kind": "correspondence"}),
        json!({"kind": "sudden"}),
        json!("5+3"),
    ] {
        let (status, body) = s
            .post(
                "/api/games",
                json!({"variant": "kujifunza", "clock": clock}),
            )
            .await;
        assert_eq!(status, 400, "{clock} → {body}");
        assert_eq!(body["error"], "bad_clock", "{clock} → {body}");
    }
    // No clock, explicitly or by default.
    let (id, _, _) = s
        .create(json!({"variant": "kujifunza", "clock": null}))
        .await;
    let snap = snapshot(&s, &id).await;
    assert_eq!(snap["clock"], Value::Null);
}

#[tokio::test]
async fn the_snapshot_and_events_carry_the_clock_and_time_is_charged_from_the_third_move() {
    let s = Server::fresh().await;
    let clock = json!({"kind": "live", "initial_s": 60, "increment_s": 2});
    let (id, mut a, mut b) = clocked_game(&s, clock).await;
    let snap = snapshot(&s, &id).await;
    let c = &snap["clock"];
    assert_eq!(
        (&c["kind"], &c["initial_s"], &c["increment_s"]),
        (&json!("live"), &json!(60), &json!(2))
    );
    assert_eq!((ms(&snap, "south"), ms(&snap, "north")), (60_000, 60_000));
    assert_eq!(c["running"], Value::Null);
    let wall = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64;
    assert!((c["at"].as_i64().unwrap() - wall).abs() < 5_000, "{c}");

    // First moves are not timed, however long they take.
    jump(Duration::from_secs(30)).await;
    let second = both_first_moves(&s, &id, &mut a, &mut b).await;
    assert_eq!(
        (ms(&second, "south"), ms(&second, "north")),
        (60_000, 60_000)
    );
    assert_eq!(second["clock"]["running"], "south");

    // South thinks 7 s: charged, then 2 s added.
    jump(Duration::from_secs(7)).await;
    let third = play_first(&mut a, &mut b, 2, &second["legal"]).await;
    let south = ms(&third, "south");
    assert!(
        (60_000 - 7_000 + 2_000 - 1_000..=60_000 - 7_000 + 2_000).contains(&south),
        "south has {south}"
    );
    assert_eq!(ms(&third, "north"), 60_000);
    assert_eq!(third["clock"]["running"], "north");
    // The snapshot counts down the running side from `at`.
    jump(Duration::from_secs(3)).await;
    let snap = snapshot(&s, &id).await;
    assert!(ms(&snap, "north") <= 57_000, "{}", snap["clock"]);
    assert_eq!(ms(&snap, "south"), south);
}

#[tokio::test]
async fn the_server_flags_the_side_whose_time_runs_out_and_refuses_its_late_move() {
    let s = Server::fresh().await;
    let clock = json!({"kind": "live", "initial_s": 5, "increment_s": 0});
    let (id, mut a, mut b) = clocked_game(&s, clock).await;
    let second = both_first_moves(&s, &id, &mut a, &mut b).await;
    // Just before the flag nothing happens.
    jump(Duration::from_millis(4_000)).await;
    assert_eq!(
        snapshot(&s, &id).await["status"],
        "playing",
        "not before the flag"
    );
    jump(Duration::from_millis(1_100)).await;
    let end_a = a.recv_t("ended").await;
    let end_b = b.recv_t("ended").await;
    assert_eq!(end_a, end_b);
    assert_eq!(
        end_a["result"],
        json!({"winner": "north", "reason": "time"})
    );
    assert_eq!(end_a["clock"]["south_ms"], 0);
    assert_eq!(end_a["clock"]["running"], Value::Null);
    let mv = second["legal"][0].as_str().unwrap();
    a.send(json!({"t": "move", "ply": 2, "move": mv})).await;
    let err = a.recv_t("error").await;
    assert_eq!(err["code"], "game_over");
    let snap = snapshot(&s, &id).await;
    assert_eq!(snap["status"], "finished");
    assert_eq!(snap["result"], json!({"winner": "north", "reason": "time"}));
    assert_eq!(snap["moves"].as_array().unwrap().len(), 2);
}

#[tokio::test]
async fn correspondence_gives_the_days_again_after_each_move() {
    let s = Server::fresh().await;
    let day = 86_400_000i64;
    let (id, mut a, mut b) = clocked_game(&s, json!({"kind": "correspondence", "days": 2})).await;
    let second = both_first_moves(&s, &id, &mut a, &mut b).await;
    assert_eq!(ms(&second, "south"), 2 * day);
    // Most of a day and a half later, south moves and has two days again.
    jump(Duration::from_secs(36 * 3600)).await;
    let third = play_first(&mut a, &mut b, 2, &second["legal"]).await;
    assert_eq!(ms(&third, "south"), 2 * day);
    assert_eq!(third["clock"]["running"], "north");
    // North lets its two days run out.
    jump(Duration::from_secs(48 * 3600 + 1)).await;
    let end = a.recv_t("ended").await;
    assert_eq!(end["result"], json!({"winner": "south", "reason": "time"}));
}

#[tokio::test]
async fn a_live_game_whose_first_move_does_not_come_is_aborted() {
    let s = Server::fresh().await;
    let clock = json!({"kind": "live", "initial_s": 300, "increment_s": 3});
    let (id, mut a, mut b) = clocked_game(&s, clock).await;
    let snap = snapshot(&s, &id).await;
    let first = play_first(&mut a, &mut b, 0, &snap["legal"]).await;
    // North has two minutes for its first move.
    jump(Duration::from_secs(119)).await;
    assert_eq!(snapshot(&s, &id).await["status"], "playing", "not yet");
    jump(Duration::from_secs(2)).await;
    let end = b.recv_t("ended").await;
    assert_eq!(end["result"], json!({"winner": null, "reason": "aborted"}));
    let mv = first["legal"][0].as_str().unwrap();
    b.send(json!({"t": "move", "ply": 1, "move": mv})).await;
    assert_eq!(b.recv_t("error").await["code"], "game_over");
}

#[tokio::test]
async fn a_game_without_a_clock_is_never_aborted_or_flagged() {
    let s = Server::fresh().await;
    let (id, mut a, mut b) = clocked_game(&s, Value::Null).await;
    let snap = snapshot(&s, &id).await;
    jump(Duration::from_secs(600)).await;
    let first = play_first(&mut a, &mut b, 0, &snap["legal"]).await;
    assert_eq!(first["clock"], Value::Null);
    assert_eq!(first["result"], Value::Null);
}

#[tokio::test]
async fn a_restart_charges_nobody_for_the_downtime() {
    let dir = tempfile::tempdir().unwrap();
    let s = Server::start(dir.path()).await;
    let clock = json!({"kind": "live", "initial_s": 60, "increment_s": 0});
    let (id, mut a, mut b) = clocked_game(&s, clock).await;
    let second = both_first_moves(&s, &id, &mut a, &mut b).await;
    assert_eq!(second["clock"]["running"], "south");
    jump(Duration::from_secs(10)).await;
    let before = snapshot(&s, &id).await;
    let south_before = ms(&before, "south");
    assert!(south_before <= 50_000, "{south_before}");
    a.close().await;
    b.close().await;
    s.stop().await;

    // The server stays down for an hour: as if everything so far had happened an hour earlier (the wall
    // times it wrote are moved back by an hour).
    an_hour_of_downtime(dir.path()).await;
    let s = Server::start(dir.path()).await;
    let after = snapshot(&s, &id).await;
    assert_eq!(after["status"], "playing", "{}", after["result"]);
    let south_after = ms(&after, "south");
    // South's 10 s of thinking before the restart are charged (the move's time ran while the server was up),
    // the hour of downtime is not.
    assert!(
        (south_before - 2_000..=south_before).contains(&south_after),
        "before {south_before}, after {south_after}"
    );
    assert_eq!(ms(&after, "north"), 60_000);
    assert_eq!(after["clock"]["running"], "south");
    s.stop().await;
}

#[tokio::test]
async fn a_correspondence_game_out_of_memory_is_still_flagged_at_its_deadline() {
    // Rooms leave memory a second after nobody is connected.
    let s = Server::fresh_with(|c| c.room_idle_secs = 1).await;
    let (id, mut a, mut b) = clocked_game(&s, json!({"kind": "correspondence", "days": 1})).await;
    both_first_moves(&s, &id, &mut a, &mut b).await;
    a.close().await;
    b.close().await;
    // The sockets' goodbyes reach the room in their own time: move on two seconds at a time until it left.
    let mut left = false;
    for _ in 0..100 {
        jump(Duration::from_secs(2)).await;
        if s.metric("bao_games_in_memory").await == 0.0 {
            left = true;
            break;
        }
    }
    assert!(left, "the room leaves memory while its clock runs");
    jump(Duration::from_secs(24 * 3600)).await;
    // The registry's timer loads the room again, which ends the game by itself.
    assert!(until(&s, 1.0).await, "the room is loaded at its deadline");
    let mut snap = snapshot(&s, &id).await;
    for _ in 0..100 {
        if snap["status"] == "finished" {
            break;
        }
        tokio::task::yield_now().await;
        snap = snapshot(&s, &id).await;
    }
    assert_eq!(snap["result"], json!({"winner": "north", "reason": "time"}));
}

/// Waits (a bounded poll: the room's comings and goings are not announced) until `s` holds `rooms` rooms.
async fn until(s: &Server, rooms: f64) -> bool {
    for _ in 0..500 {
        if s.metric("bao_games_in_memory").await == rooms {
            return true;
        }
        tokio::task::yield_now().await;
    }
    false
}

#[tokio::test]
async fn against_the_computer_both_clocks_run() {
    let s = Server::fresh().await;
    let (id, seat, token) = s
        .create(json!({"variant": "kujifunza", "seat": "south", "opponent": "computer",
                       "level": "easy", "clock": {"kind": "live", "initial_s": 60, "increment_s": 1}}))
        .await;
    assert_eq!(seat, "south");
    let mut a = s.ws(&id).await;
    a.hello(Some(&token), 0).await;
    let snap = a.recv_t("snapshot").await;
    let mut legal = snap["game"]["legal"].clone();
    let mut last = Value::Null;
    // South, computer, south, computer: the computer's second move is timed.
    for ply in [0u64, 2] {
        let mv = legal[0]
            .as_str()
            .unwrap_or_else(|| panic!("{last}"))
            .to_owned();
        a.send(json!({"t": "move", "ply": ply, "move": mv})).await;
        let mine = a.recv_t("moved").await;
        assert_eq!(mine["by"], "south");
        if !mine["result"].is_null() {
            return;
        }
        last = a.recv_t("moved").await;
        assert_eq!(last["by"], "north");
        if !last["result"].is_null() {
            return;
        }
        legal = last["legal"].clone();
    }
    let c = &last["clock"];
    assert_eq!(c["running"], "south", "{last}");
    let north = c["north_ms"].as_i64().unwrap();
    // Charged for its thinking, given its increment: never more than it started with plus one increment.
    assert!((50_000..=61_000).contains(&north), "{c}");
}

/// Moves the wall times a stopped server wrote an hour back, as if it had been down for an hour since.
async fn an_hour_of_downtime(dir: &std::path::Path) {
    use sqlx::Connection;
    let url = format!("sqlite://{}", dir.join("bao.db").display());
    let mut db = sqlx::SqliteConnection::connect(&url).await.unwrap();
    for sql in [
        "UPDATE health SET alive_ms = alive_ms - 3600000",
        "UPDATE moves SET clock_at = clock_at - 3600000",
    ] {
        sqlx::query(sql).execute(&mut db).await.unwrap();
    }
    db.close().await.unwrap();
}

/// A finished game's clock is stopped where it ended: after a loss on time, the loser's time is 0 and
/// nothing runs, in the status list and in the snapshot of a game loaded back from the database (where only
/// the clock after the last move is stored).
#[tokio::test]
async fn a_game_lost_on_time_shows_the_loser_at_zero_once_loaded_again() {
    let dir = tempfile::tempdir().unwrap();
    let s = Server::start(dir.path()).await;
    let clock = json!({"kind": "live", "initial_s": 5, "increment_s": 0});
    let (id, mut a, mut b) = clocked_game(&s, clock).await;
    both_first_moves(&s, &id, &mut a, &mut b).await;
    jump(Duration::from_millis(5_100)).await;
    let end = a.recv_t("ended").await;
    assert_eq!(end["result"], json!({"winner": "north", "reason": "time"}));
    let stopped = |c: &Value, what: &str| {
        assert_eq!(
            (&c["south_ms"], &c["north_ms"], &c["running"]),
            (&json!(0), &json!(5_000), &Value::Null),
            "{what}: {c}"
        );
    };
    stopped(&end["clock"], "ended");
    let (status, list) = s.post("/api/games/status", json!({ "ids": [id] })).await;
    assert_eq!(status, 200);
    stopped(&list[0]["clock"], "status");
    a.close().await;
    b.close().await;
    s.stop().await;

    let s = Server::start(dir.path()).await;
    let snap = snapshot(&s, &id).await;
    assert_eq!(snap["result"], json!({"winner": "north", "reason": "time"}));
    stopped(&snap["clock"], "snapshot after a restart");
    let (_, list) = s.post("/api/games/status", json!({ "ids": [id] })).await;
    stopped(&list[0]["clock"], "status after a restart");
    s.stop().await;
}

/// Every `at` a client receives is Unix ms, also in an old `moved` event sent again (a resent move) after a
/// restart: the server's uptime clock, on which moves are stored, is not what clients are told.
#[tokio::test]
async fn a_resent_old_moved_event_carries_unix_ms() {
    let dir = tempfile::tempdir().unwrap();
    let s = Server::start(dir.path()).await;
    let clock = json!({"kind": "live", "initial_s": 600, "increment_s": 0});
    let (id, south) = {
        let (id, _, south) = s
            .create(json!({"variant": "kujifunza", "seat": "south", "clock": clock}))
            .await;
        (id, south)
    };
    let (status, j) = s.post(&format!("/api/games/{id}/join"), json!({})).await;
    assert_eq!(status, 200, "{j}");
    let north = j["token"].as_str().unwrap().to_owned();
    let (mut a, mut b) = s.seated(&id, &south, &north).await;
    // Four moves: after a restart the room keeps the last two `moved` texts and rebuilds older ones.
    let mut events = Vec::new();
    let mut legal = snapshot(&s, &id).await["legal"].clone();
    for ply in 0..4u64 {
        let ev = if ply % 2 == 0 {
            play_first(&mut a, &mut b, ply, &legal).await
        } else {
            play_first(&mut b, &mut a, ply, &legal).await
        };
        assert!(ev["result"].is_null(), "{ev}");
        legal = ev["legal"].clone();
        events.push(ev);
    }
    a.close().await;
    b.close().await;
    s.stop().await;
    an_hour_of_downtime(dir.path()).await;

    let s = Server::start(dir.path()).await;
    let mut a = s.ws(&id).await;
    a.hello(Some(&south), 0).await;
    a.recv_t("snapshot").await;
    // South's moves sent again: ply 0 (rebuilt) and ply 2 (a kept text).
    for ply in [0usize, 2] {
        let original = &events[ply];
        a.send(json!({"t": "move", "ply": ply, "move": original["move"]}))
            .await;
        let again = a.recv_t("moved").await;
        assert_eq!(again["ply"], ply, "{again}");
        assert_eq!(again["move"], original["move"]);
        let (was, is) = (
            original["clock"]["at"].as_i64().unwrap(),
            again["clock"]["at"].as_i64().unwrap(),
        );
        assert!(
            (is - was).abs() < 5_000,
            "ply {ply}: sent with at {was}, sent again with at {is}"
        );
        assert_eq!(again["clock"]["south_ms"], original["clock"]["south_ms"]);
        assert_eq!(again["clock"]["running"], original["clock"]["running"]);
    }
    s.stop().await;
}

/// An invitation link stays joinable for at least 30 days: nothing expires a game nobody joined. Here one is
/// dated 29 days back in the database and the server then runs for 29 more days (paused time; the room
/// leaves memory meanwhile) before the friend joins; the game is then played, its clock untouched and its
/// first-move deadline counted from the join.
#[tokio::test]
async fn a_29_day_old_invitation_can_still_be_joined() {
    let dir = tempfile::tempdir().unwrap();
    let s = Server::start(dir.path()).await;
    let clock = json!({"kind": "live", "initial_s": 300, "increment_s": 3});
    let (id, _, south) = s
        .create(json!({"variant": "kujifunza", "seat": "south", "clock": clock}))
        .await;
    s.stop().await;
    {
        use sqlx::Connection;
        let url = format!("sqlite://{}", dir.path().join("bao.db").display());
        let mut db = sqlx::SqliteConnection::connect(&url).await.unwrap();
        sqlx::query(
            "UPDATE games SET created_at = created_at - 29 * 86400, updated_at = updated_at - 29 * 86400",
        )
        .execute(&mut db)
        .await
        .unwrap();
        db.close().await.unwrap();
    }
    let s = Server::start_with({
        let mut c = common::test_config(dir.path());
        c.room_idle_secs = 1;
        c
    })
    .await;
    jump(Duration::from_secs(29 * 86_400)).await;
    let snap = snapshot(&s, &id).await;
    assert_eq!(snap["status"], "waiting", "{snap}");
    let now_s = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64;
    assert!(
        snap["created_at"].as_i64().unwrap() < now_s - 28 * 86_400,
        "{snap}"
    );

    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(0)
        .build()
        .unwrap();
    let r = client
        .post(s.url(&format!("/api/games/{id}/join")))
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let j: Value = r.json().await.unwrap();
    assert_eq!(j["seat"], "north");
    let north = j["token"].as_str().unwrap().to_owned();
    let (mut a, mut b) = s.seated(&id, &south, &north).await;
    let snap = snapshot(&s, &id).await;
    assert_eq!(snap["status"], "playing");
    assert_eq!((ms(&snap, "south"), ms(&snap, "north")), (300_000, 300_000));
    // South has its two minutes for the first move from the join, not from the creation.
    jump(Duration::from_secs(100)).await;
    let second = both_first_moves(&s, &id, &mut a, &mut b).await;
    assert_eq!(second["result"], Value::Null);
    assert_eq!(second["clock"]["running"], "south");
    s.stop().await;
}
