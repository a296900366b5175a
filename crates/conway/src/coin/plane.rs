//! 2-D coin-turning games (§4.2, §4.4): coins on a grid, square `(x, y)` in row `x` and
//! column `y`; a move turns over a set of coins whose south-east coin goes from heads to
//! tails. Each head is again a game of its own, so a position's value is the nim-sum of its
//! heads'.
//!
//! [`MovingTwins`] turns two coins in a row or a column (`g = x ⊕ y`). A [`Tartan`] product
//! `G1 × G2` turns `A × B` for a move `A` of `G1` and a move `B` of `G2`; by the Tartan
//! theorem (Theorem 4.3) its values are `g1([x]) ⊗ g2([y])`. Turning Corners is Twins × Twins.

use super::{changed, describe_turn, weighted, CoinError, CoinGame, CoinRule, MAX_MOVE_SEARCH};
use crate::impartial::{Impartial, MoveSink, Target};
use crate::nimber::{nim_div, nim_mul};
use std::fmt;

/// A square of the grid: (row, column).
pub type Square = (u64, u64);

/// The heads after turning the squares `turned` (any order, no repeats): the symmetric
/// difference with the sorted `heads`.
pub fn turn_squares(heads: &[Square], turned: &mut [Square]) -> Vec<Square> {
    turned.sort_unstable();
    let mut result = Vec::with_capacity(heads.len() + turned.len());
    let (mut i, mut j) = (0, 0);
    while i < heads.len() || j < turned.len() {
        match (heads.get(i), turned.get(j)) {
            (Some(h), Some(t)) if h == t => {
                i += 1;
                j += 1;
            }
            (Some(h), Some(t)) if h < t => {
                result.push(*h);
                i += 1;
            }
            (_, Some(t)) => {
                result.push(*t);
                j += 1;
            }
            (Some(h), None) => {
                result.push(*h);
                i += 1;
            }
            (None, None) => break,
        }
    }
    result
}

/// A square as the texts write it: `(3,2)`.
struct Shown(Square);

impl fmt::Display for Shown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.0 .0, self.0 .1)
    }
}

/// Describes the move from `from` to `to`: the coins turned, south-east first, or for more
/// than four coins forming a product `A × B`, the product.
pub fn describe_squares(from: &[Square], to: &[Square]) -> String {
    let turned = changed(from, to);
    let mut rows: Vec<u64> = turned.iter().map(|s| s.0).collect();
    let mut columns: Vec<u64> = turned.iter().map(|s| s.1).collect();
    for line in [&mut rows, &mut columns] {
        line.sort_unstable();
        line.dedup();
    }
    let product = rows.len() * columns.len() == turned.len();
    if turned.len() > 4 && product {
        let set = |line: &[u64]| {
            let items: Vec<String> = line.iter().map(u64::to_string).collect();
            format!("{{{}}}", items.join(","))
        };
        return format!(
            "turn the {} coins {} × {}",
            turned.len(),
            set(&rows),
            set(&columns)
        );
    }
    let shown: Vec<Shown> = turned.into_iter().map(Shown).collect();
    describe_turn(&shown)
}

/// Moving Twins (Example 4.6): turn two coins in one row or one column. From `(0,0)`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MovingTwins;

impl MovingTwins {
    /// `g[(x,y)] = x ⊕ y` (Table 4.1).
    pub fn value(&self, (x, y): Square) -> u64 {
        x ^ y
    }
}

impl Impartial for MovingTwins {
    type Position = Vec<Square>;

    /// At `(x, y)`: with `(x, b)` for `b < y`, then with `(a, y)` for `a < x`.
    fn options(&self, heads: &Vec<Square>) -> Vec<Vec<Square>> {
        let mut options = Vec::new();
        for &(x, y) in heads {
            let others = (0..y).map(|b| (x, b)).chain((0..x).map(|a| (a, y)));
            for other in others {
                options.push(turn_squares(heads, &mut [(x, y), other]));
            }
        }
        options
    }

    fn option_bound(&self, heads: &Vec<Square>) -> Option<u64> {
        Some(
            heads
                .iter()
                .map(|&(x, y)| x.saturating_add(y))
                .fold(0, u64::saturating_add),
        )
    }

    fn components(&self, heads: Vec<Square>, parts: &mut Vec<Vec<Square>>) {
        split_heads(heads, parts)
    }

