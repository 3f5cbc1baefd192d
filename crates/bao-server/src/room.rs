//! One game room: a tokio task that owns the game's state. It is the only place a game changes.
//!
//! Sockets and HTTP handlers send it [`Command`]s; it validates moves with bao-core, writes to the database,
//! and only then publishes versioned [`Event`]s on a broadcast channel. It keeps the game's whole event log
//! (bounded) so that a client that reconnects gets exactly the events it missed.

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::ws::Utf8Bytes;
use bao_ai::Level;
use bao_core::{Move, Played, Position, Side, Variant};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use tokio::sync::{broadcast, mpsc, oneshot};

use crate::error::AppError;
use crate::record::{self, RecordInfo};
use crate::state::{AppState, RoomHandle};
use crate::store::{GameRow, MoveRow, MoveWrite};

/// Events kept in memory per room; a client further behind gets a snapshot.
const LOG_CAP: usize = 4096;
/// Unwritten versions (presence, offers) a room lets pile up before it writes its version.
const VERSION_SLACK: u64 = 512;
/// How far a room loaded after a crash skips ahead: more than `VERSION_SLACK`, so that no client can hold a
/// version the new room will use for another event.
const VERSION_SKIP: u64 = 2 * VERSION_SLACK;
/// Commands queued per room.
const COMMAND_CAP: usize = 64;
/// Watcher-count-only presence changes are published at most this often (a crowd arriving should not
/// flood every socket).
const WATCHER_PRESENCE_EVERY: Duration = Duration::from_secs(1);

/// A versioned event, as published on the room's broadcast channel.
#[derive(Debug)]
pub struct Event {
    /// Its version.
    pub v: u64,
    /// The JSON text for everybody.
    pub json: Utf8Bytes,
    /// Per-seat text (south, north) replacing `json` for the seat's holder: a rematch carries that player's
    /// new token.
    pub private: Option<[Utf8Bytes; 2]>,
}

impl Event {
    /// The text for a connection holding `seat` (`None`: spectator).
    pub fn text_for(&self, seat: Option<Side>) -> Utf8Bytes {
        match (&self.private, seat) {
            (Some(p), Some(s)) => p[s.index()].clone(),
            _ => self.json.clone(),
        }
    }
}

/// What a room answers to a `hello` (or a resynchronisation).
#[derive(Debug)]
pub struct HelloReply {
    /// The seat the token holds; `None` for spectators.
    pub you: Option<Side>,
    /// A token was given but holds no seat of this game.
    pub token_rejected: bool,
    /// Messages to send in order: `welcome`, then the missed events or one snapshot.
    pub messages: Vec<Utf8Bytes>,
    /// Events after those.
    pub rx: broadcast::Receiver<Arc<Event>>,
}

/// A room's answer to a socket's command.
#[derive(Debug)]
pub enum Reply {
    /// Nothing to send to the sender alone (events go out on the broadcast).
    Done,
    /// Send this to the sender only.
    Send(Utf8Bytes),
    /// An error for the sender: code and message.
    Error(&'static str, String),
}

/// A request to a room.
#[derive(Debug)]
pub enum Command {
    /// A socket says hello (again): register it, answer with what it missed.
    Hello {
        /// The connection.
        conn: u64,
        /// The seat token, if any.
        token: Option<String>,
        /// The last version the client has.
        v: u64,
        /// The answer.
        reply: oneshot::Sender<HelloReply>,
    },
    /// A socket lagged behind the broadcast: a snapshot and a new receiver.
    Resync {
        /// The connection.
        conn: u64,
        /// The answer (its `messages` hold one snapshot).
        reply: oneshot::Sender<HelloReply>,
    },
    /// A socket closed.
    Leave {
        /// The connection.
        conn: u64,
    },
    /// A move.
    Move {
        /// The connection.
        conn: u64,
        /// Moves played before it.
        ply: u64,
        /// Its notation.
        mv: String,
        /// The answer.
        reply: oneshot::Sender<Reply>,
    },
    /// A resignation.
    Resign {
        /// The connection.
        conn: u64,
        /// The answer.
        reply: oneshot::Sender<Reply>,
    },
    /// A rematch offer or acceptance.
    Rematch {
        /// The connection.
        conn: u64,
        /// The answer.
        reply: oneshot::Sender<Reply>,
    },
    /// `POST /api/games/{id}/join`: claim a free seat.
    Join {
        /// The seat and its token.
        reply: oneshot::Sender<Result<(Side, String), AppError>>,
    },
    /// The snapshot JSON.
    Snapshot {
        /// The answer.
        reply: oneshot::Sender<Value>,
    },
    /// The game record text.
    Record {
        /// The answer.
        reply: oneshot::Sender<String>,
    },
    /// Finish the current work and stop.
    Shutdown {
        /// Answered once stopped.
        reply: oneshot::Sender<()>,
    },
}

/// Who holds a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A person with a seat token.
    Human,
    /// The computer opponent.
    Computer,
}

