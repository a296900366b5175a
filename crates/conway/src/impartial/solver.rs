//! The Sprague–Grundy solver: depth-first search with a transposition table.
//!
//! Normal play decomposes a position into components and nim-sums their values, so the table
//! holds components. Misère play does not decompose, so misère search keys whole positions.
//! The search keeps its own stack (deep games such as a subtraction heap of a million do not
//! overflow the thread's stack), counts the positions it lists and the bytes it holds against
//! its [`Limits`], and notices a position that repeats along the current line of play.
//!
//! The stack allocates nothing per option: every frame's parts (the representatives of the
//! components of its options, whose values it needs) and the values found so far live in two
//! buffers shared by all frames, each frame owning a slice at the top.

use super::{Analysis, Impartial, Target};
use crate::engine::{
    buffer_bytes, grown_capacity, map_bytes, map_growth_bytes, BoundedTable, Footprint, Limits,
    Meter, Outcome, Play, Progress, SearchError, BYTES_PER_COUNT,
};
use rustc_hash::{FxBuildHasher, FxHashMap};
use std::hash::BuildHasher;
use std::mem::size_of;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// Some moves of a position, and how many there are in all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Moves<P> {
    /// The first moves found, at most as many as were asked for.
    pub first: Vec<P>,
    /// The number of such moves.
    pub total: u64,
}

/// Where the moves that reach a target go: the first `keep` are built and handed on as they
/// are found, the rest only counted. So listing the winning moves of a row of 60,000 heaps
/// holds one position at a time, not 60,000. The receiver may stop the handing on (its
/// reader has gone): the finders then only count, and the search ends at once.
pub struct MoveSink<'s, P> {
    keep: u64,
    total: u64,
    stopped: bool,
    each: &'s mut dyn FnMut(P) -> bool,
}

impl<'s, P> MoveSink<'s, P> {
    /// Hands the first `keep` moves to `each`, which says whether it wants more.
    pub fn new(keep: usize, each: &'s mut dyn FnMut(P) -> bool) -> Self {
        MoveSink {
            keep: keep as u64,
            total: 0,
            stopped: false,
            each,
        }
    }

    /// One more move, built by `build` only if it is handed on.
    pub fn push_with(&mut self, build: impl FnOnce() -> P) {
        if self.wants_more() && !(self.each)(build()) {
            self.stopped = true;
        }
        self.total += 1;
    }

    /// One more move.
    pub fn push(&mut self, m: P) {
        self.push_with(|| m);
    }

    /// How many more moves would be handed on rather than only counted.
    pub fn wanted(&self) -> u64 {
        match self.stopped {
            true => 0,
            false => self.keep - self.total.min(self.keep),
        }
    }

    /// Whether the next move would be handed on rather than only counted.
    pub fn wants_more(&self) -> bool {
        !self.stopped && self.total < self.keep
    }

    /// Whether the receiver asked for no more moves.
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// `count` more moves that are only counted: for closed forms that count the moves past
    /// the first `keep` without finding each.
    pub fn skip(&mut self, count: u64) {
        debug_assert!(!self.wants_more() || count == 0);
        self.total = self.total.saturating_add(count);
    }

    /// The moves found so far.
    pub fn total(&self) -> u64 {
        self.total
    }
}

/// Solves positions of one ruleset, remembering what it has learnt between calls.
pub struct Solver<'g, G: Impartial> {
    game: &'g G,
    meter: Meter,
    memory: Memory<G::Position>,
    stack: Stack<G::Position>,
    /// The bytes of the options whose values [`Solver::moves_to_each`] is finding: they are
    /// held while the searches for those values run.
    options_held: u64,
    /// Bytes noted since memory was last checked: see [`Solver::note`].
    unchecked: u64,
    /// Whether positions without a closed form may be searched: see
    /// [`Solver::closed_forms_only`].
    search: bool,
}

/// What a solver knows without searching: closed forms (unless it searches only) and what it
/// has found before.
struct Memory<P> {
    closed_forms: bool,
    /// Normal play: nim values of components, keyed by their representatives.
    values: BoundedTable<P, u64>,
    /// Misère play: representatives of whole positions, `0` for P and `1` for N.
    misere: BoundedTable<P, u64>,
}

