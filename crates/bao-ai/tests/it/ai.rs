//! Behaviour of the computer opponent: it finds forced wins, never throws its front row away, always answers
//! with a legal move and is reproducible, on one thread or several. No timed assertions (searches use node or
//! depth budgets), except the loose upper bound of `threads_stop_on_time_and_on_cancel`, seconds above the
//! budget, which only a search that ignores its stop could exceed.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use bao_ai::{think, Features, Level, LevelConfig, Rng, WeightSet};
use bao_core::{Move, Position, Setup, Side, SideSetup, Variant};
use proptest::prelude::*;

/// A level's settings with a node budget instead of its clock, so results do not depend on machine speed.
fn budgeted(level: Level, nodes: u64) -> LevelConfig {
    let mut cfg = level.config();
    cfg.time = Duration::from_secs(600);
    cfg.nodes = Some(nodes);
    cfg
}

/// `hard-v1` is `hard` as it was before issue 21, so that matches against it stay comparable: its settings
/// must not drift.
#[test]
fn hard_v1_keeps_the_settings_of_the_first_hard() {
    for variant in Variant::ALL {
        let c = Level::HardV1.config_for(variant);
        assert_eq!(
            (
                c.max_depth,
                c.time,
                c.nodes,
                c.noise,
                c.blunder_per_mille,
                c.tt_bits,
                c.qdepth
            ),
            (64, Duration::from_millis(1500), None, 0, 0, 20, 6)
        );
        assert_eq!(c.features, Features::NONE);
        assert_eq!(c.weights, WeightSet::V1);
        assert!(!c.book, "hard-v1 has no opening book");
        assert_eq!(Level::Medium.config_for(variant).weights, WeightSet::V1);
        assert_eq!(Level::Easy.config_for(variant).weights, WeightSet::V1);
    }
    assert_eq!(
        Level::parse("hard-v1"),
        None,
        "the server does not offer it"
    );
    assert_eq!(Level::parse_any("hard-v1"), Some(Level::HardV1));
}

/// Hard plays the opening book's move at once where the book has one; the other levels search.
#[test]
fn hard_plays_the_book_move_and_the_other_levels_search() {
    for variant in Variant::ALL {
        let start = Position::new(variant);
        let entry = bao_ai::book::lookup(&start).expect("every built-in book holds the start");
        let r = think(&start, &budgeted(Level::Hard, 50_000), 1);
        // Kujifunza is solved: its compiled-in proof comes before the book (bao_ai::solved).
        let (mv, depth) = match bao_ai::solved::verdict(&start) {
            Some(v) => (v.mv, v.plies),
            None => (entry.mv, entry.depth),
        };
        assert_eq!(
            (r.best, r.nodes, r.depth),
            (Some(mv), 0, depth),
            "{variant}"
        );
        for level in [Level::HardV1, Level::Medium] {
            let r = think(&start, &budgeted(level, 50_000), 1);
            assert!(r.nodes > 0, "{variant} {level:?} searched");
        }
        let no_book = LevelConfig {
            book: false,
            ..budgeted(Level::Hard, 50_000)
        };
        assert!(think(&start, &no_book, 1).nodes > 0, "{variant}: book off");
    }
}

/// Positions from seeded random games of `variant` (moves random, but avoiding immediate losses so the games
/// last), one at every ply.
fn random_game_positions(variant: Variant, seed: u64, games: usize) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut pos = Position::new(variant);
        for _ in 0..200 {
            if pos.result().is_some() {
                break;
            }
            let me = pos.to_move();
            let children = pos.children();
            let safe: Vec<Position> = children
                .iter()
                .map(|(_, c)| *c)
                .filter(|c| !matches!(c.result(), Some(r) if r.winner != me))
                .collect();
            if safe.is_empty() {
                break;
            }
            out.push(pos);
            pos = safe[rng.below(safe.len() as u64) as usize];
        }
    }
    out
}

fn wins_at_once(pos: &Position, child: &Position) -> bool {
    child.result().is_some_and(|r| r.winner == pos.to_move())
}

fn loses_at_once(pos: &Position, child: &Position) -> bool {
    child.result().is_some_and(|r| r.winner != pos.to_move())
}

/// Whether the side to move of `child` (the opponent of the player who just moved) is lost within one move
/// of that player: every reply (there is at least one) allows an immediate win, or there is no reply.
fn opponent_lost_in_one(child: &Position) -> bool {
    if let Some(r) = child.result() {
        return r.winner != child.to_move();
    }
    let replies = child.children();
    replies.iter().all(|(_, after)| match after.result() {
        Some(r) => r.winner != child.to_move(),
        None => after.children().iter().any(|(_, c)| wins_at_once(after, c)),
    })
}

