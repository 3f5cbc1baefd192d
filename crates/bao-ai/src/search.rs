//! Iterative-deepening principal-variation search (negamax alpha-beta) with a transposition table, move
//! ordering and a capture extension.
//!
//! - **Tree walk.** `Position::children()` simulates every legal move once and hands back the positions, so
//!   a node costs one move generation; leaves are only evaluated, never expanded (except by quiescence).
//! - **Move ordering.** The transposition-table move, then the two killer moves of the ply, then the rest by
//!   a static guess: near the root (remaining depth ≥ 2) the negated evaluation of the child, deeper the seeds
//!   the move captures, each plus a history bonus for moves that caused cut-offs elsewhere.
//! - **Capture extension (quiescence).** In Bao, "capture" is a property of a position: when the side to move
//!   has a capture move, all its legal moves are captures (Kujifunza, Kiswahili). A leaf in such a position is
//!   not quiet: the evaluation would miss the seeds about to change sides. So at depth 0 a must-capture
//!   position is searched on, with all its moves and no stand-pat (a capture cannot be declined), for at most
//!   `qdepth` plies. Kimasai captures are automatic but not obligatory: there the extension is the chess kind,
//!   a stand-pat plus the moves that capture.
//! - **Budgets.** A node budget (checked at every node: it makes a search reproducible) and a deadline
//!   (checked every 64 nodes, since a node next to a long relay chain may take most of a millisecond). When
//!   either runs out the search unwinds at once and answers with the best move of the last finished
//!   iteration, or of the unfinished one if it already beat it.
//! - **Threads (Lazy SMP).** With `threads` > 1, helper threads run the same iterative deepening on the same
//!   root, sharing the transposition table (lock-free, see `tt`), each with its own killers and history; a
//!   helper on an odd thread starts one ply deeper, so the threads do not all search the same tree in step.
//!   What one thread stores cuts nodes for the others. The main thread's answer is the result (a helper's
//!   when it finished a deeper iteration); when the main thread is done the helpers are stopped. The node
//!   budget counts the nodes of all threads (added to a shared counter every 64 nodes); the time budget and
//!   `cancel` apply to every thread. With one thread the search is exactly the single-threaded one.

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use bao_core::{GameResult, Move, MoveList, Position, MAX_MOVES};

use crate::clock::Instant;
use crate::eval::{self, WeightSet, Weights};
use crate::rng::mix;
use crate::tt::{Bound, Table};
use crate::zobrist;

/// Score of a won game at the root; a win in `n` plies scores `MATE - n`.
pub const MATE: i32 = 30_000;
/// Scores beyond this are wins or losses found by the search.
pub const MATE_BOUND: i32 = MATE - 1_000;
const INF: i32 = 32_000;
/// Deepest ply the search (with its extensions) reaches.
const MAX_PLY: usize = 128;

/// What the search may spend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Deepest nominal depth of the iterative deepening (plies, captures extensions not counted).
    pub max_depth: u32,
    /// Stop after this many nodes (positions visited). Reproducible.
    pub nodes: Option<u64>,
    /// Stop after this much wall-clock time.
    pub time: Option<Duration>,
}

/// Everything one search needs besides the position.
#[derive(Clone, Debug)]
pub struct Options {
    /// Budgets.
    pub limits: Limits,
    /// Evaluation weights; `None`: those of `weight_set` for the position's variant.
    pub weights: Option<Weights>,
    /// The weight set used when `weights` is `None`.
    pub weight_set: WeightSet,
    /// Amplitude of the pseudo-random noise added to every evaluation (0: none). Derived from the position key
    /// and the seed, so a given seed always sees the same noisy evaluation.
    pub noise: i32,
    /// Seed of the noise.
    pub seed: u64,
    /// Transposition table size: 2^tt_bits entries of 16 bytes.
    pub tt_bits: u32,
    /// Longest capture extension below the nominal depth, in plies.
    pub qdepth: u32,
    /// Set it (from any thread) to stop the search early; it then answers as if its time had run out.
    pub cancel: Option<Arc<AtomicBool>>,
    /// Optional search techniques (none: the search of `hard-v1`).
    pub features: Features,
    /// Search threads (Lazy SMP); 0 counts as 1. Several threads search deeper in the same time, but the
    /// result then depends on their timing: only one thread is reproducible at a node budget.
    pub threads: u32,
}

