//! The subcommands of spec/position.md. Each returns the process exit code.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::time::Instant;

use bao_core::{Move, Position, Variant};
use serde_json::json;

/// Longest input line `bao moves` accepts; a position is a few hundred bytes.
const MAX_LINE: usize = 64 * 1024;

/// Prints lines to stdout; a closed pipe (`bao perft … | head`) ends the program quietly instead of panicking.
fn print_lines<I: IntoIterator<Item = String>>(lines: I) -> ExitCode {
    let mut out = io::stdout().lock();
    for line in lines {
        if writeln!(out, "{line}").is_err() {
            return ExitCode::FAILURE;
        }
    }
    if out.flush().is_err() {
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

/// `bao start VARIANT`.
pub fn start(variant: Variant) -> ExitCode {
    print_lines([Position::new(variant).to_json()])
}

/// The answer of `bao moves` to one input line.
pub fn moves_line(line: &str) -> serde_json::Value {
    if line.len() > MAX_LINE {
        return json!({ "error": format!("line of {} bytes is longer than {MAX_LINE}", line.len()) });
    }
    let pos = match Position::from_json(line) {
        Ok(p) => p,
        Err(e) => return json!({ "error": e.to_string() }),
    };
    // Each position is finished as `play` finishes it ("no legal move" included), generating every move once.
    let out: Vec<serde_json::Value> = pos
        .children_settled()
        .iter()
        .map(|(mv, next)| json!({ "move": mv, "position": next }))
        .collect();
    let mut answer = json!({ "moves": out });
    // Why the other pits of the side to move cannot start a move (left out when there are none, so that a
    // finished position is still answered `{"moves":[]}`).
    let legal: Vec<Move> = pos.legal_moves().to_vec();
    let blocked: serde_json::Map<String, serde_json::Value> = pos
        .blocked_among(&legal)
        .iter()
        .map(|(pit, why)| (pit.to_string(), json!(why.as_str())))
        .collect();
    if !blocked.is_empty() {
        answer["blocked"] = serde_json::Value::Object(blocked);
    }
    answer
}

/// `bao moves`: one answer line per input line, flushed at once so a test can drive it as a coprocess.
pub fn moves() -> ExitCode {
    let stdin = io::stdin();
    let mut stdout = io::stdout().lock();
    for line in stdin.lock().lines() {
        let line = match line {
            Ok(l) => l,
            Err(e) => json_error_line(&mut stdout, &format!("unreadable input: {e}")),
        };
        if line.trim().is_empty() {
            continue;
        }
        let answer = moves_line(&line);
        if writeln!(stdout, "{answer}")
            .and_then(|_| stdout.flush())
            .is_err()
        {
            return ExitCode::FAILURE; // the reader went away
        }
    }
    ExitCode::SUCCESS
}

fn json_error_line(out: &mut impl Write, msg: &str) -> String {
    let _ = writeln!(out, "{}", json!({ "error": msg }));
    String::new()
}

/// `bao play VARIANT MOVE…`.
pub fn play(variant: Variant, moves: &[String]) -> ExitCode {
    let mut pos = Position::new(variant);
    for (i, text) in moves.iter().enumerate() {
        let number = i + 1;
        let legal = || {
            pos.legal_moves()
                .iter()
                .map(|m| m.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        let mv: Move = match text.parse() {
            Ok(m) => m,
            Err(e) => {
                eprintln!(
                    "move {number} ({text}) is not a move: {e}; legal moves: {}",
                    legal()
                );
                return ExitCode::FAILURE;
            }
        };
        match pos.play(mv) {
            Ok((next, _)) => pos = next,
            Err(e) => {
                let legal = legal();
                let legal = if legal.is_empty() {
                    "none (the game is over)".to_owned()
                } else {
                    legal
                };
                eprintln!(
                    "move {number} ({text}) is illegal: {} ({}); legal moves: {legal}",
                    e.reason.description(),
                    e.reason
                );
                return ExitCode::FAILURE;
            }
        }
    }
    print_lines([pos.to_json()])
}

/// `bao perft VARIANT DEPTH`.
pub fn perft(variant: Variant, depth: u32) -> ExitCode {
    let pos = Position::new(variant);
    let t = Instant::now();
    let counts = bao_core::perft_by_depth(&pos, depth);
    let secs = t.elapsed().as_secs_f64();
    let nodes: u64 = counts.iter().sum();
    let nps = if secs > 0.0 { nodes as f64 / secs } else { 0.0 };
    let lines = counts
        .iter()
        .enumerate()
        .map(|(i, c)| format!("depth {}: {c}", i + 1));
    print_lines(lines.chain([format!(
        "nodes {nodes} in {secs:.3} s: {nps:.0} nodes per second"
    )]))
}
