//! Who is in a room (lila-ws calls it `RoomCrowd`): the connections and their seats, how many watch, and
//! when the `presence` event is due.
//!
//! A seat holder arriving is news at once when the seat was shown offline. A seat holder leaving is shown
//! only after [`SEAT_OFFLINE_GRACE`], so that a reload does not flicker and a seat holder reconnecting in a
//! loop shows as one seat staying online (it once pushed 4,249 presence events a second to every
//! spectator). A crowd of watchers arriving is no news either: a change of the watcher count alone is
//! published at most once per [`WATCHER_PRESENCE_EVERY`]. So a room publishes at most about two presence
//! events per second whatever its connections do. The crowd only counts and schedules; the room publishes.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use bao_core::Side;

/// Watcher-count-only presence changes are published at most this often.
pub const WATCHER_PRESENCE_EVERY: Duration = Duration::from_secs(1);

/// A seat shown online whose last connection closed is shown offline this long after, if it has not come
/// back by then.
pub const SEAT_OFFLINE_GRACE: Duration = Duration::from_secs(1);

/// What a room should do about the presence event after a change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Due {
    /// Nothing to tell (it is what was last published, or a publication is already scheduled).
    No,
    /// A seat shown offline came online: publish now.
    Now,
    /// A seat went offline, or only the watcher count changed: publish at this time.
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

    /// Adds (or re-seats) connection `conn` at `now`.
    pub fn enter(&mut self, conn: u64, seat: Option<Side>, now: Instant) -> Due {
        if let Some(prev) = self.conns.insert(conn, seat) {
            self.uncount(prev);
        }
        match seat {
            Some(s) => self.online[s.index()] += 1,
            None => self.watchers += 1,
        }
        self.idle_since = None;
        self.changed(now)
    }

    /// Removes connection `conn`; returns its seat if it was in the room.
    pub fn leave(&mut self, conn: u64, now: Instant) -> Option<(Option<Side>, Due)> {
        let seat = self.conns.remove(&conn)?;
        self.uncount(seat);
        if self.conns.is_empty() {
            self.idle_since = Some(now);
        }
        Some((seat, self.changed(now)))
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

    /// What to do after a change at `now`: publish at once if a seat shown offline came online; schedule a
    /// seat going offline after the grace period (a scheduled event waits for it too); schedule a watcher
    /// count change for the next slot.
    fn changed(&mut self, now: Instant) -> Due {
        let showing = self.now_showing();
        if showing == self.shown {
            // A scheduled event may still be due; it finds nothing to say (see `take_due`).
            return Due::No;
        }
        let came = (showing.0 && !self.shown.0) || (showing.1 && !self.shown.1);
        if came {
            return Due::Now;
        }
        let went = (!showing.0 && self.shown.0) || (!showing.1 && self.shown.1);
        let at = if went {
            let grace = now + SEAT_OFFLINE_GRACE;
            self.due.map_or(grace, |d| d.max(grace))
        } else if self.due.is_some() {
            return Due::No;
        } else {
            self.last_shown + WATCHER_PRESENCE_EVERY
        };
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
    fn a_seat_coming_online_is_news_at_once_and_going_offline_after_a_grace() {
        let t0 = Instant::now();
        let mut c = Crowd::new([false, false], t0);
        assert_eq!(c.enter(1, Some(Side::South), t0), Due::Now);
        c.published(t0);
        assert!(c.online(Side::South) && !c.online(Side::North));
        // A second tab of the same seat changes nothing visible.
        assert_eq!(c.enter(2, Some(Side::South), t0), Due::No);
        assert_eq!(c.leave(1, t0).map(|l| l.1), Some(Due::No));
        let at = t0 + SEAT_OFFLINE_GRACE;
        assert_eq!(c.leave(2, t0).map(|l| l.1), Some(Due::At(at)));
        assert_eq!(c.idle_since(), Some(t0));
        assert!(!c.take_due(t0));
        assert!(c.take_due(at));
        c.published(at);
        // Shown offline now: coming back is news at once.
        assert_eq!(c.enter(3, Some(Side::South), at), Due::Now);
    }

    #[test]
    fn a_seat_reconnecting_within_the_grace_shows_nothing() {
        let t0 = Instant::now();
        let mut c = Crowd::new([false, false], t0);
        c.enter(1, Some(Side::North), t0);
        c.published(t0);
        let mut t = t0;
        for conn in 2..1_000 {
            t += Duration::from_millis(1);
            assert!(matches!(c.leave(conn - 1, t), Some((_, Due::At(_)))));
            assert_eq!(c.enter(conn, Some(Side::North), t), Due::No);
        }
        assert!(
            !c.take_due(t + SEAT_OFFLINE_GRACE),
            "still online: nothing to say"
        );
    }

    #[test]
    fn a_seat_going_offline_holds_back_a_watcher_event_until_its_grace_ends() {
        let t0 = Instant::now();
        let mut c = Crowd::new([false, false], t0);
        c.enter(1, Some(Side::South), t0);
        c.published(t0);
        assert_eq!(c.enter(2, None, t0), Due::At(t0 + WATCHER_PRESENCE_EVERY));
        let later = t0 + Duration::from_millis(900);
        let grace_end = later + SEAT_OFFLINE_GRACE;
        assert_eq!(c.leave(1, later).map(|l| l.1), Some(Due::At(grace_end)));
        assert_eq!(c.due(), Some(grace_end));
    }

    #[test]
    fn watchers_are_throttled() {
        let t0 = Instant::now();
        let mut c = Crowd::new([false, false], t0);
        c.published(t0);
        let at = t0 + WATCHER_PRESENCE_EVERY;
        assert_eq!(c.enter(1, None, t0), Due::At(at));
        // More watchers within the interval are folded into the same event.
        assert_eq!(c.enter(2, None, t0), Due::No);
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
        c.enter(1, None, t0);
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
        c.enter(7, None, Instant::now());
        assert_eq!(c.seat_of(7), Some(None));
    }
}
