//! The run: ramp-up (create, join, connect every game), play phase at the set rate, shutdown, report.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::stream::{SplitSink, SplitStream};
use futures_util::{SinkExt, StreamExt};
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::SeedableRng;
use serde::de::DeserializeOwned;
use tokio::net::{TcpSocket, TcpStream};
use tokio::sync::{watch, Semaphore};
use tokio::task::JoinSet;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::WebSocketStream;

use crate::args::{Args, Target};
use crate::clock::{ClockStats, Mode};
use crate::metrics::{parse_histogram, HistogramScrape, ServerMoveTimes, MOVE_HISTOGRAM};
use crate::pace::Pacer;
use crate::procfs;
use crate::proto::{self, GameState, Incoming, Side, Snapshot};
use crate::spawn::SpawnedServer;
use crate::stats::{Durability, ProcessFigures, Report, SocketGuard, Stats};
use bao_protocol::{CreateGame, Created, ErrorBody, Joined};

mod clocked;
mod computer;
mod reconnect;

type Ws = WebSocketStream<TcpStream>;
type WsSink = SplitSink<Ws, Message>;
type WsStream = SplitStream<Ws>;

/// Time allowed for one HTTP request, one WebSocket handshake, or a welcome + snapshot.
const STEP_TIMEOUT: Duration = Duration::from_secs(15);

/// Everything the game tasks share.
struct Ctx {
    args: Args,
    /// The first target: its metrics are read, computer games are created there.
    target: Target,
    /// Every target (the nodes of a cluster): games and sockets are spread over them in turn.
    targets: Vec<Target>,
    /// Games created so far, for spreading them.
    created_next: AtomicUsize,
    http: reqwest::Client,
    stats: Arc<Stats>,
    move_pacer: Pacer,
    connect_pacer: Pacer,
    connect_slots: Semaphore,
    start: watch::Receiver<bool>,
    stop: watch::Receiver<bool>,
    /// Set once no game has a move in flight after the stop: sockets may close then, so that the burst of
    /// closing handshakes does not delay (and inflate the round trip of) the last moves.
    close: watch::Receiver<bool>,
    /// Games inside their play loop now.
    playing: AtomicUsize,
    sockets_made: AtomicUsize,
    /// Games of the ramp-up that are set up or have failed.
    ramp_settled: AtomicUsize,
    /// Every game played: its id and the number of moves confirmed by `moved` events.
    played: Arc<Mutex<Vec<(String, u64)>>>,
    ws_config: WebSocketConfig,
    /// The `clock` fields of `--clock`, taken in turn by the games created.
    clocks: Vec<serde_json::Value>,
    clock_next: AtomicUsize,
    /// The figures of `--mode flag` and `idle`.
    clock_stats: ClockStats,
}

/// The senders that move every game from one phase of the run to the next.
struct Phases {
    start: watch::Sender<bool>,
    stop: watch::Sender<bool>,
    close: watch::Sender<bool>,
}

impl Ctx {
    /// The shared state of a run, and the senders of its phases.
    fn new(
        args: &Args,
        targets: &[Target],
        http: reqwest::Client,
        stats: Arc<Stats>,
        played: Arc<Mutex<Vec<(String, u64)>>>,
    ) -> (Arc<Ctx>, Phases) {
        let (start_tx, start_rx) = watch::channel(false);
        let (stop_tx, stop_rx) = watch::channel(false);
        let (close_tx, close_rx) = watch::channel(false);
        let ctx = Arc::new(Ctx {
            move_pacer: Pacer::new(args.rate),
            connect_pacer: Pacer::new(args.connect_rate),
            connect_slots: Semaphore::new(args.connect_concurrency),
            target: targets[0].clone(),
            targets: targets.to_vec(),
            created_next: AtomicUsize::new(0),
            http,
            stats,
            start: start_rx,
            stop: stop_rx,
            sockets_made: AtomicUsize::new(0),
            ramp_settled: AtomicUsize::new(0),
            close: close_rx,
            playing: AtomicUsize::new(0),
            played,
            ws_config: WebSocketConfig::default()
                .read_buffer_size(8 * 1024)
                .write_buffer_size(0)
                .max_message_size(Some(16 << 20)),
            clocks: args.clocks.iter().map(|c| c.to_json()).collect(),
            clock_next: AtomicUsize::new(0),
            clock_stats: ClockStats::new(),
            args: args.clone(),
        });
        let phases = Phases {
            start: start_tx,
            stop: stop_tx,
            close: close_tx,
        };
        (ctx, phases)
    }

    /// The `n`-th target in turn.
    fn target_at(&self, n: usize) -> &Target {
        &self.targets[n % self.targets.len()]
    }

    /// The base URLs of the targets, for the report.
    fn target_names(&self) -> String {
        let names: Vec<&str> = self.targets.iter().map(|t| t.http_base.as_str()).collect();
        names.join(",")
    }

    /// The `clock` of the next game created (`--clock`s in turn), `None` without one.
    fn next_clock(&self) -> Option<serde_json::Value> {
        if self.clocks.is_empty() {
            return None;
        }
        let n = self.clock_next.fetch_add(1, Ordering::Relaxed);
        self.clocks.get(n % self.clocks.len()).cloned()
    }
}

/// An error while setting a game up or playing it, counted under `code`.
#[derive(Debug)]
struct Fail(String);

impl Fail {
    fn new(code: impl Into<String>) -> Fail {
        Fail(code.into())
    }
}

