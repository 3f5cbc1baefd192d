//! The typed requests a socket or an HTTP handler makes of a game's room.
//!
//! A [`RoomHandle`] names a game, not one room task: a room that left memory between two requests is loaded
//! again from the database, so a handle stays good for the life of a socket. In a cluster the room may be on
//! another node: the registry then forwards the same [`Request`] there (`cluster/`), and the answer is the
//! same [`Reply`]; [`ask_room`] is the one place where a request becomes a command of a room task, for
//! this node's sockets and for the other nodes' alike.

use std::sync::Arc;

use axum::extract::ws::Utf8Bytes;
use bao_core::Side;
use bao_protocol::{History, Phrase, Snapshot};
use tokio::sync::{broadcast, mpsc, oneshot};

use super::game::{replay_history, HistoryAnswer};
use super::log::Event;
use super::registry::Rooms;
use crate::cluster::wire::{Failed, Relayed, Reply, Request, Text};
use crate::error::AppError;

/// What a room answers to a `hello` (or a resynchronisation).
#[derive(Debug)]
pub struct HelloReply {
    /// The seat the token holds; `None` for spectators.
    pub you: Option<Side>,
    /// A token was given but holds no seat of this game.
    pub token_rejected: bool,
    /// Messages to send in order: `welcome`, then the missed events or one snapshot.
    pub messages: Vec<Utf8Bytes>,
    /// The version those messages bring the socket to.
    pub v: u64,
    /// Events after those (versioned events up to `v` may come again first: they are to be skipped).
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
    /// The events after version `v`, if they are kept (for another node's relay).
    Since {
        v: u64,
        reply: oneshot::Sender<Option<Vec<Arc<Event>>>>,
    },
    /// Finish the current work and stop.
    Shutdown { reply: oneshot::Sender<()> },
}

/// Sends the command `make` builds to the room of `tx` and waits for its answer; `None` when the room is
/// gone.
async fn command<T>(
    tx: &mpsc::Sender<Command>,
    make: impl FnOnce(oneshot::Sender<T>) -> Command,
) -> Option<T> {
    let (reply, rx) = oneshot::channel();
    tx.send(make(reply)).await.ok()?;
    rx.await.ok()
}

/// `answer` as a [`Reply`].
fn answer(a: Answer) -> Reply {
    Reply::Answer {
        r: a.map(|t| t.map(Text)).map_err(Failed),
    }
}

/// Asks the room of `tx` (a room task of this process) `req`; `None` when the room is gone (it left memory:
/// the request is to be sent again to wherever the game is now).
pub(crate) async fn ask_room(tx: &mpsc::Sender<Command>, req: Request) -> Option<Reply> {
    Some(match req {
        Request::Ping => {
            // Answered only while the room runs.
            if tx.is_closed() {
                return None;
            }
            Reply::Done
        }
        Request::Hello { conn, token, v } => {
            let r = command(tx, |reply| Command::Hello {
                conn,
                token,
                v,
                reply,
            })
            .await?;
            hello_reply(r)
        }
        Request::Resync { conn } => {
            hello_reply(command(tx, |reply| Command::Resync { conn, reply }).await?)
        }
        Request::Leave { conn } => {
            tx.send(Command::Leave { conn }).await.ok()?;
            Reply::Done
        }
        Request::Move { conn, ply, mv } => answer(
            command(tx, |reply| Command::Move {
                conn,
                ply,
                mv,
                reply,
            })
            .await?,
        ),
        Request::Resign { conn } => {
            answer(command(tx, |reply| Command::Resign { conn, reply }).await?)
        }
        Request::Rematch { conn } => {
            answer(command(tx, |reply| Command::Rematch { conn, reply }).await?)
        }
        Request::Abort { conn } => {
            answer(command(tx, |reply| Command::Abort { conn, reply }).await?)
        }
        Request::Takeback { conn } => {
            answer(command(tx, |reply| Command::Takeback { conn, reply }).await?)
        }
        Request::TakebackDecline { conn } => {
            answer(command(tx, |reply| Command::TakebackDecline { conn, reply }).await?)
        }
        Request::Say { conn, phrase } => answer(
            command(tx, |reply| Command::Say {
                conn,
                phrase,
                reply,
            })
            .await?,
        ),
        Request::Join => Reply::Joined {
            r: command(tx, |reply| Command::Join { reply })
                .await?
                .map_err(Failed),
        },
        Request::Snapshot => Reply::Snapshot {
            game: command(tx, |reply| Command::Snapshot { reply }).await?,
        },
        Request::History { from, to } => {
            let kept = command(tx, |reply| Command::History { from, to, reply }).await?;
            Reply::History {
                r: resolve_history(kept).await.map_err(Failed),
            }
        }
        Request::Record => Reply::Record {
            text: command(tx, |reply| Command::Record { reply }).await?,
        },
        Request::Since { v } => Reply::Events {
            events: command(tx, |reply| Command::Since { v, reply })
                .await?
                .map(|evs| evs.iter().map(|e| Relayed::of(e)).collect()),
        },
    })
}

