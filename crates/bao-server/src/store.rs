//! Persistence: games and their moves in SQLite (a file in the data directory, WAL mode).
//!
//! Only the non-macro `sqlx::query` API is used, so building needs no database. The SQL is kept portable
//! (`$N` parameters, TEXT/BIGINT/INTEGER columns) so that PostgreSQL can be added later.

use std::borrow::Cow;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use sqlx::error::ErrorKind;
use sqlx::migrate::{Migration, MigrationSource, MigrationType, Migrator};
use sqlx::pool::PoolConnection;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Connection, Row, Sqlite, SqlitePool};

use bao_ai::Level;
use bao_core::{Side, Variant};

use crate::error::AppError;
use crate::protocol::{Outcome, Reason, SeatKind, Status};
use crate::tokens::new_game_id;

/// The migrations of `migrations/` at the repository root, embedded at build time (what `sqlx::migrate!`
/// does, without needing sqlx's macros).
const MIGRATIONS: &[(i64, &str, &str)] = &[
    (
        1,
        "games",
        include_str!("../../../migrations/0001_games.sql"),
    ),
    (
        2,
        "closed version",
        include_str!("../../../migrations/0002_closed_version.sql"),
    ),
    (
        3,
        "health",
        include_str!("../../../migrations/0003_health.sql"),
    ),
];

#[derive(Debug)]
struct Embedded;

impl MigrationSource<'static> for Embedded {
    fn resolve(
        self,
    ) -> futures_core_box::BoxFuture<'static, Result<Vec<Migration>, sqlx::error::BoxDynError>>
    {
        Box::pin(async {
            Ok(MIGRATIONS
                .iter()
                .map(|&(version, desc, sql)| {
                    Migration::new(
                        version,
                        Cow::Borrowed(desc),
                        MigrationType::Simple,
                        Cow::Borrowed(sql),
                        false,
                    )
                })
                .collect())
        })
    }
}

/// `BoxFuture` as `MigrationSource` spells it, without a dependency on the futures crate.
mod futures_core_box {
    use std::future::Future;
    use std::pin::Pin;
    /// A boxed, sendable future.
    pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;
}

/// A game row as stored.
#[derive(Clone, Debug)]
pub struct GameRow {
    /// Game id.
    pub id: String,
    /// The variant.
    pub variant: Variant,
    /// Unix seconds.
    pub created_at: i64,
    /// Who holds south's and north's seat.
    pub kinds: [SeatKind; 2],
    /// Hex SHA-256 of the seat tokens (south, north).
    pub token_hashes: [Option<String>; 2],
    /// The computer's level, if a seat is the computer's.
    pub level: Option<Level>,
    /// Where the game stands.
    pub status: Status,
    /// Winner and reason once finished.
    pub result: Option<Outcome>,
    /// Event version of the last write.
    pub v: i64,
    /// The game this one is a rematch of.
    pub rematch_of: Option<String>,
    /// The rematch of this game, once agreed.
    pub rematch_game: Option<String>,
    /// The version when its room last left memory in good order (read only).
    pub closed_v: Option<i64>,
}

impl GameRow {
    /// A new game with a fresh id, created now: playing once every seat is held (by a token or the
    /// computer), else waiting.
    pub fn new(
        variant: Variant,
        kinds: [SeatKind; 2],
        token_hashes: [Option<String>; 2],
        level: Option<Level>,
    ) -> GameRow {
        let held = Side::ALL
            .into_iter()
            .all(|s| kinds[s.index()] == SeatKind::Computer || token_hashes[s.index()].is_some());
        GameRow {
            id: new_game_id(),
            variant,
            created_at: unix_now(),
            kinds,
            token_hashes,
            level,
            status: if held {
                Status::Playing
            } else {
                Status::Waiting
            },
            result: None,
            v: 0,
            rematch_of: None,
            rematch_game: None,
            closed_v: None,
        }
    }
}

