//! The computer's share of its clock. The clock values and their arithmetic are bao-protocol's
//! ([`bao_protocol::clock`]): the store and the clients compute the same clock; this is the room's policy.

use bao_core::Side;
use bao_protocol::clock::{Clock, TimeControl};

/// How long the computer may think for one move with `left` ms on its clock and `increment` ms added after
/// the move: about a thirtieth of what is left plus most of the increment, so that it never runs out of
/// time; `None` when it has no clock. The level's own budget caps it further.
pub fn computer_budget(clock: Option<&Clock>, side: Side, now: i64) -> Option<std::time::Duration> {
    let c = clock?;
    let left = c.left_at(side, now);
    let increment = match c.control {
        TimeControl::Live { increment_s, .. } => i64::from(increment_s) * 1000,
        TimeControl::Correspondence { .. } => 0,
    };
    let ms = (left / 30 + increment * 3 / 4).min(left / 2).max(10);
    Some(std::time::Duration::from_millis(ms as u64))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_computer_budgets_from_its_time_left() {
        let live = TimeControl::Live {
            initial_s: 60,
            increment_s: 2,
        };
        // Both first moves played: south's time runs.
        let mut c = Clock::new(live, 0);
        c.moved(Side::South, 0, 0, false).unwrap();
        c.moved(Side::North, 1, 0, false).unwrap();
        let full = computer_budget(Some(&c), Side::South, 0).unwrap();
        let short = computer_budget(Some(&c), Side::South, 57_000).unwrap();
        assert!(short < full, "{short:?} < {full:?}");
        assert!(
            short.as_millis() <= 1_500,
            "never more than half of the 3 s left"
        );
        assert_eq!(computer_budget(None, Side::South, 0), None);
    }
}
