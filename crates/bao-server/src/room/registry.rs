//! The rooms in memory: one per game that someone uses, loaded from the database on demand, forgotten when
//! it leaves memory. Bounded by `--max-games`.

use std::collections::{BTreeSet, HashMap};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock, Weak};
use std::time::{Duration, Instant};

use tokio::sync::{mpsc, oneshot};

use super::actor::Room;
use super::handle::RoomHandle;
use super::nodes::Unanswered;
use super::request::{Request, RoomTx};
use super::RoomDeps;
use crate::error::AppError;
use crate::store::Owner;
use crate::tokens::valid_id;

/// The wake-up task: sleeps until the earliest deadline asked for, then loads that game's room.
async fn wake_rooms(inner: Weak<Inner>, mut rx: mpsc::UnboundedReceiver<(Instant, String)>) {
    let mut due: BTreeSet<(Instant, String)> = BTreeSet::new();
    loop {
        let first = due.first().map(|(at, _)| *at);
        let sleep = async {
            match first {
                Some(at) => tokio::time::sleep_until(at.into()).await,
                None => std::future::pending().await,
            }
        };
        tokio::select! {
            got = rx.recv() => match got {
                Some(w) => { due.insert(w); }
                None => return,
            },
            () = sleep => {
                let Some((_, id)) = due.pop_first() else { continue };
                let Some(inner) = inner.upgrade() else { return };
                let rooms = Rooms { inner };
                if let Err(e) = rooms.task(&id).await {
                    tracing::warn!(game = %id, "cannot load the game for its clock: {e}");
                }
            }
        }
    }
}

/// Tries of one request at most (a room that left memory, a game whose owner changes).
const ASK_ATTEMPTS: usize = 64;

/// How long shutting down waits for the rooms to finish their writes.
const CLOSE_WAIT: Duration = Duration::from_secs(10);

/// How long a node cut off from the others waits for its rooms' writes before it gives their leases up.
const GIVE_UP_WAIT: Duration = Duration::from_secs(1);

/// One running room task.
#[derive(Clone, Debug)]
pub(crate) struct RoomTask {
    /// Requests to the room.
    pub tx: RoomTx,
    /// Tells this task from a later room of the same game.
    pub generation: u64,
}

/// The registry of rooms (cheap to clone).
#[derive(Clone, Debug)]
pub struct Rooms {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    deps: RoomDeps,
    map: Mutex<HashMap<String, RoomTask>>,
    next_generation: AtomicU64,
    closing: AtomicBool,
    /// The task that loads rooms again at their clock's deadline (started with the first such room).
    wakes: OnceLock<mpsc::UnboundedSender<(Instant, String)>>,
}

impl Rooms {
    /// An empty registry whose rooms get `deps`.
    pub fn new(deps: RoomDeps) -> Rooms {
        Rooms {
            inner: Arc::new(Inner {
                deps,
                map: Mutex::new(HashMap::new()),
                next_generation: AtomicU64::new(1),
                closing: AtomicBool::new(false),
                wakes: OnceLock::new(),
            }),
        }
    }

    /// What rooms get.
    pub(super) fn deps(&self) -> &RoomDeps {
        &self.inner.deps
    }

    /// The handle of game `id`, unchecked: its first request answers `not_found` if there is no such game.
    pub fn handle_unchecked(&self, id: &str) -> RoomHandle {
        RoomHandle::new(id, self.clone())
    }

    /// The handle of game `id`, loading its room (or, in a cluster, finding its owner) so that a missing
    /// game is `not_found` now (before a socket is upgraded).
    pub async fn find(&self, id: &str) -> Result<RoomHandle, AppError> {
        self.ask(id, |reply| Request::Ping { reply }).await?;
        Ok(RoomHandle::new(id, self.clone()))
    }

    /// The running room of game `id` on this node, loading it from the database if it is not in memory;
    /// `unavailable` when another node holds the game.
    async fn task(&self, id: &str) -> Result<RoomTask, AppError> {
        if let Some(h) = self.lookup(id) {
            return Ok(h);
        }
        self.load(id).await?.ok_or(AppError::Unreachable)
    }