/// Raises the soft limit on open files to the hard limit; returns the new soft limit.
pub fn raise_fd_limit() -> Option<u64> {
    rlimit::increase_nofile_limit(u64::MAX).ok()
}

/// Runs a whole load test as `args` says and returns its report. Errors are setup failures (bad target,
/// server would not start); everything that goes wrong during the run is counted in the report instead.
pub async fn run(args: Args) -> Result<Report, String> {
    args.validate()?;
    let fd_limit = raise_fd_limit();
    let wanted = (args.games * (2 + args.spectators) + args.computer_games + 256) as u64;
    if let Some(limit) = fd_limit {
        if limit < wanted {
            eprintln!(
                "warning: the open-file limit is {limit}, below the {wanted} this run needs; sockets will fail"
            );
        }
    }
    let http = reqwest::Client::builder()
        .no_proxy()
        .tcp_nodelay(true)
        .timeout(STEP_TIMEOUT)
        .pool_max_idle_per_host(args.connect_concurrency.max(8))
        .build()
        .map_err(|e| format!("HTTP client: {e}"))?;

    let spawned = match &args.spawn_server {
        Some(bin) => Some(
            SpawnedServer::start(bin, &args.server_args, args.server_log.as_ref(), &http).await?,
        ),
        None => None,
    };
    let targets = match &spawned {
        Some(s) => vec![Target::from_addr(s.addr)?],
        None => Target::parse_all(&args.target)?,
    };
    let server_pid = match (&spawned, args.server_pid, &args.server_bin_name) {
        (Some(s), _, _) => Some(s.pid),
        (None, Some(pid), _) => Some(pid),
        (None, None, Some(name)) => {
            let pids = procfs::find_pids_by_name(name);
            if pids.len() > 1 {
                eprintln!(
                    "warning: several processes named {name}: {pids:?}; measuring the newest"
                );
            }
            if pids.is_empty() {
                eprintln!("warning: no process named {name}: server memory not measured");
            }
            pids.last().copied()
        }
        (None, None, None) => None,
    };

    let bases: Vec<String> = targets.iter().map(|t| t.http_base.clone()).collect();
    let played = Arc::new(Mutex::new(Vec::new()));
    let mut result = match args.mode {
        Mode::Play => {
            drive(
                args.clone(),
                targets,
                http.clone(),
                server_pid,
                played.clone(),
            )
            .await
        }
        Mode::Flag | Mode::Idle => {
            clocked::drive(args.clone(), targets, http.clone(), server_pid).await
        }
    };
    if let (Ok(report), Some(path)) = (&mut result, &args.games_out) {
        let games: Vec<PlayedGame> = lock(&played)
            .iter()
            .map(|(id, moves)| PlayedGame {
                id: id.clone(),
                moves: *moves,
            })
            .collect();
        let written = serde_json::to_vec(&games)
            .map_err(|e| e.to_string())
            .and_then(|json| std::fs::write(path, json).map_err(|e| e.to_string()));
        if let Err(e) = written {
            eprintln!("--games-out {}: {e}", path.display());
            report.errors.insert("games_out_write".into(), 1);
            report.finish();
        }
    }
    if let (Ok(report), true) = (&mut result, args.verify_moves) {
        let games = std::mem::take(&mut *lock(&played));
        report.durability = Some(verify_durability(&http, &bases, games, report).await);
        report.finish();
    }
    if let Some(s) = spawned {
        let s = match (&mut result, args.verify_durability) {
            (Ok(report), true) => {
                let t = Instant::now();
                match s.restart_after_kill(&http).await {
                    Ok(s2) => {
                        let games = std::mem::take(&mut *lock(&played));
                        let base = [format!("http://{}", s2.addr)];
                        let mut d = verify_durability(&http, &base, games, report).await;
                        d.restart_secs = t.elapsed().as_secs_f64();
                        report.durability = Some(d);
                        report.finish();
                        Some(s2)
                    }
                    Err(e) => {
                        eprintln!("durability check: {e}");
                        report.errors.insert("durability_restart".into(), 1);
                        report.finish();
                        None
                    }
                }
            }
            _ => Some(s),
        };
        if let Some(s) = s {
            let status = s.stop().await;
            if !status.contains("exit status: 0") && !status.contains("signal") {
                eprintln!("note: the spawned server ended with {status}");
            }
        }
    }
    result
}

/// One line of `--games-out`: a game played and the moves acknowledged in it.
#[derive(serde::Serialize)]
struct PlayedGame {
    id: String,
    moves: u64,
}

