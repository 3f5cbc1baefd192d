//! Configuration: command-line flags, each also an environment variable, each with a default.

use std::path::PathBuf;

use clap::Parser;

use crate::http::forwarded::TrustedProxies;

/// Server configuration.
#[derive(Parser, Clone, Debug)]
#[command(
    name = "bao-server",
    version,
    about = "Play Bao in the browser: the web server"
)]
pub struct Config {
    /// Address to listen on.
    #[arg(long, env = "BAO_BIND", default_value = "127.0.0.1:8080")]
    pub bind: String,
    /// Directory for the SQLite database (created if missing).
    #[arg(long, env = "BAO_DATA_DIR", default_value = "./data")]
    pub data_dir: PathBuf,
    /// The database: `sqlite://FILE` or `postgres://USER@HOST:PORT/DATABASE` (for several nodes). Without
    /// it, `bao.db` in `--data-dir`.
    #[arg(long, env = "BAO_DATABASE_URL")]
    pub database_url: Option<String>,
    /// This node's name among the nodes sharing a PostgreSQL database (in the leases and the logs); default:
    /// the host name and the process id.
    #[arg(long, env = "BAO_NODE_NAME")]
    pub node_name: Option<String>,
    /// With PostgreSQL: milliseconds a node's hold on a game (its lease) lasts without renewal; another node
    /// takes the games of a node that died after this long.
    #[arg(long, env = "BAO_LEASE_MS", default_value_t = 3000,
          value_parser = clap::value_parser!(u64).range(300..=600_000))]
    pub lease_ms: u64,
    /// With PostgreSQL: the NATS server (`nats://HOST:PORT`) through which the nodes sharing the database
    /// forward commands to a game's owner and relay its events, so that every node answers for every game
    /// (`docs/architecture.md`, "Several nodes"). Refused with SQLite.
    #[arg(long, env = "BAO_NATS_URL")]
    pub nats_url: Option<String>,
    /// With `--nats-url`: whether this node also takes the computer's jobs (its moves, reviews, analyses)
    /// from the cluster's queue, with `--computer-threads` search slots (`--work-local false`: it leaves
    /// them all to workers, `bao-server worker`).
    #[arg(long, env = "BAO_WORK_LOCAL", default_value_t = true, action = clap::ArgAction::Set)]
    pub work_local: bool,
    /// With `--nats-url`: the computer's jobs waiting in the queue at most before it sheds: analyses are
    /// refused (429) from half of it, reviews (503) from three quarters, new games against the computer
    /// (503) at all of it; the moves of games being played never are.
    #[arg(long, env = "BAO_JOB_QUEUE", default_value_t = 256)]
    pub job_queue: u64,
    /// With `--nats-url`: milliseconds a worker has for a job before it is given to another (a worker that
    /// died); longer than the longest search (2 s).
    #[arg(long, env = "BAO_JOB_ACK_MS", default_value_t = 10_000,
          value_parser = clap::value_parser!(u64).range(500..=600_000))]
    pub job_ack_ms: u64,
    /// With `--nats-url`: the name of the job queue in NATS, the same on every node and worker of one
    /// cluster (several clusters may share a NATS server under different names).
    #[arg(long, env = "BAO_JOBS_QUEUE", default_value = "bao")]
    pub jobs_queue: String,
    /// Serve the web client from this directory instead of the copy built into the binary (for working on
    /// the client without rebuilding).
    #[arg(long, env = "BAO_WEB_DIR")]
    pub web_dir: Option<PathBuf>,
    /// Public base URL (e.g. `https://bao.example.org`); when set, new games also get an absolute `share_url`.
    #[arg(long, env = "BAO_PUBLIC_URL")]
    pub public_url: Option<String>,
    /// Seconds a room with nobody connected stays in memory (finished rooms: at most 60).
    #[arg(long, env = "BAO_ROOM_IDLE_SECS", default_value_t = 600)]
    pub room_idle_secs: u64,
    /// WebSocket messages per second a connection may send on average (ping and pong frames count).
    #[arg(long, env = "BAO_WS_RATE", default_value_t = 10.0)]
    pub ws_rate: f64,
    /// WebSocket messages a connection may send in a burst.
    #[arg(long, env = "BAO_WS_BURST", default_value_t = 40.0)]
    pub ws_burst: f64,
    /// Refused messages (over the rate) after which a connection is closed.
    #[arg(long, env = "BAO_WS_STRIKES", default_value_t = 20)]
    pub ws_strikes: u32,
    /// WebSocket connections one client address may hold open at once (an IPv6 address counts by its /64).
    /// Generous, for many people behind one NAT.
    #[arg(long, env = "BAO_WS_PER_ADDRESS", default_value_t = 200)]
    pub ws_per_address: u32,
    /// WebSocket connections one client address may open per second on average.
    #[arg(long, env = "BAO_WS_CONNECT_RATE", default_value_t = 20.0)]
    pub ws_connect_rate: f64,
    /// WebSocket connections one client address may open in a burst (a whole NAT reconnecting after a
    /// restart).
    #[arg(long, env = "BAO_WS_CONNECT_BURST", default_value_t = 200.0)]
    pub ws_connect_burst: f64,
    /// WebSocket messages per second all connections of one client address may send together on average
    /// (control frames included); it holds across reconnects.
    #[arg(long, env = "BAO_WS_ADDRESS_RATE", default_value_t = 100.0)]
    pub ws_address_rate: f64,
    /// WebSocket messages all connections of one client address may send together in a burst.
    #[arg(long, env = "BAO_WS_ADDRESS_BURST", default_value_t = 400.0)]
    pub ws_address_burst: f64,
    /// Games one client address may create per minute (an IPv6 address counts by its /64).
    #[arg(long, env = "BAO_CREATE_PER_MINUTE", default_value_t = 30.0)]
    pub create_per_minute: f64,
    /// Open seeks one player may have in the lobby at once.
    #[arg(long, env = "BAO_SEEKS_PER_PLAYER", default_value_t = 3)]
    pub seeks_per_player: u32,
    /// Open seeks the players of one client address may have at once (an IPv6 address counts by its /64).
    #[arg(long, env = "BAO_SEEKS_PER_ADDRESS", default_value_t = 6)]
    pub seeks_per_address: u32,
    /// Tournaments one player may create in 24 hours.
    #[arg(long, env = "BAO_TOURNAMENTS_PER_DAY", default_value_t = 3)]
    pub tournaments_per_day: u32,
    /// Players one tournament may have.
    #[arg(long, env = "BAO_TOURNAMENT_PLAYERS", default_value_t = 500)]
    pub tournament_players: u32,
    /// How long an arena's minute lasts, in milliseconds: 60000 except in tests, which play an arena to its
    /// end in seconds.
    #[arg(
        long,
        env = "BAO_TOURNAMENT_MINUTE_MS",
        default_value_t = 60_000,
        hide = true
    )]
    pub tournament_minute_ms: u64,
    /// Times one client address may join a quick-pairing pool per minute.
    #[arg(long, env = "BAO_POOL_JOINS_PER_MINUTE", default_value_t = 20.0)]
    pub pool_joins_per_minute: f64,
    /// Times one player may change their name per hour.
    #[arg(long, env = "BAO_RENAMES_PER_HOUR", default_value_t = 10.0)]
    pub renames_per_hour: f64,
    /// Sign-in attempts (a passkey's, a link's) one client address may make per minute; also the burst.
    #[arg(long, env = "BAO_SIGN_INS_PER_MINUTE", default_value_t = 10.0)]
    pub sign_ins_per_minute: f64,
    /// Puzzle attempts (`POST /api/puzzles/{id}/attempt`) one client address may report per minute; also
    /// the burst.
    #[arg(long, env = "BAO_PUZZLE_ATTEMPTS_PER_MINUTE", default_value_t = 30.0)]
    pub puzzle_attempts_per_minute: f64,
    /// Milliseconds a live seek outlives its creator's last lobby socket (a reload keeps it), and the
    /// longest a node that stopped renewing the seeks and pool places of its sockets (it died) keeps them.
    #[arg(long, env = "BAO_LOBBY_GRACE_MS", default_value_t = 8000,
          value_parser = clap::value_parser!(u64).range(200..=600_000))]
    pub lobby_grace_ms: u64,
    /// Your reverse proxies, as comma-separated networks or addresses (`127.0.0.1,172.16.0.0/12`): a request
    /// from one of them is taken to come from the right-most `X-Forwarded-For` entry that is not itself a
    /// trusted proxy, and its `X-Forwarded-Host` and `X-Forwarded-Proto` are believed (share links, the
    /// origin check), so that the per-address limits are per client and not per proxy. Requests from any
    /// other address are taken as they come, whatever they forward. Empty: no proxy.
    #[arg(
        long,
        env = "BAO_TRUSTED_PROXIES",
        default_value = "",
        value_name = "CIDR,..."
    )]
    pub trusted_proxies: TrustedProxies,
    /// Serve `/metrics` on this address alone (`127.0.0.1:9090`, or an address on a network only the
    /// monitoring reaches) instead of on `--bind`, where the site's visitors are.
    #[arg(long, env = "BAO_METRICS_BIND")]
    pub metrics_bind: Option<String>,
    /// Deprecated (use --trusted-proxies): believe the forwarded headers of every peer, which lets any client
    /// that reaches the server directly choose its address.
    #[arg(long, env = "BAO_TRUST_FORWARDED", default_value_t = false)]
    pub trust_forwarded: bool,
    /// Largest accepted HTTP request body, in bytes.
    #[arg(long, env = "BAO_BODY_LIMIT", default_value_t = 16 * 1024)]
    pub body_limit: usize,
    /// Unfinished games loaded back into memory at start-up (the most recently active first).
    #[arg(long, env = "BAO_PRELOAD_LIMIT", default_value_t = 1000)]
    pub preload_limit: usize,
    /// Missed events replayed to a reconnecting client at most; further behind, it gets a snapshot.
    #[arg(long, env = "BAO_MAX_REPLAY", default_value_t = 256)]
    pub max_replay: u64,
    /// Events buffered per room for slow sockets; a socket further behind gets a snapshot.
    #[arg(long, env = "BAO_ROOM_BUFFER", default_value_t = 64)]
    pub room_buffer: usize,
    /// Seconds a client has to send a whole request head, counted from when the server starts waiting for
    /// it: on a new connection, and on a kept-alive one after its previous response (so it is also how long
    /// an idle keep-alive connection stays open).
    #[arg(long, env = "BAO_HEADER_TIMEOUT_SECS", default_value_t = 10,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub header_timeout_secs: u64,
    /// Seconds a shutdown (SIGTERM, Ctrl-C) waits for open requests and sockets to finish before it closes
    /// them; the games' writes are finished after that in any case.
    #[arg(long, env = "BAO_SHUTDOWN_TIMEOUT_SECS", default_value_t = 10)]
    pub shutdown_timeout_secs: u64,
    /// Games held in memory at most; at the cap, opening or creating another game answers 503 `busy`.
    #[arg(long = "max-games", env = "BAO_MAX_GAMES", default_value_t = 50_000)]
    pub max_rooms: usize,
    /// Computer searches running at once (each takes one core for up to its level's budget); more wait their
    /// turn, so computer games never take every core from the others. 0: the number of cores.
    #[arg(long, env = "BAO_COMPUTER_THREADS", default_value_t = 0)]
    pub computer_threads: usize,
    /// Seeds the computer opponent's random choices (its noise and blunders at the easy levels) with this
    /// number in every game instead of with the game's id, so that its replies to the same moves are the same
    /// from one game to the next: for tests and for reproducing a game. Unset: each game its own seed.
    #[arg(long, env = "BAO_COMPUTER_SEED")]
    pub computer_seed: Option<u64>,
    /// `POST /api/analysis` requests per minute and client address (also the burst).
    #[arg(long, env = "BAO_ANALYSIS_PER_MINUTE", default_value_t = 60.0)]
    pub analysis_per_minute: f64,
    /// `POST /api/games/status` requests per minute and client address (also the burst): the home page
    /// asks once when it opens and again now and then while it stays open.
    #[arg(long, env = "BAO_STATUS_PER_MINUTE", default_value_t = 120.0)]
    pub status_per_minute: f64,
    /// Analyses running at once, whoever asks; more are answered 429 at once. Each also takes one of the
    /// `--computer-threads` permits while it runs.
    #[arg(long, env = "BAO_ANALYSIS_CONCURRENCY", default_value_t = 2)]
    pub analysis_concurrency: usize,
    /// Time the computer searches each position of a game it reviews (`GET /api/games/{id}/review`), in
    /// milliseconds. Reviews run one at a time on one of the `--computer-threads` permits, after live games.
    #[arg(long, env = "BAO_REVIEW_MS", default_value_t = 200)]
    pub review_ms: u64,
    /// Search threads an analysis or a review may use at most (Lazy SMP): after its one
    /// `--computer-threads` permit it takes up to this many minus one more, only those free at that moment
    /// (never while a live game waits for one), and searches with as many threads as permits held. Live games
    /// always search with one thread. 1: every search on one thread.
    #[arg(long, env = "BAO_ANALYSIS_THREADS", default_value_t = 1,
          value_parser = clap::value_parser!(u32).range(1..=64))]
    pub analysis_threads: u32,
    /// Games waiting for a review at most; more are refused with 503 `busy` until the queue shortens.
    #[arg(long, env = "BAO_REVIEW_QUEUE", default_value_t = 32)]
    pub review_queue: usize,
    /// Log format: `text` (for people) or `json` (one object per line, for log collectors).
    #[arg(long, env = "BAO_LOG_FORMAT", default_value = "text", value_parser = ["text", "json"])]
    pub log_format: String,
    /// Log level or filter (`info`, `debug`, `warn,bao_server=debug`); `RUST_LOG` overrides it.
    #[arg(long, env = "BAO_LOG_LEVEL", default_value = "info")]
    pub log_level: String,
}

