//! Tournaments' rows (`migrations/0012_tournaments.sql`): the events, their players, their games and byes.
//!
//! A round's pairing is stored once however many nodes compute it: [`Store::pair_tournament_round`] moves the
//! tournament's `round` on by one conditional `UPDATE` inside the transaction that inserts the round's games,
//! so a node that raced another for the same round finds it taken and stores nothing. The same SQL on both
//! backends (`db.rs`).

use sqlx::Connection;

use super::db::{on_conn, on_reader, required, Cols};
use super::rows::insert_game_row;
use super::{GameRow, Store, StoreError};

/// A tournament as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentRow {
    /// Public id.
    pub id: String,
    /// `arena` or `swiss`.
    pub kind: String,
    /// Variant name.
    pub variant: String,
    /// The time control as JSON.
    pub clock: String,
    /// Whether its games are rated.
    pub rated: bool,
    /// An arena's duration in minutes.
    pub minutes: Option<i64>,
    /// A Swiss event's rounds.
    pub rounds: Option<i64>,
    /// The player who created it.
    pub created_by: String,
    /// Unix ms.
    pub created_at: i64,
    /// When it starts, Unix ms.
    pub starts_at: i64,
    /// When an arena stops pairing, Unix ms.
    pub ends_at: Option<i64>,
    /// `created`, `started` or `finished`.
    pub status: String,
    /// Pairings made so far (a Swiss event's current round).
    pub round: i64,
}

/// A player of a tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntrantRow {
    /// The player.
    pub player_id: String,
    /// Their name (read with the row).
    pub name: String,
    /// Their rating when they joined.
    pub rating: i64,
    /// Hex SHA-256 of their seat token in this tournament's games.
    pub token_hash: String,
    /// False once withdrawn.
    pub active: bool,
    /// Unix ms.
    pub joined_at: i64,
}

/// A game of a tournament with how it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentGameRow {
    /// The pairing (round) it was made in.
    pub round: i64,
    /// The game.
    pub game_id: String,
    /// The player on South.
    pub south: String,
    /// The player on North.
    pub north: String,
    /// The game's status: `waiting`, `playing` or `finished`.
    pub status: String,
    /// `south` or `north` for a won game.
    pub winner: Option<String>,
    /// Unix ms when it was paired.
    pub created_at: i64,
    /// When the game last changed (Unix seconds): for a finished game, about when it ended.
    pub updated_at: i64,
}

const TOURNAMENT_COLS: &str =
    "id, kind, variant, clock, rated, minutes, rounds, created_by, created_at, starts_at, ends_at, status, round";

fn tournament(r: &impl Cols) -> Result<TournamentRow, StoreError> {
    Ok(TournamentRow {
        id: required(r.text("id")?, "id")?,
        kind: required(r.text("kind")?, "kind")?,
        variant: required(r.text("variant")?, "variant")?,
        clock: required(r.text("clock")?, "clock")?,
        rated: required(r.int("rated")?, "rated")? != 0,
        minutes: r.int("minutes")?,
        rounds: r.int("rounds")?,
        created_by: required(r.text("created_by")?, "created_by")?,
        created_at: required(r.int("created_at")?, "created_at")?,
        starts_at: required(r.int("starts_at")?, "starts_at")?,
        ends_at: r.int("ends_at")?,
        status: required(r.text("status")?, "status")?,
        round: required(r.int("round")?, "round")?,
    })
}

fn entrant(r: &impl Cols) -> Result<EntrantRow, StoreError> {
    Ok(EntrantRow {
        player_id: required(r.text("player_id")?, "player_id")?,
        name: r.text("name")?.unwrap_or_default(),
        rating: required(r.int("rating")?, "rating")?,
        token_hash: required(r.text("token_hash")?, "token_hash")?,
        active: required(r.int("active")?, "active")? != 0,
        joined_at: required(r.int("joined_at")?, "joined_at")?,
    })
}

fn tournament_game(r: &impl Cols) -> Result<TournamentGameRow, StoreError> {
    Ok(TournamentGameRow {
        round: required(r.int("round")?, "round")?,
        game_id: required(r.text("game_id")?, "game_id")?,
        south: required(r.text("south")?, "south")?,
        north: required(r.text("north")?, "north")?,
        status: required(r.text("status")?, "status")?,
        winner: r.text("result_winner")?,
        created_at: required(r.int("created_at")?, "created_at")?,
        updated_at: required(r.int("updated_at")?, "updated_at")?,
    })
}

impl Store {
    /// Stores a new tournament.
    pub async fn insert_tournament(&self, t: &TournamentRow) -> Result<(), StoreError> {
        let what = format!("store tournament {}", t.id);
        let mut w = self.writer(&what).await?;
        let r = on_conn!(&mut w.conn, c => sqlx::query(
            "INSERT INTO tournaments (id, kind, variant, clock, rated, minutes, rounds, created_by, created_at, \
             starts_at, ends_at, status, round) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)",
        )
        .bind(&t.id)
        .bind(&t.kind)
        .bind(&t.variant)
        .bind(&t.clock)
        .bind(i64::from(t.rated))
        .bind(t.minutes)
        .bind(t.rounds)
        .bind(&t.created_by)
        .bind(t.created_at)
        .bind(t.starts_at)
        .bind(t.ends_at)
        .bind(&t.status)
        .bind(t.round)
        .execute(c)
        .await
        .map(|_| ()));
        self.settle(w, &what, r)
    }

