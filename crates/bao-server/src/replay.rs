//! `POST /api/analysis/record`: a game record (the text of `GET /api/games/{id}/record`, or moves in de Voogt's
//! notation typed in) replayed by bao-core from the variant's start position, so that the analysis board can
//! step through it without knowing the rules: each move with the side that played it, the position after it
//! and its trace. A move that cannot be read or played stops the replay there, and the answer says which and
//! why, with the moves before it.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use axum::extract::{ConnectInfo, State};
use axum::http::HeaderMap;
use axum::Json;
use bao_core::{Move, Position, Side, Step, Variant};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::AppError;
use crate::http::extract::{client_key, JsonBody};
use crate::openapi::ReplayErrors;
use crate::state::AppState;
use bao_protocol::schema;

/// The most moves a record may hold.
pub const MAX_MOVES: usize = 2000;
/// Laps of relay sowing (beyond each move's first 24) that one move of the replay may take (see
/// `analysis::LAP_BUDGET`): ordinary moves need none.
const LAP_BUDGET: u64 = 200_000;
/// The longest a replay may take; a record whose moves take longer to play is stopped (`too_complex`).
const TIME_BUDGET: Duration = Duration::from_secs(2);

/// The body of `POST /api/analysis/record`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(example = json!({"record": "[Variant \"kiswahili\"]\n\n1. A6L a5R 2. A7L"}))]
pub struct ReplayRequest {
    /// The record: optional header lines (`[Variant "kiswahili"]`, …), then the moves in notation, with or
    /// without their numbers (`1.`); a `*` or a result is ignored.
    pub record: String,
    /// The variant, when the record has no `[Variant "…"]` line (a header line wins).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<schema::Variant>)]
    pub variant: Option<String>,
}

/// A move of the replay.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct ReplayedMove {
    /// The move.
    #[serde(rename = "move")]
    #[schema(value_type = schema::Move)]
    pub mv: Move,
    /// The side that played it.
    #[schema(value_type = schema::Side)]
    pub by: Side,
    /// The position after it.
    #[schema(value_type = schema::Position)]
    pub position: Position,
    /// Its sowing steps.
    #[schema(value_type = Vec<schema::Step>)]
    pub trace: Vec<Step>,
}

/// Where the replay stopped, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct ReplayStop {
    /// The index of the move (0: the first) that could not be played.
    pub index: usize,
    /// That move as written.
    pub text: String,
    /// `notation` (not a move in notation), `too_complex` (it takes too long to play), `game_over`, or why
    /// bao-core refuses it (a code of `blocked`: `empty`, `direction`, …, or `not_legal`).
    pub reason: String,
    /// bao-core's message, in English.
    pub message: String,
    /// The legal moves of the position the move was played in (empty when it could not be read, or the game
    /// was over).
    #[schema(value_type = Vec<schema::Move>)]
    pub legal: Vec<Move>,
}

/// The answer of `POST /api/analysis/record`.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct Replay {
    /// The variant.
    #[schema(value_type = schema::Variant)]
    pub variant: Variant,
    /// The position the record starts from (the variant's start).
    #[schema(value_type = schema::Position)]
    pub start: Position,
    /// The moves played, in order, up to the first that could not be.
    pub moves: Vec<ReplayedMove>,
    /// Why the replay stopped before the end of the record (`null`: every move was played).
    #[schema(required = true)]
    pub stopped: Option<ReplayStop>,
}

/// The variant a record names (`[Variant "…"]`) and its move words (numbers, `*` and results left out).
pub fn read_record(text: &str) -> (Option<&str>, Vec<&str>) {
    let mut variant = None;
    let mut words = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            if let Some(rest) = line.strip_prefix("[Variant") {
                variant = rest
                    .trim()
                    .trim_end_matches(']')
                    .trim()
                    .strip_prefix('"')
                    .and_then(|v| v.strip_suffix('"'));
            }
            continue;
        }
        for word in line.split(|c: char| c.is_whitespace() || c == ',') {
            // "12." and "12..." are move numbers; "12.A6L" a number glued to its move.
            let word = word.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
            if word.is_empty() || word == "*" || word == "1-0" || word == "0-1" || word == "½-½" {
                continue;
            }
            words.push(word);
        }
    }
    (variant, words)
}

