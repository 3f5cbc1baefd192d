//! Players, without registration (protocol.md, "Players"): a name and a secret key, which the browser keeps in
//! an `HttpOnly` cookie and programs send as `Authorization: Bearer KEY`. Playing by link needs none: a
//! player only adds a name to the seats it takes.
//!
//! `names.rs` says what a name may be; `api.rs` has the HTTP handlers; here is how a request is known to act
//! as a player ([`MaybeMe`], [`Me`]).

pub mod api;
pub mod names;
pub mod passkeys;
pub mod sign_in;

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, Method};
use bao_protocol::SeatPlayer;

use crate::error::AppError;
use crate::http::origin::check_origin;
use crate::state::AppState;
use crate::store::PlayerRow;
use crate::tokens::{hash_token, valid_player_key};

/// Whether player `id`'s seeks and pool places are rated when they do not say: yes once the player has a
/// passkey (a player who can come back on any device), no before.
pub async fn rated_by_default(state: &AppState, id: &str) -> Result<bool, AppError> {
    Ok(state.store().passkey_count(id).await? > 0)
}

/// The cookie that holds a browser's player key.
pub const COOKIE: &str = "bao_player";

/// The player a request acts as.
#[derive(Debug, Clone)]
pub struct Me {
    /// The player.
    pub player: PlayerRow,
    /// The key the request carried.
    pub key: PlayerKey,
}

/// A player's secret key, which `Debug` never shows (so that no log line can carry it).
#[derive(Clone)]
pub struct PlayerKey(pub String);

impl std::fmt::Debug for PlayerKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("PlayerKey(…)")
    }
}

impl Me {
    /// The player as a seat shows it.
    pub fn seat(&self) -> SeatPlayer {
        SeatPlayer {
            id: self.player.id.clone(),
            name: self.player.name.clone(),
            rating: None,
            deleted: false,
        }
    }
}

/// The player a request acts as, if it carries a known key: `Authorization: Bearer KEY`, or the cookie. A
/// request that changes something by the cookie must come from a page of this server (its `Origin`, when it
/// has one): else 403 `forbidden_origin`, since a page elsewhere could make the browser send it.
#[derive(Debug, Clone)]
pub struct MaybeMe(pub Option<Me>);

/// The key a request carries and whether it came by the cookie.
pub(crate) fn key_of(headers: &HeaderMap) -> Option<(&str, bool)> {
    let bearer = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::trim);
    if let Some(key) = bearer {
        return Some((key, false));
    }
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|c| c.trim().split_once('='))
        .find(|(name, _)| *name == COOKIE)
        .map(|(_, key)| (key.trim(), true))
}

/// Whether a request of `method` may change something (so that its cookie needs its origin checked).
fn changes(method: &Method) -> bool {
    !matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS)
}

impl FromRequestParts<AppState> for MaybeMe {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        let Some((key, by_cookie)) = key_of(&parts.headers) else {
            return Ok(MaybeMe(None));
        };
        if by_cookie && changes(&parts.method) {
            let peer = parts
                .extensions
                .get::<ConnectInfo<SocketAddr>>()
                .map(|c| c.0)
                .ok_or_else(|| AppError::Internal("no peer address".into()))?;
            check_origin(state, peer, &parts.headers)?;
        }
        if !valid_player_key(key) {
            return Ok(MaybeMe(None));
        }
        let player = state.store().player_by_key(&hash_token(key)).await?;
        Ok(MaybeMe(player.map(|player| Me {
            player,
            key: PlayerKey(key.to_owned()),
        })))
    }
}

impl FromRequestParts<AppState> for Me {
    type Rejection = AppError;

    /// As [`MaybeMe`], and 401 `no_player` without a known key.
    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        MaybeMe::from_request_parts(parts, state)
            .await?
            .0
            .ok_or(AppError::NoPlayer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    #[test]
    fn the_key_comes_from_the_bearer_header_first_then_the_cookie() {
        let mut h = HeaderMap::new();
        assert_eq!(key_of(&h), None);
        h.insert(
            header::COOKIE,
            HeaderValue::from_static("theme=dark; bao_player=abc ; x=1"),
        );
        assert_eq!(key_of(&h), Some(("abc", true)));
        h.insert(
            header::AUTHORIZATION,
            HeaderValue::from_static("Bearer xyz"),
        );
        assert_eq!(key_of(&h), Some(("xyz", false)));
        let mut other = HeaderMap::new();
        other.insert(header::COOKIE, HeaderValue::from_static("bao_playerx=abc"));
        assert_eq!(key_of(&other), None);
    }

    #[test]
    fn only_changes_need_their_origin_checked() {
        assert!(!changes(&Method::GET));
        assert!(!changes(&Method::HEAD));
        assert!(changes(&Method::POST));
        assert!(changes(&Method::PATCH));
        assert!(changes(&Method::DELETE));
    }
}
