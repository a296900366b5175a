//! Coin-turning games (chapter 4): a row (or a grid) of coins, and a move turns over a set
//! of them whose last coin goes from heads to tails.
//!
//! A 1-D game is a [`CoinRule`]: for the rightmost coin `x` turned, the sets of other coins
//! (all left of `x`) that may be turned with it, and where the numbering starts. Each head is
//! a game of its own (Theorem 4.1), so a position's value is the nim-sum of its heads'
//! values `g([x])`, and [`CoinGame`] needs only those. It takes them from the rule's closed
//! form or computes them by the mex definition, once, into a dense table ([`values_by_mex`]
//! is the same recurrence without closed forms, the reference that tests hold them to).
//!
//! The 2-D games are in [`plane`]: Moving Twins and the Tartan products `G1 × G2`, whose
//! values are nim-products of their factors' (Theorem 4.3) and whose winning moves come
//! from the factors' moves by the method of §4.5. [`Lengths`] measures how long a play
//! lasts (Exercises 4.3 and 4.4).

mod length;
pub mod plane;
mod rule;
mod table;

pub use length::Lengths;
pub use plane::{MovingTwins, Square, Tartan};
pub use rule::{Rule, RULE_NAMES};
pub use table::{values_by_mex, MAX_TABLE_COINS, MAX_TABLE_WORK};

use crate::engine::BYTES_PER_COUNT;
use crate::impartial::{Impartial, MoveSink, Target};
use std::sync::Mutex;
use table::Table;
use thiserror::Error;

/// The rule of a 1-D coin-turning game.
pub trait CoinRule {
    /// The name the rule goes by, with its parameters: `mock-turtles`, `subtraction:1,2,3`.
    fn name(&self) -> String;

    /// The number of the leftmost coin: 0 or 1, as the texts number the game.
    fn origin(&self) -> u64;

    /// Calls `each` with every move whose rightmost coin is `x`: the other coins turned, in
    /// decreasing order (empty when `x` is turned alone). `x` is at least the origin.
    fn moves(&self, x: u64, each: &mut dyn FnMut(&[u64]));

    /// How many moves [`CoinRule::moves`] lists for `x` (saturating).
    fn move_count(&self, x: u64) -> u64;

    /// The most coins a move at `x` turns, `x` among them.
    fn move_size(&self, x: u64) -> u64 {
        x.saturating_sub(self.origin()).saturating_add(1)
    }

    /// `g([x])` in closed form, where the rule knows it. Must never be wrong; `None` is
    /// always correct.
    fn known_value(&self, _x: u64) -> Option<u64> {
        None
    }

    /// Where the rule looks the same from every coin on: see [`Reach`]. Such a rule's values
    /// are eventually periodic, and the table finds and uses the period.
    fn reach(&self) -> Option<Reach> {
        None
    }

    /// The moves with rightmost coin `x` whose other coins' values nim-sum to `w`, in the
    /// order of [`CoinRule::moves`], where the rule finds them without listing every move
    /// (Ruler: at most one), until `each` returns `false`. Returns whether it does; where it
    /// does not, nothing goes to `each`. Only rules with closed-form values have such a
    /// finder, and a rule with one also counts them ([`CoinRule::count_moves_to`]).
    fn known_moves_to(&self, _x: u64, _w: u64, _each: &mut dyn FnMut(&[u64]) -> bool) -> bool {
        false
    }

    /// How many coins one move that [`CoinRule::known_moves_to`] finds writes out, at most:
    /// the work of finding and building it.
    fn known_moves_cost(&self, x: u64, _w: u64) -> u64 {
        self.move_count(x)
    }

    /// How many moves [`CoinRule::known_moves_to`] finds, counted without finding them
    /// (Mock Turtles' pairs worth `w` are the `a` with `b = a ⊕ w/2`, counted by bits), where
    /// the rule has such a finder.
    fn count_moves_to(&self, _x: u64, _w: u64) -> Option<u64> {
        None
    }

    /// The moves at `x` in classes by the nim-sum `w` of their other coins: `each(w, n)`
    /// once for each `w` that `n > 0` moves reach, in about [`CoinRule::class_count`] steps,
    /// where the rule can (as for [`CoinRule::count_moves_to`]). Returns whether it does.
    fn move_classes(&self, _x: u64, _each: &mut dyn FnMut(u64, u64)) -> bool {
        false
    }

    /// The steps of [`CoinRule::move_classes`] at `x` (saturating).
    fn class_count(&self, x: u64) -> u64 {
        self.move_count(x)
    }

    /// Whether `g([x])` has a closed form that needs more than 64 bits (Mock Turtles' coin
    /// 2^63 is worth 2^64 or more).
    fn value_too_large(&self, _x: u64) -> bool {
        false
    }
}

