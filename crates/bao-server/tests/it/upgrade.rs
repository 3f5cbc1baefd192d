//! Upgrades: a data directory made by an older version opens in this one with every game as it was
//! (`tests/fixtures/`, one directory per version that made one), and a database that a newer version has
//! migrated is refused by this one, in words, and left exactly as it was (SQLite and PostgreSQL).

use crate::common;

use std::path::{Path, PathBuf};
use std::time::Instant;

use common::services::TestDb;
use common::{run_to_exit, test_config, Server, Ws};
use serde_json::{json, Value};
use sqlx::Connection;

/// `crates/bao-server/tests/fixtures`.
fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

/// The newest schema version this binary knows: the number of files in `migrations/` (numbered from 1
/// without gaps, which the store's unit test checks).
fn newest_schema() -> i64 {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../migrations");
    std::fs::read_dir(dir)
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .path()
                .extension()
                .is_some_and(|x| x == "sql")
        })
        .count() as i64
}

/// The fields of a game's snapshot that a restart or an upgrade keeps as they are; the others tell who is
/// connected now (`watchers`, a seat's `online`), when the clock was read (`clock.at`), or derive from
/// these (`legal`, `blocked`, `history`, `stage`).
const KEPT: &[&str] = &[
    "id",
    "variant",
    "status",
    "seats",
    "level",
    "moves",
    "result",
    "clock",
    "rematch",
    "rematch_of",
    "created_at",
    "position",
];

/// The part of snapshot `snap` that must survive an upgrade (see [`KEPT`]).
fn kept(snap: &Value) -> Value {
    let mut out = serde_json::Map::new();
    for k in KEPT {
        out.insert((*k).to_owned(), snap[*k].clone());
    }
    for side in ["south", "north"] {
        if let Some(seat) = out["seats"][side].as_object_mut() {
            seat.remove("online");
            // Players came after 0.1.0: its games' seats have none (and the fixture no such field).
            if let Some(player) = seat.remove("player") {
                assert!(player.is_null(), "a seat of 0.1.0 with a player: {player}");
            }
        }
    }
    if let Some(clock) = out["clock"].as_object_mut() {
        clock.remove("at");
    }
    Value::Object(out)
}

/// A `moved` event without its clock's `at`: an event sent again after a restart is the very same but for
/// that instant, which moves forward by the time the server was down.
fn without_at(mut moved: Value) -> Value {
    if let Some(clock) = moved["clock"].as_object_mut() {
        clock.remove("at");
    }
    moved
}

/// Asserts that `now` (a snapshot) keeps what `recorded` ([`kept`] of a snapshot) held, the clock's running
/// side having lost at most `ran_ms` since.
fn assert_kept(recorded: &Value, now: &Value, ran_ms: i64) {
    let (mut want, mut got) = (recorded.clone(), kept(now));
    let id = want["id"].clone();
    if let Some(side) = want["clock"]["running"].as_str() {
        let key = format!("{side}_ms");
        let was = want["clock"][&key].as_i64().unwrap();
        let is = got["clock"][&key].as_i64().unwrap();
        assert!(
            is <= was && is >= was - ran_ms,
            "game {id}: {side}'s clock had {was} ms, has {is} ms after {ran_ms} ms"
        );
        want["clock"].as_object_mut().unwrap().remove(&key);
        got["clock"].as_object_mut().unwrap().remove(&key);
    }
    assert_eq!(got, want, "game {id}");
}

/// The seat `you` of a welcome, as the test names seats.
fn seat_index(side: &str) -> usize {
    match side {
        "south" => 0,
        "north" => 1,
        other => panic!("not a seat: {other}"),
    }
}

/// Every fixture directory (one holding `bao.db` and `games.json`), oldest first.
fn fixture_dirs() -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(fixtures())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|d| d.join("bao.db").is_file() && d.join("games.json").is_file())
        .collect();
    dirs.sort();
    dirs
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_data_directory_of_an_older_version_opens_with_every_game_intact() {
    let dirs = fixture_dirs();
    assert!(!dirs.is_empty(), "no fixture in {}", fixtures().display());
    for fixture in dirs {
        opens_intact(&fixture).await;
    }
}

