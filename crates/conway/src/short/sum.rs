//! Sums. The disjunctive sum (chapter 6, Definition 6.4): G + H = {G^L + H, G + H^L | G^R + H,
//! G + H^R}, with number-up-star values added by arithmetic and a number added to any other
//! game by shifting its options (the translation principle); the difference and the multiples
//! built on it. The ordinal sum `G:H`, where `H` is played on top of `G` and a move in `G`
//! removes `H`: it recurses on the canonical form of its second game, remembering its results
//! on the subpositions while it runs.

use super::id::{GameId, Options};
use super::memo::Memo;
use super::nus::too_many_ups;
use super::store::{Store, StoreResult};
use crate::engine::SearchError;
use crate::number::Dyadic;

impl Store {
    /// `g + h`.
    pub fn add(&mut self, g: GameId, h: GameId) -> StoreResult<GameId> {
        self.count_steps(1)?;
        let zero = self.zero();
        if g == zero {
            return Ok(h);
        }
        if h == zero {
            return Ok(g);
        }
        if let (Some(x), Some(y)) = (self.as_nus(g), self.as_nus(h)) {
            let sum = x.checked_add(y).ok_or_else(too_many_ups)?;
            return self.nus(sum);
        }
        let (g, h) = (g.min(h), g.max(h));
        if let Some(sum) = self.known_sum(g, h) {
            return Ok(sum);
        }
        let sum = self.descend(|store| store.add_by_options(g, h))?;
        self.remember_sum(g, h, sum);
        Ok(sum)
    }

    fn add_by_options(&mut self, g: GameId, h: GameId) -> StoreResult<GameId> {
        // Take out a number part first: x + G for G not a number shifts G's options by x.
        for (this, other) in [(g, h), (h, g)] {
            if let Some(nus) = self.as_nus(this) {
                if !nus.number.is_zero() {
                    let x = nus.number.clone();
                    let mut rest = nus.clone();
                    rest.number = Dyadic::zero();
                    let rest = self.nus(rest)?;
                    let shifted = self.add(rest, other)?;
                    return self.translate(shifted, x);
                }
            }
        }
        let left = self.sum_options(g, h, true)?;
        let right = self.sum_options(g, h, false)?;
        self.from_options(&left, &right)
    }

    /// `g + x` for a number `x`.
    fn translate(&mut self, g: GameId, x: Dyadic) -> StoreResult<GameId> {
        if let Some(nus) = self.as_nus(g) {
            let mut sum = nus.clone();
            sum.number = &sum.number + &x;
            return self.nus(sum);
        }
        let x = self.number(x)?;
        if let Some(sum) = self.known_sum(g, x) {
            return Ok(sum);
        }
        let mut left = self.left_options(g)?;
        let mut right = self.right_options(g)?;
        for option in left.iter_mut().chain(right.iter_mut()) {
            *option = self.add(*option, x)?;
        }
        let sum = self.from_options(&left, &right)?;
        self.remember_sum(g, x, sum);
        Ok(sum)
    }

    /// One side of the options of `g + h`.
    fn sum_options(&mut self, g: GameId, h: GameId, left_side: bool) -> StoreResult<Options> {
        let side = |store: &mut Store, game| {
            if left_side {
                store.left_options(game)
            } else {
                store.right_options(game)
            }
        };
        let mut options = Options::new();
        for option in side(self, g)? {
            options.push(self.add(option, h)?);
        }
        for option in side(self, h)? {
            options.push(self.add(g, option)?);
        }
        Ok(options)
    }

    /// `g − h`.
    pub fn sub(&mut self, g: GameId, h: GameId) -> StoreResult<GameId> {
        let negative = self.neg(h)?;
        self.add(g, negative)
    }

    /// `n·g`: `g` added to itself `n` times (for negative `n`, the negative), by doubling.
    pub fn multiple(&mut self, n: i64, g: GameId) -> StoreResult<GameId> {
        let mut base = if n < 0 { self.neg(g)? } else { g };
        let mut count = n.unsigned_abs();
        let mut total = self.zero();
        while count > 0 {
            if count & 1 == 1 {
                total = self.add(total, base)?;
            }
            count >>= 1;
            if count > 0 {
                base = self.add(base, base)?;
            }
        }
        Ok(total)
    }

