//! What a room knows of its game: the seats, the moves so far, the latest positions, the result and the
//! rematch. It changes only through the room's handlers; here are the facts and the views built from them
//! (snapshot, `moved` event, record).
//!
//! A room's memory does not grow with the game's length beyond the move list (a few bytes a move) and the
//! positions seen (for the draw by repetition): it keeps the positions of the snapshot's window and the
//! `moved` texts of the last plies. Older positions and `moved` texts are rebuilt by replaying the moves
//! ([`replay_history`], [`rebuild_moved`]), off the room's task.

use std::collections::VecDeque;
use std::sync::Arc;

use axum::extract::ws::Utf8Bytes;
use bao_ai::Level;
use bao_core::{DrawWatch, Move, Played, Position, Side, Variant};
use bao_protocol::clock::{Clock, ClockView};
use bao_protocol::{
    blocked_pits, share_url, History, Moved, Outcome, RematchState, Seat, SeatKind, SeatPlayer,
    Seats, Snapshot, Status, HISTORY_PAGE, HISTORY_WINDOW,
};

use super::log::Event;
use super::presence::Crowd;
use crate::error::AppError;
use crate::record::{self, RecordInfo};
use crate::store::{ClockRow, GameRow, MoveRow, Now};

/// `moved` texts kept for idempotent resends: a client resends its own last move (after a reconnection), so
/// the last move of each side; older ones are rebuilt.
const KEPT_MOVED: usize = 2;

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
    /// The players who took the seats, when they did (a seat taken by link alone has none).
    pub players: [Option<SeatPlayer>; 2],
    /// The computer's level, in a game against the computer.
    pub level: Option<Level>,
    /// Where the game stands.
    pub status: Status,
    /// The latest positions, at most [`HISTORY_WINDOW`], the current one last; never empty. `recent[i]` is the
    /// position after `recent_from + i` moves.
    recent: VecDeque<Position>,
    recent_from: u64,
    /// The legal moves of the last position, kept from playing the move: generating them can take long in
    /// rare positions (a never-ending candidate move takes time to tell apart), so it is done once.
    legal_now: Vec<Move>,
    moves: Vec<Move>,
    /// The `moved` texts of the last [`KEPT_MOVED`] plies, the latest last, for idempotent resends.
    moved: VecDeque<Utf8Bytes>,
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
    /// The clock, in a game with a time control.
    pub clock: Option<Clock>,
    /// The side whose takeback offer stands (it lapses when a move is played).
    pub takeback_offer: Option<Side>,
    /// Whether the game counts for the ratings (then no move can be taken back).
    pub rated: bool,
    /// Once the rated game is over and counted: what it did to the two ratings.
    pub ratings: Option<bao_protocol::GameRatings>,
    /// Unix ms less uptime ms (the server's total downtime before this start): turns the uptime instant
    /// stored with a move into the Unix ms clients are told, so that an old `moved` event sent again has its
    /// `at` in Unix ms (shifted by any downtime since, so that counting down from it matches what the
    /// server charges).
    wall_offset: i64,
}

