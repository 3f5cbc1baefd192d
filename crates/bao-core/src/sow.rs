//! The sowing engine: laps, relays, captures, stops, and exact detection of never-ending moves.
//!
//! A move is a sequence of laps. The per-variant code in [`crate::rules`] sets up the first lap (hand seed,
//! lift, or a namua capture) and then hands over to [`Sowing::run`], which sows lap after lap until the move
//! ends. The rules that decide what happens at the end of a lap are the same for every variant up to a few
//! switches ([`LapRules`]).

use crate::pit::{Pit, Side};
use crate::position::{GameResult, Position, Reason, NYUMBA};
use crate::trace::{Recorder, Step};

/// How the end of a lap is judged in the move being played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LapRules {
    /// A capture move: a lap ending in an occupied own front pit facing an occupied pit captures.
    /// (Takasa moves and Kimasai's phase 1 never capture.)
    pub capture: bool,
    /// Kimasai: captured seeds are sown clockwise from the capturing pit; otherwise from a kichwa.
    pub kimasai: bool,
    /// Namua stage of Bao la Kiswahili: the owned nyumba with 6 or more seeds stops the lap.
    pub nyumba_stop: bool,
    /// Mtaji stage of Bao la Kiswahili: a capture ends both players' nyumba ownership.
    pub capture_ends_houses: bool,
    /// The mover's pit (ring index) where a lap stops instead of relaying (takasia).
    pub takasia: Option<u8>,
}

/// Whether the move may go on safari when it reaches the nyumba stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Safari {
    /// Stop in the nyumba.
    Stop,
    /// Go on sowing from the nyumba.
    Go,
}

/// How a move ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum End {
    /// The last seed fell into an empty pit, or the move stopped (nyumba, takasia) or won by capture.
    Finished,
    /// The sowing returned to a state it was in before: the move never ends.
    NeverEnding,
}

/// Laps sown before cycle detection starts. Ordinary moves end well before this, so they never pay for it.
const CYCLE_CHECK_FROM: u32 = 24;

/// What is compared to detect a cycle: the mover's pits, where the next seed goes, the direction and the seeds
/// in the air.
///
/// The rest of the state (the opponent's pits, both nyumba flags) can only change through a capture or the
/// loss of a nyumba, and neither can be undone: so no cycle contains one. The detection therefore starts afresh
/// after each such change, and between two of them comparing the mover's side is comparing the whole state.
#[derive(Clone, Copy, PartialEq, Eq)]
struct LapState {
    mine: [u8; 16],
    next: u8,
    clockwise: bool,
    held: u8,
}

/// A move in progress.
pub(crate) struct Sowing<'r, R: Recorder> {
    /// The position being changed (the side to move is still the mover).
    pub pos: Position,
    /// The mover.
    pub me: Side,
    /// Seeds in the air, to be sown starting *into* `next`.
    pub held: u8,
    /// Ring index of the pit that receives the next seed.
    pub next: u8,
    /// Sowing direction: clockwise adds one to the ring index.
    pub clockwise: bool,
    /// Whether the nyumba stop was reached (and how the safari choice went).
    pub reached_nyumba_stop: bool,
    pub rules: LapRules,
    pub rec: &'r mut R,
}

#[inline(always)]
fn step(ring: u8, clockwise: bool) -> u8 {
    if clockwise {
        (ring + 1) & 15
    } else {
        ring.wrapping_sub(1) & 15
    }
}