fn child_of(pos: &Position, mv: Move) -> Position {
    pos.children()
        .iter()
        .find(|(m, _)| *m == mv)
        .map(|(_, c)| *c)
        .expect("the engine's move is legal")
}

#[test]
fn capture_that_empties_the_front_row_is_found() {
    // Kujifunza, South to move. North's front row holds only a6 (3 seeds). South's A1R ends its first lap in
    // A3 (occupied), facing a6: the capture empties North's front row and wins. B2 offers other moves.
    let setup = Setup {
        variant: Variant::Kujifunza,
        to_move: Side::South,
        south: SideSetup {
            front: [2, 0, 1, 0, 0, 0, 0, 1],
            back: [0, 0, 0, 0, 0, 0, 2, 0],
            hand: 0,
            house: false,
        },
        north: SideSetup {
            front: [0, 0, 0, 0, 0, 3, 0, 0],
            back: [2, 2, 2, 2, 0, 0, 0, 0],
            hand: 0,
            house: false,
        },
        takasia: None,
        result: None,
    };
    let pos = Position::from_setup_any_total(setup).unwrap();
    let children = pos.children();
    let winners: Vec<Move> = children
        .iter()
        .filter(|(_, c)| wins_at_once(&pos, c))
        .map(|(m, _)| *m)
        .collect();
    assert!(!winners.is_empty(), "the set-up has a winning capture");
    for level in Level::ALL {
        for seed in 0..20 {
            let r = think(&pos, &budgeted(level, 10_000), seed);
            let mv = r.best.unwrap();
            assert!(
                winners.contains(&mv),
                "{level:?} seed {seed} played {mv}, not a win ({winners:?})"
            );
        }
    }
}

#[test]
fn wins_in_one_are_taken_in_every_variant() {
    for variant in Variant::ALL {
        let mut found = 0;
        for pos in random_game_positions(variant, 11, 60) {
            let children = pos.children();
            let wins: Vec<Move> = children
                .iter()
                .filter(|(_, c)| wins_at_once(&pos, c))
                .map(|(m, _)| *m)
                .collect();
            if wins.is_empty() || wins.len() == children.len() {
                continue;
            }
            found += 1;
            for level in Level::ALL {
                let mv = think(&pos, &budgeted(level, 5_000), 3).best.unwrap();
                assert!(
                    wins.contains(&mv),
                    "{variant} {level:?}: {mv} in {}",
                    pos.to_json()
                );
            }
        }
        assert!(found > 0, "{variant}: no test position found");
    }
}

#[test]
fn wins_in_two_are_found() {
    // A move after which every reply allows an immediate win, where no immediate win exists and not every
    // move wins this way.
    let mut found = 0;
    for variant in Variant::ALL {
        for pos in random_game_positions(variant, 5, 40) {
            let children = pos.children();
            if children.iter().any(|(_, c)| wins_at_once(&pos, c)) {
                continue;
            }
            let good: Vec<Move> = children
                .iter()
                .filter(|(_, c)| opponent_lost_in_one(c))
                .map(|(m, _)| *m)
                .collect();
            if good.is_empty() || good.len() == children.len() {
                continue;
            }
            found += 1;
            let every_feature = LevelConfig {
                features: Features::ALL,
                ..budgeted(Level::Hard, 200_000)
            };
            let three_threads = LevelConfig {
                threads: 3,
                ..budgeted(Level::Hard, 200_000)
            };
            let configs = [
                budgeted(Level::Medium, 200_000),
                budgeted(Level::Hard, 200_000),
                budgeted(Level::HardV1, 200_000),
                every_feature,
                three_threads,
            ];
            for cfg in configs {
                let r = think(&pos, &cfg, 1);
                let mv = r.best.unwrap();
                assert!(
                    opponent_lost_in_one(&child_of(&pos, mv)) || r.score > bao_ai::MATE - 10,
                    "{variant} {cfg:?}: {mv} (score {}) misses the win in two ({good:?}) in {}",
                    r.score,
                    pos.to_json()
                );
            }
        }
    }
    assert!(found >= 10, "only {found} positions with a win in two");
}

