//! Passkeys (WebAuthn), with webauthn-rs doing every check of the ceremonies: a player adds passkeys from
//! the own profile, and anyone signs in with one from any page (a discoverable credential: no name asked).
//!
//! Each ceremony takes two requests: the first answers the options for the browser and keeps webauthn-rs's
//! state in the database (`webauthn_ceremonies`, 5 minutes, taken once), so that the second request may
//! reach any node of a cluster. The relying party is the site: `--public-url`'s host, else the host the
//! request was sent to (`http://localhost:8080` works; an IP address cannot be a relying party id).

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, Path, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use bao_protocol::{CeremonyStart, NewPasskey, PasskeyRename, PasskeySignIn, PasskeyView};
use webauthn_rs::prelude::{
    DiscoverableAuthentication, Passkey, PasskeyRegistration, PublicKeyCredential,
    RegisterPublicKeyCredential, Url, Uuid,
};
use webauthn_rs::{Webauthn, WebauthnBuilder};

use super::sign_in::signed_in;
use super::Me;
use crate::error::AppError;
use crate::http::extract::{client_key, JsonBody};
use crate::http::origin::check_origin;
use crate::lobby::now_ms;
use crate::openapi::{MeErrors, SignInErrors};
use crate::qr::site_base;
use crate::state::AppState;
use crate::store::accounts::{CeremonyKind, PasskeyRow, SessionVia};
use crate::tokens::{new_player_id, new_player_key, valid_player_key};

/// How long a ceremony may take, from its options to the authenticator's answer.
const CEREMONY_MS: i64 = 5 * 60 * 1000;

/// Most passkeys one player may have.
pub const MAX_PASSKEYS: i64 = 20;

/// Longest name of a passkey, in characters.
const MAX_PASSKEY_NAME: usize = 40;

/// The relying party of a request: the site as the browser sees it.
fn relying_party(
    state: &AppState,
    peer: SocketAddr,
    headers: &HeaderMap,
) -> Result<Webauthn, AppError> {
    let base = site_base(state, peer, headers)?;
    let url = Url::parse(&base).map_err(|_| AppError::PasskeysUnavailable)?;
    // `domain()` is none for an IP address: browsers refuse WebAuthn there, and so does the standard.
    let rp_id = url
        .domain()
        .ok_or(AppError::PasskeysUnavailable)?
        .to_owned();
    let origin = Url::parse(&url.origin().ascii_serialization())
        .map_err(|_| AppError::PasskeysUnavailable)?;
    WebauthnBuilder::new(&rp_id, &origin)
        .and_then(|b| b.rp_name("Bao").build())
        .map_err(|_| AppError::PasskeysUnavailable)
}

/// Hex of a credential's id: how `passkeys.credential_id` names it.
fn credential_key(id: &[u8]) -> String {
    use std::fmt::Write;
    let mut s = String::with_capacity(id.len() * 2);
    for b in id {
        let _ = write!(s, "{b:02x}");
    }
    s
}

/// A passkey's name as given: trimmed, 1 to 40 characters, no control characters.
fn passkey_name(name: &str) -> Result<String, AppError> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > MAX_PASSKEY_NAME {
        return Err(AppError::BadPasskeyName(
            "a passkey's name has 1 to 40 characters",
        ));
    }
    if name.chars().any(char::is_control) {
        return Err(AppError::BadPasskeyName(
            "a passkey's name has no control characters",
        ));
    }
    Ok(name.to_owned())
}

fn view(p: &PasskeyRow) -> PasskeyView {
    PasskeyView {
        id: p.id.clone(),
        name: p.name.clone(),
        created: p.created_at,
        last_used: p.last_used_at,
    }
}

/// webauthn-rs's JSON of something it made (ceremony states, options), or an internal error.
fn json_of<T: serde::Serialize>(v: &T) -> Result<serde_json::Value, AppError> {
    serde_json::to_value(v).map_err(|e| AppError::Internal(format!("passkey JSON: {e}")))
}

