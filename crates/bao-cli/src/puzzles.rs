//! `bao puzzles`: mines puzzles from the computer's own games. The computer (a fixed level, depth-limited so
//! that no clock enters) plays itself from seeded random openings; near the end of each game, every position
//! where exactly one move of the side to move forces a win within `--depth` of its moves, proved by
//! [`bao_ai::proof`]'s exhaustive search, becomes a puzzle, with the defender's longest resistance as the
//! main line. A position where the side to move has only one legal move is passed over: a move with no
//! choice is no puzzle. The same arguments always give the same file.
//!
//! The file (JSON, one puzzle a line) names the command that made it, so it can be made again.

use std::collections::HashSet;
use std::io::Write as _;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use bao_ai::proof::{forced, Prover};
use bao_ai::{Level, Rng};
use bao_core::{Position, Variant};

/// Options of `bao puzzles`. The field docs are its `--help` text.
#[derive(clap::Args)]
pub struct PuzzleArgs {
    /// kujifunza, kiswahili, kiswahili-malawi or kimasai.
    #[arg(long)]
    pub variant: Variant,
    /// Puzzles to find (mining stops there).
    #[arg(long, default_value_t = 300)]
    pub count: usize,
    /// Seed of the openings and the players.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Most moves of the winner in a puzzle.
    #[arg(long, default_value_t = 3)]
    pub depth: u32,
    /// Positions (counted back from each game's end) looked at for puzzles.
    #[arg(long, default_value_t = 12)]
    pub tail: usize,
    /// Games at most.
    #[arg(long, default_value_t = 5000)]
    pub max_games: u32,
    /// Positions one proof may walk before the candidate is given up.
    #[arg(long, default_value_t = 200_000)]
    pub proof_nodes: u64,
}

impl PuzzleArgs {
    /// The command line that makes this file again.
    fn command(&self) -> String {
        format!(
            "bao puzzles --variant {} --count {} --seed {} --depth {} --tail {} --max-games {} --proof-nodes {}",
            self.variant,
            self.count,
            self.seed,
            self.depth,
            self.tail,
            self.max_games,
            self.proof_nodes
        )
    }
}

/// The positions of one self-play game from a seeded opening, the final one included.
fn self_play(variant: Variant, rng: &mut Rng) -> Vec<Position> {
    let mut cfg = Level::Medium.config_for(variant);
    // Depth-limited: the time budget must never cut a search, or the games (and the file) would depend on
    // the machine.
    cfg.time = Duration::from_secs(3600);
    let mut pos = bao_ai::openings::opening(variant, 6, None, rng);
    let seed = rng.next_u64();
    let mut out = vec![pos];
    for _ in 0..400 {
        if pos.result().is_some() {
            break;
        }
        let Some(mv) = bao_ai::think(&pos, &cfg, seed).best else {
            break;
        };
        let Some(next) = pos.play_unchecked(mv) else {
            break;
        };
        pos = next;
        out.push(pos);
    }
    out
}

/// `bao puzzles`.
pub fn run(args: &PuzzleArgs) -> ExitCode {
    let start = Instant::now();
    let mut rng = Rng::new(args.seed);
    let mut seen = HashSet::new();
    let mut lines = Vec::new();
    let (mut games, mut tried, mut gave_up, mut no_choice) = (0u32, 0u64, 0u64, 0u64);
    let mut proof_time = Duration::ZERO;
    while lines.len() < args.count && games < args.max_games {
        games += 1;
        let positions = self_play(args.variant, &mut rng);
        for pos in positions.iter().rev().take(args.tail) {
            if lines.len() >= args.count {
                break;
            }
            let json = pos.to_json();
            if pos.result().is_some() || !seen.insert(json.clone()) {
                continue;
            }
            if forced(pos) {
                no_choice += 1;
                continue;
            }
            tried += 1;
            let t = Instant::now();
            let found = Prover::new(args.proof_nodes).puzzle(pos, args.depth);
            proof_time += t.elapsed();
            let (line, depth) = match found {
                Ok(Some(p)) => p,
                Ok(None) => continue,
                Err(_) => {
                    gave_up += 1;
                    continue;
                }
            };
            let solution: Vec<String> = line.iter().map(|m| format!("\"{m}\"")).collect();
            lines.push(format!(
                "{{\"id\":\"{}-{:04}\",\"depth\":{depth},\"position\":{json},\"solution\":[{}]}}",
                args.variant,
                lines.len() + 1,
                solution.join(",")
            ));
        }
    }
    let mut out = std::io::stdout().lock();
    let header = format!(
        "{{\"variant\":\"{}\",\"goal\":\"win\",\"command\":\"{}\",\"puzzles\":[",
        args.variant,
        args.command()
    );
    let body = lines.join(",\n");
    if writeln!(out, "{header}\n{body}\n]}}").is_err() {
        return ExitCode::FAILURE;
    }
    eprintln!(
        "{} puzzles from {games} games: {tried} positions tried, {no_choice} passed over (one legal move), \
         {gave_up} given up, proofs {:.1} s, all {:.1} s",
        lines.len(),
        proof_time.as_secs_f64(),
        start.elapsed().as_secs_f64()
    );
    if lines.len() < args.count {
        eprintln!("fewer puzzles than asked for: raise --max-games or --tail");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
