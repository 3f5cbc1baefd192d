//! The checker of a proof file (spec/position.md, `bao prove kujifunza --check`): small on purpose, and
//! independent of the search that builds proofs. It uses bao-core's [`Position::legal_moves`] and
//! [`Position::play`] and a hash map, nothing else of this crate.
//!
//! A proof is a map from positions where the attacker (the side to move at the first position) moves to the
//! move it plays. It holds when, from the first position, each move given is legal and leads to a game the
//! attacker has won or to a position of the defender's each of whose legal moves leads to a won game or to a
//! position of the map, and no line of play through the map comes back to a position it passed.

use std::collections::HashMap;
use std::fmt;
use std::hash::Hash;

use bao_core::{Move, Position, Side};

/// Why a file is not a proof, with the position that breaks it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckError {
    /// The position where the proof breaks (JSON of spec/position.md).
    pub position: Position,
    /// What is wrong there.
    pub reason: String,
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at {}", self.reason, self.position.to_json())
    }
}

impl std::error::Error for CheckError {}

/// What a successful check saw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckReport {
    /// Positions of the attacker's reached from the first position (each checked once).
    pub positions: usize,
    /// Positions of the defender's whose every legal move was played.
    pub replies: usize,
    /// The most plies of any line of play through the proof to a won game.
    pub depth: u32,
}

/// Where a position of the map stands in the walk.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mark {
    /// On the current line of play.
    Open,
    /// Checked, with the most plies from it to a won game.
    Done(u32),
}

/// The little the walk asks of a game: who moves, the legal moves, where a move leads, who has won. bao-core's
/// [`Position`] is the game of every real proof; the tests also walk a small made-up game, which can have the
/// cycles that no reachable Bao position was found to have (a search of thousands of random games found none).
trait Game: Copy + Eq + Hash {
    type Move: Copy + fmt::Display;
    fn side(&self) -> Side;
    fn moves(&self) -> Vec<Self::Move>;
    fn after(&self, mv: Self::Move) -> Result<Self, String>;
    fn winner(&self) -> Option<Side>;
}

impl Game for Position {
    type Move = Move;
    fn side(&self) -> Side {
        self.to_move()
    }
    fn moves(&self) -> Vec<Move> {
        self.legal_moves().into_iter().collect()
    }
    fn after(&self, mv: Move) -> Result<Position, String> {
        self.play(mv).map(|(p, _)| p).map_err(|e| e.to_string())
    }
    fn winner(&self) -> Option<Side> {
        self.result().map(|r| r.winner)
    }
}

/// Checks that `proof` proves a win for the side to move at `first` (see the module docs).
pub fn check(first: &Position, proof: &HashMap<Position, Move>) -> Result<CheckReport, CheckError> {
    walk(first, proof).map_err(|(position, reason)| CheckError { position, reason })
}

