//! Players' names: what the contract allows (2 to 20 letters and digits of any script, single inner spaces,
//! `-` and `_`), and the names the server gives.
//!
//! A name is shown to strangers, so it must not be able to pretend: no control or invisible characters
//! (zero-width joiners, direction marks), no right-to-left letters mixed with left-to-right ones (which
//! reorder what is shown around them), no pile of combining marks. Combining marks are allowed after a letter
//! (at most two in a row), since many scripts cannot write a name without them (Devanagari's vowel signs and
//! virama, say). Names are compared and kept in Unicode's composed form (NFC).

use unicode_bidi::{bidi_class, BidiClass};
use unicode_normalization::char::is_combining_mark;
use unicode_normalization::UnicodeNormalization;

/// Characters in a name, at least and at most.
pub const NAME_CHARS: std::ops::RangeInclusive<usize> = 2..=20;

/// Combining marks allowed in a row after a letter.
const MAX_MARKS: usize = 2;

/// Why a name is refused (the message of a 400 `bad_name`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BadName {
    /// Too short or too long.
    #[error("a name has 2 to 20 characters")]
    Length,
    /// A character that is not a letter, a digit, a space, `-` or `_`.
    #[error("a name has letters, digits, spaces, '-' and '_' only (U+{0:04X} is none of them)")]
    Character(u32),
    /// A space at either end or two in a row.
    #[error("a name has no space at either end and never two in a row")]
    Spaces,
    /// A combining mark with no letter before it, or too many in a row.
    #[error("a name's accents and vowel signs each follow a letter, at most two at a time")]
    Marks,
    /// Letters written right to left mixed with letters written left to right.
    #[error("a name is written in one direction: right-to-left letters are not mixed with left-to-right ones")]
    MixedDirection,
}

/// `name` in the form it is kept in (NFC), or why it is refused.
pub fn validate(name: &str) -> Result<String, BadName> {
    let name: String = name.nfc().collect();
    let count = name.chars().count();
    if !NAME_CHARS.contains(&count) {
        return Err(BadName::Length);
    }
    if name.starts_with(' ') || name.ends_with(' ') || name.contains("  ") {
        return Err(BadName::Spaces);
    }
    let (mut rtl, mut ltr) = (false, false);
    let mut marks = 0;
    let mut after_letter = false;
    for c in name.chars() {
        if is_combining_mark(c) {
            marks += 1;
            if !after_letter || marks > MAX_MARKS {
                return Err(BadName::Marks);
            }
            continue;
        }
        marks = 0;
        after_letter = c.is_alphanumeric();
        if !(after_letter || c == ' ' || c == '-' || c == '_') {
            return Err(BadName::Character(u32::from(c)));
        }
        match bidi_class(c) {
            BidiClass::R | BidiClass::AL => rtl = true,
            BidiClass::L => ltr = true,
            _ => {}
        }
    }
    if rtl && ltr {
        return Err(BadName::MixedDirection);
    }
    Ok(name)
}

/// Swahili names of animals of East Africa, for the names the server gives.
const ANIMALS: &[&str] = &[
    "Simba",
    "Tembo",
    "Twiga",
    "Chui",
    "Duma",
    "Kiboko",
    "Kifaru",
    "Pundamilia",
    "Nyati",
    "Swala",
    "Fisi",
    "Mbweha",
    "Nyani",
    "Tumbili",
    "Kobe",
    "Ngiri",
    "Tai",
    "Korongo",
    "Mamba",
    "Chatu",
    "Pweza",
    "Kasuku",
    "Bundi",
    "Kanga",
    "Sungura",
    "Nungu",
    "Pofu",
    "Kongoni",
    "Nyumbu",
    "Paka",
];

/// A name for a player who gave none: an animal and a number (`Twiga 417`).
pub fn generated() -> String {
    use rand::seq::IndexedRandom;
    let mut rng = rand::rng();
    let animal = ANIMALS.choose(&mut rng).copied().unwrap_or("Simba");
    let number: u32 = rand::Rng::random_range(&mut rng, 10..10_000);
    format!("{animal} {number}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_of_every_script_are_taken_in_composed_form() {
        for ok in [
            "Amani",
            "Bi Mwanaisha",
            "mchezaji_7",
            "Zé-Maria",
            "Ωμέγα",
            "Бао",
            "राहुल",
            "कृष्ण",
            "محمد",
            "שלום 12",
            "李小龍",
            "Ab",
            "ab cd ef gh ij kl mn",
        ] {
            assert_eq!(validate(ok).as_deref(), Ok(ok), "{ok}");
        }
        // A decomposed é is kept composed.
        assert_eq!(validate("Ze\u{301}").as_deref(), Ok("Zé"));
    }

    #[test]
    fn tricks_and_mistakes_are_refused_with_their_reason() {
        for (bad, why) in [
            ("A", BadName::Length),
            ("", BadName::Length),
            ("abcdefghijklmnopqrstu", BadName::Length),
            (" Amani", BadName::Spaces),
            ("Amani ", BadName::Spaces),
            ("Bi  Amani", BadName::Spaces),
            ("Ama\u{200B}ni", BadName::Character(0x200B)),
            ("Ama\u{202E}ni", BadName::Character(0x202E)),
            ("Ama\u{200D}ni", BadName::Character(0x200D)),
            ("Am\tni", BadName::Character(0x09)),
            ("<script>", BadName::Character(u32::from('<'))),
            ("a.b", BadName::Character(u32::from('.'))),
            ("\u{301}ab", BadName::Marks),
            ("Zq\u{301}\u{302}\u{303}", BadName::Marks),
            ("Ali محمد", BadName::MixedDirection),
        ] {
            assert_eq!(validate(bad), Err(why.clone()), "{bad:?}");
        }
    }

    #[test]
    fn generated_names_are_valid() {
        for _ in 0..200 {
            let name = generated();
            assert_eq!(validate(&name).as_deref(), Ok(name.as_str()));
        }
    }
}
