//! A room's event log (lila-ws calls it `History`): the versions, the recent events kept for replay, the
//! broadcast channel they go out on, and the last version written to the database.
//!
//! Every event a client sees gets the next version. A client that reconnects says which version it has and
//! gets exactly the events after it, while they are still kept and not too many; otherwise it needs a
//! snapshot. The log knows nothing of games or sockets, so it is tested on its own.

use std::collections::VecDeque;
use std::sync::Arc;

use axum::extract::ws::Utf8Bytes;
use bao_core::Side;
use tokio::sync::broadcast;

/// Events kept in memory per room at most (fewer with [`EventLog::keep_at_most`]); a client further behind
/// gets a snapshot.
const LOG_CAP: usize = 4096;
/// Bytes of event text kept in memory per room at most (the latest event is kept whatever its size): a
/// room's memory must not grow with the game's length. About 15 `moved` events of Kujifunza (their traces
/// make them about 1 KB); a client further behind gets a snapshot, which is then hardly bigger than the
/// events it replaces (the snapshot carries 100 positions).
const LOG_BYTES: usize = 16 * 1024;
/// Unwritten versions (presence, offers) a room lets pile up before it writes its version.
pub const VERSION_SLACK: u64 = 512;
/// How far a room loaded after a crash skips ahead: more than `VERSION_SLACK`, so that no client can hold a
/// version the new room will use for another event.
pub const VERSION_SKIP: u64 = 2 * VERSION_SLACK;

/// A versioned event, as published on the room's broadcast channel. Its text is serialised once and shared
/// by every socket.
#[derive(Debug)]
pub struct Event {
    /// Its version.
    pub v: u64,
    /// Whether it is an event of the game with a version of its own; `false` for a message sent to
    /// everybody without one (a quick message), which carries the version of the event before it.
    pub versioned: bool,
    /// The JSON text for everybody.
    pub json: Utf8Bytes,
    /// Per-seat text (south, north) replacing `json` for the seat's holder: a rematch carries that player's
    /// seat and page in the new game (the socket adds the player's token itself).
    pub private: Option<[Utf8Bytes; 2]>,
}

impl Event {
    /// The bytes of its texts.
    fn bytes(&self) -> usize {
        self.json.len() + self.private.as_ref().map_or(0, |p| p[0].len() + p[1].len())
    }

    /// The text for a connection holding `seat` (`None`: spectator).
    pub fn text_for(&self, seat: Option<Side>) -> Utf8Bytes {
        match (&self.private, seat) {
            (Some(p), Some(s)) => p[s.index()].clone(),
            _ => self.json.clone(),
        }
    }
}

/// The versions and the replay window of one room.
#[derive(Debug)]
pub struct EventLog {
    /// The version of the last event.
    v: u64,
    /// Events `base_v + 1 ..= v`, oldest first.
    kept: VecDeque<Arc<Event>>,
    /// Bytes of text in `kept`.
    kept_bytes: usize,
    /// Events kept at most.
    cap: usize,
    base_v: u64,
    tx: broadcast::Sender<Arc<Event>>,
    /// The version last written to the database.
    stored_v: u64,
    /// Where every event also goes, if anywhere.
    outbox: Option<Outbox>,
}

/// What a log sends its [`Outbox`].
#[derive(Debug)]
pub enum Mirrored {
    /// An event, as the room's sockets get it.
    Event(Arc<Event>),
    /// The log ends: the room left memory.
    Closed,
}

/// Where a log sends a copy of every event, named by its game (one channel for all the rooms of a node).
#[derive(Clone, Debug)]
pub struct Outbox {
    /// The game.
    pub game: Arc<str>,
    /// The channel.
    pub tx: tokio::sync::mpsc::UnboundedSender<(Arc<str>, Mirrored)>,
}

impl EventLog {
    /// A log whose last event had version `v`, of which `stored_v` is in the database; `buffer` events wait
    /// for a slow socket before it lags.
    pub fn new(v: u64, stored_v: u64, buffer: usize) -> EventLog {
        let (tx, _) = broadcast::channel(buffer.max(1));
        EventLog {
            v,
            kept: VecDeque::new(),
            kept_bytes: 0,
            cap: LOG_CAP,
            base_v: v,
            tx,
            stored_v,
            outbox: None,
        }
    }

    /// The log of a game loaded from the database with version `stored`: if its room did not leave memory in
    /// good order (`closed_cleanly` false), events after the last write (presence, offers) are lost but
    /// clients may hold their versions, so the versions skip past them and a version never means two events.
    pub fn resumed(stored: u64, closed_cleanly: bool, buffer: usize) -> EventLog {
        let v = if closed_cleanly {
            stored
        } else {
            stored + VERSION_SKIP
        };
        EventLog::new(v, stored, buffer)
    }

