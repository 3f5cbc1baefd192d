//! HTTP handlers of the API (protocol.md, "HTTP").

use std::net::SocketAddr;

use axum::extract::rejection::QueryRejection;
use axum::extract::{ConnectInfo, Query, State, WebSocketUpgrade};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use bao_ai::Level;
use bao_core::{Side, Variant};
use bao_protocol::clock::TimeControl;
use bao_protocol::{
    game_path, share_url, CreateGame, Created, History, Joined, Opponent, Review, Reviewing,
    SeatChoice, SeatKind, Snapshot, Version,
};

use crate::cluster::Cluster;
use crate::error::{retry_secs, AppError, RETRY_UNAVAILABLE};
use crate::http::extract::{client_key, GameId, JsonBody};
use crate::http::origin::check_origin;
use crate::metrics::AtScrape;
use crate::openapi::{
    CreateErrors, GameErrors, HistoryErrors, JoinErrors, PlainErrors, ReviewErrors, SocketErrors,
};
use crate::players::{MaybeMe, Me};
use crate::state::AppState;
use crate::store::GameRow;
use crate::tokens::{hash_token, new_token};
use crate::ws;

/// `GET /api/version`: the server's version and the commit it was built from (shown in the page footer).
#[utoipa::path(
    get,
    path = "/api/version",
    operation_id = "getVersion",
    tag = "server",
    responses(
        (status = 200, description = "the server's version and commit", body = Version),
        PlainErrors,
    )
)]
pub async fn version() -> Json<Version> {
    Json(Version {
        version: crate::VERSION.to_owned(),
        commit: crate::COMMIT.to_owned(),
    })
}

/// `POST /api/games`: creates a game; the creator gets a seat and its token.
#[utoipa::path(
    post,
    path = "/api/games",
    operation_id = "createGame",
    tag = "games",
    request_body(
        content = CreateGame,
        description = "the game to create (read whatever the content type; an empty body counts as `{}`)",
    ),
    responses(
        (status = 201, description = "the game, the creator's seat and its token", body = Created,
            links(
                ("GetGame" = (operation_id = "getGame", parameters(("id" = "$response.body#/id")))),
                ("JoinGame" = (operation_id = "joinGame", parameters(("id" = "$response.body#/id")))),
                ("GetRecord" = (operation_id = "getRecord", parameters(("id" = "$response.body#/id")))),
            )
        ),
        CreateErrors,
    )
)]
pub async fn create(
    State(state): State<AppState>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    MaybeMe(me): MaybeMe,
    headers: HeaderMap,
    JsonBody(body): JsonBody<CreateGame>,
) -> Result<Response, AppError> {
    let variant: Variant = body
        .variant
        .parse()
        .map_err(|_| AppError::UnknownVariant(body.variant.clone()))?;
    let seat = match body.seat.unwrap_or_default() {
        SeatChoice::South => Side::South,
        SeatChoice::North => Side::North,
        SeatChoice::Random => {
            if rand::random::<bool>() {
                Side::South
            } else {
                Side::North
            }
        }
    };
    let computer = match body.opponent.unwrap_or_default() {
        Opponent::Friend => None,
        Opponent::Computer => {
            let name = body.level.as_deref().unwrap_or("medium");
            Some(Level::parse(name).ok_or_else(|| {
                AppError::BadRequest(format!(
                    "unknown level {name:?}; use easy, medium, hard or a level from 1 to 8"
                ))
            })?)
        }
    };
    let clock = match &body.clock {
        Some(v) => TimeControl::from_json(v).map_err(AppError::BadClock)?,
        None => None,
    };
    // Checked after validation: only games that would be created count.
    state.limits().create(client_key(&state, addr, &headers))?;
    // A cluster's job queue full to its bound takes no new games against the computer (`jobs/`); the
    // games being played still get their moves.
    if let (Some(_), Some(jobs)) = (computer, state.computer().jobs()) {
        jobs.admit(crate::jobs::Kind::Move)?;
    }
    if state.rooms().is_full() {
        // The new game could not be opened: say so now rather than answer 201 for a game that is then
        // `busy` everywhere.
        return Err(AppError::Busy);
    }
    let token = new_token();
    let mut kinds = [SeatKind::Human; 2];
    if computer.is_some() {
        kinds[seat.opponent().index()] = SeatKind::Computer;
    }
    let mut hashes = [None, None];
    hashes[seat.index()] = Some(hash_token(&token));
    let mut row = GameRow::new(variant, kinds, hashes, computer);
    row.clock = clock;
    row.players[seat.index()] = me.as_ref().map(Me::seat);
    row.listed = body.listed.unwrap_or(false);
    state.store().insert_game(&row).await?;
    state.metrics().games_created.inc();
    tracing::info!(game = %row.id, variant = variant.name(), "game created");
    Ok(created(&state, row.id, seat, token))
}

