//! `bao tune`: Texel tuning of the evaluation weights of one variant (bao_ai::texel).
//!
//! Plays self-play games (`hard-v1`, or `--level`, at a node budget, from seeded random openings), keeps the quiet
//! positions of each game labelled with its result, fits K to the current weights, then fits the weights
//! by coordinate descent. One game in five is held out: its positions only measure the fit. Prints the
//! loss of both sets on the training and held-out positions, K, and the fitted weights.

use std::io::{BufRead, BufReader, BufWriter, Write};
use std::process::ExitCode;

use bao_ai::texel::{self, Sample};
use bao_ai::{Level, Rng, Weights};
use bao_core::{Position, Side, Variant};

/// Options of `bao tune`. The field docs are its `--help` text.
#[derive(clap::Args)]
pub struct TuneArgs {
    /// kujifunza, kiswahili, kiswahili-malawi or kimasai.
    #[arg(long)]
    pub variant: Variant,
    /// The level that plays the games (hard or hard-v1); the fit starts from its weights.
    #[arg(long, default_value = "hard-v1", value_parser = parse_level)]
    pub level: Level,
    /// Self-play games to play (0 with --load: only fit the loaded positions).
    #[arg(long, default_value_t = 1000)]
    pub games: u32,
    /// Node budget per move of the self-play games.
    #[arg(long, default_value_t = 10_000)]
    pub nodes: u64,
    /// Random plies of each opening.
    #[arg(long, default_value_t = 4)]
    pub opening_plies: u32,
    /// Keep only openings a search scores within this of even (a front seed is about 10).
    #[arg(long)]
    pub balance: Option<i32>,
    /// Seed of the openings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games longer than this many plies are stopped and their positions labelled ½.
    #[arg(long, default_value_t = 600)]
    pub max_plies: u32,
    /// Append the labelled positions of the games played (one line each: game number, result for the side
    /// to move, position JSON) to this file.
    #[arg(long)]
    pub save: Option<std::path::PathBuf>,
    /// Read labelled positions written by --save (besides the games played).
    #[arg(long)]
    pub load: Vec<std::path::PathBuf>,
    /// Most passes of the coordinate descent.
    #[arg(long, default_value_t = 100)]
    pub passes: u32,
    /// Rounds of (fit the weights, refit K) when weights are fixed.
    #[arg(long, default_value_t = 5)]
    pub rounds: u32,
    /// Weights to keep as they are (comma-separated names, e.g. front,tempo).
    #[arg(long, value_delimiter = ',')]
    pub fixed: Vec<String>,
    /// Label each quiet position also by a search of this many nodes (the level's settings): its score
    /// turned into an expected result with the K of the old weights. 0: game results only.
    #[arg(long, default_value_t = 0)]
    pub search_label: u64,
    /// With --search-label: the share of the game result in a label (the rest is the search's).
    #[arg(long, default_value_t = 0.5)]
    pub lambda: f64,
}

fn parse_level(s: &str) -> Result<Level, String> {
    Level::parse_any(s).ok_or_else(|| format!("unknown level {s:?}"))
}

/// A labelled position: its game number (for the held-out split) and its sample.
struct Labelled {
    game: u64,
    result: f64,
    pos: Position,
}

