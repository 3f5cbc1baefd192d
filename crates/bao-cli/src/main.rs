//! `bao`: the rules engine on the command line (spec/position.md): start positions, legal moves as a
//! line-by-line coprocess, playing a game from the start, and perft.

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]

mod book;
mod commands;
mod matches;
mod prove;
mod puzzles;
mod rate_levels;
mod think;
mod tune;

use std::process::ExitCode;

use bao_core::Variant;
use clap::{Parser, Subcommand};

/// The rules of Bao on the command line.
#[derive(Parser)]
#[command(name = "bao", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Print the initial position of VARIANT as one JSON line.
    Start {
        /// kujifunza, kiswahili, kiswahili-malawi or kimasai.
        variant: Variant,
    },
    /// Read positions (one JSON object per line) on stdin; for each print its legal moves and the positions
    /// they lead to, as one JSON line.
    Moves,
    /// Play MOVES from the initial position of VARIANT and print the final position.
    Play {
        /// kujifunza, kiswahili, kiswahili-malawi or kimasai.
        variant: Variant,
        /// Moves in notation, e.g. A6L a5R.
        moves: Vec<String>,
    },
    /// Count the legal move sequences of 1..=DEPTH moves from the initial position, then the speed.
    Perft {
        /// kujifunza, kiswahili, kiswahili-malawi or kimasai.
        variant: Variant,
        /// Deepest level to count.
        depth: u32,
    },
    /// Read positions (one JSON object per line) on stdin; for each print the computer's move, the depth
    /// reached, the nodes searched and nodes per second.
    Think(think::ThinkArgs),
    /// Play paired games between two players (1-8, easy, medium, hard, hard-v1 or random) and print the first one's score.
    Match(matches::MatchArgs),
    /// Mine puzzles from the computer's own games: positions with more than one legal move where exactly
    /// one wins by force, proved by exhaustive search. Prints the puzzle file (JSON) on stdout.
    Puzzles(puzzles::PuzzleArgs),
    /// Fit the evaluation weights of a variant to the results of self-play games (Texel tuning) and print
    /// the loss before and after.
    Tune(tune::TuneArgs),
    /// Build the opening book of a variant from long searches and print it (the format of
    /// crates/bao-ai/books/VARIANT.txt).
    Book(book::BookArgs),
    /// Build the proof that South wins Bao la Kujifunza and write it (--out FILE), or check a proof file
    /// with the rules alone (--check FILE): spec/position.md, "Additions of the third wave".
    Prove(prove::ProveArgs),
    /// Rate the eight numbered levels by paired matches between neighbours (and levels two apart), fitted
    /// on the Glicko-2 scale with level 1 anchored at 800; prints the lines of
    /// crates/bao-ai/data/level-ratings.txt.
    RateLevels(rate_levels::RateArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Start { variant } => commands::start(variant),
        Command::Moves => commands::moves(),
        Command::Play { variant, moves } => commands::play(variant, &moves),
        Command::Perft { variant, depth } => commands::perft(variant, depth),
        Command::Think(args) => think::think(&args),
        Command::Match(args) => matches::run(&args),
        Command::Puzzles(args) => puzzles::run(&args),
        Command::Tune(args) => tune::run(&args),
        Command::Book(args) => book::run(&args),
        Command::Prove(args) => prove::run(&args),
        Command::RateLevels(args) => rate_levels::run(&args),
    }
}
