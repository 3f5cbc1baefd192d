//! The rules' integration tests, each file a module of one
//! binary that links once and runs them in parallel: `cargo test -p bao-core --test it [MODULE::]`.

mod common;
mod json;
mod kimasai;
mod kiswahili;
mod kujifunza;
mod lessons;
mod never_ending;
mod perft;
mod properties;
mod published_positions;
mod rules_pages;
mod why;
