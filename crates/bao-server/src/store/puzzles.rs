//! Puzzle ratings and progress (`migrations/0013_puzzles.sql`): each puzzle's Glicko-2 rating, each player's
//! puzzle rating, counts by theme and streaks, and the puzzles each player tried. An attempt is recorded in one
//! transaction; PostgreSQL locks the puzzle's row and then the player's (always in that order, so that two
//! attempts cannot deadlock), SQLite has one writer.

use std::collections::{BTreeMap, HashMap, HashSet};

use bao_protocol::{Glicko, PuzzleCounts, PuzzleProgress};
use sqlx::{Connection, Row};

use super::db::{on_conn, on_reader};
use super::{Store, StoreError};
use crate::puzzles::rating::{rate, START};

/// Most puzzle ids read back as a player's tried puzzles (the choice of the next puzzle avoids them).
pub const MOST_TRIED: i64 = 20_000;

/// A puzzle's stored rating.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PuzzleRatingRow {
    /// The rating.
    pub glicko: Glicko,
    /// Rated attempts.
    pub plays: u64,
}

/// One attempt to record.
#[derive(Clone, Debug)]
pub struct AttemptWrite<'a> {
    /// The player, if the request has one.
    pub player: Option<&'a str>,
    /// The puzzle.
    pub puzzle: &'a str,
    /// The puzzle's rating before any attempt (its prior).
    pub prior: Glicko,
    /// Its themes' names.
    pub themes: &'a [&'a str],
    /// Solved or failed.
    pub solved: bool,
    /// Part of a streak.
    pub streak: bool,
    /// Without a player: the browser's rating.
    pub browser: Glicko,
    /// Unix ms.
    pub now: i64,
}

/// What an attempt did.
#[derive(Clone, Debug, PartialEq)]
pub struct AttemptOutcome {
    /// Whether it changed the ratings.
    pub rated: bool,
    /// The puzzle's rating after it.
    pub puzzle: PuzzleRatingRow,
    /// The solver's rating after it.
    pub rating: Glicko,
}

macro_rules! glicko_row {
    ($r:expr) => {{
        let r = $r;
        Glicko {
            rating: r.try_get::<f64, _>("rating")?,
            deviation: r.try_get::<f64, _>("deviation")?,
            volatility: r.try_get::<f64, _>("volatility")?,
        }
    }};
}

fn count(v: i64) -> u64 {
    u64::try_from(v).unwrap_or(0)
}