/// A rule that, from coin `from` on, is the same from every coin: the moves at `x ≥ from`
/// are those at `from` shifted by `x − from`, and turn only coins within `window` of `x`.
/// Then `g([x])` depends on the `window` values before it alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reach {
    /// The first coin from which the moves are the same, shifted.
    pub from: u64,
    /// How far left of `x` a move at `x ≥ from` may turn a coin.
    pub window: u64,
}

/// Why a coin game cannot give an answer.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum CoinError {
    /// A coin left of the first coin of the game.
    #[error("coin {coin} is not on the board: the coins of {game} are numbered from {origin}")]
    BelowOrigin {
        /// The game's name, with its parameters.
        game: String,
        /// The coin asked for.
        coin: u64,
        /// The game's first coin.
        origin: u64,
    },
    /// A coin with no closed form past the furthest coin the mex recurrence is computed to
    /// within its budget ([`MAX_TABLE_WORK`], [`MAX_TABLE_COINS`]).
    #[error("coin {coin} is too far for {game}: its value has no closed form, and the mex recurrence is computed through coin {limit} at most ({work} steps or {coins} coins)", work = MAX_TABLE_WORK, coins = MAX_TABLE_COINS)]
    TooFar {
        /// The game's name, with its parameters.
        game: String,
        /// The coin asked for.
        coin: u64,
        /// The furthest coin the budget reaches.
        limit: u64,
    },
    /// A coin whose value, by the closed form, needs more than 64 bits.
    #[error("coin {coin} is too far for {game}: its value, by the closed form, needs more than the 64 bits that values are held in")]
    ValueTooLarge {
        /// The game's name, with its parameters.
        game: String,
        /// The coin asked for.
        coin: u64,
    },
}

/// The most work a winning-move finder does for a position before it leaves the moves to
/// the solver (which then holds them to its limits).
pub const MAX_MOVE_SEARCH: u64 = 1 << 22;

/// A 1-D coin-turning game: a rule and the values of single heads, computed once and kept.
/// Positions are the heads' coin numbers, in increasing order.
pub struct CoinGame<R> {
    rule: R,
    table: Mutex<Table>,
}

impl<R: CoinRule> CoinGame<R> {
    /// The game of `rule`, with no value computed yet.
    pub fn new(rule: R) -> Self {
        CoinGame {
            rule,
            table: Mutex::new(Table::new(true)),
        }
    }

    /// The rule of the game.
    pub fn rule(&self) -> &R {
        &self.rule
    }

    fn table(&self) -> std::sync::MutexGuard<'_, Table> {
        // A panic while the table was held leaves it whole (it only ever grows).
        self.table.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// `g([x])`, the value of a single head on coin `x`.
    pub fn value(&self, x: u64) -> Result<u64, CoinError> {
        if let Some(value) = self.rule.known_value(x) {
            return Ok(value);
        }
        if self.rule.value_too_large(x) {
            return Err(CoinError::ValueTooLarge {
                game: self.rule.name(),
                coin: x,
            });
        }
        self.table().value(&self.rule, x)
    }

    /// The value of a position: the nim-sum of its heads' values (Theorem 4.1).
    pub fn position_value(&self, heads: &[u64]) -> Result<u64, CoinError> {
        heads.iter().try_fold(0, |sum, &x| Ok(sum ^ self.value(x)?))
    }

    /// Checks that `x` is a coin of this game whose value can be known.
    pub fn check_coin(&self, x: u64) -> Result<(), CoinError> {
        let origin = self.rule.origin();
        if x < origin {
            return Err(CoinError::BelowOrigin {
                game: self.rule.name(),
                coin: x,
                origin,
            });
        }
        self.value(x).map(|_| ())
    }

    /// Calls `each` with every move at `x` whose other coins' values nim-sum to `w` (those
    /// taking `g([x])` to `w`), in the order of [`CoinRule::moves`], until it returns
    /// `false`. The work is about [`CoinGame::moves_to_cost`] for each move found, or once
    /// where the rule has no finder; `each` must not ask this game for values (the table is
    /// held meanwhile).
    pub fn moves_to(
        &self,
        x: u64,
        w: u64,
        each: &mut dyn FnMut(&[u64]) -> bool,
    ) -> Result<(), CoinError> {
        self.value(x)?;
        if self.has_finder(x) && self.rule.known_moves_to(x, w, each) {
            return Ok(());
        }
        let table = self.table();
        let rule = &self.rule;
        let mut go_on = true;
        rule.moves(x, &mut |others| {
            if go_on && self.sum_in(&table, others) == w {
                go_on = each(others);
            }
        });
        Ok(())
    }

