//! Group commit: the moves of every room go to one writer task, which commits all the moves waiting in one
//! transaction and answers each room only after the commit that holds its move.
//!
//! A commit costs far more than the rows in it (the WAL append and the hand-offs to sqlx's SQLite thread), so
//! sharing it is what lets one writer keep up with thousands of moves a second. There is no batching delay:
//! the task takes whatever is waiting when it is free, so under light load a batch is one move and a move
//! waits for nothing but its own commit.
//!
//! A failed batch loses and mis-acknowledges nothing: nothing of it is committed (the writer connection is
//! closed, which rolls the transaction back), and every move in it gets an answer of its own. When a row was
//! refused (a constraint: one bad move), the moves are written again one by one, so that only the bad one
//! fails; when the database could not take the write (a full disk, an I/O error), each gets `unavailable`.

use std::sync::atomic::Ordering;

use bao_protocol::{Outcome, Status};
use tokio::sync::{mpsc, oneshot};

use super::db::Conn;
use super::StoreError;
use super::{unix_now, ClockRow, MoveWrite, Store};

/// How long a batch may take on PostgreSQL to get the writer and run its statements, up to its COMMIT: past
/// it, its moves are answered `unavailable` (issue 31: a frozen PostgreSQL left moves unanswered for 30 s).
///
/// Only what comes before the COMMIT is cut short: the connection is then closed with the transaction open,
/// which PostgreSQL rolls back whenever it reads on, so "nothing was changed" stays true. A COMMIT already sent
/// has an outcome the server cannot know until the database answers, so it is waited for. SQLite, a file of
/// this machine, has no such cut: its writes end (or fail) by themselves.
pub(super) const PG_WRITE_DEADLINE: std::time::Duration = std::time::Duration::from_secs(2);

/// The error of a write cut short at its deadline.
pub(super) fn no_answer(within: std::time::Duration) -> sqlx::Error {
    sqlx::Error::Io(std::io::Error::new(
        std::io::ErrorKind::TimedOut,
        format!(
            "the database gave no answer within {} s",
            within.as_secs_f64()
        ),
    ))
}

/// Most moves in one transaction: a bound on how long one commit holds the writer.
const MAX_BATCH: usize = 1024;
/// Moves queued for the writer; a room has at most one move in flight, so this bounds only a burst.
pub(super) const QUEUE: usize = 16 * 1024;

/// A move on its way to the writer task, with the room's answer.
#[derive(Debug)]
pub(super) struct MoveJob {
    pub(super) game: String,
    pub(super) ply: i64,
    pub(super) notation: String,
    pub(super) move_v: i64,
    pub(super) game_v: i64,
    pub(super) status: Status,
    pub(super) result: Option<Outcome>,
    pub(super) clock: Option<ClockRow>,
    /// The game's fencing number, with leases (`lease.rs`).
    pub(super) fence: Option<i64>,
    reply: oneshot::Sender<Result<(), StoreError>>,
}

impl MoveJob {
    /// The job for move `m` of game `game`; the answer comes on the returned receiver.
    pub(super) fn new(
        game: &str,
        m: &MoveWrite<'_>,
    ) -> (MoveJob, oneshot::Receiver<Result<(), StoreError>>) {
        let (reply, rx) = oneshot::channel();
        let job = MoveJob {
            game: game.to_owned(),
            ply: m.ply,
            notation: m.notation.to_owned(),
            move_v: m.move_v,
            game_v: m.game_v,
            status: m.status,
            result: m.result,
            clock: m.clock,
            fence: None,
            reply,
        };
        (job, rx)
    }
}

/// Starts the writer task; it ends when every sender is gone. `store` must write moves itself (it is the
/// store without a writer task).
pub(super) fn start(store: Store) -> mpsc::Sender<MoveJob> {
    let (tx, rx) = mpsc::channel(QUEUE);
    tokio::spawn(run(store, rx));
    tx
}

async fn run(store: Store, mut rx: mpsc::Receiver<MoveJob>) {
    let mut batch = Vec::with_capacity(MAX_BATCH);
    while rx.recv_many(&mut batch, MAX_BATCH).await > 0 {
        commit(&store, std::mem::take(&mut batch)).await;
        batch.reserve(MAX_BATCH);
    }
}