impl Store {
    /// Records an attempt at a puzzle and rates it: a player's first try at the puzzle changes both ratings
    /// (later tries only the streak); without a player every attempt rates the puzzle against the browser's
    /// own rating, answered back.
    pub async fn record_puzzle_attempt(
        &self,
        a: &AttemptWrite<'_>,
    ) -> Result<AttemptOutcome, StoreError> {
        let what = format!("record an attempt at puzzle {}", a.puzzle);
        let lock = if self.is_postgres() {
            " FOR UPDATE"
        } else {
            ""
        };
        let mut w = self.writer(&what).await?;
        let r = on_conn!(&mut w.conn, c => async {
            let mut tx = c.begin().await?;
            let first = match a.player {
                Some(player) => sqlx::query(
                    "INSERT INTO puzzle_attempts (player_id, puzzle_id, solved, at) VALUES ($1, $2, $3, $4) \
                     ON CONFLICT (player_id, puzzle_id) DO NOTHING",
                )
                .bind(player)
                .bind(a.puzzle)
                .bind(i64::from(a.solved))
                .bind(a.now)
                .execute(&mut *tx)
                .await?
                .rows_affected()
                    == 1,
                None => true,
            };
            sqlx::query(
                "INSERT INTO puzzle_ratings (puzzle_id, rating, deviation, volatility, plays) \
                 VALUES ($1, $2, $3, $4, 0) ON CONFLICT (puzzle_id) DO NOTHING",
            )
            .bind(a.puzzle)
            .bind(a.prior.rating)
            .bind(a.prior.deviation)
            .bind(a.prior.volatility)
            .execute(&mut *tx)
            .await?;
            let row = sqlx::query(&format!(
                "SELECT rating, deviation, volatility, plays FROM puzzle_ratings WHERE puzzle_id = $1{lock}"
            ))
            .bind(a.puzzle)
            .fetch_one(&mut *tx)
            .await?;
            let mut puzzle = PuzzleRatingRow {
                glicko: glicko_row!(&row),
                plays: count(row.try_get("plays")?),
            };
            let mut solver = a.browser;
            if let Some(player) = a.player {
                sqlx::query(
                    "INSERT INTO puzzle_players (player_id, rating, deviation, volatility, solved, failed, \
                     streak, best_streak, updated_at) VALUES ($1, $2, $3, $4, 0, 0, 0, 0, $5) \
                     ON CONFLICT (player_id) DO NOTHING",
                )
                .bind(player)
                .bind(START.rating)
                .bind(START.deviation)
                .bind(START.volatility)
                .bind(a.now)
                .execute(&mut *tx)
                .await?;
                let row = sqlx::query(&format!(
                    "SELECT rating, deviation, volatility, streak, best_streak FROM puzzle_players \
                     WHERE player_id = $1{lock}"
                ))
                .bind(player)
                .fetch_one(&mut *tx)
                .await?;
                solver = glicko_row!(&row);
                let mut streak: i64 = row.try_get("streak")?;
                let mut best: i64 = row.try_get("best_streak")?;
                if a.streak {
                    streak = if a.solved { streak + 1 } else { 0 };
                    best = best.max(streak);
                }
                if first {
                    let (p, z) = rate(solver, puzzle.glicko, a.solved);
                    solver = p;
                    puzzle.glicko = z;
                    for t in a.themes.iter().copied().chain(["all"]) {
                        sqlx::query(
                            "INSERT INTO puzzle_themes (player_id, theme, solved, failed) VALUES ($1, $2, 0, 0) \
                             ON CONFLICT (player_id, theme) DO NOTHING",
                        )
                        .bind(player)
                        .bind(t)
                        .execute(&mut *tx)
                        .await?;
                        sqlx::query(
                            "UPDATE puzzle_themes SET solved = solved + $1, failed = failed + $2 \
                             WHERE player_id = $3 AND theme = $4",
                        )
                        .bind(i64::from(a.solved))
                        .bind(i64::from(!a.solved))
                        .bind(player)
                        .bind(t)
                        .execute(&mut *tx)
                        .await?;
                    }
                }
                sqlx::query(
                    "UPDATE puzzle_players SET rating = $1, deviation = $2, volatility = $3, \
                     solved = solved + $4, failed = failed + $5, streak = $6, best_streak = $7, updated_at = $8 \
                     WHERE player_id = $9",
                )
                .bind(solver.rating)
                .bind(solver.deviation)
                .bind(solver.volatility)
                .bind(i64::from(first && a.solved))
                .bind(i64::from(first && !a.solved))
                .bind(streak)
                .bind(best)
                .bind(a.now)
                .bind(player)
                .execute(&mut *tx)
                .await?;
            } else {
                let (p, z) = rate(solver, puzzle.glicko, a.solved);
                solver = p;
                puzzle.glicko = z;
            }
            if first {
                puzzle.plays += 1;
                sqlx::query(
                    "UPDATE puzzle_ratings SET rating = $1, deviation = $2, volatility = $3, plays = $4 \
                     WHERE puzzle_id = $5",
                )
                .bind(puzzle.glicko.rating)
                .bind(puzzle.glicko.deviation)
                .bind(puzzle.glicko.volatility)
                .bind(i64::try_from(puzzle.plays).unwrap_or(i64::MAX))
                .bind(a.puzzle)
                .execute(&mut *tx)
                .await?;
            }
            tx.commit().await.map(|()| AttemptOutcome {
                rated: first,
                puzzle,
                rating: solver,
            })
        }
        .await);
        self.settle(w, &what, r)
    }

