//! Leases: one owner per game among the nodes that share a PostgreSQL database.
//!
//! A node keeps a game's room in memory only while it holds the game's lease (a row of `leases`: the node,
//! an expiry on the database's clock, a fencing number). It takes the lease when it loads the room, renews
//! all its leases together every third of the lease time, and gives a lease back (expires it) when the room
//! leaves memory or the server stops. Another node may take a lease once it has expired; taking one raises
//! its fencing number.
//!
//! Every write of a game checks, in its own transaction, that the game's fencing number is still the one
//! this node took (`SELECT … FOR KEY SHARE`; a take-over locks the row `FOR UPDATE` first, so that it waits for
//! the write and the new owner's load sees it, while the renewals, which change no key, never wait for
//! writes). A node that froze past its lease (SIGSTOP, a long pause) and lost the game to another can therefore
//! never write to it again: its writes are refused, and the room is closed (its clients reconnect).
//!
//! With SQLite there is one node and no lease: every check passes.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::mpsc;

use sqlx::{PgConnection, SqliteConnection};

use super::db::Db;
use super::Store;
use super::StoreError;

/// How long a lease lasts without renewal by default (`--lease-ms`): a dead owner's games are taken over
/// after at most this long.
pub const DEFAULT_LEASE_MS: u64 = 3000;

/// The expiry of a lease given back because its room left memory: nobody needs the game now.
const RELEASED: i64 = 0;

/// The database's clock in Unix ms (PostgreSQL), which every expiry is measured by.
const NOW_MS: &str = "(EXTRACT(EPOCH FROM clock_timestamp()) * 1000)::BIGINT";

/// What a node is called and how long its leases last.
#[derive(Clone, Debug)]
pub struct Node {
    /// The node's name (`--node-name`), in `leases` and the logs.
    pub name: String,
    /// How long a lease lasts without renewal (`--lease-ms`).
    pub lease: Duration,
}

impl Node {
    /// A node called `name` (default: the host name and the process id) with leases of `lease_ms`.
    pub fn new(name: Option<&str>, lease_ms: u64) -> Node {
        let name = match name.map(str::trim).filter(|n| !n.is_empty()) {
            Some(n) => n.to_owned(),
            None => {
                let host = std::fs::read_to_string("/proc/sys/kernel/hostname")
                    .ok()
                    .map(|h| h.trim().to_owned())
                    .filter(|h| !h.is_empty())
                    .unwrap_or_else(|| "bao".to_owned());
                format!("{host}-{}", std::process::id())
            }
        };
        Node {
            name,
            lease: Duration::from_millis(lease_ms.max(300)),
        }
    }
}

/// A lease's row as it was before this node took it: the node that held it and its expiry.
type Holder = (String, i64);

/// Who owns a game's room.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Owner {
    /// This node (it holds the lease now).
    Here,
    /// Another node, by name.
    Elsewhere(String),
}

/// The leases this node holds.
#[derive(Debug)]
pub(super) struct Leases {
    pub(super) node: Node,
    /// Game id → fencing number.
    held: Mutex<HashMap<String, i64>>,
    /// Games whose lease was lost, for the rooms' registry.
    lost_tx: mpsc::UnboundedSender<String>,
    lost_rx: Mutex<Option<mpsc::UnboundedReceiver<String>>>,
}

impl Leases {
    pub(super) fn new(node: Node) -> Leases {
        let (lost_tx, lost_rx) = mpsc::unbounded_channel();
        Leases {
            node,
            held: Mutex::default(),
            lost_tx,
            lost_rx: Mutex::new(Some(lost_rx)),
        }
    }

    fn held(&self) -> std::sync::MutexGuard<'_, HashMap<String, i64>> {
        self.held.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// The error a write gets when its game's lease was lost (told from database failures by its text).
const LOST: &str = "the game's lease moved to another node";

fn lost_error() -> sqlx::Error {
    sqlx::Error::Protocol(LOST.to_owned())
}

/// Whether `e` is a write refused because the lease was lost.
pub(super) fn is_lost(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Protocol(m) if m == LOST)
}

