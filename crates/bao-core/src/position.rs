//! The validated position type and its public API.

use core::fmt;

use crate::moves::Move;
use crate::pit::{Pit, Row, Side, NYUMBA};
use crate::result::{GameResult, Reason};
use crate::rules::{self, MoveList};
use crate::stage::Stage;
use crate::trace::Trace;
use crate::variant::Variant;
use crate::why::Blocked;

/// Seeds in a game: board plus hands always hold this many.
pub const TOTAL_SEEDS: u32 = 64;

/// One player's part of an unvalidated position, in the owner's numbering (index 0 is pit 1, the owner's left).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct SideSetup {
    /// Front row, pits 1..=8.
    pub front: [u8; 8],
    /// Back row, pits 1..=8.
    pub back: [u8; 8],
    /// Seeds in hand (Kimasai: the reserve).
    pub hand: u8,
    /// Whether the player still owns the nyumba (Bao la Kiswahili only).
    pub house: bool,
}

/// An unvalidated position, field for field the JSON of spec/position.md. Turn it into a [`Position`] with
/// [`Position::from_setup`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The game.
    pub variant: Variant,
    /// Who moves next.
    pub to_move: Side,
    /// South's pits and hand.
    pub south: SideSetup,
    /// North's pits and hand.
    pub north: SideSetup,
    /// The pit of the side to move that is takasia'd for this move.
    pub takasia: Option<Pit>,
    /// The result, once the game is over.
    pub result: Option<GameResult>,
}

impl Setup {
    /// The part of `side`.
    pub fn side(&self, side: Side) -> &SideSetup {
        match side {
            Side::South => &self.south,
            Side::North => &self.north,
        }
    }
}

/// Why a [`Setup`] is not a position. The message names the offending field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    /// The JSON path of the field, e.g. `south.front`.
    pub field: String,
    /// What is wrong with it.
    pub message: String,
}

impl PositionError {
    pub(crate) fn new(field: impl Into<String>, message: impl Into<String>) -> PositionError {
        PositionError {
            field: field.into(),
            message: message.into(),
        }
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.field.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "{}: {}", self.field, self.message)
        }
    }
}

impl std::error::Error for PositionError {}

/// A move that is not legal in the position. Its message gives the reason and lists the legal moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMove {
    /// The move that was refused.
    pub played: Move,
    /// Why it is not legal ([`Position::why_illegal`]).
    pub reason: Blocked,
    /// The legal moves of the position, in generation order.
    pub legal: Vec<Move>,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "illegal move {} ({}); legal moves: ",
            self.played, self.reason
        )?;
        if self.legal.is_empty() {
            return f.write_str("none (the game is over)");
        }
        for (i, m) in self.legal.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{m}")?;
        }
        Ok(())
    }
}

impl std::error::Error for IllegalMove {}

/// A move played by [`Position::play_full`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The position after the move, with its result when the game is over.
    pub position: Position,
    /// The sowing steps of the move, in order.
    pub trace: Trace,
    /// The legal moves of the new position (empty when the game is over).
    pub legal: MoveList<Move>,
}

/// A consistent game position: board, hands, nyumba ownership, takasia mark, side to move and result.
///
/// Every `Position` holds 64 seeds and obeys the rules of its variant; the only ways to get one are
/// [`Position::new`], [`Position::from_setup`] (which validates) and playing moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) variant: Variant,
    pub(crate) to_move: Side,
    /// Seeds per pit, per side, in ring order (see [`Pit`]).
    pub(crate) board: [[u8; 16]; 2],
    pub(crate) hand: [u8; 2],
    pub(crate) house: [bool; 2],
    /// Ring index (front row of the side to move) of the takasia'd pit.
    pub(crate) takasia: Option<u8>,
    pub(crate) result: Option<GameResult>,
}

impl Position {
    /// The initial position of `variant`.
    pub fn new(variant: Variant) -> Position {
        let mut board = [[0u8; 16]; 2];
        let (hand, house) = match variant {
            Variant::Kujifunza => {
                board = [[2; 16]; 2];
                (0, false)
            }
            Variant::Kiswahili | Variant::KiswahiliMalawi => {
                let nyumba = if variant == Variant::Kiswahili { 6 } else { 8 };
                for side in &mut board {
                    side[NYUMBA as usize] = nyumba;
                    side[5] = 2;
                    side[6] = 2;
                }
                (64 / 2 - nyumba - 4, true)
            }
            Variant::Kimasai => {
                for side in &mut board {
                    side[..8].fill(1);
                }
                (24, false)
            }
        };
        Position {
            variant,
            to_move: Side::South,
            board,
            hand: [hand; 2],
            house: [house; 2],
            takasia: None,
            result: None,
        }
    }

