//! PostgreSQL: opening the pool (the migrations under PostgreSQL's advisory lock, so several nodes may start
//! at once) and the group commit's statements.

use std::str::FromStr;
use std::time::Duration;

use sqlx::migrate::Migrator;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::PgConnection;

use bao_core::Side;

use super::db::Db;
use super::group::MoveJob;
use super::migrations::{self, Embedded};
use super::StoreError;

/// Connections per node: the group-commit writer, the rooms' other writes and the reads.
const POOL: u32 = 16;

/// `url` without its password, for messages and logs.
pub(super) fn redacted(url: &str) -> String {
    match PgConnectOptions::from_str(url) {
        Ok(o) => format!(
            "postgres://{}@{}:{}/{}",
            o.get_username(),
            o.get_host(),
            o.get_port(),
            o.get_database().unwrap_or("")
        ),
        Err(_) => "postgres://…".to_owned(),
    }
}

/// Connects to the PostgreSQL server of `url` and applies the migrations; `name` is `url` for messages.
pub(super) async fn open(url: &str, name: &str) -> Result<Db, StoreError> {
    let fail =
        |doing: &str, e: &dyn std::fmt::Display| StoreError::open(format!("{doing} {name}: {e}"));
    let opts = PgConnectOptions::from_str(url)
        .map_err(|e| fail("--database-url is not a PostgreSQL address:", &e))?
        .application_name("bao-server");
    let pool = PgPoolOptions::new()
        .max_connections(POOL)
        .acquire_timeout(Duration::from_secs(5))
        .connect_with(opts)
        .await
        .map_err(|e| {
            fail(
                "cannot connect to the database",
                &format!("{e} (check that PostgreSQL runs and answers there)"),
            )
        })?;
    // Before the migrations, which would write: a database of a newer bao-server is left as it is.
    let applied = applied_migrations(&pool)
        .await
        .map_err(|e| fail("cannot read the schema version of", &e))?;
    migrations::refuse_newer(name, &applied)?;
    let migrator = Migrator::new(Embedded)
        .await
        .map_err(|e| StoreError::open_from(format!("cannot read the migrations: {e}"), e))?;
    migrator.run(&pool).await.map_err(|e| {
        migrations::newer_or(name, e).unwrap_or_else(|e| fail("cannot apply the migrations to", &e))
    })?;
    Ok(Db::Postgres { pool })
}

/// The migrations applied to the database (sqlx's table in the first schema of the search path, where the
/// migrator makes it).
async fn applied_migrations(pool: &sqlx::PgPool) -> Result<Vec<i64>, sqlx::Error> {
    let has_table: bool = sqlx::query_scalar("SELECT to_regclass('_sqlx_migrations') IS NOT NULL")
        .fetch_one(pool)
        .await?;
    if !has_table {
        return Ok(Vec::new());
    }
    sqlx::query_scalar(migrations::APPLIED)
        .fetch_all(pool)
        .await
}

/// The moves and their games' rows, in one transaction of a few statements whatever the number of moves:
/// each column goes as one array parameter, which `UNNEST` turns back into rows. First the games' fencing
/// numbers are checked (and their lease rows locked until the commit, `lease.rs`); the moves of games whose
/// lease moved on are left out, and their indices returned.
///
/// Everything before the COMMIT must be done by `deadline` (`group::PG_WRITE_DEADLINE`); the COMMIT is waited
/// for, however long it takes.
pub(super) async fn write_moves(
    conn: &mut PgConnection,
    all: &[MoveJob],
    t: i64,
    deadline: tokio::time::Instant,
) -> Result<Vec<usize>, sqlx::Error> {
    let statements = statements(conn, all, t);
    let (tx, out) = tokio::time::timeout_at(deadline, statements)
        .await
        .map_err(|_| super::group::no_answer(super::group::PG_WRITE_DEADLINE))??;
    tx.commit().await?;
    Ok(out)
}

