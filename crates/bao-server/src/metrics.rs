//! The server's metrics, served at `/metrics` in the Prometheus text format (version 0.0.4) by the Prometheus
//! project's `prometheus-client` crate. docs/metrics.md lists every metric and what it means.
//!
//! Every metric is an atomic (or a family of them behind a lock taken only to find a label's counter), so
//! nothing here slows a move down. The database's metrics ([`StoreMetrics`]), the cluster's
//! ([`ClusterMetrics`]) and the rate-limit refusals ([`Refusals`]) are cheap clones of counters owned by the
//! store, the link to the other nodes and the limits, registered here too. The process's own metrics (memory,
//! CPU, open files) are read from `/proc/self` at each scrape (`metrics/process.rs`).

mod process;

use std::time::Duration;

use prometheus_client::encoding::{prometheus_text, EncodeLabelSet};
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::registry::Registry;

use bao_protocol::ErrorCode;

/// The `Content-Type` of `/metrics`.
pub const CONTENT_TYPE: &str = prometheus_text::CONTENT_TYPE;

/// Upper bounds (seconds) of the move round-trip buckets (the same as before the move to
/// `prometheus-client`, so that dashboards and the load generator read the same buckets).
const MOVE_BUCKETS: [f64; 10] = [
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0,
];

/// Upper bounds (seconds) of the database write buckets: a commit in WAL mode takes tens of microseconds
/// on a quiet disk; seconds mean a disk in trouble.
const COMMIT_BUCKETS: [f64; 13] = [
    0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0, 5.0,
];

/// Upper bounds (seconds) of the HTTP request buckets: from a cached static file (well under a millisecond)
/// to the API's 15 s timeout.
const REQUEST_BUCKETS: [f64; 11] = [
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0, 5.0,
];

/// The `route` of a request that matched no route of the router: the web client's files (the static
/// fallback) and unknown paths outside `/api/`. The label never holds a raw path, so that a scan of made-up
/// paths cannot make new series.
pub const OTHER_ROUTE: &str = "other";

/// A route template as its label: `/api/games/{id}` is `/api/games/:id`, `/api/{*rest}` is `/api/*rest`. The
/// braces of axum's templates are valid in a label, but simple parsers of the text format (prometheus-parse,
/// which the load generator and the tests use) end a label value at its first `}`.
pub fn route_label(template: &str) -> String {
    let mut out = String::with_capacity(template.len());
    let mut chars = template.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '{' if chars.peek() == Some(&'*') => {}
            '{' => out.push(':'),
            '}' => {}
            c => out.push(c),
        }
    }
    out
}

/// Why a WebSocket connection ended: the `reason` label of `bao_socket_closes_total` (docs/metrics.md; `ws.rs`
/// gives every reason but `deadline`, which is a socket dropped at the shutdown deadline).
pub const CLOSE_REASONS: [&str; 11] = [
    "client",
    "lost",
    "too_big",
    "bad_frame",
    "bad_text",
    "no_hello",
    "rate_limit",
    "silent",
    "room_closed",
    "shutdown",
    "deadline",
];

/// Where an error answer went: an HTTP response or a socket's `error` message.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Via {
    /// An HTTP answer.
    Http,
    /// A socket's `error` message.
    Socket,
}

impl Via {
    fn label(self) -> &'static str {
        match self {
            Via::Http => "http",
            Via::Socket => "socket",
        }
    }
}

