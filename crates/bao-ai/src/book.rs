//! The opening book: for the positions near the start of each variant, the move of a search far longer than
//! a move's budget, so `hard` (and the review, which searches as `hard`) plays them at once and better.
//!
//! - **Positions, not move sequences.** A book is looked up by the position's key, so a position reached
//!   by another order of moves (a transposition) finds its entry too. The file stores, for each position,
//!   one sequence of moves that reaches it from the start, not the key: the keys stay an implementation
//!   detail of [`crate::zobrist`], and the file can be read (and checked) by a person.
//! - **Which positions.** [`build`] follows each side in turn as "the book side" from the start position:
//!   where the book side is to move, the position is searched and only the book move is followed; where the
//!   other side is to move, its `width` most plausible replies are followed (all of them at the first ply of
//!   the game, where a player's choice is freest). So the book covers the games in which one side plays as
//!   the book says and the other plays any sensible move, up to `plies` plies.
//! - **Where the books are.** `crates/bao-ai/books/VARIANT.txt`, compiled into the crate; [`lookup`] reads
//!   them. `bao book` builds one (docs/benchmarks.md, "Opening book", has the commands and what it gave).
//!
//! File format: one position per line, `MOVES ; BOOK_MOVE SCORE DEPTH`, where `MOVES` are the moves from
//! the start in the notation of the rules (empty for the start position), `SCORE` the search's score for the
//! side to move and `DEPTH` the depth it reached. `#` starts a comment line.

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::sync::OnceLock;

use bao_core::{Move, Position, Side, Variant};

use crate::search::{self, Limits, Options};
use crate::zobrist;
use crate::LevelConfig;

/// What the book says of one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookEntry {
    /// The move to play.
    pub mv: Move,
    /// The search's score of the position for the side to move.
    pub score: i32,
    /// The depth the search reached.
    pub depth: u32,
}

/// One line of a book file: a way to reach the position from the start, and its entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookLine {
    /// Moves from the variant's start position.
    pub moves: Vec<Move>,
    /// The entry of the position they reach.
    pub entry: BookEntry,
}

impl fmt::Display for BookLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, mv) in self.moves.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{mv}")?;
        }
        write!(
            f,
            " ; {} {} {}",
            self.entry.mv, self.entry.score, self.entry.depth
        )
    }
}

/// Why a book file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong with it.
    pub reason: String,
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "book line {}: {}", self.line, self.reason)
    }
}

impl std::error::Error for BookError {}

/// The positions of one variant's book, by key.
#[derive(Clone, Debug, Default)]
pub struct Book {
    entries: HashMap<u64, BookEntry>,
}

impl Book {
    /// Reads a book file of `variant`. Every line is checked: its moves must be legal from the start, and
    /// the book move legal in the position they reach.
    pub fn parse(variant: Variant, text: &str) -> Result<Book, BookError> {
        let mut entries = HashMap::new();
        for (i, raw) in text.lines().enumerate() {
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let err = |reason: String| BookError {
                line: i + 1,
                reason,
            };
            let (path, rest) = line
                .split_once(';')
                .ok_or_else(|| err("no `;` between the moves and the entry".into()))?;
            let mut pos = Position::new(variant);
            for word in path.split_whitespace() {
                let mv: Move = word
                    .parse()
                    .map_err(|_| err(format!("`{word}` is not a move")))?;
                pos = play(&pos, mv).ok_or_else(|| err(format!("`{word}` is not legal here")))?;
            }
            let fields: Vec<&str> = rest.split_whitespace().collect();
            let [mv, score, depth] = fields[..] else {
                return Err(err("the entry is not `MOVE SCORE DEPTH`".into()));
            };
            let mv: Move = mv
                .parse()
                .map_err(|_| err(format!("`{mv}` is not a move")))?;
            if play(&pos, mv).is_none() {
                return Err(err(format!("the book move `{mv}` is not legal here")));
            }
            let entry = BookEntry {
                mv,
                score: score
                    .parse()
                    .map_err(|_| err(format!("`{score}` is not a score")))?,
                depth: depth
                    .parse()
                    .map_err(|_| err(format!("`{depth}` is not a depth")))?,
            };
            entries.insert(zobrist::hash(&pos), entry);
        }
        Ok(Book { entries })
    }

    /// The entry for `pos`, if the book has one.
    pub fn get(&self, pos: &Position) -> Option<BookEntry> {
        if pos.result().is_some() {
            return None;
        }
        self.entries.get(&zobrist::hash(pos)).copied()
    }

