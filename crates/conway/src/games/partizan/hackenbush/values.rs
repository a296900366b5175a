//! Values of Hackenbush components without search, each by a rule of chapter 9:
//!
//! - all green: the fusion principle (Theorem 9.2) turns the picture into a tree, whose
//!   nim value the colon principle (Theorem 9.1) gives: a green stalk of n edges is `*n`;
//! - blue-red stalks: Berlekamp's rule (§9.6) reads the number from the colours;
//! - blue-red trees: Theorem 9.5 with the colon principle (Theorem 9.4): an edge of colour c
//!   under a subtree of value x is worth `c : x`, a number given in closed form, and the
//!   branches at a vertex add;
//! - trees of all three colours: the same, with `c : x` the ordinal sum of the edge and the
//!   canonical form of x (Exercise 4: it depends only on the value of x; the colon principle
//!   holds for Hotchpotch as Exercise 3 asks to prove, by the mirror argument of 9.1).
//!
//! Graphs with cycles and more than one colour are left to search.

use super::picture::{Colour, Forest, Picture};
use crate::number::Dyadic;
use crate::short::{GameId, Store, StoreResult};
use num_bigint::BigInt;
use rustc_hash::FxHashMap;

/// The value of `picture` by a rule of chapter 9, or `None` when none applies.
pub(super) fn known_value(picture: &Picture, store: &mut Store) -> Option<StoreResult<GameId>> {
    if !picture.has(Colour::Blue) && !picture.has(Colour::Red) {
        return Some(store.nimber(u128::from(green_value(picture))));
    }
    if !picture.has(Colour::Green) {
        if let Some(stalks) = picture.stalks() {
            let mut total = Dyadic::zero();
            for stalk in &stalks {
                total += berlekamp(stalk);
            }
            return Some(store.number(total));
        }
        let forest = picture.forest()?;
        return blue_red_tree(&forest).map(|x| store.number(x));
    }
    let forest = picture.forest()?;
    Some(Ordinal::new(store).tree(&forest))
}

/// The value of a blue-red stalk (colours from the ground up) by Berlekamp's rule: with + for
/// blue and − for red, the signs before the first change of sign give the integer part, and
/// after that change each sign is a binary digit (1 if it is the sign of the first, 0 if
/// not), followed by a final 1. A stalk of one colour is an integer.
pub fn berlekamp(stalk: &[Colour]) -> Dyadic {
    let Some(&first) = stalk.first() else {
        return Dyadic::zero();
    };
    let sign = if first == Colour::Blue { 1 } else { -1 };
    let Some(change) = stalk.windows(2).position(|pair| pair[0] != pair[1]) else {
        return Dyadic::from_int(sign * stalk.len() as i64);
    };
    let mut numerator = BigInt::from(change);
    for &colour in &stalk[change + 2..] {
        numerator = numerator * 2 + u8::from(colour == first);
    }
    numerator = numerator * 2 + 1;
    let exponent = (stalk.len() - change - 1) as u32;
    Dyadic::new(numerator * sign, exponent)
}

/// `1 : x`, a blue edge under a blue-red picture of value x (Theorem 9.5 (i)):
/// `(x + n) / 2^(n−1)` with n the least natural number with `x + n ≥ 1`. `None` only for an
/// x far beyond any picture's value.
pub fn blue_over(x: &Dyadic) -> Option<Dyadic> {
    if x.signum() >= 0 {
        return Some(x + Dyadic::one());
    }
    let n = 1 - x.floor().to_i64()?;
    (x + Dyadic::from_int(n)).checked_mul_pow2(1 - i32::try_from(n).ok()?)
}

/// `(−1) : x`, a red edge under a blue-red picture of value x (Theorem 9.5 (ii)): the mirror
/// image of [`blue_over`].
pub fn red_over(x: &Dyadic) -> Option<Dyadic> {
    blue_over(&-x).map(|y| -y)
}

/// The value of a blue-red forest: each vertex is worth the sum over its branches of
/// `c : (the value of the vertex above)`, worked out from the top down to the ground.
fn blue_red_tree(forest: &Forest) -> Option<Dyadic> {
    let mut value = vec![Dyadic::zero(); forest.parent.len()];
    for &(v, colour) in &forest.loops {
        value[v as usize] += edge_alone(colour);
    }
    for &v in forest.order[1..].iter().rev() {
        let (parent, colour) = forest.parent[v as usize];
        let x = std::mem::take(&mut value[v as usize]);
        let branch = match colour {
            Colour::Blue => blue_over(&x)?,
            _ => red_over(&x)?,
        };
        value[parent as usize] += branch;
    }
    Some(std::mem::take(&mut value[0]))
}

/// A single blue or red edge.
fn edge_alone(colour: Colour) -> Dyadic {
    Dyadic::from_int(if colour == Colour::Blue { 1 } else { -1 })
}

/// The nim value of an all-green picture: fuse each 2-edge-connected block (every cycle) into
/// one vertex, its edges becoming loops worth 1 each (Corollary 9.1: only their parity counts),
/// then apply the colon principle to the tree of bridges: a block is worth the nim-sum of its
/// loops and of `1 + (the value above)` over its bridges up.
pub fn green_value(picture: &Picture) -> u64 {
    let blocks = picture.blocks();
    let mut value = vec![0u64; picture.vertex_count()];
    for (i, e) in picture.edges().iter().enumerate() {
        if !blocks.bridge[i] {
            value[blocks.block[usize::from(e.low)]] ^= 1;
        }
    }
    for hanging in blocks.outwards[1..].iter().rev() {
        value[hanging.below] ^= value[hanging.block] + 1;
    }
    value[blocks.outwards[0].block]
}

