//! Persistence: games and their moves, in SQLite (the default: a file in the data directory, WAL mode) or
//! PostgreSQL (`--database-url postgres://…`, for several nodes sharing every game).
//!
//! Only the non-macro `sqlx::query` API is used, so building needs no database. The SQL is portable (`$N`
//! parameters, TEXT/BIGINT/INTEGER columns, one set of migrations for both); `db.rs` compiles each statement
//! for both backends. What differs is in `sqlite.rs` and `postgres.rs`: opening, closing, and the group
//! commit's multi-row statements (SQLite's `UPDATE … FROM (VALUES …)`, PostgreSQL's `UNNEST` of arrays).
//!
//! Here the [`Store`] and its writes' bookkeeping; `queries.rs` the reads and writes of games, `group.rs` the
//! writer task that commits the moves of all games waiting at once (group commit), `rows.rs` the typed rows,
//! `health.rs` how the last writes went and the writer connection that is discarded after a failed one,
//! `migrations.rs` the embedded SQL files, `reviews.rs` the computer's reviews of finished games, `error.rs`
//! the store's errors ([`StoreError`]).

pub mod accounts;
mod db;
mod error;
mod group;
mod health;
mod lease;
pub mod lobby;
mod migrations;
pub mod mistakes;
mod players;
mod postgres;
pub mod puzzles;
mod queries;
mod ratings;
mod reviews;
mod rows;
mod sqlite;
mod summaries;
#[cfg(test)]
mod tests;
pub mod tournaments;
pub mod uptime;

pub use error::{DbError, StoreError};
pub use lease::{Node, Owner};
pub use players::PlayerRow;
pub use rows::{ClockRow, GameRow, MoveRow, MoveWrite};
pub use uptime::{Now, Outage, ServerTime};

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use tokio::sync::mpsc;

use crate::metrics::StoreMetrics;
use db::{Conn, Db};
use group::MoveJob;
use health::{hint, touch_health, Health, Writer, HEALTH_ANSWER, PROBE_TIMEOUT};

/// The database.
#[derive(Clone, Debug)]
pub struct Store {
    /// The connection pools.
    db: Db,
    /// `bao.db`'s path or the PostgreSQL address without its password, for messages.
    name: String,
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
    /// The games this node holds (PostgreSQL only: `lease.rs`).
    leases: Option<Arc<lease::Leases>>,
}

/// Unix seconds now (the times stamped on rows).
pub fn unix_now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

/// Where the database is: `--database-url`, or `bao.db` in `--data-dir` without it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Location {
    /// A SQLite file.
    Sqlite(PathBuf),
    /// A PostgreSQL server (`postgres://…`).
    Postgres(String),
}

impl Location {
    /// Reads `--database-url` (`sqlite://FILE`, `postgres://…`, `postgresql://…`); without one, `bao.db` in
    /// `data_dir`.
    pub fn parse(url: Option<&str>, data_dir: &Path) -> Result<Location, StoreError> {
        let Some(url) = url.map(str::trim).filter(|u| !u.is_empty()) else {
            return Ok(Location::Sqlite(data_dir.join("bao.db")));
        };
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            return Ok(Location::Postgres(url.to_owned()));
        }
        match url
            .strip_prefix("sqlite://")
            .or_else(|| url.strip_prefix("sqlite:"))
        {
            Some(file) if !file.is_empty() && !file.contains('?') => {
                Ok(Location::Sqlite(PathBuf::from(file)))
            }
            _ => Err(StoreError::open(format!(
                "--database-url {url:?}: expected sqlite://FILE or postgres://USER@HOST:PORT/DATABASE"
            ))),
        }
    }
}

impl Store {
    /// Opens (creating if missing) `bao.db` in `data_dir`: [`Store::open_at`] of SQLite.
    pub async fn open(data_dir: &Path) -> Result<Store, StoreError> {
        Store::open_at(&Location::Sqlite(data_dir.join("bao.db"))).await
    }

    /// Opens the database at `at` and applies the migrations; on PostgreSQL, as a node with the default name
    /// and lease time ([`Store::open_node`]).
    pub async fn open_at(at: &Location) -> Result<Store, StoreError> {
        Store::open_node(at, Node::new(None, lease::DEFAULT_LEASE_MS)).await
    }

