//! Canonical forms already found for lists of options. Games of a ruleset repeat the same
//! option values in many positions (in Domineering most positions share their option lists
//! with others), so a form once canonicalised is looked up rather than simplified again. The
//! cache is forgotten whole when it passes its share of memory.

use super::id::GameId;
use rustc_hash::FxHashMap;
use std::mem::size_of;

/// Marks the end of the Left options in a key.
const BAR: u32 = u32::MAX;

/// What a map entry costs beyond its key: the map's slot and control byte, the box's length.
const ENTRY_OVERHEAD: u64 = 40;

pub(super) struct FormCache {
    forms: FxHashMap<Box<[u32]>, GameId>,
    key: Vec<u32>,
    bytes: u64,
}

impl FormCache {
    pub(super) fn new() -> Self {
        FormCache {
            forms: FxHashMap::default(),
            key: Vec::new(),
            bytes: 0,
        }
    }

    pub(super) fn bytes(&self) -> u64 {
        self.bytes
    }

    fn key(&mut self, left: &[GameId], right: &[GameId]) {
        self.key.clear();
        self.key.extend(left.iter().map(|g| g.index()));
        self.key.push(BAR);
        self.key.extend(right.iter().map(|g| g.index()));
    }

    /// The canonical form of `{left | right}`, options sorted and distinct, if known.
    pub(super) fn get(&mut self, left: &[GameId], right: &[GameId]) -> Option<GameId> {
        self.key(left, right);
        self.forms.get(self.key.as_slice()).copied()
    }

    /// Remembers `game` as the canonical form of `{left | right}`, forgetting everything
    /// first if the cache would pass `max_bytes`.
    pub(super) fn put(&mut self, left: &[GameId], right: &[GameId], game: GameId, max_bytes: u64) {
        self.key(left, right);
        let bytes = (self.key.len() * size_of::<u32>()) as u64 + ENTRY_OVERHEAD;
        if self.bytes + bytes > max_bytes {
            self.forms = FxHashMap::default();
            self.bytes = 0;
        }
        if bytes <= max_bytes {
            self.forms.insert(self.key.as_slice().into(), game);
            self.bytes += bytes;
        }
    }
}
