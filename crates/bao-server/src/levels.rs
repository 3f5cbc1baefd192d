//! `GET /api/levels`: the computer's eight numbered levels with their ratings, measured by paired matches
//! between the levels (`bao rate-levels`, docs/benchmarks.md) on the players' Glicko-2 scale; the home page
//! shows them beside the level chooser.

use std::collections::BTreeMap;

use axum::Json;
use bao_ai::Level;
use bao_core::Variant;
use serde::Serialize;
use utoipa::ToSchema;

use crate::openapi::PlainErrors;

/// One level's rating in one variant.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct LevelRatingBody {
    /// The fitted rating (rounded).
    pub rating: i64,
    /// Lower end of its 95% interval.
    pub low: i64,
    /// Upper end of its 95% interval.
    pub high: i64,
}

/// A numbered level.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct LevelBody {
    /// The level's value for `POST /api/games` (`"1"`-`"8"`).
    pub level: String,
    /// The same as a number, 1-8.
    pub number: u8,
    /// The named level that plays the same (`"easy"` for 2, `"medium"` for 5, `"hard"` for 8), if any.
    #[schema(required = true)]
    pub alias: Option<String>,
    /// Its rating per variant (variants not measured are absent).
    pub ratings: BTreeMap<String, LevelRatingBody>,
}

/// The levels and their ratings.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct LevelsBody {
    /// The rating level 1 is anchored at (a beginner; new players start at 1500).
    pub anchor: f64,
    /// The eight numbered levels, weakest first.
    pub levels: Vec<LevelBody>,
}

/// The body of `GET /api/levels`, from the compiled-in table.
pub fn levels_body() -> LevelsBody {
    let mut levels: Vec<LevelBody> = Level::LADDER
        .iter()
        .map(|l| LevelBody {
            level: l.name().to_owned(),
            number: l.number().unwrap_or(1),
            alias: Level::ALL
                .iter()
                .find(|a| a.number() == l.number())
                .map(|a| a.name().to_owned()),
            ratings: BTreeMap::new(),
        })
        .collect();
    for variant in Variant::ALL {
        for r in bao_ai::ratings::for_variant(variant) {
            if let Some(l) = levels.get_mut(usize::from(r.level).wrapping_sub(1)) {
                l.ratings.insert(
                    variant.to_string(),
                    LevelRatingBody {
                        rating: r.rating.round() as i64,
                        low: r.low.round() as i64,
                        high: r.high.round() as i64,
                    },
                );
            }
        }
    }
    LevelsBody {
        anchor: bao_ai::ratings::ANCHOR,
        levels,
    }
}

/// `GET /api/levels`: the computer's numbered levels and their ratings.
#[utoipa::path(
    get,
    path = "/api/levels",
    operation_id = "getLevels",
    tag = "rules",
    responses(
        (status = 200, description = "the computer's eight numbered levels, weakest first, with their ratings", body = LevelsBody),
        PlainErrors,
    )
)]
pub async fn get_levels() -> Json<LevelsBody> {
    Json(levels_body())
}
