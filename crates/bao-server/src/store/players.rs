//! Players (`migrations/0008_players.sql`): created, found by the hash of their key or by id, renamed,
//! deleted (the player who took each seat of a game is a column of `games`, read with the game). The same SQL on both backends (`db.rs`). No fencing
//! number: a player is nobody's game, and two nodes renaming one player write the last name given.

use sqlx::Connection;

use super::db::{on_conn, on_reader, required, Cols};
use super::StoreError;
use super::{unix_now, Store};

/// A player as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerRow {
    /// Public id.
    pub id: String,
    /// The name (empty once deleted).
    pub name: String,
    /// Unix seconds.
    pub created_at: i64,
    /// Whether the player was deleted (its games keep pointing to it).
    pub deleted: bool,
}

pub(super) fn player_row(r: &impl Cols) -> Result<PlayerRow, StoreError> {
    Ok(PlayerRow {
        id: required(r.text("id")?, "id")?,
        name: required(r.text("name")?, "name")?,
        created_at: required(r.int("created_at")?, "created_at")?,
        deleted: r.int("deleted_at")?.is_some(),
    })
}

pub(super) const COLUMNS: &str = "id, name, created_at, deleted_at";

impl Store {
    /// Stores a new player `id` named `name` whose key hashes to `key_hash`.
    pub async fn insert_player(
        &self,
        id: &str,
        name: &str,
        key_hash: &str,
    ) -> Result<PlayerRow, StoreError> {
        let what = format!("store new player {id}");
        let created_at = unix_now();
        let mut w = self.writer(&what).await?;
        // The key is the player's first session (`accounts.rs`); `players.key_hash` keeps it too, as it did
        // before there were sessions.
        let r = on_conn!(&mut w.conn, c => async {
            let mut tx = c.begin().await?;
            sqlx::query("INSERT INTO players (id, name, key_hash, created_at) VALUES ($1, $2, $3, $4)")
                .bind(id)
                .bind(name)
                .bind(key_hash)
                .bind(created_at)
                .execute(&mut *tx)
                .await?;
            sqlx::query(
                "INSERT INTO sessions (key_hash, player_id, via, created_at) VALUES ($1, $2, 'created', $3)",
            )
            .bind(key_hash)
            .bind(id)
            .bind(created_at.saturating_mul(1000))
            .execute(&mut *tx)
            .await?;
            tx.commit().await
        }
        .await);
        self.settle(w, &what, r)?;
        Ok(PlayerRow {
            id: id.to_owned(),
            name: name.to_owned(),
            created_at,
            deleted: false,
        })
    }

    /// The player whose key hashes to `key_hash` (any of its sessions: `accounts.rs`), unless deleted.
    pub async fn player_by_key(&self, key_hash: &str) -> Result<Option<PlayerRow>, StoreError> {
        on_reader!(&self.db, p => {
            let row = sqlx::query(
                "SELECT p.id, p.name, p.created_at, p.deleted_at FROM sessions s \
                 JOIN players p ON p.id = s.player_id WHERE s.key_hash = $1 AND p.deleted_at IS NULL",
            )
            .bind(key_hash)
            .fetch_optional(p)
            .await
            .map_err(StoreError::from)?;
            row.as_ref().map(player_row).transpose()
        })
    }

    /// The player `id` (deleted ones too: their games still name them).
    pub async fn player(&self, id: &str) -> Result<Option<PlayerRow>, StoreError> {
        on_reader!(&self.db, p => {
            let row = sqlx::query(&format!("SELECT {COLUMNS} FROM players WHERE id = $1"))
                .bind(id)
                .fetch_optional(p)
                .await
                .map_err(StoreError::from)?;
            row.as_ref().map(player_row).transpose()
        })
    }

    /// The games player `id` took a seat in.
    pub async fn player_game_count(&self, id: &str) -> Result<i64, StoreError> {
        on_reader!(&self.db, p => {
            let row = sqlx::query(
                "SELECT COUNT(*) AS n FROM games WHERE south_player = $1 OR north_player = $1",
            )
            .bind(id)
            .fetch_one(p)
            .await
            .map_err(StoreError::from)?;
            Ok(row.int("n")?.unwrap_or(0))
        })
    }

    /// The ids of the games player `id` took a seat in, created before `before` (Unix ms) when given, newest
    /// first, at most `limit`.
    pub async fn player_games(
        &self,
        id: &str,
        before: Option<i64>,
        limit: i64,
    ) -> Result<Vec<String>, StoreError> {
        // Seconds in the table, milliseconds on the wire: a game of the same second as `before` is on the next
        // page only if it was created strictly earlier.
        let before_s = before.map_or(i64::MAX, |ms| ms.div_euclid(1000));
        on_reader!(&self.db, p => {
            let rows = sqlx::query(
                "SELECT id FROM games WHERE (south_player = $1 OR north_player = $1) AND created_at < $2 \
                 ORDER BY created_at DESC, id DESC LIMIT $3",
            )
            .bind(id)
            .bind(before_s)
            .bind(limit)
            .fetch_all(p)
            .await
            .map_err(StoreError::from)?;
            rows.iter().map(|r| required(r.text("id")?, "id")).collect()
        })
    }

    /// Renames player `id` (not deleted); whether it was found.
    pub async fn rename_player(&self, id: &str, name: &str) -> Result<bool, StoreError> {
        let what = format!("rename player {id}");
        let mut w = self.writer(&what).await?;
        let r = on_conn!(&mut w.conn, c => sqlx::query(
            "UPDATE players SET name = $1 WHERE id = $2 AND deleted_at IS NULL",
        )
        .bind(name)
        .bind(id)
        .execute(c)
        .await
        .map(|done| done.rows_affected() == 1));
        self.settle(w, &what, r)
    }

    /// Deletes player `id`: the name, every session, passkey and sign-in link go (nobody can act as it
    /// again), the row stays for its games. Whether it was found.
    pub async fn delete_player(&self, id: &str) -> Result<bool, StoreError> {
        let what = format!("delete player {id}");
        let mut w = self.writer(&what).await?;
        // The key's hash is replaced by one no key has (the column is unique and not null).
        let r = on_conn!(&mut w.conn, c => async {
            let mut tx = c.begin().await?;
            let found = sqlx::query(
                "UPDATE players SET name = '', key_hash = 'deleted:' || id, passkey_user = NULL, \
                 deleted_at = $1 WHERE id = $2 AND deleted_at IS NULL",
            )
            .bind(unix_now())
            .bind(id)
            .execute(&mut *tx)
            .await?
            .rows_affected()
                == 1;
            for table in ["sessions", "passkeys", "sign_in_links", "webauthn_ceremonies"] {
                sqlx::query(&format!("DELETE FROM {table} WHERE player_id = $1"))
                    .bind(id)
                    .execute(&mut *tx)
                    .await?;
            }
            tx.commit().await.map(|()| found)
        }
        .await);
        self.settle(w, &what, r)
    }
}