    fn known_value(&self, component: &Vec<Square>) -> Option<u64> {
        match component.as_slice() {
            [] => Some(0),
            [square] => Some(self.value(*square)),
            _ => None,
        }
    }

    /// The other coin must have value `u`: `(x, x ⊕ u)` or `(y ⊕ u, y)`.
    fn known_moves_to(
        &self,
        heads: &Vec<Square>,
        target: Target,
        sink: &mut MoveSink<'_, Vec<Square>>,
    ) -> bool {
        let Target::Value(target) = target else {
            return false;
        };
        let total = heads.iter().fold(0, |sum, &s| sum ^ self.value(s));
        for &(x, y) in heads {
            let u = total ^ target ^ self.value((x, y));
            let row = (x ^ u < y).then_some((x, x ^ u));
            let column = (y ^ u < x).then_some((y ^ u, y));
            for other in row.into_iter().chain(column) {
                sink.push_with(|| turn_squares(heads, &mut [(x, y), other]));
            }
        }
        true
    }
}

/// Each head, a component of its own.
fn split_heads(heads: Vec<Square>, parts: &mut Vec<Vec<Square>>) {
    if heads.len() <= 1 {
        parts.push(heads);
    } else {
        parts.extend(heads.iter().map(|&s| vec![s]));
    }
}

/// The Tartan product `G1 × G2` (§4.4): rows numbered as `G1` numbers its coins, columns as
/// `G2` does.
pub struct Tartan<A, B> {
    rows: CoinGame<A>,
    columns: CoinGame<B>,
}

impl<A: CoinRule, B: CoinRule> Tartan<A, B> {
    /// The Tartan product of the rule `rows` along the rows and `columns` along the columns.
    pub fn new(rows: A, columns: B) -> Self {
        Tartan {
            rows: CoinGame::new(rows),
            columns: CoinGame::new(columns),
        }
    }

    /// The game along the rows, `G1`.
    pub fn rows(&self) -> &CoinGame<A> {
        &self.rows
    }

    /// The game along the columns, `G2`.
    pub fn columns(&self) -> &CoinGame<B> {
        &self.columns
    }

    /// `g[(x,y)] = g1([x]) ⊗ g2([y])`, the Tartan theorem.
    pub fn value(&self, (x, y): Square) -> Result<u64, CoinError> {
        Ok(nim_mul(self.rows.value(x)?, self.columns.value(y)?))
    }

    /// The value of a position: the nim-sum of its heads'.
    pub fn position_value(&self, heads: &[Square]) -> Result<u64, CoinError> {
        heads.iter().try_fold(0, |sum, &s| Ok(sum ^ self.value(s)?))
    }

    /// Checks that a square is on the board and its value can be known.
    pub fn check_square(&self, (x, y): Square) -> Result<(), CoinError> {
        self.rows.check_coin(x)?;
        self.columns.check_coin(y)
    }

    /// Calls `each` with every product move `A × B` at head `(x, y)` after which the head's
    /// coins are worth `u` (the rows and the columns turned, `x` and `y` among them), in the
    /// order of [`Impartial::options`]. The work is a pass over the moves of `G1` at `x`.
    ///
    /// The method of §4.5, made complete: a move `A` of `G1` takes `v1 = g1([x])` to `u1`
    /// (the nim-sum of its other coins) and `B` takes `v2` to `u2`; by bilinearity the head's
    /// coins are then worth `(u1 ⊗ u2) ⊕ (u1 ⊗ v2) ⊕ (v1 ⊗ u2)`. For each `A`, that equals
    /// `u` for exactly one `u2 = (u ⊕ u1 ⊗ v2) ⊘ (v1 ⊕ u1)` (`u1 ≠ v1`, as `v1` is the mex of
    /// the `u1`), and the 1-D finder of `G2` gives the moves `B` to it.
    pub fn moves_to(
        &self,
        (x, y): Square,
        u: u64,
        each: &mut dyn FnMut(&[u64], &[u64]),
    ) -> Result<(), CoinError> {
        let v1 = self.rows.value(x)?;
        let v2 = self.columns.value(y)?;
        // Two buffers for every candidate: the rows and the columns turned.
        let (mut rows, mut columns) = (vec![x], vec![y]);
        let mut result = Ok(());
        self.rows.rule().moves(x, &mut |row_others| {
            if result.is_err() {
                return;
            }
            let u1 = match self.rows.position_value(row_others) {
                Ok(u1) => u1,
                Err(e) => return result = Err(e),
            };
            let Some(u2) = nim_div(u ^ nim_mul(u1, v2), v1 ^ u1) else {
                return;
            };
            rows.truncate(1);
            rows.extend_from_slice(row_others);
            result = self.columns.moves_to(y, u2, &mut |column_others| {
                columns.truncate(1);
                columns.extend_from_slice(column_others);
                each(&rows, &columns);
                true
            });
        });
        result
    }

