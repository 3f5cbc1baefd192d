//! The lobby's WebSocket, `GET /ws/lobby`: after `hello` the open seeks, then their changes; to a player, the
//! games made for them (`paired`); quick pairing (`pool_join`, `pool_leave`).

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::{ConnectInfo, State, WebSocketUpgrade};
use axum::http::HeaderMap;
use axum::response::Response;
use bao_core::Variant;
use bao_protocol::clock::TimeControl;
use bao_protocol::{LobbyClientMsg, LobbyServerMsg};
use futures_util::{SinkExt, StreamExt};
use governor::DefaultDirectRateLimiter;
use tokio::sync::broadcast::error::RecvError;
use tokio::sync::{broadcast, mpsc};
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::{self as ts, Message};

use super::{Joined, Pool};
use crate::error::AppError;
use crate::http::extract::client_key;
use crate::http::origin::check_origin;
use crate::limits::{ClientKey, SocketSlot};
use crate::metrics::Via;
use crate::openapi::SocketErrors;
use crate::players::{key_of, PlayerKey};
use crate::rates;
use crate::state::AppState;
use crate::tokens::{hash_token, valid_player_key};
use crate::ws::{self, WebSocket};

/// A connection that has not said hello by then is closed.
const HELLO_TIMEOUT: Duration = Duration::from_secs(30);
/// The server pings this often; a peer silent for three times as long is gone.
const PING_EVERY: Duration = Duration::from_secs(30);
/// A peer that does not take a message within this time is too slow to keep.
const SEND_TIMEOUT: Duration = Duration::from_secs(10);

/// `GET /ws/lobby`: the lobby's WebSocket.
#[utoipa::path(
    get,
    path = "/ws/lobby",
    operation_id = "openLobbySocket",
    tag = "lobby",
    responses(
        (status = 101, description = "the lobby's WebSocket: messages `LobbyClientMsg` in, `LobbyServerMsg` \
            out (docs/protocol.md, \"Lobby\")"),
        SocketErrors,
    )
)]
pub async fn lobby_socket(
    State(state): State<AppState>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    raw: ws::RawUpgrade,
    upgrade: WebSocketUpgrade,
) -> Result<Response, AppError> {
    check_origin(&state, addr, &headers)?;
    let key = client_key(&state, addr, &headers);
    // Lobby sockets count among the address's sockets (`--ws-per-address`), like the games'.
    let slot = state.limits().open_socket(key)?;
    let cookie_key = key_of(&headers)
        .filter(|(_, by_cookie)| *by_cookie)
        .map(|(k, _)| k.to_owned());
    Ok(ws::accept(
        raw,
        upgrade,
        &headers,
        move |socket| async move {
            let closing = state.clone();
            tokio::select! {
                () = run(socket, state, slot, key, cookie_key) => {}
                () = closing.closing() => {}
            }
        },
    ))
}

/// Why a lobby connection ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum End {
    Client,
    Lost,
    NoHello,
    RateLimit,
    Silent,
    Shutdown,
}

impl End {
    fn frame(self) -> Option<(u16, &'static str)> {
        match self {
            End::Client | End::Lost => None,
            End::NoHello => Some((ws::CLOSE_POLICY, "no hello")),
            End::RateLimit => Some((ws::CLOSE_POLICY, "too many messages")),
            End::Silent => Some((ws::CLOSE_GOING_AWAY, "silent")),
            End::Shutdown => Some((ws::CLOSE_GOING_AWAY, "server shutting down")),
        }
    }
}

struct Conn {
    state: AppState,
    id: u64,
    address: ClientKey,
    /// The key of the cookie sent with the upgrade, if any (a `hello` without `player` uses it).
    cookie_key: Option<String>,
    /// Set by `hello`: the lobby's changes.
    events: Option<broadcast::Receiver<Arc<str>>>,
    /// Set by `hello`: messages for this socket alone.
    direct: Option<mpsc::Receiver<Arc<str>>>,
    /// Set by `hello`: the player, if the socket said who.
    player: Option<(String, PlayerKey)>,
    rate: DefaultDirectRateLimiter,
    _slot: SocketSlot,
}

