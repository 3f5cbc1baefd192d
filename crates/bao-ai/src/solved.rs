//! Bao la Kujifunza solved: the proof that South, to move first, wins (built by `bao prove kujifunza` with
//! [`crate::pns`]), compiled in and used for perfect play and for analysis.
//!
//! **The compact form** (`crates/bao-ai/proofs/kujifunza.bin`) stores the proof by its moves alone: a
//! header line, then a walk of the proof from the initial position, depth first. Each of South's positions
//! takes one byte when the walk reaches it: the index of the proof's move among its legal moves (bao-core's
//! order), or [`SEEN`] when the walk has met the position before (a transposition). After a move that does
//! not end the game the walk goes on into each of North's replies, in order, that does not end it either.
//! Reading it replays the moves with bao-core, so the positions themselves are never stored, and a replay
//! that fails (an index out of range, a cycle, a position met before that is not known) is refused.
//!
//! **In play** [`Solved::verdict`] answers for South's positions of the proof (the proof's move and the plies
//! it needs at most) and for North's positions all of whose moves lead into the proof (North's move that
//! delays the win longest).

use std::collections::HashMap;
use std::fmt;
use std::sync::OnceLock;

use bao_core::{Move, Position, Side, Variant};

/// The byte of a position the walk has met before.
pub const SEEN: u8 = 0xFF;

/// The first line of the compact form.
const MAGIC: &[u8] = b"bao-proof kujifunza v1\n";

/// Deepest walk a compact proof may take (South's positions on one line of play); a real proof of
/// Kujifunza needs a few dozen.
const MAX_DEPTH: usize = 4_096;

/// Why a compact proof was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DecodeError(pub String);

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "compact proof: {}", self.0)
    }
}

impl std::error::Error for DecodeError {}

/// What the proof says of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// The side that wins by force (South, the first player, in Kujifunza).
    pub winner: Side,
    /// The move to play: the proof's move for the winner, the longest resistance for the loser.
    pub mv: Move,
    /// Plies to the end of the game at most, with this move and best play after it.
    pub plies: u32,
}

/// A proof in memory: South's positions with the proof's move and the plies it needs at most.
#[derive(Clone, Debug, Default)]
pub struct Solved {
    moves: HashMap<Position, (Move, u32)>,
}

impl Solved {
    /// South's positions in the proof.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// The proof `proof` from `first` with the plies of each position (by [`encode`] and [`decode_from`]);
    /// `None` when it does not cover its own walk or does not replay.
    pub fn from_map(first: &Position, proof: &HashMap<Position, Move>) -> Option<Solved> {
        let bytes = encode(first, proof)?;
        decode_from(first, bytes.strip_prefix(MAGIC)?).ok()
    }

    /// Whether the proof is empty.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The proof as a map from South's positions to their move (the shape [`crate::proof_check::check`]
    /// takes).
    pub fn to_map(&self) -> HashMap<Position, Move> {
        self.moves.iter().map(|(p, (m, _))| (*p, *m)).collect()
    }

    /// South's positions with their move, in an order that starts with `first` and reaches every position
    /// after the position it is reached from (the order of the proof file).
    pub fn lines(&self, first: &Position) -> Vec<(Position, Move)> {
        let mut out = Vec::new();
        let mut seen = std::collections::HashSet::new();
        let mut todo = vec![*first];
        while let Some(p) = todo.pop() {
            let Some((mv, _)) = self.moves.get(&p) else {
                continue;
            };
            if !seen.insert(p) {
                continue;
            }
            out.push((p, *mv));
            let Ok((after, _)) = p.play(*mv) else {
                continue;
            };
            for (_, g) in after.children_settled().iter().rev() {
                if g.result().is_none() {
                    todo.push(*g);
                }
            }
        }
        out
    }

