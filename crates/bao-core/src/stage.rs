//! The stage of the game a player moves in (rules.md sections 5.2 and 9), decided in one place for the rules,
//! the computer and the server.

use crate::pit::Side;
use crate::position::Position;
use crate::variant::Variant;

/// The stage a side moves in, which decides how its moves start and what they may capture.
///
/// Decided per mover (see the crate's decisions): a Kiswahili side is in the namua stage while *it* has seeds
/// in hand, while a Kimasai game is in phase 1 for both sides as long as *any* reserve holds cows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Stage {
    /// Bao la Kiswahili with seeds in the mover's hand: a seed from the hand goes in first.
    Namua,
    /// Bao la Kujifunza always; Bao la Kiswahili once the mover's hand is empty: lift from the board.
    Mtaji,
    /// Bao la Kimasai while any reserve holds cows: a cow from the reserve, no captures.
    Phase1,
    /// Bao la Kimasai once both reserves are empty: lift any occupied pit, captures.
    Phase2,
}

impl Stage {
    /// The JSON name: `"namua"`, `"mtaji"`, `"phase1"` or `"phase2"`.
    pub const fn name(self) -> &'static str {
        match self {
            Stage::Namua => "namua",
            Stage::Mtaji => "mtaji",
            Stage::Phase1 => "phase1",
            Stage::Phase2 => "phase2",
        }
    }
}

impl Position {
    /// The stage `side` would move in, from the hands alone.
    ///
    /// In a finished game a hand may also hold the seeds of the winning capture (see the crate's decisions),
    /// and the stage is read from the hands all the same.
    #[inline]
    pub fn stage(&self, side: Side) -> Stage {
        match self.variant {
            Variant::Kujifunza => Stage::Mtaji,
            Variant::Kiswahili | Variant::KiswahiliMalawi => {
                if self.hand[side.index()] > 0 {
                    Stage::Namua
                } else {
                    Stage::Mtaji
                }
            }
            Variant::Kimasai => {
                if self.hand == [0, 0] {
                    Stage::Phase2
                } else {
                    Stage::Phase1
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Setup;

    fn with_hands(variant: Variant, south: u8, north: u8) -> Position {
        let mut setup: Setup = Position::new(variant).to_setup();
        setup.south.hand = south;
        setup.north.hand = north;
        Position::from_setup_any_total(setup).unwrap()
    }

    #[test]
    fn start_positions() {
        for (variant, stage) in [
            (Variant::Kujifunza, Stage::Mtaji),
            (Variant::Kiswahili, Stage::Namua),
            (Variant::KiswahiliMalawi, Stage::Namua),
            (Variant::Kimasai, Stage::Phase1),
        ] {
            let p = Position::new(variant);
            for side in Side::ALL {
                assert_eq!(p.stage(side), stage, "{variant} {side}");
            }
        }
    }

    #[test]
    fn kiswahili_stage_is_per_mover() {
        for variant in [Variant::Kiswahili, Variant::KiswahiliMalawi] {
            let p = with_hands(variant, 0, 3);
            assert_eq!(p.stage(Side::South), Stage::Mtaji);
            assert_eq!(p.stage(Side::North), Stage::Namua);
            assert!(!p.is_first_stage(), "South to move, hand empty");
            let p = with_hands(variant, 0, 0);
            assert_eq!(p.stage(Side::South), Stage::Mtaji);
            assert_eq!(p.stage(Side::North), Stage::Mtaji);
        }
    }

    #[test]
    fn kimasai_phase_one_lasts_while_any_reserve_holds_cows() {
        for (south, north) in [(0, 5), (5, 0)] {
            let p = with_hands(Variant::Kimasai, south, north);
            assert_eq!(p.stage(Side::South), Stage::Phase1);
            assert_eq!(p.stage(Side::North), Stage::Phase1);
            assert!(p.is_first_stage());
        }
        let p = with_hands(Variant::Kimasai, 0, 0);
        assert_eq!(p.stage(Side::South), Stage::Phase2);
        assert_eq!(p.stage(Side::North), Stage::Phase2);
        assert!(!p.is_first_stage());
    }

    #[test]
    fn kujifunza_is_always_mtaji() {
        let p = with_hands(Variant::Kujifunza, 3, 0);
        assert_eq!(p.stage(Side::South), Stage::Mtaji);
        assert_eq!(p.stage(Side::North), Stage::Mtaji);
    }

    #[cfg(feature = "serde")]
    #[test]
    fn json_names() {
        for (stage, name) in [
            (Stage::Namua, "namua"),
            (Stage::Mtaji, "mtaji"),
            (Stage::Phase1, "phase1"),
            (Stage::Phase2, "phase2"),
        ] {
            assert_eq!(stage.name(), name);
            let json = serde_json::to_string(&stage).unwrap();
            assert_eq!(json, format!("\"{name}\""));
            assert_eq!(serde_json::from_str::<Stage>(&json).unwrap(), stage);
        }
    }
}
