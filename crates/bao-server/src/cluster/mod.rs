//! Several nodes that share every game (`--nats-url`, with PostgreSQL): the nodes talk through NATS, the way
//! lichess's sockets and game servers talk through a broker.
//!
//! A game's room runs on one node, the one holding its lease (`store/lease.rs`). While the room is in memory,
//! that node serves requests on the game's command subject `bao.game.<id>.cmd` ([`Cluster::serve`]) and
//! publishes every event the room sends its sockets, already serialised and with its version, on
//! `bao.game.<id>.ev` (the room's log mirrors them to [`Cluster::outbox`]; one task publishes them in order).
//!
//! Any other node forwards what its sockets and HTTP handlers ask of the game as a request on the command
//! subject ([`Cluster::request`], in `wire.rs`'s [`wire::Request`]) and relays the game's events to its own
//! sockets from one subscription per game that it holds while it has sockets for the game (`relay.rs`).
//! Events keep the owner's versions, so replays and snapshots work the same through any node.
//!
//! A request that nobody answers ("no responders", or no answer in time) means the owner is gone or has no
//! room: the registry (`room/registry.rs`) then takes the game's lease, once it has expired, and loads the
//! game here.

pub mod relay;
pub mod wire;

use std::sync::Arc;
use std::time::Duration;

use futures_util::StreamExt;
use tokio::sync::{broadcast, mpsc};

use crate::error::StartupError;
use crate::room::handle::{ask_room, Command};
use crate::room::log::{Mirrored, Outbox};
use crate::room::Event;
use relay::Relays;
use wire::{decode, encode, Relayed, Reply, Request};

/// The subject a game's owner serves requests on.
fn command_subject(id: &str) -> String {
    format!("bao.game.{id}.cmd")
}

/// The subject a game's owner publishes its events on.
fn event_subject(id: &str) -> String {
    format!("bao.game.{id}.ev")
}

/// Why a forwarded request got no answer.
#[derive(Debug)]
pub enum Unanswered {
    /// Nobody serves the game (no responders, the owner's room is gone, or it did not answer in time): the
    /// owner died or let the room go.
    NoOwner,
    /// NATS itself failed (not connected, or a message that cannot be read).
    Broker(String),
}

/// This node's link to the others (cheap to clone).
#[derive(Clone, Debug)]
pub struct Cluster {
    inner: Arc<Inner>,
}

struct Inner {
    client: async_nats::Client,
    /// Events of this node's rooms, to publish (`Outbox`).
    outbox: mpsc::UnboundedSender<(Arc<str>, Mirrored)>,
    /// The games whose events this node relays to its sockets.
    relays: Relays,
    /// How long a forwarded request waits for the owner's answer.
    timeout: Duration,
    /// How often a relay checks that the game's owner is still there.
    check_every: Duration,
    /// Events buffered per relay for slow sockets (`--room-buffer`).
    buffer: usize,
}

impl Cluster {
    /// Connects to the NATS server at `url` as node `node`, whose leases last `lease`; relays buffer
    /// `buffer` events for slow sockets.
    pub async fn connect(
        url: &str,
        node: &str,
        lease: Duration,
        buffer: usize,
    ) -> Result<Cluster, StartupError> {
        let client = async_nats::ConnectOptions::new()
            .name(format!("bao-server {node}"))
            .connect(url)
            .await
            .map_err(|source| StartupError::Nats {
                url: url.to_owned(),
                source,
            })?;
        let (outbox, rx) = mpsc::unbounded_channel();
        tokio::spawn(publish_events(client.clone(), rx));
        tracing::info!(node, nats = url, "cluster node");
        Ok(Cluster {
            inner: Arc::new(Inner {
                client,
                outbox,
                relays: Relays::default(),
                // Long enough for a move under load (a group commit), short enough that a frozen owner is
                // given up on within about its lease.
                timeout: lease.max(Duration::from_secs(2)),
                check_every: (lease / 2).max(Duration::from_millis(250)),
                buffer: buffer.max(1),
            }),
        })
    }

    /// Where the log of game `id`'s room (on this node) sends a copy of each event.
    pub fn outbox(&self, id: &str) -> Outbox {
        Outbox {
            game: Arc::from(id),
            tx: self.inner.outbox.clone(),
        }
    }

    /// Serves requests for game `id` from the other nodes while the room of `room` runs.
    pub(crate) fn serve(&self, id: &str, room: mpsc::Sender<Command>) {
        let (this, id) = (self.clone(), id.to_owned());
        tokio::spawn(async move {
            let client = &this.inner.client;
            let mut sub = match client.subscribe(command_subject(&id)).await {
                Ok(s) => s,
                Err(e) => {
                    tracing::warn!(game = %id, "cannot serve the game to the other nodes: {e}");
                    return;
                }
            };
            // The subscription is known to the server before the first request can need it.
            let _ = client.flush().await;
            loop {
                tokio::select! {
                    msg = sub.next() => {
                        let Some(msg) = msg else { break };
                        let (client, room) = (client.clone(), room.clone());
                        // Each request on its own task, as each socket of this node has its own.
                        tokio::spawn(async move {
                            let reply = match decode::<Request>(&msg.payload) {
                                Ok(req) => ask_room(&room, req).await.unwrap_or(Reply::Gone),
                                Err(e) => {
                                    tracing::warn!("{}", e.detail());
                                    return;
                                }
                            };
                            let (Some(to), Ok(bytes)) = (msg.reply, encode(&reply)) else {
                                return;
                            };
                            if let Err(e) = client.publish(to, bytes).await {
                                tracing::debug!("cannot answer another node: {e}");
                            }
                        });
                    }
                    () = room.closed() => break,
                }
            }
            let _ = sub.unsubscribe().await;
        });
    }

