-- Leases (issue 19): which node of a cluster owns a game's room, until when, under which fencing number. Used
-- with PostgreSQL only (several nodes share one database); in a SQLite database the table stays empty.
-- (0005 is the reviews' migration.)
--
-- `expires_ms` is on the database's clock (Unix ms), so that the nodes' clocks need not agree. `fence` grows
-- by one each time a node takes the game; every write of the game's room checks it in its transaction, so a node
-- that lost the lease (it froze, another node took the game) can never write again. A released lease keeps its
-- row (expired) so that the fence never goes back.
CREATE TABLE leases (
    game_id    TEXT PRIMARY KEY,
    node       TEXT NOT NULL,
    expires_ms BIGINT NOT NULL,
    fence      BIGINT NOT NULL
);