    /// Keeps at most `events` events for replay (no more than a client may be sent: `--max-replay`).
    pub fn keep_at_most(mut self, events: u64) -> EventLog {
        self.cap = usize::try_from(events).unwrap_or(LOG_CAP).clamp(1, LOG_CAP);
        self
    }

    /// The version of the last event.
    pub fn v(&self) -> u64 {
        self.v
    }

    /// The version the next event will get.
    pub fn next_v(&self) -> u64 {
        self.v + 1
    }

    /// Appends an event with the next version and sends it to every subscriber.
    pub fn publish(&mut self, json: Utf8Bytes, private: Option<[Utf8Bytes; 2]>) -> Arc<Event> {
        self.v += 1;
        let ev = Arc::new(Event {
            v: self.v,
            versioned: true,
            json,
            private,
        });
        self.kept_bytes += ev.bytes();
        self.kept.push_back(Arc::clone(&ev));
        while self.kept.len() > self.cap || (self.kept_bytes > LOG_BYTES && self.kept.len() > 1) {
            if let Some(old) = self.kept.pop_front() {
                self.kept_bytes -= old.bytes();
            }
            self.base_v += 1;
        }
        self.mirror(&ev);
        // No receivers is fine: nobody is connected.
        let _ = self.tx.send(Arc::clone(&ev));
        ev
    }

    /// Sends every event from now on to `outbox` too (in a cluster: for the other nodes' sockets).
    pub fn mirror_to(&mut self, outbox: Outbox) {
        self.outbox = Some(outbox);
    }

    fn mirror(&self, ev: &Arc<Event>) {
        if let Some(o) = &self.outbox {
            let _ =
                o.tx.send((Arc::clone(&o.game), Mirrored::Event(Arc::clone(ev))));
        }
    }

    /// Tells the mirror's readers that this log ends (the room leaves memory).
    pub fn close_mirror(&mut self) {
        if let Some(o) = self.outbox.take() {
            let _ = o.tx.send((o.game, Mirrored::Closed));
        }
    }

    /// Sends `json` to every subscriber without a version of its own: a message that is not an event of
    /// the game (a quick message), not kept and never replayed. It carries the current version, which a
    /// socket does not look at.
    pub fn broadcast(&self, json: Utf8Bytes) {
        let ev = Arc::new(Event {
            v: self.v,
            versioned: false,
            json,
            private: None,
        });
        self.mirror(&ev);
        // No receivers is fine: nobody is connected.
        let _ = self.tx.send(ev);
    }

    /// A receiver of the events published from now on.
    pub fn subscribe(&self) -> broadcast::Receiver<Arc<Event>> {
        self.tx.subscribe()
    }

    /// The events after version `client_v` as `seat` sees them, or `None` when they cannot be replayed (a
    /// new client, one from before the kept window or ahead of the log, or more than `max_replay` behind):
    /// then the client needs a snapshot.
    pub fn replay(
        &self,
        client_v: u64,
        seat: Option<Side>,
        max_replay: u64,
    ) -> Option<Vec<Utf8Bytes>> {
        if self.v.saturating_sub(client_v) > max_replay {
            return None;
        }
        Some(self.since(client_v)?.map(|e| e.text_for(seat)).collect())
    }

    /// The events after version `v`, or `None` when they are not all kept (or `v` is 0 or ahead of the log).
    pub fn since(&self, v: u64) -> Option<impl Iterator<Item = &Arc<Event>>> {
        let replayable = v != 0 && v >= self.base_v && v <= self.v;
        if !replayable {
            return None;
        }
        let skip = (v - self.base_v) as usize;
        Some(self.kept.iter().skip(skip))
    }

    /// Records that the database holds version `v`.
    pub fn stored(&mut self, v: u64) {
        self.stored_v = self.stored_v.max(v);
    }

