//! `bao-server`: reads the configuration and starts the server (or checks a running one's health).

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use bao_server::config::Config;
use bao_server::error::StartupError;
use bao_server::store::Location;
use clap::{Parser, Subcommand};
use tracing_subscriber::EnvFilter;

/// Play Bao in the browser: the web server.
#[derive(Parser)]
#[command(name = "bao-server", version = bao_server::VERSION_AND_COMMIT, about)]
struct Cli {
    #[command(flatten)]
    config: Config,
    #[command(subcommand)]
    command: Option<Cmd>,
}

#[derive(Subcommand)]
enum Cmd {
    /// Ask the server at --bind (BAO_BIND) for /healthz; exit 0 when it is healthy (for Docker's HEALTHCHECK).
    Healthcheck {
        /// Seconds to wait for the answer.
        #[arg(long, default_value_t = 5)]
        timeout: u64,
    },
    /// Take the computer's jobs (its moves, reviews, analyses) from the nodes of a cluster and send back the
    /// results, until stopped; serves no HTTP. The queue's name and ack wait are --jobs-queue and
    /// --job-ack-ms (BAO_JOBS_QUEUE, BAO_JOB_ACK_MS), as on the nodes.
    Worker {
        /// The cluster's NATS server (`nats://HOST:PORT`).
        #[arg(long, env = "BAO_NATS_URL")]
        nats_url: String,
        /// Searches at once (each takes one core for up to its budget).
        #[arg(long, env = "BAO_WORKER_THREADS", default_value_t = 1,
              value_parser = clap::value_parser!(u64).range(1..=1024))]
        threads: u64,
        /// This worker's name, for the logs and the nodes' count of workers (default: the host name and the
        /// process id).
        #[arg(long, env = "BAO_WORKER_NAME")]
        name: Option<String>,
    },
    /// Copy the SQLite database of --data-dir (BAO_DATA_DIR) or --database-url to FILE, consistently, also
    /// while the server runs. FILE must not exist. Restore: stop the server and put the copy in place as
    /// bao.db.
    Backup {
        /// Where to write the copy (a new file).
        #[arg(required_unless_present = "dir", conflicts_with = "dir")]
        file: Option<PathBuf>,
        /// Write the copy into this directory instead (created if missing), named after the time:
        /// bao-YYYY-MM-DD-HHMMSS.db (UTC).
        #[arg(long, value_name = "DIR")]
        dir: Option<PathBuf>,
        /// With --dir: after the copy, delete the oldest backups there (files named bao-YYYY-MM-DD-HHMMSS.db)
        /// beyond the newest N, the new one included.
        #[arg(long, value_name = "N", requires = "dir",
              value_parser = clap::value_parser!(u64).range(1..))]
        keep: Option<u64>,
    },
}

fn init_logs(config: &Config) {
    let filter = EnvFilter::try_from_default_env()
        .or_else(|_| EnvFilter::try_new(&config.log_level))
        .unwrap_or_else(|_| EnvFilter::new("info"));
    let logs = tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_env_filter(filter);
    if config.log_format == "json" {
        logs.json().init();
    } else {
        logs.with_ansi(std::io::stderr().is_terminal()).init();
    }
}

/// Every connection is a file descriptor, and the usual soft limit (1,024) is far below what a server needs:
/// slow or idle clients would use it up and the server could accept nobody, `/healthz` included. Raise it
/// to the hard limit (which an administrator sets).
fn raise_open_files_limit() {
    match rlimit::increase_nofile_limit(u64::MAX) {
        Ok(n) if n < 4096 => tracing::warn!(
            "at most {n} open files (connections included): raise the hard limit (ulimit -Hn, LimitNOFILE)"
        ),
        Ok(n) => tracing::debug!("at most {n} open files"),
        Err(e) => tracing::warn!("cannot raise the open files limit: {e}"),
    }
}

#[tokio::main]
async fn main() -> ExitCode {
    let cli = Cli::parse();
    let config = cli.config;
    if let Some(Cmd::Healthcheck { timeout }) = cli.command {
        let addr = bao_server::healthcheck::target(&config.bind);
        return match bao_server::healthcheck::check(&addr, Duration::from_secs(timeout)).await {
            Ok(200) => ExitCode::SUCCESS,
            Ok(code) => {
                eprintln!("unhealthy: /healthz answered {code}");
                ExitCode::FAILURE
            }
            Err(e) => {
                eprintln!("unhealthy: {e}");
                ExitCode::FAILURE
            }
        };
    }
    if let Some(Cmd::Backup { file, dir, keep }) = &cli.command {
        let db = match Location::parse(config.database_url.as_deref(), &config.data_dir) {
            Ok(Location::Sqlite(db)) => db,
            Ok(Location::Postgres(_)) => {
                eprintln!(
                    "backup failed: the database is PostgreSQL; back it up with PostgreSQL's own tools \
                     (pg_dump)"
                );
                return ExitCode::FAILURE;
            }
            Err(e) => {
                eprintln!("backup failed: {e}");
                return ExitCode::FAILURE;
            }
        };
        let done = match (file, dir) {
            (Some(file), _) => {
                bao_server::backup::backup(&db, file)
                    .await
                    .map(|bytes| bao_server::backup::Kept {
                        file: file.clone(),
                        bytes,
                        removed: Vec::new(),
                    })
            }
            (None, Some(dir)) => {
                let keep = keep.map(|n| usize::try_from(n).unwrap_or(usize::MAX));
                bao_server::backup::backup_into(&db, dir, keep, bao_server::store::unix_now()).await
            }
            // clap requires one of them.
            (None, None) => Err("give FILE or --dir DIR".to_owned()),
        };
        return match done {
            Ok(kept) => {
                println!(
                    "backed up {} to {} ({} bytes)",
                    db.display(),
                    kept.file.display(),
                    kept.bytes
                );
                for old in &kept.removed {
                    println!("deleted the older backup {}", old.display());
                }
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("backup failed: {e}");
                ExitCode::FAILURE
            }
        };
    }
    init_logs(&config);
    if let Some(Cmd::Worker {
        nats_url,
        threads,
        name,
    }) = &cli.command
    {
        let threads = usize::try_from(*threads).unwrap_or(1);
        let done = tokio::select! {
            r = bao_server::jobs::worker::serve(&config, nats_url, threads, name.clone()) => r,
            () = bao_server::app::shutdown_signal() => Ok(()),
        };
        return match done {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                tracing::error!("{}", bao_server::logs::chain(&e));
                ExitCode::FAILURE
            }
        };
    }
    raise_open_files_limit();
    // Before anything slow, so that an early SIGTERM shuts down cleanly.
    let shutdown = bao_server::app::shutdown_signal();
    let served = match tokio::net::TcpListener::bind(&config.bind).await {
        Ok(listener) => bao_server::app::serve(config, listener, shutdown).await,
        Err(source) => Err(StartupError::Bind {
            addr: config.bind.clone(),
            source,
        }),
    };
    match served {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!("{}", bao_server::logs::chain(&e));
            ExitCode::FAILURE
        }
    }
}
