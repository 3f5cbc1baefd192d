//! Counters shared by every task during a run, and the report made from them at the end.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use hdrhistogram::Histogram;
use serde::Serialize;

/// Live counters of a run. Every field is safe to update from any task.
#[derive(Debug)]
pub struct Stats {
    latency_us: Mutex<Histogram<u64>>,
    /// The computer's reply times in `--computer-games`, µs.
    computer_reply_us: Mutex<Histogram<u64>>,
    errors: Mutex<BTreeMap<String, u64>>,
    /// Moves sent (`{"t":"move"}` frames).
    pub moves_sent: AtomicU64,
    /// Moves answered by the sender's own `moved` event for that ply.
    pub moves_acked: AtomicU64,
    /// Moves answered by an `error` event instead.
    pub moves_rejected: AtomicU64,
    /// Moves never answered (time-out, socket lost, or still waiting at the end).
    pub moves_lost: AtomicU64,
    /// `moved` events received by the opponent of the mover.
    pub opponent_moved: AtomicU64,
    /// Bytes of the `moved` events the players received (both seats).
    pub moved_bytes: AtomicU64,
    /// Number of `moved` events the players received (both seats).
    pub moved_events: AtomicU64,
    /// Events received by spectators.
    pub spectator_events: AtomicU64,
    /// Games created (`POST /api/games` answered 201).
    pub games_created: AtomicU64,
    /// Games fully set up (both seats connected and welcomed).
    pub games_ready: AtomicU64,
    /// Games that reached a result while being played.
    pub games_finished: AtomicU64,
    /// Games against the computer played to their end (`--computer-games`).
    pub computer_games: AtomicU64,
    /// Moves the computer played in them.
    pub computer_moves: AtomicU64,
    /// Human moves in them still without the computer's reply after `--move-timeout` when the run ended.
    pub computer_replies_lost: AtomicU64,
    /// WebSocket connections open now.
    pub open_sockets: AtomicI64,
    /// The most WebSocket connections open at once.
    pub peak_sockets: AtomicI64,
    /// Player and spectator sockets opened again after they closed (`--reconnect`).
    pub reconnects: AtomicU64,
    /// Moves sent again after a reconnect because the snapshot showed them unplayed (`--reconnect`); not in
    /// `moves_sent`.
    pub moves_resent: AtomicU64,
    /// The longest time from a socket closing to its replacement's snapshot, in µs.
    pub reconnect_max_us: AtomicU64,
    /// The longest time a game could not be played because a socket closed: from the close to the next
    /// acknowledged move if one was in flight, else to the new socket's snapshot (the think time after it is
    /// the generator's own), in µs.
    pub resume_max_us: AtomicU64,
}

impl Default for Stats {
    fn default() -> Self {
        Stats::new()
    }
}

impl Stats {
    /// Empty counters; the latency histogram covers 1 µs to 1 hour at 3 significant digits.
    pub fn new() -> Stats {
        let hist = match Histogram::new_with_bounds(1, 3_600_000_000, 3) {
            Ok(h) => h,
            // The bounds are constants that hdrhistogram accepts (low >= 1, high >= 2 * low, sigfig <= 5).
            Err(e) => panic!("histogram bounds: {e}"),
        };
        Stats {
            computer_reply_us: Mutex::new(hist.clone()),
            latency_us: Mutex::new(hist),
            errors: Mutex::new(BTreeMap::new()),
            moves_sent: AtomicU64::new(0),
            moves_acked: AtomicU64::new(0),
            moves_rejected: AtomicU64::new(0),
            moves_lost: AtomicU64::new(0),
            opponent_moved: AtomicU64::new(0),
            moved_bytes: AtomicU64::new(0),
            moved_events: AtomicU64::new(0),
            spectator_events: AtomicU64::new(0),
            games_created: AtomicU64::new(0),
            games_ready: AtomicU64::new(0),
            games_finished: AtomicU64::new(0),
            computer_games: AtomicU64::new(0),
            computer_moves: AtomicU64::new(0),
            computer_replies_lost: AtomicU64::new(0),
            open_sockets: AtomicI64::new(0),
            peak_sockets: AtomicI64::new(0),
            reconnects: AtomicU64::new(0),
            moves_resent: AtomicU64::new(0),
            reconnect_max_us: AtomicU64::new(0),
            resume_max_us: AtomicU64::new(0),
        }
    }

    /// Records one move round trip.
    pub fn record_latency(&self, d: Duration) {
        let us = (d.as_micros() as u64).clamp(1, 3_600_000_000);
        let mut h = lock(&self.latency_us);
        // Cannot fail: the value is clamped into the histogram's range.
        let _ = h.record(us);
    }

