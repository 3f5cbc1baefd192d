//! Persistence: games and their moves in SQLite (a file in the data directory, WAL mode).
//!
//! Only the non-macro `sqlx::query` API is used, so building needs no database. The SQL is kept portable
//! (`$N` parameters, TEXT/BIGINT/INTEGER columns) so that PostgreSQL can be added later; the exception is
//! `group.rs`'s multi-row statements (`?` parameters, SQLite's `UPDATE … FROM (VALUES …)`), for speed.
//!
//! Here the [`Store`] and its queries; `group.rs` the writer task that commits the moves of all games waiting
//! at once (group commit), `rows.rs` the typed rows, `health.rs` how the last writes went and the writer
//! connection that is discarded after a failed one, `migrations.rs` the embedded SQL files.

mod group;
mod health;
mod migrations;
mod rows;
mod status;
pub mod uptime;

pub use rows::{ClockRow, GameRow, MoveRow, MoveWrite};
pub use uptime::{Now, ServerTime};

use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::mpsc;

use sqlx::migrate::Migrator;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Connection, Row, SqlitePool};

use bao_core::Side;

use crate::error::AppError;
use crate::metrics::StoreMetrics;
use crate::protocol::{Outcome, Status};
use group::MoveJob;
use health::{hint, touch_health, unwritable, Health, Writer, PROBE_TIMEOUT};
use migrations::Embedded;
use rows::{game_row, insert_game_row};

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
    /// Write times and failures, for `/metrics`.
    metrics: StoreMetrics,
    /// The group-commit writer task that moves go to (`None` in the task's own copy, which writes them).
    moves: Option<mpsc::Sender<MoveJob>>,
    /// Transactions committed holding moves (fewer than the moves when they are grouped).
    move_commits: Arc<AtomicU64>,
    /// The server's uptime clock, which game clocks are charged by.
    time: Arc<ServerTime>,
}

/// The clock stored with a move, if any.
fn clock_row(r: &sqlx::sqlite::SqliteRow) -> Result<Option<ClockRow>, AppError> {
    let get = |c: &str| -> Result<Option<i64>, AppError> { r.try_get(c).map_err(AppError::db) };
    Ok(
        match (get("south_ms")?, get("north_ms")?, get("clock_at")?) {
            (Some(south_ms), Some(north_ms), Some(at)) => Some(ClockRow {
                south_ms,
                north_ms,
                at,
            }),
            _ => None,
        },
    )
}

