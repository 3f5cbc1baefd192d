-- The lobby (issue 32): seeks, quick-pairing pools, and games listed for watching. Times are Unix
-- milliseconds. A live seek or a pool entry stays while the node `holder` (where its player's lobby socket is)
-- renews `alive_until`; a correspondence seek has none and stays until it is accepted or withdrawn.

-- Whether a game is listed on /watch and GET /api/games/live (lobby and pool games are; games by link only
-- when created with "listed": true).
ALTER TABLE games ADD COLUMN listed BIGINT NOT NULL DEFAULT 0;
-- Not on updated_at: every move updates that column, and an index on it would be rewritten with each move. The
-- listed games being played are few; they are sorted as read.
CREATE INDEX games_listed ON games (listed, status);

CREATE TABLE seeks (
    id          TEXT PRIMARY KEY,
    player_id   TEXT NOT NULL REFERENCES players (id),
    -- the creator's address, for the per-address limit (never shown)
    address     TEXT NOT NULL,
    variant     TEXT NOT NULL,
    -- the time control as JSON, NULL for none
    clock       TEXT,
    -- "south", "north" or "random"
    seat        TEXT NOT NULL,
    rated       BIGINT NOT NULL,
    -- hex SHA-256 of the creator's seat token in the game to come (the token is derived from the player's
    -- key and the seek's id, so that it never crosses the network between nodes)
    token_hash  TEXT NOT NULL,
    created_at  BIGINT NOT NULL,
    alive_until BIGINT,
    holder      TEXT,
    -- set once accepted: the game and the creator's seat in it
    game_id     TEXT,
    game_seat   TEXT,
    accepted_at BIGINT
);
CREATE INDEX seeks_open ON seeks (game_id, created_at);
CREATE INDEX seeks_player ON seeks (player_id);

CREATE TABLE pool_entries (
    id          TEXT PRIMARY KEY,
    -- "variant/initial+increment/rated|casual"
    pool        TEXT NOT NULL,
    player_id   TEXT NOT NULL REFERENCES players (id),
    token_hash  TEXT NOT NULL,
    joined_at   BIGINT NOT NULL,
    alive_until BIGINT NOT NULL,
    holder      TEXT NOT NULL,
    -- set once paired
    game_id     TEXT,
    game_seat   TEXT
);
CREATE INDEX pool_entries_pool ON pool_entries (pool, game_id, joined_at);