impl Config {
    /// The peers whose forwarded headers count: `--trusted-proxies`, or every peer with the deprecated
    /// `--trust-forwarded`.
    pub fn proxies(&self) -> TrustedProxies {
        if self.trust_forwarded {
            TrustedProxies::everyone()
        } else {
            self.trusted_proxies.clone()
        }
    }

    /// The defaults, as if no flag and no environment variable were given (environment variables are
    /// ignored here, so tests are not influenced by the caller's environment).
    pub fn defaults() -> Config {
        Config {
            bind: "127.0.0.1:8080".into(),
            data_dir: PathBuf::from("./data"),
            database_url: None,
            node_name: None,
            lease_ms: 3000,
            nats_url: None,
            work_local: true,
            job_queue: 256,
            job_ack_ms: 10_000,
            jobs_queue: "bao".into(),
            web_dir: None,
            public_url: None,
            room_idle_secs: 600,
            ws_rate: 10.0,
            ws_burst: 40.0,
            ws_strikes: 20,
            ws_per_address: 200,
            ws_connect_rate: 20.0,
            ws_connect_burst: 200.0,
            ws_address_rate: 100.0,
            ws_address_burst: 400.0,
            create_per_minute: 30.0,
            seeks_per_player: 3,
            seeks_per_address: 6,
            tournaments_per_day: 3,
            tournament_players: 500,
            tournament_minute_ms: 60_000,
            pool_joins_per_minute: 20.0,
            renames_per_hour: 10.0,
            sign_ins_per_minute: 10.0,
            puzzle_attempts_per_minute: 30.0,
            lobby_grace_ms: 8000,
            trusted_proxies: TrustedProxies::default(),
            metrics_bind: None,
            trust_forwarded: false,
            body_limit: 16 * 1024,
            preload_limit: 1000,
            max_replay: 256,
            room_buffer: 64,
            header_timeout_secs: 10,
            shutdown_timeout_secs: 10,
            max_rooms: 50_000,
            computer_threads: 0,
            computer_seed: None,
            analysis_per_minute: 60.0,
            status_per_minute: 120.0,
            analysis_concurrency: 2,
            review_ms: 200,
            review_queue: 32,
            analysis_threads: 1,
            log_format: "text".into(),
            log_level: "info".into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_defaults_are_the_flags_defaults() {
        let parsed = Config::try_parse_from(["bao-server"]).map(|c| format!("{c:?}"));
        // Only meaningful without BAO_* variables set; CI and the tests run without them.
        if std::env::vars().all(|(k, _)| !k.starts_with("BAO_")) {
            assert_eq!(parsed.ok(), Some(format!("{:?}", Config::defaults())));
        }
    }

    #[test]
    fn trusted_proxies_read_a_list_and_an_empty_value_and_refuse_a_name() {
        let parse = |v: &str| Config::try_parse_from(["bao-server", "--trusted-proxies", v]);
        let c = parse("127.0.0.1, 172.16.0.0/12").expect("a list");
        assert!(c.proxies().contains("172.20.1.1".parse().expect("ip")));
        assert!(!c.proxies().contains("8.8.8.8".parse().expect("ip")));
        // `BAO_TRUSTED_PROXIES=` (empty) in a compose file: no proxy, not an error.
        assert!(parse("").expect("empty").proxies().is_empty());
        let err = parse("proxy.internal")
            .expect_err("a host name")
            .to_string();
        assert!(err.contains("proxy.internal"), "{err}");
        // The deprecated flag trusts every peer.
        let c = Config::try_parse_from(["bao-server", "--trust-forwarded"]).expect("the flag");
        assert!(c.proxies().contains("8.8.8.8".parse().expect("ip")));
    }
}
