//! The short version of the load run (bao-loadtest): the real server, a few hundred games played at a steady
//! rate; fails if any move is lost (every move sent must get its `moved`) or answered with an error. Here and
//! not in bao-loadtest because it needs the server, which bao-loadtest does not depend on (it speaks
//! bao-protocol).
//!
//! `short_run_in_process` runs the server in this process (on its own runtime thread) through its library.
//! `short_run_spawned_binary` drives the real `bao-server` binary through `--spawn-server`, then kills it
//! with SIGKILL, restarts it and checks every acknowledged move is still there.

use std::path::PathBuf;
use std::time::Duration;

use crate::common;

use bao_loadtest::args::{Args, ThinkTime};
use bao_loadtest::stats::Report;

/// Games, seconds and total moves per second of the short run (sized for a busy 2-core machine).
const GAMES: usize = 200;
const SECS: u64 = 10;
const RATE: f64 = 400.0;

fn short_args(target: String) -> Args {
    let mut a = Args::defaults();
    a.target = vec![target];
    a.games = GAMES;
    a.duration = Duration::from_secs(SECS);
    a.rate = RATE;
    a.connect_rate = 0.0;
    a.think = ThinkTime::Exp(Duration::from_millis(200));
    a.progress = Duration::ZERO;
    a.json = true;
    a.seed = Some(42);
    a
}

fn check(report: &Report, games: usize, secs: u64, rate: f64) {
    println!("{}", report.human());
    assert!(report.errors.is_empty(), "errors: {:?}", report.errors);
    assert_eq!(report.moves_lost, 0, "moves lost");
    assert_eq!(report.moves_rejected, 0, "moves rejected");
    assert_eq!(
        report.moves_acked, report.moves_sent,
        "every move sent must get its moved"
    );
    assert_eq!(report.sockets_at_start, 2 * games as i64, "sockets open");
    assert_eq!(report.sockets_at_end, 0, "sockets left open");
    assert!(report.games_ready >= games as u64);
    // The run must really have played: at least a third of the target (the machine may be busy).
    let floor = (rate * secs as f64 / 3.0) as u64;
    assert!(
        report.moves_acked >= floor,
        "only {} moves acknowledged (expected at least {floor})",
        report.moves_acked
    );
    assert_eq!(report.latency.count, report.moves_acked);
    assert!(report.ok);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn short_run_in_process() {
    let dir = tempfile::tempdir().unwrap();
    let (addr, stop, handle) = common::load::start_in_process_server(dir.path().to_path_buf());
    common::load::wait_until_up(addr).await;

    let mut args = short_args(format!("http://{addr}"));
    let games_out = dir.path().join("games.json");
    args.games_out = Some(games_out.clone());
    let report = tokio::time::timeout(Duration::from_secs(240), bao_loadtest::run::run(args))
        .await
        .expect("the run must stop by itself")
        .unwrap();
    let _ = stop.send(());
    tokio::task::spawn_blocking(move || handle.join().unwrap())
        .await
        .unwrap();
    check(&report, GAMES, SECS, RATE);
    // --games-out lists every game played with its acknowledged moves.
    let games: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&games_out).unwrap()).unwrap();
    let games = games.as_array().unwrap();
    assert_eq!(games.len() as u64, report.games_ready);
    let moves: u64 = games.iter().map(|g| g["moves"].as_u64().unwrap()).sum();
    assert_eq!(moves, report.moves_acked);
    assert!(games
        .iter()
        .all(|g| g["id"].as_str().is_some_and(|id| !id.is_empty())));
    // Random games end: finished games must have been replaced to keep the load steady.
    if report.games_finished > 0 {
        assert!(report.games_ready > GAMES as u64);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn short_run_spawned_binary() {
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_bao-server"));
    let games = 50;
    let secs = 4;
    let rate = 150.0;
    let mut args = short_args("http://127.0.0.1:1".into());
    args.spawn_server = Some(bin);
    args.games = games;
    args.spectators = 1;
    args.duration = Duration::from_secs(secs);
    args.rate = rate;
    args.verify_durability = true;
    let report = tokio::time::timeout(Duration::from_secs(180), bao_loadtest::run::run(args))
        .await
        .expect("the run must stop by itself")
        .unwrap();
    println!("{}", report.human());
    assert!(report.errors.is_empty(), "errors: {:?}", report.errors);
    assert_eq!(report.moves_lost, 0);
    assert_eq!(report.moves_acked, report.moves_sent);
    assert_eq!(report.sockets_at_start, 3 * games as i64);
    assert_eq!(report.sockets_at_end, 0);
    assert!(report.spectator_events > 0);
    let server = report.server.expect("a spawned server is measured");
    assert!(server.rss_max_mib.unwrap_or(0.0) > 1.0);
    assert!(report.moves_acked as f64 >= rate * secs as f64 / 3.0);
    // Every acknowledged move survived a SIGKILL of the server.
    let d = report.durability.expect("durability checked");
    assert_eq!(d.games_checked, report.games_ready);
    assert_eq!(d.moves_found, d.moves_acknowledged);
    assert_eq!(d.moves_acknowledged, report.moves_acked);
    assert_eq!(d.games_short + d.games_missing, 0);
}
