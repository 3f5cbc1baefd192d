//! Time controls, the clock as clients see it ([`ClockView`]) and the clock arithmetic ([`Clock`]): pure
//! functions of the moves and the instants they were played at, in milliseconds, with no timer and no
//! reading of the time (the caller passes every instant), so that the server, its store and a client compute
//! the same clock.
//!
//! The server is the only timekeeper. It measures with its own "uptime clock" (`up` milliseconds: Unix ms
//! less all the time the server was ever down), so that a restart charges nobody for the time the server was
//! down. The server's game room turns a clock's deadlines into one timer ([`Clock::deadline`]).
//!
//! The rules, as protocol.md gives them:
//! - Live games use Fischer clocks: each side starts with `initial_s`, the time spent on a move is charged
//!   to its mover, then `increment_s` is added.
//! - Correspondence games give `days` per move: after each move the mover's time is set back to `days`.
//! - Clocks start once both sides have made their first move: the first move of each side is not timed.
//!   Instead, a side that does not make its first move within [`TimeControl::first_move_ms`] sees the game
//!   aborted by the server.
//! - A side whose time runs out while it is to move loses on time.

use bao_core::Side;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::schema;

/// Longest initial time of a live clock: 3 hours.
pub const MAX_INITIAL_S: u32 = 10_800;
/// Largest Fischer increment: 3 minutes.
pub const MAX_INCREMENT_S: u32 = 180;
/// Most days per move of a correspondence clock.
pub const MAX_DAYS: u32 = 14;
/// Milliseconds in a day.
const DAY_MS: i64 = 86_400_000;
/// How long a player of a live game has for the first move before the server aborts the game: long enough
/// to read the board and find the first move, short enough that a forgotten game does not hold an opponent.
pub const LIVE_FIRST_MOVE_MS: i64 = 120_000;

/// A game's time control, as `POST /api/games` takes it and every `clock` object shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum TimeControl {
    /// A Fischer clock: `initial_s` each, `increment_s` added after every timed move.
    Live {
        /// Seconds each side starts with (1 to 10,800).
        initial_s: u32,
        /// Seconds added after each timed move (0 to 180).
        increment_s: u32,
    },
    /// Days per move (1 to 14): the mover's time is set back to this after each move.
    Correspondence {
        /// Days per move.
        days: u32,
    },
}

impl TimeControl {
    /// The time control of a `clock` field (`null` is no clock), or why it is not one.
    pub fn from_json(v: &serde_json::Value) -> Result<Option<TimeControl>, String> {
        if v.is_null() {
            return Ok(None);
        }
        let c: TimeControl = serde_json::from_value(v.clone()).map_err(|e| {
            format!(
                "clock: {e}; use null, {{\"kind\":\"live\",\"initial_s\":I,\"increment_s\":J}} or \
                 {{\"kind\":\"correspondence\",\"days\":D}}"
            )
        })?;
        c.check().map(Some)
    }

    /// The control if its numbers are within protocol.md's bounds.
    pub fn check(self) -> Result<TimeControl, String> {
        match self {
            TimeControl::Live { initial_s, .. } if !(1..=MAX_INITIAL_S).contains(&initial_s) => {
                Err(format!(
                    "clock: initial_s must be 1 to {MAX_INITIAL_S}, not {initial_s}"
                ))
            }
            TimeControl::Live { increment_s, .. } if increment_s > MAX_INCREMENT_S => Err(format!(
                "clock: increment_s must be 0 to {MAX_INCREMENT_S}, not {increment_s}"
            )),
            TimeControl::Correspondence { days } if !(1..=MAX_DAYS).contains(&days) => {
                Err(format!("clock: days must be 1 to {MAX_DAYS}, not {days}"))
            }
            ok => Ok(ok),
        }
    }

    /// The time each side has at the start (and, in correspondence, after each move).
    pub fn initial_ms(self) -> i64 {
        match self {
            TimeControl::Live { initial_s, .. } => i64::from(initial_s) * 1000,
            TimeControl::Correspondence { days } => i64::from(days) * DAY_MS,
        }
    }

