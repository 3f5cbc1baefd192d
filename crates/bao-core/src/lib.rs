//! The rules of Bao, the four-row mancala of East Africa: Bao la Kujifunza, Bao la Kiswahili (with its Malawi
//! opening) and Bao la Kimasai, exactly as `spec/rules.md` of the project states them.
//!
//! The crate is pure: no I/O, no async, no allocation in move generation or in [`Position::play_unchecked`]
//! (the search's path). Every other part of the project asks it what is legal and what a move does.
//!
//! ```
//! use bao_core::{Move, Position, Variant};
//!
//! let start = Position::new(Variant::Kiswahili);
//! let legal: Vec<String> = start.legal_moves().iter().map(|m| m.to_string()).collect();
//! assert_eq!(legal.len(), 4); // A6L, A6R, A7L, A7R
//!
//! let mv: Move = "A6L".parse().unwrap();
//! let (after, trace) = start.play(mv).unwrap();
//! assert_eq!(after.to_setup().south.front, [0, 0, 1, 1, 7, 0, 2, 0]);
//! assert!(!trace.is_empty());
//!
//! // Illegal moves are refused with the list of legal ones.
//! let err = start.play("A5L".parse().unwrap()).unwrap_err();
//! assert!(err.to_string().contains("A6L"));
//! ```
//!
//! Why a pit or a move cannot be played ([`Blocked`]: a compulsory capture, the front row first, the nyumba,
//! takasia, …) comes from [`Position::blocked`] and [`Position::why_illegal`], derived from the same start checks
//! the move generator uses. When several reasons hold, the first the generator checks is given.
//!
//! # Decisions where the rules are silent
//!
//! `spec/rules.md` section 8 lists the choices made where sources differ. Where it does not decide, the crate
//! decides as follows (the Donkers way where he says something):
//!
//! - **Stage per mover** ([`Position::stage`]). A Kiswahili move is a namua move when the *mover* has seeds in
//!   hand, a mtaji move otherwise (in games from the start position both hands empty together, so this only
//!   matters for set-up positions). Takasia is set only when both hands are empty.
//! - **Kimasai with one reserve empty.** Phase 1 lasts while any reserve holds cows; a phase-1 mover whose own
//!   reserve is empty sows from the board without a cow from the reserve, still without captures.
//! - **Capture obligation and never-ending moves.** Whether a capture move exists is decided by its first lap,
//!   as rule 4 defines a capture move; never-ending moves are then not legal. A player whose only capture moves
//!   never end has no legal move (takasa is still forbidden) and loses.
//! - **Namua captures after the first.** Only the first capture of a namua move chooses its kichwa (the move's
//!   letter); later captures in `A3..A6` keep the current direction, as in section 4.
//! - **Cycle state.** A never-ending move is detected when the state at the start of a lap (both boards, both
//!   nyumba flags, the next pit, the direction and the seeds in the air) repeats; the move's kind and takasia
//!   mark cannot change during a move. From the 24th lap on (ordinary moves never pay for it) each state is
//!   compared with Brent's saved state and with the first state checked; either match proves a repetition.
//!   [`Position::children_within`] bounds the laps for callers that cannot wait for a rare long cycle.
//! - **Games without end.** The rules know no draw, but a game played through [`DrawWatch`] is drawn by
//!   repetition (a position standing for the third time) or after [`MOVE_LIMIT`] moves; see the `draw`
//!   module's documentation.
//! - **Hands in Kujifunza.** Kujifunza has no hands; a hand only holds the seeds of a winning capture in a
//!   finished game.

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]

mod draw;
#[cfg(feature = "serde")]
mod json;
mod moves;
mod perft;
mod pit;
mod position;
mod result;
mod rules;
mod sow;
mod stage;
mod trace;
mod variant;
mod why;

pub use draw::{DrawRule, DrawWatch, MOVE_LIMIT, REPETITION_LIMIT};
pub use moves::{Dir, Move, ParseMoveError};
pub use perft::{perft, perft_by_depth};
pub use pit::{ParsePitError, Pit, Row, Side};
pub use position::{IllegalMove, Played, Position, PositionError, Setup, SideSetup, TOTAL_SEEDS};
pub use result::{GameResult, Reason};
pub use rules::{MoveList, MAX_MOVES};
pub use stage::Stage;
pub use trace::{Step, Trace};
pub use variant::{UnknownVariant, Variant};
pub use why::{Blocked, BlockedPits};