impl<P: Clone + Eq + std::hash::Hash + Footprint> Memory<P> {
    /// A closed form or a table entry for a position, if there is one.
    fn known<G: Impartial<Position = P>>(
        &mut self,
        game: &G,
        position: &P,
        play: Play,
    ) -> Option<u64> {
        match play {
            Play::Normal => self
                .closed_forms
                .then(|| game.known_value(position))
                .flatten()
                .or_else(|| self.values.get(position)),
            Play::Misere => self
                .closed_forms
                .then(|| game.known_misere_outcome(position))
                .flatten()
                .map(|outcome| (outcome == Outcome::N) as u64)
                .or_else(|| self.misere.get(position)),
        }
    }

    fn remember(&mut self, position: P, value: u64, play: Play) {
        self.table(play).insert(position, value)
    }

    fn table(&mut self, play: Play) -> &mut BoundedTable<P, u64> {
        match play {
            Play::Normal => &mut self.values,
            Play::Misere => &mut self.misere,
        }
    }

    fn bytes(&self) -> u64 {
        self.values.bytes() + self.misere.bytes()
    }

    fn start_search(&mut self) {
        self.values.start_search();
        self.misere.start_search();
    }

    /// Drops what earlier searches left and this one has not used.
    fn make_room(&mut self) {
        self.values.drop_previous();
        self.misere.drop_previous();
    }
}

impl<'g, G: Impartial> Solver<'g, G> {
    /// A solver held to the default [`Limits`].
    pub fn new(game: &'g G) -> Self {
        let limits = Limits::default();
        Solver {
            game,
            meter: Meter::new(limits),
            memory: Memory {
                closed_forms: true,
                values: BoundedTable::new(limits.table_bytes() / 2),
                misere: BoundedTable::new(limits.table_bytes() / 2),
            },
            stack: Stack::default(),
            options_held: 0,
            unchecked: 0,
            search: true,
        }
    }

    /// Other limits; the tables start afresh with the new cap.
    pub fn with_limits(mut self, limits: Limits) -> Self {
        self.meter = Meter::new(limits);
        self.memory.values = BoundedTable::new(limits.table_bytes() / 2);
        self.memory.misere = BoundedTable::new(limits.table_bytes() / 2);
        self
    }

    /// Caps the transposition tables at `bytes` in all, instead of half the memory limit: to
    /// see what a search costs with a table too small for it. The tables start afresh.
    pub fn with_table_bytes(mut self, bytes: u64) -> Self {
        self.memory.values = BoundedTable::new(bytes / 2);
        self.memory.misere = BoundedTable::new(bytes / 2);
        self
    }

    /// Ignore the ruleset's closed forms and search everything: the reference that tests
    /// compare closed forms against.
    pub fn by_search_only(mut self) -> Self {
        self.memory.closed_forms = false;
        self
    }

    /// Answer by the ruleset's closed forms (and what the tables know) alone: where a
    /// position would have to be searched, stop with [`SearchError::NeedsSearch`]. For rules
    /// under which play may go round a cycle, whose positions the search cannot value.
    pub fn closed_forms_only(mut self) -> Self {
        self.search = false;
        self
    }

    /// Reports to `progress` now and then, and stops with [`SearchError::Interrupted`] once
    /// `interrupt` is set: what a [`Budget`](crate::analysis::Budget) asks for.
    pub fn watched(
        mut self,
        progress: Option<Progress>,
        interrupt: Option<Arc<AtomicBool>>,
    ) -> Self {
        self.meter = Meter::new(self.meter.limits())
            .with_progress(progress)
            .with_interrupt(interrupt);
        self
    }