    /// Whether it is a live clock (minutes), not days per move.
    pub fn is_live(self) -> bool {
        matches!(self, TimeControl::Live { .. })
    }

    /// How long a side has for its first move before the server aborts the game: two minutes live, the
    /// days per move in correspondence.
    pub fn first_move_ms(self) -> i64 {
        match self {
            TimeControl::Live { .. } => LIVE_FIRST_MOVE_MS,
            TimeControl::Correspondence { .. } => self.initial_ms(),
        }
    }

    /// The time left to `mover` after a timed move that left it `left` ms.
    fn after_move(self, left: i64) -> i64 {
        match self {
            TimeControl::Live { increment_s, .. } => left + i64::from(increment_s) * 1000,
            TimeControl::Correspondence { .. } => self.initial_ms(),
        }
    }
}

/// The kind of a time control.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ClockKind {
    /// A Fischer clock (`initial_s`, `increment_s`).
    Live,
    /// Days per move (`days`).
    Correspondence,
}

/// A clock as the snapshot, `moved`, `ended` and `undone` show it: the settings (as `POST /api/games` took
/// them), the time left to each side and when that was measured, so that a client counts down from `at`
/// without drifting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ClockView {
    /// `live` or `correspondence`.
    pub kind: ClockKind,
    /// A live clock's initial seconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initial_s: Option<u32>,
    /// A live clock's increment in seconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub increment_s: Option<u32>,
    /// A correspondence clock's days per move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub days: Option<u32>,
    /// South's time left at `at`, in ms.
    pub south_ms: i64,
    /// North's time left at `at`, in ms.
    pub north_ms: i64,
    /// The side whose time is running, if any (none before both sides have moved, and once the game is
    /// over).
    #[schema(value_type = Option<schema::Side>, required = true)]
    pub running: Option<Side>,
    /// The server's Unix time in ms when these were measured.
    pub at: i64,
}

/// What a deadline of the clock is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Due {
    /// The running side's time runs out: it loses on time.
    Flag(Side),
    /// The side to move has not made its first move in time: the game is aborted.
    Abort,
}

/// One game's clock. All instants are the server's uptime ms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    /// The settings.
    pub control: TimeControl,
    /// Time left to south and north at `since`.
    left: [i64; 2],
    /// The side whose time runs, once both have moved.
    running: Option<Side>,
    /// When the current turn began (the running side's time is charged from here).
    since: i64,
}

impl Clock {
    /// A new clock: full time for both, not running, the first turn beginning at `now`.
    pub fn new(control: TimeControl, now: i64) -> Clock {
        let full = control.initial_ms();
        Clock {
            control,
            left: [full; 2],
            running: None,
            since: now,
        }
    }

    /// A clock as stored after a move: the times left then (`south`, `north`), measured at `at`, running for
    /// `running` (the side to move once both sides have moved and the game goes on).
    pub fn resumed(control: TimeControl, left: [i64; 2], running: Option<Side>, at: i64) -> Clock {
        Clock {
            control,
            left,
            running,
            since: at,
        }
    }

    /// The clock of a finished game from the one stored with its last move: stopped, and with the time of
    /// `lost_on_time` (the side that lost on time, if any) at zero, since its flag fell after that move.
    pub fn finished(mut self, lost_on_time: Option<Side>) -> Clock {
        if let Some(s) = lost_on_time {
            self.left[s.index()] = 0;
        }
        self.running = None;
        self
    }

    /// The side whose time runs.
    pub fn running(&self) -> Option<Side> {
        self.running
    }

    /// When the current turn began.
    pub fn since(&self) -> i64 {
        self.since
    }

    /// The time `side` had at the start of the current turn.
    pub fn stored_left(&self, side: Side) -> i64 {
        self.left[side.index()]
    }

    /// The time `side` has left at `now` (never below zero).
    pub fn left_at(&self, side: Side, now: i64) -> i64 {
        let left = self.left[side.index()];
        let spent = if self.running == Some(side) {
            (now - self.since).max(0)
        } else {
            0
        };
        (left - spent).max(0)
    }

    /// The current turn begins again at `now` without charging anyone (both players now in a game that was
    /// waiting for one, or a takeback).
    pub fn restart_turn(&mut self, now: i64) {
        self.since = now;
    }

