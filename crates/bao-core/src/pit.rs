//! Sides, rows and pits: coordinates, facing pits and the order of each player's ring.

use core::fmt;
use core::str::FromStr;

/// One of the two players. South moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// Rows `A` (front) and `B` (back); moves first.
    South,
    /// Rows `a` (front) and `b` (back).
    North,
}

impl Side {
    /// Both sides, South first.
    pub const ALL: [Side; 2] = [Side::South, Side::North];

    /// The other player.
    #[inline]
    pub const fn opponent(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }

    /// 0 for South, 1 for North (index into per-side arrays).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `"south"` or `"north"`, as in the JSON of spec/position.md.
    pub const fn name(self) -> &'static str {
        match self {
            Side::South => "south",
            Side::North => "north",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Side {
    type Err = ParsePitError;
    fn from_str(s: &str) -> Result<Side, ParsePitError> {
        match s {
            "south" => Ok(Side::South),
            "north" => Ok(Side::North),
            _ => Err(ParsePitError(s.to_owned())),
        }
    }
}

/// The row of a pit, seen from its owner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Row {
    /// The inner row, facing the opponent (`A`, `a`).
    Front,
    /// The outer row behind it (`B`, `b`).
    Back,
}

/// The ring index of the nyumba (pit 5 of the front row).
pub(crate) const NYUMBA: u8 = 4;

/// A pit of the board.
///
/// Internally a pit is its side and its position on that side's **ring**, the cycle a player sows around:
/// ring index 0..=7 are front pits 1..=8 (`A1..A8`), ring index 8..=15 are back pits 8..=1 (`B8..B1`).
/// Clockwise sowing adds one to the ring index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pit(u8);

impl Pit {
    /// The pit of `side` at ring index `ring` (taken modulo 16).
    #[inline]
    pub const fn from_ring(side: Side, ring: u8) -> Pit {
        Pit(((side as u8) << 4) | (ring & 15))
    }

    /// The pit of `side`, `row`, numbered `number` (1..=8) from its owner's left.
    ///
    /// Returns `None` when `number` is not in 1..=8.
    pub const fn new(side: Side, row: Row, number: u8) -> Option<Pit> {
        if number < 1 || number > 8 {
            return None;
        }
        let ring = match row {
            Row::Front => number - 1,
            Row::Back => 16 - number,
        };
        Some(Pit::from_ring(side, ring))
    }

    /// The front pit number `number` (1..=8) of `side`. Panics on other numbers (for constants only).
    pub const fn front(side: Side, number: u8) -> Pit {
        assert!(number >= 1 && number <= 8);
        Pit::from_ring(side, number - 1)
    }

    /// The owner of the pit.
    #[inline]
    pub const fn side(self) -> Side {
        if self.0 >> 4 == 0 {
            Side::South
        } else {
            Side::North
        }
    }

    /// Position on the owner's ring (0..=15).
    #[inline]
    pub const fn ring(self) -> u8 {
        self.0 & 15
    }

    /// Front or back row.
    #[inline]
    pub const fn row(self) -> Row {
        if self.ring() < 8 {
            Row::Front
        } else {
            Row::Back
        }
    }

    /// Pit number 1..=8, counted from the owner's left.
    #[inline]
    pub const fn number(self) -> u8 {
        let r = self.ring();
        if r < 8 {
            r + 1
        } else {
            16 - r
        }
    }

    /// The opponent's front pit facing this front pit (`A_i` faces `a_(9-i)`); `None` for back pits.
    #[inline]
    pub const fn facing(self) -> Option<Pit> {
        if self.ring() < 8 {
            Some(Pit::from_ring(self.side().opponent(), 7 - self.ring()))
        } else {
            None
        }
    }

    /// A compact index 0..32 (South ring 0..16, then North ring), for tables.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The pit with compact index `index` (0..32). Returns `None` for larger values.
    pub const fn from_index(index: usize) -> Option<Pit> {
        if index < 32 {
            Some(Pit(index as u8))
        } else {
            None
        }
    }

    /// The row letter: `A`/`B` for South, `a`/`b` for North.
    pub const fn row_letter(self) -> char {
        match (self.side(), self.row()) {
            (Side::South, Row::Front) => 'A',
            (Side::South, Row::Back) => 'B',
            (Side::North, Row::Front) => 'a',
            (Side::North, Row::Back) => 'b',
        }
    }
}

impl fmt::Display for Pit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.row_letter(), self.number())
    }
}

/// A pit name that is not one of `A1..A8`, `B1..B8`, `a1..a8`, `b1..b8`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsePitError(pub String);

impl fmt::Display for ParsePitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not a pit or side: {:?}", self.0)
    }
}

impl std::error::Error for ParsePitError {}

impl FromStr for Pit {
    type Err = ParsePitError;
    fn from_str(s: &str) -> Result<Pit, ParsePitError> {
        let b = s.as_bytes();
        let err = || ParsePitError(s.to_owned());
        if b.len() != 2 {
            return Err(err());
        }
        let (side, row) = match b[0] {
            b'A' => (Side::South, Row::Front),
            b'B' => (Side::South, Row::Back),
            b'a' => (Side::North, Row::Front),
            b'b' => (Side::North, Row::Back),
            _ => return Err(err()),
        };
        if !(b'1'..=b'8').contains(&b[1]) {
            return Err(err());
        }
        Pit::new(side, row, b[1] - b'0').ok_or_else(err)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ring_order_is_front_left_to_right_then_back_right_to_left() {
        let names: Vec<String> = (0..16)
            .map(|r| Pit::from_ring(Side::South, r).to_string())
            .collect();
        assert_eq!(
            names.join(" "),
            "A1 A2 A3 A4 A5 A6 A7 A8 B8 B7 B6 B5 B4 B3 B2 B1"
        );
    }

    #[test]
    fn facing_pits_a_i_faces_a_9_minus_i() {
        for i in 1..=8u8 {
            let a: Pit = format!("A{i}").parse().unwrap();
            assert_eq!(a.facing().unwrap().to_string(), format!("a{}", 9 - i));
            assert_eq!(a.facing().unwrap().facing(), Some(a));
        }
        assert_eq!("B3".parse::<Pit>().unwrap().facing(), None);
    }

    #[test]
    fn pit_names_round_trip_and_bad_names_fail() {
        for i in 0..32 {
            let p = Pit::from_index(i).unwrap();
            assert_eq!(p.to_string().parse::<Pit>(), Ok(p));
        }
        for bad in ["", "A0", "A9", "C1", "a", "A10", "Ä1"] {
            assert!(bad.parse::<Pit>().is_err(), "{bad}");
        }
    }
}
