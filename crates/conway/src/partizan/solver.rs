//! The partizan solver: depth-first search for canonical values, with a transposition table of
//! components.
//!
//! The search keeps its own stack, so a long line of play does not overflow the thread's
//! stack; it counts the positions it expands and holds its table, its stack and the store to
//! the memory limit; and it notices a position that repeats along the line of play (a game
//! that does not end has no short-game value).

use super::{Partizan, Player};
use crate::engine::{BoundedTable, Footprint, Limits, Meter, Outcome, Progress, SearchError};
use crate::short::{GameId, Store};
use rustc_hash::FxHashSet;
use std::mem::size_of;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// Finds the values of positions of one ruleset, remembering what it has learnt between calls.
///
/// The values are ids in the [`Store`] passed to each call; a solver must always be given the
/// same store.
pub struct Solver<'g, G: Partizan> {
    game: &'g G,
    meter: Meter,
    closed_forms: bool,
    values: BoundedTable<G::Position, GameId>,
    on_line: FxHashSet<G::Position>,
    expanded: u64,
}

/// The search stack. Every frame's parts (the representatives of its options' components,
/// whose values it needs), where each option's parts end, and the values found so far live in
/// buffers shared by the whole stack, each frame owning a slice at the top.
struct Stack<P> {
    frames: Vec<Frame<P>>,
    parts: Vec<P>,
    ends: Vec<usize>,
    values: Vec<GameId>,
    /// Where an option is split into components.
    split: Vec<P>,
    bytes: u64,
}

impl<P> Default for Stack<P> {
    fn default() -> Self {
        Stack {
            frames: Vec::new(),
            parts: Vec::new(),
            ends: Vec::new(),
            values: Vec::new(),
            split: Vec::new(),
            bytes: 0,
        }
    }
}

impl<P> Stack<P> {
    /// Drops the top frame and its slices.
    fn pop(&mut self) -> Frame<P> {
        let frame = self.frames.pop().expect("a frame is on the stack");
        self.parts.truncate(frame.parts_start);
        self.ends.truncate(frame.ends_start);
        self.values.truncate(frame.values_start);
        self.bytes -= frame.bytes;
        frame
    }
}

/// A position being expanded: its slices of the stack's buffers.
struct Frame<P> {
    position: P,
    parts_start: usize,
    parts_end: usize,
    ends_start: usize,
    values_start: usize,
    left_count: usize,
    bytes: u64,
}

impl<'g, G: Partizan> Solver<'g, G> {
    /// A solver with the default limits.
    pub fn new(game: &'g G) -> Self {
        Solver::with_limits(game, Limits::default())
    }

    /// A solver held to `limits` (the store's bytes count against its memory limit too).
    pub fn with_limits(game: &'g G, limits: Limits) -> Self {
        Solver {
            game,
            meter: Meter::new(limits),
            closed_forms: true,
            values: BoundedTable::new(limits.table_bytes()),
            on_line: FxHashSet::default(),
            expanded: 0,
        }
    }

