//! Why a pit cannot start a move, and why a move is not legal: the reasons a player is told when a click on
//! the board does nothing (issue 13).
//!
//! The reasons come from the same checks the move generator uses to pick its candidate moves (`Starts` in
//! each module of [`crate::rules`]), so they cannot disagree with it: a pit gets a reason exactly when no
//! legal move starts there, and a move exactly when it is not legal. A candidate those checks allow that is
//! still not legal is a never-ending move ([`Blocked::NeverEnding`]).

use core::fmt;

use arrayvec::ArrayVec;

use crate::moves::Move;
use crate::pit::Pit;
use crate::position::Position;
use crate::rules;
use crate::stage::Stage;

/// Why a pit of the side to move cannot start a move, or why a move is not legal. The codes
/// ([`Blocked::as_str`]) are the protocol's `blocked` and `reason` values, and its JSON form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Blocked {
    /// `empty`: the pit holds no seeds (Kimasai: a cow from the reserve only goes into an occupied pit).
    Empty,
    /// `singleton`: the pit holds one seed. In Kujifunza and the mtaji stage a move needs 2 or more; in the
    /// namua stage a single seed may be played only while its owner owns the nyumba, or when no allowed front
    /// pit holds 2 or more.
    Singleton,
    /// `capture_required`: a capture move exists, so moves that do not capture are not allowed.
    CaptureRequired,
    /// `front_row_first`: namua: the seed from the hand goes into an occupied front pit, so back pits never
    /// start a move; mtaji and Kujifunza: while a front pit holds 2 or more, a takasa starts in the front row.
    FrontRowFirst,
    /// `takasia`: the pit is takasia'd for this move (the opponent's last takasa threatens it).
    Takasia,
    /// `nyumba`: the owned nyumba holding 6 or more seeds may start a takasa (taxed) only when it is its
    /// owner's only occupied front pit.
    Nyumba,
    /// `direction`: the pit can be played, but not in the direction asked (or a direction is missing): the
    /// kichwa rule (a lone occupied kichwa may not be sown out of the front row, `A1L`/`A8R`), the kichwa a
    /// namua capture from `A1`/`A2` (`L`) or `A7`/`A8` (`R`) must enter, or only the other direction captures.
    Direction,
    /// `safari`: a `+` (safari) is only for a namua capture that ends a lap in its owner's owned nyumba.
    Safari,
    /// `clockwise_only`: Kimasai sows clockwise only, so a move is just a pit, without `L`, `R` or `+`.
    ClockwiseOnly,
    /// `never_ending`: the sowing of this move (every move from this pit) would go on for ever, which makes
    /// it illegal (rules.md section 7).
    NeverEnding,
    /// `opponent_pit`: the move starts from a pit of the other player.
    OpponentPit,
    /// `game_over`: the game is over; nothing can be played.
    GameOver,
    /// `not_legal`: not a legal move, and no finer reason applies (for example text that is not a move).
    NotLegal,
}

impl Blocked {
    /// Every reason, in the order of the documentation.
    pub const ALL: [Blocked; 13] = [
        Blocked::Empty,
        Blocked::Singleton,
        Blocked::CaptureRequired,
        Blocked::FrontRowFirst,
        Blocked::Takasia,
        Blocked::Nyumba,
        Blocked::Direction,
        Blocked::Safari,
        Blocked::ClockwiseOnly,
        Blocked::NeverEnding,
        Blocked::OpponentPit,
        Blocked::GameOver,
        Blocked::NotLegal,
    ];

    /// The code, in snake_case: `"empty"`, `"capture_required"`, …
    pub const fn as_str(self) -> &'static str {
        match self {
            Blocked::Empty => "empty",
            Blocked::Singleton => "singleton",
            Blocked::CaptureRequired => "capture_required",
            Blocked::FrontRowFirst => "front_row_first",
            Blocked::Takasia => "takasia",
            Blocked::Nyumba => "nyumba",
            Blocked::Direction => "direction",
            Blocked::Safari => "safari",
            Blocked::ClockwiseOnly => "clockwise_only",
            Blocked::NeverEnding => "never_ending",
            Blocked::OpponentPit => "opponent_pit",
            Blocked::GameOver => "game_over",
            Blocked::NotLegal => "not_legal",
        }
    }

    /// One sentence in English for people (the server's error messages, the `bao` command, the API
    /// description). The web page words the codes in its own five languages.
    pub const fn description(self) -> &'static str {
        match self {
            Blocked::Empty => "the pit is empty",
            Blocked::Singleton => {
                "a single seed cannot start a move here (a move needs 2 seeds, or in the namua stage 2 are \
                 needed once the nyumba is lost and another front pit holds 2)"
            }
            Blocked::CaptureRequired => "a capture is possible, so a move that does not capture is not allowed",
            Blocked::FrontRowFirst => {
                "the move must start in the front row (namua: the seed from the hand goes into the front row; \
                 otherwise while a front pit holds 2 or more)"
            }
            Blocked::Takasia => "the pit is takasia'd: it may not be played this move",
            Blocked::Nyumba => {
                "the owned nyumba with 6 or more seeds may only be played when it is the only occupied front pit"
            }
            Blocked::Direction => "the pit can be played, but not in this direction",
            Blocked::Safari => "safari (+) is only for a namua capture that stops in the owned nyumba",
            Blocked::ClockwiseOnly => "Kimasai sows clockwise only: a move is just a pit, without L, R or +",
            Blocked::NeverEnding => "the sowing would never end, so the move is not allowed",
            Blocked::OpponentPit => "the pit belongs to the other player",
            Blocked::GameOver => "the game is over",
            Blocked::NotLegal => "not a legal move",
        }
    }

    /// The reason of a code, if it is one.
    pub fn parse(code: &str) -> Option<Blocked> {
        Blocked::ALL.into_iter().find(|b| b.as_str() == code)
    }
}

