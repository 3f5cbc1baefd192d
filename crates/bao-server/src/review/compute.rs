//! The review of one finished game: every position searched by the computer (its `hard` settings for
//! `think` each), the moves scored and classed, and for mistakes and blunders the better line.

use std::time::Duration;

use bao_ai::{LevelConfig, SearchResult, MATE};
use bao_core::{Move, Position};
use bao_protocol::{MoveClass, Review, ReviewedMove};

use super::classify::classify;
use crate::computer_pool::ComputerPool;
use crate::error::AppError;
use crate::jobs::wire::position_json;
use crate::jobs::{Jobs, Kind, Outcome, Task};
use crate::store::Store;

/// Moves of the better line shown for a mistake or a blunder (the better move and the replies after it).
const LINE_MOVES: usize = 4;

/// Reviews game `id` as stored: searches each of its positions for `think`, one at a time, each holding one
/// of the `computer`'s permits taken after live games, and spare ones for more threads when they are free.
pub async fn review_game(
    store: &Store,
    computer: &ComputerPool,
    think: Duration,
    id: &str,
) -> Result<Review, AppError> {
    let (game, rows) = store.load(id).await?.ok_or(AppError::NotFound)?;
    let mut moves = Vec::with_capacity(rows.len());
    for r in &rows {
        let mv: Move = r
            .notation
            .parse()
            .map_err(|e| AppError::Internal(format!("game {id}, ply {}: {e}", r.ply)))?;
        moves.push(mv);
    }
    let mut positions = vec![Position::new(game.variant)];
    for (i, mv) in moves.iter().enumerate() {
        let next = positions[i]
            .play(*mv)
            .map_err(|e| AppError::Internal(format!("game {id}, replaying move {i}: {e}")))?
            .0;
        positions.push(next);
    }
    let searcher = Searcher {
        computer,
        think,
        cfg: config(game.variant, think),
    };
    // The computer's answer at each position; `None` where the game is over.
    let mut found: Vec<Option<SearchResult>> = Vec::with_capacity(positions.len());
    for (i, pos) in positions.iter().enumerate() {
        // A lone legal move needs no search (its value is the next position's); the last position does,
        // for the value after the last move of a game resigned or lost on time.
        let lone = i < moves.len() && pos.legal_moves().len() == 1;
        found.push(match pos.result() {
            Some(_) => None,
            None if lone => None,
            None => Some(searcher.search(*pos).await?),
        });
    }
    let values = values(&positions, &found);
    let mut out = Vec::with_capacity(moves.len());
    for (i, mv) in moves.iter().enumerate() {
        let mut best = found[i].as_ref().and_then(|f| f.best).unwrap_or(*mv);
        let before = values[i];
        let mut after = -values[i + 1];
        // Kujifunza is solved: where the proof wins for the mover, a move that still wins is scored as the
        // forced win it is, and a move that throws the win away is a blunder whatever the search's score
        // says, with the proof's move and line beside it.
        let judged = solved_after(positions[i], *mv).await?;
        if let Some(Ok(plies)) = judged {
            // A move that keeps the proven win is as good as the proof's own (the book's included).
            after = after.max(MATE - plies as i32);
            best = *mv;
        }
        let mut class = classify(before, after, best == *mv);
        let book = bao_ai::book::lookup(&positions[i]).is_some_and(|e| e.mv == *mv);
        let mut line = Vec::new();
        if let (Some(Err(true)), Some(v)) = (judged, bao_ai::solved::verdict(&positions[i])) {
            class = MoveClass::Blunder;
            best = v.mv;
            line = bao_ai::solved::builtin(positions[i].variant())
                .map(|s| s.line(&positions[i], LINE_MOVES))
                .unwrap_or_default();
        }
        if line.is_empty() && matches!(class, MoveClass::Mistake | MoveClass::Blunder) {
            line = searcher.line(positions[i], best).await?;
        }
        out.push(ReviewedMove {
            ply: i as u64,
            mv: *mv,
            best,
            score_before: before,
            score_after: after,
            class,
            book,
            line,
        });
    }
    Ok(Review { moves: out })
}

/// Positions a proof-number search may expand to tell whether a move off the proof of Kujifunza still wins
/// (a fraction of a second).
const PROOF_NODES: u64 = 200_000;

/// What the compiled-in proof of Kujifunza says of `mv` at `pos` ([`bao_ai::solved::after_move`]), on the
/// blocking pool: its search may take a fraction of a second.
async fn solved_after(pos: Position, mv: Move) -> Result<Option<Result<u32, bool>>, AppError> {
    if pos.variant() != bao_core::Variant::Kujifunza {
        return Ok(None);
    }
    tokio::task::spawn_blocking(move || bao_ai::solved::after_move(&pos, mv, PROOF_NODES))
        .await
        .map_err(|e| AppError::Internal(format!("review proof failed: {e}")))
}

