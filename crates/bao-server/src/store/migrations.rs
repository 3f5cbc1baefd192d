//! The SQL migrations of `migrations/`, embedded in the binary, and the refusal of a database that a newer
//! bao-server has migrated further than this one knows.

use std::borrow::Cow;

use sqlx::migrate::{MigrateError, Migration, MigrationSource, MigrationType};

use super::StoreError;

/// The migrations of `migrations/` at the repository root, embedded at build time (what `sqlx::migrate!`
/// does, without needing sqlx's macros). One portable set for SQLite and PostgreSQL: a new migration is a new
/// file there and a line here, and the store's tests apply every one to both databases.
pub(super) const MIGRATIONS: &[(i64, &str, &str)] = &[
    (
        1,
        "games",
        include_str!("../../../../migrations/0001_games.sql"),
    ),
    (
        2,
        "closed version",
        include_str!("../../../../migrations/0002_closed_version.sql"),
    ),
    (
        3,
        "health",
        include_str!("../../../../migrations/0003_health.sql"),
    ),
    (
        4,
        "clocks",
        include_str!("../../../../migrations/0004_clocks.sql"),
    ),
    (
        5,
        "reviews",
        include_str!("../../../../migrations/0005_reviews.sql"),
    ),
    (
        6,
        "leases",
        include_str!("../../../../migrations/0006_leases.sql"),
    ),
    (
        7,
        "nodes",
        include_str!("../../../../migrations/0007_nodes.sql"),
    ),
    (
        8,
        "players",
        include_str!("../../../../migrations/0008_players.sql"),
    ),
    (
        9,
        "lobby",
        include_str!("../../../../migrations/0009_lobby.sql"),
    ),
    (
        10,
        "ratings",
        include_str!("../../../../migrations/0010_ratings.sql"),
    ),
    (
        11,
        "accounts",
        include_str!("../../../../migrations/0011_accounts.sql"),
    ),
    (
        12,
        "tournaments",
        include_str!("../../../../migrations/0012_tournaments.sql"),
    ),
    (
        13,
        "puzzles",
        include_str!("../../../../migrations/0013_puzzles.sql"),
    ),
    (
        14,
        "mistakes",
        include_str!("../../../../migrations/0014_mistakes.sql"),
    ),
];

/// The versions of the migrations applied to a database (sqlx's table; `BIGINT` on both backends). Read only
/// once the table is known to exist.
pub(super) const APPLIED: &str = "SELECT version FROM _sqlx_migrations ORDER BY version";

/// The newest schema version this binary knows (its last migration).
fn newest() -> i64 {
    MIGRATIONS.last().map_or(0, |m| m.0)
}

/// Refuses the database `name` when migrations this binary does not know were applied to it (`applied`: the
/// versions in its `_sqlx_migrations`), that is, when a newer bao-server has run on it.
///
/// The backends call it before they write anything, so that an older binary started on a newer database by
/// mistake (a downgrade, a node left behind in a cluster, a backup from a newer version) leaves it exactly as
/// it was. sqlx would refuse too, but later (SQLite's writer would already have set its journal mode) and in
/// its own words: "migration 8 was previously applied but is missing in the resolved migrations".
pub(super) fn refuse_newer(name: &str, applied: &[i64]) -> Result<(), StoreError> {
    match applied.iter().copied().max() {
        Some(at) if applied.iter().any(|v| !known(*v)) => Err(newer(name, at)),
        _ => Ok(()),
    }
}

/// sqlx's error for a migration it does not know, in the words of [`refuse_newer`] (a newer node migrated a
/// shared PostgreSQL database between this one's check and its migrations); any other error as it is.
pub(super) fn newer_or(name: &str, e: MigrateError) -> Result<StoreError, MigrateError> {
    match e {
        MigrateError::VersionMissing(v) => Ok(newer(name, v)),
        e => Err(e),
    }
}

/// Whether this binary has migration `version`.
fn known(version: i64) -> bool {
    MIGRATIONS.iter().any(|m| m.0 == version)
}

/// The refusal of database `name` at schema version `at`, newer than this binary's.
fn newer(name: &str, at: i64) -> StoreError {
    StoreError::open(format!(
        "the database {name} is at schema version {at}, written by a newer bao-server; this bao-server, \
         {}, knows schema versions up to {}: upgrade bao-server to the version that last ran on this \
         database (or a later one), or restore a backup taken before that version ran; the database was \
         left as it was",
        crate::VERSION_AND_COMMIT,
        newest()
    ))
}

#[derive(Debug)]
pub(super) struct Embedded;

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_migrations_are_numbered_from_one_without_gaps() {
        for (i, m) in MIGRATIONS.iter().enumerate() {
            assert_eq!(m.0, i as i64 + 1, "{}", m.1);
        }
    }

    #[test]
    fn a_database_with_an_unknown_migration_is_refused_in_words() {
        let mine: Vec<i64> = MIGRATIONS.iter().map(|m| m.0).collect();
        assert!(refuse_newer("bao.db", &[]).is_ok(), "a new database");
        assert!(refuse_newer("bao.db", &mine[..3]).is_ok(), "an older one");
        assert!(refuse_newer("bao.db", &mine).is_ok(), "this one's");
        let mut theirs = mine.clone();
        theirs.extend([newest() + 1, newest() + 2]);
        let e = refuse_newer("/data/bao.db", &theirs)
            .unwrap_err()
            .to_string();
        for part in [
            "/data/bao.db",
            &format!("schema version {}", newest() + 2),
            &format!("up to {}", newest()),
            crate::VERSION_AND_COMMIT,
            "upgrade bao-server",
            "restore a backup",
            "left as it was",
        ] {
            assert!(e.contains(part), "{part:?} in {e}");
        }
        let e = newer_or("db", MigrateError::VersionMissing(newest() + 1)).map(|e| e.to_string());
        assert!(e.is_ok_and(|e| e.contains("upgrade bao-server")));
        assert!(
            newer_or("db", MigrateError::VersionMismatch(1)).is_err(),
            "other errors stay sqlx's"
        );
    }
}

/// `BoxFuture` as `MigrationSource` spells it, without a dependency on the futures crate.
mod futures_core_box {
    use std::future::Future;
    use std::pin::Pin;
    /// A boxed, sendable future.
    pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;
}