    /// What the proof says of `pos`: for South's positions of the proof, the proof's move; for North's
    /// positions whose every move leads to a won game or into the proof, the move after which South needs
    /// the most plies (the first such move in bao-core's order on ties). `None` for other positions.
    pub fn verdict(&self, pos: &Position) -> Option<Verdict> {
        if pos.result().is_some() {
            return None;
        }
        if pos.to_move() == Side::South {
            let (mv, plies) = self.moves.get(pos)?;
            return Some(Verdict {
                winner: Side::South,
                mv: *mv,
                plies: *plies,
            });
        }
        let mut best: Option<(u32, Move)> = None;
        for (mv, child) in pos.children_settled() {
            let d = match child.result() {
                Some(r) if r.winner == Side::South => 0,
                Some(_) => return None,
                None => self.moves.get(&child)?.1,
            };
            if best.is_none_or(|(b, _)| d > b) {
                best = Some((d, mv));
            }
        }
        let (d, mv) = best?;
        Some(Verdict {
            winner: Side::South,
            mv,
            plies: d + 1,
        })
    }
}

impl Solved {
    /// The line of perfect play from `pos` as far as the proof covers it (at most `max` moves): the
    /// proof's moves for South, the longest resistance for North.
    pub fn line(&self, pos: &Position, max: usize) -> Vec<Move> {
        let mut out = Vec::new();
        let mut at = *pos;
        while out.len() < max {
            let Some(v) = self.verdict(&at) else { break };
            out.push(v.mv);
            match at.play(v.mv) {
                Ok((next, _)) => at = next,
                Err(_) => break,
            }
        }
        out
    }
}

/// The search's score of a verdict for the side to move at `pos`: a forced win or loss in `plies`.
pub fn score(pos: &Position, v: &Verdict) -> i32 {
    let s = crate::MATE - v.plies as i32;
    if pos.to_move() == v.winner {
        s
    } else {
        -s
    }
}

/// Whether the side to move at `pos`, a position the compiled-in proof wins for it, still wins after `mv`:
/// `Some(plies)` (the plies to the end at most, counted from the position after `mv`) when the game is won
/// at once, the proof covers the position after it, or a proof-number search of `max_nodes` proves it;
/// `Err(true)` when that search shows it does not (the move throws the win away), `Err(false)` when it
/// cannot tell. `None` when the proof does not cover `pos` or the mover is not its winner.
pub fn after_move(pos: &Position, mv: Move, max_nodes: u64) -> Option<Result<u32, bool>> {
    let v = verdict(pos)?;
    if pos.to_move() != v.winner {
        return None;
    }
    let Ok((after, _)) = pos.play(mv) else {
        return Some(Err(false));
    };
    if let Some(r) = after.result() {
        return Some(if r.winner == v.winner {
            Ok(0)
        } else {
            Err(true)
        });
    }
    if let Some(w) = verdict(&after) {
        return Some(Ok(w.plies));
    }
    let mut p = crate::pns::Pns::new(max_nodes);
    Some(match p.prove_for(&after, v.winner) {
        crate::pns::Outcome::Proven(d) => Ok(u32::from(d)),
        crate::pns::Outcome::Disproven => Err(true),
        crate::pns::Outcome::Unknown => Err(false),
    })
}

/// Encodes the proof `proof` from `first` in the compact form (see the module docs). `None` when `proof`
/// does not cover the walk (a position of South's without a move, or a move that is not legal).
pub fn encode(first: &Position, proof: &HashMap<Position, Move>) -> Option<Vec<u8>> {
    let mut out = MAGIC.to_vec();
    let mut seen = std::collections::HashSet::new();
    // An explicit stack of positions still to write, so that a deep proof cannot overflow the call stack.
    let mut todo = vec![*first];
    while let Some(p) = todo.pop() {
        if !seen.insert(p) {
            out.push(SEEN);
            continue;
        }
        let mv = proof.get(&p)?;
        let kids = p.children_settled();
        let i = kids.iter().position(|(m, _)| m == mv)?;
        out.push(u8::try_from(i).ok()?);
        let after = kids[i].1;
        if after.result().is_some() {
            continue;
        }
        // Reversed onto the stack, so the replies are written in bao-core's order.
        for (_, g) in after.children_settled().iter().rev() {
            if g.result().is_none() {
                todo.push(*g);
            }
        }
    }
    Some(out)
}