    /// `mover` played move number `ply` (0 for the first) at `now`; the next side is to move unless the
    /// game ended. Charges the time since the turn began if the clock ran, then adds the increment (or, in
    /// correspondence, sets the time back to the days per move). The clock runs from the third move on.
    ///
    /// `Err(mover)` when the mover's time had already run out: the move is refused and the game lost on
    /// time (the timer normally ends the game first; this decides a move that arrives at the same instant).
    pub fn moved(&mut self, mover: Side, ply: u64, now: i64, game_over: bool) -> Result<(), Side> {
        if self.running == Some(mover) {
            let left = self.left[mover.index()] - (now - self.since).max(0);
            if left <= 0 {
                return Err(mover);
            }
            self.left[mover.index()] = self.control.after_move(left);
        }
        self.since = now;
        self.running = if game_over || ply < 1 {
            None
        } else {
            Some(mover.opponent())
        };
        Ok(())
    }

    /// Gives back to the running side the time from `from` to `to` (uptime ms) during which the server could
    /// not take its move or could not show it the move it must answer (an outage): that time is not charged.
    /// Only the part of the span within the current turn counts, and nothing is given to a side whose time
    /// had already run out when the span began (its flag fell first). After the span the side has at least
    /// `floor` ms, so that a side refused in its last seconds has the time to send its move again. Returns
    /// whether anything was given.
    pub fn credit(&mut self, from: i64, to: i64, floor: i64) -> bool {
        let Some(side) = self.running else {
            return false;
        };
        let from = from.max(self.since);
        if to <= from || self.left_at(side, from) == 0 {
            return false;
        }
        let i = side.index();
        self.left[i] += to - from;
        let after = self.left_at(side, to);
        if after < floor {
            self.left[i] += floor - after;
        }
        true
    }

    /// Stops the clock at `now` (the game ended): the time spent on the unfinished turn is charged.
    pub fn stop(&mut self, now: i64) {
        if let Some(s) = self.running {
            self.left[s.index()] = self.left_at(s, now);
        }
        self.running = None;
        self.since = now;
    }

    /// The next instant at which the server must act on the clock, and what for: the running side's flag,
    /// or (before the clock starts, `first_moves_pending`) the first-move deadline of the side to move.
    pub fn deadline(&self, first_moves_pending: bool) -> Option<(i64, Due)> {
        match self.running {
            Some(s) => Some((self.since + self.left[s.index()], Due::Flag(s))),
            None if first_moves_pending => {
                Some((self.since + self.control.first_move_ms(), Due::Abort))
            }
            None => None,
        }
    }

