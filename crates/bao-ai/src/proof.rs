//! Exhaustive proofs of forced wins, for puzzles: an AND/OR search over every legal move of both sides to a
//! fixed depth. Unlike [`crate::search`] nothing here is heuristic: no evaluation, no pruning by score, no
//! time limit, so "wins" means "wins against every defence".
//!
//! A *win* is the game over with the attacker (the side to move at the start) as the winner: a front row
//! emptied, or the defender left without a legal move. Depths count the attacker's moves: a win "within 2"
//! is at most attacker, defender, attacker.
//!
//! A proof walks at most [`Prover::max_nodes`] positions (each one move generation) and answers
//! [`Unproved`] beyond, like a position whose moves cannot be told apart within a lap budget: a proof never
//! runs away on one odd position.

use bao_core::{Move, MoveList, Position, Side};

/// Laps of relay sowing beyond each move's first 24 allowed when generating one position's moves (the
/// server's analysis uses the same bound): ordinary positions need none.
const LAP_BUDGET: u64 = 1_000_000;

/// A proof gave up: it walked more positions than allowed, or met a position whose moves take too long to
/// generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unproved;

/// The result of a proof step: `Err(Unproved)` when it gave up.
pub type Proved<T> = Result<T, Unproved>;

/// An exhaustive prover with a budget of positions.
#[derive(Clone, Debug)]
pub struct Prover {
    /// Positions (move generations) the prover may still walk.
    pub max_nodes: u64,
    /// Positions walked so far.
    pub nodes: u64,
}

impl Prover {
    /// A prover that may walk `max_nodes` positions in all.
    pub fn new(max_nodes: u64) -> Prover {
        Prover {
            max_nodes,
            nodes: 0,
        }
    }

