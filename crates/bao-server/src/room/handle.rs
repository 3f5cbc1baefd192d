//! The way a socket or an HTTP handler reaches a game's room: [`RoomHandle`], whose methods each make one
//! typed [`Request`](super::request::Request) and wait for its typed answer.
//!
//! A handle names a game, not one room task: a room that left memory between two requests is loaded again
//! from the database, so a handle stays good for the life of a socket. In a cluster the room may be on
//! another node: the registry then forwards the same request there ([`OtherNodes`](super::OtherNodes)), and
//! the answer is the same.

use std::sync::Arc;

use bao_core::Side;
use bao_protocol::{History, SeatPlayer, Snapshot};

use super::registry::Rooms;
use super::request::{Action, ActionReply, Greeting, Request};
use crate::error::AppError;
use crate::tokens::{hash_token, new_token};

/// The way to a game's room.
#[derive(Clone, Debug)]
pub struct RoomHandle {
    id: Arc<str>,
    rooms: Rooms,
}

impl RoomHandle {
    pub(crate) fn new(id: &str, rooms: Rooms) -> RoomHandle {
        RoomHandle {
            id: Arc::from(id),
            rooms,
        }
    }

    /// The game id.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// Connection `conn` says hello with `token` (none for spectators) and the last version it has.
    pub async fn hello(
        &self,
        conn: u64,
        token: Option<String>,
        v: u64,
    ) -> Result<Greeting, AppError> {
        let token_hash = token.as_deref().map(hash_token);
        let hello = |reply| Request::Hello {
            conn,
            token_hash: token_hash.clone(),
            v,
            reply,
        };
        self.rooms.ask(&self.id, hello).await
    }

    /// Connection `conn` fell behind the broadcast: a snapshot and a new receiver.
    pub async fn resync(&self, conn: u64) -> Result<Greeting, AppError> {
        let resync = |reply| Request::Resync { conn, reply };
        self.rooms.ask(&self.id, resync).await
    }

    /// Connection `conn` closed (nothing to do if the room is no longer in memory).
    pub async fn leave(&self, conn: u64) {
        self.rooms.leave(&self.id, conn).await;
    }

    /// Connection `conn` does `action`.
    pub async fn act(&self, conn: u64, action: Action) -> ActionReply {
        let act = |reply| Request::Act {
            conn,
            action: action.clone(),
            reply,
        };
        self.rooms.ask(&self.id, act).await?
    }

    /// Takes a free seat, as `player` if one does: its side and its new token. The token is made here, on the
    /// node that answers the client, and only its hash goes to the room (which may be on another node).
    pub async fn join(&self, player: Option<SeatPlayer>) -> Result<(Side, String), AppError> {
        let token = new_token();
        let hash = hash_token(&token);
        let join = |reply| Request::Join {
            hash: hash.clone(),
            player: player.clone(),
            reply,
        };
        let seat = self.rooms.ask(&self.id, join).await??;
        Ok((seat, token))
    }

    /// The game's snapshot.
    pub async fn snapshot(&self) -> Result<Box<Snapshot>, AppError> {
        self.rooms
            .ask(&self.id, |reply| Request::Snapshot { reply })
            .await
    }

    /// The positions after `from` up to `to` moves (bounded).
    pub async fn history(&self, from: u64, to: u64) -> Result<History, AppError> {
        let history = |reply| Request::History { from, to, reply };
        self.rooms.ask(&self.id, history).await?
    }

    /// The game record text.
    pub async fn record(&self) -> Result<String, AppError> {
        self.rooms
            .ask(&self.id, |reply| Request::Record { reply })
            .await
    }
}