    /// Validates a setup. Errors name the field: counts that do not add up to 64, a house flag in a variant
    /// without houses, a takasia pit that is not on the front row of the side to move.
    pub fn from_setup(setup: Setup) -> Result<Position, PositionError> {
        Position::validate(setup, true)
    }

    /// Like [`Position::from_setup`], but accepts any number of seeds up to 128 in all. For study positions
    /// that leave seeds out, such as the published examples of rules.md section 10 (which hold 43 and 66
    /// seeds). The rules never create or destroy seeds, so the total stays what it was.
    pub fn from_setup_any_total(setup: Setup) -> Result<Position, PositionError> {
        Position::validate(setup, false)
    }

    fn validate(setup: Setup, exactly_64: bool) -> Result<Position, PositionError> {
        let mut board = [[0u8; 16]; 2];
        let mut total: u32 = 0;
        for side in Side::ALL {
            let s = setup.side(side);
            let name = side.name();
            for n in 1..=8u8 {
                let f = s.front[n as usize - 1];
                let b = s.back[n as usize - 1];
                for (row, v, what) in [(Row::Front, f, "front"), (Row::Back, b, "back")] {
                    if u32::from(v) > TOTAL_SEEDS {
                        return Err(PositionError::new(
                            format!("{name}.{what}"),
                            format!("pit {n} holds {v} seeds, more than the 64 of the game"),
                        ));
                    }
                    if let Some(p) = Pit::new(side, row, n) {
                        board[side.index()][p.ring() as usize] = v;
                    }
                    total += u32::from(v);
                }
            }
            total += u32::from(s.hand);
            if s.house && !setup.variant.has_house() {
                return Err(PositionError::new(
                    format!("{name}.house"),
                    format!("{} has no nyumba, so house must be false", setup.variant),
                ));
            }
        }
        if exactly_64 && total != TOTAL_SEEDS {
            return Err(PositionError::new(
                "",
                format!("board and hands hold {total} seeds; a position holds exactly 64"),
            ));
        }
        if total > 2 * TOTAL_SEEDS {
            return Err(PositionError::new(
                "",
                format!("board and hands hold {total} seeds, more than 128"),
            ));
        }
        let takasia = match setup.takasia {
            None => None,
            Some(p) => {
                if !setup.variant.has_house() {
                    return Err(PositionError::new(
                        "takasia",
                        format!("{} has no takasia", setup.variant),
                    ));
                }
                if p.side() != setup.to_move || p.row() != Row::Front {
                    return Err(PositionError::new(
                        "takasia",
                        format!(
                            "{p} is not on the front row of the side to move ({})",
                            setup.to_move
                        ),
                    ));
                }
                if setup.result.is_some() {
                    return Err(PositionError::new(
                        "takasia",
                        "a finished game has no takasia mark",
                    ));
                }
                Some(p.ring())
            }
        };
        Ok(Position {
            variant: setup.variant,
            to_move: setup.to_move,
            board,
            hand: [setup.south.hand, setup.north.hand],
            house: [setup.south.house, setup.north.house],
            takasia,
            result: setup.result,
        })
    }

    /// The position as an unvalidated setup (the shape of the JSON).
    pub fn to_setup(&self) -> Setup {
        let side = |s: Side| {
            let mut out = SideSetup {
                hand: self.hand[s.index()],
                house: self.house[s.index()],
                ..SideSetup::default()
            };
            for n in 1..=8u8 {
                if let (Some(f), Some(b)) = (Pit::new(s, Row::Front, n), Pit::new(s, Row::Back, n))
                {
                    out.front[n as usize - 1] = self.count(f);
                    out.back[n as usize - 1] = self.count(b);
                }
            }
            out
        };
        Setup {
            variant: self.variant,
            to_move: self.to_move,
            south: side(Side::South),
            north: side(Side::North),
            takasia: self.takasia(),
            result: self.result,
        }
    }