    /// Whether enough unwritten versions piled up that the version should be written now, so that a crash
    /// loses a bounded number.
    pub fn store_due(&self) -> bool {
        self.v >= self.stored_v + VERSION_SLACK
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(s: &str) -> Utf8Bytes {
        Utf8Bytes::from(s.to_owned())
    }

    #[test]
    fn versions_count_up_and_reach_subscribers() {
        let mut log = EventLog::new(0, 0, 8);
        let mut rx = log.subscribe();
        assert_eq!(log.next_v(), 1);
        log.publish(text("a"), None);
        log.publish(text("b"), None);
        assert_eq!(log.v(), 2);
        assert_eq!(rx.try_recv().map(|e| e.v).ok(), Some(1));
        assert_eq!(rx.try_recv().map(|e| e.v).ok(), Some(2));
    }

    #[test]
    fn replays_exactly_what_was_missed() {
        let mut log = EventLog::new(0, 0, 8);
        for s in ["a", "b", "c"] {
            log.publish(text(s), None);
        }
        let missed = log.replay(1, None, 100).expect("replayable");
        assert_eq!(missed, vec![text("b"), text("c")]);
        assert_eq!(log.replay(3, None, 100), Some(vec![]));
        // New clients, clients ahead of the log and clients too far behind need a snapshot.
        assert_eq!(log.replay(0, None, 100), None);
        assert_eq!(log.replay(4, None, 100), None);
        assert_eq!(log.replay(1, None, 1), None);
    }

    #[test]
    fn private_texts_go_to_their_seat_only() {
        let mut log = EventLog::new(0, 0, 8);
        log.publish(text("all"), Some([text("south"), text("north")]));
        assert_eq!(log.replay(0, None, 9), None);
        log.publish(text("x"), None);
        assert_eq!(log.replay(1, None, 9), Some(vec![text("x")]));
        let ev = log.publish(text("all"), Some([text("south"), text("north")]));
        assert_eq!(ev.text_for(Some(Side::North)), text("north"));
        assert_eq!(ev.text_for(None), text("all"));
    }

    #[test]
    fn a_resumed_log_skips_versions_after_a_crash() {
        let clean = EventLog::resumed(40, true, 8);
        assert_eq!(clean.v(), 40);
        let crashed = EventLog::resumed(40, false, 8);
        assert_eq!(crashed.v(), 40 + VERSION_SKIP);
        // Nothing from before the resume can be replayed: those events are not kept.
        assert_eq!(crashed.replay(40, None, u64::MAX), None);
    }

    #[test]
    fn the_version_is_due_for_writing_after_the_slack() {
        let mut log = EventLog::new(0, 0, 8);
        for _ in 0..VERSION_SLACK - 1 {
            log.publish(text("p"), None);
        }
        assert!(!log.store_due());
        log.publish(text("p"), None);
        assert!(log.store_due());
        log.stored(log.v());
        assert!(!log.store_due());
    }

    #[test]
    fn the_window_is_bounded_in_bytes_and_by_the_replay_limit() {
        let mut log = EventLog::new(0, 0, 8);
        let big = "x".repeat(LOG_BYTES / 4 + 1);
        for _ in 0..10 {
            log.publish(text(&big), None);
        }
        // Only three of these fit in the byte budget.
        assert_eq!(log.replay(7, None, u64::MAX).map(|m| m.len()), Some(3));
        assert_eq!(log.replay(6, None, u64::MAX), None);
        // One event bigger than the budget is still kept.
        log.publish(text(&"y".repeat(LOG_BYTES + 1)), None);
        assert_eq!(log.replay(10, None, u64::MAX).map(|m| m.len()), Some(1));

        let mut log = EventLog::new(0, 0, 8).keep_at_most(5);
        for _ in 0..20 {
            log.publish(text("e"), None);
        }
        assert_eq!(log.replay(15, None, u64::MAX).map(|m| m.len()), Some(5));
        assert_eq!(log.replay(14, None, u64::MAX), None);
    }

    #[test]
    fn a_mirror_gets_every_event_then_the_end() {
        let mut log = EventLog::new(0, 0, 8);
        let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
        log.mirror_to(Outbox {
            game: Arc::from("g1"),
            tx,
        });
        log.publish(text("a"), None);
        log.broadcast(text("said"));
        log.publish(text("b"), None);
        log.close_mirror();
        log.publish(text("c"), None);
        let mut got = Vec::new();
        while let Ok((game, m)) = rx.try_recv() {
            assert_eq!(&*game, "g1");
            got.push(match m {
                Mirrored::Event(e) => {
                    format!(
                        "{}{}:{}",
                        if e.versioned { "v" } else { "-" },
                        e.v,
                        e.json.as_str()
                    )
                }
                Mirrored::Closed => "closed".to_owned(),
            });
        }
        assert_eq!(got, ["v1:a", "-1:said", "v2:b", "closed"]);
        // The events after a version, as a relay that missed some asks for them.
        let after: Vec<u64> = log.since(1).map(|e| e.map(|e| e.v).collect()).unwrap();
        assert_eq!(after, [2, 3]);
        assert!(log.since(0).is_none());
        assert!(log.since(4).is_none());
    }

    #[test]
    fn the_window_is_bounded() {
        let mut log = EventLog::new(0, 0, 8);
        for _ in 0..LOG_CAP + 10 {
            log.publish(text("e"), None);
        }
        assert_eq!(log.replay(5, None, u64::MAX), None);
        let v = log.v();
        assert_eq!(log.replay(v - 3, None, u64::MAX).map(|m| m.len()), Some(3));
    }
}
