//! Counters for `/metrics`, in the Prometheus text format. Plain atomics: nothing here may slow a move down.

use std::fmt::Write;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::time::Duration;

/// Upper bounds (seconds) of the move-latency histogram buckets.
const BUCKETS: [f64; 10] = [
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0,
];

/// The server's metrics.
#[derive(Debug, Default)]
pub struct Metrics {
    /// Rooms (games) in memory.
    pub games_in_memory: AtomicI64,
    /// Open WebSocket connections.
    pub open_sockets: AtomicI64,
    /// Moves accepted (human and computer).
    pub moves_total: AtomicU64,
    /// Games created over HTTP (rematches included).
    pub games_created_total: AtomicU64,
    /// Computer searches running on the blocking pool.
    pub computer_searches: AtomicI64,
    /// Analyses (`POST /api/analysis`) holding a place, waiting for a computer permit or running.
    pub analyses: AtomicI64,
    buckets: [AtomicU64; BUCKETS.len()],
    latency_count: AtomicU64,
    latency_sum_micros: AtomicU64,
}

impl Metrics {
    /// Records how long handling one move took, from the room receiving it to its events being published.
    pub fn observe_move(&self, took: Duration) {
        let secs = took.as_secs_f64();
        for (i, bound) in BUCKETS.iter().enumerate() {
            if secs <= *bound {
                self.buckets[i].fetch_add(1, Ordering::Relaxed);
            }
        }
        self.latency_count.fetch_add(1, Ordering::Relaxed);
        self.latency_sum_micros.fetch_add(
            took.as_micros().min(u128::from(u64::MAX)) as u64,
            Ordering::Relaxed,
        );
    }

    /// The Prometheus text exposition.
    pub fn render(&self) -> String {
        let mut out = String::with_capacity(2048);
        let g = |v: &AtomicI64| v.load(Ordering::Relaxed);
        let c = |v: &AtomicU64| v.load(Ordering::Relaxed);
        let _ = writeln!(out, "# HELP bao_games_in_memory Game rooms held in memory.");
        let _ = writeln!(out, "# TYPE bao_games_in_memory gauge");
        let _ = writeln!(out, "bao_games_in_memory {}", g(&self.games_in_memory));
        let _ = writeln!(out, "# HELP bao_open_sockets Open WebSocket connections.");
        let _ = writeln!(out, "# TYPE bao_open_sockets gauge");
        let _ = writeln!(out, "bao_open_sockets {}", g(&self.open_sockets));
        let _ = writeln!(
            out,
            "# HELP bao_computer_searches Computer opponent searches running."
        );
        let _ = writeln!(out, "# TYPE bao_computer_searches gauge");
        let _ = writeln!(out, "bao_computer_searches {}", g(&self.computer_searches));
        let _ = writeln!(
            out,
            "# HELP bao_analyses Rules-help analyses (POST /api/analysis) waiting for a core or running."
        );
        let _ = writeln!(out, "# TYPE bao_analyses gauge");
        let _ = writeln!(out, "bao_analyses {}", g(&self.analyses));
        let _ = writeln!(out, "# HELP bao_moves_total Moves accepted.");
        let _ = writeln!(out, "# TYPE bao_moves_total counter");
        let _ = writeln!(out, "bao_moves_total {}", c(&self.moves_total));
        let _ = writeln!(out, "# HELP bao_games_created_total Games created.");
        let _ = writeln!(out, "# TYPE bao_games_created_total counter");
        let _ = writeln!(
            out,
            "bao_games_created_total {}",
            c(&self.games_created_total)
        );
        let _ = writeln!(
            out,
            "# HELP bao_move_duration_seconds Time to handle an accepted move: validate, write, publish."
        );
        let _ = writeln!(out, "# TYPE bao_move_duration_seconds histogram");
        for (i, bound) in BUCKETS.iter().enumerate() {
            let _ = writeln!(
                out,
                "bao_move_duration_seconds_bucket{{le=\"{bound}\"}} {}",
                c(&self.buckets[i])
            );
        }
        let count = c(&self.latency_count);
        let _ = writeln!(
            out,
            "bao_move_duration_seconds_bucket{{le=\"+Inf\"}} {count}"
        );
        let _ = writeln!(
            out,
            "bao_move_duration_seconds_sum {}",
            c(&self.latency_sum_micros) as f64 / 1e6
        );
        let _ = writeln!(out, "bao_move_duration_seconds_count {count}");
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn histogram_is_cumulative() {
        let m = Metrics::default();
        m.observe_move(Duration::from_micros(300));
        m.observe_move(Duration::from_millis(30));
        let text = m.render();
        assert!(text.contains("bao_move_duration_seconds_bucket{le=\"0.0005\"} 1"));
        assert!(text.contains("bao_move_duration_seconds_bucket{le=\"0.05\"} 2"));
        assert!(text.contains("bao_move_duration_seconds_bucket{le=\"+Inf\"} 2"));
        assert!(text.contains("bao_move_duration_seconds_count 2"));
    }
}
