//! The other nodes of a cluster as the rooms see them: where the registry forwards a request for a game this
//! node does not hold, and what a room held here offers them. `cluster/` implements [`OtherNodes`] over NATS;
//! the rooms know nothing of NATS, and depend on no module of the cluster.

use std::fmt::Debug;

use futures_util::future::BoxFuture;
use tokio::sync::watch;

use super::log::Outbox;
use super::request::{Request, RoomTx};

/// Why a forwarded request got no answer.
#[derive(Debug)]
pub enum Unanswered {
    /// Nobody serves the game (no responders, the owner's room is gone, or it did not answer in time): the
    /// owner died or let the room go.
    NoOwner,
    /// The link itself failed (not connected, or a message that cannot be read).
    Broker(String),
}

/// The other nodes, in a cluster (`--nats-url`).
pub trait OtherNodes: Debug + Send + Sync {
    /// Forwards `req` to whichever node serves game `id`. On `Ok` the answer has gone to the request's reply
    /// channel (a [`Request::Leave`] has none: it is only told).
    fn forward<'a>(&'a self, id: &'a str, req: Request) -> BoxFuture<'a, Result<(), Unanswered>>;

    /// Serves game `id` to the other nodes while the room of `room` runs.
    fn serve(&self, id: &str, room: RoomTx);

    /// The game is now served here: sockets that got its events from another node reconnect (to this node's
    /// room, or wherever the game is then).
    fn close_relay(&self, id: &str);

    /// Where the log of game `id`'s room (on this node) sends a copy of each event, for the other nodes'
    /// sockets.
    fn outbox(&self, id: &str) -> Outbox;

    /// Whether this node is cut off from the others now (`true`), as it changes: a node that cannot reach
    /// them must not hold games, which nobody else could then play (`Rooms::give_up_when_cut`).
    fn cut_off(&self) -> watch::Receiver<bool>;
}
