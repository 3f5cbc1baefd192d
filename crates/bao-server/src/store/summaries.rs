//! The read behind `POST /api/games/status`: several games' public facts in one query.

use bao_protocol::clock::{Clock, TimeControl};
use bao_protocol::{GameSummary, Outcome, Reason, SeatKind, SeatSummary, Status, SummarySeats};

use super::db::{on_reader, Cols, Db};
use super::rows::seat_player;
use super::Store;
use super::StoreError;
use bao_core::{Side, Variant};

impl Store {
    /// The summary of each game of `ids` that exists, in the order of `ids`. Their clocks are measured now.
    pub async fn summaries(&self, ids: &[&str]) -> Result<Vec<GameSummary>, StoreError> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        // `?` for SQLite (cheaper than numbered parameters, `sqlite.rs`), `$N` for PostgreSQL.
        let marks = match &self.db {
            Db::Sqlite { .. } => vec!["?".to_owned(); ids.len()].join(", "),
            Db::Postgres { .. } => (1..=ids.len())
                .map(|i| format!("${i}"))
                .collect::<Vec<_>>()
                .join(", "),
        };
        // The number of moves and the last move's clock (the clock after it) of each game.
        let sql = format!(
            "SELECT g.id, g.variant, g.status, g.result_winner, g.result_reason, g.clock, \
             g.level, g.created_at, g.south_kind, g.north_kind, g.rated, \
             CASE WHEN g.south_token_hash IS NULL THEN 0 ELSE 1 END AS south_held, \
             CASE WHEN g.north_token_hash IS NULL THEN 0 ELSE 1 END AS north_held, \
             g.south_player, sp.name AS south_name, sp.deleted_at AS south_deleted, \
             sr.rating AS south_rating, \
             g.north_player, np.name AS north_name, np.deleted_at AS north_deleted, \
             nr.rating AS north_rating, \
             (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id) AS n, \
             l.south_ms, l.north_ms, l.clock_at \
             FROM games g LEFT JOIN moves l ON l.game_id = g.id \
             AND l.ply = (SELECT MAX(ply) FROM moves WHERE game_id = g.id) \
             LEFT JOIN players sp ON sp.id = g.south_player \
             LEFT JOIN players np ON np.id = g.north_player \
             LEFT JOIN ratings sr ON sr.player_id = g.south_player AND sr.variant = g.variant \
             LEFT JOIN ratings nr ON nr.player_id = g.north_player AND nr.variant = g.variant \
             WHERE g.id IN ({marks})"
        );
        let now = self.time().now();
        let mut out = on_reader!(&self.db, p => {
            let mut q = sqlx::query(&sql);
            for id in ids {
                q = q.bind(*id);
            }
            let rows = q.fetch_all(p).await.map_err(StoreError::from)?;
            rows.iter()
                .map(|r| summary_row(r, now))
                .collect::<Result<Vec<_>, _>>()?
        });
        out.sort_by_key(|g| ids.iter().position(|id| *id == g.id));
        Ok(out)
    }
}

fn summary_row(r: &impl Cols, now: super::Now) -> Result<GameSummary, StoreError> {
    let get_s = |c: &str| r.text(c);
    let get_i = |c: &str| r.int(c);
    let id = get_s("id")?.unwrap_or_default();
    let bad = |what: &str, v: &str| StoreError::BadRow(format!("game {id}: unknown {what} {v:?}"));
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
        // A finished game's clock stopped where it ended: at zero for the side that lost on time.
        let clock = match result {
            Some(o) if status == Status::Finished => clock.finished(o.lost_on_time()),
            _ => clock,
        };
        Ok::<_, StoreError>(clock.view(now.up, now.wall))
    });
    let seat = |side: &str| -> Result<SeatSummary, StoreError> {
        let kind_name = get_s(&format!("{side}_kind"))?.unwrap_or_default();
        let kind = SeatKind::parse(&kind_name).ok_or_else(|| bad("seat kind", &kind_name))?;
        Ok(SeatSummary {
            kind,
            taken: kind == SeatKind::Computer || get_i(&format!("{side}_held"))? == Some(1),
            player: seat_player(r, side)?,
        })
    };
    Ok(GameSummary {
        seats: Some(SummarySeats {
            south: seat("south")?,
            north: seat("north")?,
        }),
        level: get_s("level")?,
        created: get_i("created_at")?.unwrap_or(0).saturating_mul(1000),
        id,
        variant,
        status,
        to_move,
        result,
        clock: clock.transpose()?,
        moves,
        rated: get_i("rated")?.unwrap_or(0) != 0,
    })
}
