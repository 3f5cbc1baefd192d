//! The server's uptime clock: the time clocks are charged by.
//!
//! Uptime ms are Unix ms less all the time the server was ever down. A clock stores the uptime instant of
//! its last move; the time charged since is a difference of uptime instants, so it never includes a
//! downtime, however long, and whether the room stayed in memory or not.
//!
//! The database keeps when the server was last known to be running (`health.alive_ms`, rewritten every
//! [`HEARTBEAT`] and on shutdown) and the total downtime so far (`health.downtime_ms`). A start adds the
//! gap since the last heartbeat to the total. After a crash, up to one heartbeat of real running time
//! counts as downtime: a player may be given a few seconds, never charged for the time the server was down.
//!
//! With several nodes on one PostgreSQL database, downtime is the time when no node ran: each node also
//! keeps a row of `nodes` alive, and a node that starts while another's row is fresh (within
//! [`HEARTBEAT`] and a second) adds no downtime, since the games went on meanwhile; it takes the total the
//! others run by. (A node started within that time after the last other one died counts that short gap as
//! uptime: the clocks of its games may be charged those few seconds.)
//!
//! Outages are not charged either. While the database cannot be written (from the start of the first write
//! that failed to the end of the next one that succeeded) or, on a node of a cluster, while the node has lost
//! NATS (so that its games' events reach no other node and the other nodes' players cannot reach its games),
//! the players of this node's games could not move or could not see the move to answer. [`Outages`] keeps
//! those spans, on the uptime scale; a room gives them back to the running side of its clock
//! (`room/timing.rs`, `Clock::credit`) and holds its flag while one lasts. They are kept in memory only: a
//! node that restarts forgets them (its downtime itself is not charged).
//!
//! Instants come from tokio's clock, so that tests with paused time (`tokio::time::pause`/`advance`) move
//! the server's time too.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::time::Instant;

use super::db::{on_pool, Db};

/// How often the running server writes that it is alive.
pub const HEARTBEAT: Duration = Duration::from_secs(5);

/// The server's time: Unix ms and uptime ms, from one instant taken at start.
#[derive(Debug)]
pub struct ServerTime {
    /// Unix ms at `started`.
    wall_at_start: i64,
    /// When this process opened the store.
    started: Instant,
    /// Total downtime before this start, ms.
    downtime_ms: i64,
    /// The spans during which the server could not take or deliver moves.
    outages: Mutex<Outages>,
}

/// What stopped the server from taking or delivering moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outage {
    /// The database could not be written.
    Store,
    /// This node lost its connection to NATS.
    Nats,
}

/// How many ended outages are kept: far more than one turn of a live game can span.
const KEPT_OUTAGES: usize = 64;

/// The outages of this node, on the uptime scale: the ongoing one of each kind and the latest ended ones.
#[derive(Debug, Default)]
pub struct Outages {
    /// Since when each kind (store, NATS) has been ongoing.
    ongoing: [Option<i64>; 2],
    /// Ended spans (from, to), oldest first.
    ended: VecDeque<(i64, i64)>,
}

impl Outages {
    /// An outage of `kind` began at `up` (an earlier start of the same outage is kept).
    pub fn begin(&mut self, kind: Outage, up: i64) {
        let slot = &mut self.ongoing[kind as usize];
        *slot = Some(slot.map_or(up, |since| since.min(up)));
    }

    /// An outage of `kind`, if one was ongoing, ended at `up`.
    pub fn end(&mut self, kind: Outage, up: i64) {
        if let Some(from) = self.ongoing[kind as usize].take() {
            if self.ended.len() == KEPT_OUTAGES {
                self.ended.pop_front();
            }
            self.ended.push_back((from, up.max(from)));
        }
    }

    /// Whether an outage of `kind` is ongoing.
    pub fn ongoing(&self, kind: Outage) -> bool {
        self.ongoing[kind as usize].is_some()
    }