    /// Tournament `id`, if there is one.
    pub async fn tournament(&self, id: &str) -> Result<Option<TournamentRow>, StoreError> {
        on_reader!(&self.db, p => {
            let row = sqlx::query(&format!("SELECT {TOURNAMENT_COLS} FROM tournaments WHERE id = $1"))
                .bind(id)
                .fetch_optional(p)
                .await
                .map_err(StoreError::from)?;
            row.as_ref().map(tournament).transpose()
        })
    }

    /// Tournaments coming and running, then those finished since `finished_since` (Unix ms), soonest first;
    /// at most `limit`.
    pub async fn tournaments_listed(
        &self,
        finished_since: i64,
        limit: i64,
    ) -> Result<Vec<TournamentRow>, StoreError> {
        on_reader!(&self.db, p => {
            let rows = sqlx::query(&format!(
                "SELECT {TOURNAMENT_COLS} FROM tournaments WHERE status <> 'finished' \
                 OR finished_at >= $1 ORDER BY starts_at DESC LIMIT $2"
            ))
            .bind(finished_since)
            .bind(limit)
            .fetch_all(p)
            .await
            .map_err(StoreError::from)?;
            rows.iter().map(tournament).collect()
        })
    }

    /// Tournaments that need their ticker: not finished and starting by `now`.
    pub async fn tournaments_due(&self, now: i64) -> Result<Vec<TournamentRow>, StoreError> {
        on_reader!(&self.db, p => {
            let rows = sqlx::query(&format!(
                "SELECT {TOURNAMENT_COLS} FROM tournaments WHERE status <> 'finished' AND starts_at <= $1"
            ))
            .bind(now)
            .fetch_all(p)
            .await
            .map_err(StoreError::from)?;
            rows.iter().map(tournament).collect()
        })
    }

    /// How many tournaments player `player` created since `since` (Unix ms): the per-day limit.
    pub async fn tournaments_created_since(
        &self,
        player: &str,
        since: i64,
    ) -> Result<i64, StoreError> {
        on_reader!(&self.db, p => {
            let row = sqlx::query(
                "SELECT COUNT(*) AS n FROM tournaments WHERE created_by = $1 AND created_at >= $2",
            )
            .bind(player)
            .bind(since)
            .fetch_one(p)
            .await
            .map_err(StoreError::from)?;
            Ok(row.int("n")?.unwrap_or(0))
        })
    }

    /// Player `player` joins tournament `id` (or comes back after withdrawing), with their rating and seat
    /// token's hash. `false` when the tournament is full (`max_players` active players already) or over.
    pub async fn join_tournament(
        &self,
        id: &str,
        e: &EntrantRow,
        max_players: i64,
    ) -> Result<bool, StoreError> {
        let what = format!("join tournament {id}");
        let mut w = self.writer(&what).await?;
        let r = on_conn!(&mut w.conn, c => async {
            let mut tx = c.begin().await?;
            let open = sqlx::query("SELECT status FROM tournaments WHERE id = $1")
                .bind(id)
                .fetch_optional(&mut *tx)
                .await?
                .map(|r| r.text("status").ok().flatten().unwrap_or_default());
            let n = sqlx::query(
                "SELECT COUNT(*) AS n FROM tournament_players WHERE tournament_id = $1 AND active = 1 \
                 AND player_id <> $2",
            )
            .bind(id)
            .bind(&e.player_id)
            .fetch_one(&mut *tx)
            .await?
            .int("n")
            .ok()
            .flatten()
            .unwrap_or(0);
            if open.as_deref().is_none_or(|s| s == "finished") || n >= max_players {
                tx.rollback().await?;
                return Ok(false);
            }
            sqlx::query(
                "INSERT INTO tournament_players (tournament_id, player_id, rating, token_hash, active, joined_at) \
                 VALUES ($1, $2, $3, $4, 1, $5) ON CONFLICT (tournament_id, player_id) DO UPDATE SET active = 1",
            )
            .bind(id)
            .bind(&e.player_id)
            .bind(e.rating)
            .bind(&e.token_hash)
            .bind(e.joined_at)
            .execute(&mut *tx)
            .await?;
            tx.commit().await?;
            Ok(true)
        }
        .await);
        self.settle(w, &what, r)
    }

    /// Player `player` withdraws from tournament `id`: paired no more. `false` when they were not in it.
    pub async fn withdraw_tournament(&self, id: &str, player: &str) -> Result<bool, StoreError> {
        let what = format!("withdraw from tournament {id}");
        let mut w = self.writer(&what).await?;
        let r = on_conn!(&mut w.conn, c => sqlx::query(
            "UPDATE tournament_players SET active = 0 WHERE tournament_id = $1 AND player_id = $2",
        )
        .bind(id)
        .bind(player)
        .execute(c)
        .await
        .map(|done| done.rows_affected() == 1));
        self.settle(w, &what, r)
    }

