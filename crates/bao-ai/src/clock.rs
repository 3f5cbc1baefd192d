//! The search's clock: std's [`Instant`] everywhere but in a browser. WebAssembly without an operating system
//! (`wasm32-unknown-unknown`) has no clock in std (`Instant::now` panics there), so the page's clock
//! (`performance.now()`) is handed in by the module that embeds the search (`bao-wasm`) through `set_clock`.
//! Until it is, time stands still: time budgets never run out, and only node and depth limits (or the worker
//! being stopped) end a search.

#[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
pub use std::time::Instant;

#[cfg(all(target_family = "wasm", target_os = "unknown"))]
pub use browser::{set_clock, Instant};

#[cfg(all(target_family = "wasm", target_os = "unknown"))]
mod browser {
    use std::sync::OnceLock;
    use std::time::Duration;

    static CLOCK: OnceLock<fn() -> f64> = OnceLock::new();

    /// Sets the clock, a function answering milliseconds since some fixed origin (`performance.now()`).
    /// Only the first call counts.
    pub fn set_clock(now_ms: fn() -> f64) {
        let _ = CLOCK.set(now_ms);
    }

    /// A moment, in milliseconds since the clock's origin.
    #[derive(Clone, Copy, Debug, PartialEq, PartialOrd)]
    pub struct Instant(f64);

    impl Instant {
        /// Now, by the clock given to [`set_clock`] (always 0 without one).
        pub fn now() -> Instant {
            Instant(CLOCK.get().map_or(0.0, |f| f()))
        }

        /// The time since `self`.
        pub fn elapsed(&self) -> Duration {
            Instant::now().duration_since(*self)
        }

        /// The time from `earlier` to `self` (zero if `earlier` is later).
        pub fn duration_since(&self, earlier: Instant) -> Duration {
            // `max` also turns a NaN from a broken clock into zero.
            Duration::from_secs_f64((self.0 - earlier.0).max(0.0) / 1000.0)
        }
    }

    impl std::ops::Add<Duration> for Instant {
        type Output = Instant;
        fn add(self, d: Duration) -> Instant {
            Instant(self.0 + d.as_secs_f64() * 1000.0)
        }
    }
}
