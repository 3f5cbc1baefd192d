//! Shared server state: configuration, the database, the registry of rooms in memory, metrics.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::sync::{mpsc, oneshot, watch, Semaphore};

use crate::config::Config;
use crate::error::AppError;
use crate::metrics::Metrics;
use crate::room::{self, Command};
use crate::store::Store;

/// A way to reach a room task.
#[derive(Clone, Debug)]
pub struct RoomHandle {
    /// Commands to the room.
    pub tx: mpsc::Sender<Command>,
    /// Tells this handle from a later room of the same game.
    pub generation: u64,
}

/// The state every handler shares (cheap to clone).
#[derive(Clone, Debug)]
pub struct AppState {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    config: Config,
    store: Store,
    metrics: Metrics,
    rooms: Mutex<HashMap<String, RoomHandle>>,
    next_generation: AtomicU64,
    next_conn: AtomicU64,
    closing: AtomicBool,
    shutdown: watch::Receiver<bool>,
    create_buckets: Mutex<HashMap<IpAddr, Bucket>>,
    /// Permits for computer searches (`--computer-threads`).
    computer_permits: Arc<Semaphore>,
}

/// A token bucket.
#[derive(Clone, Copy, Debug)]
pub struct Bucket {
    tokens: f64,
    last: Instant,
}

impl Bucket {
    /// A full bucket.
    pub fn full(burst: f64) -> Bucket {
        Bucket {
            tokens: burst,
            last: Instant::now(),
        }
    }

    /// Takes one token if there is one, refilling at `rate` per second up to `burst`.
    pub fn take(&mut self, rate: f64, burst: f64) -> bool {
        let now = Instant::now();
        let dt = now.duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + dt * rate).min(burst);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// Whether `id` has the shape of a game id (so that junk never reaches the database).
pub fn valid_id(id: &str) -> bool {
    (8..=32).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_alphanumeric())
}

