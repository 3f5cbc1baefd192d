//! The three playing levels as search settings.
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
            match self {
                Level::Easy => {
                    c.noise = 30;
                    c.blunder_per_mille = 50;
                }
                Level::Medium => c.max_depth = 4,
                Level::Hard | Level::HardV1 => {}
            }
        }
        c
    }

    /// The settings of the level at its real budget, for variants without adjustments.
    pub fn config(self) -> LevelConfig {
        match self {
            Level::Easy => LevelConfig {
                max_depth: 1,
                time: self.budget(),
                nodes: None,
                noise: 60,
                blunder_per_mille: 100,
                tt_bits: 14,
                qdepth: 2,
                features: Features::NONE,
                weights: WeightSet::V1,
                book: false,
                threads: 1,
            },
            Level::Medium => LevelConfig {
                max_depth: 3,
                time: self.budget(),
                nodes: None,
                noise: 0,
                blunder_per_mille: 0,
                tt_bits: 18,
                qdepth: 4,
                features: Features::NONE,
                weights: WeightSet::V1,
                book: false,
                threads: 1,
            },
            Level::Hard => LevelConfig {
                features: Features::HARD,
                weights: WeightSet::Tuned,
                book: true,
                ..Level::HardV1.config()
            },
            Level::HardV1 => LevelConfig {
                max_depth: 64,
                time: self.budget(),
                nodes: None,
                noise: 0,
                blunder_per_mille: 0,
                tt_bits: 20,
                qdepth: 6,
                features: Features::NONE,
                weights: WeightSet::V1,
                book: false,
                threads: 1,
            },
        }
    }
}