    /// Opens the database at `at` and applies the migrations; on PostgreSQL, as node `node`, which takes a
    /// game's lease before it loads the game (`lease.rs`).
    ///
    /// A SQLite file is created if missing (in WAL mode); one with damaged pages or that cannot be written
    /// is refused with a message naming the file and the fault (`sqlite.rs`). A PostgreSQL server must
    /// answer and take a test write.
    pub async fn open_node(at: &Location, node: Node) -> Result<Store, StoreError> {
        let (db, name) = match at {
            Location::Sqlite(path) => (sqlite::open(path).await?, path.display().to_string()),
            Location::Postgres(url) => {
                let name = postgres::redacted(url);
                (postgres::open(url, &name).await?, name)
            }
        };
        let fail = |doing: &str, e: sqlx::Error| {
            let why = match at {
                Location::Sqlite(path) => sqlite::unwritable_beside(path)
                    .map(|fs| format!("; {fs}"))
                    .unwrap_or_else(|| hint(&db, &e).to_owned()),
                Location::Postgres(_) => hint(&db, &e).to_owned(),
            };
            StoreError::open_from(format!("{doing} {name}: {e}{why}"), e)
        };
        // The migrations write only once; this proves that this start can write.
        let proof = async {
            let mut conn = db.writer().await?;
            touch_health(&mut conn).await
        };
        if let Err(e) = proof.await {
            return Err(fail("cannot write to the database", e));
        }
        let node_name = db.is_postgres().then(|| node.name.clone());
        let downtime = uptime::start_uptime(&db, node_name.as_deref())
            .await
            .map_err(|e| fail("cannot write to the database", e))?;
        let mut store = Store {
            db,
            name,
            health: Arc::default(),
            metrics: StoreMetrics::default(),
            moves: None,
            move_commits: Arc::default(),
            time: Arc::new(ServerTime::starting(downtime)),
            leases: None,
        };
        if store.db.is_postgres() {
            let leases = Arc::new(lease::Leases::new(node));
            store.leases = Some(Arc::clone(&leases));
            tokio::spawn(lease::renew(store.clone(), leases));
        }
        store.moves = Some(group::start(store.clone()));
        tokio::spawn(uptime::heartbeat(
            store.db.clone(),
            Arc::clone(&store.time),
            node_name,
        ));
        Ok(store)
    }

    /// Whether the database is PostgreSQL (which several nodes can share).
    pub fn is_postgres(&self) -> bool {
        self.db.is_postgres()
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
        // Answered within HEALTH_ANSWER whatever the database does: a probe stuck longer (a frozen database)
        // is "not writable".
        let answer_by = tokio::time::Instant::now() + HEALTH_ANSWER;
        let probing = Arc::clone(&self.health.probing).lock_owned();
        let Ok(one) = tokio::time::timeout_at(answer_by, probing).await else {
            return false;
        };
        // Another probe may have answered while this one waited.
        if let Some(ok) = self.health.fresh() {
            return ok;
        }
        // The probe runs on a task of its own, holding the lock, so that it goes on (and its outcome answers
        // the next checks) after this check has answered.
        let store = self.clone();
        let probe = tokio::spawn(async move {
            let _one = one;
            match tokio::time::timeout(PROBE_TIMEOUT, store.probe()).await {
                Ok(r) => r.is_ok(),
                Err(_) => {
                    store.note_failure("check that the database can be written: no answer in 5 s");
                    false
                }
            }
        });
        matches!(
            tokio::time::timeout_at(answer_by, probe).await,
            Ok(Ok(true))
        )
    }

    /// The database's metrics (registered in the server's `/metrics`).
    pub fn metrics(&self) -> &StoreMetrics {
        &self.metrics
    }

    /// One small committed write.
    async fn probe(&self) -> Result<(), StoreError> {
        let mut w = self
            .writer("check that the database can be written")
            .await?;
        let r = touch_health(&mut w.conn).await;
        self.settle(w, "check that the database can be written", r)
    }

    /// The writer connection for one write.
    async fn writer(&self, what: &str) -> Result<Writer, StoreError> {
        let started = std::time::Instant::now();
        match self.db.writer().await {
            Ok(conn) => Ok(Writer {
                conn,
                ok: false,
                started,
            }),
            Err(e) => Err(self.failed_since(what, e, started)),
        }
    }

