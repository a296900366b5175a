//! Cooling, and its inverses heating and overheating, which temperature theory uses.
//!
//! Cooling by `t` is defined on a game's canonical form: an integer stays as it is, and any
//! other game becomes `G_t = {G^L_t − t | G^R_t + t}` — unless already at some smaller
//! temperature `t' < t` the cooled game is infinitesimally close to a number `x`, and then
//! `G_t = x` for the least such `t'`. The least such `t'` is the temperature and `x` the mean
//! (see `temperature`). Heating and overheating recurse on the canonical form of the game they
//! change, so they are functions of canonical forms too; each operation remembers its results
//! on the subpositions while it runs.

use super::id::{GameId, Options};
use super::memo::Memo;
use super::store::{Store, StoreResult};
use crate::number::Dyadic;

impl Store {
    /// `g` cooled by `t` (see the module documentation). Cooling by 0 changes nothing, and
    /// cooling past the temperature leaves the mean.
    ///
    /// The definition is for `t > −1`, and the language's `.Cool` refuses anything else, as
    /// CGSuite does: the least `t'` of its "some smaller `t'`" is −1, where thermographs
    /// start. At `t = −1` this still gives the game whose stops are the thermograph's walls
    /// there; below −1 nothing freezes and the recursion alone applies.
    pub fn cool(&mut self, g: GameId, t: &Dyadic) -> StoreResult<GameId> {
        if t.is_zero() {
            return Ok(g);
        }
        let shifts = (self.number(-t)?, self.number(t.clone())?);
        self.cool_with(g, t, shifts, &mut Memo::default())
    }

    fn cool_with(
        &mut self,
        g: GameId,
        t: &Dyadic,
        (minus_t, plus_t): (GameId, GameId),
        memo: &mut Memo,
    ) -> StoreResult<GameId> {
        if self.as_number(g).is_some_and(Dyadic::is_integer) {
            return Ok(g);
        }
        if let Some(known) = memo.get(&g) {
            return Ok(known);
        }
        let thermograph = self.thermograph_shared(g)?;
        let cooled = if t > thermograph.temperature() {
            self.number(thermograph.mean().clone())?
        } else {
            let (left, right) = self.hot_options(g)?;
            let mut cooled_left = Options::new();
            for option in left {
                let cooled =
                    self.descend(|store| store.cool_with(option, t, (minus_t, plus_t), memo))?;
                cooled_left.push(self.add(cooled, minus_t)?);
            }
            let mut cooled_right = Options::new();
            for option in right {
                let cooled =
                    self.descend(|store| store.cool_with(option, t, (minus_t, plus_t), memo))?;
                cooled_right.push(self.add(cooled, plus_t)?);
            }
            self.from_options(&cooled_left, &cooled_right)?
        };
        memo.put(self, g, cooled)?;
        Ok(cooled)
    }

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
}
