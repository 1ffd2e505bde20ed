//! The transposition table of partition search: one entry stands for every
//! position that agrees with it on the cards that decided its result.
//!
//! Positions are met at the start of a trick and keyed by every hand's
//! length in every suit and the seat on lead. Cards are ranked among the
//! cards still out in their suit (the relative ranks), so a position
//! after the ♠A and ♠K have gone matches one where they are still out
//! and the ♠Q and ♠J stand where they stood. Under a key, an entry keeps a
//! mask of the relative cards that mattered (in each suit, every card from
//! the top down to the lowest that won a trick by its rank) and who held
//! them; a position matches when its holders under the mask are the same.
//! The small cards under the mask are then placed by the lengths alone.
//!
//! An entry bounds North-South's tricks from the position: at least `lo`,
//! at most `hi`.
//!
//! The table holds [`CAPACITY`] entries at most, so a solver's memory is
//! bounded whatever the deal. When it is full, the entries with the fewest
//! tricks left go, at least a quarter of them: they are the cheapest to
//! find again (with half the capacity, dropping half took more nodes and
//! clearing all twice the nodes). Random deals never fill it: the 90 deals
//! of the `versus` example (`versus 30 SEED ours` for seeds 7, 8 and 9)
//! search the same 4,908,562 nodes with or without the bound.
//! bridge-solver's symmetric deals fill it (peak memory of the process,
//! both tables):
//! - the first (four voids, no touching cards), its whole double-dummy
//!   table: 1.32x the nodes and 1.12x the time, in 138 MiB rather than
//!   423;
//! - North and South swapped, notrump with East on lead: 1.41 G nodes
//!   against 0.53 G, 182 s against 113 s, in 137 MiB rather than 979.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// Entries kept under one key at most; the oldest goes first.
const PER_KEY: usize = 1024;

/// Entries kept in all at most: 40 bytes each (80 MiB), and the lists'
/// spare room and the keys besides, more as the entries spread over more
/// keys.
pub(crate) const CAPACITY: usize = 1 << 21;

/// One bound on North-South's tricks, for the positions that match it.
#[derive(Clone, Copy)]
struct Entry {
    /// The mask's cards held by North, East and South (West holds the
    /// rest), in the packed relative form of [`crate::search`].
    held: [u64; 3],
    /// The relative cards that mattered.
    mask: u64,
    /// North-South take at least this many of the tricks left.
    lo: u8,
    /// And at most this many.
    hi: u8,
}

/// A position's key: every hand's suit lengths (4 bits each) and the
/// leader.
pub(crate) type Key = u128;

/// The key of a position whose hands have `lengths` (seat `h`, suit `s` at
/// bits `16 h + 4 s`) with `leader` on lead.
pub(crate) fn key(lengths: u64, leader: usize) -> Key {
    (lengths as u128) | (leader as u128) << 64
}

/// A multiply-and-fold hash: the keys are already well spread.
#[derive(Default)]
pub(crate) struct Fold(u64);

impl Hasher for Fold {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }

    fn write_u64(&mut self, x: u64) {
        let m = (self.0 ^ x) as u128 * 0x9e37_79b9_7f4a_7c15;
        self.0 = (m as u64) ^ (m >> 64) as u64;
    }

    fn write_u128(&mut self, x: u128) {
        self.write_u64(x as u64);
        self.write_u64((x >> 64) as u64);
    }
}

/// The table: entries under their keys.
pub(crate) struct Table {
    map: HashMap<Key, Vec<Entry>, BuildHasherDefault<Fold>>,
    /// The entries under all keys.
    len: usize,
    /// The most entries kept.
    capacity: usize,
}

impl Default for Table {
    fn default() -> Self {
        Table::with_capacity(CAPACITY)
    }
}

/// What the table knows of a position for one question.
pub(crate) struct Hit {
    /// Whether North-South take the tricks asked.
    pub(crate) yes: bool,
    /// The relative cards the answer rests on.
    pub(crate) mask: u64,
}

/// The tricks left in a position of `key`: the length of the first
/// seat's hand.
fn tricks_left(key: Key) -> usize {
    (0..4).map(|suit| (key >> (4 * suit)) as usize & 15).sum()
}

impl Table {
    /// A table that keeps at most `capacity` entries.
    pub(crate) fn with_capacity(capacity: usize) -> Table {
        Table {
            map: HashMap::default(),
            len: 0,
            capacity,
        }
    }

    /// Forgets everything (a new deal or strain).
    pub(crate) fn clear(&mut self) {
        self.map.clear();
        self.len = 0;
    }

