//! A depth-first proof-number search (df-pn, Nagai 2002) that proves a forced win for the side to move at a
//! root position, by the rules alone: every leaf of a proof is a game won (a front row emptied, or the
//! defender left without a legal move), never a score.
//!
//! - **Transposition table keyed by the whole position.** The table is a `HashMap<Position, _>`: a hit is an
//!   equal position, never a hash collision, so a stored proof is always the proof of that position.
//! - **Repetitions.** A position on the current path counts as *not won* by the attacker (a repetition can
//!   only help the defender: the game could go round in circles until it is drawn). So every proof is built
//!   from proofs finished before it and has no cycle. A disproof found this way may depend on the path (the
//!   graph-history interaction): it can make the search miss a proof, never claim a false one, and the
//!   proof is checked afterwards by [`crate::proof_check`] anyway.
//! - **Depths.** A proven position remembers the plies its proof needs at most: 0 for a game won, 1 + the
//!   least over the proven children where the attacker moves, 1 + the most over all children where the
//!   defender moves. A child proven after its parent can only be deeper than the parent if its proof uses
//!   the parent, so [`Pns::proof`] follows strictly shallower children only: the proof it extracts is a
//!   DAG, and the attacker's moves in it are the fastest wins the table knows.

use std::collections::{HashMap, HashSet};

use bao_core::{Move, MoveList, Position, Side};

/// Laps of relay sowing beyond each move's first 24 allowed when generating one position's moves (as in
/// [`crate::proof`]): a position whose moves take longer to tell apart counts as not won.
const LAP_BUDGET: u64 = 1_000_000;

/// Infinity for proof and disproof numbers.
const INF: u64 = 1 << 48;

/// What the table knows of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Entry {
    /// Proof number: 0 when proven.
    pn: u64,
    /// Disproof number: 0 when disproven (not a forced win).
    dn: u64,
    /// Plies of the proof, once proven.
    depth: u16,
}

impl Entry {
    const NEW: Entry = Entry {
        pn: 1,
        dn: 1,
        depth: 0,
    };
    const WON: Entry = Entry {
        pn: 0,
        dn: INF,
        depth: 0,
    };
    const LOST: Entry = Entry {
        pn: INF,
        dn: 0,
        depth: 0,
    };
}

/// How a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The attacker wins by force; the depth of the proof in plies.
    Proven(u16),
    /// The search showed (perhaps through a repetition on its path) that it cannot prove a win.
    Disproven,
    /// The node budget ran out first.
    Unknown,
}

/// A df-pn prover for the side to move at a root.
pub struct Pns {
    attacker: Side,
    table: HashMap<Position, Entry>,
    path: HashSet<Position>,
    /// Positions expanded (one move generation each).
    pub nodes: u64,
    max_nodes: u64,
}

impl Pns {
    /// A prover that expands at most `max_nodes` positions.
    pub fn new(max_nodes: u64) -> Pns {
        Pns {
            attacker: Side::South,
            table: HashMap::new(),
            path: HashSet::new(),
            nodes: 0,
            max_nodes,
        }
    }

    /// Positions in the table.
    pub fn table_len(&self) -> usize {
        self.table.len()
    }

    /// Tries to prove that the side to move at `root` wins by force.
    pub fn prove(&mut self, root: &Position) -> Outcome {
        self.prove_for(root, root.to_move())
    }

    /// Tries to prove that `attacker` wins by force from `root`, whoever is to move there.
    pub fn prove_for(&mut self, root: &Position, attacker: Side) -> Outcome {
        self.attacker = attacker;
        self.path.clear();
        let e = self.mid(root, INF - 1, INF - 1);
        if e.pn == 0 {
            Outcome::Proven(e.depth)
        } else if e.dn == 0 {
            Outcome::Disproven
        } else {
            Outcome::Unknown
        }
    }

    /// What the table says of a child `c` of a node being searched (`c` not expanded there).
    fn look(&self, c: &Position) -> Entry {
        if let Some(r) = c.result() {
            return if r.winner == self.attacker {
                Entry::WON
            } else {
                Entry::LOST
            };
        }
        if self.path.contains(c) {
            return Entry::LOST;
        }
        self.table.get(c).copied().unwrap_or(Entry::NEW)
    }

    /// The legal moves of `pos` with their positions, or `None` when they take too long to tell apart.
    fn children(&mut self, pos: &Position) -> Option<MoveList<(Move, Position)>> {
        self.nodes += 1;
        pos.children_within(LAP_BUDGET)
    }

    /// The multiple iterative deepening step of df-pn: searches `pos` until its proof number reaches `thpn`
    /// or its disproof number `thdn` (or it is decided), and returns (and stores) what it found.
    fn mid(&mut self, pos: &Position, thpn: u64, thdn: u64) -> Entry {
        let or_node = pos.to_move() == self.attacker;
        let Some(kids) = self.children(pos) else {
            self.table.insert(*pos, Entry::LOST);
            return Entry::LOST;
        };
        if kids.is_empty() {
            // The side to move cannot move and loses.
            let e = if or_node { Entry::LOST } else { Entry::WON };
            self.table.insert(*pos, e);
            return e;
        }
        self.path.insert(*pos);
        let mut e;
        loop {
            let vals: MoveList<Entry> = kids.iter().map(|(_, c)| self.look(c)).collect();
            e = combine(or_node, &vals);
            if e.pn >= thpn
                || e.dn >= thdn
                || e.pn == 0
                || e.dn == 0
                || self.nodes >= self.max_nodes
            {
                break;
            }
            // The most promising child and the second best value, for its thresholds.
            let (best, second) = select(or_node, &vals);
            let c = vals[best];
            let (cpn, cdn) = if or_node {
                (
                    thpn.min(second.saturating_add(1)),
                    (thdn - e.dn).saturating_add(c.dn).min(INF - 1),
                )
            } else {
                (
                    (thpn - e.pn).saturating_add(c.pn).min(INF - 1),
                    thdn.min(second.saturating_add(1)),
                )
            };
            let child = kids[best].1;
            self.mid(&child, cpn, cdn);
        }
        self.path.remove(pos);
        // A proven entry never changes (the depths of later proofs rest on it).
        if self.table.get(pos).is_none_or(|old| old.pn != 0) {
            self.table.insert(*pos, e);
        }
        e
    }

