//! The reads and writes of games and moves, the same SQL on both backends (`db.rs`).

use sqlx::Connection;

use bao_core::Side;
use bao_protocol::{Outcome, Status};

use super::db::{on_conn, on_reader, required, Cols};
use super::group::MoveJob;
use super::lease::{self, FenceCheck};
use super::rows::{game_row, insert_game_row};
use super::StoreError;
use super::{group, unix_now, ClockRow, GameRow, MoveRow, MoveWrite, Store};

/// A write of game `$id` in one transaction `$tx` that first checks the game's fencing number (`lease.rs`):
/// `$body`'s statements run only while this node holds the game. Evaluates to the write's result.
macro_rules! fenced {
    ($store:expr, $id:expr, $what:expr, $tx:ident => $body:block) => {{
        let fence = $store.fence_of($id);
        let mut w = $store.writer(&$what).await?;
        let r = on_conn!(&mut w.conn, c => async {
            let mut $tx = c.begin().await?;
            FenceCheck::check_fence(&mut *$tx, $id, fence).await?;
            $body
            $tx.commit().await
        }
        .await);
        if r.as_ref().is_err_and(lease::is_lost) {
            $store.lose($id, fence);
        }
        $store.settle(w, &$what, r)
    }};
}

impl Store {
    /// Inserts a new game.
    pub async fn insert_game(&self, g: &GameRow) -> Result<(), StoreError> {
        let what = format!("store new game {}", g.id);
        let mut w = self.writer(&what).await?;
        let r = on_conn!(&mut w.conn, c => insert_game_row!(c, g));
        self.settle(w, &what, r)
    }

    /// Inserts a finished game with its moves, in one transaction (a game played elsewhere and brought in,
    /// `POST /api/games/import`): move `i` gets the event version `i + 1`, and `g.v` should be past the last.
    pub async fn insert_finished_game(
        &self,
        g: &GameRow,
        moves: &[String],
    ) -> Result<(), StoreError> {
        let what = format!("store the imported game {}", g.id);
        let mut w = self.writer(&what).await?;
        let now = unix_now();
        let r = on_conn!(&mut w.conn, c => async {
            let mut tx = c.begin().await?;
            insert_game_row!(&mut *tx, g)?;
            for (i, notation) in moves.iter().enumerate() {
                let ply = i as i64;
                sqlx::query(
                    "INSERT INTO moves (game_id, ply, notation, v, played_at) VALUES ($1, $2, $3, $4, $5)",
                )
                .bind(&g.id)
                .bind(ply)
                .bind(notation)
                .bind(ply + 1)
                .bind(now)
                .execute(&mut *tx)
                .await?;
            }
            tx.commit().await
        }
        .await);
        self.settle(w, &what, r)
    }

    /// Records a rematch: inserts the new game and links the old one to it, in one transaction.
    pub async fn insert_rematch(
        &self,
        old_id: &str,
        v: i64,
        new: &GameRow,
    ) -> Result<(), StoreError> {
        let what = format!("store the rematch {} of game {old_id}", new.id);
        fenced!(self, old_id, what, tx => {
            insert_game_row!(&mut *tx, new)?;
            sqlx::query(
                "UPDATE games SET rematch_game = $1, v = $2, updated_at = $3 WHERE id = $4",
            )
            .bind(&new.id)
            .bind(v)
            .bind(unix_now())
            .bind(old_id)
            .execute(&mut *tx)
            .await?;
        })
    }

    /// Claims a seat: stores the token hash, the player who took it (if one did) and the new status.
    pub async fn claim_seat(
        &self,
        id: &str,
        seat: Side,
        token_hash: &str,
        player: Option<&str>,
        status: Status,
        v: i64,
    ) -> Result<(), StoreError> {
        // Column names cannot be parameters; the two statements are fixed strings.
        let sql = match seat {
            Side::South => "UPDATE games SET south_token_hash = $1, south_player = $2, status = $3, v = $4, updated_at = $5 WHERE id = $6",
            Side::North => "UPDATE games SET north_token_hash = $1, north_player = $2, status = $3, v = $4, updated_at = $5 WHERE id = $6",
        };
        let what = format!("store a seat of game {id}");
        fenced!(self, id, what, tx => {
            sqlx::query(sql)
                .bind(token_hash)
                .bind(player)
                .bind(status.name())
                .bind(v)
                .bind(unix_now())
                .bind(id)
                .execute(&mut *tx)
                .await?;
        })
    }

