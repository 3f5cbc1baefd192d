//! The lobby's load (`bao-lobby-load`): many lobby sockets watching, many seeks opened and accepted, players
//! paired in pools (docs/protocol.md, "Lobby and quick pairing"). It measures the lobby's fan-out (from a seek's
//! `POST /api/seeks` to its `seek_added` on every watching socket), the pairing latency of seeks (from
//! `POST /api/seeks/{id}/accept` to the creator's `paired`) and of pools (from the second player's `pool_join`
//! to both players' `paired`), the `seeks` message of a full lobby, and the server's memory per lobby socket
//! (its `process_resident_memory_bytes` before and after the sockets open). Loopback targets only.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use hdrhistogram::Histogram;
use serde::Serialize;
use serde_json::{json, Value};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// What to run.
#[derive(Clone, Debug)]
pub struct LobbyLoad {
    /// `http://127.0.0.1:PORT` (the nodes of a cluster: seeks are opened on the first, accepted on the others
    /// in turn, watchers spread over all).
    pub targets: Vec<String>,
    /// Lobby sockets that only watch.
    pub watchers: usize,
    /// Seeks opened (each by its own player, whose lobby socket waits for `paired`) and then accepted.
    pub seeks: usize,
    /// Pairs of players who join a pool together.
    pub pool_pairs: usize,
    /// Requests in flight at once.
    pub concurrency: usize,
    /// Seeks opened per second (0: as fast as `concurrency` allows).
    pub seek_rate: f64,
}

/// Latencies of one kind, in milliseconds.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Latency {
    /// Observations.
    pub count: u64,
    /// Median.
    pub p50_ms: f64,
    /// 99th percentile.
    pub p99_ms: f64,
    /// Largest.
    pub max_ms: f64,
}

fn latency(h: &Histogram<u64>) -> Latency {
    let ms = |us: u64| us as f64 / 1000.0;
    Latency {
        count: h.len(),
        p50_ms: ms(h.value_at_quantile(0.5)),
        p99_ms: ms(h.value_at_quantile(0.99)),
        max_ms: ms(h.max()),
    }
}

/// The report.
#[derive(Clone, Debug, Default, Serialize)]
pub struct LobbyReport {
    /// Lobby sockets open at the peak (watchers and players).
    pub sockets: usize,
    /// Seeks open at once at the peak.
    pub seeks_open: usize,
    /// From a seek's `POST` to its `seek_added` on each watching socket.
    pub fan_out: Latency,
    /// `seek_added` messages a watching socket did not get (a socket that falls behind the lobby's changes is
    /// sent the whole lobby again instead: `resends`).
    pub missed: u64,
    /// Full `seeks` messages sent to sockets that fell behind.
    pub resends: u64,
    /// The `seeks` message a new socket gets from the full lobby: its size in bytes, and the time from `hello`.
    pub full_lobby_bytes: usize,
    /// Time from `hello` to the full lobby's `seeks`, ms.
    pub full_lobby_ms: f64,
    /// From `POST …/accept` to the creator's `paired`.
    pub seek_pairing: Latency,
    /// Accepts answered 201 (one per seek in a good run).
    pub accepted: usize,
    /// From the second player's `pool_join` to the later of the two `paired`.
    pub pool_pairing: Latency,
    /// The server's resident memory before and after the watchers opened, and per watcher, KiB.
    pub rss_before_kib: f64,
    /// After.
    pub rss_after_kib: f64,
    /// Per watching socket.
    pub kib_per_socket: f64,
    /// Errors (requests refused, sockets lost).
    pub errors: Vec<String>,
}

impl LobbyReport {
    /// The report for people.
    pub fn human(&self) -> String {
        let l = |x: &Latency| {
            format!(
                "{} × p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
                x.count, x.p50_ms, x.p99_ms, x.max_ms
            )
        };
        format!(
            "lobby sockets: {}\nseeks open at once: {}\nfan-out (POST to seek_added on every watcher): {}\n\
             missed seek_added: {} (made up by {} full resends to sockets that fell behind)\nfull lobby's seeks message: {} bytes in {:.1} ms\n\
             seek pairing (accept to creator's paired): {} ({} accepted)\n\
             pool pairing (second join to both paired): {}\n\
             server memory: {:.0} KiB before, {:.0} KiB after the watchers: {:.1} KiB per lobby socket\n\
             errors: {}\n",
            self.sockets,
            self.seeks_open,
            l(&self.fan_out),
            self.missed,
            self.resends,
            self.full_lobby_bytes,
            self.full_lobby_ms,
            l(&self.seek_pairing),
            self.accepted,
            l(&self.pool_pairing),
            self.rss_before_kib,
            self.rss_after_kib,
            self.kib_per_socket,
            if self.errors.is_empty() {
                "none".to_owned()
            } else {
                self.errors.join("; ")
            },
        )
    }
}