/// A limit that refused a client (the `limit` label of `bao_rate_limited_total`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Limit {
    /// Games created per address (`--create-per-minute`).
    Create,
    /// Sockets open at once per address (`--ws-per-address`).
    SocketsOpen,
    /// New sockets per address (`--ws-connect-rate`, `--ws-connect-burst`).
    SocketsOpened,
    /// Messages of one socket (`--ws-rate`, `--ws-burst`).
    SocketMessages,
    /// Messages of all the sockets of one address (`--ws-address-rate`, `--ws-address-burst`).
    AddressMessages,
    /// Analyses per address (`--analysis-per-minute`).
    Analysis,
    /// Game summaries (`POST /api/games/status`) per address (`--status-per-minute`).
    Summaries,
    /// Open seeks per player and per address (`--seeks-per-player`, `--seeks-per-address`).
    Seeks,
    /// Pool joins per address (`--pool-joins-per-minute`).
    PoolJoins,
    /// Name changes per player (`--renames-per-hour`).
    Renames,
    /// Sign-in attempts per address (`--sign-ins-per-minute`).
    SignIns,
    /// Puzzle attempts reported per address (`--puzzle-attempts-per-minute`).
    PuzzleAttempts,
}

impl Limit {
    /// Every limit.
    pub const ALL: [Limit; 12] = [
        Limit::Create,
        Limit::SocketsOpen,
        Limit::SocketsOpened,
        Limit::SocketMessages,
        Limit::AddressMessages,
        Limit::Analysis,
        Limit::Summaries,
        Limit::Seeks,
        Limit::PoolJoins,
        Limit::Renames,
        Limit::SignIns,
        Limit::PuzzleAttempts,
    ];

    /// The label value.
    pub fn label(self) -> &'static str {
        match self {
            Limit::Create => "create",
            Limit::SocketsOpen => "sockets_open",
            Limit::SocketsOpened => "sockets_opened",
            Limit::SocketMessages => "socket_messages",
            Limit::AddressMessages => "address_messages",
            Limit::Analysis => "analysis",
            Limit::Summaries => "status",
            Limit::Seeks => "seeks",
            Limit::PoolJoins => "pool_joins",
            Limit::Renames => "renames",
            Limit::SignIns => "sign_ins",
            Limit::PuzzleAttempts => "puzzle_attempts",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, EncodeLabelSet)]
struct ErrorLabels {
    code: &'static str,
    via: &'static str,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, EncodeLabelSet)]
struct CloseLabels {
    reason: &'static str,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, EncodeLabelSet)]
struct LimitLabels {
    limit: &'static str,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, EncodeLabelSet)]
struct BuildLabels {
    version: &'static str,
    commit: &'static str,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, EncodeLabelSet)]
struct NodeLabels {
    node: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, EncodeLabelSet)]
struct RequestLabels {
    route: String,
    status: u16,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, EncodeLabelSet)]
struct RouteLabels {
    route: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, EncodeLabelSet)]
struct OutcomeLabels {
    outcome: &'static str,
}

/// How a request forwarded to a game's owner on another node ended (the `outcome` label of
/// `bao_cluster_forwarded_requests_total`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The owner answered.
    Answered,
    /// Nobody answered ("no responders", or no answer in time): the owner is gone, and this node takes the
    /// game over once its lease has expired.
    NoOwner,
    /// NATS failed (not connected, or an answer that could not be read).
    Failed,
}

impl Outcome {
    /// Every outcome.
    pub const ALL: [Outcome; 3] = [Outcome::Answered, Outcome::NoOwner, Outcome::Failed];

    fn label(self) -> &'static str {
        match self {
            Outcome::Answered => "answered",
            Outcome::NoOwner => "no_owner",
            Outcome::Failed => "failed",
        }
    }
}

/// The cluster's metrics: owned by this node's link to the others (`cluster/`), a cheap clone of the
/// registered ones. A server without `--nats-url` serves them at zero.
#[derive(Clone, Debug, Default)]
pub struct ClusterMetrics {
    forwarded: Family<OutcomeLabels, Counter>,
    /// Requests of the other nodes answered by this node's rooms.
    pub served: Counter,
    /// Events of games owned by other nodes, relayed to this node's sockets.
    pub relayed_events: Counter,
    /// The computer's jobs (`jobs/`).
    pub jobs: JobMetrics,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, EncodeLabelSet)]
struct KindLabels {
    kind: &'static str,
}

