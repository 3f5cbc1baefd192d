//! The server's integration tests (the real server in-process or as its binary), each file a module of one
//! binary that links once and runs them in parallel: `cargo test -p bao-server --test it [MODULE::]`.

mod accounts;
mod analysis;
mod binary;
mod clocks;
mod cluster;
mod common;
mod deploy;
mod durability;
mod endless;
mod export;
mod limits;
mod loadtest_clocked_run;
mod loadtest_short_run;
mod lobby;
mod measure;
mod metrics;
mod monitoring;
mod openapi;
mod outages;
mod passkeys;
mod players;
mod postgres;
mod protocol;
mod puzzles;
mod qr;
mod ratings;
mod release;
mod review;
mod say;
mod shipping;
mod slow;
mod status;
mod systemd;
mod takeback;
mod upgrade;