/// The `201` answer of a new game: its id and page, the seat this client holds and its token.
pub fn created(state: &AppState, id: String, seat: Side, token: String) -> Response {
    let created = Created {
        url: game_path(&id),
        share_url: share_url(state.config().public_url.as_deref(), &id),
        id,
        seat,
        token,
    };
    (StatusCode::CREATED, Json(created)).into_response()
}

/// `POST /api/games/{id}/join`: claims the free seat.
#[utoipa::path(
    post,
    path = "/api/games/{id}/join",
    operation_id = "joinGame",
    tag = "games",
    params(("id" = String, Path, description = "the game id")),
    request_body(
        content = Option<Object>,
        description = "`{}` or nothing (any JSON is accepted and ignored)",
    ),
    responses(
        (status = 200, description = "the seat taken and its token", body = Joined),
        JoinErrors,
    )
)]
pub async fn join(
    State(state): State<AppState>,
    GameId(id): GameId,
    MaybeMe(me): MaybeMe,
    JsonBody(_): JsonBody<serde_json::Value>,
) -> Result<Response, AppError> {
    let player = me.as_ref().map(Me::seat);
    let (seat, token) = state.rooms().handle_unchecked(&id).join(player).await?;
    Ok(Json(Joined { seat, token }).into_response())
}

/// `GET /api/games/{id}`: the game snapshot.
#[utoipa::path(
    get,
    path = "/api/games/{id}",
    operation_id = "getGame",
    tag = "games",
    params(("id" = String, Path, description = "the game id")),
    responses(
        (status = 200, description = "the game snapshot", body = Snapshot),
        GameErrors,
    )
)]
pub async fn get_game(
    State(state): State<AppState>,
    GameId(id): GameId,
) -> Result<Response, AppError> {
    let snap = state.rooms().handle_unchecked(&id).snapshot().await?;
    Ok(Json(snap).into_response())
}

/// The query of `GET /api/games/{id}/history`.
#[derive(Debug, serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct HistoryQuery {
    /// The first ply (default 0).
    #[serde(default)]
    pub from: u64,
    /// The ply after the last (default: the end; at most 500 positions are answered).
    pub to: Option<u64>,
}

/// `GET /api/games/{id}/history?from=A&to=B`: positions older than the snapshot carries.
#[utoipa::path(
    get,
    path = "/api/games/{id}/history",
    operation_id = "getHistory",
    tag = "games",
    params(("id" = String, Path, description = "the game id"), HistoryQuery),
    responses(
        (status = 200, description = "the positions after `from`, `from + 1`, … moves (at most 500)", body = History),
        HistoryErrors,
    )
)]
pub async fn history(
    State(state): State<AppState>,
    GameId(id): GameId,
    query: Result<Query<HistoryQuery>, QueryRejection>,
) -> Result<Response, AppError> {
    let Query(q) = query.map_err(|e| AppError::BadRequest(format!("bad query: {e}")))?;
    let to = q.to.unwrap_or(u64::MAX);
    let page = state
        .rooms()
        .handle_unchecked(&id)
        .history(q.from, to)
        .await?;
    Ok(Json(page).into_response())
}

/// `GET /api/games/{id}/record`: the game record as text (protocol.md, "the game record").
#[utoipa::path(
    get,
    path = "/api/games/{id}/record",
    operation_id = "getRecord",
    tag = "games",
    params(("id" = String, Path, description = "the game id")),
    responses(
        (status = 200, description = "header lines, a blank line, then the moves numbered per move pair; \
            replays with `bao play`", content_type = "text/plain", body = String),
        GameErrors,
    )
)]
pub async fn record(
    State(state): State<AppState>,
    GameId(id): GameId,
) -> Result<Response, AppError> {
    let text = state.rooms().handle_unchecked(&id).record().await?;
    Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response())
}

