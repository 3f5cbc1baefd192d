//! SQLite: opening `bao.db` (WAL mode, checked for damage), emptying the WAL at shutdown, and the group
//! commit's multi-row statements.

use std::fs::{File, TryLockError};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use sqlx::migrate::Migrator;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{SqliteConnection, SqlitePool};

use bao_core::Side;

use super::db::Db;
use super::group::MoveJob;
use super::health::{sqlite_hint, unwritable};
use super::migrations::{self, Embedded};
use super::StoreError;

/// Why the file system will not let the server write the database `path` or beside it, if it will not.
pub(super) fn unwritable_beside(path: &Path) -> Option<String> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
    unwritable(dir.unwrap_or(Path::new(".")), path)
}

/// Opens (creating if missing) the database `path` and its directory, in WAL mode, and applies the migrations.
///
/// Refuses a database with damaged pages (`PRAGMA quick_check`, which reads every page, so a big database
/// takes longer to start), naming the file and the fault.
pub(super) async fn open(path: &Path) -> Result<Db, StoreError> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
    if let Some(dir) = dir {
        std::fs::create_dir_all(dir).map_err(|e| {
            StoreError::open_from(
                format!("cannot create the data directory {}: {e}", dir.display()),
                e,
            )
        })?;
    }
    let fail = |doing: &str, e: sqlx::Error| {
        let why = match unwritable_beside(path) {
            Some(fs) => format!("; {fs}"),
            None => sqlite_hint(&e).to_owned(),
        };
        StoreError::open_from(format!("{doing} {}: {e}{why}", path.display()), e)
    };
    if path.exists() {
        // Before anything opens it for writing (which sets WAL mode, a write to a copy made by `bao-server
        // backup`): a database of a newer bao-server must be left exactly as it is.
        let applied = applied_migrations(path)
            .await
            .map_err(|e| fail("cannot read the schema version of", e))?;
        migrations::refuse_newer(&path.display().to_string(), &applied)?;
    }
    // Before anything writes: one server per database (issue 31: a second one served stale copies of the
    // games and acknowledged writes that the first one's later writes lost).
    let lock = lock(path)?;
    let opts = SqliteConnectOptions::from_str("sqlite:")
        .map_err(StoreError::from)?
        .filename(path)
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
    let writer = SqlitePoolOptions::new()
        .max_connections(1)
        // The writer never checkpoints: `checkpoints` does it on its own connection and thread (below).
        .connect_with(opts.clone().pragma("wal_autocheckpoint", "0"))
        .await
        .map_err(|e| fail("cannot open the database", e))?;
    // Before anything is written: a damaged file must not be written further.
    let problems: Vec<String> = sqlx::query_scalar("PRAGMA quick_check(5)")
        .fetch_all(&writer)
        .await
        .map_err(|e| fail("cannot check the database", e))?;
    if problems.first().map(String::as_str) != Some("ok") {
        return Err(StoreError::open(format!(
            "the database {} is damaged (PRAGMA quick_check: {}); restore it from a backup \
             (docs/operations.md)",
            path.display(),
            problems.join("; ")
        )));
    }
    let migrator = Migrator::new(Embedded)
        .await
        .map_err(|e| StoreError::open_from(format!("cannot read the migrations: {e}"), e))?;
    migrator.run(&writer).await.map_err(|e| {
        migrations::newer_or(&path.display().to_string(), e)
            .unwrap_or_else(|e| fail("cannot apply the migrations to", sqlx::Error::from(e)))
    })?;
    let reader = SqlitePoolOptions::new()
        .max_connections(4)
        .connect_with(opts.clone().read_only(true))
        .await
        .map_err(|e| fail("cannot open the database", e))?;
    let checkpointer = SqlitePoolOptions::new()
        .max_connections(1)
        .connect_with(opts)
        .await
        .map_err(|e| fail("cannot open the database", e))?;
    tokio::spawn(checkpoints(writer.clone(), checkpointer, wal_path(path)));
    Ok(Db::Sqlite {
        writer,
        reader,
        lock: Arc::new(Mutex::new(Some(lock))),
    })
}

/// The lock file beside the database `db`: `bao.db.lock`.
pub(super) fn lock_path(db: &Path) -> PathBuf {
    let mut name = db.as_os_str().to_owned();
    name.push(".lock");
    name.into()
}

