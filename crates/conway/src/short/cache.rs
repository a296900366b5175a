//! A direct-mapped cache of results of operations on two games: a fixed number of slots, each
//! remembering the last pair hashed to it. It never grows past its size and never needs
//! clearing; a lost result is only recomputed.

use super::id::GameId;
use std::mem::size_of;

/// The fewest and most slots of a cache (16 bytes each): it grows with the store, from 64 KiB
/// to 64 MiB.
const MIN_SLOTS: usize = 1 << 12;
const MAX_SLOTS: usize = 1 << 22;

const EMPTY: u64 = u64::MAX;

pub(super) struct PairCache {
    keys: Vec<u64>,
    values: Vec<u32>,
}

impl PairCache {
    pub(super) fn new() -> Self {
        PairCache {
            keys: vec![EMPTY; MIN_SLOTS],
            values: vec![0; MIN_SLOTS],
        }
    }

    pub(super) fn bytes(&self) -> u64 {
        (self.keys.len() * (size_of::<u64>() + size_of::<u32>())) as u64
    }

    /// Quadruples the slots (forgetting every result) when there are fewer than twice as
    /// many slots as games, up to the maximum and to `max_bytes`.
    pub(super) fn grow_for(&mut self, games: usize, max_bytes: u64) {
        let slots = (self.keys.len() * 4).min(MAX_SLOTS);
        let bytes = (slots * (size_of::<u64>() + size_of::<u32>())) as u64;
        if self.keys.len() < slots && self.keys.len() < 2 * games && bytes <= max_bytes {
            self.keys = vec![EMPTY; slots];
            self.values = vec![0; slots];
        }
    }

    fn slot(&self, key: u64) -> usize {
        let mixed = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (mixed >> 32) as usize & (self.keys.len() - 1)
    }

    pub(super) fn get(&self, a: GameId, b: GameId) -> Option<u32> {
        let key = (a.index() as u64) << 32 | b.index() as u64;
        let slot = self.slot(key);
        (self.keys[slot] == key).then(|| self.values[slot])
    }

    pub(super) fn put(&mut self, a: GameId, b: GameId, value: u32) {
        let key = (a.index() as u64) << 32 | b.index() as u64;
        let slot = self.slot(key);
        self.keys[slot] = key;
        self.values[slot] = value;
    }
}
