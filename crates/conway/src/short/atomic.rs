//! Atomic weight: how many ups an infinitesimal is worth, in the race for the last move.
//!
//! The atomic weight `W` of an infinitesimal `G` (both stops 0) is the game with `G ∼ W.↑`
//! (Norton's product): `G + X + *m` and `W.↑ + X + *m` have the same outcome for every `X` once
//! the nimber `*m` is remote (larger than anything in sight). It is computed by the atomic
//! weight calculus: `W = {W(G^L) − 2 | W(G^R) + 2}` unless that is an integer, the eccentric
//! case, where the comparison of `G` with a remote star `☆` decides: if `G > ☆`, `W` is the
//! largest integer `n` with `n ⧏ W(G^R) + 2` for every `G^R`; if `G < ☆`, the smallest with
//! `n ⧐ W(G^L) − 2` for every `G^L`; and if `G` is confused with `☆`, 0. The weight of
//! `x + n·↑ + *m` is `n`, and the calculus runs on every option, numbers and hot games too.
//!
//! For an all-small `G` the calculus always gives the atomic weight (Winning Ways, ch. 8;
//! Siegel, *Combinatorial Game Theory*, II.7). Other infinitesimals, such as `Tiny(x)` or
//! `{1|^^||^}`, may or may not have one: `G` has the weight `W` the calculus gives when
//! `G − W.↑` is atomically small: between `−ε` and `ε` for `ε = ↑* + ☆:−1`, where `☆:−1 =
//! {*j | *j, ☆}` (j < N for `☆ = *N`) is a remote star that Right may also move to ☆ itself.
//! This is the test CGSuite applies (its atomic weights are the ones compared with in the
//! tests), and the tests check that every all-small game passes it, as it must.

use super::id::GameId;
use super::remembered::entry_bytes;
use super::store::{Store, StoreResult};
use crate::number::Dyadic;
use std::cmp::Ordering;

/// Why a game has no atomic weight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoAtomicWeight {
    /// The game is not infinitesimal: its stops are not both 0.
    NotInfinitesimal,
    /// The calculus gives `weight`, but the game minus `weight.↑` is not atomically small.
    NotAtomic {
        /// What the atomic weight calculus gives.
        weight: GameId,
    },
}

impl Store {
    /// The atomic weight of `g`, or why it has none (see the module documentation).
    pub fn atomic_weight(&mut self, g: GameId) -> StoreResult<Result<GameId, NoAtomicWeight>> {
        if !self.is_infinitesimal(g)? {
            return Ok(Err(NoAtomicWeight::NotInfinitesimal));
        }
        let weight = self.atomic_weight_of(g)?;
        if self.is_all_small(g)? || self.is_atomically_small(g, weight)? {
            Ok(Ok(weight))
        } else {
            Ok(Err(NoAtomicWeight::NotAtomic { weight }))
        }
    }

    /// Whether `g − weight.↑` lies between `−ε` and `ε`, `ε = ↑* + ☆:−1`, where the remote
    /// star `☆ = *N` is past every nimber of `g` (and, `N` being a power of two, past their
    /// sums with the `*` of `weight.↑`).
    pub(super) fn is_atomically_small(&mut self, g: GameId, weight: GameId) -> StoreResult<bool> {
        let up = self.ups(1)?;
        let ups = self.norton_multiply(weight, up)?;
        let difference = self.sub(g, ups)?;
        let remote = self.remote_star(g)?;
        let minus_one = self.integer(-1)?;
        let below_remote = self.ordinal_sum(remote, minus_one)?;
        let star = self.nimber(1)?;
        let up_star = self.add(up, star)?;
        let epsilon = self.add(up_star, below_remote)?;
        let minus_epsilon = self.neg(epsilon)?;
        Ok(self.leq(difference, epsilon)? && self.leq(minus_epsilon, difference)?)
    }

    fn atomic_weight_of(&mut self, g: GameId) -> StoreResult<GameId> {
        if let Some(nus) = self.as_nus(g) {
            return self.integer(nus.ups);
        }
        if let Some(&known) = self.remembered().atomic_weights.get(&g) {
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
        self.remember(entry_bytes::<GameId, GameId>(), |known| {
            known.atomic_weights.insert(g, weight);
        })?;
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
                self.number(largest.expect("a form that is not a number has Right options"))
            }
            Some(Ordering::Less) => {
                let mut smallest: Option<Dyadic> = None;
                for &bound in lowered {
                    let above = self.greatest_integer_below(bound)? + Dyadic::one();
                    smallest = Some(smallest.map_or(above.clone(), |n| n.max(above)));
                }
                self.number(smallest.expect("a form that is not a number has Left options"))
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
