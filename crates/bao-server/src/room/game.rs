//! What a room knows of its game: the seats, every position and move so far, the result and the rematch.
//! It changes only through the room's handlers; here are the facts and the views built from them (snapshot,
//! `moved` event, record).

use std::sync::Arc;

use axum::extract::ws::Utf8Bytes;
use bao_ai::Level;
use bao_core::{DrawWatch, Move, Played, Position, Side, Variant};

use super::log::Event;
use super::presence::Crowd;
use crate::error::AppError;
use crate::protocol::{
    blocked_pits, share_url, History, Moved, Outcome, RematchState, Seat, SeatKind, Seats,
    Snapshot, Status, HISTORY_PAGE, HISTORY_WINDOW,
};
use crate::record::{self, RecordInfo};
use crate::store::{GameRow, MoveRow};
use crate::tokens::hash_token;

/// One game's state in memory.
#[derive(Debug)]
pub struct Game {
    /// Game id.
    pub id: String,
    /// The variant.
    pub variant: Variant,
    /// Unix seconds.
    pub created_at: i64,
    /// Who holds each seat (south, north).
    pub kinds: [SeatKind; 2],
    /// Hashes of the seat tokens; `None` while a human seat is free.
    pub hashes: [Option<String>; 2],
    /// The computer's level, in a game against the computer.
    pub level: Option<Level>,
    /// Where the game stands.
    pub status: Status,
    /// `positions[i]` is the position after `i` moves; never empty.
    positions: Vec<Position>,
    /// The legal moves of the last position, kept from playing the move: generating them can take long in
    /// rare positions (a never-ending candidate move takes time to tell apart), so it is done once.
    legal_now: Vec<Move>,
    moves: Vec<Move>,
    /// The `moved` text of each ply, for idempotent resends.
    moved: Vec<Utf8Bytes>,
    /// The positions seen, for the draws by repetition and by the move limit.
    draws: DrawWatch,
    /// The result once finished.
    pub outcome: Option<Outcome>,
    /// The side whose rematch offer stands.
    pub rematch_offer: Option<Side>,
    /// The rematch's game id, once agreed.
    pub rematch_game: Option<String>,
    /// The game this one is a rematch of.
    pub rematch_of: Option<String>,
    /// The rematch event (for everybody, then per seat) while the room lives.
    pub rematch_event: Option<Arc<Event>>,
}

impl Game {
    /// Rebuilds a game from the database, replaying its moves through bao-core.
    pub fn from_rows(row: GameRow, moves: Vec<MoveRow>) -> Result<Game, AppError> {
        let bad = |m: String| AppError::Internal(format!("game {}: {m}", row.id));
        let start = Position::new(row.variant);
        let mut game = Game {
            id: row.id.clone(),
            variant: row.variant,
            created_at: row.created_at,
            kinds: row.kinds,
            hashes: row.token_hashes,
            level: row.level,
            status: row.status,
            positions: vec![start],
            legal_now: start.legal_moves().to_vec(),
            moves: Vec::with_capacity(moves.len()),
            moved: Vec::with_capacity(moves.len()),
            draws: DrawWatch::new(&start),
            outcome: None,
            rematch_offer: None,
            rematch_game: row.rematch_game,
            rematch_of: row.rematch_of,
            rematch_event: None,
        };
        for (i, m) in moves.iter().enumerate() {
            if m.ply != i as i64 {
                return Err(bad(format!("move {} stored as ply {}", i, m.ply)));
            }
            let mv: Move = m
                .notation
                .parse()
                .map_err(|e| bad(format!("stored move {:?}: {e}", m.notation)))?;
            let pos = game.position();
            let played = pos
                .play_full(mv)
                .map_err(|e| bad(format!("stored move {} at ply {i}: {e}", m.notation)))?;
            let outcome = game.outcome_after(&played);
            let text = game.moved_text(m.v as u64, pos.to_move(), mv, &played, outcome);
            game.push(mv, played, text);
            if outcome.is_some() {
                game.outcome = outcome;
            }
        }
        // A stored result covers the game-level ones (resignation) too.
        game.outcome = row.result.or(game.outcome);
        if game.outcome.is_some() {
            game.status = Status::Finished;
        }
        Ok(game)
    }

    /// The current position.
    pub fn position(&self) -> Position {
        // `positions` always starts with the initial position, so it is never empty.
        self.positions
            .last()
            .copied()
            .unwrap_or_else(|| Position::new(self.variant))
    }

    /// Moves played.
    pub fn ply(&self) -> u64 {
        self.moves.len() as u64
    }

    /// The legal moves of the side to move (none unless the game is being played).
    pub fn legal(&self) -> &[Move] {
        if self.status != Status::Playing {
            return &[];
        }
        &self.legal_now
    }

    /// Whether the computer holds `side`.
    pub fn is_computer(&self, side: Side) -> bool {
        self.kinds[side.index()] == SeatKind::Computer
    }

    /// The seat a token holds, if any.
    pub fn seat_of_token(&self, token: &str) -> Option<Side> {
        let h = hash_token(token);
        Side::ALL
            .into_iter()
            .find(|s| self.hashes[s.index()].as_deref() == Some(h.as_str()))
    }

    /// A human seat nobody holds yet.
    pub fn free_seat(&self) -> Option<Side> {
        Side::ALL
            .into_iter()
            .find(|s| !self.is_computer(*s) && self.hashes[s.index()].is_none())
    }

