//! The server's own view of move handling, from its Prometheus `/metrics` text: the histogram
//! `bao_move_duration_seconds` (validate, write to the database, publish), compared before and after the
//! play phase. Set beside the client's round trip, it tells the time inside the room from the time spent in
//! sockets, queues and the scheduler.

use std::collections::BTreeMap;

use serde::Serialize;

/// The histogram's name in `/metrics`.
pub const MOVE_HISTOGRAM: &str = "bao_move_duration_seconds";

/// One scrape of a Prometheus histogram: cumulative bucket counts by upper bound (seconds), sum and count.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct HistogramScrape {
    /// `le` bound (seconds; `f64::INFINITY` for `+Inf`) to cumulative count.
    pub buckets: Vec<(f64, u64)>,
    /// Sum of observations, seconds.
    pub sum: f64,
    /// Number of observations.
    pub count: u64,
}

/// Reads histogram `name` from Prometheus text; `None` when it is not there.
pub fn parse_histogram(text: &str, name: &str) -> Option<HistogramScrape> {
    let mut h = HistogramScrape::default();
    let mut seen = false;
    let bucket_prefix = format!("{name}_bucket{{");
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        if let Some(rest) = line.strip_prefix(&bucket_prefix) {
            let Some((labels, value)) = rest.split_once('}') else {
                continue;
            };
            let le = labels.split(',').find_map(|kv| {
                let (k, v) = kv.split_once('=')?;
                (k.trim() == "le").then(|| v.trim().trim_matches('"').to_string())
            });
            let (Some(le), Ok(n)) = (le, value.trim().parse::<f64>()) else {
                continue;
            };
            let bound = if le == "+Inf" {
                f64::INFINITY
            } else {
                match le.parse::<f64>() {
                    Ok(b) => b,
                    Err(_) => continue,
                }
            };
            h.buckets.push((bound, n as u64));
            seen = true;
        } else if let Some(v) = line.strip_prefix(&format!("{name}_sum ")) {
            h.sum = v.trim().parse().unwrap_or(0.0);
            seen = true;
        } else if let Some(v) = line.strip_prefix(&format!("{name}_count ")) {
            h.count = v.trim().parse::<f64>().unwrap_or(0.0) as u64;
            seen = true;
        }
    }
    h.buckets.sort_by(|a, b| a.0.total_cmp(&b.0));
    seen.then_some(h)
}

/// The server's move-handling time over the play phase (the difference of two scrapes).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct ServerMoveTimes {
    /// Moves the server handled during the play phase.
    pub count: u64,
    /// Mean handling time, ms.
    pub mean_ms: f64,
    /// The bucket bound (ms) at or below which half the moves fell.
    pub p50_le_ms: Option<f64>,
    /// The bucket bound (ms) at or below which 99 % of the moves fell (`None`: above the last bound).
    pub p99_le_ms: Option<f64>,
    /// Share of moves at or below each bucket bound (ms → fraction).
    pub share_at_or_below_ms: BTreeMap<String, f64>,
}

impl ServerMoveTimes {
    /// `after - before`, with the quantiles read off the cumulative buckets.
    pub fn between(before: &HistogramScrape, after: &HistogramScrape) -> ServerMoveTimes {
        let count = after.count.saturating_sub(before.count);
        let sum = (after.sum - before.sum).max(0.0);
        let deltas: Vec<(f64, u64)> = after
            .buckets
            .iter()
            .map(|&(le, n)| {
                let b = before
                    .buckets
                    .iter()
                    .find(|(l, _)| *l == le)
                    .map_or(0, |x| x.1);
                (le, n.saturating_sub(b))
            })
            .collect();
        let quantile = |q: f64| {
            let want = (q * count as f64).ceil() as u64;
            deltas
                .iter()
                .find(|(_, n)| *n >= want && count > 0)
                .and_then(|(le, _)| le.is_finite().then_some(to_ms(*le)))
        };
        let mut share = BTreeMap::new();
        if count > 0 {
            for (le, n) in &deltas {
                if le.is_finite() {
                    share.insert(format!("{}", to_ms(*le)), *n as f64 / count as f64);
                }
            }
        }
        ServerMoveTimes {
            count,
            mean_ms: if count > 0 {
                sum * 1000.0 / count as f64
            } else {
                0.0
            },
            p50_le_ms: quantile(0.5),
            p99_le_ms: quantile(0.99),
            share_at_or_below_ms: share,
        }
    }
}

/// Seconds to milliseconds, rounded to the microsecond (so 0.025 s prints as 25).
fn to_ms(secs: f64) -> f64 {
    (secs * 1e6).round() / 1e3
}

#[cfg(test)]
mod tests {
    use super::*;

    const BEFORE: &str = "# HELP x\nbao_open_sockets 3\n\
        bao_move_duration_seconds_bucket{le=\"0.001\"} 10\n\
        bao_move_duration_seconds_bucket{le=\"0.01\"} 10\n\
        bao_move_duration_seconds_bucket{le=\"0.1\"} 10\n\
        bao_move_duration_seconds_bucket{le=\"+Inf\"} 10\n\
        bao_move_duration_seconds_sum 0.005\n\
        bao_move_duration_seconds_count 10\n";
    const AFTER: &str = "bao_move_duration_seconds_bucket{le=\"0.001\"} 60\n\
        bao_move_duration_seconds_bucket{le=\"0.01\"} 108\n\
        bao_move_duration_seconds_bucket{le=\"0.1\"} 109\n\
        bao_move_duration_seconds_bucket{le=\"+Inf\"} 110\n\
        bao_move_duration_seconds_sum 1.005\n\
        bao_move_duration_seconds_count 110\n";

    #[test]
    fn parses_and_subtracts() {
        let b = parse_histogram(BEFORE, MOVE_HISTOGRAM).unwrap();
        assert_eq!(b.count, 10);
        assert_eq!(b.buckets.len(), 4);
        assert_eq!(b.buckets[3].0, f64::INFINITY);
        let a = parse_histogram(AFTER, MOVE_HISTOGRAM).unwrap();
        let t = ServerMoveTimes::between(&b, &a);
        assert_eq!(t.count, 100);
        assert!((t.mean_ms - 10.0).abs() < 1e-9);
        assert_eq!(t.p50_le_ms, Some(1.0));
        assert_eq!(t.p99_le_ms, Some(100.0));
        assert_eq!(t.share_at_or_below_ms.get("1"), Some(&0.5));
        assert_eq!(t.share_at_or_below_ms.get("10"), Some(&0.98));
        assert!(parse_histogram("bao_open_sockets 1\n", MOVE_HISTOGRAM).is_none());
        assert_eq!(to_ms(0.025), 25.0);
        assert_eq!(to_ms(0.0005), 0.5);
        assert_eq!(
            ServerMoveTimes::between(&b, &b),
            ServerMoveTimes {
                count: 0,
                ..ServerMoveTimes::default()
            }
        );
    }
}
