//! The puzzles' HTTP routes: `GET /api/puzzles` (a puzzle chosen near the solver's rating), `GET
//! /api/puzzles/{id}`, `GET /api/puzzles/list` (by page), `POST /api/puzzles/{id}/attempt` and `GET
//! /api/players/{id}/puzzles`.

use std::collections::{HashMap, HashSet};
use std::net::SocketAddr;

use axum::extract::rejection::QueryRejection;
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::HeaderMap;
use axum::Json;
use bao_core::Variant;
use bao_protocol::{
    AttemptResult, Puzzle, PuzzleAttempt, PuzzleCounts, PuzzlePage, PuzzleProgress, PuzzleSummary,
    PuzzleTheme,
};
use rand::Rng as _;
use serde::Deserialize;
use utoipa::IntoParams;

use super::rating::{browser, START};
use super::{all, by_id, prior_of, view};
use crate::error::AppError;
use crate::http::extract::{client_key, GameId, JsonBody};
use crate::http::origin::check_origin;
use crate::lobby::now_ms;
use crate::openapi::{ProfileErrors, PuzzleAttemptErrors, PuzzleErrors};
use crate::players::MaybeMe;
use crate::state::AppState;
use crate::store::puzzles::{AttemptWrite, PuzzleRatingRow};

/// Puzzles in a page of `GET /api/puzzles/list`.
pub const PAGE_SIZE: usize = 50;
/// The puzzles nearest the target rating among which one is drawn at random.
const NEAREST: usize = 20;

/// The query of `GET /api/puzzles`.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PuzzleQuery {
    /// The variant (`kiswahili`, `kiswahili-malawi`, `kujifunza` or `kimasai`). Any variant when left out.
    pub variant: Option<String>,
    /// Only puzzles of this theme (`capture_chain`, `takasa`, `kichwa`, `nyumba`, `safari`, `defence`,
    /// `opening`, `endgame`, `one_move`, `short`, `long`).
    pub theme: Option<String>,
    /// A puzzle near this rating (a streak asks for harder and harder ones; a browser without a player
    /// sends its own). Without it: near the player's puzzle rating, or any puzzle.
    pub rating: Option<f64>,
    /// A page of `GET /api/puzzles/list` (from 0).
    pub page: Option<u32>,
    /// The puzzle just shown: not drawn again while another one matches (so "Next puzzle" always moves on).
    pub after: Option<String>,
}

impl PuzzleQuery {
    fn variant(&self) -> Result<Option<Variant>, AppError> {
        match &self.variant {
            Some(v) => v
                .parse::<Variant>()
                .map(Some)
                .map_err(|_| AppError::UnknownVariant(v.clone())),
            None => Ok(None),
        }
    }

    fn theme(&self) -> Result<Option<PuzzleTheme>, AppError> {
        match &self.theme {
            Some(t) => PuzzleTheme::parse(t)
                .map(Some)
                .ok_or_else(|| AppError::BadRequest(format!("unknown theme {t:?}"))),
            None => Ok(None),
        }
    }

    /// The puzzles of the variant and theme asked for.
    fn matching(&self) -> Result<Vec<&'static Puzzle>, AppError> {
        let (variant, theme) = (self.variant()?, self.theme()?);
        Ok(all()?
            .iter()
            .filter(|p| variant.is_none_or(|v| p.variant == v))
            .filter(|p| theme.is_none_or(|t| p.themes.contains(&t)))
            .collect())
    }
}

fn read_query(q: Result<Query<PuzzleQuery>, QueryRejection>) -> Result<PuzzleQuery, AppError> {
    q.map(|Query(q)| q)
        .map_err(|e| AppError::BadRequest(format!("bad query: {e}")))
}

/// The puzzle as answered, with its rating now.
fn answer(p: &Puzzle, ratings: &HashMap<String, PuzzleRatingRow>) -> Puzzle {
    let mut out = p.clone();
    out.rating = view(p, ratings.get(&p.id));
    out
}

/// `GET /api/puzzles?variant=V&theme=T&rating=R`: a puzzle of the variant (and theme), near the rating asked
/// for or the player's, one the player has not tried yet while there are some.
#[utoipa::path(
    get,
    path = "/api/puzzles",
    operation_id = "randomPuzzle",
    tag = "rules",
    params(PuzzleQuery),
    responses(
        (status = 200, description = "a puzzle of the variant (and theme), near the rating", body = Puzzle),
        PuzzleErrors,
    )
)]
pub async fn random_puzzle(
    State(state): State<AppState>,
    me: MaybeMe,
    query: Result<Query<PuzzleQuery>, QueryRejection>,
) -> Result<Json<Puzzle>, AppError> {
    let q = read_query(query)?;
    let of = q.matching()?;
    if of.is_empty() {
        return Err(AppError::NoSuchPuzzle);
    }
    let ratings = state.store().puzzle_ratings().await?;
    let (mut target, mut tried) = (q.rating.filter(|r| r.is_finite()), HashSet::new());
    if let Some(me) = &me.0 {
        tried = state.store().tried_puzzles(&me.player.id).await?;
        if target.is_none() {
            target = Some(
                state
                    .store()
                    .puzzle_progress(&me.player.id)
                    .await?
                    .map_or(START.rating, |p| p.rating.rating),
            );
        }
    }
    if let Some(after) = &q.after {
        tried.insert(after.clone());
    }
    let fresh: Vec<&Puzzle> = of
        .iter()
        .copied()
        .filter(|p| !tried.contains(&p.id))
        .collect();
    let mut pool = if fresh.is_empty() { of } else { fresh };
    if let Some(target) = target {
        let rating = |p: &Puzzle| view(p, ratings.get(&p.id)).rating;
        pool.sort_by(|a, b| {
            (rating(a) - target)
                .abs()
                .total_cmp(&(rating(b) - target).abs())
        });
        pool.truncate(NEAREST);
    }
    let pick = rand::rng().random_range(0..pool.len());
    Ok(Json(answer(pool[pick], &ratings)))
}