/// Upper bounds (seconds) of a job's round trip, queue to result: from a review's 0.2 s search to a job
/// that waited long in a full queue.
const JOB_BUCKETS: [f64; 12] = [
    0.05, 0.1, 0.25, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 5.0, 10.0, 30.0,
];

/// Upper bounds (seconds) of a job's overhead (its round trip less its search).
const OVERHEAD_BUCKETS: [f64; 13] = [
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];

/// The metrics of the computer's jobs in a cluster (`jobs/`): zero on a node without NATS.
#[derive(Clone, Debug)]
pub struct JobMetrics {
    queued: Family<KindLabels, Gauge>,
    running: Family<KindLabels, Gauge>,
    seconds: Family<KindLabels, Histogram>,
    overhead: Family<KindLabels, Histogram>,
    redeliveries: Family<KindLabels, Counter>,
    shed: Family<KindLabels, Counter>,
    /// Results nobody waited for any more (a second or late answer): dropped.
    pub dropped: Counter,
    /// Workers heard from lately (this node's own included).
    pub workers: Gauge,
}

impl Default for JobMetrics {
    fn default() -> JobMetrics {
        JobMetrics {
            queued: Family::default(),
            running: Family::default(),
            seconds: Family::new_with_constructor(|| Histogram::new(JOB_BUCKETS)),
            overhead: Family::new_with_constructor(|| Histogram::new(OVERHEAD_BUCKETS)),
            redeliveries: Family::default(),
            shed: Family::default(),
            dropped: Counter::default(),
            workers: Gauge::default(),
        }
    }
}

impl JobMetrics {
    fn labels(kind: crate::jobs::Kind) -> KindLabels {
        KindLabels { kind: kind.name() }
    }

    /// The queue's depth for `kind`: jobs waiting, and jobs taken but not yet answered.
    pub fn depth(&self, kind: crate::jobs::Kind, queued: u64, running: u64) {
        let l = Self::labels(kind);
        self.queued
            .get_or_create(&l)
            .set(i64::try_from(queued).unwrap_or(i64::MAX));
        self.running
            .get_or_create(&l)
            .set(i64::try_from(running).unwrap_or(i64::MAX));
    }

    /// A job of `kind` answered after `took` (queue to result), of which its search took `search_ms`, on
    /// its `delivered`th delivery.
    pub fn done(&self, kind: crate::jobs::Kind, took: Duration, search_ms: u64, delivered: u64) {
        let l = Self::labels(kind);
        self.seconds.get_or_create(&l).observe(took.as_secs_f64());
        let search = Duration::from_millis(search_ms);
        self.overhead
            .get_or_create(&l)
            .observe(took.saturating_sub(search).as_secs_f64());
        if delivered > 1 {
            self.redeliveries.get_or_create(&l).inc();
        }
    }

    /// A job of `kind` refused by a full queue.
    pub fn shed(&self, kind: crate::jobs::Kind) {
        self.shed.get_or_create(&Self::labels(kind)).inc();
    }

    fn register(&self, r: &mut Registry) {
        for kind in crate::jobs::Kind::ALL {
            let l = Self::labels(kind);
            let _ = self.queued.get_or_create(&l);
            let _ = self.running.get_or_create(&l);
            let _ = self.seconds.get_or_create(&l);
            let _ = self.overhead.get_or_create(&l);
            let _ = self.redeliveries.get_or_create(&l);
            let _ = self.shed.get_or_create(&l);
        }
        r.register(
            "bao_jobs_queued",
            "The computer's jobs waiting in the cluster's queue for a worker, by kind (move, review, analysis)",
            self.queued.clone(),
        );
        r.register(
            "bao_jobs_running",
            "The computer's jobs taken by a worker and not yet answered, by kind",
            self.running.clone(),
        );
        r.register(
            "bao_job_seconds",
            "Round trip of this node's jobs, from queued to answered, by kind",
            self.seconds.clone(),
        );
        r.register(
            "bao_job_overhead_seconds",
            "Round trip of this node's jobs less their search time (queueing and transport), by kind",
            self.overhead.clone(),
        );
        r.register(
            "bao_job_redeliveries",
            "This node's jobs answered only after being delivered again (their first worker died or was late)",
            self.redeliveries.clone(),
        );
        r.register(
            "bao_jobs_shed",
            "Jobs refused because the queue was past its bound (--job-queue), by kind",
            self.shed.clone(),
        );
        r.register(
            "bao_job_results_dropped",
            "Results of jobs nobody waited for any more (a second or late answer): dropped",
            self.dropped.clone(),
        );
        r.register(
            "bao_job_workers",
            "Workers taking the computer's jobs heard from in the last few seconds (nodes working too included)",
            self.workers.clone(),
        );
    }
}

