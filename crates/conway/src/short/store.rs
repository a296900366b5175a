//! The store: every canonical short game once, named by a [`GameId`].
//!
//! A game is either a number-up-star value ([`Nus`], kept as arithmetic) or an explicit
//! canonical form whose options are ids, kept in one flat array. [`Store::from_options`] is the
//! only way to make a game, and it canonicalises first, so two ids are equal exactly when the
//! games are equal. Sums and comparisons are remembered in direct-mapped caches of a fixed
//! size (a slot is overwritten by the next result hashed there), so they never grow.

use super::cache::PairCache;
use super::form_cache::FormCache;
use super::invariants::Invariants;
use super::nus::Nus;
use crate::engine::SearchError;
use crate::number::Dyadic;
use hashbrown::HashTable;
use rustc_hash::FxHasher;
use smallvec::SmallVec;
use std::hash::{Hash, Hasher};
use std::mem::size_of;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A canonical short game in one [`Store`]. Ids from different stores must not be mixed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(pub(super) u32);

/// The options of one side of a game, copied out of the store (most games have few).
pub type Options = SmallVec<[GameId; 6]>;

/// Why a store operation stopped: [`SearchError::OutOfMemory`] past the store's byte limit, or
/// [`SearchError::TooLarge`] for a count of ups past 2^63.
pub type StoreResult<T> = Result<T, SearchError>;

#[derive(Clone, Debug)]
pub(super) enum Entry {
    Nus(Nus),
    /// Options `start..start + left` are Left's, the next `right` Right's, each sorted by id.
    Form {
        start: u32,
        left: u32,
        right: u32,
    },
}

/// The canonical short games met so far, with caches of sums, negatives and comparisons.
///
/// One store belongs to one thread: interning without locks is what makes it fast, and a
/// parallel tabulation gives each worker its own store and exchanges values as text or as
/// option trees. (`Store` is `Send`, so a worker may take one along.)
pub struct Store {
    pub(super) entries: Vec<Entry>,
    hashes: Vec<u64>,
    pub(super) options: Vec<GameId>,
    index: HashTable<u32>,
    pub(super) negatives: Vec<u32>,
    pub(super) sums: PairCache,
    pub(super) orders: PairCache,
    pub(super) forms: FormCache,
    /// Stops, thermographs and other invariants remembered per game.
    pub(super) invariants: Invariants,
    /// Bytes held by big numbers, beyond their entries.
    big_bytes: u64,
    max_bytes: u64,
    /// Steps of work done so far (see [`STEPS_PER_POSITION`]), the most allowed, and the
    /// positions limit they were scaled from (for the error).
    steps: u64,
    max_steps: u64,
    max_positions: u64,
    /// How many levels deep the store's recursion is (each holds [`STACK_BYTES_PER_LEVEL`]).
    depth: u64,
    /// Set from outside (a Ctrl-C handler) to stop the computation under way.
    interrupt: Option<Arc<AtomicBool>>,
}

/// Steps of the store's work that count as one position against
/// [`Limits::max_positions`](crate::engine::Limits::max_positions). A step is one comparison,
/// one sum, or one option of a form to canonicalise: each costs roughly the same time (about
/// 0.1 µs), so steps follow the time spent, where canonicalising a form with k options costs
/// O(k²) comparisons. Domineering 5×6 takes about 45 million steps, within the default limit;
/// with this scale a computation that runs away stops after about ten seconds.
pub const STEPS_PER_POSITION: u64 = 8;

/// The stack one level of the store's recursion holds, at most (a few frames of a recursive
/// operation: a sum's levels measured at about 1.2 KiB in an optimised build), counted against
/// the memory limit: a recursion follows the birthdays of the games, and a game such as 10^40 or
/// ^1000000000 is small in the store but born late, so its depth is bounded by nothing else.
pub(super) const STACK_BYTES_PER_LEVEL: u64 = 2048;

/// The bytes of an entry in all the arrays that hold it: the entry, its hash, its negative,
/// its slot in the index and the index's control byte.
const ENTRY_BYTES: usize = size_of::<Entry>() + size_of::<u64>() + 2 * size_of::<u32>() + 1;

/// No negative known yet.
pub(super) const UNKNOWN: u32 = u32::MAX;

