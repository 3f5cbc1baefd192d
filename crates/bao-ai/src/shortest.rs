//! The shortest proof of a forced win: the fewest plies in which the side to move at a root position wins
//! against every defence, and a proof that wins that fast (the proof compiled into this crate, so that
//! `hard` wins Bao la Kujifunza as fast as any play can).
//!
//! The question is the one [`crate::proof::Prover`] answers for puzzles ("does the attacker win within n of its
//! moves?", an AND/OR search over every legal move of both sides, no evaluation), asked with tables, so that
//! whole games are in reach: for each position of the attacker's, the fewest plies in which it is known to win
//! (with the move) and the most plies in which it is known not to. Both are exact and do not depend on the path
//! (a bound on plies needs no repetition rule: a line of play can only be as long as the bound), so every
//! answer from the tables is one the plain search would give. [`Shortest::prove`] deepens the bound two plies at
//! a time from 1, so the first bound that wins is the least: no win is shorter.
//!
//! [`df-pn`](crate::pns) finds *a* proof with far fewer positions (Kujifunza's in thousands, where this walks
//! some 3.4 million); this one costs half a minute once, and its proof is the one shipped.

use std::collections::HashMap;

use bao_core::{Move, MoveList, Position, Side};

/// Laps of relay sowing beyond each move's first 24 allowed when generating one position's moves (as in
/// [`crate::proof`]): a position whose moves take longer to tell apart counts as not won.
const LAP_BUDGET: u64 = 1_000_000;

/// The search ran out of positions (its budget) before it could answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfBudget;

/// A search for the shortest forced win, with its tables (see the module docs).
pub struct Shortest {
    /// Positions of the attacker's known to win: the fewest plies known, and the move that does it.
    wins: HashMap<Position, (u32, Move)>,
    /// Positions of the attacker's known not to win within this many plies.
    fails: HashMap<Position, u32>,
    /// Positions expanded (one move generation each) so far.
    pub nodes: u64,
    /// Positions the search may expand in all.
    pub max_nodes: u64,
}

impl Shortest {
    /// A search that may expand `max_nodes` positions in all.
    pub fn new(max_nodes: u64) -> Shortest {
        Shortest {
            wins: HashMap::new(),
            fails: HashMap::new(),
            nodes: 0,
            max_nodes,
        }
    }

    /// Positions in the tables.
    pub fn table_len(&self) -> usize {
        self.wins.len() + self.fails.len()
    }

    /// The fewest plies (at most `max_plies`) in which the side to move at `root` wins against every defence,
    /// or `None` when it does not within `max_plies`. Calls `progress` after each bound with the bound, whether it
    /// won, and the positions expanded and tabled so far.
    pub fn prove(
        &mut self,
        root: &Position,
        max_plies: u32,
        mut progress: impl FnMut(u32, bool, u64, usize),
    ) -> Result<Option<u32>, OutOfBudget> {
        let attacker = root.to_move();
        // The attacker moves at odd plies: a win takes an odd number of them.
        for bound in (1..=max_plies).step_by(2) {
            let won = self.wins_within(root, attacker, bound)?;
            progress(bound, won, self.nodes, self.table_len());
            if won {
                return Ok(Some(bound));
            }
        }
        Ok(None)
    }

    /// The proof below `root` once [`Shortest::prove`] has won there: each position of the attacker's the walk
    /// meets, with its move. Every move's replies lead to positions that win in fewer plies, so the proof has no
    /// cycle and its longest line is the bound that won.
    pub fn proof(&self, root: &Position) -> Option<HashMap<Position, Move>> {
        let mut out = HashMap::new();
        let mut todo = vec![*root];
        while let Some(pos) = todo.pop() {
            if out.contains_key(&pos) {
                continue;
            }
            let (_, mv) = self.wins.get(&pos)?;
            out.insert(pos, *mv);
            let (after, _) = pos.play(*mv).ok()?;
            if after.result().is_some() {
                continue;
            }
            for (_, g) in after.children_within(LAP_BUDGET)? {
                if g.result().is_none() {
                    todo.push(g);
                }
            }
        }
        Some(out)
    }

