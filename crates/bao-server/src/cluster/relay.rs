//! Relays: the events of a game owned by another node, brought to this node's sockets.
//!
//! A relay holds one subscription to the game's event subject while this node has sockets for the game, and
//! sends each event on a broadcast channel that those sockets read exactly as they read a room's here (a
//! socket too slow for it lags and asks for a snapshot). Events keep the owner's versions. A gap in them
//! (a lost message, or a new owner whose versions jumped) is filled by asking the owner for the events after
//! the last one relayed, also when no later event shows it: the owner's answer to the relay's periodic
//! check carries the version of its last event. When the owner no longer keeps them, or the owner is gone
//! (its room closed, or it stopped answering the relay's checks), the relay ends: its sockets are closed and
//! reconnect, and their `hello` finds the game wherever it is then.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use futures_util::StreamExt;
use tokio::sync::broadcast;
use tokio::task::AbortHandle;

use super::wire::{decode, Forwarded, Relayed};
use super::Cluster;
use crate::room::Event;

/// One game's relay.
#[derive(Debug)]
struct Relay {
    /// The game's events, for this node's sockets.
    tx: broadcast::Sender<Arc<Event>>,
    /// This node's connections reading it.
    conns: HashSet<u64>,
    /// Its task.
    task: AbortHandle,
    /// The lowest version its sockets' greetings brought them to (`u64::MAX`: none yet): where a relay
    /// that has relayed nothing yet fills a gap from.
    floor: Arc<AtomicU64>,
}

/// The relays of this node, by game.
#[derive(Debug, Default)]
pub(super) struct Relays {
    map: Mutex<HashMap<String, Relay>>,
}

impl Relays {
    fn map(&self) -> MutexGuard<'_, HashMap<String, Relay>> {
        self.map.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// How many games are relayed.
    pub(super) fn len(&self) -> usize {
        self.map().len()
    }

    /// Adds connection `conn` to game `id`'s relay and returns a receiver of its events, if the relay runs.
    pub(super) fn join(&self, id: &str, conn: u64) -> Option<broadcast::Receiver<Arc<Event>>> {
        let mut map = self.map();
        let relay = map.get_mut(id)?;
        relay.conns.insert(conn);
        Some(relay.tx.subscribe())
    }

    /// Starts game `id`'s relay on `sub` for connection `conn` (or joins the one started meanwhile).
    pub(super) fn start(
        &self,
        cluster: &Cluster,
        id: &str,
        conn: u64,
        sub: async_nats::Subscriber,
    ) -> broadcast::Receiver<Arc<Event>> {
        let mut map = self.map();
        if let Some(relay) = map.get_mut(id) {
            // Another socket started one while this one subscribed: ours is dropped (unsubscribed).
            relay.conns.insert(conn);
            return relay.tx.subscribe();
        }
        let (tx, rx) = broadcast::channel(cluster.inner.buffer);
        let floor = Arc::new(AtomicU64::new(u64::MAX));
        let task = tokio::spawn(run(
            cluster.clone(),
            id.to_owned(),
            sub,
            tx.clone(),
            floor.clone(),
        ));
        map.insert(
            id.to_owned(),
            Relay {
                tx,
                conns: HashSet::from([conn]),
                task: task.abort_handle(),
                floor,
            },
        );
        rx
    }

    /// A socket reading game `id`'s relay was greeted up to version `v` by the owner.
    pub(super) fn greeted(&self, id: &str, v: u64) {
        if let Some(relay) = self.map().get(id) {
            relay.floor.fetch_min(v, Ordering::Relaxed);
        }
    }

    /// Connection `conn` left game `id`: the relay ends with its last connection.
    pub(super) fn leave(&self, id: &str, conn: u64) {
        let mut map = self.map();
        let Some(relay) = map.get_mut(id) else { return };
        relay.conns.remove(&conn);
        if relay.conns.is_empty() {
            if let Some(relay) = map.remove(id) {
                relay.task.abort();
            }
        }
    }

    /// Ends game `id`'s relay: its sockets' receivers close.
    pub(super) fn close(&self, id: &str) {
        if let Some(relay) = self.map().remove(id) {
            relay.task.abort();
        }
    }

