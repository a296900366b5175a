//! Operations that build a new game on the form of another: heating and overheating (the
//! inverses of cooling that temperature theory uses), the ordinal sum `G:H`, Norton's
//! product `G.U`, and the product of numbers.
//!
//! All of them recurse on the canonical form of their first game (the ordinal sum on its
//! second), so they are functions of canonical forms; each remembers its results on the
//! subpositions while it runs.

use super::compare::deep;
use super::invariants::Memo;
use super::store::{GameId, Options, Store, StoreResult};
use crate::engine::SearchError;

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
        if let Some(known) = memo.get(g) {
            return Ok(known);
        }
        let left = self.left_options(g)?;
        let right = self.right_options(g)?;
        let mut new_left = Options::new();
        for option in left {
            let rebuilt = deep(|| self.rebuild(option, (plus, minus), base, memo))?;
            new_left.push(self.add(rebuilt, plus)?);
        }
        let mut new_right = Options::new();
        for option in right {
            let rebuilt = deep(|| self.rebuild(option, (plus, minus), base, memo))?;
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
        if let Some(known) = memo.get(g) {
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
                let product = deep(|| self.norton_with(option, steps, memo))?;
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
    pub fn ordinal_sum(&mut self, g: GameId, h: GameId) -> StoreResult<GameId> {
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
        if h == self.zero() {
            return Ok(g);
        }
        if let Some(known) = memo.get(h) {
            return Ok(known);
        }
        let mut left = base.0.clone();
        for option in self.left_options(h)? {
            left.push(deep(|| self.ordinal_with(g, base, option, memo))?);
        }
        let mut right = base.1.clone();
        for option in self.right_options(h)? {
            right.push(deep(|| self.ordinal_with(g, base, option, memo))?);
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
}

/// What Norton's product adds to each option's product: the unit, the `U + I` for Left and
/// their negatives for Right.
struct Steps<'a> {
    unit: GameId,
    up: &'a [GameId],
    down: &'a [GameId],
}