    /// Sends `req` to whichever node serves game `id` and waits for its answer. A `hello` or `resync` gets
    /// its events from this node's relay of the game, subscribed before the request so that no event after
    /// the answer is missed.
    pub(crate) async fn request(&self, id: &str, req: &Request) -> Result<Reply, Unanswered> {
        let relay_rx = match req {
            Request::Hello { conn, .. } => Some(self.join_relay(id, *conn).await?),
            Request::Resync { conn } => Some(self.join_relay(id, *conn).await?),
            _ => None,
        };
        let answer = self.ask(id, req).await;
        match (answer, relay_rx) {
            (
                Ok(Reply::Hello {
                    you,
                    token_rejected,
                    messages,
                    v,
                    rx: _,
                }),
                Some(rx),
            ) => Ok(Reply::Hello {
                you,
                token_rejected,
                messages,
                v,
                rx: Some(rx),
            }),
            (Ok(reply), _) => Ok(reply),
            (Err(e), _) => {
                self.leave_relay_of(id, req);
                Err(e)
            }
        }
    }

    /// One request and its answer, without relays.
    async fn ask(&self, id: &str, req: &Request) -> Result<Reply, Unanswered> {
        let payload = encode(req).map_err(|e| Unanswered::Broker(e.detail()))?;
        let sent = self.inner.client.request(command_subject(id), payload);
        match tokio::time::timeout(self.inner.timeout, sent).await {
            Err(_) => Err(Unanswered::NoOwner),
            Ok(Err(e)) if e.kind() == async_nats::RequestErrorKind::NoResponders => {
                Err(Unanswered::NoOwner)
            }
            Ok(Err(e)) if e.kind() == async_nats::RequestErrorKind::TimedOut => {
                Err(Unanswered::NoOwner)
            }
            Ok(Err(e)) => Err(Unanswered::Broker(e.to_string())),
            Ok(Ok(msg)) => match decode::<Reply>(&msg.payload) {
                Ok(Reply::Gone) => Err(Unanswered::NoOwner),
                Ok(reply) => Ok(reply),
                Err(e) => Err(Unanswered::Broker(e.detail())),
            },
        }
    }

    /// Connection `conn` of this node closed: it leaves the game's relay, and the owner's room.
    pub(crate) async fn leave(&self, id: &str, conn: u64) {
        self.inner.relays.leave(id, conn);
        if let Ok(payload) = encode(&Request::Leave { conn }) {
            // No answer needed: a room gone meanwhile has forgotten the connection anyway.
            let _ = self
                .inner
                .client
                .publish(command_subject(id), payload)
                .await;
        }
    }

    /// The game is now served here: sockets that got its events through a relay reconnect (to this node's
    /// room, or wherever the game is then).
    pub(crate) fn close_relay(&self, id: &str) {
        self.inner.relays.close(id);
    }

    fn leave_relay_of(&self, id: &str, req: &Request) {
        if let Request::Hello { conn, .. } = req {
            self.inner.relays.leave(id, *conn);
        }
    }

    /// A receiver of game `id`'s relayed events for connection `conn`, starting the relay if there is none.
    async fn join_relay(
        &self,
        id: &str,
        conn: u64,
    ) -> Result<broadcast::Receiver<Arc<Event>>, Unanswered> {
        if let Some(rx) = self.inner.relays.join(id, conn) {
            return Ok(rx);
        }
        let sub = self
            .inner
            .client
            .subscribe(event_subject(id))
            .await
            .map_err(|e| Unanswered::Broker(e.to_string()))?;
        // The subscription must be in place at the server before the request that it follows.
        self.inner
            .client
            .flush()
            .await
            .map_err(|e| Unanswered::Broker(e.to_string()))?;
        Ok(self.inner.relays.start(self, id, conn, sub))
    }
}

impl std::fmt::Debug for Inner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Cluster")
            .field("relays", &self.relays)
            .field("timeout", &self.timeout)
            .finish_non_exhaustive()
    }
}

/// Publishes the events of this node's rooms on their games' subjects, in the order the rooms made them.
async fn publish_events(
    client: async_nats::Client,
    mut rx: mpsc::UnboundedReceiver<(Arc<str>, Mirrored)>,
) {
    while let Some((game, m)) = rx.recv().await {
        let wire = match &m {
            Mirrored::Event(ev) => Relayed::of(ev),
            Mirrored::Closed => Relayed::Closed,
        };
        let Ok(bytes) = encode(&wire) else { continue };
        if let Err(e) = client.publish(event_subject(&game), bytes).await {
            tracing::debug!(game = %game, "cannot publish an event to the other nodes: {e}");
        }
    }
}
