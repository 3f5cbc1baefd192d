//! `bao book`: builds the opening book of one variant (bao_ai::book) and writes it as a book file.
//!
//! The lines are written as they are found (and flushed), so a long build can be followed and stopped: what
//! it wrote is a valid book. The built-in books are `crates/bao-ai/books/VARIANT.txt`.

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use bao_ai::book::{self, BuildOptions};
use bao_ai::Level;
use bao_core::Variant;

/// Options of `bao book`. The field docs are its `--help` text.
#[derive(clap::Args)]
pub struct BookArgs {
    /// kujifunza, kiswahili, kiswahili-malawi or kimasai.
    #[arg(long)]
    pub variant: Variant,
    /// Deepest ply (from the start) of a booked position.
    #[arg(long, default_value_t = 6)]
    pub plies: u32,
    /// Replies of the other side followed at each of its positions (its best by a short search; every
    /// reply at the first ply). 0: every reply everywhere.
    #[arg(long, default_value_t = 3)]
    pub width: usize,
    /// Node budget of the search of each booked position.
    #[arg(long, default_value_t = 20_000_000)]
    pub nodes: u64,
    /// Node budget of the short searches that rank the other side's replies.
    #[arg(long, default_value_t = 100_000)]
    pub rank_nodes: u64,
}

/// Runs `bao book`: the book file on stdout, progress on stderr.
pub fn run(args: &BookArgs) -> ExitCode {
    let opts = BuildOptions {
        plies: args.plies,
        width: args.width,
        nodes: args.nodes,
        rank_nodes: args.rank_nodes,
        config: Level::Hard.config_for(args.variant),
    };
    let started = Instant::now();
    let mut out = std::io::stdout().lock();
    let header = format!(
        "# Opening book of {}: `bao book --variant {} --plies {} --width {} --nodes {} --rank-nodes {}`.\n\
         # One position per line: the moves from the start ; the book move, its score, the depth reached.\n",
        args.variant, args.variant, args.plies, args.width, args.nodes, args.rank_nodes
    );
    if out.write_all(header.as_bytes()).is_err() {
        return ExitCode::FAILURE;
    }
    let mut failed = false;
    let lines = book::build(args.variant, &opts, |line| {
        if writeln!(out, "{line}").and_then(|()| out.flush()).is_err() {
            failed = true;
        }
        eprintln!("{:>7.1} s  {line}", started.elapsed().as_secs_f64());
    });
    eprintln!(
        "{} positions in {:.1} s",
        lines.len(),
        started.elapsed().as_secs_f64()
    );
    if failed {
        eprintln!("bao book: could not write the book to stdout");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
