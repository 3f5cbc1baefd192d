//! The WebSocket loop of one connection: reads client messages, forwards them to the game's room, and
//! writes the room's events back. It holds no game state of its own besides who it is.

use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket};
use bao_core::Side;
use governor::DefaultDirectRateLimiter;
use tokio::sync::broadcast::{self, error::RecvError};

use crate::error::AppError;
use crate::limits::{self, SocketSlot};
use crate::protocol::{ClientMsg, ServerMsg};
use crate::room::handle::Answer;
use crate::room::{Event, HelloReply, RoomHandle};
use crate::state::AppState;

/// Largest accepted frame and message (protocol.md: 8 KiB; bigger closes with 1009).
pub const MAX_MESSAGE: usize = 8 * 1024;
/// A connection that has not said hello by then is closed.
const HELLO_TIMEOUT: Duration = Duration::from_secs(60);
/// The server pings this often, so that proxies keep idle sockets open and dead peers are noticed.
const PING_EVERY: Duration = Duration::from_secs(30);
/// A peer silent for this long (not even a pong) is gone.
const SILENCE_LIMIT: Duration = Duration::from_secs(90);
/// A peer that does not take a message within this time is too slow to keep.
const SEND_TIMEOUT: Duration = Duration::from_secs(10);

/// Close code for "message too big".
pub const CLOSE_TOO_BIG: u16 = 1009;
/// Close code for "policy violation" (kept on sending over the rate).
pub const CLOSE_POLICY: u16 = 1008;
/// Close code for "going away" (server shutting down).
pub const CLOSE_GOING_AWAY: u16 = 1001;

fn message(msg: &ServerMsg) -> Message {
    Message::Text(Utf8Bytes::from(msg.to_json()))
}

fn error_msg(e: &AppError) -> Message {
    message(&ServerMsg::error(e))
}

/// Per-connection state.
struct Conn {
    state: AppState,
    room: RoomHandle,
    id: u64,
    /// Set once the room has accepted a hello.
    hello: Option<(Option<Side>, broadcast::Receiver<Arc<Event>>)>,
    /// This connection's message rate (`--ws-rate`, `--ws-burst`).
    rate: DefaultDirectRateLimiter,
    /// Its place among its address's sockets; the address's message rate is shared by all of them.
    slot: SocketSlot,
    /// Refused messages, decaying by one per second.
    strikes: f64,
    last_strike: Instant,
}

