//! `POST /api/games/import`: a game against the computer played in the browser (the page `/local`, with the
//! engine compiled to WebAssembly, issue 35), brought to the server once it is over so that it can be
//! reviewed like any other. The server trusts nothing of it but the moves: it replays them with bao-core from
//! the variant's start, refuses the first one the rules do not allow, works out the result itself (a rule's
//! end, a draw by repetition or the move limit), and takes from the client only a resignation, which the moves
//! cannot show. The game is stored finished, with the uploader holding its seat (a token, as for a new game),
//! so that it is listed among this browser's games and `GET /api/games/{id}/review` works on it.

use std::net::SocketAddr;
use std::time::Duration;

use axum::extract::{ConnectInfo, State};
use axum::http::HeaderMap;
use axum::response::Response;
use bao_ai::Level;
use bao_core::{DrawWatch, Move, Position, Side, Variant};
use bao_protocol::{schema, Created, Outcome, Reason, SeatKind, Status};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::AppError;
use crate::http::extract::{client_key, JsonBody};
use crate::openapi::ImportErrors;
use crate::players::{MaybeMe, Me};
use crate::state::AppState;
use crate::store::GameRow;
use crate::tokens::{hash_token, new_token};

/// The most moves an imported game may hold (the rules' move limit draws a game at 2000 plies anyway).
pub const MAX_MOVES: usize = bao_core::MOVE_LIMIT as usize;
/// Laps of relay sowing one move may take (as `POST /api/analysis/record`): ordinary moves need none.
const LAP_BUDGET: u64 = 200_000;
/// The longest a replay may take.
const TIME_BUDGET: Duration = Duration::from_secs(2);

/// The body of `POST /api/games/import`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[schema(example = json!({"variant": "kujifunza", "seat": "south", "level": "easy",
    "moves": ["A5L", "a5R"], "result": {"winner": "north", "reason": "resign"}}))]
pub struct ImportGame {
    /// The variant.
    #[schema(value_type = schema::Variant)]
    pub variant: String,
    /// The position the game started from, as `spec/position.md` writes it: only the variant's start position
    /// is taken (it may be left out).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub start: Option<serde_json::Value>,
    /// The side this browser played; the other was the computer's.
    #[schema(value_type = schema::Side)]
    pub seat: Side,
    /// The computer's level: `1` to `8`, or `easy`, `medium`, `hard` (levels 2, 5 and 8; default `medium`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<String>,
    /// The moves in notation, from the start, at most 2000.
    pub moves: Vec<String>,
    /// How the game ended. The server works it out from the moves; needed only for a resignation (a game whose
    /// last position is not over), and refused when it says otherwise than the moves.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<Outcome>,
}

/// The moves replayed: how the game ended by the rules, if it did.
fn replay(variant: Variant, moves: &[String]) -> Result<(Vec<Move>, Option<Outcome>), AppError> {
    let start = std::time::Instant::now();
    let mut pos = Position::new(variant);
    let mut draws = DrawWatch::new(&pos);
    let mut outcome: Option<Outcome> = None;
    let mut parsed = Vec::with_capacity(moves.len());
    for (i, text) in moves.iter().enumerate() {
        let n = i + 1;
        let shown: String = text.chars().take(20).collect();
        if let Some(o) = outcome {
            return Err(AppError::BadRequest(format!(
                "the game was over after move {i} ({}); move {n} ({shown:?}) and the {} after it cannot follow",
                o.reason.name(),
                moves.len() - n
            )));
        }
        if start.elapsed() > TIME_BUDGET {
            return Err(AppError::TooComplex);
        }
        let mv: Move = text.parse().map_err(|e| AppError::IllegalMove {
            message: format!("move {n} ({shown:?}) is not a move in notation: {e}"),
            reason: bao_core::Blocked::NotLegal,
        })?;
        let played = match pos.play_full_within(mv, LAP_BUDGET) {
            None => return Err(AppError::TooComplex),
            Some(Err(e)) => {
                return Err(AppError::IllegalMove {
                    message: format!(
                        "move {n} ({}) cannot be played: {}",
                        e.played,
                        e.reason.description()
                    ),
                    reason: e.reason,
                })
            }
            Some(Ok(p)) => p,
        };
        pos = played.position;
        outcome = pos
            .result()
            .map(Outcome::from)
            .or_else(|| draws.record(&pos).map(Outcome::draw));
        parsed.push(mv);
    }
    Ok((parsed, outcome))
}

/// The game's result: the rules' when the moves end it, else the resignation the client says.
fn settle(by_rules: Option<Outcome>, said: Option<Outcome>) -> Result<Outcome, AppError> {
    match (by_rules, said) {
        (Some(r), None) => Ok(r),
        (Some(r), Some(s)) if r == s => Ok(r),
        (Some(r), Some(s)) => Err(AppError::BadRequest(format!(
            "the moves end the game by {} ({}), not as the result says ({})",
            r.reason.name(),
            winner_name(r.winner),
            winner_name(s.winner)
        ))),
        (None, Some(s)) if s.reason == Reason::Resign && s.winner.is_some() => Ok(s),
        (None, _) => Err(AppError::BadRequest(
            "the game is not over after these moves: send the rest, or a resignation \
             (\"result\": {\"winner\": SIDE, \"reason\": \"resign\"})"
                .into(),
        )),
    }
}