    /// The players of tournament `id`, in the order they joined.
    pub async fn tournament_entrants(&self, id: &str) -> Result<Vec<EntrantRow>, StoreError> {
        on_reader!(&self.db, p => {
            let rows = sqlx::query(
                "SELECT t.player_id, p.name, t.rating, t.token_hash, t.active, t.joined_at \
                 FROM tournament_players t LEFT JOIN players p ON p.id = t.player_id \
                 WHERE t.tournament_id = $1 ORDER BY t.joined_at, t.player_id",
            )
            .bind(id)
            .fetch_all(p)
            .await
            .map_err(StoreError::from)?;
            rows.iter().map(entrant).collect()
        })
    }

    /// The games of tournament `id` with their status and winner, oldest first.
    pub async fn tournament_games(&self, id: &str) -> Result<Vec<TournamentGameRow>, StoreError> {
        on_reader!(&self.db, p => {
            let rows = sqlx::query(
                "SELECT t.round, t.game_id, t.south, t.north, t.created_at, g.status, g.result_winner, \
                 g.updated_at FROM tournament_games t JOIN games g ON g.id = t.game_id \
                 WHERE t.tournament_id = $1 ORDER BY t.round, t.created_at, t.game_id",
            )
            .bind(id)
            .fetch_all(p)
            .await
            .map_err(StoreError::from)?;
            rows.iter().map(tournament_game).collect()
        })
    }

    /// The byes of tournament `id`: (round, player).
    pub async fn tournament_byes(&self, id: &str) -> Result<Vec<(i64, String)>, StoreError> {
        on_reader!(&self.db, p => {
            let rows = sqlx::query(
                "SELECT round, player_id FROM tournament_byes WHERE tournament_id = $1 ORDER BY round",
            )
            .bind(id)
            .fetch_all(p)
            .await
            .map_err(StoreError::from)?;
            rows.iter()
                .map(|r| Ok((required(r.int("round")?, "round")?, required(r.text("player_id")?, "player_id")?)))
                .collect()
        })
    }

    /// Moves tournament `id` from `from` to status `to` (`created` → `started` → `finished`); `false` when
    /// another node did it first.
    pub async fn set_tournament_status(
        &self,
        id: &str,
        from: &str,
        to: &str,
        now: i64,
    ) -> Result<bool, StoreError> {
        let what = format!("tournament {id} {from} → {to}");
        let mut w = self.writer(&what).await?;
        let r = on_conn!(&mut w.conn, c => sqlx::query(
            "UPDATE tournaments SET status = $1, finished_at = CASE WHEN $1 = 'finished' THEN $2 \
             ELSE finished_at END WHERE id = $3 AND status = $4",
        )
        .bind(to)
        .bind(now)
        .bind(id)
        .bind(from)
        .execute(c)
        .await
        .map(|done| done.rows_affected() == 1));
        self.settle(w, &what, r)
    }

    /// Stores pairing number `round` of tournament `id` (its games, each with its South and North players,
    /// and a bye) if the tournament's last pairing is still `round - 1`: `false` when another node stored this
    /// round first (then nothing is written).
    pub async fn pair_tournament_round(
        &self,
        id: &str,
        round: i64,
        games: &[(GameRow, String, String)],
        bye: Option<&str>,
        now: i64,
    ) -> Result<bool, StoreError> {
        let what = format!("pair round {round} of tournament {id}");
        let mut w = self.writer(&what).await?;
        let r = on_conn!(&mut w.conn, c => async {
            let mut tx = c.begin().await?;
            let done = sqlx::query("UPDATE tournaments SET round = $1 WHERE id = $2 AND round = $3")
                .bind(round)
                .bind(id)
                .bind(round - 1)
                .execute(&mut *tx)
                .await?;
            if done.rows_affected() != 1 {
                tx.rollback().await?;
                return Ok(false);
            }
            for (game, south, north) in games {
                insert_game_row!(&mut *tx, game)?;
                sqlx::query(
                    "INSERT INTO tournament_games (tournament_id, round, game_id, south, north, created_at) \
                     VALUES ($1, $2, $3, $4, $5, $6)",
                )
                .bind(id)
                .bind(round)
                .bind(&game.id)
                .bind(south)
                .bind(north)
                .bind(now)
                .execute(&mut *tx)
                .await?;
            }
            if let Some(player) = bye {
                sqlx::query("INSERT INTO tournament_byes (tournament_id, round, player_id) VALUES ($1, $2, $3)")
                    .bind(id)
                    .bind(round)
                    .bind(player)
                    .execute(&mut *tx)
                    .await?;
            }
            tx.commit().await?;
            Ok(true)
        }
        .await);
        self.settle(w, &what, r)
    }
}
