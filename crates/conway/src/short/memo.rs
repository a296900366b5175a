//! The results of one operation on the subpositions of a game (cooling by one temperature,
//! heating by one game, ...), or of a pair of games (a product), kept while the operation
//! runs. Its bytes count against the store's limit too.

use super::id::GameId;
use super::remembered::entry_bytes;
use super::store::{Store, StoreResult};
use rustc_hash::FxHashMap;

/// Results by game (or by pair of games), for one operation.
pub(super) struct Memo<K = GameId> {
    results: FxHashMap<K, GameId>,
}

impl<K> Default for Memo<K> {
    fn default() -> Self {
        Memo {
            results: FxHashMap::default(),
        }
    }
}

impl<K: std::hash::Hash + Eq> Memo<K> {
    pub(super) fn get(&self, key: &K) -> Option<GameId> {
        self.results.get(key).copied()
    }

    /// Remembers `result` for `key`, or says that the store and the memo together would pass
    /// the store's limit.
    pub(super) fn put(&mut self, store: &Store, key: K, result: GameId) -> StoreResult<()> {
        let bytes = (self.results.len() as u64 + 1) * entry_bytes::<K, GameId>();
        store.room_for(bytes)?;
        self.results.insert(key, result);
        Ok(())
    }
}
