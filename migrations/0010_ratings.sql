-- Ratings (issue 33): a Glicko-2 rating per player and variant (kiswahili-malawi apart from kiswahili), changed
-- once by each rated game that ends with a result (an aborted game changes nothing). Times are Unix ms.

-- Whether the game counts for the ratings (a rated seek or pool, two different players), and whether its
-- change has been applied: set in the same transaction that writes the new ratings, on whichever node ends or
-- later loads the game, so that no game is counted twice (nor lost when a node fails over).
ALTER TABLE games ADD COLUMN rated BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN rating_applied BIGINT NOT NULL DEFAULT 0;
CREATE INDEX games_rating_pending ON games (rated, rating_applied, status);

CREATE TABLE ratings (
    player_id  TEXT NOT NULL REFERENCES players (id),
    variant    TEXT NOT NULL,
    rating     DOUBLE PRECISION NOT NULL,
    deviation  DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    -- rated games played in this variant
    games      BIGINT NOT NULL,
    -- when the last of them ended (the leaderboard shows players of the last 30 days)
    played_at  BIGINT NOT NULL,
    PRIMARY KEY (player_id, variant)
);
CREATE INDEX ratings_board ON ratings (variant, rating);

-- Each rated game's change for each of its two players: the rating graph of a profile, the `ratings` of the
-- game's `ended` event, and the proof that the game was counted.
CREATE TABLE rating_changes (
    game_id       TEXT NOT NULL REFERENCES games (id),
    player_id     TEXT NOT NULL REFERENCES players (id),
    variant       TEXT NOT NULL,
    -- "south" or "north"
    side          TEXT NOT NULL,
    rating_before DOUBLE PRECISION NOT NULL,
    rating_after  DOUBLE PRECISION NOT NULL,
    deviation     DOUBLE PRECISION NOT NULL,
    at            BIGINT NOT NULL,
    PRIMARY KEY (game_id, player_id)
);
CREATE INDEX rating_changes_player ON rating_changes (player_id, variant, at);
