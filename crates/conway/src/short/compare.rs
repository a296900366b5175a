//! Order: G ≤ H when no Left option of G is ≥ H and no Right option of H is ≤ G (chapter 6,
//! Definition 6.3), with the shortcuts that keep it fast: equal ids are equal games,
//! number-up-star values compare by arithmetic, and a number is compared with a game that is
//! not a number by that game's options on one side only (number avoidance).

use super::id::GameId;
use super::nus::too_many_ups;
use super::remembered::entry_bytes;
use super::store::{Store, StoreResult};
use crate::engine::Outcome;
use rustc_hash::FxHashMap;
use std::cmp::Ordering;

/// A game's options as two lists, not (yet) a game of the store.
#[derive(Clone, Copy)]
pub(super) struct Form<'a> {
    pub(super) left: &'a [GameId],
    pub(super) right: &'a [GameId],
}

/// What one form has been compared with: `below` holds x ≤ form, `above` form ≤ y. It can hold
/// an answer for every game of the store, so its bytes count against the store's limit.
#[derive(Default)]
pub(super) struct FormMemo {
    below: FxHashMap<GameId, bool>,
    above: FxHashMap<GameId, bool>,
}

impl FormMemo {
    /// The bytes of the two maps once one more answer is in `grows` (`below` or not): a full
    /// map doubles.
    fn bytes_with_one_more(&self, below_grows: bool) -> u64 {
        let slots = |map: &FxHashMap<GameId, bool>, grows: bool| {
            if grows && map.len() == map.capacity() {
                (2 * map.capacity()).max(4)
            } else {
                map.capacity()
            }
        };
        let slots = slots(&self.below, below_grows) + slots(&self.above, !below_grows);
        slots as u64 * entry_bytes::<GameId, bool>()
    }
}

impl Store {
    /// `g ≤ h`.
    pub fn leq(&mut self, g: GameId, h: GameId) -> StoreResult<bool> {
        self.count_steps(1)?;
        if g == h {
            return Ok(true);
        }
        if let (Some(x), Some(y)) = (self.as_nus(g), self.as_nus(h)) {
            return x.leq(y).ok_or_else(too_many_ups);
        }
        if let Some(known) = self.known_leq(g, h) {
            return Ok(known);
        }
        let answer = match self.leq_by_stops(g, h)? {
            Some(answer) => answer,
            None => self.descend(|store| store.leq_by_options(g, h))?,
        };
        self.remember_leq(g, h, answer);
        Ok(answer)
    }

    /// `g ≤ h` where the stops tell, which they do often between hot games. Stops keep
    /// the order (G ≤ H makes L(G) ≤ L(H) and R(G) ≤ R(H)), and a number x with
    /// L(G) < x < R(H) lies between them (every number above G's Left stop is above G, and
    /// every number below H's Right stop below H), so L(G) < R(H) makes G < H.
    fn leq_by_stops(&mut self, g: GameId, h: GameId) -> StoreResult<Option<bool>> {
        let (g_left, g_right) = self.stops(g)?;
        let (h_left, h_right) = self.stops(h)?;
        Ok(if g_left > h_left || g_right > h_right {
            Some(false)
        } else if g_left < h_right {
            Some(true)
        } else {
            None
        })
    }

    fn leq_by_options(&mut self, g: GameId, h: GameId) -> StoreResult<bool> {
        // A number x against a game G that is not a number: G − x = {G^L − x | G^R − x}, so
        // x ≤ G needs only G's Right options and G ≤ x only G's Left options.
        if self.is_number(g) {
            return self.no_right_option_leq(h, g);
        }
        if self.is_number(h) {
            return self.no_left_option_geq(g, h);
        }
        Ok(self.no_left_option_geq(g, h)? && self.no_right_option_leq(h, g)?)
    }

    /// No Left option of `g` is ≥ `h`.
    fn no_left_option_geq(&mut self, g: GameId, h: GameId) -> StoreResult<bool> {
        self.no_option(g, true, |store, option| store.leq(h, option))
    }

