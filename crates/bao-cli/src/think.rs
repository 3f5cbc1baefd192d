//! `bao think`: the computer opponent on positions read from stdin (one JSON position per line). For each it
//! prints the chosen move, the depth reached, the nodes searched and the speed; with several positions, a
//! summary with time percentiles (to check that a level returns within its budget).

/// `println!` that ignores a closed stdout (e.g. `| head`) instead of panicking.
macro_rules! say {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout(), $($t)*);
    }};
}

use std::io::{self, BufRead};
use std::process::ExitCode;
use std::time::Duration;

use bao_ai::{Level, LevelConfig};
use bao_core::{Position, Variant};

/// Options of `bao think`. The field docs are its `--help` text.
#[derive(clap::Args)]
pub struct ThinkArgs {
    /// Time budget per move in milliseconds (default: the level's).
    #[arg(long)]
    pub ms: Option<u64>,
    /// easy, medium or hard.
    #[arg(long, default_value = "hard", value_parser = parse_level)]
    pub level: Level,
    /// Seed of the level's randomness.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Node budget per move (reproducible answers).
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Depth limit (default: the level's).
    #[arg(long)]
    pub depth: Option<u32>,
    /// Whether the opening book answers the positions it holds (on or off; default: as the level, on for
    /// hard only).
    #[arg(long, value_parser = crate::matches::parse_on_off)]
    pub book: Option<bool>,
    /// Search threads (Lazy SMP). With more than one the answers depend on timing, even at a node budget.
    #[arg(long, default_value_t = 1)]
    pub threads: u32,
}

/// The settings `bao think` searches with.
fn config(args: &ThinkArgs, variant: Variant) -> LevelConfig {
    let mut cfg = args.level.config_for(variant);
    if let Some(ms) = args.ms {
        cfg.time = Duration::from_millis(ms);
    }
    if let Some(d) = args.depth {
        cfg.max_depth = d;
    }
    cfg.nodes = args.nodes;
    if let Some(b) = args.book {
        cfg.book = b;
    }
    cfg.threads = args.threads;
    cfg
}

/// `bao think`.
pub fn think(args: &ThinkArgs) -> ExitCode {
    let mut budget = config(args, Variant::Kiswahili).time;
    let mut times: Vec<Duration> = Vec::new();
    let (mut total_nodes, mut total_secs) = (0u64, 0f64);
    for (n, line) in io::stdin().lock().lines().enumerate() {
        let line = match line {
            Ok(l) => l,
            Err(e) => {
                eprintln!("unreadable input: {e}");
                return ExitCode::FAILURE;
            }
        };
        if line.trim().is_empty() {
            continue;
        }
        let pos = match Position::from_json(&line) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("line {}: not a position: {e}", n + 1);
                return ExitCode::FAILURE;
            }
        };
        let cfg = config(args, pos.variant());
        budget = cfg.time;
        let r = bao_ai::think(&pos, &cfg, args.seed);
        let secs = r.elapsed.as_secs_f64();
        let nps = if secs > 0.0 {
            r.nodes as f64 / secs
        } else {
            0.0
        };
        let mv = r.best.map_or_else(|| "none".to_owned(), |m| m.to_string());
        say!(
            "move {mv} score {} depth {} nodes {} time {:.1} ms nps {nps:.0}",
            r.score,
            r.depth,
            r.nodes,
            secs * 1e3
        );
        times.push(r.elapsed);
        total_nodes += r.nodes;
        total_secs += secs;
    }
    if times.len() > 1 {
        times.sort();
        let pct = |p: f64| {
            let i = ((times.len() as f64 * p).ceil() as usize).clamp(1, times.len()) - 1;
            times[i].as_secs_f64() * 1e3
        };
        say!(
            "positions {} nodes {total_nodes} nps {:.0} time ms: p50 {:.1} p90 {:.1} p99 {:.1} max {:.1} (budget {} ms)",
            times.len(),
            total_nodes as f64 / total_secs.max(1e-9),
            pct(0.5),
            pct(0.9),
            pct(0.99),
            pct(1.0),
            budget.as_millis()
        );
    }
    ExitCode::SUCCESS
}

/// Parses a level name for the command line.
pub fn parse_level(s: &str) -> Result<Level, String> {
    Level::parse_any(s)
        .ok_or_else(|| format!("unknown level {s:?} (expected easy, medium, hard or hard-v1)"))
}
