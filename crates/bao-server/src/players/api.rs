//! The players' HTTP routes: `POST /api/players`, `GET`/`PATCH`/`DELETE /api/players/me`,
//! `GET /api/players/{id}`.

use std::collections::BTreeMap;
use std::net::SocketAddr;

use axum::extract::{ConnectInfo, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use bao_protocol::{CreatedPlayer, NewPlayer, Profile, RatingView, Rename};

use super::names::{generated, validate};
use super::{MaybeMe, Me, COOKIE};
use crate::error::AppError;
use crate::http::extract::{client_key, GameId, JsonBody};
use crate::openapi::{MeErrors, NewPlayerErrors, ProfileErrors};
use crate::state::AppState;
use crate::store::PlayerRow;
use crate::tokens::{hash_token, new_player_id, new_player_key, valid_id};

/// How long the browser keeps the key: 400 days, the most browsers allow.
const COOKIE_MAX_AGE_SECS: u64 = 400 * 24 * 3600;

/// The `Set-Cookie` that gives the browser `key` (`None`: forgets it). `Secure` when the site is served over
/// HTTPS (its `--public-url`, or what a trusted proxy says).
pub(super) fn cookie(
    state: &AppState,
    peer: SocketAddr,
    headers: &HeaderMap,
    key: Option<&str>,
) -> HeaderValue {
    let https = state
        .config()
        .public_url
        .as_deref()
        .is_some_and(|u| u.starts_with("https://"))
        || state
            .config()
            .proxies()
            .forwarded(peer, headers, "x-forwarded-proto")
            .is_some_and(|p| p.eq_ignore_ascii_case("https"));
    let secure = if https { "; Secure" } else { "" };
    let text = match key {
        Some(key) => {
            format!("{COOKIE}={key}; Path=/; Max-Age={COOKIE_MAX_AGE_SECS}; HttpOnly; SameSite=Lax{secure}")
        }
        None => format!("{COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax{secure}"),
    };
    // The key is base62 and the rest ASCII: always a valid header value.
    HeaderValue::from_str(&text)
        .unwrap_or_else(|_| HeaderValue::from_static("bao_player=; Max-Age=0"))
}

async fn profile_of(state: &AppState, p: &PlayerRow, own: bool) -> Result<Profile, AppError> {
    let passkeys = if own {
        Some(u32::try_from(state.store().passkey_count(&p.id).await?).unwrap_or(u32::MAX))
    } else {
        None
    };
    let games = state.store().player_game_count(&p.id).await?;
    let ratings: BTreeMap<String, RatingView> = state
        .store()
        .player_ratings(&p.id)
        .await?
        .into_iter()
        .map(|(variant, r)| (variant, r.view()))
        .collect();
    Ok(Profile {
        id: p.id.clone(),
        name: p.name.clone(),
        created: p.created_at.saturating_mul(1000),
        ratings,
        games: u64::try_from(games).unwrap_or(0),
        passkeys,
    })
}

/// `POST /api/players`: a new player, named as asked or by the server; its key is answered once and set as
/// the `bao_player` cookie.
#[utoipa::path(
    post,
    path = "/api/players",
    operation_id = "createPlayer",
    tag = "players",
    request_body(content = NewPlayer, description = "`{}` for a name given by the server"),
    responses(
        (status = 201, description = "the new player and its key (shown this once); the key is also set as \
            the `bao_player` cookie (`HttpOnly`, `SameSite=Lax`, `Secure` over HTTPS)", body = CreatedPlayer,
            headers(("Set-Cookie" = String, description = "`bao_player=KEY; …`"))),
        NewPlayerErrors,
    )
)]
pub async fn create_player(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    _me: MaybeMe,
    headers: HeaderMap,
    JsonBody(body): JsonBody<NewPlayer>,
) -> Result<Response, AppError> {
    let name = match body.name.as_deref() {
        Some(name) => validate(name)?,
        None => generated(),
    };
    state.limits().create(client_key(&state, peer, &headers))?;
    let key = new_player_key();
    let player = state
        .store()
        .insert_player(&new_player_id(), &name, &hash_token(&key))
        .await?;
    tracing::info!(player = %player.id, "player created");
    let set_cookie = cookie(&state, peer, &headers, Some(&key));
    let created = CreatedPlayer {
        id: player.id,
        name: player.name,
        key,
    };
    Ok((
        StatusCode::CREATED,
        [
            (header::SET_COOKIE, set_cookie),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-store")),
        ],
        Json(created),
    )
        .into_response())
}

/// `GET /api/players/me`: the request's player's profile.
#[utoipa::path(
    get,
    path = "/api/players/me",
    operation_id = "getMe",
    tag = "players",
    responses(
        (status = 200, description = "the profile of the player the request acts as", body = Profile),
        MeErrors,
    )
)]
pub async fn get_me(State(state): State<AppState>, me: Me) -> Result<Response, AppError> {
    Ok(Json(profile_of(&state, &me.player, true).await?).into_response())
}

/// `PATCH /api/players/me`: renames the request's player.
#[utoipa::path(
    patch,
    path = "/api/players/me",
    operation_id = "renameMe",
    tag = "players",
    request_body(content = Rename),
    responses(
        (status = 200, description = "the profile with the new name", body = Profile),
        MeErrors,
    )
)]
pub async fn rename_me(
    State(state): State<AppState>,
    me: Me,
    JsonBody(body): JsonBody<Rename>,
) -> Result<Response, AppError> {
    let name = validate(&body.name)?;
    state.limits().rename(&me.player.id)?;
    if !state.store().rename_player(&me.player.id, &name).await? {
        return Err(AppError::NoPlayer);
    }
    let renamed = PlayerRow { name, ..me.player };
    Ok(Json(profile_of(&state, &renamed, true).await?).into_response())
}