    /// Whether the rule finds and counts the moves at `x` (it has a closed form there).
    fn has_finder(&self, x: u64) -> bool {
        self.rule.known_value(x).is_some()
    }

    /// The nim-sum of the values of `coins`, all below a coin whose value is known.
    fn sum_in(&self, table: &Table, coins: &[u64]) -> u64 {
        coins.iter().fold(0, |sum, &y| {
            sum ^ table
                .known(&self.rule, y)
                .expect("the values below a known coin are known")
        })
    }

    /// The work of [`CoinGame::moves_to`] at `x` and `w`: for each move found where the
    /// rule has a finder, else for the pass over all moves.
    pub fn moves_to_cost(&self, x: u64, w: u64) -> u64 {
        if self.has_finder(x) {
            self.rule.known_moves_cost(x, w)
        } else {
            self.rule.move_count(x)
        }
    }

    /// At most how many coins one move at `x` to `w` turns: what the rule's finder writes out
    /// (a Ruler block may be as long as `x`), else what any move turns.
    pub fn move_coins(&self, x: u64, w: u64) -> u64 {
        if self.has_finder(x) {
            self.rule.known_moves_cost(x, w)
        } else {
            self.rule.move_size(x)
        }
    }

    /// How many moves at `x` take `g([x])` to `w`: counted by the rule, else by a pass over
    /// the moves at `x` (about [`CoinGame::class_cost`]).
    pub fn count_moves_to(&self, x: u64, w: u64) -> Result<u64, CoinError> {
        self.value(x)?;
        if let Some(n) = self
            .has_finder(x)
            .then(|| self.rule.count_moves_to(x, w))
            .flatten()
        {
            return Ok(n);
        }
        let mut n = 0;
        self.moves_to(x, w, &mut |_| {
            n += 1;
            true
        })?;
        Ok(n)
    }

    /// The moves at `x` in classes, `each(w, n)` for the `n > 0` moves whose other coins
    /// nim-sum to `w`, each `w` once: by the rule, else by a pass over the moves at `x`.
    pub fn move_classes(&self, x: u64, each: &mut dyn FnMut(u64, u64)) -> Result<(), CoinError> {
        self.value(x)?;
        if self.has_finder(x) && self.rule.move_classes(x, each) {
            return Ok(());
        }
        let mut classes = rustc_hash::FxHashMap::default();
        {
            let table = self.table();
            self.rule.moves(x, &mut |others| {
                *classes.entry(self.sum_in(&table, others)).or_insert(0u64) += 1;
            });
        }
        let mut classes: Vec<(u64, u64)> = classes.into_iter().collect();
        classes.sort_unstable();
        classes.into_iter().for_each(|(w, n)| each(w, n));
        Ok(())
    }

    /// The work of [`CoinGame::move_classes`] at `x`, and of one
    /// [`CoinGame::count_moves_to`] where the rule does not count.
    pub fn class_cost(&self, x: u64) -> u64 {
        if self.has_finder(x) {
            self.rule.class_count(x)
        } else {
            self.rule.move_count(x)
        }
    }

    /// Whether [`CoinGame::count_moves_to`] is a closed form at `x`.
    pub fn counts_at_once(&self, x: u64) -> bool {
        self.has_finder(x) && self.rule.count_moves_to(x, 0).is_some()
    }
}

/// `count` options, each turning up to `coins` coins of `bytes` bytes, counted as the meter
/// counts a position: once, and once more for every [`BYTES_PER_COUNT`] bytes. So a Ruler
/// head of a million, whose options are blocks of up to a million coins, is refused before
/// they are built.
pub(crate) fn weighted(count: u64, coins: u64, bytes: u64) -> u64 {
    let each = coins.saturating_mul(bytes) / BYTES_PER_COUNT;
    count.saturating_mul(each.saturating_add(1))
}

/// The heads after a move at `x` that turns `x` and `others` (decreasing, all below `x`):
/// the symmetric difference of two sorted sets.
pub fn turn(heads: &[u64], x: u64, others: &[u64]) -> Vec<u64> {
    let mut result = Vec::with_capacity(heads.len() + others.len());
    let mut turned = others
        .iter()
        .rev()
        .copied()
        .chain(std::iter::once(x))
        .peekable();
    let mut heads = heads.iter().copied().peekable();
    loop {
        match (heads.peek(), turned.peek()) {
            (Some(&h), Some(&t)) if h == t => {
                heads.next();
                turned.next();
            }
            (Some(&h), Some(&t)) if h < t => {
                result.push(h);
                heads.next();
            }
            (_, Some(&t)) => {
                result.push(t);
                turned.next();
            }
            (Some(&h), None) => {
                result.push(h);
                heads.next();
            }
            (None, None) => return result,
        }
    }
}