    /// The entries kept, as counted; checked against the lists.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        let listed: usize = self.map.values().map(Vec::len).sum();
        assert_eq!(listed, self.len, "the count has drifted from the lists");
        self.len
    }

    /// Makes room: forgets the entries with the fewest tricks left, at
    /// least a quarter of all.
    fn thin(&mut self) {
        let mut by_tricks = [0; 14];
        for (&key, list) in &self.map {
            by_tricks[tricks_left(key)] += list.len();
        }
        debug_assert_eq!(by_tricks.iter().sum::<usize>(), self.len);
        let (mut below, mut dropped) = (0, 0);
        while dropped < self.len.div_ceil(4) {
            dropped += by_tricks[below];
            below += 1;
        }
        self.map.retain(|&key, _| tricks_left(key) >= below);
        self.len -= dropped;
    }

    /// Whether an entry of `key` has this mask, and these holders under it.
    fn holds(&self, key: Key, held: [u64; 3], mask: u64) -> bool {
        self.map
            .get(&key)
            .is_some_and(|list| list.iter().any(|e| e.mask == mask && e.held == held))
    }

    /// Whether North-South take `target` of the tricks left in the position
    /// of `key` whose North, East and South hold `held` (relative), if an
    /// entry says.
    pub(crate) fn probe(&self, key: Key, held: [u64; 3], target: u8) -> Option<Hit> {
        let list = self.map.get(&key)?;
        for e in list.iter().rev() {
            // One test for the three hands (`e.held` is under the mask).
            if ((held[0] ^ e.held[0]) | (held[1] ^ e.held[1]) | (held[2] ^ e.held[2])) & e.mask == 0
            {
                if e.lo >= target {
                    return Some(Hit {
                        yes: true,
                        mask: e.mask,
                    });
                }
                if e.hi < target {
                    return Some(Hit {
                        yes: false,
                        mask: e.mask,
                    });
                }
            }
        }
        None
    }

    /// Keeps an answer: North-South take `target` (`yes`) or fewer, in
    /// `tricks` left, for every position that matches `held` under `mask`.
    pub(crate) fn store(
        &mut self,
        key: Key,
        held: [u64; 3],
        mask: u64,
        target: u8,
        yes: bool,
        tricks: u8,
    ) {
        let held = held.map(|h| h & mask);
        // A full table makes room for a new entry, not for a bound on one
        // it holds.
        if self.len >= self.capacity && !self.holds(key, held, mask) {
            self.thin();
        }
        let list = self.map.entry(key).or_default();
        let e = match list.iter_mut().find(|e| e.mask == mask && e.held == held) {
            Some(e) => e,
            None => {
                if list.len() == PER_KEY {
                    list.remove(0);
                } else {
                    self.len += 1;
                }
                list.push(Entry {
                    held,
                    mask,
                    lo: 0,
                    hi: tricks,
                });
                list.last_mut().expect("just pushed")
            }
        };
        if yes {
            e.lo = e.lo.max(target);
        } else {
            e.hi = e.hi.min(target - 1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The key of a position with `n` cards in each hand: the first
    /// seat's dealt over the four suits from clubs, the others' in
    /// diamonds.
    fn key_of(n: u64) -> Key {
        let first: u64 = (0..n).map(|i| 1 << (4 * (3 - i % 4))).sum();
        key(first | ((n << 8) * 0x0001_0001_0001_0000), 0)
    }

    /// When full, the table forgets the positions with the fewest tricks
    /// left, at least a quarter of its entries, and keeps the rest.
    #[test]
    fn a_full_table_forgets_the_shortest_positions() {
        let mut table = Table::with_capacity(8);
        // Two entries of each of 1 to 4 tricks left, under different masks.
        for n in 1..=4 {
            for bit in 0..2 {
                table.store(key_of(n), [0; 3], 1 << bit, 1, true, n as u8);
            }
        }
        assert_eq!(table.len(), 8);
        // One more makes room: the 1-trick positions go.
        table.store(key_of(5), [0; 3], 1, 1, true, 5);
        assert_eq!(table.len(), 7);
        for n in 1..=5 {
            let kept = table.probe(key_of(n), [0; 3], 1).is_some();
            assert_eq!(kept, n > 1, "{n} tricks left");
        }
        // One more fills it again.
        table.store(key_of(5), [0; 3], 2, 1, true, 5);
        assert_eq!(table.len(), 8);
        // A bound on an entry it holds makes no room: the entry takes it
        // and keeps the one it had.
        table.store(key_of(2), [0; 3], 1, 2, false, 2);
        assert_eq!(table.len(), 8);
        let hit = |target| table.probe(key_of(2), [0; 3], target).map(|hit| hit.yes);
        assert_eq!((hit(1), hit(2)), (Some(true), Some(false)));
        // A new entry does, though its mask is one held, with other
        // holders: the 2-trick positions go.
        table.store(key_of(5), [1, 0, 0], 1, 1, true, 5);
        assert_eq!(table.len(), 7);
        for n in 1..=5 {
            let kept = table.probe(key_of(n), [0; 3], 1).is_some();
            assert_eq!(kept, n > 2, "{n} tricks left");
        }
    }

    /// A table of fewer than four entries makes room too.
    #[test]
    fn a_small_table_stays_within_its_bound() {
        let mut table = Table::with_capacity(3);
        for n in 1..=6 {
            table.store(key_of(n), [0; 3], 1, 1, true, n as u8);
            assert!(table.len() <= 3, "{} entries", table.len());
        }
    }

    /// An answer stored again adds no entry, nor does one that pushes out
    /// the oldest of a full key.
    #[test]
    fn the_count_is_the_entries_kept() {
        let mut table = Table::default();
        table.store(key_of(3), [0; 3], 1, 1, true, 3);
        table.store(key_of(3), [0; 3], 1, 2, false, 3);
        assert_eq!(table.len(), 1);
        for bit in 0..PER_KEY as u64 + 5 {
            table.store(key_of(4), [0; 3], bit + 1, 1, true, 4);
        }
        assert_eq!(table.len(), 1 + PER_KEY);
        table.clear();
        assert_eq!(table.len(), 0);
    }
}
