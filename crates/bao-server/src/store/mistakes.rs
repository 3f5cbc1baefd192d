//! A player's own mistakes as puzzles (`migrations/0014_mistakes.sql`): the reviewed games they played, read
//! with their reviews (the mistakes are found in those), and the mistakes they have solved since.

use std::collections::HashSet;

use super::db::{on_conn, on_reader, required, Cols};
use super::{Store, StoreError};

/// A reviewed game of a player, with its stored review (JSON).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReviewedGame {
    /// The game's id.
    pub id: String,
    /// Its variant's name.
    pub variant: String,
    /// Whether the player held South (else North).
    pub south: bool,
    /// The review, as stored.
    pub review: String,
}

impl Store {
    /// The reviewed games player `id` took a seat in, the most recently reviewed first, at most `limit`. A game
    /// where the player held both seats is listed with South.
    pub async fn reviewed_games_of(
        &self,
        id: &str,
        limit: i64,
    ) -> Result<Vec<ReviewedGame>, StoreError> {
        on_reader!(&self.db, p => {
            let rows = sqlx::query(
                "SELECT g.id, g.variant, g.south_player, r.body FROM reviews r JOIN games g ON g.id = r.game_id \
                 WHERE g.south_player = $1 OR g.north_player = $1 \
                 ORDER BY r.created_at DESC, g.id DESC LIMIT $2",
            )
            .bind(id)
            .bind(limit)
            .fetch_all(p)
            .await
            .map_err(StoreError::from)?;
            rows.iter()
                .map(|r| {
                    Ok(ReviewedGame {
                        id: required(r.text("id")?, "id")?,
                        variant: required(r.text("variant")?, "variant")?,
                        south: r.text("south_player")?.as_deref() == Some(id),
                        review: required(r.text("body")?, "body")?,
                    })
                })
                .collect()
        })
    }

    /// The mistakes player `id` has solved, as (game, ply).
    pub async fn solved_mistakes(&self, id: &str) -> Result<HashSet<(String, u64)>, StoreError> {
        on_reader!(&self.db, p => {
            let rows = sqlx::query("SELECT game_id, ply FROM mistake_solves WHERE player_id = $1")
                .bind(id)
                .fetch_all(p)
                .await
                .map_err(StoreError::from)?;
            rows.iter()
                .map(|r| {
                    let ply = required(r.int("ply")?, "ply")?;
                    Ok((required(r.text("game_id")?, "game_id")?, u64::try_from(ply).unwrap_or(0)))
                })
                .collect()
        })
    }

    /// Records that player `id` solved the mistake of `game` at `ply` (at `now`, Unix ms); solving it again
    /// changes nothing.
    pub async fn record_mistake_solved(
        &self,
        id: &str,
        game: &str,
        ply: u64,
        now: i64,
    ) -> Result<(), StoreError> {
        let what = format!("record a solved mistake of player {id}");
        let mut w = self.writer(&what).await?;
        let r = on_conn!(&mut w.conn, c => sqlx::query(
            "INSERT INTO mistake_solves (player_id, game_id, ply, solved_at) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (player_id, game_id, ply) DO NOTHING",
        )
        .bind(id)
        .bind(game)
        .bind(i64::try_from(ply).unwrap_or(i64::MAX))
        .bind(now)
        .execute(c)
        .await
        .map(|_| ()));
        self.settle(w, &what, r)
    }
}
