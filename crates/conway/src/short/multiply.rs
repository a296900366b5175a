//! Products that build a new game on the form of another: Norton's product `G.U`, and
//! Conway's product `G·H` (on numbers, the product of numbers).
//!
//! Both recurse on the canonical form of their first game, so they are functions of canonical
//! forms; each remembers its results on the subpositions while it runs.

use super::id::{GameId, Options};
use super::memo::Memo;
use super::store::{Store, StoreResult};
use crate::engine::SearchError;
use crate::nimber::nim_mul_u128;

impl Store {
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
    use crate::number::Dyadic;

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
}