/// Opens a copy of the data directory `fixture` with this server and checks every game of its
/// `games.json`: its snapshot, every move's `moved` event (each move sent again by its player gets the very
/// same answer), the players' tokens, a review; then that the upgraded database takes new moves.
async fn opens_intact(fixture: &Path) {
    let listing: Value =
        serde_json::from_str(&std::fs::read_to_string(fixture.join("games.json")).unwrap())
            .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir(&data).unwrap();
    // A copy: the fixture itself is never opened for writing.
    std::fs::copy(fixture.join("bao.db"), data.join("bao.db")).unwrap();
    let started = Instant::now();
    let s = Server::start(&data).await;
    let games = listing["games"].as_array().unwrap();
    assert!(games.len() >= 8, "{}", fixture.display());
    for g in games {
        let id = g["id"].as_str().unwrap();
        let (status, snap) = s.get_json(&format!("/api/games/{id}")).await;
        assert_eq!(status, 200, "{} game {id}: {snap}", fixture.display());
        let ran = started.elapsed().as_millis() as i64;
        // The generator read the clocks a few milliseconds before it stopped its server.
        assert_kept(&g["snapshot"], &snap, ran + 5_000);
        assert!(
            snap["v"].as_u64().unwrap() >= g["v"].as_u64().unwrap(),
            "game {id}: versions never go back ({} < {})",
            snap["v"],
            g["v"]
        );

        // Each player's token still holds the seat, and each of the player's moves sent again is answered
        // with the event it had, to the letter (position, trace, legal moves, clock after it).
        for (side, token) in g["tokens"].as_object().unwrap() {
            let mut ws = s.ws(id).await;
            let welcome = ws.hello(token.as_str(), 0).await;
            assert_eq!(welcome["you"], *side, "game {id}: the token of {side}");
            for moved in g["moved"].as_array().unwrap() {
                if moved["by"] != *side {
                    continue;
                }
                ws.send(json!({"t": "move", "ply": moved["ply"], "move": moved["move"]}))
                    .await;
                let again = ws.recv_t("moved").await;
                assert_eq!(
                    without_at(again),
                    without_at(moved.clone()),
                    "game {id}: ply {} sent again",
                    moved["ply"]
                );
            }
            ws.close().await;
        }
        let moves = snap["moves"].as_array().unwrap();
        assert_eq!(
            g["moved"].as_array().unwrap().len(),
            moves.len(),
            "game {id}: every move's event is in the listing"
        );
        if !g["review"].is_null() {
            let (status, review) = s.get_json(&format!("/api/games/{id}/review")).await;
            assert_eq!(status, 200, "game {id}: the stored review");
            assert_eq!(review, g["review"], "game {id}: the stored review");
        }
    }

    // The upgraded database takes writes: a move in the first game still being played between friends.
    let g = games
        .iter()
        .find(|g| {
            g["snapshot"]["status"] == "playing" && g["tokens"].as_object().unwrap().len() == 2
        })
        .expect("a game between friends being played");
    let id = g["id"].as_str().unwrap();
    let (_, snap) = s.get_json(&format!("/api/games/{id}")).await;
    let to_move = snap["position"]["to_move"].as_str().unwrap();
    let mut ws: Ws = s.ws(id).await;
    ws.hello(g["tokens"][to_move].as_str(), 0).await;
    let ply = snap["moves"].as_array().unwrap().len();
    ws.send(json!({"t": "move", "ply": ply, "move": snap["legal"][0]}))
        .await;
    assert_eq!(ws.recv_t("moved").await["ply"], ply);
    s.stop().await;
    let s = Server::start(&data).await;
    let (_, snap) = s.get_json(&format!("/api/games/{id}")).await;
    assert_eq!(snap["moves"].as_array().unwrap().len(), ply + 1, "{snap}");
    s.stop().await;
}

/// Adds to the SQLite database `db` what a newer bao-server would have: its migration `version`, in sqlx's
/// table, and the column it added.
async fn migrate_further(db: &Path, version: i64) {
    let mut conn = sqlx::SqliteConnection::connect(&format!("sqlite://{}", db.display()))
        .await
        .unwrap();
    sqlx::query("ALTER TABLE games ADD COLUMN from_the_future TEXT")
        .execute(&mut conn)
        .await
        .unwrap();
    sqlx::query(
        "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) \
         VALUES ($1, 'from the future', TRUE, x'00', 0)",
    )
    .bind(version)
    .execute(&mut conn)
    .await
    .unwrap();
    conn.close().await.unwrap();
}