/// Checks each played game, read from the first of `bases` that answers (the restarted server, or the nodes
/// that live): it must hold exactly the moves acknowledged, none fewer (lost) and none more (applied without
/// its acknowledgement, or twice).
async fn verify_durability(
    http: &reqwest::Client,
    bases: &[String],
    games: Vec<(String, u64)>,
    report: &mut Report,
) -> Durability {
    let slots = Arc::new(Semaphore::new(16));
    let mut set = JoinSet::new();
    for (id, acked) in games {
        let http = http.clone();
        let urls: Vec<String> = bases
            .iter()
            .map(|b| format!("{b}/api/games/{id}"))
            .collect();
        let slots = slots.clone();
        set.spawn(async move {
            let _permit = slots.acquire_owned().await.ok();
            let mut found = Err("durability_http_error");
            for url in &urls {
                found = match http.get(url).send().await {
                    Ok(r) if r.status().is_success() => r
                        .json::<Snapshot>()
                        .await
                        .map(|s| Some(s.moves.len() as u64))
                        .map_err(|_| "durability_bad_body"),
                    Ok(r) if r.status().as_u16() == 404 => Ok(None),
                    Ok(r) if r.status().as_u16() == 429 => Err("durability_http_429"),
                    // Not reachable, or the game's node is unavailable: ask the next.
                    Ok(_) | Err(_) => continue,
                };
                break;
            }
            (acked, found)
        });
    }
    let mut d = Durability::default();
    let mut count = |code: &str, n: u64| *report.errors.entry(code.into()).or_insert(0) += n;
    while let Some(r) = set.join_next().await {
        let Ok((acked, found)) = r else { continue };
        d.games_checked += 1;
        d.moves_acknowledged += acked;
        match found {
            Ok(Some(n)) => {
                d.moves_found += n.min(acked);
                if n < acked {
                    d.games_short += 1;
                    count("durability_lost_move", acked - n);
                }
                if n > acked {
                    d.games_long += 1;
                    d.moves_extra += n - acked;
                    count("durability_extra_move", n - acked);
                }
            }
            Ok(None) => {
                d.games_missing += 1;
                count("durability_game_missing", 1);
            }
            Err(code) => count(code, 1),
        }
    }
    d
}

/// Memory samples of one process.
#[derive(Default)]
struct MemTrack {
    pid: u32,
    start: Option<u64>,
    connected: Option<u64>,
    max: Option<u64>,
    end: Option<u64>,
    cpu_start: Option<f64>,
    cpu_end: Option<f64>,
}

impl MemTrack {
    fn new(pid: u32) -> MemTrack {
        let rss = procfs::rss_kib(pid);
        MemTrack {
            pid,
            start: rss,
            max: rss,
            ..MemTrack::default()
        }
    }

    fn sample(&mut self) -> Option<u64> {
        let rss = procfs::rss_kib(self.pid);
        if let Some(r) = rss {
            self.max = Some(self.max.map_or(r, |m| m.max(r)));
        }
        rss
    }

    fn figures(&self, play_secs: f64) -> ProcessFigures {
        let cpu = match (self.cpu_start, self.cpu_end) {
            (Some(a), Some(b)) => Some(b - a),
            _ => None,
        };
        ProcessFigures {
            pid: self.pid,
            rss_start_mib: self.start.map(procfs::mib),
            rss_connected_mib: self.connected.map(procfs::mib),
            rss_max_mib: self.max.map(procfs::mib),
            rss_end_mib: self.end.map(procfs::mib),
            rss_hwm_mib: procfs::hwm_kib(self.pid).map(procfs::mib),
            cpu_play_secs: cpu,
            cpu_play_cores: cpu.filter(|_| play_secs > 0.0).map(|c| c / play_secs),
        }
    }
}

