//! The room's side of the clock: its one timer (the next deadline of [`Clock::deadline`]: a flag or a
//! first-move abort) and what happens when it fires. The arithmetic is in `clock.rs`.
//!
//! Each room with a running clock has exactly one timer, a `sleep_until` in its `select!` loop
//! (`actor.rs`): nothing polls over all games. A live game's room stays in memory while its clock runs; a
//! correspondence game's room may leave memory, and asks the registry to load it again at its deadline.
//!
//! Outages are not charged (`store/uptime.rs`): the time during which this node could not write its
//! database, or had lost NATS, is given back to the side to move ([`Clock::credit`]) once the outage is over,
//! and while one lasts the flag does not fall: the room holds it, tries the database again every second (a
//! small write, as `/healthz` does) and gives the time back as soon as the outage is over.

use bao_protocol::clock::{Clock, Due};
use bao_protocol::{Outcome, Reason, Status};
use std::time::{Duration, Instant};

use super::actor::Room;
use crate::store::Outage;

/// How long the room waits before writing again a result the database could not take (a full disk), and
/// before looking again whether an outage that holds its flag is over.
const RETRY: Duration = Duration::from_secs(1);

/// The least time the side to move has after an outage during its turn (its initial time, if less): a
/// player refused in their last seconds has the time to send the move again.
pub const AFTER_OUTAGE_MS: i64 = 5_000;

impl Room {
    /// The next clock deadline and what it is for, if the game has one now.
    fn clock_due(&self) -> Option<(i64, Due)> {
        if self.game.status != Status::Playing {
            return None;
        }
        self.game
            .clock
            .and_then(|c| c.deadline(self.game.first_move_pending()))
    }

    /// When the room's timer must fire for the clock (held back while a failed write waits to be retried).
    pub(super) fn clock_deadline(&self) -> Option<Instant> {
        let (up, _) = self.clock_due()?;
        let at = self.deps.store.time().instant_of(up).into_std();
        Some(match self.clock_hold {
            Some(hold) if hold > at => hold,
            _ => at,
        })
    }

    /// The game's clock with this node's outages during the current turn given back to the side to move, up
    /// to uptime `now`, and the instant up to which they were given. Ended outages are given; an ongoing one
    /// only with `ongoing_to_now` (a move about to be written: if its write succeeds, the outage was over by
    /// now), otherwise it and every later one wait until it ends, so that overlapping outages are given once.
    pub(super) fn credited_clock(&self, now: i64, ongoing_to_now: bool) -> Option<(Clock, i64)> {
        let mut c = self.game.clock?;
        let mut upto = self.credited_to.max(c.since());
        if self.game.status != Status::Playing || c.running().is_none() {
            return Some((c, upto));
        }
        let floor = c.control.initial_ms().min(AFTER_OUTAGE_MS);
        let spans = self.deps.store.time().outages().since(upto);
        for (from, to) in spans {
            let to = match to {
                Some(to) => to.min(now),
                None if ongoing_to_now => now,
                None => break,
            };
            c.credit(from.max(upto), to, floor);
            upto = upto.max(to);
        }
        Some((c, upto))
    }

    /// Gives back to the side to move the outages of its turn that have ended.
    pub(super) fn settle_outages(&mut self) {
        let now = self.deps.store.time().now().up;
        let Some((c, upto)) = self.credited_clock(now, false) else {
            return;
        };
        if self.game.clock != Some(c) {
            tracing::info!(game = %self.game.id, "time lost to an outage given back to the side to move");
        }
        self.game.clock = Some(c);
        self.credited_to = upto;
    }

    /// Whether an outage keeps the flag, due now, from falling: the outages that ended are given back, and
    /// while one still lasts the flag waits [`RETRY`] for it; if the database's is ongoing, one small write
    /// tries it (as `/healthz` does; ending it when it works), on a task of its own so that the room goes on
    /// meanwhile (a stopped PostgreSQL answers only after the pool's 5 s). False when the flag must fall: it
    /// fell before the outage began.
    fn outage_holds_flag(&mut self) -> bool {
        let probing = self.outage_probe.as_ref().is_some_and(|p| !p.is_finished());
        if !probing && self.deps.store.time().outages().ongoing(Outage::Store) {
            let store = self.deps.store.clone();
            self.outage_probe = Some(tokio::spawn(async move {
                store.writable().await;
            }));
        }
        self.settle_outages();
        let time = self.deps.store.time();
        let Some((up, _)) = self.clock_due() else {
            return true;
        };
        if time.now().up < up {
            // Given back: the flag is no longer due.
            return true;
        }
        let ongoing = {
            let o = time.outages();
            o.ongoing(Outage::Store) || o.ongoing(Outage::Nats)
        };
        if ongoing {
            self.clock_hold = Some(super::actor::now() + RETRY);
        }
        ongoing
    }

    /// Whether the clock keeps the room in memory: a live game whose clock runs (or whose first moves are
    /// awaited). A correspondence game's room may leave; the registry wakes it at its deadline.
    pub(super) fn clock_keeps_room(&self) -> bool {
        self.clock_due().is_some() && self.game.clock.is_some_and(|c| c.control.is_live())
    }

    /// When a room leaving memory must be loaded again for its clock, if ever.
    pub(super) fn wake_deadline(&self) -> Option<Instant> {
        self.clock_due()
            .map(|(up, _)| self.deps.store.time().instant_of(up).into_std())
    }

    /// Ends the game if its deadline has passed: on time (the running side loses) or aborted (a first move
    /// did not come in time). The result is written before `ended` is sent.
    pub(super) async fn on_clock_due(&mut self) {
        self.settle_outages();
        let Some((up, due)) = self.clock_due() else {
            return;
        };
        if self.deps.store.time().now().up < up {
            return;
        }
        if matches!(due, Due::Flag(_)) && self.outage_holds_flag() {
            return;
        }
        let o = match due {
            Due::Flag(side) => Outcome::win(side.opponent(), Reason::Time),
            Due::Abort => Outcome::aborted(),
        };
        let v = self.log.next_v();
        if let Err(e) = self.deps.store.finish(&self.game.id, o, v as i64).await {
            tracing::warn!(game = %self.game.id, "cannot end the game on time: {e}");
            self.clock_hold = Some(super::actor::now() + RETRY);
            return;
        }
        self.clock_hold = None;
        self.log.stored(v);
        if let Some(c) = &self.computer {
            c.stop();
        }
        self.end(o).await;
        tracing::debug!(game = %self.game.id, reason = o.reason.name(), "ended by the clock");
    }
}
