//! Puzzles (protocol.md, "Review and puzzles"): their themes, the bodies of the rating endpoints, and the
//! compact position of the puzzle files (`puzzles/*.json`), which `bao puzzles` writes and the server reads.

use std::collections::BTreeMap;

use bao_core::{Pit, Position, Setup, Side, SideSetup, Variant};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// What a puzzle is about, found by `bao puzzles` from its solution's traces.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum PuzzleTheme {
    /// The first move captures four times or more (one sowing, a chain of captures).
    CaptureChain,
    /// A move of the winner captures nothing: a quiet move (takasa) that still wins.
    Takasa,
    /// A move of the winner goes on from its nyumba (safari).
    Safari,
    /// A move of the winner uses its nyumba: taxed, or stopping there.
    Nyumba,
    /// The first move's direction is the choice: the same pit in the other direction is legal too and loses.
    Kichwa,
    /// Few seeds left: the defender has at most 10 on its side.
    Endgame,
    /// Under threat: some other first move lets the defender win at once.
    Defence,
    /// Namua stage (Bao la Kiswahili with seeds in hand) or Kimasai's first phase.
    Opening,
    /// Won in one move.
    OneMove,
    /// Won in two moves of the winner.
    Short,
    /// Won in three moves of the winner or more.
    Long,
}

impl PuzzleTheme {
    /// Every theme, in the order the page lists them.
    pub const ALL: [PuzzleTheme; 11] = [
        PuzzleTheme::OneMove,
        PuzzleTheme::Short,
        PuzzleTheme::Long,
        PuzzleTheme::CaptureChain,
        PuzzleTheme::Takasa,
        PuzzleTheme::Kichwa,
        PuzzleTheme::Nyumba,
        PuzzleTheme::Safari,
        PuzzleTheme::Defence,
        PuzzleTheme::Opening,
        PuzzleTheme::Endgame,
    ];

    /// The JSON name.
    pub fn name(self) -> &'static str {
        match self {
            PuzzleTheme::CaptureChain => "capture_chain",
            PuzzleTheme::Takasa => "takasa",
            PuzzleTheme::Safari => "safari",
            PuzzleTheme::Nyumba => "nyumba",
            PuzzleTheme::Kichwa => "kichwa",
            PuzzleTheme::Endgame => "endgame",
            PuzzleTheme::Defence => "defence",
            PuzzleTheme::Opening => "opening",
            PuzzleTheme::OneMove => "one_move",
            PuzzleTheme::Short => "short",
            PuzzleTheme::Long => "long",
        }
    }

    /// The theme of a JSON name.
    pub fn parse(name: &str) -> Option<PuzzleTheme> {
        PuzzleTheme::ALL.into_iter().find(|t| t.name() == name)
    }
}

/// A puzzle's rating as the API shows it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct PuzzleRatingView {
    /// The Glicko-2 rating (rounded).
    pub rating: f64,
    /// Its deviation (rounded).
    pub deviation: f64,
    /// Rated attempts so far.
    pub plays: u64,
}

/// A Glicko-2 rating with its volatility: what a browser without a player keeps and sends.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Glicko {
    /// The rating.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Its volatility.
    pub volatility: f64,
}

/// `POST /api/puzzles/{id}/attempt`: the outcome of one try at a puzzle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct PuzzleAttempt {
    /// Whether it was solved (every move of the winner found, no solution shown).
    pub solved: bool,
    /// Part of a puzzle streak: a solve makes it one longer, a miss ends it.
    #[serde(default)]
    pub streak: bool,
    /// Without a player: the browser's own puzzle rating (kept in its storage), rated against the puzzle and
    /// answered back. Ignored for a player, whose rating the server keeps.
    #[serde(default)]
    pub rating: Option<Glicko>,
}

/// Solves and misses, of one theme or of all.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct PuzzleCounts {
    /// Puzzles solved.
    pub solved: u64,
    /// Puzzles failed.
    pub failed: u64,
}

/// A player's puzzle progress (`GET /api/players/{id}/puzzles`), or the one a browser keeps.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct PuzzleProgress {
    /// The puzzle rating, with its volatility (one for all variants, like lichess's).
    pub rating: Glicko,
    /// Solves and misses in all.
    pub counts: PuzzleCounts,
    /// By theme (the theme's JSON name).
    pub themes: BTreeMap<String, PuzzleCounts>,
    /// The puzzle streak going on.
    pub streak: u64,
    /// The longest puzzle streak.
    pub best_streak: u64,
}