    /// The game this solver solves.
    pub fn game(&self) -> &'g G {
        self.game
    }

    /// The Sprague–Grundy value (nim value) of a position under normal play.
    pub fn nim_value(&mut self, position: &G::Position) -> Result<u64, SearchError> {
        let mut parts = Vec::new();
        self.game.components(position.clone(), &mut parts);
        let mut total = 0;
        for part in parts {
            total ^= self.evaluate(self.game.representative(part), Play::Normal)?;
        }
        Ok(total)
    }

    /// Whether the player to move wins.
    pub fn outcome(&mut self, position: &G::Position, play: Play) -> Result<Outcome, SearchError> {
        if let Some(own) = self.game.own_search() {
            return own.outcome(position, play, &mut self.meter);
        }
        if self.memory.closed_forms {
            let known = match play {
                Play::Normal => self.game.known_outcome(position),
                Play::Misere => self.game.known_misere_outcome(position),
            };
            if let Some(outcome) = known {
                return Ok(outcome);
            }
        }
        let value = match play {
            Play::Normal => self.nim_value(position)?,
            Play::Misere => {
                self.evaluate(self.game.representative(position.clone()), Play::Misere)?
            }
        };
        Ok(Outcome::p_if(value == 0))
    }

    /// Every option from which the player who moved there wins: all of them, not one.
    pub fn winning_moves(
        &mut self,
        position: &G::Position,
        play: Play,
    ) -> Result<Vec<G::Position>, SearchError> {
        Ok(self
            .moves_to(position, Target::winning(play), usize::MAX)?
            .first)
    }

    /// The options that reach `target`: the first `keep` of them, and their number.
    pub fn moves_to(
        &mut self,
        position: &G::Position,
        target: Target,
        keep: usize,
    ) -> Result<Moves<G::Position>, SearchError> {
        let mut first = Vec::new();
        let total = self.moves_to_each(position, target, keep, &mut |m| {
            first.push(m);
            true
        })?;
        Ok(Moves { first, total })
    }

    /// The options that reach `target`: the first `keep` go to `each` as they are found, and
    /// the number of them all is returned. `each` says whether it wants more; where it stops,
    /// the search ends soon and the number is of those found by then. Either every move is
    /// found or an error comes before any goes to `each`, so that what went out stands.
    pub fn moves_to_each(
        &mut self,
        position: &G::Position,
        target: Target,
        keep: usize,
        each: &mut dyn FnMut(G::Position) -> bool,
    ) -> Result<u64, SearchError> {
        let mut sink = MoveSink::new(keep, each);
        if let (Some(own), Some((play, wanted))) = (self.game.own_search(), target.outcome_wanted())
        {
            own.moves_to(position, play, wanted, &mut sink, &mut self.meter)?;
            return Ok(sink.total());
        }
        if self.memory.closed_forms && self.game.known_moves_to(position, target, &mut sink) {
            return Ok(sink.total());
        }
        let options = self.list_options(position)?;
        let hits = self.reaching(&options, target);
        self.options_held = 0;
        for (option, hit) in options.into_iter().zip(hits?) {
            if hit {
                sink.push(option);
            }
            if sink.stopped() {
                break;
            }
        }
        Ok(sink.total())
    }

    /// Which of `options` reach `target`.
    fn reaching(
        &mut self,
        options: &[G::Position],
        target: Target,
    ) -> Result<Vec<bool>, SearchError> {
        options
            .iter()
            .map(|option| {
                // A P-position needs only the outcome, which a closed form may give.
                Ok(match target {
                    Target::Value(0) => self.outcome(option, Play::Normal)? == Outcome::P,
                    Target::Value(value) => self.nim_value(option)? == value,
                    Target::MisereP => self.outcome(option, Play::Misere)? == Outcome::P,
                    Target::Draw(play) => self.outcome(option, play)? == Outcome::D,
                })
            })
            .collect()
    }

    /// Outcome, the nim value (normal play) and the winning moves: the first `keep` go to
    /// `each` as they are found, with the analysis so far (outcome and value are known before
    /// any move), and `each` says whether it wants more. Where a closed form gives the
    /// outcome and the moves but the value's search is too big, or the outcome and the value
    /// but the moves' search is too big, the analysis says so rather than fail.
    pub fn analyse(
        &mut self,
        position: &G::Position,
        play: Play,
        keep: usize,
        each: &mut dyn FnMut(&Analysis, G::Position) -> bool,
    ) -> Result<Analysis, SearchError> {
        let outcome = self.outcome(position, play)?;
        let (value, value_unknown) = match (play, outcome) {
            (Play::Misere, _) => (None, None),
            (Play::Normal, _) if self.game.own_search().is_some() => (None, None),
            // A P-position's value is 0 by the Sprague–Grundy theorem: no search needed.
            (Play::Normal, Outcome::P) => (Some(0), None),
            (Play::Normal, _) => match self.nim_value(position) {
                Ok(value) => (Some(value), None),
                Err(error @ (SearchError::TooBig { .. } | SearchError::OutOfMemory { .. })) => {
                    (None, Some(error))
                }
                Err(other) => return Err(other),
            },
        };
        let mut analysis = Analysis {
            outcome,
            value,
            value_unknown,
            winning_move_count: None,
            moves_unknown: None,
        };
        // A P-position has no winning move, whatever its options; at a draw the moves
        // wanted keep it. The moves may take as much work as the value, which may have
        // taken all it was allowed.
        let moves = match outcome {
            Outcome::P => Ok(0),
            _ => {
                self.meter.count_afresh();
                let so_far = analysis.clone();
                let target = match outcome {
                    Outcome::D => Target::Draw(play),
                    _ => Target::winning(play),
                };
                self.moves_to_each(position, target, keep, &mut |m| each(&so_far, m))
            }
        };
        match moves {
            Ok(count) => analysis.winning_move_count = Some(count),
            Err(error @ (SearchError::TooBig { .. } | SearchError::OutOfMemory { .. })) => {
                analysis.moves_unknown = Some(error)
            }
            Err(other) => return Err(other),
        }
        Ok(analysis)
    }

    /// The options of a position, counted against the limits; they are held (and counted in
    /// [`Solver::held`]) until `options_held` is cleared.
    fn list_options(&mut self, position: &G::Position) -> Result<Vec<G::Position>, SearchError> {
        self.check_room(position)?;
        let options = self.game.options(position);
        for option in &options {
            self.meter.list(option.footprint())?;
        }
        // One byte more each, for which of them reach the target.
        let bytes = list_bytes(&options);
        self.make_room(bytes + options.len() as u64)?;
        self.options_held = bytes;
        Ok(options)
    }

    /// Refuses, before they are listed, options that the ruleset's bound says could not fit:
    /// each is taken to hold about the bytes of the position itself, and the list that holds
    /// them up to twice its length while it grows.
    fn check_room(&mut self, position: &G::Position) -> Result<(), SearchError> {
        if !self.search {
            return Err(SearchError::NeedsSearch);
        }
        let Some(bound) = self.game.option_bound(position) else {
            return Ok(());
        };
        let bytes = position.footprint();
        self.meter
            .room_for(bound.saturating_mul(1 + bytes as u64 / BYTES_PER_COUNT))?;
        let list = bound.saturating_mul((bytes + 2 * size_of::<G::Position>()) as u64);
        match list > UNCHECKED_BYTES {
            true => self.make_room(list),
            false => self.note(list),
        }
    }

    /// The bytes this solver holds: its tables, its stack and the options it is valuing.
    fn held(&self) -> u64 {
        self.memory.bytes() + self.stack.bytes() + self.options_held
    }

    /// Refuses to hold `extra` bytes more than now, unless dropping what earlier searches
    /// left makes room for them.
    fn make_room(&mut self, extra: u64) -> Result<(), SearchError> {
        if self.meter.hold(self.held().saturating_add(extra)).is_err() {
            self.memory.make_room();
        }
        self.meter.hold(self.held().saturating_add(extra))?;
        self.unchecked = 0;
        Ok(())
    }

    /// Notes `bytes` more held, or held for a moment: small amounts are checked against the
    /// limit, with all that is held, once they add up to [`UNCHECKED_BYTES`], so that the
    /// search does not add up every buffer at every position.
    fn note(&mut self, bytes: u64) -> Result<(), SearchError> {
        self.unchecked += bytes;
        match self.unchecked > UNCHECKED_BYTES {
            true => self.make_room(0),
            false => Ok(()),
        }
    }

    /// Makes room for the table of `play` to take one entry more: where it is full, its
    /// larger bucket array must fit beside what is held.
    fn room_in_table(&mut self, play: Play) -> Result<(), SearchError> {
        match self.memory.table(play).growth_bytes() {
            0 => Ok(()),
            growth => self.make_room(growth),
        }
    }

    /// Makes room in a buffer of the stack for `additional` more elements: where it must
    /// grow, its larger buffer must fit beside what is held (the old one is freed after the
    /// copy).
    fn reserve<T>(
        &mut self,
        additional: usize,
        buffer: fn(&mut Stack<G::Position>) -> &mut Vec<T>,
    ) -> Result<(), SearchError> {
        let Some(capacity) = grown_capacity(buffer(&mut self.stack), additional) else {
            return Ok(());
        };
        self.make_room((capacity * size_of::<T>()) as u64)?;
        let vec = buffer(&mut self.stack);
        vec.reserve_exact(capacity - vec.len());
        Ok(())
    }

    /// The value of a representative position: its nim value (normal play) or 0/1 for P/N (misère).
    fn evaluate(&mut self, root: G::Position, play: Play) -> Result<u64, SearchError> {
        self.room_in_table(play)?;
        if let Some(value) = self.memory.known(self.game, &root, play) {
            return Ok(value);
        }
        self.stack.clear();
        self.memory.start_search();
        let result = self.search(root, play);
        self.stack.clear();
        // A stack that grew large gives its buffers back, for what comes next.
        if self.stack.bytes() > KEPT_STACK_BYTES {
            self.stack = Stack::default();
        }
        result
    }

    fn search(&mut self, root: G::Position, play: Play) -> Result<u64, SearchError> {
        let hash = FxBuildHasher.hash_one(&root);
        self.open(root, hash, play)?;
        loop {
            match self.stack.next_part() {
                Some(index) => {
                    // A hit in the previous generation moves the entry into the current one.
                    self.room_in_table(play)?;
                    let known = self.memory.known(self.game, &self.stack.parts[index], play);
                    match known {
                        Some(value) => self.stack.accept(value, play),
                        None => {
                            let part = self.stack.parts[index].clone();
                            let hash = FxBuildHasher.hash_one(&part);
                            if self.stack.on_path(&part, hash) {
                                return Err(SearchError::Loops);
                            }
                            self.open(part, hash, play)?;
                        }
                    }
                }
                None => {
                    self.room_in_table(play)?;
                    let (position, value) = self.stack.pop(play);
                    self.memory.remember(position, value, play);
                    if self.stack.frames.is_empty() {
                        return Ok(value);
                    }
                    self.stack.accept(value, play);
                }
            }
        }
    }

    /// Expands a position (whose hash is `hash`): lists its options, each split into the
    /// parts whose values it needs, on top of the stack. Every buffer that grows is checked
    /// against the limit first, with the list of options counted until it is on the stack.
    fn open(&mut self, position: G::Position, hash: u64, play: Play) -> Result<(), SearchError> {
        let game = self.game;
        self.check_room(&position)?;
        let options = game.options(&position);
        let count = options.len();
        // Until they are on the stack, the options are held in their list, each taken to own
        // about what the position owns.
        let expected = owned_bytes(&position) * count as u64;
        self.stack.incoming = buffer_bytes(&options) + expected;
        self.reserve(1, |stack| &mut stack.frames)?;
        self.reserve(count, |stack| &mut stack.ends)?;
        self.reserve(count, |stack| &mut stack.values)?;
        self.reserve(count + 1, |stack| &mut stack.seen)?;
        self.reserve(count, |stack| &mut stack.parts)?;
        if self.stack.path.len() == self.stack.path.capacity() {
            let entry = size_of::<(u64, u32)>();
            self.make_room(map_growth_bytes(self.stack.path_capacity, entry))?;
        }
        let mut parts_owned = 0;
        let mut frame = Frame {
            hash,
            owned: owned_bytes(&position),
            position,
            parts_from: self.stack.parts.len(),
            ends_from: self.stack.ends.len(),
            values_from: self.stack.values.len(),
            option: 0,
            part: self.stack.parts.len(),
            sum: 0,
        };
        for option in options {
            match play {
                Play::Normal => game.components(option, &mut self.stack.scratch),
                Play::Misere => self.stack.scratch.push(option),
            }
            let stack = &mut self.stack;
            if stack.parts.capacity() - stack.parts.len() < stack.scratch.len() {
                self.reserve(self.stack.scratch.len(), |stack| &mut stack.parts)?;
            }
            let stack = &mut self.stack;
            for part in stack.scratch.drain(..) {
                let part = game.representative(part);
                parts_owned += owned_bytes(&part);
                stack.parts.push(part);
            }
            stack.ends.push(stack.parts.len());
        }
        frame.owned += parts_owned;
        let stack = &mut self.stack;
        stack.incoming = 0;
        stack.owned += frame.owned;
        // The position and each option count once, and once more per so many bytes.
        let parts = stack.parts.len() - frame.parts_from;
        let bytes = frame.owned + ((1 + parts) * size_of::<G::Position>()) as u64;
        let listed = 1 + count as u64 + bytes / BYTES_PER_COUNT;
        *stack.path.entry(frame.hash).or_insert(0) += 1;
        stack.path_capacity = stack.path_capacity.max(stack.path.capacity());
        stack.frames.push(frame);
        stack.settle(play);
        self.meter.count(listed)?;
        self.note(parts_owned)
    }
}