impl AppState {
    /// State around an opened store.
    pub fn new(config: Config, store: Store, shutdown: watch::Receiver<bool>) -> AppState {
        let computer_threads = match config.computer_threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            n => n,
        };
        AppState {
            inner: Arc::new(Inner {
                config,
                store,
                metrics: Metrics::default(),
                rooms: Mutex::new(HashMap::new()),
                next_generation: AtomicU64::new(1),
                next_conn: AtomicU64::new(1),
                closing: AtomicBool::new(false),
                shutdown,
                create_buckets: Mutex::new(HashMap::new()),
                computer_permits: Arc::new(Semaphore::new(computer_threads)),
            }),
        }
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.inner.config
    }

    /// The database.
    pub fn store(&self) -> &Store {
        &self.inner.store
    }

    /// The metrics.
    pub fn metrics(&self) -> &Metrics {
        &self.inner.metrics
    }

    /// The permits a computer search must hold while it runs.
    pub fn computer_permits(&self) -> Arc<Semaphore> {
        Arc::clone(&self.inner.computer_permits)
    }

    /// Becomes `true` when the server shuts down.
    pub fn shutdown_signal(&self) -> watch::Receiver<bool> {
        self.inner.shutdown.clone()
    }

    /// A fresh connection id.
    pub fn next_conn_id(&self) -> u64 {
        self.inner.next_conn.fetch_add(1, Ordering::Relaxed)
    }

    /// Whether `ip` may create another game now.
    pub fn allow_create(&self, ip: IpAddr) -> bool {
        let rate = self.inner.config.create_per_minute / 60.0;
        let burst = self.inner.config.create_per_minute.max(1.0);
        let Ok(mut buckets) = self.inner.create_buckets.lock() else {
            return true;
        };
        if buckets.len() > 10_000 {
            // Forget addresses whose bucket has refilled: they are as good as new.
            let full_after = Duration::from_secs_f64(burst / rate.max(1e-9));
            buckets.retain(|_, b| b.last.elapsed() < full_after);
        }
        buckets
            .entry(ip)
            .or_insert_with(|| Bucket::full(burst))
            .take(rate, burst)
    }

    /// The room of game `id`, loading it from the database if it is not in memory.
    pub async fn room(&self, id: &str) -> Result<RoomHandle, AppError> {
        if self.inner.closing.load(Ordering::SeqCst) {
            return Err(AppError::Unavailable);
        }
        if let Some(h) = self.lookup(id) {
            return Ok(h);
        }
        if !valid_id(id) {
            return Err(AppError::NotFound);
        }
        let Some((game, moves)) = self.inner.store.load(id).await? else {
            return Err(AppError::NotFound);
        };
        let generation = self.inner.next_generation.fetch_add(1, Ordering::Relaxed);
        let prepared = room::Room::from_rows(self.clone(), generation, game, moves)?;
        let mut rooms = self
            .inner
            .rooms
            .lock()
            .map_err(|_| AppError::Internal("room registry poisoned".into()))?;
        if let Some(h) = rooms.get(id) {
            if !h.tx.is_closed() {
                // Someone else loaded it meanwhile; ours was never started.
                return Ok(h.clone());
            }
        }
        if self.inner.closing.load(Ordering::SeqCst) {
            return Err(AppError::Unavailable);
        }
        if rooms.len() >= self.inner.config.max_rooms {
            return Err(AppError::Busy);
        }
        let handle = prepared.spawn();
        rooms.insert(id.to_owned(), handle.clone());
        Ok(handle)
    }

    fn lookup(&self, id: &str) -> Option<RoomHandle> {
        let rooms = self.inner.rooms.lock().ok()?;
        rooms.get(id).filter(|h| !h.tx.is_closed()).cloned()
    }

    /// Removes the room of `id` from the registry if it is still the one of `generation`.
    pub fn forget(&self, id: &str, generation: u64) {
        if let Ok(mut rooms) = self.inner.rooms.lock() {
            if rooms.get(id).is_some_and(|h| h.generation == generation) {
                rooms.remove(id);
            }
        }
    }

    /// Sends a command to the room of `id` and waits for its answer. A room that left memory between the
    /// look-up and the command is loaded again (at most twice).
    pub async fn request<T>(
        &self,
        id: &str,
        make: impl Fn(oneshot::Sender<T>) -> Command,
    ) -> Result<T, AppError> {
        for _ in 0..3 {
            let room = self.room(id).await?;
            let (tx, rx) = oneshot::channel();
            if room.tx.send(make(tx)).await.is_err() {
                self.forget(id, room.generation);
                continue;
            }
            match rx.await {
                Ok(v) => return Ok(v),
                Err(_) => {
                    self.forget(id, room.generation);
                    continue;
                }
            }
        }
        Err(AppError::Unavailable)
    }

    /// Loads the unfinished games back into memory (at start-up).
    pub async fn preload(&self) -> Result<usize, AppError> {
        let ids = self.inner.store.unfinished().await?;
        let mut n = 0;
        for id in ids.iter().take(self.inner.config.preload_limit) {
            match self.room(id).await {
                Ok(_) => n += 1,
                Err(e) => tracing::warn!(game = %id, "cannot load game: {e}"),
            }
        }
        Ok(n)
    }

    /// Stops every room after its current command, so that all writes are finished.
    pub async fn close_rooms(&self) {
        self.inner.closing.store(true, Ordering::SeqCst);
        let handles: Vec<RoomHandle> = match self.inner.rooms.lock() {
            Ok(mut rooms) => rooms.drain().map(|(_, h)| h).collect(),
            Err(_) => Vec::new(),
        };
        // Ask all first, then wait: rooms finish their writes in parallel.
        let mut acks = Vec::with_capacity(handles.len());
        for h in handles {
            let (tx, rx) = oneshot::channel();
            if h.tx.send(Command::Shutdown { reply: tx }).await.is_ok() {
                acks.push(rx);
            }
        }
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        for rx in acks {
            let _ = tokio::time::timeout_at(deadline, rx).await;
        }
    }
}