impl ClusterMetrics {
    /// Counts one request of this node's clients forwarded to a game's owner on another node.
    pub fn forwarded(&self, outcome: Outcome) {
        self.forwarded
            .get_or_create(&OutcomeLabels {
                outcome: outcome.label(),
            })
            .inc();
    }
}

/// What `/metrics` reads at the scrape rather than keeping up to date.
#[derive(Clone, Copy, Debug, Default)]
pub struct AtScrape {
    /// Whether the database can be written (what `/healthz` checks).
    pub writable: bool,
    /// The most sockets one client address holds.
    pub most_sockets: u32,
    /// Games owned by other nodes whose events this node relays now.
    pub relays: usize,
    /// Whether this node of a cluster has lost its connection to NATS.
    pub nats_lost: bool,
}

/// The settings and names `/metrics` shows as they are ([`Metrics::new`]).
#[derive(Clone, Debug)]
pub struct Fixed {
    /// `--ws-per-address`.
    pub sockets_per_address: u32,
    /// `--max-games`.
    pub games: usize,
    /// This node's name (`--node-name`, or the host name and process id).
    pub node: String,
}

/// The refusals of the rate limits, by limit: a cheap clone shared by the per-address limits and the sockets.
#[derive(Clone, Debug, Default)]
pub struct Refusals(Family<LimitLabels, Counter>);

impl Refusals {
    /// Counts one refusal by `limit`.
    pub fn refused(&self, limit: Limit) {
        self.0
            .get_or_create(&LimitLabels {
                limit: limit.label(),
            })
            .inc();
    }

    /// Refusals by `limit` so far.
    pub fn count(&self, limit: Limit) -> u64 {
        self.0
            .get(&LimitLabels {
                limit: limit.label(),
            })
            .map_or(0, |c| c.get())
    }
}

/// The database's metrics: owned by the store (a cheap clone of the registered ones).
#[derive(Clone, Debug)]
pub struct StoreMetrics {
    /// Seconds from asking for the writer to the end of the write (commit or failure).
    pub commit_seconds: Histogram,
    /// Writes the database could not take (the ones answered `unavailable`).
    pub write_errors: Counter,
    /// Leases of games taken over from another node that had not given them back (it died, froze or lost
    /// the database for longer than `--lease-ms`).
    pub lease_takeovers: Counter,
    /// Rated games counted for the ratings by this node (each game once, by whichever node counts it).
    pub rated_games_counted: Counter,
}

impl Default for StoreMetrics {
    fn default() -> StoreMetrics {
        StoreMetrics {
            commit_seconds: Histogram::new(COMMIT_BUCKETS),
            write_errors: Counter::default(),
            lease_takeovers: Counter::default(),
            rated_games_counted: Counter::default(),
        }
    }
}

