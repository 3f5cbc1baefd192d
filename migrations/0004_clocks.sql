-- Time controls (issue 16). A game's clock settings as JSON (NULL: no clock), and with every move the time
-- each side had left after it and when that was measured. The measuring instant is the server's "uptime
-- clock" in ms (Unix ms less all the time the server was down), so that the time a server was down is never
-- charged to a player: see crates/bao-server/src/store/uptime.rs.
ALTER TABLE games ADD COLUMN clock TEXT;
ALTER TABLE moves ADD COLUMN south_ms BIGINT;
ALTER TABLE moves ADD COLUMN north_ms BIGINT;
ALTER TABLE moves ADD COLUMN clock_at BIGINT;
-- The uptime clock's state: when the server was last known to be running (Unix ms, rewritten every few
-- seconds and on shutdown) and the total time it has been down so far.
ALTER TABLE health ADD COLUMN alive_ms BIGINT NOT NULL DEFAULT 0;
ALTER TABLE health ADD COLUMN downtime_ms BIGINT NOT NULL DEFAULT 0;