/// `GET /api/players/me/passkeys`: the player's passkeys, oldest first.
#[utoipa::path(
    get,
    path = "/api/players/me/passkeys",
    operation_id = "listPasskeys",
    tag = "players",
    responses(
        (status = 200, description = "the player's passkeys, oldest first", body = Vec<PasskeyView>),
        MeErrors,
    )
)]
pub async fn list_passkeys(State(state): State<AppState>, me: Me) -> Result<Response, AppError> {
    let list: Vec<PasskeyView> = state
        .store()
        .passkeys(&me.player.id)
        .await?
        .iter()
        .map(view)
        .collect();
    Ok(Json(list).into_response())
}

/// `POST /api/players/me/passkeys/begin`: the options for `navigator.credentials.create`.
#[utoipa::path(
    post,
    path = "/api/players/me/passkeys/begin",
    operation_id = "beginPasskey",
    tag = "players",
    responses(
        (status = 200, description = "the ceremony and the browser's options: a discoverable credential \
            (resident key), user verification required, the player's passkeys excluded", body = CeremonyStart),
        SignInErrors,
    )
)]
pub async fn begin_passkey(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    me: Me,
) -> Result<Response, AppError> {
    let rp = relying_party(&state, peer, &headers)?;
    let store = state.store();
    let existing = store.passkeys(&me.player.id).await?;
    if i64::try_from(existing.len()).unwrap_or(i64::MAX) >= MAX_PASSKEYS {
        return Err(AppError::BadRequest(format!(
            "a player has at most {MAX_PASSKEYS} passkeys; remove one first"
        )));
    }
    let handle = store
        .passkey_user(&me.player.id, &Uuid::new_v4().to_string())
        .await?;
    let handle = Uuid::parse_str(&handle)
        .map_err(|e| AppError::Internal(format!("passkey user handle {handle}: {e}")))?;
    let exclude: Vec<_> = existing
        .iter()
        .filter_map(|p| serde_json::from_str::<Passkey>(&p.credential).ok())
        .map(|p| p.cred_id().clone())
        .collect();
    let (options, registration) = rp
        .start_passkey_registration(handle, &me.player.name, &me.player.name, Some(exclude))
        .map_err(|e| AppError::Internal(format!("passkey registration: {e}")))?;
    let mut options = json_of(&options)?;
    // Signing in on another device names no player: the passkey must be discoverable (a resident key),
    // which webauthn-rs's passkey registration does not ask for by itself.
    if let Some(selection) = options
        .pointer_mut("/publicKey/authenticatorSelection")
        .and_then(serde_json::Value::as_object_mut)
    {
        selection.insert("residentKey".into(), "required".into());
        selection.insert("requireResidentKey".into(), true.into());
    }
    let ceremony = new_player_key();
    let state_json = json_of(&registration)?.to_string();
    store
        .insert_ceremony(
            &ceremony,
            CeremonyKind::Register,
            Some(&me.player.id),
            &state_json,
            now_ms() + CEREMONY_MS,
        )
        .await?;
    Ok(no_store(Json(CeremonyStart { ceremony, options })))
}

/// `POST /api/players/me/passkeys`: the authenticator's answer; the passkey is the player's from now on.
#[utoipa::path(
    post,
    path = "/api/players/me/passkeys",
    operation_id = "addPasskey",
    tag = "players",
    request_body(content = NewPasskey),
    responses(
        (status = 201, description = "the new passkey", body = PasskeyView),
        SignInErrors,
    )
)]
pub async fn add_passkey(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    me: Me,
    JsonBody(body): JsonBody<NewPasskey>,
) -> Result<Response, AppError> {
    let rp = relying_party(&state, peer, &headers)?;
    let name = body.name.as_deref().map(passkey_name).transpose()?;
    let store = state.store();
    if !valid_player_key(&body.ceremony) {
        return Err(AppError::CeremonyGone);
    }
    let ceremony = store
        .take_ceremony(&body.ceremony, CeremonyKind::Register, now_ms())
        .await?
        .filter(|c| c.player_id.as_deref() == Some(me.player.id.as_str()))
        .ok_or(AppError::CeremonyGone)?;
    let registration: PasskeyRegistration = serde_json::from_str(&ceremony.state)
        .map_err(|e| AppError::Internal(format!("kept passkey registration: {e}")))?;
    let credential: RegisterPublicKeyCredential = serde_json::from_value(body.credential)
        .map_err(|e| AppError::BadPasskey(format!("not a WebAuthn credential: {e}")))?;
    let passkey = rp
        .finish_passkey_registration(&credential, &registration)
        .map_err(|e| AppError::BadPasskey(format!("the authenticator's answer was refused: {e}")))?;
    let count = store.passkey_count(&me.player.id).await?;
    let row = PasskeyRow {
        id: new_player_id(),
        player_id: me.player.id.clone(),
        credential_id: credential_key(passkey.cred_id()),
        name: name.unwrap_or_else(|| format!("Passkey {}", count + 1)),
        credential: json_of(&passkey)?.to_string(),
        created_at: now_ms(),
        last_used_at: None,
    };
    if store
        .passkey_by_credential(&row.credential_id)
        .await?
        .is_some()
    {
        return Err(AppError::BadPasskey(
            "this passkey is already added".into(),
        ));
    }
    store.insert_passkey(&row).await?;
    tracing::info!(player = %me.player.id, passkey = %row.id, "passkey added");
    Ok((StatusCode::CREATED, Json(view(&row))).into_response())
}

