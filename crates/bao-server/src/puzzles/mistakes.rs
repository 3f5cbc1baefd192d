//! A player's own mistakes as puzzles (issue 37; protocol.md, "Your mistakes as puzzles"): `GET /api/mistakes`,
//! `GET /api/mistakes/{id}` and `POST /api/mistakes/{id}/attempt`, for the signed-in player only.
//!
//! The mistakes are not stored: they are read from the stored reviews of the player's games (the review is
//! the one judge of a move, so the list can never disagree with what the game's review page shows), each game
//! replayed with bao-core for the positions. Only the solves are stored (`mistake_solves`). A move is offered
//! back when its review classed it a `blunder` and the better move **wins by force** (a forced-win score, or
//! Bao la Kujifunza's proof) or **wins clearly** (the side's chances, as the review counts them, at least
//! [`CLEAR_CHANCES`]). Only the player's most recent [`RECENT_GAMES`] reviewed games are read.
//!
//! Private: a list of someone's blunders is their own training material, not something to show on a public
//! profile (lichess likewise keeps "learn from your mistakes" to the player's own analysis), so every route
//! answers the player the request's key belongs to, and nobody else's mistakes are reachable.

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, Path, State};
use axum::http::HeaderMap;
use axum::Json;
use bao_core::{Move, Position, Side, Variant};
use bao_protocol::{Mistake, MistakeAttempt, MistakeAttemptResult, MistakeList, MoveClass, Review};

use crate::error::AppError;
use crate::http::extract::{client_key, JsonBody};
use crate::http::origin::check_origin;
use crate::lobby::now_ms;
use crate::openapi::{MistakeAttemptErrors, MistakeErrors};
use crate::players::Me;
use crate::review::classify::chances;
use crate::state::AppState;
use crate::store::mistakes::ReviewedGame;

/// The reviewed games read for a player's mistakes, the most recently reviewed first.
pub const RECENT_GAMES: i64 = 50;

/// The chances (from -1 lost to 1 won, `review::classify`) from which a position counts as clearly won: about
/// 165 points, some 16 front seeds ahead, where a strong player expects to win. Below that a blunder is still a
/// blunder, but "find the better move" would often have no clear answer to learn.
pub const CLEAR_CHANCES: f64 = 0.5;

/// The work of a proof-number search that checks, in Bao la Kujifunza, whether a move other than the review's
/// also keeps the proven win (as the review itself does).
const PROOF_NODES: u64 = 200_000;

/// The mistakes worth a puzzle that the player of `side` made in the reviewed game `game` of `variant`, in
/// the order of the game, none of them solved yet and all with their line (the routes hide it). Moves that do
/// not replay (a review of another game's moves) end the list.
pub fn mistakes_in(game: &str, variant: Variant, side: Side, review: &Review) -> Vec<Mistake> {
    let mut out = Vec::new();
    let mut pos = Position::new(variant);
    for m in &review.moves {
        if pos.to_move() == side && m.class == MoveClass::Blunder && m.best != m.mv {
            let goal = if m.score_before >= bao_ai::search::MATE_BOUND {
                Some("win")
            } else if chances(m.score_before) >= CLEAR_CHANCES {
                Some("advantage")
            } else {
                None
            };
            if let Some(goal) = goal {
                let line = if m.line.first() == Some(&m.best) {
                    m.line.clone()
                } else {
                    vec![m.best]
                };
                out.push(Mistake {
                    id: format!("{game}-{}", m.ply),
                    game: game.to_owned(),
                    ply: m.ply,
                    variant,
                    position: pos,
                    played: m.mv,
                    line,
                    goal: goal.to_owned(),
                    score: m.score_before,
                    solved: false,
                });
            }
        }
        match pos.play(m.mv) {
            Ok((next, _)) => pos = next,
            Err(_) => break,
        }
    }
    out
}

/// The mistakes of one of the player's reviewed games.
fn of_game(g: &ReviewedGame) -> Vec<Mistake> {
    let (Ok(variant), Ok(review)) = (
        g.variant.parse::<Variant>(),
        serde_json::from_str::<Review>(&g.review),
    ) else {
        tracing::warn!(game = %g.id, "a stored review that cannot be read");
        return Vec::new();
    };
    let side = if g.south { Side::South } else { Side::North };
    mistakes_in(&g.id, variant, side, &review)
}

/// The player's mistakes, solved ones marked, each line kept only once solved.
async fn mistakes_of(state: &AppState, player: &str) -> Result<Vec<Mistake>, AppError> {
    let store = state.store();
    let games = store.reviewed_games_of(player, RECENT_GAMES).await?;
    let solved = store.solved_mistakes(player).await?;
    let mut out = Vec::new();
    for g in &games {
        for mut m in of_game(g) {
            m.solved = solved.contains(&(m.game.clone(), m.ply));
            out.push(m);
        }
    }
    Ok(out)
}

