//! Tournaments' HTTP routes: `POST`/`GET /api/tournaments`, `GET /api/tournaments/{id}`,
//! `POST /api/tournaments/{id}/join` and `…/withdraw`, `GET /api/tournaments/{id}/me`.

use std::time::Duration;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use bao_core::{Side, Variant};
use bao_protocol::clock::TimeControl;
use bao_protocol::{NewTournament, TournamentCreated, TournamentMe, TournamentView};

use super::{standings, token_context};
use crate::error::AppError;
use crate::http::extract::{GameId, JsonBody};
use crate::lobby::now_ms;
use crate::openapi::{
    JoinTournamentErrors, NewTournamentErrors, TournamentErrors, TournamentPlayerErrors,
};
use crate::players::Me;
use crate::state::AppState;
use crate::store::tournaments::{EntrantRow, TournamentRow};
use crate::tokens::{derived_token, hash_token, new_game_id, valid_id};

/// An arena lasts this long at least and at most (minutes).
const ARENA_MINUTES: std::ops::RangeInclusive<u32> = 5..=720;
/// A Swiss event has this many rounds at least and at most.
const SWISS_ROUNDS: std::ops::RangeInclusive<u32> = 2..=30;
/// A tournament starts at most this far ahead (ms): 30 days.
const MAX_AHEAD_MS: i64 = 30 * 24 * 3600 * 1000;
/// Without a start time a tournament starts in a minute, so that players can join first.
const DEFAULT_START_MS: i64 = 60 * 1000;
/// Finished tournaments stay in the list this long (ms): a week.
const RECENT_MS: i64 = 7 * 24 * 3600 * 1000;
/// Most tournaments listed.
const MAX_LISTED: i64 = 100;

/// `POST /api/tournaments`: creates an arena or a Swiss event (as a player).
#[utoipa::path(
    post,
    path = "/api/tournaments",
    operation_id = "createTournament",
    tag = "tournaments",
    request_body(content = NewTournament),
    responses(
        (status = 201, description = "the tournament is created; it starts at `starts_at`", body = TournamentCreated),
        NewTournamentErrors,
    )
)]
pub async fn create_tournament(
    State(state): State<AppState>,
    me: Me,
    JsonBody(body): JsonBody<NewTournament>,
) -> Result<Response, AppError> {
    let variant: Variant = body
        .variant
        .parse()
        .map_err(|_| AppError::UnknownVariant(body.variant.clone()))?;
    let clock = TimeControl::from_json(&body.clock)
        .map_err(AppError::BadClock)?
        .ok_or_else(|| AppError::BadClock("a tournament needs a clock".into()))?;
    let now = now_ms();
    let starts_at = body.starts_at.unwrap_or(now + DEFAULT_START_MS);
    if starts_at < now - DEFAULT_START_MS || starts_at > now + MAX_AHEAD_MS {
        return Err(AppError::BadRequest(
            "starts_at: from now to 30 days ahead".into(),
        ));
    }
    let (minutes, rounds, ends_at) = match body.kind.as_str() {
        "arena" => {
            if matches!(clock, TimeControl::Correspondence { .. }) {
                return Err(AppError::BadClock("an arena needs a live clock".into()));
            }
            let m = body
                .minutes
                .filter(|m| ARENA_MINUTES.contains(m))
                .ok_or_else(|| {
                    AppError::BadRequest("minutes: an arena lasts from 5 to 720 minutes".into())
                })?;
            let minute = i64::try_from(state.config().tournament_minute_ms).unwrap_or(60_000);
            (
                Some(i64::from(m)),
                None,
                Some(starts_at + i64::from(m) * minute),
            )
        }
        "swiss" => {
            let r = body
                .rounds
                .filter(|r| SWISS_ROUNDS.contains(r))
                .ok_or_else(|| {
                    AppError::BadRequest("rounds: a Swiss event has 2 to 30 rounds".into())
                })?;
            (None, Some(i64::from(r)), None)
        }
        _ => return Err(AppError::BadRequest("kind: must be arena or swiss".into())),
    };
    let config = state.config();
    let created = state
        .store()
        .tournaments_created_since(&me.player.id, now - 24 * 3600 * 1000)
        .await?;
    if created >= i64::from(config.tournaments_per_day) {
        return Err(AppError::RateLimited {
            message: "you have created as many tournaments today as you may",
            retry_after: Duration::from_secs(3600),
        });
    }
    let rated = match body.rated {
        Some(r) => r,
        None => crate::players::rated_by_default(&state, &me.player.id).await?,
    };
    let row = TournamentRow {
        id: new_game_id(),
        kind: body.kind.clone(),
        variant: variant.name().to_owned(),
        clock: serde_json::to_string(&clock).map_err(|e| AppError::Internal(e.to_string()))?,
        rated,
        minutes,
        rounds,
        created_by: me.player.id.clone(),
        created_at: now,
        starts_at,
        ends_at,
        status: "created".to_owned(),
        round: 0,
    };
    state.store().insert_tournament(&row).await?;
    tracing::info!(tournament = %row.id, kind = %row.kind, player = %me.player.id, "tournament created");
    let url = format!("/t/{}", row.id);
    Ok((
        StatusCode::CREATED,
        Json(TournamentCreated { id: row.id, url }),
    )
        .into_response())
}

