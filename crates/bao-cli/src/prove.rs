//! `bao prove kujifunza`: builds the proof that South wins Bao la Kujifunza (bao_ai::pns) and writes it as
//! the proof file of spec/position.md, or checks such a file (bao_ai::proof_check, bao-core alone).
//!
//! The proof file has one JSON line per position of South's: `{"position":{…},"move":"A6L"}`, the initial
//! position first. `--compact FILE` also writes the compact form compiled into bao-ai
//! (`crates/bao-ai/proofs/kujifunza.bin`, see bao_ai::solved); `--builtin` writes the compiled-in proof
//! instead of searching; `--shortest` searches for the shortest win (bao_ai::shortest: half a minute, where df-pn takes
//! a fraction of a second for a longer proof), which is the proof compiled in.

use std::collections::HashMap;
use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use bao_ai::pns::{Outcome, Pns};
use bao_ai::shortest::Shortest;
use bao_ai::{proof_check, solved};
use bao_core::{Move, Position, Variant};

/// Options of `bao prove`. The field docs are its `--help` text.
#[derive(clap::Args)]
pub struct ProveArgs {
    /// The game to prove: kujifunza (the only one whose proof is in reach).
    pub variant: Variant,
    /// Build the proof and write it to FILE (one JSON line per position of South's).
    #[arg(long, conflicts_with = "check")]
    pub out: Option<PathBuf>,
    /// Also write the compact form of the proof (the format of crates/bao-ai/proofs/kujifunza.bin).
    #[arg(long, requires = "out")]
    pub compact: Option<PathBuf>,
    /// Write the proof compiled into bao-ai instead of searching for one.
    #[arg(long, requires = "out")]
    pub builtin: bool,
    /// Search for the shortest win (every bound of plies up to it searched in full: half a minute) instead of the
    /// first proof df-pn finds (a second, a longer win).
    #[arg(long, requires = "out", conflicts_with = "builtin")]
    pub shortest: bool,
    /// Most positions the search may expand before it gives up.
    #[arg(long, default_value_t = 200_000_000)]
    pub nodes: u64,
    /// Check the proof FILE: exit 0 only when it is a proof, else 1 naming the first position that breaks it.
    #[arg(long)]
    pub check: Option<PathBuf>,
}

/// The longest win `--shortest` looks for, in plies (Kujifunza's shortest is found at 21).
const MOST_PLIES: u32 = 61;

/// Runs `bao prove`.
pub fn run(args: &ProveArgs) -> ExitCode {
    if args.variant != Variant::Kujifunza {
        eprintln!(
            "bao prove: only kujifunza can be proved, not {}",
            args.variant
        );
        return ExitCode::from(2);
    }
    match (&args.out, &args.check) {
        (Some(out), None) => build(args, out),
        (None, Some(file)) => check(file),
        _ => {
            eprintln!("bao prove: give --out FILE or --check FILE");
            ExitCode::from(2)
        }
    }
}