impl Game {
    /// Rebuilds a game from the database, replaying its moves through bao-core; its clock goes on from the
    /// last move's (from `now` if it has none), stopped where the game ended if it is finished.
    pub fn from_rows(row: GameRow, moves: Vec<MoveRow>, now: Now) -> Result<Game, AppError> {
        let bad = |m: String| AppError::Internal(format!("game {}: {m}", row.id));
        let start = Position::new(row.variant);
        let mut game = Game {
            id: row.id.clone(),
            variant: row.variant,
            created_at: row.created_at,
            kinds: row.kinds,
            hashes: row.token_hashes,
            players: row.players,
            level: row.level,
            status: row.status,
            recent: VecDeque::from([start]),
            recent_from: 0,
            legal_now: start.legal_moves().to_vec(),
            moves: Vec::with_capacity(moves.len()),
            moved: VecDeque::with_capacity(KEPT_MOVED + 1),
            draws: DrawWatch::new(&start),
            outcome: None,
            rematch_offer: None,
            rematch_game: row.rematch_game,
            rematch_of: row.rematch_of,
            rematch_event: None,
            clock: row.clock.map(|c| Clock::new(c, now.up)),
            takeback_offer: None,
            rated: row.rated,
            ratings: None,
            wall_offset: now.wall - now.up,
        };
        let last_clock = moves.last().and_then(|m| m.clock);
        // Only the last plies' `moved` texts are kept: building the others would be wasted work.
        let texts_from = moves.len().saturating_sub(KEPT_MOVED);
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
            let text = (i >= texts_from).then(|| {
                let next = pos.to_move().opponent();
                let clock = game.clock_view_of(m.clock, i as u64 + 1, outcome.is_some(), next);
                game.moved_text(m.v as u64, pos.to_move(), mv, &played, outcome, clock)
            });
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
        if let (Some(c), Some(stored)) = (game.clock, last_clock) {
            let running = game
                .clock_runs_after(game.ply())
                .then(|| game.position().to_move());
            let resumed = Clock::resumed(
                c.control,
                [stored.south_ms, stored.north_ms],
                running,
                stored.at,
            );
            game.clock = Some(match game.outcome {
                Some(o) => resumed.finished(o.lost_on_time()),
                None => resumed,
            });
        }
        Ok(game)
    }

    /// Undoes the moves from ply `ply` on (an agreed takeback), rebuilding the positions kept, the legal moves
    /// and the positions seen by replaying the moves before it. Takebacks are rare and a replay costs
    /// microseconds a move, so it runs here, on the room's task.
    pub fn rewind(&mut self, ply: u64) -> Result<(), AppError> {
        let keep: Vec<Move> = self.moves.iter().take(ply as usize).copied().collect();
        let start = Position::new(self.variant);
        self.recent = VecDeque::from([start]);
        self.recent_from = 0;
        self.legal_now = start.legal_moves().to_vec();
        self.moves.clear();
        self.moved.clear();
        self.draws = DrawWatch::new(&start);
        for (i, mv) in keep.into_iter().enumerate() {
            let played = self
                .position()
                .play_full(mv)
                .map_err(|e| AppError::Internal(format!("replaying move {i}: {e}")))?;
            self.push(mv, played, None);
        }
        self.takeback_offer = None;
        Ok(())
    }

    /// The ply of `side`'s latest move, if it has moved (south moves at even plies, north at odd ones).
    pub fn latest_move_of(&self, side: Side) -> Option<u64> {
        let last = self.ply().checked_sub(1)?;
        let mover = if last.is_multiple_of(2) {
            Side::South
        } else {
            Side::North
        };
        if mover == side {
            Some(last)
        } else {
            last.checked_sub(1)
        }
    }

    /// Whether the clock runs after `plies` moves: once both sides have moved, while the game goes on.
    fn clock_runs_after(&self, plies: u64) -> bool {
        plies >= 2 && self.status != Status::Finished
    }

    /// The clock of a stored move's `moved` event (as it was just after the move), played as the `plies`th
    /// by the opponent of `next`.
    pub fn clock_view_of(
        &self,
        stored: Option<ClockRow>,
        plies: u64,
        ended: bool,
        next: Side,
    ) -> Option<ClockView> {
        let (c, s) = (self.clock?, stored?);
        let running = (plies >= 2 && !ended).then_some(next);
        let wall = s.at + self.wall_offset;
        Some(Clock::resumed(c.control, [s.south_ms, s.north_ms], running, s.at).view(s.at, wall))
    }

    /// The clock as clients see it now.
    pub fn clock_view(&self, now: Now) -> Option<ClockView> {
        self.clock.map(|c| c.view(now.up, now.wall))
    }

    /// Whether the side to move has yet to make its first move in a game being played, and is a person:
    /// the server aborts the game if that move does not come in time.
    pub fn first_move_pending(&self) -> bool {
        self.status == Status::Playing
            && self.ply() < 2
            && !self.is_computer(self.position().to_move())
    }