    /// `n·unit` if `g` is the integer `n` (the base of the products and of overheating).
    pub(super) fn integer_multiple(
        &mut self,
        g: GameId,
        unit: GameId,
    ) -> StoreResult<Option<GameId>> {
        let Some(n) = self.as_number(g).filter(|n| n.is_integer()) else {
            return Ok(None);
        };
        let n = n.to_i64().ok_or_else(|| SearchError::TooLarge {
            what: "a multiple of a game past 2^63 copies".to_string(),
        })?;
        self.multiple(n, unit).map(Some)
    }

    /// The ordinal sum `G:H = {G^L, G:H^L | G^R, G:H^R}` on the canonical forms: `H` played on
    /// top of `G`, where a move in `G` removes `H`. `G:0 = G`.
    ///
    /// Two numbers have a closed form (`ordinal_sum_of_numbers`), so `1 : 10^40` costs no
    /// recursion; otherwise the recursion follows `H`'s birthday, and each of its levels counts
    /// against the work and memory limits.
    pub fn ordinal_sum(&mut self, g: GameId, h: GameId) -> StoreResult<GameId> {
        if let (Some(x), Some(y)) = (self.as_number(g), self.as_number(h)) {
            let (x, y) = (x.clone(), y.clone());
            let too_fine = || SearchError::TooLarge {
                what: "a denominator past 2^2147483647".to_string(),
            };
            let bits = ordinal_sum_bits(&x, &y).ok_or_else(too_fine)?;
            self.room_for_bits(bits)?;
            let sum = ordinal_sum_of_numbers(&x, &y).ok_or_else(too_fine)?;
            return self.number(sum);
        }
        self.ordinal_sum_by_options(g, h)
    }

    /// The ordinal sum by its definition, one level per option of `H`.
    fn ordinal_sum_by_options(&mut self, g: GameId, h: GameId) -> StoreResult<GameId> {
        let base = (self.left_options(g)?, self.right_options(g)?);
        self.ordinal_with(g, &base, h, &mut Memo::default())
    }

    fn ordinal_with(
        &mut self,
        g: GameId,
        base: &(Options, Options),
        h: GameId,
        memo: &mut Memo,
    ) -> StoreResult<GameId> {
        self.count_steps(1)?;
        if h == self.zero() {
            return Ok(g);
        }
        if let Some(known) = memo.get(&h) {
            return Ok(known);
        }
        let mut left = base.0.clone();
        for option in self.left_options(h)? {
            left.push(self.descend(|store| store.ordinal_with(g, base, option, memo))?);
        }
        let mut right = base.1.clone();
        for option in self.right_options(h)? {
            right.push(self.descend(|store| store.ordinal_with(g, base, option, memo))?);
        }
        let result = self.from_options(&left, &right)?;
        memo.put(self, h, result)?;
        Ok(result)
    }

    /// Refuses to compute numbers of `bits` bits (a few of them at once) that would not fit in
    /// the memory left.
    fn room_for_bits(&self, bits: u64) -> StoreResult<()> {
        self.room_for(bits.saturating_div(8).saturating_mul(4))
    }
}

/// The ordinal sum `x:y` of two numbers, or `None` if its denominator would pass
/// 2^(2^31 − 1).
///
/// On canonical forms, the sign expansion of `x:y` is that of `x` followed by that of `y`
/// (each option of `x:y` is `x`'s or an ordinal sum with a shorter `y`). The numbers whose sign
/// expansion begins with `x`'s fill the interval between `x`'s canonical options
/// `(x^L, x^R)`, and the signs after them divide it as the signs of `y` divide the whole line:
/// for `y = n + f > 0` (`n` an integer, `0 ≤ f < 1`), `n` pluses go from `x` to
/// `x^R − (x^R − x)/2^n` (halving the distance to `x^R` each time), and the signs of `f` then
/// lie between that and the next one, in proportion `f`. So `x:y = x^R − (x^R − x)(2 − f)/2^(n+1)`,
/// or `x + y` if `x` has no Right option (an integer `x ≥ 0`), and `x:(−y) = −((−x):y)`.
fn ordinal_sum_of_numbers(x: &Dyadic, y: &Dyadic) -> Option<Dyadic> {
    match y.signum() {
        0 => Some(x.clone()),
        -1 => ordinal_sum_of_numbers(&-x, &-y).map(|sum| -sum),
        _ => {
            let Some(high) = x.right_option() else {
                return Some(x + y);
            };
            let whole = y.floor();
            let fraction = y - &whole;
            let halvings = whole.to_i64()?.checked_add(1)?;
            let scale = -i32::try_from(halvings).ok()?;
            let gap = (&high - x).checked_mul(&(&Dyadic::from_int(2) - &fraction))?;
            Some(&high - &gap.checked_mul_pow2(scale)?)
        }
    }
}

