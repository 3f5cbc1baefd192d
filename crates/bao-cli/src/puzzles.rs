//! `bao puzzles`: mines puzzles from the computer's own games. The computer (a fixed level, depth-limited so
//! that no clock enters) plays itself from seeded random openings; near the end of each game, every position
//! where exactly one move of the side to move forces a win within `--depth` of its moves, proved by
//! [`bao_ai::proof`]'s exhaustive search, becomes a puzzle, with the defender's longest resistance as the
//! main line. A position where the side to move has only one legal move is passed over: a move with no
//! choice is no puzzle. The same arguments always give the same file.
//!
//! Each puzzle gets its themes ([`themes`]) from its solution's traces: what its moves do (captures, a quiet
//! takasa, the nyumba, safari), the choice of the first move's direction, the stage, the seeds left, and
//! whether another first move would lose at once.
//!
//! The file (JSON, one puzzle a line, the position in the compact form of
//! [`bao_protocol::encode_position`]) names the command that made it, so it can be made again.

use std::collections::HashSet;
use std::io::Write as _;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use bao_ai::proof::{forced, Prover};
use bao_ai::{Level, Rng};
use bao_core::{Move, Position, Stage, Step, Variant};
use bao_protocol::{encode_position, PuzzleTheme};

/// The defender has at most this many seeds (board and hand): an endgame.
const ENDGAME_SEEDS: u32 = 10;
/// The first move captures this many times or more: a capture chain. Nearly every winning move captures two or
/// three times on its way to emptying a front row (the last move above all), so a chain is a long one at the
/// start: about two puzzles in five of Kiswahili and Kujifunza, one in four of Kimasai.
const CHAIN: usize = 4;

