//! Sessions and sign-in links: a browser becomes a player (by a passkey, `passkeys.rs`, or by a link) with a
//! key of its own, and stops being it by signing out. A sign-in link carries its secret only in the URL's
//! fragment (`/signin#ID.SECRET`), which browsers never send to a server: the page reads it and posts it.
//! It is good once, for a day, unless revoked; the server keeps only the secret's hash.

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, Path, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use bao_protocol::{CreatedPlayer, NewSignInLink, RedeemSignInLink, SignInLinkView};

use super::api::cookie;
use super::Me;
use crate::error::AppError;
use crate::http::extract::{client_key, JsonBody};
use crate::http::origin::check_origin;
use crate::lobby::now_ms;
use crate::openapi::{MeErrors, SignInErrors};
use crate::qr::site_base;
use crate::state::AppState;
use crate::store::accounts::{SessionVia, SignInLinkRow};
use crate::store::PlayerRow;
use crate::tokens::{hash_token, new_game_id, new_player_key, valid_id, valid_player_key};

/// How long a sign-in link works: a day.
pub const SIGN_IN_LINK_MS: i64 = 24 * 3600 * 1000;

/// Most sign-in links one player may have good at once.
pub const MAX_SIGN_IN_LINKS: usize = 5;

/// The answer that makes this browser `player`: a new session (begun `via`), its key answered and set as the
/// cookie.
pub(super) async fn signed_in(
    state: &AppState,
    peer: SocketAddr,
    headers: &HeaderMap,
    player: PlayerRow,
    via: SessionVia,
) -> Result<Response, AppError> {
    let key = new_player_key();
    state
        .store()
        .insert_session(&player.id, &hash_token(&key), via)
        .await?;
    Ok(answer(state, peer, headers, player, key))
}

fn answer(
    state: &AppState,
    peer: SocketAddr,
    headers: &HeaderMap,
    player: PlayerRow,
    key: String,
) -> Response {
    let set_cookie = cookie(state, peer, headers, Some(&key));
    (
        [
            (header::SET_COOKIE, set_cookie),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-store")),
        ],
        Json(CreatedPlayer {
            id: player.id,
            name: player.name,
            key,
        }),
    )
        .into_response()
}

/// `POST /api/players/me/sign-out`: this browser's key (the one the request carries) stops working and the
/// cookie is cleared. The player's other sessions stay.
#[utoipa::path(
    post,
    path = "/api/players/me/sign-out",
    operation_id = "signOut",
    tag = "players",
    responses(
        (status = 204, description = "signed out: the key opens nothing any more; the cookie is cleared"),
        MeErrors,
    )
)]
pub async fn sign_out(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    me: Me,
) -> Result<Response, AppError> {
    state.store().end_session(&hash_token(&me.key.0)).await?;
    tracing::info!(player = %me.player.id, "signed out");
    let clear = cookie(&state, peer, &headers, None);
    Ok((StatusCode::NO_CONTENT, [(header::SET_COOKIE, clear)]).into_response())
}

/// `POST /api/players/me/sign-in-links`: a new sign-in link, shown this once.
#[utoipa::path(
    post,
    path = "/api/players/me/sign-in-links",
    operation_id = "makeSignInLink",
    tag = "players",
    responses(
        (status = 201, description = "the link (`…/signin#ID.SECRET`): good once, for 24 hours, unless \
            revoked", body = NewSignInLink),
        MeErrors,
    )
)]
pub async fn make_link(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    me: Me,
) -> Result<Response, AppError> {
    let now = now_ms();
    let store = state.store();
    if store.sign_in_links(&me.player.id, now).await?.len() >= MAX_SIGN_IN_LINKS {
        return Err(AppError::BadRequest(format!(
            "a player has at most {MAX_SIGN_IN_LINKS} sign-in links good at once; revoke one first"
        )));
    }
    let base = site_base(&state, peer, &headers)?;
    let link = SignInLinkRow {
        id: new_game_id(),
        created_at: now,
        expires_at: now + SIGN_IN_LINK_MS,
    };
    let secret = new_player_key();
    store
        .insert_sign_in_link(&me.player.id, &link, &hash_token(&secret))
        .await?;
    tracing::info!(player = %me.player.id, link = %link.id, "sign-in link made");
    Ok((
        StatusCode::CREATED,
        [(header::CACHE_CONTROL, HeaderValue::from_static("no-store"))],
        Json(NewSignInLink {
            url: format!("{base}/signin#{}.{secret}", link.id),
            id: link.id,
            created: link.created_at,
            expires: link.expires_at,
        }),
    )
        .into_response())
}