/// `PATCH /api/players/me/passkeys/{id}`: renames one of the player's passkeys.
#[utoipa::path(
    patch,
    path = "/api/players/me/passkeys/{id}",
    operation_id = "renamePasskey",
    tag = "players",
    params(("id" = String, Path, description = "the passkey's id")),
    request_body(content = PasskeyRename),
    responses(
        (status = 200, description = "the renamed passkey", body = PasskeyView),
        MeErrors,
    )
)]
pub async fn rename_passkey(
    State(state): State<AppState>,
    me: Me,
    Path(id): Path<String>,
    JsonBody(body): JsonBody<PasskeyRename>,
) -> Result<Response, AppError> {
    let name = passkey_name(&body.name)?;
    let row = state
        .store()
        .rename_passkey(&me.player.id, &id, &name)
        .await?
        .ok_or(AppError::NoSuchPasskey)?;
    Ok(Json(view(&row)).into_response())
}

/// `DELETE /api/players/me/passkeys/{id}`: removes one of the player's passkeys (it signs in nobody again).
#[utoipa::path(
    delete,
    path = "/api/players/me/passkeys/{id}",
    operation_id = "removePasskey",
    tag = "players",
    params(("id" = String, Path, description = "the passkey's id")),
    responses(
        (status = 204, description = "removed"),
        MeErrors,
    )
)]
pub async fn remove_passkey(
    State(state): State<AppState>,
    me: Me,
    Path(id): Path<String>,
) -> Result<Response, AppError> {
    if !state.store().delete_passkey(&me.player.id, &id).await? {
        return Err(AppError::NoSuchPasskey);
    }
    tracing::info!(player = %me.player.id, passkey = %id, "passkey removed");
    Ok(StatusCode::NO_CONTENT.into_response())
}

/// `POST /api/sign-in/passkey/begin`: the options for `navigator.credentials.get`, for any passkey of this
/// site (no player named).
#[utoipa::path(
    post,
    path = "/api/sign-in/passkey/begin",
    operation_id = "beginPasskeySignIn",
    tag = "players",
    responses(
        (status = 200, description = "the ceremony and the browser's options", body = CeremonyStart),
        SignInErrors,
    )
)]
pub async fn begin_sign_in(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
) -> Result<Response, AppError> {
    // A page elsewhere must not sign a visitor in as someone (its own player, say).
    check_origin(&state, peer, &headers)?;
    state.limits().sign_in(client_key(&state, peer, &headers))?;
    let rp = relying_party(&state, peer, &headers)?;
    let (options, authentication) = rp
        .start_discoverable_authentication()
        .map_err(|e| AppError::Internal(format!("passkey sign-in: {e}")))?;
    let mut options = json_of(&options)?;
    // webauthn-rs asks for conditional mediation (autofill); the page asks with a button instead.
    if let Some(o) = options.as_object_mut() {
        o.remove("mediation");
    }
    let ceremony = new_player_key();
    state
        .store()
        .insert_ceremony(
            &ceremony,
            CeremonyKind::SignIn,
            None,
            &json_of(&authentication)?.to_string(),
            now_ms() + CEREMONY_MS,
        )
        .await?;
    Ok(no_store(Json(CeremonyStart { ceremony, options })))
}

