//! The WebSocket loop of one connection: reads client messages, hands each player's action to the game's
//! room as one [`Action`], and writes the room's events back. It holds no game state of its own besides who
//! it is.

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::ws::Utf8Bytes;
use axum::extract::{FromRequestParts, WebSocketUpgrade};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use bao_core::Side;
use bao_protocol::{ClientMsg, ServerMsg};
use futures_util::{SinkExt, StreamExt};
use governor::DefaultDirectRateLimiter;
use hyper::upgrade::{OnUpgrade, Upgraded};
use hyper_util::rt::TokioIo;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::sync::broadcast::{self, error::RecvError};
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::protocol::{CloseFrame, Role, WebSocketConfig};
use tokio_tungstenite::tungstenite::{self as ts, Message};
use tokio_tungstenite::WebSocketStream;

use crate::error::AppError;
use crate::limits::SocketSlot;
use crate::metrics::{Limit, Via};
use crate::rates;
use crate::room::{Action, ActionReply, Event, Greeting, RoomHandle};
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
/// Close code for "protocol error": a frame RFC 6455 does not allow (a reserved bit or opcode, a continuation
/// of nothing, a bad control frame).
pub const CLOSE_PROTOCOL: u16 = 1002;
/// Close code for "invalid frame payload data": a text message that is not UTF-8.
pub const CLOSE_BAD_TEXT: u16 = 1007;

/// The game's WebSocket: tungstenite's, on the upgraded connection (rather than axum's, which can no longer be
/// read once a frame was refused, so that its unread bytes would make the kernel reset the connection and
/// lose the close frame: issue 31).
pub type WebSocket = WebSocketStream<TokioIo<Upgraded>>;

/// The connection's upgrade (hyper's), taken from the request beside axum's [`WebSocketUpgrade`]: that one
/// checks the handshake (and answers a bad one), then [`accept`] upgrades the connection itself.
pub struct RawUpgrade(Option<OnUpgrade>);

impl<S: Send + Sync> FromRequestParts<S> for RawUpgrade {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(RawUpgrade(parts.extensions.get::<OnUpgrade>().cloned()))
    }
}

/// The socket's limits: 8 KiB frames and messages, and small buffers (an idle socket should cost a few KiB,
/// not the 128 KiB defaults).
fn config() -> WebSocketConfig {
    WebSocketConfig::default()
        .max_frame_size(Some(MAX_MESSAGE))
        .max_message_size(Some(MAX_MESSAGE))
        .read_buffer_size(4 * 1024)
        .write_buffer_size(0)
        .max_write_buffer_size(1024 * 1024)
}

/// Answers the handshake that `checked` has found good (101, with the key's `Sec-WebSocket-Accept` of
/// `headers`) and runs `callback` with the socket once the connection is upgraded.
pub fn accept<F, Fut>(
    raw: RawUpgrade,
    checked: WebSocketUpgrade,
    headers: &HeaderMap,
    callback: F,
) -> Response
where
    F: FnOnce(WebSocket) -> Fut + Send + 'static,
    Fut: std::future::Future<Output = ()> + Send + 'static,
{
    // Its copy of the upgrade is dropped; ours is the one awaited.
    drop(checked);
    let (Some(on_upgrade), Some(key)) = (raw.0, headers.get(header::SEC_WEBSOCKET_KEY)) else {
        return AppError::Internal(
            "a checked WebSocket handshake without its upgrade or key".into(),
        )
        .into_response();
    };
    let accept_key = ts::handshake::derive_accept_key(key.as_bytes());
    tokio::spawn(async move {
        let upgraded = match on_upgrade.await {
            Ok(u) => u,
            Err(e) => {
                tracing::debug!("a WebSocket upgrade failed: {e}");
                return;
            }
        };
        let socket =
            WebSocketStream::from_raw_socket(TokioIo::new(upgraded), Role::Server, Some(config()))
                .await;
        callback(socket).await;
    });
    let mut r = StatusCode::SWITCHING_PROTOCOLS.into_response();
    let h = r.headers_mut();
    h.insert(header::CONNECTION, HeaderValue::from_static("upgrade"));
    h.insert(header::UPGRADE, HeaderValue::from_static("websocket"));
    if let Ok(v) = HeaderValue::from_str(&accept_key) {
        h.insert(header::SEC_WEBSOCKET_ACCEPT, v);
    }
    r
}

