//! What a game's room is asked, and its typed answers.
//!
//! A player's action is one value, [`Action`], from the socket's [`ClientMsg`] to the room's dispatch
//! (`Room::act`), the way mini-redis carries one `Command` from the connection to its handler. Every
//! [`Request`] carries the channel its answer goes back on, typed by the request: a hello is answered with a
//! [`Greeting`], an action with an [`ActionReply`], a snapshot with a snapshot. Nothing here is serialised
//! but the action itself: a request for a room on another node is turned into its wire form at the edge
//! (`cluster/`), and that node's answer back into the typed one.

use std::sync::Arc;

use axum::extract::ws::Utf8Bytes;
use bao_core::Side;
use bao_protocol::{ClientMsg, History, Phrase, SeatPlayer, Snapshot};
use serde::{Deserialize, Serialize};
use tokio::sync::{broadcast, mpsc, oneshot};

use super::log::Event;
use crate::error::AppError;

/// A player's action on the game, as the socket read it; the room's handler of each is named.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum Action {
    /// A move in notation, for ply `ply` (`on_move`, `play.rs`).
    Move {
        /// Moves played before it.
        ply: u64,
        /// The move as the client wrote it (a bad one is answered with the legal moves).
        mv: String,
    },
    /// A resignation (`on_resign`, `play.rs`).
    Resign,
    /// A rematch offer or acceptance (`on_rematch`, `play.rs`).
    Rematch,
    /// An abort (`on_abort`, `takeback.rs`).
    Abort,
    /// A takeback offer or acceptance (`on_takeback`, `takeback.rs`).
    Takeback,
    /// A takeback declined (`on_decline_takeback`, `takeback.rs`).
    TakebackDecline,
    /// A quick message (`on_say`, `say.rs`).
    Say {
        /// The phrase.
        phrase: Phrase,
    },
}

impl TryFrom<ClientMsg> for Action {
    /// The message itself when it is none of the game's actions but the socket's own (`hello`, `ping`).
    type Error = ClientMsg;

    fn try_from(msg: ClientMsg) -> Result<Action, ClientMsg> {
        Ok(match msg {
            ClientMsg::Move { ply, mv } => Action::Move { ply, mv },
            ClientMsg::Resign => Action::Resign,
            ClientMsg::Rematch => Action::Rematch,
            ClientMsg::Abort => Action::Abort,
            ClientMsg::Takeback => Action::Takeback,
            ClientMsg::TakebackDecline => Action::TakebackDecline,
            ClientMsg::Say { phrase } => Action::Say { phrase },
            ClientMsg::Hello { .. } | ClientMsg::Ping => return Err(msg),
        })
    }
}

/// The room's answer to an [`Action`]: a text for the sender alone (an idempotent resend, a rematch already
/// agreed), or nothing (the events go out to everybody).
pub type ActionReply = Result<Option<Utf8Bytes>, AppError>;

/// What a room answers to a `hello` (or a resynchronisation).
#[derive(Debug)]
pub struct Greeting {
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

/// A request to a game's room, with the channel its typed answer goes back on. Connection ids are unique
/// across the nodes of a cluster (`AppState::next_conn_id`), so a room tells every node's sockets apart.
#[derive(Debug)]
pub enum Request {
    /// Is the room there? Answered without waiting behind the room's queue (a relay's check that the owner
    /// lives, and the check before a socket is upgraded).
    Ping {
        /// The answer.
        reply: oneshot::Sender<()>,
    },
    /// A socket says hello (again) with its token and the last version it has: register it, answer with
    /// what it missed. The token itself stays with the socket's node (it never crosses to another): the room
    /// gets its hash, as it stores it.
    Hello {
        /// The connection.
        conn: u64,
        /// The hash of its seat token (`tokens::hash_token`), if it gave one.
        token_hash: Option<String>,
        /// The last version it has.
        v: u64,
        /// The answer.
        reply: oneshot::Sender<Greeting>,
    },
    /// A socket lagged behind the broadcast: a snapshot and a new receiver.
    Resync {
        /// The connection.
        conn: u64,
        /// The answer.
        reply: oneshot::Sender<Greeting>,
    },
    /// A socket closed (no answer).
    Leave {
        /// The connection.
        conn: u64,
    },
    /// A player's action.
    Act {
        /// The connection.
        conn: u64,
        /// What it does.
        action: Action,
        /// The answer.
        reply: oneshot::Sender<ActionReply>,
    },
    /// Claim a free seat for the token whose hash is `hash` (the token is made where the request came in and
    /// stays there): the seat's side.
    Join {
        /// The hash of the new seat token.
        hash: String,
        /// The player taking it, if one does.
        player: Option<SeatPlayer>,
        /// The answer.
        reply: oneshot::Sender<Result<Side, AppError>>,
    },
    /// The snapshot.
    Snapshot {
        /// The answer.
        reply: oneshot::Sender<Box<Snapshot>>,
    },
    /// Positions `from..to`.
    History {
        /// The first ply.
        from: u64,
        /// The end (exclusive).
        to: u64,
        /// The answer.
        reply: oneshot::Sender<Result<History, AppError>>,
    },
    /// The game record text.
    Record {
        /// The answer.
        reply: oneshot::Sender<String>,
    },
    /// The events after version `v`, if they are kept (for another node's relay that missed some).
    Since {
        /// The last version the relay has.
        v: u64,
        /// The answer.
        reply: oneshot::Sender<Option<Vec<Arc<Event>>>>,
    },
}

/// What a room task receives: a request, or (from the registry alone) the order to stop.
#[derive(Debug)]
pub(super) enum Command {
    /// A request.
    Request(Request),
    /// Finish the current work and stop.
    Shutdown(oneshot::Sender<()>),
}

/// Commands queued per room.
const COMMAND_CAP: usize = 64;

/// The way into one room task (of this process).
#[derive(Clone, Debug)]
pub struct RoomTx(mpsc::Sender<Command>);

impl RoomTx {
    /// A room task's channel and its receiving end.
    pub(super) fn channel() -> (RoomTx, mpsc::Receiver<Command>) {
        let (tx, rx) = mpsc::channel(COMMAND_CAP);
        (RoomTx(tx), rx)
    }

