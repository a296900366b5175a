//! A transposition table with a cap on its size.
//!
//! Two generations: new entries go into the current one, and when it holds half the cap it
//! becomes the previous one, replacing the oldest entries wholesale. Lookups see both, so the
//! most recent entries, the ones a depth-first search is about to need again, survive.
//! Keys are small positions hashed by the fast, non-cryptographic Fx hash.

use rustc_hash::FxHashMap;
use std::hash::Hash;

pub struct BoundedTable<K, V> {
    current: FxHashMap<K, V>,
    previous: FxHashMap<K, V>,
    generation_size: usize,
}

impl<K: Eq + Hash, V: Copy> BoundedTable<K, V> {
    /// A table that holds at most `cap` entries (and at least one generation of one).
    pub fn new(cap: usize) -> Self {
        BoundedTable {
            current: FxHashMap::default(),
            previous: FxHashMap::default(),
            generation_size: (cap / 2).max(1),
        }
    }

    pub fn get(&self, key: &K) -> Option<V> {
        self.current
            .get(key)
            .or_else(|| self.previous.get(key))
            .copied()
    }

    pub fn insert(&mut self, key: K, value: V) {
        if self.current.len() >= self.generation_size {
            self.previous = std::mem::take(&mut self.current);
        }
        self.current.insert(key, value);
    }

    pub fn len(&self) -> usize {
        self.current.len() + self.previous.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_recent_entries_within_the_cap() {
        let mut table = BoundedTable::new(10);
        for i in 0..100 {
            table.insert(i, i * 2);
            assert!(table.len() <= 10);
            assert_eq!(table.get(&i), Some(i * 2));
            if i >= 5 {
                assert_eq!(
                    table.get(&(i - 5)),
                    Some((i - 5) * 2),
                    "the last half-cap survive"
                );
            }
        }
        assert_eq!(table.get(&0), None);
    }
}
