//! Quick messages (protocol.md, "Quick messages"): a seated player says a fixed phrase, everyone in the game
//! hears it as `said`; spectators may not speak, unknown phrases are refused, a seat speaks at most once per
//! 3 s (checked with tokio's paused clock, not sleeps), and a `said` is no event of the game: no version, not
//! replayed.

use crate::common;

use std::time::Duration;

use common::{Server, Ws};
use serde_json::{json, Value};

/// A friends' game with both players and a spectator connected, past their snapshots.
/// Returns (id, south, north, spectator).
async fn room(s: &Server) -> (String, Ws, Ws, Ws) {
    let (id, south, north) = s.friends_game("kiswahili").await;
    let (a, b) = s.seated(&id, &south, &north).await;
    let mut w = s.ws(&id).await;
    w.hello(None, 0).await;
    w.recv_t("snapshot").await;
    (id, a, b, w)
}

/// The next message that is not `presence` (connections coming and going publish those).
async fn next_not_presence(ws: &mut Ws) -> Value {
    loop {
        let m = ws.recv().await;
        if m["t"] != "presence" {
            return m;
        }
    }
}

#[tokio::test]
async fn a_player_is_heard_by_everyone_in_the_game() {
    let s = Server::fresh().await;
    let (id, mut a, mut b, mut w) = room(&s).await;
    b.send(json!({"t": "say", "phrase": "good_luck"})).await;
    let said = json!({"t": "said", "side": "north", "phrase": "good_luck"});
    assert_eq!(next_not_presence(&mut a).await, said);
    assert_eq!(
        next_not_presence(&mut b).await,
        said,
        "the sender hears it too"
    );
    assert_eq!(next_not_presence(&mut w).await, said, "spectators hear it");
    for phrase in ["hello", "well_played", "thanks", "rematch"] {
        // Each seat has its own allowance: south may speak right after north.
        a.send(json!({"t": "say", "phrase": phrase})).await;
        assert_eq!(
            next_not_presence(&mut b).await,
            json!({"t": "said", "side": "south", "phrase": phrase})
        );
        jump(Duration::from_secs(3)).await;
    }
    // Not an event of the game (the exact JSON above has no `v`): a client that says hello with an old version
    // gets the events it missed, and no quick message among them.
    let mut late = s.ws(&id).await;
    late.hello(None, 1).await;
    assert_no_said(&mut late).await;
}

/// Nothing but other messages (presence, replayed events) arrives for 300 ms: no `said`.
async fn assert_no_said(ws: &mut Ws) {
    while !ws.silent_for(300).await {
        let m = ws.recv().await;
        assert_ne!(m["t"], "said", "{m}");
    }
}

#[tokio::test]
async fn spectators_and_unknown_phrases_are_refused() {
    let s = Server::fresh().await;
    let (_, mut a, mut b, mut w) = room(&s).await;
    w.send(json!({"t": "say", "phrase": "hello"})).await;
    let err = w.recv_t("error").await;
    assert_eq!(err["code"], "not_a_player", "{err}");
    for bad in [
        json!({"t": "say", "phrase": "you lost"}),
        json!({"t": "say", "phrase": 3}),
        json!({"t": "say"}),
    ] {
        a.send(bad.clone()).await;
        let err = next_not_presence(&mut a).await;
        assert_eq!(err["t"], "error", "{bad}: {err}");
        assert_eq!(err["code"], "bad_message", "{bad}: {err}");
    }
    // Nobody heard anything.
    assert_no_said(&mut b).await;
}

#[tokio::test]
async fn a_seat_speaks_at_most_once_per_three_seconds() {
    let s = Server::fresh().await;
    let (_, mut a, mut b, _w) = room(&s).await;
    a.send(json!({"t": "say", "phrase": "hello"})).await;
    assert_eq!(next_not_presence(&mut b).await["phrase"], "hello");
    assert_eq!(next_not_presence(&mut a).await["t"], "said");
    // Too soon (2 s later, and the little real time a test takes): refused, to the sender only.
    jump(Duration::from_secs(2)).await;
    a.send(json!({"t": "say", "phrase": "thanks"})).await;
    let err = next_not_presence(&mut a).await;
    assert_eq!(err["code"], "rate_limited", "{err}");
    // The refused one did not restart the wait: 3 s after the first, south may speak again.
    jump(Duration::from_secs(1)).await;
    a.send(json!({"t": "say", "phrase": "thanks"})).await;
    assert_eq!(
        next_not_presence(&mut b).await,
        json!({"t": "said", "side": "south", "phrase": "thanks"}),
        "north heard the allowed one and nothing of the refused one"
    );
}

/// Moves the whole runtime's time (the server's too) forward by `d`, then lets it run in real time again.
async fn jump(d: Duration) {
    tokio::time::pause();
    tokio::time::advance(d).await;
    tokio::time::resume();
}