    /// Stores an accepted move and the game's new status/result, in one transaction, which it may share with
    /// the moves of other games waiting at the same time (group commit, `group.rs`). Returns once that
    /// transaction is committed.
    pub async fn insert_move(&self, id: &str, m: &MoveWrite<'_>) -> Result<(), StoreError> {
        let (mut job, answer) = MoveJob::new(id, m);
        job.fence = self.fence_of(id);
        match &self.moves {
            Some(writer) => {
                if writer.send(job).await.is_err() {
                    return Err(StoreError::WriterStopped);
                }
            }
            None => group::commit(self, vec![job]).await,
        }
        answer.await.unwrap_or(Err(StoreError::WriterStopped))
    }

    /// Ends a game without a move (resignation).
    pub async fn finish(&self, id: &str, result: Outcome, v: i64) -> Result<(), StoreError> {
        let what = format!("store the end of game {id}");
        fenced!(self, id, what, tx => {
            sqlx::query(
                "UPDATE games SET status = 'finished', result_winner = $1, result_reason = $2, v = $3, \
                 updated_at = $4 WHERE id = $5",
            )
            .bind(result.winner.map(Side::name))
            .bind(result.reason.name())
            .bind(v)
            .bind(unix_now())
            .bind(id)
            .execute(&mut *tx)
            .await?;
        })
    }

    /// Undoes the moves of game `id` from ply `ply` on (an agreed takeback), in one transaction: deletes them,
    /// stores `clock` as the clock after the move before (if any), and the game's version `v`.
    pub async fn undo(
        &self,
        id: &str,
        ply: i64,
        v: i64,
        clock: Option<ClockRow>,
    ) -> Result<(), StoreError> {
        let what = format!("take back the moves of game {id} from ply {ply}");
        fenced!(self, id, what, tx => {
            sqlx::query("DELETE FROM moves WHERE game_id = $1 AND ply >= $2")
                .bind(id)
                .bind(ply)
                .execute(&mut *tx)
                .await?;
            if let Some(c) = clock {
                sqlx::query(
                    "UPDATE moves SET south_ms = $1, north_ms = $2, clock_at = $3 \
                     WHERE game_id = $4 AND ply = $5",
                )
                .bind(c.south_ms)
                .bind(c.north_ms)
                .bind(c.at)
                .bind(id)
                .bind(ply - 1)
                .execute(&mut *tx)
                .await?;
            }
            sqlx::query(
                "UPDATE games SET status = 'playing', result_winner = NULL, result_reason = NULL, \
                 v = $1, updated_at = $2 WHERE id = $3",
            )
            .bind(v)
            .bind(unix_now())
            .bind(id)
            .execute(&mut *tx)
            .await?;
        })
    }

    /// Remembers the event version when a room leaves memory in good order (presence events are not
    /// written one by one).
    pub async fn close_version(&self, id: &str, v: i64) -> Result<(), StoreError> {
        let what = format!("store the version of game {id}");
        fenced!(self, id, what, tx => {
            sqlx::query("UPDATE games SET v = $1, closed_v = $1 WHERE id = $2 AND v <= $1")
                .bind(v)
                .bind(id)
                .execute(&mut *tx)
                .await?;
        })
    }

    /// Raises the stored version (while the room lives, so that a crash loses only a bounded number).
    pub async fn raise_version(&self, id: &str, v: i64) -> Result<(), StoreError> {
        let what = format!("store the version of game {id}");
        fenced!(self, id, what, tx => {
            sqlx::query("UPDATE games SET v = $1 WHERE id = $2 AND v < $1")
                .bind(v)
                .bind(id)
                .execute(&mut *tx)
                .await?;
        })
    }