/// The server's metrics.
#[derive(Debug)]
pub struct Metrics {
    registry: Registry,
    /// Rooms (games) in memory.
    pub games_in_memory: Gauge,
    /// Open WebSocket connections.
    pub open_sockets: Gauge,
    /// Open lobby sockets (`/ws/lobby`).
    pub lobby_sockets: Gauge,
    /// Games created (over HTTP and by rematches).
    pub games_created: Counter,
    /// Computer searches running on the blocking pool.
    pub computer_searches: Gauge,
    /// Computer searches waiting for a free search slot (`--computer-threads`).
    pub computer_searches_waiting: Gauge,
    /// Analyses (`POST /api/analysis`) holding a place, waiting for a computer permit or running.
    pub analyses: Gauge,
    /// Game reviews queued or being computed (`review/mod.rs`).
    pub reviews_waiting: Gauge,
    moves: Counter,
    move_seconds: Histogram,
    errors: Family<ErrorLabels, Counter>,
    socket_closes: Family<CloseLabels, Counter>,
    refusals: Refusals,
    sockets_per_address_max: Gauge,
    database_writable: Gauge,
    requests: Family<RequestLabels, Counter>,
    request_seconds: Family<RouteLabels, Histogram, fn() -> Histogram>,
    relays: Gauge,
    nats_lost: Gauge,
}

