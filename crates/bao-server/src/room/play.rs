//! The room's handlers that change the game: moves (a person's and the computer's), resignation, rematch,
//! joining. Each writes to the database first and publishes its events only once the write succeeded.

use std::time::{Duration, Instant};

use axum::extract::ws::Utf8Bytes;
use bao_core::{Blocked, Move, Side, Variant};
use bao_protocol::{
    game_path, ErrorCode, Outcome, Reason, Rematch, SeatKind, SeatPlayer, ServerMsg, Status,
};

use super::actor::Room;
use super::clock::computer_budget;
use super::computer::Taken;
use super::game::{rebuild_moved, Resent};
use super::request::ActionReply;
use crate::error::AppError;
use crate::store::{ClockRow, GameRow, MoveWrite};

/// Laps of long sowing a move may take on the room's task (about 8 ns each); a move that needs more is
/// played on the blocking pool.
const INLINE_LAPS: u64 = 20_000;

/// How long the computer waits before trying again a move the database could not take.
const COMPUTER_RETRY: Duration = Duration::from_secs(1);

/// Legal moves an `illegal_move` message lists in full; more are summed up.
const LISTED_MOVES: usize = 6;

/// The `illegal_move` error: `what` is wrong, and the legal moves in a few words (all of them when there are
/// few, otherwise how many and some examples), so that the message stays short.
fn illegal(what: &str, reason: Blocked, legal: &[Move]) -> AppError {
    let names: Vec<String> = legal.iter().map(Move::to_string).collect();
    let moves = match names.len() {
        0 => "There is no legal move.".to_owned(),
        n if n <= LISTED_MOVES => format!("Legal moves: {}.", names.join(", ")),
        n => format!(
            "There are {n} legal moves, such as {}.",
            names[..4].join(", ")
        ),
    };
    AppError::IllegalMove {
        message: format!("{what}. {moves}"),
        reason,
    }
}

impl Room {
    /// The seat of connection `conn`, or `not_a_player` with `why` for a spectator.
    ///
    /// A connection this room has never greeted said hello to the game's room on another node (or to an
    /// earlier room of this one), which has since given the game up: its command came here while its socket
    /// was being closed. It is told `unavailable`, not that it has no seat; it reconnects and sends again.
    pub(super) fn player(&self, conn: u64, why: &str) -> Result<Side, AppError> {
        match self.crowd.seat_of(conn) {
            Some(Some(seat)) => Ok(seat),
            Some(None) => Err(AppError::NotAPlayer(why.to_owned())),
            None => Err(AppError::Unreachable),
        }
    }

    pub(super) async fn on_move(&mut self, conn: u64, ply: u64, text: &str) -> ActionReply {
        let seat = self.player(conn, "only the players can move; you are watching")?;
        let Ok(mv) = text.parse::<Move>() else {
            return Err(illegal(
                &format!("{text:?} is not a move in notation"),
                Blocked::NotLegal,
                self.game.legal(),
            ));
        };
        let played = self.game.ply();
        if ply < played {
            match self.game.resent(ply, mv, seat) {
                Resent::Same(ev) => return Ok(Some(ev)),
                Resent::Older(variant, moves) => {
                    if let Some(ev) = self.rebuilt_resend(ply, seat, variant, moves).await? {
                        return Ok(Some(ev));
                    }
                }
                Resent::No => {}
            }
            return Err(AppError::StalePly(format!(
                "ply {ply} was already played; the game is at ply {played}"
            )));
        }
        // A move that comes after the flag fell (even before the timer fired) is refused: the game is lost.
        self.on_clock_due().await;
        if self.game.status == Status::Finished {
            return Err(AppError::GameOver);
        }
        if ply > played {
            return Err(AppError::StalePly(format!(
                "ply {ply} is ahead of the game, which is at ply {played}"
            )));
        }
        if self.game.status == Status::Waiting {
            return Err(AppError::NotYourTurn(
                "waiting for an opponent to join".into(),
            ));
        }
        let to_move = self.game.position().to_move();
        if to_move != seat {
            return Err(AppError::NotYourTurn(format!(
                "it is {}'s turn",
                to_move.name()
            )));
        }
        self.apply_move(seat, mv).await?;
        Ok(None)
    }