fn hist() -> Histogram<u64> {
    // 1 µs to 10 min, 3 significant digits: the bounds are constants, so creation cannot fail.
    match Histogram::new_with_bounds(1, 600_000_000, 3) {
        Ok(h) => h,
        // The bounds are constants that hdrhistogram accepts (low >= 1, high >= 2 * low, sigfig <= 5).
        Err(e) => panic!("histogram bounds: {e}"),
    }
}

async fn rss_kib(http: &reqwest::Client, base: &str) -> f64 {
    let Ok(r) = http.get(format!("{base}/metrics")).send().await else {
        return 0.0;
    };
    let text = r.text().await.unwrap_or_default();
    text.lines()
        .find_map(|l| l.strip_prefix("process_resident_memory_bytes "))
        .and_then(|v| v.trim().parse::<f64>().ok())
        .map_or(0.0, |b| b / 1024.0)
}

async fn new_player(http: &reqwest::Client, base: &str, i: usize) -> Result<String, String> {
    let r = http
        .post(format!("{base}/api/players"))
        .json(&json!({ "name": format!("Load {i}") }))
        .send()
        .await
        .map_err(|e| format!("create player: {e}"))?;
    if r.status().as_u16() != 201 {
        return Err(format!("create player: {}", r.status()));
    }
    let v: Value = r.json().await.map_err(|e| e.to_string())?;
    v["key"]
        .as_str()
        .map(str::to_owned)
        .ok_or_else(|| "create player: no key".to_owned())
}

async fn open(base: &str, key: Option<&str>) -> Result<(Ws, Value), String> {
    let url = format!("{}/ws/lobby", base.replacen("http://", "ws://", 1));
    let (mut ws, _) = tokio::time::timeout(
        Duration::from_secs(30),
        tokio_tungstenite::connect_async(url),
    )
    .await
    .map_err(|_| "lobby socket: connect timed out".to_owned())?
    .map_err(|e| format!("lobby socket: {e}"))?;
    let mut hello = json!({ "t": "hello" });
    if let Some(k) = key {
        hello["player"] = json!(k);
    }
    ws.send(Message::Text(hello.to_string().into()))
        .await
        .map_err(|e| e.to_string())?;
    let seeks = next_of(&mut ws, "seeks", Duration::from_secs(30)).await?;
    Ok((ws, seeks))
}

async fn next_of(ws: &mut Ws, t: &str, within: Duration) -> Result<Value, String> {
    let until = Instant::now() + within;
    loop {
        let left = until
            .checked_duration_since(Instant::now())
            .ok_or_else(|| format!("no {t} in time"))?;
        match tokio::time::timeout(left, ws.next()).await {
            Err(_) => return Err(format!("no {t} in time")),
            Ok(None) | Ok(Some(Err(_))) => return Err(format!("socket closed waiting for {t}")),
            Ok(Some(Ok(Message::Text(text)))) => {
                let v: Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
                if v["t"] == t {
                    return Ok(v);
                }
            }
            Ok(Some(Ok(_))) => {}
        }
    }
}