enum Flow {
    Continue,
    Close(u16, &'static str),
}

/// Counts the socket in `/metrics` while it lives.
struct SocketGauge(AppState);

impl Drop for SocketGauge {
    fn drop(&mut self) {
        self.0
            .metrics()
            .open_sockets
            .fetch_sub(1, Ordering::Relaxed);
    }
}

/// Runs one connection to the game of `room` until either side closes it; `slot` is its place among its
/// client address's sockets.
pub async fn run(mut socket: WebSocket, state: AppState, room: RoomHandle, slot: SocketSlot) {
    state.metrics().open_sockets.fetch_add(1, Ordering::Relaxed);
    let _gauge = SocketGauge(state.clone());
    let cfg = state.config();
    let mut conn = Conn {
        id: state.next_conn_id(),
        state: state.clone(),
        room,
        hello: None,
        rate: limits::direct(limits::quota(cfg.ws_rate, cfg.ws_burst)),
        slot,
        strikes: 0.0,
        last_strike: Instant::now(),
    };
    let mut shutdown = state.shutdown_signal();
    let hello_deadline = tokio::time::Instant::now() + HELLO_TIMEOUT;
    let mut ping = tokio::time::interval_at(tokio::time::Instant::now() + PING_EVERY, PING_EVERY);
    let mut last_heard = Instant::now();
    let close = loop {
        let rx = conn.hello.as_mut().map(|h| &mut h.1);
        let waiting_hello = rx.is_none();
        tokio::select! {
            msg = socket.recv() => {
                last_heard = Instant::now();
                let msg = match msg {
                    None => break None,
                    Some(Ok(m)) => m,
                    Some(Err(e)) => {
                        if is_too_big(&e) {
                            break Some((CLOSE_TOO_BIG, "message too big: the limit is 8 KiB"));
                        }
                        break None;
                    }
                };
                match conn.on_message(&mut socket, msg).await {
                    Ok(Flow::Continue) => {}
                    Ok(Flow::Close(code, why)) => break Some((code, why)),
                    Err(()) => break None,
                }
            }
            ev = next_event(rx) => {
                match ev {
                    Ok(ev) => {
                        let seat = conn.hello.as_ref().and_then(|h| h.0);
                        if send(&mut socket, Message::Text(ev.text_for(seat))).await.is_err() {
                            break None;
                        }
                    }
                    Err(RecvError::Lagged(_)) => {
                        if conn.resync(&mut socket).await.is_err() {
                            break None;
                        }
                    }
                    Err(RecvError::Closed) => break Some((CLOSE_GOING_AWAY, "the game room closed")),
                }
            }
            () = tokio::time::sleep_until(hello_deadline), if waiting_hello => {
                break Some((CLOSE_POLICY, "no hello"));
            }
            _ = ping.tick() => {
                if last_heard.elapsed() > SILENCE_LIMIT {
                    break Some((CLOSE_GOING_AWAY, "no answer to pings"));
                }
                if send(&mut socket, Message::Ping(Default::default())).await.is_err() {
                    break None;
                }
            }
            _ = shutdown.changed() => break Some((CLOSE_GOING_AWAY, "server shutting down")),
        }
    };
    if let Some((code, reason)) = close {
        let frame = CloseFrame {
            code,
            reason: Utf8Bytes::from_static(reason),
        };
        // The closing handshake: send our close, then read until the client's. Dropping the connection with
        // its messages unread would make the kernel reset it, and the client would lose our close frame
        // (and its code) with them.
        let _ = tokio::time::timeout(Duration::from_secs(2), async {
            if socket.send(Message::Close(Some(frame))).await.is_ok() {
                while let Some(Ok(m)) = socket.recv().await {
                    if matches!(m, Message::Close(_)) {
                        break;
                    }
                }
            }
        })
        .await;
    }
    if conn.hello.is_some() {
        conn.room.leave(conn.id).await;
    }
}

async fn next_event(
    rx: Option<&mut broadcast::Receiver<Arc<Event>>>,
) -> Result<Arc<Event>, RecvError> {
    match rx {
        Some(rx) => rx.recv().await,
        None => std::future::pending().await,
    }
}

fn is_too_big(e: &axum::Error) -> bool {
    use std::error::Error as _;
    let mut src: Option<&(dyn std::error::Error + 'static)> = e.source();
    while let Some(s) = src {
        if let Some(t) = s.downcast_ref::<tungstenite::Error>() {
            return matches!(t, tungstenite::Error::Capacity(_));
        }
        src = s.source();
    }
    // axum hides the source in some versions: fall back to the message.
    e.to_string().contains("Space limit exceeded")
}

impl Conn {
    /// Takes a token for a message from the connection's rate and its address's; false if over either.
    fn admit(&mut self) -> bool {
        // The address's allowance is only spent on messages the connection's own rate lets through.
        if self.rate.check().is_ok() && self.state.limits().message(self.slot.key()) {
            return true;
        }
        let now = Instant::now();
        let decay = now.duration_since(self.last_strike).as_secs_f64();
        self.strikes = (self.strikes - decay).max(0.0) + 1.0;
        self.last_strike = now;
        false
    }

    async fn on_message(&mut self, socket: &mut WebSocket, msg: Message) -> Result<Flow, ()> {
        let text = match msg {
            Message::Text(t) => t,
            Message::Binary(_) => {
                if !self.admit() {
                    return self.refuse(socket).await;
                }
                let e = AppError::BadMessage("messages are JSON text frames".into());
                send(socket, error_msg(&e)).await?;
                return Ok(Flow::Continue);
            }
            Message::Close(_) => return Err(()),
            // The WebSocket layer answers pings, but they cost like any message: a flood of them is refused
            // and closed like one of text frames.
            Message::Ping(_) | Message::Pong(_) => {
                if !self.admit() {
                    return self.refuse(socket).await;
                }
                return Ok(Flow::Continue);
            }
        };
        if !self.admit() {
            return self.refuse(socket).await;
        }
        let parsed: ClientMsg = match serde_json::from_str(&text) {
            Ok(m) => m,
            Err(e) => {
                let e = AppError::BadMessage(format!("cannot read message: {e}"));
                send(socket, error_msg(&e)).await?;
                return Ok(Flow::Continue);
            }
        };
        if let ClientMsg::Ping = parsed {
            send(socket, message(&ServerMsg::Pong)).await?;
            return Ok(Flow::Continue);
        }
        if let ClientMsg::Hello { token, v } = parsed {
            self.hello(socket, token, v).await?;
            return Ok(Flow::Continue);
        }
        if self.hello.is_none() {
            let e = AppError::BadMessage("say hello first".into());
            send(socket, error_msg(&e)).await?;
            return Ok(Flow::Continue);
        }
        let answer = match parsed {
            ClientMsg::Move { ply, mv } => self.room.play(self.id, ply, &mv).await,
            ClientMsg::Resign => self.room.resign(self.id).await,
            ClientMsg::Rematch => self.room.rematch(self.id).await,
            ClientMsg::Abort => self.room.abort(self.id).await,
            ClientMsg::Takeback => self.room.takeback(self.id).await,
            ClientMsg::TakebackDecline => self.room.decline_takeback(self.id).await,
            ClientMsg::Hello { .. } | ClientMsg::Ping => Ok(None),
        };
        self.answer(socket, answer).await?;
        Ok(Flow::Continue)
    }

    async fn refuse(&mut self, socket: &mut WebSocket) -> Result<Flow, ()> {
        if self.strikes > f64::from(self.state.config().ws_strikes) {
            return Ok(Flow::Close(CLOSE_POLICY, "rate limit exceeded"));
        }
        let e = AppError::RateLimited {
            message: "too many messages; slow down",
            // Not sent on a socket: the client slows down, or is closed.
            retry_after: Duration::from_secs(1),
        };
        send(socket, error_msg(&e)).await?;
        Ok(Flow::Continue)
    }

    async fn answer(&self, socket: &mut WebSocket, answer: Answer) -> Result<(), ()> {
        match answer {
            Ok(None) => Ok(()),
            Ok(Some(text)) => send(socket, Message::Text(text)).await,
            Err(e) => send(socket, error_msg(&e)).await,
        }
    }

    async fn hello(
        &mut self,
        socket: &mut WebSocket,
        token: Option<String>,
        v: u64,
    ) -> Result<(), ()> {
        let had_token = token.is_some();
        let reply = match self.room.hello(self.id, token, v).await {
            Ok(r) => r,
            Err(e) => return send(socket, error_msg(&e)).await,
        };
        if reply.token_rejected && had_token {
            let e = AppError::NotAPlayer(
                "this token holds no seat of this game; you are watching".into(),
            );
            send(socket, error_msg(&e)).await?;
        }
        self.deliver(socket, reply).await
    }

    async fn deliver(&mut self, socket: &mut WebSocket, reply: HelloReply) -> Result<(), ()> {
        let HelloReply {
            you, messages, rx, ..
        } = reply;
        self.hello = Some((you, rx));
        for m in messages {
            send(socket, Message::Text(m)).await?;
        }
        Ok(())
    }

    async fn resync(&mut self, socket: &mut WebSocket) -> Result<(), ()> {
        let r = self.room.resync(self.id).await.map_err(|_| ())?;
        self.deliver(socket, r).await
    }
}

async fn send(socket: &mut WebSocket, m: Message) -> Result<(), ()> {
    match tokio::time::timeout(SEND_TIMEOUT, socket.send(m)).await {
        Ok(Ok(())) => Ok(()),
        _ => Err(()),
    }
}
