//! The sowing engine: laps, relays, captures, stops, and exact detection of never-ending moves.
//!
//! A move is a sequence of laps. The per-variant code in [`crate::rules`] sets up the first lap (hand seed,
//! lift, or a namua capture) and then hands over to [`Sowing::run`], which sows lap after lap until the move
//! ends. The rules that decide what happens at the end of a lap are the same for every variant up to a few
//! switches ([`LapRules`]).

use crate::pit::{Pit, Side, NYUMBA};
use crate::position::Position;
use crate::result::{GameResult, Reason};
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
    /// The recorder's lap budget ran out ([`LapBudget`]): whether the move ends is unknown.
    Abandoned,
}

/// A recorder that records nothing and allows a fixed number of laps beyond the first
/// `CYCLE_CHECK_FROM` laps of each move, over all the moves it is used for.
pub(crate) struct LapBudget {
    /// Laps still allowed.
    pub left: u64,
    /// Whether a move was abandoned for want of laps.
    pub exhausted: bool,
}

impl Recorder for LapBudget {
    const ENABLED: bool = false;
    #[inline(always)]
    fn step(&mut self, _: Step) {}
    #[inline(always)]
    fn more_laps(&mut self) -> bool {
        if self.left == 0 {
            self.exhausted = true;
            return false;
        }
        self.left -= 1;
        true
    }
}

/// Laps sown before cycle detection starts. Ordinary moves end well before this, so they never pay for it.
const CYCLE_CHECK_FROM: u32 = 24;

/// One seed in each of the 16 pits of a ring held as a `u128`.
const ONES: u128 = u128::from_le_bytes([1; 16]);

/// `SOW_MASKS[clockwise][start][k]`: one seed in each of the `k` pits from `start` on, in that direction.
const SOW_MASKS: [[[u128; 16]; 16]; 2] = sow_masks();

const fn sow_masks() -> [[[u128; 16]; 16]; 2] {
    let mut t = [[[0u128; 16]; 16]; 2];
    let mut cw = 0;
    while cw < 2 {
        let mut start = 0;
        while start < 16 {
            let mut k = 1;
            while k < 16 {
                let at = if cw == 1 {
                    (start + k - 1) & 15
                } else {
                    (start + 16 - (k - 1)) & 15
                };
                t[cw][start][k] = t[cw][start][k - 1] | (1u128 << (8 * at));
                k += 1;
            }
            start += 1;
        }
        cw += 1;
    }
    t
}

/// The seeds in pit `ring` of a ring held as a `u128`.
#[inline(always)]
fn seeds_at(ring: u128, at: u8) -> u8 {
    (ring >> (8 * u32::from(at))) as u8
}

/// What is compared to detect a cycle: the mover's pits, where the next seed goes, the direction and the seeds
/// in the air.
///
/// The rest of the state (the opponent's pits, both nyumba flags) can only change through a capture or the
/// loss of a nyumba, and neither can be undone: so no cycle contains one. The detection therefore starts afresh
/// after each such change, and between two of them comparing the mover's side is comparing the whole state.
#[derive(Clone, Copy, PartialEq, Eq)]
struct LapState {
    mine: u128,
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

    /// Sows the seeds in the air, one per pit from `next`, into the mover's ring held as a `u128` (one byte
    /// per pit, ring index = byte index); returns the ring index of the last pit.
    ///
    /// The board arithmetic is two additions of precomputed masks whatever the number of seeds: long relay
    /// chains (and the never-ending moves that must be followed until they repeat) spend their time here.
    #[inline(always)]
    fn sow_lap(&mut self, ring: &mut u128) -> u8 {
        let n = self.held;
        self.held = 0;
        let start = self.next;
        let cw = self.clockwise;
        if R::ENABLED {
            let mut at = start;
            for _ in 0..n {
                self.rec.step(Step::Sow {
                    pit: Pit::from_ring(self.me, at),
                });
                at = step(at, cw);
            }
        }
        // No byte overflows: a pit never holds more than the 64 seeds of the game.
        *ring += ONES * u128::from(n >> 4);
        let rem = n & 15;
        if rem == 0 {
            // The last seed of the last full round fell into the pit before `next`.
            return step(start, !cw);
        }
        *ring += SOW_MASKS[usize::from(cw)][usize::from(start)][usize::from(rem)];
        if cw {
            (start + rem - 1) & 15
        } else {
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
        // The mover's ring lives in a register for the whole move and goes back to the board when it ends.
        let mut mine = u128::from_le_bytes(self.pos.board[me]);
        let end = self.laps(&mut mine, safari);
        self.pos.board[me] = mine.to_le_bytes();
        end
    }

    /// The lap loop of [`Sowing::run`], on the mover's ring `mine` (the board's copy is stale meanwhile).
    #[inline(always)]
    fn laps(&mut self, mine: &mut u128, safari: Safari) -> End {
        let me = self.me.index();
        let opp = self.me.opponent().index();
        let mut laps: u32 = 0;
        // Cycle detection over the states at the start of each lap, from lap CYCLE_CHECK_FROM on: each state is
        // compared with the first one checked (`first`) and with Brent's saved state (`saved`). Any match is a
        // repetition, so either proves a never-ending move. Brent's finds every cycle within about three times
        // its length; `first` finds it within one length when the first state lies on the cycle itself, which
        // is the usual case: a relay lap can almost always be undone (the lifted pit is the first empty one
        // behind the lap's last seed), so the laps between two captures rarely lead into a cycle from outside.
        let mut first: Option<LapState> = None;
        let mut saved: Option<LapState> = None;
        let mut power: u32 = 1;
        let mut since: u32 = 0;
        let mut house = self.pos.house;
        let mut theirs = self.pos.board[opp];
        loop {
            let at = self.sow_lap(mine);
            let count = seeds_at(*mine, at);
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
            } else {
                let stop =
                    self.rules.nyumba_stop && at == NYUMBA && self.pos.house[me] && count >= 6;
                if stop {
                    self.reached_nyumba_stop = true;
                    if !self.rules.capture || safari == Safari::Stop {
                        self.rec.step(Step::NyumbaStop {
                            pit: self.pit(self.me, at),
                        });
                        return End::Finished;
                    }
                }
                // A relay, or a safari from the nyumba stop: lift the pit and sow on.
                *mine &= !(0xFF << (8 * u32::from(at)));
                if at == NYUMBA {
                    self.pos.house[me] = false;
                }
                self.held = count;
                self.next = step(at, self.clockwise);
                let pit = self.pit(self.me, at);
                self.rec.step(if stop {
                    Step::Safari { pit, count }
                } else {
                    Step::Relay { pit, count }
                });
            }
            laps += 1;
            if laps >= CYCLE_CHECK_FROM {
                if !self.rec.more_laps() {
                    return End::Abandoned;
                }
                if self.pos.house != house || self.pos.board[opp] != theirs {
                    // A capture or a lost nyumba: nothing before it can repeat, start afresh.
                    house = self.pos.house;
                    theirs = self.pos.board[opp];
                    saved = None;
                    first = None;
                }
                let now = LapState {
                    mine: *mine,
                    next: self.next,
                    clockwise: self.clockwise,
                    held: self.held,
                };
                if saved == Some(now) || first == Some(now) {
                    return End::NeverEnding;
                }
                if first.is_none() {
                    first = Some(now);
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
