//! Command-line arguments, durations, think-time distributions and the loopback-only target check.

use std::fmt;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::str::FromStr;
use std::time::Duration;

use clap::Parser;
use rand::Rng;

use crate::clock::{ClockSpec, Mode};

/// Load generator for the Bao server: creates games over HTTP, opens one WebSocket per seat (and optional
/// spectators), plays random legal moves at a set total rate, and reports move round-trip latency, moves per
/// second, errors, open sockets and the server's resident memory. Loopback targets only.
#[derive(Parser, Clone, Debug)]
#[command(name = "bao-loadtest", version)]
pub struct Args {
    /// Base URL of the server, e.g. `http://127.0.0.1:8080`. The nodes of a cluster: repeat the flag or give
    /// a comma-separated list; games are created and sockets opened on them in turn, so that a game's two
    /// players (and its spectators) are on different nodes. Only loopback addresses (127.0.0.0/8, ::1,
    /// `localhost`) are accepted. Ignored with `--spawn-server`.
    #[arg(
        long,
        env = "BAO_LOADTEST_TARGET",
        default_value = "http://127.0.0.1:8080",
        value_delimiter = ','
    )]
    pub target: Vec<String>,
    /// Start this server binary on a free loopback port with a temporary data directory, measure it, and
    /// stop it at the end.
    #[arg(long, value_name = "PATH")]
    pub spawn_server: Option<PathBuf>,
    /// Extra argument for the spawned server (repeat the flag for several).
    #[arg(long = "server-arg", value_name = "ARG", allow_hyphen_values = true)]
    pub server_args: Vec<String>,
    /// File for the spawned server's stdout and stderr (default: discarded).
    #[arg(long, value_name = "PATH")]
    pub server_log: Option<PathBuf>,
    /// Process id of the server, to read its resident memory and CPU time from /proc.
    #[arg(long, value_name = "PID")]
    pub server_pid: Option<u32>,
    /// Find the server's process id by its executable name (e.g. `bao-server`).
    #[arg(long, value_name = "NAME")]
    pub server_bin_name: Option<String>,
    /// Number of games played at the same time (each has two player sockets).
    #[arg(long, default_value_t = 100)]
    pub games: usize,
    /// Spectator sockets per game.
    #[arg(long, default_value_t = 0)]
    pub spectators: usize,
    /// Games against the computer played beside the others during the play phase, each answering the
    /// computer's moves at once so that it thinks nearly all the time (background load; its moves are
    /// counted apart, not in the round trip).
    #[arg(long, default_value_t = 0)]
    pub computer_games: usize,
    /// Think time of the human side of `--computer-games` before each of its moves (the same forms as
    /// `--think`): `0` keeps the computer thinking all the time; `exp:5s` is a person. The computer's reply
    /// time (from the human's move sent to the computer's `moved`) is reported.
    #[arg(long, default_value = "0")]
    pub computer_think: ThinkTime,
    /// The computer's level in `--computer-games`: easy, medium or hard.
    #[arg(long, default_value = "hard")]
    pub computer_level: String,
    /// Variant of the games created.
    #[arg(long, default_value = "kujifunza")]
    pub variant: String,
    /// How long moves are played, once every game is connected (e.g. `20s`, `500ms`, `2m`).
    #[arg(long, default_value = "20s", value_parser = parse_duration)]
    pub duration: Duration,
    /// Total moves per second across all games; 0 for no limit (think time only).
    #[arg(long, default_value_t = 500.0)]
    pub rate: f64,
    /// Games set up per second during the ramp-up (create, join, two sockets); 0 for no limit.
    #[arg(long, default_value_t = 200.0)]
    pub connect_rate: f64,
    /// Games being set up at the same time during the ramp-up.
    #[arg(long, default_value_t = 64)]
    pub connect_concurrency: usize,
    /// Longest ramp-up; games not connected by then are counted as errors (`connect_timeout`).
    #[arg(long, default_value = "300s", value_parser = parse_duration)]
    pub connect_timeout: Duration,
    /// Think time before each move: `0`, `const:50ms`, `exp:200ms` (exponential, this mean) or
    /// `uniform:10ms-300ms`. The total `--rate` caps the moves on top of it.
    #[arg(long, default_value = "exp:100ms")]
    pub think: ThinkTime,
    /// A move whose `moved` event has not come back after this long is counted as lost.
    #[arg(long, default_value = "10s", value_parser = parse_duration)]
    pub move_timeout: Duration,
    /// When a game ends, stop that pair instead of starting a new game in its place.
    #[arg(long)]
    pub no_replace: bool,
    /// Local source addresses to spread sockets over (127.0.0.1 … 127.0.0.N; IPv4 targets only), for more
    /// than about 28,000 sockets.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=250))]
    pub source_ips: u8,
    /// Seconds between progress lines on stderr; 0 for none.
    #[arg(long, default_value = "5s", value_parser = parse_duration)]
    pub progress: Duration,
    /// Seed for the move and think-time choices (default: random).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Print the report as one JSON object instead of the human summary.
    #[arg(long)]
    pub json: bool,
    /// With `--spawn-server`: after the run, kill the server with SIGKILL, start it again on the same data
    /// directory, and check that every move acknowledged by a `moved` event is in each game it serves
    /// (a move must be committed to the database before its event is sent).
    #[arg(long, requires = "spawn_server")]
    pub verify_durability: bool,
    /// After the run, read every game played back from the targets (the first that answers) and check that
    /// it holds exactly the moves acknowledged: none lost, none applied without its acknowledgement or twice.
    /// For clusters, where a node may have been killed during the run (no restart needed).
    #[arg(long)]
    pub verify_moves: bool,
    /// After the run, write every game played to this file as JSON, `[{"id": ID, "moves": N}, ...]`: its id and
    /// the moves acknowledged, for a check made later, e.g. after the server was restarted
    /// (scripts/image-test.sh).
    #[arg(long, value_name = "PATH")]
    pub games_out: Option<PathBuf>,
    /// When a socket closes or a target stops answering during the play phase (a node of a cluster died),
    /// open the socket again on the next target that answers and go on with the game: a move in flight is
    /// counted as acknowledged if the new snapshot shows it played, and sent again otherwise. Without it, a
    /// closed socket breaks its game (`ws_closed`).
    #[arg(long)]
    pub reconnect: bool,
    /// With `--reconnect`: how long to keep trying the targets before counting the game as broken.
    #[arg(long, default_value = "15s", value_parser = parse_duration)]
    pub reconnect_within: Duration,
    /// What to measure: `play` (moves at the set rate), `flag` (start every clock, stop moving, and
    /// measure how late each game is ended on time) or `idle` (start every clock, hold the sockets open
    /// for `--duration` with nobody moving, and measure the server's CPU; without `--clock`, the same
    /// games without clocks, for comparison).
    #[arg(long, value_enum, default_value_t = Mode::Play)]
    pub mode: Mode,
    /// Time control of the games created: `live:SECONDS+INCREMENT` (e.g. `live:60+0`) or `corr:DAYS`.
    /// Repeat the flag to mix several (the games take them in turn). Default: no clock.
    #[arg(long = "clock", value_name = "SPEC")]
    pub clocks: Vec<ClockSpec>,
    /// In `--mode flag`: a game not ended on time this long after its clock ran out counts as not
    /// flagged.
    #[arg(long, default_value = "10s", value_parser = parse_duration)]
    pub flag_timeout: Duration,
}

