//! Swiss events: a fixed number of rounds, each paired when every game of the one before has ended.
//!
//! The pairing rules, strongest first (each outweighs every later one together):
//! 1. a player never gets a second bye while another player can take it;
//! 2. no two players meet twice while the round can be paired without it;
//! 3. the bye goes to a player of the lowest score group, the lowest ranked of it;
//! 4. players meet others of their own score (the sum of squared score differences is least);
//! 5. seats are balanced: two players who are both due the same seat are not paired while others can be;
//! 6. within a score group the top half meets the bottom half (as in the Dutch system: the leaders meet at
//!    the end, not in the first round).
//!
//! Seats: a player who played more games as North (or as North last, when even) is due South; between two
//! players due the same seat the one due it more strongly, else the higher ranked, gets it.
//!
//! Scores are in half points: a win or a bye is 2 (one point), a draw 1 (half a point).
//! Standings rank by score, then Buchholz (the sum of the opponents' scores), then Sonneborn-Berger (the
//! scores of the opponents beaten plus half those drawn), then rating.

use std::collections::{HashMap, HashSet};
use std::hash::Hash;

use serde::{Deserialize, Serialize};

use crate::matching::pair_at_least_cost;
use crate::{Game, PlayerResult, Seat};

/// A player of a Swiss event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player<P> {
    /// The player's id.
    pub id: P,
    /// Their rating in the event's variant when they joined (the seeding).
    pub rating: i32,
    /// False once they have withdrawn: they are paired no more, their past games still count.
    pub active: bool,
}

/// One round: its games and the player who had the bye, if any.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round<P> {
    /// The round's games.
    pub games: Vec<Game<P>>,
    /// The player who sat out with a point.
    pub bye: Option<P>,
}

/// The pairing of a new round: games with their seats (and no outcome yet), and the bye.
pub type Pairing<P> = Round<P>;

/// A player's line in the standings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing<P> {
    /// The player.
    pub id: P,
    /// Score in half points (a win or a bye 2, a draw 1).
    pub score: u32,
    /// The sum of the scores of the opponents met, in half points.
    pub buchholz: u32,
    /// Sonneborn-Berger, in quarter points: the scores of the opponents beaten, doubled, plus those drawn.
    pub sonneborn_berger: u32,
    /// Games finished (byes not counted).
    pub games: u32,
    /// Byes had.
    pub byes: u32,
}

/// What the rounds so far say about one player.
#[derive(Clone, Debug)]
struct History<P> {
    score: u32,
    opponents: Vec<P>,
    byes: u32,
    /// Games as South minus games as North.
    seat_balance: i32,
    /// Seats in order.
    seats: Vec<Seat>,
}

// By hand: a derived Default would ask `P: Default` of the ids.
impl<P> Default for History<P> {
    fn default() -> Self {
        History {
            score: 0,
            opponents: Vec::new(),
            byes: 0,
            seat_balance: 0,
            seats: Vec::new(),
        }
    }
}

/// Half points for a result.
fn half_points(result: PlayerResult) -> u32 {
    match result {
        PlayerResult::Win => 2,
        PlayerResult::Draw => 1,
        PlayerResult::Loss => 0,
    }
}

fn histories<P: Clone + Eq + Hash>(rounds: &[Round<P>]) -> HashMap<P, History<P>> {
    let mut h: HashMap<P, History<P>> = HashMap::new();
    for round in rounds {
        for game in &round.games {
            for (me, other, seat) in [
                (&game.south, &game.north, Seat::South),
                (&game.north, &game.south, Seat::North),
            ] {
                let entry = h.entry(me.clone()).or_default();
                entry.opponents.push(other.clone());
                entry.seats.push(seat);
                entry.seat_balance += if seat == Seat::South { 1 } else { -1 };
                entry.score += game.result_for(seat).map_or(0, half_points);
            }
        }
        if let Some(p) = &round.bye {
            let entry = h.entry(p.clone()).or_default();
            entry.byes += 1;
            entry.score += 2;
        }
    }
    h
}

