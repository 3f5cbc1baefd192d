//! Clocked games: the `--clock` specification, the `--mode` of a run, and the figures of the clocked modes
//! (`flag`: how late the server ends a game whose time ran out; `idle`: the server's CPU while thousands of
//! clocks run and nobody moves).

use std::fmt;
use std::fmt::Write as _;
use std::str::FromStr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use bao_protocol::clock::TimeControl;
use hdrhistogram::Histogram;
use serde::Serialize;

use crate::stats::LatencySummary;

/// What a run does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// Play random moves at the set rate and measure the move round trip.
    #[default]
    Play,
    /// Start every game's clock (both first moves), then stop moving, and measure how long after its time
    /// ran out the server ends each game on time (needs live `--clock`s).
    Flag,
    /// Start every game's clock, then hold the sockets open with nobody moving for `--duration`, and measure
    /// the server's CPU meanwhile (the clocks must not run out in that time). Without `--clock` the same
    /// games have no clock: the control for the cost of the clocks.
    Idle,
}

/// One `--clock`: a time control for the games created, as `POST /api/games` takes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockSpec(pub TimeControl);

impl ClockSpec {
    /// The `clock` field of `POST /api/games`.
    pub fn to_json(self) -> serde_json::Value {
        // A time control is two small numbers and a tag: serialising it cannot fail.
        serde_json::to_value(self.0).unwrap_or(serde_json::Value::Null)
    }

    /// Whether it is a live clock (the only kind that can run out within a run).
    pub fn is_live(self) -> bool {
        self.0.is_live()
    }

    /// The time each side starts with, ms.
    pub fn initial_ms(self) -> i64 {
        self.0.initial_ms()
    }
}

impl FromStr for ClockSpec {
    type Err = String;

    /// `live:I+J` (I seconds each, J seconds added per move; `live:I` is `live:I+0`) or
    /// `corr:D` (`correspondence:D`, D days per move), within the protocol's bounds.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let s = s.trim();
        let bad = || {
            format!("unknown clock {s:?}: use live:SECONDS+INCREMENT (e.g. live:60+0) or corr:DAYS")
        };
        let (kind, rest) = s.split_once(':').ok_or_else(bad)?;
        let num = |t: &str| t.trim().parse::<u32>().map_err(|_| bad());
        let control = match kind {
            "live" => {
                let (i, j) = rest.split_once('+').unwrap_or((rest, "0"));
                TimeControl::Live {
                    initial_s: num(i)?,
                    increment_s: num(j)?,
                }
            }
            "corr" | "correspondence" => TimeControl::Correspondence { days: num(rest)? },
            _ => return Err(bad()),
        };
        control.check().map(ClockSpec)
    }
}

impl fmt::Display for ClockSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            TimeControl::Live {
                initial_s,
                increment_s,
            } => write!(f, "live:{initial_s}+{increment_s}"),
            TimeControl::Correspondence { days } => write!(f, "corr:{days}"),
        }
    }
}

/// Live counters of the clocked modes.
#[derive(Debug)]
pub struct ClockStats {
    /// Flag latency in µs: from the instant the clock ran out to the `ended` event's arrival.
    late_us: Mutex<Histogram<u64>>,
    /// Games whose clock was started (both first moves acknowledged).
    pub clocked: AtomicU64,
    /// Games done with their first moves, started or failed (the clocked phase's ramp-up).
    pub settled: AtomicU64,
    /// Games ended on time, the side whose time ran out losing.
    pub flagged: AtomicU64,
    /// Of those, `ended` events that came before the instant the clock showed for the flag.
    pub early: AtomicU64,
    /// Games whose `ended` on time did not come within `--flag-timeout` of the flag.
    pub not_flagged: AtomicU64,
    /// Games that ended otherwise (another reason or winner; in `idle`, any end).
    pub ended_otherwise: AtomicU64,
}

impl Default for ClockStats {
    fn default() -> Self {
        ClockStats::new()
    }
}

impl ClockStats {
    /// Empty counters; the histogram covers 1 µs to 1 hour.
    pub fn new() -> ClockStats {
        let hist = match Histogram::new_with_bounds(1, 3_600_000_000, 3) {
            Ok(h) => h,
            // Constant bounds that hdrhistogram accepts.
            Err(e) => panic!("histogram bounds: {e}"),
        };
        ClockStats {
            late_us: Mutex::new(hist),
            clocked: AtomicU64::new(0),
            settled: AtomicU64::new(0),
            flagged: AtomicU64::new(0),
            early: AtomicU64::new(0),
            not_flagged: AtomicU64::new(0),
            ended_otherwise: AtomicU64::new(0),
        }
    }

    /// Records a flag that arrived `late_us` µs after the clock ran out (negative: before).
    pub fn record_flag(&self, late_us: i64) {
        self.flagged.fetch_add(1, Ordering::Relaxed);
        if late_us < 0 {
            self.early.fetch_add(1, Ordering::Relaxed);
        }
        let us = late_us.clamp(1, 3_600_000_000) as u64;
        let mut h = match self.late_us.lock() {
            Ok(g) => g,
            Err(p) => p.into_inner(),
        };
        // Cannot fail: clamped into the histogram's range.
        let _ = h.record(us);
    }

    /// The flag latencies so far.
    pub fn latency(&self) -> LatencySummary {
        let h = match self.late_us.lock() {
            Ok(g) => g,
            Err(p) => p.into_inner(),
        };
        LatencySummary::from_histogram(&h)
    }

    /// Flags within `ms` of the clock running out.
    pub fn within_ms(&self, ms: u64) -> u64 {
        let h = match self.late_us.lock() {
            Ok(g) => g,
            Err(p) => p.into_inner(),
        };
        h.count_between(0, ms * 1000)
    }