impl Default for Store {
    fn default() -> Self {
        Store::new(crate::engine::Limits::default().max_memory)
    }
}

impl Store {
    /// An empty store that refuses to grow past `max_bytes` (its caches included).
    pub fn new(max_bytes: u64) -> Store {
        let mut store = Store {
            entries: Vec::new(),
            hashes: Vec::new(),
            options: Vec::new(),
            index: HashTable::new(),
            negatives: Vec::new(),
            sums: PairCache::new(),
            orders: PairCache::new(),
            forms: FormCache::new(),
            invariants: Invariants::default(),
            big_bytes: 0,
            max_bytes,
            steps: 0,
            max_steps: u64::MAX,
            max_positions: u64::MAX,
            depth: 0,
            interrupt: None,
        };
        let zero = store.intern_nus(Nus::default());
        debug_assert_eq!(zero, Ok(GameId(0)));
        store
    }

    /// A store held to `limits`: its bytes to the memory limit, and its steps of work to
    /// [`STEPS_PER_POSITION`] per position of the positions limit (so that a computation whose
    /// games keep growing, such as 10^12 · Tiny(1), or whose forms are wide, such as
    /// *100000 + {1|0}, stops with an error rather than running for hours).
    pub fn with_limits(limits: crate::engine::Limits) -> Store {
        let mut store = Store::new(limits.max_memory);
        store.max_positions = limits.max_positions;
        store.max_steps = limits.max_positions.saturating_mul(STEPS_PER_POSITION);
        store
    }

    /// The steps of work done so far (see [`STEPS_PER_POSITION`]).
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// Stops the store's computations with [`SearchError::Interrupted`] while `flag` is set
    /// (a Ctrl-C handler sets it; whoever starts the next computation clears it).
    pub fn interrupt_on(&mut self, flag: Arc<AtomicBool>) {
        self.interrupt = Some(flag);
    }

    /// Counts `steps` steps of work against the limit, and stops if interrupted.
    #[inline]
    pub(super) fn count_steps(&mut self, steps: u64) -> StoreResult<()> {
        self.steps = self.steps.saturating_add(steps);
        if self.steps > self.max_steps {
            return Err(self.too_much_work());
        }
        if self
            .interrupt
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
        {
            return Err(SearchError::Interrupted);
        }
        Ok(())
    }

    /// Runs one level of a recursion of the store: its stack counts against the memory limit
    /// (and grows on the heap rather than overflowing), so that no depth escapes the limit.
    pub(super) fn descend<T>(
        &mut self,
        step: impl FnOnce(&mut Store) -> StoreResult<T>,
    ) -> StoreResult<T> {
        self.depth += 1;
        let result = if self.bytes() > self.max_bytes {
            Err(self.out_of_memory())
        } else {
            super::compare::deep(|| step(self))
        };
        self.depth -= 1;
        result
    }

    #[cold]
    fn too_much_work(&self) -> SearchError {
        SearchError::TooBig {
            limit: self.max_positions,
        }
    }

    /// The game 0 = { | }.
    pub fn zero(&self) -> GameId {
        GameId(0)
    }

    /// How many games the store holds.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the store holds only 0.
    pub fn is_empty(&self) -> bool {
        self.entries.len() == 1
    }

    /// The bytes the store holds, caches and the stack of the recursion under way included.
    pub fn bytes(&self) -> u64 {
        (self.entries.capacity() * ENTRY_BYTES + self.options.capacity() * size_of::<GameId>())
            as u64
            + self.depth * STACK_BYTES_PER_LEVEL
            + self.big_bytes
            + self.sums.bytes()
            + self.orders.bytes()
            + self.forms.bytes()
            + self.invariants.bytes()
    }

    /// The bytes the cache of canonicalised forms may hold.
    pub(super) fn form_cache_bytes(&self) -> u64 {
        self.max_bytes / 8
    }

    /// Refuses to add an entry with `options` options if the arrays, growing for it, would
    /// pass the limit.
    fn room_for_entry(&self, options: usize) -> StoreResult<()> {
        let growth = |len: usize, capacity: usize, more: usize, bytes_each: usize| {
            if len + more > capacity {
                capacity.max(more).max(4) * bytes_each
            } else {
                0
            }
        };
        let growth = growth(self.entries.len(), self.entries.capacity(), 1, ENTRY_BYTES)
            + growth(
                self.options.len(),
                self.options.capacity(),
                options,
                size_of::<GameId>(),
            );
        if self.bytes() + growth as u64 > self.max_bytes {
            return Err(self.out_of_memory());
        }
        Ok(())
    }