impl<R: Recorder> Sowing<'_, R> {
    #[inline(always)]
    fn pit(&self, side: Side, ring: u8) -> Pit {
        Pit::from_ring(side, ring)
    }

    /// Takes all seeds from the mover's pit `ring` into the air (a lift or a relay), and aims the next seed at
    /// the pit after it. Emptying the nyumba ends its ownership.
    #[inline(always)]
    pub fn lift_all(&mut self, ring: u8) -> u8 {
        let me = self.me.index();
        let n = self.pos.board[me][ring as usize];
        self.pos.board[me][ring as usize] = 0;
        if ring == NYUMBA {
            self.pos.house[me] = false;
        }
        self.held = n;
        self.next = step(ring, self.clockwise);
        n
    }

    /// Sows the seeds in the air, one per pit from `next`; returns the ring index of the last pit.
    #[inline(always)]
    fn sow_lap(&mut self) -> u8 {
        let me = self.me;
        let n = self.held;
        self.held = 0;
        let ring = &mut self.pos.board[me.index()];
        if R::ENABLED {
            let mut at = self.next;
            let mut last = at;
            for _ in 0..n {
                ring[at as usize] += 1;
                self.rec.step(Step::Sow {
                    pit: Pit::from_ring(me, at),
                });
                last = at;
                at = step(at, self.clockwise);
            }
            return last;
        }
        let full = n >> 4;
        if full > 0 {
            for c in ring.iter_mut() {
                *c += full;
            }
        }
        let rem = n & 15;
        let start = self.next;
        if rem == 0 {
            // The last seed of the last full round fell into the pit before `next`.
            return step(start, !self.clockwise);
        }
        if self.clockwise {
            for i in 0..rem {
                ring[((start + i) & 15) as usize] += 1;
            }
            (start + rem - 1) & 15
        } else {
            for i in 0..rem {
                ring[(start.wrapping_sub(i) & 15) as usize] += 1;
            }
            start.wrapping_sub(rem - 1) & 15
        }
    }

    /// Whether the opponent's front row is empty.
    #[inline(always)]
    fn front_empty(&self, side: Side) -> bool {
        let r = &self.pos.board[side.index()];
        u64::from_le_bytes([r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7]]) == 0
    }

    /// Captures the opponent's front pit facing the mover's front pit `at`, choosing the kichwa by the rules of
    /// section 4 (or the capturing pit itself in Kimasai); returns `true` when that wins.
    #[inline(always)]
    fn capture(&mut self, at: u8) -> bool {
        let (into, clockwise) = if self.rules.kimasai {
            (at, true)
        } else {
            match at {
                0 | 1 => (0, true),
                6 | 7 => (7, false),
                _ if self.clockwise => (0, true),
                _ => (7, false),
            }
        };
        self.capture_into(at, into, clockwise)
    }

    /// Captures the opponent's front pit facing the mover's front pit `at`; the seeds will be sown from the
    /// mover's pit `into` in the given direction. Returns `true` when the capture wins the game.
    #[inline(always)]
    pub fn capture_into(&mut self, at: u8, into: u8, clockwise: bool) -> bool {
        let me = self.me;
        let opp = me.opponent();
        let facing = 7 - at;
        let taken = self.pos.board[opp.index()][facing as usize];
        self.pos.board[opp.index()][facing as usize] = 0;
        if facing == NYUMBA {
            self.pos.house[opp.index()] = false;
        }
        if self.rules.capture_ends_houses {
            self.pos.house = [false, false];
        }
        self.rec.step(Step::Capture {
            pit: self.pit(opp, facing),
            count: taken,
            into: self.pit(me, into),
        });
        self.held = taken;
        self.next = into;
        self.clockwise = clockwise;
        if self.front_empty(opp) {
            self.win_by_capture();
            return true;
        }
        false
    }

    /// The capture emptied the opponent's front row: the seeds in the air go to the mover's hand.
    fn win_by_capture(&mut self) {
        let me = self.me;
        self.pos.hand[me.index()] += self.held;
        self.held = 0;
        self.pos.result = Some(GameResult {
            winner: me,
            reason: Reason::FrontRowEmpty,
        });
    }

    /// Sows lap after lap until the move ends. `safari` decides the nyumba stop of a namua capture move.
    pub fn run(&mut self, safari: Safari) -> End {
        if self.pos.result.is_some() {
            return End::Finished;
        }
        let me = self.me.index();
        let opp = self.me.opponent().index();
        let mut laps: u32 = 0;
        // Brent's cycle detection over the states at the start of each lap, from lap CYCLE_CHECK_FROM on.
        let mut saved: Option<LapState> = None;
        let mut power: u32 = 1;
        let mut since: u32 = 0;
        let mut house = self.pos.house;
        let mut theirs = self.pos.board[opp];
        loop {
            let at = self.sow_lap();
            let count = self.pos.board[me][at as usize];
            if count == 1 {
                return End::Finished; // fell into an empty pit
            }
            if self.rules.capture && at < 8 && self.pos.board[opp][7 - at as usize] > 0 {
                if self.capture(at) {
                    return End::Finished;
                }
            } else if self.rules.takasia == Some(at) {
                self.rec.step(Step::TakasiaStop {
                    pit: self.pit(self.me, at),
                });
                return End::Finished;
            } else if self.rules.nyumba_stop && at == NYUMBA && self.pos.house[me] && count >= 6 {
                self.reached_nyumba_stop = true;
                if !self.rules.capture || safari == Safari::Stop {
                    self.rec.step(Step::NyumbaStop {
                        pit: self.pit(self.me, at),
                    });
                    return End::Finished;
                }
                let n = self.lift_all(at);
                self.rec.step(Step::Safari {
                    pit: self.pit(self.me, at),
                    count: n,
                });
            } else {
                let n = self.lift_all(at);
                self.rec.step(Step::Relay {
                    pit: self.pit(self.me, at),
                    count: n,
                });
            }
            laps += 1;
            if laps >= CYCLE_CHECK_FROM {
                if self.pos.house != house || self.pos.board[opp] != theirs {
                    // A capture or a lost nyumba: nothing before it can repeat, start afresh.
                    house = self.pos.house;
                    theirs = self.pos.board[opp];
                    saved = None;
                }
                let now = LapState {
                    mine: self.pos.board[me],
                    next: self.next,
                    clockwise: self.clockwise,
                    held: self.held,
                };
                if saved == Some(now) {
                    return End::NeverEnding;
                }
                since += 1;
                if saved.is_none() || since == power {
                    saved = Some(now);
                    power = power.saturating_mul(2);
                    since = 0;
                }
            }
        }
    }
}