/// The computer's settings for a review: `hard`, searching `think` per position.
fn config(variant: bao_core::Variant, think: Duration) -> LevelConfig {
    let mut cfg = bao_ai::Level::Hard.config_for(variant);
    cfg.time = think;
    cfg
}

/// The value of each position for its side to move: the search's score, a won or lost game as a mate
/// score, and for a position with one legal move (which the search answers without scoring) the value of
/// the position after it.
fn values(positions: &[Position], found: &[Option<SearchResult>]) -> Vec<i32> {
    let mut out = vec![0; positions.len()];
    for i in (0..positions.len()).rev() {
        let pos = &positions[i];
        out[i] = match pos.result() {
            Some(r) if r.winner == pos.to_move() => MATE,
            Some(_) => -MATE,
            None if i + 1 < positions.len() && pos.legal_moves().len() == 1 => -out[i + 1],
            None => found[i].as_ref().map_or(0, |f| f.score),
        };
    }
    out
}

/// How long a review's search is waited for on the cluster's queue.
const SEARCH_DEADLINE: Duration = Duration::from_secs(60);

/// A review's search at `pos` with `cfg`'s time as a job on the cluster's queue (`jobs/`), which workers
/// take after the games' moves.
async fn search_as_job(
    jobs: &Jobs,
    pos: Position,
    cfg: &LevelConfig,
) -> Result<SearchResult, AppError> {
    let task = Task::Search {
        position: position_json(&pos),
        time_ms: u64::try_from(cfg.time.as_millis()).unwrap_or(u64::MAX),
    };
    let done = jobs.run(Kind::Review, task, SEARCH_DEADLINE).await?;
    match done.outcome {
        Outcome::Search { best, score, depth } => Ok(SearchResult {
            best,
            score,
            depth,
            nodes: 0,
            elapsed: Duration::from_millis(done.search_ms),
        }),
        Outcome::Failed { code, detail } => Err(Outcome::error(code, detail)),
        other => Err(AppError::Internal(format!(
            "a review's search answered {other:?}"
        ))),
    }
}

/// Searches positions for a review.
struct Searcher<'a> {
    computer: &'a ComputerPool,
    think: Duration,
    cfg: LevelConfig,
}

impl Searcher<'_> {
    /// The computer's answer at `pos` (not over), searched on the blocking pool holding a permit.
    async fn search(&self, pos: Position) -> Result<SearchResult, AppError> {
        self.search_for(pos, self.cfg).await
    }

    async fn search_for(
        &self,
        pos: Position,
        mut cfg: LevelConfig,
    ) -> Result<SearchResult, AppError> {
        if let Some(jobs) = self.computer.jobs() {
            return search_as_job(jobs, pos, &cfg).await;
        }
        let mut permit = self.computer.after_live_games().await?;
        cfg.threads = self.computer.take_spare(&mut permit);
        tokio::task::spawn_blocking(move || {
            let r = bao_ai::think(&pos, &cfg, 0);
            drop(permit);
            r
        })
        .await
        .map_err(|e| AppError::Internal(format!("review search failed: {e}")))
    }

    /// The line after `best` at `pos`: `best`, then the computer's choice for each side in turn (a quarter
    /// of the review's time each), up to [`LINE_MOVES`] moves or the end of the game.
    async fn line(&self, pos: Position, best: Move) -> Result<Vec<Move>, AppError> {
        let mut cfg = self.cfg;
        cfg.time = (self.think / 4).max(Duration::from_millis(1));
        let mut line = vec![best];
        let Some(mut at) = pos.play_unchecked(best) else {
            return Ok(line);
        };
        while line.len() < LINE_MOVES && at.result().is_none() {
            let Some(mv) = self.search_for(at, cfg).await?.best else {
                break;
            };
            line.push(mv);
            match at.play_unchecked(mv) {
                Some(next) => at = next,
                None => break,
            }
        }
        Ok(line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bao_core::Variant;

    fn scored(score: i32) -> Option<SearchResult> {
        Some(SearchResult {
            best: None,
            score,
            depth: 1,
            nodes: 1,
            elapsed: Duration::ZERO,
        })
    }

    #[test]
    fn positions_take_the_search_score_and_games_over_are_mates() {
        let start = Position::new(Variant::Kujifunza);
        let mv = start.legal_moves()[0];
        let (after, _) = start.play(mv).unwrap();
        assert_eq!(
            values(&[start, after], &[scored(7), scored(-40)]),
            vec![7, -40]
        );
        // A won game (a puzzle of one move, played): lost for the side to move after it.
        let p = crate::puzzles::all()
            .unwrap()
            .iter()
            .find(|p| p.variant == Variant::Kujifunza && p.depth == 1)
            .unwrap();
        let (pos, mv) = (p.position, p.solution[0]);
        let (won, _) = pos.play(mv).unwrap();
        assert_eq!(values(&[pos, won], &[scored(5), None]), vec![5, -MATE]);
    }
}