/// Writes the coins turned, highest first: `turn coins 8, 3 and 1`, `turn coin 9`.
pub fn describe_turn<T: std::fmt::Display>(coins: &[T]) -> String {
    match coins {
        [] => "turn no coin".to_string(),
        [one] => format!("turn coin {one}"),
        [init @ .., last] => {
            let init: Vec<String> = init.iter().map(ToString::to_string).collect();
            format!("turn coins {} and {last}", init.join(", "))
        }
    }
}

/// The coins in one sorted list and not the other, highest first.
pub fn changed<T: Ord + Copy>(from: &[T], to: &[T]) -> Vec<T> {
    let mut changed: Vec<T> = from
        .iter()
        .filter(|c| to.binary_search(c).is_err())
        .chain(to.iter().filter(|c| from.binary_search(c).is_err()))
        .copied()
        .collect();
    changed.sort_unstable_by(|a, b| b.cmp(a));
    changed
}

impl<R: CoinRule> Impartial for CoinGame<R> {
    type Position = Vec<u64>;

    fn options(&self, heads: &Vec<u64>) -> Vec<Vec<u64>> {
        let mut options = Vec::new();
        for &x in heads {
            self.rule
                .moves(x, &mut |others| options.push(turn(heads, x, others)));
        }
        options
    }

    fn option_bound(&self, heads: &Vec<u64>) -> Option<u64> {
        Some(
            heads
                .iter()
                .map(|&x| weighted(self.rule.move_count(x), self.rule.move_size(x), 8))
                .fold(0, u64::saturating_add),
        )
    }

    /// Each head (Theorem 4.1).
    fn components(&self, heads: Vec<u64>, parts: &mut Vec<Vec<u64>>) {
        if heads.len() <= 1 {
            parts.push(heads);
        } else {
            parts.extend(heads.iter().map(|&x| vec![x]));
        }
    }

    fn known_value(&self, component: &Vec<u64>) -> Option<u64> {
        match component.as_slice() {
            [] => Some(0),
            [x] => self.value(*x).ok(),
            _ => None,
        }
    }

    /// A move at head `x` reaches `target` when its other coins' values nim-sum to
    /// `value ⊕ target ⊕ g([x])`; the rule's finder or a pass over the moves at `x` finds
    /// them.
    fn known_moves_to(
        &self,
        heads: &Vec<u64>,
        target: Target,
        sink: &mut MoveSink<'_, Vec<u64>>,
    ) -> bool {
        let Target::Value(target) = target else {
            return false;
        };
        let Ok(value) = self.position_value(heads) else {
            return false;
        };
        // What each head's other coins must nim-sum to.
        let Ok(wanted) = heads
            .iter()
            .map(|&x| Ok((x, value ^ target ^ self.value(x)?)))
            .collect::<Result<Vec<_>, CoinError>>()
        else {
            return false;
        };
        // Where the rule counts, only the moves handed on are found; else every move at x
        // is looked at.
        let mut counted = Vec::with_capacity(wanted.len());
        let mut cost = 0u64;
        for &(x, w) in &wanted {
            let n = match self.counts_at_once(x) {
                true => match self.count_moves_to(x, w) {
                    Ok(n) => Some(n),
                    Err(_) => return false,
                },
                false => None,
            };
            let per_move = self.moves_to_cost(x, w);
            cost = cost.saturating_add(match n {
                Some(n) => n
                    .min(sink.wanted())
                    .saturating_mul(per_move.saturating_add(heads.len() as u64)),
                None => per_move,
            });
            counted.push(n);
        }
        if cost > MAX_MOVE_SEARCH {
            return false;
        }
        for ((x, w), n) in wanted.into_iter().zip(counted) {
            let before = sink.total();
            let found = self.moves_to(x, w, &mut |others| {
                sink.push_with(|| turn(heads, x, others));
                n.is_none() || sink.wants_more()
            });
            debug_assert!(found.is_ok(), "the values of the heads are known");
            if let Some(n) = n {
                sink.skip(n - (sink.total() - before));
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turning_is_a_symmetric_difference() {
        assert_eq!(turn(&[0, 1, 2, 4, 6], 6, &[4, 3]), vec![0, 1, 2, 3]);
        assert_eq!(turn(&[9], 9, &[]), Vec::<u64>::new());
        assert_eq!(turn(&[3, 5], 5, &[4, 1]), vec![1, 3, 4]);
        assert_eq!(changed(&[1, 3, 5], &[1, 4]), vec![5, 4, 3]);
        assert_eq!(describe_turn(&[8, 3, 1]), "turn coins 8, 3 and 1");
        assert_eq!(describe_turn(&[9]), "turn coin 9");
    }
}
