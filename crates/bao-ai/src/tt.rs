//! The transposition table: a fixed-size array of 16-byte entries in buckets of two, shared without locks by
//! the threads of one search (Lazy SMP).
//!
//! Each bucket keeps one depth-preferred slot and one always-replace slot, the usual compromise: deep results
//! survive, and recent shallow ones (which cut the most nodes in the next iteration) still find room.
//! The table lives for one search, so there is no ageing.
//!
//! **Sharing.** A slot is two `AtomicU64`: the entry's packed data, and its key XOR that data (the scheme of
//! Hyatt and Mann's "lockless transposition table"). Two threads writing the same slot at once may leave the
//! key word of one and the data word of the other; the key recomputed from them then matches neither, so the
//! torn entry reads as a miss instead of a wrong score. Relaxed ordering is enough: an entry is checked by
//! its own key, and nothing else is published through the table. With one thread the table behaves exactly
//! as the plain array it replaces (same probes, same replacements), which keeps the single-threaded search
//! reproducible.

use std::sync::atomic::{AtomicU64, Ordering};

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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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

impl Entry {
    /// The data word: score (bits 0-31), depth + 1 (32-47), best XOR 0xFF (48-55), bound (56-63). The
    /// offsets make the empty entry (depth -1, no best move, upper bound, key 0) the all-zero slot.
    #[inline]
    fn data(&self) -> u64 {
        let bound = match self.bound {
            Bound::Upper => 0u64,
            Bound::Lower => 1,
            Bound::Exact => 2,
        };
        u64::from(self.score as u32)
            | u64::from(self.depth.wrapping_add(1) as u16) << 32
            | u64::from(self.best ^ 0xFF) << 48
            | bound << 56
    }

    /// The entry of a slot's two words.
    #[inline]
    fn unpack(key_word: u64, data: u64) -> Entry {
        Entry {
            key: key_word ^ data,
            score: data as u32 as i32,
            depth: ((data >> 32) as u16 as i16).wrapping_sub(1),
            best: (data >> 48) as u8 ^ 0xFF,
            bound: match (data >> 56) as u8 {
                1 => Bound::Lower,
                2 => Bound::Exact,
                _ => Bound::Upper,
            },
        }
    }
}

/// One slot: the key XOR the data, then the data.
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

impl Slot {
    #[inline]
    fn load(&self) -> Entry {
        let check = self.check.load(Ordering::Relaxed);
        let data = self.data.load(Ordering::Relaxed);
        Entry::unpack(check, data)
    }

    #[inline]
    fn save(&self, e: &Entry) {
        let data = e.data();
        self.check.store(e.key ^ data, Ordering::Relaxed);
        self.data.store(data, Ordering::Relaxed);
    }
}

/// The table. `Sync`: the threads of a search share it by reference.
pub struct Table {
    slots: Vec<Slot>,
    mask: usize,
}

impl Table {
    /// A table of `2^bits` entries (16 bytes each), all empty.
    pub fn new(bits: u32) -> Table {
        let len = 1usize << bits.clamp(4, 28);
        Table {
            slots: (0..len)
                .map(|_| Slot {
                    check: AtomicU64::new(0),
                    data: AtomicU64::new(0),
                })
                .collect(),
            mask: (len - 1) & !1,
        }
    }

