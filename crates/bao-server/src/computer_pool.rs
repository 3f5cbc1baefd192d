//! The computer's CPU: `--computer-threads` permits, one held by every search while it runs (the computer
//! opponents' of live games, the reviews' and the analyses'), so that together they never take more cores
//! than that. The one place of the rules of who gets them:
//!
//! - a live game's search ([`ComputerPool::for_live_game`]) and an analysis ([`ComputerPool::for_analysis`])
//!   wait their turn, first come first served;
//! - a review's search takes a permit only when one is free and nobody waits for it
//!   ([`ComputerPool::after_live_games`]) and gives it back after each position, so a live game's computer
//!   never waits behind more than one position of a review;
//! - a search that may use more threads (Lazy SMP: a review's or an analysis's) takes up to
//!   `--analysis-threads` minus one more permits, only those free at that moment and never while anyone waits
//!   ([`ComputerPool::take_spare`]), and searches with one thread per permit held.
//!
//! In a cluster with a work queue (`--nats-url`, `jobs/`) the searches are jobs there instead, taken by
//! workers ([`ComputerPool::jobs`]); these rules are then the workers' (moves before reviews before analyses).
//!
//! The live games' searches are counted in `bao_computer_searches_waiting` while they wait and in
//! `bao_computer_searches` while they run.

use std::sync::Arc;
use std::time::Duration;

use prometheus_client::metrics::gauge::Gauge;
use tokio::sync::{OwnedSemaphorePermit, Semaphore, TryAcquireError};

use crate::config::Config;
use crate::error::AppError;
use crate::jobs::Jobs;
use crate::metrics::Metrics;

/// How long a review waits before trying again for a permit that live games hold.
const PERMIT_POLL: Duration = Duration::from_millis(20);

/// The computer's CPU permits and their rules (cheap to clone: every clone shares the permits).
#[derive(Clone, Debug)]
pub struct ComputerPool {
    permits: Arc<Semaphore>,
    /// `--analysis-threads`: most threads (permits) one search of a review or an analysis may use.
    analysis_threads: u32,
    /// `bao_computer_searches_waiting`.
    waiting: Gauge,
    /// `bao_computer_searches`.
    running: Gauge,
    /// In a cluster with a work queue: the searches are jobs there, not searched with these permits.
    jobs: Option<Jobs>,
}

/// Permits held by one search: the cores it may use. Dropping it gives them all back.
#[derive(Debug)]
pub struct CpuPermit(OwnedSemaphorePermit);

impl CpuPermit {
    /// How many threads the search may use: one per permit held.
    pub fn threads(&self) -> u32 {
        u32::try_from(self.0.num_permits()).unwrap_or(1)
    }
}

/// Counts a live game's search in `bao_computer_searches` until dropped.
#[derive(Debug)]
pub struct RunningSearch(Gauge);

impl Drop for RunningSearch {
    fn drop(&mut self) {
        self.0.dec();
    }
}

