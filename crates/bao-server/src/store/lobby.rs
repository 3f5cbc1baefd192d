//! The lobby's rows (`migrations/0009_lobby.sql`): seeks, pool entries, and the listed games being played.
//!
//! The database is what makes a seek accepted once and a pool entry paired once, whatever the number of nodes:
//! each is claimed by one conditional `UPDATE` inside the transaction that also inserts the game, so that two
//! nodes (or two requests of one) that race for it find one of them claimed it and the other nothing. The same
//! SQL on both backends (`db.rs`).

use sqlx::Connection;

use bao_core::Side;

use super::db::{on_conn, on_reader, required, Cols};
use super::rows::insert_game_row;
use super::{GameRow, Store, StoreError};

/// A seek as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeekRow {
    /// Public id.
    pub id: String,
    /// The creator.
    pub player_id: String,
    /// The creator's name (read with the seek; empty when written).
    pub player_name: String,
    /// The creator's address, for the per-address limit.
    pub address: String,
    /// Variant name.
    pub variant: String,
    /// The time control as JSON, `None` for none.
    pub clock: Option<String>,
    /// `south`, `north` or `random`.
    pub seat: String,
    /// Rated or casual.
    pub rated: bool,
    /// Hex SHA-256 of the creator's seat token in the game to come.
    pub token_hash: String,
    /// Unix milliseconds.
    pub created_at: i64,
    /// Until when a live seek stands unless renewed (`None`: a correspondence seek, which stays).
    pub alive_until: Option<i64>,
    /// The node that renews it (where its creator's lobby socket is).
    pub holder: Option<String>,
}

/// A pool entry as stored: a player waiting to be paired in one pool.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PoolEntryRow {
    /// Public id (never shown: the player knows their own).
    pub id: String,
    /// The pool's key (`variant/initial+increment/rated`).
    pub pool: String,
    /// The player.
    pub player_id: String,
    /// Hex SHA-256 of the player's seat token in the game to come.
    pub token_hash: String,
    /// Unix milliseconds.
    pub joined_at: i64,
    /// Until when it stands unless renewed.
    pub alive_until: i64,
    /// The node holding the player's socket.
    pub holder: String,
}

/// A seek or pool entry that has its game: what its player's lobby socket is told (`paired`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pairing {
    /// The seek's or the pool entry's id.
    pub id: String,
    /// The player to tell.
    pub player_id: String,
    /// The game.
    pub game_id: String,
    /// The player's seat in it.
    pub seat: Side,
}

/// What became of an accept.
#[derive(Debug)]
pub enum Accepted {
    /// This accept took the seek: the seek and the game made for it (both stored).
    Took(Box<(SeekRow, GameRow)>),
    /// The seek is the accepter's own.
    Own,
    /// Already accepted, withdrawn, expired or unknown.
    Gone,
}

/// What became of a withdrawal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Withdrawn {
    /// Removed.
    Done,
    /// Someone else's seek.
    NotYours,
    /// Already accepted, withdrawn or unknown.
    Gone,
}

const SEEK_COLUMNS: &str =
    "s.id, s.player_id, p.name AS player_name, s.address, s.variant, s.clock, \
    s.seat, s.rated, s.token_hash, s.created_at, s.alive_until, s.holder";

fn seek_row(r: &impl Cols) -> Result<SeekRow, StoreError> {
    Ok(SeekRow {
        id: required(r.text("id")?, "id")?,
        player_id: required(r.text("player_id")?, "player_id")?,
        player_name: r.text("player_name").ok().flatten().unwrap_or_default(),
        address: required(r.text("address")?, "address")?,
        variant: required(r.text("variant")?, "variant")?,
        clock: r.text("clock")?,
        seat: required(r.text("seat")?, "seat")?,
        rated: required(r.int("rated")?, "rated")? != 0,
        token_hash: required(r.text("token_hash")?, "token_hash")?,
        created_at: required(r.int("created_at")?, "created_at")?,
        alive_until: r.int("alive_until")?,
        holder: r.text("holder")?,
    })
}

