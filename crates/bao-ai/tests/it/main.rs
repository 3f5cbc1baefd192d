//! The computer's integration tests, each file a module of one
//! binary that links once and runs them in parallel: `cargo test -p bao-ai --test it [MODULE::]`.

mod ai;
mod levels;
mod reproducible;
