//! Shared server state: configuration, the database, the rooms in memory, metrics, per-address limits, the
//! computer's CPU. HTTP handlers and sockets get it; rooms and reviews get only their narrow handles
//! ([`RoomDeps`], the [`ComputerPool`]).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use tokio::sync::{watch, Semaphore};

use crate::cluster::Cluster;
use crate::computer_pool::ComputerPool;
use crate::config::Config;
use crate::limits::AddressLimits;
use crate::lobby::Lobby;
use crate::metrics::{ClusterMetrics, Fixed, Metrics, Refusals};
use crate::review::Reviews;
use crate::room::{OtherNodes, RoomDeps, Rooms};
use crate::store::Store;
use crate::tournament::Tournaments;

/// The state every handler shares (cheap to clone).
#[derive(Clone, Debug)]
pub struct AppState {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    config: Config,
    store: Store,
    cluster: Option<Cluster>,
    metrics: Arc<Metrics>,
    rooms: Rooms,
    next_conn: AtomicU64,
    shutdown: watch::Receiver<Phase>,
    limits: AddressLimits,
    analyses: Arc<Semaphore>,
    reviews: Reviews,
    computer: ComputerPool,
    lobby: Lobby,
    tournaments: Tournaments,
}

/// Where the server is in its life; it only moves forward.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Phase {
    /// Serving.
    Serving,
    /// Shutting down: no new connections; sockets say goodbye, requests in progress may finish.
    Stopping,
    /// The shutdown deadline passed: whatever is still open is closed now.
    Closing,
}

impl AppState {
    /// State around an opened store (and, in a cluster, the link to the other nodes) of the node named
    /// `node`; `phase` tells when the server shuts down.
    pub fn new(
        config: Config,
        node: &str,
        store: Store,
        cluster: Option<Cluster>,
        phase: watch::Receiver<Phase>,
    ) -> AppState {
        let refusals = Refusals::default();
        let fixed = Fixed {
            sockets_per_address: config.ws_per_address,
            games: config.max_rooms,
            node: node.to_owned(),
        };
        let no_cluster = ClusterMetrics::default();
        let cluster_metrics = cluster.as_ref().map_or(&no_cluster, Cluster::metrics);
        let metrics = Arc::new(Metrics::new(
            store.metrics(),
            cluster_metrics,
            &refusals,
            fixed,
        ));
        let jobs = cluster.as_ref().and_then(Cluster::jobs).cloned();
        let computer = ComputerPool::new(&config, &metrics).with_jobs(jobs);
        let deps = RoomDeps::new(
            &config,
            store.clone(),
            Arc::clone(&metrics),
            computer.clone(),
            cluster.clone().map(|c| Arc::new(c) as Arc<dyn OtherNodes>),
        );
        let reviews = Reviews::new(
            &config,
            store.clone(),
            computer.clone(),
            metrics.reviews_waiting.clone(),
        );
        let rooms = Rooms::new(deps);
        let lobby = Lobby::start(
            store.clone(),
            node,
            std::time::Duration::from_millis(config.lobby_grace_ms),
        );
        let tournaments = Tournaments::start(store.clone(), lobby.clone());
        let limits = AddressLimits::new(&config, refusals);
        let analyses = Arc::new(Semaphore::new(config.analysis_concurrency.max(1)));
        AppState {
            inner: Arc::new(Inner {
                config,
                store,
                cluster,
                metrics,
                rooms,
                // Connection ids are unique across the nodes of a cluster too: another node's room tells
                // this node's sockets from its own by them. A random start makes a clash unlikely enough
                // (two nodes would have to draw the same 32 bits).
                next_conn: AtomicU64::new((u64::from(rand::random::<u32>()) << 32) | 1),
                shutdown: phase,
                limits,
                analyses,
                reviews,
                computer,
                lobby,
                tournaments,
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

    /// The link to the other nodes of a cluster (`--nats-url`).
    pub fn cluster(&self) -> Option<&Cluster> {
        self.inner.cluster.as_ref()
    }

    /// The metrics.
    pub fn metrics(&self) -> &Metrics {
        &self.inner.metrics
    }

    /// The rooms in memory.
    pub fn rooms(&self) -> &Rooms {
        &self.inner.rooms
    }

    /// The server's [`Phase`]: it changes when the server shuts down.
    pub fn shutdown_signal(&self) -> watch::Receiver<Phase> {
        self.inner.shutdown.clone()
    }

    /// Completes once open connections must be closed (the shutdown deadline passed).
    pub async fn closing(&self) {
        let mut phase = self.inner.shutdown.clone();
        // An error means the server is gone: close too.
        let _ = phase.wait_for(|p| *p == Phase::Closing).await;
    }

    /// The limits per client address.
    pub fn limits(&self) -> &AddressLimits {
        &self.inner.limits
    }

    /// The places for analyses running at once (`--analysis-concurrency`).
    pub fn analyses(&self) -> &Arc<Semaphore> {
        &self.inner.analyses
    }

    /// The computer's CPU permits, for analyses.
    pub fn computer(&self) -> &ComputerPool {
        &self.inner.computer
    }

    /// The computer's reviews of finished games.
    pub fn reviews(&self) -> &Reviews {
        &self.inner.reviews
    }

    /// The tournaments' ticker of this node.
    pub fn tournaments(&self) -> &Tournaments {
        &self.inner.tournaments
    }

    /// The lobby: seeks and quick pairing.
    pub fn lobby(&self) -> &Lobby {
        &self.inner.lobby
    }

    /// A fresh connection id.
    pub fn next_conn_id(&self) -> u64 {
        self.inner.next_conn.fetch_add(1, Ordering::Relaxed)
    }
}