/// Checking, inside a write's transaction, that a game's fencing number is still the one this node took.
pub(super) trait FenceCheck {
    /// Checks that game `id` still has fencing number `fence` (none: no leases, nothing to check), and keeps
    /// the lease row locked (FOR KEY SHARE: a takeover's FOR UPDATE waits for it) until the transaction ends.
    async fn check_fence(&mut self, id: &str, fence: Option<i64>) -> Result<(), sqlx::Error>;
}

impl FenceCheck for SqliteConnection {
    /// One node, no leases.
    async fn check_fence(&mut self, _: &str, _: Option<i64>) -> Result<(), sqlx::Error> {
        Ok(())
    }
}

impl FenceCheck for PgConnection {
    async fn check_fence(&mut self, id: &str, fence: Option<i64>) -> Result<(), sqlx::Error> {
        let Some(fence) = fence else {
            return Ok(());
        };
        let now: Option<(i64,)> =
            sqlx::query_as("SELECT fence FROM leases WHERE game_id = $1 FOR KEY SHARE")
                .bind(id)
                .fetch_optional(self)
                .await?;
        match now {
            Some((f,)) if f == fence => Ok(()),
            _ => Err(lost_error()),
        }
    }
}

impl Store {
    /// This node's name, when it shares a PostgreSQL database (`--node-name`).
    pub fn node_name(&self) -> Option<&str> {
        self.leases.as_deref().map(|l| l.node.name.as_str())
    }

    /// Takes the lease of game `id` for this node unless another node holds it; with SQLite the game is
    /// always [`Owner::Here`]. The room must be loaded after this, so that it sees the last owner's writes.
    pub async fn take_lease(&self, id: &str) -> Result<Owner, StoreError> {
        let (Some(l), Db::Postgres { pool }) = (&self.leases, &self.db) else {
            return Ok(Owner::Here);
        };
        if l.held().contains_key(id) {
            return Ok(Owner::Here);
        }
        // A new lease, or an expired one (or this node's own: a room loaded again) taken over with the next
        // fencing number; a lease of another node that has not expired is left alone.
        let sql = format!(
            "INSERT INTO leases (game_id, node, expires_ms, fence) VALUES ($1, $2, {NOW_MS} + $3, 1) \
             ON CONFLICT (game_id) DO UPDATE SET node = EXCLUDED.node, expires_ms = EXCLUDED.expires_ms, \
             fence = leases.fence + 1 WHERE leases.expires_ms < {NOW_MS} OR leases.node = EXCLUDED.node \
             RETURNING fence"
        );
        // The row is locked FOR UPDATE first: that waits for the writes of the game in flight (they hold it
        // FOR KEY SHARE until they commit), so that none of the last owner's writes can commit after this
        // node has taken the game and loaded it. Writes take the weaker KEY SHARE so that the renewal of the
        // leases (an UPDATE of non-key columns) never waits for them: with FOR SHARE, a renewal of many
        // leases and a group commit of many games could each hold a row the other wanted, a deadlock
        // PostgreSQL broke only after `deadlock_timeout` (1 s), refusing the moves of that commit.
        // The row as it was tells a take-over (another node's lease that expired without being given back)
        // from a first lease or one given back.
        let taken: Result<(Option<(i64,)>, Option<Holder>), sqlx::Error> = async {
            let mut tx = pool.begin().await?;
            let before: Option<Holder> =
                sqlx::query_as("SELECT node, expires_ms FROM leases WHERE game_id = $1 FOR UPDATE")
                    .bind(id)
                    .fetch_optional(&mut *tx)
                    .await?;
            let taken = sqlx::query_as(&sql)
                .bind(id)
                .bind(&l.node.name)
                .bind(l.node.lease.as_millis() as i64)
                .fetch_optional(&mut *tx)
                .await?;
            tx.commit().await?;
            Ok((taken, before))
        }
        .await;
        let taken = taken.map_err(|e| StoreError::NotSaved {
            what: format!("take the lease of game {id}"),
            hint: "",
            source: Arc::new(e),
        })?;
        let (taken, before) = taken;
        if let Some((fence,)) = taken {
            l.held().insert(id.to_owned(), fence);
            match before {
                Some((from, expires)) if from != l.node.name && expires != RELEASED => {
                    self.metrics.lease_takeovers.inc();
                    tracing::info!(game = %id, fence, from = %from, "lease taken over from a node that did not give it back");
                }
                _ => tracing::debug!(game = %id, fence, "lease taken"),
            }
            return Ok(Owner::Here);
        }
        let holder: Option<(String,)> =
            sqlx::query_as("SELECT node FROM leases WHERE game_id = $1")
                .bind(id)
                .fetch_optional(pool)
                .await
                .map_err(StoreError::from)?;
        Ok(Owner::Elsewhere(holder.map(|h| h.0).unwrap_or_default()))
    }

