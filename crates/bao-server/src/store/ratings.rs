//! Ratings (`migrations/0010_ratings.sql`): each player's Glicko-2 rating per variant, each rated game's change,
//! the leaderboards. A rated game is counted by [`Store::settle_ratings`], once: the transaction that writes
//! the new ratings also marks the game counted, and only a game not yet marked is counted, whichever node asks
//! and however many ask at once (PostgreSQL makes a second transaction wait on the game's row and then find it
//! counted; SQLite has one writer). No fencing number: a rating is no game's state, any node may count a game.

use std::collections::BTreeMap;

use bao_core::Side;
use bao_protocol::{
    GameRatings, LeaderboardRow, Outcome, PlayerName, RatingChange, RatingPoint, Reason,
};
use sqlx::{Connection, Row};

use super::db::{on_conn, on_reader, required, Cols};
use super::{Store, StoreError};
use crate::ratings::{after_game, Rating};

/// Most points of a player's rating graph answered per variant (the latest).
pub const HISTORY_POINTS: i64 = 500;

/// A [`Rating`] from a `ratings` row (inside a transaction: errors are sqlx's).
macro_rules! rating_row {
    ($r:expr) => {{
        let r = $r;
        Rating {
            rating: r.try_get::<f64, _>("rating")?,
            deviation: r.try_get::<f64, _>("deviation")?,
            volatility: r.try_get::<f64, _>("volatility")?,
            games: u64::try_from(r.try_get::<i64, _>("games")?).unwrap_or(0),
            played_at: r.try_get::<i64, _>("played_at")?,
        }
    }};
}

/// The change of one side, rounded as shown.
fn change(before: f64, after: f64) -> RatingChange {
    RatingChange {
        before: before.round() as i64,
        after: after.round() as i64,
    }
}