/// A text frame of a message the rooms made (axum's text type, which the rooms share with their events).
fn text(t: Utf8Bytes) -> Message {
    // Already UTF-8: the check cannot fail, and costs a scan of a few hundred bytes.
    Message::Text(ts::Utf8Bytes::try_from(bytes::Bytes::from(t)).unwrap_or_default())
}

fn message(msg: &ServerMsg) -> Message {
    Message::Text(ts::Utf8Bytes::from(msg.to_json()))
}

/// Per-connection state.
struct Conn {
    state: AppState,
    room: RoomHandle,
    id: u64,
    /// Set once the room has accepted a hello: the seat, the events, and the version the hello's messages
    /// brought the socket to (events up to it that the receiver still brings are not sent again).
    hello: Option<(Option<Side>, broadcast::Receiver<Arc<Event>>, u64)>,
    /// The seat token of the accepted hello, when it holds a seat: the player's rematch messages get it
    /// here ([`with_seat_token`]), so that it never leaves this node.
    token: Option<String>,
    /// This connection's message rate (`--ws-rate`, `--ws-burst`).
    rate: DefaultDirectRateLimiter,
    /// Its place among its address's sockets; the address's message rate is shared by all of them.
    slot: SocketSlot,
    /// Refused messages: one strike each, given back at one per second; with none left (`--ws-strikes`) the
    /// connection is closed.
    strikes: DefaultDirectRateLimiter,
}

/// Why a connection ended: the `reason` label of `bao_socket_closes_total` (docs/metrics.md), and the close
/// frame the server sends, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum End {
    /// The client closed it (or its TCP connection ended).
    Client,
    /// Reading or writing failed (a broken connection, a peer too slow to take a message).
    Lost,
    /// A message over 8 KiB.
    TooBig,
    /// A frame RFC 6455 does not allow (a reserved bit or opcode, a continuation of nothing).
    BadFrame,
    /// A text message that is not UTF-8.
    BadText,
    /// No hello within a minute.
    NoHello,
    /// Kept on sending over the rate.
    RateLimit,
    /// No answer to pings.
    Silent,
    /// The game's room closed.
    RoomClosed,
    /// The server is shutting down.
    Shutdown,
}

impl End {
    #[cfg(test)]
    const ALL: [End; 10] = [
        End::Client,
        End::Lost,
        End::TooBig,
        End::BadFrame,
        End::BadText,
        End::NoHello,
        End::RateLimit,
        End::Silent,
        End::RoomClosed,
        End::Shutdown,
    ];

    fn label(self) -> &'static str {
        match self {
            End::Client => "client",
            End::Lost => "lost",
            End::TooBig => "too_big",
            End::BadFrame => "bad_frame",
            End::BadText => "bad_text",
            End::NoHello => "no_hello",
            End::RateLimit => "rate_limit",
            End::Silent => "silent",
            End::RoomClosed => "room_closed",
            End::Shutdown => "shutdown",
        }
    }

    /// The close frame sent for it (none when the connection is already gone or was closed by the client).
    fn frame(self) -> Option<(u16, &'static str)> {
        match self {
            End::Client | End::Lost => None,
            End::TooBig => Some((CLOSE_TOO_BIG, "message too big: the limit is 8 KiB")),
            End::BadFrame => Some((CLOSE_PROTOCOL, "protocol error")),
            End::BadText => Some((CLOSE_BAD_TEXT, "text messages must be UTF-8")),
            End::NoHello => Some((CLOSE_POLICY, "no hello")),
            End::RateLimit => Some((CLOSE_POLICY, "rate limit exceeded")),
            End::Silent => Some((CLOSE_GOING_AWAY, "no answer to pings")),
            End::RoomClosed => Some((CLOSE_GOING_AWAY, "the game room closed")),
            End::Shutdown => Some((CLOSE_GOING_AWAY, "server shutting down")),
        }
    }
}

