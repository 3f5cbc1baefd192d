//! The room task: it owns one game's [`Game`], [`EventLog`], [`Crowd`] and [`Computer`], takes one
//! request at a time, hands each to its handler (a player's [`Action`] to the handler of that action), and
//! leaves memory when nobody has been connected for a while.

use std::time::Instant;

use axum::extract::ws::Utf8Bytes;
use bao_core::{Move, Side};
use bao_protocol::{Presence, SeatKind, ServerMsg, You};
use tokio::sync::{mpsc, oneshot};

use super::computer::{self, Computer};
use super::game::{replay_history, Game, HistorySource};
use super::log::EventLog;
use super::presence::{Crowd, Due};
use super::registry::{RoomTask, Rooms};
use super::request::{Action, ActionReply, Command, Greeting, Request, RoomTx};
use super::RoomDeps;
use crate::error::AppError;
use crate::store::{GameRow, MoveRow};

/// Now, on tokio's clock: the same as the system's, except in tests that pause and move tokio's time, where
/// every deadline of the room (its timers, its idle exit) then moves with it.
pub(super) fn now() -> Instant {
    tokio::time::Instant::now().into_std()
}

/// One game's room.
#[derive(Debug)]
pub struct Room {
    pub(super) deps: RoomDeps,
    pub(super) rooms: Rooms,
    generation: u64,
    pub(super) game: Game,
    pub(super) log: EventLog,
    pub(super) crowd: Crowd,
    /// The computer player, in a game against the computer.
    pub(super) computer: Option<Computer>,
    computer_moves: Option<mpsc::Receiver<computer::ComputerMove>>,
    /// The computer's move that the database could not take, tried again at the instant given (ply, move).
    pub(super) unsaved_computer_move: Option<(Instant, u64, Move)>,
    /// A clock result the database could not take is not written again before this.
    pub(super) clock_hold: Option<Instant>,
    /// The uptime instant up to which outages were given back to the side to move (`timing.rs`).
    pub(super) credited_to: i64,
    /// The write that tries whether the database's outage is over, while one runs (`timing.rs`).
    pub(super) outage_probe: Option<tokio::task::JoinHandle<()>>,
    /// When each seat (south, north) last said a quick message (`say.rs`).
    pub(super) said_at: [Option<Instant>; 2],
}

impl Room {
    /// Rebuilds a room from the database (the game's row and its moves).
    pub(crate) fn from_rows(
        rooms: Rooms,
        generation: u64,
        row: GameRow,
        moves: Vec<MoveRow>,
    ) -> Result<Room, AppError> {
        let deps = rooms.deps().clone();
        let stored = row.v.max(0) as u64;
        let closed_cleanly = row.closed_v == Some(row.v);
        let game = Game::from_rows(row, moves, deps.store.time().now())?;
        let mut log = EventLog::resumed(stored, closed_cleanly, deps.limits.buffer)
            .keep_at_most(deps.limits.max_replay);
        if let Some(nodes) = &deps.other_nodes {
            // Every event also goes to the other nodes' sockets of this game.
            log.mirror_to(nodes.outbox(&game.id));
        }
        let crowd = Crowd::new(Side::ALL.map(|s| game.is_computer(s)), now());
        let (computer, computer_moves) = if game.kinds.contains(&SeatKind::Computer) {
            let level = game.level.unwrap_or(bao_ai::Level::Medium);
            let (c, rx) = Computer::new(&game.id, deps.computer_seed, level, deps.computer.clone());
            (Some(c), Some(rx))
        } else {
            (None, None)
        };
        Ok(Room {
            deps,
            rooms,
            generation,
            game,
            log,
            crowd,
            computer,
            computer_moves,
            unsaved_computer_move: None,
            clock_hold: None,
            credited_to: 0,
            outage_probe: None,
            said_at: [None; 2],
        })
    }

    /// Starts the room's task.
    pub(crate) fn spawn(self) -> RoomTask {
        let (tx, rx) = RoomTx::channel();
        let task = RoomTask {
            tx,
            generation: self.generation,
        };
        self.deps.metrics.games_in_memory.inc();
        tokio::spawn(self.run(rx));
        task
    }

    fn idle_deadline(&self) -> Option<Instant> {
        if self.clock_keeps_room() {
            return None;
        }
        let limit = if self.game.status == bao_protocol::Status::Finished {
            self.deps.limits.idle_finished
        } else {
            self.deps.limits.idle
        };
        self.crowd.idle_since().map(|t| t + limit)
    }

    fn next_deadline(&self) -> Option<Instant> {
        let retry = self.unsaved_computer_move.map(|(at, _, _)| at);
        [
            self.idle_deadline(),
            self.crowd.due(),
            retry,
            self.clock_deadline(),
        ]
        .into_iter()
        .flatten()
        .min()
    }