async fn drive(
    args: Args,
    targets: Vec<Target>,
    http: reqwest::Client,
    server_pid: Option<u32>,
    played: Arc<Mutex<Vec<(String, u64)>>>,
) -> Result<Report, String> {
    let stats = Arc::new(Stats::new());
    let seed = args.seed.unwrap_or_else(rand::random);
    let (ctx, phases) = Ctx::new(&args, &targets, http, stats.clone(), played);
    let Phases {
        start: start_tx,
        stop: stop_tx,
        close: close_tx,
    } = phases;

    let server = Arc::new(Mutex::new(server_pid.map(MemTrack::new)));
    let me = Arc::new(Mutex::new(MemTrack::new(std::process::id())));
    let sampler = tokio::spawn(sampler(
        ctx.clone(),
        server.clone(),
        me.clone(),
        args.progress,
    ));

    // Ramp-up.
    let t0 = Instant::now();
    let mut tasks = JoinSet::new();
    for slot in 0..args.games {
        let rng = StdRng::seed_from_u64(seed ^ (slot as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        tasks.spawn(game_slot(ctx.clone(), rng));
    }
    for slot in 0..args.computer_games {
        let rng = StdRng::seed_from_u64(!seed ^ (slot as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        tasks.spawn(computer::computer_slot(ctx.clone(), rng));
    }
    let ramp_deadline = t0 + args.connect_timeout;
    let mut interrupted = false;
    while ctx.ramp_settled.load(Ordering::Relaxed) < args.games && Instant::now() < ramp_deadline {
        tokio::select! {
            () = tokio::time::sleep(Duration::from_millis(20)) => {}
            _ = tokio::signal::ctrl_c() => { interrupted = true; break; }
        }
    }
    let connect_secs = t0.elapsed().as_secs_f64();
    let mark_connected = |t: &mut MemTrack| {
        t.connected = t.sample();
        t.cpu_start = procfs::cpu_secs(t.pid);
    };
    lock(&server).as_mut().map(mark_connected);
    mark_connected(&mut lock(&me));
    let sockets_at_start = stats.sockets();
    if !args.json {
        eprintln!(
            "connected: {} games ready, {} sockets open in {:.1} s; playing for {:.1} s",
            Stats::get(&stats.games_ready),
            sockets_at_start,
            connect_secs,
            args.duration.as_secs_f64()
        );
    }

    // Play.
    let metrics_before = scrape_moves(&ctx).await;
    let t_play = Instant::now();
    let _ = start_tx.send(true);
    if !interrupted {
        tokio::select! {
            () = tokio::time::sleep(args.duration) => {}
            _ = tokio::signal::ctrl_c() => { eprintln!("interrupted: stopping"); }
        }
    }
    let play_secs = t_play.elapsed().as_secs_f64();
    let acked_in_play = Stats::get(&stats.moves_acked);
    let mark_end = |t: &mut MemTrack| {
        t.end = t.sample();
        t.cpu_end = procfs::cpu_secs(t.pid);
    };
    lock(&server).as_mut().map(mark_end);
    mark_end(&mut lock(&me));
    let metrics_after = scrape_moves(&ctx).await;
    let _ = stop_tx.send(true);

    // Shutdown: every game finishes its move in flight; then all close their sockets.
    let quiet_by = Instant::now() + args.move_timeout + Duration::from_secs(5);
    while ctx.playing.load(Ordering::SeqCst) > 0 && Instant::now() < quiet_by {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let _ = close_tx.send(true);
    let grace = args.move_timeout + Duration::from_secs(20);
    let drained = tokio::time::timeout(grace, async {
        while let Some(r) = tasks.join_next().await {
            if let Err(e) = r {
                if e.is_panic() {
                    stats.error("generator_panic");
                }
            }
        }
    })
    .await;
    if drained.is_err() {
        stats.error("shutdown_timeout");
        tasks.abort_all();
        while tasks.join_next().await.is_some() {}
    }
    sampler.abort();
    let _ = sampler.await;

    let mut report = Report {
        target: ctx.target_names(),
        variant: args.variant.clone(),
        games: args.games,
        spectators_per_game: args.spectators,
        rate_target: args.rate,
        think: args.think.to_string(),
        clocks: args.clocks.iter().map(ToString::to_string).collect(),
        connect_secs,
        play_secs,
        games_ready: Stats::get(&stats.games_ready),
        games_created: Stats::get(&stats.games_created),
        games_finished: Stats::get(&stats.games_finished),
        sockets_at_start,
        sockets_peak: stats.peak_sockets.load(Ordering::Relaxed),
        sockets_at_end: stats.sockets(),
        moves_sent: Stats::get(&stats.moves_sent),
        moves_acked: Stats::get(&stats.moves_acked),
        moves_rejected: Stats::get(&stats.moves_rejected),
        moves_lost: Stats::get(&stats.moves_lost),
        reconnects: Stats::get(&stats.reconnects),
        moves_resent: Stats::get(&stats.moves_resent),
        reconnect_max_ms: Stats::get(&stats.reconnect_max_us) as f64 / 1000.0,
        resume_max_ms: Stats::get(&stats.resume_max_us) as f64 / 1000.0,
        opponent_moved: Stats::get(&stats.opponent_moved),
        spectator_events: Stats::get(&stats.spectator_events),
        computer_games: args.computer_games,
        computer_games_finished: Stats::get(&stats.computer_games),
        computer_moves: Stats::get(&stats.computer_moves),
        computer_reply: stats.computer_reply(),
        computer_replies_lost: Stats::get(&stats.computer_replies_lost),
        moved_event_mean_bytes: Stats::get(&stats.moved_bytes) as f64
            / Stats::get(&stats.moved_events).max(1) as f64,
        moves_per_sec: if play_secs > 0.0 {
            acked_in_play as f64 / play_secs
        } else {
            0.0
        },
        latency: stats.latency(),
        errors: stats.errors(),
        server: lock(&server).as_ref().map(|t| t.figures(play_secs)),
        generator: Some(lock(&me).figures(play_secs)),
        server_move_times: match (metrics_before, metrics_after) {
            (Some(b), Some(a)) => Some(ServerMoveTimes::between(&b, &a)),
            _ => None,
        },
        ..Report::default()
    };
    report.finish();
    Ok(report)
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    match m.lock() {
        Ok(g) => g,
        Err(poisoned) => poisoned.into_inner(),
    }
}

/// The server's move-handling histogram from `/metrics`, if it serves one.
async fn scrape_moves(ctx: &Ctx) -> Option<HistogramScrape> {
    let url = format!("{}/metrics", ctx.target.http_base);
    let r = ctx.http.get(url).send().await.ok()?;
    if !r.status().is_success() {
        return None;
    }
    let text = r.text().await.ok()?;
    parse_histogram(&text, MOVE_HISTOGRAM)
}

/// Samples memory every 250 ms and prints a progress line every `every` (none if zero).
async fn sampler(
    ctx: Arc<Ctx>,
    server: Arc<Mutex<Option<MemTrack>>>,
    me: Arc<Mutex<MemTrack>>,
    every: Duration,
) {
    let t0 = Instant::now();
    let mut tick = tokio::time::interval(Duration::from_millis(250));
    let mut last_print = Instant::now();
    let mut last_acked = 0;
    loop {
        tick.tick().await;
        let srv = lock(&server).as_mut().and_then(MemTrack::sample);
        lock(&me).sample();
        if !every.is_zero() && last_print.elapsed() >= every && !ctx.args.json {
            let s = &ctx.stats;
            let acked = Stats::get(&s.moves_acked);
            let rate = (acked - last_acked) as f64 / last_print.elapsed().as_secs_f64();
            last_acked = acked;
            last_print = Instant::now();
            let l = s.latency();
            let errors: u64 = s.errors().values().sum();
            eprintln!(
                "[{:6.1}s] games ready {} sockets {} moves sent {} acked {} ({:.0}/s) p50 {:.1} ms p99 {:.1} ms errors {} server RSS {}",
                t0.elapsed().as_secs_f64(),
                Stats::get(&s.games_ready),
                s.sockets(),
                Stats::get(&s.moves_sent),
                acked,
                rate,
                l.p50_ms,
                l.p99_ms,
                errors,
                srv.map_or("-".into(), |k| format!("{:.1} MiB", procfs::mib(k))),
            );
        }
    }
}

/// How a game's play ended.
#[derive(Debug, PartialEq, Eq)]
enum Outcome {
    /// The game reached a result.
    Finished,
    /// The run is over.
    Stopped,
    /// Something failed (already counted).
    Broken,
}

/// One slot of `--games`: sets a game up (during the ramp-up), plays it, and replaces it when it ends.
async fn game_slot(ctx: Arc<Ctx>, mut rng: StdRng) {
    let mut first = true;
    loop {
        let game = if first {
            first = false;
            let r = ramp_setup(&ctx).await;
            ctx.ramp_settled.fetch_add(1, Ordering::Relaxed);
            r
        } else {
            if *ctx.stop.borrow() {
                return;
            }
            setup(&ctx).await
        };
        let mut game = match game {
            Ok(g) => g,
            Err(Fail(code)) => {
                if code != "stopped" {
                    ctx.stats.error(&code);
                }
                return;
            }
        };
        // Wait for the play phase.
        let mut start = ctx.start.clone();
        let mut stop = ctx.stop.clone();
        tokio::select! {
            _ = start.wait_for(|s| *s) => {}
            _ = stop.wait_for(|s| *s) => {}
        }
        ctx.playing.fetch_add(1, Ordering::SeqCst);
        let outcome = play(&ctx, &mut game, &mut rng).await;
        ctx.playing.fetch_sub(1, Ordering::SeqCst);
        if outcome == Outcome::Stopped {
            let mut close = ctx.close.clone();
            let _ = close.wait_for(|c| *c).await;
        }
        if let Some(since) = game.outage.take() {
            // A game still waiting to go on after a reconnect when it stopped: it waited at least this long.
            Stats::note_max(&ctx.stats.resume_max_us, since.elapsed());
        }
        let confirmed = game.state.as_ref().map_or(0, |s| s.ply);
        lock(&ctx.played).push((game.id.clone(), confirmed));
        game.close().await;
        match outcome {
            Outcome::Finished if !ctx.args.no_replace && !*ctx.stop.borrow() => continue,
            _ => return,
        }
    }
}

async fn ramp_setup(ctx: &Arc<Ctx>) -> Result<Game, Fail> {
    let remaining = ctx.args.connect_timeout;
    let work = async {
        let _permit = ctx
            .connect_slots
            .acquire()
            .await
            .map_err(|_| Fail::new("stopped"))?;
        ctx.connect_pacer.wait().await;
        setup(ctx).await
    };
    let mut stop = ctx.stop.clone();
    tokio::select! {
        r = tokio::time::timeout(remaining, work) => r.unwrap_or_else(|_| Err(Fail::new("connect_timeout"))),
        _ = stop.wait_for(|s| *s) => Err(Fail::new("stopped")),
    }
}

/// A game being played: the two players' sockets and the spectators.
struct Game {
    id: String,
    /// The seat tokens of South and North, to open a socket again.
    tokens: [String; 2],
    /// The target each player's socket is on (index in `Ctx::targets`).
    at: [usize; 2],
    sinks: [WsSink; 2],
    streams: [WsStream; 2],
    _guards: [SocketGuard; 2],
    state: Option<GameState>,
    /// The text of the move in flight, to send it again after a reconnect.
    in_flight: Option<String>,
    /// When a socket of the game closed, until the next move acknowledged (`--reconnect`).
    outage: Option<Instant>,
    /// Dropped when the game is over: tells its spectators to leave.
    spectators_done: Option<watch::Sender<()>>,
    spectators: JoinSet<()>,
}

async fn http_json<T: DeserializeOwned>(
    ctx: &Ctx,
    req: reqwest::RequestBuilder,
    ok: u16,
) -> Result<T, Fail> {
    let resp = req.send().await.map_err(|e| {
        Fail::new(if e.is_timeout() {
            "http_timeout"
        } else if e.is_connect() {
            "http_connect"
        } else {
            "http_error"
        })
    })?;
    let status = resp.status().as_u16();
    if status != ok && !(ok == 201 && status == 200) {
        let code = resp.json::<ErrorBody>().await.map(|e| e.error);
        return Err(Fail::new(match code {
            Ok(code) => format!("http_{status}_{code}"),
            Err(_) => format!("http_{status}"),
        }));
    }
    let _ = ctx;
    resp.json::<T>()
        .await
        .map_err(|_| Fail::new("http_bad_body"))
}

/// Creates a game between friends on the target `at` and joins it: its id and the tokens of South and North.
async fn create_pair(ctx: &Ctx, at: usize) -> Result<(String, [String; 2]), Fail> {
    let base = &ctx.target_at(at).http_base;
    let created: Created = http_json(
        ctx,
        ctx.http
            .post(format!("{base}/api/games"))
            .json(&CreateGame {
                variant: ctx.args.variant.clone(),
                clock: ctx.next_clock(),
                ..CreateGame::default()
            }),
        201,
    )
    .await?;
    Stats::inc(&ctx.stats.games_created);
    let joined: Joined = http_json(
        ctx,
        ctx.http
            .post(format!("{base}/api/games/{}/join", created.id))
            .json(&serde_json::json!({})),
        200,
    )
    .await?;
    match (created.seat, joined.seat) {
        (Side::South, Side::North) => Ok((created.id, [created.token, joined.token])),
        (Side::North, Side::South) => Ok((created.id, [joined.token, created.token])),
        _ => Err(Fail::new("bad_seats")),
    }
}

async fn setup(ctx: &Arc<Ctx>) -> Result<Game, Fail> {
    let first = ctx.created_next.fetch_add(1, Ordering::Relaxed);
    // With --reconnect, a target that does not answer (a dead node) is passed over.
    let (id, tokens) = reconnect::on_any_target(ctx, first, |at| create_pair(ctx, at)).await?;
    // Each socket on the next target in turn (so that a game's players are on different nodes).
    let next = || ctx.sockets_made.load(Ordering::Relaxed);
    let (s_ws, s_guard, s_state, s_at) = reconnect::on_any_target(ctx, next(), |at| {
        open_player(ctx, Some(at), &id, &tokens[0], Side::South)
    })
    .await?;
    let (n_ws, n_guard, n_state, n_at) = reconnect::on_any_target(ctx, next(), |at| {
        open_player(ctx, Some(at), &id, &tokens[1], Side::North)
    })
    .await?;
    let (s_sink, s_stream) = s_ws.split();
    let (n_sink, n_stream) = n_ws.split();
    let (done_tx, done_rx) = watch::channel(());
    let mut game = Game {
        id,
        tokens,
        at: [s_at, n_at],
        sinks: [s_sink, n_sink],
        streams: [s_stream, n_stream],
        _guards: [s_guard, n_guard],
        state: n_state.or(s_state),
        in_flight: None,
        outage: None,
        spectators_done: Some(done_tx),
        spectators: JoinSet::new(),
    };
    for _ in 0..ctx.args.spectators {
        let (ws, guard, at) =
            reconnect::on_any_target(ctx, next(), |at| connect_ws(ctx, &game.id, Some(at))).await?;
        game.spectators.spawn(spectate(
            ctx.clone(),
            game.id.clone(),
            (ws, guard, at),
            done_rx.clone(),
        ));
    }
    Stats::inc(&ctx.stats.games_ready);
    Ok(game)
}

/// Connects a WebSocket to `/ws/{game}` (TCP_NODELAY, small buffers, spread over `--source-ips`) on target
/// `at`, or on the next target in turn; returns it with the index of its target.
async fn connect_ws(
    ctx: &Ctx,
    game: &str,
    at: Option<usize>,
) -> Result<(Ws, SocketGuard, usize), Fail> {
    let n = ctx.sockets_made.fetch_add(1, Ordering::Relaxed);
    // A game's sockets are opened one after the other: with several targets they land on different nodes.
    let at = at.unwrap_or(n) % ctx.targets.len();
    let target = ctx.target_at(at);
    let url = format!("{}/ws/{}", target.ws_base, game);
    let addr = target.addr;
    let sock = match addr {
        SocketAddr::V4(_) => TcpSocket::new_v4(),
        SocketAddr::V6(_) => TcpSocket::new_v6(),
    }
    .map_err(|_| Fail::new("ws_socket"))?;
    if ctx.args.source_ips > 1 && addr.is_ipv4() {
        let last = 1 + (n % usize::from(ctx.args.source_ips)) as u8;
        let src = SocketAddr::new(IpAddr::V4(Ipv4Addr::new(127, 0, 0, last)), 0);
        sock.bind(src).map_err(|_| Fail::new("ws_bind"))?;
    }
    let tcp = tokio::time::timeout(STEP_TIMEOUT, sock.connect(addr))
        .await
        .map_err(|_| Fail::new("ws_connect_timeout"))?
        .map_err(|_| Fail::new("ws_connect"))?;
    let _ = tcp.set_nodelay(true);
    let (ws, _resp) = tokio::time::timeout(
        STEP_TIMEOUT,
        tokio_tungstenite::client_async_with_config(url, tcp, Some(ctx.ws_config)),
    )
    .await
    .map_err(|_| Fail::new("ws_handshake_timeout"))?
    .map_err(|e| {
        Fail::new(match e {
            tokio_tungstenite::tungstenite::Error::Http(r) => {
                format!("ws_handshake_{}", r.status().as_u16())
            }
            _ => "ws_handshake".into(),
        })
    })?;
    Ok((ws, ctx.stats.socket_opened(), at))
}

/// Opens a player's socket, says hello, and reads up to the `welcome` and the `snapshot` after it.
async fn open_player(
    ctx: &Ctx,
    at: Option<usize>,
    game: &str,
    token: &str,
    side: Side,
) -> Result<(Ws, SocketGuard, Option<GameState>, usize), Fail> {
    let (mut ws, guard, at) = connect_ws(ctx, game, at).await?;
    ws.send(Message::text(proto::hello(Some(token))))
        .await
        .map_err(|_| Fail::new("ws_send"))?;
    let read = async {
        let mut welcomed = false;
        loop {
            let msg = match ws.next().await {
                Some(Ok(Message::Text(t))) => t,
                Some(Ok(Message::Close(_))) | None => return Err(Fail::new("ws_closed")),
                Some(Ok(_)) => continue,
                Some(Err(_)) => return Err(Fail::new("ws_error")),
            };
            let m: Incoming =
                serde_json::from_str(msg.as_str()).map_err(|_| Fail::new("bad_server_message"))?;
            match m.t.as_str() {
                "welcome" => {
                    if m.you.as_deref() != Some(side.name()) {
                        return Err(Fail::new("wrong_seat"));
                    }
                    welcomed = true;
                }
                "snapshot" if welcomed => {
                    let snap: Option<Snapshot> =
                        m.game.and_then(|g| serde_json::from_value(g).ok());
                    return Ok(snap.as_ref().and_then(GameState::from_snapshot));
                }
                "error" => return Err(Fail::new(m.code.unwrap_or_else(|| "error".into()))),
                _ => {}
            }
        }
    };
    let state = tokio::time::timeout(STEP_TIMEOUT, read)
        .await
        .map_err(|_| Fail::new("welcome_timeout"))??;
    Ok((ws, guard, state, at))
}

/// A spectator: says hello without a token and reads until the game or the run is over. With `--reconnect`,
/// a socket that closes during the play phase is opened again on the next target that answers.
async fn spectate(
    ctx: Arc<Ctx>,
    game: String,
    socket: (Ws, SocketGuard, usize),
    mut done: watch::Receiver<()>,
) {
    let stats = &ctx.stats;
    let mut stop = ctx.close.clone();
    let (mut ws, mut guard, mut at) = socket;
    if ws.send(Message::text(proto::hello(None))).await.is_err() {
        stats.error("ws_send");
        return;
    }
    loop {
        let m = tokio::select! {
            m = ws.next() => m,
            _ = stop.wait_for(|s| *s) => break,
            _ = done.changed() => break,
        };
        match m {
            Some(Ok(Message::Text(t))) => {
                Stats::inc(&stats.spectator_events);
                if let Ok(m) = serde_json::from_str::<Incoming>(t.as_str()) {
                    if m.t == "error" {
                        stats.error(m.code.as_deref().unwrap_or("error"));
                    }
                }
            }
            Some(Ok(_)) => {}
            Some(Err(_)) | None => {
                drop(guard);
                if *stop.borrow() {
                    return;
                }
                if !ctx.args.reconnect {
                    stats.error("ws_closed_spectator");
                    return;
                }
                match reconnect::reopen_spectator(&ctx, &game, at).await {
                    Ok(again) => (ws, guard, at) = again,
                    Err(Fail(code)) => {
                        stats.error(&code);
                        return;
                    }
                }
            }
        }
    }
    close_ws(ws).await;
    drop(guard);
}

/// Sends a close frame and waits (briefly) for the server's.
async fn close_ws(mut ws: Ws) {
    let _ = tokio::time::timeout(Duration::from_secs(5), async {
        let _ = ws.close(None).await;
        while let Some(Ok(_)) = ws.next().await {}
    })
    .await;
}

impl Game {
    /// Closes every socket of the game.
    async fn close(self) {
        let Game {
            sinks,
            streams,
            _guards,
            spectators_done,
            mut spectators,
            ..
        } = self;
        drop(spectators_done);
        let [s_sink, n_sink] = sinks;
        let [s_stream, n_stream] = streams;
        let close_pair = |sink: WsSink, stream: WsStream| async move {
            if let Ok(ws) = sink.reunite(stream) {
                close_ws(ws).await;
            }
        };
        tokio::join!(close_pair(s_sink, s_stream), close_pair(n_sink, n_stream));
        drop(_guards);
        while spectators.join_next().await.is_some() {}
    }

    /// Reads the game's state over HTTP from the target of South's socket (or, with `--reconnect`, the next
    /// one that answers).
    async fn refresh(&mut self, ctx: &Ctx) -> Result<(), Fail> {
        let id = &self.id;
        let snap: Snapshot = reconnect::on_any_target(ctx, self.at[0], |at| {
            let url = format!("{}/api/games/{id}", ctx.target_at(at).http_base);
            http_json(ctx, ctx.http.get(url), 200)
        })
        .await?;
        self.state = GameState::from_snapshot(&snap);
        Ok(())
    }
}

/// What a game waits for next.
#[derive(Debug)]
enum Phase {
    /// Thinking until then.
    Thinking(Instant),
    /// Waiting for its slot of the total rate.
    Slot(Instant),
    /// A move sent, waiting for its `moved`.
    InFlight { ply: u64, side: Side, sent: Instant },
}

enum Event {
    Msg(
        Side,
        Option<Result<Message, tokio_tungstenite::tungstenite::Error>>,
    ),
    Timer,
    Stop,
}

/// Plays random legal moves until the game ends, the run stops, or something fails.
async fn play(ctx: &Ctx, game: &mut Game, rng: &mut StdRng) -> Outcome {
    let stats = &ctx.stats;
    let mut stop = ctx.stop.clone();
    let mut stopping = *stop.borrow();
    let mut phase = Phase::Thinking(Instant::now() + ctx.args.think.sample(rng));
    loop {
        if stopping && !matches!(phase, Phase::InFlight { .. }) {
            return Outcome::Stopped;
        }
        let deadline = match phase {
            Phase::Thinking(t) | Phase::Slot(t) => t,
            Phase::InFlight { sent, .. } => sent + ctx.args.move_timeout,
        };
        let event = {
            let [south, north] = &mut game.streams;
            tokio::select! {
                m = south.next() => Event::Msg(Side::South, m),
                m = north.next() => Event::Msg(Side::North, m),
                () = tokio::time::sleep_until(deadline.into()) => Event::Timer,
                r = stop.changed(), if !stopping => { let _ = r; Event::Stop }
            }
        };
        match event {
            Event::Stop => stopping = true,
            Event::Timer => match phase {
                Phase::InFlight { ply, side, .. } => {
                    Stats::inc(&stats.moves_lost);
                    stats.error("move_timeout");
                    // Tell whether the server played the move (its event went missing) or not.
                    let known = game.state.as_ref().map_or(0, |s| s.ply);
                    let served = match game.refresh(ctx).await {
                        Ok(()) => game.state.as_ref().map_or("no state".to_string(), |s| {
                            format!("server at ply {}", s.ply)
                        }),
                        Err(Fail(code)) => code,
                    };
                    eprintln!(
                        "move_timeout: game {} ply {ply} by {}: no moved event in {:?}; generator at ply {known}, {served}",
                        game.id,
                        side.name(),
                        ctx.args.move_timeout
                    );
                    return Outcome::Broken;
                }
                Phase::Thinking(_) | Phase::Slot(_) => {
                    if game.state.is_none() {
                        if let Err(Fail(code)) = game.refresh(ctx).await {
                            stats.error(&code);
                            return Outcome::Broken;
                        }
                    }
                    let Some(state) = game.state.clone() else {
                        stats.error("no_game_state");
                        return Outcome::Broken;
                    };
                    if state.over {
                        Stats::inc(&stats.games_finished);
                        return Outcome::Finished;
                    }
                    if let Phase::Thinking(_) = phase {
                        let now = Instant::now();
                        let slot = ctx.move_pacer.reserve(now);
                        if slot > now {
                            phase = Phase::Slot(slot);
                            continue;
                        }
                    }
                    let Some(mv) = state.legal.choose(rng) else {
                        stats.error("no_legal_move");
                        return Outcome::Broken;
                    };
                    let text = proto::move_msg(state.ply, mv);
                    let side = state.to_move;
                    let sent = Instant::now();
                    if game.sinks[side.index()]
                        .send(Message::text(text.clone()))
                        .await
                        .is_err()
                    {
                        stats.error("ws_send");
                        return Outcome::Broken;
                    }
                    game.in_flight = Some(text);
                    Stats::inc(&stats.moves_sent);
                    phase = Phase::InFlight {
                        ply: state.ply,
                        side,
                        sent,
                    };
                }
            },
            Event::Msg(from, msg) => {
                let text = match msg {
                    Some(Ok(Message::Text(t))) => t,
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => {
                        if ctx.args.reconnect && !*ctx.close.borrow() {
                            // A node died (or dropped the socket): the game goes on through another.
                            let mover = match phase {
                                Phase::InFlight { side, .. } => Some(side),
                                _ => None,
                            };
                            match reconnect::reopen_player(ctx, game, from, mover).await {
                                Ok(()) => continue,
                                Err(Fail(code)) => stats.error(&code),
                            }
                        }
                        if let Phase::InFlight { .. } = phase {
                            Stats::inc(&stats.moves_lost);
                        }
                        stats.error(if stopping {
                            "ws_closed_at_stop"
                        } else {
                            "ws_closed"
                        });
                        return Outcome::Broken;
                    }
                    Some(Ok(_)) => continue,
                };
                let Ok(m) = serde_json::from_str::<Incoming>(text.as_str()) else {
                    stats.error("bad_server_message");
                    continue;
                };
                match m.t.as_str() {
                    "moved" => {
                        Stats::inc(&stats.moved_events);
                        stats
                            .moved_bytes
                            .fetch_add(text.len() as u64, Ordering::Relaxed);
                        let Some(next) = GameState::from_moved(&m) else {
                            stats.error("bad_server_message");
                            continue;
                        };
                        if m.by.as_deref() != Some(from.name()) {
                            Stats::inc(&stats.opponent_moved);
                        }
                        if game.state.as_ref().is_none_or(|s| next.ply > s.ply) {
                            game.state = Some(next.clone());
                        }
                        if let Phase::InFlight { ply, side, sent } = phase {
                            if side == from && m.ply == Some(ply) {
                                stats.record_latency(sent.elapsed());
                                Stats::inc(&stats.moves_acked);
                                game.in_flight = None;
                                if let Some(since) = game.outage.take() {
                                    Stats::note_max(&stats.resume_max_us, since.elapsed());
                                }
                                if next.over {
                                    Stats::inc(&stats.games_finished);
                                    return Outcome::Finished;
                                }
                                phase =
                                    Phase::Thinking(Instant::now() + ctx.args.think.sample(rng));
                            }
                        }
                    }
                    "snapshot" => {
                        let snap: Option<Snapshot> =
                            m.game.and_then(|g| serde_json::from_value(g).ok());
                        if let Some(s) = snap.as_ref().and_then(GameState::from_snapshot) {
                            if game.state.as_ref().is_none_or(|old| s.ply >= old.ply) {
                                game.state = Some(s);
                            }
                        }
                    }
                    "ended" => {
                        if let Some(s) = game.state.as_mut() {
                            s.over = true;
                        }
                        if !matches!(phase, Phase::InFlight { .. }) {
                            Stats::inc(&stats.games_finished);
                            return Outcome::Finished;
                        }
                    }
                    "error" => {
                        // The game's node is being replaced (its owner died): the move is sent again, as a
                        // client would; the server keeps it from being applied twice.
                        let retry = ctx.args.reconnect
                            && m.code.as_deref() == Some("unavailable")
                            && matches!(phase, Phase::InFlight { side, .. } if side == from);
                        if retry && reconnect::resend(ctx, game, from).await.is_ok() {
                            continue;
                        }
                        stats.error(m.code.as_deref().unwrap_or("error"));
                        if let Phase::InFlight { side, .. } = phase {
                            if side == from {
                                Stats::inc(&stats.moves_rejected);
                                if let Err(Fail(code)) = game.refresh(ctx).await {
                                    stats.error(&code);
                                    return Outcome::Broken;
                                }
                                phase =
                                    Phase::Thinking(Instant::now() + ctx.args.think.sample(rng));
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
    }
}
