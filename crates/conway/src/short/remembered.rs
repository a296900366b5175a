//! What the store remembers about games beyond their forms: invariants of a game's value
//! (stops, thermographs, birthdays, ...), each computed once per game asked about, so bounded by
//! the store's own size, and counted against its byte limit.

use super::id::GameId;
use super::thermograph::Thermograph;
use crate::number::Dyadic;
use rustc_hash::FxHashMap;
use std::mem::size_of;
use std::sync::Arc;

/// The remembered invariants, one table per invariant. They are read through
/// `Store::remembered` and written through `Store::remember`, which counts their bytes.
#[derive(Default)]
pub(super) struct Remembered {
    pub(super) stops: FxHashMap<GameId, (Dyadic, Dyadic)>,
    pub(super) thermographs: FxHashMap<GameId, Arc<Thermograph>>,
    pub(super) birthdays: FxHashMap<GameId, u64>,
    pub(super) all_small: FxHashMap<GameId, bool>,
    pub(super) atomic_weights: FxHashMap<GameId, GameId>,
    pub(super) reduced: FxHashMap<GameId, GameId>,
    bytes: u64,
}

impl Remembered {
    /// The bytes held by the remembered results.
    pub(super) fn bytes(&self) -> u64 {
        self.bytes
    }

    /// Counts `bytes` more held.
    pub(super) fn add_bytes(&mut self, bytes: u64) {
        self.bytes += bytes;
    }
}

/// The bytes one more entry of a hash map costs: the entry itself, counted twice for the
/// table's empty slots, and a control byte.
pub(super) fn entry_bytes<K, V>() -> u64 {
    (2 * size_of::<(K, V)>() + 1) as u64
}