    /// The stored depth of a proven position (a won game is 0), or `None` when it is not proven.
    fn proven_depth(&self, pos: &Position) -> Option<u16> {
        if let Some(r) = pos.result() {
            return (r.winner == self.attacker).then_some(0);
        }
        self.table.get(pos).filter(|e| e.pn == 0).map(|e| e.depth)
    }

    /// The proof below a proven root: for each position of the attacker's in it, the move to play (the
    /// proven child of least depth, always shallower than the position itself). `None` when the root is
    /// not proven. Every defender move of the proof leads to a won game or to a position of the map.
    pub fn proof(&self, root: &Position) -> Option<HashMap<Position, Move>> {
        self.proven_depth(root)?;
        let mut out: HashMap<Position, Move> = HashMap::new();
        let mut todo = vec![*root];
        while let Some(pos) = todo.pop() {
            if pos.result().is_some() || out.contains_key(&pos) {
                continue;
            }
            let here = self.proven_depth(&pos)?;
            let kids = pos.children_within(LAP_BUDGET)?;
            let (mv, child) = kids
                .iter()
                .filter_map(|(m, c)| {
                    let d = self.proven_depth(c)?;
                    (d < here).then_some((d, *m, *c))
                })
                .min_by_key(|(d, _, _)| *d)
                .map(|(_, m, c)| (m, c))?;
            out.insert(pos, mv);
            if child.result().is_some() {
                continue;
            }
            for (_, g) in child.children_within(LAP_BUDGET)? {
                if g.result().is_none() {
                    todo.push(g);
                }
            }
        }
        Some(out)
    }
}

/// The proof and disproof numbers of a node from its children's (`or_node`: the attacker moves), with the
/// depth when it is proven.
fn combine(or_node: bool, vals: &[Entry]) -> Entry {
    let min_pn = vals.iter().map(|v| v.pn).min().unwrap_or(INF);
    let min_dn = vals.iter().map(|v| v.dn).min().unwrap_or(INF);
    let sum = |f: fn(&Entry) -> u64| {
        vals.iter()
            .map(f)
            .fold(0u64, |a, b| a.saturating_add(b))
            .min(INF)
    };
    if or_node {
        let pn = min_pn;
        let dn = sum(|v| v.dn);
        let depth = if pn == 0 {
            1 + vals
                .iter()
                .filter(|v| v.pn == 0)
                .map(|v| v.depth)
                .min()
                .unwrap_or(0)
        } else {
            0
        };
        Entry { pn, dn, depth }
    } else {
        let pn = sum(|v| v.pn);
        let dn = min_dn;
        let depth = if pn == 0 {
            1 + vals.iter().map(|v| v.depth).max().unwrap_or(0)
        } else {
            0
        };
        Entry { pn, dn, depth }
    }
}

/// The index of the child to search next (least proof number at an attacker's node, least disproof number
/// at a defender's; the first in move order on ties) and the second least value.
fn select(or_node: bool, vals: &[Entry]) -> (usize, u64) {
    let key = |v: &Entry| if or_node { v.pn } else { v.dn };
    let mut best = 0;
    let mut second = INF;
    for (i, v) in vals.iter().enumerate().skip(1) {
        let k = key(v);
        if k < key(&vals[best]) {
            second = key(&vals[best]);
            best = i;
        } else if k < second {
            second = k;
        }
    }
    (best, second)
}

#[cfg(test)]
mod tests {
    use super::*;
    use bao_core::Variant;

    /// A won position one move from the end: proven at depth 1 with the winning move.
    #[test]
    fn a_win_in_one_is_proven_at_depth_one() {
        let pos = Position::from_json(
            r#"{"variant":"kujifunza","to_move":"south",
            "south":{"front":[0,1,5,7,9,4,7,1],"back":[3,3,0,3,3,0,1,0],"hand":0,"house":false},
            "north":{"front":[0,0,0,0,1,2,0,0],"back":[0,3,3,0,3,3,1,1],"hand":0,"house":false},
            "takasia":null,"result":null}"#,
        )
        .unwrap();
        let mut p = Pns::new(1_000);
        assert_eq!(p.prove(&pos), Outcome::Proven(1));
        let proof = p.proof(&pos).unwrap();
        assert_eq!(proof.len(), 1);
        assert_eq!(proof[&pos], "B1L".parse().unwrap());
    }

    #[test]
    fn a_tiny_budget_proves_nothing() {
        let mut p = Pns::new(3);
        assert_eq!(
            p.prove(&Position::new(Variant::Kujifunza)),
            Outcome::Unknown
        );
        assert!(p.proof(&Position::new(Variant::Kujifunza)).is_none());
    }
}
