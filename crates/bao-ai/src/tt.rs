//! The transposition table: a fixed-size array of 16-byte entries in buckets of two.
//!
//! Each bucket keeps one depth-preferred slot and one always-replace slot, the usual compromise: deep results
//! survive, and recent shallow ones (which cut the most nodes in the next iteration) still find room.
//! The table is private to one search, so there is no ageing.

/// How a stored score bounds the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The exact value (a PV node).
    Exact,
    /// The true value is at least the score (a beta cut-off).
    Lower,
    /// The true value is at most the score (no move raised alpha).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// Full key, to reject index collisions.
    pub key: u64,
    /// Score, with mate scores made relative to this node (see `search::to_tt`).
    pub score: i32,
    /// Remaining depth the score was searched to.
    pub depth: i16,
    /// Index of the best move in `children()` order (deterministic for a position), `u8::MAX` if none.
    pub best: u8,
    /// Bound kind.
    pub bound: Bound,
}

const EMPTY: Entry = Entry {
    key: 0,
    score: 0,
    depth: -1,
    best: u8::MAX,
    bound: Bound::Upper,
};

/// The table.
pub struct Table {
    entries: Vec<Entry>,
    mask: usize,
}

impl Table {
    /// A table of `2^bits` entries (16 bytes each).
    pub fn new(bits: u32) -> Table {
        let len = 1usize << bits.clamp(4, 28);
        Table {
            entries: vec![EMPTY; len],
            mask: (len - 1) & !1,
        }
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let i = (key as usize) & self.mask;
        let b = &self.entries[i..i + 2];
        b.iter().find(|e| e.key == key && e.depth >= 0).copied()
    }

    /// Stores a result; a same-key entry is updated in place.
    #[inline]
    pub fn store(&mut self, key: u64, score: i32, depth: i16, best: u8, bound: Bound) {
        let i = (key as usize) & self.mask;
        let new = Entry {
            key,
            score,
            depth,
            best,
            bound,
        };
        let slot = if self.entries[i].key == key || depth >= self.entries[i].depth {
            i
        } else {
            i + 1
        };
        // Keep the known best move when the new result has none (an all-node stores no best move).
        let mut new = new;
        if new.best == u8::MAX && self.entries[slot].key == key {
            new.best = self.entries[slot].best;
        }
        self.entries[slot] = new;
    }
}