    /// Ends a write: the writer goes back to the pool after a success and is closed after a failure.
    fn settle<T>(
        &self,
        mut w: Writer,
        what: &str,
        r: Result<T, sqlx::Error>,
    ) -> Result<T, StoreError> {
        self.metrics
            .commit_seconds
            .observe(w.started.elapsed().as_secs_f64());
        match r {
            Ok(v) => {
                w.ok = true;
                if self.health.record(true) == Some(false) {
                    tracing::info!(db = %self.name, "the database can be written again");
                }
                // A write went through: an outage of the database, if there was one, is over.
                self.time.outage_ended(Outage::Store);
                Ok(v)
            }
            Err(e) => {
                let started = w.started;
                drop(w);
                Err(self.failed_since(what, e, started))
            }
        }
    }

    /// The answer to a failed write: `unavailable` (nothing was changed; try again) when the database could
    /// not take it, `internal` when the write itself was refused (a constraint: a bug of ours).
    ///
    /// A database that could not take a write begins an outage for the clocks (`uptime.rs`) from the instant
    /// the write was sent (`started`), so that a write that hung for seconds before failing is not charged.
    fn failed_since(&self, what: &str, e: sqlx::Error, started: std::time::Instant) -> StoreError {
        let failure = self.failed(what, e);
        if matches!(failure, StoreError::NotSaved { .. }) {
            self.time.outage_began(Outage::Store, started.elapsed());
        }
        failure
    }

    /// [`Store::failed_since`] without the outage (the answer alone).
    fn failed(&self, what: &str, e: sqlx::Error) -> StoreError {
        let what = what.to_owned();
        if lease::is_lost(&e) {
            // Not the database's fault: /healthz stays green.
            return StoreError::LeaseLost { what };
        }
        if group::refused_row(&e) {
            return StoreError::Refused {
                what,
                source: Arc::new(e),
            };
        }
        let failure = StoreError::NotSaved {
            what,
            hint: hint(&self.db, &e),
            source: Arc::new(e),
        };
        self.note_failure(&failure.to_string());
        failure
    }

    /// Records a failed write, logging when writes start failing (not every failure after it: a full disk
    /// would flood the log with one line per refused move).
    fn note_failure(&self, detail: &str) {
        self.metrics.write_errors.inc();
        if self.health.record(false) == Some(false) {
            tracing::debug!(db = %self.name, "{detail}");
        } else {
            tracing::error!(
                db = %self.name,
                "{detail}; moves and new games are refused (503 unavailable) until the database can be \
                 written again"
            );
        }
    }

    /// Closes the database, noting the time for the uptime clock first. SQLite's closing also empties the WAL
    /// into `bao.db` (`sqlite.rs`).
    pub async fn close(&self) {
        match &self.db {
            Db::Sqlite {
                writer,
                reader,
                lock,
            } => {
                // A reader reading would keep the checkpoint from emptying the WAL; and a read-only connection
                // closed last cannot fold the WAL in the way SQLite's last connection otherwise does.
                reader.close().await;
                self.note_alive().await;
                sqlite::checkpoint(writer, &self.name).await;
                writer.close().await;
                // Released here rather than when the last clone of the store goes (a task may keep one):
                // a server started again in the same process takes it at once.
                lock.lock().unwrap_or_else(|p| p.into_inner()).take();
            }
            Db::Postgres { pool } => {
                self.release_all().await;
                self.note_alive().await;
                pool.close().await;
            }
        }
    }

    /// Writes the time for the uptime clock (at shutdown).
    async fn note_alive(&self) {
        if let Err(e) = uptime::write_alive(&self.db, self.time.now().wall, self.node_name()).await
        {
            tracing::warn!(db = %self.name, "cannot note the shutdown time: {e}");
        }
    }
}

impl Db {
    /// A connection from the writer pool.
    async fn writer(&self) -> Result<Conn, sqlx::Error> {
        Ok(match self {
            Db::Sqlite { writer, .. } => Conn::Sqlite(writer.acquire().await?),
            Db::Postgres { pool } => Conn::Postgres(pool.acquire().await?),
        })
    }
}
