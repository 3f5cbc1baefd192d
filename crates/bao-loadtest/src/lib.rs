//! `bao-loadtest`: a load generator for the Bao server.
//!
//! It speaks the protocol of `docs/protocol.md` over loopback only: creates games over HTTP, joins the
//! second seat, opens one WebSocket per seat (and optional spectators), and plays random legal moves at a
//! set total rate with a think-time distribution. It measures the move round trip (from sending
//! `{"t":"move"}` to the sender's own `moved` for that ply) with an HDR histogram, moves per second, errors
//! by code, open sockets, and the server's resident memory and CPU time from /proc.
//!
//! ```no_run
//! # async fn demo() -> Result<(), String> {
//! let mut args = bao_loadtest::args::Args::defaults();
//! args.target = vec!["http://127.0.0.1:8080".into()];
//! args.games = 10;
//! args.duration = std::time::Duration::from_secs(5);
//! let report = bao_loadtest::run::run(args).await?;
//! println!("{}", report.human());
//! # Ok(()) }
//! ```

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]

pub mod args;
pub mod clock;
pub mod lobby;
pub mod metrics;
pub mod pace;
pub mod procfs;
pub mod proto;
pub mod run;
pub mod spawn;
pub mod stats;
