//! Shared server state: configuration, the database, the rooms in memory, metrics, per-address limits. HTTP
//! handlers and sockets get it; rooms get only their narrow [`RoomDeps`].

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::sync::watch;

use crate::config::Config;
use crate::metrics::Metrics;
use crate::room::{RoomDeps, Rooms};
use crate::store::Store;

/// The state every handler shares (cheap to clone).
#[derive(Clone, Debug)]
pub struct AppState {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    config: Config,
    store: Store,
    metrics: Arc<Metrics>,
    rooms: Rooms,
    next_conn: AtomicU64,
    shutdown: watch::Receiver<bool>,
    create_buckets: Mutex<HashMap<IpAddr, Bucket>>,
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

impl AppState {
    /// State around an opened store.
    pub fn new(config: Config, store: Store, shutdown: watch::Receiver<bool>) -> AppState {
        let metrics = Arc::new(Metrics::default());
        let rooms = Rooms::new(RoomDeps::new(&config, store.clone(), Arc::clone(&metrics)));
        AppState {
            inner: Arc::new(Inner {
                config,
                store,
                metrics,
                rooms,
                next_conn: AtomicU64::new(1),
                shutdown,
                create_buckets: Mutex::new(HashMap::new()),
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

    /// The rooms in memory.
    pub fn rooms(&self) -> &Rooms {
        &self.inner.rooms
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
}
