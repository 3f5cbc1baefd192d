//! The ratings' HTTP routes: `GET /api/leaderboard?variant=V` and `GET /api/players/{id}/rating-history`.

use axum::extract::{Query, State};
use axum::response::{IntoResponse, Response};
use axum::Json;
use bao_core::Variant;
use bao_protocol::{LeaderboardRow, RatingPoint};

use super::PROVISIONAL_ABOVE;
use crate::error::AppError;
use crate::http::extract::GameId;
use crate::lobby::now_ms;
use crate::openapi::{LeaderboardErrors, ProfileErrors};
use crate::state::AppState;

/// Players on a leaderboard at most.
pub const LEADERBOARD_SIZE: i64 = 100;
/// A leaderboard shows the players who played a rated game within this (30 days).
pub const LEADERBOARD_ACTIVE_MS: i64 = 30 * 24 * 3600 * 1000;

/// The query of `GET /api/leaderboard`.
#[derive(Debug, serde::Deserialize, utoipa::IntoParams)]
pub struct LeaderboardQuery {
    /// The variant: `kujifunza`, `kiswahili`, `kiswahili-malawi` or `kimasai`.
    pub variant: Option<String>,
}

/// `GET /api/leaderboard?variant=V`: the best 100 players of a variant with a settled rating (not provisional)
/// who played a rated game in the last 30 days, best first.
#[utoipa::path(
    get,
    path = "/api/leaderboard",
    operation_id = "leaderboard",
    tag = "players",
    params(LeaderboardQuery),
    responses(
        (status = 200, description = "the leaderboard, best first (at most 100)", body = Vec<LeaderboardRow>),
        LeaderboardErrors,
    )
)]
pub async fn leaderboard(
    State(state): State<AppState>,
    Query(q): Query<LeaderboardQuery>,
) -> Result<Response, AppError> {
    let name = q
        .variant
        .ok_or_else(|| AppError::BadRequest("give the variant: ?variant=kiswahili".into()))?;
    let variant: Variant = name
        .parse()
        .map_err(|_| AppError::UnknownVariant(name.clone()))?;
    let board = state
        .store()
        .leaderboard(
            variant.name(),
            now_ms() - LEADERBOARD_ACTIVE_MS,
            PROVISIONAL_ABOVE,
            LEADERBOARD_SIZE,
        )
        .await?;
    Ok(Json(board).into_response())
}

/// `GET /api/players/{id}/rating-history`: the player's rating after each rated game, by variant, oldest
/// first (the latest 500 of each variant).
#[utoipa::path(
    get,
    path = "/api/players/{id}/rating-history",
    operation_id = "getRatingHistory",
    tag = "players",
    params(("id" = String, Path, description = "the player's id")),
    responses(
        (status = 200, description = "the rating graph of each variant the player has played rated games in",
            body = std::collections::BTreeMap<String, Vec<RatingPoint>>),
        ProfileErrors,
    )
)]
pub async fn rating_history(
    State(state): State<AppState>,
    GameId(id): GameId,
) -> Result<Response, AppError> {
    crate::players::api::known_player(&state, &id).await?;
    Ok(Json(state.store().rating_history(&id).await?).into_response())
}
