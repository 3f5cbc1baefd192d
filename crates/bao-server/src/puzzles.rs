//! `GET /api/puzzles` and `GET /api/puzzles/{id}`: the puzzles mined by `bao puzzles` (protocol.md, "Review
//! and puzzles"). The files of `puzzles/` are embedded in the binary and read once; `tests/it/puzzles.rs`
//! checks every one of them (no forced first move, every move legal) and proves it again on every run.

use std::sync::OnceLock;

use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query};
use axum::Json;
use bao_core::{Move, Position, Variant};
use bao_protocol::Puzzle;
use rand::Rng as _;
use serde::Deserialize;
use utoipa::IntoParams;

use crate::error::AppError;
use crate::openapi::PuzzleErrors;

/// The puzzle files, as `bao puzzles` wrote them.
pub const FILES: [(Variant, &str); 3] = [
    (
        Variant::Kiswahili,
        include_str!("../../../puzzles/kiswahili.json"),
    ),
    (
        Variant::Kujifunza,
        include_str!("../../../puzzles/kujifunza.json"),
    ),
    (
        Variant::Kimasai,
        include_str!("../../../puzzles/kimasai.json"),
    ),
];

/// A puzzle as stored in a file.
#[derive(Deserialize)]
struct Stored {
    id: String,
    depth: u32,
    position: serde_json::Value,
    solution: Vec<Move>,
}

/// A puzzle file.
#[derive(Deserialize)]
struct File {
    puzzles: Vec<Stored>,
}

/// Reads the puzzles of one file of `variant`.
pub fn parse(variant: Variant, text: &str) -> Result<Vec<Puzzle>, String> {
    let file: File = serde_json::from_str(text).map_err(|e| format!("{variant}: {e}"))?;
    file.puzzles
        .into_iter()
        .map(|p| {
            let position = Position::from_json(&p.position.to_string())
                .map_err(|e| format!("{}: {e}", p.id))?;
            if position.variant() != variant {
                return Err(format!("{}: a {} position", p.id, position.variant()));
            }
            Ok(Puzzle {
                id: p.id,
                variant,
                position,
                solution: p.solution,
                goal: "win".into(),
                depth: p.depth,
            })
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

/// The query of `GET /api/puzzles`.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PuzzleQuery {
    /// The variant (`kiswahili`, `kujifunza` or `kimasai`; `kiswahili-malawi` has none yet). Any variant
    /// when left out.
    pub variant: Option<String>,
}

/// `GET /api/puzzles?variant=V`: a random puzzle.
#[utoipa::path(
    get,
    path = "/api/puzzles",
    operation_id = "randomPuzzle",
    tag = "rules",
    params(PuzzleQuery),
    responses(
        (status = 200, description = "a random puzzle of the variant", body = Puzzle),
        PuzzleErrors,
    )
)]
pub async fn random_puzzle(
    query: Result<Query<PuzzleQuery>, QueryRejection>,
) -> Result<Json<Puzzle>, AppError> {
    let Query(q) = query.map_err(|e| AppError::BadRequest(format!("bad query: {e}")))?;
    let variant = match q.variant {
        Some(v) => Some(
            v.parse::<Variant>()
                .map_err(|_| AppError::UnknownVariant(v.clone()))?,
        ),
        None => None,
    };
    let of: Vec<&Puzzle> = all()?
        .iter()
        .filter(|p| variant.is_none_or(|v| p.variant == v))
        .collect();
    if of.is_empty() {
        return Err(AppError::NoSuchPuzzle);
    }
    let pick = rand::rng().random_range(0..of.len());
    Ok(Json(of[pick].clone()))
}

/// `GET /api/puzzles/{id}`: a given puzzle.
#[utoipa::path(
    get,
    path = "/api/puzzles/{id}",
    operation_id = "getPuzzle",
    tag = "rules",
    params(("id" = String, Path, description = "the puzzle id, e.g. `kiswahili-0042`")),
    responses(
        (status = 200, description = "the puzzle", body = Puzzle),
        PuzzleErrors,
    )
)]
pub async fn get_puzzle(
    id: Result<Path<String>, axum::extract::rejection::PathRejection>,
) -> Result<Json<Puzzle>, AppError> {
    let Ok(Path(id)) = id else {
        return Err(AppError::NoSuchPuzzle);
    };
    all()?
        .iter()
        .find(|p| p.id == id)
        .cloned()
        .map(Json)
        .ok_or(AppError::NoSuchPuzzle)
}
