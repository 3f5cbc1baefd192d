//! `bao match`: two players (levels, or `random`) play paired games from seeded random openings, each opening
//! twice with the sides swapped, so neither the opening nor the first move favours one player. Prints the
//! first player's wins and losses and a 95% interval of its score, computed over the pairs (the two games of a
//! pair are not independent).

/// `println!` that ignores a closed stdout (e.g. `| head`) instead of panicking.
macro_rules! say {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout(), $($t)*);
    }};
}

use std::process::ExitCode;
use std::time::{Duration, Instant};

use bao_ai::{Features, Level, LevelConfig, Rng, Weights};
use bao_core::{Position, Side, Variant};

/// A player of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// Uniformly random legal moves.
    Random,
    /// The computer at a level.
    Ai(Level),
}

impl Player {
    /// Parses `random`, `1`-`8`, `easy`, `medium`, `hard` or `hard-v1`.
    pub fn parse(s: &str) -> Result<Player, String> {
        if s == "random" {
            return Ok(Player::Random);
        }
        Level::parse_any(s).map(Player::Ai).ok_or_else(|| {
            format!("unknown player {s:?} (expected random, 1-8, easy, medium, hard or hard-v1)")
        })
    }

    fn name(self) -> &'static str {
        match self {
            Player::Random => "random",
            Player::Ai(l) => l.name(),
        }
    }
}

/// Options of `bao match`. The field docs are its `--help` text.
#[derive(clap::Args)]
pub struct MatchArgs {
    /// First player: random, a level 1-8, easy (= 2), medium (= 5), hard (= 8) or hard-v1 (`hard` as it was
    /// before issue 21).
    #[arg(value_parser = Player::parse)]
    pub a: Player,
    /// Second player.
    #[arg(value_parser = Player::parse)]
    pub b: Player,
    /// kujifunza, kiswahili, kiswahili-malawi or kimasai.
    #[arg(long)]
    pub variant: Variant,
    // Rounded up to an even number: every opening is played twice.
    /// Games in all (each opening is played twice, sides swapped).
    #[arg(long, default_value_t = 200)]
    pub games: u32,
    /// Cap on each level's time per move in milliseconds.
    #[arg(long)]
    pub ms: Option<u64>,
    /// Node budget per move for both levels (default: each level's own; levels 1-7 have one).
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Depth limit of the first player (default: its level's).
    #[arg(long)]
    pub depth_a: Option<u32>,
    /// Depth limit of the second player (default: its level's).
    #[arg(long)]
    pub depth_b: Option<u32>,
    /// Search features of the first player instead of its level's: a comma-separated list of lmr,
    /// aspiration, null, null-safe and null-verify, or none (to try a feature before a level takes it).
    #[arg(long, value_parser = parse_features)]
    pub features_a: Option<Features>,
    /// Evaluation weights of the first player instead of its level's: ten comma-separated integers in the
    /// order front,back,hand,occupied,thin_front,mobility,threat_to_move,threat_waiting,house,tempo (as
    /// `bao tune` prints them), to try a weight set before a level takes it.
    #[arg(long, value_parser = parse_weights)]
    pub weights_a: Option<Weights>,
    /// Search threads of the first player (Lazy SMP; its level's 1 by default). Several threads make the
    /// games depend on timing, so use it with --ms rather than --nodes.
    #[arg(long, default_value_t = 1)]
    pub threads_a: u32,
    /// Search threads of the second player (as --threads-a).
    #[arg(long, default_value_t = 1)]
    pub threads_b: u32,
    /// Search features of the second player instead of its level's (as --features-a).
    #[arg(long, value_parser = parse_features)]
    pub features_b: Option<Features>,
    /// Whether the first player plays the opening book's moves (on or off; default: as its level, on
    /// for hard only).
    #[arg(long, value_parser = parse_on_off)]
    pub book_a: Option<bool>,
    /// Whether the second player plays the opening book's moves (as --book-a).
    #[arg(long, value_parser = parse_on_off)]
    pub book_b: Option<bool>,
    /// Longest capture extension of the first player, in plies (default: its level's).
    #[arg(long)]
    pub qdepth_a: Option<u32>,
    /// Longest capture extension of the second player (as --qdepth-a).
    #[arg(long)]
    pub qdepth_b: Option<u32>,
    /// Seed of the openings and the players.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Random plies of each opening.
    #[arg(long, default_value_t = 4)]
    pub opening_plies: u32,
    /// Games longer than this many plies are stopped and counted as half a point each.
    #[arg(long, default_value_t = 1000)]
    pub max_plies: u32,
    /// Keep only openings a search scores within this of even (a front seed is about 10).
    #[arg(long)]
    pub balance: Option<i32>,
    /// Nodes of the search that judges an opening for --balance.
    #[arg(long, default_value_t = 20_000)]
    pub balance_nodes: u64,
}

/// Parses `on` or `off`.
pub(crate) fn parse_on_off(s: &str) -> Result<bool, String> {
    match s {
        "on" => Ok(true),
        "off" => Ok(false),
        other => Err(format!("{other:?}: expected on or off")),
    }
}

/// Parses ten comma-separated integers into evaluation weights.
fn parse_weights(s: &str) -> Result<Weights, String> {
    let v: Vec<i32> = s
        .split(',')
        .map(|x| x.trim().parse::<i32>().map_err(|e| format!("{x:?}: {e}")))
        .collect::<Result<_, _>>()?;
    let a: [i32; 10] = v
        .try_into()
        .map_err(|v: Vec<i32>| format!("expected 10 weights, got {}", v.len()))?;
    Ok(Weights::from_array(a))
}

/// Parses `none` or a comma-separated list of `lmr`, `aspiration`, `null` (null-move pruning),
/// `null-safe` (null-move pruning only with many moves) and `null-verify` (null-move pruning with
/// verification; combines with `null-safe`).
fn parse_features(s: &str) -> Result<Features, String> {
    let mut f = Features::NONE;
    for name in s.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        match name {
            "none" => {}
            "lmr" => f.lmr = true,
            "aspiration" => f.aspiration = true,
            "null" => f.null_move = true,
            "null-safe" => {
                f.null_move = true;
                f.null_guard = true;
            }
            "null-verify" => {
                f.null_move = true;
                f.null_verify = true;
            }
            other => {
                return Err(format!(
                    "unknown search feature {other:?} (expected lmr, aspiration, null, null-safe, null-verify or none)"
                ))
            }
        }
    }
    Ok(f)
}