    /// Whether the room task has stopped.
    pub fn is_closed(&self) -> bool {
        self.0.is_closed()
    }

    /// Completes once the room task has stopped.
    pub async fn closed(&self) {
        self.0.closed().await;
    }

    /// Hands `req` to the room. When the room is gone (it left memory) the request is dropped, and with it
    /// its reply channel: the asker sees it closed and sends the request again to wherever the game is now.
    pub async fn deliver(&self, req: Request) {
        if let Request::Ping { reply } = req {
            // Answered only while the room runs.
            if !self.is_closed() {
                let _ = reply.send(());
            }
            return;
        }
        let _ = self.0.send(Command::Request(req)).await;
    }

    /// Asks the room the request `make` builds around a reply channel and waits for the answer; `None` when
    /// the room is gone.
    pub async fn ask<T>(&self, make: impl FnOnce(oneshot::Sender<T>) -> Request) -> Option<T> {
        let (reply, answer) = oneshot::channel();
        self.deliver(make(reply)).await;
        answer.await.ok()
    }

    /// Tells the room to stop after its current command; the receiver completes once it has.
    pub(super) async fn shutdown(&self) -> Option<oneshot::Receiver<()>> {
        let (tx, rx) = oneshot::channel();
        self.0.send(Command::Shutdown(tx)).await.ok()?;
        Some(rx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_games_actions_come_from_the_client_whole_and_the_sockets_own_messages_stay() {
        let cases = [
            (
                ClientMsg::Move {
                    ply: 3,
                    mv: "A6L".into(),
                },
                Action::Move {
                    ply: 3,
                    mv: "A6L".into(),
                },
            ),
            (ClientMsg::Resign, Action::Resign),
            (ClientMsg::Rematch, Action::Rematch),
            (ClientMsg::Abort, Action::Abort),
            (ClientMsg::Takeback, Action::Takeback),
            (ClientMsg::TakebackDecline, Action::TakebackDecline),
            (
                ClientMsg::Say {
                    phrase: Phrase::GoodLuck,
                },
                Action::Say {
                    phrase: Phrase::GoodLuck,
                },
            ),
        ];
        for (msg, action) in cases {
            assert_eq!(Action::try_from(msg), Ok(action));
        }
        let hello = ClientMsg::Hello { token: None, v: 4 };
        assert_eq!(Action::try_from(hello.clone()), Err(hello));
        assert_eq!(Action::try_from(ClientMsg::Ping), Err(ClientMsg::Ping));
    }

    #[tokio::test]
    async fn a_room_gone_closes_the_reply_channel_and_answers_no_ping() {
        let (tx, rx) = RoomTx::channel();
        assert_eq!(tx.ask(|reply| Request::Ping { reply }).await, Some(()));
        drop(rx);
        assert!(tx.is_closed());
        assert_eq!(tx.ask(|reply| Request::Ping { reply }).await, None);
        assert_eq!(tx.ask(|reply| Request::Record { reply }).await, None);
    }
}
