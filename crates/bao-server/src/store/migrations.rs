//! The SQL migrations of `migrations/`, embedded in the binary.

use std::borrow::Cow;

use sqlx::migrate::{Migration, MigrationSource, MigrationType};

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
];

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

/// `BoxFuture` as `MigrationSource` spells it, without a dependency on the futures crate.
mod futures_core_box {
    use std::future::Future;
    use std::pin::Pin;
    /// A boxed, sendable future.
    pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;
}