    /// Loads a game and its moves in order, or `None` if there is no such game.
    pub async fn load(&self, id: &str) -> Result<Option<(GameRow, Vec<MoveRow>)>, StoreError> {
        on_reader!(&self.db, p => {
            let row = sqlx::query(
                "SELECT g.id, g.variant, g.created_at, g.south_kind, g.north_kind, g.south_token_hash, \
                 g.north_token_hash, g.level, g.status, g.result_winner, g.result_reason, g.v, \
                 g.rematch_of, g.rematch_game, g.closed_v, g.clock, g.listed, g.rated, \
                 g.south_player, sp.name AS south_name, sp.deleted_at AS south_deleted, \
                 sr.rating AS south_rating, \
                 g.north_player, np.name AS north_name, np.deleted_at AS north_deleted, \
                 nr.rating AS north_rating \
                 FROM games g LEFT JOIN players sp ON sp.id = g.south_player \
                 LEFT JOIN players np ON np.id = g.north_player \
                 LEFT JOIN ratings sr ON sr.player_id = g.south_player AND sr.variant = g.variant \
                 LEFT JOIN ratings nr ON nr.player_id = g.north_player AND nr.variant = g.variant \
                 WHERE g.id = $1",
            )
            .bind(id)
            .fetch_optional(p)
            .await
            .map_err(StoreError::from)?;
            let Some(row) = row else { return Ok(None) };
            let game = game_row(&row)?;
            let rows = sqlx::query(
                "SELECT ply, notation, v, south_ms, north_ms, clock_at FROM moves WHERE game_id = $1 \
                 ORDER BY ply",
            )
            .bind(id)
            .fetch_all(p)
            .await
            .map_err(StoreError::from)?;
            let moves = rows.iter().map(move_row).collect::<Result<Vec<_>, _>>()?;
            Ok(Some((game, moves)))
        })
    }

    /// Whether game `id` exists (without loading it).
    pub async fn exists(&self, id: &str) -> Result<bool, StoreError> {
        on_reader!(&self.db, p => sqlx::query("SELECT 1 FROM games WHERE id = $1")
            .bind(id)
            .fetch_optional(p)
            .await
            .map(|row| row.is_some())
            .map_err(StoreError::from))
    }

    /// The version of the `moved` event of move `ply` of game `id` and the clock after it, if it is stored.
    pub async fn move_version(
        &self,
        id: &str,
        ply: i64,
    ) -> Result<Option<(i64, Option<ClockRow>)>, StoreError> {
        on_reader!(&self.db, p => {
            let row = sqlx::query(
                "SELECT v, south_ms, north_ms, clock_at FROM moves WHERE game_id = $1 AND ply = $2",
            )
            .bind(id)
            .bind(ply)
            .fetch_optional(p)
            .await
            .map_err(StoreError::from)?;
            match row {
                Some(r) => Ok(Some((required(r.int("v")?, "v")?, clock_row(&r)?))),
                None => Ok(None),
            }
        })
    }

    /// Ids of the games being played with a clock, for loading them back at start-up.
    pub async fn clocked_unfinished(&self) -> Result<Vec<String>, StoreError> {
        self.ids(
            "SELECT id FROM games WHERE status = 'playing' AND clock IS NOT NULL ORDER BY updated_at DESC",
        )
        .await
    }

    /// Ids of the games that are not finished, for loading them back at start-up.
    pub async fn unfinished(&self) -> Result<Vec<String>, StoreError> {
        self.ids("SELECT id FROM games WHERE status <> 'finished' ORDER BY updated_at DESC")
            .await
    }

    /// The `id` column of the rows of `sql`.
    async fn ids(&self, sql: &'static str) -> Result<Vec<String>, StoreError> {
        on_reader!(&self.db, p => {
            let rows = sqlx::query(sql).fetch_all(p).await.map_err(StoreError::from)?;
            rows.iter().map(|r| required(r.text("id")?, "id")).collect()
        })
    }
}

/// A `moves` row.
fn move_row(r: &impl Cols) -> Result<MoveRow, StoreError> {
    Ok(MoveRow {
        ply: required(r.int("ply")?, "ply")?,
        notation: required(r.text("notation")?, "notation")?,
        v: required(r.int("v")?, "v")?,
        clock: clock_row(r)?,
    })
}

/// The clock stored with a move, if any.
fn clock_row(r: &impl Cols) -> Result<Option<ClockRow>, StoreError> {
    Ok(
        match (r.int("south_ms")?, r.int("north_ms")?, r.int("clock_at")?) {
            (Some(south_ms), Some(north_ms), Some(at)) => Some(ClockRow {
                south_ms,
                north_ms,
                at,
            }),
            _ => None,
        },
    )
}
