//! The Bao web server: an HTTP API to create and join games, one WebSocket room per game, persistence in
//! SQLite, the static web client, health and Prometheus metrics.
//!
//! The contract it implements is `docs/protocol.md`. One tokio task per game room owns the game's state
//! ([`room`]); sockets ([`ws`]) and HTTP handlers ([`api`]) talk to it over channels, in the typed
//! messages of the `bao-protocol` crate ([`bao_protocol`]); every error answered to a client is one
//! [`error::AppError`].
//!
//! ```no_run
//! # async fn run() -> Result<(), Box<dyn std::error::Error>> {
//! use clap::Parser;
//! let config = bao_server::config::Config::parse_from(["bao-server", "--bind", "127.0.0.1:0"]);
//! let listener = tokio::net::TcpListener::bind(&config.bind).await?;
//! bao_server::app::serve(config, listener, std::future::pending()).await?;
//! # Ok(()) }
//! ```

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]

pub mod analysis;
pub mod api;
pub mod app;
pub mod assets;
pub mod backup;
pub mod board_svg;
pub mod cluster;
pub mod computer_pool;
pub mod config;
pub mod error;
pub mod healthcheck;
pub mod http;
pub mod import;
pub mod jobs;
pub mod levels;
pub mod limits;
pub mod lobby;
pub mod logs;
pub mod metrics;
pub mod offline;
pub mod openapi;
pub mod players;
pub mod puzzles;
pub mod qr;
pub mod rates;
pub mod ratings;
pub mod record;
pub mod replay;
pub mod review;
pub mod room;
pub mod state;
pub mod store;
pub mod summaries;
pub mod tokens;
pub mod tournament;
pub mod ws;

/// The server's version: the crate's, from the workspace's Cargo.toml.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
/// The commit the server was built from: `BAO_COMMIT` at build time, else `git rev-parse HEAD`, else `unknown`
/// (`build.rs`).
pub const COMMIT: &str = env!("BAO_COMMIT");
/// What `bao-server --version` prints after the name: the version and the commit.
pub const VERSION_AND_COMMIT: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (commit ",
    env!("BAO_COMMIT"),
    ")"
);
