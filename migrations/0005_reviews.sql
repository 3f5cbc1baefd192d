-- The computer's review of a finished game (GET /api/games/{id}/review), computed once and kept, so that a
-- restart does not search the game again and every reader sees the same answer. `body` is the answer's JSON
-- (`{"moves":[…]}`); `think_ms` the search time per position it was made with.
CREATE TABLE reviews (
    game_id    TEXT PRIMARY KEY REFERENCES games (id),
    think_ms   BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    body       TEXT NOT NULL
);