impl Kind {
    /// `"human"` or `"computer"`.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Human => "human",
            Kind::Computer => "computer",
        }
    }
}

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// A seat is still free.
    Waiting,
    /// Both seats are held and the game goes on.
    Playing,
    /// The game has a result.
    Finished,
}

impl Status {
    /// The JSON name.
    pub fn name(self) -> &'static str {
        match self {
            Status::Waiting => "waiting",
            Status::Playing => "playing",
            Status::Finished => "finished",
        }
    }
}

/// How a game ended: the rules' reasons, or `resign`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The winner.
    pub winner: Side,
    /// `front_row_empty`, `no_legal_move` or `resign`.
    pub reason: String,
}

impl Outcome {
    fn json(&self) -> Value {
        json!({ "winner": self.winner.name(), "reason": self.reason })
    }
}

/// Hex SHA-256 of a seat token: the only form in which tokens are stored.
pub fn hash_token(token: &str) -> String {
    let digest = Sha256::digest(token.as_bytes());
    let mut s = String::with_capacity(64);
    for b in digest {
        s.push_str(&format!("{b:02x}"));
    }
    s
}

/// A new seat token (UUID v4: 122 random bits).
pub fn new_token() -> String {
    uuid::Uuid::new_v4().to_string()
}

/// A new game id: 12 base62 characters (71 random bits), URL-safe.
pub fn new_game_id() -> String {
    use rand::distr::{Alphanumeric, SampleString};
    Alphanumeric.sample_string(&mut rand::rng(), 12)
}

fn side_from(name: &str) -> Result<Side, AppError> {
    name.parse()
        .map_err(|_| AppError::Internal(format!("bad side {name:?} in the database")))
}

fn utf8(v: &Value) -> Utf8Bytes {
    Utf8Bytes::from(v.to_string())
}

/// The game state a room owns.
#[derive(Debug)]
pub struct Room {
    state: AppState,
    generation: u64,
    id: String,
    variant: Variant,
    created_at: i64,
    kinds: [Kind; 2],
    hashes: [Option<String>; 2],
    level: Option<Level>,
    status: Status,
    /// `positions[i]` is the position after `i` moves.
    positions: Vec<Position>,
    /// The legal moves of the last position, kept from playing the move: generating them can take long in
    /// rare positions (a never-ending candidate move takes time to tell apart), so it is done once.
    legal_now: Vec<Move>,
    moves: Vec<Move>,
    /// The `moved` event of each ply, for idempotent resends.
    moved: Vec<Utf8Bytes>,
    outcome: Option<Outcome>,
    v: u64,
    /// Events `base_v + 1 ..= v`, oldest first.
    log: VecDeque<Arc<Event>>,
    base_v: u64,
    tx: broadcast::Sender<Arc<Event>>,
    conns: HashMap<u64, Option<Side>>,
    online: [u32; 2],
    watchers: u32,
    /// Last published presence: south online, north online, watchers.
    shown_presence: (bool, bool, u32),
    presence_due: Option<Instant>,
    last_presence: Instant,
    idle_since: Option<Instant>,
    rematch_offer: Option<Side>,
    rematch_game: Option<String>,
    rematch_of: Option<String>,
    /// The rematch event (for everybody, then per seat) while the room lives.
    rematch_event: Option<Arc<Event>>,
    /// The stop flag of the computer's search while it runs.
    thinking: Option<Arc<AtomicBool>>,
    /// The version last written to the database.
    stored_v: u64,
    think_tx: mpsc::Sender<(u64, Option<Move>)>,
    think_rx: Option<mpsc::Receiver<(u64, Option<Move>)>>,
}

impl Room {
    /// A new game row (not yet stored) and the token of the creator's seat.
    pub fn new_game_row(
        variant: Variant,
        creator: Side,
        computer: Option<Level>,
    ) -> (GameRow, String) {
        let token = new_token();
        let mut kinds = [Kind::Human.name().to_owned(), Kind::Human.name().to_owned()];
        let mut hashes = [None, None];
        hashes[creator.index()] = Some(hash_token(&token));
        let status = if computer.is_some() {
            kinds[creator.opponent().index()] = Kind::Computer.name().to_owned();
            Status::Playing
        } else {
            Status::Waiting
        };
        let row = GameRow {
            id: new_game_id(),
            variant: variant.name().to_owned(),
            created_at: now(),
            kinds,
            token_hashes: hashes,
            level: computer.map(|l| l.name().to_owned()),
            status: status.name().to_owned(),
            result: None,
            v: 0,
            rematch_of: None,
            rematch_game: None,
            closed_v: None,
        };
        (row, token)
    }