impl Metrics {
    /// The metrics, with the database's (`store`, kept by the store), the cluster's (`cluster`, kept by the
    /// link to the other nodes) and the per-address limits' refusals (`refusals`, kept by the limits)
    /// registered beside the server's own, and the settings and names of `fixed`.
    pub fn new(
        store: &StoreMetrics,
        cluster: &ClusterMetrics,
        refusals: &Refusals,
        fixed: Fixed,
    ) -> Metrics {
        let mut registry = Registry::default();
        let mut m = Metrics {
            registry: Registry::default(),
            games_in_memory: Gauge::default(),
            open_sockets: Gauge::default(),
            lobby_sockets: Gauge::default(),
            games_created: Counter::default(),
            computer_searches: Gauge::default(),
            computer_searches_waiting: Gauge::default(),
            analyses: Gauge::default(),
            reviews_waiting: Gauge::default(),
            moves: Counter::default(),
            move_seconds: Histogram::new(MOVE_BUCKETS),
            errors: Family::default(),
            socket_closes: Family::default(),
            refusals: refusals.clone(),
            sockets_per_address_max: Gauge::default(),
            database_writable: Gauge::default(),
            requests: Family::default(),
            request_seconds: Family::new_with_constructor(|| Histogram::new(REQUEST_BUCKETS)),
            relays: Gauge::default(),
            nats_lost: Gauge::default(),
        };
        let r = &mut registry;
        r.register(
            "bao_games_in_memory",
            "Game rooms held in memory",
            m.games_in_memory.clone(),
        );
        r.register(
            "bao_open_sockets",
            "Open WebSocket connections",
            m.open_sockets.clone(),
        );
        r.register(
            "bao_lobby_sockets",
            "Open lobby WebSocket connections (/ws/lobby)",
            m.lobby_sockets.clone(),
        );
        r.register(
            "bao_computer_searches",
            "Computer opponent searches running",
            m.computer_searches.clone(),
        );
        r.register(
            "bao_computer_searches_waiting",
            "Computer opponent searches waiting for a free search slot (--computer-threads)",
            m.computer_searches_waiting.clone(),
        );
        r.register(
            "bao_analyses",
            "Rules-help analyses (POST /api/analysis) waiting for a core or running",
            m.analyses.clone(),
        );
        r.register(
            "bao_reviews_waiting",
            "Game reviews waiting to be computed (always 0: the server has no reviews yet)",
            m.reviews_waiting.clone(),
        );
        r.register("bao_moves", "Moves accepted", m.moves.clone());
        r.register(
            "bao_games_created",
            "Games created",
            m.games_created.clone(),
        );
        r.register(
            "bao_move_duration_seconds",
            "Time to handle an accepted move in its room: validate, write, publish",
            m.move_seconds.clone(),
        );
        r.register(
            "bao_db_commit_duration_seconds",
            "Time of a database write, from asking for the writer to its commit (or failure)",
            store.commit_seconds.clone(),
        );
        r.register(
            "bao_db_write_errors",
            "Database writes that failed (full disk, read-only or failing file system)",
            store.write_errors.clone(),
        );
        r.register(
            "bao_database_writable",
            "1 when the database can be written (as /healthz answers 200), 0 when not",
            m.database_writable.clone(),
        );
        r.register(
            "bao_errors",
            "Errors answered to clients, by error code and by way (http or socket)",
            m.errors.clone(),
        );
        r.register(
            "bao_socket_closes",
            "WebSocket connections ended, by reason",
            m.socket_closes.clone(),
        );
        r.register(
            "bao_rate_limited",
            "Requests and messages refused by a rate limit, by limit",
            refusals.0.clone(),
        );
        r.register(
            "bao_sockets_per_address_max",
            "The most WebSocket connections one client address holds open",
            m.sockets_per_address_max.clone(),
        );
        let cap = Gauge::<i64>::default();
        cap.set(i64::from(fixed.sockets_per_address));
        r.register(
            "bao_sockets_per_address_cap",
            "WebSocket connections one client address may hold open (--ws-per-address)",
            cap,
        );
        let games = Gauge::<i64>::default();
        games.set(i64::try_from(fixed.games).unwrap_or(i64::MAX));
        r.register(
            "bao_games_capacity",
            "Game rooms the server may hold in memory (--max-games); at the cap new ones are refused 503 busy",
            games,
        );
        r.register(
            "bao_http_requests",
            "HTTP requests answered, by route (the router's path template) and status",
            m.requests.clone(),
        );
        r.register(
            "bao_http_request_duration_seconds",
            "Time to answer an HTTP request (a WebSocket: until its upgrade), by route",
            m.request_seconds.clone(),
        );
        r.register(
            "bao_lease_takeovers",
            "Game leases taken over from another node that had not given them back",
            store.lease_takeovers.clone(),
        );
        r.register(
            "bao_rated_games_counted",
            "Rated games this node counted for the players' ratings",
            store.rated_games_counted.clone(),
        );
        r.register(
            "bao_cluster_forwarded_requests",
            "Requests of this node's clients forwarded to a game's owner on another node, by outcome",
            cluster.forwarded.clone(),
        );
        r.register(
            "bao_cluster_served_requests",
            "Requests of the other nodes answered by this node's rooms",
            cluster.served.clone(),
        );
        r.register(
            "bao_cluster_relayed_events",
            "Events of games owned by other nodes relayed to this node's sockets",
            cluster.relayed_events.clone(),
        );
        cluster.jobs.register(r);
        r.register(
            "bao_cluster_relays",
            "Games owned by other nodes whose events this node relays to its sockets now",
            m.relays.clone(),
        );
        r.register(
            "bao_nats_lost",
            "1 while this node of a cluster has lost its connection to NATS (/healthz answers 503), else 0",
            m.nats_lost.clone(),
        );
        let node = Family::<NodeLabels, Gauge>::default();
        node.get_or_create(&NodeLabels { node: fixed.node }).set(1);
        r.register(
            "bao_node_info",
            "This node's name, for legends and joins (the value is always 1)",
            node,
        );
        r.register_collector(Box::new(process::ProcessCollector));
        let build = Family::<BuildLabels, Gauge>::default();
        build
            .get_or_create(&BuildLabels {
                version: crate::VERSION,
                commit: crate::COMMIT,
            })
            .set(1);
        r.register(
            "bao_build_info",
            "The server's version and commit (the value is always 1)",
            build,
        );
        // Every known label value from the start, at zero: a counter that appears only at its first count
        // would hide that count from `rate()` and `increase()`.
        for code in ErrorCode::ALL {
            for via in [Via::Http, Via::Socket] {
                let _ = m.errors.get_or_create(&ErrorLabels {
                    code: code.as_str(),
                    via: via.label(),
                });
            }
        }
        for reason in CLOSE_REASONS {
            let _ = m.socket_closes.get_or_create(&CloseLabels { reason });
        }
        for limit in Limit::ALL {
            let _ = m.refusals.0.get_or_create(&LimitLabels {
                limit: limit.label(),
            });
        }
        for outcome in Outcome::ALL {
            let _ = cluster.forwarded.get_or_create(&OutcomeLabels {
                outcome: outcome.label(),
            });
        }
        m.registry = registry;
        m
    }