/// Reads a compact proof of Kujifunza (see the module docs), replaying every move with bao-core.
pub fn decode(bytes: &[u8]) -> Result<Solved, DecodeError> {
    let body = bytes
        .strip_prefix(MAGIC)
        .ok_or_else(|| DecodeError("not a proof of Kujifunza (bad header)".into()))?;
    decode_from(&Position::new(Variant::Kujifunza), body)
}

/// Reads the walk `body` (the compact form after its header) of a proof from `first`.
fn decode_from(first: &Position, body: &[u8]) -> Result<Solved, DecodeError> {
    let mut r = Reader {
        bytes: body,
        at: 0,
        open: std::collections::HashSet::new(),
        out: HashMap::new(),
    };
    r.walk(first, 0)?;
    if r.at != body.len() {
        return Err(DecodeError(format!(
            "{} bytes left after the walk",
            body.len() - r.at
        )));
    }
    Ok(Solved { moves: r.out })
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
    /// South's positions on the current line of play.
    open: std::collections::HashSet<Position>,
    out: HashMap<Position, (Move, u32)>,
}

impl Reader<'_> {
    /// Reads the proof of `p` (South to move) and returns the plies it needs at most.
    fn walk(&mut self, p: &Position, depth: usize) -> Result<u32, DecodeError> {
        if depth > MAX_DEPTH {
            return Err(DecodeError("the walk is too deep".into()));
        }
        let b = *self
            .bytes
            .get(self.at)
            .ok_or_else(|| DecodeError("the file ends in the middle of the walk".into()))?;
        self.at += 1;
        if b == SEEN {
            return match self.out.get(p) {
                Some((_, d)) => Ok(*d),
                None if self.open.contains(p) => Err(DecodeError(format!(
                    "a cycle at byte {}: {}",
                    self.at,
                    p.to_json()
                ))),
                None => Err(DecodeError(format!(
                    "byte {} names a position not met before",
                    self.at
                ))),
            };
        }
        let kids = p.children_settled();
        let (mv, after) = *kids
            .get(usize::from(b))
            .ok_or_else(|| DecodeError(format!("byte {}: no move {b} here", self.at)))?;
        let plies = match after.result() {
            Some(r) if r.winner == Side::South => 1,
            Some(_) => return Err(DecodeError(format!("byte {}: the move loses", self.at))),
            None => {
                self.open.insert(*p);
                let mut most = 0;
                for (_, g) in after.children_settled() {
                    match g.result() {
                        Some(r) if r.winner == Side::South => {}
                        Some(_) => {
                            return Err(DecodeError(format!(
                                "byte {}: a reply wins for North",
                                self.at
                            )))
                        }
                        None => most = most.max(self.walk(&g, depth + 1)?),
                    }
                }
                self.open.remove(p);
                2 + most
            }
        };
        self.out.insert(*p, (mv, plies));
        Ok(plies)
    }
}

/// The compact proof compiled in.
const KUJIFUNZA: &[u8] = include_bytes!("../proofs/kujifunza.bin");

/// The solution of `variant` compiled in, read (and replayed) the first time it is asked for: Kujifunza's,
/// `None` for the other variants (and, should the file not read, for Kujifunza: a test,
/// `the_compiled_in_proof_checks`, makes sure it does).
pub fn builtin(variant: Variant) -> Option<&'static Solved> {
    static KUJI: OnceLock<Option<Solved>> = OnceLock::new();
    if variant != Variant::Kujifunza {
        return None;
    }
    KUJI.get_or_init(|| decode(KUJIFUNZA).ok()).as_ref()
}

