//! Arena scoring and pairing: hand-worked examples and properties.

use bao_tournament::arena::{pair_waiting, score, standings, Score, Waiting};
use bao_tournament::PlayerResult::{Draw, Loss, Win};
use proptest::prelude::*;

fn waiting(
    id: &'static str,
    points: u32,
    rating: i32,
    last: Option<&'static str>,
    waited_ms: u64,
) -> Waiting<&'static str> {
    Waiting {
        id,
        rating,
        points,
        last_opponent: last,
        waited_ms,
        seat_balance: 0,
    }
}

#[test]
fn two_wins_in_a_row_double_the_next_win_until_a_game_is_not_won() {
    // 2 + 2 + 4 (on a streak) + 4 + 1 (a draw ends it) + 2 + 0 + 2.
    let s = score([Win, Win, Win, Win, Draw, Win, Loss, Win]);
    assert_eq!(s.points, 2 + 2 + 4 + 4 + 1 + 2 + 2);
    assert_eq!((s.games, s.wins), (8, 6));
    assert!(!s.on_streak());
    assert!(score([Loss, Win, Win]).on_streak());
    assert_eq!(score([Win, Win]).points_for(Win), 4);
    assert_eq!(score([Win, Win]).points_for(Draw), 1);
    assert_eq!(Score::default().points_for(Win), 2);
}

#[test]
fn the_last_opponent_is_never_met_again_at_once() {
    // a and b just played each other; c waits too: c plays one of them, the other waits.
    let games = pair_waiting(&[
        waiting("a", 2, 1500, Some("b"), 0),
        waiting("b", 0, 1500, Some("a"), 0),
        waiting("c", 2, 1500, None, 0),
    ]);
    assert_eq!(games.len(), 1);
    assert!(games[0].has(&"c"));
    // Only the two of them waiting: nobody is paired.
    assert!(pair_waiting(&[
        waiting("a", 2, 1500, Some("b"), 0),
        waiting("b", 0, 1500, Some("a"), 0)
    ])
    .is_empty());
}

#[test]
fn closest_points_then_ratings_are_paired() {
    let games = pair_waiting(&[
        waiting("a", 10, 1500, None, 0),
        waiting("b", 9, 1200, None, 0),
        waiting("c", 2, 1500, None, 0),
        waiting("d", 1, 1500, None, 0),
    ]);
    let pairs: Vec<(bool, bool)> = games.iter().map(|g| (g.has(&"a"), g.has(&"b"))).collect();
    assert_eq!(games.len(), 2);
    assert!(pairs.contains(&(true, true)), "the leaders meet: {games:?}");
    // Equal points: the nearest rating.
    let games = pair_waiting(&[
        waiting("a", 4, 1500, None, 0),
        waiting("b", 4, 1900, None, 0),
        waiting("c", 4, 1510, None, 0),
        waiting("d", 4, 1880, None, 0),
    ]);
    assert!(games.iter().any(|g| g.has(&"a") && g.has(&"c")));
}

#[test]
fn of_an_odd_count_the_one_who_waited_least_waits_on() {
    let games = pair_waiting(&[
        waiting("a", 4, 1500, None, 30_000),
        waiting("b", 4, 1500, None, 20_000),
        waiting("c", 4, 1500, None, 100),
    ]);
    assert_eq!(games.len(), 1);
    assert!(games[0].has(&"a") && games[0].has(&"b"));
}

#[test]
fn the_seat_goes_to_who_had_it_less() {
    let mut a = waiting("a", 4, 1500, None, 0);
    a.seat_balance = 2;
    let b = waiting("b", 4, 1500, None, 0);
    let games = pair_waiting(&[a, b]);
    assert_eq!((games[0].south, games[0].north), ("b", "a"));
}

#[test]
fn standings_rank_points_then_wins_then_fewer_games() {
    let table = standings(&[
        ("a", 1500, score([Win, Loss, Win])), // 4 points, 2 wins, 3 games
        ("b", 1500, score([Draw, Draw, Draw, Draw])), // 4 points, no wins
        ("c", 1500, score([Win, Win])),       // 4 points, 2 wins, 2 games
        ("d", 1900, score([Win, Win, Win])),  // 8 points
    ]);
    let ids: Vec<&str> = table.iter().map(|s| s.id).collect();
    assert_eq!(ids, ["d", "c", "a", "b"]);
}

proptest! {
    #[test]
    fn pairing_is_complete_and_never_repeats_the_last_game(
        players in prop::collection::vec((0u32..30, 1000i32..2200, prop::option::of(0usize..12), 0u64..90_000), 0..12)
    ) {
        let ids: Vec<String> = (0..players.len()).map(|i| format!("p{i}")).collect();
        let list: Vec<Waiting<String>> = players
            .iter()
            .enumerate()
            .map(|(i, &(points, rating, last, waited_ms))| Waiting {
                id: ids[i].clone(),
                rating,
                points,
                last_opponent: last.filter(|&l| l < ids.len() && l != i).map(|l| ids[l].clone()),
                waited_ms,
                seat_balance: 0,
            })
            .collect();
        let games = pair_waiting(&list);
        let mut seen = std::collections::HashSet::new();
        for g in &games {
            prop_assert!(g.south != g.north);
            prop_assert!(seen.insert(g.south.clone()) && seen.insert(g.north.clone()), "a player twice");
            let s = list.iter().find(|w| w.id == g.south).unwrap();
            let n = list.iter().find(|w| w.id == g.north).unwrap();
            prop_assert!(s.last_opponent.as_ref() != Some(&n.id) && n.last_opponent.as_ref() != Some(&s.id));
        }
        // As many games as possible: no two players left waiting could have played each other.
        let left: Vec<&Waiting<String>> = list.iter().filter(|w| !seen.contains(&w.id)).collect();
        for (k, a) in left.iter().enumerate() {
            for b in &left[k + 1..] {
                let allowed = a.last_opponent.as_ref() != Some(&b.id) && b.last_opponent.as_ref() != Some(&a.id);
                prop_assert!(!allowed, "{} and {} both wait though they may play", a.id, b.id);
            }
        }
    }
}
