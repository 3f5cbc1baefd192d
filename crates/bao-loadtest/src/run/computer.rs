//! Games against the computer (`--computer-games`): background load for the human games being measured.
//!
//! Each slot creates a game against the computer at `--computer-level`, holds the human seat with one socket
//! and answers every computer move at once with a random legal move, so that the computer is thinking nearly
//! all the time (more slots than `--computer-threads` keep every search slot busy, the rest waiting). These
//! moves are not paced by `--rate` and not in the round-trip figures: they are counted apart, with the
//! computer's moves seen.

use std::sync::Arc;

use futures_util::{SinkExt, StreamExt};
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use tokio_tungstenite::tungstenite::Message;

use super::{close_ws, http_json, open_player, Ctx, Fail};
use crate::proto::{self, GameState, Incoming};
use crate::stats::Stats;
use bao_protocol::{CreateGame, Created, Opponent, SeatChoice};

/// One slot of `--computer-games`: from the start of the play phase to its end, plays games against the
/// computer one after the other.
pub(super) async fn computer_slot(ctx: Arc<Ctx>, mut rng: StdRng) {
    let mut start = ctx.start.clone();
    let mut stop = ctx.stop.clone();
    tokio::select! {
        _ = start.wait_for(|s| *s) => {}
        _ = stop.wait_for(|s| *s) => return,
    }
    while !*ctx.stop.borrow() {
        match computer_game(&ctx, &mut rng).await {
            Ok(()) => Stats::inc(&ctx.stats.computer_games),
            Err(Fail(code)) => {
                if code != "stopped" {
                    ctx.stats.error(&format!("computer_{code}"));
                }
                return;
            }
        }
    }
}

/// Plays one game against the computer until it ends (`Ok`) or the run stops (`Err("stopped")`).
async fn computer_game(ctx: &Ctx, rng: &mut StdRng) -> Result<(), Fail> {
    let base = &ctx.target.http_base;
    let created: Created = http_json(
        ctx,
        ctx.http
            .post(format!("{base}/api/games"))
            .json(&CreateGame {
                variant: ctx.args.variant.clone(),
                seat: Some(SeatChoice::South),
                opponent: Some(Opponent::Computer),
                level: Some(ctx.args.computer_level.clone()),
                clock: None,
                listed: None,
            }),
        201,
    )
    .await?;
    let me = created.seat;
    let (mut ws, _guard, state, _) =
        open_player(ctx, None, &created.id, &created.token, me).await?;
    let mut state = state.ok_or_else(|| Fail::new("no_game_state"))?;
    let mut stop = ctx.stop.clone();
    let mut sent_for: Option<u64> = None;
    // When the human's move of the ply waiting for the computer's reply was sent.
    let mut sent_at: Option<std::time::Instant> = None;
    let result = loop {
        if state.over {
            break Ok(());
        }
        if state.to_move == me && sent_for != Some(state.ply) {
            let Some(mv) = state.legal.choose(rng).cloned() else {
                break Err(Fail::new("no_legal_move"));
            };
            // A person thinks (`--computer-think`) before moving; the game may end meanwhile.
            let think = ctx.args.computer_think.sample(rng);
            if !think.is_zero() {
                tokio::select! {
                    () = tokio::time::sleep(think) => {}
                    _ = stop.wait_for(|s| *s) => break Err(Fail::new("stopped")),
                }
            }
            let mv = &mv;
            if ws
                .send(Message::text(proto::move_msg(state.ply, mv)))
                .await
                .is_err()
            {
                break Err(Fail::new("ws_send"));
            }
            sent_for = Some(state.ply);
            sent_at = Some(std::time::Instant::now());
        }
        let msg = tokio::select! {
            m = ws.next() => m,
            _ = stop.wait_for(|s| *s) => {
                // A reply waited for longer than --move-timeout when the run ends is counted lost.
                if sent_at.is_some_and(|at| at.elapsed() > ctx.args.move_timeout) {
                    Stats::inc(&ctx.stats.computer_replies_lost);
                }
                break Err(Fail::new("stopped"));
            }
        };
        let text = match msg {
            Some(Ok(Message::Text(t))) => t,
            Some(Ok(_)) => continue,
            Some(Err(_)) | None => break Err(Fail::new("ws_closed")),
        };
        let Ok(m) = serde_json::from_str::<Incoming>(text.as_str()) else {
            break Err(Fail::new("bad_server_message"));
        };
        match m.t.as_str() {
            "moved" => {
                let Some(next) = GameState::from_moved(&m) else {
                    break Err(Fail::new("bad_server_message"));
                };
                if m.by.as_deref() != Some(me.name()) {
                    Stats::inc(&ctx.stats.computer_moves);
                    if let Some(at) = sent_at.take() {
                        ctx.stats.record_computer_reply(at.elapsed());
                    }
                }
                if next.ply > state.ply {
                    state = next;
                }
            }
            "ended" => state.over = true,
            "error" => break Err(Fail::new(m.code.unwrap_or_else(|| "error".into()))),
            _ => {}
        }
    };
    close_ws(ws).await;
    result
}