    /// The current position.
    pub fn position(&self) -> Position {
        // `recent` is never empty: it starts with the initial position and drops only old ones.
        self.recent
            .back()
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

    /// The seat held by the token whose hash is `hash`, if any.
    pub fn seat_of_hash(&self, hash: &str) -> Option<Side> {
        Side::ALL
            .into_iter()
            .find(|s| self.hashes[s.index()].as_deref() == Some(hash))
    }

    /// A human seat nobody holds yet.
    pub fn free_seat(&self) -> Option<Side> {
        Side::ALL
            .into_iter()
            .find(|s| !self.is_computer(*s) && self.hashes[s.index()].is_none())
    }

    /// Whether `mv` for the played `ply` is a resend of the move played there by `seat` (idempotent).
    pub fn resent(&self, ply: u64, mv: Move, seat: Side) -> Resent {
        let Ok(idx) = usize::try_from(ply) else {
            return Resent::No;
        };
        if self.moves.get(idx) != Some(&mv) {
            return Resent::No;
        }
        // The texts kept are those of the last plies.
        let first_kept = self.moves.len() - self.moved.len();
        let Some(kept) = idx.checked_sub(first_kept).and_then(|i| self.moved.get(i)) else {
            return Resent::Older(self.variant, self.moves[..=idx].to_vec());
        };
        let mover = idx
            .checked_sub(self.recent_from as usize)
            .and_then(|i| self.recent.get(i))
            .map(Position::to_move);
        match mover {
            Some(m) if m == seat => Resent::Same(kept.clone()),
            Some(_) => Resent::No,
            None => Resent::Older(self.variant, self.moves[..=idx].to_vec()),
        }
    }

    /// The game's result after `played`: the rules' result, or a draw by repetition or the move limit.
    pub fn outcome_after(&self, played: &Played) -> Option<Outcome> {
        let after = &played.position;
        after
            .result()
            .map(Outcome::from)
            .or_else(|| self.draws.check(after).map(Outcome::draw))
    }

    /// Records a played move with its `moved` text (`None` while loading a game: one that is not kept).
    pub fn push(&mut self, mv: Move, played: Played, text: Option<Utf8Bytes>) {
        self.draws.record(&played.position);
        self.recent.push_back(played.position);
        if self.recent.len() > HISTORY_WINDOW {
            self.recent.pop_front();
            self.recent_from += 1;
        }
        self.legal_now = played.legal.to_vec();
        self.moves.push(mv);
        match text {
            Some(text) => self.moved.push_back(text),
            // The texts kept must be those of the last plies.
            None => self.moved.clear(),
        }
        if self.moved.len() > KEPT_MOVED {
            self.moved.pop_front();
        }
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
        clock: Option<ClockView>,
    ) -> Utf8Bytes {
        moved_json(v, self.ply(), by, mv, played, outcome, clock)
    }

    /// Both seats as the clients see them.
    pub fn seats(&self, crowd: &Crowd) -> Seats {
        let seat = |s: Side| Seat {
            taken: self.is_computer(s) || self.hashes[s.index()].is_some(),
            online: crowd.online(s),
            kind: self.kinds[s.index()],
            player: self.players[s.index()].clone(),
        };
        Seats {
            south: seat(Side::South),
            north: seat(Side::North),
        }
    }

    /// The snapshot at version `v`, its clock measured `now`.
    pub fn snapshot(&self, v: u64, crowd: &Crowd, public_url: Option<&str>, now: Now) -> Snapshot {
        let pos = self.position();
        let history: Vec<Position> = self.recent.iter().copied().collect();
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
            stages: stages(&history),
            history,
            history_from: self.recent_from,
            share_url: share_url(public_url, &self.id),
            clock: self.clock_view(now),
            takeback_offered_by: self.takeback_offer,
            rated: self.rated,
            ratings: self.ratings,
        }
    }

    /// The positions after `from` up to (not including) `to` moves, at most [`HISTORY_PAGE`] of them: from
    /// memory when they are all kept, else the moves to replay.
    pub fn history(&self, from: u64, to: u64) -> HistorySource {
        let (from, to) = page(from, to, self.moves.len() + 1);
        if from as u64 >= self.recent_from {
            let kept = self.recent_from as usize;
            let positions: Vec<Position> =
                self.recent.range(from - kept..to - kept).copied().collect();
            return HistorySource::Kept(History {
                from: from as u64,
                stages: stages(&positions),
                positions,
            });
        }
        HistorySource::Replay {
            variant: self.variant,
            moves: self.moves[..to.saturating_sub(1)].to_vec(),
            from: from as u64,
            to: to as u64,
        }
    }

