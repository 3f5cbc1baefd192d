//! Who is in a room (lila-ws calls it `RoomCrowd`): the connections and their seats, how many watch, and
//! when the `presence` event is due.
//!
//! A seat holder arriving or leaving is news at once; a crowd of watchers arriving is not, so a change of
//! the watcher count alone is published at most once per [`WATCHER_PRESENCE_EVERY`]. The crowd only counts
//! and schedules; the room publishes.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use bao_core::Side;

/// Watcher-count-only presence changes are published at most this often.
pub const WATCHER_PRESENCE_EVERY: Duration = Duration::from_secs(1);

/// What a room should do about the presence event after a change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Due {
    /// Nothing to tell (it is what was last published, or a publication is already scheduled).
    No,
    /// A seat's state changed: publish now.
    Now,
    /// Only the watcher count changed: publish at this time.
    At(Instant),
}

/// The connections of one room.
#[derive(Debug)]
pub struct Crowd {
    /// Connection id → its seat (`None`: watching).
    conns: HashMap<u64, Option<Side>>,
    /// Connections per seat.
    online: [u32; 2],
    watchers: u32,
    /// Seats the computer holds: always online.
    computer: [bool; 2],
    /// Last published: south online, north online, watchers.
    shown: (bool, bool, u32),
    /// When a throttled presence event is due.
    due: Option<Instant>,
    last_shown: Instant,
    /// Since when nobody is connected.
    idle_since: Option<Instant>,
}

impl Crowd {
    /// An empty room; `computer[i]`: the computer holds seat `i`.
    pub fn new(computer: [bool; 2], now: Instant) -> Crowd {
        let mut c = Crowd {
            conns: HashMap::new(),
            online: [0, 0],
            watchers: 0,
            computer,
            shown: (false, false, 0),
            due: None,
            last_shown: now,
            idle_since: Some(now),
        };
        c.shown = c.now_showing();
        c
    }

    /// Whether `side` is connected (the computer always is).
    pub fn online(&self, side: Side) -> bool {
        self.computer[side.index()] || self.online[side.index()] > 0
    }

    /// Whether a person holding `side` is connected.
    pub fn human_online(&self, side: Side) -> bool {
        self.online[side.index()] > 0
    }

    /// Spectators connected.
    pub fn watchers(&self) -> u32 {
        self.watchers
    }

    /// The seat of connection `conn`: `None` if it is not in the room, `Some(None)` for a watcher.
    pub fn seat_of(&self, conn: u64) -> Option<Option<Side>> {
        self.conns.get(&conn).copied()
    }

    /// Since when the room is empty (`None` while someone is connected).
    pub fn idle_since(&self) -> Option<Instant> {
        self.idle_since
    }

    /// When a throttled presence event is due.
    pub fn due(&self) -> Option<Instant> {
        self.due
    }

    /// Adds (or re-seats) connection `conn`.
    pub fn enter(&mut self, conn: u64, seat: Option<Side>) -> Due {
        if let Some(prev) = self.conns.insert(conn, seat) {
            self.uncount(prev);
        }
        match seat {
            Some(s) => self.online[s.index()] += 1,
            None => self.watchers += 1,
        }
        self.idle_since = None;
        self.changed()
    }

    /// Removes connection `conn`; returns its seat if it was in the room.
    pub fn leave(&mut self, conn: u64, now: Instant) -> Option<(Option<Side>, Due)> {
        let seat = self.conns.remove(&conn)?;
        self.uncount(seat);
        if self.conns.is_empty() {
            self.idle_since = Some(now);
        }
        Some((seat, self.changed()))
    }

    fn uncount(&mut self, seat: Option<Side>) {
        match seat {
            Some(s) => self.online[s.index()] = self.online[s.index()].saturating_sub(1),
            None => self.watchers = self.watchers.saturating_sub(1),
        }
    }

    fn now_showing(&self) -> (bool, bool, u32) {
        (
            self.online(Side::South),
            self.online(Side::North),
            self.watchers,
        )
    }

    /// What to do after a change: publish now if a seat's state changed, or schedule it if only the watcher
    /// count did.
    fn changed(&mut self) -> Due {
        let now = self.now_showing();
        if now == self.shown {
            return Due::No;
        }
        if now.0 != self.shown.0 || now.1 != self.shown.1 {
            return Due::Now;
        }
        if self.due.is_some() {
            return Due::No;
        }
        let at = self.last_shown + WATCHER_PRESENCE_EVERY;
        self.due = Some(at);
        Due::At(at)
    }

    /// Records that presence was published at `now` (whatever the reason: seats taken change it too).
    pub fn published(&mut self, now: Instant) {
        self.due = None;
        self.last_shown = now;
        self.shown = self.now_showing();
    }

    /// At a due time: whether the scheduled event should go out (watchers who came and went within the
    /// interval change nothing).
    pub fn take_due(&mut self, now: Instant) -> bool {
        match self.due {
            Some(d) if d <= now => {}
            _ => return false,
        }
        self.due = None;
        self.now_showing() != self.shown
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_are_news_at_once() {
        let t0 = Instant::now();
        let mut c = Crowd::new([false, false], t0);
        assert_eq!(c.enter(1, Some(Side::South)), Due::Now);
        c.published(t0);
        assert!(c.online(Side::South) && !c.online(Side::North));
        // A second tab of the same seat changes nothing visible.
        assert_eq!(c.enter(2, Some(Side::South)), Due::No);
        assert_eq!(c.leave(1, t0).map(|l| l.1), Some(Due::No));
        assert_eq!(c.leave(2, t0).map(|l| l.1), Some(Due::Now));
        assert_eq!(c.idle_since(), Some(t0));
    }

    #[test]
    fn watchers_are_throttled() {
        let t0 = Instant::now();
        let mut c = Crowd::new([false, false], t0);
        c.published(t0);
        let at = t0 + WATCHER_PRESENCE_EVERY;
        assert_eq!(c.enter(1, None), Due::At(at));
        // More watchers within the interval are folded into the same event.
        assert_eq!(c.enter(2, None), Due::No);
        assert_eq!(c.watchers(), 2);
        assert!(!c.take_due(t0));
        assert!(c.take_due(at));
        c.published(at);
        assert_eq!(c.due(), None);
    }

    #[test]
    fn watchers_who_came_and_went_change_nothing() {
        let t0 = Instant::now();
        let mut c = Crowd::new([false, false], t0);
        c.published(t0);
        c.enter(1, None);
        c.leave(1, t0);
        assert!(!c.take_due(t0 + WATCHER_PRESENCE_EVERY));
    }

    #[test]
    fn the_computer_is_always_online() {
        let c = Crowd::new([false, true], Instant::now());
        assert!(c.online(Side::North));
        assert!(!c.human_online(Side::North));
        assert!(!c.online(Side::South));
    }

    #[test]
    fn unknown_connections_leave_quietly() {
        let mut c = Crowd::new([false, false], Instant::now());
        assert_eq!(c.leave(7, Instant::now()), None);
        assert_eq!(c.seat_of(7), None);
        c.enter(7, None);
        assert_eq!(c.seat_of(7), Some(None));
    }
}