/// A stored move.
#[derive(Clone, Debug)]
pub struct MoveRow {
    /// Moves before this one.
    pub ply: i64,
    /// Notation, e.g. `A6L`.
    pub notation: String,
    /// Version of its `moved` event.
    pub v: i64,
}

/// An accepted move to write, with what it does to the game.
#[derive(Clone, Copy, Debug)]
pub struct MoveWrite<'a> {
    /// Moves before it.
    pub ply: i64,
    /// Notation.
    pub notation: &'a str,
    /// Version of its `moved` event.
    pub move_v: i64,
    /// The game's version after it (one more when it ends the game).
    pub game_v: i64,
    /// The game's status after it.
    pub status: Status,
    /// The result, when it ends the game.
    pub result: Option<Outcome>,
}

/// The database.
#[derive(Clone, Debug)]
pub struct Store {
    /// Writes (one connection).
    pool: SqlitePool,
    /// Reads.
    reader: SqlitePool,
    /// `bao.db`, for messages.
    path: PathBuf,
    /// How the last writes went, for `/healthz`.
    health: Arc<Health>,
}

/// A `/healthz` answer is at most this old: writes (real or the probe's) within it stand for the database's
/// health, so that a flood of health checks costs at most one small write per period.
const HEALTH_FRESH: Duration = Duration::from_secs(1);
/// A health probe that takes longer than this counts as failed (the writer is stuck).
const PROBE_TIMEOUT: Duration = Duration::from_secs(5);

/// The outcome of the last write and when it was, shared by every clone of the [`Store`].
#[derive(Debug, Default)]
struct Health {
    last: Mutex<Option<(Instant, bool)>>,
    /// One probe at a time; the others wait for its answer.
    probing: tokio::sync::Mutex<()>,
}

impl Health {
    /// The last outcome, if it is recent enough to answer a health check.
    fn fresh(&self) -> Option<bool> {
        let last = *self.last.lock().unwrap_or_else(|p| p.into_inner());
        last.filter(|(at, _)| at.elapsed() < HEALTH_FRESH)
            .map(|(_, ok)| ok)
    }

    /// Records an outcome; returns the previous one.
    fn record(&self, ok: bool) -> Option<bool> {
        let mut last = self.last.lock().unwrap_or_else(|p| p.into_inner());
        last.replace((Instant::now(), ok)).map(|(_, was)| was)
    }
}

/// The writer connection, held for one write.
///
/// Unless the write succeeded ([`Store::settle`] marks it), the connection is closed when this is dropped
/// instead of going back to the pool, and the pool opens a fresh one for the next write; closing a SQLite
/// connection rolls back whatever it had open. A connection must not outlive a failed write: when a COMMIT
/// failed with SQLITE_FULL, sqlx kept counting the transaction as open while SQLite had ended it, so its
/// ROLLBACK failed and the next write began with a SAVEPOINT instead of BEGIN; when that one failed too,
/// ROLLBACK TO SAVEPOINT left a transaction open for good, and every later write was a savepoint released
/// inside it: acknowledged, never committed (issue 12: 2 moves refused, then every move lost).
struct Writer {
    conn: PoolConnection<Sqlite>,
    ok: bool,
}

impl Drop for Writer {
    fn drop(&mut self) {
        if !self.ok {
            self.conn.close_on_drop();
        }
    }
}

/// Unix seconds now (the times stamped on rows).
pub fn unix_now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

/// SQLite's primary result code of a database error (the low byte of the extended code).
fn sqlite_code(e: &sqlx::Error) -> Option<i64> {
    match e {
        sqlx::Error::Database(d) => d
            .code()
            .and_then(|c| c.parse::<i64>().ok())
            .map(|c| c & 0xff),
        _ => None,
    }
}