#[test]
fn never_empties_its_own_front_row_when_it_need_not() {
    let mut found = 0;
    for variant in Variant::ALL {
        for pos in random_game_positions(variant, 21, 80) {
            let children = pos.children();
            let suicidal = children
                .iter()
                .filter(|(_, c)| loses_at_once(&pos, c))
                .count();
            if suicidal == 0 || suicidal == children.len() {
                continue;
            }
            found += 1;
            for level in Level::ALL {
                for seed in 0..4 {
                    for nodes in [1, 50, 5_000] {
                        let mv = think(&pos, &budgeted(level, nodes), seed).best.unwrap();
                        assert!(
                            !loses_at_once(&pos, &child_of(&pos, mv)),
                            "{variant} {level:?} seed {seed} nodes {nodes}: {mv} loses in {}",
                            pos.to_json()
                        );
                    }
                }
            }
        }
    }
    assert!(
        found >= 5,
        "only {found} positions with a self-destructive move"
    );
}

#[test]
fn choose_move_is_deterministic_for_a_seed() {
    for variant in Variant::ALL {
        for (i, pos) in random_game_positions(variant, 8, 3)
            .iter()
            .step_by(5)
            .enumerate()
        {
            for level in Level::ALL {
                let seed = i as u64 * 7 + 1;
                let cfg = budgeted(level, 20_000);
                let a = think(pos, &cfg, seed);
                let b = think(pos, &cfg, seed);
                assert_eq!(a.best, b.best);
                assert_eq!(a.nodes, b.nodes);
                assert_eq!(a.score, b.score);
            }
            // Easy and medium are depth-limited and finish far inside their budgets.
            for level in [Level::Easy, Level::Medium] {
                assert_eq!(
                    bao_ai::choose_move(pos, level, 42, None),
                    bao_ai::choose_move(pos, level, 42, None)
                );
            }
        }
    }
}

#[test]
fn no_move_when_the_game_is_over() {
    let mut pos = Position::new(Variant::Kujifunza);
    while pos.result().is_none() && !pos.children().is_empty() {
        let mv = bao_ai::choose_move(&pos, Level::Easy, 1, None).unwrap();
        pos = pos.play(mv).unwrap().0;
    }
    assert_eq!(bao_ai::choose_move(&pos, Level::Hard, 1, None), None);
}

/// A search stopped by its caller (as the server does when the human leaves) still answers a legal move.
#[test]
fn a_cancelled_search_answers_a_legal_move() {
    let stop = Arc::new(AtomicBool::new(true));
    for variant in Variant::ALL {
        let pos = Position::new(variant);
        let mv =
            bao_ai::choose_move(&pos, Level::Hard, 3, Some(Arc::clone(&stop))).expect("a move");
        assert!(pos.legal_moves().contains(&mv), "{variant:?}: {mv}");
    }
}

/// Below the root, positions whose moves take millions of laps to tell apart are scored as leaves rather than
/// waited for; the answer stays legal. The root here holds a never-ending candidate (`A6L`) that repeats only
/// after 71 million laps, and positions below it may hold more such chains.
#[test]
fn long_relay_chains_do_not_stall_the_search() {
    let pos = Position::from_json(
        r#"{"variant":"kujifunza","to_move":"south","south":{"front":[1,0,9,4,0,9,1,9],"back":[2,3,0,5,0,5,0,3],"hand":0,"house":false},"north":{"front":[0,0,0,0,1,0,0,0],"back":[1,1,2,5,0,2,1,0],"hand":0,"house":false},"takasia":null,"result":null}"#,
    )
    .expect("valid");
    let r = think(&pos, &budgeted(Level::Hard, 50_000), 1);
    let mv = r.best.expect("a move");
    assert!(pos.legal_moves().contains(&mv), "{mv}");
    assert_ne!(mv.to_string(), "A6L");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn the_answer_is_always_legal(
        v in 0usize..4,
        seed in any::<u64>(),
        plies in 0usize..120,
        nodes in prop::sample::select(vec![1u64, 2, 7, 64, 300, 5000]),
        threads in 1u32..4,
        level in prop::sample::select(Level::ALL.to_vec()),
        lmr in any::<bool>(),
        aspiration in any::<bool>(),
        null in 0u8..4,
    ) {
        let variant = Variant::ALL[v];
        let mut rng = Rng::new(seed);
        let mut pos = Position::new(variant);
        for _ in 0..plies {
            let children = pos.children();
            if children.is_empty() { break; }
            pos = children[rng.below(children.len() as u64) as usize].1;
        }
        let features = Features {
            lmr,
            aspiration,
            null_move: null > 0,
            null_guard: null == 2,
            null_verify: null == 3,
        };
        let cfg = LevelConfig { features, threads, ..budgeted(level, nodes) };
        let r = think(&pos, &cfg, seed);
        match r.best {
            Some(mv) => prop_assert!(pos.is_legal(mv), "{} is illegal in {}", mv, pos.to_json()),
            None => prop_assert!(pos.result().is_some() || pos.legal_moves().is_empty()),
        }
    }
}

