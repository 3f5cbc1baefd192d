-- Signing in on more than one device (issue 33): sessions, passkeys, the WebAuthn ceremonies under way, and
-- sign-in links. Times here are Unix milliseconds (the API's unit). Secrets are kept only as hex SHA-256 hashes.

-- Every key a browser or a program may act as a player with. The key a player was created with is its first
-- session (copied below for the players made before this migration); signing in with a passkey or a link adds
-- one; signing out ends the one of that browser.
CREATE TABLE sessions (
    key_hash   TEXT PRIMARY KEY,
    player_id  TEXT NOT NULL REFERENCES players (id),
    via        TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX sessions_player ON sessions (player_id);
INSERT INTO sessions (key_hash, player_id, via, created_at)
    SELECT key_hash, id, 'created', created_at * 1000 FROM players WHERE deleted_at IS NULL;

-- The WebAuthn user handle of a player (a random UUID, given when the first passkey ceremony begins): what a
-- passkey names its player by, so that signing in needs no user name.
ALTER TABLE players ADD COLUMN passkey_user TEXT;
CREATE UNIQUE INDEX players_passkey_user ON players (passkey_user);

-- A player's passkeys. `credential` is webauthn-rs's record of it as JSON (the public key and the signature
-- counter: nothing secret); `credential_id` is its id, base64url, by which a sign-in finds it.
CREATE TABLE passkeys (
    id            TEXT PRIMARY KEY,
    player_id     TEXT NOT NULL REFERENCES players (id),
    credential_id TEXT NOT NULL UNIQUE,
    name          TEXT NOT NULL,
    credential    TEXT NOT NULL,
    created_at    BIGINT NOT NULL,
    last_used_at  BIGINT
);
CREATE INDEX passkeys_player ON passkeys (player_id);

-- A ceremony begun and not yet finished: its challenge and what webauthn-rs checks the answer against, as
-- JSON. In the database, not in memory, so that its second request may reach any node; taken once.
CREATE TABLE webauthn_ceremonies (
    id         TEXT PRIMARY KEY,
    kind       TEXT NOT NULL,
    player_id  TEXT REFERENCES players (id),
    state      TEXT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX webauthn_ceremonies_expiry ON webauthn_ceremonies (expires_at);

-- Sign-in links: good once, until they expire, unless revoked.
CREATE TABLE sign_in_links (
    id          TEXT PRIMARY KEY,
    player_id   TEXT NOT NULL REFERENCES players (id),
    secret_hash TEXT NOT NULL,
    created_at  BIGINT NOT NULL,
    expires_at  BIGINT NOT NULL,
    used_at     BIGINT,
    revoked_at  BIGINT
);
CREATE INDEX sign_in_links_player ON sign_in_links (player_id);
