//! The four games the engine plays.

use core::fmt;
use core::str::FromStr;

/// A Bao variant (spec/rules.md sections 4, 5 and 9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Bao la Kujifunza, the beginners' game: 2 seeds in every pit, no hands.
    Kujifunza,
    /// Bao la Kiswahili, the full Zanzibar game: 6 seeds in the nyumba, 22 in hand.
    Kiswahili,
    /// Bao la Kiswahili with the Malawi opening: 8 seeds in the nyumba, 20 in hand.
    KiswahiliMalawi,
    /// Bao la Kimasai: one cow in every front pit, 24 in reserve, clockwise sowing.
    Kimasai,
}

impl Variant {
    /// All variants, in the order the site lists them.
    pub const ALL: [Variant; 4] = [
        Variant::Kujifunza,
        Variant::Kiswahili,
        Variant::KiswahiliMalawi,
        Variant::Kimasai,
    ];

    /// The name used in JSON, URLs and on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Kujifunza => "kujifunza",
            Variant::Kiswahili => "kiswahili",
            Variant::KiswahiliMalawi => "kiswahili-malawi",
            Variant::Kimasai => "kimasai",
        }
    }

    /// Whether the variant has a nyumba (house) with its powers, and takasia.
    #[inline]
    pub const fn has_house(self) -> bool {
        matches!(self, Variant::Kiswahili | Variant::KiswahiliMalawi)
    }

    /// Whether moves carry a direction letter (everything but Kimasai, which sows clockwise only).
    #[inline]
    pub const fn has_direction(self) -> bool {
        !matches!(self, Variant::Kimasai)
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A variant name the engine does not know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownVariant(pub String);

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown variant {:?} (expected kujifunza, kiswahili, kiswahili-malawi or kimasai)",
            self.0
        )
    }
}

impl std::error::Error for UnknownVariant {}

impl FromStr for Variant {
    type Err = UnknownVariant;
    fn from_str(s: &str) -> Result<Variant, UnknownVariant> {
        Variant::ALL
            .into_iter()
            .find(|v| v.name() == s)
            .ok_or_else(|| UnknownVariant(s.to_owned()))
    }
}
