-- Puzzles (issue 37): a Glicko-2 rating per puzzle and per solver, changed by each rated attempt (a player's
-- first try at a puzzle; a browser without a player rates the puzzle too, keeping its own rating itself).
-- Times are Unix ms.

-- A puzzle's rating, once it was tried (before that, the prior of its depth: crates/bao-server/src/puzzles/).
CREATE TABLE puzzle_ratings (
    puzzle_id  TEXT PRIMARY KEY,
    rating     DOUBLE PRECISION NOT NULL,
    deviation  DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    -- rated attempts
    plays      BIGINT NOT NULL
);

-- A player's puzzle rating (one for all variants, like lichess's), counts and streaks.
CREATE TABLE puzzle_players (
    player_id   TEXT PRIMARY KEY REFERENCES players (id),
    rating      DOUBLE PRECISION NOT NULL,
    deviation   DOUBLE PRECISION NOT NULL,
    volatility  DOUBLE PRECISION NOT NULL,
    solved      BIGINT NOT NULL,
    failed      BIGINT NOT NULL,
    -- the puzzle streak going on, and the longest
    streak      BIGINT NOT NULL,
    best_streak BIGINT NOT NULL,
    updated_at  BIGINT NOT NULL
);

-- Each puzzle a player tried, with the outcome of the first try (only that one is rated).
CREATE TABLE puzzle_attempts (
    player_id TEXT NOT NULL REFERENCES players (id),
    puzzle_id TEXT NOT NULL,
    solved    BIGINT NOT NULL,
    at        BIGINT NOT NULL,
    PRIMARY KEY (player_id, puzzle_id)
);

-- Solves and misses of a player by theme (of first tries).
CREATE TABLE puzzle_themes (
    player_id TEXT NOT NULL REFERENCES players (id),
    theme     TEXT NOT NULL,
    solved    BIGINT NOT NULL,
    failed    BIGINT NOT NULL,
    PRIMARY KEY (player_id, theme)
);