    /// The legal moves of `pos` with their positions, counted against the budget.
    fn children(&mut self, pos: &Position) -> Proved<MoveList<(Move, Position)>> {
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            return Err(Unproved);
        }
        pos.children_within(LAP_BUDGET).ok_or(Unproved)
    }

    /// Whether the side to move at `pos` forces a win within `n` of its moves.
    pub fn wins_within(&mut self, pos: &Position, n: u32) -> Proved<bool> {
        if n == 0 || pos.result().is_some() {
            return Ok(false);
        }
        let me = pos.to_move();
        let kids = self.children(pos)?;
        // Wins at once first: they need no further walk.
        if kids.iter().any(|(_, c)| won_by(c, me)) {
            return Ok(true);
        }
        for (_, c) in &kids {
            if c.result().is_none() && self.all_replies_lose(c, me, n - 1)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Whether playing `mv`'s result `child` wins for `attacker` within `n` attacker moves in all (this one
    /// included).
    pub fn move_wins_within(&mut self, child: &Position, attacker: Side, n: u32) -> Proved<bool> {
        if let Some(r) = child.result() {
            return Ok(r.winner == attacker);
        }
        self.all_replies_lose(child, attacker, n.saturating_sub(1))
    }

    /// Whether every move of the defender (to move at `pos`) loses to `attacker` within `n` attacker moves:
    /// true at once when the defender has no legal move.
    pub fn all_replies_lose(&mut self, pos: &Position, attacker: Side, n: u32) -> Proved<bool> {
        let kids = self.children(pos)?;
        if kids.is_empty() {
            return Ok(true);
        }
        if n == 0 {
            return Ok(false);
        }
        // A reply that ends the game always decides it; look at those before searching deeper.
        for (_, r) in &kids {
            if let Some(res) = r.result() {
                if res.winner != attacker {
                    return Ok(false);
                }
            }
        }
        for (_, r) in &kids {
            if r.result().is_none() && !self.wins_within(r, n)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// The fewest attacker moves (at most `n`) in which the side to move at `pos` forces a win, 0 when the
    /// game is already won by it, `None` when it cannot within `n`.
    pub fn distance(&mut self, pos: &Position, attacker: Side, n: u32) -> Proved<Option<u32>> {
        if let Some(r) = pos.result() {
            return Ok((r.winner == attacker).then_some(0));
        }
        for k in 1..=n {
            if self.wins_within(pos, k)? {
                return Ok(Some(k));
            }
        }
        Ok(None)
    }

    /// The moves of the side to move at `pos` that force a win within `n` of its moves.
    pub fn winning_moves(&mut self, pos: &Position, n: u32) -> Proved<Vec<Move>> {
        let me = pos.to_move();
        let mut out = Vec::new();
        for (mv, c) in self.children(pos)? {
            if self.move_wins_within(&c, me, n)? {
                out.push(mv);
            }
        }
        Ok(out)
    }

    /// The fewest attacker moves (after the defender's move) in which `attacker` wins from `pos`, the
    /// defender to move: the defender's resistance. 0 when the defender has no legal move.
    fn resistance(&mut self, pos: &Position, attacker: Side, n: u32) -> Proved<Option<u32>> {
        if self.children(pos)?.is_empty() {
            return Ok(Some(0));
        }
        for k in 1..=n {
            if self.all_replies_lose(pos, attacker, k)? {
                return Ok(Some(k));
            }
        }
        Ok(None)
    }

    /// A puzzle at `pos`: when exactly one move of the side to move forces a win within `max_depth` of its
    /// moves (at the fewest moves that win at all, every other move failing within as many), the main line
    /// (its moves and the defender's longest resistance, alternating) and its depth. Every later move of
    /// the winner on that line must be the only one that still wins within the moves left, so the line is
    /// the one answer at each step. `None` when there is no such win, and when the side to move has only
    /// one legal move ([`forced`]): a move with no choice is no puzzle.
    pub fn puzzle(&mut self, pos: &Position, max_depth: u32) -> Proved<Option<(Vec<Move>, u32)>> {
        if pos.result().is_some() || forced(pos) {
            return Ok(None);
        }
        let attacker = pos.to_move();
        let Some(depth) = self.distance(pos, attacker, max_depth)? else {
            return Ok(None);
        };
        let mut line = Vec::new();
        let mut at = *pos;
        let mut left = depth;
        loop {
            let winners = self.winning_moves(&at, left)?;
            let [mv] = winners[..] else {
                return Ok(None);
            };
            line.push(mv);
            at = at.play_unchecked(mv).ok_or(Unproved)?;
            left -= 1;
            if at.result().is_some() {
                break;
            }
            // The defender's longest resistance: the reply after which the win takes the most moves; the
            // first such reply in move order, so that mining is deterministic.
            let mut best: Option<(u32, Move, Position)> = None;
            let kids = self.children(&at)?;
            if kids.is_empty() {
                break;
            }
            for (reply, r) in kids {
                let d = self.distance(&r, attacker, left)?.ok_or(Unproved)?;
                if best.is_none_or(|(b, _, _)| d > b) {
                    best = Some((d, reply, r));
                }
            }
            let Some((_, reply, r)) = best else { break };
            line.push(reply);
            at = r;
            if at.result().is_some() {
                break;
            }
        }
        Ok(Some((line, depth)))
    }

    /// Checks a puzzle from scratch: the side to move at `pos` has more than one legal move, `line` is the
    /// only win within `depth` attacker moves at each of the attacker's steps, each defender reply is legal
    /// and resists longest, and the line ends with the game won by the side to move at `pos`. The error says
    /// what is wrong.
    pub fn check(&mut self, pos: &Position, line: &[Move], depth: u32) -> Result<(), String> {
        if forced(pos) {
            return Err("the first move is forced: the only legal move".into());
        }
        let attacker = pos.to_move();
        let gave_up = |_: Unproved| "the proof gave up (budget)".to_owned();
        let mut at = *pos;
        let mut left = depth;
        for (i, mv) in line.iter().enumerate() {
            let kids = self.children(&at).map_err(gave_up)?;
            let Some((_, next)) = kids.iter().find(|(m, _)| m == mv) else {
                return Err(format!("move {} ({mv}) is not legal", i + 1));
            };
            if at.to_move() == attacker {
                let winners = self.winning_moves(&at, left).map_err(gave_up)?;
                if winners != [*mv] {
                    return Err(format!(
                        "move {} ({mv}): the moves winning within {left} are {winners:?}",
                        i + 1
                    ));
                }
                left -= 1;
            } else {
                let here = self.resistance(&at, attacker, left).map_err(gave_up)?;
                let this = self.distance(next, attacker, left).map_err(gave_up)?;
                if here.is_none() || this != here {
                    return Err(format!(
                        "move {} ({mv}) resists {this:?} moves, the longest resistance is {here:?}",
                        i + 1
                    ));
                }
            }
            at = *next;
        }
        let over = match at.result() {
            Some(r) => r.winner == attacker,
            None => self.children(&at).map_err(gave_up)?.is_empty() && at.to_move() != attacker,
        };
        if over {
            Ok(())
        } else {
            Err("the line does not end with the game won".into())
        }
    }
}

/// Whether the side to move at `pos` has fewer than two distinct legal moves (bao-core's): no choice, so no
/// puzzle. False when its moves cannot be told apart within the lap budget (a proof gives up there anyway).
pub fn forced(pos: &Position) -> bool {
    pos.children_within(LAP_BUDGET)
        .is_some_and(|kids| kids.iter().all(|(m, _)| *m == kids[0].0))
}

/// Whether `pos` is a game over won by `side` (as recorded; "no legal move" is found by the caller).
fn won_by(pos: &Position, side: Side) -> bool {
    pos.result().is_some_and(|r| r.winner == side)
}

#[cfg(test)]
mod tests {
    use super::*;
    use bao_core::Variant;

    #[test]
    fn the_start_has_no_forced_win_in_two() {
        for v in [Variant::Kiswahili, Variant::Kimasai] {
            let mut p = Prover::new(1_000_000);
            assert_eq!(p.wins_within(&Position::new(v), 1), Ok(false));
        }
    }

    /// `kujifunza-0032` of the first puzzle file: the one legal move wins at once, which is no puzzle.
    #[test]
    fn a_forced_move_is_no_puzzle() {
        let pos = Position::from_json(
            r#"{"variant":"kujifunza","to_move":"south",
            "south":{"front":[0,1,5,7,9,4,7,1],"back":[3,3,0,3,3,0,1,0],"hand":0,"house":false},
            "north":{"front":[0,0,0,0,1,2,0,0],"back":[0,3,3,0,3,3,1,1],"hand":0,"house":false},
            "takasia":null,"result":null}"#,
        )
        .unwrap();
        let only: Move = "B1L".parse().unwrap();
        assert_eq!(pos.legal_moves()[..], [only]);
        assert!(forced(&pos));
        assert!(!forced(&Position::new(Variant::Kujifunza)));
        let mut p = Prover::new(1_000_000);
        assert_eq!(p.winning_moves(&pos, 1), Ok(vec![only]));
        assert_eq!(p.puzzle(&pos, 3), Ok(None));
        assert!(p.check(&pos, &[only], 1).unwrap_err().contains("forced"));
    }

    #[test]
    fn a_tiny_budget_gives_up() {
        let mut p = Prover::new(1);
        assert_eq!(
            p.wins_within(&Position::new(Variant::Kiswahili), 2),
            Err(Unproved)
        );
    }
}
