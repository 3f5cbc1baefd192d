//! The computer's turn: its search runs on the blocking pool, holding one of the computer's CPU permits
//! ([`ComputerPool`], at most `--computer-threads` searches at once), and sends the room its move over a
//! channel. A search whose human left is stopped, and started again in full when they are back.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use bao_ai::Level;
use bao_core::{Move, Position};
use sha2::{Digest, Sha256};
use tokio::sync::mpsc;

use crate::computer_pool::ComputerPool;

/// The computer's move as its search ends: the ply it thought about and its move (`None` if the search gave
/// none).
pub type ComputerMove = (u64, Option<Move>);

/// The computer player of one room.
#[derive(Debug)]
pub struct Computer {
    level: Level,
    /// Seeds the search: deterministic per game, so a replayed game is played the same way.
    game_seed: u64,
    /// The stop flag of the search while it runs.
    running: Option<Arc<AtomicBool>>,
    tx: mpsc::Sender<ComputerMove>,
    pool: ComputerPool,
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
    /// The computer of game `game_id` at `level`, searching with the `pool`'s permits; its moves arrive on
    /// the returned receiver. Its random choices are seeded by the game's id, or by `fixed_seed` when given
    /// (`--computer-seed`).
    pub fn new(
        game_id: &str,
        fixed_seed: Option<u64>,
        level: Level,
        pool: ComputerPool,
    ) -> (Computer, mpsc::Receiver<ComputerMove>) {
        let (tx, rx) = mpsc::channel(2);
        let game_seed = fixed_seed.unwrap_or_else(|| {
            let digest = Sha256::digest(game_id.as_bytes());
            let mut first = [0u8; 8];
            first.copy_from_slice(&digest[..8]);
            u64::from_le_bytes(first)
        });
        let computer = Computer {
            level,
            game_seed,
            running: None,
            tx,
            pool,
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
        let pool = self.pool.clone();
        tokio::spawn(async move {
            // Wait for a free search slot; a search whose human left meanwhile is not started.
            let Ok(permit) = pool.for_live_game().await else {
                return;
            };
            if stop.load(Ordering::Relaxed) {
                let _ = tx.try_send((ply, None));
                return;
            }
            let _ = tokio::task::spawn_blocking(move || {
                let running = pool.live_search_running();
                // A panicking search must not leave the room waiting forever: it then plays a fallback move.
                let mv = std::panic::catch_unwind(|| {
                    bao_ai::choose_move_within(&pos, level, seed, Some(stop), budget)
                })
                .ok()
                .flatten();
                drop(running);
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
