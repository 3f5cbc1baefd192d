//! `--mode flag` and `--mode idle`: clocked games whose clocks are started (both first moves) and then left
//! alone.
//!
//! In `flag` mode each game waits for its `ended` event; the flag latency is the time from the instant its
//! clock ran out, as the server's own clock showed it (`at` plus the running side's time left, in the second
//! `moved` event), to the event's arrival here, both in Unix ms of this machine's clock. In `idle` mode every
//! game holds its two sockets open for `--duration` with nobody moving while the server's CPU time is read
//! from /proc: a server that keeps one timer per running clock does nothing then; one that polled over its
//! games would show it.

use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::SeedableRng;
use tokio::task::JoinSet;
use tokio_tungstenite::tungstenite::Message;

use super::{lock, ramp_setup, sampler, Ctx, Fail, Game, MemTrack, WsStream};
use crate::args::{Args, Target};
use crate::clock::{ClockStats, IdleSummary, Mode};
use crate::procfs;
use crate::proto::{self, GameState, Incoming, Side};
use crate::stats::{Report, Stats};
use bao_protocol::clock::ClockView;

/// Unix time now, µs, by this machine's clock (the server's `at` is on the same clock).
fn unix_us() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_micros() as i64)
        .unwrap_or(0)
}

/// Runs a `flag` or `idle` run: every game set up and its clock started, then the mode's wait.
pub(super) async fn drive(
    args: Args,
    targets: Vec<Target>,
    http: reqwest::Client,
    server_pid: Option<u32>,
) -> Result<Report, String> {
    let stats = Arc::new(Stats::new());
    let played = Arc::new(Mutex::new(Vec::new()));
    let (ctx, phases) = Ctx::new(&args, &targets, http, stats.clone(), played);
    let server = Arc::new(Mutex::new(server_pid.map(MemTrack::new)));
    let me = Arc::new(Mutex::new(MemTrack::new(std::process::id())));
    let sampler = tokio::spawn(sampler(
        ctx.clone(),
        server.clone(),
        me.clone(),
        Duration::ZERO,
    ));
    let seed = args.seed.unwrap_or_else(rand::random);
    let t0 = Instant::now();
    let mut tasks = JoinSet::new();
    for slot in 0..args.games {
        let rng = StdRng::seed_from_u64(seed ^ (slot as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        tasks.spawn(clocked_slot(ctx.clone(), rng));
    }
    let cs = &ctx.clock_stats;
    let progress = Progress::new(args.progress, args.json);

    // Every game set up and its clock started (in `flag` mode, early games may already be flagged).
    let ramp_deadline = t0 + args.connect_timeout;
    let mut interrupted = false;
    while (cs.settled.load(Ordering::Relaxed) as usize) < args.games
        && Instant::now() < ramp_deadline
    {
        tokio::select! {
            () = tokio::time::sleep(Duration::from_millis(20)) => {}
            _ = tokio::signal::ctrl_c() => { interrupted = true; break; }
        }
        progress.tick(&ctx, t0);
    }
    let connect_secs = t0.elapsed().as_secs_f64();
    let mark_start = |t: &mut MemTrack| {
        t.connected = t.sample();
        t.cpu_start = procfs::cpu_secs(t.pid);
    };
    lock(&server).as_mut().map(mark_start);
    mark_start(&mut lock(&me));
    let sockets_at_start = stats.sockets();
    let clocked_at_start = ClockStats::get(&cs.clocked);
    let ended_before = ClockStats::get(&cs.ended_otherwise);
    if !args.json {
        eprintln!(
            "clocks started: {clocked_at_start} games, {sockets_at_start} sockets open in {connect_secs:.1} s"
        );
    }

    let t_wait = Instant::now();
    if !interrupted {
        match args.mode {
            Mode::Flag => {
                // The last clock started runs out within its initial time; then `--flag-timeout`.
                let longest = args
                    .clocks
                    .iter()
                    .map(|c| c.initial_ms())
                    .max()
                    .unwrap_or(0);
                let give_up = tokio::time::Instant::now()
                    + Duration::from_millis(longest.max(0) as u64)
                    + args.flag_timeout
                    + Duration::from_secs(5);
                loop {
                    tokio::select! {
                        r = tasks.join_next() => match r {
                            None => break,
                            Some(Err(e)) if e.is_panic() => stats.error("generator_panic"),
                            Some(_) => {}
                        },
                        () = tokio::time::sleep(Duration::from_millis(250)) => progress.tick(&ctx, t0),
                        () = tokio::time::sleep_until(give_up) => break,
                        _ = tokio::signal::ctrl_c() => { eprintln!("interrupted: stopping"); break; }
                    }
                }
            }
            Mode::Idle | Mode::Play => {
                tokio::select! {
                    () = tokio::time::sleep(args.duration) => {}
                    _ = tokio::signal::ctrl_c() => { eprintln!("interrupted: stopping"); }
                }
            }
        }
    }
    let wait_secs = t_wait.elapsed().as_secs_f64();
    let mark_end = |t: &mut MemTrack| {
        t.end = t.sample();
        t.cpu_end = procfs::cpu_secs(t.pid);
    };
    lock(&server).as_mut().map(mark_end);
    mark_end(&mut lock(&me));
    let ended_in_window = ClockStats::get(&cs.ended_otherwise) - ended_before;
    let _ = phases.start.send(true);
    let _ = phases.stop.send(true);
    let _ = phases.close.send(true);
    let drained = tokio::time::timeout(Duration::from_secs(60), async {
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

    let server_figures = lock(&server).as_ref().map(|t| t.figures(wait_secs));
    let idle = (args.mode == Mode::Idle).then(|| {
        let cpu = server_figures.as_ref().and_then(|f| f.cpu_play_secs);
        IdleSummary {
            games_clocked: clocked_at_start,
            sockets: sockets_at_start,
            secs: wait_secs,
            server_cpu_secs: cpu,
            server_cpu_percent: cpu
                .filter(|_| wait_secs > 0.0)
                .map(|c| 100.0 * c / wait_secs),
            ended: ended_in_window,
        }
    });
    let mut report = Report {
        target: ctx.target_names(),
        variant: args.variant.clone(),
        games: args.games,
        mode: args.mode,
        clocks: args.clocks.iter().map(ToString::to_string).collect(),
        think: "0".into(),
        connect_secs,
        play_secs: wait_secs,
        games_ready: Stats::get(&stats.games_ready),
        games_created: Stats::get(&stats.games_created),
        games_finished: ClockStats::get(&cs.flagged) + ClockStats::get(&cs.ended_otherwise),
        sockets_at_start,
        sockets_peak: stats.peak_sockets.load(Ordering::Relaxed),
        sockets_at_end: stats.sockets(),
        moves_sent: Stats::get(&stats.moves_sent),
        moves_acked: Stats::get(&stats.moves_acked),
        moves_rejected: Stats::get(&stats.moves_rejected),
        moves_lost: Stats::get(&stats.moves_lost),
        latency: stats.latency(),
        errors: stats.errors(),
        server: server_figures,
        generator: Some(lock(&me).figures(wait_secs)),
        flags: (args.mode == Mode::Flag)
            .then(|| cs.flag_summary(args.flag_timeout.as_millis() as u64)),
        idle,
        ..Report::default()
    };
    report.finish();
    Ok(report)
}

/// Progress lines on stderr every `--progress`.
struct Progress {
    every: Duration,
    last: Mutex<Instant>,
}

impl Progress {
    fn new(every: Duration, json: bool) -> Progress {
        Progress {
            every: if json { Duration::ZERO } else { every },
            last: Mutex::new(Instant::now()),
        }
    }

    fn tick(&self, ctx: &Ctx, t0: Instant) {
        if self.every.is_zero() {
            return;
        }
        let mut last = lock(&self.last);
        if last.elapsed() < self.every {
            return;
        }
        *last = Instant::now();
        let c = &ctx.clock_stats;
        let l = c.latency();
        eprintln!(
            "[{:6.1}s] games ready {} clocks started {} flagged {} (p99 {:.1} ms, max {:.1} ms) not flagged {} sockets {} errors {}",
            t0.elapsed().as_secs_f64(),
            Stats::get(&ctx.stats.games_ready),
            ClockStats::get(&c.clocked),
            ClockStats::get(&c.flagged),
            l.p99_ms,
            l.max_ms,
            ClockStats::get(&c.not_flagged),
            ctx.stats.sockets(),
            ctx.stats.errors().values().sum::<u64>(),
        );
    }
}

/// One game of a clocked run: set up, both first moves, then the mode's wait; its sockets close at the end.
async fn clocked_slot(ctx: Arc<Ctx>, mut rng: StdRng) {
    let game = ramp_setup(&ctx).await;
    ctx.ramp_settled.fetch_add(1, Ordering::Relaxed);
    let mut game = match game {
        Ok(g) => g,
        Err(Fail(code)) => {
            if code != "stopped" {
                ctx.stats.error(&code);
            }
            ctx.clock_stats.settled.fetch_add(1, Ordering::Relaxed);
            return;
        }
    };
    let started = first_moves(&ctx, &mut game, &mut rng).await;
    ctx.clock_stats.settled.fetch_add(1, Ordering::Relaxed);
    match started {
        Ok(clock) => {
            ctx.clock_stats.clocked.fetch_add(1, Ordering::Relaxed);
            match (ctx.args.mode, clock) {
                (Mode::Flag, Some(clock)) => await_flag(&ctx, &mut game, clock).await,
                _ => hold(&ctx, &mut game).await,
            }
        }
        Err(Fail(code)) => ctx.stats.error(&code),
    }
    game.close().await;
}

/// Plays the two first moves (south's, then north's) and returns the clock of the second `moved` event,
/// which runs from then on (`None` for games created without a clock).
async fn first_moves(
    ctx: &Ctx,
    game: &mut Game,
    rng: &mut StdRng,
) -> Result<Option<ClockView>, Fail> {
    let mut clock = None;
    for ply in 0..2u64 {
        let state = game
            .state
            .clone()
            .ok_or_else(|| Fail::new("no_game_state"))?;
        if state.ply != ply || state.over {
            return Err(Fail::new("unexpected_game_state"));
        }
        let mv = state
            .legal
            .choose(rng)
            .ok_or_else(|| Fail::new("no_legal_move"))?;
        let side = state.to_move;
        let sent = Instant::now();
        game.sinks[side.index()]
            .send(Message::text(proto::move_msg(ply, mv)))
            .await
            .map_err(|_| Fail::new("ws_send"))?;
        Stats::inc(&ctx.stats.moves_sent);
        let stream = &mut game.streams[side.index()];
        let moved = tokio::time::timeout(ctx.args.move_timeout, own_moved(stream, ply))
            .await
            .map_err(|_| {
                Stats::inc(&ctx.stats.moves_lost);
                Fail::new("move_timeout")
            })??;
        ctx.stats.record_latency(sent.elapsed());
        Stats::inc(&ctx.stats.moves_acked);
        game.state = GameState::from_moved(&moved);
        clock = moved.clock;
    }
    if ctx.clocks.is_empty() {
        return Ok(None);
    }
    clock
        .filter(|c| c.running.is_some())
        .map(Some)
        .ok_or_else(|| Fail::new("clock_not_running"))
}

/// Reads a player's socket up to the `moved` event of `ply`.
async fn own_moved(stream: &mut WsStream, ply: u64) -> Result<Incoming, Fail> {
    loop {
        let text = match stream.next().await {
            Some(Ok(Message::Text(t))) => t,
            Some(Ok(_)) => continue,
            Some(Err(_)) | None => return Err(Fail::new("ws_closed")),
        };
        let m: Incoming =
            serde_json::from_str(text.as_str()).map_err(|_| Fail::new("bad_server_message"))?;
        match m.t.as_str() {
            "moved" if m.ply == Some(ply) => return Ok(m),
            "ended" => return Err(Fail::new("ended_before_the_clock_started")),
            "error" => return Err(Fail::new(m.code.unwrap_or_else(|| "error".into()))),
            _ => {}
        }
    }
}

/// The next text message of either player's socket; `None` when a socket closed or failed.
async fn next_text(game: &mut Game) -> Option<(Side, String)> {
    loop {
        let [south, north] = &mut game.streams;
        let (side, m) = tokio::select! {
            m = south.next() => (Side::South, m),
            m = north.next() => (Side::North, m),
        };
        match m {
            Some(Ok(Message::Text(t))) => return Some((side, t.as_str().to_owned())),
            Some(Ok(_)) => continue,
            Some(Err(_)) | None => return None,
        }
    }
}

/// `--mode flag`: waits for the `ended` event on time and records how long after the clock ran out it came.
async fn await_flag(ctx: &Ctx, game: &mut Game, clock: ClockView) {
    let cs = &ctx.clock_stats;
    let (running, left) = match clock.running {
        Some(Side::South) => (Side::South, clock.south_ms),
        Some(Side::North) => (Side::North, clock.north_ms),
        None => return,
    };
    let due_ms = clock.at + left;
    let wait_ms = (due_ms - unix_us() / 1000).max(0) as u64;
    let give_up =
        tokio::time::Instant::now() + Duration::from_millis(wait_ms) + ctx.args.flag_timeout;
    let mut stop = ctx.stop.clone();
    loop {
        let next = tokio::select! {
            n = next_text(game) => n,
            () = tokio::time::sleep_until(give_up) => {
                cs.not_flagged.fetch_add(1, Ordering::Relaxed);
                eprintln!("not flagged: game {} ({} ms after its clock ran out)", game.id, ctx.args.flag_timeout.as_millis());
                return;
            }
            _ = stop.wait_for(|s| *s) => {
                cs.not_flagged.fetch_add(1, Ordering::Relaxed);
                return;
            }
        };
        let Some((_, text)) = next else {
            ctx.stats.error("ws_closed");
            cs.not_flagged.fetch_add(1, Ordering::Relaxed);
            return;
        };
        let arrived_us = unix_us();
        let Ok(m) = serde_json::from_str::<Incoming>(&text) else {
            ctx.stats.error("bad_server_message");
            continue;
        };
        match m.t.as_str() {
            "ended" => {
                if m.reason() == Some("time") && m.winner() == Some(running.opponent().name()) {
                    cs.record_flag(arrived_us - due_ms * 1000);
                } else {
                    cs.ended_otherwise.fetch_add(1, Ordering::Relaxed);
                    eprintln!("game {} ended otherwise: {:?}", game.id, m.result);
                }
                return;
            }
            "error" => ctx.stats.error(m.code.as_deref().unwrap_or("error")),
            _ => {}
        }
    }
}

/// `--mode idle`: holds the sockets open, reading whatever comes, until the run stops; counts a game that
/// ends meanwhile.
async fn hold(ctx: &Ctx, game: &mut Game) {
    let mut stop = ctx.stop.clone();
    loop {
        let next = tokio::select! {
            n = next_text(game) => n,
            _ = stop.wait_for(|s| *s) => return,
        };
        let Some((_, text)) = next else {
            ctx.stats.error("ws_closed");
            return;
        };
        let Ok(m) = serde_json::from_str::<Incoming>(&text) else {
            ctx.stats.error("bad_server_message");
            continue;
        };
        match m.t.as_str() {
            "ended" => {
                ctx.clock_stats
                    .ended_otherwise
                    .fetch_add(1, Ordering::Relaxed);
                eprintln!("game {} ended while idle: {:?}", game.id, m.result);
                return;
            }
            "error" => ctx.stats.error(m.code.as_deref().unwrap_or("error")),
            _ => {}
        }
    }
}