/// What the compiled-in proof says of `pos` ([`Solved::verdict`]).
pub fn verdict(pos: &Position) -> Option<Verdict> {
    builtin(pos.variant())?.verdict(pos)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::proof_check;

    fn start() -> Position {
        Position::new(Variant::Kujifunza)
    }

    /// The whole compiled-in proof replays and passes the independent checker.
    #[test]
    fn the_compiled_in_proof_checks() {
        let s = builtin(Variant::Kujifunza).expect("the compiled-in proof reads");
        let report = proof_check::check(&start(), &s.to_map()).expect("a proof");
        assert_eq!(report.positions, s.len());
        let v = s.verdict(&start()).expect("the start is covered");
        assert_eq!(v.winner, Side::South);
        assert_eq!(v.plies, report.depth);
        // The shortest win (`bao prove kujifunza --shortest` found no win within 19 plies): a proof made otherwise
        // (df-pn's took 31) would make hard win slower than it can.
        assert_eq!(report.depth, 21);
        assert!(builtin(Variant::Kiswahili).is_none());
    }

    /// Encoding and decoding give back the same proof.
    #[test]
    fn the_compact_form_round_trips() {
        let s = builtin(Variant::Kujifunza).unwrap();
        let bytes = encode(&start(), &s.to_map()).unwrap();
        assert_eq!(bytes, KUJIFUNZA);
        assert_eq!(decode(&bytes).unwrap().to_map(), s.to_map());
        // A cut file, a wrong header and an index out of range are refused.
        assert!(decode(&bytes[..bytes.len() - 1]).is_err());
        assert!(decode(b"nonsense").is_err());
        let mut bad = bytes.clone();
        bad[MAGIC.len()] = 200;
        assert!(decode(&bad).is_err());
    }

    /// `hard` plays the proof's move as South and the longest resistance as North, and the analysis says
    /// South wins.
    #[test]
    fn hard_plays_the_proof() {
        let s = builtin(Variant::Kujifunza).unwrap();
        let mut pos = start();
        while pos.result().is_none() {
            let v = s
                .verdict(&pos)
                .expect("every position of perfect play is covered");
            let r = crate::think(&pos, &crate::Level::Hard.config_for(Variant::Kujifunza), 1);
            assert_eq!(r.best, Some(v.mv));
            assert!(r.score.abs() > crate::search::MATE_BOUND);
            assert_eq!(r.score > 0, pos.to_move() == Side::South);
            pos = pos.play(v.mv).unwrap().0;
        }
        assert_eq!(pos.result().unwrap().winner, Side::South);
        let lines = crate::think_lines(
            &start(),
            &crate::Level::Hard.config_for(Variant::Kujifunza),
            0,
            2,
        );
        assert_eq!(lines[0].moves[0], s.verdict(&start()).unwrap().mv);
        assert!(lines[0].score > crate::search::MATE_BOUND);
    }

    /// `hard` as South never loses against any North: every North reply is answered from the proof until
    /// South wins.
    #[test]
    fn south_wins_against_every_defence() {
        let s = builtin(Variant::Kujifunza).unwrap();
        let cfg = crate::Level::Hard.config_for(Variant::Kujifunza);
        let mut todo = vec![start()];
        let mut games = 0;
        while let Some(pos) = todo.pop() {
            let mv = crate::think(&pos, &cfg, 0).best.unwrap();
            assert_eq!(Some(mv), s.verdict(&pos).map(|v| v.mv));
            let after = pos.play(mv).unwrap().0;
            match after.result() {
                Some(r) => {
                    assert_eq!(r.winner, Side::South);
                    games += 1;
                }
                None => {
                    for (_, g) in after.children_settled() {
                        match g.result() {
                            Some(r) => assert_eq!(r.winner, Side::South),
                            None => todo.push(g),
                        }
                    }
                }
            }
        }
        assert!(games > 0);
    }

    /// A move off the proof that loses the win is found out by [`after_move`].
    #[test]
    fn a_move_that_throws_the_win_away_is_found() {
        let pos = start();
        let v = verdict(&pos).unwrap();
        assert!(matches!(after_move(&pos, v.mv, 1_000), Some(Ok(_))));
        // The book scores A3L at the start as a loss for South: a blunder.
        let a3l: Move = "A3L".parse().unwrap();
        if a3l != v.mv {
            assert_ne!(after_move(&pos, a3l, 2_000_000), Some(Ok(0)));
        }
        // North's positions are not judged (North cannot win).
        let north = pos.play(v.mv).unwrap().0;
        assert_eq!(after_move(&north, north.legal_moves()[0], 1_000), None);
    }
}