    /// The `moved` text of a resent move older than the texts the room keeps, rebuilt with its stored
    /// version, if `seat` played it.
    async fn rebuilt_resend(
        &self,
        ply: u64,
        seat: Side,
        variant: Variant,
        moves: Vec<Move>,
    ) -> Result<Option<Utf8Bytes>, AppError> {
        let (v, stored) = self
            .deps
            .store
            .move_version(&self.game.id, ply as i64)
            .await?
            .ok_or_else(|| AppError::Internal(format!("move {ply} is not in the database")))?;
        // The mover of an older move alternates with the ply: south moves first.
        let mover = if ply.is_multiple_of(2) {
            Side::South
        } else {
            Side::North
        };
        let clock = self
            .game
            .clock_view_of(stored, ply + 1, false, mover.opponent());
        let (by, text) = tokio::task::spawn_blocking(move || {
            rebuild_moved(variant, &moves, v.max(0) as u64, clock)
        })
        .await
        .map_err(|e| AppError::Internal(format!("rebuilding a move failed: {e}")))??;
        Ok((by == seat).then_some(text))
    }

    /// Plays a move (a person's or the computer's): write it, then publish `moved` (and `ended`).
    async fn apply_move(&mut self, by: Side, mv: Move) -> Result<(), AppError> {
        let started = Instant::now();
        let pos = self.game.position();
        // A move is quick, but telling a never-ending candidate move apart can take seconds in rare
        // positions, which must not hold up the other games on this worker: those go to the blocking pool.
        // Handing every move there would cost two thread switches a move, a good part of the server's time
        // under load.
        let played = match pos.play_full_known(mv, self.game.legal(), INLINE_LAPS) {
            Some(r) => r,
            None => tokio::task::spawn_blocking(move || pos.play_full(mv))
                .await
                .map_err(|e| AppError::Internal(format!("move validation failed: {e}")))?,
        }
        .map_err(|e| {
            let what = format!("{} cannot be played: {}", e.played, e.reason.description());
            illegal(&what, e.reason, &e.legal)
        })?;
        let ply = self.game.ply();
        let move_v = self.log.next_v();
        let outcome = self.game.outcome_after(&played);
        let (game_v, status) = match outcome {
            Some(_) => (move_v + 1, Status::Finished),
            None => (move_v, Status::Playing),
        };
        let now = self.deps.store.time().now();
        // An outage still ongoing counts as over now: if this write succeeds, the database was back by now.
        let mut clock = self.credited_clock(now.up, true).map(|(c, _)| c);
        if let Some(c) = &mut clock {
            if let Err(late) = c.moved(by, ply, now.up, outcome.is_some()) {
                // Its time ran out as the move came: the clock decides.
                tracing::debug!(game = %self.game.id, side = late.name(), "move after the flag");
                self.on_clock_due().await;
                return Err(AppError::GameOver);
            }
        }
        let notation = mv.to_string();
        let write = MoveWrite {
            ply: ply as i64,
            notation: &notation,
            move_v: move_v as i64,
            game_v: game_v as i64,
            status,
            result: outcome,
            clock: clock.map(|c| ClockRow {
                south_ms: c.stored_left(Side::South),
                north_ms: c.stored_left(Side::North),
                at: c.since(),
            }),
        };
        // A refused write (`unavailable` on a full disk) changes nothing: the sender may send it again.
        self.deps.store.insert_move(&self.game.id, &write).await?;
        self.log.stored(game_v);
        self.game.clock = clock;
        // A takeback offer lapses when a move is played.
        self.game.takeback_offer = None;
        let view = self.game.clock_view(now);
        let text = self.game.moved_text(move_v, by, mv, &played, outcome, view);
        self.game.push(mv, played, Some(text.clone()));
        self.game.status = status;
        self.log.publish(text, None);
        if let Some(o) = outcome {
            self.end(o).await;
        }
        self.deps.metrics.move_played(started.elapsed());
        self.maybe_think();
        Ok(())
    }