/// `GET /api/puzzles/{id}`: a given puzzle.
#[utoipa::path(
    get,
    path = "/api/puzzles/{id}",
    operation_id = "getPuzzle",
    tag = "rules",
    params(("id" = String, Path, description = "the puzzle id, e.g. `kiswahili-0042`")),
    responses(
        (status = 200, description = "the puzzle", body = Puzzle),
        PuzzleErrors,
    )
)]
pub async fn get_puzzle(
    State(state): State<AppState>,
    id: Result<Path<String>, axum::extract::rejection::PathRejection>,
) -> Result<Json<Puzzle>, AppError> {
    let Ok(Path(id)) = id else {
        return Err(AppError::NoSuchPuzzle);
    };
    let p = by_id(&id)?;
    let mut out = p.clone();
    out.rating = view(p, state.store().puzzle_rating(&id).await?.as_ref());
    Ok(Json(out))
}

/// `GET /api/puzzles/list?variant=V&theme=T&page=N`: the puzzles of the variant (and theme) by page of 50, in
/// file order, without their positions.
#[utoipa::path(
    get,
    path = "/api/puzzles/list",
    operation_id = "listPuzzles",
    tag = "rules",
    params(PuzzleQuery),
    responses(
        (status = 200, description = "a page of puzzles (empty past the last)", body = PuzzlePage),
        PuzzleErrors,
    )
)]
pub async fn list_puzzles(
    State(state): State<AppState>,
    query: Result<Query<PuzzleQuery>, QueryRejection>,
) -> Result<Json<PuzzlePage>, AppError> {
    let q = read_query(query)?;
    let of = q.matching()?;
    let page = q.page.unwrap_or(0);
    let ratings = state.store().puzzle_ratings().await?;
    let puzzles = of
        .iter()
        .skip((page as usize).saturating_mul(PAGE_SIZE))
        .take(PAGE_SIZE)
        .map(|p| PuzzleSummary {
            id: p.id.clone(),
            depth: p.depth,
            themes: p.themes.clone(),
            rating: view(p, ratings.get(&p.id)).rating,
        })
        .collect();
    Ok(Json(PuzzlePage {
        puzzles,
        page,
        total: of.len() as u64,
    }))
}

/// `POST /api/puzzles/{id}/attempt`: how a try at the puzzle went. A player's first try rates the puzzle and
/// the player; without a player the browser's own rating (sent along) is rated and answered back.
#[utoipa::path(
    post,
    path = "/api/puzzles/{id}/attempt",
    operation_id = "attemptPuzzle",
    tag = "rules",
    params(("id" = String, Path, description = "the puzzle id")),
    request_body = PuzzleAttempt,
    responses(
        (status = 200, description = "the ratings after the attempt", body = AttemptResult),
        PuzzleAttemptErrors,
    )
)]
pub async fn attempt(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    me: MaybeMe,
    GameId(id): GameId,
    JsonBody(body): JsonBody<PuzzleAttempt>,
) -> Result<Json<AttemptResult>, AppError> {
    // A page of another site must not rate puzzles for whoever visits it, with or without a player.
    check_origin(&state, peer, &headers)?;
    let p = by_id(&id)?;
    state
        .limits()
        .puzzle_attempt(client_key(&state, peer, &headers))?;
    let player = me.0.as_ref().map(|m| m.player.id.as_str());
    let themes: Vec<&str> = p.themes.iter().map(|t| t.name()).collect();
    let done = state
        .store()
        .record_puzzle_attempt(&AttemptWrite {
            player,
            puzzle: &p.id,
            prior: prior_of(p),
            themes: &themes,
            solved: body.solved,
            streak: body.streak,
            browser: browser(body.rating),
            now: now_ms(),
        })
        .await?;
    let progress = match player {
        Some(id) => state.store().puzzle_progress(id).await?,
        None => None,
    };
    Ok(Json(AttemptResult {
        rated: done.rated,
        puzzle: view(p, Some(&done.puzzle)),
        rating: done.rating,
        progress,
    }))
}

/// `GET /api/players/{id}/puzzles`: a player's puzzle rating, solves and misses by theme, and streaks.
#[utoipa::path(
    get,
    path = "/api/players/{id}/puzzles",
    operation_id = "getPuzzleProgress",
    tag = "players",
    params(("id" = String, Path, description = "the player's id")),
    responses(
        (status = 200, description = "the player's puzzle progress (the start rating and no counts before \
            a first attempt)", body = PuzzleProgress),
        ProfileErrors,
    )
)]
pub async fn progress(
    State(state): State<AppState>,
    GameId(id): GameId,
) -> Result<Json<PuzzleProgress>, AppError> {
    crate::players::api::known_player(&state, &id).await?;
    let progress = state
        .store()
        .puzzle_progress(&id)
        .await?
        .unwrap_or(PuzzleProgress {
            rating: START,
            counts: PuzzleCounts::default(),
            themes: Default::default(),
            streak: 0,
            best_streak: 0,
        });
    Ok(Json(progress))
}
