//! Operations that build a new game on the form of another: heating and overheating (the
//! inverses of cooling that temperature theory uses), the ordinal sum `G:H`, Norton's
//! product `G.U`, and Conway's product `G·H` (on numbers, the product of numbers).
//!
//! All of them recurse on the canonical form of their first game (the ordinal sum on its
//! second), so they are functions of canonical forms; each remembers its results on the
//! subpositions while it runs.

use super::invariants::Memo;
use super::store::{GameId, Options, Store, StoreResult};
use crate::engine::SearchError;
use crate::nimber::nim_mul_u128;
use crate::number::Dyadic;

impl Store {
    /// `g` heated by `t`, `∫^t G`: a number stays as it is, and any other game becomes
    /// `{∫^t G^L + t | ∫^t G^R − t}`. Cooling by a number `t > 0` undoes it,
    /// `(∫^t G)_t = G` (a law the tests check on random games); heating does not undo cooling,
    /// which forgets everything above a game's temperature.
    pub fn heat(&mut self, g: GameId, t: GameId) -> StoreResult<GameId> {
        let minus_t = self.neg(t)?;
        let step = |store: &mut Store, g: GameId| Ok(store.is_number(g).then_some(g));
        self.rebuild(g, (t, minus_t), &step, &mut Memo::default())
    }

    /// `g` overheated from `s` to `t`, `∫_s^t G`: an integer `n` becomes the Norton product
    /// `n.s` (`n` copies of `s`), and any other game, numbers included,
    /// `{∫_s^t G^L + t | ∫_s^t G^R − t}`.
    pub fn overheat(&mut self, g: GameId, s: GameId, t: GameId) -> StoreResult<GameId> {
        let minus_t = self.neg(t)?;
        let step = |store: &mut Store, g: GameId| store.integer_multiple(g, s);
        self.rebuild(g, (t, minus_t), &step, &mut Memo::default())
    }

    /// `n·unit` if `g` is the integer `n`.
    fn integer_multiple(&mut self, g: GameId, unit: GameId) -> StoreResult<Option<GameId>> {
        let Some(n) = self.as_number(g).filter(|n| n.is_integer()) else {
            return Ok(None);
        };
        let n = n.to_i64().ok_or_else(|| SearchError::TooLarge {
            what: "a multiple of a game past 2^63 copies".to_string(),
        })?;
        self.multiple(n, unit).map(Some)
    }

    /// The game `{G^L' + shift | G^R' − shift}` where `G'` is the same rebuilding of an
    /// option, unless `base` says what `g` becomes on its own.
    fn rebuild(
        &mut self,
        g: GameId,
        (plus, minus): (GameId, GameId),
        base: &dyn Fn(&mut Store, GameId) -> StoreResult<Option<GameId>>,
        memo: &mut Memo,
    ) -> StoreResult<GameId> {
        if let Some(done) = base(self, g)? {
            return Ok(done);
        }
        if let Some(known) = memo.get(&g) {
            return Ok(known);
        }
        let left = self.left_options(g)?;
        let right = self.right_options(g)?;
        let mut new_left = Options::new();
        for option in left {
            let rebuilt = self.descend(|store| store.rebuild(option, (plus, minus), base, memo))?;
            new_left.push(self.add(rebuilt, plus)?);
        }
        let mut new_right = Options::new();
        for option in right {
            let rebuilt = self.descend(|store| store.rebuild(option, (plus, minus), base, memo))?;
            new_right.push(self.add(rebuilt, minus)?);
        }
        let result = self.from_options(&new_left, &new_right)?;
        memo.put(self, g, result)?;
        Ok(result)
    }

    /// Norton's product `G.U`: `n` copies of `U` for an integer `G = n` (copies of `−U` for
    /// negative `n`), and otherwise `{G^L.U + U + I | G^R.U − (U + I)}` where `I` runs over the
    /// incentives of `U`, `U^L − U` and `U − U^R` (so `U + I` runs over the `U^L` and the
    /// `2U − U^R`). For a positive `U` the product is additive and keeps order in `G`.
    pub fn norton_multiply(&mut self, g: GameId, unit: GameId) -> StoreResult<GameId> {
        let mut steps: Vec<GameId> = self.left_options(unit)?.to_vec();
        let double = self.add(unit, unit)?;
        for option in self.right_options(unit)? {
            steps.push(self.sub(double, option)?);
        }
        steps.sort_unstable();
        steps.dedup();
        let mut negated = Vec::with_capacity(steps.len());
        for &step in &steps {
            negated.push(self.neg(step)?);
        }
        let steps = Steps {
            unit,
            up: &steps,
            down: &negated,
        };
        self.norton_with(g, &steps, &mut Memo::default())
    }

