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

use bao_core::{Move, Position};

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

/// Checks that `proof` proves a win for the side to move at `first` (see the module docs).
pub fn check(first: &Position, proof: &HashMap<Position, Move>) -> Result<CheckReport, CheckError> {
    let attacker = first.to_move();
    let err = |p: &Position, reason: String| CheckError {
        position: *p,
        reason,
    };
    let mut marks: HashMap<Position, Mark> = HashMap::new();
    let mut replies = 0usize;
    // The walk's stack: an attacker's position and the positions its move leaves to check after the
    // defender's replies, with the most plies found below it so far. Iterative, so that a long file cannot
    // overflow the stack.
    struct Frame {
        pos: Position,
        next: Vec<Position>,
        depth: u32,
    }
    let mut stack: Vec<Frame> = Vec::new();
    let open = |pos: &Position, replies: &mut usize| -> Result<Frame, CheckError> {
        if pos.to_move() != attacker {
            return Err(err(pos, "not the attacker's move".into()));
        }
        let Some(mv) = proof.get(pos) else {
            return Err(err(pos, "a position of the proof without a line".into()));
        };
        let (after, _) = pos
            .play(*mv)
            .map_err(|e| err(pos, format!("the move {mv} is not legal: {e}")))?;
        if let Some(r) = after.result() {
            if r.winner == attacker {
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
        let mut depth = 2;
        for reply in after.legal_moves() {
            let (g, _) = after
                .play(reply)
                .map_err(|e| err(&after, format!("the reply {reply} does not play: {e}")))?;
            match g.result() {
                Some(r) if r.winner == attacker => {}
                Some(_) => {
                    return Err(err(
                        pos,
                        format!("after {mv} the reply {reply} wins for the defender"),
                    ))
                }
                None => next.push(g),
            }
        }
        if next.is_empty() {
            depth = 2;
        }
        Ok(Frame {
            pos: *pos,
            next,
            depth,
        })
    };
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