/// The statements of [`write_moves`], in a transaction left open for its COMMIT.
async fn statements<'c>(
    conn: &'c mut PgConnection,
    all: &[MoveJob],
    t: i64,
) -> Result<(sqlx::Transaction<'c, sqlx::Postgres>, Vec<usize>), sqlx::Error> {
    use sqlx::Connection;
    let mut tx = conn.begin().await?;
    let fenced: Vec<(&str, i64)> = all
        .iter()
        .filter_map(|j| Some((j.game.as_str(), j.fence?)))
        .collect();
    let mut out = Vec::new();
    if !fenced.is_empty() {
        let (games, fences): (Vec<&str>, Vec<i64>) = fenced.into_iter().unzip();
        let held: Vec<(String,)> = sqlx::query_as(
            "SELECT l.game_id FROM leases l JOIN UNNEST($1::text[], $2::int8[]) AS j(game_id, fence) \
             ON l.game_id = j.game_id AND l.fence = j.fence FOR KEY SHARE OF l",
        )
        .bind(&games)
        .bind(&fences)
        .fetch_all(&mut *tx)
        .await?;
        let held: std::collections::HashSet<&str> = held.iter().map(|h| h.0.as_str()).collect();
        out = (0..all.len())
            .filter(|&i| all[i].fence.is_some() && !held.contains(all[i].game.as_str()))
            .collect();
    }
    let jobs: Vec<&MoveJob> = (0..all.len())
        .filter(|i| !out.contains(i))
        .map(|i| &all[i])
        .collect();
    if jobs.is_empty() {
        return Ok((tx, out));
    }
    let column =
        |f: &dyn Fn(&MoveJob) -> Option<i64>| jobs.iter().map(|j| f(j)).collect::<Vec<_>>();
    sqlx::query(
        "INSERT INTO moves (game_id, ply, notation, v, played_at, south_ms, north_ms, clock_at) \
         SELECT game_id, ply, notation, v, $5, south_ms, north_ms, clock_at \
         FROM UNNEST($1::text[], $2::int8[], $3::text[], $4::int8[], $6::int8[], $7::int8[], $8::int8[]) \
         AS m(game_id, ply, notation, v, south_ms, north_ms, clock_at)",
    )
    .bind(jobs.iter().map(|m| m.game.as_str()).collect::<Vec<_>>())
    .bind(column(&|m| Some(m.ply)))
    .bind(jobs.iter().map(|m| m.notation.as_str()).collect::<Vec<_>>())
    .bind(column(&|m| Some(m.move_v)))
    .bind(t)
    .bind(column(&|m| m.clock.map(|c| c.south_ms)))
    .bind(column(&|m| m.clock.map(|c| c.north_ms)))
    .bind(column(&|m| m.clock.map(|c| c.at)))
    .execute(&mut *tx)
    .await?;
    // `UPDATE … FROM` takes one row per game: a game with two moves in the batch (a room waits for its
    // move's answer, so this does not happen) is written a move at a time.
    let parts = if super::group::repeats_a_game(jobs.iter().copied()) {
        jobs.chunks(1)
    } else {
        jobs.chunks(jobs.len())
    };
    for part in parts {
        sqlx::query(
            "UPDATE games SET status = u.status, result_winner = u.winner, result_reason = u.reason, \
             v = u.v, updated_at = $1 \
             FROM UNNEST($2::text[], $3::text[], $4::text[], $5::text[], $6::int8[]) \
             AS u(id, status, winner, reason, v) WHERE games.id = u.id",
        )
        .bind(t)
        .bind(part.iter().map(|m| m.game.as_str()).collect::<Vec<_>>())
        .bind(part.iter().map(|m| m.status.name()).collect::<Vec<_>>())
        .bind(
            part.iter()
                .map(|m| m.result.and_then(|r| r.winner).map(Side::name))
                .collect::<Vec<_>>(),
        )
        .bind(
            part.iter()
                .map(|m| m.result.map(|r| r.reason.name()))
                .collect::<Vec<_>>(),
        )
        .bind(part.iter().map(|m| Some(m.game_v)).collect::<Vec<_>>())
        .execute(&mut *tx)
        .await?;
    }
    Ok((tx, out))
}