    /// How long this node's leases last, when it shares a PostgreSQL database.
    pub fn lease_time(&self) -> Option<Duration> {
        self.leases.as_deref().map(|l| l.node.lease)
    }

    /// The games whose clock runs and whose owner died: their lease expired without being given back when
    /// the room left memory (a lease given back at shutdown counts too: that room was still wanted). Another
    /// node takes them over so that their clocks go on (`Rooms::watch_orphans`).
    pub async fn orphans(&self) -> Result<Vec<String>, StoreError> {
        let Db::Postgres { pool } = &self.db else {
            return Ok(Vec::new());
        };
        let sql = format!(
            "SELECT g.id FROM games g JOIN leases l ON l.game_id = g.id WHERE g.status = 'playing' \
             AND g.clock IS NOT NULL AND l.expires_ms <> {RELEASED} AND l.expires_ms < {NOW_MS}"
        );
        let rows: Vec<(String,)> = sqlx::query_as(&sql)
            .fetch_all(pool)
            .await
            .map_err(StoreError::from)?;
        Ok(rows.into_iter().map(|r| r.0).collect())
    }

    /// Gives the lease of game `id` back (its room left memory), so that another node may take it at once.
    pub fn release_lease(&self, id: &str) {
        let (Some(l), Db::Postgres { pool }) = (&self.leases, &self.db) else {
            return;
        };
        let Some(fence) = l.held().remove(id) else {
            return;
        };
        let (pool, id) = (pool.clone(), id.to_owned());
        tokio::spawn(async move {
            // The fence keeps a lease taken again meanwhile (a higher number) from being expired.
            let r =
                sqlx::query("UPDATE leases SET expires_ms = $3 WHERE game_id = $1 AND fence = $2")
                    .bind(&id)
                    .bind(fence)
                    .bind(RELEASED)
                    .execute(&pool)
                    .await;
            if let Err(e) = r {
                tracing::debug!(game = %id, "cannot give the lease back (it expires anyway): {e}");
            }
        });
    }

    /// Whether this node holds game `id`'s lease (always, without leases).
    pub fn holds_lease(&self, id: &str) -> bool {
        self.leases
            .as_deref()
            .is_none_or(|l| l.held().contains_key(id))
    }

    /// The games whose lease this node lost, as they are lost (for the rooms' registry; once).
    pub fn lost_leases(&self) -> Option<mpsc::UnboundedReceiver<String>> {
        let l = self.leases.as_ref()?;
        let mut rx = l.lost_rx.lock().unwrap_or_else(|p| p.into_inner());
        rx.take()
    }