    /// Ends game `id`'s relay if it is still the one sending on `tx` (a relay ending by itself).
    fn close_if(&self, id: &str, tx: &broadcast::Sender<Arc<Event>>) {
        let mut map = self.map();
        if map.get(id).is_some_and(|r| r.tx.same_channel(tx)) {
            map.remove(id);
        }
    }
}

/// Why a relay ended, for the logs.
enum End {
    /// The owner's room left memory (it said so).
    Closed,
    /// The owner did not answer a check.
    OwnerGone,
    /// Missed events that the owner no longer keeps.
    Gap,
    /// The subscription ended (the NATS connection closed).
    Unsubscribed,
}

/// The relay's task: events in order to the sockets, gaps filled, the owner checked now and then.
async fn run(
    cluster: Cluster,
    id: String,
    mut sub: async_nats::Subscriber,
    tx: broadcast::Sender<Arc<Event>>,
    floor: Arc<AtomicU64>,
) {
    let every = cluster.inner.check_every;
    let mut check = tokio::time::interval_at(tokio::time::Instant::now() + every, every);
    check.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    // The version of the last event relayed (0: none yet).
    let mut last = 0u64;
    let end = loop {
        tokio::select! {
            msg = sub.next() => {
                let Some(msg) = msg else { break End::Unsubscribed };
                let relayed = match decode::<Relayed>(&msg.payload) {
                    Ok(r) => r,
                    Err(e) => {
                        tracing::warn!(game = %id, "{}", e.detail());
                        continue;
                    }
                };
                let Some(ev) = relayed.into_event() else { break End::Closed };
                if ev.versioned {
                    if last != 0 && ev.v <= last {
                        // Already relayed (it came with the events that filled a gap).
                        continue;
                    }
                    if last != 0 && ev.v > last + 1 {
                        let Some(missed) = fill_gap(&cluster, &id, last).await else { break End::Gap };
                        let (from, to) = (last, ev.v);
                        for m in missed.into_iter().filter(|m| m.v > from && m.v < to) {
                            last = m.v;
                            cluster.inner.metrics.relayed_events.inc();
                            let _ = tx.send(Arc::new(m));
                        }
                        if last + 1 != ev.v {
                            break End::Gap;
                        }
                    }
                    last = ev.v;
                }
                // No receivers is fine: the last socket is leaving.
                cluster.inner.metrics.relayed_events.inc();
                let _ = tx.send(Arc::new(ev));
            }
            _ = check.tick() => {
                // The owner answers with the version of the last event it published: an event this relay
                // never got (lost while NATS restarted, say) is fetched now, not only when a later event
                // shows the gap, which never comes when the lost one was the last (a game that ended).
                let Ok(latest) = cluster.call::<u64>(&id, &Forwarded::Ping).await else {
                    break End::OwnerGone;
                };
                let have = match last {
                    0 => floor.load(Ordering::Relaxed),
                    v => v,
                };
                if latest <= have || have == u64::MAX {
                    continue;
                }
                let Some(missed) = fill_gap(&cluster, &id, have).await else { break End::Gap };
                let after = have.max(last);
                for m in missed.into_iter().filter(|m| m.v > after) {
                    last = m.v;
                    cluster.inner.metrics.relayed_events.inc();
                    let _ = tx.send(Arc::new(m));
                }
            }
        }
    };
    let why = match end {
        End::Closed => "the game's room left its node",
        End::OwnerGone => "the game's node does not answer",
        End::Gap => "events were missed that the game's node no longer keeps",
        End::Unsubscribed => "the connection to NATS closed",
    };
    tracing::debug!(game = %id, "relay ends: {why}; its sockets reconnect");
    cluster.inner.relays.close_if(&id, &tx);
}

/// The events after version `v`, from the owner; `None` when it no longer keeps them all.
async fn fill_gap(cluster: &Cluster, id: &str, v: u64) -> Option<Vec<Event>> {
    let since = Forwarded::Since { v };
    match cluster.call::<Option<Vec<Relayed>>>(id, &since).await {
        Ok(Some(events)) => Some(
            events
                .into_iter()
                .filter_map(Relayed::into_event)
                .filter(|e| e.versioned)
                .collect(),
        ),
        _ => None,
    }
}