/// `GET /api/tournaments`: the coming, running and recent tournaments.
#[utoipa::path(
    get,
    path = "/api/tournaments",
    operation_id = "listTournaments",
    tag = "tournaments",
    responses(
        (status = 200, description = "coming and running tournaments, then those finished in the last week; \
            latest start first; standings and games left out", body = Vec<TournamentView>),
        TournamentErrors,
    )
)]
pub async fn list_tournaments(State(state): State<AppState>) -> Result<Response, AppError> {
    let rows = state
        .store()
        .tournaments_listed(now_ms() - RECENT_MS, MAX_LISTED)
        .await?;
    let mut list = Vec::with_capacity(rows.len());
    for t in &rows {
        let players = state.store().tournament_entrants(&t.id).await?.len();
        list.push(view(t, players, Vec::new(), Vec::new())?);
    }
    Ok(Json(list).into_response())
}

fn view(
    t: &TournamentRow,
    players: usize,
    standings: Vec<bao_protocol::StandingLine>,
    games: Vec<String>,
) -> Result<TournamentView, AppError> {
    Ok(TournamentView {
        id: t.id.clone(),
        kind: t.kind.clone(),
        variant: t.variant.clone(),
        clock: serde_json::from_str(&t.clock)
            .map_err(|e| AppError::Internal(format!("tournament clock: {e}")))?,
        status: t.status.clone(),
        starts_at: t.starts_at,
        ends_at: t.ends_at,
        minutes: t.minutes,
        rounds: t.rounds,
        round: (t.kind == "swiss").then_some(t.round),
        players,
        standings,
        games,
    })
}

async fn find(state: &AppState, id: &str) -> Result<TournamentRow, AppError> {
    if !valid_id(id) {
        return Err(AppError::NoSuchTournament);
    }
    state
        .store()
        .tournament(id)
        .await?
        .ok_or(AppError::NoSuchTournament)
}

/// `GET /api/tournaments/{id}`: a tournament with its standings and games.
#[utoipa::path(
    get,
    path = "/api/tournaments/{id}",
    operation_id = "getTournament",
    tag = "tournaments",
    params(("id" = String, Path, description = "the tournament id")),
    responses(
        (status = 200, description = "the tournament, its standings best first and its games oldest first",
            body = TournamentView),
        TournamentErrors,
    )
)]
pub async fn get_tournament(
    State(state): State<AppState>,
    GameId(id): GameId,
) -> Result<Response, AppError> {
    let t = find(&state, &id).await?;
    let store = state.store();
    let entrants = store.tournament_entrants(&t.id).await?;
    let games = store.tournament_games(&t.id).await?;
    let byes = store.tournament_byes(&t.id).await?;
    let lines = standings(&t, &entrants, &games, &byes);
    let ids = games.iter().map(|g| g.game_id.clone()).collect();
    Ok(Json(view(&t, entrants.len(), lines, ids)?).into_response())
}

