//! `bao`: the rules engine on the command line (spec/position.md): start positions, legal moves as a
//! line-by-line coprocess, playing a game from the start, and perft.

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]

mod commands;
mod matches;
mod think;

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
    Think {
        /// Time budget per move in milliseconds (default: the level's).
        #[arg(long)]
        ms: Option<u64>,
        /// easy, medium or hard.
        #[arg(long, default_value = "hard", value_parser = think::parse_level)]
        level: bao_ai::Level,
        /// Seed of the level's randomness.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Node budget per move (reproducible answers).
        #[arg(long)]
        nodes: Option<u64>,
        /// Depth limit (default: the level's).
        #[arg(long)]
        depth: Option<u32>,
    },
    /// Play paired games between two players (easy, medium, hard or random) and print the first one's score.
    Match {
        /// First player: random, easy, medium or hard.
        #[arg(value_parser = matches::Player::parse)]
        a: matches::Player,
        /// Second player.
        #[arg(value_parser = matches::Player::parse)]
        b: matches::Player,
        /// kujifunza, kiswahili, kiswahili-malawi or kimasai.
        #[arg(long)]
        variant: Variant,
        /// Games in all (each opening is played twice, sides swapped).
        #[arg(long, default_value_t = 200)]
        games: u32,
        /// Cap on each level's time per move in milliseconds.
        #[arg(long)]
        ms: Option<u64>,
        /// Node budget per move for both levels.
        #[arg(long)]
        nodes: Option<u64>,
        /// Depth limit of the first player (default: its level's).
        #[arg(long)]
        depth_a: Option<u32>,
        /// Depth limit of the second player (default: its level's).
        #[arg(long)]
        depth_b: Option<u32>,
        /// Seed of the openings and the players.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Random plies of each opening.
        #[arg(long, default_value_t = 4)]
        opening_plies: u32,
        /// Games longer than this many plies are stopped and counted as half a point each.
        #[arg(long, default_value_t = 1000)]
        max_plies: u32,
        /// Keep only openings a search scores within this of even (a front seed is about 10).
        #[arg(long)]
        balance: Option<i32>,
        /// Nodes of the search that judges an opening for --balance.
        #[arg(long, default_value_t = 20_000)]
        balance_nodes: u64,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Start { variant } => commands::start(variant),
        Command::Moves => commands::moves(),
        Command::Play { variant, moves } => commands::play(variant, &moves),
        Command::Perft { variant, depth } => commands::perft(variant, depth),
        Command::Think {
            ms,
            level,
            seed,
            nodes,
            depth,
        } => think::think(&think::ThinkArgs {
            ms,
            nodes,
            depth,
            level,
            seed,
        }),
        Command::Match {
            a,
            b,
            variant,
            games,
            ms,
            nodes,
            depth_a,
            depth_b,
            seed,
            opening_plies,
            max_plies,
            balance,
            balance_nodes,
        } => matches::run(&matches::MatchArgs {
            a,
            b,
            variant,
            games,
            ms,
            nodes,
            depth_a,
            depth_b,
            seed,
            opening_plies,
            max_plies,
            balance,
            balance_nodes,
        }),
    }
}
