//! Signing in on more than one device (`migrations/0011_accounts.sql`): the sessions (every key that acts as a
//! player), passkeys, the WebAuthn ceremonies under way, and sign-in links. The same SQL on both backends
//! (`db.rs`). What is checked once (a ceremony, a link) is taken by one conditional statement, so that two
//! requests at once, on one node or two, cannot both use it.

use sqlx::{Connection, Row};

use super::db::{on_conn, on_reader, required, Cols};
use super::players::{player_row, COLUMNS};
use super::{PlayerRow, Store, StoreError};

/// How a session began (the `via` column of `sessions`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SessionVia {
    /// The key the player was created with.
    Created,
    /// A passkey's sign-in.
    Passkey,
    /// A sign-in link.
    Link,
}

impl SessionVia {
    fn name(self) -> &'static str {
        match self {
            SessionVia::Created => "created",
            SessionVia::Passkey => "passkey",
            SessionVia::Link => "link",
        }
    }
}

/// The two kinds of WebAuthn ceremony.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CeremonyKind {
    /// Adding a passkey to a player.
    Register,
    /// Signing in with a passkey.
    SignIn,
}

impl CeremonyKind {
    fn name(self) -> &'static str {
        match self {
            CeremonyKind::Register => "register",
            CeremonyKind::SignIn => "sign_in",
        }
    }
}

/// A ceremony taken back to be finished.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ceremony {
    /// The player adding a passkey (none for a sign-in).
    pub player_id: Option<String>,
    /// webauthn-rs's state, as JSON.
    pub state: String,
}

/// A passkey as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PasskeyRow {
    /// Our id of it (public to its player).
    pub id: String,
    /// Whose it is.
    pub player_id: String,
    /// The credential's id, base64url.
    pub credential_id: String,
    /// The name its player gave it.
    pub name: String,
    /// webauthn-rs's record of it, as JSON.
    pub credential: String,
    /// Unix ms.
    pub created_at: i64,
    /// Unix ms of its last sign-in.
    pub last_used_at: Option<i64>,
}

fn passkey_row(r: &impl Cols) -> Result<PasskeyRow, StoreError> {
    Ok(PasskeyRow {
        id: required(r.text("id")?, "id")?,
        player_id: required(r.text("player_id")?, "player_id")?,
        credential_id: required(r.text("credential_id")?, "credential_id")?,
        name: required(r.text("name")?, "name")?,
        credential: required(r.text("credential")?, "credential")?,
        created_at: required(r.int("created_at")?, "created_at")?,
        last_used_at: r.int("last_used_at")?,
    })
}

const PASSKEY_COLUMNS: &str =
    "id, player_id, credential_id, name, credential, created_at, last_used_at";

/// A sign-in link as its player sees it (never its secret).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SignInLinkRow {
    /// Its id (the part of the link before the secret).
    pub id: String,
    /// Unix ms.
    pub created_at: i64,
    /// Unix ms.
    pub expires_at: i64,
}

impl Store {
    /// Adds the session `key_hash` (the hash of a new key) to player `player_id`.
    pub async fn insert_session(
        &self,
        player_id: &str,
        key_hash: &str,
        via: SessionVia,
    ) -> Result<(), StoreError> {
        let what = format!("start a session of player {player_id}");
        let now = crate::lobby::now_ms();
        let mut w = self.writer(&what).await?;
        let r = on_conn!(&mut w.conn, c => sqlx::query(
            "INSERT INTO sessions (key_hash, player_id, via, created_at) VALUES ($1, $2, $3, $4)",
        )
        .bind(key_hash)
        .bind(player_id)
        .bind(via.name())
        .bind(now)
        .execute(c)
        .await
        .map(|_| ()));
        self.settle(w, &what, r)
    }

    /// Ends the session `key_hash`: its key acts as nobody from now on. Whether there was one.
    pub async fn end_session(&self, key_hash: &str) -> Result<bool, StoreError> {
        let what = "end a session".to_owned();
        let mut w = self.writer(&what).await?;
        // The players' own `key_hash` column (the key each was created with, read by nothing since the
        // sessions came) is rewritten too, so that no table keeps a hash of a key that was signed out.
        let r = on_conn!(&mut w.conn, c => async {
            let mut tx = c.begin().await?;
            let ended = sqlx::query("DELETE FROM sessions WHERE key_hash = $1")
                .bind(key_hash)
                .execute(&mut *tx)
                .await?
                .rows_affected()
                > 0;
            sqlx::query("UPDATE players SET key_hash = 'signed-out:' || key_hash WHERE key_hash = $1")
                .bind(key_hash)
                .execute(&mut *tx)
                .await?;
            tx.commit().await.map(|()| ended)
        }
        .await);
        self.settle(w, &what, r)
    }

