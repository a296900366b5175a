//! Canonicalisation, for the one constructor of games ([`Store::from_options`]): options in,
//! canonical form out (chapters 6 and 8).
//!
//! Steps: a form whose options are numbers with every Left option below every Right option is
//! the simplest number between them (Theorem 6.1); an impartial form of nimbers is the nimber
//! of their mex; otherwise dominated options are deleted (Theorem 6.2) and reversible ones
//! bypassed (Theorem 8.1) until neither applies. What remains is the unique canonical form;
//! if it is the form of a number-up-star value, that value is stored instead. The store
//! interns what remains: this file only decides what the canonical form is.

use super::compare::{Form, FormMemo};
use super::id::{sort_unique, GameId};
use super::nus::Nus;
use super::store::{Store, StoreResult};
use crate::number::Dyadic;

impl Store {
    /// Simplifies `{left | right}`, options sorted and distinct, to its canonical form: the
    /// game itself when that is a number-up-star value, or `None` with `left` and `right`
    /// left as the canonical form's options, sorted and distinct, for the store to intern.
    pub(super) fn canonicalise(
        &mut self,
        left: &mut Vec<GameId>,
        right: &mut Vec<GameId>,
    ) -> StoreResult<Option<GameId>> {
        if let Some(game) = self.number_between(left, right)? {
            return Ok(Some(game));
        }
        if let Some(game) = self.nimber_of(left, right)? {
            return Ok(Some(game));
        }
        self.descend(|store| store.simplify(left, right))?;
        sort_unique(left);
        sort_unique(right);
        if let Some(game) = self.number_between(left, right)? {
            return Ok(Some(game));
        }
        if let Some(nus) = self.nus_with_options(left, right)? {
            return self.nus(nus).map(Some);
        }
        Ok(None)
    }

    /// The simplest number between the options, if they are numbers and every Left option is
    /// below every Right option.
    fn number_between(&mut self, left: &[GameId], right: &[GameId]) -> StoreResult<Option<GameId>> {
        let Some(low) = self.extreme_number(left, std::cmp::Ordering::Greater) else {
            return Ok(None);
        };
        let Some(high) = self.extreme_number(right, std::cmp::Ordering::Less) else {
            return Ok(None);
        };
        match Dyadic::simplest_between(low.as_ref(), high.as_ref()) {
            Some(x) => self.number(x).map(Some),
            None => Ok(None),
        }
    }

    /// The largest (`Greater`) or smallest (`Less`) of `side`, if every option is a number:
    /// `Some(None)` for no options, `None` if one is not a number.
    fn extreme_number(&self, side: &[GameId], keep: std::cmp::Ordering) -> Option<Option<Dyadic>> {
        let mut best: Option<&Dyadic> = None;
        for &option in side {
            let x = self.as_number(option)?;
            if best.is_none_or(|best| x.cmp(best) == keep) {
                best = Some(x);
            }
        }
        Some(best.cloned())
    }

    /// `*mex` for `{*a, *b, … | *a, *b, …}`: the Sprague–Grundy theorem.
    fn nimber_of(&mut self, left: &[GameId], right: &[GameId]) -> StoreResult<Option<GameId>> {
        if left != right {
            return Ok(None);
        }
        let mut nims = Vec::with_capacity(left.len());
        for &g in left {
            match self.as_nus(g) {
                Some(nus) if nus.number.is_zero() && nus.ups == 0 => nims.push(nus.nim),
                _ => return Ok(None),
            }
        }
        nims.sort_unstable();
        let mut mex = 0;
        for nim in nims {
            if nim == mex {
                mex += 1;
            } else if nim > mex {
                break;
            }
        }
        self.nimber(mex).map(Some)
    }

    /// Deletes dominated options and bypasses reversible ones until neither applies.
    fn simplify(&mut self, left: &mut Vec<GameId>, right: &mut Vec<GameId>) -> StoreResult<()> {
        let mut memo = FormMemo::default();
        loop {
            self.delete_dominated(left, right)?;
            if !self.bypass_reversible(left, right, &mut memo)? {
                return Ok(());
            }
            sort_unique(left);
            sort_unique(right);
        }
    }

    /// Deletes each Left option below another and each Right option above another. Options are
    /// distinct canonical games, so no two are equal.
    fn delete_dominated(
        &mut self,
        left: &mut Vec<GameId>,
        right: &mut Vec<GameId>,
    ) -> StoreResult<()> {
        *left = self.maximal(left, |store, a, b| store.leq(a, b))?;
        *right = self.maximal(right, |store, a, b| store.leq(b, a))?;
        Ok(())
    }

