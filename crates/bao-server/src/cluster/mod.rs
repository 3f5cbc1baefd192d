//! Several nodes that share every game (`--nats-url`, with PostgreSQL): the nodes talk through NATS, the way
//! lichess's sockets and game servers talk through a broker.
//!
//! A game's room runs on one node, the one holding its lease (`store/lease.rs`). While the room is in memory,
//! that node serves requests on the game's command subject `bao.game.<id>.cmd` ([`OtherNodes::serve`]) and
//! publishes every event the room sends its sockets, already serialised and with its version, on
//! `bao.game.<id>.ev` (the room's log mirrors them to [`OtherNodes::outbox`]; one task publishes them in
//! order).
//!
//! Any other node forwards what its sockets and HTTP handlers ask of the game (a room's typed
//! [`Request`]) as a request on the command subject, in its wire form ([`wire::Forwarded`]), and sends the
//! owner's answer, typed again, to the request's reply channel (the [`OtherNodes`] the registry is given). It
//! relays the game's events to its own sockets from one subscription per game that it holds while it has
//! sockets for the game (`relay.rs`). Events keep the owner's versions, so replays and snapshots work the
//! same through any node.
//!
//! A request that nobody answers ("no responders", or no answer in time) means the owner is gone or has no
//! room: the registry (`room/registry.rs`) then takes the game's lease, once it has expired, and loads the
//! game here.

pub mod relay;
pub mod wire;

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use bao_core::Side;
use bao_protocol::History;
use futures_util::future::BoxFuture;
use futures_util::StreamExt;
use serde::de::DeserializeOwned;
use serde::Serialize;
use tokio::sync::{broadcast, mpsc, watch};

use crate::config::Config;
use crate::error::{AppError, StartupError};
use crate::jobs::{self, Jobs};
use crate::metrics::{ClusterMetrics, Outcome};
use crate::room::log::{Mirrored, Outbox};
use crate::room::nodes::{OtherNodes, Unanswered};
use crate::room::request::{Request, RoomTx};
use crate::room::Event;
use crate::store::{Outage, ServerTime};
use relay::Relays;
use wire::{
    acted, action_reply, decode, encode, Acted, Failed, Forwarded, Greeted, Relayed, Reply,
};

/// `options` with the credentials of `url` (`nats://USER:PASSWORD@HOST:PORT`, or `nats://TOKEN@HOST:PORT`), as
/// NATS's other clients read them: async-nats ignores a URL's credentials (nats.rs issue 1623), and a server
/// that asks for them would refuse the node.
fn with_credentials(options: async_nats::ConnectOptions, url: &str) -> async_nats::ConnectOptions {
    let Ok(addr) = url.trim().parse::<async_nats::ServerAddr>() else {
        // Not a URL: async-nats's own error at the connect says why.
        return options;
    };
    match (addr.username(), addr.password()) {
        (Some(user), Some(pass)) => options.user_and_password(user.to_owned(), pass.to_owned()),
        (Some(token), None) => options.token(token.to_owned()),
        _ => options,
    }
}

/// `url` as logs and errors may show it: its credentials, if any, replaced by `***`.
fn without_credentials(url: &str) -> String {
    let (scheme, rest) = url.split_once("://").unwrap_or(("", url));
    let authority = &rest[..rest.find(['/', '?', '#']).unwrap_or(rest.len())];
    match authority.rfind('@') {
        Some(at) if scheme.is_empty() => format!("***@{}", &rest[at + 1..]),
        Some(at) => format!("{scheme}://***@{}", &rest[at + 1..]),
        None => url.to_owned(),
    }
}

/// A plain connection to the NATS server at `url` (its credentials read as [`Cluster::connect`] reads them),
/// named `name`: a worker's (`bao-server worker`).
pub async fn connect_worker(url: &str, name: &str) -> Result<async_nats::Client, StartupError> {
    let options = with_credentials(async_nats::ConnectOptions::new(), url)
        .name(name.to_owned())
        .ping_interval(NATS_PING)
        .retry_on_initial_connect();
    let client = connect_with(options, url).await?;
    tracing::info!(nats = %without_credentials(url), "connected to NATS");
    Ok(client)
}

/// Connects to `url` with `options`; the error names the server without its credentials.
async fn connect_with(
    options: async_nats::ConnectOptions,
    url: &str,
) -> Result<async_nats::Client, StartupError> {
    options
        .connect(url)
        .await
        .map_err(|source| StartupError::Nats {
            url: without_credentials(url),
            source,
        })
}