/// Plays one self-play game from `start`; returns its positions after the opening with the result for the
/// side to move of each.
fn self_play(
    start: Position,
    cfg: &bao_ai::LevelConfig,
    seed: u64,
    max_plies: u32,
) -> Vec<(f64, Position)> {
    let mut rng = Rng::new(seed);
    let mut pos = start;
    let mut seen = Vec::new();
    let mut winner: Option<Side> = None;
    for _ in 0..max_plies {
        if let Some(r) = pos.result() {
            winner = Some(r.winner);
            break;
        }
        let r = bao_ai::think(&pos, cfg, rng.next_u64());
        let Some(mv) = r.best else {
            // No legal move: the side to move loses.
            winner = Some(pos.to_move().opponent());
            break;
        };
        seen.push(pos);
        match pos.children().iter().find(|(m, _)| *m == mv) {
            Some((_, next)) => pos = *next,
            None => break,
        }
    }
    if winner.is_none() {
        winner = pos.result().map(|r| r.winner);
    }
    seen.into_iter()
        .map(|p| {
            let res = match winner {
                Some(w) if w == p.to_move() => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
            (res, p)
        })
        .collect()
}

fn load(path: &std::path::Path, variant: Variant, out: &mut Vec<Labelled>) -> Result<(), String> {
    let f = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    for (n, line) in BufReader::new(f).lines().enumerate() {
        let line = line.map_err(|e| format!("{}: {e}", path.display()))?;
        let mut parts = line.splitn(3, ' ');
        let (Some(g), Some(r), Some(j)) = (parts.next(), parts.next(), parts.next()) else {
            return Err(format!(
                "{}:{}: expected 'game result json'",
                path.display(),
                n + 1
            ));
        };
        let bad = |what: &str| format!("{}:{}: bad {what}", path.display(), n + 1);
        let game: u64 = g.parse().map_err(|_| bad("game number"))?;
        let result: f64 = r.parse().map_err(|_| bad("result"))?;
        let pos = Position::from_json(j).map_err(|_| bad("position"))?;
        if pos.variant() == variant {
            out.push(Labelled { game, result, pos });
        }
    }
    Ok(())
}

/// Blends each sample's game result with the expected result of a `--search-label`-node search of its
/// position (`sigmoid(k·score)`): a deeper judge than the static evaluation, and less noisy than one game's
/// result. The samples are in the order [`run`] made them from `data`.
fn relabel(
    data: &[Labelled],
    train: &mut [Sample],
    held: &mut [Sample],
    args: &TuneArgs,
    cfg: &bao_ai::LevelConfig,
    k: f64,
) {
    let mut search = *cfg;
    search.nodes = Some(args.search_label);
    search.book = false;
    let (mut ti, mut hi) = (0, 0);
    let t = std::time::Instant::now();
    for (n, l) in data.iter().filter(|l| texel::is_quiet(&l.pos)).enumerate() {
        let s = if bao_ai::rng::mix(l.game).is_multiple_of(5) {
            hi += 1;
            &mut held[hi - 1]
        } else {
            ti += 1;
            &mut train[ti - 1]
        };
        let score = bao_ai::think(&l.pos, &search, 0).score;
        s.result = args.lambda * s.result + (1.0 - args.lambda) * texel::sigmoid(k, score);
        if (n + 1) % 500 == 0 {
            eprintln!(
                "{} positions labelled by search, {:.0} s",
                n + 1,
                t.elapsed().as_secs_f64()
            );
        }
    }
}

fn show(w: &Weights) -> String {
    Weights::NAMES
        .iter()
        .zip(w.to_array())
        .map(|(n, v)| format!("{n}={v}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// `bao tune`.
pub fn run(args: &TuneArgs) -> ExitCode {
    let mut data: Vec<Labelled> = Vec::new();
    for p in &args.load {
        if let Err(e) = load(p, args.variant, &mut data) {
            eprintln!("bao tune: {e}");
            return ExitCode::FAILURE;
        }
    }
    // Game numbers of played games follow the seed, so files from runs with different seeds can be merged.
    let first_game = args.seed.wrapping_mul(1_000_000);
    let mut cfg = args.level.config_for(args.variant);
    cfg.nodes = Some(args.nodes);
    let mut rng = Rng::new(args.seed);
    let mut save = match &args.save {
        Some(p) => match std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(p)
        {
            Ok(f) => Some(BufWriter::new(f)),
            Err(e) => {
                eprintln!("bao tune: {}: {e}", p.display());
                return ExitCode::FAILURE;
            }
        },
        None => None,
    };
    let t = std::time::Instant::now();
    for g in 0..u64::from(args.games) {
        let start = bao_ai::openings::opening(
            args.variant,
            args.opening_plies,
            args.balance.map(|b| (b, 20_000)),
            &mut rng,
        );
        let game = first_game + g;
        for (result, pos) in self_play(start, &cfg, rng.next_u64(), args.max_plies) {
            if let Some(w) = save.as_mut() {
                if let Err(e) = writeln!(w, "{game} {result} {}", pos.to_json()) {
                    eprintln!("bao tune: {e}");
                    return ExitCode::FAILURE;
                }
            }
            data.push(Labelled { game, result, pos });
        }
        if (g + 1) % 50 == 0 {
            eprintln!(
                "{} games, {} positions, {:.0} s",
                g + 1,
                data.len(),
                t.elapsed().as_secs_f64()
            );
        }
    }
    if let Some(mut w) = save {
        if let Err(e) = w.flush() {
            eprintln!("bao tune: {e}");
            return ExitCode::FAILURE;
        }
    }
    let (mut train, mut held): (Vec<Sample>, Vec<Sample>) = (Vec::new(), Vec::new());
    for l in &data {
        if let Some(s) = texel::sample(&l.pos, l.result) {
            if bao_ai::rng::mix(l.game).is_multiple_of(5) {
                held.push(s);
            } else {
                train.push(s);
            }
        }
    }
    if train.is_empty() {
        eprintln!("bao tune: no quiet positions to fit");
        return ExitCode::FAILURE;
    }
    if args.search_label > 0 {
        let k = texel::fit_k(&train, &cfg.weights.weights(args.variant));
        relabel(&data, &mut train, &mut held, args, &cfg, k);
    }
    let mut fixed = Vec::new();
    for name in &args.fixed {
        match Weights::NAMES.iter().position(|n| n == name) {
            Some(i) => fixed.push(i),
            None => {
                eprintln!(
                    "bao tune: unknown weight {name:?} (expected one of {:?})",
                    Weights::NAMES
                );
                return ExitCode::FAILURE;
            }
        }
    }
    // The fit starts from the weights of the level that played the games.
    let old = cfg.weights.weights(args.variant);
    let k0 = texel::fit_k(&train, &old);
    let before = texel::loss(&train, &old, k0);
    // With a weight fixed (e.g. front, the unit), the scale of the others is set by K: refit K to the new
    // weights and the weights to the new K, a few times.
    let (mut new, mut k) = (old, k0);
    let mut after = before;
    for _ in 0..args.rounds.max(1) {
        (new, after) = texel::tune(&train, &new, k, args.passes, &fixed);
        let k2 = texel::fit_k(&train, &new);
        if (k2 - k).abs() < 1e-4 * k {
            break;
        }
        k = k2;
        after = texel::loss(&train, &new, k);
    }
    println!(
        "{}: {} positions ({} quiet: {} to fit, {} held out), K {k0:.6} for the old weights, {k:.6} for the new",
        args.variant,
        data.len(),
        train.len() + held.len(),
        train.len(),
        held.len()
    );
    println!(
        "  loss before {before:.6} after {after:.6} (held out: before {:.6} after {:.6})",
        texel::loss(&held, &old, k0),
        texel::loss(&held, &new, k)
    );
    println!("  old: {}", show(&old));
    println!("  new: {}", show(&new));
    println!(
        "  as --weights-a: {}",
        new.to_array()
            .iter()
            .map(|v| v.to_string())
            .collect::<Vec<_>>()
            .join(",")
    );
    ExitCode::SUCCESS
}