    /// The options not `below` another. Numbers are ordered by value first, keeping the best
    /// one only; the rest are swept once, each compared with the options kept so far.
    fn maximal(
        &mut self,
        side: &[GameId],
        below: impl Fn(&mut Store, GameId, GameId) -> StoreResult<bool>,
    ) -> StoreResult<Vec<GameId>> {
        let mut kept: Vec<GameId> = Vec::with_capacity(side.len());
        let mut best_number: Option<GameId> = None;
        for &option in side {
            if self.is_number(option) {
                best_number = match best_number {
                    Some(best) if below(self, option, best)? => Some(best),
                    _ => Some(option),
                };
            }
        }
        let candidates = side
            .iter()
            .copied()
            .filter(|&option| !self.is_number(option) || Some(option) == best_number);
        for option in candidates.collect::<Vec<_>>() {
            let mut dominated = false;
            for &other in &kept {
                if below(self, option, other)? {
                    dominated = true;
                    break;
                }
            }
            if dominated {
                continue;
            }
            let mut index = 0;
            while index < kept.len() {
                if below(self, kept[index], option)? {
                    kept.swap_remove(index);
                } else {
                    index += 1;
                }
            }
            kept.push(option);
        }
        Ok(kept)
    }

    /// Replaces each reversible option by the options it reverses to: a Left option G^L with a
    /// Right option G^LR ≤ G by the Left options of G^LR, and symmetrically for Right. Whether
    /// anything changed.
    fn bypass_reversible(
        &mut self,
        left: &mut Vec<GameId>,
        right: &mut Vec<GameId>,
        memo: &mut FormMemo,
    ) -> StoreResult<bool> {
        let mut changed = false;
        let mut index = 0;
        while index < left.len() {
            let mut replacement = None;
            for reply in self.right_options(left[index])? {
                let form = Form { left, right };
                if self.leq_form(reply, form, memo)? {
                    replacement = Some(self.left_options(reply)?);
                    break;
                }
            }
            match replacement {
                Some(options) => {
                    left.swap_remove(index);
                    left.extend(options);
                    changed = true;
                }
                None => index += 1,
            }
        }
        let mut index = 0;
        while index < right.len() {
            let mut replacement = None;
            for reply in self.left_options(right[index])? {
                let form = Form { left, right };
                if self.form_leq(form, reply, memo)? {
                    replacement = Some(self.right_options(reply)?);
                    break;
                }
            }
            match replacement {
                Some(options) => {
                    right.swap_remove(index);
                    right.extend(options);
                    changed = true;
                }
                None => index += 1,
            }
        }
        Ok(changed)
    }

    /// The number-up-star value whose canonical options are exactly these, if there is one.
    ///
    /// Candidates come from the shape of the form: `{x, x*, …, x*(m−1) | the same}` is
    /// `x + *m`; `{x | x + k·↑ + *j}` (k ≥ 0) can only be `x + (k+1)·↑ + *(j ⊕ 1)`, and its
    /// mirror image likewise. A candidate is accepted only if its own options are these.
    fn nus_with_options(&mut self, left: &[GameId], right: &[GameId]) -> StoreResult<Option<Nus>> {
        let Some(candidate) = self.nus_candidate(left, right) else {
            return Ok(None);
        };
        let (candidate_left, candidate_right) = candidate.infinitesimal_options();
        if candidate_left.len() != left.len() || candidate_right.len() != right.len() {
            return Ok(None);
        }
        let mut ids = |side: Vec<Nus>| -> StoreResult<Vec<GameId>> {
            let mut ids = side
                .into_iter()
                .map(|nus| self.nus(nus))
                .collect::<StoreResult<Vec<_>>>()?;
            ids.sort_unstable();
            Ok(ids)
        };
        let same = ids(candidate_left)? == left && ids(candidate_right)? == right;
        Ok(same.then_some(candidate))
    }

    fn nus_candidate(&self, left: &[GameId], right: &[GameId]) -> Option<Nus> {
        let nus_of = |side: &[GameId]| -> Option<Vec<&Nus>> {
            side.iter().map(|&g| self.as_nus(g)).collect()
        };
        let (lefts, rights) = (nus_of(left)?, nus_of(right)?);
        if left == right {
            let first = lefts.first()?;
            return Some(Nus {
                number: first.number.clone(),
                ups: 0,
                nim: lefts.len() as u128,
            });
        }
        if let ([only_right], Some(number)) =
            (rights.as_slice(), lefts.iter().find(|n| n.is_number()))
        {
            if only_right.number == number.number && only_right.ups >= 0 {
                return Some(Nus {
                    number: number.number.clone(),
                    ups: only_right.ups.checked_add(1)?,
                    nim: only_right.nim ^ 1,
                });
            }
        }
        if let ([only_left], Some(number)) =
            (lefts.as_slice(), rights.iter().find(|n| n.is_number()))
        {
            if only_left.number == number.number && only_left.ups <= 0 {
                return Some(Nus {
                    number: number.number.clone(),
                    ups: only_left.ups.checked_sub(1)?,
                    nim: only_left.nim ^ 1,
                });
            }
        }
        None
    }
}