/// How many bytes a search may add in small amounts before it checks what it holds against
/// the limit: the most it may hold past the limit.
const UNCHECKED_BYTES: u64 = 64 << 10;

/// The most bytes of buffers the stack keeps between searches.
const KEPT_STACK_BYTES: u64 = 1 << 20;

/// The bytes a list of positions holds: its buffer and what each position owns.
fn list_bytes<P: Footprint>(list: &Vec<P>) -> u64 {
    buffer_bytes(list) + list.iter().map(owned_bytes).sum::<u64>()
}

/// The bytes a position owns beyond its inline size: its heap allocations.
fn owned_bytes<P: Footprint>(position: &P) -> u64 {
    position.footprint().saturating_sub(size_of::<P>()) as u64
}

/// The search stack: its frames, and the parts and values they share.
struct Stack<P> {
    frames: Vec<Frame<P>>,
    /// The parts of every frame's options, each frame's at the top when it is on top.
    parts: Vec<P>,
    /// Where the components of one option are split and replaced by their representatives.
    scratch: Vec<P>,
    /// Where each option's parts end in `parts`.
    ends: Vec<usize>,
    /// The values of the options seen so far, each frame's at the top when it is on top.
    values: Vec<u64>,
    /// Scratch space for the mex.
    seen: Vec<bool>,
    /// How many frames on the stack have each hash, to notice a repeated position cheaply.
    path: FxHashMap<u64, u32>,
    /// The most entries `path` has had room for: its array stays as it was when entries
    /// leave, though their tombstones hide part of its capacity.
    path_capacity: usize,
    /// What the positions on the stack own beyond their inline size.
    owned: u64,
    /// The bytes of a list of options on its way onto the stack.
    incoming: u64,
}