/// Takes the lock of the database `path` (an exclusive `flock` of `bao.db.lock` beside it, which the
/// kernel releases when the process ends, however it ends), and writes this process's id in the file for
/// the message of the next server that tries.
///
/// SQLite's own locks let two processes share the file: a second bao-server on the same data directory
/// (an upgrade's new binary started before the old one exited) would serve its own copies of the games in
/// memory beside the first, and each would overwrite or refuse the other's moves.
fn lock(path: &Path) -> Result<File, StoreError> {
    let at = lock_path(path);
    let mut file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&at)
        .map_err(|e| {
            let why = unwritable_beside(path).map_or(String::new(), |fs| format!("; {fs}"));
            StoreError::open_from(
                format!("cannot open the lock file {}: {e}{why}", at.display()),
                e,
            )
        })?;
    match file.try_lock() {
        Ok(()) => {}
        Err(TryLockError::WouldBlock) => {
            let mut holder = String::new();
            let _ = file.read_to_string(&mut holder);
            let holder = match holder.trim().parse::<u32>() {
                Ok(pid) => format!(" (process {pid})"),
                Err(_) => String::new(),
            };
            return Err(StoreError::open(format!(
                "the database {} is in use by another bao-server{holder}: it holds the lock file {}. \
                 Only one server may use a data directory: stop the other one first (or give this one \
                 another --data-dir)",
                path.display(),
                at.display()
            )));
        }
        Err(TryLockError::Error(e)) => {
            return Err(StoreError::open_from(
                format!("cannot lock {}: {e}", at.display()),
                e,
            ))
        }
    }
    // Only a note for the message above: the lock is the flock, not the file's content.
    let noted = file
        .set_len(0)
        .and_then(|()| file.write_all(format!("{}\n", std::process::id()).as_bytes()));
    if let Err(e) = noted {
        tracing::debug!("cannot write the process id in {}: {e}", at.display());
    }
    Ok(file)
}

/// The migrations applied to the database `path`, read through a read-only connection of its own.
async fn applied_migrations(path: &Path) -> Result<Vec<i64>, sqlx::Error> {
    use sqlx::{ConnectOptions, Connection};
    let mut conn = SqliteConnectOptions::new()
        .filename(path)
        .read_only(true)
        .busy_timeout(Duration::from_secs(5))
        .connect()
        .await?;
    let has_table: bool = sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_sqlx_migrations')",
    )
    .fetch_one(&mut conn)
    .await?;
    let applied = if has_table {
        sqlx::query_scalar(migrations::APPLIED)
            .fetch_all(&mut conn)
            .await?
    } else {
        Vec::new()
    };
    conn.close().await?;
    Ok(applied)
}

/// The WAL's size at which `checkpoints` copies it back into the database: SQLite's own default (1,000
/// pages of 4 KiB).
const CHECKPOINT_BYTES: u64 = 4_000_000;

/// How often `checkpoints` looks at the WAL's size.
const CHECKPOINT_EVERY: Duration = Duration::from_millis(500);

fn wal_path(db: &Path) -> std::path::PathBuf {
    let mut name = db.as_os_str().to_owned();
    name.push("-wal");
    name.into()
}

/// Copies the WAL back into the database (a passive checkpoint) whenever it has grown past
/// `CHECKPOINT_BYTES`, on a connection of its own, until the writer's pool closes.
///
/// SQLite would otherwise checkpoint inside the commit that crosses the threshold, on the writer's thread, and
/// every move waiting for the writer would wait for the checkpoint too. A passive checkpoint runs beside the
/// writer (it never takes the write lock), on the other core; once it has copied every page, the writer's next
/// transaction starts the WAL again from the beginning, so it stays bounded. Measured at saturation (2,000
/// games, no think time, docs/benchmarks.md): 9,100–9,550 moves/s with checkpoints in the commits.
async fn checkpoints(writer: SqlitePool, checkpointer: SqlitePool, wal: std::path::PathBuf) {
    let mut tick = tokio::time::interval(CHECKPOINT_EVERY);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        if writer.is_closed() {
            break;
        }
        if let Err(e) = checkpoint_if_big(&checkpointer, &wal).await {
            tracing::warn!("cannot checkpoint the WAL: {e}{}", sqlite_hint(&e));
        }
    }
    checkpointer.close().await;
}

/// One look of `checkpoints`: a passive checkpoint if the WAL `wal` has reached `CHECKPOINT_BYTES`.
async fn checkpoint_if_big(checkpointer: &SqlitePool, wal: &Path) -> Result<(), sqlx::Error> {
    if std::fs::metadata(wal).is_ok_and(|m| m.len() >= CHECKPOINT_BYTES) {
        sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
            .execute(checkpointer)
            .await?;
    }
    Ok(())
}

/// Empties the WAL into `bao.db`, so that `bao.db` alone is a complete copy once the server is stopped.
pub(super) async fn checkpoint(writer: &SqlitePool, name: &str) {
    let r: Result<(i64, i64, i64), _> = sqlx::query_as("PRAGMA wal_checkpoint(TRUNCATE)")
        .fetch_one(writer)
        .await;
    match r {
        Ok((0, _, _)) => tracing::debug!(db = %name, "WAL checkpointed"),
        Ok((_, log, done)) => tracing::warn!(
            db = %name,
            "the WAL could not be emptied ({done} of {log} pages written back; another process is \
             reading the database): keep bao.db-wal with bao.db"
        ),
        Err(e) => tracing::warn!(
            db = %name,
            "cannot checkpoint the WAL: {e}{}; keep bao.db-wal with bao.db",
            sqlite_hint(&e)
        ),
    }
}

/// Rows per multi-row statement: 8 parameters a row, well below SQLite's 32,766.
const ROWS_PER_STATEMENT: usize = 256;

