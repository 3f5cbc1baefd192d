//! The lobby's HTTP routes: `POST`/`GET /api/seeks`, `DELETE /api/seeks/{id}`, `POST /api/seeks/{id}/accept`,
//! and the listed games being played, `GET /api/games/live`.

use std::net::SocketAddr;
use std::time::Duration;

use axum::extract::{ConnectInfo, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use bao_core::Variant;
use bao_protocol::clock::TimeControl;
use bao_protocol::{LiveGame, NewSeek, SeatChoice, Seek, SeekAccepted, SeekCreated};
use serde::Deserialize;

use super::{creator_seat, lobby_game, now_ms, seek_view};
use crate::error::AppError;
use crate::http::extract::{client_key, GameId, JsonBody};
use crate::openapi::{AcceptSeekErrors, LiveErrors, NewSeekErrors, WithdrawSeekErrors};
use crate::players::Me;
use crate::state::AppState;
use crate::store::lobby::{Accepted, SeekRow, Withdrawn};
use crate::store::StoreError;
use crate::tokens::{derived_token, hash_token, new_game_id, new_token, valid_id};

/// How long a player refused for too many seeks waits: a seek goes when taken, withdrawn or left.
const SEEKS_RETRY_AFTER: Duration = Duration::from_secs(30);
/// Most live games answered at once.
const MAX_LIVE: usize = 50;

/// `POST /api/seeks`: opens a seek in the lobby for another player to accept.
#[utoipa::path(
    post,
    path = "/api/seeks",
    operation_id = "createSeek",
    tag = "lobby",
    request_body(content = NewSeek),
    responses(
        (status = 201, description = "the seek is open; a live one (no clock or a live clock) stays while \
            its creator's lobby socket is open (and a grace for a reload), a correspondence one until \
            accepted or withdrawn", body = SeekCreated),
        NewSeekErrors,
    )
)]
pub async fn create_seek(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    me: Me,
    JsonBody(body): JsonBody<NewSeek>,
) -> Result<Response, AppError> {
    let variant: Variant = body
        .variant
        .parse()
        .map_err(|_| AppError::UnknownVariant(body.variant.clone()))?;
    let clock = match &body.clock {
        Some(v) => TimeControl::from_json(v).map_err(AppError::BadClock)?,
        None => None,
    };
    let seat = match body.seat.unwrap_or_default() {
        SeatChoice::South => "south",
        SeatChoice::North => "north",
        SeatChoice::Random => "random",
    };
    let address = format!("{:?}", client_key(&state, peer, &headers));
    let now = now_ms();
    let (mine, here) = state
        .store()
        .open_seek_counts(&me.player.id, &address, now)
        .await?;
    let config = state.config();
    if mine >= i64::from(config.seeks_per_player) || here >= i64::from(config.seeks_per_address) {
        state.limits().seek_refused();
        return Err(AppError::RateLimited {
            message: "you have as many open seeks as you may; withdraw one or wait for a player",
            retry_after: SEEKS_RETRY_AFTER,
        });
    }
    let lobby = state.lobby();
    let live = !matches!(clock, Some(TimeControl::Correspondence { .. }));
    let id = new_game_id();
    let token = derived_token(&me.key.0, &format!("seek:{id}"));
    let grace = i64::try_from(lobby.grace().as_millis()).unwrap_or(i64::MAX / 4);
    let row = SeekRow {
        id: id.clone(),
        player_id: me.player.id.clone(),
        player_name: me.player.name.clone(),
        address,
        variant: variant.name().to_owned(),
        clock: clock.map(|c| serde_json::to_string(&c).unwrap_or_default()),
        seat: seat.to_owned(),
        rated: match body.rated {
            Some(rated) => rated,
            None => crate::players::rated_by_default(&state, &me.player.id).await?,
        },
        token_hash: hash_token(&token),
        created_at: now,
        alive_until: live.then_some(now + grace),
        holder: (live && lobby.holds(&me.player.id)).then(|| lobby.node().to_owned()),
    };
    state.store().insert_seek(&row).await?;
    lobby.poke();
    tracing::info!(seek = %id, player = %me.player.id, "seek opened");
    Ok((StatusCode::CREATED, Json(SeekCreated { id })).into_response())
}

/// `GET /api/seeks`: the open seeks, oldest first.
#[utoipa::path(
    get,
    path = "/api/seeks",
    operation_id = "listSeeks",
    tag = "lobby",
    responses(
        (status = 200, description = "the open seeks, oldest first", body = Vec<Seek>),
        LiveErrors,
    )
)]
pub async fn list_seeks(State(state): State<AppState>) -> Result<Response, AppError> {
    // From the database, not this node's copy: a seek opened a moment ago on another node is there.
    let seeks: Vec<Seek> = state
        .store()
        .open_seeks(now_ms(), 2000)
        .await?
        .iter()
        .map(seek_view)
        .collect();
    Ok(Json(seeks).into_response())
}

/// `DELETE /api/seeks/{id}`: withdraws one's own seek.
#[utoipa::path(
    delete,
    path = "/api/seeks/{id}",
    operation_id = "withdrawSeek",
    tag = "lobby",
    params(("id" = String, Path, description = "the seek id")),
    responses(
        (status = 204, description = "withdrawn"),
        WithdrawSeekErrors,
    )
)]
pub async fn withdraw_seek(
    State(state): State<AppState>,
    GameId(id): GameId,
    me: Me,
) -> Result<Response, AppError> {
    if !valid_id(&id) {
        return Err(AppError::SeekGone);
    }
    match state.store().withdraw_seek(&id, &me.player.id).await? {
        Withdrawn::Done => {
            state.lobby().poke();
            Ok(StatusCode::NO_CONTENT.into_response())
        }
        Withdrawn::NotYours => Err(AppError::NotYourSeek),
        Withdrawn::Gone => Err(AppError::SeekGone),
    }
}

