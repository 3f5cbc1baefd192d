-- The nodes of a cluster (issue 19), each with when it last wrote that it runs, on its own clock (Unix ms). Used
-- with PostgreSQL only, by the uptime clock (store/uptime.rs): a node that starts while another runs adds no
-- downtime, since the games went on meanwhile. The single `health.alive_ms` still tells when the last node
-- was last seen, for the gap that is downtime when none ran. In a SQLite database the table stays empty.
CREATE TABLE nodes (
    name     TEXT PRIMARY KEY,
    alive_ms BIGINT NOT NULL
);
