//! The jobs and their results as they cross NATS (JSON), and the one function that does a job's work
//! ([`Task::run`]), shared by the workers and by a node without NATS, so that a search is the same wherever
//! it runs.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use bao_ai::Level;
use bao_core::{Move, Position};
use bao_protocol::{Analysis, ErrorCode};
use serde::{Deserialize, Serialize};

use crate::error::AppError;

/// The kinds of job, in the order a worker takes them: a game's move before a review's position before an
/// analysis (and the reverse order in which a full queue sheds them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// The computer's move in a live game.
    Move,
    /// One search of a review of a finished game.
    Review,
    /// `POST /api/analysis` with `think_ms`.
    Analysis,
}

impl Kind {
    /// Every kind, in the order workers take them.
    pub const ALL: [Kind; 3] = [Kind::Move, Kind::Review, Kind::Analysis];

    /// The kind's name: its subject's last token, its metric label.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Move => "move",
            Kind::Review => "review",
            Kind::Analysis => "analysis",
        }
    }
}

/// One job on the queue.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Job {
    /// Unique: a result names its job, so that a late or second answer is told apart.
    pub id: String,
    /// When the node queued it (Unix milliseconds, the node's clock): a clocked game's budget shrinks by the
    /// time the job waited.
    pub queued_ms: i64,
    /// After this (Unix milliseconds) nobody waits for the answer: a worker drops the job unanswered.
    pub deadline_ms: i64,
    /// The subject the result is published on.
    pub reply: String,
    /// The work.
    pub task: Task,
}

/// What a job asks for. Positions travel as position JSON (spec/position.md).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum Task {
    /// The computer's move at `level`, seeded with `seed`, within `budget_ms` (from its clock) if given.
    Move {
        /// The position.
        position: serde_json::Value,
        /// `easy`, `medium`, `hard` or `1`-`8` ([`Level::parse`]).
        level: String,
        /// The search's seed (the game's, mixed with the ply).
        seed: u64,
        /// The computer's allowance from its clock, when the game has one.
        budget_ms: Option<u64>,
    },
    /// A review's search: `hard`, for `time_ms`.
    Search {
        /// The position.
        position: serde_json::Value,
        /// How long to search.
        time_ms: u64,
    },
    /// An analysis with a search of `think_ms` (and `lines` best lines, if asked).
    Analysis {
        /// The position.
        position: serde_json::Value,
        /// How long to search.
        think_ms: u64,
        /// How many best lines.
        lines: Option<usize>,
    },
}

/// A job's answer.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Done {
    /// The job's id.
    pub id: String,
    /// The attempt that answered (2 and more: the job was redelivered).
    pub delivered: u64,
    /// Milliseconds the search itself took (the job's overhead is the rest of its round trip).
    pub search_ms: u64,
    /// The answer.
    pub outcome: Outcome,
}

/// The answer to each [`Task`].
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum Outcome {
    /// The computer's move (`None`: none found; the room then plays its first legal move).
    Move {
        /// The move.
        mv: Option<Move>,
    },
    /// A review's search.
    Search {
        /// The best move.
        best: Option<Move>,
        /// Its score for the side to move.
        score: i32,
        /// The deepest iteration finished.
        depth: u32,
    },
    /// An analysis.
    Analysis {
        /// The analysis.
        analysis: Box<Analysis>,
    },
    /// The job could not be done: the error's code and its detail.
    Failed {
        /// The error's code (`too_complex`, `bad_position`, `internal`).
        code: ErrorCode,
        /// For the logs.
        detail: String,
    },
}

impl Outcome {
    /// The outcome of a failed job.
    pub fn failed(e: &AppError) -> Outcome {
        Outcome::Failed {
            code: e.code(),
            detail: e.detail(),
        }
    }

    /// The error of a failed job, as the node answers it.
    pub fn error(code: ErrorCode, detail: String) -> AppError {
        match code {
            ErrorCode::TooComplex => AppError::TooComplex,
            ErrorCode::BadPosition => AppError::BadPosition(detail),
            _ => AppError::Internal(format!("a worker failed a job: {detail}")),
        }
    }
}

/// What is left of a clocked computer's allowance of `budget_ms` after its job waited `waited`: its clock ran
/// meanwhile. Never nothing: a search of no time still finds a legal move.
pub fn budget_left(budget_ms: u64, waited: Duration) -> Duration {
    Duration::from_millis(budget_ms)
        .saturating_sub(waited)
        .max(Duration::from_millis(10))
}

fn position(json: &serde_json::Value) -> Result<Position, AppError> {
    Position::from_json(&json.to_string()).map_err(|e| AppError::BadPosition(e.to_string()))
}

/// The position JSON of `pos`, for a job.
pub fn position_json(pos: &Position) -> serde_json::Value {
    serde_json::from_str(&pos.to_json()).unwrap_or(serde_json::Value::Null)
}

