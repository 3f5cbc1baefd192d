-- Games and their moves. Portable SQL (SQLite now, PostgreSQL later): TEXT, BIGINT, INTEGER only,
-- times as Unix seconds, no AUTOINCREMENT.

CREATE TABLE games (
    id               TEXT PRIMARY KEY,
    variant          TEXT NOT NULL,
    created_at       BIGINT NOT NULL,
    updated_at       BIGINT NOT NULL,
    -- "human" or "computer"
    south_kind       TEXT NOT NULL,
    north_kind       TEXT NOT NULL,
    -- hex SHA-256 of the seat token; NULL while a human seat is free (and for a computer seat)
    south_token_hash TEXT,
    north_token_hash TEXT,
    -- computer level ("easy", "medium", "hard") when a seat is the computer's
    level            TEXT,
    -- "waiting", "playing" or "finished"
    status           TEXT NOT NULL,
    result_winner    TEXT,
    result_reason    TEXT,
    -- the event version of the last write, so versions keep growing across restarts
    v                BIGINT NOT NULL,
    rematch_of       TEXT,
    rematch_game     TEXT
);

CREATE INDEX games_status ON games (status);

CREATE TABLE moves (
    game_id    TEXT NOT NULL REFERENCES games (id),
    ply        INTEGER NOT NULL,
    notation   TEXT NOT NULL,
    -- the version of the "moved" event, so that a resent move gets the very same event after a restart
    v          BIGINT NOT NULL,
    played_at  BIGINT NOT NULL,
    PRIMARY KEY (game_id, ply)
);
