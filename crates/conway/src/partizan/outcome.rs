//! Who wins a partizan game too big for its canonical value: a search of who wins moving
//! first, over the sum of the position's components, whose leaves are exact values.
//!
//! A canonical value answers every question about a position, but its size grows far faster
//! than the number of positions one needs to see to learn who wins (Domineering on 8 × 8).
//! This search asks only that: whether the player to move has a move after which the other
//! player, to move, loses. Three things make it far smaller than the game tree:
//! - **Components.** A position is kept as the sum of its independent components
//!   ([`Partizan::components`]), each its [`Partizan::representative`], so that a move
//!   touches one component and transpositions across components are found. A component the
//!   ruleset calls small ([`Partizan::worth_valuing`]) or knows by a closed form
//!   ([`Partizan::known_value`]) is replaced by its canonical value, found once by the
//!   [`Solver`]; the values are added in the store, and once no component
//!   is left to search, the sum's value decides the outcome at once. Moves in the valued part
//!   are the options of its canonical form, which wins and loses exactly where the
//!   components do (a game and its canonical form are equal, so either can stand in a sum).
//! - **Counting moves.** Where the ruleset bounds how many moves each player can make
//!   ([`Partizan::move_bounds`]), a player with more moves in hand than the other can ever
//!   make wins without search: see [`MoveBounds`].
//! - **A transposition table** of who wins, by sum and player to move, kept to its share of
//!   memory by dropping its older half (a result dropped is only searched again). Moves are
//!   tried best first by the same bounds: the fewer moves left to the opponent and the more
//!   kept in hand, the sooner a win is found.
//!
//! The recursion follows the length of the game; its stack grows on the heap where needed
//! and each level counts against the memory limit.

use super::{Partizan, Player, Solver, WinSearch};
use crate::engine::{BoundedTable, Footprint, Limits, Meter, SearchError};
use crate::short::{GameId, Store};
use smallvec::SmallVec;
use std::cmp::Reverse;
use std::hash::{BuildHasher, Hash, Hasher};
use std::mem::size_of;

/// How many moves each player can make in a position, whatever the other does there.
///
/// Left can make `left_safe` moves that Right can never take away, none of which takes
/// another away. Beside them Left has `left_contested` more (none taking another or a safe
/// one away) that Right can take away, but only one with each move: so Left, playing them
/// first, makes at least half of them (rounded up when Left moves first, down when second).
/// Left can make at most `left_most` moves. Likewise Right.
///
/// Bounds add over a sum, and decide it: a player wins with more moves in hand than the other
/// can ever make, counting the turn (each of the other's moves is answered, and the other
/// runs out first). So Left, to move, wins when `left_safe + ⌈left_contested / 2⌉ >
/// right_most`, and loses when `right_safe + ⌊right_contested / 2⌋ >= left_most`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveBounds {
    /// Moves Left can make whatever Right does.
    pub left_safe: u64,
    /// Moves of Left that Right can take away, but only one at a time.
    pub left_contested: u64,
    /// Moves Left can make at most.
    pub left_most: u64,
    /// Moves Right can make whatever Left does.
    pub right_safe: u64,
    /// Moves of Right that Left can take away, but only one at a time.
    pub right_contested: u64,
    /// Moves Right can make at most.
    pub right_most: u64,
}

impl MoveBounds {
    /// The bounds of a sum of two positions.
    fn plus(self, other: MoveBounds) -> MoveBounds {
        MoveBounds {
            left_safe: self.left_safe.saturating_add(other.left_safe),
            left_contested: self.left_contested.saturating_add(other.left_contested),
            left_most: self.left_most.saturating_add(other.left_most),
            right_safe: self.right_safe.saturating_add(other.right_safe),
            right_contested: self.right_contested.saturating_add(other.right_contested),
            right_most: self.right_most.saturating_add(other.right_most),
        }
    }

    /// The bounds of an integer `n`: |n| moves of its owner, none of the other's.
    fn of_integer(n: i64) -> MoveBounds {
        let moves = n.unsigned_abs();
        match n >= 0 {
            true => MoveBounds {
                left_safe: moves,
                left_most: moves,
                ..MoveBounds::default()
            },
            false => MoveBounds {
                right_safe: moves,
                right_most: moves,
                ..MoveBounds::default()
            },
        }
    }

