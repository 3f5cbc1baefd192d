//! The typed requests a socket or an HTTP handler makes of a game's room.
//!
//! A [`RoomHandle`] names a game, not one room task: a room that left memory between two requests is loaded
//! again from the database, so a handle stays good for the life of a socket.

use std::sync::Arc;

use axum::extract::ws::Utf8Bytes;
use bao_core::Side;
use tokio::sync::{broadcast, oneshot};

use super::game::{replay_history, HistoryAnswer};
use super::log::Event;
use super::registry::Rooms;
use crate::error::AppError;
use crate::protocol::{History, Phrase, Snapshot};

/// What a room answers to a `hello` (or a resynchronisation).
#[derive(Debug)]
pub struct HelloReply {
    /// The seat the token holds; `None` for spectators.
    pub you: Option<Side>,
    /// A token was given but holds no seat of this game.
    pub token_rejected: bool,
    /// Messages to send in order: `welcome`, then the missed events or one snapshot.
    pub messages: Vec<Utf8Bytes>,
    /// Events after those.
    pub rx: broadcast::Receiver<Arc<Event>>,
}

/// The answer to a command that changes the game: a text for the sender alone (an idempotent resend, a
/// rematch already agreed), or nothing (the events go out to everybody).
pub type Answer = Result<Option<Utf8Bytes>, AppError>;

/// A request to a room task.
#[derive(Debug)]
pub(crate) enum Command {
    /// A socket says hello (again): register it, answer with what it missed.
    Hello {
        conn: u64,
        token: Option<String>,
        v: u64,
        reply: oneshot::Sender<HelloReply>,
    },
    /// A socket lagged behind the broadcast: a snapshot and a new receiver.
    Resync {
        conn: u64,
        reply: oneshot::Sender<HelloReply>,
    },
    /// A socket closed.
    Leave { conn: u64 },
    /// A move in notation, for ply `ply`.
    Move {
        conn: u64,
        ply: u64,
        mv: String,
        reply: oneshot::Sender<Answer>,
    },
    /// A resignation.
    Resign {
        conn: u64,
        reply: oneshot::Sender<Answer>,
    },
    /// A rematch offer or acceptance.
    Rematch {
        conn: u64,
        reply: oneshot::Sender<Answer>,
    },
    /// An abort.
    Abort {
        conn: u64,
        reply: oneshot::Sender<Answer>,
    },
    /// A takeback offer or acceptance.
    Takeback {
        conn: u64,
        reply: oneshot::Sender<Answer>,
    },
    /// A takeback declined.
    TakebackDecline {
        conn: u64,
        reply: oneshot::Sender<Answer>,
    },
    /// A quick message.
    Say {
        conn: u64,
        phrase: Phrase,
        reply: oneshot::Sender<Answer>,
    },
    /// Claim a free seat: its side and token.
    Join {
        reply: oneshot::Sender<Result<(Side, String), AppError>>,
    },
    /// The snapshot.
    Snapshot {
        reply: oneshot::Sender<Box<Snapshot>>,
    },
    /// Positions `from..to`.
    History {
        from: u64,
        to: u64,
        reply: oneshot::Sender<HistoryAnswer>,
    },
    /// The game record text.
    Record { reply: oneshot::Sender<String> },
    /// Finish the current work and stop.
    Shutdown { reply: oneshot::Sender<()> },
}

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
    ) -> Result<HelloReply, AppError> {
        self.rooms
            .request(&self.id, |reply| Command::Hello {
                conn,
                token: token.clone(),
                v,
                reply,
            })
            .await
    }

    /// Connection `conn` fell behind the broadcast: a snapshot and a new receiver.
    pub async fn resync(&self, conn: u64) -> Result<HelloReply, AppError> {
        self.rooms
            .request(&self.id, |reply| Command::Resync { conn, reply })
            .await
    }

    /// Connection `conn` closed (nothing to do if the room is no longer in memory).
    pub async fn leave(&self, conn: u64) {
        self.rooms.tell(&self.id, Command::Leave { conn }).await;
    }

    /// Connection `conn` plays `mv` as ply `ply`.
    pub async fn play(&self, conn: u64, ply: u64, mv: &str) -> Answer {
        self.rooms
            .request(&self.id, |reply| Command::Move {
                conn,
                ply,
                mv: mv.to_owned(),
                reply,
            })
            .await?
    }

    /// Connection `conn` resigns.
    pub async fn resign(&self, conn: u64) -> Answer {
        self.rooms
            .request(&self.id, |reply| Command::Resign { conn, reply })
            .await?
    }

    /// Connection `conn` offers or accepts a rematch.
    pub async fn rematch(&self, conn: u64) -> Answer {
        self.rooms
            .request(&self.id, |reply| Command::Rematch { conn, reply })
            .await?
    }

    /// Connection `conn` aborts the game.
    pub async fn abort(&self, conn: u64) -> Answer {
        self.rooms
            .request(&self.id, |reply| Command::Abort { conn, reply })
            .await?
    }

    /// Connection `conn` offers or accepts a takeback.
    pub async fn takeback(&self, conn: u64) -> Answer {
        self.rooms
            .request(&self.id, |reply| Command::Takeback { conn, reply })
            .await?
    }

    /// Connection `conn` declines the opponent's takeback offer.
    pub async fn decline_takeback(&self, conn: u64) -> Answer {
        self.rooms
            .request(&self.id, |reply| Command::TakebackDecline { conn, reply })
            .await?
    }

    /// Connection `conn` says `phrase` to everyone in the game.
    pub async fn say(&self, conn: u64, phrase: Phrase) -> Answer {
        self.rooms
            .request(&self.id, |reply| Command::Say {
                conn,
                phrase,
                reply,
            })
            .await?
    }

    /// Takes a free seat: its side and its new token.
    pub async fn join(&self) -> Result<(Side, String), AppError> {
        self.rooms
            .request(&self.id, |reply| Command::Join { reply })
            .await?
    }

    /// The game's snapshot.
    pub async fn snapshot(&self) -> Result<Box<Snapshot>, AppError> {
        self.rooms
            .request(&self.id, |reply| Command::Snapshot { reply })
            .await
    }

    /// The positions after `from` up to `to` moves (bounded). Positions older than the room keeps are
    /// rebuilt here, on the blocking pool, so that the room goes on meanwhile.
    pub async fn history(&self, from: u64, to: u64) -> Result<History, AppError> {
        let answer = self
            .rooms
            .request(&self.id, |reply| Command::History { from, to, reply })
            .await?;
        match answer {
            HistoryAnswer::Kept(h) => Ok(h),
            HistoryAnswer::Replay {
                variant,
                moves,
                from,
                to,
            } => tokio::task::spawn_blocking(move || replay_history(variant, &moves, from, to))
                .await
                .map_err(|e| AppError::Internal(format!("replaying the game failed: {e}")))?,
        }
    }

    /// The game record text.
    pub async fn record(&self) -> Result<String, AppError> {
        self.rooms
            .request(&self.id, |reply| Command::Record { reply })
            .await
    }
}