    /// Loads game `id`'s room here, unless another node holds the game's lease (`None`).
    async fn load(&self, id: &str) -> Result<Option<RoomTask>, AppError> {
        if self.inner.closing.load(Ordering::SeqCst) {
            return Err(AppError::Unavailable);
        }
        if !valid_id(id) {
            return Err(AppError::NotFound);
        }
        if self.cut_off() {
            // A node cut off from the others takes no game: nobody else could reach it there.
            return Err(AppError::Unavailable);
        }
        // With several nodes, only the node that holds the game's lease may run its room; the lease is taken
        // before the load, so that the load sees every write of the node before.
        if let Owner::Elsewhere(node) = self.inner.deps.store.take_lease(id).await? {
            tracing::debug!(game = %id, %node, "the game is played on another node");
            return Ok(None);
        }
        let Some((game, moves)) = self.inner.deps.store.load(id).await? else {
            return Err(AppError::NotFound);
        };
        // A counted rated game shows its change (a read); one that ended without being counted (its node
        // stopped between the two writes) is counted now. Only the latter writes: viewing old games does not
        // take the writer.
        let ratings = if game.rated && game.status == bao_protocol::Status::Finished {
            let store = &self.inner.deps.store;
            let counted = match store.game_ratings(id).await {
                Ok(Some(r)) => Ok(Some(r)),
                Ok(None) => store.settle_ratings(id).await,
                Err(e) => Err(e),
            };
            counted.unwrap_or_else(|e| {
                tracing::warn!(game = %id, "the ratings are counted later: {e}");
                None
            })
        } else {
            None
        };
        let generation = self.inner.next_generation.fetch_add(1, Ordering::Relaxed);
        let mut prepared = Room::from_rows(self.clone(), generation, game, moves)?;
        prepared.game.ratings = ratings;
        let task = {
            let mut map = self
                .inner
                .map
                .lock()
                .map_err(|_| AppError::Internal("room registry poisoned".into()))?;
            if let Some(h) = map.get(id) {
                if !h.tx.is_closed() {
                    // Someone else loaded it meanwhile; ours was never started.
                    return Ok(Some(h.clone()));
                }
            }
            if self.inner.closing.load(Ordering::SeqCst) {
                return Err(AppError::Unavailable);
            }
            if map.len() >= self.inner.deps.limits.max_rooms {
                return Err(AppError::Busy);
            }
            let task = prepared.spawn();
            map.insert(id.to_owned(), task.clone());
            task
        };
        if self.cut_off() || !self.inner.deps.store.holds_lease(id) {
            // The node was cut off while this room was loading, and gave its leases up after it had taken
            // this one (`give_up_when_cut`): the room must not run, as none of its writes could succeed.
            if let Ok(mut map) = self.inner.map.lock() {
                if map.get(id).is_some_and(|h| h.generation == task.generation) {
                    map.remove(id);
                }
            }
            let _ = task.tx.shutdown().await;
            self.inner.deps.store.release_lease(id);
            return Err(AppError::Unavailable);
        }
        if let Some(nodes) = &self.inner.deps.other_nodes {
            nodes.serve(id, task.tx.clone());
            // This node's sockets that followed the game through a relay reconnect to the room here.
            nodes.close_relay(id);
        }
        Ok(Some(task))
    }

    /// Whether this node is a cluster's node cut off from the others (from NATS).
    fn cut_off(&self) -> bool {
        self.inner
            .deps
            .other_nodes
            .as_ref()
            .is_some_and(|n| *n.cut_off().borrow())
    }

    /// Gives every game of this node up to the other nodes whenever this node is cut off from them (it lost
    /// NATS while its database may still be fine): its rooms are closed (their sockets, closed, reconnect:
    /// a load balancer sends them elsewhere, as `/healthz` fails) and its leases given back as expired, so
    /// that another node takes each game at its next request, and the games whose clock runs at once
    /// (`watch_orphans`). Until the link is back, this node loads no game (`load`). Runs until the cluster
    /// link ends.
    pub async fn give_up_when_cut(self) {
        let Some(nodes) = self.inner.deps.other_nodes.clone() else {
            return;
        };
        let mut cut = nodes.cut_off();
        loop {
            if cut.wait_for(|c| *c).await.is_err() {
                return;
            }
            tracing::warn!(
                "cut off from the other nodes (NATS): giving this node's games up to them"
            );
            // The writes under way finish first (briefly: the database answers), then the leases go.
            let games = self.stop_rooms(GIVE_UP_WAIT).await;
            tracing::info!(games, "gave this node's games up");
            self.inner.deps.store.give_up_leases().await;
            if cut.wait_for(|c| !*c).await.is_err() {
                return;
            }
            tracing::info!("the other nodes can be reached again: this node takes games again");
        }
    }