    /// The bounds of the negative: the players' roles exchanged.
    fn negated(self) -> MoveBounds {
        MoveBounds {
            left_safe: self.right_safe,
            left_contested: self.right_contested,
            left_most: self.right_most,
            right_safe: self.left_safe,
            right_contested: self.left_contested,
            right_most: self.left_most,
        }
    }

    /// Whether the player to move (Left if `left`) wins, where the counts decide it.
    fn verdict(self, left: bool) -> Option<bool> {
        let (mine, theirs) = self.sides(left);
        if mine.in_hand(true) > theirs.most {
            Some(true)
        } else if theirs.in_hand(false) >= mine.most {
            Some(false)
        } else {
            None
        }
    }

    /// How good the position is for the player who just moved into it (Left if `left`):
    /// the moves kept in hand less those left to the other. Moves are tried best first.
    fn merit(self, left: bool) -> i128 {
        let (mine, theirs) = self.sides(left);
        let score = |side: Side| i128::from(side.safe) + i128::from(side.most);
        score(mine) - score(theirs)
    }

    /// The bounds of Left's moves and Right's, the player's (Left if `left`) first.
    fn sides(self, left: bool) -> (Side, Side) {
        let left_side = Side {
            safe: self.left_safe,
            contested: self.left_contested,
            most: self.left_most,
        };
        let right_side = Side {
            safe: self.right_safe,
            contested: self.right_contested,
            most: self.right_most,
        };
        match left {
            true => (left_side, right_side),
            false => (right_side, left_side),
        }
    }
}

/// One player's bounds.
#[derive(Clone, Copy)]
struct Side {
    safe: u64,
    contested: u64,
    most: u64,
}

impl Side {
    /// The moves this player can make whatever the other does, moving first or second.
    fn in_hand(self, first: bool) -> u64 {
        let won = match first {
            true => self.contested.div_ceil(2),
            false => self.contested / 2,
        };
        self.safe.saturating_add(won)
    }
}

/// A position as the search holds it: the sum of the canonical values of its small
/// components, and its other components, ordered by hash so that equal sums are held alike.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Sum<P> {
    valued: Valued,
    searched: SmallVec<[P; 2]>,
}

/// The valued part of a sum: the canonical value of the components it adds up, and the sum
/// of their bounds on moves where each had some. The value equals those components' sum, so
/// their bounds decide outcomes as the components would; after a move in the value itself
/// they are lost. Sums are equal by their values alone.
#[derive(Clone, Copy, Debug)]
struct Valued {
    value: GameId,
    bounds: Option<MoveBounds>,
}

impl PartialEq for Valued {
    fn eq(&self, other: &Self) -> bool {
        self.value == other.value
    }
}

impl Eq for Valued {}

impl Hash for Valued {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.value.hash(state)
    }
}

impl<P: Footprint> Footprint for Sum<P> {
    fn footprint(&self) -> usize {
        let spilled = match self.searched.spilled() {
            true => self.searched.capacity() * size_of::<P>(),
            false => 0,
        };
        let owned: usize = self
            .searched
            .iter()
            .map(|p| p.footprint().saturating_sub(size_of::<P>()))
            .sum();
        size_of::<Self>() + spilled + owned
    }
}

/// A sum and whether Left is to move: the key of the table.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Turn<P> {
    sum: Sum<P>,
    left: bool,
}

impl<P: Footprint> Footprint for Turn<P> {
    fn footprint(&self) -> usize {
        self.sum.footprint() + size_of::<Self>() - size_of::<Sum<P>>()
    }
}

/// The stack one level of the recursion holds, at most, counted against the memory limit.
const STACK_BYTES_PER_LEVEL: u64 = 512;

/// Enough stack for one more level of the recursion; below it, a new segment on the heap.
const RED_ZONE: usize = 64 * 1024;
const NEW_STACK: usize = 2 * 1024 * 1024;

/// Who wins positions of one ruleset moving first, within its meter's limits, remembering
/// what it has learnt between calls.
pub struct OutcomeSearch<'g, G: Partizan> {
    game: &'g G,
    meter: Meter,
    store: Store,
    solver: Solver<'g, G>,
    known: BoundedTable<Turn<G::Position>, bool>,
    /// The bytes the recursion holds: each level's options and its frame.
    stack_bytes: u64,
    hasher: rustc_hash::FxBuildHasher,
}

