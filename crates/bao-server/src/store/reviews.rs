//! The computer's reviews of finished games (`migrations/0005_reviews.sql`): written once, read by everyone.
//! The same SQL on both backends (`db.rs`); no fencing number: a review is not part of the game's state, and
//! two nodes reviewing the same finished game write the same thing (the first one stays).

use super::db::{on_conn, on_reader, Cols};
use super::StoreError;
use super::{unix_now, Store};

impl Store {
    /// The stored review of game `id` (its JSON), if it has one.
    pub async fn review(&self, id: &str) -> Result<Option<String>, StoreError> {
        on_reader!(&self.db, p => {
            let row = sqlx::query("SELECT body FROM reviews WHERE game_id = $1")
                .bind(id)
                .fetch_optional(p)
                .await
                .map_err(StoreError::from)?;
            match row {
                Some(r) => r.text("body"),
                None => Ok(None),
            }
        })
    }

    /// Stores the review `body` of game `id`, made with `think_ms` per position. A review stored meanwhile
    /// is kept: both were made from the same finished game.
    pub async fn insert_review(
        &self,
        id: &str,
        think_ms: u64,
        body: &str,
    ) -> Result<(), StoreError> {
        let what = format!("store the review of game {id}");
        let mut w = self.writer(&what).await?;
        let r = on_conn!(&mut w.conn, c => sqlx::query(
            "INSERT INTO reviews (game_id, think_ms, created_at, body) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (game_id) DO NOTHING",
        )
        .bind(id)
        .bind(i64::try_from(think_ms).unwrap_or(i64::MAX))
        .bind(unix_now())
        .bind(body)
        .execute(c)
        .await
        .map(|_| ()));
        self.settle(w, &what, r)
    }
}