/// Search techniques that a level may switch on; each is kept in a level only if a match shows it pays
/// (docs/benchmarks.md, "A stronger computer").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Features {
    /// Late-move reductions: from the fourth move of a node at depth 3 or more, a move that does not end
    /// the game is searched one ply shallower first, and again at full depth only if it beats alpha.
    pub lmr: bool,
    /// Aspiration windows: from depth 4 on, the root is searched in a window around the previous
    /// iteration's score, widened to the full window when the score falls outside it.
    pub aspiration: bool,
    /// Null-move pruning: at depth 3 or more, when the static evaluation is at least beta and the side to
    /// move has a choice of moves, the side to move passes and the opponent's reply is searched
    /// [`NULL_R`] + 1 plies shallower in a null window; a score still at least beta cuts the node off.
    /// Unsound under zugzwang (when passing would be better than any move), which is common in mancalas.
    pub null_move: bool,
    /// With `null_move`: no null move when the side to move has fewer than [`NULL_GUARD_MOVES`] legal
    /// moves, where zugzwang is likeliest (the Bao-safe form; test `null_move_guard_sees_zugzwang`).
    pub null_guard: bool,
    /// With `null_move`: a null-move cut-off is only taken if a normal search of the node, one ply
    /// shallower and without a null move at that node, also reaches beta (verification).
    pub null_verify: bool,
}

impl Features {
    /// None: the search as it was before issue 21.
    pub const NONE: Features = Features {
        lmr: false,
        aspiration: false,
        null_move: false,
        null_guard: false,
        null_verify: false,
    };
    /// Every feature switched on (tests use it to cover every path of the search).
    pub const ALL: Features = Features {
        lmr: true,
        aspiration: true,
        null_move: true,
        null_guard: true,
        null_verify: true,
    };
    /// What `hard` uses.
    pub const HARD: Features = Features {
        lmr: false,
        aspiration: false,
        null_move: false,
        null_guard: false,
        null_verify: false,
    };
}

/// Depth reduction of the null-move search (besides the ply of the pass).
pub const NULL_R: i32 = 2;
/// Fewest legal moves for a guarded null move (`Features::null_guard`) to be tried. With 4 (a usual
/// chess-like guard) the null move still missed the forced wins `examples/nullscan.rs` found; with 8 it
/// found them all.
pub const NULL_GUARD_MOVES: usize = 8;

/// `pos` with the turn passed to the opponent (no takasia): the null move. `None` if bao-core refuses it.
fn pass(pos: &Position) -> Option<Position> {
    let mut setup = pos.to_setup();
    setup.to_move = setup.to_move.opponent();
    setup.takasia = None;
    Position::from_setup_any_total(setup).ok()
}

/// Half the width of an aspiration window (a front seed is worth about 10).
const ASPIRATION: i32 = 40;

impl Options {
    /// Options with the given limits, the weights of `hard-v1` ([`WeightSet::V1`]), no noise, a 16 MiB table
    /// and the default capture extension.
    pub fn new(limits: Limits) -> Options {
        Options {
            limits,
            weights: None,
            weight_set: WeightSet::V1,
            noise: 0,
            seed: 0,
            tt_bits: 20,
            qdepth: 6,
            cancel: None,
            features: Features::NONE,
            threads: 1,
        }
    }
}

/// The answer of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play; `None` only when the side to move has no legal move (or the game is over).
    pub best: Option<Move>,
    /// Its score for the side to move (see [`MATE`]).
    pub score: i32,
    /// The deepest iteration finished.
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
    /// Wall-clock time spent.
    pub elapsed: Duration,
}

/// Index of a move in the history table: pit (0..32, side included) × direction (L, R, none) × safari.
#[inline]
fn history_index(mv: Move) -> usize {
    let dir = match mv.dir {
        Some(bao_core::Dir::Left) => 0,
        Some(bao_core::Dir::Right) => 1,
        None => 2,
    };
    (mv.pit.index() * 3 + dir) * 2 + usize::from(mv.safari)
}