    /// The work of [`Tartan::class_pairs`] at a head: through the classes of `G1`'s moves
    /// (`true`) or of `G2`'s, whichever is less, each counted in the other factor (by its
    /// rule, or in its own classes gathered once).
    fn class_plan(&self, (x, y): Square) -> (bool, u64) {
        let gathered = |counts: bool, cost: u64| if counts { 0 } else { cost };
        let (rows, columns) = (self.rows.class_cost(x), self.columns.class_cost(y));
        let by_rows = rows.saturating_add(gathered(self.columns.counts_at_once(y), columns));
        let by_columns = columns.saturating_add(gathered(self.rows.counts_at_once(x), rows));
        match by_rows <= by_columns {
            true => (true, by_rows),
            false => (false, by_columns),
        }
    }

    /// Calls `each(u1, u2, n)` for the classes of moves at head `(x, y)` to `u`: the `n`
    /// product moves `A × B` whose `A` takes `g1([x])` to `u1` and `B` takes `g2([y])` to
    /// `u2` (the equation of [`Tartan::moves_to`], solved for the other factor's value from
    /// each class of the factor that [`Tartan::class_plan`] chooses). Never lists a factor's
    /// moves where its rule has classes, so a Ruler block of a million coins is one step.
    fn class_pairs(
        &self,
        (x, y): Square,
        u: u64,
        each: &mut dyn FnMut(u64, u64, u128),
    ) -> Result<(), CoinError> {
        let v1 = self.rows.value(x)?;
        let v2 = self.columns.value(y)?;
        if self.class_plan((x, y)).0 {
            let count = counter(&self.columns, y)?;
            self.rows.move_classes(x, &mut |u1, n1| {
                if let Some(u2) = nim_div(u ^ nim_mul(u1, v2), v1 ^ u1) {
                    let n2 = count(u2);
                    if n2 > 0 {
                        each(u1, u2, u128::from(n1) * u128::from(n2));
                    }
                }
            })
        } else {
            let count = counter(&self.rows, x)?;
            self.columns.move_classes(y, &mut |u2, n2| {
                if let Some(u1) = nim_div(u ^ nim_mul(v1, u2), v2 ^ u2) {
                    let n1 = count(u1);
                    if n1 > 0 {
                        each(u1, u2, u128::from(n1) * u128::from(n2));
                    }
                }
            })
        }
    }

    /// Calls `each` with the product moves at `(x, y)` of the classes `u1` and `u2`: the
    /// moves of `G1` to `u1` in their order, each with the moves of `G2` to `u2`, until
    /// `each` returns `false`.
    fn class_moves(
        &self,
        (x, y): Square,
        (u1, u2): (u64, u64),
        each: &mut dyn FnMut(&[u64], &[u64]) -> bool,
    ) -> Result<(), CoinError> {
        let (mut rows, mut columns) = (vec![x], vec![y]);
        let mut result = Ok(());
        self.rows.moves_to(x, u1, &mut |row_others| {
            rows.truncate(1);
            rows.extend_from_slice(row_others);
            let mut go_on = true;
            result = self.columns.moves_to(y, u2, &mut |column_others| {
                columns.truncate(1);
                columns.extend_from_slice(column_others);
                go_on = each(&rows, &columns);
                go_on
            });
            go_on && result.is_ok()
        })?;
        result
    }
}

/// How many moves of `game` at `x` take `g([x])` to a value: by the rule, or in the
/// classes of the moves at `x` gathered once.
fn counter<R: CoinRule>(
    game: &CoinGame<R>,
    x: u64,
) -> Result<Box<dyn Fn(u64) -> u64 + '_>, CoinError> {
    if game.counts_at_once(x) {
        return Ok(Box::new(move |w| game.count_moves_to(x, w).unwrap_or(0)));
    }
    let mut classes = rustc_hash::FxHashMap::default();
    game.move_classes(x, &mut |w, n| {
        classes.insert(w, n);
    })?;
    Ok(Box::new(move |w| classes.get(&w).copied().unwrap_or(0)))
}