/// The moves and their games' rows, in one transaction.
///
/// Each statement is a hand-off to sqlx's SQLite thread and back (two thread switches), which costs more
/// than the SQL itself: so the rows go in multi-row statements, a few per batch rather than two per move.
pub(super) async fn write_moves(
    conn: &mut SqliteConnection,
    jobs: &[MoveJob],
    t: i64,
) -> Result<(), sqlx::Error> {
    use sqlx::Connection;
    let mut tx = conn.begin().await?;
    // `UPDATE … FROM` takes one row per game: a game with two moves in the batch (a room waits for its
    // move's answer, so this does not happen) is written a move at a time.
    let chunk = if super::group::repeats_a_game(jobs) {
        1
    } else {
        ROWS_PER_STATEMENT
    };
    for part in jobs.chunks(chunk) {
        let insert = insert_sql(part.len());
        let mut q = sqlx::query(&insert);
        for m in part {
            q = q
                .bind(&m.game)
                .bind(m.ply)
                .bind(&m.notation)
                .bind(m.move_v)
                .bind(t)
                .bind(m.clock.map(|c| c.south_ms))
                .bind(m.clock.map(|c| c.north_ms))
                .bind(m.clock.map(|c| c.at));
        }
        q.execute(&mut *tx).await?;
        let update = update_sql(part.len());
        let mut q = sqlx::query(&update).bind(t);
        for m in part {
            q = q
                .bind(&m.game)
                .bind(m.status.name())
                .bind(m.result.and_then(|r| r.winner).map(Side::name))
                .bind(m.result.map(|r| r.reason.name()))
                .bind(m.game_v);
        }
        q.execute(&mut *tx).await?;
    }
    tx.commit().await
}

/// `INSERT INTO moves` of `rows` rows (8 parameters each).
///
/// Anonymous `?` parameters, not `$N`: sqlx looks each numbered one up by name, and SQLite's name lookup
/// walks the statement's list, so a statement of n numbered parameters cost n² (measured: a tenth of the
/// server's time at 256 rows).
fn insert_sql(rows: usize) -> String {
    let mut sql = String::from(
        "INSERT INTO moves (game_id, ply, notation, v, played_at, south_ms, north_ms, clock_at) VALUES ",
    );
    push_rows(&mut sql, rows, 8);
    sql
}

/// `UPDATE games` of `rows` games: the time, then 5 parameters a game (id, status, winner, reason, version).
fn update_sql(rows: usize) -> String {
    let mut sql = String::from(
        "UPDATE games SET status = u.column2, result_winner = u.column3, result_reason = u.column4, \
         v = u.column5, updated_at = ? FROM (VALUES ",
    );
    push_rows(&mut sql, rows, 5);
    sql.push_str(") AS u WHERE games.id = u.column1");
    sql
}

/// `rows` rows of `width` anonymous parameters.
fn push_rows(sql: &mut String, rows: usize, width: usize) {
    for r in 0..rows {
        if r > 0 {
            sql.push_str(", ");
        }
        sql.push('(');
        for i in 0..width {
            sql.push_str(if i == 0 { "?" } else { ", ?" });
        }
        sql.push(')');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The writer leaves the WAL to `checkpoints`: a big WAL is copied back into the database by
    /// `checkpoint_if_big` and by nothing else, a small one is left alone.
    #[tokio::test]
    async fn the_wal_is_checkpointed_beside_the_writer_once_big() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("bao.db");
        let Db::Sqlite { writer, .. } = open(&path).await.expect("open") else {
            unreachable!("a SQLite path opens SQLite");
        };
        let checkpointer = SqlitePool::connect_with(SqliteConnectOptions::new().filename(&path))
            .await
            .expect("checkpointer");
        let db_size = || std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
        sqlx::query("CREATE TABLE scratch (b BLOB)")
            .execute(&writer)
            .await
            .expect("create");
        sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
            .execute(&checkpointer)
            .await
            .expect("empty the WAL");
        let small = db_size();

        // A small WAL stays where it is.
        sqlx::query("INSERT INTO scratch VALUES (zeroblob(100000))")
            .execute(&writer)
            .await
            .expect("insert");
        checkpoint_if_big(&checkpointer, &wal_path(&path))
            .await
            .expect("look");
        assert_eq!(db_size(), small, "a small WAL is not checkpointed");

        // Past CHECKPOINT_BYTES, the commit does not checkpoint (the writer's autocheckpoint is off) ...
        for _ in 0..5 {
            sqlx::query("INSERT INTO scratch VALUES (randomblob(1000000))")
                .execute(&writer)
                .await
                .expect("insert");
        }
        assert!(
            std::fs::metadata(wal_path(&path)).expect("wal").len() >= CHECKPOINT_BYTES,
            "the WAL grew"
        );
        assert_eq!(db_size(), small, "the writer did not checkpoint");
        // ... the checkpointer does.
        checkpoint_if_big(&checkpointer, &wal_path(&path))
            .await
            .expect("checkpoint");
        assert!(
            db_size() >= small + 5_000_000,
            "the pages are in the database: {}",
            db_size()
        );
    }
}