async fn send(socket: &mut WebSocket, text: &str) -> Result<(), End> {
    match tokio::time::timeout(
        SEND_TIMEOUT,
        socket.send(Message::Text(ts::Utf8Bytes::from(text))),
    )
    .await
    {
        Ok(Ok(())) => Ok(()),
        _ => Err(End::Lost),
    }
}

async fn run(
    mut socket: WebSocket,
    state: AppState,
    slot: SocketSlot,
    address: ClientKey,
    cookie_key: Option<String>,
) {
    let cfg = state.config();
    let mut conn = Conn {
        id: state.next_conn_id(),
        state: state.clone(),
        address,
        cookie_key,
        events: None,
        direct: None,
        player: None,
        rate: rates::direct(rates::quota(cfg.ws_rate, cfg.ws_burst)),
        _slot: slot,
    };
    state.metrics().lobby_sockets.inc();
    let mut shutdown = state.shutdown_signal();
    let hello_deadline = tokio::time::Instant::now() + HELLO_TIMEOUT;
    let mut ping = tokio::time::interval_at(tokio::time::Instant::now() + PING_EVERY, PING_EVERY);
    let mut last_heard = Instant::now();
    let end = loop {
        let waiting_hello = conn.events.is_none();
        tokio::select! {
            msg = socket.next() => {
                last_heard = Instant::now();
                let msg = match msg {
                    None | Some(Err(_)) => break End::Client,
                    Some(Ok(m)) => m,
                };
                if let Err(end) = conn.on_message(&mut socket, msg).await {
                    break end;
                }
            }
            ev = next_event(&mut conn.events) => {
                let sent = match ev {
                    Ok(text) => send(&mut socket, &text).await,
                    // Too slow for the lobby's changes: send them all again.
                    Err(RecvError::Lagged(_)) => conn.send_seeks(&mut socket).await,
                    Err(RecvError::Closed) => Err(End::Shutdown),
                };
                if let Err(end) = sent {
                    break end;
                }
            }
            direct = next_direct(&mut conn.direct) => {
                let Some(text) = direct else { break End::Shutdown };
                if let Err(end) = send(&mut socket, &text).await {
                    break end;
                }
            }
            () = tokio::time::sleep_until(hello_deadline), if waiting_hello => break End::NoHello,
            _ = ping.tick() => {
                if last_heard.elapsed() > 3 * PING_EVERY {
                    break End::Silent;
                }
                if tokio::time::timeout(SEND_TIMEOUT, socket.send(Message::Ping(Default::default()))).await.map_or(true, |r| r.is_err()) {
                    break End::Lost;
                }
            }
            _ = shutdown.changed() => break End::Shutdown,
        }
    };
    if let Some((code, reason)) = end.frame() {
        let frame = CloseFrame {
            code: CloseCode::from(code),
            reason: ts::Utf8Bytes::from_static(reason),
        };
        let _ = tokio::time::timeout(
            Duration::from_secs(2),
            socket.send(Message::Close(Some(frame))),
        )
        .await;
    }
    if conn.events.is_some() {
        state.lobby().leave(conn.id).await;
    }
    state.metrics().lobby_sockets.dec();
}

async fn next_event(
    events: &mut Option<broadcast::Receiver<Arc<str>>>,
) -> Result<Arc<str>, RecvError> {
    match events {
        Some(rx) => rx.recv().await,
        None => std::future::pending().await,
    }
}

async fn next_direct(direct: &mut Option<mpsc::Receiver<Arc<str>>>) -> Option<Arc<str>> {
    match direct {
        Some(rx) => rx.recv().await,
        None => std::future::pending().await,
    }
}

