//! The computer's reviews of finished games (protocol.md, "Review and puzzles"; served by
//! `GET /api/games/{id}/review` in `api.rs`). The first request queues the game and is answered `202`; one
//! background task reviews the queued games one at a time and stores each review in the database (`reviews`
//! table), after which every request, from a player or a spectator, gets the same `200` answer, also after a
//! restart.
//!
//! The work is bounded three ways: the queue holds at most `--review-queue` games (more are refused with
//! 503 `busy`), each position is searched for `--review-ms`, and every search holds one of the computer's
//! permits ([`ComputerPool`], shared with the rooms' computer opponents and `POST /api/analysis`), taken only
//! when one is free and nobody waits for it and given back after each position, with spare ones for more
//! threads when there are some.
//!
//! Here the queue; `compute.rs` the review of one game, `classify.rs` the classes.

pub mod classify;
mod compute;

use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use bao_protocol::Status;
use prometheus_client::metrics::gauge::Gauge;
use tokio::sync::mpsc;

use crate::computer_pool::ComputerPool;
use crate::config::Config;
use crate::error::AppError;
use crate::store::Store;

pub use compute::review_game;

/// The reviews of finished games: their queue and the task that works through it.
#[derive(Debug)]
pub struct Reviews {
    store: Store,
    computer: ComputerPool,
    think: Duration,
    queue: mpsc::Sender<String>,
    /// The receiver until the worker task is started (at the first review asked for, inside the runtime).
    idle: Mutex<Option<mpsc::Receiver<String>>>,
    /// Games queued or being reviewed.
    pending: Arc<Mutex<HashSet<String>>>,
    /// `bao_reviews_waiting`: the size of `pending`.
    waiting: Gauge,
}

impl Reviews {
    /// The reviews of `config`'s server, searching with the `computer`'s permits; `waiting` is the gauge of
    /// the games queued or being reviewed.
    pub fn new(config: &Config, store: Store, computer: ComputerPool, waiting: Gauge) -> Reviews {
        let (queue, rx) = mpsc::channel(config.review_queue.max(1));
        Reviews {
            store,
            computer,
            think: Duration::from_millis(config.review_ms.max(1)),
            queue,
            idle: Mutex::new(Some(rx)),
            pending: Arc::default(),
            waiting,
        }
    }

    /// The stored review of game `id`, or `None` once the game is queued for one (or already was).
    pub async fn review(&self, id: &str) -> Result<Option<String>, AppError> {
        if let Some(body) = self.store.review(id).await? {
            return Ok(Some(body));
        }
        let (game, _) = self.store.load(id).await?.ok_or(AppError::NotFound)?;
        if game.status != Status::Finished {
            return Err(AppError::NotFinished);
        }
        let mut pending = self
            .pending
            .lock()
            .map_err(|_| AppError::Internal("review queue poisoned".into()))?;
        if pending.contains(id) {
            return Ok(None);
        }
        // A cluster's queue past three quarters of its bound takes no more reviews (`jobs/`).
        if let Some(jobs) = self.computer.jobs() {
            jobs.admit(crate::jobs::Kind::Review)?;
        }
        self.start_worker()?;
        self.queue.try_send(id.to_owned()).map_err(|e| match e {
            mpsc::error::TrySendError::Full(_) => AppError::ReviewsBusy,
            mpsc::error::TrySendError::Closed(_) => AppError::Unavailable,
        })?;
        pending.insert(id.to_owned());
        self.waiting.set(gauge_value(pending.len()));
        Ok(None)
    }

    /// Starts the task that reviews the queued games, the first time.
    fn start_worker(&self) -> Result<(), AppError> {
        let mut idle = self
            .idle
            .lock()
            .map_err(|_| AppError::Internal("review queue poisoned".into()))?;
        let Some(mut rx) = idle.take() else {
            return Ok(());
        };
        let (store, computer, think) = (self.store.clone(), self.computer.clone(), self.think);
        let pending = Arc::clone(&self.pending);
        let waiting = self.waiting.clone();
        let done_with = move |id: &str| {
            if let Ok(mut p) = pending.lock() {
                p.remove(id);
                waiting.set(gauge_value(p.len()));
            }
        };
        tokio::spawn(async move {
            while let Some(id) = rx.recv().await {
                // Queued again just as its review was stored: nothing to do.
                if matches!(store.review(&id).await, Ok(Some(_))) {
                    done_with(&id);
                    continue;
                }
                let done = review_game(&store, &computer, think, &id).await;
                let stored = match done {
                    Ok(review) => match serde_json::to_string(&review) {
                        Ok(body) => store
                            .insert_review(&id, think_ms(think), &body)
                            .await
                            .map_err(AppError::from),
                        Err(e) => Err(AppError::Internal(format!("review of {id}: {e}"))),
                    },
                    Err(e) => Err(e),
                };
                if let Err(e) = stored {
                    // Asked again, the game is queued again.
                    tracing::warn!(game = %id, "the review failed: {}", e.detail());
                }
                done_with(&id);
            }
        });
        Ok(())
    }
}

fn gauge_value(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

fn think_ms(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}