impl fmt::Display for Blocked {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The pits of the side to move that cannot start a move, each with its reason, in ring order (front pits
/// 1..=8, then back pits 8..=1). No heap allocation.
pub type BlockedPits = ArrayVec<(Pit, Blocked), 16>;

impl Position {
    /// The pits of the side to move that start no legal move, each with the reason; empty once the game is
    /// over. Generates the legal moves; a caller that has them already uses [`Position::blocked_among`].
    ///
    /// ```
    /// use bao_core::{Blocked, Position, Variant};
    ///
    /// let start = Position::new(Variant::Kiswahili);
    /// let blocked = start.blocked();
    /// // The nyumba (6 seeds) may not start a takasa while other front pits are occupied.
    /// assert!(blocked.contains(&("A5".parse().unwrap(), Blocked::Nyumba)));
    /// // Back pits never start a namua move.
    /// assert!(blocked.contains(&("B3".parse().unwrap(), Blocked::FrontRowFirst)));
    /// assert_eq!(blocked.len(), 14); // all but A6 and A7
    /// ```
    pub fn blocked(&self) -> BlockedPits {
        self.blocked_among(&self.legal_moves())
    }

    /// [`Position::blocked`] given the legal moves of this position (as [`Position::legal_moves`] or
    /// [`crate::Played::legal`] list them). Cheap: a few comparisons per pit, no sowing.
    pub fn blocked_among(&self, legal: &[Move]) -> BlockedPits {
        let mut out = BlockedPits::new();
        if self.result.is_some() {
            return out;
        }
        let me = self.to_move;
        let mut starts = 0u16; // bit r: a legal move starts at ring index r
        for m in legal {
            if m.pit.side() == me {
                starts |= 1 << m.pit.ring();
            }
        }
        let reasons = rules::pit_reasons(self);
        for (ring, why) in (0..16u8).zip(reasons) {
            if starts & (1 << ring) == 0 {
                // The start checks allowed a move here that is not legal: its sowing never ends.
                out.push((
                    Pit::from_ring(me, ring),
                    why.unwrap_or(Blocked::NeverEnding),
                ));
            }
        }
        out
    }

    /// Why `mv` is not legal here, or `None` when it is. Generates the legal moves; a caller that has them
    /// already uses [`Position::why_illegal_among`].
    ///
    /// ```
    /// use bao_core::{Blocked, Position, Variant};
    ///
    /// let start = Position::new(Variant::Kiswahili);
    /// assert_eq!(start.why_illegal("A6L".parse().unwrap()), None);
    /// assert_eq!(start.why_illegal("A5L".parse().unwrap()), Some(Blocked::Nyumba));
    /// assert_eq!(start.why_illegal("A4R".parse().unwrap()), Some(Blocked::Empty));
    /// assert_eq!(start.why_illegal("a6L".parse().unwrap()), Some(Blocked::OpponentPit));
    /// ```
    pub fn why_illegal(&self, mv: Move) -> Option<Blocked> {
        self.why_illegal_among(mv, &self.legal_moves())
    }

    /// [`Position::why_illegal`] given the legal moves of this position. Cheap for every move but a refused
    /// safari, which plays the move without safari once to see whether it reaches the nyumba.
    pub fn why_illegal_among(&self, mv: Move, legal: &[Move]) -> Option<Blocked> {
        if legal.contains(&mv) {
            return None;
        }
        if self.result.is_some() {
            return Some(Blocked::GameOver);
        }
        if mv.pit.side() != self.to_move {
            return Some(Blocked::OpponentPit);
        }
        if let Some(why) = rules::move_blocked(self, mv) {
            return Some(why);
        }
        if mv.safari && self.stage(self.to_move) == Stage::Namua {
            let stop = Move {
                safari: false,
                ..mv
            };
            // The capture ends when it stops at the nyumba; safari is refused if the capture never reaches
            // the nyumba stop (and never ends otherwise).
            if legal.contains(&stop) && !rules::reaches_nyumba_stop(self, stop) {
                return Some(Blocked::Safari);
            }
        }
        Some(Blocked::NeverEnding)
    }
}