    fn norton_with(&mut self, g: GameId, steps: &Steps, memo: &mut Memo) -> StoreResult<GameId> {
        if let Some(done) = self.integer_multiple(g, steps.unit)? {
            return Ok(done);
        }
        if let Some(known) = memo.get(&g) {
            return Ok(known);
        }
        let mut sides = [Options::new(), Options::new()];
        for (side, shifts) in [(0, steps.up), (1, steps.down)] {
            let options = if side == 0 {
                self.left_options(g)?
            } else {
                self.right_options(g)?
            };
            for option in options {
                let product = self.descend(|store| store.norton_with(option, steps, memo))?;
                for &shift in shifts {
                    sides[side].push(self.add(product, shift)?);
                }
            }
        }
        let result = self.from_options(&sides[0], &sides[1])?;
        memo.put(self, g, result)?;
        Ok(result)
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

    /// The product of two numbers (chapter 6, Definition 6.5, which on numbers is the product
    /// of the dyadic rationals), or `None` if either game is not a number. An error if the
    /// product's denominator passes 2^(2^32 − 1).
    pub fn multiply_numbers(&mut self, g: GameId, h: GameId) -> StoreResult<Option<GameId>> {
        let (Some(x), Some(y)) = (self.as_number(g), self.as_number(h)) else {
            return Ok(None);
        };
        let product = x.checked_mul(y).ok_or_else(|| SearchError::TooLarge {
            what: "a product whose denominator passes 2^4294967295".to_string(),
        })?;
        self.number(product).map(Some)
    }

    /// Conway's product `G·H` (On Numbers and Games, ch. 1), on the canonical forms:
    /// `{G^L·H + G·H^L − G^L·H^L, G^R·H + G·H^R − G^R·H^R | G^L·H + G·H^R − G^L·H^R,
    /// G^R·H + G·H^L − G^R·H^L}`. On numbers it is their product and on nimbers their
    /// nim-product, which are taken as closed forms (the tests check both against the
    /// definition); on other games it depends on the forms, not only on the values.
    pub fn conway_product(&mut self, g: GameId, h: GameId) -> StoreResult<GameId> {
        self.conway_with(g, h, true, &mut Memo::default())
    }

    /// The product by the definition, with the closed forms of numbers and nimbers or
    /// without them (`closed_forms`).
    fn conway_with(
        &mut self,
        g: GameId,
        h: GameId,
        closed_forms: bool,
        memo: &mut Memo<(GameId, GameId)>,
    ) -> StoreResult<GameId> {
        self.count_steps(1)?;
        let zero = self.zero();
        if g == zero || h == zero {
            return Ok(zero);
        }
        if closed_forms {
            if let Some(product) = self.closed_product(g, h)? {
                return Ok(product);
            }
        }
        let key = (g.min(h), g.max(h));
        if let Some(known) = memo.get(&key) {
            return Ok(known);
        }
        let (g_left, g_right) = (self.left_options(g)?, self.right_options(g)?);
        let (h_left, h_right) = (self.left_options(h)?, self.right_options(h)?);
        let mut sides = [Options::new(), Options::new()];
        for (side, g_options, h_options) in [
            (0, &g_left, &h_left),
            (0, &g_right, &h_right),
            (1, &g_left, &h_right),
            (1, &g_right, &h_left),
        ] {
            for &a in g_options {
                for &b in h_options {
                    let term = self.descend(|store| {
                        let ah = store.conway_with(a, h, closed_forms, memo)?;
                        let gb = store.conway_with(g, b, closed_forms, memo)?;
                        let ab = store.conway_with(a, b, closed_forms, memo)?;
                        let sum = store.add(ah, gb)?;
                        store.sub(sum, ab)
                    })?;
                    sides[side].push(term);
                }
            }
        }
        let product = self.from_options(&sides[0], &sides[1])?;
        memo.put(self, key, product)?;
        Ok(product)
    }

    /// The product of two numbers or of two nimbers, which need no recursion.
    fn closed_product(&mut self, g: GameId, h: GameId) -> StoreResult<Option<GameId>> {
        if let Some(product) = self.multiply_numbers(g, h)? {
            return Ok(Some(product));
        }
        let nimber = |store: &Store, game| {
            store
                .as_nus(game)
                .filter(|nus| nus.number.is_zero() && nus.ups == 0)
                .map(|nus| nus.nim)
        };
        match (nimber(self, g), nimber(self, h)) {
            (Some(a), Some(b)) => self.nimber(nim_mul_u128(a, b)).map(Some),
            _ => Ok(None),
        }
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
pub fn ordinal_sum_of_numbers(x: &Dyadic, y: &Dyadic) -> Option<Dyadic> {
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

/// What Norton's product adds to each option's product: the unit, the `U + I` for Left and
/// their negatives for Right.
struct Steps<'a> {
    unit: GameId,
    up: &'a [GameId],
    down: &'a [GameId],
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
    fn conway_products_of_numbers_and_nimbers_are_the_definition() {
        let mut store = Store::default();
        let mut memo = Memo::default();
        for a in -6..=6 {
            for b in -4..=4 {
                let x = store.number(Dyadic::new(a.into(), 1)).unwrap();
                let y = store.number(Dyadic::new(b.into(), 2)).unwrap();
                let product = store.number(Dyadic::new((a * b).into(), 3)).unwrap();
                assert_eq!(store.conway_product(x, y).unwrap(), product);
                let by_definition = store.conway_with(x, y, false, &mut memo).unwrap();
                assert_eq!(by_definition, product, "{a}/2 · {b}/4");
            }
        }
        for a in 0..8 {
            for b in 0..8 {
                let (x, y) = (store.nimber(a).unwrap(), store.nimber(b).unwrap());
                let product = store.nimber(nim_mul_u128(a, b)).unwrap();
                assert_eq!(store.conway_product(x, y).unwrap(), product);
                let by_definition = store.conway_with(x, y, false, &mut memo).unwrap();
                assert_eq!(by_definition, product, "*{a} · *{b}");
            }
        }
        // 1 is the unit of the product on any form: {0|}·G = {1·G^L | 1·G^R}.
        let one = store.integer(1).unwrap();
        let up = store.ups(1).unwrap();
        let zero = store.zero();
        let switch = store.from_options(&[one], &[zero]).unwrap();
        for g in [up, switch] {
            assert_eq!(store.conway_product(one, g).unwrap(), g);
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
