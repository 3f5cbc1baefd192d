//! HTTP handlers of the API (protocol.md, "HTTP").

use std::net::{IpAddr, SocketAddr};

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{ConnectInfo, FromRequest, Path, Request, State, WebSocketUpgrade};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use bao_ai::Level;
use bao_core::{Side, Variant};
use serde::de::DeserializeOwned;

use crate::error::AppError;
use crate::protocol::{game_path, share_url, CreateGame, Created, Joined, SeatKind};
use crate::state::AppState;
use crate::store::GameRow;
use crate::tokens::{hash_token, new_token};
use crate::ws;

/// A JSON body read leniently (any content type, empty means `{}`), with errors in the API's format.
#[derive(Debug)]
pub struct JsonBody<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for JsonBody<T> {
    type Rejection = AppError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let bytes = Bytes::from_request(req, state)
            .await
            .map_err(|e: BytesRejection| {
                if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
                    AppError::PayloadTooLarge
                } else {
                    AppError::BadRequest(format!("cannot read the body: {e}"))
                }
            })?;
        let text: &[u8] = if bytes.iter().all(u8::is_ascii_whitespace) {
            b"{}"
        } else {
            &bytes
        };
        serde_json::from_slice(text)
            .map(JsonBody)
            .map_err(|e| AppError::BadRequest(format!("bad JSON: {e}")))
    }
}

/// The client's address: the peer, or behind a trusted proxy the last `X-Forwarded-For` entry.
fn client_ip(state: &AppState, peer: SocketAddr, headers: &HeaderMap) -> IpAddr {
    if state.config().trust_forwarded {
        // Only the last entry was written by our proxy; earlier ones come from the client.
        let last = headers
            .get_all("x-forwarded-for")
            .iter()
            .next_back()
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.rsplit(',').next())
            .and_then(|s| s.trim().parse::<IpAddr>().ok());
        if let Some(ip) = last {
            return ip;
        }
    }
    peer.ip()
}

/// `GET /api/version`: the server's version and the commit it was built from (shown in the page footer).
pub async fn version() -> Json<serde_json::Value> {
    Json(serde_json::json!({
        "version": env!("CARGO_PKG_VERSION"),
        "commit": env!("BAO_COMMIT"),
    }))
}

/// `POST /api/games`.
pub async fn create(
    State(state): State<AppState>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    JsonBody(body): JsonBody<CreateGame>,
) -> Result<Response, AppError> {
    let variant: Variant = body
        .variant
        .parse()
        .map_err(|_| AppError::UnknownVariant(body.variant.clone()))?;
    let seat = match body.seat.as_deref().unwrap_or("random") {
        "south" => Side::South,
        "north" => Side::North,
        "random" => {
            if rand::random::<bool>() {
                Side::South
            } else {
                Side::North
            }
        }
        other => {
            return Err(AppError::BadRequest(format!(
                "unknown seat {other:?}; use south, north or random"
            )))
        }
    };
    let computer = match body.opponent.as_deref().unwrap_or("friend") {
        "friend" => None,
        "computer" => {
            let name = body.level.as_deref().unwrap_or("medium");
            Some(Level::parse(name).ok_or_else(|| {
                AppError::BadRequest(format!("unknown level {name:?}; use easy, medium or hard"))
            })?)
        }
        other => {
            return Err(AppError::BadRequest(format!(
                "unknown opponent {other:?}; use friend or computer"
            )))
        }
    };
    // Checked after validation: only games that would be created count.
    if !state.allow_create(client_ip(&state, addr, &headers)) {
        return Err(AppError::RateLimited(
            "too many requests; try again in a moment",
        ));
    }
    let token = new_token();
    let mut kinds = [SeatKind::Human; 2];
    if computer.is_some() {
        kinds[seat.opponent().index()] = SeatKind::Computer;
    }
    let mut hashes = [None, None];
    hashes[seat.index()] = Some(hash_token(&token));
    let row = GameRow::new(variant, kinds, hashes, computer);
    state.store().insert_game(&row).await?;
    state
        .metrics()
        .games_created_total
        .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    tracing::info!(game = %row.id, variant = variant.name(), "game created");
    let created = Created {
        url: game_path(&row.id),
        share_url: share_url(state.config().public_url.as_deref(), &row.id),
        id: row.id,
        seat,
        token,
    };
    Ok((StatusCode::CREATED, Json(created)).into_response())
}

/// `POST /api/games/{id}/join`.
pub async fn join(
    State(state): State<AppState>,
    Path(id): Path<String>,
    JsonBody(_): JsonBody<serde_json::Value>,
) -> Result<Response, AppError> {
    let (seat, token) = state.rooms().handle(&id).await?.join().await?;
    Ok(Json(Joined { seat, token }).into_response())
}

/// `GET /api/games/{id}`.
pub async fn get_game(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, AppError> {
    let snap = state.rooms().handle(&id).await?.snapshot().await?;
    Ok(Json(snap).into_response())
}

/// `GET /api/games/{id}/record`.
pub async fn record(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, AppError> {
    let text = state.rooms().handle(&id).await?.record().await?;
    Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response())
}

/// `GET /ws/{id}`: 404 before upgrading when the game does not exist.
pub async fn websocket(
    State(state): State<AppState>,
    Path(id): Path<String>,
    upgrade: WebSocketUpgrade,
) -> Result<Response, AppError> {
    let room = state.rooms().handle(&id).await?;
    Ok(upgrade
        .max_frame_size(ws::MAX_MESSAGE)
        .max_message_size(ws::MAX_MESSAGE)
        // Small buffers: an idle socket should cost a few KiB, not the 128 KiB defaults.
        .read_buffer_size(4 * 1024)
        .write_buffer_size(0)
        .max_write_buffer_size(1024 * 1024)
        .on_upgrade(move |socket| ws::run(socket, state, room)))
}

/// `GET /healthz`: 200 when the database can be written (see [`crate::store::Store::writable`]).
pub async fn healthz(State(state): State<AppState>) -> Response {
    if state.store().writable().await {
        (StatusCode::OK, "ok\n").into_response()
    } else {
        (
            StatusCode::SERVICE_UNAVAILABLE,
            "the database cannot be written\n",
        )
            .into_response()
    }
}

/// `GET /metrics`, Prometheus text format.
pub async fn metrics(State(state): State<AppState>) -> Response {
    (
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
        state.metrics().render(),
    )
        .into_response()
}

/// Unknown `/api/...` paths.
pub async fn not_found() -> AppError {
    AppError::NotFound
}

/// A known `/api/...` path with the wrong method.
pub async fn method_not_allowed() -> AppError {
    AppError::MethodNotAllowed
}
