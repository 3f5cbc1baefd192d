-- One row that the server rewrites to prove that the database can be written: at start-up, and for /healthz
-- when no other write happened in the last second. A committed write, because SQLite writes to disk (the WAL)
-- only at commit: a write rolled back would prove nothing about a full disk.
CREATE TABLE health (
    id         INTEGER PRIMARY KEY CHECK (id = 1),
    writes     BIGINT NOT NULL,
    checked_at BIGINT NOT NULL
);

INSERT INTO health (id, writes, checked_at) VALUES (1, 0, 0);
