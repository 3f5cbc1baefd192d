//! Test harness: the real server in-process on 127.0.0.1:0 with a temporary data directory, an HTTP client
//! and a WebSocket client. Every wait is bounded.

#![allow(dead_code)]

pub mod load;
pub mod services;

use std::net::SocketAddr;
use std::path::Path;
use std::time::Duration;

use bao_server::config::Config;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::net::TcpStream;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// How long any single wait may take.
pub const WAIT: Duration = Duration::from_secs(10);

pub struct Server {
    pub addr: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    handle: Option<JoinHandle<()>>,
    pub http: reqwest::Client,
    /// The data directory of a [`Server::fresh`] server, removed with it.
    _dir: Option<tempfile::TempDir>,
}

/// A configuration for tests: a generous rate limit unless a test wants otherwise.
pub fn test_config(data_dir: &Path) -> Config {
    let mut c = Config::defaults();
    c.bind = "127.0.0.1:0".into();
    c.data_dir = data_dir.to_path_buf();
    c.web_dir = Some(data_dir.join("no-web"));
    c.ws_rate = 1000.0;
    c.ws_burst = 1000.0;
    // Every test client comes from 127.0.0.1: the per-address limits are off unless a test wants them.
    c.ws_address_rate = 1e6;
    c.ws_address_burst = 1e6;
    c.ws_connect_rate = 1e6;
    c.ws_connect_burst = 1e6;
    c.ws_per_address = 1_000_000;
    c.create_per_minute = 10_000.0;
    c
}

impl Server {
    /// A server on a fresh temporary data directory with the test configuration.
    pub async fn fresh() -> Server {
        Server::fresh_with(|_| {}).await
    }

    /// A server on a fresh temporary data directory with the test configuration changed by `change`.
    pub async fn fresh_with(change: impl FnOnce(&mut Config)) -> Server {
        let dir = tempfile::tempdir().unwrap();
        let mut config = test_config(dir.path());
        change(&mut config);
        let mut s = Server::start_with(config).await;
        s._dir = Some(dir);
        s
    }

    /// A server with a strict message rate (0.5 a second, bursts of 5, closed after 5 refusals) and a
    /// game's id.
    pub async fn strict_rate() -> (Server, String) {
        let s = Server::fresh_with(|c| {
            c.ws_rate = 0.5;
            c.ws_burst = 5.0;
            c.ws_strikes = 5;
        })
        .await;
        let (id, _, _) = s.create(json!({"variant": "kujifunza"})).await;
        (s, id)
    }

    pub async fn start(data_dir: &Path) -> Server {
        Server::start_with(test_config(data_dir)).await
    }

