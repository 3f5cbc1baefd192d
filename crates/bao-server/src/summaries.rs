//! `POST /api/games/status`: a summary of where each of a browser's games stands, for the home page's list of
//! "my games".
//! Read from the database alone (every move and result is written there first), so that a page asking about
//! its games loads no room.

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, State};
use axum::http::HeaderMap;
use axum::Json;
use bao_protocol::{GameSummary, SummaryQuery, MAX_SUMMARY_IDS};

use crate::error::AppError;
use crate::http::extract::{client_key, JsonBody};
use crate::openapi::SummaryErrors;
use crate::state::AppState;
use crate::tokens::valid_id;

/// `POST /api/games/status`: the public facts of the games asked about that exist (unknown ids are left
/// out, in the order asked). Rate-limited per client address (`--status-per-minute`).
#[utoipa::path(
    post,
    path = "/api/games/status",
    operation_id = "gamesStatus",
    tag = "games",
    request_body(content = SummaryQuery, description = "at most 100 game ids"),
    responses(
        (status = 200, description = "the games that exist, in the order asked", body = Vec<GameSummary>),
        SummaryErrors,
    )
)]
pub async fn game_summaries(
    State(state): State<AppState>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    JsonBody(body): JsonBody<SummaryQuery>,
) -> Result<Json<Vec<GameSummary>>, AppError> {
    // Every well-formed request counts, whatever ids it holds: each costs a database read.
    state
        .limits()
        .summaries(client_key(&state, addr, &headers))?;
    if body.ids.len() > MAX_SUMMARY_IDS {
        return Err(AppError::BadRequest(format!(
            "at most {MAX_SUMMARY_IDS} ids at once, not {}",
            body.ids.len()
        )));
    }
    let mut ids: Vec<&str> = body
        .ids
        .iter()
        .map(String::as_str)
        .filter(|id| valid_id(id))
        .collect();
    let mut seen = std::collections::HashSet::new();
    ids.retain(|id| seen.insert(*id));
    let found = state.store().summaries(&ids).await?;
    Ok(Json(found))
}