/// The subject a game's owner serves requests on.
fn command_subject(id: &str) -> String {
    format!("bao.game.{id}.cmd")
}

/// The subject a game's owner publishes its events on.
fn event_subject(id: &str) -> String {
    format!("bao.game.{id}.ev")
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
    /// The version of the last event this node published, per game it serves: its answer to a relay's
    /// check, so that a relay that lost the last event notices.
    published: Published,
    /// Whether this node is cut off from NATS: no round trip through the NATS server for a request's
    /// timeout (`watch_link`), whatever async-nats thinks of the connection.
    cut: watch::Receiver<bool>,
    /// Requests forwarded and served, events relayed (registered in `/metrics`).
    metrics: ClusterMetrics,
    /// The computer's jobs on the cluster's work queue, once started ([`Cluster::start_jobs`]).
    jobs: OnceLock<Jobs>,
}

/// The version of the last event published, by game.
type Published = Arc<Mutex<HashMap<Arc<str>, u64>>>;

/// How often the client pings the NATS server: a connection that no longer carries anything (a cut network
/// gives no error) is noticed after two pings without answer, so that `/healthz` says so within seconds
/// rather than async-nats's default of minutes.
const NATS_PING: Duration = Duration::from_secs(5);

impl Cluster {
    /// Connects to the NATS server at `url` as node `node`, whose leases last `lease`; relays buffer
    /// `buffer` events for slow sockets. The time NATS is lost is an outage of `time`, not charged to the
    /// clocks of this node's games (`store/uptime.rs`).
    pub async fn connect(
        url: &str,
        node: &str,
        lease: Duration,
        buffer: usize,
        time: Arc<ServerTime>,
    ) -> Result<Cluster, StartupError> {
        let shown = without_credentials(url);
        let options = with_credentials(async_nats::ConnectOptions::new(), url)
            .name(format!("bao-server {node}"))
            .ping_interval(NATS_PING)
            .event_callback(move |event| {
                let time = time.clone();
                async move {
                    match event {
                        async_nats::Event::Disconnected => {
                            time.outage_began(Outage::Nats, Duration::ZERO);
                            tracing::warn!(
                                "lost the connection to NATS: /healthz answers 503 until it is back"
                            );
                        }
                        async_nats::Event::Connected => {
                            time.outage_ended(Outage::Nats);
                            tracing::info!("connected to NATS");
                        }
                        other => tracing::debug!("NATS: {other}"),
                    }
                }
            });
        let client = connect_with(options, url).await?;
        let (outbox, rx) = mpsc::unbounded_channel();
        let published = Published::default();
        // Long enough for a move under load (a group commit), short enough that a frozen owner is given up
        // on within about its lease.
        let timeout = lease.max(Duration::from_secs(2));
        let (cut_tx, cut) = watch::channel(false);
        tokio::spawn(watch_link(client.clone(), cut_tx, timeout));
        tokio::spawn(publish_events(
            client.clone(),
            rx,
            published.clone(),
            cut.clone(),
        ));
        tracing::info!(node, nats = %shown, "cluster node");
        Ok(Cluster {
            inner: Arc::new(Inner {
                client,
                outbox,
                relays: Relays::default(),
                timeout,
                check_every: (lease / 2).max(Duration::from_millis(250)),
                buffer: buffer.max(1),
                published,
                cut,
                metrics: ClusterMetrics::default(),
                jobs: OnceLock::new(),
            }),
        })
    }

    /// The version of the last event published for game `id` (0: none since its room came here).
    fn published(&self, id: &str) -> u64 {
        let map = self
            .inner
            .published
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        map.get(id).copied().unwrap_or(0)
    }

