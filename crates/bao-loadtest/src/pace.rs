//! A shared pacer: hands out evenly spaced time slots so that all games together stay at a set rate.

use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Evenly spaced slots at `rate` per second, shared by every task (no bursts: a slot is never earlier than
/// the previous one plus the interval, and never earlier than the time it is asked for).
#[derive(Debug)]
pub struct Pacer {
    interval: Option<Duration>,
    next: Mutex<Option<Instant>>,
}

impl Pacer {
    /// A pacer at `rate` slots per second; a rate of 0 (or not finite) means no limit.
    pub fn new(rate: f64) -> Pacer {
        let interval = if rate > 0.0 && rate.is_finite() {
            Some(Duration::from_secs_f64(1.0 / rate))
        } else {
            None
        };
        Pacer {
            interval,
            next: Mutex::new(None),
        }
    }

    /// The time between two slots, `None` without a limit.
    pub fn interval(&self) -> Option<Duration> {
        self.interval
    }

    /// Reserves the next slot at or after `now` and returns its time (`now` itself without a limit).
    pub fn reserve(&self, now: Instant) -> Instant {
        let Some(interval) = self.interval else {
            return now;
        };
        let mut next = match self.next.lock() {
            Ok(g) => g,
            Err(poisoned) => poisoned.into_inner(),
        };
        let slot = match *next {
            Some(n) if n > now => n,
            _ => now,
        };
        *next = Some(slot + interval);
        slot
    }

    /// Waits for the next slot.
    pub async fn wait(&self) {
        let slot = self.reserve(Instant::now());
        tokio::time::sleep_until(slot.into()).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn evenly_spaced_slots() {
        let p = Pacer::new(10.0);
        let t0 = Instant::now();
        let slots: Vec<_> = (0..5).map(|_| p.reserve(t0)).collect();
        for (i, s) in slots.iter().enumerate() {
            assert_eq!(s.duration_since(t0), Duration::from_millis(100) * i as u32);
        }
        // Later than the backlog: the slot is `now`, no burst is saved up.
        let t1 = t0 + Duration::from_secs(10);
        assert_eq!(p.reserve(t1), t1);
        assert_eq!(p.reserve(t1), t1 + Duration::from_millis(100));
    }

    #[test]
    fn no_limit() {
        let p = Pacer::new(0.0);
        assert!(p.interval().is_none());
        let t0 = Instant::now();
        for _ in 0..100 {
            assert_eq!(p.reserve(t0), t0);
        }
        assert!(Pacer::new(f64::INFINITY).interval().is_none());
    }

    #[test]
    fn shared_between_threads_without_duplicates() {
        let p = std::sync::Arc::new(Pacer::new(1000.0));
        let t0 = Instant::now();
        let handles: Vec<_> = (0..4)
            .map(|_| {
                let p = p.clone();
                std::thread::spawn(move || (0..250).map(|_| p.reserve(t0)).collect::<Vec<_>>())
            })
            .collect();
        let mut all: Vec<Instant> = handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), 1000);
        assert_eq!(all[999].duration_since(t0), Duration::from_millis(999));
    }

    #[tokio::test]
    async fn waits_for_the_slot() {
        let p = Pacer::new(100.0);
        let t0 = Instant::now();
        for _ in 0..5 {
            p.wait().await;
        }
        let elapsed = t0.elapsed();
        assert!(elapsed >= Duration::from_millis(39), "{elapsed:?}");
    }
}
