//! The request extractors the API's handlers share: a JSON body read leniently, a game id from the path, and
//! the client's address as the per-address limits count it. Their errors are [`AppError`]s, so that every
//! refusal is answered in the API's JSON format.

use std::net::SocketAddr;

use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, PathRejection};
use axum::extract::{FromRequest, FromRequestParts, Path, Request};
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode};
use serde::de::DeserializeOwned;

use crate::error::AppError;
use crate::limits::ClientKey;
use crate::state::AppState;

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

/// The `{id}` of a game's path. An id that is not valid UTF-8 (`%FF`) names no game: `not_found`, in JSON
/// like every API error, where axum's own `Path` rejection would answer a plain-text 400.
#[derive(Debug)]
pub struct GameId(pub String);

impl<S: Send + Sync> FromRequestParts<S> for GameId {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match Path::<String>::from_request_parts(parts, state).await {
            Ok(Path(id)) => Ok(GameId(id)),
            Err(PathRejection::FailedToDeserializePathParams(_)) => Err(AppError::NotFound),
            Err(e) => Err(AppError::Internal(format!("game id in the path: {e}"))),
        }
    }
}

/// The client's address as the per-address limits count it.
pub(crate) fn client_key(state: &AppState, peer: SocketAddr, headers: &HeaderMap) -> ClientKey {
    ClientKey::of(state.config().proxies().client_ip(peer, headers))
}
