//! Quick messages (protocol.md, "Quick messages"): a seated player says one of a few fixed phrases to
//! everyone in the game. They are not events of the game: no version, nothing stored, nothing replayed.

use std::time::Duration;

use axum::extract::ws::Utf8Bytes;
use bao_protocol::{Phrase, ServerMsg};

use super::actor::{now, Room};
use super::request::ActionReply;
use crate::error::AppError;

/// A seat may say one phrase per this long: enough for "good luck" and "thanks", too little to flood.
pub const SAY_EVERY: Duration = Duration::from_secs(3);

impl Room {
    /// `{"t":"say","phrase":P}`: sends `said` to everyone in the game, at most once per [`SAY_EVERY`] per
    /// seat (on tokio's clock, so tests move it with paused time).
    pub(super) fn on_say(&mut self, conn: u64, phrase: Phrase) -> ActionReply {
        let seat = self.player(conn, "only the players can send quick messages")?;
        let now = now();
        let last = &mut self.said_at[seat.index()];
        if last.is_some_and(|t| now.saturating_duration_since(t) < SAY_EVERY) {
            return Err(AppError::RateLimited {
                message: "one quick message every 3 seconds",
                retry_after: SAY_EVERY,
            });
        }
        *last = Some(now);
        let msg = ServerMsg::Said { side: seat, phrase };
        self.log.broadcast(Utf8Bytes::from(msg.to_json()));
        Ok(None)
    }
}