impl Args {
    /// The arguments with all defaults, as `bao-loadtest` with no flags (environment ignored).
    pub fn defaults() -> Args {
        Args {
            target: vec!["http://127.0.0.1:8080".into()],
            spawn_server: None,
            server_args: Vec::new(),
            server_log: None,
            server_pid: None,
            server_bin_name: None,
            games: 100,
            spectators: 0,
            computer_games: 0,
            computer_think: ThinkTime::Zero,
            computer_level: "hard".into(),
            variant: "kujifunza".into(),
            duration: Duration::from_secs(20),
            rate: 500.0,
            connect_rate: 200.0,
            connect_concurrency: 64,
            connect_timeout: Duration::from_secs(300),
            think: ThinkTime::Exp(Duration::from_millis(100)),
            move_timeout: Duration::from_secs(10),
            no_replace: false,
            source_ips: 1,
            progress: Duration::from_secs(5),
            seed: None,
            json: false,
            verify_durability: false,
            verify_moves: false,
            games_out: None,
            reconnect: false,
            reconnect_within: Duration::from_secs(15),
            mode: Mode::Play,
            clocks: Vec::new(),
            flag_timeout: Duration::from_secs(10),
        }
    }

    /// Checks the numbers that clap cannot check alone.
    pub fn validate(&self) -> Result<(), String> {
        if self.games == 0 {
            return Err("--games must be at least 1".into());
        }
        if !self.rate.is_finite() || self.rate < 0.0 {
            return Err("--rate must be a number >= 0".into());
        }
        if !self.connect_rate.is_finite() || self.connect_rate < 0.0 {
            return Err("--connect-rate must be a number >= 0".into());
        }
        if !["easy", "medium", "hard"].contains(&self.computer_level.as_str()) {
            return Err("--computer-level must be easy, medium or hard".into());
        }
        if self.connect_concurrency == 0 {
            return Err("--connect-concurrency must be at least 1".into());
        }
        if self.verify_durability && self.spawn_server.is_none() {
            return Err("--verify-durability needs --spawn-server".into());
        }
        if self.move_timeout.is_zero() {
            return Err("--move-timeout must be above 0".into());
        }
        match self.mode {
            Mode::Play => {}
            Mode::Flag if self.clocks.is_empty() || !self.clocks.iter().all(|c| c.is_live()) => {
                return Err("--mode flag needs live clocks (e.g. --clock live:2+0)".into());
            }
            Mode::Flag | Mode::Idle => {
                if self.verify_durability
                    || self.verify_moves
                    || self.games_out.is_some()
                    || self.reconnect
                    || self.computer_games > 0
                    || self.spectators > 0
                {
                    return Err(
                        "--mode flag and idle take no --verify-durability, --verify-moves, --games-out, --reconnect, --computer-games or --spectators"
                            .into(),
                    );
                }
            }
        }
        Ok(())
    }
}