/// The themes of the puzzle at `pos` whose solution is `line` (winner first, alternating) won within
/// `depth` of the winner's moves, in [`PuzzleTheme::ALL`]'s order. `nodes` bounds each proof of the
/// `defence` theme (a first move that loses at once), which is left out when a proof gives up.
pub fn themes(pos: &Position, line: &[Move], depth: u32, nodes: u64) -> Vec<PuzzleTheme> {
    let mut out = Vec::new();
    let me = pos.to_move();
    out.push(match depth {
        0 | 1 => PuzzleTheme::OneMove,
        2 => PuzzleTheme::Short,
        _ => PuzzleTheme::Long,
    });
    let mut at = *pos;
    for (i, mv) in line.iter().enumerate() {
        let Ok((next, trace)) = at.play(*mv) else {
            break;
        };
        if at.to_move() == me {
            let captures = trace
                .iter()
                .filter(|s| matches!(s, Step::Capture { .. }))
                .count();
            if i == 0 && captures >= CHAIN {
                out.push(PuzzleTheme::CaptureChain);
            }
            if captures == 0 {
                out.push(PuzzleTheme::Takasa);
            }
            for s in &trace {
                match s {
                    Step::Safari { .. } => {
                        out.extend([PuzzleTheme::Safari, PuzzleTheme::Nyumba]);
                    }
                    Step::NyumbaStop { .. } | Step::Lift { tax: true, .. } => {
                        out.push(PuzzleTheme::Nyumba);
                    }
                    _ => {}
                }
            }
        }
        at = next;
    }
    let legal = pos.legal_moves();
    if let Some(first) = line.first() {
        if first.dir.is_some()
            && legal
                .iter()
                .any(|m| m.pit == first.pit && m.dir.is_some() && m.dir != first.dir)
        {
            out.push(PuzzleTheme::Kichwa);
        }
    }
    let defender = me.opponent();
    let seeds: u32 = pos
        .ring(defender)
        .iter()
        .map(|&c| u32::from(c))
        .sum::<u32>()
        + u32::from(pos.hand(defender));
    if seeds <= ENDGAME_SEEDS {
        out.push(PuzzleTheme::Endgame);
    }
    if matches!(pos.stage(me), Stage::Namua | Stage::Phase1) {
        out.push(PuzzleTheme::Opening);
    }
    let mut prover = Prover::new(nodes);
    let loses_at_once = pos.children().into_iter().any(|(m, c)| {
        Some(&m) != line.first() && c.result().is_none() && prover.wins_within(&c, 1) == Ok(true)
    });
    if loses_at_once {
        out.push(PuzzleTheme::Defence);
    }
    out.sort_by_key(|t| PuzzleTheme::ALL.iter().position(|a| a == t));
    out.dedup();
    out
}

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
            if pos.result().is_some() || !seen.insert(pos.to_json()) {
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
            let themes: Vec<String> = themes(pos, &line, depth, args.proof_nodes)
                .iter()
                .map(|t| format!("\"{}\"", t.name()))
                .collect();
            lines.push(format!(
                "{{\"id\":\"{}-{:04}\",\"depth\":{depth},\"pos\":\"{}\",\"solution\":[{}],\"themes\":[{}]}}",
                args.variant,
                lines.len() + 1,
                encode_position(pos),
                solution.join(","),
                themes.join(",")
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

#[cfg(test)]
mod tests {
    use super::*;
    use bao_protocol::decode_position;

    const KISWAHILI: &str = include_str!("../../../puzzles/kiswahili.json");

    /// A puzzle of a file: id, position, solution, depth and stored themes.
    type Mined = (String, Position, Vec<Move>, u32, Vec<PuzzleTheme>);

    /// The puzzles of a file.
    fn puzzles(variant: Variant, text: &str) -> Vec<Mined> {
        let file: serde_json::Value = serde_json::from_str(text).unwrap();
        file["puzzles"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| {
                let pos = decode_position(variant, p["pos"].as_str().unwrap()).unwrap();
                let line = p["solution"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|m| m.as_str().unwrap().parse().unwrap())
                    .collect();
                let themes = serde_json::from_value(p["themes"].clone()).unwrap();
                let depth = p["depth"].as_u64().unwrap() as u32;
                (
                    p["id"].as_str().unwrap().to_owned(),
                    pos,
                    line,
                    depth,
                    themes,
                )
            })
            .collect()
    }

    /// The captures of each of the winner's moves of a solution, from bao-core's traces.
    fn captures(pos: &Position, line: &[Move]) -> Vec<usize> {
        let mut at = *pos;
        let mut out = Vec::new();
        for (i, mv) in line.iter().enumerate() {
            let (next, trace) = at.play(*mv).unwrap();
            if i % 2 == 0 {
                out.push(
                    trace
                        .iter()
                        .filter(|s| matches!(s, Step::Capture { .. }))
                        .count(),
                );
            }
            at = next;
        }
        out
    }

    #[test]
    fn a_capture_chain_puzzle_has_that_theme_and_a_quiet_win_is_takasa() {
        let all = puzzles(Variant::Kiswahili, KISWAHILI);
        let (id, pos, line, depth, _) = all
            .iter()
            .find(|p| captures(&p.1, &p.2)[0] >= CHAIN)
            .expect("a puzzle with a capture chain");
        let found = themes(pos, line, *depth, 200_000);
        assert!(
            found.contains(&PuzzleTheme::CaptureChain),
            "{id}: {found:?}"
        );
        let (id, pos, line, depth, _) = all
            .iter()
            .find(|p| captures(&p.1, &p.2).contains(&0))
            .expect("a puzzle with a quiet move");
        let found = themes(pos, line, *depth, 200_000);
        assert!(found.contains(&PuzzleTheme::Takasa), "{id}: {found:?}");
        // And no theme without its reason.
        for (id, pos, line, depth, _) in all.iter().take(200) {
            let c = captures(pos, line);
            let found = themes(pos, line, *depth, 200_000);
            assert_eq!(
                found.contains(&PuzzleTheme::CaptureChain),
                c[0] >= CHAIN,
                "{id}"
            );
            assert_eq!(found.contains(&PuzzleTheme::Takasa), c.contains(&0), "{id}");
            assert_eq!(found.contains(&PuzzleTheme::OneMove), *depth == 1, "{id}");
        }
    }

    #[test]
    fn the_stored_themes_are_the_ones_found_again() {
        let all = puzzles(Variant::Kiswahili, KISWAHILI);
        let mut seen = std::collections::HashSet::new();
        for (id, pos, line, depth, stored) in all.iter().take(300) {
            assert_eq!(&themes(pos, line, *depth, 200_000), stored, "{id}");
            seen.extend(stored.iter().copied());
        }
        for t in [
            PuzzleTheme::OneMove,
            PuzzleTheme::Short,
            PuzzleTheme::Long,
            PuzzleTheme::CaptureChain,
            PuzzleTheme::Takasa,
        ] {
            assert!(seen.contains(&t), "no {t:?} among the first 300");
        }
    }
}