    /// Every span (from, to) that ended after `after`, by start; ongoing ones end `None`.
    pub fn since(&self, after: i64) -> Vec<(i64, Option<i64>)> {
        let mut spans: Vec<(i64, Option<i64>)> = self
            .ended
            .iter()
            .filter(|(_, to)| *to > after)
            .map(|&(from, to)| (from, Some(to)))
            .chain(self.ongoing.iter().flatten().map(|&from| (from, None)))
            .collect();
        spans.sort_by_key(|&(from, _)| from);
        spans
    }
}

/// One instant on both scales.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Now {
    /// Unix ms (what clients are told, `at`).
    pub wall: i64,
    /// Uptime ms (what clocks are charged by).
    pub up: i64,
}

/// Unix ms now, by the system clock.
pub fn unix_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

/// The total downtime after a start at `start` (Unix ms) of a server last alive at `alive` that had been
/// down `before` ms in all: a first start (`alive` 0) or a clock set back counts no downtime.
pub fn downtime_after(before: i64, alive: i64, start: i64) -> i64 {
    if alive <= 0 {
        return before;
    }
    before + (start - alive).max(0)
}

impl ServerTime {
    /// The time of a server that started now, after `downtime_ms` of downtime in all.
    pub fn starting(downtime_ms: i64) -> ServerTime {
        ServerTime {
            wall_at_start: unix_ms(),
            started: Instant::now(),
            downtime_ms,
            outages: Mutex::default(),
        }
    }

    /// An outage of `kind` began `ago` before now.
    pub fn outage_began(&self, kind: Outage, ago: Duration) {
        let up = self.now().up - ago.as_millis() as i64;
        self.outages().begin(kind, up);
    }

    /// An outage of `kind`, if one was ongoing, ended now.
    pub fn outage_ended(&self, kind: Outage) {
        let up = self.now().up;
        self.outages().end(kind, up);
    }

    /// The outages (locked for a moment; never held across an await).
    pub fn outages(&self) -> std::sync::MutexGuard<'_, Outages> {
        self.outages.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Now.
    pub fn now(&self) -> Now {
        let wall = self.wall_at_start + self.started.elapsed().as_millis() as i64;
        Now {
            wall,
            up: wall - self.downtime_ms,
        }
    }

    /// The tokio instant of uptime instant `up` (now, if it is past).
    pub fn instant_of(&self, up: i64) -> Instant {
        let now = self.now();
        let ahead = (up - now.up).max(0) as u64;
        Instant::now() + Duration::from_millis(ahead)
    }
}

/// How recent another node's heartbeat must be for it to count as running.
const RUNNING_WITHIN_MS: i64 = HEARTBEAT.as_millis() as i64 + 1000;

/// Reads how long the server was down before this start and notes this start: the total downtime, ms.
/// `node` is this node's name on PostgreSQL, where other nodes may be running.
pub(super) async fn start_uptime(db: &Db, node: Option<&str>) -> Result<i64, sqlx::Error> {
    let now = unix_ms();
    let others_alive = match (db, node) {
        (Db::Postgres { pool }, Some(me)) => {
            let (last,): (i64,) =
                sqlx::query_as("SELECT COALESCE(MAX(alive_ms), 0) FROM nodes WHERE name <> $1")
                    .bind(me)
                    .fetch_one(pool)
                    .await?;
            last > now - RUNNING_WITHIN_MS
        }
        _ => false,
    };
    let total = on_pool!(db, pool => {
        let (alive, before): (i64, i64) =
            sqlx::query_as("SELECT alive_ms, downtime_ms FROM health WHERE id = 1")
                .fetch_one(pool)
                .await?;
        let total = if others_alive {
            before
        } else {
            downtime_after(before, alive, now)
        };
        sqlx::query("UPDATE health SET alive_ms = $1, downtime_ms = $2 WHERE id = 1")
            .bind(now)
            .bind(total)
            .execute(pool)
            .await?;
        Ok::<i64, sqlx::Error>(total)
    })?;
    write_alive(db, now, node).await?;
    Ok(total)
}