    /// Every puzzle's stored rating, by id (the puzzles never tried have none).
    pub async fn puzzle_ratings(&self) -> Result<HashMap<String, PuzzleRatingRow>, StoreError> {
        on_reader!(&self.db, p => {
            let rows = sqlx::query("SELECT puzzle_id, rating, deviation, volatility, plays FROM puzzle_ratings")
                .fetch_all(p)
                .await
                .map_err(StoreError::from)?;
            let mut out = HashMap::with_capacity(rows.len());
            for r in &rows {
                let read = || -> Result<(String, PuzzleRatingRow), sqlx::Error> {
                    Ok((
                        r.try_get("puzzle_id")?,
                        PuzzleRatingRow {
                            glicko: glicko_row!(r),
                            plays: count(r.try_get("plays")?),
                        },
                    ))
                };
                let (id, row) = read().map_err(StoreError::from)?;
                out.insert(id, row);
            }
            Ok(out)
        })
    }

    /// One puzzle's stored rating.
    pub async fn puzzle_rating(&self, id: &str) -> Result<Option<PuzzleRatingRow>, StoreError> {
        on_reader!(&self.db, p => {
            let row = sqlx::query(
                "SELECT rating, deviation, volatility, plays FROM puzzle_ratings WHERE puzzle_id = $1",
            )
            .bind(id)
            .fetch_optional(p)
            .await
            .map_err(StoreError::from)?;
            match row {
                Some(r) => {
                    let read = || -> Result<PuzzleRatingRow, sqlx::Error> {
                        Ok(PuzzleRatingRow {
                            glicko: glicko_row!(&r),
                            plays: count(r.try_get("plays")?),
                        })
                    };
                    read().map(Some).map_err(StoreError::from)
                }
                None => Ok(None),
            }
        })
    }

    /// The puzzles player `id` tried (the latest [`MOST_TRIED`]).
    pub async fn tried_puzzles(&self, id: &str) -> Result<HashSet<String>, StoreError> {
        on_reader!(&self.db, p => {
            let rows = sqlx::query(
                "SELECT puzzle_id FROM puzzle_attempts WHERE player_id = $1 ORDER BY at DESC LIMIT $2",
            )
            .bind(id)
            .bind(MOST_TRIED)
            .fetch_all(p)
            .await
            .map_err(StoreError::from)?;
            rows.iter()
                .map(|r| r.try_get::<String, _>("puzzle_id").map_err(StoreError::from))
                .collect()
        })
    }

    /// Player `id`'s puzzle progress: `None` before a first attempt.
    pub async fn puzzle_progress(&self, id: &str) -> Result<Option<PuzzleProgress>, StoreError> {
        on_reader!(&self.db, p => {
            let Some(row) = sqlx::query(
                "SELECT rating, deviation, volatility, solved, failed, streak, best_streak FROM puzzle_players \
                 WHERE player_id = $1",
            )
            .bind(id)
            .fetch_optional(p)
            .await
            .map_err(StoreError::from)?
            else {
                return Ok(None);
            };
            let themes = sqlx::query(
                "SELECT theme, solved, failed FROM puzzle_themes WHERE player_id = $1 AND theme <> 'all'",
            )
            .bind(id)
            .fetch_all(p)
            .await
            .map_err(StoreError::from)?;
            let read = || -> Result<PuzzleProgress, sqlx::Error> {
                let mut by_theme = BTreeMap::new();
                for t in &themes {
                    by_theme.insert(
                        t.try_get::<String, _>("theme")?,
                        PuzzleCounts {
                            solved: count(t.try_get("solved")?),
                            failed: count(t.try_get("failed")?),
                        },
                    );
                }
                Ok(PuzzleProgress {
                    rating: glicko_row!(&row),
                    counts: PuzzleCounts {
                        solved: count(row.try_get("solved")?),
                        failed: count(row.try_get("failed")?),
                    },
                    themes: by_theme,
                    streak: count(row.try_get("streak")?),
                    best_streak: count(row.try_get("best_streak")?),
                })
            };
            read().map(Some).map_err(StoreError::from)
        })
    }
}