/// About how many bits the numbers computing `x:y` hold, or `None` past 2^31 halvings: the
/// bits of `x` and `y`, and one per halving towards `x`'s option (none if there is no such
/// option, where `x:y = x + y`).
fn ordinal_sum_bits(x: &Dyadic, y: &Dyadic) -> Option<u64> {
    let size = |z: &Dyadic| z.numerator().bits() + u64::from(z.exponent());
    let toward = if y.signum() > 0 {
        x.right_option()
    } else {
        x.left_option()
    };
    let halvings = match toward {
        Some(_) => y
            .abs()
            .floor()
            .to_i64()
            .filter(|&n| n < i64::from(i32::MAX))?,
        None => 0,
    };
    Some(size(x) + size(y) + halvings as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn number(store: &mut Store, text: &str) -> GameId {
        store.number(text.parse().unwrap()).unwrap()
    }

    #[test]
    fn ordinal_sums_of_numbers_are_the_definition() {
        let mut store = Store::default();
        for numerator in -32..=32 {
            let x = store.number(Dyadic::new(numerator.into(), 3)).unwrap();
            for numerator in -12..=12 {
                let y = store.number(Dyadic::new(numerator.into(), 2)).unwrap();
                let by_options = store.ordinal_sum_by_options(x, y).unwrap();
                let closed = store.ordinal_sum(x, y).unwrap();
                assert_eq!(closed, by_options, "{} : {}", store.show(x), store.show(y));
            }
        }
    }

    /// Theorem 9.5 of the text: a blue edge under a Hackenbush position of value x is worth
    /// 1 : x = (x + n)/2^(n−1), n the least natural number with x + n ≥ 1.
    #[test]
    fn a_blue_edge_underneath_is_theorem_9_5() {
        let mut store = Store::default();
        let one = store.integer(1).unwrap();
        for (x, expected) in [("3", "4"), ("-1", "1/2"), ("-3", "1/8"), ("-1/2", "3/4")] {
            let x = number(&mut store, x);
            let expected = number(&mut store, expected);
            assert_eq!(store.ordinal_sum(one, x).unwrap(), expected);
        }
    }

    #[test]
    fn huge_ordinal_sums_answer_or_stop_at_the_limits() {
        let mut store = Store::new(16 << 20);
        let huge = number(&mut store, "10000000000000000000000000000000000000000");
        let one = store.integer(1).unwrap();
        let answer = number(&mut store, "10000000000000000000000000000000000000001");
        assert_eq!(store.ordinal_sum(one, huge).unwrap(), answer);
        let half = number(&mut store, "1/2");
        assert!(matches!(
            store.ordinal_sum(half, huge),
            Err(SearchError::TooLarge { .. })
        ));
        let many = number(&mut store, "100000000");
        assert!(matches!(
            store.ordinal_sum(half, many),
            Err(SearchError::OutOfMemory { .. })
        ));
        // A game that is not a number recurses on the huge integer, level by level, until the
        // stack of the recursion passes the limit.
        let zero = store.zero();
        let switch = store.from_options(&[one], &[zero]).unwrap();
        assert!(matches!(
            store.ordinal_sum(switch, huge),
            Err(SearchError::OutOfMemory { .. })
        ));
        assert!(store.bytes() <= 16 << 20);
    }
}
