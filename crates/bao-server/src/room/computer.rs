//! The computer's turn: its search runs on the blocking pool, holding one of the computer's CPU permits
//! ([`ComputerPool`], at most `--computer-threads` searches at once), and sends the room its move over a
//! channel. A search whose human left is stopped, and started again in full when they are back.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use bao_ai::Level;
use bao_core::{Move, Position};
use sha2::{Digest, Sha256};
use tokio::sync::{mpsc, Notify};

use crate::computer_pool::ComputerPool;
use crate::jobs::wire::position_json;
use crate::jobs::{Jobs, Kind, Outcome, Task};

/// How long a game's move job is waited for before it is queued again (its answer lost: the node that
/// asked restarted, or NATS lost it); workers drop it once this is past.
const MOVE_DEADLINE: Duration = Duration::from_secs(60);

/// How long the computer waits before queueing its move again after NATS refused it.
const REQUEUE: Duration = Duration::from_secs(1);

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
    /// Wakes a search waiting for its job's answer when it is stopped (in a cluster: `jobs/`).
    stopped: Arc<Notify>,
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
            stopped: Arc::new(Notify::new()),
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
        if let Some(jobs) = pool.jobs() {
            let task = Task::Move {
                position: position_json(&pos),
                level: level.name().to_owned(),
                seed,
                budget_ms: budget.map(|b| u64::try_from(b.as_millis()).unwrap_or(u64::MAX)),
            };
            let (jobs, stopped) = (jobs.clone(), Arc::clone(&self.stopped));
            tokio::spawn(think_as_job(jobs, task, ply, tx, stop, stopped));
            return;
        }
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
            self.stopped.notify_waiters();
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

/// The computer's move at `ply` as a job on the cluster's queue (`jobs/`): queued, and queued again should
/// its answer not come by its deadline, until it comes or the search is stopped (`stop`, woken by
/// `stopped`), which answers at once (the room then thinks again or drops it, as with a local search).
async fn think_as_job(
    jobs: Jobs,
    task: Task,
    ply: u64,
    tx: mpsc::Sender<ComputerMove>,
    stop: Arc<AtomicBool>,
    stopped: Arc<Notify>,
) {
    loop {
        let woken = stopped.notified();
        tokio::pin!(woken);
        woken.as_mut().enable();
        if stop.load(Ordering::Relaxed) {
            let _ = tx.try_send((ply, None));
            return;
        }
        tokio::select! {
            done = jobs.run(Kind::Move, task.clone(), MOVE_DEADLINE) => match done {
                Ok(done) => {
                    let mv = match done.outcome {
                        Outcome::Move { mv } => mv,
                        other => {
                            tracing::error!("a move job answered {other:?}");
                            None
                        }
                    };
                    let _ = tx.try_send((ply, mv));
                    return;
                }
                Err(e) => {
                    tracing::warn!("the computer's move job: {}; queued again", e.detail());
                    tokio::select! {
                        () = tokio::time::sleep(REQUEUE) => {}
                        () = &mut woken => {}
                    }
                }
            },
            () = &mut woken => {}
        }
    }
}