/// [`check`] for any [`Game`]: the error is the position where the proof breaks and why.
fn walk<G: Game>(first: &G, proof: &HashMap<G, G::Move>) -> Result<CheckReport, (G, String)> {
    let attacker = first.side();
    let err = |p: &G, reason: String| (*p, reason);
    let mut marks: HashMap<G, Mark> = HashMap::new();
    let mut replies = 0usize;
    // The walk's stack: an attacker's position and the positions its move leaves to check after the
    // defender's replies, with the most plies found below it so far. Iterative, so that a long file cannot
    // overflow the stack.
    struct Frame<G> {
        pos: G,
        next: Vec<G>,
        depth: u32,
    }
    let open = |pos: &G, replies: &mut usize| -> Result<Frame<G>, (G, String)> {
        if pos.side() != attacker {
            return Err(err(pos, "not the attacker's move".into()));
        }
        let Some(mv) = proof.get(pos) else {
            return Err(err(pos, "a position of the proof without a line".into()));
        };
        let after = pos
            .after(*mv)
            .map_err(|e| err(pos, format!("the move {mv} is not legal: {e}")))?;
        if let Some(winner) = after.winner() {
            if winner == attacker {
                return Ok(Frame {
                    pos: *pos,
                    next: Vec::new(),
                    depth: 1,
                });
            }
            return Err(err(pos, format!("the move {mv} loses")));
        }
        *replies += 1;
        let mut next = Vec::new();
        for reply in after.moves() {
            let g = after
                .after(reply)
                .map_err(|e| err(&after, format!("the reply {reply} does not play: {e}")))?;
            match g.winner() {
                Some(w) if w == attacker => {}
                Some(_) => {
                    return Err(err(
                        pos,
                        format!("after {mv} the reply {reply} wins for the defender"),
                    ))
                }
                None => next.push(g),
            }
        }
        Ok(Frame {
            pos: *pos,
            next,
            depth: 2,
        })
    };
    let mut stack: Vec<Frame<G>> = Vec::new();
    marks.insert(*first, Mark::Open);
    stack.push(open(first, &mut replies)?);
    while let Some(top) = stack.last_mut() {
        let Some(g) = top.next.pop() else {
            let done = stack.pop().map(|f| (f.pos, f.depth));
            if let Some((pos, depth)) = done {
                marks.insert(pos, Mark::Done(depth));
                if let Some(parent) = stack.last_mut() {
                    parent.depth = parent.depth.max(depth + 2);
                }
            }
            continue;
        };
        match marks.get(&g) {
            Some(Mark::Open) => {
                return Err(err(&g, "a cycle: the line of play comes back here".into()))
            }
            Some(Mark::Done(d)) => top.depth = top.depth.max(d + 2),
            None => {
                marks.insert(g, Mark::Open);
                let frame = open(&g, &mut replies)?;
                stack.push(frame);
            }
        }
    }
    let depth = match marks.get(first) {
        Some(Mark::Done(d)) => *d,
        _ => 0,
    };
    Ok(CheckReport {
        positions: marks.len(),
        replies,
        depth,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use bao_core::Variant;

    #[test]
    fn an_empty_proof_names_the_first_position() {
        let start = Position::new(Variant::Kujifunza);
        let e = check(&start, &HashMap::new()).unwrap_err();
        assert_eq!(e.position, start);
        assert!(e.reason.contains("without a line"), "{e}");
    }
}

#[cfg(test)]
mod broken {
    use super::*;
    use bao_core::Variant;

    fn proof() -> (Position, HashMap<Position, Move>) {
        let s = crate::solved::builtin(Variant::Kujifunza).expect("the compiled-in proof");
        (Position::new(Variant::Kujifunza), s.to_map())
    }

    #[test]
    fn the_proof_checks() {
        let (start, p) = proof();
        assert!(check(&start, &p).is_ok());
    }

    #[test]
    fn a_wrong_move_breaks_it() {
        let (start, mut p) = proof();
        let good = p[&start];
        // Some other legal move of the start: its line of play is not covered, or it loses.
        let other = start
            .legal_moves()
            .into_iter()
            .find(|m| *m != good)
            .unwrap();
        p.insert(start, other);
        assert!(check(&start, &p).is_err());
        // An illegal move.
        p.insert(start, "B8L".parse().unwrap());
        let e = check(&start, &p).unwrap_err();
        assert_eq!(e.position, start);
        assert!(e.reason.contains("not legal"), "{e}");
    }

    #[test]
    fn a_missing_north_reply_breaks_it() {
        let (start, mut p) = proof();
        // Drop a position reached after a North reply: the check names it.
        let after = start.play(p[&start]).unwrap().0;
        let g = after
            .children_settled()
            .into_iter()
            .map(|(_, g)| g)
            .find(|g| g.result().is_none())
            .unwrap();
        p.remove(&g);
        let e = check(&start, &p).unwrap_err();
        assert_eq!(e.position, g);
        assert!(e.reason.contains("without a line"), "{e}");
    }
}

/// The walk itself on a made-up game, where cycles and transpositions are easy to draw.
#[cfg(test)]
mod walk {
    use super::*;

    /// A state of a made-up game: even numbers are South's to move, odd ones North's; 100 is won by South, 101 by
    /// North. A move is the state it leads to, along the edges of [`EDGES`].
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    struct Toy(u8);

    const EDGES: &[(u8, u8)] = &[
        // A cycle: 0 -> 1 (North's only reply) -> 2 -> 3 (North's only reply) -> 0.
        (0, 1),
        (1, 2),
        (2, 3),
        (3, 0),
        (0, 5),
        (5, 100),
        // A transposition: 10 -> 11, whose two replies 12 and 14 both lead to 13, whose replies all lose.
        (10, 11),
        (11, 12),
        (11, 14),
        (12, 13),
        (14, 13),
        (13, 100),
        (13, 16),
        (16, 100),
        // A defender's reply that wins: 20 -> 21 -> 101.
        (20, 21),
        (21, 101),
    ];

    impl Game for Toy {
        type Move = u8;
        fn side(&self) -> Side {
            if self.0.is_multiple_of(2) {
                Side::South
            } else {
                Side::North
            }
        }
        fn moves(&self) -> Vec<u8> {
            EDGES
                .iter()
                .filter(|e| e.0 == self.0)
                .map(|e| e.1)
                .collect()
        }
        fn after(&self, mv: u8) -> Result<Toy, String> {
            if self.moves().contains(&mv) {
                Ok(Toy(mv))
            } else {
                Err(format!("no edge {} -> {mv}", self.0))
            }
        }
        fn winner(&self) -> Option<Side> {
            match self.0 {
                100 => Some(Side::South),
                101 => Some(Side::North),
                _ => None,
            }
        }
    }

    fn proof(lines: &[(u8, u8)]) -> HashMap<Toy, u8> {
        lines.iter().map(|&(p, m)| (Toy(p), m)).collect()
    }

    #[test]
    fn a_line_that_comes_back_is_no_proof() {
        let e = walk(&Toy(0), &proof(&[(0, 1), (2, 3)])).unwrap_err();
        assert_eq!(e.0, Toy(0));
        assert!(e.1.contains("a cycle"), "{}", e.1);
        // The way out of the cycle is a proof.
        let report = walk(&Toy(0), &proof(&[(0, 5)])).unwrap();
        assert_eq!((report.positions, report.replies, report.depth), (1, 1, 2));
    }

    #[test]
    fn a_position_reached_twice_is_checked_once() {
        let report = walk(&Toy(10), &proof(&[(10, 11), (12, 13), (14, 13), (16, 100)])).unwrap();
        // 10, 12, 14 and 16 once each; North moved at 11 and twice at 13 (reached from 12 and from 14).
        assert_eq!(report.positions, 4);
        assert_eq!(report.replies, 3);
        // 10 -> 11 -> 12 -> 13 -> 16 -> 100: five plies.
        assert_eq!(report.depth, 5);
    }

    #[test]
    fn a_reply_that_wins_for_the_defender_breaks_it() {
        let e = walk(&Toy(20), &proof(&[(20, 21)])).unwrap_err();
        assert_eq!(e.0, Toy(20));
        assert!(e.1.contains("wins for the defender"), "{}", e.1);
    }
}
