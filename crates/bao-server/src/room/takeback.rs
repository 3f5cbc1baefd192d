//! Abort and takeback (protocol.md, "Abort, takeback, rematch"): the room's handlers that end a game without a
//! result or undo moves. Like every change, each is written to the database before its event goes out.

use bao_core::Side;
use bao_protocol::clock::Clock;
use bao_protocol::{Outcome, ServerMsg, Status, Undone};

use super::actor::Room;
use super::request::ActionReply;
use crate::error::AppError;
use crate::store::ClockRow;

impl Room {
    /// `{"t":"abort"}`: ends the game with no winner, before both sides have moved (a game nobody joined
    /// has only its creator seated, so the creator cancels it the same way).
    pub(super) async fn on_abort(&mut self, conn: u64) -> ActionReply {
        self.player(conn, "only the players can abort the game")?;
        if self.game.status == Status::Finished {
            return Err(AppError::GameOver);
        }
        if self.game.ply() >= 2 {
            return Err(AppError::BadMessage(
                "a game can be aborted only before both sides have moved; resign instead".into(),
            ));
        }
        let o = Outcome::aborted();
        let v = self.log.next_v();
        self.deps.store.finish(&self.game.id, o, v as i64).await?;
        self.log.stored(v);
        if let Some(c) = &self.computer {
            c.stop();
        }
        self.end(o).await;
        Ok(None)
    }

    /// `{"t":"takeback"}`: accepts the opponent's standing offer, or offers to undo the moves back to just
    /// before the sender's latest move (granted at once against the computer).
    pub(super) async fn on_takeback(&mut self, conn: u64) -> ActionReply {
        let seat = self.player(conn, "only the players can take moves back")?;
        match self.game.status {
            Status::Finished => return Err(AppError::GameOver),
            Status::Waiting => {
                return Err(AppError::BadMessage(
                    "there is nothing to take back before the game starts".into(),
                ))
            }
            Status::Playing => {}
        }
        if self.game.rated {
            return Err(AppError::BadMessage(
                "moves cannot be taken back in a rated game".into(),
            ));
        }
        let other = seat.opponent();
        if self.game.takeback_offer == Some(other) {
            if let Some(ply) = self.game.latest_move_of(other) {
                return self.undo(ply).await;
            }
        }
        let ply = self.game.latest_move_of(seat).ok_or_else(|| {
            AppError::BadMessage("you have not moved yet: there is nothing to take back".into())
        })?;
        if self.game.is_computer(other) {
            return self.undo(ply).await;
        }
        if self.game.takeback_offer != Some(seat) {
            self.game.takeback_offer = Some(seat);
            let v = self.log.next_v();
            self.publish(&ServerMsg::Takeback {
                v,
                offered_by: seat,
            });
        }
        Ok(None)
    }

    /// `{"t":"takeback_decline"}`: declines the opponent's standing offer.
    pub(super) async fn on_decline_takeback(&mut self, conn: u64) -> ActionReply {
        let seat = self.player(conn, "only the players can decline a takeback")?;
        if self.game.takeback_offer != Some(seat.opponent()) {
            return Err(AppError::BadMessage(
                "there is no takeback offer to decline".into(),
            ));
        }
        self.game.takeback_offer = None;
        let v = self.log.next_v();
        self.publish(&ServerMsg::TakebackDeclined { v });
        Ok(None)
    }

    /// Undoes the moves from `ply` on: the database first (the moves deleted, the game's version), then the
    /// room's state, then `undone` with the next version. The clocks keep the times they have now; the turn
    /// of the side to move begins again now.
    async fn undo(&mut self, ply: u64) -> ActionReply {
        let now = self.deps.store.time().now();
        let to_move = if ply.is_multiple_of(2) {
            Side::South
        } else {
            Side::North
        };
        let clock = self.game.clock.map(|c| {
            let left = Side::ALL.map(|s| c.left_at(s, now.up));
            Clock::resumed(c.control, left, (ply >= 2).then_some(to_move), now.up)
        });
        let row = clock.filter(|_| ply > 0).map(|c| ClockRow {
            south_ms: c.stored_left(Side::South),
            north_ms: c.stored_left(Side::North),
            at: now.up,
        });
        let v = self.log.next_v();
        self.deps
            .store
            .undo(&self.game.id, ply as i64, v as i64, row)
            .await?;
        self.log.stored(v);
        if let Some(c) = &self.computer {
            // Its search is for a position that is gone; it thinks again once the answer is in.
            c.stop();
        }
        self.game.rewind(ply)?;
        self.game.clock = clock;
        let pos = self.game.position();
        self.publish(&ServerMsg::Undone(Box::new(Undone {
            v,
            ply,
            position: pos,
            stage: pos.stage(pos.to_move()),
            legal: self.game.legal().to_vec(),
            clock: self.game.clock_view(now),
        })));
        self.maybe_think();
        Ok(None)
    }
}