    /// Rebuilds a room from the database, replaying its moves through bao-core.
    pub fn from_rows(
        state: AppState,
        generation: u64,
        game: GameRow,
        moves: Vec<MoveRow>,
    ) -> Result<Room, AppError> {
        let bad = |m: String| AppError::Internal(format!("game {}: {m}", game.id));
        let variant: Variant = game
            .variant
            .parse()
            .map_err(|_| bad(format!("unknown variant {:?}", game.variant)))?;
        let kind = |k: &str| match k {
            "computer" => Kind::Computer,
            _ => Kind::Human,
        };
        let kinds = [kind(&game.kinds[0]), kind(&game.kinds[1])];
        let level = match &game.level {
            Some(l) => Some(Level::parse(l).ok_or_else(|| bad(format!("unknown level {l:?}")))?),
            None => None,
        };
        let status = match game.status.as_str() {
            "waiting" => Status::Waiting,
            "playing" => Status::Playing,
            _ => Status::Finished,
        };
        let outcome = match &game.result {
            Some((w, r)) => Some(Outcome {
                winner: side_from(w)?,
                reason: r.clone(),
            }),
            None => None,
        };
        let (tx, _) = broadcast::channel(state.config().room_buffer.max(1));
        let (think_tx, think_rx) = mpsc::channel(2);
        let mut room = Room {
            state,
            generation,
            id: game.id.clone(),
            variant,
            created_at: game.created_at,
            kinds,
            hashes: game.token_hashes.clone(),
            level,
            status,
            positions: vec![Position::new(variant)],
            legal_now: Position::new(variant).legal_moves().to_vec(),
            moves: Vec::with_capacity(moves.len()),
            moved: Vec::with_capacity(moves.len()),
            outcome: None,
            v: 0,
            log: VecDeque::new(),
            base_v: 0,
            tx,
            conns: HashMap::new(),
            online: [0, 0],
            watchers: 0,
            shown_presence: (false, false, 0),
            presence_due: None,
            last_presence: Instant::now(),
            idle_since: Some(Instant::now()),
            rematch_offer: None,
            rematch_game: game.rematch_game.clone(),
            rematch_of: game.rematch_of.clone(),
            rematch_event: None,
            thinking: None,
            stored_v: 0,
            think_tx,
            think_rx: Some(think_rx),
        };
        for (i, m) in moves.iter().enumerate() {
            if m.ply != i as i64 {
                return Err(bad(format!("move {} stored as ply {}", i, m.ply)));
            }
            let mv: Move = m
                .notation
                .parse()
                .map_err(|e| bad(format!("stored move {:?}: {e}", m.notation)))?;
            let pos = room.position();
            let played = pos
                .play_full(mv)
                .map_err(|e| bad(format!("stored move {} at ply {i}: {e}", m.notation)))?;
            let by = pos.to_move();
            room.positions.push(played.position);
            room.legal_now = played.legal.to_vec();
            room.moves.push(mv);
            let ev = room.moved_json(m.v as u64, i as u64, by, mv, &played);
            room.moved.push(utf8(&ev));
        }
        room.outcome = outcome.or_else(|| {
            room.position().result().map(|r| Outcome {
                winner: r.winner,
                reason: r.reason.name().to_owned(),
            })
        });
        if room.outcome.is_some() {
            room.status = Status::Finished;
        }
        let stored = game.v.max(0) as u64;
        // After a crash, events after the last write (presence, offers) are lost but clients may hold their
        // versions: skip past them so that a version never means two events.
        room.v = if game.closed_v == Some(game.v) {
            stored
        } else {
            stored + VERSION_SKIP
        };
        room.base_v = room.v;
        room.stored_v = stored;
        room.shown_presence = room.presence_tuple();
        Ok(room)
    }

    /// Starts the room's task.
    pub fn spawn(self) -> RoomHandle {
        let (tx, rx) = mpsc::channel(COMMAND_CAP);
        let handle = RoomHandle {
            tx,
            generation: self.generation,
        };
        self.state
            .metrics()
            .games_in_memory
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        tokio::spawn(self.run(rx));
        handle
    }

    fn position(&self) -> Position {
        // `positions` always starts with the initial position, so it is never empty.
        self.positions
            .last()
            .copied()
            .unwrap_or_else(|| Position::new(self.variant))
    }

    fn legal(&self) -> Vec<String> {
        if self.status != Status::Playing {
            return Vec::new();
        }
        self.legal_now.iter().map(|m| m.to_string()).collect()
    }

    fn online(&self, side: Side) -> bool {
        self.kinds[side.index()] == Kind::Computer || self.online[side.index()] > 0
    }