impl<P> Default for Stack<P> {
    fn default() -> Self {
        Stack {
            frames: Vec::new(),
            parts: Vec::new(),
            scratch: Vec::new(),
            ends: Vec::new(),
            values: Vec::new(),
            seen: Vec::new(),
            path: FxHashMap::default(),
            path_capacity: 0,
            owned: 0,
            incoming: 0,
        }
    }
}

/// A position being expanded, and how far the values of its options are known.
struct Frame<P> {
    position: P,
    hash: u64,
    /// What the position and its options' parts own beyond their inline size.
    owned: u64,
    parts_from: usize,
    ends_from: usize,
    values_from: usize,
    /// The option whose parts are being valued, counted from 0.
    option: usize,
    /// The index in `parts` of the next part to value.
    part: usize,
    /// The nim-sum of the known parts of the current option.
    sum: u64,
}

impl<P: Eq + std::hash::Hash + Footprint> Stack<P> {
    fn clear(&mut self) {
        self.frames.clear();
        self.parts.clear();
        self.scratch.clear();
        self.ends.clear();
        self.values.clear();
        self.path.clear();
        self.owned = 0;
        self.incoming = 0;
    }

    /// The bytes the stack holds: its buffers as allocated (they keep the room they grew
    /// into), what its positions own, and a list of options on its way onto it.
    fn bytes(&self) -> u64 {
        buffer_bytes(&self.frames)
            + buffer_bytes(&self.parts)
            + buffer_bytes(&self.scratch)
            + buffer_bytes(&self.ends)
            + buffer_bytes(&self.values)
            + buffer_bytes(&self.seen)
            + map_bytes(self.path_capacity, size_of::<(u64, u32)>())
            + self.owned
            + self.incoming
    }