impl Conn {
    async fn on_message(&mut self, socket: &mut WebSocket, msg: Message) -> Result<(), End> {
        let text = match msg {
            Message::Close(_) => return Err(End::Client),
            Message::Text(t) => t,
            Message::Binary(_) => {
                return self
                    .send_error(
                        socket,
                        &AppError::BadMessage("messages are JSON text frames".into()),
                    )
                    .await
            }
            Message::Ping(_) | Message::Pong(_) | Message::Frame(_) => return Ok(()),
        };
        if self.rate.check().is_err() || !self.state.limits().message(self.address) {
            return Err(End::RateLimit);
        }
        let parsed: LobbyClientMsg = match serde_json::from_str(text.as_str()) {
            Ok(m) => m,
            Err(e) => {
                let e = AppError::BadMessage(format!("cannot read message: {e}"));
                return self.send_error(socket, &e).await;
            }
        };
        match parsed {
            LobbyClientMsg::Ping => send(socket, &LobbyServerMsg::Pong.to_json()).await,
            LobbyClientMsg::Hello { player } => self.hello(socket, player).await,
            _ if self.events.is_none() => {
                self.send_error(socket, &AppError::BadMessage("say hello first".into()))
                    .await
            }
            LobbyClientMsg::PoolJoin {
                variant,
                clock,
                rated,
            } => match self.pool_join(&variant, &clock, rated).await {
                Ok(msg) => send(socket, &msg.to_json()).await,
                Err(e) => self.send_error(socket, &e).await,
            },
            LobbyClientMsg::PoolLeave => match self.state.lobby().pool_leave(self.id).await {
                Ok(()) => send(socket, &LobbyServerMsg::Unpooled.to_json()).await,
                Err(e) => self.send_error(socket, &e).await,
            },
        }
    }

    async fn hello(&mut self, socket: &mut WebSocket, player: Option<String>) -> Result<(), End> {
        if self.events.is_some() {
            return self.send_seeks(socket).await;
        }
        let key = player.or_else(|| self.cookie_key.clone());
        let mut me = None;
        if let Some(key) = key {
            let found = if valid_player_key(&key) {
                match self.state.store().player_by_key(&hash_token(&key)).await {
                    Ok(p) => p,
                    Err(e) => return self.send_error(socket, &AppError::from(e)).await,
                }
            } else {
                None
            };
            match found {
                Some(p) => me = Some((p, PlayerKey(key))),
                None => {
                    // Watching still works; the page learns its key is no player's.
                    self.send_error(socket, &AppError::NoPlayer).await?;
                }
            }
        }
        let player = me.as_ref().map(|(p, k)| (p.id.clone(), k.clone()));
        match self.state.lobby().join(self.id, me).await {
            Ok(Joined { events, direct, .. }) => {
                self.events = Some(events);
                self.direct = Some(direct);
                self.player = player;
            }
            Err(e) => return self.send_error(socket, &e).await,
        }
        self.send_seeks(socket).await
    }

    async fn send_seeks(&self, socket: &mut WebSocket) -> Result<(), End> {
        let seeks = self.state.lobby().seeks();
        send(socket, &LobbyServerMsg::Seeks { seeks }.to_json()).await
    }

    async fn pool_join(
        &self,
        variant: &str,
        clock: &serde_json::Value,
        rated: Option<bool>,
    ) -> Result<LobbyServerMsg, AppError> {
        let Some((player, key)) = &self.player else {
            return Err(AppError::NoPlayer);
        };
        let variant: Variant = variant
            .parse()
            .map_err(|_| AppError::UnknownVariant(variant.to_owned()))?;
        let clock = match TimeControl::from_json(clock).map_err(AppError::BadClock)? {
            Some(c @ TimeControl::Live { .. }) => c,
            _ => {
                return Err(AppError::BadClock(
                    "quick pairing is for live clocks: {\"kind\":\"live\",\"initial_s\":I,\"increment_s\":J}"
                        .into(),
                ))
            }
        };
        self.state.limits().pool_join(self.address)?;
        let rated = match rated {
            Some(rated) => rated,
            None => crate::players::rated_by_default(&self.state, player).await?,
        };
        let pool = Pool {
            variant,
            clock,
            rated,
        };
        self.state
            .lobby()
            .pool_join(self.id, player, key, pool)
            .await?;
        Ok(LobbyServerMsg::Pooled {
            variant: variant.name().to_owned(),
            clock,
            rated,
        })
    }

    async fn send_error(&self, socket: &mut WebSocket, e: &AppError) -> Result<(), End> {
        self.state.metrics().error(e.code(), Via::Socket);
        e.log();
        let msg = LobbyServerMsg::Error {
            code: e.code(),
            message: e.message(),
        };
        send(socket, &msg.to_json()).await
    }
}