fn side(text: &str) -> Result<Side, StoreError> {
    match text {
        "south" => Ok(Side::South),
        "north" => Ok(Side::North),
        other => Err(StoreError::BadRow(format!(
            "lobby: unknown seat {other:?} in the database"
        ))),
    }
}

fn pairing(r: &impl Cols) -> Result<Pairing, StoreError> {
    Ok(Pairing {
        id: required(r.text("id")?, "id")?,
        player_id: required(r.text("player_id")?, "player_id")?,
        game_id: required(r.text("game_id")?, "game_id")?,
        seat: side(&required(r.text("game_seat")?, "game_seat")?)?,
    })
}

impl Store {
    /// Stores a new seek.
    pub async fn insert_seek(&self, s: &SeekRow) -> Result<(), StoreError> {
        let what = format!("store seek {}", s.id);
        let mut w = self.writer(&what).await?;
        let r = on_conn!(&mut w.conn, c => sqlx::query(
            "INSERT INTO seeks (id, player_id, address, variant, clock, seat, rated, token_hash, created_at, \
             alive_until, holder) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
        )
        .bind(&s.id)
        .bind(&s.player_id)
        .bind(&s.address)
        .bind(&s.variant)
        .bind(&s.clock)
        .bind(&s.seat)
        .bind(i64::from(s.rated))
        .bind(&s.token_hash)
        .bind(s.created_at)
        .bind(s.alive_until)
        .bind(&s.holder)
        .execute(c)
        .await
        .map(|_| ()));
        self.settle(w, &what, r)
    }

    /// The open seeks at `now` (Unix ms), oldest first, at most `limit`.
    pub async fn open_seeks(&self, now: i64, limit: i64) -> Result<Vec<SeekRow>, StoreError> {
        on_reader!(&self.db, p => {
            let rows = sqlx::query(&format!(
                "SELECT {SEEK_COLUMNS} FROM seeks s JOIN players p ON p.id = s.player_id \
                 WHERE s.accepted_at IS NULL AND (s.alive_until IS NULL OR s.alive_until > $1) \
                 ORDER BY s.created_at, s.id LIMIT $2"
            ))
            .bind(now)
            .bind(limit)
            .fetch_all(p)
            .await
            .map_err(StoreError::from)?;
            rows.iter().map(seek_row).collect()
        })
    }

    /// How many open seeks player `player` has, and how many address `address` has, at `now`.
    pub async fn open_seek_counts(
        &self,
        player: &str,
        address: &str,
        now: i64,
    ) -> Result<(i64, i64), StoreError> {
        on_reader!(&self.db, p => {
            let row = sqlx::query(
                "SELECT SUM(CASE WHEN player_id = $1 THEN 1 ELSE 0 END) AS mine, \
                 SUM(CASE WHEN address = $2 THEN 1 ELSE 0 END) AS here FROM seeks \
                 WHERE accepted_at IS NULL AND (alive_until IS NULL OR alive_until > $3) \
                 AND (player_id = $1 OR address = $2)",
            )
            .bind(player)
            .bind(address)
            .bind(now)
            .fetch_one(p)
            .await
            .map_err(StoreError::from)?;
            Ok((row.int("mine")?.unwrap_or(0), row.int("here")?.unwrap_or(0)))
        })
    }

    /// Withdraws seek `id` for player `player`.
    pub async fn withdraw_seek(&self, id: &str, player: &str) -> Result<Withdrawn, StoreError> {
        let what = format!("withdraw seek {id}");
        let mut w = self.writer(&what).await?;
        let r = on_conn!(&mut w.conn, c => async {
            let done = sqlx::query("DELETE FROM seeks WHERE id = $1 AND player_id = $2 AND accepted_at IS NULL")
                .bind(id)
                .bind(player)
                .execute(&mut *c)
                .await?;
            if done.rows_affected() == 1 {
                return Ok(Withdrawn::Done);
            }
            let other = sqlx::query("SELECT 1 FROM seeks WHERE id = $1 AND accepted_at IS NULL")
                .bind(id)
                .fetch_optional(&mut *c)
                .await?;
            Ok(if other.is_some() { Withdrawn::NotYours } else { Withdrawn::Gone })
        }
        .await);
        self.settle(w, &what, r)
    }