/// What an operator should know about a database error, where SQLite's own words are not enough.
fn hint(e: &sqlx::Error) -> &'static str {
    match sqlite_code(e) {
        // SQLITE_READONLY
        Some(8) => {
            " (the database or its directory is read-only: the server writes bao.db, bao.db-wal and \
             bao.db-shm there)"
        }
        // SQLITE_CORRUPT, SQLITE_NOTADB
        Some(11) | Some(26) => " (the database file is damaged; restore it from a backup)",
        // SQLITE_FULL
        Some(13) => " (the disk is full)",
        // SQLITE_CANTOPEN
        Some(14) => " (check that the directory exists and that the server may write there)",
        _ => "",
    }
}

/// Why the file system will not let the server write `db` or beside it in `dir`, if it will not: SQLite's
/// own message for that ("unable to open database file") does not say.
fn unwritable(dir: &Path, db: &Path) -> Option<String> {
    let explain = |what: String, e: std::io::Error| {
        // EROFS, the same number on Linux and the BSDs.
        if e.raw_os_error() == Some(30) {
            format!("{what} is on a read-only file system")
        } else if e.kind() == std::io::ErrorKind::PermissionDenied {
            format!("{what} is read-only for this user ({e})")
        } else {
            format!("{what} cannot be written ({e})")
        }
    };
    if db.exists() {
        if let Err(e) = std::fs::OpenOptions::new().append(true).open(db) {
            return Some(explain(format!("the database {}", db.display()), e));
        }
    }
    // The WAL and its index are files beside the database: the directory must take new files.
    let probe = dir.join(".bao-write-test");
    match std::fs::File::create(&probe) {
        Ok(_) => {
            let _ = std::fs::remove_file(&probe);
            None
        }
        Err(e) => Some(explain(format!("the data directory {}", dir.display()), e)),
    }
}

impl Store {
    /// Opens (creating if missing) `bao.db` in `data_dir`, in WAL mode, and applies the migrations.
    ///
    /// Refuses a database it could not safely run on, with a message naming the file and the fault: one
    /// with damaged pages (`PRAGMA quick_check`, which reads every page, so a big database takes longer to
    /// start), and one that cannot be written (a test write: a read-only file, directory or file system, a
    /// full disk).
    pub async fn open(data_dir: &Path) -> Result<Store, AppError> {
        std::fs::create_dir_all(data_dir).map_err(|e| {
            AppError::Startup(format!(
                "cannot create the data directory {}: {e}",
                data_dir.display()
            ))
        })?;
        let path = data_dir.join("bao.db");
        let fail = |doing: &str, e: sqlx::Error| {
            let why = match unwritable(data_dir, &path) {
                Some(fs) => format!("; {fs}"),
                None => hint(&e).to_owned(),
            };
            AppError::Startup(format!("{doing} {}: {e}{why}", path.display()))
        };
        let opts = SqliteConnectOptions::from_str("sqlite:")
            .map_err(AppError::db)?
            .filename(&path)
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            // In WAL mode NORMAL is durable across application crashes; only an OS crash can lose the last
            // transactions.
            .synchronous(SqliteSynchronous::Normal)
            .busy_timeout(Duration::from_secs(5))
            .foreign_keys(true);
        // One writer connection: SQLite has a single write lock, and several writers only take turns through
        // its busy handler (measured with the load generator: one writer gave more moves per second, a
        // twentieth of the median round trip and less CPU than four). Reads (loading games) use their own
        // pool, which WAL mode lets run beside the writer.
        let pool = SqlitePoolOptions::new()
            .max_connections(1)
            .connect_with(opts.clone())
            .await
            .map_err(|e| fail("cannot open the database", e))?;
        // Before anything is written: a damaged file must not be written further.
        let problems: Vec<String> = sqlx::query_scalar("PRAGMA quick_check(5)")
            .fetch_all(&pool)
            .await
            .map_err(|e| fail("cannot check the database", e))?;
        if problems.first().map(String::as_str) != Some("ok") {
            return Err(AppError::Startup(format!(
                "the database {} is damaged (PRAGMA quick_check: {}); restore it from a backup \
                 (docs/operations.md)",
                path.display(),
                problems.join("; ")
            )));
        }
        let migrator = Migrator::new(Embedded).await.map_err(AppError::db)?;
        migrator
            .run(&pool)
            .await
            .map_err(|e| fail("cannot apply the migrations to", sqlx::Error::from(e)))?;
        let reader = SqlitePoolOptions::new()
            .max_connections(4)
            .connect_with(opts.read_only(true))
            .await
            .map_err(|e| fail("cannot open the database", e))?;
        // The migrations write only once; this proves that this start can write.
        if let Err(e) = touch_health(&pool).await {
            let why = unwritable(data_dir, &path)
                .map(|fs| format!("; {fs}"))
                .unwrap_or_else(|| hint(&e).to_owned());
            return Err(AppError::Startup(format!(
                "cannot write to the database {}: {e}{why}",
                path.display()
            )));
        }
        let store = Store {
            pool,
            reader,
            path,
            health: Arc::default(),
        };
        Ok(store)
    }