/// The answer of `POST /api/puzzles/{id}/attempt`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct AttemptResult {
    /// Whether it changed the ratings: only a player's (or a browser's) first try at a puzzle does.
    pub rated: bool,
    /// The puzzle's rating after it.
    pub puzzle: PuzzleRatingView,
    /// The solver's puzzle rating after it: the player's, or the browser's (to keep).
    pub rating: Glicko,
    /// The player's progress after it (`null` without a player: the browser keeps its own).
    pub progress: Option<PuzzleProgress>,
}

/// One puzzle of a page of `GET /api/puzzles/list`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct PuzzleSummary {
    /// Its id.
    pub id: String,
    /// Moves of the winner.
    pub depth: u32,
    /// Its themes.
    pub themes: Vec<PuzzleTheme>,
    /// Its rating (rounded).
    pub rating: f64,
}

/// A page of `GET /api/puzzles/list`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct PuzzlePage {
    /// The puzzles of this page, in file order.
    pub puzzles: Vec<PuzzleSummary>,
    /// This page (from 0).
    pub page: u32,
    /// Puzzles that match in all.
    pub total: u64,
}

/// The compact position of a puzzle file: ten fields separated by `;` — who moves (`s` or `n`); then for
/// South and then North the front row and the back row (eight counts each, separated by `,`, in the owner's
/// numbering as in spec/position.md), the hand, the nyumba (`1` owned, `0` not); then the takasia pit or
/// `-`. The variant is the file's; a puzzle position has no result.
pub fn encode_position(pos: &Position) -> String {
    let s = pos.to_setup();
    let row = |r: &[u8; 8]| r.map(|c| c.to_string()).join(",");
    let side = |x: &SideSetup| {
        format!(
            "{};{};{};{}",
            row(&x.front),
            row(&x.back),
            x.hand,
            u8::from(x.house)
        )
    };
    let takasia = s.takasia.map_or_else(|| "-".to_owned(), |p| p.to_string());
    let who = if s.to_move == Side::South { "s" } else { "n" };
    format!("{who};{};{};{takasia}", side(&s.south), side(&s.north))
}

/// Reads [`encode_position`]'s form for `variant`, validated by bao-core.
pub fn decode_position(variant: Variant, text: &str) -> Result<Position, String> {
    let f: Vec<&str> = text.split(';').collect();
    let [who, sf, sb, sh, sn, nf, nb, nh, nn, tk] = f[..] else {
        return Err(format!("{} fields, not 10", f.len()));
    };
    let to_move = match who {
        "s" => Side::South,
        "n" => Side::North,
        _ => return Err(format!("to move: {who:?}")),
    };
    let row = |r: &str| -> Result<[u8; 8], String> {
        let v: Vec<u8> = r
            .split(',')
            .map(|c| c.parse::<u8>().map_err(|_| format!("count {c:?}")))
            .collect::<Result<_, _>>()?;
        v.try_into().map_err(|_| format!("row {r:?}: not 8 counts"))
    };
    let side = |f: &str, b: &str, h: &str, n: &str| -> Result<SideSetup, String> {
        Ok(SideSetup {
            front: row(f)?,
            back: row(b)?,
            hand: h.parse().map_err(|_| format!("hand {h:?}"))?,
            house: match n {
                "1" => true,
                "0" => false,
                _ => return Err(format!("nyumba {n:?}")),
            },
        })
    };
    let takasia = match tk {
        "-" => None,
        p => Some(p.parse::<Pit>().map_err(|e| e.to_string())?),
    };
    Position::from_setup(Setup {
        variant,
        to_move,
        south: side(sf, sb, sh, sn)?,
        north: side(nf, nb, nh, nn)?,
        takasia,
        result: None,
    })
    .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_comes_back_from_its_compact_form() {
        for v in [Variant::Kiswahili, Variant::Kimasai, Variant::Kujifunza] {
            let mut pos = Position::new(v);
            for _ in 0..6 {
                let text = encode_position(&pos);
                assert_eq!(decode_position(v, &text), Ok(pos), "{text}");
                let Some(mv) = pos.legal_moves().first().copied() else {
                    break;
                };
                pos = pos.play(mv).expect("legal").0;
            }
        }
        assert!(decode_position(Variant::Kiswahili, "s;1,2").is_err());
        assert!(decode_position(
            Variant::Kiswahili,
            "x;0,0,0,0,0,0,0,0;0,0,0,0,0,0,0,0;0;0;0,0,0,0,0,0,0,0;0,0,0,0,0,0,0,0;0;0;-"
        )
        .is_err());
    }

    #[test]
    fn every_theme_has_its_name() {
        for t in PuzzleTheme::ALL {
            assert_eq!(PuzzleTheme::parse(t.name()), Some(t));
            assert_eq!(serde_json::to_value(t).ok(), Some(t.name().into()));
        }
        assert_eq!(PuzzleTheme::parse("mate"), None);
    }
}
