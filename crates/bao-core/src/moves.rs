//! The move type and its notation (spec/rules.md section 2).

use core::fmt;
use core::str::FromStr;

use crate::pit::{Pit, Row};

/// The letter of a move: towards pit 1 (`L`) or towards pit 8 (`R`) of the start pit's row.
///
/// For a namua capture the letter names the kichwa the captured seeds enter: `L` = pit 1, `R` = pit 8.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    /// `L`: towards pit 1.
    Left,
    /// `R`: towards pit 8.
    Right,
}

impl Dir {
    /// The notation letter.
    pub const fn letter(self) -> char {
        match self {
            Dir::Left => 'L',
            Dir::Right => 'R',
        }
    }

    /// Whether sowing from a pit in `row` in this direction goes clockwise around the ring
    /// (front row: `R`; back row: `L`).
    #[inline]
    pub const fn is_clockwise_in(self, row: Row) -> bool {
        matches!(
            (self, row),
            (Dir::Right, Row::Front) | (Dir::Left, Row::Back)
        )
    }
}

/// A move: the start pit, the direction letter (none in Kimasai) and the safari mark.
///
/// Notation: `A6L`, `b3R`, `A8R+` (safari), `B4` (Kimasai). Parsing is strict and formatting canonical,
/// so `m.to_string().parse() == Ok(m)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The pit the move starts from (for namua moves, the pit that receives the seed from the hand).
    pub pit: Pit,
    /// `L` or `R`; `None` for Kimasai moves.
    pub dir: Option<Dir>,
    /// Safari: go on sowing from the nyumba instead of stopping there (namua capture moves only).
    pub safari: bool,
}

impl Move {
    /// A move with a direction letter and no safari.
    pub const fn new(pit: Pit, dir: Dir) -> Move {
        Move {
            pit,
            dir: Some(dir),
            safari: false,
        }
    }

    /// A Kimasai move: just a start pit.
    pub const fn pit_only(pit: Pit) -> Move {
        Move {
            pit,
            dir: None,
            safari: false,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.pit)?;
        if let Some(d) = self.dir {
            write!(f, "{}", d.letter())?;
        }
        if self.safari {
            f.write_str("+")?;
        }
        Ok(())
    }
}

/// A string that is not a move in notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseMoveError(pub String);

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "not a move in notation: {:?} (expected a pit, a letter and an optional +, like A6L, a5R, A8R+, or a pit alone in Kimasai, like B4)",
            self.0
        )
    }
}

impl std::error::Error for ParseMoveError {}

impl FromStr for Move {
    type Err = ParseMoveError;
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let err = || ParseMoveError(s.to_owned());
        if !s.is_ascii() || s.len() < 2 || s.len() > 4 {
            return Err(err());
        }
        let pit: Pit = s[..2].parse().map_err(|_| err())?;
        let rest = &s.as_bytes()[2..];
        let (dir, rest) = match rest.first() {
            Some(b'L') => (Some(Dir::Left), &rest[1..]),
            Some(b'R') => (Some(Dir::Right), &rest[1..]),
            _ => (None, rest),
        };
        let safari = match rest {
            [] => false,
            [b'+'] if dir.is_some() => true,
            _ => return Err(err()),
        };
        Ok(Move { pit, dir, safari })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        for s in ["A6L", "b3R", "A8R+", "B4", "a5R", "a1L+"] {
            let m: Move = s.parse().unwrap();
            assert_eq!(m.to_string(), s);
        }
    }

    #[test]
    fn notation_is_strict() {
        for s in [
            "", "A", "A6", "A6X", "A6L+R", "A6+", "A6l", "A6 L", "a6R++", "A9L", " A6L", "A6LL",
        ] {
            if s == "A6" {
                continue; // a pit alone is a Kimasai move
            }
            assert!(s.parse::<Move>().is_err(), "{s:?} should not parse");
        }
    }

    #[test]
    fn back_row_right_is_anticlockwise() {
        assert!(Dir::Right.is_clockwise_in(Row::Front));
        assert!(!Dir::Right.is_clockwise_in(Row::Back));
        assert!(Dir::Left.is_clockwise_in(Row::Back));
    }
}