/// Enough stack for one more level of [`Ordinal::over`]; below it, a new segment.
const RED_ZONE: usize = 128 * 1024;
const NEW_STACK: usize = 4 * 1024 * 1024;

/// Ordinal sums `c : x` of one edge and a canonical game, remembered for one picture.
struct Ordinal<'s> {
    store: &'s mut Store,
    known: FxHashMap<(Colour, GameId), GameId>,
}

impl<'s> Ordinal<'s> {
    fn new(store: &'s mut Store) -> Self {
        Ordinal {
            store,
            known: FxHashMap::default(),
        }
    }

    /// The value of a forest of any colours: each vertex is worth the sum over its branches
    /// of `c : (the value of the vertex above)`.
    fn tree(&mut self, forest: &Forest) -> StoreResult<GameId> {
        let zero = self.store.zero();
        let mut value = vec![zero; forest.parent.len()];
        for &(v, colour) in &forest.loops {
            let edge = self.over(colour, zero)?;
            value[v as usize] = self.store.add(value[v as usize], edge)?;
        }
        for &v in forest.order[1..].iter().rev() {
            let (parent, colour) = forest.parent[v as usize];
            let branch = self.over(colour, value[v as usize])?;
            value[parent as usize] = self.store.add(value[parent as usize], branch)?;
        }
        Ok(value[0])
    }

    /// `c : x = { c^L, c : x^L | c^R, c : x^R }`, where the edge's own options are 0 for
    /// whoever may cut it; by Theorem 9.5 in closed form for a blue or red edge over a
    /// number, and `*(n+1)` for a green edge over `*n` (the colon principle).
    fn over(&mut self, colour: Colour, x: GameId) -> StoreResult<GameId> {
        if let Some(&known) = self.known.get(&(colour, x)) {
            return Ok(known);
        }
        let value = match self.closed_form(colour, x) {
            Some(value) => value?,
            None => stacker::maybe_grow(RED_ZONE, NEW_STACK, || self.by_options(colour, x))?,
        };
        self.known.insert((colour, x), value);
        Ok(value)
    }

    fn closed_form(&mut self, colour: Colour, x: GameId) -> Option<StoreResult<GameId>> {
        let nus = self.store.as_nus(x)?;
        if colour == Colour::Green {
            if nus.number.is_zero() && nus.ups == 0 {
                let nim = nus.nim.checked_add(1)?;
                return Some(self.store.nimber(nim));
            }
            return None;
        }
        let number = self.store.as_number(x)?;
        let value = match colour {
            Colour::Blue => blue_over(number)?,
            _ => red_over(number)?,
        };
        Some(self.store.number(value))
    }

    fn by_options(&mut self, colour: Colour, x: GameId) -> StoreResult<GameId> {
        let zero = self.store.zero();
        let mut left = Vec::new();
        let mut right = Vec::new();
        if colour != Colour::Red {
            left.push(zero);
        }
        if colour != Colour::Blue {
            right.push(zero);
        }
        for option in self.store.left_options(x)? {
            left.push(self.over(colour, option)?);
        }
        for option in self.store.right_options(x)? {
            right.push(self.over(colour, option)?);
        }
        self.store.from_options(&left, &right)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Colour::{Blue as B, Green as G, Red as R};

    fn dyadic(text: &str) -> Dyadic {
        text.parse().unwrap()
    }

    #[test]
    fn berlekamp_reads_the_stalks_of_section_9_6() {
        assert_eq!(berlekamp(&[B, B, B, R, B, R, B]), dyadic("43/16"));
        assert_eq!(berlekamp(&[B, B, R]), dyadic("3/2"));
        assert_eq!(berlekamp(&[B, B, B, B, R, B, R, R]), dyadic("57/16"));
        assert_eq!(berlekamp(&[R, R, R, B, R, B]), dyadic("-21/8"));
        assert_eq!(berlekamp(&[R, B, R]), dyadic("-3/4"));
        assert_eq!(berlekamp(&[R, R, R]), dyadic("-3"));
        assert_eq!(berlekamp(&[]), Dyadic::zero());
    }

    #[test]
    fn an_edge_under_a_number_follows_theorem_9_5() {
        // 1:x = x + 1 for x ≥ 0, 1:(−k) = 1/2^k, and 1:(−9/4) = 7/32 (Fig. 9.9).
        assert_eq!(blue_over(&dyadic("3/2")), Some(dyadic("5/2")));
        assert_eq!(blue_over(&dyadic("-2")), Some(dyadic("1/4")));
        assert_eq!(blue_over(&dyadic("-9/4")), Some(dyadic("7/32")));
        assert_eq!(red_over(&dyadic("1")), Some(dyadic("-1/2")));
        assert_eq!(red_over(&dyadic("-1/4")), Some(dyadic("-5/4")));
    }

    #[test]
    fn the_ordinal_sum_by_options_agrees_with_the_closed_forms() {
        let mut store = Store::default();
        let mut ordinal = Ordinal::new(&mut store);
        for text in ["0", "1", "-1", "1/2", "-3/4", "5/2", "-9/4", "-21/8"] {
            let x = ordinal.store.number(dyadic(text)).unwrap();
            for colour in [B, R] {
                let closed = ordinal.closed_form(colour, x).unwrap().unwrap();
                let searched = ordinal.by_options(colour, x).unwrap();
                assert_eq!(closed, searched, "{colour:?} : {text}");
            }
        }
        for n in 0..6 {
            let x = ordinal.store.nimber(n).unwrap();
            let closed = ordinal.closed_form(G, x).unwrap().unwrap();
            assert_eq!(closed, ordinal.by_options(G, x).unwrap(), "G : *{n}");
        }
    }
}