    /// Whether the database can be written now: `/healthz`.
    ///
    /// The outcome of the writes of the last second answers (a failed move turns it false at once); without
    /// any, a probe commits a small real write (one row of `health`). A rolled-back write would prove nothing:
    /// SQLite writes the WAL only at commit. The probe proves that a small commit works now; a larger one
    /// may still fail on a nearly full disk, and then its failure answers the next health checks.
    pub async fn writable(&self) -> bool {
        if let Some(ok) = self.health.fresh() {
            return ok;
        }
        let _one = self.health.probing.lock().await;
        // Another probe may have answered while this one waited.
        if let Some(ok) = self.health.fresh() {
            return ok;
        }
        match tokio::time::timeout(PROBE_TIMEOUT, self.probe()).await {
            Ok(r) => r.is_ok(),
            Err(_) => {
                self.note_failure("check that the database can be written: no answer in 5 s");
                false
            }
        }
    }

    /// One small committed write.
    async fn probe(&self) -> Result<(), AppError> {
        let mut w = self
            .writer("check that the database can be written")
            .await?;
        let r = touch_health(&mut *w.conn).await;
        self.settle(w, "check that the database can be written", r)
    }

    /// The writer connection for one write.
    async fn writer(&self, what: &str) -> Result<Writer, AppError> {
        match self.pool.acquire().await {
            Ok(conn) => Ok(Writer { conn, ok: false }),
            Err(e) => Err(self.failed(what, e)),
        }
    }

    /// Ends a write: the writer goes back to the pool after a success and is closed after a failure.
    fn settle<T>(
        &self,
        mut w: Writer,
        what: &str,
        r: Result<T, sqlx::Error>,
    ) -> Result<T, AppError> {
        match r {
            Ok(v) => {
                w.ok = true;
                if self.health.record(true) == Some(false) {
                    tracing::info!(db = %self.path.display(), "the database can be written again");
                }
                Ok(v)
            }
            Err(e) => {
                drop(w);
                Err(self.failed(what, e))
            }
        }
    }

    /// The answer to a failed write: `unavailable` (nothing was changed; try again) when the database could
    /// not take it, `internal` when the write itself was refused (a constraint: a bug of ours).
    fn failed(&self, what: &str, e: sqlx::Error) -> AppError {
        let ours = matches!(&e, sqlx::Error::Database(d) if matches!(
            d.kind(),
            ErrorKind::UniqueViolation
                | ErrorKind::ForeignKeyViolation
                | ErrorKind::NotNullViolation
                | ErrorKind::CheckViolation
        ));
        if ours {
            return AppError::Internal(format!("database: cannot {what}: {e}"));
        }
        let detail = format!("cannot {what}: {e}{}", hint(&e));
        self.note_failure(&detail);
        AppError::NotSaved(detail)
    }

    /// Records a failed write, logging when writes start failing (not every failure after it: a full disk
    /// would flood the log with one line per refused move).
    fn note_failure(&self, detail: &str) {
        if self.health.record(false) == Some(false) {
            tracing::debug!(db = %self.path.display(), "{detail}");
        } else {
            tracing::error!(
                db = %self.path.display(),
                "{detail}; moves and new games are refused (503 unavailable) until the database can be \
                 written again"
            );
        }
    }

