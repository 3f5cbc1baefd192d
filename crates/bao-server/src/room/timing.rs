//! The room's side of the clock: its one timer (the next deadline of [`Clock::deadline`]: a flag or a
//! first-move abort) and what happens when it fires. The arithmetic is in `clock.rs`.
//!
//! Each room with a running clock has exactly one timer, a `sleep_until` in its `select!` loop
//! (`actor.rs`): nothing polls over all games. A live game's room stays in memory while its clock runs; a
//! correspondence game's room may leave memory, and asks the registry to load it again at its deadline.

use bao_protocol::clock::Due;
use bao_protocol::{Outcome, Reason, Status};
use std::time::{Duration, Instant};

use super::actor::Room;

/// How long the room waits before writing again a result the database could not take (a full disk).
const RETRY: Duration = Duration::from_secs(1);

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
        let Some((up, due)) = self.clock_due() else {
            return;
        };
        let now = self.deps.store.time().now();
        if now.up < up {
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
        self.end(o);
        tracing::debug!(game = %self.game.id, reason = o.reason.name(), "ended by the clock");
    }
}
