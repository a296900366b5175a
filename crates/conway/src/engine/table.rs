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
//! Keys are hashed by the fast, non-cryptographic Fx hash.

use super::Footprint;
use rustc_hash::FxHashMap;
use std::hash::Hash;
use std::mem::size_of;

pub struct BoundedTable<K, V> {
    current: FxHashMap<K, V>,
    previous: FxHashMap<K, V>,
    current_bytes: u64,
    previous_bytes: u64,
    /// The bytes the current generation may hold at the start of a search.
    generation_bytes: u64,
}

/// What a hash map spends per entry beyond the key and the value: its control byte, and room
/// for the free slots it keeps.
const ENTRY_OVERHEAD: u64 = 16;

impl<K: Eq + Hash + Footprint, V: Copy> BoundedTable<K, V> {
    /// A table that keeps about `max_bytes` bytes between searches.
    pub fn new(max_bytes: u64) -> Self {
        BoundedTable {
            current: FxHashMap::default(),
            previous: FxHashMap::default(),
            current_bytes: 0,
            previous_bytes: 0,
            generation_bytes: (max_bytes / 2).max(1),
        }
    }

    /// Marks the start of a search: what the last searches used becomes the previous
    /// generation if it holds more than half the table's bytes.
    pub fn start_search(&mut self) {
        if self.current_bytes > self.generation_bytes {
            self.previous = std::mem::take(&mut self.current);
            self.previous_bytes = std::mem::replace(&mut self.current_bytes, 0);
        }
    }

    /// Drops what earlier searches left and the running one has not used.
    pub fn drop_previous(&mut self) {
        self.previous = FxHashMap::default();
        self.previous_bytes = 0;
    }

    /// The value of `key`, if the table holds it; a hit keeps the entry for this search.
    pub fn get(&mut self, key: &K) -> Option<V> {
        if let Some(&value) = self.current.get(key) {
            return Some(value);
        }
        let (key, value) = self.previous.remove_entry(key)?;
        let bytes = entry_bytes::<K, V>(&key);
        self.previous_bytes -= bytes;
        self.current_bytes += bytes;
        self.current.insert(key, value);
        Some(value)
    }

    /// Remembers `value` for `key`.
    pub fn insert(&mut self, key: K, value: V) {
        let bytes = entry_bytes::<K, V>(&key);
        if self.current.insert(key, value).is_none() {
            self.current_bytes += bytes;
        }
    }

    /// The bytes the table holds, about.
    pub fn bytes(&self) -> u64 {
        self.current_bytes + self.previous_bytes
    }

    pub fn len(&self) -> usize {
        self.current.len() + self.previous.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The bytes an entry holds: its key (with what the key owns), its value and the overhead.
fn entry_bytes<K: Footprint, V>(key: &K) -> u64 {
    (key.footprint() + size_of::<V>()) as u64 + ENTRY_OVERHEAD
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bytes of one `u64 → u64` entry.
    const ENTRY: u64 = 8 + 8 + ENTRY_OVERHEAD;

    #[test]
    fn searches_keep_to_the_cap_between_them() {
        let mut table = BoundedTable::new(10 * ENTRY);
        for i in 0u64..100 {
            table.start_search();
            table.insert(i, i * 2);
            assert!(table.bytes() <= 12 * ENTRY, "{} bytes", table.bytes());
        }
        for i in 95..100 {
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
        let mut table = BoundedTable::new(10 * ENTRY);
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
        assert_eq!(table.bytes(), 100 * (24 + 8000 + 8 + ENTRY_OVERHEAD));
    }
}