/// Notes that the server (node `node`, on PostgreSQL) is running at Unix ms `wall`.
pub(super) async fn write_alive(db: &Db, wall: i64, node: Option<&str>) -> Result<(), sqlx::Error> {
    match (db, node) {
        (Db::Postgres { pool }, Some(me)) => {
            sqlx::query(
                "INSERT INTO nodes (name, alive_ms) VALUES ($1, $2) \
                 ON CONFLICT (name) DO UPDATE SET alive_ms = EXCLUDED.alive_ms",
            )
            .bind(me)
            .bind(wall)
            .execute(pool)
            .await?;
            // The last time any node was seen: another node's clock may be a little ahead.
            sqlx::query("UPDATE health SET alive_ms = $1 WHERE id = 1 AND alive_ms < $1")
                .bind(wall)
                .execute(pool)
                .await
                .map(|_| ())
        }
        _ => on_pool!(db, pool => sqlx::query("UPDATE health SET alive_ms = $1 WHERE id = 1")
            .bind(wall)
            .execute(pool)
            .await
            .map(|_| ())),
    }
}

/// Writes every few seconds that the server (node `node`, on PostgreSQL) is running, until the database is
/// closed.
pub(super) async fn heartbeat(db: Db, time: Arc<ServerTime>, node: Option<String>) {
    let mut every = tokio::time::interval(HEARTBEAT);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        every.tick().await;
        if db.is_closed() {
            return;
        }
        if let Err(e) = write_alive(&db, time.now().wall, node.as_deref()).await {
            if db.is_closed() {
                return;
            }
            tracing::debug!("cannot note that the server is running: {e}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn downtime_adds_the_gap_since_the_last_heartbeat() {
        assert_eq!(downtime_after(0, 0, 1_000_000), 0, "first start");
        assert_eq!(downtime_after(500, 10_000, 70_000), 60_500);
        assert_eq!(downtime_after(500, 80_000, 70_000), 500, "a clock set back");
    }

    #[tokio::test(start_paused = true)]
    async fn uptime_follows_tokio_time_and_skips_the_downtime() {
        let t = ServerTime::starting(3_600_000);
        let a = t.now();
        assert_eq!(a.wall - a.up, 3_600_000);
        tokio::time::advance(Duration::from_secs(5)).await;
        let b = t.now();
        assert_eq!(b.up - a.up, 5_000);
        assert_eq!(b.wall - a.wall, 5_000);
        let when = t.instant_of(b.up + 2_000);
        assert_eq!(when - Instant::now(), Duration::from_millis(2_000));
        assert_eq!(t.instant_of(a.up), Instant::now(), "a past instant is now");
    }

    #[tokio::test(start_paused = true)]
    async fn outages_are_kept_as_spans_of_uptime() {
        let t = ServerTime::starting(0);
        let start = t.now().up;
        tokio::time::advance(Duration::from_secs(10)).await;
        // A write that hung for 3 s and failed: the outage began when it was sent.
        t.outage_began(Outage::Store, Duration::from_secs(3));
        tokio::time::advance(Duration::from_secs(1)).await;
        t.outage_began(Outage::Store, Duration::ZERO);
        t.outage_began(Outage::Nats, Duration::ZERO);
        assert!(t.outages().ongoing(Outage::Store));
        assert_eq!(
            t.outages().since(start),
            vec![(start + 7_000, None), (start + 11_000, None)]
        );
        tokio::time::advance(Duration::from_secs(4)).await;
        t.outage_ended(Outage::Store);
        t.outage_ended(Outage::Store);
        assert!(!t.outages().ongoing(Outage::Store));
        assert_eq!(
            t.outages().since(start),
            vec![
                (start + 7_000, Some(start + 15_000)),
                (start + 11_000, None)
            ]
        );
        assert_eq!(
            t.outages().since(start + 15_000),
            vec![(start + 11_000, None)]
        );
    }
}
