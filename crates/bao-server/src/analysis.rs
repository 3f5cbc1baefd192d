//! `POST /api/analysis`, the rules help (protocol.md, "Rules help"): for any position, its legal moves with
//! their results and traces, why each other pit cannot be played, and on request the computer's best move.
//!
//! Whatever a client sends, the work stays bounded: positions whose moves take long to tell apart are
//! refused (`too_complex`), a search lasts at most [`MAX_THINK_MS`], analyses are rate-limited per address
//! (`--analysis-per-minute`) and capped in number (`--analysis-concurrency`, refused with 429 beyond), and each
//! runs on the blocking pool holding one of the computer's permits (`--computer-threads`,
//! [`crate::computer_pool`]), so analyses and computer opponents together never take more cores than that. A
//! search may take more of them, up to `--analysis-threads`, when they are free at that moment, and then
//! searches with one thread per permit.

use std::net::SocketAddr;
use std::time::Duration;

use axum::extract::{ConnectInfo, State};
use axum::http::HeaderMap;
use axum::Json;
use bao_core::Position;
use bao_protocol::{
    blocked_pits, AnalysedMove, Analysis, AnalysisLine, AnalysisRequest, Best, MAX_LINES,
    MAX_THINK_MS,
};
use prometheus_client::metrics::gauge::Gauge;

use crate::error::AppError;
use crate::http::extract::{client_key, JsonBody};
use crate::jobs::wire::position_json;
use crate::jobs::{Kind, Outcome, Task};
use crate::openapi::AnalysisErrors;
use crate::state::AppState;

/// Laps of relay sowing (beyond each move's first 24) that telling a position's moves apart may take, for the
/// position and for each position after one of its moves: about 8 ms. Ordinary positions need none; the rare
/// ones with a long never-ending candidate move are refused rather than keep a core busy for seconds.
const LAP_BUDGET: u64 = 1_000_000;

/// How long an analysis is waited for on the cluster's queue (`jobs/`): within the API's 15 s timeout.
const ANALYSIS_DEADLINE: Duration = Duration::from_secs(12);

/// How long a client is told to wait when every analysis place is taken.
const BUSY_RETRY: Duration = Duration::from_secs(1);

/// `POST /api/analysis`: the legal moves of a position, its blocked pits, and optionally the best move.
#[utoipa::path(
    post,
    path = "/api/analysis",
    operation_id = "analysePosition",
    tag = "rules",
    request_body(
        content = AnalysisRequest,
        description = "the position to analyse and, to hear the computer's best move, how long it may think",
    ),
    responses(
        (status = 200, description = "every legal move with the position after it and its trace, the blocked \
            pits of the side to move with their reasons, and with `think_ms` the computer's best move",
            body = Analysis),
        AnalysisErrors,
    )
)]
pub async fn analyse(
    State(state): State<AppState>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    JsonBody(body): JsonBody<AnalysisRequest>,
) -> Result<Json<Analysis>, AppError> {
    let pos = Position::from_json(&body.position.to_string())
        .map_err(|e| AppError::BadPosition(e.to_string()))?;
    let think = match body.think_ms {
        None => None,
        Some(ms @ 1..=MAX_THINK_MS) => Some(Duration::from_millis(ms)),
        Some(ms) => {
            return Err(AppError::BadRequest(format!(
                "think_ms must be between 1 and {MAX_THINK_MS}, not {ms}"
            )))
        }
    };
    let lines = match (body.lines, think) {
        (None, _) => None,
        (Some(n @ 1..=MAX_LINES), Some(_)) => Some(n as usize),
        (Some(n @ 1..=MAX_LINES), None) => {
            return Err(AppError::BadRequest(format!(
                "lines ({n}) needs think_ms: the moves are found by a search"
            )))
        }
        (Some(n), _) => {
            return Err(AppError::BadRequest(format!(
                "lines must be between 1 and {MAX_LINES}, not {n}"
            )))
        }
    };
    // Counted once the request is valid, like games created.
    let key = client_key(&state, addr, &headers);
    state.limits().analysis(key)?;
    // In a cluster the search is a job (`jobs/`): shed first when the queue is full, and counted per address
    // across the nodes.
    let jobs = state.computer().jobs().filter(|_| think.is_some()).cloned();
    if let Some(jobs) = &jobs {
        jobs.admit(Kind::Analysis)?;
        jobs.count_analysis(&key.ip().to_string(), state.config().analysis_per_minute)
            .await?;
    }
    let place =
        state
            .analyses()
            .clone()
            .try_acquire_owned()
            .map_err(|_| AppError::RateLimited {
                message:
                    "the server is analysing as many positions as it may; try again in a moment",
                retry_after: BUSY_RETRY,
            })?;
    let analyses = state.metrics().analyses.clone();
    analyses.inc();
    let running = Running(analyses);
    if let (Some(jobs), Some(think)) = (jobs, think) {
        let task = Task::Analysis {
            position: position_json(&pos),
            think_ms: u64::try_from(think.as_millis()).unwrap_or(MAX_THINK_MS),
            lines,
        };
        let done = jobs.run(Kind::Analysis, task, ANALYSIS_DEADLINE).await;
        drop((place, running));
        return match done?.outcome {
            Outcome::Analysis { analysis } => Ok(Json(*analysis)),
            Outcome::Failed { code, detail } => Err(Outcome::error(code, detail)),
            other => Err(AppError::Internal(format!(
                "an analysis job answered {other:?}"
            ))),
        };
    }
    let computer = state.computer();
    let mut permit = computer.for_analysis().await?;
    // More threads only for a search, and only with permits to spare (`--analysis-threads`).
    let threads = match think {
        Some(_) => computer.take_spare(&mut permit),
        None => 1,
    };
    let answer = tokio::task::spawn_blocking(move || {
        let answer = analysis_of(&pos, think, lines, threads);
        drop((permit, place, running));
        answer
    })
    .await
    .map_err(|e| AppError::Internal(format!("analysis failed: {e}")))??;
    Ok(Json(answer))
}