impl Store {
    /// Counts finished game `id` for its players' ratings if it is rated, ended with a result (not aborted)
    /// between two different players, and was not counted yet; answers the change it made (also when it was
    /// counted before, by this node or another), `None` for a game that does not count (or not yet: still
    /// being played).
    pub async fn settle_ratings(&self, id: &str) -> Result<Option<GameRatings>, StoreError> {
        let what = format!("count game {id} for the ratings");
        let now = crate::lobby::now_ms();
        // PostgreSQL: the two rating rows are locked (in the order of the players' ids, so that two games of the
        // same two players ending at once cannot deadlock) before they are read and rewritten.
        let lock = if self.is_postgres() {
            " FOR UPDATE"
        } else {
            ""
        };
        let mut w = self.writer(&what).await?;
        let r = on_conn!(&mut w.conn, c => async {
            let mut tx = c.begin().await?;
            let claim = sqlx::query(
                "UPDATE games SET rating_applied = 1 WHERE id = $1 AND rated = 1 AND rating_applied = 0 \
                 AND status = 'finished' AND result_reason IS NOT NULL AND result_reason <> 'aborted' \
                 AND south_player IS NOT NULL AND north_player IS NOT NULL AND south_player <> north_player \
                 RETURNING variant, south_player, north_player, result_winner, result_reason",
            )
            .bind(id)
            .fetch_optional(&mut *tx)
            .await?;
            let counted = claim.is_some();
            if let Some(g) = claim {
                let variant: String = g.try_get("variant")?;
                let south: String = g.try_get("south_player")?;
                let north: String = g.try_get("north_player")?;
                let winner: Option<String> = g.try_get("result_winner")?;
                let reason: String = g.try_get("result_reason")?;
                let outcome = Outcome {
                    winner: winner.and_then(|w| w.parse::<Side>().ok()),
                    reason: Reason::parse(&reason).unwrap_or(Reason::Resign),
                };
                let mut ids = [south.as_str(), north.as_str()];
                ids.sort_unstable();
                let start = Rating::default();
                for p in ids {
                    sqlx::query(
                        "INSERT INTO ratings (player_id, variant, rating, deviation, volatility, games, \
                         played_at) VALUES ($1, $2, $3, $4, $5, 0, 0) ON CONFLICT (player_id, variant) DO NOTHING",
                    )
                    .bind(p)
                    .bind(&variant)
                    .bind(start.rating)
                    .bind(start.deviation)
                    .bind(start.volatility)
                    .execute(&mut *tx)
                    .await?;
                }
                let rows = sqlx::query(&format!(
                    "SELECT player_id, rating, deviation, volatility, games, played_at FROM ratings \
                     WHERE variant = $1 AND player_id IN ($2, $3) ORDER BY player_id{lock}"
                ))
                .bind(&variant)
                .bind(&south)
                .bind(&north)
                .fetch_all(&mut *tx)
                .await?;
                let mut before = [start, start];
                for r in &rows {
                    let player: String = r.try_get("player_id")?;
                    let rating = rating_row!(r);
                    if player == south {
                        before[0] = rating;
                    } else if player == north {
                        before[1] = rating;
                    }
                }
                let (s, n) = after_game(&before[0], &before[1], outcome, now);
                for (side, player, old, new) in [
                    (Side::South, &south, before[0], s),
                    (Side::North, &north, before[1], n),
                ] {
                    sqlx::query(
                        "UPDATE ratings SET rating = $1, deviation = $2, volatility = $3, games = $4, \
                         played_at = $5 WHERE player_id = $6 AND variant = $7",
                    )
                    .bind(new.rating)
                    .bind(new.deviation)
                    .bind(new.volatility)
                    .bind(i64::try_from(new.games).unwrap_or(i64::MAX))
                    .bind(new.played_at)
                    .bind(player)
                    .bind(&variant)
                    .execute(&mut *tx)
                    .await?;
                    sqlx::query(
                        "INSERT INTO rating_changes (game_id, player_id, variant, side, rating_before, \
                         rating_after, deviation, at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                    )
                    .bind(id)
                    .bind(player)
                    .bind(&variant)
                    .bind(side.name())
                    .bind(old.rating)
                    .bind(new.rating)
                    .bind(new.deviation)
                    .bind(now)
                    .execute(&mut *tx)
                    .await?;
                }
            }
            tx.commit().await.map(|()| counted)
        }
        .await);
        if self.settle(w, &what, r)? {
            self.metrics.rated_games_counted.inc();
        }
        self.game_ratings(id).await
    }

    /// The change rated game `id` made, once it was counted.
    pub async fn game_ratings(&self, id: &str) -> Result<Option<GameRatings>, StoreError> {
        on_reader!(&self.db, p => {
            let rows = sqlx::query(
                "SELECT side, rating_before, rating_after FROM rating_changes WHERE game_id = $1",
            )
            .bind(id)
            .fetch_all(p)
            .await
            .map_err(StoreError::from)?;
            let mut sides = [None, None];
            for r in &rows {
                let side: String = r.try_get("side").map_err(StoreError::from)?;
                let before: f64 = r.try_get("rating_before").map_err(StoreError::from)?;
                let after: f64 = r.try_get("rating_after").map_err(StoreError::from)?;
                match side.as_str() {
                    "south" => sides[0] = Some(change(before, after)),
                    "north" => sides[1] = Some(change(before, after)),
                    _ => {}
                }
            }
            Ok(match sides {
                [Some(south), Some(north)] => Some(GameRatings { south, north }),
                _ => None,
            })
        })
    }

    /// Rated games that ended but were not counted (their node stopped between the two writes, or the
    /// database refused the count): the ratings sweep counts them.
    pub async fn uncounted_rated_games(&self, limit: i64) -> Result<Vec<String>, StoreError> {
        on_reader!(&self.db, p => {
            let rows = sqlx::query(
                "SELECT id FROM games WHERE rated = 1 AND rating_applied = 0 AND status = 'finished' \
                 AND result_reason <> 'aborted' ORDER BY updated_at LIMIT $1",
            )
            .bind(limit)
            .fetch_all(p)
            .await
            .map_err(StoreError::from)?;
            rows.iter().map(|r| required(r.text("id")?, "id")).collect()
        })
    }

    /// Player `id`'s ratings, by variant name.
    pub async fn player_ratings(&self, id: &str) -> Result<BTreeMap<String, Rating>, StoreError> {
        on_reader!(&self.db, p => {
            let rows = sqlx::query(
                "SELECT variant, rating, deviation, volatility, games, played_at FROM ratings \
                 WHERE player_id = $1 AND games > 0",
            )
            .bind(id)
            .fetch_all(p)
            .await
            .map_err(StoreError::from)?;
            let mut ratings = BTreeMap::new();
            for r in &rows {
                let read = || -> Result<(String, Rating), sqlx::Error> {
                    Ok((r.try_get("variant")?, rating_row!(r)))
                };
                let (variant, rating) = read().map_err(StoreError::from)?;
                ratings.insert(variant, rating);
            }
            Ok(ratings)
        })
    }

    /// The ratings in `variant` of those of `players` who have one (a pool's waiting players).
    pub async fn ratings_of(
        &self,
        variant: &str,
        players: &[&str],
    ) -> Result<std::collections::HashMap<String, f64>, StoreError> {
        if players.is_empty() {
            return Ok(Default::default());
        }
        let marks = (2..players.len() + 2)
            .map(|i| format!("${i}"))
            .collect::<Vec<_>>()
            .join(", ");
        let sql = format!(
            "SELECT player_id, rating FROM ratings WHERE variant = $1 AND games > 0 AND player_id IN ({marks})"
        );
        on_reader!(&self.db, p => {
            let mut q = sqlx::query(&sql).bind(variant);
            for id in players {
                q = q.bind(*id);
            }
            let rows = q.fetch_all(p).await.map_err(StoreError::from)?;
            let mut out = std::collections::HashMap::with_capacity(rows.len());
            for r in &rows {
                let id: String = r.try_get("player_id").map_err(StoreError::from)?;
                let rating: f64 = r.try_get("rating").map_err(StoreError::from)?;
                out.insert(id, rating);
            }
            Ok(out)
        })
    }

    /// Player `id`'s rating graph: after each rated game, by variant, oldest first (the latest
    /// [`HISTORY_POINTS`] of each).
    pub async fn rating_history(
        &self,
        id: &str,
    ) -> Result<BTreeMap<String, Vec<RatingPoint>>, StoreError> {
        on_reader!(&self.db, p => {
            let rows = sqlx::query(
                "SELECT variant, at, rating_after, game_id FROM rating_changes WHERE player_id = $1 \
                 ORDER BY at DESC, game_id DESC",
            )
            .bind(id)
            .fetch_all(p)
            .await
            .map_err(StoreError::from)?;
            let mut graphs: BTreeMap<String, Vec<RatingPoint>> = BTreeMap::new();
            for r in &rows {
                let variant: String = r.try_get("variant").map_err(StoreError::from)?;
                let points = graphs.entry(variant).or_default();
                if points.len() as i64 >= HISTORY_POINTS {
                    continue;
                }
                points.push(RatingPoint {
                    at: r.try_get("at").map_err(StoreError::from)?,
                    rating: r.try_get::<f64, _>("rating_after").map_err(StoreError::from)?.round() as i64,
                    game: r.try_get("game_id").map_err(StoreError::from)?,
                });
            }
            for points in graphs.values_mut() {
                points.reverse();
            }
            Ok(graphs)
        })
    }

    /// The best `limit` players of `variant` whose rating is settled (deviation at most `max_deviation`) and
    /// who played a rated game since `since` (Unix ms), best first.
    pub async fn leaderboard(
        &self,
        variant: &str,
        since: i64,
        max_deviation: f64,
        limit: i64,
    ) -> Result<Vec<LeaderboardRow>, StoreError> {
        on_reader!(&self.db, p => {
            let rows = sqlx::query(
                "SELECT r.player_id, p.name, r.rating, r.games FROM ratings r \
                 JOIN players p ON p.id = r.player_id \
                 WHERE r.variant = $1 AND r.played_at >= $2 AND r.deviation <= $3 AND r.games > 0 \
                 AND p.deleted_at IS NULL ORDER BY r.rating DESC, r.player_id LIMIT $4",
            )
            .bind(variant)
            .bind(since)
            .bind(max_deviation)
            .bind(limit)
            .fetch_all(p)
            .await
            .map_err(StoreError::from)?;
            let mut board = Vec::with_capacity(rows.len());
            for r in &rows {
                let read = || -> Result<LeaderboardRow, sqlx::Error> {
                Ok(LeaderboardRow {
                    player: PlayerName {
                        id: r.try_get("player_id")?,
                        name: r.try_get("name")?,
                    },
                    rating: r.try_get::<f64, _>("rating")?.round() as i64,
                    games: u64::try_from(r.try_get::<i64, _>("games")?).unwrap_or(0),
                })
                };
                board.push(read().map_err(StoreError::from)?);
            }
            Ok(board)
        })
    }
}
