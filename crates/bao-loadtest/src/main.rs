//! `bao-loadtest`: runs a load test against a Bao server on loopback and prints the report.
//!
//! Exit codes: 0 when every move was acknowledged and no error was counted, 2 when the run finished with
//! errors or lost moves, 1 when it could not run (bad arguments, target not loopback, server did not start).

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let args = bao_loadtest::args::Args::parse();
    let json = args.json;
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("bao-loadtest: cannot start the runtime: {e}");
            return ExitCode::from(1);
        }
    };
    match runtime.block_on(bao_loadtest::run::run(args)) {
        Ok(report) => {
            if json {
                match serde_json::to_string_pretty(&report) {
                    Ok(s) => println!("{s}"),
                    Err(e) => eprintln!("bao-loadtest: {e}"),
                }
            } else {
                print!("{}", report.human());
            }
            if report.ok {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(2)
            }
        }
        Err(e) => {
            eprintln!("bao-loadtest: {e}");
            ExitCode::from(1)
        }
    }
}