    /// Accepts seek `id` for player `accepter` at `now`: claims it and stores the game `game` makes of it, in
    /// one transaction, so that one accept only ever takes a seek. `game` gets the seek and answers the game
    /// (with both seats' token hashes and players) and the creator's seat, or why the seek makes none (a
    /// damaged row).
    pub async fn accept_seek(
        &self,
        id: &str,
        accepter: &str,
        now: i64,
        game: impl FnOnce(&SeekRow) -> Result<(GameRow, Side), StoreError>,
    ) -> Result<Accepted, StoreError> {
        let what = format!("accept seek {id}");
        let mut w = self.writer(&what).await?;
        let r = on_conn!(&mut w.conn, c => async {
            let mut tx = c.begin().await?;
            let claimed = sqlx::query(
                "UPDATE seeks SET accepted_at = $1 WHERE id = $2 AND accepted_at IS NULL \
                 AND player_id <> $3 AND (alive_until IS NULL OR alive_until > $1) \
                 RETURNING id, player_id, address, variant, clock, seat, rated, token_hash, created_at, \
                 alive_until, holder",
            )
            .bind(now)
            .bind(id)
            .bind(accepter)
            .fetch_optional(&mut *tx)
            .await?;
            let Some(claimed) = claimed else {
                let own = sqlx::query(
                    "SELECT 1 FROM seeks WHERE id = $1 AND player_id = $2 AND accepted_at IS NULL \
                     AND (alive_until IS NULL OR alive_until > $3)",
                )
                .bind(id)
                .bind(accepter)
                .bind(now)
                .fetch_optional(&mut *tx)
                .await?;
                tx.rollback().await?;
                return Ok(Err(if own.is_some() { Accepted::Own } else { Accepted::Gone }));
            };
            let seek = match seek_row(&claimed) {
                Ok(s) => s,
                Err(e) => {
                    tx.rollback().await?;
                    return Err(sqlx::Error::Decode(Box::new(e)));
                }
            };
            let (row, creator_seat) = match game(&seek) {
                Ok(made) => made,
                Err(e) => {
                    tx.rollback().await?;
                    return Err(sqlx::Error::Decode(Box::new(e)));
                }
            };
            insert_game_row!(&mut *tx, &row)?;
            sqlx::query("UPDATE seeks SET game_id = $1, game_seat = $2 WHERE id = $3")
                .bind(&row.id)
                .bind(creator_seat.name())
                .bind(id)
                .execute(&mut *tx)
                .await?;
            tx.commit().await?;
            Ok(Ok((seek, row)))
        }
        .await);
        Ok(match self.settle(w, &what, r)? {
            Ok(took) => Accepted::Took(Box::new(took)),
            Err(other) => other,
        })
    }

    /// Renews until `until` the live seeks of player `player` and makes this node (`node`) their holder: their
    /// creator's lobby socket is here now.
    pub async fn hold_seeks(&self, player: &str, node: &str, until: i64) -> Result<(), StoreError> {
        let what = format!("hold the seeks of player {player}");
        let mut w = self.writer(&what).await?;
        let r = on_conn!(&mut w.conn, c => sqlx::query(
            "UPDATE seeks SET holder = $1, alive_until = $2 WHERE player_id = $3 \
             AND alive_until IS NOT NULL AND accepted_at IS NULL",
        )
        .bind(node)
        .bind(until)
        .bind(player)
        .execute(c)
        .await
        .map(|_| ()));
        self.settle(w, &what, r)
    }

    /// This node no longer holds player `player`'s live seeks (their last lobby socket here closed): unless
    /// another socket holds them again, they lapse at their `alive_until`, a grace for a reload.
    pub async fn release_seeks(&self, player: &str, node: &str) -> Result<(), StoreError> {
        let what = format!("release the seeks of player {player}");
        let mut w = self.writer(&what).await?;
        let r = on_conn!(&mut w.conn, c => sqlx::query(
            "UPDATE seeks SET holder = NULL WHERE player_id = $1 AND holder = $2",
        )
        .bind(player)
        .bind(node)
        .execute(c)
        .await
        .map(|_| ()));
        self.settle(w, &what, r)
    }