    /// Records one reply of the computer in `--computer-games`: from the human's move sent to the computer's
    /// `moved` received.
    pub fn record_computer_reply(&self, d: Duration) {
        let us = (d.as_micros() as u64).clamp(1, 3_600_000_000);
        let _ = lock(&self.computer_reply_us).record(us);
    }

    /// The computer's reply-time percentiles so far.
    pub fn computer_reply(&self) -> LatencySummary {
        LatencySummary::from_histogram(&lock(&self.computer_reply_us))
    }

    /// Counts one error under its code (`illegal_move`, `http_429`, `ws_closed`, …).
    pub fn error(&self, code: &str) {
        let mut e = lock(&self.errors);
        *e.entry(code.to_string()).or_insert(0) += 1;
    }

    /// Errors so far, by code.
    pub fn errors(&self) -> BTreeMap<String, u64> {
        lock(&self.errors).clone()
    }

    /// Adds one to a counter.
    pub fn inc(counter: &AtomicU64) {
        counter.fetch_add(1, Ordering::Relaxed);
    }

    /// Raises `max` (in µs) to `d` if `d` is longer.
    pub fn note_max(max: &AtomicU64, d: Duration) {
        max.fetch_max(d.as_micros() as u64, Ordering::Relaxed);
    }

    /// Reads a counter.
    pub fn get(counter: &AtomicU64) -> u64 {
        counter.load(Ordering::Relaxed)
    }

    /// A socket opened: counts it, and returns a guard that counts it closed when dropped.
    pub fn socket_opened(self: &std::sync::Arc<Self>) -> SocketGuard {
        let now = self.open_sockets.fetch_add(1, Ordering::Relaxed) + 1;
        self.peak_sockets.fetch_max(now, Ordering::Relaxed);
        SocketGuard(self.clone())
    }

    /// WebSocket connections open now.
    pub fn sockets(&self) -> i64 {
        self.open_sockets.load(Ordering::Relaxed)
    }