/// `POST /api/seeks/{id}/accept`: takes another player's seek; the game starts at once.
#[utoipa::path(
    post,
    path = "/api/seeks/{id}/accept",
    operation_id = "acceptSeek",
    tag = "lobby",
    params(("id" = String, Path, description = "the seek id")),
    request_body(
        content = Option<Object>,
        description = "`{}` or nothing (any JSON is accepted and ignored)",
    ),
    responses(
        (status = 201, description = "the game, the accepter's seat and its token; the creator is told on \
            their lobby socket (`paired`)", body = SeekAccepted),
        AcceptSeekErrors,
    )
)]
pub async fn accept_seek(
    State(state): State<AppState>,
    GameId(id): GameId,
    me: Me,
    JsonBody(_): JsonBody<serde_json::Value>,
) -> Result<Response, AppError> {
    if !valid_id(&id) {
        return Err(AppError::SeekGone);
    }
    if state.rooms().is_full() {
        return Err(AppError::Busy);
    }
    let token = new_token();
    let mine = hash_token(&token);
    let me_seat = me.seat();
    let accepted = state
        .store()
        .accept_seek(&id, &me.player.id, now_ms(), |seek| {
            let variant: Variant = seek.variant.parse().map_err(|_| {
                StoreError::BadRow(format!(
                    "seek {}: unknown variant {:?}",
                    seek.id, seek.variant
                ))
            })?;
            let clock = match seek.clock.as_deref() {
                Some(c) => Some(serde_json::from_str::<TimeControl>(c).map_err(|e| {
                    StoreError::BadRow(format!("seek {}: bad clock {c:?}: {e}", seek.id))
                })?),
                None => None,
            };
            let creator = creator_seat(&seek.seat);
            let creator_player = bao_protocol::SeatPlayer {
                id: seek.player_id.clone(),
                name: String::new(),
                rating: None,
                deleted: false,
            };
            let (hashes, players) = match creator {
                bao_core::Side::South => (
                    [seek.token_hash.clone(), mine.clone()],
                    [creator_player, me_seat.clone()],
                ),
                bao_core::Side::North => (
                    [mine.clone(), seek.token_hash.clone()],
                    [me_seat.clone(), creator_player],
                ),
            };
            Ok((
                lobby_game(variant, clock, hashes, players, seek.rated),
                creator,
            ))
        })
        .await?;
    match accepted {
        Accepted::Took(took) => {
            let (seek, game) = *took;
            state.metrics().games_created.inc();
            state.lobby().poke();
            let seat = if game.players[0]
                .as_ref()
                .is_some_and(|p| p.id == me.player.id)
            {
                bao_core::Side::South
            } else {
                bao_core::Side::North
            };
            tracing::info!(game = %game.id, seek = %seek.id, "seek accepted");
            Ok((
                StatusCode::CREATED,
                Json(SeekAccepted {
                    game: game.id,
                    seat,
                    token,
                }),
            )
                .into_response())
        }
        Accepted::Own => Err(AppError::OwnSeek),
        Accepted::Gone => Err(AppError::SeekGone),
    }
}

/// The query of `GET /api/games/live`.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct LiveQuery {
    /// Only games of this variant.
    pub variant: Option<String>,
    /// At most this many (1 to 50; default 20).
    pub limit: Option<usize>,
}

/// `GET /api/games/live`: the listed games being played now, the most recently moved first.
#[utoipa::path(
    get,
    path = "/api/games/live",
    operation_id = "liveGames",
    tag = "games",
    params(LiveQuery),
    responses(
        (status = 200, description = "the listed games being played, most recently moved first",
            body = Vec<LiveGame>),
        LiveErrors,
    )
)]
pub async fn live_games(
    State(state): State<AppState>,
    Query(q): Query<LiveQuery>,
) -> Result<Response, AppError> {
    let variant = match q.variant.as_deref() {
        Some(v) => Some(
            v.parse::<Variant>()
                .map_err(|_| AppError::UnknownVariant(v.to_owned()))?,
        ),
        None => None,
    };
    let limit = q.limit.unwrap_or(20).clamp(1, MAX_LIVE);
    let ids = state
        .store()
        .live_games(
            variant.map(Variant::name),
            i64::try_from(limit).unwrap_or(20),
        )
        .await?;
    let mut games = Vec::with_capacity(ids.len());
    for id in ids {
        // A game that cannot be reached now (its node is gone) is left out rather than failing the list.
        let snapshot = match state.rooms().find(&id).await {
            Ok(room) => match room.snapshot().await {
                Ok(s) => s,
                Err(e) => {
                    tracing::debug!(game = %id, "live games: {}", e.detail());
                    continue;
                }
            },
            Err(e) => {
                tracing::debug!(game = %id, "live games: {}", e.detail());
                continue;
            }
        };
        let snapshot = *snapshot;
        games.push(LiveGame {
            id: snapshot.id,
            variant: snapshot.variant.name().to_owned(),
            clock: snapshot.clock,
            seats: snapshot.seats,
            moves: u64::try_from(snapshot.moves.len()).unwrap_or(0),
            position: snapshot.position,
        });
    }
    Ok(Json(games).into_response())
}