    /// The index in `parts` of the top frame's next part, if a part is left.
    fn next_part(&self) -> Option<usize> {
        let top = self.frames.last()?;
        (top.ends_from + top.option < self.ends.len()).then_some(top.part)
    }

    /// Whether `position`, whose hash is `hash`, is on the current line of play.
    fn on_path(&self, position: &P, hash: u64) -> bool {
        self.path.contains_key(&hash)
            && self
                .frames
                .iter()
                .any(|f| f.hash == hash && f.position == *position)
    }

    /// The value of the top frame's next part.
    fn accept(&mut self, value: u64, play: Play) {
        let top = self.frames.last_mut().expect("a frame is open");
        top.sum ^= value;
        top.part += 1;
        self.settle(play);
    }

    /// Moves the top frame past every option whose parts are all known.
    fn settle(&mut self, play: Play) {
        let top = self.frames.last_mut().expect("a frame is open");
        while let Some(&end) = self.ends.get(top.ends_from + top.option) {
            if top.part < end {
                return;
            }
            self.values.push(top.sum);
            top.sum = 0;
            top.option += 1;
            // Misère search stops at the first option that is a P-position.
            if play == Play::Misere && self.values.last() == Some(&0) {
                top.option = self.ends.len() - top.ends_from;
                top.part = self.parts.len();
                return;
            }
        }
    }

