//! Positions stored once, in vertex order, and found again by hash.

use rustc_hash::{FxBuildHasher, FxHashMap};
use std::borrow::Borrow;
use std::collections::hash_map::Entry;
use std::hash::{BuildHasher, Hash};

/// The vertices of a graph being explored. A map from positions to ids would hold every
/// position twice (a key in the map and an entry in the list the exploration walks), which
/// for positions that own memory doubles both the memory and the allocations. So the map
/// holds hashes: it sends a position's 64-bit hash to the latest vertex with that hash, and
/// the rare vertices whose hashes collide are chained through `same_hash`.
#[derive(Clone, Debug)]
pub(super) struct Interner<P> {
    positions: Vec<P>,
    by_hash: FxHashMap<u64, u32>,
    /// The previous vertex with the same hash, or `u32::MAX` for none.
    same_hash: Vec<u32>,
}

/// Returned when there are no ids left.
pub(super) struct Full;

impl<P: Eq + Hash> Interner<P> {
    pub(super) fn new() -> Self {
        Interner {
            positions: Vec::new(),
            by_hash: FxHashMap::default(),
            same_hash: Vec::new(),
        }
    }

    pub(super) fn positions(&self) -> &[P] {
        &self.positions
    }

    pub(super) fn into_positions(self) -> Vec<P> {
        self.positions
    }

    /// The id of the position equal to `key`, if there is one: a name looked up as a `&str`
    /// hashes as the `String` it was stored as.
    pub(super) fn find<Q>(&self, key: &Q) -> Option<u32>
    where
        P: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        let mut id = *self.by_hash.get(&FxBuildHasher.hash_one(key))?;
        while id != u32::MAX {
            if self.positions[id as usize].borrow() == key {
                return Some(id);
            }
            id = self.same_hash[id as usize];
        }
        None
    }

    /// The id of `position`, and whether it is new; a new position gets the next id. Ids stay
    /// below `u32::MAX`, which callers may use to mean "no vertex".
    pub(super) fn intern(&mut self, position: P) -> Result<(u32, bool), Full> {
        let next = u32::try_from(self.positions.len())
            .ok()
            .filter(|&id| id < u32::MAX)
            .ok_or(Full)?;
        let previous = match self.by_hash.entry(FxBuildHasher.hash_one(&position)) {
            Entry::Vacant(entry) => {
                entry.insert(next);
                u32::MAX
            }
            Entry::Occupied(mut entry) => {
                let mut id = *entry.get();
                while id != u32::MAX {
                    if self.positions[id as usize] == position {
                        return Ok((id, false));
                    }
                    id = self.same_hash[id as usize];
                }
                entry.insert(next)
            }
        };
        self.positions.push(position);
        self.same_hash.push(previous);
        Ok((next, true))
    }
}