    pub async fn start_with(config: Config) -> Server {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let (tx, rx) = oneshot::channel::<()>();
        let handle = tokio::spawn(async move {
            bao_server::app::serve(config, listener, async {
                let _ = rx.await;
            })
            .await
            .unwrap();
        });
        let http = reqwest::Client::builder().timeout(WAIT).build().unwrap();
        let server = Server {
            addr,
            stop: Some(tx),
            handle: Some(handle),
            http,
            _dir: None,
        };
        // Ready once /healthz answers.
        for _ in 0..200 {
            if let Ok(r) = server.http.get(server.url("/healthz")).send().await {
                if r.status() == 200 {
                    return server;
                }
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        panic!("server did not start");
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{}", self.addr, path)
    }

    /// Graceful shutdown, waiting until the server has finished.
    pub async fn stop(mut self) {
        if let Some(tx) = self.stop.take() {
            let _ = tx.send(());
        }
        if let Some(h) = self.handle.take() {
            tokio::time::timeout(Duration::from_secs(20), h)
                .await
                .expect("server stops in time")
                .expect("server task");
        }
    }

    pub async fn post(&self, path: &str, body: Value) -> (u16, Value) {
        let r = self
            .http
            .post(self.url(path))
            .json(&body)
            .send()
            .await
            .unwrap();
        let status = r.status().as_u16();
        let v = r.json().await.unwrap_or(Value::Null);
        (status, v)
    }

    pub async fn get_json(&self, path: &str) -> (u16, Value) {
        let r = self.http.get(self.url(path)).send().await.unwrap();
        let status = r.status().as_u16();
        let v = r.json().await.unwrap_or(Value::Null);
        (status, v)
    }

    pub async fn get_text(&self, path: &str) -> (u16, String) {
        let r = self.http.get(self.url(path)).send().await.unwrap();
        (r.status().as_u16(), r.text().await.unwrap())
    }

    /// Creates a game; returns (id, seat, token).
    pub async fn create(&self, body: Value) -> (String, String, String) {
        let (status, v) = self.post("/api/games", body).await;
        assert_eq!(status, 201, "{v}");
        (
            v["id"].as_str().unwrap().to_owned(),
            v["seat"].as_str().unwrap().to_owned(),
            v["token"].as_str().unwrap().to_owned(),
        )
    }

    /// Creates a game between friends with south's creator, and joins as north.
    /// Returns (id, south token, north token).
    pub async fn friends_game(&self, variant: &str) -> (String, String, String) {
        let (id, seat, south) = self
            .create(json!({ "variant": variant, "seat": "south" }))
            .await;
        assert_eq!(seat, "south");
        let (status, j) = self.post(&format!("/api/games/{id}/join"), json!({})).await;
        assert_eq!(status, 200, "{j}");
        assert_eq!(j["seat"], "north");
        (id, south, j["token"].as_str().unwrap().to_owned())
    }

    /// Both players of game `id` connected with their tokens and past their snapshots: (south, north).
    pub async fn seated(&self, id: &str, south: &str, north: &str) -> (Ws, Ws) {
        let mut a = self.ws(id).await;
        a.hello(Some(south), 0).await;
        a.recv_t("snapshot").await;
        let mut b = self.ws(id).await;
        b.hello(Some(north), 0).await;
        b.recv_t("snapshot").await;
        (a, b)
    }

    /// A game between friends with south connected and a spectator welcomed (its snapshot read). Returns
    /// (id, north's token, south's socket, the spectator's socket).
    pub async fn south_and_spectator(&self) -> (String, String, Ws, Ws) {
        let (id, south, north) = self.friends_game("kujifunza").await;
        let mut a = self.ws(&id).await;
        a.hello(Some(&south), 0).await;
        let mut w = self.ws(&id).await;
        w.hello(None, 0).await;
        w.recv_t("snapshot").await;
        (id, north, a, w)
    }

    pub async fn metric(&self, name: &str) -> f64 {
        metric_at(&self.addr.to_string(), name).await
    }

    pub async fn ws(&self, id: &str) -> Ws {
        ws_connect(&self.addr.to_string(), id).await
    }

    /// A WebSocket upgrade request to `/ws/{id}` with extra `headers`, answered but not followed (the
    /// status and headers tell whether the server would have upgraded: 101).
    pub async fn upgrade(&self, id: &str, headers: &[(&str, &str)]) -> reqwest::Response {
        let mut r = self
            .http
            .get(self.url(&format!("/ws/{id}")))
            .header("connection", "upgrade")
            .header("upgrade", "websocket")
            .header("sec-websocket-version", "13")
            .header("sec-websocket-key", "dGhlIHNhbXBsZSBub25jZQ==");
        for (k, v) in headers {
            r = r.header(*k, *v);
        }
        r.send().await.unwrap()
    }
}

/// A free port on 127.0.0.1, for a program that cannot be given port 0 and say which it got (nginx,
/// nats-server).
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Waits (bounded) until something listens on `addr`, a program the test started (`what`).
pub async fn until_listening(addr: &str, what: &str) {
    let deadline = std::time::Instant::now() + WAIT;
    while TcpStream::connect(addr).await.is_err() {
        assert!(
            std::time::Instant::now() < deadline,
            "{what} never listened on {addr}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The value of sample `name` (with its labels as the server writes them, `x_total{code="busy"}`) in the
/// `/metrics` of the server at `addr`.
pub async fn metric_at(addr: &str, name: &str) -> f64 {
    let text = reqwest::get(format!("http://{addr}/metrics"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    text.lines()
        .find_map(|l| l.strip_prefix(name).and_then(|r| r.strip_prefix(' ')))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or_else(|| panic!("metric {name} missing in {text}"))
}

/// A game created on the server at `base` (`http://HOST:PORT`) with `body` and joined: its id, the
/// creation's answer and the join's answer.
pub async fn create_and_join(base: &str, body: Value) -> (String, Value, Value) {
    let created = post_json(&format!("{base}/api/games"), &body).await;
    let id = created["id"].as_str().unwrap().to_owned();
    let joined = post_json(&format!("{base}/api/games/{id}/join"), &json!({})).await;
    (id, created, joined)
}

/// The JSON answer to a POST of `body` to `url`.
pub async fn post_json(url: &str, body: &Value) -> Value {
    let r = reqwest::Client::new().post(url).json(body).send().await;
    r.unwrap().json().await.unwrap()
}

/// A WebSocket to game `id` on the server at `addr`.
pub async fn ws_connect(addr: &str, id: &str) -> Ws {
    let url = format!("ws://{addr}/ws/{id}");
    // Small buffers, as a browser would have, so that measurements show the server's share.
    let config = WebSocketConfig::default()
        .read_buffer_size(4096)
        .write_buffer_size(0);
    let connect = tokio_tungstenite::connect_async_with_config(url, Some(config), true);
    let (stream, _) = tokio::time::timeout(WAIT, connect)
        .await
        .expect("connect in time")
        .expect("connect");
    Ws { stream }
}

pub struct Ws {
    pub stream: WebSocketStream<MaybeTlsStream<TcpStream>>,
}

/// What a socket read gave.
#[derive(Debug)]
pub enum Got {
    Json(Value),
    Closed(Option<u16>),
}

impl Ws {
    pub async fn send(&mut self, v: Value) {
        self.stream
            .send(Message::Text(v.to_string().into()))
            .await
            .unwrap();
    }

    pub async fn send_text(&mut self, s: &str) {
        self.stream.send(Message::Text(s.into())).await.unwrap();
    }

    /// The next message (JSON) or the close.
    pub async fn next(&mut self) -> Got {
        loop {
            let m = tokio::time::timeout(WAIT, self.stream.next())
                .await
                .expect("a message in time");
            match m {
                None => return Got::Closed(None),
                Some(Err(_)) => return Got::Closed(None),
                Some(Ok(Message::Text(t))) => {
                    return Got::Json(serde_json::from_str(&t).expect("server sends JSON"))
                }
                Some(Ok(Message::Close(f))) => {
                    return Got::Closed(f.map(|f| u16::from(f.code)));
                }
                Some(Ok(_)) => continue,
            }
        }
    }

    /// The next JSON message; panics on close.
    pub async fn recv(&mut self) -> Value {
        match self.next().await {
            Got::Json(v) => v,
            Got::Closed(c) => panic!("socket closed ({c:?}) while a message was expected"),
        }
    }

    /// Skips messages until one with type `t`.
    pub async fn recv_t(&mut self, t: &str) -> Value {
        for _ in 0..10_000 {
            let v = self.recv().await;
            if std::env::var("WS_DEBUG").is_ok() {
                eprintln!("<- {v}");
            }
            if v["t"] == t {
                return v;
            }
        }
        panic!("no {t} message");
    }

    /// Nothing arrives within `ms` milliseconds.
    pub async fn silent_for(&mut self, ms: u64) -> bool {
        tokio::time::timeout(Duration::from_millis(ms), self.stream.next())
            .await
            .is_err()
    }

    /// Says hello and reads the welcome; returns the welcome.
    pub async fn hello(&mut self, token: Option<&str>, v: u64) -> Value {
        let mut m = json!({ "t": "hello", "v": v });
        if let Some(t) = token {
            m["token"] = json!(t);
        }
        self.send(m).await;
        self.recv_t("welcome").await
    }

    pub async fn close(mut self) {
        let _ = self.stream.close(None).await;
    }

    /// As South against the computer (North) in a new game of `variant`, welcomed: plays moves, and reads
    /// the computer's instant replies from its opening book, until the position after South's move is past
    /// the book (and North has a choice), so that the computer's next move is a real search (`hard`: its
    /// whole budget). Returns the ply of that coming move.
    pub async fn play_out_of_the_book(&mut self, variant: &str) -> u64 {
        let mut pos = bao_core::Position::new(variant.parse().unwrap());
        let mut ply = 0;
        loop {
            let children = pos.children();
            let (mv, next) = children
                .iter()
                .find(|(_, c)| {
                    c.result().is_none()
                        && c.legal_moves().len() > 1
                        && bao_ai::book::lookup(c).is_none()
                })
                .or(children.first())
                .copied()
                .unwrap();
            self.send(json!({"t": "move", "ply": ply, "move": mv.to_string()}))
                .await;
            assert_eq!(self.recv_t("moved").await["by"], "south");
            ply += 1;
            pos = next;
            if bao_ai::book::lookup(&pos).is_none() && pos.legal_moves().len() > 1 {
                return ply;
            }
            let reply = self.recv_t("moved").await;
            assert_eq!(reply["by"], "north", "{reply}");
            let mv: bao_core::Move = reply["move"].as_str().unwrap().parse().unwrap();
            pos = pos.play(mv).unwrap().0;
            ply += 1;
        }
    }
}

pub fn close_code(c: CloseCode) -> u16 {
    u16::from(c)
}

/// The server binary, killed when dropped if it is still running (no process outlives a failed test).
pub struct Guard(pub std::process::Child);

impl Drop for Guard {
    fn drop(&mut self) {
        if let Ok(None) = self.0.try_wait() {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
}

/// The binary with data directory `data`, the given environment and no `--web-dir`, on a free port; its stderr
/// piped. With `nofile`, it runs through `sh` with that soft limit of open files.
fn binary_with(data: &Path, env: &[(&str, &str)], nofile: Option<u32>) -> std::process::Command {
    let bin = env!("CARGO_BIN_EXE_bao-server");
    let mut cmd = match nofile {
        Some(n) => {
            let mut c = std::process::Command::new("sh");
            c.args(["-c", &format!("ulimit -Sn {n} && exec \"$0\" \"$@\""), bin]);
            c
        }
        None => std::process::Command::new(bin),
    };
    cmd.args(["--bind", "127.0.0.1:0"]);
    with_test_env(cmd, data, env)
}

/// `cmd` (the binary and its address) with data directory `data`, the given environment and no
/// `--web-dir`; its stderr piped.
fn with_test_env(
    mut cmd: std::process::Command,
    data: &Path,
    env: &[(&str, &str)],
) -> std::process::Command {
    cmd.env("BAO_DATA_DIR", data)
        .env_remove("BAO_WEB_DIR")
        .env_remove("RUST_LOG")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped());
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd
}

/// The binary on a free port with data directory `data`, the given environment and no `--web-dir`; its
/// stderr piped.
pub fn binary(data: &Path, env: &[(&str, &str)]) -> std::process::Command {
    binary_with(data, env, None)
}

/// Starts the binary with the given environment and no `--web-dir`; returns it and its first log lines up to
/// the one with the address, and the address.
pub fn spawn_binary(data: &Path, env: &[(&str, &str)]) -> (Guard, Vec<String>, String) {
    let (guard, lines, addr, _) = spawn_binary_with(data, env, None);
    (guard, lines, addr)
}

/// [`spawn_binary`], started through `sh` with a soft limit of `nofile` open files when given, also
/// returning the rest of its log lines as they come.
pub fn spawn_binary_with(
    data: &Path,
    env: &[(&str, &str)],
    nofile: Option<u32>,
) -> (
    Guard,
    Vec<String>,
    String,
    std::sync::mpsc::Receiver<String>,
) {
    spawn_reading(binary_with(data, env, nofile))
}

/// [`spawn_binary_with`] run in the network namespace `netns` (`ip netns exec`, as root), listening on
/// `bind` (an address of that namespace, port 0 for a free one).
pub fn spawn_binary_in_netns(
    netns: &str,
    bind: &str,
    data: &Path,
    env: &[(&str, &str)],
) -> (
    Guard,
    Vec<String>,
    String,
    std::sync::mpsc::Receiver<String>,
) {
    let mut cmd = std::process::Command::new("ip");
    cmd.args(["netns", "exec", netns, env!("CARGO_BIN_EXE_bao-server")])
        .args(["--bind", bind]);
    spawn_reading(with_test_env(cmd, data, env))
}

/// Starts `cmd` (the binary); returns it, its log lines up to the one with its address, the address, and
/// the rest of its log lines as they come.
fn spawn_reading(
    mut cmd: std::process::Command,
) -> (
    Guard,
    Vec<String>,
    String,
    std::sync::mpsc::Receiver<String>,
) {
    let mut child = cmd.spawn().expect("spawn bao-server");
    let stderr = child.stderr.take().expect("stderr");
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::BufRead::lines(std::io::BufReader::new(stderr)).map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    let guard = Guard(child);
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    let mut lines = Vec::new();
    loop {
        let line = rx
            .recv_timeout(deadline.saturating_duration_since(std::time::Instant::now()))
            .expect("a log line with the address");
        let addr = line.split("listening on http://").nth(1).map(|rest| {
            rest.chars()
                .take_while(|c| c.is_ascii_digit() || *c == '.' || *c == ':')
                .collect::<String>()
        });
        lines.push(line);
        if let Some(addr) = addr {
            return (guard, lines, addr, rx);
        }
    }
}

/// Runs the binary with `args` and `env` until it exits (at most 20 s); returns its exit status and stderr.
pub fn run_to_exit(
    args: &[&str],
    data: &Path,
    env: &[(&str, &str)],
) -> (std::process::ExitStatus, String) {
    let mut child = Guard(binary(data, env).args(args).spawn().unwrap());
    let mut stderr = child.0.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = std::io::Read::read_to_string(&mut stderr, &mut s);
        s
    });
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    let status = loop {
        if let Some(s) = child.0.try_wait().unwrap() {
            break s;
        }
        if std::time::Instant::now() > deadline {
            let _ = child.0.kill();
            let _ = child.0.wait();
            panic!(
                "bao-server {args:?} still runs after 20 s: {}",
                reader.join().unwrap()
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    (status, reader.join().unwrap())
}

/// Sends SIGSTOP or SIGCONT to process `pid`.
pub fn signal(pid: u32, sig: &str) {
    let ok = std::process::Command::new("kill")
        .args([sig, &pid.to_string()])
        .status()
        .unwrap()
        .success();
    assert!(ok, "kill {sig} {pid}");
}

/// A move of `pos` that captures nothing and after which the side to move can go on quietly for `depth` more
/// plies, with the position after it: a line of such moves makes a game that lasts (random moves end a game
/// within about 50).
pub fn quiet_move(
    pos: &bao_core::Position,
    depth: u32,
) -> Option<(bao_core::Move, bao_core::Position)> {
    let opp = pos.to_move().opponent();
    let seeds = |p: &bao_core::Position| -> u32 {
        p.ring(opp).iter().map(|&c| u32::from(c)).sum::<u32>() + u32::from(p.hand(opp))
    };
    pos.children().into_iter().find(|(_, after)| {
        after.result().is_none()
            && seeds(after) == seeds(pos)
            && (depth == 0 || quiet_move(after, depth - 1).is_some())
    })
}
