//! The computer opponent: an iterative-deepening alpha-beta search over [`bao_core`] with three levels.
//!
//! - [`choose_move`] is what the server calls: blocking, deterministic for a given seed as long as the time
//!   budget does not cut the search (use [`think`] with a node budget for fully reproducible answers).
//! - [`think`] gives the whole answer (move, score, depth, nodes, time) for any [`LevelConfig`].
//! - [`search::search`] is the bare search with explicit [`Options`].
//!
//! Modules: [`search`] (the tree walk), [`book`] (the opening book), [`eval`] (the evaluation per variant), `tt` (transposition table),
//! `zobrist` (position keys), [`levels`] (what easy, medium and hard mean), [`rng`] (seeded randomness),
//! [`openings`] (balanced random openings for matches and tuning), [`proof`] (exhaustive proofs of forced
//! wins, for puzzles).

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]

pub mod arena;
pub mod book;
pub mod clock;
pub mod eval;
pub mod levels;
pub mod openings;
pub mod pns;
pub mod proof;
pub mod proof_check;
pub mod ratings;
pub mod rng;
pub mod search;
pub mod shortest;
pub mod solved;
pub mod texel;
mod tt;
mod zobrist;

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use bao_core::{Move, Position};

use crate::clock::Instant;

pub use eval::{WeightSet, Weights};
pub use levels::LevelConfig;
pub use rng::Rng;
pub use search::{Features, Limits, Line, Options, SearchResult, MATE};

/// Playing strength: eight numbered levels (a rung of a ladder, like lichess's computer levels 1-8), the three
/// named levels of the first version, which are rungs of it (`easy` = 2, `medium` = 5, `hard` = 8), and
/// `hard-v1` for comparisons. The settings of each rung are in [`levels`](crate::levels); their ratings,
/// measured by paired matches, in [`ratings`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// Rung 2: one ply (plus capture replies) through a noisy evaluation, with occasional random moves.
    Easy,
    /// Rung 5: three plies (plus capture sequences), exact evaluation.
    Medium,
    /// Rung 8: as deep as the full time budget allows, with the opening book and Kujifunza's proof.
    Hard,
    /// `hard` as it was before issue 21 (its settings, its evaluation, none of the later search
    /// features), kept so that a match against it stays reproducible. Not offered by the server: only
    /// `bao match` and `bao think` take it (`Level::parse_any`).
    HardV1,
    /// A numbered level, 1 (a near-beginner) to 8 (= `hard`). Build it with [`Level::rung`], which refuses
    /// other numbers; a value outside 1-8 built by hand plays as the nearest rung.
    Rung(u8),
}

/// The names of the numbered levels.
const RUNG_NAMES: [&str; 8] = ["1", "2", "3", "4", "5", "6", "7", "8"];

impl Level {
    /// The three named levels, weakest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    /// The eight numbered levels, weakest first.
    pub const LADDER: [Level; 8] = {
        let mut out = [Level::Rung(1); 8];
        let mut i = 0;
        while i < 8 {
            out[i] = Level::Rung(i as u8 + 1);
            i += 1;
        }
        out
    };

    /// Every level the server offers, as [`Level::parse`] reads them: the named ones ([`Level::ALL`]), then the
    /// numbered ([`Level::LADDER`]).
    pub const OFFERED: [Level; 11] = {
        let mut out = [Level::Easy; 11];
        let mut i = 0;
        while i < 11 {
            out[i] = if i < 3 {
                Level::ALL[i]
            } else {
                Level::LADDER[i - 3]
            };
            i += 1;
        }
        out
    };

    /// The numbered level `n` (1-8), or `None`.
    pub fn rung(n: u8) -> Option<Level> {
        (1..=8).contains(&n).then_some(Level::Rung(n))
    }

    /// `"easy"`, `"medium"`, `"hard"`, `"hard-v1"` or `"1"`-`"8"`.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::HardV1 => "hard-v1",
            Level::Rung(_) => RUNG_NAMES[usize::from(self.number().unwrap_or(1) - 1)],
        }
    }

    /// The level in words for records and link previews: `"easy"`, `"medium"`, `"hard"`, `"hard-v1"` or
    /// `"level 1"`-`"level 8"`.
    pub fn label(self) -> String {
        match self {
            Level::Rung(_) => format!("level {}", self.name()),
            _ => self.name().to_owned(),
        }
    }

    /// The rung of the ladder the level plays as (1-8): `easy` 2, `medium` 5, `hard` 8; `None` for `hard-v1`.
    pub fn number(self) -> Option<u8> {
        match self {
            Level::Easy => Some(2),
            Level::Medium => Some(5),
            Level::Hard => Some(8),
            Level::HardV1 => None,
            Level::Rung(n) => Some(n.clamp(1, 8)),
        }
    }

    /// Parses `"easy"`, `"medium"`, `"hard"` or `"1"`-`"8"`.
    pub fn parse(s: &str) -> Option<Level> {
        match s {
            "easy" => Some(Level::Easy),
            "medium" => Some(Level::Medium),
            "hard" => Some(Level::Hard),
            _ if s.len() == 1 => Level::rung(s.parse().ok()?),
            _ => None,
        }
    }

    /// [`Level::parse`], and `"hard-v1"` ([`Level::HardV1`]) for the command line's comparisons.
    pub fn parse_any(s: &str) -> Option<Level> {
        match s {
            "hard-v1" => Some(Level::HardV1),
            _ => Level::parse(s),
        }
    }

    /// The time the level may think for one move. The numbered levels below 8 stop at a node budget long
    /// before it ([`LevelConfig::nodes`]); it only bounds them on a very slow machine.
    pub fn budget(self) -> Duration {
        match self.number() {
            None | Some(8) => Duration::from_millis(1500),
            Some(1..=2) => Duration::from_millis(100),
            Some(_) => Duration::from_millis(500),
        }
    }
}

