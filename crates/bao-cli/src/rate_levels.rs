//! `bao rate-levels`: the ratings of the eight numbered levels, measured by paired matches between them
//! (each level against the next and the one after, [`bao_ai::arena`]), fitted by maximum likelihood on the
//! Glicko-2 (Elo-like) scale with level 1 anchored at [`bao_ai::ratings::ANCHOR`]. Prints a table and the
//! lines of crates/bao-ai/data/level-ratings.txt for the variant.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use bao_ai::arena::{paired_match, MatchResult, MatchSpec};
use bao_ai::ratings::ANCHOR;
use bao_ai::Level;
use bao_core::Variant;

/// Options of `bao rate-levels`. The field docs are its `--help` text.
#[derive(clap::Args)]
pub struct RateArgs {
    /// kujifunza, kiswahili, kiswahili-malawi or kimasai.
    #[arg(long)]
    pub variant: Variant,
    /// Openings (each played twice, sides swapped) of every match below level 8.
    #[arg(long, default_value_t = 50)]
    pub pairs: u32,
    /// Openings of the matches of level 8 (7 against 8), which thinks for seconds a move.
    #[arg(long, default_value_t = 10)]
    pub top_pairs: u32,
    /// Level 8's time per move in the rating matches, in milliseconds (its real budget is 1500).
    #[arg(long, default_value_t = 1500)]
    pub top_ms: u64,
    /// Seed of the openings and the players.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Random plies of each opening.
    #[arg(long, default_value_t = 4)]
    pub opening_plies: u32,
    /// Keep only openings a 20,000-node search scores within this of even (a front seed is about 10).
    #[arg(long, default_value_t = 100)]
    pub balance: i32,
    /// Games longer than this many plies are stopped and counted as half a point each.
    #[arg(long, default_value_t = 1000)]
    pub max_plies: u32,
}

/// One match's totals for the fit: levels `a` and `b` (0-based), `a`'s points out of `games`.
#[derive(Clone, Copy, Debug)]
pub struct Tally {
    pub a: usize,
    pub b: usize,
    pub points: f64,
    pub games: f64,
}

/// Elo's logistic scale: a difference of 400 is odds of 10 to 1.
const K: f64 = std::f64::consts::LN_10 / 400.0;

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Solves `m x = v` by Gaussian elimination with partial pivoting; `None` when `m` is singular.
fn solve(mut m: Vec<Vec<f64>>, mut v: Vec<f64>) -> Option<Vec<f64>> {
    let n = v.len();
    for c in 0..n {
        let p = (c..n).max_by(|&i, &j| m[i][c].abs().total_cmp(&m[j][c].abs()))?;
        if m[p][c].abs() < 1e-12 {
            return None;
        }
        m.swap(c, p);
        v.swap(c, p);
        let (top, rest) = m.split_at_mut(c + 1);
        let pivot = &top[c];
        for (i, row) in rest.iter_mut().enumerate() {
            let f = row[c] / pivot[c];
            for (x, p) in row[c..].iter_mut().zip(&pivot[c..]) {
                *x -= f * p;
            }
            v[c + 1 + i] -= f * v[c];
        }
    }
    let mut x = vec![0.0; n];
    for r in (0..n).rev() {
        let s: f64 = (r + 1..n).map(|k| m[r][k] * x[k]).sum();
        x[r] = (v[r] - s) / m[r][r];
    }
    Some(x)
}

/// Maximum-likelihood ratings of `n` players from the tallies (Bradley-Terry on the Elo scale), player 0
/// fixed at `anchor`, with the standard error of each (from the inverse of the information matrix; 0 for
/// the anchor). Every match gets one virtual drawn game (half a point each), so a clean sweep still has a
/// finite estimate. `None` when the matches do not connect every player to the anchor.
pub fn fit(n: usize, tallies: &[Tally], anchor: f64) -> Option<(Vec<f64>, Vec<f64>)> {
    let mut r = vec![anchor; n];
    let free = n - 1;
    let info = |r: &[f64]| {
        let mut g = vec![0.0; free];
        let mut h = vec![vec![0.0; free]; free];
        for t in tallies {
            let (points, games) = (t.points + 0.5, t.games + 1.0);
            let p = sigmoid(K * (r[t.a] - r[t.b]));
            let grad = K * (points - games * p);
            let w = K * K * games * p * (1.0 - p);
            for (i, s) in [(t.a, 1.0), (t.b, -1.0)] {
                if i > 0 {
                    g[i - 1] += s * grad;
                }
            }
            for (i, j, s) in [
                (t.a, t.a, 1.0),
                (t.b, t.b, 1.0),
                (t.a, t.b, -1.0),
                (t.b, t.a, -1.0),
            ] {
                if i > 0 && j > 0 {
                    h[i - 1][j - 1] += s * w;
                }
            }
        }
        (g, h)
    };
    for _ in 0..100 {
        let (g, h) = info(&r);
        let step = solve(h, g)?;
        let mut biggest: f64 = 0.0;
        for (i, s) in step.iter().enumerate() {
            let s = s.clamp(-400.0, 400.0);
            r[i + 1] += s;
            biggest = biggest.max(s.abs());
        }
        if biggest < 1e-6 {
            break;
        }
    }
    let (_, h) = info(&r);
    let mut se = vec![0.0; n];
    for i in 0..free {
        let mut e = vec![0.0; free];
        e[i] = 1.0;
        let col = solve(h.clone(), e)?;
        se[i + 1] = col[i].max(0.0).sqrt();
    }
    Some((r, se))
}

