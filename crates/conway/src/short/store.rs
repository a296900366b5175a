//! The store: every canonical short game once, named by a [`GameId`].
//!
//! A game is either a number-up-star value ([`Nus`], kept as arithmetic) or an explicit
//! canonical form whose options are ids, kept in one flat array. [`Store::from_options`] is the
//! only way to make a game, and it canonicalises first, so two ids are equal exactly when the
//! games are equal; [`Store::neg`] mirrors a canonical form, which gives a canonical form. Both
//! live here, beside the arrays, which no other file can reach: the operations of the other
//! files read a game's options through views and build their results through
//! [`Store::from_options`]. Sums and comparisons are remembered in direct-mapped caches of a
//! fixed size (a slot is overwritten by the next result hashed there), so they never grow.

use super::cache::PairCache;
use super::form_cache::FormCache;
use super::id::{sort_unique, GameId, Options};
use super::nus::{too_many_ups, Nus};
use super::remembered::Remembered;
use super::stack::{deep, STACK_BYTES_PER_LEVEL};
use crate::engine::SearchError;
use crate::number::Dyadic;
use hashbrown::HashTable;
use rustc_hash::FxHasher;
use std::hash::{Hash, Hasher};
use std::mem::size_of;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Why a store operation stopped: [`SearchError::OutOfMemory`] past the store's byte limit, or
/// [`SearchError::TooLarge`] for a count of ups past 2^63.
pub type StoreResult<T> = Result<T, SearchError>;

