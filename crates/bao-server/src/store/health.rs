//! The database's health: how the last writes went (for `/healthz`), the writer connection that is closed
//! after a failed write, and what to tell an operator about a database error.

use std::path::Path;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::db::{on_conn, Conn, Db};
use super::unix_now;

/// A `/healthz` answer is at most this old: writes (real or the probe's) within it stand for the database's
/// health, so that a flood of health checks costs at most one small write per period.
pub(super) const HEALTH_FRESH: Duration = Duration::from_secs(1);
/// A health probe that takes longer than this counts as failed (the writer is stuck).
pub(super) const PROBE_TIMEOUT: Duration = Duration::from_secs(5);
/// `/healthz` answers within this: a probe not done by then answers "not writable" (it goes on, and its
/// outcome answers the next checks). A frozen database answered in 3-5 s before (issue 31), longer than
/// a load balancer's health check waits.
pub(super) const HEALTH_ANSWER: Duration = Duration::from_millis(800);

/// The outcome of the last write and when it was, shared by every clone of the [`Store`].
#[derive(Debug, Default)]
pub(super) struct Health {
    pub(super) last: Mutex<Option<(Instant, bool)>>,
    /// One probe at a time (held by the probe's task); the others wait for its answer.
    pub(super) probing: std::sync::Arc<tokio::sync::Mutex<()>>,
}

impl Health {
    /// The last outcome, if it is recent enough to answer a health check.
    pub(super) fn fresh(&self) -> Option<bool> {
        let last = *self.last.lock().unwrap_or_else(|p| p.into_inner());
        last.filter(|(at, _)| at.elapsed() < HEALTH_FRESH)
            .map(|(_, ok)| ok)
    }

    /// Records an outcome; returns the previous one.
    pub(super) fn record(&self, ok: bool) -> Option<bool> {
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
/// inside it: acknowledged, never committed (issue 12: 2 moves refused, then every move lost). PostgreSQL's
/// connections are treated the same way: a connection that failed a write is not trusted with the next.
pub(super) struct Writer {
    pub(super) conn: Conn,
    pub(super) ok: bool,
    /// When the write asked for the writer (for the commit-time histogram).
    pub(super) started: Instant,
}

impl Drop for Writer {
    fn drop(&mut self) {
        if !self.ok {
            self.conn.close_on_drop();
        }
    }
}

/// SQLite's primary result code of a database error (the low byte of the extended code).
pub(super) fn sqlite_code(e: &sqlx::Error) -> Option<i64> {
    match e {
        sqlx::Error::Database(d) => d
            .code()
            .and_then(|c| c.parse::<i64>().ok())
            .map(|c| c & 0xff),
        _ => None,
    }
}

/// What an operator should know about a database error, where the database's own words are not enough.
pub(super) fn hint(db: &Db, e: &sqlx::Error) -> &'static str {
    match db {
        Db::Sqlite { .. } => sqlite_hint(e),
        Db::Postgres { .. } => match e {
            sqlx::Error::Io(_) | sqlx::Error::PoolTimedOut => {
                " (check that PostgreSQL runs and answers at the address of --database-url)"
            }
            _ => "",
        },
    }
}

/// What an operator should know about a SQLite error, where SQLite's own words are not enough.
pub(super) fn sqlite_hint(e: &sqlx::Error) -> &'static str {
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
pub(super) fn unwritable(dir: &Path, db: &Path) -> Option<String> {
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

/// The health check's write: the one row of `health`, committed (a rolled-back write would not reach the
/// disk: SQLite writes the WAL at commit).
pub(super) async fn touch_health(conn: &mut Conn) -> Result<(), sqlx::Error> {
    on_conn!(conn, c => sqlx::query("UPDATE health SET writes = writes + 1, checked_at = $1 WHERE id = 1")
        .bind(unix_now())
        .execute(c)
        .await
        .map(|_| ()))
}
