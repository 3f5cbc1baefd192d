//! `GET /api/games/{id}/review`: the computer's review of a finished game (protocol.md, "Review and
//! puzzles"). The first request queues the game and is answered `202`; one background task reviews the
//! queued games one at a time and stores each review in the database (`reviews` table), after which every
//! request, from a player or a spectator, gets the same `200` answer, also after a restart.
//!
//! The work is bounded three ways: the queue holds at most `--review-queue` games (more are refused with
//! 503 `busy`), each position is searched for `--review-ms`, and every search holds one of the computer's
//! permits (`--computer-threads`, shared with the rooms' computer opponents and `POST /api/analysis`). A
//! review takes a permit only when one is free and nobody waits for it ([`acquire_after_live_games`]), and
//! gives it back after each position, so a live game's computer never waits behind more than one position
//! of a review. A search may use more threads (Lazy SMP) only with permits to spare: after its one it takes up
//! to `--analysis-threads` minus one more that are free at that moment ([`take_spare_permits`]), and gives
//! them all back with it.
//!
//! Here the queue and the handler; `compute.rs` the review of one game, `classify.rs` the classes.

pub mod classify;
mod compute;

use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::State;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use bao_protocol::{Review, Reviewing, Status};
use prometheus_client::metrics::gauge::Gauge;
use tokio::sync::{mpsc, OwnedSemaphorePermit, Semaphore, TryAcquireError};

use crate::api::GameId;
use crate::config::Config;
use crate::error::AppError;
use crate::openapi::ReviewErrors;
use crate::state::AppState;
use crate::store::Store;

pub use compute::review_game;

/// How long the review waits before trying again for a permit that live games hold.
const PERMIT_POLL: Duration = Duration::from_millis(20);

/// The reviews of finished games: their queue and the task that works through it.
#[derive(Debug)]
pub struct Reviews {
    store: Store,
    permits: Arc<Semaphore>,
    think: Duration,
    /// `--analysis-threads`: most threads (permits) one search of a review may use.
    threads: u32,
    queue: mpsc::Sender<String>,
    /// The receiver until the worker task is started (at the first review asked for, inside the runtime).
    idle: Mutex<Option<mpsc::Receiver<String>>>,
    /// Games queued or being reviewed.
    pending: Arc<Mutex<HashSet<String>>>,
    /// `bao_reviews_waiting`: the size of `pending`.
    waiting: Gauge,
}