    /// How many sessions player `player_id` has (devices signed in).
    pub async fn session_count(&self, player_id: &str) -> Result<i64, StoreError> {
        on_reader!(&self.db, p => {
            let row = sqlx::query("SELECT COUNT(*) AS n FROM sessions WHERE player_id = $1")
                .bind(player_id)
                .fetch_one(p)
                .await
                .map_err(StoreError::from)?;
            Ok(row.int("n")?.unwrap_or(0))
        })
    }

    /// The WebAuthn user handle of player `player_id`: the one it has, else `fresh`, kept from now on.
    pub async fn passkey_user(&self, player_id: &str, fresh: &str) -> Result<String, StoreError> {
        let what = format!("give player {player_id} a passkey user handle");
        let mut w = self.writer(&what).await?;
        let r = on_conn!(&mut w.conn, c => sqlx::query(
            "UPDATE players SET passkey_user = COALESCE(passkey_user, $1) WHERE id = $2 \
             RETURNING passkey_user",
        )
        .bind(fresh)
        .bind(player_id)
        .fetch_optional(c)
        .await
        .and_then(|row| row.map(|r| r.try_get::<String, _>("passkey_user")).transpose()));
        self.settle(w, &what, r)?
            .ok_or_else(|| StoreError::BadRow(format!("no player {player_id}")))
    }

    /// The player (not deleted) whose WebAuthn user handle is `handle`.
    pub async fn player_by_passkey_user(
        &self,
        handle: &str,
    ) -> Result<Option<PlayerRow>, StoreError> {
        on_reader!(&self.db, p => {
            let row = sqlx::query(&format!(
                "SELECT {COLUMNS} FROM players WHERE passkey_user = $1 AND deleted_at IS NULL"
            ))
            .bind(handle)
            .fetch_optional(p)
            .await
            .map_err(StoreError::from)?;
            row.as_ref().map(player_row).transpose()
        })
    }