/// `POST /api/sign-in/passkey`: the authenticator's answer; this browser is the passkey's player from now on
/// (a new key, set as the cookie).
#[utoipa::path(
    post,
    path = "/api/sign-in/passkey",
    operation_id = "signInWithPasskey",
    tag = "players",
    request_body(content = PasskeySignIn),
    responses(
        (status = 200, description = "signed in: the player and a new key for this browser (also set as the \
            `bao_player` cookie)", body = bao_protocol::CreatedPlayer,
            headers(("Set-Cookie" = String, description = "`bao_player=KEY; …`"))),
        SignInErrors,
    )
)]
pub async fn sign_in(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    JsonBody(body): JsonBody<PasskeySignIn>,
) -> Result<Response, AppError> {
    check_origin(&state, peer, &headers)?;
    state.limits().sign_in(client_key(&state, peer, &headers))?;
    let rp = relying_party(&state, peer, &headers)?;
    let store = state.store();
    if !valid_player_key(&body.ceremony) {
        return Err(AppError::CeremonyGone);
    }
    let ceremony = store
        .take_ceremony(&body.ceremony, CeremonyKind::SignIn, now_ms())
        .await?
        .ok_or(AppError::CeremonyGone)?;
    let authentication: DiscoverableAuthentication = serde_json::from_str(&ceremony.state)
        .map_err(|e| AppError::Internal(format!("kept passkey sign-in: {e}")))?;
    let credential: PublicKeyCredential = serde_json::from_value(body.credential)
        .map_err(|e| AppError::BadPasskey(format!("not a WebAuthn credential: {e}")))?;
    let unknown = || {
        AppError::BadPasskey(
            "this passkey signs in nobody here: it was removed, its player deleted, or it is another site's"
                .into(),
        )
    };
    let (handle, credential_id) = rp
        .identify_discoverable_authentication(&credential)
        .map_err(|_| unknown())?;
    let row = store
        .passkey_by_credential(&credential_key(credential_id))
        .await?
        .ok_or_else(unknown)?;
    let player = store
        .player_by_passkey_user(&handle.to_string())
        .await?
        .filter(|p| p.id == row.player_id)
        .ok_or_else(unknown)?;
    let mut passkey: Passkey = serde_json::from_str(&row.credential)
        .map_err(|e| AppError::Internal(format!("kept passkey {}: {e}", row.id)))?;
    let result = rp
        .finish_discoverable_authentication_v2(&credential, authentication, &passkey)
        .map_err(|e| AppError::BadPasskey(format!("the authenticator's answer was refused: {e}")))?;
    passkey.update_credential(&result);
    store
        .passkey_used(&row.id, &json_of(&passkey)?.to_string(), now_ms())
        .await?;
    tracing::info!(player = %player.id, passkey = %row.id, "signed in with a passkey");
    signed_in(&state, peer, &headers, player, SessionVia::Passkey).await
}

/// `v` as an answer no cache keeps (ceremonies are single-use).
fn no_store(v: impl IntoResponse) -> Response {
    (
        [(header::CACHE_CONTROL, HeaderValue::from_static("no-store"))],
        v,
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_passkey_name_is_trimmed_and_has_1_to_40_characters_without_controls() {
        assert_eq!(passkey_name("  Phone (Pixel) ").unwrap(), "Phone (Pixel)");
        assert_eq!(passkey_name(&"é".repeat(40)).unwrap().chars().count(), 40);
        assert!(passkey_name("").is_err());
        assert!(passkey_name("   ").is_err());
        assert!(passkey_name(&"x".repeat(41)).is_err());
        assert!(passkey_name("a\u{0007}b").is_err());
        assert!(passkey_name("a\nb").is_err());
    }

    #[test]
    fn credential_ids_are_named_in_hex() {
        assert_eq!(credential_key(&[0, 1, 0xab, 0xff]), "0001abff");
        assert_eq!(credential_key(&[]), "");
    }
}