impl Reviews {
    /// The reviews of `config`'s server, searching with the computer's `permits`; `waiting` is the gauge
    /// of the games queued or being reviewed.
    pub fn new(config: &Config, store: Store, permits: Arc<Semaphore>, waiting: Gauge) -> Reviews {
        let (queue, rx) = mpsc::channel(config.review_queue.max(1));
        Reviews {
            store,
            permits,
            think: Duration::from_millis(config.review_ms.max(1)),
            threads: config.analysis_threads.max(1),
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
        let (store, permits, think) = (self.store.clone(), Arc::clone(&self.permits), self.think);
        let threads = self.threads;
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
                let done = review_game(&store, &permits, think, threads, &id).await;
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

/// One of the computer's permits, taken only while no live game waits for one: tokio's semaphore hands
/// released permits to its waiters in order, so `try_acquire` fails as long as anyone is queued.
pub async fn acquire_after_live_games(
    permits: &Arc<Semaphore>,
) -> Result<OwnedSemaphorePermit, AppError> {
    loop {
        match Arc::clone(permits).try_acquire_owned() {
            Ok(p) => return Ok(p),
            Err(TryAcquireError::Closed) => return Err(AppError::Unavailable),
            Err(TryAcquireError::NoPermits) => tokio::time::sleep(PERMIT_POLL).await,
        }
    }
}

/// Adds to `permit` (one of the computer's `permits`) up to `threads - 1` more, only those free at once and
/// only while no live game waits for one (`try_acquire` fails while anyone is queued, as above), and returns
/// how many threads the search may use: one per permit held. Dropping `permit` gives them all back.
pub fn take_spare_permits(
    permits: &Arc<Semaphore>,
    permit: &mut OwnedSemaphorePermit,
    threads: u32,
) -> u32 {
    let wanted = usize::try_from(threads).unwrap_or(1);
    while permit.num_permits() < wanted {
        match Arc::clone(permits).try_acquire_owned() {
            Ok(p) => permit.merge(p),
            Err(_) => break,
        }
    }
    u32::try_from(permit.num_permits()).unwrap_or(1)
}

/// `GET /api/games/{id}/review`: `200` with the review, or `202` while the computer is making it.
#[utoipa::path(
    get,
    path = "/api/games/{id}/review",
    operation_id = "getReview",
    tag = "games",
    params(("id" = String, Path, description = "the game id")),
    responses(
        (status = 200, description = "the review: every move with the computer's best move, the scores \
            before and after it for the side that moved, its class, and for mistakes and blunders the \
            better line", body = Review),
        (status = 202, description = "the computer is reviewing the game (the first request starts it): \
            ask again in a second or two", body = Reviewing),
        ReviewErrors,
    )
)]
pub async fn get_review(
    State(state): State<AppState>,
    GameId(id): GameId,
) -> Result<Response, AppError> {
    match state.reviews().review(&id).await? {
        Some(body) => Ok((
            [(
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            )],
            body,
        )
            .into_response()),
        None => {
            let mut r = (
                StatusCode::ACCEPTED,
                Json(Reviewing {
                    status: "reviewing".into(),
                }),
            )
                .into_response();
            r.headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
            Ok(r)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(start_paused = true)]
    async fn a_review_takes_a_permit_only_after_the_live_game_waiting_for_it() {
        let permits = Arc::new(Semaphore::new(1));
        let held = Arc::clone(&permits).acquire_owned().await.unwrap();
        let (order_tx, mut order) = mpsc::unbounded_channel();
        let review = {
            let (permits, tx) = (Arc::clone(&permits), order_tx.clone());
            tokio::spawn(async move {
                let p = acquire_after_live_games(&permits).await.unwrap();
                tx.send("review").unwrap();
                drop(p);
            })
        };
        // The review is polling before the live game asks.
        tokio::time::sleep(PERMIT_POLL * 3).await;
        let live = {
            let (permits, tx) = (Arc::clone(&permits), order_tx);
            tokio::spawn(async move {
                let p = permits.acquire_owned().await.unwrap();
                tx.send("live").unwrap();
                tokio::time::sleep(Duration::from_millis(100)).await;
                drop(p);
            })
        };
        tokio::time::sleep(PERMIT_POLL).await;
        drop(held);
        live.await.unwrap();
        review.await.unwrap();
        assert_eq!(order.recv().await, Some("live"));
        assert_eq!(order.recv().await, Some("review"));
    }

    /// With `--analysis-threads 3`, a search takes the spare permits there are: 2 threads when 2 permits
    /// are free (its own and one more), 1 when only its own is, 3 (not more) when plenty are; and it gives
    /// them all back at the end.
    #[tokio::test]
    async fn a_search_takes_only_the_permits_that_are_free() {
        let permits = Arc::new(Semaphore::new(4));
        let live = Arc::clone(&permits).acquire_many_owned(2).await.unwrap();
        // 2 free: the review's own and one more.
        let mut own = acquire_after_live_games(&permits).await.unwrap();
        assert_eq!(take_spare_permits(&permits, &mut own, 3), 2);
        assert_eq!(permits.available_permits(), 0);
        drop(own);
        assert_eq!(permits.available_permits(), 2);
        // None free besides its own: one thread.
        let other_live = Arc::clone(&permits).acquire_owned().await.unwrap();
        let mut own = acquire_after_live_games(&permits).await.unwrap();
        assert_eq!(take_spare_permits(&permits, &mut own, 3), 1);
        drop((own, other_live, live));
        // All 4 free: no more than asked for; and 1 (the default) never takes a second.
        let mut own = acquire_after_live_games(&permits).await.unwrap();
        assert_eq!(take_spare_permits(&permits, &mut own, 3), 3);
        drop(own);
        let mut own = acquire_after_live_games(&permits).await.unwrap();
        assert_eq!(take_spare_permits(&permits, &mut own, 1), 1);
        drop(own);
        assert_eq!(permits.available_permits(), 4);
    }

    /// A live game waiting for a permit gets it: the search does not take it as a spare.
    #[tokio::test(start_paused = true)]
    async fn spare_permits_are_not_taken_from_a_waiting_live_game() {
        let permits = Arc::new(Semaphore::new(2));
        let mut own = acquire_after_live_games(&permits).await.unwrap();
        let held = Arc::clone(&permits).acquire_owned().await.unwrap();
        let waiting = {
            let permits = Arc::clone(&permits);
            tokio::spawn(async move { permits.acquire_owned().await.unwrap() })
        };
        tokio::time::sleep(PERMIT_POLL).await;
        drop(held);
        assert_eq!(take_spare_permits(&permits, &mut own, 2), 1);
        drop(waiting.await.unwrap());
    }
}