/// Parses a duration: a number with `ms`, `s`, `m` or `h`, or a bare number of seconds (`1.5` = 1.5 s).
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let t = text.trim();
    let (num, scale) = if let Some(n) = t.strip_suffix("ms") {
        (n, 0.001)
    } else if let Some(n) = t.strip_suffix('s') {
        (n, 1.0)
    } else if let Some(n) = t.strip_suffix('m') {
        (n, 60.0)
    } else if let Some(n) = t.strip_suffix('h') {
        (n, 3600.0)
    } else {
        (t, 1.0)
    };
    let value: f64 = num
        .trim()
        .parse()
        .map_err(|_| format!("not a duration: {text:?} (e.g. 500ms, 20s, 2m)"))?;
    if !value.is_finite() || value < 0.0 || value * scale > 1e9 {
        return Err(format!("duration out of range: {text:?}"));
    }
    Ok(Duration::from_secs_f64(value * scale))
}

/// How long a simulated player thinks before sending a move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ThinkTime {
    /// No thinking: move as soon as the rate allows.
    Zero,
    /// Always the same time.
    Const(Duration),
    /// Exponentially distributed with this mean (a Poisson process per game).
    Exp(Duration),
    /// Uniform between the two bounds.
    Uniform(Duration, Duration),
}

impl ThinkTime {
    /// Draws one think time.
    pub fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> Duration {
        match *self {
            ThinkTime::Zero => Duration::ZERO,
            ThinkTime::Const(d) => d,
            ThinkTime::Exp(mean) => {
                // Inverse transform: -ln(U) * mean, U in (0, 1]; capped at 20 means.
                let u: f64 = 1.0 - rng.random::<f64>();
                let x = (-u.ln()).min(20.0);
                mean.mul_f64(x)
            }
            ThinkTime::Uniform(lo, hi) => {
                if hi <= lo {
                    lo
                } else {
                    lo + (hi - lo).mul_f64(rng.random::<f64>())
                }
            }
        }
    }

    /// The mean think time.
    pub fn mean(&self) -> Duration {
        match *self {
            ThinkTime::Zero => Duration::ZERO,
            ThinkTime::Const(d) | ThinkTime::Exp(d) => d,
            ThinkTime::Uniform(lo, hi) => (lo + hi.max(lo)) / 2,
        }
    }
}