impl<'g, G: Partizan> OutcomeSearch<'g, G> {
    /// A search held to `meter`. Its table keeps to a quarter of the memory limit, and the
    /// values of small components (their solver's table and the store) to about half.
    pub fn new(game: &'g G, meter: Meter) -> Self {
        let limits = meter.limits();
        let half = Limits {
            max_memory: limits.max_memory / 2,
            ..limits
        };
        let mut store = Store::with_limits(half);
        if let Some(flag) = meter.interrupt() {
            store.interrupt_on(flag);
        }
        OutcomeSearch {
            game,
            store,
            solver: Solver::with_limits(game, half).watched(None, meter.interrupt()),
            known: BoundedTable::new(limits.max_memory / 4),
            meter,
            stack_bytes: 0,
            hasher: rustc_hash::FxBuildHasher,
        }
    }

    /// Positions listed so far: the nodes of the search, and those of the small components'
    /// values.
    pub fn nodes(&self) -> u64 {
        self.meter.listed()
    }

    /// `error` with the limits of this search, where the solver or the store (held to a
    /// share of them) met theirs.
    fn at_own_limits(&self, error: SearchError) -> SearchError {
        let limits = self.meter.limits();
        match error {
            SearchError::TooBig { .. } => SearchError::TooBig {
                limit: limits.max_positions,
            },
            SearchError::OutOfMemory { .. } => SearchError::OutOfMemory {
                limit: limits.max_memory,
            },
            other => other,
        }
    }

    /// Whether the player to move wins.
    fn wins(&mut self, turn: Turn<G::Position>) -> Result<bool, SearchError> {
        if turn.sum.searched.is_empty() {
            return self.value_wins(turn.sum.valued.value, turn.left);
        }
        if let Some(verdict) = self.bounds(&turn.sum).and_then(|b| b.verdict(turn.left)) {
            return Ok(verdict);
        }
        if let Some(wins) = self.known.get(&turn) {
            return Ok(wins);
        }
        let options = self.options(&turn)?;
        let bytes =
            STACK_BYTES_PER_LEVEL + options.iter().map(|o| o.footprint() as u64).sum::<u64>();
        self.stack_bytes += bytes;
        let wins = self.some_option_loses(options);
        self.stack_bytes -= bytes;
        let wins = wins?;
        self.known.start_search();
        self.hold(self.known.growth_bytes() + turn.footprint() as u64)?;
        self.known.insert(turn, wins);
        Ok(wins)
    }