    fn presence_tuple(&self) -> (bool, bool, u32) {
        (
            self.online(Side::South),
            self.online(Side::North),
            self.watchers,
        )
    }

    fn seats_json(&self) -> Value {
        let seat = |s: Side| {
            let i = s.index();
            json!({
                "taken": self.kinds[i] == Kind::Computer || self.hashes[i].is_some(),
                "online": self.online(s),
                "kind": self.kinds[i].name(),
            })
        };
        json!({ "south": seat(Side::South), "north": seat(Side::North) })
    }

    fn snapshot(&self) -> Value {
        json!({
            "id": self.id,
            "variant": self.variant.name(),
            "status": self.status.name(),
            "seats": self.seats_json(),
            "position": self.position(),
            "moves": self.moves.iter().map(|m| m.to_string()).collect::<Vec<_>>(),
            "legal": self.legal(),
            "result": self.outcome.as_ref().map(Outcome::json),
            "v": self.v,
            "watchers": self.watchers,
            "level": self.level.map(Level::name),
            "rematch": {
                "offered_by": self.rematch_offer.map(Side::name),
                "game": self.rematch_game,
            },
            "rematch_of": self.rematch_of,
            "created_at": self.created_at,
            // Every position of the game (`history[i]`: after i moves), so that a page opened mid-game can
            // step back through it without knowing the rules.
            "history": &self.positions,
            "share_url": self.state.config().public_url.as_ref().map(|base| {
                format!("{}/g/{}", base.trim_end_matches('/'), self.id)
            }),
        })
    }

    fn moved_json(&self, v: u64, ply: u64, by: Side, mv: Move, played: &Played) -> Value {
        let after = &played.position;
        let trace = &played.trace;
        let legal: Vec<String> = played.legal.iter().map(|m| m.to_string()).collect();
        json!({
            "t": "moved",
            "v": v,
            "ply": ply,
            "by": by.name(),
            "move": mv.to_string(),
            "trace": trace,
            "position": after,
            "legal": legal,
            "result": after.result(),
        })
    }

    /// Appends an event to the log and publishes it. Its version must be `self.v + 1`.
    fn publish(&mut self, json: Utf8Bytes, private: Option<[Utf8Bytes; 2]>) -> Arc<Event> {
        self.v += 1;
        let ev = Arc::new(Event {
            v: self.v,
            json,
            private,
        });
        self.log.push_back(ev.clone());
        while self.log.len() > LOG_CAP {
            self.log.pop_front();
            self.base_v += 1;
        }
        // No receivers is fine: nobody is connected.
        let _ = self.tx.send(ev.clone());
        ev
    }

    fn publish_presence(&mut self) {
        self.presence_due = None;
        self.last_presence = Instant::now();
        self.shown_presence = self.presence_tuple();
        let ev = json!({
            "t": "presence",
            "v": self.v + 1,
            "south": self.online(Side::South),
            "north": self.online(Side::North),
            "watchers": self.watchers,
            "status": self.status.name(),
            "seats": self.seats_json(),
        });
        self.publish(utf8(&ev), None);
    }

    /// Publishes presence now if a seat's state changed, or soon if only the watcher count did.
    fn presence_changed(&mut self) {
        let now = self.presence_tuple();
        if now == self.shown_presence {
            return;
        }
        if now.0 != self.shown_presence.0 || now.1 != self.shown_presence.1 {
            self.publish_presence();
        } else if self.presence_due.is_none() {
            self.presence_due = Some(self.last_presence + WATCHER_PRESENCE_EVERY);
        }
    }

    fn seat_of(&self, token: &str) -> Option<Side> {
        let h = hash_token(token);
        Side::ALL
            .into_iter()
            .find(|s| self.hashes[s.index()].as_deref() == Some(h.as_str()))
    }

    fn register(&mut self, conn: u64, seat: Option<Side>) {
        if let Some(prev) = self.conns.insert(conn, seat) {
            self.unregister_counts(prev);
        }
        match seat {
            Some(s) => self.online[s.index()] += 1,
            None => self.watchers += 1,
        }
        self.idle_since = None;
    }

    fn unregister_counts(&mut self, seat: Option<Side>) {
        match seat {
            Some(s) => self.online[s.index()] = self.online[s.index()].saturating_sub(1),
            None => self.watchers = self.watchers.saturating_sub(1),
        }
        if let (Some(s), Some(stop)) = (seat, &self.thinking) {
            if self.online[s.index()] == 0 && self.kinds[s.index()] == Kind::Human {
                // Nobody is left to see the computer's answer: stop its search now. The answer is dropped
                // and the search starts again when the human comes back.
                stop.store(true, Ordering::Relaxed);
            }
        }
    }