/// The seat a player is due and how strongly (0: none, 1: mild, 2: strong).
fn due_seat<P>(h: Option<&History<P>>) -> (Option<Seat>, u8) {
    let Some(h) = h else { return (None, 0) };
    let other = |s: Seat| {
        if s == Seat::South {
            Seat::North
        } else {
            Seat::South
        }
    };
    let last_two_same =
        h.seats.len() >= 2 && h.seats[h.seats.len() - 1] == h.seats[h.seats.len() - 2];
    match h.seat_balance {
        b if b >= 2 => (Some(Seat::North), 2),
        b if b <= -2 => (Some(Seat::South), 2),
        1 => (Some(Seat::North), if last_two_same { 2 } else { 1 }),
        -1 => (Some(Seat::South), if last_two_same { 2 } else { 1 }),
        _ => match h.seats.last() {
            Some(&s) => (Some(other(s)), 1),
            None => (None, 0),
        },
    }
}

// The tiers of the pairing cost (see the module's documentation). Each unit is above the most all the tiers
// below it can add up to for an event of up to MAX_PLAYERS players (2^12, so 2^11 pairs) and MAX_ROUNDS rounds
// (scores up to 2^8 half points): ranks add at most 2^23, seat clashes 2^36, the bye's rank 2^49, score
// differences 2^77, the bye's score 2^86, repeats 2^98, second byes 2^106, well inside an i128.
const SEAT_CLASH: i128 = 1 << 24;
const BYE_RANK: i128 = 1 << 37;
const SCORE_DIFF: i128 = 1 << 50;
const BYE_SCORE: i128 = 1 << 78;
const REPEAT: i128 = 1 << 87;
const SECOND_BYE: i128 = 1 << 99;

/// The most players a Swiss event may have for [`pair_round`]'s order of rules to hold exactly.
pub const MAX_PLAYERS: usize = 4096;
/// The most rounds a Swiss event may have for [`pair_round`]'s order of rules to hold exactly.
pub const MAX_ROUNDS: usize = 100;