    /// A move accepted by its room; `took` is its round trip there, from the room receiving it to its
    /// events being published.
    pub fn move_played(&self, took: Duration) {
        self.moves.inc();
        self.move_seconds.observe(took.as_secs_f64());
    }

    /// An error answered to a client.
    pub fn error(&self, code: ErrorCode, via: Via) {
        self.errors
            .get_or_create(&ErrorLabels {
                code: code.as_str(),
                via: via.label(),
            })
            .inc();
    }

    /// A socket ended for `reason` (a label of docs/metrics.md).
    pub fn socket_closed(&self, reason: &'static str) {
        self.socket_closes
            .get_or_create(&CloseLabels { reason })
            .inc();
    }

    /// The refusals of the rate limits.
    pub fn refusals(&self) -> &Refusals {
        &self.refusals
    }

    /// An HTTP request answered: `route` is the router's path template that matched it (axum's
    /// `MatchedPath`, `/api/games/{id}`, shown as [`route_label`]; [`OTHER_ROUTE`] when none did), never the
    /// raw path, so that the series stay as few as the routes.
    pub fn http_request(&self, route: Option<&str>, status: u16, took: Duration) {
        let route = route.map_or_else(|| OTHER_ROUTE.to_owned(), route_label);
        self.request_seconds
            .get_or_create(&RouteLabels {
                route: route.clone(),
            })
            .observe(took.as_secs_f64());
        self.requests
            .get_or_create(&RequestLabels { route, status })
            .inc();
    }