/// A key of the position mixed with the seed: the source of a level's random choices, so a game played with
/// one seed still sees different draws at different positions.
fn position_seed(pos: &Position, seed: u64) -> u64 {
    rng::mix(zobrist::hash(pos) ^ rng::mix(seed))
}

/// Chooses a move with the settings `cfg` and reports how. `best` is `None` only when the game is over (or
/// the side to move has no legal move); otherwise it is always a legal move.
pub fn think(pos: &Position, cfg: &LevelConfig, seed: u64) -> SearchResult {
    think_until(pos, cfg, seed, None)
}

/// [`think`] that stops early (with its best move so far) once `cancel` is set.
fn think_until(
    pos: &Position,
    cfg: &LevelConfig,
    seed: u64,
    cancel: Option<Arc<AtomicBool>>,
) -> SearchResult {
    if cfg.book {
        // Kujifunza is solved: where the proof covers the position, its move is perfect play (the fastest
        // win it knows for South, the longest resistance for North).
        if let Some(v) = solved::verdict(pos) {
            return SearchResult {
                best: Some(v.mv),
                score: solved::score(pos, &v),
                depth: v.plies,
                nodes: 0,
                elapsed: Duration::ZERO,
            };
        }
        if let Some(e) = book::lookup(pos) {
            return SearchResult {
                best: Some(e.mv),
                score: e.score,
                depth: e.depth,
                nodes: 0,
                elapsed: Duration::ZERO,
            };
        }
    }
    if cfg.blunder_per_mille > 0 {
        let start = Instant::now();
        let mut rng = Rng::new(position_seed(pos, seed));
        if rng.chance(cfg.blunder_per_mille) {
            // A deliberate mistake, but neither a suicidal one nor a missed win in one: those would look
            // broken rather than weak.
            let me = pos.to_move();
            let children = pos.children();
            let win = children
                .iter()
                .find(|(_, c)| c.result().is_some_and(|r| r.winner == me));
            let safe: Vec<Move> = match win {
                Some((m, _)) => vec![*m],
                None => children
                    .iter()
                    .filter(|(_, c)| !matches!(c.result(), Some(r) if r.winner != me))
                    .map(|(m, _)| *m)
                    .collect(),
            };
            if !safe.is_empty() {
                let mv = safe[rng.below(safe.len() as u64) as usize];
                return SearchResult {
                    best: Some(mv),
                    score: 0,
                    depth: 0,
                    nodes: 1,
                    elapsed: start.elapsed(),
                };
            }
        }
    }
    let mut opts = cfg.options(seed);
    opts.cancel = cancel;
    search::search(pos, &opts)
}

/// The `count` best moves of `pos` at the settings `cfg`, each with its score and expected line, best first
/// ([`search::search_lines`]; `cfg`'s budgets are shared out between them). For analysis: the opening book
/// and the level's deliberate mistakes are not used.
///
/// Where the compiled-in proof of Kujifunza covers `pos` (and `cfg` is one that plays the book), the first
/// line is the proof's: its move, its forced result as the score and perfect play after it.
pub fn think_lines(pos: &Position, cfg: &LevelConfig, seed: u64, count: usize) -> Vec<Line> {
    let proof = cfg
        .book
        .then(|| solved::builtin(pos.variant()))
        .flatten()
        .and_then(|s| Some((s, s.verdict(pos)?)));
    let mut lines = search::search_lines(pos, &cfg.options(seed), count);
    if let Some((s, v)) = proof {
        lines.retain(|l| l.moves.first() != Some(&v.mv));
        lines.insert(
            0,
            Line {
                moves: s.line(pos, 8),
                score: solved::score(pos, &v),
                depth: v.plies,
            },
        );
        lines.truncate(count);
    }
    lines
}

/// Chooses a move for the side to move, or `None` when the game is over. Deterministic for a given `seed`
/// unless the level's time budget cuts the search. Blocking: call it from a blocking thread.
///
/// Setting `cancel` (from another thread) makes it return within about a millisecond, still with a legal
/// move: a server sets it when nobody is left to see the answer.
pub fn choose_move(
    pos: &Position,
    level: Level,
    seed: u64,
    cancel: Option<Arc<AtomicBool>>,
) -> Option<Move> {
    think_until(pos, &level.config_for(pos.variant()), seed, cancel).best
}

/// [`choose_move`] within at most `max_time` (the computer's clock allowance), if given, besides the level's
/// own time budget. A short allowance makes the search shallower, never illegal: the best move of the last
/// finished depth is played.
pub fn choose_move_within(
    pos: &Position,
    level: Level,
    seed: u64,
    cancel: Option<Arc<AtomicBool>>,
    max_time: Option<Duration>,
) -> Option<Move> {
    let mut cfg = level.config_for(pos.variant());
    if let Some(t) = max_time {
        cfg.time = cfg.time.min(t);
    }
    think_until(pos, &cfg, seed, cancel).best
}