/// Commits `jobs` in one transaction and answers each.
pub(super) async fn commit(store: &Store, jobs: Vec<MoveJob>) {
    let what = match jobs.as_slice() {
        [one] => format!("store move {} of game {}", one.ply, one.game),
        many => format!("store {} moves", many.len()),
    };
    let deadline = tokio::time::Instant::now() + PG_WRITE_DEADLINE;
    let started = std::time::Instant::now();
    let writer = store.writer(&what);
    let got = if store.is_postgres() {
        // A database that gives no connection in time is an outage for the clocks, from when it was asked.
        tokio::time::timeout_at(deadline, writer)
            .await
            .unwrap_or_else(|_| {
                Err(store.failed_since(&what, no_answer(PG_WRITE_DEADLINE), started))
            })
    } else {
        writer.await
    };
    let mut w = match got {
        Ok(w) => w,
        Err(e) => return answer_all(jobs, &e),
    };
    let r = write(&mut w.conn, &jobs, deadline).await;
    match r {
        Ok(fenced_out) => {
            let _ = store.settle(w, &what, Ok(()));
            store.move_commits.fetch_add(1, Ordering::Relaxed);
            for (i, j) in jobs.into_iter().enumerate() {
                let answer = if fenced_out.contains(&i) {
                    // Another node owns the game now (`lease.rs`): this move was not written.
                    store.lose(&j.game, j.fence);
                    Err(StoreError::LeaseLost {
                        what: format!("store move {} of game {}", j.ply, j.game),
                    })
                } else {
                    Ok(())
                };
                // A room that stopped waiting (shut down) needs no answer.
                let _ = j.reply.send(answer);
            }
        }
        Err(e) if jobs.len() > 1 && refused_row(&e) => {
            // One move was refused (a bug of ours, or a row already there): the others must not pay for it.
            drop(w);
            tracing::warn!(
                "a batch of {} moves was refused ({e}); writing them one by one",
                jobs.len()
            );
            for j in jobs {
                Box::pin(commit(store, vec![j])).await;
            }
        }
        Err(e) => {
            let e = store.settle(w, &what, Err::<(), _>(e));
            if let Err(e) = e {
                answer_all(jobs, &e);
            }
        }
    }
}

/// The moves and their games' rows, in one transaction (multi-row statements: `sqlite.rs`, `postgres.rs`).
/// Returns the indices of the moves left out because their game's lease moved to another node.
/// On PostgreSQL, what comes before the COMMIT must be done by `deadline` ([`PG_WRITE_DEADLINE`]).
async fn write(
    conn: &mut Conn,
    jobs: &[MoveJob],
    deadline: tokio::time::Instant,
) -> Result<Vec<usize>, sqlx::Error> {
    let t = unix_now();
    match conn {
        Conn::Sqlite(c) => super::sqlite::write_moves(c, jobs, t)
            .await
            .map(|()| Vec::new()),
        Conn::Postgres(c) => super::postgres::write_moves(c, jobs, t, deadline).await,
    }
}

/// Whether two of `jobs` are moves of the same game.
pub(super) fn repeats_a_game<'a>(jobs: impl IntoIterator<Item = &'a MoveJob>) -> bool {
    let mut games: Vec<&str> = jobs.into_iter().map(|j| j.game.as_str()).collect();
    games.sort_unstable();
    games.windows(2).any(|w| w[0] == w[1])
}

/// Whether the database refused a row (a constraint), rather than the write as a whole.
pub(super) fn refused_row(e: &sqlx::Error) -> bool {
    use sqlx::error::ErrorKind;
    matches!(e, sqlx::Error::Database(d) if matches!(
        d.kind(),
        ErrorKind::UniqueViolation
            | ErrorKind::ForeignKeyViolation
            | ErrorKind::NotNullViolation
            | ErrorKind::CheckViolation
    ))
}

/// Gives every job the same failure (its database error shared: `DbError`).
fn answer_all(jobs: Vec<MoveJob>, e: &StoreError) {
    for j in jobs {
        let _ = j.reply.send(Err(e.clone()));
    }
}