    /// No Right option of `h` is ≤ `g`.
    fn no_right_option_leq(&mut self, h: GameId, g: GameId) -> StoreResult<bool> {
        self.no_option(h, false, |store, option| store.leq(option, g))
    }

    /// No option of `game` on the side asked for passes `test`. A form's options are read in
    /// place, not copied.
    fn no_option(
        &mut self,
        game: GameId,
        left_side: bool,
        mut test: impl FnMut(&mut Store, GameId) -> StoreResult<bool>,
    ) -> StoreResult<bool> {
        match self.form_range(game, left_side) {
            Some(range) => {
                for index in range {
                    let option = self.option_at(index);
                    if test(self, option)? {
                        return Ok(false);
                    }
                }
            }
            None => {
                for option in self.options_of_side(game, left_side)? {
                    if test(self, option)? {
                        return Ok(false);
                    }
                }
            }
        }
        Ok(true)
    }

    /// `x ≤ {left | right}`, for a form that need not be canonical. `memo` remembers the
    /// answers for one form: all the forms of one canonicalisation are equal games, so its
    /// answers hold for every step of it (without it the recursion would follow every path
    /// through `x`'s options, exponentially many).
    pub(super) fn leq_form(
        &mut self,
        x: GameId,
        form: Form<'_>,
        memo: &mut FormMemo,
    ) -> StoreResult<bool> {
        self.count_steps(1)?;
        if let Some(&known) = memo.below.get(&x) {
            return Ok(known);
        }
        let mut answer = true;
        for &option in form.right {
            if self.leq(option, x)? {
                answer = false;
                break;
            }
        }
        if answer {
            for option in self.left_options(x)? {
                if self.descend(|store| store.form_leq(form, option, memo))? {
                    answer = false;
                    break;
                }
            }
        }
        self.room_for_memo(memo, true)?;
        memo.below.insert(x, answer);
        Ok(answer)
    }

    /// `{left | right} ≤ y`, for a form that need not be canonical; `memo` as for
    /// [`Store::leq_form`].
    pub(super) fn form_leq(
        &mut self,
        form: Form<'_>,
        y: GameId,
        memo: &mut FormMemo,
    ) -> StoreResult<bool> {
        self.count_steps(1)?;
        if let Some(&known) = memo.above.get(&y) {
            return Ok(known);
        }
        let mut answer = true;
        for &option in form.left {
            if self.leq(y, option)? {
                answer = false;
                break;
            }
        }
        if answer {
            for option in self.right_options(y)? {
                if self.descend(|store| store.leq_form(option, form, memo))? {
                    answer = false;
                    break;
                }
            }
        }
        self.room_for_memo(memo, false)?;
        memo.above.insert(y, answer);
        Ok(answer)
    }

    /// Refuses one more answer in `memo` (in `below` or `above`) if the store and the memo
    /// together would pass the limit.
    fn room_for_memo(&self, memo: &FormMemo, below: bool) -> StoreResult<()> {
        self.room_for(memo.bytes_with_one_more(below))
    }

    /// `g < h`.
    pub fn less(&mut self, g: GameId, h: GameId) -> StoreResult<bool> {
        Ok(g != h && self.leq(g, h)?)
    }

    /// How `g` and `h` compare: `None` when they are confused (incomparable).
    pub fn compare(&mut self, g: GameId, h: GameId) -> StoreResult<Option<Ordering>> {
        if g == h {
            return Ok(Some(Ordering::Equal));
        }
        Ok(match (self.leq(g, h)?, self.leq(h, g)?) {
            (true, _) => Some(Ordering::Less),
            (false, true) => Some(Ordering::Greater),
            (false, false) => None,
        })
    }

    /// Who wins `g`: L if positive, R if negative, P if zero, N if confused with zero.
    pub fn outcome(&mut self, g: GameId) -> StoreResult<Outcome> {
        let zero = self.zero();
        Ok(match (self.leq(zero, g)?, self.leq(g, zero)?) {
            (true, true) => Outcome::P,
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
            (false, false) => Outcome::N,
        })
    }
}