impl FromStr for ThinkTime {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let s = s.trim();
        if s == "0" || s == "none" {
            return Ok(ThinkTime::Zero);
        }
        let (kind, rest) = s.split_once(':').unwrap_or(("const", s));
        match kind {
            "const" => Ok(ThinkTime::Const(parse_duration(rest)?)),
            "exp" => Ok(ThinkTime::Exp(parse_duration(rest)?)),
            "uniform" => {
                let (lo, hi) = rest
                    .split_once('-')
                    .ok_or_else(|| format!("uniform think time needs LO-HI: {s:?}"))?;
                let (lo, hi) = (parse_duration(lo)?, parse_duration(hi)?);
                if hi < lo {
                    return Err(format!("uniform think time with HI < LO: {s:?}"));
                }
                Ok(ThinkTime::Uniform(lo, hi))
            }
            _ => Err(format!(
                "unknown think time {s:?}: use 0, const:50ms, exp:200ms or uniform:10ms-300ms"
            )),
        }
    }
}

impl fmt::Display for ThinkTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ThinkTime::Zero => write!(f, "0"),
            ThinkTime::Const(d) => write!(f, "const:{}ms", d.as_millis()),
            ThinkTime::Exp(d) => write!(f, "exp:{}ms", d.as_millis()),
            ThinkTime::Uniform(lo, hi) => {
                write!(f, "uniform:{}ms-{}ms", lo.as_millis(), hi.as_millis())
            }
        }
    }
}

/// A checked loopback target: where to connect and the URL bases to use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    /// The socket address (always loopback).
    pub addr: SocketAddr,
    /// `http://HOST:PORT` (no trailing slash).
    pub http_base: String,
    /// `ws://HOST:PORT` (no trailing slash).
    pub ws_base: String,
}

impl Target {
    /// Parses `http://HOST[:PORT][/]` and refuses anything that is not a loopback address: 127.0.0.0/8, ::1,
    /// or `localhost` (taken as 127.0.0.1, never looked up). No other host name is resolved.
    pub fn parse(url: &str) -> Result<Target, String> {
        let rest = url
            .trim()
            .strip_prefix("http://")
            .ok_or_else(|| format!("target must start with http:// (loopback only): {url:?}"))?;
        let hostport = rest.trim_end_matches('/');
        if hostport.contains('/') || hostport.contains('@') || hostport.is_empty() {
            return Err(format!("target must be http://HOST:PORT: {url:?}"));
        }
        let (host, port) = if let Some(v6) = hostport.strip_prefix('[') {
            let (h, p) = v6
                .split_once(']')
                .ok_or_else(|| format!("bad IPv6 target: {url:?}"))?;
            let port = match p.strip_prefix(':') {
                Some(p) => p,
                None if p.is_empty() => "80",
                None => return Err(format!("bad IPv6 target: {url:?}")),
            };
            (h, port)
        } else {
            match hostport.rsplit_once(':') {
                Some((h, p)) => (h, p),
                None => (hostport, "80"),
            }
        };
        let port: u16 = port
            .parse()
            .map_err(|_| format!("bad port in target {url:?}"))?;
        let ip: IpAddr = if host.eq_ignore_ascii_case("localhost") {
            IpAddr::V4(Ipv4Addr::LOCALHOST)
        } else {
            host.parse().map_err(|_| {
                format!("target host must be a loopback IP address or localhost, not {host:?}")
            })?
        };
        Target::from_addr(SocketAddr::new(ip, port))
    }

    /// Every target of `urls` ([`Target::parse`]), at least one.
    pub fn parse_all(urls: &[String]) -> Result<Vec<Target>, String> {
        if urls.is_empty() {
            return Err("give at least one --target".into());
        }
        urls.iter().map(|u| Target::parse(u)).collect()
    }

    /// A target from a socket address, refused unless it is loopback.
    pub fn from_addr(addr: SocketAddr) -> Result<Target, String> {
        if !is_loopback(addr.ip()) {
            return Err(format!(
                "refusing target {addr}: only loopback addresses (127.0.0.0/8, ::1) may be load-tested"
            ));
        }
        let host = match addr.ip() {
            IpAddr::V4(v4) => v4.to_string(),
            IpAddr::V6(v6) => format!("[{v6}]"),
        };
        Ok(Target {
            addr,
            http_base: format!("http://{host}:{}", addr.port()),
            ws_base: format!("ws://{host}:{}", addr.port()),
        })
    }
}