    fn catch_up(&self, client_v: u64, seat: Option<Side>) -> Vec<Utf8Bytes> {
        let mut out = Vec::new();
        let replayable = client_v != 0
            && client_v >= self.base_v
            && client_v <= self.v
            && self.v - client_v <= self.state.config().max_replay;
        if replayable {
            let skip = (client_v - self.base_v) as usize;
            out.extend(self.log.iter().skip(skip).map(|e| e.text_for(seat)));
        } else {
            out.push(utf8(&json!({ "t": "snapshot", "game": self.snapshot() })));
            // A player who missed the rematch still needs its new token.
            if let (Some(ev), Some(_)) = (&self.rematch_event, seat) {
                out.push(ev.text_for(seat));
            }
        }
        out
    }

    fn hello(&mut self, conn: u64, token: Option<String>, client_v: u64) -> HelloReply {
        let seat = token.as_deref().and_then(|t| self.seat_of(t));
        let token_rejected = token.is_some() && seat.is_none();
        self.register(conn, seat);
        let you = seat.map_or("spectator", Side::name);
        let mut messages = vec![utf8(&json!({ "t": "welcome", "you": you, "v": self.v }))];
        messages.extend(self.catch_up(client_v, seat));
        let rx = self.tx.subscribe();
        self.presence_changed();
        self.maybe_think();
        HelloReply {
            you: seat,
            token_rejected,
            messages,
            rx,
        }
    }

    fn resync(&mut self, conn: u64) -> HelloReply {
        let seat = self.conns.get(&conn).copied().flatten();
        HelloReply {
            you: seat,
            token_rejected: false,
            messages: self.catch_up(0, seat),
            rx: self.tx.subscribe(),
        }
    }

    fn leave(&mut self, conn: u64) {
        if let Some(seat) = self.conns.remove(&conn) {
            self.unregister_counts(seat);
            self.presence_changed();
        }
        if self.conns.is_empty() {
            self.idle_since = Some(Instant::now());
        }
    }

    async fn on_move(&mut self, conn: u64, ply: u64, text: &str) -> Reply {
        let Some(seat) = self.conns.get(&conn).copied().flatten() else {
            return Reply::Error(
                "not_a_player",
                "only the players can move; you are watching".into(),
            );
        };
        let legal_list = || {
            let l = self.legal();
            if l.is_empty() {
                "none".to_owned()
            } else {
                l.join(" ")
            }
        };
        let Ok(mv) = text.parse::<Move>() else {
            return Reply::Error(
                "illegal_move",
                format!("{text:?} is not a move; legal moves: {}", legal_list()),
            );
        };
        let played = self.moves.len() as u64;
        if ply < played {
            let idx = ply as usize;
            let mover = self.positions.get(idx).map(Position::to_move);
            if self.moves.get(idx) == Some(&mv) && mover == Some(seat) {
                if let Some(ev) = self.moved.get(idx) {
                    return Reply::Send(ev.clone());
                }
            }
            return Reply::Error(
                "stale_ply",
                format!("ply {ply} was already played; the game is at ply {played}"),
            );
        }
        if self.status == Status::Finished {
            return Reply::Error("game_over", "the game is over".into());
        }
        if ply > played {
            return Reply::Error(
                "stale_ply",
                format!("ply {ply} is ahead of the game, which is at ply {played}"),
            );
        }
        if self.status == Status::Waiting {
            return Reply::Error("not_your_turn", "waiting for an opponent to join".into());
        }
        if self.position().to_move() != seat {
            return Reply::Error(
                "not_your_turn",
                format!("it is {}'s turn", self.position().to_move().name()),
            );
        }
        match self.apply_move(seat, mv).await {
            Ok(()) => Reply::Done,
            Err(e) => e,
        }
    }