    /// The game.
    #[inline]
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Who moves next (after the last move of a game: the last mover's opponent).
    #[inline]
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// Seeds in `pit`.
    #[inline]
    pub fn count(&self, pit: Pit) -> u8 {
        self.board[pit.side().index()][pit.ring() as usize]
    }

    /// The 16 pits of `side` in ring order: front pits 1..=8, then back pits 8..=1 (see [`Pit`]).
    #[inline]
    pub fn ring(&self, side: Side) -> &[u8; 16] {
        &self.board[side.index()]
    }

    /// Seeds in `side`'s hand (Kimasai: reserve).
    #[inline]
    pub fn hand(&self, side: Side) -> u8 {
        self.hand[side.index()]
    }

    /// Whether `side` still owns the nyumba.
    #[inline]
    pub fn owns_house(&self, side: Side) -> bool {
        self.house[side.index()]
    }

    /// The pit of the side to move that may not be played (or relayed from) this move.
    #[inline]
    pub fn takasia(&self) -> Option<Pit> {
        self.takasia.map(|r| Pit::from_ring(self.to_move, r))
    }

    /// The result, if the game is over. A position whose side to move has no legal move but whose result is
    /// not set yet (only after [`Position::play_unchecked`]) is also over: see [`Position::outcome`].
    #[inline]
    pub fn result(&self) -> Option<GameResult> {
        self.result
    }

    /// The result, computing "no legal move" when it is not recorded.
    pub fn outcome(&self) -> Option<GameResult> {
        self.result.or_else(|| {
            if self.legal_moves().is_empty() {
                Some(GameResult {
                    winner: self.to_move.opponent(),
                    reason: Reason::NoLegalMove,
                })
            } else {
                None
            }
        })
    }

    /// Whether the side to move plays a namua move (Kiswahili: seeds in hand) or a phase-1 move (Kimasai:
    /// seeds in any hand). Shorthand for [`Position::stage`] of the side to move being
    /// [`Stage::Namua`] or [`Stage::Phase1`].
    pub fn is_first_stage(&self) -> bool {
        matches!(self.stage(self.to_move), Stage::Namua | Stage::Phase1)
    }

    /// The legal moves, in a fixed order. Allocation-free.
    pub fn legal_moves(&self) -> MoveList<Move> {
        let mut out = MoveList::new();
        rules::for_each_legal(self, |m, _| out.push(m));
        out
    }

    /// The legal moves with the position each leads to (the search's and perft's way to walk the tree: every
    /// move is simulated once). Allocation-free.
    pub fn children(&self) -> MoveList<(Move, Position)> {
        let mut out = MoveList::new();
        rules::for_each_legal(self, |m, p| out.push((m, *p)));
        out
    }

    /// [`Position::children`] for searches that must stay responsive: `None` when telling the legal moves
    /// apart would take more than `lap_budget` laps of sowing beyond the 24 first laps of each move.
    ///
    /// Ordinary moves need no such laps, so this is `children()` for almost every position. The rare positions
    /// it gives up on have a candidate move whose relay sowing goes on for a long time: only following it to
    /// its end, or until it repeats a state (a never-ending move), tells whether it is legal, and a
    /// repetition can take tens of millions of laps (about 8 ns each).
    pub fn children_within(&self, lap_budget: u64) -> Option<MoveList<(Move, Position)>> {
        let mut budget = crate::sow::LapBudget {
            left: lap_budget,
            exhausted: false,
        };
        let mut out = MoveList::new();
        rules::for_each_legal_with(self, &mut budget, |m, p| out.push((m, *p)));
        (!budget.exhausted).then_some(out)
    }

    /// The legal moves with the positions they lead to, each finished as [`Position::play`] finishes it (a
    /// position whose side to move cannot move gets its "no legal move" result). One move generation per
    /// child more than [`Position::children`]; for tools that list moves with their positions.
    pub fn children_settled(&self) -> MoveList<(Move, Position)> {
        let mut out = self.children();
        for (_, child) in out.iter_mut() {
            let legal = child.legal_moves();
            child.settle(&legal);
        }
        out
    }

    /// Records "no legal move" when the side to move has none (`legal` being its legal moves).
    fn settle(&mut self, legal: &[Move]) {
        if self.result.is_none() && legal.is_empty() {
            self.result = Some(GameResult {
                winner: self.to_move.opponent(),
                reason: Reason::NoLegalMove,
            });
            self.takasia = None;
        }
    }

    /// Whether `mv` is legal here.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.legal_moves().contains(&mv)
    }

