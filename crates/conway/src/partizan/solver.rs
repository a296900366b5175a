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
}

/// A position being expanded: the canonical components of its options, flattened, with where
/// each option's components end.
struct Frame<P> {
    position: P,
    parts: Vec<P>,
    ends: Vec<usize>,
    left_count: usize,
    next: usize,
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
        }
    }

    /// A solver that ignores the ruleset's closed forms, to check them.
    pub fn by_search_only(mut self) -> Self {
        self.closed_forms = false;
        self
    }

    /// Reports the positions expanded so far, now and then.
    pub fn on_progress(mut self, progress: Option<Progress>) -> Self {
        self.meter = Meter::new(self.meter.limits()).with_progress(progress);
        self
    }

    /// How many positions the solver has expanded (listed the options of) so far.
    pub fn expanded(&self) -> u64 {
        self.meter.listed()
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
            let part = self.game.canonical(part);
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

    /// The value of a canonical component, found by search unless known.
    fn component_value(
        &mut self,
        store: &mut Store,
        root: G::Position,
    ) -> Result<GameId, SearchError> {
        if let Some(value) = self.known(store, &root)? {
            return Ok(value);
        }
        let mut stack = vec![self.expand(root)?];
        let mut stack_bytes = stack[0].bytes;
        loop {
            let frame = stack
                .last_mut()
                .expect("the stack holds the root until it is solved");
            while frame.next < frame.parts.len() {
                let part = &frame.parts[frame.next];
                if self.values.get(part).is_none() {
                    break;
                }
                frame.next += 1;
            }
            if frame.next < frame.parts.len() {
                let part = frame.parts[frame.next].clone();
                if let Some(value) = self.known(store, &part)? {
                    self.values.insert(part, value);
                    continue;
                }
                if self.on_line.contains(&part) {
                    self.on_line.clear();
                    return Err(SearchError::Loops);
                }
                let child = self.expand(part)?;
                stack_bytes += child.bytes;
                stack.push(child);
                self.check_memory(store, stack_bytes)?;
                continue;
            }
            let frame = stack.pop().expect("a frame is on the stack");
            stack_bytes -= frame.bytes;
            let value = self.combine(store, &frame)?;
            self.on_line.remove(&frame.position);
            self.values.insert(frame.position, value);
            if stack.is_empty() {
                return Ok(value);
            }
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
            let mirror = self.game.canonical(mirror);
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

    /// Lists the options of `position` as canonical components, within the limits.
    fn expand(&mut self, position: G::Position) -> Result<Frame<G::Position>, SearchError> {
        let left = self.game.left_options(&position);
        let right = self.game.right_options(&position);
        let left_count = left.len();
        let mut parts = Vec::new();
        let mut ends = Vec::with_capacity(left.len() + right.len());
        let mut split = Vec::new();
        for option in left.into_iter().chain(right) {
            self.game.components(option, &mut split);
            parts.extend(split.drain(..).map(|part| self.game.canonical(part)));
            ends.push(parts.len());
        }
        let bytes = (position.footprint()
            + parts.iter().map(Footprint::footprint).sum::<usize>()
            + ends.len() * 8) as u64;
        self.meter.list(bytes as usize)?;
        self.on_line.insert(position.clone());
        Ok(Frame {
            position,
            parts,
            ends,
            left_count,
            next: 0,
            bytes,
        })
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

    /// `{values of Left's options | values of Right's options}`.
    fn combine(
        &mut self,
        store: &mut Store,
        frame: &Frame<G::Position>,
    ) -> Result<GameId, SearchError> {
        let mut left = Vec::with_capacity(frame.left_count);
        let mut right = Vec::with_capacity(frame.ends.len() - frame.left_count);
        let mut start = 0;
        for (index, &end) in frame.ends.iter().enumerate() {
            let mut value = store.zero();
            for part in &frame.parts[start..end] {
                let part_value = self
                    .values
                    .get(part)
                    .expect("every part of a frame is solved before the frame");
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
