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

    /// A start-up failure with `message` caused by `source`.
    pub fn open_from(message: String, source: impl Error + Send + Sync + 'static) -> StoreError {
        StoreError::Open {
            message,
            source: Some(Arc::new(source)),
        }
    }
}