/// The score of a finished game for the side to move, `ply` plies from the root (sooner wins score higher).
#[inline]
fn terminal(pos: &Position, r: GameResult, ply: usize) -> i32 {
    if r.winner == pos.to_move() {
        MATE - ply as i32
    } else {
        -(MATE - ply as i32)
    }
}

/// Mate scores are stored relative to the node (distance from it), not the root.
#[inline]
fn to_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

#[inline]
fn from_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// What the threads of one search share besides the table.
struct Shared {
    /// Nodes of all threads, added in batches of 64 (see [`Searcher::out_of_budget`]).
    nodes: AtomicU64,
    /// Set when the search is over: the main thread finished, or some thread spent the budget.
    stop: AtomicBool,
}

/// Stack of a helper thread: the recursion holds a move list of positions per ply (as much as the main
/// thread may use, so that a helper never runs out first).
const HELPER_STACK: usize = 8 << 20;

struct Searcher<'t> {
    tt: &'t Table,
    w: Weights,
    noise: i32,
    seed: u64,
    qdepth: i32,
    nodes: u64,
    /// Nodes of the other threads, as of this thread's last batch (0 with one thread).
    others: u64,
    /// State shared with the other threads (`None` with one thread).
    shared: Option<&'t Shared>,
    node_limit: u64,
    /// When the search started.
    start: Instant,
    deadline: Option<Instant>,
    stop: bool,
    killers: [[Option<Move>; 2]; MAX_PLY],
    history: [i32; 32 * 3 * 2],
    /// The caller's stop flag.
    cancel: Option<Arc<AtomicBool>>,
    /// Positions below the root whose moves could not be told apart within [`LAP_BUDGET`].
    unsettled: HashSet<u64>,
    features: Features,
}

/// Laps of long relay sowing one move generation below the root may spend (about 8 ns each, so under a
/// millisecond). Some positions (Kujifunza above all) hold a candidate move whose sowing runs for millions of
/// laps before it ends or provably repeats; only then is its legality known. The search does not wait for
/// that: it scores such a position by the evaluation, as if it were a leaf. The root is always generated in
/// full, so the answer is always a legal move.
const LAP_BUDGET: u64 = 100_000;
/// Most unsettled positions remembered (iterative deepening meets them again in every iteration).
const UNSETTLED_CACHE: usize = 4096;