    /// Renews until `until` the live seeks and the pool entries this node holds, and deletes what lapsed or was
    /// paired long enough ago (before `forget_before`).
    pub async fn renew_lobby(
        &self,
        node: &str,
        until: i64,
        forget_before: i64,
    ) -> Result<(), StoreError> {
        let what = "renew the lobby's seeks and pool entries";
        let mut w = self.writer(what).await?;
        let r = on_conn!(&mut w.conn, c => async {
            let mut tx = c.begin().await?;
            sqlx::query(
                "UPDATE seeks SET alive_until = $1 WHERE holder = $2 AND alive_until IS NOT NULL \
                 AND accepted_at IS NULL",
            )
            .bind(until)
            .bind(node)
            .execute(&mut *tx)
            .await?;
            sqlx::query("UPDATE pool_entries SET alive_until = $1 WHERE holder = $2 AND game_id IS NULL")
                .bind(until)
                .bind(node)
                .execute(&mut *tx)
                .await?;
            sqlx::query(
                "DELETE FROM seeks WHERE (accepted_at IS NOT NULL AND accepted_at < $1) \
                 OR (accepted_at IS NULL AND alive_until IS NOT NULL AND alive_until < $1)",
            )
            .bind(forget_before)
            .execute(&mut *tx)
            .await?;
            sqlx::query("DELETE FROM pool_entries WHERE alive_until < $1")
                .bind(forget_before)
                .execute(&mut *tx)
                .await?;
            tx.commit().await
        }
        .await);
        self.settle(w, what, r)
    }

    /// The seeks accepted since `since` (Unix ms): their creators are told.
    pub async fn seek_pairings(&self, since: i64) -> Result<Vec<Pairing>, StoreError> {
        on_reader!(&self.db, p => {
            let rows = sqlx::query(
                "SELECT id, player_id, game_id, game_seat FROM seeks WHERE game_id IS NOT NULL \
                 AND accepted_at >= $1",
            )
            .bind(since)
            .fetch_all(p)
            .await
            .map_err(StoreError::from)?;
            rows.iter().map(pairing).collect()
        })
    }

