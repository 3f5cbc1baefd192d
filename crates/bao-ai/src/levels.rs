//! The playing levels as search settings.
//!
//! Eight numbered levels (rungs) from a near-beginner to the full engine; the three named levels of the first
//! version are rungs 2 (`easy`), 5 (`medium`) and 8 (`hard`), with their settings unchanged (rungs 2 and 5
//! gained a node budget they hardly ever reach). Rungs 1-4 look 1-2 plies ahead through the old
//! evaluation, the lower ones with noise and deliberate (never immediately losing) random moves; rungs 6
//! and 7 are hard's search and tuned evaluation at a node budget (20,000 and 150,000 nodes, a few and a few
//! dozen milliseconds), without the opening book; rung 8 thinks for 1.5 s with the book (and in Kujifunza
//! the proof). Node budgets make every rung below 8 reproducible and independent of the machine's speed.
//!
//! Strength comes from depth: `hard` searches as deep as its 1.5 s allow (typically 10-20 plies), `medium`
//! stops at 3 plies (plus capture sequences) whatever the time, and `easy` looks 1 ply ahead (plus forced
//! capture replies) through a noisy evaluation and sometimes plays a random (but not immediately losing) move.
//! So `hard` stays stronger than `medium` on any machine. Easy at 2 plies was too close to medium in
//! Kujifunza, where the first player often has a short forced win that 2 plies already find.
//!
//! Kujifunza has its own settings ([`Level::config_for`]): its games are short (about 15-20 plies) and sharp,
//! so easy blunders less (or random beats it too often) and medium looks one ply further. The match figures
//! for every variant are in docs/benchmarks.md.

use std::time::Duration;

use bao_core::Variant;

use crate::eval::WeightSet;
use crate::search::{Features, Limits, Options};
use crate::Level;

/// The search settings of a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelConfig {
    /// Nominal depth limit (plies).
    pub max_depth: u32,
    /// Time budget per move.
    pub time: Duration,
    /// Optional node budget per move (makes results reproducible).
    pub nodes: Option<u64>,
    /// Amplitude of the evaluation noise (a front seed is worth 10).
    pub noise: i32,
    /// Probability, in thousandths, of playing a random move that does not lose at once.
    pub blunder_per_mille: u32,
    /// Transposition table size (2^bits entries of 16 bytes).
    pub tt_bits: u32,
    /// Longest capture extension, in plies.
    pub qdepth: u32,
    /// The search features the level uses.
    pub features: Features,
    /// The evaluation weights the level uses.
    pub weights: WeightSet,
    /// Whether the level plays the opening book's move ([`crate::book`]) where it has one.
    pub book: bool,
    /// Search threads (Lazy SMP, see [`crate::search`]). 1 for every level: live games keep one thread
    /// each; analysis and reviews raise it when the server has cores to spare.
    pub threads: u32,
}

impl LevelConfig {
    /// The search options for `seed`.
    pub fn options(&self, seed: u64) -> Options {
        Options {
            limits: Limits {
                max_depth: self.max_depth,
                nodes: self.nodes,
                time: Some(self.time),
            },
            weights: None,
            weight_set: self.weights,
            noise: self.noise,
            seed,
            tt_bits: self.tt_bits,
            qdepth: self.qdepth,
            cancel: None,
            features: self.features,
            threads: self.threads,
        }
    }
}

impl Level {
    /// The settings of the level for `variant` at its real budget: [`Level::config`], adjusted where a
    /// variant needs it (Kujifunza: see the module docs).
    pub fn config_for(self, variant: Variant) -> LevelConfig {
        let mut c = self.config();
        if variant == Variant::Kujifunza {
            // Kujifunza games are short (15-20 plies) and sharp: one random move usually loses at once.
            // Easy blunders less there (or random beats it too often: 96.5% instead of 99.5% with the
            // general settings) and medium looks one ply further (91% instead of 93.5% against easy).
            // Rungs 1 and 3 blunder less for the same reason.
            match self.number() {
                Some(1) => {
                    c.noise = 60;
                    c.blunder_per_mille = 150;
                }
                Some(2) => {
                    c.noise = 30;
                    c.blunder_per_mille = 50;
                }
                Some(3) => {
                    c.noise = 15;
                    c.blunder_per_mille = 20;
                }
                Some(5) => c.max_depth = 4,
                _ => {}
            }
        }
        c
    }

    /// The settings of the level at its real budget, for variants without adjustments.
    pub fn config(self) -> LevelConfig {
        let Some(rung) = self.number() else {
            return hard_v1();
        };
        let budget = self.budget();
        // The shallow rungs: the old evaluation, no search features, a depth limit and a node budget that
        // only a position with long capture sequences reaches.
        let shallow = |max_depth, noise, blunder_per_mille, qdepth, nodes| LevelConfig {
            max_depth,
            time: budget,
            nodes: Some(nodes),
            noise,
            blunder_per_mille,
            tt_bits: 16,
            qdepth,
            features: Features::NONE,
            weights: WeightSet::V1,
            book: false,
            threads: 1,
        };
        // The deep rungs: hard's search and evaluation at a node budget.
        let deep = |nodes| LevelConfig {
            nodes: Some(nodes),
            time: budget,
            tt_bits: 18,
            book: false,
            ..hard()
        };
        match rung {
            1 => shallow(1, 120, 300, 0, 2_000),
            // `easy` of the first version, unchanged but for its node budget.
            2 => LevelConfig {
                tt_bits: 14,
                ..shallow(1, 60, 100, 2, 20_000)
            },
            3 => shallow(2, 30, 40, 2, 20_000),
            4 => shallow(2, 0, 0, 4, 50_000),
            // `medium` of the first version, unchanged but for its node budget.
            5 => LevelConfig {
                tt_bits: 18,
                ..shallow(3, 0, 0, 4, 200_000)
            },
            6 => deep(20_000),
            7 => deep(150_000),
            _ => hard(),
        }
    }
}

/// Level 8 (`hard`): as deep as 1.5 s allow, with the search features, the tuned weights, the opening book and
/// Kujifunza's proof.
fn hard() -> LevelConfig {
    LevelConfig {
        features: Features::HARD,
        weights: WeightSet::Tuned,
        book: true,
        ..hard_v1()
    }
}

/// `hard` as it was before issue 21.
fn hard_v1() -> LevelConfig {
    LevelConfig {
        max_depth: 64,
        time: Duration::from_millis(1500),
        nodes: None,
        noise: 0,
        blunder_per_mille: 0,
        tt_bits: 20,
        qdepth: 6,
        features: Features::NONE,
        weights: WeightSet::V1,
        book: false,
        threads: 1,
    }
}