fn winner_name(w: Option<Side>) -> &'static str {
    match w {
        Some(Side::South) => "south wins",
        Some(Side::North) => "north wins",
        None => "a draw",
    }
}

/// `POST /api/games/import`: a finished game against the computer, played elsewhere, stored for its review.
#[utoipa::path(
    post,
    path = "/api/games/import",
    operation_id = "importGame",
    tag = "games",
    request_body(
        content = ImportGame,
        description = "the game: its variant, the side played, the computer's level, the moves from the \
            variant's start, and for a resignation the result",
    ),
    responses(
        (status = 201, description = "the game, stored finished: its id, the uploader's seat and its token \
            (so that it is listed among this browser's games)", body = Created,
            links(
                ("GetGame" = (operation_id = "getGame", parameters(("id" = "$response.body#/id")))),
                ("GetReview" = (operation_id = "getReview", parameters(("id" = "$response.body#/id")))),
            )
        ),
        ImportErrors,
    )
)]
pub async fn import_game(
    State(state): State<AppState>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    MaybeMe(me): MaybeMe,
    headers: HeaderMap,
    JsonBody(body): JsonBody<ImportGame>,
) -> Result<Response, AppError> {
    let variant: Variant = body
        .variant
        .parse()
        .map_err(|_| AppError::UnknownVariant(body.variant.chars().take(40).collect()))?;
    let name = body.level.as_deref().unwrap_or("medium");
    let level = Level::parse(name).ok_or_else(|| {
        AppError::BadRequest(format!(
            "unknown level {:?}; use 1 to 8, easy, medium or hard",
            name.chars().take(20).collect::<String>()
        ))
    })?;
    if let Some(start) = &body.start {
        let given = Position::from_json(&start.to_string())
            .map_err(|e| AppError::BadPosition(e.to_string()))?;
        if given != Position::new(variant) {
            return Err(AppError::BadRequest(
                "an imported game starts from its variant's start position".into(),
            ));
        }
    }
    if body.moves.is_empty() {
        return Err(AppError::BadRequest("the game has no moves".into()));
    }
    if body.moves.len() > MAX_MOVES {
        return Err(AppError::BadRequest(format!(
            "the game has {} moves; at most {MAX_MOVES} are taken",
            body.moves.len()
        )));
    }
    if let Some(r) = body.result {
        if r.reason == Reason::Aborted || r.reason == Reason::Time {
            return Err(AppError::BadRequest(format!(
                "a game without a clock cannot end by {}",
                r.reason.name()
            )));
        }
    }
    // Checked after validation, as creating a game: only games that would be stored count.
    state.limits().create(client_key(&state, addr, &headers))?;
    let moves = body.moves;
    let (moves, by_rules) = tokio::task::spawn_blocking(move || {
        let replayed = replay(variant, &moves);
        replayed.map(|(_, outcome)| (moves, outcome))
    })
    .await
    .map_err(|e| AppError::Internal(format!("import replay failed: {e}")))??;
    let result = settle(by_rules, body.result)?;
    let seat = body.seat;
    let token = new_token();
    let mut kinds = [SeatKind::Human; 2];
    kinds[seat.opponent().index()] = SeatKind::Computer;
    let mut hashes = [None, None];
    hashes[seat.index()] = Some(hash_token(&token));
    let mut row = GameRow::new(variant, kinds, hashes, Some(level));
    row.status = Status::Finished;
    row.result = Some(result);
    // The moves' events are 1..=n; the end is one more. Stored as if its room had closed in good order.
    row.v = moves.len() as i64 + 1;
    row.closed_v = Some(row.v);
    row.players[seat.index()] = me.as_ref().map(Me::seat);
    state.store().insert_finished_game(&row, &moves).await?;
    tracing::info!(game = %row.id, variant = variant.name(), moves = moves.len(), "game imported");
    Ok(crate::api::created(&state, row.id, seat, token))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn a_resignation_needs_the_game_to_be_unfinished_and_a_winner() {
        let resign = Outcome {
            winner: Some(Side::North),
            reason: Reason::Resign,
        };
        assert_eq!(settle(None, Some(resign)).ok(), Some(resign));
        assert!(settle(None, None).is_err());
        let draw = Outcome {
            winner: None,
            reason: Reason::Resign,
        };
        assert!(settle(None, Some(draw)).is_err());
        let won = Outcome {
            winner: Some(Side::South),
            reason: Reason::FrontRowEmpty,
        };
        assert_eq!(settle(Some(won), None).ok(), Some(won));
        assert!(
            settle(Some(won), Some(resign)).is_err(),
            "the rules' end wins"
        );
    }

    #[test]
    fn the_replay_stops_at_the_first_illegal_move() {
        let start = Position::new(Variant::Kiswahili);
        let first = start.legal_moves()[0];
        let ok = replay(Variant::Kiswahili, &moves(&[&first.to_string()]));
        assert!(matches!(ok, Ok((ref m, None)) if m.len() == 1));
        let bad = replay(Variant::Kiswahili, &moves(&[&first.to_string(), "A1L"]));
        match bad {
            Err(AppError::IllegalMove { message, .. }) => {
                assert!(message.starts_with("move 2 "), "{message}")
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            replay(Variant::Kiswahili, &moves(&["xyz"])),
            Err(AppError::IllegalMove { .. })
        ));
    }
}