/// Counts the socket in `/metrics` while it lives, and why it ended when it goes: `reason`, or `deadline`
/// when it is dropped unfinished (the shutdown deadline passed).
struct SocketGauge {
    state: AppState,
    reason: &'static str,
}

impl Drop for SocketGauge {
    fn drop(&mut self) {
        let m = self.state.metrics();
        m.open_sockets.dec();
        m.socket_closed(self.reason);
    }
}

/// Runs one connection to the game of `room` until either side closes it; `slot` is its place among its
/// client address's sockets.
pub async fn run(mut socket: WebSocket, state: AppState, room: RoomHandle, slot: SocketSlot) {
    state.metrics().open_sockets.inc();
    let mut gauge = SocketGauge {
        state: state.clone(),
        reason: "deadline",
    };
    let cfg = state.config();
    let mut conn = Conn {
        id: state.next_conn_id(),
        state: state.clone(),
        room,
        hello: None,
        token: None,
        rate: rates::direct(rates::quota(cfg.ws_rate, cfg.ws_burst)),
        slot,
        strikes: rates::direct(rates::quota(1.0, f64::from(cfg.ws_strikes))),
    };
    let mut shutdown = state.shutdown_signal();
    let hello_deadline = tokio::time::Instant::now() + HELLO_TIMEOUT;
    let mut ping = tokio::time::interval_at(tokio::time::Instant::now() + PING_EVERY, PING_EVERY);
    let mut last_heard = Instant::now();
    let end = loop {
        let rx = conn.hello.as_mut().map(|h| &mut h.1);
        let waiting_hello = rx.is_none();
        tokio::select! {
            msg = socket.next() => {
                last_heard = Instant::now();
                let msg = match msg {
                    None => break End::Client,
                    Some(Ok(m)) => m,
                    Some(Err(e)) => break refused(&e),
                };
                if let Err(end) = conn.on_message(&mut socket, msg).await {
                    break end;
                }
            }
            ev = next_event(rx) => {
                let sent = match ev {
                    Ok(ev) if ev.versioned && conn.hello.as_ref().is_some_and(|h| ev.v <= h.2) => Ok(()),
                    Ok(ev) => {
                        let seat = conn.hello.as_ref().and_then(|h| h.0);
                        send(&mut socket, text(conn.personal(ev.text_for(seat)))).await
                    }
                    Err(RecvError::Lagged(_)) => conn.resync(&mut socket).await,
                    Err(RecvError::Closed) => Err(End::RoomClosed),
                };
                if let Err(end) = sent {
                    break end;
                }
            }
            () = tokio::time::sleep_until(hello_deadline), if waiting_hello => break End::NoHello,
            _ = ping.tick() => {
                if last_heard.elapsed() > SILENCE_LIMIT {
                    break End::Silent;
                }
                if let Err(end) = send(&mut socket, Message::Ping(Default::default())).await {
                    break end;
                }
            }
            _ = shutdown.changed() => break End::Shutdown,
        }
    };
    gauge.reason = end.label();
    if let Some((code, reason)) = end.frame() {
        let frame = CloseFrame {
            code: CloseCode::from(code),
            reason: ts::Utf8Bytes::from_static(reason),
        };
        let failed = matches!(end, End::TooBig | End::BadFrame | End::BadText);
        // The closing handshake: send our close, then read until the client's. Dropping the connection with
        // its bytes unread would make the kernel reset it, and the client would lose our close frame (and its
        // code) with them.
        let _ = tokio::time::timeout(Duration::from_secs(2), async {
            if socket.send(Message::Close(Some(frame))).await.is_err() {
                return;
            }
            if failed {
                // The socket cannot be read after a refused frame (and the rest of an oversized message may
                // still come): our close is followed by the end of our side of the connection, and whatever
                // the client still sends is read and dropped until it closes its side.
                let io = socket.get_mut();
                let _ = io.shutdown().await;
                let mut sink = [0u8; 4096];
                while matches!(io.read(&mut sink).await, Ok(n) if n > 0) {}
                return;
            }
            while let Some(Ok(m)) = socket.next().await {
                if matches!(m, Message::Close(_)) {
                    break;
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

/// Why reading the socket failed, as the end of the connection: a message over 8 KiB (1009), a frame the
/// protocol does not allow (1002), a text message that is not UTF-8 (1007), or a connection lost.
fn refused(e: &ts::Error) -> End {
    use ts::error::ProtocolError;
    match e {
        ts::Error::Capacity(_) => End::TooBig,
        ts::Error::Utf8(_) => End::BadText,
        // The client's TCP connection ended: nobody to tell.
        ts::Error::Protocol(ProtocolError::ResetWithoutClosingHandshake) => End::Lost,
        ts::Error::Protocol(_) => End::BadFrame,
        _ => End::Lost,
    }
}

impl Conn {
    /// Takes a token for a message from the connection's rate and its address's; the limit that refused it,
    /// if one did.
    fn admit(&mut self) -> Result<(), Limit> {
        if self.rate.check().is_err() {
            self.state
                .metrics()
                .refusals()
                .refused(Limit::SocketMessages);
            return Err(Limit::SocketMessages);
        }
        // The address's allowance is only spent on messages the connection's own rate lets through.
        if !self.state.limits().message(self.slot.key()) {
            return Err(Limit::AddressMessages);
        }
        Ok(())
    }

    /// Handles one message from the client; an error ends the connection.
    async fn on_message(&mut self, socket: &mut WebSocket, msg: Message) -> Result<(), End> {
        let text = match msg {
            Message::Close(_) => return Err(End::Client),
            _ if self.admit().is_err() => return self.refuse(socket).await,
            Message::Text(t) => t,
            Message::Binary(_) => {
                let e = AppError::BadMessage("messages are JSON text frames".into());
                return self.send_error(socket, &e).await;
            }
            // The WebSocket layer answers pings, but they cost like any message (admitted above): a flood of
            // them is refused and closed like one of text frames.
            Message::Ping(_) | Message::Pong(_) | Message::Frame(_) => return Ok(()),
        };
        let parsed: ClientMsg = match serde_json::from_str(text.as_str()) {
            Ok(m) => m,
            Err(e) => {
                let e = AppError::BadMessage(format!("cannot read message: {e}"));
                return self.send_error(socket, &e).await;
            }
        };
        let action = match Action::try_from(parsed) {
            Ok(action) => action,
            Err(ClientMsg::Hello { token, v }) => return self.hello(socket, token, v).await,
            // The socket's other message of its own: `ping`.
            Err(_) => return send(socket, message(&ServerMsg::Pong)).await,
        };
        if self.hello.is_none() {
            let e = AppError::BadMessage("say hello first".into());
            return self.send_error(socket, &e).await;
        }
        let reply = self.room.act(self.id, action).await;
        self.reply(socket, reply).await
    }

    /// Answers a refused message: `rate_limited`, or closing the connection once its strikes are used up.
    async fn refuse(&mut self, socket: &mut WebSocket) -> Result<(), End> {
        if self.state.config().ws_strikes == 0 || self.strikes.check().is_err() {
            return Err(End::RateLimit);
        }
        let e = AppError::RateLimited {
            message: "too many messages; slow down",
            // Not sent on a socket: the client slows down, or is closed.
            retry_after: Duration::from_secs(1),
        };
        self.send_error(socket, &e).await
    }

    /// Sends `e` as an `error` message: the one place a socket's errors are counted in `/metrics` and
    /// logged ([`AppError::log`]), as the router's error layer does for HTTP answers.
    async fn send_error(&self, socket: &mut WebSocket, e: &AppError) -> Result<(), End> {
        self.state.metrics().error(e.code(), Via::Socket);
        e.log();
        send(socket, message(&e.server_msg())).await
    }

    async fn reply(&self, socket: &mut WebSocket, reply: ActionReply) -> Result<(), End> {
        match reply {
            Ok(None) => Ok(()),
            Ok(Some(t)) => send(socket, text(self.personal(t))).await,
            Err(e) => self.send_error(socket, &e).await,
        }
    }

    async fn hello(
        &mut self,
        socket: &mut WebSocket,
        token: Option<String>,
        v: u64,
    ) -> Result<(), End> {
        let had_token = token.is_some();
        let reply = match self.room.hello(self.id, token.clone(), v).await {
            Ok(r) => r,
            Err(e) => return self.send_error(socket, &e).await,
        };
        self.token = if reply.you.is_some() { token } else { None };
        if reply.token_rejected && had_token {
            let e = AppError::NotAPlayer(
                "this token holds no seat of this game; you are watching".into(),
            );
            self.send_error(socket, &e).await?;
        }
        self.deliver(socket, reply).await
    }

    async fn deliver(&mut self, socket: &mut WebSocket, greeting: Greeting) -> Result<(), End> {
        let Greeting {
            you,
            messages,
            v,
            rx,
            ..
        } = greeting;
        self.hello = Some((you, rx, v));
        for m in messages {
            send(socket, text(self.personal(m))).await?;
        }
        Ok(())
    }

    async fn resync(&mut self, socket: &mut WebSocket) -> Result<(), End> {
        let r = self.room.resync(self.id).await.map_err(|_| End::Lost)?;
        self.deliver(socket, r).await
    }
}

impl Conn {
    /// `text` as this connection sends it: its player's own rematch message with the player's token.
    fn personal(&self, text: Utf8Bytes) -> Utf8Bytes {
        match &self.token {
            Some(token) => with_seat_token(text, token),
            None => text,
        }
    }
}

/// `text` with `token` added when it is a player's own `rematch` message of an agreed rematch (it names the
/// player's `seat` in the new game): the new game's seat is held by the token the player already has, and
/// the room, which may be on another node, never sees tokens. Any other text is returned as it is.
fn with_seat_token(text: Utf8Bytes, token: &str) -> Utf8Bytes {
    // Cheap checks first: every event passes here, and a rematch is rare.
    if !text.as_str().starts_with(r#"{"t":"rematch""#) || !text.as_str().contains(r#""seat":"#) {
        return text;
    }
    match serde_json::from_str::<ServerMsg>(text.as_str()) {
        Ok(ServerMsg::Rematch(mut r)) if r.seat.is_some() && r.token.is_none() => {
            r.token = Some(token.to_owned());
            Utf8Bytes::from(ServerMsg::Rematch(r).to_json())
        }
        _ => text,
    }
}

/// Sends `m`; a failure or a peer that does not take it within [`SEND_TIMEOUT`] ends the connection.
async fn send(socket: &mut WebSocket, m: Message) -> Result<(), End> {
    match tokio::time::timeout(SEND_TIMEOUT, socket.send(m)).await {
        Ok(Ok(())) => Ok(()),
        _ => Err(End::Lost),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_players_own_agreed_rematch_gets_the_token() {
        let own = Utf8Bytes::from_static(
            r#"{"t":"rematch","v":14,"game":"Q2nX8kYh3LpA","seat":"north","url":"/g/Q2nX8kYh3LpA"}"#,
        );
        let got: serde_json::Value =
            serde_json::from_str(with_seat_token(own, "t0k").as_str()).unwrap();
        assert_eq!(got["token"], "t0k");
        assert_eq!(got["seat"], "north");
        assert_eq!(got["game"], "Q2nX8kYh3LpA");
        for other in [
            r#"{"t":"rematch","v":14,"game":"Q2nX8kYh3LpA"}"#,
            r#"{"t":"rematch","v":13,"offered_by":"south"}"#,
            r#"{"t":"said","side":"south","phrase":"hello"}"#,
        ] {
            let text = Utf8Bytes::from_static(other);
            assert_eq!(with_seat_token(text.clone(), "t0k"), text);
        }
    }

    #[test]
    fn every_close_reason_is_shown_in_the_metrics() {
        for end in End::ALL {
            assert!(
                crate::metrics::CLOSE_REASONS.contains(&end.label()),
                "{end:?}"
            );
        }
        let labels: std::collections::BTreeSet<_> = End::ALL.map(End::label).into();
        assert_eq!(labels.len(), End::ALL.len());
    }
}