    /// Plays a move (human or computer): write it, then publish `moved` (and `ended`).
    async fn apply_move(&mut self, by: Side, mv: Move) -> Result<(), Reply> {
        let started = Instant::now();
        let pos = self.position();
        // On the blocking pool: a move is quick, but telling a never-ending candidate move apart can take
        // seconds in rare positions, and that must not hold up the other games on this worker.
        let played = tokio::task::spawn_blocking(move || pos.play_full(mv))
            .await
            .map_err(|e| {
                tracing::error!(game = %self.id, "move validation failed: {e}");
                Reply::Error(
                    "internal",
                    "the move could not be checked; try again".into(),
                )
            })?
            .map_err(|e| Reply::Error("illegal_move", e.to_string()))?;
        let next = played.position;
        let ply = self.moves.len() as u64;
        let move_v = self.v + 1;
        let outcome = next.result().map(|r| Outcome {
            winner: r.winner,
            reason: r.reason.name().to_owned(),
        });
        let game_v = if outcome.is_some() {
            move_v + 1
        } else {
            move_v
        };
        let status = if outcome.is_some() {
            Status::Finished
        } else {
            Status::Playing
        };
        let res = outcome
            .as_ref()
            .map(|o| (o.winner.name(), o.reason.as_str()));
        let notation = mv.to_string();
        if let Err(e) = self
            .state
            .store()
            .insert_move(
                &self.id,
                &MoveWrite {
                    ply: ply as i64,
                    notation: &notation,
                    move_v: move_v as i64,
                    game_v: game_v as i64,
                    status: status.name(),
                    result: res,
                },
            )
            .await
        {
            tracing::error!(game = %self.id, "cannot store move: {e}");
            return Err(Reply::Error(
                "internal",
                "the move could not be saved; try again".into(),
            ));
        }
        self.stored_v = game_v;
        let ev = self.moved_json(move_v, ply, by, mv, &played);
        let text = utf8(&ev);
        self.positions.push(next);
        self.legal_now = played.legal.to_vec();
        self.moves.push(mv);
        self.moved.push(text.clone());
        self.status = status;
        self.publish(text, None);
        if let Some(o) = outcome {
            self.end(o);
        }
        let m = self.state.metrics();
        m.moves_total
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        m.observe_move(started.elapsed());
        self.maybe_think();
        Ok(())
    }

    fn end(&mut self, o: Outcome) {
        self.status = Status::Finished;
        let ev = json!({ "t": "ended", "v": self.v + 1, "result": o.json() });
        self.outcome = Some(o);
        self.publish(utf8(&ev), None);
    }

    async fn on_resign(&mut self, conn: u64) -> Reply {
        let Some(seat) = self.conns.get(&conn).copied().flatten() else {
            return Reply::Error("not_a_player", "only the players can resign".into());
        };
        if self.status == Status::Finished {
            return Reply::Error("game_over", "the game is over".into());
        }
        let o = Outcome {
            winner: seat.opponent(),
            reason: "resign".into(),
        };
        if let Err(e) = self
            .state
            .store()
            .finish(&self.id, o.winner.name(), &o.reason, (self.v + 1) as i64)
            .await
        {
            tracing::error!(game = %self.id, "cannot store resignation: {e}");
            return Reply::Error("internal", "the resignation could not be saved".into());
        }
        self.stored_v = self.v + 1;
        self.end(o);
        Reply::Done
    }

    async fn on_rematch(&mut self, conn: u64) -> Reply {
        let Some(seat) = self.conns.get(&conn).copied().flatten() else {
            return Reply::Error(
                "not_a_player",
                "only the players can ask for a rematch".into(),
            );
        };
        if self.status != Status::Finished {
            return Reply::Error(
                "bad_message",
                "a rematch can be offered once the game is over".into(),
            );
        }
        if let Some(ev) = &self.rematch_event {
            return Reply::Send(ev.text_for(Some(seat)));
        }
        if let Some(game) = &self.rematch_game {
            // Agreed before this room was loaded: the tokens were sent then and are not kept.
            return Reply::Error(
                "bad_message",
                format!("the rematch was already agreed: game {game}"),
            );
        }
        let other = seat.opponent();
        let accepted =
            self.rematch_offer == Some(other) || self.kinds[other.index()] == Kind::Computer;
        if !accepted {
            if self.rematch_offer == Some(seat) {
                return Reply::Done;
            }
            self.rematch_offer = Some(seat);
            let ev = json!({ "t": "rematch", "v": self.v + 1, "offered_by": seat.name() });
            self.publish(utf8(&ev), None);
            return Reply::Done;
        }
        // Sides swap: whoever held south holds north in the new game.
        let mut kinds = [String::new(), String::new()];
        let mut hashes = [None, None];
        let mut tokens: [Option<String>; 2] = [None, None];
        for s in Side::ALL {
            let new_side = s.opponent();
            kinds[new_side.index()] = self.kinds[s.index()].name().to_owned();
            if self.kinds[s.index()] == Kind::Human {
                let t = new_token();
                hashes[new_side.index()] = Some(hash_token(&t));
                tokens[s.index()] = Some(t);
            }
        }
        let row = GameRow {
            id: new_game_id(),
            variant: self.variant.name().to_owned(),
            created_at: now(),
            kinds,
            token_hashes: hashes,
            level: self.level.map(|l| l.name().to_owned()),
            status: Status::Playing.name().to_owned(),
            result: None,
            v: 0,
            rematch_of: Some(self.id.clone()),
            rematch_game: None,
            closed_v: None,
        };
        let v = self.v + 1;
        if let Err(e) = self
            .state
            .store()
            .insert_rematch(&self.id, v as i64, &row)
            .await
        {
            tracing::error!(game = %self.id, "cannot store rematch: {e}");
            return Reply::Error("internal", "the rematch could not be created".into());
        }
        self.stored_v = v;
        self.state
            .metrics()
            .games_created_total
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let public = json!({ "t": "rematch", "v": v, "game": row.id });
        let private = Side::ALL.map(|s| {
            let mut ev = json!({
                "t": "rematch",
                "v": v,
                "game": row.id,
                "seat": s.opponent().name(),
                "url": format!("/g/{}", row.id),
            });
            if let Some(t) = &tokens[s.index()] {
                ev["token"] = Value::String(t.clone());
            }
            utf8(&ev)
        });
        self.rematch_offer = None;
        self.rematch_game = Some(row.id.clone());
        let ev = self.publish(utf8(&public), Some(private));
        self.rematch_event = Some(ev);
        Reply::Done
    }