/// The judge of match openings sees through a forced move: here South's only move (`B2L`) lets North empty
/// South's front row at once. (The search itself answers a lone legal move without scoring it, and openings
/// like this one used to pass as balanced.)
#[test]
fn openings_judge_plays_through_forced_moves() {
    let pos = Position::from_json(
        r#"{"variant":"kujifunza","to_move":"south","south":{"front":[5,1,0,0,0,0,0,0],"back":[0,2,2,2,2,2,2,2],"hand":0,"house":false},"north":{"front":[10,5,1,6,5,0,1,3],"back":[0,1,3,0,3,3,0,3],"hand":0,"house":false},"takasia":null,"result":null}"#,
    )
    .expect("valid");
    assert_eq!(pos.legal_moves().len(), 1);
    assert!(bao_ai::openings::judge(&pos, 20_000) < -bao_ai::search::MATE_BOUND);
    let mut rng = Rng::new(5);
    for _ in 0..20 {
        let o = bao_ai::openings::opening(Variant::Kujifunza, 2, Some((100, 20_000)), &mut rng);
        assert!(bao_ai::openings::judge(&o, 20_000).abs() <= 100);
    }
}

/// Null-move pruning assumes that moving is at least as good as passing; under zugzwang it is not. Here
/// (found by `examples/nullscan.rs`) North wins by force within 9 plies, but the winning line runs through
/// South positions where passing would save South: the plain null move misses the win at depth 5. The
/// Bao-safe form (no null move with fewer than `NULL_GUARD_MOVES` moves) finds it, with or without
/// verification.
#[test]
fn null_move_guard_sees_zugzwang() {
    let pos = Position::from_json(
        r#"{"variant":"kujifunza","to_move":"north","south":{"front":[1,1,1,0,1,0,0,0],"back":[0,1,0,0,5,1,2,0],"hand":0,"house":false},"north":{"front":[1,0,8,10,2,10,1,6],"back":[1,1,5,0,5,1,0,0],"hand":0,"house":false},"takasia":null,"result":null}"#,
    )
    .expect("valid");
    let run = |features: Features| {
        let mut o = bao_ai::Options::new(bao_ai::Limits {
            max_depth: 5,
            nodes: Some(50_000_000),
            time: None,
        });
        o.features = features;
        bao_ai::search::search(&pos, &o)
    };
    let plain = run(Features::NONE);
    assert!(plain.score > bao_ai::search::MATE_BOUND, "{plain:?}");
    let null = Features {
        null_move: true,
        ..Features::NONE
    };
    let missed = run(null);
    assert!(missed.score < bao_ai::search::MATE_BOUND, "{missed:?}");
    assert_ne!(missed.best, plain.best);
    for f in [
        Features {
            null_guard: true,
            ..null
        },
        Features {
            null_guard: true,
            null_verify: true,
            ..null
        },
    ] {
        let r = run(f);
        assert_eq!((r.best, r.score), (plain.best, plain.score), "{f:?}");
    }
}

/// Several threads (Lazy SMP) share one node budget: all their nodes count, and the overshoot is bounded by
/// the batches in which they add them up (64 nodes per thread, twice over for the lag of the stop flag).
#[test]
fn threads_share_the_node_budget() {
    for variant in Variant::ALL {
        for pos in random_game_positions(variant, 11, 1)
            .iter()
            .step_by(9)
            .take(4)
        {
            for threads in [2u32, 3] {
                let nodes = 60_000;
                let cfg = LevelConfig {
                    threads,
                    ..budgeted(Level::Hard, nodes)
                };
                let r = think(pos, &cfg, 1);
                let mv = r.best.expect("a move");
                assert!(pos.is_legal(mv), "{variant} {threads} threads: {mv}");
                assert!(
                    r.nodes <= nodes + 128 * u64::from(threads),
                    "{variant} {threads} threads: {} nodes for a budget of {nodes}",
                    r.nodes
                );
            }
        }
    }
}