/// The squares `rows × columns`, in order.
fn product(rows: &[u64], columns: &[u64]) -> Vec<Square> {
    let sorted = |line: &[u64]| {
        let mut line = line.to_vec();
        line.sort_unstable();
        line
    };
    let (rows, columns) = (sorted(rows), sorted(columns));
    rows.iter()
        .flat_map(|&r| columns.iter().map(move |&c| (r, c)))
        .collect()
}

impl<A: CoinRule, B: CoinRule> Impartial for Tartan<A, B> {
    type Position = Vec<Square>;

    /// At head `(x, y)`: each move `A` at `x` of `G1`, and within it each move `B` at `y`
    /// of `G2`.
    fn options(&self, heads: &Vec<Square>) -> Vec<Vec<Square>> {
        let mut options = Vec::new();
        let mut turned = Vec::new();
        for &(x, y) in heads {
            self.rows.rule().moves(x, &mut |row_others| {
                self.columns.rule().moves(y, &mut |column_others| {
                    turned.clear();
                    for &r in std::iter::once(&x).chain(row_others) {
                        for &c in std::iter::once(&y).chain(column_others) {
                            turned.push((r, c));
                        }
                    }
                    options.push(turn_squares(heads, &mut turned));
                })
            });
        }
        options
    }

    fn option_bound(&self, heads: &Vec<Square>) -> Option<u64> {
        Some(
            heads
                .iter()
                .map(|&(x, y)| {
                    let (rows, columns) = (self.rows.rule(), self.columns.rule());
                    let count = rows.move_count(x).saturating_mul(columns.move_count(y));
                    let squares = rows.move_size(x).saturating_mul(columns.move_size(y));
                    weighted(count, squares, 16)
                })
                .fold(0, u64::saturating_add),
        )
    }

    fn components(&self, heads: Vec<Square>, parts: &mut Vec<Vec<Square>>) {
        split_heads(heads, parts)
    }

    fn known_value(&self, component: &Vec<Square>) -> Option<u64> {
        match component.as_slice() {
            [] => Some(0),
            [square] => self.value(*square).ok(),
            _ => None,
        }
    }

    fn known_moves_to(
        &self,
        heads: &Vec<Square>,
        target: Target,
        sink: &mut MoveSink<'_, Vec<Square>>,
    ) -> bool {
        let Target::Value(target) = target else {
            return false;
        };
        let Ok(total) = self.position_value(heads) else {
            return false;
        };
        // Each move of G1 at x, and for each a search of G2's moves at y: the moves in the
        // order of the options, where that is cheap.
        let ordered = heads
            .iter()
            .map(|&(x, y)| {
                // A move of G1 at x turns at most x + 1 coins, each valued.
                let rows = self.rows.rule().move_count(x);
                let columns = self.columns.rule().move_count(y);
                rows.saturating_mul(columns.saturating_add(x).saturating_add(1))
            })
            .fold(0, u64::saturating_add);
        if ordered <= MAX_MOVE_SEARCH {
            for &square in heads {
                let Ok(v) = self.value(square) else {
                    return false;
                };
                let found = self.moves_to(square, total ^ target ^ v, &mut |rows, columns| {
                    sink.push_with(|| turn_squares(heads, &mut product(rows, columns)))
                });
                debug_assert!(found.is_ok(), "the values of the heads are known");
            }
            return true;
        }
        self.moves_by_classes(heads, total ^ target, sink)
    }
}

