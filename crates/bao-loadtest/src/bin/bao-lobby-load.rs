//! `bao-lobby-load`: the lobby's load on a running Bao server on loopback (`bao_loadtest::lobby`): watching
//! sockets, seeks opened and accepted, pool pairings; prints the fan-out and pairing latencies and the memory per
//! lobby socket. Exit codes: 0 for a run without errors, 2 with errors, 1 when it could not run.
//!
//! Give the server limits that let one address do all this (`--ws-per-address`, `--create-per-minute`,
//! `--seeks-per-address`, `--pool-joins-per-minute`): every client here is 127.0.0.1.

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]

use std::process::ExitCode;

use clap::Parser;

/// Lobby load on a running server (loopback only).
#[derive(Parser, Debug)]
#[command(name = "bao-lobby-load", version)]
struct Cli {
    /// Base URL of the server; the nodes of a cluster as a comma-separated list.
    #[arg(long, default_value = "http://127.0.0.1:8080", value_delimiter = ',')]
    target: Vec<String>,
    /// Lobby sockets that only watch.
    #[arg(long, default_value_t = 1000)]
    watchers: usize,
    /// Seeks opened, then accepted (each by its own player).
    #[arg(long, default_value_t = 200)]
    seeks: usize,
    /// Pairs of players paired in pools.
    #[arg(long, default_value_t = 100)]
    pool_pairs: usize,
    /// Requests in flight at once.
    #[arg(long, default_value_t = 32)]
    concurrency: usize,
    /// Seeks opened per second (0: as fast as --concurrency allows).
    #[arg(long, default_value_t = 50.0)]
    seek_rate: f64,
    /// Print the report as JSON.
    #[arg(long)]
    json: bool,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let load = bao_loadtest::lobby::LobbyLoad {
        targets: cli.target,
        watchers: cli.watchers,
        seeks: cli.seeks,
        pool_pairs: cli.pool_pairs,
        concurrency: cli.concurrency,
        seek_rate: cli.seek_rate,
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("bao-lobby-load: cannot start the runtime: {e}");
            return ExitCode::from(1);
        }
    };
    match runtime.block_on(bao_loadtest::lobby::run(load)) {
        Ok(report) => {
            if cli.json {
                match serde_json::to_string_pretty(&report) {
                    Ok(s) => println!("{s}"),
                    Err(e) => eprintln!("bao-lobby-load: {e}"),
                }
            } else {
                print!("{}", report.human());
            }
            // A socket that fell behind gets the whole lobby instead of the changes it missed: not an error.
            if report.errors.is_empty() && (report.missed == 0 || report.resends > 0) {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(2)
            }
        }
        Err(e) => {
            eprintln!("bao-lobby-load: {e}");
            ExitCode::from(1)
        }
    }
}