/// Unix seconds now (the times stamped on rows).
pub fn unix_now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
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
        let downtime = uptime::start_uptime(&pool)
            .await
            .map_err(|e| fail("cannot write to the database", e))?;
        let mut store = Store {
            pool,
            reader,
            path,
            health: Arc::default(),
            metrics: StoreMetrics::default(),
            moves: None,
            move_commits: Arc::default(),
            time: Arc::new(ServerTime::starting(downtime)),
        };
        store.moves = Some(group::start(store.clone()));
        tokio::spawn(uptime::heartbeat(
            store.pool.clone(),
            Arc::clone(&store.time),
        ));
        Ok(store)
    }

    /// The server's time (Unix and uptime ms).
    pub fn time(&self) -> &Arc<ServerTime> {
        &self.time
    }

    /// How many transactions holding moves were committed so far: with the moves accepted, the mean size of
    /// a group commit.
    pub fn move_commits(&self) -> u64 {
        self.move_commits.load(Ordering::Relaxed)
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

    /// The database's metrics (registered in the server's `/metrics`).
    pub fn metrics(&self) -> &StoreMetrics {
        &self.metrics
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
        let started = std::time::Instant::now();
        match self.pool.acquire().await {
            Ok(conn) => Ok(Writer {
                conn,
                ok: false,
                started,
            }),
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
        self.metrics
            .commit_seconds
            .observe(w.started.elapsed().as_secs_f64());
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
        if group::refused_row(&e) {
            return AppError::Internal(format!("database: cannot {what}: {e}"));
        }
        let detail = format!("cannot {what}: {e}{}", hint(&e));
        self.note_failure(&detail);
        AppError::NotSaved(detail)
    }

    /// Records a failed write, logging when writes start failing (not every failure after it: a full disk
    /// would flood the log with one line per refused move).
    fn note_failure(&self, detail: &str) {
        self.metrics.write_errors.inc();
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
        if let Err(e) = uptime::write_alive(&self.pool, self.time.now().wall).await {
            tracing::warn!(db = %self.path.display(), "cannot note the shutdown time: {e}");
        }
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

    /// Stores an accepted move and the game's new status/result, in one transaction, which it may share with
    /// the moves of other games waiting at the same time (group commit, `group.rs`). Returns once that
    /// transaction is committed.
    pub async fn insert_move(&self, id: &str, m: &MoveWrite<'_>) -> Result<(), AppError> {
        let (job, answer) = MoveJob::new(id, m);
        match &self.moves {
            Some(writer) => {
                if writer.send(job).await.is_err() {
                    return Err(AppError::NotSaved("the database writer has stopped".into()));
                }
            }
            None => group::commit(self, vec![job]).await,
        }
        answer
            .await
            .unwrap_or_else(|_| Err(AppError::NotSaved("the database writer has stopped".into())))
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

    /// Undoes the moves of game `id` from ply `ply` on (an agreed takeback), in one transaction: deletes them,
    /// stores `clock` as the clock after the move before (if any), and the game's version `v`.
    pub async fn undo(
        &self,
        id: &str,
        ply: i64,
        v: i64,
        clock: Option<ClockRow>,
    ) -> Result<(), AppError> {
        let what = format!("take back the moves of game {id} from ply {ply}");
        let mut w = self.writer(&what).await?;
        let r = async {
            let mut tx = w.conn.begin().await?;
            sqlx::query("DELETE FROM moves WHERE game_id = $1 AND ply >= $2")
                .bind(id)
                .bind(ply)
                .execute(&mut *tx)
                .await?;
            if let Some(c) = clock {
                sqlx::query(
                    "UPDATE moves SET south_ms = $1, north_ms = $2, clock_at = $3 \
                     WHERE game_id = $4 AND ply = $5",
                )
                .bind(c.south_ms)
                .bind(c.north_ms)
                .bind(c.at)
                .bind(id)
                .bind(ply - 1)
                .execute(&mut *tx)
                .await?;
            }
            sqlx::query(
                "UPDATE games SET status = 'playing', result_winner = NULL, result_reason = NULL, \
                 v = $1, updated_at = $2 WHERE id = $3",
            )
            .bind(v)
            .bind(unix_now())
            .bind(id)
            .execute(&mut *tx)
            .await?;
            tx.commit().await
        }
        .await;
        self.settle(w, &what, r)
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
             level, status, result_winner, result_reason, v, rematch_of, rematch_game, closed_v, clock \
             FROM games WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.reader)
        .await
        .map_err(AppError::db)?;
        let Some(row) = row else { return Ok(None) };
        let game = game_row(&row)?;
        let rows = sqlx::query(
            "SELECT ply, notation, v, south_ms, north_ms, clock_at FROM moves WHERE game_id = $1 \
             ORDER BY ply",
        )
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
                clock: clock_row(&r)?,
            });
        }
        Ok(Some((game, moves)))
    }

    /// Whether game `id` exists (without loading it).
    pub async fn exists(&self, id: &str) -> Result<bool, AppError> {
        let row = sqlx::query("SELECT 1 FROM games WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.reader)
            .await
            .map_err(AppError::db)?;
        Ok(row.is_some())
    }

    /// The version of the `moved` event of move `ply` of game `id` and the clock after it, if it is stored.
    pub async fn move_version(
        &self,
        id: &str,
        ply: i64,
    ) -> Result<Option<(i64, Option<ClockRow>)>, AppError> {
        let row = sqlx::query(
            "SELECT v, south_ms, north_ms, clock_at FROM moves WHERE game_id = $1 AND ply = $2",
        )
        .bind(id)
        .bind(ply)
        .fetch_optional(&self.reader)
        .await
        .map_err(AppError::db)?;
        match row {
            Some(r) => Ok(Some((
                r.try_get("v").map_err(AppError::db)?,
                clock_row(&r)?,
            ))),
            None => Ok(None),
        }
    }

    /// Ids of the games being played with a clock, for loading them back at start-up.
    pub async fn clocked_unfinished(&self) -> Result<Vec<String>, AppError> {
        let rows = sqlx::query(
            "SELECT id FROM games WHERE status = 'playing' AND clock IS NOT NULL ORDER BY updated_at DESC",
        )
        .fetch_all(&self.reader)
        .await
        .map_err(AppError::db)?;
        rows.iter()
            .map(|r| r.try_get::<String, _>("id").map_err(AppError::db))
            .collect()
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
