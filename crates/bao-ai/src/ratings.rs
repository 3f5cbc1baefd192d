//! The ratings of the numbered levels, measured by paired matches between them (`bao rate-levels`, figures
//! and commands in docs/benchmarks.md) on the Glicko-2 scale of the players' ratings, with level 1 anchored at
//! [`ANCHOR`]. The server serves them (`GET /api/levels`) and the home page shows them beside the level
//! chooser.

use bao_core::Variant;

/// The rating level 1 is anchored at: a beginner who knows the rules. New players start at 1500 (the
/// Glicko-2 default of the ratings); with this anchor the middle level, 5 (`medium`), lands near it.
pub const ANCHOR: f64 = 800.0;

/// The measured table, compiled in: one line per level and variant, `variant level rating low high` (the
/// fitted rating and its 95% interval), as `bao rate-levels` prints them; `#` starts a comment.
const TABLE: &str = include_str!("../data/level-ratings.txt");

/// One level's rating in one variant: the fitted rating and its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LevelRating {
    /// 1-8.
    pub level: u8,
    /// The fitted rating.
    pub rating: f64,
    /// Lower end of the 95% interval.
    pub low: f64,
    /// Upper end of the 95% interval.
    pub high: f64,
}

/// Reads one line of the table.
fn row(line: &str) -> Option<(Variant, LevelRating)> {
    let mut f = line.split_whitespace();
    let variant = f.next()?.parse().ok()?;
    let level = f.next()?.parse().ok()?;
    let mut num = || f.next()?.parse::<f64>().ok();
    let (rating, low, high) = (num()?, num()?, num()?);
    Some((
        variant,
        LevelRating {
            level,
            rating,
            low,
            high,
        },
    ))
}

/// The ratings of the levels in `variant`, weakest first, or an empty list when it was not measured.
pub fn for_variant(variant: Variant) -> Vec<LevelRating> {
    let mut v: Vec<LevelRating> = TABLE
        .lines()
        .map(|l| l.split('#').next().unwrap_or(""))
        .filter_map(row)
        .filter(|(var, _)| *var == variant)
        .map(|(_, r)| r)
        .collect();
    v.sort_by_key(|r| r.level);
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_reads_and_level_1_sits_at_the_anchor() {
        let mut measured = 0;
        for variant in Variant::ALL {
            let v = for_variant(variant);
            if v.is_empty() {
                continue;
            }
            measured += 1;
            assert_eq!(v.len(), 8, "{variant}");
            assert_eq!(v[0].rating, ANCHOR, "{variant}");
            for (i, r) in v.iter().enumerate() {
                assert_eq!(usize::from(r.level), i + 1, "{variant}");
                assert!(r.low <= r.rating && r.rating <= r.high, "{variant} {r:?}");
            }
        }
        assert!(
            measured >= 2,
            "at least Kiswahili and Kujifunza are measured"
        );
    }
}
