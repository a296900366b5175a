//! A transposition table that keeps to a memory cap.
//!
//! Two generations approximate "least recently used" at the cost of a hash lookup: new
//! entries go into the current generation, and an entry found in the previous one moves into
//! the current one. When the current generation holds half the cap it becomes the previous
//! one, and the old previous one is dropped whole. So what a search has used lately survives,
//! however long ago it was first computed.
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
    generation_bytes: u64,
}

/// What a hash map spends per entry beyond the key and the value: its control byte, and room
/// for the free slots it keeps.
const ENTRY_OVERHEAD: u64 = 16;

impl<K: Eq + Hash + Footprint, V: Copy> BoundedTable<K, V> {
    /// A table that holds about `max_bytes` bytes at most.
    pub fn new(max_bytes: u64) -> Self {
        BoundedTable {
            current: FxHashMap::default(),
            previous: FxHashMap::default(),
            current_bytes: 0,
            previous_bytes: 0,
            generation_bytes: (max_bytes / 2).max(1),
        }
    }

    /// The value of `key`, if the table still holds it; a hit counts as a use.
    pub fn get(&mut self, key: &K) -> Option<V> {
        if let Some(&value) = self.current.get(key) {
            return Some(value);
        }
        let (key, value) = self.previous.remove_entry(key)?;
        let bytes = entry_bytes::<K, V>(&key);
        self.previous_bytes -= bytes;
        self.insert_new(key, value, bytes);
        Some(value)
    }

    /// Remembers `value` for `key`.
    pub fn insert(&mut self, key: K, value: V) {
        let bytes = entry_bytes::<K, V>(&key);
        self.insert_new(key, value, bytes);
    }

    fn insert_new(&mut self, key: K, value: V, bytes: u64) {
        if self.current_bytes + bytes > self.generation_bytes && !self.current.is_empty() {
            self.previous = std::mem::take(&mut self.current);
            self.previous_bytes = std::mem::replace(&mut self.current_bytes, 0);
        }
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
    fn keeps_recent_entries_within_the_cap() {
        let mut table = BoundedTable::new(10 * ENTRY);
        for i in 0u64..100 {
            table.insert(i, i * 2);
            assert!(table.bytes() <= 10 * ENTRY);
        }
        for i in 95..100 {
            assert_eq!(table.get(&i), Some(i * 2), "the last half-cap survive");
        }
        assert_eq!(table.get(&0), None);
    }

    #[test]
    fn an_entry_in_use_survives_however_old() {
        let mut table = BoundedTable::new(10 * ENTRY);
        table.insert(1000u64, 7u64);
        for i in 0u64..100 {
            table.insert(i, i);
            assert_eq!(table.get(&1000), Some(7), "after {i} newer entries");
        }
    }

    #[test]
    fn large_keys_count_for_their_size() {
        let mut table = BoundedTable::new(100_000);
        for i in 0u64..100 {
            table.insert(vec![i; 1000], i);
            assert!(table.bytes() <= 100_000);
        }
        assert!(table.len() < 20, "{} keys of 8 KB in 100 KB", table.len());
    }
}