    /// Closes the database: the readers, then a checkpoint that empties the WAL into `bao.db` (so that
    /// `bao.db` alone is a complete copy once the server is stopped), then the writer.
    pub async fn close(&self) {
        // A reader reading would keep the checkpoint from emptying the WAL; and a read-only connection closed
        // last cannot fold the WAL in the way SQLite's last connection otherwise does.
        self.reader.close().await;
        let r: Result<(i64, i64, i64), _> = sqlx::query_as("PRAGMA wal_checkpoint(TRUNCATE)")
            .fetch_one(&self.pool)
            .await;
        match r {
            Ok((0, _, _)) => tracing::debug!(db = %self.path.display(), "WAL checkpointed"),
            Ok((_, log, done)) => tracing::warn!(
                db = %self.path.display(),
                "the WAL could not be emptied ({done} of {log} pages written back; another process is \
                 reading the database): keep bao.db-wal with bao.db"
            ),
            Err(e) => tracing::warn!(
                db = %self.path.display(),
                "cannot checkpoint the WAL: {e}{}; keep bao.db-wal with bao.db",
                hint(&e)
            ),
        }
        self.pool.close().await;
    }

    /// Inserts a new game.
    pub async fn insert_game(&self, g: &GameRow) -> Result<(), AppError> {
        let what = format!("store new game {}", g.id);
        let mut w = self.writer(&what).await?;
        let r = insert_game_row(&mut *w.conn, g).await;
        self.settle(w, &what, r)
    }

    /// Records a rematch: inserts the new game and links the old one to it, in one transaction.
    pub async fn insert_rematch(
        &self,
        old_id: &str,
        v: i64,
        new: &GameRow,
    ) -> Result<(), AppError> {
        let what = format!("store the rematch {} of game {old_id}", new.id);
        let mut w = self.writer(&what).await?;
        let r = async {
            let mut tx = w.conn.begin().await?;
            insert_game_row(&mut *tx, new).await?;
            sqlx::query(
                "UPDATE games SET rematch_game = $1, v = $2, updated_at = $3 WHERE id = $4",
            )
            .bind(&new.id)
            .bind(v)
            .bind(unix_now())
            .bind(old_id)
            .execute(&mut *tx)
            .await?;
            tx.commit().await
        }
        .await;
        self.settle(w, &what, r)
    }

    /// Claims a seat: stores the token hash and the new status.
    pub async fn claim_seat(
        &self,
        id: &str,
        seat: Side,
        token_hash: &str,
        status: Status,
        v: i64,
    ) -> Result<(), AppError> {
        // Column names cannot be parameters; the two statements are fixed strings.
        let sql = match seat {
            Side::South => "UPDATE games SET south_token_hash = $1, status = $2, v = $3, updated_at = $4 WHERE id = $5",
            Side::North => "UPDATE games SET north_token_hash = $1, status = $2, v = $3, updated_at = $4 WHERE id = $5",
        };
        let what = format!("store a seat of game {id}");
        let mut w = self.writer(&what).await?;
        let r = sqlx::query(sql)
            .bind(token_hash)
            .bind(status.name())
            .bind(v)
            .bind(unix_now())
            .bind(id)
            .execute(&mut *w.conn)
            .await;
        self.settle(w, &what, r.map(|_| ()))
    }