    async fn on_join(&mut self) -> Result<(Side, String), AppError> {
        if self.status == Status::Finished {
            return Err(AppError::GameOver);
        }
        let Some(seat) = Side::ALL
            .into_iter()
            .find(|s| self.kinds[s.index()] == Kind::Human && self.hashes[s.index()].is_none())
        else {
            return Err(AppError::SeatTaken);
        };
        let token = new_token();
        let hash = hash_token(&token);
        let both = Side::ALL.into_iter().all(|s| {
            s == seat || self.kinds[s.index()] == Kind::Computer || self.hashes[s.index()].is_some()
        });
        let status = if both {
            Status::Playing
        } else {
            Status::Waiting
        };
        self.state
            .store()
            .claim_seat(
                &self.id,
                seat.index(),
                &hash,
                status.name(),
                (self.v + 1) as i64,
            )
            .await?;
        self.stored_v = self.v + 1;
        self.hashes[seat.index()] = Some(hash);
        self.status = status;
        self.publish_presence();
        Ok((seat, token))
    }

    fn record(&self) -> String {
        let seat = |s: Side| match self.kinds[s.index()] {
            Kind::Computer => format!("computer ({})", self.level.map_or("medium", Level::name)),
            Kind::Human if self.hashes[s.index()].is_some() => "human".to_owned(),
            Kind::Human => "free".to_owned(),
        };
        let result = match &self.outcome {
            Some(o) => format!("{} wins ({})", o.winner.name(), o.reason),
            None => "*".to_owned(),
        };
        let moves: Vec<String> = self.moves.iter().map(|m| m.to_string()).collect();
        record::format(&RecordInfo {
            id: &self.id,
            variant: self.variant.name(),
            created_at: self.created_at,
            south: seat(Side::South),
            north: seat(Side::North),
            result,
            moves: &moves,
        })
    }

    /// Starts the computer's search if it is to move and a human is there to see it.
    fn maybe_think(&mut self) {
        if self.thinking.is_some() || self.status != Status::Playing {
            return;
        }
        let pos = self.position();
        let side = pos.to_move();
        if self.kinds[side.index()] != Kind::Computer {
            return;
        }
        let human = side.opponent();
        if self.online[human.index()] == 0 {
            return;
        }
        let stop = Arc::new(AtomicBool::new(false));
        self.thinking = Some(Arc::clone(&stop));
        let level = self.level.unwrap_or(Level::Medium);
        let ply = self.moves.len() as u64;
        // Deterministic per game and ply, so a replayed game is played the same way.
        let seed = u64::from_le_bytes(
            Sha256::digest(self.id.as_bytes())[..8]
                .try_into()
                .unwrap_or([0; 8]),
        ) ^ ply;
        let tx = self.think_tx.clone();
        let state = self.state.clone();
        tokio::spawn(async move {
            // Wait for a free search slot (`--computer-threads`); a search whose human left meanwhile is not
            // started.
            let Ok(permit) = state.computer_permits().acquire_owned().await else {
                return;
            };
            if stop.load(Ordering::Relaxed) {
                let _ = tx.try_send((ply, None));
                return;
            }
            let _ = tokio::task::spawn_blocking(move || {
                let running = &state.metrics().computer_searches;
                running.fetch_add(1, Ordering::Relaxed);
                // A panicking search must not leave the room waiting forever: it then plays a fallback move.
                let mv =
                    std::panic::catch_unwind(|| bao_ai::choose_move(&pos, level, seed, Some(stop)))
                        .ok()
                        .flatten();
                running.fetch_sub(1, Ordering::Relaxed);
                drop(permit);
                let _ = tx.try_send((ply, mv));
            })
            .await;
        });
    }