/// Pairs the next round of a Swiss event among its active players, from the rounds played so far (their
/// games must all have ended). Deterministic: the same rounds give the same pairing on every node.
pub fn pair_round<P: Clone + Eq + Hash + Ord>(
    players: &[Player<P>],
    rounds: &[Round<P>],
) -> Pairing<P> {
    let history = histories(rounds);
    let score = |p: &P| history.get(p).map_or(0, |h| h.score);
    // Ranked by score, then rating, then id (the order of the standings before tie-breaks).
    let mut ranked: Vec<&Player<P>> = players.iter().filter(|p| p.active).collect();
    ranked.sort_by(|a, b| {
        score(&b.id)
            .cmp(&score(&a.id))
            .then(b.rating.cmp(&a.rating))
            .then(a.id.cmp(&b.id))
    });
    let n = ranked.len();

    // Each player's place within their score group and the group's size (for top half against bottom half).
    let mut group_place = vec![(0usize, 0usize); n];
    let mut start = 0;
    while start < n {
        let s = score(&ranked[start].id);
        let end = (start..n).find(|&i| score(&ranked[i].id) != s).unwrap_or(n);
        for (k, place) in group_place.iter_mut().enumerate().take(end).skip(start) {
            *place = (k - start, end - start);
        }
        start = end;
    }
    let met: HashSet<(&P, &P)> = history
        .iter()
        .flat_map(|(p, h)| h.opponents.iter().map(move |o| (p, o)))
        .collect();

    let cost = |i: usize, j: usize| -> i128 {
        let (a, b) = (&ranked[i].id, &ranked[j].id);
        let mut c = 0i128;
        if met.contains(&(a, b)) {
            c += REPEAT;
        }
        let diff = i128::from(score(a).abs_diff(score(b)));
        c += SCORE_DIFF * diff * diff;
        let (seat_a, strength_a) = due_seat(history.get(a));
        let (seat_b, strength_b) = due_seat(history.get(b));
        if seat_a.is_some() && seat_a == seat_b {
            c += SEAT_CLASH * i128::from(strength_a.min(strength_b));
        }
        let ((place_a, size), (place_b, _)) = (group_place[i], group_place[j]);
        if score(a) == score(b) {
            // The ideal partner of a group's k-th player is the (k + size/2)-th.
            c += (i128::try_from(place_a.abs_diff(place_b)).unwrap_or(0)
                - i128::try_from(size / 2).unwrap_or(0))
            .abs();
        } else {
            // A player who floats to another group meets its nearest in rank.
            c += i128::try_from(i.abs_diff(j)).unwrap_or(0);
        }
        c
    };
    let alone = |i: usize| -> i128 {
        let h = history.get(&ranked[i].id);
        let byes = h.map_or(0, |h| h.byes);
        let mut c = SECOND_BYE * i128::from(byes);
        c += BYE_SCORE * i128::from(score(&ranked[i].id));
        // The lowest ranked takes it: cost by distance from the bottom.
        c += BYE_RANK * i128::try_from(n - 1 - i).unwrap_or(0);
        c
    };
    let (pairs, left_out) = pair_at_least_cost(n, cost, alone);

    let mut games: Vec<(usize, Game<P>)> = pairs
        .into_iter()
        .map(|(i, j)| {
            let (a, b) = (ranked[i], ranked[j]);
            let (seat_a, strength_a) = due_seat(history.get(&a.id));
            let (seat_b, strength_b) = due_seat(history.get(&b.id));
            // `i < j`: `a` is the higher ranked.
            let a_south = match (seat_a, seat_b) {
                (Some(x), Some(y)) if x != y => x == Seat::South,
                (Some(x), Some(_)) => {
                    if strength_b > strength_a {
                        x != Seat::South
                    } else {
                        x == Seat::South
                    }
                }
                (Some(x), None) => x == Seat::South,
                (None, Some(y)) => y != Seat::South,
                // Nobody due anything (the first round): the higher ranked alternate by board.
                (None, None) => i % 2 == 0,
            };
            let (south, north) = if a_south {
                (a.id.clone(), b.id.clone())
            } else {
                (b.id.clone(), a.id.clone())
            };
            (
                i,
                Game {
                    south,
                    north,
                    outcome: None,
                },
            )
        })
        .collect();
    // Boards in rank order.
    games.sort_by_key(|(i, _)| *i);
    Round {
        games: games.into_iter().map(|(_, g)| g).collect(),
        bye: left_out.map(|i| ranked[i].id.clone()),
    }
}

/// The standings after the given rounds, best first: score, then Buchholz, then Sonneborn-Berger, then
/// rating, then id. Withdrawn players keep their line.
pub fn standings<P: Clone + Eq + Hash + Ord>(
    players: &[Player<P>],
    rounds: &[Round<P>],
) -> Vec<Standing<P>> {
    let history = histories(rounds);
    let score = |p: &P| history.get(p).map_or(0, |h| h.score);
    let mut lines: Vec<(Standing<P>, i32)> = players
        .iter()
        .map(|p| {
            let mut buchholz = 0;
            let mut sonneborn_berger = 0;
            let mut games = 0;
            for round in rounds {
                for game in &round.games {
                    let Some(seat) = game.seat_of(&p.id) else {
                        continue;
                    };
                    let Some(result) = game.result_for(seat) else {
                        continue;
                    };
                    let opponent = if seat == Seat::South {
                        &game.north
                    } else {
                        &game.south
                    };
                    games += 1;
                    buchholz += score(opponent);
                    sonneborn_berger += score(opponent) * half_points(result);
                }
            }
            let line = Standing {
                id: p.id.clone(),
                score: score(&p.id),
                buchholz,
                sonneborn_berger,
                games,
                byes: history.get(&p.id).map_or(0, |h| h.byes),
            };
            (line, p.rating)
        })
        .collect();
    lines.sort_by(|(a, ra), (b, rb)| {
        b.score
            .cmp(&a.score)
            .then(b.buchholz.cmp(&a.buchholz))
            .then(b.sonneborn_berger.cmp(&a.sonneborn_berger))
            .then(rb.cmp(ra))
            .then(a.id.cmp(&b.id))
    });
    lines.into_iter().map(|(line, _)| line).collect()
}