    /// Stores an accepted move and the game's new status/result, in one transaction.
    pub async fn insert_move(&self, id: &str, m: &MoveWrite<'_>) -> Result<(), AppError> {
        let t = unix_now();
        let what = format!("store move {} of game {id}", m.ply);
        let mut w = self.writer(&what).await?;
        let r = async {
            let mut tx = w.conn.begin().await?;
            sqlx::query(
                "INSERT INTO moves (game_id, ply, notation, v, played_at) VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(id)
            .bind(m.ply)
            .bind(m.notation)
            .bind(m.move_v)
            .bind(t)
            .execute(&mut *tx)
            .await?;
            sqlx::query(
                "UPDATE games SET status = $1, result_winner = $2, result_reason = $3, v = $4, updated_at = $5 \
                 WHERE id = $6",
            )
            .bind(m.status.name())
            .bind(m.result.and_then(|r| r.winner).map(Side::name))
            .bind(m.result.map(|r| r.reason.name()))
            .bind(m.game_v)
            .bind(t)
            .bind(id)
            .execute(&mut *tx)
            .await?;
            tx.commit().await
        }
        .await;
        self.settle(w, &what, r)
    }

    /// Ends a game without a move (resignation).
    pub async fn finish(&self, id: &str, result: Outcome, v: i64) -> Result<(), AppError> {
        let what = format!("store the end of game {id}");
        let mut w = self.writer(&what).await?;
        let r = sqlx::query(
            "UPDATE games SET status = 'finished', result_winner = $1, result_reason = $2, v = $3, \
             updated_at = $4 WHERE id = $5",
        )
        .bind(result.winner.map(Side::name))
        .bind(result.reason.name())
        .bind(v)
        .bind(unix_now())
        .bind(id)
        .execute(&mut *w.conn)
        .await;
        self.settle(w, &what, r.map(|_| ()))
    }

    /// Remembers the event version when a room leaves memory in good order (presence events are not
    /// written one by one).
    pub async fn close_version(&self, id: &str, v: i64) -> Result<(), AppError> {
        let what = format!("store the version of game {id}");
        let mut w = self.writer(&what).await?;
        let r = sqlx::query("UPDATE games SET v = $1, closed_v = $1 WHERE id = $2 AND v <= $1")
            .bind(v)
            .bind(id)
            .execute(&mut *w.conn)
            .await;
        self.settle(w, &what, r.map(|_| ()))
    }

    /// Raises the stored version (while the room lives, so that a crash loses only a bounded number).
    pub async fn raise_version(&self, id: &str, v: i64) -> Result<(), AppError> {
        let what = format!("store the version of game {id}");
        let mut w = self.writer(&what).await?;
        let r = sqlx::query("UPDATE games SET v = $1 WHERE id = $2 AND v < $1")
            .bind(v)
            .bind(id)
            .execute(&mut *w.conn)
            .await;
        self.settle(w, &what, r.map(|_| ()))
    }

    /// Loads a game and its moves in order, or `None` if there is no such game.
    pub async fn load(&self, id: &str) -> Result<Option<(GameRow, Vec<MoveRow>)>, AppError> {
        let row = sqlx::query(
            "SELECT id, variant, created_at, south_kind, north_kind, south_token_hash, north_token_hash, \
             level, status, result_winner, result_reason, v, rematch_of, rematch_game, closed_v FROM games \
             WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.reader)
        .await
        .map_err(AppError::db)?;
        let Some(row) = row else { return Ok(None) };
        let game = game_row(&row)?;
        let rows =
            sqlx::query("SELECT ply, notation, v FROM moves WHERE game_id = $1 ORDER BY ply")
                .bind(id)
                .fetch_all(&self.reader)
                .await
                .map_err(AppError::db)?;
        let mut moves = Vec::with_capacity(rows.len());
        for r in rows {
            moves.push(MoveRow {
                ply: r.try_get("ply").map_err(AppError::db)?,
                notation: r.try_get("notation").map_err(AppError::db)?,
                v: r.try_get("v").map_err(AppError::db)?,
            });
        }
        Ok(Some((game, moves)))
    }

    /// Ids of the games that are not finished, for loading them back at start-up.
    pub async fn unfinished(&self) -> Result<Vec<String>, AppError> {
        let rows =
            sqlx::query("SELECT id FROM games WHERE status <> 'finished' ORDER BY updated_at DESC")
                .fetch_all(&self.reader)
                .await
                .map_err(AppError::db)?;
        rows.iter()
            .map(|r| r.try_get::<String, _>("id").map_err(AppError::db))
            .collect()
    }
}

/// The health check's write: the one row of `health`, committed (a rolled-back write would not reach the
/// disk: SQLite writes the WAL at commit).
async fn touch_health<'e, E>(db: E) -> Result<(), sqlx::Error>
where
    E: sqlx::Executor<'e, Database = sqlx::Sqlite>,
{
    sqlx::query("UPDATE health SET writes = writes + 1, checked_at = $1 WHERE id = 1")
        .bind(unix_now())
        .execute(db)
        .await?;
    Ok(())
}

/// Inserts `g` (the one `INSERT INTO games`, for new games and rematches alike).
async fn insert_game_row<'e, E>(db: E, g: &GameRow) -> Result<(), sqlx::Error>
where
    E: sqlx::Executor<'e, Database = sqlx::Sqlite>,
{
    sqlx::query(
        "INSERT INTO games (id, variant, created_at, updated_at, south_kind, north_kind, \
         south_token_hash, north_token_hash, level, status, result_winner, result_reason, v, \
         rematch_of, rematch_game, closed_v) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $13)",
    )
    .bind(&g.id)
    .bind(g.variant.name())
    .bind(g.created_at)
    .bind(unix_now())
    .bind(g.kinds[0].name())
    .bind(g.kinds[1].name())
    .bind(&g.token_hashes[0])
    .bind(&g.token_hashes[1])
    .bind(g.level.map(Level::name))
    .bind(g.status.name())
    .bind(g.result.and_then(|r| r.winner).map(Side::name))
    .bind(g.result.map(|r| r.reason.name()))
    .bind(g.v)
    .bind(&g.rematch_of)
    .bind(&g.rematch_game)
    .execute(db)
    .await?;
    Ok(())
}

/// Reads a `games` row, refusing values this server does not know (a damaged or foreign database).
fn game_row(row: &sqlx::sqlite::SqliteRow) -> Result<GameRow, AppError> {
    let text = |col: &str| -> Result<String, AppError> { row.try_get(col).map_err(AppError::db) };
    let id = text("id")?;
    let bad = |what: &str, value: &str| {
        AppError::Internal(format!(
            "game {id}: unknown {what} {value:?} in the database"
        ))
    };
    let parse_kind = |col: &str| -> Result<SeatKind, AppError> {
        let k = text(col)?;
        SeatKind::parse(&k).ok_or_else(|| bad("seat kind", &k))
    };
    let variant = text("variant")?;
    let status = text("status")?;
    let level: Option<String> = row.try_get("level").map_err(AppError::db)?;
    let winner: Option<String> = row.try_get("result_winner").map_err(AppError::db)?;
    let reason: Option<String> = row.try_get("result_reason").map_err(AppError::db)?;
    // A result is its reason; a draw has no winner.
    let result = match reason {
        Some(r) => Some(Outcome {
            winner: match winner {
                Some(w) => Some(w.parse().map_err(|_| bad("winner", &w))?),
                None => None,
            },
            reason: Reason::parse(&r).ok_or_else(|| bad("result reason", &r))?,
        }),
        None => None,
    };
    Ok(GameRow {
        variant: variant.parse().map_err(|_| bad("variant", &variant))?,
        created_at: row.try_get("created_at").map_err(AppError::db)?,
        kinds: [parse_kind("south_kind")?, parse_kind("north_kind")?],
        token_hashes: [
            row.try_get("south_token_hash").map_err(AppError::db)?,
            row.try_get("north_token_hash").map_err(AppError::db)?,
        ],
        level: match level {
            Some(l) => Some(Level::parse(&l).ok_or_else(|| bad("level", &l))?),
            None => None,
        },
        status: Status::parse(&status).ok_or_else(|| bad("status", &status))?,
        result,
        v: row.try_get("v").map_err(AppError::db)?,
        rematch_of: row.try_get("rematch_of").map_err(AppError::db)?,
        rematch_game: row.try_get("rematch_game").map_err(AppError::db)?,
        closed_v: row.try_get("closed_v").map_err(AppError::db)?,
        id,
    })
}
