//! Game rooms: one tokio task per game in memory, the only place a game changes.
//!
//! Sockets and HTTP handlers reach a room through a [`RoomHandle`] (typed requests over a channel, a player's
//! action carried whole as one [`Action`]); the room validates moves with bao-core, writes to the database,
//! and only then publishes versioned events on a broadcast channel. The parts, like lila-ws's:
//!
//! - [`log`]: versions, the replay window, the broadcast sender, the last stored version.
//! - [`presence`]: connections, seats online, watchers, the throttled `presence` event.
//! - [`computer`]: the computer's turn on the blocking pool.
//! - [`clock`]: the computer's time budget from its clock (the clock values and arithmetic are
//!   [`bao_protocol::clock`]'s); `timing.rs`: the room's clock timer.
//! - [`game`]: the game's facts and the views built from them (snapshot, `moved`, record).
//! - [`request`]: what a room is asked ([`Request`], [`Action`]) and its typed answers.
//! - [`actor`]: the room task that ties them together and dispatches each request and action to its
//!   handler; `play.rs`: the handlers that change the game; `takeback.rs`: abort and takeback; `say.rs`:
//!   quick messages.
//! - [`registry`]: the rooms in memory, loading a game's room on demand, forwarding to another node what
//!   it does not hold.
//! - [`handle`]: [`RoomHandle`], one method per request.
//! - [`nodes`]: the other nodes of a cluster as the rooms see them ([`OtherNodes`], implemented in
//!   `cluster/`).
//!
//! A room gets narrow handles ([`RoomDeps`]), not the server's whole state.

pub mod actor;
pub mod clock;
pub mod computer;
pub mod game;
pub mod handle;
pub mod log;
pub mod nodes;
mod play;
pub mod presence;
pub mod registry;
pub mod request;
mod say;
mod takeback;
mod timing;

use std::sync::Arc;
use std::time::Duration;

use crate::computer_pool::ComputerPool;
use crate::config::Config;
use crate::metrics::Metrics;
use crate::store::Store;

pub use handle::RoomHandle;
pub use log::Event;
pub use nodes::OtherNodes;
pub use registry::Rooms;
pub use request::{Action, ActionReply, Greeting, Request};

/// What a room may use of the server: the database, the metrics, its limits and the computer's CPU.
#[derive(Clone, Debug)]
pub struct RoomDeps {
    /// The database.
    pub store: Store,
    /// The metrics.
    pub metrics: Arc<Metrics>,
    /// The computer's CPU permits, one of which a computer opponent's search holds while it runs.
    pub computer: ComputerPool,
    /// The room's limits.
    pub limits: RoomLimits,
    /// `--computer-seed`: the one seed of every game's computer opponent, instead of each game's own.
    pub computer_seed: Option<u64>,
    /// The server's public address, for share links.
    pub public_url: Option<Arc<str>>,
    /// The other nodes, in a cluster (`--nats-url`): the registry forwards them the requests for their
    /// games, and rooms mirror their events to them.
    pub other_nodes: Option<Arc<dyn OtherNodes>>,
}

/// The limits of one room (from the configuration).
#[derive(Clone, Copy, Debug)]
pub struct RoomLimits {
    /// Events buffered for slow sockets before they lag and get a snapshot.
    pub buffer: usize,
    /// Missed events replayed to a reconnecting client at most.
    pub max_replay: u64,
    /// How long a room with nobody connected stays in memory.
    pub idle: Duration,
    /// The same for a finished game.
    pub idle_finished: Duration,
    /// Rooms in memory at most.
    pub max_rooms: usize,
}

impl RoomDeps {
    /// The handles of `config`'s server around an opened store (and its link to the other nodes).
    pub fn new(
        config: &Config,
        store: Store,
        metrics: Arc<Metrics>,
        computer: ComputerPool,
        other_nodes: Option<Arc<dyn OtherNodes>>,
    ) -> RoomDeps {
        RoomDeps {
            store,
            metrics,
            computer,
            limits: RoomLimits {
                buffer: config.room_buffer,
                max_replay: config.max_replay,
                idle: Duration::from_secs(config.room_idle_secs),
                idle_finished: Duration::from_secs(config.room_idle_secs.min(60)),
                max_rooms: config.max_rooms,
            },
            computer_seed: config.computer_seed,
            public_url: config.public_url.as_deref().map(Arc::from),
            other_nodes,
        }
    }
}