    /// Whether the player to move after one of `options` loses there: first among those
    /// the table knows, then by search in order.
    fn some_option_loses(&mut self, options: Vec<Turn<G::Position>>) -> Result<bool, SearchError> {
        self.hold(0)?;
        if options.iter().any(|o| self.known.get(o) == Some(false)) {
            return Ok(true);
        }
        for option in options {
            if !stacker::maybe_grow(RED_ZONE, NEW_STACK, || self.wins(option))? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// `sum` with Left to move if `left`, else Right, held as the table keys it: with Right to
    /// move, as its negative with Left to move where every component has a negative
    /// ([`Partizan::negation`]), so that a position and its mirror image share their entry.
    fn turn(
        &mut self,
        mut sum: Sum<G::Position>,
        left: bool,
    ) -> Result<Turn<G::Position>, SearchError> {
        if !left {
            let negated: Option<SmallVec<[G::Position; 2]>> = sum
                .searched
                .iter()
                .map(|part| {
                    self.game
                        .negation(part)
                        .map(|n| self.game.representative(n))
                })
                .collect();
            if let Some(searched) = negated {
                let valued = Valued {
                    value: self.store.neg(sum.valued.value)?,
                    bounds: sum.valued.bounds.map(MoveBounds::negated),
                };
                let mut sum = Sum { valued, searched };
                self.order(&mut sum);
                return Ok(Turn { sum, left: true });
            }
        }
        self.order(&mut sum);
        Ok(Turn { sum, left })
    }

    /// Whether the player to move (Left if `left`) wins a game of canonical value `value`:
    /// Left unless it is ≤ 0, Right unless it is ≥ 0.
    fn value_wins(&mut self, value: GameId, left: bool) -> Result<bool, SearchError> {
        let zero = self.store.zero();
        Ok(match left {
            true => !self.store.leq(value, zero)?,
            false => !self.store.leq(zero, value)?,
        })
    }

    /// The turns after each move of the player to move, best first: the moves in each
    /// searched component, then those in the valued part.
    fn options(&mut self, turn: &Turn<G::Position>) -> Result<Vec<Turn<G::Position>>, SearchError> {
        let (sum, left) = (&turn.sum, turn.left);
        let mut after = Vec::new();
        for (i, component) in sum.searched.iter().enumerate() {
            let moves = match left {
                true => self.game.left_options(component),
                false => self.game.right_options(component),
            };
            for to in moves {
                let mut searched = sum.searched.clone();
                searched.remove(i);
                let mut option = Sum {
                    valued: sum.valued,
                    searched,
                };
                self.add_component(&mut option, to)?;
                let option = self.turn(option, !left)?;
                self.meter.list(option.footprint())?;
                after.push(option);
            }
        }
        after.sort_by_cached_key(|o| Reverse(self.bounds(&o.sum).map(|b| b.merit(!o.left))));
        let valued_moves = match left {
            true => self.store.left_options(sum.valued.value)?,
            false => self.store.right_options(sum.valued.value)?,
        };
        for value in valued_moves {
            let valued = Valued {
                value,
                bounds: None,
            };
            let searched = sum.searched.clone();
            let option = self.turn(Sum { valued, searched }, !left)?;
            self.meter.list(option.footprint())?;
            after.push(option);
        }
        Ok(after)
    }

    /// The bounds on each player's moves in `sum`, where the ruleset gives them for every
    /// searched component and they are known for the valued part (exact for an integer).
    fn bounds(&self, sum: &Sum<G::Position>) -> Option<MoveBounds> {
        let integer = self
            .store
            .as_number(sum.valued.value)
            .and_then(|n| n.to_i64());
        let valued = integer.map(MoveBounds::of_integer).or(sum.valued.bounds)?;
        sum.searched.iter().try_fold(valued, |total, component| {
            Some(total.plus(self.game.move_bounds(component)?))
        })
    }

    /// Adds `position`'s components to `sum`: the small ones by their values, the others to
    /// be searched.
    fn add_component(
        &mut self,
        sum: &mut Sum<G::Position>,
        position: G::Position,
    ) -> Result<(), SearchError> {
        let mut parts = Vec::new();
        self.game.components(position, &mut parts);
        for part in parts {
            let part = self.game.representative(part);
            let Some(value) = self.value_of(&part)? else {
                sum.searched.push(part);
                continue;
            };
            let bounds = self.game.move_bounds(&part);
            sum.valued = Valued {
                value: self.store.add(sum.valued.value, value)?,
                bounds: sum.valued.bounds.zip(bounds).map(|(a, b)| a.plus(b)),
            };
        }
        Ok(())
    }

    /// The value of a component where it comes cheap: by the ruleset's closed form, or by
    /// the solver where the ruleset calls the component small.
    fn value_of(&mut self, part: &G::Position) -> Result<Option<GameId>, SearchError> {
        if let Some(value) = self.game.known_value(part, &mut self.store) {
            return value.map(Some);
        }
        if !self.game.worth_valuing(part) {
            return Ok(None);
        }
        let before = self.solver.expanded();
        let value = self.solver.value(&mut self.store, part)?;
        self.meter.count(self.solver.expanded() - before)?;
        Ok(Some(value))
    }

    /// Puts the searched components of `sum` in the order of their hashes, so that equal
    /// sums are equal keys.
    fn order(&self, sum: &mut Sum<G::Position>) {
        sum.searched
            .sort_by_cached_key(|part| self.hasher.hash_one(part));
    }

    /// Refuses to hold the table, the store, the solver's table, the stack and `more` bytes
    /// past the memory limit; what the table can spare goes first.
    fn hold(&mut self, more: u64) -> Result<(), SearchError> {
        let held = |s: &Self| {
            s.known.bytes() + s.store.bytes() + s.solver.table_bytes() + s.stack_bytes + more
        };
        if self.meter.hold(held(self)).is_err() {
            self.known.drop_previous();
            self.meter.hold(held(self))?;
        }
        Ok(())
    }
}

impl<G: Partizan> WinSearch<G::Position> for OutcomeSearch<'_, G> {
    /// Whether `mover`, to move first in `position`, wins.
    fn wins_moving_first(
        &mut self,
        position: &G::Position,
        mover: Player,
    ) -> Result<bool, SearchError> {
        let mut sum = Sum {
            valued: Valued {
                value: self.store.zero(),
                bounds: Some(MoveBounds::default()),
            },
            searched: SmallVec::new(),
        };
        let found = self
            .add_component(&mut sum, position.clone())
            .and_then(|()| self.turn(sum, mover == Player::Left))
            .and_then(|turn| self.wins(turn));
        found.map_err(|e| self.at_own_limits(e))
    }
}
