//! Real faults under the real binary: a file system that fills up while games are played, a stop that must
//! leave `bao.db` complete on its own, data directories that cannot be used, and backups of a running server.
//!
//! The file-system faults need root (to mount a small tmpfs). CI runs as root, so there a test that cannot
//! mount fails; elsewhere it prints that it was skipped.

use crate::common;

use std::path::Path;
use std::process::Command;
use std::str::FromStr;
use std::time::{Duration, Instant};

use common::{run_to_exit, spawn_binary, Guard, Ws, WAIT};
use serde_json::{json, Value};
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{ConnectOptions, Connection, Row};

/// Limits out of the way: these tests play as fast as they can.
const FAST: &[(&str, &str)] = &[
    ("BAO_WS_RATE", "100000"),
    ("BAO_WS_BURST", "100000"),
    ("BAO_CREATE_PER_MINUTE", "100000"),
    ("RUST_LOG", "info"),
];

/// Whether this process may mount file systems. In CI (`CI=true`, which runs as root) a test that cannot is a
/// failure, never a silent skip.
fn root_or_skip(test: &str) -> bool {
    let uid = Command::new("id")
        .arg("-u")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
        .unwrap_or_default();
    if uid == "0" {
        return true;
    }
    if std::env::var("CI").is_ok_and(|v| v == "true") {
        panic!("{test} needs root to mount a tmpfs, and CI runs as root (uid here: {uid:?})");
    }
    eprintln!("SKIPPED {test}: needs root to mount a tmpfs");
    false
}

/// A tmpfs mounted on a fresh directory, unmounted when dropped (also when the test fails).
struct Tmpfs {
    dir: tempfile::TempDir,
}

impl Tmpfs {
    fn mount(size: &str) -> Tmpfs {
        let dir = tempfile::tempdir().unwrap();
        sh(
            &[
                "mount",
                "-t",
                "tmpfs",
                "-o",
                &format!("size={size}"),
                "tmpfs",
            ],
            dir.path(),
        );
        Tmpfs { dir }
    }

    fn path(&self) -> &Path {
        self.dir.path()
    }

    fn remount(&self, opts: &str) {
        sh(&["mount", "-o", &format!("remount,{opts}")], self.path());
    }

    /// Bytes free.
    fn free(&self) -> u64 {
        let out = Command::new("df")
            .args(["-B1", "--output=avail"])
            .arg(self.path())
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        text.lines().nth(1).unwrap().trim().parse().unwrap()
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let ok = Command::new("umount")
            .arg(self.path())
            .status()
            .is_ok_and(|s| s.success());
        if !ok {
            // Still busy (a process of a failed test): detach it now, it goes when the last user does.
            let _ = Command::new("umount").arg("-l").arg(self.path()).status();
        }
    }
}