    /// Puts the computer's searches of node `node` on the cluster's work queue (`jobs/`), and works on it
    /// too unless `--work-local false`. A NATS server without JetStream leaves them to this node's own pool,
    /// with a warning, unless the node may not work itself.
    pub async fn start_jobs(&self, node: &str, config: &Config) -> Result<(), StartupError> {
        let local_threads = match (config.work_local, config.computer_threads) {
            (false, _) => 0,
            (true, 0) => std::thread::available_parallelism().map_or(1, |n| n.get()),
            (true, n) => n,
        };
        let settings = jobs::Settings {
            names: jobs::Names::new(&config.jobs_queue),
            bound: config.job_queue,
            ack_wait: Duration::from_millis(config.job_ack_ms),
            local_threads,
        };
        let started = Jobs::start(
            self.inner.client.clone(),
            node,
            settings,
            self.inner.metrics.jobs.clone(),
        )
        .await;
        match started {
            Ok(j) => {
                let _ = self.inner.jobs.set(j);
                Ok(())
            }
            Err(e) if config.work_local => {
                tracing::warn!("{e}: this node searches for its own games (is JetStream enabled?)");
                Ok(())
            }
            Err(e) => Err(StartupError::Config(format!(
                "{e}: with --work-local false the computer's searches need NATS with JetStream (-js)"
            ))),
        }
    }

    /// The computer's jobs on the cluster's work queue, if started.
    pub fn jobs(&self) -> Option<&Jobs> {
        self.inner.jobs.get()
    }

    /// Requests forwarded and served, events relayed: for `/metrics`.
    pub fn metrics(&self) -> &ClusterMetrics {
        &self.inner.metrics
    }

    /// Whether the connection to NATS is lost (async-nats reconnects by itself meanwhile): this node can then
    /// neither reach the games of the other nodes nor serve its own to them, so `/healthz` answers 503.
    pub fn nats_lost(&self) -> bool {
        self.inner.client.connection_state() != async_nats::connection::State::Connected
            || *self.inner.cut.borrow()
    }

    /// Games owned by other nodes whose events this node relays now.
    pub fn relays(&self) -> usize {
        self.inner.relays.len()
    }

    /// Forwards `req` to whichever node serves game `id` and sends its answer, typed again, to the request's
    /// reply channel. A `hello` or `resync` gets its events from this node's relay of the game, subscribed
    /// before the request so that no event after the answer is missed.
    async fn forward_request(&self, id: &str, req: Request) -> Result<(), Unanswered> {
        if *self.inner.cut.borrow() {
            // Answered at once: waiting for a request's timeout would only delay the client's retry.
            return Err(Unanswered::Broker("this node is cut off from NATS".into()));
        }
        match req {
            Request::Ping { reply } => {
                self.call::<u64>(id, &Forwarded::Ping).await?;
                let _ = reply.send(());
            }
            Request::Hello {
                conn,
                token_hash,
                v,
                reply,
            } => {
                let rx = self.join_relay(id, conn).await?;
                let hello = Forwarded::Hello {
                    conn,
                    token_hash,
                    v,
                };
                match self.call::<Greeted>(id, &hello).await {
                    Ok(greeted) => {
                        self.inner.relays.greeted(id, greeted.v);
                        let _ = reply.send(greeted.with(rx));
                    }
                    Err(e) => {
                        self.inner.relays.leave(id, conn);
                        return Err(e);
                    }
                }
            }
            Request::Resync { conn, reply } => {
                let rx = self.join_relay(id, conn).await?;
                let greeted: Greeted = self.call(id, &Forwarded::Resync { conn }).await?;
                self.inner.relays.greeted(id, greeted.v);
                let _ = reply.send(greeted.with(rx));
            }
            Request::Leave { conn } => self.leave(id, conn).await,
            Request::Act {
                conn,
                action,
                reply,
            } => {
                let r: Acted = self.call(id, &Forwarded::Act { conn, action }).await?;
                let _ = reply.send(action_reply(r));
            }
            Request::Join {
                hash,
                player,
                reply,
            } => {
                let r: Result<Side, Failed> =
                    self.call(id, &Forwarded::Join { hash, player }).await?;
                let _ = reply.send(r.map_err(|f| f.0));
            }
            Request::Snapshot { reply } => {
                let _ = reply.send(self.call(id, &Forwarded::Snapshot).await?);
            }
            Request::History { from, to, reply } => {
                let history = Forwarded::History { from, to };
                let r: Result<History, Failed> = self.call(id, &history).await?;
                let _ = reply.send(r.map_err(|f| f.0));
            }
            Request::Record { reply } => {
                let _ = reply.send(self.call(id, &Forwarded::Record).await?);
            }
            Request::Since { v, reply } => {
                let events: Option<Vec<Relayed>> = self.call(id, &Forwarded::Since { v }).await?;
                let events = events.map(|evs| {
                    evs.into_iter()
                        .filter_map(Relayed::into_event)
                        .map(Arc::new)
                        .collect()
                });
                let _ = reply.send(events);
            }
        }
        Ok(())
    }

