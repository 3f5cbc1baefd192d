//! The rows as stored: games and moves, and the one `INSERT INTO games`.

use bao_protocol::clock::TimeControl;
use bao_protocol::{Outcome, Reason, SeatKind, SeatPlayer, Status};

use super::db::{required, Cols};
use super::unix_now;
use super::StoreError;
use crate::tokens::new_game_id;
use bao_ai::Level;
use bao_core::{Side, Variant};

/// A game row as stored.
#[derive(Clone, Debug)]
pub struct GameRow {
    /// Game id.
    pub id: String,
    /// The variant.
    pub variant: Variant,
    /// Unix seconds.
    pub created_at: i64,
    /// Who holds south's and north's seat.
    pub kinds: [SeatKind; 2],
    /// Hex SHA-256 of the seat tokens (south, north).
    pub token_hashes: [Option<String>; 2],
    /// The computer's level, if a seat is the computer's.
    pub level: Option<Level>,
    /// Where the game stands.
    pub status: Status,
    /// Winner and reason once finished.
    pub result: Option<Outcome>,
    /// Event version of the last write.
    pub v: i64,
    /// The game this one is a rematch of.
    pub rematch_of: Option<String>,
    /// The rematch of this game, once agreed.
    pub rematch_game: Option<String>,
    /// The version when its room last left memory in good order (read only).
    pub closed_v: Option<i64>,
    /// The time control, if the game has a clock.
    pub clock: Option<TimeControl>,
    /// The players who took the seats (south, north), when they did; their names are read with the game.
    pub players: [Option<SeatPlayer>; 2],
    /// Whether the game is listed for watching (`/watch`, `GET /api/games/live`).
    pub listed: bool,
    /// Whether the game counts for the ratings (a rated seek or pool between two players).
    pub rated: bool,
}

impl GameRow {
    /// A new game with a fresh id, created now: playing once every seat is held (by a token or the
    /// computer), else waiting.
    pub fn new(
        variant: Variant,
        kinds: [SeatKind; 2],
        token_hashes: [Option<String>; 2],
        level: Option<Level>,
    ) -> GameRow {
        let held = Side::ALL
            .into_iter()
            .all(|s| kinds[s.index()] == SeatKind::Computer || token_hashes[s.index()].is_some());
        GameRow {
            id: new_game_id(),
            variant,
            created_at: unix_now(),
            kinds,
            token_hashes,
            level,
            status: if held {
                Status::Playing
            } else {
                Status::Waiting
            },
            result: None,
            v: 0,
            rematch_of: None,
            rematch_game: None,
            closed_v: None,
            clock: None,
            players: [None, None],
            listed: false,
            rated: false,
        }
    }
}

/// A clock as stored with a move: the time each side had left after it, and the uptime instant
/// (`store/uptime.rs`) it was measured at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockRow {
    /// South's time left, ms.
    pub south_ms: i64,
    /// North's time left, ms.
    pub north_ms: i64,
    /// Uptime ms of the move.
    pub at: i64,
}

/// A stored move.
#[derive(Clone, Debug)]
pub struct MoveRow {
    /// Moves before this one.
    pub ply: i64,
    /// Notation, e.g. `A6L`.
    pub notation: String,
    /// Version of its `moved` event.
    pub v: i64,
    /// The clock after it, in a game with a clock.
    pub clock: Option<ClockRow>,
}

/// An accepted move to write, with what it does to the game.
#[derive(Clone, Copy, Debug)]
pub struct MoveWrite<'a> {
    /// Moves before it.
    pub ply: i64,
    /// Notation.
    pub notation: &'a str,
    /// Version of its `moved` event.
    pub move_v: i64,
    /// The game's version after it (one more when it ends the game).
    pub game_v: i64,
    /// The game's status after it.
    pub status: Status,
    /// The result, when it ends the game.
    pub result: Option<Outcome>,
    /// The clock after it, in a game with a clock.
    pub clock: Option<ClockRow>,
}