/// The names, sizes and SHA-256 checksums of the files in `dir` but `bao.db-shm`: SQLite's shared-memory index
/// of the WAL, which every reader writes (its read marks) and which holds no data (it is rebuilt from the WAL).
fn files(dir: &Path) -> Vec<(String, u64, String)> {
    use sha2::{Digest, Sha256};
    let mut out: Vec<(String, u64, String)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap())
        .filter(|e| e.file_name() != "bao.db-shm")
        .map(|e| {
            let bytes = std::fs::read(e.path()).unwrap();
            let sum: String = Sha256::digest(&bytes)
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect();
            (
                e.file_name().into_string().unwrap(),
                bytes.len() as u64,
                sum,
            )
        })
        .collect();
    out.sort();
    out
}

/// An older binary started on a newer database refuses to start, says so in words an operator can act on,
/// and changes not a byte of the database: on the newer server's data directory (WAL mode, with writes still in
/// the WAL, which must not be checkpointed) and on a backup of it put in place as `bao.db` (rollback-journal
/// mode, which opening it for writing would change).
#[tokio::test]
async fn a_newer_database_is_refused_and_left_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let s = Server::start(&data).await;
    s.friends_game("kujifunza").await;
    s.stop().await;
    let future = newest_schema() + 1;
    migrate_further(&data.join("bao.db"), future).await;
    let restored = dir.path().join("restored");
    std::fs::create_dir(&restored).unwrap();
    let backup = restored.join("bao.db");
    let (status, stderr) = run_to_exit(&["backup", backup.to_str().unwrap()], &data, &[]);
    assert!(status.success(), "{stderr}");

    for data in [&data, &restored] {
        let before = files(data);
        let (status, stderr) = run_to_exit(&[], data, &[]);
        eprintln!("{}: {status:?}\n{stderr}", data.display());
        assert!(!status.success(), "started on a newer database");
        let db = data.join("bao.db").display().to_string();
        for part in [
            db.as_str(),
            &format!("schema version {future}"),
            &format!("up to {}", future - 1),
            "upgrade bao-server",
            "restore a backup",
        ] {
            assert!(stderr.contains(part), "{part:?} in {stderr}");
        }
        assert_eq!(files(data), before, "{} was changed", data.display());
        assert!(before.iter().any(|f| f.0 == "bao.db"), "{before:?}");
    }
}

/// The rows of a PostgreSQL database that any start-up writes (the health row, the node's heartbeat) and
/// sqlx's migrations, as text.
async fn start_up_rows(url: &str) -> Vec<String> {
    let mut conn = sqlx::PgConnection::connect(url).await.unwrap();
    let mut rows = Vec::new();
    for q in [
        "SELECT format('%s', h) FROM health h",
        "SELECT format('%s', n) FROM nodes n ORDER BY name",
        "SELECT format('%s %s %s', version, description, checksum) FROM _sqlx_migrations ORDER BY version",
        "SELECT format('%s', g) FROM games g ORDER BY id",
    ] {
        let texts: Vec<String> = sqlx::query_scalar(q).fetch_all(&mut conn).await.unwrap();
        rows.extend(texts);
    }
    conn.close().await.unwrap();
    rows
}

#[tokio::test]
async fn a_newer_postgres_database_is_refused_and_left_as_it_was() {
    let Some(db) = TestDb::create().await else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let mut config = test_config(dir.path());
    config.database_url = Some(db.url.clone());
    let s = Server::start_with(config.clone()).await;
    s.friends_game("kiswahili").await;
    s.stop().await;
    let future = newest_schema() + 1;
    let mut conn = sqlx::PgConnection::connect(&db.url).await.unwrap();
    sqlx::query(
        "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) \
         VALUES ($1, 'from the future', TRUE, '\\x00', 0)",
    )
    .bind(future)
    .execute(&mut conn)
    .await
    .unwrap();
    conn.close().await.unwrap();

    let before = start_up_rows(&db.url).await;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let refused = bao_server::app::serve(config, listener, async {}).await;
    let message = bao_server::logs::chain(&refused.expect_err("started on a newer database"));
    eprintln!("{message}");
    for part in [
        format!("schema version {future}").as_str(),
        &format!("up to {}", future - 1),
        "upgrade bao-server",
        "restore a backup",
    ] {
        assert!(message.contains(part), "{part:?} in {message}");
    }
    assert_eq!(
        start_up_rows(&db.url).await,
        before,
        "the database was changed"
    );
}

