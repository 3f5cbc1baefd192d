//! Swiss pairing: hand-worked examples, and properties over random events checked against every possible
//! pairing of small rounds.

use bao_tournament::swiss::{pair_round, standings, Player, Round};
use bao_tournament::{Game, Outcome};
use proptest::prelude::*;
use std::collections::{HashMap, HashSet};

fn players(list: &[(&'static str, i32)]) -> Vec<Player<&'static str>> {
    list.iter()
        .map(|&(id, rating)| Player {
            id,
            rating,
            active: true,
        })
        .collect()
}

fn game(south: &'static str, north: &'static str, outcome: Outcome) -> Game<&'static str> {
    Game {
        south,
        north,
        outcome: Some(outcome),
    }
}

fn pair_set(round: &Round<&'static str>) -> HashSet<(&'static str, &'static str)> {
    round
        .games
        .iter()
        .map(|g| {
            if g.south < g.north {
                (g.south, g.north)
            } else {
                (g.north, g.south)
            }
        })
        .collect()
}

const FOUR: [(&str, i32); 4] = [("a", 2000), ("b", 1900), ("c", 1800), ("d", 1700)];

#[test]
fn the_first_round_pairs_the_top_half_against_the_bottom_half() {
    let r1 = pair_round(&players(&FOUR), &[]);
    assert_eq!(pair_set(&r1), HashSet::from([("a", "c"), ("b", "d")]));
    assert_eq!(r1.bye, None);
    // Boards in rank order, the higher ranked alternating seats: a South on board 1, b North on board 2.
    assert_eq!((r1.games[0].south, r1.games[0].north), ("a", "c"));
    assert_eq!((r1.games[1].south, r1.games[1].north), ("d", "b"));
    assert!(r1.games.iter().all(|g| g.outcome.is_none()));
}

#[test]
fn winners_meet_winners_and_seats_alternate() {
    let r1 = Round {
        games: vec![
            game("a", "c", Outcome::SouthWins),
            game("d", "b", Outcome::NorthWins),
        ],
        bye: None,
    };
    let r2 = pair_round(&players(&FOUR), &[r1]);
    assert_eq!(pair_set(&r2), HashSet::from([("a", "b"), ("c", "d")]));
    // a was South (due North), b was North (due South): both get their due seat.
    let ab = r2.games.iter().find(|g| g.has(&"a")).unwrap();
    assert_eq!((ab.south, ab.north), ("b", "a"));
    // c was North, d South: c South.
    let cd = r2.games.iter().find(|g| g.has(&"c")).unwrap();
    assert_eq!((cd.south, cd.north), ("c", "d"));
}

#[test]
fn a_leader_floats_down_rather_than_meet_someone_again() {
    // After two rounds a has 2 points, b and c 1, d 0. a has met b and c: a plays d, and b plays c.
    let rounds = vec![
        Round {
            games: vec![
                game("a", "c", Outcome::SouthWins),
                game("d", "b", Outcome::NorthWins),
            ],
            bye: None,
        },
        Round {
            games: vec![
                game("b", "a", Outcome::NorthWins),
                game("c", "d", Outcome::SouthWins),
            ],
            bye: None,
        },
    ];
    let r3 = pair_round(&players(&FOUR), &rounds);
    assert_eq!(pair_set(&r3), HashSet::from([("a", "d"), ("b", "c")]));
}

#[test]
fn the_bye_goes_to_the_lowest_ranked_of_the_lowest_score_group_and_never_twice() {
    let five = players(&[
        ("a", 2000),
        ("b", 1900),
        ("c", 1800),
        ("d", 1700),
        ("e", 1600),
    ]);
    let r1 = pair_round(&five, &[]);
    assert_eq!(r1.bye, Some("e"));
    // e had the bye (a point); everyone else drew. d, the lowest of the half-point group, takes the next one.
    let drawn = Round {
        games: r1
            .games
            .iter()
            .map(|g| Game {
                outcome: Some(Outcome::Draw),
                ..g.clone()
            })
            .collect(),
        bye: r1.bye,
    };
    let r2 = pair_round(&five, std::slice::from_ref(&drawn));
    assert_eq!(r2.bye, Some("d"));
    // Had d lost instead, d (no points) would still take it, not e again.
    let lost = Round {
        games: r1
            .games
            .iter()
            .map(|g| Game {
                outcome: Some(if g.has(&"d") && g.south == "d" {
                    Outcome::NorthWins
                } else {
                    Outcome::SouthWins
                }),
                ..g.clone()
            })
            .collect(),
        bye: r1.bye,
    };
    assert_ne!(pair_round(&five, &[lost]).bye, Some("e"));
}

#[test]
fn withdrawn_players_are_not_paired_but_keep_their_line() {
    let mut four = players(&FOUR);
    four[1].active = false;
    let r1 = pair_round(&four, &[]);
    assert!(r1.games.iter().all(|g| !g.has(&"b")));
    assert_eq!(r1.bye, Some("d"));
    let table = standings(&four, &[]);
    assert_eq!(table.len(), 4);
}

#[test]
fn tie_breaks_order_buchholz_then_sonneborn_berger() {
    // Six players, two rounds: a and b end on 2 points; a's opponents scored more (Buchholz).
    let six = players(&[
        ("a", 1500),
        ("b", 1500),
        ("c", 1500),
        ("d", 1500),
        ("e", 1500),
        ("f", 1500),
    ]);
    let rounds = vec![
        Round {
            games: vec![
                game("a", "c", Outcome::SouthWins),
                game("b", "d", Outcome::SouthWins),
                game("e", "f", Outcome::SouthWins),
            ],
            bye: None,
        },
        Round {
            games: vec![
                game("a", "e", Outcome::SouthWins),
                game("b", "f", Outcome::SouthWins),
                game("c", "d", Outcome::Draw),
            ],
            bye: None,
        },
    ];
    let table = standings(&six, &rounds);
    let ids: Vec<&str> = table.iter().map(|s| s.id).collect();
    // a: 4 half points, opponents c (1) + e (2) = 3. b: 4, opponents d (1) + f (0) = 1.
    assert_eq!(&ids[..2], &["a", "b"]);
    assert_eq!((table[0].score, table[0].buchholz), (4, 3));
    assert_eq!((table[1].score, table[1].buchholz), (4, 1));
    // e: 2 (beat f, who has 0): Sonneborn-Berger 0; c and d: 1 each (drew each other: 1 × 1).
    let line = |id: &str| table.iter().find(|s| s.id == id).unwrap().clone();
    assert_eq!(line("e").score, 2);
    assert_eq!(line("c").sonneborn_berger, 1);
    // c and d tie on score and Buchholz (c: a 4 + d 1; d: b 4 + c 1) and Sonneborn-Berger: rating, then id.
    let c_at = ids.iter().position(|&x| x == "c").unwrap();
    let d_at = ids.iter().position(|&x| x == "d").unwrap();
    assert!(c_at < d_at);
}

// ---- properties ----

/// The lexicographic cost of a round by the first rules of the module: second byes, repeated pairings, the
/// bye's score, the sum of squared score differences.
fn rule_cost(
    pairs: &[(usize, usize)],
    bye: Option<usize>,
    ids: &[u8],
    score: &HashMap<u8, u32>,
    met: &HashSet<(u8, u8)>,
    byes: &HashMap<u8, u32>,
) -> (u32, u32, u32, u64) {
    let second_byes = bye.map_or(0, |b| byes.get(&ids[b]).copied().unwrap_or(0));
    let repeats = pairs
        .iter()
        .filter(|&&(i, j)| met.contains(&(ids[i], ids[j])))
        .count() as u32;
    let bye_score = bye.map_or(0, |b| score.get(&ids[b]).copied().unwrap_or(0));
    let diff: u64 = pairs
        .iter()
        .map(|&(i, j)| {
            let d = u64::from(
                score
                    .get(&ids[i])
                    .copied()
                    .unwrap_or(0)
                    .abs_diff(score.get(&ids[j]).copied().unwrap_or(0)),
            );
            d * d
        })
        .sum();
    (second_byes, repeats, bye_score, diff)
}

/// Every way to pair `items` (all perfect matchings, or with one left out when odd).
/// Pairs of indices and the one left out.
type Pairing = (Vec<(usize, usize)>, Option<usize>);

fn all_pairings(items: &[usize]) -> Vec<Pairing> {
    if items.is_empty() {
        return vec![(vec![], None)];
    }
    let mut out = Vec::new();
    if items.len() % 2 == 1 {
        for (k, &b) in items.iter().enumerate() {
            let rest: Vec<usize> = items
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != k)
                .map(|(_, &x)| x)
                .collect();
            for (pairs, _) in all_pairings(&rest) {
                out.push((pairs, Some(b)));
            }
        }
        return out;
    }
    let first = items[0];
    for k in 1..items.len() {
        let rest: Vec<usize> = items[1..]
            .iter()
            .enumerate()
            .filter(|&(i, _)| i + 1 != k)
            .map(|(_, &x)| x)
            .collect();
        for (mut pairs, bye) in all_pairings(&rest) {
            pairs.push((first, items[k]));
            out.push((pairs, bye));
        }
    }
    out
}

#[derive(Debug, Clone)]
struct Event {
    ratings: Vec<i32>,
    /// Per round: an outcome seed per board, and which player (if any) withdraws after it.
    rounds: Vec<(Vec<u8>, Option<usize>)>,
}

fn events() -> impl Strategy<Value = Event> {
    (2usize..=8).prop_flat_map(|n| {
        (
            prop::collection::vec(1000i32..2200, n),
            prop::collection::vec(
                (
                    prop::collection::vec(0u8..3, 4),
                    prop::option::weighted(0.15, 0..n),
                ),
                1..=n,
            ),
        )
            .prop_map(|(ratings, rounds)| Event { ratings, rounds })
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn random_events_keep_every_rule(event in events()) {
        let n = event.ratings.len();
        let mut roster: Vec<Player<u8>> =
            event.ratings.iter().enumerate().map(|(i, &rating)| Player { id: i as u8, rating, active: true }).collect();
        let mut rounds: Vec<Round<u8>> = Vec::new();
        for (outcomes, withdraw) in &event.rounds {
            let active: Vec<u8> = roster.iter().filter(|p| p.active).map(|p| p.id).collect();
            // What the rounds so far say, computed here independently of the crate.
            let mut score: HashMap<u8, u32> = HashMap::new();
            let mut byes: HashMap<u8, u32> = HashMap::new();
            let mut met: HashSet<(u8, u8)> = HashSet::new();
            for r in &rounds {
                for g in &r.games {
                    met.insert((g.south, g.north));
                    met.insert((g.north, g.south));
                    let (s, nn) = match g.outcome.unwrap() { Outcome::SouthWins => (2, 0), Outcome::NorthWins => (0, 2), Outcome::Draw => (1, 1) };
                    *score.entry(g.south).or_default() += s;
                    *score.entry(g.north).or_default() += nn;
                }
                if let Some(b) = r.bye {
                    *byes.entry(b).or_default() += 1;
                    *score.entry(b).or_default() += 2;
                }
            }

            let round = pair_round(&roster, &rounds);

            // Every active player exactly once, nobody else.
            let mut seen: Vec<u8> = round.games.iter().flat_map(|g| [g.south, g.north]).chain(round.bye).collect();
            seen.sort_unstable();
            prop_assert_eq!(&seen, &active);
            prop_assert_eq!(round.bye.is_some(), active.len() % 2 == 1);

            // The pairing is the best there is by the rules' order (checked against every possible pairing).
            let idx: Vec<usize> = (0..active.len()).collect();
            let pos = |id: u8| active.iter().position(|&x| x == id).unwrap();
            let chosen: Vec<(usize, usize)> = round.games.iter().map(|g| (pos(g.south), pos(g.north))).collect();
            let got = rule_cost(&chosen, round.bye.map(pos), &active, &score, &met, &byes);
            let best = all_pairings(&idx)
                .iter()
                .map(|(pairs, bye)| rule_cost(pairs, *bye, &active, &score, &met, &byes))
                .min()
                .unwrap();
            prop_assert_eq!(got, best);

            let mut played = round;
            for (k, g) in played.games.iter_mut().enumerate() {
                g.outcome = Some(match outcomes[k % outcomes.len()] { 0 => Outcome::SouthWins, 1 => Outcome::NorthWins, _ => Outcome::Draw });
            }
            rounds.push(played);
            if let Some(w) = withdraw {
                roster[*w % n].active = false;
            }
        }

        // Scores sum up: one point per game, one per bye.
        let table = standings(&roster, &rounds);
        prop_assert_eq!(table.len(), n);
        let total: u32 = table.iter().map(|s| s.score).sum();
        let games: u32 = rounds.iter().map(|r| r.games.len() as u32).sum();
        let byes: u32 = rounds.iter().filter(|r| r.bye.is_some()).count() as u32;
        prop_assert_eq!(total, 2 * games + 2 * byes);
        // Sorted by score.
        prop_assert!(table.windows(2).all(|w| w[0].score >= w[1].score));
        // No player has two byes while the event had fewer rounds than players and nobody withdrew.
        if rounds.len() < n && roster.iter().all(|p| p.active) {
            prop_assert!(table.iter().all(|s| s.byes <= 1));
        }
    }
}