/// Inserts `g` (the one `INSERT INTO games`, for new games and rematches alike) through `$db` (a
/// connection or transaction of either backend, see `db.rs`); a `Result<_, sqlx::Error>`.
macro_rules! insert_game_row {
    ($db:expr, $g:expr) => {{
        let g: &$crate::store::GameRow = $g;
        sqlx::query(
            "INSERT INTO games (id, variant, created_at, updated_at, south_kind, north_kind, \
             south_token_hash, north_token_hash, level, status, result_winner, result_reason, v, \
             rematch_of, rematch_game, closed_v, clock, south_player, north_player, listed, rated) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $13, $16, $17, $18, $19, \
             $20)",
        )
        .bind(&g.id)
        .bind(g.variant.name())
        .bind(g.created_at)
        .bind($crate::store::unix_now())
        .bind(g.kinds[0].name())
        .bind(g.kinds[1].name())
        .bind(&g.token_hashes[0])
        .bind(&g.token_hashes[1])
        .bind(g.level.map(bao_ai::Level::name))
        .bind(g.status.name())
        .bind(g.result.and_then(|r| r.winner).map(bao_core::Side::name))
        .bind(g.result.map(|r| r.reason.name()))
        .bind(g.v)
        .bind(&g.rematch_of)
        .bind(&g.rematch_game)
        .bind(
            g.clock
                .map(|c| serde_json::to_string(&c).unwrap_or_default()),
        )
        .bind(g.players[0].as_ref().map(|p| p.id.as_str()))
        .bind(g.players[1].as_ref().map(|p| p.id.as_str()))
        .bind(i64::from(g.listed))
        .bind(i64::from(g.rated))
        .execute($db)
        .await
        .map(|_| ())
    }};
}
pub(super) use insert_game_row;

/// Reads a `games` row, refusing values this server does not know (a damaged or foreign database).
pub(super) fn game_row(row: &impl Cols) -> Result<GameRow, StoreError> {
    let text = |col: &str| required(row.text(col)?, col);
    let id = text("id")?;
    let bad = |what: &str, value: &str| {
        StoreError::BadRow(format!(
            "game {id}: unknown {what} {value:?} in the database"
        ))
    };
    let parse_kind = |col: &str| -> Result<SeatKind, StoreError> {
        let k = text(col)?;
        SeatKind::parse(&k).ok_or_else(|| bad("seat kind", &k))
    };
    let variant = text("variant")?;
    let status = text("status")?;
    let level = row.text("level")?;
    let winner = row.text("result_winner")?;
    let clock = match row.text("clock")? {
        Some(c) => Some(serde_json::from_str(&c).map_err(|_| bad("clock", &c))?),
        None => None,
    };
    // A result is its reason; a draw has no winner.
    let result = match row.text("result_reason")? {
        Some(r) => Some(Outcome {
            winner: match winner {
                Some(w) => Some(w.parse().map_err(|_| bad("winner", &w))?),
                None => None,
            },
            reason: Reason::parse(&r).ok_or_else(|| bad("result reason", &r))?,
        }),
        None => None,
    };
    Ok(GameRow {
        variant: variant.parse().map_err(|_| bad("variant", &variant))?,
        created_at: required(row.int("created_at")?, "created_at")?,
        kinds: [parse_kind("south_kind")?, parse_kind("north_kind")?],
        token_hashes: [row.text("south_token_hash")?, row.text("north_token_hash")?],
        level: match level {
            Some(l) => Some(Level::parse(&l).ok_or_else(|| bad("level", &l))?),
            None => None,
        },
        status: Status::parse(&status).ok_or_else(|| bad("status", &status))?,
        result,
        v: required(row.int("v")?, "v")?,
        rematch_of: row.text("rematch_of")?,
        rematch_game: row.text("rematch_game")?,
        closed_v: row.int("closed_v")?,
        clock,
        players: [seat_player(row, "south")?, seat_player(row, "north")?],
        listed: row.int("listed")?.unwrap_or(0) != 0,
        rated: row.int("rated")?.unwrap_or(0) != 0,
        id,
    })
}

/// The player of one seat from the columns `{side}_player`, `{side}_name`, `{side}_deleted` and
/// `{side}_rating` (the load's joins of `players` and `ratings`), if the seat has one.
pub(super) fn seat_player(row: &impl Cols, side: &str) -> Result<Option<SeatPlayer>, StoreError> {
    let Some(id) = row.text(&format!("{side}_player"))? else {
        return Ok(None);
    };
    Ok(Some(SeatPlayer {
        id,
        name: row.text(&format!("{side}_name"))?.unwrap_or_default(),
        rating: row
            .float(&format!("{side}_rating"))?
            .map(|r| r.round().clamp(0.0, f64::from(u32::MAX)) as u32),
        deleted: row.int(&format!("{side}_deleted"))?.is_some(),
    }))
}