struct Engine {
    cfg: Option<LevelConfig>,
    weights: Option<Weights>,
}

/// What the command line changes in one player's level.
#[derive(Clone, Copy)]
struct Overrides {
    depth: Option<u32>,
    features: Option<Features>,
    weights: Option<Weights>,
    book: Option<bool>,
    qdepth: Option<u32>,
    threads: u32,
}

impl Engine {
    fn new(player: Player, args: &MatchArgs, o: Overrides) -> Engine {
        let Overrides {
            depth,
            features,
            weights,
            book,
            qdepth,
            threads,
        } = o;
        let cfg = match player {
            Player::Random => None,
            Player::Ai(level) => {
                let mut c = level.config_for(args.variant);
                if let Some(ms) = args.ms {
                    c.time = c.time.min(Duration::from_millis(ms));
                }
                if let Some(d) = depth {
                    c.max_depth = d;
                }
                if args.nodes.is_some() {
                    c.nodes = args.nodes;
                }
                if let Some(f) = features {
                    c.features = f;
                }
                if let Some(b) = book {
                    c.book = b;
                }
                if let Some(q) = qdepth {
                    c.qdepth = q;
                }
                c.threads = threads;
                Some(c)
            }
        };
        Engine { cfg, weights }
    }

    fn play(&self, pos: &Position, rng: &mut Rng, stats: &mut Stats) -> Option<Position> {
        let children = pos.children();
        if children.is_empty() {
            return None;
        }
        match &self.cfg {
            None => Some(children[rng.below(children.len() as u64) as usize].1),
            Some(cfg) => {
                let booked = cfg.book.then(|| bao_ai::book::lookup(pos)).flatten();
                if let Some(e) = booked {
                    stats.book += 1;
                    return children.iter().find(|(m, _)| *m == e.mv).map(|(_, p)| *p);
                }
                let r = match self.weights {
                    None => bao_ai::think(pos, cfg, rng.next_u64()),
                    Some(w) => {
                        let mut o = cfg.options(rng.next_u64());
                        o.weights = Some(w);
                        bao_ai::search::search(pos, &o)
                    }
                };
                stats.moves += 1;
                stats.depth += u64::from(r.depth);
                stats.nodes += r.nodes;
                stats.max_time = stats.max_time.max(r.elapsed);
                let mv = r.best?;
                children.iter().find(|(m, _)| *m == mv).map(|(_, p)| *p)
            }
        }
    }
}

#[derive(Default)]
struct Stats {
    /// Moves searched (book moves not counted).
    moves: u64,
    /// Moves played from the opening book.
    book: u64,
    depth: u64,
    nodes: u64,
    max_time: Duration,
}

/// Outcome of one game for the player moving South.
enum Outcome {
    SouthWins,
    NorthWins,
    Unfinished,
}