    /// The legal moves of `pos` with their positions, counted against the budget; `None` when they cannot be
    /// told apart within the lap budget.
    fn children(
        &mut self,
        pos: &Position,
    ) -> Result<Option<MoveList<(Move, Position)>>, OutOfBudget> {
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            return Err(OutOfBudget);
        }
        Ok(pos.children_within(LAP_BUDGET))
    }

    /// Whether `attacker`, to move at `pos`, wins within `plies` plies (its move counted) against every defence.
    fn wins_within(
        &mut self,
        pos: &Position,
        attacker: Side,
        plies: u32,
    ) -> Result<bool, OutOfBudget> {
        if self.wins.get(pos).is_some_and(|(w, _)| *w <= plies) {
            return Ok(true);
        }
        if plies == 0 || self.fails.get(pos).is_some_and(|f| *f >= plies) {
            return Ok(false);
        }
        let Some(kids) = self.children(pos)? else {
            return Ok(false);
        };
        // A win at once needs no further walk.
        if let Some((mv, _)) = kids
            .iter()
            .find(|(_, c)| c.result().is_some_and(|r| r.winner == attacker))
        {
            self.wins.insert(*pos, (1, *mv));
            return Ok(true);
        }
        // Then every other move (with one ply left, a move after which the defender cannot move still wins).
        for (mv, c) in &kids {
            if c.result().is_some() {
                continue;
            }
            if let Some(longest) = self.every_reply_loses(c, attacker, plies - 1)? {
                self.wins.insert(*pos, (longest + 1, *mv));
                return Ok(true);
            }
        }
        self.fails.insert(*pos, plies);
        Ok(false)
    }

    /// Whether every move of the defender, to move at `pos`, loses to `attacker` within `plies` plies (the
    /// defender's move counted): the most plies any of them takes, or `None`. A defender without a legal move
    /// has lost already.
    fn every_reply_loses(
        &mut self,
        pos: &Position,
        attacker: Side,
        plies: u32,
    ) -> Result<Option<u32>, OutOfBudget> {
        let Some(kids) = self.children(pos)? else {
            return Ok(None);
        };
        if kids.is_empty() {
            return Ok(Some(0));
        }
        if plies == 0 {
            return Ok(None);
        }
        // A reply that ends the game decides it: look at those first.
        if kids
            .iter()
            .any(|(_, g)| g.result().is_some_and(|r| r.winner != attacker))
        {
            return Ok(None);
        }
        let mut longest = 0;
        for (_, g) in &kids {
            if g.result().is_some() {
                longest = longest.max(1);
                continue;
            }
            if plies < 2 || !self.wins_within(g, attacker, plies - 1)? {
                return Ok(None);
            }
            let w = self.wins.get(g).map_or(plies - 1, |(w, _)| *w);
            longest = longest.max(w + 1);
        }
        Ok(Some(longest))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::proof::Prover;
    use crate::proof_check;
    use crate::rng::Rng;
    use bao_core::Variant;

    /// Positions from random games of every variant, the attacker to move.
    fn positions(count: usize) -> Vec<Position> {
        let mut rng = Rng::new(7);
        let mut out = Vec::new();
        let variants = [Variant::Kujifunza, Variant::Kiswahili, Variant::Kimasai];
        while out.len() < count {
            let mut p = Position::new(variants[out.len() % variants.len()]);
            let plies = 10 + rng.below(60) as usize;
            for _ in 0..plies {
                let moves = p.legal_moves();
                if p.result().is_some() || moves.is_empty() {
                    break;
                }
                p = p
                    .play(moves[rng.below(moves.len() as u64) as usize])
                    .unwrap()
                    .0;
            }
            if p.result().is_none() {
                out.push(p);
            }
        }
        out
    }

    /// The tables change nothing: on positions from random games the fewest plies agree with the plain
    /// search of the puzzles (which counts the attacker's moves: n of them are 2n - 1 plies), and every
    /// proof found checks.
    #[test]
    fn agrees_with_the_plain_search_and_its_proofs_check() {
        let mut won = 0;
        for pos in positions(200) {
            let mut plain = Prover::new(5_000_000);
            let Ok(moves) = plain.distance(&pos, pos.to_move(), 3) else {
                continue;
            };
            let mut s = Shortest::new(5_000_000);
            let plies = s.prove(&pos, 5, |_, _, _, _| {}).unwrap();
            assert_eq!(plies, moves.map(|n| 2 * n - 1), "{}", pos.to_json());
            if let Some(plies) = plies {
                won += 1;
                let proof = s.proof(&pos).unwrap();
                let report = proof_check::check(&pos, &proof).unwrap();
                assert_eq!(report.depth, plies, "{}", pos.to_json());
            }
        }
        assert!(
            won >= 15,
            "only {won} positions won within 5 plies: the test sees too few wins"
        );
    }

    #[test]
    fn a_tiny_budget_runs_out() {
        let mut s = Shortest::new(3);
        assert_eq!(
            s.prove(&Position::new(Variant::Kujifunza), 21, |_, _, _, _| {}),
            Err(OutOfBudget)
        );
    }
}