    /// The Prometheus text exposition, with what `now` read at the scrape.
    pub fn render(&self, now: AtScrape) -> String {
        self.database_writable.set(i64::from(now.writable));
        self.sockets_per_address_max
            .set(i64::from(now.most_sockets));
        self.relays
            .set(i64::try_from(now.relays).unwrap_or(i64::MAX));
        self.nats_lost.set(i64::from(now.nats_lost));
        let mut out = String::with_capacity(8 * 1024);
        // Writing into a String cannot fail.
        let _ = prometheus_text::encode(&mut out, &self.registry);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixed(sockets_per_address: u32) -> Fixed {
        Fixed {
            sockets_per_address,
            games: 500,
            node: "a".into(),
        }
    }

    fn metrics() -> Metrics {
        let cluster = ClusterMetrics::default();
        Metrics::new(
            &StoreMetrics::default(),
            &cluster,
            &Refusals::default(),
            fixed(200),
        )
    }

    fn scrape(m: &Metrics, writable: bool, most_sockets: u32) -> String {
        m.render(AtScrape {
            writable,
            most_sockets,
            ..AtScrape::default()
        })
    }

    #[test]
    fn the_move_histogram_is_cumulative() {
        let m = metrics();
        m.move_played(Duration::from_micros(300));
        m.move_played(Duration::from_millis(30));
        let text = scrape(&m, true, 0);
        assert!(text.contains("bao_move_duration_seconds_bucket{le=\"0.0005\"} 1\n"));
        assert!(text.contains("bao_move_duration_seconds_bucket{le=\"0.05\"} 2\n"));
        assert!(text.contains("bao_move_duration_seconds_bucket{le=\"+Inf\"} 2\n"));
        assert!(text.contains("bao_move_duration_seconds_count 2\n"));
        assert!(text.contains("bao_moves_total 2\n"));
    }

    #[test]
    fn labelled_counters_count_apart() {
        let refusals = Refusals::default();
        let m = Metrics::new(
            &StoreMetrics::default(),
            &ClusterMetrics::default(),
            &refusals,
            fixed(7),
        );
        m.error(ErrorCode::NotFound, Via::Http);
        m.error(ErrorCode::NotFound, Via::Http);
        m.error(ErrorCode::IllegalMove, Via::Socket);
        m.socket_closed("client");
        refusals.refused(Limit::Create);
        assert_eq!(refusals.count(Limit::Create), 1);
        assert_eq!(m.refusals().count(Limit::SocketMessages), 0);
        let text = scrape(&m, false, 3);
        for line in [
            "bao_errors_total{code=\"busy\",via=\"socket\"} 0",
            "bao_socket_closes_total{reason=\"deadline\"} 0",
            "bao_rate_limited_total{limit=\"address_messages\"} 0",
            "bao_errors_total{code=\"not_found\",via=\"http\"} 2",
            "bao_errors_total{code=\"illegal_move\",via=\"socket\"} 1",
            "bao_socket_closes_total{reason=\"client\"} 1",
            "bao_rate_limited_total{limit=\"create\"} 1",
            "bao_database_writable 0",
            "bao_sockets_per_address_max 3",
            "bao_sockets_per_address_cap 7",
        ] {
            assert!(text.lines().any(|l| l == line), "{line} in\n{text}");
        }
    }

    #[test]
    fn requests_count_by_route_and_status_and_the_cluster_by_node() {
        let cluster = ClusterMetrics::default();
        let store = StoreMetrics::default();
        let m = Metrics::new(&store, &cluster, &Refusals::default(), fixed(200));
        m.http_request(Some("/api/games/{id}"), 200, Duration::from_millis(2));
        m.http_request(Some("/api/games/{id}"), 200, Duration::from_millis(3));
        m.http_request(Some("/api/games/{id}"), 404, Duration::from_millis(1));
        m.http_request(None, 200, Duration::from_micros(100));
        cluster.forwarded(Outcome::NoOwner);
        cluster.relayed_events.inc();
        store.lease_takeovers.inc();
        store.rated_games_counted.inc();
        let text = m.render(AtScrape {
            relays: 2,
            nats_lost: true,
            ..AtScrape::default()
        });
        for line in [
            "bao_http_requests_total{route=\"/api/games/:id\",status=\"200\"} 2",
            "bao_http_requests_total{route=\"/api/games/:id\",status=\"404\"} 1",
            "bao_http_requests_total{route=\"other\",status=\"200\"} 1",
            "bao_http_request_duration_seconds_count{route=\"/api/games/:id\"} 3",
            "bao_http_request_duration_seconds_bucket{route=\"/api/games/:id\",le=\"0.0025\"} 2",
            "bao_cluster_forwarded_requests_total{outcome=\"no_owner\"} 1",
            "bao_cluster_forwarded_requests_total{outcome=\"answered\"} 0",
            "bao_cluster_relayed_events_total 1",
            "bao_cluster_served_requests_total 0",
            "bao_cluster_relays 2",
            "bao_lease_takeovers_total 1",
            "bao_rated_games_counted_total 1",
            "bao_nats_lost 1",
            "bao_games_capacity 500",
            "bao_node_info{node=\"a\"} 1",
        ] {
            assert!(text.lines().any(|l| l == line), "{line} in\n{text}");
        }
        assert_eq!(route_label("/api/{*rest}"), "/api/*rest");
        assert_eq!(route_label("/g/{id}/qr.svg"), "/g/:id/qr.svg");
        assert_eq!(route_label("/healthz"), "/healthz");
        #[cfg(target_os = "linux")]
        for name in [
            "process_cpu_seconds_total",
            "process_resident_memory_bytes",
            "process_open_fds",
            "process_max_fds",
        ] {
            assert!(
                text.lines().any(|l| l.starts_with(&format!("{name} "))),
                "{name} in\n{text}"
            );
        }
    }
}