/// Counts an analysis in `bao_analyses` until dropped (also when the request is dropped while it waits).
struct Running(Gauge);

impl Drop for Running {
    fn drop(&mut self) {
        self.0.dec();
    }
}

/// The analysis of `pos`, with a search of `think` on `threads` threads if asked, and then with `lines` the
/// that many best moves and their lines (the search time shared out between them). Blocking: up to `think`
/// plus, for a position within [`LAP_BUDGET`], a few milliseconds.
pub fn analysis_of(
    pos: &Position,
    think: Option<Duration>,
    lines: Option<usize>,
    threads: u32,
) -> Result<Analysis, AppError> {
    let children = pos
        .children_within(LAP_BUDGET)
        .ok_or(AppError::TooComplex)?;
    let mut legal = Vec::with_capacity(children.len());
    for (mv, child) in &children {
        // `play_full` settles the position after the move, generating its moves: bounded the same way.
        if child.children_within(LAP_BUDGET).is_none() {
            return Err(AppError::TooComplex);
        }
        let played = pos
            .play_full(*mv)
            .map_err(|e| AppError::Internal(format!("a listed move was refused: {e}")))?;
        legal.push(AnalysedMove {
            mv: *mv,
            position: played.position,
            trace: played.trace,
        });
    }
    let moves: Vec<_> = children.iter().map(|(m, _)| *m).collect();
    let (best, lines) = match think {
        Some(time) if !moves.is_empty() => {
            let mut cfg = bao_ai::Level::Hard.config_for(pos.variant());
            cfg.time = time;
            cfg.threads = threads;
            match lines {
                None => {
                    let found = bao_ai::think(pos, &cfg, 0);
                    let best = found.best.map(|mv| Best {
                        mv,
                        score: found.score,
                        depth: found.depth,
                    });
                    (best, None)
                }
                Some(count) => {
                    let found: Vec<AnalysisLine> = bao_ai::think_lines(pos, &cfg, 0, count)
                        .into_iter()
                        .filter_map(|l| {
                            Some(AnalysisLine {
                                mv: *l.moves.first()?,
                                score: l.score,
                                depth: l.depth,
                                line: l.moves,
                            })
                        })
                        .collect();
                    let best = found.first().map(|l| Best {
                        mv: l.mv,
                        score: l.score,
                        depth: l.depth,
                    });
                    (best, Some(found))
                }
            }
        }
        _ => (None, None),
    };
    Ok(Analysis {
        stage: pos.stage(pos.to_move()),
        legal,
        blocked: blocked_pits(pos, &moves, pos.result().is_none()),
        best,
        lines,
    })
}
