//! A transposition table kept to a memory budget without ever thrashing a search.
//!
//! A depth-first search over a game whose positions share options needs every value it has
//! found while it runs: an entry dropped in the middle of a search is recomputed, and the
//! recomputation finds its own options dropped, and so on, so a table even a little too
//! small turns a fraction of a second into hours. So this table never drops an entry that the
//! running search has used. It keeps two generations: the current one holds what the running
//! search has found or used (an entry found in the previous generation moves into the current
//! one), and the previous one what earlier searches left. Only at the start of a search, when
//! the current generation holds more than the table's share of memory, does it become the
//! previous one, dropping the older previous one whole; and when memory runs short in the
//! middle of a search, the previous generation can be dropped ([`BoundedTable::drop_previous`]).
//! A search that needs more than the whole memory limit by itself stops with a clear error
//! from its meter rather than slowing down.
//! The bytes are counted as allocated: the bucket arrays at their capacity (a hash map keeps
//! free slots) and what the keys own. A map that grows holds its old and its new array at
//! once; [`BoundedTable::growth_bytes`] says so before it happens, so that a search can stop
//! before the peak passes its limit.
//! Keys are hashed by the fast, non-cryptographic Fx hash.

use super::footprint::{map_bytes, map_growth_bytes, Footprint};
use rustc_hash::FxHashMap;
use std::hash::Hash;
use std::mem::size_of;

/// A transposition table kept to a memory budget: it holds two generations of entries and
/// only ever drops the older one, which holds nothing the running search has used.
pub struct BoundedTable<K, V> {
    current: FxHashMap<K, V>,
    previous: FxHashMap<K, V>,
    /// What the keys of each generation own beyond their inline size (a position's heap).
    current_owned: u64,
    previous_owned: u64,
    /// The bytes of the previous generation's bucket array, fixed when it became the previous
    /// one (entries leave it, but its array stays until it is dropped).
    previous_array: u64,
    /// The bytes the current generation may hold at the start of a search.
    generation_bytes: u64,
}

impl<K: Eq + Hash + Footprint, V: Copy> BoundedTable<K, V> {
    /// A table that keeps about `max_bytes` bytes between searches.
    pub fn new(max_bytes: u64) -> Self {
        BoundedTable {
            current: FxHashMap::default(),
            previous: FxHashMap::default(),
            current_owned: 0,
            previous_owned: 0,
            previous_array: 0,
            generation_bytes: (max_bytes / 2).max(1),
        }
    }

    /// Marks the start of a search: what the last searches used becomes the previous
    /// generation if it holds more than half the table's bytes.
    pub fn start_search(&mut self) {
        if self.current_bytes() > self.generation_bytes {
            self.previous_array = map_bytes(self.current.capacity(), entry_size::<K, V>());
            self.previous = std::mem::take(&mut self.current);
            self.previous_owned = std::mem::replace(&mut self.current_owned, 0);
        }
    }

    /// Drops what earlier searches left and the running one has not used.
    pub fn drop_previous(&mut self) {
        self.previous = FxHashMap::default();
        self.previous_owned = 0;
        self.previous_array = 0;
    }

    /// The value of `key`, if the table holds it; a hit keeps the entry for this search. A
    /// hit in the previous generation may grow the current one by [`Self::growth_bytes`].
    pub fn get(&mut self, key: &K) -> Option<V> {
        if let Some(&value) = self.current.get(key) {
            return Some(value);
        }
        let (key, value) = self.previous.remove_entry(key)?;
        let owned = owned_bytes(&key);
        self.previous_owned -= owned;
        self.current_owned += owned;
        self.current.insert(key, value);
        Some(value)
    }

    /// Remembers `value` for `key`; may grow the table by [`Self::growth_bytes`].
    pub fn insert(&mut self, key: K, value: V) {
        let owned = owned_bytes(&key);
        if self.current.insert(key, value).is_none() {
            self.current_owned += owned;
        }
    }

    /// The bytes the next new entry would allocate: none while the current generation has a
    /// free slot, else its larger bucket array (the old one is freed only after the move).
    pub fn growth_bytes(&self) -> u64 {
        match self.current.len() < self.current.capacity() {
            true => 0,
            false => map_growth_bytes(self.current.capacity(), entry_size::<K, V>()),
        }
    }

    /// The bytes the table holds: its bucket arrays, as allocated, and what its keys own.
    pub fn bytes(&self) -> u64 {
        self.current_bytes() + self.previous_array + self.previous_owned
    }

    fn current_bytes(&self) -> u64 {
        map_bytes(self.current.capacity(), entry_size::<K, V>()) + self.current_owned
    }

    /// The entries held, in both generations.
    pub fn len(&self) -> usize {
        self.current.len() + self.previous.len()
    }

    /// Whether the table holds no entry.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The bytes of one entry in a bucket.
fn entry_size<K, V>() -> usize {
    size_of::<(K, V)>()
}

/// The bytes a key owns beyond its inline size: its heap allocations.
fn owned_bytes<K: Footprint>(key: &K) -> u64 {
    key.footprint().saturating_sub(size_of::<K>()) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn searches_keep_to_the_cap_between_them() {
        let mut table = BoundedTable::new(8 << 10);
        for i in 0u64..10_000 {
            table.start_search();
            table.insert(i, i * 2);
            assert!(table.bytes() <= 16 << 10, "{} bytes", table.bytes());
        }
        for i in 9_995..10_000 {
            assert_eq!(
                table.get(&i),
                Some(i * 2),
                "the latest searches' entries stay"
            );
        }
        assert_eq!(table.get(&0), None, "old ones go");
    }

    #[test]
    fn a_search_keeps_every_entry_it_uses() {
        let mut table = BoundedTable::new(320);
        table.start_search();
        for i in 0u64..1000 {
            table.insert(i, i);
        }
        assert!(
            (0..1000).all(|i| table.get(&i) == Some(i)),
            "none dropped mid-search"
        );
        // The next searches find them in the previous generation and keep what they use.
        table.start_search();
        assert_eq!(table.get(&7), Some(7));
        table.start_search();
        assert_eq!(table.get(&7), Some(7));
        assert_eq!(table.get(&8), Some(8));
        table.drop_previous();
        assert_eq!(table.get(&9), None);
        assert_eq!(table.get(&7), Some(7));
    }

    #[test]
    fn large_keys_count_for_their_size() {
        let mut table = BoundedTable::new(100_000);
        for i in 0u64..100 {
            table.insert(vec![i; 1000], i);
        }
        let array = map_bytes(table.current.capacity(), 24 + 8);
        assert_eq!(table.bytes(), array + 100 * 8000);
    }

    #[test]
    fn growth_is_known_before_it_happens() {
        let mut table = BoundedTable::new(1000);
        for i in 0u64..1000 {
            let before = table.bytes();
            let growth = table.growth_bytes();
            table.insert(i, i);
            match growth {
                0 => assert_eq!(table.bytes(), before, "{i}"),
                grown => assert_eq!(table.bytes(), grown, "{i}"),
            }
        }
        // Moving an entry out of the previous generation does not shrink its bucket array.
        table.start_search();
        let held = table.bytes();
        assert_eq!(table.get(&1), Some(1));
        assert_eq!(table.bytes(), held + map_bytes(3, 16));
    }
}