    /// The `moved` event that `ply` got, if `mv` is the move played there by `seat` (an idempotent resend).
    pub fn resent(&self, ply: u64, mv: Move, seat: Side) -> Option<Utf8Bytes> {
        let idx = usize::try_from(ply).ok()?;
        let mover = self.positions.get(idx).map(Position::to_move);
        if self.moves.get(idx) == Some(&mv) && mover == Some(seat) {
            return self.moved.get(idx).cloned();
        }
        None
    }

    /// The game's result after `played`: the rules' result, or a draw by repetition or the move limit.
    pub fn outcome_after(&self, played: &Played) -> Option<Outcome> {
        let after = &played.position;
        after
            .result()
            .map(Outcome::from)
            .or_else(|| self.draws.check(after).map(Outcome::draw))
    }

    /// Records a played move with its `moved` text.
    pub fn push(&mut self, mv: Move, played: Played, text: Utf8Bytes) {
        self.draws.record(&played.position);
        self.positions.push(played.position);
        self.legal_now = played.legal.to_vec();
        self.moves.push(mv);
        self.moved.push(text);
    }

    /// The `moved` event of `mv`, played by `by` as the next ply, with version `v`, ending the game with
    /// `outcome` if any.
    pub fn moved_text(
        &self,
        v: u64,
        by: Side,
        mv: Move,
        played: &Played,
        outcome: Option<Outcome>,
    ) -> Utf8Bytes {
        let after = played.position;
        let moved = Moved {
            v,
            ply: self.ply(),
            by,
            mv,
            trace: played.trace.clone(),
            trace_truncated: false,
            position: after,
            stage: after.stage(after.to_move()),
            // A move that draws the game leaves no move to play.
            legal: if outcome.is_some() {
                Vec::new()
            } else {
                played.legal.to_vec()
            },
            blocked: blocked_pits(&after, &played.legal, outcome.is_none()),
            result: outcome,
        };
        Utf8Bytes::from(moved.to_bounded_json())
    }

    /// Both seats as the clients see them.
    pub fn seats(&self, crowd: &Crowd) -> Seats {
        let seat = |s: Side| Seat {
            taken: self.is_computer(s) || self.hashes[s.index()].is_some(),
            online: crowd.online(s),
            kind: self.kinds[s.index()],
        };
        Seats {
            south: seat(Side::South),
            north: seat(Side::North),
        }
    }

    /// The snapshot at version `v`.
    pub fn snapshot(&self, v: u64, crowd: &Crowd, public_url: Option<&str>) -> Snapshot {
        let pos = self.position();
        let from = self.positions.len().saturating_sub(HISTORY_WINDOW);
        Snapshot {
            id: self.id.clone(),
            variant: self.variant,
            status: self.status,
            seats: self.seats(crowd),
            position: pos,
            stage: pos.stage(pos.to_move()),
            moves: self.moves.clone(),
            legal: self.legal().to_vec(),
            blocked: blocked_pits(&pos, self.legal(), self.status == Status::Playing),
            result: self.outcome,
            v,
            watchers: crowd.watchers(),
            level: self.level,
            rematch: RematchState {
                offered_by: self.rematch_offer,
                game: self.rematch_game.clone(),
            },
            rematch_of: self.rematch_of.clone(),
            created_at: self.created_at,
            history: self.positions[from..].to_vec(),
            history_from: from as u64,
            stages: stages(&self.positions[from..]),
            share_url: share_url(public_url, &self.id),
        }
    }

    /// The positions after `from` up to (not including) `to` moves, at most [`HISTORY_PAGE`] of them.
    pub fn history(&self, from: u64, to: u64) -> History {
        let len = self.positions.len();
        let from = usize::try_from(from).unwrap_or(len).min(len);
        let to = usize::try_from(to)
            .unwrap_or(len)
            .min(len)
            .min(from + HISTORY_PAGE)
            .max(from);
        History {
            from: from as u64,
            positions: self.positions[from..to].to_vec(),
            stages: stages(&self.positions[from..to]),
        }
    }

    /// The game record (`GET /api/games/{id}/record`).
    pub fn record(&self) -> String {
        let seat = |s: Side| match self.kinds[s.index()] {
            SeatKind::Computer => {
                format!("computer ({})", self.level.map_or("medium", Level::name))
            }
            SeatKind::Human if self.hashes[s.index()].is_some() => "human".to_owned(),
            SeatKind::Human => "free".to_owned(),
        };
        let result = match &self.outcome {
            Some(Outcome {
                winner: Some(w),
                reason,
            }) => format!("{} wins ({})", w.name(), reason.name()),
            Some(Outcome {
                winner: None,
                reason,
            }) => format!("draw ({})", reason.name()),
            None => "*".to_owned(),
        };
        let moves: Vec<String> = self.moves.iter().map(|m| m.to_string()).collect();
        record::format(&RecordInfo {
            id: &self.id,
            variant: self.variant.name(),
            created_at: self.created_at,
            south: seat(Side::South),
            north: seat(Side::North),
            result,
            moves: &moves,
        })
    }
}

/// The stage of the side to move in each position.
fn stages(positions: &[Position]) -> Vec<bao_core::Stage> {
    positions.iter().map(|p| p.stage(p.to_move())).collect()
}
