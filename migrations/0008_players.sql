-- Players (issue 32): people who chose to have a name, without registration. `key_hash` is the hex SHA-256 of
-- the player's secret key (its cookie), never the key. A deleted player keeps its row (the games point to it)
-- with its name gone and `deleted_at` set.
CREATE TABLE players (
    id         TEXT PRIMARY KEY,
    name       TEXT NOT NULL,
    key_hash   TEXT NOT NULL UNIQUE,
    created_at BIGINT NOT NULL,
    deleted_at BIGINT
);

-- The player who took each seat, when one did (a seat taken by link alone has none).
ALTER TABLE games ADD COLUMN south_player TEXT REFERENCES players (id);
ALTER TABLE games ADD COLUMN north_player TEXT REFERENCES players (id);