    /// Puts a player in a pool.
    pub async fn insert_pool_entry(&self, e: &PoolEntryRow) -> Result<(), StoreError> {
        let what = format!("store pool entry {}", e.id);
        let mut w = self.writer(&what).await?;
        let r = on_conn!(&mut w.conn, c => sqlx::query(
            "INSERT INTO pool_entries (id, pool, player_id, token_hash, joined_at, alive_until, holder) \
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(&e.id)
        .bind(&e.pool)
        .bind(&e.player_id)
        .bind(&e.token_hash)
        .bind(e.joined_at)
        .bind(e.alive_until)
        .bind(&e.holder)
        .execute(c)
        .await
        .map(|_| ()));
        self.settle(w, &what, r)
    }

    /// Takes pool entry `id` out of its pool; `false` when it was paired meanwhile (its game stands).
    pub async fn leave_pool(&self, id: &str) -> Result<bool, StoreError> {
        let what = format!("remove pool entry {id}");
        let mut w = self.writer(&what).await?;
        let r = on_conn!(&mut w.conn, c => async {
            let done = sqlx::query("DELETE FROM pool_entries WHERE id = $1 AND game_id IS NULL")
                .bind(id)
                .execute(&mut *c)
                .await?;
            Ok(done.rows_affected() == 1)
        }
        .await);
        self.settle(w, &what, r)
    }

    /// The entries waiting in pool `pool` at `now`, longest waiting first, at most `limit`.
    pub async fn pool_waiting(
        &self,
        pool: &str,
        now: i64,
        limit: i64,
    ) -> Result<Vec<PoolEntryRow>, StoreError> {
        on_reader!(&self.db, p => {
            let rows = sqlx::query(
                "SELECT id, pool, player_id, token_hash, joined_at, alive_until, holder FROM pool_entries \
                 WHERE pool = $1 AND game_id IS NULL AND alive_until > $2 ORDER BY joined_at, id LIMIT $3",
            )
            .bind(pool)
            .bind(now)
            .bind(limit)
            .fetch_all(p)
            .await
            .map_err(StoreError::from)?;
            rows.iter()
                .map(|r| {
                    Ok(PoolEntryRow {
                        id: required(r.text("id")?, "id")?,
                        pool: required(r.text("pool")?, "pool")?,
                        player_id: required(r.text("player_id")?, "player_id")?,
                        token_hash: required(r.text("token_hash")?, "token_hash")?,
                        joined_at: required(r.int("joined_at")?, "joined_at")?,
                        alive_until: required(r.int("alive_until")?, "alive_until")?,
                        holder: required(r.text("holder")?, "holder")?,
                    })
                })
                .collect()
        })
    }

    /// Pairs pool entries `south` and `north` in `game` (whose seats' token hashes and players are theirs):
    /// claims both and stores the game in one transaction. `false` when either was paired or left meanwhile
    /// (nothing is written then).
    pub async fn pair_pool(
        &self,
        south: &str,
        north: &str,
        now: i64,
        game: &GameRow,
    ) -> Result<bool, StoreError> {
        let what = format!("pair pool entries {south} and {north}");
        let mut w = self.writer(&what).await?;
        let r = on_conn!(&mut w.conn, c => async {
            let mut tx = c.begin().await?;
            for (entry, seat) in [(south, Side::South), (north, Side::North)] {
                let done = sqlx::query(
                    "UPDATE pool_entries SET game_id = $1, game_seat = $2 WHERE id = $3 AND game_id IS NULL \
                     AND alive_until > $4",
                )
                .bind(&game.id)
                .bind(seat.name())
                .bind(entry)
                .bind(now)
                .execute(&mut *tx)
                .await?;
                if done.rows_affected() != 1 {
                    tx.rollback().await?;
                    return Ok(false);
                }
            }
            insert_game_row!(&mut *tx, game)?;
            tx.commit().await?;
            Ok(true)
        }
        .await);
        self.settle(w, &what, r)
    }

    /// The pool entries held by node `node` that were paired: their players are told, then the entries go
    /// ([`Store::forget_pool_entry`]).
    pub async fn pool_pairings(&self, node: &str) -> Result<Vec<Pairing>, StoreError> {
        on_reader!(&self.db, p => {
            let rows = sqlx::query(
                "SELECT id, player_id, game_id, game_seat FROM pool_entries WHERE holder = $1 \
                 AND game_id IS NOT NULL",
            )
            .bind(node)
            .fetch_all(p)
            .await
            .map_err(StoreError::from)?;
            rows.iter().map(pairing).collect()
        })
    }

    /// Deletes pool entry `id` (its player was told of its game).
    pub async fn forget_pool_entry(&self, id: &str) -> Result<(), StoreError> {
        let what = format!("forget pool entry {id}");
        let mut w = self.writer(&what).await?;
        let r = on_conn!(&mut w.conn, c => sqlx::query("DELETE FROM pool_entries WHERE id = $1")
            .bind(id)
            .execute(c)
            .await
            .map(|_| ()));
        self.settle(w, &what, r)
    }

    /// The listed games being played, most recently moved first (of `variant` when given), at most `limit`.
    pub async fn live_games(
        &self,
        variant: Option<&str>,
        limit: i64,
    ) -> Result<Vec<String>, StoreError> {
        on_reader!(&self.db, p => {
            let rows = sqlx::query(
                "SELECT id FROM games WHERE listed = 1 AND status = 'playing' \
                 AND ($1 IS NULL OR variant = $1) ORDER BY updated_at DESC, id LIMIT $2",
            )
            .bind(variant)
            .bind(limit)
            .fetch_all(p)
            .await
            .map_err(StoreError::from)?;
            rows.iter().map(|r| required(r.text("id")?, "id")).collect()
        })
    }
}