/// Replays `words` from `variant`'s start (blocking: at most [`TIME_BUDGET`]).
pub fn replay(variant: Variant, words: &[&str]) -> Replay {
    let start = Position::new(variant);
    let began = Instant::now();
    let mut pos = start;
    let mut moves = Vec::with_capacity(words.len());
    let mut stopped = None;
    for (index, word) in words.iter().enumerate() {
        let stop = |reason: &str, message: String, legal: Vec<Move>| {
            Some(ReplayStop {
                index,
                text: (*word).chars().take(20).collect(),
                reason: reason.to_owned(),
                message,
                legal,
            })
        };
        let mv: Move = match word.parse() {
            Ok(m) => m,
            Err(e) => {
                stopped = stop("notation", format!("{e}"), Vec::new());
                break;
            }
        };
        if pos.result().is_some() {
            stopped = stop("game_over", "the game is over".into(), Vec::new());
            break;
        }
        if began.elapsed() > TIME_BUDGET {
            stopped = stop(
                "too_complex",
                "the record takes too long to replay".into(),
                Vec::new(),
            );
            break;
        }
        match pos.play_full_within(mv, LAP_BUDGET) {
            None => {
                stopped = stop(
                    "too_complex",
                    "the move takes too long to play".into(),
                    Vec::new(),
                );
                break;
            }
            Some(Err(e)) => {
                let reason = e.reason.as_str();
                stopped = stop(reason, e.to_string(), e.legal);
                break;
            }
            Some(Ok(played)) => {
                let by = pos.to_move();
                pos = played.position;
                moves.push(ReplayedMove {
                    mv,
                    by,
                    position: played.position,
                    trace: played.trace,
                });
            }
        }
    }
    Replay {
        variant,
        start,
        moves,
        stopped,
    }
}

/// `POST /api/analysis/record`: a record replayed from the start.
#[utoipa::path(
    post,
    path = "/api/analysis/record",
    operation_id = "replayRecord",
    tag = "rules",
    request_body(
        content = ReplayRequest,
        description = "the record: the text of `GET /api/games/{id}/record`, or moves in notation",
    ),
    responses(
        (status = 200, description = "the moves replayed from the variant's start, each with the side that \
            played it, the position after it and its trace; `stopped` says which move could not be played, \
            and why", body = Replay),
        ReplayErrors,
    )
)]
pub async fn replay_record(
    State(state): State<AppState>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    JsonBody(body): JsonBody<ReplayRequest>,
) -> Result<Json<Replay>, AppError> {
    let (named, words) = read_record(&body.record);
    let name = named.or(body.variant.as_deref()).ok_or_else(|| {
        AppError::BadRequest(
            "the record names no variant: add [Variant \"…\"] or send `variant`".into(),
        )
    })?;
    let variant: Variant = name.parse().map_err(|_| {
        AppError::BadRequest(format!(
            "unknown variant {:?}",
            name.chars().take(40).collect::<String>()
        ))
    })?;
    if words.is_empty() {
        return Err(AppError::BadRequest("the record holds no moves".into()));
    }
    if words.len() > MAX_MOVES {
        return Err(AppError::BadRequest(format!(
            "the record holds {} moves; at most {MAX_MOVES} are replayed",
            words.len()
        )));
    }
    let words: Vec<String> = words.into_iter().map(str::to_owned).collect();
    state
        .limits()
        .analysis(client_key(&state, addr, &headers))?;
    let answer = tokio::task::spawn_blocking(move || {
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        replay(variant, &words)
    })
    .await
    .map_err(|e| AppError::Internal(format!("replay failed: {e}")))?;
    Ok(Json(answer))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_are_read_with_or_without_headers_and_numbers() {
        let (v, words) = read_record(
            "[Game \"x\"]\n[Variant \"kiswahili\"]\n[Result \"*\"]\n\n1. A6L a5R 2. A7L a6L 3.A8L *\n",
        );
        assert_eq!(v, Some("kiswahili"));
        assert_eq!(words, ["A6L", "a5R", "A7L", "a6L", "A8L"]);
        let (v, words) = read_record("A6L, a5R\nA7L");
        assert_eq!(v, None);
        assert_eq!(words, ["A6L", "a5R", "A7L"]);
    }

    #[test]
    fn a_replay_stops_at_the_first_move_it_cannot_play() {
        let r = replay(Variant::Kiswahili, &["A6L", "a5R", "A9L", "A6L"]);
        assert_eq!(r.moves.len(), 2);
        assert_eq!(r.moves[0].by, Side::South);
        assert_eq!(r.moves[1].by, Side::North);
        let stop = r.stopped.unwrap();
        assert_eq!((stop.index, stop.reason.as_str()), (2, "notation"));
        let r = replay(Variant::Kiswahili, &["A6L", "A1L"]);
        assert_eq!(r.moves.len(), 1);
        assert_eq!(r.stopped.unwrap().reason, "opponent_pit");
    }
}