    /// How many positions the book holds.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the book holds no position.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

/// `pos` after `mv`, if `mv` is legal there.
fn play(pos: &Position, mv: Move) -> Option<Position> {
    pos.play(mv).ok().map(|(next, _)| next)
}

/// The text of the book compiled in for `variant`.
fn builtin_text(variant: Variant) -> &'static str {
    match variant {
        Variant::Kujifunza => include_str!("../books/kujifunza.txt"),
        Variant::Kiswahili => include_str!("../books/kiswahili.txt"),
        Variant::KiswahiliMalawi => include_str!("../books/kiswahili-malawi.txt"),
        Variant::Kimasai => include_str!("../books/kimasai.txt"),
    }
}

/// The book compiled in for `variant`, read once. A file that does not parse gives an empty book (a test,
/// `the_builtin_books_parse`, makes sure none ships).
pub fn builtin(variant: Variant) -> &'static Book {
    static BOOKS: [OnceLock<Book>; 4] = [
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
    ];
    let i = Variant::ALL.iter().position(|v| *v == variant).unwrap_or(0);
    BOOKS[i].get_or_init(|| Book::parse(variant, builtin_text(variant)).unwrap_or_default())
}

/// The built-in book's entry for `pos`, if any.
pub fn lookup(pos: &Position) -> Option<BookEntry> {
    builtin(pos.variant()).get(pos)
}

/// How [`build`] chooses and searches the positions.
#[derive(Clone, Copy, Debug)]
pub struct BuildOptions {
    /// Deepest ply (from the start) of a booked position.
    pub plies: u32,
    /// Replies followed where the other side is to move (its best by a short search); at the first ply
    /// of the game, every reply. 0: every reply everywhere.
    pub width: usize,
    /// Node budget of the search of a booked position.
    pub nodes: u64,
    /// Node budget of the short search that ranks the other side's replies.
    pub rank_nodes: u64,
    /// The search settings (weights, features, capture extension) of the booked positions.
    pub config: LevelConfig,
}

/// Builds the book of `variant` (see the module docs). `progress` is called with each new line as soon as
/// it is known, so a long build can be followed and its lines kept even if it is stopped.
pub fn build(
    variant: Variant,
    opts: &BuildOptions,
    mut progress: impl FnMut(&BookLine),
) -> Vec<BookLine> {
    let mut b = Builder {
        opts,
        lines: Vec::new(),
        seen: HashMap::new(),
        ranked: HashMap::new(),
        visited: HashSet::new(),
        progress: &mut progress,
    };
    let start = Position::new(variant);
    for side in Side::ALL {
        b.walk(&start, &mut Vec::new(), side);
    }
    b.lines
}

struct Builder<'a, F: FnMut(&BookLine)> {
    opts: &'a BuildOptions,
    lines: Vec<BookLine>,
    /// The entries found so far, by key: a transposition is searched once.
    seen: HashMap<u64, BookEntry>,
    /// The other side's replies chosen so far, by key.
    ranked: HashMap<u64, Vec<(Move, Position)>>,
    /// (key, book side) pairs already walked, so a transposition is not walked twice.
    visited: HashSet<(u64, Side)>,
    progress: &'a mut F,
}