    /// The entry stored for `key`, if any. A slot being written by another thread at the same moment reads
    /// as a miss (its key does not match).
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let i = (key as usize) & self.mask;
        self.slots[i..i + 2]
            .iter()
            .map(Slot::load)
            .find(|e| e.key == key && e.depth >= 0)
    }

    /// Stores a result; a same-key entry is updated in place.
    #[inline]
    pub fn store(&self, key: u64, score: i32, depth: i16, best: u8, bound: Bound) {
        let i = (key as usize) & self.mask;
        let mut new = Entry {
            key,
            score,
            depth,
            best,
            bound,
        };
        let first = self.slots[i].load();
        let slot = if first.key == key || depth >= first.depth {
            i
        } else {
            i + 1
        };
        // Keep the known best move when the new result has none (an all-node stores no best move).
        if new.best == u8::MAX {
            let old = if slot == i {
                first
            } else {
                self.slots[slot].load()
            };
            if old.key == key {
                new.best = old.best;
            }
        }
        self.slots[slot].save(&new);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip_and_empty_is_zero() {
        let empty = Entry::unpack(0, 0);
        assert_eq!(
            empty,
            Entry {
                key: 0,
                score: 0,
                depth: -1,
                best: u8::MAX,
                bound: Bound::Upper
            }
        );
        for (score, depth, best, bound) in [
            (-30_000, 0, 0, Bound::Exact),
            (29_990, 127, 31, Bound::Lower),
            (i32::MIN, i16::MAX - 1, u8::MAX, Bound::Upper),
            (-1, 5, 7, Bound::Upper),
        ] {
            let e = Entry {
                key: 0xDEAD_BEEF_1234_5678,
                score,
                depth,
                best,
                bound,
            };
            assert_eq!(Entry::unpack(e.key ^ e.data(), e.data()), e);
        }
    }

    #[test]
    fn store_then_probe_and_replacement() {
        let t = Table::new(8);
        assert_eq!(t.probe(42), None);
        t.store(42, 10, 3, 2, Bound::Exact);
        let e = t.probe(42).expect("stored");
        assert_eq!(
            (e.score, e.depth, e.best, e.bound),
            (10, 3, 2, Bound::Exact)
        );
        // A shallower result for another key of the same bucket goes to the second slot.
        let other = 42 + (1 << 20);
        t.store(other, -5, 1, u8::MAX, Bound::Upper);
        assert!(t.probe(42).is_some());
        assert_eq!(t.probe(other).map(|e| e.score), Some(-5));
        // An all-node result keeps the best move already known for the key.
        t.store(42, 7, 4, u8::MAX, Bound::Upper);
        assert_eq!(t.probe(42).map(|e| (e.score, e.best)), Some((7, 2)));
    }

    /// A slot whose two words come from different writes is a miss, not a wrong entry.
    #[test]
    fn torn_entries_are_rejected() {
        let a = Entry {
            key: 0x1111_2222_3333_4444,
            score: 100,
            depth: 5,
            best: 1,
            bound: Bound::Exact,
        };
        let b = Entry {
            key: 0x5555_6666_7777_8888 & !0xFF,
            score: -100,
            depth: 2,
            best: 3,
            bound: Bound::Lower,
        };
        let torn = Entry::unpack(a.key ^ a.data(), b.data());
        assert_ne!(torn.key, a.key);
        assert_ne!(torn.key, b.key);
        let t = Table::new(8);
        let i = (a.key as usize) & t.mask;
        t.slots[i].check.store(a.key ^ a.data(), Ordering::Relaxed);
        t.slots[i].data.store(b.data(), Ordering::Relaxed);
        assert_eq!(t.probe(a.key), None);
    }

    /// Several threads hammering the same few buckets: every hit is an entry some thread stored for that key.
    #[test]
    fn threads_share_the_table_without_wrong_entries() {
        let t = Table::new(6);
        // Each key's stored score is derived from the key, so a hit with another score would be a torn read.
        let score_of = |k: u64| (k % 20_011) as i32 - 10_000;
        let (hits, wrong) = std::thread::scope(|s| {
            let handles: Vec<_> = (0..4u64)
                .map(|id| {
                    let t = &t;
                    s.spawn(move || {
                        let (mut hits, mut wrong) = (0u64, 0u64);
                        let mut x = id.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
                        for n in 0..200_000u64 {
                            x ^= x << 13;
                            x ^= x >> 7;
                            x ^= x << 17;
                            // Spread over 64 bits like real position keys (the XOR check relies on that).
                            let key = (x % 512 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
                            if n % 2 == 0 {
                                t.store(
                                    key,
                                    score_of(key),
                                    (key % 7) as i16,
                                    (key % 30) as u8,
                                    Bound::Exact,
                                );
                            } else if let Some(e) = t.probe(key) {
                                hits += 1;
                                if e.score != score_of(key)
                                    || e.depth != (key % 7) as i16
                                    || e.best != (key % 30) as u8
                                {
                                    wrong += 1;
                                }
                            }
                        }
                        (hits, wrong)
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("thread"))
                .fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1))
        });
        assert!(hits > 1000, "{hits} hits");
        assert_eq!(wrong, 0);
    }
}
