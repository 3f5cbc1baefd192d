//! The load generator's integration tests (the real server in-process), each file a module of one
//! binary that links once and runs them in parallel: `cargo test -p bao-loadtest --test it [MODULE::]`.

mod clocked_run;
mod common;
mod short_run;