impl<A: CoinRule, B: CoinRule> Tartan<A, B> {
    /// The moves of `heads` that change their value by `change`, found class by class
    /// ([`Tartan::class_pairs`]): counted first (nothing goes to the sink where the count
    /// is too much work or passes 2^64, or where the moves the sink wants turn too many
    /// squares to build), then the first the sink wants built, grouped by class rather than
    /// in the order of the options.
    fn moves_by_classes(
        &self,
        heads: &[Square],
        change: u64,
        sink: &mut MoveSink<'_, Vec<Square>>,
    ) -> bool {
        let work = heads
            .iter()
            .map(|&square| self.class_plan(square).1)
            .fold(0, u64::saturating_add);
        if work > MAX_MOVE_SEARCH {
            return false;
        }
        let mut targets = Vec::with_capacity(heads.len());
        let mut total = 0u128;
        // The squares of the moves that will be built: the first the sink wants.
        let (mut wanted, mut squares) = (u128::from(sink.wanted()), 0u128);
        for &square in heads {
            let Ok(u) = self.value(square).map(|v| change ^ v) else {
                return false;
            };
            let (x, y) = square;
            let counted = self.class_pairs(square, u, &mut |u1, u2, n| {
                total += n;
                let built = n.min(wanted);
                wanted -= built;
                let each =
                    self.rows.move_coins(x, u1) as u128 * self.columns.move_coins(y, u2) as u128;
                squares = squares.saturating_add(built.saturating_mul(each));
            });
            if counted.is_err() || total > u128::from(u64::MAX) {
                return false;
            }
            targets.push((square, u));
        }
        if squares > u128::from(MAX_MOVE_SEARCH) {
            return false;
        }
        for (square, u) in targets {
            let listed = self.class_pairs(square, u, &mut |u1, u2, n| {
                let n = n as u64;
                let before = sink.total();
                if sink.wants_more() {
                    let found = self.class_moves(square, (u1, u2), &mut |rows, columns| {
                        sink.push_with(|| turn_squares(heads, &mut product(rows, columns)));
                        sink.wants_more()
                    });
                    debug_assert!(found.is_ok(), "the values of the heads are known");
                }
                sink.skip(n - (sink.total() - before));
            });
            debug_assert!(listed.is_ok(), "the values of the heads are known");
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coin::Rule;
    use crate::impartial::Solver;

    /// The moves found class by class, against those the options give, as sets with their
    /// number, for every rule as either factor (Grunt and a subtraction rule by their tables).
    #[test]
    fn moves_by_classes_match_the_options() {
        let rules = [
            "twins",
            "turning-turtles",
            "mock-turtles",
            "ruler",
            "grunt",
            "triplets",
            "rulerette",
            "subtraction:1,3",
        ];
        for rows in rules {
            for columns in ["ruler", "mock-turtles", "grunt", "rulerette"] {
                let game = Tartan::new(Rule::parse(rows).unwrap(), Rule::parse(columns).unwrap());
                let (r, c) = (game.rows.rule().origin(), game.columns.rule().origin());
                let heads = vec![(r + 2, c + 5), (r + 6, c + 3), (r + 7, c + 7)];
                let total = game.position_value(&heads).unwrap();
                for target in 0..12 {
                    let by_options = Solver::new(&game)
                        .by_search_only()
                        .moves_to(&heads, Target::Value(target), usize::MAX)
                        .unwrap();
                    for keep in [usize::MAX, 3] {
                        let mut first = Vec::new();
                        let mut push = |m| {
                            first.push(m);
                            true
                        };
                        let mut sink = MoveSink::new(keep, &mut push);
                        assert!(game.moves_by_classes(&heads, total ^ target, &mut sink));
                        assert_eq!(sink.total(), by_options.total, "{rows}*{columns}");
                        let mut all = by_options.first.clone();
                        all.sort_unstable();
                        first.sort_unstable();
                        first.dedup();
                        assert_eq!(first.len(), keep.min(all.len()));
                        assert!(first.iter().all(|m| all.binary_search(m).is_ok()));
                    }
                }
            }
        }
    }

    #[test]
    fn squares_turn_and_read() {
        let heads = vec![(1, 3), (3, 2), (4, 4)];
        let after = turn_squares(&heads, &mut [(4, 4), (3, 3), (4, 3), (3, 4)]);
        assert_eq!(after, vec![(1, 3), (3, 2), (3, 3), (3, 4), (4, 3)]);
        assert_eq!(
            describe_squares(&heads, &after),
            "turn coins (4,4), (4,3), (3,4) and (3,3)"
        );
        let block = turn_squares(&[(4, 5)], &mut product(&[4, 0, 1], &[5, 1, 4]));
        assert_eq!(
            describe_squares(&[(4, 5)], &block),
            "turn the 9 coins {0,1,4} × {1,4,5}"
        );
    }
}