/// The time budget and the caller's stop flag hold for every thread: `think` returns (and its helper threads
/// with it, `std::thread::scope` sees to that) soon after either. The bounds are loose on purpose: this only
/// catches a helper that keeps the search running, not a slow machine.
#[test]
fn threads_stop_on_time_and_on_cancel() {
    let pos = random_game_positions(Variant::Kiswahili, 3, 1)[20];
    let timed = LevelConfig {
        threads: 3,
        time: Duration::from_millis(100),
        ..Level::Hard.config()
    };
    let started = std::time::Instant::now();
    let r = think(&pos, &timed, 1);
    assert!(pos.is_legal(r.best.expect("a move")));
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );

    let cancel = Arc::new(AtomicBool::new(false));
    let mut opts = LevelConfig {
        threads: 3,
        time: Duration::from_secs(600),
        ..Level::Hard.config()
    }
    .options(1);
    opts.cancel = Some(Arc::clone(&cancel));
    let started = std::time::Instant::now();
    let r = std::thread::scope(|s| {
        let search = s.spawn(|| bao_ai::search::search(&pos, &opts));
        std::thread::sleep(Duration::from_millis(50));
        cancel.store(true, std::sync::atomic::Ordering::Relaxed);
        search.join().expect("the search does not panic")
    });
    assert!(pos.is_legal(r.best.expect("a move")));
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
}

/// With one thread, `threads: 0` and `threads: 1` are the same search (tests/reproducible.rs checks that it is
/// the search of before); with two, the answer is legal and the search reaches at least depth 1.
#[test]
fn one_thread_is_the_plain_search() {
    for variant in Variant::ALL {
        let pos = random_game_positions(variant, 4, 1)[10];
        let one = think(&pos, &budgeted(Level::Hard, 50_000), 3);
        let zero = think(
            &pos,
            &LevelConfig {
                threads: 0,
                ..budgeted(Level::Hard, 50_000)
            },
            3,
        );
        assert_eq!(
            (one.best, one.score, one.depth, one.nodes),
            (zero.best, zero.score, zero.depth, zero.nodes)
        );
        let two = think(
            &pos,
            &LevelConfig {
                threads: 2,
                ..budgeted(Level::Hard, 50_000)
            },
            3,
        );
        assert!(pos.is_legal(two.best.expect("a move")));
        assert!(two.depth >= 1);
    }
}

/// `think_lines`: the best moves, distinct and best first, each line playable move after move; in a forced win
/// (puzzle kujifunza-0002: A5L b6R B2L) the first is the win, scored as one, with the winning line; and a node
/// budget makes the answer reproducible.
#[test]
fn lines_give_the_best_moves_with_their_lines() {
    let won = Position::from_json(
        r#"{"variant":"kujifunza","to_move":"south",
            "south":{"front":[1,4,7,2,15,1,2,3],"back":[0,2,5,0,5,0,2,3],"hand":0,"house":false},
            "north":{"front":[1,1,1,1,1,0,0,0],"back":[0,1,0,2,2,2,0,0],"hand":0,"house":false},
            "takasia":null,"result":null}"#,
    )
    .unwrap();
    let cfg = budgeted(Level::Hard, 60_000);
    let lines = bao_ai::think_lines(&won, &cfg, 0, 3);
    assert_eq!(lines.len(), 3);
    let first: Vec<String> = lines[0].moves.iter().map(|m| m.to_string()).collect();
    assert_eq!(first, ["A5L", "b6R", "B2L"]);
    assert_eq!(lines[0].score, bao_ai::MATE - 3);
    let mut at = won;
    for m in &lines[0].moves {
        at = at.play(*m).unwrap().0;
    }
    assert_eq!(at.result().map(|r| r.winner), Some(Side::South));
    let moves: std::collections::HashSet<Move> = lines.iter().map(|l| l.moves[0]).collect();
    assert_eq!(moves.len(), 3);
    for l in &lines[1..] {
        assert!(l.score <= lines[0].score);
        let mut at = won;
        for m in &l.moves {
            at = at.play(*m).unwrap().0;
        }
    }
    assert_eq!(bao_ai::think_lines(&won, &cfg, 0, 3), lines);
    // Fewer moves than asked for: as many lines as moves.
    let start = Position::new(Variant::Kimasai);
    let n = start.legal_moves().len();
    assert_eq!(bao_ai::think_lines(&start, &cfg, 0, n + 2).len(), n);
}