    /// The limit on [`Store::bytes`].
    pub fn max_bytes(&self) -> u64 {
        self.max_bytes
    }

    /// The number-up-star value `nus`.
    pub fn nus(&mut self, nus: Nus) -> StoreResult<GameId> {
        self.intern_nus(nus)
    }

    /// The number `x`.
    pub fn number(&mut self, x: Dyadic) -> StoreResult<GameId> {
        self.intern_nus(Nus::number(x))
    }

    /// The integer `n`.
    pub fn integer(&mut self, n: i64) -> StoreResult<GameId> {
        self.number(Dyadic::from_int(n))
    }

    /// The nimber `*m`.
    pub fn nimber(&mut self, m: u128) -> StoreResult<GameId> {
        self.intern_nus(Nus::nimber(m))
    }

    /// `n·↑`.
    pub fn ups(&mut self, n: i64) -> StoreResult<GameId> {
        self.intern_nus(Nus {
            number: Dyadic::zero(),
            ups: n,
            nim: 0,
        })
    }

    /// The closed form of `game`, if it is a number-up-star value.
    pub fn as_nus(&self, game: GameId) -> Option<&Nus> {
        match &self.entries[game.0 as usize] {
            Entry::Nus(nus) => Some(nus),
            Entry::Form { .. } => None,
        }
    }

    /// The number `game` equals, if it is one.
    pub fn as_number(&self, game: GameId) -> Option<&Dyadic> {
        self.as_nus(game)
            .filter(|nus| nus.is_number())
            .map(|nus| &nus.number)
    }

    /// Whether `game` is a number.
    pub fn is_number(&self, game: GameId) -> bool {
        self.as_number(game).is_some()
    }

    /// Left's canonical options of `game`.
    pub fn left_options(&mut self, game: GameId) -> StoreResult<Options> {
        self.options_of_side(game, true)
    }

    /// Right's canonical options of `game`.
    pub fn right_options(&mut self, game: GameId) -> StoreResult<Options> {
        self.options_of_side(game, false)
    }

    pub(super) fn options_of_side(
        &mut self,
        game: GameId,
        left_side: bool,
    ) -> StoreResult<Options> {
        match &self.entries[game.0 as usize] {
            Entry::Form { start, left, right } => {
                let (from, count) = if left_side {
                    (*start, *left)
                } else {
                    (start + left, *right)
                };
                Ok(self.options[from as usize..(from + count) as usize]
                    .iter()
                    .copied()
                    .collect())
            }
            Entry::Nus(nus) if nus.is_number() => {
                let option = if left_side {
                    nus.number.left_option()
                } else {
                    nus.number.right_option()
                };
                option.map(|x| self.number(x)).into_iter().collect()
            }
            Entry::Nus(nus) => {
                let nus = nus.clone();
                let count = nus.option_count();
                self.room_for_options(count)?;
                self.count_steps(u64::try_from(count).unwrap_or(u64::MAX))?;
                let (left, right) = nus.infinitesimal_options();
                let side = if left_side { left } else { right };
                side.into_iter().map(|option| self.nus(option)).collect()
            }
        }
    }

    /// Refuses to list `count` options that would not fit in the memory left.
    pub(super) fn room_for_options(&self, count: u128) -> StoreResult<()> {
        let needed = count.saturating_mul(4 * size_of::<Entry>() as u128);
        if needed.saturating_add(self.bytes() as u128) > self.max_bytes as u128 {
            return Err(self.out_of_memory());
        }
        Ok(())
    }

    /// Refuses to compute numbers of `bits` bits (a few of them at once) that would not fit in
    /// the memory left.
    pub(super) fn room_for_bits(&self, bits: u64) -> StoreResult<()> {
        let needed = bits.saturating_div(8).saturating_mul(4);
        if needed.saturating_add(self.bytes()) > self.max_bytes {
            return Err(self.out_of_memory());
        }
        Ok(())
    }

