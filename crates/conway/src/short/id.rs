//! The name of a game in a store: an index into its arrays, so that equal games, having one
//! entry, have equal ids and equality is an integer compare.

use smallvec::SmallVec;

/// A canonical short game in one [`Store`](super::Store). Ids from different stores must not
/// be mixed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(u32);

impl GameId {
    /// The game at `index` in the store's arrays. Only the store and its caches, which keep
    /// ids it gave out, name games by index.
    pub(super) const fn new(index: u32) -> GameId {
        GameId(index)
    }

    /// Where the game stands in the store's arrays.
    pub(super) const fn index(self) -> u32 {
        self.0
    }
}

/// The options of one side of a game, copied out of the store (most games have few).
pub type Options = SmallVec<[GameId; 6]>;

/// Sorts one side of a form by id and removes repeats: the order in which the store keeps a
/// form's options, so that equal forms are equal lists.
pub(super) fn sort_unique(side: &mut Vec<GameId>) {
    side.sort_unstable();
    side.dedup();
}
