//! The load generator's clocked modes against the real server (in this process): `--mode flag` with a handful
//! of games on a one-second clock, every one of which the server must end on time within a second of its
//! flag, and `--mode idle` with live and correspondence clocks that must not run out. Here and not in
//! bao-loadtest because they need the server, which bao-loadtest does not depend on.

use crate::common;

use std::time::Duration;

use bao_loadtest::args::Args;
use bao_loadtest::clock::Mode;
use bao_loadtest::stats::Report;

const GAMES: usize = 6;

fn clocked_args(addr: std::net::SocketAddr, mode: Mode, clocks: &[&str]) -> Args {
    let mut a = Args::defaults();
    a.target = vec![format!("http://{addr}")];
    a.games = GAMES;
    a.mode = mode;
    a.clocks = clocks.iter().map(|c| c.parse().unwrap()).collect();
    a.connect_rate = 0.0;
    a.progress = Duration::ZERO;
    a.json = true;
    a.seed = Some(7);
    a
}

async fn run(args: Args) -> Report {
    let report = tokio::time::timeout(Duration::from_secs(120), bao_loadtest::run::run(args))
        .await
        .expect("the run must stop by itself")
        .unwrap();
    println!("{}", report.human());
    report
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_clock_is_flagged_within_a_second() {
    let dir = tempfile::tempdir().unwrap();
    let (addr, stop, handle) = common::load::start_in_process_server(dir.path().to_path_buf());
    common::load::wait_until_up(addr).await;

    let mut args = clocked_args(addr, Mode::Flag, &["live:1+0", "live:2+0"]);
    args.flag_timeout = Duration::from_secs(5);
    let report = run(args).await;
    let _ = stop.send(());
    tokio::task::spawn_blocking(move || handle.join().unwrap())
        .await
        .unwrap();

    assert!(report.errors.is_empty(), "errors: {:?}", report.errors);
    // Both first moves of every game, acknowledged.
    assert_eq!(report.moves_sent, 2 * GAMES as u64);
    assert_eq!(report.moves_acked, report.moves_sent);
    let f = report.flags.clone().expect("flag figures");
    assert_eq!(f.games_clocked, GAMES as u64);
    assert_eq!(f.flagged, GAMES as u64, "{f:?}");
    assert_eq!((f.not_flagged, f.ended_otherwise), (0, 0), "{f:?}");
    assert_eq!(f.latency.count, GAMES as u64);
    assert!(f.latency.max_ms < 1000.0, "{:?}", f.latency);
    assert_eq!(f.flagged_within_1s, GAMES as u64);
    assert_eq!(report.sockets_at_start, 2 * GAMES as i64);
    assert_eq!(report.sockets_at_end, 0);
    assert!(report.ok);
    assert!(report.human().contains("flag latency"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_clocks_are_held_and_measured() {
    let dir = tempfile::tempdir().unwrap();
    let (addr, stop, handle) = common::load::start_in_process_server(dir.path().to_path_buf());
    common::load::wait_until_up(addr).await;

    let mut args = clocked_args(addr, Mode::Idle, &["live:600+0", "corr:1"]);
    args.duration = Duration::from_secs(1);
    // The server runs in this process: its CPU is this process's.
    args.server_pid = Some(std::process::id());
    let report = run(args).await;
    let _ = stop.send(());
    tokio::task::spawn_blocking(move || handle.join().unwrap())
        .await
        .unwrap();

    assert!(report.errors.is_empty(), "errors: {:?}", report.errors);
    let i = report.idle.clone().expect("idle figures");
    assert_eq!(i.games_clocked, GAMES as u64);
    assert_eq!(i.sockets, 2 * GAMES as i64);
    assert_eq!(i.ended, 0);
    assert!(i.secs >= 1.0, "{i:?}");
    assert!(i.server_cpu_percent.is_some_and(f64::is_finite), "{i:?}");
    assert!(report.flags.is_none());
    assert_eq!(report.sockets_at_end, 0);
    assert!(report.ok);
}