    /// The fencing number that writes of game `id` must carry: `None` without leases, 0 (never valid) when
    /// this node does not hold the game.
    pub(super) fn fence_of(&self, id: &str) -> Option<i64> {
        let l = self.leases.as_ref()?;
        Some(l.held().get(id).copied().unwrap_or(0))
    }

    /// Notes that the lease of game `id` (taken with `fence`) is lost: its room must close.
    pub(super) fn lose(&self, id: &str, fence: Option<i64>) {
        let Some(l) = &self.leases else { return };
        {
            let mut held = l.held();
            match held.get(id).copied() {
                // Taken again since: the room that failed is gone, the new one stays.
                Some(f) if Some(f) != fence => return,
                Some(_) => {
                    held.remove(id);
                }
                // Not held at all (lost already, or given up while the room was being loaded): whatever
                // room of the game this node still runs can never write again, so it is closed too.
                None => {}
            }
        }
        tracing::warn!(game = %id, node = %l.node.name, "the game's lease was lost: another node owns it now");
        let _ = l.lost_tx.send(id.to_owned());
    }

    /// Gives every lease this node holds up as expired (it was cut off from the other nodes: its rooms are
    /// closed), so that another node takes each game at once, and the games whose clock runs without
    /// waiting for a request (`Store::orphans`).
    pub async fn give_up_leases(&self) {
        self.release_all().await;
    }

    /// Gives every lease back (the server stops).
    pub(super) async fn release_all(&self) {
        let (Some(l), Db::Postgres { pool }) = (&self.leases, &self.db) else {
            return;
        };
        let held: Vec<(String, i64)> = l.held().drain().collect();
        let (ids, fences): (Vec<String>, Vec<i64>) = held.into_iter().unzip();
        // Expired, but not "released": the rooms were still in use, and a live clock must go on elsewhere.
        let r = sqlx::query(
            "UPDATE leases SET expires_ms = 1 FROM UNNEST($1::text[], $2::int8[]) AS h(game_id, fence) \
             WHERE leases.game_id = h.game_id AND leases.fence = h.fence",
        )
        .bind(ids)
        .bind(fences)
        .execute(pool)
        .await;
        if let Err(e) = r {
            tracing::warn!("cannot give the leases back (they expire anyway): {e}");
        }
    }
}

/// Renews every lease this node holds, every third of the lease time, in one statement; a lease that could
/// not be renewed (another node took it: its fence moved on) is lost. Ends when the store is closed.
pub(super) async fn renew(store: Store, leases: Arc<Leases>) {
    let Db::Postgres { pool } = &store.db else {
        return;
    };
    let mut every = tokio::time::interval(leases.node.lease / 3);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let sql = format!(
        "UPDATE leases SET expires_ms = {NOW_MS} + $1 FROM UNNEST($2::text[], $3::int8[]) AS h(game_id, fence) \
         WHERE leases.game_id = h.game_id AND leases.fence = h.fence RETURNING leases.game_id"
    );
    loop {
        every.tick().await;
        if pool.is_closed() {
            return;
        }
        let held: Vec<(String, i64)> = leases.held().iter().map(|(k, v)| (k.clone(), *v)).collect();
        if held.is_empty() {
            continue;
        }
        let (ids, fences): (Vec<&str>, Vec<i64>) =
            held.iter().map(|(id, f)| (id.as_str(), *f)).unzip();
        let renewed: Result<Vec<(String,)>, _> = sqlx::query_as(&sql)
            .bind(leases.node.lease.as_millis() as i64)
            .bind(&ids)
            .bind(&fences)
            .fetch_all(pool)
            .await;
        match renewed {
            Ok(rows) => {
                let kept: std::collections::HashSet<&str> =
                    rows.iter().map(|r| r.0.as_str()).collect();
                for (id, fence) in &held {
                    if !kept.contains(id.as_str()) {
                        store.lose(id, Some(*fence));
                    }
                }
            }
            Err(e) => tracing::warn!("cannot renew the leases: {e}"),
        }
    }
}
