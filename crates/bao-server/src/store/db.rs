//! The two databases behind the [`Store`](super::Store): SQLite (the default, one file) and PostgreSQL (for
//! several nodes).
//!
//! Most statements are the same text on both (`$N` parameters, portable SQL), so they are written once and
//! compiled for each backend by the macros below ([`on_pool!`], [`on_reader!`], [`on_conn!`]): the body is
//! the same tokens, type-checked once per driver. Only what differs lives in `sqlite.rs` and `postgres.rs`
//! (opening, the group commit's multi-row statements, closing, the hints for operators).

use sqlx::pool::PoolConnection;
use sqlx::postgres::PgRow;
use sqlx::sqlite::SqliteRow;
use sqlx::{PgPool, Postgres, Row, Sqlite, SqlitePool};

use super::StoreError;

/// The connection pools of one backend.
#[derive(Clone, Debug)]
pub(super) enum Db {
    /// SQLite: one writer connection (SQLite has one write lock) and a pool of read-only readers.
    Sqlite {
        /// Writes.
        writer: SqlitePool,
        /// Reads.
        reader: SqlitePool,
        /// The lock of the database's directory (`sqlite.rs`), held until the store is closed: `None` then.
        lock: std::sync::Arc<std::sync::Mutex<Option<std::fs::File>>>,
    },
    /// PostgreSQL: one pool for reads and writes.
    Postgres {
        /// Reads and writes.
        pool: PgPool,
    },
}

impl Db {
    /// Whether the store was closed.
    pub(super) fn is_closed(&self) -> bool {
        on_pool!(self, p => p.is_closed())
    }

    /// Whether this is PostgreSQL.
    pub(super) fn is_postgres(&self) -> bool {
        matches!(self, Db::Postgres { .. })
    }
}

/// A connection taken from the writer pool, of either backend.
#[derive(Debug)]
pub(super) enum Conn {
    /// SQLite's writer.
    Sqlite(PoolConnection<Sqlite>),
    /// A PostgreSQL connection.
    Postgres(PoolConnection<Postgres>),
}

impl Conn {
    /// Closes the connection when it is dropped instead of returning it to the pool (after a failed write).
    pub(super) fn close_on_drop(&mut self) {
        match self {
            Conn::Sqlite(c) => c.close_on_drop(),
            Conn::Postgres(c) => c.close_on_drop(),
        }
    }
}

/// `$body` with `$p` bound to the pool that writes (SQLite's single writer, PostgreSQL's pool).
macro_rules! on_pool {
    ($db:expr, $p:ident => $body:expr) => {
        match $db {
            $crate::store::db::Db::Sqlite { writer: $p, .. } => $body,
            $crate::store::db::Db::Postgres { pool: $p } => $body,
        }
    };
}

/// `$body` with `$p` bound to the pool that reads.
macro_rules! on_reader {
    ($db:expr, $p:ident => $body:expr) => {
        match $db {
            $crate::store::db::Db::Sqlite { reader: $p, .. } => $body,
            $crate::store::db::Db::Postgres { pool: $p } => $body,
        }
    };
}

/// `$body` with `$c` bound to the `&mut` connection of a [`Conn`].
macro_rules! on_conn {
    ($conn:expr, $c:ident => $body:expr) => {
        match $conn {
            $crate::store::db::Conn::Sqlite(pooled) => {
                let $c = &mut **pooled;
                $body
            }
            $crate::store::db::Conn::Postgres(pooled) => {
                let $c = &mut **pooled;
                $body
            }
        }
    };
}

pub(super) use {on_conn, on_pool, on_reader};

/// Reading a column of a result row the same way on both backends.
pub(super) trait Cols {
    /// A text column (NULL: `None`).
    fn text(&self, col: &str) -> Result<Option<String>, StoreError>;
    /// An integer column (NULL: `None`).
    fn int(&self, col: &str) -> Result<Option<i64>, StoreError>;
    /// A floating-point column (NULL: `None`).
    fn float(&self, col: &str) -> Result<Option<f64>, StoreError>;
}

impl Cols for SqliteRow {
    fn text(&self, col: &str) -> Result<Option<String>, StoreError> {
        self.try_get(col).map_err(StoreError::from)
    }
    fn int(&self, col: &str) -> Result<Option<i64>, StoreError> {
        self.try_get(col).map_err(StoreError::from)
    }
    fn float(&self, col: &str) -> Result<Option<f64>, StoreError> {
        self.try_get(col).map_err(StoreError::from)
    }
}

impl Cols for PgRow {
    fn text(&self, col: &str) -> Result<Option<String>, StoreError> {
        self.try_get(col).map_err(StoreError::from)
    }
    /// The portable migrations declare some columns `INTEGER` (PostgreSQL's 4-byte `int4`) and others
    /// `BIGINT`; both are read as `i64`.
    fn int(&self, col: &str) -> Result<Option<i64>, StoreError> {
        match self.try_get::<Option<i64>, _>(col) {
            Ok(v) => Ok(v),
            Err(sqlx::Error::ColumnDecode { .. }) => self
                .try_get::<Option<i32>, _>(col)
                .map(|v| v.map(i64::from))
                .map_err(StoreError::from),
            Err(e) => Err(StoreError::from(e)),
        }
    }
    fn float(&self, col: &str) -> Result<Option<f64>, StoreError> {
        self.try_get(col).map_err(StoreError::from)
    }
}

/// A column that must not be NULL.
pub(super) fn required<T>(v: Option<T>, col: &str) -> Result<T, StoreError> {
    v.ok_or_else(|| StoreError::BadRow(format!("database: column {col} is NULL")))
}
