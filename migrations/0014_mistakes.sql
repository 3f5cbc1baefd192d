-- A player's own mistakes as puzzles (issue 37): the mistakes themselves are read from the stored reviews of the
-- player's games (`reviews`), so only what the player did with them is kept here: the ones solved since.
-- Times are Unix ms.
CREATE TABLE mistake_solves (
    player_id TEXT NOT NULL REFERENCES players (id),
    game_id   TEXT NOT NULL,
    -- the ply of the mistake in that game
    ply       BIGINT NOT NULL,
    solved_at BIGINT NOT NULL,
    PRIMARY KEY (player_id, game_id, ply)
);