    /// The latency percentiles so far.
    pub fn latency(&self) -> LatencySummary {
        LatencySummary::from_histogram(&lock(&self.latency_us))
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    match m.lock() {
        Ok(g) => g,
        Err(poisoned) => poisoned.into_inner(),
    }
}

/// Counts a socket as closed when dropped.
#[derive(Debug)]
pub struct SocketGuard(std::sync::Arc<Stats>);

impl Drop for SocketGuard {
    fn drop(&mut self) {
        self.0.open_sockets.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Move round-trip latency percentiles, in milliseconds.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct LatencySummary {
    /// Number of round trips measured.
    pub count: u64,
    /// Mean.
    pub mean_ms: f64,
    /// Median.
    pub p50_ms: f64,
    /// 95th percentile.
    pub p95_ms: f64,
    /// 99th percentile.
    pub p99_ms: f64,
    /// 99.9th percentile.
    pub p999_ms: f64,
    /// Largest.
    pub max_ms: f64,
}

impl LatencySummary {
    /// Percentiles of a histogram of microseconds.
    pub fn from_histogram(h: &Histogram<u64>) -> LatencySummary {
        if h.is_empty() {
            return LatencySummary::default();
        }
        let ms = |us: u64| us as f64 / 1000.0;
        LatencySummary {
            count: h.len(),
            mean_ms: h.mean() / 1000.0,
            p50_ms: ms(h.value_at_quantile(0.50)),
            p95_ms: ms(h.value_at_quantile(0.95)),
            p99_ms: ms(h.value_at_quantile(0.99)),
            p999_ms: ms(h.value_at_quantile(0.999)),
            max_ms: ms(h.max()),
        }
    }
}

/// Memory and CPU of a process, from /proc.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct ProcessFigures {
    /// Process id.
    pub pid: u32,
    /// Resident memory at the start of the run, MiB.
    pub rss_start_mib: Option<f64>,
    /// Resident memory once every game was connected, MiB.
    pub rss_connected_mib: Option<f64>,
    /// Largest resident memory sampled during the run, MiB.
    pub rss_max_mib: Option<f64>,
    /// Resident memory at the end of the play phase, MiB.
    pub rss_end_mib: Option<f64>,
    /// The kernel's high-water mark of resident memory (VmHWM), MiB.
    pub rss_hwm_mib: Option<f64>,
    /// CPU seconds (user + system) used during the play phase.
    pub cpu_play_secs: Option<f64>,
    /// Those CPU seconds as a share of one core over the play phase (1.0 = one core busy).
    pub cpu_play_cores: Option<f64>,
}

/// The durability check after a SIGKILL and a restart (`--verify-durability`).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Durability {
    /// Games checked.
    pub games_checked: u64,
    /// Moves acknowledged by `moved` events in those games.
    pub moves_acknowledged: u64,
    /// Of those, moves found in the restarted server's games.
    pub moves_found: u64,
    /// Games with fewer moves than acknowledged.
    pub games_short: u64,
    /// Games the restarted server did not know.
    pub games_missing: u64,
    /// Games with more moves than acknowledged (a move applied without its acknowledgement, or twice).
    pub games_long: u64,
    /// Moves found beyond those acknowledged, in those games.
    pub moves_extra: u64,
    /// Seconds the restarted server took to answer `/healthz` (0 with `--verify-moves`: no restart).
    pub restart_secs: f64,
}

/// The outcome of a run.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Report {
    /// The server address.
    pub target: String,
    /// Variant of the games.
    pub variant: String,
    /// Games played at once.
    pub games: usize,
    /// Spectators per game.
    pub spectators_per_game: usize,
    /// Target total moves per second (0 = no limit).
    pub rate_target: f64,
    /// Think-time distribution.
    pub think: String,
    /// What the run measured (`--mode`).
    pub mode: crate::clock::Mode,
    /// The time controls of the games (`--clock`; empty: none).
    pub clocks: Vec<String>,
    /// Seconds taken to set every game up.
    pub connect_secs: f64,
    /// Seconds of the play phase.
    pub play_secs: f64,
    /// Games set up (both seats welcomed), including replacements of finished games.
    pub games_ready: u64,
    /// Games created.
    pub games_created: u64,
    /// Games that reached a result.
    pub games_finished: u64,
    /// WebSocket connections open when the play phase began.
    pub sockets_at_start: i64,
    /// The most WebSocket connections open at once.
    pub sockets_peak: i64,
    /// WebSocket connections still open after the shutdown (should be 0).
    pub sockets_at_end: i64,
    /// Moves sent.
    pub moves_sent: u64,
    /// Moves answered by the sender's own `moved` event.
    pub moves_acked: u64,
    /// Moves answered by an error.
    pub moves_rejected: u64,
    /// Moves never answered.
    pub moves_lost: u64,
    /// Sockets opened again after they closed (`--reconnect`).
    pub reconnects: u64,
    /// Moves sent again after a reconnect (`--reconnect`).
    pub moves_resent: u64,
    /// The longest time from a socket closing to its replacement's snapshot, in ms.
    pub reconnect_max_ms: f64,
    /// The longest time a game waited, after a socket closed, for its next acknowledged move, in ms.
    pub resume_max_ms: f64,
    /// `moved` events seen by the mover's opponent.
    pub opponent_moved: u64,
    /// Events received by spectators.
    pub spectator_events: u64,
    /// Games against the computer played at once beside the others (`--computer-games`).
    pub computer_games: usize,
    /// Of those, games played to their end.
    pub computer_games_finished: u64,
    /// Moves the computer played in them.
    pub computer_moves: u64,
    /// The computer's reply times in them (from the human's move sent to the computer's `moved`).
    pub computer_reply: LatencySummary,
    /// Human moves still without the computer's reply after `--move-timeout` when the run ended.
    pub computer_replies_lost: u64,
    /// Mean size of a `moved` event as received (bytes of JSON text).
    pub moved_event_mean_bytes: f64,
    /// Acknowledged moves per second over the play phase.
    pub moves_per_sec: f64,
    /// Move round trip: from sending the move to the sender's own `moved` for that ply.
    pub latency: LatencySummary,
    /// Errors by code: server `error` events by their code, `http_STATUS`, `ws_*`, `move_timeout`, …
    pub errors: BTreeMap<String, u64>,
    /// Total of `errors`.
    pub errors_total: u64,
    /// The server process, when known.
    pub server: Option<ProcessFigures>,
    /// This load generator's own process.
    pub generator: Option<ProcessFigures>,
    /// The server's own move-handling time over the play phase (from its `/metrics`), when it has one.
    pub server_move_times: Option<crate::metrics::ServerMoveTimes>,
    /// The durability check, when asked for.
    pub durability: Option<Durability>,
    /// `--mode flag`: how late the games were ended on time.
    pub flags: Option<crate::clock::FlagSummary>,
    /// `--mode idle`: the server's CPU while the clocks ran and nobody moved.
    pub idle: Option<crate::clock::IdleSummary>,
    /// True when no error was counted and every move sent was acknowledged.
    pub ok: bool,
}

