//! The JSON shapes of spec/position.md (feature `serde`): positions, moves as notation strings, traces.
//!
//! Input is validated strictly and every error names the field (`south.front: expected 8 counts, got 7`);
//! unknown fields are ignored, as the contract asks.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::moves::Move;
use crate::pit::{Pit, Side};
use crate::position::{Position, PositionError, Setup, SideSetup};
use crate::result::{GameResult, Reason};
use crate::variant::Variant;

/// Serde helpers for a [`Pit`] written as its name (`"A5"`).
pub(crate) mod pit_str {
    use super::*;
    pub fn serialize<S: Serializer>(p: &Pit, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(p)
    }
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Pit, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// Serde helpers for a [`Side`] written as `"south"` / `"north"`.
pub(crate) mod side_str {
    use super::*;
    pub fn serialize<S: Serializer>(p: &Side, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(p.name())
    }
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Side, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(|_| {
            serde::de::Error::custom(format!("expected \"south\" or \"north\", got {s:?}"))
        })
    }
}

impl Serialize for Side {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        side_str::serialize(self, s)
    }
}

impl<'de> Deserialize<'de> for Side {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Side, D::Error> {
        side_str::deserialize(d)
    }
}

impl Serialize for Pit {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        pit_str::serialize(self, s)
    }
}

impl<'de> Deserialize<'de> for Pit {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Pit, D::Error> {
        pit_str::deserialize(d)
    }
}

impl Serialize for Variant {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Variant {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Variant, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

impl Serialize for Move {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Move {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Move, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[derive(Serialize, Deserialize)]
struct ResultJson {
    winner: Side,
    reason: Reason,
}

#[derive(Serialize)]
struct SideOut {
    front: [u8; 8],
    back: [u8; 8],
    hand: u8,
    house: bool,
}

#[derive(Serialize)]
struct PositionOut {
    variant: Variant,
    to_move: Side,
    south: SideOut,
    north: SideOut,
    takasia: Option<Pit>,
    result: Option<ResultJson>,
}

/// Counts are read as wide signed numbers so that negative or huge values get a clear message.
#[derive(Deserialize)]
struct SideIn {
    front: Vec<i64>,
    back: Vec<i64>,
    hand: i64,
    #[serde(default)]
    house: bool,
}

#[derive(Deserialize)]
struct PositionIn {
    variant: Variant,
    to_move: Side,
    south: SideIn,
    north: SideIn,
    #[serde(default)]
    takasia: Option<Pit>,
    #[serde(default)]
    result: Option<ResultJson>,
}

fn side_out(s: &SideSetup) -> SideOut {
    SideOut {
        front: s.front,
        back: s.back,
        hand: s.hand,
        house: s.house,
    }
}

fn count(field: &str, v: i64) -> Result<u8, PositionError> {
    if v < 0 {
        return Err(PositionError::new(field, format!("negative count {v}")));
    }
    if v > 64 {
        return Err(PositionError::new(
            field,
            format!("count {v} is more than the 64 seeds of the game"),
        ));
    }
    Ok(v as u8)
}

fn row(field: &str, v: &[i64]) -> Result<[u8; 8], PositionError> {
    if v.len() != 8 {
        return Err(PositionError::new(
            field,
            format!("expected 8 counts, got {}", v.len()),
        ));
    }
    let mut out = [0u8; 8];
    for (i, &c) in v.iter().enumerate() {
        out[i] = count(&format!("{field}[{i}]"), c)?;
    }
    Ok(out)
}

fn side_in(name: &str, s: &SideIn) -> Result<SideSetup, PositionError> {
    Ok(SideSetup {
        front: row(&format!("{name}.front"), &s.front)?,
        back: row(&format!("{name}.back"), &s.back)?,
        hand: count(&format!("{name}.hand"), s.hand)?,
        house: s.house,
    })
}

impl Position {
    /// Reads and validates a position in the JSON of spec/position.md. Errors name the field.
    pub fn from_json(text: &str) -> Result<Position, PositionError> {
        let de = &mut serde_json::Deserializer::from_str(text);
        let raw: PositionIn = serde_path_to_error::deserialize(de).map_err(|e| {
            let path = e.path().to_string();
            let field = if path == "." { String::new() } else { path };
            PositionError::new(field, e.into_inner().to_string())
        })?;
        Position::from_value(raw)
    }

    fn from_value(raw: PositionIn) -> Result<Position, PositionError> {
        let setup = Setup {
            variant: raw.variant,
            to_move: raw.to_move,
            south: side_in("south", &raw.south)?,
            north: side_in("north", &raw.north)?,
            takasia: raw.takasia,
            result: raw.result.map(|r| GameResult {
                winner: r.winner,
                reason: r.reason,
            }),
        };
        Position::from_setup(setup)
    }

    /// The position as one line of JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

impl Serialize for Position {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let setup = self.to_setup();
        PositionOut {
            variant: setup.variant,
            to_move: setup.to_move,
            south: side_out(&setup.south),
            north: side_out(&setup.north),
            takasia: setup.takasia,
            result: setup.result.map(|r| ResultJson {
                winner: r.winner,
                reason: r.reason,
            }),
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Position {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Position, D::Error> {
        let raw = PositionIn::deserialize(d)?;
        Position::from_value(raw).map_err(serde::de::Error::custom)
    }
}

impl Serialize for GameResult {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        ResultJson {
            winner: self.winner,
            reason: self.reason,
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for GameResult {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<GameResult, D::Error> {
        let r = ResultJson::deserialize(d)?;
        Ok(GameResult {
            winner: r.winner,
            reason: r.reason,
        })
    }
}