    /// One request and its answer, read as `T` (the wire form of the request's answer), without relays.
    async fn call<T: DeserializeOwned>(&self, id: &str, req: &Forwarded) -> Result<T, Unanswered> {
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
            Ok(Ok(msg)) => match decode::<Reply<T>>(&msg.payload) {
                Ok(Reply::Room(answer)) => Ok(answer),
                Ok(Reply::Gone) => Err(Unanswered::NoOwner),
                Err(e) => Err(Unanswered::Broker(e.detail())),
            },
        }
    }

    /// Connection `conn` of this node closed: it leaves the game's relay, and the owner's room.
    async fn leave(&self, id: &str, conn: u64) {
        self.inner.relays.leave(id, conn);
        if let Ok(payload) = encode(&Forwarded::Leave { conn }) {
            // No answer needed: a room gone meanwhile has forgotten the connection anyway.
            let _ = self
                .inner
                .client
                .publish(command_subject(id), payload)
                .await;
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

impl OtherNodes for Cluster {
    fn forward<'a>(&'a self, id: &'a str, req: Request) -> BoxFuture<'a, Result<(), Unanswered>> {
        Box::pin(async move {
            let r = self.forward_request(id, req).await;
            self.inner.metrics.forwarded(match &r {
                Ok(()) => Outcome::Answered,
                Err(Unanswered::NoOwner) => Outcome::NoOwner,
                Err(Unanswered::Broker(_)) => Outcome::Failed,
            });
            r
        })
    }

    /// Serves requests for game `id` from the other nodes while `room` runs.
    fn serve(&self, id: &str, room: RoomTx) {
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
                        this.inner.metrics.served.inc();
                        let (client, room) = (client.clone(), room.clone());
                        let published = this.published(&id);
                        // Each request on its own task, as each socket of this node has its own.
                        tokio::spawn(async move {
                            let req = match decode::<Forwarded>(&msg.payload) {
                                Ok(req) => req,
                                Err(e) => {
                                    tracing::warn!("{}", e.detail());
                                    return;
                                }
                            };
                            let (Some(to), Some(Ok(bytes))) =
                                (msg.reply, answer(&room, req, published).await)
                            else {
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

    fn close_relay(&self, id: &str) {
        self.inner.relays.close(id);
    }

    fn outbox(&self, id: &str) -> Outbox {
        Outbox {
            game: Arc::from(id),
            tx: self.inner.outbox.clone(),
        }
    }

    fn cut_off(&self) -> watch::Receiver<bool> {
        self.inner.cut.clone()
    }
}

/// Watches this node's own round trip through the NATS server, four times per `bound`: a message to a
/// subject of its own, which must come back. A link that carries nothing (a cut network, a proxy that drops
/// everything) gives no error, and async-nats may go on calling the connection connected for minutes; after
/// `bound` without a round trip this node says it is cut off (`cut`: `/healthz` fails, the rooms give their
/// games up), and is back once a round trip succeeds again.
async fn watch_link(client: async_nats::Client, cut: watch::Sender<bool>, bound: Duration) {
    let every = bound / 4;
    let echo = client.new_inbox();
    let mut back = match client.subscribe(echo.clone()).await {
        Ok(sub) => sub,
        Err(e) => {
            tracing::warn!("cannot watch the link to NATS: {e}");
            return;
        }
    };
    let mut tick = tokio::time::interval(every);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut last_trip = tokio::time::Instant::now();
    loop {
        tick.tick().await;
        // Bounded: a link that takes nothing may fill the client's queue.
        let sent =
            tokio::time::timeout(every, client.publish(echo.clone(), bytes::Bytes::new())).await;
        if matches!(sent, Ok(Ok(()))) {
            match tokio::time::timeout(every, back.next()).await {
                Ok(Some(_)) => last_trip = tokio::time::Instant::now(),
                Ok(None) => return,
                Err(_) => {}
            }
        }
        let lost = last_trip.elapsed() >= bound;
        cut.send_if_modified(|was| {
            if *was == lost {
                return false;
            }
            if lost {
                tracing::warn!(
                    "no round trip through NATS for {bound:?}: this node is cut off from the others; \
                     /healthz answers 503 and its games are given up to the other nodes"
                );
            } else {
                tracing::info!("round trips through NATS again");
            }
            *was = lost;
            true
        });
    }
}

/// The owner's side: `req` from another node asked of this node's room `room`, and its answer in wire form
/// (`None` for a request that gets none); `published` is the version of the game's last event published.
async fn answer(
    room: &RoomTx,
    req: Forwarded,
    published: u64,
) -> Option<Result<bytes::Bytes, AppError>> {
    fn wire<W: Serialize>(answer: Option<W>) -> Result<bytes::Bytes, AppError> {
        encode(&answer.map_or(Reply::Gone, Reply::Room))
    }
    Some(match req {
        Forwarded::Ping => {
            let pong = room.ask(|reply| Request::Ping { reply }).await;
            wire(pong.map(|()| published))
        }
        Forwarded::Hello {
            conn,
            token_hash,
            v,
        } => {
            let hello = |reply| Request::Hello {
                conn,
                token_hash,
                v,
                reply,
            };
            wire(room.ask(hello).await.map(Greeted::of))
        }
        Forwarded::Resync { conn } => {
            let resync = |reply| Request::Resync { conn, reply };
            wire(room.ask(resync).await.map(Greeted::of))
        }
        Forwarded::Leave { conn } => {
            room.deliver(Request::Leave { conn }).await;
            return None;
        }
        Forwarded::Act { conn, action } => {
            let act = |reply| Request::Act {
                conn,
                action,
                reply,
            };
            wire(room.ask(act).await.map(acted))
        }
        Forwarded::Join { hash, player } => {
            let joined = room
                .ask(|reply| Request::Join {
                    hash,
                    player,
                    reply,
                })
                .await;
            wire(joined.map(|r| r.map_err(Failed)))
        }
        Forwarded::Snapshot => wire(room.ask(|reply| Request::Snapshot { reply }).await),
        Forwarded::History { from, to } => {
            let history = room.ask(|reply| Request::History { from, to, reply }).await;
            wire(history.map(|r| r.map_err(Failed)))
        }
        Forwarded::Record => wire(room.ask(|reply| Request::Record { reply }).await),
        Forwarded::Since { v } => {
            let events = room.ask(|reply| Request::Since { v, reply }).await;
            wire(
                events.map(|evs| {
                    evs.map(|evs| evs.iter().map(|e| Relayed::of(e)).collect::<Vec<_>>())
                }),
            )
        }
    })
}

/// Publishes the events of this node's rooms on their games' subjects, in the order the rooms made them,
/// noting in `published` the version of each game's last one.
///
/// Nothing is published while this node is cut off (`cut`): async-nats would keep the messages and send them
/// once the link is back, when another node owns the games. A stale "room closed" would then end the relays
/// that follow the new owner, and close their sockets under a move in flight.
async fn publish_events(
    client: async_nats::Client,
    mut rx: mpsc::UnboundedReceiver<(Arc<str>, Mirrored)>,
    published: Published,
    cut: watch::Receiver<bool>,
) {
    while let Some((game, m)) = rx.recv().await {
        let wire = match &m {
            Mirrored::Event(ev) => Relayed::of(ev),
            Mirrored::Closed => Relayed::Closed,
        };
        let Ok(bytes) = encode(&wire) else { continue };
        if *cut.borrow() {
            tracing::debug!(game = %game, "cut off from NATS: an event is not published");
        } else if let Err(e) = client.publish(event_subject(&game), bytes).await {
            tracing::debug!(game = %game, "cannot publish an event to the other nodes: {e}");
        }
        let mut last = published.lock().unwrap_or_else(|p| p.into_inner());
        match &m {
            Mirrored::Event(ev) if ev.versioned => {
                last.insert(game, ev.v);
            }
            Mirrored::Event(_) => {}
            Mirrored::Closed => {
                last.remove(&game);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn credentials_are_kept_out_of_what_is_shown() {
        assert_eq!(
            without_credentials("nats://bao:s3cret@nats:4222"),
            "nats://***@nats:4222"
        );
        assert_eq!(
            without_credentials("tls://t0ken@nats.example.org"),
            "tls://***@nats.example.org"
        );
        assert_eq!(without_credentials("bao:s3cret@nats:4222"), "***@nats:4222");
        assert_eq!(
            without_credentials("nats://127.0.0.1:4222"),
            "nats://127.0.0.1:4222"
        );
        assert_eq!(without_credentials("nats://h/x@y"), "nats://h/x@y");
    }
}