    /// Plays a legal move: the new position (with its result, "no legal move" included) and the trace of
    /// sowing steps. An illegal move gives an error that lists the legal moves.
    pub fn play(&self, mv: Move) -> Result<(Position, Trace), IllegalMove> {
        self.play_full(mv).map(|p| (p.position, p.trace))
    }

    /// Like [`Position::play`], and also returns the legal moves of the new position, which `play` has to
    /// generate anyway (to see whether the opponent can move). A server keeps them rather than generating
    /// them again: in rare positions a never-ending candidate move takes long to tell apart.
    pub fn play_full(&self, mv: Move) -> Result<Played, IllegalMove> {
        let legal = self.legal_moves();
        let refuse = || IllegalMove {
            played: mv,
            reason: self
                .why_illegal_among(mv, &legal)
                .unwrap_or(Blocked::NotLegal),
            legal: legal.to_vec(),
        };
        if !legal.contains(&mv) {
            return Err(refuse());
        }
        let mut trace = Trace::new();
        let mut next = rules::simulate(self, mv, &mut trace).ok_or_else(refuse)?;
        let next_legal = next.legal_moves();
        next.settle(&next_legal);
        Ok(Played {
            position: next,
            trace,
            legal: next_legal,
        })
    }

    /// [`Position::play_full`] for a caller that must not wait long (a server's task): `None` when telling the
    /// legal moves apart, here or after the move, would take more than `lap_budget` laps of sowing beyond the
    /// 24 first laps of each candidate move (see [`Position::children_within`]); the caller then plays it
    /// with [`Position::play_full`] where waiting is fine. Ordinary positions need no such laps.
    pub fn play_full_within(
        &self,
        mv: Move,
        lap_budget: u64,
    ) -> Option<Result<Played, IllegalMove>> {
        let mut budget = crate::sow::LapBudget {
            left: lap_budget,
            exhausted: false,
        };
        let legal = self.legal_with(&mut budget)?;
        self.play_known_with(mv, &legal, &mut budget)
    }

    /// [`Position::play_full_within`] when the caller has this position's legal moves (`legal`: those of
    /// the [`Played`] that led here), which are then not generated again: half the work of a move.
    pub fn play_full_known(
        &self,
        mv: Move,
        legal: &[Move],
        lap_budget: u64,
    ) -> Option<Result<Played, IllegalMove>> {
        let mut budget = crate::sow::LapBudget {
            left: lap_budget,
            exhausted: false,
        };
        self.play_known_with(mv, legal, &mut budget)
    }

    fn play_known_with(
        &self,
        mv: Move,
        legal: &[Move],
        budget: &mut crate::sow::LapBudget,
    ) -> Option<Result<Played, IllegalMove>> {
        let refuse = || IllegalMove {
            played: mv,
            reason: self
                .why_illegal_among(mv, legal)
                .unwrap_or(Blocked::NotLegal),
            legal: legal.to_vec(),
        };
        if !legal.contains(&mv) {
            return Some(Err(refuse()));
        }
        // A legal move ends, within the laps its generation just took.
        let mut trace = Trace::new();
        let Some(mut next) = rules::simulate(self, mv, &mut trace) else {
            return Some(Err(refuse()));
        };
        let next_legal = next.legal_with(budget)?;
        next.settle(&next_legal);
        Some(Ok(Played {
            position: next,
            trace,
            legal: next_legal,
        }))
    }

    /// The legal moves, or `None` when `budget` ran out before they were all told apart.
    fn legal_with(&self, budget: &mut crate::sow::LapBudget) -> Option<MoveList<Move>> {
        let mut out = MoveList::new();
        rules::for_each_legal_with(self, budget, |m, _| out.push(m));
        (!budget.exhausted).then_some(out)
    }

    /// Plays a move assumed legal, without a trace and without looking for "no legal move" afterwards
    /// (an empty [`Position::legal_moves`] says it). For search. An illegal move gives an unspecified (but
    /// consistent, 64-seed) position or `None` when its sowing never ends.
    pub fn play_unchecked(&self, mv: Move) -> Option<Position> {
        rules::simulate(self, mv, &mut ())
    }
}
