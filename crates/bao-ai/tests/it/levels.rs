//! The eight numbered levels: their names, the named levels as rungs of them, the node budgets of the levels
//! below the top, and their order (a level beats the one two below it in a small paired match). Node budgets
//! make every match here reproducible; no timed assertion.

use std::time::Duration;

use bao_ai::arena::{paired_match, MatchSpec};
use bao_ai::{think, Level, Rng};
use bao_core::{Position, Variant};

#[test]
fn levels_parse_by_number_and_by_name() {
    for n in 1..=8u8 {
        let l = Level::parse(&n.to_string()).unwrap();
        assert_eq!(l, Level::Rung(n));
        assert_eq!(l.number(), Some(n));
        assert_eq!(l.name(), n.to_string());
        assert_eq!(l.label(), format!("level {n}"));
    }
    for bad in [
        "0", "9", "10", "-1", "01", "", " 1", "Easy", "hard-v1", "level 3",
    ] {
        assert_eq!(Level::parse(bad), None, "{bad:?}");
    }
    assert_eq!(Level::parse_any("hard-v1"), Some(Level::HardV1));
    assert_eq!(Level::rung(0), None);
    assert_eq!(Level::rung(9), None);
    assert_eq!(Level::OFFERED.len(), 11);
    for l in Level::OFFERED {
        assert_eq!(Level::parse(l.name()), Some(l));
    }
}

/// easy, medium and hard are rungs 2, 5 and 8 of the ladder: the same settings in every variant.
#[test]
fn the_named_levels_are_rungs_of_the_ladder() {
    for variant in Variant::ALL {
        for (named, n) in [(Level::Easy, 2), (Level::Medium, 5), (Level::Hard, 8)] {
            assert_eq!(named.number(), Some(n));
            assert_eq!(
                named.config_for(variant),
                Level::Rung(n).config_for(variant),
                "{named:?} {variant}"
            );
        }
        let top = Level::Rung(8).config_for(variant);
        assert!(top.book && top.nodes.is_none());
        assert_eq!(top.time, Duration::from_millis(1500));
    }
}

/// Positions of seeded random games (moves that do not lose at once).
fn positions(variant: Variant, seed: u64, count: usize) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    let mut pos = Position::new(variant);
    while out.len() < count {
        let me = pos.to_move();
        let safe: Vec<Position> = pos
            .children()
            .into_iter()
            .map(|(_, c)| c)
            .filter(|c| !matches!(c.result(), Some(r) if r.winner != me))
            .collect();
        if pos.result().is_some() || safe.is_empty() {
            pos = Position::new(variant);
            continue;
        }
        out.push(pos);
        pos = safe[rng.below(safe.len() as u64) as usize];
    }
    out
}

/// Every level below the top thinks within a node budget (and a time budget far below the top's 1.5 s).
#[test]
fn levels_below_the_top_keep_within_their_node_budget() {
    for variant in Variant::ALL {
        for n in 1..=7u8 {
            let cfg = Level::Rung(n).config_for(variant);
            let budget = cfg.nodes.expect("a node budget below the top");
            assert!(cfg.time <= Duration::from_millis(500), "level {n}");
            assert_eq!(cfg.threads, 1);
            for (i, pos) in positions(variant, u64::from(n), 6).iter().enumerate() {
                let r = think(pos, &cfg, i as u64);
                assert!(r.best.is_some(), "level {n} {variant}: no move");
                // The search adds up its nodes 64 at a time.
                assert!(
                    r.nodes <= budget + 64,
                    "level {n} {variant}: {} nodes, budget {budget}",
                    r.nodes
                );
            }
        }
    }
}

/// Level k+2 scores more than half against level k in a small paired match (fixed seed, node budgets:
/// the same games every run). Levels 1-6 in Kujifunza and Kiswahili (level 7's 150,000 nodes a move would take a minute).
#[test]
fn a_level_beats_the_one_two_below_it() {
    for (variant, top) in [(Variant::Kujifunza, 6u8), (Variant::Kiswahili, 6)] {
        for k in 1..=top - 2 {
            let spec = MatchSpec {
                variant,
                pairs: 6,
                seed: 40 + u64::from(k),
                opening_plies: 4,
                balance: Some((100, 5_000)),
                max_plies: 400,
            };
            let strong = Level::Rung(k + 2).config_for(variant);
            let weak = Level::Rung(k).config_for(variant);
            let r = paired_match(&spec, &strong, &weak, |_| {});
            assert!(
                r.points() > f64::from(r.games()) / 2.0,
                "{variant}: level {} against level {k}: {} wins, {} losses, {} unfinished",
                k + 2,
                r.wins,
                r.losses,
                r.unfinished
            );
        }
    }
}
