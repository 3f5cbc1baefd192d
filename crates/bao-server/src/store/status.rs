//! The read behind `POST /api/games/status`: several games' public facts in one query.

use bao_core::{Side, Variant};
use sqlx::Row;

use super::Store;
use crate::error::AppError;
use crate::protocol::{GameStatus, Outcome, Reason, Status};
use crate::room::clock::{Clock, TimeControl};

impl Store {
    /// The status of each game of `ids` that exists, in the order of `ids`. Their clocks are measured now.
    pub async fn statuses(&self, ids: &[&str]) -> Result<Vec<GameStatus>, AppError> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let marks = vec!["?"; ids.len()].join(", ");
        // The number of moves and the last move's clock (the clock after it) of each game.
        let sql = format!(
            "SELECT g.id, g.variant, g.status, g.result_winner, g.result_reason, g.clock, \
             (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id) AS n, \
             l.south_ms, l.north_ms, l.clock_at \
             FROM games g LEFT JOIN moves l ON l.game_id = g.id \
             AND l.ply = (SELECT MAX(ply) FROM moves WHERE game_id = g.id) \
             WHERE g.id IN ({marks})"
        );
        let mut q = sqlx::query(&sql);
        for id in ids {
            q = q.bind(*id);
        }
        let rows = q.fetch_all(&self.reader).await.map_err(AppError::db)?;
        let now = self.time().now();
        let mut out = Vec::with_capacity(rows.len());
        for r in &rows {
            out.push(status_row(r, now)?);
        }
        out.sort_by_key(|g| ids.iter().position(|id| *id == g.id));
        Ok(out)
    }
}

fn status_row(r: &sqlx::sqlite::SqliteRow, now: super::Now) -> Result<GameStatus, AppError> {
    let get_s =
        |c: &str| -> Result<Option<String>, AppError> { r.try_get(c).map_err(AppError::db) };
    let get_i = |c: &str| -> Result<Option<i64>, AppError> { r.try_get(c).map_err(AppError::db) };
    let id = get_s("id")?.unwrap_or_default();
    let bad = |what: &str, v: &str| AppError::Internal(format!("game {id}: unknown {what} {v:?}"));
    let variant_name = get_s("variant")?.unwrap_or_default();
    let variant: Variant = variant_name
        .parse()
        .map_err(|_| bad("variant", &variant_name))?;
    let status_name = get_s("status")?.unwrap_or_default();
    let status = Status::parse(&status_name).ok_or_else(|| bad("status", &status_name))?;
    let result = match get_s("result_reason")? {
        Some(reason) => Some(Outcome {
            winner: match get_s("result_winner")? {
                Some(w) => Some(w.parse::<Side>().map_err(|_| bad("winner", &w))?),
                None => None,
            },
            reason: Reason::parse(&reason).ok_or_else(|| bad("reason", &reason))?,
        }),
        None => None,
    };
    let moves = get_i("n")?.unwrap_or(0).max(0) as u64;
    // Sides alternate, south first.
    let next = if moves.is_multiple_of(2) {
        Side::South
    } else {
        Side::North
    };
    let to_move = (status == Status::Playing).then_some(next);
    let control: Option<TimeControl> = match get_s("clock")? {
        Some(c) => Some(serde_json::from_str(&c).map_err(|_| bad("clock", &c))?),
        None => None,
    };
    let clock = control.map(|c| {
        let clock = match (get_i("south_ms")?, get_i("north_ms")?, get_i("clock_at")?) {
            (Some(s), Some(n), Some(at)) => {
                let running = (moves >= 2 && status == Status::Playing).then_some(next);
                Clock::resumed(c, [s, n], running, at)
            }
            _ => Clock::new(c, now.up),
        };
        Ok::<_, AppError>(clock.view(now.up, now.wall))
    });
    Ok(GameStatus {
        id,
        variant,
        status,
        to_move,
        result,
        clock: clock.transpose()?,
        moves,
    })
}
