//! The store's errors: what went wrong with the database, keeping the database's own error as the source.
//! Which code a client hears for each is decided once, by the client-facing error (`AppError::code`).
//!
//! Each message is whole as operators read it (docs/operations.md): it includes the database's own words,
//! which `logs::chain` does not repeat.

use std::error::Error;
use std::sync::Arc;

/// A database error shared by the answers of every move of a failed group commit (`group.rs`).
pub type DbError = Arc<sqlx::Error>;

/// Why a read or a write of the store failed.
#[derive(Clone, Debug, thiserror::Error)]
pub enum StoreError {
    /// The database could not take a write (a full disk, a read-only or failing file system, a database
    /// server that does not answer): nothing was changed, and the same write may work in a moment.
    #[error("cannot {what}: {source}{hint}")]
    NotSaved {
        /// The write, for the logs (`store move 3 of game x`).
        what: String,
        /// What an operator should know beyond the database's words (`" (the disk is full)"`), or nothing.
        hint: &'static str,
        /// The database's error.
        #[source]
        source: DbError,
    },
    /// The game's lease moved to another node (`lease.rs`): this node may no longer write the game.
    #[error("cannot {what}: the game is played on another node now")]
    LeaseLost {
        /// The write.
        what: String,
    },
    /// The group-commit writer task has stopped (the server is stopping).
    #[error("the database writer has stopped")]
    WriterStopped,
    /// The database refused a row of the write (a constraint): a bug of ours, not the database's fault.
    #[error("database: cannot {what}: {source}")]
    Refused {
        /// The write.
        what: String,
        /// The database's error.
        #[source]
        source: DbError,
    },
    /// A read failed.
    #[error("database: {0}")]
    Read(#[source] DbError),
    /// A row holds what this server does not know (a damaged or foreign database).
    #[error("{0}")]
    BadRow(String),
    /// The database cannot be opened, checked, migrated or written at start-up; the message names the file
    /// or the address and the fault.
    #[error("{message}")]
    Open {
        /// What failed, and where.
        message: String,
        /// The underlying error, if there is one.
        #[source]
        source: Option<Arc<dyn Error + Send + Sync>>,
    },
}

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> StoreError {
        StoreError::Read(Arc::new(e))
    }
}

impl StoreError {
    /// A start-up failure with `message` and no further source.
    pub fn open(message: String) -> StoreError {
        StoreError::Open {
            message,
            source: None,
        }
    }

    /// Whether a read failed because the database could not be reached (it is down, restarting or does
    /// not answer), not because of what was read: the same read may work in a moment, so the client hears
    /// `unavailable` rather than `internal` (issue 31: `POST /api/games/status` answered 500 during an
    /// outage).
    pub fn is_outage(&self) -> bool {
        match self {
            StoreError::Read(e) => unreachable_database(e),
            _ => false,
        }
    }

    /// A start-up failure with `message` caused by `source`.
    pub fn open_from(message: String, source: impl Error + Send + Sync + 'static) -> StoreError {
        StoreError::Open {
            message,
            source: Some(Arc::new(source)),
        }
    }
}

/// Whether `e` says that the database could not be reached or went away: no connection (refused, reset,
/// timed out), none free in time, or PostgreSQL's connection exceptions (SQLSTATE class 08) and its
/// "shutting down / starting up" (class 57P: an administrator's shutdown, a crash restart).
fn unreachable_database(e: &sqlx::Error) -> bool {
    match e {
        sqlx::Error::Io(_)
        | sqlx::Error::Tls(_)
        | sqlx::Error::PoolTimedOut
        | sqlx::Error::PoolClosed
        | sqlx::Error::WorkerCrashed => true,
        sqlx::Error::Database(d) => d
            .code()
            .is_some_and(|c| c.starts_with("08") || c.starts_with("57P")),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_read_of_an_unreachable_database_is_an_outage_and_a_bad_row_is_not() {
        let refused = std::io::Error::new(std::io::ErrorKind::ConnectionRefused, "refused");
        assert!(StoreError::from(sqlx::Error::Io(refused)).is_outage());
        assert!(StoreError::from(sqlx::Error::PoolTimedOut).is_outage());
        assert!(!StoreError::from(sqlx::Error::RowNotFound).is_outage());
        assert!(!StoreError::BadRow("game x: unknown status".into()).is_outage());
    }
}