    async fn run(mut self, mut rx: mpsc::Receiver<Command>) {
        let mut computer_moves = self
            .computer_moves
            .take()
            .unwrap_or_else(|| mpsc::channel(1).1);
        loop {
            let deadline = self.next_deadline();
            let sleep = async {
                match deadline {
                    Some(d) => tokio::time::sleep_until(d.into()).await,
                    None => std::future::pending().await,
                }
            };
            tokio::select! {
                cmd = rx.recv() => {
                    let Some(cmd) = cmd else { break };
                    if let Some(reply) = self.handle(cmd).await {
                        self.leave_memory(&mut rx).await;
                        let _ = reply.send(());
                        return;
                    }
                    self.store_version_if_due().await;
                }
                Some((ply, mv)) = computer_moves.recv() => self.on_computer_move(ply, mv).await,
                () = sleep => {
                    self.on_clock_due().await;
                    let now = now();
                    self.retry_computer_move(now).await;
                    if self.crowd.take_due(now) {
                        self.publish_presence();
                        self.store_version_if_due().await;
                    }
                    if self.idle_deadline().is_some_and(|t| t <= now) {
                        self.leave_memory(&mut rx).await;
                        return;
                    }
                }
            }
        }
        self.leave_memory(&mut rx).await;
    }

    /// Writes the version once enough unwritten events piled up, so that a crash loses a bounded number.
    async fn store_version_if_due(&mut self) {
        if !self.log.store_due() {
            return;
        }
        let v = self.log.v();
        match self.deps.store.raise_version(&self.game.id, v as i64).await {
            Ok(()) => self.log.stored(v),
            Err(e) => tracing::warn!(game = %self.game.id, "cannot save version: {e}"),
        }
    }

    /// Handles one command; returns the shutdown acknowledgement when the room must stop.
    async fn handle(&mut self, cmd: Command) -> Option<oneshot::Sender<()>> {
        match cmd {
            Command::Request(req) => self.on_request(req).await,
            Command::Shutdown(reply) => return Some(reply),
        }
        None
    }

    /// Answers one request (an answer nobody waits for any more is dropped).
    async fn on_request(&mut self, req: Request) {
        // Every answer (a snapshot, a greeting, a move) shows the clock with the outages given back.
        self.settle_outages();
        match req {
            Request::Ping { reply } => {
                let _ = reply.send(());
            }
            Request::Hello {
                conn,
                token_hash,
                v,
                reply,
            } => {
                let r = self.hello(conn, token_hash, v);
                if reply.send(r).is_err() {
                    self.leave(conn);
                }
            }
            Request::Resync { conn, reply } => {
                let _ = reply.send(self.resync(conn));
            }
            Request::Leave { conn } => self.leave(conn),
            Request::Act {
                conn,
                action,
                reply,
            } => {
                let _ = reply.send(self.act(conn, action).await);
            }
            Request::Join {
                hash,
                player,
                reply,
            } => {
                let _ = reply.send(self.on_join(hash, player).await);
            }
            Request::Snapshot { reply } => {
                let _ = reply.send(Box::new(self.snapshot()));
            }
            Request::History { from, to, reply } => match self.game.history(from, to) {
                HistorySource::Kept(h) => {
                    let _ = reply.send(Ok(h));
                }
                // Positions older than the room keeps are rebuilt on the blocking pool, and answered from
                // there, so that the room goes on meanwhile.
                HistorySource::Replay {
                    variant,
                    moves,
                    from,
                    to,
                } => {
                    tokio::spawn(async move {
                        let replayed = tokio::task::spawn_blocking(move || {
                            replay_history(variant, &moves, from, to)
                        })
                        .await;
                        let _ = reply.send(replayed.unwrap_or_else(|e| {
                            Err(AppError::Internal(format!(
                                "replaying the game failed: {e}"
                            )))
                        }));
                    });
                }
            },
            Request::Record { reply } => {
                let _ = reply.send(self.game.record());
            }
            Request::Since { v, reply } => {
                let _ = reply.send(self.log.since(v).map(|evs| evs.cloned().collect()));
            }
        }
    }

    /// Hands a player's action to its handler.
    async fn act(&mut self, conn: u64, action: Action) -> ActionReply {
        match action {
            Action::Move { ply, mv } => self.on_move(conn, ply, &mv).await,
            Action::Resign => self.on_resign(conn).await,
            Action::Rematch => self.on_rematch(conn).await,
            Action::Abort => self.on_abort(conn).await,
            Action::Takeback => self.on_takeback(conn).await,
            Action::TakebackDecline => self.on_decline_takeback(conn).await,
            Action::Say { phrase } => self.on_say(conn, phrase),
        }
    }

