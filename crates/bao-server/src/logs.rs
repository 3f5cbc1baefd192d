//! Log lines that a client can provoke (errors it triggers, refusals, failed accepts) go through a
//! [`LogGate`]: a flood of them shows as a few lines and a count of the ones held back, not as a full disk.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;

use governor::DefaultDirectRateLimiter;

use crate::rates::{direct, quota};

/// Lets log lines of one kind through at a bounded rate and counts the ones it holds back.
#[derive(Debug)]
pub struct LogGate {
    limiter: DefaultDirectRateLimiter,
    suppressed: AtomicU64,
}

impl LogGate {
    /// A gate for `per_second` lines on average and bursts of `burst`.
    pub fn new(per_second: f64, burst: f64) -> LogGate {
        LogGate {
            limiter: direct(quota(per_second, burst)),
            suppressed: AtomicU64::new(0),
        }
    }

    /// `Some(lines held back since the last one let through)` when this line may go out.
    pub fn pass(&self) -> Option<u64> {
        if self.limiter.check().is_ok() {
            Some(self.suppressed.swap(0, Ordering::Relaxed))
        } else {
            self.suppressed.fetch_add(1, Ordering::Relaxed);
            None
        }
    }
}

/// `e` and its sources, outermost first, as one line (`cannot start: cannot write to the database …: …`): what
/// the logs get of an error. A source whose words its error's message already holds is not repeated (the
/// store's messages, like sqlx's own, include their source's).
pub fn chain(e: &(dyn std::error::Error + 'static)) -> String {
    let mut text = e.to_string();
    let mut source = e.source();
    while let Some(s) = source {
        let words = s.to_string();
        if !text.contains(&words) {
            text.push_str(": ");
            text.push_str(&words);
        }
        source = s.source();
    }
    text
}

/// One line a second on average, bursts of five: enough to see what happens, too few to fill a disk.
fn standard() -> LogGate {
    LogGate::new(1.0, 5.0)
}

/// The gate of ERROR lines about requests (internal errors).
pub fn errors() -> &'static LogGate {
    static GATE: OnceLock<LogGate> = OnceLock::new();
    GATE.get_or_init(standard)
}

/// The gate of WARN lines about requests (refusals that an operator should know of, failed accepts).
pub fn warnings() -> &'static LogGate {
    static GATE: OnceLock<LogGate> = OnceLock::new();
    GATE.get_or_init(standard)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chain_names_each_source_once() {
        #[derive(Debug, thiserror::Error)]
        #[error("cannot start")]
        struct Outer(#[source] std::io::Error);
        #[derive(Debug, thiserror::Error)]
        #[error("cannot open bao.db: {0}")]
        struct Says(#[source] std::io::Error);
        let io = || std::io::Error::other("disk full");
        assert_eq!(chain(&Outer(io())), "cannot start: disk full");
        assert_eq!(chain(&Says(io())), "cannot open bao.db: disk full");
    }

    #[test]
    fn the_gate_holds_back_a_flood_and_counts_it() {
        let g = LogGate::new(1.0, 3.0);
        let passed: Vec<Option<u64>> = (0..10).map(|_| g.pass()).collect();
        assert_eq!(passed[..3], [Some(0), Some(0), Some(0)]);
        assert!(passed[3..].iter().all(Option::is_none));
        assert_eq!(g.suppressed.load(Ordering::Relaxed), 7);
    }
}