impl Task {
    /// Does the work (blocking: up to the task's search time), on `threads` threads where the search may use
    /// several; `waited` is how long the job waited in the queue (a clocked game's budget shrinks by it);
    /// `stop` ends a move's search early.
    pub fn run(&self, waited: Duration, threads: u32, stop: Option<Arc<AtomicBool>>) -> Outcome {
        match self.try_run(waited, threads, stop) {
            Ok(o) => o,
            Err(e) => Outcome::failed(&e),
        }
    }

    fn try_run(
        &self,
        waited: Duration,
        threads: u32,
        stop: Option<Arc<AtomicBool>>,
    ) -> Result<Outcome, AppError> {
        // A panicking search must not take the worker down: the job then fails (a move: the room plays a
        // fallback).
        let caught = |f: &dyn Fn() -> Outcome| {
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(f))
                .map_err(|_| AppError::Internal("the search panicked".into()))
        };
        match self {
            Task::Move {
                position: p,
                level,
                seed,
                budget_ms,
            } => {
                let pos = position(p)?;
                let level = Level::parse(level)
                    .ok_or_else(|| AppError::BadRequest(format!("no level {level:?}")))?;
                let budget = budget_ms.map(|ms| budget_left(ms, waited));
                caught(&|| Outcome::Move {
                    mv: bao_ai::choose_move_within(&pos, level, *seed, stop.clone(), budget),
                })
            }
            Task::Search {
                position: p,
                time_ms,
            } => {
                let pos = position(p)?;
                let mut cfg = Level::Hard.config_for(pos.variant());
                cfg.time = Duration::from_millis(*time_ms);
                cfg.threads = threads.max(1);
                caught(&|| {
                    let r = bao_ai::think(&pos, &cfg, 0);
                    Outcome::Search {
                        best: r.best,
                        score: r.score,
                        depth: r.depth,
                    }
                })
            }
            Task::Analysis {
                position: p,
                think_ms,
                lines,
            } => {
                let pos = position(p)?;
                let think = Some(Duration::from_millis(*think_ms));
                let analysis = std::panic::catch_unwind(|| {
                    crate::analysis::analysis_of(&pos, think, *lines, threads.max(1))
                })
                .map_err(|_| AppError::Internal("the analysis panicked".into()))??;
                Ok(Outcome::Analysis {
                    analysis: Box::new(analysis),
                })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bao_core::Variant;

    /// A job and its answer survive their trip through JSON, and a clocked move's search still answers a
    /// legal move when the job waited longer than its whole allowance.
    #[test]
    fn a_move_job_round_trips_and_answers_even_after_waiting_out_its_budget() {
        let pos = Position::new(Variant::Kujifunza);
        let job = Job {
            id: "j1".into(),
            queued_ms: 1,
            deadline_ms: 2,
            reply: "r".into(),
            task: Task::Move {
                position: position_json(&pos),
                level: "easy".into(),
                seed: 7,
                budget_ms: Some(50),
            },
        };
        let back: Job = serde_json::from_slice(&serde_json::to_vec(&job).unwrap()).unwrap();
        let out = back.task.run(Duration::from_secs(5), 1, None);
        let done = Done {
            id: back.id,
            delivered: 1,
            search_ms: 1,
            outcome: out,
        };
        let done: Done = serde_json::from_slice(&serde_json::to_vec(&done).unwrap()).unwrap();
        match done.outcome {
            Outcome::Move { mv: Some(mv) } => assert!(pos.legal_moves().contains(&mv)),
            other => panic!("{other:?}"),
        }
    }

    /// The wire takes the numbered levels as the API does, and refuses a level it does not know.
    #[test]
    fn a_move_job_takes_the_numbered_levels() {
        let pos = Position::new(Variant::Kiswahili);
        let task = |level: &str| Task::Move {
            position: position_json(&pos),
            level: level.into(),
            seed: 3,
            budget_ms: None,
        };
        for level in ["1", "4", "7", "medium"] {
            match task(level).run(Duration::ZERO, 1, None) {
                Outcome::Move { mv: Some(mv) } => {
                    assert!(pos.legal_moves().contains(&mv), "{level}")
                }
                other => panic!("{level}: {other:?}"),
            }
        }
        for level in ["9", "0", "hard-v1"] {
            match task(level).run(Duration::ZERO, 1, None) {
                Outcome::Failed { code, .. } => assert_eq!(code, ErrorCode::BadRequest, "{level}"),
                other => panic!("{level}: {other:?}"),
            }
        }
    }

    #[test]
    fn a_clocked_computers_budget_shrinks_by_the_time_its_job_waited() {
        assert_eq!(budget_left(800, Duration::ZERO), Duration::from_millis(800));
        assert_eq!(
            budget_left(800, Duration::from_millis(300)),
            Duration::from_millis(500)
        );
        assert_eq!(
            budget_left(800, Duration::from_secs(3)),
            Duration::from_millis(10)
        );
    }

    #[test]
    fn a_bad_position_fails_the_job_with_its_code() {
        let task = Task::Search {
            position: serde_json::json!({"nonsense": true}),
            time_ms: 1,
        };
        match task.run(Duration::ZERO, 1, None) {
            Outcome::Failed { code, .. } => assert_eq!(code, ErrorCode::BadPosition),
            other => panic!("{other:?}"),
        }
    }
}