/// `GET /api/games/{id}/review`: `200` with the review, or `202` while the computer is making it.
#[utoipa::path(
    get,
    path = "/api/games/{id}/review",
    operation_id = "getReview",
    tag = "games",
    params(("id" = String, Path, description = "the game id")),
    responses(
        (status = 200, description = "the review: every move with the computer's best move, the scores \
            before and after it for the side that moved, its class, and for mistakes and blunders the \
            better line", body = Review),
        (status = 202, description = "the computer is reviewing the game (the first request starts it): \
            ask again in a second or two", body = Reviewing),
        ReviewErrors,
    )
)]
pub async fn get_review(
    State(state): State<AppState>,
    GameId(id): GameId,
) -> Result<Response, AppError> {
    match state.reviews().review(&id).await? {
        Some(body) => Ok((
            [(
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            )],
            body,
        )
            .into_response()),
        None => {
            let mut r = (
                StatusCode::ACCEPTED,
                Json(Reviewing {
                    status: "reviewing".into(),
                }),
            )
                .into_response();
            r.headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
            Ok(r)
        }
    }
}

/// `GET /ws/{id}`. Before upgrading: 403 for a page of another site, 429 for an address over its sockets or
/// its rate of new ones, 404 when the game does not exist.
#[utoipa::path(
    get,
    path = "/ws/{id}",
    operation_id = "openSocket",
    tag = "socket",
    params(("id" = String, Path, description = "the game id")),
    responses(
        (status = 101, description = "the WebSocket of the game: messages `ClientMsg` in, `ServerMsg` out \
            (docs/protocol.md)"),
        SocketErrors,
    )
)]
pub async fn websocket(
    State(state): State<AppState>,
    GameId(id): GameId,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    raw: ws::RawUpgrade,
    upgrade: WebSocketUpgrade,
) -> Result<Response, AppError> {
    check_origin(&state, addr, &headers)?;
    let slot = state
        .limits()
        .open_socket(client_key(&state, addr, &headers))?;
    let room = state.rooms().find(&id).await?;
    Ok(ws::accept(
        raw,
        upgrade,
        &headers,
        move |socket| async move {
            // Past the shutdown deadline the socket is dropped wherever it is (it normally closes itself at the
            // start of the shutdown).
            let closing = state.clone();
            tokio::select! {
                () = ws::run(socket, state, room, slot) => {}
                () = closing.closing() => {}
            }
        },
    ))
}

/// `GET /healthz`: 200 when the database can be written (see [`crate::store::Store::writable`]) and, on a
/// node of a cluster, the connection to NATS is up; else 503 with a `Retry-After` and a line for each reason.
#[utoipa::path(
    get,
    path = "/healthz",
    operation_id = "healthz",
    tag = "server",
    responses(
        (status = 200, description = "the server can serve games: its database can be written and, with \
            `--nats-url`, it is connected to NATS", content_type = "text/plain", body = String,
            example = "ok\n"),
        (status = 503, description = "the database cannot be written (full disk, read-only, unreachable), or \
            this node of a cluster has lost its connection to NATS; one line for each reason, and a \
            `Retry-After`", content_type = "text/plain", body = String),
    )
)]
pub async fn healthz(State(state): State<AppState>) -> Response {
    let mut reasons = String::new();
    if !state.store().writable().await {
        reasons.push_str("the database cannot be written\n");
    }
    if state.cluster().is_some_and(Cluster::nats_lost) {
        reasons.push_str(
            "this node has lost its connection to NATS (--nats-url): it can reach neither the games of the \
             other nodes nor serve its own to them\n",
        );
    }
    if reasons.is_empty() {
        return (StatusCode::OK, "ok\n").into_response();
    }
    let wait = HeaderValue::from(retry_secs(RETRY_UNAVAILABLE));
    (
        StatusCode::SERVICE_UNAVAILABLE,
        [(header::RETRY_AFTER, wait)],
        reasons,
    )
        .into_response()
}

/// `GET /metrics`, Prometheus text format.
#[utoipa::path(
    get,
    path = "/metrics",
    operation_id = "metrics",
    tag = "server",
    responses(
        (status = 200, description = "Prometheus text format (docs/metrics.md lists the metrics)",
            content_type = "text/plain", body = String),
    )
)]
pub async fn metrics(State(state): State<AppState>) -> Response {
    let cluster = state.cluster();
    let now = AtScrape {
        writable: state.store().writable().await,
        most_sockets: state.limits().most_sockets(),
        relays: cluster.map_or(0, Cluster::relays),
        nats_lost: cluster.is_some_and(Cluster::nats_lost),
    };
    let text = state.metrics().render(now);
    ([(header::CONTENT_TYPE, crate::metrics::CONTENT_TYPE)], text).into_response()
}

/// Unknown `/api/...` paths.
pub async fn unknown_path() -> AppError {
    AppError::UnknownPath
}

/// A known `/api/...` path with the wrong method.
pub async fn method_not_allowed() -> AppError {
    AppError::MethodNotAllowed
}