/// The mistake as answered: its line (which starts with the answer) only once solved.
fn shown(mut m: Mistake) -> Mistake {
    if !m.solved {
        m.line.clear();
    }
    m
}

/// The player's mistake `id` with its line, or 404 `no_such_puzzle`.
async fn find(state: &AppState, player: &str, id: &str) -> Result<Mistake, AppError> {
    mistakes_of(state, player)
        .await?
        .into_iter()
        .find(|m| m.id == id)
        .ok_or(AppError::NoSuchPuzzle)
}

/// `GET /api/mistakes`: the signed-in player's mistakes as puzzles.
#[utoipa::path(
    get,
    path = "/api/mistakes",
    operation_id = "listMistakes",
    tag = "players",
    responses(
        (status = 200, description = "the blunders of the player's reviewed games where the better move won by \
            force or clearly, newest game first", body = MistakeList),
        MistakeErrors,
    )
)]
pub async fn list(State(state): State<AppState>, me: Me) -> Result<Json<MistakeList>, AppError> {
    let mistakes: Vec<Mistake> = mistakes_of(&state, &me.player.id)
        .await?
        .into_iter()
        .map(shown)
        .collect();
    let unsolved = mistakes.iter().filter(|m| !m.solved).count() as u64;
    Ok(Json(MistakeList { mistakes, unsolved }))
}

/// `GET /api/mistakes/{id}`: one of the signed-in player's mistakes.
#[utoipa::path(
    get,
    path = "/api/mistakes/{id}",
    operation_id = "getMistake",
    tag = "players",
    params(("id" = String, Path, description = "the mistake's id (`GAME-PLY`)")),
    responses(
        (status = 200, description = "the mistake", body = Mistake),
        MistakeErrors,
    )
)]
pub async fn get(
    State(state): State<AppState>,
    me: Me,
    id: Result<Path<String>, axum::extract::rejection::PathRejection>,
) -> Result<Json<Mistake>, AppError> {
    let Ok(Path(id)) = id else {
        return Err(AppError::NoSuchPuzzle);
    };
    Ok(Json(shown(find(&state, &me.player.id, &id).await?)))
}