    /// Keeps the ceremony `id` begun now, to be taken back until `expires_at` (Unix ms). Ceremonies long
    /// expired are swept on the way.
    pub async fn insert_ceremony(
        &self,
        id: &str,
        kind: CeremonyKind,
        player_id: Option<&str>,
        state: &str,
        expires_at: i64,
    ) -> Result<(), StoreError> {
        let what = "begin a passkey ceremony".to_owned();
        let now = crate::lobby::now_ms();
        let mut w = self.writer(&what).await?;
        let r = on_conn!(&mut w.conn, c => async {
            let mut tx = c.begin().await?;
            sqlx::query("DELETE FROM webauthn_ceremonies WHERE expires_at < $1")
                .bind(now)
                .execute(&mut *tx)
                .await?;
            sqlx::query(
                "INSERT INTO webauthn_ceremonies (id, kind, player_id, state, expires_at) \
                 VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(id)
            .bind(kind.name())
            .bind(player_id)
            .bind(state)
            .bind(expires_at)
            .execute(&mut *tx)
            .await?;
            tx.commit().await
        }
        .await);
        self.settle(w, &what, r)
    }

    /// Takes the ceremony `id` of `kind` back, once: none when unknown, of another kind, expired at `now`,
    /// or already taken.
    pub async fn take_ceremony(
        &self,
        id: &str,
        kind: CeremonyKind,
        now: i64,
    ) -> Result<Option<Ceremony>, StoreError> {
        let what = "finish a passkey ceremony".to_owned();
        let mut w = self.writer(&what).await?;
        let r = on_conn!(&mut w.conn, c => sqlx::query(
            "DELETE FROM webauthn_ceremonies WHERE id = $1 AND kind = $2 RETURNING player_id, state, expires_at",
        )
        .bind(id)
        .bind(kind.name())
        .fetch_optional(c)
        .await
        .and_then(|row| {
            row.map(|r| {
                Ok::<_, sqlx::Error>((
                    r.try_get::<Option<String>, _>("player_id")?,
                    r.try_get::<String, _>("state")?,
                    r.try_get::<i64, _>("expires_at")?,
                ))
            })
            .transpose()
        }));
        Ok(self
            .settle(w, &what, r)?
            .filter(|(_, _, expires_at)| *expires_at > now)
            .map(|(player_id, state, _)| Ceremony { player_id, state }))
    }

    /// Stores a new passkey.
    pub async fn insert_passkey(&self, row: &PasskeyRow) -> Result<(), StoreError> {
        let what = format!("add a passkey to player {}", row.player_id);
        let mut w = self.writer(&what).await?;
        let r = on_conn!(&mut w.conn, c => sqlx::query(&format!(
            "INSERT INTO passkeys ({PASSKEY_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7)"
        ))
        .bind(&row.id)
        .bind(&row.player_id)
        .bind(&row.credential_id)
        .bind(&row.name)
        .bind(&row.credential)
        .bind(row.created_at)
        .bind(row.last_used_at)
        .execute(c)
        .await
        .map(|_| ()));
        self.settle(w, &what, r)
    }

    /// Player `player_id`'s passkeys, oldest first.
    pub async fn passkeys(&self, player_id: &str) -> Result<Vec<PasskeyRow>, StoreError> {
        on_reader!(&self.db, p => {
            let rows = sqlx::query(&format!(
                "SELECT {PASSKEY_COLUMNS} FROM passkeys WHERE player_id = $1 ORDER BY created_at, id"
            ))
            .bind(player_id)
            .fetch_all(p)
            .await
            .map_err(StoreError::from)?;
            let mut out = Vec::with_capacity(rows.len());
            for r in &rows {
                out.push(passkey_row(r)?);
            }
            Ok(out)
        })
    }

    /// How many passkeys player `player_id` has.
    pub async fn passkey_count(&self, player_id: &str) -> Result<i64, StoreError> {
        on_reader!(&self.db, p => {
            let row = sqlx::query("SELECT COUNT(*) AS n FROM passkeys WHERE player_id = $1")
                .bind(player_id)
                .fetch_one(p)
                .await
                .map_err(StoreError::from)?;
            Ok(row.int("n")?.unwrap_or(0))
        })
    }

    /// The passkey whose credential id (base64url) is `credential_id`.
    pub async fn passkey_by_credential(
        &self,
        credential_id: &str,
    ) -> Result<Option<PasskeyRow>, StoreError> {
        on_reader!(&self.db, p => {
            let row = sqlx::query(&format!(
                "SELECT {PASSKEY_COLUMNS} FROM passkeys WHERE credential_id = $1"
            ))
            .bind(credential_id)
            .fetch_optional(p)
            .await
            .map_err(StoreError::from)?;
            row.as_ref().map(passkey_row).transpose()
        })
    }

    /// Records a sign-in with passkey `id`: its new record (the signature counter moves) and when.
    pub async fn passkey_used(
        &self,
        id: &str,
        credential: &str,
        at: i64,
    ) -> Result<(), StoreError> {
        let what = format!("record the use of passkey {id}");
        let mut w = self.writer(&what).await?;
        let r = on_conn!(&mut w.conn, c => sqlx::query(
            "UPDATE passkeys SET credential = $1, last_used_at = $2 WHERE id = $3",
        )
        .bind(credential)
        .bind(at)
        .bind(id)
        .execute(c)
        .await
        .map(|_| ()));
        self.settle(w, &what, r)
    }

    /// Renames player `player_id`'s passkey `id`; the passkey, or none when it has no such passkey.
    pub async fn rename_passkey(
        &self,
        player_id: &str,
        id: &str,
        name: &str,
    ) -> Result<Option<PasskeyRow>, StoreError> {
        let what = format!("rename passkey {id}");
        let mut w = self.writer(&what).await?;
        let r = on_conn!(&mut w.conn, c => sqlx::query(
            "UPDATE passkeys SET name = $1 WHERE id = $2 AND player_id = $3",
        )
        .bind(name)
        .bind(id)
        .bind(player_id)
        .execute(c)
        .await
        .map(|done| done.rows_affected() == 1));
        if !self.settle(w, &what, r)? {
            return Ok(None);
        }
        Ok(self
            .passkeys(player_id)
            .await?
            .into_iter()
            .find(|p| p.id == id))
    }

    /// Removes player `player_id`'s passkey `id`; whether it had one.
    pub async fn delete_passkey(&self, player_id: &str, id: &str) -> Result<bool, StoreError> {
        let what = format!("remove passkey {id}");
        let mut w = self.writer(&what).await?;
        let r = on_conn!(&mut w.conn, c => sqlx::query(
            "DELETE FROM passkeys WHERE id = $1 AND player_id = $2",
        )
        .bind(id)
        .bind(player_id)
        .execute(c)
        .await
        .map(|done| done.rows_affected() == 1));
        self.settle(w, &what, r)
    }

    /// Stores a new sign-in link of player `player_id`, whose secret hashes to `secret_hash`.
    pub async fn insert_sign_in_link(
        &self,
        player_id: &str,
        link: &SignInLinkRow,
        secret_hash: &str,
    ) -> Result<(), StoreError> {
        let what = format!("make a sign-in link for player {player_id}");
        let mut w = self.writer(&what).await?;
        let r = on_conn!(&mut w.conn, c => sqlx::query(
            "INSERT INTO sign_in_links (id, player_id, secret_hash, created_at, expires_at) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(&link.id)
        .bind(player_id)
        .bind(secret_hash)
        .bind(link.created_at)
        .bind(link.expires_at)
        .execute(c)
        .await
        .map(|_| ()));
        self.settle(w, &what, r)
    }

    /// Player `player_id`'s sign-in links still good at `now` (neither used, revoked nor expired), oldest
    /// first.
    pub async fn sign_in_links(
        &self,
        player_id: &str,
        now: i64,
    ) -> Result<Vec<SignInLinkRow>, StoreError> {
        on_reader!(&self.db, p => {
            let rows = sqlx::query(
                "SELECT id, created_at, expires_at FROM sign_in_links WHERE player_id = $1 \
                 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > $2 ORDER BY created_at, id",
            )
            .bind(player_id)
            .bind(now)
            .fetch_all(p)
            .await
            .map_err(StoreError::from)?;
            let mut out = Vec::with_capacity(rows.len());
            for r in &rows {
                out.push(SignInLinkRow {
                    id: required(r.text("id")?, "id")?,
                    created_at: required(r.int("created_at")?, "created_at")?,
                    expires_at: required(r.int("expires_at")?, "expires_at")?,
                });
            }
            Ok(out)
        })
    }

    /// Revokes player `player_id`'s sign-in link `id` (still good); whether it had one.
    pub async fn revoke_sign_in_link(
        &self,
        player_id: &str,
        id: &str,
        now: i64,
    ) -> Result<bool, StoreError> {
        let what = format!("revoke sign-in link {id}");
        let mut w = self.writer(&what).await?;
        let r = on_conn!(&mut w.conn, c => sqlx::query(
            "UPDATE sign_in_links SET revoked_at = $1 WHERE id = $2 AND player_id = $3 \
             AND used_at IS NULL AND revoked_at IS NULL",
        )
        .bind(now)
        .bind(id)
        .bind(player_id)
        .execute(c)
        .await
        .map(|done| done.rows_affected() == 1));
        self.settle(w, &what, r)
    }

    /// Uses sign-in link `id` whose secret hashes to `secret_hash`, once: when it is good at `now`, marks it
    /// used and starts the session `key_hash` for its player, in one transaction, and answers the player;
    /// none when the link is unknown, used, revoked, expired, or its player deleted.
    pub async fn redeem_sign_in_link(
        &self,
        id: &str,
        secret_hash: &str,
        key_hash: &str,
        now: i64,
    ) -> Result<Option<PlayerRow>, StoreError> {
        let what = "sign in by a link".to_owned();
        let mut w = self.writer(&what).await?;
        let r = on_conn!(&mut w.conn, c => async {
            let mut tx = c.begin().await?;
            let claimed = sqlx::query(
                "UPDATE sign_in_links SET used_at = $1 WHERE id = $2 AND secret_hash = $3 \
                 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > $1 RETURNING player_id",
            )
            .bind(now)
            .bind(id)
            .bind(secret_hash)
            .fetch_optional(&mut *tx)
            .await?;
            // Each way out ends the transaction here: a dropped one would leave the pooled connection idle in
            // it (PostgreSQL), holding its locks until that connection's next use.
            let Some(claimed) = claimed else {
                tx.rollback().await?;
                return Ok(None);
            };
            let player_id: String = claimed.try_get("player_id")?;
            let alive = sqlx::query("SELECT id FROM players WHERE id = $1 AND deleted_at IS NULL")
                .bind(&player_id)
                .fetch_optional(&mut *tx)
                .await?;
            if alive.is_none() {
                tx.rollback().await?;
                return Ok(None);
            }
            sqlx::query(
                "INSERT INTO sessions (key_hash, player_id, via, created_at) VALUES ($1, $2, $3, $4)",
            )
            .bind(key_hash)
            .bind(&player_id)
            .bind(SessionVia::Link.name())
            .bind(now)
            .execute(&mut *tx)
            .await?;
            tx.commit().await?;
            Ok::<_, sqlx::Error>(Some(player_id))
        }
        .await);
        match self.settle(w, &what, r)? {
            Some(player_id) => self.player(&player_id).await,
            None => Ok(None),
        }
    }
}