    /// The game record (`GET /api/games/{id}/record`).
    pub fn record(&self) -> String {
        let seat = |s: Side| match self.kinds[s.index()] {
            SeatKind::Computer => {
                format!("computer ({})", self.level.unwrap_or(Level::Medium).label())
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

/// `from..to` clamped to the `len` positions of a game and to one page.
fn page(from: u64, to: u64, len: usize) -> (usize, usize) {
    let from = usize::try_from(from).unwrap_or(len).min(len);
    let to = usize::try_from(to)
        .unwrap_or(len)
        .min(len)
        .min(from + HISTORY_PAGE)
        .max(from);
    (from, to)
}

/// What a resent move is.
#[derive(Debug)]
pub enum Resent {
    /// Not the move played at that ply by that seat.
    No,
    /// The same move: its `moved` text.
    Same(Utf8Bytes),
    /// The same move, older than the texts kept: the moves up to it, to rebuild its text
    /// ([`rebuild_moved`]).
    Older(Variant, Vec<Move>),
}

/// Where the positions of a history request come from: memory, or a replay of the moves.
#[derive(Debug)]
pub enum HistorySource {
    /// The positions, all kept in memory.
    Kept(History),
    /// Older than the positions kept: replay `moves` ([`replay_history`]).
    Replay {
        /// The variant.
        variant: Variant,
        /// The moves up to the last position asked for.
        moves: Vec<Move>,
        /// The first position asked for.
        from: u64,
        /// The end (exclusive).
        to: u64,
    },
}

/// The positions after `from` up to `to` moves, replaying `moves` from the start (slow: on the blocking
/// pool).
pub fn replay_history(
    variant: Variant,
    moves: &[Move],
    from: u64,
    to: u64,
) -> Result<History, AppError> {
    let mut pos = Position::new(variant);
    let mut positions = Vec::new();
    for i in 0..to {
        if i >= from {
            positions.push(pos);
        }
        let Some(mv) = moves.get(i as usize) else {
            break;
        };
        pos = pos
            .play(*mv)
            .map_err(|e| AppError::Internal(format!("replaying move {i}: {e}")))?
            .0;
    }
    Ok(History {
        from,
        stages: stages(&positions),
        positions,
    })
}

/// The `moved` event of the last of `moves` (its ply: their number less one) with version `v`, and the side
/// that played it, by replaying them from the start (slow: on the blocking pool). A move that ended the game
/// is always among the kept texts, so a rebuilt one has no result.
pub fn rebuild_moved(
    variant: Variant,
    moves: &[Move],
    v: u64,
    clock: Option<ClockView>,
) -> Result<(Side, Utf8Bytes), AppError> {
    let bad =
        |i: usize, e: bao_core::IllegalMove| AppError::Internal(format!("replaying move {i}: {e}"));
    let (last, before) = moves
        .split_last()
        .ok_or_else(|| AppError::Internal("no move to rebuild".into()))?;
    let mut pos = Position::new(variant);
    for (i, mv) in before.iter().enumerate() {
        pos = pos.play(*mv).map_err(|e| bad(i, e))?.0;
    }
    let played = pos.play_full(*last).map_err(|e| bad(before.len(), e))?;
    let by = pos.to_move();
    let text = moved_json(v, before.len() as u64, by, *last, &played, None, clock);
    Ok((by, text))
}

/// The `moved` event of `mv`, played by `by` as ply `ply`, with version `v`, ending the game with `outcome`
/// if any.
fn moved_json(
    v: u64,
    ply: u64,
    by: Side,
    mv: Move,
    played: &Played,
    outcome: Option<Outcome>,
    clock: Option<ClockView>,
) -> Utf8Bytes {
    let after = played.position;
    let moved = Moved {
        v,
        ply,
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
        clock,
    };
    Utf8Bytes::from(moved.to_bounded_json())
}