/// Makes the fixture of this version: a data directory with a few games of every kind, and `games.json`,
/// what the server said of each. Run it once per release whose schema is new (tests/fixtures/README.md):
///
/// `cargo test -p bao-server --test it upgrade::make_fixture -- --ignored`
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "makes tests/fixtures/bao-VERSION once per version; see tests/fixtures/README.md"]
async fn make_fixture() {
    let out = fixtures().join(format!("bao-{}", bao_server::VERSION));
    assert!(!out.exists(), "{} exists already", out.display());
    let dir = tempfile::tempdir().unwrap();
    let mut config = test_config(dir.path());
    config.computer_seed = Some(1);
    config.review_ms = 50;
    let s = Server::start_with(config).await;
    let mut games = Vec::new();
    let live = json!({"kind": "live", "initial_s": 180, "increment_s": 2});
    let corr = json!({"kind": "correspondence", "days": 3});
    let flag = json!({"kind": "live", "initial_s": 1, "increment_s": 0});

    let mut g = Made::friends(&s, "kujifunza", Value::Null, "no clock, being played").await;
    g.play(6).await;
    games.push(g);
    let mut g = Made::friends(&s, "kiswahili", live, "a live clock, running").await;
    g.play(5).await;
    games.push(g);
    let mut g = Made::friends(&s, "kiswahili-malawi", corr, "correspondence, running").await;
    g.play(4).await;
    games.push(g);
    let mut g = Made::computer(&s, "kimasai", "the computer (easy) north, south to move").await;
    g.play(4).await;
    games.push(g);
    let mut g = Made::friends(&s, "kujifunza", Value::Null, "resigned, reviewed, rematch").await;
    g.play(5).await;
    g.resign_and_rematch(&s, &mut games).await;
    games.push(g);
    let mut g = Made::friends(&s, "kiswahili", flag, "lost on time").await;
    g.play(2).await;
    g.watcher.recv_t("ended").await;
    games.push(g);
    let (id, _, token) = s
        .create(json!({"variant": "kimasai", "seat": "south"}))
        .await;
    games.push(Made::seen(&s, id, [Some(token), None], "waiting for an opponent").await);

    let mut listing = Vec::new();
    for g in games.iter_mut() {
        listing.push(g.listing(&s).await);
    }
    s.stop().await;
    // A graceful stop folds the WAL into bao.db, which alone is then the data directory.
    let wal = std::fs::metadata(dir.path().join("bao.db-wal")).map_or(0, |m| m.len());
    assert_eq!(wal, 0, "the WAL was left with {wal} bytes");
    std::fs::create_dir_all(&out).unwrap();
    std::fs::copy(dir.path().join("bao.db"), out.join("bao.db")).unwrap();
    // One line per game: pretty-printed, the positions' numbers would make the file three times as big.
    let games: Vec<String> = listing.iter().map(Value::to_string).collect();
    let text = format!(
        "{{\"made_by\": {},\n\"schema_version\": {},\n\"games\": [\n{}\n]}}",
        json!(format!("bao-server {}", bao_server::VERSION_AND_COMMIT)),
        newest_schema(),
        games.join(",\n")
    );
    std::fs::write(out.join("games.json"), text + "\n").unwrap();
    eprintln!("wrote {}", out.display());
}

/// A game the fixture generator made, with a spectator's socket that has seen every event.
struct Made {
    id: String,
    note: &'static str,
    tokens: [Option<String>; 2],
    socks: [Option<Ws>; 2],
    watcher: Ws,
    /// The game's start (its first snapshot), then every `moved` event, in order.
    seen: Vec<Value>,
    review: Value,
}

