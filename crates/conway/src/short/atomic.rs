//! Atomic weight: how many ups an all-small game is worth, in the race for the last move.
//!
//! The atomic weight `W` of an all-small `G` is the game with `G ∼ W.↑` (Norton's product):
//! `G + X + *m` and `W.↑ + X + *m` have the same outcome for every `X` once the nimber `*m` is
//! remote (larger than anything in sight). It is computed by the atomic weight calculus:
//! `W = {W(G^L) − 2 | W(G^R) + 2}` unless that is an integer, the eccentric case, where the
//! comparison of `G` with a remote star `☆` decides: if `G > ☆`, `W` is the largest integer
//! `n` with `n ⧏ W(G^R) + 2` for every `G^R`; if `G < ☆`, the smallest with
//! `n ⧐ W(G^L) − 2` for every `G^L`; and if `G` is confused with `☆`, 0. The weight of
//! `n·↑ + *m` is `n`.

use super::invariants::entry_bytes;
use super::store::{GameId, Store, StoreResult};
use crate::number::Dyadic;
use std::cmp::Ordering;

impl Store {
    /// The atomic weight of `g`, or `None` if `g` is not all-small (where it is not defined).
    pub fn atomic_weight(&mut self, g: GameId) -> StoreResult<Option<GameId>> {
        if !self.is_all_small(g)? {
            return Ok(None);
        }
        self.atomic_weight_of(g).map(Some)
    }

    fn atomic_weight_of(&mut self, g: GameId) -> StoreResult<GameId> {
        if let Some(nus) = self.as_nus(g) {
            return self.integer(nus.ups);
        }
        if let Some(&known) = self.invariants.atomic_weights.get(&g) {
            return Ok(known);
        }
        let (left, right) = self.hot_options(g)?;
        let (two, minus_two) = (self.integer(2)?, self.integer(-2)?);
        let mut lowered = Vec::with_capacity(left.len());
        for option in left {
            let weight = self.descend(|store| store.atomic_weight_of(option))?;
            lowered.push(self.add(weight, minus_two)?);
        }
        let mut raised = Vec::with_capacity(right.len());
        for option in right {
            let weight = self.descend(|store| store.atomic_weight_of(option))?;
            raised.push(self.add(weight, two)?);
        }
        let candidate = self.from_options(&lowered, &raised)?;
        let weight = if self.as_number(candidate).is_some_and(Dyadic::is_integer) {
            self.eccentric_weight(g, &lowered, &raised)?
        } else {
            candidate
        };
        self.charge(entry_bytes::<GameId, GameId>())?;
        self.invariants.atomic_weights.insert(g, weight);
        Ok(weight)
    }

    /// The weight in the eccentric case, from the comparison of `g` with a remote star.
    fn eccentric_weight(
        &mut self,
        g: GameId,
        lowered: &[GameId],
        raised: &[GameId],
    ) -> StoreResult<GameId> {
        let remote = self.remote_star(g)?;
        match self.compare(g, remote)? {
            Some(Ordering::Greater) => {
                let mut largest: Option<Dyadic> = None;
                for &bound in raised {
                    let below = self.least_integer_above(bound)? - Dyadic::one();
                    largest = Some(largest.map_or(below.clone(), |n| n.min(below)));
                }
                self.number(largest.expect("an all-small form has Right options"))
            }
            Some(Ordering::Less) => {
                let mut smallest: Option<Dyadic> = None;
                for &bound in lowered {
                    let above = self.greatest_integer_below(bound)? + Dyadic::one();
                    smallest = Some(smallest.map_or(above.clone(), |n| n.max(above)));
                }
                self.number(smallest.expect("an all-small form has Left options"))
            }
            _ => Ok(self.zero()),
        }
    }

    /// `*N` for the least power of two `N` past the birthday of `g`: no nimber in `g` reaches
    /// it, so `g` compares with it as with every larger nimber.
    fn remote_star(&mut self, g: GameId) -> StoreResult<GameId> {
        let birthday = u128::from(self.birthday(g)?);
        self.nimber((birthday + 1).next_power_of_two())
    }

    /// The least integer `n` with `h ≤ n`. Since `h ≤ n` forces `L(h) ≤ n` and `L(h) < n`
    /// gives it, `n` is `⌈L(h)⌉` or one more.
    fn least_integer_above(&mut self, h: GameId) -> StoreResult<Dyadic> {
        let candidate = self.left_stop(h)?.ceil();
        let n = self.number(candidate.clone())?;
        Ok(if self.leq(h, n)? {
            candidate
        } else {
            candidate + Dyadic::one()
        })
    }

    /// The greatest integer `n` with `n ≤ h`: `⌊R(h)⌋` or one less.
    fn greatest_integer_below(&mut self, h: GameId) -> StoreResult<Dyadic> {
        let candidate = self.right_stop(h)?.floor();
        let n = self.number(candidate.clone())?;
        Ok(if self.leq(n, h)? {
            candidate
        } else {
            candidate - Dyadic::one()
        })
    }
}