    /// Publishes the end of the game (already written), with its clock stopped; a rated game is counted for
    /// the ratings first, so that `ended` carries the change (if the database cannot take it now, the game is
    /// counted later by the ratings sweep, and `ended` goes out without it).
    pub(super) async fn end(&mut self, o: Outcome) {
        self.game.status = Status::Finished;
        self.game.outcome = Some(o);
        if self.game.rated {
            match self.deps.store.settle_ratings(&self.game.id).await {
                Ok(ratings) => self.game.ratings = ratings,
                Err(e) => {
                    tracing::warn!(game = %self.game.id, "the ratings are counted later: {e}")
                }
            }
        }
        let now = self.deps.store.time().now();
        if let Some(c) = &mut self.game.clock {
            c.stop(now.up);
        }
        let v = self.log.next_v();
        self.publish(&ServerMsg::Ended {
            v,
            result: o,
            clock: self.game.clock_view(now),
            ratings: self.game.ratings,
        });
    }

    pub(super) async fn on_resign(&mut self, conn: u64) -> ActionReply {
        let seat = self.player(conn, "only the players can resign")?;
        if self.game.status == Status::Finished {
            return Err(AppError::GameOver);
        }
        let o = Outcome::win(seat.opponent(), Reason::Resign);
        let v = self.log.next_v();
        self.deps.store.finish(&self.game.id, o, v as i64).await?;
        self.log.stored(v);
        self.end(o).await;
        Ok(None)
    }

    pub(super) async fn on_rematch(&mut self, conn: u64) -> ActionReply {
        let seat = self.player(conn, "only the players can ask for a rematch")?;
        if self.game.status != Status::Finished {
            return Err(AppError::BadMessage(
                "a rematch can be offered once the game is over".into(),
            ));
        }
        if let Some(ev) = &self.game.rematch_event {
            return Ok(Some(ev.text_for(Some(seat))));
        }
        if let Some(game) = &self.game.rematch_game {
            // Agreed before this room was loaded: the tokens were sent then and are not kept.
            return Err(AppError::BadMessage(format!(
                "the rematch was already agreed: game {game}"
            )));
        }
        let other = seat.opponent();
        let accepted = self.game.rematch_offer == Some(other) || self.game.is_computer(other);
        if !accepted {
            if self.game.rematch_offer != Some(seat) {
                self.game.rematch_offer = Some(seat);
                let v = self.log.next_v();
                self.publish(&ServerMsg::Rematch(Rematch {
                    v,
                    offered_by: Some(seat),
                    ..Rematch::default()
                }));
            }
            return Ok(None);
        }
        if self.rooms.is_full() {
            // The new game could not be opened.
            return Err(AppError::Busy);
        }
        // Sides swap: whoever held south holds north in the new game. Each player keeps the seat token
        // it has: the new game's seats hold the same hashes, swapped, so that no new token has to travel from
        // this room to the player's socket (in a cluster, through every node): the socket adds its own token
        // to its rematch message (`ws.rs`, `with_seat_token`).
        let kinds = Side::ALL.map(|new_side| self.game.kinds[new_side.opponent().index()]);
        let hashes = Side::ALL.map(|new_side| {
            (!self.game.is_computer(new_side.opponent()))
                .then(|| self.game.hashes[new_side.opponent().index()].clone())
                .flatten()
        });
        let mut row = GameRow::new(self.game.variant, kinds, hashes, self.game.level);
        row.rematch_of = Some(self.game.id.clone());
        // The rematch of a rated game is rated too (as on lichess).
        row.rated = self.game.rated;
        // The players swap with their seats.
        row.players =
            Side::ALL.map(|new_side| self.game.players[new_side.opponent().index()].clone());
        let v = self.log.next_v();
        self.deps
            .store
            .insert_rematch(&self.game.id, v as i64, &row)
            .await?;
        self.log.stored(v);
        self.deps.metrics.games_created.inc();
        let agreed = Rematch {
            v,
            game: Some(row.id.clone()),
            ..Rematch::default()
        };
        let private = Side::ALL.map(|s| {
            let mine = ServerMsg::Rematch(Rematch {
                seat: Some(s.opponent()),
                url: Some(game_path(&row.id)),
                ..agreed.clone()
            });
            Utf8Bytes::from(mine.to_json())
        });
        self.game.rematch_offer = None;
        self.game.rematch_game = Some(row.id.clone());
        let public = Utf8Bytes::from(ServerMsg::Rematch(agreed).to_json());
        let ev = self.log.publish(public, Some(private));
        self.game.rematch_event = Some(ev);
        Ok(None)
    }