impl Report {
    /// Sets `errors_total` and `ok` from the other fields.
    pub fn finish(&mut self) {
        self.errors_total = self.errors.values().sum();
        self.ok = self.errors_total == 0
            && self.moves_lost == 0
            && self.moves_rejected == 0
            && self.moves_acked == self.moves_sent
            && self
                .flags
                .as_ref()
                .is_none_or(crate::clock::FlagSummary::ok)
            && self.idle.as_ref().is_none_or(|i| i.ended == 0);
    }

    /// The human summary.
    pub fn human(&self) -> String {
        let mut s = String::new();
        let f = |x: Option<f64>| x.map_or("-".to_string(), |v| format!("{v:.1}"));
        let _ = writeln!(s, "bao-loadtest against {} ({})", self.target, self.variant);
        let _ = writeln!(
            s,
            "  games        {} at once ({} spectators each), {} set up, {} created, {} finished",
            self.games,
            self.spectators_per_game,
            self.games_ready,
            self.games_created,
            self.games_finished
        );
        if !self.clocks.is_empty() {
            let _ = writeln!(
                s,
                "  clocks       {} (mode {:?})",
                self.clocks.join(", "),
                self.mode
            );
        }
        if self.mode != crate::clock::Mode::Play {
            let _ = writeln!(
                s,
                "  phases       set up and first moves {:.1} s, then nobody moving {:.1} s",
                self.connect_secs, self.play_secs
            );
        } else {
            let _ = writeln!(
                s,
                "  phases       connect {:.1} s, play {:.1} s (rate target {}/s, think {})",
                self.connect_secs,
                self.play_secs,
                if self.rate_target > 0.0 {
                    format!("{}", self.rate_target)
                } else {
                    "unlimited".into()
                },
                self.think
            );
        }
        let _ = writeln!(
            s,
            "  sockets      {} open at play start, peak {}, {} left at end",
            self.sockets_at_start, self.sockets_peak, self.sockets_at_end
        );
        let _ = writeln!(
            s,
            "  moves        {} sent, {} acked, {} rejected, {} lost; {:.1} moves/s",
            self.moves_sent,
            self.moves_acked,
            self.moves_rejected,
            self.moves_lost,
            self.moves_per_sec
        );
        let _ = writeln!(
            s,
            "  events       `moved` events {:.0} bytes on average; {} seen by the opponent; {} to spectators",
            self.moved_event_mean_bytes, self.opponent_moved, self.spectator_events
        );
        if self.computer_games > 0 {
            let _ = writeln!(
                s,
                "  computer     {} games against the computer at once: {} moves by the computer, {} games finished",
                self.computer_games, self.computer_moves, self.computer_games_finished
            );
            let r = &self.computer_reply;
            let _ = writeln!(
                s,
                "  computer reply p50 {:.0} ms, p99 {:.0} ms, max {:.0} ms ({} replies, {} waited for past --move-timeout at the end)",
                r.p50_ms, r.p99_ms, r.max_ms, r.count, self.computer_replies_lost
            );
        }
        let l = &self.latency;
        let _ = writeln!(
            s,
            "  round trip   p50 {:.2} ms, p95 {:.2} ms, p99 {:.2} ms, p99.9 {:.2} ms, max {:.2} ms (mean {:.2}, n={})",
            l.p50_ms, l.p95_ms, l.p99_ms, l.p999_ms, l.max_ms, l.mean_ms, l.count
        );
        for (name, p) in [("server", &self.server), ("generator", &self.generator)] {
            if let Some(p) = p {
                let _ = writeln!(
                    s,
                    "  {name:<12} pid {}: RSS start {} MiB, connected {} MiB, max {} MiB, end {} MiB, HWM {} MiB; CPU {} s in play ({} cores)",
                    p.pid,
                    f(p.rss_start_mib),
                    f(p.rss_connected_mib),
                    f(p.rss_max_mib),
                    f(p.rss_end_mib),
                    f(p.rss_hwm_mib),
                    f(p.cpu_play_secs),
                    p.cpu_play_cores.map_or("-".into(), |c| format!("{c:.2}")),
                );
            }
        }
        if let Some(t) = &self.server_move_times {
            let opt =
                |x: Option<f64>| x.map_or("> last bucket".to_string(), |v| format!("<= {v} ms"));
            let _ = writeln!(
                s,
                "  in server    {} moves handled (validate + database write + publish): mean {:.2} ms, p50 {}, p99 {}",
                t.count,
                t.mean_ms,
                opt(t.p50_le_ms),
                opt(t.p99_le_ms)
            );
        }
        if self.reconnects > 0 {
            let _ = writeln!(
                s,
                "  reconnects   {} sockets opened again (longest {:.0} ms), {} moves sent again; longest wait for play to resume {:.0} ms",
                self.reconnects, self.reconnect_max_ms, self.moves_resent, self.resume_max_ms
            );
        }
        if let Some(d) = &self.durability {
            let when = if d.restart_secs > 0.0 {
                format!("after SIGKILL + restart ({:.1} s)", d.restart_secs)
            } else {
                "read back from the targets".into()
            };
            let _ = writeln!(
                s,
                "  durability   {when}: {} games checked, {}/{} acknowledged moves found, {} games short, {} missing, {} with {} moves beyond those acknowledged",
                d.games_checked,
                d.moves_found,
                d.moves_acknowledged,
                d.games_short,
                d.games_missing,
                d.games_long,
                d.moves_extra
            );
        }
        if let Some(f) = &self.flags {
            f.human(&mut s);
        }
        if let Some(i) = &self.idle {
            i.human(&mut s);
        }
        if self.errors.is_empty() {
            let _ = writeln!(s, "  errors       none");
        } else {
            let list: Vec<String> = self
                .errors
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect();
            let _ = writeln!(
                s,
                "  errors       {} ({})",
                self.errors_total,
                list.join(", ")
            );
        }
        let _ = writeln!(
            s,
            "  verdict      {}",
            if self.ok {
                match self.mode {
                    crate::clock::Mode::Play => "OK: every move acknowledged, no errors",
                    crate::clock::Mode::Flag => {
                        "OK: every clock flagged within a second, no errors"
                    }
                    crate::clock::Mode::Idle => "OK: no clock ran out, no errors",
                }
            } else {
                "NOT OK"
            }
        );
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    #[test]
    fn percentiles() {
        let s = Stats::new();
        for ms in 1..=100u64 {
            s.record_latency(Duration::from_millis(ms));
        }
        let l = s.latency();
        assert_eq!(l.count, 100);
        assert!((l.p50_ms - 50.0).abs() < 0.1, "{l:?}");
        assert!((l.p95_ms - 95.0).abs() < 0.1, "{l:?}");
        assert!((l.p99_ms - 99.0).abs() < 0.1, "{l:?}");
        assert!((l.max_ms - 100.0).abs() < 0.1, "{l:?}");
        assert!((l.mean_ms - 50.5).abs() < 0.1, "{l:?}");
        // Out-of-range values are clamped, not lost.
        s.record_latency(Duration::ZERO);
        s.record_latency(Duration::from_secs(100_000));
        assert_eq!(s.latency().count, 102);
    }

    #[test]
    fn empty_latency_is_zero() {
        assert_eq!(Stats::new().latency(), LatencySummary::default());
    }

    #[test]
    fn errors_by_code_and_sockets() {
        let s = Arc::new(Stats::new());
        s.error("illegal_move");
        s.error("http_429");
        s.error("illegal_move");
        let e = s.errors();
        assert_eq!(e.get("illegal_move"), Some(&2));
        assert_eq!(e.get("http_429"), Some(&1));
        let g1 = s.socket_opened();
        let g2 = s.socket_opened();
        assert_eq!(s.sockets(), 2);
        drop(g1);
        let g3 = s.socket_opened();
        assert_eq!(s.sockets(), 2);
        drop((g2, g3));
        assert_eq!(s.sockets(), 0);
        assert_eq!(s.peak_sockets.load(Ordering::Relaxed), 2);
    }

    #[test]
    fn verdict_and_output() {
        let mut r = Report {
            moves_sent: 10,
            moves_acked: 10,
            ..Report::default()
        };
        r.finish();
        assert!(r.ok);
        assert!(r.human().contains("OK: every move"));
        r.errors.insert("stale_ply".into(), 1);
        r.finish();
        assert!(!r.ok);
        assert_eq!(r.errors_total, 1);
        assert!(r.human().contains("stale_ply=1"));
        let mut r = Report {
            moves_sent: 10,
            moves_acked: 9,
            moves_lost: 1,
            ..Report::default()
        };
        r.finish();
        assert!(!r.ok);
        let json = serde_json::to_value(&r).unwrap();
        assert_eq!(json["moves_lost"], 1);
        assert!(json["latency"]["p99_ms"].is_number());
    }
}
