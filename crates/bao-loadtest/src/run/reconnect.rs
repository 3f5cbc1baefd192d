//! `--reconnect`: a run that goes on when a node of a cluster dies, as the browser's client does.
//!
//! A player's socket that closes is opened again on the next target that answers, with the seat's token; its
//! snapshot brings the game's state. A move that was in flight on it is sent again with the same ply: the
//! server answers a move it already applied with the same `moved` event and never applies it twice, so the
//! generator needs no guess about whether the dead node had written it. HTTP requests that meet a dead node
//! (connection refused) or a game being taken over (503) try the next target, until `--reconnect-within`.

use std::future::Future;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use tokio_tungstenite::tungstenite::Message;

use super::{connect_ws, open_player, Ctx, Fail, Game, Ws};
use crate::proto::{self, Side};
use crate::stats::{SocketGuard, Stats};

/// Pause after every target has been tried once, before the next round.
const ROUND_PAUSE: Duration = Duration::from_millis(100);

/// Whether a failure means "this target cannot serve now, another may": the node does not answer, or it
/// answers that the game's node is unavailable.
fn try_elsewhere(code: &str) -> bool {
    code == "http_connect"
        || code == "http_timeout"
        || code == "http_error"
        || code == "ws_connect"
        || code == "ws_connect_timeout"
        || code == "ws_handshake"
        || code == "ws_closed"
        || code == "ws_error"
        || code == "unavailable"
        || code.starts_with("http_503")
        || code.starts_with("ws_handshake_503")
}

/// Runs `step` on target `first`. With `--reconnect`, a failure that another target may not have (see
/// [`try_elsewhere`]) is retried on the next targets in turn until `--reconnect-within` has passed.
pub(super) async fn on_any_target<T, F, Fut>(
    ctx: &Ctx,
    first: usize,
    mut step: F,
) -> Result<T, Fail>
where
    F: FnMut(usize) -> Fut,
    Fut: Future<Output = Result<T, Fail>>,
{
    if !ctx.args.reconnect {
        return step(first).await;
    }
    let deadline = Instant::now() + ctx.args.reconnect_within;
    let mut k = 0;
    loop {
        match step(first + k).await {
            Err(Fail(code)) if try_elsewhere(&code) && Instant::now() < deadline => {
                k += 1;
                if k % ctx.targets.len() == 0 {
                    tokio::time::sleep(ROUND_PAUSE).await;
                }
            }
            r => return r,
        }
    }
}

/// Opens `side`'s socket again after it closed, on the next target that answers, and takes the game's state
/// from its snapshot. If `mover` is `side` (its move was in flight), sends that move again.
pub(super) async fn reopen_player(
    ctx: &Ctx,
    game: &mut Game,
    side: Side,
    mover: Option<Side>,
) -> Result<(), Fail> {
    let closed = Instant::now();
    game.outage.get_or_insert(closed);
    let i = side.index();
    let (id, token) = (game.id.clone(), game.tokens[i].clone());
    let (ws, guard, state, at) = on_any_target(ctx, game.at[i] + 1, |at| {
        open_player(ctx, Some(at), &id, &token, side)
    })
    .await?;
    let (sink, stream) = ws.split();
    game.sinks[i] = sink;
    game.streams[i] = stream;
    game._guards[i] = guard;
    game.at[i] = at;
    if let Some(s) = state {
        if game.state.as_ref().is_none_or(|old| s.ply >= old.ply) {
            game.state = Some(s);
        }
    }
    Stats::inc(&ctx.stats.reconnects);
    Stats::note_max(&ctx.stats.reconnect_max_us, closed.elapsed());
    match mover {
        Some(m) if m == side => resend(ctx, game, side).await?,
        // The other player's move is in flight: play has resumed when it is acknowledged.
        Some(_) => {}
        // No move in flight: the snapshot came from the game's (new) node, so the game can be played again
        // now; the think time before the next move is the generator's, not the failover's.
        None => {
            if let Some(since) = game.outage.take() {
                Stats::note_max(&ctx.stats.resume_max_us, since.elapsed());
            }
        }
    }
    Ok(())
}

/// Sends the move in flight again, on `side`'s socket (after a reconnect, or a refusal while the game's node
/// was being replaced).
pub(super) async fn resend(ctx: &Ctx, game: &mut Game, side: Side) -> Result<(), Fail> {
    let Some(text) = game.in_flight.clone() else {
        return Ok(());
    };
    game.outage.get_or_insert_with(Instant::now);
    tokio::time::sleep(ROUND_PAUSE).await;
    game.sinks[side.index()]
        .send(Message::text(text))
        .await
        .map_err(|_| Fail::new("ws_send"))?;
    Stats::inc(&ctx.stats.moves_resent);
    Ok(())
}

/// Opens a spectator's socket again after it closed (it was on target `at`), on the next target that
/// answers, and says hello.
pub(super) async fn reopen_spectator(
    ctx: &Ctx,
    game: &str,
    at: usize,
) -> Result<(Ws, SocketGuard, usize), Fail> {
    let closed = Instant::now();
    let opened = on_any_target(ctx, at + 1, |at| async move {
        let (mut ws, guard, at) = connect_ws(ctx, game, Some(at)).await?;
        ws.send(Message::text(proto::hello(None)))
            .await
            .map_err(|_| Fail::new("ws_closed"))?;
        Ok((ws, guard, at))
    })
    .await?;
    Stats::inc(&ctx.stats.reconnects);
    Stats::note_max(&ctx.stats.reconnect_max_us, closed.elapsed());
    Ok(opened)
}