    pub(super) async fn on_join(
        &mut self,
        hash: String,
        player: Option<SeatPlayer>,
    ) -> Result<Side, AppError> {
        if self.game.status == Status::Finished {
            return Err(AppError::GameOver);
        }
        let seat = self.game.free_seat().ok_or(AppError::SeatTaken)?;
        let both = Side::ALL.into_iter().all(|s| {
            s == seat || self.game.is_computer(s) || self.game.hashes[s.index()].is_some()
        });
        let status = if both {
            Status::Playing
        } else {
            Status::Waiting
        };
        let v = self.log.next_v();
        self.deps
            .store
            .claim_seat(
                &self.game.id,
                seat,
                &hash,
                player.as_ref().map(|p| p.id.as_str()),
                status,
                v as i64,
            )
            .await?;
        self.log.stored(v);
        self.game.hashes[seat.index()] = Some(hash);
        self.game.players[seat.index()] = player;
        self.game.status = status;
        if status == Status::Playing {
            // The first move's time counts from when both players are there.
            let now = self.deps.store.time().now();
            if let Some(c) = &mut self.game.clock {
                c.restart_turn(now.up);
            }
        }
        self.publish_presence();
        Ok(seat)
    }

    /// Starts the computer's search if it is to move and a human is there to see it.
    pub(super) fn maybe_think(&mut self) {
        if self.game.status != Status::Playing {
            return;
        }
        let pos = self.game.position();
        let side = pos.to_move();
        if !self.game.is_computer(side) || !self.crowd.human_online(side.opponent()) {
            return;
        }
        let ply = self.game.ply();
        let now = self.deps.store.time().now();
        let budget = computer_budget(self.game.clock.as_ref(), side, now.up);
        if let Some(c) = &mut self.computer {
            c.think(pos, ply, budget);
        }
    }

    pub(super) async fn on_computer_move(&mut self, ply: u64, mv: Option<Move>) {
        let Some(computer) = &mut self.computer else {
            return;
        };
        let mv = match computer.take(mv) {
            Taken::Stale => return,
            Taken::Stopped => {
                // Cut short because the human left: think again, in full, when they are back.
                self.maybe_think();
                return;
            }
            Taken::Move(mv) => mv,
        };
        if self.game.status != Status::Playing || ply != self.game.ply() {
            return;
        }
        let side = self.game.position().to_move();
        if self.game.kinds[side.index()] != SeatKind::Computer {
            return;
        }
        let legal = self.game.legal();
        let mv = match mv.filter(|m| legal.contains(m)) {
            Some(m) => m,
            None => {
                tracing::error!(game = %self.game.id, "the computer gave no legal move; playing the first");
                match legal.first() {
                    Some(m) => *m,
                    None => return,
                }
            }
        };
        self.play_computer_move(ply, side, mv).await;
    }

    /// Plays the computer's chosen move; when the database cannot take it (a full disk), tries the same move
    /// again later, so that the game goes on by itself once writes work again (nobody else would ask).
    async fn play_computer_move(&mut self, ply: u64, side: Side, mv: Move) {
        match self.apply_move(side, mv).await {
            Ok(()) => {}
            Err(e @ AppError::Store(_)) if e.code() == ErrorCode::Unavailable => {
                self.unsaved_computer_move = Some((super::actor::now() + COMPUTER_RETRY, ply, mv));
            }
            Err(e) => {
                tracing::error!(game = %self.game.id, "computer move refused: {}", e.detail())
            }
        }
    }

    /// Tries again the computer's move that could not be saved, if it is due and still the game's next move.
    pub(super) async fn retry_computer_move(&mut self, now: Instant) {
        let Some((at, ply, mv)) = self.unsaved_computer_move else {
            return;
        };
        if at > now {
            return;
        }
        self.unsaved_computer_move = None;
        let side = self.game.position().to_move();
        if self.game.status == Status::Playing
            && ply == self.game.ply()
            && self.game.kinds[side.index()] == SeatKind::Computer
        {
            self.play_computer_move(ply, side, mv).await;
        }
    }
}