impl Made {
    /// A game between friends of `variant` with `clock`, both seats taken and connected.
    async fn friends(s: &Server, variant: &str, clock: Value, note: &'static str) -> Made {
        let body = json!({"variant": variant, "seat": "south", "clock": clock});
        let (id, _, south) = s.create(body).await;
        let (status, joined) = s.post(&format!("/api/games/{id}/join"), json!({})).await;
        assert_eq!(status, 200, "{joined}");
        let north = joined["token"].as_str().unwrap().to_owned();
        Made::seen(s, id, [Some(south), Some(north)], note).await
    }

    /// A game of `variant` against the computer, the test south.
    async fn computer(s: &Server, variant: &str, note: &'static str) -> Made {
        let body =
            json!({"variant": variant, "seat": "south", "opponent": "computer", "level": "easy"});
        let (id, _, south) = s.create(body).await;
        Made::seen(s, id, [Some(south), None], note).await
    }

    /// Game `id` with the players of `tokens` connected, and a spectator.
    async fn seen(s: &Server, id: String, tokens: [Option<String>; 2], note: &'static str) -> Made {
        let mut watcher = s.ws(&id).await;
        watcher.hello(None, 0).await;
        let start = watcher.recv_t("snapshot").await["game"].clone();
        let mut socks = [None, None];
        for (i, t) in tokens.iter().enumerate() {
            if let Some(t) = t {
                let mut ws = s.ws(&id).await;
                ws.hello(Some(t), 0).await;
                ws.recv_t("snapshot").await;
                socks[i] = Some(ws);
            }
        }
        Made {
            id,
            note,
            tokens,
            socks,
            watcher,
            seen: vec![start],
            review: Value::Null,
        }
    }

    /// Plays `n` moves, each the first legal one; the computer plays its own.
    async fn play(&mut self, n: usize) {
        for _ in 0..n {
            let last = self.seen.last().unwrap();
            let side = seat_index(last["position"]["to_move"].as_str().unwrap());
            let (ply, mv) = (self.seen.len() - 1, last["legal"][0].clone());
            if let Some(ws) = self.socks[side].as_mut() {
                ws.send(json!({"t": "move", "ply": ply, "move": mv})).await;
            }
            let m = self.watcher.recv_t("moved").await;
            assert_eq!(m["ply"], ply, "{m}");
            self.seen.push(m);
        }
    }

    /// South resigns; both players ask for a rematch, which is played for two moves and listed in `games`.
    async fn resign_and_rematch(&mut self, s: &Server, games: &mut Vec<Made>) {
        let [Some(south), Some(north)] = &mut self.socks else {
            panic!("a game between friends");
        };
        south.send(json!({"t": "resign"})).await;
        self.watcher.recv_t("ended").await;
        south.send(json!({"t": "rematch"})).await;
        north.send(json!({"t": "rematch"})).await;
        // Sides swap: this game's north is south in the rematch.
        let (to_south, to_north) = (agreed(north).await, agreed(south).await);
        let id = to_south["game"].as_str().unwrap().to_owned();
        let tokens = [to_south["token"].as_str(), to_north["token"].as_str()]
            .map(|t| Some(t.unwrap().to_owned()));
        let mut rematch = Made::seen(s, id, tokens, "the rematch of the resigned game").await;
        rematch.play(2).await;
        games.push(rematch);
        self.review = loop {
            let (status, review) = s.get_json(&format!("/api/games/{}/review", self.id)).await;
            if status == 200 {
                break review;
            }
            assert_eq!(status, 202, "{review}");
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        };
    }

    /// Its entry in `games.json`.
    async fn listing(&mut self, s: &Server) -> Value {
        let (status, snap) = s.get_json(&format!("/api/games/{}", self.id)).await;
        assert_eq!(status, 200);
        let mut tokens = serde_json::Map::new();
        for (side, t) in ["south", "north"].iter().zip(&self.tokens) {
            if let Some(t) = t {
                tokens.insert((*side).to_owned(), json!(t));
            }
        }
        json!({
            "id": self.id,
            "note": self.note,
            "v": snap["v"],
            "snapshot": kept(&snap),
            "tokens": tokens,
            "moved": self.seen[1..],
            "review": self.review,
        })
    }
}

/// The `rematch` event that tells the player of `ws` its seat in the agreed rematch (after the offers).
async fn agreed(ws: &mut Ws) -> Value {
    loop {
        let r = ws.recv_t("rematch").await;
        if r["token"].is_string() {
            return r;
        }
    }
}
