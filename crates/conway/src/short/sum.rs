//! Sum and negative (chapter 6, Definition 6.4): G + H = {G^L + H, G + H^L | G^R + H, G + H^R}
//! and −G = {−G^R | −G^L}, with number-up-star values added by arithmetic and a number added to
//! any other game by shifting its options (the translation principle).

use super::compare::too_many_ups;
use super::store::{GameId, Options, Store, StoreResult, UNKNOWN};
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
        if let Some(sum) = self.sums.get(g, h) {
            return Ok(GameId(sum));
        }
        let sum = self.descend(|store| store.add_by_options(g, h))?;
        self.sums.put(g, h, sum.0);
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
        let key = (g.min(x), g.max(x));
        if let Some(sum) = self.sums.get(key.0, key.1) {
            return Ok(GameId(sum));
        }
        let mut left = self.left_options(g)?;
        let mut right = self.right_options(g)?;
        for option in left.iter_mut().chain(right.iter_mut()) {
            *option = self.add(*option, x)?;
        }
        let sum = self.from_options(&left, &right)?;
        self.sums.put(key.0, key.1, sum.0);
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

    /// `−g`.
    pub fn neg(&mut self, g: GameId) -> StoreResult<GameId> {
        let known = self.negatives[g.0 as usize];
        if known != UNKNOWN {
            return Ok(GameId(known));
        }
        let negative = match self.as_nus(g) {
            Some(nus) => {
                let negative = nus.checked_neg().ok_or_else(too_many_ups)?;
                self.nus(negative)?
            }
            None => self.descend(|store| store.neg_form(g))?,
        };
        self.negatives[g.0 as usize] = negative.0;
        self.negatives[negative.0 as usize] = g.0;
        Ok(negative)
    }

    /// The negative of a canonical form is canonical: no need to simplify again.
    fn neg_form(&mut self, g: GameId) -> StoreResult<GameId> {
        let mut left = self.right_options(g)?;
        let mut right = self.left_options(g)?;
        for option in left.iter_mut().chain(right.iter_mut()) {
            *option = self.neg(*option)?;
        }
        left.sort_unstable();
        right.sort_unstable();
        self.intern_form(&left, &right)
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
}
