//! Rate limiters built from the settings' numbers (`--ws-rate 20`, a log gate's one line a second): the
//! one place that turns a rate and a burst into a `governor` quota. Below the limits, the logs and the
//! sockets that use it, so that none of them imports another for it.

use std::num::NonZeroU32;
use std::time::Duration;

use governor::{DefaultDirectRateLimiter, Quota, RateLimiter};

/// A quota of `per_second` on average (fractions allowed: 0.5 is one every two seconds) and bursts of
/// `burst`. Out-of-range values are clamped rather than refused: one per day at the least, a burst of one.
pub fn quota(per_second: f64, burst: f64) -> Quota {
    let per_second = if per_second.is_finite() {
        per_second.clamp(1.0 / 86_400.0, 1e9)
    } else {
        1e9
    };
    let period = Duration::from_secs_f64(1.0 / per_second).max(Duration::from_nanos(1));
    let burst = if burst.is_finite() {
        burst.round().clamp(1.0, f64::from(u32::MAX)) as u32
    } else {
        u32::MAX
    };
    let burst = NonZeroU32::new(burst).unwrap_or(NonZeroU32::MIN);
    Quota::with_period(period)
        .unwrap_or_else(|| Quota::per_second(NonZeroU32::MAX))
        .allow_burst(burst)
}

/// A rate limiter for one thing (one socket's messages, say).
pub fn direct(quota: Quota) -> DefaultDirectRateLimiter {
    RateLimiter::direct(quota)
}
