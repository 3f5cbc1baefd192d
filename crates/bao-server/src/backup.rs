//! `bao-server backup FILE`: a consistent copy of the database, taken while the server runs.
//!
//! SQLite's `VACUUM INTO` reads the database in one read transaction through a connection of its own (WAL
//! mode lets it read beside the server's writer, which is not held up) and writes a compact, complete
//! database file: one file, no WAL, ready to be put back as `bao.db`.
//!
//! `bao-server backup --dir DIR --keep N` (the systemd timer of `deploy/`) names the copy after the time and
//! then deletes the oldest backups of the directory beyond the newest N.

use std::path::{Path, PathBuf};
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

/// The name [`backup_into`] gives a backup taken at `unix` (seconds, UTC): `bao-YYYY-MM-DD-HHMMSS.db`, so that
/// the names sort in time order and say when.
pub fn name_at(unix: i64) -> String {
    let secs = unix.rem_euclid(86_400);
    format!(
        "bao-{}-{:02}{:02}{:02}.db",
        crate::record::date(unix),
        secs / 3600,
        secs / 60 % 60,
        secs % 60
    )
}

/// Whether `name` is one that [`name_at`] gives: the only files that [`backup_into`] ever deletes.
fn is_backup_name(name: &str) -> bool {
    let b = name.as_bytes();
    let digits = |r: std::ops::Range<usize>| b[r].iter().all(u8::is_ascii_digit);
    b.len() == name_at(0).len()
        && name.starts_with("bao-")
        && name.ends_with(".db")
        && digits(4..8)
        && b[8] == b'-'
        && digits(9..11)
        && b[11] == b'-'
        && digits(12..14)
        && b[14] == b'-'
        && digits(15..21)
}

/// What [`backup_into`] did.
#[derive(Debug)]
pub struct Kept {
    /// The new backup.
    pub file: PathBuf,
    /// Its size in bytes.
    pub bytes: u64,
    /// The older backups deleted, oldest first.
    pub removed: Vec<PathBuf>,
}

/// Copies `db` into the directory `dir` (created if missing) as [`name_at`] `now`, then, with `keep`, deletes
/// the oldest backups there beyond the newest `keep` (the new one counted and never deleted). Only files named
/// as [`name_at`] names them are counted or deleted; nothing is deleted when the backup fails.
///
/// Keeping a number of backups rather than the backups of a number of days: a machine that was off for
/// weeks still has its last ones after its first backup.
pub async fn backup_into(
    db: &Path,
    dir: &Path,
    keep: Option<usize>,
    now: i64,
) -> Result<Kept, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let name = name_at(now);
    let file = dir.join(&name);
    let bytes = backup(db, &file).await?;
    let mut removed = Vec::new();
    if let Some(keep) = keep {
        let entries =
            std::fs::read_dir(dir).map_err(|e| format!("cannot list {}: {e}", dir.display()))?;
        let mut older: Vec<String> = entries
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .filter(|n| is_backup_name(n) && *n != name)
            .collect();
        older.sort();
        // The new backup is one of the `keep`, even if the clock went back and its name sorts first.
        let excess = older.len().saturating_sub(keep.saturating_sub(1));
        for old in &older[..excess] {
            let path = dir.join(old);
            std::fs::remove_file(&path).map_err(|e| {
                format!(
                    "backed up to {}, but cannot delete {}: {e}",
                    file.display(),
                    path.display()
                )
            })?;
            removed.push(path);
        }
    }
    Ok(Kept {
        file,
        bytes,
        removed,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backups_are_named_after_the_time_in_order() {
        // 2025-06-01 03:04:05 UTC.
        assert_eq!(name_at(1_748_747_045), "bao-2025-06-01-030405.db");
        assert!(is_backup_name(&name_at(1_748_747_045)));
        assert!(name_at(1_748_747_045) < name_at(1_748_747_046));
        assert!(name_at(1_748_747_045) < name_at(1_748_747_045 + 86_400));
        for other in [
            "bao.db",
            "bao-2025-06-01-030405.db-wal",
            "bao-2025-06-01-03040x.db",
            "bao-2025-06-01T030405.db",
            "xbao-2025-06-01-030405.db",
            "bao-2025-06-01-030405.sql",
        ] {
            assert!(!is_backup_name(other), "{other}");
        }
    }

    /// A small database as the server would leave it.
    async fn database(dir: &Path) -> PathBuf {
        let db = dir.join("bao.db");
        let mut conn = SqliteConnectOptions::new()
            .filename(&db)
            .create_if_missing(true)
            .connect()
            .await
            .expect("create");
        sqlx::query("CREATE TABLE games (id TEXT PRIMARY KEY)")
            .execute(&mut conn)
            .await
            .expect("table");
        conn.close().await.expect("close");
        db
    }

    #[tokio::test]
    async fn the_newest_backups_are_kept_and_nothing_else_is_touched() {
        let dir = tempfile::tempdir().expect("temp dir");
        let db = database(dir.path()).await;
        let backups = dir.path().join("backups");
        let day = 86_400;
        let t0 = 1_748_747_045;
        for i in 0..4 {
            let kept = backup_into(&db, &backups, Some(3), t0 + i * day)
                .await
                .expect("backup");
            assert_eq!(kept.file, backups.join(name_at(t0 + i * day)));
            assert!(kept.bytes > 0);
            let expect: Vec<PathBuf> = if i == 3 {
                vec![backups.join(name_at(t0))]
            } else {
                vec![]
            };
            assert_eq!(kept.removed, expect, "backup {i}");
        }
        std::fs::write(backups.join("notes.txt"), "mine").expect("write");
        std::fs::write(backups.join("bao.db"), "mine").expect("write");
        // The clock went back: the new backup sorts first and is still kept, with the newest other two.
        let kept = backup_into(&db, &backups, Some(3), t0 - day)
            .await
            .expect("backup");
        assert_eq!(kept.removed, vec![backups.join(name_at(t0 + day))]);
        let mut left: Vec<String> = std::fs::read_dir(&backups)
            .expect("list")
            .map(|e| e.expect("entry").file_name().into_string().expect("name"))
            .collect();
        left.sort();
        let mut expect = vec![
            name_at(t0 - day),
            name_at(t0 + 2 * day),
            name_at(t0 + 3 * day),
            "bao.db".to_owned(),
            "notes.txt".to_owned(),
        ];
        expect.sort();
        assert_eq!(left, expect);

        // A failed backup (the name is taken) deletes nothing.
        let e = backup_into(&db, &backups, Some(1), t0 + 3 * day)
            .await
            .expect_err("the name exists");
        assert!(e.contains("already exists"), "{e}");
        assert_eq!(std::fs::read_dir(&backups).expect("list").count(), 5);
        // Without --keep nothing is deleted.
        let kept = backup_into(&db, &backups, None, t0 + 4 * day)
            .await
            .expect("backup");
        assert!(kept.removed.is_empty());
    }
}