fn hello_reply(r: HelloReply) -> Reply {
    Reply::Hello {
        you: r.you,
        token_rejected: r.token_rejected,
        messages: r.messages.into_iter().map(Text).collect(),
        v: r.v,
        rx: Some(r.rx),
    }
}

/// The positions of a history answer; those older than the room keeps are rebuilt here, on the blocking
/// pool, so that the room goes on meanwhile.
async fn resolve_history(answer: HistoryAnswer) -> Result<History, AppError> {
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

    async fn ask(&self, req: Request) -> Result<Reply, AppError> {
        self.rooms.ask(&self.id, req).await
    }

    async fn answer(&self, req: Request) -> Answer {
        match self.ask(req).await? {
            Reply::Answer { r } => r.map(|t| t.map(|t| t.0)).map_err(|f| f.0),
            other => Err(other.unexpected()),
        }
    }

    async fn hello_like(&self, req: Request) -> Result<HelloReply, AppError> {
        match self.ask(req).await? {
            Reply::Hello {
                you,
                token_rejected,
                messages,
                v,
                rx: Some(rx),
            } => Ok(HelloReply {
                you,
                token_rejected,
                messages: messages.into_iter().map(|t| t.0).collect(),
                v,
                rx,
            }),
            other => Err(other.unexpected()),
        }
    }

    /// Connection `conn` says hello with `token` (none for spectators) and the last version it has.
    pub async fn hello(
        &self,
        conn: u64,
        token: Option<String>,
        v: u64,
    ) -> Result<HelloReply, AppError> {
        self.hello_like(Request::Hello { conn, token, v }).await
    }

    /// Connection `conn` fell behind the broadcast: a snapshot and a new receiver.
    pub async fn resync(&self, conn: u64) -> Result<HelloReply, AppError> {
        self.hello_like(Request::Resync { conn }).await
    }

    /// Connection `conn` closed (nothing to do if the room is no longer in memory).
    pub async fn leave(&self, conn: u64) {
        self.rooms.leave(&self.id, conn).await;
    }

    /// Connection `conn` plays `mv` as ply `ply`.
    pub async fn play(&self, conn: u64, ply: u64, mv: &str) -> Answer {
        self.answer(Request::Move {
            conn,
            ply,
            mv: mv.to_owned(),
        })
        .await
    }

    /// Connection `conn` resigns.
    pub async fn resign(&self, conn: u64) -> Answer {
        self.answer(Request::Resign { conn }).await
    }

    /// Connection `conn` offers or accepts a rematch.
    pub async fn rematch(&self, conn: u64) -> Answer {
        self.answer(Request::Rematch { conn }).await
    }

    /// Connection `conn` aborts the game.
    pub async fn abort(&self, conn: u64) -> Answer {
        self.answer(Request::Abort { conn }).await
    }

    /// Connection `conn` offers or accepts a takeback.
    pub async fn takeback(&self, conn: u64) -> Answer {
        self.answer(Request::Takeback { conn }).await
    }

    /// Connection `conn` declines the opponent's takeback offer.
    pub async fn decline_takeback(&self, conn: u64) -> Answer {
        self.answer(Request::TakebackDecline { conn }).await
    }

    /// Connection `conn` says `phrase` to everyone in the game.
    pub async fn say(&self, conn: u64, phrase: Phrase) -> Answer {
        self.answer(Request::Say { conn, phrase }).await
    }

    /// Takes a free seat: its side and its new token.
    pub async fn join(&self) -> Result<(Side, String), AppError> {
        match self.ask(Request::Join).await? {
            Reply::Joined { r } => r.map_err(|f| f.0),
            other => Err(other.unexpected()),
        }
    }

    /// The game's snapshot.
    pub async fn snapshot(&self) -> Result<Box<Snapshot>, AppError> {
        match self.ask(Request::Snapshot).await? {
            Reply::Snapshot { game } => Ok(game),
            other => Err(other.unexpected()),
        }
    }

    /// The positions after `from` up to `to` moves (bounded).
    pub async fn history(&self, from: u64, to: u64) -> Result<History, AppError> {
        match self.ask(Request::History { from, to }).await? {
            Reply::History { r } => r.map_err(|f| f.0),
            other => Err(other.unexpected()),
        }
    }

    /// The game record text.
    pub async fn record(&self) -> Result<String, AppError> {
        match self.ask(Request::Record).await? {
            Reply::Record { text } => Ok(text),
            other => Err(other.unexpected()),
        }
    }
}