/// `POST /api/mistakes/{id}/attempt`: a move tried in the mistake's position. Right when it is the better
/// move, or in Bao la Kujifunza a move the proof shows keeps the win as well; a right move marks the mistake
/// solved. A wrong one changes nothing: the player may try again.
#[utoipa::path(
    post,
    path = "/api/mistakes/{id}/attempt",
    operation_id = "attemptMistake",
    tag = "players",
    params(("id" = String, Path, description = "the mistake's id (`GAME-PLY`)")),
    request_body = MistakeAttempt,
    responses(
        (status = 200, description = "whether the move was right, and the mistake after it (its line once \
            solved)", body = MistakeAttemptResult),
        MistakeAttemptErrors,
    )
)]
pub async fn attempt(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    me: Me,
    id: Result<Path<String>, axum::extract::rejection::PathRejection>,
    JsonBody(body): JsonBody<MistakeAttempt>,
) -> Result<Json<MistakeAttemptResult>, AppError> {
    // The key may come as a cookie: a page of another site must not answer for the player.
    check_origin(&state, peer, &headers)?;
    state
        .limits()
        .puzzle_attempt(client_key(&state, peer, &headers))?;
    let Ok(Path(id)) = id else {
        return Err(AppError::NoSuchPuzzle);
    };
    let mut m = find(&state, &me.player.id, &id).await?;
    let legal = m.position.legal_moves();
    let mv = body
        .mv
        .trim()
        .parse::<Move>()
        .ok()
        .filter(|mv| legal.contains(mv))
        .ok_or_else(|| AppError::IllegalMove {
            message: format!(
                "{:?} is not a legal move of the mistake's position",
                body.mv
            ),
            reason: bao_core::Blocked::NotLegal,
        })?;
    let solved = match m.line.first() {
        Some(best) if *best == mv => true,
        _ if m.variant == Variant::Kujifunza => {
            let pos = m.position;
            tokio::task::spawn_blocking(move || bao_ai::solved::after_move(&pos, mv, PROOF_NODES))
                .await
                .map_err(|e| AppError::Internal(format!("mistake proof failed: {e}")))?
                .is_some_and(|r| r.is_ok())
        }
        _ => false,
    };
    if solved {
        state
            .store()
            .record_mistake_solved(&me.player.id, &m.game, m.ply, now_ms())
            .await?;
        m.solved = true;
    }
    Ok(Json(MistakeAttemptResult {
        solved,
        mistake: shown(m),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use bao_protocol::ReviewedMove;

    /// A review of `moves`, every move `best` with a level score, except where
    /// `blunder` gives (ply, score before, better move).
    fn review(moves: &[Move], blunders: &[(u64, i32, Move)]) -> Review {
        Review {
            moves: moves
                .iter()
                .enumerate()
                .map(|(i, mv)| {
                    let ply = i as u64;
                    match blunders.iter().find(|b| b.0 == ply) {
                        Some(&(_, before, best)) => ReviewedMove {
                            ply,
                            mv: *mv,
                            best,
                            score_before: before,
                            score_after: -500,
                            class: MoveClass::Blunder,
                            book: false,
                            line: vec![best],
                        },
                        None => ReviewedMove {
                            ply,
                            mv: *mv,
                            best: *mv,
                            score_before: 0,
                            score_after: 0,
                            class: MoveClass::Best,
                            book: false,
                            line: Vec::new(),
                        },
                    }
                })
                .collect(),
        }
    }

    /// The first legal moves of a game from `variant`'s start, `n` of them, and the positions before each.
    fn game(variant: Variant, n: usize) -> (Vec<Move>, Vec<Position>) {
        let mut pos = Position::new(variant);
        let (mut moves, mut positions) = (Vec::new(), Vec::new());
        for _ in 0..n {
            let legal = pos.legal_moves();
            let mv = legal[legal.len() / 2];
            positions.push(pos);
            moves.push(mv);
            pos = pos.play(mv).expect("a legal move").0;
        }
        (moves, positions)
    }

    /// A legal move of `pos` other than `mv`.
    fn other(pos: &Position, mv: Move) -> Move {
        *pos.legal_moves()
            .iter()
            .find(|m| **m != mv)
            .expect("two legal moves")
    }

    #[test]
    fn a_blunder_from_a_won_position_is_offered_to_its_player_only() {
        let v = Variant::Kiswahili;
        let (moves, positions) = game(v, 6);
        // South (even plies) blunders at ply 2 from a forced win, North at ply 3 from a clear advantage.
        let b2 = other(&positions[2], moves[2]);
        let b3 = other(&positions[3], moves[3]);
        let r = review(&moves, &[(2, bao_ai::MATE - 9, b2), (3, 400, b3)]);
        let south = mistakes_in("g1", v, Side::South, &r);
        assert_eq!(south.len(), 1);
        let m = &south[0];
        assert_eq!((m.id.as_str(), m.ply, m.goal.as_str()), ("g1-2", 2, "win"));
        assert_eq!(m.position, positions[2], "the position before the move");
        assert_eq!((m.played, m.line.clone()), (moves[2], vec![b2]));
        let north = mistakes_in("g1", v, Side::North, &r);
        assert_eq!(north.len(), 1);
        assert_eq!((north[0].ply, north[0].goal.as_str()), (3, "advantage"));
        assert_eq!(north[0].position.to_move(), Side::North);
    }

    #[test]
    fn a_blunder_from_a_balanced_position_is_not_a_puzzle() {
        let v = Variant::Kujifunza;
        let (moves, positions) = game(v, 4);
        let b = other(&positions[2], moves[2]);
        // 100 points: chances 0.32, below clearly won.
        let r = review(&moves, &[(2, 100, b)]);
        assert!(mistakes_in("g", v, Side::South, &r).is_empty());
        // Just over the line it is one.
        let r = review(&moves, &[(2, 170, b)]);
        assert_eq!(mistakes_in("g", v, Side::South, &r).len(), 1);
    }

    #[test]
    fn a_mistake_or_an_inaccuracy_is_not_offered() {
        let v = Variant::Kimasai;
        let (moves, positions) = game(v, 4);
        let b = other(&positions[0], moves[0]);
        let mut r = review(&moves, &[(0, bao_ai::MATE - 5, b)]);
        r.moves[0].class = MoveClass::Mistake;
        assert!(mistakes_in("g", v, Side::South, &r).is_empty());
    }

    #[test]
    fn a_review_that_does_not_replay_stops_the_list() {
        let v = Variant::Kiswahili;
        let (moves, positions) = game(v, 4);
        let b = other(&positions[2], moves[2]);
        let mut r = review(&moves, &[(2, bao_ai::MATE - 9, b)]);
        // A move that is not legal at ply 1: nothing after it is read.
        r.moves[1].mv = "B8R".parse().expect("notation");
        assert!(mistakes_in("g", v, Side::South, &r).is_empty());
    }
}
