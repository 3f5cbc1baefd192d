//! The computer's turn: its search runs on the blocking pool, one of at most `--computer-threads` at once,
//! and answers the room over a channel. A search whose human left is stopped, and started again in full when
//! they are back.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use bao_ai::Level;
use bao_core::{Move, Position};
use sha2::{Digest, Sha256};
use tokio::sync::{mpsc, Semaphore};

use crate::metrics::Metrics;

/// The computer's answer: the ply it thought about and its move (`None` if the search gave none).
pub type Answer = (u64, Option<Move>);

/// The computer player of one room.
#[derive(Debug)]
pub struct Computer {
    level: Level,
    /// Seeds the search: deterministic per game, so a replayed game is played the same way.
    game_seed: u64,
    /// The stop flag of the search while it runs.
    running: Option<Arc<AtomicBool>>,
    tx: mpsc::Sender<Answer>,
    permits: Arc<Semaphore>,
    metrics: Arc<Metrics>,
}

/// How the room should take an answer.
#[derive(Debug, PartialEq, Eq)]
pub enum Taken {
    /// No search was running: a stale answer.
    Stale,
    /// The search was cut short because the human left: think again when they are back.
    Stopped,
    /// A real answer.
    Move(Option<Move>),
}

impl Computer {
    /// The computer of game `game_id` at `level`; answers arrive on the returned receiver.
    pub fn new(
        game_id: &str,
        level: Level,
        permits: Arc<Semaphore>,
        metrics: Arc<Metrics>,
    ) -> (Computer, mpsc::Receiver<Answer>) {
        let (tx, rx) = mpsc::channel(2);
        let digest = Sha256::digest(game_id.as_bytes());
        let mut first = [0u8; 8];
        first.copy_from_slice(&digest[..8]);
        let computer = Computer {
            level,
            game_seed: u64::from_le_bytes(first),
            running: None,
            tx,
            permits,
            metrics,
        };
        (computer, rx)
    }

    /// Whether a search is running.
    pub fn is_thinking(&self) -> bool {
        self.running.is_some()
    }

    /// Starts a search for the move at `ply` of `pos`, when none is running, for at most `budget` (from the
    /// computer's clock) besides its level's own limit.
    pub fn think(&mut self, pos: Position, ply: u64, budget: Option<Duration>) {
        if self.running.is_some() {
            return;
        }
        let stop = Arc::new(AtomicBool::new(false));
        self.running = Some(Arc::clone(&stop));
        let level = self.level;
        let seed = self.game_seed ^ ply;
        let tx = self.tx.clone();
        let permits = Arc::clone(&self.permits);
        let metrics = Arc::clone(&self.metrics);
        tokio::spawn(async move {
            // Wait for a free search slot; a search whose human left meanwhile is not started.
            metrics.computer_searches_waiting.inc();
            let permit = permits.acquire_owned().await;
            metrics.computer_searches_waiting.dec();
            let Ok(permit) = permit else {
                return;
            };
            if stop.load(Ordering::Relaxed) {
                let _ = tx.try_send((ply, None));
                return;
            }
            let _ = tokio::task::spawn_blocking(move || {
                metrics.computer_searches.inc();
                // A panicking search must not leave the room waiting forever: it then plays a fallback move.
                let mv = std::panic::catch_unwind(|| {
                    bao_ai::choose_move_within(&pos, level, seed, Some(stop), budget)
                })
                .ok()
                .flatten();
                metrics.computer_searches.dec();
                drop(permit);
                let _ = tx.try_send((ply, mv));
            })
            .await;
        });
    }

    /// Stops the running search (its human left, or the room closes); its answer will say so.
    pub fn stop(&self) {
        if let Some(stop) = &self.running {
            stop.store(true, Ordering::Relaxed);
        }
    }

    /// Takes an answer off the running search.
    pub fn take(&mut self, mv: Option<Move>) -> Taken {
        match self.running.take() {
            None => Taken::Stale,
            Some(stop) if stop.load(Ordering::Relaxed) => Taken::Stopped,
            Some(_) => Taken::Move(mv),
        }
    }
}
