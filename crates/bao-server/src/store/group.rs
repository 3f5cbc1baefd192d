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

use sqlx::SqliteConnection;
use tokio::sync::{mpsc, oneshot};

use bao_core::Side;

use super::{unix_now, ClockRow, MoveWrite, Store};
use crate::error::AppError;
use crate::protocol::{Outcome, Status};

/// Most moves in one transaction: a bound on how long one commit holds the writer.
const MAX_BATCH: usize = 1024;
/// Moves queued for the writer; a room has at most one move in flight, so this bounds only a burst.
pub(super) const QUEUE: usize = 16 * 1024;

/// A move on its way to the writer task, with the room's answer.
#[derive(Debug)]
pub(super) struct MoveJob {
    game: String,
    ply: i64,
    notation: String,
    move_v: i64,
    game_v: i64,
    status: Status,
    result: Option<Outcome>,
    clock: Option<ClockRow>,
    reply: oneshot::Sender<Result<(), AppError>>,
}

impl MoveJob {
    /// The job for move `m` of game `game`; the answer comes on the returned receiver.
    pub(super) fn new(
        game: &str,
        m: &MoveWrite<'_>,
    ) -> (MoveJob, oneshot::Receiver<Result<(), AppError>>) {
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
    let mut w = match store.writer(&what).await {
        Ok(w) => w,
        Err(e) => return answer_all(jobs, &e),
    };
    let r = write(&mut w.conn, &jobs).await;
    match r {
        Ok(()) => {
            let _ = store.settle(w, &what, Ok(()));
            store.move_commits.fetch_add(1, Ordering::Relaxed);
            for j in jobs {
                // A room that stopped waiting (shut down) needs no answer.
                let _ = j.reply.send(Ok(()));
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

/// Rows per multi-row statement: 8 parameters a row, well below SQLite's 32,766.
const ROWS_PER_STATEMENT: usize = 256;

/// The moves and their games' rows, in one transaction.
///
/// Each statement is a hand-off to sqlx's SQLite thread and back (two thread switches), which costs more
/// than the SQL itself: so the rows go in multi-row statements, a few per batch rather than two per move.
async fn write(conn: &mut SqliteConnection, jobs: &[MoveJob]) -> Result<(), sqlx::Error> {
    use sqlx::Connection;
    let t = unix_now();
    let mut tx = conn.begin().await?;
    // `UPDATE … FROM` takes one row per game: a game with two moves in the batch (a room waits for its
    // move's answer, so this does not happen) is written a move at a time.
    let mut games: Vec<&str> = jobs.iter().map(|j| j.game.as_str()).collect();
    games.sort_unstable();
    let chunk = if games.windows(2).any(|w| w[0] == w[1]) {
        1
    } else {
        ROWS_PER_STATEMENT
    };
    for part in jobs.chunks(chunk) {
        let insert = insert_sql(part.len());
        let mut q = sqlx::query(&insert);
        for m in part {
            q = q
                .bind(&m.game)
                .bind(m.ply)
                .bind(&m.notation)
                .bind(m.move_v)
                .bind(t)
                .bind(m.clock.map(|c| c.south_ms))
                .bind(m.clock.map(|c| c.north_ms))
                .bind(m.clock.map(|c| c.at));
        }
        q.execute(&mut *tx).await?;
        let update = update_sql(part.len());
        let mut q = sqlx::query(&update).bind(t);
        for m in part {
            q = q
                .bind(&m.game)
                .bind(m.status.name())
                .bind(m.result.and_then(|r| r.winner).map(Side::name))
                .bind(m.result.map(|r| r.reason.name()))
                .bind(m.game_v);
        }
        q.execute(&mut *tx).await?;
    }
    tx.commit().await
}

/// `INSERT INTO moves` of `rows` rows (8 parameters each).
///
/// Anonymous `?` parameters, not `$N`: sqlx looks each numbered one up by name, and SQLite's name lookup
/// walks the statement's list, so a statement of n numbered parameters cost n² (measured: a tenth of the
/// server's time at 256 rows).
fn insert_sql(rows: usize) -> String {
    let mut sql = String::from(
        "INSERT INTO moves (game_id, ply, notation, v, played_at, south_ms, north_ms, clock_at) VALUES ",
    );
    push_rows(&mut sql, rows, 8);
    sql
}

/// `UPDATE games` of `rows` games: the time, then 5 parameters a game (id, status, winner, reason, version).
fn update_sql(rows: usize) -> String {
    let mut sql = String::from(
        "UPDATE games SET status = u.column2, result_winner = u.column3, result_reason = u.column4, \
         v = u.column5, updated_at = ? FROM (VALUES ",
    );
    push_rows(&mut sql, rows, 5);
    sql.push_str(") AS u WHERE games.id = u.column1");
    sql
}

/// `rows` rows of `width` anonymous parameters.
fn push_rows(sql: &mut String, rows: usize, width: usize) {
    for r in 0..rows {
        if r > 0 {
            sql.push_str(", ");
        }
        sql.push('(');
        for i in 0..width {
            sql.push_str(if i == 0 { "?" } else { ", ?" });
        }
        sql.push(')');
    }
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

/// Gives every job the same failure.
fn answer_all(jobs: Vec<MoveJob>, e: &AppError) {
    for j in jobs {
        let _ = j.reply.send(Err(copy(e)));
    }
}

/// The same answer again (errors are not `Clone`: they may hold a source).
fn copy(e: &AppError) -> AppError {
    match e {
        AppError::NotSaved(d) => AppError::NotSaved(d.clone()),
        AppError::Internal(d) => AppError::Internal(d.clone()),
        other => AppError::NotSaved(other.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::SeatKind;
    use crate::store::GameRow;
    use bao_core::Variant;

    async fn store_with_games(n: usize) -> (tempfile::TempDir, Store, Vec<String>) {
        let dir = tempfile::tempdir().expect("temp dir");
        let store = Store::open(dir.path()).await.expect("open");
        let mut ids = Vec::new();
        for _ in 0..n {
            let g = GameRow::new(
                Variant::Kujifunza,
                [SeatKind::Human, SeatKind::Human],
                [None, None],
                None,
            );
            store.insert_game(&g).await.expect("game");
            ids.push(g.id);
        }
        (dir, store, ids)
    }

    fn write(ply: i64, notation: &str) -> MoveWrite<'_> {
        MoveWrite {
            ply,
            notation,
            move_v: ply + 1,
            game_v: ply + 1,
            status: Status::Playing,
            result: None,
            clock: None,
        }
    }

    async fn stored(store: &Store, id: &str) -> Vec<String> {
        let (_, moves) = store.load(id).await.expect("load").expect("game");
        moves.into_iter().map(|m| m.notation).collect()
    }

    #[tokio::test]
    async fn a_refused_row_fails_alone_and_the_rest_of_its_batch_is_committed() {
        let (_dir, store, ids) = store_with_games(2).await;
        let (a, b) = (&ids[0], &ids[1]);
        let mut jobs = Vec::new();
        let mut answers = Vec::new();
        for (game, m) in [
            (a.as_str(), write(0, "A1R")),
            (b.as_str(), write(0, "A2R")),
            // The same ply again: the primary key refuses it.
            (a.as_str(), write(0, "A3R")),
            // No such game: the foreign key refuses it.
            ("no-such-game", write(0, "A4R")),
            (b.as_str(), write(1, "B5")),
        ] {
            let (job, rx) = MoveJob::new(game, &m);
            jobs.push(job);
            answers.push(rx);
        }
        commit(&store, jobs).await;
        let mut got = Vec::new();
        for rx in answers {
            got.push(rx.await.expect("every move is answered"));
        }
        assert!(
            got[0].is_ok() && got[1].is_ok() && got[4].is_ok(),
            "{got:?}"
        );
        assert!(matches!(got[2], Err(AppError::Internal(_))), "{got:?}");
        assert!(matches!(got[3], Err(AppError::Internal(_))), "{got:?}");
        assert_eq!(stored(&store, a).await, ["A1R"]);
        assert_eq!(stored(&store, b).await, ["A2R", "B5"]);
        // The writer works on after the refusal.
        store
            .insert_move(a, &write(1, "a6L"))
            .await
            .expect("next move");
        assert_eq!(stored(&store, a).await, ["A1R", "a6L"]);
    }

    #[tokio::test]
    async fn a_batch_writes_each_game_its_own_status_result_and_version() {
        use crate::protocol::Reason;
        let (_dir, store, ids) = store_with_games(3).await;
        let won = Outcome::win(Side::North, Reason::NoLegalMove);
        let drawn = Outcome::draw(bao_core::DrawRule::Repetition);
        let writes = [
            (0, Status::Playing, None, 7),
            (1, Status::Finished, Some(won), 12),
            (2, Status::Finished, Some(drawn), 30),
        ];
        let mut answers = Vec::new();
        let mut jobs = Vec::new();
        for (i, status, result, v) in writes {
            let m = MoveWrite {
                ply: 0,
                notation: "A1R",
                move_v: v - 1,
                game_v: v,
                status,
                result,
                clock: None,
            };
            let (job, rx) = MoveJob::new(&ids[i], &m);
            jobs.push(job);
            answers.push(rx);
        }
        commit(&store, jobs).await;
        for rx in answers {
            rx.await.expect("answered").expect("stored");
        }
        for (i, status, result, v) in writes {
            let (row, moves) = store.load(&ids[i]).await.expect("load").expect("game");
            assert_eq!(
                (row.status, row.result, row.v),
                (status, result, v),
                "game {i}"
            );
            assert_eq!(moves.len(), 1);
            assert_eq!(moves[0].v, v - 1);
        }
    }

    #[tokio::test]
    async fn moves_waiting_together_share_one_commit() {
        let n = 200;
        let (_dir, store, ids) = store_with_games(n).await;
        let before = store.move_commits();
        let all = ids
            .iter()
            .map(|id| {
                let store = store.clone();
                let id = id.clone();
                tokio::spawn(async move { store.insert_move(&id, &write(0, "A1R")).await })
            })
            .collect::<Vec<_>>();
        for t in all {
            t.await.expect("task").expect("every move is stored");
        }
        let commits = store.move_commits() - before;
        // On this single-threaded runtime every task has queued its move before the writer first runs.
        assert!(commits < n as u64 / 10, "{n} moves took {commits} commits");
        for id in &ids {
            assert_eq!(stored(&store, id).await, ["A1R"]);
        }
    }
}
