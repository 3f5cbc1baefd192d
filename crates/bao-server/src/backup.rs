//! `bao-server backup FILE`: a consistent copy of the database, taken while the server runs.
//!
//! SQLite's `VACUUM INTO` reads the database in one read transaction through a connection of its own (WAL
//! mode lets it read beside the server's writer, which is not held up) and writes a compact, complete
//! database file: one file, no WAL, ready to be put back as `bao.db`.

use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{ConnectOptions, Connection};

/// Copies the SQLite database `db` (`bao.db` of the data directory) to `target`, which must not exist yet;
/// returns the copy's size in bytes.
pub async fn backup(db: &Path, target: &Path) -> Result<u64, String> {
    if !db.is_file() {
        return Err(format!("there is no database at {}", db.display()));
    }
    // symlink_metadata: a dangling link is a file there too, and VACUUM INTO would write through it.
    if target.symlink_metadata().is_ok() {
        return Err(format!(
            "{} already exists; a backup never overwrites a file: give a new name",
            target.display()
        ));
    }
    let target_text = target
        .to_str()
        .ok_or_else(|| format!("{} is not a UTF-8 path", target.display()))?;
    let copy = async {
        let mut conn = SqliteConnectOptions::from_str("sqlite:")
            .map_err(|e| e.to_string())?
            .filename(db)
            // Only reads; the server's writer keeps the write lock for itself.
            .read_only(true)
            .busy_timeout(Duration::from_secs(10))
            .connect()
            .await
            .map_err(|e| format!("cannot open {}: {e}", db.display()))?;
        sqlx::query("VACUUM INTO $1")
            .bind(target_text)
            .execute(&mut conn)
            .await
            .map_err(|e| format!("cannot copy {} to {}: {e}", db.display(), target.display()))?;
        conn.close().await.map_err(|e| e.to_string())?;
        // The copy must open and be whole before it is called a backup.
        let mut copy = SqliteConnectOptions::from_str("sqlite:")
            .map_err(|e| e.to_string())?
            .filename(target)
            .read_only(true)
            .connect()
            .await
            .map_err(|e| format!("cannot open the copy {}: {e}", target.display()))?;
        let check: String = sqlx::query_scalar("PRAGMA quick_check")
            .fetch_one(&mut copy)
            .await
            .map_err(|e| format!("cannot check the copy {}: {e}", target.display()))?;
        copy.close().await.map_err(|e| e.to_string())?;
        if check != "ok" {
            return Err(format!(
                "the copy {} does not pass PRAGMA quick_check: {check}",
                target.display()
            ));
        }
        std::fs::metadata(target)
            .map(|m| m.len())
            .map_err(|e| format!("{}: {e}", target.display()))
    };
    let r = copy.await;
    if r.is_err() && target.is_file() {
        // A half-written copy must not pass for a backup; it was not there before.
        let _ = std::fs::remove_file(target);
    }
    r
}