    /// Reads a counter.
    pub fn get(c: &AtomicU64) -> u64 {
        c.load(Ordering::Relaxed)
    }

    /// The figures of a `flag` run with `--flag-timeout` of `timeout_ms`.
    pub fn flag_summary(&self, timeout_ms: u64) -> FlagSummary {
        FlagSummary {
            games_clocked: Self::get(&self.clocked),
            flagged: Self::get(&self.flagged),
            flagged_within_1s: self.within_ms(1000),
            early: Self::get(&self.early),
            not_flagged: Self::get(&self.not_flagged),
            ended_otherwise: Self::get(&self.ended_otherwise),
            timeout_ms,
            latency: self.latency(),
        }
    }
}

/// The figures of a `flag` run.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct FlagSummary {
    /// Games whose clock was started.
    pub games_clocked: u64,
    /// Games the server ended on time.
    pub flagged: u64,
    /// Of those, ended within one second of the clock running out.
    pub flagged_within_1s: u64,
    /// `ended` events received before the instant the clock showed (a sign of skewed clocks).
    pub early: u64,
    /// Games not ended on time within `timeout_ms` of the flag (or whose socket failed first).
    pub not_flagged: u64,
    /// Games that ended otherwise.
    pub ended_otherwise: u64,
    /// `--flag-timeout`, ms.
    pub timeout_ms: u64,
    /// Flag latency: from `at` + the running side's time left (the clock of the second `moved` event) to
    /// the arrival of `ended`.
    pub latency: LatencySummary,
}

impl FlagSummary {
    /// Whether every started clock was flagged within a second and nothing else ended a game.
    pub fn ok(&self) -> bool {
        self.not_flagged == 0
            && self.ended_otherwise == 0
            && self.flagged == self.games_clocked
            && self.flagged_within_1s == self.flagged
    }

    /// The summary's lines.
    pub fn human(&self, s: &mut String) {
        let l = &self.latency;
        let _ = writeln!(
            s,
            "  flags        {} clocks started, {} flagged ({} within 1 s, {} early), {} not flagged within {} ms, {} ended otherwise",
            self.games_clocked,
            self.flagged,
            self.flagged_within_1s,
            self.early,
            self.not_flagged,
            self.timeout_ms,
            self.ended_otherwise
        );
        let _ = writeln!(
            s,
            "  flag latency p50 {:.1} ms, p95 {:.1} ms, p99 {:.1} ms, max {:.1} ms (mean {:.1}, n={})",
            l.p50_ms, l.p95_ms, l.p99_ms, l.max_ms, l.mean_ms, l.count
        );
    }
}

/// The figures of an `idle` run.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct IdleSummary {
    /// Games whose clock ran during the idle window (without `--clock`: games past their first moves).
    pub games_clocked: u64,
    /// Player sockets open at the start of the window.
    pub sockets: i64,
    /// Seconds of the window.
    pub secs: f64,
    /// Server CPU seconds (user + system) in the window.
    pub server_cpu_secs: Option<f64>,
    /// Those as a percentage of one core.
    pub server_cpu_percent: Option<f64>,
    /// Games that ended during the window (a clock ran out: choose longer clocks).
    pub ended: u64,
}

impl IdleSummary {
    /// The summary's line.
    pub fn human(&self, s: &mut String) {
        let f = |x: Option<f64>, d: usize| x.map_or("-".to_string(), |v| format!("{v:.d$}"));
        let _ = writeln!(
            s,
            "  idle         {} games past their first moves, {} sockets, nobody moving for {:.1} s: server CPU {} s = {} % of one core; {} games ended",
            self.games_clocked,
            self.sockets,
            self.secs,
            f(self.server_cpu_secs, 2),
            f(self.server_cpu_percent, 2),
            self.ended
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_specs() {
        let live: ClockSpec = "live:60+2".parse().unwrap();
        assert_eq!(
            live.0,
            TimeControl::Live {
                initial_s: 60,
                increment_s: 2
            }
        );
        assert_eq!(
            live.to_json(),
            serde_json::json!({"kind": "live", "initial_s": 60, "increment_s": 2})
        );
        assert_eq!(live.to_string(), "live:60+2");
        assert_eq!(
            "live:5".parse::<ClockSpec>().unwrap().to_string(),
            "live:5+0"
        );
        let corr: ClockSpec = "corr:3".parse().unwrap();
        assert_eq!(
            corr.to_json(),
            serde_json::json!({"kind": "correspondence", "days": 3})
        );
        assert!(!corr.is_live());
        assert_eq!(
            "correspondence:1".parse::<ClockSpec>().unwrap().to_string(),
            "corr:1"
        );
        for bad in [
            "live:0+0",
            "live:60+999",
            "corr:0",
            "corr:15",
            "blitz:5",
            "60+0",
            "live:x",
        ] {
            assert!(bad.parse::<ClockSpec>().is_err(), "{bad} accepted");
        }
    }

    #[test]
    fn flag_figures() {
        let c = ClockStats::new();
        c.clocked.fetch_add(3, Ordering::Relaxed);
        c.record_flag(20_000);
        c.record_flag(-500);
        c.record_flag(1_500_000);
        let f = c.flag_summary(10_000);
        assert_eq!((f.flagged, f.early, f.flagged_within_1s), (3, 1, 2));
        assert!(!f.ok(), "one flag came after a second");
        assert!((f.latency.max_ms - 1500.0).abs() < 2.0, "{f:?}");
        let mut s = String::new();
        f.human(&mut s);
        assert!(s.contains("3 flagged (2 within 1 s, 1 early)"), "{s}");
        let ok = ClockStats::new();
        ok.clocked.fetch_add(1, Ordering::Relaxed);
        ok.record_flag(5_000);
        assert!(ok.flag_summary(1).ok());
    }
}