    /// The clock as clients see it at `now` (uptime ms), which is Unix ms `wall`.
    pub fn view(&self, now: i64, wall: i64) -> ClockView {
        let (kind, initial_s, increment_s, days) = match self.control {
            TimeControl::Live {
                initial_s,
                increment_s,
            } => (ClockKind::Live, Some(initial_s), Some(increment_s), None),
            TimeControl::Correspondence { days } => {
                (ClockKind::Correspondence, None, None, Some(days))
            }
        };
        ClockView {
            kind,
            initial_s,
            increment_s,
            days,
            south_ms: self.left_at(Side::South, now),
            north_ms: self.left_at(Side::North, now),
            running: self.running,
            at: wall,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const LIVE: TimeControl = TimeControl::Live {
        initial_s: 60,
        increment_s: 2,
    };

    /// A clock after both first moves, played at `t`: south to move, running.
    fn started(control: TimeControl, t: i64) -> Clock {
        let mut c = Clock::new(control, 0);
        c.moved(Side::South, 0, t / 2, false).unwrap();
        c.moved(Side::North, 1, t, false).unwrap();
        c
    }

    #[test]
    fn first_moves_are_not_timed_and_the_clock_starts_after_both() {
        let mut c = Clock::new(LIVE, 0);
        assert_eq!(c.running(), None);
        // South thinks for 50 s over its first move: not charged, no increment.
        c.moved(Side::South, 0, 50_000, false).unwrap();
        assert_eq!(c.running(), None);
        assert_eq!(c.left_at(Side::South, 50_000), 60_000);
        c.moved(Side::North, 1, 90_000, false).unwrap();
        assert_eq!(c.left_at(Side::North, 90_000), 60_000);
        // Now south's time runs.
        assert_eq!(c.running(), Some(Side::South));
        assert_eq!(c.left_at(Side::South, 95_000), 55_000);
        assert_eq!(c.left_at(Side::North, 95_000), 60_000);
    }

    #[test]
    fn fischer_charges_the_time_spent_then_adds_the_increment() {
        let mut c = started(LIVE, 1000);
        c.moved(Side::South, 2, 1000 + 7_500, false).unwrap();
        assert_eq!(c.stored_left(Side::South), 60_000 - 7_500 + 2_000);
        assert_eq!(c.running(), Some(Side::North));
        c.moved(Side::North, 3, 8_500 + 30_000, false).unwrap();
        assert_eq!(c.stored_left(Side::North), 60_000 - 30_000 + 2_000);
        // The increment may take a side above its initial time.
        c.moved(Side::South, 4, 38_500 + 100, false).unwrap();
        assert_eq!(c.stored_left(Side::South), 54_500 - 100 + 2_000);
    }

    #[test]
    fn correspondence_sets_the_time_back_to_the_days_per_move() {
        let two_days = TimeControl::Correspondence { days: 2 };
        let mut c = started(two_days, 0);
        assert_eq!(c.left_at(Side::South, DAY_MS), DAY_MS);
        c.moved(Side::South, 2, DAY_MS + 5, false).unwrap();
        assert_eq!(c.stored_left(Side::South), 2 * DAY_MS);
        assert_eq!(
            c.deadline(false),
            Some((DAY_MS + 5 + 2 * DAY_MS, Due::Flag(Side::North)))
        );
    }

    #[test]
    fn the_flag_falls_when_the_time_is_spent() {
        let c = started(LIVE, 0);
        assert_eq!(c.deadline(false), Some((60_000, Due::Flag(Side::South))));
        assert_eq!(c.left_at(Side::South, 61_000), 0, "never below zero");
        // A move that arrives after the flag is refused, and the mover has lost.
        let mut late = c;
        assert_eq!(late.moved(Side::South, 2, 60_000, false), Err(Side::South));
        assert_eq!(late, c, "a refused move changes nothing");
        let mut in_time = c;
        assert_eq!(in_time.moved(Side::South, 2, 59_999, false), Ok(()));
        assert_eq!(in_time.stored_left(Side::South), 1 + 2_000);
    }

    #[test]
    fn before_the_clock_starts_the_deadline_is_the_first_move_abort() {
        let c = Clock::new(LIVE, 1_000);
        assert_eq!(
            c.deadline(true),
            Some((1_000 + LIVE_FIRST_MOVE_MS, Due::Abort))
        );
        assert_eq!(
            c.deadline(false),
            None,
            "nothing due against a computer's move"
        );
        let corr = Clock::new(TimeControl::Correspondence { days: 3 }, 0);
        assert_eq!(corr.deadline(true), Some((3 * DAY_MS, Due::Abort)));
    }

    #[test]
    fn a_game_that_ends_stops_the_clock() {
        let mut c = started(LIVE, 0);
        c.moved(Side::South, 2, 10_000, true).unwrap();
        assert_eq!(c.running(), None);
        assert_eq!(
            c.deadline(true),
            Some((10_000 + LIVE_FIRST_MOVE_MS, Due::Abort))
        );
        let mut resigned = started(LIVE, 0);
        resigned.stop(25_000);
        assert_eq!(resigned.running(), None);
        assert_eq!(resigned.stored_left(Side::South), 35_000);
        assert_eq!(resigned.left_at(Side::South, 90_000), 35_000, "stopped");
        let mut flagged = started(LIVE, 0);
        flagged.stop(61_000);
        assert_eq!(flagged.left_at(Side::South, 61_000), 0);
        // Loaded back from the last move's stored clock: the flag is not in it.
        let stored = started(LIVE, 0);
        let reloaded = stored.finished(Some(Side::South));
        assert_eq!(reloaded.running(), None);
        assert_eq!(reloaded.left_at(Side::South, 90_000), 0);
        assert_eq!(reloaded.left_at(Side::North, 90_000), 60_000);
        let resigned = stored.finished(None);
        assert_eq!(resigned.left_at(Side::South, 90_000), 60_000, "stopped");
    }

    #[test]
    fn an_outage_is_given_back_to_the_running_side() {
        // South to move from 0 with 60 s; the server cannot take its move from 50 s to 130 s.
        let mut c = started(LIVE, 0);
        assert!(c.credit(50_000, 130_000, 5_000));
        assert_eq!(
            c.left_at(Side::South, 130_000),
            10_000,
            "as it stood at 50 s"
        );
        assert_eq!(
            c.left_at(Side::North, 130_000),
            60_000,
            "the other side is untouched"
        );
        assert_eq!(c.deadline(false), Some((140_000, Due::Flag(Side::South))));
        // Its move after the outage is charged only the time outside it.
        c.moved(Side::South, 2, 131_000, false).unwrap();
        assert_eq!(c.stored_left(Side::South), 9_000 + 2_000);
    }

    #[test]
    fn a_side_refused_in_its_last_seconds_gets_the_floor_after_the_outage() {
        let mut c = started(LIVE, 0);
        assert!(c.credit(59_700, 80_000, 5_000));
        assert_eq!(c.left_at(Side::South, 80_000), 5_000);
        assert_eq!(c.deadline(false), Some((85_000, Due::Flag(Side::South))));
    }

    #[test]
    fn an_outage_after_the_flag_or_outside_the_turn_gives_nothing() {
        let c = started(LIVE, 10_000);
        // The flag fell at 70 s, before the outage began.
        let mut late = c;
        assert!(!late.credit(70_000, 90_000, 5_000));
        assert_eq!(late, c);
        // An outage before the turn began counts only from the turn's start.
        let mut early = c;
        assert!(early.credit(0, 20_000, 0));
        assert_eq!(early.left_at(Side::South, 20_000), 60_000);
        // Nothing runs before both first moves: nothing to give.
        let mut fresh = Clock::new(LIVE, 0);
        assert!(!fresh.credit(0, 5_000, 5_000));
        assert_eq!(fresh, Clock::new(LIVE, 0));
    }

    #[test]
    fn the_view_counts_from_its_measuring_instant() {
        let c = started(LIVE, 0);
        let v = c.view(4_000, 1_700_000_004_000);
        assert_eq!(
            serde_json::to_value(v).unwrap(),
            json!({"kind": "live", "initial_s": 60, "increment_s": 2, "south_ms": 56_000,
                   "north_ms": 60_000, "running": "south", "at": 1_700_000_004_000i64})
        );
    }

    #[test]
    fn time_controls_are_checked_against_the_protocol_bounds() {
        let ok = |v| TimeControl::from_json(&v).expect("valid");
        assert_eq!(ok(json!(null)), None);
        assert_eq!(
            ok(json!({"kind": "live", "initial_s": 300, "increment_s": 3})),
            Some(TimeControl::Live {
                initial_s: 300,
                increment_s: 3
            })
        );
        assert_eq!(
            ok(json!({"kind": "correspondence", "days": 14})),
            Some(TimeControl::Correspondence { days: 14 })
        );
        for bad in [
            json!({"kind": "live", "initial_s": 0, "increment_s": 0}),
            json!({"kind": "live", "initial_s": 10_801, "increment_s": 0}),
            json!({"kind": "live", "initial_s": 60, "increment_s": 181}),
            json!({"kind": "live", "initial_s": 60}),
            json!({"kind": "live", "initial_s": -5, "increment_s": 0}),
            json!({"kind": "correspondence", "days": 0}),
            json!({"kind": "correspondence", "days": 15}),
            json!({"kind": "blitz"}),
            json!({"kind": "live", "initial_s": 60, "increment_s": 0, "delay": 5}),
            json!("5+3"),
            json!(300),
        ] {
            assert!(TimeControl::from_json(&bad).is_err(), "{bad} was accepted");
        }
    }
}