    /// A solver that ignores the ruleset's closed forms, to check them.
    pub fn by_search_only(mut self) -> Self {
        self.closed_forms = false;
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

    /// How many positions the solver has expanded (listed the options of) so far.
    pub fn expanded(&self) -> u64 {
        self.expanded
    }

    /// The bytes the table of values holds.
    pub fn table_bytes(&self) -> u64 {
        self.values.bytes()
    }

    /// The canonical value of `position`.
    pub fn value(
        &mut self,
        store: &mut Store,
        position: &G::Position,
    ) -> Result<GameId, SearchError> {
        self.values.start_search();
        let mut parts = Vec::new();
        self.game.components(position.clone(), &mut parts);
        let mut total = store.zero();
        for part in parts {
            let part = self.game.representative(part);
            let value = self.component_value(store, part)?;
            total = store.add(total, value)?;
        }
        Ok(total)
    }

    /// Who wins `position`.
    pub fn outcome(
        &mut self,
        store: &mut Store,
        position: &G::Position,
    ) -> Result<Outcome, SearchError> {
        let value = self.value(store, position)?;
        store.outcome(value)
    }

    /// Every move of `player` that wins when `player` moves first: to a position of value
    /// ≥ 0 for Left, ≤ 0 for Right (Theorem 7.3).
    pub fn winning_moves(
        &mut self,
        store: &mut Store,
        position: &G::Position,
        player: Player,
    ) -> Result<Vec<G::Position>, SearchError> {
        let options = match player {
            Player::Left => self.game.left_options(position),
            Player::Right => self.game.right_options(position),
        };
        let zero = store.zero();
        let mut winning = Vec::new();
        for option in options {
            let value = self.value(store, &option)?;
            let wins = match player {
                Player::Left => store.leq(zero, value)?,
                Player::Right => store.leq(value, zero)?,
            };
            if wins {
                winning.push(option);
            }
        }
        Ok(winning)
    }

    /// The value of a component given by its representative, found by search unless known.
    fn component_value(
        &mut self,
        store: &mut Store,
        root: G::Position,
    ) -> Result<GameId, SearchError> {
        if let Some(value) = self.known(store, &root)? {
            return Ok(value);
        }
        let mut stack = Stack::default();
        self.expand(root, &mut stack)?;
        loop {
            let frame = stack
                .frames
                .last()
                .expect("the stack holds the root until it is solved");
            let found = stack.values.len() - frame.values_start;
            if frame.parts_start + found < frame.parts_end {
                let part = stack.parts[frame.parts_start + found].clone();
                if let Some(value) = self.known(store, &part)? {
                    stack.values.push(value);
                    continue;
                }
                if self.on_line.contains(&part) {
                    self.on_line.clear();
                    return Err(SearchError::Loops);
                }
                self.expand(part, &mut stack)?;
                self.check_memory(store, stack.bytes)?;
                continue;
            }
            let value = self.combine(store, &stack)?;
            let frame = stack.pop();
            self.on_line.remove(&frame.position);
            self.values.insert(frame.position, value);
            if stack.frames.is_empty() {
                return Ok(value);
            }
            stack.values.push(value);
        }
    }

    /// A value known without search: found before, or by the ruleset's closed form.
    fn known(
        &mut self,
        store: &mut Store,
        part: &G::Position,
    ) -> Result<Option<GameId>, SearchError> {
        if let Some(value) = self.values.get(part) {
            return Ok(Some(value));
        }
        if let Some(mirror) = self.game.negation(part) {
            let mirror = self.game.representative(mirror);
            if let Some(value) = self.values.get(&mirror) {
                let value = store.neg(value)?;
                self.values.insert(part.clone(), value);
                return Ok(Some(value));
            }
        }
        if self.closed_forms {
            if let Some(value) = self.game.known_value(part, store) {
                let value = value?;
                self.values.insert(part.clone(), value);
                return Ok(Some(value));
            }
        }
        Ok(None)
    }

    /// Lists the options of `position` as representatives of their components on the stack,
    /// within the limits.
    fn expand(
        &mut self,
        position: G::Position,
        stack: &mut Stack<G::Position>,
    ) -> Result<(), SearchError> {
        let left = self.game.left_options(&position);
        let right = self.game.right_options(&position);
        let frame_parts = stack.parts.len();
        let frame_ends = stack.ends.len();
        let left_count = left.len();
        for option in left.into_iter().chain(right) {
            self.game.components(option, &mut stack.split);
            let game = self.game;
            stack
                .parts
                .extend(stack.split.drain(..).map(|part| game.representative(part)));
            stack.ends.push(stack.parts.len());
        }
        let bytes = (position.footprint()
            + stack.parts[frame_parts..]
                .iter()
                .map(Footprint::footprint)
                .sum::<usize>()
            + (stack.ends.len() - frame_ends) * size_of::<usize>()) as u64;
        self.meter.list(bytes as usize)?;
        self.expanded += 1;
        self.on_line.insert(position.clone());
        stack.bytes += bytes;
        stack.frames.push(Frame {
            position,
            parts_start: frame_parts,
            parts_end: stack.parts.len(),
            ends_start: frame_ends,
            values_start: stack.values.len(),
            left_count,
            bytes,
        });
        Ok(())
    }

    /// Refuses to hold more than the memory limit in the table, the stack and the store;
    /// what earlier searches left in the table goes first.
    fn check_memory(&mut self, store: &Store, stack_bytes: u64) -> Result<(), SearchError> {
        let held = |solver: &Self| store.bytes() + solver.values.bytes() + stack_bytes;
        if self.meter.hold(held(self)).is_err() {
            self.values.drop_previous();
            self.meter.hold(held(self))?;
        }
        Ok(())
    }

    /// `{values of Left's options | values of Right's options}` of the top frame, whose
    /// parts are all solved.
    fn combine(
        &mut self,
        store: &mut Store,
        stack: &Stack<G::Position>,
    ) -> Result<GameId, SearchError> {
        let frame = stack.frames.last().expect("a frame is on the stack");
        let ends = &stack.ends[frame.ends_start..];
        let values = &stack.values[frame.values_start..];
        let mut left = Vec::with_capacity(frame.left_count);
        let mut right = Vec::with_capacity(ends.len() - frame.left_count);
        let mut start = 0;
        for (index, &end) in ends.iter().enumerate() {
            let end = end - frame.parts_start;
            let mut value = store.zero();
            for &part_value in &values[start..end] {
                value = store.add(value, part_value)?;
            }
            if index < frame.left_count {
                left.push(value);
            } else {
                right.push(value);
            }
            start = end;
        }
        store.from_options(&left, &right)
    }
}