/// True for 127.0.0.0/8 and ::1 (and IPv4-mapped 127.x), false for everything else.
pub fn is_loopback(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => v4.octets()[0] == 127,
        IpAddr::V6(v6) => {
            v6.is_loopback() || v6.to_ipv4_mapped().is_some_and(|v4| v4.octets()[0] == 127)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn durations() {
        assert_eq!(parse_duration("500ms"), Ok(Duration::from_millis(500)));
        assert_eq!(parse_duration("20s"), Ok(Duration::from_secs(20)));
        assert_eq!(parse_duration("2m"), Ok(Duration::from_secs(120)));
        assert_eq!(parse_duration("1h"), Ok(Duration::from_secs(3600)));
        assert_eq!(parse_duration("1.5"), Ok(Duration::from_millis(1500)));
        assert_eq!(parse_duration("0"), Ok(Duration::ZERO));
        assert!(parse_duration("-1s").is_err());
        assert!(parse_duration("abc").is_err());
        assert!(parse_duration("NaN").is_err());
    }

    #[test]
    fn think_time_parsing() {
        assert_eq!("0".parse(), Ok(ThinkTime::Zero));
        assert_eq!(
            "exp:200ms".parse(),
            Ok(ThinkTime::Exp(Duration::from_millis(200)))
        );
        assert_eq!(
            "const:1s".parse(),
            Ok(ThinkTime::Const(Duration::from_secs(1)))
        );
        assert_eq!(
            "50ms".parse(),
            Ok(ThinkTime::Const(Duration::from_millis(50)))
        );
        assert_eq!(
            "uniform:10ms-30ms".parse(),
            Ok(ThinkTime::Uniform(
                Duration::from_millis(10),
                Duration::from_millis(30)
            ))
        );
        assert!("uniform:30ms-10ms".parse::<ThinkTime>().is_err());
        assert!("gauss:1s".parse::<ThinkTime>().is_err());
        let t: ThinkTime = "uniform:10ms-30ms".parse().unwrap();
        assert_eq!(t.to_string().parse::<ThinkTime>(), Ok(t));
    }

    #[test]
    fn exponential_think_time_has_its_mean() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        let t = ThinkTime::Exp(Duration::from_millis(100));
        let n = 20_000;
        let total: f64 = (0..n).map(|_| t.sample(&mut rng).as_secs_f64()).sum();
        let mean = total / n as f64;
        assert!((mean - 0.1).abs() < 0.005, "mean {mean}");
        let u = ThinkTime::Uniform(Duration::from_millis(10), Duration::from_millis(20));
        for _ in 0..1000 {
            let d = u.sample(&mut rng);
            assert!(d >= Duration::from_millis(10) && d <= Duration::from_millis(20));
        }
        assert_eq!(u.mean(), Duration::from_millis(15));
    }

    #[test]
    fn several_targets_by_list_or_repeat() {
        let a = Args::try_parse_from([
            "bao-loadtest",
            "--target",
            "http://127.0.0.1:8081,http://127.0.0.1:8082",
            "--target",
            "http://127.0.0.1:8083",
        ])
        .unwrap();
        let t = Target::parse_all(&a.target).unwrap();
        let ports: Vec<u16> = t.iter().map(|t| t.addr.port()).collect();
        assert_eq!(ports, [8081, 8082, 8083]);
        assert!(Target::parse_all(&["http://10.0.0.1:80".into()]).is_err());
        assert!(Target::parse_all(&[]).is_err());
    }

    #[test]
    fn only_loopback_targets() {
        let t = Target::parse("http://127.0.0.1:8080").unwrap();
        assert_eq!(t.ws_base, "ws://127.0.0.1:8080");
        assert_eq!(t.http_base, "http://127.0.0.1:8080");
        assert!(Target::parse("http://127.1.2.3:9/").is_ok());
        let t = Target::parse("http://localhost:3000").unwrap();
        assert_eq!(t.addr, "127.0.0.1:3000".parse().unwrap());
        let t = Target::parse("http://[::1]:8080").unwrap();
        assert_eq!(t.ws_base, "ws://[::1]:8080");
        assert_eq!(Target::parse("http://127.0.0.1").unwrap().addr.port(), 80);
        for bad in [
            "http://10.0.0.1:8080",
            "http://192.168.1.1:80",
            "http://172.16.0.1:80",
            "http://8.8.8.8:80",
            "http://example.org:80",
            "http://[::2]:80",
            "http://0.0.0.0:80",
            "https://127.0.0.1:443",
            "127.0.0.1:8080",
            "http://127.0.0.1:8080/api",
            "http://user@127.0.0.1:80",
            "http://127.0.0.1:99999",
        ] {
            assert!(Target::parse(bad).is_err(), "{bad} accepted");
        }
        assert!(is_loopback("::ffff:127.0.0.1".parse().unwrap()));
        assert!(!is_loopback("::ffff:10.0.0.1".parse().unwrap()));
    }

    #[test]
    fn argument_parsing() {
        let a = Args::try_parse_from([
            "bao-loadtest",
            "--games",
            "5000",
            "--rate",
            "2000",
            "--duration",
            "30s",
            "--think",
            "exp:1s",
            "--server-arg",
            "--ws-rate=50",
            "--server-arg",
            "--preload-limit=0",
            "--json",
            "--source-ips",
            "4",
        ])
        .unwrap();
        assert_eq!(a.games, 5000);
        assert_eq!(a.rate, 2000.0);
        assert_eq!(a.duration, Duration::from_secs(30));
        assert_eq!(a.think, ThinkTime::Exp(Duration::from_secs(1)));
        assert_eq!(a.server_args, vec!["--ws-rate=50", "--preload-limit=0"]);
        assert!(a.json);
        assert_eq!(a.source_ips, 4);
        assert!(a.validate().is_ok());
        assert!(Args::try_parse_from(["bao-loadtest", "--source-ips", "0"]).is_err());
        assert!(Args::try_parse_from(["bao-loadtest", "--verify-durability"]).is_err());
        let v = Args::try_parse_from([
            "bao-loadtest",
            "--verify-durability",
            "--spawn-server",
            "target/release/bao-server",
        ])
        .unwrap();
        assert!(v.verify_durability && v.validate().is_ok());
        // A cluster run that survives a node's death: no server to spawn.
        let c = Args::try_parse_from([
            "bao-loadtest",
            "--target",
            "http://127.0.0.1:1,http://127.0.0.1:2",
            "--reconnect",
            "--reconnect-within",
            "5s",
            "--verify-moves",
        ])
        .unwrap();
        assert!(c.reconnect && c.verify_moves && c.validate().is_ok());
        assert_eq!(c.reconnect_within, Duration::from_secs(5));
        assert!(!Args::defaults().reconnect);
        let mut idle = c.clone();
        idle.mode = Mode::Idle;
        assert!(idle.validate().is_err(), "idle runs do not reconnect");
        assert!(Args::try_parse_from(["bao-loadtest", "--duration", "x"]).is_err());
        let f = Args::try_parse_from([
            "bao-loadtest",
            "--mode",
            "flag",
            "--clock",
            "live:2+0",
            "--flag-timeout",
            "3s",
        ])
        .unwrap();
        assert_eq!(f.mode, Mode::Flag);
        assert_eq!(f.clocks.len(), 1);
        assert_eq!(f.flag_timeout, Duration::from_secs(3));
        assert!(f.validate().is_ok());
        let f =
            Args::try_parse_from(["bao-loadtest", "--mode", "flag", "--clock", "corr:1"]).unwrap();
        assert!(
            f.validate().is_err(),
            "a correspondence clock cannot flag in a run"
        );
        // Idle games without a clock: the control run.
        assert!(Args::try_parse_from(["bao-loadtest", "--mode", "idle"])
            .unwrap()
            .validate()
            .is_ok());
        let i = Args::try_parse_from([
            "bao-loadtest",
            "--mode",
            "idle",
            "--clock",
            "live:600+5",
            "--clock",
            "corr:1",
        ])
        .unwrap();
        assert!(i.validate().is_ok());
        assert_eq!(i.clocks[1].to_string(), "corr:1");
        assert!(Args::try_parse_from(["bao-loadtest", "--clock", "live:0+0"]).is_err());
        assert!(Args::try_parse_from(["bao-loadtest", "--mode", "sprint"]).is_err());
        let mut d = Args::defaults();
        assert!(d.validate().is_ok());
        d.games = 0;
        assert!(d.validate().is_err());
        let d = Args::defaults();
        let parsed = Args::try_parse_from(["bao-loadtest"]).unwrap();
        assert_eq!(format!("{:?}", d.think), format!("{:?}", parsed.think));
        assert_eq!(d.games, parsed.games);
        assert_eq!(d.duration, parsed.duration);
    }
}