impl ComputerPool {
    /// The pool of `config`'s server (`--computer-threads`, 0 for the number of cores; `--analysis-threads`),
    /// counted in `metrics`.
    pub fn new(config: &Config, metrics: &Metrics) -> ComputerPool {
        let threads = match config.computer_threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            n => n,
        };
        ComputerPool::with_gauges(
            threads,
            config.analysis_threads,
            metrics.computer_searches_waiting.clone(),
            metrics.computer_searches.clone(),
        )
    }

    fn with_gauges(
        threads: usize,
        analysis_threads: u32,
        waiting: Gauge,
        running: Gauge,
    ) -> ComputerPool {
        ComputerPool {
            permits: Arc::new(Semaphore::new(threads)),
            analysis_threads: analysis_threads.max(1),
            waiting,
            running,
            jobs: None,
        }
    }

    /// This pool with its searches sent to the cluster's work queue `jobs` instead, when given.
    pub fn with_jobs(mut self, jobs: Option<Jobs>) -> ComputerPool {
        self.jobs = jobs;
        self
    }

    /// The cluster's work queue, when the searches are jobs there (`jobs/`).
    pub fn jobs(&self) -> Option<&Jobs> {
        self.jobs.as_ref()
    }

    /// A permit for a live game's search, in turn (counted as waiting meanwhile).
    pub async fn for_live_game(&self) -> Result<CpuPermit, AppError> {
        self.waiting.inc();
        let permit = self.in_turn().await;
        self.waiting.dec();
        permit
    }

    /// Counts a live game's search as running until the returned guard is dropped.
    pub fn live_search_running(&self) -> RunningSearch {
        self.running.inc();
        RunningSearch(self.running.clone())
    }

    /// A permit for an analysis, in turn with the live games.
    pub async fn for_analysis(&self) -> Result<CpuPermit, AppError> {
        self.in_turn().await
    }

    async fn in_turn(&self) -> Result<CpuPermit, AppError> {
        Arc::clone(&self.permits)
            .acquire_owned()
            .await
            .map(CpuPermit)
            .map_err(|_| AppError::Unavailable)
    }

    /// A permit taken only while no live game waits for one (a review's): tokio's semaphore hands released
    /// permits to its waiters in order, so `try_acquire` fails as long as anyone is queued.
    pub async fn after_live_games(&self) -> Result<CpuPermit, AppError> {
        loop {
            match Arc::clone(&self.permits).try_acquire_owned() {
                Ok(p) => return Ok(CpuPermit(p)),
                Err(TryAcquireError::Closed) => return Err(AppError::Unavailable),
                Err(TryAcquireError::NoPermits) => tokio::time::sleep(PERMIT_POLL).await,
            }
        }
    }

    /// Adds to `permit` up to `--analysis-threads` minus one more, only those free at once and only while no
    /// live game waits for one (`try_acquire` fails while anyone is queued, as above), and returns how many
    /// threads the search may use: one per permit held.
    pub fn take_spare(&self, permit: &mut CpuPermit) -> u32 {
        self.take_spare_up_to(permit, self.analysis_threads)
    }

    fn take_spare_up_to(&self, permit: &mut CpuPermit, threads: u32) -> u32 {
        let wanted = usize::try_from(threads).unwrap_or(1);
        while permit.0.num_permits() < wanted {
            match Arc::clone(&self.permits).try_acquire_owned() {
                Ok(p) => permit.0.merge(p),
                Err(_) => break,
            }
        }
        permit.threads()
    }

    #[cfg(test)]
    fn available(&self) -> usize {
        self.permits.available_permits()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pool(threads: usize, analysis_threads: u32) -> ComputerPool {
        ComputerPool::with_gauges(
            threads,
            analysis_threads,
            Gauge::default(),
            Gauge::default(),
        )
    }

    #[tokio::test(start_paused = true)]
    async fn a_review_takes_a_permit_only_after_the_live_game_waiting_for_it() {
        let pool = pool(1, 1);
        let held = pool.for_live_game().await.unwrap();
        let (order_tx, mut order) = tokio::sync::mpsc::unbounded_channel();
        let review = {
            let (pool, tx) = (pool.clone(), order_tx.clone());
            tokio::spawn(async move {
                let p = pool.after_live_games().await.unwrap();
                tx.send("review").unwrap();
                drop(p);
            })
        };
        // The review is polling before the live game asks.
        tokio::time::sleep(PERMIT_POLL * 3).await;
        let live = {
            let (pool, tx) = (pool.clone(), order_tx);
            tokio::spawn(async move {
                let p = pool.for_live_game().await.unwrap();
                tx.send("live").unwrap();
                tokio::time::sleep(Duration::from_millis(100)).await;
                drop(p);
            })
        };
        tokio::time::sleep(PERMIT_POLL).await;
        assert_eq!(pool.waiting.get(), 1, "the live game waits, counted");
        drop(held);
        live.await.unwrap();
        review.await.unwrap();
        assert_eq!(order.recv().await, Some("live"));
        assert_eq!(order.recv().await, Some("review"));
        assert_eq!(pool.waiting.get(), 0);
    }

    /// With `--analysis-threads 3`, a search takes the spare permits there are: 2 threads when 2 permits
    /// are free (its own and one more), 1 when only its own is, 3 (not more) when plenty are; and it gives
    /// them all back at the end.
    #[tokio::test]
    async fn a_search_takes_only_the_permits_that_are_free() {
        let pool = pool(4, 3);
        let live = [
            pool.for_live_game().await.unwrap(),
            pool.for_live_game().await.unwrap(),
        ];
        // 2 free: the review's own and one more.
        let mut own = pool.after_live_games().await.unwrap();
        assert_eq!(pool.take_spare(&mut own), 2);
        assert_eq!(pool.available(), 0);
        drop(own);
        assert_eq!(pool.available(), 2);
        // None free besides its own: one thread.
        let other_live = pool.for_live_game().await.unwrap();
        let mut own = pool.after_live_games().await.unwrap();
        assert_eq!(pool.take_spare(&mut own), 1);
        drop((own, other_live, live));
        // All 4 free: no more than asked for; and 1 (the default) never takes a second.
        let mut own = pool.after_live_games().await.unwrap();
        assert_eq!(pool.take_spare(&mut own), 3);
        drop(own);
        let mut own = pool.after_live_games().await.unwrap();
        assert_eq!(pool.take_spare_up_to(&mut own, 1), 1);
        drop(own);
        assert_eq!(pool.available(), 4);
    }

    /// A live game waiting for a permit gets it: the search does not take it as a spare.
    #[tokio::test(start_paused = true)]
    async fn spare_permits_are_not_taken_from_a_waiting_live_game() {
        let pool = pool(2, 2);
        let mut own = pool.after_live_games().await.unwrap();
        let held = pool.for_live_game().await.unwrap();
        let waiting = {
            let pool = pool.clone();
            tokio::spawn(async move { pool.for_live_game().await.unwrap() })
        };
        tokio::time::sleep(PERMIT_POLL).await;
        drop(held);
        assert_eq!(pool.take_spare(&mut own), 1);
        drop(waiting.await.unwrap());
    }

    #[test]
    fn a_running_search_is_counted_until_it_ends() {
        let pool = pool(1, 1);
        let running = pool.live_search_running();
        assert_eq!(pool.running.get(), 1);
        drop(running);
        assert_eq!(pool.running.get(), 0);
    }
}