    /// Whether as many rooms are in memory as `--max-games` allows: a game created now could not be opened,
    /// so creating one is refused instead.
    pub fn is_full(&self) -> bool {
        self.inner
            .map
            .lock()
            .map_or(true, |map| map.len() >= self.inner.deps.limits.max_rooms)
    }

    fn lookup(&self, id: &str) -> Option<RoomTask> {
        let map = self.inner.map.lock().ok()?;
        map.get(id).filter(|h| !h.tx.is_closed()).cloned()
    }

    /// Removes the room of `id` from the registry if it is still the one of `generation`.
    pub(crate) fn forget(&self, id: &str, generation: u64) {
        if let Ok(mut map) = self.inner.map.lock() {
            if map.get(id).is_some_and(|h| h.generation == generation) {
                map.remove(id);
                // Under the registry's lock, so that a room loaded again takes the lease anew.
                self.inner.deps.store.release_lease(id);
            }
        }
    }

    /// Closes the room of each game whose lease this node lost (another node took it: `store/lease.rs`), so
    /// that its clients reconnect; runs until the store stops.
    pub async fn close_lost(self, mut lost: mpsc::UnboundedReceiver<String>) {
        while let Some(id) = lost.recv().await {
            let task = match self.inner.map.lock() {
                Ok(mut map) => map.remove(&id),
                Err(_) => None,
            };
            if let Some(task) = task {
                task.tx.shutdown().await;
            }
        }
    }

    /// Asks game `id`'s room the request `make` builds around a reply channel, and waits for its answer: the
    /// room here, loaded from the database if it is not in memory; in a cluster, the room of the node that
    /// owns the game.
    ///
    /// A room that left memory meanwhile is loaded again. When nobody answers for the game (its owner died
    /// or let the room go), this node takes the game's lease as soon as it has expired and loads the game:
    /// the request is made again with a growing pause, for at most twice the lease time and the request
    /// timeout. Requests are safe to repeat: a move carries its ply, and the same move for a ply already
    /// played gets the same answer.
    pub(crate) async fn ask<T>(
        &self,
        id: &str,
        make: impl Fn(oneshot::Sender<T>) -> Request,
    ) -> Result<T, AppError> {
        let nodes = self.inner.deps.other_nodes.as_deref();
        let lease = self.inner.deps.store.lease_time().unwrap_or_default();
        let give_up = tokio::time::Instant::now() + 2 * lease + Duration::from_secs(2);
        let mut pause = Duration::from_millis(20);
        for _ in 0..ASK_ATTEMPTS {
            if let Some(room) = self.lookup(id) {
                match room.tx.ask(&make).await {
                    Some(answer) => return Ok(answer),
                    None => {
                        self.forget(id, room.generation);
                        continue;
                    }
                }
            }
            if self.inner.closing.load(Ordering::SeqCst) {
                return Err(AppError::Unavailable);
            }
            if !valid_id(id) {
                return Err(AppError::NotFound);
            }
            if let Some(nodes) = nodes {
                let (reply, answer) = oneshot::channel();
                match nodes.forward(id, make(reply)).await {
                    Ok(()) => {
                        return answer.await.map_err(|_| {
                            AppError::Internal("the game's node gave no answer".into())
                        })
                    }
                    Err(Unanswered::NoOwner) => {}
                    Err(Unanswered::Broker(e)) => {
                        tracing::warn!(game = %id, "cannot reach the game's node: {e}");
                        return Err(AppError::Unreachable);
                    }
                }
            }
            if self.load(id).await?.is_some() {
                continue;
            }
            // Another node holds the lease. Without NATS this node cannot reach it; with NATS its room may be
            // starting, or the node died and its lease has yet to expire.
            if nodes.is_none() || tokio::time::Instant::now() >= give_up {
                return Err(AppError::Unreachable);
            }
            tokio::time::sleep(pause).await;
            pause = (pause * 2).min((lease / 4).max(Duration::from_millis(50)));
        }
        Err(AppError::Unreachable)
    }