/// Runs the load and reports.
pub async fn run(load: LobbyLoad) -> Result<LobbyReport, String> {
    let targets: Vec<String> = load
        .targets
        .iter()
        .map(|t| crate::args::Target::parse(t).map(|t| t.http_base))
        .collect::<Result<_, _>>()?;
    let _ = rlimit::increase_nofile_limit(u64::MAX);
    let first = targets.first().cloned().ok_or("no target")?;
    let at = |i: usize| targets[i % targets.len()].clone();
    let http = reqwest::Client::builder()
        .pool_max_idle_per_host(load.concurrency)
        .build()
        .map_err(|e| e.to_string())?;
    let mut report = LobbyReport::default();
    let errors = Arc::new(Mutex::new(Vec::<String>::new()));

    // The watchers, and the server's memory around them.
    report.rss_before_kib = rss_kib(&http, &first).await;
    let sent: Arc<Mutex<HashMap<String, Instant>>> = Arc::default();
    let resends = Arc::new(std::sync::atomic::AtomicU64::new(0));
    let mut watchers = Vec::new();
    for i in 0..load.watchers {
        let (ws, _) = open(&at(i), None).await?;
        watchers.push(ws);
    }
    report.rss_after_kib = rss_kib(&http, &first).await;
    if load.watchers > 0 && targets.len() == 1 {
        report.kib_per_socket =
            (report.rss_after_kib - report.rss_before_kib) / load.watchers as f64;
    }
    let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
    // Each watcher keeps when it got each seek (by its id) and is measured at the end against when the seek was
    // sent: no lock shared by thousands of sockets, and a seek_added that beats its POST's answer still counts.
    let mut readers = Vec::new();
    for mut ws in watchers {
        let mut stop = stop_rx.clone();
        let resends = resends.clone();
        readers.push(tokio::spawn(async move {
            let mut heard: Vec<(String, Instant)> = Vec::new();
            loop {
                tokio::select! {
                    m = ws.next() => match m {
                        Some(Ok(Message::Text(text))) => {
                            let now = Instant::now();
                            let Ok(v) = serde_json::from_str::<Value>(&text) else { continue };
                            if v["t"] == "seeks" {
                                resends.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                                continue;
                            }
                            if v["t"] != "seek_added" { continue }
                            if let Some(id) = v["seek"]["id"].as_str() {
                                heard.push((id.to_owned(), now));
                            }
                        }
                        Some(Ok(_)) => {}
                        _ => return heard,
                    },
                    _ = stop.changed() => return heard,
                }
            }
        }));
    }

    // The creators: a player and a lobby socket each, then one seek each, a few at a time.
    let mut creators = Vec::new();
    for i in 0..load.seeks {
        let key = new_player(&http, &first, i).await?;
        let (ws, _) = open(&first, Some(&key)).await?;
        creators.push((key, ws));
    }
    let sem = Arc::new(tokio::sync::Semaphore::new(load.concurrency.max(1)));
    let mut ids = vec![String::new(); load.seeks];
    let mut tasks = Vec::new();
    let pace = (load.seek_rate > 0.0).then(|| Duration::from_secs_f64(1.0 / load.seek_rate));
    for (i, (key, _)) in creators.iter().enumerate() {
        if let Some(gap) = pace {
            tokio::time::sleep(gap).await;
        }
        let (http, base, key, sent, sem) = (
            http.clone(),
            first.clone(),
            key.clone(),
            sent.clone(),
            sem.clone(),
        );
        tasks.push(tokio::spawn(async move {
            let _permit = sem.acquire_owned().await;
            let started = Instant::now();
            let r = http
                .post(format!("{base}/api/seeks"))
                .bearer_auth(&key)
                .json(&json!({ "variant": "kujifunza", "clock": { "kind": "live", "initial_s": 300, "increment_s": 3 } }))
                .send()
                .await
                .map_err(|e| e.to_string())?;
            if r.status().as_u16() != 201 {
                return Err(format!("seek {i}: {}", r.status()));
            }
            let v: Value = r.json().await.map_err(|e| e.to_string())?;
            let id = v["id"].as_str().unwrap_or_default().to_owned();
            if let Ok(mut s) = sent.lock() {
                s.insert(id.clone(), started);
            }
            Ok::<_, String>((i, id))
        }));
    }
    for t in tasks {
        match t.await {
            Ok(Ok((i, id))) => ids[i] = id,
            Ok(Err(e)) => errors.lock().map_err(|e| e.to_string())?.push(e),
            Err(e) => return Err(e.to_string()),
        }
    }
    // Every watcher gets every seek within the ticker's round (a second) and the fan-out's time: wait for the
    // last seek's messages, then collect.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let _ = stop_tx.send(true);
    let want = (load.watchers * ids.iter().filter(|i| !i.is_empty()).count()) as u64;
    let sent = sent.lock().map(|s| s.clone()).map_err(|e| e.to_string())?;
    let mut fan = hist();
    let mut got = 0u64;
    for r in readers.drain(..) {
        for (id, at) in r.await.map_err(|e| e.to_string())? {
            if let Some(posted) = sent.get(&id) {
                let _ = fan.record(at.saturating_duration_since(*posted).as_micros().max(1) as u64);
                got += 1;
            }
        }
    }
    report.missed = want.saturating_sub(got);
    report.resends = resends.load(std::sync::atomic::Ordering::Relaxed);
    report.fan_out = latency(&fan);
    report.sockets = load.watchers + creators.len();

    // The full lobby, as a newcomer gets it.
    let started = Instant::now();
    let (newcomer, seeks) = open(&first, None).await?;
    report.full_lobby_ms = started.elapsed().as_secs_f64() * 1000.0;
    report.full_lobby_bytes = seeks.to_string().len();
    report.seeks_open = seeks["seeks"].as_array().map_or(0, Vec::len);
    drop(newcomer);

    // Each seek accepted by a new player (on the other nodes in turn); the creator's socket waits for paired.
    let mut acceptors = Vec::new();
    for i in 0..ids.len() {
        acceptors.push(new_player(&http, &at(i + 1), 100_000 + i).await?);
    }
    let pairing = Arc::new(Mutex::new(hist()));
    let accepted = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let mut tasks = Vec::new();
    for (i, ((_, mut ws), id)) in creators.into_iter().zip(ids.iter().cloned()).enumerate() {
        let (http, base, key) = (http.clone(), at(i + 1), acceptors[i].clone());
        let (pairing, accepted, sem, errors) = (
            pairing.clone(),
            accepted.clone(),
            sem.clone(),
            errors.clone(),
        );
        tasks.push(tokio::spawn(async move {
            let _permit = sem.acquire_owned().await;
            let started = Instant::now();
            let r = http
                .post(format!("{base}/api/seeks/{id}/accept"))
                .bearer_auth(&key)
                .json(&json!({}))
                .send()
                .await;
            match r {
                Ok(r) if r.status().as_u16() == 201 => {
                    accepted.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                }
                Ok(r) => {
                    if let Ok(mut e) = errors.lock() {
                        e.push(format!("accept: {}", r.status()));
                    }
                    return;
                }
                Err(e) => {
                    if let Ok(mut es) = errors.lock() {
                        es.push(format!("accept: {e}"));
                    }
                    return;
                }
            }
            match next_of(&mut ws, "paired", Duration::from_secs(30)).await {
                Ok(_) => {
                    if let Ok(mut h) = pairing.lock() {
                        let _ = h.record(started.elapsed().as_micros().max(1) as u64);
                    }
                }
                Err(e) => {
                    if let Ok(mut es) = errors.lock() {
                        es.push(format!("creator: {e}"));
                    }
                }
            }
        }));
    }
    for t in tasks {
        t.await.map_err(|e| e.to_string())?;
    }
    report.accepted = accepted.load(std::sync::atomic::Ordering::Relaxed);
    report.seek_pairing = pairing
        .lock()
        .map(|h| latency(&h))
        .map_err(|e| e.to_string())?;

    // Pools: pairs join one pool each (their own clock, so that pairs do not mix), the second a moment later.
    let pools = Arc::new(Mutex::new(hist()));
    let mut tasks = Vec::new();
    for p in 0..load.pool_pairs {
        let (a, b) = (
            new_player(&http, &at(p), 200_000 + 2 * p).await?,
            new_player(&http, &at(p + 1), 200_001 + 2 * p).await?,
        );
        let (base_a, base_b) = (at(p), at(p + 1));
        let (pools, sem, errors) = (pools.clone(), sem.clone(), errors.clone());
        tasks.push(tokio::spawn(async move {
            let _permit = sem.acquire_owned().await;
            let run = async {
                let (mut wa, _) = open(&base_a, Some(&a)).await?;
                let (mut wb, _) = open(&base_b, Some(&b)).await?;
                // 60 + p % 120 seconds: a pool per pair among 120 live clocks.
                let clock = json!({ "kind": "live", "initial_s": 60 + (p % 120), "increment_s": 1 + p / 120 });
                let join = json!({ "t": "pool_join", "variant": "kimasai", "clock": clock }).to_string();
                wa.send(Message::Text(join.clone().into())).await.map_err(|e| e.to_string())?;
                next_of(&mut wa, "pooled", Duration::from_secs(30)).await?;
                let started = Instant::now();
                wb.send(Message::Text(join.into())).await.map_err(|e| e.to_string())?;
                next_of(&mut wa, "paired", Duration::from_secs(30)).await?;
                next_of(&mut wb, "paired", Duration::from_secs(30)).await?;
                Ok::<_, String>(started.elapsed())
            };
            match run.await {
                Ok(took) => {
                    if let Ok(mut h) = pools.lock() {
                        let _ = h.record(took.as_micros().max(1) as u64);
                    }
                }
                Err(e) => {
                    if let Ok(mut es) = errors.lock() {
                        es.push(format!("pool: {e}"));
                    }
                }
            }
        }));
    }
    for t in tasks {
        t.await.map_err(|e| e.to_string())?;
    }
    report.pool_pairing = pools
        .lock()
        .map(|h| latency(&h))
        .map_err(|e| e.to_string())?;
    report.errors = errors.lock().map(|e| e.clone()).unwrap_or_default();
    Ok(report)
}