fn build(args: &ProveArgs, out: &PathBuf) -> ExitCode {
    let start = Position::new(Variant::Kujifunza);
    let began = Instant::now();
    let proof: HashMap<Position, Move> = if args.builtin {
        match solved::builtin(Variant::Kujifunza) {
            Some(s) => s.to_map(),
            None => {
                eprintln!("bao prove: the compiled-in proof does not read");
                return ExitCode::FAILURE;
            }
        }
    } else if args.shortest {
        let mut search = Shortest::new(args.nodes);
        let found = search.prove(&start, MOST_PLIES, |bound, won, nodes, tabled| {
            eprintln!(
                "within {bound} plies: {} ({nodes} positions expanded, {tabled} in the tables, {:.1} s)",
                if won { "a win" } else { "no win" },
                began.elapsed().as_secs_f64()
            )
        });
        match found {
            Ok(Some(_)) => {}
            Ok(None) => {
                eprintln!("bao prove: no win within {MOST_PLIES} plies");
                return ExitCode::FAILURE;
            }
            Err(_) => {
                eprintln!(
                    "bao prove: gave up after {} positions (--nodes)",
                    search.nodes
                );
                return ExitCode::FAILURE;
            }
        }
        match search.proof(&start) {
            Some(p) => p,
            None => {
                eprintln!("bao prove: the proof could not be extracted");
                return ExitCode::FAILURE;
            }
        }
    } else {
        let mut pns = Pns::new(args.nodes);
        let outcome = pns.prove(&start);
        eprintln!(
            "search: {outcome:?} after {} positions expanded ({} in the table) in {:.1} s",
            pns.nodes,
            pns.table_len(),
            began.elapsed().as_secs_f64()
        );
        if !matches!(outcome, Outcome::Proven(_)) {
            eprintln!("bao prove: no proof found");
            return ExitCode::FAILURE;
        }
        match pns.proof(&start) {
            Some(p) => p,
            None => {
                eprintln!("bao prove: the proof could not be extracted");
                return ExitCode::FAILURE;
            }
        }
    };
    let solved = solved::Solved::from_map(&start, &proof);
    let Some(solved) = solved else {
        eprintln!("bao prove: the proof does not cover its own walk");
        return ExitCode::FAILURE;
    };
    let lines = solved.lines(&start);
    if let Err(e) = write_lines(out, &lines) {
        eprintln!("bao prove: {}: {e}", out.display());
        return ExitCode::FAILURE;
    }
    if let Some(path) = &args.compact {
        let Some(bytes) = solved::encode(&start, &proof) else {
            eprintln!("bao prove: the proof does not cover its own walk");
            return ExitCode::FAILURE;
        };
        if let Err(e) = std::fs::write(path, &bytes) {
            eprintln!("bao prove: {}: {e}", path.display());
            return ExitCode::FAILURE;
        }
        eprintln!("compact form: {} bytes", bytes.len());
    }
    eprintln!(
        "{} positions of South's, the win in at most {} plies, written in {:.1} s",
        lines.len(),
        solved.verdict(&start).map(|v| v.plies).unwrap_or_default(),
        began.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}

fn write_lines(path: &PathBuf, lines: &[(Position, Move)]) -> std::io::Result<()> {
    let mut w = BufWriter::new(File::create(path)?);
    for (pos, mv) in lines {
        let line = serde_json::json!({ "position": pos, "move": mv });
        writeln!(w, "{line}")?;
    }
    w.flush()
}

/// One line of a proof file.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Line {
    position: Position,
    #[serde(rename = "move")]
    mv: Move,
}

fn check(path: &PathBuf) -> ExitCode {
    let began = Instant::now();
    let file = match File::open(path) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("bao prove: {}: {e}", path.display());
            return ExitCode::FAILURE;
        }
    };
    let mut first = None;
    let mut proof: HashMap<Position, Move> = HashMap::new();
    for (i, line) in BufReader::new(file).lines().enumerate() {
        let n = i + 1;
        let line = match line {
            Ok(l) => l,
            Err(e) => {
                eprintln!("not a proof: line {n} does not read: {e}");
                return ExitCode::FAILURE;
            }
        };
        if line.trim().is_empty() {
            continue;
        }
        let Line { position, mv } = match serde_json::from_str(&line) {
            Ok(l) => l,
            Err(e) => {
                eprintln!("not a proof: line {n} is not {{\"position\":…,\"move\":…}}: {e}");
                return ExitCode::FAILURE;
            }
        };
        if let Some(old) = proof.insert(position, mv) {
            if old != mv {
                eprintln!(
                    "not a proof: line {n} gives {mv} for a position given {old} before: {}",
                    position.to_json()
                );
                return ExitCode::FAILURE;
            }
        }
        first.get_or_insert(position);
    }
    let start = Position::new(Variant::Kujifunza);
    match first {
        Some(f) if f == start => {}
        Some(f) => {
            eprintln!(
                "not a proof: the first line is not the initial position of Kujifunza: {}",
                f.to_json()
            );
            return ExitCode::FAILURE;
        }
        None => {
            eprintln!("not a proof: the file is empty");
            return ExitCode::FAILURE;
        }
    }
    match proof_check::check(&start, &proof) {
        Ok(r) => {
            println!(
                "a proof: South wins Kujifunza in at most {} plies; {} positions of South's checked ({} lines), \
                 {} of North's with every reply, in {:.1} s",
                r.depth,
                r.positions,
                proof.len(),
                r.replies,
                began.elapsed().as_secs_f64()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("not a proof: {e}");
            ExitCode::FAILURE
        }
    }
}