    pub(super) fn out_of_memory(&self) -> SearchError {
        SearchError::OutOfMemory {
            limit: self.max_bytes,
        }
    }

    /// Where one side of a form's options lie in the options array (which only grows, so
    /// the range stays valid while the store changes).
    pub(super) fn form_range(
        &self,
        game: GameId,
        left_side: bool,
    ) -> Option<std::ops::Range<usize>> {
        match self.entries[game.0 as usize] {
            Entry::Form { start, left, right } => {
                let (from, count) = if left_side {
                    (start, left)
                } else {
                    (start + left, right)
                };
                Some(from as usize..(from + count) as usize)
            }
            Entry::Nus(_) => None,
        }
    }

    /// The option at `index` of the options array.
    pub(super) fn option_at(&self, index: usize) -> GameId {
        self.options[index]
    }

    /// The explicit options of a form, without copying: `(left, right)`.
    pub(super) fn form_sides(&self, game: GameId) -> Option<(&[GameId], &[GameId])> {
        match self.entries[game.0 as usize] {
            Entry::Form { start, left, right } => {
                let start = start as usize;
                let middle = start + left as usize;
                Some((
                    &self.options[start..middle],
                    &self.options[middle..middle + right as usize],
                ))
            }
            Entry::Nus(_) => None,
        }
    }

    fn intern_nus(&mut self, nus: Nus) -> StoreResult<GameId> {
        let hash = hash_of(&nus);
        let entries = &self.entries;
        if let Some(&id) = self.index.find(hash, |&id| match &entries[id as usize] {
            Entry::Nus(other) => *other == nus,
            Entry::Form { .. } => false,
        }) {
            return Ok(GameId(id));
        }
        self.big_bytes +=
            (crate::engine::Footprint::footprint(&nus.number) - size_of::<Dyadic>()) as u64;
        self.push(Entry::Nus(nus), hash)
    }

    /// The id of the canonical form with these options, sorted by id, adding it if new.
    /// The caller guarantees that the form is canonical and not a number-up-star value.
    pub(super) fn intern_form(&mut self, left: &[GameId], right: &[GameId]) -> StoreResult<GameId> {
        debug_assert!(
            left.is_sorted() && right.is_sorted(),
            "a form is interned with its options sorted, or equal forms would get two ids"
        );
        let hash = hash_of(&(left, right));
        let entries = &self.entries;
        let options = &self.options;
        if let Some(&id) = self.index.find(hash, |&id| match entries[id as usize] {
            Entry::Form {
                start,
                left: l,
                right: r,
            } => {
                let start = start as usize;
                let middle = start + l as usize;
                options[start..middle] == *left && options[middle..middle + r as usize] == *right
            }
            Entry::Nus(_) => false,
        }) {
            return Ok(GameId(id));
        }
        self.room_for_entry(left.len() + right.len())?;
        let too_many = || SearchError::OutOfMemory {
            limit: u32::MAX as u64,
        };
        let start = u32::try_from(self.options.len()).map_err(|_| too_many())?;
        self.options.extend_from_slice(left);
        self.options.extend_from_slice(right);
        let entry = Entry::Form {
            start,
            left: left.len() as u32,
            right: right.len() as u32,
        };
        self.push(entry, hash)
    }

    fn push(&mut self, entry: Entry, hash: u64) -> StoreResult<GameId> {
        self.room_for_entry(0)?;
        let id = u32::try_from(self.entries.len())
            .ok()
            .filter(|&id| id < UNKNOWN)
            .ok_or_else(|| self.out_of_memory())?;
        self.entries.push(entry);
        self.hashes.push(hash);
        self.negatives.push(UNKNOWN);
        let hashes = &self.hashes;
        self.index
            .insert_unique(hash, id, |&id| hashes[id as usize]);
        // The caches take at most a quarter of the memory between them.
        let cache_bytes = self.max_bytes / 8;
        self.sums.grow_for(self.entries.len(), cache_bytes);
        self.orders.grow_for(self.entries.len(), cache_bytes);
        Ok(GameId(id))
    }
}

fn hash_of<T: Hash>(value: &T) -> u64 {
    let mut hasher = FxHasher::default();
    value.hash(&mut hasher);
    hasher.finish()
}