fn play_game(
    start: Position,
    south: &Engine,
    north: &Engine,
    rng: &mut Rng,
    max_plies: u32,
    stats: [&mut Stats; 2],
    plies: &mut u64,
) -> Outcome {
    let [s_stats, n_stats] = stats;
    let mut pos = start;
    for _ in 0..max_plies {
        let me = pos.to_move();
        let (engine, st) = if me == Side::South {
            (south, &mut *s_stats)
        } else {
            (north, &mut *n_stats)
        };
        if let Some(r) = pos.result() {
            return winner(r.winner);
        }
        match engine.play(&pos, rng, st) {
            Some(next) => pos = next,
            // No legal move: the side to move loses.
            None => return winner(me.opponent()),
        }
        *plies += 1;
    }
    match pos.result() {
        Some(r) => winner(r.winner),
        None => Outcome::Unfinished,
    }
}

fn winner(side: Side) -> Outcome {
    match side {
        Side::South => Outcome::SouthWins,
        Side::North => Outcome::NorthWins,
    }
}

/// `bao match`.
pub fn run(args: &MatchArgs) -> ExitCode {
    let a = Engine::new(
        args.a,
        args,
        Overrides {
            depth: args.depth_a,
            features: args.features_a,
            weights: args.weights_a,
            book: args.book_a,
            qdepth: args.qdepth_a,
            threads: args.threads_a,
        },
    );
    let b = Engine::new(
        args.b,
        args,
        Overrides {
            depth: args.depth_b,
            features: args.features_b,
            weights: None,
            book: args.book_b,
            qdepth: args.qdepth_b,
            threads: args.threads_b,
        },
    );
    let pairs = args.games.div_ceil(2).max(1);
    let mut rng = Rng::new(args.seed);
    let (mut wins, mut losses, mut draws) = (0u32, 0u32, 0u32);
    let mut south_wins = 0u32;
    let mut pair_scores: Vec<f64> = Vec::new();
    let (mut sa, mut sb) = (Stats::default(), Stats::default());
    let mut plies = 0u64;
    let t = Instant::now();
    for _ in 0..pairs {
        let start = bao_ai::openings::opening(
            args.variant,
            args.opening_plies,
            args.balance.map(|b| (b, args.balance_nodes)),
            &mut rng,
        );
        let mut pair = 0.0;
        for a_is_south in [true, false] {
            let mut game_rng = Rng::new(rng.next_u64());
            let outcome = if a_is_south {
                play_game(
                    start,
                    &a,
                    &b,
                    &mut game_rng,
                    args.max_plies,
                    [&mut sa, &mut sb],
                    &mut plies,
                )
            } else {
                play_game(
                    start,
                    &b,
                    &a,
                    &mut game_rng,
                    args.max_plies,
                    [&mut sb, &mut sa],
                    &mut plies,
                )
            };
            if matches!(outcome, Outcome::SouthWins) {
                south_wins += 1;
            }
            match (outcome, a_is_south) {
                (Outcome::SouthWins, true) | (Outcome::NorthWins, false) => {
                    wins += 1;
                    pair += 1.0;
                }
                (Outcome::Unfinished, _) => {
                    draws += 1;
                    pair += 0.5;
                }
                _ => losses += 1,
            }
        }
        pair_scores.push(pair / 2.0);
        // Progress on stderr, one line per pair: a long match can be followed, and cut short, with its
        // pairs on record.
        eprintln!(
            "pair {}/{pairs}: {}/2 ({wins}-{losses} so far, {:.1} s)",
            pair_scores.len(),
            pair,
            t.elapsed().as_secs_f64()
        );
    }
    let n = pair_scores.len() as f64;
    let mean = pair_scores.iter().sum::<f64>() / n;
    let var = if n > 1.0 {
        pair_scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (n - 1.0)
    } else {
        0.0
    };
    let half = 1.96 * (var / n).sqrt();
    let games = wins + losses + draws;
    say!(
        "{} vs {} ({}): games {games} wins {wins} losses {losses} unfinished {draws} score {:.1}% 95% CI [{:.1}%, {:.1}%]",
        args.a.name(),
        args.b.name(),
        args.variant,
        mean * 100.0,
        (mean - half).max(0.0) * 100.0,
        (mean + half).min(1.0) * 100.0
    );
    for (p, st) in [(args.a, &sa), (args.b, &sb)] {
        if st.moves > 0 {
            say!(
                "  {}: {} moves searched ({} from the book), mean depth {:.1}, mean nodes {:.0}, longest think {:.1} ms",
                p.name(),
                st.moves,
                st.book,
                st.depth as f64 / st.moves as f64,
                st.nodes as f64 / st.moves as f64,
                st.max_time.as_secs_f64() * 1e3
            );
        }
    }
    say!(
        "  South won {south_wins} of {games}; mean game length {:.1} plies, {:.1} s in all",
        plies as f64 / f64::from(games.max(1)),
        t.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}