impl<'t> Searcher<'t> {
    /// A searcher for `pos` with the options `opts`, started at `start`.
    fn new(
        pos: &Position,
        opts: &Options,
        start: Instant,
        tt: &'t Table,
        shared: Option<&'t Shared>,
    ) -> Searcher<'t> {
        Searcher {
            tt,
            w: opts
                .weights
                .unwrap_or_else(|| opts.weight_set.weights(pos.variant())),
            noise: opts.noise.max(0),
            seed: mix(opts.seed ^ 0xA0BA_0BA0),
            qdepth: opts.qdepth as i32,
            nodes: 0,
            others: 0,
            shared,
            node_limit: opts.limits.nodes.unwrap_or(u64::MAX),
            start,
            deadline: opts.limits.time.map(|t| start + t),
            stop: false,
            killers: [[None; 2]; MAX_PLY],
            history: [0; 32 * 3 * 2],
            unsettled: HashSet::new(),
            cancel: opts.cancel.clone(),
            features: opts.features,
        }
    }

    /// The legal moves of a position below the root with their positions, or `None` when telling them apart
    /// would take more than [`LAP_BUDGET`] laps.
    #[inline]
    fn children(&mut self, pos: &Position, key: Option<u64>) -> Option<MoveList<(Move, Position)>> {
        if !self.unsettled.is_empty() {
            let k = key.unwrap_or_else(|| zobrist::hash(pos));
            if self.unsettled.contains(&k) {
                return None;
            }
        }
        let c = pos.children_within(LAP_BUDGET);
        if c.is_none() && self.unsettled.len() < UNSETTLED_CACHE {
            let k = key.unwrap_or_else(|| zobrist::hash(pos));
            self.unsettled.insert(k);
        }
        c
    }

    /// Counts a node and says whether the budget is spent. With several threads, every 64th node adds this
    /// thread's last 64 to the shared count (so the budget may be overshot by under 64 nodes per thread) and
    /// looks at the shared stop flag.
    #[inline]
    fn out_of_budget(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes + self.others >= self.node_limit {
            self.stop = true;
            if let Some(sh) = self.shared {
                sh.stop.store(true, Ordering::Relaxed);
            }
        } else if self.nodes & 63 == 0 {
            if let Some(sh) = self.shared {
                // Every earlier multiple of 64 was added too (or the search stopped), so the shared count
                // holds exactly `self.nodes` of this thread's nodes.
                let total = sh.nodes.fetch_add(64, Ordering::Relaxed) + 64;
                self.others = total.saturating_sub(self.nodes);
                if sh.stop.load(Ordering::Relaxed) {
                    self.stop = true;
                }
            }
            if let Some(d) = self.deadline {
                if Instant::now() >= d {
                    self.stop = true;
                }
            }
            if self
                .cancel
                .as_ref()
                .is_some_and(|c| c.load(Ordering::Relaxed))
            {
                self.stop = true;
            }
        }
        self.stop
    }

    #[inline]
    fn eval(&self, pos: &Position) -> i32 {
        self.eval_with(pos, eval::mover_targets(pos))
    }

    #[inline]
    fn eval_with(&self, pos: &Position, my_targets: u8) -> i32 {
        let e = eval::evaluate_with_targets(pos, &self.w, my_targets);
        if self.noise == 0 {
            return e;
        }
        let span = 2 * self.noise as u64 + 1;
        let r = mix(zobrist::hash(pos) ^ self.seed) % span;
        e + r as i32 - self.noise
    }

    /// Fills `order` with the indices of `children`, best guess first.
    fn order(
        &self,
        pos: &Position,
        children: &MoveList<(Move, Position)>,
        tt_best: u8,
        ply: usize,
        depth: i32,
    ) -> ([u8; MAX_MOVES], usize) {
        let mut keys = [0i32; MAX_MOVES];
        let mut order = [0u8; MAX_MOVES];
        let opp = pos.to_move().opponent();
        let opp_material = eval::material(pos, opp) as i32;
        let killers = self.killers[ply.min(MAX_PLY - 1)];
        for (i, (mv, child)) in children.iter().enumerate() {
            order[i] = i as u8;
            keys[i] = if i as u8 == tt_best {
                i32::MAX
            } else if Some(*mv) == killers[0] {
                i32::MAX - 1
            } else if Some(*mv) == killers[1] {
                i32::MAX - 2
            } else {
                let guess = if let Some(r) = child.result() {
                    // A move that ends the game: try wins first, losses last.
                    terminal(child, r, 0).saturating_neg() * 10
                } else if depth >= 2 {
                    -eval::evaluate(child, &self.w) * 16
                } else {
                    (opp_material - eval::material(child, opp) as i32) * 1024
                };
                guess + self.history[history_index(*mv)].min(1 << 14)
            };
        }
        let n = children.len();
        // Insertion sort: at most 32 moves, usually far fewer; stable, so ties keep generation order.
        for i in 1..n {
            let (k, o) = (keys[i], order[i]);
            let mut j = i;
            while j > 0 && keys[j - 1] < k {
                keys[j] = keys[j - 1];
                order[j] = order[j - 1];
                j -= 1;
            }
            keys[j] = k;
            order[j] = o;
        }
        (order, n)
    }

    fn search(&mut self, pos: &Position, depth: i32, ply: usize, alpha: i32, beta: i32) -> i32 {
        self.search_node(pos, depth, ply, alpha, beta, true)
    }

    /// [`Searcher::search`]; `null_ok`: a null move may be tried at this node (not right after one, nor in
    /// a verification search of the node itself).
    fn search_node(
        &mut self,
        pos: &Position,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        null_ok: bool,
    ) -> i32 {
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return self.quiesce(pos, ply, alpha, beta, self.qdepth);
        }
        if self.out_of_budget() {
            return 0;
        }
        if let Some(r) = pos.result() {
            return terminal(pos, r, ply);
        }
        let key = zobrist::hash(pos);
        let mut tt_best = u8::MAX;
        if let Some(e) = self.tt.probe(key) {
            tt_best = e.best;
            if i32::from(e.depth) >= depth {
                let s = from_tt(e.score, ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if cut {
                    return s;
                }
            }
        }
        let Some(children) = self.children(pos, Some(key)) else {
            return self.eval(pos);
        };
        if children.is_empty() {
            // No legal move: the side to move loses.
            return -(MATE - ply as i32);
        }
        if null_ok
            && self.features.null_move
            && depth >= 3
            && beta.abs() < MATE_BOUND
            && children.len()
                >= if self.features.null_guard {
                    NULL_GUARD_MOVES
                } else {
                    2
                }
            && self.eval(pos) >= beta
        {
            if let Some(passed) = pass(pos) {
                let s = -self.search_node(
                    &passed,
                    depth - 1 - NULL_R,
                    ply + 1,
                    -beta,
                    -beta + 1,
                    false,
                );
                if self.stop {
                    return 0;
                }
                if s >= beta {
                    let s = if s >= MATE_BOUND { beta } else { s };
                    if !self.features.null_verify {
                        return s;
                    }
                    let v = self.search_node(pos, depth - 1, ply, beta - 1, beta, false);
                    if self.stop {
                        return 0;
                    }
                    if v >= beta {
                        return s.min(v.max(beta));
                    }
                }
            }
        }
        let (order, n) = self.order(pos, &children, tt_best, ply, depth);
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_idx = u8::MAX;
        let reduce = self.features.lmr && depth >= 3;
        for (k, &i) in order[..n].iter().enumerate() {
            let child = &children[i as usize].1;
            let score = if k == 0 {
                -self.search(child, depth - 1, ply + 1, -beta, -alpha)
            } else {
                // A late move is first searched a ply shallower; only a move that then beats alpha is
                // searched again at full depth. (Captures too: in Bao, when one move captures every move
                // does, so sparing captures spared nearly every node; measured: no deeper, 50.0% against
                // hard-v1.)
                let reduced = reduce && k >= 3 && child.result().is_none();
                let mut s = -INF;
                if reduced {
                    s = -self.search(child, depth - 2, ply + 1, -alpha - 1, -alpha);
                }
                if !reduced || (s > alpha && !self.stop) {
                    s = -self.search(child, depth - 1, ply + 1, -alpha - 1, -alpha);
                }
                if s > alpha && s < beta && !self.stop {
                    -self.search(child, depth - 1, ply + 1, -beta, -alpha)
                } else {
                    s
                }
            };
            if self.stop {
                return 0;
            }
            if score > best {
                best = score;
                best_idx = i;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        let mv = children[i as usize].0;
                        if i != tt_best {
                            let kl = &mut self.killers[ply];
                            if kl[0] != Some(mv) {
                                kl[1] = kl[0];
                                kl[0] = Some(mv);
                            }
                        }
                        let h = &mut self.history[history_index(mv)];
                        *h = (*h + depth * depth).min(1 << 20);
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let stored_best = if bound == Bound::Upper {
            u8::MAX
        } else {
            best_idx
        };
        self.tt
            .store(key, to_tt(best, ply), depth as i16, stored_best, bound);
        best
    }

    /// The capture extension below the nominal depth (see the module docs).
    fn quiesce(
        &mut self,
        pos: &Position,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        qleft: i32,
    ) -> i32 {
        if self.out_of_budget() {
            return 0;
        }
        if let Some(r) = pos.result() {
            return terminal(pos, r, ply);
        }
        if qleft <= 0 || ply >= MAX_PLY - 1 {
            return self.eval(pos);
        }
        let my_targets = eval::mover_targets(pos);
        if my_targets == 0 {
            return self.eval_with(pos, 0);
        }
        let forced = pos.variant() != bao_core::Variant::Kimasai;
        let optional = !forced;
        let mut best = -INF;
        if optional {
            // Kimasai: the side to move may play a quiet move instead, so the static score is a lower bound.
            best = self.eval_with(pos, my_targets);
            if best >= beta {
                return best;
            }
            alpha = alpha.max(best);
        }
        let Some(children) = self.children(pos, None) else {
            return self.eval_with(pos, my_targets);
        };
        if children.is_empty() {
            return -(MATE - ply as i32);
        }
        let opp = pos.to_move().opponent();
        let opp_material = eval::material(pos, opp);
        // Order by seeds captured (a cheap, good guess for capture sequences).
        let mut idx: MoveList<(u32, u8)> = MoveList::new();
        for (i, (_, c)) in children.iter().enumerate() {
            let gain = opp_material.saturating_sub(eval::material(c, opp));
            if forced || gain > 0 || c.result().is_some() {
                idx.push((gain + if c.result().is_some() { 1000 } else { 0 }, i as u8));
            }
        }
        idx.sort_by_key(|e| std::cmp::Reverse(e.0));
        for &(_, i) in &idx {
            let s = -self.quiesce(&children[i as usize].1, ply + 1, -beta, -alpha, qleft - 1);
            if self.stop {
                return 0;
            }
            if s > best {
                best = s;
                if s > alpha {
                    alpha = s;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}

/// Searches `pos` and returns the best move found within the limits of `opts`.
///
/// The answer is always a legal move when one exists: an immediate win is played at once; if the budget runs
/// out before the first iteration ends, the first move that does not lose on the spot is returned.
/// With no time limit the result depends only on `pos` and `opts` (the node budget makes it reproducible).
///
/// Runs on the caller's thread and returns within the time limit: below the root no move generation may take
/// longer than about a millisecond (see `LAP_BUDGET`). Only the root's own move generation is exact whatever
/// it costs, since the answer must be legal; in the rare positions where that takes long (bao-core's
/// `Position::children_within` explains why), the time goes there.
pub fn search(pos: &Position, opts: &Options) -> SearchResult {
    let start = Instant::now();
    let children = pos.children();
    search_among(pos, &children, opts, start, false, None).0
}

/// One line of [`search_lines`]: a root move, its score for the side to move (see [`MATE`]) and the moves
/// the search expects after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The root move first, then the expected replies (the principal variation, as far as the transposition
    /// table still holds it; at least the root move).
    pub moves: Vec<Move>,
    /// The root move's score for the side to move.
    pub score: i32,
    /// The deepest iteration finished for it.
    pub depth: u32,
}

/// The `count` best moves of `pos` with their scores and lines ("multi-PV"), best first: the first is what
/// [`search`] chooses with its share of the limits; each next one is the best of the moves not yet listed,
/// found by a search of the root without them, so every score is that move's own (not a bound). The searches
/// share one transposition table and the limits of `opts`: the first (the best move, the one that matters
/// most) may take half of them, each next one an even share of what is left. Empty when the game is over or
/// the side to move has no move; fewer than `count` when there are fewer moves.
pub fn search_lines(pos: &Position, opts: &Options, count: usize) -> Vec<Line> {
    let start = Instant::now();
    let mut left = pos.children();
    let n = count.min(left.len());
    if pos.result().is_some() || n == 0 {
        return Vec::new();
    }
    let tt = Table::new(opts.tt_bits);
    let mut nodes_spent = 0u64;
    let mut lines = Vec::with_capacity(n);
    for k in 0..n {
        // The share of this search: half for the first of several, else an even part of what is left.
        let parts = if k == 0 && n > 1 { 2 } else { (n - k) as u32 };
        let mut each = opts.clone();
        each.limits.time = opts
            .limits
            .time
            .map(|t| t.saturating_sub(start.elapsed()) / parts);
        each.limits.nodes = opts
            .limits
            .nodes
            .map(|x| (x.saturating_sub(nodes_spent) / u64::from(parts)).max(1));
        let (found, moves) = search_among(pos, &left, &each, Instant::now(), true, Some(&tt));
        nodes_spent += found.nodes;
        let Some(best) = found.best else { break };
        lines.push(Line {
            moves,
            score: found.score,
            depth: found.depth,
        });
        let mut rest = MoveList::new();
        for c in left.iter().filter(|(m, _)| *m != best) {
            rest.push(*c);
        }
        left = rest;
    }
    lines
}

/// The expected line of the root move `first`, which leads to `after`, as the table `tt` holds it: each
/// position's stored best move, as long as there is one, the game goes on and no position repeats; at most
/// [`MAX_PLY`] moves.
fn line_from(first: Move, after: &Position, tt: &Table) -> Vec<Move> {
    let mut moves = vec![first];
    let mut at = *after;
    let mut seen = HashSet::new();
    while at.result().is_none() && moves.len() < MAX_PLY && seen.insert(zobrist::hash(&at)) {
        let Some(e) = tt.probe(zobrist::hash(&at)) else {
            break;
        };
        let Some(children) = at.children_within(LAP_BUDGET) else {
            break;
        };
        let Some((mv, next)) = children.get(usize::from(e.best)) else {
            break;
        };
        moves.push(*mv);
        at = *next;
    }
    moves
}

/// [`search`] over the root moves `children` of `pos` (all of them, or some: [`search_lines`]), started at
/// `start`. `exact`: search a lone move too (rather than answer it with the score 0), and give the expected
/// line after the move chosen (else only the move). `table`: the transposition table to use (else a new one).
fn search_among(
    pos: &Position,
    children: &MoveList<(Move, Position)>,
    opts: &Options,
    start: Instant,
    exact: bool,
    table: Option<&Table>,
) -> (SearchResult, Vec<Move>) {
    let mut result = SearchResult {
        best: None,
        score: -MATE,
        depth: 0,
        nodes: 1,
        elapsed: Duration::ZERO,
    };
    if pos.result().is_some() || children.is_empty() {
        result.elapsed = start.elapsed();
        return (result, Vec::new());
    }
    let me = pos.to_move();
    // Immediate wins and the fallback: no search needed to see these.
    if let Some((mv, _)) = children
        .iter()
        .find(|(_, c)| c.result().is_some_and(|r| r.winner == me))
    {
        result.best = Some(*mv);
        result.score = MATE - 1;
        result.depth = 1;
        result.elapsed = start.elapsed();
        return (result, vec![*mv]);
    }
    let fallback = children
        .iter()
        .position(|(_, c)| c.result().is_none())
        .unwrap_or(0);
    result.best = Some(children[fallback].0);
    if children.len() == 1 && !exact {
        result.score = 0;
        result.elapsed = start.elapsed();
        return (result, Vec::new());
    }

    let own;
    let tt = match table {
        Some(t) => t,
        None => {
            own = Table::new(opts.tt_bits);
            &own
        }
    };
    // The expected line after the move chosen, when asked for.
    let line = |found: &SearchResult| match (exact, found.best) {
        (true, Some(mv)) => match children.iter().find(|(m, _)| *m == mv) {
            Some((_, after)) => line_from(mv, after, tt),
            None => vec![mv],
        },
        _ => Vec::new(),
    };
    let threads = opts.threads.max(1);
    if threads == 1 {
        let mut s = Searcher::new(pos, opts, start, tt, None);
        s.deepen(pos, children, opts, 1, true, &mut result);
        result.nodes = s.nodes.max(1);
        result.elapsed = start.elapsed();
        let moves = line(&result);
        return (result, moves);
    }
    let shared = Shared {
        nodes: AtomicU64::new(0),
        stop: AtomicBool::new(false),
    };
    let shared = &shared;
    // Each thread's answer and node count, the main thread's first.
    let per_thread: Vec<(SearchResult, u64)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (1..threads)
            .filter_map(|id| {
                let first_depth = 1 + id % 2;
                let mut found = result.clone();
                std::thread::Builder::new()
                    .name(format!("bao-search-{id}"))
                    .stack_size(HELPER_STACK)
                    .spawn_scoped(scope, move || {
                        let mut s = Searcher::new(pos, opts, start, tt, Some(shared));
                        s.deepen(pos, children, opts, first_depth, false, &mut found);
                        (found, s.nodes)
                    })
                    // A helper that cannot be started is only a loss of speed.
                    .ok()
            })
            .collect();
        let mut s = Searcher::new(pos, opts, start, tt, Some(shared));
        s.deepen(pos, children, opts, 1, true, &mut result);
        shared.stop.store(true, Ordering::Relaxed);
        let mut out = vec![(result.clone(), s.nodes)];
        // A helper that panicked (it cannot: the search does not panic) would only lose its nodes.
        out.extend(handles.into_iter().filter_map(|h| h.join().ok()));
        out
    });
    // The main thread's answer, unless a helper finished a deeper iteration.
    let mut answer = per_thread[0].0.clone();
    for (found, _) in &per_thread[1..] {
        if found.depth > answer.depth {
            answer.best = found.best;
            answer.score = found.score;
            answer.depth = found.depth;
        }
    }
    answer.nodes = per_thread.iter().map(|h| h.1).sum::<u64>().max(1);
    answer.elapsed = start.elapsed();
    let moves = line(&answer);
    (answer, moves)
}

impl Searcher<'_> {
    /// The iterative deepening from `first_depth` on, over the root moves `children` of `pos`; `result`
    /// holds the answer so far and is updated after each iteration. `main`: this is the main thread (only
    /// it decides when the search is over).
    fn deepen(
        &mut self,
        pos: &Position,
        children: &MoveList<(Move, Position)>,
        opts: &Options,
        first_depth: u32,
        main: bool,
        result: &mut SearchResult,
    ) {
        let s = self;
        // Root moves, best first; reordered after each iteration by their scores.
        let (first_order, n) = s.order(pos, children, u8::MAX, 0, 2);
        let mut root: Vec<(u8, i32)> = first_order[..n].iter().map(|&i| (i, -INF)).collect();
        let max_depth = opts.limits.max_depth.clamp(1, (MAX_PLY / 2) as u32);
        for depth in first_depth.min(max_depth)..=max_depth {
            let d = depth as i32;
            // The window: around the last score with aspiration windows, else everything.
            let (mut lo, mut hi) = (-INF, INF);
            if opts.features.aspiration && depth >= 4 && result.score.abs() < MATE_BOUND {
                (lo, hi) = (result.score - ASPIRATION, result.score + ASPIRATION);
            }
            let mut iter_best: Option<(u8, i32)>;
            loop {
                let (mut alpha, beta) = (lo, hi);
                iter_best = None;
                #[allow(clippy::needless_range_loop)] // `root[k]` is written inside the loop
                for k in 0..root.len() {
                    let i = root[k].0;
                    let child = &children[i as usize].1;
                    let score = if k == 0 {
                        -s.search(child, d - 1, 1, -beta, -alpha)
                    } else {
                        let sc = -s.search(child, d - 1, 1, -alpha - 1, -alpha);
                        if sc > alpha && sc < beta && !s.stop {
                            -s.search(child, d - 1, 1, -beta, -alpha)
                        } else {
                            sc
                        }
                    };
                    if s.stop {
                        break;
                    }
                    root[k].1 = score;
                    if score > alpha {
                        alpha = score;
                        iter_best = Some((i, score));
                        if score >= beta {
                            break;
                        }
                    }
                }
                if s.stop {
                    break;
                }
                // Outside the window: search this depth again with the window open on that side.
                match iter_best {
                    None if lo > -INF => lo = -INF,
                    Some((_, sc)) if sc >= hi && hi < INF => hi = INF,
                    _ => break,
                }
                for r in &mut root {
                    r.1 = -INF;
                }
            }
            if let Some((i, sc)) = iter_best {
                // Also when the iteration was cut: the first move searched is the previous best, so a move
                // that finished with a higher score is a sound improvement.
                if !s.stop || k_first_done(&root) {
                    result.best = Some(children[i as usize].0);
                    result.score = sc;
                }
            }
            if s.stop {
                break;
            }
            result.depth = depth;
            result.nodes = s.nodes;
            // Best move first, the others by this iteration's (bounded) scores; stable for determinism.
            root.sort_by_key(|r| std::cmp::Reverse(r.1));
            if let Some(pos_best) = root
                .iter()
                .position(|r| Some(children[r.0 as usize].0) == result.best)
            {
                let r = root.remove(pos_best);
                root.insert(0, r);
            }
            for r in &mut root {
                r.1 = -INF;
            }
            // A forced win or loss within the horizon will not change with more depth.
            if result.score.abs() > MATE_BOUND && MATE - result.score.abs() <= d {
                break;
            }
            // An iteration takes several times as long as the previous one: do not start one that cannot end.
            // (Helpers go on until the main thread stops them: their deeper iterations still fill the table.)
            if let (Some(t), true) = (opts.limits.time, main) {
                if s.start.elapsed() * 2 > t {
                    break;
                }
            }
        }
    }
}

/// Whether the first root move of the running iteration got a score (it was searched to the end).
fn k_first_done(root: &[(u8, i32)]) -> bool {
    root.first().is_some_and(|r| r.1 > -INF)
}