impl<F: FnMut(&BookLine)> Builder<'_, F> {
    fn walk(&mut self, pos: &Position, path: &mut Vec<Move>, book_side: Side) {
        if path.len() as u32 >= self.opts.plies || pos.result().is_some() {
            return;
        }
        let key = zobrist::hash(pos);
        if !self.visited.insert((key, book_side)) {
            return;
        }
        let children = pos.children();
        if children.is_empty() {
            return;
        }
        let next: Vec<(Move, Position)> = if children.len() == 1 {
            // A forced move needs no entry: the search answers it at once.
            children.to_vec()
        } else if pos.to_move() == book_side {
            let entry = self.entry(pos, key, path);
            children
                .iter()
                .filter(|(m, _)| *m == entry.mv)
                .copied()
                .collect()
        } else {
            self.replies(pos, key, path.is_empty())
        };
        for (mv, child) in next {
            path.push(mv);
            self.walk(&child, path, book_side);
            path.pop();
        }
    }

    /// The entry of `pos`, searched the first time it is met.
    fn entry(&mut self, pos: &Position, key: u64, path: &[Move]) -> BookEntry {
        if let Some(e) = self.seen.get(&key) {
            return *e;
        }
        let r = self.search(pos, self.opts.nodes);
        let entry = BookEntry {
            // The search answers every position that is not over and has a move with one.
            mv: r.best.unwrap_or_else(|| pos.legal_moves()[0]),
            score: r.score,
            depth: r.depth,
        };
        self.seen.insert(key, entry);
        let line = BookLine {
            moves: path.to_vec(),
            entry,
        };
        (self.progress)(&line);
        self.lines.push(line);
        entry
    }

    /// The other side's replies at `pos`: all of them at the first ply (or with `width` 0), else the
    /// `width` best by a short search of each.
    fn replies(&mut self, pos: &Position, key: u64, first: bool) -> Vec<(Move, Position)> {
        let children = pos.children();
        if first || self.opts.width == 0 || children.len() <= self.opts.width {
            return children.to_vec();
        }
        if let Some(r) = self.ranked.get(&key) {
            return r.clone();
        }
        let mut scored: Vec<(i32, usize)> = children
            .iter()
            .enumerate()
            .map(|(i, (_, child))| {
                let score = match child.result() {
                    Some(r) if r.winner == pos.to_move() => search::MATE,
                    Some(_) => -search::MATE,
                    None => -self.search(child, self.opts.rank_nodes).score,
                };
                (score, i)
            })
            .collect();
        // Best first; ties keep the move order, so a build is reproducible.
        scored.sort_by_key(|&(score, i)| (std::cmp::Reverse(score), i));
        let chosen: Vec<(Move, Position)> = scored
            .iter()
            .take(self.opts.width)
            .map(|&(_, i)| children[i])
            .collect();
        self.ranked.insert(key, chosen.clone());
        chosen
    }

    fn search(&self, pos: &Position, nodes: u64) -> search::SearchResult {
        let mut o: Options = self.opts.config.options(0);
        o.limits = Limits {
            max_depth: 64,
            nodes: Some(nodes),
            time: None,
        };
        search::search(pos, &o)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Level;

    fn small(variant: Variant) -> BuildOptions {
        BuildOptions {
            plies: 3,
            width: 2,
            nodes: 2_000,
            rank_nodes: 200,
            config: Level::Hard.config_for(variant),
        }
    }

    #[test]
    fn the_builtin_books_parse_and_cover_the_start() {
        for v in Variant::ALL {
            let text = builtin_text(v);
            let book = Book::parse(v, text).unwrap_or_else(|e| panic!("{v}: {e}"));
            assert!(!book.is_empty(), "{v}: the built-in book is empty");
            let start = Position::new(v);
            let e = lookup(&start).unwrap_or_else(|| panic!("{v}: the start is not in the book"));
            assert!(start.legal_moves().contains(&e.mv));
            assert_eq!(builtin(v).len(), book.len());
        }
    }

    #[test]
    fn a_built_book_reads_back_and_finds_transpositions_by_position() {
        let v = Variant::Kujifunza;
        let lines = build(v, &small(v), |_| {});
        assert!(lines.len() > 3, "only {} lines", lines.len());
        let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
        let book = Book::parse(v, &text).expect("a built book parses");
        assert_eq!(book.len(), lines.len(), "each line is a new position");
        for line in &lines {
            let mut pos = Position::new(v);
            for mv in &line.moves {
                pos = play(&pos, *mv).expect("legal");
            }
            assert_eq!(book.get(&pos), Some(line.entry));
        }
        // The start position's entry is found from a position built another way: from its setup.
        let start = Position::new(v);
        let rebuilt =
            Position::from_setup_any_total(start.to_setup()).expect("the start's own setup");
        assert_eq!(book.get(&rebuilt), book.get(&start));
        assert!(book.get(&start).is_some());
    }

    #[test]
    fn the_book_follows_every_first_move_and_only_the_book_move_of_the_book_side() {
        let v = Variant::Kujifunza;
        let lines = build(v, &small(v), |_| {});
        let start = Position::new(v);
        let first = lines
            .iter()
            .find(|l| l.moves.is_empty())
            .expect("the start is booked");
        // North as the book side: every first move of South is answered.
        for (mv, child) in start.children() {
            if child.result().is_none() && child.legal_moves().len() > 1 {
                assert!(
                    lines.iter().any(|l| l.moves == [mv]),
                    "no entry after the first move {mv}"
                );
            }
        }
        // South as the book side: after its book move, North's replies are followed, never another
        // first move of South's at ply 2.
        for l in lines.iter().filter(|l| l.moves.len() == 2) {
            assert_eq!(l.moves[0], first.entry.mv, "ply 2 off the book: {l}");
        }
    }

    #[test]
    fn a_bad_book_is_refused_with_its_line() {
        let v = Variant::Kujifunza;
        let e = Book::parse(v, "# comment\n\nA6L A6L ; A6L 0 1\n").expect_err("refused");
        assert_eq!(e.line, 3);
        let e = Book::parse(v, " ; A6L zero 1\n").expect_err("refused");
        assert!(e.reason.contains("score"), "{e}");
        let e = Book::parse(v, "zz ; A6L 0 1\n").expect_err("refused");
        assert!(e.reason.contains("not a move"), "{e}");
        let e = Book::parse(v, "A6L\n").expect_err("refused");
        assert!(e.reason.contains(';'), "{e}");
    }
}