    async fn on_computer_move(&mut self, ply: u64, mv: Option<Move>) {
        let Some(stop) = self.thinking.take() else {
            return;
        };
        if stop.load(Ordering::Relaxed) {
            // Cut short because the human left: think again, in full, when they are back.
            self.maybe_think();
            return;
        }
        if self.status != Status::Playing || ply != self.moves.len() as u64 {
            return;
        }
        let pos = self.position();
        if self.kinds[pos.to_move().index()] != Kind::Computer {
            return;
        }
        let mv = match mv.filter(|m| self.legal_now.contains(m)) {
            Some(m) => m,
            None => {
                tracing::error!(game = %self.id, "the computer gave no legal move; playing the first");
                match self.legal_now.first() {
                    Some(m) => *m,
                    None => return,
                }
            }
        };
        if let Err(Reply::Error(code, msg)) = self.apply_move(pos.to_move(), mv).await {
            tracing::error!(game = %self.id, "computer move refused: {code}: {msg}");
        }
    }

    fn idle_limit(&self) -> Duration {
        let secs = self.state.config().room_idle_secs;
        if self.status == Status::Finished {
            Duration::from_secs(secs.min(60))
        } else {
            Duration::from_secs(secs)
        }
    }

    fn next_deadline(&self) -> Option<Instant> {
        let idle = self.idle_since.map(|t| t + self.idle_limit());
        match (idle, self.presence_due) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    async fn run(mut self, mut rx: mpsc::Receiver<Command>) {
        let mut think_rx = match self.think_rx.take() {
            Some(r) => r,
            None => mpsc::channel(1).1,
        };
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
                    self.raise_version_if_far().await;
                }
                Some((ply, mv)) = think_rx.recv() => self.on_computer_move(ply, mv).await,
                () = sleep => {
                    let now = Instant::now();
                    if self.presence_due.is_some_and(|d| d <= now) {
                        self.presence_due = None;
                        // Watchers who came and went within the second change nothing.
                        if self.presence_tuple() != self.shown_presence {
                            self.publish_presence();
                            self.raise_version_if_far().await;
                        }
                    }
                    if self.idle_since.is_some_and(|t| t + self.idle_limit() <= now) {
                        self.leave_memory(&mut rx).await;
                        return;
                    }
                }
            }
        }
        self.leave_memory(&mut rx).await;
    }

    /// Writes the version once enough unwritten events piled up, so that a crash loses a bounded number.
    async fn raise_version_if_far(&mut self) {
        if self.v < self.stored_v + VERSION_SLACK {
            return;
        }
        match self
            .state
            .store()
            .raise_version(&self.id, self.v as i64)
            .await
        {
            Ok(()) => self.stored_v = self.v,
            Err(e) => tracing::warn!(game = %self.id, "cannot save version: {e}"),
        }
    }

    /// Handles one command; returns the shutdown acknowledgement when the room must stop.
    async fn handle(&mut self, cmd: Command) -> Option<oneshot::Sender<()>> {
        match cmd {
            Command::Hello {
                conn,
                token,
                v,
                reply,
            } => {
                let r = self.hello(conn, token, v);
                if reply.send(r).is_err() {
                    self.leave(conn);
                }
            }
            Command::Resync { conn, reply } => {
                let _ = reply.send(self.resync(conn));
            }
            Command::Leave { conn } => self.leave(conn),
            Command::Move {
                conn,
                ply,
                mv,
                reply,
            } => {
                let r = self.on_move(conn, ply, &mv).await;
                let _ = reply.send(r);
            }
            Command::Resign { conn, reply } => {
                let r = self.on_resign(conn).await;
                let _ = reply.send(r);
            }
            Command::Rematch { conn, reply } => {
                let r = self.on_rematch(conn).await;
                let _ = reply.send(r);
            }
            Command::Join { reply } => {
                let r = self.on_join().await;
                let _ = reply.send(r);
            }
            Command::Snapshot { reply } => {
                let _ = reply.send(self.snapshot());
            }
            Command::Record { reply } => {
                let _ = reply.send(self.record());
            }
            Command::Shutdown { reply } => return Some(reply),
        }
        None
    }

    /// Saves the version, leaves the registry and drops queued commands (their senders retry with a freshly
    /// loaded room).
    async fn leave_memory(&mut self, rx: &mut mpsc::Receiver<Command>) {
        if let Some(stop) = self.thinking.take() {
            stop.store(true, Ordering::Relaxed);
        }
        if let Err(e) = self
            .state
            .store()
            .close_version(&self.id, self.v as i64)
            .await
        {
            tracing::warn!(game = %self.id, "cannot save version: {e}");
        }
        self.state.forget(&self.id, self.generation);
        rx.close();
        while rx.try_recv().is_ok() {}
        self.state
            .metrics()
            .games_in_memory
            .fetch_sub(1, std::sync::atomic::Ordering::Relaxed);
        tracing::debug!(game = %self.id, "room left memory");
    }
}

/// Unix seconds now.
pub fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}