/// `GET /api/players/me/sign-in-links`: the player's sign-in links still good.
#[utoipa::path(
    get,
    path = "/api/players/me/sign-in-links",
    operation_id = "listSignInLinks",
    tag = "players",
    responses(
        (status = 200, description = "the links neither used, revoked nor expired, oldest first (never their \
            secrets)", body = Vec<SignInLinkView>),
        MeErrors,
    )
)]
pub async fn list_links(State(state): State<AppState>, me: Me) -> Result<Response, AppError> {
    let links: Vec<SignInLinkView> = state
        .store()
        .sign_in_links(&me.player.id, now_ms())
        .await?
        .into_iter()
        .map(|l| SignInLinkView {
            id: l.id,
            created: l.created_at,
            expires: l.expires_at,
        })
        .collect();
    Ok(Json(links).into_response())
}

/// `DELETE /api/players/me/sign-in-links/{id}`: revokes a link (it signs in nobody).
#[utoipa::path(
    delete,
    path = "/api/players/me/sign-in-links/{id}",
    operation_id = "revokeSignInLink",
    tag = "players",
    params(("id" = String, Path, description = "the link's id")),
    responses(
        (status = 204, description = "revoked"),
        MeErrors,
    )
)]
pub async fn revoke_link(
    State(state): State<AppState>,
    me: Me,
    Path(id): Path<String>,
) -> Result<Response, AppError> {
    if !state
        .store()
        .revoke_sign_in_link(&me.player.id, &id, now_ms())
        .await?
    {
        return Err(AppError::NoSuchSignInLink);
    }
    Ok(StatusCode::NO_CONTENT.into_response())
}

/// `POST /api/sign-in/link`: uses a sign-in link (its fragment, `ID.SECRET`); this browser is its player
/// from now on (a new key, set as the cookie).
#[utoipa::path(
    post,
    path = "/api/sign-in/link",
    operation_id = "signInWithLink",
    tag = "players",
    request_body(content = RedeemSignInLink),
    responses(
        (status = 200, description = "signed in: the player and a new key for this browser (also set as the \
            `bao_player` cookie)", body = CreatedPlayer,
            headers(("Set-Cookie" = String, description = "`bao_player=KEY; …`"))),
        SignInErrors,
    )
)]
pub async fn redeem_link(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    JsonBody(body): JsonBody<RedeemSignInLink>,
) -> Result<Response, AppError> {
    // A page elsewhere must not sign a visitor in as someone (with a link of its own player).
    check_origin(&state, peer, &headers)?;
    state.limits().sign_in(client_key(&state, peer, &headers))?;
    let (id, secret) = body
        .link
        .trim()
        .trim_start_matches('#')
        .split_once('.')
        .filter(|(id, secret)| valid_id(id) && valid_player_key(secret))
        .ok_or(AppError::SignInLinkGone)?;
    let key = new_player_key();
    let player = state
        .store()
        .redeem_sign_in_link(id, &hash_token(secret), &hash_token(&key), now_ms())
        .await?
        .ok_or(AppError::SignInLinkGone)?;
    tracing::info!(player = %player.id, link = %id, "signed in with a link");
    Ok(answer(&state, peer, &headers, player, key))
}