/// `POST /api/tournaments/{id}/join`: the player joins (or comes back after withdrawing).
#[utoipa::path(
    post,
    path = "/api/tournaments/{id}/join",
    operation_id = "joinTournament",
    tag = "tournaments",
    params(("id" = String, Path, description = "the tournament id")),
    responses(
        (status = 204, description = "joined: paired from the start (or at once in a running arena; from the \
            next round in a running Swiss event)"),
        JoinTournamentErrors,
    )
)]
pub async fn join_tournament(
    State(state): State<AppState>,
    GameId(id): GameId,
    me: Me,
) -> Result<Response, AppError> {
    let t = find(&state, &id).await?;
    if t.status == "finished" {
        return Err(AppError::TournamentClosed("this tournament is over"));
    }
    let rating = state
        .store()
        .ratings_of(&t.variant, &[me.player.id.as_str()])
        .await?
        .get(&me.player.id)
        .copied()
        .unwrap_or(crate::ratings::START_RATING);
    let token = derived_token(&me.key.0, &token_context(&t.id));
    let entrant = EntrantRow {
        player_id: me.player.id.clone(),
        name: me.player.name.clone(),
        // Ratings are kept as floats; the seeding needs no fraction.
        rating: rating.round() as i64,
        token_hash: hash_token(&token),
        active: true,
        joined_at: now_ms(),
    };
    let max = i64::from(state.config().tournament_players);
    if !state.store().join_tournament(&t.id, &entrant, max).await? {
        return Err(AppError::TournamentClosed(
            "this tournament is full or over",
        ));
    }
    state.tournaments().poke();
    Ok(StatusCode::NO_CONTENT.into_response())
}

/// `POST /api/tournaments/{id}/withdraw`: the player is paired no more (a game being played goes on).
#[utoipa::path(
    post,
    path = "/api/tournaments/{id}/withdraw",
    operation_id = "withdrawFromTournament",
    tag = "tournaments",
    params(("id" = String, Path, description = "the tournament id")),
    responses(
        (status = 204, description = "withdrawn (or was not in it); the scores so far stay"),
        TournamentPlayerErrors,
    )
)]
pub async fn withdraw_tournament(
    State(state): State<AppState>,
    GameId(id): GameId,
    me: Me,
) -> Result<Response, AppError> {
    let t = find(&state, &id).await?;
    state
        .store()
        .withdraw_tournament(&t.id, &me.player.id)
        .await?;
    state.tournaments().poke();
    Ok(StatusCode::NO_CONTENT.into_response())
}

/// `GET /api/tournaments/{id}/me`: whether the player is in it, and their game being played with its seat token.
#[utoipa::path(
    get,
    path = "/api/tournaments/{id}/me",
    operation_id = "getTournamentMe",
    tag = "tournaments",
    params(("id" = String, Path, description = "the tournament id")),
    responses(
        (status = 200, description = "the player in the tournament", body = TournamentMe),
        TournamentPlayerErrors,
    )
)]
pub async fn tournament_me(
    State(state): State<AppState>,
    GameId(id): GameId,
    me: Me,
) -> Result<Response, AppError> {
    let t = find(&state, &id).await?;
    let store = state.store();
    let joined = store
        .tournament_entrants(&t.id)
        .await?
        .iter()
        .any(|e| e.player_id == me.player.id && e.active);
    let games = store.tournament_games(&t.id).await?;
    let current = games
        .iter()
        .rev()
        .find(|g| g.status != "finished" && (g.south == me.player.id || g.north == me.player.id));
    // A bye of the round being played (a Swiss event's only: an arena has none).
    let bye = if t.status == "started" && current.is_none() {
        store
            .tournament_byes(&t.id)
            .await?
            .into_iter()
            .find(|(round, player)| *round == t.round && *player == me.player.id)
            .map(|(round, _)| round)
    } else {
        None
    };
    let answer = match current {
        Some(g) => TournamentMe {
            joined,
            game: Some(g.game_id.clone()),
            seat: Some(if g.south == me.player.id {
                Side::South
            } else {
                Side::North
            }),
            token: Some(derived_token(&me.key.0, &token_context(&t.id))),
            bye: None,
        },
        None => TournamentMe {
            joined,
            game: None,
            seat: None,
            token: None,
            bye,
        },
    };
    Ok(Json(answer).into_response())
}