/// Runs `args` with `path` appended; panics with its output when it fails.
fn sh(args: &[&str], path: &Path) {
    let out = Command::new(args[0])
        .args(&args[1..])
        .arg(path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?} {}: {}",
        path.display(),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Sends SIGKILL or SIGTERM and waits (bounded) for the process to end.
fn stop(child: &mut Guard, signal: &str) -> std::process::ExitStatus {
    let pid = child.0.id().to_string();
    assert!(Command::new("kill")
        .args([signal, &pid])
        .status()
        .unwrap()
        .success());
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        if let Some(s) = child.0.try_wait().unwrap() {
            return s;
        }
        assert!(Instant::now() < deadline, "the server stops in time");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// A separate connection to a database file, as an operator's `sqlite3` would open it.
async fn open_db(path: &Path) -> sqlx::SqliteConnection {
    SqliteConnectOptions::from_str("sqlite:")
        .unwrap()
        .filename(path)
        .connect()
        .await
        .unwrap_or_else(|e| panic!("open {}: {e}", path.display()))
}

/// The stored moves of game `id`, in order.
async fn stored_moves(db: &mut sqlx::SqliteConnection, id: &str) -> Vec<String> {
    sqlx::query("SELECT notation FROM moves WHERE game_id = $1 ORDER BY ply")
        .bind(id)
        .fetch_all(db)
        .await
        .unwrap()
        .iter()
        .map(|r| r.get::<String, _>("notation"))
        .collect()
}

/// POST /api/games for a game of Kujifunza between friends; the status and body.
async fn create(http: &reqwest::Client, addr: &str) -> (u16, Value) {
    create_with(http, addr, json!({"variant": "kujifunza", "seat": "south"})).await
}

async fn create_with(http: &reqwest::Client, addr: &str, body: Value) -> (u16, Value) {
    let r = http
        .post(format!("http://{addr}/api/games"))
        .json(&body)
        .send()
        .await
        .unwrap();
    (r.status().as_u16(), r.json().await.unwrap_or(Value::Null))
}

async fn healthz(http: &reqwest::Client, addr: &str) -> u16 {
    http.get(format!("http://{addr}/healthz"))
        .send()
        .await
        .map(|r| r.status().as_u16())
        .unwrap_or(0)
}

/// What became of one move sent.
#[derive(Debug)]
enum Outcome {
    /// `moved`: acknowledged (ply, notation).
    Moved(u64, String),
    /// `error` with this code.
    Refused(String),
    /// The game is over: nothing to play.
    Over,
}

/// Why [`Game::new`] gave no game.
#[derive(Debug)]
enum NotCreated {
    /// `POST /api/games` answered this status and body.
    Refused(u16, Value),
    /// Created (201), then unknown to the server: an acknowledged write lost.
    Vanished(String),
}

/// A game between friends played by the test through one socket per seat.
struct Game {
    id: String,
    /// The players' seat tokens (south, north).
    tokens: [String; 2],
    socks: [Ws; 2],
    ply: u64,
    to_move: usize,
    legal: Vec<String>,
}

impl Game {
    /// Creates a game of Kujifunza (short games) and takes both seats.
    async fn new(http: &reqwest::Client, addr: &str) -> Result<Game, NotCreated> {
        Game::of(http, addr, "kujifunza").await
    }

    /// Creates a game of `variant` and takes both seats.
    async fn of(http: &reqwest::Client, addr: &str, variant: &str) -> Result<Game, NotCreated> {
        let (status, created) =
            create_with(http, addr, json!({"variant": variant, "seat": "south"})).await;
        if status != 201 {
            return Err(NotCreated::Refused(status, created));
        }
        let id = created["id"].as_str().unwrap().to_owned();
        let south = created["token"].as_str().unwrap().to_owned();
        let joined = http
            .post(format!("http://{addr}/api/games/{id}/join"))
            .send()
            .await
            .unwrap();
        if joined.status() != 200 {
            let body = joined.text().await.unwrap_or_default();
            return Err(NotCreated::Vanished(format!("{id}: join answered {body}")));
        }
        let joined: Value = joined.json().await.unwrap();
        let north = joined["token"].as_str().unwrap().to_owned();
        let mut a = common::ws_connect(addr, &id).await;
        a.hello(Some(&south), 0).await;
        let snap = a.recv_t("snapshot").await;
        let mut b = common::ws_connect(addr, &id).await;
        b.hello(Some(&north), 0).await;
        let legal = names(&snap["game"]["legal"]);
        let to_move = side_index(&snap["game"]["position"]["to_move"]);
        Ok(Game {
            id,
            tokens: [south, north],
            socks: [a, b],
            ply: 0,
            to_move,
            legal,
        })
    }

    /// Sends the first legal move and waits for its `moved` or an `error`.
    async fn play(&mut self) -> Outcome {
        let Some(mv) = self.legal.first().cloned() else {
            return Outcome::Over;
        };
        let ply = self.ply;
        let ws = &mut self.socks[self.to_move];
        ws.send(json!({"t": "move", "ply": ply, "move": mv})).await;
        loop {
            let m = ws.recv().await;
            match m["t"].as_str() {
                Some("moved") if m["ply"] == ply => {
                    self.ply += 1;
                    self.legal = names(&m["legal"]);
                    self.to_move = side_index(&m["position"]["to_move"]);
                    return Outcome::Moved(ply, mv);
                }
                Some("error") => return Outcome::Refused(m["code"].as_str().unwrap().to_owned()),
                _ => {}
            }
        }
    }
}

fn names(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_owned())
        .collect()
}

fn side_index(v: &Value) -> usize {
    match v.as_str() {
        Some("south") => 0,
        Some("north") => 1,
        other => panic!("not a side: {other:?}"),
    }
}

/// Fills the file system with `file` until nothing more fits.
fn fill_up(file: &Path) {
    use std::io::Write;
    let mut f = std::fs::File::create(file).unwrap();
    let chunk = vec![0xa5u8; 64 * 1024];
    loop {
        match f.write(&chunk) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => {
                assert_eq!(e.raw_os_error(), Some(28), "ENOSPC expected: {e}");
                break;
            }
        }
    }
}