#[derive(Clone, Debug)]
enum Entry {
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
    entries: Vec<Entry>,
    hashes: Vec<u64>,
    options: Vec<GameId>,
    index: HashTable<u32>,
    negatives: Vec<u32>,
    sums: PairCache,
    orders: PairCache,
    forms: FormCache,
    /// Stops, thermographs and other invariants remembered per game.
    remembered: Remembered,
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

/// The bytes of an entry in all the arrays that hold it: the entry, its hash, its negative,
/// its slot in the index and the index's control byte.
const ENTRY_BYTES: usize = size_of::<Entry>() + size_of::<u64>() + 2 * size_of::<u32>() + 1;

/// No negative known yet.
const UNKNOWN: u32 = u32::MAX;

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
            remembered: Remembered::default(),
            big_bytes: 0,
            max_bytes: u64::MAX,
            steps: 0,
            max_steps: u64::MAX,
            max_positions: u64::MAX,
            depth: 0,
            interrupt: None,
        };
        // 0 is interned whatever the limit, so that every store holds it: a limit below the
        // store's own size fails the first computation, not the store's making.
        let zero = store.intern_nus(Nus::default());
        debug_assert_eq!(zero, Ok(GameId::new(0)));
        store.max_bytes = max_bytes;
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
    #[cfg(test)]
    pub(super) fn steps(&self) -> u64 {
        self.steps
    }

    /// Stops the store's computations with [`SearchError::Interrupted`] while `flag` is set
    /// (a Ctrl-C handler sets it; whoever starts the next computation clears it).
    pub fn interrupt_on(&mut self, flag: Arc<AtomicBool>) {
        self.interrupt = Some(flag);
    }

    /// The flag that stops the store's computations, if one was given: computations of the
    /// session outside the store (loopy values) stop on it too.
    pub fn interrupt(&self) -> Option<Arc<AtomicBool>> {
        self.interrupt.clone()
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

    /// The game `game` of the store `from`, made again in this one: so a value found in a
    /// store of its own (an analysis's) joins the values of another.
    pub fn import(&mut self, from: &mut Store, game: GameId) -> StoreResult<GameId> {
        self.import_with(from, game, &mut rustc_hash::FxHashMap::default())
    }

    /// [`Store::import`], remembering in `done` the games already made here.
    fn import_with(
        &mut self,
        from: &mut Store,
        game: GameId,
        done: &mut rustc_hash::FxHashMap<GameId, GameId>,
    ) -> StoreResult<GameId> {
        if let Some(&id) = done.get(&game) {
            return Ok(id);
        }
        let id = match from.as_nus(game) {
            Some(nus) => self.intern_nus(nus.clone())?,
            None => {
                let (left, right) = (from.left_options(game)?, from.right_options(game)?);
                self.descend(|store| {
                    let mut import = |options: &Options| -> StoreResult<Options> {
                        options
                            .iter()
                            .map(|&g| store.import_with(from, g, done))
                            .collect()
                    };
                    let (left, right) = (import(&left)?, import(&right)?);
                    store.from_options(&left, &right)
                })?
            }
        };
        done.insert(game, id);
        Ok(id)
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
            deep(|| step(self))
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

    /// The limits the store is held to.
    pub fn limits(&self) -> crate::engine::Limits {
        crate::engine::Limits {
            max_positions: self.max_positions,
            max_memory: self.max_bytes,
        }
    }

    /// The game 0 = { | }.
    pub fn zero(&self) -> GameId {
        GameId::new(0)
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
            + self.remembered.bytes()
    }

    /// Refuses `bytes` more, held outside the store by an operation under way, if the store
    /// and they would pass the limit.
    pub(super) fn room_for(&self, bytes: u64) -> StoreResult<()> {
        if self.bytes().saturating_add(bytes) > self.max_bytes {
            return Err(self.out_of_memory());
        }
        Ok(())
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

    /// The number-up-star value `nus`.
    pub(super) fn nus(&mut self, nus: Nus) -> StoreResult<GameId> {
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
        match &self.entries[game.index() as usize] {
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

    /// The options of a game that is not a number. Both sides are nonempty: a canonical form
    /// with no options for one player is a number.
    pub(super) fn hot_options(&mut self, g: GameId) -> StoreResult<(Options, Options)> {
        let left = self.left_options(g)?;
        let right = self.right_options(g)?;
        debug_assert!(!left.is_empty() && !right.is_empty() || self.is_number(g));
        Ok((left, right))
    }

    /// One side of the canonical options of `game`: Left's if `left_side`.
    pub(super) fn options_of_side(
        &mut self,
        game: GameId,
        left_side: bool,
    ) -> StoreResult<Options> {
        match &self.entries[game.index() as usize] {
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
    fn room_for_options(&self, count: u128) -> StoreResult<()> {
        let needed = count.saturating_mul(4 * size_of::<Entry>() as u128);
        if needed.saturating_add(self.bytes() as u128) > self.max_bytes as u128 {
            return Err(self.out_of_memory());
        }
        Ok(())
    }

    fn out_of_memory(&self) -> SearchError {
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
        match self.entries[game.index() as usize] {
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
        match self.entries[game.index() as usize] {
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

    /// The canonical game `{left | right}`. The options may repeat and be in any order.
    ///
    /// The one way to make a game: the form is canonicalised first (chapters 6 and 8) and
    /// only then interned, so equal games get equal ids. A form once canonicalised is
    /// remembered by its options, which games of a ruleset share with many others.
    pub fn from_options(&mut self, left: &[GameId], right: &[GameId]) -> StoreResult<GameId> {
        self.count_steps((left.len() + right.len()) as u64)?;
        let mut left = left.to_vec();
        let mut right = right.to_vec();
        sort_unique(&mut left);
        sort_unique(&mut right);
        if let Some(game) = self.forms.get(&left, &right) {
            return Ok(game);
        }
        let (mut canonical_left, mut canonical_right) = (left.clone(), right.clone());
        let game = match self.canonicalise(&mut canonical_left, &mut canonical_right)? {
            Some(closed_form) => closed_form,
            None => self.intern_form(&canonical_left, &canonical_right)?,
        };
        let max_bytes = self.form_cache_bytes();
        self.forms.put(&left, &right, game, max_bytes);
        Ok(game)
    }

    /// The bytes the cache of canonicalised forms may hold.
    fn form_cache_bytes(&self) -> u64 {
        self.max_bytes / 8
    }

    /// `−g` (chapter 6): `{−G^R | −G^L}`, and the negative of a number-up-star value by
    /// arithmetic. The negative of a canonical form is canonical, so it is interned without
    /// simplifying again.
    pub fn neg(&mut self, g: GameId) -> StoreResult<GameId> {
        if let Some(known) = self.known_negative(g) {
            return Ok(known);
        }
        let negative = match self.as_nus(g) {
            Some(nus) => {
                let negative = nus.checked_neg().ok_or_else(too_many_ups)?;
                self.nus(negative)?
            }
            None => self.descend(|store| store.neg_form(g))?,
        };
        self.negatives[g.index() as usize] = negative.index();
        self.negatives[negative.index() as usize] = g.index();
        Ok(negative)
    }

    /// The negative of a canonical form: the negatives of its options, swapped and sorted.
    fn neg_form(&mut self, g: GameId) -> StoreResult<GameId> {
        let mut left = self.right_options(g)?;
        let mut right = self.left_options(g)?;
        for option in left.iter_mut().chain(right.iter_mut()) {
            *option = self.neg(*option)?;
        }
        left.sort_unstable();
        right.sort_unstable();
        self.intern_form(&left, &right)
    }

    /// `−g`, if it has been computed.
    pub(super) fn known_negative(&self, g: GameId) -> Option<GameId> {
        let known = self.negatives[g.index() as usize];
        (known != UNKNOWN).then_some(GameId::new(known))
    }

    /// `g + h`, if it is remembered.
    pub(super) fn known_sum(&self, g: GameId, h: GameId) -> Option<GameId> {
        self.sums.get(g.min(h), g.max(h)).map(GameId::new)
    }

    /// Remembers that `g + h` is `sum`.
    pub(super) fn remember_sum(&mut self, g: GameId, h: GameId, sum: GameId) {
        self.sums.put(g.min(h), g.max(h), sum.index());
    }

    /// Whether `g ≤ h`, if it is remembered.
    pub(super) fn known_leq(&self, g: GameId, h: GameId) -> Option<bool> {
        self.orders.get(g, h).map(|known| known == 1)
    }

    /// Remembers whether `g ≤ h`.
    pub(super) fn remember_leq(&mut self, g: GameId, h: GameId, leq: bool) {
        self.orders.put(g, h, u32::from(leq));
    }

    /// The invariants remembered of games so far (stops, thermographs, ...).
    pub(super) fn remembered(&self) -> &Remembered {
        &self.remembered
    }

    /// Remembers invariants of a game by `record`, which holds `bytes` more: refused if that
    /// would pass the limit.
    pub(super) fn remember(
        &mut self,
        bytes: u64,
        record: impl FnOnce(&mut Remembered),
    ) -> StoreResult<()> {
        self.room_for(bytes)?;
        record(&mut self.remembered);
        self.remembered.add_bytes(bytes);
        Ok(())
    }

    fn intern_nus(&mut self, nus: Nus) -> StoreResult<GameId> {
        let hash = hash_of(&nus);
        let entries = &self.entries;
        if let Some(&id) = self.index.find(hash, |&id| match &entries[id as usize] {
            Entry::Nus(other) => *other == nus,
            Entry::Form { .. } => false,
        }) {
            return Ok(GameId::new(id));
        }
        self.big_bytes +=
            (crate::engine::Footprint::footprint(&nus.number) - size_of::<Dyadic>()) as u64;
        self.push(Entry::Nus(nus), hash)
    }

    /// The id of the canonical form with these options, sorted by id, adding it if new. Only
    /// [`Store::from_options`], once it has canonicalised, and [`Store::neg`], which mirrors a
    /// canonical form, call it: with a canonical form that is not a number-up-star value.
    fn intern_form(&mut self, left: &[GameId], right: &[GameId]) -> StoreResult<GameId> {
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
            return Ok(GameId::new(id));
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
        Ok(GameId::new(id))
    }
}

fn hash_of<T: Hash>(value: &T) -> u64 {
    let mut hasher = FxHasher::default();
    value.hash(&mut hasher);
    hasher.finish()
}
