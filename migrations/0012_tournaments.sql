-- Tournaments (issue 38): arenas and Swiss events. Times are Unix milliseconds. The pairing of a round (a Swiss
-- round, or one batch of an arena's pairings) is stored by the node that moves `round` on by one conditional
-- update, in the transaction that inserts its games: exactly one pairing per round however many nodes tick.

CREATE TABLE tournaments (
    id          TEXT PRIMARY KEY,
    -- "arena" or "swiss"
    kind        TEXT NOT NULL,
    variant     TEXT NOT NULL,
    -- the time control as JSON
    clock       TEXT NOT NULL,
    -- whether its games are rated
    rated       BIGINT NOT NULL,
    -- an arena's duration; a Swiss event's number of rounds
    minutes     BIGINT,
    rounds      BIGINT,
    created_by  TEXT NOT NULL REFERENCES players (id),
    created_at  BIGINT NOT NULL,
    starts_at   BIGINT NOT NULL,
    -- an arena's end (starts_at + minutes); NULL for a Swiss event
    ends_at     BIGINT,
    -- "created", "started" or "finished"
    status      TEXT NOT NULL,
    -- pairings made so far (Swiss: the current round)
    round       BIGINT NOT NULL DEFAULT 0,
    finished_at BIGINT
);
CREATE INDEX tournaments_status ON tournaments (status, starts_at);
CREATE INDEX tournaments_creator ON tournaments (created_by, created_at);

CREATE TABLE tournament_players (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id),
    player_id     TEXT NOT NULL REFERENCES players (id),
    -- the player's rating in the variant when they joined (the seeding)
    rating        BIGINT NOT NULL,
    -- hex SHA-256 of the player's seat token in every game of this tournament (derived from their key and the
    -- tournament's id, so that it never crosses the network between nodes)
    token_hash    TEXT NOT NULL,
    -- 0 once withdrawn
    active        BIGINT NOT NULL,
    joined_at     BIGINT NOT NULL,
    PRIMARY KEY (tournament_id, player_id)
);

CREATE TABLE tournament_games (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id),
    round         BIGINT NOT NULL,
    game_id       TEXT PRIMARY KEY REFERENCES games (id),
    south         TEXT NOT NULL,
    north         TEXT NOT NULL,
    created_at    BIGINT NOT NULL
);
CREATE INDEX tournament_games_tournament ON tournament_games (tournament_id, round);

CREATE TABLE tournament_byes (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id),
    round         BIGINT NOT NULL,
    player_id     TEXT NOT NULL,
    PRIMARY KEY (tournament_id, round)
);