/// `DELETE /api/players/me`: deletes the request's player (its name, passkeys, sign-in links and every
/// session go, its games stay: no key of it opens anything any more) and forgets the cookie.
#[utoipa::path(
    delete,
    path = "/api/players/me",
    operation_id = "deleteMe",
    tag = "players",
    responses(
        (status = 204, description = "deleted; the cookie is cleared"),
        MeErrors,
    )
)]
pub async fn delete_me(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    me: Me,
) -> Result<Response, AppError> {
    state.store().delete_player(&me.player.id).await?;
    tracing::info!(player = %me.player.id, "player deleted");
    let clear = cookie(&state, peer, &headers, None);
    Ok((StatusCode::NO_CONTENT, [(header::SET_COOKIE, clear)]).into_response())
}

/// Player `id`, unless unknown or deleted (404 `not_found`).
pub async fn known_player(state: &AppState, id: &str) -> Result<PlayerRow, AppError> {
    if !valid_id(id) {
        return Err(AppError::NoSuchPlayer);
    }
    match state.store().player(id).await? {
        Some(p) if !p.deleted => Ok(p),
        _ => Err(AppError::NoSuchPlayer),
    }
}

/// `GET /api/players/{id}`: a player's public profile.
#[utoipa::path(
    get,
    path = "/api/players/{id}",
    operation_id = "getPlayer",
    tag = "players",
    params(("id" = String, Path, description = "the player's id")),
    responses(
        (status = 200, description = "the player's public profile", body = Profile),
        ProfileErrors,
    )
)]
pub async fn get_player(
    State(state): State<AppState>,
    GameId(id): GameId,
) -> Result<Response, AppError> {
    let p = known_player(&state, &id).await?;
    Ok(Json(profile_of(&state, &p, false).await?).into_response())
}

/// Most games an export lists.
pub const EXPORT_GAMES: i64 = 10_000;

/// `GET /api/players/me/export`: everything the server keeps about the request's player, as JSON to
/// download (the key and any secret excepted: only their hashes are kept).
#[utoipa::path(
    get,
    path = "/api/players/me/export",
    operation_id = "exportMe",
    tag = "players",
    responses(
        (status = 200, description = "the player's data, offered as a file to download", body = bao_protocol::PlayerExport,
            headers(("Content-Disposition" = String, description = "`attachment; filename=\"bao-player-ID.json\"`"))),
        MeErrors,
    )
)]
pub async fn export_me(State(state): State<AppState>, me: Me) -> Result<Response, AppError> {
    let store = state.store();
    let ids = store
        .player_games(&me.player.id, None, EXPORT_GAMES)
        .await?;
    let mut games = Vec::with_capacity(ids.len());
    for chunk in ids.chunks(100) {
        let chunk: Vec<&str> = chunk.iter().map(String::as_str).collect();
        games.extend(store.summaries(&chunk).await?);
    }
    let export = bao_protocol::PlayerExport {
        exported_at: crate::lobby::now_ms(),
        player: profile_of(&state, &me.player, true).await?,
        rating_history: store.rating_history(&me.player.id).await?,
        games,
        puzzles: store.puzzle_progress(&me.player.id).await?,
        solved_mistakes: {
            let mut ids: Vec<String> = store
                .solved_mistakes(&me.player.id)
                .await?
                .into_iter()
                .map(|(game, ply)| format!("{game}-{ply}"))
                .collect();
            ids.sort();
            ids
        },
    };
    let disposition = format!("attachment; filename=\"bao-player-{}.json\"", me.player.id);
    Ok((
        [
            (
                header::CONTENT_DISPOSITION,
                HeaderValue::from_str(&disposition)
                    .unwrap_or_else(|_| HeaderValue::from_static("attachment")),
            ),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-store")),
        ],
        Json(export),
    )
        .into_response())
}

/// Most games answered in one page of `GET /api/players/{id}/games`.
pub const GAMES_PAGE: i64 = 50;

/// The query of `GET /api/players/{id}/games`.
#[derive(Debug, serde::Deserialize, utoipa::IntoParams)]
pub struct GamesQuery {
    /// Only games created before this (Unix ms): the `created` of the last game of the previous page.
    pub before: Option<i64>,
    /// With `before`: the `id` of the last game of the previous page, so that the games created in the same
    /// second as it are not skipped (games are dated to the second). Without it, they go to the next page
    /// only when strictly older.
    pub before_id: Option<String>,
}

/// `GET /api/players/{id}/games?before=T`: the games the player took a seat in, newest first, 50 a page.
#[utoipa::path(
    get,
    path = "/api/players/{id}/games",
    operation_id = "getPlayerGames",
    tag = "players",
    params(("id" = String, Path, description = "the player's id"), GamesQuery),
    responses(
        (status = 200, description = "the player's games (finished and current), newest first, at most 50; \
            the next page is asked with `before` and `before_id` set to the last one's `created` and `id`", body = Vec<bao_protocol::GameSummary>),
        ProfileErrors,
    )
)]
pub async fn get_player_games(
    State(state): State<AppState>,
    GameId(id): GameId,
    axum::extract::Query(q): axum::extract::Query<GamesQuery>,
) -> Result<Response, AppError> {
    known_player(&state, &id).await?;
    let ids = state
        .store()
        .player_games(
            &id,
            q.before.map(|ms| (ms, q.before_id.as_deref())),
            GAMES_PAGE,
        )
        .await?;
    let ids: Vec<&str> = ids.iter().map(String::as_str).collect();
    Ok(Json(state.store().summaries(&ids).await?).into_response())
}