    /// Connection `conn` closed: the game's room forgets it (nothing to do if the room is not in memory).
    pub(crate) async fn leave(&self, id: &str, conn: u64) {
        if let Some(room) = self.lookup(id) {
            room.tx.deliver(Request::Leave { conn }).await;
        } else if let Some(nodes) = &self.inner.deps.other_nodes {
            // No answer is waited for: a room gone meanwhile has forgotten the connection anyway.
            let _ = nodes.forward(id, Request::Leave { conn }).await;
        }
    }

    /// Takes over, every lease time, the games whose clock runs and whose owner died (its lease expired
    /// without being given back), so that their flags fall even when nobody comes to the game. Several
    /// nodes may try at once: the lease lets one of them have each game. Runs until the registry closes.
    pub async fn watch_orphans(self) {
        let Some(lease) = self.inner.deps.store.lease_time() else {
            return;
        };
        let mut every = tokio::time::interval(lease);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            every.tick().await;
            if self.inner.closing.load(Ordering::SeqCst) {
                return;
            }
            let ids = match self.inner.deps.store.orphans().await {
                Ok(ids) => ids,
                Err(e) => {
                    tracing::debug!("cannot look for games left by a dead node: {e}");
                    continue;
                }
            };
            for id in ids {
                if self.lookup(&id).is_some() {
                    continue;
                }
                match self.load(&id).await {
                    Ok(Some(_)) => tracing::info!(game = %id, "took over a game whose node died"),
                    Ok(None) => {}
                    Err(e) => {
                        tracing::debug!(game = %id, "cannot take over the game: {}", e.detail())
                    }
                }
            }
        }
    }

    /// Loads game `id`'s room again at `at` (a correspondence clock's deadline, when its room leaves
    /// memory): the room then ends the game if its time has run out. One timer for all such games.
    pub(crate) fn wake_at(&self, id: &str, at: Instant) {
        let tx = self.inner.wakes.get_or_init(|| {
            let (tx, rx) = mpsc::unbounded_channel();
            tokio::spawn(wake_rooms(Arc::downgrade(&self.inner), rx));
            tx
        });
        let _ = tx.send((at, id.to_owned()));
    }

    /// Loads up to `limit` unfinished games back into memory (at start-up), and every game whose clock runs
    /// (so that its timer runs again).
    pub async fn preload(&self, limit: usize) -> Result<usize, AppError> {
        let mut ids: Vec<String> = self.inner.deps.store.unfinished().await?;
        ids.truncate(limit);
        ids.extend(self.inner.deps.store.clocked_unfinished().await?);
        let mut n = 0;
        for id in &ids {
            if self.lookup(id).is_some() {
                continue;
            }
            match self.task(id).await {
                Ok(_) => n += 1,
                Err(e) => tracing::warn!(game = %id, "cannot load game: {e}"),
            }
        }
        Ok(n)
    }

    /// Stops every room after its current command, so that all writes are finished; new requests are
    /// refused with `unavailable`.
    pub async fn close_all(&self) {
        self.inner.closing.store(true, Ordering::SeqCst);
        self.stop_rooms(CLOSE_WAIT).await;
    }

    /// Takes every room out of the registry and stops each after its current command, waiting at most
    /// `wait` for their writes to finish; returns how many rooms there were.
    async fn stop_rooms(&self, wait: Duration) -> usize {
        let tasks: Vec<RoomTask> = match self.inner.map.lock() {
            Ok(mut map) => map.drain().map(|(_, h)| h).collect(),
            Err(_) => Vec::new(),
        };
        let stopped = tasks.len();
        // Ask all first, then wait: rooms finish their writes in parallel.
        let mut acks = Vec::with_capacity(stopped);
        for h in tasks {
            acks.extend(h.tx.shutdown().await);
        }
        let deadline = tokio::time::Instant::now() + wait;
        for rx in acks {
            let _ = tokio::time::timeout_at(deadline, rx).await;
        }
        stopped
    }
}