    pub(super) fn snapshot(&self) -> bao_protocol::Snapshot {
        self.game.snapshot(
            self.log.v(),
            &self.crowd,
            self.deps.public_url.as_deref(),
            self.deps.store.time().now(),
        )
    }

    /// Serialises `msg` once and publishes it to everybody.
    pub(super) fn publish(&mut self, msg: &ServerMsg) -> std::sync::Arc<super::Event> {
        self.log.publish(Utf8Bytes::from(msg.to_json()), None)
    }

    pub(super) fn publish_presence(&mut self) {
        let msg = ServerMsg::Presence(Presence {
            v: self.log.next_v(),
            south: self.crowd.online(Side::South),
            north: self.crowd.online(Side::North),
            watchers: self.crowd.watchers(),
            status: self.game.status,
            seats: self.game.seats(&self.crowd),
        });
        self.crowd.published(now());
        self.publish(&msg);
    }

    fn on_presence(&mut self, due: Due) {
        if due == Due::Now {
            self.publish_presence();
        }
    }

    /// The missed events, or a snapshot (and, for a player who missed it, the rematch with their token).
    fn catch_up(&self, client_v: u64, seat: Option<Side>) -> Vec<Utf8Bytes> {
        if let Some(missed) = self.log.replay(client_v, seat, self.deps.limits.max_replay) {
            return missed;
        }
        let snapshot = ServerMsg::Snapshot {
            game: Box::new(self.snapshot()),
        };
        let mut out = vec![Utf8Bytes::from(snapshot.to_json())];
        if let (Some(ev), Some(_)) = (&self.game.rematch_event, seat) {
            out.push(ev.text_for(seat));
        }
        out
    }

    fn hello(&mut self, conn: u64, token_hash: Option<String>, client_v: u64) -> Greeting {
        let seat = token_hash
            .as_deref()
            .and_then(|h| self.game.seat_of_hash(h));
        let token_rejected = token_hash.is_some() && seat.is_none();
        let due = self.crowd.enter(conn, seat, now());
        let welcome = ServerMsg::Welcome {
            you: You::from(seat),
            v: self.log.v(),
            online: Some(bao_protocol::Online {
                south: self.crowd.online(Side::South),
                north: self.crowd.online(Side::North),
                watchers: self.crowd.watchers(),
            }),
        };
        let mut messages = vec![Utf8Bytes::from(welcome.to_json())];
        messages.extend(self.catch_up(client_v, seat));
        // The messages bring the socket to this version; the receiver gets every event after it.
        let v = self.log.v();
        let rx = self.log.subscribe();
        self.on_presence(due);
        self.maybe_think();
        Greeting {
            you: seat,
            token_rejected,
            messages,
            v,
            rx,
        }
    }

    fn resync(&mut self, conn: u64) -> Greeting {
        let seat = self.crowd.seat_of(conn).flatten();
        Greeting {
            you: seat,
            token_rejected: false,
            messages: self.catch_up(0, seat),
            v: self.log.v(),
            rx: self.log.subscribe(),
        }
    }

    fn leave(&mut self, conn: u64) {
        let Some((seat, due)) = self.crowd.leave(conn, now()) else {
            return;
        };
        if let (Some(s), Some(computer)) = (seat, &self.computer) {
            if !self.crowd.human_online(s) && !self.game.is_computer(s) {
                // Nobody is left to see the computer's answer: stop its search now. The answer is dropped
                // and the search starts again when the human comes back.
                computer.stop();
            }
        }
        self.on_presence(due);
    }

    /// Saves the version, leaves the registry and drops queued commands (their senders retry with a freshly
    /// loaded room).
    async fn leave_memory(&mut self, rx: &mut mpsc::Receiver<Command>) {
        if let Some(c) = &self.computer {
            c.stop();
        }
        if let Some(at) = self.wake_deadline() {
            // A correspondence clock runs on while nobody looks: load the room again when it is due.
            self.rooms.wake_at(&self.game.id, at);
        }
        let v = self.log.v() as i64;
        if let Err(e) = self.deps.store.close_version(&self.game.id, v).await {
            tracing::warn!(game = %self.game.id, "cannot save version: {e}");
        }
        if self.deps.store.holds_lease(&self.game.id) {
            self.log.close_mirror();
        }
        // Otherwise another node owns the game now and its relays follow that node: this room's end is no
        // news to them (and would close every relayed socket of the game).
        self.rooms.forget(&self.game.id, self.generation);
        rx.close();
        while rx.try_recv().is_ok() {}
        self.deps.metrics.games_in_memory.dec();
        tracing::debug!(game = %self.game.id, "room left memory");
    }
}