/// Fills the file system of `dir` with `file` until `leave` bytes are free.
fn fill(fs: &Tmpfs, file: &Path, leave: u64) {
    let free = fs.free();
    let len = free.saturating_sub(leave);
    let data = vec![0x5au8; len as usize];
    std::fs::write(file, data).unwrap();
}

/// Acknowledged moves, by game.
type Acked = Vec<(String, u64, String)>;

#[tokio::test]
async fn a_full_disk_loses_no_acknowledged_move_and_recovers_by_itself() {
    if !root_or_skip("a_full_disk_loses_no_acknowledged_move_and_recovers_by_itself") {
        return;
    }
    let fs = Tmpfs::mount("3m");
    let data = fs.path().join("data");
    let (mut child, _, addr) = spawn_binary(&data, FAST);
    let http = reqwest::Client::builder().timeout(WAIT).build().unwrap();
    // Two games at once, so that moves are still tried when creating a game is what fails first.
    let mut games = vec![
        Game::new(&http, &addr).await.unwrap(),
        Game::new(&http, &addr).await.unwrap(),
    ];
    let filler = fs.path().join("filler");
    // A little room left: a few dozen moves fill it.
    fill(&fs, &filler, 256 * 1024);

    let mut acked: Acked = Vec::new();
    let mut refused: Vec<String> = Vec::new();
    let mut vanished: Vec<String> = Vec::new();
    let mut first_failure: Option<Instant> = None;
    let mut acked_after_failure = 0;
    let mut turn = 0;
    for _ in 0..20_000 {
        if games.is_empty() {
            break;
        }
        turn = (turn + 1) % games.len();
        let game = &mut games[turn];
        match game.play().await {
            Outcome::Moved(ply, mv) => {
                acked.push((game.id.clone(), ply, mv));
                if first_failure.is_some() {
                    acked_after_failure += 1;
                }
            }
            Outcome::Refused(code) => {
                first_failure.get_or_insert_with(Instant::now);
                refused.push(code);
            }
            Outcome::Over => {
                games.remove(turn);
                match Game::new(&http, &addr).await {
                    Ok(g) => games.push(g),
                    Err(NotCreated::Refused(status, body)) => {
                        // Creation is a write too: it may be the first to find the disk full.
                        first_failure.get_or_insert_with(Instant::now);
                        assert_eq!(status, 503, "creating a game on a full disk: {body}");
                    }
                    Err(NotCreated::Vanished(what)) => vanished.push(what),
                }
            }
        }
        // Once writes fail, keep trying a while: every further move must be refused, none acknowledged.
        if refused.len() + acked_after_failure >= 20 {
            break;
        }
    }
    assert!(
        vanished.is_empty(),
        "games created (201) then unknown: {vanished:?}"
    );
    let failed_at = first_failure.expect("the file system filled up");
    let health_full = healthz(&http, &addr).await;
    let health_503_after = failed_at.elapsed();
    let (create_status, create_body) = create(&http, &addr).await;
    let db_path = data.join("bao.db");
    let (lost_while_full, _) = count_lost(&db_path, &acked).await;
    eprintln!(
        "full disk: {} moves acknowledged, {lost_while_full} of them not in the database (separate connection); \
         after the first failure {acked_after_failure} acknowledged, {} refused {refused:?}; /healthz {health_full} \
         {health_503_after:?} after the first failure; POST /api/games {create_status}",
        acked.len(),
        refused.len(),
    );
    assert_eq!(
        acked_after_failure, 0,
        "moves acknowledged while writes fail"
    );
    assert!(
        refused.iter().all(|c| c == "unavailable"),
        "refused moves say unavailable: {refused:?}"
    );
    assert_eq!(create_status, 503, "{create_body}");
    assert_eq!(create_body["error"], "unavailable");
    assert_eq!(health_full, 503, "/healthz while writes fail");

    // Space comes back: the same process recovers by itself.
    std::fs::remove_file(&filler).unwrap();
    let freed = Instant::now();
    while healthz(&http, &addr).await != 200 {
        assert!(
            freed.elapsed() < WAIT,
            "/healthz back to 200 after space is freed"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let recovered_in = freed.elapsed();
    let mut game = games.pop().expect("a game left to play");
    for _ in 0..10 {
        match game.play().await {
            Outcome::Moved(ply, mv) => acked.push((game.id.clone(), ply, mv)),
            Outcome::Over => game = Game::new(&http, &addr).await.unwrap(),
            Outcome::Refused(code) => panic!("a move refused ({code}) once space is back"),
        }
    }
    let (status, body) = create(&http, &addr).await;
    assert_eq!(status, 201, "creating a game once space is back: {body}");

    stop(&mut child, "-KILL");
    let (lost, stored) = count_lost(&db_path, &acked).await;
    eprintln!(
        "full disk: /healthz 200 {recovered_in:?} after space was freed; after kill -9: {lost} of {} acknowledged \
         moves lost ({stored} stored)",
        acked.len()
    );
    assert_eq!(lost, 0, "acknowledged moves lost");
    let (_child, _, addr) = spawn_binary(&data, FAST);
    assert_eq!(healthz(&http, &addr).await, 200, "restarts healthy");
    let (_, snap) = get_json(&http, &addr, &format!("/api/games/{}", game.id)).await;
    assert_eq!(
        snap["moves"].as_array().unwrap().len() as u64,
        game.ply,
        "{snap}"
    );
}

/// How many of the acknowledged moves a separate connection does not find, and how many moves it finds.
async fn count_lost(db_path: &Path, acked: &Acked) -> (usize, usize) {
    let mut db = open_db(db_path).await;
    let mut games: Vec<&str> = acked.iter().map(|a| a.0.as_str()).collect();
    games.sort_unstable();
    games.dedup();
    let (mut lost, mut found) = (0, 0);
    for id in games {
        let stored = stored_moves(&mut db, id).await;
        found += stored.len();
        for (_, ply, mv) in acked.iter().filter(|a| a.0 == id) {
            if stored.get(*ply as usize) != Some(mv) {
                lost += 1;
            }
        }
    }
    db.close().await.unwrap();
    (lost, found)
}

async fn get_json(http: &reqwest::Client, addr: &str, path: &str) -> (u16, Value) {
    let r = http
        .get(format!("http://{addr}{path}"))
        .send()
        .await
        .unwrap();
    (r.status().as_u16(), r.json().await.unwrap_or(Value::Null))
}

#[tokio::test]
async fn the_computer_plays_its_unsaved_move_once_space_is_back() {
    if !root_or_skip("the_computer_plays_its_unsaved_move_once_space_is_back") {
        return;
    }
    let fs = Tmpfs::mount("3m");
    let data = fs.path().join("data");
    let (_child, _, addr) = spawn_binary(&data, FAST);
    let http = reqwest::Client::builder().timeout(WAIT).build().unwrap();
    // Hard: it thinks for its full 1.5 s, time enough to fill the disk under it.
    let (status, created) = create_with(
        &http,
        &addr,
        json!({"variant": "kiswahili", "seat": "south", "opponent": "computer", "level": "hard"}),
    )
    .await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap();
    let mut ws = common::ws_connect(&addr, id).await;
    ws.hello(created["token"].as_str(), 0).await;
    // Past the opening book, whose moves the computer plays at once.
    ws.play_out_of_the_book("kiswahili").await;
    let filler = fs.path().join("filler");
    fill_up(&filler);

    // The computer's search (its whole budget) ends, its move cannot be written: nothing arrives.
    let thinking = Instant::now();
    loop {
        let (_, text) = get_text(&http, &addr, "/metrics").await;
        let idle = text.lines().any(|l| l == "bao_computer_searches 0");
        if idle && thinking.elapsed() > Duration::from_millis(1600) {
            break;
        }
        assert!(thinking.elapsed() < WAIT, "the computer's search ends");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(ws.silent_for(300).await, "a move announced on a full disk");
    assert_eq!(healthz(&http, &addr).await, 503);
    // The failed write shows in the metrics the alert rules watch (deploy/prometheus-alerts.yml).
    let (_, text) = get_text(&http, &addr, "/metrics").await;
    assert!(
        text.lines().any(|l| l == "bao_database_writable 0"),
        "{text}"
    );
    let errors = text
        .lines()
        .find_map(|l| l.strip_prefix("bao_db_write_errors_total "))
        .and_then(|v| v.parse::<f64>().ok());
    assert!(errors.is_some_and(|n| n >= 1.0), "{text}");

    std::fs::remove_file(&filler).unwrap();
    let freed = Instant::now();
    let m = ws.recv_t("moved").await;
    assert_eq!(m["by"], "north", "{m}");
    eprintln!(
        "the computer's move arrived {:?} after space was freed",
        freed.elapsed()
    );
}

async fn get_text(http: &reqwest::Client, addr: &str, path: &str) -> (u16, String) {
    let r = http
        .get(format!("http://{addr}{path}"))
        .send()
        .await
        .unwrap();
    (r.status().as_u16(), r.text().await.unwrap())
}

#[tokio::test]
async fn sigterm_leaves_bao_db_complete_on_its_own() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let (mut child, _, addr) = spawn_binary(&data, FAST);
    let http = reqwest::Client::builder().timeout(WAIT).build().unwrap();
    let mut game = Game::new(&http, &addr).await.unwrap();
    let mut played = Vec::new();
    for _ in 0..20 {
        match game.play().await {
            Outcome::Moved(_, mv) => played.push(mv),
            Outcome::Over => break,
            Outcome::Refused(code) => panic!("move refused: {code}"),
        }
    }
    let exit = stop(&mut child, "-TERM");
    assert!(exit.success(), "{exit:?}");
    let wal = data.join("bao.db-wal");
    let wal_len = std::fs::metadata(&wal).map(|m| m.len()).unwrap_or(0);
    assert_eq!(wal_len, 0, "{} left with {wal_len} bytes", wal.display());

    // bao.db alone, as a file-level backup would copy it.
    let copy = dir.path().join("copy");
    std::fs::create_dir(&copy).unwrap();
    std::fs::copy(data.join("bao.db"), copy.join("bao.db")).unwrap();
    let mut db = open_db(&copy.join("bao.db")).await;
    assert_eq!(stored_moves(&mut db, &game.id).await, played);
    db.close().await.unwrap();
}

#[tokio::test]
async fn a_read_only_data_directory_is_refused_at_start_up() {
    if !root_or_skip("a_read_only_data_directory_is_refused_at_start_up") {
        return;
    }
    let fs = Tmpfs::mount("8m");
    let data = fs.path().join("data");
    {
        let (mut child, _, addr) = spawn_binary(&data, FAST);
        let http = reqwest::Client::builder().timeout(WAIT).build().unwrap();
        assert_eq!(create(&http, &addr).await.0, 201);
        assert!(stop(&mut child, "-TERM").success());
    }
    // Root ignores file modes: only a read-only mount makes the database read-only for it.
    fs.remount("ro");
    let (status, stderr) = run_to_exit(&[], &data, &[]);
    fs.remount("rw");
    eprintln!("read-only: {status:?}\n{stderr}");
    assert!(!status.success(), "started on a read-only database");
    assert!(
        stderr.contains(&data.join("bao.db").display().to_string()),
        "the message names the database: {stderr}"
    );
    assert!(
        stderr.contains("read-only"),
        "the message says what is wrong: {stderr}"
    );
}

#[tokio::test]
async fn a_database_with_damaged_pages_is_refused_at_start_up() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    {
        let (mut child, _, addr) = spawn_binary(&data, FAST);
        let http = reqwest::Client::builder().timeout(WAIT).build().unwrap();
        for _ in 0..150 {
            assert_eq!(create(&http, &addr).await.0, 201);
        }
        assert!(stop(&mut child, "-TERM").success());
    }
    let path = data.join("bao.db");
    // Everything into bao.db itself, so that the damage is not hidden by newer pages in the WAL.
    let mut db = open_db(&path).await;
    sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
        .execute(&mut db)
        .await
        .unwrap();
    db.close().await.unwrap();
    let mut bytes = std::fs::read(&path).unwrap();
    let page = 4096;
    let pages = bytes.len() / page;
    assert!(pages >= 8, "a database of {pages} pages");
    // Garbage over two pages in the middle (a fixed pseudo-random pattern).
    let mut x: u32 = 0x9e37_79b9;
    for b in &mut bytes[pages / 2 * page..(pages / 2 + 2) * page] {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        *b = x as u8;
    }
    std::fs::write(&path, &bytes).unwrap();

    let (status, stderr) = run_to_exit(&[], &data, &[]);
    eprintln!("damaged: {status:?}\n{stderr}");
    assert!(!status.success(), "started on a damaged database");
    assert!(
        stderr.contains(&path.display().to_string()),
        "the message names the database: {stderr}"
    );
    assert!(
        stderr.contains("damaged"),
        "the message says what is wrong: {stderr}"
    );
}

/// Backups under load, restored: games are played on several sockets while `bao-server backup` copies the
/// database; the copy, put in a fresh data directory, starts a server that has every game and every move
/// acknowledged before the backup began (and no move that was not acknowledged by the time it ended), with
/// the players' seats, and goes on with them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_taken_while_games_are_played_restores_every_acknowledged_move() {
    use std::sync::{Arc, Mutex};
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let (_child, _, addr) = spawn_binary(&data, FAST);
    let http = reqwest::Client::builder().timeout(WAIT).build().unwrap();
    // Long games, still going on when the backup is taken, and one that may end meanwhile.
    let variants = [
        "kiswahili",
        "kiswahili-malawi",
        "kimasai",
        "kiswahili",
        "kujifunza",
    ];
    // Each game's moves acknowledged so far, in order.
    let acked: Arc<Vec<Mutex<Vec<String>>>> =
        Arc::new(variants.iter().map(|_| Mutex::default()).collect());
    let (ack_tx, mut ack_rx) = tokio::sync::mpsc::unbounded_channel::<usize>();
    let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
    let mut players = Vec::new();
    let mut games = Vec::new();
    for (i, variant) in variants.iter().enumerate() {
        let mut game = Game::of(&http, &addr, variant).await.unwrap();
        games.push((game.id.clone(), game.tokens.clone()));
        let (acked, ack_tx, stop_rx) = (acked.clone(), ack_tx.clone(), stop_rx.clone());
        // Moves go on while the backup is taken.
        players.push(tokio::spawn(async move {
            while !*stop_rx.borrow() {
                match game.play().await {
                    Outcome::Moved(_, mv) => {
                        acked[i].lock().unwrap().push(mv);
                        let _ = ack_tx.send(i);
                    }
                    Outcome::Over => return,
                    Outcome::Refused(code) => panic!("move refused: {code}"),
                }
            }
        }));
    }
    // Every game under way before the backup starts.
    let mut counts = vec![0; variants.len()];
    while counts.iter().any(|&n| n < 3) {
        let i = tokio::time::timeout(WAIT, ack_rx.recv())
            .await
            .unwrap()
            .unwrap();
        counts[i] += 1;
    }
    let moves_now =
        || -> Vec<Vec<String>> { acked.iter().map(|m| m.lock().unwrap().clone()).collect() };
    let before = moves_now();
    let file = dir.path().join("backup.db");
    let (data2, file2) = (data.clone(), file.clone());
    let (status, stderr) = tokio::task::spawn_blocking(move || {
        run_to_exit(&["backup", file2.to_str().unwrap()], &data2, &[])
    })
    .await
    .unwrap();
    let after = moves_now();
    stop_tx.send(true).unwrap();
    for p in players {
        p.await.unwrap();
    }
    assert!(status.success(), "backup failed: {stderr}");

    let mut db = open_db(&file).await;
    let check: String = sqlx::query_scalar("PRAGMA integrity_check")
        .fetch_one(&mut db)
        .await
        .unwrap();
    assert_eq!(check, "ok");
    db.close().await.unwrap();

    // A second backup to the same file is refused and leaves the first alone.
    let first = std::fs::read(&file).unwrap();
    let (status, stderr) = run_to_exit(&["backup", file.to_str().unwrap()], &data, &[]);
    assert!(!status.success(), "overwrote {}", file.display());
    assert!(stderr.contains("exists"), "{stderr}");
    assert_eq!(std::fs::read(&file).unwrap(), first);

    // Restored into a fresh data directory, as the README says.
    let restored = dir.path().join("restored");
    std::fs::create_dir(&restored).unwrap();
    std::fs::copy(&file, restored.join("bao.db")).unwrap();
    let (_child, _, addr) = spawn_binary(&restored, FAST);
    for (i, (id, tokens)) in games.iter().enumerate() {
        let (status, snap) = get_json(&http, &addr, &format!("/api/games/{id}")).await;
        assert_eq!(status, 200, "game {id} restored");
        let moves = names(&snap["moves"]);
        eprintln!(
            "game {i}: {} moves restored; {} acknowledged before the backup began, {} when it ended",
            moves.len(),
            before[i].len(),
            after[i].len()
        );
        assert!(
            moves.len() >= before[i].len() && after[i].starts_with(&moves),
            "game {id}: restored {moves:?}, acknowledged {:?} before and {:?} after",
            before[i],
            after[i]
        );
        // The players still hold their seats, and the game goes on.
        let mut seats = Vec::new();
        for (token, side) in tokens.iter().zip(["south", "north"]) {
            let mut ws = common::ws_connect(&addr, id).await;
            assert_eq!(ws.hello(Some(token), 0).await["you"], side, "game {id}");
            seats.push(ws);
        }
        if snap["status"] == "playing" {
            let ws = &mut seats[side_index(&snap["position"]["to_move"])];
            let ply = moves.len();
            ws.send(json!({"t": "move", "ply": ply, "move": snap["legal"][0]}))
                .await;
            assert_eq!(ws.recv_t("moved").await["ply"], ply, "game {id} goes on");
        }
    }
}