    /// Takes the finished top frame off the stack, with its value: the mex of its options'
    /// values (normal play), or 1 (N) at a terminal position or when some option is P, else
    /// 0 (misère).
    fn pop(&mut self, play: Play) -> (P, u64) {
        let frame = self.frames.pop().expect("a frame is open");
        let values = &self.values[frame.values_from..];
        let value = match play {
            Play::Normal => mex_in(values, &mut self.seen),
            Play::Misere => (values.is_empty() || values.contains(&0)) as u64,
        };
        self.owned -= frame.owned;
        self.parts.truncate(frame.parts_from);
        self.ends.truncate(frame.ends_from);
        self.values.truncate(frame.values_from);
        if let Some(count) = self.path.get_mut(&frame.hash) {
            *count -= 1;
            if *count == 0 {
                self.path.remove(&frame.hash);
            }
        }
        (frame.position, value)
    }
}

/// The least value not in `values`: at most their number, so a mark for each value below it
/// finds it in linear time. `seen` is scratch space, left all false.
fn mex_in(values: &[u64], seen: &mut Vec<bool>) -> u64 {
    seen.resize(values.len() + 1, false);
    for &v in values {
        if let Some(mark) = seen.get_mut(v as usize) {
            *mark = true;
        }
    }
    let mex = seen.iter().position(|&mark| !mark).unwrap_or(values.len());
    seen.clear();
    mex as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mex_of_the_texts() {
        let mut seen = Vec::new();
        assert_eq!(mex_in(&[], &mut seen), 0);
        assert_eq!(mex_in(&[0, 0, 1, 3], &mut seen), 2);
        assert_eq!(mex_in(&[2, 1, 0], &mut seen), 3);
        assert_eq!(mex_in(&[1, 2], &mut seen), 0);
        assert_eq!(mex_in(&[u64::MAX, 0], &mut seen), 1);
        assert!(seen.is_empty());
    }
}