/// `bao rate-levels`.
pub fn run(args: &RateArgs) -> ExitCode {
    let mut schedule: Vec<(usize, usize)> = (0..7).map(|k| (k, k + 1)).collect();
    schedule.extend((0..6).map(|k| (k, k + 2)));
    let t = Instant::now();
    let mut tallies = Vec::new();
    println!("# bao rate-levels --variant {} --pairs {} --top-pairs {} --top-ms {} --seed {} --opening-plies {} --balance {}",
        args.variant, args.pairs, args.top_pairs, args.top_ms, args.seed, args.opening_plies, args.balance);
    for (i, &(a, b)) in schedule.iter().enumerate() {
        let config = |k: usize| {
            let level = Level::LADDER[k];
            let mut c = level.config_for(args.variant);
            if level.number() == Some(8) {
                c.time = Duration::from_millis(args.top_ms);
            }
            c
        };
        let top = b == 7;
        let spec = MatchSpec {
            variant: args.variant,
            pairs: if top { args.top_pairs } else { args.pairs },
            seed: args.seed.wrapping_add(i as u64 * 1_000_003),
            opening_plies: args.opening_plies,
            balance: Some((args.balance, 20_000)),
            max_plies: args.max_plies,
        };
        let r: MatchResult = paired_match(&spec, &config(b), &config(a), |r| {
            eprintln!(
                "level {} vs {}: pair {}/{}: {}-{} ({:.1} s)",
                b + 1,
                a + 1,
                r.pair_scores.len(),
                spec.pairs,
                r.wins,
                r.losses,
                t.elapsed().as_secs_f64()
            );
        });
        let (mean, half) = r.score();
        println!(
            "# level {} vs level {}: {}-{} ({} unfinished), score {:.1}% [{:.1}, {:.1}]",
            b + 1,
            a + 1,
            r.wins,
            r.losses,
            r.unfinished,
            mean * 100.0,
            (mean - half).max(0.0) * 100.0,
            (mean + half).min(1.0) * 100.0
        );
        tallies.push(Tally {
            a: b,
            b: a,
            points: r.points(),
            games: f64::from(r.games()),
        });
    }
    let Some((ratings, se)) = fit(8, &tallies, ANCHOR) else {
        eprintln!("the matches do not connect the levels");
        return ExitCode::FAILURE;
    };
    println!(
        "# fitted in {:.0} s; 95% intervals (±1.96 standard errors)",
        t.elapsed().as_secs_f64()
    );
    for k in 0..8 {
        let half = 1.96 * se[k];
        println!(
            "{} {} {:.0} {:.0} {:.0}",
            args.variant,
            k + 1,
            ratings[k],
            ratings[k] - half,
            ratings[k] + half
        );
    }
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fit_recovers_known_differences() {
        // Player 1 scores 76% (about +200) against player 0, player 2 76% against player 1.
        let t = |a, b, points| Tally {
            a,
            b,
            points,
            games: 1000.0,
        };
        let (r, se) = fit(3, &[t(1, 0, 759.5), t(2, 1, 759.5)], 1000.0).unwrap();
        assert_eq!(r[0], 1000.0);
        assert!((r[1] - 1200.0).abs() < 2.0, "{r:?}");
        assert!((r[2] - 1400.0).abs() < 3.0, "{r:?}");
        assert!(se[0] == 0.0 && se[1] > 0.0 && se[2] > se[1], "{se:?}");
        // A player no match reaches cannot be rated.
        assert!(fit(3, &[t(1, 0, 500.0)], 1000.0).is_none());
    }
}