/// Two servers on one data directory (the natural mistake of an upgrade: the new binary started before the
/// old one exited, issue 31): the second refuses to start, in words that name the other process and the
/// lock, and leaves the first one's games alone; every move the first acknowledged, before and after the
/// attempt, is in the database once it has stopped, and the data directory is free again for the next start.
#[tokio::test]
async fn a_second_server_on_the_same_data_directory_refuses_to_start() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let (mut first, _, addr) = spawn_binary(&data, FAST);
    let http = reqwest::Client::builder().timeout(WAIT).build().unwrap();
    let mut game = Game::new(&http, &addr).await.unwrap();
    let mut acked: Acked = Vec::new();
    play_acked(&mut game, &mut acked, 3).await;

    let (status, stderr) = run_to_exit(&[], &data, FAST);
    eprintln!("the second server: {status:?}\n{stderr}");
    assert!(!status.success(), "a second server started on {data:?}");
    for part in [
        "in use by another bao-server".to_owned(),
        format!("(process {})", first.0.id()),
        data.join("bao.db.lock").display().to_string(),
        "stop the other one first".to_owned(),
    ] {
        assert!(stderr.contains(&part), "{part:?} in {stderr}");
    }
    assert!(!stderr.contains("internal"), "{stderr}");

    // The first one goes on as if nothing had happened.
    play_acked(&mut game, &mut acked, 3).await;
    assert_eq!(healthz(&http, &addr).await, 200);
    let status = stop(&mut first, "-TERM");
    assert!(status.success(), "{status:?}");
    let db_path = data.join("bao.db");
    let (lost, _) = count_lost(&db_path, &acked).await;
    assert_eq!(lost, 0, "acknowledged moves lost");

    // Stopped, it frees the directory: the next server starts on it and has every move.
    let (_next, _, addr) = spawn_binary(&data, FAST);
    let (_, snap) = get_json(&http, &addr, &format!("/api/games/{}", game.id)).await;
    assert_eq!(
        snap["moves"].as_array().unwrap().len(),
        acked.len(),
        "{snap}"
    );
}

/// Plays `n` moves of `game`, each of which must be acknowledged, into `acked`.
async fn play_acked(game: &mut Game, acked: &mut Acked, n: usize) {
    for _ in 0..n {
        match game.play().await {
            Outcome::Moved(ply, mv) => acked.push((game.id.clone(), ply, mv)),
            other => panic!("a move of game {}: {other:?}", game.id),
        }
    }
}
