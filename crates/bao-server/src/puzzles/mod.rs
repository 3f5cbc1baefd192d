//! Puzzles (protocol.md, "Review and puzzles"): the puzzles mined by `bao puzzles`, their ratings and the
//! solvers' progress. The files of `puzzles/` are embedded in the binary and read once (one puzzle a line, the
//! position in bao-protocol's compact form); `tests/it/puzzles.rs` checks every one of them (no forced first
//! move, every move legal, themes named) and proves a seeded sample of them again on every run.
//!
//! `api.rs` has the HTTP handlers; `rating.rs` the Glicko-2 of an attempt; the store keeps the ratings.

pub mod api;
pub mod mistakes;
pub mod rating;

use std::sync::OnceLock;

use bao_core::{Move, Variant};
use bao_protocol::{decode_position, Glicko, Puzzle, PuzzleRatingView, PuzzleTheme};
use serde::Deserialize;

use crate::error::AppError;
use crate::store::puzzles::PuzzleRatingRow;

/// The puzzle files, as `bao puzzles` wrote them.
pub const FILES: [(Variant, &str); 4] = [
    (
        Variant::Kiswahili,
        include_str!("../../../../puzzles/kiswahili.json"),
    ),
    (
        Variant::KiswahiliMalawi,
        include_str!("../../../../puzzles/kiswahili-malawi.json"),
    ),
    (
        Variant::Kujifunza,
        include_str!("../../../../puzzles/kujifunza.json"),
    ),
    (
        Variant::Kimasai,
        include_str!("../../../../puzzles/kimasai.json"),
    ),
];

/// A puzzle as stored in a file.
#[derive(Deserialize)]
struct Stored {
    id: String,
    depth: u32,
    pos: String,
    solution: Vec<Move>,
    themes: Vec<PuzzleTheme>,
}

/// A puzzle file.
#[derive(Deserialize)]
struct File {
    puzzles: Vec<Stored>,
}

/// A puzzle's rating before anyone tried it.
pub fn prior_of(p: &Puzzle) -> Glicko {
    rating::prior(p.depth, p.themes.contains(&PuzzleTheme::Defence))
}

/// The rating the API shows: the stored one, or the prior.
pub fn view(p: &Puzzle, stored: Option<&PuzzleRatingRow>) -> PuzzleRatingView {
    let (g, plays) = match stored {
        Some(r) => (r.glicko, r.plays),
        None => (prior_of(p), 0),
    };
    PuzzleRatingView {
        rating: g.rating.round(),
        deviation: g.deviation.round(),
        plays,
    }
}

/// Reads the puzzles of one file of `variant`.
pub fn parse(variant: Variant, text: &str) -> Result<Vec<Puzzle>, String> {
    let file: File = serde_json::from_str(text).map_err(|e| format!("{variant}: {e}"))?;
    file.puzzles
        .into_iter()
        .map(|p| {
            let position =
                decode_position(variant, &p.pos).map_err(|e| format!("{}: {e}", p.id))?;
            let mut puzzle = Puzzle {
                id: p.id,
                variant,
                position,
                solution: p.solution,
                goal: "win".into(),
                depth: p.depth,
                themes: p.themes,
                rating: PuzzleRatingView {
                    rating: 0.0,
                    deviation: 0.0,
                    plays: 0,
                },
            };
            puzzle.rating = view(&puzzle, None);
            Ok(puzzle)
        })
        .collect()
}

/// Every puzzle of every file, read once.
pub fn all() -> Result<&'static [Puzzle], AppError> {
    static ALL: OnceLock<Result<Vec<Puzzle>, String>> = OnceLock::new();
    let all = ALL.get_or_init(|| {
        let mut out = Vec::new();
        for (variant, text) in FILES {
            out.extend(parse(variant, text)?);
        }
        Ok(out)
    });
    all.as_deref()
        .map_err(|e| AppError::Internal(format!("puzzle file: {e}")))
}

/// The puzzle of id `id`.
pub fn by_id(id: &str) -> Result<&'static Puzzle, AppError> {
    all()?
        .iter()
        .find(|p| p.id == id)
        .ok_or(AppError::NoSuchPuzzle)
}
